//! Rule functions: one per NJ-1040 line or worksheet, named after it, each citing its statute.

pub mod coj;
pub mod credits;
pub mod deductions;
pub mod exclusions;
pub mod exemptions;
pub mod federal_eic;
pub mod filing;
pub mod income;
pub mod nj2450;
pub mod property;
pub mod refund;
pub mod tax;
pub mod totals;
pub mod validate;
