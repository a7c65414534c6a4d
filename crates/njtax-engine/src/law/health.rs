//! The law figures of `forms/params/health.ron`: the shared responsibility payment (54A:11),
//! declared with [`crate::param_domain!`], with the parameter types they use and the look-ups the
//! rules share.

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::explain::ShowValue;

/// A yearly amount that may be unknown for a year (`None`: the user must enter it).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct KnownAmount(pub Option<Decimal>);

impl ShowValue for KnownAmount {
    fn show(&self) -> String {
        self.0.map_or_else(
            || "not known for the year".to_owned(),
            |v| v.normalize().to_string(),
        )
    }
}

crate::param_domain!("health", HealthParamsFile => HealthParams {
    /// Whether the year has the shared responsibility payment (54A:11-3 a: months beginning after
    /// December 31, 2018).
    in_force: bool,
    /// The flat amount per adult without coverage for a year (26 U.S.C. 5000A(c)(3)(A) as of
    /// December 15, 2017, by 54A:11-3 b).
    flat_amount_adult: Decimal as money,
    /// The flat amount per child under 18 (5000A(c)(3)(C): one-half of the adult amount).
    flat_amount_child: Decimal as money,
    /// The most the flat amount can be for a household (5000A(c)(2)(A)(ii): 300% of the adult
    /// amount).
    flat_amount_cap: Decimal as money,
    /// The percentage of household income over the filing threshold (5000A(c)(2)(B)(iii)).
    percentage_rate: Decimal as percent,
    /// The age at the start of a month below which a person is a child (5000A(c)(3)(C)).
    child_age: u32,
    /// A continuous period without coverage of fewer months than this is a short coverage gap
    /// (26 U.S.C. 5000A(e)(4)(A) as of December 15, 2017: "less than 3 months").
    short_gap_months: u32,
    /// The most people counted for the bronze-premium cap (5000A(c)(1)(B); family size at most 5).
    bronze_cap_people: u32,
    /// The State average annual bronze premium per person (54A:11-4 a); `None` for a year whose
    /// figure was not found.
    bronze_premium: KnownAmount,
});
