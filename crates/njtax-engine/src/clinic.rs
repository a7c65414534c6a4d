//! Clinic work on a draft: the status from intake to filed with each volunteer's sign-off, the
//! review notes, the quality-review questions (`forms/clinic.ron`), the stamp of the figures an
//! approval holds for, and one roster row per draft. Pure: the caller gives the volunteer's name
//! and the time, and writes the draft. See `docs/decisions/clinic-mode.md`.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::answers::{
    Answers, ClinicRecord, ClinicStatus, Date, FiledHow, NoteAbout, Resolved, ReviewNote,
    StatusChange, last_four_digits,
};
use crate::compute::ReturnSet;
use crate::explain::Severity;

/// The embedded clinic data.
pub const CLINIC_RON: &str = include_str!("../../../forms/clinic.ron");

/// One quality-review question.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewQuestion {
    /// Stable id (the key in `clinic.checklist`).
    pub id: String,
    /// The question, as the reviewer ticks it.
    pub question: String,
    /// What to look at.
    pub help: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClinicData {
    review_questions: Vec<ReviewQuestion>,
}

/// The quality-review questions of `forms/clinic.ron`.
///
/// # Errors
/// The embedded data cannot be read (a build defect, caught by the tests).
pub fn review_questions() -> Result<Vec<ReviewQuestion>, String> {
    ron::Options::default()
        .from_str::<ClinicData>(CLINIC_RON)
        .map(|d| d.review_questions)
        .map_err(|e| format!("forms/clinic.ron: {e}"))
}

/// Why a clinic action cannot be done, in words for the volunteer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClinicError {
    /// No volunteer name was given.
    #[error("give your name first: every change of status and every note is signed with it")]
    NoName,
    /// The return has errors.
    #[error(
        "the return has {0} problem(s) to fix (see Review): it cannot be approved until they are fixed"
    )]
    Errors(usize),
    /// Answers hold text that could not be read.
    #[error("{0} answer(s) hold text that could not be read: fix them before approving")]
    Unreadable(usize),
    /// Filing needs an approval that still holds.
    #[error(
        "only an approved return whose figures have not changed since can be marked filed: ask for a review first"
    )]
    NotApproved,
    /// The filing date is missing.
    #[error("give the day the return was filed")]
    NoFilingDate,
    /// A note needs its text.
    #[error("a note needs some text")]
    NoText,
    /// No note has that number.
    #[error("no note {0} in this draft")]
    NoSuchNote(u32),
    /// The note is already resolved.
    #[error("note {0} is already resolved")]
    AlreadyResolved(u32),
}

/// Whether the approval of a return still holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Approval {
    /// Not approved.
    None,
    /// Approved, and the figures are the ones approved.
    Holds,
    /// Approved, but a figure changed since: the approval no longer holds.
    Cleared,
}

/// A stamp of every figure of the returns (each return's form, whose it is, each line's value,
/// the refund and the balance due): equal stamps mean the same figures. FNV-1a, 64 bits, over a
/// canonical text, written as 16 hex digits.
#[must_use]
pub fn figures_stamp(set: &ReturnSet) -> String {
    let mut text = format!("{}", set.tax_year);
    for r in &set.returns {
        text.push_str(&format!("|{}|{:?}|{:?}", r.form, r.kind, r.filer));
        for l in &r.lines {
            text.push_str(&format!(";{}={}", l.key, l.value.normalize()));
        }
        text.push_str(&format!(
            ";refund={};due={}",
            r.refund.normalize(),
            r.balance_due.normalize()
        ));
    }
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// Whether the record's approval holds for these returns.
#[must_use]
pub fn approval(record: &ClinicRecord, set: &ReturnSet) -> Approval {
    match (&record.approved_figures, record.status) {
        (Some(stamp), ClinicStatus::Approved | ClinicStatus::Filed) => {
            if *stamp == figures_stamp(set) {
                Approval::Holds
            } else {
                Approval::Cleared
            }
        }
        _ => Approval::None,
    }
}

/// The errors of the returns (each counted once).
fn error_count(set: &ReturnSet) -> usize {
    let mut seen: Vec<(&str, Option<&str>)> = Vec::new();
    for d in set.returns.iter().flat_map(|r| &r.diagnostics) {
        if d.severity == Severity::Error && !seen.contains(&(d.code.as_str(), d.path.as_deref())) {
            seen.push((d.code.as_str(), d.path.as_deref()));
        }
    }
    seen.len()
}

fn signed(by: &str) -> Result<String, ClinicError> {
    let by = by.trim();
    if by.is_empty() {
        Err(ClinicError::NoName)
    } else {
        Ok(by.to_owned())
    }
}

/// Move the return to `status`, signed by `by` at `at` (the caller's clock). Approving needs a
/// return with no errors and no unreadable answers, and keeps the stamp of its figures; marking
/// it ready for review names the preparer; approving or asking for changes names the reviewer;
/// leaving Approved drops the stamp. Filing goes through [`mark_filed`].
///
/// # Errors
/// [`ClinicError`] when the name is missing or an approval is not allowed.
pub fn set_status(
    answers: &mut Answers,
    set: &ReturnSet,
    status: ClinicStatus,
    by: &str,
    at: &str,
    note: &str,
) -> Result<(), ClinicError> {
    let by = signed(by)?;
    if status == ClinicStatus::Filed {
        return Err(ClinicError::NoFilingDate);
    }
    if status == ClinicStatus::Approved {
        let unreadable = answers.unreadable.len();
        if unreadable > 0 {
            return Err(ClinicError::Unreadable(unreadable));
        }
        let errors = error_count(set);
        if errors > 0 {
            return Err(ClinicError::Errors(errors));
        }
    }
    let record = answers.clinic.get_or_insert_with(ClinicRecord::default);
    match status {
        ClinicStatus::ReadyForReview => record.preparer.clone_from(&by),
        ClinicStatus::Approved | ClinicStatus::ChangesRequested => {
            record.reviewer.clone_from(&by);
        }
        _ => {}
    }
    record.approved_figures = (status == ClinicStatus::Approved).then(|| figures_stamp(set));
    record.status = status;
    record.history.push(StatusChange {
        status,
        by,
        at: at.to_owned(),
        note: note.trim().to_owned(),
    });
    Ok(())
}

/// Mark an approved return filed on `on`, online or mailed.
///
/// # Errors
/// [`ClinicError::NotApproved`] unless the approval holds; [`ClinicError::NoName`].
pub fn mark_filed(
    answers: &mut Answers,
    set: &ReturnSet,
    on: Date,
    how: FiledHow,
    by: &str,
    at: &str,
) -> Result<(), ClinicError> {
    let by = signed(by)?;
    let holds = answers
        .clinic
        .as_ref()
        .is_some_and(|r| r.status == ClinicStatus::Approved && approval(r, set) == Approval::Holds);
    if !holds {
        return Err(ClinicError::NotApproved);
    }
    let record = answers.clinic.get_or_insert_with(ClinicRecord::default);
    record.status = ClinicStatus::Filed;
    record.filed_on = Some(on);
    record.filed_how = Some(how);
    record.history.push(StatusChange {
        status: ClinicStatus::Filed,
        by,
        at: at.to_owned(),
        note: format!(
            "filed {on} {}",
            match how {
                FiledHow::Online => "online",
                FiledHow::Mailed => "by mail",
            }
        ),
    });
    Ok(())
}

/// After an edit: an approval whose figures changed is cleared (the return goes back to ready
/// for review, the history saying why, signed by `by`). Returns whether it was cleared.
pub fn clear_stale_approval(answers: &mut Answers, set: &ReturnSet, by: &str, at: &str) -> bool {
    let Some(record) = answers.clinic.as_mut() else {
        return false;
    };
    if record.status != ClinicStatus::Approved || approval(record, set) != Approval::Cleared {
        return false;
    }
    record.status = ClinicStatus::ReadyForReview;
    record.approved_figures = None;
    record.history.push(StatusChange {
        status: ClinicStatus::ReadyForReview,
        by: by.trim().to_owned(),
        at: at.to_owned(),
        note: "approval cleared: the figures changed after it".to_owned(),
    });
    true
}

/// Add a note about `about`; returns its number.
///
/// # Errors
/// [`ClinicError::NoName`], [`ClinicError::NoText`].
pub fn add_note(
    answers: &mut Answers,
    about: NoteAbout,
    text: &str,
    by: &str,
    at: &str,
) -> Result<u32, ClinicError> {
    let by = signed(by)?;
    let text = text.trim();
    if text.is_empty() {
        return Err(ClinicError::NoText);
    }
    let record = answers.clinic.get_or_insert_with(ClinicRecord::default);
    let id = record
        .notes
        .iter()
        .map(|n| n.id)
        .max()
        .unwrap_or(0)
        .saturating_add(1);
    record.notes.push(ReviewNote {
        id,
        about,
        text: text.to_owned(),
        by,
        at: at.to_owned(),
        resolved: None,
    });
    Ok(id)
}

/// Resolve note `id`.
///
/// # Errors
/// [`ClinicError::NoName`], [`ClinicError::NoSuchNote`], [`ClinicError::AlreadyResolved`].
pub fn resolve_note(
    answers: &mut Answers,
    id: u32,
    by: &str,
    at: &str,
    reply: &str,
) -> Result<(), ClinicError> {
    let by = signed(by)?;
    let note = answers
        .clinic
        .as_mut()
        .and_then(|r| r.notes.iter_mut().find(|n| n.id == id))
        .ok_or(ClinicError::NoSuchNote(id))?;
    if note.resolved.is_some() {
        return Err(ClinicError::AlreadyResolved(id));
    }
    note.resolved = Some(Resolved {
        by,
        at: at.to_owned(),
        reply: reply.trim().to_owned(),
    });
    Ok(())
}

/// One draft in a clinic's roster (the file name is the caller's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RosterRow {
    /// The filer's name (and the spouse's on a joint return).
    pub name: String,
    /// The last four digits of the filer's SSN (never the whole number).
    pub ssn_last4: String,
    /// Tax year.
    pub year: u16,
    /// The forms the draft produces.
    pub forms: Vec<String>,
    /// The refund (summed over the returns; an amended return's: the refund it claims).
    pub refund: Decimal,
    /// The balance due (summed; an amended return's: the additional tax).
    pub balance_due: Decimal,
    /// Problems to fix (errors, each once).
    pub errors: usize,
    /// Answers holding text that could not be read.
    pub unreadable: usize,
    /// Where it stands.
    pub status: ClinicStatus,
    /// Whether an approval holds.
    pub approval: Approval,
    /// Who prepared it.
    pub preparer: String,
    /// Who reviewed it.
    pub reviewer: String,
    /// Notes not yet resolved.
    pub open_notes: usize,
    /// When its status last changed (`None`: never in the clinic).
    pub last_change: Option<String>,
    /// The draft amends a filed return.
    pub amended: bool,
}

impl RosterRow {
    /// The status in words, an approval the figures no longer match said so.
    #[must_use]
    pub fn status_words(&self) -> String {
        match self.approval {
            Approval::Cleared => format!(
                "{} (approval cleared: figures changed)",
                self.status.words()
            ),
            _ => self.status.words().to_owned(),
        }
    }

    /// Whether the row matches a search: part of a name (any case) or the SSN's last four.
    #[must_use]
    pub fn matches(&self, search: &str) -> bool {
        let s = search.trim().to_lowercase();
        s.is_empty() || self.name.to_lowercase().contains(&s) || self.ssn_last4 == s
    }
}

/// The roster row of a draft and its computed returns.
#[must_use]
pub fn roster_row(answers: &Answers, set: &ReturnSet) -> RosterRow {
    let record = answers.clinic.clone().unwrap_or_default();
    let mut name = answers.taxpayer.name.trim().to_owned();
    if let Some(sp) = answers
        .spouse
        .as_ref()
        .filter(|_| answers.filing_status.is_joint())
        && !sp.name.trim().is_empty()
    {
        name = format!("{name} & {}", sp.name.trim());
    }
    RosterRow {
        name,
        ssn_last4: last_four_digits(&answers.taxpayer.ssn),
        year: answers.tax_year,
        forms: set.returns.iter().map(|r| r.form.clone()).collect(),
        // An amended return's figures are what it changes after what the original paid or
        // refunded, as the app's return panel shows them.
        refund: set
            .returns
            .iter()
            .map(|r| r.amended.as_ref().map_or(r.refund, |x| x.refund))
            .sum(),
        balance_due: set
            .returns
            .iter()
            .map(|r| r.amended.as_ref().map_or(r.balance_due, |x| x.balance_due))
            .sum(),
        errors: error_count(set),
        unreadable: answers.unreadable.len(),
        status: record.status,
        approval: approval(&record, set),
        preparer: record.preparer.clone(),
        reviewer: record.reviewer.clone(),
        open_notes: record.open_notes().count(),
        last_change: record.history.last().map(|h| h.at.clone()),
        amended: answers.amends.is_some(),
    }
}
