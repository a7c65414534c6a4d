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

use crate::app::App;
use crate::forms::Special;
use crate::theme;

/// Draw the current screen.
pub fn draw_current(app: &mut App, ui: &mut Ui) {
    let Some(screen) = app.interview.screens.get(app.ui_state.screen).cloned() else {
        ui.label("This app's interview could not be read.");
        return;
    };
    ui.add_space(theme::GAP_M);
    let take_focus = std::mem::take(&mut app.ui_state.focus_title);
    crate::focus::screen_title(ui, &screen.title, take_focus);
    if screen.special == Special::Start && app.doc.is_sample() {
        ui.add_space(theme::GAP_S);
        start::sample_note(app, ui);
    }
    if !screen.intro.is_empty() {
        ui.add_space(theme::GAP_S);
        ui.label(&screen.intro);
    }
    ui.add_space(theme::GAP_M);
    match screen.special {
        Special::Start => start::draw(app, ui, &screen),
        Special::Review => review::draw(app, ui),
        Special::FileOnline => file_online::draw(app, ui),
        Special::FormView => form_view::draw(app, ui),
        Special::None => data_screen::draw(app, ui, &screen),
    }
    ui.add_space(theme::GAP_L);
    navigation(app, ui);
}

/// Back / Next buttons.
fn navigation(app: &mut App, ui: &mut Ui) {
    let i = app.ui_state.screen;
    let n = app.interview.screens.len();
    ui.separator();
    ui.horizontal(|ui| {
        if i > 0 {
            let title = app
                .interview
                .screens
                .get(i - 1)
                .map(|s| s.title.clone())
                .unwrap_or_default();
            if ui.button(format!("Back: {title}")).clicked() {
                app.send(crate::app::Command::Goto {
                    screen: i - 1,
                    focus: None,
                });
            }
        }
        if i + 1 < n {
            let title = app
                .interview
                .screens
                .get(i + 1)
                .map(|s| s.title.clone())
                .unwrap_or_default();
            if ui.button(format!("Next: {title}")).clicked() {
                app.send(crate::app::Command::Goto {
                    screen: i + 1,
                    focus: None,
                });
            }
        }
    });
}
