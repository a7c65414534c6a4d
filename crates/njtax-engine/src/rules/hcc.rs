//! Schedule NJ-HCC and the shared responsibility payment (N.J.S.A. 54A:11-3, 11-4; NJ-1040 lines
//! 53a-53c).
//!
//! 54A:11-3 b imposes a State shared responsibility tax equal to the federal penalty of 26 U.S.C.
//! 5000A as in effect on December 15, 2017, with the changes of 11-4: the State average bronze
//! premium (a), no tax below the filing threshold (d) or for months as a nonresident (e), and a
//! credit for the federal payment (g). Under 5000A(b), (c) as of that date, for each month someone
//! in the household (the taxpayer, the spouse on a joint return, the dependents) has neither
//! coverage nor an exemption, the month's amount is 1/12 of the greater of the flat amount (the
//! adult amount per adult plus half of it per child under 18 at the start of the month, at most
//! 300% of the adult amount) and 2.5% of household income over the filing threshold; the year's
//! tax is the lesser of the sum of the months and the sum of the months' bronze premiums (1/12 of
//! the annual premium per person owed for, at most five people). No payment is owed for the months
//! of a person's short coverage gap (5000A(e)(4): the first continuous period of less than 3
//! months without coverage in the year; see [`short_coverage_gap`]).

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::{Coverage, Date};
use crate::explain::{Diagnostic, Explanation, Line};
use crate::key::Key;
use crate::money::{floor_zero, fmt_money, round_cents, sat_add, sat_mul, sat_sub, sat_sum};
use crate::residency::ReturnKind;
use crate::rules::tax::at_or_below;
use crate::schedule::Schedule;
use crate::sheet::{Ctx, Sheet};

/// One household member on Schedule NJ-HCC Part II.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HccMember {
    /// Name as entered.
    pub name: String,
    /// Months without coverage and without an exemption, by number (1 = January).
    pub months_owed: Vec<u8>,
    /// Months exempt, by number.
    pub months_exempt: Vec<u8>,
    /// The exemption number.
    pub exemption_number: String,
}

/// One month of the shared responsibility payment worksheet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HccMonth {
    /// Month number (1 = January).
    pub month: u8,
    /// Adults and children without coverage or exemption this month.
    pub adults: u32,
    /// Children (under 18 at the start of the month).
    pub children: u32,
    /// The flat amount for the year at this month's count (before the 1/12).
    pub flat: Decimal,
    /// The percentage-of-income amount for the year (before the 1/12).
    pub percentage: Decimal,
    /// This month's amount: 1/12 of the greater.
    pub amount: Decimal,
    /// This month's bronze-premium cap: 1/12 of the premium per person, at most five people.
    pub cap: Decimal,
}

/// The health coverage schedule of a return.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HccSchedule {
    /// Everyone was covered (or exempt) every month: Part I "Yes", no payment.
    pub everyone_covered: bool,
    /// Why no payment is due for the whole return, when one of the exemptions applies (below the
    /// filing threshold, nonresident months).
    pub exempt_reason: Option<String>,
    /// Part II rows.
    pub members: Vec<HccMember>,
    /// The monthly worksheet.
    pub months: Vec<HccMonth>,
    /// Household income used for the percentage amount.
    pub household_income: Decimal,
    /// The sum of the monthly amounts.
    pub total_monthly: Decimal,
    /// The bronze-premium cap for the year.
    pub cap: Decimal,
    /// The lesser of the two: the State shared responsibility tax (54A:11-3 b).
    pub tax: Decimal,
    /// The credit for the federal payment (54A:11-4 g).
    pub federal_credit: Decimal,
    /// Line 53c.
    pub payment: Decimal,
    /// How it was worked out.
    pub explanation: Explanation,
    /// Plain notes.
    pub notes: Vec<String>,
}

impl HccSchedule {
    /// The schedule's totals as the form view and the printout show them, in order.
    pub fn totals(&self) -> [(&'static str, Decimal); 6] {
        [
            ("Household income", self.household_income),
            ("Total of the months", self.total_monthly),
            ("Bronze premium cap", self.cap),
            ("Shared responsibility tax (the lesser)", self.tax),
            ("Credit for the federal payment", self.federal_credit),
            ("Shared responsibility payment", self.payment),
        ]
    }
}

const CITATION: &str = "N.J.S.A. 54A:11-3, 11-4";
/// The line the payment goes on.
const KEY_53C: Key = Key::SharedResponsibility;
use crate::answers::MONTH_NAMES as MONTHS;
pub use crate::law::health::{HealthParams, HealthParamsFile, KnownAmount};

fn month_name(m: u8) -> &'static str {
    MONTHS
        .get(usize::from(m).wrapping_sub(1))
        .copied()
        .unwrap_or("?")
}

fn last_day(year: u16, month: u8) -> Date {
    (1u8..)
        .map_while(|d| Date::new(year, month, d))
        .last()
        .unwrap_or(Date {
            year,
            month,
            day: 1,
        })
}

fn first_day(year: u16, month: u8) -> Date {
    Date {
        year,
        month,
        day: 1,
    }
}

/// Age in whole years on `on` (negative before birth).
fn age_on(birth: Date, on: Date) -> i32 {
    let mut age = i32::from(on.year) - i32::from(birth.year);
    if (on.month, on.day) < (birth.month, birth.day) {
        age -= 1;
    }
    age
}

/// The months of the year this return can owe for: every month on a full-year resident return;
/// on a part-year resident return, only the months wholly inside the resident period. A month
/// with any day as a nonresident is a month "during which the individual is a nonresident
/// taxpayer" (54A:11-4 e), so nothing is owed for it; the 15-day rule of 54A:3-1(c) is a rule for
/// prorating exemptions, not for this tax.
pub fn resident_months(cx: &Ctx) -> Vec<u8> {
    let year = cx.year();
    if cx.scope.kind != ReturnKind::PartYearResident {
        return (1..=12).collect();
    }
    let from = cx.scope.from.unwrap_or(first_day(year, 1));
    let to = cx.scope.to.unwrap_or(last_day(year, 12));
    (1..=12u8)
        .filter(|&m| from <= first_day(year, m) && last_day(year, m) <= to)
        .collect()
}

/// One household member as read from the answers.
struct Person<'a> {
    name: &'a str,
    path: String,
    birth: Option<Date>,
    death: Option<Date>,
    coverage: &'a Coverage,
}

fn household<'a>(cx: &Ctx<'a>) -> Vec<Person<'a>> {
    let a = cx.a;
    let mut out = vec![Person {
        name: &a.taxpayer.name,
        path: "taxpayer".to_owned(),
        birth: a.taxpayer.birth_date,
        death: a.taxpayer.date_of_death,
        coverage: &a.taxpayer.coverage,
    }];
    if let (true, Some(sp)) = (a.filing_status.is_joint(), &a.spouse) {
        out.push(Person {
            name: &sp.name,
            path: "spouse".to_owned(),
            birth: sp.birth_date,
            death: sp.date_of_death,
            coverage: &sp.coverage,
        });
    }
    for (i, d) in a.dependents.iter().enumerate() {
        out.push(Person {
            name: &d.name,
            path: format!("dependents[{i}]"),
            birth: d.birth_date,
            death: None,
            coverage: &d.coverage,
        });
    }
    out
}

/// A person's months in the return's period, alive (from the month of birth through the month of
/// death): (without coverage, owed, exempt, the short coverage gap). The months of the short
/// coverage gap (see [`short_coverage_gap`]) are exempt with those the Division granted.
fn person_months(
    cx: &Ctx,
    p: &Person,
    period: &[u8],
) -> (Vec<u8>, Vec<u8>, Vec<u8>, Option<Vec<u8>>) {
    let year = cx.year();
    let alive = |m: u8| {
        p.birth.is_none_or(|b| b <= last_day(year, m))
            && p.death.is_none_or(|d| first_day(year, m) <= d)
    };
    let mut uncovered: Vec<u8> = p
        .coverage
        .months_without_coverage
        .iter()
        .copied()
        .filter(|m| (1..=12).contains(m) && alive(*m))
        .collect();
    uncovered.sort_unstable();
    uncovered.dedup();
    let gap = short_coverage_gap(&uncovered, cx.p.health.short_gap_months.value);
    let without: Vec<u8> = uncovered
        .iter()
        .copied()
        .filter(|m| period.contains(m))
        .collect();
    let exempt: Vec<u8> = without
        .iter()
        .copied()
        .filter(|m| {
            p.coverage.exempt_months.contains(m) || gap.as_ref().is_some_and(|g| g.contains(m))
        })
        .collect();
    let owed: Vec<u8> = without
        .iter()
        .copied()
        .filter(|m| !exempt.contains(m))
        .collect();
    (without, owed, exempt, gap)
}

/// The short coverage gap of a year (26 U.S.C. 5000A(e)(4) as of December 15, 2017, by 54A:11-3 b
/// and 11-6 a): the months of the first continuous period without coverage of fewer than
/// `limit` months ("less than 3 months", (A)); a longer period exempts none of its months
/// ((B)(ii)); when there are several short periods, only the first counts ((B)(iii)).
/// `uncovered` are the year's months without coverage, sorted, the person alive. A period running
/// into the next year is measured with this year's months only (26 CFR 1.5000A-3(j)(2)(iv): the
/// second year's months are disregarded for the first year). A period running in from last year
/// would count last year's months, which the return does not hold: it is measured from January
/// (decision record estimated-tax-and-health.md; a warning asks the user to check).
pub fn short_coverage_gap(uncovered: &[u8], limit: u32) -> Option<Vec<u8>> {
    let mut runs: Vec<Vec<u8>> = Vec::new();
    for &m in uncovered {
        match runs.last_mut() {
            Some(run) if run.last().is_some_and(|&l| l.saturating_add(1) == m) => run.push(m),
            _ => runs.push(vec![m]),
        }
    }
    runs.into_iter()
        .find(|run| u32::try_from(run.len()).is_ok_and(|n| n < limit))
}

fn months_words(months: &[u8]) -> String {
    if months.is_empty() {
        return "none".to_owned();
    }
    months
        .iter()
        .map(|m| month_name(*m))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The notes for the ovals of lines 53a and 53b.
fn oval_notes(cx: &Ctx) -> Vec<String> {
    let h = &cx.a.health;
    let mut notes = Vec::new();
    if h.someone_uninsured_now {
        notes.push("Line 53a: someone in the household has no health insurance now: fill the oval and enclose Form NJ-EZ Enroll (N.J.S.A. 54A:8-6.2).".to_owned());
    } else {
        notes.push(
            "Line 53a: everyone in the household has health insurance now (N.J.S.A. 54A:8-6.2)."
                .to_owned(),
        );
    }
    if h.share_with_get_covered_nj {
        notes.push("Line 53b: the Division may share this return's information with Get Covered New Jersey to help the household enroll (oval filled).".to_owned());
    } else {
        notes.push("Line 53b: the Division may not share this return's information with Get Covered New Jersey (oval not filled).".to_owned());
    }
    notes
}

/// Line 53c: the shared responsibility payment, with Schedule NJ-HCC (N.J.S.A. 54A:11-3 b, 11-4
/// a, d, e, g; 26 U.S.C. 5000A(b), (c) as of December 15, 2017). Resident returns only (a
/// part-year resident: the months wholly inside the resident period, see [`resident_months`]);
/// on the NJ-1040NR the line is zero and there is no schedule. `health.payment_override`, when
/// entered, replaces the computed payment with a warning.
pub fn line_53c_shared_responsibility(cx: &Ctx, s: &Sheet) -> (Line, Option<HccSchedule>) {
    const KEY: Key = Key::SharedResponsibility;
    let h = &cx.a.health;
    if cx.scope.kind.is_nonresident() {
        if cx.scope.kind == ReturnKind::Nonresident
            && h.payment_override.is_some_and(|v| !v.is_zero())
        {
            cx.diag(
                Diagnostic::warning(
                    "hcc-nonresident",
                    "A shared responsibility payment was entered, but none is due for months as a nonresident and the NJ-1040NR has no line for it; it was not used",
                )
                .at("health.payment_override")
                .cite("N.J.S.A. 54A:11-4 e"),
            );
        }
        let line = cx.line(
            KEY,
            Decimal::ZERO,
            cx.explanation(
                "No shared responsibility payment for months as a nonresident",
                "N.J.S.A. 54A:11-4 e",
            ),
        );
        return (line, None);
    }
    if !cx.p.health.in_force.value {
        if h.payment_override.is_some_and(|v| !v.is_zero()) {
            cx.diag(
                Diagnostic::warning(
                    "hcc-not-in-year",
                    format!(
                        "A shared responsibility payment was entered, but there is none for {}: New Jersey's coverage requirement (54A:11-3 a) had not begun; it was not used",
                        cx.year()
                    ),
                )
                .at("health.payment_override")
                .cite("N.J.S.A. 54A:11-3 a"),
            );
        }
        let line = cx.line(
            KEY,
            Decimal::ZERO,
            cx.explanation(
                crate::explain_format!(
                    cx,
                    "No shared responsibility payment for {}: the coverage requirement of 54A:11-3 a had not begun",
                    cx.year()
                ),
                "N.J.S.A. 54A:11-3 a",
            )
            .param(&cx.p.health.in_force),
        );
        return (line, None);
    }
    let status = cx.a.filing_status;
    let threshold_fig = &cx.p.tax.filing_threshold;
    let threshold = *threshold_fig.value.get(status);
    let period = resident_months(cx);
    let people = household(cx);

    let mut exp = cx
        .explanation(String::new(), CITATION)
        .schedule(Schedule::NjHcc);
    let mut members = Vec::new();
    let mut owed_by_person: Vec<(Vec<u8>, Option<Date>)> = Vec::new();
    let mut anyone_without = false;
    let mut gap_notes: Vec<String> = Vec::new();
    for p in &people {
        let (without, owed, exempt, gap) = person_months(cx, p, &period);
        anyone_without |= !without.is_empty();
        if let Some(gap) = gap.filter(|g| g.iter().any(|m| without.contains(m))) {
            let who = if p.name.trim().is_empty() {
                "A household member"
            } else {
                p.name
            };
            gap_notes.push(crate::explain_format!(cx,
                "{who}: {} is a short coverage gap (a continuous period of less than {} months without coverage, the first in the year): no payment for its months (26 U.S.C. 5000A(e)(4) as of December 15, 2017; N.J.S.A. 54A:11-3 b).",
                months_words(&gap),
                cx.p.health.short_gap_months.value
            ));
            exp = exp.param(&cx.p.health.short_gap_months);
            if gap.first() == Some(&1) {
                cx.diag(
                    Diagnostic::warning(
                        "hcc-gap-from-last-year",
                        format!(
                            "{who} had no coverage in January: the short coverage gap ({}) is counted from January. If {} also had no coverage at the end of last year, those months count toward the gap (26 CFR 1.5000A-3(j)), and a gap of {} months or more in all exempts none of its months: then enter the payment for line {}.",
                            months_words(&gap),
                            if p.name.trim().is_empty() { "they" } else { p.name },
                            cx.p.health.short_gap_months.value,
                            cx.id(KEY_53C)
                        ),
                    )
                    .at(format!("{}.coverage.months_without_coverage", p.path))
                    .cite("26 U.S.C. 5000A(e)(4)(B)(i); N.J.S.A. 54A:11-3 b, 11-6 a"),
                );
            }
        }
        exp = exp
            .answer_text(
                crate::explain_format!(cx, "{} months without coverage", p.name),
                format!("{}.coverage.months_without_coverage", p.path),
                months_words(&without),
            )
            .answer_text(
                crate::explain_format!(cx, "{} exempt months", p.name),
                format!("{}.coverage.exempt_months", p.path),
                months_words(&exempt),
            );
        if !owed.is_empty() && p.birth.is_none() {
            cx.diag(
                Diagnostic::warning(
                    "hcc-age-unknown",
                    format!(
                        "No birth date for {}: counted as an adult (the full flat amount) for the shared responsibility payment; a child under 18 at the start of a month counts half",
                        if p.name.trim().is_empty() { "a household member" } else { p.name }
                    ),
                )
                .at(format!("{}.birth_date", p.path))
                .cite("26 U.S.C. 5000A(c)(3)(C); N.J.S.A. 54A:11-3 b"),
            );
        }
        owed_by_person.push((owed.clone(), p.birth));
        members.push(HccMember {
            name: p.name.to_owned(),
            months_owed: owed,
            months_exempt: exempt,
            exemption_number: p.coverage.exemption_number.clone(),
        });
    }
    let mut notes = oval_notes(cx);
    notes.extend(gap_notes);
    if period.len() < 12 {
        notes.push(format!(
            "Part-year resident: only the months wholly inside the resident period count ({}); nothing is owed for a month with any day as a nonresident (N.J.S.A. 54A:11-4 e).",
            months_words(&period)
        ));
    }

    let gross = cx.threshold_gross_income(s);
    let total_income = s.v(Key::TotalIncome);
    let exempt_interest = s.v(Key::ExemptInterest);
    let deps_income = cx.non_negative(
        "health.dependents_income",
        "Dependents' household income",
        h.dependents_income,
        "N.J.S.A. 54A:11-3 b",
    );
    let household_income = sat_sum([total_income, exempt_interest, deps_income]);
    let mut schedule = HccSchedule {
        everyone_covered: !anyone_without,
        exempt_reason: None,
        members,
        household_income,
        ..HccSchedule::default()
    };

    let below = at_or_below(gross, threshold);
    let any_owed = owed_by_person.iter().any(|(o, _)| !o.is_empty());
    let mut rule: String;
    if below {
        let why = format!(
            "{} {} is at or below the {} filing threshold for {}: no shared responsibility payment, and Schedule NJ-HCC is not completed",
            cx.threshold_income_words(),
            fmt_money(gross),
            fmt_money(threshold),
            status.name()
        );
        rule = crate::explain_format!(cx, "{why} (N.J.S.A. 54A:11-4 d).");
        schedule.exempt_reason = Some(format!("{why} (N.J.S.A. 54A:11-4 d)."));
        exp = exp
            .line(
                cx.threshold_income_words().trim_end_matches(','),
                Key::GrossIncome,
                gross,
            )
            .param(threshold_fig);
    } else if !any_owed {
        rule = if anyone_without {
            crate::explain_format!(
                cx,
                "Every month without coverage in the household is covered by an exemption: no shared responsibility payment (Schedule NJ-HCC Part II with the exemption numbers)."
            )
        } else {
            crate::explain_format!(
                cx,
                "Everyone in the household had health coverage every month{}: Schedule NJ-HCC Part I \"Yes\", no shared responsibility payment.",
                if period.len() < 12 {
                    " of the resident period"
                } else {
                    ""
                }
            )
        };
    } else {
        rule = compute_payment(cx, &mut schedule, &owed_by_person, threshold, &mut exp);
        exp = exp
            .line(
                crate::explain_format!(cx, "Total income (line {})", cx.id(Key::TotalIncome)),
                Key::TotalIncome,
                total_income,
            )
            .line(
                crate::explain_format!(
                    cx,
                    "Tax-exempt interest (line {})",
                    cx.id(Key::ExemptInterest)
                ),
                Key::ExemptInterest,
                exempt_interest,
            )
            .answer(
                "Dependents' household income",
                "health.dependents_income",
                deps_income,
            )
            .param(threshold_fig);
    }

    let computed = schedule.payment;
    let value = match h.payment_override {
        Some(v) => {
            let v = cx.non_negative(
                "health.payment_override",
                "The shared responsibility payment entered",
                v,
                "N.J.S.A. 54A:11-3 b",
            );
            cx.diag(
                Diagnostic::warning(
                    "hcc-payment-entered",
                    format!(
                        "Line {} is taken as entered ({}) instead of the computed shared responsibility payment ({})",
                        cx.id(KEY_53C),
                        fmt_money(v),
                        fmt_money(computed)
                    ),
                )
                .at("health.payment_override")
                .cite("N.J.S.A. 54A:11-3 b"),
            );
            rule = crate::explain_format!(
                cx,
                "As entered: {} (the computed payment is {}). {rule}",
                fmt_money(v),
                fmt_money(computed)
            );
            exp = exp.answer(
                "Shared responsibility payment entered",
                "health.payment_override",
                v,
            );
            v
        }
        None => computed,
    };
    if cx.explaining() {
        exp.rule = format!("{rule} {}", notes.join(" "));
    }
    schedule.notes = notes;
    schedule.explanation = exp.clone();
    (cx.line(KEY, value, exp), Some(schedule))
}

/// The monthly worksheet, the bronze cap and the federal credit (above the threshold, someone
/// owed for). Fills the schedule's figures and returns the rule in words.
fn compute_payment(
    cx: &Ctx,
    schedule: &mut HccSchedule,
    owed: &[(Vec<u8>, Option<Date>)],
    threshold: Decimal,
    exp: &mut Explanation,
) -> String {
    let hp = &cx.p.health;
    let h = &cx.a.health;
    let year = cx.year();
    let child_age = i32::try_from(hp.child_age.value).unwrap_or(i32::MAX);
    let over = floor_zero(sat_sub(schedule.household_income, threshold));
    let percentage = round_cents(sat_mul(over, hp.percentage_rate.value));
    let twelve = Decimal::from(12u8);

    // The bronze premium: entered, else the year's figure.
    let year_figure = hp.bronze_premium.value.0;
    let bronze = match h.bronze_premium_override {
        Some(v) => {
            let v = cx.non_negative(
                "health.bronze_premium_override",
                "The bronze premium entered",
                v,
                "N.J.S.A. 54A:11-4 a",
            );
            if let Some(fig) = year_figure.filter(|f| *f != v) {
                cx.diag(
                        Diagnostic::warning(
                            "hcc-bronze-entered",
                            format!(
                                "The bronze premium entered ({}) is used instead of the {} figure on file ({})",
                                fmt_money(v),
                                year,
                                fmt_money(fig)
                            ),
                        )
                        .at("health.bronze_premium_override")
                        .cite("N.J.S.A. 54A:11-4 a"),
                    );
            }
            Some(v)
        }
        None => year_figure,
    };

    let mut greater_sum = Decimal::ZERO;
    let mut cap_people: u64 = 0;
    let mut text = Vec::new();
    for m in 1..=12u8 {
        let start = first_day(year, m);
        let (mut adults, mut children) = (0u32, 0u32);
        for (months, birth) in owed {
            if !months.contains(&m) {
                continue;
            }
            match birth {
                Some(b) if age_on(*b, start) < child_age => children += 1,
                _ => adults += 1,
            }
        }
        let n = adults.saturating_add(children);
        if n == 0 {
            continue;
        }
        let flat_sum = sat_add(
            sat_mul(Decimal::from(adults), hp.flat_amount_adult.value),
            sat_mul(Decimal::from(children), hp.flat_amount_child.value),
        );
        let flat = flat_sum.min(hp.flat_amount_cap.value);
        let greater = flat.max(percentage);
        greater_sum = sat_add(greater_sum, greater);
        let counted = n.min(hp.bronze_cap_people.value);
        cap_people = cap_people.saturating_add(u64::from(counted));
        let month_cap = bronze.map_or(Decimal::ZERO, |b| {
            round_cents(sat_mul(b, Decimal::from(counted)) / twelve)
        });
        let amount = round_cents(greater / twelve);
        text.push(crate::explain_format!(cx,
            "{}: {adults} adult(s), {children} child(ren): flat {}{}, percentage {}; {} / 12 = {}{}",
            month_name(m),
            fmt_money(flat),
            if flat < flat_sum { crate::explain_format!(cx, " (at most {})", fmt_money(hp.flat_amount_cap.value)) } else { String::new() },
            fmt_money(percentage),
            fmt_money(greater),
            fmt_money(amount),
            bronze.map_or(String::new(), |b| crate::explain_format!(cx, "; bronze cap {counted} x {} / 12 = {}", fmt_money(b), fmt_money(month_cap)))
        ));
        schedule.months.push(HccMonth {
            month: m,
            adults,
            children,
            flat,
            percentage,
            amount,
            cap: month_cap,
        });
    }
    let total = round_cents(greater_sum / twelve);
    schedule.total_monthly = total;
    *exp = std::mem::take(exp)
        .param(&hp.flat_amount_adult)
        .param(&hp.flat_amount_child)
        .param(&hp.flat_amount_cap)
        .param(&hp.percentage_rate)
        .param(&hp.child_age)
        .param(&hp.bronze_cap_people);
    let (tax, cap_words) = match bronze {
        Some(b) => {
            let cap = round_cents(sat_mul(b, Decimal::from(cap_people)) / twelve);
            schedule.cap = cap;
            if h.bronze_premium_override.is_some() {
                *exp = std::mem::take(exp).answer(
                    "Bronze premium per person entered",
                    "health.bronze_premium_override",
                    b,
                );
            } else {
                *exp = std::mem::take(exp).param(&hp.bronze_premium);
            }
            (
                total.min(cap),
                crate::explain_format!(
                    cx,
                    "bronze cap {} x {cap_people} person-months / 12 = {}; the lesser is {}",
                    fmt_money(b),
                    fmt_money(cap),
                    fmt_money(total.min(cap))
                ),
            )
        }
        None => {
            cx.diag(
                Diagnostic::error(
                    "hcc-bronze-premium-needed",
                    format!(
                        "A shared responsibility payment is due, but the State average bronze premium for {year} is not known to this app; the payment is at most the bronze premium per person for the months owed (N.J.S.A. 54A:11-4 a). Enter the {year} figure published by the Division of Taxation. Until then line {} shows the payment without that cap ({}).",
                        cx.id(KEY_53C),
                        fmt_money(total)
                    ),
                )
                .at("health.bronze_premium_override")
                .cite("N.J.S.A. 54A:11-4 a; 26 U.S.C. 5000A(c)(1)(B)"),
            );
            *exp = std::mem::take(exp).param(&hp.bronze_premium);
            (
                total,
                crate::explain_format!(
                    cx,
                    "bronze cap not known for {year} (enter it): {}",
                    fmt_money(total)
                ),
            )
        }
    };
    schedule.tax = tax;
    let fed = cx.non_negative(
        "health.federal_payment",
        "The federal shared responsibility payment",
        h.federal_payment,
        "N.J.S.A. 54A:11-4 g",
    );
    let credit = fed.min(tax);
    schedule.federal_credit = credit;
    schedule.payment = sat_sub(tax, credit);
    if !fed.is_zero() {
        *exp = std::mem::take(exp).answer(
            "Federal shared responsibility payment",
            "health.federal_payment",
            fed,
        );
    }
    crate::explain_format!(
        cx,
        "Household income {} less the filing threshold {} = {} x {} = {} a year. {}. Sum of the months {}; {}. Federal payment credit min({}, {}) = {} (54A:11-4 g): line {} = {}.",
        fmt_money(schedule.household_income),
        fmt_money(threshold),
        fmt_money(over),
        crate::money::fmt_rate(hp.percentage_rate.value),
        fmt_money(percentage),
        text.join("; "),
        fmt_money(total),
        cap_words,
        fmt_money(fed),
        fmt_money(tax),
        fmt_money(credit),
        cx.id(KEY_53C),
        fmt_money(schedule.payment)
    )
}
