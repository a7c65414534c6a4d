//! The Help menu's windows: About (the version, the licence and each tax year's figures: published or
//! provisional, and when they were last checked), Keyboard shortcuts (every shortcut, from the
//! table the app handles them from) and the User guide (the README's part for users). Each closes
//! with its Close button, its title bar's close button or Escape.

use egui::{RichText, ScrollArea, Ui};

use crate::cx::ScreenCx;
use crate::state::HelpWindow;
use crate::theme;

/// The app's version (the workspace's, as built).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The app's licence (the workspace's, as built).
pub const LICENCE: &str = env!("CARGO_PKG_LICENSE");

/// The title of each window.
pub fn title(w: HelpWindow) -> &'static str {
    match w {
        HelpWindow::About => "About njtax",
        HelpWindow::Shortcuts => "Keyboard shortcuts",
        HelpWindow::UserGuide => "User guide",
    }
}

/// What "provisional" means, in words.
pub const PROVISIONAL_MEANS: &str = "Provisional means that the Division of Taxation has not yet published that year's forms and instructions: the app's figures for the year are its best until then and may change, and every return of the year says so on screen and on paper. In a published year too, a figure a return uses that could not be confirmed from the Division's or the IRS's own text is marked uncertain on that return, and Review lists it.";

/// How to learn of final figures without a network, in words.
pub const FINAL_FIGURES: &str = "This app makes no network connection, ever: it does not look for new figures by itself. Final figures come with a newer version of the app. You can also compare a return with the Division of Taxation's forms and instructions for the year once they are published (on paper from the Division, a library or a tax clinic, or downloaded on another computer).";

/// Each tax year's status in words, newest first: `("2026", "provisional: …; figures last
/// checked 2026-12-07")`.
pub fn year_status(years: &[njtax_engine::TaxYear]) -> Vec<(String, String)> {
    years
        .iter()
        .rev()
        .map(|y| {
            let status = if y.provisional.is_some() {
                "provisional: the Division has not published the year's forms yet"
            } else if y.online {
                "published: the Division has published the year's forms"
            } else {
                "published: the Division has published the year's forms (a back year: returns are mailed)"
            };
            let checked = y.checked.map_or_else(
                || "the day the figures were last checked is not recorded".to_owned(),
                |d| format!("figures last checked {d}"),
            );
            (y.year.to_string(), format!("{status}; {checked}"))
        })
        .collect()
}

/// Draw the Help window that is open, if any, and close it when asked.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(which) = cx.ui_state.help else {
        return;
    };
    let mut open = true;
    let mut close = false;
    let (width, height) = match which {
        HelpWindow::About => (theme::DIALOG_WIDTH + 80.0, 580.0),
        HelpWindow::Shortcuts => (theme::DIALOG_WIDTH + 80.0, 420.0),
        HelpWindow::UserGuide => (theme::DIALOG_WIDTH + 200.0, 580.0),
    };
    egui::Window::new(title(which))
        .id(egui::Id::unique(("help_window", title(which))))
        .open(&mut open)
        .collapsible(false)
        .resizable(true)
        .default_size([width, height])
        .max_height((ui.ctx().content_rect().height() - 2.0 * theme::GAP_L).max(theme::GAP_L))
        .show(ui.ctx(), |ui| {
            ScrollArea::vertical()
                .id_salt(("help_scroll", title(which)))
                .max_height(ui.available_height() - 2.0 * theme::GAP_L)
                .auto_shrink([false, true])
                .show(ui, |ui| match which {
                    HelpWindow::About => about(cx, ui),
                    HelpWindow::Shortcuts => shortcuts(ui),
                    HelpWindow::UserGuide => guide(ui),
                });
            ui.add_space(theme::GAP_S);
            if ui.button("Close").clicked() {
                close = true;
            }
        });
    let escape = ui.input(|i| i.key_pressed(crate::shortcuts::CLOSE.logical_key))
        && !egui::Popup::is_any_open(ui.ctx());
    if !open || close || escape {
        cx.ui_state.help = None;
    }
}

fn wrapped(ui: &mut Ui, text: impl Into<egui::WidgetText>) {
    ui.add(egui::Label::new(text).wrap());
}

fn about(cx: &ScreenCx<'_>, ui: &mut Ui) {
    ui.label(
        RichText::new(format!("njtax {VERSION}"))
            .strong()
            .size(theme::TITLE),
    );
    wrapped(
        ui,
        "A free program that prepares New Jersey income tax returns (NJ-1040 and NJ-1040NR) on this computer. It files nothing and sends nothing anywhere.",
    );
    ui.add_space(theme::GAP_S);
    ui.label(format!("Version {VERSION}"));
    wrapped(
        ui,
        format!(
            "Licence: {LICENCE}: free to use, copy and change under either licence, at your choice. The printed return's fonts, DejaVu Sans Condensed, are under the Bitstream Vera licence."
        ),
    );
    ui.add_space(theme::GAP_M);
    ui.label(RichText::new("The tax years and their figures").strong());
    wrapped(ui, PROVISIONAL_MEANS);
    ui.add_space(theme::GAP_S);
    egui::Grid::new("about_years")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (year, status) in year_status(cx.tax_years) {
                ui.label(year);
                ui.scope(|ui| {
                    ui.set_max_width(theme::DIALOG_WIDTH);
                    wrapped(ui, status);
                });
                ui.end_row();
            }
        });
    ui.add_space(theme::GAP_S);
    wrapped(ui, FINAL_FIGURES);
}

fn shortcuts(ui: &mut Ui) {
    wrapped(
        ui,
        "On a Mac, Cmd takes the place of Ctrl. Tab and Shift+Tab move between the questions, the buttons and the menus; Enter or Space opens the menu or presses the button that has the focus.",
    );
    ui.add_space(theme::GAP_S);
    egui::Grid::new("shortcut_list")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for s in &crate::shortcuts::TABLE {
                ui.label(RichText::new(ui.ctx().format_shortcut(&s.keys)).strong());
                ui.scope(|ui| {
                    ui.set_max_width(theme::DIALOG_WIDTH);
                    wrapped(ui, s.what);
                });
                ui.end_row();
            }
        });
}

/// The user guide's blocks, read from the embedded README once.
static GUIDE: std::sync::LazyLock<Result<Vec<crate::guide::Block>, String>> =
    std::sync::LazyLock::new(|| {
        crate::guide::user_part(crate::guide::README).map(|t| {
            crate::guide::parse(&t)
                .into_iter()
                .map(crate::guide::Block::for_filers)
                .collect()
        })
    });

fn guide(ui: &mut Ui) {
    match &*GUIDE {
        Ok(blocks) => crate::guide::draw(ui, blocks),
        Err(why) => {
            wrapped(
                ui,
                RichText::new(format!(
                    "The user guide could not be read from this build: {why}."
                ))
                .color(theme::error_colour(ui.visuals())),
            );
        }
    }
}
