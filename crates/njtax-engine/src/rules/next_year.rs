//! After the return: next year's estimated tax (N.J.S.A. 54A:8-4, 8-5) and, when the return is
//! filed or paid late, an estimate of the penalties and interest (54A:8-1, 9-5, 9-6 a; the State
//! Tax Uniform Procedure Law as nj-reference.md §5 reports it: R.S. 54:49-4 and 54:48-2 are not in
//! the statute text this engine reads, so those figures cite the reference).
//!
//! Neither result goes on a form line: the plan is what to pay next year, the late estimate what
//! the Division may add (labelled "estimate" everywhere).

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::{Date, PlanBasis};
pub use crate::calendar::{add_months, months_or_part};
use crate::explain::{Diagnostic, Explanation};
use crate::key::Key;
pub use crate::law::late::{
    DueDate, LateParams, LateParamsFile, MonthDay, next_business_day, statutory_due_dates,
    year_date_problems,
};
use crate::money::{
    floor_zero, fmt_money, fmt_rate, round_cents, sat_add, sat_mul, sat_sub, sat_sum,
};
use crate::residency::ReturnKind;
use crate::rules::nj2210::RatePeriod;
use crate::sheet::{Ctx, Sheet};

/// One NJ-1040-ES installment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct EsInstallment {
    /// Due date.
    pub due: Option<Date>,
    /// The installment.
    pub amount: Decimal,
    /// Of it, covered by this year's overpayment credited forward (line 69).
    pub credit_applied: Decimal,
    /// Left to pay.
    pub to_pay: Decimal,
}

/// Next year's estimated tax plan.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct EstimatedTaxPlan {
    /// The year planned for.
    pub year: u16,
    /// A declaration is required (estimated tax over $400 after credits: 54A:8-4 a).
    pub required: bool,
    /// Why, in words with the numbers.
    pub reason: String,
    /// The estimated tax for the year after withholding (the total of the installments).
    pub estimated_tax: Decimal,
    /// The installments.
    pub installments: Vec<EsInstallment>,
    /// This year's overpayment credited forward (line 69) left after the installments.
    pub credit_left: Decimal,
    /// Plain notes (how the due dates were found, what is not modelled).
    pub notes: Vec<String>,
    /// How it was worked out.
    pub explanation: Explanation,
}

/// An estimate of what filing or paying late adds (labelled as an estimate everywhere).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LateEstimate {
    /// The filing due date (with the extension when requested).
    pub filing_due: Option<Date>,
    /// The payment due date.
    pub payment_due: Option<Date>,
    /// Late filing addition.
    pub late_filing: Decimal,
    /// Late payment addition.
    pub late_payment: Decimal,
    /// Interest on the unpaid tax.
    pub interest: Decimal,
    /// The total estimate.
    pub total: Decimal,
    /// The balance due the additions are measured on (line 67, tax due).
    pub balance_due: Decimal,
    /// Months or parts of a month filed late (0 when on time).
    pub months_filed_late: u32,
    /// Months or parts of a month paid late (0 when on time).
    pub months_paid_late: u32,
    /// Plain notes (what is uncertain or not modelled).
    pub notes: Vec<String>,
    /// How it was worked out.
    pub explanation: Explanation,
}

/// Day of the week, 0 = Sunday .. 6 = Saturday (Gregorian calendar).
pub fn weekday(d: Date) -> u8 {
    crate::calendar::weekday(d)
}

/// Whether the return carries next year's plan: the first return of each filer (the resident or
/// nonresident return), not a part-year resident's nonresident-period return.
pub fn carries_plan(kind: ReturnKind) -> bool {
    kind != ReturnKind::PartYearNonresident
}

/// Split `total` into `n` equal installments rounded to cents, the last taking the remainder so
/// that they add up to the cent (54A:8-5 a(1) "four equal installments").
pub fn equal_installments(total: Decimal, n: u32) -> Vec<Decimal> {
    if n == 0 {
        return Vec::new();
    }
    let each = round_cents(total / Decimal::from(n));
    let mut out: Vec<Decimal> = (1..n).map(|_| each).collect();
    let before = sat_mul(each, Decimal::from(n - 1));
    out.push(sat_sub(total, before));
    out
}

const PLAN_CITE: &str = "N.J.S.A. 54A:8-4 a, b; 54A:8-5 a(1); 54A:9-6 c(2); NJ-1040-ES";

/// Next year's estimated tax (NJ-1040-ES; N.J.S.A. 54A:8-4, 8-5): the tax to plan on (100% of this
/// year's line 50, the measure of next year's underpayment under 54A:9-6 c(2) whatever the income,
/// or the projected tax), less the withholding expected; a declaration is required when that is more
/// than $400 (8-4 a); four equal installments on next year's due dates (8-5 a(1)), this year's
/// overpayment credited forward (line 69) applied to the first, then the next.
pub fn estimated_tax_plan(cx: &Ctx, s: &Sheet) -> EstimatedTaxPlan {
    let plan = &cx.a.next_year;
    let late = &cx.p.late;
    let year = cx.year().saturating_add(1);
    let mut notes = Vec::new();
    let mut ex = cx.explanation(String::new(), PLAN_CITE);

    // The tax to plan on.
    let (base, base_words) = match plan.basis {
        PlanBasis::ThisYearsTax => {
            // 54A:9-6 c(2): next year's underpayment is measured against 100% of this year's tax
            // whatever the income; the 110% of 9-6 d(3) changes only the exception of subsection
            // d, which payments of 100% never need (decision record estimated-tax-and-health.md).
            let tax = s.v(Key::BalanceAfterCredits);
            let est = &cx.p.estimated;
            let pct = est.prior_year_share.value;
            ex = ex
                .line(
                    "This year's tax after credits",
                    Key::BalanceAfterCredits,
                    tax,
                )
                .param(&est.prior_year_share);
            let base = round_cents(sat_mul(tax, pct));
            let words = crate::explain_format!(
                cx,
                "the tax to plan on is {} of this year's tax {} = {}: paid on time in next year's installments, it leaves no underpayment (54A:9-6 c(2)), whatever this year's income (the 110% of 54A:9-6 d(3) changes only the exception of subsection d)",
                fmt_rate(pct),
                fmt_money(tax),
                fmt_money(base)
            );
            (base, words)
        }
        PlanBasis::Projected => {
            let projected = cx.non_negative(
                "next_year.projected_tax",
                "Next year's projected tax",
                plan.projected_tax,
                "N.J.S.A. 54A:8-4 b",
            );
            ex = ex.answer("Projected tax", "next_year.projected_tax", projected);
            let words = crate::explain_format!(
                cx,
                "the tax to plan on is the projected tax {} (54A:8-4 b)",
                fmt_money(projected)
            );
            (projected, words)
        }
    };

    // Withholding expected next year.
    let entered = cx.non_negative(
        "next_year.expected_withholding",
        "Next year's expected withholding",
        plan.expected_withholding,
        "N.J.S.A. 54A:8-4 b",
    );
    let (withholding, wh_words) = if entered.is_zero() && plan.basis == PlanBasis::ThisYearsTax {
        let w = s.v(Key::Withholding);
        ex = ex.line(
            crate::explain_format!(
                cx,
                "This year's withholding (line {})",
                cx.id(Key::Withholding)
            ),
            Key::Withholding,
            w,
        );
        (
            w,
            crate::explain_format!(
                cx,
                "this year's withholding {} (line {}), assumed for next year as none was entered",
                fmt_money(w),
                cx.id(Key::Withholding)
            ),
        )
    } else {
        ex = ex.answer(
            "Expected withholding",
            "next_year.expected_withholding",
            entered,
        );
        (
            entered,
            crate::explain_format!(cx, "expected withholding {}", fmt_money(entered)),
        )
    };
    let estimated = floor_zero(sat_sub(base, withholding));
    let threshold = cx.p.estimated.declaration_threshold.value;
    ex = ex.param(&cx.p.estimated.declaration_threshold);
    let required = estimated > threshold;
    let reason = if required {
        format!(
            "A {year} declaration of estimated tax is required: the estimated tax {} is more than {} (N.J.S.A. 54A:8-4 a).",
            fmt_money(estimated),
            fmt_money(threshold)
        )
    } else {
        format!(
            "No {year} declaration of estimated tax is required: the estimated tax {} is not more than {} (N.J.S.A. 54A:8-4 a).",
            fmt_money(estimated),
            fmt_money(threshold)
        )
    };

    // Due dates.
    let known: Vec<Date> = late
        .next_year_installment_dates
        .value
        .iter()
        .map(|d| d.0)
        .collect();
    let dates = if known.is_empty() {
        ex = ex.param(&late.statutory_installment_dates);
        ex = ex
            .param(&late.legal_holidays)
            .param(&late.sunday_holiday_observed_monday);
        let dates = statutory_due_dates(late, year);
        if required {
            notes.push(format!(
            "The {year} due dates are not published in the data this app has: they are the statute's dates (April 15, June 15, September 15, January 15; N.J.S.A. 54A:8-5 a(1)), each moved to the next day that is not a Saturday, Sunday or New Jersey legal holiday (N.J.S.A. 54A:9-11 c). The Division may set another date (it has, to follow the IRS): check the NJ-1040-ES instructions."
        ));
        }
        dates
    } else {
        ex = ex.param(&late.next_year_installment_dates);
        known
    };

    // A farmer (two-thirds of income from farming, judged on this year's return) may file the
    // declaration by January 15 and pay the whole estimated tax then (54A:8-4 e, 8-5 b).
    let (farmer, _) = crate::rules::nj2210::is_farmer(cx, s);
    let dates = if farmer {
        if required {
            notes.push(
                "A farmer (at least two-thirds of income from farming, N.J.S.A. 54A:8-4 e) may file the declaration by January 15 and pay the estimated tax in full then (54A:8-5 b): one installment."
                    .to_owned(),
            );
        }
        dates.last().copied().into_iter().collect()
    } else {
        dates
    };

    // Installments and the credit forward.
    let credit = floor_zero(s.v(Key::CreditForward));
    let mut credit_left = credit;
    let mut installments = Vec::new();
    let mut parts = Vec::new();
    if required {
        let n = u32::try_from(dates.len()).unwrap_or(0).max(1);
        for (i, amount) in equal_installments(estimated, n).into_iter().enumerate() {
            let applied = credit_left.min(amount);
            credit_left = sat_sub(credit_left, applied);
            let to_pay = sat_sub(amount, applied);
            let due = dates.get(i).copied();
            parts.push(crate::explain_format!(
                cx,
                "{} due {}: {}{}",
                i + 1,
                due.map_or_else(|| "?".into(), |d| d.to_string()),
                fmt_money(amount),
                if applied.is_zero() {
                    String::new()
                } else {
                    format!(
                        ", of which {} is covered by the credit forward, {} to pay",
                        fmt_money(applied),
                        fmt_money(to_pay)
                    )
                }
            ));
            installments.push(EsInstallment {
                due,
                amount,
                credit_applied: applied,
                to_pay,
            });
        }
        if !credit.is_zero() {
            ex = ex.line(
                crate::explain_format!(
                    cx,
                    "Overpayment credited forward (line {})",
                    cx.id(Key::CreditForward)
                ),
                Key::CreditForward,
                credit,
            );
        }
        if !credit_left.is_zero() {
            notes.push(format!(
                "The credit forward {} is more than the year's installments; {} of it is left over.",
                fmt_money(credit),
                fmt_money(credit_left)
            ));
        }
    }
    ex.rule = crate::explain_format!(
        cx,
        "Next year's estimated tax plan for {year}: {base_words}; less {wh_words}: estimated tax {}. {}{}",
        fmt_money(estimated),
        reason,
        if installments.is_empty() {
            String::new()
        } else {
            format!(
                " Four equal installments rounded to cents, the last taking the remainder (54A:8-5 a(1)){}: {}.",
                if credit.is_zero() {
                    String::new()
                } else {
                    format!(
                        "; this year's overpayment credited forward {} (line {}) applied to the first installment, then the next",
                        fmt_money(credit),
                        cx.id(Key::CreditForward)
                    )
                },
                parts.join("; ")
            )
        }
    );
    EstimatedTaxPlan {
        year,
        required,
        reason,
        estimated_tax: estimated,
        installments,
        credit_left: if required { credit_left } else { credit },
        notes,
        explanation: ex,
    }
}

const LATE_CITE: &str = "N.J.S.A. 54A:8-1 a, b; 54A:9-5 a; 54A:9-6 a; R.S. 54:49-4 and 54:48-2 (as the Division's Technical Bulletin TB-21(R) describes interest)";

/// The rate period in force on `d` (the last period starting on or before it; the first period
/// when `d` is before the table).
pub fn rate_on(rates: &[RatePeriod], d: Date) -> Option<&RatePeriod> {
    rates
        .iter()
        .rev()
        .find(|r| r.from <= d)
        .or_else(|| rates.first())
}

/// An estimate of what filing or paying late adds (N.J.S.A. 54A:8-1, 9-6 a; R.S. 54:49-4, 54:48-2
/// per nj-reference.md §5), only when the return is filed after its due date (with the extension,
/// 8-1 b) or the balance paid after the payment due date (April 15: an extension is for filing
/// only). The additions are measured on line 67 (tax due): 9-6 a takes "the amount required to be
/// shown as tax" less what was paid by the payment due date and the credits claimed on the return;
/// contributions (lines 70-77) are not tax. `None` when on time or when no tax is due.
pub fn late_estimate(cx: &Ctx, s: &Sheet) -> Option<LateEstimate> {
    let late = &cx.p.late;
    let f = &cx.a.filing;
    let payment_due = late.return_due_date.value.0;
    let filing_due = if f.extension {
        add_months(payment_due, late.filing_extension_months.value)
    } else {
        payment_due
    };
    let paid_on = f.paid_on.or(f.filed_on);
    let months_filed_late = f.filed_on.map_or(0, |d| months_or_part(filing_due, d));
    let months_paid_late = paid_on.map_or(0, |d| months_or_part(payment_due, d));
    if months_filed_late == 0 && months_paid_late == 0 {
        return None;
    }
    let balance = floor_zero(s.v(Key::TaxDue));
    if balance.is_zero() {
        cx.diag(
            Diagnostic::info(
                "late-no-balance",
                format!("The return is filed or paid after its due date, but no tax is due (line {} is zero): nothing is added for lateness (N.J.S.A. 54A:9-6 a measures the addition on the tax due after payments and credits).", cx.id(Key::TaxDue)),
            )
            .at("filing")
            .cite("N.J.S.A. 54A:9-6 a"),
        );
        return None;
    }
    let mut notes = Vec::new();
    let mut ex = cx
        .explanation(String::new(), LATE_CITE)
        .line(
            crate::explain_format!(cx, "Tax due (line {})", cx.id(Key::TaxDue)),
            Key::TaxDue,
            balance,
        )
        .param(&late.return_due_date);
    let mut words = vec![crate::explain_format!(
        cx,
        "Estimate only. The return was due {filing_due}{} and the tax payable {payment_due} (54A:8-1 a{}); the balance due is {} (line {}, 54A:9-6 a).",
        if f.extension {
            format!(
                " with the extension of {} months",
                late.filing_extension_months.value
            )
        } else {
            String::new()
        },
        if f.extension { ", b" } else { "" },
        fmt_money(balance),
        cx.id(Key::TaxDue)
    )];
    if f.extension {
        ex = ex.param(&late.filing_extension_months);
    }
    if let Some(n) = late.return_due_date.uncertain.as_ref() {
        notes.push(format!("The due date {payment_due} is uncertain: {n}"));
    }

    // Late filing.
    let mut late_filing = Decimal::ZERO;
    if months_filed_late > 0 {
        let per_month = late.late_filing_per_month.value;
        let rate = late.late_filing_rate_per_month.value;
        let cap = late.late_filing_rate_cap.value;
        let months = Decimal::from(months_filed_late);
        let share = sat_mul(rate, months).min(cap);
        let flat = sat_mul(per_month, months);
        let pct = round_cents(sat_mul(balance, share));
        late_filing = sat_add(flat, pct);
        ex = ex
            .param(&late.late_filing_per_month)
            .param(&late.late_filing_rate_per_month)
            .param(&late.late_filing_rate_cap);
        words.push(crate::explain_format!(cx,
            "Filed late{}: {} month(s) or part of a month from {filing_due}; late filing {} x {months_filed_late} = {} plus {} of {} = {} (the monthly {} x {months_filed_late} = {}, at most {}): {}.",
            f.filed_on.map_or_else(String::new, |d| format!(" on {d}")),
            months_filed_late,
            fmt_money(per_month),
            fmt_money(flat),
            fmt_rate(share),
            fmt_money(balance),
            fmt_money(pct),
            fmt_rate(rate),
            fmt_rate(sat_mul(rate, months)),
            fmt_rate(cap),
            fmt_money(late_filing)
        ));
    }

    // Late payment and interest.
    let mut late_payment = Decimal::ZERO;
    let mut interest = Decimal::ZERO;
    if months_paid_late > 0 {
        let rate = late.late_payment_rate.value;
        late_payment = round_cents(sat_mul(balance, rate));
        let rate_fig = &cx.p.estimated.interest_rates;
        ex = ex.param(&late.late_payment_rate).param(rate_fig);
        words.push(crate::explain_format!(
            cx,
            "Paid late{}: late payment {} of {} = {}.",
            paid_on.map_or_else(String::new, |d| format!(" on {d}")),
            fmt_rate(rate),
            fmt_money(balance),
            fmt_money(late_payment)
        ));
        let rates = &rate_fig.value;
        let last_from = rates.last().map(|r| r.from);
        let mut raw = Decimal::ZERO;
        let mut runs: Vec<(u32, Decimal)> = Vec::new();
        let mut beyond = false;
        for k in 0..months_paid_late {
            let start = add_months(payment_due, k);
            let Some(period) = rate_on(rates, start) else {
                continue;
            };
            if last_from.is_some_and(|l| start.year > l.year) {
                beyond = true;
            }
            raw = sat_add(raw, sat_mul(balance, period.rate) / Decimal::from(12u32));
            match runs.last_mut() {
                Some((count, r)) if *r == period.rate => *count += 1,
                _ => runs.push((1, period.rate)),
            }
        }
        interest = round_cents(raw);
        let run_words: Vec<String> = runs
            .iter()
            .map(|(n, r)| format!("{n} month(s) at {} a year", fmt_rate(*r)))
            .collect();
        words.push(crate::explain_format!(cx,
            "Interest on {} for {months_paid_late} month(s) or part of a month from {payment_due}, each month at the rate of the period it starts in, one twelfth of the annual rate a month: {} = {}.",
            fmt_money(balance),
            run_words.join(", "),
            fmt_money(interest)
        ));
        if let Some(n) = &rate_fig.uncertain {
            notes.push(format!("The interest rates are uncertain: {n}"));
        }
        if beyond {
            notes.push(
                "No interest rate is known for some months: the last known rate is used.".into(),
            );
        }
        if months_paid_late > 12 {
            notes.push(
                "Interest is compounded annually (R.S. 54:48-2; the Division's TB-21(R)); this estimate does not compound.".into(),
            );
        }
    }
    let total = sat_sum([late_filing, late_payment, interest]);
    words.push(crate::explain_format!(cx,
        "Estimated total {} (late filing {} + late payment {} + interest {}). The Division may waive additions shown to be due to reasonable cause (54A:9-6 a); this is not on any form line.",
        fmt_money(total),
        fmt_money(late_filing),
        fmt_money(late_payment),
        fmt_money(interest)
    ));
    ex.rule = words.join(" ");
    if !notes.is_empty() {
        cx.diag(
            Diagnostic::warning(
                "late-estimate-uncertain",
                format!(
                    "The late filing and payment estimate uses uncertain figures: {}",
                    notes.join(" ")
                ),
            )
            .at("filing")
            .cite(LATE_CITE),
        );
    }
    Some(LateEstimate {
        filing_due: Some(filing_due),
        payment_due: Some(payment_due),
        late_filing,
        late_payment,
        interest,
        total,
        balance_due: balance,
        months_filed_late,
        months_paid_late,
        notes,
        explanation: ex,
    })
}
