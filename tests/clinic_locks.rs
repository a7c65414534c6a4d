//! The draft's lock files as the app's window and the `njtax` commands meet them: Save never
//! waits for another writer and says whose lock it is and which file; something planted where a
//! lock goes (a link to another client's draft, a FIFO, a folder) stops the save or the command
//! with the file's name and what to do, and nothing is written through it.
#![cfg(unix)]
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};
use njtax_ui::sharing::{DraftLock, UpdateLock};

fn example() -> String {
    std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join("single-renter.ron"),
    )
    .unwrap()
}

/// A folder with `client.ron` and another client's draft `other.ron`.
fn folder() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let draft = dir.path().join("client.ron");
    let other = dir.path().join("other.ron");
    std::fs::write(&draft, example()).unwrap();
    std::fs::write(&other, example().replace("Pat", "Other Client")).unwrap();
    (dir, draft, other)
}

/// The app with `draft` open, the volunteer `who`.
fn app_on(draft: &Path, who: &str) -> Harness<'static, App> {
    let mut app = App::new(
        njtax_engine::Answers::default(),
        "Test draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    );
    app.ui_state.settings.volunteer = who.into();
    app.open_file(draft);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    h
}

/// Change the taxpayer's name in the window (an unsaved change to save).
fn edit(h: &mut Harness<'_, App>) {
    h.state_mut().send(njtax_ui::Command::Set {
        path: "taxpayer.name".into(),
        value: serde_json::Value::from("Changed Name"),
    });
    h.run();
}

fn status(h: &Harness<'_, App>) -> String {
    h.state()
        .ui_state
        .message
        .clone()
        .map(|(m, _)| m)
        .unwrap_or_default()
}

/// Save while another volunteer's program holds the draft's update lock: the save returns at once
/// (the window never waits), the status bar names the holder, the computer, the local time and
/// the lock file, and nothing is written; once the lock goes, Save saves.
#[test]
fn save_with_a_held_update_lock_returns_at_once_naming_the_holder_and_the_file() {
    let (_dir, draft, _) = folder();
    let mut h = app_on(&draft, "Ben Ito");
    edit(&mut h);
    let before = std::fs::read(&draft).unwrap();
    let held = UpdateLock::acquire(&draft, "Ana Ruiz", Duration::ZERO).unwrap();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let msg = status(&h);
    let lock = UpdateLock::file_for(&draft);
    assert!(
        msg.starts_with("Did not save client.ron: Ana Ruiz on "),
        "{msg}"
    );
    assert!(msg.contains(&lock.display().to_string()), "{msg}");
    assert!(
        h.query_by_label_contains("Did not save client.ron")
            .is_some(),
        "shown in the status bar"
    );
    assert_eq!(std::fs::read(&draft).unwrap(), before, "nothing written");
    drop(held);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert_eq!(status(&h), "Saved client.ron");
    assert!(
        std::fs::read_to_string(&draft)
            .unwrap()
            .contains("Changed Name")
    );
}

/// A link to another client's draft planted as either lock file: opening says other windows
/// cannot be told and which file to remove; Save refuses with the update lock's name; the other
/// client's draft and the link stay byte for byte.
#[test]
fn a_link_planted_as_a_lock_file_is_never_written_through_and_is_named() {
    let (_dir, draft, other) = folder();
    let original = std::fs::read(&other).unwrap();
    let window_lock = DraftLock::file_for(&draft);
    let update_lock = UpdateLock::file_for(&draft);
    std::os::unix::fs::symlink(&other, &window_lock).unwrap();
    std::os::unix::fs::symlink(&other, &update_lock).unwrap();
    let mut h = app_on(&draft, "Ben Ito");
    let msg = status(&h);
    assert!(
        msg.starts_with("Opened client.ron; other windows cannot be told it is open here")
            && msg.contains(&format!("{} is a symbolic link", window_lock.display()))
            && msg.contains("Remove it"),
        "{msg}"
    );
    edit(&mut h);
    let before = std::fs::read(&draft).unwrap();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let msg = status(&h);
    assert!(
        msg.starts_with(&format!(
            "Did not save client.ron: {} is a symbolic link",
            update_lock.display()
        )) && msg.contains("Remove it"),
        "{msg}"
    );
    assert_eq!(std::fs::read(&other).unwrap(), original);
    assert_eq!(std::fs::read(&draft).unwrap(), before);
    assert_eq!(std::fs::read_link(&window_lock).unwrap(), other);
    // Removed, as the message says: Save saves.
    std::fs::remove_file(&update_lock).unwrap();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(status(&h).starts_with("Saved client.ron"), "{}", status(&h));
    assert_eq!(std::fs::read(&other).unwrap(), original);
}

/// Run `njtax` and wait for it, at most a minute (then it is killed and the test fails): a
/// bound, not a timing.
fn njtax_bounded(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_njtax"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..1200 {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    panic!("njtax {args:?} did not end within a minute");
}

/// `njtax note` with a folder or a FIFO where the update lock goes: exit 2 at once, standard
/// error naming the file and saying to remove it, the draft unchanged; a lock left by a process
/// of this computer that is gone is taken and the note added.
#[test]
fn njtax_note_refuses_a_planted_update_lock_and_takes_a_dead_processes_lock() {
    let (_dir, draft, _) = folder();
    let lock = UpdateLock::file_for(&draft);
    let before = std::fs::read(&draft).unwrap();
    let d = draft.to_str().unwrap();
    let note = ["note", d, "--add", "Check the W-2", "--as", "Ana Ruiz"];
    std::fs::create_dir(&lock).unwrap();
    let out = njtax_bounded(&note);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("{} is a folder", lock.display())) && err.contains("Remove it"),
        "{err}"
    );
    std::fs::remove_dir(&lock).unwrap();
    if !Command::new("mkfifo")
        .arg(&lock)
        .status()
        .is_ok_and(|s| s.success())
    {
        println!("skipped the FIFO: mkfifo did not make one");
        std::fs::remove_file(&lock).ok();
        return;
    }
    let out = njtax_bounded(&note);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is a named pipe (FIFO)"), "{err}");
    assert_eq!(std::fs::read(&draft).unwrap(), before);
    std::fs::remove_file(&lock).unwrap();

    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    std::fs::write(
        &lock,
        format!(
            "Ben Ito\n{}\n2030-01-01T00:00:00Z\npid {pid}\n",
            njtax_ui::sharing::host_name()
        ),
    )
    .unwrap();
    let out = njtax_bounded(&note);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        std::fs::read_to_string(&draft)
            .unwrap()
            .contains("Check the W-2")
    );
    assert!(!lock.exists());
}
