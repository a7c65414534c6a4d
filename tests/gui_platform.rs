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
    // Shown as $48,250.00; copied as the service's field takes it.
    assert_eq!(*kept.borrow(), ["48250.00"]);
    let (msg, is_error) = status(&h);
    assert!(!is_error, "{msg}");
    assert_eq!(
        msg,
        "Copied Last year's New Jersey gross income (2023 NJ-1040 line 29) to the clipboard"
    );
}

// The file chooser drawn in the app, when the system's dialog cannot open.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use njtax_ui::platform::{DialogRequest, FileDialogs, FileKind, NoSystemDialogs, Picked};

/// A fresh folder for one test.
fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("njtax-gui-platform-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Write a draft of `answers` at `path`.
fn write_draft(path: &Path, answers: Answers) {
    njtax_ui::files::write_draft(
        path,
        &njtax_engine::Draft {
            format_version: njtax_engine::FORMAT_VERSION,
            answers,
        },
    )
    .unwrap();
}

/// An app on `answers` with no system file dialog, its documents folder `documents`.
fn app_without_system_dialogs(answers: Answers, documents: &Path) -> App {
    App::new(
        answers,
        "Test draft",
        Box::new(NoSystemDialogs),
        Box::new(MemoryRecent::default()),
    )
    .with_documents_folder(documents.to_path_buf())
}

/// A harness for the chooser's tests: egui_file's two text fields (the folder and the file name)
/// have no accessible name, which the harness's accessibility check refuses, so it is off here
/// (the rest of the app is checked by the other GUI tests).
fn chooser_harness(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .with_accessibility_check(false)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

fn click_file_menu(h: &mut Harness<'_, App>, entry: &str) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label(entry).click();
    h.run();
}

/// Whether a text field shows `value` (the field, not the text run inside it).
fn has_field(h: &Harness<'_, App>, value: &str) -> bool {
    let value = value.to_owned();
    h.query_by(move |n| {
        n.role() == egui::accesskit::Role::TextInput && n.value().as_deref() == Some(value.as_str())
    })
    .is_some()
}

/// Replace the chooser's file name (shown as `shown`) with `name` and press Enter, as typed.
fn type_file_name(h: &mut Harness<'_, App>, shown: &str, name: &str) {
    let shown = shown.to_owned();
    let field = move |n: &egui_kittest::kittest::AccessKitNode<'_>| {
        n.role() == egui::accesskit::Role::TextInput && n.value().as_deref() == Some(shown.as_str())
    };
    h.get_by(field.clone()).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by(|n| n.role() == egui::accesskit::Role::TextInput && n.is_focused())
        .type_text(name);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

/// The folder the chooser shows, as its folder field reads.
fn chooser_folder(h: &Harness<'_, App>) -> PathBuf {
    h.state()
        .file_chooser()
        .expect("the chooser is open")
        .folder()
        .to_path_buf()
}

#[test]
fn without_a_system_dialog_open_shows_the_apps_chooser_in_the_documents_folder_and_opens_a_draft() {
    let docs = folder("open");
    let mut other = answers();
    other.taxpayer.name = "Other Filer".into();
    write_draft(&docs.join("other.ron"), other);
    std::fs::write(docs.join("notes.txt"), "not a draft").unwrap();
    let mut h = chooser_harness(app_without_system_dialogs(answers(), &docs));
    h.run();
    click_file_menu(&mut h, "Open…");
    // Said, and the chooser is there: in the documents folder (the draft has no folder), listing
    // drafts only.
    let (msg, is_error) = status(&h);
    assert!(!is_error, "{msg}");
    assert!(
        msg == "The system's file dialog cannot open here (no system file dialog), so the app's own file chooser is open",
        "{msg}"
    );
    assert!(h.query_by_label("📂  Open a draft").is_some());
    assert_eq!(chooser_folder(&h), docs);
    assert!(has_field(&h, &docs.display().to_string()));
    assert!(h.query_by_label("🗋 other.ron").is_some());
    assert!(h.query_by_label("🗋 notes.txt").is_none());
    // The window behind waits: its menu does not open while the chooser is open.
    h.get_by_label("File").click();
    h.run();
    assert!(h.query_by_label("Save As…").is_none());
    // A click on a draft fills in its name.
    h.get_by_label("🗋 other.ron").click();
    h.run();
    assert!(has_field(&h, "other.ron"), "the file name is filled in");
    h.get_by_label("Open").click();
    h.run();
    assert!(h.state().file_chooser().is_none());
    assert_eq!(
        h.state().doc.path.as_deref(),
        Some(docs.join("other.ron").as_path())
    );
    assert_eq!(h.state().doc.answers().taxpayer.name, "Other Filer");
    assert_eq!(status(&h), ("Opened other.ron".to_owned(), false));
}

#[test]
fn without_a_system_dialog_save_goes_through_the_apps_chooser_and_asks_before_replacing() {
    let docs = folder("save");
    let mut h = chooser_harness(app_without_system_dialogs(answers(), &docs));
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(h.query_by_label("💾  Save the draft").is_some());
    assert_eq!(chooser_folder(&h), docs);
    // The proposed name, replaced by one typed without its extension: the draft's is added.
    type_file_name(&mut h, "Test draft.ron", "mine");
    let saved = docs.join("mine.ron");
    assert!(h.state().file_chooser().is_none());
    assert_eq!(status(&h), ("Saved mine.ron".to_owned(), false));
    assert_eq!(h.state().doc.path.as_deref(), Some(saved.as_path()));
    let text = std::fs::read_to_string(&saved).unwrap();
    assert_eq!(
        njtax_engine::parse_draft(&text).unwrap().answers,
        *h.state().doc.answers()
    );
    // Save As starts in the draft's folder now, and saving over a file asks first.
    let sub = docs.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(sub.join("taken.ron"), "kept").unwrap();
    h.get_by_label("Income").click();
    h.run();
    click_file_menu(&mut h, "Save As…");
    assert_eq!(chooser_folder(&h), docs);
    assert!(h.query_by_label("🗀 sub").is_some());
    type_file_name(
        &mut h,
        "mine.ron",
        &format!("{}", sub.join("taken.ron").display()),
    );
    assert!(h.query_by_label("Replace the file?").is_some());
    assert!(
        h.query_by_label(&format!(
            "taken.ron already exists in {}. Replace it?",
            sub.display()
        ))
        .is_some()
    );
    h.get_by_label("Choose another name").click();
    h.run();
    assert!(h.query_by_label("Replace the file?").is_none());
    assert!(h.state().file_chooser().is_some(), "back in the chooser");
    assert_eq!(
        std::fs::read_to_string(sub.join("taken.ron")).unwrap(),
        "kept"
    );
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label("Replace").click();
    h.run();
    assert!(h.state().file_chooser().is_none());
    assert_eq!(
        h.state().doc.path.as_deref(),
        Some(sub.join("taken.ron").as_path())
    );
    assert!(
        std::fs::read_to_string(sub.join("taken.ron"))
            .unwrap()
            .contains("Test Filer")
    );
}

#[test]
fn cancelling_the_apps_chooser_writes_nothing_and_says_so() {
    let docs = folder("cancel");
    let mut h = chooser_harness(app_without_system_dialogs(answers(), &docs));
    h.run();
    click_file_menu(&mut h, "Print to PDF…");
    assert!(h.query_by_label("💾  Print the return to PDF").is_some());
    // The proposed name: the draft's, the year and the form.
    assert!(has_field(&h, "Test draft-2024-NJ-1040.pdf"));
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().file_chooser().is_none());
    assert_eq!(
        status(&h),
        ("The printable return was not written".to_owned(), false)
    );
    assert_eq!(std::fs::read_dir(&docs).unwrap().count(), 0);
    // Escape closes it too.
    click_file_menu(&mut h, "Save hand-off sheet…");
    assert!(h.state().file_chooser().is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().file_chooser().is_none());
    assert_eq!(
        status(&h),
        ("The hand-off sheet was not written".to_owned(), false)
    );
    assert_eq!(std::fs::read_dir(&docs).unwrap().count(), 0);
}

/// Ask the window to close, as its close button does.
fn request_close(h: &mut Harness<'_, App>) {
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.run();
}

#[test]
fn save_in_the_close_prompt_goes_through_the_apps_chooser_and_closes_only_once_saved() {
    let docs = folder("close");
    let mut h = chooser_harness(app_without_system_dialogs(answers(), &docs));
    h.run();
    h.get_by_label("You and your household").click();
    h.run();
    let name = h.get_by_label("Your name");
    name.focus();
    h.run();
    // Focus selects the whole name; End puts the cursor after it.
    h.key_press(egui::Key::End);
    h.get_by_label("Your name").type_text(" Jr");
    h.run();
    assert!(h.state().doc.is_dirty());
    request_close(&mut h);
    assert!(h.query_by_label("Unsaved changes").is_some());
    h.get_by_label("Save").click();
    h.run();
    // The untitled draft needs a file: the chooser, and the window stays while it is open.
    assert!(h.query_by_label("💾  Save the draft").is_some());
    assert!(!h.state().ui_state.allow_close);
    h.get_by_label("Cancel").click();
    h.run();
    assert!(!h.state().ui_state.allow_close, "not saved, so not closed");
    assert!(h.state().doc.is_dirty());
    assert_eq!(status(&h), ("The draft was not saved".to_owned(), false));
    // Again, this time choosing the file: saved, then closed.
    request_close(&mut h);
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert!(h.state().ui_state.allow_close, "saved, then closed");
    let text = std::fs::read_to_string(docs.join("Test draft.ron")).unwrap();
    assert!(text.contains("Test Filer Jr"), "{text}");
}

/// System dialogs that answer with prepared paths and keep what they were asked.
#[derive(Default)]
struct RecordingDialogs {
    asked: Rc<RefCell<Vec<DialogRequest>>>,
    answer: Option<PathBuf>,
}

impl FileDialogs for RecordingDialogs {
    fn pick_open(&mut self, request: &DialogRequest) -> Picked {
        self.asked.borrow_mut().push(request.clone());
        self.answer.clone().map_or(Picked::Cancelled, Picked::Path)
    }

    fn pick_save(&mut self, request: &DialogRequest) -> Picked {
        self.pick_open(request)
    }
}

#[test]
fn the_system_dialogs_start_in_the_drafts_folder_else_the_documents_folder() {
    let docs = folder("start-docs");
    let drafts = folder("start-drafts");
    let draft = drafts.join("smith-2024.ron");
    write_draft(&draft, answers());
    let asked = Rc::new(RefCell::new(Vec::new()));
    let app = App::new(
        answers(),
        "Test draft",
        Box::new(RecordingDialogs {
            asked: asked.clone(),
            answer: None,
        }),
        Box::new(MemoryRecent::default()),
    )
    .with_documents_folder(docs.clone());
    let mut h = harness_with(app);
    h.run();
    // A draft without a file: the documents folder, never the working folder.
    click_file_menu(&mut h, "Save As…");
    click_file_menu(&mut h, "Open…");
    h.state_mut().open_file(&draft);
    h.run();
    click_file_menu(&mut h, "Print to PDF…");
    click_file_menu(&mut h, "Save hand-off sheet…");
    click_file_menu(&mut h, "Open…");
    let asked = asked.borrow();
    let seen: Vec<(FileKind, &str, Option<&Path>, Option<&str>)> = asked
        .iter()
        .map(|r| {
            (
                r.kind,
                r.title.as_str(),
                r.folder.as_deref(),
                r.file_name.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (
                FileKind::Draft,
                "Save the draft",
                Some(docs.as_path()),
                Some("Test draft.ron")
            ),
            (FileKind::Draft, "Open a draft", Some(docs.as_path()), None),
            // The draft's own folder, and a PDF name that does not repeat the year.
            (
                FileKind::Pdf,
                "Print the return to PDF",
                Some(drafts.as_path()),
                Some("smith-2024-NJ-1040.pdf")
            ),
            (
                FileKind::Handoff,
                "Save the hand-off sheet",
                Some(drafts.as_path()),
                Some("smith-2024-handoff.txt")
            ),
            (
                FileKind::Draft,
                "Open a draft",
                Some(drafts.as_path()),
                None
            ),
        ]
    );
}

#[test]
fn the_apps_chooser_starts_in_the_drafts_folder() {
    let docs = folder("chooser-docs");
    let drafts = folder("chooser-drafts");
    let draft = drafts.join("smith.ron");
    write_draft(&draft, answers());
    let mut h = chooser_harness(app_without_system_dialogs(answers(), &docs));
    h.run();
    h.state_mut().open_file(&draft);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::P);
    h.run();
    assert_eq!(chooser_folder(&h), drafts);
    assert!(has_field(&h, &drafts.display().to_string()));
    assert!(has_field(&h, "smith-2024-NJ-1040.pdf"));
    h.get_by_label("Save").click();
    h.run();
    let pdf = drafts.join("smith-2024-NJ-1040.pdf");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    let (msg, is_error) = status(&h);
    assert!(
        !is_error && msg.contains(&pdf.display().to_string()),
        "{msg}"
    );
}

/// Without a system file dialog, File > Open clinic folder… opens the app's own chooser for a
/// folder (its drafts listed), whose "Choose this folder" shows the roster of the folder shown.
#[test]
fn without_a_system_dialog_the_apps_chooser_picks_the_clinic_folder() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["single-renter.ron", "family-2026.ron"] {
        std::fs::copy(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("examples")
                .join(name),
            dir.path().join(name),
        )
        .unwrap();
    }
    let mut h = chooser_harness(app_without_system_dialogs(Answers::default(), dir.path()));
    h.run();
    click_file_menu(&mut h, "Open clinic folder…");
    let chooser = h.state().file_chooser().expect("the app's chooser is open");
    assert_eq!(chooser.request().kind, FileKind::Folder);
    assert!(h.query_by_label_contains("single-renter.ron").is_some());
    h.get_by_label("Choose this folder").click();
    h.run();
    crate::common::roster_read(&mut h);
    assert!(h.state().file_chooser().is_none());
    let roster = h
        .state()
        .snapshot
        .roster
        .as_ref()
        .expect("the roster is open");
    assert_eq!(roster.entries.len(), 2);
    h.get_by_label("2 of 2 drafts");
}
