//! Reading and writing draft files so that a draft is never lost.
//!
//! A save writes the whole new text to a temporary file in the draft's own folder, flushes it to
//! disk, makes it private (0600 on Unix) and only then renames it over the draft; on Unix the folder
//! is flushed too, so the rename itself survives a power cut. A crash or a failure at any step leaves
//! the draft as it was. The previous version is kept as `<name>.bak1` (newest) to `<name>.bak3`
//! (oldest). See `docs/decisions/drafts-atomic-save.md`.
//!
//! Errors name files and steps, never the contents: drafts hold SSNs and amounts.

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use njtax_engine::Draft;
use njtax_engine::DraftError;
use tempfile::NamedTempFile;

/// How many earlier versions of a draft are kept (`<name>.bak1` newest … `<name>.bak3` oldest).
pub const BACKUPS: u32 = 3;

/// The end of every temporary file's name; the start is `.<draft name>.`.
const TEMP_SUFFIX: &str = ".tmp";
/// Random characters between the prefix and the suffix of a temporary file's name.
const TEMP_RANDOM_LEN: usize = 6;

/// Why a draft (or another private file) could not be written. The file on disk is unchanged.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Serialising failed.
    #[error("could not write the draft: {0}")]
    Serialize(#[from] ron::Error),
    /// The path names no file (it is empty, a root or ends in `..`).
    #[error("{} is not a file name", .path.display())]
    NotAFile {
        /// The path given.
        path: PathBuf,
    },
    /// The path is a folder.
    #[error("{} is a folder, not a file", file_label(.path))]
    IsAFolder {
        /// The path given.
        path: PathBuf,
    },
    /// A new file was asked for and the name is taken (nothing was written).
    #[error("{} exists", .path.display())]
    Exists {
        /// The path given.
        path: PathBuf,
    },
    /// The file system refused one of the steps.
    #[error("{step}: {source}")]
    Io {
        /// The step that failed, naming the file or folder.
        step: String,
        /// The file or folder concerned.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: io::Error,
    },
}

/// Why a draft could not be read. Reading never changes the file.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be read.
    #[error("{}: could not read the file: {source}", file_label(.path))]
    Io {
        /// The draft file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: io::Error,
    },
    /// The text is not a valid draft.
    #[error("{}: line {line}, column {column}: {message}", file_label(.path))]
    Malformed {
        /// The draft file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was expected or found.
        message: String,
    },
    /// The draft is well formed but its format version cannot be read by this build.
    #[error("{}: {source}", file_label(.path))]
    Unsupported {
        /// The draft file.
        path: PathBuf,
        /// Why (too new, or a version that never existed).
        #[source]
        source: DraftError,
    },
}

impl ReadError {
    /// The file that could not be read.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            Self::Io { path, .. }
            | Self::Malformed { path, .. }
            | Self::Unsupported { path, .. } => path,
        }
    }

    /// Line and column (1-based) of the problem, for malformed text.
    #[must_use]
    pub fn location(&self) -> Option<(usize, usize)> {
        match self {
            Self::Malformed { line, column, .. } => Some((*line, *column)),
            Self::Io { .. } | Self::Unsupported { .. } => None,
        }
    }
}

/// The file name of a path for messages (the whole path when it has none).
fn file_label(path: &Path) -> Cow<'_, str> {
    path.file_name()
        .map_or_else(|| path.to_string_lossy(), OsStr::to_string_lossy)
}

/// Save a draft atomically: the file at `path` afterwards holds either the old draft (on any
/// error, or after a crash) or the complete new one, private to the user (0600 on Unix). The
/// previous version, when it differs, is kept as `<name>.bak1`, older ones move to `.bak2` and
/// `.bak3`, and the oldest is dropped.
///
/// # Errors
/// [`WriteError`] when the draft cannot be serialised, the folder does not exist or refuses a step,
/// or the previous version cannot be kept as a backup; the draft on disk is then unchanged.
pub fn write_draft(path: &Path, draft: &Draft) -> Result<(), WriteError> {
    let text = njtax_engine::draft::draft_to_string(draft)?;
    // A draft opened through a symbolic link is saved to the file the link names, which keeps
    // being the draft; the link stays a link.
    let resolved = resolve_links(path).map_err(|source| WriteError::Io {
        step: format!("could not follow the link {}", file_label(path)),
        path: path.to_path_buf(),
        source,
    })?;
    let target = Target::new(&resolved)?;
    target.remove_abandoned_temps();
    let new = target.prepare(text.as_bytes())?;
    target.keep_backup(text.as_bytes())?;
    target.replace(new)
}

/// Follow symbolic links from `path` to the file they finally name (which need not exist yet):
/// relative links are read from the link's own folder. More than 40 links in a row is an error,
/// as the system's own limit.
///
/// # Errors
/// The link cannot be read, or the chain is too long (a loop).
pub fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&current)?;
                current = if to.is_absolute() {
                    to
                } else {
                    current
                        .parent()
                        .map_or_else(|| to.clone(), |dir| dir.join(&to))
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other(
        "more than 40 symbolic links in a row (a loop?)",
    ))
}

/// How many other names (hard links) the file at `path` has: a save replaces the file under this
/// name only, so the other names keep showing the previous version. 0 when it has none or cannot
/// be looked at.
#[must_use]
pub fn other_names(path: &Path) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        resolve_links(path)
            .ok()
            .and_then(|p| fs::metadata(p).ok())
            .map_or(0, |m| m.nlink().saturating_sub(1))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        0
    }
}

/// Write a private file (0600 on Unix) atomically, without backups: for recovery files and other
/// text holding answers. The file afterwards holds either its old text or all of `text`.
///
/// # Errors
/// [`WriteError`] when the folder does not exist or refuses a step; the file is then unchanged.
pub fn write_private(path: &Path, text: &str) -> Result<(), WriteError> {
    write_private_bytes(path, text.as_bytes())
}

/// Write a private file (0600 on Unix) atomically, without backups, from bytes: for the printed
/// return (PDF) and the hand-off sheet, which hold names, SSNs and amounts. The file afterwards
/// holds either its old contents (or is still absent) or all of `bytes`, never part of them.
///
/// # Errors
/// [`WriteError`] when the path names no file or a folder, or the folder does not exist or
/// refuses a step; the file is then unchanged.
pub fn write_private_bytes(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let target = Target::new(path)?;
    target.remove_abandoned_temps();
    let new = target.prepare(bytes)?;
    target.replace(new)
}

/// Write a new private file (0600 on Unix) atomically: like [`write_private_bytes`], but an
/// existing file (or link) at `path` is left alone and refused, also one that appears while the
/// new file is being written (the final step links the finished file in place only if the name is
/// free). For the command line's outputs without `--force`.
///
/// # Errors
/// [`WriteError::Exists`] when `path` exists; otherwise as [`write_private_bytes`]. Nothing is
/// left behind on failure.
pub fn write_new_private_bytes(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let target = Target::new(path)?;
    if fs::symlink_metadata(path).is_ok() {
        return Err(WriteError::Exists {
            path: path.to_path_buf(),
        });
    }
    target.remove_abandoned_temps();
    let new = target.prepare(bytes)?;
    match new.persist_noclobber(&target.path) {
        Ok(_) => {}
        Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => {
            return Err(WriteError::Exists {
                path: path.to_path_buf(),
            });
        }
        Err(e) => return Err(target.io_error("could not create", &target.path)(e.error)),
    }
    sync_dir(&target.dir).map_err(target.io_error(
        "saved, but the folder could not be flushed to disk",
        &target.dir,
    ))
}

/// Read and parse a draft. The file is only read, never rewritten, whatever its contents.
///
/// # Errors
/// [`ReadError`] naming the file: with line and column for malformed text (including text that is
/// not UTF-8 or is cut off inside a character), or when the file cannot be read or its format
/// version is not supported.
pub fn read_draft(path: &Path) -> Result<Draft, ReadError> {
    let bytes = fs::read(path).map_err(|source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        let valid = bytes.get(..e.valid_up_to()).unwrap_or_default();
        let (line, column) = end_position(valid);
        let message = if e.error_len().is_none() {
            "the file ends in the middle of a character; it may have been cut short"
        } else {
            "this is not UTF-8 text; drafts are saved as UTF-8"
        };
        ReadError::Malformed {
            path: path.to_path_buf(),
            line,
            column,
            message: message.to_owned(),
        }
    })?;
    njtax_engine::parse_draft(text).map_err(|e| match e {
        DraftError::Parse {
            line,
            column,
            message,
        } => ReadError::Malformed {
            path: path.to_path_buf(),
            line,
            column,
            message,
        },
        source @ (DraftError::TooNew { .. }
        | DraftError::BadVersion { .. }
        | DraftError::Migration { .. }) => ReadError::Unsupported {
            path: path.to_path_buf(),
            source,
        },
    })
}

/// 1-based line and column just after valid UTF-8 `bytes`.
fn end_position(bytes: &[u8]) -> (usize, usize) {
    let text = String::from_utf8_lossy(bytes);
    let line = text.matches('\n').count() + 1;
    let column = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The longest file name most file systems take (bytes on Linux and macOS).
const NAME_MAX: usize = 255;

/// A file to be replaced atomically: its path, folder and the prefix of its temporary files.
struct Target {
    path: PathBuf,
    dir: PathBuf,
    name: OsString,
    /// `.<name>.`, shortened for a long name (see [`fit_stem`]).
    temp_prefix: OsString,
    /// Who may read the new file: see [`Access::for_target`].
    access: Access,
}

/// `name`, shortened when needed so that `room` more bytes fit within [`NAME_MAX`]: a name too
/// long keeps its start, then `~` and eight hexadecimal digits of a hash of the whole name, so that
/// two long names with the same start still get files of their own.
fn fit_stem(name: &OsStr, room: usize) -> OsString {
    let bytes = name.as_encoded_bytes();
    if bytes.len() + room <= NAME_MAX {
        return name.to_os_string();
    }
    // FNV-1a: stable across runs and builds, which a backup's name must be.
    let hash = bytes.iter().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(*b)).wrapping_mul(0x0100_0193)
    });
    let tag = format!("~{hash:08x}");
    let mut out = shorten(name, NAME_MAX.saturating_sub(room + tag.len()));
    out.push(tag);
    out
}

/// The first `max` bytes of a name (on Unix names are bytes; elsewhere, whole characters).
#[cfg(unix)]
fn shorten(name: &OsStr, max: usize) -> OsString {
    use std::os::unix::ffi::OsStrExt as _;
    let bytes = name.as_bytes();
    OsStr::from_bytes(bytes.get(..max).unwrap_or(bytes)).to_os_string()
}

#[cfg(not(unix))]
fn shorten(name: &OsStr, max: usize) -> OsString {
    let text = name.to_string_lossy();
    let mut end = max.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    OsString::from(text.get(..end).unwrap_or_default())
}

/// Who may read a file that a save writes. Private (0600) unless the file being replaced was
/// shared with its group and not with everyone (a clinic folder shared by a group): then the new
/// file keeps that group and the group's permissions, never any for other users. A new file in a
/// folder that passes its group on (setgid) is readable and writable by that group (0660).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Access {
    mode: u32,
    group: Option<u32>,
}

impl Access {
    const PRIVATE: Self = Self {
        mode: 0o600,
        group: None,
    };

    #[cfg(unix)]
    fn for_target(path: &Path, dir: &Path) -> Self {
        use std::os::unix::fs::MetadataExt as _;
        match fs::metadata(path) {
            Ok(m) if m.is_file() => {
                let mode = m.mode() & 0o777;
                if mode & 0o007 == 0 && mode & 0o070 != 0 {
                    Self {
                        mode: (mode & 0o070) | 0o600,
                        group: Some(m.gid()),
                    }
                } else {
                    Self::PRIVATE
                }
            }
            Ok(_) => Self::PRIVATE,
            Err(_) => match fs::metadata(dir) {
                Ok(d) if d.mode() & 0o2000 != 0 => Self {
                    mode: 0o660,
                    group: Some(d.gid()),
                },
                _ => Self::PRIVATE,
            },
        }
    }

    #[cfg(not(unix))]
    fn for_target(_path: &Path, _dir: &Path) -> Self {
        Self::PRIVATE
    }
}

impl Target {
    fn new(path: &Path) -> Result<Self, WriteError> {
        let name = path.file_name().ok_or_else(|| WriteError::NotAFile {
            path: path.to_path_buf(),
        })?;
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or_else(|| Path::new("."));
        if fs::symlink_metadata(path).is_ok_and(|m| m.is_dir()) {
            return Err(WriteError::IsAFolder {
                path: path.to_path_buf(),
            });
        }
        // `.<name>.XXXXXX.tmp`, the name shortened when the whole would not fit.
        let mut temp_prefix = OsString::from(".");
        temp_prefix.push(fit_stem(name, 2 + TEMP_RANDOM_LEN + TEMP_SUFFIX.len()));
        temp_prefix.push(".");
        Ok(Self {
            path: path.to_path_buf(),
            dir: dir.to_path_buf(),
            name: name.to_os_string(),
            temp_prefix,
            access: Access::for_target(path, dir),
        })
    }

    fn io_error(&self, step: &str, path: &Path) -> impl FnOnce(io::Error) -> WriteError {
        let step = format!("{step} ({})", file_label(path));
        let path = path.to_path_buf();
        move |source| WriteError::Io { step, path, source }
    }

    /// `<name>.bak<n>` (a long name shortened to fit, see [`fit_stem`]).
    fn backup(&self, n: u32) -> PathBuf {
        let suffix = format!(".bak{n}");
        let mut name = fit_stem(&self.name, suffix.len());
        name.push(suffix);
        self.dir.join(name)
    }

    /// A temporary file in the folder holding `bytes`, private, flushed to disk, and locked while
    /// this process holds it (so that another save does not take it for an abandoned one).
    fn prepare(&self, bytes: &[u8]) -> Result<NamedTempFile, WriteError> {
        let mut temp = tempfile::Builder::new()
            .prefix(&self.temp_prefix)
            .suffix(TEMP_SUFFIX)
            .rand_bytes(TEMP_RANDOM_LEN)
            .tempfile_in(&self.dir)
            .map_err(self.io_error("could not create a temporary file in the folder", &self.dir))?;
        // Best effort: where locks are not supported, other saves simply leave this file alone.
        let _ = temp.as_file().try_lock();
        let step = "could not write the temporary file for";
        set_access(temp.as_file(), self.access).map_err(self.io_error(step, &self.path))?;
        temp.write_all(bytes)
            .map_err(self.io_error(step, &self.path))?;
        temp.as_file()
            .sync_all()
            .map_err(self.io_error(step, &self.path))?;
        Ok(temp)
    }

    /// Keep the current file as `<name>.bak1`, moving older backups down and dropping the oldest;
    /// nothing to do when there is no current file or it already holds `new`.
    fn keep_backup(&self, new: &[u8]) -> Result<(), WriteError> {
        let old = match fs::read(&self.path) {
            Ok(old) => old,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => {
                return Err(self.io_error(
                    "could not read the current version to keep a backup of",
                    &self.path,
                )(e));
            }
        };
        if old == new {
            return Ok(());
        }
        let copy = self.prepare(&old)?;
        for n in (1..BACKUPS).rev() {
            let (from, to) = (self.backup(n), self.backup(n + 1));
            match fs::rename(&from, &to) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(self.io_error("could not move the older backup", &from)(e)),
            }
        }
        let bak1 = self.backup(1);
        copy.persist(&bak1)
            .map_err(|e| self.io_error("could not keep the backup", &bak1)(e.error))?;
        Ok(())
    }

    /// Rename the prepared file over the target, then flush the folder so the rename is durable.
    fn replace(&self, new: NamedTempFile) -> Result<(), WriteError> {
        new.persist(&self.path)
            .map_err(|e| self.io_error("could not replace", &self.path)(e.error))?;
        sync_dir(&self.dir).map_err(self.io_error(
            "saved, but the folder could not be flushed to disk",
            &self.dir,
        ))
    }

    /// Remove temporary files left by saves that crashed (`.<name>.XXXXXX.tmp`, not locked by a
    /// running save). Best effort: a file that cannot be checked or removed is left alone.
    fn remove_abandoned_temps(&self) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        for entry in entries.flatten() {
            if !self.is_temp_name(&entry.file_name())
                || !entry.file_type().is_ok_and(|t| t.is_file())
            {
                continue;
            }
            let path = entry.path();
            let Ok(file) = File::open(&path) else {
                continue;
            };
            // A running save holds a lock on its temporary file; a crashed one no longer does.
            if file.try_lock().is_ok() {
                let _ = fs::remove_file(&path);
            }
        }
    }

    fn is_temp_name(&self, name: &OsStr) -> bool {
        let name = name.as_encoded_bytes();
        let Some(rest) = name.strip_prefix(self.temp_prefix.as_encoded_bytes()) else {
            return false;
        };
        let Some(random) = rest.strip_suffix(TEMP_SUFFIX.as_bytes()) else {
            return false;
        };
        random.len() == TEMP_RANDOM_LEN && random.iter().all(u8::is_ascii_alphanumeric)
    }
}

#[cfg(unix)]
fn set_access(file: &File, access: Access) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
    let private = || file.set_permissions(fs::Permissions::from_mode(0o600));
    // Private first: the file is never readable by more than it should be, even for a moment.
    private()?;
    let Some(group) = access.group else {
        return Ok(());
    };
    if file.metadata()?.gid() != group
        && std::os::unix::fs::fchown(file, None, Some(group)).is_err()
    {
        // Not a member of that group: the file stays private rather than open to another group.
        return Ok(());
    }
    file.set_permissions(fs::Permissions::from_mode(access.mode))
}

#[cfg(not(unix))]
fn set_access(_file: &File, _access: Access) -> io::Result<()> {
    // Windows: a file created in the user's folder inherits that folder's access list.
    Ok(())
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    match File::open(dir).and_then(|d| d.sync_all()) {
        // Some file systems cannot flush a folder; the rename is then as durable as they make it.
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::InvalidInput | io::ErrorKind::Unsupported
            ) =>
        {
            Ok(())
        }
        other => other,
    }
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    // Windows cannot open a folder as a file to flush it; NTFS journals the rename itself.
    Ok(())
}
