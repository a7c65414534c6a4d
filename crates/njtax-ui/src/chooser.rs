//! The file chooser drawn in the app, for a desktop whose own file dialog cannot open (no desktop
//! portal and no zenity: a minimal desktop, a clinic laptop). It is egui_file's dialog, started in
//! the folder the request names, listing folders and files of the requested kind, with the
//! proposed name filled in (for a folder, its drafts are listed and "Choose this folder" chooses
//! the folder shown, or the one selected in it); a save that would replace a file asks first, and a name typed without
//! an extension gets the kind's.

use std::path::{Path, PathBuf};

use crate::platform::{DialogRequest, FileKind};
use crate::theme;

/// What the chooser answered this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still open.
    Open,
    /// The user chose this file (and, to save over an existing one, confirmed it).
    Chosen(PathBuf),
    /// The user closed it without choosing.
    Cancelled,
}

/// An open chooser.
pub struct Chooser {
    dialog: egui_file::FileDialog,
    request: DialogRequest,
    save: bool,
    /// A save over an existing file, waiting for the user to confirm.
    replace: Option<PathBuf>,
}

impl std::fmt::Debug for Chooser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chooser")
            .field("request", &self.request)
            .field("save", &self.save)
            .field("folder", &self.dialog.directory())
            .field("replace", &self.replace)
            .finish()
    }
}

/// Whether `path` has the extension of `kind`.
fn has_extension(path: &Path, kind: FileKind) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(kind.extension()))
}

impl Chooser {
    /// A chooser to open a file (`save` false) or to save one, for `request`. With no folder in
    /// the request it starts at the file system's root, never in the process's working folder.
    pub fn new(request: DialogRequest, save: bool) -> Self {
        let kind = request.kind;
        let folder = request
            .folder
            .clone()
            .unwrap_or_else(|| PathBuf::from(std::path::MAIN_SEPARATOR_STR));
        let dialog = if kind == FileKind::Folder {
            // The folder shown (or the one selected in it) is chosen; its drafts are listed.
            egui_file::FileDialog::select_folder().open_button_text("Choose this folder".into())
        } else if save {
            egui_file::FileDialog::save_file()
                .default_filename(request.file_name.clone().unwrap_or_default())
                .save_button_text("Save".into())
        } else {
            egui_file::FileDialog::open_file().open_button_text("Open".into())
        };
        let mut dialog = dialog
            .id(egui::Id::unique("njtax_file_chooser"))
            .title(&request.title)
            .initial_path(folder)
            .show_files_filter(Box::new(move |p: &Path| has_extension(p, kind)))
            .show_rename(false)
            .show_new_folder(false)
            .file_label_text(if kind == FileKind::Folder {
                "Folder:".into()
            } else {
                "File name:".into()
            })
            .cancel_button_text("Cancel".into())
            .refresh_button_hover_text("Read the folder again".into())
            .parent_folder_button_hover_text("The folder above".into())
            .show_hidden_checkbox_text("Show hidden files".into())
            .default_size(egui::vec2(theme::CHOOSER_WIDTH, theme::CHOOSER_HEIGHT))
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .resizable(false)
            .keep_on_top(true);
        dialog.open();
        Self {
            dialog,
            request,
            save,
            replace: None,
        }
    }

    /// What the chooser was opened for.
    pub fn request(&self) -> &DialogRequest {
        &self.request
    }

    /// Whether it chooses where to save (else a file to open).
    pub fn is_save(&self) -> bool {
        self.save
    }

    /// The folder it shows.
    pub fn folder(&self) -> &Path {
        self.dialog.directory()
    }

    /// Draw it and say what the user did.
    pub fn show(&mut self, ctx: &egui::Context) -> Outcome {
        if let Some(path) = self.replace.clone() {
            return self.confirm_replace(ctx, &path);
        }
        self.dialog.show(ctx);
        match self.dialog.state() {
            egui_file::State::Open => Outcome::Open,
            egui_file::State::Selected => match self.dialog.path().map(Path::to_path_buf) {
                Some(path) if self.save => {
                    let path = if path.extension().is_some() {
                        path
                    } else {
                        path.with_extension(self.request.kind.extension())
                    };
                    if path.exists() {
                        self.replace = Some(path);
                        Outcome::Open
                    } else {
                        Outcome::Chosen(path)
                    }
                }
                Some(path) => Outcome::Chosen(path),
                None => Outcome::Cancelled,
            },
            egui_file::State::Cancelled | egui_file::State::Closed => Outcome::Cancelled,
        }
    }

    /// Ask before saving over an existing file; going back shows the chooser again.
    fn confirm_replace(&mut self, ctx: &egui::Context, path: &Path) -> Outcome {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let mut outcome = Outcome::Open;
        let mut back = false;
        let modal =
            egui::Modal::new(egui::Id::unique("njtax_file_chooser_replace")).show(ctx, |ui| {
                ui.heading("Replace the file?");
                ui.label(format!(
                    "{name} already exists in {}. Replace it?",
                    path.parent().unwrap_or(path).display()
                ));
                ui.add_space(theme::GAP_M);
                ui.horizontal(|ui| {
                    if ui.button("Replace").clicked() {
                        outcome = Outcome::Chosen(path.to_path_buf());
                    }
                    back = ui.button("Choose another name").clicked();
                });
            });
        // Escape, or a click outside, goes back to the chooser too.
        if back || (outcome == Outcome::Open && modal.should_close()) {
            self.replace = None;
            self.dialog.open();
        }
        outcome
    }
}
