//! Build script of the root package. For Windows targets only, it gives `njtax-app.exe` and
//! `njtax.exe` the app's icon (`assets/njtax.ico`, shown by Explorer, the taskbar and the Start
//! menu entry), version information (the Details tab of Properties, and Apps & features) and an
//! application manifest (`packaging/windows/njtax.exe.manifest`: Windows 10 and 11, no
//! administrator, long paths). The resource script is written here from the package's version so
//! that it can never disagree with `Cargo.toml`, and compiled by the `embed-resource` crate (MinGW's
//! `windres`, or the Windows SDK's resource compiler with the MSVC toolchain).
//!
//! For every other target it does nothing and needs nothing, but for the `free_desktop` cfg below.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// One executable's resource: its file name (without `.exe`) and how Windows describes it.
struct Executable {
    /// The cargo binary, also the file's name without `.exe`.
    bin: &'static str,
    /// `FileDescription`: what Task Manager and the Properties window call the program.
    description: &'static str,
}

/// Both binaries of the package.
const EXECUTABLES: [Executable; 2] = [
    Executable {
        bin: "njtax-app",
        description: "NJ Income Tax",
    },
    Executable {
        bin: "njtax",
        description: "NJ Income Tax (command line)",
    },
];

/// `cfg(free_desktop)`: Linux and the BSDs, whose desktops are X11 or Wayland: there a window
/// needs a display, file dialogs a desktop portal or zenity, and OpenGL may come from Mesa. One name
/// for the list of systems, instead of the list at every use.
fn free_desktop_cfg() {
    println!("cargo::rustc-check-cfg=cfg(free_desktop)");
    if matches!(
        env::var("CARGO_CFG_TARGET_OS").as_deref(),
        Ok("linux" | "freebsd" | "dragonfly" | "netbsd" | "openbsd")
    ) {
        println!("cargo::rustc-cfg=free_desktop");
    }
}

fn main() -> ExitCode {
    // Without these lines cargo would rerun this script whenever any file of the package changed.
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=assets/njtax.ico");
    println!("cargo::rerun-if-changed=packaging/windows/njtax.exe.manifest");
    free_desktop_cfg();
    if env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return ExitCode::SUCCESS;
    }
    match windows_resources() {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("build.rs: the Windows resources (icon, version, manifest): {why}");
            ExitCode::FAILURE
        }
    }
}

/// Writes and compiles one resource script per executable, linked into that executable only.
fn windows_resources() -> Result<(), String> {
    let root =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").ok_or("CARGO_MANIFEST_DIR is not set")?);
    let out = PathBuf::from(env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    let icon = rc_path(&root.join("assets").join("njtax.ico"))?;
    let manifest = rc_path(
        &root
            .join("packaging")
            .join("windows")
            .join("njtax.exe.manifest"),
    )?;
    let version = Version::from_env()?;
    for exe in &EXECUTABLES {
        // The file's stem names the library embed-resource makes: one per executable.
        let script = out.join(format!("{}-resources.rc", exe.bin));
        fs::write(&script, resource_script(exe, &version, &icon, &manifest))
            .map_err(|e| format!("cannot write {}: {e}", script.display()))?;
        match embed_resource::compile_for(&script, [exe.bin], embed_resource::NONE) {
            embed_resource::CompilationResult::Ok
            | embed_resource::CompilationResult::NotWindows => {}
            // No resource compiler: the program still builds and runs, without its icon and
            // version details. Said on every build, never silently.
            missing @ embed_resource::CompilationResult::NotAttempted(_) => {
                println!(
                    "cargo::warning={}.exe is built without its icon, version and manifest ({missing}); \
                     install MinGW's windres (x86_64-w64-mingw32-windres) or the Windows SDK",
                    exe.bin
                );
            }
            failed @ embed_resource::CompilationResult::Failed(_) => {
                return Err(format!("{}: {failed}", exe.bin));
            }
        }
    }
    Ok(())
}

/// The package's version, split the way Windows' version resource wants it.
struct Version {
    /// `major,minor,patch,0` for `FILEVERSION`/`PRODUCTVERSION`.
    numbers: String,
    /// The whole version text (`0.1.0`, or `1.0.0-rc.1`).
    text: String,
}

impl Version {
    /// Reads the version cargo gives every build script.
    fn from_env() -> Result<Self, String> {
        let part = |name: &str| -> Result<u16, String> {
            let value = env::var(name).map_err(|_| format!("{name} is not set"))?;
            // Each part of a Windows file version is 16 bits.
            value.parse::<u16>().map_err(|_| {
                format!("{name} ({value}) does not fit a Windows version number (0 to 65535)")
            })
        };
        let numbers = format!(
            "{},{},{},0",
            part("CARGO_PKG_VERSION_MAJOR")?,
            part("CARGO_PKG_VERSION_MINOR")?,
            part("CARGO_PKG_VERSION_PATCH")?
        );
        let text = env::var("CARGO_PKG_VERSION").map_err(|_| "CARGO_PKG_VERSION is not set")?;
        rc_text(&text)?;
        Ok(Self { numbers, text })
    }
}

/// A file's path as a resource script's quoted file name: forward slashes (both resource compilers
/// take them), and refused when it holds a character that a quoted name cannot carry.
fn rc_path(path: &Path) -> Result<String, String> {
    let text = path
        .to_str()
        .ok_or_else(|| format!("{} is not valid Unicode", path.display()))?;
    // On Windows a backslash separates folders; elsewhere it would be part of a name, which the
    // resource compiler would read as a separator.
    let text = if cfg!(windows) {
        text.replace('\\', "/")
    } else if text.contains('\\') {
        return Err(format!(
            "{text}: a backslash in a folder's name cannot be written in a resource script"
        ));
    } else {
        text.to_owned()
    };
    rc_text(&text)?;
    Ok(text)
}

/// Refuses text that would end a resource script's quoted string early.
fn rc_text(text: &str) -> Result<(), String> {
    if text.chars().any(|c| c == '"' || c.is_control()) {
        return Err(format!("{text:?} holds a quote or a control character"));
    }
    Ok(())
}

/// The resource script of one executable: icon 1 (the one Explorer shows), manifest 1 (type 24,
/// read when the program starts), and the version block. Numbers stand for `windows.h`'s names so
/// that no header is needed: 0x40004 is VOS_NT_WINDOWS32, 1 is VFT_APP, 0x0409/1200 US English in
/// UTF-16.
fn resource_script(exe: &Executable, version: &Version, icon: &str, manifest: &str) -> String {
    let Version { numbers, text } = version;
    let Executable { bin, description } = exe;
    format!(
        r#"1 ICON "{icon}"
1 24 "{manifest}"
1 VERSIONINFO
FILEVERSION {numbers}
PRODUCTVERSION {numbers}
FILEFLAGSMASK 0x3f
FILEFLAGS 0x0
FILEOS 0x40004
FILETYPE 0x1
FILESUBTYPE 0x0
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904b0"
    BEGIN
      VALUE "CompanyName", "njtax contributors"
      VALUE "FileDescription", "{description}"
      VALUE "FileVersion", "{text}"
      VALUE "InternalName", "{bin}"
      VALUE "LegalCopyright", "njtax contributors, MIT OR Apache-2.0"
      VALUE "OriginalFilename", "{bin}.exe"
      VALUE "ProductName", "NJ Income Tax"
      VALUE "ProductVersion", "{text}"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x0409, 1200
  END
END
"#
    )
}
