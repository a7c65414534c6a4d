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
    store.save(None, "Untitled draft", &draft, None).unwrap();
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
        base: None,
        file: None,
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
    // smith.ron's time stamp moved after the crash (copied, touched: its answers are as before);
    // jones.ron was saved with the recovered answers (nothing to recover); a draft never saved has
    // a recovery too.
    draft_file_changed_at(&smith, 1_800_000_000);
    store
        .write(&recovery_at(Some(&smith), "smith.ron", 52_000))
        .unwrap();
    let jones_recovery = recovery_at(Some(&jones), "jones.ron", 1);
    njtax_ui::files::write_draft(&jones, &jones_recovery.draft).unwrap();
    store.write(&jones_recovery).unwrap();
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
        "a draft that holds the recovered answers has nothing to recover"
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

/// Type state wages into a new W-2 as a user would (Income, Add a W-2, the wages field).
fn type_wages(h: &mut Harness<'_, App>, wages: &str) {
    if h.query_by_label("Add a W-2").is_none() {
        h.get_by_label("Income").click();
        h.run();
    }
    // Below the W-2s already entered, each question with its help: scrolled to first.
    h.get_by_label("Add a W-2").scroll_to_me();
    h.run();
    h.get_by_label("Add a W-2").click();
    h.run();
    let field = h.get_all_by_label("State wages (box 16)").last().unwrap();
    field.focus();
    field.type_text(wages);
    h.run();
}

/// The window loses the focus (autosave), then gets it back.
fn lose_and_regain_focus(h: &mut Harness<'_, App>) {
    h.input_mut().focused = false;
    h.event(egui::Event::WindowFocused(false));
    h.run();
    h.input_mut().focused = true;
    h.event(egui::Event::WindowFocused(true));
    h.run();
}

fn wages_in(path: &std::path::Path) -> Vec<rust_decimal::Decimal> {
    njtax_ui::files::read_draft(path)
        .unwrap()
        .answers
        .income
        .w2s
        .iter()
        .map(|w| w.state_wages)
        .collect()
}

fn alert_shown(h: &Harness<'_, App>, heading: &str) -> bool {
    h.query_by_role_and_label(egui::accesskit::Role::AlertDialog, heading)
        .is_some()
}

#[test]
fn two_windows_on_one_draft_keep_their_own_recovery_and_the_second_save_is_stopped() {
    let dir = std::env::temp_dir().join(format!("njtax-two-windows-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let state = dir.join("state");
    let smith = dir.join("smith.ron");
    let kept_apart = dir.join("smith-second-window.ron");
    draft_file_changed_at(&smith, 1_700_000_000);
    // Two windows (two copies of the app), each with its own recovery files in the same folder.
    let (store_a, store_b) = (
        RecoveryStore::new(state.clone()),
        RecoveryStore::new(state.clone()),
    );
    let mut a = App::new(
        answers(),
        "Sample return",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .with_recovery(store_a.clone());
    a.open_file(&smith);
    let mut a = harness(a);
    a.run();
    assert_eq!(a.state().doc.display_name(), "smith.ron");

    // The second window is told the draft is already open, and opens it all the same.
    let dialogs = ScriptedDialogs {
        save: vec![kept_apart.clone()],
        ..ScriptedDialogs::default()
    };
    let mut b = App::new(
        answers(),
        "Sample return",
        Box::new(dialogs),
        Box::new(MemoryRecent::default()),
    )
    .with_recovery(store_b.clone());
    b.open_file(&smith);
    let mut b = harness(b);
    b.run();
    assert!(alert_shown(
        &b,
        "smith.ron is already open in another window"
    ));
    assert_eq!(
        b.state().doc.display_name(),
        "Sample return",
        "nothing is opened before the filer chooses"
    );
    b.get_by_label("Take it over").click();
    b.run();
    assert_eq!(b.state().doc.display_name(), "smith.ron");

    // Both edit; both autosave when they lose the focus, each to a recovery file of its own.
    type_wages(&mut a, "1,111");
    type_wages(&mut b, "2,222");
    lose_and_regain_focus(&mut a);
    lose_and_regain_focus(&mut b);
    let (rec_a, rec_b) = (
        store_a.file_for(Some(&smith)),
        store_b.file_for(Some(&smith)),
    );
    assert_ne!(rec_a, rec_b);
    assert!(rec_a.exists() && rec_b.exists(), "each window autosaved");
    assert_eq!(
        store_a.find(Some(&smith)).unwrap().draft.answers.income.w2s[0].state_wages,
        rust_decimal::dec!(1111)
    );
    assert_eq!(
        store_b.find(Some(&smith)).unwrap().draft.answers.income.w2s[0].state_wages,
        rust_decimal::dec!(2222),
        "the second window's autosave did not overwrite the first's"
    );

    // The first window saves: its recovery copy goes, the second window's stays.
    a.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    a.run();
    assert_eq!(
        a.state().ui_state.message,
        Some(("Saved smith.ron".to_owned(), false))
    );
    assert_eq!(wages_in(&smith), [rust_decimal::dec!(1111)]);
    assert!(!rec_a.exists());
    assert!(
        rec_b.exists(),
        "one window's save keeps the other's recovery copy"
    );

    // The second window saves: it is stopped, nothing is written, and it is offered choices.
    b.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    b.run();
    let heading = "smith.ron was changed by another window or program";
    assert!(alert_shown(&b, heading));
    for choice in ["Save as another name…", "Replace it with mine", "Cancel"] {
        assert!(b.query_by_label(choice).is_some(), "{choice}");
    }
    assert_eq!(
        wages_in(&smith),
        [rust_decimal::dec!(1111)],
        "the first window's save survives"
    );
    let (status, is_error) = b.state().ui_state.message.clone().unwrap();
    assert!(
        is_error && status.starts_with("Did not save smith.ron"),
        "{status}"
    );
    // Cancel: nothing saved, the changes stay.
    b.get_by_label("Cancel").click();
    b.run();
    assert!(!alert_shown(&b, heading));
    assert!(b.state().doc.is_dirty());
    assert_eq!(wages_in(&smith), [rust_decimal::dec!(1111)]);

    // Save again, and keep both: the second window's work goes to another name.
    b.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    b.run();
    assert!(alert_shown(&b, heading));
    b.get_by_label("Save as another name…").click();
    b.run();
    assert!(!alert_shown(&b, heading));
    assert_eq!(wages_in(&smith), [rust_decimal::dec!(1111)]);
    assert_eq!(wages_in(&kept_apart), [rust_decimal::dec!(2222)]);
    assert_eq!(b.state().doc.path.as_deref(), Some(kept_apart.as_path()));
    assert!(!b.state().doc.is_dirty());
    assert!(
        !rec_b.exists(),
        "saved: the second window's recovery copy goes too"
    );
}

#[test]
fn replace_it_with_mine_saves_over_a_draft_changed_elsewhere() {
    let dir = std::env::temp_dir().join(format!("njtax-replace-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let smith = dir.join("smith.ron");
    draft_file_changed_at(&smith, 1_700_000_000);
    let mut app = App::new(
        answers(),
        "Sample return",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    );
    app.open_file(&smith);
    let mut h = harness(app);
    h.run();
    type_wages(&mut h, "3,000");
    // Another program saves the draft meanwhile.
    let mut other = answers();
    other.taxpayer.name = "Changed Elsewhere".into();
    njtax_ui::files::write_draft(
        &smith,
        &njtax_engine::Draft {
            format_version: njtax_engine::FORMAT_VERSION,
            answers: other,
        },
    )
    .unwrap();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(alert_shown(
        &h,
        "smith.ron was changed by another window or program"
    ));
    assert!(
        wages_in(&smith).is_empty(),
        "nothing saved before the choice"
    );
    h.get_by_label("Replace it with mine").click();
    h.run();
    assert_eq!(wages_in(&smith), [rust_decimal::dec!(3000)]);
    assert_eq!(
        h.state().ui_state.message,
        Some(("Saved smith.ron".to_owned(), false))
    );
    // Saved here since: the next save goes through without asking.
    type_wages(&mut h, "4,000");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert_eq!(h.state().ui_state.conflict, None);
    assert_eq!(wages_in(&smith).len(), 2);
}

#[test]
fn a_recovery_is_found_whichever_way_its_draft_is_reached() {
    let dir = std::env::temp_dir().join(format!("njtax-recovery-paths-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = RecoveryStore::new(dir.join("state"));
    let x = dir.join("returns").join("x.ron");
    draft_file_changed_at(&x, 1_700_000_000);
    let dotted = dir.join("returns").join(".").join("x.ron");
    let roundabout = dir.join("returns").join("..").join("returns").join("x.ron");
    #[cfg(unix)]
    let link = {
        let link = dir.join("link.ron");
        std::os::unix::fs::symlink(&x, &link).unwrap();
        link
    };
    // Windows lets only administrators (or developer mode) make symbolic links.
    #[cfg(not(unix))]
    let link = x.clone();
    // Autosaved while the draft was open as `./x.ron`.
    let mut recovery = recovery_at(Some(&dotted), "x.ron", 9_000);
    recovery.written_unix = 1_750_000_000;
    store
        .save(Some(&dotted), "x.ron", &recovery.draft, None)
        .unwrap();
    let recovery_file = store.file_for(Some(&dotted));
    assert_eq!(store.file_for(Some(&dotted)), store.file_for(Some(&x)));
    assert_eq!(store.file_for(Some(&link)), store.file_for(Some(&x)));
    assert!(recovery_file.exists());
    // That window is gone (a crash): its recovery is offered to the next.
    drop(store);
    // The draft's time stamp moves (copied back, touched): the recovery is still offered.
    let file = std::fs::File::options().write(true).open(&x).unwrap();
    file.set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(3600))
        .unwrap();
    for path in [&x, &dotted, &roundabout, &link] {
        let mut app = App::new(
            answers(),
            "Sample return",
            Box::new(ScriptedDialogs::default()),
            Box::new(MemoryRecent::default()),
        )
        .with_recovery(RecoveryStore::new(dir.join("state")));
        app.ui_state.recovery_offers.clear();
        app.open_file(path);
        assert_eq!(
            app.ui_state.recovery_offers.len(),
            1,
            "opened as {}",
            path.display()
        );
        assert_eq!(
            app.ui_state.recovery_offers[0].draft.answers.income.w2s[0].state_wages,
            rust_decimal::dec!(9000)
        );
    }
}

#[cfg(unix)]
#[test]
fn a_recovery_file_of_another_user_is_refused_and_said_so() {
    let dir = std::env::temp_dir().join(format!("njtax-recovery-foreign-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = RecoveryStore::new(dir.join("state"));
    store
        .write(&recovery_at(None, "Planted draft", 99_999))
        .unwrap();
    let planted = store.file_for(None);
    // The window that wrote it is gone.
    drop(store);
    // Another user (nobody, 65534) owns it: only root can arrange that, as in CI.
    if let Err(e) = std::os::unix::fs::chown(&planted, Some(65_534), Some(65_534)) {
        eprintln!("skipped: cannot give a file to another user here ({e})");
        return;
    }
    let app = App::new(
        answers(),
        "Sample return",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .with_recovery(RecoveryStore::new(dir.join("state")));
    assert!(
        app.ui_state.recovery_offers.is_empty(),
        "another user's recovery file is not offered"
    );
    let mut h = harness(app);
    h.run();
    assert!(!recovery_list_shown(&h));
    let (status, is_error) = h.state().ui_state.message.clone().unwrap();
    assert!(is_error);
    assert!(
        status.contains("belongs to another user") && status.contains("did not offer"),
        "{status}"
    );
    assert!(planted.exists(), "the file is left where it is");
}

/// Save dialogs that note whether the recovery file was written when they opened.
struct WatchingDialogs {
    recovery_file: std::path::PathBuf,
    seen: std::rc::Rc<std::cell::Cell<Option<bool>>>,
}

impl njtax_ui::platform::FileDialogs for WatchingDialogs {
    fn pick_open(&mut self, _: &njtax_ui::platform::DialogRequest) -> njtax_ui::platform::Picked {
        njtax_ui::platform::Picked::Cancelled
    }

    fn pick_save(&mut self, _: &njtax_ui::platform::DialogRequest) -> njtax_ui::platform::Picked {
        self.seen.set(Some(self.recovery_file.exists()));
        njtax_ui::platform::Picked::Cancelled
    }
}

#[test]
fn unsaved_work_is_autosaved_before_a_file_dialog_opens() {
    let dir = std::env::temp_dir().join(format!("njtax-recovery-dialog-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = RecoveryStore::new(dir.join("state"));
    let seen = std::rc::Rc::new(std::cell::Cell::new(None));
    let dialogs = WatchingDialogs {
        recovery_file: store.file_for(None),
        seen: seen.clone(),
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
    type_wages(&mut h, "5,000");
    assert!(!store.file_for(None).exists(), "not due yet");
    // Save As: the system's dialog blocks the window while it is open.
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::S,
    );
    h.run();
    assert_eq!(
        seen.get(),
        Some(true),
        "the recovery copy was written before the dialog opened"
    );
}

#[cfg(unix)]
#[test]
fn saving_a_draft_with_other_names_says_they_keep_the_previous_version() {
    let dir = std::env::temp_dir().join(format!("njtax-hard-links-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let draft = dir.join("smith.ron");
    draft_file_changed_at(&draft, 1_700_000_000);
    let other = dir.join("smith-copy.ron");
    std::fs::hard_link(&draft, &other).unwrap();
    let mut app = App::new(
        answers(),
        "Sample return",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    );
    app.open_file(&draft);
    let mut h = harness(app);
    h.run();
    type_wages(&mut h, "6,000");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let (status, is_error) = h.state().ui_state.message.clone().unwrap();
    assert!(is_error, "a warning: {status}");
    assert!(
        status.starts_with("Saved smith.ron")
            && status.contains("1 other name")
            && status.contains("previous version"),
        "{status}"
    );
    assert_eq!(wages_in(&draft), [rust_decimal::dec!(6000)]);
    assert!(
        wages_in(&other).is_empty(),
        "the other name keeps the old version"
    );
}
