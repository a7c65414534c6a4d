//! The app's use of the platform, driven through egui_kittest as a user drives it: the clipboard's
//! answer decides what the status bar says, and (without a system file dialog) the file chooser
//! drawn in the app opens, saves and cancels, starting in the draft's folder or the documents
//! folder. `tests/desktop.rs` runs the real binary in a real window for the same things.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use njtax_engine::Answers;
use njtax_engine::answers::{Date, FilingStatus, Person};
use njtax_ui::App;
use njtax_ui::platform::{Clipboard, MemoryRecent, ScriptedDialogs};

fn answers() -> Answers {
    let mut a = Answers {
        tax_year: 2024,
        filing_status: FilingStatus::Single,
        taxpayer: Person {
            name: "Test Filer".into(),
            ssn: "400-00-0001".into(),
            birth_date: Date::new(1990, 5, 1),
            ..Person::default()
        },
        ..Answers::default()
    };
    a.last_year.nj_gross_income = Some(rust_decimal::dec!(48250));
    a.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Shore Diner".into(),
        state_wages: rust_decimal::dec!(52000),
        ..Default::default()
    });
    a
}

fn harness_with(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

fn status(h: &Harness<'_, App>) -> (String, bool) {
    h.state().ui_state.message.clone().unwrap_or_default()
}

/// A clipboard that refuses every copy, as when the display's clipboard cannot be reached.
struct BrokenClipboard;

impl Clipboard for BrokenClipboard {
    fn copy_text(&mut self, _ctx: &egui::Context, _text: &str) -> Result<(), String> {
        Err("no clipboard owner".to_owned())
    }
}

/// A clipboard that keeps what it was given.
struct KeptClipboard(std::rc::Rc<std::cell::RefCell<Vec<String>>>);

impl Clipboard for KeptClipboard {
    fn copy_text(&mut self, _ctx: &egui::Context, text: &str) -> Result<(), String> {
        self.0.borrow_mut().push(text.to_owned());
        Ok(())
    }
}

const GROSS_INCOME_COPY: &str =
    "Copy Last year's New Jersey gross income (2023 NJ-1040 line 29) ($48,250.00)";

fn click_copy(h: &mut Harness<'_, App>) {
    h.get_by_label("File online").click();
    h.run();
    h.get_by_label(GROSS_INCOME_COPY).scroll_to_me();
    h.run();
    h.get_by_label(GROSS_INCOME_COPY).click();
    h.run();
}

#[test]
fn a_copy_the_clipboard_refuses_is_reported_as_not_copied() {
    let app = App::new(
        answers(),
        "Test draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .with_clipboard(Box::new(BrokenClipboard));
    let mut h = harness_with(app);
    h.run();
    click_copy(&mut h);
    let (msg, is_error) = status(&h);
    assert!(is_error, "{msg}");
    assert!(
        msg.starts_with("Did not copy Last year's New Jersey gross income"),
        "{msg}"
    );
    assert!(msg.contains("no clipboard owner"), "{msg}");
    assert!(!msg.contains("Copied") && !msg.contains("48,250"), "{msg}");
}

#[test]
fn a_copy_the_clipboard_takes_is_reported_as_copied_and_the_value_is_what_it_got() {
    let kept = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let app = App::new(
        answers(),
        "Test draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .with_clipboard(Box::new(KeptClipboard(kept.clone())));
    let mut h = harness_with(app);
    h.run();
    click_copy(&mut h);
    assert_eq!(*kept.borrow(), ["$48,250.00"]);
    let (msg, is_error) = status(&h);
    assert!(!is_error, "{msg}");
    assert_eq!(
        msg,
        "Copied Last year's New Jersey gross income (2023 NJ-1040 line 29) to the clipboard"
    );
}
