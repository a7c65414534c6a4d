//! # njtax-engine
//!
//! A pure New Jersey Gross Income Tax engine: the draft's [`Answers`] and a tax year's law
//! figures in, a [`ComputedReturn`] out, with every NJ-1040 line carrying its explanation (the
//! rule in words with the numbers, the inputs, the law figures and the statute citation).
//!
//! The engine has no user-interface, file-dialog or platform-folder dependency; the desktop app
//! and the `njtax` command line are thin shells over it. Money is [`rust_decimal::Decimal`] with
//! explicit rounding ([`money`]); law figures are data keyed by year ([`params`], `forms/params/`).
#![deny(missing_docs)]

pub mod amend;
pub mod answers;
pub mod calendar;
pub mod clinic;
pub mod compare;
pub mod compute;
pub mod coverage;
pub mod csv;
pub mod draft;
pub mod explain;
pub mod key;
pub mod law;
pub mod lines;
pub mod money;
pub mod params;
pub mod registry;
pub mod residency;
pub mod rollover;
pub mod rules;
pub mod schedule;
pub mod sheet;
pub mod statements;
pub mod year;

pub use answers::Answers;
pub use compute::{ComputeError, ComputedReturn, compute, compute_values, compute_with};
pub use draft::{Draft, DraftError, FORMAT_VERSION, parse_draft};
pub use explain::{Diagnostic, Explanation, Line, Severity};
pub use key::Key;
pub use year::{ParamBook, ParamSources, Provisional, TaxYear, YearParams};
