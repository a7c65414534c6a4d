//! The printed return, read back as a person or a screen reader would: the PDF of two example
//! drafts is turned into text with poppler's `pdftotext` (installed by `.ci/run`), and every line
//! of every return must be there with the engine's value, in the form's order, with the header,
//! the schedules, the explanations and the hand-off sheet. `pdffonts` shows the fonts embedded.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic

use crate::common;
use njtax_engine::Key;

use std::process::Command;

use njtax_engine::Answers;
use njtax_engine::compute::ReturnSet;
use njtax_print::{DRAFT_MARK, PrintOptions, return_pdf};

/// Run a poppler tool; a missing tool fails the test (CI installs poppler-utils).
fn poppler(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!("{tool} must be installed (apt-get install poppler-utils): {e}")
    });
    assert!(
        out.status.success(),
        "{tool} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Write the PDF of `answers` and read its text back (`-layout` keeps a row on one line).
fn pdf_text(answers: &Answers, set: &ReturnSet, opts: &PrintOptions) -> (String, String) {
    let pdf = return_pdf(answers, set, opts).unwrap();
    assert!(pdf.starts_with(b"%PDF-"), "a PDF file");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("return.pdf");
    std::fs::write(&path, &pdf).unwrap();
    let p = path.to_str().unwrap();
    let text = poppler("pdftotext", &["-layout", p, "-"]);
    let fonts = poppler("pdffonts", &[p]);
    (text, fonts)
}

/// Every line of every return, in order: a text row starting with the line's number and ending
/// with its value as the engine shows it. Returns the differences.
fn missing_lines(text: &str, set: &ReturnSet) -> Vec<String> {
    let rows: Vec<&str> = text.lines().map(str::trim).collect();
    let mut at = 0;
    let mut missing = Vec::new();
    for r in &set.returns {
        for line in &r.lines {
            let value = line.display_value();
            let start = format!("{} ", line.id);
            let found = rows[at..]
                .iter()
                .position(|row| row.starts_with(&start) && row.ends_with(&value));
            match found {
                Some(i) => at += i + 1,
                None => missing.push(format!(
                    "{} line {} ({}) = {value}",
                    r.form, line.id, line.label
                )),
            }
        }
    }
    missing
}

fn load(folder: &str, file: &str) -> (Answers, ReturnSet) {
    let a = common::load_answers(folder, file);
    let set = common::load_and_compute_set(folder, file);
    (a, set)
}

#[test]
fn the_joint_ny_commuters_return_prints_every_line_with_the_engines_value() {
    let (a, set) = load("", "ny-commuter-coj.ron");
    assert_eq!(set.returns.len(), 1);
    let (text, fonts) = pdf_text(&a, &set, &PrintOptions::default());
    let missing = missing_lines(&text, &set);
    assert!(missing.is_empty(), "not printed:\n{}", missing.join("\n"));
    // The header: both names, both SSNs, the address and the municipality code, the status.
    for s in [
        "Rajesh Iyer",
        "Priya Iyer",
        "SSN 400-00-3001",
        "SSN 400-00-3002",
        "48 Valley Road",
        "Montclair, NJ 07042",
        "0713",
        "Married/CU couple, filing joint return",
    ] {
        assert!(text.contains(s), "header shows {s}");
    }
    // The result, the schedules it used and an explanation with its citation.
    let r = &set.returns[0];
    assert!(r.balance_due > rust_decimal::Decimal::ZERO);
    assert!(text.contains(&format!(
        "Balance due: {}",
        njtax_engine::money::fmt_money(r.balance_due)
    )));
    assert!(
        text.contains("Schedule NJ-COJ (line 44)"),
        "the COJ schedule"
    );
    // Line 41 is zero (the $50 credit won), so Worksheet I is printed with line 56, which names it.
    assert!(
        text.contains("Schedule NJ-COJ and Worksheet I (line 56)"),
        "Worksheet I"
    );
    assert!(
        !text.contains("Worksheet F (line 31)"),
        "no medical expenses: no Worksheet F"
    );
    assert!(text.contains("New York: income taxed by both"));
    assert!(text.contains("Explanations: why each line has its value"));
    assert!(text.contains("Citation: N.J.S.A. 54A:4-1; NJ-1040 line 44; Schedule NJ-COJ"));
    // A clean return carries no draft mark.
    assert!(!r.has_errors());
    assert!(!text.contains(DRAFT_MARK));
    // The hand-off sheet starts with last year's gross income, as entered.
    let sheet = text
        .find("Hand-off sheet for New Jersey's online filing service")
        .expect("the hand-off sheet is printed");
    let last_year = text[sheet..]
        .find("Last year's New Jersey gross income (2023 NJ-1040 line 29)")
        .expect("last year's line 29 is asked first");
    assert!(
        text[sheet + last_year..]
            .lines()
            .next()
            .unwrap()
            .contains("$152,310.87")
    );
    // Both faces embedded as subsets: the text is real text in fonts the PDF carries.
    let embedded = fonts
        .lines()
        .filter(|l| l.contains("DejaVuSansCondensed") && l.contains(" yes yes yes "))
        .count();
    assert_eq!(embedded, 2, "{fonts}");
}

#[test]
fn a_part_year_residents_draft_prints_both_returns_every_line_in_order() {
    let (a, set) = load("residency", "01-single-moved-in-from-ny-1-july-2024.ron");
    assert_eq!(set.returns.len(), 2, "an NJ-1040 and an NJ-1040NR");
    let (text, _) = pdf_text(&a, &set, &PrintOptions::default());
    let missing = missing_lines(&text, &set);
    assert!(missing.is_empty(), "not printed:\n{}", missing.join("\n"));
    assert!(text.contains("NJ-1040 2024: New Jersey Resident Return (part-year: resident period)"));
    assert!(text.contains("NJ-1040NR 2024: New Jersey Nonresident Return"));
    assert!(text.contains("2024-07-01 to 2024-12-31 (6 months)"));
    assert!(text.contains("200 Washington Street, Apt 14C"));
    // The income percentage prints as a percentage, not money.
    let pct = set.returns[1].by_key(Key::IncomePercentage).unwrap();
    assert!(pct.display_value().ends_with('%'));
    // No last year's figure entered: the sheet says so.
    assert!(text.contains("Last year's New Jersey gross income was not entered"));
}

#[test]
fn a_return_with_errors_is_marked_draft_on_every_page() {
    let (mut a, _) = load("", "ny-commuter-coj.ron");
    a.taxpayer.name.clear(); // the name is required: an error
    let book = njtax_engine::ParamBook::load().unwrap();
    let set = njtax_engine::compute::compute_set(&a, &book).unwrap();
    assert!(set.returns[0].has_errors());
    let (text, _) = pdf_text(&a, &set, &PrintOptions::default());
    let pages = text.split('\u{c}').filter(|p| !p.trim().is_empty()).count();
    assert!(pages > 3);
    let marked = text
        .split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .filter(|p| p.contains(DRAFT_MARK))
        .count();
    assert_eq!(marked, pages, "every page carries the mark");
    // The error itself is printed under Messages.
    assert!(text.contains("Error: "));
}

#[test]
fn a_reviewers_copy_shows_only_the_last_four_digits_of_each_ssn() {
    let (a, set) = load("", "ny-commuter-coj.ron");
    let (text, _) = pdf_text(&a, &set, &PrintOptions { mask_ssns: true });
    assert!(text.contains("SSN ***-**-3001"));
    assert!(text.contains("SSN ***-**-3002"));
    assert!(!text.contains("400-00-3001"));
    assert!(!text.contains("400-00-3002"));
}

#[test]
fn the_pdf_has_the_returns_title_and_an_outline_of_its_sections() {
    let (a, set) = load("", "ny-commuter-coj.ron");
    let pdf = return_pdf(&a, &set, &PrintOptions::default()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.pdf");
    std::fs::write(&path, &pdf).unwrap();
    let info = poppler("pdfinfo", &[path.to_str().unwrap()]);
    assert!(
        info.contains("Title:") && info.contains("NJ-1040 2024"),
        "{info}"
    );
    assert!(
        info.contains("Page size:       612 x 792 pts (letter)"),
        "{info}"
    );
    // Same answers, same bytes: printing is deterministic (no clock, no random id).
    assert_eq!(pdf, return_pdf(&a, &set, &PrintOptions::default()).unwrap());
}

#[test]
fn the_pdf_is_tagged_so_screen_readers_read_headings_lines_and_tables_in_order() {
    let (mut a, _) = load("", "ny-commuter-coj.ron");
    a.taxpayer.name.clear(); // an error: the draft mark is printed
    let book = njtax_engine::ParamBook::load().unwrap();
    let set = njtax_engine::compute::compute_set(&a, &book).unwrap();
    let pdf = return_pdf(&a, &set, &PrintOptions::default()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tagged.pdf");
    std::fs::write(&path, &pdf).unwrap();
    let p = path.to_str().unwrap();
    assert!(poppler("pdfinfo", &[p]).contains("Tagged:          yes"));
    let tree = poppler("pdfinfo", &["-struct-text", p]);
    let rows: Vec<&str> = tree.lines().map(str::trim).collect();
    // The mark is read once, first; the form's title is a level-1 heading.
    let first_text = rows.iter().position(|r| r.starts_with('"')).unwrap();
    assert_eq!(rows[first_text], format!("\"{DRAFT_MARK}\""));
    assert_eq!(
        tree.matches(&format!("\"{DRAFT_MARK}\"")).count(),
        1,
        "the mark on later pages is page furniture"
    );
    let h1 = rows.iter().position(|r| r.starts_with("H1")).unwrap();
    assert_eq!(rows[h1 + 1], "\"NJ-1040 2024: New Jersey Resident Return\"");
    // A form line is one paragraph read as number, label, amount.
    let wages = rows.iter().position(|r| *r == "\"15\"").unwrap();
    assert_eq!(rows[wages - 1], "P (block)");
    assert_eq!(
        rows[wages + 1],
        "\"Wages, salaries, tips, and other employee compensation\""
    );
    assert_eq!(rows[wages + 2], "\"$150,471.15\"");
    // Worksheets are tables with column headers.
    assert!(tree.contains("Table"));
    let th = rows.iter().position(|r| r.starts_with("TH")).unwrap();
    assert!(
        rows[th..th + 4].contains(&"\"Step or input\""),
        "{:?}",
        &rows[th..th + 4]
    );
    // Running heads, footers and page numbers are not read.
    assert!(!tree.contains("Page 1 of"));
    assert!(!tree.contains("Prepared with njtax"));
}

/// Text with every run of white space made one space (pdftotext wraps and pads the rows).
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The pages of pdftotext's output (a form feed ends each page).
fn pages(text: &str) -> Vec<&str> {
    text.split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .collect()
}

/// A return of a provisional year says so: the year's notice and the provisional figures it uses
/// near the top of the first page (as on the app's Review screen), once, and a short mark in the
/// running head of every page, the second return's and the hand-off sheet's too.
#[test]
fn a_provisional_years_return_says_so_on_its_first_page_and_in_every_pages_head() {
    for (folder, file) in [
        ("", "family-2026.ron"),
        ("2026", "06-hoh-moved-in-from-ny-17-may-child-1.ron"),
    ] {
        let (a, set) = load(folder, file);
        let notice = flat(
            &set.provisional
                .as_ref()
                .expect("2026 is provisional")
                .notice,
        );
        let (text, _) = pdf_text(&a, &set, &PrintOptions::default());
        let missing = missing_lines(&text, &set);
        assert!(
            missing.is_empty(),
            "{file}: not printed:\n{}",
            missing.join("\n")
        );
        let pages = pages(&text);
        assert!(pages.len() > 2, "{file}");
        let first = flat(pages[0]);
        let at = first.find(&notice).expect("the notice on page 1");
        let header = first.find("Home address").unwrap();
        assert!(
            at < header,
            "{file}: the notice comes before the header box"
        );
        assert!(first.contains("Provisional tax year 2026"));
        let uses = set.provisional_uses();
        assert!(!uses.is_empty(), "{file}");
        let heading = if set.returns.len() > 1 {
            "Provisional figures used on these returns:"
        } else {
            "Provisional figures used on this return:"
        };
        assert!(first.contains(heading), "{file}");
        for u in &uses {
            let line = flat(&format!("• {}", u.describe()));
            assert!(first.contains(&line), "{file}: {line}");
        }
        // Said once on the return: the warning is not repeated under Messages (the hand-off
        // sheet at the end, a document of its own for the online service, says it again).
        let body = flat(&text);
        let returns_part = body
            .split("Hand-off sheet for New Jersey's online filing service")
            .next()
            .unwrap();
        assert_eq!(returns_part.matches(&notice).count(), 1, "{file}");
        for (n, page) in pages.iter().enumerate() {
            // The running head's row (or the row above it, for a head too long to share it).
            let head: Vec<&str> = page
                .lines()
                .filter(|l| !l.trim().is_empty())
                .take(2)
                .collect();
            assert!(
                head.iter()
                    .any(|l| l.trim_end().ends_with("PROVISIONAL 2026 figures")),
                "{file}: page {} head: {head:?}",
                n + 1
            );
        }
    }
    // The sample's first page names the child tax credit at line 65.
    let (a, set) = load("", "family-2026.ron");
    let (text, _) = pdf_text(&a, &set, &PrintOptions::default());
    assert!(flat(pages(&text)[0]).contains("• the child tax credit amounts (line 65)"));
}

#[test]
fn a_final_years_return_has_neither_the_provisional_notice_nor_the_mark() {
    for (folder, file) in [
        ("", "widow-homeowner-2025.ron"),
        ("", "ny-commuter-coj.ron"),
    ] {
        let (a, set) = load(folder, file);
        assert!(set.provisional.is_none());
        let (text, _) = pdf_text(&a, &set, &PrintOptions::default());
        assert!(!text.contains("PROVISIONAL"), "{file}");
        assert!(!text.contains("Provisional tax year"), "{file}");
        assert!(!text.contains("Provisional figures used"), "{file}");
    }
}
