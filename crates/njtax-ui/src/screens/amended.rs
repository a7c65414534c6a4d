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
        let (result, good) = if x.balance_due > Decimal::ZERO {
            (format!("Additional tax to pay: {}", fmt_money(x.balance_due)), false)
        } else if x.refund > Decimal::ZERO {
            (format!("Refund to claim: {}", fmt_money(x.refund)), true)
        } else {
            ("Nothing more to pay and nothing more to refund".to_owned(), true)
        };
        let colour = if good {
            theme::refund_colour(ui.visuals())
        } else {
            theme::due_colour(ui.visuals())
        };
        ui.label(RichText::new(result).strong().size(theme::TITLE).color(colour));
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

/// An amount with its sign (`+$187.00`, `-$73.00`).
fn signed(v: Decimal) -> String {
    if v > Decimal::ZERO {
        format!("+{}", fmt_money(v))
    } else {
        fmt_money(v)
    }
}
