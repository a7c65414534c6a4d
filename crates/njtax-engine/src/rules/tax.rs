//! Line 43: tax on New Jersey taxable income (N.J.S.A. 54A:2-1, 2-1a, 2-4, 8-2).

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::answers::{FilingStatus, TaxMethod};
use crate::compute::{Ctx, Sheet};
use crate::explain::{Explanation, Line};
use crate::money::{fmt_money, fmt_rate, round_cents, sat_add, times_rate};
use crate::params::ByStatus;

/// One row of a statutory rate table: "Over `over`: `base` plus `rate` of the excess over `excess_over`".
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Bracket {
    /// The row applies to taxable income over this amount.
    pub over: Decimal,
    /// The base amount printed in the statute.
    pub base: Decimal,
    /// The rate applied to the excess.
    pub rate: Decimal,
    /// The amount the excess is measured from (as printed; normally equal to `over`).
    pub excess_over: Decimal,
}

/// The two statutory tables of a period.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Schedules {
    /// 54A:2-1 a: married filing jointly, head of household, surviving spouse.
    pub joint: Vec<Bracket>,
    /// 54A:2-1 b: single, married filing separately (and estates and trusts).
    pub single: Vec<Bracket>,
}

impl crate::explain::ShowValue for Schedules {
    fn show(&self) -> String {
        format!(
            "{} joint rows, {} single rows",
            self.joint.len(),
            self.single.len()
        )
    }
}

impl crate::explain::ShowValue for Option<Schedules> {
    fn show(&self) -> String {
        self.as_ref()
            .map_or_else(|| "none".to_owned(), crate::explain::ShowValue::show)
    }
}

crate::param_domain!("tax", TaxParamsFile => TaxParams {
    /// Rate tables of 54A:2-1 a and b, keyed by the first year of each period.
    rate_schedules: Schedules,
    /// The 2009 tables of 54A:2-1a for taxable income over $400,000 (None in other years).
    surtax_tables: Option<Schedules>,
    /// The 54A:2-1a tables apply only over this taxable income.
    surtax_floor: Decimal,
    /// No tax at or below this gross income (54A:2-4).
    no_tax_threshold: ByStatus<Decimal>,
    /// The tax table is used when taxable income is under this amount (54A:8-2; NJ-1040 instructions, line 43).
    tax_table_limit: Decimal,
    /// Width of a tax table row.
    tax_table_row_width: Decimal,
});

/// Which statutory table a filing status uses (54A:2-1 a vs b).
pub fn uses_joint_table(status: FilingStatus) -> bool {
    matches!(
        status,
        FilingStatus::MarriedJoint | FilingStatus::HeadOfHousehold | FilingStatus::QualifyingWidow
    )
}

/// Tax from one statutory table, to the cent: the row whose "over" amount the income exceeds.
pub fn tax_from_brackets(brackets: &[Bracket], taxable: Decimal) -> Decimal {
    if taxable <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    let row = brackets
        .iter()
        .rev()
        .find(|b| taxable > b.over)
        .or_else(|| brackets.first());
    let Some(b) = row else { return Decimal::ZERO };
    round_cents(sat_add(b.base, times_rate(taxable - b.excess_over, b.rate)))
}

/// Tax by the rate schedule (54A:2-1, and 54A:2-1a in 2009 above its floor), to the cent.
pub fn rate_schedule_tax(p: &TaxParams, status: FilingStatus, taxable: Decimal) -> Decimal {
    let joint = uses_joint_table(status);
    if let Some(surtax) = &p.surtax_tables.value {
        if taxable > p.surtax_floor.value {
            let rows = if joint { &surtax.joint } else { &surtax.single };
            return tax_from_brackets(rows, taxable);
        }
    }
    let rows = if joint {
        &p.rate_schedules.value.joint
    } else {
        &p.rate_schedules.value.single
    };
    tax_from_brackets(rows, taxable)
}

/// Tax on an amount of taxable income as the filer's method computes it, with its explanation.
///
/// Used by line 43 and by the worksheets that compare taxes (Worksheet H, Schedule NJ-COJ).
pub fn tax_on(cx: &Ctx, taxable: Decimal) -> (Decimal, Explanation) {
    let p = &cx.p.tax;
    let status = cx.a.filing_status;
    let table = if uses_joint_table(status) {
        "54A:2-1 a (joint, head of household, surviving spouse)"
    } else {
        "54A:2-1 b (single, married filing separately)"
    };
    let _ = cx.a.options.tax_method == TaxMethod::RateSchedule;
    let tax = rate_schedule_tax(p, status, taxable);
    let exp = Explanation::new(
        format!(
            "Tax on {} from the rate table of {table}: {}",
            fmt_money(taxable),
            fmt_money(tax)
        ),
        "N.J.S.A. 54A:2-1",
    )
    .param(&p.rate_schedules);
    (tax, exp)
}

/// Line 43: tax on line 42, or no tax when gross income is at or below the threshold (54A:2-4).
pub fn line_43_tax(cx: &Ctx, s: &Sheet, nj_taxable_income: Decimal) -> Line {
    let p = &cx.p.tax;
    let threshold = *p.no_tax_threshold.value.get(cx.a.filing_status);
    let gross = s.v("gross_income");
    if gross <= threshold {
        let exp = Explanation::new(
            format!(
                "Gross income (line 29) of {} is at or below the {} threshold for this filing status, so no tax is due",
                fmt_money(gross),
                fmt_money(threshold)
            ),
            "N.J.S.A. 54A:2-4",
        )
        .line("Gross income", "gross_income", gross)
        .param(&p.no_tax_threshold);
        return cx.line("tax", Decimal::ZERO, exp);
    }
    let (tax, exp) = tax_on(cx, nj_taxable_income);
    cx.line(
        "tax",
        tax,
        exp.line(
            "New Jersey taxable income",
            "nj_taxable_income",
            nj_taxable_income,
        ),
    )
}

/// Show a rate for explanations.
pub fn show_rate(rate: Decimal) -> String {
    fmt_rate(rate)
}
