//! Checks of the answers themselves (`rules/validate.rs`): the home address printed at the top of
//! the NJ-1040 and NJ-1040NR. The address changes no amount, so its checks are warnings: the
//! return is computed and printable whatever is typed there.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use njtax_engine::Key;

use crate::common::{date, person, run, v};
use njtax_engine::answers::{Address, FilingStatus, W2};
use njtax_engine::rules::validate::{
    municipality_code_is_well_formed, state_is_well_formed, zip_is_well_formed,
};
use njtax_engine::{Answers, ComputedReturn, Diagnostic, Severity};
use rust_decimal::dec;

/// A single filer with wages, a name and the given address.
fn answers_with(address: Address) -> Answers {
    let mut a = Answers {
        tax_year: 2024,
        filing_status: FilingStatus::Single,
        taxpayer: person(date(1980, 4, 2)),
        address,
        ..Answers::default()
    };
    a.taxpayer.name = "Pat Filer".into();
    a.income.w2s.push(W2 {
        state_wages: dec!(50000),
        ..W2::default()
    });
    a
}

/// A complete, well-formed New Jersey address.
fn good_address() -> Address {
    Address {
        street: "12 Main St".into(),
        apartment: String::new(),
        city: "Hoboken".into(),
        state: "NJ".into(),
        zip: "07030".into(),
        country: String::new(),
        municipality_code: "0905".into(),
    }
}

/// The return's diagnostics about the address (code starting `address-`).
fn address_diags(r: &ComputedReturn) -> Vec<&Diagnostic> {
    r.diagnostics
        .iter()
        .filter(|d| d.code.starts_with("address-"))
        .collect()
}

#[test]
fn a_complete_well_formed_address_gets_no_address_diagnostic() {
    let r = run(&answers_with(good_address()));
    assert!(address_diags(&r).is_empty(), "{:?}", address_diags(&r));
}

#[test]
fn an_empty_address_gets_exactly_one_warning_at_the_street_and_the_return_is_still_computed() {
    let r = run(&answers_with(Address::default()));
    let d = address_diags(&r);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, "address-missing");
    assert_eq!(d[0].severity, Severity::Warning);
    assert_eq!(d[0].path.as_deref(), Some("address.street"));
    // Not an error: the return is computed as without the check (line 29 = the wages).
    assert!(!r.has_errors());
    assert_eq!(v(&r, Key::GrossIncome), dec!(50000));
}

#[test]
fn a_municipality_code_alone_still_counts_as_an_empty_address() {
    let r = run(&answers_with(Address {
        municipality_code: "0905".into(),
        ..Address::default()
    }));
    let codes: Vec<_> = address_diags(&r).iter().map(|d| d.code.clone()).collect();
    assert_eq!(codes, ["address-missing"]);
}

#[test]
fn a_zip_that_is_not_five_digits_or_zip_plus_4_is_warned_at_the_zip() {
    for bad in [
        "0703",
        "070301",
        "07030-12",
        "07030-12345",
        "O7030",
        "07030 1234",
        "070301234",
    ] {
        let r = run(&answers_with(Address {
            zip: bad.into(),
            ..good_address()
        }));
        let d = address_diags(&r);
        assert_eq!(d.len(), 1, "{bad}: {d:?}");
        assert_eq!(d[0].code, "address-bad-zip", "{bad}");
        assert_eq!(d[0].severity, Severity::Warning, "{bad}");
        assert_eq!(d[0].path.as_deref(), Some("address.zip"), "{bad}");
        assert!(!r.has_errors(), "{bad}");
    }
}

#[test]
fn five_digits_and_zip_plus_4_are_accepted_with_spaces_around_them() {
    for good in ["07030", "07030-1234", " 07030 ", "08625-0111"] {
        assert!(zip_is_well_formed(good), "{good}");
        let r = run(&answers_with(Address {
            zip: good.into(),
            ..good_address()
        }));
        assert!(address_diags(&r).is_empty(), "{good}");
    }
}

#[test]
fn an_empty_zip_state_or_code_in_a_typed_address_gets_no_format_warning() {
    let r = run(&answers_with(Address {
        zip: String::new(),
        state: "  ".into(),
        municipality_code: String::new(),
        ..good_address()
    }));
    assert!(address_diags(&r).is_empty(), "{:?}", address_diags(&r));
}

#[test]
fn a_municipality_code_must_be_four_digits() {
    assert!(municipality_code_is_well_formed("0905"));
    assert!(municipality_code_is_well_formed(" 0101 "));
    for bad in ["905", "09051", "09-5", "ABCD", "0 05"] {
        assert!(!municipality_code_is_well_formed(bad), "{bad}");
        let r = run(&answers_with(Address {
            municipality_code: bad.into(),
            ..good_address()
        }));
        let d = address_diags(&r);
        assert_eq!(d.len(), 1, "{bad}: {d:?}");
        assert_eq!(d[0].code, "address-bad-municipality-code");
        assert_eq!(d[0].severity, Severity::Warning);
        assert_eq!(d[0].path.as_deref(), Some("address.municipality_code"));
    }
}

#[test]
fn a_state_must_be_two_letters() {
    assert!(state_is_well_formed("NJ"));
    assert!(state_is_well_formed("ny"));
    for bad in ["N", "NJX", "New Jersey", "N1", "N.J."] {
        assert!(!state_is_well_formed(bad), "{bad}");
        let r = run(&answers_with(Address {
            state: bad.into(),
            ..good_address()
        }));
        let d = address_diags(&r);
        assert_eq!(d.len(), 1, "{bad}: {d:?}");
        assert_eq!(d[0].code, "address-bad-state");
        assert_eq!(d[0].severity, Severity::Warning);
        assert_eq!(d[0].path.as_deref(), Some("address.state"));
    }
}

#[test]
fn a_foreign_address_is_not_held_to_the_us_zip_and_state_shapes_but_the_code_still_is() {
    let foreign = Address {
        street: "1 Rue de Rivoli".into(),
        city: "Paris".into(),
        state: "Ile-de-France".into(),
        zip: "75001 CEDEX".into(),
        country: "France".into(),
        municipality_code: String::new(),
        ..Address::default()
    };
    let r = run(&answers_with(foreign.clone()));
    assert!(address_diags(&r).is_empty(), "{:?}", address_diags(&r));
    let r = run(&answers_with(Address {
        municipality_code: "12".into(),
        ..foreign
    }));
    let codes: Vec<_> = address_diags(&r).iter().map(|d| d.code.clone()).collect();
    assert_eq!(codes, ["address-bad-municipality-code"]);
}

#[test]
fn several_malformed_parts_each_get_their_own_warning_and_no_missing_warning() {
    let r = run(&answers_with(Address {
        state: "New Jersey".into(),
        zip: "7030".into(),
        municipality_code: "95".into(),
        ..good_address()
    }));
    let mut paths: Vec<_> = address_diags(&r)
        .iter()
        .filter_map(|d| d.path.clone())
        .collect();
    paths.sort();
    assert_eq!(
        paths,
        ["address.municipality_code", "address.state", "address.zip"]
    );
    assert!(!r.has_errors());
}

/// Several rules notice a dependent without a birth date (the answer checks, the exemptions, the
/// child tax credit): the return reports the problem once at its place, with the most severe of
/// the findings; and no other problem of that return is reported twice at one place.
#[test]
fn each_problem_is_reported_once_at_its_place() {
    let mut a = answers_with(good_address());
    let mut kid = common::child(date(2018, 5, 1));
    kid.birth_date = None;
    a.dependents.push(kid);
    let r = run(&a);
    let found: Vec<&Diagnostic> = r
        .diagnostics
        .iter()
        .filter(|d| {
            d.code == "missing-birth-date" && d.path.as_deref() == Some("dependents[0].birth_date")
        })
        .collect();
    assert_eq!(found.len(), 1, "{:#?}", r.diagnostics);
    assert_eq!(found[0].severity, Severity::Error, "{found:#?}");

    // (The notes on uncertain figures have no place: one per figure, told apart by their words.)
    let mut seen = std::collections::HashSet::new();
    for d in r.diagnostics.iter().filter(|d| d.path.is_some()) {
        assert!(seen.insert((&d.code, &d.path)), "twice: {d:#?}");
    }
}

/// Text typed for an answer that could not be read (`Answers::unreadable`): one error at its path
/// naming the answer's words and why, never what was typed, and nothing else at that path (the "not given"
/// value standing in for it is not what the filer typed).
#[test]
fn an_unreadable_answer_is_an_error_at_its_path_naming_the_field_and_the_text() {
    use njtax_engine::answers::Unreadable;
    use njtax_engine::rules::validate::UNREADABLE_CODE;
    let mut a = answers_with(good_address());
    a.income.w2s[0].state_wages = dec!(0);
    a.income.w2s[0].employer = "Acme".into();
    a.unreadable.insert(
        "income.w2s[0].state_wages".into(),
        Unreadable {
            typed: "58,4OO".into(),
            field: "W-2 from Acme: State wages (box 16)".into(),
            problem: "The letter O is not a digit".into(),
        },
    );
    a.taxpayer.birth_date = None;
    a.unreadable.insert(
        "taxpayer.birth_date".into(),
        Unreadable {
            typed: "1990-02-30".into(),
            field: "Your birth date".into(),
            problem: "February 1990 has no 30th day".into(),
        },
    );
    let r = run(&a);
    let errors: Vec<&Diagnostic> = r
        .diagnostics
        .iter()
        .filter(|d| d.code == UNREADABLE_CODE)
        .collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    let wages = errors
        .iter()
        .find(|d| d.path.as_deref() == Some("income.w2s[0].state_wages"))
        .unwrap();
    assert_eq!(wages.severity, Severity::Error);
    assert!(
        wages.message.starts_with(
            "W-2 from Acme: State wages (box 16) could not be read (The letter O is not a digit)"
        ),
        "{}",
        wages.message
    );
    // What was typed is not repeated (it may be an SSN typed into the wrong answer).
    assert!(!wages.message.contains("58,4OO"), "{}", wages.message);
    assert!(wages.message.contains("not final"), "{}", wages.message);
    // The birth date's own "missing" error is not repeated at the same path.
    let at_birth: Vec<&str> = r
        .diagnostics
        .iter()
        .filter(|d| d.path.as_deref() == Some("taxpayer.birth_date"))
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(at_birth, vec![UNREADABLE_CODE]);
    assert!(r.has_errors());
    // The answer counts as not given: no wages.
    assert_eq!(v(&r, Key::Wages), dec!(0));
}

#[test]
fn a_long_unreadable_paste_is_not_repeated_in_the_message_and_a_missing_label_names_the_path() {
    use njtax_engine::answers::Unreadable;
    let mut a = answers_with(good_address());
    a.unreadable.insert(
        "use_tax".into(),
        Unreadable {
            typed: "x".repeat(500),
            ..Unreadable::default()
        },
    );
    let r = run(&a);
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.code == "unreadable-answer")
        .unwrap();
    assert!(
        d.message.starts_with("use_tax could not be read."),
        "{}",
        d.message
    );
    assert!(!d.message.contains("xxx"), "{}", d.message);
    assert!(d.message.len() < 200, "{}", d.message);
}

/// Dates are `YYYY-MM-DD` with two-digit months and days (a day cut short while typing,
/// `1990-02-3`, is never a date), and a date that does not exist says so in words.
#[test]
fn a_date_needs_two_digit_months_and_days_and_a_date_that_does_not_exist_says_so() {
    use njtax_engine::answers::Date;
    assert_eq!("1990-02-03".parse::<Date>(), Ok(date(1990, 2, 3)));
    assert_eq!(" 2024-02-29 ".parse::<Date>(), Ok(date(2024, 2, 29)));
    assert_eq!(
        "1990-02-3".parse::<Date>(),
        Err("Use YYYY-MM-DD: 1990-02-03".to_owned())
    );
    assert_eq!(
        "1990-2-03".parse::<Date>(),
        Err("Use YYYY-MM-DD: 1990-02-03".to_owned())
    );
    assert_eq!(
        "1990-02-30".parse::<Date>(),
        Err("February 1990 has no 30th day".to_owned())
    );
    assert_eq!(
        "2023-02-29".parse::<Date>(),
        Err("February 2023 has no 29th day".to_owned())
    );
    assert_eq!(
        "2024-04-31".parse::<Date>(),
        Err("April 2024 has no 31st day".to_owned())
    );
    assert_eq!(
        "2024-01-32".parse::<Date>(),
        Err("January 2024 has no 32nd day".to_owned())
    );
    assert_eq!(
        "2024-13-01".parse::<Date>(),
        Err("There is no month 13 (01 to 12)".to_owned())
    );
    assert_eq!(
        "2024-01-00".parse::<Date>(),
        Err("There is no day 00 in a month".to_owned())
    );
    for shape in [
        "",
        "1990",
        "1990-02",
        "90-02-03",
        "1990-02-03-04",
        "1990/02/03",
        "199O-02-03",
        "1990-002-03",
    ] {
        assert_eq!(
            shape.parse::<Date>(),
            Err("Use YYYY-MM-DD, e.g. 1958-03-14".to_owned()),
            "{shape}"
        );
    }
}

/// A birth year before 1900 (`0024-01-01`, `1800-05-01`, `0000-01-01`) is a mistyped year that
/// would grant the age 65 exemption: an error at the birth date, for the filer, the spouse and a
/// dependent; a two-digit year (`24-01-01`) is never read as a date at all.
#[test]
fn a_birth_year_before_1900_is_an_error_at_the_birth_date_and_a_two_digit_year_is_no_date() {
    use njtax_engine::answers::Date;
    assert!("24-01-01".parse::<Date>().is_err());
    assert!("024-01-01".parse::<Date>().is_err());
    for year in [0, 24, 1800, 1899] {
        let mut a = answers_with(good_address());
        a.taxpayer.birth_date = Date::new(year, 1, 1);
        a.dependents.push(common::child(date(year.max(1), 6, 1)));
        let r = run(&a);
        for path in ["taxpayer.birth_date", "dependents[0].birth_date"] {
            let d = r
                .diagnostics
                .iter()
                .find(|d| {
                    d.path.as_deref() == Some(path)
                        && d.code == njtax_engine::rules::validate::BIRTH_YEAR_TOO_EARLY_CODE
                })
                .unwrap_or_else(|| panic!("{year} at {path}: {:?}", r.diagnostics));
            assert_eq!(d.severity, Severity::Error);
            assert!(d.message.contains("before 1900"), "{}", d.message);
        }
        assert!(r.has_errors());
    }
    let mut a = answers_with(good_address());
    a.taxpayer.birth_date = Some(date(1900, 1, 1));
    assert!(
        !run(&a)
            .diagnostics
            .iter()
            .any(|d| d.code == njtax_engine::rules::validate::BIRTH_YEAR_TOO_EARLY_CODE)
    );
}

/// Numbers the SSA never issues (area 000, 666 or 9xx outside the ITIN groups, group 00, serial
/// 0000, all one digit, the well-known examples) are warned about at the SSN, without repeating
/// the number; an ITIN (and a dependent's ATIN) is not.
#[test]
fn an_ssn_that_is_never_issued_is_warned_at_its_place_and_an_itin_is_not() {
    use njtax_engine::rules::validate::{SSN_NEVER_ISSUED_CODE, ssn_never_issued};
    for never in [
        "000-12-3456",
        "666-12-3456",
        "900-12-3456",
        "912-93-4567",
        "400-00-1234",
        "400-12-0000",
        "123-45-6789",
        "078-05-1120",
        "219-09-9999",
        "999-99-9999",
        "111111111",
    ] {
        assert!(ssn_never_issued(never, false).is_some(), "{never}");
    }
    for real in [
        "400-12-3456",
        "665-12-3456",
        "900-70-1234",
        "999-50-1234",
        "912-94-0001",
    ] {
        assert_eq!(ssn_never_issued(real, false), None, "{real}");
    }
    assert_eq!(ssn_never_issued("912-93-4567", true), None, "an ATIN");
    assert_eq!(
        ssn_never_issued("12-345", false),
        None,
        "malformed: another check"
    );

    let mut a = answers_with(good_address());
    a.taxpayer.ssn = "999-99-9999".into();
    a.dependents.push(common::child(date(2015, 6, 1)));
    a.dependents[0].ssn = "400-00-1234".into();
    let r = run(&a);
    for (path, who) in [
        ("taxpayer.ssn", "Your Social Security number"),
        ("dependents[0].ssn", "Dependent 1's Social Security number"),
    ] {
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.path.as_deref() == Some(path) && d.code == SSN_NEVER_ISSUED_CODE)
            .unwrap_or_else(|| panic!("{path}: {:?}", r.diagnostics));
        assert_eq!(d.severity, Severity::Warning);
        assert!(d.message.starts_with(who), "{}", d.message);
        assert!(
            !d.message.contains("9999") && !d.message.contains("1234"),
            "{}",
            d.message
        );
    }
    a.taxpayer.ssn = "400-12-3456".into();
    a.dependents[0].ssn = "912-93-4567".into();
    assert!(
        !run(&a)
            .diagnostics
            .iter()
            .any(|d| d.code == SSN_NEVER_ISSUED_CODE)
    );
}

/// Sums past the decimal range stopped there without a word; now a line of a quadrillion dollars
/// or more is an error naming the line.
#[test]
fn a_line_past_a_quadrillion_dollars_is_an_error_naming_it() {
    use njtax_engine::compute::OUT_OF_RANGE_CODE;
    let huge = rust_decimal::Decimal::MAX;
    let mut a = answers_with(good_address());
    a.income.w2s[0].state_wages = huge;
    a.income.w2s.push(W2 {
        state_wages: huge,
        ..W2::default()
    });
    let r = run(&a);
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.code == OUT_OF_RANGE_CODE)
        .unwrap_or_else(|| panic!("{:?}", r.diagnostics));
    assert_eq!(d.severity, Severity::Error);
    let wages = r.by_key(Key::Wages).unwrap();
    assert!(
        d.message
            .contains(&format!("{} ({})", wages.id, wages.label)),
        "{}",
        d.message
    );
    assert!(r.has_errors());
    let fine = run(&answers_with(good_address()));
    assert!(!fine.diagnostics.iter().any(|d| d.code == OUT_OF_RANGE_CODE));
}

/// Every date that can be made is written as `YYYY-MM-DD` and reads back the same: a year past
/// 9999 (five digits) is no date (a fuzzed draft with one could be written but not read back).
#[test]
fn every_date_that_can_be_made_reads_back_and_a_five_digit_year_is_none() {
    use njtax_engine::answers::Date;
    for year in [0, 24, 999, 1000, 1900, 2026, 9999] {
        let d = Date::new(year, 2, 28).unwrap();
        let text = d.to_string();
        assert_eq!(text.len(), 10, "{text}");
        assert_eq!(text.parse::<Date>(), Ok(d), "{text}");
    }
    assert_eq!(Date::new(10000, 1, 1), None);
    assert_eq!(Date::new(u16::MAX, 12, 31), None);
}
