//! Part-year residents and nonresidents: the drafts in `examples/residency/` against results
//! worked BY HAND from the statute (N.J.S.A. Title 54A: 2-1, 2-1.1 a, 2-4, 3-1(c), 3-3(a), 3A-17,
//! 5-6, 5-8, 6-10, 8-3.1 d, h) and the reference sheets before the engine was run. Each test checks
//! every return of the set (form, kind, filer, months), the lines that matter on each, each
//! return's refund and balance due and, for spouses of different residency, the comparison of
//! separate returns with the election to be taxed as residents.
//!
//! The arithmetic, with the statute for every step, is in `docs/residency-returns.md`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use crate::common;
use njtax_engine::Key;

use crate::common::dec;
use njtax_engine::residency::{Filer, ReturnKind};

const DOC: &str = "docs/residency-returns.md";

/// One expected return of a set.
struct Ret {
    kind: ReturnKind,
    filer: Filer,
    months: u8,
    lines: &'static [(&'static str, &'static str)],
    refund: &'static str,
    balance_due: &'static str,
    filing_required: Option<bool>,
}

/// The comparison of separate returns with the joint election: (separate net, joint net, elected).
type Comparison = Option<(&'static str, &'static str, bool)>;

fn check_set(file: &str, expected: &[Ret], comparison: Comparison) {
    let set = common::load_and_compute_set("residency", file);
    let mut problems: Vec<String> = Vec::new();
    let got_kinds: Vec<String> = set
        .returns
        .iter()
        .map(|r| format!("{} {:?} {:?} {} months", r.form, r.kind, r.filer, r.months))
        .collect();
    if set.returns.len() != expected.len() {
        problems.push(format!(
            "  returns: expected {}, got {}: {got_kinds:?}",
            expected.len(),
            set.returns.len()
        ));
    }
    for (i, (want, ret)) in expected.iter().zip(&set.returns).enumerate() {
        let tag = format!(
            "return {} ({} {:?} {:?})",
            i + 1,
            ret.form,
            want.kind,
            want.filer
        );
        if ret.kind != want.kind || ret.filer != want.filer {
            problems.push(format!(
                "  {tag}: expected {:?} {:?}, got {:?} {:?}",
                want.kind, want.filer, ret.kind, ret.filer
            ));
        }
        if ret.form != want.kind.form() {
            problems.push(format!("  {tag}: form {}", ret.form));
        }
        if ret.months != want.months {
            problems.push(format!(
                "  {tag}: months expected {}, got {}",
                want.months, ret.months
            ));
        }
        for (id, v) in want.lines {
            let w = dec(v);
            let got = ret.value(id);
            if got != w {
                let rule = ret.line(id).map_or_else(
                    || "(the engine has no line with this id)".to_owned(),
                    |l| l.explanation.rule.clone(),
                );
                problems.push(format!(
                    "  {tag} line {id:>4}: expected {w}, got {got}\n             engine says: {rule}"
                ));
            }
        }
        if ret.refund != dec(want.refund) {
            problems.push(format!(
                "  {tag} refund: expected {}, got {}",
                want.refund, ret.refund
            ));
        }
        if ret.balance_due != dec(want.balance_due) {
            problems.push(format!(
                "  {tag} balance due: expected {}, got {}",
                want.balance_due, ret.balance_due
            ));
        }
        if let Some(req) = want.filing_required
            && ret.filing_requirement.required != req
        {
            problems.push(format!(
                "  {tag} filing required: expected {req}, got {} ({})",
                ret.filing_requirement.required, ret.filing_requirement.reason
            ));
        }
        problems.extend(
            ret.diagnostics
                .iter()
                .filter(|d| d.severity == njtax_engine::Severity::Error)
                .map(|d| format!("  {tag} error diagnostic: {d:?}")),
        );
    }
    match (comparison, &set.comparison) {
        (None, None) => {}
        (Some((sep, joint, elected)), Some(c)) => {
            if c.separate_net != dec(sep) || c.joint_net != dec(joint) || c.elected != elected {
                problems.push(format!(
                    "  comparison: expected separate {sep}, joint {joint}, elected {elected}; got separate {}, joint {}, elected {}",
                    c.separate_net, c.joint_net, c.elected
                ));
            }
        }
        (want, got) => problems.push(format!(
            "  comparison: expected {want:?}, got {:?}",
            got.as_ref().map(|c| &c.summary)
        )),
    }
    assert!(
        problems.is_empty(),
        "{file}: {} difference(s) from the hand computation in {DOC}:\n{}\nreturns: {got_kinds:?}\nstatement: {:#?}",
        problems.len(),
        problems.join("\n"),
        set.statement
    );
}

/// 54A:2-1.1 a, 5-8 a(2), 3-1(c): moved in from New York on 1 July. Resident period: July-December
/// wages and interest, half the exemption, the Jersey City rent. Nonresident period: New York wages
/// and interest in column A, the 30 New Jersey days of 120 in column B.
#[test]
fn residency_01_moved_in_1_july_part_year_nj1040_and_nj1040nr_54a_2_1_1_a() {
    check_set(
        "01-single-moved-in-from-ny-1-july-2024.ron",
        &[
            // 30 = 1,000 x 6/12; 40a = 18% x 12,000; 42 = 47,900 - 2,160 = 45,740, mid 45,725:
            // 717.50 + 5.525% x 5,725 = 1,033.81 -> 1,034 (saving over 47,900's 1,155: 121).
            Ret {
                kind: ReturnKind::PartYearResident,
                filer: Filer::Household,
                months: 6,
                lines: &[
                    ("15", "48000.00"),
                    ("16a", "400.00"),
                    ("27", "48400.00"),
                    ("29", "48400.00"),
                    ("13", "1000.00"),
                    ("30", "500.00"),
                    ("38", "500.00"),
                    ("39", "47900.00"),
                    ("40a", "2160.00"),
                    ("41", "2160.00"),
                    ("42", "45740.00"),
                    ("43", "1034.00"),
                    ("55", "1500.00"),
                    ("56", "0.00"),
                    ("58", "0.00"),
                    ("66", "1500.00"),
                ],
                refund: "466.00",
                balance_due: "0.00",
                filing_required: Some(true),
            },
            // 15B = 42,000 x 30/120 = 10,500; 39 = 42,400 - 500 = 41,900, mid 41,925:
            // 717.50 + 5.525% x 1,925 = 823.86 -> 824; 41 = 10,500/42,400 = 0.24764 -> 0.2476;
            // 42 = 824 x 0.2476 = 204.0224 -> 204.02.
            Ret {
                kind: ReturnKind::PartYearNonresident,
                filer: Filer::Household,
                months: 6,
                lines: &[
                    ("15A", "42000.00"),
                    ("15B", "10500.00"),
                    ("16A", "400.00"),
                    ("16B", "0.00"),
                    ("27A", "42400.00"),
                    ("27B", "10500.00"),
                    ("29A", "42400.00"),
                    ("29B", "10500.00"),
                    ("13", "1000.00"),
                    ("30", "500.00"),
                    ("38", "500.00"),
                    ("39", "41900.00"),
                    ("40", "824.00"),
                    ("41", "0.2476"),
                    ("42", "204.02"),
                    ("51", "300.00"),
                    ("58", "300.00"),
                ],
                refund: "95.98",
                balance_due: "0.00",
                filing_required: None,
            },
        ],
        None,
    );
}

/// 54A:2-1.1 a, 5-8 a(2), b, 6-10 b(1), 3-3(a): New York resident, 180 of 240 days in New Jersey;
/// the pension is in column A (and excluded at 37.5% on the income from everywhere) but never in
/// column B; the medical floor is 2% of the income as if a resident.
#[test]
fn residency_02_ny_commuter_days_allocation_pension_not_nj_source_54a_5_8_b() {
    check_set(
        "02-single-ny-resident-nj-commuter-pension-2024.ron",
        &[
            // 27A = 115,500: 28a = 37.5% x 24,000 = 9,000; 29A = 106,500; 31 = 3,000 - 2,130 = 870;
            // 39 = 104,630 (schedule): 2,651.25 + 6.37% x 29,630 = 4,538.68;
            // 41 = 67,500/106,500 = 0.63380 -> 0.6338; 42 = 2,876.615 -> 2,876.62.
            Ret {
                kind: ReturnKind::Nonresident,
                filer: Filer::Household,
                months: 12,
                lines: &[
                    ("15A", "90000.00"),
                    ("15B", "67500.00"),
                    ("16A", "1500.00"),
                    ("16B", "0.00"),
                    ("22A", "24000.00"),
                    ("22B", "0.00"),
                    ("27A", "115500.00"),
                    ("27B", "67500.00"),
                    ("28a", "9000.00"),
                    ("28b", "0.00"),
                    ("28c", "9000.00"),
                    ("29A", "106500.00"),
                    ("29B", "67500.00"),
                    ("13", "1000.00"),
                    ("30", "1000.00"),
                    ("31", "870.00"),
                    ("38", "1870.00"),
                    ("39", "104630.00"),
                    ("40", "4538.68"),
                    ("41", "0.6338"),
                    ("42", "2876.62"),
                    ("51", "2700.00"),
                    ("58", "2700.00"),
                    ("59", "176.62"),
                ],
                refund: "0.00",
                balance_due: "176.62",
                filing_required: Some(true),
            },
        ],
        None,
    );
}

/// The New Jersey-Pennsylvania reciprocal agreement (54A:9-17(e); nj-reference-2.md §1) and 54A:5-8 a(1): a
/// Pennsylvania resident's New Jersey wages are not New Jersey income; the New Jersey rental is.
#[test]
fn residency_03_pa_resident_wages_reciprocity_rent_nj_source_54a_5_8_a_1() {
    check_set(
        "03-single-pa-resident-nj-wages-nj-rental-2024.ron",
        &[
            // 39 = 79,600 - 1,000 = 78,600, mid 78,625: 2,651.25 + 6.37% x 3,625 = 2,882.16 -> 2,882;
            // 41 = 9,000/79,600 = 0.11307 -> 0.1131; 42 = 325.9542 -> 325.95; refund 400 - 325.95.
            Ret {
                kind: ReturnKind::Nonresident,
                filer: Filer::Household,
                months: 12,
                lines: &[
                    ("15A", "70000.00"),
                    ("15B", "0.00"),
                    ("16A", "600.00"),
                    ("16B", "0.00"),
                    ("20A", "9000.00"),
                    ("20B", "9000.00"),
                    ("27A", "79600.00"),
                    ("27B", "9000.00"),
                    ("29A", "79600.00"),
                    ("29B", "9000.00"),
                    ("30", "1000.00"),
                    ("38", "1000.00"),
                    ("39", "78600.00"),
                    ("40", "2882.00"),
                    ("41", "0.1131"),
                    ("42", "325.95"),
                    ("51", "0.00"),
                    ("57", "400.00"),
                    ("58", "400.00"),
                ],
                refund: "74.05",
                balance_due: "0.00",
                filing_required: Some(true),
            },
        ],
        None,
    );
}

/// 54A:3-1(c) "15 days or more shall constitute a month": from 17 July, July has 15 resident days
/// (6 resident months, 6 nonresident); from 18 July, 14 (5 resident, 7 nonresident).
#[test]
fn residency_04a_moved_in_17_july_july_counts_resident_54a_3_1_c() {
    check_set(
        "04-single-moved-in-17-july-2024.ron",
        &[
            // 30 = 500; 39 = 29,500, mid 29,525: 280 + 1.75% x 9,525 = 446.69 -> 447.
            Ret {
                kind: ReturnKind::PartYearResident,
                filer: Filer::Household,
                months: 6,
                lines: &[
                    ("15", "30000.00"),
                    ("29", "30000.00"),
                    ("30", "500.00"),
                    ("39", "29500.00"),
                    ("42", "29500.00"),
                    ("43", "447.00"),
                    ("55", "900.00"),
                ],
                refund: "453.00",
                balance_due: "0.00",
                filing_required: None,
            },
            // 15B = 36,000 x 26/130 = 7,200; 30 = 500; 39 = 35,500, mid 35,525:
            // 542.50 + 3.5% x 525 = 560.88 -> 561; 41 = 0.2000; 42 = 112.20.
            Ret {
                kind: ReturnKind::PartYearNonresident,
                filer: Filer::Household,
                months: 6,
                lines: &[
                    ("15A", "36000.00"),
                    ("15B", "7200.00"),
                    ("29A", "36000.00"),
                    ("29B", "7200.00"),
                    ("30", "500.00"),
                    ("39", "35500.00"),
                    ("40", "561.00"),
                    ("41", "0.2000"),
                    ("42", "112.20"),
                    ("51", "250.00"),
                ],
                refund: "137.80",
                balance_due: "0.00",
                filing_required: None,
            },
        ],
        None,
    );
}

/// The 18 July twin of residency 4a.
#[test]
fn residency_04b_moved_in_18_july_july_not_a_resident_month_54a_3_1_c() {
    check_set(
        "04-single-moved-in-18-july-2024.ron",
        &[
            // 30 = 1,000 x 5/12 = 416.67; 39 = 29,583.33, mid 29,575: 280 + 1.75% x 9,575 = 447.56 -> 448.
            Ret {
                kind: ReturnKind::PartYearResident,
                filer: Filer::Household,
                months: 5,
                lines: &[
                    ("15", "30000.00"),
                    ("29", "30000.00"),
                    ("30", "416.67"),
                    ("39", "29583.33"),
                    ("42", "29583.33"),
                    ("43", "448.00"),
                    ("55", "900.00"),
                ],
                refund: "452.00",
                balance_due: "0.00",
                filing_required: None,
            },
            // 30 = 1,000 x 7/12 = 583.33; 39 = 35,416.67, mid 35,425: 542.50 + 3.5% x 425 = 557.38
            // -> 557; 42 = 557 x 0.2 = 111.40.
            Ret {
                kind: ReturnKind::PartYearNonresident,
                filer: Filer::Household,
                months: 7,
                lines: &[
                    ("15A", "36000.00"),
                    ("15B", "7200.00"),
                    ("29A", "36000.00"),
                    ("29B", "7200.00"),
                    ("30", "583.33"),
                    ("39", "35416.67"),
                    ("40", "557.00"),
                    ("41", "0.2000"),
                    ("42", "111.40"),
                    ("51", "250.00"),
                ],
                refund: "138.60",
                balance_due: "0.00",
                filing_required: None,
            },
        ],
        None,
    );
}

/// 54A:2-4 (last sentence): the threshold is measured on the whole year's income as if a resident
/// ($68,000), not on the $8,000 of the resident period; no New Jersey income or withholding in the
/// Florida period, so no NJ-1040NR.
#[test]
fn residency_05_moved_out_little_nj_income_whole_year_over_threshold_tax_due_54a_2_4() {
    check_set(
        "05-single-moved-out-to-florida-whole-year-over-threshold-2024.ron",
        &[
            // 2 months (January, February); 30 = 166.67; 39 = 7,833.33, mid 7,825 x 1.4% = 109.55 -> 110.
            Ret {
                kind: ReturnKind::PartYearResident,
                filer: Filer::Household,
                months: 2,
                lines: &[
                    ("15", "8000.00"),
                    ("29", "8000.00"),
                    ("30", "166.67"),
                    ("39", "7833.33"),
                    ("42", "7833.33"),
                    ("43", "110.00"),
                    ("55", "120.00"),
                    ("58", "0.00"),
                ],
                refund: "10.00",
                balance_due: "0.00",
                filing_required: Some(true),
            },
        ],
        None,
    );
}

/// 54A:2-4 a ("$10,000 or less"), 8-3.1 a(1) ("in excess of $10,000"): whole-year income of
/// exactly $10,000: no tax, no filing requirement, the withholding comes back. 16 November: 15
/// resident days of 30 make November a month (54A:3-1(c)).
#[test]
fn residency_06_moved_in_whole_year_exactly_10000_no_tax_54a_2_4_a() {
    check_set(
        "06-single-moved-in-16-nov-whole-year-at-threshold-2024.ron",
        &[
            // 2 months; 16a = 400 - 350 = 50; 29 = 2,650; 30 = 166.67; 39 = 2,483.33; 43 = 0.
            Ret {
                kind: ReturnKind::PartYearResident,
                filer: Filer::Household,
                months: 2,
                lines: &[
                    ("15", "2600.00"),
                    ("16a", "50.00"),
                    ("27", "2650.00"),
                    ("29", "2650.00"),
                    ("30", "166.67"),
                    ("39", "2483.33"),
                    ("42", "2483.33"),
                    ("43", "0.00"),
                    ("55", "40.00"),
                    ("58", "0.00"),
                ],
                refund: "40.00",
                balance_due: "0.00",
                filing_required: Some(false),
            },
        ],
        None,
    );
}

/// 54A:2-4 (last sentence), 3A-17 a, b, 3A-20 a: moved out on 30 April with $9,000 of
/// resident-period income (under $10,000) and $60,000 for the whole year (over it). The filer is
/// subject to tax, so line 43 is charged and the property tax deduction is allowed: one test of
/// "subject to tax" for both. The house's taxes count for the four months it was the principal
/// residence (3A-17 b); the $15,000 limit is not prorated (not reached).
#[test]
fn residency_14_moved_out_resident_period_under_threshold_whole_year_over_property_tax_deduction_54a_2_4_3a_17()
 {
    check_set(
        "14-single-moved-out-1-may-resident-period-under-threshold-homestead-2024.ron",
        &[
            // 4 months; 30 = 333.33; 39 = 8,666.67; 40a = 12,000 x 4/12 = 4,000. Worksheet H:
            // with the deduction 4,666.67 -> mid 4,675 x 1.4% = 65.45 -> 65; without 8,666.67 ->
            // mid 8,675 x 1.4% = 121.45 -> 121; saved 56 >= the $50 credit: deduction taken.
            Ret {
                kind: ReturnKind::PartYearResident,
                filer: Filer::Household,
                months: 4,
                lines: &[
                    ("15", "9000.00"),
                    ("29", "9000.00"),
                    ("30", "333.33"),
                    ("39", "8666.67"),
                    ("40a", "4000.00"),
                    ("41", "4000.00"),
                    ("42", "4666.67"),
                    ("43", "65.00"),
                    ("55", "200.00"),
                    ("56", "0.00"),
                ],
                refund: "135.00",
                balance_due: "0.00",
                filing_required: Some(true),
            },
        ],
        None,
    );
    // The explanations agree: line 41 and line 43 both test the whole year, not line 29.
    let set = common::load_and_compute_set(
        "residency",
        "14-single-moved-out-1-may-resident-period-under-threshold-homestead-2024.ron",
    );
    let r = &set.returns[0];
    for id in ["41", "43"] {
        let rule = &r.line(id).unwrap().explanation.rule;
        assert!(
            rule.contains("whole year")
                && rule.contains("$60,000.00")
                && !rule.contains("at or below"),
            "line {id}: {rule}"
        );
    }
}

/// The taxpayer's separate NJ-1040 (residency 7 and the alternative of residency 8).
const R7_TAXPAYER: &[(&str, &str)] = &[
    ("6", "1000.00"),
    ("10", "1500.00"),
    ("13", "2500.00"),
    ("15", "60000.00"),
    ("16a", "1000.00"),
    ("27", "61000.00"),
    ("29", "61000.00"),
    ("30", "2500.00"),
    ("38", "2500.00"),
    ("39", "58500.00"),
    ("40a", "8000.00"),
    ("41", "8000.00"),
    ("42", "50500.00"),
    ("43", "1299.00"),
    ("55", "1600.00"),
    ("56", "0.00"),
    ("66", "1600.00"),
];

/// The spouse's separate NJ-1040NR.
const R7_SPOUSE: &[(&str, &str)] = &[
    ("6", "1000.00"),
    ("13", "1000.00"),
    ("15A", "50000.00"),
    ("15B", "4347.83"),
    ("27A", "50000.00"),
    ("27B", "4347.83"),
    ("29A", "50000.00"),
    ("29B", "4347.83"),
    ("30", "1000.00"),
    ("38", "1000.00"),
    ("39", "49000.00"),
    ("40", "1216.00"),
    ("41", "0.0870"),
    ("42", "105.79"),
    ("51", "100.00"),
    ("58", "100.00"),
    ("59", "5.79"),
];

/// 54A:5-6(b), 8-3.1 d: one spouse resident, the other not: separate returns, each married filing
/// separately, with own items; the house and the child on the resident taxpayer's return.
#[test]
fn residency_07_mixed_residency_spouses_file_separately_54a_5_6_b() {
    // Taxpayer: 42 = 58,500 - 8,000 = 50,500, mid 50,525: 717.50 + 5.525% x 10,525 = 1,299.01
    // -> 1,299; refund 1,600 - 1,299 = 301. Spouse: 15B = 50,000 x 20/230 = 4,347.83;
    // 40: mid 49,025: 717.50 + 5.525% x 9,025 = 1,216.13 -> 1,216; 41 = 0.086957 -> 0.0870;
    // 42 = 105.792 -> 105.79; due 5.79. Separate net 301 - 5.79 = 295.21; joint (residency 8) -1,024.
    check_set(
        "07-joint-federal-nj-resident-ny-spouse-separate-2024.ron",
        &[
            Ret {
                kind: ReturnKind::Resident,
                filer: Filer::Taxpayer,
                months: 12,
                lines: R7_TAXPAYER,
                refund: "301.00",
                balance_due: "0.00",
                filing_required: Some(true),
            },
            Ret {
                kind: ReturnKind::Nonresident,
                filer: Filer::Spouse,
                months: 12,
                lines: R7_SPOUSE,
                refund: "0.00",
                balance_due: "5.79",
                filing_required: Some(true),
            },
        ],
        Some(("295.21", "-1024.00", false)),
    );
}

/// 54A:5-6(b), 8-3.1 d: both elect to be taxed as residents: one joint full-year NJ-1040.
#[test]
fn residency_08_mixed_residency_spouses_elect_joint_resident_return_54a_8_3_1_d() {
    // 13 = 2 x 1,000 + 1,500 = 3,500; 39 = 111,000 - 3,500 = 107,500; 42 = 99,500 (table):
    // mid 99,525: 1,645 + 5.525% x 19,525 = 2,723.76 -> 2,724 (saving over 3,164.38: 440.62);
    // due 2,724 - 1,700 = 1,024.
    check_set(
        "08-joint-federal-nj-resident-ny-spouse-elect-joint-2024.ron",
        &[Ret {
            kind: ReturnKind::Resident,
            filer: Filer::Household,
            months: 12,
            lines: &[
                ("6", "2000.00"),
                ("10", "1500.00"),
                ("13", "3500.00"),
                ("15", "110000.00"),
                ("16a", "1000.00"),
                ("27", "111000.00"),
                ("29", "111000.00"),
                ("30", "3500.00"),
                ("39", "107500.00"),
                ("40a", "8000.00"),
                ("41", "8000.00"),
                ("42", "99500.00"),
                ("43", "2724.00"),
                ("55", "1700.00"),
                ("66", "1700.00"),
                ("67", "1024.00"),
            ],
            refund: "0.00",
            balance_due: "1024.00",
            filing_required: Some(true),
        }],
        Some(("295.21", "-1024.00", true)),
    );
}

/// 54A:8-3.1 h: both spouses nonresidents, only one with New Jersey income: that spouse alone
/// files, married filing separately (own income; the household's medical expenses with it).
#[test]
fn residency_09_both_nonresidents_only_one_nj_income_files_separately_54a_8_3_1_h() {
    // 29A = 29B = 80,000; 31 = 2,000 - 2% x 80,000 = 400; 39 = 80,000 - 1,000 - 400 = 78,600,
    // mid 78,625 (single table): 2,651.25 + 6.37% x 3,625 = 2,882.16 -> 2,882; 41 = 1; refund 18.
    check_set(
        "09-joint-federal-both-ny-only-one-nj-income-separate-2024.ron",
        &[Ret {
            kind: ReturnKind::Nonresident,
            filer: Filer::Taxpayer,
            months: 12,
            lines: &[
                ("6", "1000.00"),
                ("13", "1000.00"),
                ("15A", "80000.00"),
                ("15B", "80000.00"),
                ("16A", "0.00"),
                ("27A", "80000.00"),
                ("29A", "80000.00"),
                ("29B", "80000.00"),
                ("30", "1000.00"),
                ("31", "400.00"),
                ("38", "1400.00"),
                ("39", "78600.00"),
                ("40", "2882.00"),
                ("41", "1.0000"),
                ("42", "2882.00"),
                ("51", "2900.00"),
            ],
            refund: "18.00",
            balance_due: "0.00",
            filing_required: Some(true),
        }],
        None,
    );
}

/// 54A:8-3.1 h (election), 5-7: one joint NJ-1040NR of both nonresident spouses.
#[test]
fn residency_10_both_nonresidents_elect_joint_nj1040nr_54a_8_3_1_h() {
    // 27A = 120,600; 31 = 0 (2,000 < 2,412); 39 = 118,600 (schedule, joint):
    // 1,645 + 5.525% x 38,600 = 3,777.65; 41 = 80,000/120,600 = 0.66335 -> 0.6633;
    // 42 = 3,777.65 x 0.6633 = 2,505.715 -> 2,505.72; refund 2,900 - 2,505.72 = 394.28.
    check_set(
        "10-joint-federal-both-ny-only-one-nj-income-joint-election-2024.ron",
        &[Ret {
            kind: ReturnKind::Nonresident,
            filer: Filer::Household,
            months: 12,
            lines: &[
                ("6", "2000.00"),
                ("13", "2000.00"),
                ("15A", "120000.00"),
                ("15B", "80000.00"),
                ("16A", "600.00"),
                ("16B", "0.00"),
                ("27A", "120600.00"),
                ("27B", "80000.00"),
                ("29A", "120600.00"),
                ("29B", "80000.00"),
                ("30", "2000.00"),
                ("31", "0.00"),
                ("38", "2000.00"),
                ("39", "118600.00"),
                ("40", "3777.65"),
                ("41", "0.6633"),
                ("42", "2505.72"),
                ("51", "2900.00"),
            ],
            refund: "394.28",
            balance_due: "0.00",
            filing_required: Some(true),
        }],
        None,
    );
}

/// A mover out to Pennsylvania: resident-period NJ-1040 (4 months, the medical floor on its own
/// line 29, the condo's taxes for 4 months, the $50 credit beats a $28 saving); NJ-1040NR for the
/// rest (8 months): wages not New Jersey income (reciprocity) but the rent is, the medical floor on
/// the whole year's income as if a resident (54A:3-3(a)), and the withholding comes back.
#[test]
fn residency_11_moved_out_to_pa_reciprocity_rent_nj_source_medical_floors_54a_3_3_a() {
    check_set(
        "11-single-moved-out-to-pa-15-april-kept-nj-job-rented-condo-2024.ron",
        &[
            // 29 = 18,000; 30 = 333.33; 31 = 1,200 - 360 = 840; 39 = 16,826.67; 40a = 6,000 x 4/12
            // = 2,000: with it 14,826.67 (mid 14,825: 207.55 -> 208), without (mid 16,825: 235.55
            // -> 236): saving 28 < 50, so the credit. Refund 1,400 + 50 - 236 = 1,214.
            Ret {
                kind: ReturnKind::PartYearResident,
                filer: Filer::Household,
                months: 4,
                lines: &[
                    ("15", "18000.00"),
                    ("23", "0.00"),
                    ("27", "18000.00"),
                    ("29", "18000.00"),
                    ("30", "333.33"),
                    ("31", "840.00"),
                    ("38", "1173.33"),
                    ("39", "16826.67"),
                    ("40a", "2000.00"),
                    ("41", "0.00"),
                    ("42", "16826.67"),
                    ("43", "236.00"),
                    ("55", "1400.00"),
                    ("56", "50.00"),
                ],
                refund: "1214.00",
                balance_due: "0.00",
                filing_required: Some(true),
            },
            // 29A = 60,000, 29B = 6,000; 30 = 666.67; 31 = 1,800 - 2% x 78,000 = 240;
            // 39 = 59,093.33, mid 59,075: 717.50 + 5.525% x 19,075 = 1,771.39 -> 1,771;
            // 41 = 0.1000; 42 = 177.10; refund 600 - 177.10 = 422.90.
            Ret {
                kind: ReturnKind::PartYearNonresident,
                filer: Filer::Household,
                months: 8,
                lines: &[
                    ("15A", "54000.00"),
                    ("15B", "0.00"),
                    ("20A", "6000.00"),
                    ("20B", "6000.00"),
                    ("27A", "60000.00"),
                    ("27B", "6000.00"),
                    ("29A", "60000.00"),
                    ("29B", "6000.00"),
                    ("30", "666.67"),
                    ("31", "240.00"),
                    ("38", "906.67"),
                    ("39", "59093.33"),
                    ("40", "1771.00"),
                    ("41", "0.1000"),
                    ("42", "177.10"),
                    ("51", "600.00"),
                ],
                refund: "422.90",
                balance_due: "0.00",
                filing_required: None,
            },
        ],
        None,
    );
}

/// 54A:8-3.1 c, 3-1(c), 2-1.1 a: spouses with the same residency (both moved in on 1 October) file
/// together: a joint part-year NJ-1040 (3 months) and a joint NJ-1040NR (9 months).
#[test]
fn residency_12_couple_moved_in_together_joint_part_year_returns_54a_8_3_1_c() {
    check_set(
        "12-joint-couple-moved-in-1-october-2024.ron",
        &[
            // 15 = 20,000 + 10,000; 30 = 2,000 x 3/12 = 500; 39 = 42 = 29,500, mid 29,525 (joint):
            // 280 + 1.75% x 9,525 = 446.69 -> 447; 55 = 600 + 300; refund 453.
            Ret {
                kind: ReturnKind::PartYearResident,
                filer: Filer::Household,
                months: 3,
                lines: &[
                    ("6", "2000.00"),
                    ("13", "2000.00"),
                    ("15", "30000.00"),
                    ("29", "30000.00"),
                    ("30", "500.00"),
                    ("39", "29500.00"),
                    ("42", "29500.00"),
                    ("43", "447.00"),
                    ("55", "900.00"),
                ],
                refund: "453.00",
                balance_due: "0.00",
                filing_required: Some(true),
            },
            // 15A = 60,000 + 30,000; 15B = 0 + 30,000; 30 = 2,000 x 9/12 = 1,500; 39 = 88,500,
            // mid 88,525 (joint): 1,645 + 5.525% x 8,525 = 2,116.01 -> 2,116; 41 = 0.3333;
            // 42 = 705.2628 -> 705.26; 51 = 900; refund 194.74.
            Ret {
                kind: ReturnKind::PartYearNonresident,
                filer: Filer::Household,
                months: 9,
                lines: &[
                    ("6", "2000.00"),
                    ("15A", "90000.00"),
                    ("15B", "30000.00"),
                    ("29A", "90000.00"),
                    ("29B", "30000.00"),
                    ("30", "1500.00"),
                    ("39", "88500.00"),
                    ("40", "2116.00"),
                    ("41", "0.3333"),
                    ("42", "705.26"),
                    ("51", "900.00"),
                ],
                refund: "194.74",
                balance_due: "0.00",
                filing_required: None,
            },
        ],
        None,
    );
}

/// 54A:5-6(b), 8-3.1 d with a part-year spouse: the full-year resident's NJ-1040 (MFS), the
/// spouse's part-year NJ-1040 (MFS, 4 months, threshold on her own whole-year income) and her
/// NJ-1040NR (8 months): column B is 0 (reciprocity), so line 42 is 0 and the withholding comes back.
#[test]
fn residency_13_resident_and_part_year_spouse_separate_three_returns_54a_5_6_b() {
    // Taxpayer: 39 = 42 = 49,000, mid 49,025: 1,216.13 -> 1,216; refund 1,300 - 1,216 = 84.
    // Spouse NJ-1040: 15 = 16,000; 30 = 333.33; 39 = 15,666.67, mid 15,675 x 1.4% = 219.45 -> 219;
    // refund 600 - 219 = 381. Spouse NJ-1040NR: 29A = 32,000, 29B = 0; 30 = 666.67; 39 = 31,333.33,
    // mid 31,325: 280 + 1.75% x 11,325 = 478.19 -> 478; 41 = 0; 42 = 0; refund 200.
    // Separate net 84 + 381 + 200 = 665. Joint: 39 = 42 = 96,000, mid 96,025: 1,645 + 5.525% x
    // 16,025 = 2,530.38 -> 2,530; payments 2,100; due 430.
    check_set(
        "13-joint-federal-resident-and-spouse-moved-in-from-pa-separate-2024.ron",
        &[
            Ret {
                kind: ReturnKind::Resident,
                filer: Filer::Taxpayer,
                months: 12,
                lines: &[
                    ("6", "1000.00"),
                    ("15", "50000.00"),
                    ("29", "50000.00"),
                    ("30", "1000.00"),
                    ("39", "49000.00"),
                    ("42", "49000.00"),
                    ("43", "1216.00"),
                    ("55", "1300.00"),
                ],
                refund: "84.00",
                balance_due: "0.00",
                filing_required: Some(true),
            },
            Ret {
                kind: ReturnKind::PartYearResident,
                filer: Filer::Spouse,
                months: 4,
                lines: &[
                    ("6", "1000.00"),
                    ("15", "16000.00"),
                    ("29", "16000.00"),
                    ("30", "333.33"),
                    ("39", "15666.67"),
                    ("42", "15666.67"),
                    ("43", "219.00"),
                    ("55", "600.00"),
                ],
                refund: "381.00",
                balance_due: "0.00",
                filing_required: Some(true),
            },
            Ret {
                kind: ReturnKind::PartYearNonresident,
                filer: Filer::Spouse,
                months: 8,
                lines: &[
                    ("15A", "32000.00"),
                    ("15B", "0.00"),
                    ("29A", "32000.00"),
                    ("29B", "0.00"),
                    ("30", "666.67"),
                    ("39", "31333.33"),
                    ("40", "478.00"),
                    ("41", "0.0000"),
                    ("42", "0.00"),
                    ("51", "200.00"),
                ],
                refund: "200.00",
                balance_due: "0.00",
                filing_required: None,
            },
        ],
        Some(("665.00", "-430.00", false)),
    );
}

/// Issue 15: every line an NJ-1040NR's explanation names is that form's line (line 59 on an
/// NJ-1040NR used to read "Line 54 ... minus line 66", cited "NJ-1040 line 67"). Rule text takes
/// each id from the form's line map (`Ctx::id`), and each line's citation names its own line. For every NJ-1040NR of every example draft: each line reference in the return's own
/// numbering (a bare "line N", "NJ-1040NR line N"; not "NJ-2210 line 1" or "Worksheet H line 3")
/// names a line of the NJ-1040NR map, and no explanation cites "NJ-1040 line".
#[test]
fn nj1040nr_explanations_name_only_the_nj1040nr_s_own_lines() {
    use crate::common::line_refs::{RefForm, line_refs};
    let book = njtax_engine::ParamBook::load().unwrap();
    let mut problems = Vec::new();
    let mut returns = 0;
    for path in &common::example_drafts() {
        let text = std::fs::read_to_string(path).unwrap();
        let Ok(draft) = njtax_engine::draft::parse_draft(&text) else {
            continue;
        };
        let a = draft.answers;
        let Ok(set) = njtax_engine::compute::compute_set(&a, &book) else {
            continue;
        };
        for r in set.returns.iter().filter(|r| r.form == "NJ-1040NR") {
            returns += 1;
            let p = book.for_year(r.tax_year).unwrap();
            let map = &p.nr_line_map;
            for l in &r.lines {
                let e = &l.explanation;
                let texts = std::iter::once(&e.rule)
                    .chain(std::iter::once(&e.citation))
                    .chain(e.inputs.iter().map(|i| &i.name));
                for t in texts {
                    if t.contains("NJ-1040 line") {
                        problems.push(format!(
                            "{} line {}: cites the NJ-1040: {t}",
                            path.display(),
                            l.id
                        ));
                    }
                    for rf in line_refs(t) {
                        if rf.form != RefForm::Other && map.key_of(&rf.id).is_none() {
                            problems.push(format!(
                                "{} line {}: names line {}, not an NJ-1040NR line: {t}",
                                path.display(),
                                l.id,
                                rf.id
                            ));
                        }
                    }
                }
            }
            // The pinned example: the balance-due / overpayment line reads the NJ-1040NR's lines.
            if let Some(l) = r.lines.iter().find(|l| l.key == Key::TaxDue) {
                let total = map.find(Key::TotalTaxDue).map(|(id, _)| id).unwrap_or("?");
                let paid = map
                    .find(Key::TotalPayments)
                    .map(|(id, _)| id)
                    .unwrap_or("?");
                let want = format!("Line {total} ");
                if !l.explanation.rule.starts_with(&want)
                    || !l.explanation.rule.contains(&format!("minus line {paid} "))
                    || !l
                        .explanation
                        .citation
                        .contains(&format!("NJ-1040NR line {}", l.id))
                {
                    problems.push(format!(
                        "{} line {}: {} [{}]",
                        path.display(),
                        l.id,
                        l.explanation.rule,
                        l.explanation.citation
                    ));
                }
            }
        }
    }
    assert!(
        returns >= 5,
        "only {returns} NJ-1040NR returns among the examples"
    );
    problems.truncate(60);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every line of every return of every example cites its own place on its form, once: the
/// statute first, then "<form> line <id>" from the form's line map (an NJ-1040NR column B line
/// names its B id, "NJ-1040NR line 15B", not column A's), then the schedules it is worked on,
/// by title, in the order recorded.
#[test]
fn every_line_cites_its_own_form_line_once_between_the_statute_and_the_schedules() {
    let book = njtax_engine::ParamBook::load().unwrap();
    let mut problems = Vec::new();
    let mut lines = 0;
    for path in &common::example_drafts() {
        let text = std::fs::read_to_string(path).unwrap();
        let Ok(draft) = njtax_engine::draft::parse_draft(&text) else {
            continue;
        };
        let Ok(set) = njtax_engine::compute::compute_set(&draft.answers, &book) else {
            continue;
        };
        for r in &set.returns {
            for l in &r.lines {
                lines += 1;
                let e = &l.explanation;
                let own = format!("{} line {}", r.form, l.id);
                let titles: Vec<&str> = e.schedules.iter().map(|s| s.title()).collect();
                let tail = std::iter::once(own.as_str())
                    .chain(titles.iter().copied())
                    .collect::<Vec<_>>()
                    .join("; ");
                let starts_right = e.citation == tail || e.citation.ends_with(&format!("; {tail}"));
                let once = e.citation.matches(&format!("{own};")).count()
                    + usize::from(e.citation.ends_with(&own))
                    == 1;
                if !starts_right || !once {
                    problems.push(format!(
                        "{} {} line {}: {:?}",
                        path.display(),
                        r.form,
                        l.id,
                        e.citation
                    ));
                }
            }
        }
    }
    assert!(lines > 1000, "only {lines} lines looked at");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
