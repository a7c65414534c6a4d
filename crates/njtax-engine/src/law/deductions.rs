//! The law figures of `forms/params/deductions.ron`: deductions (54A:3-3..3-14), declared with
//! [`crate::param_domain!`], with the parameter types they use and the look-ups the rules share.

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::explain::ShowValue;
use crate::money::fmt_money;

/// A deduction's cap in a year the deduction exists; `None` in a year before the law that made
/// it (the organ donation deduction from 2020, the NJBEST, NJCLASS and tuition deductions from
/// 2022).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct CapInForce(pub Option<Decimal>);

impl ShowValue for CapInForce {
    fn show(&self) -> String {
        self.0
            .map_or_else(|| "no such deduction in the year".to_owned(), fmt_money)
    }
}

crate::param_domain!("deductions", DeductionParamsFile => DeductionParams {
    /// Medical expenses are deductible above this share of gross income (54A:3-3(a)).
    medical_floor_rate: Decimal as percent,
    /// Share of the business increment subtracted (54A:3-9 c(3)).
    alternative_business_rate: Decimal as percent,
    /// Most organ/bone-marrow donation expenses deducted (54A:3-10).
    organ_donation_cap: CapInForce,
    /// Most NJBEST contributions deducted (54A:3-12).
    njbest_cap: CapInForce,
    /// Most NJCLASS loan payments deducted (54A:3-13).
    njclass_cap: CapInForce,
    /// Most NJ higher education tuition deducted (54A:3-14).
    tuition_cap: CapInForce,
    /// The NJBEST, NJCLASS and tuition deductions need gross income of this or less (54A:3-12..3-14).
    education_gross_income_limit: Decimal as money,
});
