//! File > Remove client data from this computer…: the confirmation that lists, before anything
//! is removed, what the app keeps outside the drafts that can name or describe a client (recovery
//! copies, the recent-drafts list, the volunteer name, the clipboard it filled, the draft and the
//! windows open), and what stays (the drafts and their backups in their folders, files printed or
//! exported).

use egui::Ui;

use crate::cx::ScreenCx;
use crate::state::{Command, ForgetPlan};
use crate::theme;

/// The accessible name and heading of the confirmation.
pub const TITLE: &str = "Remove client data from this computer";

/// How many recovery copies are named one by one before "and N more".
const NAMED: usize = 8;

/// The lines of the list, one per thing removed (what the confirmation shows, and what a test
/// reads).
#[must_use]
pub fn removed_lines(plan: &ForgetPlan) -> Vec<String> {
    let mut lines = Vec::new();
    if !plan.recoveries.is_empty() {
        let mut names: Vec<&str> = plan
            .recoveries
            .iter()
            .take(NAMED)
            .map(|(_, n)| n.as_str())
            .collect();
        names.dedup();
        let more = plan.recoveries.len().saturating_sub(NAMED);
        let mut line = format!(
            "{} recovery cop{} of unsaved work ({}{})",
            plan.recoveries.len(),
            if plan.recoveries.len() == 1 {
                "y"
            } else {
                "ies"
            },
            names.join(", "),
            if more > 0 {
                format!(", and {more} more")
            } else {
                String::new()
            }
        );
        if let Some(dir) = &plan.recovery_folder {
            line.push_str(&format!(" in {}", dir.display()));
        }
        lines.push(line);
    }
    if plan.recent > 0 {
        lines.push(format!(
            "The list of recent drafts ({} draft{})",
            plan.recent,
            if plan.recent == 1 { "" } else { "s" }
        ));
    }
    if !plan.volunteer.is_empty() {
        lines.push(format!(
            "The volunteer name remembered here ({})",
            plan.volunteer
        ));
    }
    if plan.clipboard {
        lines.push("What this window copied to the clipboard (it is emptied)".to_owned());
    }
    if plan.unlocked_folders > 0 {
        lines.push(format!(
            "The key{} of the {} encrypted folder{} unlocked in this session (the passphrase is asked again)",
            if plan.unlocked_folders == 1 { "" } else { "s" },
            plan.unlocked_folders,
            if plan.unlocked_folders == 1 { "" } else { "s" }
        ));
    }
    for w in &plan.windows {
        lines.push(format!("The {w} (closed)"));
    }
    lines
}

/// What stays, in words (said in the confirmation and after).
#[must_use]
pub fn kept_lines(plan: &ForgetPlan) -> Vec<String> {
    let mut lines = vec![
        format!(
            "{} is closed and a new empty draft shown; its file, like every draft and its backups (.bak1 to .bak3) in their folders, stays: delete those yourself if they must go",
            plan.open_draft
        ),
        "PDFs, hand-off sheets and CSV summaries you saved stay where you saved them".to_owned(),
    ];
    if plan.held_elsewhere > 0 {
        lines.push(format!(
            "{} recovery cop{} of other windows still open stay: close those windows and do this again",
            plan.held_elsewhere,
            if plan.held_elsewhere == 1 { "y" } else { "ies" }
        ));
    }
    for f in &plan.not_ours {
        lines.push(format!(
            "{} belongs to another user and is left alone",
            f.display()
        ));
    }
    lines
}

/// Draw the confirmation, when it is asked for.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(plan) = cx.ui_state.forget.clone() else {
        return;
    };
    let id = egui::Id::unique("forget_client_data_window");
    let area = egui::Modal::default_area(id)
        .accessible_name(TITLE)
        .role(egui::accesskit::Role::AlertDialog);
    let response =
        egui::Modal::new(id).area(area).show(ui.ctx(), |ui| {
            ui.set_max_width(theme::DIALOG_WIDTH);
            ui.heading(TITLE);
            ui.add_space(theme::GAP_M);
            let removed = removed_lines(&plan);
            egui::ScrollArea::vertical().max_height(320.0).show(ui, |ui| {
            if removed.is_empty() {
                ui.label("The app keeps nothing of a client on this computer outside the drafts.");
            } else {
                ui.label("This removes from this computer:");
                for line in &removed {
                    ui.label(format!("• {line}"));
                }
            }
            ui.add_space(theme::GAP_M);
            ui.label("This does not remove:");
            for line in kept_lines(&plan) {
                ui.label(format!("• {line}"));
            }
        });
            ui.add_space(theme::GAP_M);
            ui.horizontal(|ui| {
                if ui.button("Remove").clicked() {
                    cx.send(Command::Forget);
                }
                // Cancel takes the focus: Enter on a window that just opened removes nothing.
                let cancel = ui.button("Cancel");
                if !ui.memory(|m| m.focused().is_some()) {
                    cancel.request_focus();
                }
                if cancel.clicked() {
                    cx.send(Command::CancelForget);
                }
            });
        });
    if response.should_close() {
        cx.send(Command::CancelForget);
    }
}
