//! The law figures of `forms/params/income.ron`: income categories (54A:5-1, 6-x), declared with
//! [`crate::param_domain!`], with the parameter types they use and the look-ups the rules share.

use rust_decimal::Decimal;

crate::param_domain!("income", IncomeParamsFile => IncomeParams {
    /// NJ Lottery prizes of this amount or less are excluded; a larger prize is included in full (54A:6-11).
    nj_lottery_exclusion_limit: Decimal as money,
    /// Most gain excluded on the sale of a principal residence (54A:6-9.1 b(1)).
    residence_exclusion_cap: Decimal as money,
    /// Most gain excluded by a husband and wife filing jointly when both used the home (54A:6-9.1 b(2)).
    residence_exclusion_cap_joint: Decimal as money,
});
