//! Retirement exclusions and gross income (lines 28a-29; N.J.S.A. 54A:6-10, 54A:6-15).
//!
//! The income tests of 54A:6-10 b and 6-15 a speak of the taxpayer's "gross income", which is
//! itself what remains after these exclusions; the test therefore uses total income, line 27,
//! before any exclusion (see `docs/decisions/income-retirement-exclusions.md`).

use rust_decimal::Decimal;

use crate::answers::{FilingStatus, Owner};
use crate::explain::{Diagnostic, Explanation, Line};
use crate::key::Key;
pub use crate::law::exclusions::{ExclusionParams, ExclusionParamsFile, PercentTier};
use crate::money::{
    floor_zero, fmt_money, fmt_rate, round_cents, sat_add, sat_sub, sat_sum, times_rate,
};
use crate::params::{ByStatus, Figure};
use crate::rules::exemptions::{age_at_year_end, counted_people};
use crate::rules::income::{categories, earned_income_6_15, person_share_of_total_income};
use crate::schedule::Schedule;
use crate::sheet::{Ctx, Sheet};

/// Which part of a tiered exclusion applies at an income.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tier {
    /// Up to the full-cap limit: a dollar cap.
    Cap(Decimal),
    /// A percentage band.
    Percent(PercentTier),
    /// Over the income limit (or outside every band): nothing.
    None,
}

/// The tier for `income` under a cap, its limit and bands; `None` above `income_limit`.
pub fn tier_at(
    cap: &ByStatus<Decimal>,
    full_cap_limit: Decimal,
    tiers: &[PercentTier],
    income_limit: Decimal,
    status: FilingStatus,
    income: Decimal,
) -> Tier {
    if income > income_limit {
        return Tier::None;
    }
    if income <= full_cap_limit {
        return Tier::Cap(*cap.get(status));
    }
    tiers
        .iter()
        .find(|t| income > t.over && income <= t.not_over)
        .map_or(Tier::None, |t| Tier::Percent(t.clone()))
}

/// One person's pensions on line 20a and whether the person qualifies for the pension exclusion.
#[derive(Clone, Debug)]
pub struct PensionPerson {
    /// Whose.
    pub owner: Owner,
    /// "you" / "your spouse/CU partner".
    pub who: &'static str,
    /// Answer path prefix.
    pub path: &'static str,
    /// The person's line 20a amounts.
    pub pensions: Decimal,
    /// 62 or older at the close of the year, or blind/disabled (54A:6-10 b(1)).
    pub eligible: bool,
    /// Why (or why not), in words.
    pub reason: String,
}

/// The taxpayer (and the spouse on a joint return) with their pensions and eligibility.
pub fn pension_people(cx: &Ctx) -> Vec<PensionPerson> {
    let e = &cx.p.exclusions;
    let year = cx.year();
    counted_people(cx.a)
        .into_iter()
        .map(|c| {
            let pensions = categories(cx, |o| o == c.owner).pensions;
            let age = age_at_year_end(c.person, year);
            let disabled = c.person.is_some_and(|p| p.blind_or_disabled);
            let old = age.is_some_and(|a| a >= e.pension_age.value);
            let reason = match (old, disabled, age) {
                (true, _, Some(a)) => {
                    crate::explain_format!(cx, "{} {a} at the end of {year}", c.who)
                }
                (false, true, _) => crate::explain_format!(cx, "{} blind or disabled", c.who),
                (_, _, Some(a)) => {
                    crate::explain_format!(
                        cx,
                        "{} {a} at the end of {year}, not blind or disabled",
                        c.who
                    )
                }
                (_, _, None) => {
                    crate::explain_format!(
                        cx,
                        "{}: birth date unknown, not blind or disabled",
                        c.who
                    )
                }
            };
            PensionPerson {
                owner: c.owner,
                who: c.who,
                path: c.path,
                pensions,
                eligible: old || disabled,
                reason,
            }
        })
        .collect()
}

/// Show a tier for explanations.
fn tier_text(tier: &Tier, status: FilingStatus) -> String {
    match tier {
        Tier::Cap(c) => format!("up to {}", fmt_money(*c)),
        Tier::Percent(t) => format!(
            "{} (gross income over {} and not over {})",
            fmt_rate(*t.rate.get(status)),
            fmt_money(t.over),
            fmt_money(t.not_over)
        ),
        Tier::None => "none".to_owned(),
    }
}

/// The figures of a tiered exclusion: cap, full-cap limit, bands, income limit.
type TierFigures<'a> = (
    &'a Figure<ByStatus<Decimal>>,
    &'a Figure<Decimal>,
    &'a Figure<Vec<PercentTier>>,
    &'a Figure<Decimal>,
);

/// Record every figure of a tiered exclusion.
fn with_params(exp: Explanation, figs: TierFigures<'_>) -> Explanation {
    exp.param(figs.0).param(figs.1).param(figs.2).param(figs.3)
}

/// Line 28a: pension exclusion (54A:6-10 b).
///
/// For each person 62 or older at the close of the year, or blind/disabled, that person's
/// pensions, annuities and IRA withdrawals on line 20a count. With total income (line 27) not over
/// $100,000 the exclusion is the smaller of those and the cap for the filing status; over $100,000
/// and not over $125,000 it is 50% (joint), 37.5% (single, head of household, surviving spouse) or
/// 25% (separate) of them; over $125,000 and not over $150,000, 25%, 18.75% or 12.5%; above
/// $150,000 nothing.
pub fn line_28a_pension_exclusion(cx: &Ctx, s: &Sheet) -> Line {
    let e = &cx.p.exclusions;
    let status = cx.a.filing_status;
    let l27 = s.v(Key::TotalIncome);
    let people = pension_people(cx);
    let mut exp =
        cx.explanation("", "N.J.S.A. 54A:6-10 b")
            .line("Total income", Key::TotalIncome, l27);
    let mut eligible_total = Decimal::ZERO;
    for pp in &people {
        exp = exp.worksheet_text(
            crate::explain_format!(cx, "Pension exclusion: {}", pp.who),
            crate::explain_format!(cx, "{}.birth_date", pp.path),
            if pp.eligible {
                crate::explain_format!(cx, "qualifies ({})", pp.reason)
            } else {
                crate::explain_format!(cx, "does not qualify ({})", pp.reason)
            },
        );
        exp = exp.worksheet(
            crate::explain_format!(cx, "Line {} amounts of {}", cx.id(Key::Pensions), pp.who),
            "pensions",
            pp.pensions,
        );
        if pp.eligible {
            eligible_total = sat_add(eligible_total, pp.pensions);
        } else if pp.pensions > Decimal::ZERO
            && cx.a.person(pp.owner).is_none_or(|p| p.birth_date.is_none())
        {
            cx.diag(
                Diagnostic::error(
                    "missing-birth-date",
                    format!(
                        "The pension exclusion (line {}) needs the birth date of {} to check age 62; without it {}'s pensions ({}) are not excluded",
                        cx.id(Key::PensionExclusion),
                        pp.who,
                        pp.who,
                        fmt_money(pp.pensions)
                    ),
                )
                .at(format!("{}.birth_date", pp.path))
                .cite("N.J.S.A. 54A:6-10 b(1)"),
            );
        }
    }
    exp = exp.worksheet(
        "Pensions of qualifying persons",
        "pension_exclusion",
        eligible_total,
    );
    let tier = tier_at(
        &e.pension_cap.value,
        e.pension_full_cap_income_limit.value,
        &e.pension_tiers.value,
        e.pension_income_limit.value,
        status,
        band_income(cx, l27),
    );
    let figs = (
        &e.pension_cap,
        &e.pension_full_cap_income_limit,
        &e.pension_tiers,
        &e.pension_income_limit,
    );
    let (v, rule) = if eligible_total.is_zero() {
        (
            Decimal::ZERO,
            "No pensions, annuities or IRA withdrawals of a person 62 or older or blind/disabled: no exclusion".to_owned(),
        )
    } else {
        match &tier {
            Tier::None => (
                Decimal::ZERO,
                crate::explain_format!(
                    cx,
                    "Total income (line {}) {} is over {}: no pension exclusion",
                    cx.id(Key::TotalIncome),
                    fmt_money(l27),
                    fmt_money(e.pension_income_limit.value)
                ),
            ),
            Tier::Cap(cap) => {
                let cap = &part_year_cap(cx, *cap);
                let v = eligible_total.min(*cap);
                (
                    v,
                    crate::explain_format!(
                        cx,
                        "Total income (line {}) {} is not over {}: the smaller of qualifying pensions {} and the {} cap {} = {}",
                        cx.id(Key::TotalIncome),
                        fmt_money(l27),
                        fmt_money(e.pension_full_cap_income_limit.value),
                        fmt_money(eligible_total),
                        status.name(),
                        fmt_money(*cap),
                        fmt_money(v)
                    ),
                )
            }
            Tier::Percent(t) => {
                let rate = *t.rate.get(status);
                let v = times_rate(eligible_total, rate);
                (
                    v,
                    crate::explain_format!(
                        cx,
                        "Total income (line {}) {} is over {} and not over {}: {} × qualifying pensions {} = {}",
                        cx.id(Key::TotalIncome),
                        fmt_money(l27),
                        fmt_money(t.over),
                        fmt_money(t.not_over),
                        fmt_rate(rate),
                        fmt_money(eligible_total),
                        fmt_money(v)
                    ),
                )
            }
        }
    };
    exp.rule = rule;
    exp = with_params(exp.param(&e.pension_age), figs);
    cx.line(Key::PensionExclusion, v, exp)
}

/// Worksheet D, Part I: the unclaimed pension exclusion (54A:6-15 a).
///
/// A person 62 or older at the close of the year whose income from wages, business,
/// partnerships and S corporations (54A:5-1 a, b, k, p) is not over $3,000 may exclude other
/// income, so that lines 28a and 28b together reach at most the 54A:6-15 a amount: the cap when
/// total income is not over $100,000, otherwise the band's percentage of total income; nothing
/// above $150,000. Only the income of the qualifying person(s) is excluded.
pub fn worksheet_d_unclaimed_exclusion(cx: &Ctx, s: &Sheet) -> (Decimal, Explanation) {
    let e = &cx.p.exclusions;
    let status = cx.a.filing_status;
    let year = cx.year();
    let l27 = s.v(Key::TotalIncome);
    let l28a = s.v(Key::PensionExclusion);
    let mut exp = cx
        .explanation("", "N.J.S.A. 54A:6-15 a; NJ-1040 Worksheet D")
        .line("Total income", Key::TotalIncome, l27)
        .line("Pension exclusion", Key::PensionExclusion, l28a)
        .param(&e.other_age)
        .param(&e.other_earned_income_limit);
    exp = with_params(
        exp,
        (
            &e.other_cap,
            &e.other_full_cap_income_limit,
            &e.other_tiers,
            &e.other_income_limit,
        ),
    );
    let people = counted_people(cx.a);
    let mut notes = Vec::new();
    let mut qualifying = Vec::new();
    for c in &people {
        let age = age_at_year_end(c.person, year);
        match age {
            Some(a) if a >= e.other_age.value => {
                let earned = earned_income_6_15(cx, c.owner);
                exp = exp.worksheet(
                    crate::explain_format!(
                        cx,
                        "Wages, business, partnership and S corporation income of {}",
                        c.who
                    ),
                    "worksheet_d.earned_income",
                    earned,
                );
                if earned > e.other_earned_income_limit.value {
                    notes.push(crate::explain_format!(cx,
                        "{} is {a} but received {} from wages, business, partnerships and S corporations, over {}",
                        c.who,
                        fmt_money(earned),
                        fmt_money(e.other_earned_income_limit.value)
                    ));
                } else {
                    qualifying.push(c.owner);
                }
            }
            Some(a) => notes.push(crate::explain_format!(
                cx,
                "{} is {a}, under {}",
                c.who,
                e.other_age.value
            )),
            None => notes.push(crate::explain_format!(cx, "{}: birth date unknown", c.who)),
        }
    }
    let zero = |exp: Explanation, why: String| -> (Decimal, Explanation) {
        let mut exp = exp;
        exp.rule = crate::explain_format!(
            cx,
            "Unclaimed pension exclusion: {why}: {}",
            fmt_money(Decimal::ZERO)
        );
        (Decimal::ZERO, exp)
    };
    if qualifying.is_empty() {
        let why = if notes.is_empty() {
            "nobody qualifies".to_owned()
        } else {
            notes.join("; ")
        };
        return zero(exp, why);
    }
    let tier = tier_at(
        &e.other_cap.value,
        e.other_full_cap_income_limit.value,
        &e.other_tiers.value,
        e.other_income_limit.value,
        status,
        band_income(cx, l27),
    );
    let max = match &tier {
        Tier::Cap(c) => part_year_cap(cx, *c),
        Tier::Percent(t) => times_rate(l27, *t.rate.get(status)),
        Tier::None => {
            return zero(
                exp,
                crate::explain_format!(
                    cx,
                    "total income (line {}) {} is over {}",
                    cx.id(Key::TotalIncome),
                    fmt_money(l27),
                    fmt_money(e.other_income_limit.value)
                ),
            );
        }
    };
    let unused = floor_zero(sat_sub(max, l28a));
    exp = exp
        .worksheet(
            crate::explain_format!(
                cx,
                "Maximum exclusion (lines {} and {} together)",
                cx.id(Key::PensionExclusion),
                cx.id(Key::OtherRetirementExclusion)
            ),
            "worksheet_d.maximum",
            max,
        )
        .worksheet("Unused part of the maximum", "worksheet_d.unused", unused);
    let room = floor_zero(sat_sub(l27, l28a));
    let all_qualify = people.iter().all(|c| qualifying.contains(&c.owner));
    let other_income = if all_qualify {
        room
    } else {
        // Only the qualifying person's own income, less the part of line 28a excluded from
        // that person's pensions (28a shared in proportion to the qualifying pensions).
        let pp = pension_people(cx);
        let eligible_total = sat_sum(pp.iter().filter(|p| p.eligible).map(|p| p.pensions));
        let mut total = Decimal::ZERO;
        for owner in &qualifying {
            let share = person_share_of_total_income(cx, s, *owner);
            let own_pensions = pp
                .iter()
                .find(|p| p.owner == *owner && p.eligible)
                .map_or(Decimal::ZERO, |p| p.pensions);
            let excluded = if eligible_total.is_zero() {
                Decimal::ZERO
            } else {
                round_cents(
                    l28a.checked_mul(own_pensions)
                        .and_then(|x| x.checked_div(eligible_total))
                        .unwrap_or(l28a),
                )
            };
            total = sat_add(total, floor_zero(sat_sub(share, excluded)));
        }
        total.min(room)
    };
    exp = exp.worksheet(
        "Income of the qualifying person(s) not yet excluded",
        "worksheet_d.other_income",
        other_income,
    );
    let v = unused.min(other_income);
    let max_text = match &tier {
        Tier::Percent(t) => crate::explain_format!(
            cx,
            "{} × total income {} = {}",
            fmt_rate(*t.rate.get(status)),
            fmt_money(l27),
            fmt_money(max)
        ),
        _ => crate::explain_format!(cx, "{} for {}", fmt_money(max), status.name()),
    };
    exp.rule = crate::explain_format!(
        cx,
        "Unclaimed pension exclusion: maximum {max_text} ({}) − line {} {} = {} unused; the smaller of that and the qualifying person's income not yet excluded {} = {}{}",
        tier_text(&tier, status),
        cx.id(Key::PensionExclusion),
        fmt_money(l28a),
        fmt_money(unused),
        fmt_money(other_income),
        fmt_money(v),
        if notes.is_empty() {
            String::new()
        } else {
            crate::explain_format!(cx, " ({})", notes.join("; "))
        }
    );
    (v, exp)
}

/// Worksheet D, Part II: the special exclusion (54A:6-15 b) of $6,000 (joint, head of household,
/// surviving spouse) or $3,000 (single, separate) for a filer who is not covered by, and never
/// will be eligible for, Social Security or Railroad Retirement; on a joint return both spouses
/// must be. Limited to the income left after line 28a and Part I.
pub fn worksheet_d_special_exclusion(
    cx: &Ctx,
    s: &Sheet,
    part_1: Decimal,
) -> (Decimal, Explanation) {
    let e = &cx.p.exclusions;
    let status = cx.a.filing_status;
    let year = cx.year();
    let people = counted_people(cx.a);
    let mut exp = cx
        .explanation("", "N.J.S.A. 54A:6-15 b; NJ-1040 Worksheet D")
        .param(&e.special_exclusion);
    for c in &people {
        exp = exp.answer_text(
            crate::explain_format!(
                cx,
                "Never eligible for Social Security or Railroad Retirement: {}",
                c.who
            ),
            crate::explain_format!(cx, "{}.never_eligible_social_security", c.path),
            if c.person.is_some_and(|p| p.never_eligible_social_security) {
                "yes"
            } else {
                "no"
            },
        );
    }
    let all = people
        .iter()
        .all(|c| c.person.is_some_and(|p| p.never_eligible_social_security));
    if !all {
        let who = if status.is_joint() {
            "both spouses are"
        } else {
            "you are"
        };
        exp.rule = crate::explain_format!(
            cx,
            "Special exclusion: allowed only when {who} never eligible for Social Security or Railroad Retirement: {}",
            fmt_money(Decimal::ZERO)
        );
        return (Decimal::ZERO, exp);
    }
    let under_62: Vec<&str> = people
        .iter()
        .filter(|c| age_at_year_end(c.person, year).is_none_or(|a| a < e.other_age.value))
        .map(|c| c.who)
        .collect();
    if !under_62.is_empty() {
        cx.diag(
            Diagnostic::warning(
                "special-exclusion-age",
                format!(
                    "The special exclusion (line {}) is claimed although {} is not known to be {} or older. N.J.S.A. 54A:6-15 b sets no age condition and this return follows it, but the Division's instructions describe the exclusion for those {} or older: check before filing",
                    cx.id(Key::OtherRetirementExclusion),
                    under_62.join(" and "),
                    e.other_age.value,
                    e.other_age.value
                ),
            )
            .at("taxpayer.never_eligible_social_security")
            .cite("N.J.S.A. 54A:6-15 b"),
        );
    }
    let amount = part_year_cap(cx, *e.special_exclusion.value.get(status));
    let room = floor_zero(sat_sub(
        sat_sub(s.v(Key::TotalIncome), s.v(Key::PensionExclusion)),
        part_1,
    ));
    let v = amount.min(room);
    exp.rule = crate::explain_format!(
        cx,
        "Special exclusion for {}: {}, limited to the income not yet excluded {} = {}",
        status.name(),
        fmt_money(amount),
        fmt_money(room),
        fmt_money(v)
    );
    (v, exp)
}

/// Line 28b: other retirement income exclusion, Worksheet D Parts I and II (54A:6-15).
pub fn line_28b_other_retirement_exclusion(cx: &Ctx, s: &Sheet) -> Line {
    let (p1, e1) = worksheet_d_unclaimed_exclusion(cx, s);
    let (p2, e2) = worksheet_d_special_exclusion(cx, s, p1);
    let v = sat_add(p1, p2);
    let mut exp = cx
        .explanation(
            crate::explain_format!(
                cx,
                "Part I {}. Part II {}. Line {} = {} + {} = {}",
                e1.rule,
                e2.rule,
                cx.id(Key::OtherRetirementExclusion),
                fmt_money(p1),
                fmt_money(p2),
                fmt_money(v)
            ),
            "N.J.S.A. 54A:6-15",
        )
        .schedule(Schedule::WorksheetD);
    exp.inputs = e1.inputs.into_iter().chain(e2.inputs).collect();
    exp.params = e1.params.into_iter().chain(e2.params).collect();
    exp = exp
        .worksheet(
            "Worksheet D Part I (unclaimed pension exclusion)",
            "worksheet_d.part_1",
            p1,
        )
        .worksheet(
            "Worksheet D Part II (special exclusion)",
            "worksheet_d.part_2",
            p2,
        );
    cx.line(Key::OtherRetirementExclusion, v, exp)
}

/// Line 28c: total exclusions = line 28a + line 28b.
pub fn line_28c_total_exclusions(cx: &Ctx, s: &Sheet) -> Line {
    let (a, b) = (
        s.v(Key::PensionExclusion),
        s.v(Key::OtherRetirementExclusion),
    );
    let v = sat_add(a, b);
    cx.line(
        Key::TotalExclusions,
        v,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Line {} {} + line {} {} = {}",
                cx.id(Key::PensionExclusion),
                fmt_money(a),
                cx.id(Key::OtherRetirementExclusion),
                fmt_money(b),
                fmt_money(v)
            ),
            "N.J.S.A. 54A:6-10, 54A:6-15",
        )
        .line("Pension exclusion", Key::PensionExclusion, a)
        .line(
            "Other retirement income exclusion",
            Key::OtherRetirementExclusion,
            b,
        ),
    )
}

/// Line 29: New Jersey gross income = line 27 − line 28c, not below zero (54A:5-1, 6-10, 6-15).
pub fn line_29_gross_income(cx: &Ctx, s: &Sheet) -> Line {
    let (t, x) = (s.v(Key::TotalIncome), s.v(Key::TotalExclusions));
    let v = floor_zero(sat_sub(t, x));
    cx.line(
        Key::GrossIncome,
        v,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Total income {} − total exclusions {} = {}",
                fmt_money(t),
                fmt_money(x),
                fmt_money(v)
            ),
            "N.J.S.A. 54A:5-1, 54A:6-10, 54A:6-15",
        )
        .line("Total income", Key::TotalIncome, t)
        .line("Total exclusions", Key::TotalExclusions, x),
    )
}

/// The income the exclusion bands of 54A:6-10 and 6-15 are read on: line 27, or for a part-year
/// return the whole year's total income as a resident (so that a mover's two returns do not each fall
/// in a lower band than the year's income; the statute is silent, see
/// `docs/decisions/part-year-and-nonresident.md`).
pub fn band_income(cx: &Ctx, l27: Decimal) -> Decimal {
    cx.scope.whole_year_total_income.unwrap_or(l27).max(l27)
}

/// A dollar maximum of the retirement exclusions for the return: prorated by months of residency
/// on a part-year resident return when the year's figure says so (uncertain; see
/// `forms/params/residency.ron`), else the maximum itself.
pub fn part_year_cap(cx: &Ctx, cap: Decimal) -> Decimal {
    if cx.scope.is_part_year() && cx.p.residency.prorate_retirement_exclusions.value {
        cx.scope.prorate(cap)
    } else {
        cap
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    fn stored() -> ExclusionParamsFile {
        crate::params::parse_file(
            "exclusions.ron",
            include_str!("../../../../forms/params/exclusions.ron"),
        )
        .unwrap()
    }

    #[test]
    fn pension_caps_follow_every_year_of_the_statute_54a_6_10_b1_6_15_a1() {
        let f = stored();
        for (year, joint, single, separate) in [
            (2016, dec!(20000), dec!(15000), dec!(10000)),
            (2017, dec!(40000), dec!(30000), dec!(20000)),
            (2018, dec!(60000), dec!(45000), dec!(30000)),
            (2019, dec!(80000), dec!(60000), dec!(40000)),
            (2020, dec!(100000), dec!(75000), dec!(50000)),
            (2025, dec!(100000), dec!(75000), dec!(50000)),
        ] {
            for cap in [&f.pension_cap, &f.other_cap] {
                let c = cap.at("x", year).unwrap().value;
                assert_eq!(c.joint, joint, "{year}");
                assert_eq!(c.single, single, "{year}");
                assert_eq!(c.head_of_household, single, "{year}");
                assert_eq!(c.widow, single, "{year}");
                assert_eq!(c.separate, separate, "{year}");
            }
        }
        // The income limit was $100,000 from 2005 and $150,000 from 2021, with bands from 2021.
        assert_eq!(
            f.pension_income_limit.at("x", 2020).unwrap().value,
            dec!(100000)
        );
        assert_eq!(
            f.pension_income_limit.at("x", 2021).unwrap().value,
            dec!(150000)
        );
        assert!(f.pension_tiers.at("x", 2020).unwrap().value.is_empty());
        assert_eq!(f.other_tiers.at("x", 2021).unwrap().value.len(), 2);
    }

    #[test]
    fn tier_edges_are_not_more_than_inclusive_54a_6_10_b1() {
        let p = stored().resolve(2024).unwrap();
        let t = |income| {
            tier_at(
                &p.pension_cap.value,
                p.pension_full_cap_income_limit.value,
                &p.pension_tiers.value,
                p.pension_income_limit.value,
                FilingStatus::MarriedJoint,
                income,
            )
        };
        assert_eq!(t(dec!(100000)), Tier::Cap(dec!(100000)));
        assert!(matches!(t(dec!(100000.01)), Tier::Percent(ref x) if x.rate.joint == dec!(0.50)));
        assert!(matches!(t(dec!(125000)), Tier::Percent(ref x) if x.rate.joint == dec!(0.50)));
        assert!(matches!(t(dec!(125000.01)), Tier::Percent(ref x) if x.rate.joint == dec!(0.25)));
        assert!(matches!(t(dec!(150000)), Tier::Percent(ref x) if x.rate.joint == dec!(0.25)));
        assert_eq!(t(dec!(150000.01)), Tier::None);
    }
}
