//! Schedule NJ-HCC and the shared responsibility payment (line 53c), worked by hand from N.J.S.A.
//! 54A:11-3 b (the federal 5000A penalty as of December 15, 2017) and 11-4 a, d, e, g. Figures: $695
//! per adult, $347.50 per child under 18, at most $2,085 a year; 2.5% of household income over the
//! filing threshold ($10,000 single, $20,000 joint); bronze premium $3,960 per person for 2024.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use crate::common;
use njtax_engine::Key;

use crate::common::{child, date, person};
use njtax_engine::answers::{Coverage, Date, FilingStatus, W2};
use njtax_engine::compute::{Ctx, Sheet};
use njtax_engine::explain::{Diagnostic, Line, Severity};
use njtax_engine::residency::{ReturnKind, Scope};
use njtax_engine::rules::hcc::{HccSchedule, line_53c_shared_responsibility};
use njtax_engine::{Answers, Explanation, ParamBook};
use rust_decimal::Decimal;
use rust_decimal::dec;

fn uninsured(months: &[u8]) -> Coverage {
    Coverage {
        months_without_coverage: months.to_vec(),
        ..Coverage::default()
    }
}

fn single(year: u16, months: &[u8]) -> Answers {
    let mut a = Answers {
        tax_year: year,
        ..Answers::default()
    };
    a.taxpayer = person(date(1980, 5, 5));
    a.taxpayer.name = "Pat".into();
    a.taxpayer.coverage = uninsured(months);
    a
}

struct Out {
    line: Line,
    hcc: Option<HccSchedule>,
    diags: Vec<Diagnostic>,
}

/// Line 53c on a return whose total income (line 27) and gross income (line 29) are `income`.
fn hcc_scoped(a: &Answers, income: Decimal, scope: Scope) -> Out {
    let book = ParamBook::load().unwrap();
    let p = book.for_year(a.tax_year).unwrap();
    let cx = Ctx::scoped(a, &p, scope);
    let mut s = Sheet::default();
    s.push(cx.line(Key::TotalIncome, income, Explanation::default()));
    s.push(cx.line(Key::GrossIncome, income, Explanation::default()));
    let (line, hcc) = line_53c_shared_responsibility(&cx, &s);
    Out {
        line,
        hcc,
        diags: cx.take_diags(),
    }
}

fn hcc(a: &Answers, income: Decimal) -> Out {
    hcc_scoped(a, income, Scope::full_year_resident())
}

fn has(diags: &[Diagnostic], code: &str) -> Option<Severity> {
    diags.iter().find(|d| d.code == code).map(|d| d.severity)
}

#[test]
fn a_covered_household_owes_nothing_and_answers_part_i_yes_54a_11_3_a() {
    let mut a = single(2024, &[]);
    a.filing_status = FilingStatus::MarriedJoint;
    a.spouse = Some(person(date(1982, 1, 1)));
    a.dependents = vec![child(date(2015, 3, 3))];
    let o = hcc(&a, dec!(90000));
    let s = o.hcc.unwrap();
    assert_eq!(o.line.value, Decimal::ZERO);
    assert!(s.everyone_covered);
    assert_eq!(s.members.len(), 3);
    assert!(s.months.is_empty());
    assert!(o.line.explanation.rule.contains("Part I"));
    // No law figure was used, so no uncertainty is raised.
    assert!(o.line.explanation.params.is_empty());
}

#[test]
fn a_covered_household_on_the_whole_return_shows_zero_on_line_53c_and_the_schedule() {
    let mut a = single(2024, &[]);
    a.income.w2s = vec![W2 {
        state_wages: dec!(60000),
        ..W2::default()
    }];
    let r = common::run(&a);
    assert_eq!(r.value("53c"), Decimal::ZERO);
    assert!(r.hcc.as_ref().unwrap().everyone_covered);
    assert!(!r.diagnostics.iter().any(|d| d.code.starts_with("hcc")));
}

/// 5000A(c)(2): 1/12 of the greater of the flat amount and the percentage, per month. Income
/// $20,000: 2.5% x ($20,000 - $10,000) = $250.00 < $695: flat wins. 5 months: $695 x 5 / 12 =
/// $289.5833 = $289.58; bronze cap $3,960 x 5 / 12 = $1,650.00 does not bite.
#[test]
fn one_uninsured_adult_for_5_months_flat_amount_wins_at_low_income_54a_11_3_b() {
    let a = single(2024, &[1, 2, 3, 4, 5]);
    let o = hcc(&a, dec!(20000));
    let s = o.hcc.unwrap();
    assert_eq!(s.months.len(), 5);
    assert_eq!(s.months[0].flat, dec!(695));
    assert_eq!(s.months[0].percentage, dec!(250));
    assert_eq!(s.months[0].amount, dec!(57.92));
    assert_eq!(s.total_monthly, dec!(289.58));
    assert_eq!(s.cap, dec!(1650));
    assert_eq!(o.line.value, dec!(289.58));
    assert!(!s.everyone_covered);
    assert_eq!(s.members[0].months_owed, vec![1, 2, 3, 4, 5]);
    let e = &o.line.explanation;
    assert!(e.rule.contains("$289.58"), "{}", e.rule);
    assert!(
        e.inputs.iter().any(
            |i| format!("{:?}", i.source).contains("taxpayer.coverage.months_without_coverage")
        )
    );
    // The rule cites the statute and records the schedule; the finished return adds the form
    // line and the schedule's title to the citation.
    assert_eq!(e.schedules, [njtax_engine::schedule::Schedule::NjHcc]);
    assert_eq!(e.citation, "N.J.S.A. 54A:11-3, 11-4");
    assert!(e.params.iter().any(|p| p.id == "health.flat_amount_adult"));
}

/// Income $60,000: 2.5% x ($60,000 - $10,000) = $1,250.00 > $695: the percentage wins.
/// $1,250 x 5 / 12 = $520.8333 = $520.83 (cap $1,650.00).
#[test]
fn one_uninsured_adult_for_5_months_percentage_wins_at_higher_income_54a_11_3_b() {
    let a = single(2024, &[1, 2, 3, 4, 5]);
    let o = hcc(&a, dec!(60000));
    assert_eq!(o.hcc.as_ref().unwrap().months[0].percentage, dec!(1250));
    assert_eq!(o.line.value, dec!(520.83));
}

/// The edge where the two amounts meet: 2.5% x ($37,800 - $10,000) = $695.00 = flat; one dollar
/// more: 2.5% x $27,801 = $695.025 = $695.03, x 5 / 12 = $289.5958 = $289.60.
#[test]
fn flat_and_percentage_meet_at_37800_single_and_the_percentage_wins_a_dollar_above_54a_11_3_b() {
    let a = single(2024, &[1, 2, 3, 4, 5]);
    assert_eq!(hcc(&a, dec!(37800)).line.value, dec!(289.58));
    assert_eq!(hcc(&a, dec!(37801)).line.value, dec!(289.60));
}

/// Two adults and three children all year: $695 x 2 + $347.50 x 3 = $2,432.50, at most 300% of
/// $695 = $2,085 (5000A(c)(2)(A)(ii)). Joint income $30,000: 2.5% x $10,000 = $250. 12 months:
/// $2,085. Bronze cap $3,960 x 5 x 12 / 12 = $19,800.
#[test]
fn two_adults_and_three_children_all_year_pay_the_2085_flat_cap_54a_11_3_b() {
    let all: Vec<u8> = (1..=12).collect();
    let mut a = single(2024, &all);
    a.filing_status = FilingStatus::MarriedJoint;
    let mut sp = person(date(1981, 2, 2));
    sp.coverage = uninsured(&all);
    a.spouse = Some(sp);
    a.dependents = (0..3)
        .map(|i| {
            let mut c = child(date(2012 + i, 7, 1));
            c.coverage = uninsured(&all);
            c
        })
        .collect();
    let o = hcc(&a, dec!(30000));
    let s = o.hcc.unwrap();
    assert_eq!((s.months[0].adults, s.months[0].children), (2, 3));
    assert_eq!(s.months[0].flat, dec!(2085));
    assert_eq!(s.cap, dec!(19800));
    assert_eq!(o.line.value, dec!(2085));
    // Below the cap: two adults and one child, $1,390 + $347.50 = $1,737.50.
    a.dependents.truncate(1);
    assert_eq!(hcc(&a, dec!(30000)).line.value, dec!(1737.50));
}

/// 5000A(c)(1)(B) with 11-4 a: the tax is at most the State average bronze premium for the people
/// owed for. Income $1,010,000: 2.5% x $1,000,000 = $25,000 a year for 12 months, against
/// $3,960 x 1 person x 12 / 12 = $3,960: the cap bites.
#[test]
fn the_bronze_premium_caps_the_payment_at_very_high_income_54a_11_4_a() {
    let all: Vec<u8> = (1..=12).collect();
    let a = single(2024, &all);
    let o = hcc(&a, dec!(1010000));
    let s = o.hcc.unwrap();
    assert_eq!(s.total_monthly, dec!(25000));
    assert_eq!(s.cap, dec!(3960));
    assert_eq!(s.tax, dec!(3960));
    assert_eq!(o.line.value, dec!(3960));
}

/// Months with an exemption (54A:11-7) owe nothing: without coverage January-June, exempt
/// January-March: 3 months owed, $695 x 3 / 12 = $173.75.
#[test]
fn exempt_months_owe_nothing_54a_11_7() {
    let mut a = single(2024, &[1, 2, 3, 4, 5, 6]);
    a.taxpayer.coverage.exempt_months = vec![1, 2, 3];
    a.taxpayer.coverage.exemption_number = "X123".into();
    let o = hcc(&a, dec!(20000));
    let s = o.hcc.unwrap();
    assert_eq!(s.members[0].months_exempt, vec![1, 2, 3]);
    assert_eq!(s.members[0].months_owed, vec![4, 5, 6]);
    assert_eq!(o.line.value, dec!(173.75));
    // Every month exempt: nothing owed.
    a.taxpayer.coverage.exempt_months = vec![1, 2, 3, 4, 5, 6];
    assert_eq!(hcc(&a, dec!(20000)).line.value, Decimal::ZERO);
}

/// 11-4 d: no tax when income is at or below the filing threshold ($10,000 single, 8-3.1 a(1)).
/// $10,000.00: none; $10,000.01: 2.5% x $0.01 rounds to $0.00 < $695, 12 months = $695.
#[test]
fn at_or_below_the_filing_threshold_no_payment_one_cent_above_the_flat_amount_54a_11_4_d() {
    let all: Vec<u8> = (1..=12).collect();
    let a = single(2024, &all);
    let o = hcc(&a, dec!(10000));
    assert_eq!(o.line.value, Decimal::ZERO);
    let s = o.hcc.unwrap();
    assert!(s.exempt_reason.unwrap().contains("54A:11-4 d"));
    assert!(s.months.is_empty());
    assert_eq!(hcc(&a, dec!(10000.01)).line.value, dec!(695));
}

fn part_year(from: Date, whole_year: Decimal) -> Scope {
    Scope {
        kind: ReturnKind::PartYearResident,
        months: 10,
        whole_year_gross_income: Some(whole_year),
        whole_year_total_income: Some(whole_year),
        from: Some(from),
        to: Some(date(2024, 12, 31)),
    }
}

/// 11-4 e: no tax for any month during which the person is a nonresident. Moved in March 10,
/// 2024, uninsured January-April: January and February are nonresident months, and March has
/// nine nonresident days, so it is a month "during which" the person was a nonresident too (the
/// 15-day rule of 54A:3-1(c) is for prorating exemptions). Only April is owed: $695 / 12 = $57.92.
/// Moved in March 1: March and April, $695 x 2 / 12 = $115.83.
#[test]
fn a_part_year_resident_owes_only_for_months_wholly_resident_54a_11_4_e() {
    let a = single(2024, &[1, 2, 3, 4]);
    let o = hcc_scoped(&a, dec!(20000), part_year(date(2024, 3, 10), dec!(40000)));
    let s = o.hcc.unwrap();
    assert_eq!(s.members[0].months_owed, vec![4]);
    assert_eq!(o.line.value, dec!(57.92));
    assert!(s.notes.iter().any(|n| n.contains("54A:11-4 e")));
    let o = hcc_scoped(&a, dec!(20000), part_year(date(2024, 3, 1), dec!(40000)));
    assert_eq!(o.line.value, dec!(115.83));
    // Uninsured only while a nonresident: nothing, and Part I is "Yes" for the resident months.
    let a = single(2024, &[1, 2]);
    let o = hcc_scoped(&a, dec!(20000), part_year(date(2024, 3, 1), dec!(40000)));
    assert_eq!(o.line.value, Decimal::ZERO);
    assert!(o.hcc.unwrap().everyone_covered);
}

/// The threshold of 11-4 d for a part-year resident is read on the whole year's income
/// (54A:2-4, last sentence): $8,000 in the resident period but $40,000 for the year still owes.
/// April to June (3 months, not a short coverage gap): $695 x 3 / 12 = $173.75. (Until issue 15
/// this test used April alone, a one-month gap that 5000A(e)(4) exempts.)
#[test]
fn a_part_year_resident_threshold_uses_whole_year_income_54a_11_4_d_2_4() {
    let a = single(2024, &[4, 5, 6]);
    let o = hcc_scoped(&a, dec!(8000), part_year(date(2024, 3, 1), dec!(40000)));
    assert_eq!(o.line.value, dec!(173.75));
    let o = hcc_scoped(&a, dec!(8000), part_year(date(2024, 3, 1), dec!(10000)));
    assert_eq!(o.line.value, Decimal::ZERO);
}

/// 11-4 g: a credit for the federal payment, at most the State tax. Tax $289.58: a $100 federal
/// payment leaves $189.58; a $500 one leaves nothing.
#[test]
fn the_federal_payment_is_credited_up_to_the_state_tax_54a_11_4_g() {
    let mut a = single(2024, &[1, 2, 3, 4, 5]);
    a.health.federal_payment = dec!(100);
    let o = hcc(&a, dec!(20000));
    assert_eq!(o.hcc.as_ref().unwrap().federal_credit, dec!(100));
    assert_eq!(o.line.value, dec!(189.58));
    a.health.federal_payment = dec!(500);
    let o = hcc(&a, dec!(20000));
    assert_eq!(o.hcc.as_ref().unwrap().federal_credit, dec!(289.58));
    assert_eq!(o.line.value, Decimal::ZERO);
}

/// 2025 (and 2022) have no bronze premium on file: when a payment is owed, an error at
/// `health.bronze_premium_override` says why, and line 53c shows the uncapped amount; when nothing
/// is owed, no error. With the figure entered ($4,000), the cap is used: $1,010,000 income, 12
/// months: min($25,000, $4,000) = $4,000.
#[test]
fn a_year_without_a_bronze_premium_needs_it_entered_only_when_a_payment_is_owed_54a_11_4_a() {
    for year in [2022, 2025] {
        let all: Vec<u8> = (1..=12).collect();
        let mut a = single(year, &all);
        let o = hcc(&a, dec!(1010000));
        let d = o
            .diags
            .iter()
            .find(|d| d.code == "hcc-bronze-premium-needed")
            .expect("error");
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(d.path.as_deref(), Some("health.bronze_premium_override"));
        assert_eq!(o.line.value, dec!(25000));
        a.health.bronze_premium_override = Some(dec!(4000));
        let o = hcc(&a, dec!(1010000));
        assert_eq!(has(&o.diags, "hcc-bronze-premium-needed"), None);
        assert_eq!(o.line.value, dec!(4000));
        let covered = single(year, &[]);
        assert_eq!(
            has(
                &hcc(&covered, dec!(1010000)).diags,
                "hcc-bronze-premium-needed"
            ),
            None
        );
        let below = single(year, &all);
        assert_eq!(
            has(&hcc(&below, dec!(9000)).diags, "hcc-bronze-premium-needed"),
            None
        );
    }
}

/// 5000A(c)(3)(C): a child is under 18 at the start of the month. Born June 15, 2006: 17 on
/// June 1, 2024 (child through June), 18 on July 1 (adult from July). Uninsured all year, parent
/// covered, income $20,000 ($250 a year percentage): (6 x $347.50 + 6 x $695) / 12 = $6,255 / 12
/// = $521.25. Born June 1, 2006: 18 at the start of June: (5 x $347.50 + 7 x $695) / 12 =
/// $6,602.50 / 12 = $550.2083 = $550.21.
#[test]
fn a_child_turning_18_counts_as_an_adult_from_the_month_after_the_birthday_5000a_c_3_c() {
    let all: Vec<u8> = (1..=12).collect();
    let mut a = single(2024, &[]);
    let mut c = child(date(2006, 6, 15));
    c.coverage = uninsured(&all);
    a.dependents = vec![c];
    let o = hcc(&a, dec!(20000));
    let s = o.hcc.unwrap();
    assert_eq!((s.months[5].adults, s.months[5].children), (0, 1));
    assert_eq!((s.months[6].adults, s.months[6].children), (1, 0));
    assert_eq!(o.line.value, dec!(521.25));
    a.dependents[0].birth_date = Some(date(2006, 6, 1));
    assert_eq!(hcc(&a, dec!(20000)).line.value, dec!(550.21));
}

/// No birth date: counted as an adult, with a warning.
#[test]
fn a_member_without_a_birth_date_counts_as_an_adult_with_a_warning() {
    let mut a = single(2024, &[]);
    let mut c = child(date(2015, 1, 1));
    c.birth_date = None;
    c.coverage = uninsured(&[1, 2, 3, 4, 5]);
    a.dependents = vec![c];
    let o = hcc(&a, dec!(20000));
    assert_eq!(o.line.value, dec!(289.58));
    assert_eq!(has(&o.diags, "hcc-age-unknown"), Some(Severity::Warning));
}

/// An amount entered for line 53c replaces the computed payment, with a warning naming both.
#[test]
fn an_entered_payment_wins_over_the_computed_one_with_a_warning() {
    let mut a = single(2024, &[1, 2, 3, 4, 5]);
    a.health.payment_override = Some(dec!(123));
    let o = hcc(&a, dec!(20000));
    assert_eq!(o.line.value, dec!(123));
    assert_eq!(o.hcc.unwrap().payment, dec!(289.58));
    let d = o
        .diags
        .iter()
        .find(|d| d.code == "hcc-payment-entered")
        .unwrap();
    assert_eq!(d.severity, Severity::Warning);
    assert!(d.message.contains("$289.58"));
}

/// The whole return: line 53c flows into line 54 and the schedule is on the computed return; the
/// uncertain flat amount raises its warning.
#[test]
fn the_payment_reaches_line_54_on_the_whole_return() {
    let mut a = single(2024, &[1, 2, 3, 4, 5]);
    a.income.w2s = vec![W2 {
        state_wages: dec!(20000),
        ..W2::default()
    }];
    let r = common::run(&a);
    assert_eq!(r.value("53c"), dec!(289.58));
    assert_eq!(r.hcc.as_ref().unwrap().payment, dec!(289.58));
    assert_eq!(
        r.value_by_key(Key::TotalTaxDue),
        r.value_by_key(Key::BalanceAfterCredits) + dec!(289.58)
    );
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code == "uncertain-figure" && d.message.contains("Flat amount per adult"))
    );
}

/// Month numbers are 1-12, and an exempt month must be a month without coverage.
#[test]
fn coverage_months_are_checked() {
    let mut a = single(2024, &[0, 13]);
    a.taxpayer.coverage.exempt_months = vec![5];
    let r = common::run(&a);
    let find = |code: &str| {
        r.diagnostics
            .iter()
            .find(|d| d.code == code)
            .map(|d| (d.severity, d.path.clone()))
    };
    assert_eq!(
        find("hcc-bad-month"),
        Some((
            Severity::Error,
            Some("taxpayer.coverage.months_without_coverage".into())
        ))
    );
    assert_eq!(
        find("hcc-exempt-month-covered"),
        Some((
            Severity::Error,
            Some("taxpayer.coverage.exempt_months".into())
        ))
    );
}

/// The ovals of lines 53a and 53b are explained in the schedule's notes.
#[test]
fn lines_53a_and_53b_are_explained_54a_8_6_2() {
    let mut a = single(2024, &[]);
    a.health.someone_uninsured_now = true;
    a.health.share_with_get_covered_nj = true;
    let s = hcc(&a, dec!(50000)).hcc.unwrap();
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("53a") && n.contains("NJ-EZ Enroll"))
    );
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("53b") && n.contains("Get Covered"))
    );
}

/// Absurd magnitudes saturate instead of overflowing (three months, so not a short coverage gap:
/// the bronze cap $3,960 x 3 / 12 = $990).
#[test]
fn absurd_income_does_not_overflow() {
    let a = single(2024, &[1, 2, 3]);
    let o = hcc(&a, Decimal::MAX);
    assert_eq!(o.line.value, dec!(990));
}

// ---- 26 U.S.C. 5000A(e)(4) as of December 15, 2017 (by 54A:11-3 b, 11-6 a): short coverage gaps ----

/// A continuous period of less than 3 months without coverage is a short coverage gap: nothing is
/// owed for its months. Income $20,000 (flat $695 wins): March-April (2 months) owes nothing;
/// March-May (3 months) exempts none of them, $695 x 3 / 12 = $173.75.
#[test]
fn a_gap_of_2_months_owes_nothing_and_a_gap_of_3_owes_all_three_5000a_e_4() {
    let o = hcc(&single(2024, &[3, 4]), dec!(20000));
    assert_eq!(o.line.value, Decimal::ZERO);
    let s = o.hcc.unwrap();
    assert!(s.members[0].months_owed.is_empty());
    assert_eq!(s.members[0].months_exempt, vec![3, 4]);
    assert!(!s.everyone_covered);
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("short coverage gap") && n.contains("5000A(e)(4)")),
        "{:?}",
        s.notes
    );
    assert!(
        o.line
            .explanation
            .params
            .iter()
            .any(|p| p.id == "health.short_gap_months")
    );
    let o = hcc(&single(2024, &[3, 4, 5]), dec!(20000));
    assert_eq!(o.line.value, dec!(173.75));
    assert_eq!(o.hcc.unwrap().members[0].months_owed, vec![3, 4, 5]);
    // One month alone is a short gap too.
    assert_eq!(
        hcc(&single(2024, &[7]), dec!(20000)).line.value,
        Decimal::ZERO
    );
}

/// Only the first short gap of the year is exempt (5000A(e)(4)(B)(iii)): February and
/// August-September are two short gaps; February is exempt, August and September are owed:
/// $695 x 2 / 12 = $115.83. A long gap does not use up the exemption: January-April (4 months,
/// owed) then July (the first short gap, exempt): $695 x 4 / 12 = $231.67.
#[test]
fn only_the_first_short_gap_is_exempt_and_a_long_gap_does_not_count_5000a_e_4_b() {
    let o = hcc(&single(2024, &[2, 8, 9]), dec!(20000));
    let s = o.hcc.unwrap();
    assert_eq!(s.members[0].months_exempt, vec![2]);
    assert_eq!(s.members[0].months_owed, vec![8, 9]);
    assert_eq!(o.line.value, dec!(115.83));
    let o = hcc(&single(2024, &[1, 2, 3, 4, 7]), dec!(20000));
    let s = o.hcc.unwrap();
    assert_eq!(s.members[0].months_exempt, vec![7]);
    assert_eq!(s.members[0].months_owed, vec![1, 2, 3, 4]);
    assert_eq!(o.line.value, dec!(231.67));
}

/// A gap running into next year is measured with this year's months only (26 CFR
/// 1.5000A-3(j)(2)(iv), by 54A:11-6 a): November-December is a short gap, nothing owed; no
/// warning. A gap from January may have begun last year, whose months the return does not hold:
/// it is counted from January (exempt) with a warning to check.
#[test]
fn gaps_at_the_ends_of_the_year_december_and_january_5000a_e_4_b_i() {
    let o = hcc(&single(2024, &[11, 12]), dec!(20000));
    assert_eq!(o.line.value, Decimal::ZERO);
    assert_eq!(has(&o.diags, "hcc-gap-from-last-year"), None);
    let o = hcc(&single(2024, &[10, 11, 12]), dec!(20000));
    assert_eq!(o.line.value, dec!(173.75));
    let o = hcc(&single(2024, &[1, 2]), dec!(20000));
    assert_eq!(o.line.value, Decimal::ZERO);
    assert_eq!(
        has(&o.diags, "hcc-gap-from-last-year"),
        Some(Severity::Warning)
    );
}

/// Each person has their own gap: the spouse's March-April is exempt, the taxpayer's
/// March-May is owed ($695 x 3 / 12 = $173.75 at joint income $30,000: 2.5% x $10,000 = $250).
/// A granted exemption month inside a gap does not shorten it: January-March without coverage with
/// January exempt by the Division is a 3-month gap: February and March are owed.
#[test]
fn the_gap_is_per_person_and_counts_every_month_without_coverage_5000a_e_4() {
    let mut a = single(2024, &[3, 4, 5]);
    a.filing_status = FilingStatus::MarriedJoint;
    let mut sp = person(date(1982, 1, 1));
    sp.coverage = uninsured(&[3, 4]);
    a.spouse = Some(sp);
    let o = hcc(&a, dec!(30000));
    let s = o.hcc.unwrap();
    assert_eq!(s.members[1].months_exempt, vec![3, 4]);
    assert_eq!(o.line.value, dec!(173.75));
    let mut a = single(2024, &[1, 2, 3]);
    a.taxpayer.coverage.exempt_months = vec![1];
    let o = hcc(&a, dec!(20000));
    assert_eq!(o.hcc.unwrap().members[0].months_owed, vec![2, 3]);
    assert_eq!(o.line.value, dec!(115.83));
}

#[test]
fn months_print_as_three_letter_names_and_out_of_range_numbers_are_left_out() {
    use njtax_engine::answers::month_abbreviations;
    assert_eq!(month_abbreviations(&[1, 2, 5, 12]), "Jan, Feb, May, Dec");
    assert_eq!(month_abbreviations(&[]), "none");
    assert_eq!(month_abbreviations(&[0, 13, 9]), "Sep");
}
