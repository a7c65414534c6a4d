//! Rule text never writes a form line's number or a dollar amount (issue 18): a line id comes
//! from the form's line map (`Ctx::id`, and each line's citation from its own place on the form),
//! so an NJ-1040NR's explanation names the NJ-1040NR's lines and a new year's layout changes
//! data only; an amount comes from `fmt_money`. This reads every string literal of the engine's
//! source outside its unit tests and refuses "line 41" or "$0.00" in one.
//!
//! Allowed: another form's or worksheet's own lines ("Worksheet H line 3", "Schedule NJ-COJ line
//! 6", "NJ-2210 line 1": the form named in the clause, read as tests/common/line_refs.rs reads
//! prose), header lines that are no computed line (line 3, the spouse's SSN; line 14, the
//! dependents), and the files listed in `OTHER_FORM_FILES`, whose every line number is another
//! form's.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::Path;

use crate::common::line_refs::{RefForm, line_refs};

/// Files in which every "line N" is another form's, with the form.
const OTHER_FORM_FILES: &[(&str, &str)] = &[
    ("rules/form_2441.rs", "federal Form 2441"),
    (
        "draft.rs",
        "the NJ-1040 of the year an old draft format was written for (migration notes)",
    ),
];

/// The string literals of Rust source before its `#[cfg(test)]` part, each with its line.
fn string_literals(src: &str) -> Vec<(usize, String)> {
    let src = src.split("#[cfg(test)]").next().unwrap_or("");
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
            b'\'' if b.get(i + 2) == Some(&b'\'') => i += 2,
            b'\'' if b.get(i + 1) == Some(&b'\\') => {
                i += 2;
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#'))
                && !b
                    .get(i.wrapping_sub(1))
                    .is_some_and(u8::is_ascii_alphanumeric) =>
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
                out.push((line, text.to_owned()));
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

/// The literals of one file that name a computed NJ-1040 line by number or write an amount.
fn offending(rel: &str, src: &str, is_line: &dyn Fn(&str) -> bool) -> Vec<String> {
    let other_form = OTHER_FORM_FILES.iter().any(|(f, _)| *f == rel);
    let mut out = Vec::new();
    for (line, text) in string_literals(src) {
        let money = text
            .as_bytes()
            .windows(2)
            .any(|w| w[0] == b'$' && w[1].is_ascii_digit());
        let numbered: Vec<String> = if other_form {
            Vec::new()
        } else {
            line_refs(&text)
                .into_iter()
                .filter(|r| r.form != RefForm::Other && is_line(&r.id))
                .map(|r| r.id)
                .collect()
        };
        if money || !numbered.is_empty() {
            out.push(format!("{rel}:{line}: {numbered:?} {text:?}"));
        }
    }
    out
}

#[test]
fn the_engine_s_rule_text_writes_no_form_line_number_and_no_amount() {
    let book = njtax_engine::ParamBook::load().unwrap();
    let maps: Vec<_> = book
        .supported_years()
        .filter_map(|y| book.for_year(y).ok())
        .flat_map(|p| [p.line_map.clone(), p.nr_line_map.clone()])
        .collect();
    let is_line = |id: &str| maps.iter().any(|m| m.key_of(id).is_some());
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/njtax-engine/src");
    let files = crate::common::files_under(&root, "rs");
    assert!(files.len() > 30, "only {} engine source files", files.len());
    let mut problems = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let src = std::fs::read_to_string(f).unwrap();
        problems.extend(offending(&rel, &src, &is_line));
    }
    assert!(
        problems.is_empty(),
        "{} literal(s) write a line number or an amount; take the id from `cx.id(Key::..)` and the amount from `fmt_money`:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The check itself: it finds what it must and passes what it may.
#[test]
fn the_literal_check_tells_a_form_line_from_a_worksheet_line() {
    let is_line = |id: &str| matches!(id, "41" | "56" | "15B");
    let src = r#"
        let a = "Tax saved (Worksheet H line 7)"; // another form's line
        let b = format!("so line 41 is {}", x);
        let c = "Schedule NJ-COJ line 6 column A";
        let d = "none entered: $0.00";
        let e = '"'; let f = "on line {}";
        // "line 56" in a comment is not text
        #[cfg(test)]
        mod tests { const X: &str = "line 56"; }
    "#;
    let found = offending("rules/x.rs", src, &is_line);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with("rules/x.rs:3: [\"41\"]"),
        "{}",
        found[0]
    );
    assert!(found[1].contains("$0.00"), "{}", found[1]);
    assert!(offending("rules/form_2441.rs", "let a = \"line 41\";", &is_line).is_empty());
}
