//! The size limit of drafts in the app and the command line, as a user meets it: a roster of 1,300
//! W-2s saves and opens again; a draft too large to be opened again is not saved (the status bar
//! says why and never "Saved", the file on disk is unchanged), neither is its recovery copy (said
//! in the status bar, not silently), nor a note that would push it over the limit (`njtax note`
//! fails with the size and the limit, and the draft is unchanged).
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use njtax_engine::answers::{Answers, Income, W2};
use njtax_engine::draft::MAX_DRAFT_BYTES;
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};
use njtax_ui::recovery::RecoveryStore;
use rust_decimal::Decimal;

/// Answers with `n` W-2s as a clinic's volunteer fills them.
fn roster(n: usize) -> Answers {
    let w2s = (0..n)
        .map(|i| W2 {
            employer: format!("Garden State Staffing Branch {i}"),
            employer_id: format!("{:012}", 221_234_567_000 + i),
            state_wages: Decimal::new(4_523_417 + i64::try_from(i).unwrap(), 2),
            nj_tax_withheld: Decimal::new(104_255, 2),
            ui_wf_swf: Decimal::new(19_102, 2),
            di: Decimal::new(4_101, 2),
            fli: Decimal::new(2_998, 2),
            ..W2::default()
        })
        .collect();
    Answers {
        tax_year: 2026,
        income: Income {
            w2s,
            ..Income::default()
        },
        ..Answers::default()
    }
}

/// Answers whose draft is larger than the limit (a very long street, not on the Income screen).
fn too_large() -> Answers {
    let mut a = roster(1);
    a.address.street = "x".repeat(usize::try_from(MAX_DRAFT_BYTES).unwrap());
    a
}

fn harness(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

fn save(h: &mut Harness<'_, App>) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
}

fn status(h: &Harness<'_, App>) -> (String, bool) {
    h.state().ui_state.message.clone().unwrap()
}

#[test]
fn a_roster_of_1300_w2s_is_saved_by_the_app_and_opened_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("roster.ron");
    let app = App::new(
        roster(1300),
        "Roster",
        Box::new(ScriptedDialogs {
            save: vec![path.clone()],
            ..ScriptedDialogs::default()
        }),
        Box::new(MemoryRecent::default()),
    );
    let mut h = harness(app);
    h.run();
    save(&mut h);
    assert_eq!(status(&h), ("Saved roster.ron".to_owned(), false));
    assert!(!h.state().doc.is_dirty());
    drop(h);

    let mut app = App::new(
        Answers::default(),
        "Untitled draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    );
    app.open_file(&path);
    assert_eq!(app.doc.answers(), &roster(1300));
    assert_eq!(app.doc.path.as_deref(), Some(path.as_path()));
}

#[test]
fn a_draft_too_large_to_open_again_is_not_saved_and_the_status_bar_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("client.ron");
    njtax_ui::files::write_draft(
        &path,
        &njtax_engine::Draft {
            format_version: njtax_engine::FORMAT_VERSION,
            answers: roster(2),
        },
    )
    .unwrap();
    let before = std::fs::read(&path).unwrap();
    let app = App::new(
        too_large(),
        "Client",
        Box::new(ScriptedDialogs {
            save: vec![path.clone()],
            ..ScriptedDialogs::default()
        }),
        Box::new(MemoryRecent::default()),
    );
    let mut h = harness(app);
    h.run();
    save(&mut h);
    let (message, is_error) = status(&h);
    assert!(is_error, "{message}");
    assert!(
        message.starts_with(
            "Could not save client.ron: the draft would be 4.1 MB, more than the 4 MB"
        ) && message.contains("the file on disk is unchanged"),
        "{message}"
    );
    assert!(!message.contains("Saved"));
    assert!(
        h.query_by_label_contains("the draft would be 4.1 MB")
            .is_some(),
        "shown in the status bar"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before, "unchanged");
    let mut names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["client.ron"], "no backup, lock or temporary file");
    assert_eq!(
        h.state().doc.path,
        None,
        "the window's draft is still not saved to a file"
    );
}

#[test]
fn a_recovery_copy_too_large_is_not_written_and_the_status_bar_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let store = RecoveryStore::new(dir.path().join("state"));
    let app = App::new(
        too_large(),
        "Untitled draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .with_recovery(store.clone());
    let mut h = harness(app);
    h.run();
    h.get_by_label("Income").click();
    h.run();
    h.get_by_label("Add a W-2").scroll_to_me();
    h.run();
    h.get_by_label("Add a W-2").click();
    h.run();
    let field = h.get_all_by_label("State wages (box 16)").last().unwrap();
    field.focus();
    field.type_text("1,000");
    h.run();
    assert!(h.state().doc.is_dirty());
    // The window loses the focus: the autosave is due.
    h.input_mut().focused = false;
    h.event(egui::Event::WindowFocused(false));
    h.run();
    let (message, is_error) = status(&h);
    assert!(is_error, "{message}");
    assert!(
        message.starts_with("Could not write the recovery copy: the draft would be 4.1 MB"),
        "{message}"
    );
    assert!(!store.file_for(None).exists());
}

/// `njtax note` whose note would push a draft over the limit is refused with the size, the limit
/// and what to do; the draft is unchanged byte for byte and no backup is made.
#[test]
fn a_note_that_would_make_the_draft_too_large_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("client.ron");
    let mut answers = roster(3);
    let limit = usize::try_from(MAX_DRAFT_BYTES).unwrap();
    answers.taxpayer.name = "n".repeat(limit - 4_000);
    let draft = njtax_engine::Draft {
        format_version: njtax_engine::FORMAT_VERSION,
        answers,
    };
    njtax_ui::files::write_draft(&path, &draft).unwrap();
    let before = std::fs::read(&path).unwrap();
    let note = "Check the W-2 of branch 2 against the pay stub. ".repeat(120);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_njtax"))
        .args([
            "note",
            path.to_str().unwrap(),
            "--add",
            &note,
            "--as",
            "Sam Ortiz",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "refused as a draft that cannot be written"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the draft would be 4.1 MB, more than the 4 MB a draft can be")
            && err.contains("the file on disk is unchanged"),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert!(!dir.path().join("client.ron.bak1").exists());
    // A short note fits and is added.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_njtax"))
        .args([
            "note",
            path.to_str().unwrap(),
            "--add",
            "Check box 16",
            "--as",
            "Sam Ortiz",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
