//! The employer's estimate of the credit for employees with impairments (P.L.2019, c.32, s.6 d;
//! C.34:11-56a40), with worked numbers.
//!
//! The common employee: last year 1,000 hours, wages $15,000.00 ($15.00 an hour), payroll taxes
//! $1,147.50 ($1.1475 an hour); last year's minimum wage $14.13; this year's minimum wage $15.49,
//! payroll taxes 7.65%; the State minimum wage would have risen $0.20 without P.L.2019, c.32, the
//! federal one $0.00: the d(1)(c) adjustment is $0.20.
//!
//! d(1)(a) per hour: 15.49 x 1.0765 = 16.674985 required, less (15.00 + 0.20) + 1.1475 = 16.3475
//! paid: 0.327485 an hour.
//! d(1)(b) per additional hour: (15.49 - (14.13 + 0.20)) x 1.0765 = 1.16 x 1.0765 = 1.24874.
#![allow(clippy::unwrap_used)]

use njtax_engine::ParamBook;
use njtax_engine::answers::{Answers, ImpairedEmployeeEstimate, MinimumWageEmployerType, Owner};
use njtax_engine::rules::impaired_estimator::{HoursCase, estimate, estimate_all};
use rust_decimal::dec;

fn employee(hours_this_year: rust_decimal::Decimal) -> ImpairedEmployeeEstimate {
    ImpairedEmployeeEstimate {
        owner: Owner::Taxpayer,
        name: "Sam".into(),
        employer_type: MinimumWageEmployerType::General,
        hours_last_year: dec!(1000),
        wages_last_year: dec!(15000),
        payroll_taxes_last_year: dec!(1147.50),
        hours_this_year,
        minimum_wage_this_year: dec!(15.49),
        minimum_wage_last_year: dec!(14.13),
        payroll_tax_rate_this_year: dec!(0.0765),
        state_increase_without_law: dec!(0.20),
        federal_increase: dec!(0),
        months_employed: None,
    }
}

fn est(
    e: &ImpairedEmployeeEstimate,
    year: u16,
) -> njtax_engine::rules::impaired_estimator::ImpairedEstimate {
    let book = ParamBook::load().unwrap();
    let p = book.for_year(2024).unwrap();
    estimate(e, &p.business_credits, year)
}

/// d(1)(a): 0.327485 x 1,000 = 327.485 -> $327.49.
#[test]
fn equal_hours_1000_at_15_to_15_49_gives_327_49_s6_d1a() {
    let r = est(&employee(dec!(1000)), 2024);
    assert_eq!(r.case, HoursCase::EqualHours);
    assert_eq!(r.preliminary, dec!(327.49));
    assert!(
        r.explanation.rule.contains("$0.3275"),
        "{}",
        r.explanation.rule
    );
}

/// d(1)(b): 327.485 + 200 x 1.24874 = 327.485 + 249.748 = 577.233 -> $577.23. The additional
/// hours carry payroll taxes ("in the same manner as ... (a)"); read without them:
/// 327.485 + 200 x 1.16 = 559.485 -> $559.49 (shown as the other reading).
#[test]
fn more_hours_1200_vs_1000_gives_577_23_with_payroll_taxes_on_the_additional_hours_s6_d1b() {
    let r = est(&employee(dec!(1200)), 2024);
    assert_eq!(r.case, HoursCase::MoreHours);
    assert_eq!(r.preliminary, dec!(577.23));
    assert_eq!(r.additional_hours_without_payroll_taxes, Some(dec!(559.49)));
    assert!(r.notes.iter().any(|n| n.contains("$559.49")));
}

/// d(2): fewer hours than last year: no credit for this employee.
#[test]
fn fewer_hours_800_vs_1000_gives_0_s6_d2() {
    let r = est(&employee(dec!(800)), 2024);
    assert_eq!(r.case, HoursCase::FewerHours);
    assert_eq!(r.preliminary, dec!(0));
}

/// Edges: one hour more is case (b): 327.485 + 1.24874 = 328.73374 -> $328.73; one hour less is
/// d(2): $0.00.
#[test]
fn one_hour_more_1001_gives_328_73_and_one_hour_less_999_gives_0_s6_d1b_d2() {
    let more = est(&employee(dec!(1001)), 2024);
    assert_eq!(more.case, HoursCase::MoreHours);
    assert_eq!(more.preliminary, dec!(328.73));
    let less = est(&employee(dec!(999)), 2024);
    assert_eq!(less.case, HoursCase::FewerHours);
    assert_eq!(less.preliminary, dec!(0));
    let fraction = est(&employee(dec!(999.99)), 2024);
    assert_eq!(fraction.case, HoursCase::FewerHours);
}

/// d(1)(c): the larger increase counts (federal 0.50 over State 0.20): per hour 16.674985 -
/// (15.50 + 1.1475) = 0.027485; x 1,000 = 27.485 -> $27.49.
#[test]
fn larger_of_state_and_federal_increase_0_50_gives_27_49_s6_d1c() {
    let mut e = employee(dec!(1000));
    e.federal_increase = dec!(0.50);
    assert_eq!(est(&e, 2024).preliminary, dec!(27.49));
}

/// d(1)(c) increases only "the actual rate of pay": last year's payroll taxes per hour stay as
/// paid ($1.1475), not increased with the rate. With a $1.00 increase: 16.674985 - (16.00 +
/// 1.1475) < 0 -> $0.00; had the taxes been increased too it would be even lower, so pin the
/// positive case: adj 0.10: 16.674985 - (15.10 + 1.1475) = 0.427485 x 1,000 = $427.49 (taxes
/// increased by 7.65% x 0.10 would give $419.84).
#[test]
fn last_year_payroll_taxes_are_not_adjusted_0_10_increase_gives_427_49_s6_d1c() {
    let mut e = employee(dec!(1000));
    e.state_increase_without_law = dec!(0.10);
    assert_eq!(est(&e, 2024).preliminary, dec!(427.49));
}

/// Never negative: an employee already paid $20.00 an hour gives $0.00, not a negative amount.
#[test]
fn employee_paid_20_an_hour_gives_0_not_negative_s6_d1() {
    let mut e = employee(dec!(1000));
    e.wages_last_year = dec!(20000);
    e.payroll_taxes_last_year = dec!(1530);
    let r = est(&e, 2024);
    assert_eq!(r.preliminary, dec!(0));
}

/// s.6 b: a General employer applies before January 1, 2025: open at the end of 2024, passed for
/// 2025. s.6 c: small or seasonal employers before January 1, 2028: open for 2025 and 2027,
/// passed for 2028.
#[test]
fn deadline_general_before_2025_and_small_or_seasonal_before_2028_s6_b_c() {
    let e = employee(dec!(1000));
    let r = est(&e, 2024);
    assert_eq!(r.deadline_year, 2025);
    assert!(!r.deadline_passed);
    assert!(r.deadline.contains("January 1, 2025"));
    assert!(est(&e, 2025).deadline_passed);
    let mut s = employee(dec!(1000));
    s.employer_type = MinimumWageEmployerType::SmallOrSeasonal;
    assert_eq!(est(&s, 2025).deadline_year, 2028);
    assert!(!est(&s, 2025).deadline_passed);
    assert!(!est(&s, 2027).deadline_passed);
    assert!(est(&s, 2028).deadline_passed);
}

/// Part of a year: hired in July last year (500 hours, $7,500, taxes $573.75: $15.00 and $1.1475
/// an hour), a full year now (1,000 hours): case (b) on the whole years: 500 x 0.327485 = 163.7425
/// + 500 x 1.24874 = 624.37 -> 788.1125 -> $788.11, and the note explains the comparison.
#[test]
fn hired_part_way_last_year_500_then_1000_hours_is_case_b_788_11_s6_d() {
    let mut e = employee(dec!(1000));
    e.hours_last_year = dec!(500);
    e.wages_last_year = dec!(7500);
    e.payroll_taxes_last_year = dec!(573.75);
    e.months_employed = Some(12);
    let r = est(&e, 2024);
    assert_eq!(r.case, HoursCase::MoreHours);
    assert_eq!(r.preliminary, dec!(788.11));
    assert!(r.notes.iter().any(|n| n.contains("whole tax year")));
    assert!(r.explanation.rule.contains("whole last calendar year"));
}

/// No hours last year: all hours are additional (case b): 1,000 x 1.24874 = $1,248.74.
#[test]
fn new_employee_without_last_year_hours_1000_gives_1248_74_s6_d1b() {
    let mut e = employee(dec!(1000));
    e.hours_last_year = dec!(0);
    e.wages_last_year = dec!(0);
    e.payroll_taxes_last_year = dec!(0);
    assert_eq!(est(&e, 2024).preliminary, dec!(1248.74));
}

/// Negative inputs are noted and treated as zero; absurd magnitudes saturate, never panic.
#[test]
fn negative_and_absurd_inputs_do_not_panic() {
    let mut e = employee(dec!(-5));
    e.minimum_wage_this_year = rust_decimal::Decimal::MAX;
    e.payroll_tax_rate_this_year = rust_decimal::Decimal::MAX;
    let r = est(&e, 2024);
    assert!(r.notes.iter().any(|n| n.contains("cannot be negative")));
    let mut e = employee(rust_decimal::Decimal::MAX);
    e.minimum_wage_this_year = rust_decimal::Decimal::MAX;
    let _ = est(&e, 2024);
}

/// estimate_all: answer paths by index, spouse's employees only on a joint return.
#[test]
fn estimate_all_uses_indexed_answer_paths() {
    let book = ParamBook::load().unwrap();
    let p = book.for_year(2024).unwrap();
    let mut a = Answers {
        tax_year: 2024,
        ..Default::default()
    };
    let mut spouse = employee(dec!(1000));
    spouse.owner = Owner::Spouse;
    a.business_credits.impaired_employee_estimates = vec![spouse, employee(dec!(1000))];
    let all = estimate_all(&a, &p.business_credits);
    assert_eq!(all.len(), 1);
    assert!(all[0].explanation.inputs.iter().any(|i| matches!(&i.source,
        njtax_engine::explain::Source::Answer(p) if p == "business_credits.impaired_employee_estimates[1].hours_this_year")));
}
