//! The app makes no network connection, ever: a full load / compute / save / reload cycle, through
//! the same code the desktop app and the CLI use, runs under `strace` and must open no socket at all.
//! (`.ci/run` installs strace.)
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::PathBuf;
#[cfg(target_os = "linux")]
use std::process::Command;

const CHILD_ENV: &str = "NJTAX_NO_NETWORK_CHILD";

/// A test of this file by its full name in the test binary (`file::test`): the binary holds every
/// test file of the crate as a module (tests/all.rs).
#[cfg(target_os = "linux")]
fn test_name(test: &str) -> String {
    match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::{test}"),
        None => test.to_owned(),
    }
}

/// The cycle, run in a child process under strace.
#[test]
fn cycle_child() {
    let Ok(dir) = std::env::var(CHILD_ENV) else {
        return;
    };
    let dir = PathBuf::from(dir);
    let example = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/ny-commuter-coj.ron");
    let draft = njtax_engine::parse_draft(&std::fs::read_to_string(example).unwrap()).unwrap();
    let book = njtax_engine::ParamBook::load().unwrap();
    let before = njtax_engine::compute(&draft.answers, &book).unwrap();
    let path = dir.join("cycle.ron");
    njtax_ui::files::write_draft(&path, &draft).unwrap();
    let again = njtax_engine::parse_draft(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let after = njtax_engine::compute(&again.answers, &book).unwrap();
    assert_eq!(before.refund, after.refund);
    // The app's own cycle too: open, edit, save, recompute, a few frames (no rendering).
    let dialogs = njtax_ui::platform::ScriptedDialogs {
        save: vec![dir.join("app.ron")],
        ..Default::default()
    };
    let mut app = njtax_ui::App::new(
        again.answers,
        "cycle",
        Box::new(dialogs),
        Box::new(njtax_ui::platform::MemoryRecent::default()),
    )
    .with_recovery(njtax_ui::recovery::RecoveryStore::new(dir.join("state")));
    app.open_file(&path);
    app.send(njtax_ui::Command::AddItem("income.w2s".into()));
    app.send(njtax_ui::Command::SaveAs);
    let ctx = egui::Context::default();
    for _ in 0..3 {
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| app.ui(ui));
        out.textures_delta.clear();
    }
    assert!(dir.join("app.ron").exists());
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_compute_save_load_cycle_opens_no_socket() {
    let dir = std::env::temp_dir().join(format!("njtax-no-network-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("strace.log");
    let status = Command::new("strace")
        .args(["-f", "-qq", "-e", "trace=%network", "-o"])
        .arg(&log)
        .arg(std::env::current_exe().unwrap())
        .args([
            "--exact",
            &test_name("cycle_child"),
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, &dir)
        .status()
        .expect("strace must be installed (apt-get install strace; .ci/run does it)");
    assert!(status.success(), "the cycle itself failed");
    assert!(dir.join("app.ron").exists(), "the child ran the cycle");
    let calls = std::fs::read_to_string(&log).unwrap();
    let network: Vec<&str> = calls
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.contains("+++ exited"))
        .collect();
    assert!(
        network.is_empty(),
        "network system calls during the cycle:\n{}",
        network.join("\n")
    );
}

/// The check above can fail: the same strace filter sees a socket opened by a command that does open one
/// (a refused connection to this machine's loopback discard port).
#[cfg(target_os = "linux")]
#[test]
fn the_strace_filter_sees_a_socket_when_one_is_opened() {
    let dir = std::env::temp_dir().join(format!("njtax-no-network-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("strace.log");
    let _ = Command::new("strace")
        .args(["-f", "-qq", "-e", "trace=%network", "-o"])
        .arg(&log)
        .args(["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/9 || true"])
        .status()
        .expect("strace must be installed");
    let calls = std::fs::read_to_string(&log).unwrap();
    assert!(calls.contains("socket("), "{calls}");
}
