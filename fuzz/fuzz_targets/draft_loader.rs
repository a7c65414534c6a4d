//! Arbitrary bytes as a draft file: reading must never panic; a draft that reads must compute
//! (within the invariants) and survive a write/read round trip unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use njtax_fuzz::{check_return, check_round_trip};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(draft) = njtax_engine::parse_draft(text) else {
        return;
    };
    check_return(&draft.answers);
    check_round_trip(&draft);
});
