//! Windows: `njtax-app` is a program without a console of its own (`windows_subsystem =
//! "windows"`, so no black window opens beside the app when it is started from the Start menu
//! or Explorer). Started from a Command Prompt or PowerShell with arguments (`--help`,
//! `--version`, a mistyped option), it attaches to that console first, so that what it prints
//! is seen there. Elsewhere, and without arguments, nothing is done.

/// When the app was given arguments, attach to the console of the program that started it (a
/// Command Prompt, PowerShell), if it has one, so that `--help`, `--version` and the words of a
/// bad argument appear there. Output already sent to a file or a pipe is left alone. Nothing
/// happens when started from Explorer (no console to attach to) or on other systems.
pub fn attach_for_arguments() {
    #[cfg(windows)]
    if std::env::args_os().len() > 1 {
        attach_to_parent_console();
    }
}

/// Windows: `AttachConsole(ATTACH_PARENT_PROCESS)`, unless standard output already goes
/// somewhere (redirected to a file or a pipe by whoever started the app).
#[cfg(windows)]
#[allow(unsafe_code)]
fn attach_to_parent_console() {
    use windows_sys::Win32::System::Console::{
        ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_OUTPUT_HANDLE,
    };
    // SAFETY: GetStdHandle takes a plain value and returns a handle (or null); it reads no memory
    // of ours.
    let out = unsafe { GetStdHandle(STD_OUTPUT_HANDLE) };
    if !out.is_null() && out != windows_sys::Win32::Foundation::INVALID_HANDLE_VALUE {
        return;
    }
    // SAFETY: AttachConsole takes a plain value; it fails harmlessly (FALSE) when the parent has
    // no console or this process has one already. Rust's standard output asks the system for
    // its handle at each write, so what is printed afterwards reaches the console.
    let _ = unsafe { AttachConsole(ATTACH_PARENT_PROCESS) };
}
