//! A reviewer's copy (SSNs masked) of a draft prepared at a clinic ends with the clinic's record:
//! where the return stands and who signed each step, every review note with its resolution, and
//! the quality-review questions ticked. The filer's own printout never carries it.

use njtax_engine::answers::{Answers, ClinicRecord, NoteAbout};
use njtax_engine::clinic::{Approval, approval, review_questions};
use njtax_engine::compute::ReturnSet;

use crate::fonts::Face;
use crate::layout::{BODY, Ink, Layout, SMALL};

/// What a note is about, in words.
fn about(a: &Answers, set: &ReturnSet, about: &NoteAbout) -> String {
    match about {
        NoteAbout::Return => "the return".to_owned(),
        NoteAbout::Answer(path) => njtax_engine::compare::answer_words(a, path),
        NoteAbout::Line(key) => set
            .returns
            .iter()
            .flat_map(|r| &r.lines)
            .find(|l| l.key.to_string() == *key)
            .map_or_else(
                || format!("line {key}"),
                |l| format!("line {} {}", l.id, l.label),
            ),
    }
}

/// The clinic's record, on a new page.
pub fn section(layout: &mut Layout<'_>, a: &Answers, set: &ReturnSet, r: &ClinicRecord) {
    layout.new_page();
    layout.heading("Clinic review (reviewer's copy)", 14.0, 0, 120.0);
    layout.paragraph(
        "For the clinic's files: not part of the return, and not printed on the filer's copy.",
        SMALL,
        Face::Regular,
        Ink::Grey(60),
        0.0,
    );
    let mut status = format!("Status: {}", r.status.words());
    if approval(r, set) == Approval::Cleared {
        status.push_str(" - approval cleared: a figure changed after it was approved");
    }
    layout.paragraph(&status, BODY, Face::Bold, Ink::Black, 0.0);
    for (who, name) in [("Prepared by", &r.preparer), ("Reviewed by", &r.reviewer)] {
        if !name.is_empty() {
            layout.paragraph(
                &format!("{who}: {name}"),
                BODY,
                Face::Regular,
                Ink::Black,
                0.0,
            );
        }
    }
    if !r.history.is_empty() {
        layout.heading("History", 10.0, 1, 40.0);
        for h in &r.history {
            let note = if h.note.is_empty() {
                String::new()
            } else {
                format!(" ({})", h.note)
            };
            layout.paragraph(
                &format!(
                    "{} {} by {}{note}",
                    h.at,
                    h.status.words(),
                    njtax_engine::clinic::signed_words(&h.by, &h.login, &h.computer)
                ),
                BODY,
                Face::Regular,
                Ink::Black,
                0.0,
            );
        }
    }
    layout.heading(
        &format!("Review notes ({} open)", r.open_notes().count()),
        10.0,
        1,
        40.0,
    );
    if r.notes.is_empty() {
        layout.paragraph("None.", BODY, Face::Regular, Ink::Black, 0.0);
    }
    for n in &r.notes {
        layout.paragraph(
            &format!(
                "#{} on {}, by {} ({})",
                n.id,
                about(a, set, &n.about),
                n.by,
                n.at
            ),
            BODY,
            Face::Bold,
            Ink::Black,
            0.0,
        );
        layout.paragraph(&n.text, BODY, Face::Regular, Ink::Black, 12.0);
        let state = match &n.resolved {
            None => "Open".to_owned(),
            Some(x) if x.reply.is_empty() => format!("Resolved by {} ({})", x.by, x.at),
            Some(x) => format!("Resolved by {} ({}): {}", x.by, x.at, x.reply),
        };
        layout.paragraph(&state, SMALL, Face::Regular, Ink::Grey(60), 12.0);
    }
    if let Ok(questions) = review_questions() {
        layout.heading("Quality review", 10.0, 1, 40.0);
        for q in &questions {
            let ticked = r.checklist.get(&q.id).copied().unwrap_or(false);
            layout.paragraph(
                &format!("[{}] {}", if ticked { "x" } else { " " }, q.question),
                BODY,
                Face::Regular,
                Ink::Black,
                0.0,
            );
        }
    }
}
