//! Encrypted clinic folders in the app (see [`crate::crypt`]): the passphrase window that unlocks
//! a folder once per session, and File > Encrypt / Decrypt this clinic folder…. The passphrase
//! typed is moved into a secret as soon as it is taken and never kept in the UI state after.

use super::*;
use crate::crypt::{self, SecretString};
use crate::state::{UnlockPrompt, UnlockPurpose};

impl App {
    /// Ask for the passphrase of the encrypted `folder`, for `purpose` (not while another
    /// folder is being unlocked or converted: the status bar says to wait).
    pub(super) fn ask_passphrase(&mut self, folder: &Path, purpose: UnlockPurpose) {
        if self.crypt_job.is_some() {
            self.ui_state.message = Some((
                "A folder is being unlocked or converted: wait until it is done, then try again"
                    .to_owned(),
                true,
            ));
            return;
        }
        self.ui_state.unlock = Some(UnlockPrompt {
            folder: folder.to_path_buf(),
            purpose,
            ..UnlockPrompt::default()
        });
    }

    /// The clinic folder that File > Encrypt / Decrypt work on: the roster's, else the open
    /// draft's.
    fn shown_folder(&self) -> Option<PathBuf> {
        if let Some(roster) = &self.snapshot.roster {
            return Some(roster.folder.clone());
        }
        self.doc.path.as_deref().map(crypt::folder_of)
    }

    /// File > Encrypt this clinic folder… / Decrypt this clinic folder…: ask for the passphrase
    /// (a new one, typed twice, to encrypt).
    pub(super) fn ask_convert(&mut self, encrypt: bool) {
        let Some(folder) = self.shown_folder() else {
            self.ui_state.message = Some((
                "Open the clinic folder first (File > Open clinic folder…), or a draft in it"
                    .to_owned(),
                true,
            ));
            return;
        };
        let encrypted = crypt::is_encrypted_folder(&folder);
        if !encrypt && !encrypted {
            self.ui_state.message = Some((
                format!("{} is not an encrypted folder", folder.display()),
                true,
            ));
            return;
        }
        let purpose = if encrypt {
            UnlockPurpose::Encrypt
        } else {
            UnlockPurpose::Decrypt
        };
        self.ask_passphrase(&folder, purpose);
    }

    /// Close the passphrase window, clearing what was typed.
    pub(super) fn cancel_passphrase(&mut self) {
        if let Some(mut prompt) = self.ui_state.unlock.take() {
            clear(&mut prompt.typed);
            clear(&mut prompt.again);
        }
    }

    /// Take the passphrase typed: unlock, encrypt or decrypt the folder. A wrong passphrase keeps
    /// the window open and says so; nothing is written then.
    pub(super) fn submit_passphrase(&mut self, ctx: &egui::Context) {
        if self.crypt_job.is_some() {
            return;
        }
        let Some(mut prompt) = self.ui_state.unlock.take() else {
            return;
        };
        if prompt.typed.is_empty() {
            prompt.problem = Some("Type the folder's passphrase.".to_owned());
            self.ui_state.unlock = Some(prompt);
            return;
        }
        if prompt.purpose == UnlockPurpose::Encrypt
            && !crypt::is_encrypted_folder(&prompt.folder)
            && prompt.typed != prompt.again
        {
            clear(&mut prompt.again);
            prompt.problem = Some("The two passphrases differ: type it twice.".to_owned());
            self.ui_state.unlock = Some(prompt);
            return;
        }
        clear(&mut prompt.again);
        // The typed text moves into the secret (no copy is left in the UI state).
        let passphrase = SecretString::from(std::mem::take(&mut prompt.typed));
        let folder = prompt.folder.clone();
        let purpose = prompt.purpose.clone();
        let (tx, rx) = std::sync::mpsc::channel();
        let waker = ctx.clone();
        let work = move || {
            let result = match &purpose {
                UnlockPurpose::Open(_) | UnlockPurpose::Unlock => {
                    crypt::unlock(&folder, &passphrase).map(|_| None)
                }
                UnlockPurpose::Encrypt => {
                    crate::crypt_folder::encrypt_folder(&folder, &passphrase).map(Some)
                }
                UnlockPurpose::Decrypt => {
                    crate::crypt_folder::decrypt_folder(&folder, &passphrase).map(Some)
                }
            };
            // The window may have closed meanwhile: then nobody waits for the answer.
            let _ = tx.send(result);
            waker.request_repaint();
        };
        let doing = match prompt.purpose {
            UnlockPurpose::Encrypt => "Encrypting",
            UnlockPurpose::Decrypt => "Decrypting",
            UnlockPurpose::Open(_) | UnlockPurpose::Unlock => "Unlocking",
        };
        self.ui_state.message = Some((
            format!("{doing} the folder {}…", prompt.folder.display()),
            false,
        ));
        match std::thread::Builder::new()
            .name("njtax-folder-key".to_owned())
            .spawn(work)
        {
            Ok(_) => self.crypt_job = Some(super::CryptJob { prompt, rx }),
            Err(e) => {
                prompt.problem = Some(format!(
                    "The work could not be started ({e}). Nothing was changed; try again."
                ));
                self.ui_state.message = Some((
                    format!(
                        "Could not start on the folder {}: {e}",
                        prompt.folder.display()
                    ),
                    true,
                ));
                self.ui_state.unlock = Some(prompt);
            }
        }
    }

    /// Whether an encrypted folder is being unlocked or converted (the app keeps drawing
    /// meanwhile).
    #[must_use]
    pub fn crypt_busy(&self) -> bool {
        self.crypt_job.is_some()
    }

    /// Take the answer of the unlock or conversion running, when it is there.
    pub(super) fn poll_crypt(&mut self, ctx: &egui::Context) {
        let Some(job) = &self.crypt_job else { return };
        let result = match job.rx.try_recv() {
            Ok(result) => result,
            Err(std::sync::mpsc::TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(100));
                return;
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.crypt_job = None;
                self.ui_state.message = Some((
                    "The folder's key could not be used: the work stopped unexpectedly. Nothing was changed by it; try again".to_owned(),
                    true,
                ));
                return;
            }
        };
        let Some(super::CryptJob { mut prompt, .. }) = self.crypt_job.take() else {
            return;
        };
        let folder = prompt.folder.clone();
        let shown = folder.display().to_string();
        let converted = match result {
            Ok(converted) => converted,
            Err(crypt::CryptError::WrongPassphrase { .. }) => {
                prompt.problem = Some(
                    "That is not this folder's passphrase. Nothing was changed; try again."
                        .to_owned(),
                );
                self.ui_state.message = Some((
                    format!(
                        "Wrong passphrase for the encrypted folder {shown}: nothing was changed"
                    ),
                    true,
                ));
                self.ui_state.unlock = Some(prompt);
                return;
            }
            Err(e) => {
                self.ui_state.message = Some((format!("Could not use the folder: {e}"), true));
                return;
            }
        };
        match (prompt.purpose, converted) {
            (UnlockPurpose::Open(path), _) => {
                self.open(&path, self.doc.is_dirty(), true);
            }
            (UnlockPurpose::Encrypt | UnlockPurpose::Decrypt, Some(done)) => {
                let encrypted = crypt::is_encrypted_folder(&folder);
                let verb = if encrypted { "Encrypted" } else { "Decrypted" };
                let mut msg = format!(
                    "{verb} {} file{} in {shown}",
                    done.done.len(),
                    if done.done.len() == 1 { "" } else { "s" }
                );
                let failed = !done.failed.is_empty();
                if failed {
                    let names: Vec<String> = done
                        .failed
                        .iter()
                        .map(|(p, why)| format!("{} ({why})", file_name(p)))
                        .collect();
                    msg.push_str(&format!(
                        "; could not convert {}: {}",
                        done.failed.len(),
                        names.join("; ")
                    ));
                }
                msg.push_str(if encrypted {
                    "; the folder is encrypted: its passphrase is asked once per session, and if it is forgotten the drafts cannot be opened"
                } else {
                    "; the folder is no longer encrypted"
                });
                self.ui_state.message = Some((msg, failed));
                self.reread_roster(ctx);
            }
            (_, _) => {
                if let crate::state::AppLock::Sealed { folder: sealed } = &self.ui_state.lock
                    && crate::sharing::same_draft(sealed, &folder)
                {
                    // The app locked itself while idle: its folder's passphrase unlocks it.
                    self.ui_state.lock = crate::state::AppLock::Open;
                }
                self.ui_state.message = Some((
                    format!("Unlocked the encrypted folder {shown} for this session"),
                    false,
                ));
                self.reread_roster(ctx);
            }
        }
    }
}

/// Overwrite and empty a string that held a passphrase.
fn clear(text: &mut String) {
    // Zeros written over it in the same buffer (its capacity is kept, so they land where the
    // passphrase was) before emptying: the passphrase does not linger in this buffer.
    let len = text.len();
    text.clear();
    text.extend(std::iter::repeat_n('\0', len));
    text.clear();
}
