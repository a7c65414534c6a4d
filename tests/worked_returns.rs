//! Worked returns: the drafts in `examples/` against results computed BY HAND from the statute
//! (N.J.S.A. Title 54A) and the reference sheets, never by running the engine.
//!
//! The full line-by-line arithmetic, with the statute section for every step, is in
//! `docs/worked-returns.md`; the comment beside each expected value below is its short form.
//! Common methods (see the doc): line 43 under $100,000 uses the tax table, i.e. the 54A:2-1 formula
//! (printed base amounts) at the midpoint of the $50 row holding the income, rounded to whole
//! dollars; at or above $100,000 the rate schedule to the cent. Worksheet H takes the property tax
//! deduction when it saves at least $50 ($25 for a separate filer sharing the home), else the $50
//! credit on line 56 (54A:3A-17, 3A-18, 3A-20).
//!
//! Each test collects every mismatch (line, expected, got, the engine's rule text) into one
//! failure message, so one run shows all the differences.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use crate::common;

use std::path::{Path, PathBuf};

use njtax_engine::{ParamBook, Severity, compute, parse_draft};

use crate::common::Expected;

fn check(file: &str, expected: &Expected) {
    common::check("", "docs/worked-returns.md", file, expected);
}

// ---------------------------------------------------------------------------------------------
// Example 1: single renter, 2024.

const SINGLE_RENTER_2024: Expected = Expected {
    lines: &[
        ("6", "1000.00"),   // regular exemption, 54A:3-1(a)
        ("13", "1000.00"),  // total exemptions
        ("15", "52340.18"), // W-2 box 16
        ("16a", "212.40"),  // interest
        ("27", "52552.58"), // 52,340.18 + 212.40
        ("28c", "0.00"),    // under 62: no retirement exclusions
        ("29", "52552.58"), // 27 - 28c
        ("30", "1000.00"),  // from line 13
        ("38", "1000.00"),  // 30 only
        ("39", "51552.58"), // 52,552.58 - 1,000.00
        ("40a", "3942.00"), // 18% x rent 21,900.00 (54A:3A-16, 3A-18 a)
        ("41", "3942.00"),  // Worksheet H: tax 1,357 (row 51,550, mid 51,575) - 1,139 = 218 >= 50
        ("42", "47610.58"), // 51,552.58 - 3,942.00
        ("43", "1139.00"), // row 47,600-47,650, mid 47,625: 717.50 + 5.525% x 7,625 = 1,138.78 -> 1,139
        ("44", "0.00"),    // no other jurisdiction
        ("45", "1139.00"), // 43 - 44
        ("50", "1139.00"), // no credits 46-48
        ("54", "1139.00"), // no use tax, interest, SRP
        ("55", "1486.22"), // W-2 box 17
        ("56", "0.00"),    // deduction taken, no credit
        ("58", "0.00"),    // childless, income far above the EITC limit
        ("59", "0.00"),    // one employer: no NJ-2450
        ("61", "0.00"),    // one employer: no NJ-2450
        ("64", "0.00"),    // no federal care credit
        ("65", "0.00"),    // no child under 6
        ("66", "1486.22"), // 55
        ("67", "0.00"),    // no tax due
        ("68", "347.22"),  // 1,486.22 - 1,139.00
        ("78", "0.00"),    // no adjustments
        ("79", "0.00"),    // no balance due
        ("80", "347.22"),  // refund
    ],
    refund: "347.22",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn single_renter_takes_the_property_tax_deduction_2024() {
    check("single-renter.ron", &SINGLE_RENTER_2024);
}

// ---------------------------------------------------------------------------------------------
// Example 2: retired couple, joint, both over 65, total income in the 100k-125k band, 2024.

const RETIRED_COUPLE_2024: Expected = Expected {
    lines: &[
        ("6", "2000.00"),    // taxpayer + spouse, 54A:3-1(a), (b)1
        ("7", "2000.00"),    // both 65+, 54A:3-1(b)3-4
        ("13", "4000.00"),   // 6 + 7
        ("15", "0.00"),      // no wages
        ("16a", "4812.56"),  // 3,120.44 + 1,692.12
        ("17", "13420.10"),  // dividends
        ("20a", "84968.44"), // 52,318.44 + 8,000.00 + 24,650.00
        ("27", "103201.10"), // 4,812.56 + 13,420.10 + 84,968.44
        ("28a", "42484.22"), // 27 in (100k, 125k] joint -> 50% x 84,968.44 (54A:6-10 b(1))
        ("28b", "9116.33"), // 50% x 103,201.10 = 51,600.55 - 42,484.22 (= 50% of other income 18,232.66) (54A:6-15)
        ("28c", "51600.55"), // 42,484.22 + 9,116.33
        ("29", "51600.55"), // 103,201.10 - 51,600.55
        ("30", "4000.00"),  // line 13
        ("31", "2380.79"),  // 3,412.80 - 2% x 51,600.55 (1,032.01), 54A:3-3(a)
        ("38", "6380.79"),  // 4,000.00 + 2,380.79
        ("39", "45219.76"), // 51,600.55 - 6,380.79
        ("40a", "9215.67"), // property taxes paid
        ("41", "9215.67"),  // saving 721 (row 45,200, mid 45,225) - 560 = 161 >= 50
        ("42", "36004.09"), // 45,219.76 - 9,215.67
        ("43", "560.00"),   // row 36,000-36,050, mid 36,025: 280 + 1.75% x 16,025 = 560.44 -> 560
        ("44", "0.00"),
        ("45", "560.00"),
        ("50", "560.00"),
        ("54", "560.00"),
        ("55", "850.00"), // 1099-R withholding
        ("56", "0.00"),
        ("58", "0.00"), // no earned income
        ("64", "0.00"),
        ("65", "0.00"),
        ("66", "850.00"),
        ("67", "0.00"),
        ("68", "290.00"), // 850.00 - 560.00
        ("70", "10.00"),  // Endangered Wildlife Fund
        ("78", "10.00"),  // 69-77
        ("80", "280.00"), // 290.00 - 10.00
    ],
    refund: "280.00",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn retired_couple_gets_half_pension_exclusion_in_the_100k_to_125k_band_2024() {
    check("retired-couple-pensions.ron", &RETIRED_COUPLE_2024);
}

// ---------------------------------------------------------------------------------------------
// Example 3: New York commuters, joint homeowners, COJ credit and Worksheet I, 2024.

const NY_COMMUTER_2024: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("13", "2000.00"),
        ("15", "150471.15"), // 104,218.60 + 46,252.55
        ("16a", "2231.41"),
        ("17", "7800.00"),
        ("27", "160502.56"), // 150,471.15 + 2,231.41 + 7,800.00
        ("28c", "0.00"),
        ("29", "160502.56"),
        ("38", "2000.00"),
        ("39", "158502.56"), // 160,502.56 - 2,000.00
        ("40a", "10463.82"), // property taxes
        // COJ: ratio 150,471.15 / 160,502.56 = 0.9375 exactly (54A:4-1(b)).
        // Col A: tax(148,038.74) = 1,645 + 5.525% x 68,038.74 = 5,404.14; x 0.9375 = 5,066.38 (< 7,136.45 paid)
        // Col B: tax(158,502.56) = 5,512.50 + 6.37% x 8,502.56 = 6,054.11; x 0.9375 = 5,675.73
        // Worksheet I: (6,054.11 - 5,675.73) - (5,404.14 - 5,066.38) = 378.38 - 337.76 = 40.62 < 50
        // -> no deduction, $50 credit.
        ("41", "0.00"),
        ("42", "158502.56"), // line 39
        ("43", "6054.11"),   // rate schedule (>= 100,000), column B
        ("44", "5675.73"),   // COJ column B line 9
        ("45", "378.38"),    // 6,054.11 - 5,675.73
        ("50", "378.38"),
        ("54", "378.38"),
        ("55", "280.00"),
        ("56", "50.00"), // 54A:3A-20 a
        ("58", "0.00"),
        ("64", "0.00"),
        ("65", "0.00"),
        ("66", "330.00"), // 280.00 + 50.00
        ("67", "48.38"),  // 378.38 - 330.00
        ("68", "0.00"),
        ("79", "48.38"),
        ("80", "0.00"),
    ],
    refund: "0",
    balance_due: "48.38",
    filing_required: None,
};

#[test]
fn ny_commuter_gets_coj_credit_and_worksheet_i_2024() {
    check("ny-commuter-coj.ron", &NY_COMMUTER_2024);
}

// ---------------------------------------------------------------------------------------------
// Example 4: family with two children (3 and 8), low income, renters, 2024.

const FAMILY_CREDITS_2024: Expected = Expected {
    lines: &[
        ("6", "2000.00"),
        ("10", "3000.00"), // 2 qualifying children x 1,500, 54A:3-1(b)2
        ("13", "5000.00"),
        ("15", "36075.07"), // 23,318.60 + 12,756.47
        ("27", "36075.07"),
        ("28c", "0.00"),
        ("29", "36075.07"), // above the 20,000 joint threshold
        ("38", "5000.00"),
        ("39", "31075.07"), // 36,075.07 - 5,000.00
        ("40a", "3186.00"), // 18% x 17,700.00
        ("41", "3186.00"),  // saving 474 (row 31,050, mid 31,075) - 418 = 56 >= 50
        ("42", "27889.07"), // 31,075.07 - 3,186.00
        ("43", "418.00"),   // row 27,850-27,900, mid 27,875: 280 + 1.75% x 7,875 = 417.81 -> 418
        ("44", "0.00"),
        ("45", "418.00"),
        ("54", "418.00"),
        ("55", "405.70"), // 298.40 + 107.30
        ("56", "0.00"),
        // Federal EIC, 2 children, joint 2024: band 36,050-36,100, mid 36,075:
        // 6,960 - 21.06% x (36,075 - 29,640) = 5,604.79 -> 5,605. NJ: 40% (54A:4-7 a(2)(l)).
        ("58", "2242.00"),
        ("59", "0.00"), // each spouse has one employer
        ("61", "0.00"),
        ("64", "344.00"),  // line 42 <= 30,000 -> 50% x federal 688.00 (54A:4-17 a)
        ("65", "1000.00"), // one child under 6, line 42 <= 30,000 (54A:4-17.1 a)
        ("66", "3991.70"), // 405.70 + 2,242.00 + 344.00 + 1,000.00
        ("67", "0.00"),
        ("68", "3573.70"), // 3,991.70 - 418.00
        ("80", "3573.70"),
    ],
    refund: "3573.70",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn low_income_family_gets_eitc_child_care_and_child_tax_credits_2024() {
    check("family-eitc-child-credits.ron", &FAMILY_CREDITS_2024);
}

// ---------------------------------------------------------------------------------------------
// Example 5: wages, a net business loss, capital gains, 2024.

const SELF_EMPLOYED_2024: Expected = Expected {
    lines: &[
        ("13", "1000.00"),
        ("15", "61250.33"),
        ("16a", "88.16"),
        ("17", "1204.88"),
        ("18", "0.00"), // -8,412.60 + 3,150.00 = -5,262.60: net loss, no entry (54A:5-2)
        ("19", "6150.05"), // 7,845.20 - 2,310.45 + 615.30 capital gain distributions
        ("27", "68693.42"), // 61,250.33 + 88.16 + 1,204.88 + 0 + 6,150.05 (loss not netted)
        ("28c", "0.00"),
        ("29", "68693.42"),
        ("38", "1000.00"),
        ("39", "67693.42"),
        ("40a", "4924.80"), // 18% x 27,360.00
        ("41", "4924.80"),  // saving 2,247 (row 67,650, mid 67,675) - 1,976 = 271 >= 50
        ("42", "62768.62"), // 67,693.42 - 4,924.80
        ("43", "1976.00"), // row 62,750-62,800, mid 62,775: 717.50 + 5.525% x 22,775 = 1,975.82 -> 1,976
        ("44", "0.00"),
        ("45", "1976.00"),
        ("54", "1976.00"),
        ("55", "1755.40"),
        ("56", "0.00"),
        ("57", "300.00"), // two estimated payments of 150.00
        ("58", "0.00"),
        ("64", "0.00"),
        ("65", "0.00"),
        ("66", "2055.40"), // 1,755.40 + 300.00
        ("68", "79.40"),   // 2,055.40 - 1,976.00
        ("80", "79.40"),
    ],
    refund: "79.40",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn self_employed_business_loss_does_not_offset_wages_or_gains_54a_5_2_2024() {
    check("self-employed-loss-gains.ron", &SELF_EMPLOYED_2024);
}

// ---------------------------------------------------------------------------------------------
// Example 6: married filing separately, home shared with the spouse, 2024.

const MARRIED_SEPARATE_2024: Expected = Expected {
    lines: &[
        ("6", "1000.00"), // no spouse exemption on a separate return
        ("13", "1000.00"),
        ("15", "68400.25"),
        ("16a", "310.47"),
        ("27", "68710.72"),
        ("28c", "0.00"),
        ("29", "68710.72"),
        ("38", "1000.00"),
        ("39", "67710.72"),
        ("40a", "6602.33"), // half of 13,204.66 (54A:3A-17 d)
        ("41", "6602.33"), // saving 2,249 (row 67,700, mid 67,725) - 1,885 = 364 >= 25; under the 7,500 half-cap
        ("42", "61108.39"), // 67,710.72 - 6,602.33
        ("43", "1885.00"), // row 61,100-61,150, mid 61,125: 717.50 + 5.525% x 21,125 = 1,884.66 -> 1,885
        ("44", "0.00"),
        ("45", "1885.00"),
        ("54", "1885.00"),
        ("55", "2102.75"),
        ("56", "0.00"),
        ("58", "0.00"), // separate filers cannot claim (54A:4-7 a(3))
        ("64", "0.00"),
        ("65", "0.00"),
        ("66", "2102.75"),
        ("68", "217.75"), // 2,102.75 - 1,885.00
        ("80", "217.75"),
    ],
    refund: "217.75",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn married_separate_homeowner_takes_half_the_property_taxes_54a_3a_17_d_2024() {
    check("married-separate-homeowner.ron", &MARRIED_SEPARATE_2024);
}

// ---------------------------------------------------------------------------------------------
// Example 7: head of household, college student, two employers (NJ-2450), 2024.

const HEAD_OF_HOUSEHOLD_2024: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("10", "1500.00"), // qualifying child (student under 24)
        ("12", "1000.00"), // under 22, full-time college, costs paid (54A:3-1.1)
        ("13", "3500.00"),
        ("15", "170793.35"), // 96,412.80 + 74,380.55
        ("16a", "340.12"),
        ("27", "171133.47"),
        ("28c", "0.00"),
        ("29", "171133.47"),
        ("30", "3500.00"),
        ("37a", "1200.00"),  // NJBEST (54A:3-12)
        ("37c", "8245.50"),  // NJ tuition (54A:3-14)
        ("38", "12945.50"),  // 3,500.00 + 1,200.00 + 8,245.50
        ("39", "158187.97"), // 171,133.47 - 12,945.50
        ("40a", "12480.55"),
        // Col A tax(145,707.42) = 1,645 + 5.525% x 65,707.42 = 5,275.33;
        // col B tax(158,187.97) = 5,512.50 + 6.37% x 8,187.97 = 6,034.07; saving 758.74 >= 50.
        ("41", "12480.55"),
        ("42", "145707.42"), // 158,187.97 - 12,480.55
        ("43", "5275.33"),   // rate schedule (joint table for head of household)
        ("44", "0.00"),
        ("45", "5275.33"),
        ("54", "5275.33"),
        ("55", "5731.50"), // 3,412.60 + 2,318.90
        ("56", "0.00"),
        ("58", "0.00"),
        ("59", "179.78"), // UI 179.78 + 179.78 - 179.78 maximum
        ("60", "0.00"),   // DI 0% in 2024
        ("61", "8.45"),   // FLI 86.77 + 66.94 = 153.71 - 145.26 maximum
        ("64", "0.00"),
        ("65", "0.00"),
        ("66", "5919.73"), // 5,731.50 + 179.78 + 8.45
        ("68", "644.40"),  // 5,919.73 - 5,275.33
        ("69", "200.00"),  // credited to 2025
        ("78", "200.00"),
        ("80", "444.40"), // 644.40 - 200.00
    ],
    refund: "444.40",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn head_of_household_gets_college_exemption_and_nj2450_excess_2024() {
    check(
        "head-of-household-college-two-employers.ron",
        &HEAD_OF_HOUSEHOLD_2024,
    );
}

// ---------------------------------------------------------------------------------------------
// Example 8: single blind veteran aged 66 with wages and a pension, homeowner, 2024.

const BLIND_VETERAN_2024: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("7", "1000.00"), // 65+ (born 1958)
        ("8", "1000.00"), // blind
        ("9", "6000.00"), // veteran (54A:3-1(b)7)
        ("13", "9000.00"),
        ("15", "38412.75"),
        ("16a", "623.19"),
        ("20a", "30218.40"),
        ("27", "69254.34"),  // 38,412.75 + 623.19 + 30,218.40
        ("28a", "30218.40"), // 62+, 27 <= 100,000: pension up to 75,000 (54A:6-10)
        ("28b", "0.00"),     // wages over 3,000 (54A:6-15)
        ("28c", "30218.40"),
        ("29", "39035.94"), // 69,254.34 - 30,218.40
        ("38", "9000.00"),
        ("39", "30035.94"), // 39,035.94 - 9,000.00
        ("40a", "7812.40"),
        ("41", "7812.40"),  // saving 455 (row 30,000, mid 30,025) - 319 = 136 >= 50
        ("42", "22223.54"), // 30,035.94 - 7,812.40
        ("43", "319.00"),   // row 22,200-22,250, mid 22,225: 280 + 1.75% x 2,225 = 318.94 -> 319
        ("44", "0.00"),
        ("45", "319.00"),
        ("54", "319.00"),
        ("55", "702.80"), // 402.80 + 300.00
        ("56", "0.00"),
        ("58", "0.00"),
        ("64", "0.00"),
        ("65", "0.00"),
        ("66", "702.80"),
        ("68", "383.80"), // 702.80 - 319.00
        ("80", "383.80"),
    ],
    refund: "383.80",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn blind_veteran_senior_gets_exemptions_and_pension_exclusion_2024() {
    check("blind-veteran-senior.ron", &BLIND_VETERAN_2024);
}

// ---------------------------------------------------------------------------------------------
// Example 9: head of household parent, one child aged 4, renter, 2022.

const HOH_PARENT_2022: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("10", "1500.00"),
        ("13", "2500.00"),
        ("15", "24612.35"),
        ("27", "24612.35"),
        ("28c", "0.00"),
        ("29", "24612.35"), // above the 20,000 head-of-household threshold
        ("38", "2500.00"),
        ("39", "22112.35"), // 24,612.35 - 2,500.00
        ("40a", "2484.00"), // 18% x 13,800.00
        // Worksheet H: col A 19,628.35 -> mid 19,625 x 1.4% = 274.75 -> 275;
        // col B 22,112.35 -> mid 22,125: 280 + 1.75% x 2,125 = 317.19 -> 317; saving 42 < 50.
        ("41", "0.00"),
        ("42", "22112.35"),
        ("43", "317.00"),
        ("44", "0.00"),
        ("45", "317.00"),
        ("54", "317.00"),
        ("55", "210.00"),
        ("56", "50.00"), // credit instead of the deduction (54A:3A-20 a)
        // Federal EIC 2022, 1 child, not joint: band 24,600-24,650, mid 24,625:
        // 3,733 - 15.98% x (24,625 - 20,130) = 3,014.70 -> 3,015; 40% = 1,206.00.
        ("58", "1206.00"),
        ("64", "0.00"),
        ("65", "500.00"),  // 2022: $500 per child under 6 at line 42 <= 30,000
        ("66", "1966.00"), // 210.00 + 50.00 + 1,206.00 + 500.00
        ("68", "1649.00"), // 1,966.00 - 317.00
        ("80", "1649.00"),
    ],
    refund: "1649.00",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn hoh_parent_takes_50_dollar_credit_eitc_and_child_tax_credit_2022() {
    check("hoh-parent-eitc-2022.ron", &HOH_PARENT_2022);
}

// ---------------------------------------------------------------------------------------------
// Example 10: widow aged 80 below the filing threshold: only the $50 credit, 2024.

const SENIOR_BELOW_THRESHOLD_2024: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("7", "1000.00"),
        ("13", "2000.00"),
        ("16a", "1047.19"),
        ("20a", "20982.40"), // 14,862.40 + 6,120.00
        ("27", "22029.59"),
        ("28a", "20982.40"), // all of the pension and IRA (under the 75,000 cap)
        ("28b", "1047.19"),  // unused cap 54,017.60, limited to the other income 1,047.19
        ("28c", "22029.59"),
        ("29", "0.00"), // <= 10,000: not subject to tax (54A:2-4)
        ("38", "2000.00"),
        ("39", "0.00"), // 0 - 2,000, floored at 0
        ("40a", "6284.90"),
        ("41", "0.00"),
        ("42", "0.00"),
        ("43", "0.00"),
        ("44", "0.00"),
        ("45", "0.00"),
        ("54", "0.00"),
        ("55", "120.00"), // IRA withholding
        ("56", "50.00"),  // 65+ and not subject to tax: credit only (54A:3A-20 a(1)(b))
        ("58", "0.00"),
        ("64", "0.00"),
        ("65", "0.00"),
        ("66", "170.00"), // 120.00 + 50.00
        ("68", "170.00"),
        ("80", "170.00"),
    ],
    refund: "170.00",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn senior_below_threshold_gets_only_the_property_tax_credit_54a_3a_20_2024() {
    check(
        "senior-below-threshold-credit-only.ron",
        &SENIOR_BELOW_THRESHOLD_2024,
    );
}

// ---------------------------------------------------------------------------------------------
// Example 11: qualifying widower with a 12-year-old, homeowner, 2025.

const WIDOWER_2025: Expected = Expected {
    lines: &[
        ("6", "1000.00"),
        ("10", "1500.00"),
        ("13", "2500.00"),
        ("15", "87915.62"),
        ("16a", "412.93"),
        ("27", "88328.55"),
        ("28c", "0.00"),
        ("29", "88328.55"),
        ("31", "1193.43"),  // 2,960.00 - 2% x 88,328.55 (1,766.57)
        ("38", "3693.43"),  // 2,500.00 + 1,193.43
        ("39", "84635.12"), // 88,328.55 - 3,693.43
        ("40a", "9904.37"),
        ("41", "9904.37"), // saving 1,901 (row 84,600, mid 84,625) - 1,461 = 440 >= 50
        ("42", "74730.75"), // 84,635.12 - 9,904.37
        ("43", "1461.00"), // row 74,700-74,750, mid 74,725: 1,295.50 + 3.5% x 4,725 = 1,460.88 -> 1,461
        ("44", "0.00"),
        ("45", "1461.00"),
        ("54", "1461.00"),
        ("55", "1624.30"),
        ("56", "0.00"),
        ("58", "0.00"),
        ("64", "180.00"),  // line 42 in (60k, 90k] -> 30% x 600.00 (54A:4-17 a)
        ("65", "0.00"),    // child is 12
        ("66", "1804.30"), // 1,624.30 + 180.00
        ("68", "343.30"),  // 1,804.30 - 1,461.00
        ("80", "343.30"),
    ],
    refund: "343.30",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn qualifying_widower_gets_child_care_credit_at_30_percent_2025() {
    check("widow-homeowner-2025.ron", &WIDOWER_2025);
}

// ---------------------------------------------------------------------------------------------
// The app's sample return, tax year 2026 (provisional): return 1a of docs/returns-2026.md, worked
// by hand by the independent checker, with a home address and last year's gross income added
// (neither enters any line). Head of household, two children (3 and 8), rent 12,000.00.

const FAMILY_2026: Expected = Expected {
    lines: &[
        ("6", "1000.00"),   // regular exemption, 54A:3-1 a
        ("10", "3000.00"),  // 2 x 1,500, qualifying children (3-1 b 2)
        ("13", "4000.00"),  // total exemptions
        ("15", "34000.00"), // W-2 box 16
        ("27", "34000.00"), // total income
        ("29", "34000.00"), // no retirement exclusion
        ("30", "4000.00"),  // from line 13
        ("38", "4000.00"),  // 30 only
        ("39", "30000.00"), // 34,000 - 4,000
        ("40a", "2160.00"), // 18% x rent 12,000 (3A-16)
        // Worksheet H: col A 27,840 -> row 27,800, mid 27,825: 417; col B 30,000.00 starts its row,
        // mid 30,025: 280 + 1.75% x 10,025 = 455.4375 -> 455; saving 38 < 50: the $50 credit.
        ("41", "0.00"),
        ("42", "30000.00"),
        ("43", "455.00"),
        ("45", "455.00"),
        ("50", "455.00"),
        ("54", "455.00"),
        ("55", "310.00"), // W-2 box 17
        ("56", "50.00"),  // property tax credit (3A-20 a)
        // Federal EIC, two children: band 34,000-34,050, mid 34,025: 7,316 - 21.06% x (34,025 -
        // 23,890) = 5,181.569 -> 5,182; NJ 40% (4-7 a(2)(l)).
        ("58", "2072.80"),
        ("65", "1250.00"), // Amara (3) only; line 42 "$30,000 or under": 1,250 (4-17.1 a, 2026)
        ("66", "3682.80"), // 310 + 50 + 2,072.80 + 1,250
        ("68", "3227.80"), // 3,682.80 - 455
        ("79", "0.00"),
        ("80", "3227.80"),
    ],
    refund: "3227.80",
    balance_due: "0",
    filing_required: None,
};

#[test]
fn the_apps_2026_family_sample_gets_the_2026_child_tax_credit_and_eitc() {
    common::check("", "docs/returns-2026.md", "family-2026.ron", &FAMILY_2026);
    // The sample is the checker's return 1a with an address added: every line the same.
    let sample = common::load_and_compute("", "family-2026.ron");
    let checked = common::load_and_compute("2026", "01a-hoh-line-42-exactly-30000-ctc-1250.ron");
    let values = |r: &njtax_engine::ComputedReturn| -> Vec<(String, rust_decimal::Decimal)> {
        r.lines
            .iter()
            .map(|l| (l.id.to_string(), l.value))
            .collect()
    };
    assert_eq!(values(&sample), values(&checked));
    assert_eq!(sample.refund, checked.refund);
}

// ---------------------------------------------------------------------------------------------

/// Every draft in `examples/` parses and computes without an error diagnostic (missing SSN, birth
/// date, spouse, and so on). Warnings (uncertain figures, the assumed 2022 line map) are allowed.
#[test]
fn every_example_parses_and_computes_without_error_diagnostics() {
    let book = ParamBook::load().expect("embedded parameters load");
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"))
            .expect("examples/ exists")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
    files.sort();
    assert!(
        files.len() >= 10,
        "expected at least 10 examples, found {}",
        files.len()
    );
    let mut problems: Vec<String> = Vec::new();
    for path in &files {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{name}: cannot read: {e}"));
                continue;
            }
        };
        let draft = match parse_draft(&text) {
            Ok(d) => d,
            Err(e) => {
                problems.push(format!("{name}: does not parse: {e}"));
                continue;
            }
        };
        match compute(&draft.answers, &book) {
            Ok(ret) => {
                for d in ret
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                {
                    problems.push(format!("{name}: error diagnostic {d:?}"));
                }
            }
            Err(e) => problems.push(format!("{name}: does not compute: {e}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
