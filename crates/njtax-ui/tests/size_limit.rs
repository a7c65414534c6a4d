//! One size limit for writing and reading drafts: a draft is never saved that cannot be opened.
//! A real employer roster (1,300 W-2s) saves and opens again; a draft over the limit is refused
//! before any file is touched (the draft, its backups, a recovery copy), in words that name the
//! size, the limit and what to do.
#![allow(clippy::expect_used, clippy::unwrap_used)] // tests may panic on a broken fixture

use std::fs;
use std::path::Path;

use njtax_engine::answers::{Answers, Income, W2};
use njtax_engine::draft::MAX_DRAFT_BYTES;
use njtax_engine::{Draft, FORMAT_VERSION};
use njtax_ui::files::{WriteError, read_draft, write_draft};
use njtax_ui::recovery::RecoveryStore;
use rust_decimal::Decimal;

/// A draft with `n` W-2s filled in as a clinic's volunteer would (employer, its ID and the five
/// amounts of boxes 14, 16 and 17).
pub fn roster(n: usize) -> Draft {
    let w2s = (0..n)
        .map(|i| W2 {
            employer: format!("Garden State Staffing Branch {i}"),
            employer_id: format!("{:012}", 221_234_567_000 + i),
            state_wages: Decimal::new(4_523_417 + i64::try_from(i).unwrap(), 2),
            nj_tax_withheld: Decimal::new(104_255, 2),
            ui_wf_swf: Decimal::new(19_102, 2),
            di: Decimal::new(4_101, 2),
            fli: Decimal::new(2_998, 2),
            ..W2::default()
        })
        .collect();
    Draft {
        format_version: FORMAT_VERSION,
        answers: Answers {
            tax_year: 2026,
            income: Income {
                w2s,
                ..Income::default()
            },
            ..Answers::default()
        },
    }
}

/// A draft whose text is larger than the limit (one very long employer name).
pub fn too_large() -> Draft {
    let mut d = roster(1);
    d.answers.income.w2s[0].employer = "x".repeat(usize::try_from(MAX_DRAFT_BYTES).unwrap());
    d
}

/// Names in a folder, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// 1,300 W-2s are saved and read back as they were, well inside the limit.
#[test]
fn a_draft_of_1300_w2s_is_saved_and_opened_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("roster.ron");
    let draft = roster(1300);
    write_draft(&path, &draft).expect("saved");
    let size = fs::metadata(&path).unwrap().len();
    assert!(size <= MAX_DRAFT_BYTES, "{size} bytes");
    assert_eq!(read_draft(&path).expect("opened again"), draft);
}

/// A draft over the limit is refused by the save: the file on disk is unchanged byte for byte, no
/// backup is rotated and no temporary file is left; the message names the size, the limit and
/// what to do.
#[test]
fn a_draft_over_the_limit_is_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("client.ron");
    write_draft(&path, &roster(2)).unwrap();
    write_draft(&path, &roster(3)).unwrap();
    let before = fs::read(&path).unwrap();
    let bak1 = fs::read(dir.path().join("client.ron.bak1")).unwrap();
    let names = listing(dir.path());

    let err = write_draft(&path, &too_large()).expect_err("too large");
    assert!(matches!(err, WriteError::TooLarge { .. }), "{err:?}");
    let message = err.to_string();
    assert!(
        message.starts_with("the draft would be 4.1 MB, more than the 4 MB a draft can be"),
        "{message}"
    );
    assert!(
        message.contains("the file on disk is unchanged")
            && message.contains("Remove answers it does not need"),
        "{message}"
    );
    assert!(
        !message.contains("xxxx"),
        "no answer is repeated: {message}"
    );
    assert_eq!(fs::read(&path).unwrap(), before, "the draft is unchanged");
    assert_eq!(
        fs::read(dir.path().join("client.ron.bak1")).unwrap(),
        bak1,
        "no backup rotated"
    );
    assert_eq!(listing(dir.path()), names, "no file made or removed");

    // Not even a new file is made for a draft never saved.
    let new = dir.path().join("new.ron");
    write_draft(&new, &too_large()).expect_err("too large");
    assert!(!new.exists());
}

/// The limit is the same for both: the largest text that is written is read, one byte more is
/// neither.
#[test]
fn the_same_limit_for_writing_and_reading() {
    let limit = usize::try_from(MAX_DRAFT_BYTES).unwrap();
    assert!(njtax_engine::draft::fits(limit));
    assert!(!njtax_engine::draft::fits(limit + 1));
    // A draft just at the limit is written and read back.
    let mut d = roster(1);
    d.answers.income.w2s[0].employer = "x".to_owned();
    let base = njtax_engine::draft::draft_to_string(&d).unwrap().len();
    d.answers.income.w2s[0].employer = "x".repeat(limit - base + 1);
    assert_eq!(
        njtax_engine::draft::draft_to_string(&d).unwrap().len(),
        limit
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("full.ron");
    write_draft(&path, &d).expect("at the limit");
    assert_eq!(read_draft(&path).expect("read"), d);
    d.answers.income.w2s[0].employer.push('x');
    assert!(matches!(
        write_draft(&path, &d),
        Err(WriteError::TooLarge { size }) if size == MAX_DRAFT_BYTES + 1
    ));
}

/// A change made in place (`njtax note`, `njtax status`) that would push the draft over the limit
/// is refused and the draft is unchanged.
#[test]
fn a_change_in_place_that_would_pass_the_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("client.ron");
    write_draft(&path, &roster(10)).unwrap();
    let before = fs::read(&path).unwrap();
    let err =
        njtax_ui::sharing::update_draft(&path, "Sam", std::time::Duration::from_secs(1), |d| {
            d.answers.taxpayer.name = "y".repeat(usize::try_from(MAX_DRAFT_BYTES).unwrap());
            Ok(())
        })
        .expect_err("too large");
    assert!(
        matches!(
            err,
            njtax_ui::sharing::UpdateError::Write(WriteError::TooLarge { .. })
        ),
        "{err:?}"
    );
    assert_eq!(fs::read(&path).unwrap(), before);
    assert!(!dir.path().join("client.ron.bak1").exists());
}

/// A recovery copy over the limit is not written: the store says so (the app shows it in the
/// status bar) and leaves no file.
#[test]
fn a_recovery_copy_over_the_limit_is_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let store = RecoveryStore::new(dir.path().join("state"));
    let err = store
        .save(None, "Untitled", &too_large(), None)
        .expect_err("too large");
    assert!(matches!(err, WriteError::TooLarge { .. }), "{err:?}");
    assert!(!store.file_for(None).exists());
    // A roster is written, as compact as its draft (but for the indentation of a level deeper).
    store.save(None, "Untitled", &roster(1300), None).unwrap();
    let copy = fs::metadata(store.file_for(None)).unwrap().len();
    let draft = njtax_engine::draft::draft_to_string(&roster(1300))
        .unwrap()
        .len();
    assert!(
        copy < u64::try_from(draft).unwrap() * 6 / 5,
        "{copy} vs {draft}"
    );
    assert_eq!(store.find(None).unwrap().draft, roster(1300));
    // The limit is the draft's: a draft that can just be saved has its recovery copy written,
    // though the copy itself is a little larger.
    let mut full = roster(1);
    full.answers.income.w2s[0].employer = "x".to_owned();
    let base = njtax_engine::draft::draft_to_string(&full).unwrap().len();
    full.answers.income.w2s[0].employer =
        "x".repeat(usize::try_from(MAX_DRAFT_BYTES).unwrap() - base + 1);
    store.save(None, "Untitled", &full, None).expect("written");
    assert!(fs::metadata(store.file_for(None)).unwrap().len() > MAX_DRAFT_BYTES);
}
