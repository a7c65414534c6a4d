//! The window that says why a file could not be opened: the file's name and folder, what is wrong
//! in plain words, and what the filer can do. The open draft stays as it is, and the window says
//! so.

use egui::{RichText, Ui};

use crate::cx::ScreenCx;
use crate::state::Command;
use crate::theme;

/// The accessible name and heading of the window for a file: `Could not open smith.ron`.
pub fn title(file_name: &str) -> String {
    format!("Could not open {file_name}")
}

/// Draw the window when an open failed.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(problem) = cx.ui_state.open_error.clone() else {
        return;
    };
    let heading = title(&problem.file_name);
    let current = cx.doc.display_name();
    let id = egui::Id::unique("open_error_window");
    // An alert dialog: a screen reader reads it out when it appears.
    let area = egui::Modal::default_area(id)
        .accessible_name(heading.clone())
        .role(egui::accesskit::Role::AlertDialog);
    let response = egui::Modal::new(id).area(area).show(ui.ctx(), |ui| {
        ui.set_max_width(theme::DIALOG_WIDTH);
        ui.heading(&heading);
        ui.label(RichText::new(format!("In {}", problem.folder)).small());
        ui.add_space(theme::GAP_M);
        ui.label(&problem.what);
        ui.add_space(theme::GAP_M);
        ui.label(RichText::new("What you can do").strong());
        ui.label(&problem.can_do);
        ui.add_space(theme::GAP_M);
        ui.label(format!(
            "{current} is still open as it was, and {} has not been changed.",
            problem.file_name
        ));
        ui.add_space(theme::GAP_M);
        ui.horizontal(|ui| {
            let ok = ui.button("OK");
            if ok.clicked() {
                cx.send(Command::CloseOpenError);
            }
            // The window takes the keyboard: Enter or Space closes it, Tab reaches the other
            // button.
            if !ui.memory(|m| m.focused().is_some()) {
                ok.request_focus();
            }
            if let Some(previous) = &problem.previous_save {
                let name = previous
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                if ui.button(format!("Open {name}")).clicked() {
                    cx.send(Command::CloseOpenError);
                    cx.send(Command::OpenPath(previous.clone()));
                }
            }
        });
    });
    if response.should_close() {
        cx.send(Command::CloseOpenError);
    }
}
