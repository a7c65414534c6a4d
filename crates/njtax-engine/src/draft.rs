//! Draft files: the answers plus a format version, stored as RON.

use serde::{Deserialize, Serialize};

use crate::answers::Answers;

/// The draft format version this build writes.
pub const FORMAT_VERSION: u32 = 1;

/// A draft file: its format version and the answers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draft {
    /// Draft format version (see `docs/draft-format.md`).
    pub format_version: u32,
    /// The answers.
    pub answers: Answers,
}

/// Why a draft could not be read.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum DraftError {
    /// The text is not a valid draft.
    #[error("line {line}, column {column}: {message}")]
    Parse {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was expected or found.
        message: String,
    },
    /// The draft was written by a newer version of the app.
    #[error(
        "this draft uses format version {found}, but this version of the app reads up to version {supported}; update the app to open it"
    )]
    TooNew {
        /// Version in the file.
        found: u32,
        /// Newest version this build reads.
        supported: u32,
    },
    /// Upgrading an older draft failed.
    #[error("could not upgrade this draft from format version {from}: {message}")]
    Migration {
        /// The version being upgraded.
        from: u32,
        /// What went wrong.
        message: String,
    },
    /// The draft declares a version that never existed.
    #[error("format version {found} is not a valid draft format version")]
    BadVersion {
        /// Version in the file.
        found: u32,
    },
}

/// Only the version, read first so that a newer draft is refused with a clear message
/// (other fields are ignored by this probe).
#[derive(Deserialize)]
#[serde(rename = "Draft")]
struct VersionProbe {
    format_version: u32,
}

fn parse_error(e: &ron::error::SpannedError) -> DraftError {
    let message = match &e.code {
        ron::Error::ExpectedString | ron::Error::ExpectedStringEnd => {
            "expected text in double quotes here; amounts are written in quotes too, like \"1234.56\"".to_owned()
        }
        other => other.to_string(),
    };
    DraftError::Parse {
        line: e.span.start.line,
        column: e.span.start.col,
        message,
    }
}

/// Parse a draft from RON text.
///
/// # Errors
/// [`DraftError`] with line and column for malformed text, or when the version is unsupported.
pub fn parse_draft(text: &str) -> Result<Draft, DraftError> {
    let opts = ron::Options::default();
    // Read the version on its own first: a newer draft is refused by name, not by the first
    // field this build does not know.
    let version = match opts.from_str::<VersionProbe>(text) {
        Ok(VersionProbe { format_version }) => {
            check_version(format_version)?;
            format_version
        }
        Err(_) => FORMAT_VERSION,
    };
    if version == FORMAT_VERSION {
        // The current format: parse directly, so errors point at the line and column.
        return opts.from_str::<Draft>(text).map_err(|e| parse_error(&e));
    }
    // An older format: upgrade the document step by step, then read it.
    let value: ron::Value = opts.from_str(text).map_err(|e| parse_error(&e))?;
    let value = migrate(value, version, FORMAT_VERSION, MIGRATIONS)?;
    let mut draft: Draft = value.into_rust().map_err(|e| DraftError::Migration {
        from: version,
        message: e.to_string(),
    })?;
    draft.format_version = FORMAT_VERSION;
    Ok(draft)
}

/// One upgrade of the draft format: turns a version `from` document into a version `from + 1` one.
pub struct Migration {
    /// The version this migration upgrades.
    pub from: u32,
    /// What it changes, in words (for the draft-format document and error messages).
    pub what: &'static str,
    /// The upgrade of the whole document.
    pub apply: fn(ron::Value) -> Result<ron::Value, String>,
}

/// Every migration ever released, in order: `MIGRATIONS[i].from == i + 1`. Version 1 is the first
/// released format, so there are none yet; a format change adds one here, bumps
/// [`FORMAT_VERSION`], and adds a fixture draft of the old version under `tests/fixtures/drafts/`.
pub const MIGRATIONS: &[Migration] = &[];

/// Apply the migrations from `version` up to `target`, in order.
///
/// # Errors
/// [`DraftError::Migration`] when a migration is missing or fails.
pub fn migrate(
    mut value: ron::Value,
    version: u32,
    target: u32,
    migrations: &[Migration],
) -> Result<ron::Value, DraftError> {
    let mut at = version;
    while at < target {
        let Some(m) = migrations.iter().find(|m| m.from == at) else {
            return Err(DraftError::Migration {
                from: at,
                message: format!("no upgrade from version {at} is known"),
            });
        };
        value = (m.apply)(value).map_err(|message| DraftError::Migration { from: at, message })?;
        at += 1;
    }
    Ok(value)
}

fn check_version(found: u32) -> Result<(), DraftError> {
    if found == 0 {
        return Err(DraftError::BadVersion { found });
    }
    if found > FORMAT_VERSION {
        return Err(DraftError::TooNew {
            found,
            supported: FORMAT_VERSION,
        });
    }
    Ok(())
}

/// Write a draft as pretty RON text.
///
/// # Errors
/// When serialisation fails (it does not for well-formed answers).
pub fn draft_to_string(draft: &Draft) -> Result<String, ron::Error> {
    let cfg = ron::ser::PrettyConfig::new()
        .depth_limit(12)
        .struct_names(true);
    ron::ser::to_string_pretty(draft, cfg)
}
