//! Edge returns: the drafts in `examples/edge/` against results computed BY HAND from the statute
//! (N.J.S.A. Title 54A) and the reference sheets, before the engine was run. A second, independent
//! oracle beside `tests/worked_returns.rs`, aimed at thresholds, tier tops and combinations the
//! first set does not reach.
//!
//! The full line-by-line arithmetic, with the statute section for every step, is in
//! `docs/edge-returns.md`; the comment beside each expected value below is its short form.
//! Methods (team decisions, see the doc): line 43 under $100,000 uses the tax table = the 54A:2-1
//! formula (printed bases) at the midpoint of the $50 row holding the income, rounded once to whole
//! dollars, an exact multiple of $50 starting a new row; from $100,000 the rate schedule to the cent.
//! Worksheet H keeps the deduction when it saves at least the credit ($50; $25 for every separate
//! filer). Retirement tiers are tested on line 27; in a band the 28b maximum is the percentage x
//! line 27 less 28a. Federal EIC: the IRS table (formula at the $50 band midpoint, whole dollars).
//!
//! Each test collects every mismatch (line, expected, got, the engine's rule text) into one
//! failure message, so one run shows all the differences.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use crate::common;

use std::path::Path;

/// Expected result of one edge draft: lines by official id, refund, balance due and, where the
/// draft tests it, whether a return must be filed (54A:8-3.1).
use crate::common::Expected;

fn check(file: &str, expected: &Expected) {
    common::check("edge", "docs/edge-returns.md", file, expected);
}

// ---------------------------------------------------------------------------------------------
// Edge 1: joint, only the taxpayer (66) is 62+; he has a pension, an IRA and $2,400 of wages; the
// spouse (58) has wages and an IRA of her own. 2024.

const JOINT_ONE_SPOUSE_62: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("7", "1000.00"),   // only the taxpayer is 65+ (54A:3-1(b)3)
        ("13", "3000.00"),  // 2,000 + 1,000
        ("15", "53880.22"), // 2,400.00 + 51,480.22
        ("16a", "1560.55"), // 1,250.40 + 310.15
        ("17", "820.00"),
        ("20a", "37300.00"), // 28,300 + 6,000 (his) + 3,000 (her IRA)
        ("27", "93560.77"),  // 53,880.22 + 1,560.55 + 820.00 + 37,300.00
        ("28a", "34300.00"), // his pension + IRA only; her IRA is not "received by a person 62+" (54A:6-10 b(1))
        // 28b: he is 62+ and HIS a/b/k/p income is 2,400 <= 3,000 (per person, 54A:6-15 a(1));
        // unused cap 100,000 - 34,300 = 65,700; his own other income 2,400.00 + 1,250.40 = 3,650.40.
        ("28b", "3650.40"),
        ("28c", "37950.40"), // 34,300.00 + 3,650.40
        ("29", "55610.37"),  // 93,560.77 - 37,950.40
        ("30", "3000.00"),
        ("38", "3000.00"),
        ("39", "52610.37"), // 55,610.37 - 3,000.00
        ("40a", "9870.00"),
        // H: col A 42,740.37 -> mid 42,725: 280 + 1.75% x 22,725 = 677.6875 -> 678;
        // col B 52,610.37 -> mid 52,625: 805 + 2.45% x 2,625 = 869.3125 -> 869; saving 191 >= 50.
        ("41", "9870.00"),
        ("42", "42740.37"), // 52,610.37 - 9,870.00
        ("43", "678.00"),
        ("44", "0.00"),
        ("45", "678.00"),
        ("50", "678.00"),
        ("54", "678.00"),
        ("55", "2750.00"), // 2,150.00 (W-2) + 600.00 (1099-R)
        ("56", "0.00"),
        ("58", "0.00"), // AGI far above the EIC limit
        ("64", "0.00"),
        ("65", "0.00"),
        ("66", "2750.00"),
        ("67", "0.00"),
        ("68", "2072.00"), // 2,750.00 - 678.00
        ("78", "0.00"),
        ("80", "2072.00"),
    ],
    refund: "2072.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn joint_return_excludes_only_the_62_plus_spouses_pension_and_income_54a_6_10_b_6_15_a_2024() {
    check(
        "01-joint-one-spouse-62-pension-other-wages-2024.ron",
        &JOINT_ONE_SPOUSE_62,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 2: single, 67, line 27 exactly $100,000.00. 2024.

const SINGLE_100000: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("7", "1000.00"),
        ("13", "2000.00"),
        ("16a", "5000.00"),
        ("17", "25000.00"),
        ("20a", "70000.00"),
        ("27", "100000.00"),
        ("28a", "70000.00"), // 27 not "in excess of $100,000": cap tier, up to 75,000 (54A:6-10 b(1))
        ("28b", "5000.00"),  // min(75,000 - 70,000, other income 30,000) (54A:6-15 a(1), a(3))
        ("28c", "75000.00"),
        ("29", "25000.00"), // 100,000.00 - 75,000.00
        ("31", "837.77"),   // 1,337.77 - 2% x 25,000.00 (500.00) (54A:3-3(a))
        ("38", "2837.77"),  // 2,000.00 + 837.77
        ("39", "22162.23"), // 25,000.00 - 2,837.77
        ("40a", "2592.00"), // 18% x 14,400.00 (54A:3A-16)
        // H: col A 19,570.23 -> mid 19,575 x 1.4% = 274.05 -> 274; col B 22,162.23 -> mid 22,175:
        // 280 + 1.75% x 2,175 = 318.0625 -> 318; saving 44 < 50 -> $50 credit (54A:3A-20 a).
        ("41", "0.00"),
        ("42", "22162.23"),
        ("43", "318.00"),
        ("45", "318.00"),
        ("54", "318.00"),
        ("55", "1200.00"),
        ("56", "50.00"),
        ("58", "0.00"),
        ("66", "1250.00"), // 1,200.00 + 50.00
        ("68", "932.00"),  // 1,250.00 - 318.00
        ("80", "932.00"),
    ],
    refund: "932.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn total_income_of_exactly_100000_keeps_the_full_pension_exclusion_54a_6_10_b1_2024() {
    check(
        "02-single-pension-total-income-100000-2024.ron",
        &SINGLE_100000,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 3: edge 2 one cent higher: line 27 $100,000.01. 2024.

const SINGLE_100000_01: Expected = Expected {
    lines: &[
        ("16a", "5000.01"),
        ("27", "100000.01"),
        ("28a", "26250.00"), // in excess of 100,000, not over 125,000: 37.5% x 70,000 (54A:6-10 b(1))
        // 28b: 37.5% x 100,000.01 = 37,500.00375 -> 37,500.00, less 28a 26,250.00 = 11,250.00
        // (other income 30,000.01 is larger) (54A:6-15 a(1), a(3)).
        ("28b", "11250.00"),
        ("28c", "37500.00"),
        ("29", "62500.01"), // 100,000.01 - 37,500.00
        ("31", "87.77"),    // 2% x 62,500.01 = 1,250.0002 -> 1,250.00; 1,337.77 - 1,250.00
        ("38", "2087.77"),
        ("39", "60412.24"), // 62,500.01 - 2,087.77
        ("40a", "2592.00"),
        // H: col A 57,820.24 -> mid 57,825: 717.50 + 5.525% x 17,825 = 1,702.33 -> 1,702;
        // col B 60,412.24 -> mid 60,425: 717.50 + 5.525% x 20,425 = 1,845.98 -> 1,846; saving 144.
        ("41", "2592.00"),
        ("42", "57820.24"),
        ("43", "1702.00"),
        ("54", "1702.00"),
        ("55", "1200.00"),
        ("56", "0.00"),
        ("66", "1200.00"),
        ("67", "502.00"), // 1,702.00 - 1,200.00
        ("68", "0.00"),
        ("79", "502.00"),
        ("80", "0.00"),
    ],
    refund: "0",
    balance_due: "502.00",
    filing_required: Some(true),
};

#[test]
fn total_income_one_cent_over_100000_drops_to_the_37_5_percent_band_54a_6_10_b1_6_15_a1_2024() {
    check(
        "03-single-pension-total-income-100000-01-2024.ron",
        &SINGLE_100000_01,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 4: joint retirees, line 27 exactly $150,000.00. 2025.

const JOINT_150000: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("7", "2000.00"), // born 1958 and 1959-12-31: both 65+ at the close of 2025
        ("13", "4000.00"),
        ("16a", "12306.18"),
        ("17", "17693.82"),
        ("20a", "120000.00"), // 82,415.30 + 37,584.70
        ("27", "150000.00"),
        ("28a", "30000.00"), // "not more than $150,000": 25% x 120,000 (54A:6-10 b(1), b(2))
        ("28b", "7500.00"),  // 25% x 150,000 = 37,500 - 30,000 (other income 30,000 is larger)
        ("28c", "37500.00"),
        ("29", "112500.00"),
        ("31", "861.11"), // 3,111.11 - 2% x 112,500 (2,250.00)
        ("38", "4861.11"),
        ("39", "107638.89"), // 112,500.00 - 4,861.11
        ("40a", "12640.25"),
        // H: col A 94,998.64 (table) -> mid 94,975: 1,645 + 5.525% x 14,975 = 2,472.37 -> 2,472;
        // col B 107,638.89 (schedule): 1,645 + 5.525% x 27,638.89 (1,527.05) = 3,172.05; saving 700.05.
        ("41", "12640.25"),
        ("42", "94998.64"), // 107,638.89 - 12,640.25
        ("43", "2472.00"),
        ("45", "2472.00"),
        ("54", "2472.00"),
        ("55", "700.00"),
        ("56", "0.00"),
        ("57", "1600.00"), // four estimated payments of 400.00
        ("66", "2300.00"),
        ("67", "172.00"), // 2,472.00 - 2,300.00
        ("68", "0.00"),
        ("79", "172.00"),
        ("80", "0.00"),
    ],
    refund: "0",
    balance_due: "172.00",
    filing_required: Some(true),
};

#[test]
fn total_income_of_exactly_150000_keeps_the_25_percent_band_54a_6_10_b2_6_15_a2_2025() {
    check(
        "04-joint-pensions-total-income-150000-2025.ron",
        &JOINT_150000,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 5: edge 4 one cent higher: line 27 $150,000.01. 2025.

const JOINT_150000_01: Expected = Expected {
    lines: &[
        ("16a", "12306.19"),
        ("27", "150000.01"),
        ("28a", "0.00"), // over $150,000: no exclusion (54A:6-10 b(2))
        ("28b", "0.00"), // (54A:6-15 a(2))
        ("28c", "0.00"),
        ("29", "150000.01"),
        ("31", "111.11"), // 2% x 150,000.01 = 3,000.0002 -> 3,000.00; 3,111.11 - 3,000.00
        ("38", "4111.11"),
        ("39", "145888.90"), // 150,000.01 - 4,111.11
        // H: col A 133,248.65: 1,645 + 5.525% x 53,248.65 (2,941.99) = 4,586.99;
        // col B 145,888.90: 1,645 + 5.525% x 65,888.90 (3,640.36) = 5,285.36; saving 698.37.
        ("41", "12640.25"),
        ("42", "133248.65"),
        ("43", "4586.99"),
        ("54", "4586.99"),
        ("55", "700.00"),
        ("57", "1600.00"),
        ("66", "2300.00"),
        ("67", "2286.99"), // 4,586.99 - 2,300.00
        ("79", "2286.99"),
        ("80", "0.00"),
    ],
    refund: "0",
    balance_due: "2286.99",
    filing_required: Some(true),
};

#[test]
fn total_income_one_cent_over_150000_loses_both_retirement_exclusions_54a_6_10_b2_2025() {
    check(
        "05-joint-pensions-total-income-150000-01-2025.ron",
        &JOINT_150000_01,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 6: joint, $245,012.25 of income, COJ for New York and Pennsylvania, property taxes above
// the $15,000 cap. 2024.

const JOINT_HIGH_INCOME_COJ: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("13", "2000.00"),
        ("15", "235320.50"), // 176,400.00 + 58,920.50
        ("16a", "3211.75"),
        ("17", "6480.00"),
        ("27", "245012.25"),
        ("28a", "0.00"), // over 150,000 (and nobody 62+)
        ("28b", "0.00"),
        ("28c", "0.00"),
        ("29", "245012.25"),
        ("38", "2000.00"),
        ("39", "243012.25"),
        ("40a", "17852.60"), // taxes paid; Worksheet H/I line 2 limits it to 15,000 (54A:3A-17 a)
        // Column A: 243,012.25 - 15,000 = 228,012.25: 5,512.50 + 6.37% x 78,012.25 (4,969.38) = 10,481.88.
        // Column B: 243,012.25: 5,512.50 + 6.37% x 93,012.25 (5,924.88) = 11,437.38.
        // NY: 62,500 / 245,012.25; A 2,673.82, B 2,917.55, both under the 3,105.40 paid.
        // PA: 41,300 / 245,012.25; A 1,766.86, B 1,927.92, both limited to the 1,267.91 paid.
        // Worksheet I: (11,437.38 - 4,185.46) - (10,481.88 - 3,941.73) = 7,251.92 - 6,540.15 = 711.77 >= 50.
        ("41", "15000.00"),
        ("42", "228012.25"),
        ("43", "10481.88"),
        ("44", "3941.73"), // 2,673.82 + 1,267.91 (54A:4-1(b))
        ("45", "6540.15"),
        ("50", "6540.15"),
        ("54", "6540.15"),
        ("55", "7300.00"), // 6,200.00 + 1,100.00
        ("56", "0.00"),
        ("58", "0.00"),
        ("64", "0.00"), // line 42 over 150,000 (54A:4-17 a)
        ("65", "0.00"),
        ("66", "7300.00"),
        ("68", "759.85"), // 7,300.00 - 6,540.15
        ("80", "759.85"),
    ],
    refund: "759.85",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn high_income_joint_coj_in_two_states_and_property_tax_cap_54a_4_1_b_3a_17_a_2024() {
    check(
        "06-joint-high-income-coj-two-states-cap-2024.ron",
        &JOINT_HIGH_INCOME_COJ,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 7: single, owner January-May, tenant June-December; home sold. 2022.

const MOVED_2022: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("13", "1000.00"),
        ("15", "71384.90"),
        ("16a", "96.12"),
        ("19", "2315.40"), // home gain 48,000 excluded (54A:6-9.1, under 250,000); stock gain taxed
        ("27", "73796.42"), // 71,384.90 + 96.12 + 2,315.40
        ("29", "73796.42"),
        ("38", "1000.00"),
        ("39", "72796.42"),
        // owner: 9,126.00 x 5/12 = 3,802.50 (54A:3A-17 b); tenant: 18% x 15,050.00 = 2,709.00
        // (3A-16, 3A-18 a); together 6,511.50 (3A-19 a).
        ("40a", "6511.50"),
        // H: col A 66,284.92 -> mid 66,275: 717.50 + 5.525% x 26,275 = 2,169.19 -> 2,169;
        // col B 72,796.42 -> mid 72,775: 717.50 + 5.525% x 32,775 = 2,528.32 -> 2,528; saving 359.
        ("41", "6511.50"),
        ("42", "66284.92"),
        ("43", "2169.00"),
        ("54", "2169.00"),
        ("55", "2210.00"),
        ("56", "0.00"),
        ("66", "2210.00"),
        ("68", "41.00"), // 2,210.00 - 2,169.00
        ("80", "41.00"),
    ],
    refund: "41.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn owner_five_months_then_tenant_seven_months_adds_both_shares_54a_3a_17_b_3a_19_2022() {
    check(
        "07-moved-owner-5-months-tenant-7-months-2022.ron",
        &MOVED_2022,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 8: single, half owner of a house, two employers. 2023.

const CO_OWNED_2023: Expected = Expected {
    lines: &[
        ("15", "84611.37"), // 52,400.00 + 32,211.37
        ("27", "84611.37"),
        ("29", "84611.37"),
        ("38", "1000.00"),
        ("39", "83611.37"),
        ("40a", "5618.25"), // 50% x 11,236.50 (54A:3A-17 c)
        // H: col A 77,993.12 -> mid 77,975: 2,651.25 + 6.37% x 2,975 = 2,840.76 -> 2,841;
        // col B 83,611.37 -> mid 83,625: 2,651.25 + 6.37% x 8,625 = 3,200.66 -> 3,201; saving 360.
        ("41", "5618.25"),
        ("42", "77993.12"),
        ("43", "2841.00"),
        ("54", "2841.00"),
        ("55", "2762.40"), // 1,712.40 + 1,050.00
        ("59", "136.90"),  // UI 174.68 + 136.90 - 174.68 maximum (2023)
        ("60", "0.00"),    // DI 0% in 2023
        ("61", "0.00"),    // FLI 31.44 + 19.33 = 50.77 < 94.08 maximum
        ("66", "2899.30"), // 2,762.40 + 136.90
        ("68", "58.30"),   // 2,899.30 - 2,841.00
        ("80", "58.30"),
    ],
    refund: "58.30",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn co_owner_of_half_the_title_deducts_half_the_taxes_54a_3a_17_c_2023() {
    check(
        "08-co-owned-home-half-share-two-employers-2023.ron",
        &CO_OWNED_2023,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 9: single, gross income exactly $10,000.00. 2024.

const SINGLE_10000: Expected = Expected {
    lines: &[
        ("15", "9740.00"),
        ("16a", "260.00"),
        ("27", "10000.00"),
        ("29", "10000.00"), // "$10,000 or less": not subject to tax (54A:2-4 a(3))
        ("38", "1000.00"),
        ("39", "9000.00"),
        ("41", "0.00"), // no tax, so no deduction; under 65: no credit (54A:3A-20 a(1)(b))
        ("42", "9000.00"),
        ("43", "0.00"),
        ("45", "0.00"),
        ("54", "0.00"),
        ("55", "112.00"),
        ("56", "0.00"),
        // Federal EIC, no child, 2024: earned 9,740 is on the plateau (632); AGI 10,000 is below the
        // 10,330 phase-out start: 632. NJ: 40% = 252.80 (54A:4-7 a(2)(l)).
        ("58", "252.80"),
        ("66", "364.80"), // 112.00 + 252.80
        ("68", "364.80"),
        ("80", "364.80"),
    ],
    refund: "364.80",
    balance_due: "0",
    filing_required: Some(false), // not "in excess of $10,000" (54A:8-3.1 a(1)(c))
};

#[test]
fn gross_income_of_exactly_10000_single_owes_no_tax_and_need_not_file_54a_2_4_a_8_3_1_2024() {
    check(
        "09-single-gross-income-exactly-10000-2024.ron",
        &SINGLE_10000,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 10: single, gross income $10,000.01. 2024.

const SINGLE_10000_01: Expected = Expected {
    lines: &[
        ("16a", "260.01"),
        ("27", "10000.01"),
        ("29", "10000.01"), // subject to tax
        ("38", "1000.00"),
        ("39", "9000.01"),
        ("40a", "1080.00"), // 18% x 6,000.00
        // H: col A 7,920.01 -> mid 7,925 x 1.4% = 110.95 -> 111; col B 9,000.01 -> mid 9,025 x 1.4%
        // = 126.35 -> 126; saving 15 < 50 -> $50 credit.
        ("41", "0.00"),
        ("42", "9000.01"),
        ("43", "126.00"),
        ("45", "126.00"),
        ("54", "126.00"),
        ("55", "112.00"),
        ("56", "50.00"),
        ("58", "252.80"), // as edge 9: AGI 10,000.01 still under 10,330
        ("66", "414.80"), // 112.00 + 50.00 + 252.80
        ("68", "288.80"), // 414.80 - 126.00
        ("80", "288.80"),
    ],
    refund: "288.80",
    balance_due: "0",
    filing_required: Some(true), // "in excess of $10,000"
};

#[test]
fn gross_income_one_cent_over_10000_single_is_taxed_and_must_file_54a_2_4_a_8_3_1_2024() {
    check("10-single-gross-income-10000-01-2024.ron", &SINGLE_10000_01);
}

// ---------------------------------------------------------------------------------------------
// Edge 11: joint, gross income exactly $20,000.00, taxpayer 70. 2024.

const JOINT_20000_SENIOR: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("7", "1000.00"), // taxpayer 70; spouse 60
        ("13", "3000.00"),
        ("15", "20000.00"),
        ("20a", "6500.00"),
        ("27", "26500.00"),
        ("28a", "6500.00"), // his pension (54A:6-10 b(1))
        ("28b", "0.00"), // he is 62+ with no wages, but has no other income of his own (6-15 a(1))
        ("28c", "6500.00"),
        ("29", "20000.00"), // "$20,000 or less": not subject to tax (54A:2-4 b(5))
        ("38", "3000.00"),
        ("39", "17000.00"),
        ("40a", "5400.00"),
        ("41", "0.00"),
        ("42", "17000.00"),
        ("43", "0.00"),
        ("54", "0.00"),
        ("55", "180.00"),
        ("56", "50.00"), // 65+ and not subject to tax: credit only (54A:3A-20 a(1)(b))
        ("58", "0.00"),  // joint, no child: AGI 26,500 above the 25,511 full phase-out
        ("66", "230.00"),
        ("68", "230.00"),
        ("80", "230.00"),
    ],
    refund: "230.00",
    balance_due: "0",
    filing_required: Some(false), // not "in excess of $20,000" (54A:8-3.1 a(2)(e))
};

#[test]
fn joint_gross_income_of_exactly_20000_with_a_senior_gets_only_the_50_credit_54a_2_4_b_3a_20_2024()
{
    check(
        "11-joint-gross-income-exactly-20000-senior-credit-2024.ron",
        &JOINT_20000_SENIOR,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 12: single, 20, childless, low wages: NJ EITC flat amount. 2024.

const AGE_20_FLAT_EITC: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("15", "9420.55"),
        ("27", "9420.55"),
        ("29", "9420.55"), // under 10,000: no tax
        ("38", "1000.00"),
        ("39", "8420.55"),
        ("42", "8420.55"),
        ("43", "0.00"),
        ("54", "0.00"),
        ("55", "85.00"),
        // 18+, no qualifying child, fails only the federal age test (25); AGI 9,420.55 below the
        // 18,591 full phase-out: flat amount predicated on the federal maximum 632, 40% = 252.80,
        // $253 for 2024 (reference section 4) (54A:4-7 a(4)).
        ("58", "253.00"),
        ("66", "338.00"), // 85.00 + 253.00
        ("68", "338.00"),
        ("80", "338.00"),
    ],
    refund: "338.00",
    balance_due: "0",
    filing_required: Some(false),
};

#[test]
fn childless_filer_aged_20_gets_the_flat_nj_eitc_54a_4_7_a4_2024() {
    check(
        "12-age-20-childless-eitc-flat-amount-2024.ron",
        &AGE_20_FLAT_EITC,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 13: head of household, line 42 exactly $30,000.00, children born 1 Jan 2019 and
// 31 Dec 2018. 2024.

const HOH_30000: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("10", "3000.00"), // both children under 19 (54A:3-1(b)2)
        ("13", "4000.00"),
        ("15", "37240.00"),
        ("27", "37240.00"),
        ("29", "37240.00"),
        ("38", "4000.00"),
        ("39", "33240.00"),
        ("40a", "3240.00"), // 18% x 18,000.00
        // H (joint table for a head of household, 54A:2-1 a): col A 30,000.00, a multiple of 50 ->
        // row 30,000-30,050, mid 30,025: 280 + 1.75% x 10,025 = 455.44 -> 455; col B 33,240.00 ->
        // mid 33,225: 280 + 1.75% x 13,225 = 511.44 -> 511; saving 56 >= 50.
        ("41", "3240.00"),
        ("42", "30000.00"),
        ("43", "455.00"),
        ("54", "455.00"),
        ("55", "610.00"),
        ("56", "0.00"),
        // Federal EIC, 2 children, not joint, 2024: band 37,200-37,250, mid 37,225:
        // 6,960 - 21.06% x (37,225 - 22,720) = 3,905.25 -> 3,905; NJ 40% = 1,562.00.
        ("58", "1562.00"),
        ("64", "690.00"),  // line 42 "not over $30,000": 50% x 1,380.00 (54A:4-17 a)
        ("65", "1000.00"), // "$30,000 or under": 1,000 for the child born 1 Jan 2019 only (54A:4-17.1 a)
        ("66", "3862.00"), // 610.00 + 1,562.00 + 690.00 + 1,000.00
        ("68", "3407.00"), // 3,862.00 - 455.00
        ("80", "3407.00"),
    ],
    refund: "3407.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn line_42_of_exactly_30000_gets_the_top_tiers_and_a_child_born_31_dec_is_six_54a_4_17_1_2024() {
    check(
        "13-hoh-line-42-exactly-30000-child-born-31-dec-2024.ron",
        &HOH_30000,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 14: joint, line 42 $30,000.01, two children under six. 2025.

const JOINT_30000_01: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("10", "3000.00"),
        ("13", "5000.00"),
        ("15", "35000.01"), // 22,850.00 + 12,150.01
        ("29", "35000.01"),
        ("38", "5000.00"),
        ("39", "30000.01"),
        ("40a", "2400.00"),
        // H: col A 27,600.01 -> mid 27,625: 280 + 1.75% x 7,625 = 413.44 -> 413; col B 30,000.01
        // -> mid 30,025: 455.44 -> 455; saving 42 < 50 -> $50 credit.
        ("41", "0.00"),
        ("42", "30000.01"),
        ("43", "455.00"),
        ("54", "455.00"),
        ("55", "420.00"),
        ("56", "50.00"),
        // Federal EIC, 2 children, joint, 2025: band 35,000-35,050, mid 35,025:
        // 7,152 - 21.06% x (35,025 - 30,470) = 6,192.72 -> 6,193; NJ 40% = 2,477.20.
        ("58", "2477.20"),
        ("64", "280.00"),  // over 30,000, not over 60,000: 40% x 700.00 (54A:4-17 a)
        ("65", "1600.00"), // over 30,000, not over 40,000: 800 x 2 (54A:4-17.1 a)
        ("66", "4827.20"), // 420.00 + 50.00 + 2,477.20 + 280.00 + 1,600.00
        ("68", "4372.20"), // 4,827.20 - 455.00
        ("80", "4372.20"),
    ],
    refund: "4372.20",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn line_42_one_cent_over_30000_gets_the_second_tiers_54a_4_17_a_4_17_1_a_2025() {
    check(
        "14-joint-line-42-30000-01-two-children-2025.ron",
        &JOINT_30000_01,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 15: lottery prizes of 10,000 and 10,001, gambling losses, partnership loss beside an
// S-corporation gain, alimony paid, medical exactly at the floor, contributions beyond the
// overpayment. 2025.

const GAMBLING_PARTNERSHIP_2025: Expected = Expected {
    lines: &[
        ("15", "58310.50"),
        ("21", "0.00"), // partnership loss -12,400: no entry, not netted elsewhere (54A:5-2)
        ("22", "8750.00"), // S corporation gain stands alone
        // 10,000 NJ Lottery prize excluded; 10,001 "exceeding $10,000" included in full (54A:6-11);
        // 10,001 + 3,200 - 4,000 losses = 9,201 (losses only inside the category, 54A:5-2).
        ("24", "9201.00"),
        ("27", "76261.50"), // 58,310.50 + 8,750.00 + 9,201.00
        ("29", "76261.50"),
        ("31", "0.00"), // 2% x 76,261.50 = 1,525.23 exactly; expenses 1,525.23 do not "exceed" it
        ("32", "6000.00"), // alimony paid (54A:3-2)
        // 54A:3-9: regular business income 0 + 8,750 = 8,750; alternative -12,400 + 8,750 = -3,650
        // -> 0; increment 8,750 x 50% = 4,375.00.
        ("35", "4375.00"),
        ("38", "11375.00"), // 1,000 + 6,000 + 4,375
        ("39", "64886.50"), // 76,261.50 - 11,375.00
        ("40a", "3672.00"), // 18% x 20,400.00
        // H: col A 61,214.50 -> mid 61,225: 717.50 + 5.525% x 21,225 = 1,890.18 -> 1,890;
        // col B 64,886.50 -> mid 64,875: 717.50 + 5.525% x 24,875 = 2,091.84 -> 2,092; saving 202.
        ("41", "3672.00"),
        ("42", "61214.50"),
        ("43", "1890.00"),
        ("54", "1890.00"),
        ("55", "1650.00"),
        ("57", "300.00"),
        ("66", "1950.00"),
        ("67", "0.00"),
        ("68", "60.00"), // 1,950.00 - 1,890.00
        ("69", "40.00"), // credited to 2026 (not more than the overpayment, 54A:9-7 d)
        ("70", "20.00"),
        ("71", "10.00"),
        ("75", "5.00"),  // Community Food Pantry, by code
        ("78", "75.00"), // 40 + 20 + 10 + 5
        // 78 exceeds 68 by 15.00: contributions beyond the refund are "an enclosed contribution"
        // (54A:9-25.2, 9-25.14), so they are paid with the return.
        ("79", "15.00"),
        ("80", "0.00"),
    ],
    refund: "0",
    balance_due: "15.00",
    filing_required: Some(true),
};

#[test]
fn lottery_prize_edges_category_losses_alimony_and_contributions_beyond_the_refund_54a_6_11_5_2_2025()
 {
    check(
        "15-gambling-lottery-partnership-alimony-2025.ron",
        &GAMBLING_PARTNERSHIP_2025,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 16: qualifying widow, property taxes over the cap, medical one cent over the floor. 2023.

const SURVIVING_SPOUSE_2023: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("10", "1500.00"),
        ("13", "2500.00"),
        ("15", "132418.66"),
        ("16a", "1482.10"),
        ("27", "133900.76"),
        ("29", "133900.76"),
        ("31", "0.01"), // 2% x 133,900.76 = 2,678.0152 -> 2,678.02; 2,678.03 - 2,678.02
        ("38", "2500.01"),
        ("39", "131400.75"), // 133,900.76 - 2,500.01
        ("40a", "16204.88"),
        // H line 2 = 15,000 (cap, 54A:3A-17 a). Col A 116,400.75: 1,645 + 5.525% x 36,400.75
        // (2,011.14) = 3,656.14; col B 131,400.75: 1,645 + 5.525% x 51,400.75 (2,839.89) = 4,484.89.
        ("41", "15000.00"),
        ("42", "116400.75"),
        ("43", "3656.14"),
        ("54", "3656.14"),
        ("55", "3812.55"),
        ("56", "0.00"),
        ("64", "0.00"),
        ("65", "0.00"), // child is 15
        ("66", "3812.55"),
        ("68", "156.41"), // 3,812.55 - 3,656.14
        ("80", "156.41"),
    ],
    refund: "156.41",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn surviving_spouse_with_property_taxes_over_the_15000_cap_54a_3a_17_a_2_1_a_2023() {
    check(
        "16-surviving-spouse-property-tax-cap-medical-floor-2023.ron",
        &SURVIVING_SPOUSE_2023,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 17: married filing separately, 63, never eligible for Social Security. 2025.

const SEPARATE_SPECIAL_EXCLUSION_2025: Expected = Expected {
    lines: &[
        ("6", "1000.00"), // no spouse exemption on a separate return
        ("13", "1000.00"),
        ("16a", "2137.45"),
        ("17", "3300.00"),
        ("19", "30000.00"),
        ("20a", "41200.00"),
        ("23", "9000.00"),
        ("27", "85637.45"),
        ("28a", "41200.00"), // under the 50,000 separate cap (54A:6-10 b(1))
        // Part I: min(50,000 - 41,200, other income 44,437.45) = 8,800.00 (6-15 a(1), a(3));
        // Part II: 3,000 for a separate filer never eligible for Social Security (6-15 b).
        ("28b", "11800.00"),
        ("28c", "53000.00"),
        ("29", "32637.45"), // 85,637.45 - 53,000.00
        ("38", "1000.00"),
        ("39", "31637.45"),
        ("40a", "1296.00"), // 18% x 7,200.00, not shared
        // H: col A 30,341.45 -> mid 30,325: 280 + 1.75% x 10,325 = 460.69 -> 461; col B 31,637.45
        // -> mid 31,625: 280 + 1.75% x 11,625 = 483.44 -> 483; saving 22 < 25 -> $25 credit.
        ("41", "0.00"),
        ("42", "31637.45"),
        ("43", "483.00"),
        ("54", "483.00"),
        ("55", "0.00"),
        ("56", "25.00"), // one-half of the $50 credit (54A:3A-20 b)
        ("57", "400.00"),
        ("58", "0.00"),
        ("64", "0.00"),
        ("65", "0.00"),
        ("66", "425.00"),
        ("67", "58.00"), // 483.00 - 425.00
        ("79", "58.00"),
        ("80", "0.00"),
    ],
    refund: "0",
    balance_due: "58.00",
    filing_required: Some(true),
};

#[test]
fn separate_filer_never_covered_by_social_security_gets_the_3000_special_exclusion_54a_6_15_b_2025()
{
    check(
        "17-separate-pension-special-exclusion-25-credit-2025.ron",
        &SEPARATE_SPECIAL_EXCLUSION_2025,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 18: joint, gross income exactly $200,000.00, education deductions. 2025.

const EDUCATION_200000: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("10", "3000.00"), // a 19-year-old full-time student and a 16-year-old
        ("12", "1000.00"), // under 22, full-time college, costs paid (54A:3-1.1)
        ("13", "6000.00"),
        ("15", "200000.00"),
        ("29", "200000.00"),
        ("37a", "10000.00"), // 12,000 contributed, capped at 10,000 (54A:3-12)
        ("37b", "2500.00"),  // 3,100 paid, capped at 2,500 (54A:3-13)
        ("37c", "9800.00"),  // (54A:3-14)
        ("38", "28300.00"),  // 6,000 + 10,000 + 2,500 + 9,800
        ("39", "171700.00"),
        ("40a", "13912.44"),
        // H: col A 157,787.56: 5,512.50 + 6.37% x 7,787.56 (496.07) = 6,008.57; col B 171,700.00:
        // 5,512.50 + 6.37% x 21,700 (1,382.29) = 6,894.79; saving 886.22.
        ("41", "13912.44"),
        ("42", "157787.56"),
        ("43", "6008.57"),
        ("54", "6008.57"),
        ("55", "8770.00"), // 7,350.00 + 1,420.00
        ("64", "0.00"),
        ("65", "0.00"),
        ("66", "8770.00"),
        ("68", "2761.43"), // 8,770.00 - 6,008.57
        ("80", "2761.43"),
    ],
    refund: "2761.43",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn gross_income_of_exactly_200000_keeps_njbest_njclass_and_tuition_54a_3_12_3_13_3_14_2025() {
    check(
        "18-joint-education-deductions-gross-income-200000-2025.ron",
        &EDUCATION_200000,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 19: edge 18 one cent higher: gross income $200,000.01. 2025.

const EDUCATION_200000_01: Expected = Expected {
    lines: &[
        ("12", "1000.00"),
        ("13", "6000.00"),
        ("15", "200000.01"),
        ("29", "200000.01"),
        ("37a", "0.00"), // gross income over 200,000 (54A:3-12)
        ("37b", "0.00"), // (54A:3-13)
        ("37c", "0.00"), // (54A:3-14)
        ("38", "6000.00"),
        ("39", "194000.01"),
        // H: col A 180,087.57: 5,512.50 + 6.37% x 30,087.57 (1,916.58) = 7,429.08; col B
        // 194,000.01: 5,512.50 + 6.37% x 44,000.01 (2,802.80) = 8,315.30; saving 886.22.
        ("41", "13912.44"),
        ("42", "180087.57"),
        ("43", "7429.08"),
        ("54", "7429.08"),
        ("55", "8770.00"),
        ("66", "8770.00"),
        ("68", "1340.92"), // 8,770.00 - 7,429.08
        ("80", "1340.92"),
    ],
    refund: "1340.92",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn gross_income_one_cent_over_200000_loses_the_education_deductions_54a_3_12_3_13_3_14_2025() {
    check(
        "19-joint-education-deductions-gross-income-200000-01-2025.ron",
        &EDUCATION_200000_01,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 20: joint, both 65+, 50% band; the taxpayer works, so only the spouse passes the $3,000
// test. 2024.

const JOINT_BAND_ONE_PASSES: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("7", "2000.00"),
        ("13", "4000.00"),
        ("15", "40000.00"),
        ("16a", "8175.61"), // 163.27 + 8,012.34
        ("17", "5000.00"),
        ("20a", "50000.00"), // 30,000 + 20,000
        ("27", "103175.61"), // 40,000 + 8,175.61 + 5,000 + 50,000
        ("28a", "25000.00"), // both 62+: 50% x 50,000 (54A:6-10 b(1))
        // 28b: maximum 50% x 103,175.61 = 51,587.81 - 25,000 = 26,587.81. He received 40,000 of
        // wages: out. She qualifies; her income 20,000 + 8,012.34 + 5,000 = 33,012.34 less the
        // 10,000 of her pension already excluded = 23,012.34 (54A:6-15 a(1), a(3)).
        ("28b", "23012.34"),
        ("28c", "48012.34"),
        ("29", "55163.27"),
        ("38", "4000.00"),
        ("39", "51163.27"),
        ("40a", "6850.00"),
        // H: col A 44,313.27 -> mid 44,325: 280 + 1.75% x 24,325 = 705.69 -> 706; col B 51,163.27 ->
        // mid 51,175: 805 + 2.45% x 1,175 = 833.79 -> 834; saving 128.
        ("41", "6850.00"),
        ("42", "44313.27"),
        ("43", "706.00"),
        ("55", "1400.00"),
        ("66", "1400.00"),
        ("68", "694.00"),
        ("80", "694.00"),
    ],
    refund: "694.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn in_the_50_percent_band_28b_excludes_only_the_qualifying_spouses_remaining_income_54a_6_15_a_2024()
 {
    check(
        "20-joint-band-50-only-one-spouse-passes-3000-test-2024.ron",
        &JOINT_BAND_ONE_PASSES,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 21: head of household, EIC with AGI above earned income. 2023.

const HOH_EIC_AGI_2023: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("10", "1500.00"),
        ("13", "2500.00"),
        ("15", "15012.00"),
        ("20a", "10000.00"),
        ("27", "25012.00"),
        ("28c", "0.00"), // under 62, not disabled
        ("29", "25012.00"),
        ("38", "2500.00"),
        ("39", "22512.00"),
        ("40a", "2376.00"), // 18% x 13,200.00
        // H: col A 20,136.00 -> mid 20,125: 280 + 1.75% x 125 = 282.19 -> 282; col B 22,512.00 ->
        // mid 22,525: 280 + 1.75% x 2,525 = 324.19 -> 324; saving 42 < 50 -> credit.
        ("41", "0.00"),
        ("42", "22512.00"),
        ("43", "324.00"),
        ("55", "250.00"),
        ("56", "50.00"),
        // Federal EIC 2023, one child, not joint: earned 15,012 -> plateau 3,995; AGI 25,012 ->
        // band 25,000-25,050, mid 25,025: 3,995 - 15.98% x (25,025 - 21,560) = 3,441.29 -> 3,441;
        // the smaller: 3,441. NJ 40% = 1,376.40.
        ("58", "1376.40"),
        ("64", "210.50"),  // not over 30,000: 50% x 421.00
        ("65", "0.00"),    // child is 8
        ("66", "1886.90"), // 250.00 + 50.00 + 1,376.40 + 210.50
        ("68", "1562.90"), // 1,886.90 - 324.00
        ("80", "1562.90"),
    ],
    refund: "1562.90",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn federal_eic_uses_the_smaller_amount_when_agi_is_in_the_phase_out_irc_32_a2_54a_4_7_2023() {
    check(
        "21-hoh-eic-agi-above-earned-income-2023.ron",
        &HOH_EIC_AGI_2023,
    );
}

// ---------------------------------------------------------------------------------------------
// Edges 22 and 23: investment income at the 2024 EIC limit and one cent over it.

const HOH_INVESTMENT_AT_LIMIT: Expected = Expected {
    lines: &[
        ("10", "1500.00"),
        ("13", "2500.00"),
        ("15", "18012.00"),
        ("16a", "6600.00"),
        ("17", "5000.00"),
        ("27", "29612.00"),
        ("29", "29612.00"),
        ("39", "27112.00"),
        ("40a", "1620.00"), // 18% x 9,000.00
        // H: col A 25,492.00 -> mid 25,475: 280 + 1.75% x 5,475 = 375.81 -> 376; col B 27,112.00 ->
        // mid 27,125: 280 + 1.75% x 7,125 = 404.69 -> 405; saving 29 < 50 -> credit.
        ("41", "0.00"),
        ("42", "27112.00"),
        ("43", "405.00"),
        ("55", "150.00"),
        ("56", "50.00"),
        // Investment income 11,600.00 does not exceed 11,600 (IRC 32(i)). One child 2024: earned
        // 18,012 -> plateau 4,213; AGI 29,612 -> mid 29,625: 4,213 - 15.98% x (29,625 - 22,720)
        // = 3,109.58 -> 3,110, which is what the IRS 2024 EIC table prints for "at least 29,600 but
        // less than 29,650", single/HOH, one child (Pub 596). NJ 40% = 1,244.00.
        // (Resolved: the engine was fixed to match.) Was: the engine starts the phase-out from 34% x the earned income amount
        // 12,390 = 4,212.60 instead of the $4,213 maximum credit the IRS table (and Rev. Proc.
        // 2023-34) use, and gets 3,109.18 -> 3,109 (NJ 1,243.60). 54A:4-7 a(1) takes the credit
        // "that would be allowed ... under section 32", i.e. the IRS table amount.
        ("58", "1244.00"),
        ("65", "1000.00"), // child of 3, line 42 under 30,000
        ("66", "2444.00"), // 150 + 50 + 1,244 + 1,000
        ("68", "2039.00"), // 2,444 - 405
        ("80", "2039.00"),
    ],
    refund: "2039.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]

fn investment_income_equal_to_the_limit_keeps_the_eic_irc_32_i_54a_4_7_2024() {
    check(
        "22-hoh-eic-investment-income-at-limit-2024.ron",
        &HOH_INVESTMENT_AT_LIMIT,
    );
}

const HOH_INVESTMENT_OVER_LIMIT: Expected = Expected {
    lines: &[
        ("16a", "6600.01"),
        ("27", "29612.01"),
        ("39", "27112.01"),
        ("41", "0.00"),
        ("42", "27112.01"),
        ("43", "405.00"), // same rows as edge 22
        ("56", "50.00"),
        ("58", "0.00"), // 11,600.01 exceeds the limit: no federal EIC, so no NJ EITC (54A:4-7 a(1))
        ("65", "1000.00"),
        ("66", "1200.00"), // 150 + 50 + 1,000
        ("68", "795.00"),  // 1,200 - 405
        ("80", "795.00"),
    ],
    refund: "795.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn investment_income_one_cent_over_the_limit_loses_the_eic_irc_32_i_54a_4_7_2024() {
    check(
        "23-hoh-eic-investment-income-one-cent-over-2024.ron",
        &HOH_INVESTMENT_OVER_LIMIT,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 24: single, 55, disabled, pension; below the threshold. 2024.

const DISABLED_UNDER_62: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("8", "1000.00"), // disabled (54A:3-1(b)5)
        ("13", "2000.00"),
        ("16a", "4000.55"),
        ("20a", "30000.00"),
        ("27", "34000.55"),
        ("28a", "30000.00"), // eligible "by virtue of disability" (54A:6-10 b(1))
        ("28b", "0.00"),     // 6-15 a(1) requires age 62
        ("28c", "30000.00"),
        ("29", "4000.55"), // at or below 10,000: no tax (54A:2-4)
        ("38", "2000.00"),
        ("39", "2000.55"),
        ("40a", "4100.00"),
        ("41", "0.00"),
        ("43", "0.00"),
        ("54", "0.00"),
        ("55", "300.00"),
        ("56", "50.00"), // disabled and not subject to tax: credit (54A:3A-20 a(1)(b))
        ("58", "0.00"),  // no earned income
        ("66", "350.00"),
        ("68", "350.00"),
        ("80", "350.00"),
    ],
    refund: "350.00",
    balance_due: "0",
    filing_required: Some(false),
};

#[test]
fn disabled_filer_under_62_gets_28a_but_not_28b_and_the_credit_below_the_threshold_54a_6_10_b1_2024()
 {
    check(
        "24-single-disabled-under-62-pension-below-threshold-2024.ron",
        &DISABLED_UNDER_62,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 25: married filing separately with a child of 3. 2023.

const SEPARATE_WITH_CHILD_2023: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("10", "1500.00"),
        ("13", "2500.00"),
        ("15", "45000.00"),
        ("16a", "212.12"),
        ("27", "45212.12"),
        ("29", "45212.12"),
        ("39", "42712.12"),
        ("40a", "3024.00"), // 18% x 16,800.00, not shared
        // H (single table, 54A:2-1 b): col A 39,688.12 -> mid 39,675: 542.50 + 3.5% x 4,675 =
        // 706.13 -> 706; col B 42,712.12 -> mid 42,725: 717.50 + 5.525% x 2,725 = 868.06 -> 868;
        // saving 162 >= 25.
        ("41", "3024.00"),
        ("42", "39688.12"),
        ("43", "706.00"),
        ("55", "1050.00"),
        ("56", "0.00"),
        ("58", "0.00"), // married, not filing jointly (54A:4-7 a(3))
        ("64", "0.00"), // (54A:4-17 c)
        ("65", "0.00"), // (54A:4-17.1 d)
        ("66", "1050.00"),
        ("68", "344.00"), // 1,050 - 706
        ("80", "344.00"),
    ],
    refund: "344.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn separate_filer_gets_no_eitc_child_tax_or_care_credit_54a_4_7_a3_4_17_1_d_2023() {
    check(
        "25-separate-with-child-no-family-credits-2023.ron",
        &SEPARATE_WITH_CHILD_2023,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 26: joint, line 42 exactly $150,000.00, care credit 10%, spouse with two employers. 2024.

const JOINT_150000_CARE: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("10", "3000.00"),
        ("13", "5000.00"),
        ("15", "164432.18"), // 112,000.00 + 31,000.00 + 21,432.18
        ("29", "164432.18"),
        ("39", "159432.18"),
        ("40a", "9432.18"),
        // H: col A 150,000.00: 1,645 + 5.525% x 70,000 = 5,512.50 (not over 150,000: 5.525% row);
        // col B 159,432.18: 5,512.50 + 6.37% x 9,432.18 (600.83) = 6,113.33; saving 600.83.
        ("41", "9432.18"),
        ("42", "150000.00"),
        ("43", "5512.50"),
        ("54", "5512.50"),
        ("55", "5120.00"), // 4,100 + 600 + 420
        ("59", "43.06"),   // spouse: 131.75 + 91.09 = 222.84 - 179.78; taxpayer has one employer
        ("60", "0.00"),
        ("61", "0.00"),    // spouse FLI 27.90 + 19.29 = 47.19 < 145.26
        ("64", "120.00"),  // "not over $150,000": 10% x 1,200.00 (54A:4-17 a)
        ("65", "0.00"),    // over 80,000
        ("66", "5283.06"), // 5,120.00 + 43.06 + 120.00
        ("67", "229.44"),  // 5,512.50 - 5,283.06
        ("79", "229.44"),
        ("80", "0.00"),
    ],
    refund: "0",
    balance_due: "229.44",
    filing_required: Some(true),
};

#[test]
fn line_42_of_exactly_150000_keeps_the_10_percent_care_credit_54a_4_17_a_2024() {
    check(
        "26-joint-line-42-exactly-150000-care-credit-two-employers-2024.ron",
        &JOINT_150000_CARE,
    );
}

// ---------------------------------------------------------------------------------------------
// Edges 27 and 28: joint, line 42 exactly $80,000.00 and $80,000.01. 2023.

const JOINT_80000: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("10", "1500.00"),
        ("13", "3500.00"),
        ("15", "90818.44"),
        ("29", "90818.44"),
        ("39", "87318.44"),
        ("40a", "7318.44"),
        // H: col A 80,000.00 -> row 80,000-80,050 (a multiple of 50 starts the row), mid 80,025:
        // 1,645 + 5.525% x 25 = 1,646.38 -> 1,646; col B 87,318.44 -> mid 87,325: 1,645 + 5.525% x
        // 7,325 = 2,049.71 -> 2,050; saving 404.
        ("41", "7318.44"),
        ("42", "80000.00"),
        ("43", "1646.00"),
        ("55", "2000.00"),
        ("64", "144.00"), // over 60,000, not over 90,000: 30% x 480.00
        ("65", "200.00"), // over 60,000, not over 80,000: 200 (54A:4-17.1 a)
        ("66", "2344.00"),
        ("68", "698.00"), // 2,344 - 1,646
        ("80", "698.00"),
    ],
    refund: "698.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn line_42_of_exactly_80000_keeps_the_200_child_tax_credit_54a_4_17_1_a_2023() {
    check("27-joint-line-42-exactly-80000-2023.ron", &JOINT_80000);
}

const JOINT_80000_01: Expected = Expected {
    lines: &[
        ("15", "90818.45"),
        ("39", "87318.45"),
        ("41", "7318.44"),
        ("42", "80000.01"),
        ("43", "1646.00"), // same row 80,000-80,050
        ("64", "144.00"),
        ("65", "0.00"), // over the $80,000 income limit (54A:4-17.1 a)
        ("66", "2144.00"),
        ("68", "498.00"), // 2,144 - 1,646
        ("80", "498.00"),
    ],
    refund: "498.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn line_42_one_cent_over_80000_loses_the_child_tax_credit_54a_4_17_1_a_2023() {
    check("28-joint-line-42-80000-01-2023.ron", &JOINT_80000_01);
}

// ---------------------------------------------------------------------------------------------
// Edge 29: single, line 42 exactly $100,000.00 (rate schedule), exempt interest, Roth. 2024.

const SINGLE_LINE_42_100000: Expected = Expected {
    lines: &[
        ("15", "112720.00"),
        // 800.00 + 1,200.00 - 500.00 U.S. obligations - 700.00 NJ obligations (54A:5-1 e, 6-14)
        ("16a", "800.00"),
        ("16b", "1200.00"), // the exempt part, informational
        ("20a", "0.00"),    // qualified Roth distribution (54A:6-28)
        ("20b", "5000.00"),
        ("27", "113520.00"),
        ("29", "113520.00"),
        ("38", "1000.00"),
        ("39", "112520.00"),
        ("40a", "12520.00"),
        // H: col A 100,000.00 -> not under 100,000: schedule, 2,651.25 + 6.37% x 25,000 = 4,243.75;
        // col B 112,520.00: 2,651.25 + 6.37% x 37,520 (2,390.02) = 5,041.27; saving 797.52.
        ("41", "12520.00"),
        ("42", "100000.00"),
        ("43", "4243.75"),
        ("55", "4000.00"),
        ("57", "450.00"), // extension payment 300.00 + prior-year overpayment 150.00
        ("66", "4450.00"),
        ("68", "206.25"), // 4,450.00 - 4,243.75
        ("80", "206.25"),
    ],
    refund: "206.25",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn line_42_of_exactly_100000_uses_the_rate_schedule_54a_2_1_b7_8_2_2024() {
    check(
        "29-single-line-42-exactly-100000-rate-schedule-2024.ron",
        &SINGLE_LINE_42_100000,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 30: single blind veteran, 70, property taxes larger than line 39. 2022.

const BLIND_VETERAN_2022: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("7", "1000.00"),
        ("8", "1000.00"),
        ("9", "6000.00"),
        ("13", "9000.00"),
        ("15", "12000.00"),
        ("16a", "2250.33"),
        ("20a", "26000.00"),
        ("27", "40250.33"),
        ("28a", "26000.00"),
        ("28b", "0.00"), // 12,000 of wages > 3,000 (54A:6-15 a(1))
        ("28c", "26000.00"),
        ("29", "14250.33"), // over 10,000: taxable
        ("38", "9000.00"),
        ("39", "5250.33"),
        ("40a", "9000.00"),
        // H: col A max(0, 5,250.33 - 9,000) = 0 -> tax 0; col B 5,250.33 -> mid 5,275 x 1.4% =
        // 73.85 -> 74; saving 74 >= 50 -> deduction. Line 41 = Worksheet H line 4, col A.
        ("41", "9000.00"),
        ("42", "0.00"),
        ("43", "0.00"),
        ("55", "400.00"),
        ("56", "0.00"),
        ("58", "0.00"), // 70 passes the NJ age rule but AGI 40,250.33 is far above the childless limit
        ("66", "400.00"),
        ("68", "400.00"),
        ("80", "400.00"),
    ],
    refund: "400.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn property_taxes_larger_than_taxable_income_zero_line_42_and_still_beat_the_credit_54a_3a_17_2022()
{
    check(
        "30-single-blind-veteran-deduction-above-taxable-income-2022.ron",
        &BLIND_VETERAN_2022,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 31: single, 30, no child, EIC phase-out row 15,200-15,250. 2024.

const CHILDLESS_PHASE_OUT_ROW: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("15", "15210.00"),
        ("29", "15210.00"),
        ("39", "14210.00"),
        ("42", "14210.00"),
        ("43", "199.00"), // row 14,200-14,250, mid 14,225 x 1.4% = 199.15 -> 199
        ("55", "180.00"),
        // IRS 2024 EIC table, "at least 15,200 but less than 15,250", single, no child: $258
        // (= 632 - 7.65% x (15,225 - 10,330) = 257.53 -> 258). NJ 40% = 103.20.
        // (Resolved: the engine was fixed to match.) Was: it phases out from 7.65% x 8,260 = 631.89, not the $632 maximum:
        // 257.42 -> 257, NJ 102.80.
        ("58", "103.20"),
        ("66", "283.20"), // 180.00 + 103.20
        ("68", "84.20"),  // 283.20 - 199.00
        ("80", "84.20"),
    ],
    refund: "84.20",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]

fn childless_eic_phase_out_follows_the_irs_table_from_the_632_maximum_irc_32_f_54a_4_7_2024() {
    check(
        "31-single-childless-eic-phase-out-row-2024.ron",
        &CHILDLESS_PHASE_OUT_ROW,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 32: head of household, two children, wages in the EIC table row holding the phase-out
// threshold. 2024.

const HOH_THRESHOLD_ROW: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("10", "3000.00"),
        ("13", "4000.00"),
        ("15", "22730.00"),
        ("29", "22730.00"),
        ("39", "18730.00"),
        ("40a", "1944.00"), // 18% x 10,800.00
        // H: col A 16,786.00 -> mid 16,775 x 1.4% = 234.85 -> 235; col B 18,730.00 -> mid 18,725 x
        // 1.4% = 262.15 -> 262; saving 27 < 50 -> credit.
        ("41", "0.00"),
        ("42", "18730.00"),
        ("43", "262.00"),
        ("55", "200.00"),
        ("56", "50.00"),
        // IRS 2024 EIC table, "at least 22,700 but less than 22,750", single/HOH, two children:
        // $6,960 (Pub 596; the row holding the 22,720 threshold prints the maximum). NJ 40% = 2,784.00.
        // (Resolved: the engine was fixed to match.) Was: formula at the midpoint 22,725 gives 6,960 - 21.06% x 5 = 6,958.95
        // -> 6,959 (NJ 2,783.60). The team's method names the IRS table; the printed table decides.
        ("58", "2784.00"),
        ("65", "0.00"),    // children 7 and 10
        ("66", "3034.00"), // 200 + 50 + 2,784
        ("68", "2772.00"), // 3,034 - 262
        ("80", "2772.00"),
    ],
    refund: "2772.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]

fn eic_table_row_holding_the_phase_out_threshold_prints_the_maximum_irc_32_f_54a_4_7_2024() {
    check(
        "32-hoh-two-children-eic-threshold-row-2024.ron",
        &HOH_THRESHOLD_ROW,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 33: joint, spouses 67 and 23, childless: NJ flat EITC, no tax. 2024.

const JOINT_67_AND_23_FLAT: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("7", "1000.00"), // he is 67
        ("13", "3000.00"),
        ("15", "12000.00"),
        ("29", "12000.00"), // at or below 20,000: no tax (54A:2-4 b(5))
        ("39", "9000.00"),
        ("41", "0.00"),
        ("43", "0.00"),
        ("54", "0.00"),
        ("55", "100.00"),
        ("56", "50.00"),  // 65+ and not subject to tax (54A:3A-20 a(1)(b))
        ("58", "253.00"), // fails only the federal age test: flat 40% of 632, $253 (54A:4-7 a(4))
        ("66", "403.00"), // 100 + 50 + 253
        ("68", "403.00"),
        ("80", "403.00"),
    ],
    refund: "403.00",
    balance_due: "0",
    filing_required: Some(false),
};

#[test]
fn joint_childless_couple_outside_the_federal_ages_gets_the_flat_nj_eitc_54a_4_7_a4_2024() {
    check(
        "33-joint-spouses-67-and-23-childless-flat-eitc-2024.ron",
        &JOINT_67_AND_23_FLAT,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 34: business loss, partnership gain, S-corporation loss, rents, carryforward. 2023.

const ALTERNATIVE_BUSINESS_2023: Expected = Expected {
    lines: &[
        ("15", "50012.34"),
        ("18", "0.00"), // business loss -6,000: no entry (54A:5-2)
        ("21", "1500.00"),
        ("22", "0.00"), // S-corporation loss -2,000: no entry
        ("23", "10000.00"),
        ("27", "61512.34"), // 50,012.34 + 1,500 + 10,000
        ("29", "61512.34"),
        // 54A:3-9: regular 0 + 1,500 + 0 + 10,000 = 11,500; alternative -6,000 + 1,500 - 2,000
        // + 10,000 - 1,200 carried forward = 2,300; increment 9,200 x 50% = 4,600.
        ("35", "4600.00"),
        ("38", "5600.00"),  // 1,000 + 4,600
        ("39", "55912.34"), // 61,512.34 - 5,600.00
        ("42", "55912.34"), // no homestead
        ("43", "1597.00"), // row 55,900-55,950, mid 55,925: 717.50 + 5.525% x 15,925 = 1,597.36 -> 1,597
        ("55", "1700.00"),
        ("66", "1700.00"),
        ("68", "103.00"), // 1,700 - 1,597
        ("80", "103.00"),
    ],
    refund: "103.00",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn alternative_business_calculation_nets_all_four_categories_and_the_carryforward_54a_3_9_2023() {
    check(
        "34-alternative-business-calculation-carryforward-2023.ron",
        &ALTERNATIVE_BUSINESS_2023,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 35: head of household, line 42 exactly $40,000.00, 2022 child tax credit tiers.

const HOH_40000_2022: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("10", "1500.00"),
        ("13", "2500.00"),
        ("15", "42500.00"),
        ("29", "42500.00"),
        ("39", "40000.00"),
        ("40a", "2160.00"), // 18% x 12,000.00
        // H: col A 37,840.00 -> mid 37,825: 280 + 1.75% x 17,825 = 591.94 -> 592; col B 40,000.00,
        // a multiple of 50 -> row 40,000-40,050, mid 40,025: 280 + 1.75% x 20,025 = 630.44 -> 630;
        // saving 38 < 50 -> credit.
        ("41", "0.00"),
        ("42", "40000.00"),
        ("43", "630.00"),
        ("55", "500.00"),
        ("56", "50.00"),
        // Federal EIC 2022, one child, not joint: band 42,500-42,550, mid 42,525: 3,733 - 15.98% x
        // (42,525 - 20,130) = 154.28 -> 154; NJ 40% = 61.60.
        ("58", "61.60"),
        ("64", "252.00"),  // over 30,000, not over 60,000: 40% x 630.00
        ("65", "400.00"),  // 2022: over 30,000, not over 40,000: $400 (child is 5)
        ("66", "1263.60"), // 500 + 50 + 61.60 + 252 + 400
        ("68", "633.60"),  // 1,263.60 - 630
        ("80", "633.60"),
    ],
    refund: "633.60",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn line_42_of_exactly_40000_gets_the_400_child_tax_credit_of_2022_54a_4_17_1_2022() {
    check(
        "35-hoh-line-42-exactly-40000-child-tax-credit-2022.ron",
        &HOH_40000_2022,
    );
}

// ---------------------------------------------------------------------------------------------
// Edge 36: single, two employers, excess UI, DI and FLI. 2025.

const TWO_EMPLOYERS_2025: Expected = Expected {
    lines: &[
        ("15", "190000.00"),
        ("29", "190000.00"),
        ("39", "189000.00"),
        ("40a", "11000.00"),
        // H: col A 178,000.00: 2,651.25 + 6.37% x 103,000 = 9,212.35; col B 189,000.00: 2,651.25 +
        // 6.37% x 114,000 = 9,913.05; saving 700.70.
        ("41", "11000.00"),
        ("42", "178000.00"),
        ("43", "9212.35"),
        ("55", "9000.00"), // 5,200 + 3,800
        // Each employer withheld 184.03, counted up to the 2025 maximum 184.02 (the Division's
        // figure, nj-reference-3.md A3): 184.02 + 184.02 - 184.02.
        ("59", "184.02"),
        ("60", "56.58"),   // 230.00 + 207.00 - 380.42
        ("61", "81.18"),   // 330.00 + 297.00 - 545.82
        ("66", "9321.78"), // 9,000 + 184.02 + 56.58 + 81.18
        ("68", "109.43"),  // 9,321.78 - 9,212.35
        ("80", "109.43"),
    ],
    refund: "109.43",
    balance_due: "0",
    filing_required: Some(true),
};

#[test]
fn two_employers_get_excess_ui_di_and_fli_back_on_nj_2450_54a_4_4_2025() {
    check(
        "36-single-two-employers-ui-di-fli-excess-2025.ron",
        &TWO_EMPLOYERS_2025,
    );
}

// ---------------------------------------------------------------------------------------------

/// Every draft in `examples/edge/` has a test above (so a new draft cannot be left unchecked).
#[test]
fn every_edge_draft_is_checked_by_a_test() {
    let source = include_str!("edge_returns.rs");
    let mut missing: Vec<String> = Vec::new();
    let mut count = 0;
    for entry in std::fs::read_dir(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join("edge"),
    )
    .expect("examples/edge exists")
    {
        let path = entry.expect("readable entry").path();
        if path.extension().is_some_and(|x| x == "ron") {
            count += 1;
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            if !source.contains(&format!("\"{name}\"")) {
                missing.push(name);
            }
        }
    }
    assert!(
        count >= 12,
        "expected at least 12 edge drafts, found {count}"
    );
    assert!(missing.is_empty(), "drafts without a test: {missing:?}");
}
