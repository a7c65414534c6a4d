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
        match fs::read(path) {
            Ok(bytes) => Ok(Some(Self::of(&crate::crypt::plain_or_as_is(path, bytes)))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// The path a draft is known by, whichever way it was reached (`x.ron`, `./x.ron`, a symbolic
/// link, another working folder): the canonical path when the file (or its folder) exists, else
/// the absolute path as written (a folder not mounted now).
#[must_use]
pub fn canonical(path: &Path) -> PathBuf {
    if let Ok(p) = path.canonicalize() {
        return p;
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    // A draft not written yet in a folder that exists: the folder's canonical path and the name.
    match (absolute.parent(), absolute.file_name()) {
        (Some(dir), Some(name)) => dir
            .canonicalize()
            .map_or_else(|_| absolute.clone(), |d| d.join(name)),
        _ => absolute,
    }
}

/// Whether two paths name the same draft (see [`canonical`]).
#[must_use]
pub fn same_draft(a: &Path, b: &Path) -> bool {
    a == b || canonical(a) == canonical(b)
}

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

/// Why a draft could not be marked as open in this window.
#[derive(Debug)]
pub enum LockError {
    /// Another window (or another copy of the app) has it open.
    HeldElsewhere,
    /// The lock file could not be made (a folder the filer may not write, a file system without
    /// locks): the draft can be opened, but other windows are not told.
    Unavailable(io::Error),
}

/// A hidden file beside the draft (its canonical path): `.<name>.<suffix>`, never ending in
/// `.ron`, so never taken for a draft.
fn beside(draft: &Path, suffix: &str) -> PathBuf {
    let draft = canonical(draft);
    let name = draft
        .file_name()
        .map_or_else(|| "draft".into(), |n| n.to_string_lossy().into_owned());
    let dir = draft.parent().map_or_else(PathBuf::new, Path::to_path_buf);
    dir.join(format!(".{name}.{suffix}"))
}

/// The mark that a draft is open in this window: `.<name>.lock` next to the draft (the file a
/// symbolic link names), locked while the window has the draft open. The system drops the lock
/// when the process ends, even in a crash, so a lock file left behind is simply used again; a clean
/// close removes it. The name does not end in `.ron`, so it is never taken for a draft.
#[derive(Debug)]
pub struct DraftLock {
    /// The draft, as [`canonical`] names it.
    draft: PathBuf,
    /// The lock file.
    path: PathBuf,
    /// The open, locked lock file.
    file: File,
}

impl DraftLock {
    /// The lock file of a draft (its canonical path).
    #[must_use]
    pub fn file_for(draft: &Path) -> PathBuf {
        beside(draft, "lock")
    }

    /// Mark `draft` as open in this window.
    ///
    /// # Errors
    /// [`LockError::HeldElsewhere`] when another window holds it; [`LockError::Unavailable`] when
    /// the lock file cannot be made or locked.
    pub fn acquire(draft: &Path) -> Result<Self, LockError> {
        let canonical_draft = canonical(draft);
        let path = Self::file_for(&canonical_draft);
        // A window closing removes its lock file while another may have it open: the lock is then
        // on a file no longer in the folder, so check it is still the one there, and try again.
        for _ in 0..5 {
            let file = open_private(&path).map_err(LockError::Unavailable)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => return Err(LockError::HeldElsewhere),
                Err(fs::TryLockError::Error(e)) => return Err(LockError::Unavailable(e)),
            }
            if still_there(&file, &path) {
                return Ok(Self {
                    draft: canonical_draft,
                    path,
                    file,
                });
            }
        }
        Err(LockError::Unavailable(io::Error::other(
            "the lock file kept being replaced",
        )))
    }

    /// Whether this is the lock of `draft`.
    #[must_use]
    pub fn is_for(&self, draft: &Path) -> bool {
        self.draft == canonical(draft)
    }

    /// Say in the lock file who has the draft open, on which computer and since when, for a
    /// second window or volunteer to read ([`DraftLock::holder`]). Best effort: a lock file that
    /// cannot be written still locks.
    pub fn tell(&self, who: &str) {
        use std::io::{Seek as _, Write as _};
        let mut file = &self.file;
        let text = format!("{}\n{}\n{}\n", who.trim(), host_name(), now_stamp());
        let _ = file.set_len(0);
        let _ = file.rewind();
        let _ = file.write_all(text.as_bytes());
        let _ = file.flush();
    }

    /// Who has `draft` open, as its lock file says (`None` when it says nothing).
    #[must_use]
    pub fn holder(draft: &Path) -> Option<Holder> {
        let text = fs::read_to_string(Self::file_for(draft)).ok()?;
        let mut lines = text.lines();
        let who = lines.next()?.trim().to_owned();
        let host = lines.next().unwrap_or_default().trim().to_owned();
        let since = lines.next().unwrap_or_default().trim().to_owned();
        Some(Holder { who, host, since })
    }
}

/// Who has a draft open: the name, the computer, since when (UTC, as written).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holder {
    /// The volunteer's name (empty when the app was not given one).
    pub who: String,
    /// The computer.
    pub host: String,
    /// Since when.
    pub since: String,
}

impl Holder {
    /// In words: `Ana Ruiz on LAPTOP-3 since 2026-12-07T14:05:00Z`.
    #[must_use]
    pub fn words(&self) -> String {
        let who = if self.who.is_empty() {
            "Someone"
        } else {
            self.who.as_str()
        };
        let mut out = who.to_owned();
        if !self.host.is_empty() {
            out.push_str(&format!(" on {}", self.host));
        }
        if !self.since.is_empty() {
            out.push_str(&format!(" since {}", self.since));
        }
        out
    }
}

/// This computer's name (the `HOSTNAME` the shell gives, else `/etc/hostname`; empty when
/// neither says).
#[must_use]
pub fn host_name() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .filter(|h| !h.trim().is_empty())
        .or_else(|| fs::read_to_string("/etc/hostname").ok())
        .map(|h| h.trim().to_owned())
        .unwrap_or_default()
}

impl Drop for DraftLock {
    fn drop(&mut self) {
        // Removed while still locked, so that no other window takes the file being removed for
        // free; a lock file that stays (this fails) is used again by the next window. Only the
        // file this lock holds is removed.
        if still_there(&self.file, &self.path) {
            let _ = fs::remove_file(&self.path);
        }
        let _ = self.file.unlock();
    }
}

/// Whether `path` still names the open `file` (not a file put in its place).
#[cfg(unix)]
fn still_there(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn still_there(_file: &File, path: &Path) -> bool {
    // Windows does not remove a file that is open, so the name still names it.
    path.exists()
}

/// The right to change a draft's file for a moment (a save, a command-line change of status or
/// note): `.<name>.update` next to the draft, created only if it does not exist (`create_new`,
/// an exclusive create that holds on local disks and on network folders, NFS and SMB, where the
/// advisory lock of [`DraftLock`] may not), holding who took it, where and when; removed when
/// dropped. A writer that finds it waits; one left behind by a crash (older than
/// [`UpdateLock::STALE`]) is taken over. Every writer stamps the file under it before writing, so
/// no two writers can both overwrite what the other read.
#[derive(Debug)]
pub struct UpdateLock {
    path: PathBuf,
}

impl UpdateLock {
    /// An update holds the lock for milliseconds: one older than this was left by a crash.
    pub const STALE: std::time::Duration = std::time::Duration::from_secs(30);

    /// The update lock file of a draft.
    #[must_use]
    pub fn file_for(draft: &Path) -> PathBuf {
        beside(draft, "update")
    }

    /// Take the lock of `draft` for `who`, waiting up to `wait` for another writer.
    ///
    /// # Errors
    /// The lock file cannot be made (a folder the filer may only read), or another writer held it
    /// for all of `wait` (`io::ErrorKind::WouldBlock`, naming what its file says).
    pub fn acquire(draft: &Path, who: &str, wait: std::time::Duration) -> io::Result<Self> {
        let path = Self::file_for(draft);
        let start = std::time::Instant::now();
        let mut pause = std::time::Duration::from_millis(2);
        loop {
            let mut options = fs::OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::OpenOptionsExt as _;
                options.mode(0o600);
            }
            match options.open(&path) {
                Ok(mut file) => {
                    use std::io::Write as _;
                    let _ = writeln!(file, "{who}\n{}\n{}", host_name(), std::process::id());
                    return Ok(Self { path });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    let age = fs::metadata(&path)
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| t.elapsed().ok());
                    if age.is_some_and(|a| a > Self::STALE) {
                        // Left by a writer that crashed: take it over.
                        let _ = fs::remove_file(&path);
                        continue;
                    }
                    if start.elapsed() >= wait {
                        let holder = fs::read_to_string(&path).unwrap_or_default();
                        let holder = holder
                            .lines()
                            .next()
                            .unwrap_or("another program")
                            .to_owned();
                        return Err(io::Error::new(
                            io::ErrorKind::WouldBlock,
                            format!("{holder} is saving it right now; try again in a moment"),
                        ));
                    }
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(std::time::Duration::from_millis(50));
                }
                Err(e) => return Err(e),
            }
        }
    }
}

impl Drop for UpdateLock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

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
    mut change: impl FnMut(&mut njtax_engine::Draft) -> Result<T, String>,
) -> Result<T, UpdateError> {
    let busy = |source| UpdateError::Busy {
        path: path.to_path_buf(),
        source,
    };
    let _lock = UpdateLock::acquire(path, who, wait).map_err(busy)?;
    for _ in 0..5 {
        let before = Stamp::of_file(path).map_err(busy)?;
        let mut draft = crate::files::read_draft(path)?;
        let out = change(&mut draft).map_err(UpdateError::Refused)?;
        if Stamp::of_file(path).map_err(busy)? != before {
            continue;
        }
        draft.format_version = njtax_engine::FORMAT_VERSION;
        crate::files::write_draft(path, &draft)?;
        return Ok(out);
    }
    Err(busy(io::Error::other(
        "it kept being changed by another program while this change was made",
    )))
}

/// Now, as a clinic record writes it: UTC to the second (`2026-12-07T14:05:00Z`).
#[must_use]
pub fn now_stamp() -> String {
    jiff::Timestamp::now()
        .strftime("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
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
