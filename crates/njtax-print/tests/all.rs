//! Every integration test of this crate in one test binary (one link instead of one per file):
//! run one file's tests with `cargo test --test all FILE::`.

mod digital_assets;
mod layout;
