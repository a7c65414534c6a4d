//! Batch work on the drafts ticked in the clinic roster: Print selected… (one PDF per draft,
//! made as File > Print to PDF… makes it, into a folder the user picks, never over a file already
//! there) and Save a summary of the selected (CSV)…. Each draft is read from its file again when
//! the work is done, so what is printed or summed up is what the file holds then.

use njtax_engine::money::round_cents;
use njtax_print::handoff::csv_row;

use super::*;
use crate::files::WriteError;
use crate::roster::{Entry, Roster, YearCache};

/// The most names tried for one draft's PDF (`name.pdf`, `name (2).pdf`, …) before giving up.
const NAME_TRIES: u32 = 99;

/// The header of the roster's summary of the selected drafts.
pub const SUMMARY_HEADER: [&str; 13] = [
    "file",
    "name",
    "ssn_last4",
    "year",
    "forms",
    "refund",
    "balance_due",
    "problems_to_fix",
    "open_notes",
    "status",
    "preparer",
    "reviewer",
    "last_change",
];

impl App {
    /// Print selected…: ask for the folder to print the roster's ticked drafts into (the folder
    /// dialog, starting in the roster's folder). Nothing ticked: the status bar says so.
    pub(super) fn ask_print_selected(&mut self, ctx: &egui::Context) {
        let Some(folder) = self.ticked_folder("printed") else {
            return;
        };
        let request = DialogRequest {
            kind: FileKind::Folder,
            title: "Print the selected returns into a folder".to_owned(),
            folder: Some(folder),
            file_name: None,
        };
        self.pick(request, false, AfterPick::PrintSelected, ctx);
    }

    /// The roster's folder when some of its drafts are ticked; otherwise the status bar says that
    /// nothing was `done` and why.
    fn ticked_folder(&mut self, done: &str) -> Option<PathBuf> {
        match &self.snapshot.roster {
            Some(r) if !r.selected.is_empty() => Some(r.folder.clone()),
            Some(_) => {
                self.ui_state.message = Some((
                    format!("Nothing was {done}: no draft is ticked in the roster"),
                    true,
                ));
                None
            }
            None => {
                self.ui_state.message = Some((
                    format!("Nothing was {done}: the clinic roster is not open"),
                    true,
                ));
                None
            }
        }
    }

    /// Print each ticked draft of the roster into `folder`: one PDF per draft, named after the
    /// draft file (`single-renter.pdf`, or `single-renter (2).pdf` when that name is taken: no
    /// file is ever replaced). A draft that cannot be read, or whose return has problems to fix,
    /// is not printed. The status bar says which were printed where, and which were not and why.
    pub(super) fn print_selected(&mut self, folder: &Path) {
        let Some(paths) = self.snapshot.roster.as_ref().map(Roster::selected_paths) else {
            self.ui_state.message = Some((
                "No return was printed: the clinic roster was closed".to_owned(),
                true,
            ));
            return;
        };
        let Ok(book) = &self.book else {
            self.ui_state.message = Some((
                "No return was printed: the law figures built into this version could not be read"
                    .to_owned(),
                true,
            ));
            return;
        };
        let mask_ssns = self.ui_state.print_mask_ssns;
        let today = self.today();
        let mut printed = 0usize;
        let mut renamed = Vec::new();
        let mut not_printed = Vec::new();
        for path in &paths {
            let file = file_name(path);
            match print_one(path, folder, book, mask_ssns, today) {
                Ok(written) => {
                    printed += 1;
                    if written != pdf_name(path, 1) {
                        renamed.push(written);
                    }
                }
                Err(why) => not_printed.push(format!("{file} ({why})")),
            }
        }
        let mut msg = match printed {
            0 => format!("No return was printed to {}", folder.display()),
            1 => format!("Printed 1 return to {}", folder.display()),
            n => format!("Printed {n} returns to {}", folder.display()),
        };
        if !renamed.is_empty() {
            msg.push_str(&format!(
                "; a file of the draft's name was there already, so written as {}",
                renamed.join(", ")
            ));
        }
        if !not_printed.is_empty() {
            msg.push_str(&format!("; not printed: {}", not_printed.join(", ")));
        }
        // Nothing printed (the ticked drafts left the folder meanwhile) is said as a problem too.
        self.ui_state.message = Some((msg, printed == 0 || !not_printed.is_empty()));
    }

    /// Save a summary of the selected (CSV)…: make the summary of the roster's ticked drafts
    /// (each read again from its file), then ask where to save it.
    pub(super) fn ask_summary(&mut self, ctx: &egui::Context) {
        let Some(folder) = self.ticked_folder("written") else {
            return;
        };
        let paths = self
            .snapshot
            .roster
            .as_ref()
            .map(Roster::selected_paths)
            .unwrap_or_default();
        let Ok(book) = &self.book else {
            self.ui_state.message = Some((
                "The summary was not made: the law figures built into this version could not be read"
                    .to_owned(),
                true,
            ));
            return;
        };
        let mut years = YearCache::new();
        let entries: Vec<Entry> = paths
            .iter()
            .map(|p| crate::roster::entry(p, None, book, &mut years))
            .collect();
        let bytes = summary_csv(&entries).into_bytes();
        let request = DialogRequest {
            kind: FileKind::Csv,
            title: "Save a summary of the selected drafts".to_owned(),
            file_name: Some(format!("{}-summary.csv", file_name(&folder))),
            folder: Some(folder),
        };
        let then = AfterPick::Summary {
            bytes,
            rows: entries.len(),
        };
        self.pick(request, true, then, ctx);
    }

    /// Write the summary [`Self::ask_summary`] made to `path`, whole or not at all, never over a
    /// draft.
    pub(super) fn write_summary(&mut self, path: &Path, bytes: &[u8], rows: usize) {
        if self.is_the_draft(path) || crate::roster::is_draft_name(path) {
            self.ui_state.message = Some((
                format!(
                    "Did not write the summary over a draft ({}): choose a name ending in .csv",
                    path.display()
                ),
                true,
            ));
            return;
        }
        match crate::files::write_private_bytes(path, bytes) {
            Ok(()) => {
                self.ui_state.message = Some((
                    format!(
                        "The summary of {rows} draft{} was written to {}",
                        if rows == 1 { "" } else { "s" },
                        path.display()
                    ),
                    false,
                ));
            }
            Err(e) => {
                self.ui_state.message = Some((format!("Could not write the summary: {e}"), true));
            }
        }
    }
}

/// The PDF name of the draft at `draft` for the `n`th try: `name.pdf`, then `name (n).pdf`.
fn pdf_name(draft: &Path, n: u32) -> String {
    let stem = draft
        .file_stem()
        .map_or_else(|| "return".to_owned(), |s| s.to_string_lossy().into_owned());
    if n <= 1 {
        format!("{stem}.pdf")
    } else {
        format!("{stem} ({n}).pdf")
    }
}

/// Print the draft at `draft` into `folder` under a name not taken; the name written.
///
/// # Errors
/// Why it was not printed, in a few words (the roster says more).
fn print_one(
    draft: &Path,
    folder: &Path,
    book: &ParamBook,
    mask: bool,
    today: Option<njtax_engine::answers::Date>,
) -> Result<String, String> {
    let d = crate::files::read_draft(draft).map_err(|_| "cannot be read".to_owned())?;
    let answers = &d.answers;
    let set = njtax_engine::compute::compute_set(answers, book)
        .map_err(|e| format!("cannot be computed: {e}"))?;
    let row = njtax_engine::clinic::roster_row(answers, &set);
    match row.errors + row.unreadable {
        0 => {}
        1 => return Err("1 problem to fix".to_owned()),
        n => return Err(format!("{n} problems to fix")),
    }
    let bytes = super::files::return_pdf(answers, &set, book, mask, today)
        .map_err(|e| format!("could not be made: {e}"))?;
    for n in 1..=NAME_TRIES {
        let name = pdf_name(draft, n);
        match crate::files::write_new_private_bytes(&folder.join(&name), &bytes) {
            Ok(()) => return Ok(name),
            Err(WriteError::Exists { .. }) => {}
            Err(e) => return Err(format!("could not be written: {e}")),
        }
    }
    Err(format!(
        "could not be written: {} to {} are all taken",
        pdf_name(draft, 1),
        pdf_name(draft, NAME_TRIES)
    ))
}

/// The summary of roster entries as CSV (RFC 4180, CRLF): [`SUMMARY_HEADER`], then a row per
/// entry. Only the SSN's last 4 digits; a file that cannot be read says why in the status column.
#[must_use]
pub fn summary_csv(entries: &[Entry]) -> String {
    let money = |v: rust_decimal::Decimal| format!("{:.2}", round_cents(v));
    let mut csv = csv_row(&SUMMARY_HEADER);
    for e in entries {
        let fields = match &e.row {
            Some(r) => vec![
                e.file.clone(),
                r.name.clone(),
                r.ssn_last4.clone(),
                r.year.to_string(),
                r.forms.join(" + ") + if r.amended { ", amended" } else { "" },
                money(r.refund),
                money(r.balance_due),
                (r.errors + r.unreadable).to_string(),
                r.open_notes.to_string(),
                r.status_words(),
                r.preparer.clone(),
                r.reviewer.clone(),
                r.last_change.clone().unwrap_or_default(),
            ],
            None => {
                let mut f = vec![String::new(); SUMMARY_HEADER.len()];
                if let Some(first) = f.first_mut() {
                    first.clone_from(&e.file);
                }
                if let Some(status) = f.get_mut(9) {
                    *status = format!(
                        "cannot be read: {}",
                        e.unreadable.as_deref().unwrap_or_default()
                    );
                }
                f
            }
        };
        csv.push_str(&csv_row(&fields));
    }
    csv
}

#[cfg(test)]
mod tests {
    use njtax_engine::answers::ClinicStatus;
    use njtax_engine::clinic::{Approval, RosterRow};
    use rust_decimal::Decimal;

    use super::summary_csv;
    use crate::roster::Entry;

    /// The roster's summary: a client named like a formula is text (a leading `'`), a negative
    /// amount stays a number, an unreadable file's reason too is text.
    #[test]
    fn the_summary_neutralises_formula_names_and_keeps_negative_amounts() {
        let row = |name: &str| RosterRow {
            name: name.to_owned(),
            ssn_last4: "1001".to_owned(),
            year: 2024,
            forms: vec!["NJ-1040".to_owned()],
            refund: Decimal::new(-5_000, 2),
            balance_due: Decimal::ZERO,
            errors: 0,
            unreadable: 0,
            status: ClinicStatus::Intake,
            approval: Approval::None,
            preparer: "@SUM(A1)".to_owned(),
            reviewer: String::new(),
            open_notes: 0,
            last_change: None,
            amended: false,
            refund_barred: false,
            refund_last_day: None,
        };
        let entry = |file: &str, name: &str| Entry {
            file: file.to_owned(),
            row: Some(row(name)),
            unreadable: None,
        };
        let entries = [
            entry("a.ron", "=HYPERLINK(\"http://x.test\",\"Open\")"),
            entry("b.ron", "+1"),
            entry("c.ron", "-2+3"),
            Entry {
                file: "-d.ron".to_owned(),
                row: None,
                unreadable: Some("=1+1".to_owned()),
            },
        ];
        let csv = summary_csv(&entries);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        let status = ClinicStatus::Intake.words();
        assert_eq!(
            lines[1],
            format!(
                "a.ron,\"'=HYPERLINK(\"\"http://x.test\"\",\"\"Open\"\")\",1001,2024,NJ-1040,-50.00,0.00,0,0,{status},'@SUM(A1),,"
            )
        );
        assert!(lines[2].starts_with("b.ron,'+1,1001,2024,NJ-1040,-50.00,"));
        assert!(lines[3].starts_with("c.ron,'-2+3,1001,"));
        assert_eq!(lines[4], "'-d.ron,,,,,,,,,cannot be read: =1+1,,,");
    }
}
