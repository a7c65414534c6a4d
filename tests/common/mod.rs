//! Shared by the hand-worked return tests: load an example draft, compute it, and compare every
//! expected line, collecting all the differences into one message with the engine's explanation.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)] // each test file uses part of it

pub mod line_refs;

use std::path::Path;
use std::str::FromStr;

use njtax_engine::{Answers, ComputedReturn, ParamBook, Severity, compute, parse_draft};
use rust_decimal::Decimal;

/// Expected result of one example: lines by official id, then the refund and balance due.
pub struct Expected {
    /// `(line id, amount)` pairs.
    pub lines: &'static [(&'static str, &'static str)],
    /// Line 80.
    pub refund: &'static str,
    /// Line 79.
    pub balance_due: &'static str,
    /// Whether a return must be filed, when the example tests it.
    pub filing_required: Option<bool>,
}

/// Read `examples/<folder>/<file>` with `parse_draft`.
pub fn load_answers(folder: &str, file: &str) -> Answers {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(folder)
        .join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_draft(&text)
        .unwrap_or_else(|e| panic!("{file} does not parse: {e}"))
        .answers
}

/// Load `examples/<folder>/<file>` and compute it.
pub fn load_and_compute(folder: &str, file: &str) -> ComputedReturn {
    let a = load_answers(folder, file);
    let book = ParamBook::load().expect("embedded parameters load");
    compute(&a, &book).unwrap_or_else(|e| panic!("{file} does not compute: {e}"))
}

/// A decimal from an expected value.
pub fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap_or_else(|e| panic!("bad expected value {s}: {e}"))
}

/// The differences of one computed return from hand-worked values: each line by official id, the
/// refund (line 80), the balance due (line 79), and every error diagnostic.
pub fn line_problems(
    ret: &ComputedReturn,
    lines: &[(&str, &str)],
    refund: &str,
    balance_due: &str,
) -> Vec<String> {
    let mut problems: Vec<String> = Vec::new();
    for (id, want) in lines {
        let want = dec(want);
        let got = ret.value(id);
        if got != want {
            let rule = ret.line(id).map_or_else(
                || "(the engine has no line with this id)".to_owned(),
                |l| l.explanation.rule.clone(),
            );
            problems.push(format!(
                "  line {id:>4}: expected {want}, got {got}\n             engine says: {rule}"
            ));
        }
    }
    let (want_refund, want_due) = (dec(refund), dec(balance_due));
    if ret.refund != want_refund {
        problems.push(format!(
            "  refund:     expected {want_refund}, got {}",
            ret.refund
        ));
    }
    if ret.balance_due != want_due {
        problems.push(format!(
            "  balance due: expected {want_due}, got {}",
            ret.balance_due
        ));
    }
    problems.extend(
        ret.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| {
                format!(
                    "  error diagnostic: {} {} (at {:?})",
                    d.code, d.message, d.path
                )
            }),
    );
    problems
}

/// Compare every expected line; panic once with all the mismatches, naming the document that holds
/// the hand computation.
pub fn check(folder: &str, doc: &str, file: &str, expected: &Expected) {
    let ret = load_and_compute(folder, file);
    let mut problems = line_problems(&ret, expected.lines, expected.refund, expected.balance_due);
    if let Some(want) = expected.filing_required
        && ret.filing_requirement.required != want
    {
        problems.push(format!(
            "  filing required: expected {want}, got {}\n             engine says: {}",
            ret.filing_requirement.required, ret.filing_requirement.reason
        ));
    }
    assert!(
        problems.is_empty(),
        "{file}: {} difference(s) from the hand computation in {doc}:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Load `examples/<folder>/<file>` and compute every return it produces (part-year and
/// nonresident drafts, spouses of different residency).
pub fn load_and_compute_set(folder: &str, file: &str) -> njtax_engine::compute::ReturnSet {
    let a = load_answers(folder, file);
    let book = ParamBook::load().expect("embedded parameters load");
    njtax_engine::compute::compute_set(&a, &book)
        .unwrap_or_else(|e| panic!("{file} does not compute: {e}"))
}

/// The single full-year resident NJ-1040 of a draft's return set (a difference is noted when the
/// set holds another number of returns or another form).
pub fn resident_return(
    set: &njtax_engine::compute::ReturnSet,
    problems: &mut Vec<String>,
) -> ComputedReturn {
    if set.returns.len() != 1 {
        problems.push(format!(
            "  returns: expected one NJ-1040, got {}",
            set.returns.len()
        ));
    }
    let ret = set.returns.first().cloned().expect("at least one return");
    if ret.form != "NJ-1040" {
        problems.push(format!("  form: expected NJ-1040, got {}", ret.form));
    }
    ret
}

/// Every file under `dir` (in any folder below it) whose name ends `.<extension>`, sorted.
pub fn files_under(dir: &Path, extension: &str) -> Vec<std::path::PathBuf> {
    let mut dirs = vec![dir.to_path_buf()];
    let mut files = Vec::new();
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("folder reads") {
            let path = e.expect("folder entry reads").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == extension) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Every example draft (`examples/**/*.ron`), sorted by path.
pub fn example_drafts() -> Vec<std::path::PathBuf> {
    files_under(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"),
        "ron",
    )
}
