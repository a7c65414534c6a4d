//! Residency: which returns one draft produces, the months each covers, and the answers each is
//! computed from.
//!
//! A full-year resident files the NJ-1040. A nonresident files the NJ-1040NR (54A:2-1.1 a). A
//! part-year resident files the NJ-1040 for the resident period and, when there was New Jersey
//! income in the nonresident period, the NJ-1040NR for that period. Spouses of different
//! residency file separately unless both elect to be taxed as residents (54A:5-6(b), 8-3.1 d);
//! two nonresident spouses of whom only one has New Jersey income file separately unless both
//! elect a joint return (54A:8-3.1 h).
//!
//! Each return is computed from answers derived from the draft: only the filer's own items on a
//! separate return, and each item's amount for the period (see [`Sourcing`]).

use std::borrow::Cow;

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::{
    Answers, Date, Dividends, FilingStatus, Interest, NjResidency, Owner, ResidencyKind,
    Retirement, W2,
};
use crate::money::{Money, floor_zero, round_cents, sat_sub};
use crate::statements::{dividend_part, interest_parts, retirement_parts};

/// Which form, for which period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum ReturnKind {
    /// NJ-1040 for a full-year resident (or spouses taxed as residents by election).
    Resident,
    /// NJ-1040 for the resident period of a part-year resident.
    PartYearResident,
    /// NJ-1040NR for a nonresident all year.
    Nonresident,
    /// NJ-1040NR for the nonresident period of a part-year resident.
    PartYearNonresident,
}

impl ReturnKind {
    /// The form id.
    pub fn form(self) -> &'static str {
        match self {
            Self::Resident | Self::PartYearResident => "NJ-1040",
            Self::Nonresident | Self::PartYearNonresident => "NJ-1040NR",
        }
    }

    /// Whether it is the NJ-1040NR.
    pub fn is_nonresident(self) -> bool {
        matches!(self, Self::Nonresident | Self::PartYearNonresident)
    }

    /// Plain description.
    pub fn describe(self) -> &'static str {
        match self {
            Self::Resident => "resident return",
            Self::PartYearResident => "part-year resident return (resident period)",
            Self::Nonresident => "nonresident return",
            Self::PartYearNonresident => "nonresident return (nonresident period)",
        }
    }
}

/// Whose return it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Filer {
    /// The draft's filer(s), under the draft's filing status.
    Household,
    /// The taxpayer alone, filing separately from the spouse.
    Taxpayer,
    /// The spouse alone, filing separately from the taxpayer.
    Spouse,
}

/// Which part of the year a return covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    /// The whole year: every item in full.
    WholeYear,
    /// A mover's resident period: each item less its nonresident part.
    Resident,
    /// A mover's nonresident period: each item's nonresident part.
    Nonresident,
}

/// What a rule needs to know about the return being computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scope {
    /// The form and period.
    pub kind: ReturnKind,
    /// Months the return covers, 15 days or more counting as a month (54A:3-1(c)); 12 for a full year.
    pub months: u8,
    /// Gross income for the whole year as if a resident (54A:2-4 last sentence, 3-3(a)); `None`
    /// for a full-year return, which uses its own line 29.
    pub whole_year_gross_income: Option<Decimal>,
    /// Total income (line 27) for the whole year as if a resident: the income bands of the
    /// retirement exclusions of a part-year return are read on it; `None` for a full-year return.
    pub whole_year_total_income: Option<Decimal>,
    /// The period covered, when not the whole year.
    pub from: Option<Date>,
    /// Last day covered, when not the whole year.
    pub to: Option<Date>,
}

impl Scope {
    /// A full-year resident return.
    pub fn full_year_resident() -> Self {
        Self {
            kind: ReturnKind::Resident,
            months: 12,
            whole_year_gross_income: None,
            whole_year_total_income: None,
            from: None,
            to: None,
        }
    }

    /// Whether the return is for part of the year.
    pub fn is_part_year(&self) -> bool {
        matches!(
            self.kind,
            ReturnKind::PartYearResident | ReturnKind::PartYearNonresident
        )
    }

    /// `amount` × months ÷ 12 to the cent (the months proration of 54A:3-1(c), 4-7 b, 4-17 d,
    /// 4-17.1 e); the amount itself for 12 months.
    pub fn prorate(&self, amount: Decimal) -> Decimal {
        prorate(amount, self.months)
    }
}

/// `amount` × `months` ÷ 12, rounded to the cent.
pub fn prorate(amount: Decimal, months: u8) -> Decimal {
    if months >= 12 {
        return amount;
    }
    amount
        .checked_mul(Decimal::from(months))
        .and_then(|v| v.checked_div(Decimal::from(12)))
        .map_or(amount, round_cents)
}

fn days_in_month(year: u16, month: u8) -> u8 {
    (28..=31u8)
        .rev()
        .find(|d| Date::new(year, month, *d).is_some())
        .unwrap_or(28)
}

/// The first and last day of New Jersey residency in `year`, or `None` when never a resident.
pub fn resident_span(r: &NjResidency, year: u16) -> Option<(Date, Date)> {
    let jan1 = Date {
        year,
        month: 1,
        day: 1,
    };
    let dec31 = Date {
        year,
        month: 12,
        day: 31,
    };
    match r.kind {
        ResidencyKind::FullYear => Some((jan1, dec31)),
        ResidencyKind::Never => None,
        ResidencyKind::PartYear => {
            let from = r.resident_from.unwrap_or(jan1).max(jan1);
            let to = r.resident_to.unwrap_or(dec31).min(dec31);
            (from <= to).then_some((from, to))
        }
    }
}

/// Months of New Jersey residency in `year`: every calendar month with `days_making_a_month` (15)
/// or more days of residency counts as a month (54A:3-1(c), 4-7 b, 4-17 d, 4-17.1 e: "15 days or
/// more shall constitute a month").
pub fn resident_months(r: &NjResidency, year: u16, days_making_a_month: u32) -> u8 {
    let Some((from, to)) = resident_span(r, year) else {
        return 0;
    };
    let mut months = 0u8;
    for month in 1..=12u8 {
        let last = days_in_month(year, month);
        let first_day = if (from.year, from.month) == (year, month) {
            from.day
        } else if (from.year, from.month) > (year, month) {
            continue;
        } else {
            1
        };
        let last_day = if (to.year, to.month) == (year, month) {
            to.day
        } else if (to.year, to.month) < (year, month) {
            continue;
        } else {
            last
        };
        if last_day >= first_day && u32::from(last_day - first_day) + 1 >= days_making_a_month {
            months += 1;
        }
    }
    months
}

/// A person's residency, comparable across spouses (kind and the resolved dates).
fn residency_key(r: &NjResidency, year: u16) -> (ResidencyKind, Option<(Date, Date)>) {
    (r.kind, resident_span(r, year))
}

/// One return the draft produces, with the answers it is computed from (borrowed from the draft
/// when they are the draft's own, so a full-year return copies nothing).
#[derive(Clone, Debug)]
pub struct PlannedReturn<'a> {
    /// Form and period.
    pub kind: ReturnKind,
    /// Whose return.
    pub filer: Filer,
    /// The answers for this return: the filer's items, each for the period.
    pub answers: Cow<'a, Answers>,
    /// The filer's answers for the whole year, unsplit (for whole-year gross income), when they
    /// differ from `answers` (a part-year return); `None` means `answers` are the whole year's.
    pub whole_year: Option<Cow<'a, Answers>>,
    /// Months covered.
    pub months: u8,
    /// First day covered (part year).
    pub from: Option<Date>,
    /// Last day covered (part year).
    pub to: Option<Date>,
}

/// The returns one draft produces, and why.
#[derive(Clone, Debug)]
pub struct ReturnPlan<'a> {
    /// The returns, resident return first.
    pub returns: Vec<PlannedReturn<'a>>,
    /// Why these returns, in words (for the "which returns must be filed" statement).
    pub reasons: Vec<String>,
    /// Spouses of different residency: the alternative to compare with (the joint resident
    /// return when filing separately, or the separate returns under the election).
    pub alternative: Option<Vec<PlannedReturn<'a>>>,
}

impl PlannedReturn<'_> {
    /// The filer's answers for the whole year, unsplit.
    pub fn whole_year_answers(&self) -> &Answers {
        self.whole_year.as_deref().unwrap_or(&self.answers)
    }
}

/// The answers for one filer of a couple filing separately: that person as the taxpayer, status
/// married filing separately, only that person's items (and dependents). Deductions, homesteads,
/// other-jurisdiction taxes, payments and contributions stay with the `primary` filer.
pub fn for_filer(a: &Answers, filer: Filer, primary: Owner) -> Answers {
    let me = match filer {
        Filer::Household => return a.clone(),
        Filer::Taxpayer => Owner::Taxpayer,
        Filer::Spouse => Owner::Spouse,
    };
    let mut out = a.clone();
    out.filing_status = FilingStatus::MarriedSeparate;
    if me == Owner::Spouse {
        let spouse = a.spouse.clone().unwrap_or_default();
        out.spouse = Some(a.taxpayer.clone());
        out.taxpayer = spouse;
        out.refund.gubernatorial_fund_taxpayer = a.refund.gubernatorial_fund_spouse;
    }
    out.refund.gubernatorial_fund_spouse = false;
    let keep = |o: Owner| o == me;
    let swap = |o: Owner| {
        if me == Owner::Spouse {
            match o {
                Owner::Taxpayer => Owner::Spouse,
                Owner::Spouse => Owner::Taxpayer,
            }
        } else {
            o
        }
    };
    macro_rules! own {
        ($list:expr) => {{
            $list.retain(|x| keep(x.owner));
            for x in $list.iter_mut() {
                x.owner = swap(x.owner);
            }
        }};
    }
    own!(out.income.w2s);
    own!(out.income.interest);
    own!(out.income.dividends);
    own!(out.income.retirement);
    own!(out.income.businesses);
    own!(out.income.property_sales);
    own!(out.income.partnerships);
    own!(out.income.s_corporations);
    own!(out.income.rents);
    // Employer and business credits, and their carryovers, by owner (decision 7).
    let bc = &mut out.business_credits;
    own!(bc.sheltered_workshop_businesses);
    own!(bc.sheltered_workshop_employees);
    own!(bc.impaired_employee_certificates);
    own!(bc.impaired_employee_estimates);
    own!(bc.organ_donor_leaves);
    own!(bc.certified);
    own!(bc.veteran_care);
    own!(bc.apprenticeship);
    own!(bc.unit_concrete);
    own!(bc.epd_analyses);
    own!(bc.emerging_technology);
    own!(bc.wage_tax_judgments);
    own!(bc.bait_shares);
    own!(bc.entity_shares);
    own!(bc.carryovers);
    out.dependents.retain(|d| d.claimed_by == me);
    if me != primary {
        // Household items without an owner go on the primary filer's return.
        out.income.gambling = Default::default();
        out.income.alimony_received = Decimal::ZERO;
        out.income.alimony_received_nonresident_period = Decimal::ZERO;
        out.income.other.clear();
        out.deductions = Default::default();
        out.deductions_while_nonresident = Default::default();
        out.homesteads.clear();
        out.other_jurisdictions.clear();
        out.payments = Default::default();
        out.entered = Default::default();
        // Last year's tax, the override of line 52 and the household's health answers (the
        // federal payment, the override of line 53c) belong to the primary filer's return; each
        // person's own coverage months stay with the person.
        out.estimated_tax = Default::default();
        out.health = crate::answers::HealthCoverage {
            someone_uninsured_now: a.health.someone_uninsured_now,
            share_with_get_covered_nj: a.health.share_with_get_covered_nj,
            bronze_premium_override: a.health.bronze_premium_override,
            ..Default::default()
        };
        out.use_tax = Decimal::ZERO;
        out.refund = crate::answers::RefundChoices {
            gubernatorial_fund_taxpayer: out.refund.gubernatorial_fund_taxpayer,
            ..Default::default()
        };
        out.federal = Default::default();
    }
    out
}

/// Part of an amount for a period: the whole amount, the amount less its nonresident part, or
/// the nonresident part.
fn part(amount: Money, nonresident: Money, period: Period) -> Money {
    match period {
        Period::WholeYear => amount,
        Period::Resident => sat_sub(amount, nonresident),
        Period::Nonresident => nonresident,
    }
}

/// A W-2 with its wages (and withholding) for a period; the other boxes stay on the resident
/// period (the NJ-2450 is claimed there).
fn w2_for(w: &W2, period: Period) -> W2 {
    let mut out = w.clone();
    out.state_wages = part(w.state_wages, w.sourcing.nonresident_period, period);
    out.nj_tax_withheld = part(
        w.nj_tax_withheld,
        w.sourcing.nonresident_period_withheld,
        period,
    );
    if period == Period::Nonresident {
        out.ui_wf_swf = Decimal::ZERO;
        out.di = Decimal::ZERO;
        out.fli = Decimal::ZERO;
    }
    out
}

/// An interest statement reduced to its New Jersey taxable amount for the period.
fn interest_for(i: &Interest, period: Period) -> Interest {
    if period == Period::WholeYear || i.sourcing.nonresident_period.is_zero() {
        return if period == Period::Nonresident {
            Interest {
                taxable_interest: Decimal::ZERO,
                tax_exempt_interest: Decimal::ZERO,
                us_obligations: Decimal::ZERO,
                nj_obligations: Decimal::ZERO,
                ..i.clone()
            }
        } else {
            i.clone()
        };
    }
    let (taxable, _) = interest_parts(i);
    Interest {
        taxable_interest: floor_zero(part(taxable, i.sourcing.nonresident_period, period)),
        tax_exempt_interest: Decimal::ZERO,
        us_obligations: Decimal::ZERO,
        nj_obligations: Decimal::ZERO,
        ..i.clone()
    }
}

/// A dividend statement for the period: the nonresident part divided between ordinary dividends
/// and capital gain distributions in proportion.
fn dividends_for(d: &Dividends, period: Period) -> Dividends {
    let zero = Dividends {
        ordinary_dividends: Decimal::ZERO,
        capital_gain_distributions: Decimal::ZERO,
        exempt_interest_dividends: Decimal::ZERO,
        nj_exempt_fund_share: Decimal::ZERO,
        ..d.clone()
    };
    let nr = floor_zero(d.sourcing.nonresident_period);
    if period == Period::WholeYear || nr.is_zero() {
        return if period == Period::Nonresident {
            zero
        } else {
            d.clone()
        };
    }
    let ordinary = dividend_part(d);
    let cgd = floor_zero(d.capital_gain_distributions);
    let total = crate::money::sat_add(ordinary, cgd);
    if total.is_zero() {
        return zero;
    }
    let nr = nr.min(total);
    let nr_cgd = crate::money::mul_div(cgd, nr, total).min(cgd).min(nr);
    let nr_ord = sat_sub(nr, nr_cgd);
    let (ord, cg) = match period {
        Period::Nonresident => (nr_ord, nr_cgd),
        _ => (floor_zero(sat_sub(ordinary, nr_ord)), sat_sub(cgd, nr_cgd)),
    };
    Dividends {
        ordinary_dividends: ord,
        capital_gain_distributions: cg,
        ..zero
    }
}

/// A retirement distribution for the period (taxable part and withholding; the excludable part
/// in the same proportion).
fn retirement_for(r: &Retirement, period: Period) -> Retirement {
    let mut out = r.clone();
    out.nj_tax_withheld = part(
        r.nj_tax_withheld,
        r.sourcing.nonresident_period_withheld,
        period,
    );
    let (taxable, excludable) = retirement_parts(r);
    let nr = floor_zero(r.sourcing.nonresident_period).min(taxable);
    if period == Period::WholeYear || (nr.is_zero() && period == Period::Resident) {
        return out;
    }
    let t = part(taxable, nr, period);
    let ex = if taxable.is_zero() {
        Decimal::ZERO
    } else {
        crate::money::mul_div(excludable, t, taxable)
    };
    out.taxable_amount = t;
    out.gross_distribution = crate::money::sat_add(t, ex);
    // A conversion's parts come from the amount converted and its basis: the period's basis is
    // the excludable part, so that `retirement_parts` gives back (t, ex).
    out.conversion_nj_basis = ex;
    out
}

/// Whether a person's items are divided between periods (a part-year resident's are).
fn splits(a: &Answers, owner: Owner) -> bool {
    a.person(owner)
        .is_some_and(|p| p.residency.kind == ResidencyKind::PartYear)
}

/// The answers with every item's amount for the period (54A:2-1.1; the resident period reports
/// income received while a resident). Items of a person who is not a part-year resident are
/// whole on the period that person belongs to.
pub fn for_period(a: &Answers, period: Period) -> Answers {
    if period == Period::WholeYear {
        return a.clone();
    }
    let mut out = a.clone();
    let inc = &mut out.income;
    let p = |o: Owner| {
        if splits(a, o) {
            period
        } else {
            Period::WholeYear
        }
    };
    // Household items (no owner) follow the taxpayer.
    let hp = p(Owner::Taxpayer);
    for w in &mut inc.w2s {
        *w = w2_for(w, p(w.owner));
    }
    for i in &mut inc.interest {
        *i = interest_for(i, p(i.owner));
    }
    for d in &mut inc.dividends {
        *d = dividends_for(d, p(d.owner));
    }
    for r in &mut inc.retirement {
        *r = retirement_for(r, p(r.owner));
    }
    for b in &mut inc.businesses {
        b.net_profit = part(b.net_profit, b.sourcing.nonresident_period, p(b.owner));
    }
    for s in &mut inc.property_sales {
        s.gain_or_loss = part(s.gain_or_loss, s.sourcing.nonresident_period, p(s.owner));
    }
    for x in inc
        .partnerships
        .iter_mut()
        .chain(inc.s_corporations.iter_mut())
    {
        x.share = part(x.share, x.sourcing.nonresident_period, p(x.owner));
    }
    for r in &mut inc.rents {
        r.net = part(r.net, r.sourcing.nonresident_period, p(r.owner));
    }
    for w in &mut inc.gambling.wins {
        w.amount = part(w.amount, w.sourcing.nonresident_period, hp);
    }
    inc.gambling.losses = part(
        inc.gambling.losses,
        inc.gambling.losses_nonresident_period,
        hp,
    );
    inc.alimony_received = part(
        inc.alimony_received,
        inc.alimony_received_nonresident_period,
        hp,
    );
    for o in &mut inc.other {
        o.amount = part(o.amount, o.sourcing.nonresident_period, hp);
    }
    if hp != Period::WholeYear {
        out.deductions = match hp {
            Period::Resident => a
                .deductions
                .zip_with(&a.deductions_while_nonresident, sat_sub),
            _ => crate::answers::Deductions {
                // The combined cap of 54A:3-10 c is a fact of the whole year.
                organ_donation_other_year: a.deductions.organ_donation_other_year,
                ..a.deductions_while_nonresident.clone()
            },
        };
    }
    // A part-year resident's business credits (and carryovers) all go on the resident-period
    // NJ-1040, none on the NJ-1040NR of the nonresident months (decision 7).
    let bc = &mut out.business_credits;
    macro_rules! resident_period_only {
        ($list:expr) => {{
            $list.retain(|x| p(x.owner) != Period::Nonresident);
        }};
    }
    resident_period_only!(bc.sheltered_workshop_businesses);
    resident_period_only!(bc.sheltered_workshop_employees);
    resident_period_only!(bc.impaired_employee_certificates);
    resident_period_only!(bc.impaired_employee_estimates);
    resident_period_only!(bc.organ_donor_leaves);
    resident_period_only!(bc.certified);
    resident_period_only!(bc.veteran_care);
    resident_period_only!(bc.apprenticeship);
    resident_period_only!(bc.unit_concrete);
    resident_period_only!(bc.epd_analyses);
    resident_period_only!(bc.emerging_technology);
    resident_period_only!(bc.wage_tax_judgments);
    resident_period_only!(bc.bait_shares);
    resident_period_only!(bc.entity_shares);
    resident_period_only!(bc.carryovers);
    if hp == Period::Nonresident {
        // Property taxes, other-jurisdiction credits, payments and contributions are claimed on the
        // resident-period return of a mover.
        out.homesteads.clear();
        out.other_jurisdictions.clear();
        out.payments = Default::default();
        out.use_tax = Decimal::ZERO;
        out.refund.contributions.clear();
        out.refund.credit_to_next_year = Decimal::ZERO;
    }
    out
}

/// Plan the returns a draft produces.
pub fn plan<'a>(a: &'a Answers, p: &crate::year::YearParams) -> ReturnPlan<'a> {
    let year = a.tax_year;
    let days = p.residency.days_making_a_month.value;
    let mut reasons = Vec::new();
    let joint = a.filing_status.is_joint();
    let tp = &a.taxpayer.residency;
    let sp = a.spouse.as_ref().map(|s| s.residency.clone());
    if joint {
        let sp = sp.unwrap_or_default();
        let both_never = tp.kind == ResidencyKind::Never && sp.kind == ResidencyKind::Never;
        let only_one_has_nj_income = has_nj_source(a, &p.residency, Owner::Taxpayer)
            != has_nj_source(a, &p.residency, Owner::Spouse);
        if both_never && only_one_has_nj_income && !a.nonresident_joint_election {
            reasons.push("Both spouses were nonresidents and only one had New Jersey income, so that spouse files a separate NJ-1040NR (married/CU partner filing separately), unless both elect one joint return (54A:8-3.1 h).".to_owned());
            let earner = if has_nj_source(a, &p.residency, Owner::Taxpayer) {
                Filer::Taxpayer
            } else {
                Filer::Spouse
            };
            let primary = if earner == Filer::Taxpayer {
                Owner::Taxpayer
            } else {
                Owner::Spouse
            };
            let r = if earner == Filer::Taxpayer { tp } else { &sp };
            return ReturnPlan {
                returns: person_returns(Cow::Owned(for_filer(a, earner, primary)), earner, r, days),
                reasons,
                alternative: None,
            };
        }
        if residency_key(tp, year) == residency_key(&sp, year) {
            reasons.push(
                "Both spouses had the same residency, so they file together (54A:8-3.1 c)."
                    .to_owned(),
            );
            return ReturnPlan {
                returns: person_returns(Cow::Borrowed(a), Filer::Household, tp, days),
                reasons,
                alternative: None,
            };
        }
        let separate = || {
            let primary = primary_filer(tp, &sp, year, days);
            let mut v = person_returns(
                Cow::Owned(for_filer(a, Filer::Taxpayer, primary)),
                Filer::Taxpayer,
                tp,
                days,
            );
            v.extend(person_returns(
                Cow::Owned(for_filer(a, Filer::Spouse, primary)),
                Filer::Spouse,
                &sp,
                days,
            ));
            v
        };
        let elected = || {
            let mut b = a.clone();
            b.taxpayer.residency = NjResidency::default();
            if let Some(s) = b.spouse.as_mut() {
                s.residency = NjResidency::default();
            }
            vec![PlannedReturn {
                kind: ReturnKind::Resident,
                filer: Filer::Household,
                whole_year: None,
                answers: Cow::Owned(b),
                months: 12,
                from: None,
                to: None,
            }]
        };
        if a.both_residents_election {
            reasons.push("The spouses had different residency and both elect to be taxed as if both were New Jersey residents, on one joint NJ-1040 for the whole year (54A:5-6(b), 8-3.1 d).".to_owned());
            return ReturnPlan {
                returns: elected(),
                reasons,
                alternative: Some(separate()),
            };
        }
        reasons.push("The spouses had different residency, so each files a separate New Jersey return with status married/CU partner filing separately, unless both elect to be taxed as residents on one joint NJ-1040 (54A:5-6(b), 8-3.1 d).".to_owned());
        return ReturnPlan {
            returns: separate(),
            reasons,
            alternative: Some(elected()),
        };
    }
    ReturnPlan {
        returns: person_returns(Cow::Borrowed(a), Filer::Household, tp, days),
        reasons,
        alternative: None,
    }
}

/// The spouse whose return carries the household items (deductions, property taxes, payments):
/// the one resident in New Jersey longer; the taxpayer on a tie.
fn primary_filer(tp: &NjResidency, sp: &NjResidency, year: u16, days: u32) -> Owner {
    if resident_months(sp, year, days) > resident_months(tp, year, days) {
        Owner::Spouse
    } else {
        Owner::Taxpayer
    }
}

/// The returns for one filer (household or a spouse alone) with residency `r`.
fn person_returns<'a>(
    a: Cow<'a, Answers>,
    filer: Filer,
    r: &NjResidency,
    days: u32,
) -> Vec<PlannedReturn<'a>> {
    let year = a.tax_year;
    match r.kind {
        ResidencyKind::FullYear => vec![PlannedReturn {
            kind: ReturnKind::Resident,
            filer,
            answers: a,
            whole_year: None,
            months: 12,
            from: None,
            to: None,
        }],
        ResidencyKind::Never => vec![PlannedReturn {
            kind: ReturnKind::Nonresident,
            filer,
            answers: a,
            whole_year: None,
            months: 12,
            from: None,
            to: None,
        }],
        ResidencyKind::PartYear => {
            let span = resident_span(r, year);
            let res_months = resident_months(r, year, days);
            vec![
                PlannedReturn {
                    kind: ReturnKind::PartYearResident,
                    filer,
                    answers: Cow::Owned(for_period(&a, Period::Resident)),
                    whole_year: Some(a.clone()),
                    months: res_months,
                    from: span.map(|s| s.0),
                    to: span.map(|s| s.1),
                },
                PlannedReturn {
                    kind: ReturnKind::PartYearNonresident,
                    filer,
                    answers: Cow::Owned(for_period(&a, Period::Nonresident)),
                    whole_year: Some(a),
                    months: 12 - res_months.min(12),
                    from: None,
                    to: None,
                },
            ]
        }
    }
}

/// Whether a person's answers give any New Jersey-source income (54A:8-3.1 h): a New Jersey-source
/// part entered on an item, a W-2 with New Jersey work days (the days worked in New Jersey, or
/// convenience days counted as New Jersey days, 54A:5-8 e), or a New Jersey Lottery prize.
pub fn has_nj_source(
    a: &Answers,
    p: &crate::law::residency::ResidencyParams,
    owner: Owner,
) -> bool {
    let given = |s: &crate::answers::Sourcing| s.nj_source.is_some_and(|v| !v.is_zero());
    let inc = &a.income;
    let household = owner == Owner::Taxpayer;
    let state = a
        .person(owner)
        .map_or("", |x| x.residency.other_state.as_str());
    inc.w2s.iter().any(|w| {
        w.owner == owner
            && (given(&w.sourcing)
                || w.nj_days_worked > 0
                || crate::statements::wage_days(p, state, w).convenience_added > 0)
    }) || inc
        .businesses
        .iter()
        .any(|x| x.owner == owner && given(&x.sourcing))
        || inc
            .property_sales
            .iter()
            .any(|x| x.owner == owner && given(&x.sourcing))
        || inc
            .partnerships
            .iter()
            .any(|x| x.owner == owner && given(&x.sourcing))
        || inc
            .s_corporations
            .iter()
            .any(|x| x.owner == owner && given(&x.sourcing))
        || inc
            .rents
            .iter()
            .any(|x| x.owner == owner && given(&x.sourcing))
        || inc
            .interest
            .iter()
            .any(|x| x.owner == owner && given(&x.sourcing))
        || inc
            .dividends
            .iter()
            .any(|x| x.owner == owner && given(&x.sourcing))
        || (household
            && (inc
                .gambling
                .wins
                .iter()
                .any(|w| given(&w.sourcing) || w.nj_lottery)
                || inc.other.iter().any(|x| given(&x.sourcing))))
}
