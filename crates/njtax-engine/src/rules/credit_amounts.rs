//! What each employer and business credit amounts to for the year, before the order and the
//! limits of [`crate::rules::business_credits`]: one function per credit, named after it, each
//! citing its statute.
//!
//! Every function reads only the items whose owner counts on this return
//! ([`crate::answers::Answers::counts`]); an item that does not qualify gives a diagnostic at its
//! answer path and no earned credit; a negative amount gives an error and is treated as zero.
//! Whether a credit exists in the tax year at all (the catalogue's first and last years), the
//! order, the limits and the carryovers are the mechanism's ([`crate::rules::business_credits`]).

use rust_decimal::{Decimal, RoundingStrategy};

use crate::answers::{CreditKind, EntityKind, Owner, PropertyUse};
use crate::explain::{Diagnostic, Explanation};
use crate::explain_format;
use crate::key::Key;
use crate::money::{fmt_money, fmt_rate, mul_div, round_cents, sat_add, sat_sum, times_rate};
use crate::sheet::{Ctx, Sheet};

/// One credit earned for the year from one source, before the order and the limits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EarnedCredit {
    /// Which credit.
    pub kind: CreditKind,
    /// Whose credit.
    pub owner: Owner,
    /// Where it comes from, in words ("3 qualified persons at Shore Crafts", "share of Main St LP").
    pub source: String,
    /// The amount before the order and the limits.
    pub amount: Decimal,
    /// How the amount was worked out.
    pub explanation: Explanation,
}

const BC: &str = "business_credits";

/// Every credit earned on this return, in no particular order.
pub fn earned_credits(cx: &Ctx, s: &Sheet) -> Vec<EarnedCredit> {
    let mut out = Vec::new();
    out.extend(sheltered_workshop_credit(cx));
    out.extend(entity_credit_shares(cx));
    out.extend(certified_credits(cx));
    out.extend(impaired_employee_credit(cx));
    out.extend(organ_donor_employer_credit(cx));
    out.extend(wounded_warrior_caregiver_credit(cx, s));
    out.extend(apprenticeship_credit(cx));
    out.extend(unit_concrete_credit(cx));
    out.extend(environmental_product_declaration_credit(cx));
    out.extend(emerging_technology_credit(cx));
    out.extend(wage_tax_refund_denied_credit(cx));
    out.extend(bait_credit(cx));
    out
}

/// The name as matched: trimmed, case folded.
fn norm(name: &str) -> String {
    name.trim().to_lowercase()
}

/// Which entered sheltered workshop business employee `i` works for: its index among the
/// businesses, or `None` (with an error diagnostic) when it names none entered. With exactly one
/// business entered for the return, an empty name means that one.
fn employee_business(cx: &Ctx, i: usize) -> Option<usize> {
    let e = cx.a.business_credits.sheltered_workshop_employees.get(i)?;
    let wanted = norm(&e.business);
    let found = find_business_quiet(cx, i);
    if found.is_none() {
        let message = if wanted.is_empty() {
            "Name the business that employs this person: the credit's limit is measured on that business's New Jersey-source income (enter the business under sheltered workshop businesses)".to_owned()
        } else {
            format!(
                "The business \"{}\" is not among the sheltered workshop businesses entered: enter it with its New Jersey-source income, which sets the credit's limit",
                e.business.trim()
            )
        };
        cx.diag(
            Diagnostic::error("sheltered-workshop-business-missing", message)
                .at(format!("{BC}.sheltered_workshop_employees[{i}].business"))
                .cite("N.J.S.A. 54A:4-11 c"),
        );
    }
    found
}

/// Whether employee `i` is a qualified person (54A:4-11 b): a special license and at least the
/// minimum weeks of 25 hours or more.
fn is_qualified(cx: &Ctx, i: usize) -> bool {
    let p = &cx.p.business_credits;
    cx.a.business_credits
        .sheltered_workshop_employees
        .get(i)
        .is_some_and(|e| {
            e.special_license && e.weeks_of_25_hours >= p.sheltered_workshop_min_weeks.value
        })
}

/// Sheltered workshop credit (N.J.S.A. 54A:4-11 a, b; NJ-1040 line 46, Form GIT-317): for each
/// qualified person (an extended employee with the Commissioner's special license who worked at
/// least 26 weeks of 25 hours or more under the filer's contract with a sheltered workshop), 20% of
/// the salary and wages paid in the year, at most $1,000 for the person. One earned credit per
/// qualified person.
pub fn sheltered_workshop_credit(cx: &Ctx) -> Vec<EarnedCredit> {
    let p = &cx.p.business_credits;
    let bc = &cx.a.business_credits;
    let cite = explain_format!(
        cx,
        "N.J.S.A. 54A:4-11 a, b; {} line {} (Form GIT-317)",
        cx.form(),
        cx.id(Key::ShelteredWorkshopCredit)
    );
    let mut out = Vec::new();
    for (i, e) in bc.sheltered_workshop_employees.iter().enumerate() {
        if !cx.a.counts(e.owner) {
            continue;
        }
        let path = format!("{BC}.sheltered_workshop_employees[{i}]");
        let business = employee_business(cx, i)
            .and_then(|j| bc.sheltered_workshop_businesses.get(j))
            .map_or_else(|| e.business.trim().to_owned(), |b| b.name.clone());
        if !is_qualified(cx, i) {
            let why = if e.special_license {
                format!(
                    "worked {} weeks of {} hours or more; at least {} are needed",
                    e.weeks_of_25_hours,
                    p.sheltered_workshop_min_weekly_hours.value,
                    p.sheltered_workshop_min_weeks.value
                )
            } else {
                "has no special license from the Commissioner of Labor and Workforce Development to be paid less than the minimum wage".to_owned()
            };
            cx.diag(
                Diagnostic::info(
                    "sheltered-workshop-not-qualified",
                    format!("This person is not a qualified person for the sheltered workshop credit: {why}; no credit for this person"),
                )
                .at(path.clone())
                .cite("N.J.S.A. 54A:4-11 b (\"Qualified person\")"),
            );
            continue;
        }
        let wages = cx.non_negative(
            format!("{path}.wages_paid"),
            "Wages paid to a qualified person",
            e.wages_paid,
            "N.J.S.A. 54A:4-11 a",
        );
        let twenty = times_rate(wages, p.sheltered_workshop_rate.value);
        let max = p.sheltered_workshop_max_per_person.value;
        let amount = twenty.min(max);
        let rule = explain_format!(
            cx,
            "{} of wages {} = {}{}; a qualified person ({} weeks of {} hours or more, at least {}, with the special license)",
            fmt_rate(p.sheltered_workshop_rate.value),
            fmt_money(wages),
            fmt_money(twenty),
            if twenty > max {
                format!(
                    ", more than the most for one person {}: {}",
                    fmt_money(max),
                    fmt_money(amount)
                )
            } else {
                String::new()
            },
            e.weeks_of_25_hours,
            p.sheltered_workshop_min_weekly_hours.value,
            p.sheltered_workshop_min_weeks.value
        );
        let explanation = cx
            .explanation(rule, &cite)
            .answer("Wages paid", format!("{path}.wages_paid"), wages)
            .answer_text(
                "Weeks of 25 hours or more",
                format!("{path}.weeks_of_25_hours"),
                e.weeks_of_25_hours.to_string(),
            )
            .answer_text("Special license", format!("{path}.special_license"), "yes")
            .answer_text("Business", format!("{path}.business"), business.clone())
            .param(&p.sheltered_workshop_rate)
            .param(&p.sheltered_workshop_max_per_person)
            .param(&p.sheltered_workshop_min_weeks)
            .param(&p.sheltered_workshop_min_weekly_hours);
        out.push(EarnedCredit {
            kind: CreditKind::ShelteredWorkshop,
            owner: e.owner,
            source: format!("qualified person {} at {}", e.name.trim(), business),
            amount,
            explanation,
        });
    }
    out
}

/// The sheltered workshop limit's share (54A:4-11 c): gross income from New Jersey sources
/// attributable to the businesses that employ the qualified persons (the sheltered workshop
/// businesses with at least one qualified person, plus the `nj_source_income` of every sheltered
/// workshop entity share), over entire gross income (line 29; column A on the NJ-1040NR), at most
/// 1; 0 when gross income is 0 or less. Not rounded (shown as a percentage with 2 decimals).
pub fn sheltered_workshop_income_share(cx: &Ctx, s: &Sheet) -> (Decimal, Explanation) {
    let bc = &cx.a.business_credits;
    let mut employing = vec![false; bc.sheltered_workshop_businesses.len()];
    for (i, e) in bc.sheltered_workshop_employees.iter().enumerate() {
        if !cx.a.counts(e.owner) || !is_qualified(cx, i) {
            continue;
        }
        // The diagnostic for a missing business is given by the credit itself.
        if let Some(j) = find_business_quiet(cx, i)
            && let Some(flag) = employing.get_mut(j)
        {
            *flag = true;
        }
    }
    let mut parts = Vec::new();
    let mut explanation = cx.explanation("", "N.J.S.A. 54A:4-11 c; Form GIT-317");
    for (j, b) in bc.sheltered_workshop_businesses.iter().enumerate() {
        if !cx.a.counts(b.owner) || !employing.get(j).copied().unwrap_or(false) {
            continue;
        }
        let path = format!("{BC}.sheltered_workshop_businesses[{j}].nj_source_income");
        let v = cx.non_negative(
            path.clone(),
            "New Jersey-source income of a sheltered workshop business",
            b.nj_source_income,
            "N.J.S.A. 54A:4-11 c",
        );
        explanation = explanation.answer(
            explain_format!(cx, "New Jersey-source income of {}", b.name.trim()),
            path,
            v,
        );
        parts.push((b.name.trim().to_owned(), v));
    }
    for (k, sh) in bc.entity_shares.iter().enumerate() {
        if !cx.a.counts(sh.owner) || sh.credit != CreditKind::ShelteredWorkshop {
            continue;
        }
        let path = format!("{BC}.entity_shares[{k}].nj_source_income");
        let v = cx.non_negative(
            path.clone(),
            "New Jersey-source income from an entity employing qualified persons",
            sh.nj_source_income,
            "N.J.S.A. 54A:4-11 c, d",
        );
        explanation = explanation.answer(
            explain_format!(cx, "New Jersey-source income from {}", sh.entity.trim()),
            path,
            v,
        );
        parts.push((sh.entity.trim().to_owned(), v));
    }
    let numerator = sat_sum(parts.iter().map(|(_, v)| *v));
    let gross = s.v(Key::GrossIncome);
    explanation = explanation.line(
        crate::explain_format!(cx, "Gross income (line {})", cx.id(Key::GrossIncome)),
        Key::GrossIncome,
        gross,
    );
    let (share, how) = if gross <= Decimal::ZERO {
        (
            Decimal::ZERO,
            explain_format!(
                cx,
                "gross income is {}, so the share is 0",
                fmt_money(gross)
            ),
        )
    } else {
        let raw = numerator.checked_div(gross).unwrap_or(Decimal::ONE);
        let share = raw.min(Decimal::ONE).max(Decimal::ZERO);
        (
            share,
            explain_format!(
                cx,
                "{} / gross income {} = {}{}",
                fmt_money(numerator),
                fmt_money(gross),
                fmt_share(raw),
                if raw > Decimal::ONE {
                    ", more than 100%: 100%"
                } else {
                    ""
                }
            ),
        )
    };
    if cx.explaining() {
        let listed = if parts.is_empty() {
            format!(
                "no business employing a qualified person and no entity share: {}",
                fmt_money(Decimal::ZERO)
            )
        } else {
            parts
                .iter()
                .map(|(n, v)| format!("{n} {}", fmt_money(*v)))
                .collect::<Vec<_>>()
                .join(" + ")
        };
        explanation.rule = format!(
            "Share of the tax that limits the sheltered workshop credit: New Jersey-source gross income of the businesses employing qualified persons ({listed}) {how} (kept unrounded in the limit)"
        );
    }
    (share, explanation)
}

/// A share shown as a percentage with 2 decimals.
fn fmt_share(share: Decimal) -> String {
    let pct = share
        .checked_mul(Decimal::ONE_HUNDRED)
        .unwrap_or(Decimal::MAX)
        .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
        .normalize()
        .to_string();
    let (int, frac) = pct.split_once('.').unwrap_or((pct.as_str(), ""));
    format!("{int}.{frac:0<2}%")
}

/// Like [`employee_business`] without the diagnostic.
fn find_business_quiet(cx: &Ctx, i: usize) -> Option<usize> {
    let bc = &cx.a.business_credits;
    let e = bc.sheltered_workshop_employees.get(i)?;
    let counted: Vec<usize> = bc
        .sheltered_workshop_businesses
        .iter()
        .enumerate()
        .filter(|(_, b)| cx.a.counts(b.owner))
        .map(|(j, _)| j)
        .collect();
    let wanted = norm(&e.business);
    if wanted.is_empty() {
        return if counted.len() == 1 {
            counted.first().copied()
        } else {
            None
        };
    }
    let by_name = |same_owner: bool| {
        counted.iter().copied().find(|&j| {
            bc.sheltered_workshop_businesses
                .get(j)
                .is_some_and(|b| norm(&b.name) == wanted && (!same_owner || b.owner == e.owner))
        })
    };
    by_name(true).or_else(|| by_name(false))
}

/// The statute section of each credit's entity-share rule.
fn entity_share_cite(kind: CreditKind) -> &'static str {
    match kind {
        CreditKind::ShelteredWorkshop => "N.J.S.A. 54A:4-11 d",
        CreditKind::GoldStar => "N.J.S.A. 54A:4-16 c",
        CreditKind::OrganDonorEmployer => "N.J.S.A. 54A:4-20 c",
        CreditKind::ImpairedEmployee => "N.J.S.A. 54A:4-18 d",
        CreditKind::Apprenticeship => "N.J.S.A. 54A:4-19 c",
        CreditKind::PersonalProtectiveEquipment => "N.J.S.A. 54A:4-21 g",
        CreditKind::UnitConcrete => "N.J.S.A. 54A:4-22 c",
        CreditKind::LowCarbonConcrete => "N.J.S.A. 54A:4-23",
        CreditKind::EnvironmentalProductDeclaration => "N.J.S.A. 54A:4-24",
        CreditKind::FilmDigitalMedia => "N.J.S.A. 54A:4-12b d",
        CreditKind::EmergingTechnology => "N.J.S.A. 54A:4-13 c",
        CreditKind::WageTaxRefundDenied => "N.J.S.A. 54A:4-1.1",
        CreditKind::WoundedWarriorCaregiver => "N.J.S.A. 54A:4-15",
        CreditKind::PassThroughBait => "N.J.S.A. 54A:12-5 a",
    }
}

/// Shares of credits acquired by partnerships and New Jersey S corporations (every credit kind;
/// 54A:4-11 d, 4-12b d, 4-13 c, 4-16 c, 4-18 d, 4-19 c, 4-20 c, 4-21 g, 4-22 c): the entity's credit
/// times the filer's share of the entity's total distributive income or gain (pro rata share of S
/// corporation income), rounded to cents. An error and 0 when the entity's total income is zero or
/// less, or the filer's share exceeds it.
pub fn entity_credit_shares(cx: &Ctx) -> Vec<EarnedCredit> {
    let mut out = Vec::new();
    for (k, sh) in cx.a.business_credits.entity_shares.iter().enumerate() {
        if !cx.a.counts(sh.owner) {
            continue;
        }
        let path = format!("{BC}.entity_shares[{k}]");
        let cite = entity_share_cite(sh.credit);
        let credit = cx.non_negative(
            format!("{path}.entity_credit"),
            "The entity's credit",
            sh.entity_credit,
            cite,
        );
        let share = cx.non_negative(
            format!("{path}.your_share_of_income"),
            "Your share of the entity's income",
            sh.your_share_of_income,
            cite,
        );
        let total = sh.entity_total_income;
        if total <= Decimal::ZERO || share > total {
            let message = if total <= Decimal::ZERO {
                format!(
                    "The entity's total distributive income or gain is {}: the share of its credit cannot be worked out, so it is 0. Enter the total from the entity's schedule",
                    fmt_money(total)
                )
            } else {
                format!(
                    "Your share of the entity's income ({}) is more than its total distributive income or gain ({}): the share of its credit is 0 until this is corrected",
                    fmt_money(share),
                    fmt_money(total)
                )
            };
            cx.diag(
                Diagnostic::error("entity-credit-share-total", message)
                    .at(format!("{path}.entity_total_income"))
                    .cite(cite),
            );
            continue;
        }
        let amount = mul_div(credit, share, total);
        let holder = match sh.entity_kind {
            EntityKind::Partnership => "partnership",
            EntityKind::SCorporation => "New Jersey S corporation",
        };
        let rule = explain_format!(
            cx,
            "The {holder}'s credit {} x your share of its income {} / its total distributive income {} = {}",
            fmt_money(credit),
            fmt_money(share),
            fmt_money(total),
            fmt_money(amount)
        );
        let explanation = cx
            .explanation(rule, cite)
            .answer("Entity's credit", format!("{path}.entity_credit"), credit)
            .answer(
                "Your share of the entity's income",
                format!("{path}.your_share_of_income"),
                share,
            )
            .answer(
                "Entity's total distributive income",
                format!("{path}.entity_total_income"),
                total,
            );
        out.push(EarnedCredit {
            kind: sh.credit,
            owner: sh.owner,
            source: format!("share of {}", sh.entity.trim()),
            amount,
            explanation,
        });
    }
    out
}

/// Amounts documented or certified by an agency (decision 5): Gold Star counseling (54A:4-16 a,
/// documented by the Department of Military and Veterans' Affairs), film and digital media
/// (54A:4-12b), PPE manufacturing (54A:4-21, at most the yearly cap per taxpayer) and low embodied
/// carbon concrete (54A:4-23 c, at most 5%, 3% or 8% of the cost of the concrete delivered when a
/// cost is given) are taken as certified; any other kind was typed in an earlier version of the
/// draft and is taken as entered with a warning asking for its details.
pub fn certified_credits(cx: &Ctx) -> Vec<EarnedCredit> {
    let p = &cx.p.business_credits;
    let mut out = Vec::new();
    let mut ppe_used: Vec<(Owner, Decimal)> = Vec::new();
    for (k, c) in cx.a.business_credits.certified.iter().enumerate() {
        if !cx.a.counts(c.owner) {
            continue;
        }
        let path = format!("{BC}.certified[{k}]");
        let cite = match c.credit {
            CreditKind::GoldStar => "N.J.S.A. 54A:4-16 a",
            CreditKind::FilmDigitalMedia => "N.J.S.A. 54A:4-12b; Form GIT-327",
            CreditKind::PersonalProtectiveEquipment => "N.J.S.A. 54A:4-21",
            CreditKind::LowCarbonConcrete => "N.J.S.A. 54A:4-23 c, f",
            other => entity_share_cite(other),
        };
        let entered = cx.non_negative(
            format!("{path}.amount"),
            "A certified credit amount",
            c.amount,
            cite,
        );
        let mut explanation =
            cx.explanation("", cite)
                .answer("Amount certified", format!("{path}.amount"), entered);
        let (amount, rule) = match c.credit {
            CreditKind::GoldStar | CreditKind::FilmDigitalMedia => (
                entered,
                explain_format!(
                    cx,
                    "The amount certified, {}, as entered",
                    fmt_money(entered)
                ),
            ),
            CreditKind::PersonalProtectiveEquipment => {
                let max = p.ppe_max.value;
                explanation = explanation.param(&p.ppe_max);
                let used = ppe_used
                    .iter()
                    .find(|(o, _)| *o == c.owner)
                    .map_or(Decimal::ZERO, |(_, u)| *u);
                let room = crate::money::floor_zero(crate::money::sat_sub(max, used));
                let amount = entered.min(room);
                if let Some(slot) = ppe_used.iter_mut().find(|(o, _)| *o == c.owner) {
                    slot.1 = sat_add(slot.1, amount);
                } else {
                    ppe_used.push((c.owner, amount));
                }
                (
                    amount,
                    explain_format!(
                        cx,
                        "The amount certified, {}, at most {} a year for a taxpayer ({} already counted): {}",
                        fmt_money(entered),
                        fmt_money(max),
                        fmt_money(used),
                        fmt_money(amount)
                    ),
                )
            }
            CreditKind::LowCarbonConcrete => {
                low_carbon_concrete_cap(cx, k, entered, &mut explanation)
            }
            other => {
                cx.diag(
                    Diagnostic::warning(
                        "certified-credit-details",
                        format!(
                            "This {} amount was typed as a single figure in an earlier version: it is taken as entered as this year's credit; enter its details under the credit so the app can check it{}",
                            cx.p.business_credits.rule(other).map_or("credit", |r| r.name.as_str()),
                            if other == CreditKind::ShelteredWorkshop {
                                ". The 50% limit (54A:4-11 c) still applies: without the New Jersey-source income of the business that employs the workers (Sheltered workshop: your businesses) the limit is zero and the credit is carried forward"
                            } else {
                                ""
                            }
                        ),
                    )
                    .at(path.clone())
                    .cite(entity_share_cite(other)),
                );
                (
                    entered,
                    explain_format!(
                        cx,
                        "The amount typed in an earlier version, {}, as entered",
                        fmt_money(entered)
                    ),
                )
            }
        };
        explanation.rule = rule;
        out.push(EarnedCredit {
            kind: c.credit,
            owner: c.owner,
            source: format!("certified: {}", c.description.trim()),
            amount,
            explanation,
        });
    }
    out
}

/// Low embodied carbon concrete (54A:4-23 c): the certified amount, at most 5% of the cost of low
/// embodied carbon concrete delivered, 3% for carbon capture concrete, 8% for concrete that is
/// both, when a cost base is entered. The first tax year (P.L.2023, c.4) is stored as uncertain.
fn low_carbon_concrete_cap(
    cx: &Ctx,
    k: usize,
    entered: Decimal,
    explanation: &mut Explanation,
) -> (Decimal, String) {
    let p = &cx.p.business_credits;
    let Some(c) = cx.a.business_credits.certified.get(k) else {
        return (entered, String::new());
    };
    let path = format!("{BC}.certified[{k}]");
    let mut ex = std::mem::take(explanation).param(&p.concrete_credits_first_year);
    let base = cx.non_negative(
        format!("{path}.cost_base"),
        "The cost of the concrete delivered",
        c.cost_base,
        "N.J.S.A. 54A:4-23 c",
    );
    let rate = match (c.low_embodied_carbon, c.carbon_capture) {
        (true, true) => Some(&p.both_concrete_rate),
        (true, false) => Some(&p.low_carbon_concrete_rate),
        (false, true) => Some(&p.carbon_capture_concrete_rate),
        (false, false) => None,
    };
    let result = match rate {
        Some(rate) if base > Decimal::ZERO => {
            let cap = times_rate(base, rate.value);
            ex = ex
                .answer(
                    "Cost of the concrete delivered",
                    format!("{path}.cost_base"),
                    base,
                )
                .param(rate);
            let amount = entered.min(cap);
            (
                amount,
                explain_format!(
                    cx,
                    "The amount certified, {}, at most {} of the cost {} = {}: {}",
                    fmt_money(entered),
                    fmt_rate(rate.value),
                    fmt_money(base),
                    fmt_money(cap),
                    fmt_money(amount)
                ),
            )
        }
        _ => {
            if base > Decimal::ZERO {
                cx.diag(
                    Diagnostic::warning(
                        "low-carbon-concrete-kind",
                        "Say whether the concrete was low embodied carbon concrete, carbon capture concrete or both: the certified amount is taken as entered, without checking it against 5%, 3% or 8% of the cost",
                    )
                    .at(path.clone())
                    .cite("N.J.S.A. 54A:4-23 c"),
                );
            }
            (
                entered,
                explain_format!(
                    cx,
                    "The amount on the Director's certificate, {}, as entered",
                    fmt_money(entered)
                ),
            )
        }
    };
    *explanation = ex;
    result
}

/// Credit for employers of employees with impairments (54A:4-18 a, c; P.L.2019, c.32, s.6): the
/// amount on the Commissioner of Labor's certificate for the tax year, less the part for wages and
/// payroll taxes already counted in another credit for the same period, not below zero. A
/// certificate issued for another year gives an error and no credit (4-18 a, b: used in the year
/// it is allowed; no carryforward).
pub fn impaired_employee_credit(cx: &Ctx) -> Vec<EarnedCredit> {
    let cite = "N.J.S.A. 54A:4-18 a-c; P.L.2019, c.32, s.6 (C.34:11-56a40)";
    let mut out = Vec::new();
    for (k, c) in
        cx.a.business_credits
            .impaired_employee_certificates
            .iter()
            .enumerate()
    {
        if !cx.a.counts(c.owner) {
            continue;
        }
        let path = format!("{BC}.impaired_employee_certificates[{k}]");
        if c.certificate_year != cx.year() {
            cx.diag(
                Diagnostic::error(
                    "impaired-certificate-year",
                    format!(
                        "This certificate is for tax year {}: only a certificate issued for {} can be used on this return (the credit is used in the year it is allowed and not carried forward); no credit from it",
                        c.certificate_year,
                        cx.year()
                    ),
                )
                .at(format!("{path}.certificate_year"))
                .cite("N.J.S.A. 54A:4-18 a, b"),
            );
            continue;
        }
        let certified = cx.non_negative(
            format!("{path}.certified_amount"),
            "The certified credit amount",
            c.certified_amount,
            cite,
        );
        let counted = cx.non_negative(
            format!("{path}.counted_in_another_credit"),
            "The part counted in another credit",
            c.counted_in_another_credit,
            "N.J.S.A. 54A:4-18 c",
        );
        let amount = crate::money::floor_zero(crate::money::sat_sub(certified, counted));
        let rule = explain_format!(
            cx,
            "Amount certified for {} {} - wages and payroll taxes counted in another credit {} = {}",
            c.certificate_year,
            fmt_money(certified),
            fmt_money(counted),
            fmt_money(amount)
        );
        out.push(EarnedCredit {
            kind: CreditKind::ImpairedEmployee,
            owner: c.owner,
            source: format!("certificate {}", c.certificate.trim()),
            amount,
            explanation: cx
                .explanation(rule, cite)
                .answer(
                    "Amount certified",
                    format!("{path}.certified_amount"),
                    certified,
                )
                .answer(
                    "Counted in another credit",
                    format!("{path}.counted_in_another_credit"),
                    counted,
                )
                .answer_text(
                    "Certificate year",
                    format!("{path}.certificate_year"),
                    c.certificate_year.to_string(),
                ),
        });
    }
    out
}

/// Credit for the employer of an organ or bone-marrow donor (54A:4-20 a; NJ-1040 line 48): 25% of
/// the person's salary during the time missed, for up to 30 days of missed work for each
/// donation (salary x min(days, 30) / days), only for paid time off in addition to any other paid
/// time off.
pub fn organ_donor_employer_credit(cx: &Ctx) -> Vec<EarnedCredit> {
    let p = &cx.p.business_credits;
    let cite = "N.J.S.A. 54A:4-20 a";
    let mut out = Vec::new();
    for (k, d) in cx.a.business_credits.organ_donor_leaves.iter().enumerate() {
        if !cx.a.counts(d.owner) {
            continue;
        }
        let path = format!("{BC}.organ_donor_leaves[{k}]");
        if !d.additional_paid_leave {
            cx.diag(
                Diagnostic::warning(
                    "organ-donor-not-additional",
                    "The credit is allowed only for paid time off given in addition to any other paid time off the person has: no credit for this donation",
                )
                .at(format!("{path}.additional_paid_leave"))
                .cite("N.J.S.A. 54A:4-20 a"),
            );
            continue;
        }
        let salary = cx.non_negative(
            format!("{path}.salary_for_days_missed"),
            "Salary for the days missed",
            d.salary_for_days_missed,
            "N.J.S.A. 54A:4-20 a",
        );
        if d.days_missed == 0 {
            if salary > Decimal::ZERO {
                cx.diag(
                    Diagnostic::error(
                        "organ-donor-days",
                        "Enter the days of work missed for this donation: the credit counts the salary for at most 30 of them",
                    )
                    .at(format!("{path}.days_missed"))
                    .cite("N.J.S.A. 54A:4-20 a"),
                );
            }
            continue;
        }
        let max_days = p.organ_donor_max_days.value;
        let days = d.days_missed.min(max_days);
        let counted_salary = mul_div(salary, Decimal::from(days), Decimal::from(d.days_missed));
        let amount = times_rate(counted_salary, p.organ_donor_rate.value);
        let rule = if d.days_missed > max_days {
            explain_format!(
                cx,
                "Salary {} for {} days missed; at most {} days count: {} x {}/{} = {}; {} of it = {}",
                fmt_money(salary),
                d.days_missed,
                max_days,
                fmt_money(salary),
                days,
                d.days_missed,
                fmt_money(counted_salary),
                fmt_rate(p.organ_donor_rate.value),
                fmt_money(amount)
            )
        } else {
            explain_format!(
                cx,
                "{} of the salary {} for {} days missed (at most {} count) = {}",
                fmt_rate(p.organ_donor_rate.value),
                fmt_money(salary),
                d.days_missed,
                max_days,
                fmt_money(amount)
            )
        };
        out.push(EarnedCredit {
            kind: CreditKind::OrganDonorEmployer,
            owner: d.owner,
            source: format!("donation leave of {}", d.employee.trim()),
            amount,
            explanation: cx
                .explanation(rule, cite)
                .answer(
                    "Salary for the days missed",
                    format!("{path}.salary_for_days_missed"),
                    salary,
                )
                .answer_text(
                    "Days missed",
                    format!("{path}.days_missed"),
                    d.days_missed.to_string(),
                )
                .param(&p.organ_donor_rate)
                .param(&p.organ_donor_max_days),
        });
    }
    out
}

/// Wounded Warrior caregivers' qualified veteran care credit (54A:4-15 a, b, e; NJ-1040 line 62):
/// the lesser of the veteran's federal disability compensation and $675, for a resident
/// caregiver with gross income for the year (line 29; a part-year resident's whole year) within the limit for the filing status, related to the
/// veteran within the third degree, caring for a qualified armed service member who resided with
/// the caregiver in New Jersey at least 6 months of the year; shared among caregivers in
/// proportion to their care expenses.
pub fn wounded_warrior_caregiver_credit(cx: &Ctx, s: &Sheet) -> Vec<EarnedCredit> {
    let p = &cx.p.business_credits;
    let cite = explain_format!(
        cx,
        "N.J.S.A. 54A:4-15 a, b, e; {} line {} (Schedule NJ-WCC)",
        cx.form(),
        cx.id(Key::WoundedWarriorCredit)
    );
    let mut out = Vec::new();
    // "Gross income for the taxable year": for a part-year resident the whole year's, as for the
    // 54A:2-4 threshold (the resident-period line 29 covers only part of the year).
    let gross = cx.threshold_gross_income(s);
    let limit = *p.caregiver_income_limit.value.get(cx.a.filing_status);
    for (k, v) in cx.a.business_credits.veteran_care.iter().enumerate() {
        if !cx.a.counts(v.owner) {
            continue;
        }
        let path = format!("{BC}.veteran_care[{k}]");
        let mut why_not = Vec::new();
        if gross > limit {
            why_not.push((
                "gross_income".to_owned(),
                format!(
                    "gross income {} is more than {} for this filing status",
                    fmt_money(gross),
                    fmt_money(limit)
                ),
            ));
        }
        if !v.qualified_service_member {
            why_not.push((
                format!("{path}.qualified_service_member"),
                "the veteran is not a qualified armed service member (disabled by service on or after September 11, 2001, honorably discharged, totally disabled by unemployability)".to_owned(),
            ));
        }
        if u32::from(v.months_resided_with_you) < p.caregiver_min_months.value {
            why_not.push((
                format!("{path}.months_resided_with_you"),
                format!(
                    "the veteran resided with you in New Jersey {} months; at least {} are needed",
                    v.months_resided_with_you, p.caregiver_min_months.value
                ),
            ));
        }
        if !v.relative {
            why_not.push((
                format!("{path}.relative"),
                "you are not related to the veteran within the third degree".to_owned(),
            ));
        }
        if !why_not.is_empty() {
            let at = why_not.first().map(|(a, _)| a.clone()).unwrap_or_default();
            let at = if at == "gross_income" {
                path.clone()
            } else {
                at
            };
            cx.diag(
                Diagnostic::info(
                    "wounded-warrior-not-qualified",
                    format!(
                        "No Wounded Warrior caregivers credit for this veteran: {}",
                        why_not
                            .iter()
                            .map(|(_, w)| w.as_str())
                            .collect::<Vec<_>>()
                            .join("; ")
                    ),
                )
                .at(at)
                .cite("N.J.S.A. 54A:4-15 e"),
            );
            continue;
        }
        let comp = cx.non_negative(
            format!("{path}.federal_disability_compensation"),
            "Federal veteran disability compensation",
            v.federal_disability_compensation,
            "N.J.S.A. 54A:4-15 a",
        );
        let max = p.caregiver_max.value;
        let full = comp.min(max);
        let yours = cx.non_negative(
            format!("{path}.your_care_expenses"),
            "Your care expenses",
            v.your_care_expenses,
            "N.J.S.A. 54A:4-15 b",
        );
        let all = cx.non_negative(
            format!("{path}.all_caregivers_care_expenses"),
            "All caregivers' care expenses",
            v.all_caregivers_care_expenses,
            "N.J.S.A. 54A:4-15 b",
        );
        let mut explanation = cx
            .explanation("", &cite)
            .answer(
                "Federal veteran disability compensation",
                format!("{path}.federal_disability_compensation"),
                comp,
            )
            .line(
                cx.threshold_income_words().trim_end_matches(','),
                Key::GrossIncome,
                gross,
            )
            .answer_text(
                "Months resided with you",
                format!("{path}.months_resided_with_you"),
                v.months_resided_with_you.to_string(),
            )
            .param(&p.caregiver_max)
            .param(&p.caregiver_income_limit)
            .param(&p.caregiver_min_months);
        let base_rule = explain_format!(
            cx,
            "The lesser of the veteran's federal disability compensation {} and {} = {} (gross income {} within {}; {} months with you, at least {})",
            fmt_money(comp),
            fmt_money(max),
            fmt_money(full),
            fmt_money(gross),
            fmt_money(limit),
            v.months_resided_with_you,
            p.caregiver_min_months.value
        );
        if !all.is_zero() && all < yours {
            cx.diag(
                Diagnostic::warning(
                    "wounded-warrior-care-expenses",
                    format!(
                        "All caregivers' care expenses ({}) are less than yours ({}): enter the total of every qualified caregiver's expenses, yours included (zero when you are the only caregiver); the whole credit was used",
                        fmt_money(all),
                        fmt_money(yours)
                    ),
                )
                .at(format!("{path}.all_caregivers_care_expenses"))
                .cite("N.J.S.A. 54A:4-15 b"),
            );
        }
        let (amount, rule) = if all > yours {
            explanation = explanation
                .answer(
                    "Your care expenses",
                    format!("{path}.your_care_expenses"),
                    yours,
                )
                .answer(
                    "All caregivers' care expenses",
                    format!("{path}.all_caregivers_care_expenses"),
                    all,
                );
            let amount = mul_div(full, yours, all);
            (
                amount,
                explain_format!(
                    cx,
                    "{base_rule}; shared in proportion to care expenses: {} x {} / {} = {}",
                    fmt_money(full),
                    fmt_money(yours),
                    fmt_money(all),
                    fmt_money(amount)
                ),
            )
        } else {
            (full, base_rule)
        };
        explanation.rule = rule;
        out.push(EarnedCredit {
            kind: CreditKind::WoundedWarriorCaregiver,
            owner: v.owner,
            source: format!("care of {}", v.veteran.trim()),
            amount,
            explanation,
        });
    }
    out
}

/// Apprenticeship program credit (54A:4-19 a): once the application is approved, the qualified
/// start-up costs of the program's initial year, at most $5,000 ($10,000 for a program giving
/// greater opportunities in key industries).
pub fn apprenticeship_credit(cx: &Ctx) -> Vec<EarnedCredit> {
    let p = &cx.p.business_credits;
    let cite = "N.J.S.A. 54A:4-19 a; Form GIT-330";
    let mut out = Vec::new();
    for (k, a) in cx.a.business_credits.apprenticeship.iter().enumerate() {
        if !cx.a.counts(a.owner) {
            continue;
        }
        let path = format!("{BC}.apprenticeship[{k}]");
        if !a.approved {
            cx.diag(
                Diagnostic::warning(
                    "apprenticeship-not-approved",
                    "The apprenticeship credit is allowed only once the Department of Labor and Workforce Development and the Director approve the application: no credit yet",
                )
                .at(format!("{path}.approved"))
                .cite("N.J.S.A. 54A:4-19 a"),
            );
            continue;
        }
        let costs = cx.non_negative(
            format!("{path}.start_up_costs"),
            "Qualified start-up costs",
            a.start_up_costs,
            "N.J.S.A. 54A:4-19 a",
        );
        let fig = if a.key_industry {
            &p.apprenticeship_key_industry_max
        } else {
            &p.apprenticeship_max
        };
        let amount = costs.min(fig.value);
        let rule = explain_format!(
            cx,
            "Qualified start-up costs {}, at most {}{}: {}",
            fmt_money(costs),
            fmt_money(fig.value),
            if a.key_industry {
                " (key industry)"
            } else {
                ""
            },
            fmt_money(amount)
        );
        out.push(EarnedCredit {
            kind: CreditKind::Apprenticeship,
            owner: a.owner,
            source: format!("program {}", a.program.trim()),
            amount,
            explanation: cx
                .explanation(rule, cite)
                .answer(
                    "Qualified start-up costs",
                    format!("{path}.start_up_costs"),
                    costs,
                )
                .param(fig),
        });
    }
    out
}

/// Unit concrete products credit (54A:4-22 a, d): $2.00 per square foot of certified unit concrete
/// products bought in the year, when at least 100 square feet were bought, at most $3,000 for a
/// residential property and $30,000 for a commercial property in the year. Purchases of the same
/// use are added together (one credit per owner and use); receipts and the affidavit must be
/// attached.
pub fn unit_concrete_credit(cx: &Ctx) -> Vec<EarnedCredit> {
    let p = &cx.p.business_credits;
    let cite = "N.J.S.A. 54A:4-22 a, d";
    let mut groups: Vec<(Owner, PropertyUse, Decimal, Explanation)> = Vec::new();
    for (k, u) in cx.a.business_credits.unit_concrete.iter().enumerate() {
        if !cx.a.counts(u.owner) {
            continue;
        }
        let path = format!("{BC}.unit_concrete[{k}]");
        if !u.receipts_and_affidavit {
            cx.diag(
                Diagnostic::error(
                    "unit-concrete-receipts",
                    "Attach the receipts for the unit concrete products and an affidavit that they are used only in New Jersey: the credit is allowed only with them; this purchase was not counted",
                )
                .at(format!("{path}.receipts_and_affidavit"))
                .cite("N.J.S.A. 54A:4-22 d"),
            );
            continue;
        }
        let sq = cx.non_negative(
            format!("{path}.square_feet"),
            "Square feet of unit concrete products",
            u.square_feet,
            "N.J.S.A. 54A:4-22 a",
        );
        if let Some(g) = groups
            .iter_mut()
            .find(|g| g.0 == u.owner && g.1 == u.property_use)
        {
            g.2 = sat_add(g.2, sq);
            g.3 = std::mem::take(&mut g.3).worksheet_text(
                "Square feet",
                format!("{path}.square_feet"),
                sq.normalize().to_string(),
            );
        } else {
            groups.push((
                u.owner,
                u.property_use,
                sq,
                cx.explanation("", cite).worksheet_text(
                    "Square feet",
                    format!("{path}.square_feet"),
                    sq.normalize().to_string(),
                ),
            ));
        }
    }
    let mut out = Vec::new();
    for (owner, usage, sq, mut explanation) in groups {
        let min = p.unit_concrete_min_square_feet.value;
        if sq < min {
            cx.diag(
                Diagnostic::info(
                    "unit-concrete-minimum",
                    format!(
                        "{} square feet of unit concrete products were bought for {} use: at least {} are needed for the credit",
                        sq.normalize(),
                        use_words(usage),
                        min.normalize()
                    ),
                )
                .at(format!("{BC}.unit_concrete"))
                .cite("N.J.S.A. 54A:4-22 a"),
            );
            continue;
        }
        let cap = match usage {
            PropertyUse::Residential => &p.unit_concrete_max_residential,
            PropertyUse::Commercial => &p.unit_concrete_max_commercial,
        };
        let per = p.unit_concrete_per_square_foot.value;
        let full = times_rate(sq, per);
        let amount = full.min(cap.value);
        explanation.rule = explain_format!(
            cx,
            "{} square feet (at least {}) x {} = {}, at most {} for a {} property: {}",
            sq.normalize(),
            min.normalize(),
            fmt_money(per),
            fmt_money(full),
            fmt_money(cap.value),
            use_words(usage),
            fmt_money(amount)
        );
        explanation = explanation
            .param(&p.unit_concrete_per_square_foot)
            .param(&p.unit_concrete_min_square_feet)
            .param(cap);
        out.push(EarnedCredit {
            kind: CreditKind::UnitConcrete,
            owner,
            source: format!("unit concrete for {} property", use_words(usage)),
            amount,
            explanation,
        });
    }
    out
}

fn use_words(u: PropertyUse) -> &'static str {
    match u {
        PropertyUse::Residential => "residential",
        PropertyUse::Commercial => "commercial",
    }
}

/// One facility's analysis: its index, cost and amount (the lesser of cost and the cap).
type EpdItem = (usize, Decimal, Decimal);

/// Environmental product declaration credit (54A:4-24 a(2), d): for each production facility with
/// a tax credit certificate, the lesser of the full cost of its analysis and $3,000, for at most 8
/// facilities in a year (the 8 largest amounts are taken). One credit per owner.
pub fn environmental_product_declaration_credit(cx: &Ctx) -> Vec<EarnedCredit> {
    let p = &cx.p.business_credits;
    let cite = "N.J.S.A. 54A:4-24 a(2), d";
    let mut per_owner: Vec<(Owner, Vec<EpdItem>)> = Vec::new();
    for (k, e) in cx.a.business_credits.epd_analyses.iter().enumerate() {
        if !cx.a.counts(e.owner) {
            continue;
        }
        let path = format!("{BC}.epd_analyses[{k}]");
        if !e.certificate_issued {
            cx.diag(
                Diagnostic::error(
                    "epd-certificate",
                    "The credit is claimed with a copy of the tax credit certificate: without one, no credit for this facility",
                )
                .at(format!("{path}.certificate_issued"))
                .cite("N.J.S.A. 54A:4-24 c, d"),
            );
            continue;
        }
        let cost = cx.non_negative(
            format!("{path}.cost"),
            "The cost of the analysis",
            e.cost,
            "N.J.S.A. 54A:4-24 a(2)",
        );
        let amount = cost.min(p.epd_max_per_facility.value);
        if let Some(o) = per_owner.iter_mut().find(|o| o.0 == e.owner) {
            o.1.push((k, cost, amount));
        } else {
            per_owner.push((e.owner, vec![(k, cost, amount)]));
        }
    }
    let max_n = usize::try_from(p.epd_max_facilities.value).unwrap_or(usize::MAX);
    let mut out = Vec::new();
    for (owner, mut items) in per_owner {
        items.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
        if items.len() > max_n {
            cx.diag(
                Diagnostic::warning(
                    "epd-facility-limit",
                    format!(
                        "{} facilities were entered: the credit is allowed for at most {} in a year; the {} with the largest amounts were taken",
                        items.len(),
                        max_n,
                        max_n
                    ),
                )
                .at(format!("{BC}.epd_analyses"))
                .cite("N.J.S.A. 54A:4-24 a(2)"),
            );
        }
        let taken: Vec<_> = items.into_iter().take(max_n).collect();
        let amount = sat_sum(taken.iter().map(|t| t.2));
        let mut explanation = cx
            .explanation("", cite)
            .param(&p.epd_max_per_facility)
            .param(&p.epd_max_facilities)
            .param(&p.concrete_credits_first_year);
        let mut parts = Vec::new();
        for (k, cost, a) in &taken {
            let name =
                cx.a.business_credits
                    .epd_analyses
                    .get(*k)
                    .map_or(String::new(), |e| e.facility.trim().to_owned());
            explanation = explanation.answer(
                explain_format!(cx, "Cost of the analysis at {name}"),
                format!("{BC}.epd_analyses[{k}].cost"),
                *cost,
            );
            parts.push(explain_format!(
                cx,
                "{name}: lesser of {} and {} = {}",
                fmt_money(*cost),
                fmt_money(p.epd_max_per_facility.value),
                fmt_money(*a)
            ));
        }
        explanation.rule = explain_format!(
            cx,
            "{}; {} facilities (at most {}): {}",
            parts.join("; "),
            taken.len(),
            max_n,
            fmt_money(amount)
        );
        out.push(EarnedCredit {
            kind: CreditKind::EnvironmentalProductDeclaration,
            owner,
            source: format!("{} facilities' analyses", taken.len()),
            amount,
            explanation,
        });
    }
    out
}

/// Emerging technology business investment credit (54A:4-13 a): once the New Jersey Economic
/// Development Authority approves, the year's share of the qualified investment (20% for
/// applications under the law before P.L.2025, c.71, 35% after; 5 points more for an opportunity
/// zone, a low-income community or a certified minority or women's business), at most $500,000
/// for each investment. The credit is for the taxable year in which the taxpayer applied, so the
/// rate is the return's year's, and an application made in another year is claimed on that year's
/// return (`emerging-technology-other-year`).
pub fn emerging_technology_credit(cx: &Ctx) -> Vec<EarnedCredit> {
    let p = &cx.p.business_credits;
    let cite = "N.J.S.A. 54A:4-13 a";
    let mut out = Vec::new();
    for (k, e) in cx.a.business_credits.emerging_technology.iter().enumerate() {
        if !cx.a.counts(e.owner) {
            continue;
        }
        let path = format!("{BC}.emerging_technology[{k}]");
        if !e.approved {
            cx.diag(
                Diagnostic::warning(
                    "emerging-technology-not-approved",
                    "The credit is allowed only once the New Jersey Economic Development Authority approves the application: no credit yet",
                )
                .at(format!("{path}.approved"))
                .cite("N.J.S.A. 54A:4-13 a(1)"),
            );
            continue;
        }
        if let Some(year) = e.applied_in.filter(|y| *y != cx.a.tax_year) {
            cx.diag(
                Diagnostic::warning(
                    "emerging-technology-other-year",
                    format!(
                        "The application was made in {year}: the credit is allowed for the taxable year in which you applied, at the rate in force then, so it belongs on the {year} return (amended if that return is filed), not on this one"
                    ),
                )
                .at(format!("{path}.applied_in"))
                .cite("N.J.S.A. 54A:4-13 a(1)"),
            );
            continue;
        }
        let inv = cx.non_negative(
            format!("{path}.investment"),
            "The qualified investment",
            e.investment,
            "N.J.S.A. 54A:4-13 a",
        );
        let mut rate = p.emerging_technology_rate.value;
        let mut explanation = cx
            .explanation("", cite)
            .answer("Qualified investment", format!("{path}.investment"), inv)
            .param(&p.emerging_technology_rate)
            .param(&p.emerging_technology_max_per_investment);
        if e.increased_rate {
            rate = sat_add(rate, p.emerging_technology_increase.value);
            explanation = explanation.param(&p.emerging_technology_increase);
        }
        let full = times_rate(inv, rate);
        let max = p.emerging_technology_max_per_investment.value;
        let amount = full.min(max);
        explanation.rule = explain_format!(
            cx,
            "{} of the qualified investment {}{} = {}, at most {} for each investment: {}",
            fmt_rate(rate),
            fmt_money(inv),
            if e.increased_rate {
                " (with the 5-point increase)"
            } else {
                ""
            },
            fmt_money(full),
            fmt_money(max),
            fmt_money(amount)
        );
        out.push(EarnedCredit {
            kind: CreditKind::EmergingTechnology,
            owner: e.owner,
            source: format!("investment in {}", e.business.trim()),
            amount,
            explanation,
        });
    }
    out
}

/// Credit for another state's wage tax refund won on appeal (54A:4-1.1 a; tax years 2020-2023):
/// with a final judgment, 50% of the New Jersey tax owed because the credit for the other state's
/// tax was readjusted (54A:4-1 e).
pub fn wage_tax_refund_denied_credit(cx: &Ctx) -> Vec<EarnedCredit> {
    let p = &cx.p.business_credits;
    let cite = "N.J.S.A. 54A:4-1.1 a";
    let mut out = Vec::new();
    for (k, j) in cx.a.business_credits.wage_tax_judgments.iter().enumerate() {
        if !cx.a.counts(j.owner) {
            continue;
        }
        let path = format!("{BC}.wage_tax_judgments[{k}]");
        if !j.final_judgment {
            cx.diag(
                Diagnostic::warning(
                    "wage-tax-no-judgment",
                    "The credit needs a final judgment of the tax court or tribunal refunding the other state's tax: no credit yet",
                )
                .at(format!("{path}.final_judgment"))
                .cite("N.J.S.A. 54A:4-1.1 a(4)"),
            );
            continue;
        }
        let tax = cx.non_negative(
            format!("{path}.nj_tax_from_readjustment"),
            "The New Jersey tax owed after the readjustment",
            j.nj_tax_from_readjustment,
            cite,
        );
        let amount = times_rate(tax, p.wage_tax_refund_denied_rate.value);
        let rule = explain_format!(
            cx,
            "{} of the New Jersey tax owed after the readjustment {} = {}",
            fmt_rate(p.wage_tax_refund_denied_rate.value),
            fmt_money(tax),
            fmt_money(amount)
        );
        out.push(EarnedCredit {
            kind: CreditKind::WageTaxRefundDenied,
            owner: j.owner,
            source: format!("judgment in {}", j.jurisdiction.trim()),
            amount,
            explanation: cx
                .explanation(rule, cite)
                .answer(
                    "New Jersey tax from the readjustment",
                    format!("{path}.nj_tax_from_readjustment"),
                    tax,
                )
                .param(&p.wage_tax_refund_denied_rate),
        });
    }
    out
}

/// Pass-through business alternative income tax credit (54A:12-5 a; NJ-1040 line 63): the
/// member's direct share of the tax paid by each electing entity, as entered from its Schedule
/// PTE-K-1.
pub fn bait_credit(cx: &Ctx) -> Vec<EarnedCredit> {
    let cite = explain_format!(
        cx,
        "N.J.S.A. 54A:12-5 a; {} line {} (Schedule PTE-K-1)",
        cx.form(),
        cx.id(Key::BaitCredit)
    );
    let mut out = Vec::new();
    for (k, b) in cx.a.business_credits.bait_shares.iter().enumerate() {
        if !cx.a.counts(b.owner) {
            continue;
        }
        let path = format!("{BC}.bait_shares[{k}].share_of_tax_paid");
        let amount = round_cents(cx.non_negative(
            path.clone(),
            "A share of pass-through business alternative income tax",
            b.share_of_tax_paid,
            "N.J.S.A. 54A:12-5 a",
        ));
        out.push(EarnedCredit {
            kind: CreditKind::PassThroughBait,
            owner: b.owner,
            source: format!("BAIT paid by {}", b.entity.trim()),
            amount,
            explanation: cx
                .explanation(
                    explain_format!(
                        cx,
                        "Your direct share of the tax paid by {}: {}",
                        b.entity.trim(),
                        fmt_money(amount)
                    ),
                    &cite,
                )
                .answer("Direct share of the tax paid", path, amount),
        });
    }
    out
}
