//! The app's own folders (settings, recent drafts, recovery copies) on every system, from the
//! `directories` crate: the state folder where the system has one (Linux), else the local data
//! folder (Windows, macOS, which have no state folder), made private when written to.
#![allow(clippy::unwrap_used)] // tests may panic on a broken fixture

use std::path::Path;

use njtax::folders::AppFolders;

/// The choice, from an injected base: the state folder when the system gives one, else the
/// local data folder; the files' names in them.
#[test]
fn the_recovery_folder_is_the_state_folder_or_else_the_local_data_folder() {
    let base = Path::new("base");
    let with_state = AppFolders::choose(
        &base.join("config"),
        Some(&base.join("state")),
        &base.join("local"),
    );
    assert_eq!(
        with_state.recovery_folder(),
        base.join("state").join("recovery")
    );
    assert_eq!(
        with_state.recent_file(),
        base.join("config").join("recent.ron")
    );
    assert_eq!(
        with_state.settings_file(),
        base.join("config").join("settings.ron")
    );
    let without = AppFolders::choose(&base.join("config"), None, &base.join("local"));
    assert_eq!(
        without.recovery_folder(),
        base.join("local").join("recovery")
    );
    assert_eq!(without.config, base.join("config"));
}

/// On this system: Linux's state folder; on Windows and macOS the local data folder (on Windows
/// `%LOCALAPPDATA%`, never the roaming profile, since recovery copies hold whole drafts).
#[test]
fn this_systems_folders_are_the_users_own() {
    let Some(dirs) = directories::ProjectDirs::from("org", "njtax", "njtax") else {
        println!("skipped: no home folder here");
        return;
    };
    let folders = AppFolders::of_system().unwrap();
    assert!(folders.config.is_absolute() && folders.state.is_absolute());
    match dirs.state_dir() {
        Some(state) => assert_eq!(folders.state, state),
        None => assert_eq!(folders.state, dirs.data_local_dir()),
    }
    // Only Linux has a state folder; Windows and macOS use the local data folder.
    assert_eq!(dirs.state_dir().is_some(), std::env::consts::OS == "linux");
    if cfg!(windows)
        && let Some(local) = std::env::var_os("LOCALAPPDATA")
    {
        assert!(folders.state.starts_with(local), "{:?}", folders.state);
    }
}

/// The folders are made private as the app makes them, and a recovery copy written there is
/// the user's only (Unix modes; on Windows the profile's inherited access list, not testable here).
#[test]
fn the_recovery_folder_is_made_private() {
    let base = tempfile::tempdir().unwrap();
    let folders = AppFolders::choose(
        &base.path().join("config"),
        None,
        &base.path().join("local").join("njtax"),
    );
    njtax_ui::files::create_private_folder(&folders.state).unwrap();
    let store = njtax_ui::recovery::RecoveryStore::new(folders.recovery_folder());
    let draft = njtax_engine::parse_draft(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/single-renter.ron"),
        )
        .unwrap(),
    )
    .unwrap();
    store.save(None, "untitled", &draft, None).unwrap();
    let file = store.file_for(None);
    assert!(file.starts_with(folders.recovery_folder()));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&folders.state), 0o700);
        assert_eq!(mode(&folders.recovery_folder()), 0o700);
        assert_eq!(mode(&file), 0o600);
    }
}
