//! What each employer and business credit amounts to for the year, before the order and the
//! limits of [`crate::rules::business_credits`]: one function per credit, named after it, each
//! citing its statute.

use rust_decimal::Decimal;

use crate::answers::{CreditKind, Owner};
use crate::compute::{Ctx, Sheet};
use crate::explain::Explanation;

/// One credit earned for the year from one source, before the order and the limits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EarnedCredit {
    /// Which credit.
    pub kind: CreditKind,
    /// Whose credit.
    pub owner: Owner,
    /// Where it comes from, in words ("3 qualified persons at Shore Crafts", "share of Main St LP").
    pub source: String,
    /// The amount before the order and the limits.
    pub amount: Decimal,
    /// How the amount was worked out.
    pub explanation: Explanation,
}

/// Every credit earned on this return, in no particular order (stub: filled by the credit rules).
pub fn earned_credits(_cx: &Ctx, _s: &Sheet) -> Vec<EarnedCredit> {
    Vec::new()
}

/// The sheltered workshop limit's share (54A:4-11 c): gross income from New Jersey sources
/// attributable to the businesses that employ the qualified persons, over entire gross income
/// (line 29), at most 1 (stub).
pub fn sheltered_workshop_income_share(_cx: &Ctx, _s: &Sheet) -> (Decimal, Explanation) {
    (Decimal::ZERO, Explanation::default())
}
