//! The amended return's figures under its questions: columns A, B and C of each line that
//! changed, the refund or additional tax after what the original paid or refunded, the time
//! limits and the interest estimate, and the explanation of changes. Read from the computed
//! snapshot; nothing is worked out here.

use egui::{RichText, Ui};
use njtax_engine::money::fmt_money;
use rust_decimal::Decimal;
use serde_json::Value;

use crate::cx::ScreenCx;
use crate::state::Command;
use crate::theme;

/// Draw the amended return's result.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(x) = cx.computed().and_then(|r| r.amended.clone()) else {
        ui.add_space(theme::GAP_S);
        ui.label(
            "This draft is an original return. To amend a return you filed, open the draft you filed it from and choose File > Amend this return; without that draft, switch on the question above and type the figures from the filed return under \"The return as you filed it\".",
        );
        return;
    };
    ui.add_space(theme::GAP_M);
    let width = ui.available_width();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_max_width(width - theme::GAP_L);
        crate::focus::heading(
            ui,
            RichText::new(format!("The amended return: {}", x.form))
                .strong()
                .size(theme::TITLE),
            3,
        );
        if x.form != "NJ-1040X" {
            ui.label(format!(
                "New Jersey has no separate amended {0}: file the {0} again, marked AMENDED across the top.",
                x.original_form
            ));
        }
        let barred = x.refund_limit.as_ref().map_or(Decimal::ZERO, |l| l.barred);
        let (result, colour) = if x.balance_due > Decimal::ZERO {
            (
                format!("Additional tax to pay: {}", fmt_money(x.balance_due)),
                theme::due_colour(ui.visuals()),
            )
        } else if x.refund > Decimal::ZERO {
            (
                format!("Refund to claim: {}", fmt_money(x.refund)),
                theme::refund_colour(ui.visuals()),
            )
        } else if barred > Decimal::ZERO {
            // A refund the law bars entirely: no refund figure in the refund's place.
            (
                "No refund: the time limits below bar it".to_owned(),
                theme::warning_colour(ui.visuals()),
            )
        } else {
            (
                "Nothing more to pay and nothing more to refund".to_owned(),
                theme::refund_colour(ui.visuals()),
            )
        };
        ui.label(RichText::new(result).strong().size(theme::TITLE).color(colour));
        if barred > Decimal::ZERO {
            ui.add(
                egui::Label::new(
                    RichText::new(format!(
                        "Barred by the time limits: {} of the refund the changes would give cannot be refunded (N.J.S.A. 54A:9-8 d).",
                        fmt_money(barred)
                    ))
                    .color(theme::warning_colour(ui.visuals())),
                )
                .wrap(),
            );
        }
        if !x.complete {
            ui.label("Not final: the figures as filed needed for it are not all given (see Review).");
        }
        // One block per changed line (its label, then the three columns in words), so that it
        // fits a narrow window and reads in order.
        for row in x.rows.iter().filter(|r| r.change.is_none_or(|c| !c.is_zero())) {
            ui.add_space(theme::GAP_S);
            ui.add(egui::Label::new(RichText::new(format!("{} {}", row.id, row.label)).strong()).wrap());
            ui.horizontal_wrapped(|ui| {
                ui.label(format!(
                    "A as filed: {}",
                    row.original.map_or_else(|| "not given".to_owned(), fmt_money)
                ));
                if let Some(c) = row.change {
                    ui.label(format!("B change: {}", signed(c)));
                }
                ui.label(RichText::new(format!("C correct: {}", fmt_money(row.amended))).strong());
            });
        }
        if !x.changes_anything() {
            ui.label("No line differs from the return as filed yet: correct the answers on the other screens.");
        } else {
            ui.label(
                RichText::new("Only the lines that change are listed here; the printed return lists every line.")
                    .italics(),
            );
        }
        ui.add_space(theme::GAP_S);
        crate::focus::heading(ui, RichText::new("How the result is worked out").strong(), 4);
        for (name, v) in [
            ("Payments and credits (corrected)", x.total_payments),
            ("Plus tax paid with the original return or after it", x.paid_before),
            ("Less the original's overpayment, already refunded or credited", x.original_overpayment),
            ("Less the total tax (corrected)", x.total_tax),
        ] {
            ui.add(egui::Label::new(format!("{name}: {}", fmt_money(v))).wrap());
        }
        if let Some(i) = &x.interest {
            ui.add_space(theme::GAP_S);
            ui.label(RichText::new(format!("Interest (estimate): {}", fmt_money(i.amount))).strong());
            ui.add(egui::Label::new(i.words.as_str()).wrap());
        }
        if let Some(l) = &x.refund_limit {
            ui.add(egui::Label::new(l.words.as_str()).wrap());
        }
        federal_change_alone(cx, ui);
        for r in &x.federal_reports {
            ui.add(
                egui::Label::new(match r.days_late {
                    Some(n) => format!("The report of {} was due {}: {n} days late.", r.what, r.due),
                    None => format!("Report {} by {}.", r.what, r.due),
                })
                .wrap(),
            );
        }
        ui.add_space(theme::GAP_S);
        let mail = match crate::checklist::Filing::embedded() {
            Ok(f) => {
                let mut text = format!("Mail it to {}.", f.mail_amended);
                if let Some(note) = f.mail_amended_uncertain.as_deref().or(f.uncertain.as_deref()) {
                    text.push(' ');
                    text.push_str(note);
                }
                text
            }
            Err(e) => format!("Where to mail it could not be read: {e}"),
        };
        ui.add(
            egui::Label::new(format!(
                "New Jersey's online filing service does not take amended returns. {mail}"
            ))
            .wrap(),
        );
    });
    if let Some(text) = cx.snapshot.amend_explanation.clone() {
        ui.add_space(theme::GAP_M);
        crate::focus::heading(ui, RichText::new("Explanation of changes").strong(), 3);
        let width = ui.available_width().min(theme::READING_WIDTH);
        ui.scope(|ui| {
            ui.set_max_width(width);
            ui.add(egui::Label::new(text.as_str()).wrap());
        });
        let own = cx
            .computed()
            .is_some()
            .then(|| crate::binding::get(&cx.snapshot.answers, "amends.explanation"))
            .flatten()
            .and_then(Value::as_str)
            .is_some_and(|s| !s.trim().is_empty());
        if !own
            && ui
                .button("Edit this explanation")
                .on_hover_text(
                    "Copies the explanation into the answer above, where you can change it",
                )
                .clicked()
        {
            cx.send(Command::Set {
                path: "amends.explanation".to_owned(),
                value: Value::String(text),
            });
        }
    }
}

/// "The federal change alone": after the 54A:9-8 a period only the reduction in tax the federal
/// change brings may be refunded (9-8 c). The filer marks it by keeping the answers as they are
/// when only the federal change is made (`amends.federal_change_answers`); the engine computes
/// them against the return as filed. Shown when a federal reason is ticked.
fn federal_change_alone(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let answers = cx.doc.answers();
    let Some(am) = answers.amends.as_ref() else {
        return;
    };
    if !(am.reasons.federal_change || am.reasons.amended_federal_return) {
        return;
    }
    let marked = am.federal_change_answers.is_some();
    let mut alone = answers.clone();
    alone.amends = None;
    let value = crate::binding::to_value(&alone);
    ui.add_space(theme::GAP_S);
    crate::focus::heading(ui, RichText::new("The federal change alone").strong(), 4);
    ui.add(
        egui::Label::new(
            "After 3 years from the original return's filing (or 2 from a payment), only the reduction in tax that the federal change brings can be refunded, for 2 years after the change had to be reported (N.J.S.A. 54A:9-8 c). To mark it: make only the changes the IRS's decision (or your amended federal return) brought, press the button below, then make the other corrections. The app computes the marked answers against the return as filed.",
        )
        .wrap(),
    );
    ui.label(if marked {
        "Marked: the answers kept as the federal change alone are used."
    } else {
        "Not marked: none of the refund is counted as coming from the federal change."
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Keep the answers as they are now as the federal change alone")
            .clicked()
        {
            cx.send(Command::Set {
                path: "amends.federal_change_answers".to_owned(),
                value,
            });
        }
        if marked && ui.button("Forget the federal change's answers").clicked() {
            cx.send(Command::Set {
                path: "amends.federal_change_answers".to_owned(),
                value: Value::Null,
            });
        }
    });
}

/// An amount with its sign (`+$187.00`, `-$73.00`).
fn signed(v: Decimal) -> String {
    if v > Decimal::ZERO {
        format!("+{}", fmt_money(v))
    } else {
        fmt_money(v)
    }
}
