//! Every note a filer sees points to something the filer can open (issue 39, item 8).
//!
//! This collects every user-visible string and refuses words a filer cannot follow: our own file
//! names (`nj-reference-3.md`, `docs/decisions/...`, `forms/`, `src/`, `.rs`), the secondary
//! sources our notes were checked against ("PolicyEngine", "OpenTaxSolver", "news"), our reference
//! sheets and their section marks ("sheet 3", "§9", "A6", "[PE7125]"), and Rust's `Debug` output
//! (`Some(`, `None`, `::`, `Fraction { .. }`, an answers enum variant such as `MarriedJoint` in
//! prose). The strings come from:
//! (a) every string literal of `forms/**/*.ron` (comments are for developers and not read);
//! (b) for every example draft and test fixture draft: the computed returns' diagnostics, every
//!     line's explanation, the command line's human outputs (`compute`, `validate`, `explain`,
//!     `plan`, `coverage`, `diff`, the amended return), the printed PDF's text runs, the hand-off sheet,
//!     and the Review screen's items (the statement, the filing reason, the provisional and back
//!     year notices, the credits to claim, the "Before you file" checklist);
//! (c) the string literals of the app's, the printout's, the engine's and the command line's
//!     source outside comments and unit tests (less `SOURCE_ALLOWED`, literals no user reads),
//!     and every `{:?}` (Debug) in a format string of the same source that can reach a user;
//!     and the app itself: the Review screen and the Form view of five drafts read through
//!     AccessKit as a screen reader has them.
//!
//! Allowed on purpose: "worksheet", "hand-off sheet", "for reference", "None of ..." (English),
//! public sources in brackets ("[IRC 32(b)]", "[W-2 box 16]"), and the literals no user reads
//! listed in `SOURCE_ALLOWED` and `DEBUG_ALLOWED` with their reasons
//! (`docs/decisions/user-text-sources.md`).
//!
//! A failure names each string, where it came from and the word refused.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use njtax_engine::ParamBook;
use njtax_engine::compute::ReturnSet;

use crate::common::files_under;

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The path as written in a failure message: relative to the repository.
fn rel(p: &Path) -> String {
    p.strip_prefix(root()).unwrap_or(p).display().to_string()
}

/// Words that only make sense inside this repository, each refused wherever it appears
/// (compared in lower case).
const INTERNAL_WORDS: &[&str] = &[
    "nj-reference",
    "docs/",
    "forms/",
    "src/",
    "tests/",
    "policyengine",
    "opentaxsolver",
    "open tax solver",
    "reference sheet",
    "§",
    "taxsim",
    "vita-min",
];

/// The first words of a bracket that cite a public source ("[IRC 32(b)]", "[W-2 box 16]",
/// "[NJ-1040 line 10]", "[GIT-1]").
const PUBLIC_KEYS: &[&str] = &[
    "IRC", "IRS", "W", "NJ", "GIT", "TB", "1099", "N.J.S.A.", "N.J.A.C.",
];

/// Words naming an answer whose value a one-word variant name could follow in Debug-made text
/// ("relationship Parent", "kind Pension", "owner Spouse").
const ANSWER_NAMES: &[&str] = &[
    "relationship",
    "kind",
    "owner",
    "category",
    "type",
    "destination",
    "title",
    "basis",
    "method",
    "use",
    "reason",
    "how",
];

/// The enum variant names of the draft's answers types (`FilingStatus::MarriedJoint`,
/// `Relationship::Parent`...), read from the engine's source: a variant's name in prose is Rust
/// reaching the filer.
fn variant_names() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let dir = root().join("crates/njtax-engine/src");
    let mut files = vec![dir.join("answers.rs")];
    files.extend(files_under(&dir.join("answers"), "rs"));
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        let src = src.split("#[cfg(test)]").next().unwrap_or("");
        let mut rest = src;
        while let Some(at) = rest.find("pub enum ") {
            rest = &rest[at..];
            let Some(open) = rest.find('{') else { break };
            let Some(close) = rest[open..].find("\n}") else {
                break;
            };
            let body = &rest[open + 1..open + close];
            for line in body.lines() {
                let t = line.trim();
                if t.starts_with("//") || t.starts_with('#') || t.is_empty() {
                    continue;
                }
                let name: String = t
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
                    names.insert(name);
                }
            }
            rest = &rest[open + close..];
        }
    }
    names
}

/// Whether `text[at..]` starts a whole word `len` bytes long (no letter or digit on either side).
fn whole_word(text: &str, at: usize, len: usize) -> bool {
    let b = text.as_bytes();
    let before = at
        .checked_sub(1)
        .and_then(|i| b.get(i))
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
    let after = b
        .get(at + len)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
    !before && !after
}

/// Every start of `word` in `text` as a whole word.
fn word_starts<'a>(text: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    text.match_indices(word)
        .map(|(i, _)| i)
        .filter(move |i| whole_word(text, *i, word.len()))
}

/// The words of `text` a filer cannot follow, each with a few words around it.
fn offences(text: &str, variants: &BTreeSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    let lower = text.to_lowercase();
    let around = |at: usize| -> String {
        let start = text.floor_char_boundary(at.saturating_sub(30));
        let end = text.ceil_char_boundary((at + 40).min(text.len()));
        text[start..end].replace('\n', " ")
    };
    for w in INTERNAL_WORDS {
        if let Some(at) = lower.find(w) {
            out.push(format!("\"{w}\" in \"...{}...\"", around(at)));
        }
    }
    // File names of this repository: `.md` and `.rs` files.
    for ext in [".md", ".rs"] {
        for (at, _) in lower.match_indices(ext) {
            let b = lower.as_bytes();
            let named = at > 0 && b[at - 1].is_ascii_alphanumeric();
            let ends = !b.get(at + ext.len()).is_some_and(u8::is_ascii_alphanumeric);
            if named && ends {
                out.push(format!(
                    "a file name \"*{ext}\" in \"...{}...\"",
                    around(at)
                ));
            }
        }
    }
    // Our sheets called "the reference" ("computed by the reference (40% x $600)", "reference
    // section 7", "the reference prints"); "for reference", "a reference number" and "in
    // reference to" are English.
    for at in word_starts(&lower, "reference") {
        let after = lower[at + "reference".len()..].trim_start();
        let next: String = after.chars().take_while(|c| !c.is_whitespace()).collect();
        let sheetlike = next.is_empty()
            || next.starts_with(['(', ')', ',', ';', '.'])
            || [
                "section", "sheet", "sheets", "computes", "gives", "prints", "says", "marks",
                "reports",
            ]
            .iter()
            .any(|w| next.trim_end_matches([',', ';', '.', ':']) == *w);
        let english = lower[..at].ends_with("for ") || lower[..at].ends_with("your ");
        if sheetlike && !english {
            out.push(format!("\"reference\" in \"...{}...\"", around(at)));
        }
    }
    // A web site's name: the filer is sent to the Division's, the IRS's or the statute's own
    // text, never to a third-party page.
    for tld in [".com", ".org", ".blog", ".net"] {
        for (at, _) in lower.match_indices(tld) {
            let b = lower.as_bytes();
            if at > 0
                && b[at - 1].is_ascii_alphanumeric()
                && !b.get(at + tld.len()).is_some_and(u8::is_ascii_alphanumeric)
            {
                out.push(format!("a web site \"*{tld}\" in \"...{}...\"", around(at)));
            }
        }
    }
    // News copies.
    for at in word_starts(&lower, "news") {
        out.push(format!("\"news\" in \"...{}...\"", around(at)));
    }
    // Our sheets: "sheet" or "sheets" anywhere except a worksheet, a spreadsheet and the
    // hand-off sheet, which the filer has.
    for w in ["sheet", "sheets"] {
        for at in word_starts(&lower, w) {
            if lower[..at].ends_with("hand-off ") {
                continue;
            }
            out.push(format!("\"{w}\" in \"...{}...\"", around(at)));
        }
    }
    // A sheet's section: "A6", "B8" (a capital A or B and one digit, a whole word).
    let b = text.as_bytes();
    for i in 0..b.len().saturating_sub(1) {
        if matches!(b[i], b'A' | b'B')
            && b[i + 1].is_ascii_digit()
            && whole_word(text, i, 2)
            && !(i > 0 && matches!(b[i - 1], b'-' | b'/'))
        {
            out.push(format!(
                "a sheet's section \"{}\" in \"...{}...\"",
                &text[i..i + 2],
                around(i)
            ));
        }
    }
    // A source key of our sheets in brackets: "[PE7125]", "[STAT 54A:4-17.1]", "[F23; OTS24]".
    // A bracket citing what a filer can open ("[IRC 32(b)]", "[W-2 box 16]") is fine.
    for (at, _) in text.match_indices('[') {
        let rest = &text[at + 1..];
        let Some(end) = rest.find(']') else { continue };
        let key = &rest[..end];
        let first = key.split([' ', ';', ',']).next().unwrap_or("");
        let public = PUBLIC_KEYS
            .iter()
            .any(|p| first == *p || first.starts_with(&format!("{p}-")));
        if first.len() >= 2
            && !public
            && first
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
            && first.chars().any(|c| c.is_ascii_uppercase())
        {
            out.push(format!(
                "a source key \"[{key}]\" in \"...{}...\"",
                around(at)
            ));
        }
    }
    // Rust's Debug output.
    for w in ["Some(", "Ok(", "Err(", "Decimal(", "::", "{ ", " }"] {
        if let Some(at) = text.find(w) {
            out.push(format!("Rust output \"{w}\" in \"...{}...\"", around(at)));
        }
    }
    for at in word_starts(text, "None") {
        // "None of the figures..." is English; "None", "None)" or "(None" is Rust.
        let next = text[at + 4..].chars().next();
        let english = text[at + 4..].starts_with(' ')
            && text[at + 5..]
                .chars()
                .next()
                .is_some_and(char::is_lowercase);
        let sentence_end = next == Some('.');
        if (!english && !sentence_end) || next.is_none() {
            out.push(format!("Rust output \"None\" in \"...{}...\"", around(at)));
        }
    }
    for v in variants {
        let camel = v.chars().filter(char::is_ascii_uppercase).count() > 1;
        for at in word_starts(text, v) {
            // A one-word variant ("Parent") is Rust only after the name of the answer it is a
            // value of ("relationship Parent is not a child"); elsewhere it is English ("a Roth
            // IRA", "New Jersey Child Tax Credit").
            let before = text[..at].trim_end_matches(' ');
            let field = before
                .rsplit([' ', '(', '\n'])
                .next()
                .unwrap_or("")
                .to_lowercase();
            let named = text[..at].ends_with(' ') && ANSWER_NAMES.contains(&field.as_str());
            // A string that is only the name is a value the app reads, not prose.
            let alone = text.trim() == v;
            if (camel || named) && !alone {
                out.push(format!("the Rust name \"{v}\" in \"...{}...\"", around(at)));
            }
        }
    }
    out
}

/// The offending strings found so far, as lines of the failure message.
#[derive(Default)]
struct Report {
    variants: BTreeSet<String>,
    found: Vec<String>,
    seen: BTreeSet<(String, String)>,
    checked: usize,
}

impl Report {
    fn new() -> Self {
        Self {
            variants: variant_names(),
            ..Self::default()
        }
    }

    /// Check one string shown to a user; `from` says where it came from.
    fn check(&mut self, from: &str, text: &str) {
        self.checked += 1;
        for o in offences(text, &self.variants) {
            // One report per word per place (a note repeated on every line of a return is one).
            if self.seen.insert((from.to_owned(), o.clone())) {
                self.found.push(format!("{from}: {o}"));
            }
        }
    }

    /// Fail with every string found.
    fn finish(self, what: &str) {
        assert!(self.checked > 0, "{what}: no strings were read");
        assert!(
            self.found.is_empty(),
            "{} string(s) of {what} a filer cannot follow (an internal file, a secondary source, \
             one of our sheets or Rust's Debug output); say it in plain words and cite what a \
             filer can open (the Division's instructions for the form and line, a GIT/TB \
             publication, N.J.S.A. 54A:..., the IRS):\n{}",
            self.found.len(),
            self.found.join("\n")
        );
    }
}

/// The string literals of RON text (outside `//` and `/* */` comments), each with its line.
fn ron_strings(src: &str) -> Vec<(usize, String)> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut line) = (0usize, 1usize);
    while i < b.len() {
        match b[i] {
            b'\n' => line += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = src[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
                line += src[i..end].matches('\n').count();
                i = end;
                continue;
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#'))
                && !b
                    .get(i.wrapping_sub(1))
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') =>
            {
                let hashes = b[i + 1..].iter().take_while(|c| **c == b'#').count();
                let start = i + 2 + hashes;
                let close = format!("\"{}", "#".repeat(hashes));
                let end = src[start..].find(&close).map_or(b.len(), |e| start + e);
                out.push((line, src[start..end].to_owned()));
                line += src[start..end].matches('\n').count();
                i = end + close.len();
                continue;
            }
            b'"' => {
                let start = i + 1;
                let mut j = start;
                while j < b.len() && b[j] != b'"' {
                    if b[j] == b'\\' {
                        j += 1;
                    }
                    j += 1;
                }
                let text = &src[start..j.min(b.len())];
                out.push((line, text.replace("\\\"", "\"").replace("\\n", "\n")));
                line += text.matches('\n').count();
                i = j + 1;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The string literals of Rust source before its `#[cfg(test)]` part (outside comments), each
/// with its line.
fn rust_strings(src: &str) -> Vec<(usize, String)> {
    let src = src.split("#[cfg(test)]").next().unwrap_or("");
    // Character literals ('"') would open a string: blank them first.
    let src = src.replace("'\"'", "' '").replace("'\\''", "' '");
    ron_strings(&src)
}

/// (a) Every string literal of `forms/**/*.ron`.
#[test]
fn forms_strings_point_to_what_a_filer_can_open() {
    let mut report = Report::new();
    for f in files_under(&root().join("forms"), "ron") {
        let src = std::fs::read_to_string(&f).unwrap();
        for (line, s) in ron_strings(&src) {
            report.check(&format!("{}:{line}", rel(&f)), &s);
        }
    }
    report.finish("forms/");
}

/// Every draft the tests know: the examples and the test fixtures' drafts.
fn all_drafts() -> Vec<PathBuf> {
    let mut drafts = files_under(&root().join("examples"), "ron");
    drafts.extend(files_under(&root().join("tests/fixtures"), "ron"));
    drafts
}

/// The text runs of the printed return, one per line, as laid out.
fn pdf_text(answers: &njtax_engine::Answers, set: &ReturnSet, changes: &str) -> Vec<String> {
    let fonts = njtax_print::fonts::Fonts::load().unwrap();
    let out = njtax_print::lay_out(
        &fonts,
        answers,
        set,
        changes,
        &njtax_print::PrintOptions::default(),
    )
    .unwrap();
    let mut texts = vec![out.title];
    for page in &out.pages {
        for item in &page.items {
            if let njtax_print::layout::Item::Text { text, .. } = item {
                texts.push(text.clone());
            }
        }
    }
    texts.extend(out.bookmarks.into_iter().map(|b| b.title));
    texts
}

/// Check everything a draft's computed returns show: the command line's outputs, each
/// diagnostic and explanation, the Review screen's items, the hand-off sheet and the PDF.
fn check_draft(report: &mut Report, path: &Path, book: &ParamBook) {
    use njtax::cli::text::{
        render_amended, render_diagnostic, render_explanation, render_plan_and_late,
        render_set_text,
    };
    let name = rel(path);
    let Ok((answers, set)) = njtax::cli::load_answers_and_compute(path, book) else {
        // Not a draft this version computes (a fixture of an old format's damage, a year not
        // supported): the reader's own message is what the filer sees.
        if let Err(e) = njtax::cli::load_and_compute(path, book) {
            report.check(&format!("{name} (could not be computed)"), &e.0);
        }
        return;
    };
    let changes =
        njtax::cli::explanation_of_changes(path, &answers, &set, book).unwrap_or_default();
    report.check(
        &format!("{name}: njtax compute"),
        &render_set_text(&set, njtax_engine::answers::Date::new(2026, 12, 8)),
    );
    report.check(&format!("{name}: explanation of changes"), &changes);
    for s in &set.statement {
        report.check(&format!("{name}: Review, which returns to file"), s);
    }
    if let Some(c) = &set.comparison {
        report.check(
            &format!("{name}: Review, the election comparison"),
            &c.summary,
        );
    }
    if let Some(p) = &set.provisional {
        report.check(&format!("{name}: the provisional year's notice"), &p.notice);
    }
    for u in set.provisional_uses() {
        report.check(
            &format!("{name}: Review, provisional figures used"),
            &u.describe(),
        );
    }
    if let Some(b) = &set.back_year {
        report.check(&format!("{name}: the back year's notice"), b);
    }
    for c in njtax_ui::screens::review::credit_claims(&set) {
        report.check(&format!("{name}: Review, credits to claim"), &c);
    }
    let diagnostics: Vec<njtax_engine::Diagnostic> = set
        .returns
        .iter()
        .flat_map(|r| r.diagnostics.iter().cloned())
        .collect();
    for item in njtax_ui::checklist::checklist(&answers, Some(&set), &diagnostics, None) {
        report.check(&format!("{name}: Review, before you file"), &item.text);
        report.check(
            &format!("{name}: Review, before you file (link)"),
            item.link,
        );
    }
    for r in &set.returns {
        let form = format!("{name} ({})", r.form);
        report.check(
            &format!("{form}: the filing requirement"),
            &r.filing_requirement.reason,
        );
        for d in &r.diagnostics {
            let kind = format!("{:?}", d.severity).to_lowercase();
            report.check(
                &format!("{form}: {kind} `{}` (Review, njtax validate)", d.code),
                &render_diagnostic(d),
            );
        }
        for l in &r.lines {
            report.check(
                &format!("{form}: line {} \"why this number?\" (njtax explain)", l.id),
                &render_explanation(r, l),
            );
        }
        report.check(&format!("{form}: njtax plan"), &render_plan_and_late(r));
        if let Some(x) = &r.amended {
            report.check(&format!("{form}: the amended return"), &render_amended(x));
        }
    }
    match njtax_print::handoff(&answers, &set, true) {
        Ok(h) => report.check(&format!("{name}: the hand-off sheet"), &h.to_text()),
        Err(njtax_print::PrintError::NoResident) => {}
        Err(e) => panic!("{name}: the hand-off sheet: {e}"),
    }
    for t in pdf_text(&answers, &set, &changes) {
        report.check(&format!("{name}: the printed return"), &t);
    }
}

/// (b) Every example and fixture draft's outputs, `njtax diff` of the comparison fixtures, and
/// `njtax coverage`.
#[test]
fn every_drafts_output_points_to_what_a_filer_can_open() {
    let book = ParamBook::load().unwrap();
    let mut report = Report::new();
    let drafts = all_drafts();
    assert!(drafts.len() > 100, "the examples and fixtures are found");
    for d in &drafts {
        check_draft(&mut report, d, &book);
    }
    // `njtax diff` of every pair of drafts the comparison tests keep.
    let mut pairs: Vec<(PathBuf, PathBuf)> = Vec::new();
    let scale = root().join("tests/fixtures/compare-scale");
    for e in std::fs::read_dir(&scale).unwrap() {
        let case = e.unwrap().path();
        pairs.push((case.join("old.ron"), case.join("new.ron")));
    }
    let compare = root().join("tests/fixtures/compare");
    for old in files_under(&compare, "ron") {
        let name = old.to_string_lossy().to_string();
        if let Some(stem) = name.strip_suffix("-old.ron") {
            pairs.push((old.clone(), PathBuf::from(format!("{stem}-new.ron"))));
        }
    }
    pairs.push((compare.join("year-2025.ron"), compare.join("year-2026.ron")));
    assert!(pairs.len() > 15, "the comparison fixtures are found");
    for (old, new) in &pairs {
        let (Ok(o), Ok(n)) = (njtax::cli::load_draft(old), njtax::cli::load_draft(new)) else {
            panic!("{} and {} read", rel(old), rel(new));
        };
        if let Ok(c) = njtax_engine::compare::compare(&o.answers, &n.answers, &book) {
            report.check(
                &format!("njtax diff {} {}", rel(old), rel(new)),
                &njtax::cli::text::render_comparison(&c),
            );
        }
    }
    for only in [false, true] {
        let text = njtax::cli::text::render_coverage(&book, only)
            .map_err(|e| e.0)
            .unwrap();
        report.check("njtax coverage", &text);
    }
    report.finish("the drafts' outputs");
}

/// Format strings that print a value's `Debug` form (`{:?}`, `{x:?}`, `{:#?}`).
fn debug_formats(s: &str) -> bool {
    let mut rest = s;
    while let Some(at) = rest.find('{') {
        rest = &rest[at + 1..];
        let Some(end) = rest.find('}') else { break };
        let inner = &rest[..end];
        if !inner.contains('{') && (inner.ends_with(":?") || inner.ends_with(":#?")) {
            return true;
        }
    }
    false
}

/// String literals of the source that are no user's text, each `(file, a part of the literal)`
/// (an empty file: any file).
const SOURCE_ALLOWED: &[(&str, &str)] = &[
    // Paths of embedded files (`include_str!`) and serde attributes are code.
    ("", "../"),
    ("", "::is_"),
    // The message when an embedded file of the build is broken names the file: a bug report.
    ("crates/njtax-ui/src/forms.rs", "forms/interview.ron: "),
    ("crates/njtax-engine/src/clinic.rs", "forms/clinic.ron: "),
    (
        "crates/njtax-engine/src/coverage.rs",
        "forms/coverage.ron: ",
    ),
    // The build's generated list of line maps.
    ("crates/njtax-engine/src/lines.rs", "/line_maps.rs"),
    // The format's migration notes name the draft's fields for developers (shown to no user).
    ("crates/njtax-engine/src/draft.rs", "`"),
    // The draft file's own syntax, which a filer mending a damaged draft types.
    ("crates/njtax-engine/src/draft/plain.rs", "Some("),
    (
        "crates/njtax-engine/src/answers/amend_answers.rs",
        "or None",
    ),
    // The encrypted file format's header.
    ("crates/njtax-ui/src/crypt.rs", "age-encryption.org/v1"),
    // The name a Debug impl prints for developers.
    ("crates/njtax-engine/src/sheet.rs", "Sheet"),
    // The user guide's filter recognises the README's repository folders to take them out of
    // what a filer reads (its own test checks none is left).
    ("crates/njtax-ui/src/guide.rs", "docs/"),
    ("crates/njtax-ui/src/guide.rs", "forms/"),
    ("crates/njtax-ui/src/guide.rs", "tests/"),
    ("crates/njtax-ui/src/guide.rs", "crates/"),
    ("crates/njtax-ui/src/guide.rs", "src/"),
];

/// Places where a `{:?}` never reaches a user: each `(file, the string)`.
const DEBUG_ALLOWED: &[(&str, &str)] = &[
    // The clinic record's stamp: hashed, never shown.
    ("crates/njtax-engine/src/clinic.rs", "|{}|{:?}|{:?}"),
    // A merge key of the clinic record: compared, never shown.
    ("crates/njtax-engine/src/clinic/merge.rs", "{:?}{:?}"),
    // A developer's check of the rule list, panicking in a test build only.
    (
        "crates/njtax-engine/src/registry.rs",
        "{rule:?} is out of order in Rule::ALL",
    ),
    // The JSON output's return kind: a machine-readable value scripts already read.
    ("src/cli/json.rs", "{:?}"),
];

/// (c) The string literals of the source a user's text comes from, and `{:?}` in them.
#[test]
fn source_strings_point_to_what_a_filer_can_open() {
    let mut report = Report::new();
    let mut files = Vec::new();
    for dir in [
        "crates/njtax-ui/src",
        "crates/njtax-print/src",
        "crates/njtax-engine/src",
        "src",
    ] {
        files.extend(files_under(&root().join(dir), "rs"));
    }
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        for (line, s) in rust_strings(&src) {
            // Only the words: a literal's format placeholders and Rust's own paths are code.
            let words: String = strip_placeholders(&s);
            let name = rel(f);
            if SOURCE_ALLOWED
                .iter()
                .any(|(file, part)| (file.is_empty() || *file == name) && words.contains(part))
            {
                continue;
            }
            report.check(&format!("{name}:{line}"), &words);
        }
    }
    debug_scan();
    report.finish("the app's, the printout's, the engine's and the command line's source");
}

/// `{:?}` in any format string a user may read.
fn debug_scan() {
    let mut debug = Vec::new();
    for dir in [
        "crates/njtax-engine/src",
        "crates/njtax-ui/src",
        "crates/njtax-print/src",
        "src",
    ] {
        for f in files_under(&root().join(dir), "rs") {
            let src = std::fs::read_to_string(&f).unwrap();
            let name = rel(&f);
            for (line, s) in rust_strings(&src) {
                if debug_formats(&s)
                    && !DEBUG_ALLOWED
                        .iter()
                        .any(|(file, text)| *file == name && *text == s)
                {
                    debug.push(format!("{name}:{line}: \"{s}\""));
                }
            }
        }
    }
    assert!(
        debug.is_empty(),
        "{} format string(s) print Rust's Debug form ({{:?}}) where a user may read it; \
         give the value plain words (a `label()` or `Display`):\n{}",
        debug.len(),
        debug.join("\n")
    );
}

/// A string literal without its format placeholders (`{}`, `{name}`, `{:.2}`), which are code.
fn strip_placeholders(s: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if depth == 0 && chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The checker itself: what it refuses and what it lets through.
#[test]
fn the_word_check_refuses_internal_words_and_allows_plain_ones() {
    let v = variant_names();
    assert!(v.contains("MarriedJoint") && v.contains("Parent"), "{v:?}");
    for bad in [
        "...the 2025 form's (nj-reference-3.md A6)",
        "see docs/decisions/coj.md",
        "PolicyEngine's amounts",
        "as OpenTaxSolver does",
        "two news copies agree",
        "sheet 3 says so",
        "see §9",
        "the figure [PE7125]",
        "relationship Parent is not a child",
        "status MarriedJoint",
        "Fraction { num: 1, den: 4 }",
        "Some(2)",
        "owner: None",
        "rules::tax",
        "Decimal(1.5)",
        "read it in rules/tax.rs",
        "computed by the reference (40% x $600)",
        "the reference prints $70,224",
        "(reference section 7)",
        "from a third-party page (sericoaccounting.com)",
    ] {
        assert!(!offences(bad, &v).is_empty(), "should be refused: {bad}");
    }
    for good in [
        "Keep the hand-off sheet with your records.",
        "Fill in Worksheet H, line 3.",
        "See the 2025 NJ-1040 instructions, line 58 (N.J.S.A. 54A:4-7).",
        "None of the provisional figures is used on this return.",
        "Parent of the filer.",
        "Form NJ-BUS-1, line 4; IRS Publication 596; GIT-1; TB-107(R).",
        "Schedule A of the federal return",
        "in the NJ-1040's order, for reference: do not type them",
        "Keep the payment's reference number with your records.",
    ] {
        assert!(
            offences(good, &v).is_empty(),
            "should pass: {good}: {:?}",
            offences(good, &v)
        );
    }
    assert_eq!(
        strip_placeholders("line {} of {x:?} {{ }}"),
        "line  of  { }"
    );
    assert!(debug_formats("relationship {:?} is") && debug_formats("{x:#?}"));
    assert!(!debug_formats("{x} {:.2}"));
    let r = ron_strings("( // \"not this\"\n a: \"this\", /* \"nor\" */ b: r#\"raw \"q\"\"#)");
    assert_eq!(r, vec![(2, "this".to_owned()), (2, "raw \"q\"".to_owned())]);
}

/// Every text of the window as a screen reader has it (each node's label, value and description).
fn window_texts(h: &egui_kittest::Harness<'_, njtax_ui::App>) -> Vec<String> {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    h.query_all_by(|_| true)
        .flat_map(|n| {
            let n = n.accesskit_node();
            [n.label(), n.value(), n.description()]
        })
        .flatten()
        .collect()
}

/// (c) The app as a screen reader reads it: the Review screen and the Form view of drafts with
/// the most notes (a provisional year, a back year, a nonresident, business credits, an amended
/// return, a dependent who is a parent).
#[test]
fn the_apps_review_and_form_view_point_to_what_a_filer_can_open() {
    use egui_kittest::kittest::Queryable as _;
    let mut report = Report::new();
    for draft in [
        "examples/2026/01a-hoh-line-42-exactly-30000-ctc-1250.ron",
        "examples/back-years/2018-01-single-veteran-3000-pension-cap-45000.ron",
        "examples/residency/02-single-ny-resident-nj-commuter-pension-2024.ron",
        "examples/business/partner-bait-impaired.ron",
        "tests/fixtures/amended/a-corrected-w2-amended.ron",
    ] {
        let path = root().join(draft);
        let d = njtax_ui::files::read_draft(&path).unwrap();
        let app = njtax_ui::App::new(
            d.answers,
            "Client draft",
            Box::new(njtax_ui::platform::ScriptedDialogs::default()),
            Box::new(njtax_ui::platform::MemoryRecent::default()),
        );
        let mut h = egui_kittest::Harness::builder()
            .with_size(egui::vec2(1280.0, 4000.0))
            .build_ui_state(|ui, app: &mut njtax_ui::App| app.ui(ui), app);
        h.run();
        for section in ["Review", "Form view"] {
            h.get_all_by_label(section).next().unwrap().click();
            h.run();
            let texts = window_texts(&h);
            assert!(texts.len() > 20, "{draft}: {section} is drawn");
            for t in texts {
                report.check(&format!("{draft}: the app's {section} screen"), &t);
            }
        }
    }
    report.finish("the app's screens");
}
