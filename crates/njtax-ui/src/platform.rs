//! What the app needs from the platform, behind small traits so tests can fake them: file dialogs,
//! the system clipboard and the list of recent drafts. The real ones are in the desktop shell
//! (`src/main.rs` and `src/native.rs` of the root package).

use std::path::PathBuf;

/// Native open/save dialogs.
pub trait FileDialogs {
    /// Ask for a draft to open.
    fn pick_open(&mut self) -> Option<PathBuf>;
    /// Ask where to save, suggesting a file name.
    fn pick_save(&mut self, suggested_name: &str) -> Option<PathBuf>;
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

/// Dialogs that answer with prepared paths (for tests and headless use).
#[derive(Clone, Debug, Default)]
pub struct ScriptedDialogs {
    /// Answers to the next open dialogs, in order.
    pub open: Vec<PathBuf>,
    /// Answers to the next save dialogs, in order.
    pub save: Vec<PathBuf>,
}

impl FileDialogs for ScriptedDialogs {
    fn pick_open(&mut self) -> Option<PathBuf> {
        (!self.open.is_empty()).then(|| self.open.remove(0))
    }

    fn pick_save(&mut self, _suggested_name: &str) -> Option<PathBuf> {
        (!self.save.is_empty()).then(|| self.save.remove(0))
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
