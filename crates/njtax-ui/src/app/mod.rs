//! The application: document, computed snapshot, UI state, and the commands that change them.
//!
//! Every user action becomes a [`Command`]; commands are applied once, after the frame's UI has
//! been drawn, by [`App::run_commands`]. Only there do answers change, files get read or written,
//! and dialogs open. The computed return is refreshed when the document's revision changes, never
//! every frame.

mod batch;
mod commands;
mod crypt;
mod files;
mod forget;

use std::path::{Path, PathBuf};

use njtax_engine::compute::ReturnSet;
use njtax_engine::rules::impaired_estimator::ImpairedEstimate;
use njtax_engine::{Answers, ComputedReturn, Diagnostic, ParamBook};
use serde_json::Value;

use crate::binding;
use crate::chooser::{Chooser, Outcome};
use crate::document::Document;
use crate::forms::{Block, Helper, Interview, Special};
use crate::platform::{
    Clipboard, DialogRequest, EguiClipboard, FileDialogs, FileKind, Picked, RecentStore,
};
pub use crate::state::{
    AlreadyOpen, Buffer, Command, Conflict, Export, OnlineSheet, Pending, Refusal, SectionState,
    Snapshot, UiState,
};

/// How many recent drafts are remembered.
const RECENT_LIMIT: usize = 8;

/// How often the open roster's folder is looked at for changes, in seconds.
const ROSTER_POLL_SECONDS: f64 = 1.0;

/// How often the open draft's file is looked at for another volunteer's save, in seconds (its
/// length and time only; its bytes when they moved).
const DRAFT_POLL_SECONDS: f64 = 1.0;

/// What the file the user picks is for (the app's own chooser answers frames later, so the rest of
/// the action waits with it).
enum AfterPick {
    /// Open it as the draft.
    Open,
    /// Save the draft to it, then go on with what waited for the save (the unsaved-changes
    /// prompt's Save).
    Save(Option<Pending>),
    /// Compare the draft with it (File > Compare with…).
    Compare,
    /// Show the roster of the clinic folder picked (File > Open clinic folder…).
    Roster,
    /// Print the roster's ticked drafts into the folder picked (Print selected…).
    PrintSelected,
    /// Write the summary of the roster's ticked drafts, made before asking, to it (Save a
    /// summary of the selected (CSV)…).
    Summary {
        /// The CSV.
        bytes: Vec<u8>,
        /// How many drafts it has a row for.
        rows: usize,
    },
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
    /// The draft this one is compared with (its file name and answers), while the comparison is
    /// open.
    compare_with: Option<(String, Answers)>,
    /// The other draft's returns, computed with explanations once when it was picked (it does
    /// not change while compared), or why they cannot be.
    compare_old: Option<Result<njtax_engine::compute::ReturnSet, String>>,
    /// Where the display settings are kept (memory until [`App::with_settings`]).
    settings_store: Box<dyn crate::settings::SettingsStore>,
    /// The theme and zoom last applied to the window (`None` before the first frame).
    applied: Option<(crate::settings::Theme, f32)>,
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
    /// What this window has seen of its draft's update lock held by another writer, by its own
    /// clock: a lock seen unrenewed for long enough is taken over by a later save.
    update_watch: crate::sharing::Watch,
    /// The offered recovery this window restored: its file goes once the work is saved or
    /// discarded.
    adopted: Option<crate::recovery::Recovery>,
    /// When the roster's folder was last looked at for changes (egui time, seconds).
    roster_checked: f64,
    /// This window put something on the clipboard (File > Remove client data empties it).
    copied: bool,
    /// When the last input came (egui time, seconds; `None` before the first frame).
    last_input: Option<f64>,
    /// The passphrase chosen with View > Lock the app… this session (memory only): the lock
    /// after a time without input asks for it.
    session_pass: Option<String>,
    /// The open draft's file as last looked at, to notice another volunteer's save.
    disk_watch: crate::review::DiskWatch,
    /// A comparison with the version on disk (its stamp) still being worked out on its own
    /// thread: filled into the banner and the conflict window when it comes.
    pending_comparison: Option<(
        Option<crate::sharing::Stamp>,
        std::sync::mpsc::Receiver<String>,
    )>,
    /// An encrypted folder being unlocked or converted on a thread of its own (scrypt takes about
    /// a second, a large folder longer): the window keeps drawing meanwhile.
    crypt_job: Option<CryptJob>,
    /// Reads the roster's folder off the window's thread.
    roster_reader: crate::roster_reader::RosterReader,
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
                topics: Vec::new(),
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
                checklist: Vec::new(),
                comparison: None,
                amend_explanation: None,
                roster: None,
            },
            doc,
            book,
            interview,
            ui_state: UiState::default(),
            dialogs,
            clipboard: Box::new(EguiClipboard),
            recent_store,
            compare_with: None,
            compare_old: None,
            settings_store: Box::new(crate::settings::MemorySettings::default()),
            applied: None,
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
            update_watch: crate::sharing::Watch::default(),
            adopted: None,
            roster_checked: 0.0,
            copied: false,
            last_input: None,
            session_pass: None,
            disk_watch: crate::review::DiskWatch::default(),
            pending_comparison: None,
            crypt_job: None,
            roster_reader: crate::roster_reader::RosterReader::default(),
        };
        if !problems.is_empty() {
            app.ui_state.message = Some((problems.join(" "), true));
        }
        // The window opens with the focus on the first screen's title: the first Tab goes into
        // the screen (not through the menu bar), and screen readers announce where they are.
        app.ui_state.focus_title = true;
        app.refresh();
        app
    }

    /// Keep the display settings in `store` (the desktop app's `settings.ron`), starting from
    /// those it holds. Settings that cannot be read are not replaced: the defaults apply to this
    /// window, the status bar says why, and the file is left as it is until a setting is changed.
    #[must_use]
    pub fn with_settings(mut self, store: Box<dyn crate::settings::SettingsStore>) -> Self {
        match store.load() {
            Ok(Some(s)) => self.ui_state.settings = s.sane(),
            Ok(None) => {}
            Err(e) => {
                self.ui_state.message = Some((
                    format!(
                        "Your display settings could not be read, so the usual ones apply until you change one: {e}"
                    ),
                    true,
                ));
            }
        }
        self.settings_store = store;
        self.applied = None;
        self
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
        if !found.locked.is_empty() {
            let folders: std::collections::BTreeSet<String> = found
                .locked
                .iter()
                .map(|l| l.folder.display().to_string())
                .collect();
            self.ui_state.message = Some((
                format!(
                    "{} recovery cop{} of drafts in encrypted folders (locked: {}): open a draft there and unlock the folder to see {}",
                    found.locked.len(),
                    if found.locked.len() == 1 { "y" } else { "ies" },
                    folders.into_iter().collect::<Vec<_>>().join(", "),
                    if found.locked.len() == 1 {
                        "it"
                    } else {
                        "them"
                    },
                ),
                false,
            ));
        }
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
        crate::words::date_in(&self.time_zone, jiff::Timestamp::now())
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
        self.snapshot.computed()
    }

    /// Every return the draft produces, when computed.
    pub fn returns(&self) -> Option<&ReturnSet> {
        self.snapshot.returns()
    }

    /// The return the form view shows (the first when the selection is out of range).
    pub fn selected_return(&self) -> Option<&ComputedReturn> {
        self.snapshot.selected_return(self.ui_state.selected_return)
    }

    /// The text typed for answers that could not be read, by path (the answers at those paths
    /// count as not given, so the figures are not final).
    pub fn unreadable(
        &self,
    ) -> &std::collections::BTreeMap<String, njtax_engine::answers::Unreadable> {
        &self.doc.answers().unreadable
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
            format!("{what} was not made: {}", crate::words::count_words(count)),
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
        self.snapshot.diagnostics()
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
                                helper: Some(
                                    Helper::NextYearPlan | Helper::LateEstimate | Helper::Amended
                                ),
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
        if self.ui_state.lock.hides() {
            return "njtax (locked)".to_owned();
        }
        let name = self.doc.display_name();
        let state = match self.doc.save_state() {
            SaveState::Sample => " (a sample: File > New starts your own)",
            SaveState::SampleChanged => " (a sample, changed: File > New starts your own)",
            SaveState::NeverSaved => " (not saved)",
            SaveState::Changed => " (unsaved changes)",
            SaveState::Saved => "",
        };
        // ASCII around the draft's name: X11's legacy WM_NAME is written by winit as Latin-1
        // `STRING` bytes, where a dash or bullet of ours would show as mojibake (`_NET_WM_NAME`,
        // which window managers read first, is UTF-8 and carries the name as typed).
        format!("{name}{state} - NJ income tax")
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
        // The comparison follows this draft's answers: worked out again only when they changed
        // (a new revision), not when the screen asks for explanations.
        let comparison = if self.snapshot.revision == self.doc.revision() {
            self.snapshot.comparison.take()
        } else {
            self.comparison_view()
        };
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
            Ok(set) => OnlineSheet::make(answers, set, self.today()),
            Err(why) => Err(format!("The return cannot be computed: {why}")),
        };
        let provisional_uses = result
            .as_ref()
            .map(|set| set.provisional_uses())
            .unwrap_or_default();
        let mirror = binding::to_value(answers);
        let diagnostics = result
            .as_ref()
            .map(|set| crate::state::all_diagnostics(set))
            .unwrap_or_default();
        let sections = self.section_states(&mirror, &diagnostics, result.is_ok());
        let checklist = crate::checklist::checklist(
            answers,
            result.as_deref().ok(),
            &diagnostics,
            self.today(),
        );
        let amend_explanation = match (&self.book, &result) {
            (Ok(book), Ok(set)) if answers.amends.is_some() => book
                .supported(answers.tax_year)
                .ok()
                .map(|p| njtax_engine::amend::explanation_of_changes(answers, set, &p)),
            _ => None,
        };
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
            checklist,
            comparison,
            amend_explanation,
            roster: self.snapshot.roster.take(),
        };
    }

    /// The comparison with the other draft, worked out from the answers now (with explanations:
    /// the causes come from them). The other draft's returns are computed once and kept.
    fn comparison_view(&mut self) -> Option<crate::state::ComparisonView> {
        use njtax_engine::compare::{CompareError, compare_computed, text};
        use njtax_engine::compute::compute_set;
        let (other, old) = self.compare_with.as_ref()?;
        let result = match &self.book {
            Ok(book) => {
                let old_set = self.compare_old.get_or_insert_with(|| {
                    compute_set(old, book).map_err(|e| CompareError::Old(e).to_string())
                });
                match old_set {
                    Err(why) => Err(why.clone()),
                    Ok(old_set) => compute_set(self.doc.answers(), book)
                        .map_err(|e| CompareError::New(e).to_string())
                        .and_then(|new_set| {
                            compare_computed(old, old_set, self.doc.answers(), &new_set)
                                .map_err(|e| e.to_string())
                        })
                        .map(|c| (text::render(&c), c.changed_line_count())),
                }
            }
            Err(e) => Err(format!(
                "the law figures built into this version could not be read ({e})"
            )),
        };
        Some(crate::state::ComparisonView {
            other: other.clone(),
            result,
        })
    }

    /// Compare the draft with the one at `path` (the old one; this draft is the new one), or say
    /// in the status bar why it cannot be read. Nothing of either draft changes.
    pub(crate) fn compare_picked(&mut self, path: &Path) {
        let name = file_name(path);
        match crate::files::read_draft(path) {
            Ok(draft) => {
                self.compare_with = Some((name.clone(), draft.answers));
                self.compare_old = None;
                self.snapshot.comparison = self.comparison_view();
                let (said, failed) = match self.snapshot.comparison.as_ref().map(|c| &c.result) {
                    Some(Ok((_, 0))) => (format!("Compared with {name}: no line differs"), false),
                    Some(Ok((_, 1))) => (format!("Compared with {name}: 1 line changed"), false),
                    Some(Ok((_, n))) => (format!("Compared with {name}: {n} lines changed"), false),
                    Some(Err(why)) => (format!("{name} could not be compared: {why}"), true),
                    None => return,
                };
                self.ui_state.message = Some((said, failed));
            }
            Err(e) => {
                let p = e.explain();
                self.ui_state.message = Some((
                    format!(
                        "{} could not be compared: {} {}",
                        p.file_name, p.what, p.can_do
                    ),
                    true,
                ));
            }
        }
    }

    /// Show the roster of the clinic folder at `folder` (File > Open clinic folder…), sorted and
    /// filtered as the roster open before was. The folder is read off the window's thread: the
    /// window shows "Reading…" at once, then the rows, and the status bar says how many drafts it
    /// holds.
    pub(crate) fn open_roster(&mut self, folder: &Path, ctx: &egui::Context) {
        let filter = self
            .snapshot
            .roster
            .as_ref()
            .filter(|r| r.folder == folder)
            .map(|r| r.filter.clone())
            .unwrap_or_default();
        // An encrypted folder not yet unlocked shows its drafts as locked, and asks for the
        // passphrase at once.
        if crate::crypt::is_encrypted_folder(folder) && !crate::crypt::is_unlocked(folder) {
            self.ask_passphrase(folder, crate::state::UnlockPurpose::Unlock);
        }
        if self.request_roster(folder, crate::roster_reader::Why::Open, ctx) {
            if self
                .snapshot
                .roster
                .as_ref()
                .is_none_or(|r| r.folder != folder)
            {
                self.snapshot.roster = Some(crate::roster::Roster::reading(folder, filter));
            }
            self.ui_state.focus_roster = true;
            self.ui_state.message = Some((
                format!("Reading the clinic folder {}…", file_name(folder)),
                false,
            ));
        }
    }

    /// Ask the worker to read `folder` (a newer request supersedes an older one). Returns whether
    /// it was asked; when the law figures cannot be read, the status bar says so.
    fn request_roster(
        &mut self,
        folder: &Path,
        why: crate::roster_reader::Why,
        ctx: &egui::Context,
    ) -> bool {
        let Ok(book) = &self.book else {
            self.ui_state.message = Some((
                "The clinic folder cannot be shown: the law figures built into this version could not be read".to_owned(),
                true,
            ));
            return false;
        };
        // The worker wakes the window when it is done: a repaint "soon" rather than "now", which
        // a test harness would count as a frame still to run.
        let repaint = ctx.clone();
        self.roster_reader.request(folder, why, book, move || {
            repaint.request_repaint_after(std::time::Duration::from_millis(1));
        });
        self.roster_checked = ctx.input(|i| i.time);
        // A look for changes says nothing until it finds one; Open and Refresh show "Reading…".
        if why != crate::roster_reader::Why::Watch {
            if let Some(r) = self.snapshot.roster.as_mut().filter(|r| r.folder == folder) {
                r.reading = Some(r.reading.unwrap_or((0, 0)));
            }
            ctx.request_repaint();
        }
        true
    }

    /// Read the roster's folder again (Refresh, a draft saved there).
    pub(crate) fn reread_roster(&mut self, ctx: &egui::Context) {
        if let Some(folder) = self.snapshot.roster.as_ref().map(|r| r.folder.clone()) {
            self.request_roster(&folder, crate::roster_reader::Why::Refresh, ctx);
        }
    }

    /// Close the roster; a read still running stops.
    pub(crate) fn close_roster(&mut self) {
        self.roster_reader.cancel();
        self.snapshot.roster = None;
    }

    /// Show what the roster's worker reported: how far it is, then the rows (the drafts ticked
    /// stay ticked, the filter stays). A look for changes that found none changes nothing shown.
    fn take_roster_reports(&mut self) {
        use crate::roster_reader::{Report, Why};
        for (pending, report) in self.roster_reader.take_reports() {
            let Some(roster) = self
                .snapshot
                .roster
                .as_mut()
                .filter(|r| r.folder == pending.folder)
            else {
                continue;
            };
            match report {
                Report::Progress { done, total, .. } => {
                    if pending.why != Why::Watch || total > 0 {
                        roster.reading = Some((done, total));
                    }
                }
                Report::Failed { why, .. } => {
                    roster.reading = None;
                    self.ui_state.message = Some((
                        format!(
                            "Could not show the clinic folder {}: {why}",
                            pending.folder.display()
                        ),
                        true,
                    ));
                }
                Report::Done { read, .. } => {
                    let mut next = read.into_roster(roster.filter.clone());
                    next.keep_selection(&roster.selected);
                    if pending.why == Why::Watch && next.same_stamp(roster) {
                        roster.reading = None;
                        continue;
                    }
                    let name = file_name(&pending.folder);
                    if let Some(why) = &next.problem {
                        self.ui_state.message = Some((
                            format!(
                                "Could not show the clinic folder {}: {why}",
                                pending.folder.display()
                            ),
                            true,
                        ));
                    } else if pending.why == Why::Open {
                        self.ui_state.message = Some((
                            match next.entries.len() {
                                0 => {
                                    format!("The clinic folder {name} holds no drafts (.ron files)")
                                }
                                1 => format!("The clinic folder {name}: 1 draft"),
                                n => format!("The clinic folder {name}: {n} drafts"),
                            },
                            false,
                        ));
                    }
                    *roster = next;
                }
            }
        }
    }

    /// Wait up to `limit` for the roster's folder to be read, and show it (for tests and scripted
    /// use: the window itself never waits). Returns whether no read is still running.
    pub fn wait_for_roster(&mut self, limit: std::time::Duration) -> bool {
        let end = std::time::Instant::now() + limit;
        while self.roster_reader.pending().is_some() && std::time::Instant::now() < end {
            self.take_roster_reports();
            if self.roster_reader.pending().is_some() {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
        self.take_roster_reports();
        self.roster_reader.pending().is_none()
    }

    /// While the roster is open, show what its worker reports, and look at its folder once a
    /// second (on the worker): when a draft was added, removed, or changed in length or time of
    /// change (another window, a colleague on a shared folder, `njtax status`), its row is read
    /// again.
    fn watch_roster(&mut self, ctx: &egui::Context) {
        self.take_roster_reports();
        let Some(folder) = self.snapshot.roster.as_ref().map(|r| r.folder.clone()) else {
            return;
        };
        if self.roster_reader.pending().is_some() {
            // The worker asks for a repaint when it reports; this one is a safety net.
            ctx.request_repaint_after(std::time::Duration::from_millis(200));
            return;
        }
        let now = ctx.input(|i| i.time);
        let wait = ROSTER_POLL_SECONDS - (now - self.roster_checked);
        if wait > 0.0 {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
            return;
        }
        self.request_roster(&folder, crate::roster_reader::Why::Watch, ctx);
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(ROSTER_POLL_SECONDS));
    }

    /// Once a second, look at the open draft's file: when its length or time of change moved,
    /// read it, and when it no longer holds what this window opened or last saved, say what the
    /// other volunteer changed in a banner that offers to load it (once per version). A file back
    /// to what this window knows takes the banner away.
    fn watch_draft(&mut self, ctx: &egui::Context) {
        self.fill_in_comparison(ctx);
        let Some(path) = self.doc.path.clone() else {
            return;
        };
        let now = ctx.input(|i| i.time);
        let wait = DRAFT_POLL_SECONDS - (now - self.disk_watch.checked);
        if wait > 0.0 {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
            return;
        }
        self.disk_watch.checked = now;
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(DRAFT_POLL_SECONDS));
        if !self.disk_watch.moved(&path) {
            return;
        }
        // Never a blocking or unbounded read on the window's thread: a pipe, a folder or a file
        // larger than any draft put in its place is said, not read.
        let bytes = match std::fs::metadata(&path) {
            Ok(m)
                if !m.is_file()
                    || m.len()
                        > crate::crypt::sealed_bound(njtax_engine::draft::MAX_DRAFT_BYTES) =>
            {
                let change = crate::review::DiskChange {
                    stamp: None,
                    theirs: None,
                    headline: format!(
                        "{} on disk is no longer a draft file (something else was put in its place): this window's answers cannot be saved there; use Save As to keep them",
                        file_name(&path)
                    ),
                    clinic: Vec::new(),
                    comparison: String::new(),
                };
                if self.ui_state.changed_on_disk.as_ref() != Some(&change) {
                    self.ui_state.message = Some((change.headline.clone(), true));
                    self.ui_state.changed_on_disk = Some(change);
                }
                return;
            }
            Ok(_) => match std::fs::read(&path) {
                Ok(b) => Some(b),
                // Not readable this second (a save under way on a network folder): looked at
                // again at the next change.
                Err(_) => return,
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(_) => return,
        };
        // Stamped as a save stamps it: an encrypted draft by its decrypted text.
        let stamp =
            bytes.map(|b| crate::sharing::Stamp::of(&crate::crypt::plain_or_as_is(&path, b)));
        if stamp == self.doc.disk {
            self.disk_watch.described = Some(stamp);
            self.ui_state.changed_on_disk = None;
            self.ui_state.confirm_load = false;
            return;
        }
        if self.disk_watch.described == Some(stamp) {
            return;
        }
        self.disk_watch.described = Some(stamp);
        let change = self.describe_disk(&path, stamp);
        self.ui_state.message = Some((format!("{}.", change.headline), false));
        self.ui_state.changed_on_disk = Some(change);
        self.ui_state.confirm_load = false;
        ctx.request_repaint();
    }

    /// A comparison that took longer than [`crate::review::COMPARE_WAIT`]: shown in the banner
    /// and the conflict window of the same version once it is worked out.
    fn fill_in_comparison(&mut self, ctx: &egui::Context) {
        let Some((stamp, rx)) = &self.pending_comparison else {
            return;
        };
        let words = match rx.try_recv() {
            Ok(words) => words,
            Err(std::sync::mpsc::TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(250));
                return;
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                "The two versions could not be compared".to_owned()
            }
        };
        let stamp = *stamp;
        self.pending_comparison = None;
        let theirs = self.ui_state.changed_on_disk.iter_mut().chain(
            self.ui_state
                .conflict
                .iter_mut()
                .filter_map(|c| c.theirs.as_mut()),
        );
        for change in theirs {
            if change.stamp == stamp && change.comparison == crate::review::STILL_COMPARING {
                change.comparison.clone_from(&words);
            }
        }
        ctx.request_repaint();
    }

    /// What the draft's file at `path` (stamped `stamp`) holds that this window's base does not,
    /// in words (the comparison waited for a moment at most, then filled in when ready).
    pub(crate) fn describe_disk(
        &mut self,
        path: &Path,
        stamp: Option<crate::sharing::Stamp>,
    ) -> crate::review::DiskChange {
        let theirs = if stamp.is_none() {
            Err("there is no file".to_owned())
        } else {
            crate::files::read_draft(path)
                .map(|d| d.answers)
                .map_err(|e| e.to_string())
        };
        let (change, later) = crate::review::describe(
            stamp,
            self.doc.base.as_ref(),
            self.doc.answers(),
            theirs,
            self.book.as_ref().ok(),
            &self.time_zone,
            crate::review::COMPARE_WAIT,
        );
        if let Some(rx) = later {
            self.pending_comparison = Some((stamp, rx));
        }
        change
    }

    /// Close the comparison.
    pub(crate) fn close_comparison(&mut self) {
        self.compare_with = None;
        self.compare_old = None;
        self.snapshot.comparison = None;
    }

    fn section_states(
        &self,
        mirror: &Value,
        diagnostics: &[Diagnostic],
        computed: bool,
    ) -> Vec<SectionState> {
        let blank = binding::to_value(&Answers {
            tax_year: self.doc.answers().tax_year,
            ..Answers::default()
        });
        crate::progress::section_states(&self.interview, mirror, &blank, diagnostics, computed)
    }

    /// Draw the whole window and apply the frame's commands.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        crate::theme::apply_text_sizes(&ctx);
        self.refresh();
        self.lock_when_idle(&ctx);
        self.poll_crypt(&ctx);
        // What the roster's worker read is shown in this frame.
        self.take_roster_reports();
        let locked = self.ui_state.lock.hides();
        if self.chooser.is_some() {
            // The app's own file chooser is open: the window behind it waits for its answer.
            ui.disable();
        } else if !locked {
            self.handle_shortcuts(&ctx);
        }
        self.apply_settings(&ctx);
        if locked {
            // Nothing of the draft or the clinic is drawn or named while locked; autosave goes
            // on.
            ctx.accesskit_node_builder(egui::accesskit_root_id(), |n| {
                n.set_label("njtax (locked)");
            });
            if ctx.input(|i| i.viewport().close_requested()) {
                // Closing while locked asks nothing (the question would name the draft): the
                // unsaved edits go to the recovery copy, offered at the next start.
                self.autosave_before_dialog();
            }
            if matches!(self.ui_state.lock, crate::state::AppLock::Sealed { .. }) {
                let busy = self.crypt_busy();
                if crate::view::sealed_screen(ui, &mut self.ui_state, busy) {
                    self.submit_passphrase(&ctx);
                }
            } else {
                crate::view::locked_screen(ui, &mut self.ui_state.lock);
            }
            self.run_commands(&ctx);
            self.autosave(&ctx);
            return;
        }
        // Screen readers name the window as the title bar does (the draft and whether it is
        // saved).
        let title = self.title();
        ctx.accesskit_node_builder(egui::accesskit_root_id(), |n| n.set_label(title));
        self.handle_close_request(&ctx);
        let asked = self.ui_state.focus.clone();
        let today = self.today();
        let mut cx = crate::cx::ScreenCx::new(
            &self.doc,
            &self.interview,
            &self.snapshot,
            &mut self.ui_state,
            &self.recent,
            self.book.as_ref().map_or(&[], ParamBook::years),
            today,
            &self.time_zone,
            &mut self.commands,
        );
        crate::view::draw(&mut cx, ui);
        crate::view::lock_prompt(ui, &mut self.ui_state.lock);
        if let crate::state::AppLock::Locked { pass, .. } = &self.ui_state.lock {
            // Chosen for this lock, and asked again when the app locks itself after a time
            // without input, for the rest of the session.
            self.session_pass = Some(pass.clone());
        }
        if asked.is_some() && self.ui_state.focus == asked {
            // The answer asked for was not drawn (hidden, or in a closed item): forget it rather
            // than take the focus later, on another screen.
            self.ui_state.focus = None;
        }
        crate::focus::paint_focus_ring(&ctx);
        self.show_chooser(&ctx);
        self.run_commands(&ctx);
        self.autosave(&ctx);
        self.watch_roster(&ctx);
        self.watch_draft(&ctx);
    }

    /// The shortcuts the app handles itself, from the one table the menus and Help > Keyboard
    /// shortcuts show (`shortcuts::TABLE`), in its order (the longer shortcuts first:
    /// Ctrl+Shift+S is not taken for Ctrl+S).
    fn handle_shortcuts(&mut self, ctx: &egui::Context) {
        use crate::shortcuts::Action;
        for (shortcut, action) in crate::shortcuts::handled_by_app() {
            if !ctx.input_mut(|i| i.consume_shortcut(&shortcut)) {
                continue;
            }
            let command = match action {
                Action::New => Command::New,
                Action::Open => Command::Open,
                Action::Save => Command::Save,
                Action::SaveAs => Command::SaveAs,
                Action::Print => Command::PrintPdf,
                Action::Quit => Command::Quit,
                Action::Undo => Command::Undo,
                Action::Redo => Command::Redo,
                Action::UserGuide => {
                    self.ui_state.help = Some(crate::state::HelpWindow::UserGuide);
                    continue;
                }
            };
            self.send(command);
        }
    }

    /// Apply the display settings to the window when they changed (theme, zoom), and keep a zoom
    /// changed with Ctrl+Plus / Ctrl+Minus (egui's own keys) as the user's setting.
    fn apply_settings(&mut self, ctx: &egui::Context) {
        let wanted = (self.ui_state.settings.theme, self.ui_state.settings.zoom);
        match self.applied {
            Some((_, zoom)) if (ctx.zoom_factor() - zoom).abs() > f32::EPSILON => {
                // Zoomed from the keyboard since the last frame.
                let mut next = self.ui_state.settings.clone();
                next.zoom = ctx.zoom_factor();
                self.change_settings(next.sane());
            }
            Some(applied) if applied == wanted => return,
            _ => {}
        }
        let settings = &self.ui_state.settings;
        crate::theme::apply_theme(ctx, settings.theme);
        ctx.set_zoom_factor(settings.zoom);
        self.applied = Some((settings.theme, settings.zoom));
    }

    /// Take `next` as the display settings and keep them for this computer; when they cannot be
    /// kept, the status bar says so (they apply to this window all the same).
    pub(crate) fn change_settings(&mut self, next: crate::settings::Settings) {
        self.ui_state.settings = next;
        if let Err(e) = self.settings_store.store(&self.ui_state.settings) {
            self.ui_state.message = Some((
                format!(
                    "Your display settings apply to this window but could not be kept for next time: {e}"
                ),
                true,
            ));
        }
    }

    /// The time without input after which the app locks itself now (`None`: it does not).
    fn idle_limit(&self) -> Option<f64> {
        use crate::settings::IdleLock;
        let settings = &self.ui_state.settings;
        let applies = match settings.idle_lock {
            IdleLock::Never => false,
            IdleLock::Always => true,
            IdleLock::InClinic => {
                self.doc.answers().clinic.is_some() || self.snapshot.roster.is_some()
            }
        };
        applies.then(|| f64::from(settings.idle_minutes.max(1)) * 60.0)
    }

    /// Lock the app after the set time without input (View > Lock when idle): the unsaved edits
    /// go to the recovery copy first; the passphrase chosen this session unlocks it, and without
    /// one the draft is hidden until someone asks to see it again. Any input restarts the time; a
    /// repaint is asked for when it runs out, so a window left alone locks without input.
    fn lock_when_idle(&mut self, ctx: &egui::Context) {
        let (now, active) = ctx.input(|i| {
            (
                i.time,
                !i.events.is_empty() || i.pointer.is_moving() || i.pointer.any_down(),
            )
        });
        let last = match self.last_input {
            Some(t) if !active => t,
            _ => {
                self.last_input = Some(now);
                now
            }
        };
        if self.ui_state.lock.hides() {
            return;
        }
        let Some(limit) = self.idle_limit() else {
            return;
        };
        let idle = now - last;
        if idle < limit {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64((limit - idle).max(1.0)));
            return;
        }
        self.autosave_before_dialog();
        let minutes = self.ui_state.settings.idle_minutes.max(1);
        // An encrypted folder open (the draft's or the roster's): its key is forgotten once the
        // recovery copy is written (encrypted with it), and its passphrase unlocks the app.
        let encrypted = [
            self.doc.path.as_deref().map(crate::crypt::folder_of),
            self.snapshot.roster.as_ref().map(|r| r.folder.clone()),
        ]
        .into_iter()
        .flatten()
        .find(|f| crate::crypt::is_unlocked(f));
        if let Some(folder) = encrypted {
            crate::crypt::forget_all();
            self.ui_state.unlock = Some(crate::state::UnlockPrompt {
                folder: folder.clone(),
                purpose: crate::state::UnlockPurpose::Unlock,
                ..Default::default()
            });
            self.ui_state.lock = crate::state::AppLock::Sealed { folder };
            ctx.memory_mut(|m| {
                if let Some(id) = m.focused() {
                    m.surrender_focus(id);
                }
            });
            return;
        }
        self.ui_state.lock = match &self.session_pass {
            Some(pass) => crate::state::AppLock::Locked {
                pass: pass.clone(),
                typed: String::new(),
                wrong: false,
            },
            None => crate::state::AppLock::Hidden { minutes },
        };
        // The open modal windows (the unsaved-changes question, a conflict) and their focus are
        // not drawn while locked; the lock screen takes the focus.
        ctx.memory_mut(|m| {
            if let Some(id) = m.focused() {
                m.surrender_focus(id);
            }
        });
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

/// An unlock or a conversion running on a thread of its own.
struct CryptJob {
    /// The window's request (the typed passphrase already taken out), shown again when the
    /// passphrase was wrong.
    prompt: crate::state::UnlockPrompt,
    /// The answer, when it comes.
    rx: std::sync::mpsc::Receiver<
        Result<Option<crate::crypt_folder::Converted>, crate::crypt::CryptError>,
    >,
}
