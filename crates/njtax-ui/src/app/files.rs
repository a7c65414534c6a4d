//! Files: opening, saving, printing and the hand-off sheet, through the system's dialogs or the
//! app's own chooser; the recent-drafts list.

use super::*;

impl App {
    /// Open a draft file; on any error the current draft stays as it is and a window says why.
    /// A draft open in another window is not opened at once: a window says so and asks.
    pub fn open_file(&mut self, path: &Path) {
        self.open(path, false, true);
    }

    /// Open a draft file, removing the open draft's recovery copy first when `discard` (the filer
    /// chose to discard its changes) and the file could be read. When `ask` and another window
    /// has the draft open, ask first instead.
    pub(super) fn open(&mut self, path: &Path, discard: bool, ask: bool) {
        use crate::sharing::{DraftLock, LockError, Stamp};
        let name = file_name(path);
        let mut note = String::new();
        let keep_lock = self.lock.as_ref().is_some_and(|l| l.is_for(path));
        let new_lock = if keep_lock {
            None
        } else {
            match DraftLock::acquire(path) {
                Ok(lock) => {
                    lock.tell(&self.ui_state.settings.volunteer);
                    Some(lock)
                }
                Err(LockError::HeldElsewhere) if ask => {
                    self.ui_state.message =
                        Some((format!("{name} is already open in another window"), false));
                    self.ui_state.already_open = Some(AlreadyOpen {
                        path: path.to_path_buf(),
                        discard,
                        holder: DraftLock::holder(path),
                    });
                    return;
                }
                Err(LockError::HeldElsewhere) => {
                    note = "; it is also open in another window: a save here first checks that it was not changed there".to_owned();
                    None
                }
                Err(LockError::Unavailable(e)) => {
                    note = format!("; other windows cannot be told it is open here: {e}");
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
                let base = draft.answers.clone();
                self.doc = Document::new(draft.answers, Some(path.to_path_buf()), &name);
                self.doc.disk = disk;
                self.doc.base = Some(base);
                self.disk_watch = crate::review::DiskWatch::default();
                // Recoveries of other drafts still offered (a draft opened at start) stay offered.
                let mut offers = std::mem::take(&mut self.ui_state.recovery_offers);
                offers.retain(|r| {
                    !r.draft_path
                        .as_deref()
                        .is_some_and(|p| crate::sharing::same_draft(p, path))
                });
                self.ui_state = self.ui_state.fresh();
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
            // An encrypted draft whose folder is not unlocked: the passphrase window asks, then
            // opens it. The file is not touched.
            Err(crate::files::ReadError::Locked { folder, .. }) => {
                self.ui_state.message = Some((
                    format!("{name} is encrypted: type the passphrase of its folder to open it"),
                    false,
                ));
                self.ask_passphrase(
                    &folder,
                    crate::state::UnlockPurpose::Open(path.to_path_buf()),
                );
            }
            Err(e) => {
                self.ui_state.message = Some((format!("Could not open {e}"), true));
                self.ui_state.open_error = Some(e.explain());
            }
        }
    }

    /// Open the draft the user picked (the changes of the one open were discarded).
    pub(super) fn open_picked(&mut self, path: &Path) {
        // The filer chose to discard the unsaved changes: their recovery copy goes only once the
        // other draft is open (a failed open keeps the draft as it is, recovery copy and all).
        let discard = self.doc.is_dirty();
        self.open(path, discard, true);
    }

    /// What to ask a file dialog for: a `kind` of file, starting in [`Self::start_folder`].
    pub(super) fn dialog_request(
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
    pub(super) fn pick(
        &mut self,
        request: DialogRequest,
        save: bool,
        then: AfterPick,
        ctx: &egui::Context,
    ) {
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
    pub(super) fn picked(&mut self, path: &Path, then: AfterPick, ctx: &egui::Context) {
        match then {
            AfterPick::Open => self.open_picked(path),
            AfterPick::Compare => self.compare_picked(path),
            AfterPick::Roster => self.open_roster(path, ctx),
            AfterPick::Save(then) => self.save_to(path, false, then, ctx),
            AfterPick::PrintSelected => self.print_selected(path),
            AfterPick::Summary { bytes, rows } => self.write_summary(path, &bytes, rows),
            AfterPick::Export {
                what,
                bytes,
                has_errors,
            } => self.write_export(what, path, &bytes, has_errors),
        }
    }

    /// Draw the app's own file chooser when it is open, and act on its answer.
    pub(super) fn show_chooser(&mut self, ctx: &egui::Context) {
        let Some((chooser, _)) = &mut self.chooser else {
            return;
        };
        match chooser.show(ctx) {
            Outcome::Open => {}
            Outcome::Cancelled => {
                // Said in place of the message that pointed to the chooser.
                let said = match self.chooser.take().map(|(_, then)| then) {
                    Some(AfterPick::Open) => "No draft was opened".to_owned(),
                    Some(AfterPick::Compare) => "Nothing was compared".to_owned(),
                    Some(AfterPick::Roster) => "No clinic folder was opened".to_owned(),
                    Some(AfterPick::Save(_)) => "The draft was not saved".to_owned(),
                    Some(AfterPick::PrintSelected) => "No return was printed".to_owned(),
                    Some(AfterPick::Summary { .. }) => "The summary was not written".to_owned(),
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
    pub(super) fn save(&mut self, ask: bool, then: Option<Pending>, ctx: &egui::Context) {
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
    pub(super) fn save_to(
        &mut self,
        path: &Path,
        replace: bool,
        then: Option<Pending>,
        ctx: &egui::Context,
    ) {
        use crate::sharing::{DraftLock, LockError, Stamp, same_draft};
        let name = file_name(path);
        // A draft too large to be opened again is refused before any file (a lock, the draft, a
        // backup) is touched; the draft on disk stays as it is.
        if let Err(e) = crate::files::draft_text(&self.doc.to_draft()) {
            self.ui_state.message = Some((format!("Could not save {name}: {e}"), true));
            return;
        }
        let own_file = self
            .doc
            .path
            .as_deref()
            .is_some_and(|p| same_draft(p, path));
        // Checked and written under the draft's update lock, which holds on network folders too:
        // no other window or `njtax` command writes between the check and the write. Never
        // waited for (the window would freeze): a lock held elsewhere stops the save and says
        // whose it is; one seen unrenewed for long enough by this window is taken over by a later
        // save. Anything else in its place (a link, a folder, a FIFO) stops the save too.
        let who = match self.ui_state.settings.volunteer.trim() {
            "" => "another window of the app",
            v => v,
        }
        .to_owned();
        let _update = match crate::sharing::UpdateLock::acquire_with(
            path,
            &who,
            std::time::Duration::ZERO,
            &crate::sharing::SystemClock,
            &mut self.update_watch,
        ) {
            Ok(lock) => lock,
            Err(e) => {
                self.ui_state.message = Some((format!("Did not save {name}: {e}"), true));
                return;
            }
        };
        let mut new_lock = None;
        let mut unmarked = None;
        // Saving over another volunteer's version (chosen in the conflict window, or with "Keep
        // mine, merge at save" for exactly this version): their clinic record is merged in.
        let mut over_theirs = own_file && replace;
        // A pipe, a folder or another special file put in the draft's place is never read (a
        // read could block the window) nor replaced.
        if own_file && std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            self.ui_state.message = Some((
                format!(
                    "Did not save {name}: it is not a draft file now (something else was put in its place). Use Save As to keep your answers in another file"
                ),
                true,
            ));
            return;
        }
        if own_file && !replace {
            match Stamp::of_file(path) {
                Ok(now) if now == self.doc.disk => {}
                Ok(now) if now.is_some() && now == self.ui_state.merge_at_save => {
                    over_theirs = true;
                }
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
                    let theirs = Some(self.describe_disk(path, now));
                    self.ui_state.conflict = Some(Conflict {
                        path: path.to_path_buf(),
                        how: how.to_owned(),
                        then,
                        theirs,
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
                Ok(lock) => {
                    lock.tell(&self.ui_state.settings.volunteer);
                    new_lock = Some(lock);
                }
                Err(LockError::HeldElsewhere) => {
                    self.ui_state.message = Some((
                        format!(
                            "Did not save over {name}: it is open in another window, whose work would be lost. Choose another name"
                        ),
                        true,
                    ));
                    return;
                }
                // Saved all the same; other windows cannot be told it is open here (said once
                // saved).
                Err(LockError::Unavailable(e)) => {
                    unmarked = Some(e.to_string());
                }
            }
        }
        let (kept_theirs, theirs_lost) = if over_theirs {
            self.merge_their_clinic_record(path)
        } else {
            (String::new(), false)
        };
        self.clear_stale_approval();
        let draft = self.doc.to_draft();
        let text = match crate::files::draft_text(&draft) {
            Ok(text) => text,
            Err(e) => {
                self.ui_state.message = Some((format!("Could not save {name}: {e}"), true));
                return;
            }
        };
        // The bytes the save writes, stamped: what this window saved, not what may follow.
        let disk = Some(Stamp::of(text.as_bytes()));
        // Counted before the save, which gives this name a file of its own.
        let others = crate::files::other_names(path);
        match crate::files::write_draft_text(path, &text) {
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
                    // The draft is now the other file: the old one is no longer open here (nor
                    // read-only: the copy is this window's).
                    self.lock = new_lock;
                    self.ui_state.read_only = None;
                } else if self.lock.is_none() {
                    // Opened while another window had it: mark it open here once that one is gone.
                    self.lock = DraftLock::acquire(path).ok();
                    if let Some(lock) = &self.lock {
                        lock.tell(&self.ui_state.settings.volunteer);
                    }
                }
                self.autosaved_revision = 0;
                self.doc.mark_saved(path.to_path_buf(), disk);
                self.ui_state.changed_on_disk = None;
                self.ui_state.confirm_load = false;
                self.ui_state.merge_at_save = None;
                self.disk_watch.described = Some(disk);
                self.ui_state.message = Some(if others == 0 {
                    (format!("Saved {name}{kept_theirs}"), theirs_lost)
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
                if let Some(why) = unmarked
                    && let Some((text, warn)) = &mut self.ui_state.message
                {
                    text.push_str(&format!(
                        "; other windows cannot be told it is open here: {why}"
                    ));
                    *warn = true;
                }
                self.remember(path);
                // A draft of the roster's folder: its row shows what was saved.
                if self.snapshot.roster.as_ref().is_some_and(|r| r.holds(path)) {
                    self.reread_roster(ctx);
                }
                if let Some(then) = then {
                    self.proceed(then, ctx);
                }
            }
            // The folder is encrypted and not unlocked: nothing was written; the passphrase
            // window asks, and the filer saves again.
            Err(crate::files::WriteError::Encryption(crate::crypt::CryptError::Locked(locked))) => {
                self.ui_state.message = Some((
                    format!(
                        "Did not save {name}: its folder is encrypted. Type the folder's passphrase, then save again"
                    ),
                    true,
                ));
                self.ask_passphrase(&locked.folder, crate::state::UnlockPurpose::Unlock);
            }
            Err(e) => {
                self.ui_state.message = Some((format!("Could not save {name}: {e}"), true));
            }
        }
    }

    /// Before this window's answers replace the version at `path` that another volunteer saved:
    /// merge that version's clinic record into this window's (`njtax_engine::clinic::merge_records`,
    /// with what this window opened as the base), so that no step, note or tick of theirs is
    /// lost. Returns the words the save's message ends with, and whether they say that their
    /// version could not be read (nothing of it kept).
    fn merge_their_clinic_record(&mut self, path: &Path) -> (String, bool) {
        match crate::files::read_draft(path) {
            Ok(theirs) => {
                let merged = crate::review::merged_answers(
                    self.doc.answers(),
                    &theirs.answers,
                    self.doc.base.as_ref(),
                );
                if merged.clinic == self.doc.answers().clinic {
                    return (String::new(), false);
                }
                self.doc.edit(merged, None);
                (
                    "; the clinic steps and notes saved there by the other volunteer are kept with yours"
                        .to_owned(),
                    false,
                )
            }
            Err(crate::files::ReadError::Io { source, .. })
                if source.kind() == std::io::ErrorKind::NotFound =>
            {
                (String::new(), false)
            }
            Err(e) => (
                format!(
                    "; the version it replaced could not be read, so nothing of it could be kept here (its previous version is kept as a backup): {e}"
                ),
                true,
            ),
        }
    }

    /// A clinic approval whose figures changed since is cleared in the record as the draft is
    /// saved (back to ready for review, the history saying why, signed by this volunteer), so the
    /// file never says "approved" for figures nobody approved.
    fn clear_stale_approval(&mut self) {
        let approved = self
            .doc
            .answers()
            .clinic
            .as_ref()
            .is_some_and(|r| r.status == njtax_engine::answers::ClinicStatus::Approved);
        let Ok(book) = &self.book else { return };
        if !approved {
            return;
        }
        let Ok(p) = book.supported(self.doc.answers().tax_year) else {
            return;
        };
        let mut answers = self.doc.answers().clone();
        let set = njtax_engine::compute::compute_set_values(&answers, &p);
        let by = self.ui_state.settings.volunteer.clone();
        if njtax_engine::clinic::clear_stale_approval(
            &mut answers,
            &set,
            &by,
            &crate::sharing::now_stamp(),
        ) {
            self.doc.edit(answers, None);
        }
    }

    /// Make the printable return or the hand-off sheet from the answers (computed again with
    /// explanations: the live snapshot may hold values only), ask where to write it, and write it
    /// atomically and privately. Every failure is a message; the draft itself is never replaced.
    pub(super) fn export(&mut self, what: Export, ctx: &egui::Context) {
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
        let today = self.today();
        let bytes = match what {
            Export::Pdf => return_pdf(answers, &set, book, mask_ssns, today),
            Export::Handoff => njtax_print::handoff_on(answers, &set, mask_ssns, today)
                .map(|h| h.to_text().into_bytes())
                .map_err(|e| e.to_string()),
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
    pub(super) fn write_export(
        &mut self,
        what: Export,
        path: &Path,
        bytes: &[u8],
        has_errors: bool,
    ) {
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
                if what == Export::Pdf && !self.ui_state.print_mask_ssns {
                    msg.push_str(
                        "; the PDF is not encrypted and shows the client's full SSN: keep it safe and delete it when done, or tick \"Show only the last 4 digits of SSNs\"",
                    );
                }
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
    pub(super) fn draft_stem(&self) -> String {
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
    pub(super) fn is_the_draft(&self, path: &Path) -> bool {
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

    pub(super) fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT_LIMIT);
        self.recent_store.store(&self.recent);
    }
}

/// The printable return of `answers` (computed with explanations into `set`), as File > Print to
/// PDF… and the roster's Print selected… make it: an amended draft's explanation of changes is
/// written by the engine from the comparison with the original draft (the printout works nothing
/// out); `mask_ssns`: only the last 4 digits of SSNs; `filing_day`: the day a return without a
/// filing date is taken as filed (today), so that a refund barred by then is printed as barred.
///
/// # Errors
/// Why it could not be made, in words.
pub(super) fn return_pdf(
    answers: &Answers,
    set: &ReturnSet,
    book: &ParamBook,
    mask_ssns: bool,
    filing_day: Option<njtax_engine::answers::Date>,
) -> Result<Vec<u8>, String> {
    let changes = match answers.amends {
        None => String::new(),
        Some(_) => book
            .supported(answers.tax_year)
            .map(|p| njtax_engine::amend::explanation_of_changes(answers, set, &p))
            .map_err(|e| e.to_string())?,
    };
    njtax_print::return_pdf(
        answers,
        set,
        &changes,
        &njtax_print::PrintOptions {
            mask_ssns,
            filing_day,
        },
    )
    .map_err(|e| e.to_string())
}
