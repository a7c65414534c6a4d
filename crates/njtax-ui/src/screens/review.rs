//! The review screen: every diagnostic, errors first; clicking one goes to its field.

use egui::{RichText, Ui};

use njtax_engine::compute::{ProvisionalUse, ReturnSet};

use crate::cx::ScreenCx;
use crate::state::Command;
use crate::theme;

/// Whether the draft's returns need more words than one filing requirement: several returns, a
/// return dropped or explained, or the spouses' election compared.
pub fn has_statement(set: &ReturnSet) -> bool {
    set.returns.len() > 1 || set.statement.len() > 1 || set.comparison.is_some()
}

/// Which returns must be filed and why (the engine's statement), and the election comparison.
pub fn statement(ui: &mut Ui, set: &ReturnSet) {
    ui.label(RichText::new("Which returns to file").strong());
    for line in &set.statement {
        ui.label(format!("• {line}"));
    }
}

/// A frame in the warning colour at the panel's whole width: a strong title, then `body`.
fn warning_frame(ui: &mut Ui, title: String, body: impl FnOnce(&mut Ui)) {
    let warn = theme::warning_colour(ui.visuals());
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(theme::NOTICE_STROKE, warn))
        .show(ui, |ui| {
            // The whole width, so the sentence wraps at the panel's edge and not before.
            ui.set_width(ui.available_width());
            ui.label(RichText::new(title).strong().color(warn));
            body(ui);
        });
}

/// For a provisional year, a frame in the warning colour with the year's notice (one sentence)
/// and, given `uses`, the provisional figures the returns use and where (the snapshot's
/// `provisional_uses`). Nothing for a year whose forms are published.
pub fn provisional_notice(ui: &mut Ui, set: &ReturnSet, uses: Option<&[ProvisionalUse]>) {
    let Some(prov) = &set.provisional else { return };
    warning_frame(ui, format!("Provisional tax year {}", set.tax_year), |ui| {
        ui.label(&prov.notice);
        if let Some(used) = uses {
            ui.add_space(theme::GAP_S);
            if used.is_empty() {
                ui.label("None of the provisional figures is used on this return.");
            } else {
                ui.label(
                    RichText::new(njtax_print::document::provisional_uses_heading(set)).strong(),
                );
                for u in used {
                    ui.label(format!("• {}", u.describe()));
                }
            }
        }
    });
}

/// For a back year (one the State's online filing service does not take), a frame in the warning
/// colour with the year's notice (`ReturnSet::back_year`). The last day a refund can be claimed is
/// said under the refund (`view::refund_deadline_notice`) and in the `back-year` warning. Nothing
/// for other years.
pub fn back_year_notice(ui: &mut Ui, set: &ReturnSet) {
    let Some(notice) = &set.back_year else { return };
    warning_frame(ui, format!("Back tax year {}", set.tax_year), |ui| {
        ui.label(notice);
    });
}

/// Draw the review screen.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(set) = cx.returns() else {
        return;
    };
    let Some(ret) = set.primary() else { return };
    let filing = ret.filing_requirement.clone();
    if set.provisional.is_some() {
        provisional_notice(ui, set, Some(&cx.snapshot.provisional_uses));
        ui.add_space(theme::GAP_M);
    }
    if has_statement(set) {
        statement(ui, set);
        if let Some(c) = &set.comparison {
            ui.add_space(theme::GAP_S);
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.label(RichText::new("Separate returns or one joint resident return").strong());
                ui.label(&c.summary);
            });
        }
    } else {
        ui.label(
            RichText::new(if filing.required {
                "You must file a return"
            } else {
                "You are not required to file"
            })
            .strong(),
        );
        ui.label(&filing.reason);
    }
    if let Some(set) = cx.returns() {
        let claims = credit_claims(set);
        if !claims.is_empty() {
            ui.add_space(theme::GAP_M);
            ui.label(RichText::new("Credits to claim: where each one goes").strong());
            for line in claims {
                ui.label(format!("• {line}"));
            }
        }
    }
    ui.add_space(theme::GAP_M);
    checklist(cx, ui);
    // Text that could not be read: the figures are not final, and what is filed from them waits.
    if let Some(c) = super::not_final::notice(cx, ui) {
        cx.send(c);
    }
    if super::not_final::not_final(cx) {
        ui.add(egui::Label::new(super::not_final::WAITS).wrap());
        ui.add_space(theme::GAP_M);
    }
    // The provisional year's warning is the notice at the top: not repeated here.
    let mut diagnostics = cx.diagnostics();
    let before = diagnostics.len();
    diagnostics.retain(|d| d.code != njtax_engine::compute::PROVISIONAL_YEAR_CODE);
    if diagnostics.is_empty() {
        ui.label(if before > 0 {
            "Nothing else to fix or check."
        } else {
            "Nothing to fix or check."
        });
        return;
    }
    for d in diagnostics {
        let (mark, colour) = match d.severity {
            njtax_engine::Severity::Error => ("Fix", theme::error_colour(ui.visuals())),
            njtax_engine::Severity::Warning => ("Check", theme::warning_colour(ui.visuals())),
            njtax_engine::Severity::Info => ("Note", ui.visuals().text_color()),
        };
        ui.add_space(theme::GAP_S);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(mark).strong().color(colour));
            let target = d
                .path
                .as_deref()
                .and_then(|p| cx.interview.screen_for_path(p));
            let item = match target {
                Some(screen) => {
                    let r = ui.link(&d.message).on_hover_text("Go to this answer");
                    if r.clicked() {
                        cx.send(Command::Goto {
                            screen,
                            focus: d.path.clone(),
                        });
                    }
                    r
                }
                None => ui.label(&d.message),
            };
            // Screen readers hear whether the item is to fix or to check with its words.
            ui.ctx()
                .accesskit_node_builder(item.id, |n| n.set_description(mark.to_owned()));
            if let Some(c) = &d.citation {
                ui.label(RichText::new(c).small().italics());
            }
            // An answer read from an earlier version's question: the filer can say it is right
            // as it stands (choosing another answer on its screen confirms it too).
            if d.code == njtax_engine::rules::validate::OLD_ANSWER_CODE
                && let Some(path) = &d.path
                && ui
                    .button("It is right")
                    .on_hover_text("Keep this answer as it is and stop asking")
                    .clicked()
            {
                cx.send(Command::Set {
                    path: format!("{path}{}", crate::binding::CONFIRM_SUFFIX),
                    value: serde_json::Value::Bool(false),
                });
            }
        });
    }
}

/// One sentence per business credit the returns claim (applied or refunded): its amount and where
/// the official return takes it (a form line, a form to attach, or a certificate to send).
pub fn credit_claims(set: &ReturnSet) -> Vec<String> {
    let several = set.returns.len() > 1;
    let mut out = Vec::new();
    for r in &set.returns {
        for row in &r.business_credits.rows {
            let amount = row.applied.saturating_add(row.refunded);
            if amount.is_zero() {
                continue;
            }
            let on = if several {
                format!(" on the {}", r.form)
            } else {
                String::new()
            };
            out.push(format!(
                "{} {}{on}: {}",
                row.name,
                njtax_engine::money::fmt_money(amount),
                row.claimed_where
            ));
        }
    }
    out
}

/// "Before you file": the final checklist of the snapshot, each item ticked or still to do, with
/// a link to the answer that settles it. On Review and on File online.
pub fn checklist(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    if cx.snapshot.checklist.is_empty() {
        return;
    }
    crate::focus::heading(ui, RichText::new("Before you file").strong(), 2);
    let items = cx.snapshot.checklist.clone();
    for item in items {
        ui.add_space(theme::GAP_S);
        ui.horizontal_wrapped(|ui| {
            let (mark, words) = if item.done {
                ("✔", "Done")
            } else {
                ("☐", "To do")
            };
            let colour = if item.done {
                theme::refund_colour(ui.visuals())
            } else {
                ui.visuals().strong_text_color()
            };
            let m = ui.label(RichText::new(mark).strong().color(colour));
            // Screen readers hear "Done" or "To do", not the symbol.
            m.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, words));
            ui.add(egui::Label::new(item.text.as_str()).wrap());
            if let Some(path) = &item.goto
                && let Some(goto) = cx.goto_answer(path)
                && ui.link(item.link).clicked()
            {
                cx.send(goto);
            }
        });
    }
    ui.add_space(theme::GAP_M);
}
