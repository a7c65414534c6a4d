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

/// What a rule test looks at: the lines computed and the diagnostics recorded.
pub struct Out {
    pub lines: Vec<njtax_engine::Line>,
    pub diags: Vec<njtax_engine::Diagnostic>,
}

impl Out {
    /// A line's value (panics when the line was not computed).
    pub fn v(&self, key: njtax_engine::Key) -> rust_decimal::Decimal {
        self.get(key).value
    }

    /// A line (panics when it was not computed).
    pub fn get(&self, key: njtax_engine::Key) -> &njtax_engine::Line {
        self.lines
            .iter()
            .find(|l| l.key == key)
            .unwrap_or_else(|| panic!("no line {key}"))
    }

    /// Whether a diagnostic with this code and severity was recorded.
    pub fn has(&self, code: &str, sev: njtax_engine::Severity) -> bool {
        self.diags
            .iter()
            .any(|d| d.code == code && d.severity == sev)
    }
}

/// A sheet holding the given lines, as if computed (rule tests start from it).
pub fn sheet_with(
    cx: &njtax_engine::compute::Ctx,
    lines: &[(njtax_engine::Key, rust_decimal::Decimal)],
) -> njtax_engine::compute::Sheet<'static> {
    let mut s = njtax_engine::compute::Sheet::default();
    for (key, value) in lines {
        s.push(cx.line(*key, *value, njtax_engine::Explanation::default()));
    }
    s
}

/// Lines 40a-44 and 56 (Worksheet H or I, Schedule NJ-COJ) for answers with gross income
/// (line 29) and taxable income (line 39), as the orchestrator runs them.
pub fn property_and_coj_lines(
    a: &njtax_engine::Answers,
    gross: rust_decimal::Decimal,
    l39: rust_decimal::Decimal,
) -> Out {
    use njtax_engine::Key;
    use njtax_engine::rules::property::{
        line_40a_property_taxes_paid, line_56_property_tax_credit, lines_41_to_44,
    };
    let book = njtax_engine::ParamBook::load().unwrap();
    let p = book.for_year(a.tax_year).unwrap();
    let cx = njtax_engine::compute::Ctx::new(a, &p);
    let mut s = sheet_with(&cx, &[(Key::GrossIncome, gross), (Key::TaxableIncome, l39)]);
    let l = line_40a_property_taxes_paid(&cx, &s);
    s.push(l);
    let (lines, choice) = lines_41_to_44(&cx, &s);
    for l in lines {
        s.push(l);
    }
    let l = line_56_property_tax_credit(&cx, &s, &choice);
    s.push(l);
    Out {
        lines: s.lines().cloned().collect(),
        diags: cx.take_diags(),
    }
}
