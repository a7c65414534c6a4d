//! Reading and writing draft files.

use std::io::Write as _;
use std::path::Path;

use njtax_engine::Draft;

/// Why a draft could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Serialising failed.
    #[error("could not write the draft: {0}")]
    Serialize(#[from] ron::Error),
    /// The file system refused.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Write a draft: to a temporary file in the same folder, flushed, then renamed over the draft, so
/// a crash leaves either the old or the new file.
///
/// # Errors
/// [`WriteError`] when the draft cannot be serialised or written.
pub fn write_draft(path: &Path, draft: &Draft) -> Result<(), WriteError> {
    let text = njtax_engine::draft::draft_to_string(draft)?;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "draft".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.saving"));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)?;
    Ok(())
}

/// Write a private file (recovery): temporary file in the same folder, flushed, renamed.
///
/// # Errors
/// [`WriteError`] when it cannot be written.
pub fn write_private(path: &Path, text: &str) -> Result<(), WriteError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.saving"));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)?;
    Ok(())
}
