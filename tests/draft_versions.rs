//! Draft format versions: every released version's fixture still loads, newer drafts are refused by
//! name, and the migration chain upgrades step by step.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use njtax_engine::draft::{Draft, FORMAT_VERSION, MIGRATIONS, Migration, migrate};
use njtax_engine::{DraftError, parse_draft};

fn fixture(version: u32) -> String {
    let path = format!(
        "{}/tests/fixtures/drafts/v{version}.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("the fixture for version {version} must exist ({path}): {e}"))
}

#[test]
fn a_fixture_of_every_released_version_loads_and_computes() {
    for version in 1..=FORMAT_VERSION {
        let draft =
            parse_draft(&fixture(version)).unwrap_or_else(|e| panic!("version {version}: {e}"));
        assert_eq!(
            draft.format_version, FORMAT_VERSION,
            "loaded drafts are upgraded to the current version"
        );
        let book = njtax_engine::ParamBook::load().unwrap();
        njtax_engine::compute(&draft.answers, &book).unwrap();
    }
}

#[test]
fn every_older_version_has_exactly_one_migration_in_order() {
    assert_eq!(MIGRATIONS.len() as u32, FORMAT_VERSION - 1);
    for (i, m) in MIGRATIONS.iter().enumerate() {
        assert_eq!(
            m.from,
            i as u32 + 1,
            "migration {i} upgrades version {}",
            i + 1
        );
        assert!(!m.what.is_empty());
    }
}

#[test]
fn a_draft_from_a_newer_version_is_refused_naming_both_versions() {
    let text = format!(
        "Draft(format_version: {}, answers: (tax_year: 2024, a_future_field: 3))",
        FORMAT_VERSION + 1
    );
    let err = parse_draft(&text).unwrap_err();
    assert_eq!(
        err,
        DraftError::TooNew {
            found: FORMAT_VERSION + 1,
            supported: FORMAT_VERSION
        }
    );
    let msg = err.to_string();
    assert!(
        msg.contains(&(FORMAT_VERSION + 1).to_string())
            && msg.contains(&FORMAT_VERSION.to_string()),
        "{msg}"
    );
}

#[test]
fn version_zero_is_not_a_draft_format() {
    assert_eq!(
        parse_draft("Draft(format_version: 0, answers: ())").unwrap_err(),
        DraftError::BadVersion { found: 0 }
    );
}

#[test]
fn migrations_run_in_order_from_the_files_version_to_the_target() {
    // Two illustrative upgrades: v1 -> v2 adds 1 to the year, v2 -> v3 doubles the use tax.
    const STEPS: &[Migration] = &[
        Migration {
            from: 1,
            what: "year + 1",
            apply: |d| {
                d.answers.tax_year += 1;
                Ok(())
            },
        },
        Migration {
            from: 2,
            what: "use tax x 2",
            apply: |d| {
                d.answers.use_tax *= rust_decimal::Decimal::TWO;
                Ok(())
            },
        },
    ];
    let mut d = Draft::default();
    d.answers.tax_year = 2022;
    d.answers.use_tax = rust_decimal::Decimal::from(5);
    let mut both = d.clone();
    migrate(&mut both, 1, 3, STEPS).unwrap();
    assert_eq!(both.answers.tax_year, 2023);
    assert_eq!(both.answers.use_tax, rust_decimal::Decimal::from(10));
    // From version 2 only the second step runs.
    let mut second = d.clone();
    migrate(&mut second, 2, 3, STEPS).unwrap();
    assert_eq!(second.answers.tax_year, 2022);
    assert_eq!(second.answers.use_tax, rust_decimal::Decimal::from(10));
    // A missing step is an error that names the version.
    let err = migrate(&mut d, 1, 3, &STEPS[1..]).unwrap_err();
    assert!(
        matches!(err, DraftError::Migration { from: 1, .. }),
        "{err}"
    );
}

/// Format 1 kept residency for the household; format 2 keeps it per person (the v1 -> v2 migration).
#[test]
fn a_version_1_household_residency_moves_to_each_person() {
    use njtax_engine::answers::ResidencyKind;
    for (old, new) in [
        ("FullYearResident", ResidencyKind::FullYear),
        ("PartYearResident", ResidencyKind::PartYear),
        ("Nonresident", ResidencyKind::Never),
    ] {
        let text = format!(
            "Draft(format_version: 1, answers: (tax_year: 2024, filing_status: MarriedJoint, residency: {old}, taxpayer: (name: \"A\"), spouse: Some((name: \"B\"))))"
        );
        let d = parse_draft(&text).unwrap();
        assert_eq!(d.format_version, FORMAT_VERSION);
        assert_eq!(d.answers.taxpayer.residency.kind, new, "{old}");
        assert_eq!(
            d.answers.spouse.as_ref().unwrap().residency.kind,
            new,
            "{old}"
        );
        assert!(d.answers.legacy_residency.is_none());
        // Written back in the new form only.
        let out = njtax_engine::draft::draft_to_string(&d).unwrap();
        assert!(!out.contains(old), "{out}");
    }
}

fn named_fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/drafts/{name}.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("fixture {path}: {e}"))
}

/// Format 2 typed the amounts of lines 46, 47, 48, 62 and 63; format 3 moves them into
/// `business_credits` (a BAIT amount to `bait_shares`, the others to `certified`, taken as entered),
/// keeps lines 52/53c where they were, and a re-saved draft no longer has the legacy fields. The
/// amounts still reach their lines (54A:4-11, 4-16, 4-20, 4-15, 12-5).
#[test]
fn a_version_2_draft_with_typed_credit_amounts_moves_them_to_business_credits() {
    use njtax_engine::answers::CreditKind;
    use rust_decimal::dec;
    let d = parse_draft(&named_fixture("v2-entered-credits")).unwrap();
    assert_eq!(d.format_version, FORMAT_VERSION);
    let bc = &d.answers.business_credits;
    let certified: Vec<(CreditKind, rust_decimal::Decimal)> =
        bc.certified.iter().map(|c| (c.credit, c.amount)).collect();
    assert_eq!(
        certified,
        vec![
            (CreditKind::ShelteredWorkshop, dec!(300)),
            (CreditKind::GoldStar, dec!(200)),
            (CreditKind::OrganDonorEmployer, dec!(100)),
            (CreditKind::WoundedWarriorCaregiver, dec!(675)),
        ]
    );
    assert_eq!(bc.bait_shares.len(), 1);
    assert_eq!(bc.bait_shares[0].share_of_tax_paid, dec!(450));
    let e = &d.answers.entered;
    assert!(e.sheltered_workshop_credit.is_zero() && e.bait_credit.is_zero());
    // Format 4 then moves the typed line 52 to the override of the computed interest.
    assert_eq!(d.answers.estimated_tax.interest_override, Some(dec!(12)));
    assert!(e.estimated_tax_interest.is_zero());

    let out = njtax_engine::draft::draft_to_string(&d).unwrap();
    for legacy in [
        "sheltered_workshop_credit",
        "gold_star_credit",
        "organ_donor_employer_credit",
        "wounded_warrior_credit",
        "bait_credit",
    ] {
        assert!(!out.contains(legacy), "{legacy} in {out}");
    }
    let again = parse_draft(&out).unwrap();
    assert_eq!(again, d, "a re-saved draft reads back the same");

    // The moved amounts still fill their lines (the certified entries are taken as entered).
    let book = njtax_engine::ParamBook::load().unwrap();
    let r = njtax_engine::compute(&d.answers, &book).unwrap();
    // Line 46 stays under the 54A:4-11 c limit: with no sheltered workshop business entered the New
    // Jersey share is 0, so the typed $300 carries forward until the business is entered.
    assert_eq!(r.value("46"), dec!(0));
    assert_eq!(r.business_credits.rows[0].carried_forward, dec!(300));
    assert_eq!(r.value("47"), dec!(200));
    assert_eq!(r.value("48"), dec!(100));
    assert_eq!(r.value("62"), dec!(675));
    assert_eq!(r.value("63"), dec!(450));
}

/// The format 3 fixture: a sole proprietor (Shore Crafts, net profit $60,000, all New Jersey
/// source, share 1) employing two qualified persons: 20% × $4,000 = $800 and 20% × $6,000 = $1,200,
/// at most $1,000, so $1,800 earned, plus $150 carried from 2021 = $1,950. Tax (line 43) $1,769.00;
/// limit 50% × $1,769.00 × 1 - EITC $0 = $884.50 (54A:4-11 c) = line 46. The 2021 carryover is
/// used first ($150), then $734.50 of 2024's; $1,065.50 carries to 2025 (usable through 2031).
/// Line 50 = $884.50; estimated payments $1,000 give a refund of $115.50.
#[test]
fn the_version_3_fixture_computes_its_sheltered_workshop_credit_and_ledger_54a_4_11() {
    use rust_decimal::dec;
    let d = parse_draft(&fixture(3)).unwrap();
    let book = njtax_engine::ParamBook::load().unwrap();
    let set = njtax_engine::compute::compute_set(&d.answers, &book).unwrap();
    let r = &set.returns[0];
    assert_eq!(r.value("43"), dec!(1769));
    assert_eq!(r.value("46"), dec!(884.50));
    assert_eq!(r.value("50"), dec!(884.50));
    assert_eq!(r.refund, dec!(115.50));
    let ledger: Vec<(u16, rust_decimal::Decimal, rust_decimal::Decimal, u16)> = r
        .business_credits
        .ledger
        .iter()
        .map(|l| (l.origin_year, l.used, l.remaining, l.last_year))
        .collect();
    assert_eq!(
        ledger,
        vec![
            (2021, dec!(150), dec!(0), 2028),
            (2024, dec!(734.50), dec!(1065.50), 2031)
        ]
    );
    let next = njtax_engine::rollover::next_year(&d.answers, &set);
    assert_eq!(next.tax_year, 2025);
    assert_eq!(next.business_credits.carryovers.len(), 1);
    assert_eq!(next.business_credits.carryovers[0].remaining, dec!(1065.50));
    assert!(
        next.business_credits
            .sheltered_workshop_employees
            .is_empty()
    );
}

/// Format 3 typed the amounts of lines 52 and 53c; format 4 keeps them as overrides of the computed
/// figures (`estimated_tax.interest_override`, `health.payment_override`), which still reach their
/// lines, and a re-saved draft no longer has the legacy fields (54A:9-6 c, 11-3 b).
#[test]
fn a_version_3_draft_with_typed_lines_52_and_53c_keeps_them_as_overrides() {
    use rust_decimal::dec;
    let d = parse_draft(&named_fixture("v3-entered-lines")).unwrap();
    assert_eq!(d.format_version, FORMAT_VERSION);
    assert_eq!(d.answers.estimated_tax.interest_override, Some(dec!(21.40)));
    assert_eq!(d.answers.health.payment_override, Some(dec!(695.00)));
    let out = njtax_engine::draft::draft_to_string(&d).unwrap();
    for legacy in ["estimated_tax_interest", "shared_responsibility_payment"] {
        assert!(!out.contains(legacy), "{legacy} in {out}");
    }
    assert_eq!(
        parse_draft(&out).unwrap(),
        d,
        "a re-saved draft reads back the same"
    );
    let book = njtax_engine::ParamBook::load().unwrap();
    let r = njtax_engine::compute(&d.answers, &book).unwrap();
    assert_eq!(r.value("52"), dec!(21.40));
    assert_eq!(r.value("53c"), dec!(695.00));
}

#[test]
fn a_version_5_draft_keeps_its_address_and_last_years_gross_income() {
    let draft = parse_draft(&fixture(5)).unwrap();
    let a = &draft.answers;
    assert_eq!(
        a.address.lines(),
        vec!["12 Linden Avenue, Apt 3", "Trenton, NJ 08608"]
    );
    assert_eq!(a.address.municipality_code, "1111");
    assert_eq!(
        a.last_year.nj_gross_income,
        Some(rust_decimal::Decimal::new(6_123_450, 2))
    );
    // A format 4 draft has neither and reads unchanged.
    let old = parse_draft(&fixture(4)).unwrap();
    assert!(old.answers.address.is_empty());
    assert_eq!(old.answers.last_year.nj_gross_income, None);
}

/// Format 6 adds the Form 2441 facts (`federal.care`); a format 5 draft reads unchanged without
/// them (the 5 to 6 migration does nothing) and keeps its typed federal credit.
#[test]
fn a_version_5_draft_reads_without_the_form_2441_facts() {
    let d = parse_draft(&fixture(5)).unwrap();
    assert_eq!(d.format_version, FORMAT_VERSION);
    assert_eq!(d.answers.federal.care, None);
    assert!(d.answers.federal.dependent_care_credit.is_zero());
    // A format 5 draft that typed the federal credit keeps it for line 64: 2024, single, line 42
    // $20,000 (wages $21,000 less the $1,000 exemption): 50% of $600 = $300.
    let typed = parse_draft(
        "Draft(format_version: 5, answers: (tax_year: 2024, taxpayer: (name: \"A\", ssn: \"400-00-0001\", birth_date: Some(\"1980-01-01\")), income: (w2s: [(state_wages: \"21000.00\")]), federal: (agi: \"21000.00\", dependent_care_credit: \"600.00\")))",
    )
    .unwrap();
    assert_eq!(typed.answers.federal.care, None);
    let book = njtax_engine::ParamBook::load().unwrap();
    let r = njtax_engine::compute(&typed.answers, &book).unwrap();
    assert_eq!(r.value("42"), rust_decimal::dec!(20000));
    assert_eq!(r.value("64"), rust_decimal::dec!(300.00));
}

/// The format 6 fixture: 2024, joint, two children; care expenses $7,000 for two, $2,000 of
/// employer benefits, earned income $60,000 and $10,000 (the spouse a student 2 months, so
/// $10,000 plus 2 x $500 = $11,000), AGI $70,000, tax limit $3,000.
/// Form 2441 Part III: line 15 $2,000; 17 = min(2,000, 7,000) = 2,000; 20 = 2,000; 21 $5,000;
/// 25 = 2,000 excluded; 29 = 6,000 - 2,000 = 4,000; 30 = 7,000 - 2,000 = 5,000; 31 = line 3 =
/// 4,000. Line 6 = min(4,000, 60,000, 11,000) = 4,000; AGI $70,000: 20%; 9a = 800; 11 = $800.
/// NJ: line 29 $70,000; exemptions 1,000 + 1,000 + 2 x 1,500 = 5,000; line 42 $65,000, not over
/// $90,000: 30% of $800 = $240.00 (54A:4-17).
#[test]
fn the_version_6_fixture_works_out_line_64_from_its_form_2441_facts() {
    use rust_decimal::dec;
    let d = parse_draft(&fixture(6)).unwrap();
    let care = d.answers.federal.care.as_ref().unwrap();
    assert_eq!(care.expenses, dec!(7000));
    assert_eq!(care.spouse_student_or_disabled_months, 2);
    let book = njtax_engine::ParamBook::load().unwrap();
    let r = njtax_engine::compute(&d.answers, &book).unwrap();
    assert_eq!(r.value("42"), dec!(65000));
    assert_eq!(r.value("64"), dec!(240.00));
    assert!(!r.diagnostics.iter().any(|x| x.code.starts_with("cdcc")));
    // Saved and read back the same.
    let out = njtax_engine::draft::draft_to_string(&d).unwrap();
    assert!(out.contains("care: Some("), "{out}");
    assert_eq!(parse_draft(&out).unwrap(), d);
}

/// Format 7 keeps the text typed for answers that could not be read (`unreadable`); a format 6
/// draft reads unchanged with none (the 6 to 7 migration does nothing).
#[test]
fn the_version_7_fixture_keeps_its_unreadable_text_and_reports_it_as_errors() {
    let d = parse_draft(&fixture(7)).unwrap();
    let u = &d.answers.unreadable;
    assert_eq!(u.len(), 2);
    let wages = &u["income.w2s[0].state_wages"];
    assert_eq!(wages.typed, "58,4OO");
    assert_eq!(wages.problem, "The letter O is not a digit");
    assert_eq!(u["taxpayer.birth_date"].typed, "1990-02-30");
    // The answers stand as not given: no wages, no birth date.
    assert!(d.answers.income.w2s[0].state_wages.is_zero());
    assert_eq!(d.answers.taxpayer.birth_date, None);
    let book = njtax_engine::ParamBook::load().unwrap();
    let r = njtax_engine::compute(&d.answers, &book).unwrap();
    let unreadable: Vec<&str> = r
        .diagnostics
        .iter()
        .filter(|x| x.code == njtax_engine::rules::validate::UNREADABLE_CODE)
        .filter_map(|x| x.path.as_deref())
        .collect();
    assert_eq!(
        unreadable,
        vec!["income.w2s[0].state_wages", "taxpayer.birth_date"]
    );
    assert!(r.has_errors());
    // Saved and read back the same.
    let out = njtax_engine::draft::draft_to_string(&d).unwrap();
    assert!(out.contains("\"58,4OO\""), "{out}");
    assert_eq!(parse_draft(&out).unwrap(), d);
    // A format 6 draft has none.
    assert!(
        parse_draft(&fixture(6))
            .unwrap()
            .answers
            .unreadable
            .is_empty()
    );
}

/// Format 8 asks who holds title to an owned home (54A:3A-17 d halves only a home held by the
/// entirety). A format 7 owned home ticked "shared with the spouse filing separately" reads as
/// title by the entirety (its tick cleared, the same $8,000 half of $16,000); a rented home keeps
/// its tick (3A-18 b). The version 8 fixture's home held by the entirety for 6 months counts
/// 16,000 x 6/12 x 1/2 = 4,000 and its shared apartment 18% x 9,000 x 1/2 = 810.
#[test]
fn an_owned_homes_shared_tick_becomes_title_by_the_entirety_in_format_8() {
    use njtax_engine::answers::{HomesteadKind, HomesteadTitle};
    use rust_decimal::dec;
    let v7 = r#"Draft(format_version: 7, answers: (tax_year: 2024, filing_status: MarriedSeparate,
        homesteads: [
            (kind: Owner, property_taxes: "16000.00", shared_with_spouse_filing_separately: true),
            (kind: Tenant, rent_paid: "9000.00", shared_with_spouse_filing_separately: true),
        ]))"#;
    let d = parse_draft(v7).unwrap();
    let (owned, rented) = (&d.answers.homesteads[0], &d.answers.homesteads[1]);
    assert_eq!(owned.kind, HomesteadKind::Owner);
    assert_eq!(owned.title, HomesteadTitle::ByTheEntirety);
    assert!(!owned.shared_with_spouse_filing_separately);
    assert!(rented.shared_with_spouse_filing_separately);
    assert_eq!(rented.title, HomesteadTitle::Yours);
    let book = njtax_engine::ParamBook::load().unwrap();
    let r = njtax_engine::compute(&d.answers, &book).unwrap();
    assert_eq!(r.value("40a"), dec!(8000) + dec!(810));
    let d8 = parse_draft(&fixture(8)).unwrap();
    let r = njtax_engine::compute(&d8.answers, &book).unwrap();
    assert_eq!(r.value("40a"), dec!(4000) + dec!(810));
    let out = njtax_engine::draft::draft_to_string(&d8).unwrap();
    assert!(out.contains("title: ByTheEntirety"), "{out}");
    assert_eq!(parse_draft(&out).unwrap(), d8);
}

/// Format 8 asks where a 1099-R's money went (54A:5-1 j makes a conversion into a Roth IRA
/// income). A format 7 distribution ticked "rolled over" was left out as a rollover to another plan
/// or traditional IRA: it reads as `OtherPlanOrIra` (the tick cleared and never written) and is
/// still left out; an untouched one stays `NotRolledOver`. The version 8 fixture's conversion
/// counts 12,000 - 2,000 of basis = 10,000 on line 20a, its 401(k) rollover nothing; its other
/// income nets within a category (54A:5-2): the $1,500 prize is not reduced by the estate's loss.
#[test]
fn a_rolled_over_tick_becomes_a_destination_in_format_8() {
    use njtax_engine::answers::RolloverDestination;
    use rust_decimal::dec;
    let v7 = r#"Draft(format_version: 7, answers: (tax_year: 2024, income: (retirement: [
            (kind: Pension, gross_distribution: "30000.00", taxable_amount: "30000.00", rollover: true),
            (kind: Pension, gross_distribution: "4000.00", taxable_amount: "4000.00"),
        ])))"#;
    let d = parse_draft(v7).unwrap();
    let (moved, kept) = (
        &d.answers.income.retirement[0],
        &d.answers.income.retirement[1],
    );
    assert_eq!(moved.destination, RolloverDestination::OtherPlanOrIra);
    assert!(!moved.legacy_rollover);
    assert_eq!(kept.destination, RolloverDestination::NotRolledOver);
    let out = njtax_engine::draft::draft_to_string(&d).unwrap();
    assert!(!out.contains("rollover:"), "{out}");
    assert!(out.contains("destination: OtherPlanOrIra"), "{out}");
    let book = njtax_engine::ParamBook::load().unwrap();
    let r = njtax_engine::compute(&d.answers, &book).unwrap();
    assert_eq!(r.value("20a"), dec!(4000));
    let d8 = parse_draft(&fixture(8)).unwrap();
    let r = njtax_engine::compute(&d8.answers, &book).unwrap();
    assert_eq!(r.value("20a"), dec!(10000));
    assert_eq!(r.value("26"), dec!(1500));
}

#[test]
fn the_version_9_fixture_keeps_its_topic_answers_and_counts_a_homestead_despite_a_no() {
    let d = parse_draft(&fixture(9)).unwrap();
    // The direct deposit of the refund reads back, and the refund goes to it.
    assert_eq!(
        d.answers.refund.direct_deposit,
        Some(njtax_engine::answers::DirectDeposit {
            routing_number: "021000021".into(),
            account_number: "000123456789".into(),
            account_type: njtax_engine::answers::AccountType::Checking,
            outside_us: false,
        })
    );
    let set =
        njtax_engine::compute::compute_set(&d.answers, &njtax_engine::ParamBook::load().unwrap())
            .unwrap();
    assert!(set.returns[0].refund > rust_decimal::Decimal::ZERO);
    assert!(set.returns[0].refund_deposited);
    assert!(
        set.returns[0]
            .diagnostics
            .iter()
            .all(|x| !x.code.starts_with("deposit-")),
        "{:?}",
        set.returns[0].diagnostics
    );
    // A format 8 draft reads with no deposit (a paper check).
    assert_eq!(
        parse_draft(&fixture(8))
            .unwrap()
            .answers
            .refund
            .direct_deposit,
        None
    );
    let topics: Vec<(&str, bool)> = d
        .answers
        .topics
        .iter()
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    assert_eq!(
        topics,
        [
            ("business", false),
            ("coverage", false),
            ("property", false)
        ]
    );
    // The topic answers decide what the interview asks, never what is computed: the rent paid
    // still gives the property tax deduction or credit although the filer answered No.
    let book = njtax_engine::ParamBook::load().unwrap();
    let with = njtax_engine::compute(&d.answers, &book).unwrap();
    let mut without_topics = d.answers.clone();
    without_topics.topics.clear();
    let plain = njtax_engine::compute(&without_topics, &book).unwrap();
    use njtax_engine::Key;
    for k in [
        Key::PropertyTaxDeduction,
        Key::PropertyTaxCredit,
        Key::NjTaxableIncome,
        Key::Tax,
    ] {
        assert_eq!(with.value_by_key(k), plain.value_by_key(k), "{k:?}");
    }
    assert!(
        with.value_by_key(Key::PropertyTaxDeduction) > rust_decimal::Decimal::ZERO
            || with.value_by_key(Key::PropertyTaxCredit) > rust_decimal::Decimal::ZERO,
        "rent of 14,400 gives a deduction or the credit"
    );
}

#[test]
fn a_version_8_draft_reads_with_no_topic_answered() {
    let d = parse_draft(&fixture(8)).unwrap();
    assert!(d.answers.topics.is_empty());
}

#[test]
fn the_version_10_fixture_is_an_amended_return_with_its_typed_figures_as_filed() {
    let d = parse_draft(&fixture(10)).unwrap();
    let am = d.answers.amends.as_ref().expect("the amendment reads back");
    assert!(am.reasons.corrected_statement && !am.reasons.federal_change);
    assert_eq!(am.original.len(), 1);
    assert!(!am.original[0].from_draft, "typed from the filed return");
    assert!(am.original_answers.is_none());
    let set =
        njtax_engine::compute::compute_set(&d.answers, &njtax_engine::ParamBook::load().unwrap())
            .unwrap();
    let x = set.returns[0].amended.as_ref().expect("the amended return");
    assert_eq!(x.form, "NJ-1040X");
    let tax = x.row(njtax_engine::Key::Tax).unwrap();
    assert_eq!(
        (tax.original, tax.change, tax.amended),
        (
            Some(rust_decimal::Decimal::from(1327)),
            Some(rust_decimal::Decimal::from(187)),
            rust_decimal::Decimal::from(1514)
        )
    );
    assert_eq!(x.balance_due, rust_decimal::Decimal::from(187));
    // A line not typed (line 45) has no change worked out.
    assert_eq!(
        x.row(njtax_engine::Key::BalanceOfTax)
            .and_then(|r| r.change),
        None
    );
}

#[test]
fn a_version_9_draft_reads_as_an_original_return() {
    let d = parse_draft(&fixture(9)).unwrap();
    assert_eq!(d.format_version, FORMAT_VERSION);
    assert!(d.answers.amends.is_none());
    let set =
        njtax_engine::compute::compute_set(&d.answers, &njtax_engine::ParamBook::load().unwrap())
            .unwrap();
    assert!(set.returns.iter().all(|r| r.amended.is_none()));
}

/// The codes of the warnings a draft's first return carries at `path`.
fn warnings_at(d: &Draft, path: &str) -> Vec<String> {
    let book = njtax_engine::ParamBook::load().unwrap();
    let set = njtax_engine::compute::compute_set(&d.answers, &book).unwrap();
    set.returns[0]
        .diagnostics
        .iter()
        .filter(|x| x.path.as_deref() == Some(path))
        .map(|x| format!("{:?} {}: {}", x.severity, x.code, x.message))
        .collect()
}

/// Issue 39: an answer an older format asked differently is never read silently. A format 7
/// rollover tick could have been a Roth conversion (income, 54A:5-1 j) and an owned home's
/// "shared" tick did not ask how title was held (3A-17 c, d): each upgraded answer carries a
/// warning naming it, which stays through saving and reopening until the filer confirms it.
#[test]
fn answers_an_older_format_asked_differently_are_upgraded_with_a_warning_until_confirmed() {
    let v7 = r#"Draft(format_version: 7, answers: (tax_year: 2024, filing_status: MarriedSeparate,
        spouse: Some((name: "Sam Ortiz", ssn: "400-00-7012")),
        income: (retirement: [
            (payer: "Old IRA", kind: Ira, gross_distribution: "30000.00", taxable_amount: "30000.00", rollover: true),
            (payer: "Pension", kind: Pension, gross_distribution: "4000.00", taxable_amount: "4000.00"),
        ]),
        homesteads: [
            (description: "12 Elm St", kind: Owner, property_taxes: "16000.00", shared_with_spouse_filing_separately: true),
            (kind: Tenant, rent_paid: "9000.00", shared_with_spouse_filing_separately: true),
        ]))"#;
    let d = parse_draft(v7).unwrap();
    let rollover = warnings_at(&d, "income.retirement[0].destination");
    assert_eq!(rollover.len(), 1, "{rollover:?}");
    assert!(
        rollover[0].starts_with("Warning old-answer-to-confirm: 1099-R 1 (Old IRA)")
            && rollover[0].contains("rolled over into another plan or traditional IRA")
            && rollover[0].contains("Roth IRA"),
        "{rollover:?}"
    );
    assert!(warnings_at(&d, "income.retirement[1].destination").is_empty());
    let title = warnings_at(&d, "homesteads[0].title");
    assert_eq!(title.len(), 1, "{title:?}");
    assert!(
        title[0].starts_with("Warning old-answer-to-confirm: Home 1 (12 Elm St)")
            && title[0].contains("tenants by the entirety"),
        "{title:?}"
    );
    // The other ways title can be held never list the one it is read as (the checker's F9),
    // and the words are true of a hand-edited current draft too: no "saved by an earlier
    // version".
    assert!(
        !title[0].contains("by the entirety with your spouse")
            && title[0].contains("in your spouse's name only")
            && !title[0].contains("saved by an earlier version"),
        "{title:?}"
    );
    // The rented home's tick is today's answer for a rented home: nothing to confirm.
    assert!(warnings_at(&d, "homesteads[1].title").is_empty());
    // Saved and read again, the question stays open.
    let again = parse_draft(&njtax_engine::draft::draft_to_string(&d).unwrap()).unwrap();
    assert_eq!(again, d);
    assert_eq!(
        warnings_at(&again, "income.retirement[0].destination").len(),
        1
    );
    // Confirmed (the flag the app clears), the warning goes and the figures stay.
    let mut confirmed = again.clone();
    confirmed.answers.income.retirement[0].destination_to_confirm = false;
    confirmed.answers.homesteads[0].title_to_confirm = false;
    assert!(warnings_at(&confirmed, "income.retirement[0].destination").is_empty());
    assert!(warnings_at(&confirmed, "homesteads[0].title").is_empty());
    let book = njtax_engine::ParamBook::load().unwrap();
    let (a, b) = (
        njtax_engine::compute(&again.answers, &book).unwrap(),
        njtax_engine::compute(&confirmed.answers, &book).unwrap(),
    );
    assert_eq!(a.value("20a"), b.value("20a"));
    assert_eq!(a.value("40a"), b.value("40a"));
    // A current-format draft asks nothing: its answers were given as they are.
    let v11 = r#"Draft(format_version: 11, answers: (tax_year: 2024, income: (retirement: [
            (payer: "Old IRA", kind: Ira, gross_distribution: "30000.00", taxable_amount: "30000.00", destination: OtherPlanOrIra),
        ])))"#;
    assert!(
        warnings_at(
            &parse_draft(v11).unwrap(),
            "income.retirement[0].destination"
        )
        .is_empty()
    );
}

/// Issue 39: in a current-format draft the "your spouse lives here too" tick on an OWNED home is a
/// rented home's answer (3A-18 b) the engine does not use; it is a warning at the tick (so the app
/// shows the hidden tick for clearing), never silence. Not halved: 16,000 x 12/12 = 16,000.
#[test]
fn a_shared_tick_on_an_owned_home_in_a_current_draft_is_a_warning_not_silence() {
    use rust_decimal::dec;
    let text = r#"Draft(format_version: 11, answers: (tax_year: 2024, filing_status: MarriedSeparate,
        spouse: Some((name: "Sam Ortiz", ssn: "400-00-7012")),
        homesteads: [(kind: Owner, property_taxes: "16000.00", shared_with_spouse_filing_separately: true)]))"#;
    let d = parse_draft(text).unwrap();
    let w = warnings_at(&d, "homesteads[0].shared_with_spouse_filing_separately");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].starts_with("Warning owner-shared-tick-not-used") && w[0].contains("title"),
        "{w:?}"
    );
    let book = njtax_engine::ParamBook::load().unwrap();
    assert_eq!(
        njtax_engine::compute(&d.answers, &book)
            .unwrap()
            .value("40a"),
        dec!(16000)
    );
    // Without the tick, no warning.
    let mut clean = d.clone();
    clean.answers.homesteads[0].shared_with_spouse_filing_separately = false;
    assert!(warnings_at(&clean, "homesteads[0].shared_with_spouse_filing_separately").is_empty());
}
