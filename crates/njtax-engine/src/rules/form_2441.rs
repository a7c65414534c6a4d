//! Federal Form 2441, child and dependent care expenses (IRC 21, with the employer-provided
//! benefits of IRC 129), worked out from the filer's facts: the federal credit allowed (line 11)
//! that NJ-1040 line 64 is a percentage of (N.J.S.A. 54A:4-17).
//!
//! The figures are the `federal` domain's `cdcc_*` parameters (`forms/params/federal.ron`): the
//! expense limit by number of qualifying persons (IRC 21(c)), the applicable percentage as a start
//! rate and an ordered list of reduction steps (IRC 21(a)(2)), the deemed earned income of a
//! spouse who is a student or disabled (IRC 21(d)(2)) and the IRC 129(a)(2)(A) exclusion limit.
//! Sole-proprietor and partner benefits (Form 2441 lines 22 and 24) are not asked: line 22 is
//! taken as "No" and line 24 as zero.

use rust_decimal::Decimal;

use crate::answers::{CareExpenses, FilingStatus, QualifyingPersons};
use crate::explain::{Diagnostic, Explanation};
pub use crate::law::federal::{ByPersons, ExclusionLimit, JointOrOther, RateSchedule, RateStep};
use crate::money::{floor_zero, fmt_money, fmt_rate, sat_add, sat_mul, sat_sub, times_rate};
use crate::sheet::Ctx;

/// The applicable percentage for an adjusted gross income (Form 2441 line 8; IRC 21(a)(2)), with
/// the reductions taken, in words.
pub fn applicable_percentage(
    schedule: &RateSchedule,
    agi: Decimal,
    joint: bool,
) -> (Decimal, String) {
    let mut rate = schedule.start;
    let mut words = vec![format!("start at {}", fmt_rate(rate))];
    for s in &schedule.steps {
        let over = *s.over.get(joint);
        let per = *s.per.get(joint);
        let excess = sat_sub(agi, over);
        if excess <= Decimal::ZERO || per <= Decimal::ZERO || rate <= s.floor {
            continue;
        }
        let steps = excess.checked_div(per).map_or(Decimal::MAX, |q| q.ceil());
        let reduced = sat_sub(rate, sat_mul(steps, s.points));
        let next = reduced.max(s.floor);
        words.push(format!(
            "AGI is {} over {}: {} step(s) of {} or part of it, less {} each, {} -> {}{}",
            fmt_money(excess),
            fmt_money(over),
            steps.normalize(),
            fmt_money(per),
            fmt_rate(s.points),
            fmt_rate(rate),
            fmt_rate(next),
            if reduced < s.floor {
                format!(" (not below {})", fmt_rate(s.floor))
            } else {
                String::new()
            }
        ));
        rate = next;
    }
    (rate, words.join("; "))
}

/// A fact the worksheet needs that is missing or cannot be right: the answer path and a plain
/// message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissingFact {
    /// Answer path.
    pub path: String,
    /// What to give, in plain words.
    pub message: String,
}

/// The federal credit as Form 2441 gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FederalCareCredit {
    /// Line 11: the credit allowed; zero while a required fact is missing.
    pub credit: Decimal,
    /// Line 9c: the credit before the tax limit (`None` when not worked out).
    pub before_limit: Option<Decimal>,
    /// Facts the worksheet still needs; empty when it is complete.
    pub missing: Vec<MissingFact>,
    /// The steps, the answers and the law figures.
    pub explanation: Explanation,
}

impl FederalCareCredit {
    /// Whether every fact the worksheet needs was given.
    pub fn complete(&self) -> bool {
        self.missing.is_empty()
    }
}

/// Step ids of the worksheet (the form's line numbers).
const L: &str = "Form 2441 line";

/// Months in a year.
const MONTHS: u8 = 12;

/// Federal Form 2441 line 11, credit for child and dependent care expenses (IRC 21; employer
/// benefits under IRC 129 in Part III, lines 12-31).
///
/// Part III (when benefits were received or carried over): line 15 = line 12 + line 13 - line 14;
/// line 20 the smallest of line 15, the expenses (16, 17) and each earned income (18, 19); line 25
/// the excluded benefits, the smaller of line 20 and the IRC 129 limit (line 21); line 31 the
/// smaller of the expense limit less line 25 (27-29) and the expenses less line 25 (30). Part II:
/// line 3 the expenses up to the limit for one or for two or more qualifying persons (IRC 21(c)),
/// or line 31; line 6 the smallest of line 3 and the earned incomes (IRC 21(d)(1); a joint
/// return's student or disabled spouse is deemed to earn the monthly amount of IRC 21(d)(2) for
/// each month given); line 8 the applicable percentage for AGI (IRC 21(a)(2)); line 9a = line 6 x
/// line 8; line 9c = line 9a + line 9b (last year's expenses); line 11 the smaller of line 9c and
/// the tax limit of line 10 (IRC 26(a)).
///
/// A married person filing separately can have the credit only when treated as unmarried under
/// IRC 21(e)(4) (line 64's `cdcc-mfs` warning asks to confirm), so the worksheet treats the filer
/// as unmarried: the filer's own earned income and the full IRC 129 limit (129(a)(2)(C)).
///
/// Missing facts (the qualifying persons, an earned income, the tax limit) are returned in
/// [`FederalCareCredit::missing`], never replaced by another number; the credit is then zero.
pub fn form_2441_federal_care_credit(cx: &Ctx, w: &CareExpenses) -> FederalCareCredit {
    let p = &cx.p.federal;
    let a = cx.a;
    let joint = a.filing_status.is_joint();
    let separate = a.filing_status == FilingStatus::MarriedSeparate;
    let cite = "IRC 21, 129; federal Form 2441";
    let path = |field: &str| format!("federal.care.{field}");
    let nn = |field: &str, what: &str, v: Decimal| cx.non_negative(path(field), what, v, cite);

    let expenses = nn("expenses", "Care expenses", w.expenses);
    let received = nn(
        "benefits_received",
        "Dependent care benefits",
        w.benefits_received,
    );
    let carried = nn(
        "benefits_carried_over",
        "Dependent care benefits carried over",
        w.benefits_carried_over,
    );
    let forfeited = nn(
        "benefits_forfeited",
        "Dependent care benefits forfeited or carried forward",
        w.benefits_forfeited,
    );
    let prior = nn(
        "prior_year_credit",
        "The credit for last year's expenses",
        w.prior_year_credit,
    );
    let agi = a.federal.agi;

    let mut exp = cx
        .explanation("", cite)
        .answer(
            crate::explain_format!(cx, "Care expenses paid ({L} 2)"),
            path("expenses"),
            expenses,
        )
        .answer_text(
            "Qualifying persons",
            path("qualifying_persons"),
            match w.qualifying_persons {
                Some(QualifyingPersons::One) => "one",
                Some(QualifyingPersons::TwoOrMore) => "two or more",
                None => "not answered",
            },
        )
        .param(&p.cdcc_expense_cap);
    let mut missing: Vec<MissingFact> = Vec::new();
    let need = |missing: &mut Vec<MissingFact>, field: &str, message: String| {
        missing.push(MissingFact {
            path: path(field),
            message,
        });
    };

    // Months a spouse is deemed to earn income (IRC 21(d)(2)): joint returns only, one spouse a month.
    let (t_months, s_months) = (
        w.taxpayer_student_or_disabled_months,
        w.spouse_student_or_disabled_months,
    );
    let months_in_year = MONTHS;
    if joint {
        for (field, m) in [
            ("taxpayer_student_or_disabled_months", t_months),
            ("spouse_student_or_disabled_months", s_months),
        ] {
            if m > months_in_year {
                need(
                    &mut missing,
                    field,
                    format!(
                        "Months as a full-time student or not able to care for oneself: {m} is more than the {months_in_year} months of the year"
                    ),
                );
            }
        }
        if t_months <= months_in_year
            && s_months <= months_in_year
            && t_months.saturating_add(s_months) > months_in_year
        {
            need(
                &mut missing,
                "spouse_student_or_disabled_months",
                format!(
                    "You and your spouse were both counted as students or not able to care for yourselves in the same month ({t_months} + {s_months} months is more than {months_in_year}); in a month when both were, only one of you can be treated as having earned income"
                ),
            );
        }
    } else if t_months > 0 || s_months > 0 {
        cx.diag(
            Diagnostic::info(
                "cdcc-deemed-not-joint",
                "Months as a full-time student or not able to care for oneself count only on a joint return; they were not used",
            )
            .at(path(if t_months > 0 {
                "taxpayer_student_or_disabled_months"
            } else {
                "spouse_student_or_disabled_months"
            }))
            .cite("IRC 21(d)(2)"),
        );
    }

    // Facts needed when there are care expenses.
    let has_expenses = expenses > Decimal::ZERO;
    let persons = w.qualifying_persons;
    if has_expenses {
        if persons.is_none() {
            need(
                &mut missing,
                "qualifying_persons",
                format!(
                    "Say whether the care was for one qualifying person or for two or more: it sets the limit on expenses ({} or {})",
                    fmt_money(p.cdcc_expense_cap.value.one),
                    fmt_money(p.cdcc_expense_cap.value.two_or_more)
                ),
            );
        }
        if w.taxpayer_earned_income.is_none() {
            need(
                &mut missing,
                "taxpayer_earned_income",
                "Enter your earned income for Form 2441 (line 4): the credit is figured on expenses up to it".into(),
            );
        }
        if joint && w.spouse_earned_income.is_none() {
            need(
                &mut missing,
                "spouse_earned_income",
                "Enter your spouse's earned income for Form 2441 (line 5): on a joint return the credit is figured on expenses up to the lower earned income".into(),
            );
        }
    }

    // Earned income with the deemed amount (lines 4, 5, 18, 19).
    let monthly = persons.map(|q| *p.cdcc_deemed_monthly_earned_income.value.get(q));
    let with_deemed = |v: Option<Decimal>, months: u8| -> Option<Decimal> {
        let v = floor_zero(v?);
        if !joint || months == 0 {
            return Some(v);
        }
        Some(sat_add(
            v,
            sat_mul(monthly.unwrap_or(Decimal::ZERO), Decimal::from(months)),
        ))
    };
    let earned_you = with_deemed(w.taxpayer_earned_income, t_months);
    let earned_spouse = if joint {
        with_deemed(w.spouse_earned_income, s_months)
    } else {
        earned_you
    };
    exp = earned_inputs(exp, cx, w, joint, monthly, (t_months, s_months));

    if !missing.is_empty() {
        exp.rule = crate::explain_format!(
            cx,
            "Form 2441 cannot be worked out yet: {}",
            missing
                .iter()
                .map(|m| m.message.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        );
        return FederalCareCredit {
            credit: Decimal::ZERO,
            before_limit: None,
            missing,
            explanation: exp,
        };
    }

    // From here every fact the expenses need is known; with no expenses the earned incomes and
    // the number of persons do not matter (every minimum below is zero).
    let cap = persons.map_or(Decimal::ZERO, |q| *p.cdcc_expense_cap.value.get(q));
    let earned_you_v = earned_you.unwrap_or(Decimal::ZERO);
    let earned_step = |v: Option<Decimal>| {
        v.map_or_else(
            || "not answered (not needed without care expenses)".to_owned(),
            fmt_money,
        )
    };
    let earned_spouse_v = earned_spouse.unwrap_or(Decimal::ZERO);
    let mut rule: Vec<String> = Vec::new();

    // Part III: dependent care benefits.
    let part_iii = received > Decimal::ZERO || carried > Decimal::ZERO;
    let line_3 = if part_iii {
        let limit = &p.cdcc_exclusion_limit;
        let l15 = floor_zero(sat_sub(sat_add(received, carried), forfeited));
        let l17 = l15.min(expenses);
        let l20 = l17.min(earned_you_v).min(earned_spouse_v);
        let l21 = limit.value.other;
        let l25 = l20.min(l21);
        let l26 = floor_zero(sat_sub(l15, l25));
        let l29 = floor_zero(sat_sub(cap, l25));
        let l30 = floor_zero(sat_sub(expenses, l25));
        let l31 = l29.min(l30);
        exp = exp
            .param(limit)
            .answer(
                crate::explain_format!(cx, "Dependent care benefits received ({L} 12)"),
                path("benefits_received"),
                received,
            )
            .answer(
                crate::explain_format!(cx, "Carried over from last year and used ({L} 13)"),
                path("benefits_carried_over"),
                carried,
            )
            .answer(
                crate::explain_format!(cx, "Forfeited or carried forward ({L} 14)"),
                path("benefits_forfeited"),
                forfeited,
            )
            .worksheet(
                "Benefits: line 12 + line 13 - line 14",
                crate::explain_format!(cx, "{L} 15"),
                l15,
            )
            .worksheet(
                "Qualified expenses incurred in the year",
                crate::explain_format!(cx, "{L} 16"),
                expenses,
            )
            .worksheet(
                "The smaller of line 15 and line 16",
                crate::explain_format!(cx, "{L} 17"),
                l17,
            )
            .worksheet_text(
                "Your earned income",
                crate::explain_format!(cx, "{L} 18"),
                earned_step(earned_you),
            )
            .worksheet_text(
                if joint {
                    "Your spouse's earned income"
                } else {
                    "Earned income (line 18; not a joint return)"
                },
                crate::explain_format!(cx, "{L} 19"),
                earned_step(earned_spouse),
            )
            .worksheet(
                "The smallest of lines 17, 18 and 19",
                crate::explain_format!(cx, "{L} 20"),
                l20,
            )
            .worksheet(
                "Limit on excluded benefits (IRC 129(a)(2)(A))",
                crate::explain_format!(cx, "{L} 21"),
                l21,
            )
            .worksheet(
                "Benefits from your own business or partnership (not asked: taken as none)",
                crate::explain_format!(cx, "{L} 22"),
                Decimal::ZERO,
            )
            .worksheet(
                "Line 15 - line 22",
                crate::explain_format!(cx, "{L} 23"),
                l15,
            )
            .worksheet(
                "Deductible benefits of a sole proprietor or partner (none)",
                crate::explain_format!(cx, "{L} 24"),
                Decimal::ZERO,
            )
            .worksheet(
                "Excluded benefits: the smaller of line 20 and line 21, less line 24",
                crate::explain_format!(cx, "{L} 25"),
                l25,
            )
            .worksheet(
                "Taxable benefits (line 23 - line 25), for Form 1040 line 1e",
                crate::explain_format!(cx, "{L} 26"),
                l26,
            )
            .worksheet(
                "Limit on expenses for the qualifying persons",
                crate::explain_format!(cx, "{L} 27"),
                cap,
            )
            .worksheet(
                "Line 24 + line 25",
                crate::explain_format!(cx, "{L} 28"),
                l25,
            )
            .worksheet(
                "Line 27 - line 28 (the excluded benefits)",
                crate::explain_format!(cx, "{L} 29"),
                l29,
            )
            .worksheet(
                "Expenses not paid with the excluded benefits",
                crate::explain_format!(cx, "{L} 30"),
                l30,
            )
            .worksheet(
                "The smaller of line 29 and line 30",
                crate::explain_format!(cx, "{L} 31"),
                l31,
            );
        rule.push(crate::explain_format!(cx,
            "Part III: benefits {} + {} - {} = {} (line 15); excluded benefits (line 25) are the smallest of that, the expenses {}, the earned incomes {} and {}, and the {} limit{} = {}; line 31 (and line 3) = the smaller of the {} expense limit less {} ({}) and the expenses less {} ({}) = {}",
            fmt_money(received),
            fmt_money(carried),
            fmt_money(forfeited),
            fmt_money(l15),
            fmt_money(expenses),
            fmt_money(earned_you_v),
            fmt_money(earned_spouse_v),
            fmt_money(l21),
            if separate {
                crate::explain_format!(cx,
                    " (not the {} separate-return limit: a separate filer who may claim the credit is treated as unmarried, IRC 21(e)(4), 129(a)(2)(C))",
                    fmt_money(limit.value.separate)
                )
            } else {
                String::new()
            },
            fmt_money(l25),
            fmt_money(cap),
            fmt_money(l25),
            fmt_money(l29),
            fmt_money(l25),
            fmt_money(l30),
            fmt_money(l31)
        ));
        l31
    } else {
        let l3 = expenses.min(cap);
        rule.push(crate::explain_format!(
            cx,
            "line 3: expenses {}, not more than the {} limit = {}",
            fmt_money(expenses),
            fmt_money(cap),
            fmt_money(l3)
        ));
        l3
    };
    exp = exp.worksheet(
        "Qualified expenses, not more than the limit",
        crate::explain_format!(cx, "{L} 3"),
        line_3,
    );

    // Part II: lines 4-9c.
    let line_6 = if line_3 > Decimal::ZERO {
        let l6 = line_3.min(earned_you_v).min(earned_spouse_v);
        exp = exp
            .worksheet(
                "Your earned income",
                crate::explain_format!(cx, "{L} 4"),
                earned_you_v,
            )
            .worksheet(
                if joint {
                    "Your spouse's earned income"
                } else {
                    "Earned income (line 4; not a joint return)"
                },
                crate::explain_format!(cx, "{L} 5"),
                earned_spouse_v,
            );
        rule.push(crate::explain_format!(
            cx,
            "line 6: the smallest of line 3 {}, {} {} and {} {} = {}",
            fmt_money(line_3),
            if joint {
                "your earned income"
            } else {
                "earned income"
            },
            fmt_money(earned_you_v),
            if joint {
                "your spouse's"
            } else {
                "again (not a joint return)"
            },
            fmt_money(earned_spouse_v),
            fmt_money(l6)
        ));
        l6
    } else {
        Decimal::ZERO
    };
    let (rate, rate_words) = applicable_percentage(&p.cdcc_rate_schedule.value, agi, joint);
    let line_9a = times_rate(line_6, rate);
    let line_9c = sat_add(line_9a, prior);
    exp = exp
        .param(&p.cdcc_rate_schedule)
        .worksheet(
            "The smallest of lines 3, 4 and 5",
            crate::explain_format!(cx, "{L} 6"),
            line_6,
        )
        .answer(
            crate::explain_format!(cx, "Federal adjusted gross income ({L} 7)"),
            "federal.agi",
            agi,
        )
        .worksheet_text(
            "Applicable percentage for the AGI",
            crate::explain_format!(cx, "{L} 8"),
            fmt_rate(rate),
        )
        .worksheet(
            "Line 6 x line 8",
            crate::explain_format!(cx, "{L} 9a"),
            line_9a,
        )
        .answer(
            crate::explain_format!(cx, "Credit for last year's expenses ({L} 9b)"),
            path("prior_year_credit"),
            prior,
        )
        .worksheet(
            "Line 9a + line 9b",
            crate::explain_format!(cx, "{L} 9c"),
            line_9c,
        );
    rule.push(crate::explain_format!(cx,
        "line 8: AGI {} gives {} ({rate_words}); line 9a: {} x {} = {}; line 9c: {} + {} for last year's expenses = {}",
        fmt_money(agi),
        fmt_rate(rate),
        fmt_money(line_6),
        fmt_rate(rate),
        fmt_money(line_9a),
        fmt_money(line_9a),
        fmt_money(prior),
        fmt_money(line_9c)
    ));

    // Line 10 and 11: the tax limit.
    let credit = if line_9c > Decimal::ZERO {
        let Some(limit) = w.tax_limit else {
            need(
                &mut missing,
                "tax_limit",
                "Enter the tax that limits the credit (Form 2441 line 10, from the Credit Limit Worksheet in the Form 2441 instructions): the federal credit cannot be more than it".into(),
            );
            exp.rule = crate::explain_format!(
                cx,
                "Form 2441 cannot be finished yet: the tax limit (line 10) is missing. So far: {}",
                rule.join("; ")
            );
            return FederalCareCredit {
                credit: Decimal::ZERO,
                before_limit: Some(line_9c),
                missing,
                explanation: exp,
            };
        };
        let limit = nn("tax_limit", "The tax limit (Form 2441 line 10)", limit);
        let l11 = line_9c.min(limit);
        exp = exp.answer(
            crate::explain_format!(cx, "Tax limit from the Credit Limit Worksheet ({L} 10)"),
            path("tax_limit"),
            limit,
        );
        rule.push(crate::explain_format!(
            cx,
            "line 11: the smaller of line 9c {} and the tax limit {} (line 10) = {}",
            fmt_money(line_9c),
            fmt_money(limit),
            fmt_money(l11)
        ));
        l11
    } else {
        rule.push(format!("line 11: {}", fmt_money(Decimal::ZERO)));
        Decimal::ZERO
    };
    exp = exp.worksheet(
        "Credit allowed: the smaller of line 9c and line 10",
        crate::explain_format!(cx, "{L} 11"),
        credit,
    );
    exp.rule = crate::explain_format!(cx, "Form 2441: {}", rule.join("; "));
    FederalCareCredit {
        credit,
        before_limit: Some(line_9c),
        missing,
        explanation: exp,
    }
}

/// The earned-income answers, with the deemed amount for a student or disabled spouse.
fn earned_inputs(
    mut exp: Explanation,
    cx: &Ctx,
    w: &CareExpenses,
    joint: bool,
    monthly: Option<Decimal>,
    (t_months, s_months): (u8, u8),
) -> Explanation {
    let shown = |v: Option<Decimal>| v.map_or_else(|| "not answered".to_owned(), fmt_money);
    exp = exp.answer_text(
        "Your earned income",
        "federal.care.taxpayer_earned_income",
        shown(w.taxpayer_earned_income),
    );
    if !joint {
        return exp;
    }
    if t_months > 0 || s_months > 0 {
        exp = exp.param(&cx.p.federal.cdcc_deemed_monthly_earned_income);
    }
    exp = exp.answer_text(
        "Your spouse's earned income",
        "federal.care.spouse_earned_income",
        shown(w.spouse_earned_income),
    );
    for (who, were, field, m) in [
        (
            "you",
            "you were",
            "taxpayer_student_or_disabled_months",
            t_months,
        ),
        (
            "your spouse",
            "your spouse was",
            "spouse_student_or_disabled_months",
            s_months,
        ),
    ] {
        if m == 0 {
            continue;
        }
        exp = exp.answer_text(
            crate::explain_format!(
                cx,
                "Months {were} a full-time student or not able to self-care, without earned income"
            ),
            format!("federal.care.{field}"),
            m.to_string(),
        );
        if let Some(per) = monthly {
            exp = exp.worksheet(
                crate::explain_format!(
                    cx,
                    "Deemed earned income for {who}: {m} months x {}",
                    fmt_money(per)
                ),
                crate::explain_format!(cx, "{L} {} deemed", if who == "you" { 4 } else { 5 }),
                sat_mul(per, Decimal::from(m)),
            );
        }
    }
    exp
}
