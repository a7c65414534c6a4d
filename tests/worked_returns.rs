//! Worked returns: the drafts in `examples/` against results computed BY HAND from the statute
//! (N.J.S.A. Title 54A) and the reference sheets, never by running the engine. Most are data now
//! (the `.expected` file beside each draft, run by `tests/scenarios.rs`); the 2026 sample stays
//! here because it is also checked against the app's embedded default draft.
//!
//! The full line-by-line arithmetic, with the statute section for every step, is in
//! `docs/worked-returns.md`; the comment beside each expected value below is its short form.
//! Common methods (see the doc): line 43 under $100,000 uses the tax table, i.e. the 54A:2-1 formula
//! (printed base amounts) at the midpoint of the $50 row holding the income, rounded to whole
//! dollars; at or above $100,000 the rate schedule to the cent. Worksheet H takes the property tax
//! deduction when it saves at least $50 ($25 for a separate filer sharing the home), else the $50
//! credit on line 56 (54A:3A-17, 3A-18, 3A-20).
//!
//! Each test collects every mismatch (line, expected, got, the engine's rule text) into one
//! failure message, so one run shows all the differences.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use crate::common;

use std::path::{Path, PathBuf};

use njtax_engine::{ParamBook, Severity, compute, parse_draft};

use crate::common::Expected;

// ---------------------------------------------------------------------------------------------
// The app's sample return, tax year 2026 (provisional): return 1a of docs/returns-2026.md, worked
// by hand by the independent checker, with a home address and last year's gross income added
// (neither enters any line). Head of household, two children (3 and 8), rent 12,000.00.

const FAMILY_2026: Expected = Expected {
    lines: &[
        ("6", "1000.00"),   // regular exemption, 54A:3-1 a
        ("10", "3000.00"),  // 2 x 1,500, qualifying children (3-1 b 2)
        ("13", "4000.00"),  // total exemptions
        ("15", "34000.00"), // W-2 box 16
        ("27", "34000.00"), // total income
        ("29", "34000.00"), // no retirement exclusion
        ("30", "4000.00"),  // from line 13
        ("38", "4000.00"),  // 30 only
        ("39", "30000.00"), // 34,000 - 4,000
        ("40a", "2160.00"), // 18% x rent 12,000 (3A-16)
        // Worksheet H: col A 27,840 -> row 27,800, mid 27,825: 417; col B 30,000.00 starts its row,
        // mid 30,025: 280 + 1.75% x 10,025 = 455.4375 -> 455; saving 38 < 50: the $50 credit.
        ("41", "0.00"),
        ("42", "30000.00"),
        ("43", "455.00"),
        ("45", "455.00"),
        ("50", "455.00"),
        ("54", "455.00"),
        ("55", "310.00"), // W-2 box 17
        ("56", "50.00"),  // property tax credit (3A-20 a)
        // Federal EIC, two children: band 34,000-34,050, mid 34,025: 7,316 - 21.06% x (34,025 -
        // 23,890) = 5,181.569 -> 5,182; NJ 40% (4-7 a(2)(l)).
        ("58", "2072.80"),
        ("65", "1250.00"), // Amara (3) only; line 42 "$30,000 or under": 1,250 (4-17.1 a, 2026)
        ("66", "3682.80"), // 310 + 50 + 2,072.80 + 1,250
        ("68", "3227.80"), // 3,682.80 - 455
        ("79", "0.00"),
        ("80", "3227.80"),
    ],
    refund: "3227.80",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn the_apps_2026_family_sample_gets_the_2026_child_tax_credit_and_eitc() {
    common::check("", "docs/returns-2026.md", "family-2026.ron", &FAMILY_2026);
    // The sample is the checker's return 1a with an address added: every line the same.
    let sample = common::load_and_compute("", "family-2026.ron");
    let checked = common::load_and_compute("2026", "01a-hoh-line-42-exactly-30000-ctc-1250.ron");
    let values = |r: &njtax_engine::ComputedReturn| -> Vec<(String, rust_decimal::Decimal)> {
        r.lines
            .iter()
            .map(|l| (l.id.to_string(), l.value))
            .collect()
    };
    assert_eq!(values(&sample), values(&checked));
    assert_eq!(sample.refund, checked.refund);
}

// ---------------------------------------------------------------------------------------------

/// Every draft in `examples/` parses and computes without an error diagnostic (missing SSN, birth
/// date, spouse, and so on). Warnings (uncertain figures, the assumed 2022 line map) are allowed.
#[test]
fn every_example_parses_and_computes_without_error_diagnostics() {
    let book = ParamBook::load().expect("embedded parameters load");
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"))
            .expect("examples/ exists")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
    files.sort();
    assert!(
        files.len() >= 10,
        "expected at least 10 examples, found {}",
        files.len()
    );
    let mut problems: Vec<String> = Vec::new();
    for path in &files {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{name}: cannot read: {e}"));
                continue;
            }
        };
        let draft = match parse_draft(&text) {
            Ok(d) => d,
            Err(e) => {
                problems.push(format!("{name}: does not parse: {e}"));
                continue;
            }
        };
        match compute(&draft.answers, &book) {
            Ok(ret) => {
                for d in ret
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                {
                    problems.push(format!("{name}: error diagnostic {d:?}"));
                }
            }
            Err(e) => problems.push(format!("{name}: does not compute: {e}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
