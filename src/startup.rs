//! Starting the desktop app: its command line (clap), the check for a desktop session, and what
//! is said when the window cannot open (one plain sentence with the cause and what to install,
//! never a debug dump), after one more try with software rendering when OpenGL would not start.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

/// Set in the environment of the second try, so that it is made once.
const SOFTWARE_RETRY: &str = "NJTAX_SOFTWARE_RENDERING_RETRY";

/// What Mesa reads to render on the CPU (llvmpipe) instead of the graphics driver.
const MESA_SOFTWARE: &str = "LIBGL_ALWAYS_SOFTWARE";

/// The Debian and Ubuntu packages the window needs (the .deb's `Depends`).
const X11_PACKAGES: &str = "libx11-6 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0";
/// The Debian and Ubuntu packages OpenGL needs, software rendering included.
const GL_PACKAGES: &str = "libgl1 libegl1 libgl1-mesa-dri";

/// The njtax desktop app: prepares a New Jersey income tax return (NJ-1040, NJ-1040NR) on your
/// own computer, offline. The `njtax` command line computes drafts without a window.
#[derive(Debug, Parser)]
#[command(name = "njtax-app", version)]
pub struct Args {
    /// A draft to open (a `.ron` file); without one the app opens a sample return.
    pub draft: Option<PathBuf>,
}

/// Whether this is a system whose desktop is X11 or Wayland (Linux and the BSDs): there a window
/// needs a display, and file dialogs a desktop portal or zenity.
pub const FREE_DESKTOP: bool = cfg!(free_desktop);

/// Why the window cannot open before trying: no desktop session to open it in.
pub fn missing_display() -> Option<String> {
    if !FREE_DESKTOP {
        return None;
    }
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if set("DISPLAY") || set("WAYLAND_DISPLAY") || set("WAYLAND_SOCKET") {
        return None;
    }
    Some(
        "njtax-app could not open its window: no desktop session was found (neither DISPLAY nor WAYLAND_DISPLAY is set), so start it from an X11 or Wayland desktop, or use the njtax command line, which needs no window."
            .to_owned(),
    )
}

/// Whether the error came from starting OpenGL (which software rendering may get past).
fn is_graphics_error(error: &eframe::Error) -> bool {
    matches!(
        error,
        eframe::Error::Glutin(_) | eframe::Error::NoGlutinConfigs(..) | eframe::Error::OpenGL(_)
    )
}

/// When OpenGL would not start and software rendering has not been tried: start the app again
/// with Mesa's software renderer, and answer with its exit code. A window's event loop can be made
/// only once in a process, so the second try is a new process with the same arguments.
pub fn retry_with_software_rendering(error: &eframe::Error) -> Option<ExitCode> {
    // Mesa's software renderer is a Linux and BSD matter: elsewhere a second try is the same.
    if !FREE_DESKTOP
        || !is_graphics_error(error)
        || std::env::var_os(SOFTWARE_RETRY).is_some()
        || std::env::var_os(MESA_SOFTWARE).is_some_and(|v| v == "1")
    {
        return None;
    }
    let exe = std::env::current_exe().ok()?;
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let status = std::process::Command::new(exe)
        .args(args)
        .env(MESA_SOFTWARE, "1")
        .env(SOFTWARE_RETRY, "1")
        .status()
        .ok()?;
    Some(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    })
}

/// The error's own words, without the source file and line winit puts before them.
fn cause(error: &eframe::Error) -> String {
    let text = match error {
        eframe::Error::Winit(e) => e.to_string(),
        eframe::Error::WinitEventLoop(e) => e.to_string(),
        eframe::Error::Glutin(e) => e.to_string(),
        eframe::Error::NoGlutinConfigs(_, e) => e.to_string(),
        eframe::Error::OpenGL(e) => e.to_string(),
        other => other.to_string(),
    };
    let text = match text.strip_prefix("os error at ") {
        // "os error at src/…/mod.rs:763: the message"
        Some(rest) => rest.split_once(": ").map_or(rest, |(_, m)| m).to_owned(),
        None => text,
    };
    text.trim().trim_end_matches('.').to_owned()
}

/// The kind of desktop the app runs on, for what it advises when the window cannot open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Desktop {
    /// X11 or Wayland with Mesa (Linux and the BSDs).
    Free,
    /// Windows: OpenGL comes with the graphics card's driver.
    Windows,
    /// macOS: OpenGL is part of the system.
    MacOs,
}

impl Desktop {
    /// This computer's.
    pub const HERE: Self = if FREE_DESKTOP {
        Self::Free
    } else if cfg!(target_os = "macos") {
        Self::MacOs
    } else {
        Self::Windows
    };
}

/// One plain sentence: what failed, why, and what to install or do on this computer.
pub fn failure_sentence(error: &eframe::Error) -> String {
    failure_sentence_on(error, Desktop::HERE)
}

/// Say why the window cannot open where the person starting the app will see it: on standard
/// error, and on Windows and macOS, where the app is started from the Start menu, Explorer or the
/// Finder with no terminal to read, in a message box as well.
pub fn report_failure(sentence: &str) {
    eprintln!("{sentence}");
    #[cfg(any(windows, target_os = "macos"))]
    {
        let _ = rfd::MessageDialog::new()
            .set_level(rfd::MessageLevel::Error)
            .set_title("NJ Income Tax could not start")
            .set_description(sentence)
            .set_buttons(rfd::MessageButtons::Ok)
            .show();
    }
}

/// [`failure_sentence`] with the advice for `desktop`.
fn failure_sentence_on(error: &eframe::Error, desktop: Desktop) -> String {
    let why = cause(error);
    if desktop != Desktop::Free {
        let remedy = match desktop {
            Desktop::Windows => {
                "it needs OpenGL 2.0 or later, which comes with the computer's graphics driver: install or update the graphics driver (from Windows Update or the computer's maker); in a virtual machine or a remote desktop session, turn on 3D acceleration. The njtax command line works without a window."
            }
            _ => {
                "it needs the system's OpenGL: start it from a logged-in desktop session rather than over SSH, and update macOS if the problem stays. The njtax command line works without a window."
            }
        };
        return if is_graphics_error(error) {
            format!("njtax-app could not start OpenGL ({why}): {remedy}")
        } else {
            format!("njtax-app could not open its window ({why}): {remedy}")
        };
    }
    let display = std::env::var("WAYLAND_DISPLAY")
        .ok()
        .filter(|v| !v.is_empty())
        .map(|d| format!("the Wayland display {d}"))
        .or_else(|| {
            std::env::var("DISPLAY")
                .ok()
                .filter(|v| !v.is_empty())
                .map(|d| format!("the X display {d}"))
        })
        .unwrap_or_else(|| "the display".to_owned());
    if is_graphics_error(error) {
        let tried = if std::env::var_os(SOFTWARE_RETRY).is_some()
            || std::env::var_os(MESA_SOFTWARE).is_some_and(|v| v == "1")
        {
            ", even with software rendering"
        } else {
            ""
        };
        return format!(
            "njtax-app could not start OpenGL{tried} ({why}), so install Mesa's OpenGL drivers (on Debian or Ubuntu: sudo apt install {GL_PACKAGES})."
        );
    }
    if why.contains("shared libraries") {
        return format!(
            "njtax-app could not load the X11 libraries it needs for its window ({why}), so install them (on Debian or Ubuntu: sudo apt install {X11_PACKAGES})."
        );
    }
    if matches!(
        error,
        eframe::Error::Winit(_) | eframe::Error::WinitEventLoop(_)
    ) {
        return format!(
            "njtax-app could not open its window on {display} ({why}), so check that the desktop session is running and that this user may use it."
        );
    }
    format!("njtax-app could not start ({why}).")
}

#[cfg(test)]
mod tests {
    use super::{Desktop, failure_sentence_on};

    fn no_opengl() -> eframe::Error {
        eframe::Error::OpenGL(eframe::egui_glow::PainterError::from(
            "no OpenGL 2.0 context".to_owned(),
        ))
    }

    #[test]
    fn each_desktop_is_told_its_own_remedy_and_no_other() {
        let free = failure_sentence_on(&no_opengl(), Desktop::Free);
        assert!(free.contains("sudo apt install libgl1"), "{free}");
        let windows = failure_sentence_on(&no_opengl(), Desktop::Windows);
        assert!(windows.contains("graphics driver"), "{windows}");
        assert!(windows.contains("no OpenGL 2.0 context"), "{windows}");
        let mac = failure_sentence_on(&no_opengl(), Desktop::MacOs);
        assert!(mac.contains("logged-in desktop session"), "{mac}");
        for other in [&windows, &mac] {
            assert!(!other.contains("apt"), "{other}");
            assert!(!other.contains("Mesa"), "{other}");
            assert!(other.contains("njtax command line"), "{other}");
        }
        assert!(!mac.contains("Windows Update"), "{mac}");
    }
}
