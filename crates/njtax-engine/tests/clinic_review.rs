//! The two-person review (issue 37): the volunteer who prepared a return cannot approve it (nor
//! ask for its changes and then approve it, nor approve one never marked ready), every step keeps
//! the computer's login and name beside the typed one, and two versions of a clinic record merge
//! without losing a step, a note, a resolution or a tick.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use njtax_engine::answers::{
    ClinicRecord, ClinicStatus, Date, NoteAbout, Resolved, ReviewNote, StatusChange, W2,
};
use njtax_engine::clinic::{
    ClinicChange, ClinicError, Signer, add_note, approved_from_preparers_login, clinic_changes,
    merge_records, resolve_note, same_name, set_status,
};
use njtax_engine::compute::{ReturnSet, compute_set};
use njtax_engine::{Answers, ParamBook};
use proptest::prelude::*;
use rust_decimal::dec;

fn set_of(a: &Answers) -> ReturnSet {
    compute_set(a, &ParamBook::load().unwrap()).unwrap()
}

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

fn signer(name: &str, login: &str, computer: &str) -> Signer {
    Signer {
        name: name.into(),
        login: login.into(),
        computer: computer.into(),
    }
}

const T1: &str = "2026-12-07T14:05:00Z";
const T2: &str = "2026-12-07T14:10:00Z";
const T3: &str = "2026-12-07T14:20:00Z";

#[test]
fn the_preparer_cannot_approve_their_own_return_under_any_spelling_of_their_name() {
    let mut a = clean();
    let set = set_of(&a);
    set_status(
        &mut a,
        &set,
        ClinicStatus::ReadyForReview,
        "Ana Ruiz",
        T1,
        "",
    )
    .unwrap();
    for same in ["Ana Ruiz", "ana ruiz", "  ANA   Ruiz.", "Ana  RUIZ"] {
        let before = a.clone();
        assert_eq!(
            set_status(&mut a, &set, ClinicStatus::Approved, same, T2, ""),
            Err(ClinicError::OwnReturn("Ana Ruiz".into())),
            "{same}"
        );
        assert_eq!(a, before, "a refusal changes nothing");
    }
    let words = ClinicError::OwnReturn("Ana Ruiz".into()).to_string();
    assert!(
        words.contains("another volunteer must approve it"),
        "{words}"
    );
    // A second volunteer may.
    set_status(&mut a, &set, ClinicStatus::Approved, "Sam Ortiz", T2, "").unwrap();
    assert_eq!(a.clinic.as_ref().unwrap().status, ClinicStatus::Approved);
}

#[test]
fn a_return_never_marked_ready_for_review_cannot_be_approved() {
    let mut a = clean();
    let set = set_of(&a);
    // No clinic record at all, then one only in progress, then one sent back for changes.
    assert_eq!(
        set_status(&mut a, &set, ClinicStatus::Approved, "Sam", T1, ""),
        Err(ClinicError::NotReady)
    );
    set_status(&mut a, &set, ClinicStatus::InProgress, "Ana", T1, "").unwrap();
    assert_eq!(
        set_status(&mut a, &set, ClinicStatus::Approved, "Sam", T1, ""),
        Err(ClinicError::NotReady)
    );
    set_status(&mut a, &set, ClinicStatus::ReadyForReview, "Ana", T1, "").unwrap();
    set_status(&mut a, &set, ClinicStatus::ChangesRequested, "Sam", T2, "").unwrap();
    assert_eq!(
        set_status(&mut a, &set, ClinicStatus::Approved, "Sam", T2, ""),
        Err(ClinicError::NotReady)
    );
    // A record edited by hand to say "ready" with no preparer is not ready either.
    let rec = a.clinic.as_mut().unwrap();
    rec.status = ClinicStatus::ReadyForReview;
    rec.preparer.clear();
    rec.history.clear();
    assert_eq!(
        set_status(&mut a, &set, ClinicStatus::Approved, "Sam", T2, ""),
        Err(ClinicError::NotReady)
    );
}

#[test]
fn the_preparer_cannot_ask_for_changes_on_their_own_return_and_then_approve_it() {
    let mut a = clean();
    let set = set_of(&a);
    set_status(&mut a, &set, ClinicStatus::ReadyForReview, "Ana", T1, "").unwrap();
    assert_eq!(
        set_status(&mut a, &set, ClinicStatus::ChangesRequested, "ana", T2, ""),
        Err(ClinicError::OwnReview("Ana".into()))
    );
    assert_eq!(a.clinic.as_ref().unwrap().reviewer, "");
    // Marked ready again under another name, the volunteer who did so prepared it too.
    set_status(&mut a, &set, ClinicStatus::ReadyForReview, "Bo", T2, "").unwrap();
    assert_eq!(
        set_status(&mut a, &set, ClinicStatus::Approved, "Bo", T3, ""),
        Err(ClinicError::OwnReturn("Bo".into()))
    );
}

#[test]
fn whoever_changed_the_figures_after_an_approval_cannot_approve_them_again() {
    let mut a = clean();
    let set = set_of(&a);
    set_status(&mut a, &set, ClinicStatus::ReadyForReview, "Ana", T1, "").unwrap();
    set_status(&mut a, &set, ClinicStatus::Approved, "Sam", T2, "").unwrap();
    a.income.w2s[0].state_wages = dec!(41000);
    let changed = set_of(&a);
    // Sam changes a figure and saves: the approval is cleared, signed by Sam.
    assert!(njtax_engine::clinic::clear_stale_approval(
        &mut a, &changed, "Sam", T3
    ));
    assert_eq!(
        set_status(&mut a, &changed, ClinicStatus::Approved, "Sam", T3, ""),
        Err(ClinicError::OwnReturn("Sam".into()))
    );
    // Nor Ana, the preparer.
    assert_eq!(
        set_status(&mut a, &changed, ClinicStatus::Approved, "Ana", T3, ""),
        Err(ClinicError::OwnReturn("Ana".into()))
    );
    set_status(&mut a, &changed, ClinicStatus::Approved, "Lee", T3, "").unwrap();
}

#[test]
fn every_step_note_and_resolution_keeps_the_login_and_computer_and_same_login_is_shown() {
    let mut a = clean();
    let set = set_of(&a);
    let ana = signer("Ana", "vol1", "LAPTOP-3");
    let sam_same_login = signer("Sam", "vol1", "LAPTOP-3");
    set_status(&mut a, &set, ClinicStatus::ReadyForReview, &ana, T1, "").unwrap();
    let id = add_note(&mut a, NoteAbout::Return, "W-2 box 16?", &ana, T1).unwrap();
    resolve_note(&mut a, id, &sam_same_login, T2, "checked").unwrap();
    set_status(
        &mut a,
        &set,
        ClinicStatus::Approved,
        &sam_same_login,
        T2,
        "",
    )
    .unwrap();
    let r = a.clinic.as_ref().unwrap();
    assert!(
        r.history
            .iter()
            .all(|h| h.login == "vol1" && h.computer == "LAPTOP-3")
    );
    assert_eq!(r.notes[0].login, "vol1");
    assert_eq!(r.notes[0].resolved.as_ref().unwrap().computer, "LAPTOP-3");
    assert!(approved_from_preparers_login(r));
    // Saved and read back: kept; an older draft without them reads as before.
    let text = njtax_engine::draft::draft_to_string(&njtax_engine::Draft {
        format_version: njtax_engine::FORMAT_VERSION,
        answers: a.clone(),
    })
    .unwrap();
    assert!(text.contains("LAPTOP-3"));
    let back = njtax_engine::parse_draft(&text).unwrap();
    assert_eq!(back.answers.clinic, a.clinic);
    // Another login approving: not flagged.
    let mut b = clean();
    set_status(&mut b, &set, ClinicStatus::ReadyForReview, &ana, T1, "").unwrap();
    set_status(
        &mut b,
        &set,
        ClinicStatus::Approved,
        signer("Sam", "vol2", "LAPTOP-3"),
        T2,
        "",
    )
    .unwrap();
    assert!(!approved_from_preparers_login(b.clinic.as_ref().unwrap()));
}

#[test]
fn names_match_in_any_case_spacing_or_punctuation_only() {
    assert!(same_name("Ana Ruiz", " ana   RUIZ "));
    assert!(same_name("Ana Ruiz.", "ana ruiz"));
    assert!(!same_name("Ana Ruiz", "Ana Ruiza"));
    assert!(!same_name("", " "));
}

/// The reviewer took the draft over, asked for changes and added a note; the preparer's window
/// added a note of its own with the same number and ticked a question: merged, nothing is lost
/// and the reviewer's request (the later signed step) is the status.
#[test]
fn a_merge_keeps_the_reviewers_request_and_note_and_the_preparers_note() {
    let mut base = clean();
    let set = set_of(&base);
    set_status(&mut base, &set, ClinicStatus::ReadyForReview, "Ana", T1, "").unwrap();
    let mut theirs = base.clone();
    set_status(
        &mut theirs,
        &set,
        ClinicStatus::ChangesRequested,
        "Sam",
        T2,
        "",
    )
    .unwrap();
    add_note(
        &mut theirs,
        NoteAbout::Return,
        "pension 1099-R missing",
        "Sam",
        T2,
    )
    .unwrap();
    let mut mine = base.clone();
    add_note(
        &mut mine,
        NoteAbout::Return,
        "client brings it Tuesday",
        "Ana",
        T3,
    )
    .unwrap();
    mine.clinic
        .as_mut()
        .unwrap()
        .checklist
        .insert("identity".into(), true);
    let merged = merge_records(
        mine.clinic.as_ref().unwrap(),
        theirs.clinic.as_ref().unwrap(),
        base.clinic.as_ref(),
    );
    assert_eq!(merged.status, ClinicStatus::ChangesRequested);
    assert_eq!(merged.reviewer, "Sam");
    assert_eq!(merged.preparer, "Ana");
    assert_eq!(merged.history.len(), 2);
    let notes: Vec<(u32, &str)> = merged
        .notes
        .iter()
        .map(|n| (n.id, n.text.as_str()))
        .collect();
    assert_eq!(
        notes,
        [
            (1, "pension 1099-R missing"),
            (2, "client brings it Tuesday")
        ]
    );
    assert_eq!(merged.checklist.get("identity"), Some(&true));
    // What the other side did, as the windows list it.
    let changes = clinic_changes(mine.clinic.as_ref(), Some(&merged));
    assert!(changes.iter().any(
        |c| matches!(c, ClinicChange::Status(s) if s.status == ClinicStatus::ChangesRequested && s.by == "Sam")
    ));
    assert!(
        changes
            .iter()
            .any(|c| matches!(c, ClinicChange::NoteAdded(n) if n.text == "pension 1099-R missing"))
    );
    assert!(
        !changes
            .iter()
            .any(|c| matches!(c, ClinicChange::NoteAdded(n) if n.by == "Ana"))
    );
}

#[test]
fn the_side_that_saw_the_others_last_step_is_later_whatever_the_clocks_say() {
    let ready = StatusChange {
        status: ClinicStatus::ReadyForReview,
        by: "Ana".into(),
        at: T2.into(),
        ..StatusChange::default()
    };
    // Sam's computer runs 10 minutes slow: his request reads as earlier than Ana's step.
    let request = StatusChange {
        status: ClinicStatus::ChangesRequested,
        by: "Sam".into(),
        at: T1.into(),
        ..StatusChange::default()
    };
    let theirs = ClinicRecord {
        status: ClinicStatus::ChangesRequested,
        history: vec![ready.clone(), request.clone()],
        preparer: "Ana".into(),
        reviewer: "Sam".into(),
        ..ClinicRecord::default()
    };
    let mine = ClinicRecord {
        status: ClinicStatus::ReadyForReview,
        history: vec![ready],
        preparer: "Ana".into(),
        ..ClinicRecord::default()
    };
    for merged in [
        merge_records(&mine, &theirs, None),
        merge_records(&theirs, &mine, None),
    ] {
        assert_eq!(merged.status, ClinicStatus::ChangesRequested);
        assert_eq!(merged.history.len(), 2);
    }
}

#[test]
fn a_note_resolved_on_either_side_stays_resolved_and_an_untick_since_the_base_wins() {
    let note = ReviewNote {
        id: 1,
        text: "check".into(),
        by: "Sam".into(),
        at: T1.into(),
        ..ReviewNote::default()
    };
    let mut base = ClinicRecord {
        notes: vec![note.clone()],
        ..ClinicRecord::default()
    };
    base.checklist.insert("a".into(), true);
    let mut mine = base.clone();
    mine.checklist.insert("a".into(), false);
    let mut theirs = base.clone();
    theirs.notes[0].resolved = Some(Resolved {
        by: "Ana".into(),
        at: T2.into(),
        ..Resolved::default()
    });
    let merged = merge_records(&mine, &theirs, Some(&base));
    assert!(merged.notes[0].resolved.is_some());
    assert_eq!(merged.checklist.get("a"), Some(&false));
    // Without a base, ticks are a union.
    assert_eq!(
        merge_records(&mine, &theirs, None).checklist.get("a"),
        Some(&true)
    );
}

// Property tests: records grown from one base by the engine's own steps on two sides.

#[derive(Clone, Debug)]
enum Step {
    Status(usize, usize),
    Note(usize, usize),
    Resolve(u32, usize),
    Tick(usize, bool),
}

const NAMES: [&str; 3] = ["Ana", "Sam", "Lee"];
const STATUSES: [ClinicStatus; 4] = [
    ClinicStatus::InProgress,
    ClinicStatus::ReadyForReview,
    ClinicStatus::ChangesRequested,
    ClinicStatus::Approved,
];

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (0..STATUSES.len(), 0..NAMES.len()).prop_map(|(s, n)| Step::Status(s, n)),
        (0..3_usize, 0..NAMES.len()).prop_map(|(t, n)| Step::Note(t, n)),
        (1..6_u32, 0..NAMES.len()).prop_map(|(id, n)| Step::Resolve(id, n)),
        (0..3_usize, any::<bool>()).prop_map(|(q, on)| Step::Tick(q, on)),
    ]
}

/// Apply `steps` to `a`, each at a time from `clock` on (minutes; a side's clock may be wrong).
fn grow(a: &mut Answers, set: &ReturnSet, steps: &[Step], clock: u32, side: &str) {
    for (i, s) in steps.iter().enumerate() {
        let minute = clock + u32::try_from(i).unwrap();
        let at = format!("2026-12-07T{:02}:{:02}:00Z", 10 + minute / 60, minute % 60);
        let who = |n: usize| signer(NAMES[n], side, "PC");
        // Refusals (approving one's own return...) are part of the game: they change nothing.
        match s {
            Step::Status(st, n) => {
                let _ = set_status(a, set, STATUSES[*st], who(*n), &at, "");
            }
            Step::Note(t, n) => {
                let _ = add_note(a, NoteAbout::Return, &format!("note {t}"), who(*n), &at);
            }
            Step::Resolve(id, n) => {
                let _ = resolve_note(a, *id, who(*n), &at, "done");
            }
            Step::Tick(q, on) => {
                a.clinic
                    .get_or_insert_with(ClinicRecord::default)
                    .checklist
                    .insert(format!("q{q}"), *on);
            }
        }
    }
}

fn same_but_order(x: &ClinicRecord, y: &ClinicRecord) -> bool {
    let sorted = |r: &ClinicRecord| {
        let mut h: Vec<String> = r.history.iter().map(|e| format!("{e:?}")).collect();
        h.sort();
        h
    };
    let mut a = x.clone();
    let mut b = y.clone();
    a.history.clear();
    b.history.clear();
    a == b && sorted(x) == sorted(y)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn merging_keeps_everything_of_both_sides_agrees_both_ways_and_is_idempotent(
        common in prop::collection::vec(step(), 0..6),
        left in prop::collection::vec(step(), 0..8),
        right in prop::collection::vec(step(), 0..8),
        skew in 0..40_u32,
    ) {
        let set = set_of(&clean());
        let mut base = clean();
        grow(&mut base, &set, &common, 0, "base");
        let mut mine = base.clone();
        grow(&mut mine, &set, &left, 10, "mine");
        let mut theirs = base.clone();
        // Their clock may run behind or ahead of ours.
        grow(&mut theirs, &set, &right, skew, "theirs");
        let empty = ClinicRecord::default();
        let b = base.clinic.clone().unwrap_or_default();
        let m = mine.clinic.clone().unwrap_or_default();
        let t = theirs.clinic.clone().unwrap_or_default();
        for with_base in [None, Some(&b)] {
            let ab = merge_records(&m, &t, with_base);
            let ba = merge_records(&t, &m, with_base);
            prop_assert!(same_but_order(&ab, &ba), "{ab:#?}\n{ba:#?}");
            // Every step of both sides is there.
            for e in m.history.iter().chain(&t.history) {
                prop_assert!(ab.history.contains(e));
            }
            prop_assert!(ab.history.len() <= m.history.len() + t.history.len());
            // Every note of both sides (by what it says), resolved when either resolved it.
            for n in m.notes.iter().chain(&t.notes) {
                let kept = ab.notes.iter().find(|k| k.text == n.text && k.by == n.by && k.at == n.at && k.login == n.login);
                prop_assert!(kept.is_some(), "lost {n:?}");
                if n.resolved.is_some() {
                    prop_assert!(kept.is_some_and(|k| k.resolved.is_some()));
                }
            }
            let mut ids: Vec<u32> = ab.notes.iter().map(|n| n.id).collect();
            ids.dedup();
            prop_assert_eq!(ids.len(), ab.notes.len(), "note numbers are unique");
            // The status is one side's whole.
            prop_assert!(ab.status == m.status || ab.status == t.status);
            // Merging again changes nothing.
            prop_assert_eq!(&merge_records(&ab, &t, with_base), &ab);
            prop_assert_eq!(&merge_records(&ab, &m, with_base), &ab);
            prop_assert_eq!(&merge_records(&ab, &ab, with_base), &ab);
            prop_assert_eq!(&merge_records(&m, &empty, None).history, &m.history);
        }
        prop_assert_eq!(&merge_records(&m, &m, None), &m);
    }
}
