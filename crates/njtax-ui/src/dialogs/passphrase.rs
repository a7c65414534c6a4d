//! The passphrase window of an encrypted clinic folder: unlock it for the session (to open a
//! draft, save, or read the roster), or encrypt or decrypt it. What is typed is masked, and the
//! window says what a wrong passphrase did (nothing).

use egui::{RichText, Ui};

use crate::cx::ScreenCx;
use crate::state::{Command, UnlockPurpose};
use crate::theme;

/// The window's accessible name and heading.
pub const TITLE: &str = "Encrypted clinic folder";

/// Draw the window while a passphrase is asked for.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(prompt) = cx.ui_state.unlock.as_mut() else {
        return;
    };
    let id = egui::Id::unique("passphrase_window");
    let area = egui::Modal::default_area(id)
        .accessible_name(TITLE)
        .role(egui::accesskit::Role::Dialog);
    let mut sent = Vec::new();
    let new_key = prompt.purpose == UnlockPurpose::Encrypt
        && !crate::crypt::is_encrypted_folder(&prompt.folder);
    let response = egui::Modal::new(id).area(area).show(ui.ctx(), |ui| {
        ui.set_max_width(theme::DIALOG_WIDTH);
        ui.heading(TITLE);
        ui.label(RichText::new(format!("{}", prompt.folder.display())).small());
        ui.add_space(theme::GAP_M);
        let (what, button) = match &prompt.purpose {
            UnlockPurpose::Open(path) => (
                format!(
                    "{} is encrypted. Type the folder's passphrase to open it; the folder stays unlocked in this window until it closes.",
                    path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
                ),
                "Unlock",
            ),
            UnlockPurpose::Unlock => (
                "This folder's drafts are encrypted. Type the folder's passphrase to unlock it for this session.".to_owned(),
                "Unlock",
            ),
            UnlockPurpose::Encrypt if new_key => (
                "Choose a passphrase for this folder. Every draft, backup and recovery copy of it is then encrypted, and the passphrase is asked once per session here and by njtax. Keep it safe: if it is forgotten, nobody can open these drafts again. A printed PDF is never encrypted.".to_owned(),
                "Encrypt",
            ),
            UnlockPurpose::Encrypt => (
                "This folder is encrypted already. Type its passphrase to encrypt the drafts in it that are still plain text.".to_owned(),
                "Encrypt",
            ),
            UnlockPurpose::Decrypt => (
                "Type the folder's passphrase to write its drafts and backups back as plain text and remove its key file.".to_owned(),
                "Decrypt",
            ),
        };
        ui.add(egui::Label::new(what).wrap());
        ui.add_space(theme::GAP_M);
        let label = ui.label("Passphrase");
        let field = ui.add(
            egui::TextEdit::singleline(&mut prompt.typed)
                .password(true)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
        if !ui.memory(|m| m.focused().is_some()) {
            field.request_focus();
        }
        // Enter in a field submits. The field had the focus when it took the key (the focus is
        // given back to it below whenever nothing has it, so `lost_focus` alone never shows).
        let enter_key = ui.input(|i| i.key_pressed(egui::Key::Enter));
        let pressed_enter = |r: &egui::Response| (r.has_focus() || r.lost_focus()) && enter_key;
        let first_enter = pressed_enter(&field);
        let mut enter = first_enter && !new_key;
        if new_key {
            let label = ui.label("The same passphrase again");
            let again = ui
                .add(
                    egui::TextEdit::singleline(&mut prompt.again)
                        .password(true)
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(label.id);
            // Enter in the first field goes on to the second.
            if first_enter {
                again.request_focus();
            }
            enter = pressed_enter(&again);
        }
        if let Some(problem) = &prompt.problem {
            ui.add(
                egui::Label::new(
                    RichText::new(problem.as_str()).color(theme::error_colour(ui.visuals())),
                )
                .wrap(),
            );
        }
        ui.add_space(theme::GAP_M);
        ui.horizontal(|ui| {
            if ui.button(button).clicked() || enter {
                sent.push(Command::SubmitPassphrase);
            }
            if ui.button("Cancel").clicked() {
                sent.push(Command::CancelPassphrase);
            }
        });
    });
    if response.should_close() {
        sent.push(Command::CancelPassphrase);
    }
    for c in sent {
        cx.send(c);
    }
}
