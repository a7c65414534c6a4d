//! One draft, several windows: what a window remembers of the file it opened (a [`Stamp`] of its
//! bytes, checked before every save so that a save never silently overwrites what another window or
//! program saved), the lock that tells a second window the draft is already open ([`DraftLock`]),
//! and the private folders the app keeps its own files in. See
//! `docs/decisions/drafts-two-windows.md`.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// What a draft file held when this window read or wrote it: its length and a hash of its bytes.
/// Equal stamps mean the same bytes (the time stamp is not compared: copying or touching a file
/// moves it without changing the draft).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    /// Length in bytes.
    pub len: u64,
    /// FNV-1a (64-bit) of the bytes: stable across builds, as a stamp kept in a recovery file must
    /// be.
    pub hash: u64,
}

impl Stamp {
    /// The stamp of `bytes`.
    #[must_use]
    pub fn of(bytes: &[u8]) -> Self {
        let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        Self {
            len: u64::try_from(bytes.len()).unwrap_or(u64::MAX),
            hash,
        }
    }

    /// The stamp of the file at `path` now; `None` when there is no file. An encrypted draft is
    /// stamped by its text once decrypted (when its folder is unlocked), as a save stamps what it
    /// wrote: every encryption of the same text gives other bytes.
    ///
    /// # Errors
    /// When the file exists but cannot be read.
    pub fn of_file(path: &Path) -> io::Result<Option<Self>> {
        let read = crate::files::open_plain_file(path).and_then(|mut f| {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut f, &mut bytes).map(|_| bytes)
        });
        match read {
            Ok(bytes) => Ok(Some(Self::of(&crate::crypt::plain_or_as_is(path, bytes)))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }
}

pub use crate::stamps::{canonical, now_stamp, same_draft};

/// Create a folder of the app's own (config, state, recovery) and the folders above it that are
/// missing, readable by the owner only (0700 on Unix, whatever the umask): see
/// [`crate::files::create_private_folder`].
///
/// # Errors
/// When a folder cannot be created.
pub fn create_private_dir(dir: &Path) -> io::Result<()> {
    crate::files::create_private_folder(dir)
}

/// Open (creating it when missing) a private file (0600 on Unix, whatever the umask) for writing,
/// without truncating it.
pub(crate) fn open_private(path: &Path) -> io::Result<File> {
    let mut options = fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    options.open(path)
}

pub use crate::locks::{
    Clock, DraftLock, Holder, LockError, LockFailure, SystemClock, UpdateLock, Watch, host_name,
};

/// Why a draft could not be changed in place.
#[derive(Debug, thiserror::Error)]
pub enum UpdateError {
    /// The draft could not be read.
    #[error("{0}")]
    Read(#[from] crate::files::ReadError),
    /// The change was refused (the reason in words).
    #[error("{0}")]
    Refused(String),
    /// The draft could not be written (it is unchanged).
    #[error("{0}")]
    Write(#[from] crate::files::WriteError),
    /// Another writer held the draft, or its update lock could not be made.
    #[error("could not change {path}: {source}")]
    Busy {
        /// The draft.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// Change the draft at `path` in place for `who` (a command-line change of status, a note):
/// under the draft's [`UpdateLock`], read it, apply `change`, and write it
/// atomically ([`crate::files::write_draft`], the previous version kept as `.bak1`), but only if the file is
/// still the one read; if another program wrote it meanwhile (one that does not take the update
/// lock), read it again and apply the change to that. Two processes changing one draft at once
/// both have their change kept.
///
/// # Errors
/// [`UpdateError`]: the draft cannot be read or written, `change` refuses, or another writer
/// held the draft for `wait`.
pub fn update_draft<T>(
    path: &Path,
    who: &str,
    wait: std::time::Duration,
    change: impl FnMut(&mut njtax_engine::Draft) -> Result<T, String>,
) -> Result<T, UpdateError> {
    update_draft_with(path, who, wait, &SystemClock, change)
}

/// [`update_draft`] with the clock the update lock reads (tests give writers whose wall clocks
/// disagree).
///
/// # Errors
/// As [`update_draft`].
pub fn update_draft_with<T>(
    path: &Path,
    who: &str,
    wait: std::time::Duration,
    clock: &dyn Clock,
    mut change: impl FnMut(&mut njtax_engine::Draft) -> Result<T, String>,
) -> Result<T, UpdateError> {
    let busy = |source| UpdateError::Busy {
        path: path.to_path_buf(),
        source,
    };
    let lock = UpdateLock::acquire_with(path, who, wait, clock, &mut Watch::default())
        .map_err(|f| busy(f.into_io()))?;
    for _ in 0..5 {
        let before = Stamp::of_file(path).map_err(busy)?;
        let mut draft = crate::files::read_draft(path)?;
        let out = change(&mut draft).map_err(UpdateError::Refused)?;
        if Stamp::of_file(path).map_err(busy)? != before {
            continue;
        }
        if !lock.still_held() {
            // Taken over while this writer was stopped (a computer asleep for longer than
            // `UpdateLock::STALE`): another writer may be writing now.
            return Err(busy(io::Error::other(format!(
                "its lock {} was taken over by another writer while this change was made; \
                 nothing was written, try again",
                lock.path().display()
            ))));
        }
        draft.format_version = njtax_engine::FORMAT_VERSION;
        crate::files::write_draft(path, &draft)?;
        return Ok(out);
    }
    Err(busy(io::Error::other(
        "it kept being changed by another program while this change was made",
    )))
}

/// The user this process runs as (Unix), to refuse files another user put in the app's folders.
#[cfg(unix)]
#[must_use]
pub fn current_uid() -> u32 {
    rustix::process::geteuid().as_raw()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_compare_bytes() {
        assert_eq!(Stamp::of(b"abc"), Stamp::of(b"abc"));
        assert_ne!(Stamp::of(b"abc"), Stamp::of(b"abd"));
        assert_eq!(Stamp::of(b"").len, 0);
    }

    #[test]
    fn a_second_lock_on_a_draft_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let draft = dir.path().join("x.ron");
        fs::write(&draft, "()").unwrap();
        let first = DraftLock::acquire(&draft).unwrap();
        let lock_file = DraftLock::file_for(&draft);
        assert!(lock_file.exists());
        let again = dir.path().join(".").join("x.ron");
        assert!(matches!(
            DraftLock::acquire(&again),
            Err(LockError::HeldElsewhere)
        ));
        assert!(first.is_for(&again));
        drop(first);
        assert!(!lock_file.exists(), "a clean close removes the lock file");
        let second = DraftLock::acquire(&draft).unwrap();
        drop(second);
    }
}
