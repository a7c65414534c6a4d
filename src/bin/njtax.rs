//! `njtax`: the headless command line over the NJ-1040 engine, for clinics, reviewers and tests.
//!
//! Exit codes: 0 success (for `validate`: no errors), 1 the return has errors (`validate`, `batch`),
//! 2 a draft cannot be read or parsed, or the year is unsupported.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use njtax_engine::money::fmt_money;
use njtax_engine::{ComputedReturn, Draft, ParamBook, Severity, compute, parse_draft};
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
        /// Print JSON: tax_year, lines by official id, refund, balance_due, diagnostics.
        #[arg(long)]
        json: bool,
    },
    /// Explain one line: the rule with its numbers, the inputs, the law figures and the citation.
    Explain {
        /// Draft file (RON).
        draft: PathBuf,
        /// Official line id for the draft's year (for example 15, 28c, 43).
        line: String,
    },
    /// Check a draft: exit 0 when clean, 1 when the return has errors, 2 when it cannot be read.
    Validate {
        /// Draft file (RON).
        draft: PathBuf,
    },
    /// Compute many drafts (files or folders of .ron files) and print one summary line each.
    Batch {
        /// Draft files or folders.
        paths: Vec<PathBuf>,
        /// Print JSON lines instead of a table.
        #[arg(long)]
        json: bool,
    },
}

/// Why a draft could not be turned into a return; always exits 2.
struct Unreadable(String);

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
            let ret = load_and_compute(&draft, book)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&return_json(&ret)).unwrap_or_default()
                );
            } else {
                print!("{}", render_text(&ret));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain { draft, line } => {
            let ret = load_and_compute(&draft, book)?;
            let Some(l) = ret.line(&line) else {
                let ids: Vec<&str> = ret.lines.iter().map(|l| &*l.id).collect();
                return Err(Unreadable(format!(
                    "the {} {} has no line \"{line}\"; its lines are: {}",
                    ret.tax_year,
                    ret.form,
                    ids.join(", ")
                )));
            };
            print!("{}", render_explanation(l));
            Ok(ExitCode::SUCCESS)
        }
        Command::Validate { draft } => {
            let ret = load_and_compute(&draft, book)?;
            let errors = ret
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count();
            let warnings = ret
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Warning)
                .count();
            for d in &ret.diagnostics {
                println!("{}", render_diagnostic(d));
            }
            println!(
                "{}: {errors} error(s), {warnings} warning(s)",
                draft.display()
            );
            Ok(if errors > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Batch { paths, json } => Ok(batch(&paths, book, json)),
    }
}

fn load_draft(path: &Path) -> Result<Draft, Unreadable> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Unreadable(format!("cannot read {}: {e}", path.display())))?;
    parse_draft(&text).map_err(|e| Unreadable(format!("{}: {e}", path.display())))
}

fn load_and_compute(path: &Path, book: &ParamBook) -> Result<ComputedReturn, Unreadable> {
    let draft = load_draft(path)?;
    compute(&draft.answers, book).map_err(|e| Unreadable(format!("{}: {e}", path.display())))
}

/// Decimal as a JSON string with two decimals.
fn dec(v: Decimal) -> Value {
    Value::String(format!("{:.2}", njtax_engine::money::round_cents(v)))
}

fn return_json(ret: &ComputedReturn) -> Value {
    let mut lines = Map::new();
    for l in &ret.lines {
        lines.insert(l.id.to_string(), dec(l.value));
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
    })
}

fn render_text(ret: &ComputedReturn) -> String {
    let mut out = format!("{} for tax year {}\n\n", ret.form, ret.tax_year);
    for l in &ret.lines {
        out.push_str(&format!(
            "{:>5}  {:<70} {:>16}\n",
            l.id,
            truncate(&l.label, 70),
            fmt_money(l.value)
        ));
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

fn render_explanation(l: &njtax_engine::Line) -> String {
    let e = &l.explanation;
    let mut out = format!(
        "Line {}: {}\nValue: {}\n\nRule: {}\nCitation: {}\n",
        l.id,
        l.label,
        fmt_money(l.value),
        e.rule,
        e.citation
    );
    if !e.inputs.is_empty() {
        out.push_str("\nInputs:\n");
        for i in &e.inputs {
            let src = match &i.source {
                njtax_engine::explain::Source::Answer(p) => format!("answer {p}"),
                njtax_engine::explain::Source::Line(k) => format!("line {k}"),
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

fn collect(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .map(|rd| {
                    rd.filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|f| f.extension().is_some_and(|x| x == "ron"))
                        .collect()
                })
                .unwrap_or_default();
            found.sort();
            files.extend(found);
        } else {
            files.push(p.clone());
        }
    }
    files
}

fn batch(paths: &[PathBuf], book: &ParamBook, json: bool) -> ExitCode {
    let files = collect(paths);
    let mut worst = 0u8;
    if !json {
        println!(
            "{:<40} {:>5} {:>14} {:>14} {:>6}  status",
            "draft", "year", "refund", "balance due", "errors"
        );
    }
    for f in &files {
        match load_and_compute(f, book) {
            Ok(ret) => {
                let errors = ret
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                    .count();
                if errors > 0 {
                    worst = worst.max(1);
                }
                if json {
                    let mut v = return_json(&ret);
                    if let Value::Object(m) = &mut v {
                        m.insert("draft".into(), Value::String(f.display().to_string()));
                    }
                    println!("{}", serde_json::to_string(&v).unwrap_or_default());
                } else {
                    println!(
                        "{:<40} {:>5} {:>14} {:>14} {:>6}  {}",
                        truncate_left(&f.display().to_string(), 40),
                        ret.tax_year,
                        fmt_money(ret.refund),
                        fmt_money(ret.balance_due),
                        errors,
                        if errors > 0 { "needs attention" } else { "ok" }
                    );
                }
            }
            Err(Unreadable(msg)) => {
                worst = 2;
                if json {
                    println!(
                        "{}",
                        json!({"draft": f.display().to_string(), "error": msg})
                    );
                } else {
                    println!(
                        "{:<40} unreadable: {msg}",
                        truncate_left(&f.display().to_string(), 40)
                    );
                }
            }
        }
    }
    ExitCode::from(worst)
}
