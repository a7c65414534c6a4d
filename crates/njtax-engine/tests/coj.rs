//! Schedule NJ-COJ and Worksheet I: credit for income or wage taxes paid to other jurisdictions
//! (NJ-1040 line 44; N.J.S.A. 54A:4-1) and its interplay with the property tax deduction.
//!
//! Single/MFS rate table (54A:2-1 b): 75,000-500,000 = $2,651.25 + 6.37% of the excess.
//! Tax on 99,000 = 2,651.25 + 6.37% x 24,000 = 4,180.05; on 91,000 = 2,651.25 + 6.37% x 16,000
//! = 3,670.45. The answers ask for the rate schedule so that the cents do not depend on the table.
#![allow(clippy::unwrap_used)]

use njtax_engine::Answers;
use njtax_engine::Key;
use njtax_engine::answers::{
    FilingStatus, Homestead, HomesteadKind, JurisdictionKind, OtherJurisdiction, TaxMethod,
};
use njtax_engine::explain::{Severity, Source};
use njtax_engine::rules::coj::{
    CojCol, CojColumnInput, CojEntry, coj_total, credit_ratio, schedule_nj_coj,
};
use rust_decimal::Decimal;
use rust_decimal::dec;

use crate::common::Out;

fn answers() -> Answers {
    let mut a = Answers {
        tax_year: 2024,
        filing_status: FilingStatus::Single,
        ..Answers::default()
    };
    a.options.tax_method = TaxMethod::RateSchedule;
    a
}

fn juris(name: &str, kind: JurisdictionKind, income: Decimal, tax: Decimal) -> OtherJurisdiction {
    OtherJurisdiction {
        name: name.into(),
        kind,
        income_taxed_by_both: income,
        tax_paid: tax,
        ..Default::default()
    }
}

fn home(taxes: Decimal) -> Homestead {
    Homestead {
        kind: HomesteadKind::Owner,
        property_taxes: taxes,
        ..Homestead::default()
    }
}

/// Lines 40a-44 and 56 with gross income 100,000 and taxable income 99,000.
fn run(a: &Answers) -> Out {
    run_with(a, dec!(100000), dec!(99000))
}

fn run_with(a: &Answers, gross: Decimal, l39: Decimal) -> Out {
    crate::common::property_and_coj_lines(a, gross, l39)
}

#[test]
fn one_jurisdiction_credit_is_the_income_share_of_nj_tax_54a_4_1_b() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(40000),
        dec!(2500),
    ));
    // Line 3 = 40,000 / 100,000 = 40%; line 8 = 4,180.05 x 40% = 1,672.02; paid 2,500 -> 1,672.02.
    let o = run(&a);
    assert_eq!(o.v(Key::Tax), dec!(4180.05));
    assert_eq!(o.v(Key::CojCredit), dec!(1672.02));
    let rule = &o.get(Key::CojCredit).explanation.rule;
    assert!(rule.contains("New York"), "{rule}");
    assert!(rule.contains("40%"), "{rule}");
    assert!(rule.contains("$1,672.02"), "{rule}");
}

#[test]
fn lines_41_44_and_56_name_the_schedules_they_were_worked_on() {
    use njtax_engine::schedule::Schedule;
    let schedules = |o: &Out, key: Key| o.get(key).explanation.schedules.clone();
    // Without another jurisdiction: Worksheet H for 41 and 56, no schedule for 44.
    let mut a = answers();
    a.homesteads.push(home(dec!(8000)));
    let o = run(&a);
    assert_eq!(
        schedules(&o, Key::PropertyTaxDeduction),
        [Schedule::WorksheetH]
    );
    assert_eq!(
        schedules(&o, Key::PropertyTaxCredit),
        [Schedule::WorksheetH]
    );
    assert!(schedules(&o, Key::CojCredit).is_empty());
    // The rule cites the statute; the form line and the schedule titles are added when the
    // return is finished (tests/residency_returns.rs checks every line of every example).
    let citation = &o.get(Key::PropertyTaxCredit).explanation.citation;
    assert!(citation.starts_with("N.J.S.A. 54A:3A-20"), "{citation}");
    assert!(!citation.contains("line 56"), "{citation}");
    // With one: Schedule NJ-COJ for 44, and Worksheet I with it for 41 and 56.
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(40000),
        dec!(2500),
    ));
    let o = run(&a);
    assert_eq!(schedules(&o, Key::CojCredit), [Schedule::ScheduleNjCoj]);
    for key in [Key::PropertyTaxDeduction, Key::PropertyTaxCredit] {
        assert_eq!(
            schedules(&o, key),
            [Schedule::ScheduleNjCojWorksheetI],
            "{key}"
        );
    }
    let citation = &o.get(Key::CojCredit).explanation.citation;
    assert_eq!(
        citation, "N.J.S.A. 54A:4-1",
        "the statute only, before the return is finished"
    );
}

#[test]
fn credit_is_limited_to_the_tax_actually_paid_54a_4_1_a() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(40000),
        dec!(1000),
    ));
    assert_eq!(run(&a).v(Key::CojCredit), dec!(1000));
    // One cent more paid than line 8 still gives line 8; one cent less gives the tax paid.
    a.other_jurisdictions[0].tax_paid = dec!(1672.03);
    assert_eq!(run(&a).v(Key::CojCredit), dec!(1672.02));
    a.other_jurisdictions[0].tax_paid = dec!(1672.01);
    assert_eq!(run(&a).v(Key::CojCredit), dec!(1672.01));
}

#[test]
fn credit_percentage_is_at_most_100_percent_54a_4_1_b() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(100000),
        dec!(10000),
    ));
    // Line 3 = 100%: line 8 = the whole tax 4,180.05.
    let o = run(&a);
    assert_eq!(o.v(Key::CojCredit), dec!(4180.05));
    assert!(!o.has("coj-income-exceeds-gross", Severity::Error));
    // Income above gross income is an error and is limited to gross income.
    a.other_jurisdictions[0].income_taxed_by_both = dec!(100000.01);
    let o = run(&a);
    assert_eq!(o.v(Key::CojCredit), dec!(4180.05));
    assert!(o.has("coj-income-exceeds-gross", Severity::Error));
}

#[test]
fn ratio_is_line_1_over_line_2_capped_and_zero_without_gross_income_54a_4_1_b() {
    assert_eq!(credit_ratio(dec!(40000), dec!(100000)), dec!(0.4));
    assert_eq!(credit_ratio(dec!(150), dec!(100)), dec!(1));
    assert_eq!(credit_ratio(dec!(100), dec!(0)), dec!(0));
    assert_eq!(credit_ratio(dec!(-5), dec!(100)), dec!(0));
}

#[test]
fn two_jurisdictions_each_have_their_own_schedule_54a_4_1_b() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(40000),
        dec!(2500),
    ));
    a.other_jurisdictions.push(juris(
        "Delaware",
        JurisdictionKind::State,
        dec!(30000),
        dec!(500),
    ));
    // NY: 1,672.02. DE: 4,180.05 x 30% = 1,254.015 -> 1,254.02, paid 500 -> 500. Total 2,172.02.
    let o = run(&a);
    assert_eq!(o.v(Key::CojCredit), dec!(2172.02));
    let rule = &o.get(Key::CojCredit).explanation.rule;
    assert!(
        rule.contains("New York") && rule.contains("Delaware"),
        "{rule}"
    );
}

#[test]
fn total_credit_is_not_more_than_the_nj_tax_54a_4_1_a() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(60000),
        dec!(5000),
    ));
    a.other_jurisdictions.push(juris(
        "Pennsylvania",
        JurisdictionKind::State,
        dec!(60000),
        dec!(5000),
    ));
    // Each: 4,180.05 x 60% = 2,508.03; together 5,016.06 > tax 4,180.05 -> 4,180.05.
    assert_eq!(run(&a).v(Key::CojCredit), dec!(4180.05));
}

#[test]
fn city_wage_tax_beside_its_state_warns_to_combine_the_same_income_54a_4_1_b() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "Pennsylvania",
        JurisdictionKind::State,
        dec!(20000),
        dec!(600),
    ));
    a.other_jurisdictions.push(juris(
        "Philadelphia",
        JurisdictionKind::Local,
        dec!(30000),
        dec!(1000),
    ));
    let o = run(&a);
    assert!(o.has("coj-local-and-state", Severity::Warning));
    // PA: 4,180.05 x 20% = 836.01, paid 600 -> 600. Philadelphia: x 30% = 1,254.02, paid 1,000.
    assert_eq!(o.v(Key::CojCredit), dec!(1600));
}

#[test]
fn city_wage_tax_alone_is_credited_like_a_state_tax_54a_4_1_a() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "Philadelphia",
        JurisdictionKind::Local,
        dec!(30000),
        dec!(1000),
    ));
    let o = run(&a);
    assert_eq!(o.v(Key::CojCredit), dec!(1000));
    assert!(!o.has("coj-local-and-state", Severity::Warning));
}

#[test]
fn income_with_no_tax_paid_gives_no_credit_and_a_warning_54a_4_1_a() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(40000),
        dec!(0),
    ));
    let o = run(&a);
    assert_eq!(o.v(Key::CojCredit), dec!(0));
    assert!(o.has("coj-no-tax-paid", Severity::Warning));
}

#[test]
fn tax_paid_with_no_income_gives_no_credit_and_a_warning_54a_4_1_b() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(0),
        dec!(900),
    ));
    let o = run(&a);
    assert_eq!(o.v(Key::CojCredit), dec!(0));
    assert!(o.has("coj-no-income", Severity::Warning));
}

#[test]
fn negative_jurisdiction_amounts_are_errors_and_used_as_zero_54a_4_1() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(-40000),
        dec!(-900),
    ));
    let o = run(&a);
    assert_eq!(o.v(Key::CojCredit), dec!(0));
    assert_eq!(
        o.diags
            .iter()
            .filter(|d| d.code == "negative-amount" && d.severity == Severity::Error)
            .count(),
        2
    );
}

#[test]
fn no_tax_below_the_threshold_means_no_credit_54a_2_4() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(9000),
        dec!(200),
    ));
    let o = run_with(&a, dec!(10000), dec!(9000));
    assert_eq!(o.v(Key::Tax), dec!(0));
    assert_eq!(o.v(Key::CojCredit), dec!(0));
}

#[test]
fn worksheet_i_takes_column_a_when_the_deduction_saves_at_least_50_54a_3a_20_a() {
    let mut a = answers();
    a.homesteads.push(home(dec!(8000)));
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(40000),
        dec!(2500),
    ));
    // Column A: 91,000 -> 3,670.45; COJ 40% = 1,468.18; net 2,202.27.
    // Column B: 99,000 -> 4,180.05; COJ 40% = 1,672.02; net 2,508.03.
    // Worksheet I line 4: 2,508.03 - 2,202.27 = 305.76 >= 50 -> column A.
    let o = run(&a);
    assert_eq!(o.v(Key::PropertyTaxDeduction), dec!(8000));
    assert_eq!(o.v(Key::NjTaxableIncome), dec!(91000));
    assert_eq!(o.v(Key::Tax), dec!(3670.45));
    assert_eq!(o.v(Key::CojCredit), dec!(1468.18));
    assert_eq!(o.v(Key::PropertyTaxCredit), dec!(0));
    let l41 = &o.get(Key::PropertyTaxDeduction).explanation;
    let saved = l41
        .inputs
        .iter()
        .find(|i| i.source == Source::Worksheet("Worksheet I line 4".into()))
        .unwrap();
    assert_eq!(saved.value, "$305.76");
    assert!(l41.rule.contains("Worksheet I"), "{}", l41.rule);
}

#[test]
fn worksheet_i_takes_column_b_and_the_credit_when_coj_absorbs_the_tax_54a_3a_20_a() {
    let mut a = answers();
    a.homesteads.push(home(dec!(8000)));
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(100000),
        dec!(10000),
    ));
    // All income taxed by New York: the COJ credit wipes out the tax in both columns (net 0 and
    // 0), so the deduction saves nothing; Worksheet H alone would have taken it (saves 509.60).
    let o = run(&a);
    assert_eq!(o.v(Key::PropertyTaxDeduction), dec!(0));
    assert_eq!(o.v(Key::NjTaxableIncome), dec!(99000));
    assert_eq!(o.v(Key::Tax), dec!(4180.05));
    assert_eq!(o.v(Key::CojCredit), dec!(4180.05));
    assert_eq!(o.v(Key::PropertyTaxCredit), dec!(50));
    let l56 = &o.get(Key::PropertyTaxCredit).explanation;
    assert!(l56.rule.contains("$0.00"), "{}", l56.rule);
    assert!(
        l56.inputs
            .iter()
            .any(|i| i.source == Source::Worksheet("Worksheet I line 2 column B".into()))
    );
}

#[test]
fn worksheet_i_tie_at_50_keeps_the_deduction_54a_3a_20_a() {
    // Line 39 50,000: column B tax 1,270.00. Deduction 905: column A tax 1,220.00. A 1,000 income
    // taxed elsewhere with $0.01 paid gives a credit of $0.01 in both columns, so line 4 is
    // (1,270.00 - 0.01) - (1,220.00 - 0.01) = 50.00: the deduction stands.
    let mut a = answers();
    a.homesteads.push(home(dec!(905)));
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(1000),
        dec!(0.01),
    ));
    let o = run_with(&a, dec!(52000), dec!(50000));
    assert_eq!(o.v(Key::PropertyTaxDeduction), dec!(905));
    assert_eq!(o.v(Key::CojCredit), dec!(0.01));
    assert_eq!(o.v(Key::PropertyTaxCredit), dec!(0));
}

#[test]
fn without_a_homestead_column_b_goes_to_line_44_54a_4_1() {
    let mut a = answers();
    a.other_jurisdictions.push(juris(
        "New York",
        JurisdictionKind::State,
        dec!(40000),
        dec!(2500),
    ));
    let o = run(&a);
    assert_eq!(o.v(Key::PropertyTaxDeduction), dec!(0));
    assert_eq!(o.v(Key::CojCredit), dec!(1672.02));
    assert_eq!(o.v(Key::PropertyTaxCredit), dec!(0));
}

#[test]
fn schedule_lines_follow_the_form_54a_4_1_b() {
    let entry = CojEntry {
        index: 0,
        name: "New York".into(),
        kind: JurisdictionKind::State,
        income: dec!(25000),
        tax_paid: dec!(2000),
    };
    let a = CojColumnInput {
        taxable_income: dec!(99000),
        deduction: dec!(8000),
        tax: dec!(3670.45),
    };
    let b = CojColumnInput {
        taxable_income: dec!(99000),
        deduction: dec!(0),
        tax: dec!(4180.05),
    };
    let s = schedule_nj_coj(&entry, dec!(100000), a, b);
    assert_eq!(s.line1, dec!(25000));
    assert_eq!(s.line2, dec!(100000));
    assert_eq!(s.line3, dec!(0.25));
    assert_eq!(s.a.line6, dec!(91000));
    // 3,670.45 x 25% = 917.6125 -> 917.61; 4,180.05 x 25% = 1,045.0125 -> 1,045.01.
    assert_eq!(s.a.line8, dec!(917.61));
    assert_eq!(s.b.line8, dec!(1045.01));
    assert_eq!(s.a.line9, dec!(917.61));
    assert_eq!(s.b.line9, dec!(1045.01));
    assert_eq!(
        coj_total(&[s.clone(), s], CojCol::B, dec!(2000)),
        dec!(2000)
    );
}
