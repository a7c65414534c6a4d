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

/// One expected return of a draft's set: its kind, its months, every expected line (by the
/// year's own line ids), its refund and its balance due.
pub struct ExpectedReturn {
    pub kind: njtax_engine::residency::ReturnKind,
    pub months: u8,
    pub lines: &'static [(&'static str, &'static str)],
    pub refund: &'static str,
    pub balance_due: &'static str,
}

/// The differences of one computed return from the hand computation: form, kind, filer, months,
/// tax year, every expected line, refund, balance due, error diagnostics, and the warning with
/// code `once` (the year's `provisional-year` or `back-year`: exactly once, a warning).
pub fn expected_return_problems(
    tag: &str,
    ret: &ComputedReturn,
    year: u16,
    want: &ExpectedReturn,
    once: &str,
) -> Vec<String> {
    use njtax_engine::residency::Filer;
    let mut problems = Vec::new();
    if ret.kind != want.kind || ret.filer != Filer::Household {
        problems.push(format!(
            "  {tag}: expected {:?} Household, got {:?} {:?}",
            want.kind, ret.kind, ret.filer
        ));
    }
    if ret.form != want.kind.form() {
        problems.push(format!(
            "  {tag}: expected form {}, got {}",
            want.kind.form(),
            ret.form
        ));
    }
    if ret.months != want.months {
        problems.push(format!(
            "  {tag}: months expected {}, got {}",
            want.months, ret.months
        ));
    }
    if ret.tax_year != year {
        problems.push(format!(
            "  {tag}: tax year expected {year}, got {}",
            ret.tax_year
        ));
    }
    // Lines, refund, balance due and every error diagnostic.
    problems.extend(
        line_problems(ret, want.lines, want.refund, want.balance_due)
            .into_iter()
            .map(|p| format!("  {tag}: {}", p.trim_start())),
    );
    let found: Vec<_> = ret.diagnostics.iter().filter(|d| d.code == once).collect();
    if found.len() != 1 {
        problems.push(format!(
            "  {tag}: expected the {once} warning once, got it {} time(s)",
            found.len()
        ));
    }
    for d in found {
        if d.severity != Severity::Warning {
            problems.push(format!(
                "  {tag}: {once} is {:?}, expected a warning",
                d.severity
            ));
        }
    }
    problems
}

/// Record a difference when `got` is not the amount `want` (written as in the document).
pub fn same(problems: &mut Vec<String>, what: &str, want: &str, got: Decimal) {
    if got != dec(want) {
        problems.push(format!("  {what}: expected {want}, got {got}"));
    }
}

/// Expected NJ-2210 Part I: (line 1, line 2, line 3, required annual payment).
pub type Nj2210Head = (&'static str, &'static str, &'static str, &'static str);

/// Expected NJ-2210 column: (due date, required, paid by the due date, underpayment, interest);
/// the due date or the paid amount is `None` where the document leaves it to another test or open
/// (two installments sharing a due date).
pub type Nj2210Col = (
    Option<&'static str>,
    &'static str,
    Option<&'static str>,
    &'static str,
    &'static str,
);

/// The differences of a return's NJ-2210 schedule from the hand computation: Part I, the interest
/// (`total`, the form's interest line) and each column, with no exception expected in a column that
/// has an underpayment; the engine's explanation follows a column that differs.
pub fn nj2210_problems(
    ret: &ComputedReturn,
    head: Nj2210Head,
    cols: &[Nj2210Col],
    total: &str,
) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(s) = &ret.nj2210 else {
        problems.push("  nj2210: the return has no NJ-2210 schedule".to_owned());
        return problems;
    };
    let (l1, l2, l3, annual) = head;
    same(&mut problems, "nj2210 line 1 (tax)", l1, s.tax);
    same(
        &mut problems,
        "nj2210 line 2 (withholding and credits)",
        l2,
        s.withholding_and_credits,
    );
    same(&mut problems, "nj2210 line 3", l3, s.net_tax);
    same(
        &mut problems,
        "nj2210 required annual",
        annual,
        s.required_annual,
    );
    same(&mut problems, "nj2210 interest (total)", total, s.interest);
    if s.columns.len() != cols.len() {
        problems.push(format!(
            "  nj2210: expected {} columns, got {}",
            cols.len(),
            s.columns.len()
        ));
    }
    for ((name, want), got) in ["A", "B", "C", "D"].iter().zip(cols).zip(&s.columns) {
        let (due, req, paid, under, int) = *want;
        let before = problems.len();
        if let Some(due) = due {
            let got_due = got.due.map_or_else(|| "none".to_owned(), |d| d.to_string());
            if got_due != due {
                problems.push(format!(
                    "  column {name} due: expected {due}, got {got_due}"
                ));
            }
        }
        same(
            &mut problems,
            &format!("column {name} required"),
            req,
            got.required,
        );
        if let Some(paid) = paid {
            same(
                &mut problems,
                &format!("column {name} paid by the due date"),
                paid,
                got.paid,
            );
        }
        same(
            &mut problems,
            &format!("column {name} underpayment"),
            under,
            got.underpayment,
        );
        same(
            &mut problems,
            &format!("column {name} interest"),
            int,
            got.interest,
        );
        if let Some(e) = &got.exception
            && under != "0"
        {
            problems.push(format!("  column {name}: unexpected exception: {e}"));
        }
        if problems.len() > before {
            problems.push(format!(
                "             engine says (column {name}): {}",
                got.explanation.rule
            ));
        }
    }
    problems
}

/// Compute `examples/<folder>/<file>` and compare every return of its set, in order, with
/// `expected` (returns of `year`, each carrying the warning `once` exactly once).
pub fn expected_set_problems(
    folder: &str,
    file: &str,
    year: u16,
    expected: &[ExpectedReturn],
    once: &str,
) -> (njtax_engine::compute::ReturnSet, Vec<String>) {
    let set = load_and_compute_set(folder, file);
    let mut problems = Vec::new();
    if set.returns.len() != expected.len() {
        let got: Vec<String> = set
            .returns
            .iter()
            .map(|r| format!("{} {:?} {} months", r.form, r.kind, r.months))
            .collect();
        problems.push(format!(
            "  returns: expected {}, got {}: {got:?}",
            expected.len(),
            set.returns.len()
        ));
    }
    for (want, ret) in expected.iter().zip(&set.returns) {
        let tag = format!("{} {:?}", want.kind.form(), want.kind);
        problems.extend(expected_return_problems(&tag, ret, year, want, once));
    }
    (set, problems)
}

/// Fail with every difference of `file` from the hand computation in `doc`, if there is any.
pub fn finish_against(doc: &str, file: &str, problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{file}: {} difference(s) from the hand computation in {doc}:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The unlocked keys of encrypted folders are kept for the whole process
/// (`njtax_ui::crypt`), and this test binary runs its tests in parallel: a test that unlocks or
/// forgets keys (an encrypted folder, File > Remove client data, the idle lock) holds this for its
/// whole run, so that another test's "forget every key" never lands in the middle of it.
pub fn crypt_registry() -> std::sync::MutexGuard<'static, ()> {
    static KEYS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    KEYS.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Wait (up to 20 s) for the roster's folder to be read by its worker thread, then draw: the
/// window itself never waits, so a test that asserts on the rows waits here.
pub fn roster_read(h: &mut egui_kittest::Harness<'_, njtax_ui::App>) {
    assert!(
        h.state_mut()
            .wait_for_roster(std::time::Duration::from_secs(20)),
        "the roster's folder was read within 20 s"
    );
    h.run();
}

/// Step until no encrypted folder is being unlocked or converted on its thread (up to 300 s),
/// the window drawing meanwhile, then draw.
pub fn wait_for_crypt(h: &mut egui_kittest::Harness<'_, njtax_ui::App>) {
    h.step();
    let started = std::time::Instant::now();
    while h.state().crypt_busy() {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(300),
            "the folder's key was never done with"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.run();
}
