//! The employer's estimate of the credit for employees with impairments before the Labor
//! certificate (P.L.2019, c.32, s.6 d, e; C.34:11-56a40): per employee, the case of d(1)(a)
//! (equal hours), d(1)(b) (more hours) or d(2) (fewer hours), the adjustment of d(1)(c), and the
//! application deadline of subsection b or c.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::ImpairedEmployeeEstimate;
use crate::explain::Explanation;
use crate::rules::credit_params::BusinessCreditParams;

/// Which case of subsection d applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum HoursCase {
    /// d(1)(a): the same hours as last year.
    #[default]
    EqualHours,
    /// d(1)(b): more hours than last year.
    MoreHours,
    /// d(2): fewer hours than last year: no credit for this employee.
    FewerHours,
}

/// The estimate for one employee.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ImpairedEstimate {
    /// The employee's label.
    pub name: String,
    /// Which case applies.
    pub case: HoursCase,
    /// The preliminary amount of the credit for this employee.
    pub preliminary: Decimal,
    /// The application deadline for this employer type, in words.
    pub deadline: String,
    /// How the amount was worked out.
    pub explanation: Explanation,
}

/// Estimate one employee (stub: filled by the estimator).
pub fn estimate(
    e: &ImpairedEmployeeEstimate,
    _p: &BusinessCreditParams,
    _year: u16,
) -> ImpairedEstimate {
    ImpairedEstimate {
        name: e.name.clone(),
        ..Default::default()
    }
}
