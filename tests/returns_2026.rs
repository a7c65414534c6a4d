//! Tax year 2026: the drafts in `examples/2026/` against results worked BY HAND by the independent
//! checker from the statute (N.J.S.A. Title 54A: 2-1, 2-4, 3-1, 3A-16 to 3A-20, 4-4, 4-7, 4-17,
//! 4-17.1, 5-8, 6-10, 6-15, 8-2, 8-4, 8-5, 9-6 c and d; IRC 21 and 129 as reference sheet 3 A2
//! reads them for 2026) and the 2026 figures of reference sheet 3 before the engine was run. Each test checks every line the document gives, the refund or balance due,
//! the return's form, period and months, and that the return carries the `provisional-year`
//! warning exactly once and no error diagnostic. The part-year mover (return 6) checks both of its
//! returns; return 7 also checks its NJ-2210 schedule column by column.
//!
//! The Form 2441 returns (9a, 9b, 10a, 10b, 11) also check line 64's explanation: it shows the
//! federal Form 2441 worksheet, its line 11 is the federal credit of the document, and each Form
//! 2441 line the document gives is a step with the document's value.
//!
//! The arithmetic, with the statute for every step, is in `docs/returns-2026.md`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use crate::common;
use njtax_engine::Key;

use crate::common::dec;
use njtax_engine::compute::{ComputedReturn, ReturnSet};
use njtax_engine::residency::ReturnKind;

const DOC: &str = "docs/returns-2026.md";
const FOLDER: &str = "2026";

/// One expected return of a draft's set (kind, months, lines, refund, balance due).
type Ret = common::ExpectedReturn;

/// A full-year resident NJ-1040.
const fn resident(
    lines: &'static [(&'static str, &'static str)],
    refund: &'static str,
    balance_due: &'static str,
) -> Ret {
    Ret {
        kind: ReturnKind::Resident,
        months: 12,
        lines,
        refund,
        balance_due,
    }
}

/// Compute `file` and compare every return of its set, in order, with `expected` (each with the
/// `provisional-year` warning once).
fn set_problems(file: &str, expected: &[Ret]) -> (ReturnSet, Vec<String>) {
    common::expected_set_problems(FOLDER, file, 2026, expected, "provisional-year")
}

fn finish(file: &str, problems: &[String]) {
    common::finish_against(DOC, file, problems);
}

fn check(file: &str, expected: &[Ret]) {
    let (_, problems) = set_problems(file, expected);
    finish(file, &problems);
}

// ---------------------------------------------------------------------------------------------
// Returns 1a and 1b: head of household, two children (one under 6), line 42 at the top of the
// child tax credit's first tier.
// ---------------------------------------------------------------------------------------------

/// 54A:4-17.1 a "$30,000 or under": line 42 exactly 30,000.00 gets $1,250 for the child under 6;
/// a table row starts at an exact multiple of $50; the $50 credit beats a $38 deduction saving.
#[test]
fn return_2026_01a_hoh_line_42_exactly_30000_ctc_1250_54a_4_17_1_a() {
    check(
        "01a-hoh-line-42-exactly-30000-ctc-1250.ron",
        &[resident(
            &[
                // 6 = 1 x 1,000; 10 = 2 x 1,500; 13 = 4,000.
                ("6", "1000.00"),
                ("10", "3000.00"),
                ("13", "4000.00"),
                ("15", "34000.00"),
                ("27", "34000.00"),
                ("29", "34000.00"),
                ("30", "4000.00"),
                ("38", "4000.00"),
                ("39", "30000.00"),
                // 40a = 18% x 12,000 rent. H: A 27,840 -> mid 27,825: 280 + 1.75% x 7,825 =
                // 416.94 -> 417; B 30,000 starts row 30,000-30,050, mid 30,025: 280 + 1.75% x
                // 10,025 = 455.44 -> 455; saving 38 < 50: the $50 credit.
                ("40a", "2160.00"),
                ("41", "0"),
                ("42", "30000.00"),
                ("43", "455.00"),
                ("45", "455.00"),
                ("50", "455.00"),
                ("52", "0"),
                ("54", "455.00"),
                ("55", "310.00"),
                ("56", "50.00"),
                // Federal EIC two children, band 34,000-34,050, mid 34,025: 7,316 - 21.06% x
                // (34,025 - 23,890) = 5,181.57 -> 5,182; 40% = 2,072.80.
                ("58", "2072.80"),
                // Amara only (Devon is 8): 1,250 x 1.
                ("65", "1250.00"),
                // 66 = 310 + 50 + 2,072.80 + 1,250 = 3,682.80; 68 = 3,682.80 - 455 = 3,227.80.
                ("66", "3682.80"),
                ("68", "3227.80"),
                ("80", "3227.80"),
            ],
            "3227.80",
            "0",
        )],
    );
}

/// The same with 1 cent more wages: line 42 30,000.01 is "over $30,000 but not over $40,000": $1,000.
#[test]
fn return_2026_01b_hoh_line_42_30000_01_ctc_1000_54a_4_17_1_a() {
    check(
        "01b-hoh-line-42-30000-01-ctc-1000.ron",
        &[resident(
            &[
                // As return 1a: exemptions 4,000, rent 12,000.
                ("6", "1000.00"),
                ("10", "3000.00"),
                ("13", "4000.00"),
                ("15", "34000.01"),
                ("27", "34000.01"),
                ("29", "34000.01"),
                ("30", "4000.00"),
                ("38", "4000.00"),
                ("39", "30000.01"),
                // H: A 27,840.01 (same row) 417, B 30,000.01 (same row) 455: saving 38, credit 50.
                ("40a", "2160.00"),
                ("41", "0"),
                ("42", "30000.01"),
                ("43", "455.00"),
                ("45", "455.00"),
                ("50", "455.00"),
                ("54", "455.00"),
                ("55", "310.00"),
                ("56", "50.00"),
                // 34,000.01 is in the same EIC band: 5,182 x 40%.
                ("58", "2072.80"),
                ("65", "1000.00"),
                // 66 = 310 + 50 + 2,072.80 + 1,000 = 3,432.80; refund 3,432.80 - 455 = 2,977.80.
                ("66", "3432.80"),
                ("80", "2977.80"),
            ],
            "2977.80",
            "0",
        )],
    );
}

// ---------------------------------------------------------------------------------------------
// Returns 2a and 2b: joint, one child under 6, line 42 at the top of the last tier.
// ---------------------------------------------------------------------------------------------

/// 54A:4-17.1 a "over $60,000 but not over $80,000": line 42 exactly 80,000.00 gets $250; the
/// table row 80,000-80,050 (the multiple of $50 starts its row).
#[test]
fn return_2026_02a_joint_line_42_exactly_80000_ctc_250_54a_4_17_1_a() {
    check(
        "02a-joint-line-42-exactly-80000-ctc-250.ron",
        &[resident(
            &[
                // 6 = 2 x 1,000; 10 = 1 x 1,500.
                ("6", "2000.00"),
                ("10", "1500.00"),
                ("13", "3500.00"),
                ("15", "92500.00"),
                ("27", "92500.00"),
                ("29", "92500.00"),
                ("30", "3500.00"),
                ("38", "3500.00"),
                ("39", "89000.00"),
                // H: A 80,000 -> mid 80,025: 1,645 + 5.525% x 25 = 1,646.38 -> 1,646; B 89,000 ->
                // mid 89,025: 1,645 + 5.525% x 9,025 = 2,143.63 -> 2,144; saving 498: deduction.
                ("40a", "9000.00"),
                ("41", "9000.00"),
                ("42", "80000.00"),
                ("43", "1646.00"),
                ("54", "1646.00"),
                // 55 = 1,150 + 620; no EIC at AGI 92,500.
                ("55", "1770.00"),
                ("58", "0"),
                ("65", "250.00"),
                // 66 = 1,770 + 250 = 2,020; refund 2,020 - 1,646 = 374.
                ("66", "2020.00"),
                ("80", "374.00"),
            ],
            "374.00",
            "0",
        )],
    );
}

/// The same with 1 cent more of Elena's wages: line 42 80,000.01 is over $80,000: no child tax credit.
#[test]
fn return_2026_02b_joint_line_42_80000_01_no_ctc_54a_4_17_1_a() {
    check(
        "02b-joint-line-42-80000-01-no-ctc.ron",
        &[resident(
            &[
                // As return 2a but for the wages.
                ("6", "2000.00"),
                ("10", "1500.00"),
                ("13", "3500.00"),
                ("15", "92500.01"),
                ("27", "92500.01"),
                ("29", "92500.01"),
                ("30", "3500.00"),
                ("38", "3500.00"),
                ("39", "89000.01"),
                // H: A 80,000.01 same row 1,646; B 89,000.01 same row 2,144: deduction.
                ("40a", "9000.00"),
                ("41", "9000.00"),
                ("42", "80000.01"),
                ("43", "1646.00"),
                ("54", "1646.00"),
                ("55", "1770.00"),
                ("58", "0"),
                ("65", "0"),
                // 66 = 1,770; refund 1,770 - 1,646 = 124.
                ("66", "1770.00"),
                ("80", "124.00"),
            ],
            "124.00",
            "0",
        )],
    );
}

// ---------------------------------------------------------------------------------------------
// Returns 3a and 3b: head of household, one child under 6, line 42 at $50,000.
// ---------------------------------------------------------------------------------------------

/// 54A:4-17.1 a "over $40,000 but not over $50,000": line 42 exactly 50,000.00 gets $750; the
/// $50 credit beats a $46 saving.
#[test]
fn return_2026_03a_hoh_line_42_exactly_50000_ctc_750_54a_4_17_1_a() {
    check(
        "03a-hoh-line-42-exactly-50000-ctc-750.ron",
        &[resident(
            &[
                ("6", "1000.00"),
                ("10", "1500.00"),
                ("13", "2500.00"),
                ("15", "52500.00"),
                ("27", "52500.00"),
                ("29", "52500.00"),
                ("30", "2500.00"),
                ("38", "2500.00"),
                ("39", "50000.00"),
                // 40a = 18% x 14,400. H: A 47,408 -> mid 47,425: 280 + 1.75% x 27,425 = 759.94
                // -> 760; B 50,000 -> mid 50,025: 805 + 2.45% x 25 = 805.61 -> 806; saving 46:
                // the $50 credit.
                ("40a", "2592.00"),
                ("41", "0"),
                ("42", "50000.00"),
                ("43", "806.00"),
                ("54", "806.00"),
                ("55", "1050.00"),
                ("56", "50.00"),
                // One-child EIC ends at 51,593: 0.
                ("58", "0"),
                ("65", "750.00"),
                // 66 = 1,050 + 50 + 750 = 1,850; refund 1,850 - 806 = 1,044.
                ("66", "1850.00"),
                ("80", "1044.00"),
            ],
            "1044.00",
            "0",
        )],
    );
}

/// The same with 1 cent more wages: line 42 50,000.01 is "over $50,000 but not over $60,000": $500.
#[test]
fn return_2026_03b_hoh_line_42_50000_01_ctc_500_54a_4_17_1_a() {
    check(
        "03b-hoh-line-42-50000-01-ctc-500.ron",
        &[resident(
            &[
                // As return 3a but for the wages.
                ("6", "1000.00"),
                ("10", "1500.00"),
                ("13", "2500.00"),
                ("15", "52500.01"),
                ("27", "52500.01"),
                ("29", "52500.01"),
                ("30", "2500.00"),
                ("38", "2500.00"),
                ("39", "50000.01"),
                // H: A 47,408.01 (row 47,400) 760, B 50,000.01 (row 50,000) 806: credit 50.
                ("40a", "2592.00"),
                ("41", "0"),
                ("42", "50000.01"),
                ("43", "806.00"),
                ("54", "806.00"),
                ("55", "1050.00"),
                ("56", "50.00"),
                ("58", "0"),
                ("65", "500.00"),
                // 66 = 1,050 + 50 + 500 = 1,600; refund 1,600 - 806 = 794.
                ("66", "1600.00"),
                ("80", "794.00"),
            ],
            "794.00",
            "0",
        )],
    );
}

// ---------------------------------------------------------------------------------------------
// Returns 4a and 4b: single, no child: the NJ flat amount at 22, the federal EIC at 25.
// ---------------------------------------------------------------------------------------------

/// 54A:4-7 a(4): a childless filer aged 18-24 who fails only the federal age test gets 40% of
/// the federal maximum 664 = 265.60, rounded to dollars: 266.
#[test]
fn return_2026_04a_single_age_22_childless_flat_eitc_266_54a_4_7_a_4() {
    check(
        "04a-single-age-22-childless-flat-eitc-266.ron",
        &[resident(
            &[
                ("6", "1000.00"),
                ("13", "1000.00"),
                ("15", "12000.00"),
                ("27", "12000.00"),
                ("29", "12000.00"),
                ("30", "1000.00"),
                ("38", "1000.00"),
                ("39", "11000.00"),
                // 40a = 18% x 9,600. H: A 9,272 -> mid 9,275 x 1.4% = 129.85 -> 130; B 11,000 ->
                // mid 11,025 x 1.4% = 154.35 -> 154; saving 24: credit.
                ("40a", "1728.00"),
                ("41", "0"),
                ("42", "11000.00"),
                ("43", "154.00"),
                ("54", "154.00"),
                ("55", "180.00"),
                ("56", "50.00"),
                ("58", "266.00"),
                // 66 = 180 + 50 + 266 = 496; refund 496 - 154 = 342.
                ("66", "496.00"),
                ("80", "342.00"),
            ],
            "342.00",
            "0",
        )],
    );
}

/// The same at 25: the federal EIC (phase-out) 575, NJ 40% = 230, below the 22-year-old's 266.
#[test]
fn return_2026_04b_single_age_25_childless_federal_eic_575_54a_4_7_a_2() {
    check(
        "04b-single-age-25-childless-federal-eic-575.ron",
        &[resident(
            &[
                // Lines 6-56 as return 4a.
                ("6", "1000.00"),
                ("13", "1000.00"),
                ("15", "12000.00"),
                ("27", "12000.00"),
                ("29", "12000.00"),
                ("30", "1000.00"),
                ("38", "1000.00"),
                ("39", "11000.00"),
                ("40a", "1728.00"),
                ("41", "0"),
                ("42", "11000.00"),
                ("43", "154.00"),
                ("54", "154.00"),
                ("55", "180.00"),
                ("56", "50.00"),
                // Band 12,000-12,050, mid 12,025: 664 - 7.65% x 1,165 = 574.88 -> 575; 40% = 230.
                ("58", "230.00"),
                // 66 = 180 + 50 + 230 = 460; refund 460 - 154 = 306.
                ("66", "460.00"),
                ("80", "306.00"),
            ],
            "306.00",
            "0",
        )],
    );
}

// ---------------------------------------------------------------------------------------------
// Return 5: two employers, excess UI/WF/SWF, DI and FLI; the $15,000 property tax limit.
// ---------------------------------------------------------------------------------------------

/// 54A:4-4 with the 2026 NJ-2450 maximums (190.40, 325.09, 393.53); 3A-17 a $15,000 limit; the
/// rate schedule from $100,000.
#[test]
fn return_2026_05_single_two_employers_ui_di_fli_excess_54a_4_4() {
    check(
        "05-single-two-employers-ui-di-fli-excess.ron",
        &[resident(
            &[
                ("6", "1000.00"),
                ("13", "1000.00"),
                ("15", "190000.00"),
                ("27", "190000.00"),
                ("29", "190000.00"),
                ("30", "1000.00"),
                ("38", "1000.00"),
                ("39", "189000.00"),
                // 41 = the $15,000 limit. A 174,000: 2,651.25 + 6.37% x 99,000 = 8,957.55; B
                // 189,000: 2,651.25 + 6.37% x 114,000 = 9,913.05; saving 955.50: deduction.
                ("40a", "16500.00"),
                ("41", "15000.00"),
                ("42", "174000.00"),
                ("43", "8957.55"),
                ("52", "0"),
                ("54", "8957.55"),
                // 55 = 5,600 + 3,900.
                ("55", "9500.00"),
                // 59 = 380.80 - 190.40; 60 = 361.00 - 325.09; 61 = 437.00 - 393.53.
                ("59", "190.40"),
                ("60", "35.91"),
                ("61", "43.47"),
                // 66 = 9,500 + 190.40 + 35.91 + 43.47 = 9,769.78; refund 9,769.78 - 8,957.55.
                ("66", "9769.78"),
                ("80", "812.23"),
            ],
            "812.23",
            "0",
        )],
    );
}

// ---------------------------------------------------------------------------------------------
// Return 6: moved in from New York on 17 May: part-year NJ-1040 (8 months) and NJ-1040NR (4).
// ---------------------------------------------------------------------------------------------

/// 54A:3-1(c), 4-17.1 e "15 days or more shall constitute a month": 17-31 May is 15 days, so 8
/// resident months and 4 nonresident; the child tax credit 750 x 8/12 = 500 on the NJ-1040; the
/// nonresident period's Newark days (18 of 90) are New Jersey wages on the NJ-1040NR (5-8 a(2)).
#[test]
fn return_2026_06_hoh_moved_in_from_ny_17_may_nj1040_and_nj1040nr_54a_3_1_c() {
    let file = "06-hoh-moved-in-from-ny-17-may-child-1.ron";
    let (set, mut problems) = set_problems(
        file,
        &[
            Ret {
                kind: ReturnKind::PartYearResident,
                months: 8,
                lines: &[
                    ("6", "1000.00"),
                    ("10", "1500.00"),
                    ("13", "2500.00"),
                    // 15 = the Hudson Data Works wages; 16a = 900 - 300 (nonresident period).
                    ("15", "52000.00"),
                    ("16a", "600.00"),
                    ("27", "52600.00"),
                    ("29", "52600.00"),
                    // 30 = 2,500 x 8/12 = 1,666.67; 39 = 52,600 - 1,666.67.
                    ("30", "1666.67"),
                    ("38", "1666.67"),
                    ("39", "50933.33"),
                    // 40a = 18% x 15,750 (rent for the months occupied, not prorated again).
                    // H: A 48,098.33 -> mid 48,075: 280 + 1.75% x 28,075 = 771.31 -> 771; B
                    // 50,933.33 -> mid 50,925: 805 + 2.45% x 925 = 827.66 -> 828; saving 57:
                    // deduction.
                    ("40a", "2835.00"),
                    ("41", "2835.00"),
                    ("42", "48098.33"),
                    ("43", "771.00"),
                    ("54", "771.00"),
                    ("55", "1400.00"),
                    // AGI 80,900 is past the one-child EIC end 51,593.
                    ("58", "0"),
                    // "over $40,000 but not over $50,000": 750 x 8/12 = 500.
                    ("65", "500.00"),
                    // 66 = 1,400 + 500 = 1,900; refund 1,900 - 771 = 1,129.
                    ("66", "1900.00"),
                    ("80", "1129.00"),
                ],
                refund: "1129.00",
                balance_due: "0",
            },
            Ret {
                kind: ReturnKind::PartYearNonresident,
                months: 4,
                lines: &[
                    // Column A (everywhere): the Brooklyn wages and the interest of 1 January -
                    // 16 May.
                    ("15A", "28000.00"),
                    ("16A", "300.00"),
                    ("27A", "28300.00"),
                    ("29A", "28300.00"),
                    // Column B: 15B = 28,000 x 18/90 = 5,600; 16B = 0 (not from a NJ business).
                    ("15B", "5600.00"),
                    ("16B", "0"),
                    ("29B", "5600.00"),
                    // 30 = 2,500 x 4/12 = 833.33; 39 = 28,300 - 833.33.
                    ("13", "2500.00"),
                    ("30", "833.33"),
                    ("38", "833.33"),
                    ("39", "27466.67"),
                    // Row 27,450-27,500, mid 27,475: 280 + 1.75% x 7,475 = 410.81 -> 411.
                    ("40", "411.00"),
                    // 41 = 5,600 / 28,300 = 0.197879 -> 0.1979; 42 = 411 x 0.1979 = 81.34.
                    ("41", "0.1979"),
                    ("42", "81.34"),
                ],
                // Withheld 120.00 - 81.34 = 38.66.
                refund: "38.66",
                balance_due: "0",
            },
        ],
    );
    // The document gives the nonresident period's withholding without a line number (the
    // engine's NJ-1040NR payment lines are an inferred map): checked by the line's key.
    if let Some(nr) = set.returns.get(1) {
        let got = nr.value_by_key(Key::Withholding);
        if got != dec("120.00") {
            problems.push(format!(
                "  NJ-1040NR PartYearNonresident: withholding expected 120.00, got {got}"
            ));
        }
    }
    finish(file, &problems);
}

// ---------------------------------------------------------------------------------------------
// Return 7: self-employed, estimated tax paid late and short: the NJ-2210.
// ---------------------------------------------------------------------------------------------

const RETURN_7: &str = "07-single-self-employed-late-short-estimates.ron";

/// The form lines of return 7: line 52 = 27.44 from the NJ-2210; 54 = 5,708.85 + 27.44 =
/// 5,736.29; payments 1,000 + 1,200 + 1,141.77 + 1,500 = 4,841.77; balance due 894.52.
const RETURN_7_LINES: &[(&str, &str)] = &[
    ("6", "1000.00"),
    ("13", "1000.00"),
    ("16a", "2000.00"),
    ("18", "130000.00"),
    ("27", "132000.00"),
    ("29", "132000.00"),
    ("30", "1000.00"),
    ("38", "1000.00"),
    ("39", "131000.00"),
    // Schedule: A 123,000: 2,651.25 + 6.37% x 48,000 = 5,708.85; B 131,000: 2,651.25 + 6.37% x
    // 56,000 = 6,218.45; saving 509.60: deduction.
    ("40a", "8000.00"),
    ("41", "8000.00"),
    ("42", "123000.00"),
    ("43", "5708.85"),
    ("45", "5708.85"),
    ("50", "5708.85"),
    ("52", "27.44"),
    ("54", "5736.29"),
    ("57", "4841.77"),
    ("66", "4841.77"),
    // 67 = 5,736.29 - 4,841.77.
    ("67", "894.52"),
    ("79", "894.52"),
];

#[test]
fn return_2026_07_single_self_employed_late_short_estimates_line_52_27_44_54a_9_6_c() {
    check(RETURN_7, &[resident(RETURN_7_LINES, "0", "894.52")]);
}

/// Return 7, the NJ-2210 (54A:9-6 c, 8-5 a(1)): required annual = lesser of 80% x 5,708.85 =
/// 4,567.08 and last year's 5,200.00 (100%: last year's line 42 118,000 is not over $150,000,
/// 9-6 d(3)); 1,141.77 a column. Each later payment pays the oldest shortfall first: A short
/// 141.77; the 07-02 payment finishes A and pays 1,058.23 of B late; the 09-15 payment finishes B
/// (83.54) and pays 1,058.23 of C on its due date; the 2027-01-20 payment pays C's 83.54 and D
/// late. No 9-6 d(1)(A) exception (1,000 < 1,300; 1,000 < 2,600; 3,341.77 < 3,900; 3,341.77 <
/// 5,200). Interest 10% a year per month or part of a month: A 141.77 x 3/12 x 10% = 3.54; B
/// 1,058.23 x 1 month + 83.54 x 3 = 8.8186 + 2.0885 = 10.91; C 83.54 x 5 months = 3.48; D
/// 1,141.77 x 1 month = 9.51; total 27.44.
#[test]
fn return_2026_07_nj2210_oldest_shortfall_first_interest_3_54_10_91_3_48_9_51_54a_9_6_c() {
    // The form lines and diagnostics are the test above's; this one checks the schedule.
    let set = common::load_and_compute_set(FOLDER, RETURN_7);
    let mut problems = Vec::new();
    let ret = common::resident_return(&set, &mut problems);
    // Line 1 = line 50; line 2 (55, 56, 58-65) = 0; line 3 = 5,708.85 > 400 (8-4 a).
    let cols: [common::Nj2210Col; 4] = [
        (
            Some("2026-04-15"),
            "1141.77",
            Some("1000.00"),
            "141.77",
            "3.54",
        ),
        (Some("2026-06-15"), "1141.77", Some("0"), "1141.77", "10.91"),
        (
            Some("2026-09-15"),
            "1141.77",
            Some("1058.23"),
            "83.54",
            "3.48",
        ),
        (Some("2027-01-15"), "1141.77", Some("0"), "1141.77", "9.51"),
    ];
    problems.extend(common::nj2210_problems(
        &ret,
        ("5708.85", "0", "5708.85", "4567.08"),
        &cols,
        "27.44",
    ));
    finish(RETURN_7, &problems);
}

// ---------------------------------------------------------------------------------------------
// Return 8: joint seniors, pensions in the 50% band, homeowners.
// ---------------------------------------------------------------------------------------------

/// 54A:6-10 b(1): line 27 118,000 is over $100,000 and not over $125,000: a joint 50% pension
/// exclusion; 6-15 a: the other retirement income exclusion fills the band's 50% of line 27; two
/// age-65 exemptions (3-1 b(3)); the deduction beats the credit.
#[test]
fn return_2026_08_joint_seniors_pension_band_50_homeowner_54a_6_10_b_1() {
    check(
        "08-joint-seniors-pension-band-50-homeowner.ron",
        &[resident(
            &[
                // 6 = 2 x 1,000; 7 = 2 x 1,000 (both 65+ at 31 December 2026).
                ("6", "2000.00"),
                ("7", "2000.00"),
                ("13", "4000.00"),
                ("16a", "6000.00"),
                ("17", "2000.00"),
                // 20a = pension 80,000 + IRA 30,000; 27 = 6,000 + 2,000 + 110,000.
                ("20a", "110000.00"),
                ("27", "118000.00"),
                // 28a = 50% x 110,000; 28b = 50% x 118,000 - 55,000 = 4,000; 28c = 59,000.
                ("28a", "55000.00"),
                ("28b", "4000.00"),
                ("28c", "59000.00"),
                ("29", "59000.00"),
                ("30", "4000.00"),
                ("38", "4000.00"),
                ("39", "55000.00"),
                // H: A 43,600 -> mid 43,625: 280 + 1.75% x 23,625 = 693.44 -> 693; B 55,000 ->
                // mid 55,025: 805 + 2.45% x 5,025 = 928.11 -> 928; saving 235: deduction.
                ("40a", "11400.00"),
                ("41", "11400.00"),
                ("42", "43600.00"),
                ("43", "693.00"),
                ("54", "693.00"),
                // 55 = 1,500 + 300; refund 1,800 - 693 = 1,107.
                ("55", "1800.00"),
                ("66", "1800.00"),
                ("80", "1107.00"),
            ],
            "1107.00",
            "0",
        )],
    );
}

// ---------------------------------------------------------------------------------------------
// Returns 9a-11: federal Form 2441 worked out from its facts (`federal.care`, draft format 6),
// NJ line 64 a percentage of its line 11 (54A:4-17 a).
// ---------------------------------------------------------------------------------------------

/// Expected Form 2441 figures of a return, from the document: `(Form 2441 line, value)`, the value
/// an amount or a percentage (`"36%"`).
type Form2441 = &'static [(&'static str, &'static str)];

/// Whether `input` is Form 2441 line `n`: a worksheet step `Form 2441 line n`, or an answer named
/// "... (Form 2441 line n)".
fn is_form_2441_line(input: &njtax_engine::explain::Input, n: &str) -> bool {
    use njtax_engine::explain::Source;
    let step = format!("Form 2441 line {n}");
    matches!(&input.source, Source::Worksheet(s) if *s == step)
        || input.name.ends_with(&format!("({step})"))
}

/// The differences of line 64's explanation from the document: it must show the Form 2441
/// worksheet (its rule and citation name Form 2441), its line 11 must be the federal credit the
/// document gives, and each listed Form 2441 line must be there with the document's value.
fn form_2441_problems(ret: &ComputedReturn, federal_credit: &str, lines: Form2441) -> Vec<String> {
    let Some(line) = ret.line("64") else {
        return vec!["  line 64: the engine has no line 64".to_owned()];
    };
    let ex = &line.explanation;
    let mut problems = Vec::new();
    if !ex.rule.contains("Form 2441") || !ex.citation.contains("Form 2441") {
        problems.push(format!(
            "  line 64: the explanation does not show the Form 2441 worksheet\n             \
             rule: {}\n             citation: {}",
            ex.rule, ex.citation
        ));
    }
    let shown = |want: &str| {
        if want.ends_with('%') {
            want.to_owned()
        } else {
            njtax_engine::money::fmt_money(dec(want))
        }
    };
    // The federal credit is the worksheet's line 11, not a typed answer.
    let from_worksheet = ex.inputs.iter().any(|i| {
        matches!(&i.source, njtax_engine::explain::Source::Worksheet(s) if s == "Form 2441 line 11")
            && i.value == shown(federal_credit)
    });
    if !from_worksheet {
        problems.push(format!(
            "  line 64: no worksheet step Form 2441 line 11 of {}",
            shown(federal_credit)
        ));
    }
    let credit = std::iter::once(("11", federal_credit));
    for (n, want) in credit.chain(lines.iter().copied()) {
        let want = shown(want);
        let found: Vec<_> = ex
            .inputs
            .iter()
            .filter(|i| is_form_2441_line(i, n))
            .collect();
        if found.is_empty() {
            problems.push(format!(
                "  Form 2441 line {n}: expected {want}, not in line 64's explanation"
            ));
        }
        for i in found {
            if i.value != want {
                problems.push(format!(
                    "  Form 2441 line {n} ({}): expected {want}, got {}",
                    i.name, i.value
                ));
            }
        }
    }
    problems
}

/// A Form 2441 return: the NJ-1040 lines as [`check`], and line 64's worksheet.
fn check_2441(file: &str, expected: &Ret, federal_credit: &str, form_2441: Form2441) {
    let (set, mut problems) = set_problems(file, std::slice::from_ref(expected));
    if let Some(ret) = set.returns.first() {
        problems.extend(form_2441_problems(ret, federal_credit, form_2441));
    }
    finish(file, &problems);
}

/// IRC 21(a)(2) as amended for 2026: AGI exactly 43,000.00 is 28,000 over 15,000, 14 steps of
/// $2,000: 50 - 14 = 36%; 3,000 (the one-person limit of 21(c)) x 0.36 = 1,080 = line 11; NJ line
/// 64 = 40% (line 42 over 30,000, not over 60,000, 54A:4-17 a) = 432.
#[test]
fn return_2026_09a_hoh_form_2441_agi_43000_rate_36_line_64_432_irc_21_a_2() {
    check_2441(
        "09a-hoh-form-2441-agi-43000-rate-36.ron",
        &resident(
            &[
                ("6", "1000.00"),
                ("10", "1500.00"),
                ("13", "2500.00"),
                ("15", "43000.00"),
                ("27", "43000.00"),
                ("29", "43000.00"),
                ("30", "2500.00"),
                ("38", "2500.00"),
                ("39", "40500.00"),
                // 40a = 18% x 14,400. H: A 37,908 -> mid 37,925: 280 + 1.75% x 17,925 = 593.69
                // -> 594; B 40,500 -> mid 40,525: 280 + 1.75% x 20,525 = 639.19 -> 639; saving
                // 45: the $50 credit.
                ("40a", "2592.00"),
                ("41", "0"),
                ("42", "40500.00"),
                ("43", "639.00"),
                ("54", "639.00"),
                ("55", "700.00"),
                ("56", "50.00"),
                // EIC one child, band 43,000-43,050, mid 43,025: 4,427 - 15.98% x 19,135 =
                // 1,369.23 -> 1,369; 40% = 547.60.
                ("58", "547.60"),
                // 40% x 1,080 (Form 2441 line 11).
                ("64", "432.00"),
                ("65", "750.00"),
                // 66 = 700 + 50 + 547.60 + 432 + 750 = 2,479.60; refund 2,479.60 - 639.
                ("66", "2479.60"),
                ("80", "1840.60"),
            ],
            "1840.60",
            "0",
        ),
        "1080.00",
        &[
            ("2", "4200.00"),
            ("3", "3000.00"),
            ("4", "43000.00"),
            ("5", "43000.00"),
            ("6", "3000.00"),
            ("7", "43000.00"),
            ("8", "36%"),
            ("9a", "1080.00"),
            ("9b", "0"),
            ("9c", "1080.00"),
            ("10", "1890.00"),
        ],
    );
}

/// The same 1 cent over: 28,000.01 over 15,000 is 15 steps (a part of a step counts): 35%, the
/// floor; line 11 = 1,050; NJ line 64 = 420.
#[test]
fn return_2026_09b_hoh_form_2441_agi_43000_01_rate_35_line_64_420_irc_21_a_2() {
    check_2441(
        "09b-hoh-form-2441-agi-43000-01-rate-35.ron",
        &resident(
            &[
                // As return 9a but for the wages.
                ("6", "1000.00"),
                ("10", "1500.00"),
                ("13", "2500.00"),
                ("15", "43000.01"),
                ("27", "43000.01"),
                ("29", "43000.01"),
                ("30", "2500.00"),
                ("38", "2500.00"),
                ("39", "40500.01"),
                // H: A 37,908.01 (row 37,900) 594, B 40,500.01 (row 40,500) 639: credit 50.
                ("40a", "2592.00"),
                ("41", "0"),
                ("42", "40500.01"),
                ("43", "639.00"),
                ("54", "639.00"),
                ("55", "700.00"),
                ("56", "50.00"),
                // Same EIC band as 9a.
                ("58", "547.60"),
                ("64", "420.00"),
                ("65", "750.00"),
                // 66 = 700 + 50 + 547.60 + 420 + 750 = 2,467.60; refund 2,467.60 - 639.
                ("66", "2467.60"),
                ("80", "1828.60"),
            ],
            "1828.60",
            "0",
        ),
        "1050.00",
        &[
            ("3", "3000.00"),
            ("4", "43000.01"),
            ("5", "43000.01"),
            ("6", "3000.00"),
            ("7", "43000.01"),
            ("8", "35%"),
            ("9a", "1050.00"),
            ("9c", "1050.00"),
            ("10", "1890.00"),
        ],
    );
}

/// Joint, 2,000 of employer benefits (IRC 129, 2026 limit 7,500): Part III line 31 = 6,000 - 2,000
/// = 4,000 (IRC 21(c) reduced by the excluded benefits); AGI exactly 162,000.00: 35% floor, then
/// 12,000 over 150,000 = 3 steps of $4,000: 32%; line 11 = 1,280. NJ line 42 exactly 150,000.00 is
/// "over $120,000 but not over $150,000": 10% = 128 (54A:4-17 a).
#[test]
fn return_2026_10a_joint_form_2441_agi_162000_rate_32_line_42_150000_line_64_128_irc_129() {
    check_2441(
        "10a-joint-form-2441-agi-162000-rate-32-line-42-150000.ron",
        &resident(
            &[
                // 6 = 2 x 1,000; 10 = 2 x 1,500.
                ("6", "2000.00"),
                ("10", "3000.00"),
                ("13", "5000.00"),
                // 15 = box 16 91,000 + 78,000.
                ("15", "169000.00"),
                ("16a", "1000.00"),
                ("27", "170000.00"),
                ("29", "170000.00"),
                ("30", "5000.00"),
                ("38", "5000.00"),
                ("39", "165000.00"),
                // 41 = the $15,000 limit. A 150,000: 1,645 + 5.525% x 70,000 = 5,512.50; B
                // 165,000: 5,512.50 + 6.37% x 15,000 = 6,468.00; saving 955.50: deduction.
                ("40a", "16800.00"),
                ("41", "15000.00"),
                ("42", "150000.00"),
                ("43", "5512.50"),
                ("54", "5512.50"),
                // 55 = 4,300 + 3,400.
                ("55", "7700.00"),
                // 10% x 1,280 (Form 2441 line 11).
                ("64", "128.00"),
                // 66 = 7,700 + 128 = 7,828; refund 7,828 - 5,512.50.
                ("66", "7828.00"),
                ("80", "2315.50"),
            ],
            "2315.50",
            "0",
        ),
        "1280.00",
        &[
            // Part III (lines 22, 23, 24 and 28 of the document, 0 / 2,000 / 0 / 2,000, are not
            // steps of the engine's explanation: 22 is taken as "No", 24 as 0, 28 = 25).
            ("12", "2000.00"),
            ("13", "0"),
            ("14", "0"),
            ("15", "2000.00"),
            ("16", "9500.00"),
            ("17", "2000.00"),
            ("18", "85000.00"),
            ("19", "76000.00"),
            ("20", "2000.00"),
            ("21", "7500.00"),
            ("22", "0"),
            ("23", "2000.00"),
            ("24", "0"),
            ("25", "2000.00"),
            ("26", "0"),
            ("27", "6000.00"),
            ("28", "2000.00"),
            ("29", "4000.00"),
            ("30", "7500.00"),
            ("31", "4000.00"),
            // Part II.
            ("2", "9500.00"),
            ("3", "4000.00"),
            ("4", "85000.00"),
            ("5", "76000.00"),
            ("6", "4000.00"),
            ("7", "162000.00"),
            ("8", "32%"),
            ("9a", "1280.00"),
            ("9c", "1280.00"),
            ("10", "15600.00"),
        ],
    );
}

/// The same with Sanjay's box 1 85,000.01 (AGI 162,000.01; box 16 and the NJ lines unchanged):
/// 12,000.01 over 150,000 = 4 steps: 31%; line 11 = 1,240; NJ line 64 = 124.
#[test]
fn return_2026_10b_joint_form_2441_agi_162000_01_rate_31_line_64_124_irc_21_a_2() {
    check_2441(
        "10b-joint-form-2441-agi-162000-01-rate-31.ron",
        &resident(
            &[
                // NJ lines as return 10a to line 55.
                ("6", "2000.00"),
                ("10", "3000.00"),
                ("13", "5000.00"),
                ("15", "169000.00"),
                ("16a", "1000.00"),
                ("27", "170000.00"),
                ("29", "170000.00"),
                ("30", "5000.00"),
                ("38", "5000.00"),
                ("39", "165000.00"),
                ("40a", "16800.00"),
                ("41", "15000.00"),
                ("42", "150000.00"),
                ("43", "5512.50"),
                ("54", "5512.50"),
                ("55", "7700.00"),
                // 10% x 1,240.
                ("64", "124.00"),
                // 66 = 7,700 + 124 = 7,824; refund 7,824 - 5,512.50.
                ("66", "7824.00"),
                ("80", "2311.50"),
            ],
            "2311.50",
            "0",
        ),
        "1240.00",
        &[
            // Part III as 10a except line 18.
            ("12", "2000.00"),
            ("13", "0"),
            ("14", "0"),
            ("15", "2000.00"),
            ("16", "9500.00"),
            ("17", "2000.00"),
            ("18", "85000.01"),
            ("19", "76000.00"),
            ("20", "2000.00"),
            ("21", "7500.00"),
            ("22", "0"),
            ("23", "2000.00"),
            ("24", "0"),
            ("25", "2000.00"),
            ("26", "0"),
            ("27", "6000.00"),
            ("28", "2000.00"),
            ("29", "4000.00"),
            ("30", "7500.00"),
            ("31", "4000.00"),
            // Part II.
            ("2", "9500.00"),
            ("3", "4000.00"),
            ("4", "85000.01"),
            ("5", "76000.00"),
            ("6", "4000.00"),
            ("7", "162000.01"),
            ("8", "31%"),
            ("9a", "1240.00"),
            ("9c", "1240.00"),
            ("10", "15600.00"),
        ],
    );
}

/// IRC 129(a)(2)(A), 2026 limit 7,500: of 8,000 of employer benefits 7,500 are excluded and 500
/// taxable (line 26); line 29 = 3,000 - 7,500 is below zero: no federal credit, so no NJ line 64
/// (54A:4-17 a: a percentage of the federal credit allowed).
#[test]
fn return_2026_11_hoh_form_2441_benefits_8000_over_7500_no_credit_irc_129_a_2_a() {
    check_2441(
        "11-hoh-form-2441-benefits-8000-over-7500-no-credit.ron",
        &resident(
            &[
                ("6", "1000.00"),
                ("10", "1500.00"),
                ("13", "2500.00"),
                ("15", "70500.00"),
                ("27", "70500.00"),
                ("29", "70500.00"),
                ("30", "2500.00"),
                ("38", "2500.00"),
                ("39", "68000.00"),
                // H: A 60,800 -> mid 60,825: 805 + 2.45% x 10,825 = 1,070.21 -> 1,070; B 68,000 ->
                // mid 68,025: 1,246.61 -> 1,247; saving 177: deduction.
                ("40a", "7200.00"),
                ("41", "7200.00"),
                ("42", "60800.00"),
                ("43", "1070.00"),
                ("54", "1070.00"),
                ("55", "1400.00"),
                // AGI 70,500 is past the one-child EIC end 51,593; Yasmin is 7 (no CTC).
                ("58", "0"),
                ("64", "0"),
                ("65", "0"),
                // 66 = 1,400; refund 1,400 - 1,070 = 330.
                ("66", "1400.00"),
                ("80", "330.00"),
            ],
            "330.00",
            "0",
        ),
        "0",
        &[
            ("12", "8000.00"),
            ("13", "0"),
            ("14", "0"),
            ("15", "8000.00"),
            ("16", "9000.00"),
            ("17", "8000.00"),
            ("18", "70500.00"),
            ("19", "70500.00"),
            ("20", "8000.00"),
            ("21", "7500.00"),
            ("22", "0"),
            ("23", "8000.00"),
            ("24", "0"),
            ("25", "7500.00"),
            ("26", "500.00"),
            ("27", "3000.00"),
            ("28", "7500.00"),
            // Line 29 is below zero: "stop"; no credit (lines 3, 6, 9a, 9c and 11 are 0).
            ("3", "0"),
            ("6", "0"),
            ("9a", "0"),
            ("9c", "0"),
        ],
    );
}
