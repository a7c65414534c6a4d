//! `njtax clinic DIR`: the roster of a clinic folder (one row per draft, computed in parallel),
//! filtered, searched and sorted; and the words of a draft's clinic record for `njtax status`.

use std::path::{Path, PathBuf};

use njtax_engine::ParamBook;
use njtax_engine::answers::{ClinicRecord, ClinicStatus, NoteAbout};
use njtax_engine::clinic::{RosterRow, roster_row};
use njtax_engine::money::fmt_money;
use serde::Serialize;

use super::batch::{YearCache, collect, par_map};
use super::unnamed;

/// One file of the roster: its row, or why it could not be read.
#[derive(Serialize)]
pub struct Entry {
    /// The file's name in the folder.
    pub file: String,
    /// The row (`None` when unreadable).
    #[serde(flatten)]
    pub row: Option<RosterRow>,
    /// Why it could not be read or computed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unreadable: Option<String>,
}

/// What the roster shows.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Only this status.
    pub status: Option<ClinicStatus>,
    /// Only this year.
    pub year: Option<u16>,
    /// Only drafts with problems to fix (or unreadable).
    pub errors: bool,
    /// Part of a name, or an SSN's last four digits.
    pub search: String,
    /// Sort by: `name` (default), `year`, `status`, `refund`, `changed` (newest first), `file`.
    pub sort: String,
}

/// Every `.ron` draft directly in `dir`, computed (values only) into its roster row.
pub fn roster(dir: &Path, book: &ParamBook) -> Vec<Entry> {
    let found = collect(&[dir.to_path_buf()]);
    let files: Vec<PathBuf> = found.files.clone();
    par_map(&files, YearCache::new, |path, years| {
        let file = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        if let Some(why) = found.why_not(path) {
            return Entry {
                file,
                row: None,
                unreadable: Some(why.to_owned()),
            };
        }
        let draft = match njtax_ui::files::read_draft(path) {
            Ok(d) => d,
            Err(e) => {
                return Entry {
                    file,
                    row: None,
                    unreadable: Some(unnamed(&e)),
                };
            }
        };
        let a = &draft.answers;
        let p = years
            .entry(a.tax_year)
            .or_insert_with(|| book.supported(a.tax_year).map_err(|e| e.to_string()));
        match p {
            Ok(p) => {
                let set = njtax_engine::compute::compute_set_values(a, p);
                Entry {
                    file,
                    row: Some(roster_row(a, &set)),
                    unreadable: None,
                }
            }
            Err(e) => Entry {
                file,
                row: None,
                unreadable: Some(e.clone()),
            },
        }
    })
}

/// The entries the filter keeps, sorted.
pub fn filtered(mut entries: Vec<Entry>, f: &Filter) -> Vec<Entry> {
    entries.retain(|e| match &e.row {
        None => f.status.is_none() && f.year.is_none() && f.search.trim().is_empty(),
        Some(r) => {
            f.status.is_none_or(|s| r.status == s)
                && f.year.is_none_or(|y| r.year == y)
                && (!f.errors || r.errors > 0 || r.unreadable > 0)
                && r.matches(&f.search)
        }
    });
    // Unreadable drafts last, then by the chosen column, then by file name.
    entries.sort_by(|a, b| {
        let by = match (&a.row, &b.row) {
            (None, None) => std::cmp::Ordering::Equal,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (Some(_), None) => std::cmp::Ordering::Less,
            (Some(x), Some(y)) => match f.sort.as_str() {
                "year" => x.year.cmp(&y.year),
                "status" => x.status.cmp(&y.status),
                // Largest refund first, largest balance due last.
                "refund" => (y.refund - y.balance_due).cmp(&(x.refund - x.balance_due)),
                // Newest change first; never changed last.
                "changed" => y.last_change.cmp(&x.last_change),
                "file" => std::cmp::Ordering::Equal,
                _ => x.name.to_lowercase().cmp(&y.name.to_lowercase()),
            },
        };
        by.then_with(|| a.file.cmp(&b.file))
    });
    entries
}

/// The roster as a text table.
pub fn render_roster(entries: &[Entry]) -> String {
    let mut out = format!(
        "{:<28} {:<24} {:>4} {:<5} {:<18} {:>12} {:>6} {:>5} {:<34} {:<14} {:<14} {}\n",
        "File",
        "Name",
        "Year",
        "SSN",
        "Forms",
        "Refund/due",
        "Fix",
        "Notes",
        "Status",
        "Preparer",
        "Reviewer",
        "Changed"
    );
    for e in entries {
        match &e.row {
            None => out.push_str(&format!(
                "{:<28} unreadable: {}\n",
                super::text::truncate(&e.file, 28),
                e.unreadable.as_deref().unwrap_or_default()
            )),
            Some(r) => {
                let money = if r.balance_due > rust_decimal::Decimal::ZERO {
                    format!("due {}", fmt_money(r.balance_due))
                } else {
                    fmt_money(r.refund)
                };
                out.push_str(&format!(
                    "{:<28} {:<24} {:>4} {:<5} {:<18} {:>12} {:>6} {:>5} {:<34} {:<14} {:<14} {}\n",
                    super::text::truncate(&e.file, 28),
                    super::text::truncate(&r.name, 24),
                    r.year,
                    format!("…{}", r.ssn_last4),
                    r.forms.join("+") + if r.amended { " amended" } else { "" },
                    money,
                    r.errors + r.unreadable,
                    r.open_notes,
                    super::text::truncate(&r.status_words(), 34),
                    super::text::truncate(&r.preparer, 14),
                    super::text::truncate(&r.reviewer, 14),
                    r.last_change.as_deref().unwrap_or("-")
                ));
            }
        }
    }
    out.push_str(&format!("{} draft(s)\n", entries.len()));
    out
}

/// A draft's clinic record in words: status, sign-offs, history, notes, the review questions
/// ticked.
pub fn render_record(record: Option<&ClinicRecord>) -> String {
    let Some(r) = record else {
        return "Not in a clinic yet (status: intake).\n".to_owned();
    };
    let mut out = format!("Status: {}\n", r.status.words());
    if !r.preparer.is_empty() {
        out.push_str(&format!("Prepared by: {}\n", r.preparer));
    }
    if !r.reviewer.is_empty() {
        out.push_str(&format!("Reviewed by: {}\n", r.reviewer));
    }
    if let (Some(on), Some(how)) = (r.filed_on, r.filed_how) {
        out.push_str(&format!("Filed: {on} ({how:?})\n"));
    }
    if !r.history.is_empty() {
        out.push_str("History:\n");
        for h in &r.history {
            out.push_str(&format!(
                "  {} {} by {}{}\n",
                h.at,
                h.status.words(),
                h.by,
                if h.note.is_empty() {
                    String::new()
                } else {
                    format!(": {}", h.note)
                }
            ));
        }
    }
    if !r.notes.is_empty() {
        out.push_str("Notes:\n");
        for n in &r.notes {
            let about = match &n.about {
                NoteAbout::Return => "the return".to_owned(),
                NoteAbout::Answer(p) => format!("answer {p}"),
                NoteAbout::Line(k) => format!("line {k}"),
            };
            out.push_str(&format!(
                "  #{} on {about}, by {} {}: {}{}\n",
                n.id,
                n.by,
                n.at,
                n.text,
                match &n.resolved {
                    None => " [open]".to_owned(),
                    Some(x) => format!(
                        " [resolved by {} {}{}]",
                        x.by,
                        x.at,
                        if x.reply.is_empty() {
                            String::new()
                        } else {
                            format!(": {}", x.reply)
                        }
                    ),
                }
            ));
        }
    }
    let ticked = r.checklist.values().filter(|v| **v).count();
    if ticked > 0 {
        out.push_str(&format!("Quality review: {ticked} question(s) ticked\n"));
    }
    out
}
