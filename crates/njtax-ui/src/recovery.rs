//! Autosave and recovery: unsaved edits are written at least every [`AUTOSAVE_SECONDS`] seconds
//! (and when the window loses focus) to a recovery file in the platform state folder; on the next
//! start the app offers every recovery newer than its draft, naming the draft, its folder and the
//! local time it was written. Recovery files are created readable and writable by the owner only,
//! and removed once the draft is saved or the changes are discarded.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use njtax_engine::Draft;
use serde::{Deserialize, Serialize};

/// The time zone recovery times are shown in (the system's in the app).
pub use jiff::tz::TimeZone;

/// Unsaved edits are autosaved at least this often.
pub const AUTOSAVE_SECONDS: f64 = 30.0;

/// What a recovery file holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recovery {
    /// When it was written (seconds since 1970-01-01 UTC).
    pub written_unix: u64,
    /// The draft file the edits belong to (`None`: never saved).
    pub draft_path: Option<PathBuf>,
    /// The name shown for the draft.
    pub name: String,
    /// The answers as they were.
    pub draft: Draft,
}

impl Recovery {
    /// When it was written, for people, in the time zone `tz` (the system's in the app):
    /// `2026-11-29 12:30 EST`.
    pub fn written_text(&self, tz: &jiff::tz::TimeZone) -> String {
        format_local(self.written_unix, tz)
    }

    /// The folder of the draft the edits belong to, for people; `None` for a draft never saved.
    pub fn folder_text(&self) -> Option<String> {
        let path = self.draft_path.as_deref()?;
        Some(match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.display().to_string(),
            _ => path.display().to_string(),
        })
    }
}

/// Every recovery in the folder, for the start of the app.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// Recoveries newer than their draft, the newest first.
    pub recoveries: Vec<Recovery>,
    /// What could not be read (the folder, or a recovery file), in words: the files are left
    /// where they are.
    pub problems: Vec<String>,
}

/// The folder of recovery files.
#[derive(Clone, Debug)]
pub struct RecoveryStore {
    dir: PathBuf,
}

impl RecoveryStore {
    /// Recovery files in `dir` (created when first needed).
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    /// The recovery file for a draft (one per draft file; one for the untitled draft).
    pub fn file_for(&self, draft_path: Option<&Path>) -> PathBuf {
        let key = draft_path.map_or_else(
            || "untitled".to_owned(),
            |p| p.to_string_lossy().into_owned(),
        );
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in key.as_bytes() {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.dir.join(format!("recovery-{h:016x}.ron"))
    }

    /// Write the recovery for a draft, stamped with the time now.
    ///
    /// # Errors
    /// When the folder or file cannot be written.
    pub fn save(
        &self,
        draft_path: Option<&Path>,
        name: &str,
        draft: &Draft,
    ) -> Result<(), crate::files::WriteError> {
        self.write(&Recovery {
            written_unix: now_unix(),
            draft_path: draft_path.map(Path::to_path_buf),
            name: name.to_owned(),
            draft: draft.clone(),
        })
    }

    /// Write a recovery as it is (its draft's recovery file).
    ///
    /// # Errors
    /// When the folder or file cannot be written.
    pub fn write(&self, recovery: &Recovery) -> Result<(), crate::files::WriteError> {
        std::fs::create_dir_all(&self.dir).map_err(|source| crate::files::WriteError::Io {
            step: format!(
                "could not create the recovery folder ({})",
                self.dir.display()
            ),
            path: self.dir.clone(),
            source,
        })?;
        let text = ron::ser::to_string_pretty(recovery, ron::ser::PrettyConfig::new())?;
        crate::files::write_private(&self.file_for(recovery.draft_path.as_deref()), &text)
    }

    /// The recovery for a draft, when there is one newer than the draft file.
    pub fn find(&self, draft_path: Option<&Path>) -> Option<Recovery> {
        let file = self.file_for(draft_path);
        let text = std::fs::read_to_string(&file).ok()?;
        let recovery: Recovery = ron::from_str(&text).ok()?;
        (!older_than_draft(&recovery)).then_some(recovery)
    }

    /// Every recovery in the folder newer than its draft, the newest first (none when the folder
    /// does not exist yet). A recovery older than its draft was saved over and is not offered.
    pub fn all(&self) -> Found {
        let mut found = Found::default();
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return found,
            Err(e) => {
                found.problems.push(format!(
                    "could not read the recovery folder {}: {e}",
                    self.dir.display()
                ));
                return found;
            }
        };
        for entry in entries {
            let file = match entry {
                Ok(entry) => entry.path(),
                Err(e) => {
                    found.problems.push(format!(
                        "could not read the recovery folder {}: {e}",
                        self.dir.display()
                    ));
                    continue;
                }
            };
            let is_recovery = file
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("recovery-") && n.ends_with(".ron"));
            if !is_recovery {
                continue;
            }
            let recovery = std::fs::read_to_string(&file)
                .map_err(|e| e.to_string())
                .and_then(|text| ron::from_str::<Recovery>(&text).map_err(|e| e.to_string()));
            match recovery {
                Ok(r) if !older_than_draft(&r) => found.recoveries.push(r),
                Ok(_) => {}
                Err(e) => found.problems.push(format!(
                    "could not read the recovery file {}: {e}",
                    file.display()
                )),
            }
        }
        found.recoveries.sort_by(|a, b| {
            b.written_unix
                .cmp(&a.written_unix)
                .then_with(|| a.name.cmp(&b.name))
        });
        found
    }

    /// Remove the recovery for a draft (after it is saved, or its changes are discarded).
    pub fn remove(&self, draft_path: Option<&Path>) {
        // A missing file is the normal case; any other failure leaves a stale recovery that the
        // next start offers again, which loses nothing.
        let _ = std::fs::remove_file(self.file_for(draft_path));
    }
}

/// The draft file was written after the recovery (the edits were saved after all).
fn older_than_draft(recovery: &Recovery) -> bool {
    let draft_written = recovery
        .draft_path
        .as_deref()
        .and_then(|p| std::fs::metadata(p).ok())
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map(|d| d.as_secs());
    draft_written.is_some_and(|saved| saved > recovery.written_unix)
}

fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `YYYY-MM-DD HH:MM ZONE` from seconds since 1970, in the time zone `tz`, the zone as its
/// abbreviation (`EST`, `CET`; an offset such as `-05` where the zone has none).
pub fn format_local(secs: u64, tz: &jiff::tz::TimeZone) -> String {
    let Some(ts) = i64::try_from(secs)
        .ok()
        .and_then(|s| jiff::Timestamp::from_second(s).ok())
    else {
        return format!("{secs} seconds after 1970 (out of range)");
    };
    let t = tz.to_datetime(ts);
    let info = tz.to_offset_info(ts);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02} {}",
        t.year(),
        t.month(),
        t.day(),
        t.hour(),
        t.minute(),
        info.abbreviation()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_shown_in_the_given_time_zone() {
        let utc = jiff::tz::TimeZone::UTC;
        assert_eq!(format_local(0, &utc), "1970-01-01 00:00 UTC");
        assert_eq!(format_local(951_782_400, &utc), "2000-02-29 00:00 UTC");
        assert_eq!(format_local(1_795_973_400, &utc), "2026-11-29 17:30 UTC");
        let east = jiff::tz::TimeZone::fixed(jiff::tz::offset(-5));
        assert_eq!(format_local(1_795_973_400, &east), "2026-11-29 12:30 -05");
        // New Jersey's rules, daylight saving time included (a POSIX TZ string: no tz database).
        let nj = jiff::tz::TimeZone::posix("EST5EDT,M3.2.0,M11.1.0").unwrap();
        assert_eq!(format_local(1_795_973_400, &nj), "2026-11-29 12:30 EST");
        assert_eq!(format_local(1_783_700_000, &nj), "2026-07-10 12:13 EDT");
    }
}

#[cfg(test)]
mod roundtrip {
    use super::*;

    #[test]
    fn a_saved_recovery_is_found_again() {
        let dir = std::env::temp_dir().join(format!("njtax-rec-unit-{}", std::process::id()));
        let store = RecoveryStore::new(dir);
        let draft = Draft {
            format_version: 1,
            answers: njtax_engine::Answers::default(),
        };
        store.save(None, "x", &draft).unwrap();
        let text = std::fs::read_to_string(store.file_for(None)).unwrap();
        let parsed: Result<Recovery, _> = ron::from_str(&text);
        assert!(parsed.is_ok(), "{parsed:?}\n{text}");
        assert!(store.find(None).is_some());
    }
}
