//! What each employer and business credit amounts to (before the order and the limits), from each
//! credit's statute: both sides of every threshold.
#![allow(clippy::unwrap_used)]

use njtax_engine::Key;
use njtax_engine::answers::{
    ApprenticeshipProgram, BaitShare, CertifiedCredit, CreditKind, EmergingTechInvestment,
    EntityCreditShare, EpdAnalysis, FilingStatus, ImpairedEmployeeCertificate, OrganDonorLeave,
    Owner, PropertyUse, ShelteredWorkshopBusiness, ShelteredWorkshopEmployee, UnitConcretePurchase,
    VeteranCare, WageTaxJudgment,
};
use njtax_engine::compute::{Ctx, Sheet};
use njtax_engine::explain::{Diagnostic, Severity};
use njtax_engine::rules::credit_amounts::{
    EarnedCredit, earned_credits, sheltered_workshop_income_share,
};
use njtax_engine::{Answers, Explanation, ParamBook};
use rust_decimal::Decimal;
use rust_decimal::dec;

struct Out {
    credits: Vec<EarnedCredit>,
    diags: Vec<Diagnostic>,
    share: Decimal,
    share_rule: String,
}

impl Out {
    fn total(&self, kind: CreditKind) -> Decimal {
        self.credits
            .iter()
            .filter(|c| c.kind == kind)
            .map(|c| c.amount)
            .fold(Decimal::ZERO, |s, v| {
                s.checked_add(v).unwrap_or(Decimal::MAX)
            })
    }
    fn count(&self, kind: CreditKind) -> usize {
        self.credits.iter().filter(|c| c.kind == kind).count()
    }
    fn has(&self, code: &str, sev: Severity) -> bool {
        self.diags
            .iter()
            .any(|d| d.code == code && d.severity == sev)
    }
    fn at(&self, code: &str) -> Option<String> {
        self.diags
            .iter()
            .find(|d| d.code == code)
            .and_then(|d| d.path.clone())
    }
}

fn run_with(a: &Answers, gross: Decimal) -> Out {
    let book = ParamBook::load().unwrap();
    let p = book.for_year(a.tax_year).unwrap();
    let cx = Ctx::new(a, &p);
    let mut s = Sheet::default();
    s.push(cx.line(Key::GrossIncome, gross, Explanation::default()));
    let credits = earned_credits(&cx, &s);
    let (share, ex) = sheltered_workshop_income_share(&cx, &s);
    Out {
        credits,
        diags: cx.take_diags(),
        share,
        share_rule: ex.rule,
    }
}

fn run(a: &Answers) -> Out {
    run_with(a, dec!(80000))
}

fn answers() -> Answers {
    Answers {
        tax_year: 2024,
        ..Default::default()
    }
}

fn business(name: &str, nj: Decimal) -> ShelteredWorkshopBusiness {
    ShelteredWorkshopBusiness {
        owner: Owner::Taxpayer,
        name: name.into(),
        nj_source_income: nj,
    }
}

fn employee(business: &str, wages: Decimal, weeks: u32) -> ShelteredWorkshopEmployee {
    ShelteredWorkshopEmployee {
        owner: Owner::Taxpayer,
        name: "Ann".into(),
        business: business.into(),
        wages_paid: wages,
        weeks_of_25_hours: weeks,
        special_license: true,
    }
}

// ---------- Sheltered workshop (54A:4-11) ----------

/// 54A:4-11 b: "for at least 26 weeks": 26 qualifies, 25 does not.
#[test]
fn sheltered_workshop_26_weeks_qualify_25_do_not_54a_4_11_b() {
    let mut a = answers();
    a.business_credits.sheltered_workshop_businesses = vec![business("Shore Crafts", dec!(40000))];
    a.business_credits.sheltered_workshop_employees =
        vec![employee("Shore Crafts", dec!(3000), 26)];
    // 20% x 3,000 = 600.
    assert_eq!(run(&a).total(CreditKind::ShelteredWorkshop), dec!(600.00));
    a.business_credits.sheltered_workshop_employees[0].weeks_of_25_hours = 25;
    let o = run(&a);
    assert_eq!(o.count(CreditKind::ShelteredWorkshop), 0);
    assert!(o.has("sheltered-workshop-not-qualified", Severity::Info));
    assert_eq!(
        o.share,
        Decimal::ZERO,
        "no qualified person: no business share"
    );
}

/// 54A:4-11 b: a qualified person holds the Commissioner's special license.
#[test]
fn sheltered_workshop_needs_the_special_license_54a_4_11_b() {
    let mut a = answers();
    a.business_credits.sheltered_workshop_businesses = vec![business("Shore Crafts", dec!(40000))];
    let mut e = employee("Shore Crafts", dec!(3000), 40);
    e.special_license = false;
    a.business_credits.sheltered_workshop_employees = vec![e];
    assert_eq!(run(&a).count(CreditKind::ShelteredWorkshop), 0);
}

/// 54A:4-11 a: 20% of wages, at most $1,000 a person: $5,000 -> $1,000 exactly; $5,000.05 ->
/// $1,000 (20% = $1,000.01, capped); $4,999.95 -> $999.99.
#[test]
fn sheltered_workshop_20_percent_capped_at_1000_at_5000_wages_54a_4_11_a() {
    for (wages, credit) in [
        (dec!(5000), dec!(1000.00)),
        (dec!(5000.05), dec!(1000.00)),
        (dec!(4999.95), dec!(999.99)),
        (dec!(20000), dec!(1000.00)),
    ] {
        let mut a = answers();
        a.business_credits.sheltered_workshop_businesses =
            vec![business("Shore Crafts", dec!(40000))];
        a.business_credits.sheltered_workshop_employees = vec![employee("Shore Crafts", wages, 30)];
        let o = run(&a);
        assert_eq!(
            o.total(CreditKind::ShelteredWorkshop),
            credit,
            "wages {wages}"
        );
        let ex = &o.credits[0].explanation;
        assert!(
            ex.inputs.iter().any(|i| matches!(&i.source, njtax_engine::explain::Source::Answer(p) if p == "business_credits.sheltered_workshop_employees[0].wages_paid")),
            "input by answer path"
        );
    }
}

/// 54A:4-11 a: the cap is per qualified person: two people at $6,000 each = $2,000.
#[test]
fn sheltered_workshop_cap_is_per_person_two_people_2000_54a_4_11_a() {
    let mut a = answers();
    a.business_credits.sheltered_workshop_businesses = vec![business("Shore Crafts", dec!(40000))];
    a.business_credits.sheltered_workshop_employees = vec![
        employee("Shore Crafts", dec!(6000), 30),
        employee("shore crafts ", dec!(6000), 30),
    ];
    let o = run(&a);
    assert_eq!(o.count(CreditKind::ShelteredWorkshop), 2);
    assert_eq!(o.total(CreditKind::ShelteredWorkshop), dec!(2000.00));
}

/// 54A:4-11 c: an employee naming a business not entered gets an error at its `business` path.
#[test]
fn sheltered_workshop_employee_naming_an_unknown_business_is_an_error_54a_4_11_c() {
    let mut a = answers();
    a.business_credits.sheltered_workshop_businesses = vec![business("Shore Crafts", dec!(40000))];
    a.business_credits.sheltered_workshop_employees = vec![employee("Bay Bakery", dec!(3000), 30)];
    let o = run(&a);
    assert!(o.has("sheltered-workshop-business-missing", Severity::Error));
    assert_eq!(
        o.at("sheltered-workshop-business-missing").as_deref(),
        Some("business_credits.sheltered_workshop_employees[0].business")
    );
    assert_eq!(o.share, Decimal::ZERO);
}

/// With one business entered, an empty business name means that one (54A:4-11 c).
#[test]
fn sheltered_workshop_empty_business_name_means_the_only_business_54a_4_11_c() {
    let mut a = answers();
    a.business_credits.sheltered_workshop_businesses = vec![business("Shore Crafts", dec!(40000))];
    a.business_credits.sheltered_workshop_employees = vec![employee("", dec!(3000), 30)];
    let o = run(&a);
    assert!(!o.has("sheltered-workshop-business-missing", Severity::Error));
    // 40,000 / 80,000 = 50%.
    assert_eq!(o.share, dec!(0.5));
    // Two businesses: an empty name is ambiguous.
    a.business_credits
        .sheltered_workshop_businesses
        .push(business("Bay Bakery", dec!(1000)));
    assert!(run(&a).has("sheltered-workshop-business-missing", Severity::Error));
}

/// 54A:4-11 c: the share = NJ-source income of the businesses employing qualified persons (a
/// business without one does not count) + entity shares' NJ-source income, over gross income.
/// 30,000 + 12,000 = 42,000 / 90,000 = 46.666...% (unrounded; explained as 46.67%).
#[test]
fn sheltered_workshop_share_sums_employing_businesses_and_entity_shares_54a_4_11_c() {
    let mut a = answers();
    a.business_credits.sheltered_workshop_businesses = vec![
        business("Shore Crafts", dec!(30000)),
        business("Bay Bakery", dec!(25000)),
    ];
    let mut not_qualified = employee("Bay Bakery", dec!(3000), 10);
    not_qualified.name = "Bo".into();
    a.business_credits.sheltered_workshop_employees =
        vec![employee("Shore Crafts", dec!(3000), 30), not_qualified];
    a.business_credits.entity_shares = vec![EntityCreditShare {
        credit: CreditKind::ShelteredWorkshop,
        entity: "Main St LP".into(),
        entity_credit: dec!(2000),
        your_share_of_income: dec!(25000),
        entity_total_income: dec!(100000),
        nj_source_income: dec!(12000),
        ..Default::default()
    }];
    let o = run_with(&a, dec!(90000));
    assert_eq!(o.share, dec!(42000) / dec!(90000));
    assert!(o.share_rule.contains("46.67%"), "{}", o.share_rule);
    // Entity share: 2,000 x 25,000 / 100,000 = 500; own employee 600.
    assert_eq!(o.total(CreditKind::ShelteredWorkshop), dec!(1100.00));
}

/// 54A:4-11 c: the share is at most 1, and 0 when gross income is 0.
#[test]
fn sheltered_workshop_share_is_at_most_1_and_0_without_gross_income_54a_4_11_c() {
    let mut a = answers();
    a.business_credits.sheltered_workshop_businesses = vec![business("Shore Crafts", dec!(90000))];
    a.business_credits.sheltered_workshop_employees =
        vec![employee("Shore Crafts", dec!(3000), 30)];
    assert_eq!(run_with(&a, dec!(80000)).share, Decimal::ONE);
    assert!(run_with(&a, dec!(80000)).share_rule.contains("112.50%"));
    assert_eq!(run_with(&a, Decimal::ZERO).share, Decimal::ZERO);
}

/// A negative wage amount is an error and counts as zero.
#[test]
fn sheltered_workshop_negative_wages_are_an_error_and_zero() {
    let mut a = answers();
    a.business_credits.sheltered_workshop_businesses = vec![business("Shore Crafts", dec!(40000))];
    a.business_credits.sheltered_workshop_employees =
        vec![employee("Shore Crafts", dec!(-3000), 30)];
    let o = run(&a);
    assert!(o.has("negative-amount", Severity::Error));
    assert_eq!(o.total(CreditKind::ShelteredWorkshop), Decimal::ZERO);
}

/// A spouse's items count only on a joint return.
#[test]
fn spouse_items_count_only_on_a_joint_return() {
    let mut a = answers();
    a.filing_status = FilingStatus::MarriedSeparate;
    a.business_credits.bait_shares = vec![BaitShare {
        owner: Owner::Spouse,
        entity: "X LLC".into(),
        share_of_tax_paid: dec!(500),
    }];
    assert_eq!(run(&a).count(CreditKind::PassThroughBait), 0);
    a.filing_status = FilingStatus::MarriedJoint;
    assert_eq!(run(&a).total(CreditKind::PassThroughBait), dec!(500));
}

// ---------- BAIT (54A:12-5) ----------

/// 54A:12-5 a: the member's direct share of the tax paid, per entity, as entered.
#[test]
fn bait_credit_is_the_direct_share_per_entity_54a_12_5_a() {
    let mut a = answers();
    a.business_credits.bait_shares = vec![
        BaitShare {
            owner: Owner::Taxpayer,
            entity: "Main St LLC".into(),
            share_of_tax_paid: dec!(1234.56),
        },
        BaitShare {
            owner: Owner::Taxpayer,
            entity: "Pine LLC".into(),
            share_of_tax_paid: dec!(-10),
        },
    ];
    let o = run(&a);
    assert_eq!(o.count(CreditKind::PassThroughBait), 2);
    assert_eq!(o.total(CreditKind::PassThroughBait), dec!(1234.56));
    assert!(o.has("negative-amount", Severity::Error));
}

// ---------- Entity shares (decision 4) ----------

/// 54A:4-18 d (and every credit's partnership rule): 3,000 x 12,345 / 50,000 = 740.70.
#[test]
fn entity_share_is_credit_times_share_over_total_rounded_to_cents_54a_4_18_d() {
    let mut a = answers();
    a.business_credits.entity_shares = vec![EntityCreditShare {
        credit: CreditKind::ImpairedEmployee,
        entity: "Main St LP".into(),
        entity_credit: dec!(3000),
        your_share_of_income: dec!(12345),
        entity_total_income: dec!(50000),
        ..Default::default()
    }];
    let o = run(&a);
    assert_eq!(o.total(CreditKind::ImpairedEmployee), dec!(740.70));
    // 1,000 x 1 / 3 = 333.333 -> 333.33.
    a.business_credits.entity_shares[0].entity_credit = dec!(1000);
    a.business_credits.entity_shares[0].your_share_of_income = dec!(1);
    a.business_credits.entity_shares[0].entity_total_income = dec!(3);
    assert_eq!(run(&a).total(CreditKind::ImpairedEmployee), dec!(333.33));
}

/// A zero (or negative) entity total, or a share above the total, is an error and gives 0; a share
/// equal to the total gives the whole credit.
#[test]
fn entity_share_with_zero_total_or_share_above_total_is_an_error_and_0() {
    for (share, total, ok) in [
        (dec!(100), dec!(0), false),
        (dec!(100), dec!(-5), false),
        (dec!(100.01), dec!(100), false),
        (dec!(100), dec!(100), true),
    ] {
        let mut a = answers();
        a.business_credits.entity_shares = vec![EntityCreditShare {
            credit: CreditKind::Apprenticeship,
            entity: "X".into(),
            entity_credit: dec!(800),
            your_share_of_income: share,
            entity_total_income: total,
            ..Default::default()
        }];
        let o = run(&a);
        assert_eq!(o.has("entity-credit-share-total", Severity::Error), !ok);
        assert_eq!(
            o.total(CreditKind::Apprenticeship),
            if ok { dec!(800.00) } else { dec!(0) }
        );
    }
}

// ---------- Certified amounts (decision 5) ----------

fn certified(kind: CreditKind, amount: Decimal) -> CertifiedCredit {
    CertifiedCredit {
        credit: kind,
        description: "cert".into(),
        amount,
        ..Default::default()
    }
}

/// 54A:4-16 a: Gold Star is the amount documented; 54A:4-12b film as certified.
#[test]
fn gold_star_and_film_are_taken_as_certified_54a_4_16_a() {
    let mut a = answers();
    a.business_credits.certified = vec![
        certified(CreditKind::GoldStar, dec!(750)),
        certified(CreditKind::FilmDigitalMedia, dec!(12000)),
    ];
    let o = run(&a);
    assert_eq!(o.total(CreditKind::GoldStar), dec!(750));
    assert_eq!(o.total(CreditKind::FilmDigitalMedia), dec!(12000));
    assert!(!o.has("certified-credit-details", Severity::Warning));
}

/// 54A:4-21: PPE at most $500,000 a year for a taxpayer, over all certificates.
#[test]
fn ppe_certified_amounts_are_capped_at_500000_a_year_54a_4_21() {
    let mut a = Answers {
        tax_year: 2022,
        ..Default::default()
    };
    a.business_credits.certified = vec![
        certified(CreditKind::PersonalProtectiveEquipment, dec!(300000)),
        certified(CreditKind::PersonalProtectiveEquipment, dec!(250000)),
    ];
    assert_eq!(
        run(&a).total(CreditKind::PersonalProtectiveEquipment),
        dec!(500000)
    );
}

/// 54A:4-23 c: the certified amount is at most 5% (low embodied carbon), 3% (carbon capture),
/// 8% (both) of the cost delivered: cost 100,000 -> 5,000 / 3,000 / 8,000.
#[test]
fn low_carbon_concrete_certified_amount_is_capped_5_3_8_percent_of_cost_54a_4_23_c() {
    for (low, capture, cap) in [
        (true, false, dec!(5000.00)),
        (false, true, dec!(3000.00)),
        (true, true, dec!(8000.00)),
    ] {
        let mut a = answers();
        let mut c = certified(CreditKind::LowCarbonConcrete, dec!(9000));
        c.cost_base = dec!(100000);
        c.low_embodied_carbon = low;
        c.carbon_capture = capture;
        a.business_credits.certified = vec![c];
        let o = run(&a);
        assert_eq!(o.total(CreditKind::LowCarbonConcrete), cap);
        // The first year (P.L.2023, c.4) is stored as uncertain: the explanation carries it.
        assert!(
            o.credits[0]
                .explanation
                .params
                .iter()
                .any(|p| p.uncertain.is_some())
        );
    }
    // Below the cap: as certified; no cost base: as certified.
    let mut a = answers();
    let mut c = certified(CreditKind::LowCarbonConcrete, dec!(4000));
    c.cost_base = dec!(100000);
    c.low_embodied_carbon = true;
    a.business_credits.certified = vec![c];
    assert_eq!(run(&a).total(CreditKind::LowCarbonConcrete), dec!(4000));
}

/// Any other kind entered as a certified amount (typed in an earlier version): taken, with a warning.
#[test]
fn other_certified_kinds_are_taken_as_entered_with_a_warning() {
    let mut a = answers();
    a.business_credits.certified = vec![certified(CreditKind::ShelteredWorkshop, dec!(400))];
    let o = run(&a);
    assert_eq!(o.total(CreditKind::ShelteredWorkshop), dec!(400));
    assert!(o.has("certified-credit-details", Severity::Warning));
}

// ---------- Impaired employee certificates (54A:4-18) ----------

/// 54A:4-18 a-c: certified 2,500 - counted elsewhere 400 = 2,100; a certificate for another year:
/// error and 0; counted more than certified: 0.
#[test]
fn impaired_certificate_minus_counted_elsewhere_only_for_its_year_54a_4_18() {
    let cert = |year: u16, amount, counted| ImpairedEmployeeCertificate {
        owner: Owner::Taxpayer,
        certificate: "C-1".into(),
        certificate_year: year,
        certified_amount: amount,
        counted_in_another_credit: counted,
    };
    let mut a = answers();
    a.business_credits.impaired_employee_certificates = vec![cert(2024, dec!(2500), dec!(400))];
    assert_eq!(run(&a).total(CreditKind::ImpairedEmployee), dec!(2100));
    a.business_credits.impaired_employee_certificates = vec![cert(2023, dec!(2500), dec!(0))];
    let o = run(&a);
    assert_eq!(o.count(CreditKind::ImpairedEmployee), 0);
    assert!(o.has("impaired-certificate-year", Severity::Error));
    a.business_credits.impaired_employee_certificates = vec![cert(2024, dec!(300), dec!(400))];
    assert_eq!(run(&a).total(CreditKind::ImpairedEmployee), dec!(0));
}

// ---------- Organ donor employer (54A:4-20) ----------

/// 54A:4-20 a: 25% of salary for up to 30 days: 29 days $2,900 -> $725; 30 days $3,000 -> $750;
/// 31 days $3,100 -> 3,100 x 30/31 = 3,000 -> $750.
#[test]
fn organ_donor_25_percent_for_29_30_31_days_at_100_a_day_54a_4_20_a() {
    for (days, salary, credit) in [
        (29, dec!(2900), dec!(725.00)),
        (30, dec!(3000), dec!(750.00)),
        (31, dec!(3100), dec!(750.00)),
        (45, dec!(4500), dec!(750.00)),
    ] {
        let mut a = answers();
        a.business_credits.organ_donor_leaves = vec![OrganDonorLeave {
            owner: Owner::Taxpayer,
            employee: "Lee".into(),
            days_missed: days,
            salary_for_days_missed: salary,
            additional_paid_leave: true,
        }];
        assert_eq!(
            run(&a).total(CreditKind::OrganDonorEmployer),
            credit,
            "{days} days"
        );
    }
}

/// 54A:4-20 a: only paid time off in addition to other paid time off; two donations, 30 days each.
#[test]
fn organ_donor_needs_additional_paid_leave_and_counts_each_donation_54a_4_20_a() {
    let leave = |additional| OrganDonorLeave {
        owner: Owner::Taxpayer,
        employee: "Lee".into(),
        days_missed: 30,
        salary_for_days_missed: dec!(3000),
        additional_paid_leave: additional,
    };
    let mut a = answers();
    a.business_credits.organ_donor_leaves = vec![leave(false)];
    let o = run(&a);
    assert_eq!(o.count(CreditKind::OrganDonorEmployer), 0);
    assert!(o.has("organ-donor-not-additional", Severity::Warning));
    a.business_credits.organ_donor_leaves = vec![leave(true), leave(true)];
    assert_eq!(run(&a).total(CreditKind::OrganDonorEmployer), dec!(1500.00));
}

// ---------- Wounded Warrior caregivers (54A:4-15) ----------

fn care() -> VeteranCare {
    VeteranCare {
        owner: Owner::Taxpayer,
        veteran: "Pat".into(),
        federal_disability_compensation: dec!(40000),
        qualified_service_member: true,
        months_resided_with_you: 6,
        relative: true,
        your_care_expenses: dec!(0),
        all_caregivers_care_expenses: dec!(0),
    }
}

/// 54A:4-15 a: the lesser of the compensation and $675: 500 -> 500; 40,000 -> 675.
#[test]
fn wounded_warrior_is_lesser_of_compensation_and_675_54a_4_15_a() {
    let mut a = answers();
    a.business_credits.veteran_care = vec![care()];
    let o = run_with(&a, dec!(40000));
    assert_eq!(o.total(CreditKind::WoundedWarriorCaregiver), dec!(675));
    a.business_credits.veteran_care[0].federal_disability_compensation = dec!(500);
    assert_eq!(
        run_with(&a, dec!(40000)).total(CreditKind::WoundedWarriorCaregiver),
        dec!(500)
    );
}

/// 54A:4-15 e: gross income not over $100,000 joint, $50,000 single: at the limit qualifies, one
/// cent above does not.
#[test]
fn wounded_warrior_income_limit_100000_joint_50000_single_54a_4_15_e() {
    for (status, gross, ok) in [
        (FilingStatus::MarriedJoint, dec!(100000), true),
        (FilingStatus::MarriedJoint, dec!(100000.01), false),
        (FilingStatus::Single, dec!(50000), true),
        (FilingStatus::Single, dec!(50000.01), false),
        (FilingStatus::HeadOfHousehold, dec!(100000), true),
        (FilingStatus::MarriedSeparate, dec!(50000.01), false),
    ] {
        let mut a = answers();
        a.filing_status = status;
        a.business_credits.veteran_care = vec![care()];
        let o = run_with(&a, gross);
        assert_eq!(
            o.count(CreditKind::WoundedWarriorCaregiver) == 1,
            ok,
            "{status:?} {gross}"
        );
        if !ok {
            assert!(o.has("wounded-warrior-not-qualified", Severity::Info));
        }
    }
}

/// 54A:4-15 e: resided with the caregiver not less than six months: 6 qualifies, 5 does not;
/// not a relative or not a qualified service member: no credit.
#[test]
fn wounded_warrior_needs_6_months_a_relative_and_a_qualified_member_54a_4_15_e() {
    let mut a = answers();
    a.business_credits.veteran_care = vec![care()];
    assert_eq!(
        run_with(&a, dec!(40000)).count(CreditKind::WoundedWarriorCaregiver),
        1
    );
    let mut c = care();
    c.months_resided_with_you = 5;
    a.business_credits.veteran_care = vec![c];
    assert_eq!(
        run_with(&a, dec!(40000)).count(CreditKind::WoundedWarriorCaregiver),
        0
    );
    let mut c = care();
    c.relative = false;
    a.business_credits.veteran_care = vec![c];
    assert_eq!(
        run_with(&a, dec!(40000)).count(CreditKind::WoundedWarriorCaregiver),
        0
    );
    let mut c = care();
    c.qualified_service_member = false;
    a.business_credits.veteran_care = vec![c];
    assert_eq!(
        run_with(&a, dec!(40000)).count(CreditKind::WoundedWarriorCaregiver),
        0
    );
}

/// 54A:4-15 b: two caregivers share in proportion to care expenses: 675 x 3,000 / 9,000 = 225.
#[test]
fn wounded_warrior_shared_in_proportion_to_care_expenses_225_of_675_54a_4_15_b() {
    let mut a = answers();
    let mut c = care();
    c.your_care_expenses = dec!(3000);
    c.all_caregivers_care_expenses = dec!(9000);
    a.business_credits.veteran_care = vec![c];
    assert_eq!(
        run_with(&a, dec!(40000)).total(CreditKind::WoundedWarriorCaregiver),
        dec!(225.00)
    );
}

// ---------- Apprenticeship (54A:4-19) ----------

/// 54A:4-19 a: approved; at most $5,000 ($10,000 key industry): 5,000 -> 5,000; 5,000.01 ->
/// 5,000; key industry 12,000 -> 10,000; not approved -> none.
#[test]
fn apprenticeship_capped_at_5000_or_10000_key_industry_when_approved_54a_4_19_a() {
    for (costs, key, approved, credit) in [
        (dec!(5000), false, true, Some(dec!(5000))),
        (dec!(5000.01), false, true, Some(dec!(5000))),
        (dec!(4999.99), false, true, Some(dec!(4999.99))),
        (dec!(12000), true, true, Some(dec!(10000))),
        (dec!(10000.01), true, true, Some(dec!(10000))),
        (dec!(3000), false, false, None),
    ] {
        let mut a = answers();
        a.business_credits.apprenticeship = vec![ApprenticeshipProgram {
            owner: Owner::Taxpayer,
            program: "Welders".into(),
            start_up_costs: costs,
            key_industry: key,
            approved,
        }];
        let o = run(&a);
        match credit {
            Some(c) => assert_eq!(o.total(CreditKind::Apprenticeship), c),
            None => {
                assert_eq!(o.count(CreditKind::Apprenticeship), 0);
                assert!(o.has("apprenticeship-not-approved", Severity::Warning));
            }
        }
    }
}

// ---------- Unit concrete (54A:4-22) ----------

fn concrete(sq: Decimal, usage: PropertyUse, receipts: bool) -> UnitConcretePurchase {
    UnitConcretePurchase {
        owner: Owner::Taxpayer,
        property: "Home".into(),
        property_use: usage,
        square_feet: sq,
        receipts_and_affidavit: receipts,
    }
}

/// 54A:4-22 a: at least 100 square feet: 99.99 -> none; 100 -> $200.
#[test]
fn unit_concrete_needs_100_square_feet_99_99_none_100_gives_200_54a_4_22_a() {
    let mut a = answers();
    a.business_credits.unit_concrete = vec![concrete(dec!(99.99), PropertyUse::Residential, true)];
    let o = run(&a);
    assert_eq!(o.count(CreditKind::UnitConcrete), 0);
    assert!(o.has("unit-concrete-minimum", Severity::Info));
    a.business_credits.unit_concrete = vec![concrete(dec!(100), PropertyUse::Residential, true)];
    assert_eq!(run(&a).total(CreditKind::UnitConcrete), dec!(200.00));
}

/// 54A:4-22 a: at most $3,000 residential (1,500 sq ft; 1,500.01 still $3,000) and $30,000
/// commercial a year; purchases of the same use add up (60 + 60 = 120 sq ft -> $240).
#[test]
fn unit_concrete_caps_3000_residential_30000_commercial_summed_by_use_54a_4_22_a() {
    let mut a = answers();
    a.business_credits.unit_concrete =
        vec![concrete(dec!(1500.01), PropertyUse::Residential, true)];
    assert_eq!(run(&a).total(CreditKind::UnitConcrete), dec!(3000));
    a.business_credits.unit_concrete = vec![concrete(dec!(20000), PropertyUse::Commercial, true)];
    assert_eq!(run(&a).total(CreditKind::UnitConcrete), dec!(30000));
    a.business_credits.unit_concrete = vec![
        concrete(dec!(60), PropertyUse::Residential, true),
        concrete(dec!(60), PropertyUse::Residential, true),
        concrete(dec!(60), PropertyUse::Commercial, true),
    ];
    let o = run(&a);
    assert_eq!(o.total(CreditKind::UnitConcrete), dec!(240.00));
    assert_eq!(
        o.count(CreditKind::UnitConcrete),
        1,
        "commercial 60 sq ft is below 100"
    );
}

/// 54A:4-22 d: receipts and the affidavit are required.
#[test]
fn unit_concrete_without_receipts_is_an_error_and_no_credit_54a_4_22_d() {
    let mut a = answers();
    a.business_credits.unit_concrete = vec![concrete(dec!(500), PropertyUse::Residential, false)];
    let o = run(&a);
    assert_eq!(o.count(CreditKind::UnitConcrete), 0);
    assert!(o.has("unit-concrete-receipts", Severity::Error));
}

// ---------- EPD (54A:4-24) ----------

fn epd(cost: Decimal, cert: bool) -> EpdAnalysis {
    EpdAnalysis {
        owner: Owner::Taxpayer,
        facility: "Plant".into(),
        cost,
        certificate_issued: cert,
    }
}

/// 54A:4-24 a(2): the lesser of cost and $3,000 per facility, at most 8 facilities: 8 x 3,000 =
/// 24,000; a 9th adds nothing (warning); certificate required.
#[test]
fn epd_lesser_of_cost_and_3000_for_8_facilities_not_9_54a_4_24_a() {
    let mut a = answers();
    a.business_credits.epd_analyses = vec![epd(dec!(2500), true)];
    assert_eq!(
        run(&a).total(CreditKind::EnvironmentalProductDeclaration),
        dec!(2500)
    );
    a.business_credits.epd_analyses = vec![epd(dec!(4000), true); 8];
    let o = run(&a);
    assert_eq!(
        o.total(CreditKind::EnvironmentalProductDeclaration),
        dec!(24000)
    );
    assert!(!o.has("epd-facility-limit", Severity::Warning));
    let mut nine = vec![epd(dec!(4000), true); 8];
    nine.insert(0, epd(dec!(1000), true));
    a.business_credits.epd_analyses = nine;
    let o = run(&a);
    assert_eq!(
        o.total(CreditKind::EnvironmentalProductDeclaration),
        dec!(24000)
    );
    assert!(o.has("epd-facility-limit", Severity::Warning));
    a.business_credits.epd_analyses = vec![epd(dec!(2500), false)];
    let o = run(&a);
    assert_eq!(o.count(CreditKind::EnvironmentalProductDeclaration), 0);
    assert!(o.has("epd-certificate", Severity::Error));
}

// ---------- Emerging technology (54A:4-13) ----------

/// 54A:4-13 a: for an application under the law as amended by P.L.2025, c.71 (tax year 2026), 35%
/// (40% with the increase) of the investment, at most $500,000 each: 100,000 -> 35,000 / 40,000;
/// 2,000,000 -> 500,000; 1,428,571.40 x 35% = 499,999.99 (under the cap); 1,428,571.43 x 35% =
/// 500,000.0005 -> the cap; not approved: none.
#[test]
fn emerging_technology_35_or_40_percent_capped_at_500000_54a_4_13_a() {
    for (inv, inc, approved, credit) in [
        (dec!(100000), false, true, Some(dec!(35000.00))),
        (dec!(100000), true, true, Some(dec!(40000.00))),
        (dec!(2000000), false, true, Some(dec!(500000))),
        (dec!(1428571.40), false, true, Some(dec!(499999.99))),
        (dec!(1428571.43), false, true, Some(dec!(500000))),
        (dec!(100000), false, false, None),
    ] {
        let mut a = answers();
        a.tax_year = 2026;
        a.business_credits.emerging_technology = vec![EmergingTechInvestment {
            owner: Owner::Taxpayer,
            business: "Startup".into(),
            investment: inv,
            increased_rate: inc,
            approved,
            applied_in: None,
        }];
        let o = run(&a);
        match credit {
            Some(c) => assert_eq!(o.total(CreditKind::EmergingTechnology), c, "{inv} {inc}"),
            None => assert_eq!(o.count(CreditKind::EmergingTechnology), 0),
        }
    }
}

/// 54A:4-13 a(1): the credit is for the taxable year in which the taxpayer applied, at the rate in
/// force then. An application made in 2023 (before P.L.2025, c.71) gives 20% (25% with the
/// increase) on the 2023 return, and 35% on the 2026 return for a 2026 application; an
/// application made in another year than the return's gives no credit here, with a warning.
#[test]
fn emerging_technology_rate_is_the_application_years_54a_4_13_a1() {
    let credit = |year: u16, applied_in: Option<u16>, increased_rate: bool| {
        let mut a = answers();
        a.tax_year = year;
        a.business_credits.emerging_technology = vec![EmergingTechInvestment {
            owner: Owner::Taxpayer,
            business: "Startup".into(),
            investment: dec!(100000),
            increased_rate,
            approved: true,
            applied_in,
        }];
        let o = run(&a);
        (
            o.total(CreditKind::EmergingTechnology),
            o.has("emerging-technology-other-year", Severity::Warning),
        )
    };
    assert_eq!(credit(2023, None, false), (dec!(20000.00), false));
    assert_eq!(credit(2023, Some(2023), true), (dec!(25000.00), false));
    assert_eq!(credit(2024, Some(2024), false), (dec!(20000.00), false));
    assert_eq!(credit(2026, Some(2026), false), (dec!(35000.00), false));
    // Applied in 2025, claimed on the 2026 return: none here, and the filer is told where it goes.
    assert_eq!(credit(2026, Some(2025), false), (dec!(0), true));
    assert_eq!(credit(2023, Some(2024), false), (dec!(0), true));
}

// ---------- Wage tax refund denied (54A:4-1.1) ----------

/// 54A:4-1.1 a: with a final judgment, 50% of the NJ tax from the readjustment: 1,234.57 ->
/// 617.285 -> 617.29; without: none.
#[test]
fn wage_tax_refund_denied_is_half_of_the_readjusted_tax_with_final_judgment_54a_4_1_1() {
    let mut a = Answers {
        tax_year: 2023,
        ..Default::default()
    };
    a.business_credits.wage_tax_judgments = vec![WageTaxJudgment {
        owner: Owner::Taxpayer,
        jurisdiction: "NY".into(),
        nj_tax_from_readjustment: dec!(1234.57),
        final_judgment: true,
    }];
    assert_eq!(run(&a).total(CreditKind::WageTaxRefundDenied), dec!(617.29));
    a.business_credits.wage_tax_judgments[0].final_judgment = false;
    assert_eq!(run(&a).count(CreditKind::WageTaxRefundDenied), 0);
}

/// Absurd magnitudes saturate, never panic.
#[test]
fn absurd_amounts_do_not_panic() {
    let mut a = answers();
    a.business_credits.sheltered_workshop_businesses = vec![business("S", Decimal::MAX)];
    a.business_credits.sheltered_workshop_employees = vec![employee("S", Decimal::MAX, 52); 3];
    a.business_credits.entity_shares = vec![EntityCreditShare {
        credit: CreditKind::ShelteredWorkshop,
        entity_credit: Decimal::MAX,
        your_share_of_income: Decimal::MAX,
        entity_total_income: Decimal::MAX,
        nj_source_income: Decimal::MAX,
        ..Default::default()
    }];
    a.business_credits.unit_concrete =
        vec![concrete(Decimal::MAX, PropertyUse::Commercial, true); 2];
    a.business_credits.emerging_technology = vec![EmergingTechInvestment {
        investment: Decimal::MAX,
        increased_rate: true,
        approved: true,
        ..Default::default()
    }];
    let o = run_with(&a, Decimal::MAX);
    assert!(o.total(CreditKind::ShelteredWorkshop) > Decimal::ZERO);
    let _ = run_with(&a, dec!(0.01));
}

// ---------- 54A:4-1 f: another state's entity-level tax on COJ ----------

/// 54A:4-1 f: an entity-level tax counts as tax paid (info diagnostic), and the credit is at most
/// what the individual-level schedule allows: income 50,000 of gross 100,000, taxable 99,000 ->
/// the same credit with or without the flag, and never more than the tax paid.
#[test]
fn entity_level_tax_counts_as_tax_paid_capped_as_individual_level_54a_4_1_f() {
    use njtax_engine::answers::{JurisdictionKind, OtherJurisdiction, TaxMethod};
    use njtax_engine::rules::property::{line_40a_property_taxes_paid, lines_41_to_44};
    let credit = |entity_level: bool, tax_paid: Decimal| {
        let mut a = answers();
        a.options.tax_method = TaxMethod::RateSchedule;
        a.other_jurisdictions = vec![OtherJurisdiction {
            name: "New York".into(),
            kind: JurisdictionKind::State,
            income_taxed_by_both: dec!(50000),
            tax_paid,
            state: String::new(),
            entity_level_tax: entity_level,
            tax_due_notice_on: None,
        }];
        let book = ParamBook::load().unwrap();
        let p = book.for_year(2024).unwrap();
        let cx = Ctx::new(&a, &p);
        let mut s = Sheet::default();
        s.push(cx.line(Key::GrossIncome, dec!(100000), Explanation::default()));
        s.push(cx.line(Key::TaxableIncome, dec!(99000), Explanation::default()));
        let l = line_40a_property_taxes_paid(&cx, &s);
        s.push(l);
        for l in lines_41_to_44(&cx, &s).0 {
            s.push(l);
        }
        let diags = cx.take_diags();
        (
            s.v(Key::CojCredit),
            diags
                .iter()
                .any(|d| d.code == "coj-entity-level-tax" && d.severity == Severity::Info),
        )
    };
    let (individual, note_individual) = credit(false, dec!(9000));
    let (entity, note_entity) = credit(true, dec!(9000));
    assert!(!note_individual);
    assert!(note_entity);
    assert_eq!(entity, individual, "capped by the same schedule limit");
    assert!(entity < dec!(9000));
    // Below the limit: the entity's tax itself (1,000).
    assert_eq!(credit(true, dec!(1000)).0, dec!(1000));
}

/// 54A:4-15 b: the total of all caregivers' expenses below yours is inconsistent: a warning, and
/// the whole credit (you are taken as the only caregiver).
#[test]
fn wounded_warrior_total_expenses_below_yours_is_a_warning_54a_4_15_b() {
    let mut a = answers();
    let mut c = care();
    c.your_care_expenses = dec!(3000);
    c.all_caregivers_care_expenses = dec!(2000);
    a.business_credits.veteran_care = vec![c];
    let o = run_with(&a, dec!(40000));
    assert_eq!(o.total(CreditKind::WoundedWarriorCaregiver), dec!(675));
    assert!(o.has("wounded-warrior-care-expenses", Severity::Warning));
}

/// The EPD and low-carbon concrete credits' first year (P.L.2023, c.4) is uncertain: the EPD
/// explanation carries the note, so the engine warns where it is used.
#[test]
fn epd_explanation_carries_the_uncertain_first_year_of_p_l_2023_c_4() {
    let mut a = answers();
    a.business_credits.epd_analyses = vec![epd(dec!(2500), true)];
    let o = run(&a);
    let ex = &o.credits[0].explanation;
    assert!(
        ex.params.iter().any(
            |p| p.id == "business_credits.concrete_credits_first_year" && p.uncertain.is_some()
        )
    );
}

/// A share far above 100% is shown without panicking and limited to 1.
#[test]
fn sheltered_workshop_huge_share_is_limited_to_1_without_panicking() {
    let mut a = answers();
    a.business_credits.sheltered_workshop_businesses =
        vec![business("S", dec!(10000000000000000000000000))];
    a.business_credits.sheltered_workshop_employees = vec![employee("S", dec!(100), 30)];
    let o = run_with(&a, dec!(1));
    assert_eq!(o.share, Decimal::ONE);
    // 50,000 / 80,000 = 62.5% -> "62.50%".
    a.business_credits.sheltered_workshop_businesses = vec![business("S", dec!(50000))];
    assert!(run(&a).share_rule.contains("62.50%"));
}
