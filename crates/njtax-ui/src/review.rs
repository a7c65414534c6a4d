//! The two-person review on the app's side (the rules are `njtax_engine::clinic`'s): who signs a
//! step (the name typed, with the computer's login and name), the draft's file watched for a
//! change another volunteer saved, and that change in words for the banner and the conflict
//! window. See `docs/decisions/clinic-mode.md`.

use std::path::Path;
use std::time::SystemTime;

use njtax_engine::answers::{ClinicStatus, ReviewNote};
use njtax_engine::clinic::{ClinicChange, Signer, clinic_changes, signed_words};
use njtax_engine::{Answers, ParamBook};

use crate::sharing::Stamp;

/// The computer account this process runs under: the login name the system gives
/// (`USER`/`LOGNAME` on Unix, else the user id; `USERNAME` on Windows); empty when none is
/// known. Kept with every signed step: it is what the computer says, not what the volunteer
/// typed (a volunteer who can set their own environment can change it too; see
/// `docs/decisions/clinic-mode.md`).
#[must_use]
pub fn os_login() -> String {
    #[cfg(unix)]
    {
        ["USER", "LOGNAME"]
            .iter()
            .find_map(|k| std::env::var(k).ok().filter(|v| !v.trim().is_empty()))
            .map_or_else(
                || format!("uid {}", crate::sharing::current_uid()),
                |v| v.trim().to_owned(),
            )
    }
    #[cfg(not(unix))]
    {
        std::env::var("USERNAME")
            .ok()
            .map(|v| v.trim().to_owned())
            .unwrap_or_default()
    }
}

/// The signer of a step taken here: `name` as typed, this computer's login and name.
#[must_use]
pub fn signer(name: &str) -> Signer {
    Signer {
        name: name.trim().to_owned(),
        login: os_login(),
        computer: crate::sharing::host_name(),
    }
}

/// A clinic time stamp (UTC, as written in the draft) in `tz`, to the minute; as written when it
/// cannot be read.
#[must_use]
pub fn local_time(at: &str, tz: &jiff::tz::TimeZone) -> String {
    at.parse::<jiff::Timestamp>()
        .ok()
        .and_then(|t| u64::try_from(t.as_second()).ok())
        .map_or_else(
            || at.to_owned(),
            |secs| crate::recovery::format_local(secs, tz),
        )
}

/// The draft's file as last looked at: its length and time of change, which move when anything
/// writes it (reading its bytes waits until they do).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DiskWatch {
    /// When it was last looked at (egui time, seconds).
    pub checked: f64,
    seen: Option<(u64, Option<SystemTime>)>,
    /// The version last described or known (its stamp; `Some(None)`: no file), not described
    /// again until it changes (`None`: nothing yet).
    pub described: Option<Option<Stamp>>,
}

impl DiskWatch {
    /// Whether the file's length or time of change moved since the last look (the first look
    /// says so); a file that cannot be looked at counts as moved once.
    pub fn moved(&mut self, path: &Path) -> bool {
        let now = std::fs::metadata(path)
            .ok()
            .map(|m| (m.len(), m.modified().ok()));
        let moved = now.is_none() || now != self.seen;
        self.seen = now;
        moved
    }
}

/// What another volunteer (or program) changed in the draft's file since this window opened or
/// last saved it: for the banner that offers to load it and for the conflict window.
#[derive(Clone, Debug, PartialEq)]
pub struct DiskChange {
    /// The stamp of the file now (`None`: no file).
    pub stamp: Option<Stamp>,
    /// Their version's answers, when it could be read.
    pub theirs: Option<Answers>,
    /// One sentence: who changed it, when, and what (`Sam Ortiz changed this draft at 14:05:
    /// requested changes, added note 3`).
    pub headline: String,
    /// The clinic's changes, one a line (status, notes, ticks, each signed).
    pub clinic: Vec<String>,
    /// The lines and answers that differ, in the comparison's words (empty: none differ, or not
    /// compared).
    pub comparison: String,
}

/// How long the window waits for the comparison of two versions before it shows the rest and
/// fills the comparison in when it is ready (a draft with thousands of entries takes longer).
pub const COMPARE_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// What [`DiskChange::comparison`] says while the comparison is still being worked out.
pub const STILL_COMPARING: &str =
    "Still working out which lines and answers differ (a large draft): they show here when ready.";

/// The lines and answers that differ from `base` to `theirs`, the clinic records left out, in the
/// comparison's words (empty when nothing differs).
fn comparison_words(base: &Answers, theirs: &Answers, book: &ParamBook) -> String {
    let strip = |a: &Answers| Answers {
        clinic: None,
        ..a.clone()
    };
    match njtax_engine::compare::compare(&strip(base), &strip(theirs), book) {
        Ok(c)
            if c.has_changed_outcome()
                || !c.answers_changed.is_empty()
                || !c.amendment_changed.is_empty() =>
        {
            njtax_engine::compare::text::render(&c)
        }
        Ok(_) => String::new(),
        Err(e) => format!("The two versions could not be compared: {e}"),
    }
}

/// The comparison worked out on its own thread; the answer, when it comes, on the receiver.
fn compare_apart(
    base: &Answers,
    theirs: &Answers,
    book: &ParamBook,
) -> std::sync::mpsc::Receiver<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let (base, theirs, book) = (base.clone(), theirs.clone(), book.clone());
    let spawned = std::thread::Builder::new()
        .name("njtax-compare".to_owned())
        .spawn({
            let tx = tx.clone();
            move || {
                let _ = tx.send(comparison_words(&base, &theirs, &book));
            }
        });
    if let Err(e) = spawned {
        let _ = tx.send(format!("The two versions could not be compared: {e}"));
    }
    rx
}

/// Describe `theirs` (the file now, or why it could not be read) against `base` (what this
/// window opened or last saved; `mine` when that is not known). The comparison is waited for at
/// most `wait`; when it takes longer, it says [`STILL_COMPARING`] and the receiver returned
/// brings it later.
#[must_use]
pub fn describe(
    stamp: Option<Stamp>,
    base: Option<&Answers>,
    mine: &Answers,
    theirs: Result<Answers, String>,
    book: Option<&ParamBook>,
    tz: &jiff::tz::TimeZone,
    wait: std::time::Duration,
) -> (DiskChange, Option<std::sync::mpsc::Receiver<String>>) {
    let base = base.unwrap_or(mine);
    let theirs = match theirs {
        Ok(t) => t,
        Err(why) => {
            let change = DiskChange {
                stamp,
                theirs: None,
                headline: if stamp.is_none() {
                    "This draft's file was removed or renamed by another window or program"
                        .to_owned()
                } else {
                    format!("This draft's file was changed and cannot be read now: {why}")
                },
                clinic: Vec::new(),
                comparison: String::new(),
            };
            return (change, None);
        }
    };
    let changes = clinic_changes(base.clinic.as_ref(), theirs.clinic.as_ref());
    let clinic: Vec<String> = changes.iter().map(|c| change_words(c, tz)).collect();
    // Whether any answer differs is cheap to know; which lines and how, less so.
    let strip = |a: &Answers| Answers {
        clinic: None,
        ..a.clone()
    };
    let answers_differ = strip(base) != strip(&theirs);
    let (comparison, later) = match book {
        Some(book) if answers_differ => {
            let rx = compare_apart(base, &theirs, book);
            match rx.recv_timeout(wait) {
                Ok(words) => (words, None),
                Err(_) => (STILL_COMPARING.to_owned(), Some(rx)),
            }
        }
        _ => (String::new(), None),
    };
    let headline = headline(&changes, answers_differ, tz);
    let change = DiskChange {
        stamp,
        theirs: Some(theirs),
        headline,
        clinic,
        comparison,
    };
    (change, later)
}

/// Who changed it and what, in one sentence.
fn headline(changes: &[ClinicChange], answers_changed: bool, tz: &jiff::tz::TimeZone) -> String {
    // The last signed change names who and when.
    let signed = changes.iter().rev().find_map(|c| match c {
        ClinicChange::Status(s) => Some((s.by.clone(), s.at.clone())),
        ClinicChange::NoteAdded(n) => Some((n.by.clone(), n.at.clone())),
        ClinicChange::NoteResolved(n) => n.resolved.as_ref().map(|r| (r.by.clone(), r.at.clone())),
        ClinicChange::Checklist(..) => None,
    });
    let mut what: Vec<String> = Vec::new();
    if answers_changed {
        what.push("changed answers".to_owned());
    }
    let ticks = changes
        .iter()
        .filter(|c| matches!(c, ClinicChange::Checklist(..)))
        .count();
    for c in changes {
        match c {
            ClinicChange::Status(s) => what.push(status_verb(s.status).to_owned()),
            ClinicChange::NoteAdded(n) => what.push(format!("added note {}", n.id)),
            ClinicChange::NoteResolved(n) => what.push(format!("resolved note {}", n.id)),
            ClinicChange::Checklist(..) => {}
        }
    }
    if ticks > 0 {
        what.push(format!(
            "changed {ticks} quality-review tick{}",
            if ticks == 1 { "" } else { "s" }
        ));
    }
    let who = match &signed {
        Some((by, at)) if !by.trim().is_empty() => {
            format!("{} changed this draft at {}", by.trim(), local_time(at, tz))
        }
        _ => "Another window or program changed this draft".to_owned(),
    };
    if what.is_empty() {
        format!("{who} (nothing this window shows differs)")
    } else {
        format!("{who}: {}", what.join(", "))
    }
}

fn status_verb(status: ClinicStatus) -> &'static str {
    match status {
        ClinicStatus::Intake => "moved it back to intake",
        ClinicStatus::InProgress => "started preparing",
        ClinicStatus::ReadyForReview => "marked it ready for review",
        ClinicStatus::ChangesRequested => "requested changes",
        ClinicStatus::Approved => "approved it",
        ClinicStatus::Filed => "marked it filed",
    }
}

fn note_words(n: &ReviewNote) -> String {
    n.text.lines().next().unwrap_or_default().to_owned()
}

/// One clinic change in words, signed.
#[must_use]
pub fn change_words(change: &ClinicChange, tz: &jiff::tz::TimeZone) -> String {
    match change {
        ClinicChange::Status(s) => format!(
            "{}: {} by {}{}",
            local_time(&s.at, tz),
            s.status.words(),
            signed_words(&s.by, &s.login, &s.computer),
            if s.note.is_empty() {
                String::new()
            } else {
                format!(" ({})", s.note)
            }
        ),
        ClinicChange::NoteAdded(n) => format!(
            "{}: note {} added by {}: {}",
            local_time(&n.at, tz),
            n.id,
            signed_words(&n.by, &n.login, &n.computer),
            note_words(n)
        ),
        ClinicChange::NoteResolved(n) => {
            let (by, at) = n.resolved.as_ref().map_or_else(
                || (String::new(), String::new()),
                |r| (signed_words(&r.by, &r.login, &r.computer), r.at.clone()),
            );
            format!(
                "{}: note {} resolved by {by}: {}",
                local_time(&at, tz),
                n.id,
                note_words(n)
            )
        }
        ClinicChange::Checklist(id, on) => format!(
            "quality-review question \"{id}\" {}",
            if *on { "ticked" } else { "unticked" }
        ),
    }
}

/// `mine` with the clinic record merged with `theirs`' (and `base`'s, when known): what a save
/// over their version writes, so that no signed step, note or tick of theirs is lost. Answers
/// other than the clinic record stay `mine`.
#[must_use]
pub fn merged_answers(mine: &Answers, theirs: &Answers, base: Option<&Answers>) -> Answers {
    let mut out = mine.clone();
    if mine.clinic.is_none() && theirs.clinic.is_none() {
        return out;
    }
    let empty = njtax_engine::answers::ClinicRecord::default();
    out.clinic = Some(njtax_engine::clinic::merge_records(
        mine.clinic.as_ref().unwrap_or(&empty),
        theirs.clinic.as_ref().unwrap_or(&empty),
        base.and_then(|b| b.clinic.as_ref()),
    ));
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

    use super::*;
    use njtax_engine::answers::{NoteAbout, W2};
    use rust_decimal::dec;

    fn answers(wages: rust_decimal::Decimal) -> Answers {
        let mut a = Answers {
            tax_year: 2025,
            ..Answers::default()
        };
        a.taxpayer.name = "Ana Ruiz".into();
        a.income.w2s.push(W2 {
            employer: "Acme".into(),
            state_wages: wages,
            ..W2::default()
        });
        a
    }

    #[test]
    fn a_slow_comparison_is_said_and_comes_later_on_the_receiver() {
        let base = answers(dec!(40000));
        let theirs = answers(dec!(60000));
        let book = ParamBook::load().unwrap();
        let tz = jiff::tz::TimeZone::UTC;
        // No time at all to wait: the rest is shown now, the comparison later.
        let (change, later) = describe(
            None,
            Some(&base),
            &base,
            Ok(theirs.clone()),
            Some(&book),
            &tz,
            std::time::Duration::ZERO,
        );
        let words = later.map(|rx| rx.recv().unwrap());
        if change.comparison == STILL_COMPARING {
            assert!(words.unwrap().contains("60,000.00"));
        } else {
            // The thread was quicker than the zero wait.
            assert!(change.comparison.contains("60,000.00"));
        }
        assert!(
            change
                .headline
                .starts_with("Another window or program changed this draft: changed answers"),
            "{}",
            change.headline
        );
        // Nothing but a note: no comparison at all, and the note's author named.
        let mut noted = base.clone();
        njtax_engine::clinic::add_note(
            &mut noted,
            NoteAbout::Return,
            "see me",
            "Sam Ortiz",
            "2026-12-07T14:05:00Z",
        )
        .unwrap();
        let (change, later) = describe(
            None,
            Some(&base),
            &base,
            Ok(noted),
            Some(&book),
            &tz,
            COMPARE_WAIT,
        );
        assert!(later.is_none());
        assert_eq!(change.comparison, "");
        assert_eq!(
            change.headline,
            "Sam Ortiz changed this draft at 2026-12-07 14:05 UTC: added note 1"
        );
    }

    #[test]
    fn the_watch_sees_a_change_of_length_or_time_and_a_file_gone() {
        let dir = std::env::temp_dir().join(format!("njtax-watch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("x.ron");
        std::fs::write(&f, "one").unwrap();
        let mut w = DiskWatch::default();
        assert!(w.moved(&f), "the first look");
        assert!(!w.moved(&f));
        std::fs::write(&f, "three").unwrap();
        assert!(w.moved(&f));
        assert!(!w.moved(&f));
        std::fs::remove_file(&f).unwrap();
        assert!(w.moved(&f));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
