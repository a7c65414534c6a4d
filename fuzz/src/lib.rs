//! Shared checks for the fuzz targets: the invariants every return of a draft must satisfy (each
//! NJ-1040 and NJ-1040NR of `compute_set`), and the draft round trip (write, read back, same
//! draft).

use njtax_engine::Key;
use std::sync::OnceLock;

use njtax_engine::compute::{ReturnSet, compute_set, compute_set_values, compute_set_with};
use njtax_engine::draft::draft_to_string;
use njtax_engine::residency::Filer;
use njtax_engine::{Answers, ComputedReturn, Draft, ParamBook, parse_draft};
use rust_decimal::Decimal;

/// The embedded law figures, parsed once per process.
pub fn book() -> &'static ParamBook {
    static BOOK: OnceLock<ParamBook> = OnceLock::new();
    BOOK.get_or_init(|| match ParamBook::load() {
        Ok(book) => book,
        Err(e) => panic!("embedded parameters do not load: {e}"),
    })
}

fn line(r: &ComputedReturn, key: Key) -> Decimal {
    match r.by_key(key) {
        Some(l) => l.value,
        None => panic!(
            "tax year {}: line `{key}` missing from the {} ({:?}, {:?})",
            r.tax_year, r.form, r.kind, r.filer
        ),
    }
}

/// `max(0, a - b)` for two non-negative amounts (their difference cannot overflow).
fn floor_diff(a: Decimal, b: Decimal) -> Decimal {
    (a - b).max(Decimal::ZERO)
}

/// Compute every return of `answers` and assert the invariants. Unsupported years must be refused,
/// not computed.
pub fn check_return(answers: &Answers) {
    let book = book();
    let result = compute_set(answers, book);
    if !book.supports(answers.tax_year) {
        assert!(
            result.is_err(),
            "tax year {} is unsupported but was computed",
            answers.tax_year
        );
        assert!(
            njtax_engine::compute(answers, book).is_err(),
            "tax year {} is unsupported but its first return was computed",
            answers.tax_year
        );
        return;
    }
    let set = match result {
        Ok(set) => set,
        Err(e) => panic!("supported year {} refused: {e}", answers.tax_year),
    };
    assert!(!set.returns.is_empty(), "a draft produced no return");
    for r in &set.returns {
        check_one(r);
    }

    // The months of one filer's returns (resident and nonresident period) cover at most the year.
    for filer in [Filer::Household, Filer::Taxpayer, Filer::Spouse] {
        let months: u32 = set
            .returns
            .iter()
            .filter(|r| r.filer == filer)
            .map(|r| u32::from(r.months))
            .sum();
        assert!(
            months <= 12,
            "the returns of {filer:?} cover {months} months: {:?}",
            set.returns
                .iter()
                .map(|r| (&r.form, r.kind, r.filer, r.months))
                .collect::<Vec<_>>()
        );
    }

    // The values-only fast path gives the same returns, values and diagnostics as the explained
    // one; `compute_set` is `compute_set_with`; `compute_with` (and `compute`) is the first return.
    let p = match book.for_year(answers.tax_year) {
        Ok(p) => p,
        Err(e) => panic!("year {} parameters: {e}", answers.tax_year),
    };
    let full = compute_set_with(answers, &p);
    let fast = compute_set_values(answers, &p);
    same_set(&full, &fast, "compute_set_with", "compute_set_values");
    same_set(&full, &set, "compute_set_with", "compute_set");
    let first = njtax_engine::compute_with(answers, &p);
    let primary = &full.returns[0];
    same_return(
        primary,
        &first,
        "compute_set_with's first return",
        "compute_with",
    );
    match njtax_engine::compute(answers, book) {
        Ok(r) => same_return(&first, &r, "compute_with", "compute"),
        Err(e) => panic!("compute refused supported year {}: {e}", answers.tax_year),
    }
    let first_fast = njtax_engine::compute_values(answers, &p);
    same_return(&first, &first_fast, "compute_with", "compute_values");
}

/// The invariants of one computed return.
fn check_one(r: &ComputedReturn) {
    let which = format!("{} {:?} {:?}", r.form, r.kind, r.filer);
    assert_eq!(
        r.form,
        r.kind.form(),
        "{which}: form does not match its kind"
    );
    assert!(r.months <= 12, "{which}: covers {} months", r.months);
    for l in &r.lines {
        assert!(
            l.value >= Decimal::ZERO,
            "{which}: line {} ({}) is negative: {}",
            l.id,
            l.key,
            l.value
        );
    }
    assert!(
        r.refund >= Decimal::ZERO && r.balance_due >= Decimal::ZERO,
        "{which}: negative refund {} or balance due {}",
        r.refund,
        r.balance_due
    );
    assert!(
        r.refund.is_zero() || r.balance_due.is_zero(),
        "{which}: both a refund ({}) and a balance due ({})",
        r.refund,
        r.balance_due
    );

    check_credit_schedule(r, &which);

    // Line 29 (29A on the NJ-1040NR) = max(0, line 27 - line 28c).
    let (l27, l28c, l29) = (
        line(r, Key::TotalIncome),
        line(r, Key::TotalExclusions),
        line(r, Key::GrossIncome),
    );
    assert_eq!(
        l29,
        floor_diff(l27, l28c),
        "{which}: line 29 != max(0, 27 - 28c)"
    );

    if r.kind.is_nonresident() {
        // Column B: line 29B = line 27B (no exclusion applies to New Jersey-source income).
        let (l27b, l29b) = (line(r, Key::TotalIncomeNj), line(r, Key::GrossIncomeNj));
        assert_eq!(l29b, l27b, "{which}: line 29B != 27B");
        // Line 41 is a fraction, line 42 = line 40 x line 41 to the cent.
        let (l40, l41, l42) = (
            line(r, Key::TaxAsResident),
            line(r, Key::IncomePercentage),
            line(r, Key::Tax),
        );
        // No upper limit: 54A:2-1.1 a sets none (New Jersey income can exceed the whole).
        assert!(
            l41 >= Decimal::ZERO,
            "{which}: income percentage {l41} is negative"
        );
        // Line 42 = line 40 x line 41 to the cent, saturating at the decimal range.
        let product = njtax_engine::money::times_rate(l40, l41);
        assert_eq!(l42, product, "{which}: line 42 != round(40 x 41)");
    } else {
        // Line 45 = max(0, line 43 - line 44).
        let (l43, l44, l45) = (
            line(r, Key::Tax),
            line(r, Key::CojCredit),
            line(r, Key::BalanceOfTax),
        );
        assert_eq!(
            l45,
            floor_diff(l43, l44),
            "{which}: line 45 != max(0, 43 - 44)"
        );
    }
}

/// Two computations of the same draft give the same returns (explanations aside).
fn same_set(a: &ReturnSet, b: &ReturnSet, an: &str, bn: &str) {
    let shape = |s: &ReturnSet| {
        s.returns
            .iter()
            .map(|r| (r.form.clone(), r.kind, r.filer, r.months))
            .collect::<Vec<_>>()
    };
    assert_eq!(shape(a), shape(b), "{an} and {bn} give different returns");
    for (x, y) in a.returns.iter().zip(&b.returns) {
        same_return(x, y, an, bn);
    }
    let nets = |s: &ReturnSet| {
        s.comparison
            .as_ref()
            .map(|c| (c.separate_net, c.joint_net, c.elected))
    };
    assert_eq!(
        nets(a),
        nets(b),
        "{an} and {bn} compare the election differently"
    );
}

/// Two computations of one return give the same values, refund, balance due, filing requirement
/// and diagnostics.
fn same_return(x: &ComputedReturn, y: &ComputedReturn, xn: &str, yn: &str) {
    let which = format!("{} {:?} {:?}", x.form, x.kind, x.filer);
    assert_eq!(
        (
            &x.form,
            x.kind,
            x.filer,
            x.months,
            x.period_from,
            x.period_to
        ),
        (
            &y.form,
            y.kind,
            y.filer,
            y.months,
            y.period_from,
            y.period_to
        ),
        "{which}: {xn} and {yn} give different returns"
    );
    let values = |r: &ComputedReturn| r.lines.iter().map(|l| (l.key, l.value)).collect::<Vec<_>>();
    assert_eq!(values(x), values(y), "{which}: {yn} differs from {xn}");
    assert_eq!(
        (x.refund, x.balance_due),
        (y.refund, y.balance_due),
        "{which}: refund/balance due differ between {xn} and {yn}"
    );
    if x.diagnostics != y.diagnostics {
        let first = x
            .diagnostics
            .iter()
            .zip(&y.diagnostics)
            .find(|(a, b)| a != b);
        panic!(
            "{which}: diagnostics differ between {xn} ({}) and {yn} ({}); first difference: \
             {first:#?}",
            x.diagnostics.len(),
            y.diagnostics.len()
        );
    }
    assert_eq!(
        x.filing_requirement.required, y.filing_requirement.required,
        "{which}: filing requirement differs between {xn} and {yn}"
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

/// The business credits schedule adds up: every credit's amount (this year's plus carried in) is
/// applied, refunded, carried forward or lost, none negative; only refundable credits refund;
/// the form's credit lines equal their rows; line 50 = line 45 - line 49, not below zero; the
/// ledger's remaining amounts are what the rows carry forward.
fn check_credit_schedule(r: &ComputedReturn, which: &str) {
    let sch = &r.business_credits;
    let mut forward = Decimal::ZERO;
    for row in &sch.rows {
        for (what, v) in [
            ("earned", row.earned),
            ("carried in", row.carried_in),
            ("applied", row.applied),
            ("refunded", row.refunded),
            ("carried forward", row.carried_forward),
            ("lost", row.lost),
        ] {
            assert!(
                v >= Decimal::ZERO,
                "{which}: {} {what} is negative: {v}",
                row.name
            );
        }
        let total = row.earned.saturating_add(row.carried_in);
        let parts = row
            .applied
            .saturating_add(row.refunded)
            .saturating_add(row.carried_forward)
            .saturating_add(row.lost);
        if total < Decimal::MAX / Decimal::TEN {
            assert_eq!(
                total, parts,
                "{which}: {}: earned + carried in != applied + refunded + carried forward + lost",
                row.name
            );
        }
        assert!(
            row.refundable || row.refunded.is_zero(),
            "{which}: non-refundable {} refunded {}",
            row.name,
            row.refunded
        );
        if let Some(limit) = row.limit {
            assert!(
                row.applied <= limit,
                "{which}: {} applied {} over its limit {limit}",
                row.name,
                row.applied
            );
        }
        forward = forward.saturating_add(row.carried_forward);
    }
    let remaining = sch
        .ledger
        .iter()
        .fold(Decimal::ZERO, |t, l| t.saturating_add(l.remaining));
    if forward < Decimal::MAX / Decimal::TEN && remaining < Decimal::MAX / Decimal::TEN {
        let expiring = sch
            .ledger
            .iter()
            .fold(Decimal::ZERO, |t, l| t.saturating_add(l.expiring));
        assert_eq!(
            forward,
            remaining.saturating_sub(expiring),
            "{which}: carried forward differs from the ledger's remaining less expiring"
        );
    }
    if r.form == "NJ-1040" {
        // A line the year's form does not have reads 0 here (the 2018-2019 forms have no total
        // credits line: their lines 45 and 47 are running balances).
        let opt = |key: Key| r.by_key(key).map_or(Decimal::ZERO, |l| l.value);
        let refundable_care = match book().for_year(r.tax_year) {
            Ok(p) => p.credits.cdcc_refundable.value,
            Err(e) => panic!("year {} parameters: {e}", r.tax_year),
        };
        // Through 2020 the care credit is taken against the tax with lines 46-48.
        let care = if refundable_care {
            Decimal::ZERO
        } else {
            opt(Key::ChildCareCredit)
        };
        let credits = [
            Key::ShelteredWorkshopCredit,
            Key::GoldStarCredit,
            Key::OrganDonorEmployerCredit,
        ]
        .iter()
        .fold(care, |t, k| t.saturating_add(opt(*k)));
        let l49 = match r.by_key(Key::TotalCredits) {
            Some(l) => {
                assert_eq!(l.value, credits, "{which}: line 49 != the credits above it");
                l.value
            }
            None => credits,
        };
        if r.by_key(Key::BalanceAfterCareCredit).is_some() {
            let after_care = floor_diff(line(r, Key::BalanceOfTax), care);
            assert_eq!(
                line(r, Key::BalanceAfterCareCredit),
                after_care,
                "{which}: the balance after the care credit"
            );
            assert_eq!(
                line(r, Key::BalanceAfterWorkshopCredit),
                floor_diff(after_care, opt(Key::ShelteredWorkshopCredit)),
                "{which}: the balance after the sheltered workshop credit"
            );
        }
        let (l45, l50) = (
            line(r, Key::BalanceOfTax),
            line(r, Key::BalanceAfterCredits),
        );
        assert_eq!(
            l50,
            floor_diff(l45, l49),
            "{which}: line 50 != max(0, 45 - 49)"
        );
        assert!(
            l49 <= l45 || l45 < Decimal::ZERO,
            "{which}: credits {l49} exceed the tax {l45}"
        );
    }
}
