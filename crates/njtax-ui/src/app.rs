//! The application: document, computed snapshot, UI state, and the commands that change them.
//!
//! Every user action becomes a [`Command`]; commands are applied once, after the frame's UI has
//! been drawn, by [`App::run_commands`]. Only there do answers change, files get read or written,
//! and dialogs open. The computed return is refreshed when the document's revision changes, never
//! every frame.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use njtax_engine::compute::ReturnSet;
use njtax_engine::rules::impaired_estimator::ImpairedEstimate;
use njtax_engine::{Answers, ComputedReturn, Diagnostic, ParamBook, Severity};
use serde_json::Value;

use crate::binding;
use crate::chooser::{Chooser, Outcome};
use crate::document::Document;
use crate::forms::{Block, Helper, Interview, Special};
use crate::platform::{
    Clipboard, DialogRequest, EguiClipboard, FileDialogs, FileKind, Picked, RecentStore,
};
use crate::screens::file_online::OnlineSheet;

/// How many recent drafts are remembered.
const RECENT_LIMIT: usize = 8;

/// What File > Print to PDF… and File > Save hand-off sheet… write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// The printable return (PDF).
    Pdf,
    /// The hand-off sheet for the online filing service (plain text).
    Handoff,
}

impl Export {
    /// What it is called in messages.
    pub fn noun(self) -> &'static str {
        match self {
            Self::Pdf => "printable return",
            Self::Handoff => "hand-off sheet",
        }
    }

    /// The file name suggested for it: `<draft>-<year>-<form>.pdf` for the return (without the
    /// year when the draft's name already has it: `smith-2024-NJ-1040.pdf` for `smith-2024`),
    /// `<draft>-handoff.txt` for the sheet. Characters that file systems refuse become `-`.
    pub fn file_name(self, draft_stem: &str, tax_year: u16, form: &str) -> String {
        let name = match self {
            Self::Pdf if names_year(draft_stem, tax_year) => format!("{draft_stem}-{form}.pdf"),
            Self::Pdf => format!("{draft_stem}-{tax_year}-{form}.pdf"),
            Self::Handoff => format!("{draft_stem}-handoff.txt"),
        };
        name.chars()
            .map(|c| {
                if matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|')
                    || c.is_control()
                {
                    '-'
                } else {
                    c
                }
            })
            .collect()
    }
}

/// Whether `name` has `year` in it as a number of its own (not inside a longer run of digits).
fn names_year(name: &str, year: u16) -> bool {
    let year = year.to_string();
    name.match_indices(&year).any(|(at, _)| {
        let before = name[..at].chars().next_back();
        let after = name[at + year.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit()) && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

/// Something the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Set the answer at a path.
    Set {
        /// Answer path.
        path: String,
        /// New value (JSON mirror).
        value: Value,
    },
    /// Keep text typed for the answer at a path that could not be read; the answer counts as not
    /// given until readable text replaces it.
    SetUnreadable {
        /// Answer path.
        path: String,
        /// The text as typed, the answer's words and why it could not be read.
        entry: njtax_engine::answers::Unreadable,
    },
    /// Add an item to the list at a path.
    AddItem(String),
    /// Remove an item from the list at a path.
    RemoveItem(String, usize),
    /// Undo the last answer edit.
    Undo,
    /// Redo.
    Redo,
    /// Start a new, empty draft (asks first when there are unsaved changes).
    New,
    /// Start next year's draft from this one: the household, the overpayment credited forward and
    /// the business credits still carried over (asks first when there are unsaved changes).
    NextYear,
    /// Open a draft through the open dialog (asks first when there are unsaved changes).
    Open,
    /// Open a given draft (recent drafts).
    OpenPath(PathBuf),
    /// Save to the draft's file (asks where when it has none).
    Save,
    /// Save to a new file.
    SaveAs,
    /// Write the printable return (PDF) to a file the user picks.
    PrintPdf,
    /// Write the hand-off sheet for New Jersey's online filing service (text) to a file the user
    /// picks.
    SaveHandoff,
    /// Print only the last four digits of each SSN (or print them in full again).
    TogglePrintMask,
    /// Put a figure of the hand-off sheet on the clipboard (the File online screen).
    CopyToClipboard {
        /// What the figure is, for the status bar.
        label: String,
        /// The text copied.
        value: String,
    },
    /// Go to a screen, optionally focusing an answer.
    Goto {
        /// Screen index.
        screen: usize,
        /// Answer path to focus.
        focus: Option<String>,
    },
    /// Show a line's explanation in the form view (a line of the return the form view shows).
    ShowLine(String),
    /// Show one of the draft's returns in the form view (index into the return set).
    ShowReturn(usize),
    /// Show (or hide, when it is shown) why a row of the business credits schedule has its
    /// amounts (index into the selected return's schedule rows).
    ShowCreditRow(usize),
    /// Show (or hide) why a column (A-D) of the NJ-2210 has its amounts.
    ShowNj2210Column(usize),
    /// Show (or hide) why the NJ-HCC has its amounts.
    ShowHccWhy,
    /// Answer to the unsaved-changes prompt: save first.
    PromptSave,
    /// Answer to the unsaved-changes prompt: discard the changes.
    PromptDiscard,
    /// Answer to the unsaved-changes prompt: keep editing.
    PromptCancel,
    /// Close the window saying what was refused while answers could not be read.
    CloseRefusal,
    /// Show or hide Social Security numbers.
    ToggleRevealSsn,
    /// Restore an offered recovery (index into `UiState::recovery_offers`); the others stay offered.
    RestoreRecovery(usize),
    /// Discard an offered recovery (index into `UiState::recovery_offers`), removing its file.
    DiscardRecovery(usize),
    /// Close the list of recoveries, keeping their files for the next start.
    KeepRecoveries,
    /// Close the window that says why a file could not be opened.
    CloseOpenError,
    /// The draft's file changed since this window opened it: save under another name instead.
    ConflictSaveAs,
    /// The draft's file changed since this window opened it: replace it with this window's
    /// answers all the same.
    ConflictReplace,
    /// The draft's file changed since this window opened it: do not save.
    ConflictCancel,
    /// The draft asked for is open in another window: open it here all the same.
    OpenAnyway,
    /// The draft asked for is open in another window: leave it there.
    DontOpen,
}

/// What waits for the unsaved-changes prompt.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    /// A new draft.
    New,
    /// Next year's draft from this one.
    NextYear,
    /// Open a draft (through the dialog when `None`).
    Open(Option<PathBuf>),
    /// Close the window.
    Close,
}

/// What the file the user picks is for (the app's own chooser answers frames later, so the rest of
/// the action waits with it).
enum AfterPick {
    /// Open it as the draft.
    Open,
    /// Save the draft to it, then go on with what waited for the save (the unsaved-changes
    /// prompt's Save).
    Save(Option<Pending>),
    /// Write the printable return or the hand-off sheet, made before asking, to it.
    Export {
        /// Which.
        what: Export,
        /// Its contents.
        bytes: Vec<u8>,
        /// Whether the return has errors (the message says so).
        has_errors: bool,
    },
}

/// Text typed into a field that is being edited, or that could not be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Buffer {
    /// The text as typed.
    pub text: String,
    /// Why it could not be read, if it could not.
    pub error: Option<String>,
}

/// A section's state in the list on the left, derived from the answers and diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionState {
    /// Nothing answered yet.
    NotStarted,
    /// Answered, no errors.
    Done,
    /// Has errors to fix.
    NeedsAttention,
}

/// Transient UI state (never saved in drafts).
#[derive(Clone, Debug, Default)]
pub struct UiState {
    /// Current screen.
    pub screen: usize,
    /// Text buffers by answer path.
    pub buffers: HashMap<String, Buffer>,
    /// Answer to focus on the next frame (or the add button of the list at this path).
    pub focus: Option<String>,
    /// Focus the screen's title on the next frame (a screen that asks nothing was shown).
    pub focus_title: bool,
    /// Line whose explanation the form view shows (official id).
    pub selected_line: Option<String>,
    /// Which of the draft's returns the form view shows (index into the return set).
    pub selected_return: usize,
    /// The business credits schedule row whose explanation the form view shows.
    pub selected_credit_row: Option<usize>,
    /// The NJ-2210 column whose explanation the form view shows.
    pub selected_nj2210_column: Option<usize>,
    /// Whether the form view shows why the NJ-HCC has its amounts.
    pub hcc_why: bool,
    /// An action waiting for the unsaved-changes prompt.
    pub pending: Option<Pending>,
    /// A message for the status bar, and whether it is an error.
    pub message: Option<(String, bool)>,
    /// Show Social Security numbers in full.
    pub reveal_ssn: bool,
    /// Print only the last four digits of each SSN in the PDF and the hand-off sheet (a
    /// reviewer's copy). A choice for this session, never saved in the draft.
    pub print_mask_ssns: bool,
    /// The user confirmed closing.
    pub allow_close: bool,
    /// Recoveries of unsaved work waiting for the user's choice, the newest first.
    pub recovery_offers: Vec<crate::recovery::Recovery>,
    /// Why the last file could not be opened, shown in a window until the filer closes it.
    pub open_error: Option<crate::files::OpenProblem>,
    /// Something asked for that was refused because answers could not be read (shown in a
    /// window over the screen, naming the first one and offering to go to it).
    pub refused: Option<Refusal>,
    /// A save stopped because the draft's file changed since this window opened it, waiting for
    /// the filer's choice.
    pub conflict: Option<Conflict>,
    /// A draft asked for that is open in another window, waiting for the filer's choice.
    pub already_open: Option<AlreadyOpen>,
}

/// A save stopped before anything was written: the draft's file is no longer what this window
/// opened or last saved.
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    /// The draft's file.
    pub path: PathBuf,
    /// What happened to it, to end the sentence `<name> …` (`was changed by another window or
    /// program since you opened it`).
    pub how: String,
    /// What waited for the save (the unsaved-changes prompt's Save).
    pub then: Option<Pending>,
}

/// A draft asked for that another window has open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlreadyOpen {
    /// The draft.
    pub path: PathBuf,
    /// Whether the open draft's changes were discarded to open it (its recovery copy goes once
    /// the other opens).
    discard: bool,
}

/// Printing, the hand-off sheet or next year's draft refused while answers hold text that could
/// not be read: the figures are not final.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What was refused, as the sentence's subject (`The printable return`).
    pub what: String,
    /// The first answer that could not be read: its path.
    pub path: String,
    /// Its words, what was typed and why it could not be read.
    pub entry: njtax_engine::answers::Unreadable,
    /// How many answers could not be read.
    pub count: usize,
}

/// The computed returns for one revision of the answers.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Revision of the answers it was computed from.
    pub revision: u64,
    /// Every return the draft produces (the resident return first), or why they could not be
    /// computed. Shared, so a screen that needs the returns while it sends commands holds them
    /// without copying ([`App::shared_returns`]).
    pub result: Result<std::sync::Arc<ReturnSet>, String>,
    /// Whether the lines carry their explanations (computed for screens that show them; the live
    /// recompute on each keystroke elsewhere is values only).
    pub explained: bool,
    /// State of each screen.
    pub sections: Vec<SectionState>,
    /// JSON mirror of the answers (what screens read).
    pub answers: Value,
    /// The engine's preliminary estimate of the impaired-employee credit for each employee in
    /// `business_credits.impaired_employee_estimates`, in the same order.
    pub impaired_estimates: Vec<ImpairedEstimate>,
    /// The hand-off sheet for New Jersey's online filing service (the File online screen), made
    /// from the computed returns with the snapshot, or why there is none (no NJ-1040, or the
    /// return could not be computed).
    pub handoff: Result<OnlineSheet, String>,
    /// For a provisional year, each provisional figure the returns use and where
    /// (`ReturnSet::provisional_uses`), worked out once per revision for the Review screen.
    pub provisional_uses: Vec<njtax_engine::compute::ProvisionalUse>,
}

/// The whole application.
pub struct App {
    /// The open draft.
    pub doc: Document,
    /// Law figures, loaded once.
    /// The embedded law figures, or why they could not be read.
    book: Result<ParamBook, String>,
    /// The interview.
    pub interview: Interview,
    /// Computed snapshot.
    pub snapshot: Snapshot,
    /// UI state.
    pub ui_state: UiState,
    dialogs: Box<dyn FileDialogs>,
    clipboard: Box<dyn Clipboard>,
    recent_store: Box<dyn RecentStore>,
    /// Recent drafts, newest first.
    pub recent: Vec<PathBuf>,
    commands: Vec<Command>,
    title: String,
    /// How many times the return was computed (tests check it is once per change).
    pub computations: u64,
    /// Where unsaved edits are autosaved (`None`: autosave off).
    recovery: Option<crate::recovery::RecoveryStore>,
    /// The time zone times are shown in (the system's; a test sets its own).
    time_zone: jiff::tz::TimeZone,
    /// Today's date when a test fixes it (`None`: the clock's, in `time_zone`).
    today: Option<njtax_engine::answers::Date>,
    /// When the last autosave happened (egui time, seconds).
    last_autosave: f64,
    /// The revision the last autosave wrote.
    autosaved_revision: u64,
    /// Whether the window had focus last frame.
    was_focused: bool,
    /// Where file dialogs start when the draft has no folder (the documents folder).
    documents: Option<PathBuf>,
    /// The file chooser drawn in the app, open when the system's dialog could not open, and what
    /// the file chosen is for.
    chooser: Option<(Chooser, AfterPick)>,
    /// The mark that this window has the draft open (`None`: no file, or opened all the same
    /// while another window has it).
    lock: Option<crate::sharing::DraftLock>,
    /// The offered recovery this window restored: its file goes once the work is saved or
    /// discarded.
    adopted: Option<crate::recovery::Recovery>,
}

impl App {
    /// An app showing `answers` (for example the embedded sample draft).
    pub fn new(
        answers: Answers,
        name: &str,
        dialogs: Box<dyn FileDialogs>,
        recent_store: Box<dyn RecentStore>,
    ) -> Self {
        Self::with_embedded(
            ParamBook::load().map_err(|e| e.to_string()),
            Interview::load().map_err(|e| e.to_string()),
            answers,
            name,
            dialogs,
            recent_store,
        )
    }

    /// An app with a new, empty draft in the latest tax year this version computes (what File >
    /// New gives).
    pub fn new_blank(dialogs: Box<dyn FileDialogs>, recent_store: Box<dyn RecentStore>) -> Self {
        let book = ParamBook::load().map_err(|e| e.to_string());
        let answers = blank_draft(book.as_ref().ok(), Answers::default().tax_year);
        Self::with_embedded(
            book,
            Interview::load().map_err(|e| e.to_string()),
            answers,
            "Untitled draft",
            dialogs,
            recent_store,
        )
    }

    /// An app over the embedded law figures and interview as they were read: either that could
    /// not be read is said in the status bar and, for the law figures, in place of the return
    /// (the form view still shows the draft's answers; nothing is computed from other figures).
    pub fn with_embedded(
        book: Result<ParamBook, String>,
        interview: Result<Interview, String>,
        answers: Answers,
        name: &str,
        dialogs: Box<dyn FileDialogs>,
        recent_store: Box<dyn RecentStore>,
    ) -> Self {
        let mut problems = Vec::new();
        if let Err(e) = &book {
            problems.push(format!("The law figures built into this version could not be read ({e}), so no return can be computed. Please report this; your draft is not changed."));
        }
        let interview = interview
            .map_err(|e| problems.push(format!("The interview screens built into this version could not be read ({e}); use the form view. Please report this; your draft is not changed.")))
            .unwrap_or(Interview {
                screens: Vec::new(),
            });
        let recent = recent_store.load();
        let doc = Document::new(answers, None, name);
        let mut app = Self {
            snapshot: Snapshot {
                revision: 0,
                result: Err(String::new()),
                explained: false,
                sections: Vec::new(),
                answers: Value::Null,
                impaired_estimates: Vec::new(),
                handoff: Err(String::new()),
                provisional_uses: Vec::new(),
            },
            doc,
            book,
            interview,
            ui_state: UiState::default(),
            dialogs,
            clipboard: Box::new(EguiClipboard),
            recent_store,
            recent,
            commands: Vec::new(),
            title: String::new(),
            computations: 0,
            recovery: None,
            time_zone: jiff::tz::TimeZone::system(),
            today: None,
            last_autosave: 0.0,
            autosaved_revision: 0,
            was_focused: true,
            documents: None,
            chooser: None,
            lock: None,
            adopted: None,
        };
        if !problems.is_empty() {
            app.ui_state.message = Some((problems.join(" "), true));
        }
        app.refresh();
        app
    }

    /// Copy to `clipboard` (the system clipboard in the desktop shell) instead of egui's own output.
    #[must_use]
    pub fn with_clipboard(mut self, clipboard: Box<dyn Clipboard>) -> Self {
        self.clipboard = clipboard;
        self
    }

    /// Start file dialogs in `folder` (the documents folder) when the draft has no folder of its own.
    #[must_use]
    pub fn with_documents_folder(mut self, folder: PathBuf) -> Self {
        self.documents = Some(folder);
        self
    }

    /// The file chooser drawn in the app, when it is open.
    pub fn file_chooser(&self) -> Option<&Chooser> {
        self.chooser.as_ref().map(|(c, _)| c)
    }

    /// Where file dialogs start: the open draft's folder, else the documents folder.
    pub fn start_folder(&self) -> Option<PathBuf> {
        self.doc
            .path
            .as_deref()
            .and_then(|p| std::path::absolute(p).ok())
            .and_then(|p| p.parent().map(Path::to_path_buf))
            .filter(|d| d.is_dir())
            .or_else(|| self.documents.clone())
    }

    /// Autosave unsaved edits to recovery files in `store`, and offer every recovery in it newer
    /// than its draft (a start after a crash), whichever draft is open.
    #[must_use]
    pub fn with_recovery(mut self, store: crate::recovery::RecoveryStore) -> Self {
        let found = store.all();
        self.ui_state.recovery_offers = found.recoveries;
        if !found.problems.is_empty() {
            self.ui_state.message = Some((
                format!("Recovered work: {}", found.problems.join("; ")),
                true,
            ));
        }
        self.recovery = Some(store);
        self
    }

    /// Show the times of recoveries in this time zone rather than the system's (for tests).
    #[must_use]
    pub fn with_time_zone(mut self, tz: jiff::tz::TimeZone) -> Self {
        self.time_zone = tz;
        self
    }

    /// The time zone times are shown in (the system's).
    pub fn time_zone(&self) -> &jiff::tz::TimeZone {
        &self.time_zone
    }

    /// Take `today` as today's date rather than the clock's (for tests).
    #[must_use]
    pub fn with_today(mut self, today: njtax_engine::answers::Date) -> Self {
        self.today = Some(today);
        self
    }

    /// Today's date in the app's time zone (for deadlines the return gives, such as the last day
    /// to claim a refund). `None` only when the clock's date cannot be formed.
    pub fn today(&self) -> Option<njtax_engine::answers::Date> {
        if let Some(d) = self.today {
            return Some(d);
        }
        let now = self.time_zone.to_datetime(jiff::Timestamp::now()).date();
        let year = u16::try_from(now.year()).ok()?;
        let month = u8::try_from(now.month()).ok()?;
        let day = u8::try_from(now.day()).ok()?;
        njtax_engine::answers::Date::new(year, month, day)
    }

    /// Write the recovery file when there are unsaved edits not yet autosaved and it is time (every
    /// [`crate::recovery::AUTOSAVE_SECONDS`] or when the window loses focus).
    fn autosave(&mut self, ctx: &egui::Context) {
        if self.recovery.is_none() {
            return;
        }
        let (now, focused) =
            ctx.input(|i| (i.time, i.focused && i.viewport().focused.unwrap_or(true)));
        let lost_focus = self.was_focused && !focused;
        self.was_focused = focused;
        if !self.doc.is_dirty() || self.doc.revision() == self.autosaved_revision {
            return;
        }
        let due = now - self.last_autosave >= crate::recovery::AUTOSAVE_SECONDS;
        if !(due || lost_focus) {
            // Come back when it is due, without repainting continuously.
            let wait = crate::recovery::AUTOSAVE_SECONDS - (now - self.last_autosave);
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait.max(1.0)));
            return;
        }
        self.write_recovery();
        self.last_autosave = now;
    }

    /// Autosave unsaved edits now, whatever the time: a native file dialog blocks the window (and
    /// its autosave) for as long as it is open.
    fn autosave_before_dialog(&mut self) {
        if self.recovery.is_some()
            && self.doc.is_dirty()
            && self.doc.revision() != self.autosaved_revision
        {
            self.write_recovery();
        }
    }

    /// Write this window's recovery file of the open draft.
    fn write_recovery(&mut self) {
        let Some(store) = &self.recovery else { return };
        match store.save(
            self.doc.path.as_deref(),
            &self.doc.display_name(),
            &self.doc.to_draft(),
            self.doc.disk,
        ) {
            Ok(()) => self.autosaved_revision = self.doc.revision(),
            Err(e) => {
                self.ui_state.message =
                    Some((format!("Could not write the recovery copy: {e}"), true))
            }
        }
    }

    /// Remove this window's recovery file of the open draft, and the restored one it came from.
    fn drop_recovery(&mut self) {
        if let Some(store) = &self.recovery {
            store.remove(self.doc.path.as_deref());
            if let Some(adopted) = self.adopted.take() {
                store.remove_offered(&adopted);
            }
        }
        self.adopted = None;
        self.autosaved_revision = 0;
    }

    /// Queue a command (applied after the frame is drawn).
    pub fn send(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// The tax years this version computes, oldest first (`forms/years.ron`; none when the law
    /// figures could not be read).
    pub fn tax_years(&self) -> &[njtax_engine::TaxYear] {
        self.book.as_ref().map_or(&[], ParamBook::years)
    }

    /// The draft's first return (the resident return when there is one), when computed.
    pub fn computed(&self) -> Option<&ComputedReturn> {
        self.returns().and_then(ReturnSet::primary)
    }

    /// Every return the draft produces, when computed.
    pub fn returns(&self) -> Option<&ReturnSet> {
        self.snapshot.result.as_deref().ok()
    }

    /// The current snapshot's returns, shared (no copy): for a screen that reads them while it
    /// sends commands to the app.
    pub fn shared_returns(&self) -> Option<std::sync::Arc<ReturnSet>> {
        self.snapshot.result.as_ref().ok().cloned()
    }

    /// The return the form view shows (the first when the selection is out of range).
    pub fn selected_return(&self) -> Option<&ComputedReturn> {
        let set = self.returns()?;
        set.returns
            .get(self.ui_state.selected_return)
            .or_else(|| set.primary())
    }

    /// The text typed for answers that could not be read, by path (the answers at those paths
    /// count as not given, so the figures are not final).
    pub fn unreadable(
        &self,
    ) -> &std::collections::BTreeMap<String, njtax_engine::answers::Unreadable> {
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

    /// Refuse `what` while answers could not be read: a window names the first one and offers
    /// to go to it. Returns whether it was refused.
    fn refuse_while_unreadable(&mut self, what: &str) -> bool {
        let count = self.unreadable().len();
        let Some((path, entry)) = self.unreadable().iter().next() else {
            return false;
        };
        let (path, entry) = (path.clone(), entry.clone());
        self.ui_state.message = Some((
            format!(
                "{what} was not made: {}",
                crate::screens::not_final::count_words(count)
            ),
            true,
        ));
        self.ui_state.refused = Some(Refusal {
            what: what.to_owned(),
            path,
            entry,
            count,
        });
        true
    }

    /// Every diagnostic of every return, each once, errors first.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        self.returns().map_or_else(Vec::new, all_diagnostics)
    }

    /// Whether the current screen shows explanations (the form view, or computed lines).
    fn needs_explanations(&self) -> bool {
        self.interview
            .screens
            .get(self.ui_state.screen)
            .is_some_and(|s| {
                s.special == Special::FormView
                    || !s.computed.is_empty()
                    || s.blocks.iter().any(|b| {
                        matches!(
                            b,
                            Block::Fields {
                                helper: Some(Helper::NextYearPlan | Helper::LateEstimate),
                                ..
                            }
                        )
                    })
            })
    }

    /// The window title: draft name, where it stands (a sample, never saved, or an unsaved mark;
    /// nothing when saved), and the app name.
    pub fn title(&self) -> String {
        use crate::document::SaveState;
        let name = self.doc.display_name();
        let state = match self.doc.save_state() {
            SaveState::Sample => " — a sample: File > New starts your own",
            SaveState::SampleChanged => " • — a sample: File > New starts your own",
            SaveState::NeverSaved => " (not saved)",
            SaveState::Changed => " •",
            SaveState::Saved => "",
        };
        format!("{name}{state} — NJ income tax")
    }

    /// Show the app's draft as the sample return (the first start): the Start screen and the
    /// title say it is a sample and how to start one's own, and it is never called saved.
    #[must_use]
    pub fn as_sample(mut self) -> Self {
        self.doc = Document::sample(self.doc.answers().clone(), &self.doc.display_name());
        self.refresh();
        self
    }

    /// Recompute when the answers changed since the last snapshot (values only), or with the
    /// explanations when the current screen shows them and the snapshot has none.
    pub fn refresh(&mut self) {
        let explain = self.needs_explanations();
        if self.snapshot.revision == self.doc.revision() && (self.snapshot.explained || !explain) {
            return;
        }
        let answers = self.doc.answers();
        let result = match &self.book {
            Ok(book) => compute_returns(answers, book, explain).map(std::sync::Arc::new),
            Err(e) => Err(format!(
                "the law figures built into this version could not be read ({e})"
            )),
        };
        self.computations += 1;
        let impaired_estimates = match &self.book {
            Ok(book) => impaired_estimates(answers, book),
            Err(_) => Vec::new(),
        };
        let handoff = match &result {
            Ok(set) => OnlineSheet::make(answers, set),
            Err(why) => Err(format!("The return cannot be computed: {why}")),
        };
        let provisional_uses = result
            .as_ref()
            .map(|set| set.provisional_uses())
            .unwrap_or_default();
        let mirror = binding::to_value(answers);
        let diagnostics = result
            .as_ref()
            .map(|set| all_diagnostics(set))
            .unwrap_or_default();
        let sections = self.section_states(&mirror, &diagnostics);
        let count = result.as_ref().map_or(0, |r| r.returns.len());
        if self.ui_state.selected_return >= count {
            self.ui_state.selected_return = 0;
        }
        self.snapshot = Snapshot {
            revision: self.doc.revision(),
            result,
            explained: explain,
            sections,
            answers: mirror,
            impaired_estimates,
            handoff,
            provisional_uses,
        };
    }

    fn section_states(&self, mirror: &Value, diagnostics: &[Diagnostic]) -> Vec<SectionState> {
        let blank = binding::to_value(&Answers {
            tax_year: self.doc.answers().tax_year,
            ..Answers::default()
        });
        self.interview
            .screens
            .iter()
            .enumerate()
            .map(|(i, screen)| {
                let has_error = diagnostics.iter().any(|d| {
                    d.severity == Severity::Error
                        && d.path
                            .as_deref()
                            .and_then(|p| self.interview.screen_for_path(p))
                            == Some(i)
                });
                if has_error {
                    return SectionState::NeedsAttention;
                }
                if (screen.special != Special::None && screen.special != Special::Start)
                    || screen.blocks.is_empty()
                {
                    // Nothing to answer here: the screen shows what was computed.
                    return SectionState::Done;
                }
                let answered = screen.blocks.iter().any(|b| match b {
                    Block::Fields { fields, .. } => fields
                        .iter()
                        .any(|f| binding::get(mirror, &f.path) != binding::get(&blank, &f.path)),
                    Block::List {
                        path,
                        added_on: None,
                        ..
                    } => binding::get(mirror, path)
                        .and_then(Value::as_array)
                        .is_some_and(|a| !a.is_empty()),
                    // Items added on another screen: answered when one of this block's answers
                    // about them is.
                    Block::List { path, fields, .. } => {
                        let n = binding::get(mirror, path)
                            .and_then(Value::as_array)
                            .map_or(0, Vec::len);
                        (0..n).any(|i| {
                            fields.iter().any(|f| {
                                let p = format!("{path}[{i}].{}", f.path);
                                let v = binding::get(mirror, &p);
                                !(v.is_none()
                                    || v.is_some_and(|v| {
                                        v.is_null()
                                            || v == &Value::Bool(false)
                                            || v.as_array().is_some_and(Vec::is_empty)
                                            || v.as_str().is_some_and(str::is_empty)
                                    }))
                            })
                        })
                    }
                });
                if answered || screen.special == Special::Start {
                    SectionState::Done
                } else {
                    SectionState::NotStarted
                }
            })
            .collect()
    }

    /// Apply the queued commands (once per frame, after drawing).
    pub fn run_commands(&mut self, ctx: &egui::Context) {
        let commands = std::mem::take(&mut self.commands);
        if !commands.is_empty() {
            // What was drawn this frame is already out of date.
            ctx.request_repaint();
        }
        for c in commands {
            self.apply(c, ctx);
        }
        self.refresh();
        let title = self.title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    fn apply(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            Command::Set { path, value } => match binding::set(self.doc.answers(), &path, value) {
                Ok(a) => self.doc.edit(a, Some(&path)),
                Err(e) => {
                    self.ui_state.message =
                        Some((format!("That answer could not be used: {e}"), true))
                }
            },
            Command::SetUnreadable { path, entry } => {
                match binding::set_unreadable(self.doc.answers(), &path, &entry) {
                    Ok(a) => self.doc.edit(a, Some(&path)),
                    Err(e) => {
                        self.ui_state.message =
                            Some((format!("That answer could not be kept: {e}"), true))
                    }
                }
            }
            Command::AddItem(path) => match binding::push_item(self.doc.answers(), &path) {
                Ok(a) => {
                    // The new entry's first field takes the focus.
                    self.ui_state.focus = crate::focus::new_item_first_field(
                        &self.interview.screens,
                        &path,
                        &binding::to_value(&a),
                    );
                    self.doc.edit(a, None);
                }
                Err(e) => self.ui_state.message = Some((e.to_string(), true)),
            },
            Command::RemoveItem(path, index) => {
                match binding::remove_item(self.doc.answers(), &path, index) {
                    Ok(a) => {
                        self.doc.edit(a, None);
                        // Buffers of later items would now point at the wrong item.
                        self.ui_state
                            .buffers
                            .retain(|k, _| !k.starts_with(&format!("{path}[")));
                    }
                    Err(e) => self.ui_state.message = Some((e.to_string(), true)),
                }
            }
            Command::Undo => {
                if self.doc.undo() {
                    self.ui_state.buffers.clear();
                }
            }
            Command::Redo => {
                if self.doc.redo() {
                    self.ui_state.buffers.clear();
                }
            }
            Command::New => self.guard(Pending::New, ctx),
            Command::NextYear => {
                // Next year's draft carries figures of this year's return (the overpayment
                // credited forward, last year's tax): not while they are not final.
                if !self.refuse_while_unreadable("Next year's draft") {
                    self.guard(Pending::NextYear, ctx);
                }
            }
            Command::Open => self.guard(Pending::Open(None), ctx),
            Command::OpenPath(p) => self.guard(Pending::Open(Some(p)), ctx),
            Command::Save => self.save(false, None, ctx),
            Command::SaveAs => self.save(true, None, ctx),
            Command::PrintPdf => self.export(Export::Pdf, ctx),
            Command::SaveHandoff => self.export(Export::Handoff, ctx),
            Command::TogglePrintMask => {
                self.ui_state.print_mask_ssns = !self.ui_state.print_mask_ssns;
            }
            Command::CopyToClipboard { label, value } => {
                // The value goes to the clipboard only; the status bar names the figure, never
                // the figure itself (it may be an SSN), and says it was copied only once the
                // platform has it.
                self.ui_state.message = Some(match self.clipboard.copy_text(ctx, &value) {
                    Ok(()) => (format!("Copied {label} to the clipboard"), false),
                    Err(why) => (
                        format!(
                            "Did not copy {label}: the system clipboard could not be used ({why}). Select the figure on the screen and press Ctrl+C instead"
                        ),
                        true,
                    ),
                });
            }
            Command::Goto { screen, focus } => {
                self.ui_state.screen = screen.min(self.interview.screens.len().saturating_sub(1));
                // The new screen's first question takes the focus (its title when it asks
                // nothing), unless the command names an answer.
                let first = match focus {
                    Some(path) => crate::focus::FirstStop::Answer(path),
                    None => self
                        .interview
                        .screens
                        .get(self.ui_state.screen)
                        .map_or(crate::focus::FirstStop::Title, |s| {
                            crate::focus::first_question(s, &self.snapshot.answers)
                        }),
                };
                match first {
                    crate::focus::FirstStop::Answer(path) => {
                        self.ui_state.focus = Some(path);
                        self.ui_state.focus_title = false;
                    }
                    crate::focus::FirstStop::Title => {
                        self.ui_state.focus = None;
                        self.ui_state.focus_title = true;
                    }
                }
            }
            Command::ShowLine(id) => {
                self.goto_form_view();
                self.ui_state.selected_line = Some(id);
            }
            Command::ShowReturn(i) => {
                self.goto_form_view();
                if i != self.ui_state.selected_return {
                    self.ui_state.selected_line = None;
                    self.ui_state.selected_credit_row = None;
                    self.ui_state.selected_nj2210_column = None;
                    self.ui_state.hcc_why = false;
                }
                let count = self.returns().map_or(0, |r| r.returns.len());
                self.ui_state.selected_return = if i < count { i } else { 0 };
            }
            Command::ShowCreditRow(i) => {
                self.goto_form_view();
                self.ui_state.selected_credit_row = if self.ui_state.selected_credit_row == Some(i)
                {
                    None
                } else {
                    Some(i)
                };
            }
            Command::ShowNj2210Column(i) => {
                self.goto_form_view();
                self.ui_state.selected_nj2210_column =
                    if self.ui_state.selected_nj2210_column == Some(i) {
                        None
                    } else {
                        Some(i)
                    };
            }
            Command::ShowHccWhy => {
                self.goto_form_view();
                self.ui_state.hcc_why = !self.ui_state.hcc_why;
            }
            Command::PromptSave => {
                if let Some(p) = self.ui_state.pending.take() {
                    self.save(false, Some(p), ctx);
                }
            }
            Command::PromptDiscard => {
                if let Some(p) = self.ui_state.pending.take() {
                    self.proceed(p, ctx);
                }
            }
            Command::PromptCancel => self.ui_state.pending = None,
            Command::CloseRefusal => self.ui_state.refused = None,
            Command::ToggleRevealSsn => self.ui_state.reveal_ssn = !self.ui_state.reveal_ssn,
            Command::RestoreRecovery(i) => {
                if i < self.ui_state.recovery_offers.len() {
                    // The recovery file stays until the draft is saved: restoring another one
                    // from the list loses nothing.
                    let r = self.ui_state.recovery_offers.remove(i);
                    let when = r.written_text(&self.time_zone);
                    let name = r.name.clone();
                    let mut doc =
                        Document::recovered(r.draft.answers.clone(), r.draft_path.clone(), &r.name);
                    // Saved over its draft only while the draft holds what the edits began from.
                    doc.disk = r.base;
                    let mut msg = format!("Restored the work on {name} autosaved {when}");
                    self.lock = match r.draft_path.as_deref() {
                        Some(p) if self.lock.as_ref().is_some_and(|l| l.is_for(p)) => {
                            self.lock.take()
                        }
                        Some(p) => match crate::sharing::DraftLock::acquire(p) {
                            Ok(lock) => Some(lock),
                            Err(crate::sharing::LockError::HeldElsewhere) => {
                                msg.push_str(&format!(
                                    "; {name} is also open in another window: a save here first checks that it was not changed there"
                                ));
                                None
                            }
                            Err(crate::sharing::LockError::Unavailable(_)) => None,
                        },
                        None => None,
                    };
                    self.doc = doc;
                    self.adopted = Some(r);
                    self.ui_state.screen = 0;
                    self.ui_state.buffers.clear();
                    self.ui_state.message = Some((msg, false));
                }
            }
            Command::KeepRecoveries => {
                let kept = std::mem::take(&mut self.ui_state.recovery_offers).len();
                if kept > 0 {
                    self.ui_state.message = Some((
                        format!(
                            "{kept} recovered draft{} kept for the next start",
                            if kept == 1 { "" } else { "s" }
                        ),
                        false,
                    ));
                }
            }
            Command::CloseOpenError => self.ui_state.open_error = None,
            Command::ConflictSaveAs => {
                if let Some(c) = self.ui_state.conflict.take() {
                    self.save(true, c.then, ctx);
                }
            }
            Command::ConflictReplace => {
                if let Some(c) = self.ui_state.conflict.take() {
                    self.save_to(&c.path, true, c.then, ctx);
                }
            }
            Command::ConflictCancel => {
                if let Some(c) = self.ui_state.conflict.take() {
                    self.ui_state.message = Some((
                        format!(
                            "Did not save: {} stays as the other window or program left it, and your changes are still here, not saved",
                            file_name(&c.path)
                        ),
                        false,
                    ));
                }
            }
            Command::OpenAnyway => {
                if let Some(a) = self.ui_state.already_open.take() {
                    self.open(&a.path, a.discard, false);
                }
            }
            Command::DontOpen => {
                if let Some(a) = self.ui_state.already_open.take() {
                    self.ui_state.message = Some((
                        format!(
                            "Did not open {}: it is open in another window",
                            file_name(&a.path)
                        ),
                        false,
                    ));
                }
            }
            Command::DiscardRecovery(i) => {
                if i < self.ui_state.recovery_offers.len() {
                    let r = self.ui_state.recovery_offers.remove(i);
                    if let Some(store) = &self.recovery {
                        store.remove_offered(&r);
                    }
                }
            }
        }
    }

    fn goto_form_view(&mut self) {
        if let Some(i) = self
            .interview
            .screens
            .iter()
            .position(|s| s.special == Special::FormView)
        {
            self.ui_state.screen = i;
        }
    }

    /// Run `action` now, or ask first when there are unsaved changes.
    fn guard(&mut self, action: Pending, ctx: &egui::Context) {
        if self.doc.is_dirty() {
            self.ui_state.pending = Some(action);
        } else {
            self.proceed(action, ctx);
        }
    }

    fn proceed(&mut self, action: Pending, ctx: &egui::Context) {
        match action {
            Pending::New => {
                self.drop_recovery();
                self.lock = None;
                let answers = blank_draft(self.book.as_ref().ok(), self.doc.answers().tax_year);
                let year = answers.tax_year;
                self.doc = Document::new(answers, None, "Untitled draft");
                self.ui_state = UiState {
                    reveal_ssn: self.ui_state.reveal_ssn,
                    print_mask_ssns: self.ui_state.print_mask_ssns,
                    ..UiState::default()
                };
                let mut msg = format!("New draft for tax year {year}");
                if self.is_provisional(year) {
                    msg.push_str(" (provisional figures)");
                }
                msg.push_str("; change the year on the Start screen");
                self.ui_state.message = Some((msg, false));
            }
            Pending::NextYear => self.start_next_year(),
            Pending::Open(Some(p)) => self.open_picked(&p),
            Pending::Open(None) => {
                let request = self.dialog_request(FileKind::Draft, "Open a draft", None);
                self.pick(request, false, AfterPick::Open, ctx);
            }
            Pending::Close => {
                self.drop_recovery();
                self.ui_state.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    /// Replace the open draft with next year's, built by the engine from this year's answers and
    /// returns ([`njtax_engine::rollover::next_year`]); it is unsaved until the user saves it.
    fn start_next_year(&mut self) {
        let Ok(book) = &self.book else {
            self.ui_state.message = Some((
                "Next year's draft needs the law figures, which could not be read".to_owned(),
                true,
            ));
            return;
        };
        let answers = self.doc.answers();
        let set = match njtax_engine::compute::compute_set(answers, book) {
            Ok(set) => set,
            Err(e) => {
                self.ui_state.message =
                    Some((format!("Could not start next year's draft: {e}"), true));
                return;
            }
        };
        let next = njtax_engine::rollover::next_year(answers, &set);
        let year = next.tax_year;
        let supported = book.supports(year);
        let carried = next.business_credits.carryovers.len();
        self.drop_recovery();
        self.lock = None;
        self.doc = Document::recovered(next, None, &format!("Draft for {year}"));
        self.ui_state = UiState {
            reveal_ssn: self.ui_state.reveal_ssn,
            print_mask_ssns: self.ui_state.print_mask_ssns,
            ..UiState::default()
        };
        let mut msg = format!(
            "Started the {year} draft: household kept, {carried} carried-over credit{} brought forward; not saved yet",
            if carried == 1 { "" } else { "s" }
        );
        if !supported {
            msg.push_str(&format!(
                ". This version has no law figures for {year} yet, so it cannot compute the return"
            ));
        } else if self.is_provisional(year) {
            msg.push_str(&format!(
                ". The {year} figures are provisional (see Review)"
            ));
        }
        self.ui_state.message = Some((msg, false));
    }

    /// Whether `year` is a provisional year of this version (its forms not published yet).
    fn is_provisional(&self, year: u16) -> bool {
        self.tax_years()
            .iter()
            .any(|y| y.year == year && y.provisional.is_some())
    }

    /// Open a draft file; on any error the current draft stays as it is and a window says why.
    /// A draft open in another window is not opened at once: a window says so and asks.
    pub fn open_file(&mut self, path: &Path) {
        self.open(path, false, true);
    }

    /// Open a draft file, removing the open draft's recovery copy first when `discard` (the filer
    /// chose to discard its changes) and the file could be read. When `ask` and another window
    /// has the draft open, ask first instead.
    fn open(&mut self, path: &Path, discard: bool, ask: bool) {
        use crate::sharing::{DraftLock, LockError, Stamp};
        let name = file_name(path);
        let mut note = String::new();
        let keep_lock = self.lock.as_ref().is_some_and(|l| l.is_for(path));
        let new_lock = if keep_lock {
            None
        } else {
            match DraftLock::acquire(path) {
                Ok(lock) => Some(lock),
                Err(LockError::HeldElsewhere) if ask => {
                    self.ui_state.message =
                        Some((format!("{name} is already open in another window"), false));
                    self.ui_state.already_open = Some(AlreadyOpen {
                        path: path.to_path_buf(),
                        discard,
                    });
                    return;
                }
                Err(LockError::HeldElsewhere) => {
                    note = "; it is also open in another window: a save here first checks that it was not changed there".to_owned();
                    None
                }
                Err(LockError::Unavailable(e)) => {
                    note = format!(
                        "; other windows cannot be told it is open here (the lock file could not be made: {e})"
                    );
                    None
                }
            }
        };
        // Stamped before it is read: a change in between makes the next save ask, never lose it.
        let disk = Stamp::of_file(path).ok().flatten();
        match crate::files::read_draft(path) {
            Ok(draft) => {
                if discard {
                    self.drop_recovery();
                }
                self.adopted = None;
                if !keep_lock {
                    self.lock = new_lock;
                }
                self.doc = Document::new(draft.answers, Some(path.to_path_buf()), &name);
                self.doc.disk = disk;
                // Recoveries of other drafts still offered (a draft opened at start) stay offered.
                let mut offers = std::mem::take(&mut self.ui_state.recovery_offers);
                offers.retain(|r| {
                    !r.draft_path
                        .as_deref()
                        .is_some_and(|p| crate::sharing::same_draft(p, path))
                });
                self.ui_state = UiState {
                    reveal_ssn: self.ui_state.reveal_ssn,
                    print_mask_ssns: self.ui_state.print_mask_ssns,
                    ..UiState::default()
                };
                self.ui_state.message = Some((format!("Opened {name}{note}"), false));
                crate::files::remove_abandoned_temps(path);
                self.remember(path);
                if let Some(store) = &self.recovery {
                    // Every window's recoveries of this draft (reached any way), the newest first.
                    for (i, r) in store.for_draft(path).into_iter().enumerate() {
                        offers.insert(i, r);
                    }
                }
                self.ui_state.recovery_offers = offers;
            }
            // A window in the middle says why, in plain words, and what the filer can do; the
            // status bar keeps the short message. The open draft stays as it is and the file is
            // not touched.
            Err(e) => {
                self.ui_state.message = Some((format!("Could not open {e}"), true));
                self.ui_state.open_error = Some(e.explain());
            }
        }
    }

    /// Open the draft the user picked (the changes of the one open were discarded).
    fn open_picked(&mut self, path: &Path) {
        // The filer chose to discard the unsaved changes: their recovery copy goes only once the
        // other draft is open (a failed open keeps the draft as it is, recovery copy and all).
        let discard = self.doc.is_dirty();
        self.open(path, discard, true);
    }

    /// What to ask a file dialog for: a `kind` of file, starting in [`Self::start_folder`].
    fn dialog_request(
        &self,
        kind: FileKind,
        title: &str,
        file_name: Option<String>,
    ) -> DialogRequest {
        DialogRequest {
            kind,
            title: title.to_owned(),
            folder: self.start_folder(),
            file_name,
        }
    }

    /// Ask for a file through the system's dialog, or through the app's own chooser when it cannot
    /// open (`then` waits for the chooser's answer); then do `then` with it. A cancelled dialog
    /// does nothing.
    fn pick(&mut self, request: DialogRequest, save: bool, then: AfterPick, ctx: &egui::Context) {
        // The system's dialog blocks the window, autosave included, until it closes.
        self.autosave_before_dialog();
        let picked = if save {
            self.dialogs.pick_save(&request)
        } else {
            self.dialogs.pick_open(&request)
        };
        match picked {
            Picked::Path(path) => self.picked(&path, then, ctx),
            Picked::Cancelled => {}
            Picked::Unavailable(why) => {
                self.ui_state.message = Some((
                    format!(
                        "The system's file dialog cannot open here ({why}), so the app's own file chooser is open"
                    ),
                    false,
                ));
                self.chooser = Some((Chooser::new(request, save), then));
            }
        }
    }

    /// Do what waited for the file the user picked.
    fn picked(&mut self, path: &Path, then: AfterPick, ctx: &egui::Context) {
        match then {
            AfterPick::Open => self.open_picked(path),
            AfterPick::Save(then) => self.save_to(path, false, then, ctx),
            AfterPick::Export {
                what,
                bytes,
                has_errors,
            } => self.write_export(what, path, &bytes, has_errors),
        }
    }

    /// Draw the app's own file chooser when it is open, and act on its answer.
    fn show_chooser(&mut self, ctx: &egui::Context) {
        let Some((chooser, _)) = &mut self.chooser else {
            return;
        };
        match chooser.show(ctx) {
            Outcome::Open => {}
            Outcome::Cancelled => {
                // Said in place of the message that pointed to the chooser.
                let said = match self.chooser.take().map(|(_, then)| then) {
                    Some(AfterPick::Open) => "No draft was opened".to_owned(),
                    Some(AfterPick::Save(_)) => "The draft was not saved".to_owned(),
                    Some(AfterPick::Export { what, .. }) => {
                        format!("The {} was not written", what.noun())
                    }
                    None => return,
                };
                self.ui_state.message = Some((said, false));
            }
            Outcome::Chosen(path) => {
                if let Some((_, then)) = self.chooser.take() {
                    self.picked(&path, then, ctx);
                }
                ctx.request_repaint();
            }
        }
    }

    /// Save the draft to its file, or (`ask`, or a draft without a file) to the file the user
    /// picks; then go on with `then` once it is saved.
    fn save(&mut self, ask: bool, then: Option<Pending>, ctx: &egui::Context) {
        match (&self.doc.path, ask) {
            (Some(p), false) => {
                let p = p.clone();
                self.picked(&p, AfterPick::Save(then), ctx);
            }
            _ => {
                let suggested = format!("{}.ron", self.doc.display_name().trim_end_matches(".ron"));
                let request =
                    self.dialog_request(FileKind::Draft, "Save the draft", Some(suggested));
                self.pick(request, true, AfterPick::Save(then), ctx);
            }
        }
    }

    /// Write the draft to `path`, then go on with `then`. Saving over the draft's own file first
    /// checks that it still holds what this window opened or last saved (unless `replace`): when
    /// not, nothing is written and a window asks what to do. Saving under another name that is
    /// open in another window is refused.
    fn save_to(&mut self, path: &Path, replace: bool, then: Option<Pending>, ctx: &egui::Context) {
        use crate::sharing::{DraftLock, LockError, Stamp, same_draft};
        let name = file_name(path);
        let own_file = self
            .doc
            .path
            .as_deref()
            .is_some_and(|p| same_draft(p, path));
        let mut new_lock = None;
        if own_file && !replace {
            match Stamp::of_file(path) {
                Ok(now) if now == self.doc.disk => {}
                Ok(now) => {
                    let how = match (self.doc.disk, now) {
                        (Some(_), None) => {
                            "was removed or renamed by another window or program since you opened it"
                        }
                        (None, _) => "holds a version this window did not open",
                        (Some(_), Some(_)) => {
                            "was changed by another window or program since you opened it"
                        }
                    };
                    self.ui_state.message = Some((format!("Did not save {name}: it {how}"), true));
                    self.ui_state.conflict = Some(Conflict {
                        path: path.to_path_buf(),
                        how: how.to_owned(),
                        then,
                    });
                    return;
                }
                Err(e) => {
                    self.ui_state.message = Some((
                        format!(
                            "Could not save {name}: the file could not be read to check that no other window changed it: {e}"
                        ),
                        true,
                    ));
                    return;
                }
            }
        } else if !own_file {
            match DraftLock::acquire(path) {
                Ok(lock) => new_lock = Some(lock),
                Err(LockError::HeldElsewhere) => {
                    self.ui_state.message = Some((
                        format!(
                            "Did not save over {name}: it is open in another window, whose work would be lost. Choose another name"
                        ),
                        true,
                    ));
                    return;
                }
                // Saved all the same; other windows cannot be told it is open here.
                Err(LockError::Unavailable(_)) => {}
            }
        }
        let draft = self.doc.to_draft();
        // The bytes the save writes, stamped: what this window saved, not what may follow.
        let disk = njtax_engine::draft::draft_to_string(&draft)
            .ok()
            .map(|text| Stamp::of(text.as_bytes()));
        // Counted before the save, which gives this name a file of its own.
        let others = crate::files::other_names(path);
        match crate::files::write_draft(path, &draft) {
            Ok(()) => {
                // The work is safe in the draft now: this window's recovery copy (under the old
                // name, and the new one) and the one it restored are no longer needed. Other
                // windows' recovery copies stay.
                if let Some(store) = &self.recovery {
                    store.remove(self.doc.path.as_deref());
                    store.remove(Some(path));
                    if let Some(adopted) = self.adopted.take() {
                        store.remove_offered(&adopted);
                    }
                }
                self.adopted = None;
                if !own_file {
                    // The draft is now the other file: the old one is no longer open here.
                    self.lock = new_lock;
                } else if self.lock.is_none() {
                    // Opened while another window had it: mark it open here once that one is gone.
                    self.lock = DraftLock::acquire(path).ok();
                }
                self.autosaved_revision = 0;
                self.doc.mark_saved(path.to_path_buf(), disk);
                self.ui_state.message = Some(if others == 0 {
                    (format!("Saved {name}"), false)
                } else {
                    (
                        format!(
                            "Saved {name}; it has {others} other name{} (hard link{}), which still show{} the previous version",
                            if others == 1 { "" } else { "s" },
                            if others == 1 { "" } else { "s" },
                            if others == 1 { "s" } else { "" },
                        ),
                        true,
                    )
                });
                self.remember(path);
                if let Some(then) = then {
                    self.proceed(then, ctx);
                }
            }
            Err(e) => {
                self.ui_state.message = Some((format!("Could not save {name}: {e}"), true));
            }
        }
    }

    /// Make the printable return or the hand-off sheet from the answers (computed again with
    /// explanations: the live snapshot may hold values only), ask where to write it, and write it
    /// atomically and privately. Every failure is a message; the draft itself is never replaced.
    fn export(&mut self, what: Export, ctx: &egui::Context) {
        let subject = match what {
            Export::Pdf => "The printable return",
            Export::Handoff => "The hand-off sheet",
        };
        if self.refuse_while_unreadable(subject) {
            return;
        }
        let Ok(book) = &self.book else {
            self.ui_state.message = Some((
                format!(
                    "Could not make the {}: the law figures could not be read",
                    what.noun()
                ),
                true,
            ));
            return;
        };
        let answers = self.doc.answers();
        let set = match njtax_engine::compute::compute_set(answers, book) {
            Ok(set) => set,
            Err(e) => {
                self.ui_state.message =
                    Some((format!("Could not make the {}: {e}", what.noun()), true));
                return;
            }
        };
        let mask_ssns = self.ui_state.print_mask_ssns;
        let bytes = match what {
            Export::Pdf => {
                njtax_print::return_pdf(answers, &set, &njtax_print::PrintOptions { mask_ssns })
            }
            Export::Handoff => {
                njtax_print::handoff(answers, &set, mask_ssns).map(|h| h.to_text().into_bytes())
            }
        };
        let bytes = match bytes {
            Ok(b) => b,
            Err(e) => {
                self.ui_state.message =
                    Some((format!("Could not make the {}: {e}", what.noun()), true));
                return;
            }
        };
        let has_errors = set.returns.iter().any(ComputedReturn::has_errors);
        let form = set.primary().map_or("NJ-1040", |r| r.form.as_str());
        let suggested = what.file_name(&self.draft_stem(), answers.tax_year, form);
        let (kind, title) = match what {
            Export::Pdf => (FileKind::Pdf, "Print the return to PDF"),
            Export::Handoff => (FileKind::Handoff, "Save the hand-off sheet"),
        };
        let request = self.dialog_request(kind, title, Some(suggested));
        let then = AfterPick::Export {
            what,
            bytes,
            has_errors,
        };
        self.pick(request, true, then, ctx);
    }

    /// Write what [`Self::export`] made to `path`, never over the draft itself.
    fn write_export(&mut self, what: Export, path: &Path, bytes: &[u8], has_errors: bool) {
        if self.is_the_draft(path) {
            self.ui_state.message = Some((
                format!(
                    "Did not write the {} over the draft itself ({}): choose another file name",
                    what.noun(),
                    path.display()
                ),
                true,
            ));
            return;
        }
        match crate::files::write_private_bytes(path, bytes) {
            Ok(()) => {
                let mut msg = format!("The {} was written to {}", what.noun(), path.display());
                if has_errors {
                    msg.push_str(&match what {
                        Export::Pdf => format!(
                            "; the return has errors, so every page is marked \"{}\" (see Review)",
                            njtax_print::DRAFT_MARK
                        ),
                        Export::Handoff => {
                            "; the return has errors, so its figures may still change (see Review)"
                                .to_owned()
                        }
                    });
                }
                self.ui_state.message = Some((msg, false));
            }
            Err(e) => {
                self.ui_state.message =
                    Some((format!("Could not write the {}: {e}", what.noun()), true));
            }
        }
    }

    /// The draft's name without `.ron`, for the names suggested for what is made from it.
    fn draft_stem(&self) -> String {
        let name = match &self.doc.path {
            Some(p) => p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            None => self.doc.display_name().trim_end_matches(".ron").to_owned(),
        };
        let name = name.trim();
        if name.is_empty() {
            "return".to_owned()
        } else {
            name.to_owned()
        }
    }

    /// Whether `path` is the open draft's file (the same path, or the same file reached another
    /// way).
    fn is_the_draft(&self, path: &Path) -> bool {
        let Some(draft) = &self.doc.path else {
            return false;
        };
        if draft == path {
            return true;
        }
        match (draft.canonicalize(), path.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }

    fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT_LIMIT);
        self.recent_store.store(&self.recent);
    }

    /// Draw the whole window and apply the frame's commands.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        crate::theme::apply_text_sizes(&ctx);
        self.refresh();
        if self.chooser.is_none() {
            self.handle_shortcuts(&ctx);
        } else {
            // The app's own file chooser is open: the window behind it waits for its answer.
            ui.disable();
        }
        self.handle_close_request(&ctx);
        let asked = self.ui_state.focus.clone();
        crate::view::draw(self, ui);
        if asked.is_some() && self.ui_state.focus == asked {
            // The answer asked for was not drawn (hidden, or in a closed item): forget it rather
            // than take the focus later, on another screen.
            self.ui_state.focus = None;
        }
        self.show_chooser(&ctx);
        self.run_commands(&ctx);
        self.autosave(&ctx);
    }

    fn handle_shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let shift = Modifiers::COMMAND | Modifiers::SHIFT;
        let shortcuts = [
            (KeyboardShortcut::new(shift, Key::S), Command::SaveAs),
            (KeyboardShortcut::new(shift, Key::Z), Command::Redo),
            (
                KeyboardShortcut::new(Modifiers::COMMAND, Key::N),
                Command::New,
            ),
            (
                KeyboardShortcut::new(Modifiers::COMMAND, Key::O),
                Command::Open,
            ),
            (
                KeyboardShortcut::new(Modifiers::COMMAND, Key::P),
                Command::PrintPdf,
            ),
            (
                KeyboardShortcut::new(Modifiers::COMMAND, Key::S),
                Command::Save,
            ),
            (
                KeyboardShortcut::new(Modifiers::COMMAND, Key::Z),
                Command::Undo,
            ),
        ];
        for (shortcut, command) in shortcuts {
            if ctx.input_mut(|i| i.consume_shortcut(&shortcut)) {
                self.send(command);
            }
        }
    }

    fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested())
            && self.doc.is_dirty()
            && !self.ui_state.allow_close
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.ui_state.pending = Some(Pending::Close);
        }
    }
}

/// The file name of `path`, for messages.
fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| "draft".to_owned(), |n| n.to_string_lossy().into_owned())
}

/// A new, empty draft: in the latest tax year this version computes (`fallback` when the law
/// figures could not be read).
fn blank_draft(book: Option<&ParamBook>, fallback: u16) -> Answers {
    Answers {
        tax_year: book.map_or(fallback, ParamBook::latest_year),
        ..Answers::default()
    }
}

/// Every return of the draft: with explanations (`explain`), or values only (the live recompute).
fn compute_returns(
    answers: &Answers,
    book: &ParamBook,
    explain: bool,
) -> Result<ReturnSet, String> {
    if explain {
        return njtax_engine::compute::compute_set(answers, book).map_err(|e| e.to_string());
    }
    // An unsupported year is refused before anything is computed.
    let p = book
        .supported(answers.tax_year)
        .map_err(|e| e.to_string())?;
    Ok(njtax_engine::compute::compute_set_values(answers, &p))
}

/// The engine's estimate of the impaired-employee credit for each employee the filer listed (none
/// when the year's figures cannot be resolved).
fn impaired_estimates(answers: &Answers, book: &ParamBook) -> Vec<ImpairedEstimate> {
    let list = &answers.business_credits.impaired_employee_estimates;
    if list.is_empty() {
        return Vec::new();
    }
    let Ok(p) = book.for_year(answers.tax_year) else {
        return Vec::new();
    };
    list.iter()
        .map(|e| {
            njtax_engine::rules::impaired_estimator::estimate(
                e,
                &p.business_credits,
                answers.tax_year,
            )
        })
        .collect()
}

/// The diagnostics of every return, each once (the same check can fire on several returns),
/// errors first.
fn all_diagnostics(set: &ReturnSet) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    for r in &set.returns {
        for d in &r.diagnostics {
            if !out
                .iter()
                .any(|o| o.code == d.code && o.path == d.path && o.message == d.message)
            {
                out.push(d.clone());
            }
        }
    }
    out.sort_by_key(|d| std::cmp::Reverse(d.severity));
    out
}

#[cfg(test)]
mod tests {
    use super::Export;

    #[test]
    fn suggested_names_follow_the_draft_the_year_and_the_form() {
        assert_eq!(
            Export::Pdf.file_name("smith", 2024, "NJ-1040"),
            "smith-2024-NJ-1040.pdf"
        );
        assert_eq!(
            Export::Pdf.file_name("smith", 2023, "NJ-1040NR"),
            "smith-2023-NJ-1040NR.pdf"
        );
        assert_eq!(
            Export::Handoff.file_name("smith", 2024, "NJ-1040"),
            "smith-handoff.txt"
        );
    }

    #[test]
    fn the_pdf_name_does_not_repeat_a_year_the_drafts_name_has() {
        assert_eq!(
            Export::Pdf.file_name("smith-2024", 2024, "NJ-1040"),
            "smith-2024-NJ-1040.pdf"
        );
        assert_eq!(
            Export::Pdf.file_name("2024 Smith return", 2024, "NJ-1040NR"),
            "2024 Smith return-NJ-1040NR.pdf"
        );
        // Another year, or the year's digits inside a longer number, are not the year.
        assert_eq!(
            Export::Pdf.file_name("smith-2023", 2024, "NJ-1040"),
            "smith-2023-2024-NJ-1040.pdf"
        );
        assert_eq!(
            Export::Pdf.file_name("case-120245", 2024, "NJ-1040"),
            "case-120245-2024-NJ-1040.pdf"
        );
    }

    #[test]
    fn characters_file_systems_refuse_become_dashes_in_suggested_names() {
        assert_eq!(
            Export::Handoff.file_name("a/b\\c:d*e?f\"g<h>i|j\nk", 2024, "NJ-1040"),
            "a-b-c-d-e-f-g-h-i-j-k-handoff.txt"
        );
        assert_eq!(
            Export::Pdf.file_name("Sample return (family)", 2024, "NJ-1040"),
            "Sample return (family)-2024-NJ-1040.pdf"
        );
    }
}
