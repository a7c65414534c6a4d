//! A clinic folder's roster: one row per draft directly in the folder (the engine's
//! [`RosterRow`], or why the file could not be read), filtered, searched and sorted. One place for
//! both the app's roster window (File > Open clinic folder…) and `njtax clinic DIR`: listing the
//! folder, reading and computing each draft into its row, and which rows a filter shows in which
//! order. The window only draws what is kept here; the app reads the folder again when a draft's
//! length or time of change moves ([`FolderStamp`]).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use njtax_engine::answers::ClinicStatus;
use njtax_engine::clinic::{RosterRow, roster_row};
use njtax_engine::{ParamBook, YearParams};
use serde::Serialize;

/// The law figures of each tax year met so far (or why the year cannot be computed), resolved
/// once per year while a folder is read.
pub type YearCache = HashMap<u16, Result<YearParams, String>>;

/// What a file that is not a regular file (a pipe, device or socket) is said to be.
pub const NOT_REGULAR: &str = "not a regular file (a pipe, device or socket); not read";

/// One file of the roster: its row, or why it could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The file's name in the folder.
    pub file: String,
    /// The row (`None` when unreadable).
    #[serde(flatten)]
    pub row: Option<RosterRow>,
    /// Why it could not be read or computed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unreadable: Option<String>,
}

/// The column the roster is sorted by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SortBy {
    /// The client's name, A to Z.
    #[default]
    Name,
    /// The tax year, oldest first.
    Year,
    /// The status, in the order of the work (intake first).
    Status,
    /// The largest refund first, the largest balance due last.
    Refund,
    /// The newest change of status first; never in the clinic last.
    Changed,
    /// The file name.
    File,
}

impl SortBy {
    /// Every column the roster sorts by.
    pub const ALL: [Self; 6] = [
        Self::Name,
        Self::Year,
        Self::Status,
        Self::Refund,
        Self::Changed,
        Self::File,
    ];

    /// The column by its word (`name`, `year`, `status`, `refund`, `changed`, `file`).
    #[must_use]
    pub fn parse(word: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.word().eq_ignore_ascii_case(word.trim()))
    }

    /// The column's word.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Name => "name",
            Self::Year => "year",
            Self::Status => "status",
            Self::Refund => "refund",
            Self::Changed => "changed",
            Self::File => "file",
        }
    }
}

/// What the roster shows, and in which order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only this status.
    pub status: Option<ClinicStatus>,
    /// Only this year.
    pub year: Option<u16>,
    /// Only drafts with problems to fix (or unreadable).
    pub errors: bool,
    /// Part of a name, or an SSN's last four digits.
    pub search: String,
    /// The column sorted by.
    pub sort: SortBy,
    /// The column's order reversed.
    pub reverse: bool,
}

impl Filter {
    /// Whether `entry` is shown. An unreadable file is shown unless a status, a year or a search
    /// is asked for (it has a problem to fix).
    #[must_use]
    pub fn keeps(&self, entry: &Entry) -> bool {
        match &entry.row {
            None => self.status.is_none() && self.year.is_none() && self.search.trim().is_empty(),
            Some(r) => {
                self.status.is_none_or(|s| r.status == s)
                    && self.year.is_none_or(|y| r.year == y)
                    && (!self.errors || r.errors > 0 || r.unreadable > 0)
                    && r.matches(&self.search)
            }
        }
    }

    /// The order of two entries: unreadable files last, then by the column (reversed when asked),
    /// then by file name.
    #[must_use]
    pub fn order(&self, a: &Entry, b: &Entry) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        let by = match (&a.row, &b.row) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => return Ordering::Greater,
            (Some(_), None) => return Ordering::Less,
            (Some(x), Some(y)) => match self.sort {
                SortBy::Name => x.name.to_lowercase().cmp(&y.name.to_lowercase()),
                SortBy::Year => x.year.cmp(&y.year),
                SortBy::Status => x.status.cmp(&y.status),
                SortBy::Refund => (y.refund - y.balance_due).cmp(&(x.refund - x.balance_due)),
                SortBy::Changed => y.last_change.cmp(&x.last_change),
                SortBy::File => Ordering::Equal,
            },
        };
        let by = by.then_with(|| a.file.cmp(&b.file));
        if self.reverse { by.reverse() } else { by }
    }

    /// The indices of the entries shown, in order.
    #[must_use]
    pub fn shown(&self, entries: &[Entry]) -> Vec<usize> {
        let mut shown: Vec<usize> = (0..entries.len())
            .filter(|&i| entries.get(i).is_some_and(|e| self.keeps(e)))
            .collect();
        shown.sort_by(|&i, &j| match (entries.get(i), entries.get(j)) {
            (Some(a), Some(b)) => self.order(a, b),
            _ => std::cmp::Ordering::Equal,
        });
        shown
    }
}

/// The drafts directly in a folder (`.ron` files in any case, sorted by name), each with why it is
/// not read when it is not a regular file, and the folders inside it (not searched).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    /// The drafts, and why one is not read.
    pub drafts: Vec<(PathBuf, Option<String>)>,
    /// The folders inside.
    pub subfolders: Vec<PathBuf>,
}

/// Whether a file name ends in `.ron`, in any case.
#[must_use]
pub fn is_draft_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("ron"))
}

/// List the drafts directly in `dir`. Follows symbolic links, as opening would; opens no file.
///
/// # Errors
/// Why the folder cannot be read, in words (`cannot read the folder: …`).
pub fn list_folder(dir: &Path) -> Result<Listing, String> {
    let why = |e: std::io::Error| format!("cannot read the folder: {e}");
    let mut listing = Listing::default();
    for entry in std::fs::read_dir(dir).map_err(why)? {
        let path = entry.map_err(why)?.path();
        match std::fs::metadata(&path) {
            Ok(m) if m.is_dir() => listing.subfolders.push(path),
            Ok(m) if is_draft_name(&path) && !m.is_file() => {
                listing.drafts.push((path, Some(NOT_REGULAR.to_owned())));
            }
            // A regular file, or one that cannot be looked at: reading it says why.
            _ if is_draft_name(&path) => listing.drafts.push((path, None)),
            _ => {}
        }
    }
    listing.drafts.sort();
    listing.subfolders.sort();
    Ok(listing)
}

/// The file name of `path`, for the roster.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Read and compute (values only) the draft at `path` into its roster entry; `refused`: why the
/// file is not read at all. The year's figures are resolved once per `years` cache.
#[must_use]
pub fn entry(path: &Path, refused: Option<&str>, book: &ParamBook, years: &mut YearCache) -> Entry {
    let file = file_name(path);
    let unreadable = |why: String| Entry {
        file: file.clone(),
        row: None,
        unreadable: Some(why),
    };
    if let Some(why) = refused {
        return unreadable(why.to_owned());
    }
    let draft = match crate::files::read_draft(path) {
        Ok(d) => d,
        Err(e) => return unreadable(e.reason()),
    };
    let a = &draft.answers;
    let p = years
        .entry(a.tax_year)
        .or_insert_with(|| book.supported(a.tax_year).map_err(|e| e.to_string()));
    match p {
        Ok(p) => {
            let set = njtax_engine::compute::compute_set_values(a, p);
            Entry {
                file,
                row: Some(roster_row(a, &set)),
                unreadable: None,
            }
        }
        Err(e) => unreadable(e.clone()),
    }
}

/// A draft's length and time of change (`None` when they cannot be read).
pub type Seen = Option<(u64, std::time::SystemTime)>;

/// The length and time of change of the file at `path` now.
#[must_use]
pub fn seen(path: &Path) -> Seen {
    std::fs::metadata(path)
        .ok()
        .and_then(|m| Some((m.len(), m.modified().ok()?)))
}

/// The length and time of change of each draft in a folder: when it moves, the roster is read
/// again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderStamp(Result<Vec<(PathBuf, Seen)>, String>);

impl FolderStamp {
    /// The folder's drafts as they are now.
    #[must_use]
    pub fn of(dir: &Path) -> Self {
        Self(list_folder(dir).map(|l| {
            l.drafts
                .into_iter()
                .map(|(path, _)| {
                    let s = seen(&path);
                    (path, s)
                })
                .collect()
        }))
    }

    /// The stamp of drafts already looked at, in file name order.
    pub fn from_seen(drafts: impl IntoIterator<Item = (PathBuf, Seen)>) -> Self {
        Self(Ok(drafts.into_iter().collect()))
    }

    /// The stamp of a folder that could not be read, and why.
    #[must_use]
    pub fn unreadable(why: String) -> Self {
        Self(Err(why))
    }
}

/// A clinic folder read into its roster, with the filter the window shows it through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roster {
    /// The folder.
    pub folder: PathBuf,
    /// Every draft in it, in file name order.
    pub entries: Vec<Entry>,
    /// Why the folder could not be read (no entries then).
    pub problem: Option<String>,
    /// What is shown.
    pub filter: Filter,
    /// The indices of the entries shown, in order.
    pub shown: Vec<usize>,
    /// The tax years of the drafts, newest first (the year filter's choices).
    pub years: Vec<u16>,
    /// The files ticked for batch work (Print selected…, Save a summary…): readable drafts only,
    /// kept when the folder is read again while the file is still there and readable.
    pub selected: BTreeSet<String>,
    /// While the folder is being read off the window's thread: how many of how many drafts to
    /// read are read (the rows shown are those of the last read, or none yet).
    pub reading: Option<(usize, usize)>,
    /// The drafts' lengths and times of change when the folder was read.
    stamp: FolderStamp,
}

impl Roster {
    /// The roster of a folder read (by the roster reader's `read_folder`): its drafts' entries in
    /// file name order, or why it could not be read, and the drafts' stamp taken before they were
    /// read; shown through `filter`.
    #[must_use]
    pub fn from_parts(
        folder: PathBuf,
        entries: Vec<Entry>,
        problem: Option<String>,
        stamp: FolderStamp,
        filter: Filter,
    ) -> Self {
        let mut years: Vec<u16> = entries
            .iter()
            .filter_map(|e: &Entry| e.row.as_ref().map(|r| r.year))
            .collect();
        years.sort_unstable_by(|a, b| b.cmp(a));
        years.dedup();
        let mut roster = Self {
            folder,
            entries,
            problem,
            filter: Filter::default(),
            shown: Vec::new(),
            years,
            selected: BTreeSet::new(),
            reading: None,
            stamp,
        };
        roster.set_filter(filter);
        roster
    }

    /// The roster of `folder` before its first read has finished: no rows, "Reading…".
    #[must_use]
    pub fn reading(folder: &Path, filter: Filter) -> Self {
        Self {
            folder: folder.to_path_buf(),
            entries: Vec::new(),
            problem: None,
            filter,
            shown: Vec::new(),
            years: Vec::new(),
            selected: BTreeSet::new(),
            reading: Some((0, 0)),
            stamp: FolderStamp::unreadable(String::new()),
        }
    }

    /// Whether the drafts' lengths and times of change are those of `other` (nothing moved
    /// between two reads).
    #[must_use]
    pub fn same_stamp(&self, other: &Self) -> bool {
        self.stamp == other.stamp
    }

    /// Keep the files of `previous` ticked that are still readable drafts of the folder (the
    /// folder was read again).
    pub fn keep_selection(&mut self, previous: &BTreeSet<String>) {
        for file in previous {
            self.select(file, true);
        }
    }

    /// Tick (`on`) or untick a file; only a readable draft of the folder can be ticked.
    pub fn select(&mut self, file: &str, on: bool) {
        if !on {
            self.selected.remove(file);
        } else if self
            .entries
            .iter()
            .any(|e| e.file == file && e.row.is_some())
        {
            self.selected.insert(file.to_owned());
        }
    }

    /// Tick every readable draft shown (those already ticked and not shown stay ticked).
    pub fn select_shown(&mut self) {
        let files: Vec<String> = self
            .shown
            .iter()
            .filter_map(|&i| self.entries.get(i))
            .filter(|e| e.row.is_some())
            .map(|e| e.file.clone())
            .collect();
        self.selected.extend(files);
    }

    /// How many of the ticked files the filter hides.
    #[must_use]
    pub fn selected_hidden(&self) -> usize {
        let shown: BTreeSet<&str> = self
            .shown
            .iter()
            .filter_map(|&i| self.entries.get(i))
            .map(|e| e.file.as_str())
            .collect();
        self.selected
            .iter()
            .filter(|f| !shown.contains(f.as_str()))
            .count()
    }

    /// The files of the ticked drafts, in file name order.
    #[must_use]
    pub fn selected_paths(&self) -> Vec<PathBuf> {
        self.selected.iter().map(|f| self.folder.join(f)).collect()
    }

    /// Show the roster through `filter`.
    pub fn set_filter(&mut self, filter: Filter) {
        self.shown = filter.shown(&self.entries);
        self.filter = filter;
    }

    /// Whether a draft of the folder was added, removed, or changed in length or time since it
    /// was read (or the folder became readable or not).
    #[must_use]
    pub fn changed_on_disk(&self) -> bool {
        FolderStamp::of(&self.folder) != self.stamp
    }

    /// Whether `path` is a draft directly in the roster's folder.
    #[must_use]
    pub fn holds(&self, path: &Path) -> bool {
        let parent = |p: &Path| {
            std::path::absolute(p)
                .ok()
                .and_then(|p| p.parent().map(Path::to_path_buf))
        };
        std::path::absolute(&self.folder).ok() == parent(path)
    }

    /// The file of an entry.
    #[must_use]
    pub fn path_of(&self, entry: &Entry) -> PathBuf {
        self.folder.join(&entry.file)
    }
}
