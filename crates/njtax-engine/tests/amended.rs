//! Amended returns (issue 19): three returns worked by hand from the statute by a checker who
//! did not run the engine (docs/worked-amended-returns.md), and the edges of the time limits
//! (54A:8-7 a, 54A:9-8 a, c, g, h) and of the columns.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::PathBuf;

use njtax_engine::amend::{explanation_of_changes, start_amendment, written_explanation};
use njtax_engine::answers::{AmendReason, AmendReasons, Date, Homestead, HomesteadKind};
use njtax_engine::compute::{ReturnSet, compute_set};
use njtax_engine::rules::amended::AmendedReturn;
use njtax_engine::{Answers, Key, ParamBook, Severity, parse_draft};
use rust_decimal::{Decimal, dec};

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

fn book() -> ParamBook {
    ParamBook::load().unwrap()
}

/// The original draft, and the amended draft "Amend this return" makes from it.
fn amend(name: &str) -> (Answers, ReturnSet, Answers) {
    let original = fixture(name);
    let set = compute_set(&original, &book()).unwrap();
    let amended = start_amendment(&original, &set);
    (original, set, amended)
}

fn amended_of(a: &Answers) -> (ReturnSet, AmendedReturn) {
    let set = compute_set(a, &book()).unwrap();
    let x = set.returns[0].amended.clone().expect("an amended return");
    (set, x)
}

fn cols(x: &AmendedReturn, key: Key) -> (Option<Decimal>, Option<Decimal>, Decimal) {
    let r = x.row(key).unwrap_or_else(|| panic!("no row {key:?}"));
    (r.original, r.change, r.amended)
}

fn codes(set: &ReturnSet) -> Vec<(String, Severity)> {
    set.returns[0]
        .diagnostics
        .iter()
        .map(|d| (d.code.clone(), d.severity))
        .collect()
}

fn has(set: &ReturnSet, code: &str) -> bool {
    set.returns[0].diagnostics.iter().any(|d| d.code == code)
}

fn message<'a>(set: &'a ReturnSet, code: &str) -> &'a str {
    &set.returns[0]
        .diagnostics
        .iter()
        .find(|d| d.code == code)
        .unwrap_or_else(|| panic!("no {code} in {:?}", codes(set)))
        .message
}

/// A: a corrected W-2 (52,000 -> 55,400) gives more tax. Hand-worked: line 42 51,000 -> 54,400,
/// tax 1,327 -> 1,514 (table rows at the midpoints 51,025 and 54,425), the original refund of
/// 73 already paid out, so 1,400 + 0 - 73 - 1,514 = 187.00 due; interest 8 months (2026-04-15 to
/// 2026-11-16) at 10%: 187 x 0.10 x 8/12 = 12.47.
#[test]
fn a_corrected_w2_gives_more_tax_with_interest_from_the_due_date() {
    let (_, orig_set, mut a) = amend("a-corrected-w2-original.ron");
    let orig = &orig_set.returns[0];
    assert_eq!(orig.refund, dec!(73), "the original showed a refund of 73");
    a.income.w2s[0].state_wages = dec!(55400);
    a.federal.agi = dec!(55400);
    a.federal.earned_income = dec!(55400);
    let am = a.amends.as_mut().unwrap();
    am.reasons = AmendReasons::of(&[AmendReason::CorrectedStatement]);
    am.filed_on = Some(d(2026, 11, 16));
    let (set, x) = amended_of(&a);
    assert_eq!(x.form, "NJ-1040X");
    assert_eq!(
        cols(&x, Key::Wages),
        (Some(dec!(52000)), Some(dec!(3400)), dec!(55400))
    );
    assert_eq!(
        cols(&x, Key::NjTaxableIncome),
        (Some(dec!(51000)), Some(dec!(3400)), dec!(54400))
    );
    assert_eq!(
        cols(&x, Key::Tax),
        (Some(dec!(1327)), Some(dec!(187)), dec!(1514))
    );
    assert_eq!(
        cols(&x, Key::TotalTaxDue),
        (Some(dec!(1327)), Some(dec!(187)), dec!(1514))
    );
    assert_eq!(
        cols(&x, Key::TotalPayments),
        (Some(dec!(1400)), Some(dec!(0)), dec!(1400))
    );
    assert_eq!(
        cols(&x, Key::Overpayment),
        (Some(dec!(73)), Some(dec!(-73)), dec!(0))
    );
    assert_eq!(x.original_overpayment, dec!(73));
    assert_eq!(x.net, dec!(-187));
    assert_eq!((x.balance_due, x.refund), (dec!(187), dec!(0)));
    let i = x.interest.as_ref().unwrap();
    assert_eq!(
        (i.from, i.to, i.months),
        (d(2026, 4, 15), d(2026, 11, 16), 8)
    );
    assert_eq!(i.amount, dec!(12.47));
    assert!(x.refund_limit.is_none());
    assert!(
        x.federal_reports.is_empty(),
        "a W-2c is not a federal change"
    );
    assert!(x.complete);
    // The return's own lines are column C: the computed return is the corrected one.
    assert_eq!(set.returns[0].value_by_key(Key::Tax), dec!(1514));
    // A clinic's roster shows what the amended return changes, not the corrected return alone.
    let row = njtax_engine::clinic::roster_row(&a, &set);
    assert_eq!((row.balance_due, row.refund), (dec!(187), dec!(0)));
    assert!(row.amended);
    assert!(
        !has(&set, "amend-nothing-paid"),
        "the original had no tax due"
    );
    // The explanation names the corrected answer and the lines, in the engine's words.
    let p = book().supported(2025).unwrap();
    let text = written_explanation(&a, &set, &p);
    assert!(
        text.starts_with("Amended because: A corrected or missing W-2 or 1099."),
        "{text}"
    );
    assert!(
        text.contains("W-2 #1 (Raritan Valley Foods Inc): state wages 52,000.00 to 55,400.00"),
        "{text}"
    );
    assert!(
        text.contains("line 43 Tax on amount on line 42 +$187.00 ($1,327.00 to $1,514.00)"),
        "{text}"
    );
    assert!(text.contains("Additional tax due: $187.00."), "{text}");
    assert!(
        !text.contains("amends"),
        "the amendment record is not an answer change: {text}"
    );
    // The filer's own explanation replaces it.
    a.amends.as_mut().unwrap().explanation = "  My employer sent a W-2c.  ".into();
    assert_eq!(
        explanation_of_changes(&a, &set, &p),
        "My employer sent a W-2c."
    );
}

/// B: the home left out of a 2024 joint return. Hand-worked: line 42 133,000 -> 123,800 (the
/// 9,200 deduction beats the 50 credit), tax 4,573.25 -> 4,064.95, the original's 673.25 paid
/// with it, so 3,900 + 673.25 - 0 - 4,064.95 = 508.30 refund; filed 2026-12-01, within 3 years
/// of the original (an early return counts as filed 2025-04-15; last day 2028-04-17, the 15th
/// being a Saturday): allowed in full.
#[test]
fn b_a_missed_property_tax_deduction_gives_a_refund_within_the_time_limit() {
    let (_, orig_set, mut a) = amend("b-missed-property-tax-original.ron");
    assert_eq!(orig_set.returns[0].balance_due, dec!(673.25));
    a.homesteads.push(Homestead {
        description: "House, 14 Maple Ave, Clifton".into(),
        kind: HomesteadKind::Owner,
        property_taxes: dec!(9200),
        ..Homestead::default()
    });
    let am = a.amends.as_mut().unwrap();
    am.reasons = AmendReasons::of(&[AmendReason::DeductionOrCredit]);
    am.original[0].paid = dec!(673.25);
    am.original[0].paid_on = Some(d(2025, 4, 1));
    am.filed_on = Some(d(2026, 12, 1));
    let (set, x) = amended_of(&a);
    assert_eq!(
        cols(&x, Key::PropertyTaxDeduction),
        (Some(dec!(0)), Some(dec!(9200)), dec!(9200))
    );
    assert_eq!(
        cols(&x, Key::NjTaxableIncome),
        (Some(dec!(133000)), Some(dec!(-9200)), dec!(123800))
    );
    assert_eq!(
        cols(&x, Key::Tax),
        (Some(dec!(4573.25)), Some(dec!(-508.30)), dec!(4064.95))
    );
    assert_eq!(
        x.row(Key::PropertyTaxCredit).map(|r| r.amended),
        None,
        "no credit: the deduction is better"
    );
    assert_eq!(
        cols(&x, Key::TaxDue),
        (Some(dec!(673.25)), Some(dec!(-508.30)), dec!(164.95))
    );
    assert_eq!(x.net, dec!(508.30));
    assert_eq!((x.refund, x.balance_due), (dec!(508.30), dec!(0)));
    let l = x.refund_limit.as_ref().unwrap();
    assert_eq!(l.last_day, d(2028, 4, 17));
    assert_eq!((l.claimed, l.allowed), (dec!(508.30), dec!(508.30)));
    assert!(x.interest.is_none());
    assert!(!has(&set, "amend-refund-time-barred"), "{:?}", codes(&set));
    let p = book().supported(2024).unwrap();
    let text = written_explanation(&a, &set, &p);
    assert!(
        text.contains("House, 14 Maple Ave, Clifton") && text.contains("added"),
        "{text}"
    );
    assert!(text.contains("Refund claimed: $508.30."), "{text}");
}

/// C: the IRS's final determination of 2026-03-02 adds 6,000 of business profit to a 2022
/// return; reported 2026-07-20. Hand-worked: 90 days after is Sunday 2026-05-31, so the last
/// day is Monday 2026-06-01 and the report is 49 days late; tax 2,321 -> 2,653, the original's
/// refund of 179 paid out: 2,500 - 179 - 2,653 = 332.00 due; interest 40 months from 2023-04-18
/// compounded at each year's end: 26.975 (2023: 3 months at 10%, 6 at 11.25%) + 41.28 (2024,
/// 11.5% on 358.98) + 43.03 (2025, 10.75% on 400.26) + 25.86 (2026, 7 months at 10% on 443.29).
#[test]
fn c_a_federal_change_reported_late_is_warned_and_its_interest_compounded_yearly() {
    let (_, orig_set, mut a) = amend("c-federal-change-original.ron");
    assert_eq!(orig_set.returns[0].refund, dec!(179));
    a.income.businesses.push(njtax_engine::answers::Business {
        name: "Consulting (found by the IRS)".into(),
        net_profit: dec!(6000),
        ..Default::default()
    });
    let am = a.amends.as_mut().unwrap();
    am.reasons = AmendReasons::of(&[AmendReason::FederalChange]);
    am.federal_determination_on = Some(d(2026, 3, 2));
    am.filed_on = Some(d(2026, 7, 20));
    let (set, x) = amended_of(&a);
    assert_eq!(
        cols(&x, Key::BusinessProfits),
        (Some(dec!(0)), Some(dec!(6000)), dec!(6000))
    );
    assert_eq!(
        cols(&x, Key::NjTaxableIncome),
        (Some(dec!(69000)), Some(dec!(6000)), dec!(75000))
    );
    assert_eq!(
        cols(&x, Key::Tax),
        (Some(dec!(2321)), Some(dec!(332)), dec!(2653))
    );
    assert_eq!((x.net, x.balance_due), (dec!(-332), dec!(332)));
    let r = &x.federal_reports[0];
    assert_eq!(
        (r.since, r.due, r.days_late),
        (d(2026, 3, 2), d(2026, 6, 1), Some(49))
    );
    let late = message(&set, "amend-federal-report-late");
    assert!(late.contains("49 days after 2026-06-01"), "{late}");
    let i = x.interest.as_ref().unwrap();
    assert_eq!((i.from, i.months), (d(2023, 4, 18), 40));
    assert_eq!(i.amount, dec!(137.14), "{}", i.words);
    assert!(i.words.contains("compounded yearly"), "{}", i.words);
}

/// 9-8 a, d: a refund claimed after both periods have run out is barred; the day before, allowed.
#[test]
fn a_refund_claimed_after_three_years_from_filing_and_two_from_payment_is_barred() {
    let (_, _, mut a) = amend("b-missed-property-tax-original.ron");
    a.homesteads.push(Homestead {
        property_taxes: dec!(9200),
        ..Homestead::default()
    });
    let am = a.amends.as_mut().unwrap();
    am.reasons = AmendReasons::of(&[AmendReason::DeductionOrCredit]);
    am.original[0].paid = dec!(673.25);
    // The last day: 3 years from 2025-04-15 (the early return's due date) = Saturday 2028-04-15
    // -> Monday 2028-04-17; 2 years from the payment (deemed 2025-04-15) ends earlier.
    am.filed_on = Some(d(2028, 4, 17));
    let (set, x) = amended_of(&a);
    assert_eq!(x.refund, dec!(508.30), "the last day is in time");
    assert!(has(&set, "amend-refund-deadline-near"));
    a.amends.as_mut().unwrap().filed_on = Some(d(2028, 4, 18));
    let (set, x) = amended_of(&a);
    assert_eq!(x.refund_limit.as_ref().unwrap().claimed, dec!(508.30));
    assert_eq!(x.refund, dec!(0), "a day late: barred");
    assert!(message(&set, "amend-refund-time-barred").contains("2028-04-17"));
}

/// 9-8 a: a payment made late keeps a 2-year window open for itself after the 3 years have run;
/// the refund is limited to the tax paid in those 2 years.
#[test]
fn a_late_payment_opens_a_two_year_window_for_the_tax_it_paid() {
    let (_, _, mut a) = amend("b-missed-property-tax-original.ron");
    // 15,000 of property tax: taxable income 133,000 -> 118,000, tax 4,573.25 -> 3,744.50
    // (1,645 + 5.525% of 38,000), a refund of 828.75 claimed.
    a.homesteads.push(Homestead {
        property_taxes: dec!(15000),
        ..Homestead::default()
    });
    let am = a.amends.as_mut().unwrap();
    am.original[0].paid = dec!(673.25);
    am.original[0].paid_on = Some(d(2027, 1, 4));
    // 3 years from filing end 2028-04-17; 2 years from the payment of 2027-01-04 end 2029-01-04.
    am.filed_on = Some(d(2028, 6, 1));
    let (_, x) = amended_of(&a);
    let l = x.refund_limit.as_ref().unwrap();
    assert_eq!(l.last_day, d(2029, 1, 4));
    assert_eq!(l.claimed, dec!(828.75));
    assert_eq!(
        l.allowed,
        dec!(673.25),
        "only the tax paid in the 2 years before the claim"
    );
}

/// 9-8 c: a refund from a federal change may be claimed for 2 years after the report was due
/// (2028-09-01 + 90 days = 2028-11-30; 2 years on is Saturday 2030-11-30 -> Monday 2030-12-02),
/// even when the other limits have run out (for the reduction the change brings: here all of
/// the change is marked as the federal change's).
#[test]
fn a_federal_change_keeps_a_refund_claim_open_for_two_years_after_its_report_was_due() {
    let (_, _, mut a) = amend("b-missed-property-tax-original.ron");
    a.income.w2s[0].state_wages = dec!(90000);
    let mut federal_only = a.clone();
    federal_only.amends = None;
    let am = a.amends.as_mut().unwrap();
    am.federal_change_answers = Some(Box::new(federal_only));
    am.reasons = AmendReasons::of(&[AmendReason::FederalChange]);
    am.original[0].paid = dec!(673.25);
    am.federal_determination_on = Some(d(2028, 9, 1));
    am.filed_on = Some(d(2028, 10, 2));
    let (set, x) = amended_of(&a);
    let l = x.refund_limit.as_ref().unwrap();
    assert_eq!(l.federal_change_last_day, Some(d(2030, 12, 2)));
    assert_eq!(l.allowed, l.claimed);
    assert_eq!(l.federal_part, Some(l.claimed));
    assert!(!has(&set, "amend-refund-time-barred"));
    assert!(
        !has(&set, "amend-federal-report-late"),
        "filed within 90 days"
    );
}

/// 54A:8-7 a: the 90th day itself is in time; the day after is late.
#[test]
fn the_ninetieth_day_after_an_amended_federal_return_is_in_time() {
    let (_, _, mut a) = amend("a-corrected-w2-original.ron");
    let am = a.amends.as_mut().unwrap();
    am.reasons = AmendReasons::of(&[AmendReason::AmendedFederalReturn]);
    // 2026-06-01 + 90 days = 2026-08-30, a Sunday -> Monday 2026-08-31.
    am.federal_amended_on = Some(d(2026, 6, 1));
    am.filed_on = Some(d(2026, 8, 31));
    let (set, x) = amended_of(&a);
    assert_eq!(x.federal_reports[0].due, d(2026, 8, 31));
    assert_eq!(x.federal_reports[0].days_late, None);
    assert!(!has(&set, "amend-federal-report-late"));
    a.amends.as_mut().unwrap().filed_on = Some(d(2026, 9, 1));
    let (set, x) = amended_of(&a);
    assert_eq!(x.federal_reports[0].days_late, Some(1));
    assert!(has(&set, "amend-federal-report-late"));
    // Without its date the check cannot be made, and the app says so.
    a.amends.as_mut().unwrap().federal_amended_on = None;
    let (set, _) = amended_of(&a);
    assert!(has(&set, "amend-federal-date-missing"));
}

/// Typed original figures: the result needs the total tax, the total payments and the
/// overpayment; without them it is an error naming the lines, and a line not typed has no
/// change.
#[test]
fn typed_original_figures_missing_a_needed_line_are_an_error_naming_it() {
    let (_, _, mut a) = amend("a-corrected-w2-original.ron");
    let o = &mut a.amends.as_mut().unwrap().original[0];
    o.from_draft = false;
    o.lines
        .retain(|k, _| *k == Key::Wages || *k == Key::TotalTaxDue);
    let (set, x) = amended_of(&a);
    assert!(!x.complete);
    let m = message(&set, "amend-original-incomplete");
    assert!(
        m.contains("line 66") && m.contains("line 68") && !m.contains("line 54"),
        "{m}"
    );
    assert_eq!(
        x.row(Key::Tax).unwrap().change,
        None,
        "line 43 not typed: no change shown"
    );
    assert_eq!(x.row(Key::Wages).unwrap().change, Some(dec!(0)));
    assert!(set.returns[0].has_errors());
    // No original at all for the form computed.
    a.amends.as_mut().unwrap().original.clear();
    let (set, _) = amended_of(&a);
    assert!(has(&set, "amend-original-missing"));
}

/// An original with tax due but nothing said to be paid is flagged; an original return (no
/// `amends`) has no amended return at all.
#[test]
fn an_unpaid_original_balance_is_flagged_and_an_original_return_has_no_columns() {
    let (original, orig_set, a) = amend("b-missed-property-tax-original.ron");
    assert!(orig_set.returns[0].amended.is_none());
    assert!(original.amends.is_none());
    let (set, x) = amended_of(&a);
    assert!(has(&set, "amend-nothing-paid"));
    assert!(has(&set, "amend-no-reason"));
    // Nothing corrected and nothing paid: the original's balance is asked for again.
    assert_eq!(x.balance_due, dec!(673.25));
    assert!(!x.changes_anything());
}

/// The amended draft keeps the original's answers without their own amendment, and survives a
/// save and a read.
#[test]
fn an_amended_draft_round_trips_and_keeps_one_level_of_original_answers() {
    let (original, _, a) = amend("a-corrected-w2-original.ron");
    let am = a.amends.as_ref().unwrap();
    assert_eq!(am.original_answers.as_deref(), Some(&original));
    assert_eq!(am.original[0].lines.get(&Key::Tax), Some(&dec!(1327)));
    let set = compute_set(&a, &book()).unwrap();
    let again = start_amendment(&a, &set);
    let kept = again
        .amends
        .as_ref()
        .unwrap()
        .original_answers
        .as_ref()
        .unwrap();
    assert!(kept.amends.is_none(), "one level only");
    let draft = njtax_engine::Draft {
        format_version: njtax_engine::FORMAT_VERSION,
        answers: a.clone(),
    };
    let text = ron::ser::to_string_pretty(&draft, ron::ser::PrettyConfig::default()).unwrap();
    assert_eq!(parse_draft(&text).unwrap().answers, a);
}
