//! Shared checks for the fuzz targets: the invariants every computed return must satisfy, and the
//! draft round trip (write, read back, same draft).

use std::sync::OnceLock;

use njtax_engine::draft::draft_to_string;
use njtax_engine::{Answers, ComputedReturn, Draft, ParamBook, SUPPORTED_YEARS, parse_draft};
use rust_decimal::Decimal;

/// The embedded law figures, parsed once per process.
pub fn book() -> &'static ParamBook {
    static BOOK: OnceLock<ParamBook> = OnceLock::new();
    BOOK.get_or_init(|| match ParamBook::load() {
        Ok(book) => book,
        Err(e) => panic!("embedded parameters do not load: {e}"),
    })
}

fn line(r: &ComputedReturn, key: &str) -> Decimal {
    match r.by_key(key) {
        Some(l) => l.value,
        None => panic!(
            "tax year {}: line `{key}` missing from the return",
            r.tax_year
        ),
    }
}

/// `max(0, a - b)` for two non-negative amounts (their difference cannot overflow).
fn floor_diff(a: Decimal, b: Decimal) -> Decimal {
    (a - b).max(Decimal::ZERO)
}

/// Compute `answers` and assert the invariants. Unsupported years must be refused, not computed.
pub fn check_return(answers: &Answers) {
    let book = book();
    let result = njtax_engine::compute(answers, book);
    if !SUPPORTED_YEARS.contains(&answers.tax_year) {
        assert!(
            result.is_err(),
            "tax year {} is unsupported but was computed",
            answers.tax_year
        );
        return;
    }
    let r = match result {
        Ok(r) => r,
        Err(e) => panic!("supported year {} refused: {e}", answers.tax_year),
    };

    for l in &r.lines {
        assert!(
            l.value >= Decimal::ZERO,
            "line {} ({}) is negative: {}",
            l.id,
            l.key,
            l.value
        );
    }
    assert!(
        r.refund >= Decimal::ZERO && r.balance_due >= Decimal::ZERO,
        "negative refund {} or balance due {}",
        r.refund,
        r.balance_due
    );
    assert!(
        r.refund.is_zero() || r.balance_due.is_zero(),
        "both a refund ({}) and a balance due ({})",
        r.refund,
        r.balance_due
    );

    // Line 29 = max(0, line 27 - line 28c).
    let (l27, l28c, l29) = (
        line(&r, "total_income"),
        line(&r, "total_exclusions"),
        line(&r, "gross_income"),
    );
    assert_eq!(l29, floor_diff(l27, l28c), "line 29 != max(0, 27 - 28c)");
    // Line 45 = max(0, line 43 - line 44).
    let (l43, l44, l45) = (
        line(&r, "tax"),
        line(&r, "coj_credit"),
        line(&r, "balance_of_tax"),
    );
    assert_eq!(l45, floor_diff(l43, l44), "line 45 != max(0, 43 - 44)");

    // The values-only fast path gives the same values and diagnostics as the explained one.
    let p = match book.for_year(answers.tax_year) {
        Ok(p) => p,
        Err(e) => panic!("year {} parameters: {e}", answers.tax_year),
    };
    let full = njtax_engine::compute_with(answers, &p);
    let fast = njtax_engine::compute_values(answers, &p);
    let values = |r: &ComputedReturn| r.lines.iter().map(|l| (l.key, l.value)).collect::<Vec<_>>();
    assert_eq!(
        values(&full),
        values(&fast),
        "compute_values differs from compute_with"
    );
    assert_eq!(
        values(&full),
        values(&r),
        "compute_with differs from compute"
    );
    assert_eq!(
        (full.refund, full.balance_due),
        (fast.refund, fast.balance_due),
        "refund/balance due differ between compute_with and compute_values"
    );
    if full.diagnostics != fast.diagnostics {
        let first = full
            .diagnostics
            .iter()
            .zip(&fast.diagnostics)
            .find(|(a, b)| a != b);
        panic!(
            "diagnostics differ between compute_with ({}) and compute_values ({}); first difference \
             (with explanations, values only): {first:#?}",
            full.diagnostics.len(),
            fast.diagnostics.len()
        );
    }
    assert_eq!(
        full.filing_requirement.required, fast.filing_requirement.required,
        "filing requirement differs between compute_with and compute_values"
    );
}

/// Write `draft` as RON and read it back: it must parse and give the same draft.
pub fn check_round_trip(draft: &Draft) {
    let text = match draft_to_string(draft) {
        Ok(t) => t,
        Err(e) => panic!("a valid draft does not serialise: {e}"),
    };
    match parse_draft(&text) {
        Ok(back) => assert_eq!(&back, draft, "round trip changed the draft:\n{text}"),
        Err(e) => panic!("a written draft does not parse back: {e}\n{text}"),
    }
}
