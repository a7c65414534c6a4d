//! The user's display settings (theme, zoom, guided or all questions): the user's own, never the
//! draft's, kept for this computer in the desktop app's config folder (`settings.ron`).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// How the app looks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    /// Light or dark, following the system.
    #[default]
    System,
    /// Dark text on a light background.
    Light,
    /// Light text on a dark background.
    Dark,
    /// White text on black, yellow focus and selection, every control outlined.
    HighContrast,
}

impl Theme {
    /// Every theme, in the View menu's order.
    pub const ALL: [Self; 4] = [Self::System, Self::Light, Self::Dark, Self::HighContrast];

    /// The theme's name in the View menu.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::System => "Follow the system",
            Self::Light => "Light",
            Self::Dark => "Dark",
            Self::HighContrast => "High contrast",
        }
    }
}

/// When the app locks itself after a time without input (View > Lock when idle).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum IdleLock {
    /// While a clinic's draft (one with a clinic record) or a clinic folder's roster is open.
    #[default]
    InClinic,
    /// Whatever draft is open.
    Always,
    /// Never.
    Never,
}

impl IdleLock {
    /// Every choice, in the View menu's order.
    pub const ALL: [Self; 3] = [Self::InClinic, Self::Always, Self::Never];

    /// The choice in the View menu.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::InClinic => "With a clinic's draft or folder open",
            Self::Always => "Always",
            Self::Never => "Never",
        }
    }
}

/// The time without input after which the app locks, unless the settings say otherwise.
pub const IDLE_MINUTES: u32 = 10;
/// The shortest and longest time the settings take (a file edited by hand can hold anything).
pub const IDLE_MINUTES_RANGE: std::ops::RangeInclusive<u32> = 1..=240;

/// The smallest zoom the View menu and Ctrl+Minus give.
pub const MIN_ZOOM: f32 = 0.5;
/// The largest zoom.
pub const MAX_ZOOM: f32 = 3.0;

/// The display settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The theme.
    pub theme: Theme,
    /// The zoom factor (1.0 is actual size; Ctrl+Plus and Ctrl+Minus step by 0.1).
    pub zoom: f32,
    /// Back and Next go through every screen (View > All questions) instead of the guided path.
    pub all_questions: bool,
    /// The volunteer using this computer, for a clinic's sign-offs and review notes (asked once
    /// and kept here; empty until given).
    pub volunteer: String,
    /// When the app locks itself after [`Settings::idle_minutes`] without input.
    pub idle_lock: IdleLock,
    /// Minutes without input before the app locks itself.
    pub idle_minutes: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            theme: Theme::System,
            zoom: 1.0,
            all_questions: false,
            volunteer: String::new(),
            idle_lock: IdleLock::InClinic,
            idle_minutes: IDLE_MINUTES,
        }
    }
}

impl Settings {
    /// The settings with the zoom kept within [`MIN_ZOOM`]..=[`MAX_ZOOM`] (a file edited by hand
    /// can hold anything; a zoom that is not a number is actual size).
    #[must_use]
    pub fn sane(mut self) -> Self {
        self.zoom = if self.zoom.is_finite() {
            self.zoom.clamp(MIN_ZOOM, MAX_ZOOM)
        } else {
            1.0
        };
        self.idle_minutes = self
            .idle_minutes
            .clamp(*IDLE_MINUTES_RANGE.start(), *IDLE_MINUTES_RANGE.end());
        self
    }
}

/// Where the settings are kept.
pub trait SettingsStore {
    /// The settings kept, `Ok(None)` when none were kept yet, or why they could not be read.
    fn load(&self) -> Result<Option<Settings>, String>;
    /// Keep `settings`, or say why they could not be kept.
    fn store(&mut self, settings: &Settings) -> Result<(), String>;
}

/// Settings kept in memory only (tests, and a computer without a home folder).
#[derive(Clone, Debug, Default)]
pub struct MemorySettings(pub Option<Settings>);

impl SettingsStore for MemorySettings {
    fn load(&self) -> Result<Option<Settings>, String> {
        Ok(self.0.clone())
    }

    fn store(&mut self, settings: &Settings) -> Result<(), String> {
        self.0 = Some(settings.clone());
        Ok(())
    }
}

/// The longest settings file that is read.
const SETTINGS_MAX_BYTES: u64 = 16 * 1024;

/// Settings kept in a file (RON), written whole or not at all, private to the user.
#[derive(Clone, Debug)]
pub struct SettingsFile {
    file: PathBuf,
}

impl SettingsFile {
    /// The settings kept in `file`.
    #[must_use]
    pub fn new(file: PathBuf) -> Self {
        Self { file }
    }

    /// The file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.file
    }
}

impl SettingsStore for SettingsFile {
    fn load(&self) -> Result<Option<Settings>, String> {
        use std::io::Read as _;
        let file = match std::fs::File::open(&self.file) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{} could not be read ({e})", self.file.display())),
        };
        let mut text = String::new();
        file.take(SETTINGS_MAX_BYTES)
            .read_to_string(&mut text)
            .map_err(|e| format!("{} could not be read ({e})", self.file.display()))?;
        ron::from_str::<Settings>(&text)
            .map(|s| Some(s.sane()))
            .map_err(|e| format!("{} is not a settings file ({e})", self.file.display()))
    }

    fn store(&mut self, settings: &Settings) -> Result<(), String> {
        if let Some(dir) = self.file.parent().filter(|d| !d.as_os_str().is_empty()) {
            crate::files::create_private_folder(dir)
                .map_err(|e| format!("{} could not be made ({e})", dir.display()))?;
        }
        let text = ron::ser::to_string_pretty(settings, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        crate::files::write_private(&self.file, &text)
            .map_err(|e| format!("{} could not be written ({e})", self.file.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_a_file_and_a_missing_file_is_none() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = SettingsFile::new(dir.path().join("conf").join("settings.ron"));
        assert_eq!(store.load(), Ok(None));
        let s = Settings {
            theme: Theme::HighContrast,
            zoom: 1.3,
            all_questions: true,
            volunteer: "Pat Lee".into(),
            idle_lock: IdleLock::Always,
            idle_minutes: 25,
        };
        store.store(&s).unwrap();
        assert_eq!(store.load(), Ok(Some(s)));
    }

    #[test]
    fn a_settings_file_that_cannot_be_read_says_so_and_a_wild_zoom_is_kept_in_range() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.ron");
        std::fs::write(&path, "(theme: Purple)").unwrap();
        let err = SettingsFile::new(path.clone()).load().unwrap_err();
        assert!(err.contains("is not a settings file"), "{err}");
        std::fs::write(&path, "(zoom: 40.0)").unwrap();
        let s = SettingsFile::new(path.clone()).load().unwrap().unwrap();
        assert_eq!(s.zoom, MAX_ZOOM);
        assert_eq!(s.theme, Theme::System);
        assert_eq!(s.idle_minutes, IDLE_MINUTES, "missing: the default");
        for (written, kept) in [(0, 1), (1, 1), (240, 240), (100_000, 240)] {
            std::fs::write(&path, format!("(idle_minutes: {written})")).unwrap();
            let s = SettingsFile::new(path.clone())
                .load()
                .unwrap()
                .unwrap()
                .sane();
            assert_eq!(s.idle_minutes, kept, "{written} minutes");
        }
    }
}
