//! Line 43: tax on New Jersey taxable income (N.J.S.A. 54A:2-1, 2-1a, 2-4, 8-2).
//!
//! - The rate tables of 54A:2-1 a (joint, head of household, surviving spouse) and b (single,
//!   married filing separately) for every statutory period, and the 2009 tables of 54A:2-1a for
//!   taxable income over $400,000, are data in `forms/params/tax.ron`, transcribed as printed.
//! - The tax table of 54A:8-2: below the table limit, the tax is the rate-schedule tax at the
//!   midpoint of the $50 row containing the income, rounded to whole dollars
//!   (docs/decisions/tax-table-row-edge.md).
//! - The no-tax threshold of 54A:2-4 applies to line 43 ([`line_43_tax`]); [`tax_on`] and
//!   [`tax_for`] compute the tax on an amount without it. Whether the filer is subject to tax is
//!   decided once, by [`subject_to_tax`], for every rule that depends on it.

use rust_decimal::Decimal;

use crate::answers::{FilingStatus, TaxMethod};
use crate::explain::{Explanation, Line, Mode};
use crate::key::Key;
pub use crate::law::tax::uses_joint_table;
pub use crate::law::tax::{Bracket, Schedules, TableRowEdge, TaxParams, TaxParamsFile};
use crate::money::{fmt_money, fmt_rate, round_cents, round_dollars, sat_add, sat_sub};
use crate::params::ParamError;
use crate::sheet::{Ctx, Sheet};

/// The subsection of 54A:2-4 (and of 54A:8-3.1 a) that sets a filing status's threshold.
pub fn threshold_subsection(status: FilingStatus) -> (&'static str, &'static str) {
    match status {
        FilingStatus::Single => ("a", "a(1)"),
        FilingStatus::MarriedSeparate => ("c", "a(3)"),
        FilingStatus::MarriedJoint
        | FilingStatus::HeadOfHousehold
        | FilingStatus::QualifyingWidow => ("b", "a(2)"),
    }
}

/// Whether gross income is "at or below" a threshold (54A:2-4 "or less"; 8-3.1 "in excess of").
pub fn at_or_below(gross_income: Decimal, threshold: Decimal) -> bool {
    gross_income <= threshold
}

/// Whether the filer is subject to tax under the Act (54A:2-4): the one test every rule that
/// depends on it reads (line 43, the NJ-1040NR line 40, the property tax deduction and credit of
/// 3A-17..3A-20, the credit for taxes paid to other jurisdictions, the filing requirement's words).
///
/// The gross income tested is [`Ctx::threshold_gross_income`]: line 29 for a full-year resident;
/// for a part-year resident's NJ-1040 and for the NJ-1040NR the whole year's gross income from
/// everywhere as if a resident (2-4, last sentence: "In the case of a nonresident, gross income
/// shall mean gross income which such nonresident would have reported if he had been a
/// resident"), never the resident period's line 29 alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubjectToTax {
    /// Gross income is above the threshold: the filer is subject to tax.
    pub subject: bool,
    /// The gross income tested.
    pub gross_income: Decimal,
    /// The threshold for the filing status.
    pub threshold: Decimal,
    /// The subsection of 54A:2-4 for the filing status ("a", "b" or "c").
    pub subsection: &'static str,
    /// What the gross income tested is, in words ("Gross income (line 29)").
    pub income_words: String,
}

impl SubjectToTax {
    /// The test in words: "Gross income (line 29) of $9,000.00 is at or below the $10,000.00
    /// threshold for single (54A:2-4 a), so the filer is not subject to tax".
    pub fn words(&self) -> String {
        let (side, outcome) = if self.subject {
            ("above", "so the filer is subject to tax")
        } else {
            ("at or below", "so the filer is not subject to tax")
        };
        format!(
            "{} of {} is {side} the {} threshold (54A:2-4 {}), {outcome}",
            self.income_words.trim_end_matches(','),
            fmt_money(self.gross_income),
            fmt_money(self.threshold),
            self.subsection
        )
    }

    /// The gross income tested, as an explanation input.
    #[must_use]
    pub fn input(&self, exp: Explanation) -> Explanation {
        let name = self.income_words.trim_end_matches(',');
        exp.line(name, Key::GrossIncome, self.gross_income)
    }
}

/// [`SubjectToTax`] for the return being computed (reads line 29, or the scope's whole-year
/// gross income).
pub fn subject_to_tax(cx: &Ctx, s: &Sheet) -> SubjectToTax {
    let status = cx.a.filing_status;
    let threshold = *cx.p.tax.no_tax_threshold.value.get(status);
    let gross_income = cx.threshold_gross_income(s);
    SubjectToTax {
        subject: !at_or_below(gross_income, threshold),
        gross_income,
        threshold,
        subsection: threshold_subsection(status).0,
        income_words: cx.threshold_income_words(),
    }
}

/// The row of a table that applies to an amount: the last row whose "over" amount it exceeds
/// (the first row for amounts not over the second row's start).
pub fn row_for(brackets: &[Bracket], taxable: Decimal) -> Option<(usize, &Bracket)> {
    brackets
        .iter()
        .enumerate()
        .rev()
        .find(|(_, b)| taxable > b.over)
        .or_else(|| brackets.first().map(|b| (0, b)))
}

/// The exact (unrounded) amount a row gives: base plus rate times the excess, saturating.
pub fn row_amount(b: &Bracket, taxable: Decimal) -> Decimal {
    let excess = sat_sub(taxable, b.excess_over);
    let part = excess
        .checked_mul(b.rate)
        .unwrap_or(if excess.is_sign_negative() {
            Decimal::MIN
        } else {
            Decimal::MAX
        });
    sat_add(b.base, part)
}

/// Tax from one statutory table, to the cent (never below zero).
pub fn tax_from_brackets(brackets: &[Bracket], taxable: Decimal) -> Decimal {
    if taxable <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    row_for(brackets, taxable).map_or(Decimal::ZERO, |(_, b)| {
        round_cents(row_amount(b, taxable)).max(Decimal::ZERO)
    })
}

/// The row in words: "$1,295.50 plus 3.5% of the excess over $70,000.00".
pub fn row_text(b: &Bracket) -> String {
    if b.base.is_zero() && b.excess_over.is_zero() {
        format!("{} of taxable income", fmt_rate(b.rate))
    } else {
        format!(
            "{} plus {} of the excess over {}",
            fmt_money(b.base),
            fmt_rate(b.rate),
            fmt_money(b.excess_over)
        )
    }
}

/// The range of a row in words: "over $70,000.00 but not over $80,000.00".
fn range_text(brackets: &[Bracket], i: usize, floor: Option<Decimal>) -> String {
    let next = brackets.get(i + 1).map(|b| b.over);
    let over = brackets.get(i).map_or(Decimal::ZERO, |b| b.over);
    match (i, next) {
        (0, Some(n)) if floor.is_none() && over.is_zero() => {
            format!("not over {}", fmt_money(n))
        }
        (_, Some(n)) => {
            format!("over {} but not over {}", fmt_money(over), fmt_money(n))
        }
        (_, None) => format!("over {}", fmt_money(over)),
    }
}

/// An amount with all its decimals when it has more than cents ("$1,471.375").
fn fmt_exact(value: Decimal) -> String {
    let n = value.normalize();
    if n.scale() <= 2 {
        return fmt_money(n);
    }
    let s = n.abs().to_string();
    let (int, frac) = s.split_once('.').unwrap_or((s.as_str(), ""));
    let sign = if n.is_sign_negative() { "-" } else { "" };
    format!("{sign}${}.{frac}", crate::money::group_thousands(int))
}

/// The statutory tables in force for a year.
#[derive(Clone, Copy, Debug)]
pub struct TablesInForce<'a> {
    /// 54A:2-1 tables of the period.
    pub schedules: &'a Schedules,
    /// The 54A:2-1a tables and the income above which they apply (2009 only).
    pub surtax: Option<(&'a Schedules, Decimal)>,
}

/// The tax-table rule in force (54A:8-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaxTableRule {
    /// The table is used when taxable income is under this amount.
    pub limit: Decimal,
    /// Row width.
    pub width: Decimal,
    /// Where an exact multiple of the width falls.
    pub edge: TableRowEdge,
}

/// A computed tax with the words that explain it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaxComputation {
    /// The tax.
    pub tax: Decimal,
    /// The rule with the numbers: the row used, or the table row and midpoint.
    pub rule: String,
    /// Citation of the table used.
    pub citation: String,
    /// The tax table (54A:8-2) was used.
    pub used_table: bool,
    /// The 2009 tables of 54A:2-1a were used.
    pub used_surtax: bool,
    /// The income is an exact multiple of the table row width (the row-edge rule decided the row).
    pub on_row_edge: bool,
}

/// The schedule row for an amount: (row, its table, its citation, the table's floor when 2-1a).
fn schedule_row<'a>(
    t: TablesInForce<'a>,
    status: FilingStatus,
    taxable: Decimal,
) -> Option<(usize, &'a [Bracket], &'a str, Option<Decimal>)> {
    if let Some((surtax, floor)) = t.surtax
        && taxable > floor
    {
        let (rows, cite) = surtax.for_status(status);
        if let Some((i, _)) = row_for(rows, taxable) {
            return Some((i, rows, cite, Some(floor)));
        }
    }
    let (rows, cite) = t.schedules.for_status(status);
    row_for(rows, taxable).map(|(i, _)| (i, rows, cite, None))
}

/// Tax by the rate schedule (54A:2-1, and 54A:2-1a in 2009 above its floor), to the cent, with words.
/// Tax by the rate schedule (54A:2-1, and 54A:2-1a in 2009 above its floor), to the cent, with words.
fn schedule_tax(
    t: TablesInForce,
    status: FilingStatus,
    taxable: Decimal,
    mode: Mode,
) -> TaxComputation {
    let Some((i, rows, cite, floor)) = schedule_row(t, status, taxable) else {
        return TaxComputation {
            tax: Decimal::ZERO,
            rule: "No rate table is in force".into(),
            citation: "N.J.S.A. 54A:2-1".into(),
            used_table: false,
            used_surtax: false,
            on_row_edge: false,
        };
    };
    let Some(b) = rows.get(i) else {
        return TaxComputation {
            tax: Decimal::ZERO,
            rule: "No rate table is in force".into(),
            citation: "N.J.S.A. 54A:2-1".into(),
            used_table: false,
            used_surtax: false,
            on_row_edge: false,
        };
    };
    let tax = round_cents(row_amount(b, taxable)).max(Decimal::ZERO);
    let mut rule = crate::explain_format!(
        mode,
        "Tax on {} by the rate table of {cite}, row {}: {} = {}",
        fmt_money(taxable),
        range_text(rows, i, floor),
        row_text(b),
        fmt_money(tax)
    );
    if let Some(printed) = b.printed_excess_over {
        rule.push_str(&crate::explain_format!(mode,
            " (the statute prints \"of the excess over {}\"; the excess is measured from {}, the row's lower edge, as in every other row of N.J.S.A. 54A:2-1a and the joint row of subsection b)",
            fmt_money(printed),
            fmt_money(b.excess_over)
        ));
    }
    TaxComputation {
        tax,
        rule,
        citation: cite.to_owned(),
        used_table: false,
        used_surtax: floor.is_some(),
        on_row_edge: false,
    }
}

/// Tax on taxable income by a method, without the 54A:2-4 threshold.
///
/// With [`TaxMethod::TableWhenAvailable`] and a table rule, income under the table limit is taxed
/// at the midpoint of its table row, rounded to whole dollars (54A:8-2); otherwise the rate
/// schedule applies to the cent.
pub fn compute_tax(
    t: TablesInForce,
    table: Option<TaxTableRule>,
    status: FilingStatus,
    taxable: Decimal,
    method: TaxMethod,
    mode: Mode,
) -> TaxComputation {
    if taxable <= Decimal::ZERO {
        return TaxComputation {
            tax: Decimal::ZERO,
            rule: crate::explain_format!(
                mode,
                "Taxable income {} is zero or less, so there is no tax",
                fmt_money(taxable)
            ),
            citation: "N.J.S.A. 54A:2-1".into(),
            used_table: false,
            used_surtax: false,
            on_row_edge: false,
        };
    }
    let rule = match (method, table) {
        (TaxMethod::TableWhenAvailable, Some(r))
            if taxable < r.limit && r.width > Decimal::ZERO =>
        {
            r
        }
        (TaxMethod::TableWhenAvailable, Some(r)) => {
            let mut c = schedule_tax(t, status, taxable, mode);
            c.rule = crate::explain_format!(
                mode,
                "Taxable income is not under the tax-table limit of {}, so the rate schedule applies. {}",
                fmt_money(r.limit),
                c.rule
            );
            return c;
        }
        (TaxMethod::RateSchedule, _) => {
            let mut c = schedule_tax(t, status, taxable, mode);
            c.rule = crate::explain_format!(
                mode,
                "Rate schedule chosen instead of the tax table. {}",
                c.rule
            );
            return c;
        }
        (TaxMethod::TableWhenAvailable, None) => return schedule_tax(t, status, taxable, mode),
    };
    // The row containing the income.
    let rows_below = (taxable / rule.width).floor();
    let on_edge = taxable == rows_below * rule.width;
    let mut start = rows_below * rule.width;
    if on_edge && rule.edge == TableRowEdge::MultipleEndsRow {
        start -= rule.width;
    }
    let end = start + rule.width;
    let mid = start + rule.width / Decimal::TWO;
    let Some((i, rows, cite, floor)) = schedule_row(t, status, mid) else {
        return schedule_tax(t, status, taxable, mode);
    };
    let Some(b) = rows.get(i) else {
        return schedule_tax(t, status, taxable, mode);
    };
    let exact = row_amount(b, mid).max(Decimal::ZERO);
    let tax = round_dollars(exact);
    let row_words = match rule.edge {
        TableRowEdge::MultipleStartsRow => crate::explain_format!(
            mode,
            "at least {} but less than {}",
            fmt_money(start),
            fmt_money(end)
        ),
        TableRowEdge::MultipleEndsRow => {
            crate::explain_format!(
                mode,
                "over {} but not over {}",
                fmt_money(start),
                fmt_money(end)
            )
        }
    };
    TaxComputation {
        tax,
        rule: crate::explain_format!(
            mode,
            "Tax table (taxable income under {}): {} is in the row {row_words}; tax at the row midpoint {} by the rate table of {cite} ({}) = {}, rounded to whole dollars = {}",
            fmt_money(rule.limit),
            fmt_money(taxable),
            fmt_money(mid),
            row_text(b),
            fmt_exact(exact),
            fmt_money(tax)
        ),
        citation: format!("N.J.S.A. 54A:8-2; {cite}"),
        used_table: true,
        used_surtax: floor.is_some(),
        on_row_edge: on_edge,
    }
}

/// Tax by the rate schedule (54A:2-1, and 54A:2-1a in 2009 above its floor), to the cent.
pub fn rate_schedule_tax(p: &TaxParams, status: FilingStatus, taxable: Decimal) -> Decimal {
    compute_tax(
        tables_in_force(p),
        None,
        status,
        taxable,
        TaxMethod::RateSchedule,
        Mode::ValuesOnly,
    )
    .tax
}

/// The tables of a resolved year.
fn tables_in_force(p: &TaxParams) -> TablesInForce<'_> {
    TablesInForce {
        schedules: &p.rate_schedules.value,
        surtax: p
            .surtax_tables
            .value
            .as_ref()
            .map(|s| (s, p.surtax_floor.value)),
    }
}

/// Tax on an amount of taxable income as the filer's method computes it, with its explanation.
///
/// Applies the filer's method (`options.tax_method`) but NOT the 54A:2-4 threshold. Used by
/// line 43 and by the worksheets that compare taxes (Worksheet H, Schedule NJ-COJ).
pub fn tax_on(cx: &Ctx, taxable: Decimal) -> (Decimal, Explanation) {
    let p = &cx.p.tax;
    let method = cx.a.options.tax_method;
    let rule = TaxTableRule {
        limit: p.tax_table_limit.value,
        width: p.tax_table_row_width.value,
        edge: p.tax_table_row_edge.value,
    };
    let c = compute_tax(
        tables_in_force(p),
        Some(rule),
        cx.a.filing_status,
        taxable,
        method,
        cx.mode(),
    );
    let mut exp = cx
        .explanation(c.rule, c.citation)
        .answer_text(
            "Tax computation method",
            "options.tax_method",
            match method {
                TaxMethod::TableWhenAvailable => "tax table when available",
                TaxMethod::RateSchedule => "rate schedule",
            },
        )
        .answer_text("Filing status", "filing_status", cx.a.filing_status.name())
        .param(&p.rate_schedules);
    if c.used_surtax {
        exp = exp.param(&p.surtax_tables).param(&p.surtax_floor);
    }
    if method == TaxMethod::TableWhenAvailable && taxable > Decimal::ZERO {
        exp = exp.param(&p.tax_table_limit);
    }
    if c.used_table {
        exp = exp.param(&p.tax_table_row_width);
        if c.on_row_edge {
            exp = exp.param(&p.tax_table_row_edge);
        }
    }
    (c.tax, exp)
}

/// Tax on taxable income for any year whose tables are stored (1991 on), without the 54A:2-4
/// threshold.
///
/// # Errors
/// [`ParamError::MissingYear`] when the year has no rate table (before 1991), or when `method` is
/// [`TaxMethod::TableWhenAvailable`] and no tax-table rule is stored for the year (before 2022:
/// use [`TaxMethod::RateSchedule`] for those years).
pub fn tax_for(
    file: &TaxParamsFile,
    year: u16,
    status: FilingStatus,
    taxable: Decimal,
    method: TaxMethod,
) -> Result<Decimal, ParamError> {
    computation_for(file, year, status, taxable, method).map(|c| c.tax)
}

/// [`tax_for`] with the words that explain it.
///
/// # Errors
/// As [`tax_for`].
pub fn computation_for(
    file: &TaxParamsFile,
    year: u16,
    status: FilingStatus,
    taxable: Decimal,
    method: TaxMethod,
) -> Result<TaxComputation, ParamError> {
    let schedules = file.rate_schedules.at("tax.rate_schedules", year)?.value;
    let surtax = file.surtax_tables.at("tax.surtax_tables", year)?.value;
    let floor = match &surtax {
        Some(_) => Some(file.surtax_floor.at("tax.surtax_floor", year)?.value),
        None => None,
    };
    let table = match method {
        TaxMethod::TableWhenAvailable => Some(TaxTableRule {
            limit: file.tax_table_limit.at("tax.tax_table_limit", year)?.value,
            width: file
                .tax_table_row_width
                .at("tax.tax_table_row_width", year)?
                .value,
            edge: file
                .tax_table_row_edge
                .at("tax.tax_table_row_edge", year)?
                .value,
        }),
        TaxMethod::RateSchedule => None,
    };
    let t = TablesInForce {
        schedules: &schedules,
        surtax: match (&surtax, floor) {
            (Some(s), Some(f)) => Some((s, f)),
            _ => None,
        },
    };
    Ok(compute_tax(
        t,
        table,
        status,
        taxable,
        method,
        Mode::Explain,
    ))
}

/// The 54A:2-4 no-tax threshold for any stored year (1991 on).
///
/// # Errors
/// [`ParamError::MissingYear`] before 1991.
pub fn no_tax_threshold_for(
    file: &TaxParamsFile,
    year: u16,
    status: FilingStatus,
) -> Result<Decimal, ParamError> {
    Ok(*file
        .no_tax_threshold
        .at("tax.no_tax_threshold", year)?
        .value
        .get(status))
}

/// The 54A:8-3.1 a filing threshold for any stored year (1991 on).
///
/// # Errors
/// [`ParamError::MissingYear`] before 1991.
pub fn filing_threshold_for(
    file: &TaxParamsFile,
    year: u16,
    status: FilingStatus,
) -> Result<Decimal, ParamError> {
    Ok(*file
        .filing_threshold
        .at("tax.filing_threshold", year)?
        .value
        .get(status))
}

/// Whether a filer with this gross income owes no tax in a stored year (54A:2-4: "or less").
///
/// # Errors
/// [`ParamError::MissingYear`] before 1991.
pub fn owes_no_tax_for(
    file: &TaxParamsFile,
    year: u16,
    status: FilingStatus,
    gross_income: Decimal,
) -> Result<bool, ParamError> {
    Ok(at_or_below(
        gross_income,
        no_tax_threshold_for(file, year, status)?,
    ))
}

/// Line 43: tax on line 42 by the filer's method, or no tax when gross income (line 29) is at or
/// below the threshold for the filing status (N.J.S.A. 54A:2-1, 2-1a, 2-4, 8-2; NJ-1040 line 43).
pub fn line_43_tax(cx: &Ctx, s: &Sheet, nj_taxable_income: Decimal) -> Line {
    let p = &cx.p.tax;
    let status = cx.a.filing_status;
    let test = subject_to_tax(cx, s);
    let sub = test.subsection;
    if !test.subject {
        let exp = cx.explanation(
            crate::explain_format!(
                cx,
                "{} of {} is at or below the {} threshold for {}, so no tax is due (line {} is {})",
                test.income_words,
                fmt_money(test.gross_income),
                fmt_money(test.threshold),
                status.name(),
                cx.id(Key::NjTaxableIncome),
                fmt_money(nj_taxable_income)
            ),
            crate::explain_format!(cx, "N.J.S.A. 54A:2-4 {sub}"),
        );
        let exp = test
            .input(exp)
            .line(
                "New Jersey taxable income",
                Key::NjTaxableIncome,
                nj_taxable_income,
            )
            .answer_text("Filing status", "filing_status", status.name())
            .param(&p.no_tax_threshold);
        return cx.line(Key::Tax, Decimal::ZERO, exp);
    }
    let (tax, mut exp) = tax_on(cx, nj_taxable_income);
    exp.rule = crate::explain_format!(
        cx,
        "{}. {} of {} is above the {} no-tax threshold, so the tax is due",
        exp.rule,
        test.income_words,
        fmt_money(test.gross_income),
        fmt_money(test.threshold)
    );
    exp.citation = format!("{}; N.J.S.A. 54A:2-4 {sub}", exp.citation);
    let exp = exp.line(
        "New Jersey taxable income",
        Key::NjTaxableIncome,
        nj_taxable_income,
    );
    let exp = test.input(exp).param(&p.no_tax_threshold);
    cx.line(Key::Tax, tax, exp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    #[test]
    fn exact_amounts_keep_every_decimal() {
        assert_eq!(fmt_exact(dec!(1471.375)), "$1,471.375");
        assert_eq!(fmt_exact(dec!(1470.5)), "$1,470.50");
    }

    #[test]
    fn row_amount_saturates_instead_of_overflowing() {
        let b = Bracket {
            over: dec!(0),
            base: dec!(0),
            rate: dec!(0.1075),
            excess_over: dec!(0),
            printed_excess_over: None,
        };
        assert!(row_amount(&b, Decimal::MAX) > Decimal::ZERO);
        assert_eq!(
            tax_from_brackets(std::slice::from_ref(&b), dec!(-5)),
            Decimal::ZERO
        );
    }
}
