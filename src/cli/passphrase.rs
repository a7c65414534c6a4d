//! The passphrase of an encrypted clinic folder for the command line (see
//! `docs/decisions/encrypted-drafts.md`): read from the file named by [`PASSPHRASE_FILE_VAR`]
//! when it is set, else asked for on the terminal without echo; never taken from a command-line
//! argument, which other users of the computer could see in the process list. Each encrypted
//! folder a command touches is unlocked once, before the command reads or writes anything.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};

use njtax_ui::crypt::{self, SecretString};

/// The environment variable naming a file that holds the passphrase (its first line).
pub const PASSPHRASE_FILE_VAR: &str = "NJTAX_PASSPHRASE_FILE";

/// The largest passphrase file read.
const MAX_PASSPHRASE_FILE: u64 = 4096;

/// Where the passphrase comes from.
enum Source {
    /// The file named by [`PASSPHRASE_FILE_VAR`].
    File(PathBuf),
    /// The terminal.
    Terminal,
}

fn source() -> Result<Source, String> {
    if let Some(file) = std::env::var_os(PASSPHRASE_FILE_VAR).filter(|v| !v.is_empty()) {
        return Ok(Source::File(PathBuf::from(file)));
    }
    if std::io::stdin().is_terminal() {
        return Ok(Source::Terminal);
    }
    Err(format!(
        "no passphrase: type it on a terminal, or name a file holding it in {PASSPHRASE_FILE_VAR}"
    ))
}

/// The passphrase in the file `path`: its first line, without the line end.
fn from_file(path: &Path) -> Result<SecretString, String> {
    use std::io::Read as _;
    let file = std::fs::File::open(path).map_err(|e| {
        format!(
            "could not read the passphrase file {} ({PASSPHRASE_FILE_VAR}): {e}",
            path.display()
        )
    })?;
    let mut text = String::new();
    file.take(MAX_PASSPHRASE_FILE)
        .read_to_string(&mut text)
        .map_err(|e| {
            format!(
                "could not read the passphrase file {} ({PASSPHRASE_FILE_VAR}): {e}",
                path.display()
            )
        })?;
    let line = text.lines().next().unwrap_or_default().to_owned();
    // The text read is dropped here; the passphrase lives on only in the SecretString, which
    // clears it when dropped.
    drop(text);
    if line.is_empty() {
        return Err(format!(
            "the passphrase file {} ({PASSPHRASE_FILE_VAR}) is empty",
            path.display()
        ));
    }
    Ok(SecretString::from(line))
}

fn prompt(text: &str) -> Result<SecretString, String> {
    let typed = rpassword::prompt_password(text)
        .map_err(|e| format!("could not read the passphrase from the terminal: {e}"))?;
    if typed.is_empty() {
        return Err("no passphrase was typed: nothing was changed".to_owned());
    }
    Ok(SecretString::from(typed))
}

/// The passphrase to unlock the encrypted folder `dir`.
///
/// # Errors
/// No terminal and no passphrase file, or it cannot be read.
pub fn for_unlocking(dir: &Path) -> Result<SecretString, String> {
    match source()? {
        Source::File(path) => from_file(&path),
        Source::Terminal => prompt(&format!(
            "Passphrase of the encrypted folder {}: ",
            dir.display()
        )),
    }
}

/// A new passphrase for encrypting `dir`: from the file, or typed twice on the terminal.
///
/// # Errors
/// As [`for_unlocking`], or the two typed passphrases differ.
pub fn new_for(dir: &Path) -> Result<SecretString, String> {
    use njtax_ui::crypt::ExposeSecret as _;
    match source()? {
        Source::File(path) => from_file(&path),
        Source::Terminal => {
            let first = prompt(&format!(
                "New passphrase for the folder {} (if it is forgotten, its drafts cannot be opened by anyone): ",
                dir.display()
            ))?;
            let again = prompt("The same passphrase again: ")?;
            if first.expose_secret() != again.expose_secret() {
                return Err("the two passphrases differ: nothing was changed".to_owned());
            }
            Ok(first)
        }
    }
}

/// Unlock every encrypted folder among `folders` (each once), asking for its passphrase.
///
/// # Errors
/// The passphrase cannot be had, or does not open a folder's key file: nothing was written.
pub fn unlock_all(folders: &[PathBuf]) -> Result<(), String> {
    let mut seen: Vec<PathBuf> = Vec::new();
    for dir in folders {
        let canonical = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone());
        if seen.contains(&canonical) || !crypt::is_encrypted_folder(dir) || crypt::is_unlocked(dir)
        {
            continue;
        }
        seen.push(canonical);
        let passphrase = for_unlocking(dir)?;
        crypt::unlock(dir, &passphrase).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The folder a draft file is in (links followed), or `path` itself when it is a folder.
#[must_use]
pub fn folder_of(path: &Path) -> PathBuf {
    if path.is_dir() {
        return path.to_path_buf();
    }
    // A link to a draft in an encrypted folder needs that folder unlocked.
    crypt::folder_of(path)
}
