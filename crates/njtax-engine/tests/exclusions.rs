//! Retirement exclusions and gross income, NJ-1040 lines 28a-29 (N.J.S.A. 54A:6-10, 54A:6-15).
//!
//! The statute's income tests use "gross income"; the engine measures it as total income
//! (line 27) before the exclusions themselves (docs/decisions/income-retirement-exclusions.md).

#![allow(clippy::unwrap_used)]

use njtax_engine::Key;
use njtax_engine::answers::{
    Business, Date, FilingStatus, Interest, Owner, PassThrough, Person, Retirement, RetirementKind,
    W2,
};
use njtax_engine::{Answers, Severity};
use rust_decimal::{Decimal, dec};

use crate::common::{run, v};

pub fn person(birth: &str) -> Person {
    Person {
        name: "Test".into(),
        ssn: "000-00-0000".into(),
        birth_date: Some(birth.parse::<Date>().unwrap()),
        ..Person::default()
    }
}

fn pension(owner: Owner, amount: Decimal) -> Retirement {
    Retirement {
        owner,
        kind: RetirementKind::Pension,
        gross_distribution: amount,
        taxable_amount: amount,
        ..Retirement::default()
    }
}

fn interest(owner: Owner, amount: Decimal) -> Interest {
    Interest {
        owner,
        taxable_interest: amount,
        ..Interest::default()
    }
}

/// A retired filer (born 1950: 72-75 in 2022-2025; also used by `back_years.rs`), spouse too on
/// joint and separate returns,
/// with a pension of `p` and interest making total income `l27`.
pub fn retiree(year: u16, status: FilingStatus, p: Decimal, l27: Decimal) -> Answers {
    Answers {
        tax_year: year,
        filing_status: status,
        taxpayer: person("1950-04-01"),
        spouse: matches!(
            status,
            FilingStatus::MarriedJoint | FilingStatus::MarriedSeparate
        )
        .then(|| person("1951-08-09")),
        income: njtax_engine::answers::Income {
            retirement: vec![pension(Owner::Taxpayer, p)],
            interest: vec![interest(Owner::Taxpayer, l27 - p)],
            ..Default::default()
        },
        ..Answers::default()
    }
}

pub const STATUSES: [FilingStatus; 5] = [
    FilingStatus::Single,
    FilingStatus::MarriedJoint,
    FilingStatus::MarriedSeparate,
    FilingStatus::HeadOfHousehold,
    FilingStatus::QualifyingWidow,
];

/// Line 28a for a pension of $90,000 at every tier edge, at and one dollar above, per status.
/// Caps 54A:6-10 b(1): joint 100,000; single/HOH/widow(er) 75,000; separate 50,000.
/// Over 100,000 to 125,000: 50% / 37.5% / 25%; over 125,000 to 150,000: 25% / 18.75% / 12.5%.
fn expected_28a(status: FilingStatus) -> [(Decimal, Decimal); 6] {
    match status {
        FilingStatus::MarriedJoint => [
            (dec!(100000), dec!(90000)), // min(90,000, 100,000)
            (dec!(100001), dec!(45000)), // 50% × 90,000
            (dec!(125000), dec!(45000)),
            (dec!(125001), dec!(22500)), // 25% × 90,000
            (dec!(150000), dec!(22500)),
            (dec!(150001), dec!(0)),
        ],
        FilingStatus::MarriedSeparate => [
            (dec!(100000), dec!(50000)), // min(90,000, 50,000)
            (dec!(100001), dec!(22500)), // 25% × 90,000
            (dec!(125000), dec!(22500)),
            (dec!(125001), dec!(11250)), // 12.5% × 90,000
            (dec!(150000), dec!(11250)),
            (dec!(150001), dec!(0)),
        ],
        _ => [
            (dec!(100000), dec!(75000)), // min(90,000, 75,000)
            (dec!(100001), dec!(33750)), // 37.5% × 90,000
            (dec!(125000), dec!(33750)),
            (dec!(125001), dec!(16875)), // 18.75% × 90,000
            (dec!(150000), dec!(16875)),
            (dec!(150001), dec!(0)),
        ],
    }
}

#[test]
fn pension_exclusion_tier_edges_for_every_status_and_year_54a_6_10_b() {
    for year in 2022..=2025u16 {
        for status in STATUSES {
            for (l27, want) in expected_28a(status) {
                let r = run(&retiree(year, status, dec!(90000), l27));
                assert_eq!(v(&r, Key::TotalIncome), l27);
                assert_eq!(
                    v(&r, Key::PensionExclusion),
                    want,
                    "{year} {status:?} line 27 = {l27}"
                );
            }
        }
    }
}

/// "Not more than $150,000" is inclusive; the test uses line 27 before any exclusion (the
/// Division's "gross income before subtracting any pension exclusion").
#[test]
fn pension_exclusion_income_test_is_line_27_before_the_exclusion_54a_6_10_b2() {
    // Single, pension 150,000 and nothing else: line 27 = 150,000 → 18.75% = 28,125, although
    // gross income after the exclusion would be far lower.
    let r = run(&retiree(
        2024,
        FilingStatus::Single,
        dec!(150000),
        dec!(150000),
    ));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(28125));
    assert_eq!(v(&r, Key::GrossIncome), dec!(121875));
    let r = run(&retiree(
        2024,
        FilingStatus::Single,
        dec!(150001),
        dec!(150001),
    ));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(0));
}

/// Only the pensions of the person who is 62+ or disabled count (the Division's example: he is
/// 64 with a $3,000 pension, she is 60 with $5,000: $3,000 excluded).
#[test]
fn only_the_qualifying_spouses_pension_counts_54a_6_10_b1() {
    let mut a = retiree(2024, FilingStatus::MarriedJoint, dec!(3000), dec!(3000));
    a.taxpayer = person("1960-05-05"); // 64
    a.spouse = Some(person("1964-05-05")); // 60
    a.income.retirement.push(pension(Owner::Spouse, dec!(5000)));
    let r = run(&a);
    assert_eq!(v(&r, Key::Pensions), dec!(8000));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(3000));
}

#[test]
fn age_62_at_the_close_of_the_year_or_disability_qualifies_54a_6_10_b1() {
    // Born 31 Dec 1962: 62 at the end of 2024.
    let mut a = retiree(2024, FilingStatus::Single, dec!(10000), dec!(10000));
    a.taxpayer = person("1962-12-31");
    assert_eq!(v(&run(&a), Key::PensionExclusion), dec!(10000));
    // Born 1 Jan 1963: 61.
    a.taxpayer = person("1963-01-01");
    assert_eq!(v(&run(&a), Key::PensionExclusion), dec!(0));
    // Disabled at 61.
    a.taxpayer.blind_or_disabled = true;
    assert_eq!(v(&run(&a), Key::PensionExclusion), dec!(10000));
}

#[test]
fn pension_exclusion_without_a_birth_date_is_a_missing_birth_date_error() {
    let mut a = retiree(2024, FilingStatus::MarriedJoint, dec!(10000), dec!(10000));
    a.spouse = Some(Person {
        birth_date: None,
        ..person("1950-01-01")
    });
    a.income.retirement = vec![pension(Owner::Spouse, dec!(10000))];
    let r = run(&a);
    assert_eq!(v(&r, Key::PensionExclusion), dec!(0));
    assert!(r.diagnostics.iter().any(|d| d.code == "missing-birth-date"
        && d.severity == Severity::Error
        && d.path.as_deref() == Some("spouse.birth_date")
        && d.message.contains("pension")));
}

/// Worksheet D Part I for a pension of $20,000 and other income (interest), at each edge:
/// maximum = cap up to 100,000, else the band's percentage × line 27 (54A:6-15 a(1)); lines 28a and
/// 28b together never exceed it (a(3)).
fn expected_28a_28b(status: FilingStatus) -> [(Decimal, Decimal, Decimal); 6] {
    match status {
        FilingStatus::MarriedJoint => [
            // 28a 20,000; 100,000 − 20,000 = 80,000; income left 80,000.
            (dec!(100000), dec!(20000), dec!(80000)),
            // 28a 50% × 20,000 = 10,000; max 50% × 100,001 = 50,000.50; 40,000.50.
            (dec!(100001), dec!(10000), dec!(40000.50)),
            // max 62,500 − 10,000.
            (dec!(125000), dec!(10000), dec!(52500)),
            // 28a 5,000; max 25% × 125,001 = 31,250.25; 26,250.25.
            (dec!(125001), dec!(5000), dec!(26250.25)),
            (dec!(150000), dec!(5000), dec!(32500)),
            (dec!(150001), dec!(0), dec!(0)),
        ],
        FilingStatus::MarriedSeparate => [
            (dec!(100000), dec!(20000), dec!(30000)),
            // 28a 5,000; max 25% × 100,001 = 25,000.25.
            (dec!(100001), dec!(5000), dec!(20000.25)),
            (dec!(125000), dec!(5000), dec!(26250)),
            // 28a 2,500; max 12.5% × 125,001 = 15,625.125 → 15,625.13.
            (dec!(125001), dec!(2500), dec!(13125.13)),
            (dec!(150000), dec!(2500), dec!(16250)),
            (dec!(150001), dec!(0), dec!(0)),
        ],
        _ => [
            (dec!(100000), dec!(20000), dec!(55000)),
            // 28a 7,500; max 37.5% × 100,001 = 37,500.375 → 37,500.38.
            (dec!(100001), dec!(7500), dec!(30000.38)),
            (dec!(125000), dec!(7500), dec!(39375)),
            // 28a 3,750; max 18.75% × 125,001 = 23,437.6875 → 23,437.69.
            (dec!(125001), dec!(3750), dec!(19687.69)),
            (dec!(150000), dec!(3750), dec!(24375)),
            (dec!(150001), dec!(0), dec!(0)),
        ],
    }
}

#[test]
fn other_retirement_income_exclusion_tier_edges_for_every_status_and_year_54a_6_15_a() {
    for year in 2022..=2025u16 {
        for status in STATUSES {
            for (l27, a28, b28) in expected_28a_28b(status) {
                let r = run(&retiree(year, status, dec!(20000), l27));
                let ctx = format!("{year} {status:?} line 27 = {l27}");
                assert_eq!(v(&r, Key::PensionExclusion), a28, "28a {ctx}");
                assert_eq!(v(&r, Key::OtherRetirementExclusion), b28, "28b {ctx}");
                assert_eq!(v(&r, Key::TotalExclusions), a28 + b28, "28c {ctx}");
                assert_eq!(v(&r, Key::GrossIncome), l27 - a28 - b28, "29 {ctx}");
            }
        }
    }
}

#[test]
fn a_pension_exclusion_at_the_cap_leaves_nothing_unclaimed_54a_6_15_a3() {
    let r = run(&retiree(
        2024,
        FilingStatus::Single,
        dec!(90000),
        dec!(100000),
    ));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(75000));
    assert_eq!(v(&r, Key::OtherRetirementExclusion), dec!(0));
}

fn with_wages(mut a: Answers, wages: Decimal) -> Answers {
    a.income.w2s = vec![W2 {
        state_wages: wages,
        ..W2::default()
    }];
    a
}

/// "who received no income in excess of $3,000" from 54A:5-1 a (wages), b (business),
/// k (partnership) and p (S corporation).
#[test]
fn earned_income_test_3000_at_and_one_dollar_above_54a_6_15_a1() {
    // Pension 10,000, interest 20,000, wages 3,000: line 27 = 33,000; 28a = 10,000;
    // unused 75,000 − 10,000 = 65,000; income left 23,000 → 28b = 23,000.
    let base = retiree(2024, FilingStatus::Single, dec!(10000), dec!(30000));
    let r = run(&with_wages(base.clone(), dec!(3000)));
    assert_eq!(v(&r, Key::OtherRetirementExclusion), dec!(23000));
    let r = run(&with_wages(base.clone(), dec!(3001)));
    assert_eq!(v(&r, Key::OtherRetirementExclusion), dec!(0));

    // S corporation income counts too (54A:5-1 p).
    let mut a = base.clone();
    a.income.s_corporations = vec![PassThrough {
        share: dec!(3001),
        ..PassThrough::default()
    }];
    assert_eq!(v(&run(&a), Key::OtherRetirementExclusion), dec!(0));
}

/// 54A:5-2: a business loss does not reduce wages for the $3,000 test either.
#[test]
fn a_business_loss_does_not_bring_wages_under_3000_54a_6_15_a1_5_2() {
    let mut a = with_wages(
        retiree(2024, FilingStatus::Single, dec!(10000), dec!(30000)),
        dec!(4000),
    );
    a.income.businesses = vec![Business {
        net_profit: dec!(-2000),
        ..Business::default()
    }];
    assert_eq!(v(&run(&a), Key::OtherRetirementExclusion), dec!(0));
    // A business loss with wages of 3,000 still qualifies: 20,000 + 3,000 − 10,000 left.
    let mut a = with_wages(
        retiree(2024, FilingStatus::Single, dec!(10000), dec!(30000)),
        dec!(3000),
    );
    a.income.businesses = vec![Business {
        net_profit: dec!(-5000),
        ..Business::default()
    }];
    assert_eq!(v(&run(&a), Key::OtherRetirementExclusion), dec!(23000));
}

/// The $3,000 test is per person ("a person aged 62 years or older who received ..."), and only
/// the qualifying person's income is excluded: a younger working spouse does not disqualify the
/// retired spouse, and the working spouse's wages are not excluded.
#[test]
fn joint_return_excludes_only_the_62_plus_spouses_income_54a_6_15_a1() {
    let mut a = Answers {
        tax_year: 2024,
        filing_status: FilingStatus::MarriedJoint,
        taxpayer: person("1955-01-01"),     // 69
        spouse: Some(person("1966-01-01")), // 58
        ..Answers::default()
    };
    a.income.interest = vec![interest(Owner::Taxpayer, dec!(20000))];
    a.income.w2s = vec![W2 {
        owner: Owner::Spouse,
        state_wages: dec!(50000),
        ..W2::default()
    }];
    let r = run(&a);
    // Line 27 = 70,000; 28a = 0; unused 100,000; the taxpayer's income 20,000 → 28b = 20,000.
    assert_eq!(v(&r, Key::TotalIncome), dec!(70000));
    assert_eq!(v(&r, Key::OtherRetirementExclusion), dec!(20000));
    assert_eq!(v(&r, Key::GrossIncome), dec!(50000));
}

#[test]
fn nobody_62_or_older_gets_no_unclaimed_exclusion_even_if_disabled_54a_6_15_a1() {
    let mut a = retiree(2024, FilingStatus::Single, dec!(10000), dec!(30000));
    a.taxpayer = person("1970-01-01");
    a.taxpayer.blind_or_disabled = true;
    let r = run(&a);
    assert_eq!(v(&r, Key::PensionExclusion), dec!(10000));
    assert_eq!(v(&r, Key::OtherRetirementExclusion), dec!(0));
}

/// 54A:6-15 b: $6,000 (joint, head of household, surviving spouse) or $3,000 (single, separate);
/// on a joint return both spouses must never be eligible for Social Security/Railroad Retirement.
#[test]
fn special_exclusion_amounts_and_joint_rule_54a_6_15_b() {
    // Line 27 200,000 (over every subsection a limit): Part I is 0, Part II still applies.
    for (status, want) in [
        (FilingStatus::Single, dec!(3000)),
        (FilingStatus::MarriedSeparate, dec!(3000)),
        (FilingStatus::HeadOfHousehold, dec!(6000)),
        (FilingStatus::QualifyingWidow, dec!(6000)),
        (FilingStatus::MarriedJoint, dec!(6000)),
    ] {
        let mut a = retiree(2024, status, dec!(0), dec!(200000));
        a.taxpayer.never_eligible_social_security = true;
        if let Some(sp) = a.spouse.as_mut() {
            sp.never_eligible_social_security = true;
        }
        let r = run(&a);
        assert_eq!(v(&r, Key::OtherRetirementExclusion), want, "{status:?}");
    }
    let mut a = retiree(2024, FilingStatus::MarriedJoint, dec!(0), dec!(200000));
    a.taxpayer.never_eligible_social_security = true;
    assert_eq!(v(&run(&a), Key::OtherRetirementExclusion), dec!(0));
}

#[test]
fn special_exclusion_is_limited_to_the_income_left_54a_6_15_b() {
    let mut a = retiree(2024, FilingStatus::Single, dec!(0), dec!(2000));
    a.taxpayer.never_eligible_social_security = true;
    let r = run(&a);
    // Part I excludes the whole 2,000 first; nothing is left for Part II.
    assert_eq!(v(&r, Key::OtherRetirementExclusion), dec!(2000));
    assert_eq!(v(&r, Key::GrossIncome), dec!(0));
}

/// 54A:6-15 b sets no age condition (the Division's instructions describe it for those 62+): the
/// statute decides, with a warning to check.
#[test]
fn special_exclusion_has_no_age_condition_in_the_statute_54a_6_15_b() {
    let mut a = with_wages(
        retiree(2024, FilingStatus::Single, dec!(0), dec!(0)),
        dec!(40000),
    );
    a.taxpayer = person("1980-01-01");
    a.taxpayer.never_eligible_social_security = true;
    let r = run(&a);
    assert_eq!(v(&r, Key::OtherRetirementExclusion), dec!(3000));
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code == "special-exclusion-age" && d.severity == Severity::Warning)
    );
}

#[test]
fn exclusion_explanations_show_the_numbers() {
    let r = run(&retiree(
        2024,
        FilingStatus::Single,
        dec!(90000),
        dec!(100001),
    ));
    let l = r.by_key(Key::PensionExclusion).unwrap();
    assert_eq!(&*l.id, "28a");
    assert!(
        l.explanation.rule.contains("37.5%"),
        "{}",
        l.explanation.rule
    );
    assert!(l.explanation.rule.contains("$33,750.00"));
    assert!(l.explanation.citation.contains("54A:6-10"));
    assert!(!l.explanation.params.is_empty());
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Whatever the income, the exclusions never exceed total income, gross income is never
        /// negative, and lines 28a + 28b (Part I) stay within the 54A:6-15 a maximum.
        #[test]
        fn exclusions_stay_within_total_income(
            pension in 0u32..300_000,
            other in 0u32..300_000,
            status in 0usize..5,
        ) {
            let status = STATUSES[status];
            let p = Decimal::from(pension);
            let l27 = p + Decimal::from(other);
            let mut a = retiree(2024, status, p, l27);
            a.taxpayer.never_eligible_social_security = true;
            if let Some(sp) = a.spouse.as_mut() { sp.never_eligible_social_security = true; }
            let r = run(&a);
            let (a28, b28) = (v(&r, Key::PensionExclusion), v(&r, Key::OtherRetirementExclusion));
            prop_assert!(a28 >= Decimal::ZERO && b28 >= Decimal::ZERO);
            prop_assert!(a28 <= p);
            prop_assert!(a28 + b28 <= l27);
            prop_assert_eq!(v(&r, Key::GrossIncome), l27 - a28 - b28);
            // Part I + 28a ≤ 100,000 (the largest cap) plus the special 6,000.
            prop_assert!(a28 + b28 <= dec!(106000));
        }
    }
}
