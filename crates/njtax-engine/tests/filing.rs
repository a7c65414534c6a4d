//! Filing requirement: N.J.S.A. 54A:8-3.1 a (who must file), 54A:2-4 (no tax at or below the
//! threshold) and 54A:9-7(a) (a refund only on a filed return).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use njtax_engine::Key;
use njtax_engine::answers::FilingStatus::{
    self, HeadOfHousehold, MarriedJoint, MarriedSeparate, QualifyingWidow, Single,
};
use njtax_engine::compute::{Ctx, FilingRequirement, Sheet};
use njtax_engine::rules::filing::filing_requirement;
use njtax_engine::{Answers, Explanation, ParamBook, compute};
use rust_decimal::{Decimal, dec};

fn book() -> &'static ParamBook {
    static BOOK: std::sync::OnceLock<ParamBook> = std::sync::OnceLock::new();
    BOOK.get_or_init(|| ParamBook::load().unwrap())
}

/// The requirement for a status and year, with line 29 and other computed lines set.
fn requirement(
    year: u16,
    status: FilingStatus,
    gross: Decimal,
    lines: &[(Key, Decimal)],
) -> FilingRequirement {
    let p = book().for_year(year).unwrap();
    let a = Answers {
        tax_year: year,
        filing_status: status,
        ..Default::default()
    };
    let cx = Ctx::new(&a, &p);
    let mut s = Sheet::default();
    s.push(cx.line(Key::GrossIncome, gross, Explanation::default()));
    for &(key, v) in lines {
        s.push(cx.line(key, v, Explanation::default()));
    }
    filing_requirement(&cx, &s)
}

/// 54A:8-3.1 a(1) single $10,000; a(2) joint, head of household, surviving spouse $20,000;
/// a(3) married filing separately $10,000 (taxable years beginning on or after January 1, 2001).
const THRESHOLDS: &[(FilingStatus, Decimal, &str)] = &[
    (Single, dec!(10000), "a(1)"),
    (MarriedJoint, dec!(20000), "a(2)"),
    (HeadOfHousehold, dec!(20000), "a(2)"),
    (QualifyingWidow, dec!(20000), "a(2)"),
    (MarriedSeparate, dec!(10000), "a(3)"),
];

#[test]
fn a_return_is_required_only_in_excess_of_the_threshold_54a_8_3_1_a() {
    for year in 2022..=2025 {
        for &(status, threshold, sub) in THRESHOLDS {
            let at = requirement(year, status, threshold, &[]);
            assert!(!at.required, "{year} {status:?}");
            assert!(!at.should_file_for_refund);
            assert!(at.reason.contains("at or below"), "{}", at.reason);
            assert!(
                at.citation.contains(&format!("54A:8-3.1 {sub}")),
                "{}",
                at.citation
            );

            let above = requirement(year, status, threshold + dec!(0.01), &[]);
            assert!(above.required, "{year} {status:?}");
            assert!(!above.should_file_for_refund);
            assert!(above.citation.contains(&format!("54A:8-3.1 {sub}")));
        }
    }
}

#[test]
fn the_reason_gives_the_numbers_54a_8_3_1_a1() {
    let r = requirement(2024, Single, dec!(10000.01), &[]);
    assert_eq!(
        r.reason,
        "Gross income (line 29) of $10,000.01 is more than the $10,000.00 filing threshold for Single (2024), so a NJ-1040 return must be filed"
    );
    assert_eq!(r.citation, "N.J.S.A. 54A:8-3.1 a(1); 54A:2-4 a");
}

#[test]
fn head_of_household_files_at_the_2_1_a_amount_not_the_unmarried_amount_54a_8_3_1_a2() {
    // $15,000: more than the single $10,000 of a(1), not more than the $20,000 of a(2).
    assert!(requirement(2024, Single, dec!(15000), &[]).required);
    assert!(!requirement(2024, HeadOfHousehold, dec!(15000), &[]).required);
    assert!(!requirement(2024, QualifyingWidow, dec!(15000), &[]).required);
}

#[test]
fn below_the_threshold_withholding_means_file_for_a_refund_54a_9_7_a() {
    let r = requirement(2024, Single, dec!(8000), &[(Key::Withholding, dec!(150))]);
    assert!(!r.required);
    assert!(r.should_file_for_refund);
    assert!(
        r.reason.contains("NJ income tax withheld $150.00"),
        "{}",
        r.reason
    );
    assert!(r.reason.contains("$150.00 is due back"), "{}", r.reason);
    assert!(r.citation.contains("54A:9-7(a)"));
}

#[test]
fn below_the_threshold_each_refundable_credit_or_payment_means_file_for_a_refund() {
    for key in [
        Key::Withholding,
        Key::EstimatedPayments,
        Key::PropertyTaxCredit,
        Key::NjEitc,
        Key::ExcessUi,
        Key::ExcessDi,
        Key::ExcessFli,
        Key::WoundedWarriorCredit,
        Key::BaitCredit,
        Key::ChildCareCredit,
        Key::ChildTaxCredit,
    ] {
        let r = requirement(2025, MarriedJoint, dec!(20000), &[(key, dec!(1))]);
        assert!(!r.required, "{key}");
        assert!(r.should_file_for_refund, "{key}");
    }
    // Several at once are added: 100 + 250.50 + 40 = 390.50.
    let r = requirement(
        2024,
        MarriedSeparate,
        dec!(0),
        &[
            (Key::Withholding, dec!(100)),
            (Key::NjEitc, dec!(250.50)),
            (Key::ChildTaxCredit, dec!(40)),
        ],
    );
    assert!(r.reason.contains("$390.50 is due back"), "{}", r.reason);
}

#[test]
fn zero_amounts_and_a_tax_line_do_not_make_a_refund() {
    let r = requirement(
        2024,
        Single,
        dec!(9000),
        &[
            (Key::Withholding, dec!(0)),
            (Key::Tax, dec!(0)),
            (Key::NjEitc, dec!(0)),
        ],
    );
    assert!(!r.required);
    assert!(!r.should_file_for_refund);
    assert!(
        r.reason
            .contains("no withholding, payment or refundable credit")
    );
}

#[test]
fn a_required_return_is_not_flagged_as_optional_even_with_a_refund() {
    let r = requirement(2024, Single, dec!(50000), &[(Key::Withholding, dec!(3000))]);
    assert!(r.required);
    assert!(!r.should_file_for_refund);
}

#[test]
fn compute_reports_the_filing_requirement() {
    let a = Answers {
        tax_year: 2024,
        ..Default::default()
    };
    let ret = compute(&a, book()).unwrap();
    assert!(
        ret.filing_requirement
            .citation
            .starts_with("N.J.S.A. 54A:8-3.1")
    );
}
