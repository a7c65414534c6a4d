//! The File online screen: the hand-off sheet for New Jersey's online filing service, on screen
//! beside the browser, each figure one click from the clipboard.
//!
//! The sheet is made by `njtax-print` when the snapshot is computed ([`OnlineSheet::make`], called
//! from `App::refresh`), never while drawing: this screen only lays out what the snapshot holds and
//! sends [`Command::CopyToClipboard`] when a Copy button is clicked (an amount as it is typed into
//! a form's field: `48250.00`, not `$48,250.00`).
//!
//! Social Security numbers follow the Show SSNs choice in the menu bar: masked unless shown, and
//! their Copy button only works while they are shown. A masked number is no use in the service, and
//! copying the full number while the screen hides it would put it where every other program (and
//! any clipboard history) can read it without the filer having chosen to reveal it.

use egui::{Align, Layout, RichText, Ui};
use njtax_engine::ComputedReturn;
use njtax_print::handoff::Entry;

use crate::cx::ScreenCx;
use crate::forms::Special;
use crate::state::{Command, OnlineSheet};
use crate::theme;

/// What a figure the filer has not entered reads as on the sheet (nothing to copy).
const NOT_ENTERED: &str = "not entered";

/// How the printing crate's note about errors on the return begins: the screen says it at the
/// top with a link to Review instead.
const ERRORS_NOTE: &str = "The return still has errors";

/// The word marking a figure the service works out itself.
pub const COMPARE: &str = "compare";

/// Draw the File online screen.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    if cx.snapshot.handoff.is_ok() {
        super::review::checklist(cx, ui);
    }
    let mut command = None;
    draw_sheet(cx, ui, &mut command);
    if let Some(c) = command {
        cx.send(c);
    }
}

fn draw_sheet(cx: &ScreenCx<'_>, ui: &mut Ui, command: &mut Option<Command>) {
    let sheet = match &cx.snapshot.handoff {
        Ok(sheet) => sheet,
        Err(why) => {
            ui.label(RichText::new(why).strong());
            return;
        }
    };
    // Answers that could not be read count as not given: no figure can be copied until they
    // are fixed (the sheet cannot be saved either).
    let not_final = super::not_final::not_final(cx);
    if not_final {
        if let Some(c) = super::not_final::notice(cx, ui) {
            *command = Some(c);
        }
        ui.add_space(theme::GAP_M);
    }
    let has_errors = cx
        .returns()
        .is_some_and(|set| set.returns.iter().any(ComputedReturn::has_errors));
    if has_errors {
        let review = cx
            .interview
            .screens
            .iter()
            .position(|s| s.special == Special::Review);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new("The return has errors: fix them before you file online.")
                    .strong()
                    .color(theme::error_colour(ui.visuals())),
            );
            ui.label("The figures below may change until then.");
            if let Some(screen) = review
                && ui.link("Go to Review").clicked()
            {
                *command = Some(Command::Goto {
                    screen,
                    focus: None,
                });
            }
        });
        ui.add_space(theme::GAP_M);
    }
    let reveal = cx.ui_state.reveal_ssn;
    let h = &sheet.full;
    crate::focus::heading(ui, RichText::new(&h.title).strong().size(theme::HEADING), 2);
    ui.label(&h.service);
    ui.label(format!("Made from your {}", h.form));
    for note in h.notes.iter().filter(|n| !n.starts_with(ERRORS_NOTE)) {
        ui.add_space(theme::GAP_S);
        let text = RichText::new(note);
        ui.label(if note.starts_with("Uncertain") {
            text.color(theme::warning_colour(ui.visuals()))
        } else {
            text
        });
    }
    if !reveal && sheet.has_ssns() {
        ui.add_space(theme::GAP_S);
        ui.label(
            "Social Security and bank account numbers are masked: choose Show SSNs in the menu bar to see them and copy them.",
        );
    }
    let (label_width, value_width) = column_widths(ui, sheet, reveal);
    for (i, (step, masked)) in h.steps.iter().zip(&sheet.masked.steps).enumerate() {
        ui.add_space(theme::GAP_L);
        crate::focus::heading(
            ui,
            RichText::new(format!("{}. {}", i + 1, step.title))
                .strong()
                .size(theme::HEADING),
            3,
        );
        if !step.note.is_empty() {
            ui.add(egui::Label::new(&step.note).wrap());
        }
        ui.add_space(theme::GAP_S);
        // One grid per step, its columns as wide as every other step's, so the figures line up
        // down the whole sheet.
        egui::Grid::new(("file_online_step", i))
            .num_columns(5)
            .striped(true)
            .spacing([theme::GAP_M, theme::GAP_S])
            .show(ui, |ui| {
                for (e, m) in step.entries.iter().zip(&masked.entries) {
                    if let Some(c) =
                        entry_row(ui, e, m, reveal, not_final, (label_width, value_width))
                    {
                        *command = Some(c);
                    }
                    ui.end_row();
                }
            });
    }
}

/// The value as the screen shows it: a Social Security number (an entry whose masked value
/// differs) masked unless SSNs are shown.
fn shown<'a>(full: &'a Entry, masked: &'a Entry, reveal: bool) -> &'a str {
    if full.value != masked.value && !reveal {
        &masked.value
    } else {
        &full.value
    }
}

/// The width of the widest value on the sheet as shown (monospace), at most
/// [`theme::HANDOFF_VALUE_MAX_WIDTH`] (longer text wraps), so every step's value column has the
/// same width.
fn value_column_width(ui: &Ui, sheet: &OnlineSheet, reveal: bool) -> f32 {
    let longest = sheet
        .full
        .steps
        .iter()
        .zip(&sheet.masked.steps)
        .flat_map(|(f, m)| f.entries.iter().zip(&m.entries))
        .map(|(f, m)| shown(f, m, reveal))
        .max_by_key(|v| v.chars().count())
        .unwrap_or_default();
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    ui.fonts_mut(|f| f.layout_no_wrap(longest.to_owned(), font, egui::Color32::PLACEHOLDER))
        .size()
        .x
        .min(theme::HANDOFF_VALUE_MAX_WIDTH)
}

/// The widths of the label and value columns: the label [`theme::HANDOFF_LABEL_WIDTH`] and the
/// value as [`value_column_width`] gives it when the screen has room, narrower (both wrap) in a
/// small window so that the Copy buttons stay on the screen.
fn column_widths(ui: &Ui, sheet: &OnlineSheet, reveal: bool) -> (f32, f32) {
    let value = value_column_width(ui, sheet, reveal);
    let text = |t: &str, style: egui::TextStyle| {
        let font = style.resolve(ui.style());
        ui.fonts_mut(|f| f.layout_no_wrap(t.to_owned(), font, egui::Color32::PLACEHOLDER))
            .size()
            .x
    };
    let copy = text("Copy", egui::TextStyle::Button) + 2.0 * ui.spacing().button_padding.x;
    let compare = text(COMPARE, egui::TextStyle::Body);
    let fixed = theme::HANDOFF_SOURCE_WIDTH + copy + compare + 4.0 * theme::GAP_M;
    let rest = ui.available_width() - fixed;
    let label = (rest - value).clamp(theme::HANDOFF_LABEL_MIN_WIDTH, theme::HANDOFF_LABEL_WIDTH);
    let value = value.min(rest - label).max(theme::HANDOFF_VALUE_MIN_WIDTH);
    (label, value)
}

/// One figure: label, source, value (right-aligned), Copy, and "compare" for a figure the
/// service works out itself. Returns the command when Copy was clicked.
fn entry_row(
    ui: &mut Ui,
    e: &Entry,
    masked: &Entry,
    reveal: bool,
    not_final: bool,
    (label_width, value_width): (f32, f32),
) -> Option<Command> {
    let is_ssn = e.value != masked.value;
    let shown = shown(e, masked, reveal);
    ui.scope(|ui| {
        ui.set_min_width(label_width);
        ui.set_max_width(label_width);
        ui.add(egui::Label::new(&e.label).wrap());
    });
    ui.scope(|ui| {
        ui.set_min_width(theme::HANDOFF_SOURCE_WIDTH);
        ui.label(RichText::new(&e.source).small());
    });
    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
        ui.set_width(value_width);
        ui.add(egui::Label::new(RichText::new(shown).monospace()).wrap());
    });
    let can_copy =
        (!is_ssn || reveal) && !e.value.is_empty() && e.value != NOT_ENTERED && !not_final;
    let name = format!("Copy {} ({shown})", e.label);
    let r = ui.add_enabled(can_copy, egui::Button::new("Copy"));
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, can_copy, &name));
    let why_not = if not_final {
        "Not final: an answer could not be read (see the top of this screen)"
    } else if is_ssn && !reveal {
        "Choose Show SSNs in the menu bar to copy the full number"
    } else {
        "Nothing to copy: not entered"
    };
    let r = r
        .on_hover_text("Put this figure on the clipboard")
        .on_disabled_hover_text(why_not);
    if e.check {
        ui.label(RichText::new(COMPARE).italics()).on_hover_text(
            "The service works this figure out itself: do not type it, compare the service's figure with this one",
        );
    } else {
        ui.label("");
    }
    r.clicked().then(|| Command::CopyToClipboard {
        label: e.label.clone(),
        value: as_typed(&e.value),
    })
}

/// A figure as it is typed into a form's field: an amount without its dollar sign and thousands
/// separators (`$48,250.00` is copied as `48250.00`, `-$5.00` as `-5.00`), anything else as shown.
#[must_use]
pub fn as_typed(shown: &str) -> String {
    let (sign, rest) = shown
        .strip_prefix('-')
        .map_or(("", shown), |rest| ("-", rest));
    match rest.strip_prefix('$') {
        Some(amount)
            if !amount.is_empty()
                && amount
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == ',' || c == '.') =>
        {
            format!("{sign}{}", amount.replace(',', ""))
        }
        _ => shown.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::as_typed;

    #[test]
    fn amounts_are_copied_as_typed_and_other_figures_as_shown() {
        assert_eq!(as_typed("$48,250.00"), "48250.00");
        assert_eq!(as_typed("$1,234,567.89"), "1234567.89");
        assert_eq!(as_typed("$0.00"), "0.00");
        assert_eq!(as_typed("-$5.00"), "-5.00");
        for shown in [
            "400-00-0001",
            "Keisha Barnes",
            "$",
            "$12 (estimate)",
            "2026",
            "",
        ] {
            assert_eq!(as_typed(shown), shown);
        }
    }
}
