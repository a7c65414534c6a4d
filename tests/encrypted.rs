//! Encrypted clinic folders (issue 37, item 6), through the app and the `njtax` binary: nothing
//! the app or the command line writes holds the client's name or SSN in plain text; a wrong
//! passphrase changes nothing; a folder converts both ways; the roster lists encrypted drafts once
//! the folder is unlocked; kill -9 during encrypted saves loses nothing.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use njtax_engine::answers::{Date, Person};
use njtax_engine::{Answers, Draft};
use njtax_ui::App;
use njtax_ui::crypt::{self, SecretString};
use njtax_ui::crypt_folder;
use njtax_ui::platform::{RecentFile, ScriptedDialogs};
use njtax_ui::recovery::RecoveryStore;

/// The client's name and SSN: neither may appear in any file written.
const NAME: &str = "Marguerite Quinlan-Ostrowski";
const SSN: &str = "401-55-7823";
const PASSPHRASE: &str = "staple battery clinic 37";

fn answers() -> Answers {
    Answers {
        tax_year: 2024,
        taxpayer: Person {
            name: NAME.into(),
            ssn: SSN.into(),
            birth_date: Date::new(1961, 3, 9),
            ..Person::default()
        },
        ..Answers::default()
    }
}

fn draft() -> Draft {
    Draft {
        format_version: njtax_engine::draft::FORMAT_VERSION,
        answers: answers(),
    }
}

/// A fresh folder for one test (removed first if a run before left it).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("njtax-enc-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A file holding the passphrase, outside the folders searched (named by `tag` and the process).
fn passphrase_file(tag: &str, text: &str) -> PathBuf {
    let file = std::env::temp_dir().join(format!("njtax-enc-pass-{tag}-{}", std::process::id()));
    std::fs::write(&file, format!("{text}\n")).unwrap();
    file
}

fn njtax(args: &[&str], passphrase: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_njtax"))
        .args(args)
        .env("NJTAX_PASSPHRASE_FILE", passphrase)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// Every file under `dir` (recursively), by path, with its bytes.
fn every_file(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            out.extend(every_file(&path));
        } else if kind.is_file() {
            out.insert(path.clone(), std::fs::read(&path).unwrap());
        }
    }
    out
}

/// Whether `needle` appears in `hay`.
fn holds(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len()).any(|w| w == needle.as_bytes())
}

/// The files holding the name or the SSN (in any of its spellings).
fn leaks(files: &BTreeMap<PathBuf, Vec<u8>>) -> Vec<String> {
    // Not the last four digits alone: four digits turn up in random ciphertext now and then.
    let needles = [NAME, "Quinlan", SSN, "401557823"];
    files
        .iter()
        .flat_map(|(path, bytes)| {
            needles
                .iter()
                .filter(|n| holds(bytes, n))
                .map(move |n| format!("{} holds {n:?}", path.display()))
        })
        .collect()
}

fn pass(text: &str) -> SecretString {
    SecretString::from(text.to_owned())
}

fn harness(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

/// Press the passphrase window's button, and wait for the unlock or conversion (on a thread of
/// its own) to finish, the window drawing meanwhile.
fn press(h: &mut Harness<'static, App>, button: &str) {
    h.get_by_label(button).click();
    crate::common::wait_for_crypt(h);
}

/// Type the passphrase into the passphrase window and press its button.
fn type_passphrase(h: &mut Harness<'static, App>, text: &str, button: &str) {
    let field = h.get_by_label("Passphrase");
    field.focus();
    field.type_text(text);
    h.run();
    press(h, button);
}

#[test]
fn nothing_written_for_an_encrypted_folder_holds_the_name_or_ssn() {
    let _keys = crate::common::crypt_registry();
    let root = scratch("grep");
    let (clinic, state, config) = (root.join("clinic"), root.join("state"), root.join("config"));
    for d in [&clinic, &state, &config] {
        std::fs::create_dir_all(d).unwrap();
    }
    let secret = passphrase_file("grep", PASSPHRASE);
    let client = clinic.join("client-17.ron");
    njtax_ui::files::write_draft(&client, &draft()).unwrap();

    // The command line encrypts the folder and saves notes (each keeping a backup).
    let out = njtax(&["encrypt", clinic.to_str().unwrap()], &secret);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for note in ["check the W-2", "ask for the 1099-INT"] {
        let out = njtax(
            &[
                "note",
                client.to_str().unwrap(),
                "--add",
                note,
                "--as",
                "vol1",
            ],
            &secret,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = njtax(&["compute", client.to_str().unwrap()], &secret);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        holds(&out.stdout, "Line") || !out.stdout.is_empty(),
        "compute reads the encrypted draft"
    );

    // The app: opening asks for the passphrase, then the draft opens; an edit is autosaved to a
    // recovery copy (encrypted) and saved (another backup).
    crypt::forget(&clinic);
    let app = App::new(
        Answers::default(),
        "Untitled draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(RecentFile::new(config.join("recent.ron"))),
    )
    .with_settings(Box::new(njtax_ui::settings::SettingsFile::new(
        config.join("settings.ron"),
    )))
    .with_recovery(RecoveryStore::new(state.join("recovery")));
    let mut h = harness(app);
    h.run();
    h.state_mut().open_file(&client);
    h.run();
    assert!(
        h.query_by_role_and_label(
            egui::accesskit::Role::Dialog,
            njtax_ui::dialogs::passphrase::TITLE
        )
        .is_some(),
        "an encrypted draft asks for its folder's passphrase"
    );
    type_passphrase(&mut h, PASSPHRASE, "Unlock");
    assert_eq!(
        h.state().doc.answers().taxpayer.name,
        NAME,
        "opened once unlocked"
    );
    h.get_by_label("Income").click();
    h.run();
    h.get_by_label("Add a W-2").click();
    h.run();
    let wages = h.get_all_by_label("State wages (box 16)").last().unwrap();
    wages.focus();
    wages.type_text("48,250.10");
    h.run();
    h.input_mut().focused = false;
    h.event(egui::Event::WindowFocused(false));
    h.run();
    let recoveries: Vec<PathBuf> = every_file(&state)
        .into_keys()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("recovery-"))
        })
        .collect();
    assert_eq!(
        recoveries.len(),
        1,
        "the edit was autosaved: {recoveries:?}"
    );
    assert!(
        holds(
            &std::fs::read(&recoveries[0]).unwrap(),
            "BEGIN AGE ENCRYPTED FILE"
        ),
        "the recovery copy is encrypted"
    );
    let store = RecoveryStore::new(state.join("recovery"));
    h.input_mut().focused = true;
    h.event(egui::Event::WindowFocused(true));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let message = h.state().ui_state.message.clone().unwrap_or_default();
    assert!(message.0.starts_with("Saved"), "{message:?}");
    // A recovery copy left behind (as by a crash) for the grep below.
    store
        .save(Some(&client), "client-17.ron", &draft(), None)
        .unwrap();
    drop(h);
    drop(store);
    // Offered (decrypted) while the folder is unlocked; listed as locked, with its folder and
    // time only, once it is not.
    let found = RecoveryStore::new(state.join("recovery")).all();
    assert_eq!(found.recoveries.len(), 1, "{:?}", found.problems);
    assert_eq!(found.recoveries[0].draft.answers.taxpayer.name, NAME);
    crypt::forget(&clinic);
    let found = RecoveryStore::new(state.join("recovery")).all();
    assert!(found.recoveries.is_empty());
    assert_eq!(found.locked.len(), 1);
    assert_eq!(
        found.locked[0].folder,
        std::fs::canonicalize(&clinic).unwrap()
    );

    let files: BTreeMap<PathBuf, Vec<u8>> = [&clinic, &state, &config]
        .iter()
        .flat_map(|d| every_file(d))
        .collect();
    for n in 1..=3 {
        assert!(
            files.contains_key(&clinic.join(format!("client-17.ron.bak{n}"))),
            "backup {n} was written: {:?}",
            files.keys().collect::<Vec<_>>()
        );
    }
    assert!(
        files.keys().any(|p| p.starts_with(&state)),
        "recovery copies were written"
    );
    assert!(
        files.keys().any(|p| p.starts_with(&config)),
        "the recent list was written"
    );
    assert_eq!(leaks(&files), Vec::<String>::new());
    // And everything still reads: the draft holds the W-2, the notes and the name.
    crypt::unlock(&clinic, &pass(PASSPHRASE)).unwrap();
    let back = njtax_ui::files::read_draft(&client).unwrap();
    assert_eq!(back.answers.taxpayer.name, NAME);
    assert_eq!(back.answers.income.w2s.len(), 1);
    crypt::forget(&clinic);
    let _ = std::fs::remove_file(&secret);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_wrong_passphrase_changes_nothing() {
    let _keys = crate::common::crypt_registry();
    let root = scratch("wrong");
    let clinic = root.join("clinic");
    std::fs::create_dir_all(&clinic).unwrap();
    let client = clinic.join("client-3.ron");
    njtax_ui::files::write_draft(&client, &draft()).unwrap();
    crypt_folder::encrypt_folder_with(&clinic, &pass(PASSPHRASE), Some(10)).unwrap();
    let mut d = draft();
    d.answers.taxpayer.birth_date = Date::new(1962, 3, 9);
    njtax_ui::files::write_draft(&client, &d).unwrap();
    crypt::forget(&clinic);
    let before = every_file(&clinic);
    let wrong = passphrase_file("wrong", "not the passphrase");

    for args in [
        vec![
            "note",
            client.to_str().unwrap(),
            "--add",
            "x",
            "--as",
            "vol1",
        ],
        vec![
            "status",
            client.to_str().unwrap(),
            "--set",
            "ready",
            "--as",
            "vol1",
        ],
        vec!["decrypt", clinic.to_str().unwrap()],
        vec!["encrypt", clinic.to_str().unwrap()],
        vec!["compute", client.to_str().unwrap()],
    ] {
        let out = njtax(&args, &wrong);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("passphrase"), "{args:?}: {err}");
        assert!(
            !err.contains("not the passphrase"),
            "the passphrase is never shown"
        );
        assert_eq!(every_file(&clinic), before, "{args:?} changed the folder");
    }

    // The app: the window says so and stays; nothing is opened or written.
    let mut h = harness(App::new(
        Answers::default(),
        "Untitled draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(njtax_ui::platform::MemoryRecent::default()),
    ));
    h.run();
    h.state_mut().open_file(&client);
    h.run();
    // Typed, then Enter (as a volunteer does).
    let field = h.get_by_label("Passphrase");
    field.focus();
    field.type_text("not the passphrase");
    h.run();
    h.key_press(egui::Key::Enter);
    h.step();
    while h.state().crypt_busy() {
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.run();
    assert!(
        h.query_by_label_contains("That is not this folder's passphrase")
            .is_some()
    );
    assert_ne!(h.state().doc.answers().taxpayer.name, NAME);
    assert!(!crypt::is_unlocked(&clinic));
    assert_eq!(every_file(&clinic), before);
    let _ = std::fs::remove_file(&wrong);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_folder_converts_both_ways() {
    let _keys = crate::common::crypt_registry();
    let clinic = scratch("convert");
    let mut names = Vec::new();
    for (i, year) in [(1, 2024), (2, 2025)] {
        let path = clinic.join(format!("client-{i}.ron"));
        let mut d = draft();
        d.answers.tax_year = year;
        for day in 1..=4 {
            d.answers.taxpayer.birth_date = Date::new(1960, 1, day);
            njtax_ui::files::write_draft(&path, &d).unwrap();
        }
        names.push(path);
    }
    let plain = every_file(&clinic);
    assert_eq!(plain.len(), 8, "two drafts with three backups each");

    let done = crypt_folder::encrypt_folder_with(&clinic, &pass(PASSPHRASE), Some(10)).unwrap();
    assert_eq!(done.done.len(), 8);
    assert!(done.failed.is_empty(), "{:?}", done.failed);
    let sealed = every_file(&clinic);
    assert!(sealed.contains_key(&crypt::key_file(&clinic)));
    for (path, bytes) in &sealed {
        assert!(
            crypt::is_encrypted(bytes),
            "{} is encrypted",
            path.display()
        );
    }
    assert_eq!(leaks(&sealed), Vec::<String>::new());
    for path in &names {
        assert_eq!(
            njtax_ui::files::read_draft(path)
                .unwrap()
                .answers
                .taxpayer
                .name,
            NAME
        );
    }
    // Locked, nothing reads or writes it in plain text.
    crypt::forget(&clinic);
    assert!(matches!(
        njtax_ui::files::read_draft(&names[0]),
        Err(njtax_ui::files::ReadError::Locked { .. })
    ));
    assert!(njtax_ui::files::write_draft(&names[0], &draft()).is_err());
    assert_eq!(every_file(&clinic), sealed, "a refused save writes nothing");

    let done = crypt_folder::decrypt_folder(&clinic, &pass(PASSPHRASE)).unwrap();
    assert_eq!(done.done.len(), 8);
    assert_eq!(
        every_file(&clinic),
        plain,
        "decrypted byte for byte as before"
    );
    assert!(!crypt::is_encrypted_folder(&clinic));
    let _ = std::fs::remove_dir_all(&clinic);
}

#[test]
fn the_roster_lists_encrypted_drafts_once_unlocked() {
    let _keys = crate::common::crypt_registry();
    let clinic = scratch("roster");
    crypt_folder::create_key_with(&clinic, &pass(PASSPHRASE), Some(10)).unwrap();
    for i in 0..3 {
        njtax_ui::files::write_draft(&clinic.join(format!("c{i}.ron")), &draft()).unwrap();
    }
    crypt::forget(&clinic);
    let book = njtax_engine::ParamBook::load().unwrap();
    let locked = njtax_ui::roster_reader::read_roster(&clinic, Default::default(), &book);
    assert_eq!(locked.entries.len(), 3);
    for e in &locked.entries {
        assert!(e.row.is_none());
        assert!(
            e.unreadable
                .as_deref()
                .is_some_and(|w| w.contains("encrypted")),
            "{:?}",
            e.unreadable
        );
    }
    crypt::unlock(&clinic, &pass(PASSPHRASE)).unwrap();
    let open = njtax_ui::roster_reader::read_roster(&clinic, Default::default(), &book);
    assert_eq!(open.entries.len(), 3);
    for e in &open.entries {
        assert_eq!(
            e.row.as_ref().map(|r| r.name.as_str()),
            Some(NAME),
            "{:?}",
            e.unreadable
        );
    }
    // The command line's roster too.
    let secret = passphrase_file("roster", PASSPHRASE);
    let out = njtax(&["clinic", clinic.to_str().unwrap(), "--json"], &secret);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).matches(NAME).count(),
        3
    );
    crypt::forget(&clinic);
    let _ = std::fs::remove_file(&secret);
    let _ = std::fs::remove_dir_all(&clinic);
}

/// A small random source for the kill points (xorshift), seeded from the clock and printed.
#[cfg(unix)]
struct Rng(u64);

#[cfg(unix)]
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

#[cfg(unix)]
#[test]
fn kill_9_during_encrypted_saves_loses_nothing() {
    let _keys = crate::common::crypt_registry();
    let kills: u32 = std::env::var("NJTAX_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let clinic = scratch("kill");
    crypt_folder::create_key_with(&clinic, &pass(PASSPHRASE), Some(10)).unwrap();
    let client = clinic.join("client-9.ron");
    njtax_ui::files::write_draft(&client, &draft()).unwrap();
    let secret = passphrase_file("kill", PASSPHRASE);
    let note = |i: u32| {
        Command::new(env!("CARGO_BIN_EXE_njtax"))
            .args([
                "note",
                client.to_str().unwrap(),
                "--add",
                &format!("note {i}"),
                "--as",
                "vol1",
            ])
            .env("NJTAX_PASSPHRASE_FILE", &secret)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    // How long one whole note takes here: the kills land anywhere in it.
    let started = std::time::Instant::now();
    assert!(note(0).wait().unwrap().success());
    let span = u64::try_from(started.elapsed().as_micros())
        .unwrap_or(100_000)
        .max(1_000);
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    println!("kill -9 at random points: {kills} kills, seed {seed}, a note takes {span} us");
    let mut rng = Rng(seed);
    let mut completed = 1_usize;
    for i in 1..=kills {
        let mut child = note(i);
        std::thread::sleep(std::time::Duration::from_micros(rng.below(span)));
        let _ = child.kill();
        if child.wait().unwrap().success() {
            completed += 1;
        }
        // The killed writer is provably gone: its update lock (if it left one) goes too, as
        // the lock's own clean-up of a dead holder would.
        let _ = std::fs::remove_file(njtax_ui::sharing::UpdateLock::file_for(&client));
        // Every file of the draft decrypts and parses after each kill.
        let d = njtax_ui::files::read_draft(&client)
            .unwrap_or_else(|e| panic!("after kill {i} (seed {seed}): {e}"));
        assert!(d.answers.clinic.as_ref().map_or(0, |c| c.notes.len()) >= completed);
        for n in 1..=3 {
            let bak = clinic.join(format!("client-9.ron.bak{n}"));
            if bak.exists() {
                njtax_ui::files::read_draft(&bak)
                    .unwrap_or_else(|e| panic!("after kill {i} (seed {seed}): {e}"));
            }
        }
    }
    // No file in the folder is plain text.
    for (path, bytes) in every_file(&clinic) {
        assert!(
            crypt::is_encrypted(&bytes) || path.to_string_lossy().contains(".update"),
            "{}",
            path.display()
        );
    }
    println!("{completed} of {} notes completed", kills + 1);
    crypt::forget(&clinic);
    let _ = std::fs::remove_file(&secret);
    let _ = std::fs::remove_dir_all(&clinic);
}

/// Set an answer through the app, as a screen does.
fn set(h: &mut Harness<'static, App>, path: &str, value: serde_json::Value) {
    h.state_mut().send(njtax_ui::Command::Set {
        path: path.to_owned(),
        value,
    });
    h.run();
}

fn save(h: &mut Harness<'static, App>) -> String {
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    h.state().ui_state.message.clone().unwrap_or_default().0
}

#[test]
fn the_file_menu_encrypts_and_decrypts_the_folder_and_saves_stay_quiet() {
    let _keys = crate::common::crypt_registry();
    let clinic = scratch("menu");
    let client = clinic.join("client-5.ron");
    njtax_ui::files::write_draft(&client, &draft()).unwrap();
    let mut h = harness(App::new(
        Answers::default(),
        "Untitled draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(njtax_ui::platform::MemoryRecent::default()),
    ));
    h.run();
    h.state_mut().open_file(&client);
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Encrypt this clinic folder…").click();
    h.run();
    // Two different passphrases: refused, nothing written.
    let plain = every_file(&clinic);
    let fields = h.get_all_by_label("Passphrase").count();
    assert_eq!(fields, 1);
    h.get_by_label("Passphrase").focus();
    h.get_by_label("Passphrase").type_text(PASSPHRASE);
    h.get_by_label("The same passphrase again").focus();
    h.get_by_label("The same passphrase again")
        .type_text("something else");
    h.run();
    h.get_by_label("Encrypt").click();
    h.run();
    assert!(
        h.query_by_label_contains("The two passphrases differ")
            .is_some()
    );
    assert_eq!(every_file(&clinic), plain);
    h.get_by_label("The same passphrase again").focus();
    h.get_by_label("The same passphrase again")
        .type_text(PASSPHRASE);
    h.run();
    press(&mut h, "Encrypt");
    let message = h.state().ui_state.message.clone().unwrap_or_default().0;
    assert!(message.starts_with("Encrypted 1 file"), "{message}");
    assert!(crypt::is_encrypted(&std::fs::read(&client).unwrap()));
    assert!(crypt::is_unlocked(&clinic));

    // Saves in the encrypted folder: each one "Saved", never a conflict with itself.
    for n in 1..=3 {
        set(
            &mut h,
            "address.street",
            serde_json::json!(format!("{n} Main St")),
        );
        let said = save(&mut h);
        assert!(said.starts_with("Saved"), "{said}");
        assert!(h.state().ui_state.conflict.is_none());
    }
    assert_eq!(leaks(&every_file(&clinic)), Vec::<String>::new());
    let back = njtax_ui::files::read_draft(&client).unwrap();
    assert_eq!(back.answers.address.street, "3 Main St");

    // And back to plain text.
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Decrypt this clinic folder…").click();
    h.run();
    h.get_by_label("Passphrase").focus();
    h.get_by_label("Passphrase").type_text(PASSPHRASE);
    h.run();
    press(&mut h, "Decrypt");
    let message = h.state().ui_state.message.clone().unwrap_or_default().0;
    assert!(message.contains("no longer encrypted"), "{message}");
    assert!(!crypt::is_encrypted_folder(&clinic));
    for (path, bytes) in every_file(&clinic) {
        assert!(!crypt::is_encrypted(&bytes), "{}", path.display());
    }
    assert!(holds(&std::fs::read(&client).unwrap(), NAME));
    let _ = std::fs::remove_dir_all(&clinic);
}
