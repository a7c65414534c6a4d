//! The order lines are computed in: no rule reads a line of its form before that line is
//! computed (which would silently read zero). The sheet records such reads
//! (`Sheet::premature_reads`); every example draft, every year it rolls forward to, and arbitrary
//! answers must have none.

use njtax_engine::compute::{Ctx, Sheet, compute_set};
use njtax_engine::{Answers, Key, ParamBook};

/// "name: form: keys" for each return of `a` with premature reads.
fn premature(name: &str, a: &Answers, book: &ParamBook) -> Vec<String> {
    let set = compute_set(a, book).unwrap_or_else(|e| panic!("{name}: {e}"));
    set.returns
        .iter()
        .filter(|r| !r.premature_reads.is_empty())
        .map(|r| {
            format!(
                "{name} ({}): {} {:?}",
                a.tax_year, r.form, r.premature_reads
            )
        })
        .collect()
}

#[test]
fn no_example_reads_a_line_before_it_is_computed() {
    let book = ParamBook::load().unwrap();
    let examples = crate::common::all_examples();
    assert!(examples.len() > 80, "{} examples", examples.len());
    let mut found = Vec::new();
    for path in examples {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut a = njtax_engine::parse_draft(&text).unwrap().answers;
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        found.extend(premature(&name, &a, &book));
        // Each later year too (its own layout of lines and its own figures).
        while a.tax_year < 2026 {
            let set = compute_set(&a, &book).unwrap();
            a = njtax_engine::rollover::next_year(&a, &set);
            found.extend(premature(&name, &a, &book));
        }
    }
    assert!(
        found.is_empty(),
        "lines read before they were computed:\n{}",
        found.join("\n")
    );
}

/// The record itself: a read of a line of the form not computed yet is recorded once; a read of
/// a computed line, or of a key that is not a line of the form, is not.
#[test]
fn the_sheet_records_a_read_of_a_line_not_yet_computed() {
    let book = ParamBook::load().unwrap();
    let p = book.for_year(2025).unwrap();
    let a = Answers {
        tax_year: 2025,
        ..Answers::default()
    };
    let cx = Ctx::new(&a, &p);
    let mut s = Sheet::for_map(&p.line_map);
    s.push(cx.line(Key::Wages, rust_decimal::dec!(100), cx.empty_explanation()));
    assert_eq!(s.v(Key::Wages), rust_decimal::dec!(100));
    assert_eq!(s.v(Key::Tax), rust_decimal::Decimal::ZERO);
    assert_eq!(s.v(Key::Tax), rust_decimal::Decimal::ZERO);
    // Column B of the NJ-1040NR is not a line of the NJ-1040.
    assert_eq!(s.v(Key::WagesNj), rust_decimal::Decimal::ZERO);
    assert_eq!(s.premature_reads(), vec![Key::Tax]);
    // A sheet not made for a form records nothing.
    let loose = Sheet::default();
    assert_eq!(loose.v(Key::Tax), rust_decimal::Decimal::ZERO);
    assert!(loose.premature_reads().is_empty());
}
