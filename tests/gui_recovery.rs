//! Autosave and recovery through the app, as a user meets them: edits are autosaved when the window
//! loses focus; the next start offers to restore them, showing when they were written; restoring
//! brings the edits back, and saving the draft removes the recovery copy.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use njtax_engine::Answers;
use njtax_engine::answers::{Date, Person};
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};
use njtax_ui::recovery::RecoveryStore;

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
    assert!(h.query_by_label("Recover unsaved work?").is_some());
    assert!(
        h.query_by_label_contains("UTC").is_some(),
        "the prompt says when the copy was written"
    );
    h.get_by_label("Restore").click();
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
    assert!(
        app.ui_state.recovery_offer.is_some(),
        "the recovery is offered"
    );
    let mut h = harness(app);
    h.run();
    eprintln!(
        "offer after run: {}",
        h.state().ui_state.recovery_offer.is_some()
    );
    h.get_by_label("Discard recovered work").click();
    h.run();
    assert!(h.query_by_label("Recover unsaved work?").is_none());
    assert!(!store.file_for(None).exists());
}
