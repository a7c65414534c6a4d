//! The later refund windows of an amended return (issue 39, items 1 and 5): after the 54A:9-8 a
//! period, the readjustment of the credit for tax paid to another state within one year after
//! that state's notice (54A:4-1 e), and the reduction in tax a federal change alone brings within
//! 2 years after its report was due (54A:9-8 c). Each refunds its own part only; the rest is
//! barred (54A:9-8 d). Returns D and E are worked by hand in docs/worked-amended-returns.md.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::PathBuf;

use njtax_engine::amend::start_amendment;
use njtax_engine::answers::{
    AmendReason, AmendReasons, Date, Homestead, JurisdictionKind, OtherJurisdiction,
};
use njtax_engine::compute::{ReturnSet, compute_set};
use njtax_engine::rules::amended::AmendedReturn;
use njtax_engine::{Answers, ParamBook, parse_draft};
use rust_decimal::dec;

fn fixture(name: &str) -> Answers {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/amended")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    parse_draft(&text).unwrap().answers
}

fn d(y: u16, m: u8, day: u8) -> Date {
    Date::new(y, m, day).unwrap()
}

fn amended_of(a: &Answers) -> (ReturnSet, AmendedReturn) {
    let set = compute_set(a, &ParamBook::load().unwrap()).unwrap();
    let x = set.returns[0].amended.clone().expect("an amended return");
    (set, x)
}

fn amend(name: &str) -> Answers {
    let original = fixture(name);
    let set = compute_set(&original, &ParamBook::load().unwrap()).unwrap();
    start_amendment(&original, &set)
}

fn has(set: &ReturnSet, code: &str) -> bool {
    set.returns[0].diagnostics.iter().any(|d| d.code == code)
}

fn message<'a>(set: &'a ReturnSet, code: &str) -> &'a str {
    &set.returns[0]
        .diagnostics
        .iter()
        .find(|d| d.code == code)
        .unwrap_or_else(|| {
            let codes: Vec<&str> = set.returns[0]
                .diagnostics
                .iter()
                .map(|d| d.code.as_str())
                .collect();
            panic!("no {code} in {codes:?}")
        })
        .message
}

/// Return D amended after New York's notice: New York income 40,000 -> 80,000, its tax 4,000 ->
/// 6,000, the notice received `notice`, the amended return filed `filed`.
fn new_york_notice(notice: Option<Date>, filed: Date) -> Answers {
    let mut a = amend("d-new-york-notice-original.ron");
    let ny = &mut a.other_jurisdictions[0];
    ny.income_taxed_by_both = dec!(80000);
    ny.tax_paid = dec!(6000);
    ny.tax_due_notice_on = notice;
    let am = a.amends.as_mut().unwrap();
    am.reasons = AmendReasons::of(&[AmendReason::OtherStateTax]);
    am.filed_on = Some(filed);
    a
}

/// The reproducer: 2021 NJ tax 4,180.05 (rate schedule on 99,000); the credit was
/// 4,180.05 x 40,000 / 100,000 = 1,672.02 (less than the 4,000 paid) and is readjusted to
/// 4,180.05 x 80,000 / 100,000 = 3,344.04 (less than 6,000): 1,672.02 less tax. The 9-8 a
/// period ended 2025-04-15 (3 years from the 2022-04-15 filing); the year after the notice of
/// 2026-02-01 ends 2027-02-01 (a Monday), so the claim of 2026-06-01 is in time for it.
#[test]
fn a_new_york_notice_opens_a_year_to_readjust_the_credit_54a_4_1_e() {
    let (set, x) = amended_of(&new_york_notice(Some(d(2026, 2, 1)), d(2026, 6, 1)));
    let l = x.refund_limit.as_ref().unwrap();
    assert_eq!(l.claimed, dec!(1672.02));
    assert_eq!(l.last_day, d(2025, 4, 15));
    assert_eq!(l.readjustment_last_day, Some(d(2027, 2, 1)));
    assert_eq!(l.readjustment_part, Some(dec!(1672.02)));
    assert_eq!(x.refund, dec!(1672.02), "{}", l.words);
    assert!(!has(&set, "amend-refund-time-barred"), "{}", l.words);
    assert!(l.words.contains("54A:4-1 e"), "{}", l.words);
    // Without the notice's date the refund is barred, as the app said before.
    let (set, x) = amended_of(&new_york_notice(None, d(2026, 6, 1)));
    assert_eq!(x.refund, dec!(0));
    let m = message(&set, "amend-refund-time-barred");
    assert!(m.contains("1,672.02"), "{m}");
    assert!(m.contains("give the day you received it"), "{m}");
}

/// The year after the notice: its anniversary is the last day; the day after, barred.
#[test]
fn the_notice_year_ends_on_its_anniversary_and_a_day_later_the_refund_is_barred() {
    let (_, x) = amended_of(&new_york_notice(Some(d(2026, 2, 1)), d(2027, 2, 1)));
    assert_eq!(x.refund, dec!(1672.02));
    let (set, x) = amended_of(&new_york_notice(Some(d(2026, 2, 1)), d(2027, 2, 2)));
    assert_eq!(x.refund, dec!(0));
    let l = x.refund_limit.as_ref().unwrap();
    assert_eq!(l.barred, dec!(1672.02));
    assert!(l.wholly_barred());
    assert!(message(&set, "amend-refund-time-barred").contains("2027-02-01"));
    // The checker's variant: a notice of 2025-05-01, whose year ended 2026-05-01 (a Friday).
    let (_, x) = amended_of(&new_york_notice(Some(d(2025, 5, 1)), d(2026, 6, 1)));
    assert_eq!(x.refund, dec!(0));
    assert_eq!(
        x.refund_limit.as_ref().unwrap().readjustment_last_day,
        Some(d(2026, 5, 1))
    );
}

/// "Whichever of such periods expires later": a notice whose year ends before the 9-8 a period
/// leaves the claim to 9-8 a, which allows it up to its last day (2025-04-15) and not after.
#[test]
fn when_the_9_8_period_ends_later_than_the_notice_year_it_decides() {
    let (_, x) = amended_of(&new_york_notice(Some(d(2022, 6, 1)), d(2025, 4, 15)));
    let l = x.refund_limit.as_ref().unwrap();
    assert_eq!(l.readjustment_last_day, Some(d(2023, 6, 1)));
    assert_eq!(x.refund, dec!(1672.02), "{}", l.words);
    assert_eq!(l.readjustment_part, None, "9-8 a allows it all");
    let (_, x) = amended_of(&new_york_notice(Some(d(2022, 6, 1)), d(2025, 4, 16)));
    assert_eq!(x.refund, dec!(0));
}

/// 4-1 e lets the credit be readjusted: only the reduction in tax the readjustment brings is
/// refunded after the 9-8 a period. A property tax deduction missed on the original (3,000 paid
/// on a home) is in the same amended return; its part is barred.
#[test]
fn the_notice_year_refunds_the_readjustment_only_not_other_changes() {
    let mut a = new_york_notice(Some(d(2026, 2, 1)), d(2026, 6, 1));
    a.homesteads.push(Homestead {
        property_taxes: dec!(3000),
        ..Homestead::default()
    });
    let (set, x) = amended_of(&a);
    let l = x.refund_limit.as_ref().unwrap();
    assert!(
        l.claimed > dec!(1672.02),
        "the deduction adds to the refund"
    );
    assert_eq!(l.readjustment_part, Some(dec!(1672.02)));
    assert_eq!(x.refund, dec!(1672.02));
    assert_eq!(l.barred, l.claimed - dec!(1672.02));
    assert!(has(&set, "amend-refund-time-barred"));
}

/// Figures typed from the filed return (no original answers kept): the readjustment is the
/// increase of the credit's line, as filed against corrected.
#[test]
fn typed_original_figures_take_the_credit_line_increase_as_the_readjustment() {
    let mut a = new_york_notice(Some(d(2026, 2, 1)), d(2026, 6, 1));
    let am = a.amends.as_mut().unwrap();
    am.original_answers = None;
    am.original[0].from_draft = false;
    let (_, x) = amended_of(&a);
    assert_eq!(x.refund, dec!(1672.02));
}

/// A notice date on an entry that did not change is an answer the engine does not use: a
/// warning names it; on a draft that amends nothing, another warning says where it matters.
#[test]
fn a_notice_without_a_change_of_the_credit_is_warned_as_unused() {
    let mut a = amend("d-new-york-notice-original.ron");
    a.other_jurisdictions[0].tax_due_notice_on = Some(d(2026, 2, 1));
    let (set, x) = amended_of(&a);
    assert!(
        message(&set, "amend-coj-notice-unused").contains("New York"),
        "{x:?}"
    );
    let mut original = fixture("d-new-york-notice-original.ron");
    original.other_jurisdictions[0].tax_due_notice_on = Some(d(2026, 2, 1));
    let set = compute_set(&original, &ParamBook::load().unwrap()).unwrap();
    assert!(message(&set, "coj-notice-not-amended").contains("54A:4-1 e"));
}

/// A notice dated before the original return was filed: warned, and its year (ending
/// 2023-03-01) gives no time beyond 9-8 a, so a claim in 2026 is barred.
#[test]
fn a_notice_dated_before_the_original_filing_is_warned_and_gives_no_more_time() {
    let (set, x) = amended_of(&new_york_notice(Some(d(2022, 3, 1)), d(2026, 6, 1)));
    assert!(message(&set, "amend-coj-notice-before-filing").contains("2022-04-15"));
    assert_eq!(x.refund, dec!(0));
}

/// Return E amended: the IRS's change (final 2028-09-01) removes 10,000 of interest, and the
/// couple also claim the 3,600 property tax deduction they missed. Tax on line 42 (joint,
/// 80,000-150,000: 1,645 + 5.525% over 80,000): as filed 143,000 -> 5,125.75; with the federal
/// change alone 133,000 -> 4,573.25 (552.50 less); with both 129,400 -> 4,374.35 (751.40 less).
fn federal_change_and_deduction(marked: bool, filed: Date) -> Answers {
    let mut a = amend("e-federal-change-and-deduction-original.ron");
    a.income.interest.clear();
    a.federal.agi = dec!(135000);
    a.federal.investment_income = dec!(0);
    let federal_only = a.clone();
    a.homesteads.push(Homestead {
        property_taxes: dec!(3600),
        ..Homestead::default()
    });
    let am = a.amends.as_mut().unwrap();
    am.reasons = AmendReasons::of(&[AmendReason::FederalChange, AmendReason::DeductionOrCredit]);
    am.original[0].paid = dec!(225.75);
    am.federal_determination_on = Some(d(2028, 9, 1));
    am.filed_on = Some(filed);
    if marked {
        let mut f = federal_only;
        f.amends = None;
        am.federal_change_answers = Some(Box::new(f));
    }
    a
}

/// 9-8 c: after the 9-8 a period (ended 2028-04-17) only the reduction the federal change
/// brings, 552.50, is refunded; the deduction's 198.90 is barred with its own words.
#[test]
fn after_9_8_a_only_the_federal_changes_reduction_is_refunded_54a_9_8_c() {
    let (set, x) = amended_of(&federal_change_and_deduction(true, d(2028, 10, 2)));
    let l = x.refund_limit.as_ref().unwrap();
    assert_eq!(l.claimed, dec!(751.40));
    assert_eq!(l.federal_part, Some(dec!(552.50)));
    assert_eq!(x.refund, dec!(552.50), "{}", l.words);
    assert_eq!(l.barred, dec!(198.90));
    let m = message(&set, "amend-refund-time-barred");
    assert!(m.contains("198.90") && m.contains("54A:9-8 d"), "{m}");
    assert!(!has(&set, "amend-federal-part-unmarked"));
}

/// The 9-8 c last day: 90 days after 2028-09-01 is 2028-11-30, 2 years on Saturday 2030-11-30
/// moves to Monday 2030-12-02; the day after, nothing can be refunded.
#[test]
fn the_9_8_c_period_ends_two_years_after_the_report_was_due() {
    let (_, x) = amended_of(&federal_change_and_deduction(true, d(2030, 12, 2)));
    assert_eq!(
        x.refund_limit.as_ref().unwrap().federal_change_last_day,
        Some(d(2030, 12, 2))
    );
    assert_eq!(x.refund, dec!(552.50));
    let (set, x) = amended_of(&federal_change_and_deduction(true, d(2030, 12, 3)));
    assert_eq!(x.refund, dec!(0));
    assert!(message(&set, "amend-refund-time-barred").contains("2030-12-02"));
}

/// Unmarked: which answers the federal change brought is not known, so none of the refund is
/// counted as coming from it, and a warning says how to mark them.
#[test]
fn an_unmarked_federal_change_refunds_nothing_after_9_8_a_and_says_how_to_mark_it() {
    let (set, x) = amended_of(&federal_change_and_deduction(false, d(2028, 10, 2)));
    assert_eq!(x.refund, dec!(0));
    assert!(message(&set, "amend-federal-part-unmarked").contains("751.40"));
    // Within the 9-8 a period the whole refund is allowed, marked or not.
    let (_, x) = amended_of(&federal_change_and_deduction(false, d(2028, 4, 17)));
    assert_eq!(x.refund, dec!(751.40));
}

/// Returns F and G, worked by an independent checker from the statute before the engine ran,
/// with the figures as filed typed (no original answers): the readjustment is the credit line's
/// increase (1,672.02), and the federal change's part is its marked answers against the typed
/// figures (552.50 of 751.40, the rest barred).
#[test]
fn the_independently_worked_returns_with_typed_figures_agree() {
    let (_, x) = amended_of(&fixture("f-new-york-notice-typed-figures.ron"));
    let l = x.refund_limit.as_ref().unwrap();
    assert_eq!(l.last_day, d(2025, 4, 15));
    assert_eq!(l.readjustment_last_day, Some(d(2027, 2, 1)));
    assert_eq!(x.refund, dec!(1672.02), "{}", l.words);
    let (set, x) = amended_of(&fixture("g-federal-change-typed-figures.ron"));
    let l = x.refund_limit.as_ref().unwrap();
    assert_eq!(l.last_day, d(2026, 4, 15));
    assert_eq!(l.federal_change_last_day, Some(d(2028, 6, 30)));
    assert_eq!(l.claimed, dec!(751.40));
    assert_eq!(l.federal_part, Some(dec!(552.50)));
    assert_eq!(x.refund, dec!(552.50));
    assert_eq!(l.barred, dec!(198.90));
    assert!(has(&set, "amend-refund-time-barred"));
}

/// A Pennsylvania entry (10,000 taxed by both, 307 paid there) first claimed on the amended return.
fn pennsylvania(notice: Option<Date>) -> OtherJurisdiction {
    OtherJurisdiction {
        name: "Pennsylvania".into(),
        kind: JurisdictionKind::State,
        income_taxed_by_both: dec!(10000),
        tax_paid: dec!(307),
        tax_due_notice_on: notice,
        ..OtherJurisdiction::default()
    }
}

/// The checker's F1: the 4-1 e part does not depend on the order of the entries. A Pennsylvania
/// entry added without a notice, before or after New York, is not part of New York's
/// readjustment (1,672.02): its 307.00 of credit is first claimed after 9-8 a's period and is
/// barred (54A:9-8 d). Before the fix, Pennsylvania put first counted New York twice (2,508.03,
/// the whole tax, capped at the claim).
#[test]
fn the_readjustment_matches_jurisdictions_by_name_not_by_their_place_in_the_list() {
    for first in [true, false] {
        let mut a = new_york_notice(Some(d(2026, 2, 1)), d(2026, 6, 1));
        if first {
            a.other_jurisdictions.insert(0, pennsylvania(None));
        } else {
            a.other_jurisdictions.push(pennsylvania(None));
        }
        let (_, x) = amended_of(&a);
        let l = x.refund_limit.as_ref().unwrap();
        assert_eq!(l.claimed, dec!(1979.02), "first: {first}: {}", l.words);
        assert_eq!(
            l.readjustment_part,
            Some(dec!(1672.02)),
            "first: {first}: {}",
            l.words
        );
        assert_eq!(x.refund, dec!(1672.02), "first: {first}");
        assert_eq!(l.barred, dec!(307.00), "first: {first}");
    }
    // The notice on the added Pennsylvania entry, New York corrected without one: the credit was
    // allowed for less of Pennsylvania's tax (none) than finally required, so Pennsylvania's
    // readjustment (307.00) is open; New York's correction is barred.
    let mut a = new_york_notice(None, d(2026, 6, 1));
    a.other_jurisdictions
        .insert(0, pennsylvania(Some(d(2026, 2, 1))));
    let (_, x) = amended_of(&a);
    let l = x.refund_limit.as_ref().unwrap();
    assert_eq!(l.readjustment_part, Some(dec!(307.00)), "{}", l.words);
    assert_eq!(x.refund, dec!(307.00));
}

/// The checker's F2: the answers marked as the federal change alone must be a part of the amended
/// return, and only tax counts (54A:9-8 c: "the reduction in tax attributable to such Federal
/// change"). Each case below makes a 9-8 c part of the return G fixture (552.50 of 751.40) that is
/// not the federal change's: none of the refund is counted as coming from it, with a warning.
#[test]
fn marked_federal_change_answers_not_in_the_amended_return_refund_nothing_under_9_8_c() {
    let g = fixture("g-federal-change-typed-figures.ron");
    let with_snapshot = |edit: &dyn Fn(&mut Answers)| {
        let mut a = g.clone();
        let am = a.amends.as_mut().unwrap();
        edit(am.federal_change_answers.as_mut().unwrap());
        a
    };
    type Edit = Box<dyn Fn(&mut Answers)>;
    let cases: [(&str, Edit, &str); 3] = [
        (
            "filing status",
            Box::new(|s| s.filing_status = njtax_engine::answers::FilingStatus::HeadOfHousehold),
            "filing status",
        ),
        (
            "wages removed",
            Box::new(|s| s.income.w2s[0].state_wages = dec!(0)),
            "Wages",
        ),
        (
            "more withholding",
            Box::new(|s| s.income.w2s[0].nj_tax_withheld = dec!(9100)),
            "withh",
        ),
    ];
    for (what, edit, named) in cases {
        let (set, x) = amended_of(&with_snapshot(&*edit));
        let l = x.refund_limit.as_ref().unwrap();
        assert_eq!(l.claimed, dec!(751.40), "{what}");
        assert_eq!(x.refund, dec!(0), "{what}: {}", l.words);
        assert!(l.wholly_barred(), "{what}");
        let m = message(&set, "amend-federal-change-not-in-return");
        assert!(
            m.to_lowercase().contains(&named.to_lowercase()),
            "{what}: {m}"
        );
    }
    // Return E with original answers kept: the federal change marked (interest 10,000 -> 0) but
    // the amended answers keep the interest and only add the property tax deduction.
    let mut a = federal_change_and_deduction(true, d(2028, 10, 2));
    let original = a.amends.as_ref().unwrap().original_answers.clone().unwrap();
    a.income.interest.clone_from(&original.income.interest);
    a.federal = original.federal.clone();
    let (set, x) = amended_of(&a);
    let l = x.refund_limit.as_ref().unwrap();
    assert_eq!(l.claimed, dec!(198.90), "{}", l.words);
    assert_eq!(x.refund, dec!(0), "{}", l.words);
    let m = message(&set, "amend-federal-change-not-in-return");
    assert!(m.contains("nterest"), "{m}");
    // The fixture as marked still refunds the federal change's 552.50, without the warnings.
    let (set, x) = amended_of(&g);
    assert_eq!(x.refund, dec!(552.50));
    assert!(!has(&set, "amend-federal-change-not-in-return"));
    assert!(!has(&set, "amend-federal-change-is-whole-return"));
    // Marked after the deduction was added (the checker's E5): the marked answers are the whole
    // amended return while the deduction's reason is ticked: warned.
    let mut a = g.clone();
    let mut whole = a.clone();
    whole.amends = None;
    a.amends.as_mut().unwrap().federal_change_answers = Some(Box::new(whole));
    let (set, _) = amended_of(&a);
    assert!(
        message(&set, "amend-federal-change-is-whole-return")
            .contains("before making the other corrections")
    );
}

/// The checker's F16: amending an amended return takes as refunded what was refunded, the
/// original's overpayment and the refund the amended return was allowed (54A:9-8 d: a barred
/// refund is never paid). Return D's amended return mailed 2027-02-02 had its 1,672.02 barred, so
/// only the original's 91.97 was refunded: New York's figures put back as filed, nothing is owed.
/// Had the 1,672.02 been allowed (mailed 2026-06-01), putting them back owes it again.
#[test]
fn amending_an_amended_return_counts_only_the_refund_allowed_as_refunded() {
    let again = |filed: Date| {
        let first = new_york_notice(Some(d(2026, 2, 1)), filed);
        let set = compute_set(&first, &ParamBook::load().unwrap()).unwrap();
        let mut a = start_amendment(&first, &set);
        let ny = &mut a.other_jurisdictions[0];
        ny.income_taxed_by_both = dec!(40000);
        ny.tax_paid = dec!(4000);
        ny.tax_due_notice_on = None;
        let am = a.amends.as_mut().unwrap();
        am.reasons = AmendReasons::of(&[AmendReason::OtherStateTax]);
        am.filed_on = Some(d(2027, 3, 1));
        amended_of(&a).1
    };
    let x = again(d(2027, 2, 2));
    assert_eq!(x.original_overpayment, dec!(91.97));
    assert_eq!(x.net, dec!(0), "{}", x.explanation.rule);
    assert_eq!(x.balance_due, dec!(0));
    assert!(x.interest.is_none());
    let x = again(d(2026, 6, 1));
    assert_eq!(x.original_overpayment, dec!(1763.99));
    assert_eq!(x.balance_due, dec!(1672.02));
}

/// The checker's F8: a notice received after the amended return is filed (2026-07-01 against a
/// claim of 2026-06-01) is warned, and the claim made before it does not use its year: the
/// 1,672.02 is barred. Received on the claim's day, the year is open.
#[test]
fn a_notice_received_after_the_claim_is_warned_and_opens_no_year_for_it() {
    let (set, x) = amended_of(&new_york_notice(Some(d(2026, 7, 1)), d(2026, 6, 1)));
    assert!(message(&set, "amend-coj-notice-after-claim").contains("2026-07-01"));
    assert_eq!(x.refund, dec!(0));
    let (set, x) = amended_of(&new_york_notice(Some(d(2026, 6, 1)), d(2026, 6, 1)));
    assert!(!has(&set, "amend-coj-notice-after-claim"));
    assert_eq!(x.refund, dec!(1672.02));
}

/// The checker's F15: answers marked as the federal change alone that the engine cannot use are
/// named: no federal reason ticked, or the federal change's date missing.
#[test]
fn marked_federal_change_answers_left_unused_are_warned() {
    let mut a = federal_change_and_deduction(true, d(2028, 10, 2));
    a.amends.as_mut().unwrap().reasons = AmendReasons::of(&[AmendReason::DeductionOrCredit]);
    let (set, _) = amended_of(&a);
    assert!(message(&set, "amend-federal-change-answers-unused").contains("ticked"));
    let mut a = federal_change_and_deduction(true, d(2028, 10, 2));
    a.amends.as_mut().unwrap().federal_determination_on = None;
    let (set, _) = amended_of(&a);
    assert!(message(&set, "amend-federal-change-answers-unused").contains("date"));
    let (set, _) = amended_of(&federal_change_and_deduction(true, d(2028, 10, 2)));
    assert!(!has(&set, "amend-federal-change-answers-unused"));
}

/// The checker's F7: `njtax diff` (the comparison) names the amendment's answers that changed
/// (the claim's date, a notice date, the answers marked as the federal change alone) and the
/// amended result, a change of outcome though no line differs.
#[test]
fn the_comparison_names_changed_amendment_answers_and_the_amended_result() {
    let book = ParamBook::load().unwrap();
    let words = |c: &njtax_engine::compare::Comparison| {
        c.amendment_changed
            .iter()
            .map(|a| a.path.clone())
            .collect::<Vec<_>>()
    };
    // The claim's date moved past the notice's year: the refund becomes barred.
    let old = new_york_notice(Some(d(2026, 2, 1)), d(2026, 6, 1));
    let new = new_york_notice(Some(d(2026, 2, 1)), d(2027, 2, 2));
    let c = njtax_engine::compare::compare(&old, &new, &book).unwrap();
    assert!(!c.has_changed_lines());
    assert!(c.has_changed_outcome());
    assert_eq!(words(&c), ["amends.filed_on"]);
    let r = &c.amended_result_changed[0];
    assert!(
        r.old
            .as_deref()
            .unwrap()
            .contains("refund claimed $1,672.02"),
        "{r:?}"
    );
    assert!(r.new.as_deref().unwrap().contains("refund barred"), "{r:?}");
    // The notice's date removed.
    let new = new_york_notice(None, d(2026, 6, 1));
    let c = njtax_engine::compare::compare(&old, &new, &book).unwrap();
    assert_eq!(words(&c), ["other_jurisdictions[0].tax_due_notice_on"]);
    assert!(c.has_changed_outcome());
    let text = njtax_engine::compare::text::render(&c);
    assert!(text.contains("Amended-return answers changed:"), "{text}");
    assert!(text.contains("Amended result changed:"), "{text}");
    // The federal change's marked answers removed.
    let old = federal_change_and_deduction(true, d(2028, 10, 2));
    let new = federal_change_and_deduction(false, d(2028, 10, 2));
    let c = njtax_engine::compare::compare(&old, &new, &book).unwrap();
    assert_eq!(words(&c), ["amends.federal_change_answers"]);
    assert_eq!(c.amendment_changed[0].new, None);
    assert!(c.has_changed_outcome());
    // Nothing changed: nothing listed.
    let c = njtax_engine::compare::compare(&old, &old.clone(), &book).unwrap();
    assert!(c.amendment_changed.is_empty() && !c.has_changed_outcome());
}

/// The checker's F6: with figures typed from the filed return, a corrected W-2 on the same
/// amended return (wages 100,000 -> 110,000, withholding +1,000) raises the credit line by more
/// than New York's readjustment; only the readjustment against the return as filed (4,180.05 x
/// 80,000 / 100,000 = 3,344.04 against 1,672.02 as filed: 1,672.02) is refunded in its year.
#[test]
fn typed_figures_readjust_the_credit_against_the_return_as_filed_not_other_corrections() {
    let mut a = fixture("f-new-york-notice-typed-figures.ron");
    let w2 = &mut a.income.w2s[0];
    w2.state_wages += dec!(10000);
    w2.nj_tax_withheld += dec!(1000);
    let (_, x) = amended_of(&a);
    let l = x.refund_limit.as_ref().unwrap();
    assert!(l.claimed > dec!(1672.02), "{}", l.words);
    assert_eq!(l.readjustment_part, Some(dec!(1672.02)), "{}", l.words);
    assert_eq!(x.refund, dec!(1672.02));
}

/// The checker's F9: on an amended back-year draft the back-year warning does not say a refund is
/// paid only by the original's last day (2025-04-15), above an amended result that allows one in
/// 2026 under 54A:4-1 e; the amended return's own limits say when.
#[test]
fn the_back_year_warning_of_an_amended_draft_does_not_contradict_its_refund_limits() {
    let (set, x) = amended_of(&new_york_notice(Some(d(2026, 2, 1)), d(2026, 6, 1)));
    assert_eq!(x.refund, dec!(1672.02));
    let m = message(&set, "back-year");
    assert!(!m.contains("A refund is paid only when"), "{m}");
}
