//! Pensions paid because of a permanent and total disability (N.J.S.A. 54A:6-10 c): "Gross
//! income shall not include any amount received under any public or private plan by reason of a
//! permanent and total disability." The section names no age; from the year the recipient
//! reaches 65 the Division treats the payments as an ordinary pension (GIT-1&2), and the app
//! follows it (docs/decisions/income-disability-pensions.md). Every figure below is
//! worked by hand from the statute and the 2018-on rate table of 54A:2-1 a(6)/(7), b(6)/(7).
#![allow(clippy::unwrap_used)]

use njtax_engine::Key;
use njtax_engine::answers::{
    Date, FilingStatus, Income, Owner, Person, Retirement, RetirementKind, RolloverDestination, W2,
};
use njtax_engine::{Answers, ComputedReturn, Severity};
use rust_decimal::{Decimal, dec};

use crate::common::{run, v};

fn person(birth: &str, disabled: bool) -> Person {
    Person {
        name: "Test".into(),
        ssn: "000-00-0000".into(),
        birth_date: Some(birth.parse::<Date>().unwrap()),
        blind_or_disabled: disabled,
        ..Person::default()
    }
}

fn pension(owner: Owner, amount: Decimal) -> Retirement {
    Retirement {
        owner,
        payer: "Plan".into(),
        kind: RetirementKind::Pension,
        gross_distribution: amount,
        taxable_amount: amount,
        ..Retirement::default()
    }
}

fn disability(owner: Owner, amount: Decimal) -> Retirement {
    Retirement {
        disability_pension: true,
        ..pension(owner, amount)
    }
}

fn has(r: &ComputedReturn, code: &str, sev: Severity) -> bool {
    r.diagnostics
        .iter()
        .any(|d| d.code == code && d.severity == sev)
}

/// A 2025 joint return: the taxpayer (born 1975-06-01, 50 at the end of 2025, disabled) receives
/// a $60,000 disability pension; the spouse (born 1976) earns $120,000 of wages.
fn joint_disabled_50() -> Answers {
    Answers {
        tax_year: 2025,
        filing_status: FilingStatus::MarriedJoint,
        taxpayer: person("1975-06-01", true),
        spouse: Some(person("1976-03-03", false)),
        income: Income {
            retirement: vec![disability(Owner::Taxpayer, dec!(60000))],
            w2s: vec![W2 {
                owner: Owner::Spouse,
                employer: "Employer".into(),
                state_wages: dec!(120000),
                ..W2::default()
            }],
            ..Income::default()
        },
        ..Answers::default()
    }
}

/// 6-10 c leaves the whole $60,000 out of gross income: line 20a $0, line 20b $60,000, line 27
/// = the wages $120,000, line 28a $0 (no pension left on 20a), line 29 $120,000. Exemptions
/// 54A:3-1: $1,000 x 2 + $1,000 (disabled) = $3,000; taxable income $117,000; tax (joint, over
/// $80,000): $1,645 + 5.525% x $37,000 = $1,645 + $2,044.25 = $3,689.25.
/// Without the mark the pension is income: line 27 $180,000 is over $150,000, so no pension
/// exclusion (6-10 b(2)); taxable $177,000; tax over $150,000: $5,512.50 + 6.37% x $27,000 =
/// $5,512.50 + $1,719.90 = $7,232.40.
#[test]
fn a_disability_pension_of_a_disabled_50_year_old_is_not_income_54a_6_10_c() {
    let a = joint_disabled_50();
    let r = run(&a);
    assert_eq!(v(&r, Key::Pensions), dec!(0));
    assert_eq!(v(&r, Key::PensionsExcludable), dec!(60000));
    assert_eq!(v(&r, Key::TotalIncome), dec!(120000));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(0));
    assert_eq!(v(&r, Key::GrossIncome), dec!(120000));
    assert_eq!(v(&r, Key::TaxableIncome), dec!(117000));
    assert_eq!(v(&r, Key::Tax), dec!(3689.25));
    let rule = &r.by_key(Key::Pensions).unwrap().explanation.rule;
    assert!(rule.contains("permanent and total disability"), "{rule}");
    assert!(
        !r.diagnostics.iter().any(|d| d.code.contains("disability")),
        "{:?}",
        r.diagnostics
    );

    let mut plain = a.clone();
    plain.income.retirement[0].disability_pension = false;
    let r = run(&plain);
    assert_eq!(v(&r, Key::Pensions), dec!(60000));
    assert_eq!(v(&r, Key::TotalIncome), dec!(180000));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(0));
    assert_eq!(v(&r, Key::TaxableIncome), dec!(177000));
    assert_eq!(v(&r, Key::Tax), dec!(7232.40));
}

/// The age edge, a single disabled filer in 2025 with a $30,000 disability pension and $10,000
/// of interest. The age is the age at the close of the year (as for 6-10 b; the Division: "beginning
/// the year the individual reaches age 65"). Born 1961-01-01 the recipient is 64 on 31 December
/// 2025, one day short of 65: excluded, line 20a $0, line 20b $30,000, line 27 $10,000. Born
/// 1960-12-31 the recipient reaches 65 on the year's last day: an ordinary pension, line 20a
/// $30,000, line 27 $40,000 (not over $100,000); line 28a (6-10 b(1), 62 or older) the smaller of
/// $30,000 and the single cap $75,000 = $30,000; line 28b (6-15 a(1): 62 or older, no wages; with
/// 28a within the $75,000 of a(3), $45,000 left) takes the $10,000 of interest; line 29 $0; a
/// warning says the app follows the Division. A recipient of 60 (a plan whose normal retirement
/// age is 60 plays no part) is still excluded.
#[test]
fn a_disability_pension_becomes_an_ordinary_pension_from_the_year_the_recipient_reaches_65() {
    let case = |birth: &str| {
        let mut a = Answers {
            tax_year: 2025,
            filing_status: FilingStatus::Single,
            taxpayer: person(birth, true),
            ..Answers::default()
        };
        a.income.retirement = vec![disability(Owner::Taxpayer, dec!(30000))];
        a.income.interest = vec![njtax_engine::answers::Interest {
            taxable_interest: dec!(10000),
            ..Default::default()
        }];
        run(&a)
    };
    let r = case("1961-01-01");
    assert_eq!(v(&r, Key::Pensions), dec!(0));
    assert_eq!(v(&r, Key::PensionsExcludable), dec!(30000));
    assert_eq!(v(&r, Key::TotalIncome), dec!(10000));
    assert!(!has(
        &r,
        "disability-pension-now-ordinary",
        Severity::Warning
    ));

    let r = case("1960-12-31");
    assert_eq!(v(&r, Key::Pensions), dec!(30000));
    assert_eq!(v(&r, Key::PensionsExcludable), dec!(0));
    assert_eq!(v(&r, Key::TotalIncome), dec!(40000));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(30000));
    assert_eq!(v(&r, Key::OtherRetirementExclusion), dec!(10000));
    assert_eq!(v(&r, Key::GrossIncome), dec!(0));
    assert!(has(
        &r,
        "disability-pension-now-ordinary",
        Severity::Warning
    ));
    let rule = &r.by_key(Key::Pensions).unwrap().explanation.rule;
    assert!(!rule.contains("are not income"), "{rule}");

    let r = case("1965-12-31");
    assert_eq!(v(&r, Key::Pensions), dec!(0));
    assert_eq!(v(&r, Key::TotalIncome), dec!(10000));
}

/// A joint return where only one spouse has a disability pension, the other an ordinary
/// pension: 2025, the taxpayer (born 1975, disabled) $60,000 disability pension; the
/// spouse (born 1959, 66) a $40,000 ordinary pension; $10,000 of interest.
/// With 6-10 c: line 20a $40,000 (the spouse's), 20b $60,000, line 27 $50,000; line 28a: the
/// spouse is 62 or older and line 27 is not over $100,000: the smaller of $40,000 and the joint
/// cap $100,000 = $40,000; line 28b (6-15) none: the interest is the taxpayer's, who is under
/// 62; line 29 $10,000.
/// Without the mark: line 20a $100,000, line 27 $110,000 (over $100,000, not over $125,000): 50%
/// of the qualifying persons' pensions (both qualify: 66, and disabled) = $50,000.
#[test]
fn one_spouses_disability_pension_and_the_others_ordinary_pension_on_a_joint_return() {
    let mut a = Answers {
        tax_year: 2025,
        filing_status: FilingStatus::MarriedJoint,
        taxpayer: person("1975-06-01", true),
        spouse: Some(person("1959-02-02", false)),
        ..Answers::default()
    };
    a.income.retirement = vec![
        disability(Owner::Taxpayer, dec!(60000)),
        pension(Owner::Spouse, dec!(40000)),
    ];
    a.income.interest = vec![njtax_engine::answers::Interest {
        taxable_interest: dec!(10000),
        ..Default::default()
    }];
    let r = run(&a);
    assert_eq!(v(&r, Key::Pensions), dec!(40000));
    assert_eq!(v(&r, Key::PensionsExcludable), dec!(60000));
    assert_eq!(v(&r, Key::TotalIncome), dec!(50000));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(40000));
    assert_eq!(v(&r, Key::OtherRetirementExclusion), dec!(0));
    assert_eq!(v(&r, Key::GrossIncome), dec!(10000));

    a.income.retirement[0].disability_pension = false;
    let r = run(&a);
    assert_eq!(v(&r, Key::Pensions), dec!(100000));
    assert_eq!(v(&r, Key::TotalIncome), dec!(110000));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(50000));
}

/// One disabled person (2025, single, born 1980, 45) with a $30,000 disability pension and a $20,000 ordinary pension from an earlier employer: the disability pension is left
/// out (line 20b $30,000); the ordinary one stays on line 20a ($20,000) and the pension exclusion
/// still applies to it (disabled, 6-10 b(1); line 27 $20,000 is not over $100,000): line 28a
/// $20,000, line 29 $0.
#[test]
fn a_disability_pension_beside_an_ordinary_pension_of_the_same_person() {
    let mut a = Answers {
        tax_year: 2025,
        filing_status: FilingStatus::Single,
        taxpayer: person("1980-07-07", true),
        ..Answers::default()
    };
    a.income.retirement = vec![
        disability(Owner::Taxpayer, dec!(30000)),
        pension(Owner::Taxpayer, dec!(20000)),
    ];
    let r = run(&a);
    assert_eq!(v(&r, Key::Pensions), dec!(20000));
    assert_eq!(v(&r, Key::PensionsExcludable), dec!(30000));
    assert_eq!(v(&r, Key::TotalIncome), dec!(20000));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(20000));
    assert_eq!(v(&r, Key::GrossIncome), dec!(0));
}

/// Answers the engine cannot use are said, never dropped: the mark on an IRA or on a rollover is
/// not used (warning, still income); without the recipient's birth date the pension is not left out (error); a recipient not marked
/// disabled on the household screen is a warning (the pension is still left out).
#[test]
fn disability_answers_the_engine_cannot_use_are_diagnostics() {
    let single = |r: Retirement, birth: Option<&str>, disabled: bool| {
        let mut a = Answers {
            tax_year: 2025,
            filing_status: FilingStatus::Single,
            taxpayer: person("1980-07-07", disabled),
            ..Answers::default()
        };
        a.taxpayer.birth_date = birth.map(|b| b.parse::<Date>().unwrap());
        a.income.retirement = vec![r];
        run(&a)
    };
    let ira = Retirement {
        kind: RetirementKind::Ira,
        ..disability(Owner::Taxpayer, dec!(10000))
    };
    let r = single(ira, Some("1980-07-07"), true);
    assert_eq!(v(&r, Key::Pensions), dec!(10000));
    assert!(has(
        &r,
        "disability-pension-not-a-pension",
        Severity::Warning
    ));

    let rolled = Retirement {
        destination: RolloverDestination::OtherPlanOrIra,
        ..disability(Owner::Taxpayer, dec!(10000))
    };
    let r = single(rolled, Some("1980-07-07"), true);
    assert!(has(&r, "disability-pension-rolled-over", Severity::Warning));

    let r = single(disability(Owner::Taxpayer, dec!(10000)), None, true);
    assert_eq!(v(&r, Key::Pensions), dec!(10000));
    assert!(has(&r, "disability-pension-birth-date", Severity::Error));

    let r = single(
        disability(Owner::Taxpayer, dec!(10000)),
        Some("1980-07-07"),
        false,
    );
    assert_eq!(v(&r, Key::Pensions), dec!(0));
    assert!(has(
        &r,
        "disability-pension-person-not-disabled",
        Severity::Warning
    ));
    // A pension without the mark raises none of these.
    let r = single(
        pension(Owner::Taxpayer, dec!(10000)),
        Some("1980-07-07"),
        true,
    );
    assert!(
        !r.diagnostics.iter().any(|d| d.code.contains("disability")),
        "{:?}",
        r.diagnostics
    );
}

/// A part-year resident's disability pension is left out on both returns: moved out of New
/// Jersey on 30 June 2025, $24,000 disability pension ($12,000 received while a nonresident),
/// born 1975, disabled: the resident return's line 20a is $0 (its $12,000 on 20b).
#[test]
fn a_part_year_residents_disability_pension_is_left_out_of_the_resident_return() {
    let mut tp = person("1975-06-01", true);
    tp.residency = njtax_engine::answers::NjResidency {
        kind: njtax_engine::answers::ResidencyKind::PartYear,
        resident_to: Some("2025-06-30".parse::<Date>().unwrap()),
        other_state: "Pennsylvania".into(),
        ..Default::default()
    };
    let mut a = Answers {
        tax_year: 2025,
        filing_status: FilingStatus::Single,
        taxpayer: tp,
        ..Answers::default()
    };
    let mut d = disability(Owner::Taxpayer, dec!(24000));
    d.sourcing.nonresident_period = dec!(12000);
    a.income.retirement = vec![d];
    a.income.w2s = vec![W2 {
        employer: "Employer".into(),
        state_wages: dec!(20000),
        ..W2::default()
    }];
    let set =
        njtax_engine::compute::compute_set(&a, &njtax_engine::ParamBook::load().unwrap()).unwrap();
    let resident = set.returns.first().unwrap();
    assert_eq!(v(resident, Key::Pensions), dec!(0));
    assert_eq!(v(resident, Key::PensionsExcludable), dec!(12000));
}
