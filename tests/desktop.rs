//! The real `njtax-app` binary as a user starts it: its command line without a display, and (in a
//! real window under Xvfb) what it says when OpenGL cannot start.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::process::{Command, Output};

/// The binary under test.
const APP: &str = env!("CARGO_BIN_EXE_njtax-app");

/// The app run to its end with no display at all (neither X11 nor Wayland).
fn run_without_display(args: &[&str]) -> Output {
    Command::new(APP)
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// What a panic or `main` returning an error would print.
fn assert_no_dump(stderr: &str) {
    for dump in [
        "panicked",
        "RUST_BACKTRACE",
        "Error: ",
        "Winit(",
        "Os(",
        "{",
    ] {
        assert!(!stderr.contains(dump), "{dump:?} in: {stderr}");
    }
}

#[test]
fn help_and_version_answer_without_a_display_or_a_window() {
    let help = run_without_display(&["--help"]);
    assert!(help.status.success(), "{help:?}");
    let out = text(&help.stdout);
    assert!(out.contains("Usage: njtax-app [DRAFT]"), "{out}");
    assert!(out.contains("A draft to open"), "{out}");
    assert!(out.contains("--version"), "{out}");
    assert!(help.stderr.is_empty(), "{}", text(&help.stderr));

    for flag in ["--version", "-V"] {
        let version = run_without_display(&[flag]);
        assert!(version.status.success(), "{version:?}");
        assert_eq!(
            text(&version.stdout),
            format!("njtax-app {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn a_wrong_argument_is_refused_with_the_usage_and_no_window() {
    let out = run_without_display(&["--no-such-flag"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = text(&out.stderr);
    assert!(
        err.contains("unexpected argument '--no-such-flag'"),
        "{err}"
    );
    assert!(err.contains("Usage: njtax-app [DRAFT]"), "{err}");
}

#[test]
fn without_a_display_the_app_says_so_in_one_sentence_and_exits_non_zero() {
    let out = run_without_display(&[]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "one sentence: {err}");
    assert!(
        err.starts_with("njtax-app could not open its window"),
        "{err}"
    );
    assert!(
        err.contains("neither DISPLAY nor WAYLAND_DISPLAY is set"),
        "{err}"
    );
    assert!(err.trim_end().ends_with('.'), "{err}");
    assert_no_dump(&err);
    // The same with a draft to open: nothing is read or written before the display is checked.
    let out = run_without_display(&["no-such-draft.ron"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(text(&out.stderr), err);
}
