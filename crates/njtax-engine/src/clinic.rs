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

mod merge;
pub use merge::{ClinicChange, clinic_changes, merge_records};

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
    /// Approving a return that is not marked ready for review (no preparer signed it ready, or
    /// it went back to preparing or to changes since).
    #[error(
        "only a return marked ready for review can be approved: its preparer marks it ready for review first, then a second volunteer approves it"
    )]
    NotReady,
    /// The volunteer who prepared the return (marked it ready for review) tried to approve it.
    #[error(
        "{0} prepared this return, so another volunteer must approve it: every return is checked by a second person"
    )]
    OwnReturn(String),
    /// The volunteer who prepared the return tried to ask for changes to it (the reviewer's step,
    /// which would make them its reviewer).
    #[error(
        "{0} prepared this return, so asking for changes is for the volunteer who reviews it: to go on changing it yourself, choose Start preparing"
    )]
    OwnReview(String),
}

/// Who signs a clinic step: the name the volunteer typed, and what the computer says about who
/// it is (the OS login and the computer's name, kept beside the name in the record). Names are
/// typed, not checked against anything: the login and computer let a coordinator see when two
/// names came from the same account. Never an SSN.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Signer {
    /// The volunteer's name, as typed.
    pub name: String,
    /// The computer account the app or command runs under (empty when not known).
    pub login: String,
    /// The computer's name (empty when not known).
    pub computer: String,
}

impl From<&str> for Signer {
    fn from(name: &str) -> Self {
        Self {
            name: name.to_owned(),
            ..Self::default()
        }
    }
}

impl From<&String> for Signer {
    fn from(name: &String) -> Self {
        Self::from(name.as_str())
    }
}

impl From<&Signer> for Signer {
    fn from(s: &Signer) -> Self {
        s.clone()
    }
}

/// Whether two typed names are the same person's: the same letters and digits, in any case,
/// spacing or punctuation (`Ana Ruiz`, `ana  ruiz`, `Ana Ruiz.`). A different name typed by the
/// same person is not caught here (see the login kept with each step).
#[must_use]
pub fn same_name(a: &str, b: &str) -> bool {
    fn key(s: &str) -> String {
        s.split_whitespace()
            .map(|w| {
                w.chars()
                    .filter(|c| c.is_alphanumeric())
                    .flat_map(char::to_lowercase)
                    .collect::<String>()
            })
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
    let (a, b) = (key(a), key(b));
    !a.is_empty() && a == b
}

/// Who signed, in words for the history: the typed name, then the login and computer it was
/// signed from when they were kept (`Sam Ortiz (login vol2 on LAPTOP-3)`).
#[must_use]
pub fn signed_words(by: &str, login: &str, computer: &str) -> String {
    let by = if by.trim().is_empty() {
        "someone unnamed"
    } else {
        by.trim()
    };
    match (login.trim(), computer.trim()) {
        ("", "") => by.to_owned(),
        (l, "") => format!("{by} (login {l})"),
        ("", c) => format!("{by} (on {c})"),
        (l, c) => format!("{by} (login {l} on {c})"),
    }
}

/// The volunteers who prepared the figures now up for review: the preparer named in the record
/// and whoever signed the step that last put it back to ready for review (an approval cleared by
/// their change of figures included: who changed the figures prepared them).
fn preparers(record: &ClinicRecord) -> Vec<&str> {
    let mut out = vec![record.preparer.as_str()];
    if let Some(h) = record
        .history
        .iter()
        .rev()
        .find(|h| h.status == ClinicStatus::ReadyForReview)
    {
        out.push(h.by.as_str());
    }
    out.retain(|n| !n.trim().is_empty());
    out
}

/// Whether the approval that holds now was signed from the same computer account (login and
/// computer) as the step that made it ready for review: allowed (one shared account on a
/// clinic's laptop), but shown, since only the typed names then tell the two volunteers apart.
#[must_use]
pub fn approved_from_preparers_login(record: &ClinicRecord) -> bool {
    if !matches!(record.status, ClinicStatus::Approved | ClinicStatus::Filed) {
        return false;
    }
    let mut rev = record.history.iter().rev();
    let Some(approved) = rev.find(|h| h.status == ClinicStatus::Approved) else {
        return false;
    };
    let Some(ready) = rev.find(|h| h.status == ClinicStatus::ReadyForReview) else {
        return false;
    };
    !approved.login.is_empty()
        && approved.login == ready.login
        && approved.computer == ready.computer
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
/// return with no errors and no unreadable answers, marked ready for review, and a volunteer
/// other than the one who prepared it ([`same_name`]), and keeps the stamp of its figures;
/// asking for changes is also refused to the preparer. Marking it ready for review names the
/// preparer; approving or asking for changes names the reviewer; leaving Approved drops the
/// stamp. Filing goes through [`mark_filed`].
///
/// # Errors
/// [`ClinicError`] when the name is missing or an approval (or a request for changes) is not
/// allowed: [`ClinicError::NotReady`], [`ClinicError::OwnReturn`], [`ClinicError::OwnReview`].
pub fn set_status(
    answers: &mut Answers,
    set: &ReturnSet,
    status: ClinicStatus,
    by: impl Into<Signer>,
    at: &str,
    note: &str,
) -> Result<(), ClinicError> {
    let signer: Signer = by.into();
    let by = signed(&signer.name)?;
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
    let current = answers.clinic.clone().unwrap_or_default();
    match status {
        ClinicStatus::Approved => {
            if current.status != ClinicStatus::ReadyForReview || current.preparer.trim().is_empty()
            {
                return Err(ClinicError::NotReady);
            }
            if let Some(p) = preparers(&current).into_iter().find(|p| same_name(p, &by)) {
                return Err(ClinicError::OwnReturn(p.trim().to_owned()));
            }
        }
        ClinicStatus::ChangesRequested => {
            if let Some(p) = preparers(&current).into_iter().find(|p| same_name(p, &by)) {
                return Err(ClinicError::OwnReview(p.trim().to_owned()));
            }
        }
        _ => {}
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
        login: signer.login,
        computer: signer.computer,
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
    by: impl Into<Signer>,
    at: &str,
) -> Result<(), ClinicError> {
    let signer: Signer = by.into();
    let by = signed(&signer.name)?;
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
        login: signer.login,
        computer: signer.computer,
    });
    Ok(())
}

/// After an edit: an approval whose figures changed is cleared (the return goes back to ready
/// for review, the history saying why, signed by `by`). Returns whether it was cleared.
pub fn clear_stale_approval(
    answers: &mut Answers,
    set: &ReturnSet,
    by: impl Into<Signer>,
    at: &str,
) -> bool {
    let signer: Signer = by.into();
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
        by: signer.name.trim().to_owned(),
        at: at.to_owned(),
        note: "approval cleared: the figures changed after it".to_owned(),
        login: signer.login,
        computer: signer.computer,
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
    by: impl Into<Signer>,
    at: &str,
) -> Result<u32, ClinicError> {
    let signer: Signer = by.into();
    let by = signed(&signer.name)?;
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
        login: signer.login,
        computer: signer.computer,
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
    by: impl Into<Signer>,
    at: &str,
    reply: &str,
) -> Result<(), ClinicError> {
    let signer: Signer = by.into();
    let by = signed(&signer.name)?;
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
        login: signer.login,
        computer: signer.computer,
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
    /// The law bars the whole refund on the filing date the draft gives (an original return's
    /// overpayment filed after its last day, or an amended return's refund after its time
    /// limits, N.J.S.A. 54A:9-8): shown as barred, never as a refund.
    pub refund_barred: bool,
    /// When the draft gives no filing date and shows a refund: the last day to claim it (the
    /// earliest of its returns'); a roster read after that day shows the refund as barred.
    pub refund_last_day: Option<Date>,
}

impl RosterRow {
    /// Whether the refund shown is barred for a return filed `today` (when the draft gives no
    /// filing date) or on the filing date the draft gives.
    #[must_use]
    pub fn refund_barred_on(&self, today: Option<Date>) -> bool {
        self.refund_barred
            || (self.refund > Decimal::ZERO
                && self
                    .refund_last_day
                    .zip(today)
                    .is_some_and(|(last, t)| t > last))
    }

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
        refund_barred: set.returns.iter().any(|r| match &r.amended {
            Some(x) => x
                .refund_limit
                .as_ref()
                .is_some_and(crate::rules::amended::RefundLimit::wholly_barred),
            None => answers
                .filing
                .filed_on
                .is_some_and(|d| r.balance_due.is_zero() && r.barred_refund(d).is_some()),
        }),
        refund_last_day: if answers.filing.filed_on.is_some() || answers.amends.is_some() {
            None
        } else {
            set.returns
                .iter()
                .filter(|r| r.refund > Decimal::ZERO)
                .filter_map(|r| r.refund_claim_deadline.map(|d| d.last_day))
                .min()
        },
    }
}
