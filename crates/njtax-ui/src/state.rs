//! The data the screens read and the commands they send: the computed snapshot, the UI state
//! (never saved) and [`Command`]. Below the screens and the app, so that neither depends on the
//! other through it.

use std::collections::HashMap;
use std::path::PathBuf;

use njtax_engine::compute::ReturnSet;
use njtax_engine::rules::impaired_estimator::ImpairedEstimate;
use njtax_engine::{Answers, ComputedReturn, Diagnostic};
use njtax_print::{Handoff, PrintError};
use serde_json::Value;

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
    /// Change the display settings (View menu, Ctrl+Plus / Ctrl+Minus): applied at once and kept
    /// for this computer.
    Settings(crate::settings::Settings),
    /// Close the window (File > Quit, Ctrl+Q), asking first about unsaved changes.
    Quit,
    /// Open the draft another window has open, read-only (the already-open window's choice).
    OpenReadOnly,
    /// Take over a draft open read-only: changes are allowed here too.
    TakeOver,
    /// Forget the recent drafts (on a shared computer, the list names clients).
    ClearRecent,
    /// A clinic action on the draft (status, sign-off, notes), signed with the volunteer's name.
    Clinic(ClinicCommand),
    /// Pick another draft and compare this one with it (File > Compare with…).
    CompareWith,
    /// Close the comparison.
    CloseComparison,
    /// Pick a clinic's folder of drafts and show its roster (File > Open clinic folder…).
    OpenClinicFolder,
    /// Show the roster through another filter (status, year, problems, search).
    RosterFilter(crate::roster::Filter),
    /// Sort the roster by a column; the column it is already sorted by is reversed.
    RosterSort(crate::roster::SortBy),
    /// Tick (`on`) or untick a draft of the roster, by its file name.
    RosterSelect {
        /// The draft's file name in the folder.
        file: String,
        /// Ticked.
        on: bool,
    },
    /// Tick every readable draft the roster shows.
    RosterSelectShown,
    /// Untick every draft of the roster.
    RosterSelectNone,
    /// Pick a folder and print each ticked draft of the roster into it, one PDF each.
    RosterPrintSelected,
    /// Pick a file and write a CSV summary of the ticked drafts of the roster to it.
    RosterSummary,
    /// Read the roster's folder again.
    RefreshRoster,
    /// Ask for the passphrase of an encrypted folder and unlock it for this session.
    UnlockFolder(PathBuf),
    /// Encrypt the clinic folder shown (the roster's, else the open draft's) with a new
    /// passphrase (File > Encrypt this clinic folder…).
    EncryptFolder,
    /// Decrypt the clinic folder shown (File > Decrypt this clinic folder…).
    DecryptFolder,
    /// Take the passphrase typed in the passphrase window.
    SubmitPassphrase,
    /// Close the passphrase window without doing anything.
    CancelPassphrase,
    /// Close the roster.
    CloseRoster,
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
    /// Start the amended return of this draft's filed return: the same answers to correct, the
    /// figures as filed kept as column A (asks first when there are unsaved changes).
    Amend,
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
    /// File > Remove client data from this computer…: list what would be removed and ask.
    AskForget,
    /// Remove what the confirmation listed (after the unsaved-changes prompt, when there are
    /// unsaved changes).
    Forget,
    /// Close the confirmation without removing anything.
    CancelForget,
    /// The draft's file changed on disk: load that version here (asks first when this window
    /// has unsaved changes).
    LoadTheirs,
    /// Load the version on disk, dropping this window's unsaved changes (asked and confirmed).
    LoadTheirsConfirmed,
    /// The draft's file changed on disk: keep this window's version; the next save merges the
    /// clinic records (the other volunteer's steps and notes are kept).
    KeepMine,
}

/// What waits for the unsaved-changes prompt.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    /// A new draft.
    New,
    /// Next year's draft from this one.
    NextYear,
    /// The amended return of this draft.
    Amend,
    /// Open a draft (through the dialog when `None`).
    Open(Option<PathBuf>),
    /// Close the window.
    Close,
    /// Remove the client data listed in [`ForgetPlan`] from this computer.
    Forget(ForgetPlan),
}

/// What File > Remove client data from this computer… would remove, listed before asking: the
/// things the app keeps outside the drafts that can name or describe a client.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ForgetPlan {
    /// The recovery folder, and each recovery file there with the draft it holds edits of.
    pub recoveries: Vec<(PathBuf, String)>,
    /// The recovery folder (`None`: autosave is off in this window).
    pub recovery_folder: Option<PathBuf>,
    /// Recovery files of other windows still open: left alone.
    pub held_elsewhere: usize,
    /// Recovery files in the folder that are not this user's: left alone.
    pub not_ours: Vec<PathBuf>,
    /// How many drafts the recent-drafts list names.
    pub recent: usize,
    /// The volunteer name remembered on this computer (empty: none).
    pub volunteer: String,
    /// This window put something on the clipboard (a figure or an SSN from File online).
    pub clipboard: bool,
    /// The draft open in this window (its name), closed and replaced by a new empty draft.
    pub open_draft: String,
    /// Windows showing another draft or folder (the comparison, the clinic roster), closed.
    pub windows: Vec<String>,
    /// Encrypted folders unlocked this session, whose keys are forgotten.
    pub unlocked_folders: usize,
}

impl ForgetPlan {
    /// Whether there is anything to remove.
    pub fn is_empty(&self) -> bool {
        self.recoveries.is_empty()
            && self.recent == 0
            && self.volunteer.is_empty()
            && !self.clipboard
            && self.windows.is_empty()
            && self.unlocked_folders == 0
    }
}

/// Text typed into a field that is being edited, or that could not be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Buffer {
    /// The text as typed.
    pub text: String,
    /// Why it could not be read, if it could not.
    pub error: Option<String>,
}

/// A section's state in the list on the left, derived from the answers and diagnostics
/// ([`crate::progress::section_states`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionState {
    /// Nothing answered yet.
    NotStarted,
    /// Answered, no errors.
    Done,
    /// Has errors to fix.
    NeedsAttention,
    /// Nothing to enter, and nothing it shows is worked out from the answers given.
    DoesNotApply,
}

impl SectionState {
    /// The state in words (the section list's hover text).
    pub fn words(self) -> &'static str {
        match self {
            Self::Done => "done",
            Self::NeedsAttention => "needs attention",
            Self::NotStarted => "not started",
            Self::DoesNotApply => "does not apply",
        }
    }
}

/// A window of the Help menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpWindow {
    /// Help > About: the version, the licence and each tax year's figures' status.
    About,
    /// Help > Keyboard shortcuts: every shortcut, from the table the app handles them from.
    Shortcuts,
    /// Help > User guide (F1): the README's part for users.
    UserGuide,
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
    /// Focus the roster window's heading on the next frame (the roster was just opened).
    pub focus_roster: bool,
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
    /// The user's display settings (theme, zoom, guided path or all questions), kept for this
    /// computer, never in the draft.
    pub settings: crate::settings::Settings,
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
    /// File > Remove client data from this computer…, waiting for the confirmation.
    pub forget: Option<ForgetPlan>,
    /// The app lock (View > Lock the app…): everything hidden until the passphrase is typed.
    pub lock: AppLock,
    /// The Help window open (Help > About, Keyboard shortcuts or User guide; F1), if any.
    pub help: Option<HelpWindow>,
    /// The draft is open read-only because another window or volunteer has it open: who, in
    /// words. Changes are refused until it is taken over.
    pub read_only: Option<String>,
    /// The draft's file changed since this window opened or last saved it (another volunteer
    /// saved it): what changed, shown in a banner that offers to load it.
    pub changed_on_disk: Option<crate::review::DiskChange>,
    /// Loading the other version was asked for while this window has unsaved changes: the banner
    /// asks before they are dropped.
    pub confirm_load: bool,
    /// The file's stamp the volunteer chose to keep their own version over ("Keep mine, merge at
    /// save"): a save over exactly that version merges the clinic records without asking again.
    pub merge_at_save: Option<crate::sharing::Stamp>,
    /// The passphrase window of an encrypted folder (unlock, encrypt or decrypt), while it is
    /// shown.
    pub unlock: Option<UnlockPrompt>,
}

/// The passphrase window of an encrypted folder: what it is for, and what is typed (masked). The
/// typed text is moved into a secret and cleared when the window is answered or closed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnlockPrompt {
    /// The folder.
    pub folder: PathBuf,
    /// What the passphrase is for.
    pub purpose: UnlockPurpose,
    /// The passphrase typed.
    pub typed: String,
    /// Typed again (a new passphrase, when encrypting).
    pub again: String,
    /// Why the last try was refused (a wrong passphrase), in words.
    pub problem: Option<String>,
}

/// What an encrypted folder's passphrase window does once the passphrase is taken.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum UnlockPurpose {
    /// Unlock the folder, then open this draft.
    Open(PathBuf),
    /// Unlock the folder (a save, or the roster, needs it).
    #[default]
    Unlock,
    /// Encrypt the folder with a new passphrase (typed twice).
    Encrypt,
    /// Decrypt the folder.
    Decrypt,
}

/// The app lock: a volunteer stepping away hides the draft and the clinic's clients behind a
/// passphrase (kept in memory only, for this session, so that the lock after a time without input
/// asks for it too), or the app locks itself after a time without input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum AppLock {
    /// Not locked.
    #[default]
    Open,
    /// Asking for the passphrase, twice.
    Asking {
        /// The passphrase typed.
        first: String,
        /// Typed again.
        second: String,
        /// Why it was not taken.
        problem: Option<String>,
    },
    /// Hidden after a time without input when no passphrase was chosen this session: nothing of
    /// the draft is shown until someone asks to see it again (no secret protects it: the drafts
    /// are as readable as their folder).
    Hidden {
        /// The minutes without input that hid it.
        minutes: u32,
    },
    /// Locked after a time without input while an encrypted folder was unlocked: its key was
    /// forgotten, and only its passphrase (the passphrase window's text, `UiState::unlock`)
    /// unlocks the app again.
    Sealed {
        /// The encrypted folder whose passphrase unlocks it.
        folder: PathBuf,
    },
    /// Locked.
    Locked {
        /// The passphrase.
        pass: String,
        /// What is typed to unlock.
        typed: String,
        /// The last try was wrong.
        wrong: bool,
    },
}

impl UiState {
    /// The state for another draft (a new one, one opened, next year's): nothing of this
    /// draft's, but the choices that are the user's rather than the draft's (showing SSNs,
    /// masking them in print, all questions or the guided path).
    pub fn fresh(&self) -> Self {
        Self {
            reveal_ssn: self.reveal_ssn,
            print_mask_ssns: self.print_mask_ssns,
            settings: self.settings.clone(),
            lock: self.lock.clone(),
            unlock: self.unlock.clone(),
            ..Self::default()
        }
    }
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
    /// What the other window or program changed, shown before anyone chooses.
    pub theirs: Option<crate::review::DiskChange>,
}

/// A draft asked for that another window has open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlreadyOpen {
    /// The draft.
    pub path: PathBuf,
    /// Whether the open draft's changes were discarded to open it (its recovery copy goes once
    /// the other opens).
    pub(crate) discard: bool,
    /// Who has it open, as its lock file says.
    pub holder: Option<crate::sharing::Holder>,
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
    /// without copying.
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
    /// The final checklist before printing or the hand-off (Review and File online), worked out
    /// once per revision.
    pub checklist: Vec<crate::checklist::CheckItem>,
    /// The comparison with another draft (File > Compare with…), worked out again whenever this
    /// draft changes, while it is open.
    pub comparison: Option<ComparisonView>,
    /// The amended return's explanation of changes (the filer's own, or the one written from the
    /// comparison with the original), worked out once per revision when the draft amends a
    /// return.
    pub amend_explanation: Option<String>,
    /// The clinic folder's roster (File > Open clinic folder…), while it is open: read when the
    /// folder is opened, when a draft in it changes on disk, when this window saves one there and
    /// when Refresh is pressed; never while drawing. The draft's own changes do not touch it.
    pub roster: Option<crate::roster::Roster>,
}

/// What the comparison window shows: the other draft's name and the comparison in words, or why
/// the two drafts could not be compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComparisonView {
    /// The other draft's file name (the old one: this draft is the new one).
    pub other: String,
    /// The comparison in words (the same as `njtax diff OTHER THIS`), and the number of lines
    /// that changed; or why it could not be made.
    pub result: Result<(String, usize), String>,
}

impl Snapshot {
    /// Every return the draft produces, when computed.
    pub fn returns(&self) -> Option<&ReturnSet> {
        self.result.as_deref().ok()
    }

    /// The draft's first return (the resident return when there is one), when computed.
    pub fn computed(&self) -> Option<&ComputedReturn> {
        self.returns().and_then(ReturnSet::primary)
    }

    /// Return `i` of the set (the first when `i` is out of range), when computed.
    pub fn selected_return(&self, i: usize) -> Option<&ComputedReturn> {
        let set = self.returns()?;
        set.returns.get(i).or_else(|| set.primary())
    }

    /// Every diagnostic of every return, each once, errors first.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        self.returns().map_or_else(Vec::new, all_diagnostics)
    }
}

/// What the screen says when the draft has only an NJ-1040NR.
const NO_NJ1040: &str = "This draft has no NJ-1040: it gives only an NJ-1040NR (nonresident return). The hand-off sheet is made for the NJ-1040, so there are no figures to show here. File > Print to PDF… prints the NJ-1040NR with every line.";

/// The hand-off sheet as the File online screen shows it: with SSNs in full, and with only their
/// last four digits (the same sheet otherwise), so that the screen can follow Show SSNs without
/// making anything while drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineSheet {
    /// The sheet with Social Security numbers in full.
    pub full: Handoff,
    /// The same sheet with only the last four digits of each Social Security number.
    pub masked: Handoff,
}

impl OnlineSheet {
    /// Make the sheet for the draft's NJ-1040 from the computed returns (values only is enough:
    /// the sheet reads lines' ids, labels and values, and the answers); a return without a
    /// filing date is taken as filed `today`, so that a refund barred by then shows as barred.
    ///
    /// # Errors
    /// A sentence for the screen: the draft has no NJ-1040, or the sheet could not be made.
    pub fn make(
        answers: &Answers,
        set: &ReturnSet,
        today: Option<njtax_engine::answers::Date>,
    ) -> Result<Self, String> {
        let full = njtax_print::handoff_on(answers, set, false, today).map_err(why_none)?;
        let masked = njtax_print::handoff_on(answers, set, true, today).map_err(why_none)?;
        Ok(Self { full, masked })
    }

    /// Whether any figure on the sheet is a Social Security number (its masked value differs).
    pub fn has_ssns(&self) -> bool {
        self.full
            .steps
            .iter()
            .zip(&self.masked.steps)
            .any(|(f, m)| {
                f.entries
                    .iter()
                    .zip(&m.entries)
                    .any(|(a, b)| a.value != b.value)
            })
    }
}

/// Why there is no sheet, in plain words.
fn why_none(e: PrintError) -> String {
    match e {
        PrintError::NoResident => NO_NJ1040.to_owned(),
        e => format!("The hand-off sheet could not be made: {e}"),
    }
}

/// The diagnostics of every return, each once (the same check can fire on several returns),
/// errors first.
pub(crate) fn all_diagnostics(set: &ReturnSet) -> Vec<Diagnostic> {
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

/// A clinic action on the open draft ([`Command::Clinic`]), signed with the volunteer's name kept
/// in the settings.
#[derive(Clone, Debug, PartialEq)]
pub enum ClinicCommand {
    /// Move it to a status (not filed), with a note for the history.
    Status(njtax_engine::answers::ClinicStatus, String),
    /// Mark an approved return filed.
    Filed(njtax_engine::answers::Date, njtax_engine::answers::FiledHow),
    /// Add a review note.
    AddNote(njtax_engine::answers::NoteAbout, String),
    /// Resolve note N, with a reply.
    Resolve(u32, String),
}

impl AppLock {
    /// Whether nothing of the draft may be shown (locked, or hidden after a time without input).
    #[must_use]
    pub fn hides(&self) -> bool {
        matches!(
            self,
            Self::Locked { .. } | Self::Hidden { .. } | Self::Sealed { .. }
        )
    }
}
