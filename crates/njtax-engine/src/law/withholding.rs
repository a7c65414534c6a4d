//! The law figures of `forms/params/withholding.ron`: NJ-2450 maximums, declared with
//! [`crate::param_domain!`], with the parameter types they use and the look-ups the rules share.

use rust_decimal::Decimal;

crate::param_domain!("withholding", WithholdingParamsFile => WithholdingParams {
    /// Maximum employee UI/WF/SWF contribution (NJ-2450 line 3).
    ui_max: Decimal as money,
    /// Maximum employee DI contribution (NJ-2450 line 3).
    di_max: Decimal as money,
    /// Maximum employee FLI contribution (NJ-2450 line 3).
    fli_max: Decimal as money,
});
