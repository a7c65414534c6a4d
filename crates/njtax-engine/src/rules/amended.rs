//! The amended return (NJ-1040X for a resident return; an NJ-1040NR marked amended): each line as
//! originally reported (column A), the net change (column B) and the correct amount (column C),
//! the refund or balance due after what the original return already paid or refunded, the time
//! limits of N.J.S.A. 54A:8-7 a and 9-8 a, c, g, h checked against the dates given, and an
//! estimate of the interest on additional tax (54A:9-5). See `docs/decisions/amended-returns.md`.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::Answers;
use crate::answers::{
    AmendReason, Amendment, Date, JurisdictionKind, OriginalReturn, OtherJurisdiction,
};
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
    /// The reduction in tax the federal change alone brings (54A:9-8 c), worked out from the
    /// answers marked as the federal change (`amends.federal_change_answers`) against the
    /// original figures; `None`: not marked, or not needed (the claim is within 9-8 a).
    pub federal_part: Option<Decimal>,
    /// The last day to readjust the credit for tax paid to another jurisdiction: one year
    /// after the latest notice of that tax (54A:4-1 e), moved past a weekend or holiday.
    pub readjustment_last_day: Option<Date>,
    /// The reduction in tax the readjustment of that credit brings, for the jurisdictions
    /// whose year after the notice is still open on the claim's day (54A:4-1 e).
    pub readjustment_part: Option<Decimal>,
    /// The refund claimed.
    pub claimed: Decimal,
    /// The part that can be refunded (equal to `claimed` when not limited, or when no filing
    /// date is given).
    pub allowed: Decimal,
    /// The part of `claimed` the law bars (`claimed - allowed`): a refund of it would be
    /// erroneous (54A:9-8 d).
    pub barred: Decimal,
    /// The rule applied, in words.
    pub words: String,
}

impl RefundLimit {
    /// Whether the law bars all of the refund claimed: nothing can be refunded.
    #[must_use]
    pub fn wholly_barred(&self) -> bool {
        self.allowed.is_zero() && !self.claimed.is_zero()
    }
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

    /// What the amended return refunds or owes, in one plain line: its headline wherever the
    /// return's result is shown (the printout's summary, the hand-off sheet, `njtax compute`).
    /// Never column C's overpayment: the amended return refunds only the change from what the
    /// original refunded, and only the part the time limits allow (54A:9-8 d).
    #[must_use]
    pub fn headline(&self) -> String {
        let barred = self
            .refund_limit
            .as_ref()
            .filter(|l| l.barred > Decimal::ZERO);
        if self.balance_due > Decimal::ZERO {
            format!(
                "Amended: additional tax due {}",
                fmt_money(self.balance_due)
            )
        } else if self.refund > Decimal::ZERO {
            match barred {
                Some(l) => format!(
                    "Amended: refund claimed {} (the other {} of the {} it would refund is barred by the time limits, N.J.S.A. 54A:9-8 d)",
                    fmt_money(self.refund),
                    fmt_money(l.barred),
                    fmt_money(l.claimed)
                ),
                None => format!("Amended: refund claimed {}", fmt_money(self.refund)),
            }
        } else if let Some(l) = barred {
            format!(
                "Amended: refund barred: the {} it would refund is barred by the time limits (N.J.S.A. 54A:9-8 d)",
                fmt_money(l.claimed)
            )
        } else {
            "Amended: nothing more to pay and nothing more to refund".to_owned()
        }
    }

    /// The refund the amended return claims, for the place of a refund figure (the hand-off
    /// sheet's refund): the allowed amount, or why there is none.
    #[must_use]
    pub fn refund_words(&self) -> String {
        if self.refund > Decimal::ZERO {
            fmt_money(self.refund)
        } else if self.balance_due > Decimal::ZERO {
            format!(
                "none: the amended return asks for additional tax of {}",
                fmt_money(self.balance_due)
            )
        } else if self
            .refund_limit
            .as_ref()
            .is_some_and(RefundLimit::wholly_barred)
        {
            "none: barred by the time limit (see the notes)".to_owned()
        } else {
            "none: nothing more to refund".to_owned()
        }
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
/// amends a filed return ([`Amendment`]); diagnostics go to `cx`. `recompute` computes the answers
/// of a part of the change on its own (the later windows of 54A:4-1 e and 9-8 c).
#[must_use]
pub fn amended_return(
    cx: &Ctx,
    form: &str,
    lines: &[Line],
    recompute: Recompute<'_>,
) -> Option<AmendedReturn> {
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
    if am.federal_change_answers.is_some() && federal_reports.is_empty() {
        let ticked = am.reasons.has(AmendReason::FederalChange)
            || am.reasons.has(AmendReason::AmendedFederalReturn);
        cx.diag(
            Diagnostic::warning(
                "amend-federal-change-answers-unused",
                if ticked {
                    "The answers marked as the federal change alone are not used: the date of the IRS's change or of the amended federal return is not given, and the 2 years to claim a refund from the federal change run from the day it had to be reported. Give that date (Amended return) so that the part of the refund the federal change brings can be allowed after the usual time limit."
                } else {
                    "The answers marked as the federal change alone are not used: neither \"The IRS changed the federal return\" nor \"An amended federal return was filed\" is ticked among the reasons. Tick the one that applies and give its date (Amended return), or clear the marked answers."
                },
            )
            .at("amends.federal_change_answers")
            .cite("N.J.S.A. 54A:9-8 c"),
        );
    }
    let readjust = readjustment(cx, recompute, am, form, o, lines);
    let claimed = net.max(Decimal::ZERO);
    let refund_limit = (claimed > Decimal::ZERO).then(|| {
        refund_limit(
            cx,
            &Claim {
                am,
                o,
                form,
                claimed,
                payments: total_payments,
                coj_credit: c(Key::CojCredit),
                recompute,
                lines,
            },
            &federal_reports,
            readjust.as_ref(),
        )
    });
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

/// The refund claimed on an amended return and what it is worked from.
struct Claim<'a> {
    am: &'a Amendment,
    o: &'a OriginalReturn,
    form: &'a str,
    claimed: Decimal,
    payments: Decimal,
    /// The corrected credit for tax paid to other jurisdictions (column C).
    coj_credit: Decimal,
    /// Computes the answers of a part of the change (the federal change alone).
    recompute: Recompute<'a>,
    /// The corrected return's lines (column C).
    lines: &'a [Line],
}

/// The readjustment of the credit for tax paid to other jurisdictions after their notices
/// (54A:4-1 e).
struct Readjustment {
    /// The latest last day among the jurisdictions whose credit changes: one year after the
    /// notice, moved past a weekend or holiday (54A:9-11 c).
    last_day: Date,
    /// The reduction in tax that the readjustments still open on the claim's day bring (all of
    /// them when no claim date is given).
    part: Decimal,
    /// The jurisdictions open on the claim's day, by name.
    open: Vec<String>,
    /// How `part` was worked out, in words.
    how: &'static str,
}

/// The reduction in tax that `answers` bring against the return as originally filed: (total
/// tax - total payments) as filed, less the same of `answers` computed, not below zero. `None`
/// when the original figures needed are not given or `answers` makes no return of `form`.
fn reduction_against_original(
    cx: &Ctx,
    recompute: Recompute<'_>,
    form: &str,
    o: &OriginalReturn,
    answers: &Answers,
) -> Option<Decimal> {
    let a54 = *o.lines.get(&Key::TotalTaxDue)?;
    let a66 = *o.lines.get(&Key::TotalPayments)?;
    let mut a = answers.clone();
    a.amends = None;
    a.tax_year = cx.a.tax_year;
    let lines = recompute(&a, form)?;
    let (tax, payments) = (
        value_of(&lines, Key::TotalTaxDue),
        value_of(&lines, Key::TotalPayments),
    );
    Some(sat_sub(sat_sub(a54, a66), sat_sub(tax, payments)).max(Decimal::ZERO))
}

/// The 54A:9-8 c part of a refund: "the reduction in tax attributable to such Federal change".
/// Worked out from the answers marked as the federal change alone (`fa`): the total tax due as
/// filed less the total tax due of those answers, never more than the whole amended return
/// reduces the tax. Payments are not tax: withholding, estimates and the other payments of
/// those answers are not looked at, since a federal change cannot change what was paid.
///
/// The marked answers must be a part of the amended return: each answer they change from the
/// original answers (when kept) must have the same value in the amended answers, and no line
/// they move may be left as filed by the amended return; their filing status is the amended
/// return's. Otherwise `Err` with what is not in the amended return, in words, and nothing is
/// counted as coming from the federal change.
fn federal_change_part(
    cx: &Ctx,
    c: &Claim<'_>,
    fa: &Answers,
) -> Option<Result<Decimal, Vec<String>>> {
    let o = c.o;
    let a54 = *o.lines.get(&Key::TotalTaxDue)?;
    let mut snap = fa.clone();
    snap.amends = None;
    snap.tax_year = cx.a.tax_year;
    let s = (c.recompute)(&snap, c.form)?;
    let s54 = value_of(&s, Key::TotalTaxDue);
    let mut not_in = Vec::new();
    if snap.filing_status != cx.a.filing_status {
        not_in.push(format!(
            "the filing status ({}, the amended return's is {})",
            snap.filing_status.name(),
            cx.a.filing_status.name()
        ));
    }
    // Answer by answer, when the original answers are kept.
    if let Some(orig) = c.am.original_answers.as_deref() {
        let flat = |a: &Answers| {
            crate::compare::flat::flatten(a).map(|mut f| {
                f.leaves
                    .retain(|p, _| !p.starts_with("amends") && !p.ends_with(".tax_due_notice_on"));
                f
            })
        };
        if let (Ok(of), Ok(sf), Ok(cf)) = (flat(orig), flat(&snap), flat(cx.a)) {
            let paths: std::collections::BTreeSet<&String> =
                of.leaves.keys().chain(sf.leaves.keys()).collect();
            for p in paths {
                let (was, fed) = (of.leaves.get(p), sf.leaves.get(p));
                if was != fed && cf.leaves.get(p) != fed && !p.starts_with("filing_status") {
                    not_in.push(path_words(p));
                }
            }
        }
    }
    // Line by line against the figures as filed: a line the federal change moves that the
    // amended return leaves as filed.
    for (key, v) in &s {
        // The result lines follow from tax and payments together: the lines before them say
        // which answer is not in the amended return.
        if DISPOSITION_LINES.contains(key) || matches!(key, Key::Overpayment | Key::TaxDue) {
            continue;
        }
        let (Some(a), Some(l)) = (o.lines.get(key), c.lines.iter().find(|l| l.key == *key)) else {
            continue;
        };
        if v != a && l.value == *a {
            not_in.push(format!("line {} ({})", l.id, l.label));
        }
    }
    if !not_in.is_empty() {
        not_in.dedup();
        return Some(Err(not_in));
    }
    let reduction = sat_sub(a54, s54).max(Decimal::ZERO);
    let whole = sat_sub(a54, value_of_line(c.lines, Key::TotalTaxDue)).max(Decimal::ZERO);
    // Marked after the other corrections were made: the marked answers are the whole amended
    // return, though a reason other than a federal one is ticked.
    let other_reason = c.am.reasons.list().iter().any(|r| {
        !matches!(
            r,
            AmendReason::FederalChange | AmendReason::AmendedFederalReturn
        )
    });
    let same_as_amended = s.iter().all(|(k, v)| {
        DISPOSITION_LINES.contains(k)
            || c.lines
                .iter()
                .find(|l| l.key == *k)
                .map_or(v.is_zero(), |l| l.value == *v)
    });
    if other_reason && same_as_amended && reduction > Decimal::ZERO {
        cx.diag(
            Diagnostic::warning(
                "amend-federal-change-is-whole-return",
                "The answers marked as the federal change alone give the same return as the amended answers, though another reason for amending is ticked: if they were marked after the other corrections were made, the whole refund is counted as coming from the federal change. Mark the federal change alone before making the other corrections (Amended return, \"The federal change alone\"), or untick the other reasons if the federal change is the only one.",
            )
            .at("amends.federal_change_answers")
            .cite("N.J.S.A. 54A:9-8 c"),
        );
    }
    Some(Ok(reduction.min(whole)))
}

/// An answer's path in plain words (`income.interest[0].taxable_interest` -> `income: interest
/// #1: taxable interest`), for a diagnostic. The comparison's richer names (the payer's name)
/// are not used: that module computes returns, and this one is part of computing them.
fn path_words(path: &str) -> String {
    path.split('.')
        .map(|part| {
            let (name, index) = match part.split_once('[') {
                Some((n, rest)) => (
                    n,
                    rest.trim_end_matches(']')
                        .parse::<usize>()
                        .ok()
                        .map(|i| i.saturating_add(1)),
                ),
                None => (part, None),
            };
            let name = name.replace('_', " ");
            match index {
                Some(i) => format!("{name} #{i}"),
                None => name,
            }
        })
        .collect::<Vec<_>>()
        .join(": ")
}

/// The value of `key` among computed lines (zero when absent).
fn value_of_line(lines: &[Line], key: Key) -> Decimal {
    lines
        .iter()
        .find(|l| l.key == key)
        .map_or(Decimal::ZERO, |l| l.value)
}

/// Computes answers that amend nothing and gives the amount lines of their return of the form
/// named, by key (`None`: no such return). The caller (the computation of the return set)
/// supplies it, so that this module does not depend on it.
pub type Recompute<'a> = &'a dyn Fn(&Answers, &str) -> Option<Vec<(Key, Decimal)>>;

/// The value of `key` among recomputed lines (zero when the return has no such line).
fn value_of(lines: &[(Key, Decimal)], key: Key) -> Decimal {
    lines
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(Decimal::ZERO, |(_, v)| *v)
}

/// The 54A:4-1 e readjustment: for each jurisdiction with a notice date
/// (`other_jurisdictions[].tax_due_notice_on`), the year after the notice, and the reduction in
/// tax the changed entries still open bring. Warns of a notice the engine does not use (the
/// entry is as on the original return) and of a notice dated before the original was filed.
/// `None` when no notice date is given.
fn readjustment(
    cx: &Ctx,
    recompute: Recompute<'_>,
    am: &Amendment,
    form: &str,
    o: &OriginalReturn,
    lines: &[Line],
) -> Option<Readjustment> {
    let corrected = &cx.a.other_jurisdictions;
    let original = am.original_answers.as_ref().map(|a| &a.other_jurisdictions);
    let late = &cx.p.late;
    let due = late.return_due_date.value.0;
    let original_filed = cx.a.filing.filed_on.unwrap_or(due);
    let line = |k: Key| lines.iter().find(|l| l.key == k).map(|l| l.value);
    // Without the original answers an entry's change cannot be seen: the credit's line as
    // filed against the corrected one tells whether the credit changed at all.
    let credit_changed = match (o.lines.get(&Key::CojCredit), line(Key::CojCredit)) {
        (Some(a), Some(c)) => *a != c,
        (None, Some(c)) => !c.is_zero(),
        _ => false,
    };
    let mut last_day: Option<Date> = None;
    let mut open_entries: Vec<usize> = Vec::new();
    let mut open = Vec::new();
    for (i, j) in corrected.iter().enumerate() {
        let Some(notice) = j.tax_due_notice_on else {
            continue;
        };
        let name = if j.name.trim().is_empty() {
            format!("jurisdiction {}", i + 1)
        } else {
            j.name.clone()
        };
        let path = format!("other_jurisdictions[{i}].tax_due_notice_on");
        let changed = match original {
            Some(orig) => matching_original(corrected, i, orig).is_none_or(|e| {
                e.income_taxed_by_both != j.income_taxed_by_both
                    || e.tax_paid != j.tax_paid
                    || e.entity_level_tax != j.entity_level_tax
            }),
            None => credit_changed,
        };
        if !changed {
            cx.diag(
                Diagnostic::warning(
                    "amend-coj-notice-unused",
                    format!(
                        "The date of {name}'s notice is not used: the income taxed by both and the tax paid there are the same as on the original return, so the credit for it is not readjusted. Correct them to what {name} finally requires, or clear the notice date."
                    ),
                )
                .at(path)
                .cite("N.J.S.A. 54A:4-1 e"),
            );
            continue;
        }
        if notice < original_filed {
            cx.diag(
                Diagnostic::warning(
                    "amend-coj-notice-before-filing",
                    format!(
                        "The notice from {name} ({notice}) is dated before the original return was filed ({original_filed}): its year ends before the refund limits of 54A:9-8 do, so it gives no more time. Check the date: it is the day you received the notice that the tax there was due."
                    ),
                )
                .at(path.clone())
                .cite("N.J.S.A. 54A:4-1 e; 54A:9-8 a"),
            );
        }
        if let Some(claim) = am.filed_on.filter(|c| *c < notice) {
            cx.diag(
                Diagnostic::warning(
                    "amend-coj-notice-after-claim",
                    format!(
                        "The notice from {name} ({notice}) is dated after the amended return is filed ({claim}): the credit may be readjusted within the year after the notice is received, so this claim, made before it, does not use that year. Check both dates: the notice's is the day you received it."
                    ),
                )
                .at(path.clone())
                .cite("N.J.S.A. 54A:4-1 e"),
            );
        }
        let end = next_business_day(late, add_months(notice, 12));
        last_day = Some(last_day.map_or(end, |d| d.max(end)));
        if am.filed_on.is_none_or(|c| notice <= c && c <= end) {
            open_entries.push(i);
            open.push(name);
        }
    }
    let last_day = last_day?;
    let (part, how) = if open_entries.is_empty() {
        (Decimal::ZERO, "")
    } else if let Some(orig) = &am.original_answers {
        // Each open entry replaces the same jurisdiction's entry as filed (matched by name,
        // kind and state, never by its place in the list); an entry the original did not have
        // is added. Every other entry stays as filed: an entry added without a notice is not
        // a readjustment of a noticed jurisdiction's credit.
        let mut cf = (**orig).clone();
        for i in &open_entries {
            if let Some(j) = corrected.get(*i) {
                let slot = matching_original_index(corrected, *i, &orig.other_jurisdictions)
                    .and_then(|k| cf.other_jurisdictions.get_mut(k));
                match slot {
                    Some(slot) => *slot = j.clone(),
                    None => cf.other_jurisdictions.push(j.clone()),
                }
            }
        }
        (
            reduction_against_original(cx, recompute, form, o, &cf).unwrap_or_default(),
            "the original answers with only those jurisdictions' entries corrected, computed against the original figures",
        )
    } else {
        let a44 = o.lines.get(&Key::CojCredit).copied().unwrap_or_default();
        let increase = sat_sub(line(Key::CojCredit).unwrap_or_default(), a44).max(Decimal::ZERO);
        match typed_readjustment(o, corrected, &open_entries) {
            Some(credit) => (
                sat_sub(credit, a44).max(Decimal::ZERO).min(increase),
                "the credit worked out again against the return as filed (its tax and gross income as typed), so that other corrections on the amended return do not count in it",
            ),
            None => (
                increase,
                "the increase of the credit line as filed, since the original answers are not kept",
            ),
        }
    };
    Some(Readjustment {
        last_day,
        part,
        open,
        how,
    })
}

/// With figures typed from the filed return (no original answers): the credit for tax paid to
/// other jurisdictions worked out again against the return as filed, with the corrected entries:
/// for each, the lesser of the tax paid there and the tax as filed (line 43) x income taxed by
/// both / gross income as filed (Schedule NJ-COJ lines 3, 8, 9), in all not more than that tax
/// (54A:4-1 a, b). `None` when it cannot be done this simply: a figure as filed not typed, a
/// city or other subdivision (its schedule joins its state's), or an entry with income or tax
/// whose year is not open (its credit as filed is not known apart).
fn typed_readjustment(
    o: &OriginalReturn,
    corrected: &[OtherJurisdiction],
    open: &[usize],
) -> Option<Decimal> {
    let tax = (*o.lines.get(&Key::Tax)?).max(Decimal::ZERO);
    let gross = (*o.lines.get(&Key::GrossIncome)?).max(Decimal::ZERO);
    let mut credits = Vec::new();
    for (i, j) in corrected.iter().enumerate() {
        let used = !j.income_taxed_by_both.is_zero() || !j.tax_paid.is_zero();
        if !used {
            continue;
        }
        if !open.contains(&i) || j.kind == JurisdictionKind::Local {
            return None;
        }
        let ratio = crate::rules::coj::credit_ratio(j.income_taxed_by_both.min(gross), gross);
        credits.push(
            crate::money::times_rate(tax, ratio)
                .min(j.tax_paid.max(Decimal::ZERO))
                .min(tax),
        );
    }
    Some(sat_sum(credits).min(tax))
}

/// Who an other-jurisdiction entry is: its name (trimmed, any case), kind and state. The same
/// jurisdiction keeps these from the return as filed to the amended one, whatever its place in
/// the list.
fn jurisdiction_identity(j: &OtherJurisdiction) -> (String, JurisdictionKind, String) {
    (
        j.name.trim().to_lowercase(),
        j.kind,
        j.state.trim().to_lowercase(),
    )
}

/// The place in `original` of the entry `corrected[i]` corrects: the entry of the same
/// jurisdiction ([`jurisdiction_identity`]), the n-th of several with the same identity matched
/// to the n-th. `None`: the original had no such entry (it is added).
fn matching_original_index(
    corrected: &[OtherJurisdiction],
    i: usize,
    original: &[OtherJurisdiction],
) -> Option<usize> {
    let j = corrected.get(i)?;
    let id = jurisdiction_identity(j);
    let nth = corrected
        .iter()
        .take(i)
        .filter(|e| jurisdiction_identity(e) == id)
        .count();
    original
        .iter()
        .enumerate()
        .filter(|(_, e)| jurisdiction_identity(e) == id)
        .nth(nth)
        .map(|(k, _)| k)
}

/// The entry as filed that `corrected[i]` corrects ([`matching_original_index`]).
fn matching_original<'a>(
    corrected: &[OtherJurisdiction],
    i: usize,
    original: &'a [OtherJurisdiction],
) -> Option<&'a OtherJurisdiction> {
    matching_original_index(corrected, i, original).and_then(|k| original.get(k))
}

/// The refund time limits of 54A:9-8 a, c, d, g, h on the refund claimed, and the later window
/// of 54A:4-1 e for the readjustment of the credit for tax paid to other jurisdictions.
///
/// After the 9-8 a period the refund is barred except two parts, each in its own window: the
/// reduction in tax the federal change alone brings (9-8 c), and the reduction the readjusted
/// credit brings (4-1 e); the allowed refund is the larger of what 9-8 a allows and the sum of
/// those open parts, never more than claimed.
fn refund_limit(
    cx: &Ctx,
    c: &Claim<'_>,
    reports: &[FederalReport],
    readjust: Option<&Readjustment>,
) -> RefundLimit {
    let Claim {
        am,
        o,
        claimed,
        payments,
        ..
    } = *c;
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
    let readjustment_last_day = readjust.map(|r| r.last_day);
    let ext = if cx.a.filing.extension {
        late.filing_extension_months.value
    } else {
        0
    };
    let Some(claim) = am.filed_on else {
        let mut words = format!(
            "The last day to claim this refund is {last_day} (3 years from the original return's filing, an early return counting as filed on {deemed_paid}, or 2 years from the last payment, whichever is later; 54A:9-8 a, g, h). Give the day you file the amended return to check it."
        );
        if let Some(d) = federal_change_last_day.filter(|d| *d > last_day) {
            words.push_str(&format!(
                " The reduction in tax the federal change alone brings may be claimed until {d} (54A:9-8 c)."
            ));
        }
        if let Some(d) = readjustment_last_day.filter(|d| *d > last_day) {
            words.push_str(&format!(
                " The reduction the readjusted credit for tax paid to another state brings may be claimed until {d} (54A:4-1 e)."
            ));
        }
        return RefundLimit {
            last_day,
            federal_change_last_day,
            federal_part: None,
            readjustment_last_day,
            readjustment_part: None,
            claimed,
            allowed: claimed,
            barred: Decimal::ZERO,
            words,
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
    let allowed_a = claimed.min(cap);
    let mut words = vec![format!(
        "{rule}: {} of the {} can be refunded under it.",
        fmt_money(allowed_a),
        fmt_money(claimed)
    )];
    let mut later = Decimal::ZERO;
    let mut federal_part = None;
    let mut readjustment_part = None;
    if allowed_a < claimed {
        if let Some(c_last) = federal_change_last_day {
            if claim > c_last {
                words.push(format!(
                    "The 2 years to claim a refund from the federal change ended {c_last} (54A:9-8 c)."
                ));
            } else if let Some(fa) = &am.federal_change_answers {
                match federal_change_part(cx, c, fa) {
                    Some(Ok(part)) => {
                        federal_part = Some(part);
                        later = sat_add(later, part);
                        words.push(format!(
                            "A refund from the federal change may be claimed until {c_last}, for the reduction in tax attributable to it only (54A:9-8 c): the answers marked as the federal change alone, computed against the return as filed, reduce the tax by {} (tax only: payments such as withholding are not tax, and a federal change does not change them).",
                            fmt_money(part)
                        ));
                    }
                    Some(Err(not_in)) => {
                        federal_part = Some(Decimal::ZERO);
                        words.push(format!(
                            "A refund from the federal change may be claimed until {c_last}, for the reduction in tax attributable to it only (54A:9-8 c); but the answers marked as the federal change alone are not all in the amended return, so none of the refund is counted as coming from it."
                        ));
                        cx.diag(
                            Diagnostic::warning(
                                "amend-federal-change-not-in-return",
                                format!(
                                    "The answers marked as the federal change alone differ from the amended return in: {}. A refund after the usual time limit is limited to the reduction in tax the federal change brings to this return (54A:9-8 c), so the marked answers must be the return as filed with only the federal change made, and the amended return must make that change too. Mark the federal change again (Amended return, \"The federal change alone\") or correct the amended answers; until then none of the refund is counted as coming from it.",
                                    not_in.join("; ")
                                ),
                            )
                            .at("amends.federal_change_answers")
                            .cite("N.J.S.A. 54A:9-8 c, d"),
                        );
                    }
                    None => words.push(
                        "The reduction in tax the federal change alone brings cannot be worked out: the original return's total tax and total payments are not given."
                            .to_owned(),
                    ),
                }
            } else {
                words.push(format!(
                    "A refund from the federal change may be claimed until {c_last}, for the reduction in tax attributable to it only (54A:9-8 c); which answers the federal change brought is not marked, so none of the refund is counted as coming from it."
                ));
                cx.diag(
                    Diagnostic::warning(
                        "amend-federal-part-unmarked",
                        format!(
                            "The refund of {} is claimed after the usual time limit, when only the reduction in tax that the federal change brings can be refunded (54A:9-8 c). Mark which answers the federal change brought (Amended return, \"The federal change alone\") so the app can work that part out; until then the refund is shown as barred.",
                            fmt_money(claimed)
                        ),
                    )
                    .at("amends.federal_change_answers")
                    .cite("N.J.S.A. 54A:9-8 a, c"),
                );
            }
        }
        let credit_changed = o
            .lines
            .get(&Key::CojCredit)
            .is_some_and(|a| *a < c.coj_credit);
        if readjust.is_none() && credit_changed {
            words.push(
                "If another state or city sent you a notice that its tax was due, give the day you received it on its entry (Credits screen): the credit for that tax may be readjusted within one year after it (54A:4-1 e)."
                    .to_owned(),
            );
        }
        if let Some(r) = readjust {
            if r.open.is_empty() {
                words.push(format!(
                    "The year to readjust the credit for tax paid to another state after its notice ended {} (54A:4-1 e).",
                    r.last_day
                ));
            } else {
                readjustment_part = Some(r.part);
                later = sat_add(later, r.part);
                words.push(format!(
                    "The credit for tax paid to {} may be readjusted within one year after the notice that the tax there was due, until {} (54A:4-1 e), whatever the other time limits: the readjustment reduces the tax by {} ({}).",
                    r.open.join(", "),
                    r.last_day,
                    fmt_money(r.part),
                    r.how
                ));
            }
        }
    }
    let allowed = allowed_a.max(claimed.min(later));
    let barred = sat_sub(claimed, allowed);
    if allowed > allowed_a {
        words.push(format!(
            "So {} of the {} can be refunded.",
            fmt_money(allowed),
            fmt_money(claimed)
        ));
    }
    let words = words.join(" ");
    if barred > Decimal::ZERO {
        cx.diag(
            Diagnostic::warning(
                "amend-refund-time-barred",
                format!(
                    "{words} The other {} of the refund is barred: a refund of it would be erroneous (54A:9-8 d).",
                    fmt_money(barred)
                ),
            )
            .at("amends.filed_on")
            .cite("N.J.S.A. 54A:9-8 a, c, d, g, h; 54A:4-1 e"),
        );
    } else if days_between(claim, last_day) <= i64::from(late.refund_deadline_warning_days.value)
        && allowed == allowed_a
    {
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
        federal_part,
        readjustment_last_day,
        readjustment_part,
        claimed,
        allowed,
        barred,
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
