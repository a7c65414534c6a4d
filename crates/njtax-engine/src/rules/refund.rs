//! Totals, refund handling and contributions (lines 66-80; N.J.S.A. 54A:9-7, 9-8, 9-25.1 to 9-25.49).

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::Date;
use crate::calendar::{add_days, add_months, days_between};
use crate::explain::{Diagnostic, Line};
use crate::key::Key;
pub use crate::law::funds::{Fund, FundParams, FundParamsFile};
use crate::law::late::next_business_day;
use crate::money::{floor_zero, fmt_money, sat_sub, sat_sum};
use crate::sheet::{Ctx, Sheet};

/// Semantic keys of the lines for coded ("other designated") contributions.
const OTHER_FUND_LINES: [Key; 3] = [Key::FundOther1, Key::FundOther2, Key::FundOther3];
/// Semantic keys of the fixed fund lines.
const FIXED_FUND_LINES: [Key; 5] = [
    Key::FundEndangeredWildlife,
    Key::FundChildrensTrust,
    Key::FundVietnamVeterans,
    Key::FundBreastCancer,
    Key::FundUssNewJersey,
];

/// The lines that line 66 adds (lines 55 through 65), with a short name each: withholding, the
/// payments and the refundable credits.
pub const PAYMENT_LINES: [(Key, &str); 12] = [
    (Key::Withholding, "NJ income tax withheld"),
    (Key::PartnershipTaxPaid, "Partnership payments"),
    (Key::PropertyTaxCredit, "Property tax credit"),
    (Key::EstimatedPayments, "Estimated payments"),
    (Key::NjEitc, "NJ earned income tax credit"),
    (Key::ExcessUi, "Excess UI/WF/SWF"),
    (Key::ExcessDi, "Excess DI"),
    (Key::ExcessFli, "Excess FLI"),
    (
        Key::WoundedWarriorCredit,
        "Wounded Warrior caregivers credit",
    ),
    (Key::BaitCredit, "BAIT credit"),
    (Key::ChildCareCredit, "Child and dependent care credit"),
    (Key::ChildTaxCredit, "Child tax credit"),
];

/// The payment lines of the year: [`PAYMENT_LINES`] without the child and dependent care credit
/// in a year it is not refundable (`credits.cdcc_refundable`: through 2020 it reduces the tax in
/// the tax block instead, [`crate::rules::credits::care_credit_limited_to_tax`]).
pub fn payment_lines(cx: &Ctx) -> impl Iterator<Item = &'static (Key, &'static str)> + use<> {
    let refundable_care = cx.p.credits.cdcc_refundable.value;
    PAYMENT_LINES
        .iter()
        .filter(move |(k, _)| refundable_care || *k != Key::ChildCareCredit)
}

/// Line 66: total withholdings, credits and payments (lines 55 through 65).
pub fn line_66_total_payments(cx: &Ctx, s: &Sheet) -> Line {
    let total = sat_sum(payment_lines(cx).map(|(k, _)| s.v(*k)));
    let mut exp = cx.explanation(
        crate::explain_format!(
            cx,
            "Sum of lines {} through {} = {}",
            cx.id(Key::Withholding),
            cx.id(Key::ChildTaxCredit),
            fmt_money(total)
        ),
        "",
    );
    for (k, name) in payment_lines(cx) {
        exp = exp.line(*name, *k, s.v(*k));
    }
    cx.line(Key::TotalPayments, total, exp)
}

/// The last day a refund can be claimed, and how many days before it a filing date is "near"
/// (late.ron `refund_deadline_warning_days`): the one source for the engine's warning and the
/// app's notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RefundClaimDeadline {
    /// The last day the return (the claim) can be filed for a refund.
    pub last_day: Date,
    /// Days before `last_day` within which a filing date is near it.
    pub warning_days: u16,
}

/// Where a day stands against [`RefundClaimDeadline`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadlineStanding {
    /// More than the warning days before the last day.
    Open,
    /// On the last day or within the warning days before it; `days_left` is 0 on the last day.
    Near {
        /// Days from the day asked about to the last day.
        days_left: i64,
    },
    /// After the last day: a return filed then gets no refund.
    Past,
}

impl RefundClaimDeadline {
    /// Where a return filed on `on` stands.
    #[must_use]
    pub fn standing(&self, on: Date) -> DeadlineStanding {
        let days_left = crate::calendar::days_between(on, self.last_day);
        if days_left < 0 {
            DeadlineStanding::Past
        } else if days_left <= i64::from(self.warning_days) {
            DeadlineStanding::Near { days_left }
        } else {
            DeadlineStanding::Open
        }
    }
}

/// The last day a refund of this year's overpayment can be claimed (N.J.S.A. 54A:9-8 a, d, h;
/// 9-11 c). Withholding, estimated payments and tax paid early count as paid on April 15 after the
/// tax year (9-8 h); a refund is limited to the tax paid within the 3 years before the claim plus
/// the period of any extension of time to file (9-8 a), and the return is the claim. So the return
/// must be filed by April 15 of the fourth year after the tax year, later by the extension's period
/// (six months with the filer's extension; the period by which the law moved everyone's due date,
/// `late.filing_postponed_to`, when that is longer), moved to the next business day when that day
/// is a Saturday, Sunday or New Jersey legal holiday (9-11 c). `None` only when the date cannot be formed.
pub fn refund_claim_deadline(cx: &Ctx) -> Option<RefundClaimDeadline> {
    let late = &cx.p.late;
    let paid = late.prepaid_tax_deemed_paid.value;
    let deemed_paid = Date::new(cx.year().checked_add(1)?, paid.month, paid.day)?;
    let lookback_end = add_months(
        deemed_paid,
        u32::from(late.refund_lookback_years.value) * 12,
    );
    // The extension of time for filing runs from the deemed payment day (the statutory due date)
    // to the later of the filer's own extension and a due date extended for everyone.
    let own =
        cx.a.filing
            .extension
            .then(|| add_months(deemed_paid, late.filing_extension_months.value));
    let postponed = late.filing_postponed_to.value.map(|d| d.0);
    let extended_to = own.into_iter().chain(postponed).max();
    let extension_days = extended_to
        .map(|end| days_between(deemed_paid, end))
        .and_then(|d| u16::try_from(d).ok())
        .unwrap_or(0);
    Some(RefundClaimDeadline {
        last_day: next_business_day(late, add_days(lookback_end, extension_days)),
        warning_days: late.refund_deadline_warning_days.value,
    })
}

/// The refund time limit (N.J.S.A. 54A:9-8 a, d, h) on this year's overpayment (line 68): the part
/// that can still be refunded or credited to next year. When the return's filing date is known and
/// is after [`refund_claim_deadline`], none can ("any later credit shall be void and any later
/// refund erroneous", 9-8 d): every payment on the return counts as paid on April 15 after the tax
/// year, more than 3 years (plus any extension) before the claim. A filing date within
/// `refund_deadline_warning_days` before the deadline gets a warning. Returns the allowed part and, when it is limited, why.
pub fn refund_time_limit(cx: &Ctx, overpayment: Decimal) -> (Decimal, Option<String>) {
    if overpayment.is_zero() {
        return (overpayment, None);
    }
    let Some(deadline) = refund_claim_deadline(cx) else {
        return (overpayment, None);
    };
    let last = deadline.last_day;
    let Some(filed) = cx.a.filing.filed_on else {
        return (overpayment, None);
    };
    let paid = cx.p.late.prepaid_tax_deemed_paid.value;
    let ext = match (cx.a.filing.extension, cx.p.late.filing_postponed_to.value) {
        (true, _) => " plus the six months of the extension".to_owned(),
        (false, Some(to)) => format!(" plus the extension of everyone's due date to {}", to.0),
        (false, None) => String::new(),
    };
    let standing = deadline.standing(filed);
    if standing == DeadlineStanding::Past {
        let words = format!(
            "The return is filed on {filed}, after {last}, the last day to claim a refund for {}: the withholding, estimated payments and credits on it count as paid on {}-{:02}-{:02}, more than {} years{ext} before the claim, so the overpayment of {} can be neither refunded nor credited to next year",
            cx.year(),
            cx.year().saturating_add(1),
            paid.month,
            paid.day,
            cx.p.late.refund_lookback_years.value,
            fmt_money(overpayment)
        );
        cx.diag(
            Diagnostic::warning("refund-time-barred", format!("{words}. Any contribution chosen on lines {}-{} would then be owed as a balance due.", cx.id(Key::FundEndangeredWildlife), cx.id(Key::FundOther3)))
                .at("filing.filed_on")
                .cite("N.J.S.A. 54A:9-8 a, d, h"),
        );
        return (Decimal::ZERO, Some(words));
    }
    if let DeadlineStanding::Near { days_left: left } = standing {
        cx.diag(
            Diagnostic::warning(
                "refund-deadline-near",
                format!(
                    "The last day to claim this refund of {} is {last} ({left} days after the filing date you gave): a return filed after it gets no refund. A return mailed by then counts as filed on its postmark date",
                    fmt_money(overpayment)
                ),
            )
            .at("filing.filed_on")
            .cite("N.J.S.A. 54A:9-8 a, h; 54A:9-11 a, c"),
        );
    }
    (overpayment, None)
}

/// Lines 66-80: totals, tax due or overpayment, credit forward, contributions, balance due or refund.
pub fn lines_66_to_80(cx: &Ctx, s: &Sheet) -> Vec<Line> {
    let mut out = Vec::new();
    let l66 = line_66_total_payments(cx, s);
    let l54 = s.v(Key::TotalTaxDue);
    let tax_due = floor_zero(sat_sub(l54, l66.value));
    let overpayment = floor_zero(sat_sub(l66.value, l54));
    // What of the overpayment may still be refunded or credited (54A:9-8).
    let (refundable, barred) = refund_time_limit(cx, overpayment);
    let l67 = cx.line(
        Key::TaxDue,
        tax_due,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Line {} {} minus line {} {}, when positive",
                cx.id(Key::TotalTaxDue),
                fmt_money(l54),
                cx.id(Key::TotalPayments),
                fmt_money(l66.value)
            ),
            "",
        )
        .line("Total tax due", Key::TotalTaxDue, l54)
        .line("Total payments and credits", Key::TotalPayments, l66.value),
    );
    let l68 = cx.line(
        Key::Overpayment,
        overpayment,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Line {} {} minus line {} {}, when positive",
                cx.id(Key::TotalPayments),
                fmt_money(l66.value),
                cx.id(Key::TotalTaxDue),
                fmt_money(l54)
            ),
            "N.J.S.A. 54A:9-7",
        )
        .line("Total payments and credits", Key::TotalPayments, l66.value)
        .line("Total tax due", Key::TotalTaxDue, l54),
    );
    out.push(l66);
    out.push(l67);
    out.push(l68);

    // Line 69: credit to next year, at most the overpayment.
    let asked = cx.a.refund.credit_to_next_year;
    if asked.is_sign_negative() {
        cx.diag(
            Diagnostic::error(
                "negative-amount",
                "The amount credited to next year cannot be negative",
            )
            .at("refund.credit_to_next_year"),
        );
    }
    let mut credit = floor_zero(asked);
    if barred.is_some() {
        credit = credit.min(refundable);
    } else if credit > overpayment {
        cx.diag(
            Diagnostic::error(
                "credit-forward-exceeds-overpayment",
                format!("You asked to credit {} to next year, but the overpayment is {}; only the overpayment can be credited", fmt_money(credit), fmt_money(overpayment)),
            )
            .at("refund.credit_to_next_year")
            .cite("N.J.S.A. 54A:9-7"),
        );
        credit = overpayment;
    }
    out.push(
        cx.line(
            Key::CreditForward,
            credit,
            cx.explanation(
                crate::explain_format!(
                    cx,
                    "Amount of the overpayment credited to next year's tax: {}",
                    fmt_money(credit)
                ),
                "N.J.S.A. 54A:9-7",
            )
            .answer("Asked to credit", "refund.credit_to_next_year", asked)
            .line("Overpayment", Key::Overpayment, overpayment),
        ),
    );

    // Lines 70-77: contributions.
    let funds = &cx.p.funds.open_funds;
    let mut fixed = [Decimal::ZERO; 5];
    let mut others: Vec<(String, Decimal, usize)> = Vec::new();
    for (i, c) in cx.a.refund.contributions.iter().enumerate() {
        let path = format!("refund.contributions[{i}]");
        if c.amount.is_sign_negative() {
            cx.diag(
                Diagnostic::error("negative-amount", "A contribution cannot be negative")
                    .at(format!("{path}.amount")),
            );
            continue;
        }
        let Some(fund) = funds.value.iter().find(|f| f.id == c.fund) else {
            cx.diag(
                Diagnostic::error(
                    "unknown-fund",
                    format!(
                        "\"{}\" is not a fund open for contributions in {}",
                        c.fund,
                        cx.year()
                    ),
                )
                .at(format!("{path}.fund"))
                .cite(funds.citation.clone()),
            );
            continue;
        };
        match fund
            .line
            .and_then(|l| FIXED_FUND_LINES.iter().position(|k| *k == l))
        {
            Some(pos) => fixed[pos] = sat_sum([fixed[pos], c.amount]),
            None => match others.iter_mut().find(|(id, _, _)| *id == fund.id) {
                Some(o) => o.1 = sat_sum([o.1, c.amount]),
                None => others.push((fund.id.clone(), c.amount, i)),
            },
        }
    }
    for (pos, key) in FIXED_FUND_LINES.into_iter().enumerate() {
        let fund = funds.value.iter().find(|f| f.line == Some(key));
        let name = fund.map_or(key.as_str(), |f| f.name.as_str());
        let cite = fund.map_or_else(|| funds.citation.clone(), |f| f.citation.clone());
        out.push(cx.line(
            key,
            fixed[pos],
            cx.explanation(
                crate::explain_format!(cx, "Contribution to the {name}: {}", fmt_money(fixed[pos])),
                cite,
            ),
        ));
    }
    if others.len() > OTHER_FUND_LINES.len() {
        cx.diag(Diagnostic::error("too-many-funds", format!("The form has room for three other designated contributions (lines {}-{}); remove the extra ones", cx.id(Key::FundOther1), cx.id(Key::FundOther3))).at("refund.contributions"));
    }
    for (slot, key) in OTHER_FUND_LINES.into_iter().enumerate() {
        let (value, exp) = match others.get(slot) {
            Some((id, amount, i)) => {
                let fund = funds.value.iter().find(|f| &f.id == id);
                let name = fund.map_or(id.as_str(), |f| f.name.as_str());
                let code = fund
                    .and_then(|f| f.code.clone())
                    .unwrap_or_else(|| "unknown".to_owned());
                let cite = fund.map_or_else(|| funds.citation.clone(), |f| f.citation.clone());
                (
                    *amount,
                    cx.explanation(
                        crate::explain_format!(
                            cx,
                            "Contribution to the {name} (fund code {code}): {}",
                            fmt_money(*amount)
                        ),
                        cite,
                    )
                    .answer_text(
                        "Fund",
                        crate::explain_format!(cx, "refund.contributions[{i}].fund"),
                        id.clone(),
                    )
                    // The list's uncertainty note (codes follow 54A:9-25.14's enactment order and
                    // are unconfirmed) is raised only when a coded fund is actually used.
                    .param(funds),
                )
            }
            None => (
                Decimal::ZERO,
                cx.explanation("No other designated contribution", funds.citation.clone()),
            ),
        };
        out.push(cx.line(key, value, exp));
    }
    let contributions = sat_sum(
        fixed
            .iter()
            .copied()
            .chain(others.iter().take(3).map(|o| o.1)),
    );
    let adjustments = sat_sum([credit, contributions]);
    out.push(
        cx.line(
            Key::TotalAdjustments,
            adjustments,
            cx.explanation(
                crate::explain_format!(
                    cx,
                    "Lines {} through {}: credit forward {} + contributions {} = {}",
                    cx.id(Key::CreditForward),
                    cx.id(Key::FundOther3),
                    fmt_money(credit),
                    fmt_money(contributions),
                    fmt_money(adjustments)
                ),
                "",
            )
            .line("Credit to next year", Key::CreditForward, credit),
        ),
    );

    // Lines 79/80: contributions are paid from the overpayment, or added to the tax due.
    let net = sat_sub(refundable, sat_sum([tax_due, adjustments]));
    let refund = floor_zero(net);
    let balance = floor_zero(-net);
    out.push(
        cx.line(
            Key::BalanceDue,
            balance,
            cx.explanation(
                crate::explain_format!(
                    cx,
                    "Tax due {} plus adjustments {} less any overpayment {} = {}",
                    fmt_money(tax_due),
                    fmt_money(adjustments),
                    fmt_money(overpayment),
                    fmt_money(balance)
                ),
                "",
            )
            .line("Tax due", Key::TaxDue, tax_due)
            .line("Total adjustments", Key::TotalAdjustments, adjustments)
            .line("Overpayment", Key::Overpayment, overpayment),
        ),
    );
    let refund_exp = match &barred {
        Some(why) => cx.explanation(
            crate::explain_format!(cx,
                "No refund: {why} (54A:9-8 d); overpayment {} allowed {} minus adjustments {} = {}",
                fmt_money(overpayment),
                fmt_money(refundable),
                fmt_money(adjustments),
                fmt_money(refund)
            ),
            "N.J.S.A. 54A:9-7, 9-8 a, d, h",
        )
        .answer_text(
            "Date the return is filed",
            "filing.filed_on",
            cx.a.filing
                .filed_on
                .map(|d| d.to_string())
                .unwrap_or_default(),
        ),
        None => cx.explanation(
            crate::explain_format!(cx,
                "Overpayment {} minus adjustments {} = {}",
                fmt_money(overpayment),
                fmt_money(adjustments),
                fmt_money(refund)
            ),
            "N.J.S.A. 54A:9-7",
        ),
    }
    .line("Overpayment", Key::Overpayment, overpayment)
    .line("Total adjustments", Key::TotalAdjustments, adjustments);
    out.push(cx.line(Key::Refund, refund, refund_exp));
    if cx.a.refund.gubernatorial_fund_spouse && !cx.a.filing_status.is_joint() {
        cx.diag(
            Diagnostic::warning(
                "gubernatorial-spouse",
                "The spouse's Gubernatorial Elections Fund choice applies only to a joint return",
            )
            .at("refund.gubernatorial_fund_spouse")
            .cite("N.J.S.A. 54A:9-25.1"),
        );
    }
    out
}
