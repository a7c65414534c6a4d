//! The law figures of `forms/params/tax.ron`: tax rates, tables and thresholds (54A:2-1, 2-1a, 2-4,
//! 8-2), declared with [`crate::param_domain!`], with the parameter types they use and the look-ups
//! the rules share.

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::answers::FilingStatus;
use crate::explain::ShowValue;
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
    /// The amount the excess is measured from, as the engine applies it (normally equal to `over`).
    pub excess_over: Decimal,
    /// The excess-over amount as printed, only where it differs from `excess_over`
    /// (54A:2-1a c; docs/decisions/tax-surtax-printed-excess.md).
    #[serde(default)]
    pub printed_excess_over: Option<Decimal>,
}

/// The two statutory tables of a period.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Schedules {
    /// Citation of the joint table for the period, for example `N.J.S.A. 54A:2-1 a(7)`.
    pub joint_citation: String,
    /// Citation of the single table for the period, for example `N.J.S.A. 54A:2-1 b(7)`.
    pub single_citation: String,
    /// 54A:2-1 a: married filing jointly, head of household, surviving spouse.
    pub joint: Vec<Bracket>,
    /// 54A:2-1 b: single, married filing separately (and estates and trusts).
    pub single: Vec<Bracket>,
}

impl Schedules {
    /// The table and its citation for a filing status.
    pub fn for_status(&self, status: FilingStatus) -> (&[Bracket], &str) {
        if uses_joint_table(status) {
            (&self.joint, &self.joint_citation)
        } else {
            (&self.single, &self.single_citation)
        }
    }
}

impl ShowValue for Schedules {
    fn show(&self) -> String {
        format!(
            "{} ({} rows), {} ({} rows)",
            self.joint_citation,
            self.joint.len(),
            self.single_citation,
            self.single.len()
        )
    }
}

impl ShowValue for Option<Schedules> {
    fn show(&self) -> String {
        self.as_ref()
            .map_or_else(|| "none".to_owned(), ShowValue::show)
    }
}

/// Which tax-table row an income that is an exact multiple of the row width falls in.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum TableRowEdge {
    /// "At least / But less than": $50,000 is in the row $50,000-$50,050.
    MultipleStartsRow,
    /// "Over / But not over": $50,000 is in the row $49,950-$50,000.
    MultipleEndsRow,
}

impl ShowValue for TableRowEdge {
    fn show(&self) -> String {
        match self {
            Self::MultipleStartsRow => {
                "a multiple of the row width starts a row (at least / but less than)".into()
            }
            Self::MultipleEndsRow => {
                "a multiple of the row width ends a row (over / but not over)".into()
            }
        }
    }
}

crate::param_domain!("tax", TaxParamsFile => TaxParams {
    /// Rate tables of 54A:2-1 a and b, keyed by the first year of each period.
    rate_schedules: Schedules,
    /// The 2009 tables of 54A:2-1a for taxable income over $400,000 (None in other years).
    surtax_tables: Option<Schedules>,
    /// The 54A:2-1a tables apply only over this taxable income.
    surtax_floor: Decimal as money,
    /// No tax at or below this gross income (54A:2-4).
    no_tax_threshold: ByStatus<Decimal> as money,
    /// A return must be filed above this gross income (54A:8-3.1 a).
    filing_threshold: ByStatus<Decimal> as money,
    /// The tax table is used when taxable income is under this amount (54A:8-2; NJ-1040 instructions, line 43).
    tax_table_limit: Decimal as money,
    /// Width of a tax table row.
    tax_table_row_width: Decimal as money,
    /// Which row an exact multiple of the row width falls in.
    tax_table_row_edge: TableRowEdge,
});

/// Which statutory table a filing status uses (54A:2-1 a vs b; 2-1 c).
pub fn uses_joint_table(status: FilingStatus) -> bool {
    matches!(
        status,
        FilingStatus::MarriedJoint | FilingStatus::HeadOfHousehold | FilingStatus::QualifyingWidow
    )
}
