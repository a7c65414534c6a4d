//! Design tokens: spacing, sizes and the few colours the app adds to egui's own (light or dark,
//! following the system). Screens take these from here and hard-code none.

use egui::{Color32, Visuals};

/// Small gap between related items.
pub const GAP_S: f32 = 4.0;
/// Gap between groups.
pub const GAP_M: f32 = 10.0;
/// Gap between sections of a screen.
pub const GAP_L: f32 = 18.0;
/// Width of the section list.
pub const LEFT_PANEL_WIDTH: f32 = 230.0;
/// Size of the file chooser drawn in the app (it fits a 1024x700 window).
pub const CHOOSER_WIDTH: f32 = 620.0;
/// See [`CHOOSER_WIDTH`].
pub const CHOOSER_HEIGHT: f32 = 420.0;
/// Width of the "Your NJ return" panel.
pub const RIGHT_PANEL_WIDTH: f32 = 270.0;
/// Radio-button choices whose labels add up to more characters than this get a line each.
pub const CHOICE_LINE_CHARS: usize = 40;
/// Width of an answer input (narrower when the window leaves less room, down to
/// [`FIELD_MIN_WIDTH`]).
pub const FIELD_WIDTH: f32 = 220.0;
/// Narrowest an answer input gets in a small window.
pub const FIELD_MIN_WIDTH: f32 = 110.0;
/// Narrowest an answer's label gets in a small window before an input runs past the edge (labels
/// wrap down to this width to leave the input its full width).
pub const LABEL_MIN_WIDTH: f32 = 140.0;
/// Narrowest a figure's label gets on the File online screen in a small window.
pub const HANDOFF_LABEL_MIN_WIDTH: f32 = 120.0;
/// Narrowest the value column gets on the File online screen in a small window (values wrap).
pub const HANDOFF_VALUE_MIN_WIDTH: f32 = 90.0;
/// A screen narrower than this (the central column of a 1024-pixel window) closes up its tables:
/// [`GAP_M`] between columns instead of [`GAP_L`], headings wrapped at [`TABLE_HEADING_WIDTH`].
pub const NARROW_SCREEN: f32 = 560.0;
/// Widest a column heading of a schedule's table is on a narrow screen before it wraps.
pub const TABLE_HEADING_WIDTH: f32 = 60.0;
/// Widest a row name of a schedule's table is on a narrow screen before it wraps (the NJ-2210's
/// columns).
pub const TABLE_ROW_NAME_WIDTH: f32 = 100.0;
/// Narrowest a line's label gets in the form view in a small window (it wraps).
pub const FORM_LABEL_MIN_WIDTH: f32 = 150.0;
/// Widest a window over the screen (a refusal naming an answer) is before its text wraps.
pub const PROMPT_WIDTH: f32 = 460.0;
/// Size of the refund / balance due figure.
pub const BIG_FIGURE: f32 = 26.0;
/// Width of the warning-coloured frame around the provisional-year notice.
pub const NOTICE_STROKE: f32 = 1.5;
/// Size of a section's state mark.
pub const MARK_SIZE: f32 = 12.0;
/// Size of screen titles.
pub const TITLE: f32 = 20.0;
/// Size of headings inside a screen (the steps of the hand-off sheet).
pub const HEADING: f32 = 16.0;
/// Widest the text of a window in the middle (an open error, the recovery list) runs before it
/// wraps.
pub const DIALOG_WIDTH: f32 = 520.0;
/// Widest a figure's label is on the File online screen before it wraps.
pub const HANDOFF_LABEL_WIDTH: f32 = 250.0;
/// Narrowest the source column ("line 15", "W-2 box 16") is on the File online screen.
pub const HANDOFF_SOURCE_WIDTH: f32 = 60.0;
/// Widest the value column is on the File online screen; longer text (a filing status, a
/// dependent) wraps.
pub const HANDOFF_VALUE_MAX_WIDTH: f32 = 220.0;

/// Colour for a refund.
pub fn refund_colour(v: &Visuals) -> Color32 {
    if v.dark_mode {
        Color32::from_rgb(120, 200, 140)
    } else {
        Color32::from_rgb(20, 110, 50)
    }
}

/// Colour for a balance due.
pub fn due_colour(v: &Visuals) -> Color32 {
    if v.dark_mode {
        Color32::from_rgb(240, 170, 90)
    } else {
        Color32::from_rgb(160, 80, 0)
    }
}

/// Widest the help under a question runs before it wraps (about 90 characters: a comfortable
/// line to read).
pub const READING_WIDTH: f32 = 640.0;

/// Space between one question and the next on an interview screen.
pub const QUESTION_GAP: f32 = 8.0;

/// Colour for the help under a question: the body text colour, which passes WCAG AA (4.5:1)
/// against the panel in the light and the dark theme (egui's "weak" grey does not).
pub fn help_colour(v: &Visuals) -> Color32 {
    v.text_color()
}

/// Colour for errors and inline messages.
pub fn error_colour(v: &Visuals) -> Color32 {
    v.error_fg_color
}

/// Colour for warnings.
pub fn warning_colour(v: &Visuals) -> Color32 {
    v.warn_fg_color
}

/// The smallest text the app shows (a field's message, the hints under headings): egui's own 9
/// points is too small to read comfortably (10.5 keeps the seven-column schedule tables inside a
/// 1024-pixel window).
pub const SMALL_TEXT: f32 = 10.5;

/// Give the small text style its readable size, in the light and the dark style alike. Cheap when
/// already done (called every frame).
pub fn apply_text_sizes(ctx: &egui::Context) {
    let small = ctx
        .global_style()
        .text_styles
        .get(&egui::TextStyle::Small)
        .map(|f| f.size);
    if small != Some(SMALL_TEXT) {
        ctx.all_styles_mut(|s| {
            s.text_styles.insert(
                egui::TextStyle::Small,
                egui::FontId::proportional(SMALL_TEXT),
            );
        });
    }
}
