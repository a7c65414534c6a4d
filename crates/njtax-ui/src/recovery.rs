//! Autosave and recovery: unsaved edits are written at least every [`AUTOSAVE_SECONDS`] seconds
//! (when the window loses focus, and before a file dialog opens) to a recovery file in the platform
//! state folder; on the next start the app offers every recovery, naming the draft, its folder and
//! the local time it was written.
//!
//! Each window writes recovery files of its own (`recovery-<draft>-<window>.ron`, the draft named by
//! its canonical path), so two windows never overwrite or remove each other's; the recovery files of
//! a window still open are not offered to another one (the window holds `live-<window>.lock`). The
//! folder is created 0700 and the files 0600 whatever the umask, and a recovery file that belongs to
//! another user is refused, not offered. A recovery whose answers are what its draft holds has
//! nothing to recover and is not offered.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use njtax_engine::Draft;
use serde::{Deserialize, Serialize};

use crate::sharing::{Stamp, canonical, same_draft};

/// The time zone recovery times are shown in (the system's in the app).
pub use jiff::tz::TimeZone;

/// Unsaved edits are autosaved at least this often.
pub const AUTOSAVE_SECONDS: f64 = 30.0;

/// What a recovery file holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recovery {
    /// When it was written (seconds since 1970-01-01 UTC).
    pub written_unix: u64,
    /// The draft file the edits belong to (`None`: never saved).
    pub draft_path: Option<PathBuf>,
    /// The name shown for the draft.
    pub name: String,
    /// The answers as they were.
    pub draft: Draft,
    /// What the draft file held when the edits began (`None`: no file, or not known): a restored
    /// recovery is saved over its draft only if the draft still holds that.
    #[serde(default)]
    pub base: Option<Stamp>,
    /// The recovery file it was read from (`None` until written and read back).
    #[serde(skip)]
    pub file: Option<PathBuf>,
}

impl Recovery {
    /// When it was written, for people, in the time zone `tz` (the system's in the app):
    /// `2026-11-29 12:30 EST`.
    pub fn written_text(&self, tz: &jiff::tz::TimeZone) -> String {
        format_local(self.written_unix, tz)
    }

    /// The folder of the draft the edits belong to, for people; `None` for a draft never saved.
    pub fn folder_text(&self) -> Option<String> {
        let path = self.draft_path.as_deref()?;
        Some(match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.display().to_string(),
            _ => path.display().to_string(),
        })
    }
}

/// A recovery file of a draft in an encrypted folder, as it is on disk: only when it was written
/// and the folder are readable; the draft's name and answers are encrypted to the folder's key
/// (see [`crate::crypt`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct SealedRecovery {
    /// When it was written (seconds since 1970-01-01 UTC).
    written_unix: u64,
    /// The encrypted folder the draft is in.
    folder: PathBuf,
    /// The whole [`Recovery`] as RON text, encrypted to the folder's key (armoured age).
    sealed: String,
}

/// A recovery that cannot be read until its encrypted folder is unlocked: what is shown of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockedRecovery {
    /// When it was written (seconds since 1970-01-01 UTC).
    pub written_unix: u64,
    /// The encrypted folder of its draft.
    pub folder: PathBuf,
}

/// Every recovery in the folder, for the start of the app.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// Recoveries newer than their draft, the newest first.
    pub recoveries: Vec<Recovery>,
    /// Recoveries of drafts in encrypted folders not unlocked in this session ("locked"): they are
    /// offered once the folder is unlocked and one of its drafts opened.
    pub locked: Vec<LockedRecovery>,
    /// What could not be read (the folder, or a recovery file), in words: the files are left
    /// where they are.
    pub problems: Vec<String>,
}

/// The folder of recovery files, as one window uses it.
#[derive(Clone, Debug)]
pub struct RecoveryStore {
    dir: PathBuf,
    /// This window's name in the recovery files' names: unique to the process and the window.
    instance: String,
    /// `live-<instance>.lock`, locked while this window lives (made with its first recovery).
    live: Arc<Mutex<Option<LiveMark>>>,
}

/// The lock that tells other windows this window's recovery files are in use.
#[derive(Debug)]
struct LiveMark {
    path: PathBuf,
    file: File,
}

impl Drop for LiveMark {
    fn drop(&mut self) {
        // Removed while locked: another window's clean-up only removes marks it can lock.
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// Windows made by this process so far (each store is a window of its own).
static INSTANCES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl RecoveryStore {
    /// Recovery files in `dir` (created when first needed), for a new window.
    pub fn new(dir: PathBuf) -> Self {
        let started = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let n = INSTANCES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        // The start time keeps a process id used again later from taking an old window's name.
        let instance = format!("{started:x}.{}.{n}", std::process::id());
        Self {
            dir,
            instance,
            live: Arc::new(Mutex::new(None)),
        }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// This window's recovery file for a draft (one per draft file, named by its canonical path,
    /// whichever way it was reached; one for the untitled draft).
    pub fn file_for(&self, draft_path: Option<&Path>) -> PathBuf {
        let key = draft_path.map_or_else(
            || "untitled".to_owned(),
            |p| canonical(p).to_string_lossy().into_owned(),
        );
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in key.as_bytes() {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.dir
            .join(format!("recovery-{h:016x}-{}.ron", self.instance))
    }

    /// Write the recovery for a draft, stamped with the time now; `base` is what the draft file
    /// held when the edits began.
    ///
    /// # Errors
    /// When the folder or file cannot be written.
    pub fn save(
        &self,
        draft_path: Option<&Path>,
        name: &str,
        draft: &Draft,
        base: Option<Stamp>,
    ) -> Result<(), crate::files::WriteError> {
        self.write(&Recovery {
            written_unix: now_unix(),
            draft_path: draft_path.map(canonical),
            name: name.to_owned(),
            draft: draft.clone(),
            base,
            file: None,
        })
    }

    /// Write a recovery as it is (this window's recovery file of its draft).
    ///
    /// # Errors
    /// When the folder or file cannot be written, or its draft would be larger than a draft that
    /// can be opened ([`crate::files::WriteError::TooLarge`]; nothing is written then).
    pub fn write(&self, recovery: &Recovery) -> Result<(), crate::files::WriteError> {
        let io = |what: &str, path: &Path| {
            let step = format!("could not {what} ({})", path.display());
            let path = path.to_path_buf();
            move |source| crate::files::WriteError::Io { step, path, source }
        };
        // Held to a draft's size limit before anything is created: a draft that could not be
        // saved from it would recover nothing. Written like a draft (only the answers given).
        crate::files::draft_text(&recovery.draft)?;
        let mut text = njtax_engine::draft::compact::to_string_pretty(
            recovery,
            ron::ser::PrettyConfig::new(),
        )?;
        crate::sharing::create_private_dir(&self.dir)
            .map_err(io("create the recovery folder", &self.dir))?;
        self.mark_live()
            .map_err(io("mark the recovery files in use", &self.dir))?;
        // The recovery of a draft in an encrypted folder is encrypted to the same key (never
        // written in plain text, even when the folder is locked: then it fails and says so).
        if let Some(path) = recovery.draft_path.as_deref() {
            let folder = crate::crypt::folder_of(path);
            if crate::crypt::is_encrypted_folder(&folder) {
                let key = crate::crypt::key_for(&folder).ok_or_else(|| {
                    crate::crypt::CryptError::from(crate::crypt::Locked {
                        folder: folder.clone(),
                    })
                })?;
                let sealed = SealedRecovery {
                    written_unix: recovery.written_unix,
                    folder,
                    sealed: key.seal_text(text.as_bytes())?,
                };
                text = ron::ser::to_string_pretty(&sealed, ron::ser::PrettyConfig::new())?;
            }
        }
        crate::files::write_private(&self.file_for(recovery.draft_path.as_deref()), &text)
    }

    /// Hold `live-<instance>.lock`, so that other windows leave this one's recovery files alone.
    fn mark_live(&self) -> std::io::Result<()> {
        let mut live = self
            .live
            .lock()
            .map_err(|_| std::io::Error::other("a window's lock was poisoned"))?;
        if live.is_some() {
            return Ok(());
        }
        let path = self.dir.join(format!("live-{}.lock", self.instance));
        let file = crate::sharing::open_private(&path)?;
        // Where locks are not supported, other windows may offer this one's recovery files: a
        // restore or discard there loses nothing this window has not autosaved again.
        let _ = file.try_lock();
        *live = Some(LiveMark { path, file });
        Ok(())
    }

    /// Whether the recovery file `name` belongs to another window that is still open.
    fn held_by_another_window(&self, name: &str) -> bool {
        let Some(instance) = name
            .strip_prefix("recovery-")
            .and_then(|n| n.strip_suffix(".ron"))
            .and_then(|n| n.split_once('-'))
            .map(|(_, instance)| instance)
        else {
            return false;
        };
        if instance == self.instance {
            return false;
        }
        let mark = self.dir.join(format!("live-{instance}.lock"));
        let Ok(file) = File::open(&mark) else {
            return false;
        };
        match file.try_lock_shared() {
            Ok(()) => {
                // Its window is gone (a crash leaves the mark behind): tidy it away.
                let _ = std::fs::remove_file(&mark);
                false
            }
            Err(std::fs::TryLockError::WouldBlock) => true,
            Err(std::fs::TryLockError::Error(_)) => false,
        }
    }

    /// This window's recovery for a draft, when there is one with something to recover.
    pub fn find(&self, draft_path: Option<&Path>) -> Option<Recovery> {
        let file = self.file_for(draft_path);
        let Ok(Read::Open(mut recovery)) = read_recovery(&file) else {
            return None;
        };
        recovery.file = Some(file);
        (!already_saved(&recovery)).then_some(*recovery)
    }

    /// Every window's recoveries of the draft at `path` (reached any way), the newest first.
    pub fn for_draft(&self, path: &Path) -> Vec<Recovery> {
        let mut found = self.all().recoveries;
        found.retain(|r| r.draft_path.as_deref().is_some_and(|p| same_draft(p, path)));
        found
    }

    /// Every recovery in the folder with something to recover, the newest first (none when the
    /// folder does not exist yet), except those of windows still open. A recovery whose answers are
    /// what its draft holds was saved after all and is not offered; one that belongs to another
    /// user is refused and named in `problems`.
    pub fn all(&self) -> Found {
        let mut found = Found::default();
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return found,
            Err(e) => {
                found.problems.push(format!(
                    "could not read the recovery folder {}: {e}",
                    self.dir.display()
                ));
                return found;
            }
        };
        for entry in entries {
            let file = match entry {
                Ok(entry) => entry.path(),
                Err(e) => {
                    found.problems.push(format!(
                        "could not read the recovery folder {}: {e}",
                        self.dir.display()
                    ));
                    continue;
                }
            };
            let Some(name) = file.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if !(name.starts_with("recovery-") && name.ends_with(".ron"))
                || self.held_by_another_window(name)
            {
                continue;
            }
            if let Err(why) = owned_by_user(&file) {
                found.problems.push(format!(
                    "did not offer the recovery file {}: {why}",
                    file.display()
                ));
                continue;
            }
            match read_recovery(&file) {
                Ok(Read::Open(mut r)) if !already_saved(&r) => {
                    r.file = Some(file);
                    found.recoveries.push(*r);
                }
                Ok(Read::Open(_)) => {}
                Ok(Read::Locked(l)) => found.locked.push(l),
                Err(e) => found.problems.push(format!(
                    "could not read the recovery file {}: {e}",
                    file.display()
                )),
            }
        }
        found.recoveries.sort_by(|a, b| {
            b.written_unix
                .cmp(&a.written_unix)
                .then_with(|| a.name.cmp(&b.name))
        });
        found
    }

    /// Remove this window's recovery for a draft (after it is saved, or its changes are
    /// discarded). Other windows' recoveries of the same draft stay.
    pub fn remove(&self, draft_path: Option<&Path>) {
        // A missing file is the normal case; any other failure leaves a stale recovery that the
        // next start offers again, which loses nothing.
        let _ = std::fs::remove_file(self.file_for(draft_path));
    }

    /// Remove a recovery file that was offered (restored and saved, or discarded); only a
    /// recovery file in this folder is removed.
    pub fn remove_offered(&self, recovery: &Recovery) {
        let Some(file) = &recovery.file else { return };
        let is_ours = file.parent() == Some(self.dir.as_path())
            && file
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("recovery-") && n.ends_with(".ron"));
        if is_ours {
            let _ = std::fs::remove_file(file);
        }
    }
}

/// The recovery files File > Remove client data from this computer would remove: every recovery
/// file in the folder that is this user's and not held by another window still open, whether or
/// not it is offered (a recovery whose answers were saved after all is not offered, but its file
/// still holds the client's answers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Removable {
    /// Each file, with the name of the draft it holds edits of (the file's own name when it
    /// cannot be read).
    pub files: Vec<(PathBuf, String)>,
    /// Recovery files of other windows still open, left alone.
    pub held_elsewhere: usize,
    /// Recovery files that are not this user's or not plain files, left alone (named).
    pub not_ours: Vec<PathBuf>,
}

impl RecoveryStore {
    /// What [`RecoveryStore::remove_all`] would remove, listed for the confirmation.
    pub fn removable(&self) -> Removable {
        let mut out = Removable::default();
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return out;
        };
        for file in entries.flatten().map(|e| e.path()) {
            let Some(name) = file.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if !(name.starts_with("recovery-") && name.ends_with(".ron")) {
                continue;
            }
            if self.held_by_another_window(name) {
                out.held_elsewhere += 1;
                continue;
            }
            if owned_by_user(&file).is_err() {
                out.not_ours.push(file);
                continue;
            }
            let shown = std::fs::read_to_string(&file)
                .ok()
                .and_then(|text| ron::from_str::<Recovery>(&text).ok())
                .map_or_else(|| name.to_owned(), |r| r.name);
            out.files.push((file, shown));
        }
        out.files
            .sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
        out
    }

    /// Remove the recovery files listed by [`RecoveryStore::removable`] (only files in this
    /// folder named as recovery files), and this window's mark once nothing of it is left.
    /// Returns the files that could not be removed, each with why.
    pub fn remove_all(&self, files: &[PathBuf]) -> Vec<(PathBuf, std::io::Error)> {
        let mut failed = Vec::new();
        for file in files {
            let ours = file.parent() == Some(self.dir.as_path())
                && file
                    .file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("recovery-") && n.ends_with(".ron"));
            if !ours {
                continue;
            }
            match std::fs::remove_file(file) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => failed.push((file.clone(), e)),
            }
        }
        failed
    }
}

/// The recovery file belongs to the user the app runs as (and is a file, not a link): another user
/// could otherwise put answers of their choosing in front of the filer.
#[cfg(unix)]
fn owned_by_user(file: &Path) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt as _;
    let meta =
        std::fs::symlink_metadata(file).map_err(|e| format!("it could not be checked: {e}"))?;
    if !meta.file_type().is_file() {
        return Err("it is not a plain file".to_owned());
    }
    if meta.uid() != crate::sharing::current_uid() {
        return Err(format!(
            "it belongs to another user (user id {}), who may have put it there",
            meta.uid()
        ));
    }
    Ok(())
}

#[cfg(not(unix))]
fn owned_by_user(_file: &Path) -> Result<(), String> {
    // The recovery folder is in the user's own profile, which other users cannot write.
    Ok(())
}

/// What a recovery file held.
enum Read {
    /// A recovery, in plain text or decrypted with its folder's unlocked key.
    Open(Box<Recovery>),
    /// A recovery of a draft in an encrypted folder that is not unlocked.
    Locked(LockedRecovery),
}

/// Read a recovery file: plain, or sealed to an encrypted folder's key (decrypted when that
/// folder is unlocked in this session).
fn read_recovery(file: &Path) -> Result<Read, String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let plain_error = match ron::from_str::<Recovery>(&text) {
        Ok(r) => return Ok(Read::Open(Box::new(r))),
        Err(e) => e.to_string(),
    };
    let Ok(sealed) = ron::from_str::<SealedRecovery>(&text) else {
        return Err(plain_error);
    };
    let Some(key) = crate::crypt::key_for(&sealed.folder) else {
        return Ok(Read::Locked(LockedRecovery {
            written_unix: sealed.written_unix,
            folder: sealed.folder,
        }));
    };
    let plain = key
        .open(sealed.sealed.as_bytes())
        .ok_or_else(|| "it is encrypted, and its folder's key does not open it".to_owned())?;
    let plain = String::from_utf8(plain).map_err(|e| e.to_string())?;
    ron::from_str::<Recovery>(&plain)
        .map(|r| Read::Open(Box::new(r)))
        .map_err(|e| e.to_string())
}

/// The draft file holds the recovery's answers (they were saved after all): nothing to recover.
/// A draft whose time stamp moved (copied, touched) still has its recovery offered. An encrypted
/// draft is read with its folder's unlocked key.
fn already_saved(recovery: &Recovery) -> bool {
    let Some(path) = recovery.draft_path.as_deref() else {
        return false;
    };
    crate::files::read_draft(path).is_ok_and(|d| d.answers == recovery.draft.answers)
}

fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

pub use crate::stamps::format_local;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_shown_in_the_given_time_zone() {
        let utc = jiff::tz::TimeZone::UTC;
        assert_eq!(format_local(0, &utc), "1970-01-01 00:00 UTC");
        assert_eq!(format_local(951_782_400, &utc), "2000-02-29 00:00 UTC");
        assert_eq!(format_local(1_795_973_400, &utc), "2026-11-29 17:30 UTC");
        let east = jiff::tz::TimeZone::fixed(jiff::tz::offset(-5));
        assert_eq!(format_local(1_795_973_400, &east), "2026-11-29 12:30 -05");
        // New Jersey's rules, daylight saving time included (a POSIX TZ string: no tz database).
        let nj = jiff::tz::TimeZone::posix("EST5EDT,M3.2.0,M11.1.0").unwrap();
        assert_eq!(format_local(1_795_973_400, &nj), "2026-11-29 12:30 EST");
        assert_eq!(format_local(1_783_700_000, &nj), "2026-07-10 12:13 EDT");
    }
}

#[cfg(test)]
mod roundtrip {
    use super::*;

    #[test]
    fn a_saved_recovery_is_found_again() {
        let dir = std::env::temp_dir().join(format!("njtax-rec-unit-{}", std::process::id()));
        let store = RecoveryStore::new(dir);
        let draft = Draft {
            format_version: 1,
            answers: njtax_engine::Answers::default(),
        };
        store.save(None, "x", &draft, None).unwrap();
        let text = std::fs::read_to_string(store.file_for(None)).unwrap();
        let parsed: Result<Recovery, _> = ron::from_str(&text);
        assert!(parsed.is_ok(), "{parsed:?}\n{text}");
        assert!(store.find(None).is_some());
    }
}
