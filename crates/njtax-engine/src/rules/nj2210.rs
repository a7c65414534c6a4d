//! Form NJ-2210: underpayment of estimated tax and the interest on NJ-1040 line 52
//! (N.J.S.A. 54A:8-4, 8-5, 9-6 c, d).
//!
//! Line 1 is the return's tax after credits (line 50), line 2 the withholding and refundable
//! credits on the return, line 3 = 1 - 2. When line 3 is more than $400 (8-4 a), the required
//! annual payment is the lesser of 80% of line 1 (two-thirds for a farmer, 8-4 e) and 100% of last
//! year's tax (9-6 c(2): the 110% of 9-6 d(3) replaces 100% only in the exception of subsection d,
//! not here), paid in four equal installments (one, due in January, for a farmer).
//! Payments are credited to the installment whose due date they meet; a later payment first pays
//! the oldest shortfall and stops its interest. Interest runs on each shortfall for each month or
//! part of a month at the rate of the period the month starts in, to the earlier of payment and the
//! 15th day of the fourth month after the year (9-6 c). The exceptions of 9-6 d remove the interest
//! on an installment when the payments made by its due date reach the lesser of (1) the least of
//! (A) last year's tax (110% when last year's taxable gross income exceeded $150,000, $75,000
//! married filing separately, d(3)) and (C) the tax on annualized income, and (2) 90% of the tax on the actual
//! income so far.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::{Date, FilingStatus};
use crate::explain::{Diagnostic, Explanation, Line};
use crate::key::Key;
pub use crate::law::estimated::{
    EstimatedParams, EstimatedParamsFile, Fraction, InstallmentDates, MonthDay, RatePeriod,
    year_date_problems,
};
use crate::money::{
    floor_zero, fmt_money, fmt_rate, mul_div, round_cents, sat_add, sat_mul, sat_sub, sat_sum,
    times_rate,
};
use crate::residency::ReturnKind;
use crate::schedule::Schedule;
use crate::sheet::{Ctx, Sheet};

/// Citation of the NJ-2210 (diagnostics, the schedule's columns).
pub const CITATION: &str = "N.J.S.A. 54A:9-6 c, d; Form NJ-2210";

/// Citation of line 52 (which adds [`Schedule::Nj2210`] when the form is worked out).
const LINE_CITATION: &str = "N.J.S.A. 54A:9-6 c, d";

/// One installment column (A-D) of the NJ-2210.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Nj2210Column {
    /// Installment due date.
    pub due: Option<Date>,
    /// Required installment.
    pub required: Decimal,
    /// Estimated payments and withholding credited to this installment (with any overpayment
    /// carried from the column before).
    pub paid: Decimal,
    /// Underpayment of this installment (0 when paid in full or an exception applies).
    pub underpayment: Decimal,
    /// Interest on this installment's underpayment.
    pub interest: Decimal,
    /// How the column was worked out.
    pub explanation: Explanation,
    /// The exception of 54A:9-6 d that removed this installment's interest, in words.
    pub exception: Option<String>,
}

/// The NJ-2210 of a return.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Nj2210Schedule {
    /// Line 1: the year's tax (line 50, less the non-refundable credits claimed on the business
    /// credits schedule).
    pub tax: Decimal,
    /// Line 2: withholding and refundable credits (those claimed on the business credits schedule
    /// included).
    pub withholding_and_credits: Decimal,
    /// The business credits schedule's credits counted on lines 1 and 2.
    pub separate_credits: SeparateCredits,
    /// Line 3: line 1 less line 2.
    pub net_tax: Decimal,
    /// The required annual payment (the lesser of 80% of this year's tax and last year's tax).
    pub required_annual: Decimal,
    /// The four (or fewer) installment columns.
    pub columns: Vec<Nj2210Column>,
    /// The total interest (line 52).
    pub interest: Decimal,
    /// Plain notes (why no interest is due, which exception applied, what is uncertain).
    pub notes: Vec<String>,
    /// The filer is a farmer (farming income at least two-thirds of total income, 54A:8-4 e): one
    /// installment due in January, two-thirds of the tax.
    pub farmer: bool,
}

/// The credits claimed on the business credits schedule without a line on the form (the
/// impaired-employee credit and the others), which the NJ-2210 counts too: "estimated tax" is the
/// tax "less ... the sum of any credits allowable against the tax" (54A:8-4 b), and P.L.2019,
/// c.32, s.6 e lets an employer use the impaired-employee credit "when determining the employer's
/// estimated tax for the purpose of making installment payments".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SeparateCredits {
    /// Non-refundable credits applied after line 48 (they lower line 1, as lines 46-48 do).
    pub nonrefundable: Decimal,
    /// Refundable credits without a line (counted on line 2 with the refundable credits there).
    pub refundable: Decimal,
}

/// NJ-1040 (and NJ-1040NR) lines that make NJ-2210 line 2: withholding and the refundable credits
/// (lines 55, 56, 58-65; on the NJ-1040NR the partnership payments credited, 54A:9-6 d).
/// NJ-2210 line 2: the lines of line 66 except the estimated payments (line 57), which are
/// counted by date.
fn line_2_keys(cx: &Ctx) -> impl Iterator<Item = &'static (Key, &'static str)> + use<> {
    crate::rules::refund::payment_lines(cx).filter(|(k, _)| *k != Key::EstimatedPayments)
}

/// Months of the year ending before each installment's month (54A:9-6 d(1)(C), d(2)): April,
/// June, September, and the January installment (the whole year).
const MONTHS_BEFORE: [u32; 4] = [3, 5, 8, 12];
const MONTHS_IN_YEAR: u32 = 12;
const COLUMN_NAMES: [&str; 4] = ["A", "B", "C", "D"];

/// Something credited toward the installments on a date.
#[derive(Clone, Debug)]
struct Credit {
    date: Date,
    amount: Decimal,
}

/// Where one column's underpayment ended: an amount and the day its interest stopped.
#[derive(Clone, Debug)]
struct Piece {
    amount: Decimal,
    until: Date,
    paid: bool,
}

/// Line 52: interest on the underpayment of estimated tax (NJ-2210), from line 50 (`line_50`,
/// computed just before) and the withholding and refundable credit lines already on the sheet.
/// An entered `estimated_tax.interest_override` wins, with a warning. The nonresident-period
/// return of a part-year resident carries no payments: no NJ-2210 there (an info note).
/// N.J.S.A. 54A:8-4, 8-5, 9-6 c, d.
pub fn line_52_nj2210(
    cx: &Ctx,
    s: &Sheet,
    line_50: Decimal,
    separate: SeparateCredits,
) -> (Line, Option<Nj2210Schedule>) {
    if cx.scope.kind == ReturnKind::PartYearNonresident {
        if !cx.a.payments.estimated.is_empty() || cx.a.estimated_tax.interest_override.is_some() {
            cx.diag(
                Diagnostic::info(
                    "nj2210-not-on-nonresident-period",
                    format!("The NJ-2210 (the interest on NJ-1040 line {}) is worked out on the resident-period NJ-1040, which carries the estimated payments; the nonresident-period NJ-1040NR shows no interest.", cx.nj1040_id(Key::EstimatedTaxInterest)),
                )
                .cite(CITATION),
            );
        }
        let line = cx.line(
            Key::EstimatedTaxInterest,
            Decimal::ZERO,
            cx.explanation(
                "No NJ-2210 on the nonresident-period return of a part-year resident: the estimated payments and any interest are on the resident-period NJ-1040.",
                LINE_CITATION,
            ),
        );
        return (line, None);
    }
    let schedule = nj2210_schedule(cx, s, line_50, separate);
    let line = match cx.a.estimated_tax.interest_override {
        Some(entered) => {
            let v = cx.non_negative(
                "estimated_tax.interest_override",
                "Interest on underpayment of estimated tax",
                entered,
                CITATION,
            );
            cx.diag(
                Diagnostic::warning(
                    "estimated-interest-override",
                    format!(
                        "Line {} is taken as entered ({}) instead of the interest the NJ-2210 works out ({}); check the entered amount.",
                        cx.id(Key::EstimatedTaxInterest),
                        fmt_money(v),
                        fmt_money(schedule.interest)
                    ),
                )
                .at("estimated_tax.interest_override")
                .cite(CITATION),
            );
            cx.line(
                Key::EstimatedTaxInterest,
                v,
                cx.explanation(
                    crate::explain_format!(
                        cx,
                        "As entered: {} (the NJ-2210 works out {}; the entered amount is used)",
                        fmt_money(v),
                        fmt_money(schedule.interest)
                    ),
                    LINE_CITATION,
                )
                .schedule(Schedule::Nj2210)
                .answer(
                    "Interest entered",
                    "estimated_tax.interest_override",
                    entered,
                )
                .worksheet(
                    "NJ-2210 interest",
                    "nj2210.interest",
                    schedule.interest,
                ),
            )
        }
        None => cx.line(
            Key::EstimatedTaxInterest,
            schedule.interest,
            line_52_explanation(cx, s, &schedule),
        ),
    };
    (line, Some(schedule))
}

fn line_52_explanation(cx: &Ctx, s: &Sheet, sch: &Nj2210Schedule) -> Explanation {
    let e = &cx.p.estimated;
    let mut rule = crate::explain_format!(
        cx,
        "NJ-2210: line 1 tax {} - line 2 withholding and refundable credits {} = line 3 {}",
        fmt_money(sch.tax),
        fmt_money(sch.withholding_and_credits),
        fmt_money(sch.net_tax)
    );
    if sch.columns.is_empty() {
        rule.push_str(&crate::explain_format!(cx, "; {}", sch.notes.join("; ")));
    } else {
        rule.push_str(&crate::explain_format!(
            cx,
            "; required annual payment {}; interest {} = {}",
            fmt_money(sch.required_annual),
            sch.columns
                .iter()
                .enumerate()
                .map(|(i, c)| format!(
                    "column {} {}",
                    COLUMN_NAMES.get(i).copied().unwrap_or("?"),
                    fmt_money(c.interest)
                ))
                .collect::<Vec<_>>()
                .join(" + "),
            fmt_money(sch.interest)
        ));
        if !sch.notes.is_empty() {
            rule.push_str(&crate::explain_format!(cx, ". {}", sch.notes.join(" ")));
        }
    }
    let sep = sch.separate_credits;
    let mut exp = cx
        .explanation(rule, LINE_CITATION)
        .schedule(Schedule::Nj2210)
        .line(
            "NJ-2210 line 1: balance of tax after credits",
            Key::BalanceAfterCredits,
            sat_add(sch.tax, sep.nonrefundable),
        );
    if !sep.nonrefundable.is_zero() {
        exp = exp.worksheet(
            "NJ-2210 line 1: less the non-refundable credits on the business credits schedule",
            "business_credits.separate_nonrefundable",
            sep.nonrefundable,
        );
    }
    if !sep.refundable.is_zero() {
        exp = exp.worksheet(
            "NJ-2210 line 2: the refundable credits on the business credits schedule",
            "business_credits.separate_refundable",
            sep.refundable,
        );
    }
    for &(k, name) in line_2_keys(cx) {
        if s.get(k).is_some() && !s.v(k).is_zero() {
            exp = exp.line(
                crate::explain_format!(cx, "NJ-2210 line 2: {name}"),
                k,
                s.v(k),
            );
        }
    }
    exp = exp.param(&e.declaration_threshold);
    if sch.columns.is_empty() {
        return exp;
    }
    for (i, c) in sch.columns.iter().enumerate() {
        let col = COLUMN_NAMES.get(i).copied().unwrap_or("?");
        exp = exp.worksheet(
            crate::explain_format!(
                cx,
                "Column {col} (due {}): {}",
                c.due.map_or_else(String::new, |d| d.to_string()),
                c.explanation.rule
            ),
            crate::explain_format!(cx, "nj2210.columns[{i}].interest"),
            c.interest,
        );
    }
    let est = &cx.a.estimated_tax;
    if let Some(t) = est.prior_year_tax {
        exp = exp.answer("Last year's tax", "estimated_tax.prior_year_tax", t);
    }
    if let Some(t) = est.prior_year_taxable_income {
        exp = exp.answer(
            "Last year's taxable gross income",
            "estimated_tax.prior_year_taxable_income",
            t,
        );
    }
    for (i, p) in cx.a.payments.estimated.iter().enumerate() {
        exp = exp.answer(
            crate::explain_format!(
                cx,
                "Estimated payment ({})",
                p.date
                    .map_or_else(|| "undated".to_owned(), |d| d.to_string())
            ),
            crate::explain_format!(cx, "payments.estimated[{i}].amount"),
            p.amount,
        );
    }
    if !cx.a.payments.prior_year_overpayment.is_zero() {
        exp = exp.answer(
            "Last year's overpayment credited",
            "payments.prior_year_overpayment",
            cx.a.payments.prior_year_overpayment,
        );
    }
    // The due dates and the interest figures decide the value only when some installment fell
    // short (their uncertainty notes are raised only then).
    if sch
        .columns
        .iter()
        .any(|c| !c.interest.is_zero() || c.exception.is_some())
    {
        exp = exp.param(&e.installment_dates).param(&e.interest_stop);
    }
    exp = if sch.farmer {
        exp.param(&e.farmer_share).param(&e.farmer_income_share)
    } else {
        exp.param(&e.required_share)
    };
    if est.prior_year_tax.is_some() {
        exp = exp
            .param(&e.prior_year_share)
            .param(&e.prior_year_high_income_share)
            .param(&e.high_income_limit);
        if cx.a.filing_status == FilingStatus::MarriedSeparate {
            exp = exp.param(&e.high_income_limit_separate);
        }
    }
    if est.use_annualized_income {
        exp = exp.param(&e.actual_income_share);
    }
    if sch.columns.iter().any(|c| !c.interest.is_zero()) {
        exp = exp.param(&e.interest_rates);
    }
    exp
}

/// Whether the filer is a farmer for estimated tax: income from farming (the farming businesses'
/// net profit) at least two-thirds of total income (line 27) (54A:8-4 e). Returns the farming
/// income too.
pub fn is_farmer(cx: &Ctx, s: &Sheet) -> (bool, Decimal) {
    let farming = sat_sum(
        cx.a.income
            .businesses
            .iter()
            .filter(|b| b.farming && cx.a.counts(b.owner))
            .map(|b| b.net_profit),
    );
    let total = s.v(Key::TotalIncome);
    let share = cx.p.estimated.farmer_income_share.value;
    // farming / total >= numerator / denominator, without dividing.
    let farmer = farming > Decimal::ZERO
        && sat_mul(farming, share.denominator) >= sat_mul(total, share.numerator);
    (farmer, farming)
}

/// Last year's tax in the two places 54A:9-6 uses it, with the words: `required` is 100% of it,
/// the measure of the underpayment (9-6 c(2), which d(3) does not touch); `exception` is the
/// share of d(1)(A) (110% when last year's taxable gross income was over the limit, d(3)).
/// `None` when last year's tax is not entered.
struct PriorYear {
    required: (Decimal, String),
    exception: (Decimal, String),
}

fn prior_year_safe_harbour(cx: &Ctx) -> Option<PriorYear> {
    let e = &cx.p.estimated;
    let est = &cx.a.estimated_tax;
    let tax = cx.non_negative(
        "estimated_tax.prior_year_tax",
        "Last year's tax",
        est.prior_year_tax?,
        "N.J.S.A. 54A:9-6 c(2)",
    );
    let separate = cx.a.filing_status == FilingStatus::MarriedSeparate;
    let limit = if separate {
        e.high_income_limit_separate.value
    } else {
        e.high_income_limit.value
    };
    let income = est.prior_year_taxable_income.unwrap_or_default();
    let high = income > limit;
    let base_share = e.prior_year_share.value;
    let base = times_rate(tax, base_share);
    let base_words = crate::explain_format!(
        cx,
        "last year's tax {} x {} = {}",
        fmt_money(tax),
        fmt_rate(base_share),
        fmt_money(base)
    );
    let required_words = if high {
        crate::explain_format!(
            cx,
            "{base_words} (54A:9-6 c(2); the {} of 9-6 d(3) changes only the exception of subsection d)",
            fmt_rate(e.prior_year_high_income_share.value)
        )
    } else {
        base_words.clone()
    };
    let exception = if high {
        let share = e.prior_year_high_income_share.value;
        let amount = times_rate(tax, share);
        (
            amount,
            crate::explain_format!(
                cx,
                "last year's tax {} x {} (last year's taxable gross income {} is over {}{}, 54A:9-6 d(3)) = {}",
                fmt_money(tax),
                fmt_rate(share),
                fmt_money(income),
                fmt_money(limit),
                if separate {
                    ", married filing separately"
                } else {
                    ""
                },
                fmt_money(amount)
            ),
        )
    } else {
        (base, base_words)
    };
    Some(PriorYear {
        required: (base, required_words),
        exception,
    })
}

/// `value` split into `n` parts to the cent, the last taking the remainder.
fn split_evenly(value: Decimal, n: usize) -> Vec<Decimal> {
    let n = n.max(1);
    let part = mul_div(value, Decimal::ONE, Decimal::from(n as u64));
    let mut out = vec![part; n];
    let rest = sat_sub(
        value,
        sat_mul(part, Decimal::from(n.saturating_sub(1) as u64)),
    );
    if let Some(last) = out.last_mut() {
        *last = rest;
    }
    out
}

/// `d` moved `k` months later, the day kept (or the month's last day).
fn add_months(d: Date, k: u32) -> Date {
    let total = u32::from(d.year) * MONTHS_IN_YEAR + u32::from(d.month) - 1 + k;
    let Ok(year) = u16::try_from(total / MONTHS_IN_YEAR) else {
        return d;
    };
    let month = u8::try_from(total % MONTHS_IN_YEAR + 1).unwrap_or(1);
    (1..=d.day)
        .rev()
        .find_map(|day| Date::new(year, month, day))
        .unwrap_or(d)
}

/// Months or parts of a month from `start` to `end`, counted from `start`'s day of the month
/// (April 15 to June 15 = 2; to June 16 = 3) (54A:9-6 c "for the period of the underpayment").
pub fn months_or_part(start: Date, end: Date) -> u32 {
    if end <= start {
        return 0;
    }
    let index = |d: Date| u32::from(d.year) * MONTHS_IN_YEAR + u32::from(d.month);
    let whole = index(end).saturating_sub(index(start));
    if end.day > start.day {
        whole + 1
    } else {
        whole.max(1)
    }
}

/// The annual rate in force on `d`: the last period starting on or before it.
fn rate_on(periods: &[RatePeriod], d: Date) -> Decimal {
    periods
        .iter()
        .filter(|p| p.from <= d)
        .max_by_key(|p| p.from)
        .or_else(|| periods.iter().min_by_key(|p| p.from))
        .map_or(Decimal::ZERO, |p| p.rate)
}

/// Interest on `amount` from `due` to `until` (unrounded), and the months by rate in words.
fn interest_for(
    periods: &[RatePeriod],
    amount: Decimal,
    due: Date,
    until: Date,
) -> (Decimal, u32, String) {
    let months = months_or_part(due, until);
    let mut sum_rates = Decimal::ZERO;
    let mut by_rate: Vec<(Decimal, u32)> = Vec::new();
    for k in 0..months {
        let r = rate_on(periods, add_months(due, k));
        sum_rates = sat_add(sum_rates, r);
        match by_rate.iter_mut().find(|(rate, _)| *rate == r) {
            Some(entry) => entry.1 += 1,
            None => by_rate.push((r, 1)),
        }
    }
    let interest = sat_mul(amount, sum_rates) / Decimal::from(MONTHS_IN_YEAR);
    let words = by_rate
        .iter()
        .map(|(r, n)| format!("{n} at {}", fmt_rate(*r)))
        .collect::<Vec<_>>()
        .join(", ");
    (interest, months, words)
}

/// Pay the oldest shortfalls first with `amount` paid on `date` (already capped at the day
/// interest stops); returns what is left.
fn pay_pending(
    amount: Decimal,
    date: Date,
    pending: &mut Vec<(usize, Decimal)>,
    pieces: &mut [Vec<Piece>],
) -> Decimal {
    let mut left = amount;
    while left > Decimal::ZERO {
        let Some(first) = pending.first_mut() else {
            break;
        };
        let take = left.min(first.1);
        if let Some(col) = pieces.get_mut(first.0) {
            col.push(Piece {
                amount: take,
                until: date,
                paid: true,
            });
        }
        first.1 = sat_sub(first.1, take);
        left = sat_sub(left, take);
        if first.1.is_zero() {
            pending.remove(0);
        }
    }
    left
}

/// The NJ-2210 worked out (lines 1-3, the columns, the interest), without the override.
pub fn nj2210_schedule(
    cx: &Ctx,
    s: &Sheet,
    line_50: Decimal,
    separate: SeparateCredits,
) -> Nj2210Schedule {
    let e = &cx.p.estimated;
    let separate = SeparateCredits {
        nonrefundable: floor_zero(separate.nonrefundable),
        refundable: floor_zero(separate.refundable),
    };
    let tax = floor_zero(sat_sub(line_50, separate.nonrefundable));
    let line_2 = floor_zero(sat_sum(
        line_2_keys(cx)
            .map(|(k, _)| s.v(*k))
            .chain([separate.refundable]),
    ));
    let net = floor_zero(sat_sub(tax, line_2));
    let mut sch = Nj2210Schedule {
        tax,
        withholding_and_credits: line_2,
        net_tax: net,
        separate_credits: separate,
        ..Nj2210Schedule::default()
    };
    if !separate.nonrefundable.is_zero() || !separate.refundable.is_zero() {
        sch.notes.push(crate::explain_format!(cx,
            "The credits claimed on the business credits schedule count against estimated tax (54A:8-4 b; P.L.2019, c.32, s.6 e for the impaired-employee credit): line 1 is {} line {} {} less the non-refundable ones {} = {}, and line 2 includes the refundable ones {}",
            cx.form(),
            cx.id(Key::BalanceAfterCredits),
            fmt_money(floor_zero(line_50)),
            fmt_money(separate.nonrefundable),
            fmt_money(tax),
            fmt_money(separate.refundable)
        ));
    }
    let threshold = e.declaration_threshold.value;
    if net <= threshold {
        sch.notes.push(crate::explain_format!(cx,
            "NJ-2210 line 3 {} is not more than {}: no declaration of estimated tax was required and no interest is due (54A:8-4 a)",
            fmt_money(net),
            fmt_money(threshold)
        ));
        return sch;
    }

    // The required annual payment (54A:9-6 c).
    let (farmer, farming) = is_farmer(cx, s);
    sch.farmer = farmer;
    let (current, current_words) = if farmer {
        let f = e.farmer_share.value;
        let v = mul_div(tax, f.numerator, f.denominator);
        (
            v,
            crate::explain_format!(
                cx,
                "{} of line 1 {} (a farmer: farming income {} is at least {} of total income {}, 54A:8-4 e) = {}",
                crate::explain::ShowValue::show(&f),
                fmt_money(tax),
                fmt_money(farming),
                crate::explain::ShowValue::show(&e.farmer_income_share.value),
                fmt_money(s.v(Key::TotalIncome)),
                fmt_money(v)
            ),
        )
    } else {
        let v = times_rate(tax, e.required_share.value);
        (
            v,
            crate::explain_format!(
                cx,
                "{} of line 1 {} = {}",
                fmt_rate(e.required_share.value),
                fmt_money(tax),
                fmt_money(v)
            ),
        )
    };
    let prior = prior_year_safe_harbour(cx);
    let required = match &prior {
        Some(p) => current.min(p.required.0),
        None => current,
    };
    sch.required_annual = required;
    sch.notes.push(match &prior {
        Some(PriorYear {
            required: (_, words),
            ..
        }) => crate::explain_format!(cx,
            "Required annual payment: the lesser of {current_words} and {words} = {}.",
            fmt_money(required)
        ),
        None => crate::explain_format!(cx,
            "Required annual payment: {current_words} (last year's tax not entered, so the prior-year safe harbour is not available)."
        ),
    });

    // The installments and their dates (54A:8-5 a(1); a farmer: one, in January, 8-5 b).
    let all_dates = e.installment_dates.value.all();
    let (dates, months_before): (Vec<Date>, Vec<u32>) = if farmer {
        (
            vec![e.installment_dates.value.january],
            vec![MONTHS_IN_YEAR],
        )
    } else {
        (all_dates.to_vec(), MONTHS_BEFORE.to_vec())
    };
    let first_due = dates
        .first()
        .copied()
        .unwrap_or(e.installment_dates.value.january);
    let n = dates.len();
    let mut installments = split_evenly(required, n);
    // "No underpayment shall be deemed to exist with respect to a declaration or installment
    // otherwise due on or after the taxpayer's death" (54A:9-6 c).
    if let Some(death) = cx.a.taxpayer.date_of_death {
        for (k, due) in dates.iter().enumerate() {
            if *due >= death
                && let Some(i) = installments.get_mut(k)
                && !i.is_zero()
            {
                *i = Decimal::ZERO;
                sch.notes.push(crate::explain_format!(cx,
                    "The installment due {due} is on or after the taxpayer's death ({death}): no underpayment is deemed to exist for it (54A:9-6 c)."
                ));
            }
        }
    }
    let Some(stop) = Date::new(
        cx.year().saturating_add(1),
        e.interest_stop.value.month,
        e.interest_stop.value.day,
    ) else {
        return sch;
    };

    // What is credited, and when (decision 3).
    let mut credits: Vec<Credit> = Vec::new();
    let timing = &cx.a.estimated_tax.withholding_timing;
    if timing.actual {
        let withheld = s.v(Key::Withholding);
        let actual = [
            timing.by_april,
            timing.by_june,
            timing.by_september,
            timing.by_january,
        ];
        let actual: Vec<Decimal> = actual
            .iter()
            .map(|v| {
                cx.non_negative(
                    "estimated_tax.withholding_timing",
                    "Withholding by period",
                    *v,
                    CITATION,
                )
            })
            .collect();
        let total_actual = sat_sum(actual.iter().copied());
        if total_actual != withheld {
            cx.diag(
                Diagnostic::warning(
                    "withholding-timing-total",
                    format!(
                        "The withholding by period adds up to {}, but line {} is {}; the NJ-2210 uses the amounts by period.",
                        fmt_money(total_actual),
                        cx.id(Key::Withholding),
                        fmt_money(withheld)
                    ),
                )
                .at("estimated_tax.withholding_timing")
                .cite(CITATION),
            );
        }
        for (i, v) in actual.iter().enumerate() {
            let date = if farmer {
                first_due
            } else {
                all_dates.get(i).copied().unwrap_or(first_due)
            };
            credits.push(Credit { date, amount: *v });
        }
        let others = floor_zero(sat_sub(line_2, withheld));
        for (date, part) in dates.iter().zip(split_evenly(others, n)) {
            credits.push(Credit {
                date: *date,
                amount: part,
            });
        }
    } else {
        for (date, part) in dates.iter().zip(split_evenly(line_2, n)) {
            credits.push(Credit {
                date: *date,
                amount: part,
            });
        }
    }
    let overpayment = cx.non_negative(
        "payments.prior_year_overpayment",
        "Last year's overpayment credited",
        cx.a.payments.prior_year_overpayment,
        "N.J.S.A. 54A:9-7",
    );
    if !overpayment.is_zero() {
        credits.push(Credit {
            date: first_due,
            amount: overpayment,
        });
    }
    let mut undated = Decimal::ZERO;
    for (i, p) in cx.a.payments.estimated.iter().enumerate() {
        let amount = cx.non_negative(
            format!("payments.estimated[{i}].amount"),
            "An estimated payment",
            p.amount,
            "N.J.S.A. 54A:8-5",
        );
        match p.date {
            Some(date) => credits.push(Credit { date, amount }),
            None => undated = sat_add(undated, amount),
        }
    }
    if !undated.is_zero() {
        cx.diag(
            Diagnostic::warning(
                "estimated-payment-undated",
                format!(
                    "Estimated payments of {} have no date; the NJ-2210 takes them as paid in equal parts on the installment due dates. Enter the dates for an exact line {}.",
                    fmt_money(undated),
                    cx.id(Key::EstimatedTaxInterest)
                ),
            )
            .at("payments.estimated")
            .cite(CITATION),
        );
        sch.notes.push(crate::explain_format!(
            cx,
            "Undated estimated payments {} are taken as paid in equal parts on the due dates.",
            fmt_money(undated)
        ));
        for (date, part) in dates.iter().zip(split_evenly(undated, n)) {
            credits.push(Credit {
                date: *date,
                amount: part,
            });
        }
    }
    if !cx.a.payments.extension_payment.is_zero() {
        sch.notes.push(
            "The extension payment is made with the NJ-630 by the return's due date, after the interest stops: it does not reduce the interest.".to_owned(),
        );
    }
    credits.sort_by_key(|c| c.date);

    // Credit the payments to the columns (decision 3).
    let mut pending: Vec<(usize, Decimal)> = Vec::new();
    let mut pieces: Vec<Vec<Piece>> = vec![Vec::new(); n];
    let mut paid_to: Vec<Decimal> = Vec::with_capacity(n);
    let mut shortfall: Vec<Decimal> = Vec::with_capacity(n);
    let mut carry = Decimal::ZERO;
    let mut next = 0usize;
    for (k, &due) in dates.iter().enumerate() {
        let mut pool = Decimal::ZERO;
        while let Some(c) = credits.get(next) {
            if c.date > due {
                break;
            }
            let left = pay_pending(c.amount, c.date.min(stop), &mut pending, &mut pieces);
            pool = sat_add(pool, left);
            next += 1;
        }
        let paid = sat_add(carry, pool);
        let req = installments.get(k).copied().unwrap_or_default();
        let short = floor_zero(sat_sub(req, paid));
        carry = floor_zero(sat_sub(paid, req));
        paid_to.push(paid);
        shortfall.push(short);
        if short > Decimal::ZERO {
            pending.push((k, short));
        }
    }
    while let Some(c) = credits.get(next) {
        if pending.is_empty() || c.date >= stop {
            break;
        }
        pay_pending(c.amount, c.date.min(stop), &mut pending, &mut pieces);
        next += 1;
    }
    for (k, left) in pending {
        if let Some(col) = pieces.get_mut(k) {
            col.push(Piece {
                amount: left,
                until: stop,
                paid: false,
            });
        }
    }

    // The exceptions of 54A:9-6 d, per installment (decision 5).
    let est = &cx.a.estimated_tax;
    let income = [
        est.income_by_period.through_march,
        est.income_by_period.through_may,
        est.income_by_period.through_august,
        est.income_by_period.through_december,
    ];
    let exemptions = s.v(Key::Exemptions);
    let periods = &e.interest_rates.value;
    let mut total = Decimal::ZERO;
    for (k, &due) in dates.iter().enumerate() {
        let short = shortfall.get(k).copied().unwrap_or_default();
        let fraction =
            |v: Decimal| mul_div(v, Decimal::from((k + 1) as u64), Decimal::from(n as u64));
        let paid_by = sat_sum(credits.iter().filter(|c| c.date <= due).map(|c| c.amount));
        let mut tests: Vec<(Decimal, String)> = Vec::new();
        let mut one: Option<(Decimal, String)> = None;
        if let Some(PriorYear {
            exception: (p, words),
            ..
        }) = &prior
        {
            let v = fraction(*p);
            one = Some((
                v,
                crate::explain_format!(cx, "(A) {}/{n} of {words}: {}", k + 1, fmt_money(v)),
            ));
        }
        if est.use_annualized_income {
            let months = months_before.get(k).copied().unwrap_or(MONTHS_IN_YEAR);
            let idx = if farmer {
                income.len().saturating_sub(1)
            } else {
                k
            };
            let so_far = cx.non_negative(
                "estimated_tax.income_by_period",
                "Income by period",
                income.get(idx).copied().unwrap_or_default(),
                "N.J.S.A. 54A:9-6 d",
            );
            let annualized = mul_div(so_far, Decimal::from(MONTHS_IN_YEAR), Decimal::from(months));
            let base = floor_zero(sat_sub(annualized, exemptions));
            let annual_tax =
                crate::rules::tax::rate_schedule_tax(&cx.p.tax, cx.a.filing_status, base);
            let share_tax = if farmer {
                let f = e.farmer_share.value;
                mul_div(annual_tax, f.numerator, f.denominator)
            } else {
                times_rate(annual_tax, e.required_share.value)
            };
            let c_amount = fraction(share_tax);
            let c_words = crate::explain_format!(
                cx,
                "(C) {}/{n} of {} of the tax {} on the income through {months} months {} annualized ({} x 12 / {months} = {}) less exemptions {} = {}",
                k + 1,
                if farmer {
                    crate::explain::ShowValue::show(&e.farmer_share.value)
                } else {
                    fmt_rate(e.required_share.value)
                },
                fmt_money(annual_tax),
                fmt_money(so_far),
                fmt_money(so_far),
                fmt_money(annualized),
                fmt_money(exemptions),
                fmt_money(c_amount)
            );
            one = match one {
                Some((a, aw)) if a <= c_amount => Some((a, aw)),
                _ => Some((c_amount, c_words)),
            };
            let actual_tax =
                crate::rules::tax::rate_schedule_tax(&cx.p.tax, cx.a.filing_status, so_far);
            let two = times_rate(actual_tax, e.actual_income_share.value);
            tests.push((
                two,
                crate::explain_format!(
                    cx,
                    "(2) {} of the tax {} on the actual income through {months} months {} = {}",
                    fmt_rate(e.actual_income_share.value),
                    fmt_money(actual_tax),
                    fmt_money(so_far),
                    fmt_money(two)
                ),
            ));
        }
        if let Some(o) = one {
            tests.push(o);
        }
        let exception = tests
            .iter()
            .min_by_key(|(v, _)| *v)
            .filter(|(v, _)| paid_by >= *v && short > Decimal::ZERO)
            .map(|(v, w)| {
                crate::explain_format!(
                    cx,
                    "exception (54A:9-6 d): payments by {due} {} reach {} ({w})",
                    fmt_money(paid_by),
                    fmt_money(*v)
                )
            });
        let mut column_interest = Decimal::ZERO;
        let mut piece_words: Vec<String> = Vec::new();
        if exception.is_none() {
            for p in pieces.get(k).map_or(&[][..], Vec::as_slice) {
                let (i, months, by_rate) = interest_for(periods, p.amount, due, p.until);
                column_interest = sat_add(column_interest, i);
                piece_words.push(crate::explain_format!(
                    cx,
                    "{} {} {}: {months} month(s) or part from {due} ({by_rate}) x 1/12 = {}",
                    fmt_money(p.amount),
                    if p.paid {
                        "paid late on"
                    } else {
                        "unpaid through"
                    },
                    p.until,
                    fmt_money(round_cents(i))
                ));
            }
        }
        let column_interest = round_cents(column_interest);
        total = sat_add(total, column_interest);
        let underpayment = if exception.is_some() {
            Decimal::ZERO
        } else {
            short
        };
        let rule = crate::explain_format!(
            cx,
            "required installment {}; paid by {due} (with any amount carried) {}; underpayment {}{}{}; interest {}",
            fmt_money(installments.get(k).copied().unwrap_or_default()),
            fmt_money(paid_to.get(k).copied().unwrap_or_default()),
            fmt_money(short),
            match &exception {
                Some(w) => format!("; no interest: {w}"),
                None => String::new(),
            },
            if piece_words.is_empty() {
                String::new()
            } else {
                format!("; {}", piece_words.join("; "))
            },
            fmt_money(column_interest)
        );
        sch.columns.push(Nj2210Column {
            due: Some(due),
            required: installments.get(k).copied().unwrap_or_default(),
            paid: paid_to.get(k).copied().unwrap_or_default(),
            underpayment,
            interest: column_interest,
            explanation: cx.explanation(rule, CITATION),
            exception,
        });
    }
    if est.use_annualized_income {
        sch.notes.push(
            "Exception (B) (last year's facts at this year's rates, 54A:9-6 d(1)(B)) is not computed.".to_owned(),
        );
    }
    sch.interest = total;
    sch
}
