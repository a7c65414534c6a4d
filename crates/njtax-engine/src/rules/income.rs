//! Income (lines 15-27; N.J.S.A. 54A:5-1, 5-2, 6-x).
use crate::compute::{Ctx, Sheet};
use crate::explain::{Explanation, Line};
use rust_decimal::Decimal;

crate::param_domain!("income", IncomeParamsFile => IncomeParams {
    /// NJ Lottery prize exclusion limit.
    nj_lottery_exclusion_limit: rust_decimal::Decimal,
});

/// Lines 15-26.
pub fn income_lines(_cx: &Ctx) -> Vec<Line> {
    Vec::new()
}
/// Line 27.
pub fn line_27_total_income(cx: &Ctx, _s: &Sheet) -> Line {
    cx.line(
        "total_income",
        Decimal::ZERO,
        Explanation::new("not yet computed", "N.J.S.A. 54A:5-1"),
    )
}
