//! What each employer and business credit amounts to (before the order and the limits), from each
//! credit's statute: both sides of every threshold.
#![allow(clippy::unwrap_used)]

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
            .sum()
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
    s.push(cx.line("gross_income", gross, Explanation::default()));
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
    assert_eq!(
        run_with(&a, dec!(80000)).share_rule.contains("112.50%"),
        true
    );
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
