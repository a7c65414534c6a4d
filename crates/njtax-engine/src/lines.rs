//! Line maps: the official line id and label of each semantic line key, per tax year.
//!
//! The engine computes lines by stable semantic keys ([`Key`]: `wages`, `tax`); each year's map in
//! `forms/lines/` gives the printed line id ("15", "43") and label. Years that share a layout share
//! a file.

use std::sync::Arc;

use serde::Deserialize;

use crate::key::Key;

/// One year's (or several years') NJ-1040 line layout.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineMap {
    /// Form id, for example `NJ-1040`.
    pub form: String,
    /// Tax years using this layout.
    pub years: Vec<u16>,
    /// Why the layout is uncertain, if it is.
    pub uncertain: Option<String>,
    /// `(key, id, label)` in form order. A key the engine does not know is an error when the
    /// file is read.
    pub lines: Vec<(Key, String, String)>,
    /// Position of each key (by [`Key::index`]), built once after loading.
    #[serde(skip)]
    index: Vec<Option<usize>>,
    /// `(id, label)` by position, shared by every computed line.
    #[serde(skip)]
    shared: Vec<(Arc<str>, Arc<str>)>,
}

impl LineMap {
    /// Build the look-up index (called by the loader).
    pub fn build_index(&mut self) {
        let mut index = vec![None; Key::COUNT];
        for (i, (k, _, _)) in self.lines.iter().enumerate() {
            if let Some(slot) = index.get_mut(k.index()) {
                slot.get_or_insert(i);
            }
        }
        self.index = index;
        self.shared = self
            .lines
            .iter()
            .map(|(_, id, label)| (Arc::from(id.as_str()), Arc::from(label.as_str())))
            .collect();
    }

    /// The `(id, label)` of a key.
    pub fn find(&self, key: Key) -> Option<(&str, &str)> {
        self.position(key)
            .and_then(|i| self.lines.get(i))
            .map(|(_, id, label)| (id.as_str(), label.as_str()))
    }

    /// Position of a key in form order.
    pub fn position(&self, key: Key) -> Option<usize> {
        if self.index.is_empty() {
            return self.lines.iter().position(|(k, _, _)| *k == key);
        }
        self.index.get(key.index()).copied().flatten()
    }

    /// Shared `(id, label)` of a position.
    pub fn shared(&self, position: usize) -> Option<(Arc<str>, Arc<str>)> {
        self.shared.get(position).cloned()
    }
}

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
/// NJ-1040, the numbering rule prose is written in). The CLI, the tests and
/// [`LineMap::renumber`] share this reading.
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

impl LineMap {
    /// The key of a line id (exact, else ignoring case).
    pub fn key_of(&self, id: &str) -> Option<Key> {
        self.lines
            .iter()
            .find(|(_, i, _)| i == id)
            .or_else(|| {
                self.lines
                    .iter()
                    .find(|(_, i, _)| i.eq_ignore_ascii_case(id))
            })
            .map(|(k, _, _)| *k)
    }

    /// Explanation prose written in `resident`'s numbering (the NJ-1040's), renumbered to this
    /// form's: each resident line id is read back to its semantic key and replaced by this form's
    /// id for that key; "NJ-1040 line N" becomes "<this form> line M". A resident id whose key
    /// this form does not have is left as written. References in this form's numbering or another
    /// form's are left alone (see [`line_refs`]).
    pub fn renumber(&self, resident: &LineMap, text: &str) -> String {
        let refs = line_refs(text);
        if refs.iter().all(|r| r.form != RefForm::Resident) {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len() + 8);
        let mut at = 0usize;
        for r in refs.iter().filter(|r| r.form == RefForm::Resident) {
            let Some(new_id) = resident
                .key_of(&r.id)
                .and_then(|k| self.find(k))
                .map(|(id, _)| id)
            else {
                continue;
            };
            let mut head = text.get(at..r.start).unwrap_or("");
            // "NJ-1040 line N" -> "NJ-1040NR line M" (the form's own name before the number).
            let named = format!("{} line ", resident.form);
            let named_plural = format!("{} lines ", resident.form);
            for n in [named, named_plural] {
                if let Some(h) = head.strip_suffix(n.as_str()) {
                    out.push_str(h);
                    out.push_str(&self.form);
                    out.push_str(n.get(resident.form.len()..).unwrap_or(" line "));
                    head = "";
                    break;
                }
            }
            out.push_str(head);
            out.push_str(new_id);
            at = r.end;
        }
        out.push_str(text.get(at..).unwrap_or(""));
        out
    }
}

// The embedded line map files (`LINE_MAP_FILES`): every `forms/lines/*.ron`, listed by build.rs.
include!(concat!(env!("OUT_DIR"), "/line_maps.rs"));
