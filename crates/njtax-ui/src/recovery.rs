//! Autosave and recovery: unsaved edits are written at least every [`AUTOSAVE_SECONDS`] seconds
//! (and when the window loses focus) to a recovery file in the platform state folder; on the next
//! start the app offers to restore any recovery newer than its draft. Recovery files are created
//! readable and writable by the owner only, and removed once the draft is saved or the changes are
//! discarded.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use njtax_engine::Draft;
use serde::{Deserialize, Serialize};

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
    /// When it was written, for people: `2026-11-29 19:30 UTC`.
    pub fn written_text(&self) -> String {
        format_utc(self.written_unix)
    }
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

    /// Write the recovery for a draft.
    ///
    /// # Errors
    /// When the folder or file cannot be written.
    pub fn save(
        &self,
        draft_path: Option<&Path>,
        name: &str,
        draft: &Draft,
    ) -> Result<(), crate::files::WriteError> {
        std::fs::create_dir_all(&self.dir).map_err(|source| crate::files::WriteError::Io {
            step: format!(
                "could not create the recovery folder ({})",
                self.dir.display()
            ),
            path: self.dir.clone(),
            source,
        })?;
        let recovery = Recovery {
            written_unix: now_unix(),
            draft_path: draft_path.map(Path::to_path_buf),
            name: name.to_owned(),
            draft: draft.clone(),
        };
        let text = ron::ser::to_string_pretty(&recovery, ron::ser::PrettyConfig::new())?;
        crate::files::write_private(&self.file_for(draft_path), &text)
    }

    /// The recovery for a draft, when there is one newer than the draft file.
    pub fn find(&self, draft_path: Option<&Path>) -> Option<Recovery> {
        let file = self.file_for(draft_path);
        let text = std::fs::read_to_string(&file).ok()?;
        let recovery: Recovery = ron::from_str(&text).ok()?;
        let draft_written = draft_path
            .and_then(|p| std::fs::metadata(p).ok())
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map(|d| d.as_secs());
        match draft_written {
            Some(saved) if saved > recovery.written_unix => None,
            _ => Some(recovery),
        }
    }

    /// Remove the recovery for a draft (after it is saved, or its changes are discarded).
    pub fn remove(&self, draft_path: Option<&Path>) {
        // A missing file is the normal case; any other failure leaves a stale recovery that the
        // next start offers again, which loses nothing.
        let _ = std::fs::remove_file(self.file_for(draft_path));
    }
}

fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `YYYY-MM-DD HH:MM UTC` from seconds since 1970 (civil-from-days, proleptic Gregorian).
pub fn format_utc(secs: u64) -> String {
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    let (h, m) = (rem / 3600, (rem % 3600) / 60);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let mo = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(mo <= 2);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{m:02} UTC")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_shown_as_utc_dates() {
        assert_eq!(format_utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(format_utc(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(format_utc(1_795_973_400), "2026-11-29 17:30 UTC");
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
