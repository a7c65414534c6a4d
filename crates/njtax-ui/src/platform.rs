//! What the app needs from the platform, behind small traits so tests can fake them: file dialogs
//! and the list of recent drafts.

use std::path::PathBuf;

/// Native open/save dialogs.
pub trait FileDialogs {
    /// Ask for a draft to open.
    fn pick_open(&mut self) -> Option<PathBuf>;
    /// Ask where to save, suggesting a file name.
    fn pick_save(&mut self, suggested_name: &str) -> Option<PathBuf>;
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
