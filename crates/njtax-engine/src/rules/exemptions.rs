//! Exemptions (lines 6-13, 30; N.J.S.A. 54A:3-1, 3-1.1).
use crate::compute::{Ctx, Sheet};
use crate::explain::{Explanation, Line};
use rust_decimal::Decimal;

crate::param_domain!("exemptions", ExemptionParamsFile => ExemptionParams {
    /// Regular exemption.
    regular: rust_decimal::Decimal,
});

/// Lines 6-13.
pub fn exemption_lines(_cx: &Ctx) -> Vec<Line> {
    Vec::new()
}
/// Line 30.
pub fn line_30_exemptions(cx: &Ctx, _s: &Sheet) -> Line {
    cx.line(
        "exemptions",
        Decimal::ZERO,
        Explanation::new("not yet computed", "N.J.S.A. 54A:3-1"),
    )
}
