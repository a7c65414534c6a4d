//! The employer's estimate of the credit for employees with impairments before the Labor
//! certificate (P.L.2019, c.32, s.6 d, e; C.34:11-56a40): per employee, the case of d(1)(a)
//! (equal hours), d(1)(b) (more hours) or d(2) (fewer hours), the adjustment of d(1)(c), and the
//! application deadline of subsection b or c.
//!
//! The credit actually claimed is the amount on the Commissioner's certificate (54A:4-18 a); this
//! estimate helps the employer with estimated tax (s.6 e). Decisions where the text leaves room
//! (each pinned by a test in `tests/impaired_estimator.rs`):
//! - d(1)(c) increases "the actual rate of pay" only: last year's payroll taxes per hour are taken
//!   as actually paid, not increased.
//! - d(1)(b): the additional hours are computed "in the same manner as ... (a)", so the payroll
//!   taxes count there too: (minimum wage this year - presumed rate) x (1 + payroll tax rate this
//!   year); the amount without payroll taxes is shown in a note.
//! - The two parts of d(1)(b) are added before the floor at zero (d(1): the amount by which the
//!   required wages and taxes exceed what was paid); an employee never gives less than zero.

use rust_decimal::{Decimal, RoundingStrategy};
use serde::Serialize;

use crate::answers::{Answers, ImpairedEmployeeEstimate, MinimumWageEmployerType};
use crate::explain::{Explanation, Mode};
use crate::law::business_credits::BusinessCreditParams;
use crate::money::{floor_zero, fmt_money, round_cents, sat_add, sat_mul as mul, sat_sub};

/// Which case of subsection d applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum HoursCase {
    /// d(1)(a): the same hours as last year.
    #[default]
    EqualHours,
    /// d(1)(b): more hours than last year.
    MoreHours,
    /// d(2): fewer hours than last year: no credit for this employee.
    FewerHours,
}

/// The estimate for one employee.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ImpairedEstimate {
    /// The employee's label.
    pub name: String,
    /// Which case applies.
    pub case: HoursCase,
    /// The preliminary amount of the credit for this employee.
    pub preliminary: Decimal,
    /// The application deadline for this employer type, in words.
    pub deadline: String,
    /// How the amount was worked out.
    pub explanation: Explanation,
    /// The application deadline (before January 1 of `deadline_year`) falls on or before the end
    /// of the tax year: an application for this tax year is late.
    pub deadline_passed: bool,
    /// The year whose January 1 the application must come before.
    pub deadline_year: u16,
    /// d(1)(b) only: the additional hours' part without payroll taxes (the other reading).
    pub additional_hours_without_payroll_taxes: Option<Decimal>,
    /// Notes for the employer (negative inputs treated as zero, part of a year).
    pub notes: Vec<String>,
}

const CITE: &str = "P.L.2019, c.32, s.6 d, e (C.34:11-56a40); N.J.S.A. 54A:4-18";

fn div_or_zero(a: Decimal, b: Decimal) -> Decimal {
    if b.is_zero() {
        return Decimal::ZERO;
    }
    a.checked_div(b).unwrap_or(Decimal::MAX)
}

/// A rate per hour shown to 4 decimals ($15.1234).
fn fmt_hourly(v: Decimal) -> String {
    let r = v.round_dp_with_strategy(4, RoundingStrategy::MidpointAwayFromZero);
    let neg = r.is_sign_negative() && !r.is_zero();
    let text = r.abs().normalize().to_string();
    let (int, frac) = text.split_once('.').unwrap_or((text.as_str(), ""));
    format!("{}${int}.{frac:0<4}", if neg { "-" } else { "" })
}

fn fmt_hours(v: Decimal) -> String {
    v.normalize().to_string()
}

/// Estimate every employee entered for the employer(s) counted on this return, with answer
/// paths by index.
pub fn estimate_all(a: &Answers, p: &BusinessCreditParams) -> Vec<ImpairedEstimate> {
    a.business_credits
        .impaired_employee_estimates
        .iter()
        .enumerate()
        .filter(|(_, e)| a.counts(e.owner))
        .map(|(i, e)| estimate_at(e, p, a.tax_year, &format!("[{i}]")))
        .collect()
}

/// Estimate one employee.
pub fn estimate(
    e: &ImpairedEmployeeEstimate,
    p: &BusinessCreditParams,
    year: u16,
) -> ImpairedEstimate {
    estimate_at(e, p, year, "[]")
}

/// Estimate one employee; `index` is the list index shown in answer paths ("[2]").
#[allow(clippy::too_many_lines)]
fn estimate_at(
    e: &ImpairedEmployeeEstimate,
    p: &BusinessCreditParams,
    year: u16,
    index: &str,
) -> ImpairedEstimate {
    let path = |f: &str| format!("business_credits.impaired_employee_estimates{index}.{f}");
    let mut notes = Vec::new();
    let mut nn = |what: &str, v: Decimal| {
        if v.is_sign_negative() && !v.is_zero() {
            notes.push(format!(
                "{what} cannot be negative ({}); it was treated as zero",
                fmt_money(v)
            ));
        }
        floor_zero(v)
    };
    let h1 = nn("Hours this year", e.hours_this_year);
    let h0 = nn("Hours last year", e.hours_last_year);
    let w0 = nn("Wages paid last year", e.wages_last_year);
    let t0 = nn("Payroll taxes paid last year", e.payroll_taxes_last_year);
    let mw1 = nn("The minimum wage this year", e.minimum_wage_this_year);
    let mw0 = nn("The minimum wage last year", e.minimum_wage_last_year);
    let r = nn("The payroll tax rate", e.payroll_tax_rate_this_year);
    let si = nn(
        "The State increase without P.L.2019, c.32",
        e.state_increase_without_law,
    );
    let fi = nn("The federal increase", e.federal_increase);

    // Deadline: s.6 b (general schedule) or c (small or seasonal employers).
    let (fig, who) = match e.employer_type {
        MinimumWageEmployerType::General => (
            &p.impaired_apply_before_general,
            "an employer on the general minimum wage schedule (s.6 b)",
        ),
        MinimumWageEmployerType::SmallOrSeasonal => (
            &p.impaired_apply_before_small_or_seasonal,
            "a small or seasonal employer (s.6 c)",
        ),
    };
    let deadline_year = u16::try_from(fig.value).unwrap_or(u16::MAX);
    let deadline_passed = deadline_year <= year;
    let deadline = format!(
        "{who} applies to the Commissioner of Labor and Workforce Development before January 1, {deadline_year}: {}",
        if deadline_passed {
            format!(
                "that date is on or before the end of tax year {year}, so the application period has passed"
            )
        } else {
            format!("still open at the end of tax year {year}")
        }
    );

    // d(1)(c): the actual rate of pay last year, increased by the larger increase.
    let adj = si.max(fi);
    let rate0 = div_or_zero(w0, h0);
    let adjusted_rate0 = sat_add(rate0, adj);
    let tax0_per_hour = div_or_zero(t0, h0);
    let one_plus_r = sat_add(Decimal::ONE, r);
    // d(1)(a): per hour, required wages and payroll taxes at this year's minimum wage less what was
    // paid last year (rate adjusted by (c)) in wages and payroll taxes.
    let required_per_hour = mul(mw1, one_plus_r);
    let paid_per_hour = sat_add(adjusted_rate0, tax0_per_hour);
    let per_hour_a = sat_sub(required_per_hour, paid_per_hour);

    let case = if h1 == h0 {
        HoursCase::EqualHours
    } else if h1 > h0 {
        HoursCase::MoreHours
    } else {
        HoursCase::FewerHours
    };

    let common = format!(
        "Last year: wages {} / {} hours = {} an hour, + the larger of the State increase without P.L.2019, c.32 {} and the federal increase {} (d(1)(c)) = {}; payroll taxes {} / {} hours = {} an hour (as paid: (c) adjusts only the rate of pay). This year: minimum wage {} x (1 + payroll tax rate {}) = {} an hour. Per hour (d(1)(a)): {} - ({} + {}) = {}",
        fmt_money(w0),
        fmt_hours(h0),
        fmt_hourly(rate0),
        fmt_hourly(si),
        fmt_hourly(fi),
        fmt_hourly(adjusted_rate0),
        fmt_money(t0),
        fmt_hours(h0),
        fmt_hourly(tax0_per_hour),
        fmt_hourly(mw1),
        r.normalize(),
        fmt_hourly(required_per_hour),
        fmt_hourly(required_per_hour),
        fmt_hourly(adjusted_rate0),
        fmt_hourly(tax0_per_hour),
        fmt_hourly(per_hour_a),
    );

    let mut without_taxes = None;
    let (raw, case_text) = match case {
        HoursCase::EqualHours => {
            let total = mul(per_hour_a, h1);
            (
                total,
                format!(
                    "Equal hours ({} this year and last year; d(1)(a)): {} x {} hours = {}",
                    fmt_hours(h1),
                    fmt_hourly(per_hour_a),
                    fmt_hours(h1),
                    fmt_money(total)
                ),
            )
        }
        HoursCase::MoreHours => {
            let part1 = mul(per_hour_a, h0);
            let extra = sat_sub(h1, h0);
            let presumed = sat_add(mw0, adj);
            let diff = sat_sub(mw1, presumed);
            let per_hour_b = mul(diff, one_plus_r);
            let part2 = mul(per_hour_b, extra);
            let total = sat_add(part1, part2);
            without_taxes = Some(round_cents(floor_zero(sat_add(part1, mul(diff, extra)))));
            (
                total,
                format!(
                    "More hours ({} this year, {} last year; d(1)(b)): the first {} hours as in (a): {} x {} = {}; the {} additional hours presumed paid at last year's minimum wage {} + {} = {}, each at ({} - {}) x (1 + {}) = {} (\"in the same manner as ... (a)\", payroll taxes included): {}; together {}",
                    fmt_hours(h1),
                    fmt_hours(h0),
                    fmt_hours(h0),
                    fmt_hourly(per_hour_a),
                    fmt_hours(h0),
                    fmt_money(part1),
                    fmt_hours(extra),
                    fmt_hourly(mw0),
                    fmt_hourly(adj),
                    fmt_hourly(presumed),
                    fmt_hourly(mw1),
                    fmt_hourly(presumed),
                    r.normalize(),
                    fmt_hourly(per_hour_b),
                    fmt_money(part2),
                    fmt_money(total)
                ),
            )
        }
        HoursCase::FewerHours => (
            Decimal::ZERO,
            format!(
                "Fewer hours ({} this year, {} last year; d(2)): no credit for this employee",
                fmt_hours(h1),
                fmt_hours(h0)
            ),
        ),
    };
    let preliminary = round_cents(floor_zero(raw));
    let floor_text = if raw < Decimal::ZERO {
        format!(" (less than zero: {})", fmt_money(preliminary))
    } else {
        String::new()
    };
    if let Some(w) = without_taxes {
        notes.push(format!(
            "Without payroll taxes on the additional hours (reading d(1)(b)'s last clause alone) the estimate would be {}; the Commissioner's certificate decides",
            fmt_money(w)
        ));
    }
    let part_year = e.months_employed.is_some() || case == HoursCase::MoreHours;
    if let Some(m) = e.months_employed {
        notes.push(format!(
            "Worked {m} months of the tax year: the comparison is always of the hours in the whole tax year with the hours in the whole last calendar year (s.6 d), not month by month; an employee hired part-way through last year usually has more hours this year (case d(1)(b)), one who leaves part-way through this year usually fewer (d(2))"
        ));
    }
    let part_text = if part_year {
        " Hours are compared over the whole tax year and the whole last calendar year (s.6 d)."
    } else {
        ""
    };
    let rule = format!(
        "{common}. {case_text}{floor_text}. Preliminary amount {}.{part_text} An estimate for estimated tax (s.6 e); the credit claimed is the amount on the Commissioner's certificate. Deadline: {deadline}",
        fmt_money(preliminary)
    );
    let explanation = Explanation::new(Mode::Explain, rule, CITE)
        .answer_text("Hours last year", path("hours_last_year"), fmt_hours(h0))
        .answer("Wages last year", path("wages_last_year"), w0)
        .answer(
            "Payroll taxes last year",
            path("payroll_taxes_last_year"),
            t0,
        )
        .answer_text("Hours this year", path("hours_this_year"), fmt_hours(h1))
        .answer_text(
            "Minimum wage this year",
            path("minimum_wage_this_year"),
            fmt_hourly(mw1),
        )
        .answer_text(
            "Minimum wage last year",
            path("minimum_wage_last_year"),
            fmt_hourly(mw0),
        )
        .answer_text(
            "Payroll tax rate this year",
            path("payroll_tax_rate_this_year"),
            r.normalize().to_string(),
        )
        .answer_text(
            "State increase without P.L.2019, c.32",
            path("state_increase_without_law"),
            fmt_hourly(si),
        )
        .answer_text("Federal increase", path("federal_increase"), fmt_hourly(fi))
        .param(fig);
    ImpairedEstimate {
        name: e.name.clone(),
        case,
        preliminary,
        deadline,
        explanation,
        deadline_passed,
        deadline_year,
        additional_hours_without_payroll_taxes: without_taxes,
        notes,
    }
}
