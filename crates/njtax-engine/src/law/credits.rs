//! The law figures of `forms/params/credits.ron`: NJ credits (54A:4-7, 4-17, 4-17.1), declared with
//! [`crate::param_domain!`], with the parameter types they use and the look-ups the rules share.

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::explain::ShowValue;
use crate::money::{fmt_money, fmt_rate};

/// One row of a statutory income schedule: applies when income is not over `up_to`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Tier {
    /// Top of the row, inclusive ("not over").
    pub up_to: Decimal,
    /// The rate or amount of the row.
    pub value: Decimal,
}

/// A schedule of percentages by income (line 64).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct RateTiers(pub Vec<Tier>);

impl ShowValue for RateTiers {
    fn show(&self) -> String {
        if self.0.is_empty() {
            return "none".into();
        }
        self.0
            .iter()
            .map(|t| format!("not over {}: {}", fmt_money(t.up_to), fmt_rate(t.value)))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// A schedule of amounts by income (line 65).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct AmountTiers(pub Vec<Tier>);

impl ShowValue for AmountTiers {
    fn show(&self) -> String {
        if self.0.is_empty() {
            return "none".into();
        }
        self.0
            .iter()
            .map(|t| format!("not over {}: {}", fmt_money(t.up_to), fmt_money(t.value)))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// The NJ-only rule for filers without a qualifying child who fail only the federal age test
/// (54A:4-7 a(4)).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ChildlessExpansion {
    /// Minimum age at the close of the year.
    pub min_age: u32,
    /// The credit: the year's percentage of the federal maximum credit with no qualifying child.
    pub flat_amount: Decimal,
}

impl ShowValue for Option<ChildlessExpansion> {
    fn show(&self) -> String {
        match self {
            Some(c) => format!("age {} or older: {}", c.min_age, fmt_money(c.flat_amount)),
            None => "none".into(),
        }
    }
}

/// The cap on the NJ child and dependent care credit before 2021, by qualifying persons.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CareCreditCap {
    /// One qualifying person.
    pub one: Decimal,
    /// Two or more qualifying persons.
    pub two_or_more: Decimal,
}

impl ShowValue for Option<CareCreditCap> {
    fn show(&self) -> String {
        match self {
            Some(c) => format!(
                "{} for one qualifying person, {} for two or more",
                fmt_money(c.one),
                fmt_money(c.two_or_more)
            ),
            None => "no cap".into(),
        }
    }
}

crate::param_domain!("credits", CreditParamsFile => CreditParams {
    /// NJ EITC percentage of the federal credit.
    eitc_rate: Decimal as percent,
    /// The age expansion for filers without a qualifying child, when in force.
    eitc_childless: Option<ChildlessExpansion>,
    /// Child and dependent care credit schedule.
    cdcc_tiers: RateTiers,
    /// Whether the child and dependent care credit is refundable (from 2021); before, it only
    /// reduces the tax, on a line of the tax block.
    cdcc_refundable: bool,
    /// The most the child and dependent care credit can be, by the number of qualifying persons
    /// (through 2020); `None`: no cap.
    cdcc_cap: Option<CareCreditCap>,
    /// Child tax credit schedule (per child).
    ctc_tiers: AmountTiers,
    /// Child tax credit: the child has not attained this age at the close of the year.
    ctc_age_under: u32,
});
