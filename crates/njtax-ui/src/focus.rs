//! Keyboard focus follows the flow: a new screen (Next, Back, the section list) focuses its first
//! question, an added item (a W-2, a dependent) its first field, and a drop-down closed with
//! Escape or a choice keeps the focus. The screen's title is a heading in the accessibility tree
//! that screen readers announce when it changes (a polite live region).

use egui::{Response, RichText, Ui};
use serde_json::Value;

use crate::binding;
use crate::forms::{Block, Field, Screen, join};
use crate::theme;

/// What gets the keyboard focus when a screen is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FirstStop {
    /// The answer at this path (a field's input), or the add button of the list at this path when
    /// the list is empty.
    Answer(String),
    /// The screen's title: the screen asks nothing (Review, File online, the form view).
    Title,
}

/// The first question a screen shows for these answers: the first field shown of the first block
/// shown, the first field of a list's first item, or the add button of an empty list; the title
/// when the screen asks nothing.
pub fn first_question(screen: &Screen, answers: &Value) -> FirstStop {
    for block in &screen.blocks {
        match block {
            Block::Fields {
                fields, show_if, ..
            } => {
                if show_if.as_ref().is_some_and(|c| !c.holds(answers, "")) {
                    continue;
                }
                if let Some(path) = first_field(fields, "", answers) {
                    return FirstStop::Answer(path);
                }
            }
            Block::List {
                path,
                fields,
                added_on,
                ..
            } => {
                let count = binding::get(answers, path)
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len);
                if count > 0 {
                    if let Some(first) = first_field(fields, &format!("{path}[0]"), answers) {
                        return FirstStop::Answer(first);
                    }
                } else if added_on.is_none() {
                    return FirstStop::Answer(path.clone());
                }
            }
        }
    }
    FirstStop::Title
}

/// The path of the first field shown of an item (or of a block, with an empty `base`).
pub fn first_field(fields: &[Field], base: &str, answers: &Value) -> Option<String> {
    fields
        .iter()
        .find(|f| f.show_if.as_ref().is_none_or(|c| c.holds(answers, base)))
        .map(|f| join(base, &f.path))
}

/// The first field of the item just added at the end of the list at `list_path`, from the list's
/// block on any screen of the interview.
pub fn new_item_first_field(
    screens: &[Screen],
    list_path: &str,
    answers: &Value,
) -> Option<String> {
    let count = binding::get(answers, list_path)
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    let last = count.checked_sub(1)?;
    let fields = screens
        .iter()
        .flat_map(|s| &s.blocks)
        .find_map(|b| match b {
            Block::List {
                path,
                fields,
                added_on: None,
                ..
            } if path == list_path => Some(fields),
            _ => None,
        })?;
    first_field(fields, &format!("{list_path}[{last}]"), answers)
}

/// The screen's title: a level-1 heading in the accessibility tree, named by the title, and a
/// polite live region, so a screen reader announces the new title when the screen changes (the
/// node keeps one id across screens, and its name changes). When `take_focus`, the title takes
/// the keyboard focus (a screen that asks nothing), so that Tab goes on into the screen; egui
/// underlines it while it has the focus.
pub fn screen_title(ui: &mut Ui, title: &str, take_focus: bool) -> Response {
    let label = egui::Label::new(RichText::new(title).size(theme::TITLE).strong())
        .sense(egui::Sense::focusable_noninteractive());
    let r = ui
        .push_id("screen_title", |ui| ui.add(label))
        .inner
        .on_hover_cursor(egui::CursorIcon::Default);
    ui.ctx().accesskit_node_builder(r.id, |node| {
        node.set_role(egui::accesskit::Role::Heading);
        node.set_level(1);
        node.set_label(title);
        node.clear_value();
        node.set_live(egui::accesskit::Live::Polite);
    });
    if take_focus {
        // egui underlines a focused label. Scroll to the top of the screen, the space above the
        // title included.
        r.request_focus();
        ui.scroll_to_rect(
            r.rect.expand2(egui::vec2(0.0, theme::GAP_M)),
            Some(egui::Align::TOP),
        );
    }
    r
}

/// A drop-down keeps the keyboard focus when its list closes by Escape or by a choice: egui
/// drops the focus on Escape, and a chosen entry disappears with the list. `shown` is what
/// [`egui::ComboBox::show_ui`] returned from a list whose closure says whether an entry was
/// clicked.
pub fn keep_combo_focus(ui: &Ui, shown: &egui::InnerResponse<Option<bool>>) {
    let Some(picked) = shown.inner else {
        return;
    };
    if picked || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        shown.response.request_focus();
    }
}

/// A heading inside the window (a panel's name, a group of questions, a step of the hand-off
/// sheet), exposed to screen readers as a heading of `level` (the screen's title is level 1), so
/// that they can list and jump between them.
pub fn heading(ui: &mut Ui, text: impl Into<RichText>, level: usize) -> Response {
    let text: RichText = text.into();
    let name = text.text().to_owned();
    let r = ui.label(text);
    ui.ctx().accesskit_node_builder(r.id, |node| {
        node.set_role(egui::accesskit::Role::Heading);
        node.set_level(level);
        node.set_label(name);
        node.clear_value();
    });
    r
}

/// Width of the ring drawn around the widget that has the keyboard focus.
const FOCUS_RING: f32 = 2.0;

/// Draw a ring around the widget with the keyboard focus, on the widget's own layer (under any
/// menu or dialog above it) and only where the widget is on the screen: egui marks a focused radio
/// button, tick box or drop-down only by a slightly brighter edge, which is hard to see (WCAG
/// 2.4.7 asks that the focus be visible). Called once a frame, after the window is drawn.
pub fn paint_focus_ring(ctx: &egui::Context) {
    // An open list or menu shows its own highlight. In a frame with a press or a click, reading
    // the focused widget's response would make egui take the focus away from it (a click
    // "elsewhere"), so the ring waits for the next frame.
    if egui::Popup::is_any_open(ctx)
        || ctx
            .input(|i| i.pointer.any_pressed() || i.pointer.any_released() || i.pointer.any_down())
    {
        return;
    }
    let Some(id) = ctx.memory(|m| m.focused()) else {
        return;
    };
    let Some(r) = ctx.read_response(id) else {
        return;
    };
    if !r.interact_rect.is_positive() {
        return;
    }
    let colour = crate::theme::focus_colour(&ctx.global_style().visuals);
    let clip = r.interact_rect.expand(FOCUS_RING + 1.0);
    ctx.layer_painter(r.layer_id)
        .with_clip_rect(clip)
        .rect_stroke(
            r.rect.expand(1.0),
            3.0,
            egui::Stroke::new(FOCUS_RING, colour),
            egui::StrokeKind::Outside,
        );
}
