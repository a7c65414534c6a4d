//! Deductions (lines 31-39; N.J.S.A. 54A:3-2..3-14).
use crate::compute::{Ctx, Sheet};
use crate::explain::{Explanation, Line};
use rust_decimal::Decimal;

crate::param_domain!("deductions", DeductionParamsFile => DeductionParams {
    /// Medical expense floor.
    medical_floor_rate: rust_decimal::Decimal,
});

/// Lines 31-37c.
pub fn deduction_lines(_cx: &Ctx, _s: &Sheet) -> Vec<Line> {
    Vec::new()
}
/// Line 38.
pub fn line_38_total_deductions(cx: &Ctx, s: &Sheet) -> Line {
    cx.line(
        "total_deductions",
        s.v("exemptions"),
        Explanation::new("not yet computed", "N.J.S.A. 54A:3-1"),
    )
}
/// Line 39.
pub fn line_39_taxable_income(cx: &Ctx, s: &Sheet) -> Line {
    cx.line(
        "taxable_income",
        (s.v("gross_income") - s.v("total_deductions")).max(Decimal::ZERO),
        Explanation::new("not yet computed", "N.J.S.A. 54A:3-1"),
    )
}
