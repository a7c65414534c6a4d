//! The form view: every line of one of the draft's returns (a selector when the draft gives more
//! than one: a part-year NJ-1040 and an NJ-1040NR, or separate returns for each spouse); selecting
//! a line shows why it has its value.

use egui::{RichText, Ui};
use njtax_engine::residency::{Filer, ReturnKind};
use njtax_engine::{ComputedReturn, Line};

use crate::app::{App, Command};
use crate::theme;

/// Line keys that are not amounts of money: the NJ-1040NR income percentage (a fraction).
const PERCENT_KEYS: [&str; 1] = ["income_percentage"];

/// A return's name as the selector and the side panel show it: `NJ-1040 (resident period)`,
/// `NJ-1040NR`, with whose it is when spouses file separately.
pub fn return_title(r: &ComputedReturn) -> String {
    let form = match r.kind {
        ReturnKind::Resident => "NJ-1040",
        ReturnKind::PartYearResident => "NJ-1040 (resident period)",
        ReturnKind::Nonresident => "NJ-1040NR",
        ReturnKind::PartYearNonresident => "NJ-1040NR (nonresident period)",
    };
    match r.filer {
        Filer::Household => form.to_owned(),
        Filer::Taxpayer => format!("{form}, yours"),
        Filer::Spouse => format!("{form}, your spouse's"),
    }
}

/// The period a return covers, in words, when it is not the whole year.
pub fn period_text(r: &ComputedReturn) -> Option<String> {
    let months = if r.months == 1 { "month" } else { "months" };
    match (r.period_from, r.period_to) {
        (Some(from), Some(to)) => Some(format!("{from} to {to}, {} {months}", r.months)),
        _ if r.months < 12 => Some(format!("{} {months} of the year", r.months)),
        _ => None,
    }
}

/// A line's value as the form shows it: money, or a percentage for the income percentage
/// (0.4568 shows as 45.68%).
pub fn line_value_text(line: &Line) -> String {
    if PERCENT_KEYS.contains(&line.key) {
        let pct = (line.value * rust_decimal::Decimal::ONE_HUNDRED)
            .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
        format!("{pct:.2}%")
    } else {
        njtax_engine::money::fmt_money(line.value)
    }
}

/// Draw the form view.
pub fn draw(app: &mut App, ui: &mut Ui) {
    let Some(set) = app.returns() else { return };
    let titles: Vec<String> = set.returns.iter().map(return_title).collect();
    let chosen = app
        .ui_state
        .selected_return
        .min(titles.len().saturating_sub(1));
    if titles.len() > 1 {
        let mut pick = None;
        ui.horizontal_wrapped(|ui| {
            ui.label("Return:");
            for (i, title) in titles.iter().enumerate() {
                if ui.selectable_label(i == chosen, title.as_str()).clicked() && i != chosen {
                    pick = Some(i);
                }
            }
        });
        ui.add_space(theme::GAP_S);
        if let Some(i) = pick {
            app.send(Command::ShowReturn(i));
        }
    }
    let Some(ret) = app.selected_return().cloned() else {
        return;
    };
    ui.label(
        RichText::new(format!("{} {}", ret.form, ret.kind.describe()))
            .strong()
            .size(theme::TITLE),
    );
    if let Some(period) = period_text(&ret) {
        ui.label(format!("Period covered: {period}"));
    }
    ui.add_space(theme::GAP_S);
    let lines = ret.lines;
    let selected = app.ui_state.selected_line.clone();
    if let Some(line) = selected
        .as_deref()
        .and_then(|id| lines.iter().find(|l| &*l.id == id))
    {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(RichText::new(format!("Line {}: {}", line.id, line.label)).strong());
            ui.label(RichText::new(line_value_text(line)).size(theme::TITLE));
            ui.add_space(theme::GAP_S);
            ui.label(RichText::new("The rule").strong());
            ui.label(&line.explanation.rule);
            if !line.explanation.inputs.is_empty() {
                ui.add_space(theme::GAP_S);
                ui.label(RichText::new("The numbers it used").strong());
                for i in &line.explanation.inputs {
                    ui.label(format!("• {}: {}", i.name, i.value));
                }
            }
            if !line.explanation.params.is_empty() {
                ui.add_space(theme::GAP_S);
                ui.label(RichText::new("Law figures").strong());
                for p in &line.explanation.params {
                    ui.label(format!("• {} = {} ({})", p.label, p.value, p.citation));
                    if let Some(u) = &p.uncertain {
                        ui.label(
                            RichText::new(format!("  Uncertain: {u}"))
                                .color(theme::warning_colour(ui.visuals())),
                        );
                    }
                }
            }
            ui.add_space(theme::GAP_S);
            ui.label(RichText::new(format!("Citation: {}", line.explanation.citation)).italics());
        });
        ui.add_space(theme::GAP_M);
    } else {
        ui.label("Select a line to see why it has its value.");
        ui.add_space(theme::GAP_M);
    }
    let mut pick = None;
    egui::Grid::new("form_lines")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            for line in &lines {
                let is_sel = selected.as_deref() == Some(&*line.id);
                if ui
                    .selectable_label(is_sel, format!("Line {}", line.id))
                    .clicked()
                {
                    pick = Some(line.id.to_string());
                }
                ui.label(&*line.label);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(line_value_text(line));
                });
                ui.end_row();
            }
        });
    if let Some(id) = pick {
        app.send(Command::ShowLine(id));
    }
}
