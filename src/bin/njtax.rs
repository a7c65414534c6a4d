//! `njtax`: the headless command line over the NJ-1040 engine, for clinics, reviewers and tests.
//!
//! Exit codes: 0 success (for `validate`: no errors), 1 the return has errors (`validate`, `batch`)
//! or the drafts' computed lines differ (`diff`), 2 a draft cannot be read or parsed, or the year
//! is unsupported, or an encrypted folder's passphrase is wrong or missing (nothing is written).
//!
//! Drafts in an encrypted folder (`njtax encrypt DIR`) are read and written like any other: the
//! folders a command touches are unlocked first, once each, with the passphrase from the file named
//! by `NJTAX_PASSPHRASE_FILE` or typed on the terminal (never an argument).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use njtax_engine::answers::{ClinicStatus, FiledHow, NoteAbout};
use njtax_engine::compare::{CompareError, compare};
use njtax_engine::compute::compute_set;
use njtax_engine::money::fmt_money;
use njtax_engine::{ComputedReturn, Draft, ParamBook, Severity};
use njtax_ui::files::{self, WriteError};
use serde_json::{Value, json};

use njtax::cli::batch::{NO_DRAFTS, YearCache, batch_exit, collect, par_map, summarize};
use njtax::cli::csv::{batch_csv_text, export_csv};
use njtax::cli::json::{comparison_json, export_json, set_json};
use njtax::cli::text::{
    render_comparison, render_coverage, render_diagnostic, render_explanation,
    render_plan_and_late, render_set_text, truncate, truncate_left,
};
use njtax::cli::{
    Unreadable, explanation_of_changes, filer_name, load_and_compute, load_and_compute_values,
    load_answers_and_compute, load_draft, return_title,
};

/// New Jersey Gross Income Tax (NJ-1040) from a draft file.
#[derive(Parser, Debug)]
#[command(name = "njtax", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Compute every line of the return and print it.
    Compute {
        /// Draft file (RON).
        draft: PathBuf,
        /// Print JSON: form, tax_year, lines by official id, refund, balance_due, diagnostics; a
        /// draft that produces several returns (part-year residents, nonresidents, spouses of
        /// different residency) prints `returns`, a list of those objects, with `statement`.
        #[arg(long)]
        json: bool,
    },
    /// Explain one line: the rule with its numbers, the inputs, the law figures and the citation.
    Explain {
        /// Draft file (RON).
        draft: PathBuf,
        /// Official line id for the draft's year (for example 15, 28c, 43; 15B on the NJ-1040NR).
        line: String,
        /// Which return, when the draft produces several: NJ-1040 or NJ-1040NR.
        #[arg(long)]
        form: Option<String>,
        /// Which filer, when spouses file separately: taxpayer or spouse.
        #[arg(long)]
        filer: Option<String>,
    },
    /// Compare two drafts: every line of every return whose value changed (old, new, the
    /// difference) and why, through the lines' explanations; the answers changed, the items
    /// added and removed, the diagnostics that appeared or went away, the law figures that
    /// changed, the amended-return answers and result that changed. Exit 0 when no computed
    /// line and no amended result differs, 1 when some do, 2 when a draft cannot be read.
    Diff {
        /// The old draft (RON).
        old: PathBuf,
        /// The new draft (RON): a corrected copy, or next year's.
        new: PathBuf,
        /// Print JSON: `old_year`, `new_year`, `returns` (each with `lines` and their `causes`),
        /// `answers_changed`, `items_added`, `items_removed`, `law_figures_changed`,
        /// `amendment_changed`, `amended_result_changed`.
        #[arg(long)]
        json: bool,
    },
    /// Write the amended return's draft of a filed return: the same answers to correct, with the
    /// figures as filed kept as column A and the original answers kept for the explanation of
    /// changes. Then correct the answers, give the reasons, the dates and the tax paid with the
    /// original (in the app's Amended return screen, or in the draft), and `compute` or `print`.
    Amend {
        /// The draft the return was filed from (RON).
        draft: PathBuf,
        /// Where to write the amended draft.
        #[arg(long)]
        out: PathBuf,
        /// Overwrite `--out` when it exists.
        #[arg(long)]
        force: bool,
    },
    /// Check a draft: exit 0 when clean, 1 when the return has errors, 2 when it cannot be read.
    Validate {
        /// Draft file (RON).
        draft: PathBuf,
    },
    /// Write next year's draft: the same household, no income or payments, this year's line 69
    /// credit forward and the business credits still carried over.
    Rollover {
        /// This year's draft file (RON).
        draft: PathBuf,
        /// Where to write next year's draft.
        #[arg(long)]
        out: PathBuf,
        /// Overwrite `--out` when it exists.
        #[arg(long)]
        force: bool,
    },
    /// Estimate the credit for employers of employees with impairments before the Labor
    /// certificate (P.L.2019, c.32, s.6 d), one line per employee entered.
    EstimateImpaired {
        /// Draft file (RON).
        draft: PathBuf,
    },
    /// Print next year's estimated tax plan (NJ-1040-ES: whether a declaration is required, the
    /// four installments with their due dates and the credit forward applied) and, when the draft
    /// says the return is filed or paid late, the estimate of the penalties and interest.
    Plan {
        /// Draft file (RON).
        draft: PathBuf,
    },
    /// Print what this version covers of the Gross Income Tax Act (Title 54A): every section that
    /// bears on an individual's return, with its status (computed, entered by you, not taxed and
    /// not asked, not covered), where the app has it, and what to do for what it does not cover.
    Coverage {
        /// Print only the sections not covered.
        #[arg(long)]
        not_covered: bool,
    },
    /// A clinic folder's roster: one row per draft directly in DIR (client name, SSN last 4,
    /// year, forms, refund or balance due, problems to fix, open review notes, status, preparer,
    /// reviewer, last change), filtered, searched and sorted. Exit 0; 2 when DIR holds no draft.
    Clinic {
        /// The clinic folder.
        dir: PathBuf,
        /// Only drafts with this status (intake, in-progress, ready, changes, approved, filed).
        #[arg(long)]
        status: Option<String>,
        /// Only drafts of this tax year.
        #[arg(long)]
        year: Option<u16>,
        /// Only drafts with problems to fix (or that cannot be read).
        #[arg(long)]
        errors: bool,
        /// Part of a name, or an SSN's last four digits.
        #[arg(long, default_value = "")]
        search: String,
        /// Sort by name (default), year, status, refund, changed (newest first) or file.
        #[arg(long, default_value = "name")]
        sort: String,
        /// Print JSON: one object per draft.
        #[arg(long)]
        json: bool,
    },
    /// A draft's clinic status: without options, print the record (status, sign-offs, history,
    /// notes); with `--set`, move it to a status signed `--as` a volunteer (approving needs a
    /// return with nothing to fix); with `--filed DATE --how online|mailed`, mark an approved
    /// return filed. The draft is changed in place, safely beside other writers (the previous
    /// version kept as .bak1). Exit 0; 1 when the change is refused; 2 when unreadable.
    Status {
        /// Draft file (RON).
        draft: PathBuf,
        /// The new status: intake, in-progress, ready, changes, approved.
        #[arg(long, requires = "by", conflicts_with = "filed")]
        set: Option<String>,
        /// Mark it filed on this day (YYYY-MM-DD).
        #[arg(long, requires_all = ["by", "how"])]
        filed: Option<String>,
        /// How it was filed: online or mailed.
        #[arg(long)]
        how: Option<String>,
        /// The volunteer's name.
        #[arg(long = "as", value_name = "NAME")]
        by: Option<String>,
        /// Why (kept in the history).
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Add a review note to a draft (on the return, an answer by path, or a line by key), or
    /// resolve one by number, signed `--as` a volunteer; changed in place, safely beside other
    /// writers. Exit 0; 1 when refused; 2 when unreadable.
    Note {
        /// Draft file (RON).
        draft: PathBuf,
        /// The note to add.
        #[arg(long, conflicts_with = "resolve")]
        add: Option<String>,
        /// The answer it is about (`income.w2s[0].state_wages`).
        #[arg(long, requires = "add", conflicts_with = "line")]
        on: Option<String>,
        /// The line it is about, by key (`tax`, `pensions`).
        #[arg(long, requires = "add")]
        line: Option<String>,
        /// Resolve note N.
        #[arg(long)]
        resolve: Option<u32>,
        /// What was done (with --resolve).
        #[arg(long, default_value = "", requires = "resolve")]
        reply: String,
        /// The volunteer's name.
        #[arg(long = "as", value_name = "NAME")]
        by: String,
    },
    /// Compute many drafts (files or folders of .ron files) and print one summary line each, or
    /// with `-o` write one CSV row each.
    Batch {
        /// Draft files or folders.
        paths: Vec<PathBuf>,
        /// Print JSON lines instead of a table.
        #[arg(long, conflicts_with = "out")]
        json: bool,
        /// Write the summary as CSV to this file (one row per draft, header first).
        #[arg(short = 'o', long)]
        out: Option<PathBuf>,
        /// Overwrite `-o` when it exists.
        #[arg(long, requires = "out")]
        force: bool,
    },
    /// Export every return's computed lines and diagnostics as JSON or CSV.
    Export {
        /// Draft file (RON).
        draft: PathBuf,
        /// Output format.
        #[arg(long, value_enum)]
        format: ExportFormat,
        /// Write to this file instead of standard output.
        #[arg(short = 'o', long)]
        out: Option<PathBuf>,
        /// Overwrite `-o` when it exists.
        #[arg(long, requires = "out")]
        force: bool,
    },
    /// Print the return as PDF: laid out like the year's NJ-1040 (names, SSNs, address, filing
    /// status, every line), then every schedule and worksheet used, each line's explanation and
    /// the hand-off sheet. A return with errors is marked "DRAFT - not for filing" on every page.
    Pdf {
        /// Draft file (RON).
        draft: PathBuf,
        /// Where to write the PDF.
        #[arg(short = 'o', long)]
        out: PathBuf,
        /// Overwrite `-o` when it exists.
        #[arg(long)]
        force: bool,
        /// Show only the last four digits of each SSN (a reviewer's copy).
        #[arg(long)]
        mask_ssns: bool,
    },
    /// Encrypt a folder's drafts at rest: make its key file (protected by a passphrase typed twice
    /// on the terminal, or read from the file named by NJTAX_PASSPHRASE_FILE) and encrypt every
    /// draft and backup in it, each file replaced atomically. From then on every njtax command and
    /// the app ask for the passphrase once before reading or saving a draft there. A forgotten
    /// passphrase cannot be recovered: the drafts are then lost. Exit 0; 1 when some file could
    /// not be converted (named; it is as it was); 2 when the folder cannot be encrypted.
    Encrypt {
        /// The folder.
        dir: PathBuf,
    },
    /// Decrypt a folder encrypted with `njtax encrypt`: every draft and backup written back as
    /// plain text, each file replaced atomically, then the key file removed. Exit 0; 1 when some
    /// file could not be converted (the key file then stays); 2 when the passphrase is wrong
    /// (nothing changed).
    Decrypt {
        /// The folder.
        dir: PathBuf,
    },
    /// Print the hand-off sheet: the figures to type into New Jersey's online filing service, in
    /// the order it asks for them, starting with last year's NJ gross income (line 29).
    Handoff {
        /// Draft file (RON).
        draft: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: HandoffFormat,
        /// Write to this file instead of standard output.
        #[arg(short = 'o', long)]
        out: Option<PathBuf>,
        /// Overwrite `-o` when it exists.
        #[arg(long, requires = "out")]
        force: bool,
        /// Show only the last four digits of each SSN.
        #[arg(long)]
        mask_ssns: bool,
    },
}

/// `njtax handoff --format`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum HandoffFormat {
    /// Numbered steps, one figure a line.
    Text,
    /// One row per figure: step, label, value, source, check.
    Csv,
    /// The sheet as one object: title, service, form, notes, steps with entries.
    Json,
}

/// `njtax export --format`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum ExportFormat {
    /// One object: `tax_year`, `lines` (a list) and `diagnostics` (a list).
    Json,
    /// One table with a header row: a row per line, then a row per diagnostic.
    Csv,
}

/// Write to standard output. A reader that has gone away (`njtax batch examples/ | head`) ends
/// the program quietly instead of panicking; any other write failure is reported.
macro_rules! out_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($arg)*) {
            output_failed(&e);
        }
    }};
}

/// [`out_raw!`] with a newline.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            output_failed(&e);
        }
    }};
}

/// Standard output cannot be written: quietly when the reader closed the pipe, else with a message.
fn output_failed(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("njtax: cannot write the output: {e}");
    std::process::exit(2);
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let book = match ParamBook::load() {
        Ok(book) => book,
        Err(e) => {
            eprintln!("njtax: internal error in embedded law figures: {e}");
            return ExitCode::from(2);
        }
    };
    // Every encrypted folder the command reads or writes is unlocked first: a wrong passphrase
    // stops it before anything is written.
    if let Err(msg) = njtax::cli::passphrase::unlock_all(&cli.command.folders()) {
        eprintln!("njtax: {msg}");
        return ExitCode::from(2);
    }
    match run(cli.command, &book) {
        Ok(code) => code,
        Err(Unreadable(msg)) => {
            eprintln!("njtax: {msg}");
            ExitCode::from(2)
        }
    }
}

impl Command {
    /// The folders whose drafts the command reads or writes (each draft's folder, a folder
    /// given, and the folder of a draft written with `--out`).
    fn folders(&self) -> Vec<PathBuf> {
        use njtax::cli::passphrase::folder_of;
        let paths: Vec<&PathBuf> = match self {
            Self::Compute { draft, .. }
            | Self::Explain { draft, .. }
            | Self::Validate { draft }
            | Self::EstimateImpaired { draft }
            | Self::Plan { draft }
            | Self::Status { draft, .. }
            | Self::Note { draft, .. }
            | Self::Export { draft, .. }
            | Self::Pdf { draft, .. }
            | Self::Handoff { draft, .. } => vec![draft],
            Self::Diff { old, new, .. } => vec![old, new],
            Self::Amend { draft, out, .. } | Self::Rollover { draft, out, .. } => vec![draft, out],
            Self::Clinic { dir, .. } => vec![dir],
            Self::Batch { paths, .. } => paths.iter().collect(),
            Self::Coverage { .. } | Self::Encrypt { .. } | Self::Decrypt { .. } => Vec::new(),
        };
        paths.into_iter().map(|p| folder_of(p)).collect()
    }
}

/// `njtax encrypt DIR` (`encrypt`) or `njtax decrypt DIR`: convert the folder's drafts and
/// backups, naming any file that could not be converted.
fn convert_folder(dir: &Path, encrypt: bool) -> ExitCode {
    use njtax::cli::passphrase;
    use njtax_ui::crypt;
    if !dir.is_dir() {
        eprintln!("njtax: {} is not a folder", dir.display());
        return ExitCode::from(2);
    }
    let already = crypt::is_encrypted_folder(dir);
    let passphrase = if encrypt && !already {
        passphrase::new_for(dir)
    } else {
        passphrase::for_unlocking(dir)
    };
    let passphrase = match passphrase {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("njtax: {msg}");
            return ExitCode::from(2);
        }
    };
    let result = if encrypt {
        njtax_ui::crypt_folder::encrypt_folder(dir, &passphrase)
    } else {
        njtax_ui::crypt_folder::decrypt_folder(dir, &passphrase)
    };
    let done = match result {
        Ok(done) => done,
        Err(e) => {
            eprintln!("njtax: {e}");
            return ExitCode::from(2);
        }
    };
    let verb = if encrypt { "encrypted" } else { "decrypted" };
    out!(
        "{}: {} file{} {verb}, {} already {verb}",
        dir.display(),
        done.done.len(),
        if done.done.len() == 1 { "" } else { "s" },
        done.already.len()
    );
    for (file, why) in &done.failed {
        eprintln!("njtax: {}: not {verb}: {why}", file.display());
    }
    if !encrypt && done.failed.is_empty() {
        out!("{}: the folder is no longer encrypted", dir.display());
    } else if !encrypt {
        out!(
            "{}: the key file stays until every file is decrypted",
            dir.display()
        );
    }
    if done.failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn run(command: Command, book: &ParamBook) -> Result<ExitCode, Unreadable> {
    match command {
        Command::Compute { draft, json } => {
            // Explained: the text and JSON show the next-year plan's reason.
            let (answers, set) = load_answers_and_compute(&draft, book)?;
            let changes = answers
                .amends
                .as_ref()
                .and_then(|_| book.supported(answers.tax_year).ok())
                .map(|p| njtax_engine::amend::explanation_of_changes(&answers, &set, &p));
            if json {
                let mut v = set_json(&set);
                if let (Some(text), Some(obj)) = (&changes, v.as_object_mut()) {
                    obj.insert(
                        "explanation_of_changes".to_owned(),
                        serde_json::Value::String(text.clone()),
                    );
                }
                out!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
            } else {
                // A return without a filing date is taken as filed today, as the app and the
                // printout take it: a refund barred by today is said to be barred.
                let today = answers
                    .filing
                    .filed_on
                    .is_none()
                    .then(njtax_ui::words::today_local)
                    .flatten();
                out_raw!("{}", render_set_text(&set, today));
                if let Some(text) = changes {
                    out!("\nExplanation of changes: {text}");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Amend { draft, out, force } => amend(&draft, &out, force, book),
        Command::Clinic {
            dir,
            status,
            year,
            errors,
            search,
            sort,
            json,
        } => {
            let status = match status.as_deref().map(|s| (s, ClinicStatus::parse(s))) {
                None => None,
                Some((_, Some(s))) => Some(s),
                Some((s, None)) => {
                    return Err(Unreadable(format!(
                        "no status \"{s}\": use intake, in-progress, ready, changes, approved or filed"
                    )));
                }
            };
            let all = njtax::cli::clinic::roster(&dir, book);
            if all.is_empty() {
                return Err(Unreadable(format!("{}: {NO_DRAFTS}", dir.display())));
            }
            let Some(sort) = njtax::cli::clinic::SortBy::parse(&sort) else {
                return Err(Unreadable(format!(
                    "no column \"{sort}\" to sort by: use name, year, status, refund, changed or file"
                )));
            };
            let filter = njtax::cli::clinic::Filter {
                status,
                year,
                errors,
                search,
                sort,
                reverse: false,
            };
            let shown = njtax::cli::clinic::filtered(all, &filter);
            if json {
                out!(
                    "{}",
                    serde_json::to_string_pretty(&shown).unwrap_or_default()
                );
            } else {
                out_raw!(
                    "{}",
                    njtax::cli::clinic::render_roster(&shown, njtax_ui::words::today_local())
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Status {
            draft,
            set,
            filed,
            how,
            by,
            note,
        } => clinic_status(&draft, set, filed, how, by, &note, book),
        Command::Note {
            draft,
            add,
            on,
            line,
            resolve,
            reply,
            by,
        } => clinic_note(&draft, add, on, line, resolve, &reply, &by),
        Command::Explain {
            draft,
            line,
            form,
            filer,
        } => {
            let set = load_and_compute(&draft, book)?;
            let chosen: Vec<&ComputedReturn> = set
                .returns
                .iter()
                .filter(|r| form.as_ref().is_none_or(|f| r.form.eq_ignore_ascii_case(f)))
                .filter(|r| {
                    filer
                        .as_ref()
                        .is_none_or(|f| filer_name(r).eq_ignore_ascii_case(f))
                })
                .collect();
            let Some(ret) = chosen
                .iter()
                .find(|r| r.line(&line).is_some())
                .or(chosen.first())
                .copied()
            else {
                let have: Vec<String> = set.returns.iter().map(return_title).collect();
                return Err(Unreadable(format!(
                    "no return matches; this draft produces: {}",
                    have.join("; ")
                )));
            };
            let Some(l) = ret.line(&line) else {
                let ids: Vec<&str> = ret.lines.iter().map(|l| &*l.id).collect();
                return Err(Unreadable(format!(
                    "the {} {} has no line \"{line}\"; its lines are: {}",
                    ret.tax_year,
                    ret.form,
                    ids.join(", ")
                )));
            };
            out_raw!("{}", render_explanation(ret, l));
            Ok(ExitCode::SUCCESS)
        }
        Command::Diff { old, new, json } => diff(&old, &new, json, book),
        Command::Validate { draft } => {
            let set = load_and_compute_values(&draft, book)?;
            let several = set.returns.len() > 1;
            let (mut errors, mut warnings) = (0usize, 0usize);
            for ret in &set.returns {
                for d in &ret.diagnostics {
                    match d.severity {
                        Severity::Error => errors += 1,
                        Severity::Warning => warnings += 1,
                        Severity::Info => {}
                    }
                    if several {
                        out!("{}: {}", return_title(ret), render_diagnostic(d));
                    } else {
                        out!("{}", render_diagnostic(d));
                    }
                }
            }
            out!(
                "{}: {errors} error(s), {warnings} warning(s)",
                draft.display()
            );
            Ok(if errors > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Batch {
            paths,
            json,
            out,
            force,
        } => match out {
            Some(out) => batch_csv(&paths, &out, force, book),
            None => Ok(batch(&paths, book, json)),
        },
        Command::Export {
            draft,
            format,
            out,
            force,
        } => {
            let set = load_and_compute_values(&draft, book)?;
            let text = match format {
                ExportFormat::Json => {
                    let mut t =
                        serde_json::to_string_pretty(&export_json(&set)).unwrap_or_default();
                    t.push('\n');
                    t
                }
                ExportFormat::Csv => export_csv(&set),
            };
            match out {
                Some(out) => write_output(&out, &[draft], force, text.as_bytes())?,
                None => out_raw!("{text}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Pdf {
            draft,
            out,
            force,
            mask_ssns,
        } => {
            let (answers, set) = load_answers_and_compute(&draft, book)?;
            let changes = explanation_of_changes(&draft, &answers, &set, book)?;
            // A return without a filing date is printed as filed today, as the app prints it: a
            // refund the law bars by today is printed as barred (54A:9-8 a, d).
            let opts = njtax_print::PrintOptions {
                mask_ssns,
                filing_day: njtax_ui::words::today_local(),
            };
            let pdf = njtax_print::return_pdf(&answers, &set, &changes, &opts)
                .map_err(|e| Unreadable(format!("{}: {e}", draft.display())))?;
            write_output(&out, std::slice::from_ref(&draft), force, &pdf)?;
            let folder = njtax::cli::passphrase::folder_of(&draft);
            if !mask_ssns && njtax_ui::crypt::is_encrypted_folder(&folder) {
                eprintln!(
                    "{}: the PDF is not encrypted and shows the client's full SSN: keep it safe, delete it when done, or print with --mask-ssns",
                    out.display()
                );
            }
            if set.returns.iter().any(|r| r.has_errors()) {
                eprintln!(
                    "{}: the return has errors, so every page is marked \"{}\" (see `njtax validate`)",
                    draft.display(),
                    njtax_print::DRAFT_MARK
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Handoff {
            draft,
            format,
            out,
            force,
            mask_ssns,
        } => {
            let (answers, set) = load_answers_and_compute(&draft, book)?;
            let sheet =
                njtax_print::handoff_on(&answers, &set, mask_ssns, njtax_ui::words::today_local())
                    .map_err(|e| Unreadable(format!("{}: {e}", draft.display())))?;
            let text = match format {
                HandoffFormat::Text => sheet.to_text(),
                HandoffFormat::Csv => sheet.to_csv(),
                HandoffFormat::Json => {
                    let mut t = serde_json::to_string_pretty(&sheet).unwrap_or_default();
                    t.push('\n');
                    t
                }
            };
            match out {
                Some(out) => write_output(&out, &[draft], force, text.as_bytes())?,
                None => out_raw!("{text}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Coverage { not_covered } => {
            out_raw!("{}", render_coverage(book, not_covered)?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Encrypt { dir } => Ok(convert_folder(&dir, true)),
        Command::Decrypt { dir } => Ok(convert_folder(&dir, false)),
        Command::Rollover { draft, out, force } => rollover(&draft, &out, force, book),
        Command::EstimateImpaired { draft } => estimate_impaired(&draft, book),
        Command::Plan { draft } => {
            let set = load_and_compute(&draft, book)?;
            let several = set.returns.len() > 1;
            for r in &set.returns {
                if r.next_year.is_none() && r.late.is_none() {
                    continue;
                }
                if several {
                    out!("===== {} =====", return_title(r));
                }
                out_raw!("{}", render_plan_and_late(r));
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Write a command's output: refused when it is the same file as one of the command's inputs
/// (a draft, by any name or link), whatever `--force` says; refused when it exists unless `force`.
/// Written by the app's writer: atomically (a failure leaves the old file, or no file, never part
/// of one) and private (0600 on Unix), since every output holds names, SSNs or amounts.
fn write_output(
    out: &Path,
    inputs: &[PathBuf],
    force: bool,
    bytes: &[u8],
) -> Result<(), Unreadable> {
    refuse_input_as_output(out, inputs)?;
    let written = if force {
        files::write_private_bytes(out, bytes)
    } else {
        files::write_new_private_bytes(out, bytes)
    };
    written.map_err(|e| match e {
        WriteError::Exists { .. } => Unreadable(format!(
            "{} exists; pass --force to overwrite it",
            out.display()
        )),
        e => Unreadable(format!("cannot write {}: {e}", out.display())),
    })
}

/// Refuse an output that is one of the inputs (the same file by another name, a symbolic or a
/// hard link): writing it would replace the draft being read.
fn refuse_input_as_output(out: &Path, inputs: &[PathBuf]) -> Result<(), Unreadable> {
    match inputs
        .iter()
        .find(|input| same_file::is_same_file(out, input).unwrap_or(false))
    {
        Some(input) => Err(Unreadable(format!(
            "{} is the draft {} itself; write the output to another file (--force never overwrites an input)",
            out.display(),
            input.display()
        ))),
        None => Ok(()),
    }
}

/// `njtax rollover`: compute this year's returns and write next year's draft.
fn rollover(
    draft: &Path,
    out: &Path,
    force: bool,
    book: &ParamBook,
) -> Result<ExitCode, Unreadable> {
    let (d, set) = load_to_derive(draft, out, force, book)?;
    let next = njtax_engine::rollover::next_year(&d.answers, &set);
    write_draft(draft, out, force, &next)?;
    out!(
        "Wrote {} for tax year {}: {} credited from {} (line 69), {} business credit carryover(s).",
        out.display(),
        next.tax_year,
        fmt_money(next.payments.prior_year_overpayment),
        d.answers.tax_year,
        next.business_credits.carryovers.len()
    );
    for c in &next.business_credits.carryovers {
        out!(
            "  {} from {} ({}): {}",
            c.credit.label(),
            c.origin_year,
            c.owner.label(),
            fmt_money(c.remaining)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Read `draft` and compute its returns, to write a draft derived from it to `out` (never the
/// draft itself; an existing `out` only with `force`).
fn load_to_derive(
    draft: &Path,
    out: &Path,
    force: bool,
    book: &ParamBook,
) -> Result<(Draft, njtax_engine::compute::ReturnSet), Unreadable> {
    refuse_input_as_output(out, &[draft.to_path_buf()])?;
    if !force && std::fs::symlink_metadata(out).is_ok() {
        return Err(Unreadable(format!(
            "{} exists; pass --force to overwrite it",
            out.display()
        )));
    }
    let d = load_draft(draft)?;
    let set = compute_set(&d.answers, book)
        .map_err(|e| Unreadable(format!("{}: {e}", draft.display())))?;
    Ok((d, set))
}

/// Write `answers` as a current-format draft to `out` (derived from `draft`).
fn write_draft(
    draft: &Path,
    out: &Path,
    force: bool,
    answers: &njtax_engine::Answers,
) -> Result<(), Unreadable> {
    // Refused, before anything is written, when too large to be opened again.
    let text = files::draft_text(&Draft {
        format_version: njtax_engine::FORMAT_VERSION,
        answers: answers.clone(),
    })
    .map_err(|e| Unreadable(format!("did not write {}: {e}", out.display())))?;
    write_output(out, &[draft.to_path_buf()], force, text.as_bytes())
}

/// How long a command waits for another writer of the draft (a save, another command).
const UPDATE_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A change of a draft in place refused (exit 1) or impossible (exit 2).
fn update_failed(e: njtax_ui::sharing::UpdateError) -> Result<ExitCode, Unreadable> {
    match e {
        njtax_ui::sharing::UpdateError::Refused(why) => {
            eprintln!("njtax: {why}");
            Ok(ExitCode::from(1))
        }
        e => Err(Unreadable(e.to_string())),
    }
}

/// `njtax status`: print a draft's clinic record, or change its status in place.
fn clinic_status(
    draft: &Path,
    set: Option<String>,
    filed: Option<String>,
    how: Option<String>,
    by: Option<String>,
    note: &str,
    book: &ParamBook,
) -> Result<ExitCode, Unreadable> {
    let Some(by) = by.filter(|_| set.is_some() || filed.is_some()) else {
        let d = load_draft(draft)?;
        out_raw!(
            "{}",
            njtax::cli::clinic::render_record(d.answers.clinic.as_ref())
        );
        return Ok(ExitCode::SUCCESS);
    };
    let at = njtax_ui::sharing::now_stamp();
    let signer = njtax_ui::review::signer(&by);
    let result = njtax_ui::sharing::update_draft(draft, &by, UPDATE_WAIT, |d| {
        let set_now = compute_set(&d.answers, book).map_err(|e| e.to_string())?;
        if let Some(day) = &filed {
            let on: njtax_engine::calendar::Date = day
                .parse()
                .map_err(|_| format!("\"{day}\" is not a date like 2027-02-01"))?;
            let how = match how.as_deref().map(str::to_ascii_lowercase).as_deref() {
                Some("online") => FiledHow::Online,
                Some("mailed" | "mail") => FiledHow::Mailed,
                other => {
                    return Err(format!(
                        "--how must be online or mailed, not {}",
                        other.unwrap_or("nothing")
                    ));
                }
            };
            njtax_engine::clinic::mark_filed(&mut d.answers, &set_now, on, how, &signer, &at)
                .map_err(|e| e.to_string())?;
            return Ok(format!("filed {on}"));
        }
        let words = set.clone().unwrap_or_default();
        let status = ClinicStatus::parse(&words).ok_or_else(|| {
            format!("no status \"{words}\": use intake, in-progress, ready, changes or approved")
        })?;
        njtax_engine::clinic::set_status(&mut d.answers, &set_now, status, &signer, &at, note)
            .map_err(|e| e.to_string())?;
        Ok(status.words().to_owned())
    });
    match result {
        Ok(words) => {
            out!("{}: {words}, by {by} at {at}", draft.display());
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => update_failed(e),
    }
}

/// `njtax note`: add a review note to a draft, or resolve one, in place.
fn clinic_note(
    draft: &Path,
    add: Option<String>,
    on: Option<String>,
    line: Option<String>,
    resolve: Option<u32>,
    reply: &str,
    by: &str,
) -> Result<ExitCode, Unreadable> {
    let at = njtax_ui::sharing::now_stamp();
    let signer = njtax_ui::review::signer(by);
    let result = njtax_ui::sharing::update_draft(draft, by, UPDATE_WAIT, |d| {
        if let Some(id) = resolve {
            njtax_engine::clinic::resolve_note(&mut d.answers, id, &signer, &at, reply)
                .map_err(|e| e.to_string())?;
            return Ok(format!("note {id} resolved"));
        }
        let Some(text) = &add else {
            return Err("say --add TEXT or --resolve N".to_owned());
        };
        let about = match (&on, &line) {
            (Some(path), _) => NoteAbout::Answer(path.clone()),
            (None, Some(key)) => {
                let k: njtax_engine::Key = key.parse().map_err(|_| {
                    format!("no line key \"{key}\" (keys are like tax, wages, pensions)")
                })?;
                NoteAbout::Line(k.to_string())
            }
            (None, None) => NoteAbout::Return,
        };
        let id = njtax_engine::clinic::add_note(&mut d.answers, about, text, &signer, &at)
            .map_err(|e| e.to_string())?;
        Ok(format!("note {id} added"))
    });
    match result {
        Ok(words) => {
            out!("{}: {words}", draft.display());
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => update_failed(e),
    }
}

/// `njtax amend`: write the amended draft of the return filed from `draft`.
fn amend(draft: &Path, out: &Path, force: bool, book: &ParamBook) -> Result<ExitCode, Unreadable> {
    let (d, set) = load_to_derive(draft, out, force, book)?;
    let amended = njtax_engine::amend::start_amendment(&d.answers, &set);
    write_draft(draft, out, force, &amended)?;
    let forms: Vec<&str> = set.returns.iter().map(|r| r.form.as_str()).collect();
    out!(
        "Wrote {}: the amended {} return, with the figures of the {} as filed kept as column A. Correct its answers, then give the reasons, the dates and the tax paid with the original (the Amended return screen, or `amends` in the draft).",
        out.display(),
        d.answers.tax_year,
        forms.join(" and ")
    );
    Ok(ExitCode::SUCCESS)
}

/// `njtax diff`: compare two drafts; 0 when no computed line differs, 1 when some do.
fn diff(old: &Path, new: &Path, json: bool, book: &ParamBook) -> Result<ExitCode, Unreadable> {
    let o = load_draft(old)?;
    let n = load_draft(new)?;
    let c = compare(&o.answers, &n.answers, book).map_err(|e| match e {
        CompareError::Old(e) => Unreadable(format!("{}: {e}", old.display())),
        CompareError::New(e) => Unreadable(format!("{}: {e}", new.display())),
        e @ CompareError::Answers(_) => Unreadable(e.to_string()),
    })?;
    if json {
        out!(
            "{}",
            serde_json::to_string_pretty(&comparison_json(&c)).unwrap_or_default()
        );
    } else {
        out_raw!("{}", render_comparison(&c));
    }
    Ok(if c.has_changed_outcome() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `njtax estimate-impaired`: the estimator for every employee entered.
fn estimate_impaired(draft: &Path, book: &ParamBook) -> Result<ExitCode, Unreadable> {
    let d = load_draft(draft)?;
    let year = d.answers.tax_year;
    let p = book
        .supported(year)
        .map_err(|e| Unreadable(format!("{}: {e}", draft.display())))?;
    let list = &d.answers.business_credits.impaired_employee_estimates;
    if list.is_empty() {
        out!(
            "{}: no employee with an impairment is entered for the estimate.",
            draft.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    out!(
        "{:<24} {:<9} {:<14} {:>14}  deadline",
        "employee",
        "employer",
        "case",
        "preliminary"
    );
    for e in list {
        let est = njtax_engine::rules::impaired_estimator::estimate(e, &p.business_credits, year);
        let case = match est.case {
            njtax_engine::rules::impaired_estimator::HoursCase::EqualHours => "d(1)(a) equal",
            njtax_engine::rules::impaired_estimator::HoursCase::MoreHours => "d(1)(b) more",
            njtax_engine::rules::impaired_estimator::HoursCase::FewerHours => "d(2) fewer",
        };
        out!(
            "{:<24} {:<9} {:<14} {:>14}  {}",
            truncate(&est.name, 24),
            e.owner.label(),
            case,
            fmt_money(est.preliminary),
            est.deadline
        );
        if !est.explanation.rule.is_empty() {
            out!("    {}", est.explanation.rule);
        }
        for n in &est.notes {
            out!("    note: {n}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn batch(paths: &[PathBuf], book: &ParamBook, json: bool) -> ExitCode {
    let found = collect(paths);
    if found.files.is_empty() {
        eprintln!("njtax: {NO_DRAFTS}");
        return ExitCode::from(2);
    }
    let files = &found.files;
    if json {
        let lines = par_map(
            files,
            || (),
            |f, ()| match found.why_not(f).map_or_else(
                || load_and_compute(f, book),
                |why| Err(Unreadable(why.to_owned())),
            ) {
                Ok(set) => {
                    let errors = set
                        .returns
                        .iter()
                        .flat_map(|r| &r.diagnostics)
                        .any(|d| d.severity == Severity::Error);
                    let mut v = set_json(&set);
                    if let Value::Object(m) = &mut v {
                        m.insert("draft".into(), Value::String(f.display().to_string()));
                    }
                    (u8::from(errors), v.to_string())
                }
                Err(Unreadable(msg)) => (
                    2,
                    json!({"draft": f.display().to_string(), "error": msg}).to_string(),
                ),
            },
        );
        for (_, l) in &lines {
            out!("{l}");
        }
        return ExitCode::from(lines.iter().map(|(c, _)| *c).max().unwrap_or(0));
    }
    out!(
        "{:<40} {:>5} {:>14} {:>14} {:>6}  status",
        "draft",
        "year",
        "refund",
        "balance due",
        "errors"
    );
    let rows = par_map(files, YearCache::new, |f, years| {
        summarize(f, found.why_not(f), book, years)
    });
    for r in &rows {
        let file = truncate_left(&r.file, 40);
        if let Some(msg) = &r.unreadable {
            out!("{file:<40} unreadable: {}: {msg}", r.file);
            continue;
        }
        out!(
            "{:<40} {:>5} {:>14} {:>14} {:>6}  {}{}{}",
            file,
            r.year.unwrap_or_default(),
            // A barred refund is never shown as one (54A:9-8 d): "barred", or the part the
            // time limits allow with the status saying the rest is barred.
            if r.refund_barred && r.refund.is_zero() {
                "barred".to_owned()
            } else {
                fmt_money(r.refund)
            },
            fmt_money(r.balance_due),
            r.errors,
            if r.errors > 0 {
                "needs attention"
            } else {
                "ok"
            },
            if r.forms.len() > 1 {
                format!(" ({})", r.forms.join(" + "))
            } else {
                String::new()
            },
            if r.refund_barred && !r.refund.is_zero() {
                " (the rest of the refund is barred)"
            } else {
                ""
            }
        );
    }
    batch_exit(&rows)
}

/// `njtax batch PATH... -o summary.csv`: one CSV row per draft, in the order of the files.
fn batch_csv(
    paths: &[PathBuf],
    out: &Path,
    force: bool,
    book: &ParamBook,
) -> Result<ExitCode, Unreadable> {
    if !force && std::fs::symlink_metadata(out).is_ok() {
        return Err(Unreadable(format!(
            "{} exists; pass --force to overwrite it",
            out.display()
        )));
    }
    let found = collect(paths);
    refuse_input_as_output(out, &found.files)?;
    if found.files.is_empty() {
        return Err(Unreadable(NO_DRAFTS.to_owned()));
    }
    let rows = par_map(&found.files, YearCache::new, |f, years| {
        summarize(f, found.why_not(f), book, years)
    });
    let csv = batch_csv_text(&rows);
    write_output(out, &found.files, force, csv.as_bytes())?;
    let count = |s: &str| rows.iter().filter(|r| r.status() == s).count();
    out!(
        "Wrote {}: {} draft(s), {} ok, {} with errors, {} unreadable.",
        out.display(),
        rows.len(),
        count("ok"),
        count("errors"),
        count("unreadable")
    );
    Ok(batch_exit(&rows))
}
