//! "Not final": while answers hold text that could not be read (`Answers::unreadable`), they count
//! as not given, so the refund or balance due and every line may still change. The return panel,
//! the form view, the screens' computed lines and the File online screen mark their figures so,
//! say how many answers could not be read and link to each one; Review shows the same notice and
//! says what waits until they are fixed.

use egui::{Response, RichText, Ui};

use crate::cx::ScreenCx;
use crate::state::Command;
use crate::theme;

/// How a figure is marked while answers could not be read.
pub const NOT_FINAL: &str = "not final";

/// What waits until every answer can be read (Review says so under the notice).
pub const WAITS: &str = "Print to PDF, Save hand-off sheet and Start next year's draft wait until \
each answer that could not be read is fixed.";

/// Whether the figures are not final (some answer could not be read).
pub fn not_final(cx: &ScreenCx<'_>) -> bool {
    !cx.unreadable().is_empty()
}

/// A frame in the error colour: "Not final: 1 answer could not be read", then a link to each such
/// answer (its words and what was typed). Nothing when every answer could be read. Returns the
/// command when a link was clicked.
pub fn notice(cx: &ScreenCx<'_>, ui: &mut Ui) -> Option<Command> {
    let kept = cx.unreadable();
    if kept.is_empty() {
        return None;
    }
    let colour = theme::error_colour(ui.visuals());
    let mut command = None;
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(theme::NOTICE_STROKE, colour))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(
                egui::Label::new(
                    RichText::new(format!(
                        "Not final: {}",
                        crate::words::count_words(kept.len())
                    ))
                    .strong()
                    .color(colour),
                )
                .wrap(),
            );
            ui.add(
                egui::Label::new(
                    "Until it is fixed it counts as not given, so the figures may still change.",
                )
                .wrap(),
            );
            for (path, u) in kept {
                let words = if u.field.trim().is_empty() {
                    path.as_str()
                } else {
                    u.field.as_str()
                };
                let r = ui
                    .link(format!("{words}: \"{}\"", u.typed_shown()))
                    .on_hover_text(format!("{}. Go to this answer", u.problem));
                if r.clicked() {
                    command = cx.goto_answer(path);
                }
            }
        });
    command
}

/// A figure, marked not final when `not_final` (italic, in the weak colour, and "(not final)" in
/// its accessible name and on hover).
pub fn figure(ui: &mut Ui, text: RichText, plain: &str, not_final: bool) -> Response {
    if !not_final {
        return ui.label(text);
    }
    // Italic, in the body text colour (egui's weak grey is below 4.5:1), and named "not final".
    let text = text.italics().color(ui.visuals().text_color());
    let r = ui.label(text);
    let name = format!("{plain} ({NOT_FINAL})");
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
    r.on_hover_text("Not final: an answer could not be read")
}
