//! The lock after a time without input (View > Lock when idle), as a volunteer who steps away
//! from a clinic laptop meets it: with a clinic's draft open the app locks itself after 10 minutes
//! without input, writes the unsaved edits to the recovery copy first, and then shows and names
//! nothing of the client (screen or accessibility tree); the passphrase chosen this session is
//! asked for, or without one the draft is only hidden; closing while locked asks nothing.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use njtax_engine::Answers;
use njtax_engine::answers::{Date, Person};
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};
use njtax_ui::recovery::RecoveryStore;
use njtax_ui::settings::IdleLock;

const NAME: &str = "Gail Clientname";

fn answers(clinic: bool) -> Answers {
    Answers {
        tax_year: 2024,
        taxpayer: Person {
            name: NAME.into(),
            ssn: "400-00-7777".into(),
            birth_date: Date::new(1980, 1, 2),
            ..Person::default()
        },
        clinic: clinic.then(Default::default),
        ..Answers::default()
    }
}

fn harness(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

fn app(clinic: bool, recovery: &std::path::Path) -> App {
    App::new(
        answers(clinic),
        "gail.ron",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .with_recovery(RecoveryStore::new(recovery.to_path_buf()))
}

/// Run frames at `seconds` on egui's clock, with no input.
fn at(h: &mut Harness<'_, App>, seconds: f64) {
    h.input_mut().time = Some(seconds);
    h.run();
}

/// Every name and value the accessibility tree exposes, joined.
fn exposed(h: &Harness<'_, App>) -> String {
    h.query_all_by(|_| true)
        .map(|n| {
            let n = n.accesskit_node();
            format!(
                "{} {}",
                n.label().unwrap_or_default(),
                n.value().unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn edit_name(h: &mut Harness<'_, App>, name: &str) {
    h.state_mut().send(njtax_ui::Command::Set {
        path: "taxpayer.name".into(),
        value: serde_json::json!(name),
    });
    h.run();
}

#[test]
fn a_clinic_draft_left_alone_for_ten_minutes_is_hidden_after_its_edits_are_kept() {
    let _keys = crate::common::crypt_registry();
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(app(true, dir.path()));
    at(&mut h, 1.0);
    edit_name(&mut h, NAME);
    edit_name(&mut h, "Gail Q Clientname");
    // The last input, at 2 s.
    h.input_mut()
        .events
        .push(egui::Event::PointerMoved(egui::pos2(5.0, 5.0)));
    at(&mut h, 2.0);
    assert!(exposed(&h).contains("gail.ron"), "named while in use");
    at(&mut h, 2.0 + 599.0);
    assert!(
        !h.state().ui_state.lock.hides(),
        "not locked before 10 minutes"
    );
    at(&mut h, 2.0 + 601.0);
    assert!(h.state().ui_state.lock.hides(), "locked after 10 minutes");
    assert_eq!(h.state().title(), "njtax (locked)");
    let tree = exposed(&h);
    assert!(h.query_by_label("The draft is hidden").is_some());
    for secret in ["Clientname", "400-00-7777", "7777", "gail.ron"] {
        assert!(
            !tree.contains(secret),
            "{secret} is exposed while locked:\n{tree}"
        );
    }
    let recovery = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
        .find(|t| t.contains("Gail Q Clientname"));
    assert!(
        recovery.is_some(),
        "the unsaved edits went to the recovery copy before the lock"
    );
    h.get_by_label("Show the draft again").click();
    h.run();
    assert!(!h.state().ui_state.lock.hides());
    assert!(exposed(&h).contains("gail.ron"));
}

#[test]
fn the_passphrase_chosen_this_session_unlocks_the_idle_lock_and_closing_asks_nothing() {
    let _keys = crate::common::crypt_registry();
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(app(true, dir.path()));
    at(&mut h, 1.0);
    // View > Lock the app…, then unlock: the passphrase is kept for this session.
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Lock the app…").click();
    h.run();
    let first = h.get_by_label("Passphrase");
    first.focus();
    first.type_text("blue heron");
    let second = h.get_by_label("The same passphrase again");
    second.focus();
    second.type_text("blue heron");
    h.run();
    h.get_by_label("Lock").click();
    h.run();
    let field = h.get_by_label("Passphrase to unlock");
    field.focus();
    field.type_text("blue heron");
    h.run();
    h.get_by_label("Unlock").click();
    h.run();
    assert!(!h.state().ui_state.lock.hides());

    edit_name(&mut h, "Gail R Clientname");
    at(&mut h, 5.0);
    at(&mut h, 5.0 + 601.0);
    assert!(h.state().ui_state.lock.hides());
    assert!(
        h.query_by_label("Passphrase to unlock").is_some(),
        "the session's passphrase is asked for"
    );
    assert!(!exposed(&h).contains("Clientname"));
    let field = h.get_by_label("Passphrase to unlock");
    field.focus();
    field.type_text("wrong");
    h.run();
    h.get_by_label("Unlock").click();
    h.run();
    assert!(h.query_by_label("That is not the passphrase.").is_some());
    assert!(h.state().ui_state.lock.hides());

    // Closing while locked: no question naming the draft; the edits are in the recovery copy.
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.run();
    assert!(h.query_by_label("Unsaved changes").is_none());
    assert!(!exposed(&h).contains("Clientname"));
    let kept = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .any(|e| std::fs::read_to_string(e.path()).is_ok_and(|t| t.contains("Gail R Clientname")));
    assert!(
        kept,
        "closing while locked keeps the edits in the recovery copy"
    );
}

#[test]
fn a_draft_outside_a_clinic_locks_only_when_the_settings_say_always_and_input_restarts_the_time() {
    let _keys = crate::common::crypt_registry();
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(app(false, dir.path()));
    at(&mut h, 1.0);
    at(&mut h, 1.0 + 700.0);
    assert!(
        !h.state().ui_state.lock.hides(),
        "outside a clinic the default does not lock"
    );
    let mut s = h.state().ui_state.settings.clone();
    s.idle_lock = IdleLock::Always;
    s.idle_minutes = 2;
    // Chosen in the View menu: input at 800 s.
    h.state_mut().send(njtax_ui::Command::Settings(s));
    h.input_mut()
        .events
        .push(egui::Event::PointerMoved(egui::pos2(5.0, 5.0)));
    at(&mut h, 800.0);
    at(&mut h, 800.0 + 100.0);
    assert!(!h.state().ui_state.lock.hides());
    // Input at 900 s restarts the time: 2 minutes from then.
    h.input_mut()
        .events
        .push(egui::Event::PointerMoved(egui::pos2(10.0, 10.0)));
    at(&mut h, 900.0);
    at(&mut h, 900.0 + 110.0);
    assert!(!h.state().ui_state.lock.hides(), "input restarted the time");
    at(&mut h, 900.0 + 121.0);
    assert!(h.state().ui_state.lock.hides());
}

/// In an encrypted clinic folder the idle lock writes the recovery copy encrypted, forgets the
/// folder's key, and only the folder's passphrase unlocks the app (a wrong one is said and keeps
/// it locked).
#[test]
fn in_an_encrypted_folder_the_idle_lock_forgets_the_key_and_wants_the_folder_passphrase() {
    let _keys = crate::common::crypt_registry();
    use njtax_ui::crypt::{self, SecretString};
    let dir = tempfile::tempdir().unwrap();
    let clinic = dir.path().join("clinic");
    let state = dir.path().join("state");
    std::fs::create_dir_all(&clinic).unwrap();
    let right = SecretString::from("heron canal 1999".to_owned());
    njtax_ui::crypt_folder::create_key_with(&clinic, &right, Some(10)).unwrap();
    let path = clinic.join("gail.ron");
    njtax_ui::files::write_draft(
        &path,
        &njtax_engine::Draft {
            format_version: njtax_engine::FORMAT_VERSION,
            answers: answers(true),
        },
    )
    .unwrap();
    let mut app = App::new(
        Answers::default(),
        "Untitled draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .with_recovery(RecoveryStore::new(state.clone()));
    app.open_file(&path);
    let mut h = harness(app);
    at(&mut h, 1.0);
    assert_eq!(h.state().doc.answers().taxpayer.name, NAME);
    edit_name(&mut h, "Gail S Clientname");
    h.input_mut()
        .events
        .push(egui::Event::PointerMoved(egui::pos2(5.0, 5.0)));
    at(&mut h, 2.0);
    at(&mut h, 2.0 + 601.0);
    assert!(h.state().ui_state.lock.hides());
    assert!(!crypt::is_unlocked(&clinic), "the key is forgotten");
    assert!(h.query_by_label("Folder passphrase").is_some());
    let tree = exposed(&h);
    assert!(
        !tree.contains("Clientname") && !tree.contains("gail.ron"),
        "{tree}"
    );
    // The recovery copy was written before the key went, encrypted.
    let copies: Vec<Vec<u8>> = std::fs::read_dir(&state)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("recovery-"))
        .map(|e| std::fs::read(e.path()).unwrap())
        .collect();
    assert_eq!(copies.len(), 1);
    assert!(
        !copies[0].windows(10).any(|w| w == b"Clientname"),
        "the recovery copy is encrypted"
    );

    let field = h.get_by_label("Folder passphrase");
    field.focus();
    field.type_text("not it");
    h.run();
    h.get_by_label("Unlock").click();
    crate::common::wait_for_crypt(&mut h);
    assert!(
        h.state().ui_state.lock.hides(),
        "a wrong passphrase keeps it locked"
    );
    assert!(
        h.query_by_label_contains("That is not this folder's passphrase")
            .is_some()
    );
    let field = h.get_by_label("Folder passphrase");
    field.focus();
    field.type_text("heron canal 1999");
    h.run();
    h.get_by_label("Unlock").click();
    crate::common::wait_for_crypt(&mut h);
    assert!(
        !h.state().ui_state.lock.hides(),
        "the folder's passphrase unlocks it"
    );
    assert!(crypt::is_unlocked(&clinic));
    assert_eq!(h.state().doc.answers().taxpayer.name, "Gail S Clientname");
    crypt::forget(&clinic);
}
