//! The platform's own services for the desktop app, behind the UI crate's traits
//! (`njtax_ui::platform`): the system's file dialogs (rfd), said to be unavailable when they cannot
//! open so that the app shows its own chooser, and the system clipboard.

use std::path::{Path, PathBuf};

use njtax_ui::platform::{Clipboard, DialogRequest, FileDialogs, Picked};

/// The system's file dialogs through rfd: the XDG desktop portal's file chooser, or zenity when
/// there is no portal (rfd's own fallback). Before asking, it checks that one of the two is there:
/// without either rfd answers as if the user had cancelled, and the app would say nothing.
pub struct NativeDialogs;

impl NativeDialogs {
    /// An rfd dialog for `request`: its filter, title and start folder.
    fn dialog(request: &DialogRequest) -> rfd::FileDialog {
        let dialog = rfd::FileDialog::new()
            .add_filter(request.kind.filter_name(), &[request.kind.extension()])
            .set_title(&request.title);
        match &request.folder {
            Some(folder) => dialog.set_directory(folder),
            None => dialog,
        }
    }
}

impl FileDialogs for NativeDialogs {
    fn pick_open(&mut self, request: &DialogRequest) -> Picked {
        if let Err(why) = system_dialog_available() {
            return Picked::Unavailable(why);
        }
        let picked = if request.kind == njtax_ui::platform::FileKind::Folder {
            // A folder: no file filter.
            let dialog = rfd::FileDialog::new().set_title(&request.title);
            match &request.folder {
                Some(folder) => dialog.set_directory(folder),
                None => dialog,
            }
            .pick_folder()
        } else {
            Self::dialog(request).pick_file()
        };
        picked.map_or(Picked::Cancelled, Picked::Path)
    }

    fn pick_save(&mut self, request: &DialogRequest) -> Picked {
        if let Err(why) = system_dialog_available() {
            return Picked::Unavailable(why);
        }
        let mut dialog = Self::dialog(request);
        if let Some(name) = &request.file_name {
            dialog = dialog.set_file_name(name);
        }
        dialog.save_file().map_or(Picked::Cancelled, Picked::Path)
    }
}

/// Whether rfd can show a dialog here: on Linux and the BSDs, a desktop portal with a file chooser
/// on the session bus, or zenity on `PATH`.
///
/// # Errors
///
/// Why not, in words, when neither is there.
#[cfg(free_desktop)]
fn system_dialog_available() -> Result<(), String> {
    let portal = match portal_file_chooser(None) {
        Ok(()) => return Ok(()),
        Err(why) => why,
    };
    if on_path("zenity") {
        return Ok(());
    }
    Err(format!("{portal}, and zenity is not installed"))
}

/// On Windows and macOS rfd opens the system's own file dialogs (the common item dialog; the
/// Cocoa open and save panels), which are always there.
#[cfg(not(free_desktop))]
#[allow(clippy::unnecessary_wraps)] // The same signature as the free desktops' check.
fn system_dialog_available() -> Result<(), String> {
    Ok(())
}

/// The desktop portal's file chooser answers on the session bus (`address`, else the session's):
/// its `version` property is read (which starts the portal when the bus can). A portal without a
/// file chooser backend does not have the interface.
#[cfg(free_desktop)]
fn portal_file_chooser(address: Option<&str>) -> Result<(), String> {
    pollster::block_on(async {
        let no_bus = |_| "no desktop session bus".to_owned();
        let builder = match address {
            Some(a) => zbus::connection::Builder::address(a),
            None => zbus::connection::Builder::session(),
        };
        let conn = builder
            .map_err(no_bus)?
            .method_timeout(std::time::Duration::from_secs(5))
            .build()
            .await
            .map_err(no_bus)?;
        let proxy = zbus::proxy::Builder::<zbus::Proxy<'_>>::new(&conn)
            .destination("org.freedesktop.portal.Desktop")
            .and_then(|b| b.path("/org/freedesktop/portal/desktop"))
            .and_then(|b| b.interface("org.freedesktop.portal.FileChooser"))
            .map_err(|e| e.to_string())?
            .cache_properties(zbus::proxy::CacheProperties::No)
            .build()
            .await
            .map_err(|_| "no desktop portal with a file chooser".to_owned())?;
        proxy
            .get_property::<u32>("version")
            .await
            .map(|_| ())
            .map_err(|_| "no desktop portal with a file chooser".to_owned())
    })
}

/// Whether an executable `name` is in one of `PATH`'s folders.
#[cfg(free_desktop)]
fn on_path(name: &str) -> bool {
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| is_executable(&dir.join(name)))
}

#[cfg(free_desktop)]
fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(file).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Where file dialogs start when the draft has no folder: the documents folder, else the home
/// folder (never the folder the app happened to be started in).
pub fn documents_folder() -> Option<PathBuf> {
    let documents = directories::UserDirs::new()
        .and_then(|u| u.document_dir().map(Path::to_path_buf))
        .filter(|d| d.is_dir());
    documents.or_else(|| directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf()))
}

/// The system clipboard through arboard (X11, or Wayland's data-control protocol where the
/// compositor has it). The connection is made at the first copy and kept while the app runs: on X11
/// the copied text is served from this process until another program copies something.
#[derive(Default)]
pub struct SystemClipboard {
    inner: Option<arboard::Clipboard>,
}

impl Clipboard for SystemClipboard {
    fn copy_text(&mut self, _ctx: &egui::Context, text: &str) -> Result<(), String> {
        let clipboard = match &mut self.inner {
            Some(c) => c,
            None => self
                .inner
                .insert(arboard::Clipboard::new().map_err(|e| e.to_string())?),
        };
        // `Ok` once the platform has taken ownership of the text (on X11 the selection is ours).
        clipboard.set_text(text).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
#[cfg(target_os = "linux")]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::io::BufRead as _;
    use std::process::{Child, Command, Stdio};

    use super::portal_file_chooser;

    /// A private message bus (dbus-daemon with a configuration of its own), ended when dropped.
    struct Bus {
        daemon: Child,
        address: String,
        dir: std::path::PathBuf,
    }

    impl Bus {
        fn start(tag: &str) -> Self {
            let dir = std::env::temp_dir().join(format!("njtax-bus-{tag}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            let config = dir.join("bus.conf");
            std::fs::write(
                &config,
                format!(
                    r#"<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"#,
                    dir.join("bus").display()
                ),
            )
            .unwrap();
            let mut daemon = Command::new("dbus-daemon")
                .arg(format!("--config-file={}", config.display()))
                .args(["--nofork", "--print-address"])
                .stdout(Stdio::piped())
                .spawn()
                .expect(
                    "dbus-daemon must be installed (apt-get install dbus-daemon; .ci/run does it)",
                );
            let mut address = String::new();
            std::io::BufReader::new(daemon.stdout.take().unwrap())
                .read_line(&mut address)
                .unwrap();
            Self {
                daemon,
                address: address.trim().to_owned(),
                dir,
            }
        }
    }

    impl Drop for Bus {
        fn drop(&mut self) {
            let _ = self.daemon.kill();
            let _ = self.daemon.wait();
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    /// The file chooser interface of a desktop portal, as far as the check reads it (the portal's
    /// property is `version`, in lower case).
    struct FakeFileChooser;

    #[zbus::interface(name = "org.freedesktop.portal.FileChooser")]
    impl FakeFileChooser {
        #[zbus(property, name = "version")]
        fn version(&self) -> u32 {
            4
        }
    }

    #[test]
    fn no_bus_means_no_portal() {
        let dir = std::env::temp_dir().join(format!("njtax-no-bus-{}", std::process::id()));
        let address = format!("unix:path={}", dir.join("no-such-bus").display());
        assert_eq!(
            portal_file_chooser(Some(&address)),
            Err("no desktop session bus".to_owned())
        );
    }

    #[test]
    fn a_bus_without_a_portal_has_no_file_chooser() {
        let bus = Bus::start("empty");
        assert_eq!(
            portal_file_chooser(Some(&bus.address)),
            Err("no desktop portal with a file chooser".to_owned())
        );
    }

    #[test]
    fn a_portal_with_a_file_chooser_on_the_bus_is_found() {
        let bus = Bus::start("portal");
        let _portal = pollster::block_on(async {
            zbus::connection::Builder::address(bus.address.as_str())
                .unwrap()
                .name("org.freedesktop.portal.Desktop")
                .unwrap()
                .serve_at("/org/freedesktop/portal/desktop", FakeFileChooser)
                .unwrap()
                .build()
                .await
                .unwrap()
        });
        assert_eq!(portal_file_chooser(Some(&bus.address)), Ok(()));
    }
}
