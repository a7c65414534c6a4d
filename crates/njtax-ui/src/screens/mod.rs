//! The screens. Interview screens are data (`forms/interview.ron`) drawn by [`data_screen`]; the
//! special ones each have a file: [`start`], [`review`], [`file_online`], [`form_view`]. The registry is the
//! interview's screen list; [`draw_current`] dispatches on it.

pub mod data_screen;
pub mod file_online;
pub mod filing_status_helper;
pub mod form_view;
pub mod next_year;
pub mod not_final;
pub mod review;
pub mod start;

use egui::Ui;

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

/// Back / Next buttons.
fn navigation(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let i = cx.ui_state.screen;
    let n = cx.interview.screens.len();
    ui.separator();
    ui.horizontal(|ui| {
        if i > 0 {
            let title = cx
                .interview
                .screens
                .get(i - 1)
                .map(|s| s.title.clone())
                .unwrap_or_default();
            if ui.button(format!("Back: {title}")).clicked() {
                cx.send(crate::state::Command::Goto {
                    screen: i - 1,
                    focus: None,
                });
            }
        }
        if i + 1 < n {
            let title = cx
                .interview
                .screens
                .get(i + 1)
                .map(|s| s.title.clone())
                .unwrap_or_default();
            if ui.button(format!("Next: {title}")).clicked() {
                cx.send(crate::state::Command::Goto {
                    screen: i + 1,
                    focus: None,
                });
            }
        }
    });
}
