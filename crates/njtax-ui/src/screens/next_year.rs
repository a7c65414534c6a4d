//! The Next year screen's parts that the engine works out: the plan for next year's estimated
//! payments (`ComputedReturn::next_year`) and, when the return is filed or paid late, the estimate
//! of what that adds (`ComputedReturn::late`). Read from the snapshot; nothing is computed here.

use egui::{RichText, Ui};
use njtax_engine::money::fmt_money;

use super::form_view::explanation_body;
use crate::cx::ScreenCx;
use crate::theme;

/// The plan for next year's estimated payments.
pub fn plan(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(plan) = cx.computed().and_then(|r| r.next_year.clone()) else {
        ui.add_space(theme::GAP_M);
        ui.label("The plan for next year appears here once the return can be worked out.");
        return;
    };
    ui.add_space(theme::GAP_M);
    let width = ui.available_width();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_max_width(width - theme::GAP_L);
        ui.label(
            RichText::new(format!("Estimated tax for {}", plan.year))
                .strong()
                .size(theme::TITLE),
        );
        let verdict = if plan.required {
            "Estimated payments are required."
        } else {
            "Estimated payments are not required."
        };
        ui.label(RichText::new(verdict).strong());
        if !plan.reason.is_empty() {
            ui.label(&plan.reason);
        }
        ui.label(format!(
            "Estimated tax after withholding: {}",
            fmt_money(plan.estimated_tax)
        ));
        if !plan.installments.is_empty() {
            ui.add_space(theme::GAP_S);
            let narrow = super::form_view::narrow(ui);
            egui::Grid::new("next_year_installments")
                .num_columns(5)
                .striped(true)
                .spacing(super::form_view::table_spacing(narrow))
                .show(ui, |ui| {
                    for h in [
                        "Installment",
                        "Due",
                        "Amount",
                        "Overpayment credited (line 69)",
                        "To pay",
                    ] {
                        super::form_view::table_heading(ui, h, narrow);
                    }
                    ui.end_row();
                    for (i, inst) in plan.installments.iter().enumerate() {
                        ui.label(format!("{}", i + 1));
                        ui.label(crate::words::date_text(inst.due));
                        ui.label(fmt_money(inst.amount));
                        ui.label(fmt_money(inst.credit_applied));
                        ui.label(fmt_money(inst.to_pay));
                        ui.end_row();
                    }
                    let sum = |f: fn(&njtax_engine::rules::next_year::EsInstallment) -> _| {
                        plan.installments
                            .iter()
                            .map(f)
                            .sum::<rust_decimal::Decimal>()
                    };
                    ui.label(RichText::new("Total").strong());
                    ui.label("");
                    ui.label(fmt_money(sum(|i| i.amount)));
                    ui.label(fmt_money(sum(|i| i.credit_applied)));
                    ui.label(RichText::new(fmt_money(sum(|i| i.to_pay))).strong());
                    ui.end_row();
                });
        }
        why(ui, "next_year_why", "Why these amounts?", &plan.explanation);
    });
}

/// The estimate of what filing or paying late adds.
pub fn late(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(late) = cx.computed().and_then(|r| r.late.clone()) else {
        ui.add_space(theme::GAP_S);
        ui.label(
            RichText::new(
                "When the return is filed or the tax paid after its due date, an estimate of the penalties and interest appears here.",
            ),
        );
        return;
    };
    ui.add_space(theme::GAP_M);
    let width = ui.available_width();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_max_width(width - theme::GAP_L);
        ui.label(
            RichText::new("Estimate: filing or paying late")
                .strong()
                .size(theme::TITLE),
        );
        ui.label(format!(
            "Filing due: {}. Payment due: {}.",
            crate::words::date_text(late.filing_due),
            crate::words::date_text(late.payment_due)
        ));
        egui::Grid::new("late_estimate")
            .num_columns(2)
            .striped(true)
            .spacing([theme::GAP_L, theme::GAP_S])
            .show(ui, |ui| {
                for (name, v) in [
                    ("Late filing penalty (estimate)", late.late_filing),
                    ("Late payment penalty (estimate)", late.late_payment),
                    ("Interest (estimate)", late.interest),
                ] {
                    ui.label(name);
                    ui.label(fmt_money(v));
                    ui.end_row();
                }
                ui.label(RichText::new("Total (estimate)").strong());
                ui.label(RichText::new(fmt_money(late.total)).strong());
                ui.end_row();
            });
        ui.label(
            RichText::new(
                "An estimate only: it goes on no line of the return. The Division of Taxation bills the actual amounts.",
            )
            .italics(),
        );
        why(ui, "late_why", "Why this estimate?", &late.explanation);
    });
}

fn why(ui: &mut Ui, id: &str, title: &str, e: &njtax_engine::Explanation) {
    if e.rule.is_empty() && e.inputs.is_empty() && e.params.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(title)
        .id_salt(id)
        .default_open(false)
        .show(ui, |ui| explanation_body(ui, e));
}
