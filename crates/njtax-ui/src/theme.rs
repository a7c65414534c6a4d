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
/// The clinic roster window's first size (it scrolls sideways when narrower than its table).
pub const ROSTER_WIDTH: f32 = 900.0;
/// The clinic roster window's first height.
pub const ROSTER_HEIGHT: f32 = 420.0;
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

/// Colour of the ring around the widget with the keyboard focus: 3:1 or more against the panel
/// (a test checks it in every look).
pub fn focus_colour(v: &Visuals) -> Color32 {
    if v.dark_mode {
        Color32::from_rgb(255, 210, 60)
    } else {
        Color32::from_rgb(0, 90, 180)
    }
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

/// The zoom one step (0.1) in or out (`step` +1 or -1) from `zoom`, within the settings' range.
#[must_use]
pub fn zoom_step(zoom: f32, step: i8) -> f32 {
    let next = (zoom * 10.0).round() / 10.0 + f32::from(step) * 0.1;
    ((next * 10.0).round() / 10.0).clamp(crate::settings::MIN_ZOOM, crate::settings::MAX_ZOOM)
}

/// The light or dark look: egui's own, with every input outlined so that it stands out from the
/// panel (WCAG 1.4.11 asks 3:1 for a control's edge; egui's text field differs from the panel by
/// 1.15:1 only).
#[must_use]
pub fn visuals(dark: bool) -> Visuals {
    let mut v = if dark {
        Visuals::dark()
    } else {
        Visuals::light()
    };
    let edge = if dark {
        Color32::from_gray(150)
    } else {
        Color32::from_gray(110)
    };
    v.widgets.inactive.bg_stroke = egui::Stroke::new(1.0, edge);
    // Error and warning words at 4.5:1 or more against the panel (egui's own red on the light
    // panel is 3.8:1).
    if dark {
        v.error_fg_color = Color32::from_rgb(255, 120, 120);
        v.warn_fg_color = Color32::from_rgb(255, 190, 80);
    } else {
        v.error_fg_color = Color32::from_rgb(180, 0, 0);
        v.warn_fg_color = Color32::from_rgb(150, 75, 0);
        // egui's light blue links are 2.8:1.
        v.hyperlink_color = Color32::from_rgb(0, 90, 180);
    }
    v
}

/// The high-contrast look: white text on black, yellow for focus, selection and links (black text
/// on a yellow selection), every control outlined in white.
#[must_use]
pub fn high_contrast() -> Visuals {
    let mut v = Visuals::dark();
    let white = Color32::WHITE;
    let yellow = Color32::from_rgb(255, 230, 0);
    // White text from every widget's own colour (an override would also paint the text of a
    // selected entry white on its yellow background).
    v.panel_fill = Color32::BLACK;
    v.window_fill = Color32::BLACK;
    v.faint_bg_color = Color32::from_gray(20);
    v.extreme_bg_color = Color32::BLACK;
    v.code_bg_color = Color32::BLACK;
    v.hyperlink_color = yellow;
    v.error_fg_color = Color32::from_rgb(255, 140, 140);
    v.warn_fg_color = yellow;
    v.window_stroke = egui::Stroke::new(2.0, white);
    v.selection.bg_fill = yellow;
    v.selection.stroke = egui::Stroke::new(2.0, Color32::BLACK);
    for w in [
        &mut v.widgets.noninteractive,
        &mut v.widgets.inactive,
        &mut v.widgets.hovered,
        &mut v.widgets.active,
        &mut v.widgets.open,
    ] {
        w.fg_stroke = egui::Stroke::new(1.5, white);
        w.bg_fill = Color32::BLACK;
        w.weak_bg_fill = Color32::BLACK;
    }
    v.widgets.noninteractive.bg_stroke = egui::Stroke::new(1.0, white);
    v.widgets.inactive.bg_stroke = egui::Stroke::new(1.5, white);
    v.widgets.hovered.bg_stroke = egui::Stroke::new(2.0, yellow);
    v.widgets.active.bg_stroke = egui::Stroke::new(2.0, yellow);
    v.widgets.open.bg_stroke = egui::Stroke::new(2.0, yellow);
    v
}

/// Put `theme` on the window: the light and the dark looks (high contrast in place of the dark
/// one), and which of them shows (the system's choice for [`Theme::System`]).
///
/// [`Theme::System`]: crate::settings::Theme::System
pub fn apply_theme(ctx: &egui::Context, theme: crate::settings::Theme) {
    use crate::settings::Theme;
    let dark = if theme == Theme::HighContrast {
        high_contrast()
    } else {
        visuals(true)
    };
    ctx.set_visuals_of(egui::Theme::Dark, dark);
    ctx.set_visuals_of(egui::Theme::Light, visuals(false));
    ctx.set_theme(match theme {
        Theme::System => egui::ThemePreference::System,
        Theme::Light => egui::ThemePreference::Light,
        Theme::Dark | Theme::HighContrast => egui::ThemePreference::Dark,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG relative luminance of an sRGB colour.
    fn luminance(c: Color32) -> f64 {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.040_45 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
    }

    /// WCAG contrast ratio of two colours.
    fn contrast(a: Color32, b: Color32) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn the_contrast_checker_knows_black_on_white_and_grey_on_grey() {
        assert!((contrast(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 0.01);
        assert!(contrast(Color32::from_gray(27), Color32::from_gray(10)) < 1.5);
    }

    #[test]
    fn text_errors_and_input_edges_pass_wcag_aa_in_every_theme() {
        for (name, v) in [
            ("light", visuals(false)),
            ("dark", visuals(true)),
            ("high contrast", high_contrast()),
        ] {
            let panel = v.panel_fill;
            for (what, colour, least) in [
                ("body text", v.text_color(), 4.5),
                ("help text", help_colour(&v), 4.5),
                ("error text", error_colour(&v), 4.5),
                ("warning text", warning_colour(&v), 4.5),
                ("links", v.hyperlink_color, 4.5),
                ("a refund", refund_colour(&v), 4.5),
                ("a balance due", due_colour(&v), 4.5),
                ("an input's edge", v.widgets.inactive.bg_stroke.color, 3.0),
                ("the focus ring", focus_colour(&v), 3.0),
            ] {
                let c = contrast(colour, panel);
                assert!(c >= least, "{name}: {what} {c:.2}:1 against the panel");
            }
            // A selected section's name on its highlight.
            let selected = contrast(v.selection.stroke.color, v.selection.bg_fill);
            assert!(selected >= 4.5, "{name}: selected text {selected:.2}:1");
            // Text typed in an input, on the input's own background.
            let typed = contrast(v.text_color(), v.text_edit_bg_color());
            assert!(typed >= 4.5, "{name}: typed text {typed:.2}:1");
        }
    }
}
