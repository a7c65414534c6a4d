//! What Windows and its programs do to drafts: Notepad's line ends (CRLF) and byte order mark, a
//! folder and a name with spaces and accents, and (on Windows, run under Wine) a draft held open
//! by another program while it is saved.
#![allow(clippy::expect_used, clippy::unwrap_used)] // tests may panic on a broken fixture

use std::fs;
use std::path::{Path, PathBuf};

use njtax_engine::Draft;
use njtax_engine::answers::NoteAbout;
use njtax_ui::files::{read_draft, write_draft};

fn example_text() -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/family-2026.ron"))
        .expect("example draft")
}

/// The computed return, every line and explanation, as JSON (to compare two).
fn computed(draft: &Draft) -> String {
    let book = njtax_engine::ParamBook::load().expect("law figures");
    let computed = njtax_engine::compute(&draft.answers, &book).expect("computes");
    serde_json::to_string(&computed).expect("as JSON")
}

/// Line ends as Notepad saves them.
fn crlf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', "\r\n")
}

/// A draft saved by Notepad (CRLF line ends, with and without its UTF-8 byte order mark) reads
/// as the same draft and computes the same return, through the engine's parser and the app's
/// reader alike.
#[test]
fn a_draft_with_crlf_line_ends_or_a_byte_order_mark_reads_and_computes_the_same() {
    let lf = example_text();
    assert!(!lf.contains('\r'), "the example has LF line ends");
    let want = njtax_engine::parse_draft(&lf).expect("parses");
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("crlf.ron", crlf(&lf)),
        ("bom.ron", format!("\u{feff}{lf}")),
        ("crlf-bom.ron", format!("\u{feff}{}", crlf(&lf))),
    ] {
        let parsed = njtax_engine::parse_draft(&text).expect(name);
        assert_eq!(parsed, want, "{name}: parse_draft");
        let path = dir.path().join(name);
        fs::write(&path, &text).unwrap();
        let read = read_draft(&path).expect(name);
        assert_eq!(read, want, "{name}: read_draft");
        assert_eq!(computed(&read), computed(&want), "{name}: the return");
    }
}

/// A review note with line breaks survives a save and a load, also after Notepad turned the
/// file's line ends into CRLF (the note keeps its own line breaks, without a stray `\r`).
#[test]
fn a_note_with_line_breaks_survives_a_save_and_notepad() {
    let mut draft = njtax_engine::parse_draft(&example_text()).unwrap();
    let text = "W-2 box 16 checked with the client.\nAsk for the 1099-INT next time.";
    njtax_engine::clinic::add_note(
        &mut draft.answers,
        NoteAbout::Return,
        text,
        "Ana Ruiz",
        "2026-12-07T10:00:00Z",
    )
    .expect("note added");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("client.ron");
    write_draft(&path, &draft).expect("saved");
    let loaded = read_draft(&path).expect("read");
    assert_eq!(loaded, draft);
    let notes = |d: &Draft| {
        d.answers
            .clinic
            .as_ref()
            .expect("a clinic record")
            .notes
            .iter()
            .map(|n| n.text.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(notes(&loaded), [text]);
    let saved = fs::read_to_string(&path).unwrap();
    fs::write(&path, crlf(&saved)).unwrap();
    let after_notepad = read_draft(&path).expect("read after Notepad");
    assert_eq!(notes(&after_notepad), [text]);
    assert_eq!(after_notepad, draft);
}

/// A clinic folder and a client's name with spaces and accents (`Clínica Año 2026/José
/// Núñez.ron`): the draft is saved there (with its backup), locked, read back, and its recovery
/// copy is written and found from a state folder with accents too.
#[test]
fn a_folder_and_a_name_with_spaces_and_accents_work_for_every_file() {
    let base = tempfile::tempdir().unwrap();
    let folder = base.path().join("Clínica Año 2026");
    fs::create_dir(&folder).unwrap();
    let path = folder.join("José Núñez.ron");
    let mut draft = njtax_engine::parse_draft(&example_text()).unwrap();
    write_draft(&path, &draft).expect("saved");
    draft.answers.taxpayer.name = "José Núñez".into();
    write_draft(&path, &draft).expect("saved again");
    assert_eq!(read_draft(&path).unwrap(), draft);
    assert!(folder.join("José Núñez.ron.bak1").is_file(), "the backup");

    let lock = njtax_ui::sharing::DraftLock::acquire(&path).expect("locked");
    lock.tell("Íñigo Peña");
    assert_eq!(
        lock.path().parent().and_then(Path::file_name),
        folder.file_name(),
        "the lock file is beside the draft"
    );
    assert_eq!(
        njtax_ui::sharing::DraftLock::holder(&path).unwrap().who,
        "Íñigo Peña"
    );
    let update = njtax_ui::sharing::UpdateLock::acquire(&path, "Íñigo Peña", Default::default())
        .expect("update lock");
    drop(update);
    drop(lock);

    let store =
        njtax_ui::recovery::RecoveryStore::new(base.path().join("Estado ñ").join("recovery"));
    let mut edited = draft.clone();
    edited.answers.taxpayer.name = "José Núñez Jr.".into();
    store
        .save(Some(&path), "José Núñez.ron", &edited, None)
        .expect("recovery written");
    let found = store.find(Some(&path)).expect("recovery found");
    assert_eq!(found.draft, edited);
    assert_eq!(found.name, "José Núñez.ron");
    let left: Vec<PathBuf> = fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(left.len(), 2, "the draft and its backup only: {left:?}");
}

/// Windows: a save while another program (a viewer, an antivirus scan) holds the draft open
/// without letting it be deleted is tried again for a few seconds; when that program lets go
/// meanwhile the save is made, and when it keeps it the save says plainly which file is held,
/// the draft is left as it was and no temporary file stays.
#[cfg(windows)]
#[test]
fn a_save_waits_for_a_program_holding_the_draft_then_says_which_file() {
    use std::os::windows::fs::OpenOptionsExt as _;
    // FILE_SHARE_READ | FILE_SHARE_WRITE: no FILE_SHARE_DELETE, as many viewers open files.
    const SHARE_READ_WRITE: u32 = 0x1 | 0x2;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("client.ron");
    let old = njtax_engine::parse_draft(&example_text()).unwrap();
    write_draft(&path, &old).unwrap();
    let before = fs::read(&path).unwrap();
    let mut new = old.clone();
    new.answers.taxpayer.name = "Changed".into();
    let hold = || {
        fs::OpenOptions::new()
            .read(true)
            .share_mode(SHARE_READ_WRITE)
            .open(&path)
            .unwrap()
    };

    // Held through every try.
    let viewer = hold();
    let err = write_draft(&path, &new).expect_err("held");
    assert!(
        matches!(err, njtax_ui::files::WriteError::InUse { .. }),
        "{err:?}"
    );
    let said = err.to_string();
    assert!(
        said.contains(&path.display().to_string()) && said.contains("open in another program"),
        "{said}"
    );
    drop(viewer);
    assert_eq!(fs::read(&path).unwrap(), before, "unchanged");
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(names.is_empty(), "temporary files left: {names:?}");

    // Let go within the tries (a tenth of a second, of about three seconds of tries).
    let viewer = hold();
    let released = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        drop(viewer);
    });
    write_draft(&path, &new).expect("saved once the viewer let go");
    released.join().unwrap();
    assert_eq!(read_draft(&path).unwrap(), new);
}
