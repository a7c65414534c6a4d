//! The amended return (NJ-1040X for a resident return; an NJ-1040NR marked amended): each line as
//! originally reported (column A), the net change (column B) and the correct amount (column C),
//! the refund or balance due after what the original return already paid or refunded, the time
//! limits of N.J.S.A. 54A:8-7 a and 9-8 a, c, g, h checked against the dates given, and an
//! estimate of the interest on additional tax (54A:9-5). See `docs/decisions/amended-returns.md`.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::{AmendReason, Amendment, Date, OriginalReturn};
use crate::calendar::{add_days, add_months, days_between, months_or_part};
use crate::explain::{Diagnostic, Explanation, Line};
use crate::key::Key;
use crate::law::late::next_business_day;
use crate::money::{fmt_money, fmt_rate, round_cents, sat_add, sat_mul, sat_sub, sat_sum};
use crate::rules::next_year::rate_on;
use crate::sheet::Ctx;

/// The lines that say what happens to an overpayment or a balance (credit forward, the
/// contributions, the totals after them): an amended return keeps the original's choices, so
/// they are not columns of it.
const DISPOSITION_LINES: [Key; 12] = [
    Key::CreditForward,
    Key::FundEndangeredWildlife,
    Key::FundChildrensTrust,
    Key::FundVietnamVeterans,
    Key::FundBreastCancer,
    Key::FundUssNewJersey,
    Key::FundOther1,
    Key::FundOther2,
    Key::FundOther3,
    Key::TotalAdjustments,
    Key::BalanceDue,
    Key::Refund,
];

/// The lines of the original return the amended result needs: without them it cannot be worked
/// out.
pub const ORIGINAL_LINES_NEEDED: [Key; 3] =
    [Key::TotalTaxDue, Key::TotalPayments, Key::Overpayment];

/// The citation of the amended return as a whole.
const CITE: &str = "N.J.S.A. 54A:8-7 a, 54A:9-5, 54A:9-8";

/// One line of the amended return.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AmendedRow {
    /// Semantic key.
    pub key: Key,
    /// The line's id on the year's form.
    pub id: String,
    /// The form's label.
    pub label: String,
    /// Column A: as originally reported (`None`: not given).
    pub original: Option<Decimal>,
    /// Column B: the net change, C - A (`None` when A is not given).
    pub change: Option<Decimal>,
    /// Column C: the correct amount.
    pub amended: Decimal,
}

/// The interest estimate on additional tax (54A:9-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InterestEstimate {
    /// The additional tax the interest runs on.
    pub on: Decimal,
    /// From: the day the tax was payable.
    pub from: Date,
    /// To: the day the amended return is filed (taken as the day the tax is paid).
    pub to: Date,
    /// Months or parts of a month.
    pub months: u32,
    /// The estimate, to the cent.
    pub amount: Decimal,
    /// The working in words.
    pub words: String,
    /// Why the estimate may be off (uncertain rates, months past the rate table).
    pub notes: Vec<String>,
}

/// The 54A:8-7 a report of a federal change, checked against the amended return's date.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FederalReport {
    /// What is reported, in words.
    pub what: String,
    /// The day the federal change became final or the amended federal return was filed.
    pub since: Date,
    /// The last day to report it (90 days after, moved past a weekend or holiday).
    pub due: Date,
    /// Days after `due` the amended return is filed (`None`: on time, or no filing date given).
    pub days_late: Option<i64>,
}

/// The refund time limits (54A:9-8) on the amended return's refund.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RefundLimit {
    /// The last day a claim can be filed for the whole refund (the later of 3 years from filing
    /// and 2 years from payment).
    pub last_day: Date,
    /// The last day of the 54A:9-8 c period for a refund resulting from a federal change.
    pub federal_change_last_day: Option<Date>,
    /// The refund claimed.
    pub claimed: Decimal,
    /// The part that can be refunded (equal to `claimed` when not limited, or when no filing
    /// date is given).
    pub allowed: Decimal,
    /// The rule applied, in words.
    pub words: String,
}

/// The amended return of one computed return.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AmendedReturn {
    /// The form to file (`NJ-1040X`, or `NJ-1040NR` marked amended).
    pub form: String,
    /// The form amended.
    pub original_form: String,
    /// The original figures were copied from the original draft (not typed from the filed
    /// return).
    pub from_draft: bool,
    /// The lines, in form order, that either column has.
    pub rows: Vec<AmendedRow>,
    /// Column C of the total tax due.
    pub total_tax: Decimal,
    /// Column C of the total payments and credits.
    pub total_payments: Decimal,
    /// Tax paid with the original return or after it.
    pub paid_before: Decimal,
    /// The original's overpayment (refunded, credited forward or contributed): column A.
    pub original_overpayment: Decimal,
    /// Payments + paid before - original overpayment - total tax: above zero a refund, below a
    /// balance due.
    pub net: Decimal,
    /// The refund to claim (after the 54A:9-8 limits).
    pub refund: Decimal,
    /// The additional tax to pay with the amended return.
    pub balance_due: Decimal,
    /// The original figures needed for the result are all given.
    pub complete: bool,
    /// The interest estimate on the additional tax (when a filing date is given).
    pub interest: Option<InterestEstimate>,
    /// The refund time limits (when there is a refund).
    pub refund_limit: Option<RefundLimit>,
    /// The 54A:8-7 a reports due.
    pub federal_reports: Vec<FederalReport>,
    /// The reasons in words.
    pub reasons: Vec<String>,
    /// The result in words, with its working ("why this number?").
    pub explanation: Explanation,
}

impl AmendedReturn {
    /// The row of `key`.
    #[must_use]
    pub fn row(&self, key: Key) -> Option<&AmendedRow> {
        self.rows.iter().find(|r| r.key == key)
    }

    /// Whether any line's amount differs from the original (or the original is not all given).
    #[must_use]
    pub fn changes_anything(&self) -> bool {
        self.rows
            .iter()
            .any(|r| r.change.is_none_or(|c| !c.is_zero()))
    }
}

/// The form an amended return of `form` is filed on: a resident return is amended on the
/// NJ-1040X; New Jersey has no separate amended nonresident form, so an NJ-1040NR is filed again
/// marked amended (the Division's instructions, kept as data in `forms/filing.ron` by the app).
#[must_use]
pub fn amended_form(form: &str) -> String {
    if form == "NJ-1040" {
        "NJ-1040X".to_owned()
    } else {
        form.to_owned()
    }
}

/// The amended return of the computed return `form` with `lines` (column C), when the draft
/// amends a filed return ([`Amendment`]); diagnostics go to `cx`.
#[must_use]
pub fn amended_return(cx: &Ctx, form: &str, lines: &[Line]) -> Option<AmendedReturn> {
    let am = cx.a.amends.as_ref()?;
    let original = am.original_of(form);
    if original.is_none() {
        cx.diag(
            Diagnostic::error(
                "amend-original-missing",
                format!(
                    "This draft amends a filed return, but the {form} as originally filed is not given: type its figures from the filed return (Amended return) so that the changes can be worked out."
                ),
            )
            .at("amends.original")
            .cite(CITE),
        );
    }
    let empty = OriginalReturn::default();
    let o = original.unwrap_or(&empty);
    let rows = rows(lines, o);
    let id = |k: Key| lines.iter().find(|l| l.key == k).map_or("?", |l| &*l.id);
    let c = |k: Key| {
        lines
            .iter()
            .find(|l| l.key == k)
            .map_or(Decimal::ZERO, |l| l.value)
    };
    let a = |k: Key| o.lines.get(&k).copied();
    let missing: Vec<Key> = ORIGINAL_LINES_NEEDED
        .iter()
        .copied()
        .filter(|k| a(*k).is_none())
        .collect();
    if original.is_some() && !missing.is_empty() {
        let ids: Vec<String> = missing
            .iter()
            .map(|k| match lines.iter().find(|l| l.key == *k) {
                Some(l) => format!("line {} ({})", l.id, l.label),
                None => format!("the figure \"{}\"", k.as_str().replace('_', " ")),
            })
            .collect();
        cx.diag(
            Diagnostic::error(
                "amend-original-incomplete",
                format!(
                    "The original {form}'s {} {} not given: type {} as filed (0 when the line was blank) so that the amended refund or balance can be worked out.",
                    ids.join(", "),
                    if ids.len() == 1 { "is" } else { "are" },
                    if ids.len() == 1 { "it" } else { "them" }
                ),
            )
            .at("amends.original")
            .cite(CITE),
        );
    }
    if am.reasons.is_empty() {
        cx.diag(
            Diagnostic::warning(
                "amend-no-reason",
                "Say why the return is amended (Amended return): the amended return's explanation starts with the reasons.",
            )
            .at("amends.reasons"),
        );
    }
    let total_tax = c(Key::TotalTaxDue);
    let total_payments = c(Key::TotalPayments);
    let original_overpayment = a(Key::Overpayment).unwrap_or_default();
    let paid_before = o.paid;
    let net = sat_sub(
        sat_add(total_payments, paid_before),
        sat_add(original_overpayment, total_tax),
    );
    if let Some(orig_due) = a(Key::TaxDue)
        && orig_due > Decimal::ZERO
        && paid_before.is_zero()
    {
        cx.diag(
            Diagnostic::warning(
                "amend-nothing-paid",
                format!(
                    "The original return showed tax due of {}, but no tax paid with it or after it is given: if you paid it, give the amount (Amended return), or the amended return asks for it again.",
                    fmt_money(orig_due)
                ),
            )
            .at("amends.original"),
        );
    }
    let federal_reports = federal_reports(cx, am);
    let claimed = net.max(Decimal::ZERO);
    let refund_limit = (claimed > Decimal::ZERO)
        .then(|| refund_limit(cx, am, o, claimed, total_payments, &federal_reports));
    let refund = refund_limit.as_ref().map_or(claimed, |l| l.allowed);
    let balance_due = (-net).max(Decimal::ZERO);
    let interest = interest_estimate(cx, am, balance_due);
    let mut ex = cx
        .explanation(String::new(), CITE)
        .line(
            crate::explain_format!(
                cx,
                "Total payments and credits, as amended (line {})",
                id(Key::TotalPayments)
            ),
            Key::TotalPayments,
            total_payments,
        )
        .answer(
            "Paid with the original return or after it",
            "amends.original.paid",
            paid_before,
        )
        .answer(
            crate::explain_format!(
                cx,
                "The original overpayment (line {}, column A)",
                id(Key::Overpayment)
            ),
            "amends.original.lines",
            original_overpayment,
        )
        .line(
            crate::explain_format!(
                cx,
                "Total tax due, as amended (line {})",
                id(Key::TotalTaxDue)
            ),
            Key::TotalTaxDue,
            total_tax,
        );
    let mut words = vec![crate::explain_format!(
        cx,
        "Payments and credits {} + paid before {} - the original's overpayment {} (already refunded, credited forward or given to funds) - total tax {} = {}: {}.",
        fmt_money(total_payments),
        fmt_money(paid_before),
        fmt_money(original_overpayment),
        fmt_money(total_tax),
        fmt_money(net),
        if net > Decimal::ZERO {
            format!("a refund of {}", fmt_money(net))
        } else if net < Decimal::ZERO {
            format!(
                "additional tax of {} to pay with the amended return",
                fmt_money(-net)
            )
        } else {
            "nothing more to pay and nothing more to refund".to_owned()
        }
    )];
    if let Some(l) = &refund_limit {
        words.push(l.words.clone());
    }
    if let Some(i) = &interest {
        words.push(i.words.clone());
        ex = ex.param(&cx.p.estimated.interest_rates);
    }
    ex.rule = words.join(" ");
    Some(AmendedReturn {
        form: amended_form(form),
        original_form: form.to_owned(),
        from_draft: o.from_draft,
        rows,
        total_tax,
        total_payments,
        paid_before,
        original_overpayment,
        net,
        refund,
        balance_due,
        complete: original.is_some() && missing.is_empty(),
        interest,
        refund_limit,
        federal_reports,
        reasons: am
            .reasons
            .list()
            .iter()
            .map(|r| r.words().to_owned())
            .collect(),
        explanation: ex,
    })
}

/// The columns: every line up to the overpayment that either column has.
fn rows(lines: &[Line], o: &OriginalReturn) -> Vec<AmendedRow> {
    lines
        .iter()
        .filter(|l| !DISPOSITION_LINES.contains(&l.key) && !l.is_ratio())
        .filter_map(|l| {
            let original = o.lines.get(&l.key).copied();
            if original.is_none_or(|v| v.is_zero()) && l.value.is_zero() {
                return None;
            }
            Some(AmendedRow {
                key: l.key,
                id: l.id.to_string(),
                label: l.label.to_string(),
                original,
                change: original.map(|a| sat_sub(l.value, a)),
                amended: l.value,
            })
        })
        .collect()
}

/// The reports of federal changes due under 54A:8-7 a.
fn federal_reports(cx: &Ctx, am: &Amendment) -> Vec<FederalReport> {
    let late = &cx.p.late;
    let days = late.federal_change_report_days.value;
    let mut out = Vec::new();
    for (reason, date, what, path) in [
        (
            AmendReason::FederalChange,
            am.federal_determination_on,
            "the IRS's change to the federal return",
            "amends.federal_determination_on",
        ),
        (
            AmendReason::AmendedFederalReturn,
            am.federal_amended_on,
            "the amended federal return",
            "amends.federal_amended_on",
        ),
    ] {
        if !am.reasons.has(reason) {
            continue;
        }
        let Some(since) = date else {
            cx.diag(
                Diagnostic::warning(
                    "amend-federal-date-missing",
                    format!(
                        "Give the date of {what}: New Jersey must be told within {days} days of it, and the app checks that date."
                    ),
                )
                .at(path)
                .cite("N.J.S.A. 54A:8-7 a"),
            );
            continue;
        };
        let due = next_business_day(late, add_days(since, days));
        let days_late = am.filed_on.map(|f| days_between(due, f)).filter(|d| *d > 0);
        match (am.filed_on, days_late) {
            (Some(f), Some(n)) => cx.diag(
                Diagnostic::warning(
                    "amend-federal-report-late",
                    format!(
                        "Filed {f}, {n} days after {due}, the last day to report {what} of {since} ({days} days after it). Until it is reported the Division may assess the tax it adds at any time, and may add penalties; a refund it brings must be claimed within {} years of {due}.",
                        late.federal_change_refund_years.value
                    ),
                )
                .at("amends.filed_on")
                .cite("N.J.S.A. 54A:8-7 a; 54A:9-4 c; 54A:9-8 c"),
            ),
            (None, _) => cx.diag(
                Diagnostic::info(
                    "amend-federal-report-due",
                    format!("Report {what} of {since} by {due} ({days} days after it): give the day you file the amended return to check it."),
                )
                .at("amends.filed_on")
                .cite("N.J.S.A. 54A:8-7 a; 54A:9-11 c"),
            ),
            _ => {}
        }
        out.push(FederalReport {
            what: what.to_owned(),
            since,
            due,
            days_late,
        });
    }
    out
}

/// A payment and the day it counts as paid (54A:9-8 h).
struct Paid {
    amount: Decimal,
    on: Date,
}

/// The refund time limits of 54A:9-8 a, c, d, g, h on a refund of `claimed`.
fn refund_limit(
    cx: &Ctx,
    am: &Amendment,
    o: &OriginalReturn,
    claimed: Decimal,
    payments: Decimal,
    reports: &[FederalReport],
) -> RefundLimit {
    let late = &cx.p.late;
    let due = late.return_due_date.value.0;
    let deemed = late.prepaid_tax_deemed_paid.value;
    let year = cx.year();
    let deemed_paid = Date::new(year.saturating_add(1), deemed.month, deemed.day).unwrap_or(due);
    // 9-8 g: a return filed early counts as filed on the last day prescribed for it, April 15
    // after the year (54A:8-1 a), without any extension; a due date the Division moved past a
    // weekend (9-11 c) makes the filing timely, not later.
    let filed =
        cx.a.filing
            .filed_on
            .map_or(deemed_paid, |d| d.max(deemed_paid));
    let paid = [
        Paid {
            amount: payments,
            on: deemed_paid,
        },
        Paid {
            amount: o.paid,
            // 9-8 h: tax paid before its due date counts as paid on April 15 after the year.
            on: o.paid_on.unwrap_or(filed).max(deemed_paid),
        },
    ];
    let three = u32::from(late.refund_lookback_years.value) * 12;
    let two = u32::from(late.refund_payment_years.value) * 12;
    let three_raw = add_months(filed, three);
    let three_end = next_business_day(late, three_raw);
    let last_payment = paid
        .iter()
        .filter(|p| !p.amount.is_zero())
        .map(|p| p.on)
        .max()
        .unwrap_or(deemed_paid);
    let two_raw = add_months(last_payment, two);
    let two_end = next_business_day(late, two_raw);
    let last_day = three_end.max(two_end);
    let federal_change_last_day = reports
        .iter()
        .map(|r| {
            next_business_day(
                late,
                add_months(
                    r.due,
                    u32::from(late.federal_change_refund_years.value) * 12,
                ),
            )
        })
        .max();
    let ext = if cx.a.filing.extension {
        late.filing_extension_months.value
    } else {
        0
    };
    let Some(claim) = am.filed_on else {
        return RefundLimit {
            last_day,
            federal_change_last_day,
            claimed,
            allowed: claimed,
            words: format!(
                "The last day to claim this refund is {last_day} (3 years from the original return's filing, an early return counting as filed on {deemed_paid}, or 2 years from the last payment, whichever is later; 54A:9-8 a, g, h). Give the day you file the amended return to check it."
            ),
        };
    };
    // The tax paid within `months` before the claim; a claim filed on the next business day
    // after a period's last day fell on a weekend or holiday is timely (9-11 c) and looks back
    // from that last day.
    let paid_since = |months: u32, period_end: Date| {
        let from = claim.min(period_end);
        sat_sum(
            paid.iter()
                .filter_map(|p| (add_months(p.on, months) >= from).then_some(p.amount)),
        )
    };
    let (cap, rule) = if claim <= three_end {
        (
            paid_since(three + ext, add_months(three_raw, ext)),
            format!(
                "Claimed {claim}, within 3 years of the original return's filing ({filed}): the refund is limited to the tax paid in the 3 years{} before the claim (withholding, estimates and credits count as paid on {deemed_paid}, 54A:9-8 a, h)",
                if ext > 0 { " plus the extension" } else { "" }
            ),
        )
    } else if claim <= two_end {
        (
            paid_since(two, two_raw),
            format!(
                "Claimed {claim}, more than 3 years after the original return's filing ({filed}) but within 2 years of a payment: the refund is limited to the tax paid in the 2 years before the claim (54A:9-8 a)"
            ),
        )
    } else {
        (
            Decimal::ZERO,
            format!(
                "Claimed {claim}, after {last_day}, the last day to claim a refund for {year} (3 years from filing or 2 years from payment, 54A:9-8 a, d)"
            ),
        )
    };
    let mut allowed = claimed.min(cap);
    let mut words = format!(
        "{rule}: {} of the {} can be refunded.",
        fmt_money(allowed),
        fmt_money(claimed)
    );
    if allowed < claimed
        && let Some(c_last) = federal_change_last_day
        && claim <= c_last
    {
        allowed = claimed;
        words = format!(
            "{rule}; but a refund resulting from a federal change may be claimed until {c_last} (54A:9-8 c), for the reduction in tax attributable to that change only: the whole {} is shown, assuming it all comes from the federal change.",
            fmt_money(claimed)
        );
        cx.diag(
            Diagnostic::warning(
                "amend-refund-federal-only",
                format!("Only the part of the refund of {} that comes from the federal change can be refunded now (54A:9-8 c): the other limits have run out. Check that all of it comes from the federal change.", fmt_money(claimed)),
            )
            .at("amends.filed_on")
            .cite("N.J.S.A. 54A:9-8 a, c"),
        );
    } else if allowed < claimed {
        cx.diag(
            Diagnostic::warning(
                "amend-refund-time-barred",
                format!(
                    "{words} The rest of the refund is barred: a later refund would be erroneous (54A:9-8 d)."
                ),
            )
            .at("amends.filed_on")
            .cite("N.J.S.A. 54A:9-8 a, d, g, h"),
        );
    } else if days_between(claim, last_day) <= i64::from(late.refund_deadline_warning_days.value) {
        cx.diag(
            Diagnostic::warning(
                "amend-refund-deadline-near",
                format!(
                    "The last day to claim this refund of {} is {last_day}: an amended return filed after it gets no refund (one mailed by then counts as filed on its postmark date).",
                    fmt_money(claimed)
                ),
            )
            .at("amends.filed_on")
            .cite("N.J.S.A. 54A:9-8 a; 54A:9-11 a, c"),
        );
    }
    RefundLimit {
        last_day,
        federal_change_last_day,
        claimed,
        allowed,
        words,
    }
}

/// The interest on additional tax from the day the tax was payable to the day the amended
/// return is filed (54A:9-5; the rates of R.S. 54:48-2 as data): an estimate, months or parts of
/// a month at one twelfth of the annual rate of the period each month starts in, not compounded.
fn interest_estimate(cx: &Ctx, am: &Amendment, balance: Decimal) -> Option<InterestEstimate> {
    if balance.is_zero() {
        return None;
    }
    let from = cx.p.late.return_due_date.value.0;
    let Some(to) = am.filed_on else {
        cx.diag(
            Diagnostic::info(
                "amend-interest-date",
                format!(
                    "Interest runs on the additional tax of {} from {from} until it is paid (54A:9-5): give the day you file the amended return for an estimate.",
                    fmt_money(balance)
                ),
            )
            .at("amends.filed_on")
            .cite("N.J.S.A. 54A:9-5"),
        );
        return None;
    };
    let months = months_or_part(from, to);
    let fig = &cx.p.estimated.interest_rates;
    let rates = &fig.value;
    // Interest is compounded yearly (R.S. 54:48-2 as nj-reference.md §5 reports it): at each
    // new calendar year the interest of the years before joins the amount it runs on.
    let mut raw = Decimal::ZERO;
    let mut base = balance;
    let mut year = from.year;
    let mut compounded = false;
    let mut runs: Vec<(u32, Decimal)> = Vec::new();
    let mut beyond = false;
    let last_from = rates.last().map(|r| r.from);
    for k in 0..months {
        let start = add_months(from, k);
        let Some(period) = rate_on(rates, start) else {
            continue;
        };
        if last_from.is_some_and(|l| start.year > l.year) {
            beyond = true;
        }
        if start.year > year {
            year = start.year;
            base = sat_add(balance, round_cents(raw));
            compounded = true;
        }
        raw = sat_add(raw, sat_mul(base, period.rate) / Decimal::from(12u32));
        match runs.last_mut() {
            Some((n, r)) if *r == period.rate => *n += 1,
            _ => runs.push((1, period.rate)),
        }
    }
    let amount = round_cents(raw);
    let run_words: Vec<String> = runs
        .iter()
        .map(|(n, r)| format!("{n} month(s) at {} a year", fmt_rate(*r)))
        .collect();
    let mut notes = Vec::new();
    if let Some(n) = &fig.uncertain {
        notes.push(format!("The interest rates are uncertain: {n}"));
    }
    if beyond {
        notes.push("No rate is known for some months: the last known rate is used.".to_owned());
    }
    let words = format!(
        "Estimate only: interest on the additional tax of {} from {from}, when it was payable, to {to}, the amended return's date, {months} month(s) or part of a month, each at one twelfth of the yearly rate of the period it starts in{}: {} = {} (54A:9-5). Pay it with the tax, or the Division bills it; late payment penalties may be added (54A:9-6).",
        fmt_money(balance),
        if compounded {
            ", the interest of each calendar year added to the amount at the start of the next (compounded yearly, R.S. 54:48-2)"
        } else {
            ""
        },
        if run_words.is_empty() {
            "none".to_owned()
        } else {
            run_words.join(", ")
        },
        fmt_money(amount)
    );
    if !notes.is_empty() {
        cx.diag(
            Diagnostic::warning(
                "amend-interest-uncertain",
                format!(
                    "The interest estimate on the amended return uses uncertain figures: {}",
                    notes.join(" ")
                ),
            )
            .at("amends.filed_on")
            .cite("N.J.S.A. 54A:9-5"),
        );
    }
    Some(InterestEstimate {
        on: balance,
        from,
        to,
        months,
        amount,
        words,
        notes,
    })
}
