//! Property tests over arbitrary answers: no panic, no negative line, tax non-decreasing in wages,
//! and the form's line identities.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use njtax_engine::answers::*;
use njtax_engine::schedule::Schedule;
use njtax_engine::{Answers, ComputedReturn, Key, ParamBook, compute};
use proptest::prelude::*;
use rust_decimal::Decimal;

fn money(max_dollars: i64, allow_negative: bool) -> impl Strategy<Value = Decimal> {
    let lo = if allow_negative {
        -max_dollars * 100
    } else {
        0
    };
    (lo..=max_dollars * 100).prop_map(|c| Decimal::new(c, 2))
}

fn date() -> impl Strategy<Value = Option<Date>> {
    prop_oneof![
        Just(None),
        (1920u16..2025, 1u8..=12, 1u8..=28).prop_map(|(y, m, d)| Date::new(y, m, d))
    ]
}

fn person() -> impl Strategy<Value = Person> {
    (
        date(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(birth_date, blind, vet, never_ss, dep)| Person {
            name: "Test Person".into(),
            ssn: "400-00-0001".into(),
            birth_date,
            blind_or_disabled: blind,
            veteran: vet,
            never_eligible_social_security: never_ss,
            claimed_as_dependent: dep,
            date_of_death: None,
            residency: Default::default(),
            coverage: Default::default(),
        })
}

fn status() -> impl Strategy<Value = FilingStatus> {
    prop_oneof![
        Just(FilingStatus::Single),
        Just(FilingStatus::MarriedJoint),
        Just(FilingStatus::MarriedSeparate),
        Just(FilingStatus::HeadOfHousehold),
        Just(FilingStatus::QualifyingWidow),
    ]
}

fn owner() -> impl Strategy<Value = Owner> {
    prop_oneof![Just(Owner::Taxpayer), Just(Owner::Spouse)]
}

fn dependent() -> impl Strategy<Value = Dependent> {
    (
        date(),
        0u8..=12,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(birth_date, months, student, disabled, college)| Dependent {
                name: "Kid".into(),
                ssn: "400-00-0002".into(),
                birth_date,
                relationship: Relationship::Child,
                months_lived_with_you: months,
                full_time_student: student,
                disabled,
                college_student_costs_paid: college,
                no_health_insurance: false,
                coverage: Default::default(),
                claimed_by: Owner::Taxpayer,
            },
        )
}

fn w2() -> impl Strategy<Value = W2> {
    (
        owner(),
        money(400_000, false),
        money(20_000, false),
        money(300, false),
        money(500, false),
        money(300, false),
        0u8..3,
    )
        .prop_map(|(owner, wages, wh, ui, di, fli, employer)| W2 {
            owner,
            // Unnamed employers too: diagnostics then name the W-2 by number.
            employer: if employer == 0 {
                String::new()
            } else {
                format!("Employer {employer}")
            },
            employer_id: format!("{employer}"),
            state_wages: wages,
            nj_tax_withheld: wh,
            ui_wf_swf: ui,
            di,
            fli,
            ..W2::default()
        })
}

fn retirement() -> impl Strategy<Value = Retirement> {
    (
        owner(),
        money(150_000, false),
        prop_oneof![
            Just(RolloverDestination::NotRolledOver),
            Just(RolloverDestination::OtherPlanOrIra),
            Just(RolloverDestination::RothConversion)
        ],
        prop_oneof![
            Just(RetirementKind::Pension),
            Just(RetirementKind::Ira),
            Just(RetirementKind::Roth)
        ],
        money(20_000, false),
    )
        .prop_map(|(owner, amount, destination, kind, basis)| Retirement {
            owner,
            kind,
            gross_distribution: amount,
            taxable_amount: amount,
            destination,
            conversion_nj_basis: basis,
            ..Retirement::default()
        })
}

fn homestead() -> impl Strategy<Value = Homestead> {
    (any::<bool>(), money(30_000, false), 0u8..=12, any::<bool>()).prop_map(
        |(tenant, amount, months, shared)| Homestead {
            kind: if tenant {
                HomesteadKind::Tenant
            } else {
                HomesteadKind::Owner
            },
            property_taxes: amount,
            rent_paid: amount,
            months_occupied: months,
            shared_with_spouse_filing_separately: shared,
            ..Homestead::default()
        },
    )
}

fn jurisdiction() -> impl Strategy<Value = OtherJurisdiction> {
    (money(200_000, false), money(15_000, false), any::<bool>()).prop_map(|(income, tax, local)| {
        OtherJurisdiction {
            name: if local {
                String::new()
            } else {
                "Elsewhere".into()
            },
            kind: if local {
                JurisdictionKind::Local
            } else {
                JurisdictionKind::State
            },
            income_taxed_by_both: income,
            tax_paid: tax,
            // A city sometimes names its state ("Elsewhere"), sometimes not.
            state: if local && income.mantissa() % 2 == 0 {
                "Elsewhere".into()
            } else {
                String::new()
            },
            entity_level_tax: false,
        }
    })
}

prop_compose! {
    fn answers()(
        tax_year in 2022u16..=2025,
        filing_status in status(),
        taxpayer in person(),
        spouse in proptest::option::of(person()),
        dependents in proptest::collection::vec(dependent(), 0..4),
        w2s in proptest::collection::vec(w2(), 0..4),
        interest in money(20_000, false),
        retirement in proptest::collection::vec(retirement(), 0..3),
        business in proptest::collection::vec(money(100_000, true), 0..3),
        gains in proptest::collection::vec(money(100_000, true), 0..3),
        homesteads in proptest::collection::vec(homestead(), 0..3),
        other_jurisdictions in proptest::collection::vec(jurisdiction(), 0..3),
        medical in money(30_000, false),
        agi in money(200_000, false),
        earned in money(100_000, false),
        care in money(3_000, false),
        estimated in money(10_000, false),
        method in any::<bool>(),
    ) -> Answers {
        Answers {
            tax_year,
            filing_status,
            taxpayer,
            spouse,
            dependents,
            income: Income {
                w2s,
                interest: vec![Interest { taxable_interest: interest, ..Interest::default() }],
                retirement,
                businesses: business.into_iter().map(|net_profit| Business { net_profit, ..Business::default() }).collect(),
                property_sales: gains.into_iter().map(|gain_or_loss| PropertySale { gain_or_loss, ..PropertySale::default() }).collect(),
                ..Income::default()
            },
            deductions: Deductions { medical_expenses: medical, ..Deductions::default() },
            homesteads,
            other_jurisdictions,
            federal: Federal { agi, earned_income: earned, dependent_care_credit: care, ..Federal::default() },
            payments: Payments { estimated: vec![EstimatedPayment { date: None, amount: estimated }], ..Payments::default() },
            options: Options { tax_method: if method { TaxMethod::RateSchedule } else { TaxMethod::TableWhenAvailable } },
            ..Answers::default()
        }
    }
}

fn v(r: &ComputedReturn, id: &str) -> Decimal {
    r.value(id)
}

fn sum(r: &ComputedReturn, ids: &[&str]) -> Decimal {
    ids.iter().map(|id| v(r, id)).sum()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_answers_compute_without_panic_and_no_line_is_negative(a in answers()) {
        let book = ParamBook::load().unwrap();
        let r = compute(&a, &book).unwrap();
        for line in &r.lines {
            prop_assert!(line.value >= Decimal::ZERO, "line {} = {}", line.id, line.value);
        }
        prop_assert!(r.refund >= Decimal::ZERO && r.balance_due >= Decimal::ZERO);
        prop_assert!(r.refund.is_zero() || r.balance_due.is_zero());
    }

    #[test]
    fn the_form_line_identities_hold(a in answers()) {
        let book = ParamBook::load().unwrap();
        let r = compute(&a, &book).unwrap();
        // Line 27 = 15 + 16a + 17 + 18 + 19 + 20a + 21 + 22 + 23 + 24 + 25 + 26 (16b and 20b are not added).
        prop_assert_eq!(v(&r, "27"), sum(&r, &["15", "16a", "17", "18", "19", "20a", "21", "22", "23", "24", "25", "26"]));
        prop_assert_eq!(v(&r, "28c"), sum(&r, &["28a", "28b"]));
        prop_assert_eq!(v(&r, "29"), (v(&r, "27") - v(&r, "28c")).max(Decimal::ZERO));
        prop_assert_eq!(v(&r, "13"), sum(&r, &["6", "7", "8", "9", "10", "11", "12"]));
        prop_assert_eq!(v(&r, "38"), sum(&r, &["30", "31", "32", "33", "34", "35", "36", "37a", "37b", "37c"]));
        prop_assert_eq!(v(&r, "39"), (v(&r, "29") - v(&r, "38")).max(Decimal::ZERO));
        prop_assert_eq!(v(&r, "42"), (v(&r, "39") - v(&r, "41")).max(Decimal::ZERO));
        prop_assert_eq!(v(&r, "45"), (v(&r, "43") - v(&r, "44")).max(Decimal::ZERO));
        prop_assert!(v(&r, "44") <= v(&r, "43"));
        prop_assert_eq!(v(&r, "49"), sum(&r, &["46", "47", "48"]));
        prop_assert_eq!(v(&r, "54"), sum(&r, &["50", "51", "52", "53c"]));
        prop_assert_eq!(v(&r, "66"), sum(&r, &["55", "56", "57", "58", "59", "60", "61", "62", "63", "64", "65"]));
        prop_assert_eq!(v(&r, "67") - v(&r, "68"), v(&r, "54") - v(&r, "66"));
        prop_assert_eq!(v(&r, "78"), sum(&r, &["69", "70", "71", "72", "73", "74", "75", "76", "77"]));
        prop_assert_eq!(v(&r, "80") - v(&r, "79"), v(&r, "68") - v(&r, "67") - v(&r, "78"));
        // The property tax deduction and the $50 credit are never both taken.
        prop_assert!(v(&r, "41").is_zero() || v(&r, "56").is_zero());
    }

    #[test]
    fn values_only_computation_gives_the_same_values_and_diagnostics(a in answers()) {
        let book = ParamBook::load().unwrap();
        let p = book.for_year(a.tax_year).unwrap();
        let full = njtax_engine::compute_with(&a, &p);
        let fast = njtax_engine::compute_values(&a, &p);
        let values = |r: &ComputedReturn| r.lines.iter().map(|l| (l.id.clone(), l.value)).collect::<Vec<_>>();
        prop_assert_eq!(values(&full), values(&fast));
        prop_assert_eq!(&full.diagnostics, &fast.diagnostics);
        prop_assert_eq!(&full.filing_requirement.required, &fast.filing_requirement.required);
        prop_assert!(full.lines.iter().all(|l| !l.explanation.rule.is_empty()), "every line is explained");
        // No rule reads a line of the form before it is computed (tests/order.rs).
        prop_assert!(full.premature_reads.is_empty(), "read before computed: {:?}", full.premature_reads);
        // The mode lives in the context: a values-only computation builds no explanation text.
        let unexplained: Vec<_> = fast.lines.iter().filter(|l| !l.explanation.rule.is_empty() || !l.explanation.inputs.is_empty()).map(|l| l.id.clone()).collect();
        prop_assert!(unexplained.is_empty(), "values only, yet explained: {:?}", unexplained);
        prop_assert!(fast.lines.iter().all(|l| l.explanation.schedules.is_empty()), "values only, yet schedules named");
        // Lines 41 and 56 read one worksheet, so they name the same one (Worksheet H, or
        // Schedule NJ-COJ and Worksheet I); line 44 names Schedule NJ-COJ only when one is worked.
        let schedules = |key: Key| full.by_key(key).map(|l| l.explanation.schedules.clone());
        if let (Some(s41), Some(s56)) = (schedules(Key::PropertyTaxDeduction), schedules(Key::PropertyTaxCredit)) {
            prop_assert_eq!(&s41, &s56);
            prop_assert!(s41.len() <= 1, "{:?}", s41);
        }
        if schedules(Key::CojCredit).is_some_and(|s| s.contains(&Schedule::ScheduleNjCoj)) {
            prop_assert!(!a.other_jurisdictions.is_empty());
            prop_assert_eq!(schedules(Key::PropertyTaxDeduction), Some(vec![Schedule::ScheduleNjCojWorksheetI]));
        }
    }

    #[test]
    fn tax_is_non_decreasing_in_wages(mut a in answers(), extra in 1i64..5_000_000) {
        // Without a homestead: the property tax choice can legitimately lower line 43 (Worksheet H).
        a.homesteads.clear();
        let book = ParamBook::load().unwrap();
        let before = compute(&a, &book).unwrap();
        a.income.w2s.push(W2 { state_wages: Decimal::new(extra, 2), employer: "Extra".into(), ..W2::default() });
        let after = compute(&a, &book).unwrap();
        // One exception, printed in the statute itself: the joint table's $80,000 row ends at
        // $1,645.50 but the next row's printed base is $1,645.00 (54A:2-1 a(7)), so tax by the rate
        // schedule falls 50 cents just above $80,000.
        let (b42, a42) = (before.value("42"), after.value("42"));
        let printed_drop = rust_decimal::Decimal::new(50, 2);
        let crosses_80k = b42 <= rust_decimal::Decimal::from(80_000) && a42 > rust_decimal::Decimal::from(80_000);
        let allowed = if crosses_80k { printed_drop } else { rust_decimal::Decimal::ZERO };
        prop_assert!(after.value("43") + allowed >= before.value("43"), "{} -> {}", before.value("43"), after.value("43"));
    }
}

/// A New York resident working for a New Jersey employer (the convenience rule, 54A:5-8 e):
/// the uncertain list of convenience-rule states is warned about whether or not explanations are
/// built (the live figure is computed values only; a fuzzed draft found the warning missing there).
#[test]
fn the_convenience_rule_warns_the_same_with_or_without_explanations() {
    let mut a = Answers {
        tax_year: 2024,
        ..Default::default()
    };
    a.taxpayer.residency.kind = ResidencyKind::Never;
    a.taxpayer.residency.other_state = "New York".into();
    a.income.w2s.push(W2 {
        employer: "Newark Analytics".into(),
        state_wages: Decimal::new(100_000, 0),
        days_worked: 240,
        nj_days_worked: 140,
        employer_in_nj: true,
        convenience_days: 60,
        ..W2::default()
    });
    let book = ParamBook::load().unwrap();
    let p = book.for_year(2024).unwrap();
    let full = njtax_engine::compute::compute_set_with(&a, &p);
    let fast = njtax_engine::compute::compute_set_values(&a, &p);
    let codes = |set: &njtax_engine::compute::ReturnSet| {
        set.returns
            .iter()
            .flat_map(|r| {
                r.diagnostics
                    .iter()
                    .map(|d| (d.code.clone(), d.message.clone()))
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(codes(&full), codes(&fast));
    assert!(
        codes(&fast)
            .iter()
            .any(|(c, m)| c == "uncertain-figure" && m.contains("convenience-of-the-employer")),
        "{:?}",
        codes(&fast)
    );
}
