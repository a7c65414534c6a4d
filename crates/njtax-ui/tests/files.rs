//! Draft files on disk: private modes, backups, failed writes that change nothing, and reading
//! damaged drafts without panicking or touching them.
#![allow(clippy::expect_used)] // tests may panic on a broken fixture or folder

use std::fs;
use std::path::{Path, PathBuf};

use njtax_engine::Draft;
use njtax_engine::draft::draft_to_string;
use njtax_ui::files::{BACKUPS, ReadError, read_draft, write_draft, write_private};

fn example_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/single-renter.ron")
}

fn example() -> Draft {
    let text = fs::read_to_string(example_path()).expect("example draft");
    njtax_engine::parse_draft(&text).expect("example parses")
}

/// The example with a different taxpayer name: drafts that differ by one field.
fn numbered(n: usize) -> Draft {
    let mut draft = example();
    draft.answers.taxpayer.name = format!("Taxpayer {n}");
    draft
}

fn text(draft: &Draft) -> String {
    draft_to_string(draft).expect("serialises")
}

fn backup(path: &Path, n: u32) -> PathBuf {
    let mut name = path.file_name().expect("file name").to_os_string();
    name.push(format!(".bak{n}"));
    path.with_file_name(name)
}

/// Names in a folder, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn temp_files(dir: &Path, name: &str) -> Vec<String> {
    let prefix = format!(".{name}.");
    listing(dir)
        .into_iter()
        .filter(|n| n.starts_with(&prefix))
        .collect()
}

#[cfg(unix)]
mod modes {
    use std::os::unix::fs::PermissionsExt as _;

    use rustix::fs::Mode;

    use super::*;

    fn mode(path: &Path) -> u32 {
        fs::metadata(path).expect("metadata").permissions().mode() & 0o777
    }

    /// Sets the process umask for the life of the guard. The umask is process-wide: the other
    /// tests in this binary only get more permissive defaults, which the saving code overrides.
    struct Umask(Mode);

    impl Umask {
        fn set(mask: u32) -> Self {
            // `mode_t` is 32 bits on Linux, 16 on macOS and the BSDs.
            let mask = rustix::fs::RawMode::try_from(mask & 0o777).expect("a umask fits");
            Self(rustix::process::umask(Mode::from_bits_truncate(mask)))
        }
    }

    impl Drop for Umask {
        fn drop(&mut self) {
            rustix::process::umask(self.0);
        }
    }

    #[test]
    fn drafts_and_backups_are_private_even_with_a_permissive_umask() {
        let _umask = Umask::set(0);
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("draft.ron");
        // A draft saved by another program, readable by everyone.
        fs::write(&path, text(&numbered(0))).expect("legacy draft");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).expect("chmod");
        for n in 1..=5 {
            write_draft(&path, &numbered(n)).expect("saved");
            assert_eq!(mode(&path), 0o600, "draft after save {n}");
            for b in 1..=BACKUPS.min(u32::try_from(n).expect("small")) {
                assert_eq!(mode(&backup(&path, b)), 0o600, "bak{b} after save {n}");
            }
        }
        let recovery = dir.path().join("recovery.ron");
        write_private(&recovery, "answers").expect("written");
        assert_eq!(mode(&recovery), 0o600);
    }

    /// The recent-drafts list names clients' drafts: its folder is 0700 and the file 0600 even
    /// with umask 000, and a list and folder left readable by an older version are made private.
    #[test]
    fn the_recent_drafts_list_and_its_folder_are_private_even_with_umask_000() {
        use njtax_ui::platform::{RecentFile, RecentStore as _};
        let _umask = Umask::set(0);
        let home = tempfile::tempdir().expect("temp dir");
        let config = home.path().join("config").join("njtax");
        let file = config.join("recent.ron");
        let mut recent = RecentFile::new(file.clone());
        let drafts = vec![PathBuf::from("/clients/smith-2025.ron")];
        recent.store(&drafts);
        assert_eq!(mode(&config), 0o700);
        assert_eq!(mode(&file), 0o600);
        assert_eq!(recent.load(), drafts);
        // Left readable by everyone (as an older version wrote it): private once the app starts.
        fs::set_permissions(&config, fs::Permissions::from_mode(0o755)).expect("chmod");
        fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).expect("chmod");
        let again = RecentFile::new(file.clone());
        assert_eq!(mode(&config), 0o700);
        assert_eq!(mode(&file), 0o600);
        assert_eq!(again.load(), drafts);
        // Clearing the list removes it from the disk: nothing names the client any more.
        let mut again = again;
        assert_eq!(again.clear(), Ok(()));
        assert!(!file.exists());
        assert!(again.load().is_empty());
        assert_eq!(again.clear(), Ok(()), "clearing an empty list is fine");
        // The state folder (recovery copies) is made the same way.
        let state = home.path().join("state").join("njtax");
        njtax_ui::files::create_private_folder(&state).expect("created");
        assert_eq!(mode(&state), 0o700);
    }

    #[test]
    fn the_apps_own_folders_and_files_are_private_even_at_umask_000() {
        use njtax_ui::platform::RecentStore as _;
        let _umask = Umask::set(0);
        let dir = tempfile::tempdir().expect("temp dir");
        // The state folder and its recovery folder, both new.
        let state = dir.path().join("state");
        let recovery = state.join("recovery");
        let store = njtax_ui::recovery::RecoveryStore::new(recovery.clone());
        store
            .save(None, "Untitled draft", &numbered(1), None)
            .expect("recovery written");
        assert_eq!(mode(&state), 0o700, "state folder");
        assert_eq!(mode(&recovery), 0o700, "recovery folder");
        for entry in fs::read_dir(&recovery).expect("listing") {
            let path = entry.expect("entry").path();
            assert_eq!(mode(&path), 0o600, "{}", path.display());
        }
        assert_eq!(mode(&store.file_for(None)), 0o600);
        // The config folder and the list of recent drafts.
        let config = dir.path().join("config").join("njtax");
        let mut recent = njtax_ui::platform::RecentFile::new(config.join("recent.ron"));
        recent.store(&[dir.path().join("smith.ron")]);
        assert_eq!(mode(&dir.path().join("config")), 0o700, "config folder");
        assert_eq!(mode(&config), 0o700);
        assert_eq!(mode(&config.join("recent.ron")), 0o600, "recent drafts");
        assert_eq!(recent.load(), [dir.path().join("smith.ron")]);
        // The lock file that marks a draft open.
        let draft = dir.path().join("smith.ron");
        write_draft(&draft, &numbered(2)).expect("saved");
        let lock = njtax_ui::sharing::DraftLock::acquire(&draft).expect("locked");
        assert_eq!(
            mode(&njtax_ui::sharing::DraftLock::file_for(&draft)),
            0o600,
            "lock file"
        );
        drop(lock);
    }

    /// A group this process may give its files: any group for root ("nogroup" here), else the
    /// process's own group.
    fn a_group(dir: &Path) -> u32 {
        use std::os::unix::fs::MetadataExt as _;
        let probe = dir.join("probe");
        fs::write(&probe, "").expect("probe");
        let m = fs::metadata(&probe).expect("probe metadata");
        fs::remove_file(&probe).expect("probe removed");
        if m.uid() == 0 { 65534 } else { m.gid() }
    }

    fn group(path: &Path) -> u32 {
        use std::os::unix::fs::MetadataExt as _;
        fs::metadata(path).expect("metadata").gid()
    }

    /// A clinic folder shared by a group: a draft the group may read and write (0660) stays so,
    /// with its group, after a save, and so does its backup; a draft the group may only read
    /// (0640) stays so; a draft readable or writable by everyone becomes private (never wider).
    #[test]
    fn a_save_keeps_a_group_shared_drafts_group_and_mode_never_others() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().expect("temp dir");
        let g = a_group(dir.path());
        for (before, after) in [
            (0o660, 0o660),
            (0o640, 0o640),
            (0o620, 0o620),
            (0o600, 0o600),
            (0o664, 0o600),
            (0o666, 0o600),
            (0o604, 0o600),
        ] {
            let path = dir.path().join(format!("client-{before:o}.ron"));
            fs::write(&path, text(&numbered(0))).expect("draft");
            std::os::unix::fs::chown(&path, None, Some(g)).expect("chgrp");
            fs::set_permissions(&path, fs::Permissions::from_mode(before)).expect("chmod");
            write_draft(&path, &numbered(1)).expect("saved");
            assert_eq!(mode(&path), after, "{before:o}");
            assert_eq!(mode(&backup(&path, 1)), after, "backup of {before:o}");
            if after & 0o070 != 0 {
                assert_eq!(group(&path), g, "{before:o} keeps its group");
                assert_eq!(group(&backup(&path, 1)), g);
            }
        }
    }

    /// A new draft in a folder that passes its group on (setgid, the usual shared-folder set-up)
    /// is readable and writable by that group, so the next volunteer can open and save it.
    #[test]
    fn a_new_draft_in_a_setgid_folder_is_the_groups() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().expect("temp dir");
        let shared = dir.path().join("clinic");
        fs::create_dir(&shared).expect("folder");
        let g = a_group(dir.path());
        std::os::unix::fs::chown(&shared, None, Some(g)).expect("chgrp");
        fs::set_permissions(&shared, fs::Permissions::from_mode(0o2770)).expect("setgid");
        let path = shared.join("new-client.ron");
        write_draft(&path, &numbered(1)).expect("saved");
        assert_eq!(mode(&path), 0o660);
        assert_eq!(group(&path), g);
        // Elsewhere a new draft stays private.
        let private = dir.path().join("mine.ron");
        write_draft(&private, &numbered(1)).expect("saved");
        assert_eq!(mode(&private), 0o600);
    }
}

/// A draft opened through a symbolic link (absolute, relative, or naming a file not there yet) is
/// saved to the file the link names: the link stays a link, the backups sit next to the file.
/// Unix only: on Windows making a symbolic link needs administrator rights or developer mode.
#[cfg(unix)]
#[test]
fn a_draft_saved_through_a_symbolic_link_updates_the_file_it_names() {
    let dir = tempfile::tempdir().expect("temp dir");
    let real_dir = dir.path().join("real");
    fs::create_dir(&real_dir).expect("folder");
    let real = real_dir.join("client.ron");
    fs::write(&real, text(&numbered(0))).expect("draft");
    let absolute = dir.path().join("absolute.ron");
    std::os::unix::fs::symlink(&real, &absolute).expect("link");
    let relative = dir.path().join("relative.ron");
    std::os::unix::fs::symlink("real/client.ron", &relative).expect("link");
    let chained = dir.path().join("chained.ron");
    std::os::unix::fs::symlink("relative.ron", &chained).expect("link");
    for (n, link) in [&absolute, &relative, &chained].into_iter().enumerate() {
        write_draft(link, &numbered(n + 1)).expect("saved");
        assert!(
            fs::symlink_metadata(link)
                .expect("link")
                .file_type()
                .is_symlink(),
            "{link:?} stays a link"
        );
        assert_eq!(read_draft(&real).expect("reads"), numbered(n + 1));
        assert_eq!(read_draft(link).expect("reads"), numbered(n + 1));
    }
    assert_eq!(read_draft(&backup(&real, 1)).expect("backup"), numbered(2));
    assert!(!backup(&absolute, 1).exists());
    // A link to a file not there yet: the save creates that file.
    let dangling = dir.path().join("dangling.ron");
    std::os::unix::fs::symlink("real/new.ron", &dangling).expect("link");
    write_draft(&dangling, &numbered(9)).expect("saved");
    assert_eq!(
        read_draft(&real_dir.join("new.ron")).expect("reads"),
        numbered(9)
    );
    // A loop is an error that changes nothing.
    let a = dir.path().join("a.ron");
    let b = dir.path().join("b.ron");
    std::os::unix::fs::symlink(&b, &a).expect("link");
    std::os::unix::fs::symlink(&a, &b).expect("link");
    let err = write_draft(&a, &numbered(1)).expect_err("a loop");
    assert!(err.to_string().contains("link"), "{err}");
}

/// A draft with another name (a hard link) is told apart, so the app can warn that the other
/// name keeps the previous version after a save.
#[test]
fn a_hard_linked_draft_is_noticed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("client.ron");
    fs::write(&path, text(&numbered(0))).expect("draft");
    assert_eq!(njtax_ui::files::other_names(&path), 0);
    fs::hard_link(&path, dir.path().join("copy.ron")).expect("link");
    assert_eq!(njtax_ui::files::other_names(&path), 1);
    assert_eq!(
        njtax_ui::files::other_names(&dir.path().join("none.ron")),
        0
    );
}

/// File names up to the file system's 255 bytes save, back up and rotate: the temporary and
/// backup names of a long name are shortened (with a hash, so that two long names sharing a
/// start keep their own backups), and the temporary files are cleaned up as usual.
#[test]
fn drafts_with_names_of_up_to_255_bytes_save_with_their_backups() {
    let dir = tempfile::tempdir().expect("temp dir");
    for len in [200, 243, 244, 250, 251, 255] {
        for variant in ["a", "b"] {
            let name = format!("{variant}{}.ron", "x".repeat(len - 5));
            assert_eq!(name.len(), len);
            let path = dir.path().join(&name);
            for n in 0..=4 {
                write_draft(&path, &numbered(n)).expect("saved");
            }
            assert_eq!(read_draft(&path).expect("reads"), numbered(4));
            assert!(temp_files(dir.path(), &name).is_empty());
        }
    }
    // 6 lengths x 2 names, each with its 3 backups, and nothing else.
    let names = listing(dir.path());
    assert_eq!(names.len(), 6 * 2 * 4, "{names:#?}");
    assert!(names.iter().all(|n| n.len() <= 255));
    assert!(!names.iter().any(|n| n.ends_with(".tmp")));
}

#[test]
fn backups_rotate_keeping_three_newest_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("draft.ron");
    for n in 0..7 {
        write_draft(&path, &numbered(n)).expect("saved");
        assert_eq!(
            fs::read_to_string(&path).expect("draft"),
            text(&numbered(n))
        );
        for b in 1..=BACKUPS {
            let bak = backup(&path, b);
            let expected = n.checked_sub(usize::try_from(b).expect("small"));
            match expected {
                Some(older) => assert_eq!(
                    fs::read_to_string(&bak).expect("backup exists"),
                    text(&numbered(older)),
                    "bak{b} after save {n}"
                ),
                None => assert!(!bak.exists(), "bak{b} too early after save {n}"),
            }
        }
        assert!(!backup(&path, BACKUPS + 1).exists());
        assert!(temp_files(dir.path(), "draft.ron").is_empty());
    }
    assert_eq!(
        listing(dir.path()),
        [
            "draft.ron",
            "draft.ron.bak1",
            "draft.ron.bak2",
            "draft.ron.bak3"
        ]
    );
}

#[test]
fn saving_the_same_draft_again_keeps_the_backups() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("draft.ron");
    for n in 0..3 {
        write_draft(&path, &numbered(n)).expect("saved");
    }
    for _ in 0..3 {
        write_draft(&path, &numbered(2)).expect("saved again");
    }
    assert_eq!(
        fs::read_to_string(backup(&path, 1)).expect("bak1"),
        text(&numbered(1))
    );
    assert_eq!(
        fs::read_to_string(backup(&path, 2)).expect("bak2"),
        text(&numbered(0))
    );
    assert!(!backup(&path, 3).exists());
}

#[test]
fn a_write_into_a_missing_folder_fails_and_leaves_nothing_behind() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("missing");
    let err = write_draft(&missing.join("draft.ron"), &example()).expect_err("no folder");
    assert!(err.to_string().contains("missing"), "{err}");
    assert!(!missing.exists());
    assert!(listing(dir.path()).is_empty());
    assert!(write_private(&missing.join("recovery.ron"), "x").is_err());
    assert!(listing(dir.path()).is_empty());
}

#[test]
fn a_write_over_a_folder_fails_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("draft.ron");
    fs::create_dir(&path).expect("folder in the way");
    fs::write(path.join("inside"), "kept").expect("file inside");
    let err = write_draft(&path, &example()).expect_err("a folder is not a draft");
    assert!(err.to_string().contains("draft.ron"), "{err}");
    assert!(write_private(&path, "x").is_err());
    assert_eq!(listing(dir.path()), ["draft.ron"]);
    assert_eq!(listing(&path), ["inside"]);
}

#[test]
fn a_write_that_fails_midway_leaves_the_old_draft_byte_for_byte() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("draft.ron");
    for n in 0..3 {
        write_draft(&path, &numbered(n)).expect("saved");
    }
    // Root is not stopped by read-only folders, so make the oldest backup a folder instead: the
    // save gets as far as rotating the backups (the new text is already written to a temporary
    // file) and then fails.
    let bak3 = backup(&path, 3);
    fs::create_dir(&bak3).expect("folder in the way");
    fs::write(bak3.join("inside"), "kept").expect("file inside");
    let before = fs::read(&path).expect("draft");
    let baks_before: Vec<Vec<u8>> = (1..BACKUPS)
        .map(|b| fs::read(backup(&path, b)).expect("backup"))
        .collect();

    let err = write_draft(&path, &numbered(9)).expect_err("rotation fails");
    assert!(err.to_string().contains("bak2"), "{err}");

    assert_eq!(fs::read(&path).expect("draft"), before);
    let baks_after: Vec<Vec<u8>> = (1..BACKUPS)
        .map(|b| fs::read(backup(&path, b)).expect("backup"))
        .collect();
    assert_eq!(baks_after, baks_before);
    assert!(temp_files(dir.path(), "draft.ron").is_empty());
    assert_eq!(read_draft(&path).expect("still reads"), numbered(2));
}

#[test]
fn temporary_files_of_crashed_saves_are_removed_but_not_those_in_use() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("draft.ron");
    let abandoned = dir.path().join(".draft.ron.AbC123.tmp");
    let in_use = dir.path().join(".draft.ron.XyZ789.tmp");
    let not_ours = dir.path().join(".draft.ron.notes.tmp");
    let other_draft = dir.path().join(".draft.ron.x.AbC123.tmp");
    for p in [&abandoned, &in_use, &not_ours, &other_draft] {
        fs::write(p, "partial").expect("temp file");
    }
    let held = fs::File::open(&in_use).expect("open");
    held.lock().expect("lock, as a running save does");

    write_draft(&path, &example()).expect("saved");

    assert!(!abandoned.exists());
    assert!(in_use.exists());
    assert!(not_ours.exists());
    assert!(other_draft.exists());
    drop(held);
    write_private(&path, &text(&example())).expect("saved");
    assert!(!in_use.exists());
}

#[test]
fn a_saved_draft_reads_back_equal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("draft.ron");
    write_draft(&path, &example()).expect("saved");
    assert_eq!(read_draft(&path).expect("reads"), example());
}

/// Ok, or an error naming the file with a line and column.
fn assert_clear(result: &Result<Draft, ReadError>, name: &str, what: &str) {
    let Err(err) = result else { return };
    let shown = err.to_string();
    let (line, column) = err
        .location()
        .unwrap_or_else(|| panic!("{what}: no line/column in {shown:?}"));
    let expected_start = format!("{name}: line {line}, column {column}: ");
    assert!(
        shown.starts_with(&expected_start) && shown.len() > expected_start.len(),
        "{what}: {shown:?}"
    );
    assert!(line >= 1 && column >= 1, "{what}: {shown:?}");
}

#[test]
fn a_draft_cut_at_every_byte_reads_cleanly_and_is_never_modified() {
    let full = fs::read(example_path()).expect("example draft");
    let dir = tempfile::tempdir().expect("temp dir");
    let name = "single-renter.ron";
    let path = dir.path().join(name);
    let mut oks = 0;
    for cut in 0..=full.len() {
        let bytes = &full[..cut];
        fs::write(&path, bytes).expect("cut draft");
        let modified = fs::metadata(&path)
            .expect("metadata")
            .modified()
            .expect("mtime");
        let result = read_draft(&path);
        assert_clear(&result, name, &format!("cut at {cut}"));
        if let Ok(draft) = result {
            assert_eq!(draft, example(), "cut at {cut}");
            oks += 1;
        }
        assert_eq!(fs::read(&path).expect("draft"), bytes, "cut at {cut}");
        let after = fs::metadata(&path)
            .expect("metadata")
            .modified()
            .expect("mtime");
        assert_eq!(after, modified, "cut at {cut}");
        assert_eq!(listing(dir.path()), [name], "cut at {cut}");
    }
    // The whole file and the file without its final newline.
    assert!(oks >= 1, "the complete draft reads");
}

#[test]
fn text_that_is_not_utf8_is_located() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bad.ron");
    fs::write(&path, b"Draft(\n    format_version: 1,\n  \xff\n)").expect("written");
    let err = read_draft(&path).expect_err("not UTF-8");
    assert_eq!(err.location(), Some((3, 3)));
    assert!(
        err.to_string().starts_with("bad.ron: line 3, column 3: "),
        "{err}"
    );
    // Cut inside a two-byte character.
    fs::write(&path, "Draft(\"é".as_bytes().split_last().expect("bytes").1).expect("written");
    let err = read_draft(&path).expect_err("cut character");
    assert_eq!(err.location(), Some((1, 8)));
}

#[test]
fn a_missing_draft_is_named() {
    let dir = tempfile::tempdir().expect("temp dir");
    let err = read_draft(&dir.path().join("gone.ron")).expect_err("missing");
    assert!(
        err.to_string()
            .starts_with("gone.ron: could not read the file"),
        "{err}"
    );
    assert!(listing(dir.path()).is_empty());
}

#[test]
fn a_newer_format_is_refused_by_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("future.ron");
    let current = format!("format_version: {}", njtax_engine::FORMAT_VERSION);
    let original = text(&example());
    assert!(
        original.contains(&current),
        "the example is in the current format"
    );
    let future = original.replacen(&current, "format_version: 99", 1);
    fs::write(&path, &future).expect("written");
    let err = read_draft(&path).expect_err("too new");
    assert!(
        err.to_string()
            .starts_with("future.ron: this draft uses format version 99"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&path).expect("unchanged"), future);
}

/// A draft saved by an editor that starts UTF-8 text with a byte-order mark reads as the draft.
#[test]
fn a_draft_with_a_byte_order_mark_reads() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bom.ron");
    let mut bytes = "\u{feff}".as_bytes().to_vec();
    bytes.extend(fs::read(example_path()).expect("example"));
    fs::write(&path, &bytes).expect("written");
    assert_eq!(read_draft(&path).expect("reads"), example());
}

/// A file larger than any draft is refused before it is read, in plain words, and the open-error
/// window says what it is and offers nothing to repair.
#[test]
fn a_file_larger_than_any_draft_is_refused_unread() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("huge.ron");
    let limit = njtax_engine::draft::MAX_DRAFT_BYTES;
    let file = fs::File::create(&path).expect("created");
    file.set_len(limit * 100).expect("sparse file");
    let err = read_draft(&path).expect_err("too large");
    assert!(matches!(err, ReadError::TooLarge { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "huge.ron: the file is 400 MB, larger than any draft (njtax reads drafts of up to 4 MB), so it was not read"
    );
    let problem = err.explain();
    assert!(
        problem.what.contains("far larger than a draft"),
        "{problem:?}"
    );
    assert_eq!(problem.previous_save, None);
    // Just over the bound is refused; the bound itself is read (and found to be no draft).
    file.set_len(limit + 1).expect("resized");
    let err = read_draft(&path).expect_err("too large");
    assert!(err.to_string().contains("the file is 4.1 MB"), "{err}");
    file.set_len(limit).expect("resized");
    assert!(!matches!(
        read_draft(&path),
        Err(ReadError::TooLarge { .. })
    ));
}

/// Temporary files of crashed saves (each a whole draft) are removed when the draft is opened and
/// for the recent drafts at start, not only at its next save; those of a running save and other
/// files are left.
#[test]
fn temporary_files_of_crashed_saves_are_removed_when_the_draft_is_opened() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("draft.ron");
    fs::write(&path, text(&example())).expect("draft");
    let abandoned = dir.path().join(".draft.ron.AbC123.tmp");
    let in_use = dir.path().join(".draft.ron.XyZ789.tmp");
    let not_ours = dir.path().join(".other.ron.AbC123.tmp");
    for p in [&abandoned, &in_use, &not_ours] {
        fs::write(p, "partial").expect("temp file");
    }
    let held = fs::File::open(&in_use).expect("open");
    held.lock().expect("lock, as a running save does");
    njtax_ui::files::remove_abandoned_temps(&path);
    assert!(!abandoned.exists());
    assert!(in_use.exists() && not_ours.exists());
    drop(held);

    // Opening the draft in the app does the same.
    let mut app = njtax_ui::App::new(
        example().answers,
        "Sample",
        Box::new(njtax_ui::platform::ScriptedDialogs::default()),
        Box::new(njtax_ui::platform::MemoryRecent::default()),
    );
    app.open_file(&path);
    assert_eq!(app.recent, std::slice::from_ref(&path));
    assert!(!in_use.exists());
    assert!(not_ours.exists());
    assert_eq!(fs::read_to_string(&path).expect("draft"), text(&example()));
}

/// A named pipe where a draft is expected is refused at once, not read (a read would wait for a
/// writer and freeze the window or the command), and so is a folder; the stamp a save checks
/// says so too.
#[cfg(unix)]
#[test]
fn a_named_pipe_or_a_folder_as_the_draft_is_refused_without_waiting() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("client.ron");
    make_fifo(&fifo);
    let (tx, rx) = std::sync::mpsc::channel();
    let path = fifo.clone();
    std::thread::spawn(move || {
        let read = read_draft(&path).map(|_| ());
        let stamp = njtax_ui::sharing::Stamp::of_file(&path).map(|_| ());
        let _ = tx.send((read.err().map(|e| e.to_string()), stamp.is_err()));
    });
    let (read, stamp_refused) = rx
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("reading a named pipe as a draft returned without waiting for a writer");
    let read = read.expect("a named pipe is not a draft");
    assert!(read.contains("not a plain file"), "{read}");
    assert!(stamp_refused);
    let folder = dir.path().join("folder.ron");
    fs::create_dir(&folder).expect("folder");
    let err = read_draft(&folder).expect_err("a folder is not a draft");
    assert_eq!(err.explain().what, "This is a folder, not a file.");
}

/// Make a named pipe at `path`: through rustix on Linux; with `mkfifo(1)` elsewhere (rustix has no
/// `mkfifoat` on macOS and the BSDs).
#[cfg(unix)]
fn make_fifo(path: &Path) {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    rustix::fs::mkfifoat(
        rustix::fs::CWD,
        path,
        rustix::fs::Mode::from_raw_mode(0o600),
    )
    .expect("fifo");
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    assert!(
        std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .expect("mkfifo runs")
            .success(),
        "mkfifo"
    );
}
