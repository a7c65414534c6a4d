//! Applying the commands the screens send: the one place answers change and the window moves
//! between screens, after each frame is drawn.

use super::*;

impl App {
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

    pub(super) fn apply(&mut self, command: Command, ctx: &egui::Context) {
        if let Some(who) = &self.ui_state.read_only
            && matches!(
                command,
                Command::Set { .. }
                    | Command::SetUnreadable { .. }
                    | Command::AddItem(_)
                    | Command::RemoveItem(..)
                    | Command::Undo
                    | Command::Redo
                    | Command::Clinic(_)
                    | Command::Save
            )
        {
            self.ui_state.message = Some((
                format!(
                    "Read only: {who} has this draft open. Take it over (at the top of the screen) to change it, or Save As another name"
                ),
                true,
            ));
            return;
        }
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
            Command::Amend => {
                // Column A keeps this return's figures as filed: not while they are not final.
                if !self.refuse_while_unreadable("The amended return") {
                    self.guard(Pending::Amend, ctx);
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
                    Ok(()) => {
                        self.copied = true;
                        (format!("Copied {label} to the clipboard"), false)
                    }
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
            Command::Settings(next) => self.change_settings(next.sane()),
            Command::Clinic(action) => self.clinic(action),
            Command::CompareWith => {
                let request =
                    self.dialog_request(FileKind::Draft, "Compare with another draft", None);
                self.pick(request, false, AfterPick::Compare, ctx);
            }
            Command::CloseComparison => self.close_comparison(),
            Command::OpenClinicFolder => {
                let request =
                    self.dialog_request(FileKind::Folder, "Open a clinic folder of drafts", None);
                self.pick(request, false, AfterPick::Roster, ctx);
            }
            Command::RosterFilter(filter) => {
                if let Some(r) = &mut self.snapshot.roster {
                    r.set_filter(filter);
                }
            }
            Command::RosterSort(by) => {
                if let Some(r) = &mut self.snapshot.roster {
                    let mut filter = r.filter.clone();
                    filter.reverse = filter.sort == by && !filter.reverse;
                    filter.sort = by;
                    r.set_filter(filter);
                }
            }
            Command::RosterSelect { file, on } => {
                if let Some(r) = &mut self.snapshot.roster {
                    r.select(&file, on);
                }
            }
            Command::RosterSelectShown => {
                if let Some(r) = &mut self.snapshot.roster {
                    r.select_shown();
                }
            }
            Command::RosterSelectNone => {
                if let Some(r) = &mut self.snapshot.roster {
                    r.selected.clear();
                }
            }
            Command::RosterPrintSelected => self.ask_print_selected(ctx),
            Command::RosterSummary => self.ask_summary(ctx),
            Command::RefreshRoster => self.reread_roster(ctx),
            Command::UnlockFolder(folder) => {
                self.ask_passphrase(&folder, crate::state::UnlockPurpose::Unlock);
            }
            Command::EncryptFolder => self.ask_convert(true),
            Command::DecryptFolder => self.ask_convert(false),
            Command::SubmitPassphrase => self.submit_passphrase(ctx),
            Command::CancelPassphrase => self.cancel_passphrase(),
            Command::CloseRoster => self.close_roster(),
            Command::Quit => {
                // Unsaved changes: asked first, as closing the window asks.
                if self.doc.is_dirty() && !self.ui_state.allow_close {
                    self.ui_state.pending = Some(Pending::Close);
                } else {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
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
                            Ok(lock) => {
                                lock.tell(&self.ui_state.settings.volunteer);
                                Some(lock)
                            }
                            Err(crate::sharing::LockError::HeldElsewhere) => {
                                msg.push_str(&format!(
                                    "; {name} is also open in another window: a save here first checks that it was not changed there"
                                ));
                                None
                            }
                            Err(crate::sharing::LockError::Unavailable(e)) => {
                                msg.push_str(&format!(
                                    "; other windows cannot be told it is open here: {e}"
                                ));
                                None
                            }
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
            Command::OpenReadOnly => {
                if let Some(a) = self.ui_state.already_open.take() {
                    let who = a.holder.as_ref().map_or_else(
                        || "Another window".to_owned(),
                        crate::sharing::Holder::words,
                    );
                    self.open(&a.path, a.discard, false);
                    if self.doc.path.as_deref() == Some(a.path.as_path()) {
                        self.ui_state.read_only = Some(who.clone());
                        self.ui_state.message = Some((
                            format!("Opened {} read-only: {who} has it open", file_name(&a.path)),
                            false,
                        ));
                    }
                }
            }
            Command::ClearRecent => {
                self.recent.clear();
                self.ui_state.message = Some(match self.recent_store.clear() {
                    Ok(()) => ("Cleared the list of recent drafts".to_owned(), false),
                    Err(e) => (
                        format!("The list of recent drafts is cleared here, but {e}"),
                        true,
                    ),
                });
            }
            Command::TakeOver => {
                if let Some(who) = self.ui_state.read_only.take() {
                    // A read-only window has no changes of its own: taken over, it starts from
                    // the version saved there since it opened, if any.
                    let newer = self.doc.path.as_deref().is_some_and(|p| {
                        std::fs::metadata(p).is_ok_and(|m| m.is_file())
                            && crate::sharing::Stamp::of_file(p).ok().flatten() != self.doc.disk
                    });
                    if newer && !self.doc.is_dirty() {
                        self.load_theirs();
                    }
                    self.ui_state.message = Some((
                        format!(
                            "Taken over from {who}{}: you can change it here; a save first checks that it was not changed there",
                            if newer {
                                ", with the version saved there since you opened it"
                            } else {
                                ""
                            }
                        ),
                        false,
                    ));
                }
            }
            Command::AskForget => self.ui_state.forget = Some(self.forget_plan()),
            Command::CancelForget => self.ui_state.forget = None,
            Command::Forget => {
                if let Some(plan) = self.ui_state.forget.take() {
                    self.guard(Pending::Forget(plan), ctx);
                }
            }
            Command::LoadTheirs => {
                if self.doc.is_dirty() {
                    // Asked first: the unsaved changes here would go.
                    self.ui_state.confirm_load = true;
                } else {
                    self.load_theirs();
                }
            }
            Command::LoadTheirsConfirmed => self.load_theirs(),
            Command::KeepMine => {
                if let Some(change) = self.ui_state.changed_on_disk.take() {
                    self.ui_state.merge_at_save = change.stamp;
                    self.ui_state.confirm_load = false;
                    self.ui_state.message = Some((
                        "Kept your version: saving it replaces theirs, and keeps their clinic steps and notes with yours".to_owned(),
                        false,
                    ));
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

    /// Load the version of the draft another volunteer saved (the banner's "Load their
    /// version"), in place of this window's: the screen shown and a read-only state stay; this
    /// window's unsaved changes (asked about before) and their recovery copy go.
    pub(super) fn load_theirs(&mut self) {
        let Some(path) = self.doc.path.clone() else {
            return;
        };
        self.ui_state.confirm_load = false;
        let name = file_name(&path);
        if !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
            self.ui_state.message = Some((
                format!(
                    "Did not load the other version: {name} is not a draft file now; this window's answers stay"
                ),
                true,
            ));
            return;
        }
        let disk = crate::sharing::Stamp::of_file(&path).ok().flatten();
        match crate::files::read_draft(&path) {
            Ok(draft) => {
                let said = self
                    .ui_state
                    .changed_on_disk
                    .take()
                    .map(|c| c.headline)
                    .unwrap_or_default();
                self.drop_recovery();
                let base = draft.answers.clone();
                self.doc = Document::new(draft.answers, Some(path.clone()), &name);
                self.doc.disk = disk;
                self.doc.base = Some(base);
                self.disk_watch.described = Some(disk);
                self.ui_state.merge_at_save = None;
                self.ui_state.buffers.clear();
                self.ui_state.message = Some((
                    if said.is_empty() {
                        format!("Loaded the version of {name} on disk")
                    } else {
                        format!("Loaded the version of {name} on disk. {said}")
                    },
                    false,
                ));
            }
            Err(e) => {
                self.ui_state.message = Some((
                    format!("Did not load the other version: {e}; this window's answers stay"),
                    true,
                ));
            }
        }
    }

    pub(super) fn goto_form_view(&mut self) {
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
    pub(super) fn guard(&mut self, action: Pending, ctx: &egui::Context) {
        if self.doc.is_dirty() {
            self.ui_state.pending = Some(action);
        } else {
            self.proceed(action, ctx);
        }
    }

    pub(super) fn proceed(&mut self, action: Pending, ctx: &egui::Context) {
        match action {
            Pending::New => {
                self.drop_recovery();
                self.lock = None;
                let answers = blank_draft(self.book.as_ref().ok(), self.doc.answers().tax_year);
                let year = answers.tax_year;
                self.doc = Document::new(answers, None, "Untitled draft");
                self.ui_state = self.ui_state.fresh();
                let mut msg = format!("New draft for tax year {year}");
                if self.is_provisional(year) {
                    msg.push_str(" (provisional figures)");
                }
                msg.push_str("; change the year on the Start screen");
                self.ui_state.message = Some((msg, false));
            }
            Pending::NextYear => self.start_next_year(),
            Pending::Amend => self.start_amendment(),
            Pending::Open(Some(p)) => self.open_picked(&p),
            Pending::Open(None) => {
                let request = self.dialog_request(FileKind::Draft, "Open a draft", None);
                self.pick(request, false, AfterPick::Open, ctx);
            }
            Pending::Forget(plan) => self.forget(&plan, ctx),
            Pending::Close => {
                self.drop_recovery();
                self.ui_state.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    /// The open draft's returns worked out now, to start `what` from them (`"next year's
    /// draft"`), or `None` with the reason said in the status bar.
    fn returns_to_start(&mut self, what: &str) -> Option<njtax_engine::compute::ReturnSet> {
        let result = match &self.book {
            Ok(book) => njtax_engine::compute::compute_set(self.doc.answers(), book)
                .map_err(|e| format!("Could not start {what}: {e}")),
            Err(_) => {
                let mut c = what.chars();
                let what = c
                    .next()
                    .map(|f| f.to_uppercase().chain(c).collect::<String>())
                    .unwrap_or_default();
                Err(format!(
                    "{what} needs the law figures, which could not be read"
                ))
            }
        };
        match result {
            Ok(set) => Some(set),
            Err(message) => {
                self.ui_state.message = Some((message, true));
                None
            }
        }
    }

    /// Apply a clinic action to the draft (an edit that can be undone), signed with the
    /// volunteer's name and the time; what cannot be done is said in the status bar and changes
    /// nothing.
    pub(super) fn clinic(&mut self, action: crate::state::ClinicCommand) {
        use crate::state::ClinicCommand;
        use njtax_engine::clinic;
        let signer = crate::review::signer(&self.ui_state.settings.volunteer);
        let by = signer.name.clone();
        let at = crate::sharing::now_stamp();
        let Ok(set) = self.snapshot.result.clone() else {
            self.ui_state.message = Some((
                "The return cannot be worked out, so its clinic status cannot change".to_owned(),
                true,
            ));
            return;
        };
        let mut answers = self.doc.answers().clone();
        let done = match &action {
            ClinicCommand::Status(status, note) => {
                clinic::set_status(&mut answers, &set, *status, &signer, &at, note)
                    .map(|()| format!("Marked {} by {by}", status.words()))
            }
            ClinicCommand::Filed(on, how) => {
                clinic::mark_filed(&mut answers, &set, *on, *how, &signer, &at)
                    .map(|()| format!("Marked filed on {on} by {by}"))
            }
            ClinicCommand::AddNote(about, text) => {
                clinic::add_note(&mut answers, about.clone(), text, &signer, &at)
                    .map(|id| format!("Note {id} added by {by}"))
            }
            ClinicCommand::Resolve(id, reply) => {
                clinic::resolve_note(&mut answers, *id, &signer, &at, reply)
                    .map(|()| format!("Note {id} resolved by {by}"))
            }
        };
        match done {
            Ok(words) => {
                self.doc.edit(answers, None);
                self.ui_state.message = Some((format!("{words}; not saved yet"), false));
            }
            Err(e) => {
                self.ui_state.message = Some((format!("Not done: {e}"), true));
            }
        }
    }

    /// Replace the draft with the amended return of the return filed from it (File > Amend this
    /// return): the same answers, with the figures as filed kept as column A and the original
    /// answers kept for the explanation of changes; not saved yet, named after the original.
    pub(super) fn start_amendment(&mut self) {
        let Some(set) = self.returns_to_start("the amended return") else {
            return;
        };
        let answers = self.doc.answers();
        let again = answers.amends.is_some();
        let amended = njtax_engine::amend::start_amendment(answers, &set);
        let year = amended.tax_year;
        let name = self.doc.display_name();
        let stem = name.strip_suffix(".ron").unwrap_or(&name).to_owned();
        self.drop_recovery();
        self.lock = None;
        self.doc = Document::recovered(amended, None, &format!("{stem} amended"));
        self.ui_state = self.ui_state.fresh();
        if let Some(i) = self
            .interview
            .screens
            .iter()
            .position(|s| s.id == "amended")
        {
            self.ui_state.screen = i;
        }
        self.ui_state.message = Some((
            format!(
                "Started the amended {year} return{}: the figures as filed are kept; correct the answers, then give the reasons and the dates here. Not saved yet",
                if again {
                    " from the amended one (its corrected figures are now the ones as filed)"
                } else {
                    ""
                }
            ),
            false,
        ));
    }

    /// Replace the open draft with next year's, built by the engine from this year's answers and
    /// returns ([`njtax_engine::rollover::next_year`]); it is unsaved until the user saves it.
    pub(super) fn start_next_year(&mut self) {
        let Some(set) = self.returns_to_start("next year's draft") else {
            return;
        };
        let Ok(book) = &self.book else { return };
        let answers = self.doc.answers();
        let next = njtax_engine::rollover::next_year(answers, &set);
        let year = next.tax_year;
        let supported = book.supports(year);
        let carried = next.business_credits.carryovers.len();
        self.drop_recovery();
        self.lock = None;
        self.doc = Document::recovered(next, None, &format!("Draft for {year}"));
        self.ui_state = self.ui_state.fresh();
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
    pub(super) fn is_provisional(&self, year: u16) -> bool {
        self.tax_years()
            .iter()
            .any(|y| y.year == year && y.provisional.is_some())
    }
}
