//! Form NJ-2210: underpayment of estimated tax and the interest on NJ-1040 line 52
//! (N.J.S.A. 54A:8-4, 8-5, 9-6 c, d). Stub: filled by the NJ-2210 rules.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::Date;
use crate::explain::Explanation;

/// One installment column (A-D) of the NJ-2210.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Nj2210Column {
    /// Installment due date.
    pub due: Option<Date>,
    /// Required installment.
    pub required: Decimal,
    /// Estimated payments and withholding credited to this installment (with any overpayment
    /// carried from the column before).
    pub paid: Decimal,
    /// Underpayment of this installment (0 when paid in full or an exception applies).
    pub underpayment: Decimal,
    /// Interest on this installment's underpayment.
    pub interest: Decimal,
    /// How the column was worked out.
    pub explanation: Explanation,
}

/// The NJ-2210 of a return.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Nj2210Schedule {
    /// Line 1: the year's tax (line 50).
    pub tax: Decimal,
    /// Line 2: withholding and refundable credits.
    pub withholding_and_credits: Decimal,
    /// Line 3: line 1 less line 2.
    pub net_tax: Decimal,
    /// The required annual payment (the lesser of 80% of this year's tax and last year's tax).
    pub required_annual: Decimal,
    /// The four (or fewer) installment columns.
    pub columns: Vec<Nj2210Column>,
    /// The total interest (line 52).
    pub interest: Decimal,
    /// Plain notes (why no interest is due, which exception applied, what is uncertain).
    pub notes: Vec<String>,
}

crate::param_domain!("estimated", EstimatedParamsFile => EstimatedParams {
    /// Estimated tax over credits above which a declaration is required (54A:8-4 a).
    declaration_threshold: Decimal,
});
