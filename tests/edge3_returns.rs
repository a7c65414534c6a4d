//! Edge returns, fourth set: the drafts in `examples/edge3/` against results computed BY HAND from
//! the statute (N.J.S.A. Title 54A) and the reference sheets before the engine was run. Aimed at
//! what the earlier sets leave thin: both spouses 62+ with pensions and one with wages, a mid-year
//! move between two owned homes, a co-owned unit of a two-family house, shared rent, separate
//! filers sharing the home, a dependent parent and a college student, table rows at an exact
//! multiple of $50, line 42 at $100,000, the care credit at its $60,000 tier top, the 2023 cap,
//! and investment income that removes the EITC.
//!
//! The arithmetic, with the statute for every step, is in `docs/edge3-returns.md`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use crate::common;

use crate::common::Expected;

fn check(file: &str, expected: &Expected) {
    common::check("edge3", "docs/edge3-returns.md", file, expected);
}

/// 54A:6-10, 6-15 a(1), a(3): both spouses 62+ exclude their pensions on 28a; only the spouse with
/// no more than $3,000 of wages (the taxpayer) excludes other income on 28b.
#[test]
fn edge3_01_joint_both_62_pensions_28a_both_28b_only_spouse_without_wages_54a_6_15() {
    // 27 = 40,000 + 2,000 + 50,000 = 92,000; 28a = 50,000 (<= 100,000 cap); 28b = his interest
    // 2,000 (cap left 50,000); 29 = 40,000; 13 = 2,000 + 2,000 (both 65+); 39 = 36,000.
    // H: A 30,000 -> mid 30,025: 280 + 1.75% x 10,025 = 455.44 -> 455; B 36,025 -> 560.44 -> 560.
    check(
        "01-joint-both-62-pensions-spouse-wages-2024.ron",
        &Expected {
            lines: &[
                ("15", "40000.00"),
                ("16a", "2000.00"),
                ("20a", "50000.00"),
                ("27", "92000.00"),
                ("28a", "50000.00"),
                ("28b", "2000.00"),
                ("28c", "52000.00"),
                ("29", "40000.00"),
                ("13", "4000.00"),
                ("39", "36000.00"),
                ("40a", "6000.00"),
                ("41", "6000.00"),
                ("42", "30000.00"),
                ("43", "455.00"),
                ("56", "0.00"),
                ("58", "0.00"),
            ],
            refund: "745.00",
            balance_due: "0.00",
            filing_required: None,
        },
    );
}

/// 54A:3A-17 b: two owned homes in one year, each home's taxes for the months it was occupied.
#[test]
fn edge3_02_owner_moved_between_two_owned_homes_taxes_prorated_by_months_54a_3a_17_b() {
    // 9,000 x 4/12 = 3,000; 6,300 x 8/12 = 4,200; 40a = 7,200. 39 = 79,000.
    // H: A 71,800 -> mid 71,825: 717.50 + 5.525% x 31,825 = 2,475.83 -> 2,476;
    // B 79,025: 2,651.25 + 6.37% x 4,025 = 2,907.64 -> 2,908; saving 432.
    check(
        "02-single-owner-moved-4-and-8-months-2024.ron",
        &Expected {
            lines: &[
                ("29", "80000.00"),
                ("39", "79000.00"),
                ("40a", "7200.00"),
                ("41", "7200.00"),
                ("42", "71800.00"),
                ("43", "2476.00"),
                ("56", "0.00"),
            ],
            refund: "324.00",
            balance_due: "0.00",
            filing_required: None,
        },
    );
}

/// 54A:3A-17 c (title share) and e (the unit's share of a multi-unit dwelling) both apply.
#[test]
fn edge3_03_co_owner_of_one_unit_of_two_family_house_gets_quarter_54a_3a_17_c_e() {
    // 14,000 x 50% x 50% = 3,500. 39 = 54,000. A 50,500 -> mid 50,525: 717.50 + 5.525% x 10,525
    // = 1,299.01 -> 1,299; B 54,025: 1,492.38 -> 1,492; saving 193.
    check(
        "03-single-two-family-unit-50-title-50-2023.ron",
        &Expected {
            lines: &[
                ("39", "54000.00"),
                ("40a", "3500.00"),
                ("41", "3500.00"),
                ("42", "50500.00"),
                ("43", "1299.00"),
                ("56", "0.00"),
            ],
            refund: "201.00",
            balance_due: "0.00",
            filing_required: None,
        },
    );
}

/// 54A:3A-18 c, 3A-16 ("18% of the rent paid by the taxpayer"): a tenant sharing a unit counts her
/// own share of the rent; a saving under $50 gives the $50 credit.
#[test]
fn edge3_04_tenant_sharing_rent_uses_own_share_and_gets_50_credit_54a_3a_18_c() {
    // 18% x 10,800 = 1,944. 39 = 29,000. A 27,056 -> row 27,050, mid 27,075: 280 + 1.75% x 7,075
    // = 403.81 -> 404; B 29,025: 437.94 -> 438; saving 34 < 50.
    check(
        "04-single-tenant-shared-rent-credit-2025.ron",
        &Expected {
            lines: &[
                ("39", "29000.00"),
                ("40a", "1944.00"),
                ("41", "0.00"),
                ("42", "29000.00"),
                ("43", "438.00"),
                ("56", "50.00"),
            ],
            refund: "12.00", // 400 + 50 - 438
            balance_due: "0.00",
            filing_required: None,
        },
    );
}

/// 54A:3A-17 d: spouses filing separately in one home each take half; then the $7,500 cap
/// (half of the $15,000 of 3A-17 a, the team's Worksheet H line 2).
#[test]
fn edge3_05_separate_filer_sharing_home_half_then_7500_cap_54a_3a_17_d() {
    // half of 16,000 = 8,000 -> 7,500. 39 = 89,000. A 81,500 -> mid 81,525: 2,651.25 + 6.37% x
    // 6,525 = 3,066.89 -> 3,067; B 89,025: 3,544.64 -> 3,545; saving 478 >= 25.
    check(
        "05-separate-shared-home-half-over-7500-2024.ron",
        &Expected {
            lines: &[
                ("39", "89000.00"),
                ("41", "7500.00"),
                ("42", "81500.00"),
                ("43", "3067.00"),
                ("56", "0.00"),
            ],
            refund: "433.00",
            balance_due: "0.00",
            filing_required: None,
        },
    );
}

/// 54A:3A-18 b: spouses filing separately who rent together each take half; saving under $25
/// gives the $25 credit (every separate filer's credit).
#[test]
fn edge3_06_separate_filer_sharing_rent_half_and_25_credit_54a_3a_18_b() {
    // 18% x 12,000 = 2,160; half 1,080. 39 = 21,000. A 19,920 -> row 19,900, mid 19,925: 1.4% =
    // 278.95 -> 279; B 21,025: 280 + 1.75% x 1,025 = 297.94 -> 298; saving 19 < 25.
    check(
        "06-separate-shared-rent-25-credit-2025.ron",
        &Expected {
            lines: &[
                ("29", "22000.00"),
                ("39", "21000.00"),
                ("41", "0.00"),
                ("42", "21000.00"),
                ("43", "298.00"),
                ("56", "25.00"),
            ],
            refund: "0.00",
            balance_due: "23.00", // 298 - 250 - 25
            filing_required: None,
        },
    );
}

/// 54A:3-1 b(2) ($1,500 per federal dependent) and 54A:3-1.1 ($1,000, under 22, full time): a 20-year-old full-time student (qualifying child, line 10; under 22
/// with costs paid, line 12) and a dependent parent (line 11).
#[test]
fn edge3_07_hoh_parent_line_11_student_20_lines_10_and_12_54a_3_1_1() {
    // 13 = 1,000 + 1,500 + 1,500 + 1,000 = 5,000; 39 = 70,000; 40a = 18% x 24,000 = 4,320.
    // A 65,680 -> row 65,650, mid 65,675: 805 + 2.45% x 15,675 = 1,189.04 -> 1,189;
    // B 70,025: 1,295 + 3.5% x 25 = 1,295.88 -> 1,296; saving 107.
    check(
        "07-hoh-dependent-parent-student-20-college-2024.ron",
        &Expected {
            lines: &[
                ("6", "1000.00"),
                ("10", "1500.00"),
                ("11", "1500.00"),
                ("12", "1000.00"),
                ("13", "5000.00"),
                ("39", "70000.00"),
                ("40a", "4320.00"),
                ("41", "4320.00"),
                ("42", "65680.00"),
                ("43", "1189.00"),
                ("58", "0.00"),
            ],
            refund: "811.00",
            balance_due: "0.00",
            filing_required: None,
        },
    );
}

/// 54A:3A-17 a ($15,000 cap, 2023) and 54A:2-1 b: line 42 on an exact multiple of $50 starts
/// the row 45,000-45,050.
#[test]
fn edge3_08_line_42_exactly_45000_starts_new_row_and_2023_cap_54a_2_1_b() {
    // 40a = 15,000.01 -> 15,000. 39 = 60,000. A 45,000 -> mid 45,025: 717.50 + 5.525% x 5,025 =
    // 995.13 -> 995 (the row below would give 992); B 60,025: 1,823.88 -> 1,824.
    check(
        "08-single-line-42-exactly-45000-tax-cap-2023.ron",
        &Expected {
            lines: &[
                ("39", "60000.00"),
                ("40a", "15000.01"),
                ("41", "15000.00"),
                ("42", "45000.00"),
                ("43", "995.00"),
            ],
            refund: "5.00",
            balance_due: "0.00",
            filing_required: None,
        },
    );
}

/// 54A:2-1 a(7): line 42 of $100,000.00 uses the rate schedule to the cent, not the table.
#[test]
fn edge3_09_joint_line_42_exactly_100000_rate_schedule_54a_2_1_a() {
    // 39 = 108,000; 41 = 8,000; 43 = 1,645 + 5.525% x 20,000 = 2,750.00 (B: 3,192.00).
    check(
        "09-joint-line-42-exactly-100000-rate-schedule-2025.ron",
        &Expected {
            lines: &[
                ("39", "108000.00"),
                ("41", "8000.00"),
                ("42", "100000.00"),
                ("43", "2750.00"),
            ],
            refund: "0.00",
            balance_due: "50.00", // 2,750 - 2,700
            filing_required: None,
        },
    );
}

/// 54A:4-17 a: line 42 "not over $60,000" keeps 40% of the federal care credit.
#[test]
fn edge3_10_care_credit_line_42_exactly_60000_is_40_percent_54a_4_17_a() {
    // 13 = 2,000 + 1,500; 39 = 66,500; 42 = 60,000.00; 43 mid 60,025: 805 + 2.45% x 10,025 =
    // 1,050.61 -> 1,051 (B 1,210); 64 = 40% x 600 = 240.
    check(
        "10-joint-care-credit-line-42-60000-00-2024.ron",
        &Expected {
            lines: &[
                ("13", "3500.00"),
                ("39", "66500.00"),
                ("42", "60000.00"),
                ("43", "1051.00"),
                ("64", "240.00"),
                ("65", "0.00"),
            ],
            refund: "489.00", // 1,300 + 240 - 1,051
            balance_due: "0.00",
            filing_required: None,
        },
    );
}

/// 54A:4-17 a: line 42 of $60,000.01 is "over $60,000": 30%.
#[test]
fn edge3_11_care_credit_line_42_60000_01_is_30_percent_54a_4_17_a() {
    check(
        "11-joint-care-credit-line-42-60000-01-2024.ron",
        &Expected {
            lines: &[
                ("41", "6499.99"),
                ("42", "60000.01"),
                ("43", "1051.00"),
                ("64", "180.00"),
            ],
            refund: "429.00", // 1,300 + 180 - 1,051
            balance_due: "0.00",
            filing_required: None,
        },
    );
}

/// IRC 32(i) via 54A:4-7: investment income 12,000 over the 2025 limit 11,950 removes the federal
/// EIC and so the NJ EITC; the child tax credit (54A:4-17.1) is unaffected.
#[test]
fn edge3_12_investment_income_over_limit_zero_eitc_child_credit_stays_2025() {
    // 29 = 32,000; 13 = 2,500; 39 = 29,500; 40a = 2,160. A 27,340 -> mid 27,325: 408.19 -> 408;
    // B 29,525: 446.69 -> 447; saving 39 < 50: credit 50. 65 = 1,000 (one child, 42 <= 30,000).
    check(
        "12-hoh-investment-income-over-limit-no-eitc-ctc-2025.ron",
        &Expected {
            lines: &[
                ("29", "32000.00"),
                ("39", "29500.00"),
                ("41", "0.00"),
                ("42", "29500.00"),
                ("43", "447.00"),
                ("56", "50.00"),
                ("58", "0.00"),
                ("65", "1000.00"),
            ],
            refund: "903.00", // 300 + 50 + 1,000 - 447
            balance_due: "0.00",
            filing_required: None,
        },
    );
}
