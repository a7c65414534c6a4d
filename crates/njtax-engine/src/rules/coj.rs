//! Schedule NJ-COJ: credit for income or wage taxes paid to other jurisdictions (NJ-1040 line 44;
//! N.J.S.A. 54A:4-1).
//!
//! One schedule per jurisdiction the filer entered (`answers.other_jurisdictions`). Each schedule
//! has two columns because the credit depends on whether the property tax deduction is taken:
//! column A with the deduction (Worksheet H line 2), column B without it. Worksheet I (in
//! [`crate::rules::property`]) compares the columns.
//!
//! Schedule lines (NJ-COJ):
//! 1. income taxed by both New Jersey and the jurisdiction, not more than line 2;
//! 2. New Jersey gross income (NJ-1040 line 29), the "entire New Jersey income" of 54A:4-1(b);
//! 3. line 1 / line 2, at most 100% (54A:4-1(b));
//! 4. taxable income (NJ-1040 line 39);
//! 5. property tax deduction (column A) or zero (column B);
//! 6. line 4 - line 5;
//! 7. tax on line 6;
//! 8. line 7 x line 3 (the 54A:4-1(b) limit);
//! 9. the lesser of line 8 and the tax actually paid (box 9a), and not more than line 7.
//!
//! The credits of all schedules together are not more than the New Jersey tax (54A:4-1(a):
//! a credit "against the tax otherwise due").

use rust_decimal::Decimal;

use crate::answers::JurisdictionKind;
use crate::explain::Diagnostic;
use crate::key::Key;
use crate::money::{floor_zero, fmt_money, sat_sub, sat_sum, times_rate};
use crate::sheet::Ctx;

/// Citation of the credit (line 44 adds [`crate::schedule::Schedule::ScheduleNjCoj`] when a
/// schedule is worked out).
pub const COJ_CITATION: &str = "N.J.S.A. 54A:4-1";

/// One jurisdiction as entered, after the checks (amounts not below zero, line 1 not above line 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CojEntry {
    /// Index in `answers.other_jurisdictions`.
    pub index: usize,
    /// Jurisdiction name as entered.
    pub name: String,
    /// State, District of Columbia or political subdivision.
    pub kind: JurisdictionKind,
    /// Line 1: income taxed by both, as used (not below zero, not above gross income).
    pub income: Decimal,
    /// Box 9a: tax actually paid there, as used (not below zero).
    pub tax_paid: Decimal,
}

/// Check the jurisdictions entered against gross income (line 29).
///
/// Returns the entries as used and the diagnostics found (the caller emits them once):
/// negative amounts (errors, used as zero), income taxed by both above gross income (error, limited
/// to gross income), income with no tax paid or tax paid with no income (warnings: no credit), and
/// a political subdivision entered beside a state (warning: the same income must be entered once).
pub fn coj_entries(cx: &Ctx, gross_income: Decimal) -> (Vec<CojEntry>, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let mut diags = Vec::new();
    let gross = floor_zero(gross_income);
    for (i, j) in cx.a.other_jurisdictions.iter().enumerate() {
        let path = format!("other_jurisdictions[{i}]");
        let label = if j.name.trim().is_empty() {
            format!("jurisdiction {}", i + 1)
        } else {
            j.name.clone()
        };
        let mut income = j.income_taxed_by_both;
        if income.is_sign_negative() && !income.is_zero() {
            diags.push(
                Diagnostic::error(
                    "negative-amount",
                    format!(
                        "Income taxed by both New Jersey and {label} cannot be negative; it was treated as zero"
                    ),
                )
                .at(format!("{path}.income_taxed_by_both"))
                .cite("N.J.S.A. 54A:4-1(b)"),
            );
            income = Decimal::ZERO;
        }
        let mut tax_paid = j.tax_paid;
        if tax_paid.is_sign_negative() && !tax_paid.is_zero() {
            diags.push(
                Diagnostic::error(
                    "negative-amount",
                    format!("Tax paid to {label} cannot be negative; it was treated as zero"),
                )
                .at(format!("{path}.tax_paid"))
                .cite("N.J.S.A. 54A:4-1(a)"),
            );
            tax_paid = Decimal::ZERO;
        }
        if let Some(notice) = j.tax_due_notice_on
            && cx.a.amends.is_none()
        {
            diags.push(
                Diagnostic::warning(
                    "coj-notice-not-amended",
                    format!(
                        "The date of {label}'s notice ({notice}) is not used: it matters only on an amended return, where it gives a year after the notice to readjust this credit (54A:4-1 e). To amend the return you filed, open its draft and choose File > Amend this return; otherwise clear the date."
                    ),
                )
                .at(format!("{path}.tax_due_notice_on"))
                .cite("N.J.S.A. 54A:4-1 e"),
            );
        }
        if j.entity_level_tax && !tax_paid.is_zero() {
            diags.push(entity_level_tax_note(&label, tax_paid, &path));
        }
        if income > gross {
            diags.push(
                Diagnostic::error(
                    "coj-income-exceeds-gross",
                    format!(
                        "Income taxed by both New Jersey and {label} ({}) is more than New Jersey gross income on line {} ({}); Schedule NJ-COJ line 1 cannot exceed line 2, so {} was used. Only income included in New Jersey gross income can be taxed by both",
                        fmt_money(income),
                        cx.id(Key::GrossIncome),
                        fmt_money(gross),
                        fmt_money(gross)
                    ),
                )
                .at(format!("{path}.income_taxed_by_both"))
                .cite("N.J.S.A. 54A:4-1(a), (b); Schedule NJ-COJ line 1"),
            );
            income = gross;
        }
        if !income.is_zero() && tax_paid.is_zero() {
            diags.push(
                Diagnostic::warning(
                    "coj-no-tax-paid",
                    format!(
                        "Income taxed by {label} is entered ({}) but the tax paid there is zero, so there is no credit for it. Enter the tax actually paid (the liability on that jurisdiction's return, not the amount withheld)",
                        fmt_money(income)
                    ),
                )
                .at(format!("{path}.tax_paid"))
                .cite("N.J.S.A. 54A:4-1(a)"),
            );
        }
        if income.is_zero() && !tax_paid.is_zero() {
            diags.push(
                Diagnostic::warning(
                    "coj-no-income",
                    format!(
                        "Tax paid to {label} is entered ({}) but no income taxed by both; the credit is a share of New Jersey tax in proportion to that income, so it is zero",
                        fmt_money(tax_paid)
                    ),
                )
                .at(format!("{path}.income_taxed_by_both"))
                .cite("N.J.S.A. 54A:4-1(b)"),
            );
        }
        out.push(CojEntry {
            index: i,
            name: label,
            kind: j.kind,
            income,
            tax_paid,
        });
    }
    combine_subdivisions_with_their_state(cx, &mut out, &mut diags);
    let has_local = out.iter().any(|e| e.kind == JurisdictionKind::Local);
    let has_state = out
        .iter()
        .any(|e| matches!(e.kind, JurisdictionKind::State));
    if has_local && has_state {
        diags.push(
            Diagnostic::warning(
                "coj-local-and-state",
                "A political subdivision (city wage tax) is entered beside a state without naming that state. If the state and its subdivision taxed the same income, name the state on the city's entry (its state) so the income goes on one schedule, counted once with both taxes added: 54A:4-1(b) limits the credit for any income to New Jersey's tax on it, and separate schedules for the same income would count it twice. Income taxed by different states goes on separate schedules.",
            )
            .at("other_jurisdictions")
            .cite("N.J.S.A. 54A:4-1(a), (b)"),
        );
    }
    (out, diags)
}

/// 54A:4-1 f: a tax another state (or subdivision, or the District of Columbia) imposes at the
/// entity level on a pass-through entity's distributive proceeds, which the Director finds
/// substantially similar to the BAIT, counts as tax paid on the schedule (despite 4-1 d, which
/// otherwise denies a credit for tax paid on behalf of another person); the credit may not exceed
/// what it would be had the income been taxed to the filer, which the schedule's limit already
/// ensures (line 8: the New Jersey tax times the share of income taxed by both).
fn entity_level_tax_note(label: &str, tax_paid: Decimal, path: &str) -> Diagnostic {
    Diagnostic::info(
        "coj-entity-level-tax",
        format!(
            "The tax {label} imposed at the entity level on your share of a pass-through entity's income ({}) counts as tax paid on Schedule NJ-COJ (54A:4-1 f), when the Director finds that tax substantially similar to New Jersey's pass-through business alternative income tax. The credit is not more than it would be had the income been taxed to you: the schedule's limit (New Jersey tax x income taxed by both / gross income) already ensures that. Enter only your direct and indirect share of the entity's tax, and the distributive proceeds it was imposed on as income taxed by both",
            fmt_money(tax_paid)
        ),
    )
    .at(format!("{path}.entity_level_tax"))
    .cite("N.J.S.A. 54A:4-1 f")
}

/// A political subdivision that names its state (`state`) taxes the same income as that state: the
/// two go on one schedule, with the income taxed by both counted once (the larger of the two entries)
/// and the taxes paid added. 54A:4-1(b) limits the credit for an income to the share of New Jersey tax
/// that the income bears to entire New Jersey income, so the same wages must not be counted twice.
fn combine_subdivisions_with_their_state(
    cx: &Ctx,
    out: &mut Vec<CojEntry>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut i = 0;
    while i < out.len() {
        let Some(entry) = out.get(i).cloned() else {
            break;
        };
        let state_name =
            cx.a.other_jurisdictions
                .get(entry.index)
                .map(|j| j.state.trim().to_lowercase())
                .unwrap_or_default();
        let target = (entry.kind == JurisdictionKind::Local && !state_name.is_empty())
            .then(|| {
                out.iter().position(|e| {
                    e.kind == JurisdictionKind::State && e.name.trim().to_lowercase() == state_name
                })
            })
            .flatten();
        match target.and_then(|t| out.get_mut(t)) {
            Some(state) => {
                diags.push(
                    Diagnostic::info(
                        "coj-combined",
                        format!(
                            "{} and {} taxed the same income: one Schedule NJ-COJ with the income counted once ({}) and both taxes added ({} + {})",
                            state.name,
                            entry.name,
                            fmt_money(state.income.max(entry.income)),
                            fmt_money(state.tax_paid),
                            fmt_money(entry.tax_paid)
                        ),
                    )
                    .at(format!("other_jurisdictions[{}].state", entry.index))
                    .cite("N.J.S.A. 54A:4-1(a), (b)"),
                );
                state.name = format!("{} and {}", state.name, entry.name);
                state.income = state.income.max(entry.income);
                state.tax_paid = sat_sum([state.tax_paid, entry.tax_paid]);
                out.remove(i);
            }
            None => i += 1,
        }
    }
}

/// What one column of every schedule shares: lines 4, 5 and the tax on line 6 (line 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CojColumnInput {
    /// Line 4: taxable income (NJ-1040 line 39).
    pub taxable_income: Decimal,
    /// Line 5: property tax deduction (Worksheet H line 2 in column A, zero in column B).
    pub deduction: Decimal,
    /// Line 7: tax on line 6, as the filer's tax method computes it.
    pub tax: Decimal,
}

/// One column of one schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CojColumn {
    /// Line 4: taxable income.
    pub line4: Decimal,
    /// Line 5: property tax deduction (zero in column B).
    pub line5: Decimal,
    /// Line 6: line 4 - line 5, not below zero.
    pub line6: Decimal,
    /// Line 7: tax on line 6.
    pub line7: Decimal,
    /// Line 8: line 7 x line 3, to the cent.
    pub line8: Decimal,
    /// Box 9a: tax paid to the jurisdiction.
    pub line9a: Decimal,
    /// Line 9: the credit allowed.
    pub line9: Decimal,
}

/// One Schedule NJ-COJ (one jurisdiction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CojSchedule {
    /// The jurisdiction.
    pub entry: CojEntry,
    /// Line 1: income taxed by both (not more than line 2).
    pub line1: Decimal,
    /// Line 2: New Jersey gross income (NJ-1040 line 29).
    pub line2: Decimal,
    /// Line 3: line 1 / line 2, at most 1 (kept unrounded).
    pub line3: Decimal,
    /// Column A: with the property tax deduction.
    pub a: CojColumn,
    /// Column B: without it.
    pub b: CojColumn,
}

/// Which column of the schedules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CojCol {
    /// With the property tax deduction.
    A,
    /// Without it.
    B,
}

impl CojSchedule {
    /// A column by name.
    pub fn col(&self, c: CojCol) -> &CojColumn {
        match c {
            CojCol::A => &self.a,
            CojCol::B => &self.b,
        }
    }

    /// The schedule in words for one column, with every line's number.
    pub fn describe(&self, c: CojCol) -> String {
        let col = self.col(c);
        let name = match c {
            CojCol::A => "column A",
            CojCol::B => "column B",
        };
        format!(
            "{}: Schedule NJ-COJ line 1 income taxed by both {} / line 2 gross income {} = line 3 {}, {name}: line 6 taxable {} (line 4 {} - line 5 {}), line 7 tax {}, line 8 = {} x line 3 = {}, box 9a tax paid {}, line 9 credit = lesser of line 8 and box 9a, not more than line 7 = {}",
            self.entry.name,
            fmt_money(self.line1),
            fmt_money(self.line2),
            fmt_percent(self.line3),
            fmt_money(col.line6),
            fmt_money(col.line4),
            fmt_money(col.line5),
            fmt_money(col.line7),
            fmt_money(col.line7),
            fmt_money(col.line8),
            fmt_money(col.line9a),
            fmt_money(col.line9),
        )
    }
}

/// The credit percentage of line 3 as people read it (to 4 decimal places of a percent).
pub fn fmt_percent(ratio: Decimal) -> String {
    let pct = (ratio * Decimal::ONE_HUNDRED)
        .round_dp_with_strategy(4, rust_decimal::RoundingStrategy::MidpointAwayFromZero)
        .normalize();
    format!("{pct}%")
}

/// Line 3: income taxed by both / gross income, at most 100% (54A:4-1(b)); zero when gross income is
/// not above zero.
pub fn credit_ratio(line1: Decimal, line2: Decimal) -> Decimal {
    if line2 <= Decimal::ZERO || line1 <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    line1
        .checked_div(line2)
        .unwrap_or(Decimal::ONE)
        .min(Decimal::ONE)
}

fn column(input: CojColumnInput, ratio: Decimal, tax_paid: Decimal) -> CojColumn {
    let line6 = floor_zero(sat_sub(input.taxable_income, input.deduction));
    let line7 = floor_zero(input.tax);
    let line8 = times_rate(line7, ratio);
    let line9 = line8.min(tax_paid).min(line7);
    CojColumn {
        line4: input.taxable_income,
        line5: input.deduction,
        line6,
        line7,
        line8,
        line9a: tax_paid,
        line9,
    }
}

/// Schedule NJ-COJ for one jurisdiction (N.J.S.A. 54A:4-1(a), (b)).
pub fn schedule_nj_coj(
    entry: &CojEntry,
    gross_income: Decimal,
    a: CojColumnInput,
    b: CojColumnInput,
) -> CojSchedule {
    let line2 = floor_zero(gross_income);
    let line1 = entry.income.min(line2);
    let line3 = credit_ratio(line1, line2);
    CojSchedule {
        entry: entry.clone(),
        line1,
        line2,
        line3,
        a: column(a, line3, entry.tax_paid),
        b: column(b, line3, entry.tax_paid),
    }
}

/// Total credit of a column over all schedules, not more than that column's New Jersey tax
/// (54A:4-1(a): a credit against the tax otherwise due).
pub fn coj_total(schedules: &[CojSchedule], c: CojCol, tax: Decimal) -> Decimal {
    sat_sum(schedules.iter().map(|s| s.col(c).line9)).min(floor_zero(tax))
}
