//! Every integration test of this crate in one test binary (one link instead of one per file):
//! run one file's tests with `cargo test --test all FILE::`.

mod amended;
mod back_years;
mod business_credits;
mod clinic;
mod clinic_review;
mod coj;
mod common;
mod compact;
mod compare;
mod credit_amounts;
mod credits;
mod deductions;
mod direct_deposit;
mod exclusions;
mod exemptions;
mod federal_eic;
mod filing;
mod funds;
mod hcc;
mod impaired_estimator;
mod import_cycles;
mod income;
mod next_year;
mod nj2210;
mod nj2450;
mod no_law_numbers;
mod order;
mod params;
mod properties;
mod property;
mod purity;
mod residency;
mod rollover;
mod tax;
mod validate;
