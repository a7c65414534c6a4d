//! The screens. Interview screens are data (`forms/interview.ron`) drawn by [`data_screen`]; the
//! special ones each have a file: [`start`], [`review`], [`file_online`], [`form_view`]. The registry is the
//! interview's screen list; [`draw_current`] dispatches on it.

pub mod amended;
pub mod clinic;
pub mod data_screen;
pub mod file_online;
pub mod filing_status_helper;
pub mod form_view;
pub mod next_year;
pub mod not_final;
pub mod review;
pub mod start;

use egui::{RichText, Ui};

use crate::cx::ScreenCx;
use crate::forms::Special;
use crate::theme;

/// Draw the current screen.
pub fn draw_current(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(screen) = cx.interview.screens.get(cx.ui_state.screen).cloned() else {
        ui.label("This app's interview could not be read.");
        return;
    };
    ui.add_space(theme::GAP_M);
    let take_focus = std::mem::take(&mut cx.ui_state.focus_title);
    crate::focus::screen_title(ui, &screen.title, take_focus);
    // Under the title, so that scrolling to the title (a screen that takes the focus there)
    // never hides it.
    if let Some(step) = step_text(&steps(cx), cx.ui_state.screen) {
        ui.label(RichText::new(step).color(ui.visuals().text_color()));
    }
    if screen.special == Special::Start && cx.doc.is_sample() {
        ui.add_space(theme::GAP_S);
        start::sample_note(cx, ui);
    }
    if !screen.intro.is_empty() {
        ui.add_space(theme::GAP_S);
        ui.label(&screen.intro);
    }
    ui.add_space(theme::GAP_M);
    match screen.special {
        Special::Start => start::draw(cx, ui, &screen),
        Special::Review => review::draw(cx, ui),
        Special::FileOnline => file_online::draw(cx, ui),
        Special::FormView => form_view::draw(cx, ui),
        Special::None => data_screen::draw(cx, ui, &screen),
    }
    ui.add_space(theme::GAP_L);
    navigation(cx, ui);
}

/// The screens Back and Next go through: on the guided path (the default) every screen but those
/// that do not apply; with View > All questions, every screen.
fn steps(cx: &ScreenCx<'_>) -> Vec<usize> {
    if cx.ui_state.settings.all_questions {
        (0..cx.interview.screens.len()).collect()
    } else {
        crate::progress::guided_path(&cx.snapshot.sections)
    }
}

/// "Step 4 of 12" over the steps Back and Next go through, when the screen is one of them.
pub fn step_text(steps: &[usize], at: usize) -> Option<String> {
    let k = steps.iter().position(|&i| i == at)?;
    Some(format!("Step {} of {}", k + 1, steps.len()))
}

/// Back / Next buttons.
fn navigation(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let i = cx.ui_state.screen;
    let (back, next) = crate::progress::neighbours(&steps(cx), i);
    ui.separator();
    ui.horizontal(|ui| {
        for (to, word) in [(back, "Back"), (next, "Next")] {
            let Some(to) = to else { continue };
            let title = cx
                .interview
                .screens
                .get(to)
                .map(|s| s.title.clone())
                .unwrap_or_default();
            if ui.button(format!("{word}: {title}")).clicked() {
                cx.send(crate::state::Command::Goto {
                    screen: to,
                    focus: None,
                });
            }
        }
    });
}
