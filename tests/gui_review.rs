//! The two-person review in the app (issue 37): two windows on one draft in one folder, as two
//! volunteers have them. The reviewer takes the draft over, asks for changes and adds a note; the
//! preparer's window says so in a banner, the conflict window lists what changed, and "Replace it
//! with mine" keeps the reviewer's request and note. A changed draft loads in one click, and asks
//! first over unsaved changes; a read-only window reloads too.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use njtax_engine::answers::{ClinicStatus, NoteAbout};
use njtax_engine::{Answers, ParamBook};
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};

fn harness_with(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

/// A window of a volunteer called `name` with `path` opened (or asked about).
fn volunteer_opens(name: &str, path: &Path) -> Harness<'static, App> {
    let mut app = App::new(
        Answers::default(),
        "Test draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    );
    app.ui_state.settings.volunteer = name.into();
    app.open_file(path);
    let mut h = harness_with(app);
    h.run();
    h
}

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("njtax-review-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A clean return in a clinic, marked ready for review by Pat Lee, written to `dir/client.ron`.
fn ready_draft(dir: &Path) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/single-renter.ron");
    let mut d = njtax_ui::files::read_draft(&path).unwrap();
    d.answers.clinic = Some(Default::default());
    let set = njtax_engine::compute::compute_set(&d.answers, &ParamBook::load().unwrap()).unwrap();
    njtax_engine::clinic::set_status(
        &mut d.answers,
        &set,
        ClinicStatus::ReadyForReview,
        "Pat Lee",
        "2026-12-07T14:00:00Z",
        "",
    )
    .unwrap();
    let out = dir.join("client.ron");
    njtax_ui::files::write_draft(&out, &d).unwrap();
    out
}

fn on_disk(path: &Path) -> Answers {
    njtax_ui::files::read_draft(path).unwrap().answers
}

fn status(h: &Harness<'_, App>) -> (String, bool) {
    h.state().ui_state.message.clone().unwrap_or_default()
}

/// Go to a section by its entry in the section list (the first node so named: the Start
/// screen's checklist may name it too).
fn go_to(h: &mut Harness<'_, App>, section: &str) {
    h.get_all_by_label(section).next().unwrap().click();
    h.run();
}

fn set_wages(h: &mut Harness<'_, App>, wages: &str) {
    go_to(h, "Income");
    let field = h.get_all_by_label("State wages (box 16)").next().unwrap();
    field.focus();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    field.type_text(wages);
    h.run();
}

fn save(h: &mut Harness<'_, App>) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
}

/// Another volunteer's `njtax note` on the draft (the update lock, read, change, write).
fn note_from_elsewhere(path: &Path, text: &str) {
    njtax_ui::sharing::update_draft(path, "Sam Ortiz", std::time::Duration::from_secs(5), |d| {
        njtax_engine::clinic::add_note(
            &mut d.answers,
            NoteAbout::Return,
            text,
            "Sam Ortiz",
            "2026-12-07T14:30:00Z",
        )
        .map_err(|e| e.to_string())
    })
    .unwrap();
}

#[test]
fn a_reviewers_takeover_request_and_note_survive_the_preparers_replace_and_are_shown_first() {
    let dir = temp_dir("takeover");
    let draft = ready_draft(&dir);
    let mut pat = volunteer_opens("Pat Lee", &draft);
    // The reviewer takes it over, asks for changes, adds a note, corrects a figure and saves.
    let mut sam = volunteer_opens("Sam Ortiz", &draft);
    sam.get_by_label("Take it over").click();
    sam.run();
    assert!(sam.state().ui_state.read_only.is_none());
    go_to(&mut sam, "Clinic review");
    sam.get_by_label("Request changes").click();
    sam.run();
    let field = sam.get_by_label("New note");
    field.focus();
    field.type_text("the pension 1099-R is missing");
    sam.run();
    sam.get_by_label("Add the note").click();
    sam.run();
    set_wages(&mut sam, "60000");
    save(&mut sam);
    assert_eq!(status(&sam), ("Saved client.ron".to_owned(), false));
    // The preparer's window says so within a second or two, without anyone doing anything.
    pat.run_steps(6);
    let banner = pat
        .state()
        .ui_state
        .changed_on_disk
        .clone()
        .expect("the preparer's window noticed the save");
    assert!(
        banner
            .headline
            .starts_with("Sam Ortiz changed this draft at "),
        "{}",
        banner.headline
    );
    assert!(
        banner
            .headline
            .ends_with("changed answers, requested changes, added note 1"),
        "{}",
        banner.headline
    );
    assert!(
        pat.query_all_by_label_contains(&banner.headline)
            .next()
            .is_some()
    );
    assert!(pat.query_by_label("Load their version").is_some());
    // The preparer, not looking, changes the wages too and saves: the conflict window lists what
    // the reviewer changed before anyone chooses.
    set_wages(&mut pat, "55000");
    save(&mut pat);
    let (msg, _) = status(&pat);
    assert!(msg.starts_with("Did not save client.ron"), "{msg}");
    // The comparison is waited for a moment, then filled in when ready (a loaded machine).
    for _ in 0..100 {
        let still = pat
            .state()
            .ui_state
            .conflict
            .as_ref()
            .and_then(|c| c.theirs.as_ref())
            .is_some_and(|t| t.comparison == njtax_ui::review::STILL_COMPARING);
        if !still {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        pat.run();
    }
    let conflict = pat.state().ui_state.conflict.clone().unwrap();
    let theirs = conflict.theirs.expect("what changed is worked out");
    assert!(
        theirs
            .clinic
            .iter()
            .any(|l| l.contains("changes requested by Sam Ortiz (login ")),
        "{:?}",
        theirs.clinic
    );
    assert!(
        theirs
            .clinic
            .iter()
            .any(|l| l.contains("note 1 added by Sam Ortiz")
                && l.ends_with("the pension 1099-R is missing"))
    );
    assert!(
        theirs.comparison.contains("60,000.00"),
        "{}",
        theirs.comparison
    );
    for line in &theirs.clinic {
        assert!(pat.query_by_label_contains(line).is_some(), "shown: {line}");
    }
    assert!(pat.query_by_label_contains("60,000.00").is_some());
    // Replace it with mine: the preparer's wages, and the reviewer's request and note.
    pat.get_by_label("Replace it with mine").click();
    pat.run();
    let (msg, is_error) = status(&pat);
    assert!(!is_error && msg.contains("kept with yours"), "{msg}");
    let saved = on_disk(&draft);
    assert_eq!(saved.income.w2s[0].state_wages, rust_decimal::dec!(55000));
    let record = saved.clinic.unwrap();
    assert_eq!(record.status, ClinicStatus::ChangesRequested);
    assert_eq!(record.reviewer, "Sam Ortiz");
    assert_eq!(record.preparer, "Pat Lee");
    assert_eq!(record.notes.len(), 1);
    assert_eq!(record.notes[0].text, "the pension 1099-R is missing");
    assert_eq!(record.history.len(), 2);
    assert!(!pat.state().doc.is_dirty());
    assert!(pat.state().ui_state.changed_on_disk.is_none());
    // The preparer's screen shows the request and the note now.
    go_to(&mut pat, "Clinic review");
    assert!(
        pat.query_by_label_contains("Status: changes requested")
            .is_some()
    );
    assert!(
        pat.query_by_label("the pension 1099-R is missing")
            .is_some()
    );
    drop(sam);
    drop(pat);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_changed_draft_loads_in_one_click_asks_first_over_unsaved_changes_and_reloads_read_only() {
    let dir = temp_dir("load");
    let draft = ready_draft(&dir);
    let mut pat = volunteer_opens("Pat Lee", &draft);
    note_from_elsewhere(&draft, "W-2 box 16 looks high");
    pat.run_steps(6);
    let headline = pat
        .state()
        .ui_state
        .changed_on_disk
        .as_ref()
        .map(|c| c.headline.clone())
        .unwrap();
    assert!(
        headline.starts_with("Sam Ortiz changed this draft at ")
            && headline.ends_with(": added note 1"),
        "{headline}"
    );
    // Nothing unsaved here: one click.
    pat.get_by_label("Load their version").click();
    pat.run();
    let notes = pat.state().doc.answers().clinic.clone().unwrap().notes;
    assert_eq!(notes.len(), 1);
    assert!(!pat.state().doc.is_dirty());
    assert!(pat.state().ui_state.changed_on_disk.is_none());
    let (msg, _) = status(&pat);
    assert!(
        msg.starts_with("Loaded the version of client.ron on disk"),
        "{msg}"
    );
    // Unsaved changes here: asked first; nothing goes until confirmed.
    set_wages(&mut pat, "55000");
    note_from_elsewhere(&draft, "and the pension");
    pat.run_steps(6);
    pat.get_by_label("Load their version").click();
    pat.run();
    assert!(
        pat.query_by_label("Loading their version drops the changes you have not saved here.")
            .is_some()
    );
    assert!(pat.state().doc.is_dirty());
    assert_eq!(
        pat.state().doc.answers().income.w2s[0].state_wages,
        rust_decimal::dec!(55000)
    );
    pat.get_by_label("Load theirs and drop my changes").click();
    pat.run();
    assert!(!pat.state().doc.is_dirty());
    assert_eq!(
        pat.state()
            .doc
            .answers()
            .clinic
            .clone()
            .unwrap()
            .notes
            .len(),
        2
    );
    assert_ne!(
        pat.state().doc.answers().income.w2s[0].state_wages,
        rust_decimal::dec!(55000)
    );
    // A read-only window offers to reload, and stays read-only.
    let mut lee = volunteer_opens("Lee Chan", &draft);
    lee.get_by_label("Open read-only").click();
    lee.run();
    assert!(lee.state().ui_state.read_only.is_some());
    note_from_elsewhere(&draft, "third note");
    lee.run_steps(6);
    assert!(lee.query_by_label("Keep mine, merge at save").is_none());
    lee.get_by_label("Load their version").click();
    lee.run();
    assert_eq!(
        lee.state()
            .doc
            .answers()
            .clinic
            .clone()
            .unwrap()
            .notes
            .len(),
        3
    );
    assert!(lee.state().ui_state.read_only.is_some());
    // Taken over after another change, it starts from the newest version.
    note_from_elsewhere(&draft, "fourth note");
    lee.get_by_label("Take it over").click();
    lee.run();
    assert!(lee.state().ui_state.read_only.is_none());
    assert_eq!(
        lee.state()
            .doc
            .answers()
            .clinic
            .clone()
            .unwrap()
            .notes
            .len(),
        4
    );
    let (msg, _) = status(&lee);
    assert!(
        msg.contains("with the version saved there since you opened it"),
        "{msg}"
    );
    drop(lee);
    drop(pat);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keep_mine_merge_at_save_saves_mine_without_asking_and_keeps_their_note() {
    let dir = temp_dir("keep");
    let draft = ready_draft(&dir);
    let mut pat = volunteer_opens("Pat Lee", &draft);
    set_wages(&mut pat, "55000");
    note_from_elsewhere(&draft, "check the W-2");
    pat.run_steps(6);
    pat.get_by_label("Keep mine, merge at save").click();
    pat.run();
    assert!(pat.state().ui_state.changed_on_disk.is_none());
    save(&mut pat);
    assert!(pat.state().ui_state.conflict.is_none());
    let (msg, is_error) = status(&pat);
    assert!(!is_error && msg.contains("kept with yours"), "{msg}");
    let saved = on_disk(&draft);
    assert_eq!(saved.income.w2s[0].state_wages, rust_decimal::dec!(55000));
    assert_eq!(saved.clinic.unwrap().notes[0].text, "check the W-2");
    // A version changed again after the choice is asked about again.
    set_wages(&mut pat, "56000");
    note_from_elsewhere(&draft, "again");
    save(&mut pat);
    assert!(pat.state().ui_state.conflict.is_some());
    drop(pat);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_preparer_approving_in_the_app_is_refused_and_the_history_names_the_login() {
    let dir = temp_dir("self");
    let draft = ready_draft(&dir);
    let mut pat = volunteer_opens("Pat Lee", &draft);
    go_to(&mut pat, "Clinic review");
    pat.get_by_label("Approve").click();
    pat.run();
    let (msg, is_error) = status(&pat);
    assert!(
        is_error
            && msg
                == "Not done: Pat Lee prepared this return, so another volunteer must approve it: every return is checked by a second person",
        "{msg}"
    );
    assert_eq!(
        pat.state().doc.answers().clinic.as_ref().unwrap().status,
        ClinicStatus::ReadyForReview
    );
    // A step taken here is signed with the login and the computer, and the history shows them.
    pat.get_by_label("Start preparing").click();
    pat.run();
    let step = pat
        .state()
        .doc
        .answers()
        .clinic
        .clone()
        .unwrap()
        .history
        .pop()
        .unwrap();
    assert_eq!(step.login, njtax_ui::review::os_login());
    assert_eq!(step.computer, njtax_ui::sharing::host_name());
    assert!(!step.login.is_empty());
    pat.get_by_label("History (2 steps)").click();
    pat.run();
    assert!(
        pat.query_by_label_contains(&format!("in progress by Pat Lee (login {}", step.login))
            .is_some()
    );
    drop(pat);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A pipe put in the draft's place is said in the banner, never read (a read would hang the
/// window), and a save refuses it.
#[cfg(unix)]
#[test]
fn a_pipe_put_in_place_of_the_draft_is_said_and_never_read_or_saved_over() {
    let dir = temp_dir("fifo");
    let draft = ready_draft(&dir);
    let mut pat = volunteer_opens("Pat Lee", &draft);
    set_wages(&mut pat, "55000");
    std::fs::remove_file(&draft).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&draft).status();
    if !made.is_ok_and(|s| s.success()) {
        println!("skipped: mkfifo is not available here");
        return;
    }
    pat.run_steps(6);
    let change = pat.state().ui_state.changed_on_disk.clone().unwrap();
    assert!(
        change.headline.contains("is no longer a draft file"),
        "{}",
        change.headline
    );
    assert!(pat.query_by_label("Load their version").is_none());
    save(&mut pat);
    let (msg, is_error) = status(&pat);
    assert!(
        is_error && msg.starts_with("Did not save client.ron: it is not a draft file now"),
        "{msg}"
    );
    assert!(pat.state().doc.is_dirty());
    drop(pat);
    let _ = std::fs::remove_dir_all(&dir);
}
