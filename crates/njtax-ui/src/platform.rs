//! What the app needs from the platform, behind small traits so tests can fake them: file dialogs,
//! the system clipboard and the list of recent drafts. The real ones are in the desktop shell
//! (`src/main.rs` and `src/native.rs` of the root package).

use std::path::{Path, PathBuf};

/// The kinds of file the app asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A draft (`.ron`).
    Draft,
    /// The printable return (`.pdf`).
    Pdf,
    /// The hand-off sheet (`.txt`).
    Handoff,
    /// A spreadsheet of rows (`.csv`): the roster's summary of the selected drafts.
    Csv,
    /// A folder (a clinic's folder of drafts): the dialog picks a folder, not a file; it shows
    /// the drafts in it.
    Folder,
}

impl FileKind {
    /// The file name extension, without the dot (a folder's: the drafts' it shows).
    pub fn extension(self) -> &'static str {
        match self {
            Self::Draft | Self::Folder => "ron",
            Self::Pdf => "pdf",
            Self::Handoff => "txt",
            Self::Csv => "csv",
        }
    }

    /// What a dialog's file type filter calls it.
    pub fn filter_name(self) -> &'static str {
        match self {
            Self::Draft => "NJ tax draft",
            Self::Pdf => "PDF document",
            Self::Handoff => "Text file",
            Self::Csv => "CSV spreadsheet",
            Self::Folder => "Folder of NJ tax drafts",
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
    /// Ask for a file to open; for [`FileKind::Folder`], a folder.
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
    /// Forget every draft (File > Recent drafts > Clear the list), saying when the list kept on
    /// disk could not be removed.
    ///
    /// # Errors
    /// Why the list kept on disk is still there.
    fn clear(&mut self) -> Result<(), String> {
        self.store(&[]);
        Ok(())
    }
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

/// The recent drafts kept in a file (the desktop app's `recent.ron` in its config folder). The
/// list names clients' drafts, so the folder is private (0700 on Unix) and the file too (0600),
/// whatever the umask; an older list or folder readable by others is made private when opened.
/// Failing to keep the list never disturbs the filer's work: it is a convenience.
#[derive(Clone, Debug)]
pub struct RecentFile {
    file: PathBuf,
}

impl RecentFile {
    /// The list kept in `file`; the file and its folder are made private if they are there.
    #[must_use]
    pub fn new(file: PathBuf) -> Self {
        if let Some(dir) = file.parent().filter(|d| d.is_dir()) {
            let _ = crate::files::create_private_folder(dir);
        }
        let _ = crate::files::make_private(&file);
        Self { file }
    }

    /// The file holding the list.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.file
    }
}

/// The longest list file that is read (a list is at most a few kilobytes).
const RECENT_MAX_BYTES: u64 = 64 * 1024;

impl RecentStore for RecentFile {
    fn load(&self) -> Vec<PathBuf> {
        use std::io::Read as _;
        let mut text = String::new();
        let read = std::fs::File::open(&self.file)
            .and_then(|f| f.take(RECENT_MAX_BYTES).read_to_string(&mut text));
        if read.is_err() {
            return Vec::new();
        }
        ron::from_str::<Vec<PathBuf>>(&text).unwrap_or_default()
    }

    fn clear(&mut self) -> Result<(), String> {
        match std::fs::remove_file(&self.file) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(format!("{} could not be removed: {e}", self.file.display())),
        }
    }

    fn store(&mut self, recent: &[PathBuf]) {
        if let Some(dir) = self.file.parent().filter(|d| !d.as_os_str().is_empty())
            && crate::files::create_private_folder(dir).is_err()
        {
            return;
        }
        if let Ok(text) = ron::to_string(&recent) {
            let _ = crate::files::write_private(&self.file, &text);
        }
    }
}
