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
    /// The draft's text is larger than a draft that can be opened
    /// ([`njtax_engine::draft::MAX_DRAFT_BYTES`]): it is refused before any file is touched, so
    /// that no draft is saved that cannot be opened again.
    #[error("the draft would be {}, more than the {} a draft can be and still be opened, so nothing was written and the file on disk is unchanged. Remove answers it does not need (a W-2 or 1099 entered twice, long notes) and try again, or keep the draft as it is on disk", size_words(*.size), size_words(njtax_engine::draft::MAX_DRAFT_BYTES))]
    TooLarge {
        /// The text's size in bytes.
        size: u64,
    },
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
    /// The draft's folder is encrypted and not unlocked in this session, or encryption failed:
    /// nothing was written (a draft of an encrypted folder is never written in plain text).
    #[error(transparent)]
    Encryption(#[from] crate::crypt::CryptError),
    /// Another program (a document viewer, an antivirus scan, the search indexer) kept the file
    /// open without letting it be replaced, through every try (Windows): nothing was changed.
    #[error("{} is open in another program (a document viewer, an antivirus scan or the search indexer), so it could not be replaced: it was not changed. Close it there, or wait a moment, and try again", .path.display())]
    InUse {
        /// The file that could not be replaced.
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
    /// The file is larger than any draft ([`njtax_engine::draft::MAX_DRAFT_BYTES`]); it is not
    /// read at all.
    #[error("{}: the file is {}, larger than any draft (njtax reads drafts of up to {}), so it was not read", file_label(.path), size_words(*.size), size_words(njtax_engine::draft::MAX_DRAFT_BYTES))]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size in bytes, or at least this many when it kept growing while read.
        size: u64,
    },
    /// The text is a damaged draft.
    #[error("{}: line {line}, column {column}: {message}", file_label(.path))]
    Malformed {
        /// The draft file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong there, in plain words.
        message: String,
    },
    /// The file is not a draft at all (another kind of file, an empty one, or not text).
    #[error("{}: line {line}, column {column}: this is not an njtax draft: {message}", file_label(.path))]
    NotADraft {
        /// The file.
        path: PathBuf,
        /// 1-based line where reading stopped.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Why it is not taken for a draft, in plain words.
        message: String,
    },
    /// The draft is encrypted and its folder is not unlocked in this session: the file was read,
    /// never changed.
    #[error("{}: this draft is encrypted: unlock the folder {} with its passphrase to open it", file_label(.path), .folder.display())]
    Locked {
        /// The draft file.
        path: PathBuf,
        /// The folder to unlock.
        folder: PathBuf,
    },
    /// The draft is encrypted, and the unlocked key of its folder does not open it (it was
    /// encrypted in another folder, or it is damaged).
    #[error("{}: this draft is encrypted with another folder's key, or damaged: it could not be decrypted", file_label(.path))]
    Undecryptable {
        /// The draft file.
        path: PathBuf,
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
    /// Why the file could not be read, without its name (for a list that names the file
    /// beside it).
    #[must_use]
    pub fn reason(&self) -> String {
        let shown = self.to_string();
        let name = self
            .path()
            .file_name()
            .map_or_else(|| self.path().to_string_lossy(), |n| n.to_string_lossy())
            .into_owned();
        shown
            .strip_prefix(&format!("{name}: "))
            .map_or_else(|| shown.clone(), str::to_owned)
    }

    /// The file that could not be read.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            Self::Io { path, .. }
            | Self::TooLarge { path, .. }
            | Self::Malformed { path, .. }
            | Self::NotADraft { path, .. }
            | Self::Unsupported { path, .. }
            | Self::Locked { path, .. }
            | Self::Undecryptable { path } => path,
        }
    }

    /// Line and column (1-based) of the problem, for malformed text.
    #[must_use]
    pub fn location(&self) -> Option<(usize, usize)> {
        match self {
            Self::Malformed { line, column, .. } | Self::NotADraft { line, column, .. } => {
                Some((*line, *column))
            }
            Self::Io { .. }
            | Self::TooLarge { .. }
            | Self::Unsupported { .. }
            | Self::Locked { .. }
            | Self::Undecryptable { .. } => None,
        }
    }
}

/// Why a file could not be opened, for the window that says so: in plain words, with what the
/// filer can do. Made by [`ReadError::explain`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenProblem {
    /// The file's name (`smith-2025.ron`).
    pub file_name: String,
    /// The folder it is in, as the filer would find it.
    pub folder: String,
    /// What is wrong, in a sentence or two.
    pub what: String,
    /// What the filer can do about it.
    pub can_do: String,
    /// The previous save of the draft (`<name>.bak1`), when one is next to it and the file is
    /// damaged: the window offers to open it.
    pub previous_save: Option<PathBuf>,
}

impl ReadError {
    /// Why the file could not be opened and what the filer can do, in plain words (no parser
    /// terms). Looks only for the draft's previous save next to it; reads nothing else.
    #[must_use]
    pub fn explain(&self) -> OpenProblem {
        let path = self.path();
        let file_name = file_label(path).into_owned();
        let folder = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .map_or_else(|| ".".to_owned(), |d| d.display().to_string());
        let bak1 = {
            let mut name = path.file_name().unwrap_or_default().to_os_string();
            name.push(".bak1");
            path.with_file_name(name)
        };
        let previous_save = bak1.is_file().then_some(bak1);
        let by_hand = |line: usize| {
            format!(
                "If the file was changed by hand, correct it near line {line} in a text editor and open it again."
            )
        };
        let from_backup = |p: &Path| {
            format!(
                "njtax keeps the previous save of a draft next to it: open {} to go back to that save (you lose only what the last save added).",
                file_label(p)
            )
        };
        let damaged_help = |line: Option<usize>| {
            let hand = line.map_or_else(
                || "If the file was changed by hand, correct it in a text editor and open it again.".to_owned(),
                by_hand,
            );
            match &previous_save {
                Some(p) => format!("{} {hand}", from_backup(p)),
                None => format!("{hand} Otherwise open a copy you kept elsewhere."),
            }
        };
        let (what, can_do) = match self {
            Self::Malformed { line, message, .. } => (
                format!("This file is damaged near line {line}: {}", sentence(message)),
                damaged_help(Some(*line)),
            ),
            Self::TooLarge { size, .. } => (
                format!(
                    "This file is {}: far larger than a draft (a return's draft is a few kilobytes, and njtax reads drafts of up to {}), so it was not opened.",
                    size_words(*size),
                    size_words(njtax_engine::draft::MAX_DRAFT_BYTES)
                ),
                "Choose a draft that njtax saved (its name usually ends in .ron). To start your own return, choose File > New.".to_owned(),
            ),
            Self::Locked { folder, .. } => (
                format!(
                    "This draft is encrypted: its folder {} is an encrypted clinic folder, not yet unlocked in this session.",
                    folder.display()
                ),
                "Open it again and type the folder's passphrase when asked. The file itself was not changed.".to_owned(),
            ),
            Self::Undecryptable { .. } => (
                "This draft is encrypted, and the key of its folder does not open it: it was encrypted in another folder, or it is damaged.".to_owned(),
                "Open it in the folder where it was saved, or open a backup of it. The file itself was not changed.".to_owned(),
            ),
            Self::NotADraft { message, .. } => (
                format!("This is not an njtax draft: {}", sentence(message)),
                "Choose a draft that njtax saved (its name usually ends in .ron). To start your own return, choose File > New.".to_owned(),
            ),
            Self::Unsupported { source, .. } => match source {
                DraftError::TooNew { found, supported } => (
                    format!(
                        "This draft was saved by a newer version of njtax (draft format {found}); this version reads drafts up to format {supported}."
                    ),
                    "Open it with the newer version of njtax, or install that version on this computer. The file itself is fine.".to_owned(),
                ),
                DraftError::BadVersion { found } => (
                    format!(
                        "This file gives a draft format ({found}) that no version of njtax writes, so it was damaged or changed by hand."
                    ),
                    damaged_help(None),
                ),
                DraftError::Migration { from, message } => (
                    format!(
                        "This draft is from an older version of njtax (draft format {from}) and could not be brought up to date: {}",
                        sentence(message)
                    ),
                    "Keep the file as it is: it has not been changed. Please tell the njtax maintainers, so that a later version can open it.".to_owned(),
                ),
                DraftError::Parse { line, message, .. } => (
                    format!("This file is damaged near line {line}: {}", sentence(message)),
                    damaged_help(Some(*line)),
                ),
                DraftError::NotADraft { message, .. } => (
                    format!("This is not an njtax draft: {}", sentence(message)),
                    "Choose a draft that njtax saved (its name usually ends in .ron).".to_owned(),
                ),
            },
            Self::Io { source, .. } => match source.kind() {
                io::ErrorKind::NotFound => (
                    "The file is not there any more: it may have been moved, renamed or deleted, or the drive or network folder it is on is not connected.".to_owned(),
                    "Connect the drive, or find the file and open it with File > Open.".to_owned(),
                ),
                io::ErrorKind::PermissionDenied => (
                    "You do not have permission to read this file.".to_owned(),
                    "Copy it into a folder of your own, or ask whoever manages this computer for access.".to_owned(),
                ),
                io::ErrorKind::IsADirectory => (
                    "This is a folder, not a file.".to_owned(),
                    "Choose a draft inside the folder.".to_owned(),
                ),
                io::ErrorKind::InvalidInput => (
                    "This is not a plain file (a named pipe or a device is in its place), so it was not read.".to_owned(),
                    "Remove it if you did not put it there, and open the draft file itself.".to_owned(),
                ),
                _ => (
                    format!("The file could not be read ({source})."),
                    "Check that the drive or network folder is connected, then try again.".to_owned(),
                ),
            },
        };
        OpenProblem {
            file_name,
            folder,
            what,
            can_do,
            previous_save: match self {
                Self::Malformed { .. }
                | Self::Unsupported {
                    source: DraftError::BadVersion { .. } | DraftError::Parse { .. },
                    ..
                } => previous_save,
                _ => None,
            },
        }
    }
}

/// A file size in words: `1.2 MB`, `812 KB`, `120 bytes` (units of 1024, rounded up to a tenth so
/// that a file just over a bound never reads as the bound).
fn size_words(bytes: u64) -> String {
    let tenths = |unit: u64| {
        let t = bytes.saturating_mul(10).div_ceil(unit);
        match t % 10 {
            0 => format!("{}", t / 10),
            tenth => format!("{}.{tenth}", t / 10),
        }
    };
    match bytes {
        0..1_024 => format!("{bytes} bytes"),
        1_024..1_048_576 => format!("{} KB", bytes.div_ceil(1_024)),
        1_048_576..1_073_741_824 => format!("{} MB", tenths(1_048_576)),
        _ => format!("{} GB", tenths(1_073_741_824)),
    }
}

/// A phrase ended as a sentence (a full stop unless it already ends with one, or a question mark).
fn sentence(phrase: &str) -> String {
    let phrase = phrase.trim_end();
    if phrase.ends_with(['.', '?', '!']) {
        phrase.to_owned()
    } else {
        format!("{phrase}.")
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
/// [`WriteError`] when the draft cannot be serialised, its text is larger than a draft that can be
/// opened ([`WriteError::TooLarge`], checked before any file is touched), the folder does not exist
/// or refuses a step, or the previous version cannot be kept as a backup; the draft on disk is then
/// unchanged.
pub fn write_draft(path: &Path, draft: &Draft) -> Result<(), WriteError> {
    write_draft_text(path, &draft_text(draft)?)
}

/// The text a draft is saved as ([`njtax_engine::draft::draft_to_string`]: only the answers
/// given), refused when it is larger than a draft that can be opened.
///
/// # Errors
/// [`WriteError::TooLarge`] naming the size and the limit, or [`WriteError::Serialize`].
pub fn draft_text(draft: &Draft) -> Result<String, WriteError> {
    let text = njtax_engine::draft::draft_to_string(draft)?;
    check_size(&text)?;
    Ok(text)
}

/// Refuse a draft's (or a recovery copy's) text larger than
/// [`njtax_engine::draft::MAX_DRAFT_BYTES`].
///
/// # Errors
/// [`WriteError::TooLarge`] with the text's size.
pub fn check_size(text: &str) -> Result<(), WriteError> {
    if njtax_engine::draft::fits(text.len()) {
        Ok(())
    } else {
        Err(WriteError::TooLarge {
            size: u64::try_from(text.len()).unwrap_or(u64::MAX),
        })
    }
}

/// Save a draft's text (made by [`draft_text`]) atomically, as [`write_draft`] does; text larger
/// than a draft that can be opened is refused before any file is touched.
///
/// # Errors
/// As [`write_draft`].
pub fn write_draft_text(path: &Path, text: &str) -> Result<(), WriteError> {
    check_size(text)?;
    // A draft opened through a symbolic link is saved to the file the link names, which keeps
    // being the draft; the link stays a link.
    let resolved = resolve_links(path).map_err(|source| WriteError::Io {
        step: format!("could not follow the link {}", file_label(path)),
        path: path.to_path_buf(),
        source,
    })?;
    let target = Target::new(&resolved)?;
    // In an encrypted folder only the encrypted text reaches the disk (temporary file included);
    // a folder that is encrypted and locked refuses the save before anything is written.
    let sealed = crate::crypt::seal_for(&resolved, text.as_bytes())?;
    target.remove_abandoned_temps();
    let new = target.prepare(&sealed)?;
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
    // Windows: the number of names the system gives for the open file.
    #[cfg(windows)]
    {
        resolve_links(path)
            .ok()
            .and_then(|p| File::open(p).ok())
            .and_then(|f| crate::win::file_info(&f))
            .map_or(0, |(_, names)| u64::from(names).saturating_sub(1))
    }
    #[cfg(not(any(unix, windows)))]
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

/// Remove the temporary files that saves of the draft at `path` left behind when they crashed
/// (`.<name>.XXXXXX.tmp` next to it, not locked by a running save): each holds a whole draft. Done
/// when a draft is opened and, at start, for the recent drafts, so that they do not wait for the
/// draft's next save. Best effort and quiet: a file that cannot be checked or removed is left.
pub fn remove_abandoned_temps(path: &Path) {
    let Ok(resolved) = resolve_links(path) else {
        return;
    };
    if let Ok(target) = Target::new(&resolved) {
        target.remove_abandoned_temps();
    }
}

/// Create the folder `dir` (and any missing folders above it) private to the user, 0700 on Unix
/// whatever the umask, and make it 0700 if it was there already: for the app's own config and
/// state folders, whose files name clients' drafts.
///
/// # Errors
/// The folder cannot be created or its permissions set.
pub fn create_private_folder(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt as _, PermissionsExt as _};
        fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)?;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))
    }
    #[cfg(not(unix))]
    {
        // Windows: a folder in the user's profile inherits the profile's access list.
        fs::create_dir_all(dir)
    }
}

/// Make an existing file private to the user (0600 on Unix) when others may read it; nothing
/// when it is not there.
///
/// # Errors
/// Its permissions cannot be read or set.
pub fn make_private(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        match fs::symlink_metadata(path) {
            Ok(m) if m.is_file() && m.permissions().mode() & 0o077 != 0 => {
                fs::set_permissions(path, fs::Permissions::from_mode(0o600))
            }
            Ok(_) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e),
        }
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        Ok(())
    }
}

/// Read and parse a draft. The file is only read, never rewritten, whatever its contents. A
/// leading UTF-8 byte-order mark is skipped; a file larger than
/// [`njtax_engine::draft::MAX_DRAFT_BYTES`] is refused before it is read.
///
/// # Errors
/// [`ReadError`] naming the file: with line and column for malformed text (including text that is
/// not UTF-8 or is cut off inside a character), or when the file cannot be read, is too large or
/// its format version is not supported.
pub fn read_draft(path: &Path) -> Result<Draft, ReadError> {
    let bytes = read_bounded(path)?;
    let bytes = crate::crypt::open_bytes(path, bytes).map_err(|e| match e {
        crate::crypt::OpenError::Locked(l) => ReadError::Locked {
            path: path.to_path_buf(),
            folder: l.folder,
        },
        crate::crypt::OpenError::Undecryptable => ReadError::Undecryptable {
            path: path.to_path_buf(),
        },
    })?;
    let max = njtax_engine::draft::MAX_DRAFT_BYTES;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > max {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            size: u64::try_from(bytes.len()).unwrap_or(u64::MAX),
        });
    }
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        let valid = bytes.get(..e.valid_up_to()).unwrap_or_default();
        let (line, column) = end_position(valid);
        let path = path.to_path_buf();
        if !njtax_engine::draft::starts_like_a_draft(&String::from_utf8_lossy(valid)) {
            return ReadError::NotADraft {
                path,
                line,
                column,
                message: "it is not a text file (it may be a PDF, a picture or a document)"
                    .to_owned(),
            };
        }
        let message = if e.error_len().is_none() {
            "the file ends in the middle of a character; it may have been cut short"
        } else {
            "part of the file is not readable text (drafts are saved as UTF-8 text)"
        };
        ReadError::Malformed {
            path,
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
        DraftError::NotADraft {
            line,
            column,
            message,
        } => ReadError::NotADraft {
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

/// The file's bytes, refused unread when it is larger than a draft can be: its size is looked at
/// first, and at most one byte more than the bound is read (a file that grows while read, or a
/// device, is refused too).
fn read_bounded(path: &Path) -> Result<Vec<u8>, ReadError> {
    use std::io::Read as _;
    // An encrypted draft is a little longer than its text; the text's own bound is checked once
    // it is decrypted.
    let max = crate::crypt::sealed_bound(njtax_engine::draft::MAX_DRAFT_BYTES);
    let io = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = open_plain_file(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if meta.len() > max {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            size: meta.len(),
        });
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(max + 1).read_to_end(&mut bytes).map_err(io)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > max {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            size: read,
        });
    }
    Ok(bytes)
}

/// Open `path` to read it only when it is a plain file: a named pipe (which would block the
/// read until someone writes to it), a device or a folder put where a draft is expected is
/// refused at once, naming what it is, and nothing is read.
///
/// # Errors
/// The file cannot be opened, or it is not a plain file (`io::ErrorKind::InvalidInput`).
pub fn open_plain_file(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        // Opening a named pipe without this waits for a writer.
        options.custom_flags(i32::try_from(rustix::fs::OFlags::NONBLOCK.bits()).unwrap_or(0));
    }
    let file = match options.open(path) {
        Ok(file) => file,
        // Windows refuses to open a folder as a file, saying only "Access denied": named as a
        // folder, as on Unix.
        #[cfg(not(unix))]
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied && path.is_dir() => {
            return Err(not_a_draft(io::ErrorKind::IsADirectory, "a folder"));
        }
        Err(e) => return Err(e),
    };
    let kind = file.metadata()?.file_type();
    if kind.is_file() {
        return Ok(file);
    }
    Err(if kind.is_dir() {
        not_a_draft(io::ErrorKind::IsADirectory, "a folder")
    } else {
        not_a_draft(
            io::ErrorKind::InvalidInput,
            "not a plain file (a named pipe or a device)",
        )
    })
}

/// The error for something that is not a draft file (`what` it is), saying nothing was read.
fn not_a_draft(kind: io::ErrorKind, what: &str) -> io::Error {
    io::Error::new(
        kind,
        format!("it is {what}, not a draft: nothing was read; remove it or choose the draft file"),
    )
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
        if old == new || crate::crypt::holds(&self.path, &old, new) {
            return Ok(());
        }
        // A plain draft found in an encrypted folder is kept encrypted as its backup.
        let old = crate::crypt::seal_for(&self.path, &old)?;
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
        persist_retrying(copy, &bak1)
            .map_err(|e| self.replace_error("could not keep the backup", &bak1, e))?;
        Ok(())
    }

    /// Why `path` could not be replaced: in use by another program through every try, or the
    /// system's error.
    fn replace_error(&self, step: &str, path: &Path, error: io::Error) -> WriteError {
        if held_by_another_program(&error, path) {
            WriteError::InUse {
                path: path.to_path_buf(),
            }
        } else {
            self.io_error(step, path)(error)
        }
    }

    /// Rename the prepared file over the target, then flush the folder so the rename is durable.
    fn replace(&self, new: NamedTempFile) -> Result<(), WriteError> {
        persist_retrying(new, &self.path)
            .map_err(|e| self.replace_error("could not replace", &self.path, e))?;
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

/// How many times a replace held up by another program is tried in all.
const REPLACE_TRIES: u32 = 12;

/// Rename the finished temporary file `new` over `dest` (an atomic replace). On Windows a rename
/// fails while another program holds `dest` open without letting it be deleted (a viewer, an
/// antivirus scan, the search indexer, which usually let go within a moment): it is tried again
/// [`REPLACE_TRIES`] times in all, waiting 20 ms, then longer, up to 400 ms (about 3 seconds in
/// all). Whatever happens `dest` is either the old file or all of the new one, and the
/// temporary file is removed when it is not used.
fn persist_retrying(new: NamedTempFile, dest: &Path) -> io::Result<()> {
    let mut new = new;
    let mut wait = std::time::Duration::from_millis(20);
    let mut tries = 1;
    loop {
        match new.persist(dest) {
            Ok(_) => return Ok(()),
            Err(e) if tries < REPLACE_TRIES && held_by_another_program(&e.error, dest) => {
                new = e.file;
                std::thread::sleep(wait);
                wait = (wait * 2).min(std::time::Duration::from_millis(400));
                tries += 1;
            }
            // Dropping the returned temporary file removes it.
            Err(e) => return Err(e.error),
        }
    }
}

/// Whether an error replacing a file says another program holds it (Windows: a sharing or lock
/// violation, or access denied, which is what a file open without delete sharing gives, unless
/// `dest` is marked read-only, which is refused for good).
#[cfg(windows)]
fn held_by_another_program(error: &io::Error, dest: &Path) -> bool {
    use windows_sys::Win32::Foundation::{
        ERROR_ACCESS_DENIED, ERROR_LOCK_VIOLATION, ERROR_SHARING_VIOLATION,
    };
    let Some(code) = error.raw_os_error().and_then(|c| u32::try_from(c).ok()) else {
        return false;
    };
    code == ERROR_SHARING_VIOLATION
        || code == ERROR_LOCK_VIOLATION
        || (code == ERROR_ACCESS_DENIED
            && fs::symlink_metadata(dest).is_ok_and(|m| m.is_file() && !m.permissions().readonly()))
}

/// Unix: a rename replaces a file whoever has it open.
#[cfg(not(windows))]
fn held_by_another_program(_error: &io::Error, _dest: &Path) -> bool {
    false
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
