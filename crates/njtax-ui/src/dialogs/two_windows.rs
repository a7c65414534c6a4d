//! The windows of one draft open twice: a save stopped because the draft's file changed since this
//! window opened it (save under another name, replace it, or cancel), and a draft asked for that is
//! already open in another window (open it here all the same, or not).

use egui::Ui;

use crate::cx::ScreenCx;
use crate::state::Command;
use crate::theme;

/// The accessible name and heading of the window for a stopped save:
/// `smith.ron was changed by another window or program`.
pub fn conflict_title(file_name: &str) -> String {
    format!("{file_name} was changed by another window or program")
}

/// The accessible name and heading of the window for a draft open elsewhere:
/// `smith.ron is already open in another window`.
pub fn already_open_title(file_name: &str) -> String {
    format!("{file_name} is already open in another window")
}

fn name_of(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Draw the window of a stopped save, when there is one.
pub fn draw_conflict(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(conflict) = cx.ui_state.conflict.clone() else {
        return;
    };
    let name = name_of(&conflict.path);
    let heading = conflict_title(&name);
    let id = egui::Id::unique("save_conflict_window");
    let area = egui::Modal::default_area(id)
        .accessible_name(heading.clone())
        .role(egui::accesskit::Role::AlertDialog);
    let response = egui::Modal::new(id).area(area).show(ui.ctx(), |ui| {
        ui.set_max_width(theme::DIALOG_WIDTH);
        ui.heading(&heading);
        ui.add_space(theme::GAP_M);
        ui.label(format!(
            "{name} {}. Nothing has been saved yet. Saving here would replace what is in it now \
             with this window's answers.",
            conflict.how
        ));
        if let Some(theirs) = &conflict.theirs {
            ui.add_space(theme::GAP_M);
            their_changes(ui, theirs, "conflict_their_changes");
        }
        ui.add_space(theme::GAP_M);
        ui.label(
            "Save under another name to keep both, then compare them; or replace it with yours if \
             the other version's answers are not needed (its previous version is kept as a \
             backup). Replacing keeps the other volunteer's clinic steps, notes and ticks with \
             yours.",
        );
        ui.add_space(theme::GAP_M);
        ui.horizontal(|ui| {
            let save_as = ui.button("Save as another name…");
            if !ui.memory(|m| m.focused().is_some()) {
                save_as.request_focus();
            }
            if save_as.clicked() {
                cx.send(Command::ConflictSaveAs);
            }
            if ui.button("Replace it with mine").clicked() {
                cx.send(Command::ConflictReplace);
            }
            if ui.button("Cancel").clicked() {
                cx.send(Command::ConflictCancel);
            }
        });
    });
    if response.should_close() {
        cx.send(Command::ConflictCancel);
    }
}

/// What another volunteer changed: the sentence, the clinic's steps and notes, and the lines and
/// answers that differ in the comparison's words; short, and scrollable when long.
fn their_changes(ui: &mut Ui, theirs: &crate::review::DiskChange, salt: &str) {
    ui.label(egui::RichText::new(format!("{}.", theirs.headline)).strong());
    if theirs.clinic.is_empty() && theirs.comparison.is_empty() {
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt(salt)
        .max_height(180.0)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for line in &theirs.clinic {
                ui.label(line.as_str());
            }
            if !theirs.comparison.is_empty() {
                ui.add(egui::Label::new(theirs.comparison.trim_end()).wrap());
            }
        });
}

/// The banner of a draft whose file another volunteer changed since this window opened or last
/// saved it: who, when and what, and the choice to load their version (asked first when this
/// window has unsaved changes) or to keep this one (a save then merges the clinic records). A
/// read-only window offers to load it only.
pub fn draw_changed_banner(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(change) = cx.ui_state.changed_on_disk.clone() else {
        return;
    };
    if cx.ui_state.conflict.is_some() {
        // The conflict window says it all, over the screen.
        return;
    }
    egui::Frame::group(ui.style()).show(ui, |ui| {
        their_changes(ui, &change, "banner_their_changes");
        if cx.ui_state.confirm_load {
            ui.label(
                egui::RichText::new(
                    "Loading their version drops the changes you have not saved here.",
                )
                .color(theme::warning_colour(ui.visuals())),
            );
            ui.horizontal_wrapped(|ui| {
                if ui.button("Load theirs and drop my changes").clicked() {
                    cx.send(Command::LoadTheirsConfirmed);
                }
                if ui.button("Keep mine, merge at save").clicked() {
                    cx.send(Command::KeepMine);
                }
            });
            return;
        }
        ui.horizontal_wrapped(|ui| {
            if change.theirs.is_some() && ui.button("Load their version").clicked() {
                cx.send(Command::LoadTheirs);
            }
            if cx.ui_state.read_only.is_none() && ui.button("Keep mine, merge at save").clicked() {
                cx.send(Command::KeepMine);
            }
        });
    });
}

/// Draw the window of a draft open in another window, when there is one.
pub fn draw_already_open(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(asked) = cx.ui_state.already_open.clone() else {
        return;
    };
    let name = name_of(&asked.path);
    let heading = already_open_title(&name);
    let current = cx.doc.display_name();
    let id = egui::Id::unique("already_open_window");
    let area = egui::Modal::default_area(id)
        .accessible_name(heading.clone())
        .role(egui::accesskit::Role::AlertDialog);
    let response = egui::Modal::new(id).area(area).show(ui.ctx(), |ui| {
        ui.set_max_width(theme::DIALOG_WIDTH);
        ui.heading(&heading);
        ui.add_space(theme::GAP_M);
        let who = asked.holder.as_ref().map_or_else(
            || "Another window".to_owned(),
            crate::sharing::Holder::words,
        );
        ui.label(format!(
            "{who} has {name} open (a window on this computer, or another computer using the \
             same folder). Open it read-only to look at it, or take it over to change it here \
             too: a save in either window first checks that the other did not change it, and \
             asks before replacing anything. Take it over only when you know the other window \
             is not being used (a volunteer who left, a computer that stopped)."
        ));
        ui.add_space(theme::GAP_M);
        ui.label(format!("{current} stays open here until you choose."));
        ui.add_space(theme::GAP_M);
        ui.horizontal_wrapped(|ui| {
            let read_only = ui.button("Open read-only");
            if !ui.memory(|m| m.focused().is_some()) {
                read_only.request_focus();
            }
            if read_only.clicked() {
                cx.send(Command::OpenReadOnly);
            }
            if ui.button("Take it over").clicked() {
                cx.send(Command::OpenAnyway);
            }
            if ui.button("Don't open it").clicked() {
                cx.send(Command::DontOpen);
            }
        });
    });
    if response.should_close() {
        cx.send(Command::DontOpen);
    }
}
