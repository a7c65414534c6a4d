//! `njtax clinic DIR`: the roster of a clinic folder (one row per draft, computed in parallel),
//! filtered, searched and sorted; and the words of a draft's clinic record for `njtax status`.

use std::path::Path;

use njtax_engine::ParamBook;
use njtax_engine::answers::{ClinicRecord, NoteAbout};
use njtax_engine::money::fmt_money;

use super::batch::{YearCache, collect, par_map};

pub use njtax_ui::roster::{Entry, Filter, SortBy};

/// Every `.ron` draft directly in `dir`, computed (values only) into its roster row, in
/// parallel ([`njtax_ui::roster::entry`], as the app's roster window reads them).
pub fn roster(dir: &Path, book: &ParamBook) -> Vec<Entry> {
    let found = collect(&[dir.to_path_buf()]);
    par_map(&found.files, YearCache::new, |path, years| {
        njtax_ui::roster::entry(path, found.why_not(path), book, years)
    })
}

/// The entries the filter keeps, sorted (unreadable drafts last, then by the chosen column,
/// then by file name).
pub fn filtered(entries: Vec<Entry>, f: &Filter) -> Vec<Entry> {
    let order = f.shown(&entries);
    let mut slots: Vec<Option<Entry>> = entries.into_iter().map(Some).collect();
    order
        .into_iter()
        .filter_map(|i| slots.get_mut(i).and_then(Option::take))
        .collect()
}

/// The roster as a text table; `today` (the day the roster is read) decides whether a refund of
/// a draft without a filing date is barred by now, as the app's roster shows it.
pub fn render_roster(entries: &[Entry], today: Option<njtax_engine::answers::Date>) -> String {
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
                } else if r.refund_barred_on(today) {
                    // A refund the law bars is shown as barred, never as $0.00 (54A:9-8 d).
                    "barred".to_owned()
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
    if njtax_engine::clinic::approved_from_preparers_login(r) {
        out.push_str(
            "Approved from the same computer login as the step that made it ready for review: only the typed names tell the two volunteers apart\n",
        );
    }
    if let (Some(on), Some(how)) = (r.filed_on, r.filed_how) {
        out.push_str(&format!("Filed: {on} ({})\n", how.label()));
    }
    if !r.history.is_empty() {
        out.push_str("History:\n");
        for h in &r.history {
            out.push_str(&format!(
                "  {} {} by {}{}\n",
                h.at,
                h.status.words(),
                njtax_engine::clinic::signed_words(&h.by, &h.login, &h.computer),
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
                njtax_engine::clinic::signed_words(&n.by, &n.login, &n.computer),
                n.at,
                n.text,
                match &n.resolved {
                    None => " [open]".to_owned(),
                    Some(x) => format!(
                        " [resolved by {} {}{}]",
                        njtax_engine::clinic::signed_words(&x.by, &x.login, &x.computer),
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
