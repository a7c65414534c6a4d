//! Back years 2018-2021 (issue 21): the drafts in `examples/back-years/` against results worked BY
//! HAND by the independent checker from the statute (N.J.S.A. Title 54A: 2-1 a(6), a(7), b(6), b(7),
//! 2-4, 3-1, 3A-16 to 3A-20, 4-4, 4-7, 4-17 before and after its 2021 amendment, 6-10, 6-15, 8-2,
//! 11-3, 11-4) and reference sheet 3 Part B (B7, the line map of each year; B8, the figures of each
//! year), before the engine computed those years.
//!
//! Each line is named by **that year's own line id** (B7): in 2018 the tax is line 41 and the
//! refund line 75, in 2019 line 41 and 76, in 2020 and 2021 line 42 and 78. Each test checks every
//! line the document gives, the refund and the balance due, that the draft gives one full-year
//! resident NJ-1040 of its own tax year with no error diagnostic, and that the return carries the
//! `back-year` warning exactly once (the State's online service takes only recent years, so the
//! return is mailed). There is no provisional-year check: these years are not provisional.
//!
//! The arithmetic, with the statute for every step, is in `docs/returns-back-years.md`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use crate::common;

use njtax_engine::Severity;
use njtax_engine::compute::ComputedReturn;
use njtax_engine::residency::{Filer, ReturnKind};

const DOC: &str = "docs/returns-back-years.md";
const FOLDER: &str = "back-years";

/// The differences of one computed return from the hand computation: form, kind, filer, months,
/// tax year, every expected line, refund, balance due, error diagnostics, and the `back-year`
/// warning (exactly once, a warning).
fn return_problems(
    ret: &ComputedReturn,
    year: u16,
    lines: &[(&str, &str)],
    refund: &str,
    balance_due: &str,
) -> Vec<String> {
    let mut problems = Vec::new();
    if ret.kind != ReturnKind::Resident || ret.filer != Filer::Household {
        problems.push(format!(
            "  expected Resident Household, got {:?} {:?}",
            ret.kind, ret.filer
        ));
    }
    if ret.form != ReturnKind::Resident.form() {
        problems.push(format!(
            "  expected form {}, got {}",
            ReturnKind::Resident.form(),
            ret.form
        ));
    }
    if ret.months != 12 {
        problems.push(format!("  months expected 12, got {}", ret.months));
    }
    if ret.tax_year != year {
        problems.push(format!("  tax year expected {year}, got {}", ret.tax_year));
    }
    // Lines, refund, balance due and every error diagnostic.
    problems.extend(common::line_problems(ret, lines, refund, balance_due));
    let back_year: Vec<_> = ret
        .diagnostics
        .iter()
        .filter(|d| d.code == "back-year")
        .collect();
    if back_year.len() != 1 {
        problems.push(format!(
            "  expected the back-year warning once, got it {} time(s)",
            back_year.len()
        ));
    }
    for d in back_year {
        if d.severity != Severity::Warning {
            problems.push(format!(
                "  back-year is {:?}, expected a warning",
                d.severity
            ));
        }
    }
    problems
}

/// Compute `file` (one full-year resident NJ-1040 of `year`) and compare it with the hand
/// computation.
fn check(file: &str, year: u16, lines: &[(&str, &str)], refund: &str, balance_due: &str) {
    let set = common::load_and_compute_set(FOLDER, file);
    let mut problems = Vec::new();
    if set.returns.len() != 1 {
        let got: Vec<String> = set
            .returns
            .iter()
            .map(|r| format!("{} {:?} {} months", r.form, r.kind, r.months))
            .collect();
        problems.push(format!(
            "  returns: expected one NJ-1040, got {}: {got:?}",
            set.returns.len()
        ));
    }
    if let Some(ret) = set.returns.first() {
        problems.extend(return_problems(ret, year, lines, refund, balance_due));
    }
    assert!(
        problems.is_empty(),
        "{file}: {} difference(s) from the hand computation in {DOC}:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// 2018 (layout: tax 41, COJ 42, balance 43, care credit 44, balances 45 and 47, total tax 52, no
// shared responsibility line, withheld 53, property tax credit 54, EITC 56, NJ-2450 57-59,
// total payments 61, tax due 62, overpayment 63, balance due 74, refund 75).
// ---------------------------------------------------------------------------------------------

/// 54A:3-1 b(7) as it stood for 2018: the veteran exemption is $3,000 (line 9); 6-10 b(1) and 6-15
/// a(1), a(3): the 2018 single cap of $45,000 is shared by 28a (the whole 40,000 pension) and 28b
/// (the 5,000 left).
#[test]
fn return_2018_01_single_veteran_3000_pension_cap_45000_54a_3_1_b_7_6_15_a_3() {
    check(
        "2018-01-single-veteran-3000-pension-cap-45000.ron",
        2018,
        &[
            // 6 = 1,000; 7 = 1,000 (67 at the close of 2018); 9 = 3,000 (2018 veteran).
            ("6", "1000.00"),
            ("7", "1000.00"),
            ("9", "3000.00"),
            ("13", "5000.00"),
            ("16a", "20000.00"),
            ("17", "15000.00"),
            ("20a", "40000.00"),
            ("27", "75000.00"),
            // 28a: the whole pension (under 45,000; line 27 not more than 100,000).
            ("28a", "40000.00"),
            // 28b: cap 45,000 - 28a 40,000 = 5,000, against 35,000 of income left.
            ("28b", "5000.00"),
            ("28c", "45000.00"),
            ("29", "30000.00"),
            ("30", "5000.00"),
            ("36", "5000.00"),
            ("37", "25000.00"),
            // H: A 17,990 -> mid 17,975 x 1.4% = 251.65 -> 252; B 25,000 -> mid 25,025: 367.94 ->
            // 368; saving 116: deduction.
            ("38a", "7010.00"),
            ("39", "7010.00"),
            ("40", "17990.00"),
            ("41", "252.00"),
            ("43", "252.00"),
            ("44", "0"),
            ("45", "252.00"),
            ("47", "252.00"),
            ("49", "252.00"),
            ("52", "252.00"),
            ("53", "900.00"),
            ("54", "0"),
            ("61", "900.00"),
            ("62", "0"),
            ("63", "648.00"),
            ("74", "0"),
            ("75", "648.00"),
        ],
        "648.00",
        "0",
    );
}

/// Pre-2021 54A:4-17 a, b: the nonrefundable care credit at line 44. Federal Form 2441 line 11 =
/// min(30% x 3,000 = 900, tax 603) = 603; line 40 16,500 "not over $20,000": 50% = 301.50, under the
/// $500 cap for one person, limited to the tax 231.00. NJ EITC 37% (4-7 a(2)(j)) of 2,604.
#[test]
fn return_2018_02_hoh_care_credit_line_44_limited_to_tax_54a_4_17_b_pre_2021() {
    check(
        "2018-02-hoh-care-credit-line-44-limited-to-tax.ron",
        2018,
        &[
            ("6", "1000.00"),
            ("10", "1500.00"),
            ("13", "2500.00"),
            ("15", "24000.00"),
            ("27", "24000.00"),
            ("29", "24000.00"),
            ("30", "2500.00"),
            ("36", "2500.00"),
            ("37", "21500.00"),
            // H: A 16,500 -> mid 16,525 x 1.4% = 231.35 -> 231; B 21,500 -> mid 21,525: 306.69
            // -> 307; saving 76: deduction.
            ("38a", "5000.00"),
            ("39", "5000.00"),
            ("40", "16500.00"),
            ("41", "231.00"),
            ("42", "0"),
            ("43", "231.00"),
            // 50% x 603 = 301.50; cap 500; not below zero: 231.00.
            ("44", "231.00"),
            ("45", "0"),
            ("47", "0"),
            ("49", "0"),
            ("52", "0"),
            ("53", "300.00"),
            ("54", "0"),
            // Federal EIC one child, band 24,000-24,050, mid 24,025: 3,461.20 - 15.98% x (24,025
            // - 18,660) = 2,603.87 -> 2,604; 37% = 963.48.
            ("56", "963.48"),
            ("61", "1263.48"),
            ("62", "0"),
            ("63", "1263.48"),
            ("75", "1263.48"),
        ],
        "1263.48",
        "0",
    );
}

/// 54A:2-1 b(6): for 2018-2019, "Over $5,000,000.00 ... $433,373.75 plus 10.75% of the excess";
/// property taxes 22,000 limited to $15,000 (3A-17 a).
#[test]
fn return_2018_03_single_line_40_over_5_million_rate_10_75_54a_2_1_b_6() {
    check(
        "2018-03-single-line-40-over-5-million-10-75.ron",
        2018,
        &[
            ("6", "1000.00"),
            ("13", "1000.00"),
            ("15", "5200000.00"),
            ("16a", "60000.00"),
            ("27", "5260000.00"),
            ("29", "5260000.00"),
            ("30", "1000.00"),
            ("36", "1000.00"),
            ("37", "5259000.00"),
            // H: A 5,244,000: 433,373.75 + 10.75% x 244,000 = 459,603.75; B 5,259,000:
            // 461,216.25; saving 1,612.50: deduction.
            ("38a", "22000.00"),
            ("39", "15000.00"),
            ("40", "5244000.00"),
            ("41", "459603.75"),
            ("43", "459603.75"),
            ("45", "459603.75"),
            ("47", "459603.75"),
            ("49", "459603.75"),
            ("52", "459603.75"),
            ("53", "480000.00"),
            ("61", "480000.00"),
            ("63", "20396.25"),
            ("75", "20396.25"),
        ],
        "20396.25",
        "0",
    );
}

// ---------------------------------------------------------------------------------------------
// 2019 (as 2018, plus the shared responsibility payment at line 52: total tax 53, withheld 54,
// property tax credit 55, EITC 57, total payments 62, tax due 63, overpayment 64, balance due 75,
// refund 76).
// ---------------------------------------------------------------------------------------------

/// 54A:6-10 b(2) for years before 2021: line 27 exactly 100,000.00 is "not more than $100,000":
/// the full 2019 single cap of $60,000 (6-10 b(1)); nothing left for 28b (6-15 a(3)).
#[test]
fn return_2019_04_single_pension_total_income_exactly_100000_full_cap_54a_6_10_b_2() {
    check(
        "2019-04-single-pension-total-income-exactly-100000.ron",
        2019,
        &[
            ("6", "1000.00"),
            ("7", "1000.00"),
            ("13", "2000.00"),
            ("16a", "29210.40"),
            ("17", "789.60"),
            ("20a", "70000.00"),
            ("27", "100000.00"),
            ("28a", "60000.00"),
            ("28b", "0"),
            ("28c", "60000.00"),
            ("29", "40000.00"),
            ("30", "2000.00"),
            ("36", "2000.00"),
            ("37", "38000.00"),
            // H: A 31,988 -> mid 31,975: 280 + 1.75% x 11,975 = 489.56 -> 490; B 38,000 -> 648;
            // saving 158: deduction.
            ("38a", "6012.00"),
            ("39", "6012.00"),
            ("40", "31988.00"),
            ("41", "490.00"),
            ("43", "490.00"),
            ("45", "490.00"),
            ("47", "490.00"),
            ("49", "490.00"),
            ("52", "0"),
            ("53", "490.00"),
            ("54", "700.00"),
            ("62", "700.00"),
            ("63", "0"),
            ("64", "210.00"),
            ("75", "0"),
            ("76", "210.00"),
        ],
        "210.00",
        "0",
    );
}

/// 54A:4-7 a(2)(k): the 2019 NJ EITC is 39% of the federal EIC (1,769) = 689.91; 54A:11-3 b, 11-4:
/// the first year's shared responsibility payment, an adult and a child without coverage for 6
/// months: 6 x (695 + 347.50) / 12 = 521.25 (flat amount over 2.5% x 10,020; bronze cap 3,012).
#[test]
fn return_2019_05_hoh_eitc_39_percent_shared_responsibility_521_25_54a_11_3_b() {
    check(
        "2019-05-hoh-eitc-39-shared-responsibility.ron",
        2019,
        &[
            ("6", "1000.00"),
            ("10", "1500.00"),
            ("13", "2500.00"),
            ("15", "30020.00"),
            ("27", "30020.00"),
            ("29", "30020.00"),
            ("30", "2500.00"),
            ("36", "2500.00"),
            ("37", "27520.00"),
            // 38a = 18% x 10,800. H: A 25,576 -> 378; B 27,520 -> 412; saving 34: the $50 credit.
            ("38a", "1944.00"),
            ("39", "0"),
            ("40", "27520.00"),
            ("41", "412.00"),
            ("43", "412.00"),
            ("45", "412.00"),
            ("47", "412.00"),
            ("49", "412.00"),
            // Months 3-8, both uninsured: each month max(1,042.50, 250.50) / 12; 6 months.
            ("52", "521.25"),
            ("53", "933.25"),
            ("54", "600.00"),
            ("55", "50.00"),
            // Federal EIC one child, band 30,000-30,050, mid 30,025: 3,525.80 - 15.98% x 10,995
            // = 1,768.80 -> 1,769; 39% = 689.91.
            ("57", "689.91"),
            ("62", "1339.91"),
            ("63", "0"),
            ("64", "406.66"),
            ("76", "406.66"),
        ],
        "406.66",
        "0",
    );
}

/// 54A:2-1 a(6): for 2018-2019, joint "Over $5,000,000.00 ... $431,457.50 plus 10.75% of the
/// excess".
#[test]
fn return_2019_06_joint_line_40_over_5_million_rate_10_75_54a_2_1_a_6() {
    check(
        "2019-06-joint-line-40-over-5-million-10-75.ron",
        2019,
        &[
            ("6", "2000.00"),
            ("13", "2000.00"),
            ("15", "6000000.00"),
            ("16a", "100000.00"),
            ("27", "6100000.00"),
            ("29", "6100000.00"),
            ("30", "2000.00"),
            ("36", "2000.00"),
            ("37", "6098000.00"),
            // H: A 6,083,000: 431,457.50 + 10.75% x 1,083,000 = 547,880.00; B 549,492.50.
            ("38a", "30000.00"),
            ("39", "15000.00"),
            ("40", "6083000.00"),
            ("41", "547880.00"),
            ("43", "547880.00"),
            ("49", "547880.00"),
            ("52", "0"),
            ("53", "547880.00"),
            ("54", "564000.00"),
            ("62", "564000.00"),
            ("64", "16120.00"),
            ("76", "16120.00"),
        ],
        "16120.00",
        "0",
    );
}

// ---------------------------------------------------------------------------------------------
// 2020 (organ deduction 36, total deductions 37, taxable 38, property 39a/40, NJ taxable 41, tax
// 42, balance 44, care credit 45, total credits 49, balance 50, shared responsibility 53, total
// tax 54, withheld 55, property tax credit 56, EITC 58, NJ-2450 59-61, BAIT 63, total payments 64,
// tax due 65, overpayment 66, balance due 77, refund 78).
// ---------------------------------------------------------------------------------------------

/// 54A:6-10 b(2) and 6-15 a(2) for years before 2021: line 27 100,000.01 is more than $100,000:
/// no pension exclusion and no other retirement exclusion at all.
#[test]
fn return_2020_07_single_pension_total_income_100000_01_no_exclusion_54a_6_10_b_2() {
    check(
        "2020-07-single-pension-total-income-100000-01-no-exclusion.ron",
        2020,
        &[
            ("6", "1000.00"),
            ("7", "1000.00"),
            ("13", "2000.00"),
            ("16a", "30000.01"),
            ("20a", "70000.00"),
            ("27", "100000.01"),
            ("28a", "0"),
            ("28b", "0"),
            ("28c", "0"),
            ("29", "100000.01"),
            ("30", "2000.00"),
            ("36", "0"),
            ("37", "2000.00"),
            ("38", "98000.01"),
            // H (table): A 91,988.01 -> mid 91,975: 2,651.25 + 6.37% x 16,975 = 3,732.56 ->
            // 3,733; B 98,000.01 -> 4,118; saving 385: deduction.
            ("39a", "6012.00"),
            ("40", "6012.00"),
            ("41", "91988.01"),
            ("42", "3733.00"),
            ("44", "3733.00"),
            ("45", "0"),
            ("49", "0"),
            ("50", "3733.00"),
            ("53", "0"),
            ("54", "3733.00"),
            ("55", "4000.00"),
            ("64", "4000.00"),
            ("65", "0"),
            ("66", "267.00"),
            ("77", "0"),
            ("78", "267.00"),
        ],
        "267.00",
        "0",
    );
}

/// 54A:4-7 a(4) for 2020 (minimum age 21): a childless 22-year-old failing only the federal age
/// test gets the flat 40% x $538 = $215 at line 58.
#[test]
fn return_2020_08_single_age_22_childless_flat_eitc_215_54a_4_7_a_4() {
    check(
        "2020-08-single-age-22-childless-flat-eitc-215.ron",
        2020,
        &[
            ("6", "1000.00"),
            ("13", "1000.00"),
            ("15", "12000.00"),
            ("27", "12000.00"),
            ("29", "12000.00"),
            ("30", "1000.00"),
            ("37", "1000.00"),
            ("38", "11000.00"),
            // 39a = 18% x 9,600. H: A 9,272 -> 130; B 11,000 -> 154; saving 24: credit.
            ("39a", "1728.00"),
            ("40", "0"),
            ("41", "11000.00"),
            ("42", "154.00"),
            ("44", "154.00"),
            ("49", "0"),
            ("50", "154.00"),
            ("54", "154.00"),
            ("55", "150.00"),
            ("56", "50.00"),
            ("58", "215.00"),
            ("64", "415.00"),
            ("66", "261.00"),
            ("78", "261.00"),
        ],
        "261.00",
        "0",
    );
}

/// Pre-2021 54A:4-17 a in the 2020 layout: the nonrefundable care credit at line 45, totalled on
/// line 49. Form 2441 line 11 = 21% x 6,000 = 1,260; line 41 37,010 "over $30,000 but not over
/// $40,000": 30% = 378.00 (under the $1,000 cap and the 578.00 tax). NJ EITC 40% of 2,381.
#[test]
fn return_2020_09_joint_care_credit_line_45_two_children_30_percent_54a_4_17_a_pre_2021() {
    check(
        "2020-09-joint-care-credit-line-45-two-children.ron",
        2020,
        &[
            ("6", "2000.00"),
            ("10", "3000.00"),
            ("13", "5000.00"),
            ("15", "42010.00"),
            ("27", "42010.00"),
            ("29", "42010.00"),
            ("30", "5000.00"),
            ("37", "5000.00"),
            ("38", "37010.00"),
            // 39a = 18% x 14,400. H: A 34,418 -> 532; B 37,010 -> 578; saving 46: credit.
            ("39a", "2592.00"),
            ("40", "0"),
            ("41", "37010.00"),
            ("42", "578.00"),
            ("43", "0"),
            ("44", "578.00"),
            ("45", "378.00"),
            ("49", "378.00"),
            ("50", "200.00"),
            ("54", "200.00"),
            ("55", "600.00"),
            ("56", "50.00"),
            // Federal EIC two children, joint, band 42,000-42,050, mid 42,025: 5,920 - 21.06% x
            // 16,805 = 2,380.87 -> 2,381; 40% = 952.40.
            ("58", "952.40"),
            ("64", "1602.40"),
            ("66", "1402.40"),
            ("78", "1402.40"),
        ],
        "1402.40",
        "0",
    );
}

// ---------------------------------------------------------------------------------------------
// 2021 (as 2020 up to line 44; sheltered workshop 45, total credits 48, balance 49, shared
// responsibility 52, total tax 53, withheld 54, property tax credit 55, EITC 57, NJ-2450 58-60,
// BAIT 62, refundable care credit 63, total payments 64, overpayment 66, balance due 77,
// refund 78).
// ---------------------------------------------------------------------------------------------

/// 54A:4-7 a(4) from 2021 (18 or older): a childless 18-year-old failing only the federal age
/// test (19 for 2021) gets the flat 40% x $1,502 = $601 at line 57.
#[test]
fn return_2021_10_single_age_18_childless_flat_eitc_601_54a_4_7_a_4() {
    check(
        "2021-10-single-age-18-childless-flat-eitc-601.ron",
        2021,
        &[
            ("6", "1000.00"),
            ("13", "1000.00"),
            ("15", "14000.00"),
            ("27", "14000.00"),
            ("29", "14000.00"),
            ("30", "1000.00"),
            ("37", "1000.00"),
            ("38", "13000.00"),
            // 39a = 18% x 6,000. H: A 11,920 -> 167; B 13,000 -> 182; saving 15: credit.
            ("39a", "1080.00"),
            ("40", "0"),
            ("41", "13000.00"),
            ("42", "182.00"),
            ("44", "182.00"),
            ("48", "0"),
            ("49", "182.00"),
            ("53", "182.00"),
            ("54", "200.00"),
            ("55", "50.00"),
            ("57", "601.00"),
            ("64", "851.00"),
            ("66", "669.00"),
            ("78", "669.00"),
        ],
        "669.00",
        "0",
    );
}

/// 54A:4-17 a, b as amended for 2021: the care credit is refundable at line 63 with the 2022 tiers:
/// line 41 28,000 "not over $30,000": 50% x the federal 4,500 = 2,250.00, more than the 420.00 tax.
/// NJ EITC 40% of 3,346.
#[test]
fn return_2021_11_hoh_refundable_care_credit_line_63_2250_54a_4_17_b() {
    check(
        "2021-11-hoh-refundable-care-credit-line-63.ron",
        2021,
        &[
            ("6", "1000.00"),
            ("10", "3000.00"),
            ("13", "4000.00"),
            ("15", "32000.00"),
            ("27", "32000.00"),
            ("29", "32000.00"),
            ("30", "4000.00"),
            ("37", "4000.00"),
            ("38", "28000.00"),
            // 39a = 18% x 13,200. H: A 25,624 -> 378; B 28,000 -> 420; saving 42: credit.
            ("39a", "2376.00"),
            ("40", "0"),
            ("41", "28000.00"),
            ("42", "420.00"),
            ("44", "420.00"),
            ("48", "0"),
            ("49", "420.00"),
            ("53", "420.00"),
            ("54", "350.00"),
            ("55", "50.00"),
            // Federal EIC two children, band 32,000-32,050, mid 32,025: 5,980 - 21.06% x 12,505 =
            // 3,346.45 -> 3,346; 40% = 1,338.40.
            ("57", "1338.40"),
            ("63", "2250.00"),
            ("64", "3988.40"),
            ("65", "0"),
            ("66", "3568.40"),
            ("78", "3568.40"),
        ],
        "3568.40",
        "0",
    );
}

/// 54A:6-10 b(1), b(2) for 2021: line 27 exactly 150,000.00 is "not more than $150,000" and in
/// the band over $125,000: 18.75% of the 10,000 pension = 1,875.00; 54A:4-4 (NJ-2450, 2021
/// maximums 153.85 / 649.54 / 386.96): excess 153.85, 8.46, 5.04.
#[test]
fn return_2021_12_single_pension_band_18_75_at_150000_nj2450_excess_54a_6_10_b_1_4_4() {
    check(
        "2021-12-single-pension-band-18-75-nj2450-excess.ron",
        2021,
        &[
            ("6", "1000.00"),
            ("13", "1000.00"),
            ("15", "140000.00"),
            ("20a", "10000.00"),
            ("27", "150000.00"),
            ("28a", "1875.00"),
            // Wages over $3,000: no other retirement exclusion (6-15 a(1)).
            ("28b", "0"),
            ("28c", "1875.00"),
            ("29", "148125.00"),
            ("30", "1000.00"),
            ("37", "1000.00"),
            ("38", "147125.00"),
            // Schedule: A 137,100: 2,651.25 + 6.37% x 62,100 = 6,607.02; B 7,245.61: deduction.
            ("39a", "10025.00"),
            ("40", "10025.00"),
            ("41", "137100.00"),
            ("42", "6607.02"),
            ("44", "6607.02"),
            ("49", "6607.02"),
            ("53", "6607.02"),
            ("54", "7100.00"),
            // 307.70 - 153.85; 658.00 - 649.54; 392.00 - 386.96.
            ("58", "153.85"),
            ("59", "8.46"),
            ("60", "5.04"),
            ("64", "7267.35"),
            ("66", "660.33"),
            ("78", "660.33"),
        ],
        "660.33",
        "0",
    );
}
