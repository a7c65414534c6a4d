//! Filing requirement (N.J.S.A. 54A:8-3.1; 54A:2-4; 54A:9-7).
//!
//! A return must be filed when gross income (line 29) is "in excess of" the 8-3.1 a amount for the
//! filing status (single: a(1); joint, head of household, surviving spouse: a(2); married filing
//! separately: a(3)). At or below it no return is required and no tax is due (54A:2-4), but a
//! refund of withholding, payments or refundable credits is made "only upon the filing of a return"
//! (54A:9-7(a)), so the filer should file to get it.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::key::Key;
use crate::money::{fmt_money, sat_sum};
use crate::rules::tax::{at_or_below, threshold_subsection};
use crate::sheet::{Ctx, Sheet};

/// Whether the filer must file, and why (54A:8-3.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FilingRequirement {
    /// Must file.
    pub required: bool,
    /// Should file anyway (to get a refund or refundable credits).
    pub should_file_for_refund: bool,
    /// The reason in words, with the numbers.
    pub reason: String,
    /// Citation.
    pub citation: String,
}

/// Lines that put money back in the filer's hands even when no tax is due: (key, words, citation).
const REFUNDABLE: &[(Key, &str, &str)] = &[
    (Key::Withholding, "NJ income tax withheld", "54A:7-3"),
    (
        Key::EstimatedPayments,
        "estimated payments and credits from the prior year",
        "54A:8-5",
    ),
    (Key::PropertyTaxCredit, "property tax credit", "54A:3A-20"),
    (Key::NjEitc, "NJ earned income tax credit", "54A:4-7"),
    (Key::ExcessUi, "excess UI/WF/SWF withheld", "54A:4-4"),
    (
        Key::ExcessDi,
        "excess disability insurance withheld",
        "54A:4-4",
    ),
    (
        Key::ExcessFli,
        "excess family leave insurance withheld",
        "54A:4-4",
    ),
    (
        Key::WoundedWarriorCredit,
        "Wounded Warrior caregivers credit",
        "54A:4-15 c",
    ),
    (
        Key::BaitCredit,
        "pass-through business alternative income tax credit",
        "54A:12-5",
    ),
    (
        Key::ChildCareCredit,
        "child and dependent care credit",
        "54A:4-17",
    ),
    (Key::ChildTaxCredit, "NJ child tax credit", "54A:4-17.1"),
];

/// Whether the filer must file (54A:8-3.1 a), and whether they should file anyway to get money back.
///
/// Reads line 29 (`gross_income`) and the payment and refundable-credit lines 55-65, which are
/// computed before this is called.
pub fn filing_requirement(cx: &Ctx, s: &Sheet) -> FilingRequirement {
    let status = cx.a.filing_status;
    let fig = &cx.p.tax.filing_threshold;
    let threshold = *fig.value.get(status);
    let gross = cx.threshold_gross_income(s);
    let (sub_2_4, sub_8_3_1) = threshold_subsection(status);
    let citation = format!("N.J.S.A. 54A:8-3.1 {sub_8_3_1}; 54A:2-4 {sub_2_4}");
    let words = cx.threshold_income_words();
    if cx.scope.kind.is_nonresident() && s.v(Key::GrossIncomeNj) <= Decimal::ZERO {
        let refund = s.v(Key::Withholding) > Decimal::ZERO
            || s.v(Key::EstimatedPayments) > Decimal::ZERO
            || s.v(Key::PartnershipTaxPaid) > Decimal::ZERO;
        return FilingRequirement {
            required: false,
            should_file_for_refund: refund,
            reason: if refund {
                "There is no New Jersey-source income, so no tax is due; file to get back the New Jersey tax withheld or paid (N.J.S.A. 54A:9-7(a))".to_owned()
            } else {
                "There is no New Jersey-source income, so no New Jersey tax is due and no NJ-1040NR is required".to_owned()
            },
            citation: "N.J.S.A. 54A:2-1.1 a, 54A:5-8".to_owned(),
        };
    }
    if !at_or_below(gross, threshold) {
        return FilingRequirement {
            required: true,
            should_file_for_refund: false,
            reason: format!(
                "{words} of {} is more than the {} filing threshold for {} ({}), so a {} return must be filed",
                fmt_money(gross),
                fmt_money(threshold),
                status.name(),
                cx.year(),
                cx.map().form
            ),
            citation,
        };
    }
    let refundable_care = cx.p.credits.cdcc_refundable.value;
    let items: Vec<(Decimal, &str, &str)> = REFUNDABLE
        .iter()
        .filter(|(key, _, _)| refundable_care || *key != Key::ChildCareCredit)
        .filter_map(|(key, words, cite)| {
            let v = s.v(*key);
            (v > Decimal::ZERO).then_some((v, *words, *cite))
        })
        .collect();
    // "No tax is due" is the 54A:2-4 test, the one line 43 and the property tax rules read.
    let no_tax = if crate::rules::tax::subject_to_tax(cx, s).subject {
        ""
    } else {
        " and no tax is due"
    };
    let not_required = format!(
        "{words} of {} is at or below the {} filing threshold for {} ({}), so no return is required{no_tax}",
        fmt_money(gross),
        fmt_money(threshold),
        status.name(),
        cx.year()
    );
    if items.is_empty() {
        return FilingRequirement {
            required: false,
            should_file_for_refund: false,
            reason: format!(
                "{not_required}; there is no withholding, payment or refundable credit to claim"
            ),
            citation,
        };
    }
    let total = sat_sum(items.iter().map(|(v, _, _)| *v));
    let list = items
        .iter()
        .map(|(v, words, cite)| format!("{words} {} (N.J.S.A. {cite})", fmt_money(*v)))
        .collect::<Vec<_>>()
        .join(", ");
    let mut reason = format!(
        "{not_required}. File anyway: a refund is paid only on a filed return (N.J.S.A. 54A:9-7(a)), and {} is due back: {list}",
        fmt_money(total)
    );
    if s.v(Key::PropertyTaxCredit) > Decimal::ZERO {
        reason.push_str(
            ". A filer not subject to tax claims the property tax credit in the form the Director prescribes (N.J.S.A. 54A:3A-20 c)",
        );
    }
    FilingRequirement {
        required: false,
        should_file_for_refund: true,
        reason,
        citation: format!("{citation}; 54A:9-7(a)"),
    }
}
