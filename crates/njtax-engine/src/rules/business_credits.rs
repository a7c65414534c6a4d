//! Employer and business credits: one mechanism that applies every credit in its order, with its
//! limits and carryovers, and explains each amount (NJ-1040 lines 46-50, 62, 63 and the business
//! credits schedule).
//!
//! Each credit's rules (refundable, place in the order, carryover years, form line, where it is
//! claimed, years in force) are data: the catalogue in `forms/params/business_credits.ron`
//! ([`crate::rules::credit_params`]). What each credit amounts to before the order and the limits
//! comes from [`crate::rules::credit_amounts`]. Decision record: `docs/decisions/business-credits.md`.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::{CreditKind, Owner};
use crate::explain::Explanation;

/// One credit on the business credits schedule of a return.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ScheduleRow {
    /// Which credit.
    pub kind: CreditKind,
    /// Its name.
    pub name: String,
    /// Statute citation.
    pub statute: String,
    /// Where and how it is claimed.
    pub claimed_where: String,
    /// Why where it is claimed is uncertain, when it is.
    pub where_uncertain: Option<String>,
    /// The line id on this return's form that carries it ("46"), when the form has one.
    pub line: Option<String>,
    /// What exceeds the tax is refunded.
    pub refundable: bool,
    /// This year's credit, before the order and the limits.
    pub earned: Decimal,
    /// Carried in from earlier years and still usable.
    pub carried_in: Decimal,
    /// The limit that applied (the sheltered workshop 50% limit), when one did.
    pub limit: Option<Decimal>,
    /// Used against the tax.
    pub applied: Decimal,
    /// Paid as an overpayment (refundable credits only).
    pub refunded: Decimal,
    /// Carried forward to next year.
    pub carried_forward: Decimal,
    /// Lost: unused and not carried forward (no carryover, or its last year).
    pub lost: Decimal,
    /// How the amounts were worked out.
    pub explanation: Explanation,
}

/// One line of the carryover ledger: a credit of one origin year.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LedgerRow {
    /// Whose credit.
    pub owner: Owner,
    /// Which credit.
    pub kind: CreditKind,
    /// The year the credit was allowed for.
    pub origin_year: u16,
    /// Usable at the start of this year (for this year's credit: the part not used by a limit).
    pub available: Decimal,
    /// Used this year.
    pub used: Decimal,
    /// Left after this year.
    pub remaining: Decimal,
    /// The last tax year it can be used in.
    pub last_year: u16,
    /// The part of `remaining` that expires at the end of this year (this is its last year).
    pub expiring: Decimal,
}

/// The business credits schedule of one return: every credit, the ledger, and the credits that
/// have no line on the form (claimed separately).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CreditSchedule {
    /// One row per credit claimed, in the order applied.
    pub rows: Vec<ScheduleRow>,
    /// The carryover ledger after this year.
    pub ledger: Vec<LedgerRow>,
    /// Non-refundable credits without a line on the form, applied after lines 46-48.
    pub separate_nonrefundable: Decimal,
    /// Refundable credits without a line on the form.
    pub separate_refundable: Decimal,
    /// Refund (positive) or balance due (negative) once the separately claimed credits are allowed.
    pub net_after_separate_claims: Decimal,
    /// Plain notes for the filer (where to send a certificate, what is uncertain).
    pub notes: Vec<String>,
}

impl CreditSchedule {
    /// Whether the schedule has anything to show.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty() && self.ledger.is_empty()
    }
}
