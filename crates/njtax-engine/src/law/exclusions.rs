//! The law figures of `forms/params/exclusions.ron`: retirement exclusions (54A:6-10, 6-15),
//! declared with [`crate::param_domain!`], with the parameter types they use and the look-ups the
//! rules share.

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::params::ByStatus;

/// A percentage band of an exclusion: for gross income over `over` and not more than `not_over`,
/// the exclusion is `rate` of the payments (54A:6-10 b(1)) or of income (54A:6-15 a(1)).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PercentTier {
    /// The band starts above this gross income.
    pub over: Decimal,
    /// The band ends at this gross income (included).
    pub not_over: Decimal,
    /// The percentage by filing status.
    pub rate: ByStatus<Decimal>,
}

/// The band in words: `over $100,000.00 and not over $125,000.00: single 37.5%; ...`.
impl crate::explain::ShowValue for PercentTier {
    fn show(&self) -> String {
        format!(
            "over {} and not over {}: {}",
            crate::money::fmt_money(self.over),
            crate::money::fmt_money(self.not_over),
            self.rate.show_as(crate::params::Shown::Percent)
        )
    }
}

crate::param_domain!("exclusions", ExclusionParamsFile => ExclusionParams {
    /// Age at the close of the year for the pension exclusion (54A:6-10 b(1)).
    pension_age: u32,
    /// Most pension exclusion, by filing status, when gross income is not over the full-cap limit (54A:6-10 b(1)).
    pension_cap: ByStatus<Decimal> as money,
    /// The full cap applies up to this gross income (54A:6-10 b(1)).
    pension_full_cap_income_limit: Decimal as money,
    /// Percentage bands above the full-cap limit (54A:6-10 b(1)).
    pension_tiers: Vec<PercentTier>,
    /// No pension exclusion above this gross income (54A:6-10 b(2)).
    pension_income_limit: Decimal as money,
    /// Age from whose year a pension paid because of a permanent and total disability is an
    /// ordinary pension (54A:6-10 c names none; the Division's GIT-1&2 and N.J.A.C.
    /// 18:35-2.5(c) say 65; see `docs/decisions/income-disability-pensions.md`).
    disability_pension_age: u32,
    /// Age for the other retirement income exclusion (54A:6-15 a(1)).
    other_age: u32,
    /// Most total of the 6-10 and 6-15 a exclusions, by filing status, up to the full-cap limit (54A:6-15 a(1), a(3)).
    other_cap: ByStatus<Decimal> as money,
    /// The full cap applies up to this gross income (54A:6-15 a(1)).
    other_full_cap_income_limit: Decimal as money,
    /// Percentage (of gross income) bands above the full-cap limit (54A:6-15 a(1)).
    other_tiers: Vec<PercentTier>,
    /// No other retirement income exclusion above this gross income (54A:6-15 a(2)).
    other_income_limit: Decimal as money,
    /// Most income from wages, business, partnerships and S corporations (54A:6-15 a(1)).
    other_earned_income_limit: Decimal as money,
    /// Special exclusion for those never eligible for Social Security or Railroad Retirement (54A:6-15 b).
    special_exclusion: ByStatus<Decimal> as money,
});
