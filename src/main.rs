//! `njtax-app`: the desktop app. Opens the draft given on the command line, or the embedded sample
//! return so a newcomer sees a filled return at once.

#![windows_subsystem = "windows"]

mod console;
mod native;
mod startup;

use std::process::ExitCode;

use clap::Parser as _;

use njtax::folders::AppFolders;
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, RecentFile, RecentStore};

use native::NativeDialogs;

/// The sample draft shown when no draft is given: this season's return of a family with children
/// (its figures worked by hand, `docs/returns-2026.md`, return 1a).
const SAMPLE_DRAFT: &str = include_str!("../examples/family-2026.ron");
/// Its name in the title bar.
const SAMPLE_NAME: &str = "Sample return (family with children)";

/// Recent drafts in the platform config folder (`recent.ron`, private: see
/// [`njtax_ui::platform::RecentFile`]), or none when there is no home folder.
fn config_recent() -> Box<dyn RecentStore> {
    match AppFolders::of_system() {
        Some(f) => Box::new(RecentFile::new(f.recent_file())),
        None => Box::new(MemoryRecent::default()),
    }
}

/// The display settings in the platform config folder (`settings.ron`), or kept in memory when
/// there is no home folder.
fn config_settings() -> Box<dyn njtax_ui::settings::SettingsStore> {
    match AppFolders::of_system() {
        Some(f) => Box::new(njtax_ui::settings::SettingsFile::new(f.settings_file())),
        None => Box::new(njtax_ui::settings::MemorySettings::default()),
    }
}

/// The app's id on every desktop: the Wayland app id and X11 `WM_CLASS`, the desktop entry's name
/// and `StartupWMClass`, the icon's name, the AppStream id, and the macOS bundle identifier.
const APP_ID: &str = "org.njtax.njtax";

/// The window's own icon (title bar, task switcher, and X11's `_NET_WM_ICON`), from the same
/// artwork as the installed icons.
fn window_icon() -> Result<std::sync::Arc<egui::IconData>, String> {
    eframe::icon_data::from_png_bytes(include_bytes!(
        "../assets/icons/hicolor/64x64/apps/org.njtax.njtax.png"
    ))
    .map(std::sync::Arc::new)
    .map_err(|e| e.to_string())
}

/// The eframe shell around the app.
struct Shell(App);

impl eframe::App for Shell {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.0.ui(ui);
    }
}

fn main() -> ExitCode {
    // Windows: started from a console with arguments, print there (see `console`).
    console::attach_for_arguments();
    // `--help`, `--version` and a bad argument are answered here, without a window.
    let args = startup::Args::parse();
    if let Some(why) = startup::missing_display() {
        eprintln!("{why}");
        return ExitCode::FAILURE;
    }
    let mut app = match njtax_engine::parse_draft(SAMPLE_DRAFT) {
        // Said to be a sample on the Start screen and in the title, never called saved.
        Ok(d) => App::new(
            d.answers,
            SAMPLE_NAME,
            Box::new(NativeDialogs),
            config_recent(),
        )
        .as_sample(),
        // A new draft in the latest tax year, as File > New gives.
        Err(_) => App::new_blank(Box::new(NativeDialogs), config_recent()),
    }
    .with_clipboard(Box::new(native::SystemClipboard::default()))
    .with_settings(config_settings());
    if let Some(folder) = native::documents_folder() {
        app = app.with_documents_folder(folder);
    }
    if let Some(folders) = AppFolders::of_system() {
        // The state folder holds recovery copies of drafts: private whatever the umask. Best
        // effort: without it the recovery store says so when it writes.
        let _ = njtax_ui::files::create_private_folder(&folders.state);
        app = app.with_recovery(njtax_ui::recovery::RecoveryStore::new(
            folders.recovery_folder(),
        ));
    }
    // Saves that crashed leave temporary files holding a whole draft next to it: removed for the
    // recent drafts now, and for a draft when it is opened.
    for recent in &app.recent {
        njtax_ui::files::remove_abandoned_temps(recent);
    }
    if let Some(path) = &args.draft {
        // Remembered and shown with its whole path, whatever folder the app was started in.
        let path = std::path::absolute(path).unwrap_or_else(|_| path.clone());
        app.open_file(&path);
    }
    let title = app.title();
    let mut viewport = egui::ViewportBuilder::default()
        .with_title(title)
        // Wayland's app id and X11's WM_CLASS: what ties the window to the desktop entry
        // (`StartupWMClass`) and so to its name and icon in docks and task switchers.
        .with_app_id(APP_ID)
        .with_inner_size([1280.0, 800.0])
        .with_min_inner_size([900.0, 600.0]);
    match window_icon() {
        Ok(icon) => viewport = viewport.with_icon(icon),
        // An embedded PNG that cannot be read is a build mistake; the window opens without it.
        Err(why) => eprintln!("njtax-app: the window icon could not be read ({why})"),
    }
    let options = eframe::NativeOptions {
        viewport,
        // The renderer the release is built with (tests build wgpu in too, for their snapshots).
        renderer: eframe::Renderer::Glow,
        ..eframe::NativeOptions::default()
    };
    match eframe::run_native("njtax", options, Box::new(|_cc| Ok(Box::new(Shell(app))))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if let Some(code) = startup::retry_with_software_rendering(&e) {
                return code;
            }
            startup::report_failure(&startup::failure_sentence(&e));
            ExitCode::FAILURE
        }
    }
}
