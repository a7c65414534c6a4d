//! Checks of the answers themselves: missing identity data, impossible values.

use crate::compute::Ctx;
use crate::explain::Diagnostic;

/// Record diagnostics for answers that make a return wrong or unfileable.
pub fn validate(cx: &Ctx) {
    let a = cx.a;
    if a.taxpayer.ssn.trim().is_empty() {
        cx.diag(
            Diagnostic::error("missing-ssn", "Your Social Security number is missing")
                .at("taxpayer.ssn"),
        );
    }
    if a.taxpayer.birth_date.is_none() {
        cx.diag(
            Diagnostic::error("missing-birth-date", "Your birth date is missing")
                .at("taxpayer.birth_date"),
        );
    }
}
