//! Filing requirement (N.J.S.A. 54A:8-3.1).
use crate::compute::{Ctx, FilingRequirement, Sheet};
/// Whether the filer must file.
pub fn filing_requirement(_cx: &Ctx, _s: &Sheet) -> FilingRequirement {
    FilingRequirement {
        required: true,
        should_file_for_refund: false,
        reason: "not yet computed".into(),
        citation: "N.J.S.A. 54A:8-3.1".into(),
    }
}
