//! "Help me choose": a few plain questions that suggest a filing status (NJ-1040 lines 1-5; the
//! federal status in nearly every case, 54A:2-1 a/b, 8-3.1). The answers to these questions are
//! UI state only; choosing the suggestion sets the filing status answer.

use egui::{RichText, Ui};
use njtax_engine::answers::FilingStatus;
use serde_json::Value;

use crate::cx::ScreenCx;
use crate::state::Command;
use crate::theme;

/// The helper's questions, kept in egui memory for the session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Questions {
    married: Option<bool>,
    together: Option<bool>,
    widowed_with_child: Option<bool>,
    keeps_home_for_qualifying_person: Option<bool>,
}

impl Questions {
    /// The status the answers point to, once enough is answered.
    fn suggestion(self) -> Option<FilingStatus> {
        match self.married? {
            true => Some(if self.together? {
                FilingStatus::MarriedJoint
            } else {
                FilingStatus::MarriedSeparate
            }),
            false => {
                if self.widowed_with_child? {
                    Some(FilingStatus::QualifyingWidow)
                } else if self.keeps_home_for_qualifying_person? {
                    Some(FilingStatus::HeadOfHousehold)
                } else {
                    Some(FilingStatus::Single)
                }
            }
        }
    }
}

fn yes_no(ui: &mut Ui, question: &str, value: &mut Option<bool>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(question);
        if ui.radio(*value == Some(true), "Yes").clicked() {
            *value = Some(true);
        }
        if ui.radio(*value == Some(false), "No").clicked() {
            *value = Some(false);
        }
    });
}

/// Draw the helper.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let id = egui::Id::unique("filing_status_helper");
    let mut q: Questions = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    egui::CollapsingHeader::new("Help me choose a filing status").id_salt(id).show(ui, |ui| {
        yes_no(ui, "Were you married, or in a civil union, on 31 December?", &mut q.married);
        match q.married {
            Some(true) => yes_no(ui, "Do you and your spouse or partner want to file one return together?", &mut q.together),
            Some(false) => {
                yes_no(
                    ui,
                    "Did your spouse die in one of the two years before this one, and does a dependent child of yours live with you?",
                    &mut q.widowed_with_child,
                );
                if q.widowed_with_child == Some(false) {
                    yes_no(
                        ui,
                        "Did you pay more than half the cost of keeping up a home where a qualifying child or relative lived with you for more than half the year?",
                        &mut q.keeps_home_for_qualifying_person,
                    );
                }
            }
            None => {}
        }
        if let Some(status) = q.suggestion() {
            ui.add_space(theme::GAP_S);
            ui.label(RichText::new(format!("Suggested: {}", status.name())).strong());
            let current = cx.doc.answers().filing_status;
            if current == status {
                ui.label("That is the status chosen above.");
            } else if ui.button(format!("Use {}", status.name())).clicked() {
                let value = serde_json::to_value(status).unwrap_or(Value::Null);
                cx.send(Command::Set { path: "filing_status".to_owned(), value });
            }
        }
    });
    ui.data_mut(|d| d.insert_temp(id, q));
}
