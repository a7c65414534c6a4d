//! Estimated tax (NJ-2210, line 52) and health coverage (NJ-HCC, line 53c): the drafts in
//! `examples/estimates/` against results worked BY HAND from the statute (N.J.S.A. 54A:2-1, 3-1,
//! 6-10, 8-2, 8-4, 8-5, 9-6 c and d, 11-3, 11-4) and the issue-7 decisions before the engine was
//! run. Each test checks the form lines, the refund or balance due, and the schedule: the NJ-2210
//! columns (required, paid by the due date, underpayment, interest) or the NJ-HCC worksheet
//! (months owed, flat and percentage amounts, cap, tax, payment).
//!
//! The arithmetic, with the statute for every step, is in `docs/estimate-and-health-returns.md`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use crate::common;

use crate::common::dec;

use njtax_engine::ParamBook;
use njtax_engine::answers::{Answers, Owner};
use njtax_engine::compute::{ComputedReturn, ReturnSet};

const DOC: &str = "docs/estimate-and-health-returns.md";
const RETURN_1: &str = "retiree-late-estimates.ron";
const RETURN_2: &str = "family-uninsured-member.ron";

fn answers(file: &str) -> Answers {
    common::load_answers("estimates", file)
}

fn compute(a: &Answers) -> ReturnSet {
    let book = ParamBook::load().expect("embedded parameters load");
    njtax_engine::compute::compute_set(a, &book).expect("the draft computes")
}

fn same(problems: &mut Vec<String>, what: &str, want: &str, got: rust_decimal::Decimal) {
    if got != dec(want) {
        problems.push(format!("  {what}: expected {want}, got {got}"));
    }
}

fn finish(file: &str, problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{file} differs from the hand computation in {DOC}:\n{}",
        problems.join("\n")
    );
}

/// Expected NJ-2210 column: (required, paid by the due date, underpayment, interest).
type Col = (&'static str, &'static str, &'static str, &'static str);

/// Expected NJ-2210 Part I: (line 1, line 2, line 3, required annual payment).
type Head = (&'static str, &'static str, &'static str, &'static str);

fn check_2210(
    ret: &ComputedReturn,
    head: Head,
    cols: &[Col],
    total: &str,
    problems: &mut Vec<String>,
) {
    let Some(s) = &ret.nj2210 else {
        problems.push("  nj2210: the return has no NJ-2210 schedule".to_owned());
        return;
    };
    let (l1, l2, l3, annual) = head;
    same(problems, "nj2210 line 1 (tax)", l1, s.tax);
    same(
        problems,
        "nj2210 line 2 (withholding and credits)",
        l2,
        s.withholding_and_credits,
    );
    same(problems, "nj2210 line 3", l3, s.net_tax);
    same(
        problems,
        "nj2210 required annual",
        annual,
        s.required_annual,
    );
    same(problems, "nj2210 interest (line 52)", total, s.interest);
    if s.columns.len() != cols.len() {
        problems.push(format!(
            "  nj2210: expected {} columns, got {}",
            cols.len(),
            s.columns.len()
        ));
    }
    for (i, (want, got)) in cols.iter().zip(s.columns.iter()).enumerate() {
        let name = ["A", "B", "C", "D"].get(i).copied().unwrap_or("?");
        let (req, paid, under, int) = *want;
        let before = problems.len();
        same(
            problems,
            &format!("column {name} required"),
            req,
            got.required,
        );
        same(problems, &format!("column {name} paid"), paid, got.paid);
        same(
            problems,
            &format!("column {name} underpayment"),
            under,
            got.underpayment,
        );
        same(
            problems,
            &format!("column {name} interest"),
            int,
            got.interest,
        );
        if problems.len() > before {
            problems.push(format!(
                "             engine says (column {name}): {}",
                got.explanation.rule
            ));
        }
    }
}

/// Return 1, the form: single retiree, 2,651.25 + 6.37% × 83,000 = 7,938.35 (54A:2-1 b(7); no
/// pension exclusion above $150,000, 6-10); line 52 = 82.06 from the NJ-2210; line 54 =
/// 7,938.35 + 82.06 = 8,020.41; estimated payments 5,700.00; balance due 2,320.41.
#[test]
fn retiree_late_estimates_owes_82_06_interest_on_line_52_and_2320_41_balance_54a_9_6_c() {
    let set = compute(&answers(RETURN_1));
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    let lines = [
        ("16a", "6000.00"),
        ("17", "14000.00"),
        ("20a", "140000.00"),
        ("27", "160000.00"),
        ("28a", "0"),
        ("28b", "0"),
        ("28c", "0"),
        ("29", "160000.00"),
        ("6", "1000.00"),
        ("7", "1000.00"),
        ("13", "2000.00"),
        ("30", "2000.00"),
        ("38", "2000.00"),
        ("39", "158000.00"),
        ("41", "0"),
        ("42", "158000.00"),
        ("43", "7938.35"),
        ("45", "7938.35"),
        ("50", "7938.35"),
        ("51", "0"),
        ("52", "82.06"),
        ("53c", "0"),
        ("54", "8020.41"),
        ("55", "0"),
        ("56", "0"),
        ("57", "5700.00"),
        ("58", "0"),
        ("66", "5700.00"),
        ("67", "2320.41"),
        ("68", "0"),
        ("79", "2320.41"),
        ("80", "0"),
    ];
    problems.extend(common::line_problems(&ret, &lines, "0", "2320.41"));
    finish(RETURN_1, &problems);
}

/// Return 1, the NJ-2210: required annual = lesser of 80% × 7,938.35 = 6,350.68 and last year's
/// 6,000.00 (9-6 c(2): 100%; 9-6 d(3)'s 110% touches only the exception, and 140,000 is not over it);
/// 1,500.00 a column. Oldest shortfall first (decision 3): A and B get nothing by their due
/// dates, C is paid on time by the September 12 payment after B's 800 is settled, D nothing by
/// January 15. Interest per month or part (decision 4), 11.5% for months starting in 2024, 10.75%
/// for months starting in 2025, to April 15, 2025 at most: A 1,000 × 2 + 500 × 3 months = 33.54;
/// B 700 × 1 + 800 × 3 = 29.71; C 0; D 1,200 × 1 + 300 × 3 at 10.75% = 18.81; total 82.06.
#[test]
fn retiree_nj2210_columns_pay_the_oldest_shortfall_first_and_stop_at_april_15_54a_9_6_c() {
    let set = compute(&answers(RETURN_1));
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    let cols: [Col; 4] = [
        ("1500.00", "0", "1500.00", "33.54"),
        ("1500.00", "0", "1500.00", "29.71"),
        ("1500.00", "1500.00", "0", "0"),
        ("1500.00", "0", "1500.00", "18.81"),
    ];
    check_2210(
        &ret,
        ("7938.35", "0", "7938.35", "6000.00"),
        &cols,
        "82.06",
        &mut problems,
    );
    if let Some(s) = &ret.nj2210 {
        let dues: Vec<String> = s
            .columns
            .iter()
            .map(|c| c.due.map_or_else(|| "none".to_owned(), |d| d.to_string()))
            .collect();
        let want = ["2024-04-15", "2024-06-17", "2024-09-16", "2025-01-15"];
        if dues != want {
            problems.push(format!(
                "  nj2210 due dates: expected {want:?}, got {dues:?}"
            ));
        }
    }
    finish(RETURN_1, &problems);
}

/// Return 2, the form: joint, 37,020 in the table row 37,000-37,050: 280 + 1.75% × 17,025 =
/// 577.94 → 578 (54A:2-1 a(7), 8-2); NJ EITC 40% × 2,474 = 989.60 (4-7); line 53c 289.58 from
/// the NJ-HCC; line 54 = 578.00 + 289.58 = 867.58; payments 390 + 989.60 = 1,379.60; refund
/// 512.02. NJ-2210 line 3 is below zero: no interest (8-4 a).
#[test]
fn family_with_spouse_uninsured_five_months_pays_289_58_on_line_53c_54a_11_3_b() {
    let set = compute(&answers(RETURN_2));
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    let lines = [
        ("15", "40000.00"),
        ("16a", "520.00"),
        ("16b", "1500.00"),
        ("27", "40520.00"),
        ("29", "40520.00"),
        ("6", "2000.00"),
        ("10", "1500.00"),
        ("13", "3500.00"),
        ("30", "3500.00"),
        ("38", "3500.00"),
        ("39", "37020.00"),
        ("42", "37020.00"),
        ("43", "578.00"),
        ("50", "578.00"),
        ("52", "0"),
        ("53c", "289.58"),
        ("54", "867.58"),
        ("55", "390.00"),
        ("56", "0"),
        ("57", "0"),
        ("58", "989.60"),
        ("65", "0"),
        ("66", "1379.60"),
        ("67", "0"),
        ("68", "512.02"),
        ("80", "512.02"),
        ("79", "0"),
    ];
    problems.extend(common::line_problems(&ret, &lines, "512.02", "0"));
    if let Some(s) = &ret.nj2210
        && s.interest != rust_decimal::Decimal::ZERO
    {
        problems.push(format!(
            "  nj2210 interest: expected 0 (line 3 not over $400), got {}",
            s.interest
        ));
    }
    finish(RETURN_2, &problems);
}

/// Expected NJ-HCC worksheet: household income, the flat and percentage amounts of each owed
/// month, the sum of the monthly amounts, the cap, the tax and line 53c.
struct Hcc {
    household_income: &'static str,
    flat: &'static str,
    percentage: &'static str,
    total_monthly: &'static str,
    cap: &'static str,
    tax: &'static str,
}

fn check_hcc(ret: &ComputedReturn, want: &Hcc, problems: &mut Vec<String>) {
    let Some(h) = &ret.hcc else {
        problems.push("  hcc: the return has no NJ-HCC schedule".to_owned());
        return;
    };
    if h.everyone_covered {
        problems.push("  hcc: everyone_covered is true; Dana was uninsured 5 months".to_owned());
    }
    if let Some(r) = &h.exempt_reason {
        problems.push(format!("  hcc: unexpected exemption: {r}"));
    }
    let owed: Vec<Vec<u8>> = h.members.iter().map(|m| m.months_owed.clone()).collect();
    let with_months: Vec<&Vec<u8>> = owed.iter().filter(|m| !m.is_empty()).collect();
    if with_months != [&vec![1u8, 2, 3, 4, 5]] {
        problems.push(format!(
            "  hcc members' months owed: expected only Dana with [1, 2, 3, 4, 5], got {owed:?}"
        ));
    }
    let months: Vec<u8> = h.months.iter().map(|m| m.month).collect();
    if months != [1, 2, 3, 4, 5] {
        problems.push(format!(
            "  hcc worksheet months: expected [1, 2, 3, 4, 5], got {months:?}"
        ));
    }
    for m in &h.months {
        if m.adults != 1 || m.children != 0 {
            problems.push(format!(
                "  hcc month {}: expected 1 adult 0 children, got {} and {}",
                m.month, m.adults, m.children
            ));
        }
        same(
            problems,
            &format!("hcc month {} flat", m.month),
            want.flat,
            m.flat,
        );
        same(
            problems,
            &format!("hcc month {} percentage", m.month),
            want.percentage,
            m.percentage,
        );
        same(
            problems,
            &format!("hcc month {} cap", m.month),
            "330.00",
            m.cap,
        );
    }
    same(
        problems,
        "hcc household income",
        want.household_income,
        h.household_income,
    );
    same(
        problems,
        "hcc total of monthly amounts",
        want.total_monthly,
        h.total_monthly,
    );
    same(problems, "hcc cap", want.cap, h.cap);
    same(problems, "hcc tax", want.tax, h.tax);
    same(problems, "hcc federal credit", "0", h.federal_credit);
    same(problems, "hcc payment (53c)", want.tax, h.payment);
    if !problems.is_empty() {
        problems.push(format!("             engine says: {}", h.explanation.rule));
    }
}

/// Return 2, the NJ-HCC: household income 40,520 + 1,500 + 2,000 = 44,020; flat 695 (one adult,
/// under 2,085) beats 2.5% × (44,020 − 20,000) = 600.50; 5 × 695 / 12 = 289.58 under the bronze
/// cap 5 × 3,960 / 12 = 1,650.00 (54A:11-3 b, 11-4 a; 5000A(c) as of December 15, 2017).
#[test]
fn family_hcc_flat_amount_695_beats_percentage_600_50_for_five_months_54a_11_4_a() {
    let set = compute(&answers(RETURN_2));
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    let want = Hcc {
        household_income: "44020.00",
        flat: "695.00",
        percentage: "600.50",
        total_monthly: "289.58",
        cap: "1650.00",
        tax: "289.58",
    };
    check_hcc(&ret, &want, &mut problems);
    finish(RETURN_2, &problems);
}

/// Return 2 with Dana's wages `wages`, the child's income `child_income` and the federal AGI
/// `agi` (line 27: wages + 32,000 + 520): no federal EIC at that income.
fn family_variant(wages: &str, child_income: &str, agi: &str) -> Answers {
    let mut a = answers(RETURN_2);
    for w in &mut a.income.w2s {
        if w.owner == Owner::Spouse {
            w.state_wages = dec(wages);
        }
    }
    a.health.dependents_income = dec(child_income);
    a.federal.irs_eic_override = None;
    a.federal.eic_claimed_federally = false;
    a.federal.agi = dec(agi);
    a.federal.earned_income = dec(agi) - dec("520.00");
    a
}

/// Variant 2b: Dana earns 55,960 (line 27 = 88,480), child 2,020: household income 92,000;
/// 2.5% × 72,000 = 1,800 beats the flat 695; 5 × 150.00 = 750.00 (cap 1,650). Line 42 = 84,980,
/// table row midpoint 84,975: 1,645 + 5.525% × 4,975 = 1,919.87 → 1,920. No EIC at AGI 88,480;
/// withholding 390 < 1,920: NJ-2210 80% × 1,920 = 1,536 → 384.00 a column, withholding 97.50 on
/// each due date paying the oldest shortfall first (decision 3): A 286.50 (16.30), B 384.00
/// (35.92), C 384.00 (25.04), D 384.00 (10.32); line 52 = 87.58; line 54 = 2,757.58.
#[test]
fn family_variant_percentage_1800_beats_flat_695_above_47800_household_income_54a_11_4_a() {
    let set = compute(&family_variant("55960.00", "2020.00", "88480.00"));
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    let want = Hcc {
        household_income: "92000.00",
        flat: "695.00",
        percentage: "1800.00",
        total_monthly: "750.00",
        cap: "1650.00",
        tax: "750.00",
    };
    check_hcc(&ret, &want, &mut problems);
    for m in ret.hcc.iter().flat_map(|h| h.months.iter()) {
        same(
            &mut problems,
            &format!("hcc month {} amount", m.month),
            "150.00",
            m.amount,
        );
    }
    let cols: [Col; 4] = [
        ("384.00", "97.50", "286.50", "16.30"),
        ("384.00", "0", "384.00", "35.92"),
        ("384.00", "0", "384.00", "25.04"),
        ("384.00", "0", "384.00", "10.32"),
    ];
    check_2210(
        &ret,
        ("1920.00", "390.00", "1530.00", "1536.00"),
        &cols,
        "87.58",
        &mut problems,
    );
    for (id, want) in [
        ("27", "88480.00"),
        ("42", "84980.00"),
        ("43", "1920.00"),
        ("50", "1920.00"),
        ("52", "87.58"),
        ("53c", "750.00"),
        ("54", "2757.58"),
        ("58", "0"),
    ] {
        same(&mut problems, &format!("line {id}"), want, ret.value(id));
    }
    finish("family variant 2b", &problems);
}

/// Variant 2c: Dana earns 183,980 (line 27 = 216,500), child 2,000: household income 220,000;
/// 2.5% × 200,000 = 5,000 a year, 5 months = 2,083.33, above the bronze cap 5 × 330 = 1,650.00:
/// tax 1,650.00 (5000A(c)(1)(B) with the State bronze premium, 54A:11-4 a).
#[test]
fn family_variant_bronze_cap_1650_bites_when_percentage_is_5000_54a_11_4_a() {
    let set = compute(&family_variant("183980.00", "2000.00", "216500.00"));
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    let want = Hcc {
        household_income: "220000.00",
        flat: "695.00",
        percentage: "5000.00",
        total_monthly: "2083.33",
        cap: "1650.00",
        tax: "1650.00",
    };
    check_hcc(&ret, &want, &mut problems);
    same(&mut problems, "line 53c", "1650.00", ret.value("53c"));
    finish("family variant 2c", &problems);
}

/// Return 1, next year's plan (decision 6; 54A:8-4 a, 8-5 a(1), 9-6 c(2)): next year's
/// underpayment is measured against 100% of this year's tax whatever the income (9-6 c(2); the
/// 110% of 9-6 d(3) changes only the exception of subsection d), so although line 42 158,000 is
/// over $150,000 the plan is this year's tax 7,938.35, less expected withholding 0 (this year's
/// line 55 is 0): more than $400, so a declaration is required. Four installments 1,984.59 (x3)
/// and 1,984.58 (the remainder), due 2025-04-15, 2025-06-16, 2025-09-15, 2026-01-15
/// (nj-reference-2 §8); no overpayment credited forward. (Until issue 15: 110%, 8,732.19.)
#[test]
fn retiree_next_year_plan_is_100_percent_of_this_years_tax_above_150000_54a_9_6_c_2() {
    let set = compute(&answers(RETURN_1));
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    let Some(plan) = &ret.next_year else {
        panic!("retiree: no next-year plan on the return");
    };
    if plan.year != 2025 || !plan.required {
        problems.push(format!(
            "  plan: expected 2025, required; got {} {} ({})",
            plan.year, plan.required, plan.reason
        ));
    }
    same(
        &mut problems,
        "plan estimated tax",
        "7938.35",
        plan.estimated_tax,
    );
    same(&mut problems, "plan credit left", "0", plan.credit_left);
    let want = [
        ("2025-04-15", "1984.59"),
        ("2025-06-16", "1984.59"),
        ("2025-09-15", "1984.59"),
        ("2026-01-15", "1984.58"),
    ];
    if plan.installments.len() != want.len() {
        problems.push(format!(
            "  plan: expected 4 installments, got {}",
            plan.installments.len()
        ));
    }
    for ((due, amount), got) in want.iter().zip(plan.installments.iter()) {
        let got_due = got.due.map_or_else(|| "none".to_owned(), |d| d.to_string());
        if got_due != *due {
            problems.push(format!("  plan due: expected {due}, got {got_due}"));
        }
        same(
            &mut problems,
            &format!("plan {due} amount"),
            amount,
            got.amount,
        );
        same(
            &mut problems,
            &format!("plan {due} to pay"),
            amount,
            got.to_pay,
        );
    }
    if !problems.is_empty() {
        problems.push(format!(
            "             engine says: {}",
            plan.explanation.rule
        ));
    }
    if ret.late.is_some() {
        problems.push("  late estimate: expected none (filed and paid on time)".to_owned());
    }
    finish(RETURN_1, &problems);
}

/// Return 1 filed and paid late on 2025-06-20 (variant 1b, an estimate outside the form; decision
/// 7; 54:49-4 per nj-reference §5): due 2025-04-15, late by 2 months and a part = 3 months.
/// Balance due (line 67) 2,320.41. Late filing 3 × $100 + 3 × 5% × 2,320.41 = 300 + 348.06 =
/// 648.06 (15% is under the 25% limit); late payment 5% × 2,320.41 = 116.02; interest 3 months at
/// 10.75% (months starting in 2025) = 2,320.41 × 0.026875 = 62.36; total 826.44. The form lines do
/// not change.
#[test]
fn retiree_filed_and_paid_three_months_late_estimate_is_826_44_54a_9_6_a() {
    let mut a = answers(RETURN_1);
    let d = |s: &str| s.parse::<njtax_engine::answers::Date>().expect("a date");
    a.filing.filed_on = Some(d("2025-06-20"));
    a.filing.paid_on = Some(d("2025-06-20"));
    let set = compute(&a);
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    same(
        &mut problems,
        "line 79 (unchanged)",
        "2320.41",
        ret.value("79"),
    );
    let Some(late) = &ret.late else {
        panic!("late variant: no late estimate on the return");
    };
    let due = late.payment_due.map(|x| x.to_string());
    if due.as_deref() != Some("2025-04-15")
        || late.months_filed_late != 3
        || late.months_paid_late != 3
    {
        problems.push(format!(
            "  late: expected due 2025-04-15, 3 months filed and paid late; got {due:?}, {} and {}",
            late.months_filed_late, late.months_paid_late
        ));
    }
    same(
        &mut problems,
        "late balance due",
        "2320.41",
        late.balance_due,
    );
    same(
        &mut problems,
        "late filing addition",
        "648.06",
        late.late_filing,
    );
    same(
        &mut problems,
        "late payment addition",
        "116.02",
        late.late_payment,
    );
    same(&mut problems, "late interest", "62.36", late.interest);
    same(&mut problems, "late total", "826.44", late.total);
    finish("retiree late variant 1b", &problems);
}

/// Variant 1c: the retiree died on 2024-12-01. 54A:9-6 c, last sentence: "No underpayment shall be
/// deemed to exist with respect to a declaration or installment otherwise due on or after the
/// taxpayer's death." Installment D (due 2025-01-15) falls after the death: no underpayment, no
/// interest. A (33.54), B (29.71) and C (0) are unchanged: line 52 = 63.25.
#[test]
fn no_underpayment_for_an_installment_due_after_the_taxpayers_death_54a_9_6_c() {
    let mut a = answers(RETURN_1);
    a.taxpayer.date_of_death = Some("2024-12-01".parse().expect("a date"));
    let set = compute(&a);
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    if let Some(s) = &ret.nj2210 {
        let interest: Vec<String> = s.columns.iter().map(|c| c.interest.to_string()).collect();
        if let Some(d) = s.columns.get(3) {
            same(&mut problems, "column D underpayment", "0", d.underpayment);
            same(&mut problems, "column D interest", "0", d.interest);
        }
        same(&mut problems, "nj2210 interest", "63.25", s.interest);
        if !problems.is_empty() {
            problems.push(format!("             columns' interest: {interest:?}"));
        }
    }
    same(&mut problems, "line 52", "63.25", ret.value("52"));
    finish("retiree variant 1c (died 2024-12-01)", &problems);
}

/// Variant 2d: Kemi (born 2006-03-10) was also uninsured January-May, and the couple paid a
/// $100.00 federal shared responsibility payment. 5000A(c)(3)(C): a child is one who "has not
/// attained the age of 18 before the beginning of a month": Kemi counts as a child for January,
/// February and March (she turns 18 on March 10) and as an adult for April and May.
/// Months 1-3: flat 695 + 347.50 = 1,042.50; months 4-5: 2 × 695 = 1,390.00 (under 2,085);
/// percentage 600.50 loses every month. Total = (3 × 1,042.50 + 2 × 1,390.00) / 12 = 5,907.50 /
/// 12 = 492.2917 → 492.29; cap 5 × 2 × 330 = 3,300.00; tax 492.29; federal credit (54A:11-4 g)
/// min(100, 492.29) = 100.00; line 53c = 392.29.
#[test]
fn child_turning_18_counts_as_adult_from_the_next_month_and_federal_payment_is_credited_54a_11_4_g()
{
    let mut a = answers(RETURN_2);
    for d in &mut a.dependents {
        d.birth_date = Some("2006-03-10".parse().expect("a date"));
        d.coverage.months_without_coverage = vec![1, 2, 3, 4, 5];
    }
    a.health.federal_payment = dec("100.00");
    let set = compute(&a);
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    let Some(h) = &ret.hcc else {
        panic!("variant 2d: no NJ-HCC schedule");
    };
    let want = [
        (1u8, 1u32, 1u32, "1042.50"),
        (2, 1, 1, "1042.50"),
        (3, 1, 1, "1042.50"),
        (4, 2, 0, "1390.00"),
        (5, 2, 0, "1390.00"),
    ];
    if h.months.len() != want.len() {
        problems.push(format!("  hcc: expected 5 months, got {}", h.months.len()));
    }
    for ((month, adults, children, flat), got) in want.iter().zip(h.months.iter()) {
        if got.month != *month || got.adults != *adults || got.children != *children {
            problems.push(format!(
                "  hcc month {month}: expected {adults} adults {children} children, got month {} with {} and {}",
                got.month, got.adults, got.children
            ));
        }
        same(
            &mut problems,
            &format!("hcc month {month} flat"),
            flat,
            got.flat,
        );
        same(
            &mut problems,
            &format!("hcc month {month} percentage"),
            "600.50",
            got.percentage,
        );
        same(
            &mut problems,
            &format!("hcc month {month} cap"),
            "660.00",
            got.cap,
        );
    }
    same(
        &mut problems,
        "hcc total of monthly amounts",
        "492.29",
        h.total_monthly,
    );
    same(&mut problems, "hcc cap", "3300.00", h.cap);
    same(&mut problems, "hcc tax", "492.29", h.tax);
    same(
        &mut problems,
        "hcc federal credit",
        "100.00",
        h.federal_credit,
    );
    same(&mut problems, "hcc payment", "392.29", h.payment);
    same(&mut problems, "line 53c", "392.29", ret.value("53c"));
    if !problems.is_empty() {
        problems.push(format!("             engine says: {}", h.explanation.rule));
    }
    finish("family variant 2d", &problems);
}

/// Variant 1d: $500.00 of last year's overpayment was credited to 2024 (decision 3: paid on the
/// first due date). Line 57 = 6,200.00. A: 500 on time, 1,000 paid 06-10 (2 months: 19.16667 →
/// 19.17). B: 1,200 paid 06-28 (1 month: 11.50), 300 paid 09-12 (3 months: 8.625); B = 20.125 →
/// 20.13 (half away from zero). C: paid on time 09-12, 500 left over carried to D. D: 500 by its
/// due date, 1,000 paid 2025-01-21 (1 month at 10.75%: 8.95833 → 8.96). Line 52 = 48.26.
/// Column C's `paid` is 2,000.00: the field holds what was available by the due date, excess
/// included (see the doc).
#[test]
fn prior_year_overpayment_counts_on_the_april_due_date_and_half_cents_round_up_54a_9_6_c() {
    let mut a = answers(RETURN_1);
    a.payments.prior_year_overpayment = dec("500.00");
    let set = compute(&a);
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    let cols: [Col; 4] = [
        ("1500.00", "500.00", "1000.00", "19.17"),
        ("1500.00", "0", "1500.00", "20.13"),
        // "paid" holds everything available by the due date (the form's line 6 with the
        // carried amount): 2,300 less B's 300 = 2,000, of which 500 carries on to D.
        ("1500.00", "2000.00", "0", "0"),
        ("1500.00", "500.00", "1000.00", "8.96"),
    ];
    check_2210(
        &ret,
        ("7938.35", "0", "7938.35", "6000.00"),
        &cols,
        "48.26",
        &mut problems,
    );
    same(&mut problems, "line 57", "6200.00", ret.value("57"));
    same(&mut problems, "line 52", "48.26", ret.value("52"));
    finish("retiree variant 1d (prior-year overpayment)", &problems);
}
