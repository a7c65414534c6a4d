//! Every integration test of this crate in one test binary (one link instead of one per file):
//! run one file's tests with `cargo test --test all FILE::`.

mod business_credit_returns;
mod cli;
mod cli_print;
mod clinic_locks;
mod common;
mod draft_size;
mod draft_versions;
mod edge3_returns;
mod encrypted;
mod estimate_and_health_returns;
mod folders;
mod gui;
mod gui_digital_assets;
mod gui_forget;
mod gui_help;
mod gui_idle;
mod gui_platform;
mod gui_recovery;
mod gui_review;
mod gui_snapshots;
mod gui_walk;
mod no_line_literals;
mod no_network;
mod pdf;
mod residency_returns;
mod returns_2026;
mod returns_back_years;
mod scenarios;
mod unused_answers;
mod words;
mod worked_returns;
