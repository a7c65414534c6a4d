//! Two versions of one draft's clinic record made one, so that a save over a file another
//! volunteer changed (the conflict window's "Replace it with mine", a window that took a draft
//! over) never drops a signed step, a note or a resolution; and the changes between two versions
//! in a list, for the windows that say what the other volunteer did. Pure. See
//! `docs/decisions/clinic-mode.md` ("Merging").

use std::cmp::Ordering;
use std::collections::BTreeMap;

use crate::answers::{ClinicRecord, ClinicStatus, NoteAbout, Resolved, ReviewNote, StatusChange};

/// A step of the history, as ordered and compared: its time as written (UTC to the second, which
/// sorts as text), then everything else it says.
type EventKey<'a> = (&'a str, ClinicStatus, &'a str, &'a str, &'a str, &'a str);

fn event_key(e: &StatusChange) -> EventKey<'_> {
    (
        e.at.as_str(),
        e.status,
        e.by.as_str(),
        e.note.as_str(),
        e.login.as_str(),
        e.computer.as_str(),
    )
}

/// What makes a note the same note on both sides, whatever its number: what it is about, its
/// text, who wrote it, when, and from which account and computer.
type NoteKey = (u8, String, String, String, String, String, String);

fn note_key(n: &ReviewNote) -> NoteKey {
    let (kind, target) = match &n.about {
        NoteAbout::Return => (0, String::new()),
        NoteAbout::Answer(p) => (1, p.clone()),
        NoteAbout::Line(k) => (2, k.clone()),
    };
    (
        kind,
        target,
        n.text.clone(),
        n.by.clone(),
        n.at.clone(),
        n.login.clone(),
        n.computer.clone(),
    )
}

fn resolved_key(r: &Resolved) -> (&str, &str, &str, &str, &str) {
    (
        r.at.as_str(),
        r.by.as_str(),
        r.reply.as_str(),
        r.login.as_str(),
        r.computer.as_str(),
    )
}

/// `mine` and `theirs` (the record in this window and the one in the file now), made one;
/// `base`, when known, is the record both came from (what this window opened or last saved).
///
/// - History: every step of both, identical steps once. Each side's order is kept; steps only
///   one side has are placed among the other's by their time, then by what they say.
/// - Status, preparer, reviewer, the approval's stamp and the filing: those of the side whose
///   last signed step is the later one. "Later" trusts the histories first: a side whose history
///   holds every step of the other's knows all it does; else a side whose history holds the
///   other's last step has seen it, so its own last step came after. Only when neither
///   saw the other's last step (both signed something since they parted) are the times compared
///   (then what the steps say, so that the result does not depend on which side is "mine").
///   A clock that is wrong therefore only matters between two steps signed at about the same
///   time on two computers that had not seen each other's.
/// - Notes: every note of both. A note on both sides (the same text, author and time, whatever
///   its number) is one note, resolved when either side resolved it (the earlier resolution when
///   both did). Two different notes with one number both stay: the earlier keeps the number and
///   the other takes the next free one.
/// - Quality-review ticks: a question ticked on either side stays ticked, except that with a
///   `base`, a side that changed a tick since the base wins over a side that did not.
///
/// `merge_records(a, b, base)` and `merge_records(b, a, base)` agree on everything but the order
/// the history lists steps of the same time; merging again changes nothing.
#[must_use]
pub fn merge_records(
    mine: &ClinicRecord,
    theirs: &ClinicRecord,
    base: Option<&ClinicRecord>,
) -> ClinicRecord {
    let mut out = later_side(mine, theirs).clone();
    out.history = merge_history(&mine.history, &theirs.history);
    out.notes = merge_notes(&mine.notes, &theirs.notes);
    out.checklist = merge_checklist(
        &mine.checklist,
        &theirs.checklist,
        base.map(|b| &b.checklist),
    );
    out
}

fn merge_history(a: &[StatusChange], b: &[StatusChange]) -> Vec<StatusChange> {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a_tail, b_tail) = (&a[prefix..], &b[prefix..]);
    // Steps of b that a has too (each occurrence once) are there already.
    let mut in_a: BTreeMap<EventKey<'_>, usize> = BTreeMap::new();
    for e in a_tail {
        *in_a.entry(event_key(e)).or_default() += 1;
    }
    let b_extra: Vec<&StatusChange> = b_tail
        .iter()
        .filter(|e| match in_a.get_mut(&event_key(e)) {
            Some(n) if *n > 0 => {
                *n -= 1;
                false
            }
            _ => true,
        })
        .collect();
    let mut out: Vec<StatusChange> = a[..prefix].to_vec();
    let (mut i, mut j) = (0, 0);
    while i < a_tail.len() && j < b_extra.len() {
        if event_key(&a_tail[i]) <= event_key(b_extra[j]) {
            out.push(a_tail[i].clone());
            i += 1;
        } else {
            out.push(b_extra[j].clone());
            j += 1;
        }
    }
    out.extend(a_tail[i..].iter().cloned());
    out.extend(b_extra[j..].iter().map(|e| (*e).clone()));
    out
}

/// The side whose last signed step is the later one (see [`merge_records`]); when both end on
/// the same step, the one whose status fields sort last, so that the choice does not depend on
/// which is "mine".
fn later_side<'a>(mine: &'a ClinicRecord, theirs: &'a ClinicRecord) -> &'a ClinicRecord {
    let by_fields = || {
        let fields = |r: &ClinicRecord| {
            (
                r.status,
                r.preparer.clone(),
                r.reviewer.clone(),
                r.approved_figures.clone(),
                format!("{:?}{:?}", r.filed_on, r.filed_how),
            )
        };
        if fields(mine) >= fields(theirs) {
            mine
        } else {
            theirs
        }
    };
    // A side whose history holds every step of the other's knows everything the other does.
    match (
        contains_all(&mine.history, &theirs.history),
        contains_all(&theirs.history, &mine.history),
    ) {
        (true, true) => return by_fields(),
        (true, false) => return mine,
        (false, true) => return theirs,
        (false, false) => {}
    }
    match (mine.history.last(), theirs.history.last()) {
        (None, None) => by_fields(),
        (Some(_), None) => mine,
        (None, Some(_)) => theirs,
        (Some(x), Some(y)) if x == y => by_fields(),
        (Some(x), Some(y)) => {
            let mine_saw = mine.history.contains(y);
            let theirs_saw = theirs.history.contains(x);
            match (mine_saw, theirs_saw) {
                (true, false) => mine,
                (false, true) => theirs,
                _ => match event_key(x).cmp(&event_key(y)) {
                    Ordering::Less => theirs,
                    Ordering::Greater => mine,
                    Ordering::Equal => by_fields(),
                },
            }
        }
    }
}

/// Whether `all` holds every step of `some` (as many times as `some` does).
fn contains_all(all: &[StatusChange], some: &[StatusChange]) -> bool {
    let mut count: BTreeMap<EventKey<'_>, usize> = BTreeMap::new();
    for e in all {
        *count.entry(event_key(e)).or_default() += 1;
    }
    some.iter().all(|e| match count.get_mut(&event_key(e)) {
        Some(n) if *n > 0 => {
            *n -= 1;
            true
        }
        _ => false,
    })
}

fn merge_notes(a: &[ReviewNote], b: &[ReviewNote]) -> Vec<ReviewNote> {
    // Every note once, with every number it has on either side.
    let mut groups: BTreeMap<NoteKey, (Vec<u32>, ReviewNote)> = BTreeMap::new();
    for n in a.iter().chain(b) {
        let entry = groups
            .entry(note_key(n))
            .or_insert_with(|| (Vec::new(), n.clone()));
        entry.0.push(n.id);
        entry.1.resolved = match (entry.1.resolved.take(), &n.resolved) {
            (None, r) => r.clone(),
            (Some(x), None) => Some(x),
            (Some(x), Some(y)) => Some(if resolved_key(y) < resolved_key(&x) {
                y.clone()
            } else {
                x
            }),
        };
    }
    let mut list: Vec<(Vec<u32>, ReviewNote, NoteKey)> = groups
        .into_iter()
        .map(|(k, (mut ids, n))| {
            ids.sort_unstable();
            ids.dedup();
            (ids, n, k)
        })
        .collect();
    // The note with the lowest number first, then the earlier: it keeps its number.
    list.sort_by(|x, y| {
        (x.0.first(), x.1.at.as_str(), &x.2).cmp(&(y.0.first(), y.1.at.as_str(), &y.2))
    });
    let mut used: std::collections::BTreeSet<u32> = std::collections::BTreeSet::new();
    let mut next = list
        .iter()
        .flat_map(|(ids, _, _)| ids.iter().copied())
        .max()
        .unwrap_or(0);
    let mut numbered: Vec<Option<u32>> = Vec::with_capacity(list.len());
    for (ids, _, _) in &list {
        let free = ids.iter().copied().find(|id| !used.contains(id));
        if let Some(id) = free {
            used.insert(id);
        }
        numbered.push(free);
    }
    let mut out: Vec<ReviewNote> = list
        .into_iter()
        .zip(numbered)
        .map(|((_, mut n, _), id)| {
            n.id = id.unwrap_or_else(|| {
                next = next.saturating_add(1);
                next
            });
            n
        })
        .collect();
    out.sort_by_key(|n| n.id);
    out
}

fn merge_checklist(
    a: &BTreeMap<String, bool>,
    b: &BTreeMap<String, bool>,
    base: Option<&BTreeMap<String, bool>>,
) -> BTreeMap<String, bool> {
    let mut out = BTreeMap::new();
    for key in a.keys().chain(b.keys()) {
        let (x, y) = (a.get(key).copied(), b.get(key).copied());
        let value = match base.map(|m| m.get(key).copied()) {
            Some(was) if x == was => y,
            Some(was) if y == was => x,
            _ => Some(x.unwrap_or(false) || y.unwrap_or(false)),
        };
        if let Some(v) = value {
            out.insert(key.clone(), v);
        }
    }
    out
}

/// One thing in a clinic record that `after` has and `before` had not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClinicChange {
    /// A step signed (a change of status).
    Status(StatusChange),
    /// A note added.
    NoteAdded(ReviewNote),
    /// A note resolved (the note, with its resolution).
    NoteResolved(ReviewNote),
    /// A quality-review question ticked (`true`) or unticked, by id.
    Checklist(String, bool),
}

/// What changed in the clinic record from `before` to `after` (no record: an empty one): the
/// steps signed, the notes added and resolved, the questions ticked or unticked, in that order.
#[must_use]
pub fn clinic_changes(
    before: Option<&ClinicRecord>,
    after: Option<&ClinicRecord>,
) -> Vec<ClinicChange> {
    let empty = ClinicRecord::default();
    let (before, after) = (before.unwrap_or(&empty), after.unwrap_or(&empty));
    let mut out = Vec::new();
    let mut seen: BTreeMap<EventKey<'_>, usize> = BTreeMap::new();
    for e in &before.history {
        *seen.entry(event_key(e)).or_default() += 1;
    }
    for e in &after.history {
        match seen.get_mut(&event_key(e)) {
            Some(n) if *n > 0 => *n -= 1,
            _ => out.push(ClinicChange::Status(e.clone())),
        }
    }
    let old: BTreeMap<NoteKey, &ReviewNote> =
        before.notes.iter().map(|n| (note_key(n), n)).collect();
    for n in &after.notes {
        match old.get(&note_key(n)) {
            None => out.push(ClinicChange::NoteAdded(n.clone())),
            Some(was) if was.resolved.is_none() && n.resolved.is_some() => {
                out.push(ClinicChange::NoteResolved(n.clone()));
            }
            Some(_) => {}
        }
    }
    for (id, on) in &after.checklist {
        if before.checklist.get(id).copied().unwrap_or(false) != *on {
            out.push(ClinicChange::Checklist(id.clone(), *on));
        }
    }
    for (id, on) in &before.checklist {
        if *on && !after.checklist.contains_key(id) {
            out.push(ClinicChange::Checklist(id.clone(), false));
        }
    }
    out
}
