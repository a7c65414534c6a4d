//! Line references in prose, read back for checks: an NJ-1040NR explanation names only the
//! NJ-1040NR's lines (tests/residency_returns.rs), and the engine's rule source writes no line
//! number of a form line (tests/no_line_literals.rs). The engine itself never parses its prose.

/// Whose numbering a line reference in explanation prose is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefForm {
    /// The resident NJ-1040's (the numbering the rule prose is written in; a bare "line N").
    Resident,
    /// The NJ-1040NR's ("NJ-1040NR line N", and bare references after it).
    Nonresident,
    /// Another form's or worksheet's ("NJ-2210 line 1", "Worksheet H line 3", "Form 2441 line 9").
    Other,
}

/// A line number named in explanation prose: its byte range in the text, the id, and whose
/// numbering it is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineRef {
    /// Byte offset of the id.
    pub start: usize,
    /// Byte offset just past the id.
    pub end: usize,
    /// The id as written ("54", "16a", "29A").
    pub id: String,
    /// Whose numbering.
    pub form: RefForm,
}

/// The form a word just before "line" designates, if any: "NJ-1040" the resident return,
/// "NJ-1040NR" the nonresident return; another form's name (NJ-2210, NJ-COJ, 2441, 1040, W-2, a
/// worksheet or part letter such as H, I, A, II) another form; any other word (of, on, -, x)
/// none: the reference keeps the form of the clause.
fn designator(word: &str) -> Option<RefForm> {
    let w = word.trim_matches(|c: char| matches!(c, '(' | ')' | ':' | ',' | '"' | '\''));
    if w.is_empty() {
        return None;
    }
    if w.eq_ignore_ascii_case("NJ-1040") || w.eq_ignore_ascii_case("NJ-1040's") {
        return Some(RefForm::Resident);
    }
    if w.eq_ignore_ascii_case("NJ-1040NR") || w.eq_ignore_ascii_case("NJ-1040NR's") {
        return Some(RefForm::Nonresident);
    }
    let has_digit = w.chars().any(|c| c.is_ascii_digit());
    let all_upper = w
        .chars()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-');
    if w.starts_with("NJ-") || has_digit || (all_upper && w.len() <= 4) || w.ends_with("-period") {
        return Some(RefForm::Other);
    }
    None
}

/// The line numbers named in explanation prose ("line 54", "Line 54", "lines 55, 56 and 58-65"),
/// each with whose numbering it is in: a form named just before "line" decides ("NJ-2210 line 1"),
/// else the form of the clause so far (a sentence or a clause after ";" starts as the resident
/// NJ-1040). The engine never reads prose back: rule text takes each line id from the form's
/// line map (`Ctx::id`); the tests use this reading to check that it did.
pub fn line_refs(text: &str) -> Vec<LineRef> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut form = RefForm::Resident;
    let mut clause_start = 0usize;
    let mut i = 0usize;
    while i < bytes.len() {
        let c = bytes.get(i).copied().unwrap_or(b' ');
        if (c == b'.' || c == b';') && bytes.get(i + 1).is_none_or(|n| *n == b' ') {
            form = RefForm::Resident;
            clause_start = i + 1;
            i += 1;
            continue;
        }
        let rest = text.get(i..).unwrap_or("");
        let at_word = i == 0 || !bytes.get(i - 1).is_some_and(|b| b.is_ascii_alphanumeric());
        let kw = ["lines ", "Lines ", "line ", "Line "]
            .iter()
            .find(|k| rest.starts_with(**k));
        let (Some(kw), true) = (kw, at_word) else {
            i += 1;
            continue;
        };
        let before = text.get(clause_start.min(i)..i).unwrap_or("");
        if let Some(d) = before.split_whitespace().last().and_then(designator) {
            form = d;
        }
        let mut j = i + kw.len();
        let mut any = false;
        loop {
            let id_start = j;
            while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            if j == id_start {
                break;
            }
            // One trailing letter ("16a", "29A"), not the start of a word ("27 is").
            if bytes.get(j).is_some_and(u8::is_ascii_alphabetic)
                && !bytes.get(j + 1).is_some_and(u8::is_ascii_alphabetic)
            {
                j += 1;
            }
            any = true;
            out.push(LineRef {
                start: id_start,
                end: j,
                id: text.get(id_start..j).unwrap_or("").to_owned(),
                form,
            });
            let tail = text.get(j..).unwrap_or("");
            let sep = [", ", " and ", " or ", "-", "\u{2013}", " to ", " through "]
                .iter()
                .find(|sep| {
                    tail.strip_prefix(**sep)
                        .is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit()))
                });
            match sep {
                Some(sep) => j += sep.len(),
                None => break,
            }
        }
        i = if any { j } else { i + kw.len() };
    }
    out
}
