//! The form view: every line of the year's NJ-1040; selecting a line shows why it has its value.

use egui::{RichText, Ui};

use crate::app::{App, Command};
use crate::theme;

/// Draw the form view.
pub fn draw(app: &mut App, ui: &mut Ui) {
    let Some(ret) = app.computed() else { return };
    let lines = ret.lines.clone();
    let selected = app.ui_state.selected_line.clone();
    if let Some(line) = selected
        .as_deref()
        .and_then(|id| lines.iter().find(|l| &*l.id == id))
    {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(RichText::new(format!("Line {}: {}", line.id, line.label)).strong());
            ui.label(RichText::new(njtax_engine::money::fmt_money(line.value)).size(theme::TITLE));
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
                    ui.label(njtax_engine::money::fmt_money(line.value));
                });
                ui.end_row();
            }
        });
    if let Some(id) = pick {
        app.send(Command::ShowLine(id));
    }
}
