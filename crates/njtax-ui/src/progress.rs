//! Where each topic of the interview stands, for the section list: the to-do list of the draft.
//!
//! Worked out from the answers and the engine's diagnostics once per change of the answers (with
//! the snapshot), never while drawing:
//! - **needs attention**: an error is about one of the screen's answers; for the screens that
//!   show the whole return (Review, File online, the form view), any error on the return, or a
//!   return that could not be computed: each of them lists or blocks on what is to fix;
//! - **does not apply**: a screen of a topic the filer answered No to ("Did you have a business?"),
//!   while nothing is entered on it; a screen with nothing to enter that shows figures worked out
//!   from answers given elsewhere (Retirement exclusions, from 1099-Rs), when none of those answers
//!   is given;
//! - **done**: a screen with an answer given and no error; a whole-return screen once anything is
//!   answered and nothing is to fix; the Start screen (its tax year is always set);
//! - **not started**: nothing on the screen answered yet (and the whole-return screens of a draft
//!   with no answer at all).

use njtax_engine::{Diagnostic, Severity};
use serde_json::Value;

use crate::binding;
use crate::forms::{Block, Interview, Screen, Special};
use crate::state::SectionState;

/// Each screen's state, in the interview's order. `mirror` is the JSON mirror of the answers,
/// `blank` the mirror of an empty draft of the same year, `diagnostics` every return's, and
/// `computed` whether the returns could be computed at all.
pub fn section_states(
    interview: &Interview,
    mirror: &Value,
    blank: &Value,
    diagnostics: &[Diagnostic],
    computed: bool,
) -> Vec<SectionState> {
    let any_error = !computed || diagnostics.iter().any(|d| d.severity == Severity::Error);
    let anything_answered = mirror != blank;
    interview
        .screens
        .iter()
        .enumerate()
        .map(|(i, screen)| {
            let own_error = diagnostics.iter().any(|d| {
                d.severity == Severity::Error
                    && d.path.as_deref().and_then(|p| interview.screen_for_path(p)) == Some(i)
            });
            if own_error {
                return SectionState::NeedsAttention;
            }
            match screen.special {
                Special::Start => SectionState::Done,
                Special::Review | Special::FileOnline | Special::FormView => {
                    if any_error {
                        SectionState::NeedsAttention
                    } else if anything_answered {
                        SectionState::Done
                    } else {
                        SectionState::NotStarted
                    }
                }
                Special::None
                    if screen
                        .applies_if
                        .as_ref()
                        .is_some_and(|c| !c.holds(mirror, "")) =>
                {
                    SectionState::DoesNotApply
                }
                Special::None
                    if said_no(interview, mirror, &screen.id)
                        && !answered(screen, mirror, blank)
                        && !covered_given(screen, mirror) =>
                {
                    SectionState::DoesNotApply
                }
                Special::None if screen.blocks.is_empty() => {
                    // Nothing to enter: the screen shows what was worked out from the answers it
                    // covers, given on other screens.
                    if covered_given(screen, mirror) {
                        SectionState::Done
                    } else {
                        SectionState::DoesNotApply
                    }
                }
                Special::None => {
                    if answered(screen, mirror, blank) {
                        SectionState::Done
                    } else {
                        SectionState::NotStarted
                    }
                }
            }
        })
        .collect()
}

/// Whether the filer answered No to the topic that decides the screen.
fn said_no(interview: &Interview, mirror: &Value, screen_id: &str) -> bool {
    interview
        .topic_of_screen(screen_id)
        .is_some_and(|t| binding::get(mirror, &t.path()) == Some(&Value::Bool(false)))
}

/// Whether a screen with nothing to enter has one of the answers it is worked out from (the
/// answers it covers, given on other screens).
fn covered_given(screen: &Screen, mirror: &Value) -> bool {
    screen.blocks.is_empty()
        && screen
            .covers
            .iter()
            .any(|path| is_given(binding::get(mirror, path)))
}

/// The screens the guided path goes through, in order: all but those that do not apply.
pub fn guided_path(states: &[SectionState]) -> Vec<usize> {
    states
        .iter()
        .enumerate()
        .filter(|(_, s)| **s != SectionState::DoesNotApply)
        .map(|(i, _)| i)
        .collect()
}

/// Where Back and Next lead from screen `at` on the guided path (`path`, from [`guided_path`]):
/// the path's screen before it and after it. From a screen off the path (one that does not apply,
/// opened from the list) they lead to the path's nearest screens on either side.
pub fn neighbours(path: &[usize], at: usize) -> (Option<usize>, Option<usize>) {
    let back = path.iter().rev().find(|&&i| i < at).copied();
    let next = path.iter().find(|&&i| i > at).copied();
    (back, next)
}

/// Whether any answer of the screen differs from an empty draft's (a list: has an item; a list of
/// items added on another screen: one of this screen's answers about them is given). An answer
/// an empty draft does not have at all (the spouse's, once the spouse is entered on another
/// screen) counts only when it is given: the spouse's empty health coverage answers leave the
/// Health coverage screen not applying to a couple who said No to it.
fn answered(screen: &Screen, mirror: &Value, blank: &Value) -> bool {
    screen.blocks.iter().any(|b| match b {
        Block::Fields { fields, .. } => fields.iter().any(|f| {
            let now = binding::get(mirror, &f.path);
            match binding::get(blank, &f.path) {
                Some(empty) => now != Some(empty),
                None => is_given(now),
            }
        }),
        Block::List {
            path,
            added_on: None,
            ..
        } => binding::get(mirror, path)
            .and_then(Value::as_array)
            .is_some_and(|a| !a.is_empty()),
        Block::List { path, fields, .. } => {
            let n = binding::get(mirror, path)
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            (0..n).any(|i| {
                fields
                    .iter()
                    .any(|f| is_given(binding::get(mirror, &format!("{path}[{i}].{}", f.path))))
            })
        }
    })
}

/// Whether an answer is given: not missing, null, false, empty text or an empty list.
fn is_given(v: Option<&Value>) -> bool {
    v.is_some_and(|v| {
        !(v.is_null()
            || v == &Value::Bool(false)
            || v.as_array().is_some_and(Vec::is_empty)
            || v.as_str().is_some_and(str::is_empty))
    })
}
