//! Federal earned income credit (IRC 32), computed from the answers, for the NJ EITC
//! (N.J.S.A. 54A:4-7 a(1): a percentage "of the federal earned income tax credit that would be
//! allowed").
//!
//! Two computations are exposed:
//!
//! * [`eic_exact`]: the statutory formula of IRC 32(a), to the cent: credit percentage times
//!   earned income up to the earned income amount, less the phase-out percentage times the part
//!   of AGI (or earned income, if greater) over the phase-out amount.
//! * [`eic_table`]: the IRS EIC Table that federal returns actually use (IRC 32(f)). The table has
//!   $50 income bands ("at least $X but less than $X+50"); the credit printed for a band is the
//!   formula evaluated at the band's midpoint (lower edge + $25) and rounded to whole dollars.
//!   The phase-in uses the unrounded credit percentage x earned income amount (so a 2019 joint
//!   return with three children and $46,400-$46,450 shows $2,006, not $2,007; pinned in
//!   `tests/federal_eic.rs`). The EIC Worksheet looks up earned income; when AGI falls in a band
//!   past the phase-out amount it also looks up AGI and takes the smaller figure. Earned income
//!   and AGI must each be less than the published income limit (Pub 596 Rules 1 and 15).
//!   Where a band straddles that limit the IRS prints a footnote amount that this engine does not
//!   know; it uses the band's midpoint value and warns.
//!
//! Ages: a filer without a qualifying child reaches the minimum age (25, or 19 in 2021) on the
//! day before the birthday, but reaches 65 on the birthday itself (Pub 596, Rule 12). Children's
//! ages are whole years at the close of the year (year minus birth year).

use rust_decimal::Decimal;

use crate::answers::{Date, Dependent, FilingStatus, Person};
use crate::explain::{Diagnostic, Explanation, ShowValue};
pub use crate::law::federal::{AgeRange, ByChildren, FederalParams, FederalParamsFile};
use crate::money::sat_mul as mul;
use crate::money::{floor_zero, fmt_money, fmt_rate, round_cents, round_dollars, sat_sub};
use crate::sheet::Ctx;

/// The figures of one EIC Table column (a number of children and joint or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// Credit percentage.
    pub rate: Decimal,
    /// Phase-out percentage.
    pub phaseout_rate: Decimal,
    /// Earned income amount.
    pub earned_income_amount: Decimal,
    /// Phase-out amount.
    pub phaseout_start: Decimal,
    /// Income limit: earned income and AGI must be less than this.
    pub limit: Decimal,
    /// Published maximum credit.
    pub max_credit: Decimal,
}

impl Column {
    /// The column for a number of qualifying children (capped at 3) on a joint return or not.
    pub fn of(p: &FederalParams, children: u32, joint: bool) -> Self {
        let (start, limit) = if joint {
            (&p.eic_phaseout_start_joint, &p.eic_completed_phaseout_joint)
        } else {
            (&p.eic_phaseout_start, &p.eic_completed_phaseout)
        };
        Self {
            rate: *p.eic_credit_rate.value.get(children),
            phaseout_rate: *p.eic_phaseout_rate.value.get(children),
            earned_income_amount: *p.eic_earned_income_amount.value.get(children),
            phaseout_start: *start.value.get(children),
            limit: *limit.value.get(children),
            max_credit: *p.eic_max_credit.value.get(children),
        }
    }

    /// Credit percentage x the earned income amount, unrounded (the top of the phase-in).
    pub fn full_credit(&self) -> Decimal {
        mul(self.rate, self.earned_income_amount)
    }
}

/// The IRC 32(a) formula before rounding: (1) credit% x earned income, but (2) not more than the
/// excess of credit% x the earned income amount (the maximum credit) over phase-out% x (the
/// greater of AGI and earned income, over the phase-out amount); not below zero. The phase-out
/// comes off the maximum, not off the phased-in credit: a filer still in the phase-in whose AGI is
/// past the phase-out amount keeps credit% x earned while that is under the reduced maximum.
fn formula(col: &Column, earned: Decimal, agi: Decimal) -> Decimal {
    if earned <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    let phased_in = mul(col.rate, earned.min(col.earned_income_amount));
    let excess = floor_zero(sat_sub(earned.max(agi), col.phaseout_start));
    let limit = floor_zero(sat_sub(col.full_credit(), mul(col.phaseout_rate, excess)));
    phased_in.min(limit)
}

/// The statutory credit of IRC 32(a) to the cent, for an eligible filer (no eligibility tests).
pub fn eic_exact(
    p: &FederalParams,
    children: u32,
    joint: bool,
    earned: Decimal,
    agi: Decimal,
) -> Decimal {
    round_cents(formula(&Column::of(p, children, joint), earned, agi))
}

/// The $50 band of the EIC Table that holds `amount`: `(lower edge, midpoint)`.
pub fn table_band(p: &FederalParams, amount: Decimal) -> (Decimal, Decimal) {
    let width = p.eic_table_band.value;
    if width <= Decimal::ZERO {
        return (amount, amount);
    }
    let lower = mul((amount / width).floor(), width);
    (lower, lower + width / Decimal::TWO)
}

/// One entry of the IRS EIC Table: the credit printed for the band that holds `amount`, looked
/// up as both earned income and AGI (the formula at the band midpoint, rounded to whole dollars).
/// Zero below $1 ("at least $1") and at or over the income limit.
pub fn eic_table_value(p: &FederalParams, children: u32, joint: bool, amount: Decimal) -> Decimal {
    let col = Column::of(p, children, joint);
    if amount < Decimal::ONE || amount >= col.limit {
        return Decimal::ZERO;
    }
    let (lower, mid) = table_band(p, amount);
    round_dollars(table_formula(
        &col,
        lower,
        mid,
        p.eic_table_uses_published_maximum.value,
    ))
}

/// The formula as the EIC Table applies it to a band: phase-in at the midpoint; the plateau at the
/// maximum (the published whole-dollar maximum in years whose table is built from it); the phase-out
/// only for bands that start at or above the phase-out amount (the band holding the phase-out amount
/// still prints the maximum), measured from the midpoint.
fn table_formula(col: &Column, lower: Decimal, mid: Decimal, published_max: bool) -> Decimal {
    if mid <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    let plateau = if published_max {
        col.max_credit
    } else {
        col.full_credit()
    };
    let tentative = if mid >= col.earned_income_amount {
        plateau
    } else {
        mul(col.rate, mid).min(plateau)
    };
    let excess = if lower >= col.phaseout_start {
        floor_zero(sat_sub(mid, col.phaseout_start))
    } else {
        Decimal::ZERO
    };
    floor_zero(sat_sub(tentative, mul(col.phaseout_rate, excess)))
}

/// The credit by the EIC Worksheet and EIC Table, for an eligible filer: the table entry for
/// earned income, and the smaller of it and the entry for AGI when AGI's band lies past the
/// phase-out amount. Zero when earned income or AGI is not below the income limit.
pub fn eic_table(
    p: &FederalParams,
    children: u32,
    joint: bool,
    earned: Decimal,
    agi: Decimal,
) -> Decimal {
    let col = Column::of(p, children, joint);
    if earned < Decimal::ONE || earned >= col.limit || agi >= col.limit {
        return Decimal::ZERO;
    }
    let by_earned = eic_table_value(p, children, joint, earned);
    let (_, agi_mid) = table_band(p, agi);
    if agi_mid > col.phaseout_start {
        by_earned.min(eic_table_value(p, children, joint, agi))
    } else {
        by_earned
    }
}

/// One EIC Table lookup in words, with the numbers: the band, its midpoint, the phase-in and
/// phase-out amounts and the rounding.
fn describe_lookup(p: &FederalParams, col: &Column, amount: Decimal) -> String {
    if amount < Decimal::ONE {
        return format!(
            "under {}, not in the table: {}",
            fmt_money(Decimal::ONE),
            fmt_money(Decimal::ZERO)
        );
    }
    if amount >= col.limit {
        return format!(
            "not less than the {} income limit: {}",
            fmt_money(col.limit),
            fmt_money(Decimal::ZERO)
        );
    }
    let (lower, mid) = table_band(p, amount);
    let published = p.eic_table_uses_published_maximum.value;
    let capped = mid.min(col.earned_income_amount);
    let phase_in = if mid >= col.earned_income_amount && published {
        format!("the published maximum {}", fmt_money(col.max_credit))
    } else {
        format!(
            "{} x {} = {}",
            fmt_rate(col.rate),
            fmt_money(capped),
            fmt_money(mul(col.rate, capped))
        )
    };
    let over = if lower >= col.phaseout_start {
        floor_zero(sat_sub(mid, col.phaseout_start))
    } else {
        Decimal::ZERO
    };
    let reduction = mul(col.phaseout_rate, over);
    let raw = table_formula(col, lower, mid, published);
    format!(
        "table band {} to {}, midpoint {}: {}, less {} x {} over the {} phase-out amount = {}, leaves {}, rounded to {}",
        fmt_money(lower),
        fmt_money(lower + p.eic_table_band.value),
        fmt_money(mid),
        phase_in,
        fmt_rate(col.phaseout_rate),
        fmt_money(over),
        fmt_money(col.phaseout_start),
        fmt_money(reduction),
        fmt_money(raw),
        fmt_money(round_dollars(raw)),
    )
}

/// Whether `amount` falls in the table band that straddles the income limit (where the IRS prints
/// a footnote amount instead of a figure).
fn in_straddling_band(p: &FederalParams, col: &Column, amount: Decimal) -> bool {
    let (limit_lower, _) = table_band(p, col.limit);
    limit_lower != col.limit && amount >= limit_lower && amount < col.limit
}

/// Age attained by the close of `year` when an age is reached on the day before the birthday
/// (Pub 596 Rule 12 for the minimum age: someone born on 1 January is a year older).
fn age_day_before_rule(birth: Date, year: u16) -> Option<u16> {
    let age = birth.age_at_year_end(year)?;
    Some(if birth.month == 1 && birth.day == 1 {
        age.saturating_add(1)
    } else {
        age
    })
}

/// Why a dependent is, or is not, a qualifying child for the EIC.
fn qualifying_child_test(
    p: &FederalParams,
    year: u16,
    dep: &Dependent,
    oldest_filer: Option<Date>,
) -> Result<String, String> {
    if !dep.relationship.is_child_relationship() {
        return Err(format!(
            "the dependent is {}, not a child, stepchild, foster child, sibling or their descendant (IRC 152(c)(2))",
            dep.relationship.label()
        ));
    }
    let born_this_year = dep.birth_date.is_some_and(|b| b.year == year);
    if dep.months_lived_with_you < 7 && !(born_this_year && dep.months_lived_with_you > 0) {
        return Err(format!(
            "lived with you {} months, not more than half the year (IRC 32(c)(3)(C))",
            dep.months_lived_with_you
        ));
    }
    if dep.disabled {
        return Ok("permanently and totally disabled: any age (IRC 152(c)(3)(B))".into());
    }
    let Some(birth) = dep.birth_date else {
        return Err("birth date missing, so the age test cannot be checked".into());
    };
    let Some(age) = birth.age_at_year_end(year) else {
        return Err(format!("born {birth}, after the end of {year}"));
    };
    let under = p.eic_child_age_under.value;
    let student_under = p.eic_student_age_under.value;
    let age_ok =
        u32::from(age) < under || (dep.full_time_student && u32::from(age) < student_under);
    if !age_ok {
        return Err(if dep.full_time_student {
            format!("age {age} at the end of {year}: a student must be under {student_under}")
        } else {
            format!(
                "age {age} at the end of {year}: must be under {under} (under {student_under} if a full-time student)"
            )
        });
    }
    if let Some(filer) = oldest_filer
        && birth <= filer
    {
        return Err(format!(
            "born {birth}, not younger than you (or your spouse) (IRC 152(c)(3)(A))"
        ));
    }
    Ok(if u32::from(age) < under {
        format!("age {age} at the end of {year}, under {under}")
    } else {
        format!("age {age} at the end of {year}, a full-time student under {student_under}")
    })
}

/// The federal EIC as the engine computes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FederalEic {
    /// The credit by the IRS EIC Table (whole dollars), zero when not eligible.
    pub credit: Decimal,
    /// The credit by the exact IRC 32(a) formula (to the cent), zero when not eligible.
    pub exact_credit: Decimal,
    /// Qualifying children found (the table uses at most 3).
    pub qualifying_children: u32,
    /// Whether every eligibility test is met.
    pub eligible: bool,
    /// The filer has no qualifying child and fails only the age test (for N.J.S.A. 54A:4-7 a(4)):
    /// every other test, including the income limits, is met.
    pub fails_only_age: bool,
    /// Why the credit has its value.
    pub explanation: Explanation,
}

/// The people on the return: the taxpayer, and the spouse on a joint return.
pub fn filers<'a>(cx: &Ctx<'a>) -> Vec<&'a Person> {
    let mut out = vec![&cx.a.taxpayer];
    if cx.a.filing_status.is_joint()
        && let Some(sp) = &cx.a.spouse
    {
        out.push(sp);
    }
    out
}

/// The federal earned income credit for the answers (IRC 32), by the IRS EIC Table, with the
/// exact formula alongside. Uses `answers.federal` (earned income, AGI, investment income,
/// separated-spouse answer), the filing status, the filers' birth dates and dependency, and the
/// dependents (qualifying children).
pub fn federal_eic(cx: &Ctx) -> FederalEic {
    let p = &cx.p.federal;
    let a = cx.a;
    let year = cx.year();
    let f = &a.federal;
    let joint = a.filing_status.is_joint();
    let mut exp = cx
        .explanation("", "IRC 32; IRS EIC Worksheet and EIC Table")
        .answer("Earned income", "federal.earned_income", f.earned_income)
        .answer("Federal adjusted gross income", "federal.agi", f.agi)
        .answer(
            "Investment income",
            "federal.investment_income",
            f.investment_income,
        );

    // Qualifying children.
    let people = filers(cx);
    // Younger than you or your spouse: younger than the older of the two suffices.
    let oldest_filer = people.iter().filter_map(|pp| pp.birth_date).min();
    let mut children: u32 = 0;
    for (i, dep) in a.dependents.iter().enumerate() {
        let who = format!("dependents[{i}]");
        match qualifying_child_test(p, year, dep, oldest_filer) {
            Ok(why) => {
                children = children.saturating_add(1);
                exp = exp.answer_text(
                    crate::explain_format!(cx, "Dependent {} is a qualifying child", i + 1),
                    who.clone(),
                    why,
                );
                if dep.ssn.trim().is_empty() {
                    cx.diag(
                        Diagnostic::warning(
                            "eic-child-ssn",
                            "A qualifying child for the earned income credit needs a valid Social Security number by the due date of the return; none is entered",
                        )
                        .at(format!("{who}.ssn"))
                        .cite("IRC 32(c)(3)(D), 32(m)"),
                    );
                }
            }
            Err(why) => {
                exp = exp.answer_text(
                    crate::explain_format!(cx, "Dependent {} is not a qualifying child", i + 1),
                    who,
                    why,
                );
            }
        }
    }
    let column_children = children.min(3);
    let col = Column::of(p, column_children, joint);
    exp = exp
        .param(&p.eic_child_age_under)
        .param(&p.eic_student_age_under)
        .worksheet_text(
            "Qualifying children",
            "federal_eic.qualifying_children",
            children.to_string(),
        );

    // Eligibility tests other than age.
    let mut failures: Vec<String> = Vec::new();
    if a.filing_status == FilingStatus::MarriedSeparate {
        exp = exp.param(&p.eic_mfs_separated_spouse_rule);
        if !p.eic_mfs_separated_spouse_rule.value {
            failures.push(crate::explain_format!(
                cx,
                "married filing separately cannot claim the credit in {year} (IRC 32(d))"
            ));
        } else if !f.mfs_eic_separated_spouse {
            failures.push(
                "married filing separately: the credit is allowed only to a spouse living apart under IRC 32(d)(2)(B), and that answer is not given".into(),
            );
        } else if children == 0 {
            failures.push(
                "married filing separately: the separated-spouse rule of IRC 32(d)(2)(B) needs a qualifying child who lived with you more than half the year".into(),
            );
        }
    }
    let limit = p.eic_investment_income_limit.value;
    exp = exp.param(&p.eic_investment_income_limit);
    if f.investment_income > limit {
        failures.push(crate::explain_format!(
            cx,
            "investment income {} is over the {} limit (IRC 32(i))",
            fmt_money(f.investment_income),
            fmt_money(limit)
        ));
    }
    if f.earned_income < Decimal::ONE {
        failures.push("no earned income (IRC 32(a))".into());
    }
    exp = exp.param(if joint {
        &p.eic_completed_phaseout_joint
    } else {
        &p.eic_completed_phaseout
    });
    if f.earned_income >= col.limit {
        failures.push(crate::explain_format!(
            cx,
            "earned income {} is not less than the {} limit",
            fmt_money(f.earned_income),
            fmt_money(col.limit)
        ));
    }
    if f.agi >= col.limit {
        failures.push(crate::explain_format!(
            cx,
            "AGI {} is not less than the {} limit",
            fmt_money(f.agi),
            fmt_money(col.limit)
        ));
    }
    let dependent_filer = people.iter().any(|pp| pp.claimed_as_dependent);
    if children == 0 && dependent_filer {
        failures.push(
            "a filer without a qualifying child cannot be someone else's dependent (IRC 32(c)(1)(A)(ii)(III))".into(),
        );
    } else if dependent_filer {
        cx.diag(
            Diagnostic::warning(
                "eic-filer-dependent",
                "You can be claimed as someone's dependent. You cannot claim the earned income credit if you are the qualifying child of another taxpayer; check before claiming it",
            )
            .at("taxpayer.claimed_as_dependent")
            .cite("IRC 32(c)(1)(B)"),
        );
    }

    // Age test, for filers without a qualifying child.
    let mut age_failure: Option<String> = None;
    if children == 0 {
        let ages = &p.eic_childless_age.value;
        exp = exp.param(&p.eic_childless_age);
        let meets = |pp: &Person| {
            pp.birth_date.is_some_and(|b| {
                let min_ok =
                    age_day_before_rule(b, year).is_some_and(|age| u32::from(age) >= ages.min);
                let max_ok = match ages.under {
                    Some(u) => b
                        .age_at_year_end(year)
                        .is_some_and(|age| u32::from(age) < u),
                    None => true,
                };
                min_ok && max_ok
            })
        };
        if !people.iter().any(|pp| meets(pp)) {
            let known = people.iter().all(|pp| pp.birth_date.is_some());
            age_failure = Some(if known {
                crate::explain_format!(
                    cx,
                    "without a qualifying child, you{} must be {} at the end of {year} (IRC 32(c)(1)(A)(ii)(II))",
                    if joint { " or your spouse" } else { "" },
                    ages.show()
                )
            } else {
                "without a qualifying child, the age test needs your birth date".into()
            });
        } else if ages.under.is_none() && ages.min < p.eic_specified_student_min_age.value {
            // A year with a specified-student age (IRC 32(n)(1)(B)): the answers do not say
            // whether the filer was a student, so the simpler test is used and a warning raised.
            let young = people.iter().any(|pp| {
                pp.birth_date
                    .and_then(|b| age_day_before_rule(b, year))
                    .is_some_and(|age| u32::from(age) < p.eic_specified_student_min_age.value)
            });
            if young {
                cx.diag(
                    Diagnostic::warning(
                        "eic-specified-student",
                        format!(
                            "For {year} a filer without a qualifying child who was a student at least half-time for 5 months had to be {} (18 for former foster or homeless youth); this engine does not ask, so check the age test",
                            p.eic_specified_student_min_age.value
                        ),
                    )
                    .cite("IRC 32(n)(1)(B)"),
                );
            }
        }
    }

    let eligible = failures.is_empty() && age_failure.is_none();
    let fails_only_age = failures.is_empty() && age_failure.is_some();
    let status_text = if joint {
        "joint return"
    } else {
        "not a joint return"
    };
    let column_text = match column_children {
        0 => "no qualifying child".to_owned(),
        1 => "1 qualifying child".to_owned(),
        2 => "2 qualifying children".to_owned(),
        _ => "3 or more qualifying children".to_owned(),
    };

    if !eligible {
        let mut why = failures;
        why.extend(age_failure);
        exp.rule =
            crate::explain_format!(cx, "No federal earned income credit: {}", why.join("; "));
        return FederalEic {
            credit: Decimal::ZERO,
            exact_credit: Decimal::ZERO,
            qualifying_children: children,
            eligible,
            fails_only_age,
            explanation: exp,
        };
    }

    // The table method, step by step.
    let by_earned = eic_table_value(p, column_children, joint, f.earned_income);
    let mut rule = crate::explain_format!(
        cx,
        "Federal EIC, {column_text}, {status_text}. Earned income {}: {}",
        fmt_money(f.earned_income),
        describe_lookup(p, &col, f.earned_income)
    );
    let (_, a_mid) = table_band(p, f.agi);
    let credit = if a_mid > col.phaseout_start {
        let by_agi = eic_table_value(p, column_children, joint, f.agi);
        rule.push_str(&crate::explain_format!(cx,
            ". AGI {} is past the phase-out amount, so it is looked up too: {}. The smaller, {}, is the credit",
            fmt_money(f.agi),
            describe_lookup(p, &col, f.agi),
            fmt_money(by_earned.min(by_agi)),
        ));
        by_earned.min(by_agi)
    } else {
        rule.push_str(&crate::explain_format!(
            cx,
            ". AGI {} is not past the {} phase-out amount, so that is the credit",
            fmt_money(f.agi),
            fmt_money(col.phaseout_start)
        ));
        by_earned
    };
    let exact = eic_exact(p, column_children, joint, f.earned_income, f.agi);
    rule.push_str(&crate::explain_format!(
        cx,
        " (exact IRC 32(a) formula: {}; maximum credit {})",
        fmt_money(exact),
        fmt_money(col.max_credit)
    ));
    for amount in [f.earned_income, f.agi] {
        if in_straddling_band(p, &col, amount) {
            cx.diag(
                Diagnostic::warning(
                    "eic-table-footnote",
                    format!(
                        "Income {} falls in the EIC Table band that straddles the {} income limit; the IRS table gives a footnote amount there, and the engine used {} from the band midpoint. Check the federal EIC Table",
                        fmt_money(amount),
                        fmt_money(col.limit),
                        fmt_money(credit)
                    ),
                )
                .cite("IRC 32(f); IRS EIC Table"),
            );
            break;
        }
    }
    exp.rule = rule;
    exp = exp
        .param(&p.eic_credit_rate)
        .param(&p.eic_phaseout_rate)
        .param(&p.eic_earned_income_amount)
        .param(&p.eic_max_credit)
        .param(if joint {
            &p.eic_phaseout_start_joint
        } else {
            &p.eic_phaseout_start
        })
        .param(&p.eic_table_band)
        .worksheet("Federal EIC by the EIC Table", "federal_eic.table", credit)
        .worksheet(
            "Federal EIC by the exact formula",
            "federal_eic.exact",
            exact,
        );
    FederalEic {
        credit,
        exact_credit: exact,
        qualifying_children: children,
        eligible,
        fails_only_age,
        explanation: exp,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    #[test]
    fn day_before_rule_makes_a_1_january_birthday_a_year_older() {
        let jan1 = Date::new(1999, 1, 1).unwrap_or(Date {
            year: 1999,
            month: 1,
            day: 1,
        });
        let jan2 = Date::new(1999, 1, 2).unwrap_or(Date {
            year: 1999,
            month: 1,
            day: 2,
        });
        assert_eq!(age_day_before_rule(jan1, 2023), Some(25));
        assert_eq!(age_day_before_rule(jan2, 2023), Some(24));
    }

    #[test]
    fn saturating_multiplication_never_panics() {
        assert_eq!(mul(Decimal::MAX, dec!(2)), Decimal::MAX);
        assert_eq!(mul(Decimal::MAX, dec!(-2)), Decimal::MIN);
    }
}
