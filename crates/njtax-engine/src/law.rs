//! The law figures as typed data: one module per `forms/params/*.ron` file, each holding the
//! [`crate::param_domain!`] declaration of that file's figures, the parameter types they use, and
//! the pure look-ups over them that several rules share (state lists, the year's date checks, the
//! next business day).
//!
//! This module depends on [`crate::params`], [`crate::answers`], [`crate::calendar`],
//! [`crate::explain`] and [`crate::money`] only: never on the rules or the orchestrator, so that
//! the year book ([`crate::year`]) can be built from it without reaching the rules.

pub mod business_credits;
pub mod credits;
pub mod deductions;
pub mod estimated;
pub mod exclusions;
pub mod exemptions;
pub mod federal;
pub mod funds;
pub mod health;
pub mod income;
pub mod late;
pub mod property;
pub mod residency;
pub mod tax;
pub mod withholding;
