//! Retirement exclusions and gross income (lines 28a-29; N.J.S.A. 54A:6-10, 6-15).
use crate::compute::{Ctx, Sheet};
use crate::explain::{Explanation, Line};
use rust_decimal::Decimal;

crate::param_domain!("exclusions", ExclusionParamsFile => ExclusionParams {
    /// Total income limit.
    income_limit: rust_decimal::Decimal,
});

/// Line 28a.
pub fn line_28a_pension_exclusion(cx: &Ctx, _s: &Sheet) -> Line {
    cx.line(
        "pension_exclusion",
        Decimal::ZERO,
        Explanation::new("not yet computed", "N.J.S.A. 54A:6-10"),
    )
}
/// Line 28b.
pub fn line_28b_other_retirement_exclusion(cx: &Ctx, _s: &Sheet) -> Line {
    cx.line(
        "other_retirement_exclusion",
        Decimal::ZERO,
        Explanation::new("not yet computed", "N.J.S.A. 54A:6-15"),
    )
}
/// Line 28c.
pub fn line_28c_total_exclusions(cx: &Ctx, _s: &Sheet) -> Line {
    cx.line(
        "total_exclusions",
        Decimal::ZERO,
        Explanation::new("not yet computed", "N.J.S.A. 54A:6-10"),
    )
}
/// Line 29.
pub fn line_29_gross_income(cx: &Ctx, s: &Sheet) -> Line {
    cx.line(
        "gross_income",
        s.v("total_income"),
        Explanation::new("not yet computed", "N.J.S.A. 54A:5-1"),
    )
}
