//! The lock files beside a draft, made so that nothing planted in a shared folder can turn them
//! against a draft and no computer's clock decides who may write:
//!
//! - [`DraftLock`], `.<name>.lock`: the draft is open in a window (an advisory lock held while the
//!   window has it open; its text says who, where and since when, readable by the clinic's group).
//! - [`UpdateLock`], `.<name>.update`: the right to write the draft for a moment (an exclusive
//!   create, which holds on network folders too), a lease renewed by its holder while held.
//!
//! Every lock file is created with an exclusive create that never follows a link, opened without
//! following links and without blocking (a FIFO), checked to be a plain file with one name, and
//! only ever written by the process that created it. A reader calls an update lock stale only when
//! it has watched it stay unrenewed for [`UpdateLock::STALE`] by its own monotonic clock, or when
//! its holder is provably gone on this computer. Wall clock times are only written for people to
//! read. See `docs/decisions/clinic-locks.md`.

use std::fs::{self, File};
use std::io::{self, Read as _, Seek as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The clock the locks read: a monotonic clock (which alone decides staleness, so two computers'
/// wall clocks are never compared) and the wall clock (only written for people to read). Tests
/// give their own, to make writers whose wall clocks disagree or to let time pass without waiting.
pub trait Clock: Send + Sync {
    /// This computer's monotonic clock.
    fn now(&self) -> Instant;
    /// The wall clock, as written in a lock file for people to read.
    fn wall(&self) -> jiff::Timestamp;
    /// Wait `pause` (a test clock may just move on).
    fn sleep(&self, pause: Duration);
}

/// The computer's own clocks.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
    fn wall(&self) -> jiff::Timestamp {
        jiff::Timestamp::now()
    }
    fn sleep(&self, pause: Duration) {
        std::thread::sleep(pause);
    }
}

/// Why a lock could not be taken, in words fit for the status bar or standard error (the file's
/// path, who holds it and what to do; never anything of the draft).
#[derive(Debug)]
pub enum LockFailure {
    /// Something other than a plain lock file is where the lock file should be (a link, a folder,
    /// a FIFO, a file with other names): it is left alone and nothing is written.
    NotALockFile {
        /// The lock file's path.
        file: PathBuf,
        /// What is there, in words (`a symbolic link`).
        what: &'static str,
    },
    /// Another writer holds the lock (and did not stop renewing it).
    Busy {
        /// The lock file's path.
        file: PathBuf,
        /// What the lock file says of its holder.
        holder: Holder,
    },
    /// The lock was left by a writer that is gone, but it could not be removed (a folder where
    /// this user may not remove other users' files).
    CannotRemove {
        /// The lock file's path.
        file: PathBuf,
        /// What the lock file says of its holder.
        holder: Holder,
        /// Why it could not be removed.
        source: io::Error,
    },
    /// The lock file could not be made or read.
    Io {
        /// The lock file's path.
        file: PathBuf,
        /// What was being done (`make`, `read`).
        doing: &'static str,
        /// Why.
        source: io::Error,
    },
}

impl std::fmt::Display for LockFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotALockFile { file, what } => write!(
                f,
                "{} is {what}, where the app keeps a lock file: nothing was written. Remove it (it \
                 is not a draft) and try again",
                file.display()
            ),
            Self::Busy { file, holder } => write!(
                f,
                "{} is saving it right now (lock file {}); try again in a moment. If that computer \
                 stopped or crashed, the lock is taken over once it has not been renewed for {} \
                 seconds, or delete {}",
                holder.words(),
                file.display(),
                UpdateLock::STALE.as_secs(),
                file.display()
            ),
            Self::CannotRemove {
                file,
                holder,
                source,
            } => write!(
                f,
                "the lock {} was left by {}, who is no longer saving, but it could not be removed \
                 ({source}): delete {} (it is not a draft) and try again",
                file.display(),
                holder.words(),
                file.display()
            ),
            Self::Io {
                file,
                doing,
                source,
            } => write!(
                f,
                "could not {doing} the lock file {}: {source}",
                file.display()
            ),
        }
    }
}

impl std::error::Error for LockFailure {}

impl LockFailure {
    /// As an `io::Error` (kind `WouldBlock` when another writer holds the lock), keeping this
    /// failure inside it (`get_ref` and downcast).
    #[must_use]
    pub fn into_io(self) -> io::Error {
        let kind = match &self {
            Self::Busy { .. } => io::ErrorKind::WouldBlock,
            Self::NotALockFile { .. } => io::ErrorKind::InvalidData,
            Self::CannotRemove { source, .. } | Self::Io { source, .. } => source.kind(),
        };
        io::Error::new(kind, self)
    }
}

/// Who holds a lock, as its file says: the name, the computer, since when (UTC, as written),
/// the process.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holder {
    /// The volunteer's name (empty when the app was not given one).
    pub who: String,
    /// The computer.
    pub host: String,
    /// Since when, as written (`2026-12-07T14:05:00Z`).
    pub since: String,
    /// The holder's process on its computer, when written.
    pub pid: Option<u32>,
}

impl Holder {
    /// In words, the time in this computer's time zone: `Ana Ruiz on LAPTOP-3 since 2026-12-07
    /// 09:05 EST`.
    #[must_use]
    pub fn words(&self) -> String {
        self.words_in(&jiff::tz::TimeZone::system())
    }

    /// In words, the time in `tz`.
    #[must_use]
    pub fn words_in(&self, tz: &jiff::tz::TimeZone) -> String {
        let who = if self.who.is_empty() {
            "Someone"
        } else {
            self.who.as_str()
        };
        let mut out = who.to_owned();
        if !self.host.is_empty() {
            out.push_str(&format!(" on {}", self.host));
        }
        if let Some(since) = self.since_in(tz) {
            out.push_str(&format!(" since {since}"));
        }
        out
    }

    /// Since when, in `tz` (`2026-12-07 09:05 EST`); as written when it is not a time.
    #[must_use]
    pub fn since_in(&self, tz: &jiff::tz::TimeZone) -> Option<String> {
        if self.since.is_empty() {
            return None;
        }
        Some(
            match self
                .since
                .parse::<jiff::Timestamp>()
                .ok()
                .and_then(|t| u64::try_from(t.as_second()).ok())
            {
                Some(secs) => crate::stamps::format_local(secs, tz),
                None => self.since.clone(),
            },
        )
    }

    /// Read from a lock file's text: who, host, since, then `pid N` (older update locks wrote the
    /// process id as their third line).
    fn parse(text: &str) -> Self {
        let mut lines = text.lines();
        let who = lines.next().unwrap_or_default().trim().to_owned();
        let host = lines.next().unwrap_or_default().trim().to_owned();
        let mut since = lines.next().unwrap_or_default().trim().to_owned();
        let mut pid = None;
        if let Ok(n) = since.parse::<u32>() {
            pid = Some(n);
            since.clear();
        }
        for line in lines {
            if let Some(n) = line.strip_prefix("pid ") {
                pid = n.trim().parse().ok().or(pid);
            }
        }
        Self {
            who,
            host,
            since,
            pid,
        }
    }

    /// Whether the holder is provably gone: it wrote this computer's name and a process id that
    /// no longer runs here (never decided on another computer's word, nor by any clock).
    fn gone(&self) -> bool {
        let here = host_name();
        !here.is_empty()
            && self.host == here
            && self
                .pid
                .is_some_and(|p| p != std::process::id() && !process_alive(p))
    }
}

/// Whether process `pid` runs on this computer (a process of another user counts).
#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return true;
    };
    !matches!(
        rustix::process::test_kill_process(pid),
        Err(rustix::io::Errno::SRCH)
    )
}

/// Windows: asked of the system (`OpenProcess`, `GetExitCodeProcess`).
#[cfg(windows)]
fn process_alive(pid: u32) -> bool {
    crate::win::process_alive(pid)
}

/// Not known here: the watch alone decides.
#[cfg(not(any(unix, windows)))]
fn process_alive(_pid: u32) -> bool {
    true
}

/// This computer's name, as the system knows it: the node name (`uname`) on Linux, macOS and the
/// BSDs, the DNS host name (`GetComputerNameExW`) on Windows, which are what `hostname` prints;
/// the `COMPUTERNAME` or `HOSTNAME` variable only when the system does not say; empty when
/// unknown. Written in lock files and compared with their holder's to tell a lock of this
/// computer from another's.
#[must_use]
pub fn host_name() -> String {
    #[cfg(unix)]
    {
        let name = rustix::system::uname()
            .nodename()
            .to_string_lossy()
            .trim()
            .to_owned();
        if !name.is_empty() {
            return name;
        }
    }
    #[cfg(windows)]
    if let Some(name) = crate::win::computer_name() {
        return name;
    }
    ["COMPUTERNAME", "HOSTNAME"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|h| !h.trim().is_empty()))
        .map(|h| h.trim().to_owned())
        .unwrap_or_default()
}

/// One line of a lock file's text: no line breaks, at most 100 characters.
fn one_line(text: &str) -> String {
    text.split(['\n', '\r'])
        .next()
        .unwrap_or_default()
        .trim()
        .chars()
        .take(100)
        .collect()
}

/// The most of a lock file ever read: it holds a few short lines.
const MAX_LOCK_BYTES: u64 = 4096;

/// What is at `path` when it is not a plain file, in words.
fn what_is(path: &Path) -> Option<&'static str> {
    let meta = fs::symlink_metadata(path).ok()?;
    describe(&meta)
}

/// What `meta` describes when it is not a plain file with one name, in words.
fn describe(meta: &fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_symlink() {
        return Some("a symbolic link");
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _};
        if kind.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if kind.is_file() && meta.nlink() != 1 {
            return Some("a file with other names (hard links)");
        }
    }
    if !kind.is_file() {
        return Some("a special file");
    }
    None
}

/// Check that the open `file` is a plain file with one name (what was opened, not what the path
/// names now).
fn check_plain(file: &File, path: &Path) -> Result<(), LockFailure> {
    let meta = file.metadata().map_err(|source| LockFailure::Io {
        file: path.to_path_buf(),
        doing: "read",
        source,
    })?;
    let what = describe(&meta);
    // Windows: the metadata does not count a file's names; the open file's information does.
    #[cfg(windows)]
    let what = what.or_else(|| {
        crate::win::file_info(file)
            .is_some_and(|(_, names)| names > 1)
            .then_some("a file with other names (hard links)")
    });
    match what {
        Some(what) => Err(LockFailure::NotALockFile {
            file: path.to_path_buf(),
            what,
        }),
        None => Ok(()),
    }
}

/// An error opening `path` as a lock, named for what is there when it is not a plain file.
fn open_failure(path: &Path, doing: &'static str, source: io::Error) -> LockFailure {
    match what_is(path) {
        Some(what) => LockFailure::NotALockFile {
            file: path.to_path_buf(),
            what,
        },
        None => LockFailure::Io {
            file: path.to_path_buf(),
            doing,
            source,
        },
    }
}

/// Create the lock file `path`, only if nothing is there (no link followed, no FIFO waited on),
/// with `access`. `Ok(None)` when something is already there.
fn create_lock(path: &Path, access: Access) -> Result<Option<File>, LockFailure> {
    let file = match create_new(path, access.mode) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Ok(None),
        Err(source) => return Err(open_failure(path, "make", source)),
    };
    check_plain(&file, path)?;
    access.apply(&file);
    Ok(Some(file))
}

#[cfg(unix)]
fn create_new(path: &Path, mode: u32) -> io::Result<File> {
    use rustix::fs::OFlags;
    let fd = rustix::fs::open(
        path,
        OFlags::RDWR
            | OFlags::CREATE
            | OFlags::EXCL
            | OFlags::NOFOLLOW
            | OFlags::NONBLOCK
            | OFlags::CLOEXEC,
        unix_mode(mode),
    )?;
    Ok(File::from(fd))
}

/// Permission bits as the system takes them: `mode_t` is 32 bits on Linux and 16 on macOS and the
/// BSDs; the bits used here (at most 0o7777) fit both.
#[cfg(unix)]
fn unix_mode(bits: u32) -> rustix::fs::Mode {
    let bits = rustix::fs::RawMode::try_from(bits & 0o7777).unwrap_or(0o600);
    rustix::fs::Mode::from_raw_mode(bits)
}

/// Windows: create the lock file so that while this process holds it no other process (nor
/// another handle of this one) may write, rename or delete it, only read it (share mode
/// `FILE_SHARE_READ`); the system deletes it when its last handle closes, a crash included
/// (`FILE_FLAG_DELETE_ON_CLOSE`, which needs the `DELETE` right); a link (a reparse point) is
/// never followed (`FILE_FLAG_OPEN_REPARSE_POINT`; a name already taken is refused anyway).
#[cfg(windows)]
fn create_new(path: &Path, _mode: u32) -> io::Result<File> {
    use std::os::windows::fs::OpenOptionsExt as _;
    use windows_sys::Win32::Foundation::{GENERIC_READ, GENERIC_WRITE};
    use windows_sys::Win32::Storage::FileSystem::{
        DELETE, FILE_FLAG_DELETE_ON_CLOSE, FILE_FLAG_OPEN_REPARSE_POINT, FILE_SHARE_READ,
    };
    past_pending_delete(|| {
        fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .access_mode(GENERIC_READ | GENERIC_WRITE | DELETE)
            .share_mode(FILE_SHARE_READ)
            .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT | FILE_FLAG_DELETE_ON_CLOSE)
            .open(path)
    })
}

/// Windows: open, trying again for up to about 50 ms while the system answers "access denied"
/// or "delete pending". A lock file whose holder has just closed it stays, deleted but still
/// named, until a reader that had it open lets go (microseconds); opening or creating that name
/// meanwhile is refused so. A refusal that lasts (a folder this user may not write) is returned.
#[cfg(windows)]
fn past_pending_delete(open: impl Fn() -> io::Result<File>) -> io::Result<File> {
    use windows_sys::Win32::Foundation::{ERROR_ACCESS_DENIED, ERROR_DELETE_PENDING};
    let mut tries = 0;
    loop {
        match open() {
            Err(e)
                if tries < 10
                    && e.raw_os_error()
                        .and_then(|c| u32::try_from(c).ok())
                        .is_some_and(|c| c == ERROR_ACCESS_DENIED || c == ERROR_DELETE_PENDING) =>
            {
                tries += 1;
                std::thread::sleep(Duration::from_millis(5));
            }
            other => return other,
        }
    }
}

#[cfg(not(any(unix, windows)))]
fn create_new(path: &Path, _mode: u32) -> io::Result<File> {
    fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)
}

/// Open an existing lock file to read it (never to write: it is not this process's), refusing
/// links, FIFOs and folders. `Ok(None)` when there is none.
fn open_lock(path: &Path) -> Result<Option<File>, LockFailure> {
    let file = match open_existing(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(open_failure(path, "read", source)),
    };
    check_plain(&file, path)?;
    Ok(Some(file))
}

#[cfg(unix)]
fn open_existing(path: &Path) -> io::Result<File> {
    use rustix::fs::{Mode, OFlags};
    let fd = rustix::fs::open(
        path,
        OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
        Mode::empty(),
    )?;
    Ok(File::from(fd))
}

#[cfg(not(unix))]
fn open_existing(path: &Path) -> io::Result<File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(windows)]
    {
        use std::os::windows::fs::OpenOptionsExt as _;
        options.custom_flags(windows_sys::Win32::Storage::FileSystem::FILE_FLAG_OPEN_REPARSE_POINT);
        past_pending_delete(|| options.open(path))
    }
    #[cfg(not(windows))]
    options.open(path)
}

/// The text of an open lock file, at most [`MAX_LOCK_BYTES`].
fn read_text(file: &File) -> io::Result<Vec<u8>> {
    let mut f = file;
    f.rewind()?;
    let mut bytes = Vec::new();
    f.take(MAX_LOCK_BYTES).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Who may read a lock file: its creator, and the clinic's group when the draft is shared with a
/// group (a setgid folder, or a draft the group may read and others may not): 0640, never
/// anything for other users; else 0600.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Access {
    mode: u32,
    group: Option<u32>,
}

impl Access {
    /// The access of the lock files of `draft` (its canonical path).
    #[cfg(unix)]
    pub(crate) fn for_draft(draft: &Path) -> Self {
        use std::os::unix::fs::MetadataExt as _;
        let private = Self {
            mode: 0o600,
            group: None,
        };
        if let Ok(m) = fs::metadata(draft)
            && m.is_file()
        {
            let mode = m.mode() & 0o777;
            if mode & 0o007 == 0 && mode & 0o060 != 0 {
                return Self {
                    mode: 0o640,
                    group: Some(m.gid()),
                };
            }
        }
        match draft.parent().map(fs::metadata) {
            Some(Ok(d)) if d.mode() & 0o2000 != 0 => Self {
                mode: 0o640,
                group: Some(d.gid()),
            },
            _ => private,
        }
    }

    #[cfg(not(unix))]
    pub(crate) fn for_draft(_draft: &Path) -> Self {
        Self {
            mode: 0o600,
            group: None,
        }
    }

    /// Give a lock file this process created its access, whatever the umask (best effort: a
    /// group this user is not in stays the folder's).
    #[cfg(unix)]
    fn apply(self, file: &File) {
        use rustix::fs::Gid;
        if let Some(gid) = self.group {
            let _ = rustix::fs::fchown(file, None, Some(Gid::from_raw(gid)));
        }
        let _ = rustix::fs::fchmod(file, unix_mode(self.mode));
    }

    #[cfg(not(unix))]
    fn apply(self, _file: &File) {}
}

/// A hidden file beside the draft (its canonical path): `.<name>.<suffix>`, never ending in
/// `.ron`, so never taken for a draft.
fn beside(draft: &Path, suffix: &str) -> PathBuf {
    let draft = crate::stamps::canonical(draft);
    let name = draft
        .file_name()
        .map_or_else(|| "draft".into(), |n| n.to_string_lossy().into_owned());
    let dir = draft.parent().map_or_else(PathBuf::new, Path::to_path_buf);
    dir.join(format!(".{name}.{suffix}"))
}

/// Whether `path` still names the open `file` (not a file put in its place).
#[cfg(unix)]
fn still_there(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    match (file.metadata(), fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Windows: the same volume and file index (the name opened again, never through a link).
#[cfg(windows)]
fn still_there(file: &File, path: &Path) -> bool {
    match (crate::win::file_info(file), open_existing(path)) {
        (Some((a, _)), Ok(again)) => crate::win::file_info(&again).is_some_and(|(b, _)| a == b),
        _ => false,
    }
}

#[cfg(not(any(unix, windows)))]
fn still_there(_file: &File, path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
}

/// Why a draft could not be marked as open in this window.
#[derive(Debug)]
pub enum LockError {
    /// Another window (or another copy of the app, another volunteer) has it open.
    HeldElsewhere,
    /// The lock file could not be made (a folder the filer may only read, something not a lock
    /// file in its place, a file system without locks): the draft can be opened, but other
    /// windows are not told. The error says which file and what to do.
    Unavailable(io::Error),
}

/// The mark that a draft is open in this window: `.<name>.lock` next to the draft (the file a
/// symbolic link names), created by this window and locked while it has the draft open. The
/// system drops the lock when the process ends, even in a crash; a lock file left behind is
/// removed by the next window (while it holds the lock) and made anew. A clean close removes it.
#[derive(Debug)]
pub struct DraftLock {
    /// The draft, as [`crate::stamps::canonical`] names it.
    draft: PathBuf,
    /// The lock file.
    path: PathBuf,
    /// The open, locked lock file, which this window created.
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
    /// the lock file cannot be made or locked (the error names it and says what to do).
    pub fn acquire(draft: &Path) -> Result<Self, LockError> {
        let canonical_draft = crate::stamps::canonical(draft);
        let path = Self::file_for(&canonical_draft);
        let access = Access::for_draft(&canonical_draft);
        let unavailable = |f: LockFailure| LockError::Unavailable(f.into_io());
        // Bounded: a window closing or a leftover being removed can replace the file between
        // two steps; a few tries settle it.
        for _ in 0..8 {
            if let Some(file) = create_lock(&path, access).map_err(unavailable)? {
                match file.try_lock() {
                    Ok(()) if still_there(&file, &path) => {
                        return Ok(Self {
                            draft: canonical_draft,
                            path,
                            file,
                        });
                    }
                    // Taken for a leftover by another window before this one locked it (that
                    // window removes it): try again.
                    Ok(()) | Err(fs::TryLockError::WouldBlock) => continue,
                    Err(fs::TryLockError::Error(e)) => return Err(LockError::Unavailable(e)),
                }
            }
            // A lock file is there: held by a window, or left behind by one that crashed. One
            // this user may not read was made by another user (an older version made them
            // private): it may well be held, so the draft is offered read-only.
            let file = match open_lock(&path) {
                Ok(Some(file)) => file,
                Ok(None) => continue,
                Err(LockFailure::Io { source, .. })
                    if source.kind() == io::ErrorKind::PermissionDenied =>
                {
                    return Err(LockError::HeldElsewhere);
                }
                Err(e) => return Err(unavailable(e)),
            };
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => return Err(LockError::HeldElsewhere),
                Err(fs::TryLockError::Error(e)) => return Err(LockError::Unavailable(e)),
            }
            // Left behind: removed while locked (so no other window takes the file being
            // removed for its own) and only if the name still names it, then made anew.
            if still_there(&file, &path)
                && let Err(source) = fs::remove_file(&path)
                && source.kind() != io::ErrorKind::NotFound
            {
                let holder = Holder::parse(&String::from_utf8_lossy(
                    &read_text(&file).unwrap_or_default(),
                ));
                return Err(unavailable(LockFailure::CannotRemove {
                    file: path,
                    holder,
                    source,
                }));
            }
        }
        Err(LockError::Unavailable(io::Error::other(format!(
            "the lock file {} kept being replaced",
            path.display()
        ))))
    }

    /// Whether this is the lock of `draft`.
    #[must_use]
    pub fn is_for(&self, draft: &Path) -> bool {
        self.draft == crate::stamps::canonical(draft)
    }

    /// The lock file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Say in the lock file (which this window created) who has the draft open, on which computer,
    /// since when and in which process, for a second window or volunteer to read
    /// ([`DraftLock::holder`]). Best effort: a lock file that cannot be written still locks.
    pub fn tell(&self, who: &str) {
        let mut file = &self.file;
        let text = format!(
            "{}\n{}\n{}\npid {}\n",
            one_line(who),
            host_name(),
            crate::stamps::now_stamp(),
            std::process::id()
        );
        let _ = file.set_len(0);
        let _ = file.rewind();
        let _ = file.write_all(text.as_bytes());
        let _ = file.flush();
    }

    /// Who has `draft` open, as its lock file says (`None` when there is no plain lock file or
    /// it says nothing). Never blocks and never follows a link.
    #[must_use]
    pub fn holder(draft: &Path) -> Option<Holder> {
        let file = open_lock(&Self::file_for(draft)).ok()??;
        let bytes = read_text(&file).ok()?;
        let text = String::from_utf8_lossy(&bytes);
        if text.trim().is_empty() {
            return None;
        }
        Some(Holder::parse(&text))
    }
}

impl Drop for DraftLock {
    fn drop(&mut self) {
        // Removed while still locked, so that no other window takes the file being removed for
        // free; only the file this lock holds is removed.
        if still_there(&self.file, &self.path) {
            let _ = fs::remove_file(&self.path);
        }
        let _ = self.file.unlock();
    }
}

/// What a reader saw of an update lock: which file (on Unix its device and inode) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Sight {
    id: (u64, u64),
    text: Vec<u8>,
}

/// Look at the update lock at `path`: `None` when there is none.
fn sight(path: &Path) -> Result<Option<(Sight, Holder)>, LockFailure> {
    let Some(file) = open_lock(path)? else {
        return Ok(None);
    };
    let text = read_text(&file).map_err(|source| LockFailure::Io {
        file: path.to_path_buf(),
        doing: "read",
        source,
    })?;
    let holder = Holder::parse(&String::from_utf8_lossy(&text));
    Ok(Some((
        Sight {
            id: file_id(&file),
            text,
        },
        holder,
    )))
}

#[cfg(unix)]
fn file_id(file: &File) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt as _;
    file.metadata().map_or((0, 0), |m| (m.dev(), m.ino()))
}

/// Windows: the volume's serial number and the file's index on it.
#[cfg(windows)]
fn file_id(file: &File) -> (u64, u64) {
    crate::win::file_info(file).map_or((0, 0), |(id, _)| id)
}

#[cfg(not(any(unix, windows)))]
fn file_id(_file: &File) -> (u64, u64) {
    (0, 0)
}

/// What one reader has watched of a draft's update lock, by its own monotonic clock: the lock
/// is stale once the same file with the same text (its holder renews it) has been seen for
/// [`UpdateLock::STALE`]. Kept between tries, so a window that tries again later (Save pressed
/// again) counts the time since it first saw it.
#[derive(Debug, Default)]
pub struct Watch {
    seen: Option<(PathBuf, Sight, Instant)>,
}

impl Watch {
    /// How long `sight` of `path` has been seen unchanged, counting from now when it is new.
    fn unchanged_for(&mut self, path: &Path, sight: &Sight, now: Instant) -> Duration {
        match &self.seen {
            Some((p, s, since)) if p == path && s == sight => now.saturating_duration_since(*since),
            _ => {
                self.seen = Some((path.to_path_buf(), sight.clone(), now));
                Duration::ZERO
            }
        }
    }
}

/// The right to change a draft's file for a moment (a save, a command-line change of status or
/// note): `.<name>.update` next to the draft, created only if nothing is there (an exclusive
/// create that holds on local disks and on network folders, NFS and SMB, where the advisory lock
/// of [`DraftLock`] may not), holding who took it, where, since when, its process and a random
/// token, and a count its holder renews every [`UpdateLock::RENEW`] while it holds it. Removed
/// when dropped (only if it is still the file this lock made).
#[derive(Debug)]
pub struct UpdateLock {
    path: PathBuf,
    file: File,
    token: String,
    renewer: Option<Renewer>,
}

/// The thread that renews a held update lock; stopped (at once) when dropped.
#[derive(Debug)]
struct Renewer {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Renewer {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl UpdateLock {
    /// How often a holder renews its lock.
    pub const RENEW: Duration = Duration::from_secs(1);
    /// A lock seen unrenewed for this long, by the reader's own clock, was left by a writer that
    /// stopped (a crash, a computer switched off): it is taken over.
    pub const STALE: Duration = Duration::from_secs(10);

    /// The update lock file of a draft.
    #[must_use]
    pub fn file_for(draft: &Path) -> PathBuf {
        beside(draft, "update")
    }

    /// Take the lock of `draft` for `who`, waiting up to `wait` for another writer (the
    /// computer's clocks, a watch of its own).
    ///
    /// # Errors
    /// As [`UpdateLock::acquire_with`], as an `io::Error` (`WouldBlock` when another writer held
    /// it for all of `wait`) holding the [`LockFailure`].
    pub fn acquire(draft: &Path, who: &str, wait: Duration) -> io::Result<Self> {
        Self::acquire_with(draft, who, wait, &SystemClock, &mut Watch::default())
            .map_err(LockFailure::into_io)
    }

    /// Take the lock of `draft` for `who`, waiting up to `wait` by `clock` for another writer;
    /// `watch` remembers what was seen of the lock between calls. A lock whose holder is gone
    /// from this computer is taken at once; one that `watch` has seen unrenewed for
    /// [`UpdateLock::STALE`] is taken over. Never waits longer than `wait` (and a few file
    /// operations), never reads a FIFO, never follows a link.
    ///
    /// # Errors
    /// [`LockFailure::Busy`] when another writer holds it for all of `wait`;
    /// [`LockFailure::NotALockFile`] when something else is where the lock file goes;
    /// [`LockFailure::CannotRemove`] when a stale lock cannot be removed; [`LockFailure::Io`]
    /// when the lock file cannot be made.
    pub fn acquire_with(
        draft: &Path,
        who: &str,
        wait: Duration,
        clock: &dyn Clock,
        watch: &mut Watch,
    ) -> Result<Self, LockFailure> {
        let path = Self::file_for(draft);
        let access = Access::for_draft(&crate::stamps::canonical(draft));
        let deadline = clock.now() + wait;
        let mut pause = Duration::from_millis(2);
        // Bounded by the deadline; the count bounds a clock that does not move on too.
        for _ in 0..100_000 {
            if let Some(file) = create_lock(&path, access)? {
                return Ok(Self::made(path, file, who, clock));
            }
            if let Some((seen, holder)) = sight(&path)? {
                let stale =
                    holder.gone() || watch.unchanged_for(&path, &seen, clock.now()) >= Self::STALE;
                if stale {
                    match take_over(&path, &seen, &holder) {
                        Ok(()) => continue,
                        // Windows: its holder still has it open (a program that stopped renewing
                        // but runs, or a computer whose handle the server keeps): busy, not
                        // left behind.
                        Err(LockFailure::CannotRemove { source, .. })
                            if held_open_by_its_holder(&source) => {}
                        Err(failure) => return Err(failure),
                    }
                }
                if clock.now() >= deadline {
                    return Err(LockFailure::Busy { file: path, holder });
                }
                clock.sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(50));
            }
        }
        Err(LockFailure::Io {
            file: path,
            doing: "take",
            source: io::Error::other("it kept being replaced"),
        })
    }

    /// The lock just made at `path`: write who holds it and start renewing it.
    fn made(path: PathBuf, file: File, who: &str, clock: &dyn Clock) -> Self {
        let token = token();
        let head = format!(
            "{}\n{}\n{}\npid {}\ntoken {token}\nrenewed ",
            one_line(who),
            host_name(),
            clock.wall().strftime("%Y-%m-%dT%H:%M:%SZ"),
            std::process::id()
        );
        write_lease(&file, &head, 0);
        let renewer = file.try_clone().ok().map(|copy| {
            let (stop, stopped) = mpsc::channel::<()>();
            let thread = std::thread::Builder::new()
                .name("update-lock-renewal".into())
                .spawn(move || {
                    let mut n = 0_u64;
                    // Ends when the lock is dropped (the sender goes).
                    while let Err(mpsc::RecvTimeoutError::Timeout) =
                        stopped.recv_timeout(Self::RENEW)
                    {
                        n += 1;
                        write_lease(&copy, &head, n);
                    }
                })
                .ok();
            Renewer {
                stop: Some(stop),
                thread,
            }
        });
        Self {
            path,
            file,
            token,
            renewer,
        }
    }

    /// The lock file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the lock file is still the one this lock made (no other writer took it over
    /// while this one was stopped, a computer asleep): checked just before a write.
    #[must_use]
    pub fn still_held(&self) -> bool {
        still_there(&self.file, &self.path)
            && sight(&self.path).ok().flatten().is_some_and(|(s, _)| {
                String::from_utf8_lossy(&s.text).contains(&format!("token {}\n", self.token))
            })
    }
}

impl Drop for UpdateLock {
    fn drop(&mut self) {
        drop(self.renewer.take());
        if self.still_held() {
            let token = format!("token {}\n", self.token);
            let _ = remove_if(&self.path, |s| {
                String::from_utf8_lossy(&s.text).contains(&token)
            });
        }
    }
}

/// Write an update lock's text with renewal count `n` into the file this process made; fixed
/// width, so a renewal rewrites it in place (nothing truncated). Best effort: a renewal that
/// cannot be written lets the lock go stale, which readers then take over.
fn write_lease(file: &File, head: &str, n: u64) {
    let mut f = file;
    let _ = f
        .rewind()
        .and_then(|()| f.write_all(format!("{head}{n:020}\n").as_bytes()));
}

/// A random token (the process's random hash keys, the time and the process id).
fn token() -> String {
    use std::hash::{BuildHasher as _, Hasher as _};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u32(std::process::id());
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    let a = h.finish();
    h.write_u64(a);
    format!("{a:016x}{:016x}", h.finish())
}

/// Whether moving a lock file aside failed because its holder still has it open: Windows refuses
/// with a sharing violation (the holder shares it for reading only). Never on Unix.
#[cfg(windows)]
fn held_open_by_its_holder(error: &io::Error) -> bool {
    use windows_sys::Win32::Foundation::ERROR_SHARING_VIOLATION;
    error
        .raw_os_error()
        .and_then(|c| u32::try_from(c).ok())
        .is_some_and(|c| c == ERROR_SHARING_VIOLATION)
}

/// Unix: a lock file is moved aside whoever has it open.
#[cfg(not(windows))]
fn held_open_by_its_holder(_error: &io::Error) -> bool {
    false
}

/// Remove a stale update lock, only if it is still the very file (and text) that was watched:
/// moved aside under a name of its own first (an atomic rename), then checked; when another
/// writer's fresh lock was moved instead (it took the stale one over first), it is linked back
/// under the lock's name (never replacing one made meanwhile).
fn take_over(path: &Path, seen: &Sight, holder: &Holder) -> Result<(), LockFailure> {
    match remove_if(path, |s| s == seen) {
        Ok(_) => Ok(()),
        Err(source) => Err(LockFailure::CannotRemove {
            file: path.to_path_buf(),
            holder: holder.clone(),
            source,
        }),
    }
}

/// Remove the lock file `path` if what is there passes `is_it` (see [`take_over`]): `Ok(true)`
/// when removed, `Ok(false)` when it was something else (left or put back) or gone.
fn remove_if(path: &Path, is_it: impl Fn(&Sight) -> bool) -> io::Result<bool> {
    let aside = {
        let name = path
            .file_name()
            .map_or_else(|| "lock".into(), |n| n.to_string_lossy().into_owned());
        path.with_file_name(format!("{name}.gone-{}", token()))
    };
    match fs::rename(path, &aside) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    }
    let matches = sight(&aside).ok().flatten().is_some_and(|(s, _)| is_it(&s));
    if matches {
        fs::remove_file(&aside)?;
    } else {
        // Not the one watched: put it back without replacing a lock made meanwhile. A link
        // refused (one was made meanwhile) leaves the moved one's holder to notice
        // (`still_held`) before it writes.
        match fs::hard_link(&aside, path) {
            Ok(()) => {
                let _ = fs::remove_file(&aside);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                let _ = fs::remove_file(&aside);
            }
            // A file system without hard links (FAT, some network shares): moved back unless
            // a lock was made meanwhile.
            Err(_) => {
                if fs::symlink_metadata(path).is_err() {
                    let _ = fs::rename(&aside, path);
                } else {
                    let _ = fs::remove_file(&aside);
                }
            }
        }
    }
    Ok(matches)
}
