//! Reading a clinic folder's roster off the window's thread (issue 37): a clinic's folder can hold
//! thousands of drafts, and reading and computing each took the window 1.5-1.8 s at 5,000. A named
//! worker thread lists the folder, reads and computes (values only) each draft whose length or
//! time of change moved since the last read, and reports through a channel: how far it is ("Reading
//! N of M…"), then the whole roster. The window keeps drawing meanwhile, with the rows it had. A
//! newer request supersedes an older one: the older worker stops at its next file and its result
//! is never shown.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use njtax_engine::ParamBook;

use crate::roster::{Entry, Filter, FolderStamp, Roster, Seen, YearCache, entry, list_folder};

/// Each draft read before, by its file, with its length and time of change when it was read: a
/// draft whose stamp has not moved is not read again.
pub type Cache = HashMap<PathBuf, (Seen, Entry)>;

/// How often at most the worker says how far it is.
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// A folder read: its entries in file name order, or why it could not be read.
#[derive(Debug)]
pub struct FolderRead {
    /// The folder.
    pub folder: PathBuf,
    /// Every draft in it, in file name order.
    pub entries: Vec<Entry>,
    /// Why the folder could not be read (no entries then).
    pub problem: Option<String>,
    /// The drafts' lengths and times of change, taken before they were read.
    pub stamp: FolderStamp,
    /// The entries by file, for the next read.
    pub cache: Cache,
    /// How many drafts were read and computed (the others came from the cache).
    pub read: usize,
}

impl FolderRead {
    /// The roster of the folder read, shown through `filter`.
    #[must_use]
    pub fn into_roster(self, filter: Filter) -> Roster {
        Roster::from_parts(self.folder, self.entries, self.problem, self.stamp, filter)
    }
}

/// Read `folder` on this thread into its roster (every `.ron` draft directly in it), shown
/// through `filter` (the app reads it on a worker: [`RosterReader`]).
#[must_use]
pub fn read_roster(folder: &Path, filter: Filter, book: &ParamBook) -> Roster {
    match read_folder(folder, book, &Cache::new(), |_, _| true) {
        Some(read) => read.into_roster(filter),
        None => Roster::reading(folder, filter),
    }
}

/// Read `folder` into its entries, reading again only the drafts whose stamp moved since `cache`
/// was made. `progress(done, total)` is told how many of the drafts to read are read; when it
/// answers `false` the reading stops and `None` is returned (a newer request superseded it).
pub fn read_folder(
    folder: &Path,
    book: &ParamBook,
    cache: &Cache,
    mut progress: impl FnMut(usize, usize) -> bool,
) -> Option<FolderRead> {
    let listing = match list_folder(folder) {
        Ok(l) => l,
        Err(why) => {
            return Some(FolderRead {
                folder: folder.to_path_buf(),
                entries: Vec::new(),
                problem: Some(why.clone()),
                stamp: FolderStamp::unreadable(why),
                cache: Cache::new(),
                read: 0,
            });
        }
    };
    // Stamped before it is read: a change in between is read again at the next look.
    let seen: Vec<Seen> = listing
        .drafts
        .iter()
        .map(|(path, _)| crate::roster::seen(path))
        .collect();
    let fresh = |path: &PathBuf, s: &Seen| {
        s.is_some()
            && cache
                .get(path)
                .is_some_and(|(before, _)| before.as_ref() == s.as_ref())
    };
    let total = listing
        .drafts
        .iter()
        .zip(&seen)
        .filter(|((path, refused), s)| refused.is_none() && !fresh(path, s))
        .count();
    let mut years = YearCache::new();
    let mut entries = Vec::with_capacity(listing.drafts.len());
    let mut next_cache = Cache::with_capacity(listing.drafts.len());
    let mut read = 0;
    let mut told = Instant::now();
    if !progress(0, total) {
        return None;
    }
    for ((path, refused), s) in listing.drafts.iter().zip(&seen) {
        let e = match cache.get(path) {
            Some((_, e)) if refused.is_none() && fresh(path, s) => e.clone(),
            _ if refused.is_some() => entry(path, refused.as_deref(), book, &mut years),
            _ => {
                let e = entry(path, None, book, &mut years);
                read += 1;
                if told.elapsed() >= PROGRESS_EVERY {
                    told = Instant::now();
                    if !progress(read, total) {
                        return None;
                    }
                }
                e
            }
        };
        if refused.is_none() {
            next_cache.insert(path.clone(), (*s, e.clone()));
        }
        entries.push(e);
    }
    let stamp = FolderStamp::from_seen(listing.drafts.iter().map(|(p, _)| p.clone()).zip(seen));
    Some(FolderRead {
        folder: folder.to_path_buf(),
        entries,
        problem: None,
        stamp,
        cache: next_cache,
        read,
    })
}

/// What the worker reports.
#[derive(Debug)]
pub enum Report {
    /// How far a request is: `done` of the `total` drafts to read are read.
    Progress {
        /// The request.
        request: u64,
        /// Drafts read so far.
        done: usize,
        /// Drafts to read.
        total: usize,
    },
    /// A request finished: the folder read.
    Done {
        /// The request.
        request: u64,
        /// The folder read.
        read: Box<FolderRead>,
    },
    /// The worker thread could not be started.
    Failed {
        /// The request.
        request: u64,
        /// Why, in words.
        why: String,
    },
}

/// The request being worked on, and why it was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// Its number (a newer one supersedes it).
    pub request: u64,
    /// The folder.
    pub folder: PathBuf,
    /// What it is for.
    pub why: Why,
}

/// Why a folder is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The roster was opened (File > Open clinic folder…): say how many drafts it holds.
    Open,
    /// Refresh, or a draft saved there: show the rows as read.
    Refresh,
    /// The once-a-second look for changes on disk: show the rows only when something moved.
    Watch,
}

/// The app's side of the worker: starts a named thread per request, passes the drafts read last
/// time, and hands back what the newest request reports.
pub struct RosterReader {
    /// The newest request's number; a worker on an older one stops.
    newest: Arc<AtomicU64>,
    tx: Sender<Report>,
    rx: Receiver<Report>,
    /// The request being worked on.
    pending: Option<Pending>,
    /// The entries of the last folder read, by file.
    cache: Arc<Cache>,
    /// The folder the cache is of.
    cache_folder: Option<PathBuf>,
    /// The law figures, shared with the workers.
    book: Option<Arc<ParamBook>>,
}

impl Default for RosterReader {
    fn default() -> Self {
        let (tx, rx) = channel();
        Self {
            newest: Arc::new(AtomicU64::new(0)),
            tx,
            rx,
            pending: None,
            cache: Arc::new(Cache::new()),
            cache_folder: None,
            book: None,
        }
    }
}

impl RosterReader {
    /// Start reading `folder` on a worker thread; a request already running is superseded.
    /// `repaint` is called when there is something to show.
    pub fn request(
        &mut self,
        folder: &Path,
        why: Why,
        book: &ParamBook,
        repaint: impl Fn() + Send + Sync + 'static,
    ) {
        let request = self.newest.fetch_add(1, Ordering::SeqCst) + 1;
        // A refresh asked while the roster is being opened still says how many drafts it holds.
        let why = match &self.pending {
            Some(p) if p.why == Why::Open && p.folder == folder => Why::Open,
            _ => why,
        };
        self.pending = Some(Pending {
            request,
            folder: folder.to_path_buf(),
            why,
        });
        if self.cache_folder.as_deref() != Some(folder) {
            self.cache = Arc::new(Cache::new());
            self.cache_folder = Some(folder.to_path_buf());
        }
        let book = Arc::clone(self.book.get_or_insert_with(|| Arc::new(book.clone())));
        let cache = Arc::clone(&self.cache);
        let newest = Arc::clone(&self.newest);
        let tx = self.tx.clone();
        let dir = folder.to_path_buf();
        let repaint = Arc::new(repaint);
        let worker_repaint = Arc::clone(&repaint);
        let started = std::thread::Builder::new()
            .name("njtax-roster-reader".to_owned())
            .spawn(move || {
                let mut last = (usize::MAX, usize::MAX);
                let result = read_folder(&dir, &book, &cache, |done, total| {
                    if newest.load(Ordering::SeqCst) != request {
                        return false;
                    }
                    if (done, total) != last {
                        last = (done, total);
                        // The window looks for reports a few times a second while a read runs.
                        let _ = tx.send(Report::Progress {
                            request,
                            done,
                            total,
                        });
                    }
                    true
                });
                if let Some(read) = result {
                    // The window may be gone (the app closed): nothing is waiting then.
                    let _ = tx.send(Report::Done {
                        request,
                        read: Box::new(read),
                    });
                    worker_repaint();
                }
            });
        if let Err(e) = started {
            let _ = self.tx.send(Report::Failed {
                request,
                why: format!("the folder could not be read in the background ({e})"),
            });
            repaint();
        }
    }

    /// The request being worked on.
    #[must_use]
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// Stop showing what the running request reports (the roster was closed); its worker stops at
    /// its next draft.
    pub fn cancel(&mut self) {
        self.newest.fetch_add(1, Ordering::SeqCst);
        self.pending = None;
    }

    /// The reports of the newest request since the last call, in order; a finished request is no
    /// longer pending and its entries are kept for the next read. Reports of superseded requests
    /// are dropped.
    pub fn take_reports(&mut self) -> Vec<(Pending, Report)> {
        let mut out = Vec::new();
        while let Ok(report) = self.rx.try_recv() {
            let Some(p) = self.pending.clone() else {
                continue;
            };
            let request = match &report {
                Report::Progress { request, .. }
                | Report::Done { request, .. }
                | Report::Failed { request, .. } => *request,
            };
            if request != p.request {
                continue;
            }
            let mut report = report;
            match &mut report {
                Report::Done { read, .. } => {
                    self.cache = Arc::new(std::mem::take(&mut read.cache));
                    self.pending = None;
                }
                Report::Failed { .. } => self.pending = None,
                Report::Progress { .. } => {}
            }
            out.push((p, report));
        }
        out
    }

    /// Wait up to `limit` for the running request to finish, handing back its reports (for tests
    /// and scripted use; the window never waits).
    pub fn wait(&mut self, limit: Duration) -> Vec<(Pending, Report)> {
        let end = Instant::now() + limit;
        let mut out = Vec::new();
        while self.pending.is_some() && Instant::now() < end {
            out.extend(self.take_reports());
            if self.pending.is_some() {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::time::Duration;

    use njtax_engine::ParamBook;

    use super::{Cache, Report, RosterReader, Why, read_folder};

    /// A folder of `n` copies of the single-renter example, each client named by its number, and
    /// a file that is not a draft.
    fn folder(n: usize) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let example =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/single-renter.ron");
        let text = std::fs::read_to_string(example).unwrap();
        for i in 0..n {
            let t = text.replace("Maria Lopez", &format!("Client {i:04}"));
            std::fs::write(dir.path().join(format!("c{i:04}.ron")), t).unwrap();
        }
        std::fs::write(dir.path().join("zz-broken.ron"), "just some notes").unwrap();
        dir
    }

    /// A second read opens only the drafts whose length or time of change moved (a file that is
    /// not a draft too: it still says why); the entries are the same as a read from nothing.
    #[test]
    fn a_read_again_opens_only_the_drafts_that_changed() {
        let dir = folder(5);
        let book = ParamBook::load().unwrap();
        let first = read_folder(dir.path(), &book, &Cache::new(), |_, _| true).unwrap();
        assert_eq!(first.entries.len(), 6);
        assert_eq!(first.read, 6);
        assert!(
            first.entries[5].unreadable.is_some(),
            "the broken file says why"
        );
        let again = read_folder(dir.path(), &book, &first.cache, |_, _| true).unwrap();
        assert_eq!(again.read, 0);
        assert_eq!(again.entries, first.entries);
        assert_eq!(again.stamp, first.stamp);
        // One draft changed (another length): only it is read again, and its row shows it.
        let changed = dir.path().join("c0002.ron");
        let t = std::fs::read_to_string(&changed).unwrap();
        std::fs::write(&changed, t.replace("Client 0002", "Client Two Renamed")).unwrap();
        let third = read_folder(dir.path(), &book, &again.cache, |_, _| true).unwrap();
        assert_eq!(third.read, 1);
        assert_ne!(third.stamp, again.stamp);
        assert_eq!(
            third.entries[2].row.as_ref().map(|r| r.name.as_str()),
            Some("Client Two Renamed")
        );
        let fresh = read_folder(dir.path(), &book, &Cache::new(), |_, _| true).unwrap();
        assert_eq!(third.entries, fresh.entries);
        // A draft removed is gone from the roster and the cache.
        std::fs::remove_file(dir.path().join("c0000.ron")).unwrap();
        let fourth = read_folder(dir.path(), &book, &third.cache, |_, _| true).unwrap();
        assert_eq!(fourth.read, 0);
        assert_eq!(fourth.entries.len(), 5);
        assert_eq!(fourth.cache.len(), 5);
        assert!(fourth.entries[4].unreadable.is_some(), "still says why");
    }

    /// The worker says how far it is and stops when told to (a newer request).
    #[test]
    fn reading_reports_progress_and_stops_when_superseded() {
        let dir = folder(3);
        let book = ParamBook::load().unwrap();
        let mut told = Vec::new();
        let read = read_folder(dir.path(), &book, &Cache::new(), |done, total| {
            told.push((done, total));
            true
        });
        assert!(read.is_some());
        assert_eq!(
            told.first(),
            Some(&(0, 4)),
            "3 drafts and a file that is not one"
        );
        let stopped = read_folder(dir.path(), &book, &Cache::new(), |_, _| false);
        assert!(stopped.is_none());
    }

    /// A folder that cannot be read is a roster saying why.
    #[test]
    fn a_folder_that_cannot_be_read_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let book = ParamBook::load().unwrap();
        let read =
            read_folder(&dir.path().join("gone"), &book, &Cache::new(), |_, _| true).unwrap();
        assert!(read.entries.is_empty());
        assert!(
            read.problem
                .as_deref()
                .is_some_and(|p| p.starts_with("cannot read the folder")),
            "{:?}",
            read.problem
        );
    }

    /// A newer request supersedes an older one: only its reports are handed back, and the
    /// worker of the older one stops.
    #[test]
    fn a_newer_request_supersedes_an_older_one() {
        let big = folder(40);
        let small = folder(2);
        let book = ParamBook::load().unwrap();
        let mut reader = RosterReader::default();
        reader.request(big.path(), Why::Open, &book, || {});
        reader.request(small.path(), Why::Refresh, &book, || {});
        let reports = reader.wait(Duration::from_secs(60));
        assert!(reader.pending().is_none(), "finished");
        assert!(!reports.is_empty());
        for (pending, report) in &reports {
            assert_eq!(pending.folder, small.path());
            assert_eq!(pending.why, Why::Refresh);
            if let Report::Done { read, .. } = report {
                assert_eq!(read.entries.len(), 3);
            }
        }
        assert!(matches!(reports.last(), Some((_, Report::Done { .. }))));
        // Nothing of the older request arrives later.
        std::thread::sleep(Duration::from_millis(200));
        assert!(reader.take_reports().is_empty());
        // A refresh while the roster is being opened still counts as opening it.
        reader.request(small.path(), Why::Open, &book, || {});
        reader.request(small.path(), Why::Refresh, &book, || {});
        assert_eq!(reader.pending().map(|p| p.why), Some(Why::Open));
        let reports = reader.wait(Duration::from_secs(60));
        assert!(matches!(reports.last(), Some((p, Report::Done { .. })) if p.why == Why::Open));
    }
}
