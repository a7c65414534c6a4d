//! The credit mechanism (N.J.S.A. 54A:4-11 c and the credits' own sections; issue 6 decisions
//! 1-3, 6, 7): the order of the credits, the sheltered workshop limit, the carryover ledger,
//! refundable and non-refundable credits, credits without a form line, the NJ-1040NR, and the
//! rollover into next year's draft. The earned amounts are given directly (the credit rules that
//! compute them are tested on their own).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use njtax_engine::Key;
use njtax_engine::answers::{CarryoverEntry, CreditKind, FilingStatus, Owner};
use njtax_engine::compute::{Ctx, Sheet};
use njtax_engine::explain::{Diagnostic, Severity};
use njtax_engine::residency::{ReturnKind, Scope};
use njtax_engine::rules::business_credits::{Applied, LedgerRow, apply, settle};
use njtax_engine::rules::credit_amounts::EarnedCredit;
use njtax_engine::{Answers, Explanation, ParamBook, YearParams};
use rust_decimal::Decimal;
use rust_decimal::dec;

/// The year's figures; years after 2025 reuse 2024's (the business credit figures have not
/// changed since 2022) with `year` set, to follow a carryover over its seven years.
fn params(year: u16) -> YearParams {
    let book = ParamBook::load().unwrap();
    let mut p = book.for_year(2024).unwrap();
    p.year = year;
    p
}

fn credit(kind: CreditKind, amount: Decimal) -> EarnedCredit {
    EarnedCredit {
        kind,
        owner: Owner::Taxpayer,
        source: "test".into(),
        amount,
        explanation: Explanation::default(),
    }
}

fn carry(kind: CreditKind, origin_year: u16, remaining: Decimal) -> CarryoverEntry {
    CarryoverEntry {
        owner: Owner::Taxpayer,
        credit: kind,
        origin_year,
        remaining,
    }
}

struct Run {
    applied: Applied,
    lines_45_54: Vec<(Key, Decimal)>,
    diags: Vec<Diagnostic>,
}

impl Run {
    fn line(&self, key: Key) -> Decimal {
        self.applied.value(key)
    }
    fn total(&self, key: Key) -> Decimal {
        self.lines_45_54
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
            .unwrap()
    }
    fn row(&self, kind: CreditKind) -> &njtax_engine::rules::business_credits::ScheduleRow {
        self.applied
            .schedule
            .rows
            .iter()
            .find(|r| r.kind == kind)
            .unwrap()
    }
    fn has(&self, code: &str, severity: Severity) -> bool {
        self.diags
            .iter()
            .any(|d| d.code == code && d.severity == severity)
    }
}

/// Apply the mechanism on a sheet with the tax, the COJ credit and the NJ EITC.
#[allow(clippy::too_many_arguments)]
fn run_on(
    kind: ReturnKind,
    year: u16,
    carryovers: Vec<CarryoverEntry>,
    tax: Decimal,
    coj: Decimal,
    eitc: Decimal,
    earned: &[EarnedCredit],
    share: Decimal,
) -> Run {
    let p = params(year);
    let a = Answers {
        tax_year: year,
        business_credits: njtax_engine::answers::BusinessCredits {
            carryovers,
            ..Default::default()
        },
        ..Default::default()
    };
    let scope = Scope {
        kind,
        ..Scope::full_year_resident()
    };
    let cx = Ctx::scoped(&a, &p, scope);
    let mut s = Sheet::default();
    s.push(cx.line(Key::Tax, tax, Explanation::default()));
    s.push(cx.line(Key::CojCredit, coj, Explanation::default()));
    s.push(cx.line(Key::NjEitc, eitc, Explanation::default()));
    let applied = apply(&cx, &s, earned, (share, Explanation::default()));
    let lines_45_54 = njtax_engine::rules::totals::lines_45_to_54(&cx, &s, &applied)
        .into_iter()
        .map(|l| (l.key, l.value))
        .collect();
    Run {
        applied,
        lines_45_54,
        diags: cx.take_diags(),
    }
}

fn run(
    year: u16,
    carryovers: Vec<CarryoverEntry>,
    tax: Decimal,
    eitc: Decimal,
    earned: &[EarnedCredit],
    share: Decimal,
) -> Run {
    run_on(
        ReturnKind::Resident,
        year,
        carryovers,
        tax,
        Decimal::ZERO,
        eitc,
        earned,
        share,
    )
}

fn ledger_row(r: &Run, origin: u16) -> &LedgerRow {
    r.applied
        .schedule
        .ledger
        .iter()
        .find(|l| l.origin_year == origin)
        .unwrap()
}

use CreditKind::*;

/// 54A:4-11 c: 50% × tax $4,000 × New Jersey share 0.6 = $1,200, less the NJ EITC $300 taken before
/// it = room $900. A $1,000 credit gives line 46 = $900 and carries $100 forward (last year 2031).
#[test]
fn sheltered_workshop_limit_is_half_the_nj_share_of_tax_less_the_eitc_54a_4_11_c() {
    let r = run(
        2024,
        vec![],
        dec!(4000),
        dec!(300),
        &[credit(ShelteredWorkshop, dec!(1000))],
        dec!(0.6),
    );
    assert_eq!(r.line(Key::ShelteredWorkshopCredit), dec!(900));
    let row = r.row(ShelteredWorkshop);
    assert_eq!(row.limit, Some(dec!(900)));
    assert_eq!(row.carried_forward, dec!(100));
    assert_eq!(row.lost, dec!(0));
    let l = ledger_row(&r, 2024);
    assert_eq!(
        (l.available, l.used, l.remaining, l.last_year, l.expiring),
        (dec!(1000), dec!(900), dec!(100), 2031, dec!(0))
    );
    // Line 49 = 900, line 50 = 4,000 - 900 = 3,100.
    assert_eq!(r.total(Key::TotalCredits), dec!(900));
    assert_eq!(r.total(Key::BalanceAfterCredits), dec!(3100));
    assert!(row.explanation.rule.contains("$900.00"));
    assert!(row.explanation.citation.contains("54A:4-11 c"));
}

/// 54A:4-11 c "taken together with any other credits allowed against the tax": every other credit
/// allowed for the year counts against the 50% limit, at its amount for the year (this year's and
/// carryovers usable this year), whether applied before or after line 46. 50% x $4,000 x 0.6 =
/// $1,200, less the NJ EITC $300, Gold Star $200, a refundable emerging technology credit $100 and
/// a unit concrete carryover from 2020 of $50 (usable through 2027) = room $550: $550 is allowed
/// in full, $550.01 is cut to $550. A concrete carryover from 2016 (expired 2023) and a PPE credit
/// (2020-2022 only) are not allowed in 2024 and do not count.
#[test]
fn sheltered_workshop_limit_counts_every_other_credit_allowed_54a_4_11_c() {
    let others = |sw: Decimal| {
        run(
            2024,
            vec![
                carry(UnitConcrete, 2020, dec!(50)),
                carry(UnitConcrete, 2016, dec!(1000)),
            ],
            dec!(4000),
            dec!(300),
            &[
                credit(ShelteredWorkshop, sw),
                credit(GoldStar, dec!(200)),
                credit(EmergingTechnology, dec!(100)),
                credit(PersonalProtectiveEquipment, dec!(5000)),
            ],
            dec!(0.6),
        )
    };
    let at = others(dec!(550));
    assert_eq!(at.row(ShelteredWorkshop).limit, Some(dec!(550)));
    assert_eq!(at.line(Key::ShelteredWorkshopCredit), dec!(550));
    assert_eq!(at.row(ShelteredWorkshop).carried_forward, dec!(0));
    let words = &at.row(ShelteredWorkshop).explanation.rule;
    assert!(
        words.contains("Gold Star family counseling credit $200.00"),
        "{words}"
    );
    assert!(
        words.contains("Unit concrete products credit $50.00"),
        "{words}"
    );
    let over = others(dec!(550.01));
    assert_eq!(over.line(Key::ShelteredWorkshopCredit), dec!(550));
    assert_eq!(over.row(ShelteredWorkshop).carried_forward, dec!(0.01));
}

/// 54A:4-11 c, both sides of the limit: room $900 (as above); $899.99 is allowed in full; $900.01
/// is allowed $900 and carries $0.01.
#[test]
fn sheltered_workshop_credit_one_cent_under_and_over_the_limit_54a_4_11_c() {
    let under = run(
        2024,
        vec![],
        dec!(4000),
        dec!(300),
        &[credit(ShelteredWorkshop, dec!(899.99))],
        dec!(0.6),
    );
    assert_eq!(under.line(Key::ShelteredWorkshopCredit), dec!(899.99));
    assert_eq!(under.row(ShelteredWorkshop).carried_forward, dec!(0));
    let over = run(
        2024,
        vec![],
        dec!(4000),
        dec!(300),
        &[credit(ShelteredWorkshop, dec!(900.01))],
        dec!(0.6),
    );
    assert_eq!(over.line(Key::ShelteredWorkshopCredit), dec!(900));
    assert_eq!(over.row(ShelteredWorkshop).carried_forward, dec!(0.01));
}

/// 54A:4-11 c "taken together with any other credits": the COJ credit counts too. Tax $4,000, share
/// 1, COJ $500: 50% × 4,000 = 2,000 - 500 = room $1,500; line 45 = 3,500.
#[test]
fn sheltered_workshop_limit_counts_the_coj_credit_54a_4_11_c() {
    let r = run_on(
        ReturnKind::Resident,
        2024,
        vec![],
        dec!(4000),
        dec!(500),
        dec!(0),
        &[credit(ShelteredWorkshop, dec!(2000))],
        dec!(1),
    );
    assert_eq!(r.line(Key::ShelteredWorkshopCredit), dec!(1500));
    assert_eq!(r.row(ShelteredWorkshop).carried_forward, dec!(500));
}

/// 54A:4-11 c: with no New Jersey-source income from the business (share 0) the room is zero; the
/// whole credit carries forward.
#[test]
fn sheltered_workshop_credit_with_a_zero_share_all_carries_forward_54a_4_11_c() {
    let r = run(
        2024,
        vec![],
        dec!(4000),
        dec!(0),
        &[credit(ShelteredWorkshop, dec!(700))],
        dec!(0),
    );
    assert_eq!(r.line(Key::ShelteredWorkshopCredit), dec!(0));
    assert_eq!(r.row(ShelteredWorkshop).carried_forward, dec!(700));
}

/// 54A:4-11 c: a credit unused in 2022 ($100 carried) is used two years later: in 2024, tax $4,000,
/// share 0.6, EITC $300, room $900, no new credit: line 46 = $100 and the ledger row is used up.
#[test]
fn unused_sheltered_workshop_credit_is_used_two_years_later_54a_4_11_c() {
    let r = run(
        2024,
        vec![carry(ShelteredWorkshop, 2022, dec!(100))],
        dec!(4000),
        dec!(300),
        &[],
        dec!(0.6),
    );
    assert_eq!(r.line(Key::ShelteredWorkshopCredit), dec!(100));
    let l = ledger_row(&r, 2022);
    assert_eq!(
        (l.used, l.remaining, l.last_year),
        (dec!(100), dec!(0), 2029)
    );
    assert_eq!(r.row(ShelteredWorkshop).carried_in, dec!(100));
}

/// 54A:4-11 c "carried over ... to each of the seven years following": a 2024 credit is usable
/// through 2031 (2024 + 7) and has expired in 2032. Unused in 2031 it is lost (shown as expiring).
#[test]
fn a_2024_sheltered_workshop_credit_is_usable_in_2031_and_expired_in_2032_54a_4_11_c() {
    let used = run(
        2031,
        vec![carry(ShelteredWorkshop, 2024, dec!(50))],
        dec!(4000),
        dec!(0),
        &[],
        dec!(1),
    );
    assert_eq!(used.line(Key::ShelteredWorkshopCredit), dec!(50));
    let unused = run(
        2031,
        vec![carry(ShelteredWorkshop, 2024, dec!(50))],
        dec!(4000),
        dec!(0),
        &[],
        dec!(0),
    );
    let l = ledger_row(&unused, 2024);
    assert_eq!((l.remaining, l.expiring), (dec!(50), dec!(50)));
    assert_eq!(unused.row(ShelteredWorkshop).lost, dec!(50));
    assert_eq!(unused.row(ShelteredWorkshop).carried_forward, dec!(0));
    let expired = run(
        2032,
        vec![carry(ShelteredWorkshop, 2024, dec!(50))],
        dec!(4000),
        dec!(0),
        &[],
        dec!(1),
    );
    assert_eq!(expired.line(Key::ShelteredWorkshopCredit), dec!(0));
    assert!(expired.has("carryover-expired", Severity::Info));
    assert!(expired.applied.schedule.ledger.is_empty());
}

/// Decision 3 (54A:4-11 c): oldest first. Carried $300 from 2020 and $400 from 2022, $500 earned in
/// 2024, room 50% × $1,200 = $600: 2020 uses $300, 2022 uses $300 (leaves $100), 2024 keeps $500.
#[test]
fn carryovers_are_used_oldest_first_then_this_years_credit_54a_4_11_c() {
    let r = run(
        2024,
        vec![
            carry(ShelteredWorkshop, 2022, dec!(400)),
            carry(ShelteredWorkshop, 2020, dec!(300)),
        ],
        dec!(1200),
        dec!(0),
        &[credit(ShelteredWorkshop, dec!(500))],
        dec!(1),
    );
    assert_eq!(r.line(Key::ShelteredWorkshopCredit), dec!(600));
    let origins: Vec<u16> = r
        .applied
        .schedule
        .ledger
        .iter()
        .map(|l| l.origin_year)
        .collect();
    assert_eq!(origins, vec![2020, 2022, 2024]);
    assert_eq!(ledger_row(&r, 2020).remaining, dec!(0));
    assert_eq!(ledger_row(&r, 2022).remaining, dec!(100));
    assert_eq!(ledger_row(&r, 2024).remaining, dec!(500));
    assert_eq!(r.row(ShelteredWorkshop).carried_forward, dec!(600));
}

/// Decision 1 (54A:4-16 b, 12-5 b): tax $1,000; Gold Star $1,200 (non-refundable, no carryover)
/// takes line 47 = $1,000, line 50 = 0 and $200 is lost; a BAIT credit of $500 after it is all
/// refunded (line 63 = $500, nothing left to apply it against).
#[test]
fn a_refundable_credit_after_non_refundable_ones_becomes_a_refund_54a_12_5_b() {
    let r = run(
        2024,
        vec![],
        dec!(1000),
        dec!(0),
        &[
            credit(PassThroughBait, dec!(500)),
            credit(GoldStar, dec!(1200)),
        ],
        dec!(0),
    );
    assert_eq!(r.line(Key::GoldStarCredit), dec!(1000));
    assert_eq!(r.row(GoldStar).lost, dec!(200));
    assert_eq!(r.total(Key::BalanceAfterCredits), dec!(0));
    assert_eq!(r.line(Key::BaitCredit), dec!(500));
    let bait = r.row(PassThroughBait);
    assert_eq!((bait.applied, bait.refunded), (dec!(0), dec!(500)));
    let order: Vec<CreditKind> = r.applied.schedule.rows.iter().map(|r| r.kind).collect();
    assert_eq!(order, vec![GoldStar, PassThroughBait]);
}

/// A non-refundable credit never becomes a refund (54A:4-20 b): tax $500, organ donor employer
/// credit $700: line 48 = $500, line 50 = 0 and the $200 left is lost (no carryover).
#[test]
fn a_non_refundable_credit_stops_at_zero_tax_and_the_excess_is_lost_54a_4_20() {
    let r = run(
        2024,
        vec![],
        dec!(500),
        dec!(0),
        &[credit(OrganDonorEmployer, dec!(700))],
        dec!(0),
    );
    assert_eq!(r.line(Key::OrganDonorEmployerCredit), dec!(500));
    assert_eq!(r.total(Key::BalanceAfterCredits), dec!(0));
    let row = r.row(OrganDonorEmployer);
    assert_eq!(
        (row.lost, row.carried_forward, row.refunded),
        (dec!(200), dec!(0), dec!(0))
    );
    assert!(r.applied.schedule.ledger.is_empty());
}

/// Lines 46-48 in the form's order against line 45: tax $1,000, sheltered workshop $600 (share 1:
/// 50% = $500, less the other credits allowed for the year, Gold Star $300 and organ donor $150 =
/// room $50), then Gold Star and organ donor: 46 = 50 (550 carried forward), 47 = 300, 48 = 150,
/// 49 = 500, 50 = 500.
#[test]
fn lines_46_to_48_are_applied_in_the_form_order_against_line_45() {
    let r = run(
        2024,
        vec![],
        dec!(1000),
        dec!(0),
        &[
            credit(OrganDonorEmployer, dec!(150)),
            credit(GoldStar, dec!(300)),
            credit(ShelteredWorkshop, dec!(600)),
        ],
        dec!(1),
    );
    assert_eq!(r.line(Key::ShelteredWorkshopCredit), dec!(50));
    assert_eq!(r.row(ShelteredWorkshop).carried_forward, dec!(550));
    assert_eq!(r.line(Key::GoldStarCredit), dec!(300));
    assert_eq!(r.line(Key::OrganDonorEmployerCredit), dec!(150));
    assert_eq!(r.total(Key::TotalCredits), dec!(500));
    assert_eq!(r.total(Key::BalanceAfterCredits), dec!(500));
    // Without the sheltered workshop credit the others take the tax in the form's order: a $900
    // organ donor credit after Gold Star's $300 is cut to the $700 left.
    let r = run(
        2024,
        vec![],
        dec!(1000),
        dec!(0),
        &[
            credit(OrganDonorEmployer, dec!(900)),
            credit(GoldStar, dec!(300)),
        ],
        dec!(1),
    );
    assert_eq!(r.line(Key::GoldStarCredit), dec!(300));
    assert_eq!(r.line(Key::OrganDonorEmployerCredit), dec!(700));
    assert_eq!(r.total(Key::BalanceAfterCredits), dec!(0));
}

/// Decision 1 (54A:4-18 b, 4-13): credits without an NJ-1040 line leave lines 49 and 50 alone and
/// change the net once claimed: tax $1,000 with nothing paid is a balance due of $1,000; an impaired
/// employee credit of $300 and an emerging technology credit of $2,000 (refundable) make the net
/// -1,000 + 300 + 2,000 = $1,300 back.
#[test]
fn credits_without_a_line_change_only_the_net_after_separate_claims_54a_4_18_b() {
    let mut r = run(
        2024,
        vec![],
        dec!(1000),
        dec!(0),
        &[
            credit(ImpairedEmployee, dec!(300)),
            credit(EmergingTechnology, dec!(2000)),
        ],
        dec!(0),
    );
    assert_eq!(r.total(Key::TotalCredits), dec!(0));
    assert_eq!(r.total(Key::BalanceAfterCredits), dec!(1000));
    let sch = &mut r.applied.schedule;
    assert_eq!(sch.separate_nonrefundable, dec!(300));
    assert_eq!(sch.separate_refundable, dec!(2000));
    settle(sch, dec!(0), dec!(1000));
    assert_eq!(sch.net_after_separate_claims, dec!(1300));
    assert!(sch.notes.iter().any(|n| n.contains("GIT Audit Branch")));
    // The emerging technology credit is applied against the $700 left, the rest refunded.
    let et = r.row(EmergingTechnology);
    assert_eq!((et.applied, et.refunded), (dec!(700), dec!(1300)));
}

/// Decision 1: an impaired employee credit larger than what is left of line 50 stops at zero.
/// Tax $1,000, Gold Star $800 (line 47), impaired employee $500: $200 allowed, $300 lost (4-18 b).
#[test]
fn a_separate_non_refundable_credit_uses_only_what_is_left_of_line_50_54a_4_18_b() {
    let r = run(
        2024,
        vec![],
        dec!(1000),
        dec!(0),
        &[
            credit(GoldStar, dec!(800)),
            credit(ImpairedEmployee, dec!(500)),
        ],
        dec!(0),
    );
    let row = r.row(ImpairedEmployee);
    assert_eq!((row.applied, row.lost), (dec!(200), dec!(300)));
    assert_eq!(r.applied.schedule.separate_nonrefundable, dec!(200));
}

/// Decision 7 (54A:4-15 a, resident only): on an NJ-1040NR lines 46-48 are its lines 43-45, and the
/// Wounded Warrior caregivers credit is refused with an error.
#[test]
fn the_nj_1040nr_uses_its_own_line_ids_and_refuses_the_resident_only_credit_54a_4_15() {
    let r = run_on(
        ReturnKind::Nonresident,
        2024,
        vec![],
        dec!(1000),
        dec!(0),
        dec!(0),
        &[
            credit(ShelteredWorkshop, dec!(100)),
            credit(GoldStar, dec!(50)),
            credit(WoundedWarriorCaregiver, dec!(675)),
        ],
        dec!(1),
    );
    let id = |key: Key| {
        r.applied
            .lines
            .iter()
            .find(|l| l.key == key)
            .map(|l| l.id.to_string())
            .unwrap()
    };
    assert_eq!(id(Key::ShelteredWorkshopCredit), "43");
    assert_eq!(id(Key::GoldStarCredit), "44");
    assert_eq!(id(Key::OrganDonorEmployerCredit), "45");
    assert_eq!(r.line(Key::ShelteredWorkshopCredit), dec!(100));
    assert_eq!(r.line(Key::WoundedWarriorCredit), dec!(0));
    assert!(r.has("resident-only-credit", Severity::Error));
    assert_eq!(r.row(ShelteredWorkshop).line.as_deref(), Some("43"));
}

/// Decision 6 (54A:4-21: tax years 2020-2022): a PPE credit claimed for 2024 is an error and 0.
#[test]
fn a_credit_outside_its_years_is_an_error_and_zero_54a_4_21() {
    let r = run(
        2024,
        vec![],
        dec!(1000),
        dec!(0),
        &[credit(PersonalProtectiveEquipment, dec!(5000))],
        dec!(0),
    );
    assert!(r.has("credit-outside-its-years", Severity::Error));
    assert_eq!(r.applied.schedule.separate_refundable, dec!(0));
}

/// 54A:4-16 b: Gold Star has no carryover; an entry in the ledger for it is an error and not used.
#[test]
fn a_carryover_of_a_credit_without_carryover_is_refused_54a_4_16_b() {
    let r = run(
        2024,
        vec![carry(GoldStar, 2023, dec!(100))],
        dec!(1000),
        dec!(0),
        &[],
        dec!(0),
    );
    assert_eq!(r.line(Key::GoldStarCredit), dec!(0));
    assert!(r.has("credit-has-no-carryover", Severity::Error));
}

/// No credit at all: every credit line is zero and the schedule is empty.
#[test]
fn no_credit_claimed_leaves_lines_46_to_48_62_63_at_zero_and_the_schedule_empty() {
    let r = run(2024, vec![], dec!(1000), dec!(0), &[], dec!(0));
    assert_eq!(r.applied.lines.len(), 5);
    assert!(r.applied.lines.iter().all(|l| l.value.is_zero()));
    assert!(r.applied.schedule.is_empty());
}

/// The rollover (decision 3): a 2024 draft carrying a 2017 sheltered workshop credit (last year
/// 2024: expires) and a 2020 one (usable through 2027), with no New Jersey share to use them, gives
/// a 2025 draft with only the 2020 carryover, the line 69 credit forward as last year's
/// overpayment, the same household and no income.
#[test]
fn next_years_draft_keeps_unexpired_carryovers_and_the_credit_forward_54a_4_11_c() {
    let book = ParamBook::load().unwrap();
    let mut a = Answers {
        tax_year: 2024,
        filing_status: FilingStatus::Single,
        ..Default::default()
    };
    a.taxpayer.name = "Pat".into();
    a.payments.other_withholding = dec!(500);
    a.refund.credit_to_next_year = dec!(200);
    a.business_credits.carryovers = vec![
        carry(ShelteredWorkshop, 2017, dec!(80)),
        carry(ShelteredWorkshop, 2020, dec!(90)),
    ];
    let set = njtax_engine::compute::compute_set(&a, &book).unwrap();
    let ledger = &set.returns[0].business_credits.ledger;
    assert_eq!(ledger.len(), 2);
    let next = njtax_engine::rollover::next_year(&a, &set);
    assert_eq!(next.tax_year, 2025);
    assert_eq!(next.taxpayer.name, "Pat");
    assert_eq!(next.payments.prior_year_overpayment, dec!(200));
    assert_eq!(next.payments.other_withholding, dec!(0));
    assert_eq!(
        next.business_credits.carryovers,
        vec![carry(ShelteredWorkshop, 2020, dec!(90))]
    );
}

/// A draft with W-2 wages of $80,000 and $2,500 withheld (tax 2024 single on $79,000 taxable).
fn wage_earner(year: u16) -> Answers {
    let mut a = Answers {
        tax_year: year,
        ..Default::default()
    };
    a.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Pine Barrens Supply".into(),
        state_wages: dec!(80000),
        nj_tax_withheld: dec!(2500),
        ..Default::default()
    });
    a
}

/// Decision 1 end to end (54A:4-18 b, 12-5 b): a partner with a BAIT share of $450 and an impaired
/// employee certificate of $600. The certificate has no NJ-1040 line: lines 49/50 are untouched,
/// line 63 = $450 is a payment, and the schedule's net adds the $600 to the refund or balance.
#[test]
fn a_partner_with_a_bait_share_and_an_impaired_employee_certificate_54a_12_5_and_4_18() {
    let book = ParamBook::load().unwrap();
    let mut a = wage_earner(2024);
    a.business_credits
        .bait_shares
        .push(njtax_engine::answers::BaitShare {
            owner: Owner::Taxpayer,
            entity: "Main St LP".into(),
            share_of_tax_paid: dec!(450),
        });
    a.business_credits.impaired_employee_certificates.push(
        njtax_engine::answers::ImpairedEmployeeCertificate {
            owner: Owner::Taxpayer,
            certificate: "LWD-1".into(),
            certificate_year: 2024,
            certified_amount: dec!(600),
            counted_in_another_credit: dec!(0),
        },
    );
    let r = njtax_engine::compute(&a, &book).unwrap();
    let tax = r.value("43");
    assert!(tax > dec!(600));
    assert_eq!(r.value("49"), dec!(0));
    assert_eq!(r.value("50"), tax);
    assert_eq!(r.value("63"), dec!(450));
    let s = &r.business_credits;
    assert_eq!(s.separate_nonrefundable, dec!(600));
    // Refund = 2,500 + 450 - tax; the net once the certificate is allowed is $600 more.
    let net = r.refund - r.balance_due;
    assert_eq!(net, dec!(2950) - tax);
    assert_eq!(s.net_after_separate_claims, net + dec!(600));
    assert!(s.notes.iter().any(|n| n.contains("certificate")));
}

/// Decision 7: a part-year resident's business credits all go on the resident-period NJ-1040;
/// the NJ-1040NR of the nonresident months carries none.
#[test]
fn a_part_year_residents_business_credits_go_on_the_resident_period_return_only() {
    use njtax_engine::answers::{Date, ResidencyKind};
    let book = ParamBook::load().unwrap();
    let mut a = wage_earner(2024);
    a.taxpayer.residency.kind = ResidencyKind::PartYear;
    a.taxpayer.residency.resident_from = Some("2024-07-01".parse::<Date>().unwrap());
    a.taxpayer.residency.other_state = "New York".into();
    a.income.w2s[0].sourcing.nonresident_period = dec!(40000);
    a.income.w2s[0].sourcing.nj_source = Some(dec!(10000));
    a.business_credits
        .bait_shares
        .push(njtax_engine::answers::BaitShare {
            owner: Owner::Taxpayer,
            entity: "Main St LP".into(),
            share_of_tax_paid: dec!(300),
        });
    let set = njtax_engine::compute::compute_set(&a, &book).unwrap();
    assert_eq!(set.returns.len(), 2);
    let res = set
        .returns
        .iter()
        .find(|r| r.kind == ReturnKind::PartYearResident)
        .unwrap();
    let nr = set
        .returns
        .iter()
        .find(|r| r.kind == ReturnKind::PartYearNonresident)
        .unwrap();
    assert_eq!(res.value_by_key(Key::BaitCredit), dec!(300));
    assert_eq!(nr.value_by_key(Key::BaitCredit), dec!(0));
    assert!(nr.business_credits.is_empty());
}

/// Decision 8 (54A:4-2 b): tax an S corporation paid for the shareholder is added to line 55 on an
/// NJ-1040 (with a warning: the form has no line for it).
#[test]
fn s_corporation_tax_paid_is_added_to_withholding_on_the_nj_1040_with_a_warning_54a_4_2_b() {
    let book = ParamBook::load().unwrap();
    let mut a = wage_earner(2024);
    a.payments.s_corp_tax_paid = dec!(120);
    let r = njtax_engine::compute(&a, &book).unwrap();
    assert_eq!(r.value("55"), dec!(2620));
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code == "s-corp-payment-where-uncertain")
    );
}

/// Decision 8 (54A:4-2 b): on an NJ-1040NR it goes with the partnership payments (not line 51).
#[test]
fn s_corporation_tax_paid_goes_with_partnership_payments_on_the_nj_1040nr_54a_4_2_b() {
    use njtax_engine::answers::ResidencyKind;
    let book = ParamBook::load().unwrap();
    let mut a = wage_earner(2024);
    a.taxpayer.residency.kind = ResidencyKind::Never;
    a.taxpayer.residency.other_state = "Florida".into();
    a.income.w2s[0].sourcing.nj_source = Some(dec!(80000));
    a.payments.s_corp_tax_paid = dec!(120);
    a.payments.partnership_tax_paid = dec!(30);
    let r = njtax_engine::compute(&a, &book).unwrap();
    assert_eq!(r.form, "NJ-1040NR");
    assert_eq!(r.value_by_key(Key::PartnershipTaxPaid), dec!(150));
    assert_eq!(r.value_by_key(Key::Withholding), dec!(2500));
}

/// 54A:9-7(a): a filer under the filing threshold with a refundable credit that has no form line
/// (emerging technology, 54A:4-13) should file to get it.
#[test]
fn a_refundable_credit_without_a_line_makes_a_filer_under_the_threshold_file_54a_9_7() {
    let book = ParamBook::load().unwrap();
    let mut a = Answers {
        tax_year: 2024,
        ..Default::default()
    };
    a.business_credits
        .entity_shares
        .push(njtax_engine::answers::EntityCreditShare {
            owner: Owner::Taxpayer,
            credit: EmergingTechnology,
            entity: "Seed Fund LP".into(),
            entity_credit: dec!(10000),
            your_share_of_income: dec!(1),
            entity_total_income: dec!(10),
            ..Default::default()
        });
    let r = njtax_engine::compute(&a, &book).unwrap();
    // 10,000 x 1 / 10 = 1,000 refundable, all refunded (no tax).
    assert_eq!(r.business_credits.separate_refundable, dec!(1000));
    assert_eq!(r.business_credits.net_after_separate_claims, dec!(1000));
    assert!(!r.filing_requirement.required);
    assert!(r.filing_requirement.should_file_for_refund);
}

/// 54A:4-15 e: a qualified family caregiver has "gross income for the taxable year" of at most
/// $50,000 when single. A part-year resident's resident-period line 29 ($80,000 x 6/12 of wages =
/// $40,000) is under it, but the whole year's $80,000 is not: no credit (the whole year counts, as
/// for the 54A:2-4 threshold). The same caregiver resident all year with $40,000 of wages gets the
/// lesser of the compensation ($1,200) and $675 = $675 on line 62.
#[test]
fn wounded_warrior_income_limit_uses_a_part_year_residents_whole_year_income_54a_4_15_e() {
    use njtax_engine::answers::{Date, ResidencyKind, VeteranCare};
    let book = ParamBook::load().unwrap();
    let care = VeteranCare {
        owner: Owner::Taxpayer,
        veteran: "Sam".into(),
        federal_disability_compensation: dec!(1200),
        qualified_service_member: true,
        months_resided_with_you: 6,
        relative: true,
        ..Default::default()
    };
    let mut a = wage_earner(2024);
    a.taxpayer.residency.kind = ResidencyKind::PartYear;
    a.taxpayer.residency.resident_from = Some("2024-07-01".parse::<Date>().unwrap());
    a.taxpayer.residency.other_state = "New York".into();
    a.income.w2s[0].sourcing.nonresident_period = dec!(40000);
    a.business_credits.veteran_care.push(care.clone());
    let set = njtax_engine::compute::compute_set(&a, &book).unwrap();
    let res = set
        .returns
        .iter()
        .find(|r| r.kind == ReturnKind::PartYearResident)
        .unwrap();
    assert_eq!(res.value_by_key(Key::GrossIncome), dec!(40000));
    assert_eq!(res.value_by_key(Key::WoundedWarriorCredit), dec!(0));

    let mut full = wage_earner(2024);
    full.income.w2s[0].state_wages = dec!(40000);
    full.business_credits.veteran_care.push(care);
    let r = njtax_engine::compute(&full, &book).unwrap();
    assert_eq!(r.value_by_key(Key::WoundedWarriorCredit), dec!(675));
}

/// P.L.2019, c.32, s.6 e: an employer "may use the tax credit when determining the employer's
/// estimated tax"; 54A:8-4 b: estimated tax is the tax less "any credits allowable against the
/// tax". Tax (line 50) $4,000, no withholding or estimates: the NJ-2210 charges interest. With an
/// impaired-employee credit of $3,600 (claimed on the business credits schedule, no form line)
/// line 1 is $400, not more than $400: no interest. At $3,599.99 line 1 is $400.01 and interest is
/// due again. A refundable credit without a line ($3,600 emerging technology) counts on line 2.
#[test]
fn the_nj2210_counts_the_credits_claimed_on_the_business_credits_schedule_p_l_2019_c_32_s_6_e() {
    let interest = |earned: &[EarnedCredit]| {
        let r = run(2024, vec![], dec!(4000), dec!(0), earned, dec!(0));
        r.total(Key::EstimatedTaxInterest)
    };
    assert!(interest(&[]) > dec!(0));
    assert_eq!(interest(&[credit(ImpairedEmployee, dec!(3600))]), dec!(0));
    assert!(interest(&[credit(ImpairedEmployee, dec!(3599.99))]) > dec!(0));
    assert_eq!(interest(&[credit(EmergingTechnology, dec!(3600))]), dec!(0));
    // The form's own lines do not move: line 50 is still the tax less lines 46-48.
    let r = run(
        2024,
        vec![],
        dec!(4000),
        dec!(0),
        &[credit(ImpairedEmployee, dec!(3600))],
        dec!(0),
    );
    assert_eq!(r.total(Key::BalanceAfterCredits), dec!(4000));
}
