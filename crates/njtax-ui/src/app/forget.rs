//! File > Remove client data from this computer…: what the app keeps outside the drafts that can
//! name or describe a client, listed ([`App::forget_plan`]) and, once confirmed, removed
//! ([`App::forget`]). Drafts and their backups are the clinic's records and stay.

use super::*;

impl App {
    /// What would be removed now (the confirmation lists it before anything happens).
    pub(super) fn forget_plan(&self) -> crate::state::ForgetPlan {
        let mut plan = crate::state::ForgetPlan {
            open_draft: self.doc.display_name(),
            recent: self.recent.len(),
            volunteer: self.ui_state.settings.volunteer.trim().to_owned(),
            clipboard: self.copied,
            unlocked_folders: crate::crypt::unlocked_count(),
            ..Default::default()
        };
        if let Some(store) = &self.recovery {
            let found = store.removable();
            plan.recoveries = found.files;
            plan.held_elsewhere = found.held_elsewhere;
            plan.not_ours = found.not_ours;
            plan.recovery_folder = Some(store.dir().to_path_buf());
        }
        if self.compare_with.is_some() {
            plan.windows
                .push("comparison with another draft".to_owned());
        }
        if self.snapshot.roster.is_some() {
            plan.windows.push("clinic folder's roster".to_owned());
        }
        plan
    }

    /// Remove what `plan` listed: the open draft closes (a new empty draft in its place, this
    /// window's recovery copy and the offers gone), the recovery files listed, the recent list,
    /// the volunteer name, the clipboard this window filled, the comparison and the roster. The
    /// status bar says what was removed and what could not be, by name.
    pub(super) fn forget(&mut self, plan: &crate::state::ForgetPlan, ctx: &egui::Context) {
        let mut problems: Vec<String> = Vec::new();
        // The open draft: closed, as File > New does (its unsaved changes were saved or
        // discarded at the prompt before this).
        self.drop_recovery();
        self.lock = None;
        let answers = blank_draft(self.book.as_ref().ok(), self.doc.answers().tax_year);
        self.doc = Document::new(answers, None, "Untitled draft");
        self.compare_with = None;
        self.snapshot.roster = None;
        self.ui_state = self.ui_state.fresh();
        self.ui_state.reveal_ssn = false;
        if let Some(store) = &self.recovery {
            let files: Vec<PathBuf> = plan.recoveries.iter().map(|(f, _)| f.clone()).collect();
            for (file, e) in store.remove_all(&files) {
                problems.push(format!(
                    "the recovery copy {} could not be removed ({e})",
                    file.display()
                ));
            }
        }
        // The keys of encrypted folders: their drafts need the passphrase again.
        crate::crypt::forget_all();
        self.recent.clear();
        if let Err(e) = self.recent_store.clear() {
            problems.push(format!("the list of recent drafts: {e}"));
        }
        if !self.ui_state.settings.volunteer.is_empty() {
            self.ui_state.settings.volunteer.clear();
            if let Err(e) = self.settings_store.store(&self.ui_state.settings) {
                problems.push(format!(
                    "the volunteer name is forgotten in this window, but the settings file could not be written ({e})"
                ));
            }
        }
        if self.copied {
            match self.clipboard.copy_text(ctx, "") {
                Ok(()) => self.copied = false,
                Err(why) => problems.push(format!("the clipboard could not be emptied ({why})")),
            }
        }
        let removed = crate::dialogs::forget::removed_lines(plan);
        self.ui_state.message = Some(if problems.is_empty() {
            (
                if removed.is_empty() {
                    "Nothing of a client was kept on this computer outside the drafts; the draft is closed".to_owned()
                } else {
                    format!(
                        "Removed from this computer: {}. Drafts and their backups stay in their folders",
                        removed.join("; ")
                    )
                },
                false,
            )
        } else {
            (
                format!("Not everything could be removed: {}", problems.join("; ")),
                true,
            )
        });
    }
}
