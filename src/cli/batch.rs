//! Many drafts at once (`njtax batch`): finding the drafts in files and folders, one summary per
//! draft computed without explanations, on every core in draft order. The batch benchmark
//! (`benches/batch.rs`) runs the same [`summarize_draft`] and [`par_map`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use njtax_engine::{Draft, Key, ParamBook, Severity};
use njtax_ui::files::read_draft;
use rust_decimal::Decimal;

use super::unnamed;

/// What `njtax batch` reads: each file named, and the drafts (`.ron` files, in any case) directly
/// in each folder named, in name order. Subfolders are not searched, and say so on standard error;
/// so does a folder with no draft. A path that is not a regular file (a FIFO, a device, a socket)
/// is never opened, and a folder that cannot be read is never passed over: each is a row of its
/// own, unreadable, with why.
pub struct Found {
    /// The drafts in the order of the summary.
    pub files: Vec<PathBuf>,
    /// Why a path among `files` is not read.
    refused: std::collections::HashMap<PathBuf, String>,
}

impl Found {
    /// Why `path` is not read (it is not a regular file, or a folder that cannot be read).
    pub fn why_not(&self, path: &Path) -> Option<&str> {
        self.refused.get(path).map(String::as_str)
    }

    fn refuse(&mut self, path: PathBuf, why: String) {
        self.refused.insert(path.clone(), why);
        self.files.push(path);
    }
}

pub use njtax_ui::roster::is_draft_name;

pub fn collect(paths: &[PathBuf]) -> Found {
    let mut found = Found {
        files: Vec::new(),
        refused: std::collections::HashMap::new(),
    };
    for p in paths {
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => collect_folder(p, &mut found),
            Ok(m) if !m.is_file() => {
                found.refuse(p.clone(), njtax_ui::roster::NOT_REGULAR.to_owned())
            }
            // A regular file, or one that cannot be looked at: reading it says why.
            _ => found.files.push(p.clone()),
        }
    }
    found
}

pub fn collect_folder(dir: &Path, found: &mut Found) {
    let listing = match njtax_ui::roster::list_folder(dir) {
        Ok(l) => l,
        Err(why) => {
            found.refuse(dir.to_path_buf(), why);
            return;
        }
    };
    for sub in &listing.subfolders {
        eprintln!(
            "njtax: {}: a folder inside {}, not searched (name it to include its drafts)",
            sub.display(),
            dir.display()
        );
    }
    if listing.drafts.is_empty() {
        eprintln!(
            "njtax: {}: no drafts (.ron files) in this folder",
            dir.display()
        );
    }
    for (path, why) in listing.drafts {
        match why {
            Some(why) => found.refuse(path, why),
            None => found.files.push(path),
        }
    }
}

/// One draft's line in a batch: what a clinic keeps for each return it prepared.
pub struct Summary {
    /// The file, as named.
    pub file: String,
    /// The taxpayer's name.
    pub name: String,
    /// The tax year.
    pub year: Option<u16>,
    /// The forms of the returns (NJ-1040, NJ-1040NR).
    pub forms: Vec<String>,
    /// Gross income, over the returns.
    pub gross_income: Decimal,
    /// Tax, over the returns.
    pub tax: Decimal,
    /// Refund, over the returns.
    pub refund: Decimal,
    /// Balance due, over the returns.
    pub balance_due: Decimal,
    /// The law bars a refund the draft would otherwise show (an amended return's refund after
    /// its time limits, or an original return's overpayment filed after its last day, on the
    /// filing date the draft gives; 54A:9-8 d): `refund` holds only what can be refunded.
    pub refund_barred: bool,
    /// Error diagnostics, over the returns.
    pub errors: usize,
    /// Why the draft could not be read (without the file name); `None` when it was computed.
    pub unreadable: Option<String>,
    /// Where it stands in a clinic's work (empty outside a clinic), an approval the figures no
    /// longer match said so.
    pub clinic_status: String,
    /// The volunteer who prepared it.
    pub preparer: String,
    /// Review notes not yet resolved.
    pub open_notes: usize,
}

impl Summary {
    /// The line of `file` before anything is added to it: no return, no figure, read.
    fn empty(file: String) -> Self {
        Self {
            file,
            name: String::new(),
            year: None,
            forms: Vec::new(),
            gross_income: Decimal::ZERO,
            tax: Decimal::ZERO,
            refund: Decimal::ZERO,
            balance_due: Decimal::ZERO,
            refund_barred: false,
            errors: 0,
            unreadable: None,
            clinic_status: String::new(),
            preparer: String::new(),
            open_notes: 0,
        }
    }

    /// The line of a draft that was not computed, with why.
    fn unreadable(file: String, why: String) -> Self {
        Self {
            unreadable: Some(why),
            ..Self::empty(file)
        }
    }

    /// `ok`, `errors` or `unreadable`.
    pub fn status(&self) -> &'static str {
        if self.unreadable.is_some() {
            "unreadable"
        } else if self.errors > 0 {
            "errors"
        } else {
            "ok"
        }
    }
}

/// Today, read once per run: the day a draft without a filing date is taken as filed.
static TODAY: std::sync::LazyLock<Option<njtax_engine::answers::Date>> =
    std::sync::LazyLock::new(njtax_ui::words::today_local);

/// Law figures resolved once per year (per worker thread), for the values-only computation.
pub use njtax_ui::roster::YearCache;

/// Read, parse and compute one draft (values only, no explanations) into its summary line.
/// `refused`: why the path is not read at all (it is not a regular file, or a folder that cannot
/// be read), as the row's message.
pub fn summarize(
    path: &Path,
    refused: Option<&str>,
    book: &ParamBook,
    years: &mut YearCache,
) -> Summary {
    let file = path.display().to_string();
    if let Some(why) = refused {
        return Summary::unreadable(file, why.to_owned());
    }
    summarize_draft(file, read_draft(path).map_err(|e| unnamed(&e)), book, years)
}

/// One read draft (or why it could not be read) computed without explanations into its summary
/// line, the year's law figures resolved once per `years` cache.
pub fn summarize_draft(
    file: String,
    draft: Result<Draft, String>,
    book: &ParamBook,
    years: &mut YearCache,
) -> Summary {
    let draft = match draft {
        Ok(d) => d,
        Err(why) => return Summary::unreadable(file, why),
    };
    let a = &draft.answers;
    let mut s = Summary::empty(file);
    s.name.clone_from(&a.taxpayer.name);
    s.year = Some(a.tax_year);
    let params = years
        .entry(a.tax_year)
        .or_insert_with(|| book.supported(a.tax_year).map_err(|e| e.to_string()));
    let p = match params {
        Ok(p) => p,
        Err(e) => {
            s.unreadable = Some(e.clone());
            return s;
        }
    };
    let set = njtax_engine::compute::compute_set_values(a, p);
    if a.clinic.is_some() {
        let row = njtax_engine::clinic::roster_row(a, &set);
        s.clinic_status = row.status_words();
        s.preparer = row.preparer;
        s.open_notes = row.open_notes;
    }
    for r in &set.returns {
        s.forms.push(r.form.clone());
        s.gross_income += r.value_by_key(Key::GrossIncome);
        s.tax += r.value_by_key(Key::Tax);
        // An amended return refunds or owes the change from the original, and only the part
        // of a refund the time limits allow; an original return's barred overpayment is no
        // refund (54A:9-8 d).
        let (refund, balance_due, barred) = match &r.amended {
            Some(x) => (
                x.refund,
                x.balance_due,
                x.refund_limit
                    .as_ref()
                    .is_some_and(|l| l.barred > Decimal::ZERO),
            ),
            None => {
                // No filing date: taken as filed today, as the app, `compute` and the printout
                // take it.
                let barred = a
                    .filing
                    .filed_on
                    .or(*TODAY)
                    .and_then(|d| r.barred_refund(d))
                    .is_some()
                    && r.balance_due.is_zero();
                (
                    if barred { Decimal::ZERO } else { r.refund },
                    r.balance_due,
                    barred,
                )
            }
        };
        s.refund += refund;
        s.balance_due += balance_due;
        s.refund_barred |= barred;
        s.errors += r
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
    }
    s
}

/// `f` over `files` on every available core (`std::thread::scope`, the files in one chunk per
/// thread), results in file order. `init` makes each thread's own state (its year cache). On a
/// terminal, a progress line on standard error, updated in place.
pub fn par_map<I: Sync, T: Send, S>(
    files: &[I],
    init: impl Fn() -> S + Sync,
    f: impl Fn(&I, &mut S) -> T + Sync,
) -> Vec<T> {
    use std::io::IsTerminal as _;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let total = files.len();
    let progress = std::io::stderr().is_terminal() && total > 1;
    let done = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .clamp(1, total.max(1));
    let chunk = total.div_ceil(threads).max(1);
    let results: Vec<Vec<T>> = std::thread::scope(|scope| {
        let workers: Vec<_> = files
            .chunks(chunk)
            .map(|part| {
                let (init, f, done) = (&init, &f, &done);
                scope.spawn(move || {
                    let mut state = init();
                    part.iter()
                        .map(|file| {
                            let r = f(file, &mut state);
                            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                            if progress && (n % 25 == 0 || n == total) {
                                eprint!("\r{n}/{total} drafts");
                            }
                            r
                        })
                        .collect()
                })
            })
            .collect();
        workers
            .into_iter()
            // A worker that panicked panics here too: never a summary with drafts missing.
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    if progress {
        eprint!(
            "\r{:width$}\r",
            "",
            width = 24 + 2 * total.to_string().len()
        );
    }
    results.into_iter().flatten().collect()
}

/// The worst exit code of a batch: 2 when a draft is unreadable, 1 when a return has errors.
pub fn batch_exit(rows: &[Summary]) -> ExitCode {
    let worst = rows
        .iter()
        .map(|r| match r.status() {
            "unreadable" => 2u8,
            "errors" => 1,
            _ => 0,
        })
        .max()
        .unwrap_or(0);
    ExitCode::from(worst)
}

/// Said (exit 2) when the paths given hold no draft at all.
pub const NO_DRAFTS: &str = "no drafts to read: name draft files or folders holding .ron files";
