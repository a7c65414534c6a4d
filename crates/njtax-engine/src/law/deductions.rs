//! The law figures of `forms/params/deductions.ron`: deductions (54A:3-3..3-14), declared with
//! [`crate::param_domain!`], with the parameter types they use and the look-ups the rules share.

use rust_decimal::Decimal;

crate::param_domain!("deductions", DeductionParamsFile => DeductionParams {
    /// Medical expenses are deductible above this share of gross income (54A:3-3(a)).
    medical_floor_rate: Decimal as percent,
    /// Share of the business increment subtracted (54A:3-9 c(3)).
    alternative_business_rate: Decimal as percent,
    /// Most organ/bone-marrow donation expenses deducted (54A:3-10).
    organ_donation_cap: Decimal as money,
    /// Most NJBEST contributions deducted (54A:3-12).
    njbest_cap: Decimal as money,
    /// Most NJCLASS loan payments deducted (54A:3-13).
    njclass_cap: Decimal as money,
    /// Most NJ higher education tuition deducted (54A:3-14).
    tuition_cap: Decimal as money,
    /// The NJBEST, NJCLASS and tuition deductions need gross income of this or less (54A:3-12..3-14).
    education_gross_income_limit: Decimal as money,
});
