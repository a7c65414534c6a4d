//! What the app needs from the platform, behind small traits so tests can fake them: file dialogs,
//! the system clipboard and the list of recent drafts. The real ones are in the desktop shell
//! (`src/main.rs` and `src/native.rs` of the root package).

use std::path::PathBuf;

/// The kinds of file the app asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A draft (`.ron`).
    Draft,
    /// The printable return (`.pdf`).
    Pdf,
    /// The hand-off sheet (`.txt`).
    Handoff,
}

impl FileKind {
    /// The file name extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Draft => "ron",
            Self::Pdf => "pdf",
            Self::Handoff => "txt",
        }
    }

    /// What a dialog's file type filter calls it.
    pub fn filter_name(self) -> &'static str {
        match self {
            Self::Draft => "NJ tax draft",
            Self::Pdf => "PDF document",
            Self::Handoff => "Text file",
        }
    }
}

/// What a file dialog is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DialogRequest {
    /// The kind of file (its filter and extension).
    pub kind: FileKind,
    /// The dialog's title.
    pub title: String,
    /// The folder it starts in: the draft's folder, else the documents folder (`None` when
    /// neither is known).
    pub folder: Option<PathBuf>,
    /// The file name it proposes (save dialogs).
    pub file_name: Option<String>,
}

/// What a file dialog answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    /// The user chose this file.
    Path(PathBuf),
    /// The user closed the dialog without choosing.
    Cancelled,
    /// The system's dialog cannot open here (the reason, in words); the app shows its own chooser.
    Unavailable(String),
}

/// The system's open/save dialogs.
pub trait FileDialogs {
    /// Ask for a file to open.
    fn pick_open(&mut self, request: &DialogRequest) -> Picked;
    /// Ask where to save.
    fn pick_save(&mut self, request: &DialogRequest) -> Picked;
}

/// The system clipboard.
pub trait Clipboard {
    /// Put `text` on the clipboard. `Ok` only once the platform has taken it; otherwise why not,
    /// in words.
    ///
    /// # Errors
    ///
    /// When the clipboard cannot be reached or refuses the text.
    fn copy_text(&mut self, ctx: &egui::Context, text: &str) -> Result<(), String>;
}

/// egui's own clipboard output: the text goes to the frame's output, which the eframe shell hands to
/// the system at the end of the frame without saying whether that worked. For tests (the harness
/// reads the output) and shells without a system clipboard of their own.
#[derive(Clone, Copy, Debug, Default)]
pub struct EguiClipboard;

impl Clipboard for EguiClipboard {
    fn copy_text(&mut self, ctx: &egui::Context, text: &str) -> Result<(), String> {
        ctx.copy_text(text.to_owned());
        Ok(())
    }
}

/// Where the list of recent drafts is kept.
pub trait RecentStore {
    /// The recent drafts, newest first.
    fn load(&self) -> Vec<PathBuf>;
    /// Replace the list.
    fn store(&mut self, recent: &[PathBuf]);
}

/// Dialogs that answer with prepared paths (for tests and headless use); with none left they
/// answer as if the user cancelled.
#[derive(Clone, Debug, Default)]
pub struct ScriptedDialogs {
    /// Answers to the next open dialogs, in order.
    pub open: Vec<PathBuf>,
    /// Answers to the next save dialogs, in order.
    pub save: Vec<PathBuf>,
}

impl FileDialogs for ScriptedDialogs {
    fn pick_open(&mut self, _request: &DialogRequest) -> Picked {
        if self.open.is_empty() {
            Picked::Cancelled
        } else {
            Picked::Path(self.open.remove(0))
        }
    }

    fn pick_save(&mut self, _request: &DialogRequest) -> Picked {
        if self.save.is_empty() {
            Picked::Cancelled
        } else {
            Picked::Path(self.save.remove(0))
        }
    }
}

/// A desktop without a usable system dialog (no desktop portal, no zenity): every dialog is
/// unavailable, so the app uses its own chooser.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSystemDialogs;

impl FileDialogs for NoSystemDialogs {
    fn pick_open(&mut self, _request: &DialogRequest) -> Picked {
        Picked::Unavailable("no system file dialog".to_owned())
    }

    fn pick_save(&mut self, _request: &DialogRequest) -> Picked {
        Picked::Unavailable("no system file dialog".to_owned())
    }
}

/// A recent-drafts list kept in memory only.
#[derive(Clone, Debug, Default)]
pub struct MemoryRecent(pub Vec<PathBuf>);

impl RecentStore for MemoryRecent {
    fn load(&self) -> Vec<PathBuf> {
        self.0.clone()
    }

    fn store(&mut self, recent: &[PathBuf]) {
        self.0 = recent.to_vec();
    }
}

/// A recent-drafts list kept in a file of the app's own (`recent.ron` in the config folder): the
/// folder is created 0700 and the file written 0600 (Unix), whatever the umask, since the draft
/// names may be clients' names.
#[derive(Clone, Debug)]
pub struct FileRecent {
    file: Option<PathBuf>,
}

impl FileRecent {
    /// The list in `file` (`None`: no config folder; nothing is remembered).
    pub fn new(file: Option<PathBuf>) -> Self {
        Self { file }
    }
}

impl RecentStore for FileRecent {
    fn load(&self) -> Vec<PathBuf> {
        let Some(file) = &self.file else {
            return Vec::new();
        };
        std::fs::read_to_string(file)
            .ok()
            .and_then(|t| ron::from_str::<Vec<PathBuf>>(&t).ok())
            .unwrap_or_default()
    }

    fn store(&mut self, recent: &[PathBuf]) {
        let Some(file) = &self.file else { return };
        // The list is a convenience: failing to keep it must not disturb the user's work (the
        // drafts themselves are unaffected).
        if file
            .parent()
            .is_some_and(|dir| crate::sharing::create_private_dir(dir).is_err())
        {
            return;
        }
        if let Ok(text) = ron::to_string(&recent) {
            let _ = crate::files::write_private(file, &text);
        }
    }
}
