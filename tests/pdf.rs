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
    let pdf = return_pdf(answers, set, "", opts).unwrap();
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
    let (text, _) = pdf_text(
        &a,
        &set,
        &PrintOptions {
            mask_ssns: true,
            ..Default::default()
        },
    );
    assert!(text.contains("SSN ***-**-3001"));
    assert!(text.contains("SSN ***-**-3002"));
    assert!(!text.contains("400-00-3001"));
    assert!(!text.contains("400-00-3002"));
}

#[test]
fn the_pdf_has_the_returns_title_and_an_outline_of_its_sections() {
    let (a, set) = load("", "ny-commuter-coj.ron");
    let pdf = return_pdf(&a, &set, "", &PrintOptions::default()).unwrap();
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
    assert_eq!(
        pdf,
        return_pdf(&a, &set, "", &PrintOptions::default()).unwrap()
    );
}

#[test]
fn the_pdf_is_tagged_so_screen_readers_read_headings_lines_and_tables_in_order() {
    let (mut a, _) = load("", "ny-commuter-coj.ron");
    a.taxpayer.name.clear(); // an error: the draft mark is printed
    let book = njtax_engine::ParamBook::load().unwrap();
    let set = njtax_engine::compute::compute_set(&a, &book).unwrap();
    let pdf = return_pdf(&a, &set, "", &PrintOptions::default()).unwrap();
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

/// The amended draft of issue 19's return A, made as "Amend this return" makes it from the filed
/// draft (`tests/fixtures/amended/a-corrected-w2-original.ron`): a W-2c raised the state wages
/// from 52,000.00 to 55,400.00 (and the federal AGI and earned income with them); amended because
/// of a corrected statement, filed 2026-11-16. Hand-worked in docs/worked-amended-returns.md: tax
/// 1,327 -> 1,514, the original refund of 73 already paid, so 187.00 more to pay, and 8 months of
/// interest at 10% a year, 12.47.
pub fn amended_a() -> Answers {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/amended/a-corrected-w2-original.ron");
    let original = njtax_engine::parse_draft(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .answers;
    let book = njtax_engine::ParamBook::load().unwrap();
    let set = njtax_engine::compute::compute_set(&original, &book).unwrap();
    let mut a = njtax_engine::amend::start_amendment(&original, &set);
    a.income.w2s[0].state_wages = common::dec("55400.00");
    a.federal.agi = common::dec("55400");
    a.federal.earned_income = common::dec("55400");
    let am = a.amends.as_mut().unwrap();
    am.reasons.corrected_statement = true;
    am.filed_on = Some(njtax_engine::answers::Date::new(2026, 11, 16).unwrap());
    a
}

/// The PDF's text of an amended draft, with the engine's explanation of changes (as `njtax pdf`
/// and the app print it).
fn amended_pdf_text(a: &Answers) -> (ReturnSet, String) {
    let book = njtax_engine::ParamBook::load().unwrap();
    let set = njtax_engine::compute::compute_set(a, &book).unwrap();
    let p = book.supported(a.tax_year).unwrap();
    let changes = njtax_engine::amend::explanation_of_changes(a, &set, &p);
    assert!(!changes.is_empty());
    let pdf = return_pdf(a, &set, &changes, &PrintOptions::default()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("amended.pdf");
    std::fs::write(&path, &pdf).unwrap();
    let text = poppler("pdftotext", &["-layout", path.to_str().unwrap(), "-"]);
    (set, text)
}

/// The row of `text` that starts with the line id `id` after `from`, white space made single.
fn row_after(text: &str, from: usize, id: &str) -> String {
    text[from..]
        .lines()
        .map(flat)
        .find(|r| r.starts_with(&format!("{id} ")))
        .unwrap_or_else(|| panic!("no row {id} after the amended table's header"))
}

/// An amended draft's PDF keeps the corrected return's pages (column C) and adds the amended
/// return: the NJ-1040X with the year, the three columns of every line, the result after the
/// original's refund, the interest estimate marked as one, the reasons and the explanation of
/// changes naming the W-2's state wages.
#[test]
fn an_amended_drafts_pdf_shows_the_nj_1040x_with_its_three_columns_and_the_additional_tax() {
    let a = amended_a();
    let (set, text) = amended_pdf_text(&a);
    let r = &set.returns[0];
    let x = r.amended.as_ref().unwrap();
    // The return's own lines are still printed first, with the corrected values (column C).
    let missing = missing_lines(&text, &set);
    assert!(missing.is_empty(), "not printed:\n{}", missing.join("\n"));
    let heading = text
        .find("Amended 2025 return: Form NJ-1040X")
        .expect("the amended section names the NJ-1040X and the year");
    assert!(
        text.find("Explanations: why each line has its value")
            .unwrap()
            > heading,
        "the amended section follows the return's lines"
    );
    assert!(
        flat(&text).contains("File Form NJ-1040X to amend the 2025 NJ-1040 as originally filed.")
    );
    // The three column headings on one row.
    let header = text[heading..]
        .lines()
        .map(flat)
        .find(|r| r.contains("B Net change"))
        .expect("the columns' header row");
    assert_eq!(
        header,
        "Line Label A As originally reported B Net change C Correct amount"
    );
    let table = heading + text[heading..].find("B Net change").unwrap();
    // Wages and tax: A, B, C.
    // Wages and tax: A, B, C on the row of the line's id (a long label wraps under it).
    let wages = x.row(Key::Wages).unwrap();
    let wages_row = row_after(&text, table, &wages.id);
    assert!(
        wages_row.starts_with(&format!("{} Wages", wages.id))
            && wages_row.ends_with("$52,000.00 $3,400.00 $55,400.00"),
        "{wages_row}"
    );
    let tax = x.row(Key::Tax).unwrap();
    let tax_row = row_after(&text, table, &tax.id);
    assert!(
        tax_row.ends_with("$1,327.00 $187.00 $1,514.00"),
        "{tax_row}"
    );
    // The original overpayment goes to zero: its change is negative.
    let over = x.row(Key::Overpayment).unwrap();
    assert!(row_after(&text, table, &over.id).ends_with("$73.00 -$73.00 $0.00"));
    // Every row of the table is printed, in order.
    let mut at = table;
    for row in &x.rows {
        let found = text[at..]
            .lines()
            .position(|l| flat(l).starts_with(&format!("{} ", row.id)))
            .unwrap_or_else(|| panic!("row {} missing", row.id));
        at += text[at..]
            .lines()
            .take(found + 1)
            .map(|l| l.len() + 1)
            .sum::<usize>();
    }
    // The result.
    let after = flat(&text[table..]);
    for want in [
        "Total payments and credits (line 55, column C) $1,400.00",
        "Tax paid with the original return or after it $0.00",
        "already refunded, credited forward or given to funds $73.00",
        "Total tax due (line 54, column C) $1,514.00",
        "Additional tax due with the amended return: $187.00",
    ] {
        let want = want
            .replace(
                "line 55",
                &format!("line {}", x.row(Key::TotalPayments).unwrap().id),
            )
            .replace(
                "line 54",
                &format!("line {}", x.row(Key::TotalTaxDue).unwrap().id),
            );
        assert!(after.contains(&want), "{want} missing:\n{after}");
    }
    // The interest, labelled as an estimate, with its words.
    assert!(
        after.contains("Interest on the additional tax: Estimate"),
        "{after}"
    );
    assert!(
        after.contains("Estimate of the interest from 2026-04-15 to 2026-11-16 (8 month(s) or part of a month) $12.47"),
        "{after}"
    );
    let words = flat(&x.interest.as_ref().unwrap().words);
    assert!(words.starts_with("Estimate only:"));
    assert!(after.contains(&words), "the estimate's words:\n{after}");
    // The reasons and the explanation of changes, which names the W-2's state wages.
    assert!(
        after.contains("Reasons for amending • A corrected or missing W-2 or 1099"),
        "{after}"
    );
    let explanation = after
        .split("Explanation of changes ")
        .nth(1)
        .expect("the explanation of changes");
    assert!(
        explanation.starts_with("Amended because: A corrected or missing W-2 or 1099."),
        "{explanation}"
    );
    assert!(
        explanation
            .contains("W-2 #1 (Raritan Valley Foods Inc): state wages 52,000.00 to 55,400.00"),
        "{explanation}"
    );
    // No refund: no refund time limit; a W-2c is no federal change.
    assert!(!after.contains("Time limit on the refund"));
    assert!(!after.contains("Reporting the federal change"));
}

/// The filed draft itself prints no amended section, and its hand-off sheet is for the online
/// service; the amended draft's hand-off sheet says the amended return is mailed, and where.
#[test]
fn only_an_amended_draft_has_the_amended_section_and_its_sheet_says_to_mail_it() {
    let original = common::load_answers("../tests/fixtures/amended", "a-corrected-w2-original.ron");
    let book = njtax_engine::ParamBook::load().unwrap();
    let set = njtax_engine::compute::compute_set(&original, &book).unwrap();
    assert!(set.returns[0].amended.is_none());
    let (text, _) = pdf_text(&original, &set, &PrintOptions::default());
    for s in [
        "NJ-1040X",
        "Amended 2025 return",
        "A As originally reported",
        "Explanation of changes",
        "Mail the amended return",
    ] {
        assert!(!text.contains(s), "{s} on the original's printout");
    }
    assert!(text.contains("Type the amounts; compare the ones marked"));

    let (_, text) = amended_pdf_text(&amended_a());
    let sheet = flat(
        &text[text
            .find("Hand-off sheet for New Jersey's online filing service")
            .expect("the sheet")..],
    );
    assert!(
        sheet.contains("New Jersey's online filing service does not take amended returns: an amended return is mailed."),
        "{sheet}"
    );
    assert!(sheet.contains("Form to file: NJ-1040X 2025."), "{sheet}");
    assert!(
        sheet.contains("Mail the amended return to: State of New Jersey, Division of Taxation, Revenue Processing Center, PO Box 664, Trenton, NJ 08646-0664"),
        "{sheet}"
    );
    assert!(sheet.contains("Uncertain: The mailing address for amended returns is from the 2023 NJ-1040X instructions (a third-party copy)"), "{sheet}");
    assert!(
        !sheet.contains("Type the amounts; compare the ones marked"),
        "{sheet}"
    );
    // Said once on the sheet (not again among its notes).
    assert_eq!(sheet.matches("PO Box 664").count(), 1, "{sheet}");
}

/// `tests/fixtures/amended/a-corrected-w2-amended.ron` is [`amended_a`] written as a draft (the
/// CLI's tests print it): it parses, and its answers are the ones built here. Written again with
/// `NJTAX_WRITE_FIXTURES=1`.
#[test]
fn the_amended_fixture_is_the_draft_amend_this_return_makes() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/amended/a-corrected-w2-amended.ron");
    let built = njtax_engine::Draft {
        format_version: njtax_engine::draft::FORMAT_VERSION,
        answers: amended_a(),
    };
    if std::env::var_os("NJTAX_WRITE_FIXTURES").is_some() {
        let text = format!(
            "// Amended return A (issue 19): a-corrected-w2-original.ron amended after a W-2c raised the\n// state wages to 55,400.00, filed 2026-11-16. Written by tests/pdf.rs\n// (the_amended_fixture_is_the_draft_amend_this_return_makes, NJTAX_WRITE_FIXTURES=1).\n{}\n",
            njtax_engine::draft::draft_to_string(&built).unwrap()
        );
        std::fs::write(&path, text).unwrap();
    }
    let text = std::fs::read_to_string(&path).unwrap();
    let parsed = njtax_engine::parse_draft(&text).unwrap();
    assert_eq!(parsed, built);
}

/// A part-year resident's amended draft amends both returns: the NJ-1040 on the NJ-1040X, and
/// the NJ-1040NR filed again marked AMENDED across the top (New Jersey has no separate amended
/// nonresident form).
#[test]
fn an_amended_part_year_draft_prints_the_nj_1040x_and_the_nj_1040nr_marked_amended() {
    let (original, set) = load("residency", "01-single-moved-in-from-ny-1-july-2024.ron");
    let a = njtax_engine::amend::start_amendment(&original, &set);
    let (set, text) = amended_pdf_text(&a);
    assert_eq!(set.returns.len(), 2);
    let body = flat(&text);
    let x = body
        .find("Amended 2024 return: Form NJ-1040X")
        .expect("the NJ-1040X");
    let nr = body
        .find("Amended 2024 return: the NJ-1040NR filed again, marked AMENDED across the top")
        .expect("the NJ-1040NR marked amended");
    assert!(x < nr, "in the returns' order");
    assert!(body.contains("write AMENDED across the top of its first page"));
    // Nothing changed: every change is zero, and the explanation says so for each return.
    assert!(
        body.contains("NJ-1040: No line of the NJ-1040 changes."),
        "{body}"
    );
    assert!(
        body.contains("NJ-1040NR: No line of the NJ-1040NR changes."),
        "{body}"
    );
}

/// A draft prepared at a clinic: the reviewer's copy (SSNs masked) ends with the clinic's record
/// (status, sign-offs, every note with its answer named and its resolution, the quality-review
/// ticks); the filer's copy carries none of it.
#[test]
fn the_clinic_record_is_printed_on_the_reviewers_copy_only() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/single-renter.ron");
    let mut a = njtax_engine::parse_draft(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .answers;
    let book = njtax_engine::ParamBook::load().unwrap();
    let set = njtax_engine::compute::compute_set(&a, &book).unwrap();
    let at = "2026-12-07T14:05:00Z";
    njtax_engine::clinic::set_status(
        &mut a,
        &set,
        njtax_engine::answers::ClinicStatus::ReadyForReview,
        "Pat Lee",
        at,
        "",
    )
    .unwrap();
    njtax_engine::clinic::add_note(
        &mut a,
        njtax_engine::answers::NoteAbout::Answer("income.w2s[0].state_wages".into()),
        "check box 16 against the W-2",
        "Sam Ortiz",
        at,
    )
    .unwrap();
    a.clinic
        .as_mut()
        .unwrap()
        .checklist
        .insert("identity".into(), true);
    let set = njtax_engine::compute::compute_set(&a, &book).unwrap();
    let (reviewer, _) = pdf_text(
        &a,
        &set,
        &PrintOptions {
            mask_ssns: true,
            ..Default::default()
        },
    );
    let reviewer = flat(&reviewer);
    assert!(
        reviewer.contains("Clinic review (reviewer's copy)"),
        "{reviewer}"
    );
    assert!(reviewer.contains("Status: ready for review"));
    assert!(reviewer.contains("Prepared by: Pat Lee"));
    assert!(
        reviewer.contains("#1 on W-2 #1 (Harborside Logistics LLC): state wages, by Sam Ortiz")
    );
    assert!(reviewer.contains("check box 16 against the W-2 Open"));
    assert!(reviewer.contains("[x] I saw a photo ID"));
    let (filer, _) = pdf_text(
        &a,
        &set,
        &PrintOptions {
            mask_ssns: false,
            ..Default::default()
        },
    );
    assert!(
        !filer.contains("Clinic review"),
        "never on the filer's return"
    );
    assert!(!filer.contains("check box 16"));
}

/// Issue 39 item 9: a 2019 return whose refund's last day (2023-07-17) has passed on the day it
/// is taken as filed prints no refund figure in the summary, and the hand-off sheet's refund
/// says it is barred with the reason in its notes; the same return filed on time prints its
/// refund of $560.00.
#[test]
fn a_barred_refund_is_printed_and_handed_off_as_barred_not_as_a_refund() {
    use njtax_engine::answers::{Date, W2};
    let mut a = Answers {
        tax_year: 2019,
        ..Answers::default()
    };
    a.taxpayer.name = "Pat Example".into();
    a.income.w2s.push(W2 {
        employer: "Bridge Works".into(),
        state_wages: common::dec("30000"),
        nj_tax_withheld: common::dec("998"),
        ..W2::default()
    });
    let set =
        njtax_engine::compute::compute_set(&a, &njtax_engine::ParamBook::load().unwrap()).unwrap();
    assert_eq!(set.returns[0].refund, common::dec("560"));
    let today = Date::new(2026, 12, 8);
    let opts = PrintOptions {
        filing_day: today,
        ..PrintOptions::default()
    };
    let (text, _) = pdf_text(&a, &set, &opts);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("No refund: the last day to claim the overpayment of $560.00 was 2023-07-17"),
        "{flat}"
    );
    assert!(!flat.contains("Refund: $560.00"), "{flat}");
    let sheet = njtax_print::handoff_on(&a, &set, true, today).unwrap();
    let refund = sheet
        .steps
        .iter()
        .flat_map(|s| &s.entries)
        .find(|e| e.label == "Refund amount")
        .unwrap();
    assert_eq!(refund.value, njtax_print::handoff::BARRED);
    assert!(sheet.notes.iter().any(|n| n.contains("2023-07-17")));
    // Filed on time: the refund is printed and handed off.
    a.filing.filed_on = Date::new(2020, 7, 1);
    let set =
        njtax_engine::compute::compute_set(&a, &njtax_engine::ParamBook::load().unwrap()).unwrap();
    let (text, _) = pdf_text(&a, &set, &opts);
    assert!(text.contains("Refund: $560.00"));
    let sheet = njtax_print::handoff_on(&a, &set, true, today).unwrap();
    assert!(
        sheet
            .steps
            .iter()
            .flat_map(|s| &s.entries)
            .any(|e| e.label == "Refund amount" && e.value == "$560.00")
    );
}

/// Issue 39 (the checker's F4): an amended return whose refund the time limits bar, wholly or in
/// part, never prints or hands off the corrected return's overpayment (column C) as the refund:
/// the first page's summary and the hand-off sheet's refund say what the amended return refunds
/// (the allowed part) or that it is barred (54A:9-8 d). The New York notice fixture claims
/// $1,672.02 under 54A:4-1 e until 2027-02-01 (corrected overpayment $1,863.99); the federal
/// change fixture allows $552.50 of $751.40 under 54A:9-8 c (corrected overpayment $525.65).
#[test]
fn an_amended_returns_barred_refund_is_never_printed_or_handed_off_as_the_corrected_overpayment() {
    let fixture = |name: &str| {
        let path = format!(
            "{}/tests/fixtures/amended/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        njtax_engine::parse_draft(&std::fs::read_to_string(path).unwrap())
            .unwrap()
            .answers
    };
    let refund_entry = |a: &Answers, set: &ReturnSet| {
        let sheet = njtax_print::handoff_on(a, set, true, None).unwrap();
        let e = sheet
            .steps
            .iter()
            .flat_map(|s| &s.entries)
            .find(|e| e.label == "Refund amount")
            .unwrap()
            .value
            .clone();
        (e, sheet.notes.join(" "))
    };
    // Wholly barred: mailed the day after the notice's year.
    let mut a = fixture("f-new-york-notice-typed-figures.ron");
    a.amends.as_mut().unwrap().filed_on = njtax_engine::answers::Date::new(2027, 2, 2);
    let (set, text) = amended_pdf_text(&a);
    let first = flat(pages(&text)[0]);
    assert!(!first.contains("Refund: $1,863.99"), "{first}");
    assert!(
        first.contains("Amended: refund barred: the $1,672.02 it would refund is barred"),
        "{first}"
    );
    let (value, notes) = refund_entry(&a, &set);
    assert_eq!(value, njtax_print::handoff::BARRED);
    assert!(notes.contains("Amended: refund barred"), "{notes}");
    // In time: the amended refund, not column C's overpayment.
    a.amends.as_mut().unwrap().filed_on = njtax_engine::answers::Date::new(2027, 2, 1);
    let (set, text) = amended_pdf_text(&a);
    let first = flat(pages(&text)[0]);
    assert!(
        first.contains("Amended: refund claimed $1,672.02"),
        "{first}"
    );
    assert!(!first.contains("Refund: $1,863.99"), "{first}");
    assert_eq!(refund_entry(&a, &set).0, "$1,672.02");
    // Partly barred: the allowed part, the rest said to be barred.
    let a = fixture("g-federal-change-typed-figures.ron");
    let (set, text) = amended_pdf_text(&a);
    let first = flat(pages(&text)[0]);
    assert!(!first.contains("Refund: $525.65"), "{first}");
    assert!(
        first.contains(
            "Amended: refund claimed $552.50 (the other $198.90 of the $751.40 it would refund is barred"
        ),
        "{first}"
    );
    assert_eq!(refund_entry(&a, &set).0, "$552.50");
}
