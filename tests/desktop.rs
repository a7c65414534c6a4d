//! The real `njtax-app` binary as a user starts it: its command line without a display, and in a
//! real window under Xvfb (no window manager, no desktop portal, no zenity) the clipboard as another
//! X11 program sees it, Save through the app's own file chooser, and what it says when OpenGL cannot
//! start. The widgets' places in the real window come from a kittest harness of the same app at
//! the window's size. Without Xvfb, xclip or xdotool the window tests say why and skip (in CI they
//! fail: `.ci/run` installs them).
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
    if !cfg!(free_desktop) {
        eprintln!("skipped: only X11 and Wayland desktops have a display to be missing");
        return;
    }
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

// The real window under Xvfb: the clipboard as another X11 program reads it, and Save on a desktop
// with neither a desktop portal nor zenity.

use std::io::BufRead as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use njtax_ui::App;
use njtax_ui::platform::{Clipboard, MemoryRecent, NoSystemDialogs};

/// The size `njtax-app` asks for its window.
const WINDOW: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// How long an action in the real window is given to be drawn before the next (each click is hit
/// tested against the frame drawn before it; llvmpipe and a debug build on a busy machine are slow).
const SETTLE: Duration = Duration::from_millis(1500);

/// The programs these tests drive the X display with.
const X_TOOLS: [&str; 4] = ["Xvfb", "xclip", "xdotool", "xprop"];

/// Whether `name` runs (is on `PATH`).
fn installed(name: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A fresh folder for one test.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("njtax-desktop-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Poll `check` until it answers, for at most `limit`.
fn wait_for<T>(limit: Duration, mut check: impl FnMut() -> Option<T>) -> Option<T> {
    let start = Instant::now();
    loop {
        if let Some(v) = check() {
            return Some(v);
        }
        if start.elapsed() > limit {
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A real X display (Xvfb, no window manager) and the app in it, both ended when dropped.
struct Desktop {
    xvfb: Child,
    display: String,
    app: Option<Child>,
    window: String,
    /// The app's home folder (its config, state and documents folders are inside).
    home: PathBuf,
    /// Other X clients started by the test (xclip serving a selection).
    others: Vec<Child>,
    /// One real desktop at a time: the app under software rendering is slow to draw, and two at
    /// once on a small machine miss each other's timings.
    _turn: std::sync::MutexGuard<'static, ()>,
}

/// Held by the one [`Desktop`] running.
static ONE_DESKTOP: std::sync::Mutex<()> = std::sync::Mutex::new(());

impl Desktop {
    /// Xvfb, or `None` when Xvfb, xclip or xdotool is not installed here (said on stderr); in CI
    /// (`CI` set) they must be: `.ci/run` installs them.
    fn start(tag: &str) -> Option<Self> {
        Self::start_with(tag, &[])
    }

    /// [`Self::start`], with more arguments for Xvfb.
    fn start_with(tag: &str, xvfb_args: &[&str]) -> Option<Self> {
        let missing: Vec<&str> = X_TOOLS.into_iter().filter(|t| !installed(t)).collect();
        if !cfg!(free_desktop) {
            eprintln!(
                "skipped: these tests drive an X11 display (Windows is checked under Wine by .ci/windows)"
            );
            return None;
        }
        if !missing.is_empty() {
            assert!(
                std::env::var_os("CI").is_none(),
                "{missing:?} not installed: .ci/run installs xvfb, xclip, xdotool and x11-utils (xprop)"
            );
            eprintln!(
                "skipped: {} not installed (apt-get install xvfb xclip xdotool x11-utils)",
                missing.join(", ")
            );
            return None;
        }
        let turn = ONE_DESKTOP
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut xvfb = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1600x1000x24",
                "-nolisten",
                "tcp",
            ])
            .args(xvfb_args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut number = String::new();
        std::io::BufReader::new(xvfb.stdout.take().unwrap())
            .read_line(&mut number)
            .unwrap();
        let home = scratch(tag);
        let config = home.join(".config");
        std::fs::create_dir_all(home.join("Documents")).unwrap();
        std::fs::create_dir_all(&config).unwrap();
        std::fs::write(
            config.join("user-dirs.dirs"),
            "XDG_DOCUMENTS_DIR=\"$HOME/Documents\"\n",
        )
        .unwrap();
        Some(Self {
            xvfb,
            display: format!(":{}", number.trim()),
            app: None,
            window: String::new(),
            home,
            others: Vec::new(),
            _turn: turn,
        })
    }

    /// A command for an X client on this display.
    fn client(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env("DISPLAY", &self.display)
            .env_remove("WAYLAND_DISPLAY");
        c
    }

    /// Run an X tool to its end; its output.
    fn tool(&self, program: &str, args: &[&str]) -> String {
        let out = self.client(program).args(args).output().unwrap();
        assert!(out.status.success(), "{program} {args:?}: {out:?}");
        text(&out.stdout)
    }

    /// Start `njtax-app` (with `args`) as on a minimal desktop: a home of its own, no session bus
    /// (so no desktop portal) and no zenity on `PATH`; wait for its window and give it the focus.
    fn launch(&mut self, args: &[&str]) {
        let no_programs = self.home.join("no-programs");
        std::fs::create_dir_all(&no_programs).unwrap();
        let app = self
            .client(APP)
            .args(args)
            .current_dir(&self.home)
            .env("HOME", &self.home)
            .env("XDG_CONFIG_HOME", self.home.join(".config"))
            .env("XDG_STATE_HOME", self.home.join(".local/state"))
            .env("XDG_DATA_HOME", self.home.join(".local/share"))
            .env("XDG_CACHE_HOME", self.home.join(".cache"))
            .env("XDG_RUNTIME_DIR", &self.home)
            .env(
                "DBUS_SESSION_BUS_ADDRESS",
                format!("unix:path={}", self.home.join("no-bus").display()),
            )
            .env("PATH", &no_programs)
            .env("WINIT_X11_SCALE_FACTOR", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        self.app = Some(app);
        let window = wait_for(Duration::from_secs(180), || {
            if let Some(app) = self.app.as_mut()
                && let Ok(Some(status)) = app.try_wait()
            {
                panic!("the app ended before its window appeared: {status}");
            }
            let out = self
                .client("xdotool")
                .args(["search", "--onlyvisible", "--name", "NJ income tax"])
                .output()
                .ok()?;
            text(&out.stdout).lines().next().map(str::to_owned)
        })
        .expect("the app's window appears");
        self.window = window;
        let geometry = self.tool("xdotool", &["getwindowgeometry", &self.window]);
        assert!(geometry.contains("Geometry: 1280x800"), "{geometry}");
        wait_for(Duration::from_secs(10), || {
            let out = self
                .client("xdotool")
                .args(["windowfocus", "--sync", &self.window])
                .output()
                .ok()?;
            out.status.success().then_some(())
        })
        .expect("the app's window takes the focus");
        // The first frames (llvmpipe, a debug build).
        std::thread::sleep(Duration::from_secs(3));
    }

    /// Click the middle of `rect` (in the window's points, one pixel each here).
    fn click(&self, rect: egui::Rect) {
        let c = rect.center();
        let (x, y) = (c.x.round().to_string(), c.y.round().to_string());
        self.tool(
            "xdotool",
            &["mousemove", "--window", &self.window, &x, &y, "click", "1"],
        );
        std::thread::sleep(SETTLE);
    }

    /// Press keys (xdotool's names: `ctrl+s`).
    fn keys(&self, keys: &str) {
        self.tool("xdotool", &["key", "--clearmodifiers", keys]);
        std::thread::sleep(SETTLE);
    }

    /// What another X11 program reads from the clipboard (empty when nothing owns it).
    fn read_clipboard(&self) -> String {
        let out = self
            .client("xclip")
            .args(["-o", "-selection", "clipboard"])
            .output()
            .unwrap();
        text(&out.stdout)
    }

    /// Put `value` on the clipboard from another X11 program (xclip, serving it until the end).
    fn offer_clipboard(&mut self, value: &str) {
        use std::io::Write as _;
        let mut xclip = self
            .client("xclip")
            .args(["-quiet", "-i", "-selection", "clipboard"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        xclip
            .stdin
            .take()
            .unwrap()
            .write_all(value.as_bytes())
            .unwrap();
        self.others.push(xclip);
        assert_eq!(
            wait_for(Duration::from_secs(20), || {
                Some(self.read_clipboard()).filter(|v| v == value)
            })
            .as_deref(),
            Some(value)
        );
    }
}

impl Drop for Desktop {
    fn drop(&mut self) {
        for child in self.others.iter_mut().chain(self.app.as_mut()) {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = self.xvfb.kill();
        let _ = self.xvfb.wait();
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

/// A clipboard that keeps what it was given (to learn what a Copy button copies).
struct KeptClipboard(std::rc::Rc<std::cell::RefCell<Vec<String>>>);

impl Clipboard for KeptClipboard {
    fn copy_text(&mut self, _ctx: &egui::Context, text: &str) -> Result<(), String> {
        self.0.borrow_mut().push(text.to_owned());
        Ok(())
    }
}

/// The app as `njtax-app DRAFT` builds it, in a harness of the real window's size: where its
/// widgets are in the real window (the same egui, fonts and size) and what they do.
fn layout_of(
    draft: &Path,
    documents: &Path,
    clipboard: Box<dyn Clipboard>,
) -> Harness<'static, App> {
    let sample = njtax_engine::parse_draft(include_str!("../examples/family-2026.ron")).unwrap();
    let mut app = App::new(
        sample.answers,
        "Sample return (family with children)",
        Box::new(NoSystemDialogs),
        Box::new(MemoryRecent::default()),
    )
    .with_clipboard(clipboard)
    .with_documents_folder(documents.to_path_buf());
    // A copy of the draft, by the same name: the harness then does not have the draft itself open,
    // which would make the real app say it is already open in another window.
    let copy = documents
        .parent()
        .unwrap_or(documents)
        .join("layout")
        .join(draft.file_name().unwrap());
    std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
    std::fs::copy(draft, &copy).unwrap();
    app.open_file(&copy);
    let mut h = Harness::builder()
        .with_size(WINDOW)
        .with_accessibility_check(false)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    h
}

#[test]
fn copy_buttons_and_ctrl_c_reach_the_x_clipboard_and_ctrl_v_reads_it() {
    let Some(mut desktop) = Desktop::start("clipboard") else {
        return;
    };
    let draft = desktop.home.join("Documents").join("family.ron");
    std::fs::copy("examples/family-2026.ron", &draft).unwrap();
    let kept = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let mut h = layout_of(
        &draft,
        &desktop.home.join("Documents"),
        Box::new(KeptClipboard(kept.clone())),
    );
    // Where File online and its first Copy button on the screen are, and what the Copy buttons
    // copy: the real window may lay the sheet out a line apart from the harness (its fonts are
    // hinted for the screen), so the click may land on a neighbour; any of the sheet's figures
    // proves the point, and none is what the clipboard held before.
    let file_online = h.get_by_label("File online").rect();
    h.get_by_label("File online").click();
    h.run();
    let in_view: Vec<(String, egui::Rect)> = h
        .query_all_by(|n| {
            n.role() == egui::accesskit::Role::Button
                && n.label().is_some_and(|l| l.starts_with("Copy "))
        })
        .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
        .filter(|(_, r)| {
            egui::Rect::from_min_size(egui::Pos2::ZERO, WINDOW)
                .shrink2(egui::vec2(0.0, 40.0))
                .contains_rect(*r)
        })
        .collect();
    let copy = in_view.first().expect("a Copy button in view").1;
    for (label, _) in &in_view {
        if h.get_by_label(label).accesskit_node().is_disabled() {
            continue;
        }
        h.get_by_label(label).click();
        h.run();
    }
    let figures: Vec<String> = kept.borrow().clone();
    assert!(figures.iter().all(|f| !f.is_empty()) && !figures.is_empty());
    let first = figures.first().cloned().unwrap_or_default();
    assert_eq!(
        first, "33150.00",
        "an amount is copied as a form field takes it"
    );

    desktop.launch(&[draft.to_str().unwrap()]);
    desktop.offer_clipboard("whatever was there before");
    desktop.click(file_online);
    desktop.click(copy);
    let read = wait_for(Duration::from_secs(20), || {
        Some(desktop.read_clipboard()).filter(|v| figures.contains(v))
    });
    assert!(
        read.is_some(),
        "another X11 program reads what a Copy button copied ({figures:?}); it read {:?}",
        desktop.read_clipboard()
    );

    // Ctrl+C in a field, and Ctrl+V of what another program copied.
    h.get_by_label("You and your household").click();
    h.run();
    let household = layout_of(
        &draft,
        &desktop.home.join("Documents"),
        Box::new(NoClipboard),
    );
    let household_nav = household.get_by_label("You and your household").rect();
    drop(household);
    let name_field = h.get_by_label("Your name").rect();
    let name = njtax_engine::parse_draft(&std::fs::read_to_string(&draft).unwrap())
        .unwrap()
        .answers
        .taxpayer
        .name;
    desktop.click(household_nav);
    desktop.click(name_field);
    desktop.keys("ctrl+a");
    desktop.keys("ctrl+c");
    assert_eq!(
        wait_for(Duration::from_secs(20), || {
            Some(desktop.read_clipboard()).filter(|v| *v == name)
        }),
        Some(name.clone()),
        "Ctrl+C in a field reaches the X clipboard"
    );
    desktop.offer_clipboard("Pasted Filer");
    desktop.click(name_field);
    desktop.keys("ctrl+a");
    desktop.keys("ctrl+v");
    desktop.keys("Tab");
    desktop.keys("ctrl+s");
    let saved = wait_for(Duration::from_secs(10), || {
        let text = std::fs::read_to_string(&draft).ok()?;
        let d = njtax_engine::parse_draft(&text).ok()?;
        (d.answers.taxpayer.name == "Pasted Filer").then_some(d)
    });
    assert!(
        saved.is_some(),
        "Ctrl+V pasted the X clipboard into the field, and it was saved"
    );
}

/// A clipboard that copies nothing (for harnesses only read for their layout).
struct NoClipboard;

impl Clipboard for NoClipboard {
    fn copy_text(&mut self, _ctx: &egui::Context, _text: &str) -> Result<(), String> {
        Err("not used".to_owned())
    }
}

#[test]
fn save_on_a_desktop_without_a_portal_or_zenity_opens_the_apps_chooser_and_saves() {
    let Some(mut desktop) = Desktop::start("chooser") else {
        return;
    };
    let documents = desktop.home.join("Documents");
    desktop.launch(&[]);
    // The sample draft has no file: Ctrl+S asks where, and with no portal and no zenity the app's
    // own chooser opens in the documents folder with the draft's name proposed.
    desktop.keys("ctrl+s");
    let sample = njtax_engine::parse_draft(include_str!("../examples/family-2026.ron")).unwrap();
    let mut h = Harness::builder()
        .with_size(WINDOW)
        .with_accessibility_check(false)
        .build_ui_state(
            |ui, app: &mut App| app.ui(ui),
            App::new(
                sample.answers,
                "Sample return (family with children)",
                Box::new(NoSystemDialogs),
                Box::new(MemoryRecent::default()),
            )
            .with_documents_folder(documents.clone()),
        );
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert_eq!(
        h.state().file_chooser().map(|c| c.folder().to_path_buf()),
        Some(documents.clone())
    );
    let save = h
        .get_by(|n| {
            n.role() == egui::accesskit::Role::Button && n.label().as_deref() == Some("Save")
        })
        .rect();
    desktop.click(save);
    let saved = documents.join("Sample return (family with children).ron");
    let text = wait_for(Duration::from_secs(10), || {
        std::fs::read_to_string(&saved).ok()
    })
    .expect("Save in the app's chooser wrote the draft to the documents folder");
    assert_eq!(
        njtax_engine::parse_draft(&text).unwrap().answers,
        *h.state().doc.answers()
    );
    assert!(
        desktop
            .tool("xdotool", &["getwindowname", &desktop.window])
            .starts_with("Sample return (family with children).ron")
    );
}

/// One property of the app's window as xprop prints it without its type (`NAME = value`), read
/// in a UTF-8 locale so that a UTF-8 string is shown as its characters.
fn window_property(desktop: &Desktop, name: &str) -> String {
    let out = desktop
        .client("xprop")
        .env("LC_ALL", "C.UTF-8")
        .args(["-id", &desktop.window, "-notype", name])
        .output()
        .unwrap();
    assert!(out.status.success(), "xprop {name}: {out:?}");
    text(&out.stdout)
        .trim()
        .strip_prefix(&format!("{name} = "))
        .unwrap_or_else(|| panic!("xprop {name}: {}", text(&out.stdout)))
        .to_owned()
}

#[test]
fn the_window_is_tied_to_its_desktop_entry_with_its_own_icon_and_a_readable_title() {
    let Some(mut desktop) = Desktop::start("identity") else {
        return;
    };
    // A draft whose name is not ASCII, in a folder with a space.
    let folder = desktop.home.join("Clínica 2026");
    std::fs::create_dir_all(&folder).unwrap();
    let draft = folder.join("José Núñez.ron");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/single-renter.ron"),
        &draft,
    )
    .unwrap();
    desktop.launch(&[draft.to_str().unwrap()]);
    // WM_CLASS's class is the desktop entry's StartupWMClass (and the Wayland app id).
    let entry = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/org.njtax.njtax.desktop"),
    )
    .unwrap();
    let wm_class = entry
        .lines()
        .find_map(|l| l.strip_prefix("StartupWMClass="))
        .expect("the desktop entry names the window's class");
    assert_eq!(wm_class, "org.njtax.njtax");
    let class = window_property(&desktop, "WM_CLASS");
    assert!(
        class.ends_with(&format!("\"{wm_class}\"")),
        "WM_CLASS is {class}"
    );
    // The app's own icon (64 px), not the toolkit's default.
    let icon = desktop.tool("xprop", &["-id", &desktop.window, "_NET_WM_ICON"]);
    assert!(
        icon.contains("Icon (64 x 64)"),
        "{}",
        &icon[..icon.len().min(200)]
    );
    // The title as typed, in UTF-8, in the property window managers read.
    assert_eq!(
        window_property(&desktop, "_NET_WM_NAME"),
        "\"José Núñez.ron - NJ income tax\""
    );
    // The app's own words in the title are ASCII, so the legacy WM_NAME (Latin-1) shows them right
    // for an ASCII draft name.
    desktop.keys("ctrl+n");
    let legacy = wait_for(Duration::from_secs(10), || {
        let name = window_property(&desktop, "WM_NAME");
        name.contains("Untitled").then_some(name)
    })
    .expect("File > New retitles the window");
    assert_eq!(legacy, window_property(&desktop, "_NET_WM_NAME"));
    assert!(legacy.is_ascii(), "{legacy}");
}

#[test]
fn when_opengl_cannot_start_even_in_software_the_app_says_so_in_one_sentence() {
    // An X display without GLX, and no EGL driver to be found: OpenGL cannot start however it is
    // asked, so the app's second try, with Mesa's software renderer, fails too.
    let Some(desktop) = Desktop::start_with("no-gl", &["-extension", "GLX"]) else {
        return;
    };
    let empty = desktop.home.join("no-drivers");
    std::fs::create_dir_all(&empty).unwrap();
    let mut app = desktop
        .client(APP)
        .current_dir(&desktop.home)
        .env("HOME", &desktop.home)
        .env("XDG_CONFIG_HOME", desktop.home.join(".config"))
        .env("XDG_STATE_HOME", desktop.home.join(".local/state"))
        .env("__EGL_VENDOR_LIBRARY_DIRS", &empty)
        .env("LIBGL_DRIVERS_PATH", &empty)
        .env_remove("LIBGL_ALWAYS_SOFTWARE")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_for(Duration::from_secs(60), || app.try_wait().unwrap());
    if status.is_none() {
        let _ = app.kill();
        panic!("the app ran on without OpenGL");
    }
    let out = app.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "one sentence: {err}");
    assert!(
        err.starts_with("njtax-app could not start OpenGL, even with software rendering ("),
        "{err}"
    );
    assert!(
        err.trim_end()
            .ends_with("so install Mesa's OpenGL drivers (on Debian or Ubuntu: sudo apt install libgl1 libegl1 libgl1-mesa-dri)."),
        "{err}"
    );
    assert_no_dump(&err);
}
