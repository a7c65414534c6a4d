//! The `njtax` package's library: the command line's output formats and its batch over many
//! drafts ([`cli`]), shared by the `njtax` binary and the benchmarks; and the desktop app's own
//! folders ([`folders`]). The desktop app is `njtax-app` (`src/main.rs`) over the `njtax-ui` crate.

pub mod cli;
pub mod folders;
