//! Tax years 2018-2021 (issue 21): the edges of each back-year rule, from the statute and
//! nj-reference-3.md Part B. The hand-worked returns of those years are in the root crate's
//! `tests/returns_back_years.rs` (docs/returns-back-years.md).

#![allow(clippy::unwrap_used)]

use njtax_engine::Key;
use njtax_engine::answers::{Date, Dependent, FilingStatus, Owner, Relationship, TaxMethod};
use njtax_engine::rules::tax::tax_for;
use njtax_engine::{Answers, ComputedReturn, ParamBook, Severity};
use rust_decimal::{Decimal, dec};

use crate::common::{run, v};
use crate::exclusions::{STATUSES, person, retiree};
use crate::income::w2;

fn book() -> &'static ParamBook {
    static BOOK: std::sync::OnceLock<ParamBook> = std::sync::OnceLock::new();
    BOOK.get_or_init(|| ParamBook::load().unwrap())
}

/// A filer born on `birth` with `wages` of W-2 wages (a spouse born the same day on a joint
/// return), federal AGI and earned income equal to the wages.
fn earner(year: u16, status: FilingStatus, birth: &str, wages: Decimal) -> Answers {
    Answers {
        tax_year: year,
        filing_status: status,
        taxpayer: person(birth),
        spouse: (status == FilingStatus::MarriedJoint).then(|| person(birth)),
        income: njtax_engine::answers::Income {
            w2s: vec![w2(Owner::Taxpayer, wages)],
            ..Default::default()
        },
        federal: njtax_engine::answers::Federal {
            agi: wages,
            earned_income: wages,
            ..Default::default()
        },
        ..Answers::default()
    }
}

fn child(born: &str) -> Dependent {
    Dependent {
        name: "Kid".into(),
        birth_date: Some(born.parse::<Date>().unwrap()),
        ssn: "000-00-0001".into(),
        relationship: Relationship::Child,
        months_lived_with_you: 12,
        ..Dependent::default()
    }
}

fn diag_count(r: &ComputedReturn, code: &str) -> usize {
    r.diagnostics.iter().filter(|d| d.code == code).count()
}

// ---------------------------------------------------------------------------------------------
// Pension and other retirement income exclusions (54A:6-10 b, 6-15 a).
// ---------------------------------------------------------------------------------------------

/// The 2018-2020 caps, all or nothing at gross income of $100,000 (nj-reference-3.md B8): a
/// pension of $90,000 with line 27 exactly 100,000.00 gets the year's cap (or the whole pension
/// when the cap is larger), 100,000.01 gets nothing; 2021 has the partial bands instead.
#[test]
fn pension_exclusion_back_year_caps_and_the_100000_cliff_54a_6_10_b() {
    let caps = |year: u16, status: FilingStatus| -> Decimal {
        let (joint, single, separate) = match year {
            2018 => (dec!(60000), dec!(45000), dec!(30000)),
            2019 => (dec!(80000), dec!(60000), dec!(40000)),
            _ => (dec!(100000), dec!(75000), dec!(50000)),
        };
        match status {
            FilingStatus::MarriedJoint => joint,
            FilingStatus::MarriedSeparate => separate,
            _ => single,
        }
    };
    for year in 2018..=2020u16 {
        for status in STATUSES {
            let at = run(&retiree(year, status, dec!(90000), dec!(100000)));
            assert_eq!(
                v(&at, Key::PensionExclusion),
                caps(year, status).min(dec!(90000)),
                "{year} {status:?} at 100,000.00"
            );
            let over = run(&retiree(year, status, dec!(90000), dec!(100000.01)));
            assert_eq!(
                v(&over, Key::PensionExclusion),
                Decimal::ZERO,
                "{year} {status:?} at 100,000.01"
            );
            assert_eq!(
                v(&over, Key::OtherRetirementExclusion),
                Decimal::ZERO,
                "{year} {status:?}"
            );
        }
    }
    // 2021: over $100,000 is the 37.5% band for a single filer (54A:6-10 b(2)), as from 2022.
    let r = run(&retiree(
        2021,
        FilingStatus::Single,
        dec!(90000),
        dec!(100000.01),
    ));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(33750));
    let r = run(&retiree(
        2021,
        FilingStatus::Single,
        dec!(90000),
        dec!(150000.01),
    ));
    assert_eq!(v(&r, Key::PensionExclusion), Decimal::ZERO);
}

/// The other retirement income exclusion (Worksheet D) uses the same cap: 2019 single, pension
/// 20,000 and interest 80,000 (line 27 = 100,000.00): 28a 20,000, 28b the unclaimed 40,000.
#[test]
fn other_retirement_exclusion_uses_the_years_cap_54a_6_15_a() {
    let r = run(&retiree(
        2019,
        FilingStatus::Single,
        dec!(20000),
        dec!(100000),
    ));
    assert_eq!(v(&r, Key::PensionExclusion), dec!(20000));
    assert_eq!(v(&r, Key::OtherRetirementExclusion), dec!(40000));
    let r = run(&retiree(
        2018,
        FilingStatus::Single,
        dec!(20000),
        dec!(100000),
    ));
    assert_eq!(v(&r, Key::OtherRetirementExclusion), dec!(25000));
}

// ---------------------------------------------------------------------------------------------
// Exemptions and rates.
// ---------------------------------------------------------------------------------------------

/// The veteran exemption: $3,000 through 2018, $6,000 from 2019 (nj-reference-3.md B8).
#[test]
fn veteran_exemption_is_3000_in_2018_and_6000_from_2019_54a_3_1_b7() {
    for (year, want) in [
        (2018, dec!(3000)),
        (2019, dec!(6000)),
        (2020, dec!(6000)),
        (2021, dec!(6000)),
    ] {
        let mut a = earner(year, FilingStatus::Single, "1960-01-01", dec!(40000));
        a.taxpayer.veteran = true;
        let r = run(&a);
        assert_eq!(v(&r, Key::ExemptionVeteran), want, "{year}");
    }
}

/// 54A:2-1 a(6), b(6): for 2018-2019 the 8.97% row ends at $5,000,000 and 10.75% applies above
/// it, on the printed bases $433,373.75 (single) and $431,457.50 (joint); from 2020 (a(7), b(7))
/// 10.75% starts at $1,000,000.
#[test]
fn the_2018_2019_rate_tables_reach_10_75_percent_over_5000000_54a_2_1_6() {
    let file = book().tax_file();
    let tax = |year, status, income| {
        tax_for(file, year, status, income, TaxMethod::RateSchedule).unwrap()
    };
    for year in [2018, 2019] {
        assert_eq!(
            tax(year, FilingStatus::Single, dec!(5000000)),
            dec!(433373.75)
        );
        assert_eq!(
            tax(year, FilingStatus::Single, dec!(5000100)),
            dec!(433384.50)
        );
        assert_eq!(
            tax(year, FilingStatus::MarriedJoint, dec!(5000000)),
            dec!(431457.50)
        );
        assert_eq!(
            tax(year, FilingStatus::HeadOfHousehold, dec!(5000100)),
            dec!(431468.25)
        );
        // Just over $1,000,000 is still the 8.97% row: 29,723.75 + 8.97% x 500,100.
        assert_eq!(
            tax(year, FilingStatus::Single, dec!(1000100)),
            dec!(74582.72)
        );
    }
    // 2020: 10.75% over $1,000,000 (base 74,573.75 single).
    assert_eq!(
        tax(2020, FilingStatus::Single, dec!(1000100)),
        dec!(74584.50)
    );
}

// ---------------------------------------------------------------------------------------------
// NJ earned income tax credit (54A:4-7).
// ---------------------------------------------------------------------------------------------

/// A childless filer who fails only the federal age test: nothing before 2020; 2020 ages 21-24
/// get $215; 2021 age 18 and over get $601; the federal age rule otherwise (25: federal EIC).
#[test]
fn nj_eitc_age_rule_for_childless_filers_2019_to_2021_54a_4_7_a4() {
    // Age at December 31 of the year from the birth date.
    let born = |year: u16, age: u16| format!("{}-06-30", year - age);
    let eitc = |year: u16, age: u16| {
        let a = earner(year, FilingStatus::Single, &born(year, age), dec!(10000));
        v(&run(&a), Key::NjEitc)
    };
    assert_eq!(eitc(2019, 24), Decimal::ZERO);
    assert_eq!(eitc(2020, 20), Decimal::ZERO);
    assert_eq!(eitc(2020, 21), dec!(215));
    assert_eq!(eitc(2020, 24), dec!(215));
    assert_eq!(eitc(2021, 17), Decimal::ZERO);
    assert_eq!(eitc(2021, 18), dec!(601));
    // 2020, age 25: the federal EIC (no child) by the IRS table, which before 2024 starts from the
    // unrounded maximum (7.65% x 7,030 = 537.795; docs/decisions/credits-eitc-cdcc-ctc.md): band
    // 10,000-10,050, midpoint 10,025: 537.795 - 7.65% x (10,025 - 8,790) = 443.32, 443; NJ 40% =
    // 177.20.
    assert_eq!(eitc(2020, 25), dec!(177.20));
    // 2018, age 30, no child: 7.65% x 6,780 = 518.67 - 7.65% x (10,025 - 8,490) = 401.24, 401;
    // NJ 37% = 148.37.
    assert_eq!(eitc(2018, 30), dec!(148.37));
    // 2019 at 39%: 7.65% x 6,920 = 529.38 - 7.65% x (10,025 - 8,650) = 424.19, 424; NJ 39% =
    // 165.36.
    assert_eq!(eitc(2019, 30), dec!(165.36));
}

// ---------------------------------------------------------------------------------------------
// NJ child and dependent care credit (54A:4-17).
// ---------------------------------------------------------------------------------------------

/// A head of household with one child and a typed federal credit of $600, with wages making NJ
/// taxable income `nj_taxable` (exemptions 1,000 + 1,500).
fn carer(year: u16, nj_taxable: Decimal) -> Answers {
    let mut a = earner(
        year,
        FilingStatus::HeadOfHousehold,
        "1985-05-05",
        nj_taxable + dec!(2500),
    );
    a.dependents = vec![child("2015-03-03")];
    a.federal.dependent_care_credit = dec!(600);
    // No federal earned income credit, so no NJ EITC among the payments.
    a.federal.irs_eic_override = Some(Decimal::ZERO);
    a
}

/// [`carer`] with gross income 22,500 (over the $20,000 no-tax threshold of 54A:2-4, so tax is
/// due) and medical expenses bringing NJ taxable income down to `nj_taxable` (the 2% floor of
/// 54A:3-3 a: 450).
fn carer_low(year: u16, nj_taxable: Decimal) -> Answers {
    let mut a = carer(year, dec!(20000));
    a.deductions.medical_expenses = dec!(20000) - nj_taxable + dec!(450);
    a
}

/// Before 2021: NJ taxable income of $60,000 or less, 50/40/30/20/10% per $10,000 row; the credit
/// only reduces the tax (line 44 in 2018-2019, 45 in 2020) and is not a payment. From 2021 the
/// $150,000 schedule and refundable (line 63 of 2021).
#[test]
fn care_credit_before_2021_is_limited_to_60000_and_taken_against_the_tax_54a_4_17() {
    for year in [2018, 2019, 2020] {
        let at = run(&carer(year, dec!(60000)));
        assert_eq!(v(&at, Key::ChildCareCredit), dec!(60), "{year}: 10% x 600");
        assert_eq!(
            v(&at, Key::BalanceAfterCredits),
            v(&at, Key::Tax) - dec!(60),
            "{year}"
        );
        assert_eq!(
            v(&at, Key::TotalPayments),
            Decimal::ZERO,
            "{year}: not a payment"
        );
        let over = run(&carer(year, dec!(60000.01)));
        assert_eq!(v(&over, Key::ChildCareCredit), Decimal::ZERO, "{year}");
        let row = run(&carer(year, dec!(20000)));
        assert_eq!(
            v(&row, Key::ChildCareCredit),
            dec!(280),
            "{year}: 50% x 600 = 300, tax 280"
        );
        let row = run(&carer(year, dec!(20000.01)));
        assert_eq!(
            v(&row, Key::ChildCareCredit),
            dec!(240),
            "{year}: 40% x 600"
        );
    }
    // 2021: 40% row (over 30,000, not over 60,000), refundable: a payment line.
    let r = run(&carer(2021, dec!(60000)));
    assert_eq!(v(&r, Key::ChildCareCredit), dec!(240));
    assert_eq!(v(&r, Key::TotalPayments), dec!(240));
    assert_eq!(v(&r, Key::BalanceAfterCredits), v(&r, Key::Tax));
    assert_eq!(r.by_key(Key::ChildCareCredit).unwrap().id.as_ref(), "63");
    let r = run(&carer(2021, dec!(150000)));
    assert_eq!(v(&r, Key::ChildCareCredit), dec!(60));
    let r = run(&carer(2021, dec!(150000.01)));
    assert_eq!(v(&r, Key::ChildCareCredit), Decimal::ZERO);
}

/// The nonrefundable credit never takes the tax below zero; what it cannot use is lost (not
/// refunded): 2020, NJ taxable income 10,000 (tax 140), 50% x 600 = 300 -> 140. The 2020 tax block
/// totals it with the other credits on line 49; 2018-2019 show running balances on 45 and 47.
#[test]
fn the_nonrefundable_care_credit_stops_at_the_tax_54a_4_17_pre_2021() {
    let mut a = carer_low(2020, dec!(10000));
    a.income.w2s[0].nj_tax_withheld = dec!(100);
    let r = run(&a);
    assert_eq!(v(&r, Key::Tax), dec!(140));
    assert_eq!(v(&r, Key::ChildCareCredit), dec!(140));
    assert_eq!(v(&r, Key::TotalCredits), dec!(140));
    assert_eq!(r.by_key(Key::TotalCredits).unwrap().id.as_ref(), "49");
    assert_eq!(v(&r, Key::BalanceAfterCredits), Decimal::ZERO);
    assert_eq!(v(&r, Key::TotalPayments), dec!(100));
    assert_eq!(r.refund, dec!(100));
    let why = &r.by_key(Key::ChildCareCredit).unwrap().explanation.rule;
    assert!(why.contains("Not refundable for 2020"), "{why}");

    let mut a = carer_low(2019, dec!(10000));
    a.income.w2s[0].nj_tax_withheld = dec!(100);
    let r = run(&a);
    assert_eq!(v(&r, Key::ChildCareCredit), dec!(140));
    assert_eq!(r.by_key(Key::ChildCareCredit).unwrap().id.as_ref(), "44");
    assert_eq!(v(&r, Key::BalanceAfterCareCredit), Decimal::ZERO);
    assert_eq!(
        r.by_key(Key::BalanceAfterCareCredit).unwrap().id.as_ref(),
        "45"
    );
    assert_eq!(
        r.by_key(Key::BalanceAfterWorkshopCredit)
            .unwrap()
            .id
            .as_ref(),
        "47"
    );
    assert!(r.by_key(Key::TotalCredits).is_none());
    assert_eq!(r.refund, dec!(100));
    assert_eq!(diag_count(&r, "internal-line-off-form"), 0);
}

/// Through 2020 the credit is at most $500 for one qualifying person ($1,000 for two or more); the
/// cap comes before the tax limit. Unknown persons: no error when the tax limit is lower anyway.
#[test]
fn the_care_credit_cap_applies_before_the_tax_limit_pre_2021() {
    let mut a = carer_low(2019, dec!(15000));
    a.federal.dependent_care_credit = dec!(1050);
    let r = run(&a);
    // 50% x 1,050 = 525 -> at most 500 for one person (not given: the one-person cap) -> the tax
    // (line 41) 210.
    assert_eq!(v(&r, Key::Tax), dec!(210));
    assert_eq!(v(&r, Key::ChildCareCredit), dec!(210));
    let why = &r.by_key(Key::ChildCareCredit).unwrap().explanation.rule;
    assert!(why.contains("at most $500.00"), "{why}");
    assert_eq!(diag_count(&r, "cdcc-persons-needed"), 0);
    // 2021: no cap (50% x 1,050 = 525 in full, refundable).
    let mut a = carer_low(2021, dec!(15000));
    a.federal.dependent_care_credit = dec!(1050);
    assert_eq!(v(&run(&a), Key::ChildCareCredit), dec!(525));
}

// ---------------------------------------------------------------------------------------------
// Shared responsibility payment, line maps, figures and the back-year notice.
// ---------------------------------------------------------------------------------------------

/// 54A:11-3 a: coverage is required for months beginning after December 31, 2018: no payment and
/// no line for 2018 (an entered payment is refused with a warning); 2019's form has line 52.
#[test]
fn no_shared_responsibility_payment_before_2019_54a_11_3_a() {
    let mut a = earner(2018, FilingStatus::Single, "1980-01-01", dec!(50000));
    a.health.payment_override = Some(dec!(695));
    let r = run(&a);
    assert!(r.by_key(Key::SharedResponsibility).is_none());
    assert!(r.hcc.is_none());
    assert_eq!(diag_count(&r, "hcc-not-in-year"), 1);
    a.tax_year = 2019;
    let r = run(&a);
    assert_eq!(v(&r, Key::SharedResponsibility), dec!(695));
    assert_eq!(
        r.by_key(Key::SharedResponsibility).unwrap().id.as_ref(),
        "52"
    );
    assert_eq!(diag_count(&r, "hcc-not-in-year"), 0);
}

/// Spot checks of each back-year line map against nj-reference-3.md B7.
#[test]
fn back_year_line_maps_follow_the_reference_b7() {
    let key_of = |year: u16, id: &str| book().for_year(year).unwrap().line_map.key_of(id);
    assert_eq!(key_of(2018, "37"), Some(Key::TaxableIncome));
    assert_eq!(key_of(2018, "44"), Some(Key::ChildCareCredit));
    assert_eq!(key_of(2018, "52"), Some(Key::TotalTaxDue));
    assert_eq!(key_of(2018, "56"), Some(Key::NjEitc));
    assert_eq!(key_of(2018, "75"), Some(Key::Refund));
    assert_eq!(key_of(2019, "52"), Some(Key::SharedResponsibility));
    assert_eq!(key_of(2019, "76"), Some(Key::Refund));
    assert_eq!(key_of(2020, "36"), Some(Key::OrganDonation));
    assert_eq!(key_of(2020, "45"), Some(Key::ChildCareCredit));
    assert_eq!(key_of(2020, "48"), Some(Key::OrganDonorEmployerCredit));
    assert_eq!(key_of(2020, "63"), Some(Key::BaitCredit));
    assert_eq!(key_of(2021, "57"), Some(Key::NjEitc));
    assert_eq!(key_of(2021, "62"), Some(Key::BaitCredit));
    assert_eq!(key_of(2021, "63"), Some(Key::ChildCareCredit));
    assert_eq!(key_of(2021, "73"), Some(Key::FundOther1));
    assert_eq!(key_of(2021, "75"), Some(Key::FundOther3));
    assert_eq!(key_of(2021, "78"), Some(Key::Refund));
    for year in 2018..=2021u16 {
        let p = book().for_year(year).unwrap();
        for key in [Key::Njbest, Key::Njclass, Key::Tuition, Key::ChildTaxCredit] {
            assert!(p.line_map.find(key).is_none(), "{year} {key}");
        }
        assert!(p.line_map.uncertain.is_some(), "{year}");
        assert!(p.nr_line_map.uncertain.is_some(), "{year}");
    }
}

/// The NJ-2450 maximums, due dates and interest of the back years (nj-reference-3.md B8).
#[test]
fn back_year_nj2450_maximums_dates_and_interest_b8() {
    let p = |year| book().for_year(year).unwrap();
    let maxima = |year| {
        let w = p(year).withholding;
        (w.ui_max.value, w.di_max.value, w.fli_max.value)
    };
    assert_eq!(maxima(2018), (dec!(143.23), dec!(64.03), dec!(30.33)));
    assert_eq!(maxima(2019), (dec!(146.20), dec!(58.48), dec!(27.52)));
    assert_eq!(maxima(2020), (dec!(150.03), dec!(350.74), dec!(215.84)));
    assert_eq!(maxima(2021), (dec!(153.85), dec!(649.54), dec!(386.96)));
    let due = |year| p(year).late.return_due_date.value.0.to_string();
    assert_eq!(due(2018), "2019-04-15");
    assert_eq!(due(2019), "2020-07-15");
    assert_eq!(due(2020), "2021-05-17");
    assert_eq!(due(2021), "2022-04-18");
    let dates = p(2020).estimated.installment_dates.value;
    assert_eq!(dates.april.to_string(), "2020-07-15");
    assert_eq!(dates.june.to_string(), "2020-07-15");
    let rates = p(2018).estimated.interest_rates.value;
    let rate_on = |d: &str| {
        let day: Date = d.parse().unwrap();
        rates
            .iter()
            .rfind(|r| r.from <= day)
            .map(|r| r.rate)
            .unwrap()
    };
    assert_eq!(rate_on("2018-06-01"), dec!(0.0725));
    assert_eq!(rate_on("2019-06-01"), dec!(0.0825));
    assert_eq!(rate_on("2020-03-01"), dec!(0.0775));
    assert_eq!(rate_on("2020-04-01"), dec!(0.0625));
}

/// Every return of a back year says once that it is mailed, with the last day for a refund when
/// there is an overpayment (2018: April 15, 2022 was Good Friday, so April 18); no later year
/// carries it.
#[test]
fn a_back_year_return_carries_the_back_year_warning_once() {
    for year in 2018..=2026u16 {
        let mut a = earner(year, FilingStatus::Single, "1980-01-01", dec!(30000));
        a.income.w2s[0].nj_tax_withheld = dec!(5000);
        let r = run(&a);
        let found: Vec<_> = r
            .diagnostics
            .iter()
            .filter(|d| d.code == "back-year")
            .collect();
        if year <= 2021 {
            assert_eq!(found.len(), 1, "{year}");
            assert_eq!(found[0].severity, Severity::Warning);
            assert!(found[0].message.contains("mail"), "{}", found[0].message);
            assert!(
                found[0].message.contains(&format!("Tax year {year}")),
                "{}",
                found[0].message
            );
        } else {
            assert!(found.is_empty(), "{year}");
        }
        if year == 2018 {
            assert!(
                found[0].message.contains("2022-04-18"),
                "{}",
                found[0].message
            );
        }
    }
    let set = njtax_engine::compute::compute_set(
        &earner(2020, FilingStatus::Single, "1980-01-01", dec!(30000)),
        book(),
    )
    .unwrap();
    assert!(set.back_year.is_some());
}

/// 54A:9-8 a: a refund claimed on the return is limited to tax paid within 3 years "plus the period
/// of any extension of time for filing the return". The 2019 and 2020 returns' due dates were
/// extended for everyone (to July 15, 2020 and May 17, 2021), so their last days run that much
/// later: 2019: April 15, 2023 + 91 days = Saturday July 15, 2023, so Monday July 17; 2020: April
/// 15, 2024 + 32 days = May 17, 2024. 2018 and 2021 had no such extension (2018: April 15, 2022 was
/// Good Friday, so April 18). A filer's own six-month extension runs longer than July 15 and wins.
#[test]
fn the_refund_period_counts_a_due_date_extended_for_everyone_54a_9_8_a() {
    let last_day = |year: u16, own_extension: bool| {
        let mut a = earner(year, FilingStatus::Single, "1980-01-01", dec!(30000));
        a.income.w2s[0].nj_tax_withheld = dec!(5000);
        a.filing.extension = own_extension;
        run(&a).refund_claim_deadline.unwrap().last_day.to_string()
    };
    assert_eq!(last_day(2018, false), "2022-04-18");
    assert_eq!(last_day(2019, false), "2023-07-17");
    assert_eq!(last_day(2020, false), "2024-05-17");
    assert_eq!(last_day(2021, false), "2025-04-15");
    assert_eq!(last_day(2022, false), "2026-04-15");
    // Own extension: 2019's October 15, 2020 is later than July 15: April 15, 2023 + 183 days =
    // Sunday October 15, 2023, so Monday October 16.
    assert_eq!(last_day(2019, true), "2023-10-16");
    assert_eq!(last_day(2021, true), "2025-10-15");
    // Filed the day after the last day: barred, and the words name the extension.
    let mut a = earner(2019, FilingStatus::Single, "1980-01-01", dec!(30000));
    a.income.w2s[0].nj_tax_withheld = dec!(5000);
    a.filing.filed_on = Some("2023-07-18".parse().unwrap());
    let r = run(&a);
    assert_eq!(r.refund, Decimal::ZERO);
    let barred = r
        .diagnostics
        .iter()
        .find(|d| d.code == "refund-time-barred")
        .unwrap();
    assert!(
        barred
            .message
            .contains("extension of everyone's due date to 2020-07-15"),
        "{}",
        barred.message
    );
    a.filing.filed_on = Some("2023-07-17".parse().unwrap());
    assert!(run(&a).refund > Decimal::ZERO);
}
