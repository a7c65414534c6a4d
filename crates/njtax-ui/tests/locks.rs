//! The lock files beside a draft, as a shared clinic folder meets them on a bad day: a link, a
//! FIFO, a folder or another name of a draft planted where a lock goes; a lock left by a crash on
//! this computer or by a computer that went away; writers whose wall clocks disagree; two
//! volunteers with their own logins. Nothing planted is written, nothing hangs, no work is lost.
//! Run on Linux, and on Windows under Wine (`cargo test --target x86_64-pc-windows-gnu`); what
//! cannot be planted or done on one system is skipped there with the reason printed.
#![allow(clippy::expect_used, clippy::unwrap_used)] // tests may panic on a broken fixture

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use njtax_ui::sharing::{
    Clock, DraftLock, LockError, LockFailure, UpdateError, UpdateLock, Watch, host_name,
    update_draft, update_draft_with,
};

/// A clock for tests: the monotonic clock moves only when told (or when a lock waits), the
/// wall clock is the computer's moved by `ahead`.
struct TestClock {
    base: Instant,
    passed: Mutex<Duration>,
    ahead: jiff::SignedDuration,
}

impl TestClock {
    fn new() -> Self {
        Self {
            base: Instant::now(),
            passed: Mutex::new(Duration::ZERO),
            ahead: jiff::SignedDuration::ZERO,
        }
    }
    fn advance(&self, by: Duration) {
        *self.passed.lock().unwrap() += by;
    }
}

impl Clock for TestClock {
    fn now(&self) -> Instant {
        self.base + *self.passed.lock().unwrap()
    }
    fn wall(&self) -> jiff::Timestamp {
        jiff::Timestamp::now() + self.ahead
    }
    fn sleep(&self, pause: Duration) {
        self.advance(pause);
    }
}

/// The computer's monotonic clock and waits, with a wall clock `ahead` of (or behind) it.
struct SkewedClock {
    ahead: jiff::SignedDuration,
}

impl Clock for SkewedClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
    fn wall(&self) -> jiff::Timestamp {
        jiff::Timestamp::now() + self.ahead
    }
    fn sleep(&self, pause: Duration) {
        std::thread::sleep(pause);
    }
}

/// Run `f` on a thread and wait for it, at most a minute: a call that hangs fails the test (a
/// bound, not a timing).
fn returns<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("{what} did not return: it hangs"))
}

fn example() -> String {
    fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/single-renter.ron"),
    )
    .expect("example draft")
}

/// A folder with `client.ron` and another client's draft `other.ron`.
fn folder() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().expect("temp folder");
    let draft = dir.path().join("client.ron");
    let other = dir.path().join("other.ron");
    fs::write(&draft, example()).unwrap();
    fs::write(&other, example().replace("Pat", "Other Client")).unwrap();
    (dir, draft, other)
}

/// What is planted where a lock file goes.
#[derive(Clone, Copy, Debug)]
enum Plant {
    /// A symbolic link to another client's draft.
    Link,
    /// A symbolic link to a file that does not exist (yet).
    DanglingLink,
    /// A named pipe: a blocking open or read of it never returns.
    Fifo,
    /// A folder.
    Folder,
    /// Another name (hard link) of another client's draft.
    HardLink,
}

const PLANTS: [Plant; 5] = [
    Plant::Link,
    Plant::DanglingLink,
    Plant::Fifo,
    Plant::Folder,
    Plant::HardLink,
];

/// Plant `kind` at `at`; `false` (with the reason printed) when this system cannot make it here.
fn plant(kind: Plant, at: &Path, other: &Path) -> bool {
    match kind {
        Plant::Link => symlink(other, at),
        Plant::DanglingLink => symlink(&other.with_extension("new"), at),
        Plant::Fifo => fifo(at),
        Plant::Folder => {
            fs::create_dir(at).unwrap();
            true
        }
        Plant::HardLink => {
            fs::hard_link(other, at).unwrap();
            true
        }
    }
}

#[cfg(unix)]
fn symlink(to: &Path, at: &Path) -> bool {
    std::os::unix::fs::symlink(to, at).unwrap();
    true
}

/// Windows lets only administrators (or developer mode) make symbolic links.
#[cfg(windows)]
fn symlink(to: &Path, at: &Path) -> bool {
    match std::os::windows::fs::symlink_file(to, at) {
        // Wine makes a Unix link, which Windows programs under it see as the file it names.
        Ok(()) if !fs::symlink_metadata(at).is_ok_and(|m| m.file_type().is_symlink()) => {
            println!(
                "skipped a symbolic link: this system shows it as the file it names, or as \
                 nothing when that file is missing (Wine)"
            );
            let _ = fs::remove_file(at);
            false
        }
        Ok(()) => true,
        Err(e) => {
            println!("skipped a symbolic link: this account may not make one ({e})");
            false
        }
    }
}

/// A named pipe: through rustix on Linux, `mkfifo(1)` on macOS and the BSDs (rustix has no
/// `mknodat` there).
#[cfg(unix)]
fn fifo(at: &Path) -> bool {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    rustix::fs::mknodat(
        rustix::fs::CWD,
        at,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    assert!(
        std::process::Command::new("mkfifo")
            .arg(at)
            .status()
            .unwrap()
            .success()
    );
    true
}

/// Windows has no named pipes in folders (its pipes live under `\\.\pipe\`).
#[cfg(windows)]
fn fifo(_at: &Path) -> bool {
    println!("skipped a FIFO: Windows has none in a folder");
    false
}

/// Everything in the folder, byte for byte (folders and FIFOs as their kind).
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let kind = fs::symlink_metadata(e.path()).unwrap().file_type();
            let bytes = if kind.is_symlink() {
                format!("link to {}", fs::read_link(e.path()).unwrap().display()).into_bytes()
            } else if kind.is_file() {
                fs::read(e.path()).unwrap()
            } else {
                format!("{kind:?}").into_bytes()
            };
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect();
    out.sort();
    out
}

/// A planted link, dangling link, FIFO, folder or hard link as the window lock: the app is told
/// which file and to remove it; nothing in the folder changes (the other client's draft byte for
/// byte); nothing hangs; who has the draft open reads as nobody.
#[test]
fn anything_but_a_plain_file_as_the_window_lock_is_refused_and_left_alone() {
    for kind in PLANTS {
        let (dir, draft, other) = folder();
        let lock = DraftLock::file_for(&draft);
        if !plant(kind, &lock, &other) {
            continue;
        }
        let before = contents(dir.path());
        let d = draft.clone();
        let got = returns("taking the window lock", move || {
            DraftLock::acquire(&d).map(|_| ())
        });
        let Err(LockError::Unavailable(e)) = got else {
            panic!("{kind:?}: {got:?}")
        };
        let text = e.to_string();
        assert!(
            text.contains(&lock.display().to_string()) && text.contains("Remove it"),
            "{kind:?}: {text}"
        );
        let d = draft.clone();
        assert_eq!(
            returns("reading who holds it", move || DraftLock::holder(&d)),
            None,
            "{kind:?}"
        );
        assert_eq!(contents(dir.path()), before, "{kind:?}: nothing changed");
        assert!(!other.with_extension("new").exists(), "{kind:?}");
    }
}

/// The same plants as the update lock: taking it and changing the draft in place fail at once
/// with the file's name and what to do; the draft and the other client's draft are unchanged.
#[test]
fn anything_but_a_plain_file_as_the_update_lock_stops_the_change_and_is_left_alone() {
    for kind in PLANTS {
        let (dir, draft, other) = folder();
        let lock = UpdateLock::file_for(&draft);
        if !plant(kind, &lock, &other) {
            continue;
        }
        let before = contents(dir.path());
        let d = draft.clone();
        let got = returns("taking the update lock", move || {
            UpdateLock::acquire(&d, "Ana Ruiz", Duration::from_secs(30)).map(|_| ())
        });
        let e = got.expect_err("refused");
        let text = e.to_string();
        assert!(
            text.contains(&lock.display().to_string()) && text.contains("Remove it"),
            "{kind:?}: {text}"
        );
        let d = draft.clone();
        let got = returns("a change in place", move || {
            update_draft(&d, "Ana Ruiz", Duration::from_secs(30), |draft| {
                draft.answers.taxpayer.name = "Changed".into();
                Ok(())
            })
        });
        assert!(
            matches!(&got, Err(UpdateError::Busy { .. })),
            "{kind:?}: {got:?}"
        );
        assert!(
            got.unwrap_err()
                .to_string()
                .contains(&lock.display().to_string())
        );
        assert_eq!(contents(dir.path()), before, "{kind:?}: nothing changed");
        assert!(!other.with_extension("new").exists(), "{kind:?}");
    }
}

/// The text of an update lock written by another writer.
fn lock_text(who: &str, host: &str, since: &str, pid: u32, renewed: u64) -> String {
    format!("{who}\n{host}\n{since}\npid {pid}\ntoken 1234\nrenewed {renewed:020}\n")
}

/// A command that ends at once.
fn quick_command() -> std::process::Command {
    if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "exit 0"]);
        c
    } else {
        std::process::Command::new("true")
    }
}

/// A process of this computer that has ended.
fn dead_pid() -> u32 {
    let mut child = quick_command().spawn().expect("the command runs");
    let pid = child.id();
    child.wait().unwrap();
    pid
}

/// A crash on this computer (kill -9) leaves the update lock: the next writer sees its process is
/// gone and takes it at once, without waiting and whatever time it says.
#[test]
fn a_lock_left_by_a_dead_process_on_this_computer_is_taken_at_once() {
    let (_dir, draft, _) = folder();
    let lock = UpdateLock::file_for(&draft);
    let text = lock_text(
        "Ana Ruiz",
        &host_name(),
        "2036-01-01T00:00:00Z",
        dead_pid(),
        7,
    );
    fs::write(&lock, &text).unwrap();
    let clock = TestClock::new();
    let held = UpdateLock::acquire_with(
        &draft,
        "Ben Ito",
        Duration::ZERO,
        &clock,
        &mut Watch::default(),
    )
    .expect("taken at once");
    assert_eq!(clock.now(), clock.base, "no time passed");
    let now = fs::read_to_string(&lock).unwrap();
    assert!(now.starts_with("Ben Ito\n"), "{now}");
    drop(held);
    assert!(!lock.exists(), "removed when dropped");
}

/// A lock of another computer (whose process cannot be checked from here) is taken over only once
/// this reader has watched it unrenewed for `UpdateLock::STALE` by its own clock; a renewal starts
/// the watch again; the time written in it (here ten years ahead) plays no part. The refusal names
/// the holder, the computer, the local time and the file.
#[test]
fn a_lock_of_another_computer_is_taken_only_after_the_watch_time_of_the_readers_own_clock() {
    let (_dir, draft, _) = folder();
    let lock = UpdateLock::file_for(&draft);
    fs::write(
        &lock,
        lock_text("Ana Ruiz", "LAPTOP-3", "2036-12-07T14:05:00Z", 1, 1),
    )
    .unwrap();
    let clock = TestClock::new();
    let mut watch = Watch::default();
    let take = |watch: &mut Watch| {
        UpdateLock::acquire_with(&draft, "Ben Ito", Duration::ZERO, &clock, watch)
    };
    let Err(busy) = take(&mut watch) else {
        panic!("taken at first sight")
    };
    let LockFailure::Busy { file, holder } = &busy else {
        panic!("{busy:?}")
    };
    assert_eq!(file, &lock);
    assert_eq!(
        (holder.who.as_str(), holder.host.as_str(), holder.pid),
        ("Ana Ruiz", "LAPTOP-3", Some(1))
    );
    let utc = jiff::tz::TimeZone::UTC;
    let east = jiff::tz::TimeZone::fixed(jiff::tz::offset(-5));
    assert_eq!(
        holder.words_in(&utc),
        "Ana Ruiz on LAPTOP-3 since 2036-12-07 14:05 UTC"
    );
    assert!(
        holder
            .words_in(&east)
            .starts_with("Ana Ruiz on LAPTOP-3 since 2036-12-07 09:05")
    );
    let text = busy.to_string();
    assert!(
        text.contains(&holder.words()) && text.contains(&format!("delete {}", lock.display())),
        "{text}"
    );

    clock.advance(UpdateLock::STALE - Duration::from_secs(1));
    assert!(take(&mut watch).is_err(), "not yet");
    // Renewed by its holder: the watch starts again.
    fs::write(
        &lock,
        lock_text("Ana Ruiz", "LAPTOP-3", "2036-12-07T14:05:00Z", 1, 2),
    )
    .unwrap();
    clock.advance(Duration::from_secs(2));
    assert!(take(&mut watch).is_err(), "renewed, so not stale");
    clock.advance(UpdateLock::STALE - Duration::from_secs(1));
    assert!(take(&mut watch).is_err(), "not yet");
    clock.advance(Duration::from_secs(1));
    let held = take(&mut watch).expect("stale by this reader's clock: taken over");
    assert!(fs::read_to_string(&lock).unwrap().starts_with("Ben Ito\n"));
    assert!(held.still_held());
    // A fresh reader has not watched it: the new holder's lock is not taken from it.
    let fresh =
        UpdateLock::acquire_with(&draft, "Cy", Duration::ZERO, &clock, &mut Watch::default());
    assert!(matches!(fresh, Err(LockFailure::Busy { .. })), "{fresh:?}");
    drop(held);
    // Nothing but the draft and the other client's draft is left (no moved-aside lock).
    let names: Vec<_> = fs::read_dir(draft.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

/// A holder renews its lock while it holds it (the text changes), and a holder whose lock was
/// taken over meanwhile (a computer asleep) knows it before it writes and, when dropped, leaves
/// the new holder's lock alone.
#[test]
fn a_held_lock_is_renewed_and_a_taken_over_one_is_never_removed_by_its_old_holder() {
    let (_dir, draft, _) = folder();
    let lock = UpdateLock::file_for(&draft);
    let held = UpdateLock::acquire(&draft, "Ana Ruiz", Duration::ZERO).unwrap();
    let first = fs::read_to_string(&lock).unwrap();
    assert!(first.contains(&format!("pid {}\n", std::process::id())));
    // Renewed every second: wait for it (bounded).
    let renewed = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        fs::read_to_string(&lock).unwrap() != first
    });
    assert!(renewed, "renewed within 10 seconds");
    assert!(held.still_held());
    if cfg!(windows) {
        // Nobody can remove or replace it while it is held (see
        // a_held_lock_file_cannot_be_changed_or_removed_by_anyone_else): a takeover cannot happen.
        drop(held);
        assert!(!lock.exists(), "removed when dropped");
        return;
    }
    // Another writer took it over: the file is not this lock's any more.
    fs::remove_file(&lock).unwrap();
    fs::write(&lock, lock_text("Ben Ito", "LAPTOP-4", "", 1, 0)).unwrap();
    assert!(!held.still_held());
    drop(held);
    assert!(
        fs::read_to_string(&lock).unwrap().starts_with("Ben Ito\n"),
        "the new holder's lock stays"
    );
}

/// A change in place whose update lock was taken over before it wrote writes nothing. Not on
/// Windows, where nobody can remove a held lock file to take it over.
#[cfg(unix)]
#[test]
fn a_change_whose_lock_was_taken_over_writes_nothing() {
    let (_dir, draft, _) = folder();
    let lock = UpdateLock::file_for(&draft);
    let before = fs::read(&draft).unwrap();
    let got = update_draft(&draft, "Ana Ruiz", Duration::ZERO, |d| {
        // Another writer takes the lock over while this change is made.
        fs::remove_file(&lock).unwrap();
        fs::write(&lock, lock_text("Ben Ito", "LAPTOP-4", "", 1, 0)).unwrap();
        d.answers.taxpayer.name = "Changed".into();
        Ok(())
    });
    let e = got.expect_err("nothing written");
    assert!(e.to_string().contains("taken over"), "{e}");
    assert_eq!(fs::read(&draft).unwrap(), before);
}

/// A stale lock that cannot be removed gives a bounded error naming the file and what to do:
/// a folder in its place (all users), or a read-only folder (skipped as root, who may remove
/// anything).
#[test]
fn a_stale_lock_that_cannot_be_removed_gives_a_bounded_named_error() {
    let (dir, draft, _) = folder();
    let lock = UpdateLock::file_for(&draft);
    fs::create_dir(&lock).unwrap();
    fs::write(lock.join("x"), "kept").unwrap();
    let d = draft.clone();
    let e = returns("a change in place", move || {
        update_draft(&d, "Ana Ruiz", Duration::from_secs(30), |_| Ok(()))
    })
    .expect_err("refused");
    assert!(e.to_string().contains(&lock.display().to_string()), "{e}");
    assert!(lock.join("x").exists());
    fs::remove_dir_all(&lock).unwrap();

    read_only_folder_part(dir.path(), &draft, &lock);
}

/// The read-only folder part of a_stale_lock_that_cannot_be_removed_gives_a_bounded_named_error.
#[cfg(not(unix))]
fn read_only_folder_part(_dir: &Path, _draft: &Path, _lock: &Path) {
    println!(
        "skipped the read-only folder: Windows has no folder modes (an access list would be needed)"
    );
}

#[cfg(unix)]
fn read_only_folder_part(dir: &Path, draft: &Path, lock: &Path) {
    if rustix::process::geteuid().is_root() {
        println!("skipped the read-only folder: root may remove any file");
        return;
    }
    use std::os::unix::fs::PermissionsExt as _;
    fs::write(lock, lock_text("Ana Ruiz", &host_name(), "", dead_pid(), 0)).unwrap();
    fs::set_permissions(dir, fs::Permissions::from_mode(0o555)).unwrap();
    let d = draft.to_path_buf();
    let got = returns("taking the update lock", move || {
        UpdateLock::acquire(&d, "Ben Ito", Duration::from_secs(30)).map(|_| ())
    });
    fs::set_permissions(dir, fs::Permissions::from_mode(0o755)).unwrap();
    let e = got.expect_err("cannot be removed");
    let text = e.to_string();
    assert!(
        text.contains(&format!("delete {}", lock.display())) && text.contains("Ana Ruiz"),
        "{text}"
    );
}

/// Two writers whose wall clocks are ten minutes apart add 1,000 notes between them, each through
/// a change in place: none is lost.
#[test]
fn writers_with_clocks_ten_minutes_apart_lose_no_note() {
    // In memory where there is such a folder: the 2,000 saves' flushes to disk are not what is
    // tested.
    let shm = Path::new("/dev/shm");
    let dir = if shm.is_dir() {
        tempfile::tempdir_in(shm)
    } else {
        tempfile::tempdir()
    }
    .unwrap();
    let draft = dir.path().join("client.ron");
    fs::write(&draft, example()).unwrap();
    let writers: Vec<_> = [(0_i64, "Ana"), (600, "Ben")]
        .into_iter()
        .map(|(ahead, who)| {
            let draft = draft.clone();
            std::thread::spawn(move || {
                let clock = SkewedClock {
                    ahead: jiff::SignedDuration::from_secs(ahead),
                };
                for n in 0..500 {
                    let at = (clock.wall()).to_string();
                    update_draft_with(&draft, who, Duration::from_secs(60), &clock, |d| {
                        njtax_engine::clinic::add_note(
                            &mut d.answers,
                            njtax_engine::answers::NoteAbout::Return,
                            &format!("{who} {n}"),
                            who,
                            &at,
                        )
                        .map_err(|e| e.to_string())
                    })
                    .expect("changed");
                }
            })
        })
        .collect();
    for w in writers {
        w.join().expect("writer finished");
    }
    let d = njtax_ui::files::read_draft(&draft).expect("readable");
    let notes = d.answers.clinic.expect("a record").notes;
    assert_eq!(notes.len(), 1000);
    for who in ["Ana", "Ben"] {
        for n in 0..500 {
            let text = format!("{who} {n}");
            assert!(notes.iter().any(|x| x.text == text), "{text} lost");
        }
    }
    assert!(!UpdateLock::file_for(&draft).exists());
}

/// The window lock of a draft shared with a group is readable by the group (0640, nothing for
/// others), whatever the umask; a private draft's is 0600.
#[cfg(unix)]
#[test]
fn the_window_lock_of_a_shared_draft_is_readable_by_its_group() {
    use std::os::unix::fs::PermissionsExt as _;
    let (_dir, draft, _) = folder();
    fs::set_permissions(&draft, fs::Permissions::from_mode(0o660)).unwrap();
    let lock = DraftLock::acquire(&draft).unwrap();
    let mode = fs::metadata(lock.path()).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o640);
    drop(lock);
    fs::set_permissions(&draft, fs::Permissions::from_mode(0o600)).unwrap();
    let lock = DraftLock::acquire(&draft).unwrap();
    let mode = fs::metadata(lock.path()).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o600);
}

/// A window lock left by a window that crashed (the file, no lock held) is made anew, and says
/// who has the draft now; nothing of the old text is kept.
#[test]
fn a_window_lock_left_behind_is_made_anew() {
    let (_dir, draft, _) = folder();
    let path = DraftLock::file_for(&draft);
    fs::write(&path, "Old Name\nOLD-PC\n2020-01-01T00:00:00Z\n").unwrap();
    let lock = DraftLock::acquire(&draft).expect("taken");
    lock.tell("Ana Ruiz");
    let holder = DraftLock::holder(&draft).unwrap();
    assert_eq!(
        (holder.who.as_str(), holder.pid),
        ("Ana Ruiz", Some(std::process::id()))
    );
    assert_eq!(holder.host, host_name());
}

/// The second side of `two_volunteers_with_their_own_logins_share_the_window_lock`, run as
/// another OS user by that test (`NJTAX_LOCK_SIDE` says which side; not run on its own).
#[test]
#[ignore = "a helper run as another user by two_volunteers_with_their_own_logins_share_the_window_lock"]
fn lock_side_helper() {
    let (Ok(side), Ok(draft)) = (
        std::env::var("NJTAX_LOCK_SIDE"),
        std::env::var("NJTAX_LOCK_DRAFT"),
    ) else {
        println!("not run by the two-volunteer test: nothing to do");
        return;
    };
    let draft = PathBuf::from(draft);
    match side.as_str() {
        // Runs until standard input is closed, holding nothing.
        "wait" => {
            let mut line = String::new();
            let _ = std::io::stdin().read_line(&mut line);
        }
        "hold" => {
            let lock = DraftLock::acquire(&draft).expect("first volunteer takes it");
            lock.tell("Pat Lee");
            println!("HELD");
            // Held until the test closes standard input.
            let mut line = String::new();
            let _ = std::io::stdin().read_line(&mut line);
            drop(lock);
        }
        _ => match DraftLock::acquire(&draft) {
            Err(LockError::HeldElsewhere) => match DraftLock::holder(&draft) {
                Some(holder) => println!("REFUSED {}|{}", holder.who, holder.host),
                None => println!("REFUSED, holder unknown"),
            },
            other => println!("OTHER {other:?}"),
        },
    }
}

/// Two OS users of the clinic's group on a setgid folder: the first opens a draft (its window
/// lock is 0640, of the folder's group); the second, with another login, is refused the lock and
/// reads who holds it (the app then offers read-only). Runs as root only (it adds two users and a
/// group, removed afterwards); skipped with a reason otherwise.
#[cfg(unix)]
#[test]
fn two_volunteers_with_their_own_logins_share_the_window_lock() {
    use std::io::{BufRead as _, Write as _};
    use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
    use std::process::{Command, Stdio};
    if !rustix::process::geteuid().is_root() {
        println!("skipped: adding OS users needs root");
        return;
    }
    let tools = ["useradd", "userdel", "groupadd", "groupdel", "runuser"];
    if let Some(t) = tools.iter().find(|t| {
        Command::new("sh")
            .args(["-c", &format!("command -v {t}")])
            .output()
            .map_or(true, |o| !o.status.success())
    }) {
        println!("skipped: {t} is missing");
        return;
    }
    let tag = std::process::id() % 100_000;
    let group = format!("njtlg{tag}");
    let users = [format!("njtla{tag}"), format!("njtlb{tag}")];
    let run = |args: &[&str]| {
        Command::new(args[0])
            .args(&args[1..])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    assert!(run(&["groupadd", &group]), "groupadd");
    for u in &users {
        assert!(run(&["useradd", "-M", "-N", "-g", &group, u]), "useradd");
    }
    // Removed whatever happens below.
    struct Cleanup(Vec<String>, String);
    impl Drop for Cleanup {
        fn drop(&mut self) {
            for u in &self.0 {
                let _ = std::process::Command::new("userdel").arg(u).output();
            }
            let _ = std::process::Command::new("groupdel").arg(&self.1).output();
        }
    }
    let _cleanup = Cleanup(users.to_vec(), group.clone());

    // The shared folder (2770, the clinic's group) and a copy of this test binary both can run.
    let base = tempfile::tempdir().unwrap();
    fs::set_permissions(base.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let shared = base.path().join("returns");
    fs::create_dir(&shared).unwrap();
    assert!(run(&["chgrp", &group, shared.to_str().unwrap()]));
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o2770)).unwrap();
    let draft = shared.join("client.ron");
    fs::write(&draft, example()).unwrap();
    assert!(run(&["chgrp", &group, draft.to_str().unwrap()]));
    fs::set_permissions(&draft, fs::Permissions::from_mode(0o660)).unwrap();
    let exe = base.path().join("helper");
    fs::copy(std::env::current_exe().unwrap(), &exe).unwrap();
    fs::set_permissions(&exe, fs::Permissions::from_mode(0o755)).unwrap();
    let side = |user: &str, which: &str| {
        let mut c = Command::new("runuser");
        c.args(["-u", user, "--"])
            .arg(&exe)
            .args([
                "--exact",
                "locks::lock_side_helper",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("NJTAX_LOCK_SIDE", which)
            .env("NJTAX_LOCK_DRAFT", &draft);
        c
    };

    let mut first = side(&users[0], "hold")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = std::io::BufReader::new(first.stdout.take().unwrap());
    let mut held = false;
    let mut line = String::new();
    while out.read_line(&mut line).unwrap_or(0) > 0 {
        if line.contains("HELD") {
            held = true;
            break;
        }
        line.clear();
    }
    assert!(held, "the first volunteer took the lock");
    let lock = DraftLock::file_for(&draft);
    let meta = fs::metadata(&lock).unwrap();
    assert_eq!(meta.mode() & 0o7777, 0o640, "readable by the group only");
    let gid = fs::metadata(&shared).unwrap().gid();
    assert_eq!(meta.gid(), gid, "the folder's group");

    let second = side(&users[1], "open").output().unwrap();
    let said = String::from_utf8_lossy(&second.stdout);
    let _ = first.stdin.take().unwrap().write_all(b"\n");
    let _ = first.wait();
    assert!(
        said.contains(&format!("REFUSED Pat Lee|{}", host_name())),
        "{said}\n{}",
        String::from_utf8_lossy(&second.stderr)
    );
    assert!(!lock.exists(), "removed by its holder on close");

    // A private lock file of the other user (as an older version made them): not readable, so
    // perhaps held: the second volunteer is offered read-only, not an editable draft.
    fs::write(&lock, "Pat Lee\nLAPTOP-3\n").unwrap();
    assert!(run(&["chown", &users[0], lock.to_str().unwrap()]));
    fs::set_permissions(&lock, fs::Permissions::from_mode(0o600)).unwrap();
    let second = side(&users[1], "open").output().unwrap();
    let said = String::from_utf8_lossy(&second.stdout);
    assert!(said.contains("REFUSED, holder unknown"), "{said}");
    assert_eq!(
        fs::read_to_string(&lock).unwrap(),
        "Pat Lee\nLAPTOP-3\n",
        "left alone"
    );
}

/// This computer's name comes from the system: not empty, and what `hostname` prints (on Windows
/// its `hostname.exe`, under Wine Wine's), not a variable anyone can set.
#[test]
fn the_host_name_is_the_systems() {
    let name = host_name();
    assert!(!name.is_empty());
    let Ok(out) = std::process::Command::new("hostname").output() else {
        println!("skipped the comparison: no hostname command here");
        return;
    };
    let printed = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    assert!(out.status.success() && !printed.is_empty(), "{out:?}");
    assert!(
        printed.eq_ignore_ascii_case(&name),
        "hostname printed {printed:?}, the app says {name:?}"
    );
}

/// A process of this computer that runs until its standard input is closed: the test binary
/// itself, run as the lock helper that holds nothing.
fn running_child() -> std::process::Child {
    std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "locks::lock_side_helper",
            "--ignored",
            "--test-threads=1",
        ])
        .env("NJTAX_LOCK_SIDE", "wait")
        .env("NJTAX_LOCK_DRAFT", "unused")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap()
}

/// A lock whose holder still runs on this computer is not taken at once (its process is seen to
/// run); once that process has ended it is (seen gone): both answers of the system's process
/// check (`kill(pid, 0)` on Unix, `OpenProcess` and `GetExitCodeProcess` on Windows).
#[test]
fn a_lock_of_a_running_process_of_this_computer_is_not_taken_and_one_of_an_ended_one_is() {
    let (_dir, draft, _) = folder();
    let lock = UpdateLock::file_for(&draft);
    let mut child = running_child();
    fs::write(
        &lock,
        lock_text("Ana Ruiz", &host_name(), "", child.id(), 0),
    )
    .unwrap();
    let clock = TestClock::new();
    let got =
        UpdateLock::acquire_with(&draft, "Ben", Duration::ZERO, &clock, &mut Watch::default());
    assert!(matches!(got, Err(LockFailure::Busy { .. })), "{got:?}");
    drop(child.stdin.take());
    child.wait().unwrap();
    let held =
        UpdateLock::acquire_with(&draft, "Ben", Duration::ZERO, &clock, &mut Watch::default())
            .expect("its holder ended: taken at once");
    assert_eq!(clock.now(), clock.base, "no time passed");
    drop(held);
}

/// A window that is killed (a crash) while it has a draft open does not keep it: the next window
/// takes the draft at once. On Windows the system has removed the lock file with the process
/// (delete on close); on Unix the file stays, unlocked, and is made anew.
#[test]
fn a_window_killed_while_holding_a_draft_leaves_it_free() {
    use std::io::BufRead as _;
    let (_dir, draft, _) = folder();
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "locks::lock_side_helper",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("NJTAX_LOCK_SIDE", "hold")
        .env("NJTAX_LOCK_DRAFT", &draft)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    let mut held = false;
    while out.read_line(&mut line).unwrap_or(0) > 0 {
        if line.contains("HELD") {
            held = true;
            break;
        }
        line.clear();
    }
    assert!(held, "the other process took the lock");
    assert!(matches!(
        DraftLock::acquire(&draft),
        Err(LockError::HeldElsewhere)
    ));
    child.kill().unwrap();
    child.wait().unwrap();
    let lock_file = DraftLock::file_for(&draft);
    if cfg!(windows) {
        assert!(
            !lock_file.exists(),
            "removed by the system with its process"
        );
    }
    let lock = DraftLock::acquire(&draft).expect("free once its holder is gone");
    drop(lock);
    assert!(!lock_file.exists(), "removed on close");
}

/// Windows: while a window or a writer holds a lock file, no other program (nor another handle
/// of this one) can write, rename or delete it; it can be read (who holds it). It goes when
/// its holder lets it go.
#[cfg(windows)]
#[test]
fn a_held_lock_file_cannot_be_changed_or_removed_by_anyone_else() {
    use std::io::Write as _;
    let (_dir, draft, _) = folder();
    let window = DraftLock::acquire(&draft).unwrap();
    window.tell("Ana Ruiz");
    let update = UpdateLock::acquire(&draft, "Ben Ito", Duration::ZERO).unwrap();
    for lock in [window.path().to_path_buf(), update.path().to_path_buf()] {
        let text = fs::read(&lock).expect("readable");
        assert!(!text.is_empty());
        assert!(
            fs::OpenOptions::new().write(true).open(&lock).is_err(),
            "{lock:?} opened to write"
        );
        assert!(
            fs::OpenOptions::new()
                .append(true)
                .open(&lock)
                .and_then(|mut f| f.write_all(b"x"))
                .is_err()
        );
        assert!(fs::remove_file(&lock).is_err(), "{lock:?} deleted");
        assert!(
            fs::rename(&lock, lock.with_extension("moved")).is_err(),
            "{lock:?} renamed"
        );
        assert!(fs::write(&lock, b"planted").is_err());
        assert_eq!(fs::read(&lock).unwrap(), text, "{lock:?} unchanged");
    }
    assert_eq!(DraftLock::holder(&draft).unwrap().who, "Ana Ruiz");
    let paths = [window.path().to_path_buf(), update.path().to_path_buf()];
    drop(window);
    drop(update);
    for lock in paths {
        assert!(!lock.exists(), "{lock:?} removed");
    }
}

/// Windows: a lock whose holder stopped renewing it but still has it open (a hung program; on a
/// share, a computer gone whose handle the server still keeps) cannot be taken over, and the
/// writer is told it is busy, with its holder, not that a lock was left behind to delete.
#[cfg(windows)]
#[test]
fn a_lock_not_renewed_but_still_open_by_its_holder_reads_as_busy() {
    use std::io::Write as _;
    use std::os::windows::fs::OpenOptionsExt as _;
    const FILE_SHARE_READ: u32 = 0x1;
    let (_dir, draft, _) = folder();
    let lock = UpdateLock::file_for(&draft);
    let text = lock_text("Ana Ruiz", "LAPTOP-3", "", 1, 3);
    let mut hung = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .share_mode(FILE_SHARE_READ)
        .open(&lock)
        .unwrap();
    hung.write_all(text.as_bytes()).unwrap();
    let clock = TestClock::new();
    let mut watch = Watch::default();
    let take = |watch: &mut Watch| {
        UpdateLock::acquire_with(&draft, "Ben Ito", Duration::ZERO, &clock, watch)
    };
    assert!(matches!(take(&mut watch), Err(LockFailure::Busy { .. })));
    clock.advance(UpdateLock::STALE + Duration::from_secs(1));
    let got = take(&mut watch);
    let Err(LockFailure::Busy { file, holder }) = &got else {
        panic!("{got:?}")
    };
    assert_eq!((file, holder.who.as_str()), (&lock, "Ana Ruiz"));
    drop(hung);
    assert_eq!(fs::read_to_string(&lock).unwrap(), text, "left as it was");
    let held = take(&mut watch).expect("taken over once its holder closed it");
    drop(held);
}
