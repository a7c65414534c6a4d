//! The review screen: every diagnostic, errors first; clicking one goes to its field.

use egui::{RichText, Ui};

use crate::app::{App, Command};
use crate::theme;

/// Draw the review screen.
pub fn draw(app: &mut App, ui: &mut Ui) {
    let Some(ret) = app.computed() else { return };
    let diagnostics = ret.diagnostics.clone();
    let filing = ret.filing_requirement.clone();
    ui.label(
        RichText::new(if filing.required {
            "You must file a return"
        } else {
            "You are not required to file"
        })
        .strong(),
    );
    ui.label(&filing.reason);
    ui.add_space(theme::GAP_M);
    if diagnostics.is_empty() {
        ui.label("Nothing to fix or check.");
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
                .and_then(|p| app.interview.screen_for_path(p));
            match target {
                Some(screen) => {
                    if ui
                        .link(&d.message)
                        .on_hover_text("Go to this answer")
                        .clicked()
                    {
                        app.send(Command::Goto {
                            screen,
                            focus: d.path.clone(),
                        });
                    }
                }
                None => {
                    ui.label(&d.message);
                }
            }
            if let Some(c) = &d.citation {
                ui.label(RichText::new(c).small().italics());
            }
        });
    }
}
