//! Employer and business credits: one mechanism that applies every credit in its order, with its
//! limits and carryovers, and explains each amount (NJ-1040 lines 46-50, 62, 63 and the business
//! credits schedule).
//!
//! Each credit's rules (refundable, place in the order, carryover years, form line, where it is
//! claimed, years in force) are data: the catalogue in `forms/params/business_credits.ron`
//! ([`crate::law::business_credits`]). What each credit amounts to before the order and the limits
//! comes from [`crate::rules::credit_amounts`]. Decision record: `docs/decisions/business-credits.md`.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::{CreditKind, Owner};
use crate::explain::Explanation;
use crate::key::Key;

/// One credit on the business credits schedule of a return.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ScheduleRow {
    /// Which credit.
    pub kind: CreditKind,
    /// Its name.
    pub name: String,
    /// Statute citation.
    pub statute: String,
    /// Where and how it is claimed.
    pub claimed_where: String,
    /// Why where it is claimed is uncertain, when it is.
    pub where_uncertain: Option<String>,
    /// The line id on this return's form that carries it ("46"), when the form has one.
    pub line: Option<String>,
    /// What exceeds the tax is refunded.
    pub refundable: bool,
    /// This year's credit, before the order and the limits.
    pub earned: Decimal,
    /// Carried in from earlier years and still usable.
    pub carried_in: Decimal,
    /// The limit that applied (the sheltered workshop 50% limit), when one did.
    pub limit: Option<Decimal>,
    /// Used against the tax.
    pub applied: Decimal,
    /// Paid as an overpayment (refundable credits only).
    pub refunded: Decimal,
    /// Carried forward to next year.
    pub carried_forward: Decimal,
    /// Lost: unused and not carried forward (no carryover, or its last year).
    pub lost: Decimal,
    /// How the amounts were worked out.
    pub explanation: Explanation,
}

/// One line of the carryover ledger: a credit of one origin year.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LedgerRow {
    /// Whose credit.
    pub owner: Owner,
    /// Which credit.
    pub kind: CreditKind,
    /// The year the credit was allowed for.
    pub origin_year: u16,
    /// Usable at the start of this year (for this year's credit: the part not used by a limit).
    pub available: Decimal,
    /// Used this year.
    pub used: Decimal,
    /// Left after this year.
    pub remaining: Decimal,
    /// The last tax year it can be used in.
    pub last_year: u16,
    /// The part of `remaining` that expires at the end of this year (this is its last year).
    pub expiring: Decimal,
}

/// The business credits schedule of one return: every credit, the ledger, and the credits that
/// have no line on the form (claimed separately).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CreditSchedule {
    /// One row per credit claimed, in the order applied.
    pub rows: Vec<ScheduleRow>,
    /// The carryover ledger after this year.
    pub ledger: Vec<LedgerRow>,
    /// Non-refundable credits without a line on the form, applied after lines 46-48.
    pub separate_nonrefundable: Decimal,
    /// Refundable credits without a line on the form.
    pub separate_refundable: Decimal,
    /// Refund (positive) or balance due (negative) once the separately claimed credits are allowed.
    pub net_after_separate_claims: Decimal,
    /// Plain notes for the filer (where to send a certificate, what is uncertain).
    pub notes: Vec<String>,
}

impl CreditSchedule {
    /// Whether the schedule has anything to show.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty() && self.ledger.is_empty()
    }
}

use crate::explain::{Diagnostic, Line};
use crate::law::business_credits::CreditRule;
use crate::money::{floor_zero, fmt_money, fmt_rate, sat_add, sat_sub, sat_sum, times_rate};
use crate::rules::credit_amounts::EarnedCredit;
use crate::sheet::{Ctx, Sheet};

/// The line keys the mechanism fills, in form order: lines 46, 47, 48 (non-refundable) and 62, 63
/// (refundable). A catalogue entry names one of them in `line`.
pub const CREDIT_LINE_KEYS: [Key; 5] = [
    Key::ShelteredWorkshopCredit,
    Key::GoldStarCredit,
    Key::OrganDonorEmployerCredit,
    Key::WoundedWarriorCredit,
    Key::BaitCredit,
];

/// What the credit mechanism decided for one return: the credit lines and the schedule.
#[derive(Clone, Debug, Default)]
pub struct Applied {
    /// Lines 46, 47, 48, 62 and 63 (NJ-1040NR: its own ids), zero when no credit is claimed.
    pub lines: Vec<Line>,
    /// The business credits schedule and the carryover ledger (`net_after_separate_claims` is
    /// set by [`settle`] once the refund or balance due is known).
    pub schedule: CreditSchedule,
}

impl Applied {
    /// The line of a key (46-48, 62, 63), or a zero line when the mechanism did not make it.
    pub fn line(&self, cx: &Ctx, key: Key) -> Line {
        self.lines
            .iter()
            .find(|l| l.key == key)
            .cloned()
            .unwrap_or_else(|| cx.line(key, Decimal::ZERO, cx.empty_explanation()))
    }

    /// The value of a line by key (zero when absent).
    pub fn value(&self, key: Key) -> Decimal {
        self.lines
            .iter()
            .find(|l| l.key == key)
            .map_or(Decimal::ZERO, |l| l.value)
    }
}

/// One lot of a credit: this year's, or one origin year's carryover.
struct Lot {
    owner: Owner,
    origin_year: u16,
    available: Decimal,
    last_year: u16,
    used: Decimal,
}

/// Whose words.
fn owner_words(o: Owner) -> &'static str {
    match o {
        Owner::Taxpayer => "taxpayer",
        Owner::Spouse => "spouse",
    }
}

/// The catalogue in the order the credits are applied: the non-refundable credits with a form
/// line (46, 47, 48) by `order`, then the non-refundable ones without a line by `order`, then the
/// refundable ones by `order` (BAIT last by its `order`, 54A:12-5 b).
pub fn credit_order(catalogue: &[CreditRule]) -> Vec<&CreditRule> {
    let mut rules: Vec<&CreditRule> = catalogue.iter().collect();
    rules.sort_by_key(|r| (r.refundable, r.line.is_none(), r.order));
    rules
}

/// The line key of a rule, when it names one of [`CREDIT_LINE_KEYS`].
fn static_key(rule: &CreditRule) -> Option<Key> {
    let key = rule.line?;
    CREDIT_LINE_KEYS.contains(&key).then_some(key)
}

/// This year's credit of one kind per owner, after the checks of decisions 6 and 7 (years in
/// force, resident-only credits on an NJ-1040NR).
fn this_years_credit(
    cx: &Ctx,
    rule: &CreditRule,
    mine: &[&EarnedCredit],
    exp: &mut Explanation,
) -> Vec<(Owner, Decimal)> {
    let year = cx.year();
    let path = format!("business_credits ({})", rule.kind.label());
    let claimed = sat_sum(mine.iter().map(|e| e.amount));
    if mine.is_empty() {
        return Vec::new();
    }
    let before = rule.first_year.is_some_and(|f| year < f);
    let after = rule.last_year.is_some_and(|l| year > l);
    if (before || after) && !claimed.is_zero() {
        let span = match (rule.first_year, rule.last_year) {
            (Some(f), Some(l)) => format!("tax years {f} to {l}"),
            (Some(f), None) => format!("tax years from {f}"),
            (None, Some(l)) => format!("tax years through {l}"),
            (None, None) => "no tax year".to_owned(),
        };
        cx.diag(
            Diagnostic::error(
                "credit-outside-its-years",
                format!(
                    "The {} exists for {span}, not {year}; the {} claimed is not allowed",
                    rule.name,
                    fmt_money(claimed)
                ),
            )
            .at(path)
            .cite(rule.statute.clone()),
        );
        return Vec::new();
    }
    if rule.resident_only && cx.scope.kind.is_nonresident() && !claimed.is_zero() {
        cx.diag(
            Diagnostic::error(
                "resident-only-credit",
                format!(
                    "The {} is for New Jersey residents only; it cannot be claimed on the {} ({} not allowed). A part-year resident claims it on the resident-period NJ-1040.",
                    rule.name,
                    cx.map().form,
                    fmt_money(claimed)
                ),
            )
            .at(path)
            .cite(rule.statute.clone()),
        );
        return Vec::new();
    }
    let mut out: Vec<(Owner, Decimal)> = Vec::new();
    for e in mine {
        let amount = cx.non_negative(path.clone(), &rule.name, e.amount, &rule.statute);
        // The source with its own arithmetic ("share of X LLP: $2,500.00 x 180,000 / ...").
        let label = if e.explanation.rule.is_empty() {
            e.source.clone()
        } else {
            format!("{}: {}", e.source, e.explanation.rule)
        };
        *exp = std::mem::take(exp).worksheet(label, format!("{} earned", rule.name), amount);
        exp.inputs.extend(e.explanation.inputs.iter().cloned());
        for p in &e.explanation.params {
            if !exp.params.iter().any(|q| q.id == p.id) {
                exp.params.push(p.clone());
            }
        }
        match out.iter_mut().find(|(o, _)| *o == e.owner) {
            Some((_, v)) => *v = sat_add(*v, amount),
            None => out.push((e.owner, amount)),
        }
    }
    out
}

/// The carried-in lots of one credit, oldest first (decision 3): entries of this kind and of an
/// owner on this return, not past their last year (those are reported as expired).
fn carried_lots(cx: &Ctx, rule: &CreditRule, exp: &mut Explanation) -> Vec<Lot> {
    let year = cx.year();
    let mut lots = Vec::new();
    for (i, c) in cx.a.business_credits.carryovers.iter().enumerate() {
        if c.credit != rule.kind || !cx.a.counts(c.owner) {
            continue;
        }
        let path = format!("business_credits.carryovers[{i}]");
        let amount = cx.non_negative(
            format!("{path}.remaining"),
            "A carryover",
            c.remaining,
            &rule.statute,
        );
        if amount.is_zero() {
            continue;
        }
        if rule.carryover_years == 0 {
            cx.diag(
                Diagnostic::error(
                    "credit-has-no-carryover",
                    format!(
                        "The {} cannot be carried over to a later year; the {} carried over from {} is not allowed",
                        rule.name,
                        fmt_money(amount),
                        c.origin_year
                    ),
                )
                .at(path)
                .cite(rule.statute.clone()),
            );
            continue;
        }
        if c.origin_year >= year {
            cx.diag(
                Diagnostic::error(
                    "carryover-not-from-earlier-year",
                    format!(
                        "A carryover must come from a year before {year}; the {} entry from {} is not used",
                        rule.name, c.origin_year
                    ),
                )
                .at(path),
            );
            continue;
        }
        let last_year = c.origin_year.saturating_add(rule.carryover_years);
        if last_year < year {
            cx.diag(
                Diagnostic::info(
                    "carryover-expired",
                    format!(
                        "The {} of {} carried over from {} could be used through {last_year} only ({} years); it has expired and is not used in {year}",
                        rule.name,
                        fmt_money(amount),
                        c.origin_year,
                        rule.carryover_years
                    ),
                )
                .at(path)
                .cite(rule.statute.clone()),
            );
            continue;
        }
        *exp = std::mem::take(exp).answer(
            crate::explain_format!(
                cx,
                "Carried over from {} ({}), usable through {last_year}",
                c.origin_year,
                owner_words(c.owner)
            ),
            format!("{path}.remaining"),
            amount,
        );
        lots.push(Lot {
            owner: c.owner,
            origin_year: c.origin_year,
            available: amount,
            last_year,
            used: Decimal::ZERO,
        });
    }
    lots.sort_by_key(|l| (l.origin_year, l.owner != Owner::Taxpayer));
    lots
}

/// The other employer and business credits allowed for the year, as counted by the sheltered
/// workshop limit (54A:4-11 c: "taken together with any other credits allowed against the tax"):
/// each credit's amount for this year plus its carryovers usable this year, as its own section
/// allows them before the order of application. A credit outside its years, or a resident-only
/// credit on an NJ-1040NR, is not allowed and does not count. Counted at these amounts, the limit
/// does not depend on what is applied after line 46 (which can only be less), so it is worked out
/// once; the decision record explains the circle this avoids.
fn other_credits_allowed(cx: &Ctx, earned: &[EarnedCredit]) -> Vec<(String, Decimal)> {
    let year = cx.year();
    let mut out: Vec<(String, Decimal)> = Vec::new();
    for rule in credit_order(&cx.p.business_credits.catalogue.value) {
        if rule.kind == crate::answers::CreditKind::ShelteredWorkshop {
            continue;
        }
        let in_force = rule.first_year.is_none_or(|f| year >= f)
            && rule.last_year.is_none_or(|l| year <= l)
            && !(rule.resident_only && cx.scope.kind.is_nonresident());
        if !in_force {
            continue;
        }
        let this_year = sat_sum(
            earned
                .iter()
                .filter(|e| e.kind == rule.kind)
                .map(|e| floor_zero(e.amount)),
        );
        let carried = if rule.carryover_years == 0 {
            Decimal::ZERO
        } else {
            sat_sum(
                cx.a.business_credits
                    .carryovers
                    .iter()
                    .filter(|c| {
                        c.credit == rule.kind
                            && cx.a.counts(c.owner)
                            && c.origin_year < year
                            && c.origin_year.saturating_add(rule.carryover_years) >= year
                    })
                    .map(|c| floor_zero(c.remaining)),
            )
        };
        let total = sat_add(this_year, carried);
        if !total.is_zero() {
            out.push((rule.name.clone(), total));
        }
    }
    out
}

/// The sheltered workshop limit (54A:4-11 c): the credit "taken together with any other credits
/// allowed against the tax" may not exceed `limit_share` of the tax times the New Jersey share.
/// The other credits are the return's credit lines named by `sheltered_workshop_counted_credits`
/// (the COJ credit, the property tax credit, the NJ EITC it follows, the child and dependent care
/// credit and the child tax credit) and every other employer or business credit allowed for the
/// year ([`other_credits_allowed`]). Returns the room left and the words.
fn sheltered_workshop_room(
    cx: &Ctx,
    s: &Sheet,
    share: Decimal,
    others: &[(String, Decimal)],
    exp: &mut Explanation,
) -> (Decimal, String) {
    let bc = &cx.p.business_credits;
    let tax = s.v(Key::Tax);
    let share = share.clamp(Decimal::ZERO, Decimal::ONE);
    let rate = bc
        .sheltered_workshop_limit_share
        .value
        .checked_mul(share)
        .unwrap_or(Decimal::ZERO);
    let gross = times_rate(tax, rate);
    let mut counted = Decimal::ZERO;
    let mut words = Vec::new();
    for key in &bc.sheltered_workshop_counted_credits.value {
        let key = *key;
        let Some((id, label)) = cx.map().find(key) else {
            // A credit this return's form has no line for (the NJ-1040NR has no COJ or property
            // tax credit) is not allowed on it.
            continue;
        };
        let v = floor_zero(s.v(key));
        if v.is_zero() {
            continue;
        }
        counted = sat_add(counted, v);
        words.push(format!("line {id} {label} {}", fmt_money(v)));
        *exp = std::mem::take(exp).line(label.to_owned(), key, v);
    }
    for (k, (name, v)) in others.iter().enumerate() {
        counted = sat_add(counted, *v);
        words.push(format!("{name} {}", fmt_money(*v)));
        *exp = std::mem::take(exp).worksheet(
            format!("{name} allowed for the year"),
            format!("sheltered_workshop.other_credits[{k}]"),
            *v,
        );
    }
    let room = floor_zero(sat_sub(gross, counted));
    let (tax_id, _) = cx.map().find(Key::Tax).unwrap_or(("tax", "tax"));
    // A share such as 95,000 / 140,000 is used unrounded; shown to six places with its percentage.
    let share_words = if share.normalize().scale() > 6 {
        format!(
            "{}… ({}%)",
            share.round_dp_with_strategy(6, rust_decimal::RoundingStrategy::ToZero),
            crate::money::sat_mul(share, Decimal::ONE_HUNDRED).round_dp(2)
        )
    } else {
        share.normalize().to_string()
    };
    *exp = std::mem::take(exp)
        .line("Tax", Key::Tax, tax)
        .worksheet_text(
            "New Jersey share of gross income",
            "sheltered_workshop.share",
            share_words.clone(),
        )
        .worksheet("Room under the limit", "sheltered_workshop.room", room)
        .param(&bc.sheltered_workshop_limit_share)
        .param(&bc.sheltered_workshop_counted_credits);
    let text = crate::explain_format!(
        cx,
        "limit (54A:4-11 c): {} × tax (line {tax_id}) {} × New Jersey share {} = {}, less the other credits allowed against the tax ({}) = {}",
        fmt_rate(bc.sheltered_workshop_limit_share.value),
        fmt_money(tax),
        share_words,
        fmt_money(gross),
        if words.is_empty() {
            "none".to_owned()
        } else {
            words.join(", ")
        },
        fmt_money(room)
    );
    (room, text)
}

/// Apply every employer and business credit in its order, with its limits and carryovers
/// (decisions 1-3, 6, 7 of the business credits record): lines 46-48 against line 45, the
/// non-refundable credits without a line against what is left of line 50, then the refundable
/// credits (62, those without a line, 63 last). A non-refundable credit never takes the tax below
/// zero; the unused part carries over for its `carryover_years` or is lost.
///
/// `s` holds the tax (`tax`), the COJ credit (`coj_credit`) and the credits the sheltered workshop
/// limit counts (`nj_eitc`); `earned` is this year's credits ([`crate::rules::credit_amounts`]);
/// `sw_share` the sheltered workshop limit's New Jersey share.
pub fn apply(
    cx: &Ctx,
    s: &Sheet,
    earned: &[EarnedCredit],
    sw_share: (Decimal, Explanation),
) -> Applied {
    let year = cx.year();
    let catalogue = &cx.p.business_credits.catalogue.value;
    let form = cx.map().form.clone();
    let (share, share_exp) = sw_share;
    let tax = s.v(Key::Tax);
    let coj = s.v(Key::CojCredit);
    // Line 45 (the NJ-1040NR has no COJ credit: its tax, line 42), less the child and dependent
    // care credit in the years it is taken against the tax first (through 2020, line 44/45).
    let care = crate::rules::credits::nonrefundable_care_credit(cx, s);
    let mut left = floor_zero(sat_sub(sat_sub(tax, coj), care));
    let mut out = Applied::default();
    for e in earned {
        if !catalogue.iter().any(|r| r.kind == e.kind) {
            cx.diag(Diagnostic::error(
                "credit-not-in-catalogue",
                format!(
                    "Internal check: the {} has no rules in the catalogue; {} is not used",
                    e.kind.label(),
                    fmt_money(e.amount)
                ),
            ));
        }
    }
    for rule in credit_order(catalogue) {
        let key = static_key(rule);
        if rule.line.is_some() && key.is_none() {
            cx.diag(Diagnostic::error(
                "credit-line-unknown",
                format!(
                    "Internal check: the catalogue puts the {} on line \"{}\", which the credit mechanism does not fill; it is shown on the schedule only",
                    rule.name,
                    rule.line.map_or("", |k| k.as_str())
                ),
            ));
        }
        let mine: Vec<&EarnedCredit> = earned.iter().filter(|e| e.kind == rule.kind).collect();
        let mut exp = cx.explanation(String::new(), String::new());
        let this_year = this_years_credit(cx, rule, &mine, &mut exp);
        let mut lots = carried_lots(cx, rule, &mut exp);
        if mine.is_empty() && lots.is_empty() {
            continue;
        }
        let carried_in = sat_sum(lots.iter().map(|l| l.available));
        let earned_total = sat_sum(this_year.iter().map(|(_, v)| *v));
        for (owner, v) in &this_year {
            if !v.is_zero() {
                lots.push(Lot {
                    owner: *owner,
                    origin_year: year,
                    available: *v,
                    last_year: year.saturating_add(rule.carryover_years),
                    used: Decimal::ZERO,
                });
            }
        }
        let total = sat_add(carried_in, earned_total);
        let line_id = key
            .and_then(|k| cx.map().find(k))
            .map(|(id, _)| id.to_owned());
        let where_line = || {
            line_id.as_ref().map_or_else(
                || "business credits schedule".to_owned(),
                |id| format!("{form} line {id}"),
            )
        };
        let (allowed, limit, mut words) = if rule.refundable {
            (
                total,
                None,
                crate::explain_format!(cx, "refundable: the whole {} is allowed", fmt_money(total)),
            )
        } else {
            let mut cap = left;
            let mut limit = None;
            let mut w = Vec::new();
            if rule.kind == crate::answers::CreditKind::ShelteredWorkshop {
                let others = other_credits_allowed(cx, earned);
                let (room, text) = sheltered_workshop_room(cx, s, share, &others, &mut exp);
                exp.inputs.extend(share_exp.inputs.iter().cloned());
                for p in &share_exp.params {
                    if !exp.params.iter().any(|q| q.id == p.id) {
                        exp.params.push(p.clone());
                    }
                }
                cap = cap.min(room);
                limit = Some(room);
                w.push(text);
            }
            w.push(crate::explain_format!(
                cx,
                "non-refundable: at most the tax left, {}",
                fmt_money(left)
            ));
            let allowed = total.min(cap);
            (allowed, limit, w.join("; "))
        };
        // Use the lots oldest first (carryovers by origin year, then this year's).
        let mut to_use = allowed;
        for lot in &mut lots {
            let u = lot.available.min(to_use);
            lot.used = u;
            to_use = sat_sub(to_use, u);
        }
        let (applied, refunded) = if rule.refundable {
            let a = allowed.min(left);
            (a, sat_sub(allowed, a))
        } else {
            (allowed, Decimal::ZERO)
        };
        left = sat_sub(left, applied);
        let mut carried_forward = Decimal::ZERO;
        let mut lost = Decimal::ZERO;
        for lot in &lots {
            let remaining = sat_sub(lot.available, lot.used);
            if rule.carryover_years == 0 {
                lost = sat_add(lost, remaining);
                continue;
            }
            let expiring = if lot.last_year <= year {
                remaining
            } else {
                Decimal::ZERO
            };
            lost = sat_add(lost, expiring);
            carried_forward = sat_add(carried_forward, sat_sub(remaining, expiring));
            out.schedule.ledger.push(LedgerRow {
                owner: lot.owner,
                kind: rule.kind,
                origin_year: lot.origin_year,
                available: lot.available,
                used: lot.used,
                remaining,
                last_year: lot.last_year,
                expiring,
            });
        }
        let unused_words = if rule.refundable {
            crate::explain_format!(
                cx,
                "{} against the tax left and {} paid as an overpayment",
                fmt_money(applied),
                fmt_money(refunded)
            )
        } else if rule.carryover_years == 0 {
            crate::explain_format!(
                cx,
                "unused {} is lost (this credit is not carried over)",
                fmt_money(lost)
            )
        } else {
            crate::explain_format!(
                cx,
                "unused: {} carried forward (each year's part for {} years), {} lost at the end of its last year",
                fmt_money(carried_forward),
                rule.carryover_years,
                fmt_money(lost)
            )
        };
        words = crate::explain_format!(
            cx,
            "{}: {} earned for {year} + {} carried in = {}; {words}; allowed {}; {unused_words}",
            rule.name,
            fmt_money(earned_total),
            fmt_money(carried_in),
            fmt_money(total),
            fmt_money(allowed)
        );
        exp.rule = words;
        // The line cites the statute (its own form line is added when the return is finished);
        // the schedule row below also names where the credit is claimed.
        exp.citation = if rule.kind == crate::answers::CreditKind::ShelteredWorkshop {
            crate::explain_format!(cx, "{} c", rule.statute)
        } else {
            crate::explain_format!(cx, "{}", rule.statute)
        };
        if key.is_none() {
            if rule.refundable {
                out.schedule.separate_refundable =
                    sat_add(out.schedule.separate_refundable, allowed);
            } else {
                out.schedule.separate_nonrefundable =
                    sat_add(out.schedule.separate_nonrefundable, allowed);
            }
            out.schedule
                .notes
                .push(format!("{}: {}", rule.name, rule.claimed_where));
            for p in &exp.params {
                if let Some(note) = &p.uncertain {
                    cx.diag(
                        Diagnostic::warning(
                            "uncertain-figure",
                            format!(
                                "The {} uses {} ({}), a figure marked UNCERTAIN: {note}",
                                rule.name, p.label, p.value
                            ),
                        )
                        .at("business_credits")
                        .cite(p.citation.clone()),
                    );
                }
            }
        }
        if let Some(why) = rule.where_uncertain.as_ref().filter(|_| !allowed.is_zero()) {
            cx.diag(
                    Diagnostic::warning(
                        "credit-where-uncertain",
                        format!(
                            "Where the {} is claimed is uncertain: {why}. The app shows it on the business credits schedule.",
                            rule.name
                        ),
                    )
                    .at("business_credits")
                    .cite(rule.statute.clone()),
                );
            out.schedule.notes.push(format!(
                "{}: where it is claimed is uncertain ({why})",
                rule.name
            ));
        }
        if let Some(k) = key {
            out.lines.push(cx.line(k, allowed, exp.clone()));
        }
        if cx.explaining() {
            exp.citation = format!("{}; {}", exp.citation, where_line());
        }
        out.schedule.rows.push(ScheduleRow {
            kind: rule.kind,
            name: rule.name.clone(),
            statute: rule.statute.clone(),
            claimed_where: rule.claimed_where.clone(),
            where_uncertain: rule.where_uncertain.clone(),
            line: line_id,
            refundable: rule.refundable,
            earned: earned_total,
            carried_in,
            limit,
            applied,
            refunded,
            carried_forward,
            lost,
            explanation: exp,
        });
    }
    for key in CREDIT_LINE_KEYS {
        if !out.lines.iter().any(|l| l.key == key) {
            let label = cx.map().find(key).map_or(key.as_str(), |(_, label)| label);
            out.lines.push(cx.line(
                key,
                Decimal::ZERO,
                cx.explanation(
                    crate::explain_format!(
                        cx,
                        "No {label} is claimed: {}",
                        fmt_money(Decimal::ZERO)
                    ),
                    String::new(),
                ),
            ));
        }
    }
    out
}

/// Set the schedule's `net_after_separate_claims`: the return's refund minus its balance due, plus
/// the non-refundable credits without a form line that were allowed (each reduces the tax) and the
/// refundable ones without a line (refunded in full).
pub fn settle(schedule: &mut CreditSchedule, refund: Decimal, balance_due: Decimal) {
    schedule.net_after_separate_claims = sat_sum([
        sat_sub(refund, balance_due),
        schedule.separate_nonrefundable,
        schedule.separate_refundable,
    ]);
}
