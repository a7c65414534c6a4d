//! `njtax`: the headless command line over the engine.
fn main() {}
