//! Clinic work on a draft (issue 20): statuses signed by a volunteer, approval only of a return
//! without problems and only while its figures hold, filing only after an approval, review notes,
//! the quality-review questions, the roster row.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use njtax_engine::answers::{ClinicStatus, Date, FiledHow, NoteAbout, W2};
use njtax_engine::clinic::{
    Approval, ClinicError, add_note, approval, clear_stale_approval, figures_stamp, mark_filed,
    resolve_note, review_questions, roster_row, set_status,
};
use njtax_engine::compute::{ReturnSet, compute_set};
use njtax_engine::{Answers, ParamBook};
use rust_decimal::dec;

fn set_of(a: &Answers) -> ReturnSet {
    compute_set(a, &ParamBook::load().unwrap()).unwrap()
}

/// A clean single filer with one W-2 (no errors).
fn clean() -> Answers {
    let mut a = Answers {
        tax_year: 2025,
        ..Answers::default()
    };
    a.taxpayer.name = "Ana Ruiz".into();
    a.taxpayer.ssn = "401-23-4567".into();
    a.taxpayer.birth_date = Date::new(1990, 5, 1);
    a.address.street = "1 Main St".into();
    a.address.city = "Newark".into();
    a.address.zip = "07102".into();
    a.income.w2s.push(W2 {
        employer: "Acme".into(),
        state_wages: dec!(40000),
        nj_tax_withheld: dec!(900),
        ..W2::default()
    });
    a
}

const AT: &str = "2026-12-07T14:05:00Z";

#[test]
fn a_clean_return_goes_from_ready_to_approved_to_filed_each_step_signed() {
    let mut a = clean();
    let set = set_of(&a);
    assert!(
        set.returns.iter().all(|r| !r.has_errors()),
        "{:?}",
        set.returns[0].diagnostics
    );
    set_status(
        &mut a,
        &set,
        ClinicStatus::ReadyForReview,
        "Pat Lee",
        AT,
        "",
    )
    .unwrap();
    set_status(
        &mut a,
        &set,
        ClinicStatus::Approved,
        "Sam Ortiz",
        AT,
        "looks right",
    )
    .unwrap();
    let r = a.clinic.as_ref().unwrap();
    assert_eq!(
        (r.preparer.as_str(), r.reviewer.as_str()),
        ("Pat Lee", "Sam Ortiz")
    );
    assert_eq!(
        r.approved_figures.as_deref(),
        Some(figures_stamp(&set).as_str())
    );
    assert_eq!(approval(r, &set), Approval::Holds);
    mark_filed(
        &mut a,
        &set,
        Date::new(2027, 2, 1).unwrap(),
        FiledHow::Online,
        "Sam Ortiz",
        AT,
    )
    .unwrap();
    let r = a.clinic.as_ref().unwrap();
    assert_eq!(r.status, ClinicStatus::Filed);
    assert_eq!(r.filed_how, Some(FiledHow::Online));
    let history: Vec<(ClinicStatus, &str)> = r
        .history
        .iter()
        .map(|h| (h.status, h.by.as_str()))
        .collect();
    assert_eq!(
        history,
        [
            (ClinicStatus::ReadyForReview, "Pat Lee"),
            (ClinicStatus::Approved, "Sam Ortiz"),
            (ClinicStatus::Filed, "Sam Ortiz")
        ]
    );
    // Nobody anonymous.
    assert_eq!(
        set_status(&mut a, &set, ClinicStatus::InProgress, "  ", AT, ""),
        Err(ClinicError::NoName)
    );
}

#[test]
fn a_return_with_errors_or_unreadable_answers_cannot_be_approved() {
    let mut a = clean();
    a.taxpayer.ssn = String::new();
    let set = set_of(&a);
    assert!(set.returns[0].has_errors());
    assert!(matches!(
        set_status(&mut a, &set, ClinicStatus::Approved, "Sam", AT, ""),
        Err(ClinicError::Errors(n)) if n >= 1
    ));
    assert!(a.clinic.is_none(), "nothing recorded");
    let mut a = clean();
    a.unreadable.insert(
        "income.w2s[0].state_wages".into(),
        njtax_engine::answers::Unreadable {
            typed: "4OOOO".into(),
            ..Default::default()
        },
    );
    let set = set_of(&a);
    assert_eq!(
        set_status(&mut a, &set, ClinicStatus::Approved, "Sam", AT, ""),
        Err(ClinicError::Unreadable(1))
    );
}

#[test]
fn an_approval_is_cleared_when_a_figure_changes_and_not_when_nothing_does() {
    let mut a = clean();
    let set = set_of(&a);
    set_status(&mut a, &set, ClinicStatus::ReadyForReview, "Pat", AT, "").unwrap();
    set_status(&mut a, &set, ClinicStatus::Approved, "Sam", AT, "").unwrap();
    // A note or a name change that moves no figure keeps it.
    add_note(&mut a, NoteAbout::Return, "client signs Tuesday", "Sam", AT).unwrap();
    a.address.apartment = "2B".into();
    let same = set_of(&a);
    assert_eq!(approval(a.clinic.as_ref().unwrap(), &same), Approval::Holds);
    assert!(!clear_stale_approval(&mut a, &same, "Pat", AT));
    // A corrected W-2 moves the tax: the approval no longer holds, and is cleared.
    a.income.w2s[0].state_wages = dec!(41000);
    let changed = set_of(&a);
    assert_eq!(
        approval(a.clinic.as_ref().unwrap(), &changed),
        Approval::Cleared
    );
    assert_eq!(
        roster_row(&a, &changed).status_words(),
        "approved (approval cleared: figures changed)"
    );
    assert_eq!(
        mark_filed(
            &mut a,
            &changed,
            Date::new(2027, 2, 1).unwrap(),
            FiledHow::Mailed,
            "Sam",
            AT
        ),
        Err(ClinicError::NotApproved)
    );
    assert!(clear_stale_approval(&mut a, &changed, "Pat", AT));
    let r = a.clinic.as_ref().unwrap();
    assert_eq!(r.status, ClinicStatus::ReadyForReview);
    assert_eq!(r.approved_figures, None);
    assert!(r.history.last().unwrap().note.contains("figures changed"));
    assert_eq!(approval(r, &changed), Approval::None);
}

#[test]
fn notes_are_numbered_resolved_once_and_counted_open_in_the_roster() {
    let mut a = clean();
    let set = set_of(&a);
    let one = add_note(
        &mut a,
        NoteAbout::Answer("income.w2s[0].state_wages".into()),
        "check box 16 against the W-2",
        "Sam",
        AT,
    )
    .unwrap();
    let two = add_note(
        &mut a,
        NoteAbout::Line("tax".into()),
        "why this?",
        "Sam",
        AT,
    )
    .unwrap();
    assert_eq!((one, two), (1, 2));
    assert_eq!(
        add_note(&mut a, NoteAbout::Return, "  ", "Sam", AT),
        Err(ClinicError::NoText)
    );
    assert_eq!(roster_row(&a, &set).open_notes, 2);
    resolve_note(&mut a, 1, "Pat", AT, "matches").unwrap();
    assert_eq!(
        resolve_note(&mut a, 1, "Pat", AT, ""),
        Err(ClinicError::AlreadyResolved(1))
    );
    assert_eq!(
        resolve_note(&mut a, 9, "Pat", AT, ""),
        Err(ClinicError::NoSuchNote(9))
    );
    assert_eq!(roster_row(&a, &set).open_notes, 1);
    // A removed note's number is never reused while a higher one exists.
    a.clinic.as_mut().unwrap().notes.remove(0);
    assert_eq!(
        add_note(&mut a, NoteAbout::Return, "again", "Sam", AT).unwrap(),
        3
    );
}

#[test]
fn the_roster_row_masks_the_ssn_and_searches_by_name_or_last_four() {
    let mut a = clean();
    let set = set_of(&a);
    let row = roster_row(&a, &set);
    assert_eq!(row.ssn_last4, "4567");
    assert!(
        !format!("{row:?}").contains("401-23"),
        "no whole SSN in the row"
    );
    assert_eq!(row.status, ClinicStatus::Intake);
    assert_eq!(row.forms, ["NJ-1040"]);
    assert!(row.matches("ruiz") && row.matches("4567") && row.matches(""));
    assert!(!row.matches("4566") && !row.matches("lee"));
    assert!(row.refund > dec!(0));
    a.filing_status = njtax_engine::answers::FilingStatus::MarriedJoint;
    a.spouse = Some(njtax_engine::answers::Person {
        name: "Luis Ruiz".into(),
        ..Default::default()
    });
    assert_eq!(roster_row(&a, &set_of(&a)).name, "Ana Ruiz & Luis Ruiz");
}

#[test]
fn the_quality_review_questions_read_with_unique_ids_and_words() {
    let qs = review_questions().unwrap();
    assert!(qs.len() >= 6);
    let mut ids: Vec<&str> = qs.iter().map(|q| q.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), qs.len(), "ids are unique");
    assert!(
        qs.iter()
            .all(|q| !q.question.trim().is_empty() && !q.help.trim().is_empty())
    );
    for id in [
        "identity",
        "income_documents",
        "filing_status",
        "dependents",
        "property_tax",
        "bank_numbers",
    ] {
        assert!(ids.contains(&id), "{id}");
    }
}

#[test]
fn statuses_read_from_words_and_names() {
    for (text, s) in [
        ("ready", ClinicStatus::ReadyForReview),
        ("ready-for-review", ClinicStatus::ReadyForReview),
        ("ReadyForReview", ClinicStatus::ReadyForReview),
        ("changes", ClinicStatus::ChangesRequested),
        ("in progress", ClinicStatus::InProgress),
        ("APPROVED", ClinicStatus::Approved),
    ] {
        assert_eq!(ClinicStatus::parse(text), Some(s), "{text}");
    }
    assert_eq!(ClinicStatus::parse("done"), None);
}

/// Issue 39 item 9: a 2019 draft with a refund of 560.00 and no filing date: its roster row
/// keeps the last day to claim it (2023-07-17: the due date moved to 2020-07-15 plus 3 years,
/// Saturday moved to Monday) and reads as barred after it; with a filing date after it the
/// engine bars the refund itself and the row says so whatever the day.
#[test]
fn a_roster_row_knows_when_its_refund_is_barred() {
    let mut a = Answers {
        tax_year: 2019,
        ..Answers::default()
    };
    a.income.w2s.push(W2 {
        state_wages: dec!(30000),
        nj_tax_withheld: dec!(998),
        ..W2::default()
    });
    let set = compute_set(&a, &ParamBook::load().unwrap()).unwrap();
    let row = roster_row(&a, &set);
    assert_eq!(row.refund, dec!(560));
    assert!(!row.refund_barred);
    assert_eq!(row.refund_last_day, Date::new(2023, 7, 17));
    assert!(!row.refund_barred_on(Date::new(2023, 7, 17)));
    assert!(row.refund_barred_on(Date::new(2023, 7, 18)));
    assert!(!row.refund_barred_on(None));
    a.filing.filed_on = Date::new(2026, 12, 8);
    let set = compute_set(&a, &ParamBook::load().unwrap()).unwrap();
    let row = roster_row(&a, &set);
    assert!(row.refund_barred);
    assert_eq!(row.refund_last_day, None);
    assert!(row.refund_barred_on(None));
}
