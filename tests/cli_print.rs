//! `njtax pdf` and `njtax handoff`: files written, never overwritten without `--force`, the sheet's
//! shapes (text, CSV, JSON), and clear failures.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic

use std::process::{Command, Output};

fn njtax(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_njtax"))
        .args(args)
        .output()
        .expect("run njtax")
}

fn example(path: &str) -> String {
    format!("{}/examples/{path}", env!("CARGO_MANIFEST_DIR"))
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn pdf_writes_a_pdf_and_refuses_to_overwrite_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("return.pdf");
    let o = out.clone();
    let draft = example("ny-commuter-coj.ron");
    let first = njtax(&["pdf", &draft, "-o", out.to_str().unwrap()]);
    assert!(first.status.success(), "{}", stderr(&first));
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(bytes.len() > 10_000);
    // A clean return: nothing said about a draft mark.
    assert!(!stderr(&first).contains("DRAFT"));

    std::fs::write(&o, b"keep me").unwrap();
    let again = njtax(&["pdf", &draft, "-o", o.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("exists; pass --force"),
        "{}",
        stderr(&again)
    );
    assert_eq!(std::fs::read(&o).unwrap(), b"keep me", "left untouched");

    let forced = njtax(&["pdf", &draft, "-o", o.to_str().unwrap(), "--force"]);
    assert!(forced.status.success());
    assert!(std::fs::read(&o).unwrap().starts_with(b"%PDF-"));
}

#[test]
fn pdf_of_a_return_with_errors_says_it_is_marked_draft() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(example("ny-commuter-coj.ron")).unwrap();
    let broken = text.replacen("name: \"Rajesh Iyer\"", "name: \"\"", 1);
    assert_ne!(broken, text);
    let draft = dir.path().join("broken.ron");
    std::fs::write(&draft, broken).unwrap();
    let out = dir.path().join("broken.pdf");
    let o = njtax(&["pdf", draft.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("DRAFT - not for filing"),
        "{}",
        stderr(&o)
    );
    assert!(out.exists());
}

#[test]
fn pdf_of_an_unreadable_draft_fails_with_the_line_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let draft = dir.path().join("bad.ron");
    std::fs::write(
        &draft,
        "Draft(format_version: 5, answers: (tax_year: \"x\"))",
    )
    .unwrap();
    let out = dir.path().join("bad.pdf");
    let o = njtax(&["pdf", draft.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 1"), "{}", stderr(&o));
    assert!(!out.exists());
}

#[test]
fn handoff_text_starts_with_last_years_gross_income_then_follows_the_form() {
    let o = njtax(&["handoff", &example("ny-commuter-coj.ron")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let first_figure = text
        .lines()
        .find(|l| l.starts_with("   ") && l.contains(": "))
        .unwrap();
    assert!(
        first_figure
            .contains("Last year's New Jersey gross income (2023 NJ-1040 line 29): $152,310.87"),
        "{first_figure}"
    );
    // Steps in the form's order.
    let pos = |s: &str| text.find(s).unwrap_or_else(|| panic!("{s} missing"));
    assert!(pos("1. Getting started") < pos("2. You and your household"));
    assert!(pos("Wages (each W-2)") < pos("Other income"));
    assert!(pos("Other income") < pos("Refund or amount due"));
    assert!(text.contains("New Jersey gross income: $160,502.56  [line 29] (check)"));
}

#[test]
fn handoff_csv_has_its_header_and_five_fields_a_row() {
    let o = njtax(&[
        "handoff",
        &example("ny-commuter-coj.ron"),
        "--format",
        "csv",
        "--mask-ssns",
    ]);
    assert!(o.status.success());
    let text = stdout(&o);
    let mut rows = text.split("\r\n").filter(|r| !r.is_empty());
    assert_eq!(rows.next(), Some("step,label,value,source,check"));
    let rows: Vec<&str> = rows.collect();
    assert!(rows.len() > 20);
    // Amounts with thousands separators are quoted, so every row still splits into five fields.
    let wages = rows
        .iter()
        .find(|r| r.contains("[line 15]") || r.contains(",line 15,"))
        .unwrap();
    assert!(wages.contains("\"$150,471.15\""), "{wages}");
    assert!(text.contains("***-**-3001") && !text.contains("400-00-3001"));
}

#[test]
fn handoff_json_has_the_sheets_shape() {
    let o = njtax(&[
        "handoff",
        &example("ny-commuter-coj.ron"),
        "--format",
        "json",
    ]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["form"], "NJ-1040 2024");
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps[0]["title"], "Getting started");
    let e = &steps[0]["entries"][0];
    assert_eq!(e["value"], "$152,310.87");
    assert_eq!(e["check"], false);
    assert!(
        v["notes"].as_array().unwrap()[0]
            .as_str()
            .unwrap()
            .starts_with("Uncertain:")
    );
}

#[test]
fn handoff_of_a_nonresident_only_draft_says_it_needs_an_nj_1040() {
    let o = njtax(&[
        "handoff",
        &example("residency/03-single-pa-resident-nj-wages-nj-rental-2024.ron"),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no NJ-1040"), "{}", stderr(&o));
}

#[test]
fn a_2026_handoff_sheet_says_the_year_is_provisional_and_a_2024_one_does_not() {
    let o = njtax(&["handoff", &example("family-2026.ron")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("Tax year 2026 is provisional") && text.contains("Compare each figure"),
        "{text}"
    );
    let o = njtax(&["handoff", &example("ny-commuter-coj.ron")]);
    assert!(!stdout(&o).contains("provisional"));
}
