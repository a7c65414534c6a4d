//! Excess UI/WF/SWF, DI and FLI withheld (lines 59-61; NJ-2450).
use crate::compute::{Ctx, Sheet};
use crate::explain::Line;

crate::param_domain!("withholding", WithholdingParamsFile => WithholdingParams {
    /// UI/WF/SWF maximum.
    ui_max: rust_decimal::Decimal,
});

/// Lines 59-61.
pub fn lines_59_to_61_excess_contributions(_cx: &Ctx, _s: &Sheet) -> Vec<Line> {
    Vec::new()
}
