//! Autosave and recovery through the app, as a user meets them: edits are autosaved when the window
//! loses focus; the next start offers every recovery, whichever draft it opens, naming the draft,
//! its folder and the local time it was written; restoring brings the edits back, and saving the
//! draft removes the recovery copy.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use njtax_engine::Answers;
use njtax_engine::answers::{Date, Person};
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};
use njtax_ui::recovery::{Recovery, RecoveryStore, TimeZone};

fn answers() -> Answers {
    Answers {
        tax_year: 2024,
        taxpayer: Person {
            name: "Test Filer".into(),
            ssn: "400-00-0001".into(),
            birth_date: Date::new(1990, 5, 1),
            ..Person::default()
        },
        ..Answers::default()
    }
}

fn harness(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

/// The window listing recovered work is shown (an alert dialog, named by its heading).
fn recovery_list_shown(h: &Harness<'_, App>) -> bool {
    h.query_by_role_and_label(egui::accesskit::Role::AlertDialog, "Recover unsaved work?")
        .is_some()
}

#[test]
fn unsaved_work_is_autosaved_offered_on_the_next_start_and_restored() {
    let dir = std::env::temp_dir().join(format!("njtax-recovery-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = RecoveryStore::new(dir.join("state"));
    let saved = dir.join("my-return.ron");

    // First session: type wages, then the window loses focus.
    let app = App::new(
        answers(),
        "Untitled draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .with_recovery(store.clone());
    let mut h = harness(app);
    h.run();
    h.get_by_label("Income").click();
    h.run();
    h.get_by_label("Add a W-2").click();
    h.run();
    let wages = h.get_all_by_label("State wages (box 16)").last().unwrap();
    wages.focus();
    wages.type_text("48,250.10");
    h.run();
    let recovery_file = store.file_for(None);
    assert!(
        !recovery_file.exists(),
        "nothing is written before it is due or the window loses focus"
    );
    h.input_mut().focused = false;
    h.event(egui::Event::WindowFocused(false));
    h.run();
    assert!(
        recovery_file.exists(),
        "losing focus autosaves the unsaved edits"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&recovery_file)
            .unwrap()
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o600, "recovery files are private to the owner");
    }
    drop(h);

    // Next start: the recovery is offered with its time; Restore brings the edits back.
    let dialogs = ScriptedDialogs {
        save: vec![saved.clone()],
        ..ScriptedDialogs::default()
    };
    let app = App::new(
        answers(),
        "Untitled draft",
        Box::new(dialogs),
        Box::new(MemoryRecent::default()),
    )
    .with_recovery(store.clone());
    let mut h = harness(app);
    h.run();
    assert!(recovery_list_shown(&h));
    let written = store.find(None).unwrap();
    let when = format!("Autosaved {}", written.written_text(&TimeZone::system()));
    assert!(
        h.query_by_label(&when).is_some(),
        "the prompt says when the copy was written, in the system's time zone"
    );
    assert!(h.query_by_label("Never saved to a file").is_some());
    h.get_by_label_contains("Restore Untitled draft").click();
    h.run();
    let restored = h.state().doc.answers().clone();
    assert_eq!(restored.income.w2s.len(), 1);
    assert_eq!(
        restored.income.w2s[0].state_wages,
        rust_decimal::dec!(48250.10)
    );
    assert!(h.state().doc.is_dirty(), "restored work is not saved yet");

    // Saving the draft removes the recovery copy.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(saved.exists());
    assert!(
        !recovery_file.exists(),
        "a saved draft needs no recovery copy"
    );
    assert!(store.find(None).is_none());
}

#[test]
fn discarding_the_offer_removes_the_recovery_copy() {
    let dir = std::env::temp_dir().join(format!("njtax-recovery-discard-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = RecoveryStore::new(dir.clone());
    let draft = njtax_engine::Draft {
        format_version: njtax_engine::FORMAT_VERSION,
        answers: answers(),
    };
    store.save(None, "Untitled draft", &draft).unwrap();
    let app = App::new(
        answers(),
        "Untitled draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .with_recovery(store.clone());
    assert_eq!(
        app.ui_state.recovery_offers.len(),
        1,
        "the recovery is offered"
    );
    let mut h = harness(app);
    h.run();
    h.get_by_label_contains("Discard Untitled draft").click();
    h.run();
    assert!(!recovery_list_shown(&h));
    assert!(!store.file_for(None).exists());
}

/// A recovery file written at a known time (2026-11-29 17:30 UTC) for a draft at `draft_path`.
fn recovery_at(draft_path: Option<&std::path::Path>, name: &str, wages: i64) -> Recovery {
    let mut a = answers();
    a.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Acme Tools".into(),
        state_wages: rust_decimal::Decimal::from(wages),
        ..Default::default()
    });
    Recovery {
        written_unix: 1_795_973_400,
        draft_path: draft_path.map(std::path::Path::to_path_buf),
        name: name.into(),
        draft: njtax_engine::Draft {
            format_version: njtax_engine::FORMAT_VERSION,
            answers: a,
        },
    }
}

/// Write a draft file last changed at `unix` seconds.
fn draft_file_changed_at(path: &std::path::Path, unix: u64) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    njtax_ui::files::write_draft(
        path,
        &njtax_engine::Draft {
            format_version: njtax_engine::FORMAT_VERSION,
            answers: answers(),
        },
    )
    .unwrap();
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(std::time::UNIX_EPOCH + std::time::Duration::from_secs(unix))
        .unwrap();
}

#[test]
fn every_recovery_is_offered_at_start_with_its_draft_folder_and_local_time() {
    let dir = std::env::temp_dir().join(format!("njtax-recovery-all-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = RecoveryStore::new(dir.join("state"));
    let smith = dir.join("returns").join("smith.ron");
    let jones = dir.join("returns").join("jones.ron");
    // smith.ron was last saved before the crash; jones.ron was saved after its recovery was
    // written (nothing to recover); a draft never saved has a recovery too.
    draft_file_changed_at(&smith, 1_700_000_000);
    draft_file_changed_at(&jones, 1_800_000_000);
    store
        .write(&recovery_at(Some(&smith), "smith.ron", 52_000))
        .unwrap();
    store
        .write(&recovery_at(Some(&jones), "jones.ron", 1))
        .unwrap();
    store
        .write(&recovery_at(None, "Draft for 2025", 7_000))
        .unwrap();
    // A damaged recovery file is named in the status bar, not passed over in silence.
    std::fs::write(
        dir.join("state").join("recovery-damaged.ron"),
        "(written_unix: ",
    )
    .unwrap();

    // The next start opens the sample, not smith.ron: smith.ron's work is offered all the same,
    // in New Jersey's local time.
    let app = App::new(
        answers(),
        "Sample return",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .as_sample()
    .with_time_zone(TimeZone::posix("EST5EDT,M3.2.0,M11.1.0").unwrap())
    .with_recovery(store.clone());
    let mut h = harness(app);
    h.run();
    assert!(recovery_list_shown(&h));
    assert!(h.query_by_label("smith.ron").is_some());
    let returns_folder = format!("In {}", dir.join("returns").display());
    assert!(
        h.query_by_label(&returns_folder).is_some(),
        "the draft's folder is named"
    );
    assert!(h.query_by_label("Draft for 2025").is_some());
    assert!(h.query_by_label("Never saved to a file").is_some());
    assert_eq!(
        h.query_all_by_label("Autosaved 2026-11-29 12:30 EST")
            .count(),
        2,
        "the local time (EST), not UTC"
    );
    assert!(
        h.query_by_label("jones.ron").is_none(),
        "a draft saved after its recovery was written has nothing to recover"
    );
    let (status, is_error) = h.state().ui_state.message.clone().unwrap();
    assert!(is_error);
    assert!(status.contains("recovery-damaged.ron"), "{status}");

    // Restore smith.ron: its work comes back under its own name and file, and the other
    // recovery stays offered.
    h.get_by_label_contains("Restore smith.ron").click();
    h.run();
    let doc = &h.state().doc;
    assert_eq!(doc.path.as_deref(), Some(smith.as_path()));
    assert_eq!(doc.display_name(), "smith.ron");
    assert!(doc.is_dirty());
    assert!(!doc.is_sample());
    assert_eq!(
        doc.answers().income.w2s[0].state_wages,
        rust_decimal::dec!(52000)
    );
    assert!(
        h.query_by_label_contains("Restore smith.ron").is_none(),
        "a restored recovery leaves the list"
    );
    assert!(
        h.query_by_label_contains("Restore Draft for 2025")
            .is_some()
    );
    // Decide later: the list closes and every recovery file stays for the next start.
    h.get_by_label("Decide later").click();
    h.run();
    assert!(!recovery_list_shown(&h));
    assert!(store.file_for(None).exists());
    assert!(
        store.file_for(Some(&smith)).exists(),
        "kept until smith.ron is saved"
    );
    assert_eq!(store.all().recoveries.len(), 2);
}

#[test]
fn a_draft_opened_at_start_keeps_the_other_drafts_recoveries_offered() {
    let dir = std::env::temp_dir().join(format!("njtax-recovery-open-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = RecoveryStore::new(dir.join("state"));
    let smith = dir.join("smith.ron");
    let brown = dir.join("brown.ron");
    draft_file_changed_at(&smith, 1_700_000_000);
    draft_file_changed_at(&brown, 1_700_000_000);
    store
        .write(&recovery_at(Some(&smith), "smith.ron", 52_000))
        .unwrap();
    store
        .write(&recovery_at(Some(&brown), "brown.ron", 61_000))
        .unwrap();
    // As `njtax-app brown.ron` starts: the recovery store first, then the draft named.
    let mut app = App::new(
        answers(),
        "Sample return",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .as_sample()
    .with_recovery(store.clone());
    app.open_file(&brown);
    let names: Vec<&str> = app
        .ui_state
        .recovery_offers
        .iter()
        .map(|r| r.name.as_str())
        .collect();
    assert_eq!(
        names,
        ["brown.ron", "smith.ron"],
        "the opened draft's first, once"
    );
    let mut h = harness(app);
    h.run();
    h.get_by_label_contains("Discard brown.ron").click();
    h.run();
    assert!(!store.file_for(Some(&brown)).exists());
    assert_eq!(h.state().doc.display_name(), "brown.ron");
    assert!(!h.state().doc.is_dirty(), "brown.ron stays as saved");
    assert!(h.query_by_label_contains("Restore smith.ron").is_some());
}
