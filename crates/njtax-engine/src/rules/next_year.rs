//! After the return: next year's estimated tax (N.J.S.A. 54A:8-4, 8-5) and, when the return is
//! filed or paid late, an estimate of the penalties and interest (54A:8-1, 9-5, 9-6 a; the State
//! Tax Uniform Procedure Law). Stub: filled by the next-year rules.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::Date;
use crate::explain::Explanation;

/// One NJ-1040-ES installment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct EsInstallment {
    /// Due date.
    pub due: Option<Date>,
    /// The installment.
    pub amount: Decimal,
    /// Of it, covered by this year's overpayment credited forward (line 69).
    pub credit_applied: Decimal,
    /// Left to pay.
    pub to_pay: Decimal,
}

/// Next year's estimated tax plan.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct EstimatedTaxPlan {
    /// The year planned for.
    pub year: u16,
    /// A declaration is required (estimated tax over $400 after credits: 54A:8-4 a).
    pub required: bool,
    /// Why, in words with the numbers.
    pub reason: String,
    /// The estimated tax for the year after withholding (the total of the installments).
    pub estimated_tax: Decimal,
    /// The installments.
    pub installments: Vec<EsInstallment>,
    /// How it was worked out.
    pub explanation: Explanation,
}

/// An estimate of what filing or paying late adds (labelled as an estimate everywhere).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LateEstimate {
    /// The filing due date (with the extension when requested).
    pub filing_due: Option<Date>,
    /// The payment due date.
    pub payment_due: Option<Date>,
    /// Late filing addition.
    pub late_filing: Decimal,
    /// Late payment addition.
    pub late_payment: Decimal,
    /// Interest on the unpaid tax.
    pub interest: Decimal,
    /// The total estimate.
    pub total: Decimal,
    /// How it was worked out.
    pub explanation: Explanation,
}

crate::param_domain!("late", LateParamsFile => LateParams {
    /// Months an extension of time to file may run (54A:8-1 b).
    filing_extension_months: u32,
});
