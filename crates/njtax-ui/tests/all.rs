//! Every integration test of this crate in one test binary (one link instead of one per file):
//! run one file's tests with `cargo test --test all FILE::`.

mod crash;
mod files;
mod interview;
mod locks;
mod platform_files;
mod size_limit;
