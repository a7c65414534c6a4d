//! Part-year residents and nonresidents, from the statute: months with the 15-day rule
//! (54A:3-1(c)), the whole-year threshold (54A:2-4, last sentence), the NJ-1040NR income
//! percentage (54A:2-1.1 a, 5-8), and spouses of different residency (54A:5-6(b), 8-3.1 d, h).
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use crate::common;
use njtax_engine::Key;

use crate::common::{date, person};
use njtax_engine::answers::{
    Dependent, FilingStatus, Interest, NjResidency, Owner, ResidencyKind, Retirement,
    RetirementKind, RolloverDestination, Sourcing, W2,
};
use njtax_engine::compute::{ComputedReturn, ReturnSet, compute_set};
use njtax_engine::residency::{Filer, ReturnKind, resident_months};
use njtax_engine::{Answers, ParamBook};
use rust_decimal::Decimal;
use rust_decimal::dec;

fn set(a: &Answers) -> ReturnSet {
    compute_set(a, &ParamBook::load().unwrap()).unwrap()
}

fn key(r: &ComputedReturn, k: Key) -> Decimal {
    r.by_key(k)
        .unwrap_or_else(|| panic!("{} has no line {k}", r.form))
        .value
}

fn moved_in(on: (u16, u8, u8)) -> NjResidency {
    NjResidency {
        kind: ResidencyKind::PartYear,
        resident_from: Some(date(on.0, on.1, on.2)),
        resident_to: None,
        other_state: "New York".into(),
    }
}

fn never(state: &str) -> NjResidency {
    NjResidency {
        kind: ResidencyKind::Never,
        other_state: state.into(),
        ..NjResidency::default()
    }
}

fn w2(wages: Decimal, withheld: Decimal) -> W2 {
    W2 {
        employer: "Employer".into(),
        state_wages: wages,
        nj_tax_withheld: withheld,
        ..W2::default()
    }
}

fn single(residency: NjResidency) -> Answers {
    let mut tp = person(date(1985, 5, 5));
    tp.residency = residency;
    Answers {
        tax_year: 2024,
        filing_status: FilingStatus::Single,
        taxpayer: tp,
        ..Answers::default()
    }
}

/// 54A:3-1(c): "15 days or more shall constitute a month". Resident from 17 July: July has 15
/// resident days (17-31) and counts, so 6 months; from 18 July: 14 days, 5 months.
#[test]
fn fifteen_days_make_a_month_fourteen_do_not_54a_3_1_c() {
    assert_eq!(resident_months(&moved_in((2024, 7, 17)), 2024, 15), 6);
    assert_eq!(resident_months(&moved_in((2024, 7, 18)), 2024, 15), 5);
    // Moving out: resident 1-15 January is 15 days (1 month); 1-14 January is 14 (none).
    let out = |d: u8| NjResidency {
        kind: ResidencyKind::PartYear,
        resident_to: Some(date(2024, 1, d)),
        ..NjResidency::default()
    };
    assert_eq!(resident_months(&out(15), 2024, 15), 1);
    assert_eq!(resident_months(&out(14), 2024, 15), 0);
    // February of a leap year: resident 15-29 February is 15 days.
    let feb = NjResidency {
        kind: ResidencyKind::PartYear,
        resident_from: Some(date(2024, 2, 15)),
        resident_to: Some(date(2024, 2, 29)),
        ..NjResidency::default()
    };
    assert_eq!(resident_months(&feb, 2024, 15), 1);
    assert_eq!(resident_months(&NjResidency::default(), 2024, 15), 12);
    assert_eq!(resident_months(&never("New York"), 2024, 15), 0);
}

/// 54A:3-1(c): the exemptions of a part-year NJ-1040 are line 13 x months / 12. Moving in on 17
/// July (6 months) gives $1,000 x 6/12 = $500; on 18 July (5 months) $416.67; and the NJ-1040NR of
/// the nonresident period gets the other months.
#[test]
fn part_year_exemptions_are_prorated_by_months_on_each_return_54a_3_1_c() {
    for (day, res, nonres) in [
        (17u8, dec!(500.00), dec!(500.00)),
        (18, dec!(416.67), dec!(583.33)),
    ] {
        let mut a = single(moved_in((2024, 7, day)));
        let mut w = w2(dec!(60000), dec!(1500));
        w.sourcing = Sourcing {
            nonresident_period: dec!(30000),
            nj_source: Some(dec!(10000)),
            nonresident_period_withheld: dec!(500),
        };
        a.income.w2s = vec![w];
        let s = set(&a);
        assert_eq!(s.returns.len(), 2, "July {day}");
        let (r, nr) = (&s.returns[0], &s.returns[1]);
        assert_eq!(r.kind, ReturnKind::PartYearResident);
        assert_eq!(nr.kind, ReturnKind::PartYearNonresident);
        assert_eq!(key(r, Key::ExemptionTotal), dec!(1000));
        assert_eq!(key(r, Key::Exemptions), res, "resident return, July {day}");
        assert_eq!(
            key(nr, Key::Exemptions),
            nonres,
            "nonresident return, July {day}"
        );
        assert_eq!(r.months + nr.months, 12);
        // Each return has its period's wages and withholding.
        assert_eq!(r.value("15"), dec!(30000));
        assert_eq!(r.value("55"), dec!(1000));
        assert_eq!(nr.value("15A"), dec!(30000));
        assert_eq!(nr.value("15B"), dec!(10000));
        assert_eq!(nr.value("51"), dec!(500));
    }
}

/// 54A:5-1 j for a mover: a 40,000 conversion to a Roth IRA with 10,000 of contributions already
/// taxed is 30,000 of income; 6,000 of it in the nonresident period. The resident NJ-1040 has
/// 24,000 on 20a and the basis in the same proportion, 10,000 x 24,000 / 30,000 = 8,000, on 20b.
/// The nonresident period's 6,000 is not New Jersey income (54A:5-8 b), so no NJ-1040NR.
#[test]
fn a_movers_roth_conversion_is_split_by_period_with_its_basis_54a_5_1_j() {
    let mut a = single(moved_in((2024, 7, 17)));
    a.income.retirement = vec![Retirement {
        kind: RetirementKind::Ira,
        gross_distribution: dec!(40000),
        taxable_amount: dec!(40000),
        destination: RolloverDestination::RothConversion,
        conversion_nj_basis: dec!(10000),
        sourcing: Sourcing {
            nonresident_period: dec!(6000),
            ..Sourcing::default()
        },
        ..Retirement::default()
    }];
    let s = set(&a);
    assert_eq!(s.returns.len(), 1);
    let r = &s.returns[0];
    assert_eq!(r.kind, ReturnKind::PartYearResident);
    assert_eq!(key(r, Key::Pensions), dec!(24000));
    assert_eq!(key(r, Key::PensionsExcludable), dec!(8000));
}

/// 54A:2-4 (last sentence): the no-tax threshold is measured on the gross income the filer would
/// report as a resident for the whole year. A mover with $8,000 of resident-period wages but
/// $60,000 for the year owes tax on the NJ-1040; one with $9,000 for the whole year owes none.
#[test]
fn threshold_is_tested_on_the_whole_years_income_54a_2_4() {
    let mut a = single(moved_in((2024, 11, 1)));
    let mut w = w2(dec!(60000), Decimal::ZERO);
    w.sourcing.nonresident_period = dec!(52000);
    w.sourcing.nj_source = Some(Decimal::ZERO);
    a.income.w2s = vec![w];
    let s = set(&a);
    let r = &s.returns[0];
    assert_eq!(r.value("29"), dec!(8000));
    // 8,000 - 1,000 x 2/12 (166.67) = 7,833.33; table row 7,800-7,850, midpoint 7,825 x 1.4% =
    // 109.55 -> $110 (54A:8-2).
    assert_eq!(r.value("43"), dec!(110));
    assert!(r.filing_requirement.required);
    // No NJ income while a nonresident: no NJ-1040NR.
    assert_eq!(s.returns.len(), 1);
    assert!(
        s.statement
            .iter()
            .any(|l| l.contains("No NJ-1040NR is needed")),
        "{:?}",
        s.statement
    );

    let mut b = single(moved_in((2024, 11, 1)));
    let mut w = w2(dec!(9000), dec!(100));
    w.sourcing.nonresident_period = dec!(1000);
    w.sourcing.nj_source = Some(Decimal::ZERO);
    b.income.w2s = vec![w];
    let s = set(&b);
    let r = &s.returns[0];
    assert_eq!(r.value("29"), dec!(8000));
    assert_eq!(r.value("43"), Decimal::ZERO);
    assert!(!r.filing_requirement.required);
    assert!(r.filing_requirement.should_file_for_refund);
}

/// One test of "subject to tax" (54A:2-4, last sentence) for line 43 and the property tax
/// deduction and credit (3A-17 a, 3A-20 a(1)): a mover in on 1 November with $8,000 of
/// resident-period wages (line 29 under $10,000) and a house taxed $6,000 a year, occupied two
/// months (3A-17 b: 40a = 6,000 x 2/12 = 1,000). Whole year $10,000.00 ("or less"): not subject
/// to tax: line 43 = 0, no deduction, and no credit under 65. Whole year $10,000.01: subject to
/// tax: line 39 = 8,000 - 166.67 = 7,833.33, tax 110 (mid 7,825 x 1.4% = 109.55); with the
/// deduction 6,833.33 -> mid 6,825 x 1.4% = 95.55 -> 96, saving 14 < $50, so the credit is
/// elected: line 41 = 0, line 56 = 50. At the threshold and 65 or older: the credit of 3A-20
/// a(1)(b), no tax.
#[test]
fn part_year_property_tax_benefit_follows_the_whole_year_subject_to_tax_test_54a_2_4_3a_20() {
    let mover = |elsewhere: Decimal, born: u16| {
        let mut a = single(moved_in((2024, 11, 1)));
        a.taxpayer.birth_date = Some(date(born, 5, 5));
        let mut w = w2(dec!(8000) + elsewhere, dec!(100));
        w.sourcing.nonresident_period = elsewhere;
        w.sourcing.nj_source = Some(Decimal::ZERO);
        a.income.w2s = vec![w];
        a.homesteads = vec![njtax_engine::answers::Homestead {
            description: "House".into(),
            property_taxes: dec!(6000),
            months_occupied: 2,
            ..Default::default()
        }];
        set(&a).into_primary()
    };
    // At the threshold: not subject to tax.
    let r = mover(dec!(2000), 1985);
    assert_eq!(r.value("29"), dec!(8000));
    assert_eq!(r.value("40a"), dec!(1000));
    assert_eq!(r.value("43"), Decimal::ZERO);
    assert_eq!(r.value("41"), Decimal::ZERO);
    assert_eq!(r.value("56"), Decimal::ZERO);
    let rule = &r.by_key(Key::PropertyTaxCredit).unwrap().explanation.rule;
    assert!(rule.contains("$10,000.00 is at or below"), "{rule}");
    // A cent over: subject to tax, the deduction compared with the credit on the same test.
    let r = mover(dec!(2000.01), 1985);
    assert_eq!(r.value("29"), dec!(8000));
    assert_eq!(r.value("39"), dec!(7833.33));
    assert_eq!(r.value("43"), dec!(110));
    assert_eq!(r.value("41"), Decimal::ZERO);
    assert_eq!(r.value("56"), dec!(50));
    let rule = &r.by_key(Key::PropertyTaxCredit).unwrap().explanation.rule;
    assert!(rule.contains("save only $14.00"), "{rule}");
    assert!(
        !r.diagnostics
            .iter()
            .any(|d| d.code == "no-property-tax-benefit"),
        "{:?}",
        r.diagnostics
    );
    // At the threshold, 65 or older at the close of the year: the credit, no tax.
    let r = mover(dec!(2000), 1955);
    assert_eq!(r.value("43"), Decimal::ZERO);
    assert_eq!(r.value("41"), Decimal::ZERO);
    assert_eq!(r.value("56"), dec!(50));
}

/// 54A:2-1.1 a, 5-8: a New York resident working in New Jersey 180 of 240 days. Wages $100,000 are
/// New Jersey income by days: $75,000 (5-8 a(2)); interest $2,000 is not (an intangible, 5-8 a(4));
/// a pension of $20,000 never is (5-8 b). Gross income as a resident $122,000 (no exclusion: under
/// 62). Percentage 75,000 / 122,000 = 0.614754... -> 0.6148. Taxable income 122,000 - 1,000 =
/// 121,000; tax by the single schedule 717.50 + 5.525% x 35,000 (1,933.75) + 6.37% x 46,000
/// (2,930.20) = 5,581.45; NJ tax 5,581.45 x 0.6148 = 3,431.48.
#[test]
fn ny_resident_working_in_nj_pays_the_nj_share_of_resident_tax_54a_2_1_1_a() {
    let mut a = single(never("New York"));
    let mut w = w2(dec!(100000), dec!(3000));
    w.days_worked = 240;
    w.nj_days_worked = 180;
    a.income.w2s = vec![w];
    a.income.interest = vec![Interest {
        payer: "Bank".into(),
        taxable_interest: dec!(2000),
        ..Interest::default()
    }];
    a.income.retirement = vec![Retirement {
        payer: "Pension".into(),
        gross_distribution: dec!(20000),
        taxable_amount: dec!(20000),
        ..Retirement::default()
    }];
    let s = set(&a);
    assert_eq!(s.returns.len(), 1);
    let r = &s.returns[0];
    assert_eq!(r.form, "NJ-1040NR");
    assert_eq!(r.kind, ReturnKind::Nonresident);
    assert_eq!(r.value("15A"), dec!(100000));
    assert_eq!(r.value("15B"), dec!(75000));
    assert_eq!(r.value("16B"), Decimal::ZERO);
    assert_eq!(r.value("22A"), dec!(20000));
    assert_eq!(r.value("22B"), Decimal::ZERO);
    assert_eq!(r.value("29A"), dec!(122000));
    assert_eq!(r.value("29B"), dec!(75000));
    assert_eq!(r.value("30"), dec!(1000));
    assert_eq!(r.value("39"), dec!(121000));
    assert_eq!(r.value("40"), dec!(5581.45));
    assert_eq!(r.value("41"), dec!(0.6148));
    assert_eq!(r.value("42"), dec!(3431.48));
    assert_eq!(r.refund, Decimal::ZERO);
    assert_eq!(r.balance_due, dec!(431.48));
    // No resident-only lines on the NJ-1040NR.
    assert!(r.by_key(Key::PropertyTaxCredit).is_none());
    assert!(r.by_key(Key::NjEitc).is_none());
    assert!(r.by_key(Key::CojCredit).is_none());
}

/// 54A:5-8 e, the convenience rule: a New York resident (New York sources a nonresident's wages
/// to the employer's location for days worked elsewhere for the employee's convenience) works
/// for a New Jersey employer 240 days: 120 in New Jersey, 80 at home for convenience, 40 at a
/// client's site the employer required. From 2023 the 80 are New Jersey days: $96,000 x
/// 200/240 = $80,000.00. The other side of each condition keeps the days as worked, $96,000 x
/// 120/240 = $48,000.00: the employer is not in New Jersey; the filer lives in Florida (no such
/// rule); the year is 2022 (before 5-8 e). Convenience days above the 120 days outside New Jersey
/// are limited to them, with a warning ($96,000). A Pennsylvania resident's wages stay none
/// (reciprocity).
#[test]
fn convenience_days_of_a_new_jersey_employers_ny_resident_are_nj_days_54a_5_8_e() {
    let case = |state: &str, in_nj: bool, convenience: u16, year: u16| {
        let mut a = single(never(state));
        a.tax_year = year;
        let mut w = w2(dec!(96000), Decimal::ZERO);
        w.days_worked = 240;
        w.nj_days_worked = 120;
        w.employer_in_nj = in_nj;
        w.convenience_days = convenience;
        a.income.w2s = vec![w];
        set(&a).into_primary()
    };
    let r = case("New York", true, 80, 2024);
    assert_eq!(r.value("15B"), dec!(80000));
    let rule = &r.by_key(Key::WagesNj).unwrap().explanation.rule;
    assert!(
        rule.contains("convenience rule") && rule.contains("120 + 80 = 200 of 240 days"),
        "{rule}"
    );
    assert!(
        r.by_key(Key::WagesNj)
            .unwrap()
            .explanation
            .citation
            .contains("54A:5-8 e")
    );
    // "NY" is understood too.
    assert_eq!(case("NY", true, 80, 2024).value("15B"), dec!(80000));
    // Not a New Jersey employer.
    let r = case("New York", false, 80, 2024);
    assert_eq!(r.value("15B"), dec!(48000));
    let rule = &r.by_key(Key::WagesNj).unwrap().explanation.rule;
    assert!(rule.contains("not a New Jersey employer"), "{rule}");
    // A state of residence without a convenience rule.
    let r = case("Florida", true, 80, 2024);
    assert_eq!(r.value("15B"), dec!(48000));
    let rule = &r.by_key(Key::WagesNj).unwrap().explanation.rule;
    assert!(
        rule.contains("Florida has no convenience-of-the-employer rule"),
        "{rule}"
    );
    // Before 5-8 e (taxable years from 2023).
    assert_eq!(case("New York", true, 80, 2022).value("15B"), dec!(48000));
    // No convenience days.
    assert_eq!(case("New York", true, 0, 2024).value("15B"), dec!(48000));
    // More convenience days than days outside New Jersey: limited to the 120.
    let r = case("New York", true, 150, 2024);
    assert_eq!(r.value("15B"), dec!(96000));
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code == "convenience-days-over"),
        "{:?}",
        r.diagnostics
    );
    // Reciprocity comes first: a Pennsylvania resident's wages are not New Jersey income.
    assert_eq!(
        case("Pennsylvania", true, 80, 2024).value("15B"),
        Decimal::ZERO
    );
}

/// 54A:2-1.1 a sets no upper limit on the fraction: New Jersey-source business income of $30,000
/// against $20,000 from everywhere (a $10,000 loss elsewhere in the category) is 1.5. With no New
/// Jersey income it is nothing.
#[test]
fn income_percentage_has_no_upper_limit_and_is_zero_without_nj_income_54a_2_1_1_a() {
    let mut over = single(never("New York"));
    over.income.businesses = vec![njtax_engine::answers::Business {
        name: "Consulting".into(),
        net_profit: dec!(20000),
        sourcing: Sourcing {
            nj_source: Some(dec!(30000)),
            ..Sourcing::default()
        },
        ..Default::default()
    }];
    let r = set(&over).into_primary();
    assert_eq!(r.value("41"), dec!(1.5));
    // Tax on 19,000 (table row 19,000-19,050, midpoint 19,025 x 1.4% = 266.35 -> 266) x 1.5 = 399.
    assert_eq!(r.value("40"), dec!(266));
    assert_eq!(r.value("42"), dec!(399));

    let mut a = single(never("New York"));
    let mut w = w2(dec!(50000), Decimal::ZERO);
    w.sourcing.nj_source = Some(dec!(50000));
    a.income.w2s = vec![w];
    a.income.businesses = vec![njtax_engine::answers::Business {
        name: "NY shop".into(),
        net_profit: dec!(-10000),
        sourcing: Sourcing {
            nj_source: Some(Decimal::ZERO),
            ..Sourcing::default()
        },
        ..Default::default()
    }];
    let r = set(&a).into_primary();
    // Business losses do not offset wages on the NJ-1040 (5-2): 29A = 50,000 = 29B.
    assert_eq!(r.value("29B"), dec!(50000));
    assert_eq!(r.value("41"), dec!(1));
    assert_eq!(r.value("42"), r.value("40"));

    let mut b = single(never("New York"));
    b.income.w2s = vec![w2(dec!(50000), dec!(200))];
    b.income.w2s[0].sourcing.nj_source = Some(Decimal::ZERO);
    let r = set(&b).into_primary();
    assert_eq!(r.value("41"), Decimal::ZERO);
    assert_eq!(r.value("42"), Decimal::ZERO);
    assert!(!r.filing_requirement.required);
    assert!(r.filing_requirement.should_file_for_refund);
    assert_eq!(r.refund, dec!(200));
}

/// Reciprocity: a Pennsylvania resident's New Jersey wages are not New Jersey income, even when a
/// New Jersey-source amount is entered (a warning says so); New Jersey rents are (5-8 a(1)).
#[test]
fn pennsylvania_residents_wages_are_not_nj_income_but_nj_rents_are_54a_5_8() {
    let mut a = single(never("Pennsylvania"));
    let mut w = w2(dec!(70000), Decimal::ZERO);
    w.sourcing.nj_source = Some(dec!(70000));
    a.income.w2s = vec![w];
    a.income.rents = vec![njtax_engine::answers::Rental {
        description: "Duplex in Trenton".into(),
        net: dec!(12000),
        sourcing: Sourcing {
            nj_source: Some(dec!(12000)),
            ..Sourcing::default()
        },
        ..Default::default()
    }];
    let r = set(&a).into_primary();
    assert_eq!(r.value("15B"), Decimal::ZERO);
    assert_eq!(r.value("20B"), dec!(12000));
    assert_eq!(r.value("29A"), dec!(82000));
    // 12,000 / 82,000 = 0.146341... -> 0.1463.
    assert_eq!(r.value("41"), dec!(0.1463));
    assert!(r.diagnostics.iter().any(|d| d.code == "reciprocity-wages"));
    // "PA" is understood too.
    a.taxpayer.residency.other_state = "PA".into();
    assert_eq!(set(&a).into_primary().value("15B"), Decimal::ZERO);
}

/// 3-3(a): a nonresident's medical expenses count above 2% of the gross income of the whole year
/// as a resident. A mover with $40,000 for the nonresident period and $100,000 for the year who
/// paid $5,000 while a nonresident deducts 5,000 - 2,000 = $3,000 on the NJ-1040NR, not 5,000 -
/// 800.
#[test]
fn nonresident_medical_floor_is_on_the_whole_years_income_54a_3_3_a() {
    let mut a = single(moved_in((2024, 7, 1)));
    let mut w = w2(dec!(100000), Decimal::ZERO);
    w.sourcing.nonresident_period = dec!(40000);
    w.sourcing.nj_source = Some(dec!(40000));
    a.income.w2s = vec![w];
    a.deductions.medical_expenses = dec!(6000);
    a.deductions_while_nonresident.medical_expenses = dec!(5000);
    let s = set(&a);
    let (r, nr) = (&s.returns[0], &s.returns[1]);
    assert_eq!(nr.value("31"), dec!(3000));
    // The resident period: 1,000 paid against 2% of its own 60,000 (1,200): nothing.
    assert_eq!(r.value("31"), Decimal::ZERO);
}

/// 54A:4-17.1 e: a part-year resident's child tax credit is prorated by months of residency.
/// Child under 6, taxable income under $30,000: $1,000 x 6 / 12 = $500.
#[test]
fn part_year_child_tax_credit_is_prorated_by_months_54a_4_17_1_e() {
    let mut a = single(moved_in((2024, 7, 1)));
    a.filing_status = FilingStatus::HeadOfHousehold;
    a.dependents = vec![Dependent {
        name: "Kid".into(),
        ..common::child(date(2021, 3, 3))
    }];
    let mut w = w2(dec!(40000), Decimal::ZERO);
    w.sourcing.nonresident_period = dec!(20000);
    w.sourcing.nj_source = Some(Decimal::ZERO);
    a.income.w2s = vec![w];
    let s = set(&a);
    let r = &s.returns[0];
    assert_eq!(r.months, 6);
    assert_eq!(r.value("65"), dec!(500));
}

fn mixed_couple(election: bool) -> Answers {
    let mut tp = person(date(1980, 1, 1));
    tp.residency = NjResidency::default();
    let mut sp = person(date(1982, 2, 2));
    sp.residency = never("New York");
    let mut their = w2(dec!(90000), dec!(2500));
    their.owner = Owner::Spouse;
    their.days_worked = 200;
    their.nj_days_worked = 50;
    Answers {
        tax_year: 2024,
        filing_status: FilingStatus::MarriedJoint,
        taxpayer: tp,
        spouse: Some(sp),
        both_residents_election: election,
        income: njtax_engine::answers::Income {
            w2s: vec![w2(dec!(60000), dec!(1200)), their],
            ..Default::default()
        },
        ..Answers::default()
    }
}

/// 54A:5-6(b), 8-3.1 d: a resident married to a nonresident files separately by default: the
/// resident an NJ-1040 (married filing separately) with the resident's own income, the nonresident
/// an NJ-1040NR with the New Jersey share. With both electing, one joint NJ-1040 of all the income
/// as if both were residents. The comparison nets each way.
#[test]
fn spouses_of_different_residency_file_separately_unless_both_elect_54a_5_6_b() {
    let s = set(&mixed_couple(false));
    assert_eq!(s.returns.len(), 2);
    let (tp, sp) = (&s.returns[0], &s.returns[1]);
    assert_eq!((tp.form.as_str(), tp.filer), ("NJ-1040", Filer::Taxpayer));
    assert_eq!((sp.form.as_str(), sp.filer), ("NJ-1040NR", Filer::Spouse));
    assert_eq!(tp.value("15"), dec!(60000));
    assert_eq!(
        tp.value("6"),
        dec!(1000),
        "own exemption only (3-1(b)1: spouse who does not file separately)"
    );
    assert_eq!(sp.value("15A"), dec!(90000));
    // 90,000 x 50 / 200 = 22,500.
    assert_eq!(sp.value("15B"), dec!(22500));
    assert_eq!(sp.value("41"), dec!(0.25));
    let c = s.comparison.as_ref().unwrap();
    assert!(!c.elected);
    assert_eq!(c.separate_net, s.net_refund());

    let j = set(&mixed_couple(true));
    assert_eq!(j.returns.len(), 1);
    let r = &j.returns[0];
    assert_eq!((r.form.as_str(), r.kind), ("NJ-1040", ReturnKind::Resident));
    assert_eq!(r.value("15"), dec!(150000));
    assert_eq!(r.value("6"), dec!(2000));
    let cj = j.comparison.as_ref().unwrap();
    assert!(cj.elected);
    assert_eq!(cj.joint_net, j.net_refund());
    // The two sets compare the same two numbers.
    assert_eq!(cj.separate_net, c.separate_net);
    assert_eq!(cj.joint_net, c.joint_net);
}

/// 54A:8-3.1 h: both spouses nonresidents, only one with New Jersey income: that spouse alone files
/// (married filing separately) unless both elect a joint return.
#[test]
fn two_nonresidents_with_one_earner_file_separately_unless_they_elect_54a_8_3_1_h() {
    let mut a = mixed_couple(false);
    a.taxpayer.residency = never("New York");
    a.income.w2s[0].sourcing.nj_source = Some(Decimal::ZERO);
    let s = set(&a);
    assert_eq!(s.returns.len(), 1);
    let r = &s.returns[0];
    assert_eq!((r.form.as_str(), r.filer), ("NJ-1040NR", Filer::Spouse));
    assert_eq!(r.value("15A"), dec!(90000));
    assert_eq!(r.value("6"), dec!(1000));

    a.nonresident_joint_election = true;
    let s = set(&a);
    assert_eq!(s.returns.len(), 1);
    let r = &s.returns[0];
    assert_eq!((r.form.as_str(), r.filer), ("NJ-1040NR", Filer::Household));
    assert_eq!(r.value("15A"), dec!(150000));
    assert_eq!(r.value("15B"), dec!(22500));
}

/// A part-year resident needs a move date; a split larger than the item is an error; a split on a
/// full-year resident's item is ignored with a warning.
#[test]
fn residency_answers_are_checked() {
    let mut a = single(NjResidency {
        kind: ResidencyKind::PartYear,
        ..NjResidency::default()
    });
    let mut w = w2(dec!(1000), Decimal::ZERO);
    w.sourcing.nonresident_period = dec!(2000);
    a.income.w2s = vec![w];
    let s = set(&a);
    let codes: Vec<&str> = s.returns[0]
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert!(codes.contains(&"residency-dates-missing"), "{codes:?}");
    assert!(codes.contains(&"split-too-large"), "{codes:?}");

    let mut b = single(NjResidency::default());
    let mut w = w2(dec!(1000), Decimal::ZERO);
    w.sourcing.nonresident_period = dec!(500);
    b.income.w2s = vec![w];
    let r = set(&b).into_primary();
    assert!(r.diagnostics.iter().any(|d| d.code == "split-not-used"));
    assert_eq!(r.value("15"), dec!(1000));
}

/// Spouses filing separately from one draft: last year's tax, the line 52 override and the
/// household's federal shared responsibility payment go on the primary filer's return only (they
/// would otherwise count twice); the spouse keeps their own coverage months and the ovals.
#[test]
fn separate_returns_keep_the_household_estimated_tax_and_health_answers_on_the_primary_return() {
    use njtax_engine::answers::{Coverage, Owner, Person};
    use njtax_engine::residency::{Filer, for_filer};
    let mut a = njtax_engine::Answers {
        tax_year: 2024,
        ..Default::default()
    };
    a.spouse = Some(Person {
        coverage: Coverage {
            months_without_coverage: vec![1, 2],
            ..Default::default()
        },
        ..Default::default()
    });
    a.estimated_tax.prior_year_tax = Some(rust_decimal::dec!(3000));
    a.estimated_tax.interest_override = Some(rust_decimal::dec!(12));
    a.health.federal_payment = rust_decimal::dec!(100);
    a.health.someone_uninsured_now = true;
    let mine = for_filer(&a, Filer::Taxpayer, Owner::Taxpayer);
    assert_eq!(
        mine.estimated_tax.prior_year_tax,
        Some(rust_decimal::dec!(3000))
    );
    assert_eq!(mine.health.federal_payment, rust_decimal::dec!(100));
    let theirs = for_filer(&a, Filer::Spouse, Owner::Taxpayer);
    assert_eq!(theirs.estimated_tax.prior_year_tax, None);
    assert_eq!(theirs.estimated_tax.interest_override, None);
    assert!(theirs.health.federal_payment.is_zero());
    assert!(theirs.health.someone_uninsured_now);
    // The spouse is the filer of their own return: their months travel with them.
    assert_eq!(theirs.taxpayer.coverage.months_without_coverage, vec![1, 2]);
}

/// 54A:5-8 e when the filer also types the New Jersey wages: "this State shall impose a similar
/// New Jersey sourcing rule on that income", so the pay for the convenience days is New Jersey
/// pay whatever was typed (docs/decisions/part-year-and-nonresident.md). A 2025 New York
/// resident, single, works for a New Jersey employer: $150,000 of wages, 240 days, 140 in New
/// Jersey, 100 at home for convenience; types $87,500 (140/240 of the wages). By days with the
/// convenience days: $150,000 x 240/240 = $150,000 of New Jersey wages, used with a warning.
/// Tax as if a resident (2025 single table of 54A:2-1 b): exemption $1,000, taxable $149,000:
/// $2,651.25 + 6.37% x $74,000 = $2,651.25 + $4,713.80 = $7,365.05; income percentage
/// 150,000 / 150,000 = 100%; tax $7,365.05. (The typed figure alone would give 58.33%.)
/// A typed figure at or above the wages by days is kept, with a warning when it differs; one equal
/// to them raises none. Without the rule (Florida) the typed figure is used and a warning shows the
/// days' figure. Days given without the days worked are a warning.
#[test]
fn typed_nj_wages_include_the_convenience_days_54a_5_8_e() {
    let case = |state: &str, typed: Decimal, days: (u16, u16, u16)| {
        let mut a = single(never(state));
        a.tax_year = 2025;
        let mut w = w2(dec!(150000), Decimal::ZERO);
        (w.days_worked, w.nj_days_worked, w.convenience_days) = days;
        w.employer_in_nj = true;
        w.sourcing.nj_source = Some(typed);
        a.income.w2s = vec![w];
        set(&a).into_primary()
    };
    let warned = |r: &ComputedReturn, code: &str| r.diagnostics.iter().any(|d| d.code == code);
    let r = case("New York", dec!(87500), (240, 140, 100));
    assert_eq!(key(&r, Key::WagesNj), dec!(150000));
    assert!(warned(&r, "convenience-wages-added"), "{:?}", r.diagnostics);
    assert_eq!(key(&r, Key::TaxAsResident), dec!(7365.05));
    assert_eq!(key(&r, Key::IncomePercentage), dec!(1));
    assert_eq!(key(&r, Key::Tax), dec!(7365.05));
    let rule = &r.by_key(Key::WagesNj).unwrap().explanation.rule;
    assert!(rule.contains("convenience rule"), "{rule}");

    // 120 + 80 of 240 days: $150,000 x 200/240 = $125,000.
    let r = case("New York", dec!(130000), (240, 120, 80));
    assert_eq!(key(&r, Key::WagesNj), dec!(130000));
    assert!(!warned(&r, "convenience-wages-added"));
    assert!(warned(&r, "nj-wages-differ-from-days"));
    let r = case("New York", dec!(125000), (240, 120, 80));
    assert_eq!(key(&r, Key::WagesNj), dec!(125000));
    assert!(!warned(&r, "convenience-wages-added") && !warned(&r, "nj-wages-differ-from-days"));
    let r = case("New York", dec!(124999.99), (240, 120, 80));
    assert_eq!(key(&r, Key::WagesNj), dec!(125000));
    assert!(warned(&r, "convenience-wages-added"));

    // Florida has no convenience rule: the days give 120/240 = $75,000; the typed $70,000 is used.
    let r = case("Florida", dec!(70000), (240, 120, 80));
    assert_eq!(key(&r, Key::WagesNj), dec!(70000));
    assert!(!warned(&r, "convenience-wages-added"));
    assert!(warned(&r, "nj-wages-differ-from-days"));

    // Convenience days without the days worked: not used, said.
    let r = case("New York", dec!(87500), (0, 0, 100));
    assert_eq!(key(&r, Key::WagesNj), dec!(87500));
    assert!(warned(&r, "nj-wages-days-unused"), "{:?}", r.diagnostics);
}
