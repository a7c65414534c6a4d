//! Deductions and taxable income, NJ-1040 lines 31-39 (N.J.S.A. 54A:3-2..3-14).
#![allow(clippy::unwrap_used)]

use njtax_engine::Key;
use njtax_engine::answers::{Business, Date, FilingStatus, PassThrough, Person, Rental, W2};
use njtax_engine::{Answers, Severity};
use rust_decimal::{Decimal, dec};

use crate::common::{run, v};

/// The tax years `forms/years.ron` lists.
fn supported_years() -> Vec<u16> {
    njtax_engine::ParamBook::load()
        .unwrap()
        .supported_years()
        .collect()
}

/// A single filer (born 1980) with `wages` and nothing else: gross income = wages.
fn earner(year: u16, wages: Decimal) -> Answers {
    Answers {
        tax_year: year,
        filing_status: FilingStatus::Single,
        taxpayer: Person {
            name: "Test".into(),
            ssn: "000-00-0000".into(),
            birth_date: Some("1980-06-15".parse::<Date>().unwrap()),
            ..Person::default()
        },
        income: njtax_engine::answers::Income {
            w2s: vec![W2 {
                state_wages: wages,
                ..W2::default()
            }],
            ..Default::default()
        },
        ..Answers::default()
    }
}

/// Worksheet F: only medical expenses over 2% of gross income (line 29) are deducted.
#[test]
fn medical_expenses_over_2_percent_of_gross_income_54a_3_3_a() {
    for year in supported_years() {
        // 2% × 50,000 = 1,000.
        let mut a = earner(year, dec!(50000));
        a.deductions.medical_expenses = dec!(1000);
        assert_eq!(v(&run(&a), Key::Medical), dec!(0), "{year} at the floor");
        a.deductions.medical_expenses = dec!(1001);
        assert_eq!(v(&run(&a), Key::Medical), dec!(1), "{year} one dollar over");
        a.deductions.medical_expenses = dec!(3000);
        let r = run(&a);
        assert_eq!(v(&r, Key::Medical), dec!(2000));
        assert!(
            r.by_key(Key::Medical)
                .unwrap()
                .explanation
                .rule
                .contains("2% of gross income $50,000.00 = $1,000.00")
        );
    }
}

#[test]
fn medical_floor_uses_cents_54a_3_3_a() {
    // 2% × 12,345.67 = 246.9134 → 246.91; 500 − 246.91 = 253.09.
    let mut a = earner(2024, dec!(12345.67));
    a.deductions.medical_expenses = dec!(500);
    assert_eq!(v(&run(&a), Key::Medical), dec!(253.09));
}

/// 54A:3-4 adds Archer MSA contributions; 54A:3-5 self-employed health insurance, limited to
/// earned income from the business.
#[test]
fn archer_msa_and_self_employed_health_insurance_54a_3_4_3_5() {
    let mut a = earner(2024, dec!(0));
    a.income.businesses = vec![Business {
        net_profit: dec!(2000),
        ..Business::default()
    }];
    a.deductions.archer_msa = dec!(700);
    a.deductions.self_employed_health_insurance = dec!(5000);
    let r = run(&a);
    // 0 (no expenses) + 700 + min(5,000, 2,000) = 2,700.
    assert_eq!(v(&r, Key::Medical), dec!(2700));
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code == "se-health-insurance-limited")
    );
}

#[test]
fn negative_medical_expenses_are_an_error_and_count_as_zero() {
    let mut a = earner(2024, dec!(10000));
    a.deductions.medical_expenses = dec!(-100);
    let r = run(&a);
    assert_eq!(v(&r, Key::Medical), dec!(0));
    assert!(r.diagnostics.iter().any(|d| d.code == "negative-amount"
        && d.severity == Severity::Error
        && d.path.as_deref() == Some("deductions.medical_expenses")));
}

#[test]
fn entered_deductions_for_lines_32_to_34_54a_3_2_3_6_3_8() {
    let mut a = earner(2024, dec!(80000));
    a.deductions.alimony_paid = dec!(12000);
    a.deductions.conservation_contribution = dec!(3000);
    a.deductions.health_enterprise_zone = dec!(1500);
    let r = run(&a);
    assert_eq!(v(&r, Key::AlimonyPaid), dec!(12000));
    assert_eq!(v(&r, Key::Conservation), dec!(3000));
    assert_eq!(v(&r, Key::HealthEnterpriseZone), dec!(1500));
    assert_eq!(r.value("32"), dec!(12000));
}

/// 54A:3-9: regular business income (categories b, d, k, p each floored) less alternative
/// business income (all four netted with the carried-forward loss, not below zero); 50% of the
/// increment for 2016 and later.
#[test]
fn alternative_business_calculation_with_carryforward_54a_3_9() {
    for year in supported_years() {
        let mut a = earner(year, dec!(0));
        a.income.businesses = vec![Business {
            net_profit: dec!(50000),
            ..Business::default()
        }];
        a.income.partnerships = vec![PassThrough {
            share: dec!(-20000),
            ..PassThrough::default()
        }];
        a.income.rents = vec![Rental {
            net: dec!(-10000),
            ..Rental::default()
        }];
        a.deductions.alternative_business_carryforward = dec!(5000);
        let r = run(&a);
        // Regular: 50,000 + 0 + 0 + 0 = 50,000. Alternative: 50,000 − 20,000 − 10,000 − 5,000
        // = 15,000. Increment 35,000 × 50% = 17,500.
        assert_eq!(v(&r, Key::AlternativeBusiness), dec!(17500), "{year}");
        assert_eq!(r.value("35"), dec!(17500));
    }
}

#[test]
fn alternative_business_income_is_not_below_zero_and_the_loss_carries_forward_54a_3_9_b() {
    let mut a = earner(2024, dec!(0));
    a.income.businesses = vec![Business {
        net_profit: dec!(10000),
        ..Business::default()
    }];
    a.income.s_corporations = vec![PassThrough {
        share: dec!(-15000),
        ..PassThrough::default()
    }];
    let r = run(&a);
    // Regular 10,000; alternative max(10,000 − 15,000, 0) = 0; 50% × 10,000 = 5,000.
    let l = r.by_key(Key::AlternativeBusiness).unwrap();
    assert_eq!(l.value, dec!(5000));
    assert!(
        l.explanation
            .rule
            .contains("$5,000.00 may be carried forward")
    );
}

#[test]
fn no_alternative_business_adjustment_without_losses_54a_3_9() {
    let mut a = earner(2024, dec!(0));
    a.income.businesses = vec![Business {
        net_profit: dec!(10000),
        ..Business::default()
    }];
    assert_eq!(v(&run(&a), Key::AlternativeBusiness), dec!(0));
}

/// 54A:3-10: "up to $10,000".
#[test]
fn organ_donation_deduction_up_to_10000_54a_3_10() {
    let mut a = earner(2024, dec!(60000));
    a.deductions.organ_donation_costs = dec!(10000);
    assert_eq!(v(&run(&a), Key::OrganDonation), dec!(10000));
    a.deductions.organ_donation_costs = dec!(10001);
    assert_eq!(v(&run(&a), Key::OrganDonation), dec!(10000));
}

/// 54A:3-10 c: costs of the year before or after the transplantation are deducted in their own
/// year, "but the combined amount deducted shall not exceed $10,000". With $4,000 deducted last
/// year for the same transplant, this year's $7,500 is limited to $10,000 - $4,000 = $6,000; with
/// $3,999 the room is $6,001; with $10,000 or more deducted the other year nothing is left ($0). A part-year resident's two returns both use
/// the whole year's figure: moved in on 1 July 2024, $7,500 of costs of which $2,500 while a
/// nonresident, $6,000 deducted the other year: room $4,000 on each return, the resident return
/// deducts the smaller of $5,000 and $4,000 = $4,000.
#[test]
fn organ_donation_combined_two_year_cap_54a_3_10_c() {
    let mut a = earner(2024, dec!(60000));
    a.deductions.organ_donation_costs = dec!(7500);
    assert_eq!(v(&run(&a), Key::OrganDonation), dec!(7500));
    a.deductions.organ_donation_other_year = dec!(4000);
    let r = run(&a);
    assert_eq!(v(&r, Key::OrganDonation), dec!(6000));
    let rule = &r.by_key(Key::OrganDonation).unwrap().explanation.rule;
    assert!(rule.contains("year before or after"), "{rule}");
    a.deductions.organ_donation_other_year = dec!(3999);
    assert_eq!(v(&run(&a), Key::OrganDonation), dec!(6001));
    a.deductions.organ_donation_other_year = dec!(10000);
    assert_eq!(v(&run(&a), Key::OrganDonation), dec!(0));
    a.deductions.organ_donation_other_year = dec!(12000);
    assert_eq!(v(&run(&a), Key::OrganDonation), dec!(0));
    // A negative amount is an error and counts as zero.
    a.deductions.organ_donation_other_year = dec!(-1);
    let r = run(&a);
    assert_eq!(v(&r, Key::OrganDonation), dec!(7500));
    assert!(r.diagnostics.iter().any(|d| d.code == "negative-amount"
        && d.path.as_deref() == Some("deductions.organ_donation_other_year")));

    // Part-year: the other year's figure is not divided between the periods.
    let mut p = earner(2024, dec!(60000));
    p.taxpayer.residency = njtax_engine::answers::NjResidency {
        kind: njtax_engine::answers::ResidencyKind::PartYear,
        resident_from: Some("2024-07-01".parse().unwrap()),
        other_state: "New York".into(),
        ..Default::default()
    };
    p.deductions.organ_donation_costs = dec!(7500);
    p.deductions_while_nonresident.organ_donation_costs = dec!(2500);
    p.deductions.organ_donation_other_year = dec!(6000);
    let set =
        njtax_engine::compute::compute_set(&p, &njtax_engine::ParamBook::load().unwrap()).unwrap();
    assert_eq!(v(&set.returns[0], Key::OrganDonation), dec!(4000));
    // A nonresident-period copy of the figure is not used, and said.
    p.deductions_while_nonresident.organ_donation_other_year = dec!(1);
    let set =
        njtax_engine::compute::compute_set(&p, &njtax_engine::ParamBook::load().unwrap()).unwrap();
    assert_eq!(v(&set.returns[0], Key::OrganDonation), dec!(4000));
    assert!(
        set.returns[0]
            .diagnostics
            .iter()
            .any(|d| d.code == "organ-donation-other-year-split")
    );
}

/// 54A:3-12..3-14: "a taxpayer with gross income of $200,000 or less" (inclusive); caps
/// NJBEST 10,000, NJCLASS 2,500, tuition 10,000.
#[test]
fn education_deductions_at_and_above_200000_gross_income_54a_3_12_3_13_3_14() {
    let book = njtax_engine::ParamBook::load().unwrap();
    for year in supported_years() {
        if book
            .for_year(year)
            .unwrap()
            .deductions
            .njbest_cap
            .value
            .0
            .is_none()
        {
            continue; // before P.L.2021, c.128: the next test
        }
        let mut a = earner(year, dec!(200000));
        a.deductions.njbest_contributions = dec!(12000);
        a.deductions.njclass_payments = dec!(3000);
        a.deductions.nj_tuition_paid = dec!(10001);
        let r = run(&a);
        assert_eq!(v(&r, Key::Njbest), dec!(10000), "{year}");
        assert_eq!(v(&r, Key::Njclass), dec!(2500), "{year}");
        assert_eq!(v(&r, Key::Tuition), dec!(10000), "{year}");
        let mut a = a.clone();
        a.income.w2s[0].state_wages = dec!(200001);
        let r = run(&a);
        assert_eq!(v(&r, Key::Njbest), dec!(0), "{year}");
        assert_eq!(v(&r, Key::Njclass), dec!(0), "{year}");
        assert_eq!(v(&r, Key::Tuition), dec!(0), "{year}");
    }
    // Under the caps: the amount paid.
    let mut a = earner(2024, dec!(90000));
    a.deductions.njbest_contributions = dec!(2500);
    a.deductions.njclass_payments = dec!(2500);
    a.deductions.nj_tuition_paid = dec!(4000);
    let r = run(&a);
    assert_eq!(v(&r, Key::Njbest), dec!(2500));
    assert_eq!(v(&r, Key::Njclass), dec!(2500));
    assert_eq!(v(&r, Key::Tuition), dec!(4000));
}

#[test]
fn line_38_adds_exemptions_and_deductions_and_line_39_is_not_below_zero_54a_3_1() {
    let mut a = earner(2024, dec!(50000));
    a.deductions.medical_expenses = dec!(3000); // 2,000
    a.deductions.alimony_paid = dec!(5000);
    a.deductions.njbest_contributions = dec!(1000);
    let r = run(&a);
    // 1,000 (exemption) + 2,000 + 5,000 + 1,000 = 9,000; 50,000 − 9,000 = 41,000.
    assert_eq!(v(&r, Key::TotalDeductions), dec!(9000));
    assert_eq!(v(&r, Key::TaxableIncome), dec!(41000));
    assert_eq!(r.value("39"), dec!(41000));

    let mut a = earner(2024, dec!(5000));
    a.deductions.alimony_paid = dec!(8000);
    let r = run(&a);
    // 1,000 + 8,000 = 9,000 > 5,000: taxable income 0.
    assert_eq!(v(&r, Key::TotalDeductions), dec!(9000));
    assert_eq!(v(&r, Key::TaxableIncome), dec!(0));
}

/// Before the laws that made them (nj-reference-3.md B8): no NJBEST, NJCLASS or tuition deduction
/// before 2022 and no organ donation deduction before 2020. An amount given for such a year is
/// not deducted, the line is not on the year's form, and a warning at the answer says why; the
/// first year of each deducts it.
#[test]
fn deductions_that_did_not_exist_yet_are_zero_with_a_warning_54a_3_10_3_12_3_13_3_14() {
    let with_all = |year: u16| {
        let mut a = earner(year, dec!(60000));
        a.deductions.njbest_contributions = dec!(500);
        a.deductions.njclass_payments = dec!(400);
        a.deductions.nj_tuition_paid = dec!(300);
        a.deductions.organ_donation_costs = dec!(200);
        a
    };
    let warned = |r: &njtax_engine::ComputedReturn, path: &str| {
        r.diagnostics.iter().any(|d| {
            d.code == "deduction-not-in-year"
                && d.path.as_deref() == Some(path)
                && d.severity == njtax_engine::Severity::Warning
        })
    };
    for year in [2018, 2019] {
        let r = run(&with_all(year));
        for (key, path) in [
            (Key::Njbest, "deductions.njbest_contributions"),
            (Key::Njclass, "deductions.njclass_payments"),
            (Key::Tuition, "deductions.nj_tuition_paid"),
            (Key::OrganDonation, "deductions.organ_donation_costs"),
        ] {
            assert!(r.lines.iter().all(|l| l.key != key), "{year} {key}");
            assert!(warned(&r, path), "{year} {path}");
        }
        // Line 36 (2018-2019 numbering) is the total: exemption 1,000 and nothing else.
        assert_eq!(v(&r, Key::TotalDeductions), dec!(1000), "{year}");
    }
    for year in [2020, 2021] {
        let r = run(&with_all(year));
        assert_eq!(v(&r, Key::OrganDonation), dec!(200), "{year}");
        assert!(!warned(&r, "deductions.organ_donation_costs"), "{year}");
        assert!(warned(&r, "deductions.njbest_contributions"), "{year}");
        assert_eq!(v(&r, Key::TotalDeductions), dec!(1200), "{year}");
    }
    let r = run(&with_all(2022));
    assert_eq!(v(&r, Key::TotalDeductions), dec!(2400));
    assert!(
        r.diagnostics
            .iter()
            .all(|d| d.code != "deduction-not-in-year")
    );
}
