//! What a screen may see and do: [`ScreenCx`], the narrow view of the app that every screen and
//! dialog draws from.
//!
//! A screen reads the open draft, the interview, the computed snapshot and a few facts of the
//! machine (the tax years this version computes, today's date, the time zone, the recent drafts);
//! it changes only the UI state (which screen, text being typed, what is selected) and sends
//! [`Command`]s, which the app applies after the frame. It cannot write files, open dialogs, change
//! answers or compute tax. The snapshot is borrowed for the whole frame apart from the UI state,
//! so a screen can hold a computed return while it sends commands (no copy of the returns).

use std::collections::BTreeMap;
use std::path::PathBuf;

use njtax_engine::answers::{Date, Unreadable};
use njtax_engine::compute::ReturnSet;
use njtax_engine::{ComputedReturn, Diagnostic, TaxYear};

use crate::document::Document;
use crate::forms::Interview;
use crate::state::{Command, Snapshot, UiState};

/// The app as a screen sees it for one frame.
pub struct ScreenCx<'a> {
    /// The open draft (read only: answers change through commands).
    pub doc: &'a Document,
    /// The interview's screens.
    pub interview: &'a Interview,
    /// The returns computed from the current answers.
    pub snapshot: &'a Snapshot,
    /// The UI state, the one thing a screen changes directly.
    pub ui_state: &'a mut UiState,
    /// Recent drafts, newest first.
    pub recent: &'a [PathBuf],
    /// The tax years this version computes, oldest first (none when the law figures could not
    /// be read).
    pub tax_years: &'a [TaxYear],
    /// Today's date in the app's time zone (`None` when the clock's date cannot be formed).
    pub today: Option<Date>,
    /// The time zone times are shown in.
    pub time_zone: &'a jiff::tz::TimeZone,
    /// Commands sent this frame, applied by the app after the frame is drawn.
    commands: &'a mut Vec<Command>,
}

impl<'a> ScreenCx<'a> {
    /// The view of one frame over the app's parts.
    #[allow(clippy::too_many_arguments)] // one borrow per part of the app, named at the call
    pub fn new(
        doc: &'a Document,
        interview: &'a Interview,
        snapshot: &'a Snapshot,
        ui_state: &'a mut UiState,
        recent: &'a [PathBuf],
        tax_years: &'a [TaxYear],
        today: Option<Date>,
        time_zone: &'a jiff::tz::TimeZone,
        commands: &'a mut Vec<Command>,
    ) -> Self {
        Self {
            doc,
            interview,
            snapshot,
            ui_state,
            recent,
            tax_years,
            today,
            time_zone,
            commands,
        }
    }

    /// Queue a command (applied after the frame is drawn).
    pub fn send(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Every return the draft produces, when computed (borrowed from the snapshot, not from the
    /// context, so the screen may go on sending commands while it reads them).
    pub fn returns(&self) -> Option<&'a ReturnSet> {
        self.snapshot.returns()
    }

    /// The draft's first return (the resident return when there is one), when computed.
    pub fn computed(&self) -> Option<&'a ComputedReturn> {
        self.snapshot.computed()
    }

    /// The return the form view shows (the first when the selection is out of range).
    pub fn selected_return(&self) -> Option<&'a ComputedReturn> {
        self.snapshot.selected_return(self.ui_state.selected_return)
    }

    /// Every diagnostic of every return, each once, errors first.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        self.snapshot.diagnostics()
    }

    /// The text typed for answers that could not be read, by path (the answers at those paths
    /// count as not given, so the figures are not final).
    pub fn unreadable(&self) -> &'a BTreeMap<String, Unreadable> {
        &self.doc.answers().unreadable
    }

    /// Go to the answer at `path`: its screen, with the answer focused.
    pub fn goto_answer(&self, path: &str) -> Option<Command> {
        self.interview
            .screen_for_path(path)
            .map(|screen| Command::Goto {
                screen,
                focus: Some(path.to_owned()),
            })
    }
}
