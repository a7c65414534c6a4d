//! `njtax`: the headless command line over the NJ-1040 engine, for clinics, reviewers and tests.
//!
//! Exit codes: 0 success (for `validate`: no errors), 1 the return has errors (`validate`, `batch`),
//! 2 a draft cannot be read or parsed, or the year is unsupported.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use njtax_engine::compute::{ReturnSet, compute_set};
use njtax_engine::money::fmt_money;
use njtax_engine::{ComputedReturn, Draft, Key, ParamBook, Severity};
use njtax_ui::files::{self, ReadError, WriteError, read_draft};
use rust_decimal::Decimal;
use serde_json::{Map, Value, json};

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

/// Why a draft could not be turned into a return; always exits 2.
struct Unreadable(String);

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
    match run(cli.command, &book) {
        Ok(code) => code,
        Err(Unreadable(msg)) => {
            eprintln!("njtax: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command, book: &ParamBook) -> Result<ExitCode, Unreadable> {
    match command {
        Command::Compute { draft, json } => {
            let set = load_and_compute(&draft, book)?;
            if json {
                out!(
                    "{}",
                    serde_json::to_string_pretty(&set_json(&set)).unwrap_or_default()
                );
            } else {
                out_raw!("{}", render_set_text(&set));
            }
            Ok(ExitCode::SUCCESS)
        }
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
        Command::Validate { draft } => {
            let set = load_and_compute(&draft, book)?;
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
            let set = load_and_compute(&draft, book)?;
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
            let opts = njtax_print::PrintOptions { mask_ssns };
            let pdf = njtax_print::return_pdf(&answers, &set, &opts)
                .map_err(|e| Unreadable(format!("{}: {e}", draft.display())))?;
            write_output(&out, std::slice::from_ref(&draft), force, &pdf)?;
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
            let sheet = njtax_print::handoff(&answers, &set, mask_ssns)
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

use njtax_print::handoff::csv_field;

/// One CSV record with its CRLF line ending (RFC 4180).
fn csv_row<S: AsRef<str>>(fields: &[S]) -> String {
    let mut row = fields
        .iter()
        .map(|f| csv_field(f.as_ref()))
        .collect::<Vec<_>>()
        .join(",");
    row.push_str("\r\n");
    row
}

/// A line's value for an export: money with two decimals, the NJ-1040NR income percentage as the
/// exact ratio (as `compute --json` prints it).
fn export_value(l: &njtax_engine::Line) -> String {
    if l.is_ratio() {
        l.value.normalize().to_string()
    } else {
        format!("{:.2}", njtax_engine::money::round_cents(l.value))
    }
}

fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

/// `njtax export --format json`: every line and every diagnostic of every return, as lists.
fn export_json(set: &ReturnSet) -> Value {
    let mut lines = Vec::new();
    let mut diagnostics = Vec::new();
    for r in &set.returns {
        for l in &r.lines {
            lines.push(json!({
                "form": r.form,
                "filer": filer_name(r),
                "line": &*l.id,
                "key": l.key,
                "label": &*l.label,
                "value": export_value(l),
            }));
        }
        for d in &r.diagnostics {
            diagnostics.push(json!({
                "form": r.form,
                "filer": filer_name(r),
                "severity": severity_name(d.severity),
                "code": d.code,
                "message": d.message,
                "path": d.path,
            }));
        }
    }
    json!({ "tax_year": set.tax_year, "lines": lines, "diagnostics": diagnostics })
}

/// The header of `njtax export --format csv`.
const EXPORT_CSV_HEADER: [&str; 11] = [
    "record", "form", "filer", "line", "key", "label", "value", "severity", "code", "message",
    "path",
];

/// `njtax export --format csv`: a header, a `line` row per line, a `diagnostic` row per diagnostic.
fn export_csv(set: &ReturnSet) -> String {
    let mut out = csv_row(&EXPORT_CSV_HEADER);
    for r in &set.returns {
        for l in &r.lines {
            out.push_str(&csv_row(&[
                "line",
                &r.form,
                filer_name(r),
                &l.id,
                l.key.as_str(),
                &l.label,
                &export_value(l),
                "",
                "",
                "",
                "",
            ]));
        }
    }
    for r in &set.returns {
        for d in &r.diagnostics {
            out.push_str(&csv_row(&[
                "diagnostic",
                &r.form,
                filer_name(r),
                "",
                "",
                "",
                "",
                severity_name(d.severity),
                &d.code,
                &d.message,
                d.path.as_deref().unwrap_or(""),
            ]));
        }
    }
    out
}

/// `njtax rollover`: compute this year's returns and write next year's draft.
fn rollover(
    draft: &Path,
    out: &Path,
    force: bool,
    book: &ParamBook,
) -> Result<ExitCode, Unreadable> {
    let inputs = [draft.to_path_buf()];
    refuse_input_as_output(out, &inputs)?;
    if !force && std::fs::symlink_metadata(out).is_ok() {
        return Err(Unreadable(format!(
            "{} exists; pass --force to overwrite it",
            out.display()
        )));
    }
    let d = load_draft(draft)?;
    let set = compute_set(&d.answers, book)
        .map_err(|e| Unreadable(format!("{}: {e}", draft.display())))?;
    let next = njtax_engine::rollover::next_year(&d.answers, &set);
    let text = njtax_engine::draft::draft_to_string(&Draft {
        format_version: njtax_engine::FORMAT_VERSION,
        answers: next.clone(),
    })
    .map_err(|e| Unreadable(format!("cannot write the draft: {e}")))?;
    write_output(out, &inputs, force, text.as_bytes())?;
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
            "  {:?} from {} ({:?}): {}",
            c.credit,
            c.origin_year,
            c.owner,
            fmt_money(c.remaining)
        );
    }
    Ok(ExitCode::SUCCESS)
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
            format!("{:?}", e.owner).to_lowercase(),
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

/// The business credits schedule and carryover ledger of a return, as text.
fn render_business_credits(s: &njtax_engine::rules::business_credits::CreditSchedule) -> String {
    let mut out = String::from(
        "
Business credits schedule:
",
    );
    out.push_str(&format!(
        "  {:<52} {:>5} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12}\n",
        "credit", "line", "earned", "carried in", "applied", "refunded", "carried fwd", "lost"
    ));
    for r in &s.rows {
        out.push_str(&format!(
            "  {:<52} {:>5} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12}\n",
            truncate(&r.name, 52),
            r.line.as_deref().unwrap_or("-"),
            fmt_money(r.earned),
            fmt_money(r.carried_in),
            fmt_money(r.applied),
            fmt_money(r.refunded),
            fmt_money(r.carried_forward),
            fmt_money(r.lost)
        ));
        if let Some(limit) = r.limit {
            out.push_str(&format!("      limit: {}\n", fmt_money(limit)));
        }
        if r.line.is_none() {
            out.push_str(&format!("      claimed: {}\n", r.claimed_where));
        }
    }
    if !s.separate_nonrefundable.is_zero() || !s.separate_refundable.is_zero() {
        out.push_str(&format!(
            "  Credits without a form line: non-refundable {}, refundable {}; refund (+) or balance due (-) once they are allowed: {}\n",
            fmt_money(s.separate_nonrefundable),
            fmt_money(s.separate_refundable),
            fmt_money(s.net_after_separate_claims)
        ));
    }
    if !s.ledger.is_empty() {
        out.push_str("\nCarryover ledger:\n");
        out.push_str(&format!(
            "  {:<28} {:<9} {:>6} {:>12} {:>12} {:>12} {:>9} {:>12}\n",
            "credit", "owner", "from", "available", "used", "remaining", "last year", "expiring"
        ));
        for l in &s.ledger {
            out.push_str(&format!(
                "  {:<28} {:<9} {:>6} {:>12} {:>12} {:>12} {:>9} {:>12}\n",
                format!("{:?}", l.kind),
                format!("{:?}", l.owner).to_lowercase(),
                l.origin_year,
                fmt_money(l.available),
                fmt_money(l.used),
                fmt_money(l.remaining),
                l.last_year,
                fmt_money(l.expiring)
            ));
        }
    }
    for n in &s.notes {
        out.push_str(&format!("  note: {n}\n"));
    }
    out
}

/// Read a draft as the app does (`njtax_ui::files::read_draft`): the same plain messages, with
/// line and column for text that is damaged or not UTF-8, a byte-order mark skipped and a file
/// too large for a draft refused unread. The message names the path as given.
fn load_draft(path: &Path) -> Result<Draft, Unreadable> {
    read_draft(path).map_err(|e| Unreadable(format!("{}: {}", path.display(), unnamed(&e))))
}

/// The reader's message without the file name it starts with (the caller names the file as it
/// was given, or not at all in a batch row).
fn unnamed(e: &ReadError) -> String {
    let shown = e.to_string();
    let name = e
        .path()
        .file_name()
        .map_or_else(|| e.path().to_string_lossy(), |n| n.to_string_lossy())
        .into_owned();
    shown
        .strip_prefix(&format!("{name}: "))
        .map_or_else(|| shown.clone(), str::to_owned)
}

fn load_and_compute(path: &Path, book: &ParamBook) -> Result<ReturnSet, Unreadable> {
    let draft = load_draft(path)?;
    compute_set(&draft.answers, book).map_err(|e| Unreadable(format!("{}: {e}", path.display())))
}

/// The draft's answers and its computed returns (the printout needs both).
fn load_answers_and_compute(
    path: &Path,
    book: &ParamBook,
) -> Result<(njtax_engine::Answers, ReturnSet), Unreadable> {
    let draft = load_draft(path)?;
    let set = compute_set(&draft.answers, book)
        .map_err(|e| Unreadable(format!("{}: {e}", path.display())))?;
    Ok((draft.answers, set))
}

fn filer_name(r: &ComputedReturn) -> &'static str {
    match r.filer {
        njtax_engine::residency::Filer::Household => "household",
        njtax_engine::residency::Filer::Taxpayer => "taxpayer",
        njtax_engine::residency::Filer::Spouse => "spouse",
    }
}

/// "NJ-1040 part-year resident return (resident period), 2024-07-01 to 2024-12-31 (6 months)".
fn return_title(r: &ComputedReturn) -> String {
    let mut t = format!("{} {}", r.form, r.kind.describe());
    if r.filer != njtax_engine::residency::Filer::Household {
        t.push_str(&format!(" for the {}", filer_name(r)));
    }
    if let (Some(f), Some(to)) = (r.period_from, r.period_to) {
        t.push_str(&format!(", {f} to {to}"));
    }
    if r.months < 12 {
        t.push_str(&format!(" ({} months)", r.months));
    }
    t
}

/// One return's JSON, or for several the list with the statement and the election comparison.
fn set_json(set: &ReturnSet) -> Value {
    if let [only] = set.returns.as_slice() {
        let mut v = return_json(only);
        if let Value::Object(m) = &mut v {
            m.insert("statement".into(), json!(set.statement));
        }
        return v;
    }
    let returns: Vec<Value> = set.returns.iter().map(return_json).collect();
    json!({
        "tax_year": set.tax_year,
        "statement": set.statement,
        "returns": returns,
        "net_refund": dec(set.net_refund()),
        "comparison": set.comparison.as_ref().map(|c| json!({
            "separate_net": dec(c.separate_net),
            "joint_net": dec(c.joint_net),
            "elected": c.elected,
            "summary": c.summary,
        })),
    })
}

fn render_set_text(set: &ReturnSet) -> String {
    if let [only] = set.returns.as_slice() {
        let mut out = render_text(only);
        if only.kind != njtax_engine::residency::ReturnKind::Resident {
            out.push_str(&format!("\n{}\n", set.statement.join("\n")));
        }
        return out;
    }
    let mut out = format!(
        "This draft produces {} returns for tax year {}:\n",
        set.returns.len(),
        set.tax_year
    );
    for s in &set.statement {
        out.push_str(&format!("  - {s}\n"));
    }
    for r in &set.returns {
        out.push_str(&format!("\n===== {} =====\n", return_title(r)));
        out.push_str(&render_text(r));
    }
    out
}

/// Decimal as a JSON string with two decimals.
fn dec(v: Decimal) -> Value {
    Value::String(format!("{:.2}", njtax_engine::money::round_cents(v)))
}

fn return_json(ret: &ComputedReturn) -> Value {
    let mut lines = Map::new();
    for l in &ret.lines {
        let v = if l.is_ratio() {
            Value::String(l.value.normalize().to_string())
        } else {
            dec(l.value)
        };
        lines.insert(l.id.to_string(), v);
    }
    let diagnostics: Vec<Value> = ret
        .diagnostics
        .iter()
        .map(|d| {
            json!({
                "code": d.code,
                "severity": format!("{:?}", d.severity).to_lowercase(),
                "message": d.message,
                "path": d.path,
                "citation": d.citation,
            })
        })
        .collect();
    json!({
        "form": ret.form,
        "kind": format!("{:?}", ret.kind),
        "filer": filer_name(ret),
        "months": ret.months,
        "period_from": ret.period_from.map(|d| d.to_string()),
        "period_to": ret.period_to.map(|d| d.to_string()),
        "tax_year": ret.tax_year,
        "lines": lines,
        "refund": dec(ret.refund),
        "balance_due": dec(ret.balance_due),
        "filing_requirement": {
            "required": ret.filing_requirement.required,
            "should_file_for_refund": ret.filing_requirement.should_file_for_refund,
            "reason": ret.filing_requirement.reason,
        },
        "diagnostics": diagnostics,
        "business_credits": serde_json::to_value(&ret.business_credits).unwrap_or(Value::Null),
        "next_year": ret.next_year.as_ref().map(plan_json),
        "late": ret.late.as_ref().map(late_json),
    })
}

/// Next year's estimated tax plan as JSON (amounts as strings with two decimals).
fn plan_json(p: &njtax_engine::rules::next_year::EstimatedTaxPlan) -> Value {
    let installments: Vec<Value> = p
        .installments
        .iter()
        .map(|i| {
            json!({
                "due": i.due.map(|d| d.to_string()),
                "amount": dec(i.amount),
                "credit_applied": dec(i.credit_applied),
                "to_pay": dec(i.to_pay),
            })
        })
        .collect();
    json!({
        "year": p.year,
        "required": p.required,
        "reason": p.reason,
        "estimated_tax": dec(p.estimated_tax),
        "installments": installments,
        "credit_left": dec(p.credit_left),
        "notes": p.notes,
        "explanation": serde_json::to_value(&p.explanation).unwrap_or(Value::Null),
    })
}

/// The late filing and payment estimate as JSON (amounts as strings with two decimals).
fn late_json(l: &njtax_engine::rules::next_year::LateEstimate) -> Value {
    json!({
        "estimate": true,
        "filing_due": l.filing_due.map(|d| d.to_string()),
        "payment_due": l.payment_due.map(|d| d.to_string()),
        "balance_due": dec(l.balance_due),
        "months_filed_late": l.months_filed_late,
        "months_paid_late": l.months_paid_late,
        "late_filing": dec(l.late_filing),
        "late_payment": dec(l.late_payment),
        "interest": dec(l.interest),
        "total": dec(l.total),
        "notes": l.notes,
        "explanation": serde_json::to_value(&l.explanation).unwrap_or(Value::Null),
    })
}

/// Next year's plan and, when late, the late filing and payment estimate, as text.
fn render_plan_and_late(ret: &ComputedReturn) -> String {
    let mut out = String::new();
    if let Some(p) = &ret.next_year {
        out.push_str(&format!(
            "Next year's estimated tax ({}, NJ-1040-ES): {}\n",
            p.year, p.reason
        ));
        if !p.installments.is_empty() {
            out.push_str(&format!(
                "  {:<4} {:<12} {:>14} {:>14} {:>14}\n",
                "no.", "due", "installment", "credit applied", "to pay"
            ));
            for (i, inst) in p.installments.iter().enumerate() {
                out.push_str(&format!(
                    "  {:<4} {:<12} {:>14} {:>14} {:>14}\n",
                    i + 1,
                    inst.due.map_or_else(|| "?".into(), |d| d.to_string()),
                    fmt_money(inst.amount),
                    fmt_money(inst.credit_applied),
                    fmt_money(inst.to_pay)
                ));
            }
        }
        if !p.explanation.rule.is_empty() {
            out.push_str(&format!("  why: {}\n", p.explanation.rule));
        }
        for n in &p.notes {
            out.push_str(&format!("  note: {n}\n"));
        }
    }
    if let Some(l) = &ret.late {
        out.push_str(&format!(
            "Late filing and payment (estimate): {} (late filing {}, late payment {}, interest {})\n",
            fmt_money(l.total),
            fmt_money(l.late_filing),
            fmt_money(l.late_payment),
            fmt_money(l.interest)
        ));
        if !l.explanation.rule.is_empty() {
            out.push_str(&format!("  why: {}\n", l.explanation.rule));
        }
        for n in &l.notes {
            out.push_str(&format!("  note: {n}\n"));
        }
    }
    out
}

fn render_text(ret: &ComputedReturn) -> String {
    let mut out = format!("{} for tax year {}\n\n", ret.form, ret.tax_year);
    for l in &ret.lines {
        out.push_str(&format!(
            "{:>5}  {:<70} {:>16}\n",
            l.id,
            truncate(&l.label, 70),
            l.display_value()
        ));
    }
    if !ret.business_credits.is_empty() {
        out.push_str(&render_business_credits(&ret.business_credits));
    }
    out.push('\n');
    if ret.balance_due > Decimal::ZERO {
        out.push_str(&format!("Balance due: {}\n", fmt_money(ret.balance_due)));
    } else {
        out.push_str(&format!("Refund: {}\n", fmt_money(ret.refund)));
    }
    out.push_str(&format!(
        "Filing requirement: {} ({})\n",
        if ret.filing_requirement.required {
            "must file"
        } else {
            "not required to file"
        },
        ret.filing_requirement.reason
    ));
    let after = render_plan_and_late(ret);
    if !after.is_empty() {
        out.push('\n');
        out.push_str(&after);
    }
    if !ret.diagnostics.is_empty() {
        out.push_str("\nDiagnostics:\n");
        for d in &ret.diagnostics {
            out.push_str(&format!("  {}\n", render_diagnostic(d)));
        }
    }
    out
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_owned()
    } else {
        format!("{}…", s.chars().take(n - 1).collect::<String>())
    }
}

/// Keep the end of a long path (the file name matters most): `…/examples/single-renter.ron`.
fn truncate_left(s: &str, n: usize) -> String {
    let count = s.chars().count();
    if count <= n {
        s.to_owned()
    } else {
        format!("…{}", s.chars().skip(count - (n - 1)).collect::<String>())
    }
}

fn render_diagnostic(d: &njtax_engine::Diagnostic) -> String {
    let sev = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    };
    let mut s = format!("{sev}[{}]: {}", d.code, d.message);
    if let Some(p) = &d.path {
        s.push_str(&format!(" (at {p})"));
    }
    if let Some(c) = &d.citation {
        s.push_str(&format!(" [{c}]"));
    }
    s
}

/// One line's explanation as text; the lines it read are named by their number on `ret`'s form
/// (its own line map: an NJ-1040NR's numbers on an NJ-1040NR).
fn render_explanation(ret: &njtax_engine::ComputedReturn, l: &njtax_engine::Line) -> String {
    let e = &l.explanation;
    let mut out = format!(
        "Line {}: {}\nValue: {}\n\nRule: {}\nCitation: {}\n",
        l.id,
        l.label,
        l.display_value(),
        e.rule,
        e.citation
    );
    if !e.inputs.is_empty() {
        out.push_str("\nInputs:\n");
        for i in &e.inputs {
            let src = match &i.source {
                njtax_engine::explain::Source::Answer(p) => format!("answer {p}"),
                njtax_engine::explain::Source::Line(k) => match ret.by_key(*k) {
                    Some(read) => format!("line {}", read.id),
                    None => format!("worked out as {k}"),
                },
                njtax_engine::explain::Source::Worksheet(w) => format!("worksheet {w}"),
            };
            out.push_str(&format!("  {}: {} ({src})\n", i.name, i.value));
        }
    }
    if !e.params.is_empty() {
        out.push_str("\nLaw figures:\n");
        for p in &e.params {
            out.push_str(&format!("  {} = {} [{}]", p.label, p.value, p.citation));
            if let Some(u) = &p.uncertain {
                out.push_str(&format!(" UNCERTAIN: {u}"));
            }
            out.push('\n');
        }
    }
    out
}

/// What `njtax batch` reads: each file named, and the drafts (`.ron` files, in any case) directly
/// in each folder named, in name order. Subfolders are not searched, and say so on standard error;
/// so does a folder with no draft. A path that is not a regular file (a FIFO, a device, a socket)
/// is never opened, and a folder that cannot be read is never passed over: each is a row of its
/// own, unreadable, with why.
struct Found {
    /// The drafts in the order of the summary.
    files: Vec<PathBuf>,
    /// Why a path among `files` is not read.
    refused: std::collections::HashMap<PathBuf, String>,
}

impl Found {
    fn why_not(&self, path: &Path) -> Option<&str> {
        self.refused.get(path).map(String::as_str)
    }

    fn refuse(&mut self, path: PathBuf, why: String) {
        self.refused.insert(path.clone(), why);
        self.files.push(path);
    }
}

/// Whether a file name ends in `.ron`, in any case.
fn is_draft_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("ron"))
}

fn collect(paths: &[PathBuf]) -> Found {
    let mut found = Found {
        files: Vec::new(),
        refused: std::collections::HashMap::new(),
    };
    for p in paths {
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => collect_folder(p, &mut found),
            Ok(m) if !m.is_file() => found.refuse(
                p.clone(),
                "not a regular file (a pipe, device or socket); not read".to_owned(),
            ),
            // A regular file, or one that cannot be looked at: reading it says why.
            _ => found.files.push(p.clone()),
        }
    }
    found
}

fn collect_folder(dir: &Path, found: &mut Found) {
    let entries = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => {
            found.refuse(dir.to_path_buf(), format!("cannot read the folder: {e}"));
            return;
        }
    };
    let mut drafts = Vec::new();
    let mut subfolders = Vec::new();
    for entry in entries {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                found.refuse(dir.to_path_buf(), format!("cannot read the folder: {e}"));
                return;
            }
        };
        let path = entry.path();
        // Follows a symbolic link, as opening would; never opens the file.
        match std::fs::metadata(&path) {
            Ok(m) if m.is_dir() => subfolders.push(path),
            Ok(m) if is_draft_name(&path) && !m.is_file() => drafts.push((
                path,
                Some("not a regular file (a pipe, device or socket); not read".to_owned()),
            )),
            _ if is_draft_name(&path) => drafts.push((path, None)),
            _ => {}
        }
    }
    drafts.sort();
    subfolders.sort();
    for sub in &subfolders {
        eprintln!(
            "njtax: {}: a folder inside {}, not searched (name it to include its drafts)",
            sub.display(),
            dir.display()
        );
    }
    if drafts.is_empty() {
        eprintln!(
            "njtax: {}: no drafts (.ron files) in this folder",
            dir.display()
        );
    }
    for (path, why) in drafts {
        match why {
            Some(why) => found.refuse(path, why),
            None => found.files.push(path),
        }
    }
}

/// One draft's line in a batch: what a clinic keeps for each return it prepared.
struct Summary {
    file: String,
    name: String,
    year: Option<u16>,
    forms: Vec<String>,
    gross_income: Decimal,
    tax: Decimal,
    refund: Decimal,
    balance_due: Decimal,
    errors: usize,
    /// Why the draft could not be read (without the file name); `None` when it was computed.
    unreadable: Option<String>,
}

impl Summary {
    fn status(&self) -> &'static str {
        if self.unreadable.is_some() {
            "unreadable"
        } else if self.errors > 0 {
            "errors"
        } else {
            "ok"
        }
    }
}

/// Law figures resolved once per year (per worker thread), for the values-only computation.
type YearCache = std::collections::HashMap<u16, Result<njtax_engine::YearParams, String>>;

/// Read, parse and compute one draft (values only, no explanations) into its summary line.
/// `refused`: why the path is not read at all (it is not a regular file, or a folder that cannot
/// be read), as the row's message.
fn summarize(
    path: &Path,
    refused: Option<&str>,
    book: &ParamBook,
    years: &mut YearCache,
) -> Summary {
    let mut s = Summary {
        file: path.display().to_string(),
        name: String::new(),
        year: None,
        forms: Vec::new(),
        gross_income: Decimal::ZERO,
        tax: Decimal::ZERO,
        refund: Decimal::ZERO,
        balance_due: Decimal::ZERO,
        errors: 0,
        unreadable: refused.map(str::to_owned),
    };
    if refused.is_some() {
        return s;
    }
    let draft = match read_draft(path) {
        Ok(d) => d,
        Err(e) => {
            s.unreadable = Some(unnamed(&e));
            return s;
        }
    };
    let a = &draft.answers;
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
    for r in &set.returns {
        s.forms.push(r.form.clone());
        let line = |key: Key| {
            r.lines
                .iter()
                .find(|l| l.key == key)
                .map_or(Decimal::ZERO, |l| l.value)
        };
        s.gross_income += line(Key::GrossIncome);
        s.tax += line(Key::Tax);
        s.refund += r.refund;
        s.balance_due += r.balance_due;
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
fn par_map<T: Send, S>(
    files: &[PathBuf],
    init: impl Fn() -> S + Sync,
    f: impl Fn(&Path, &mut S) -> T + Sync,
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
fn batch_exit(rows: &[Summary]) -> ExitCode {
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

/// The header of `njtax batch -o`.
const BATCH_CSV_HEADER: [&str; 11] = [
    "file",
    "name",
    "year",
    "forms",
    "status",
    "gross_income",
    "tax",
    "refund",
    "balance_due",
    "errors",
    "message",
];

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
    let money = |v: Decimal| format!("{:.2}", njtax_engine::money::round_cents(v));
    let mut csv = csv_row(&BATCH_CSV_HEADER);
    for r in &rows {
        let computed = r.unreadable.is_none();
        let amount = |v: Decimal| if computed { money(v) } else { String::new() };
        csv.push_str(&csv_row(&[
            r.file.clone(),
            r.name.clone(),
            r.year.map(|y| y.to_string()).unwrap_or_default(),
            r.forms.join(" + "),
            r.status().to_owned(),
            amount(r.gross_income),
            amount(r.tax),
            amount(r.refund),
            amount(r.balance_due),
            if computed {
                r.errors.to_string()
            } else {
                String::new()
            },
            r.unreadable.clone().unwrap_or_default(),
        ]));
    }
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

/// Said (exit 2) when the paths given hold no draft at all.
const NO_DRAFTS: &str = "no drafts to read: name draft files or folders holding .ron files";

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
            "{:<40} {:>5} {:>14} {:>14} {:>6}  {}{}",
            file,
            r.year.unwrap_or_default(),
            fmt_money(r.refund),
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
            }
        );
    }
    batch_exit(&rows)
}

/// The coverage list (`forms/coverage.ron`) as text: grouped by status, each entry with its
/// sections, where the app has it (screen and the latest year's line numbers) and its note.
fn render_coverage(book: &ParamBook, only_not_covered: bool) -> Result<String, Unreadable> {
    use njtax_engine::coverage::{Coverage, Status};
    use std::fmt::Write as _;
    let list = Coverage::load().map_err(Unreadable)?;
    let year = book.latest_year();
    let map = book
        .for_year(year)
        .map(|p| p.line_map.clone())
        .map_err(|e| Unreadable(e.to_string()))?;
    let mut text = String::new();
    let statuses: &[Status] = if only_not_covered {
        &[Status::NotCovered]
    } else {
        &[
            Status::Computed,
            Status::Entered,
            Status::NotAsked,
            Status::NotCovered,
        ]
    };
    let _ = writeln!(
        text,
        "What njtax covers of the New Jersey Gross Income Tax Act (N.J.S.A. Title 54A); line numbers are the {year} {}'s",
        map.form
    );
    for status in statuses {
        let _ = writeln!(text, "\n== {} ==", status.words());
        for e in list.entries.iter().filter(|e| e.status == *status) {
            let _ = writeln!(text, "{}: {}", e.sections.join(", "), e.subject);
            let lines: Vec<String> = e
                .lines
                .iter()
                .filter_map(|k| map.find(*k).map(|(id, _)| format!("line {id}")))
                .collect();
            let mut place = Vec::new();
            if let Some(screen) = &e.screen {
                place.push(format!("the app's {} screen", screen.replace('_', " ")));
            }
            if !lines.is_empty() {
                place.push(lines.join(", "));
            }
            if !place.is_empty() {
                let _ = writeln!(text, "    where: {}", place.join("; "));
            }
            if !e.note.is_empty() {
                let _ = writeln!(text, "    {}", e.note);
            }
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::{csv_field, csv_row};

    #[test]
    fn csv_fields_are_quoted_as_rfc_4180_asks() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field(""), "");
        assert_eq!(csv_field("a, b"), "\"a, b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field("cr\rhere"), "\"cr\rhere\"");
        assert_eq!(csv_row(&["a", "b,c", ""]), "a,\"b,c\",\r\n");
    }
}
