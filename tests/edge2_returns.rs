//! Edge returns, third set: the drafts in `examples/edge2/` against results computed BY HAND from
//! the statute (N.J.S.A. Title 54A) and the reference sheets before the engine was run. Aimed at
//! what `tests/worked_returns.rs` and `tests/edge_returns.rs` do not reach: a city wage tax beside
//! its state, Worksheet I in 2023 and 2025, NJ-2450 for both spouses, coded funds, 2022 flat EITC
//! and child tax credit, deductions at their caps, the college exemption at 21 / 22, a surviving
//! spouse at the $20,000 threshold, alimony both ways and negative other income.
//!
//! The arithmetic, with the statute for every step, is in `docs/edge2-returns.md`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use crate::common;

use crate::common::Expected;

fn check(file: &str, expected: &Expected) {
    common::check("edge2", "docs/edge2-returns.md", file, expected);
}

// Edge2 1 and 2: Philadelphia wage tax and Pennsylvania tax on the same $60,000 (2024).
// 29 = 64,000; 39 = 63,000; 40a = 18% x 18,000 = 3,240. Tax A on 59,760 (mid 59,775):
// 717.50 + 5.525% x 19,775 = 1,810.07 -> 1,810; B on 63,000 (mid 63,025): 1,989.63 -> 1,990.
// COJ line 3 = 60,000 / 64,000 = 93.75% (54A:4-1(b), income counted once); line 8 A 1,696.88,
// B 1,865.63; taxes paid 1,842 + 2,064 = 3,906, so line 9 = line 8. Worksheet I: A 113.12,
// B 124.37, saving 11.25 < 50: column B, $50 credit.
const PHILADELPHIA: Expected = Expected {
    lines: &[
        ("29", "64000.00"),
        ("39", "63000.00"),
        ("40a", "3240.00"),
        ("41", "0.00"),
        ("42", "63000.00"),
        ("43", "1990.00"),
        ("44", "1865.63"), // 1,990 x 93.75% = 1,865.625 -> 1,865.63 (one proportion for both taxes)
        ("45", "124.37"),
        ("56", "50.00"),
    ],
    refund: "125.63", // 200 + 50 - 124.37
    balance_due: "0.00",
    filing_required: Some(true),
};

/// 54A:4-1(b): one proportion of NJ tax for the income taxed elsewhere, even when a state and its
/// own city tax the same wages (entered as two jurisdictions).
#[test]
fn edge2_01_city_wage_tax_and_its_state_on_the_same_wages_share_one_4_1_b_limit() {
    check(
        "01-philadelphia-wage-tax-and-pa-entered-separately-2024.ron",
        &PHILADELPHIA,
    );
}

/// 54A:4-1(a), (b): the same wages entered once with the state and city taxes added.
#[test]
fn edge2_02_city_and_state_taxes_entered_once_are_limited_by_4_1_b() {
    check(
        "02-philadelphia-wage-tax-and-pa-combined-2024.ron",
        &PHILADELPHIA,
    );
}

/// 54A:4-1(b), Worksheet I (2023): NY 25% cap in both columns, CT 12.5% cap in A and tax paid in B.
#[test]
fn edge2_03_two_states_ratio_caps_worksheet_i_keeps_deduction_2023_54a_4_1_b() {
    check(
        "03-joint-ny-ct-ratio-cap-worksheet-i-deduction-2023.ron",
        &Expected {
            lines: &[
                ("29", "160000.00"),
                ("39", "158000.00"),
                ("41", "12000.00"),
                ("42", "146000.00"),
                ("43", "5291.50"), // 1,645 + 5.525% x 66,000 (54A:2-1 a(6)/(7))
                // NY: 5,291.50 x 25% = 1,322.875 -> 1,322.88 (< 2,400 paid);
                // CT: 5,291.50 x 12.5% = 661.4375 -> 661.44 (< 700 paid).
                // Column B (6,022.10): NY 1,505.53, CT 700.00 (paid); I3 A 3,307.18, B 3,816.57.
                ("44", "1984.32"),
                ("45", "3307.18"),
                ("56", "0.00"),
            ],
            refund: "692.82", // 4,000 - 3,307.18
            balance_due: "0.00",
            filing_required: Some(true),
        },
    );
}

/// Worksheet I (2025): the deduction saves 4,182 x 10% - 3,672 x 10% = 51.00 >= 50.
#[test]
fn edge2_04_worksheet_i_saving_51_keeps_the_deduction_2025_54a_3a_20() {
    check(
        "04-single-ny-worksheet-i-saving-51-2025.ron",
        &Expected {
            lines: &[
                ("29", "100000.00"),
                ("39", "99000.00"),
                ("41", "8000.00"),
                ("42", "91000.00"),
                ("43", "3672.00"), // mid 91,025: 2,651.25 + 6.37% x 16,025 = 3,672.04
                ("44", "3304.80"), // 3,672 x 90%
                ("45", "367.20"),
                ("56", "0.00"),
            ],
            refund: "132.80", // 500 - 367.20
            balance_due: "0.00",
            filing_required: Some(true),
        },
    );
}

/// NJ-2450 per spouse, 2025 maxima UI 184.02 (the Division's figure, nj-reference-3.md A3), DI
/// 380.42, FLI 545.82.
#[test]
fn edge2_05_each_spouse_two_employers_separate_nj2450_2025() {
    check(
        "05-joint-each-spouse-two-employers-nj2450-2025.ron",
        &Expected {
            lines: &[
                ("29", "250000.00"),
                ("39", "248000.00"),
                ("43", "11755.10"), // 5,512.50 + 6.37% x 98,000
                ("55", "12500.00"),
                // him 297.50 - 184.02 = 113.48; her 184.03 + 184.03, each counted up to 184.02,
                // 368.04 - 184.02 = 184.02
                ("59", "297.50"),
                ("60", "33.58"), // him 161 < max; her 414.00 - 380.42
                ("61", "48.18"), // him 231 < max; her 594.00 - 545.82
            ],
            refund: "1124.16", // 12,500 + 379.26 - 11,755.10
            balance_due: "0.00",
            filing_required: Some(true),
        },
    );
}

/// Lines 69-80: contributions plus credit forward exceed the overpayment; the rest is due.
#[test]
fn edge2_06_coded_funds_and_credit_forward_beyond_overpayment_54a_9_25_14() {
    check(
        "06-single-coded-funds-credit-forward-exceed-overpayment-2024.ron",
        &Expected {
            lines: &[
                ("39", "39000.00"),
                ("43", "683.00"), // mid 39,025: 542.50 + 3.5% x 4,025 = 683.375
                ("68", "317.00"),
                ("69", "250.00"),
                ("70", "20.00"),
                ("75", "25.00"),
                ("76", "20.00"),
                ("77", "10.00"),
                ("78", "325.00"),
            ],
            refund: "0.00",
            balance_due: "8.00", // 325 - 317
            filing_required: Some(true),
        },
    );
}

/// 54A:4-7: 2022 flat childless amount $224 for a 22-year-old.
#[test]
fn edge2_07_age_22_gets_2022_flat_eitc_224_54a_4_7() {
    check(
        "07-age-22-childless-flat-eitc-224-2022.ron",
        &Expected {
            lines: &[
                ("29", "12000.00"),
                ("39", "11000.00"),
                ("40a", "1620.00"),
                ("41", "0.00"), // A mid 9,375 -> 131; B mid 11,025 -> 154; saving 23 < 50
                ("43", "154.00"),
                ("56", "50.00"),
                ("58", "224.00"),
            ],
            refund: "270.00", // 150 + 50 + 224 - 154
            balance_due: "0.00",
            filing_required: Some(true),
        },
    );
}

/// 54A:2-4 (HOH $20,000), 2022 CTC $500 per child 5 or under, EIC plateau two children.
#[test]
fn edge2_08_hoh_two_children_2022_ctc_500_each_and_eitc_54a_4_7() {
    check(
        "08-hoh-two-children-under-6-ctc-500-eic-plateau-2022.ron",
        &Expected {
            lines: &[
                ("13", "4000.00"),
                ("29", "18000.00"),
                ("39", "14000.00"),
                ("43", "0.00"),
                ("56", "0.00"),
                ("58", "2465.60"), // 40% x 6,164
                ("65", "1000.00"), // 2 x $500
            ],
            refund: "3565.60",
            balance_due: "0.00",
            filing_required: Some(false),
        },
    );
}

/// 54A:3-10, 3-12, 3-13, 3-14: each deduction one step over its cap.
#[test]
fn edge2_09_organ_njbest_njclass_tuition_capped_54a_3_10_to_3_14() {
    check(
        "09-single-education-and-organ-deductions-over-caps-2024.ron",
        &Expected {
            lines: &[
                ("29", "150000.00"),
                ("36", "10000.00"),
                ("37a", "10000.00"),
                ("37b", "2500.00"),
                ("37c", "10000.00"),
                ("38", "33500.00"),
                ("39", "116500.00"),
                ("43", "5294.80"), // 2,651.25 + 6.37% x 41,500
            ],
            refund: "0.00",
            balance_due: "294.80",
            filing_required: Some(true),
        },
    );
}

/// 54A:3-3, 3-4, 3-5 (limited to the business's earned income), 3-6, 3-8, 3-10 at exactly $10,000.
#[test]
fn edge2_10_msa_sehi_limited_conservation_hez_organ_at_cap_54a_3_5() {
    check(
        "10-self-employed-msa-sehi-limited-conservation-hez-organ-10000-2023.ron",
        &Expected {
            lines: &[
                ("18", "6000.00"),
                ("29", "56000.00"),
                ("31", "8380.00"), // (1,500 - 1,120) + 2,000 + min(9,600, 6,000)
                ("33", "5000.00"),
                ("34", "1200.00"),
                ("36", "10000.00"),
                ("38", "25580.00"),
                ("39", "30420.00"),
                ("43", "462.00"), // mid 30,425: 280 + 1.75% x 10,425 = 462.44
            ],
            refund: "738.00",
            balance_due: "0.00",
            filing_required: Some(true),
        },
    );
}

/// 54A:3-1(b)5, (b)7 for each spouse; 54A:3-1.1 "under the age of 22": 21 yes, 22 no.
#[test]
fn edge2_11_veteran_blind_spouse_college_exemption_21_not_22_54a_3_1_1() {
    check(
        "11-joint-veteran-blind-spouse-college-21-and-22-2024.ron",
        &Expected {
            lines: &[
                ("6", "2000.00"),
                ("8", "1000.00"),
                ("9", "6000.00"),
                ("12", "1000.00"),
                ("13", "13000.00"),
                ("39", "87000.00"),
                ("41", "9000.00"),
                ("42", "78000.00"),
                ("43", "1576.00"), // mid 78,025: 1,295 + 3.5% x 8,025 = 1,575.875; B 2,033
            ],
            refund: "1024.00",
            balance_due: "0.00",
            filing_required: Some(true),
        },
    );
}

/// 54A:2-4 b "$20,000 or less" and 8-3.1 for a surviving spouse.
#[test]
fn edge2_12_surviving_spouse_gross_income_exactly_20000_no_tax_54a_2_4() {
    check(
        "12-surviving-spouse-gross-income-exactly-20000-2025.ron",
        &Expected {
            lines: &[
                ("29", "20000.00"),
                ("30", "2500.00"),
                ("43", "0.00"),
                ("56", "0.00"),
                ("58", "1731.20"), // 40% x 4,328
            ],
            refund: "2131.20",
            balance_due: "0.00",
            filing_required: Some(false),
        },
    );
}

/// One cent above: taxed, must file; the deduction saves 30 < 50: $50 credit.
#[test]
fn edge2_13_surviving_spouse_gross_income_20000_01_is_taxed_54a_2_4() {
    check(
        "13-surviving-spouse-gross-income-20000-01-2025.ron",
        &Expected {
            lines: &[
                ("29", "20000.01"),
                ("39", "17500.01"),
                ("40a", "2160.00"),
                ("41", "0.00"),
                ("43", "245.00"), // mid 17,525 x 1.4%; A mid 15,325 -> 215
                ("56", "50.00"),
                ("58", "1731.20"),
            ],
            refund: "1936.20", // 400 + 50 + 1,731.20 - 245
            balance_due: "0.00",
            filing_required: Some(true),
        },
    );
}

/// 54A:5-1(n), 3-2, 5-2: alimony both ways; a trust's net loss (5-1 h) on line 26 counts as zero
/// and does not offset the prize (5-1 l) beside it.
#[test]
fn edge2_14_alimony_received_and_paid_a_trust_loss_does_not_offset_a_prize_54a_5_2() {
    check(
        "14-single-alimony-received-and-paid-other-income-negative-2023.ron",
        &Expected {
            lines: &[
                ("25", "12000.00"),
                ("26", "1500.00"),
                ("27", "58500.00"),
                ("32", "5000.00"),
                ("38", "6000.00"),
                ("39", "52500.00"),
                ("43", "1410.00"), // mid 52,525: 717.50 + 5.525% x 12,525 = 1,409.51
            ],
            refund: "0.00",
            balance_due: "10.00",
            filing_required: Some(true),
        },
    );
}
