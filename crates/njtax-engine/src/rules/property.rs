//! Property tax deduction or credit, Schedule NJ-COJ (lines 40a-44, 56; N.J.S.A. 54A:3A-15..3A-22, 4-1).
use crate::compute::{Ctx, Sheet};
use crate::explain::{Explanation, Line};
use rust_decimal::Decimal;

crate::param_domain!("property", PropertyParamsFile => PropertyParams {
    /// Property tax deduction cap.
    deduction_cap: rust_decimal::Decimal,
});

/// Line 40a.
pub fn line_40a_property_taxes_paid(cx: &Ctx, _s: &Sheet) -> Line {
    cx.line(
        "property_taxes_paid",
        Decimal::ZERO,
        Explanation::new("not yet computed", "N.J.S.A. 54A:3A-17"),
    )
}
/// Lines 41-44.
pub fn lines_41_to_44(cx: &Ctx, s: &Sheet) -> Vec<Line> {
    let l42 = s.v("taxable_income");
    vec![
        cx.line(
            "property_tax_deduction",
            Decimal::ZERO,
            Explanation::new("not yet computed", "N.J.S.A. 54A:3A-17"),
        ),
        cx.line(
            "nj_taxable_income",
            l42,
            Explanation::new("not yet computed", "N.J.S.A. 54A:3A-17"),
        ),
        crate::rules::tax::line_43_tax(cx, s, l42),
        cx.line(
            "coj_credit",
            Decimal::ZERO,
            Explanation::new("not yet computed", "N.J.S.A. 54A:4-1"),
        ),
    ]
}
/// Line 56.
pub fn line_56_property_tax_credit(cx: &Ctx, _s: &Sheet) -> Line {
    cx.line(
        "property_tax_credit",
        Decimal::ZERO,
        Explanation::new("not yet computed", "N.J.S.A. 54A:3A-20"),
    )
}
