//! Small builders shared by the engine's rule tests.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)] // each test file uses part of it

use njtax_engine::answers::{Date, Dependent, Person, Relationship};

/// A calendar date (panics on an impossible one: a broken fixture).
pub fn date(y: u16, m: u8, d: u8) -> Date {
    Date::new(y, m, d).unwrap()
}

/// A filer born on `born`, with an SSN.
pub fn person(born: Date) -> Person {
    Person {
        birth_date: Some(born),
        ssn: "123-45-6789".into(),
        ..Person::default()
    }
}

/// A child born on `born` who lived with the filer all year.
pub fn child(born: Date) -> Dependent {
    Dependent {
        birth_date: Some(born),
        ssn: "123-45-6780".into(),
        relationship: Relationship::Child,
        months_lived_with_you: 12,
        ..Dependent::default()
    }
}

/// Compute a return with the embedded law figures.
pub fn run(a: &njtax_engine::Answers) -> njtax_engine::ComputedReturn {
    let book = njtax_engine::ParamBook::load().unwrap();
    njtax_engine::compute(a, &book).unwrap()
}

/// A computed line's value by semantic key (panics when the return has no such line).
pub fn v(r: &njtax_engine::ComputedReturn, key: njtax_engine::Key) -> rust_decimal::Decimal {
    r.by_key(key)
        .unwrap_or_else(|| panic!("no line {key}"))
        .value
}

/// Every draft under `examples/`, by path.
pub fn all_examples() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "ron") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples"),
        &mut out,
    );
    out.sort();
    out
}
