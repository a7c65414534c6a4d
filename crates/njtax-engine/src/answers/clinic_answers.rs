//! A clinic's record of a draft (format 11): where the return stands in the clinic's work
//! (intake to filed), who prepared and reviewed it and when, the reviewer's notes on answers and
//! lines, and the quality-review questions ticked. None of it changes a figure of the return.
//! Re-exported from [`crate::answers`]; the rules (who may approve, when an approval no longer
//! holds) are [`crate::clinic`]'s.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::calendar::Date;

/// Where a return stands in a clinic's work.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum ClinicStatus {
    /// The client's documents are being gathered.
    #[default]
    Intake,
    /// A volunteer is preparing it.
    InProgress,
    /// Prepared; waiting for a second volunteer to review it.
    ReadyForReview,
    /// Reviewed; the reviewer asked for changes (see the notes).
    ChangesRequested,
    /// Reviewed and approved for filing, with the figures as they were then.
    Approved,
    /// Filed (the date and how are kept).
    Filed,
}

impl ClinicStatus {
    /// Every status, in the order of the work.
    pub const ALL: [Self; 6] = [
        Self::Intake,
        Self::InProgress,
        Self::ReadyForReview,
        Self::ChangesRequested,
        Self::Approved,
        Self::Filed,
    ];

    /// The status in words.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Self::Intake => "intake",
            Self::InProgress => "in progress",
            Self::ReadyForReview => "ready for review",
            Self::ChangesRequested => "changes requested",
            Self::Approved => "approved",
            Self::Filed => "filed",
        }
    }

    /// The status from its words or its name (`ready for review`, `ready-for-review`,
    /// `ReadyForReview`, `ready`).
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let t: String = text
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        Self::ALL.into_iter().find(|s| {
            let w: String = s
                .words()
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .collect();
            w == t
                || (t == "ready" && *s == Self::ReadyForReview)
                || (t == "changes" && *s == Self::ChangesRequested)
        })
    }
}

/// How a return was filed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FiledHow {
    /// Typed into New Jersey's online filing service from the hand-off sheet.
    #[default]
    Online,
    /// Printed, signed and mailed.
    Mailed,
}

impl FiledHow {
    /// How it was filed in plain words ("online", "mailed").
    pub fn label(self) -> &'static str {
        match self {
            Self::Online => "online",
            Self::Mailed => "mailed",
        }
    }
}

/// One change of status: to what, by whom, when.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StatusChange {
    /// The new status.
    pub status: ClinicStatus,
    /// The volunteer's name.
    pub by: String,
    /// When, as the app wrote it (`2026-12-07T14:05:00Z`, UTC).
    pub at: String,
    /// Why, when the app or the volunteer said (an approval cleared by a change of figures).
    pub note: String,
    /// The computer account the app ran under when it was signed (`USER`/`USERNAME`; empty in
    /// records written before it was kept). Names are typed; this is what the computer said.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub login: String,
    /// The computer's name when it was signed (empty when not known).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub computer: String,
}

/// What a review note is about.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoteAbout {
    /// The return as a whole.
    #[default]
    Return,
    /// An answer, by its path (`income.retirement[0].taxable_amount`).
    Answer(String),
    /// A line of the return, by the engine's line key (`pensions`).
    Line(String),
}

/// A reviewer's note, and who resolved it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ReviewNote {
    /// Its number in the draft, never reused (1, 2, ...).
    pub id: u32,
    /// What it is about.
    pub about: NoteAbout,
    /// The note.
    pub text: String,
    /// Who wrote it.
    pub by: String,
    /// When.
    pub at: String,
    /// Who resolved it and when (`None`: open).
    pub resolved: Option<Resolved>,
    /// The computer account the app ran under when it was signed (`USER`/`USERNAME`; empty in
    /// records written before it was kept). Names are typed; this is what the computer said.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub login: String,
    /// The computer's name when it was signed (empty when not known).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub computer: String,
}

/// A note's resolution.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Resolved {
    /// Who resolved it.
    pub by: String,
    /// When.
    pub at: String,
    /// What was done, when said.
    pub reply: String,
    /// The computer account the app ran under when it was signed (`USER`/`USERNAME`; empty in
    /// records written before it was kept). Names are typed; this is what the computer said.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub login: String,
    /// The computer's name when it was signed (empty when not known).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub computer: String,
}

/// The clinic's record of a draft.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ClinicRecord {
    /// Where the return stands.
    pub status: ClinicStatus,
    /// Every change of status, oldest first.
    pub history: Vec<StatusChange>,
    /// The volunteer who prepared it (who marked it ready for review).
    pub preparer: String,
    /// The volunteer who reviewed it (who approved it or asked for changes).
    pub reviewer: String,
    /// The stamp of the return's figures when it was approved (`crate::clinic::figures_stamp`):
    /// a later change of any figure clears the approval.
    pub approved_figures: Option<String>,
    /// The day the return was filed.
    pub filed_on: Option<Date>,
    /// How it was filed.
    pub filed_how: Option<FiledHow>,
    /// The review notes.
    pub notes: Vec<ReviewNote>,
    /// The quality-review questions ticked, by question id (`forms/clinic.ron`).
    pub checklist: BTreeMap<String, bool>,
}

impl ClinicRecord {
    /// The notes not yet resolved.
    pub fn open_notes(&self) -> impl Iterator<Item = &ReviewNote> {
        self.notes.iter().filter(|n| n.resolved.is_none())
    }
}
