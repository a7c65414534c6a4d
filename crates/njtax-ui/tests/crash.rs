//! A save killed at any moment leaves the draft as the old version or the new one, never a torn or
//! missing file. This test binary is its own child: `crash_child_saves_forever` saves in a loop
//! when `NJTAX_CRASH_CHILD` names a draft, and the parent kills it with SIGKILL at random moments.
//!
//! `NJTAX_CRASH_ROUNDS` sets the number of kills (default 1000); `NJTAX_CRASH_SEED` replays a run.
#![allow(clippy::expect_used)] // tests may panic on a broken fixture or folder

use std::path::{Path, PathBuf};

use njtax_engine::Draft;
use njtax_ui::files::write_draft;

const CHILD_ENV: &str = "NJTAX_CRASH_CHILD";
#[cfg(unix)]
const CHILD_TEST: &str = "crash_child_saves_forever";

/// A test of this file by its full name in the test binary (`file::test`): the binary holds every
/// test file of the crate as a module (tests/all.rs).
#[cfg(unix)]
fn test_name(test: &str) -> String {
    match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::{test}"),
        None => test.to_owned(),
    }
}

/// Draft A (the example) and draft B (the same with another taxpayer name).
fn drafts() -> (Draft, Draft) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/single-renter.ron");
    let text = std::fs::read_to_string(path).expect("example draft");
    let a = njtax_engine::parse_draft(&text).expect("example parses");
    let mut b = a.clone();
    b.answers.taxpayer.name = "Crash Test B".to_owned();
    assert_ne!(a, b);
    (a, b)
}

/// The child: saves B, A, B, A … until killed. Without the variable it returns at once.
#[test]
fn crash_child_saves_forever() {
    let Some(path) = std::env::var_os(CHILD_ENV) else {
        return;
    };
    let path = PathBuf::from(path);
    let (a, b) = drafts();
    loop {
        write_draft(&path, &b).expect("child saves B");
        write_draft(&path, &a).expect("child saves A");
    }
}

#[cfg(unix)]
mod parent {
    use std::os::unix::process::ExitStatusExt as _;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

    use njtax_ui::files::{BACKUPS, read_draft};

    use super::*;

    const SIGKILL: i32 = 9;

    /// xorshift64: enough to spread kill times, no crate needed.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            let mut x = self.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.0 = x;
            x
        }
    }

    fn env_number(name: &str, default: u64) -> u64 {
        std::env::var(name)
            .ok()
            .map_or(default, |v| v.parse().expect("a whole number"))
    }

    fn temp_files(dir: &Path, prefix: &str) -> usize {
        std::fs::read_dir(dir)
            .expect("folder")
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.file_name().to_string_lossy().starts_with(prefix))
            })
            .count()
    }

    #[test]
    fn a_draft_killed_while_saving_is_the_old_or_the_new_version() {
        let rounds = env_number("NJTAX_CRASH_ROUNDS", 1000);
        let clock = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64); // the low bits are what varies
        let seed = env_number("NJTAX_CRASH_SEED", clock | 1);
        let mut rng = XorShift(seed);

        let (a, b) = drafts();
        let dir = tempfile::tempdir().expect("temp dir");
        let name = "draft.ron";
        let path = dir.path().join(name);
        let temp_prefix = format!(".{name}.");
        write_draft(&path, &a).expect("first draft A");
        let exe = std::env::current_exe().expect("test binary");

        let started = Instant::now();
        let (mut seen_a, mut seen_b, mut changes, mut most_temps) = (0u64, 0u64, 0u64, 0usize);
        let mut last_was_a = true;
        for round in 0..rounds {
            let mut child = Command::new(&exe)
                .args([
                    "--exact",
                    &test_name(CHILD_TEST),
                    "--nocapture",
                    "--test-threads=1",
                ])
                .env(CHILD_ENV, &path)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("child starts");
            std::thread::sleep(Duration::from_millis(rng.next() % 41));
            child.kill().expect("SIGKILL");
            let status = child.wait().expect("child reaped");
            let context = format!("round {round} of {rounds}, seed {seed}");
            assert_eq!(
                status.signal(),
                Some(SIGKILL),
                "{context}: the saving child ended by itself ({status})"
            );

            let found = read_draft(&path).unwrap_or_else(|e| panic!("{context}: {e}"));
            let is_a = if found == a {
                seen_a += 1;
                true
            } else if found == b {
                seen_b += 1;
                false
            } else {
                panic!("{context}: the draft is neither A nor B");
            };
            if is_a != last_was_a {
                changes += 1;
            }
            last_was_a = is_a;
            for n in 1..=BACKUPS {
                let mut bak_name = name.to_owned();
                bak_name.push_str(&format!(".bak{n}"));
                let bak = dir.path().join(bak_name);
                if bak.exists() {
                    let kept = read_draft(&bak).unwrap_or_else(|e| panic!("{context}: {e}"));
                    assert!(
                        kept == a || kept == b,
                        "{context}: bak{n} is neither A nor B"
                    );
                }
            }
            most_temps = most_temps.max(temp_files(dir.path(), &temp_prefix));
        }
        let elapsed = started.elapsed();
        let left = temp_files(dir.path(), &temp_prefix);
        println!(
            "{rounds} kills in {:.1} s (seed {seed}): draft A {seen_a} times, B {seen_b} times, \
             {changes} changes between rounds; temporary files at most {most_temps}, {left} left",
            elapsed.as_secs_f64()
        );
        assert_eq!(seen_a + seen_b, rounds);
        // Each save removes the temporary files of killed saves, so at most the last killed
        // child's two (the backup copy and the new draft) remain.
        assert!(
            left <= 2 && most_temps <= 2,
            "temporary files accumulate: at most {most_temps}, {left} left"
        );
        if rounds >= 100 {
            assert!(
                changes > 0,
                "no save completed in {rounds} rounds (A {seen_a}, B {seen_b}): the test proves nothing"
            );
        }
    }
}
