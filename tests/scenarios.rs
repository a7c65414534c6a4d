//! Hand-worked returns as data. Beside an example draft `examples/<folder>/<name>.ron`, the file
//! `<name>.expected` holds what the return must be, computed BY HAND from the statute (N.J.S.A.
//! Title 54A) and the reference sheets before the engine was run: every line checked (with the
//! short form of its arithmetic in comments), the refund, the balance due and, where the draft
//! tests it, whether a return must be filed. The full arithmetic is in the document the file
//! names (`worked_in`). This one runner reads every such file, computes its draft, and reports
//! every difference of every scenario in one failure.
//!
//! To add a scenario: write the draft, work it by hand in the document, then write the
//! `.expected` file beside the draft. A draft in `examples/edge/` or `examples/edge2/` without
//! one fails `every_edge_draft_has_its_hand_worked_expectation`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::common;

/// One hand-worked scenario (the `.expected` file).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    /// What the scenario shows (the name of the test it was).
    test: String,
    /// The document with the full hand computation.
    worked_in: String,
    /// `(line id, amount)` of every line checked.
    lines: Vec<(String, String)>,
    /// Line 80.
    refund: String,
    /// Line 79.
    balance_due: String,
    /// Whether a return must be filed (54A:8-3.1), when the draft tests it.
    #[serde(default)]
    filing_required: Option<bool>,
}

/// Every `.expected` file under `examples/`, sorted.
fn expected_files() -> Vec<PathBuf> {
    common::files_under(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"),
        "expected",
    )
}

/// The differences of one scenario from its draft's computed return.
fn scenario_problems(path: &Path, book: &njtax_engine::ParamBook) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let e: Expected = match ron::from_str(&text) {
        Ok(e) => e,
        Err(err) => return vec![format!("does not read: {err}")],
    };
    let draft_path = path.with_extension("ron");
    let Ok(draft_text) = std::fs::read_to_string(&draft_path) else {
        return vec![format!("no draft {}", draft_path.display())];
    };
    let draft = njtax_engine::parse_draft(&draft_text).unwrap();
    let ret = njtax_engine::compute(&draft.answers, book).unwrap();
    let lines: Vec<(&str, &str)> = e
        .lines
        .iter()
        .map(|(id, v)| (id.as_str(), v.as_str()))
        .collect();
    let mut problems = common::line_problems(&ret, &lines, &e.refund, &e.balance_due);
    if let Some(want) = e.filing_required
        && ret.filing_requirement.required != want
    {
        problems.push(format!(
            "  filing required: expected {want}, got {}\n             engine says: {}",
            ret.filing_requirement.required, ret.filing_requirement.reason
        ));
    }
    if !Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(&e.worked_in)
        .exists()
    {
        problems.push(format!("  worked_in {} does not exist", e.worked_in));
    }
    if !problems.is_empty() {
        problems.insert(
            0,
            format!(
                "{} ({}), hand computation in {}:",
                e.test,
                path.display(),
                e.worked_in
            ),
        );
    }
    problems
}

#[test]
fn every_hand_worked_scenario_matches_its_draft() {
    let book = njtax_engine::ParamBook::load().unwrap();
    let files = expected_files();
    assert!(files.len() >= 60, "only {} scenarios", files.len());
    let mut failed = 0;
    let mut report = Vec::new();
    for f in &files {
        let p = scenario_problems(f, &book);
        if !p.is_empty() {
            failed += 1;
            report.extend(p);
        }
    }
    assert!(
        report.is_empty(),
        "{failed} of {} scenarios differ from the hand computation:\n{}",
        files.len(),
        report.join("\n")
    );
}

/// The runner finds a difference: a scenario with one wrong figure fails, naming the line.
#[test]
fn a_scenario_with_a_wrong_figure_is_reported() {
    let book = njtax_engine::ParamBook::load().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    std::fs::copy(examples.join("single-renter.ron"), dir.path().join("s.ron")).unwrap();
    let good = std::fs::read_to_string(examples.join("single-renter.expected")).unwrap();
    std::fs::write(dir.path().join("s.expected"), &good).unwrap();
    assert!(scenario_problems(&dir.path().join("s.expected"), &book).is_empty());
    let bad = good.replacen("(\"15\", \"52340.18\")", "(\"15\", \"52340.19\")", 1);
    assert_ne!(bad, good, "the sample scenario checks line 15");
    std::fs::write(dir.path().join("s.expected"), bad).unwrap();
    let found = scenario_problems(&dir.path().join("s.expected"), &book);
    assert!(found.iter().any(|p| p.contains("15")), "{found:?}");
}

/// Every draft in `examples/edge/` and `examples/edge2/` has its hand-worked expectation, so a new
/// draft cannot be left unchecked.
#[test]
fn every_edge_draft_has_its_hand_worked_expectation() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut missing = Vec::new();
    let mut count = 0;
    for folder in ["edge", "edge2"] {
        for e in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = e.unwrap().path();
            if path.extension().is_some_and(|x| x == "ron") {
                count += 1;
                if !path.with_extension("expected").exists() {
                    missing.push(path.display().to_string());
                }
            }
        }
    }
    assert!(count >= 50, "{count} edge drafts");
    assert!(
        missing.is_empty(),
        "drafts without an expectation: {missing:?}"
    );
}
