//! File > Remove client data from this computer…, as a volunteer at the end of a clinic day meets
//! it: the confirmation lists what would go (recovery copies by draft, the recent list, the
//! volunteer name, the clipboard the window filled) and what stays; Remove takes it all off this
//! computer, leaves other open windows' recovery copies and the drafts alone, and closes the draft;
//! Cancel and the unsaved-changes prompt's Cancel remove nothing.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use njtax_engine::answers::{Date, Person};
use njtax_engine::{Answers, Draft};
use njtax_ui::App;
use njtax_ui::platform::{RecentFile, RecentStore as _, ScriptedDialogs};
use njtax_ui::recovery::RecoveryStore;
use njtax_ui::settings::{Settings, SettingsFile, SettingsStore as _};

fn client(name: &str, ssn: &str) -> Answers {
    Answers {
        tax_year: 2024,
        taxpayer: Person {
            name: name.into(),
            ssn: ssn.into(),
            birth_date: Date::new(1990, 5, 1),
            ..Person::default()
        },
        ..Answers::default()
    }
}

fn draft(answers: Answers) -> Draft {
    Draft {
        format_version: njtax_engine::FORMAT_VERSION,
        answers,
    }
}

/// A clipboard that keeps what it was given (the last text is what the system would hold).
#[derive(Clone, Default)]
struct Recorder(std::sync::Arc<std::sync::Mutex<Vec<String>>>);

impl njtax_ui::platform::Clipboard for Recorder {
    fn copy_text(&mut self, _ctx: &egui::Context, text: &str) -> Result<(), String> {
        self.0.lock().unwrap().push(text.to_owned());
        Ok(())
    }
}

fn harness(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

fn confirmation_shown(h: &Harness<'_, App>) -> bool {
    h.query_by_role_and_label(
        egui::accesskit::Role::AlertDialog,
        "Remove client data from this computer",
    )
    .is_some()
}

fn ask(h: &mut Harness<'_, App>) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Remove client data from this computer…")
        .click();
    h.run();
}

/// The files in `dir` and below whose bytes contain `needle`.
fn files_containing(dir: &Path, needle: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for path in entries.flatten().map(|e| e.path()) {
        if path.is_dir() {
            out.extend(files_containing(&path, needle));
        } else if std::fs::read(&path)
            .is_ok_and(|b| b.windows(needle.len()).any(|w| w == needle.as_bytes()))
        {
            out.push(path);
        }
    }
    out
}

/// A clinic laptop at the end of the day: a crashed window's recovery copy, a recovery copy of a
/// draft saved after all, another window still open, the recent list, the volunteer's name and a
/// copied SSN. Remove takes off everything of this window's clients and nothing else.
#[test]
fn remove_client_data_lists_then_removes_what_the_app_kept_outside_the_drafts() {
    let _keys = crate::common::crypt_registry();
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state");
    let config = dir.path().join("config");
    let folder = dir.path().join("clinic");
    std::fs::create_dir_all(&folder).unwrap();
    let recovery_dir = state.join("recovery");

    // A window that crashed with unsaved edits of Ana's draft (its mark is gone with it).
    let crashed = RecoveryStore::new(recovery_dir.clone());
    let ana_path = folder.join("ana.ron");
    crashed
        .save(
            Some(&ana_path),
            "ana.ron",
            &draft(client("Ana Clientname", "400-00-1234")),
            None,
        )
        .unwrap();
    // A recovery copy whose draft was saved after all: not offered, but it still names Ben.
    let ben_path = folder.join("ben.ron");
    let ben = draft(client("Ben Clientname", "400-00-5678"));
    njtax_ui::files::write_draft(&ben_path, &ben).unwrap();
    crashed
        .save(Some(&ben_path), "ben.ron", &ben, None)
        .unwrap();
    drop(crashed);
    // Another window still open, with Cleo's edits: left alone.
    let open_elsewhere = RecoveryStore::new(recovery_dir.clone());
    open_elsewhere
        .save(
            Some(&folder.join("cleo.ron")),
            "cleo.ron",
            &draft(client("Cleo Other", "400-00-9999")),
            None,
        )
        .unwrap();

    let mut recent = RecentFile::new(config.join("recent.ron"));
    recent.store(&[ana_path.clone(), ben_path.clone()]);
    let mut settings = SettingsFile::new(config.join("settings.ron"));
    settings
        .store(&Settings {
            volunteer: "Sam Ortiz".into(),
            ..Settings::default()
        })
        .unwrap();

    let clipboard = Recorder::default();
    let app = App::new(
        client("Dana Clientname", "400-00-4321"),
        "dana.ron",
        Box::new(ScriptedDialogs::default()),
        Box::new(RecentFile::new(config.join("recent.ron"))),
    )
    .with_settings(Box::new(SettingsFile::new(config.join("settings.ron"))))
    .with_clipboard(Box::new(clipboard.clone()))
    .with_recovery(RecoveryStore::new(recovery_dir.clone()));
    let mut h = harness(app);
    h.run();
    // Ana's recovery is offered at start: decided later.
    h.get_by_label("Decide later").click();
    h.run();
    h.state_mut().send(njtax_ui::Command::CopyToClipboard {
        label: "your SSN".into(),
        value: "400-00-4321".into(),
    });
    h.run();

    ask(&mut h);
    assert!(
        confirmation_shown(&h),
        "a confirmation lists before removing"
    );
    assert!(
        h.query_by_label_contains("2 recovery copies of unsaved work (ana.ron, ben.ron)")
            .is_some(),
        "each recovery copy is named by its draft, the one saved after all too"
    );
    assert!(
        h.query_by_label_contains("The list of recent drafts (2 drafts)")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("The volunteer name remembered here (Sam Ortiz)")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("What this window copied to the clipboard")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("1 recovery copy of other windows still open stay")
            .is_some(),
        "what is left alone is said before"
    );
    assert!(
        h.query_by_label_contains("dana.ron is closed and a new empty draft shown")
            .is_some()
    );
    let files_before = files_containing(&recovery_dir, "Clientname").len();
    assert_eq!(
        files_before, 2,
        "nothing is removed before the confirmation"
    );

    h.get_by_label("Remove").click();
    h.run();
    assert!(!confirmation_shown(&h));
    let (message, is_error) = h.state().ui_state.message.clone().unwrap();
    assert!(!is_error, "{message}");
    assert!(
        message.starts_with("Removed from this computer: 2 recovery copies"),
        "{message}"
    );
    assert_eq!(h.state().doc.display_name(), "Untitled draft");
    assert!(h.state().doc.answers().taxpayer.name.is_empty());
    assert!(h.state().recent.is_empty());
    assert_eq!(h.state().ui_state.settings.volunteer, "");
    for needle in ["Clientname", "Sam Ortiz", "400-00-1234", "400-00-5678"] {
        let left: Vec<PathBuf> = [&state, &config]
            .iter()
            .flat_map(|d| files_containing(d, needle))
            .collect();
        assert!(left.is_empty(), "{needle} is still in {left:?}");
    }
    assert_eq!(
        files_containing(&recovery_dir, "Cleo Other").len(),
        1,
        "the recovery copy of a window still open stays"
    );
    assert!(
        ben_path.exists() && folder.join("ben.ron").exists(),
        "drafts stay"
    );
    assert_eq!(
        clipboard.0.lock().unwrap().clone(),
        vec!["400-00-4321".to_owned(), String::new()],
        "the clipboard this window filled is emptied"
    );
    drop(open_elsewhere);
}

/// Cancel in the confirmation, and Cancel in the unsaved-changes prompt after it, remove nothing;
/// Discard changes goes on and removes.
#[test]
fn remove_client_data_waits_for_the_confirmation_and_for_unsaved_changes() {
    let _keys = crate::common::crypt_registry();
    let dir = tempfile::tempdir().unwrap();
    let recovery_dir = dir.path().join("recovery");
    let crashed = RecoveryStore::new(recovery_dir.clone());
    crashed
        .save(
            None,
            "Untitled draft",
            &draft(client("Eve Clientname", "400-00-2222")),
            None,
        )
        .unwrap();
    drop(crashed);
    let app = App::new(
        client("Fay Clientname", "400-00-3333"),
        "fay.ron",
        Box::new(ScriptedDialogs::default()),
        Box::new(njtax_ui::platform::MemoryRecent::default()),
    )
    .with_recovery(RecoveryStore::new(recovery_dir.clone()));
    let mut h = harness(app);
    h.run();
    h.get_by_label("Decide later").click();
    h.run();

    ask(&mut h);
    h.get_by_label("Cancel").click();
    h.run();
    assert!(!confirmation_shown(&h));
    assert_eq!(files_containing(&recovery_dir, "Eve Clientname").len(), 1);
    assert_eq!(h.state().doc.answers().taxpayer.name, "Fay Clientname");

    // Unsaved changes: the usual prompt comes first.
    h.state_mut().send(njtax_ui::Command::Set {
        path: "taxpayer.name".into(),
        value: serde_json::json!("Fay Changed"),
    });
    h.run();
    assert!(h.state().doc.is_dirty());
    ask(&mut h);
    h.get_by_label("Remove").click();
    h.run();
    assert!(
        h.query_by_label("Unsaved changes").is_some(),
        "unsaved changes are asked about first"
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(files_containing(&recovery_dir, "Eve Clientname").len(), 1);
    assert_eq!(h.state().doc.answers().taxpayer.name, "Fay Changed");

    ask(&mut h);
    h.get_by_label("Remove").click();
    h.run();
    h.get_by_label("Discard changes").click();
    h.run();
    assert!(files_containing(&recovery_dir, "Clientname").is_empty());
    assert!(h.state().doc.answers().taxpayer.name.is_empty());
    assert!(!h.state().doc.is_dirty());
}
