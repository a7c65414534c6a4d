//! NJ credits that depend on federal figures (lines 58, 64, 65; N.J.S.A. 54A:4-7, 4-17, 4-17.1).
use crate::compute::{Ctx, Sheet};
use crate::explain::{Explanation, Line};
use rust_decimal::Decimal;

crate::param_domain!("credits", CreditParamsFile => CreditParams {
    /// NJ EITC percentage of the federal credit.
    eitc_rate: rust_decimal::Decimal,
});

/// Line 58.
pub fn line_58_nj_eitc(cx: &Ctx, _s: &Sheet) -> Line {
    cx.line(
        "nj_eitc",
        Decimal::ZERO,
        Explanation::new("not yet computed", "N.J.S.A. 54A:4-7"),
    )
}
/// Line 64.
pub fn line_64_child_care_credit(cx: &Ctx, _s: &Sheet) -> Line {
    cx.line(
        "child_care_credit",
        Decimal::ZERO,
        Explanation::new("not yet computed", "N.J.S.A. 54A:4-17"),
    )
}
/// Line 65.
pub fn line_65_child_tax_credit(cx: &Ctx, _s: &Sheet) -> Line {
    cx.line(
        "child_tax_credit",
        Decimal::ZERO,
        Explanation::new("not yet computed", "N.J.S.A. 54A:4-17.1"),
    )
}
