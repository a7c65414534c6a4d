//! The clinic's review of the draft: the volunteer's name, where the return stands and who
//! signed each step, the actions a volunteer can take (refused with the reason when the engine
//! refuses them), the review notes and the quality-review questions. Reads the snapshot and
//! sends commands; the rules are the engine's (`njtax_engine::clinic`).

use egui::{RichText, Ui};
use njtax_engine::answers::{ClinicRecord, ClinicStatus, FiledHow, NoteAbout};
use njtax_engine::clinic::{Approval, approval, review_questions};
use serde_json::Value;

use crate::cx::ScreenCx;
use crate::state::{ClinicCommand, Command};
use crate::theme;

/// Draw the clinic review.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let record: ClinicRecord = cx.doc.answers().clinic.clone().unwrap_or_default();
    ui.add_space(theme::GAP_S);
    volunteer(cx, ui);
    let named = !cx.ui_state.settings.volunteer.trim().is_empty();
    ui.add_space(theme::GAP_M);
    crate::focus::heading(ui, RichText::new("Where the return stands").strong(), 3);
    let state = cx
        .returns()
        .map_or(Approval::None, |set| approval(&record, set));
    let mut status = format!("Status: {}", record.status.words());
    if !record.preparer.is_empty() {
        status.push_str(&format!("; prepared by {}", record.preparer));
    }
    if !record.reviewer.is_empty() {
        status.push_str(&format!("; reviewed by {}", record.reviewer));
    }
    ui.label(RichText::new(status).strong());
    if njtax_engine::clinic::approved_from_preparers_login(&record) {
        ui.label(
            RichText::new(
                "Approved from the same computer login as the step that made it ready for review: only the typed names tell the two volunteers apart.",
            )
            .color(theme::warning_colour(ui.visuals())),
        );
    }
    if state == Approval::Cleared {
        ui.label(
            RichText::new(
                "Approval cleared: a figure of the return changed after it was approved. Review it again.",
            )
            .color(theme::warning_colour(ui.visuals())),
        );
    }
    let errors = cx.returns().map_or(0, |set| {
        set.returns.iter().filter(|r| r.has_errors()).count()
    });
    let unreadable = cx.doc.answers().unreadable.len();
    ui.add_enabled_ui(named, |ui| {
        ui.horizontal_wrapped(|ui| {
            for (label, status) in [
                ("Start preparing", ClinicStatus::InProgress),
                ("Ready for review", ClinicStatus::ReadyForReview),
                ("Request changes", ClinicStatus::ChangesRequested),
            ] {
                if ui.button(label).clicked() {
                    cx.send(Command::Clinic(ClinicCommand::Status(
                        status,
                        String::new(),
                    )));
                }
            }
            let can_approve = errors == 0 && unreadable == 0;
            let approve = ui.add_enabled(can_approve, egui::Button::new("Approve"));
            if approve.clicked() {
                cx.send(Command::Clinic(ClinicCommand::Status(
                    ClinicStatus::Approved,
                    String::new(),
                )));
            }
        });
        if errors > 0 || unreadable > 0 {
            ui.label(
                RichText::new(format!(
                    "Approve waits until nothing is left to fix: {}{}{} (see Review).",
                    if errors > 0 {
                        "the return has problems to fix"
                    } else {
                        ""
                    },
                    if errors > 0 && unreadable > 0 {
                        " and "
                    } else {
                        ""
                    },
                    if unreadable > 0 {
                        format!("{unreadable} answer(s) hold text that cannot be read")
                    } else {
                        String::new()
                    }
                ))
                .color(theme::warning_colour(ui.visuals())),
            );
        }
        if record.status == ClinicStatus::Approved && state == Approval::Holds {
            filed_row(cx, ui);
        }
    });
    history(cx, ui, &record);
    ui.add_space(theme::GAP_M);
    notes(cx, ui, &record, named);
    ui.add_space(theme::GAP_M);
    checklist(cx, ui, &record);
}

/// The volunteer's name: asked once on this computer and kept in the settings.
fn volunteer(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let name = cx.ui_state.settings.volunteer.clone();
    if !name.trim().is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("You are signing as {name} on this computer."));
            if ui.link("Change the name").clicked() {
                let mut next = cx.ui_state.settings.clone();
                next.volunteer = String::new();
                cx.send(Command::Settings(next));
            }
        });
        return;
    }
    ui.label(
        "Your name: every change of status and every note is signed with it. It is asked once and kept on this computer.",
    );
    let id = egui::Id::unique("clinic_volunteer_name");
    let mut text = ui.data(|d| d.get_temp::<String>(id)).unwrap_or_default();
    ui.horizontal(|ui| {
        let label = ui.label("Your name");
        let r = ui.add(egui::TextEdit::singleline(&mut text).desired_width(240.0));
        let r = r.labelled_by(label.id);
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button("Use this name").clicked() || enter) && !text.trim().is_empty() {
            let mut next = cx.ui_state.settings.clone();
            next.volunteer = text.trim().to_owned();
            cx.send(Command::Settings(next));
            text.clear();
        }
    });
    ui.data_mut(|d| d.insert_temp(id, text));
}

/// Mark an approved return filed: the day and how.
fn filed_row(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let id = egui::Id::unique("clinic_filed_on");
    let mut day = ui
        .data(|d| d.get_temp::<String>(id))
        .unwrap_or_else(|| cx.today.map(|d| d.to_string()).unwrap_or_default());
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Filed on");
        ui.add(egui::TextEdit::singleline(&mut day).desired_width(110.0))
            .labelled_by(label.id);
        for (text, how) in [
            ("Filed online", FiledHow::Online),
            ("Mailed", FiledHow::Mailed),
        ] {
            if ui.button(text).clicked() {
                match day.trim().parse() {
                    Ok(on) => cx.send(Command::Clinic(ClinicCommand::Filed(on, how))),
                    Err(_) => {
                        cx.ui_state.message = Some((
                            format!("\"{}\" is not a date like 2027-02-01", day.trim()),
                            true,
                        ));
                    }
                }
            }
        }
    });
    ui.data_mut(|d| d.insert_temp(id, day));
}

fn history(cx: &ScreenCx<'_>, ui: &mut Ui, record: &ClinicRecord) {
    if record.history.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(format!("History ({} steps)", record.history.len()))
        .id_salt("clinic_history")
        .default_open(false)
        .show(ui, |ui| {
            for h in &record.history {
                ui.label(format!(
                    "{}: {} by {}{}",
                    when(cx, &h.at),
                    h.status.words(),
                    njtax_engine::clinic::signed_words(&h.by, &h.login, &h.computer),
                    if h.note.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", h.note)
                    }
                ));
            }
        });
}

/// What a note is about, in words: the answer as the comparison names it, the line by its number
/// on the form shown.
pub fn about_words(cx: &ScreenCx<'_>, about: &NoteAbout) -> String {
    match about {
        NoteAbout::Return => "the return".to_owned(),
        NoteAbout::Answer(path) => njtax_engine::compare::answer_words(cx.doc.answers(), path),
        NoteAbout::Line(key) => cx
            .computed()
            .and_then(|r| r.lines.iter().find(|l| l.key.to_string() == *key))
            .map_or_else(
                || format!("line {key}"),
                |l| format!("line {} {}", l.id, l.label),
            ),
    }
}

fn notes(cx: &mut ScreenCx<'_>, ui: &mut Ui, record: &ClinicRecord, named: bool) {
    let open = record.open_notes().count();
    crate::focus::heading(
        ui,
        RichText::new(format!("Review notes ({open} open)")).strong(),
        3,
    );
    for n in &record.notes {
        ui.add_space(theme::GAP_S);
        let head = format!(
            "#{} on {} by {} ({})",
            n.id,
            about_words(cx, &n.about),
            n.by,
            when(cx, &n.at)
        );
        ui.label(RichText::new(head).strong());
        ui.add(egui::Label::new(n.text.as_str()).wrap());
        match &n.resolved {
            Some(r) => {
                ui.label(format!(
                    "Resolved by {} ({}){}",
                    r.by,
                    when(cx, &r.at),
                    if r.reply.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", r.reply)
                    }
                ));
            }
            None => {
                let id = egui::Id::unique(("clinic_reply", n.id));
                let mut reply = ui.data(|d| d.get_temp::<String>(id)).unwrap_or_default();
                ui.add_enabled_ui(named, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        let label = ui.label("What was done");
                        ui.add(egui::TextEdit::singleline(&mut reply).desired_width(260.0))
                            .labelled_by(label.id);
                        if ui.button(format!("Resolve note {}", n.id)).clicked() {
                            cx.send(Command::Clinic(ClinicCommand::Resolve(
                                n.id,
                                std::mem::take(&mut reply),
                            )));
                        }
                    });
                });
                ui.data_mut(|d| d.insert_temp(id, reply));
            }
        }
    }
    ui.add_space(theme::GAP_S);
    let id = egui::Id::unique("clinic_new_note");
    let about_id = egui::Id::unique("clinic_new_note_about");
    let mut text = ui.data(|d| d.get_temp::<String>(id)).unwrap_or_default();
    let mut about = ui
        .data(|d| d.get_temp::<String>(about_id))
        .unwrap_or_default();
    let lines: Vec<(String, String)> = cx
        .computed()
        .map(|r| {
            r.lines
                .iter()
                .map(|l| (l.key.to_string(), format!("Line {} {}", l.id, l.label)))
                .collect()
        })
        .unwrap_or_default();
    ui.add_enabled_ui(named, |ui| {
        let label = ui.label("New note");
        ui.add(
            egui::TextEdit::multiline(&mut text)
                .desired_rows(2)
                .desired_width(ui.available_width().min(theme::READING_WIDTH)),
        )
        .labelled_by(label.id);
        ui.horizontal_wrapped(|ui| {
            let shown = lines
                .iter()
                .find(|(k, _)| *k == about)
                .map_or("The return as a whole", |(_, w)| w.as_str());
            let about_label = ui.label("About");
            egui::ComboBox::from_id_salt("clinic_note_about")
                .selected_text(shown)
                .width(280.0)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut about, String::new(), "The return as a whole");
                    for (k, w) in &lines {
                        ui.selectable_value(&mut about, k.clone(), w);
                    }
                })
                .response
                .labelled_by(about_label.id);
            if ui.button("Add the note").clicked() {
                let target = if about.is_empty() {
                    NoteAbout::Return
                } else {
                    NoteAbout::Line(about.clone())
                };
                cx.send(Command::Clinic(ClinicCommand::AddNote(
                    target,
                    std::mem::take(&mut text),
                )));
            }
        });
    });
    ui.label(
        RichText::new("A note on one answer: use \"Add a review note\" under that answer.")
            .italics(),
    );
    ui.data_mut(|d| {
        d.insert_temp(id, text);
        d.insert_temp(about_id, about);
    });
}

fn checklist(cx: &mut ScreenCx<'_>, ui: &mut Ui, record: &ClinicRecord) {
    crate::focus::heading(ui, RichText::new("Quality review").strong(), 3);
    let questions = match review_questions() {
        Ok(q) => q,
        Err(e) => {
            ui.label(
                RichText::new(format!("The review questions could not be read: {e}"))
                    .color(theme::error_colour(ui.visuals())),
            );
            return;
        }
    };
    let ticked = questions
        .iter()
        .filter(|q| record.checklist.get(&q.id).copied().unwrap_or(false))
        .count();
    ui.label(format!("{ticked} of {} checked", questions.len()));
    for q in &questions {
        let mut on = record.checklist.get(&q.id).copied().unwrap_or(false);
        let r = ui.checkbox(&mut on, q.question.as_str());
        ui.indent(("clinic_q", q.id.as_str()), |ui| {
            ui.label(RichText::new(q.help.as_str()).color(theme::help_colour(ui.visuals())));
        });
        if r.changed() {
            cx.send(Command::Set {
                path: format!("clinic.checklist.{}", q.id),
                value: Value::Bool(on),
            });
        }
    }
}

/// A clinic time stamp (UTC, as written in the draft) in this computer's time zone, to the
/// minute; as written when it cannot be read.
fn when(cx: &ScreenCx<'_>, at: &str) -> String {
    crate::review::local_time(at, cx.time_zone)
}
