//! The comparison window (File > Compare with…): what changed from another draft (the old one)
//! to this one, and why, in the engine's words (the same as `njtax diff OTHER THIS`). It stays
//! open beside the screens and follows this draft as it changes; it changes neither draft.

use egui::{RichText, ScrollArea, Ui};

use crate::cx::ScreenCx;
use crate::state::Command;
use crate::theme;

/// The window's title for the other draft: `Compared with smith-2025.ron`.
pub fn title(other: &str) -> String {
    format!("Compared with {other}")
}

/// Draw the window while a comparison is open.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(view) = cx.snapshot.comparison.clone() else {
        return;
    };
    let mut open = true;
    let mut close = false;
    let this = cx.doc.display_name();
    egui::Window::new(title(&view.other))
        .id(egui::Id::unique("comparison_window"))
        .open(&mut open)
        .collapsible(false)
        .resizable(true)
        .default_size([theme::DIALOG_WIDTH + 120.0, 460.0])
        .show(ui.ctx(), |ui| {
            ui.add(
                egui::Label::new(format!(
                    "From {} (old) to {this} (new). It follows your changes to {this}; neither draft is changed.",
                    view.other
                ))
                .wrap(),
            );
            ui.add_space(theme::GAP_S);
            match &view.result {
                Err(why) => {
                    ui.add(
                        egui::Label::new(
                            RichText::new(format!("The drafts could not be compared: {why}"))
                                .color(theme::error_colour(ui.visuals())),
                        )
                        .wrap(),
                    );
                }
                Ok((text, _)) => {
                    ScrollArea::vertical()
                        .id_salt("comparison_scroll")
                        .max_height(ui.available_height() - 2.0 * theme::GAP_L)
                        .show(ui, |ui| lines(ui, text));
                }
            }
            ui.add_space(theme::GAP_S);
            if ui.button("Close the comparison").clicked() {
                close = true;
            }
        });
    // The window's own close button; Escape too, unless a list or menu takes it.
    let escape =
        ui.input(|i| i.key_pressed(egui::Key::Escape)) && !egui::Popup::is_any_open(ui.ctx());
    if !open || close || escape {
        cx.send(Command::CloseComparison);
    }
}

/// The comparison's lines: a return's or a part's title in strong text, each cause indented
/// under what it explains (two spaces a level in the engine's words), wrapped.
fn lines(ui: &mut Ui, text: &str) {
    for line in text.lines() {
        if line.trim().is_empty() {
            ui.add_space(theme::GAP_S);
            continue;
        }
        let depth = (line.len() - line.trim_start().len()) / 2;
        let words = line.trim_start();
        let is_title = depth == 0
            && (words.ends_with(':') || words.contains(" changed") && !words.contains(" -> "));
        ui.horizontal_top(|ui| {
            ui.add_space(theme::GAP_L * depth as f32);
            let text = if is_title {
                RichText::new(words).strong()
            } else {
                RichText::new(words)
            };
            ui.add(egui::Label::new(text).wrap());
        });
    }
}
