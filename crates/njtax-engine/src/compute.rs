//! The orchestrator: answers + year parameters in, computed return out.
//!
//! Lines are computed in form order; each rule function reads the answers, the year's figures and
//! the lines already computed, and returns its [`Line`] with the explanation. Diagnostics are
//! collected on the way.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::{Answers, Date};
use crate::explain::{Diagnostic, Explanation, Line, Mode, Severity};
use crate::key::Key;
use crate::lines::LineMap;
use crate::registry::Registry;
use crate::residency::{Filer, ReturnKind, Scope};
use crate::rules;
use crate::year::{ParamBook, YearParams};

pub use crate::rules::filing::FilingRequirement;
pub use crate::sheet::{Ctx, Sheet};
pub use crate::year::ComputeError;

/// A computed return.
#[derive(Clone, Debug, Serialize)]
pub struct ComputedReturn {
    /// Form id (`NJ-1040` or `NJ-1040NR`).
    pub form: String,
    /// Which return of the draft this is (resident, part-year resident, nonresident).
    pub kind: ReturnKind,
    /// Whose return (the household, or one spouse filing separately).
    pub filer: Filer,
    /// Months covered, 15 days or more counting as a month (12 for a full year).
    pub months: u8,
    /// First day of the period covered (a part-year resident return).
    pub period_from: Option<Date>,
    /// Last day of the period covered (a part-year resident return).
    pub period_to: Option<Date>,
    /// Tax year.
    pub tax_year: u16,
    /// Lines in form order.
    pub lines: Vec<Line>,
    /// Refund (line 80), zero when there is a balance due.
    pub refund: Decimal,
    /// Balance due (line 79), zero when there is a refund.
    pub balance_due: Decimal,
    /// Filing requirement.
    pub filing_requirement: FilingRequirement,
    /// Diagnostics, errors first.
    pub diagnostics: Vec<Diagnostic>,
    /// The business credits schedule and carryover ledger (empty when no such credit is claimed).
    pub business_credits: crate::rules::business_credits::CreditSchedule,
    /// Form NJ-2210, when line 52 was worked out.
    pub nj2210: Option<crate::rules::nj2210::Nj2210Schedule>,
    /// Schedule NJ-HCC, on a resident return.
    pub hcc: Option<crate::rules::hcc::HccSchedule>,
    /// Next year's estimated tax plan (on the first return of each filer).
    pub next_year: Option<crate::rules::next_year::EstimatedTaxPlan>,
    /// What filing or paying late adds, when the filer says the return is late (an estimate).
    pub late: Option<crate::rules::next_year::LateEstimate>,
    /// The alternative business loss to carry into next year (54A:3-9 b; NJ-BUS-2 line 12).
    pub alternative_business_loss_carryforward: Decimal,
    /// The last day this return's overpayment can be claimed (54A:9-8 a, h; 9-11 c), when there is
    /// an overpayment ([`rules::refund::refund_claim_deadline`]).
    pub refund_claim_deadline: Option<rules::refund::RefundClaimDeadline>,
    /// The refund is deposited in the bank account of the answers' `refund.direct_deposit`: a
    /// deposit is asked for (not to an account outside the United States), this return has a
    /// refund, and it is the return of the filer whose answers hold the account (not the other
    /// spouse's separate return). The printed return and the hand-off sheet list the account
    /// then. Not part of the output (the numbers stay in the answers).
    #[serde(skip)]
    pub refund_deposited: bool,
    /// The amended return (columns A, B and C, the refund or balance after what the original
    /// paid or refunded, the time limits and the interest estimate) when the draft amends a
    /// filed return (`answers.amends`).
    pub amended: Option<rules::amended::AmendedReturn>,
    /// Lines of the form a rule could not have when it read them ([`Sheet::premature_reads`]: a
    /// read that closed a cycle, or a line no rule gives): a defect in the rules, empty on every
    /// tested return. Not part of the output.
    #[serde(skip)]
    pub premature_reads: Vec<Key>,
    /// The NJ-1040's yes/no digital-asset question with the filer's answer, on a return whose
    /// form asks it (`exemptions.digital_asset_question`); `None` on any other return.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub digital_assets: Option<rules::digital_assets::DigitalAssetQuestion>,
}

impl ComputedReturn {
    /// A line by its official id for the year ("15", "28c").
    pub fn line(&self, id: &str) -> Option<&Line> {
        self.lines.iter().find(|l| l.id.eq_ignore_ascii_case(id))
    }

    /// A line by semantic key.
    pub fn by_key(&self, key: Key) -> Option<&Line> {
        self.lines.iter().find(|l| l.key == key)
    }

    /// Value of a line by semantic key (zero when absent).
    pub fn value_by_key(&self, key: Key) -> Decimal {
        self.by_key(key).map_or(Decimal::ZERO, |l| l.value)
    }

    /// Value of a line by official id (zero when absent).
    pub fn value(&self, id: &str) -> Decimal {
        self.line(id).map_or(Decimal::ZERO, |l| l.value)
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// The refund the law bars when this return is filed on `filed`: the overpayment (which
    /// can be neither refunded nor credited) and the last day it could have been claimed,
    /// when `filed` is after that day (N.J.S.A. 54A:9-8 a, d). `None`: no overpayment, or in
    /// time. Callers pass `filing.filed_on`, or the day the app is used when none is given (a
    /// return filed now), so that a barred refund is never shown as a refund.
    #[must_use]
    pub fn barred_refund(&self, filed: Date) -> Option<BarredRefund> {
        let deadline = self.refund_claim_deadline?;
        let overpayment = self.value_by_key(Key::Overpayment);
        (overpayment > Decimal::ZERO
            && deadline.standing(filed) == rules::refund::DeadlineStanding::Past)
            .then_some(BarredRefund {
                overpayment,
                last_day: deadline.last_day,
            })
    }
}

/// A refund the law bars (N.J.S.A. 54A:9-8 a, d): shown as barred, never as a refund.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BarredRefund {
    /// The overpayment that can be neither refunded nor credited to next year.
    pub overpayment: Decimal,
    /// The last day it could have been claimed.
    pub last_day: Date,
}

impl BarredRefund {
    /// The barred refund in one plain sentence (for the app, the printout and the hand-off
    /// sheet).
    #[must_use]
    pub fn words(&self) -> String {
        format!(
            "No refund: the last day to claim the overpayment of {} was {}, so it can be neither refunded nor credited to next year (N.J.S.A. 54A:9-8 a, d).",
            crate::money::fmt_money(self.overpayment),
            self.last_day
        )
    }
}

/// Compute a full-year resident NJ-1040 from the answers.
///
/// # Errors
/// [`ComputeError::UnsupportedYear`] for a year `forms/years.ron` does not list.
///
/// # Example
/// ```
/// use njtax_engine::{Answers, ParamBook, compute};
/// let book = ParamBook::load()?;
/// let answers = Answers { tax_year: 2024, ..Answers::default() };
/// let ret = compute(&answers, &book)?;
/// assert_eq!(ret.value("43"), rust_decimal::Decimal::ZERO);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn compute(answers: &Answers, book: &ParamBook) -> Result<ComputedReturn, ComputeError> {
    compute_set(answers, book).map(ReturnSet::into_primary)
}

/// Compute every value and diagnostic without building explanations: the hot path for the live
/// refund figure on every keystroke. Lines carry empty explanations, except for the uncertain law
/// figures they use (so the uncertainty warnings are the same as [`compute_with`]'s).
pub fn compute_values(answers: &Answers, p: &YearParams) -> ComputedReturn {
    compute_set_in(answers, p, Mode::ValuesOnly).into_primary()
}

/// Compute the draft's first return (the resident return when there is one) with every line's
/// explanation. A draft of part-year residents, nonresidents or spouses of different residency
/// produces several returns: see [`compute_set_with`].
pub fn compute_with(answers: &Answers, p: &YearParams) -> ComputedReturn {
    compute_set_with(answers, p).into_primary()
}

/// Every return one draft produces (see [`crate::residency`]), with the statement of which must
/// be filed.
///
/// # Errors
/// [`ComputeError::UnsupportedYear`] for a year `forms/years.ron` does not list.
pub fn compute_set(answers: &Answers, book: &ParamBook) -> Result<ReturnSet, ComputeError> {
    let p = book.supported(answers.tax_year)?;
    Ok(compute_set_with(answers, &p))
}

/// [`compute_set_with`] without explanations (the live recompute).
pub fn compute_set_values(answers: &Answers, p: &YearParams) -> ReturnSet {
    compute_set_in(answers, p, Mode::ValuesOnly)
}

/// Every return one draft produces, each with every line's explanation.
pub fn compute_set_with(answers: &Answers, p: &YearParams) -> ReturnSet {
    compute_set_in(answers, p, Mode::Explain)
}

/// Every return one draft produces, with explanations or values only as `mode` says.
pub fn compute_set_in(answers: &Answers, p: &YearParams, mode: Mode) -> ReturnSet {
    let plan = crate::residency::plan(answers, p);
    let mut statement = plan.reasons.clone();
    let mut returns: Vec<ComputedReturn> = Vec::new();
    // Whether a return that carries the direct deposit has a refund to deposit.
    let mut deposit_has_refund = false;
    for pr in &plan.returns {
        let mut ret = compute_planned(pr, p, mode);
        if pr.kind == ReturnKind::PartYearNonresident && !needs_nonresident_return(&ret) {
            statement.push(format!(
                "No NJ-1040NR is needed{}: there was no New Jersey income, withholding or payment in the nonresident part of the year (54A:5-8).",
                filer_words(pr.filer)
            ));
            continue;
        }
        if let Some(dd) = &pr.answers.refund.direct_deposit {
            let refund = ret.refund > Decimal::ZERO;
            deposit_has_refund |= refund;
            ret.refund_deposited = refund && !dd.outside_us;
        }
        returns.push(ret);
    }
    if returns.is_empty() {
        // Every planned return was dropped (cannot happen: a resident return is never dropped);
        // keep the first so callers always have one.
        if let Some(pr) = plan.returns.first() {
            returns.push(compute_planned(pr, p, mode));
        }
    }
    if answers.amends.is_some() {
        // A part of the change computed on its own (the federal change alone, 54A:9-8 c; a
        // readjusted credit, 54A:4-1 e): values only, and its answers amend nothing.
        let recompute = |a: &Answers, form: &str| {
            compute_set_values(a, p)
                .returns
                .iter()
                .find(|r| r.form == form)
                .map(|r| {
                    r.lines
                        .iter()
                        .filter(|l| !l.is_ratio())
                        .map(|l| (l.key, l.value))
                        .collect()
                })
        };
        for r in &mut returns {
            let cx = Ctx::new(answers, p).with_mode(mode);
            r.amended = rules::amended::amended_return(&cx, &r.form, &r.lines, &recompute);
            r.diagnostics.extend(cx.take_diags());
            r.diagnostics.sort_by_key(|d| std::cmp::Reverse(d.severity));
        }
    }
    {
        let cx = Ctx::new(answers, p).with_mode(mode);
        rules::validate::validate_splits(&cx);
        rules::validate::validate_direct_deposit(&cx, deposit_has_refund);
        rules::validate::validate_unused(
            &cx,
            rules::validate::ReturnsPlanned {
                election_applies: plan.alternative.is_some(),
                nonresident_return: returns.iter().any(|r| r.kind.is_nonresident()),
            },
        );
        rules::digital_assets::validate(
            &cx,
            returns.iter().find_map(|r| r.digital_assets.as_ref()),
        );
        if let Some(first) = returns.first_mut() {
            let mut found = cx.take_diags();
            found.retain(|d| {
                !first
                    .diagnostics
                    .iter()
                    .any(|u| u.code == d.code && u.path == d.path)
            });
            first.diagnostics.extend(found);
            first
                .diagnostics
                .sort_by_key(|d| std::cmp::Reverse(d.severity));
        }
    }
    for r in &returns {
        statement.push(return_statement(r));
    }
    let comparison = plan.alternative.as_ref().map(|alt| {
        let alt_returns: Vec<ComputedReturn> = alt
            .iter()
            .map(|pr| compute_planned(pr, p, Mode::ValuesOnly))
            .collect();
        ElectionComparison::new(answers.both_residents_election, &returns, &alt_returns)
    });
    if let Some(c) = &comparison {
        statement.push(c.summary.clone());
    }
    ReturnSet {
        tax_year: answers.tax_year,
        returns,
        statement,
        comparison,
        provisional: p.provisional.clone(),
        back_year: p.back_year.clone(),
    }
}

fn filer_words(filer: Filer) -> &'static str {
    match filer {
        Filer::Household => "",
        Filer::Taxpayer => " for the taxpayer",
        Filer::Spouse => " for the spouse",
    }
}

/// Whether a part-year resident's NJ-1040NR carries anything: New Jersey-source income (column B)
/// or tax withheld or paid in the nonresident period.
fn needs_nonresident_return(r: &ComputedReturn) -> bool {
    !r.value_by_key(Key::TotalIncomeNj).is_zero()
        || !r.value_by_key(Key::Withholding).is_zero()
        || !r.value_by_key(Key::PartnershipTaxPaid).is_zero()
        || !r.value_by_key(Key::BaitCredit).is_zero()
}

/// One sentence on a return: which form, whose, what period, whether it must be filed.
fn return_statement(r: &ComputedReturn) -> String {
    let period = match (r.period_from, r.period_to) {
        (Some(f), Some(t)) => format!(", {f} to {t} ({} months)", r.months),
        _ if r.months < 12 => format!(" ({} months)", r.months),
        _ => String::new(),
    };
    let must = if r.filing_requirement.required {
        "must be filed"
    } else if r.filing_requirement.should_file_for_refund {
        "is not required, but file it to get money back"
    } else {
        "is not required"
    };
    format!(
        "{} {}{}{}: {must}. {}.",
        r.form,
        r.kind.describe(),
        filer_words(r.filer),
        period,
        r.filing_requirement.reason
    )
}

/// Compute one planned return.
fn compute_planned(
    pr: &crate::residency::PlannedReturn,
    p: &YearParams,
    mode: Mode,
) -> ComputedReturn {
    let whole =
        (pr.kind != ReturnKind::Resident).then(|| whole_year_income(pr.whole_year_answers(), p));
    let scope = Scope {
        kind: pr.kind,
        months: pr.months,
        whole_year_gross_income: whole.map(|w| w.1),
        whole_year_total_income: whole.map(|w| w.0),
        from: pr.from,
        to: pr.to,
    };
    let mut ret = if pr.kind.is_nonresident() {
        compute_nonresident(&pr.answers, p, scope, mode)
    } else {
        compute_resident(&pr.answers, p, scope, mode)
    };
    ret.filer = pr.filer;
    ret
}

/// Total income (line 27) and gross income (line 29) for the whole year as if a resident: lines
/// 15-29 over every item, unsplit (only the lines those two read are computed).
fn whole_year_income(a: &Answers, p: &YearParams) -> (Decimal, Decimal) {
    let cx = Ctx::new(a, p).with_mode(Mode::ValuesOnly);
    let rules = Registry::resident(&cx);
    let s = Sheet::for_map(&p.line_map).with_rules(&rules);
    (s.v(Key::TotalIncome), s.v(Key::GrossIncome))
}

/// The NJ-1040 (full year, or the resident period of a part-year resident): every line of the
/// form, each computed by its rule when first needed ([`crate::registry`]).
fn compute_resident(answers: &Answers, p: &YearParams, scope: Scope, mode: Mode) -> ComputedReturn {
    let cx = Ctx::scoped(answers, p, scope).with_mode(mode);
    rules::validate::validate(&cx);
    let rules = Registry::resident(&cx);
    let s = Sheet::for_map(&p.line_map).with_rules(&rules);
    s.fill(&p.line_map);
    let after = next_year_and_late(&cx, &s);
    let ret = finish(&cx, s);
    let (applied, hcc, nj2210) = rules.into_parts();
    let mut ret = with_next_year(with_credits(ret, applied), after);
    // The schedule shows the line 53c explanation as finished (its citation names the line).
    ret.hcc = hcc.map(|mut h| {
        if let Some(l) = ret
            .lines
            .iter()
            .find(|l| l.key == Key::SharedResponsibility)
        {
            h.explanation = l.explanation.clone();
        }
        h
    });
    ret.nj2210 = nj2210;
    ret
}

/// The business credits schedule on a finished return, with its net once the separately
/// claimed credits are allowed.
fn with_credits(
    mut ret: ComputedReturn,
    applied: rules::business_credits::Applied,
) -> ComputedReturn {
    let mut schedule = applied.schedule;
    rules::business_credits::settle(&mut schedule, ret.refund, ret.balance_due);
    // A refundable credit without a form line is money back too: a filer under the threshold
    // should file to get it (54A:9-7(a)).
    let fr = &mut ret.filing_requirement;
    if !fr.required && !fr.should_file_for_refund && schedule.separate_refundable > Decimal::ZERO {
        fr.should_file_for_refund = true;
        fr.reason = format!(
            "{}. File anyway: a refund is paid only on a filed return (N.J.S.A. 54A:9-7(a)), and the refundable credits claimed without a form line (business credits schedule) come to {}",
            fr.reason,
            crate::money::fmt_money(schedule.separate_refundable)
        );
    }
    ret.business_credits = schedule;
    ret
}

/// The NJ-1040NR (a nonresident, or the nonresident period of a part-year resident): tax as if a
/// resident on income from everywhere, times the New Jersey share of that income (54A:2-1.1 a).
fn compute_nonresident(
    answers: &Answers,
    p: &YearParams,
    scope: Scope,
    mode: Mode,
) -> ComputedReturn {
    let cx = Ctx::scoped(answers, p, scope.clone()).with_mode(mode);
    rules::validate::validate(&cx);
    let rules = Registry::nonresident(&cx, scope);
    let s = Sheet::for_map(&p.nr_line_map).with_rules(&rules);
    s.fill(&p.nr_line_map);
    rules::nonresident::resident_only_answers(&cx);
    let after = next_year_and_late(&cx, &s);
    let ret = finish(&cx, s);
    let (applied, _, nj2210) = rules.into_parts();
    let mut ret = with_next_year(with_credits(ret, applied), after);
    ret.nj2210 = nj2210;
    ret
}

/// Next year's estimated tax plan (on the first return of each filer) and the late filing and
/// payment estimate (when late): neither is a form line.
fn next_year_and_late(
    cx: &Ctx,
    s: &Sheet,
) -> (
    Option<rules::next_year::EstimatedTaxPlan>,
    Option<rules::next_year::LateEstimate>,
) {
    let plan = rules::next_year::carries_plan(cx.scope.kind)
        .then(|| rules::next_year::estimated_tax_plan(cx, s));
    (plan, rules::next_year::late_estimate(cx, s))
}

/// Put [`next_year_and_late`]'s results on the computed return.
fn with_next_year(
    mut ret: ComputedReturn,
    (plan, late): (
        Option<rules::next_year::EstimatedTaxPlan>,
        Option<rules::next_year::LateEstimate>,
    ),
) -> ComputedReturn {
    ret.next_year = plan;
    ret.late = late;
    ret
}

/// Order the lines, settle the diagnostics and the filing requirement.
fn finish(cx: &Ctx, s: Sheet) -> ComputedReturn {
    let filing_requirement = rules::filing::filing_requirement(cx, &s);
    let p = cx.p;

    // A zero is shown as 0, never -0 (a product or difference of zero can carry a sign).
    let unsigned = |v: Decimal| if v.is_zero() { Decimal::ZERO } else { v };
    let refund = unsigned(s.v(Key::Refund));
    let balance_due = unsigned(s.v(Key::BalanceDue));
    let refund_claim_deadline = if s.v(Key::Overpayment).is_zero() {
        None
    } else {
        rules::refund::refund_claim_deadline(cx)
    };
    let premature_reads = s.premature_reads();
    let mut lines: Vec<Line> = s.into_lines();
    for l in &mut lines {
        l.value = unsigned(l.value);
    }
    // Lines that are not on this form (the NJ-1040NR has no line 45 or 44): they must be zero or
    // equal to a line that is; anything else is a defect worth reporting.
    lines.retain(|l| {
        if l.position != usize::MAX {
            return true;
        }
        if !l.value.is_zero() && l.key != Key::BalanceOfTax {
            cx.diag(Diagnostic::error(
                "internal-line-off-form",
                format!(
                    "Internal check: {} has {} but is not a line of {}",
                    l.key,
                    crate::money::fmt_money(l.value),
                    cx.map().form
                ),
            ));
        }
        false
    });
    let mut lines = in_form_order(lines, cx.map().lines.len());
    out_of_range_lines(cx, &lines);

    let diagnostics = cx.take_diags();
    // Several rules may notice the same problem (a birth date decides exemptions and exclusions
    // alike): report each problem at each place once, keeping the most severe finding and, among
    // equally severe ones, the most specific (the last; the generic answer checks run first).
    // Found by (code, place) in a map, so a draft with many findings stays linear.
    let mut unique: Vec<Diagnostic> = Vec::new();
    let mut at: HashMap<(String, Option<String>), usize> = HashMap::new();
    for d in diagnostics {
        match at.entry((d.code.clone(), d.path.clone())) {
            Entry::Occupied(e) => {
                if let Some(u) = unique.get_mut(*e.get())
                    && d.severity >= u.severity
                {
                    *u = d;
                }
            }
            Entry::Vacant(e) => {
                e.insert(unique.len());
                unique.push(d);
            }
        }
    }
    let mut diagnostics = unique;
    if let Some(prov) = &p.provisional {
        diagnostics.push(provisional_year_warning(prov));
    }
    if let Some(notice) = &p.back_year {
        // On an amended draft the amended return's refund has its own time limits, worked out
        // with it (9-8 a, c; 4-1 e): the original return's last day is not repeated here.
        diagnostics.push(back_year_warning(
            notice,
            refund_claim_deadline
                .as_ref()
                .filter(|_| cx.a.amends.is_none()),
            cx.a.filing.filed_on.is_some(),
        ));
    }
    uncertain_figure_warnings(&lines, cx.map(), p.year, &mut diagnostics);
    diagnostics.sort_by_key(|d| std::cmp::Reverse(d.severity));
    // Each line cites its own place on this form, from the line map (not from rule prose).
    if cx.explaining() {
        let form = cx.map().form.as_str();
        for l in &mut lines {
            let own = (l.position != usize::MAX).then_some((form, &*l.id));
            l.explanation.finish_citation(own);
        }
    }

    ComputedReturn {
        form: cx.map().form.clone(),
        kind: cx.scope.kind,
        filer: Filer::Household,
        months: cx.scope.months,
        period_from: cx.scope.from,
        period_to: cx.scope.to,
        tax_year: p.year,
        lines,
        refund,
        balance_due,
        filing_requirement,
        diagnostics,
        premature_reads,
        refund_deposited: false,
        amended: None,
        digital_assets: rules::digital_assets::on_return(cx),
        business_credits: Default::default(),
        nj2210: None,
        hcc: None,
        next_year: None,
        late: None,
        alternative_business_loss_carryforward:
            rules::deductions::alternative_business_loss_to_carry(cx),
        refund_claim_deadline,
    }
}

/// The lines in form order. A line's position is its own entry in the line map (distinct for
/// distinct keys, below `places`), so each line goes straight to its place instead of through a
/// comparison sort that moves the (large) lines many times; a position out of place or taken
/// twice, which the line maps do not give, falls back to the sort.
fn in_form_order(lines: Vec<Line>, places: usize) -> Vec<Line> {
    let mut slots: Vec<Option<Line>> = std::iter::repeat_with(|| None).take(places).collect();
    let mut rest = Vec::new();
    for l in lines {
        match slots.get_mut(l.position) {
            Some(slot @ None) => *slot = Some(l),
            _ => rest.push(l),
        }
    }
    let mut out: Vec<Line> = slots.into_iter().flatten().collect();
    if !rest.is_empty() {
        out.append(&mut rest);
        out.sort_by_key(|l| l.position);
    }
    out
}

/// All the returns one draft produces.
#[derive(Clone, Debug, Serialize)]
pub struct ReturnSet {
    /// Tax year.
    pub tax_year: u16,
    /// The returns, the resident return first.
    pub returns: Vec<ComputedReturn>,
    /// Which returns must be filed and why, in plain sentences.
    pub statement: Vec<String>,
    /// Spouses of different residency: the election to be taxed as residents compared with
    /// separate returns.
    pub comparison: Option<ElectionComparison>,
    /// Set while the year's forms are not yet published: the notice and the provisional figures.
    pub provisional: Option<crate::year::Provisional>,
    /// Set for a back year (one the State's online filing service does not take): the notice
    /// (`forms/years.ron`); its returns are printed and mailed.
    pub back_year: Option<String>,
}

impl ReturnSet {
    /// The first return (the resident return when there is one).
    pub fn primary(&self) -> Option<&ComputedReturn> {
        self.returns.first()
    }

    /// The first return, owned.
    pub fn into_primary(self) -> ComputedReturn {
        self.returns.into_iter().next().unwrap_or_else(empty_return)
    }

    /// Refund minus balance due over every return (positive: money back overall).
    pub fn net_refund(&self) -> Decimal {
        net(&self.returns)
    }

    /// For a provisional year, each provisional figure these returns use and where: the lines
    /// (with the form when the draft gives several returns), the NJ-2210, next year's estimated
    /// tax plan and the late filing estimate. Figures no return uses are left out.
    pub fn provisional_uses(&self) -> Vec<ProvisionalUse> {
        let Some(prov) = &self.provisional else {
            return Vec::new();
        };
        let several = self.returns.len() > 1;
        let uses = |e: &Explanation, id: &str| e.params.iter().any(|p| p.id == id);
        let mut out = Vec::new();
        for (id, name) in &prov.figures {
            let mut places: Vec<String> = Vec::new();
            let mut add = |place: String| {
                if !places.contains(&place) {
                    places.push(place);
                }
            };
            for r in &self.returns {
                let form = if several {
                    format!("{} ", r.form)
                } else {
                    String::new()
                };
                for l in r.lines.iter().filter(|l| uses(&l.explanation, id)) {
                    add(format!("{form}line {}", l.id));
                }
                if r.nj2210
                    .as_ref()
                    .is_some_and(|s| s.columns.iter().any(|c| uses(&c.explanation, id)))
                {
                    add(format!("{form}NJ-2210"));
                }
                if r.next_year
                    .as_ref()
                    .is_some_and(|n| uses(&n.explanation, id))
                {
                    add("next year's estimated tax plan".to_owned());
                }
                if r.late.as_ref().is_some_and(|n| uses(&n.explanation, id)) {
                    add("the late filing estimate".to_owned());
                }
            }
            if !places.is_empty() {
                out.push(ProvisionalUse {
                    figure: name.clone(),
                    places,
                });
            }
        }
        out
    }
}

/// A provisional figure of the year (`forms/years.ron`) and where the returns use it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProvisionalUse {
    /// The figure named in a few words ("the child tax credit amounts").
    pub figure: String,
    /// Where it is used: "line 65", "NJ-1040NR line 58", "NJ-2210", "next year's estimated tax
    /// plan".
    pub places: Vec<String>,
}

impl ProvisionalUse {
    /// "the child tax credit amounts (line 65)".
    pub fn describe(&self) -> String {
        format!("{} ({})", self.figure, self.places.join(", "))
    }
}

fn empty_return() -> ComputedReturn {
    ComputedReturn {
        form: "NJ-1040".into(),
        kind: ReturnKind::Resident,
        filer: Filer::Household,
        months: 12,
        period_from: None,
        period_to: None,
        tax_year: 0,
        lines: Vec::new(),
        refund: Decimal::ZERO,
        balance_due: Decimal::ZERO,
        filing_requirement: FilingRequirement {
            required: false,
            should_file_for_refund: false,
            reason: String::new(),
            citation: String::new(),
        },
        diagnostics: Vec::new(),
        premature_reads: Vec::new(),
        refund_deposited: false,
        amended: None,
        digital_assets: None,
        business_credits: Default::default(),
        nj2210: None,
        hcc: None,
        next_year: None,
        late: None,
        alternative_business_loss_carryforward: Decimal::ZERO,
        refund_claim_deadline: None,
    }
}

fn net(returns: &[ComputedReturn]) -> Decimal {
    returns.iter().fold(Decimal::ZERO, |acc, r| {
        crate::money::sat_sub(crate::money::sat_add(acc, r.refund), r.balance_due)
    })
}

/// Spouses of different residency: separate returns against one joint NJ-1040 as if both were
/// residents (54A:5-6(b), 8-3.1 d).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ElectionComparison {
    /// Refund minus balance due, separate returns.
    pub separate_net: Decimal,
    /// Refund minus balance due, joint resident return by election.
    pub joint_net: Decimal,
    /// Whether the draft makes the election.
    pub elected: bool,
    /// The comparison in words.
    pub summary: String,
}

impl ElectionComparison {
    fn new(elected: bool, chosen: &[ComputedReturn], other: &[ComputedReturn]) -> Self {
        let (separate_net, joint_net) = if elected {
            (net(other), net(chosen))
        } else {
            (net(chosen), net(other))
        };
        let words = |v: Decimal| {
            if v.is_sign_negative() {
                format!("{} to pay", crate::money::fmt_money(-v))
            } else {
                format!("{} back", crate::money::fmt_money(v))
            }
        };
        let better = match separate_net.cmp(&joint_net) {
            std::cmp::Ordering::Greater => "Separate returns come out better",
            std::cmp::Ordering::Less => "The joint resident return comes out better",
            std::cmp::Ordering::Equal => "Both ways come out the same",
        };
        let summary = format!(
            "Comparison (54A:5-6(b), 8-3.1 d): separate returns {}; one joint NJ-1040 as if both were residents {}. {better} by {}. This draft {} the election.",
            words(separate_net),
            words(joint_net),
            crate::money::fmt_money(crate::money::sat_sub(separate_net, joint_net).abs()),
            if elected { "makes" } else { "does not make" }
        );
        Self {
            separate_net,
            joint_net,
            elected,
            summary,
        }
    }
}

/// The code of the warning every return of a provisional year carries (its message is the year's
/// notice): the app and the printed return show the notice apart and leave this warning out of
/// their lists.
pub const PROVISIONAL_YEAR_CODE: &str = "provisional-year";

/// The one plain sentence every return of a provisional year carries (`forms/years.ron`).
/// The largest amount a line may reach and still be computed exactly: a quadrillion dollars, far
/// beyond any return, and far below the decimal range (about 7.9 × 10^28), so that a line past
/// it is found before any sum or product saturates at that range.
pub const LINE_AMOUNT_LIMIT: Decimal = rust_decimal::dec!(1_000_000_000_000_000);

/// The code of the error for lines past [`LINE_AMOUNT_LIMIT`].
pub const OUT_OF_RANGE_CODE: &str = "amount-out-of-range";

/// One error naming the lines whose amounts are past [`LINE_AMOUNT_LIMIT`] either way: the
/// amounts that go into them are mistyped, and sums that large stop at the decimal range instead
/// of being exact, so the figures would be wrong without a word.
fn out_of_range_lines(cx: &Ctx, lines: &[Line]) {
    let ids: Vec<String> = lines
        .iter()
        .filter(|l| !l.is_ratio() && l.value.abs() >= LINE_AMOUNT_LIMIT)
        .map(|l| format!("{} ({})", l.id, l.label))
        .collect();
    let named = match ids.as_slice() {
        [] => return,
        [one] => format!("Line {one} is"),
        [init @ .., last] => format!("Lines {} and {last} are", init.join(", ")),
    };
    cx.diag(Diagnostic::error(
        OUT_OF_RANGE_CODE,
        format!(
            "{named} a quadrillion dollars or more, beyond what njtax computes exactly; check the amounts that go into {}",
            if ids.len() == 1 { "it" } else { "them" }
        ),
    ));
}

/// The code of the warning every return of a back year carries (`forms/years.ron`, `online:
/// false`): the online service does not take it, so it is mailed; with an overpayment, the last
/// day a refund can be claimed.
pub const BACK_YEAR_CODE: &str = "back-year";

fn back_year_warning(
    notice: &str,
    deadline: Option<&rules::refund::RefundClaimDeadline>,
    filed_on_given: bool,
) -> Diagnostic {
    let message = match deadline {
        Some(d) if filed_on_given => format!(
            "{notice} A refund is paid only when the return is filed by {} (N.J.S.A. 54A:9-8).",
            d.last_day
        ),
        Some(d) => format!(
            "{notice} A refund is paid only when the return is filed by {} (N.J.S.A. 54A:9-8): give the day you file it (If you file or pay late) to see what can still be refunded.",
            d.last_day
        ),
        None => notice.to_owned(),
    };
    Diagnostic::warning(BACK_YEAR_CODE, message).cite("N.J.S.A. 54A:9-8")
}

fn provisional_year_warning(prov: &crate::year::Provisional) -> Diagnostic {
    Diagnostic::warning(PROVISIONAL_YEAR_CODE, prov.notice.clone())
}

/// One warning per uncertain figure that a line actually used, and for an uncertain line map.
fn uncertain_figure_warnings(lines: &[Line], map: &LineMap, year: u16, out: &mut Vec<Diagnostic>) {
    let mut seen: Vec<String> = Vec::new();
    for line in lines {
        for param in &line.explanation.params {
            if let Some(note) = &param.uncertain {
                if seen.contains(&param.id) {
                    continue;
                }
                seen.push(param.id.clone());
                out.push(
                    Diagnostic::warning(
                        "uncertain-figure",
                        format!(
                            "Line {} uses {} ({}), a figure marked UNCERTAIN: {note}",
                            line.id, param.label, param.value
                        ),
                    )
                    .cite(param.citation.clone()),
                );
            }
        }
    }
    if let Some(note) = &map.uncertain {
        out.push(Diagnostic::warning(
            "uncertain-line-map",
            format!("{} layout for {year}: {note}", map.form),
        ));
    }
}
