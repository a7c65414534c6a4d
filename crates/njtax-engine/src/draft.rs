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
    if let Ok(VersionProbe { format_version }) = opts.from_str::<VersionProbe>(text) {
        check_version(format_version)?;
    }
    opts.from_str::<Draft>(text).map_err(|e| parse_error(&e))
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
