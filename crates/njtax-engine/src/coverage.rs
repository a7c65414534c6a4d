//! What this version covers of the Gross Income Tax Act: every section of Title 54A that bears
//! on an individual's return, with its status (computed, entered by the filer, income left out,
//! not covered) and where the app has it. The list is data (`forms/coverage.ron`, embedded);
//! `njtax coverage` prints it and the Start screen and README show the part not covered. A test
//! keeps it in step with the code: every section it calls computed is cited by a rule or a law
//! figure, and every section a rule cites is on it.

use serde::Deserialize;

use crate::key::Key;

/// The embedded `forms/coverage.ron`.
const EMBEDDED: &str = include_str!("../../../forms/coverage.ron");

/// How far the app goes with a section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Status {
    /// The engine works it out from the answers.
    Computed,
    /// Asked as an amount or fact the filer gets from a form or works out.
    Entered,
    /// Income the Act leaves out of gross income: not asked, left out of the amounts entered.
    NotAsked,
    /// Not computed: the note says what to do instead.
    NotCovered,
}

impl Status {
    /// The status in a few words.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Self::Computed => "computed",
            Self::Entered => "entered by you",
            Self::NotAsked => "not taxed, not asked",
            Self::NotCovered => "not covered",
        }
    }
}

/// One entry of the list: a section or a group of sections on one subject.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The sections ("54A:3A-17"), or a subsection ("54A:8-4 d").
    pub sections: Vec<String>,
    /// What they are about, in plain words.
    pub subject: String,
    /// How far the app goes.
    pub status: Status,
    /// The interview screen that asks it (an id of `forms/interview.ron`).
    #[serde(default)]
    pub screen: Option<String>,
    /// The line keys it gives (their numbers come from the year's line map).
    #[serde(default)]
    pub lines: Vec<Key>,
    /// What the filer should know or do, in plain words (always given for `NotCovered`).
    #[serde(default)]
    pub note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    entries: Vec<Entry>,
}

/// The coverage list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// Every entry, in the Act's order.
    pub entries: Vec<Entry>,
}

impl Coverage {
    /// The embedded list.
    ///
    /// # Errors
    /// The RON error, with its position, when the embedded file is damaged (a build defect the
    /// tests catch).
    pub fn load() -> Result<Self, String> {
        Self::parse(EMBEDDED)
    }

    /// Read a list from RON text.
    ///
    /// # Errors
    /// The RON error, with its position.
    pub fn parse(text: &str) -> Result<Self, String> {
        let file: File = ron::Options::default()
            .from_str(text)
            .map_err(|e| format!("forms/coverage.ron: {e}"))?;
        Ok(Self {
            entries: file.entries,
        })
    }

    /// The entries the app does not cover.
    pub fn not_covered(&self) -> impl Iterator<Item = &Entry> {
        self.entries
            .iter()
            .filter(|e| e.status == Status::NotCovered)
    }
}
