//! The Help menu as a user meets it at 1024x700 (issue 39 item 10): Help > About shows the
//! version, the licence and each tax year's status (2026 provisional, with the day its figures
//! were last checked); Help > Keyboard shortcuts lists every shortcut of the table the app
//! handles them from; Help > User guide (F1) shows the README's part for users. Each window
//! closes with Escape and with its Close button; the menu is reached from the keyboard.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use njtax_engine::answers::{Date, Person};
use njtax_engine::{Answers, ParamBook};
use njtax_ui::App;
use njtax_ui::dialogs::help;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};
use njtax_ui::state::HelpWindow;

fn harness() -> Harness<'static, App> {
    let answers = Answers {
        tax_year: 2025,
        taxpayer: Person {
            name: "Help Reader".into(),
            ssn: "400-00-0031".into(),
            birth_date: Date::new(1975, 6, 1),
            ..Person::default()
        },
        ..Answers::default()
    };
    let app = App::new(
        answers,
        "Help test",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    );
    let mut h = Harness::builder()
        .with_size(egui::vec2(1024.0, 700.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    h
}

fn open_from_menu(h: &mut Harness<'_, App>, entry: &str) {
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label(entry).click();
    h.run();
    h.run();
}

fn open(h: &Harness<'_, App>) -> Option<HelpWindow> {
    h.state().ui_state.help
}

#[test]
fn about_shows_the_version_the_licence_and_the_2026_figures_as_provisional() {
    let mut h = harness();
    open_from_menu(&mut h, "About njtax");
    assert_eq!(open(&h), Some(HelpWindow::About));
    h.get_by_label(&format!("Version {}", env!("CARGO_PKG_VERSION")));
    let licence = h.get_by_label_contains("Licence: ");
    let licence = licence.accesskit_node();
    let words = licence.label().or_else(|| licence.value()).unwrap();
    assert!(words.contains(env!("CARGO_PKG_LICENSE")), "{words}");
    // Each year as the year list says: 2026 provisional with its checked day, 2025 final.
    let book = ParamBook::load().unwrap();
    let rows = help::year_status(book.years());
    let status = |year: &str| rows.iter().find(|(y, _)| y == year).unwrap().1.clone();
    let y2026 = book.years().iter().find(|y| y.year == 2026).unwrap();
    assert!(
        y2026.provisional.is_some(),
        "2026 is provisional in years.ron"
    );
    let s2026 = status("2026");
    assert!(s2026.starts_with("provisional"), "{s2026}");
    assert!(
        s2026.contains(&y2026.checked.unwrap().to_string()),
        "{s2026}"
    );
    h.get_by_label(&s2026);
    h.get_by_label("2026");
    let s2025 = status("2025");
    assert!(s2025.starts_with("published"), "{s2025}");
    // One row a year, the same words for each final year the online service takes.
    let same = rows.iter().filter(|(_, s)| *s == s2025).count();
    assert!(same >= 1);
    assert_eq!(h.query_all_by_label(&s2025).count(), same);
    for (year, _) in &rows {
        assert!(h.query_by_label(year).is_some(), "{year} listed");
    }
    h.get_by_label(help::PROVISIONAL_MEANS);
    let offline = h.get_by_label(help::FINAL_FIGURES);
    let offline = offline.accesskit_node();
    let words = offline.label().or_else(|| offline.value()).unwrap();
    assert!(words.contains("newer version of the app") && words.contains("no network"));
    // Escape closes it.
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(open(&h), None);
    assert!(h.query_by_label(help::PROVISIONAL_MEANS).is_none());
    // So does its Close button.
    open_from_menu(&mut h, "About njtax");
    assert_eq!(open(&h), Some(HelpWindow::About));
    h.get_by_label("Close").click();
    h.run();
    assert_eq!(open(&h), None);
}

#[test]
fn keyboard_shortcuts_lists_every_shortcut_the_app_has() {
    let mut h = harness();
    open_from_menu(&mut h, "Keyboard shortcuts");
    assert_eq!(open(&h), Some(HelpWindow::Shortcuts));
    for s in &njtax_ui::shortcuts::TABLE {
        let keys = h.ctx.format_shortcut(&s.keys);
        assert!(
            h.query_by_label(&keys).is_some(),
            "{keys} ({}) is not listed",
            s.what
        );
        h.get_by_label(s.what);
    }
    // The keys as a user reads them.
    for keys in ["Ctrl+S", "Ctrl+Shift+S", "Ctrl+Z", "F1", "Escape"] {
        assert!(h.query_by_label(keys).is_some(), "{keys}");
    }
    h.get_by_label("Close").click();
    h.run();
    assert_eq!(open(&h), None);
}

#[test]
fn f1_opens_the_user_guide_with_the_readmes_part_for_users() {
    let mut h = harness();
    h.key_press(egui::Key::F1);
    h.run();
    h.run();
    assert_eq!(open(&h), Some(HelpWindow::UserGuide));
    // Headings, list items and the clinic table's rows of the README's user part.
    h.get_by_label("The desktop app");
    h.get_by_label("Clinic security");
    assert!(
        h.query_by_label_contains("Sections on the left as a to-do list")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("What it does not do (the clinic's part)")
            .is_none(),
        "a table row shows each cell with its heading, not the header row"
    );
    assert!(
        h.query_by_label("Taxpayer data encrypted at rest")
            .is_some()
    );
    // No developer part.
    assert!(h.query_by_label("Fuzzing").is_none());
    assert!(h.query_by_label_contains("```").is_none());
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(open(&h), None);
    assert!(h.query_by_label("The desktop app").is_none());
    // From the menu too, with F1 shown beside it.
    h.get_by_label("Help").click();
    h.run();
    assert_eq!(
        h.get_by_label("User guide")
            .accesskit_node()
            .data()
            .keyboard_shortcut(),
        Some("F1")
    );
    h.get_by_label("User guide").click();
    h.run();
    assert_eq!(open(&h), Some(HelpWindow::UserGuide));
}

/// The Help menu is reached from the keyboard as the other menus are: Tab moves the focus to it,
/// Enter opens it and its entries take the focus in turn.
#[test]
fn the_help_menu_is_reached_and_used_from_the_keyboard() {
    let mut h = harness();
    let focused = |h: &Harness<'_, App>| {
        h.query_by(|n| n.is_focused()).and_then(|n| {
            let n = n.accesskit_node();
            n.label().or_else(|| n.value())
        })
    };
    let mut reached = false;
    for _ in 0..200 {
        h.key_press(egui::Key::Tab);
        h.run();
        if focused(&h).as_deref() == Some("Help") {
            reached = true;
            break;
        }
    }
    assert!(reached, "Tab never reached the Help menu");
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    assert!(
        h.query_by_label("About njtax").is_some(),
        "Enter opens the menu"
    );
    h.get_by_label("About njtax").focus();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    assert_eq!(open(&h), Some(HelpWindow::About));
}
