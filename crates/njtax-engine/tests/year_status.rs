//! Each tax year's status as Help > About shows it (`forms/years.ron`): every year records the
//! day its figures were last checked, a real date not before the year itself ended, and the
//! provisional years are the ones whose forms are not published.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use njtax_engine::ParamBook;

#[test]
fn every_year_says_when_its_figures_were_last_checked() {
    let book = ParamBook::load().unwrap();
    assert!(!book.years().is_empty());
    for y in book.years() {
        let checked = y
            .checked
            .unwrap_or_else(|| panic!("{}: no `checked` date in years.ron", y.year));
        assert!(
            checked.year >= y.year,
            "{}: figures checked {checked}, before the year began",
            y.year
        );
    }
}

#[test]
fn a_year_without_a_checked_date_still_loads_and_a_malformed_one_is_refused() {
    let mut src = njtax_engine::ParamSources::embedded();
    let years = src.years.clone();
    src.years = years.replacen(", checked: Some(\"2026-12-07\")", "", 1);
    let book = ParamBook::from_sources(&src).unwrap();
    assert_eq!(book.years()[0].checked, None);
    src.years = years.replacen(
        "checked: Some(\"2026-12-07\")",
        "checked: Some(\"2026-02-30\")",
        1,
    );
    assert!(
        ParamBook::from_sources(&src).is_err(),
        "February 30 is no date"
    );
}
