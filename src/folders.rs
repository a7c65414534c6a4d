//! The app's own folders, from the `directories` crate on every system: the settings and the list
//! of recent drafts in the configuration folder, the recovery copies of drafts in the state
//! folder. Linux has a state folder (`~/.local/state/njtax`); Windows and macOS have none, so
//! the local data folder is used: on Windows `%LOCALAPPDATA%\njtax\njtax\data`, which stays on
//! this computer (recovery copies hold whole drafts, SSNs included, and must not travel with a
//! roaming profile), on macOS `~/Library/Application Support/org.njtax.njtax`. Each folder is
//! made private when the app writes to it (0700 on Unix; on Windows the profile's folders are
//! the user's by their inherited access list, see `docs/decisions/file-privacy-windows.md`).

use std::path::{Path, PathBuf};

/// Where the app keeps its own files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppFolders {
    /// Settings (`settings.ron`) and the list of recent drafts (`recent.ron`).
    pub config: PathBuf,
    /// Recovery copies of drafts (`recovery/`).
    pub state: PathBuf,
}

impl AppFolders {
    /// This user's folders on this system (`None` when there is no home folder).
    #[must_use]
    pub fn of_system() -> Option<Self> {
        directories::ProjectDirs::from("org", "njtax", "njtax")
            .map(|d| Self::choose(d.config_dir(), d.state_dir(), d.data_local_dir()))
    }

    /// The folders from what the system gives: the state folder when there is one (Linux),
    /// else the local (never roaming) data folder.
    #[must_use]
    pub fn choose(config: &Path, state: Option<&Path>, data_local: &Path) -> Self {
        Self {
            config: config.to_path_buf(),
            state: state.unwrap_or(data_local).to_path_buf(),
        }
    }

    /// The list of recent drafts.
    #[must_use]
    pub fn recent_file(&self) -> PathBuf {
        self.config.join("recent.ron")
    }

    /// The display settings.
    #[must_use]
    pub fn settings_file(&self) -> PathBuf {
        self.config.join("settings.ron")
    }

    /// The recovery copies' folder.
    #[must_use]
    pub fn recovery_folder(&self) -> PathBuf {
        self.state.join("recovery")
    }
}
