//! NJ credits built on federal figures: line 58 EITC (N.J.S.A. 54A:4-7), line 64 child and
//! dependent care credit (54A:4-17), line 65 child tax credit (54A:4-17.1).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use njtax_engine::Key;
use njtax_engine::answers::{CareExpenses, QualifyingPersons};
use njtax_engine::answers::{Date, FilingStatus};
use njtax_engine::compute::{Ctx, Sheet};
use njtax_engine::explain::Source;
use njtax_engine::explain::{Diagnostic, Line, Severity};
use njtax_engine::money::fmt_money;
use njtax_engine::money::round_dollars;
use njtax_engine::params::parse_file;
use njtax_engine::rules::credits::{
    CreditParamsFile, line_58_nj_eitc, line_64_child_care_credit, line_65_child_tax_credit,
};
use njtax_engine::rules::federal_eic::FederalParamsFile;
use njtax_engine::rules::form_2441::{FederalCareCredit, form_2441_federal_care_credit};
use njtax_engine::{Answers, Explanation, ParamBook, YearParams};
use rust_decimal::Decimal;
use rust_decimal::dec;

/// Year parameters for any year 2019-2025 (credit and federal figures of that year on top of a
/// supported year's other figures).
fn year_params(year: u16) -> YearParams {
    let book = ParamBook::load().unwrap();
    let mut p = book.for_year(2024).unwrap();
    p.year = year;
    let fed: FederalParamsFile = parse_file(
        "federal.ron",
        include_str!("../../../forms/params/federal.ron"),
    )
    .unwrap();
    p.federal = fed.resolve(year).unwrap();
    let credits: CreditParamsFile = parse_file(
        "credits.ron",
        include_str!("../../../forms/params/credits.ron"),
    )
    .unwrap();
    p.credits = credits.resolve(year).unwrap();
    p
}

use crate::common::{child, date, person};

/// A single filer born 15 June of `born_year`, with earned income = AGI = `income`.
fn answers(year: u16, born_year: u16, income: Decimal, kids: usize) -> Answers {
    let mut a = Answers {
        tax_year: year,
        taxpayer: person(date(born_year, 6, 15)),
        ..Answers::default()
    };
    a.federal.earned_income = income;
    a.federal.agi = income;
    for i in 0..kids {
        a.dependents.push(child(date(year - 2 - i as u16, 3, 1)));
    }
    a
}

type Rule = fn(&Ctx, &Sheet) -> Line;

/// Run one line rule with NJ taxable income (line 42) set.
fn run(a: &Answers, taxable: Decimal, rule: Rule) -> (Line, Vec<Diagnostic>) {
    let p = year_params(a.tax_year);
    let cx = Ctx::new(a, &p);
    let mut s = Sheet::default();
    s.push(cx.line(Key::NjTaxableIncome, taxable, Explanation::default()));
    let line = rule(&cx, &s);
    (line, cx.take_diags())
}

fn eitc(a: &Answers) -> (Line, Vec<Diagnostic>) {
    run(a, dec!(0), line_58_nj_eitc)
}

fn has(diags: &[Diagnostic], code: &str, severity: Severity) -> bool {
    diags
        .iter()
        .any(|d| d.code == code && d.severity == severity)
}

// ---------------------------------------------------------------- line 58

#[test]
fn nj_eitc_is_the_years_percentage_of_the_federal_credit_54a_4_7_a_2() {
    // One child, single, earned income = AGI = $15,000: the plateau of the year's table
    // (the published maximum, since 15,000 is past every year's one-child earned income amount
    // and before its phase-out). 2019: 39% x 3,526 = 1,375.14. 2020 on: 40%.
    let cases = [
        (2019, dec!(1375.14)), // 0.39 x 3,526
        (2020, dec!(1433.60)), // 0.40 x 3,584
        (2021, dec!(1447.20)), // 0.40 x 3,618
        (2022, dec!(1493.20)), // 0.40 x 3,733
        (2023, dec!(1598.00)), // 0.40 x 3,995
        (2024, dec!(1685.20)), // 0.40 x 4,213
        (2025, dec!(1731.20)), // 0.40 x 4,328
    ];
    for (year, want) in cases {
        let (l, _) = eitc(&answers(year, year - 30, dec!(15000), 1));
        assert_eq!(l.value, want, "{year}");
        assert_eq!(l.key, Key::NjEitc);
    }
}

#[test]
fn nj_eitc_percentage_schedule_is_the_statutes_54a_4_7_a_2() {
    let file: CreditParamsFile = parse_file(
        "credits.ron",
        include_str!("../../../forms/params/credits.ron"),
    )
    .unwrap();
    let expected = [
        (2000, dec!(0.10)),
        (2001, dec!(0.15)),
        (2002, dec!(0.175)),
        (2005, dec!(0.20)),
        (2008, dec!(0.225)),
        (2009, dec!(0.25)),
        (2014, dec!(0.20)),
        (2015, dec!(0.30)),
        (2017, dec!(0.35)),
        (2018, dec!(0.37)),
        (2019, dec!(0.39)),
        (2020, dec!(0.40)),
        (2025, dec!(0.40)),
    ];
    for (year, rate) in expected {
        assert_eq!(
            file.eitc_rate.at("credits.eitc_rate", year).unwrap().value,
            rate,
            "{year}"
        );
    }
}

#[test]
fn nj_eitc_uses_the_irs_calculated_federal_credit_when_given() {
    // 40% x 1,000 = 400; the engine's own figure (4,213) is noted.
    let mut a = answers(2024, 1994, dec!(15000), 1);
    a.federal.irs_eic_override = Some(dec!(1000));
    let (l, d) = eitc(&a);
    assert_eq!(l.value, dec!(400.00));
    assert!(has(&d, "eic-override-differs", Severity::Info));
    // A negative IRS figure is an error and counts as zero.
    a.federal.irs_eic_override = Some(dec!(-5));
    let (l, d) = eitc(&a);
    assert_eq!(l.value, dec!(0));
    assert!(has(&d, "negative-amount", Severity::Error));
}

#[test]
fn nj_eitc_explanation_shows_the_percentage_and_the_federal_computation() {
    let (l, _) = eitc(&answers(2024, 1994, dec!(15000), 1));
    assert!(
        l.explanation
            .rule
            .starts_with("40% of the federal earned income credit $4,213.00 = $1,685.20")
    );
    assert!(l.explanation.rule.contains("table band"));
    assert!(
        l.explanation
            .params
            .iter()
            .any(|p| p.id == "credits.eitc_rate")
    );
    assert!(
        l.explanation
            .params
            .iter()
            .any(|p| p.id == "federal.eic_earned_income_amount")
    );
    assert!(l.explanation.citation.contains("54A:4-7"));
}

#[test]
fn childless_filer_under_25_gets_the_flat_amount_54a_4_7_a_4() {
    // 2024: age 22, no child, $10,000: federal age test fails (25-64), every other test met.
    // Flat amount 40% x $632 = $252.80 -> $253.
    let (l, _) = eitc(&answers(2024, 2002, dec!(10000), 0));
    assert_eq!(l.value, dec!(253));
    assert!(l.explanation.rule.contains("$253.00"));
    assert!(
        l.explanation
            .params
            .iter()
            .any(|p| p.id == "credits.eitc_childless")
    );
}

#[test]
fn flat_amount_by_year_22_224_23_240_24_253_25_260_26_266_54a_4_7_a_4() {
    for (year, want) in [
        (2022, dec!(224)),
        (2023, dec!(240)),
        (2024, dec!(253)),
        (2025, dec!(260)),
        (2026, dec!(266)),
    ] {
        let (l, _) = eitc(&answers(year, year - 20, dec!(8000), 0));
        assert_eq!(l.value, want, "{year}");
    }
}

#[test]
fn flat_amounts_are_the_percentage_of_the_federal_maximum_childless_credit_rounded_54a_4_7_a_4() {
    // "predicated on the federal maximum amount for taxpayers with no qualifying child":
    // 2020 .40 x 538 = 215.20; 2021 .40 x 1,502 = 600.80; 2022 .40 x 560 = 224;
    // 2023 .40 x 600 = 240; 2024 .40 x 632 = 252.80; 2025 .40 x 649 = 259.60;
    // 2026 .40 x 664 = 265.60.
    for year in 2020..=2026 {
        let p = year_params(year);
        let flat = p.credits.eitc_childless.value.as_ref().unwrap().flat_amount;
        let computed =
            round_dollars(p.credits.eitc_rate.value * p.federal.eic_max_credit.value.zero);
        assert_eq!(flat, computed, "{year}");
    }
    assert!(year_params(2019).credits.eitc_childless.value.is_none());
}

#[test]
fn flat_amount_minimum_age_is_18_from_2021_and_21_in_2020_54a_4_7_a_4() {
    // 2024: 18 at the end of the year qualifies, 17 does not.
    let (l, _) = eitc(&answers(2024, 2006, dec!(8000), 0));
    assert_eq!(l.value, dec!(253));
    let (l, _) = eitc(&answers(2024, 2007, dec!(8000), 0));
    assert_eq!(l.value, dec!(0));
    assert!(l.explanation.rule.contains("18 or older"));
    // 2020: 21 qualifies, 20 does not (flat 40% x 538 = 215.20 -> 215).
    let (l, _) = eitc(&answers(2020, 1999, dec!(8000), 0));
    assert_eq!(l.value, dec!(215));
    let (l, _) = eitc(&answers(2020, 2000, dec!(8000), 0));
    assert_eq!(l.value, dec!(0));
    // 2021: the federal minimum is 19, so an 18-year-old gets the flat 40% x 1,502 -> 601.
    let (l, _) = eitc(&answers(2021, 2003, dec!(8000), 0));
    assert_eq!(l.value, dec!(601));
}

#[test]
fn flat_amount_has_no_upper_age_limit_54a_4_7_a_4() {
    // 2024: 70 years old, no child, $8,000: federal fails (under 65), NJ flat $253.
    let (l, _) = eitc(&answers(2024, 1954, dec!(8000), 0));
    assert_eq!(l.value, dec!(253));
}

#[test]
fn flat_amount_needs_income_below_the_federal_childless_limit_54a_4_7_a_4() {
    // 2024 single limit $18,591: $18,590 qualifies, $18,591 does not.
    let (l, _) = eitc(&answers(2024, 2002, dec!(18590), 0));
    assert_eq!(l.value, dec!(253));
    let (l, _) = eitc(&answers(2024, 2002, dec!(18591), 0));
    assert_eq!(l.value, dec!(0));
    // Joint limit $25,511.
    let mut a = answers(2024, 2002, dec!(25510), 0);
    a.filing_status = FilingStatus::MarriedJoint;
    a.spouse = Some(person(date(2003, 2, 1)));
    let (l, _) = eitc(&a);
    assert_eq!(l.value, dec!(253));
    a.federal.agi = dec!(25511);
    let (l, _) = eitc(&a);
    assert_eq!(l.value, dec!(0));
    // No earned income: no credit.
    let (l, _) = eitc(&answers(2024, 2002, dec!(0), 0));
    assert_eq!(l.value, dec!(0));
}

#[test]
fn flat_amount_needs_investment_income_within_the_federal_limit_54a_4_7_a_4() {
    let mut a = answers(2024, 2002, dec!(8000), 0);
    a.federal.investment_income = dec!(11600);
    assert_eq!(eitc(&a).0.value, dec!(253));
    a.federal.investment_income = dec!(11601);
    assert_eq!(eitc(&a).0.value, dec!(0));
}

#[test]
fn flat_amount_is_not_for_a_filer_claimed_as_a_dependent_54a_4_7_a_4() {
    let mut a = answers(2024, 2002, dec!(8000), 0);
    a.taxpayer.claimed_as_dependent = true;
    assert_eq!(eitc(&a).0.value, dec!(0));
}

#[test]
fn childless_filer_of_federal_age_gets_the_percentage_not_the_flat_amount_54a_4_7_a_1() {
    // 2024, age 30, no child, $17,000: federal table band 17,000-17,050, midpoint 17,025:
    // 631.89 - .0765 x (17,025 - 10,330) = 631.89 - 512.17 = 119.72 -> 120; NJ 40% = 48.00.
    let (l, _) = eitc(&answers(2024, 1994, dec!(17000), 0));
    assert_eq!(l.value, dec!(48.00));
}

#[test]
fn no_flat_amount_before_2020_54a_4_7_a_4() {
    let (l, _) = eitc(&answers(2019, 1997, dec!(8000), 0));
    assert_eq!(l.value, dec!(0));
}

#[test]
fn married_filing_separately_gets_no_nj_eitc_even_under_the_federal_separated_spouse_rule_54a_4_7_a_3()
 {
    // 54A:4-7 a(3): a married claimant must file jointly; only head-of-household and surviving
    // spouse filers are excepted. The federal separated-spouse rule (IRC 32(d)(2)(B)) gives a
    // federal credit on a separate return but does not make the filer head of household.
    let mut a = answers(2024, 1990, dec!(15000), 1);
    a.filing_status = FilingStatus::MarriedSeparate;
    a.federal.mfs_eic_separated_spouse = true;
    let (l, d) = eitc(&a);
    assert_eq!(l.value, dec!(0));
    assert!(has(&d, "mfs-eitc", Severity::Warning));
    assert!(l.explanation.rule.contains("joint return"));
    // Claiming it on line 58 with the IRS figure is an error.
    a.federal.irs_eic_override = Some(dec!(4213));
    let (l, d) = eitc(&a);
    assert_eq!(l.value, dec!(0));
    assert!(has(&d, "mfs-eitc", Severity::Error));
    // The same filer as head of household gets 40% x 4,213.
    a.filing_status = FilingStatus::HeadOfHousehold;
    a.federal.irs_eic_override = None;
    let (l, _) = eitc(&a);
    assert_eq!(l.value, dec!(1685.20));
}

#[test]
fn married_filing_separately_without_any_claim_has_no_diagnostic() {
    let mut a = answers(2024, 1990, dec!(60000), 0);
    a.filing_status = FilingStatus::MarriedSeparate;
    let (l, d) = eitc(&a);
    assert_eq!(l.value, dec!(0));
    assert!(!d.iter().any(|x| x.code == "mfs-eitc"));
}

#[test]
fn joint_return_uses_the_joint_column_54a_4_7_a_1() {
    // Joint 2024, one child, $25,000: past the single phase-out (22,720) but not the joint one
    // (29,640): full 4,213; NJ 40% = 1,685.20. Single: the 2024 table phases out from the
    // published maximum, band 25,000-25,050, midpoint 25,025: 4,213 - .1598 x 2,305 = 3,844.66
    // -> 3,845.
    let mut a = answers(2024, 1990, dec!(25000), 1);
    a.filing_status = FilingStatus::MarriedJoint;
    a.spouse = Some(person(date(1991, 1, 1)));
    assert_eq!(eitc(&a).0.value, dec!(1685.20));
    a.filing_status = FilingStatus::Single;
    assert_eq!(eitc(&a).0.value, dec!(1538.00)); // 0.40 x 3,845
}

#[test]
fn absurd_income_gives_no_credit_and_no_panic() {
    let mut a = answers(2024, 1990, Decimal::MAX, 3);
    a.federal.investment_income = Decimal::MIN;
    assert_eq!(eitc(&a).0.value, dec!(0));
    a.federal.irs_eic_override = Some(Decimal::MAX);
    let (l, _) = eitc(&a);
    assert!(l.value > dec!(0));
}

// ---------------------------------------------------------------- line 64

fn cdcc(
    year: u16,
    status: FilingStatus,
    federal: Decimal,
    taxable: Decimal,
) -> (Line, Vec<Diagnostic>) {
    let mut a = answers(year, 1985, dec!(50000), 1);
    a.filing_status = status;
    a.federal.dependent_care_credit = federal;
    run(&a, taxable, line_64_child_care_credit)
}

#[test]
fn child_care_credit_at_every_tier_top_and_one_dollar_above_54a_4_17_a() {
    // Federal credit $600. Tops are inclusive ("not over").
    let cases = [
        (dec!(0), dec!(300.00)),      // 50%
        (dec!(30000), dec!(300.00)),  // 50%
        (dec!(30001), dec!(240.00)),  // 40%
        (dec!(60000), dec!(240.00)),  // 40%
        (dec!(60001), dec!(180.00)),  // 30%
        (dec!(90000), dec!(180.00)),  // 30%
        (dec!(90001), dec!(120.00)),  // 20%
        (dec!(120000), dec!(120.00)), // 20%
        (dec!(120001), dec!(60.00)),  // 10%
        (dec!(150000), dec!(60.00)),  // 10%
        (dec!(150001), dec!(0)),      // over the $150,000 limit
    ];
    for year in 2022..=2025 {
        for (taxable, want) in cases {
            let (l, _) = cdcc(year, FilingStatus::Single, dec!(600), taxable);
            assert_eq!(l.value, want, "{year}, line 42 {taxable}");
        }
    }
    // Cents: 40% of 333.33 = 133.332 -> 133.33.
    assert_eq!(
        cdcc(2024, FilingStatus::Single, dec!(333.33), dec!(45000))
            .0
            .value,
        dec!(133.33)
    );
}

#[test]
fn child_care_credit_limit_applies_to_every_filing_status_54a_4_17_a() {
    let (l, _) = cdcc(2024, FilingStatus::MarriedJoint, dec!(600), dec!(150001));
    assert_eq!(l.value, dec!(0));
    let (l, _) = cdcc(2024, FilingStatus::HeadOfHousehold, dec!(600), dec!(150000));
    assert_eq!(l.value, dec!(60.00));
}

#[test]
fn child_care_credit_explains_the_tier() {
    let (l, _) = cdcc(2024, FilingStatus::Single, dec!(600), dec!(45000));
    assert_eq!(
        l.explanation.rule,
        "New Jersey taxable income $45,000.00 is not over $60,000.00, so 40% of the federal credit $600.00 = $240.00"
    );
    assert!(
        l.explanation
            .params
            .iter()
            .any(|p| p.id == "credits.cdcc_tiers")
    );
}

#[test]
fn child_care_credit_on_a_separate_return_warns_about_irc_21_e_54a_4_17_c() {
    // 54A:4-17 c: married couples must file jointly, except filers eligible under IRC 21(e)(3)
    // or (4) (treated as not married). A separate filer can have a federal credit only under
    // those rules, so the credit is computed and a warning asks to confirm.
    let (l, d) = cdcc(2024, FilingStatus::MarriedSeparate, dec!(600), dec!(20000));
    assert_eq!(l.value, dec!(300.00));
    assert!(has(&d, "cdcc-mfs", Severity::Warning));
}

#[test]
fn child_care_credit_is_zero_without_a_federal_credit_and_negative_is_an_error() {
    let (l, d) = cdcc(2024, FilingStatus::Single, dec!(0), dec!(20000));
    assert_eq!(l.value, dec!(0));
    assert!(d.is_empty());
    let (l, d) = cdcc(2024, FilingStatus::Single, dec!(-100), dec!(20000));
    assert_eq!(l.value, dec!(0));
    assert!(has(&d, "negative-amount", Severity::Error));
}

// ------------------------------------------- line 64 from the federal Form 2441 worksheet

/// Form 2441 facts: expenses paid, the qualifying persons, your earned income, a tax limit that
/// does not bind.
fn care(expenses: Decimal, persons: QualifyingPersons, earned: Decimal) -> CareExpenses {
    CareExpenses {
        expenses,
        qualifying_persons: Some(persons),
        taxpayer_earned_income: Some(earned),
        tax_limit: Some(dec!(99999)),
        ..CareExpenses::default()
    }
}

/// A filer of `status` in `year` with federal AGI `agi` and the Form 2441 facts `w`.
fn care_answers(year: u16, status: FilingStatus, agi: Decimal, w: CareExpenses) -> Answers {
    let mut a = answers(year, 1985, agi, 1);
    a.filing_status = status;
    a.federal.care = Some(w);
    a
}

/// The federal worksheet alone, with `year`'s federal figures (any year in federal.ron, 2026
/// included).
fn form_2441(a: &Answers) -> (FederalCareCredit, Vec<Diagnostic>) {
    let p = year_params(a.tax_year);
    let cx = Ctx::new(a, &p);
    let w = a.federal.care.clone().unwrap();
    let out = form_2441_federal_care_credit(&cx, &w);
    (out, cx.take_diags())
}

fn step(l: &FederalCareCredit, id: &str) -> String {
    l.explanation
        .inputs
        .iter()
        .find(|i| i.source == Source::Worksheet(id.into()))
        .unwrap_or_else(|| panic!("no step {id} in {:?}", l.explanation.inputs))
        .value
        .clone()
}

#[test]
fn form_2441_line_8_steps_down_one_point_per_2000_of_agi_over_15000_2022_to_2025_irc_21_a_2() {
    // $3,000 of expenses for one person, earned income $100,000: line 6 = $3,000, and
    // line 9a = $3,000 x the applicable percentage: 35% less 1 point for each $2,000 or part of it
    // over $15,000, not below 20%.
    let cases = [
        (dec!(15000), dec!(1050)),    // not over $15,000: 35%
        (dec!(15000.01), dec!(1020)), // 1 cent over: one step, 34%
        (dec!(17000), dec!(1020)),    // $2,000 over: still one step, 34%
        (dec!(17000.01), dec!(990)),  // two steps: 33%
        (dec!(43000), dec!(630)),     // $28,000 over: 14 steps, 21%
        (dec!(43000.01), dec!(600)),  // 15 steps: 20%, the floor
        (dec!(250000), dec!(600)),    // the floor holds at any income
    ];
    for year in 2022..=2025 {
        for status in [FilingStatus::Single, FilingStatus::MarriedJoint] {
            for (agi, want) in cases {
                let mut w = care(dec!(3000), QualifyingPersons::One, dec!(100000));
                w.spouse_earned_income = Some(dec!(100000));
                let (l, d) = form_2441(&care_answers(year, status, agi, w));
                assert_eq!(l.credit, want, "{year} {status:?} AGI {agi}");
                assert!(l.complete() && d.is_empty(), "{d:?}");
            }
        }
    }
}

#[test]
fn form_2441_line_8_for_2026_has_two_reductions_obbba_p_l_119_21_s_70405() {
    // 2026: 50% less 1 point per $2,000 (or part) over $15,000, not below 35%; then less 1 point
    // per $2,000 ($4,000 joint) over $75,000 ($150,000 joint), not below 20%. $3,000 x rate.
    let single = [
        (dec!(15000), dec!(1500)),    // 50%
        (dec!(15000.01), dec!(1470)), // 49%
        (dec!(17000), dec!(1470)),    // 49%
        (dec!(17000.01), dec!(1440)), // 48%
        (dec!(43000), dec!(1080)),    // 14 steps: 36%
        (dec!(43000.01), dec!(1050)), // 15 steps: 35%, the first floor
        (dec!(75000), dec!(1050)),    // 35%: the second reduction starts over $75,000
        (dec!(75000.01), dec!(1020)), // 34%
        (dec!(103000), dec!(630)),    // $28,000 over: 14 steps, 21%
        (dec!(103000.01), dec!(600)), // 15 steps: 20%
        (dec!(1000000), dec!(600)),   // 20% floor
    ];
    let joint = [
        (dec!(15000.01), dec!(1470)), // the first reduction is the same for a joint return
        (dec!(75000.01), dec!(1050)), // 35%: a joint return's second reduction starts at $150,000
        (dec!(150000), dec!(1050)),   // 35%
        (dec!(150000.01), dec!(1020)), // one $4,000 step: 34%
        (dec!(154000), dec!(1020)),   // $4,000 over: still one step
        (dec!(154000.01), dec!(990)), // 33%
        (dec!(206000), dec!(630)),    // $56,000 over: 14 steps of $4,000, 21%
        (dec!(206000.01), dec!(600)), // 15 steps: 20%
    ];
    for (status, cases) in [
        (FilingStatus::Single, &single[..]),
        (FilingStatus::HeadOfHousehold, &single[..]),
        (FilingStatus::MarriedJoint, &joint[..]),
    ] {
        for (agi, want) in cases {
            let mut w = care(dec!(3000), QualifyingPersons::One, dec!(100000));
            w.spouse_earned_income = Some(dec!(100000));
            let (l, _) = form_2441(&care_answers(2026, status, *agi, w));
            assert_eq!(l.credit, *want, "2026 {status:?} AGI {agi}");
        }
    }
}

#[test]
fn the_2026_care_figures_are_marked_uncertain_and_earlier_years_are_not() {
    let fed: FederalParamsFile = parse_file(
        "federal.ron",
        include_str!("../../../forms/params/federal.ron"),
    )
    .unwrap();
    let p26 = fed.resolve(2026).unwrap();
    assert!(p26.cdcc_rate_schedule.uncertain.is_some());
    assert!(p26.cdcc_exclusion_limit.uncertain.is_some());
    assert!(p26.cdcc_expense_cap.uncertain.is_some());
    assert_eq!(p26.cdcc_exclusion_limit.value.other, dec!(7500));
    assert_eq!(p26.cdcc_exclusion_limit.value.separate, dec!(3750));
    for year in 2022..=2025 {
        let p = fed.resolve(year).unwrap();
        assert!(p.cdcc_rate_schedule.uncertain.is_none(), "{year}");
        assert!(p.cdcc_exclusion_limit.uncertain.is_none(), "{year}");
        assert_eq!(p.cdcc_exclusion_limit.value.other, dec!(5000), "{year}");
        assert_eq!(p.cdcc_exclusion_limit.value.separate, dec!(2500), "{year}");
        assert_eq!(p.cdcc_expense_cap.value.one, dec!(3000), "{year}");
        assert_eq!(p.cdcc_expense_cap.value.two_or_more, dec!(6000), "{year}");
    }
    // The worksheet in 2026 names the uncertain figures it used.
    let (l, _) = form_2441(&care_answers(
        2026,
        FilingStatus::Single,
        dec!(50000),
        care(dec!(3000), QualifyingPersons::One, dec!(50000)),
    ));
    assert!(
        l.explanation
            .params
            .iter()
            .any(|p| p.id == "federal.cdcc_rate_schedule" && p.uncertain.is_some())
    );
}

#[test]
fn form_2441_line_3_caps_expenses_at_3000_for_one_person_and_6000_for_two_or_more_irc_21_c() {
    // AGI $50,000: 20%. One person, $5,000 paid: line 3 $3,000, 9a $600. Two or more, $7,500 paid:
    // line 3 $6,000, 9a $1,200. Two or more, $4,000 paid: under the cap, $800.
    let cases = [
        (dec!(5000), QualifyingPersons::One, dec!(3000), dec!(600)),
        (
            dec!(7500),
            QualifyingPersons::TwoOrMore,
            dec!(6000),
            dec!(1200),
        ),
        (
            dec!(4000),
            QualifyingPersons::TwoOrMore,
            dec!(4000),
            dec!(800),
        ),
        (
            dec!(2999.99),
            QualifyingPersons::One,
            dec!(2999.99),
            dec!(600.00),
        ), // 599.998
    ];
    for year in 2022..=2025 {
        for (paid, persons, line_3, credit) in cases {
            let (l, _) = form_2441(&care_answers(
                year,
                FilingStatus::Single,
                dec!(50000),
                care(paid, persons, dec!(50000)),
            ));
            assert_eq!(
                step(&l, "Form 2441 line 3"),
                fmt_money(line_3),
                "{year} {paid}"
            );
            assert_eq!(l.credit, credit, "{year} {paid}");
        }
    }
}

/// Two persons, $9,000 of expenses, single, earned income and AGI $80,000, and employer benefits.
fn with_benefits(year: u16, received: Decimal) -> (FederalCareCredit, Vec<Diagnostic>) {
    let mut w = care(dec!(9000), QualifyingPersons::TwoOrMore, dec!(80000));
    w.benefits_received = received;
    form_2441(&care_answers(year, FilingStatus::Single, dec!(80000), w))
}

#[test]
fn employer_benefits_over_the_2025_irc_129_limit_leave_part_of_the_cap_and_are_partly_taxable() {
    // 2025, $6,000 of benefits (W-2 box 10): line 15 $6,000; 17 = min(6,000, 9,000) = 6,000;
    // 20 = 6,000 (earned income $80,000); 21 = $5,000; 25 (excluded) = 5,000; 26 (taxable) = 1,000;
    // 29 = 6,000 - 5,000 = 1,000; 30 = 9,000 - 5,000 = 4,000; 31 = line 3 = 1,000.
    // AGI $80,000: 20%; 9a = $200.
    let (l, d) = with_benefits(2025, dec!(6000));
    assert!(d.is_empty(), "{d:?}");
    for (id, want) in [
        ("Form 2441 line 15", "$6,000.00"),
        ("Form 2441 line 21", "$5,000.00"),
        ("Form 2441 line 25", "$5,000.00"),
        ("Form 2441 line 26", "$1,000.00"),
        ("Form 2441 line 29", "$1,000.00"),
        ("Form 2441 line 30", "$4,000.00"),
        ("Form 2441 line 31", "$1,000.00"),
        ("Form 2441 line 3", "$1,000.00"),
    ] {
        assert_eq!(step(&l, id), want, "{id}");
    }
    assert_eq!(l.credit, dec!(200));
}

#[test]
fn the_2026_irc_129_limit_of_7500_excludes_all_6000_of_benefits_and_leaves_no_credit() {
    // 2026: line 21 $7,500, so line 25 = 6,000 and nothing is taxable; 29 = 6,000 - 6,000 = 0;
    // line 31 = 0: no credit from this year's expenses.
    let (l, _) = with_benefits(2026, dec!(6000));
    assert_eq!(step(&l, "Form 2441 line 21"), "$7,500.00");
    assert_eq!(step(&l, "Form 2441 line 25"), "$6,000.00");
    assert_eq!(step(&l, "Form 2441 line 26"), "$0.00");
    assert_eq!(step(&l, "Form 2441 line 31"), "$0.00");
    assert_eq!(l.credit, dec!(0));
}

#[test]
fn employer_benefits_under_the_irc_129_limit_reduce_the_cap_by_what_is_excluded() {
    // $2,000 of benefits: all excluded (25 = 2,000); 29 = 6,000 - 2,000 = 4,000;
    // 30 = 9,000 - 2,000 = 7,000; line 3 = 4,000.
    // 2025: AGI $80,000 -> 20%: $800. 2026: single AGI $80,000 -> 35% less 3 points ($5,000 over
    // $75,000 is three $2,000 steps) = 32%: $1,280.
    let (l, _) = with_benefits(2025, dec!(2000));
    assert_eq!(step(&l, "Form 2441 line 3"), "$4,000.00");
    assert_eq!(l.credit, dec!(800));
    let (l, _) = with_benefits(2026, dec!(2000));
    assert_eq!(step(&l, "Form 2441 line 8"), "32%");
    assert_eq!(l.credit, dec!(1280));
}

#[test]
fn benefits_carried_over_and_forfeited_enter_line_15() {
    // 12: $5,000 received, 13: $500 carried over from last year's grace period, 14: $1,000
    // forfeited: line 15 = $4,500, all excluded (under $5,000). One person, $5,000 of expenses:
    // 29 = 3,000 - 4,500 -> 0: no credit.
    let mut w = care(dec!(5000), QualifyingPersons::One, dec!(70000));
    w.benefits_received = dec!(5000);
    w.benefits_carried_over = dec!(500);
    w.benefits_forfeited = dec!(1000);
    let (l, _) = form_2441(&care_answers(2024, FilingStatus::Single, dec!(70000), w));
    assert_eq!(step(&l, "Form 2441 line 15"), "$4,500.00");
    assert_eq!(step(&l, "Form 2441 line 25"), "$4,500.00");
    assert_eq!(step(&l, "Form 2441 line 29"), "$0.00");
    assert_eq!(l.credit, dec!(0));
}

#[test]
fn a_separate_filer_claiming_the_credit_is_treated_as_unmarried_for_the_irc_129_limit() {
    // Married filing separately, one person, $5,000 of expenses, $2,800 of benefits, earned income
    // and AGI $40,000. A separate filer who may claim the credit is treated as unmarried (IRC
    // 21(e)(4), 129(a)(2)(C)): line 21 is $5,000, not $2,500, so line 25 = $2,800; 29 = 3,000 -
    // 2,800 = 200; 30 = 2,200; line 3 = $200. AGI $40,000 is $25,000 over $15,000: 13 steps, 22%;
    // 9a = $44.00 (with the $2,500 limit it would be 500 x 22% = $110).
    let mut w = care(dec!(5000), QualifyingPersons::One, dec!(40000));
    w.benefits_received = dec!(2800);
    let a = care_answers(2024, FilingStatus::MarriedSeparate, dec!(40000), w);
    let (l, _) = form_2441(&a);
    assert_eq!(step(&l, "Form 2441 line 21"), "$5,000.00");
    assert_eq!(step(&l, "Form 2441 line 3"), "$200.00");
    assert_eq!(l.credit, dec!(44));
    assert!(l.explanation.rule.contains("separate-return limit"));
    // Line 64 keeps today's separate-return handling: computed, with the warning to confirm.
    // Line 42 $20,000: 50% of $44 = $22.
    let (l64, d) = run(&a, dec!(20000), line_64_child_care_credit);
    assert_eq!(l64.value, dec!(22.00));
    assert!(has(&d, "cdcc-mfs", Severity::Warning));
}

#[test]
fn line_6_is_the_lower_earning_spouses_income_on_a_joint_return_irc_21_d_1() {
    // Joint, two persons, $6,000 of expenses; you earned $60,000, your spouse $2,500: line 6 =
    // $2,500. AGI $62,500: 20%: $500.
    let mut w = care(dec!(6000), QualifyingPersons::TwoOrMore, dec!(60000));
    w.spouse_earned_income = Some(dec!(2500));
    let (l, _) = form_2441(&care_answers(
        2024,
        FilingStatus::MarriedJoint,
        dec!(62500),
        w,
    ));
    assert_eq!(step(&l, "Form 2441 line 6"), "$2,500.00");
    assert_eq!(l.credit, dec!(500));
    // Your own income can be the lower one too: $1,000 -> line 6 $1,000, $200.
    let mut w = care(dec!(6000), QualifyingPersons::TwoOrMore, dec!(1000));
    w.spouse_earned_income = Some(dec!(61500));
    let (l, _) = form_2441(&care_answers(
        2024,
        FilingStatus::MarriedJoint,
        dec!(62500),
        w,
    ));
    assert_eq!(l.credit, dec!(200));
}

#[test]
fn a_student_spouse_is_deemed_to_earn_250_or_500_a_month_irc_21_d_2() {
    // Joint, you earned $60,000, your spouse nothing but was a full-time student for 9 months.
    // Two or more persons: 9 x $500 = $4,500; line 6 = min(6,000, 60,000, 4,500) = 4,500; AGI
    // $60,000: 20%: $900.
    let mut w = care(dec!(8000), QualifyingPersons::TwoOrMore, dec!(60000));
    w.spouse_earned_income = Some(dec!(0));
    w.spouse_student_or_disabled_months = 9;
    let (l, d) = form_2441(&care_answers(
        2024,
        FilingStatus::MarriedJoint,
        dec!(60000),
        w,
    ));
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(step(&l, "Form 2441 line 5"), "$4,500.00");
    assert_eq!(l.credit, dec!(900));
    // One person: 9 x $250 = $2,250 -> line 6 $2,250: $450.
    let mut w = care(dec!(8000), QualifyingPersons::One, dec!(60000));
    w.spouse_earned_income = Some(dec!(0));
    w.spouse_student_or_disabled_months = 9;
    let (l, _) = form_2441(&care_answers(
        2024,
        FilingStatus::MarriedJoint,
        dec!(60000),
        w,
    ));
    assert_eq!(l.credit, dec!(450));
    // With $1,200 earned in the 3 summer months: 1,200 + 2,250 = 3,450; line 6 = the $3,000 cap:
    // $600.
    let mut w = care(dec!(8000), QualifyingPersons::One, dec!(60000));
    w.spouse_earned_income = Some(dec!(1200));
    w.spouse_student_or_disabled_months = 9;
    let (l, _) = form_2441(&care_answers(
        2024,
        FilingStatus::MarriedJoint,
        dec!(61200),
        w,
    ));
    assert_eq!(step(&l, "Form 2441 line 5"), "$3,450.00");
    assert_eq!(l.credit, dec!(600));
    // You as the student: your line 4 is deemed the same way (4 months x $250 = $1,000): $200.
    let mut w = care(dec!(8000), QualifyingPersons::One, dec!(0));
    w.spouse_earned_income = Some(dec!(60000));
    w.taxpayer_student_or_disabled_months = 4;
    let (l, _) = form_2441(&care_answers(
        2024,
        FilingStatus::MarriedJoint,
        dec!(60000),
        w,
    ));
    assert_eq!(step(&l, "Form 2441 line 4"), "$1,000.00");
    assert_eq!(l.credit, dec!(200));
}

#[test]
fn deemed_months_count_only_on_a_joint_return_and_not_for_both_spouses_in_one_month() {
    // Head of household with no earned income: the months are not used (info), line 6 = 0.
    let mut w = care(dec!(3000), QualifyingPersons::One, dec!(0));
    w.taxpayer_student_or_disabled_months = 9;
    let (l, d) = form_2441(&care_answers(
        2024,
        FilingStatus::HeadOfHousehold,
        dec!(0),
        w,
    ));
    assert_eq!(l.credit, dec!(0));
    assert!(has(&d, "cdcc-deemed-not-joint", Severity::Info));
    // Joint, 8 + 6 months: some month counts for both, which only one of them can have.
    let mut w = care(dec!(3000), QualifyingPersons::One, dec!(0));
    w.spouse_earned_income = Some(dec!(0));
    w.taxpayer_student_or_disabled_months = 8;
    w.spouse_student_or_disabled_months = 6;
    let (l, _) = form_2441(&care_answers(2024, FilingStatus::MarriedJoint, dec!(0), w));
    assert!(!l.complete());
    assert_eq!(
        l.missing[0].path,
        "federal.care.spouse_student_or_disabled_months"
    );
    assert_eq!(l.credit, dec!(0));
}

#[test]
fn the_tax_limit_of_line_10_caps_the_credit_and_line_9b_adds_last_years_expenses() {
    // One person, $3,000; AGI $20,000 is $5,000 over $15,000: 3 steps, 32%; 9a = $960.
    // Tax limit $400: line 11 = $400. NJ line 42 $15,000: 50% of $400 = $200.
    let mut w = care(dec!(3000), QualifyingPersons::One, dec!(20000));
    w.tax_limit = Some(dec!(400));
    let a = care_answers(2024, FilingStatus::Single, dec!(20000), w);
    let (l, _) = form_2441(&a);
    assert_eq!(step(&l, "Form 2441 line 9a"), "$960.00");
    assert_eq!(l.credit, dec!(400));
    let (l64, d) = run(&a, dec!(15000), line_64_child_care_credit);
    assert_eq!(l64.value, dec!(200.00));
    assert!(d.is_empty(), "{d:?}");
    // Line 9b $100: 9c = $1,060; a limit of $2,000 does not bind.
    let mut w = care(dec!(3000), QualifyingPersons::One, dec!(20000));
    w.prior_year_credit = dec!(100);
    w.tax_limit = Some(dec!(2000));
    let (l, _) = form_2441(&care_answers(2024, FilingStatus::Single, dec!(20000), w));
    assert_eq!(step(&l, "Form 2441 line 9c"), "$1,060.00");
    assert_eq!(l.credit, dec!(1060));
    // A tax limit of zero allows no credit.
    let mut w = care(dec!(3000), QualifyingPersons::One, dec!(20000));
    w.tax_limit = Some(dec!(0));
    let (l, _) = form_2441(&care_answers(2024, FilingStatus::Single, dec!(20000), w));
    assert_eq!(l.credit, dec!(0));
}

#[test]
fn line_64_shows_the_worksheet_when_it_gives_the_federal_credit() {
    // One person, $3,000, AGI $20,000: 32%, $960; line 42 $45,000: 40% = $384.00.
    let a = care_answers(
        2024,
        FilingStatus::Single,
        dec!(20000),
        care(dec!(3000), QualifyingPersons::One, dec!(20000)),
    );
    let (l, d) = run(&a, dec!(45000), line_64_child_care_credit);
    assert_eq!(l.value, dec!(384.00));
    assert!(d.is_empty(), "{d:?}");
    let e = &l.explanation;
    assert!(
        e.rule.starts_with(
            "New Jersey taxable income $45,000.00 is not over $60,000.00, so 40% of the federal credit $960.00 = $384.00. The federal credit: Form 2441: line 3"
        ),
        "{}",
        e.rule
    );
    assert!(
        e.schedules
            .contains(&njtax_engine::schedule::Schedule::Form2441),
        "{:?}",
        e.schedules
    );
    assert!(
        e.inputs
            .iter()
            .any(|i| i.source == Source::Worksheet("Form 2441 line 11".into()))
    );
    assert!(
        e.inputs
            .iter()
            .any(|i| i.source == Source::Answer("federal.care.expenses".into()))
    );
    assert!(
        e.inputs
            .iter()
            .any(|i| i.source == Source::Answer("federal.agi".into()))
    );
    for id in [
        "credits.cdcc_tiers",
        "federal.cdcc_expense_cap",
        "federal.cdcc_rate_schedule",
    ] {
        assert!(e.params.iter().any(|p| p.id == id), "{id}");
    }
}

#[test]
fn a_typed_federal_credit_wins_and_an_info_gives_the_worksheets_figure_when_they_differ() {
    // The worksheet gives $960 (as above); the typed $500 is used: line 42 $45,000, 40% = $200.
    let mut a = care_answers(
        2024,
        FilingStatus::Single,
        dec!(20000),
        care(dec!(3000), QualifyingPersons::One, dec!(20000)),
    );
    a.federal.dependent_care_credit = dec!(500);
    let (l, d) = run(&a, dec!(45000), line_64_child_care_credit);
    assert_eq!(l.value, dec!(200.00));
    let info = d
        .iter()
        .find(|x| x.code == "cdcc-override-differs")
        .unwrap();
    assert_eq!(info.severity, Severity::Info);
    assert!(info.message.contains("$500.00") && info.message.contains("$960.00"));
    assert_eq!(info.path.as_deref(), Some("federal.dependent_care_credit"));
    assert!(
        l.explanation
            .inputs
            .iter()
            .any(|i| i.source == Source::Answer("federal.dependent_care_credit".into()))
    );
    // The same figure: no message.
    a.federal.dependent_care_credit = dec!(960);
    let (_, d) = run(&a, dec!(45000), line_64_child_care_credit);
    assert!(d.is_empty(), "{d:?}");
    // An incomplete worksheet is no error when the typed credit is used.
    a.federal.care.as_mut().unwrap().tax_limit = None;
    a.federal.dependent_care_credit = dec!(500);
    let (l, d) = run(&a, dec!(45000), line_64_child_care_credit);
    assert_eq!(l.value, dec!(200.00));
    assert!(!d.iter().any(|x| x.severity == Severity::Error), "{d:?}");
    assert!(has(&d, "cdcc-override-differs", Severity::Info));
}

#[test]
fn missing_worksheet_facts_are_errors_at_their_answers_and_line_64_stays_zero() {
    // Joint return without the spouse's earned income.
    let a = care_answers(
        2024,
        FilingStatus::MarriedJoint,
        dec!(40000),
        care(dec!(3000), QualifyingPersons::One, dec!(40000)),
    );
    let (l, d) = run(&a, dec!(30000), line_64_child_care_credit);
    assert_eq!(l.value, dec!(0));
    let e = d.iter().find(|x| x.code == "cdcc-missing-fact").unwrap();
    assert_eq!(e.severity, Severity::Error);
    assert_eq!(e.path.as_deref(), Some("federal.care.spouse_earned_income"));
    assert!(
        e.message.contains("spouse's earned income"),
        "{}",
        e.message
    );
    assert!(
        l.explanation
            .rule
            .starts_with("No credit until the federal Form 2441 worksheet is complete")
    );
    // The tax limit missing, everything else given.
    let mut w = care(dec!(3000), QualifyingPersons::One, dec!(40000));
    w.tax_limit = None;
    let a = care_answers(2024, FilingStatus::Single, dec!(40000), w);
    let (l, d) = run(&a, dec!(30000), line_64_child_care_credit);
    assert_eq!(l.value, dec!(0));
    let paths: Vec<_> = d
        .iter()
        .filter(|x| x.severity == Severity::Error)
        .filter_map(|x| x.path.as_deref())
        .collect();
    assert_eq!(paths, vec!["federal.care.tax_limit"]);
    // The number of persons and your own earned income.
    let w = CareExpenses {
        expenses: dec!(3000),
        tax_limit: Some(dec!(1000)),
        ..CareExpenses::default()
    };
    let a = care_answers(2024, FilingStatus::Single, dec!(40000), w);
    let (_, d) = run(&a, dec!(30000), line_64_child_care_credit);
    let paths: Vec<_> = d.iter().filter_map(|x| x.path.as_deref()).collect();
    assert_eq!(
        paths,
        vec![
            "federal.care.qualifying_persons",
            "federal.care.taxpayer_earned_income"
        ]
    );
    // Nothing to work out: no expenses, no benefits, no credit for last year. No error.
    let a = care_answers(
        2024,
        FilingStatus::MarriedJoint,
        dec!(40000),
        CareExpenses::default(),
    );
    let (l, d) = run(&a, dec!(30000), line_64_child_care_credit);
    assert_eq!(l.value, dec!(0));
    assert!(d.is_empty(), "{d:?}");
}

#[test]
fn negative_worksheet_amounts_are_errors_and_count_as_zero() {
    let mut w = care(dec!(-3000), QualifyingPersons::One, dec!(40000));
    w.benefits_received = dec!(-5);
    let (l, d) = form_2441(&care_answers(2024, FilingStatus::Single, dec!(40000), w));
    assert_eq!(l.credit, dec!(0));
    let paths: Vec<_> = d
        .iter()
        .filter(|x| x.code == "negative-amount")
        .filter_map(|x| x.path.as_deref())
        .collect();
    assert_eq!(
        paths,
        vec!["federal.care.expenses", "federal.care.benefits_received"]
    );
}

#[test]
fn whole_returns_2022_to_2025_take_line_64_from_the_worksheet() {
    // Head of household, $40,000 of wages, one child (born 2 years before the year), federal AGI
    // and earned income $40,000; $4,000 of care for the child; tax limit $1,500.
    // Form 2441: line 3 = $3,000 (one person); line 6 = 3,000; AGI $40,000 is $25,000 over
    // $15,000: 13 steps, 22%; 9a = $660; line 11 = $660 (under $1,500).
    // NJ: line 29 $40,000; exemptions: your regular $1,000 (54A:3-1 a) + one dependent $1,500
    // (3-1 b(2)): line 42 $37,500, not over $60,000: 40% of $660 = $264.00.
    for year in 2022..=2025 {
        let mut a = care_answers(
            year,
            FilingStatus::HeadOfHousehold,
            dec!(40000),
            CareExpenses {
                tax_limit: Some(dec!(1500)),
                ..care(dec!(4000), QualifyingPersons::One, dec!(40000))
            },
        );
        a.income.w2s.push(njtax_engine::answers::W2 {
            state_wages: dec!(40000),
            ..Default::default()
        });
        let ret = njtax_engine::compute(&a, &ParamBook::load().unwrap()).unwrap();
        assert_eq!(
            ret.value_by_key(Key::NjTaxableIncome),
            dec!(37500),
            "{year}"
        );
        assert_eq!(ret.value("64"), dec!(264.00), "{year}");
        assert!(
            !ret.diagnostics.iter().any(|d| d.code.starts_with("cdcc")),
            "{year}: {:?}",
            ret.diagnostics
        );
        let l64 = ret.line("64").unwrap();
        assert!(
            l64.explanation.rule.contains("22%"),
            "{}",
            l64.explanation.rule
        );
        // The values-only computation gives the same line.
        let p = ParamBook::load().unwrap().for_year(year).unwrap();
        assert_eq!(
            njtax_engine::compute_values(&a, &p).value("64"),
            dec!(264.00)
        );
    }
}

// ---------------------------------------------------------------- line 65

fn ctc(
    year: u16,
    status: FilingStatus,
    kids: &[Option<Date>],
    taxable: Decimal,
) -> (Line, Vec<Diagnostic>) {
    let mut a = answers(year, 1985, dec!(50000), 0);
    a.filing_status = status;
    for born in kids {
        let mut d = child(date(year, 1, 1));
        d.birth_date = *born;
        a.dependents.push(d);
    }
    run(&a, taxable, line_65_child_tax_credit)
}

#[test]
fn child_tax_credit_at_every_tier_top_and_one_dollar_above_2023_to_2025_54a_4_17_1_a() {
    let cases = [
        (dec!(30000), dec!(1000)),
        (dec!(30001), dec!(800)),
        (dec!(40000), dec!(800)),
        (dec!(40001), dec!(600)),
        (dec!(50000), dec!(600)),
        (dec!(50001), dec!(400)),
        (dec!(60000), dec!(400)),
        (dec!(60001), dec!(200)),
        (dec!(80000), dec!(200)),
        (dec!(80001), dec!(0)),
    ];
    check_ctc_tiers(2023..=2025, &cases);
}

/// Line 65 for one child aged 2, single, at each `(line 42, credit)` of `cases`, in each year.
fn check_ctc_tiers(years: std::ops::RangeInclusive<u16>, cases: &[(Decimal, Decimal)]) {
    for year in years {
        for (taxable, want) in cases {
            let (l, _) = ctc(
                year,
                FilingStatus::Single,
                &[Some(date(year - 2, 5, 5))],
                *taxable,
            );
            assert_eq!(l.value, *want, "{year}, line 42 {taxable}");
        }
    }
}

#[test]
fn child_tax_credit_2026_to_2028_a_quarter_higher_at_each_tier_top_and_a_cent_above_pl_2026_c_26() {
    // P.L.2026, c.26 (nj-reference-3.md A1): $1,250 / $1,000 / $750 / $500 / $250 for 2026-2028,
    // the tiers worded as in 54A:4-17.1 a ("$30,000 or under", "over $30,000 but not over
    // $40,000", ...): a top is inclusive, one cent above it is the next row.
    let cases = [
        (dec!(0), dec!(1250)),
        (dec!(30000), dec!(1250)),
        (dec!(30000.01), dec!(1000)),
        (dec!(40000), dec!(1000)),
        (dec!(40000.01), dec!(750)),
        (dec!(50000), dec!(750)),
        (dec!(50000.01), dec!(500)),
        (dec!(60000), dec!(500)),
        (dec!(60000.01), dec!(250)),
        (dec!(80000), dec!(250)),
        (dec!(80000.01), dec!(0)),
    ];
    check_ctc_tiers(2026..=2028, &cases);
    for year in 2026..=2028 {
        // Two children under 6 at the $40,000 top: 2 x 1,000.
        let (l, _) = ctc(
            year,
            FilingStatus::MarriedJoint,
            &[Some(date(year - 1, 1, 1)), Some(date(year - 5, 12, 31))],
            dec!(40000),
        );
        assert_eq!(l.value, dec!(2000), "{year}: two children");
    }
    // 2029: the 2023-2025 amounts come back.
    check_ctc_tiers(
        2029..=2029,
        &[
            (dec!(30000), dec!(1000)),
            (dec!(30000.01), dec!(800)),
            (dec!(80000), dec!(200)),
        ],
    );
    // Without a child under 6 the schedule decides nothing, so it is not among the figures used
    // (and its uncertainty is not reported on such a return).
    let (l, _) = ctc(
        2026,
        FilingStatus::Single,
        &[Some(date(2015, 5, 5))],
        dec!(100),
    );
    assert_eq!(l.value, dec!(0));
    assert!(
        !l.explanation
            .params
            .iter()
            .any(|f| f.id == "credits.ctc_tiers")
    );
    // The 2026 amounts are provisional: the figure carries its uncertain note.
    let (l, _) = ctc(
        2026,
        FilingStatus::Single,
        &[Some(date(2024, 5, 5))],
        dec!(100),
    );
    assert!(
        l.explanation
            .params
            .iter()
            .any(|f| f.id == "credits.ctc_tiers" && f.uncertain.is_some())
    );
}

#[test]
fn child_tax_credit_2022_amounts_are_half_54a_4_17_1_a() {
    let cases = [
        (dec!(30000), dec!(500)),
        (dec!(30001), dec!(400)),
        (dec!(40000), dec!(400)),
        (dec!(40001), dec!(300)),
        (dec!(50000), dec!(300)),
        (dec!(50001), dec!(200)),
        (dec!(60000), dec!(200)),
        (dec!(60001), dec!(100)),
        (dec!(80000), dec!(100)),
        (dec!(80001), dec!(0)),
    ];
    for (taxable, want) in cases {
        let (l, _) = ctc(
            2022,
            FilingStatus::Single,
            &[Some(date(2020, 5, 5))],
            taxable,
        );
        assert_eq!(l.value, want, "2022, line 42 {taxable}");
    }
}

#[test]
fn child_tax_credit_does_not_exist_before_2022() {
    let (l, _) = ctc(
        2021,
        FilingStatus::Single,
        &[Some(date(2019, 5, 5))],
        dec!(10000),
    );
    assert_eq!(l.value, dec!(0));
    assert!(
        l.explanation
            .rule
            .contains("No New Jersey child tax credit in 2021")
    );
}

#[test]
fn child_tax_credit_counts_a_child_born_1_january_but_not_31_december_six_years_before_54a_4_17_1_a()
 {
    // "has not attained the age of six years as of the close of the taxable year": for 2024,
    // born 1 Jan 2019 is 5 on 31 Dec 2024 (turns 6 on 1 Jan 2025): counts; born 31 Dec 2018
    // turns 6 on 31 Dec 2024: does not.
    let (l, _) = ctc(
        2024,
        FilingStatus::Single,
        &[Some(date(2019, 1, 1))],
        dec!(20000),
    );
    assert_eq!(l.value, dec!(1000));
    let (l, _) = ctc(
        2024,
        FilingStatus::Single,
        &[Some(date(2018, 12, 31))],
        dec!(20000),
    );
    assert_eq!(l.value, dec!(0));
    // Born 31 Dec 2024 (the tax year itself) counts.
    let (l, _) = ctc(
        2024,
        FilingStatus::Single,
        &[Some(date(2024, 12, 31))],
        dec!(20000),
    );
    assert_eq!(l.value, dec!(1000));
}

#[test]
fn child_tax_credit_is_per_child() {
    // Three children: 1 (counts), 4 (counts), 7 (no). Line 42 $35,000: $800 x 2 = $1,600.
    let kids = [
        Some(date(2023, 3, 3)),
        Some(date(2020, 3, 3)),
        Some(date(2017, 3, 3)),
    ];
    let (l, _) = ctc(2024, FilingStatus::MarriedJoint, &kids, dec!(35000));
    assert_eq!(l.value, dec!(1600));
    assert_eq!(
        l.explanation.rule,
        "New Jersey taxable income $35,000.00 is not over $40,000.00: $800.00 per child x 2 = $1,600.00"
    );
}

#[test]
fn child_tax_credit_is_zero_for_married_filing_separately_54a_4_17_1_d() {
    let (l, d) = ctc(
        2024,
        FilingStatus::MarriedSeparate,
        &[Some(date(2022, 3, 3))],
        dec!(20000),
    );
    assert_eq!(l.value, dec!(0));
    assert!(has(&d, "ctc-mfs", Severity::Info));
    // Head of household and surviving spouse are excepted.
    let (l, _) = ctc(
        2024,
        FilingStatus::HeadOfHousehold,
        &[Some(date(2022, 3, 3))],
        dec!(20000),
    );
    assert_eq!(l.value, dec!(1000));
    let (l, _) = ctc(
        2024,
        FilingStatus::QualifyingWidow,
        &[Some(date(2022, 3, 3))],
        dec!(20000),
    );
    assert_eq!(l.value, dec!(1000));
}

#[test]
fn a_dependent_without_a_birth_date_is_an_error_at_its_path() {
    let (l, d) = ctc(
        2024,
        FilingStatus::Single,
        &[Some(date(2022, 3, 3)), None],
        dec!(20000),
    );
    assert_eq!(l.value, dec!(1000));
    let e = d.iter().find(|x| x.code == "missing-birth-date").unwrap();
    assert_eq!(e.severity, Severity::Error);
    assert_eq!(e.path.as_deref(), Some("dependents[1].birth_date"));
}

// ---------------------------------------------------------------- whole return

#[test]
fn whole_return_carries_lines_58_64_65() {
    let book = ParamBook::load().unwrap();
    let mut a = answers(2024, 1990, dec!(15000), 1);
    a.federal.dependent_care_credit = dec!(100);
    let ret = njtax_engine::compute(&a, &book).unwrap();
    assert_eq!(ret.value("58"), dec!(1685.20));
    // Lines 64 and 65 depend on line 42, which other rules compute.
    assert!(ret.line("64").is_some());
    assert!(ret.line("65").is_some());
}
