//! Exemptions, NJ-1040 lines 6-13 and 30 (N.J.S.A. 54A:3-1, 54A:3-1.1).

#![allow(clippy::unwrap_used)]

use njtax_engine::Key;
use njtax_engine::answers::{Date, Dependent, DomesticPartner, FilingStatus, Person, Relationship};
use njtax_engine::{Answers, ComputedReturn, Severity};
use rust_decimal::dec;

use crate::common::{run, v};

fn date(s: &str) -> Date {
    s.parse().unwrap()
}

fn person(birth: &str) -> Person {
    Person {
        name: "Test".into(),
        ssn: "000-00-0000".into(),
        birth_date: Some(date(birth)),
        ..Person::default()
    }
}

fn answers(year: u16, status: FilingStatus) -> Answers {
    Answers {
        tax_year: year,
        filing_status: status,
        taxpayer: person("1980-06-15"),
        spouse: status.is_joint().then(|| person("1981-03-02")),
        ..Answers::default()
    }
}

fn dependent(birth: &str, relationship: Relationship) -> Dependent {
    Dependent {
        name: "Kid".into(),
        birth_date: Some(date(birth)),
        relationship,
        months_lived_with_you: 12,
        ..Dependent::default()
    }
}

fn has(r: &ComputedReturn, code: &str, severity: Severity) -> bool {
    r.diagnostics
        .iter()
        .any(|d| d.code == code && d.severity == severity)
}

#[test]
fn single_filer_has_one_regular_exemption_of_1000_54a_3_1_a() {
    let r = run(&answers(2024, FilingStatus::Single));
    assert_eq!(v(&r, Key::ExemptionRegular), dec!(1000));
    assert_eq!(v(&r, Key::ExemptionTotal), dec!(1000));
    assert_eq!(v(&r, Key::Exemptions), dec!(1000));
    assert_eq!(&*r.by_key(Key::ExemptionRegular).unwrap().id, "6");
}

#[test]
fn joint_return_claims_the_spouse_regular_exemption_54a_3_1_b1() {
    // 1,000 (you) + 1,000 (spouse) = 2,000.
    let r = run(&answers(2024, FilingStatus::MarriedJoint));
    assert_eq!(v(&r, Key::ExemptionRegular), dec!(2000));
    assert!(
        r.by_key(Key::ExemptionRegular)
            .unwrap()
            .explanation
            .rule
            .contains("2 exemptions")
    );
}

/// 54A:3-1(b)1 allows the spouse exemption only for a spouse "who does not file separately":
/// on a separate return no spouse exemption of any kind is claimed.
#[test]
fn separate_return_claims_no_spouse_exemptions_54a_3_1_b1() {
    let mut a = answers(2024, FilingStatus::MarriedSeparate);
    let mut sp = person("1940-01-01");
    sp.blind_or_disabled = true;
    sp.veteran = true;
    a.spouse = Some(sp);
    let r = run(&a);
    assert_eq!(v(&r, Key::ExemptionRegular), dec!(1000));
    assert_eq!(v(&r, Key::ExemptionAge), dec!(0));
    assert_eq!(v(&r, Key::ExemptionBlind), dec!(0));
    assert_eq!(v(&r, Key::ExemptionVeteran), dec!(0));
    assert_eq!(v(&r, Key::ExemptionTotal), dec!(1000));
    assert!(has(&r, "spouse-exemptions-separate-return", Severity::Info));
}

/// "65 years of age or over at the close of the taxable year": born on 1 January or on
/// 31 December of (year - 65) both count; born 1 January of (year - 64) does not.
#[test]
fn age_65_exemption_at_the_close_of_the_year_born_1_jan_and_31_dec_54a_3_1_b3() {
    for year in 2022..=2025u16 {
        let y65 = year - 65;
        for birth in [format!("{y65}-01-01"), format!("{y65}-12-31")] {
            let mut a = answers(year, FilingStatus::Single);
            a.taxpayer = person(&birth);
            let r = run(&a);
            assert_eq!(v(&r, Key::ExemptionAge), dec!(1000), "{year} born {birth}");
        }
        let mut a = answers(year, FilingStatus::Single);
        a.taxpayer = person(&format!("{}-01-01", year - 64));
        assert_eq!(v(&run(&a), Key::ExemptionAge), dec!(0), "{year} age 64");
    }
}

#[test]
fn age_65_exemption_for_both_spouses_on_a_joint_return_54a_3_1_b3_b4() {
    let mut a = answers(2024, FilingStatus::MarriedJoint);
    a.taxpayer = person("1950-05-05");
    a.spouse = Some(person("1959-12-31"));
    // 2 × 1,000 = 2,000.
    assert_eq!(v(&run(&a), Key::ExemptionAge), dec!(2000));
}

#[test]
fn blind_or_disabled_exemption_for_each_spouse_on_a_joint_return_54a_3_1_b5_b6() {
    let mut a = answers(2024, FilingStatus::MarriedJoint);
    a.taxpayer.blind_or_disabled = true;
    let r = run(&a);
    assert_eq!(v(&r, Key::ExemptionBlind), dec!(1000));
    a.spouse.as_mut().unwrap().blind_or_disabled = true;
    assert_eq!(v(&run(&a), Key::ExemptionBlind), dec!(2000));
}

/// 54A:3-1(b)7 names the "taxpayer"; on a joint return both spouses are taxpayers (54A:1-2(l)),
/// so each veteran on a joint return gets $6,000.
#[test]
fn veteran_exemption_of_6000_for_you_and_your_spouse_on_a_joint_return_54a_3_1_b7() {
    let mut a = answers(2024, FilingStatus::Single);
    a.taxpayer.veteran = true;
    assert_eq!(v(&run(&a), Key::ExemptionVeteran), dec!(6000));
    let mut a = answers(2024, FilingStatus::MarriedJoint);
    a.taxpayer.veteran = true;
    a.spouse.as_mut().unwrap().veteran = true;
    // 2 × 6,000 = 12,000.
    assert_eq!(v(&run(&a), Key::ExemptionVeteran), dec!(12000));
}

/// Line 10 takes federal qualifying children (relationship, and under 19, or under 24 and a
/// full-time student, or permanently disabled); every other dependent is on line 11. $1,500 each.
#[test]
fn dependents_split_between_qualifying_children_and_other_dependents_54a_3_1_b2() {
    let mut a = answers(2024, FilingStatus::HeadOfHousehold);
    let mut student23 = dependent("2001-01-01", Relationship::Child);
    student23.full_time_student = true;
    let mut student24 = dependent("2000-12-31", Relationship::Child);
    student24.full_time_student = true;
    let mut disabled30 = dependent("1994-06-01", Relationship::Stepchild);
    disabled30.disabled = true;
    a.dependents = vec![
        dependent("2006-12-31", Relationship::Child), // 18: line 10
        dependent("2005-01-01", Relationship::Child), // 19, not a student: line 11
        student23,                                    // 23, student: line 10
        student24,                                    // 24, student: line 11
        disabled30,                                   // 30, disabled: line 10
        dependent("1950-01-01", Relationship::Parent), // parent: line 11
        dependent("2014-01-01", Relationship::Sibling), // 10, sibling: line 10
        dependent("2020-01-01", Relationship::Other), // other relative: line 11
    ];
    let r = run(&a);
    // Line 10: 4 × 1,500 = 6,000; line 11: 4 × 1,500 = 6,000.
    assert_eq!(v(&r, Key::ExemptionChildren), dec!(6000));
    assert_eq!(v(&r, Key::ExemptionOtherDependents), dec!(6000));
    assert!(
        r.by_key(Key::ExemptionChildren)
            .unwrap()
            .explanation
            .rule
            .contains(": 4 ×")
    );
    // Line 13: 1,000 + 6,000 + 6,000 = 13,000.
    assert_eq!(v(&r, Key::ExemptionTotal), dec!(13000));
}

/// 54A:3-1.1: $1,000 for each dependent "under the age of 22 years" at college full time with half
/// or more of the costs paid. Born 2003 is 21 at the end of 2024; born 2002 is 22.
#[test]
fn college_exemption_for_dependents_under_22_at_year_end_54a_3_1_1() {
    let mut a = answers(2024, FilingStatus::Single);
    let mut under = dependent("2003-01-01", Relationship::Child);
    under.full_time_student = true;
    under.college_student_costs_paid = true;
    let mut at22 = dependent("2002-12-31", Relationship::Child);
    at22.full_time_student = true;
    at22.college_student_costs_paid = true;
    a.dependents = vec![under.clone()];
    let r = run(&a);
    assert_eq!(v(&r, Key::ExemptionCollege), dec!(1000));
    assert_eq!(v(&r, Key::ExemptionChildren), dec!(1500));
    a.dependents = vec![at22];
    let r = run(&a);
    assert_eq!(v(&r, Key::ExemptionCollege), dec!(0));
    assert!(has(&r, "college-exemption-age", Severity::Warning));
    // Costs not paid: no college exemption.
    under.college_student_costs_paid = false;
    a.dependents = vec![under];
    assert_eq!(v(&run(&a), Key::ExemptionCollege), dec!(0));
}

#[test]
fn dependent_without_birth_date_is_an_error_and_goes_on_line_11_54a_3_1_b2() {
    let mut a = answers(2024, FilingStatus::Single);
    let mut d = dependent("2010-01-01", Relationship::Child);
    d.birth_date = None;
    a.dependents = vec![d];
    let r = run(&a);
    assert_eq!(v(&r, Key::ExemptionOtherDependents), dec!(1500));
    assert_eq!(v(&r, Key::ExemptionChildren), dec!(0));
    assert!(r.diagnostics.iter().any(|d| d.code == "missing-birth-date"
        && d.severity == Severity::Error
        && d.path.as_deref() == Some("dependents[0].birth_date")));
}

#[test]
fn dependent_born_after_the_year_is_not_counted() {
    let mut a = answers(2023, FilingStatus::Single);
    a.dependents = vec![dependent("2024-02-01", Relationship::Child)];
    let r = run(&a);
    assert_eq!(v(&r, Key::ExemptionChildren), dec!(0));
    assert_eq!(v(&r, Key::ExemptionOtherDependents), dec!(0));
    assert!(has(&r, "dependent-born-after-year", Severity::Error));
}

#[test]
fn every_category_adds_up_on_line_13_and_line_30_54a_3_1() {
    let mut a = answers(2025, FilingStatus::MarriedJoint);
    a.taxpayer = person("1955-01-01"); // 70: age
    a.taxpayer.veteran = true;
    a.spouse.as_mut().unwrap().blind_or_disabled = true;
    let mut college = dependent("2005-05-05", Relationship::Child); // 20
    college.full_time_student = true;
    college.college_student_costs_paid = true;
    a.dependents = vec![college, dependent("1940-01-01", Relationship::Parent)];
    let r = run(&a);
    // 2,000 + 1,000 + 1,000 + 6,000 + 1,500 + 1,500 + 1,000 = 14,000.
    assert_eq!(v(&r, Key::ExemptionRegular), dec!(2000));
    assert_eq!(v(&r, Key::ExemptionAge), dec!(1000));
    assert_eq!(v(&r, Key::ExemptionBlind), dec!(1000));
    assert_eq!(v(&r, Key::ExemptionVeteran), dec!(6000));
    assert_eq!(v(&r, Key::ExemptionChildren), dec!(1500));
    assert_eq!(v(&r, Key::ExemptionOtherDependents), dec!(1500));
    assert_eq!(v(&r, Key::ExemptionCollege), dec!(1000));
    assert_eq!(v(&r, Key::ExemptionTotal), dec!(14000));
    assert_eq!(v(&r, Key::Exemptions), dec!(14000));
    assert_eq!(r.value("30"), dec!(14000));
}

#[test]
fn joint_return_without_spouse_details_is_an_error() {
    let mut a = answers(2024, FilingStatus::MarriedJoint);
    a.spouse = None;
    let r = run(&a);
    assert!(has(&r, "missing-spouse", Severity::Error));
    assert_eq!(v(&r, Key::ExemptionRegular), dec!(2000));
}

fn partner(does_not_file_separately: bool) -> Option<DomesticPartner> {
    Some(DomesticPartner {
        name: "Partner".into(),
        does_not_file_separately,
    })
}

/// 54A:3-1(b)1: $1,000 "for the taxpayer's spouse, or domestic partner as defined in ...
/// C.26:8A-3, who does not file separately". A single filer with such a partner has 2 regular
/// exemptions (2,000); without one, or with a partner who files separately, 1 (1,000). The
/// statute names no filing status; an unmarried filer's statuses are single, head of household
/// and qualifying widow(er).
#[test]
fn domestic_partner_who_does_not_file_separately_gives_the_1000_exemption_54a_3_1_b1() {
    for status in [
        FilingStatus::Single,
        FilingStatus::HeadOfHousehold,
        FilingStatus::QualifyingWidow,
    ] {
        let mut a = answers(2024, status);
        let r = run(&a);
        assert_eq!(
            v(&r, Key::ExemptionRegular),
            dec!(1000),
            "{status:?}, no partner"
        );

        a.domestic_partner = partner(true);
        let r = run(&a);
        assert_eq!(
            v(&r, Key::ExemptionRegular),
            dec!(2000),
            "{status:?}, partner"
        );
        assert_eq!(v(&r, Key::ExemptionTotal), dec!(2000));
        assert_eq!(v(&r, Key::Exemptions), dec!(2000));
        assert!(
            r.by_key(Key::ExemptionRegular)
                .unwrap()
                .explanation
                .rule
                .contains(
                    "your domestic partner, who does not file separately, $1,000.00 = $2,000.00"
                )
        );

        a.domestic_partner = partner(false);
        let r = run(&a);
        assert_eq!(
            v(&r, Key::ExemptionRegular),
            dec!(1000),
            "{status:?}, files separately"
        );
        assert!(has(&r, "domestic-partner-files-separately", Severity::Info));
    }
}

/// A domestic partner gives only the (b)1 exemption: the age and blind/disabled exemptions of
/// (b)4 and (b)6 name the "spouse". And a married or civil union filer has no domestic partner
/// (26:8A-4 b): one entered on a joint or separate return adds nothing, with a warning.
#[test]
fn domestic_partner_gives_no_other_exemption_and_none_on_a_married_return_54a_3_1_b1() {
    let mut a = answers(2024, FilingStatus::Single);
    a.taxpayer.birth_date = Some(date("1950-01-01"));
    a.domestic_partner = partner(true);
    let r = run(&a);
    // You 1,000 + partner 1,000 (line 6) + your age 65 exemption 1,000 (line 7) = 3,000.
    assert_eq!(v(&r, Key::ExemptionAge), dec!(1000));
    assert_eq!(v(&r, Key::ExemptionTotal), dec!(3000));

    for status in [FilingStatus::MarriedJoint, FilingStatus::MarriedSeparate] {
        let mut a = answers(2024, status);
        a.domestic_partner = partner(true);
        let r = run(&a);
        let expected = if status.is_joint() {
            dec!(2000)
        } else {
            dec!(1000)
        };
        assert_eq!(v(&r, Key::ExemptionRegular), expected, "{status:?}");
        assert!(has(
            &r,
            "domestic-partner-on-married-return",
            Severity::Warning
        ));
    }
}
