//! Income, NJ-1040 lines 15-27 (N.J.S.A. 54A:5-1, 5-2, 6-9.1, 6-11, 6-14, 6-14.1, 6-26, 6-28).

#![allow(clippy::unwrap_used)]

use njtax_engine::Key;
use njtax_engine::answers::{
    Business, Date, Dividends, FilingStatus, GamblingWin, Interest, OtherIncome,
    OtherIncomeCategory, Owner, PassThrough, Person, PropertySale, Rental, ResidenceSale,
    Retirement, RetirementKind, RolloverDestination, W2,
};
use njtax_engine::{Answers, ComputedReturn, Severity};
use rust_decimal::{Decimal, dec};

use crate::common::{run, v};

fn person(birth: &str) -> Person {
    Person {
        name: "Test".into(),
        ssn: "000-00-0000".into(),
        birth_date: Some(birth.parse::<Date>().unwrap()),
        ..Person::default()
    }
}

fn answers(status: FilingStatus) -> Answers {
    Answers {
        tax_year: 2024,
        filing_status: status,
        taxpayer: person("1980-06-15"),
        spouse: matches!(
            status,
            FilingStatus::MarriedJoint | FilingStatus::MarriedSeparate
        )
        .then(|| person("1981-03-02")),
        ..Answers::default()
    }
}

pub fn w2(owner: Owner, wages: Decimal) -> W2 {
    W2 {
        owner,
        employer: "Employer".into(),
        state_wages: wages,
        ..W2::default()
    }
}

fn has(r: &ComputedReturn, code: &str, severity: Severity) -> bool {
    r.diagnostics
        .iter()
        .any(|d| d.code == code && d.severity == severity)
}

#[test]
fn wages_are_the_sum_of_w2_state_wages_54a_5_1_a() {
    let mut a = answers(FilingStatus::Single);
    a.income.w2s = vec![
        w2(Owner::Taxpayer, dec!(50000)),
        w2(Owner::Taxpayer, dec!(12345.67)),
    ];
    let r = run(&a);
    // 50,000 + 12,345.67 = 62,345.67.
    assert_eq!(v(&r, Key::Wages), dec!(62345.67));
    assert_eq!(r.value("15"), dec!(62345.67));
    assert!(
        r.by_key(Key::Wages)
            .unwrap()
            .explanation
            .rule
            .contains("$62,345.67")
    );
}

#[test]
fn spouse_wages_count_only_on_a_joint_return() {
    let mut a = answers(FilingStatus::MarriedSeparate);
    a.income.w2s = vec![
        w2(Owner::Taxpayer, dec!(40000)),
        w2(Owner::Spouse, dec!(30000)),
    ];
    let r = run(&a);
    assert_eq!(v(&r, Key::Wages), dec!(40000));
    assert!(has(&r, "spouse-items-not-counted", Severity::Info));
    a.filing_status = FilingStatus::MarriedJoint;
    assert_eq!(v(&run(&a), Key::Wages), dec!(70000));
}

#[test]
fn negative_wages_are_an_error_and_count_as_zero() {
    let mut a = answers(FilingStatus::Single);
    a.income.w2s = vec![
        w2(Owner::Taxpayer, dec!(-500)),
        w2(Owner::Taxpayer, dec!(1000)),
    ];
    let r = run(&a);
    assert_eq!(v(&r, Key::Wages), dec!(1000));
    assert!(r.diagnostics.iter().any(|d| d.code == "negative-amount"
        && d.severity == Severity::Error
        && d.path.as_deref() == Some("income.w2s[0].state_wages")));
}

/// 16a = taxable + tax-exempt − U.S. obligations − NJ obligations; 16b = the exempt parts.
#[test]
fn interest_excludes_us_and_new_jersey_obligations_54a_6_14() {
    let mut a = answers(FilingStatus::Single);
    a.income.interest = vec![Interest {
        taxable_interest: dec!(1000),
        tax_exempt_interest: dec!(500),
        us_obligations: dec!(200),
        nj_obligations: dec!(300),
        ..Interest::default()
    }];
    let r = run(&a);
    // 1,000 + 500 − 200 − 300 = 1,000; exempt 200 + 300 = 500.
    assert_eq!(v(&r, Key::TaxableInterest), dec!(1000));
    assert_eq!(v(&r, Key::ExemptInterest), dec!(500));
    // 16b is not added into total income.
    assert_eq!(v(&r, Key::TotalIncome), dec!(1000));
}

#[test]
fn interest_exempt_parts_over_the_total_floor_at_zero_with_a_warning() {
    let mut a = answers(FilingStatus::Single);
    a.income.interest = vec![
        Interest {
            taxable_interest: dec!(100),
            us_obligations: dec!(150),
            ..Interest::default()
        },
        Interest {
            taxable_interest: dec!(400),
            ..Interest::default()
        },
    ];
    let r = run(&a);
    // Statement 1: max(100 − 150, 0) = 0; statement 2: 400. 16b: min(150, 100) = 100.
    assert_eq!(v(&r, Key::TaxableInterest), dec!(400));
    assert_eq!(v(&r, Key::ExemptInterest), dec!(100));
    assert!(has(&r, "interest-exempt-exceeds-total", Severity::Warning));
}

/// Line 17 = ordinary + exempt-interest dividends − the qualified investment fund's exempt share;
/// capital gain distributions go to line 19.
#[test]
fn dividends_include_exempt_interest_dividends_except_the_qualified_fund_share_54a_6_14_1() {
    let mut a = answers(FilingStatus::Single);
    a.income.dividends = vec![Dividends {
        ordinary_dividends: dec!(1000),
        capital_gain_distributions: dec!(250),
        exempt_interest_dividends: dec!(400),
        nj_exempt_fund_share: dec!(300),
        ..Dividends::default()
    }];
    let r = run(&a);
    // 1,000 + 400 − 300 = 1,100.
    assert_eq!(v(&r, Key::Dividends), dec!(1100));
    assert_eq!(v(&r, Key::PropertyGains), dec!(250));
    assert_eq!(v(&r, Key::TotalIncome), dec!(1350));
}

/// 54A:5-2: a net loss in one category may not be applied against another category.
#[test]
fn a_business_loss_does_not_reduce_wages_54a_5_2() {
    let mut a = answers(FilingStatus::Single);
    a.income.w2s = vec![w2(Owner::Taxpayer, dec!(50000))];
    a.income.businesses = vec![Business {
        net_profit: dec!(-20000),
        ..Business::default()
    }];
    let r = run(&a);
    assert_eq!(v(&r, Key::BusinessProfits), dec!(0));
    assert_eq!(v(&r, Key::TotalIncome), dec!(50000));
    assert!(
        r.by_key(Key::BusinessProfits)
            .unwrap()
            .explanation
            .rule
            .contains("never reduces another category")
    );
}

/// 54A:5-2: losses within one category offset gains of the same category.
#[test]
fn gains_and_losses_net_inside_each_category_54a_5_2() {
    let mut a = answers(FilingStatus::MarriedJoint);
    a.income.businesses = vec![
        Business {
            net_profit: dec!(30000),
            ..Business::default()
        },
        Business {
            owner: Owner::Spouse,
            net_profit: dec!(-10000),
            ..Business::default()
        },
    ];
    a.income.partnerships = vec![
        PassThrough {
            share: dec!(5000),
            ..PassThrough::default()
        },
        PassThrough {
            share: dec!(-8000),
            ..PassThrough::default()
        },
    ];
    a.income.s_corporations = vec![PassThrough {
        share: dec!(7000),
        ..PassThrough::default()
    }];
    a.income.rents = vec![
        Rental {
            net: dec!(-3000),
            ..Rental::default()
        },
        Rental {
            net: dec!(2000),
            ..Rental::default()
        },
    ];
    let r = run(&a);
    assert_eq!(v(&r, Key::BusinessProfits), dec!(20000)); // 30,000 − 10,000
    assert_eq!(v(&r, Key::PartnershipIncome), dec!(0)); // 5,000 − 8,000 < 0
    assert_eq!(v(&r, Key::SCorpIncome), dec!(7000));
    assert_eq!(v(&r, Key::Rents), dec!(0)); // −3,000 + 2,000 < 0
    assert_eq!(v(&r, Key::TotalIncome), dec!(27000));
}

fn residence_sale(gain: Decimal, both_used: bool, qualifies: bool) -> PropertySale {
    PropertySale {
        description: "Home".into(),
        gain_or_loss: gain,
        principal_residence: Some(ResidenceSale {
            owned_and_used_2_of_5_years: qualifies,
            no_exclusion_in_prior_2_years: true,
            both_spouses_used: both_used,
        }),
        ..PropertySale::default()
    }
}

/// 54A:6-9.1 b: up to $250,000 of gain excluded, $500,000 on a joint return when both spouses
/// used the home; nothing when the 2-of-5-years test fails.
#[test]
fn principal_residence_gain_exclusion_caps_and_conditions_54a_6_9_1() {
    let mut a = answers(FilingStatus::Single);
    a.income.property_sales = vec![residence_sale(dec!(300000), false, true)];
    // 300,000 − 250,000 = 50,000.
    assert_eq!(v(&run(&a), Key::PropertyGains), dec!(50000));

    // Exactly at the cap and one dollar above.
    a.income.property_sales = vec![residence_sale(dec!(250000), false, true)];
    assert_eq!(v(&run(&a), Key::PropertyGains), dec!(0));
    a.income.property_sales = vec![residence_sale(dec!(250001), false, true)];
    assert_eq!(v(&run(&a), Key::PropertyGains), dec!(1));

    let mut j = answers(FilingStatus::MarriedJoint);
    j.income.property_sales = vec![residence_sale(dec!(500001), true, true)];
    assert_eq!(v(&run(&j), Key::PropertyGains), dec!(1));
    // Joint, but only one spouse used the home: $250,000 (54A:6-9.1 e(1)).
    j.income.property_sales = vec![residence_sale(dec!(300000), false, true)];
    assert_eq!(v(&run(&j), Key::PropertyGains), dec!(50000));

    // Separate return: $250,000 even when both used the home.
    let mut s = answers(FilingStatus::MarriedSeparate);
    s.income.property_sales = vec![residence_sale(dec!(300000), true, true)];
    assert_eq!(v(&run(&s), Key::PropertyGains), dec!(50000));

    a.income.property_sales = vec![residence_sale(dec!(300000), false, false)];
    let r = run(&a);
    assert_eq!(v(&r, Key::PropertyGains), dec!(300000));
    assert!(has(
        &r,
        "residence-exclusion-not-allowed",
        Severity::Warning
    ));
}

#[test]
fn excluded_residence_gain_does_not_absorb_another_sales_loss_54a_6_9_1_5_2() {
    let mut a = answers(FilingStatus::Single);
    a.income.property_sales = vec![
        residence_sale(dec!(260000), false, true),
        PropertySale {
            description: "Stock".into(),
            gain_or_loss: dec!(-4000),
            ..PropertySale::default()
        },
        PropertySale {
            description: "Bond fund".into(),
            gain_or_loss: dec!(1500),
            ..PropertySale::default()
        },
    ];
    // (260,000 − 250,000) − 4,000 + 1,500 = 7,500.
    assert_eq!(v(&run(&a), Key::PropertyGains), dec!(7500));
}

fn retirement(kind: RetirementKind, gross: Decimal, taxable: Decimal) -> Retirement {
    Retirement {
        kind,
        gross_distribution: gross,
        taxable_amount: taxable,
        ..Retirement::default()
    }
}

/// 20a: taxable amounts; military pensions (6-26), qualified Roth (6-28) and rollovers excluded;
/// 20b: the excludable parts, informational.
#[test]
fn pensions_exclude_military_qualified_roth_and_rollovers_54a_6_26_6_28() {
    let mut a = answers(FilingStatus::Single);
    let mut roth_q = retirement(RetirementKind::Roth, dec!(10000), dec!(0));
    roth_q.roth_qualified = true;
    let mut rollover = retirement(RetirementKind::Ira, dec!(50000), dec!(50000));
    rollover.destination = RolloverDestination::OtherPlanOrIra;
    a.income.retirement = vec![
        retirement(RetirementKind::Pension, dec!(25000), dec!(20000)),
        retirement(RetirementKind::MilitaryPension, dec!(30000), dec!(30000)),
        roth_q,
        retirement(RetirementKind::Roth, dec!(10000), dec!(2000)),
        rollover,
        retirement(RetirementKind::Ira, dec!(4000), dec!(4000)),
    ];
    let r = run(&a);
    // 20a: 20,000 + 0 + 0 + 2,000 + 0 + 4,000 = 26,000.
    assert_eq!(v(&r, Key::Pensions), dec!(26000));
    // 20b: 5,000 + 30,000 + 10,000 + 8,000 + 0 + 0 = 53,000.
    assert_eq!(v(&r, Key::PensionsExcludable), dec!(53000));
    assert_eq!(v(&r, Key::TotalIncome), dec!(26000));
}

fn moved(
    kind: RetirementKind,
    amount: Decimal,
    to: RolloverDestination,
    basis: Decimal,
) -> Retirement {
    Retirement {
        kind,
        gross_distribution: amount,
        // As a 1099-R shows a conversion: box 2a the whole amount, which the app must not use.
        taxable_amount: amount,
        destination: to,
        conversion_nj_basis: basis,
        ..Retirement::default()
    }
}

/// 54A:5-1 j: "amounts rolled over from an IRA ... that is not a Roth IRA ... to an IRA that is a
/// Roth IRA" are income; a rollover into another plan or traditional IRA is not (6-10 d). The
/// contributions New Jersey already taxed come back tax-free (not "excluded from gross income"
/// when made, 5-1 j first clause; 6-10 a): the same 50,000 IRA, 12,000 of it contributions taxed
/// when made, converted gives 38,000 on 20a and 12,000 on 20b; rolled over, nothing.
#[test]
fn a_roth_conversion_is_income_less_contributions_already_taxed_a_rollover_is_not_54a_5_1_j() {
    let mut a = answers(FilingStatus::Single);
    a.income.retirement = vec![moved(
        RetirementKind::Ira,
        dec!(50000),
        RolloverDestination::RothConversion,
        dec!(12000),
    )];
    let r = run(&a);
    assert_eq!(v(&r, Key::Pensions), dec!(38000));
    assert_eq!(v(&r, Key::PensionsExcludable), dec!(12000));
    assert_eq!(v(&r, Key::TotalIncome), dec!(38000));

    a.income.retirement[0].destination = RolloverDestination::OtherPlanOrIra;
    let r = run(&a);
    assert_eq!(v(&r, Key::Pensions), dec!(0));
    assert_eq!(v(&r, Key::PensionsExcludable), dec!(0));
    assert_eq!(v(&r, Key::TotalIncome), dec!(0));

    // Kept (not rolled over): the taxable amount as entered, as before.
    a.income.retirement[0].destination = RolloverDestination::NotRolledOver;
    a.income.retirement[0].taxable_amount = dec!(38000);
    assert_eq!(v(&run(&a), Key::Pensions), dec!(38000));
}

/// The edges of a conversion's basis: none (all of it is income), all of it (none is), more
/// than the amount converted (only the amount comes back, with a warning); a conversion from an
/// employer plan counts the same; a Roth IRA moved into a Roth IRA is a rollover (6-28 a).
#[test]
fn conversion_basis_edges_and_roth_to_roth_is_a_rollover_54a_5_1_j_6_28_a() {
    let mut a = answers(FilingStatus::Single);
    let conv = RolloverDestination::RothConversion;
    for (basis, taxable, excludable) in [
        (dec!(0), dec!(20000), dec!(0)),
        (dec!(19999.99), dec!(0.01), dec!(19999.99)),
        (dec!(20000), dec!(0), dec!(20000)),
        (dec!(25000), dec!(0), dec!(20000)),
    ] {
        a.income.retirement = vec![moved(RetirementKind::Ira, dec!(20000), conv, basis)];
        let r = run(&a);
        assert_eq!(v(&r, Key::Pensions), taxable, "basis {basis}");
        assert_eq!(v(&r, Key::PensionsExcludable), excludable, "basis {basis}");
        assert_eq!(
            has(&r, "conversion-basis-exceeds-amount", Severity::Warning),
            basis > dec!(20000),
            "basis {basis}"
        );
    }
    a.income.retirement = vec![
        moved(RetirementKind::Pension, dec!(30000), conv, dec!(1000)),
        moved(RetirementKind::Roth, dec!(8000), conv, dec!(0)),
    ];
    let r = run(&a);
    assert_eq!(v(&r, Key::Pensions), dec!(29000));
    assert_eq!(v(&r, Key::PensionsExcludable), dec!(1000));
    assert!(has(&r, "roth-to-roth-is-a-rollover", Severity::Info));
}

/// A draft written before issue 15 ticked `rollover: true`; it reads as "rolled over into
/// another plan or traditional IRA" (what the tick meant: left out), and is written back with
/// the new answer only.
#[test]
fn an_old_rollover_tick_reads_as_rolled_into_another_plan() {
    let text = r#"Draft(
    format_version: 7,
    answers: (
        tax_year: 2024,
        income: (
            retirement: [
                (payer: "Old IRA", kind: Ira, gross_distribution: "10000", taxable_amount: "10000", rollover: true),
                (payer: "Pension", gross_distribution: "5000", taxable_amount: "5000", rollover: false),
            ],
        ),
    ),
)"#;
    let draft = njtax_engine::parse_draft(text).unwrap();
    let rs = &draft.answers.income.retirement;
    assert_eq!(rs[0].destination, RolloverDestination::OtherPlanOrIra);
    assert_eq!(rs[1].destination, RolloverDestination::NotRolledOver);
    assert!(rs.iter().all(|r| !r.legacy_rollover));
    assert_eq!(v(&run(&draft.answers), Key::Pensions), dec!(5000));
    let written = njtax_engine::draft::draft_to_string(&draft).unwrap();
    assert!(!written.contains("rollover"), "{written}");
    assert!(written.contains("OtherPlanOrIra"), "{written}");
    let again = njtax_engine::parse_draft(&written).unwrap();
    assert_eq!(again.answers, draft.answers);
}

fn lottery(amount: Decimal) -> GamblingWin {
    GamblingWin {
        description: "NJ Lottery".into(),
        amount,
        nj_lottery: true,
        ..Default::default()
    }
}

/// 54A:6-11: "New Jersey Lottery winnings from a prize in an amount exceeding $10,000 shall be
/// included": a prize of $10,000 is excluded, a prize of $10,001 is included in full; per prize.
#[test]
fn nj_lottery_prizes_of_10000_or_less_are_excluded_per_prize_54a_6_11() {
    let mut a = answers(FilingStatus::Single);
    a.income.gambling.wins = vec![lottery(dec!(10000)), lottery(dec!(10000))];
    assert_eq!(v(&run(&a), Key::Gambling), dec!(0));
    a.income.gambling.wins = vec![lottery(dec!(10001))];
    assert_eq!(v(&run(&a), Key::Gambling), dec!(10001));
    a.income.gambling.wins = vec![lottery(dec!(10000.01))];
    assert_eq!(v(&run(&a), Key::Gambling), dec!(10000.01));
    // Other gambling wins are not excluded.
    a.income.gambling.wins = vec![GamblingWin {
        description: "Casino".into(),
        amount: dec!(500),
        nj_lottery: false,
        ..Default::default()
    }];
    assert_eq!(v(&run(&a), Key::Gambling), dec!(500));
}

/// 54A:5-1(g) with 5-2: losses offset winnings inside the gambling category only.
#[test]
fn gambling_losses_offset_only_gambling_winnings_54a_5_1_g_5_2() {
    let mut a = answers(FilingStatus::Single);
    a.income.w2s = vec![w2(Owner::Taxpayer, dec!(30000))];
    a.income.gambling.wins = vec![
        GamblingWin {
            description: "Casino".into(),
            amount: dec!(5000),
            nj_lottery: false,
            ..Default::default()
        },
        lottery(dec!(8000)),
    ];
    a.income.gambling.losses = dec!(3000);
    let r = run(&a);
    // 5,000 (the $8,000 lottery prize is excluded) − 3,000 = 2,000.
    assert_eq!(v(&r, Key::Gambling), dec!(2000));
    a.income.gambling.losses = dec!(9000);
    let r = run(&a);
    // 5,000 − 9,000 < 0: line 24 is 0 and wages stay 30,000.
    assert_eq!(v(&r, Key::Gambling), dec!(0));
    assert_eq!(v(&r, Key::TotalIncome), dec!(30000));
}

#[test]
fn alimony_and_other_income_and_the_line_27_total_54a_5_1() {
    let mut a = answers(FilingStatus::Single);
    a.income.w2s = vec![w2(Owner::Taxpayer, dec!(1000))];
    a.income.interest = vec![Interest {
        taxable_interest: dec!(10),
        ..Interest::default()
    }];
    a.income.dividends = vec![Dividends {
        ordinary_dividends: dec!(20),
        capital_gain_distributions: dec!(40),
        ..Dividends::default()
    }];
    a.income.businesses = vec![Business {
        net_profit: dec!(30),
        ..Business::default()
    }];
    a.income.retirement = vec![retirement(RetirementKind::Pension, dec!(50), dec!(50))];
    a.income.partnerships = vec![PassThrough {
        share: dec!(60),
        ..PassThrough::default()
    }];
    a.income.s_corporations = vec![PassThrough {
        share: dec!(70),
        ..PassThrough::default()
    }];
    a.income.rents = vec![Rental {
        net: dec!(80),
        ..Rental::default()
    }];
    a.income.gambling.wins = vec![GamblingWin {
        description: "Casino".into(),
        amount: dec!(90),
        nj_lottery: false,
        ..Default::default()
    }];
    a.income.alimony_received = dec!(100);
    a.income.other = vec![
        other(OtherIncomeCategory::EstateOrTrust, "Trust A", dec!(150)),
        other(OtherIncomeCategory::EstateOrTrust, "Trust B", dec!(-40)),
    ];
    let r = run(&a);
    assert_eq!(v(&r, Key::AlimonyReceived), dec!(100));
    // Two trusts: one category (5-1 h), netted: 150 − 40 = 110. A trust's loss is no surprise.
    assert_eq!(v(&r, Key::OtherIncome), dec!(110));
    assert!(!has(&r, "other-income-loss", Severity::Warning));
    // 1,000 + 10 + 20 + 30 + 40 + 50 + 60 + 70 + 80 + 90 + 100 + 110 = 1,660.
    assert_eq!(v(&r, Key::TotalIncome), dec!(1660));
    assert_eq!(r.value("27"), dec!(1660));
}

fn other(category: OtherIncomeCategory, description: &str, amount: Decimal) -> OtherIncome {
    OtherIncome {
        description: description.into(),
        category,
        amount,
        ..OtherIncome::default()
    }
}

/// 54A:5-2: "a net loss in one category of gross income may not be applied against gross income
/// in another category". Line 26 holds several categories of 5-1: a trust's loss (h) beside
/// prizes (l) and income in respect of a decedent (i). Trusts: −3,000 + 1,000 = −2,000, a net
/// loss, counts as 0; prizes 2,500; IRD 400: line 26 = 2,900 (netted as one it would be 900).
#[test]
fn a_trust_loss_does_not_offset_prizes_on_line_26_54a_5_1_h_l_5_2() {
    use OtherIncomeCategory::{EstateOrTrust, IncomeInRespectOfDecedent, PrizesAndAwards};
    let mut a = answers(FilingStatus::Single);
    a.income.other = vec![
        other(EstateOrTrust, "Family trust", dec!(-3000)),
        other(PrizesAndAwards, "Radio contest", dec!(2500)),
        other(EstateOrTrust, "Estate of A. Smith", dec!(1000)),
        other(
            IncomeInRespectOfDecedent,
            "Final fees of A. Smith",
            dec!(400),
        ),
    ];
    let r = run(&a);
    assert_eq!(v(&r, Key::OtherIncome), dec!(2900));
    assert_eq!(v(&r, Key::TotalIncome), dec!(2900));
    let rule = &r.by_key(Key::OtherIncome).unwrap().explanation.rule;
    for part in [
        "estates and trusts (54A:5-1 h): -$3,000.00 + $1,000.00 = -$2,000.00, a net loss, counts as $0.00",
        "income in respect of a decedent (54A:5-1 i): $400.00 = $400.00",
        "prizes and awards (54A:5-1 l): $2,500.00 = $2,500.00",
        "line 26 = $2,900.00",
    ] {
        assert!(rule.contains(part), "{part} not in: {rule}");
    }
    assert!(!has(&r, "other-income-loss", Severity::Warning));

    // The edge: the trusts net to exactly zero, then to one cent of income, which is counted.
    a.income.other[2].amount = dec!(3000);
    assert_eq!(v(&run(&a), Key::OtherIncome), dec!(2900));
    a.income.other[2].amount = dec!(3000.01);
    assert_eq!(v(&run(&a), Key::OtherIncome), dec!(2900.01));
}

/// Within one category losses do offset (5-2, first sentence): two prizes and a returned prize
/// (−300) net to 1,200. A negative amount of a category of amounts received is warned about.
#[test]
fn losses_offset_within_one_category_of_line_26_54a_5_2() {
    use OtherIncomeCategory::PrizesAndAwards;
    let mut a = answers(FilingStatus::Single);
    a.income.other = vec![
        other(PrizesAndAwards, "Award", dec!(1000)),
        other(PrizesAndAwards, "Prize", dec!(500)),
        other(PrizesAndAwards, "Prize returned", dec!(-300)),
    ];
    let r = run(&a);
    assert_eq!(v(&r, Key::OtherIncome), dec!(1200));
    assert!(has(&r, "other-income-loss", Severity::Warning));
}

/// An item whose category is not given (a draft from before categories) is netted with nothing:
/// nothing shows it to be of another item's category (5-2). Its loss offsets nothing and the
/// filer is asked to choose; a positive one is counted.
#[test]
fn an_item_without_a_category_is_netted_with_nothing_54a_5_2() {
    use OtherIncomeCategory::{NotChosen, PrizesAndAwards};
    let mut a = answers(FilingStatus::Single);
    a.income.other = vec![
        other(PrizesAndAwards, "Prize", dec!(1500)),
        other(NotChosen, "Something", dec!(-500)),
        other(NotChosen, "Something else", dec!(200)),
    ];
    let r = run(&a);
    assert_eq!(v(&r, Key::OtherIncome), dec!(1700));
    let missing: Vec<_> = r
        .diagnostics
        .iter()
        .filter(|d| d.code == "other-income-category-missing")
        .collect();
    assert_eq!(missing.len(), 2);
}

#[test]
fn huge_amounts_saturate_instead_of_overflowing() {
    let mut a = answers(FilingStatus::Single);
    a.income.w2s = vec![
        w2(Owner::Taxpayer, Decimal::MAX),
        w2(Owner::Taxpayer, Decimal::MAX),
    ];
    a.income.businesses = vec![Business {
        net_profit: Decimal::MIN,
        ..Business::default()
    }];
    let r = run(&a);
    assert_eq!(v(&r, Key::Wages), Decimal::MAX);
    assert_eq!(v(&r, Key::TotalIncome), Decimal::MAX);
}
