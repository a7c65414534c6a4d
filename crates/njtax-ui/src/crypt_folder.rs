//! Making an encrypted folder's key file and converting a folder's drafts and backups both ways
//! (File > Encrypt / Decrypt this clinic folder…, `njtax encrypt` / `decrypt`): see
//! [`crate::crypt`] for the keys and the hooks reading and saving use. Each file is replaced
//! atomically (the app's own writer), and a file that cannot be converted is named and left as it
//! was.

use std::fs;
use std::io::{self, Read as _};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::crypt::{
    CryptError, ExposeSecret as _, FolderKey, SecretString, forget, is_encrypted,
    is_encrypted_folder, key_file, open_no_follow, remember, sealed_bound, unlock,
};

/// Make `dir` an encrypted folder with `passphrase`: a new random key, written to the key file
/// (created, never replacing one), kept unlocked for the session. Converts no draft: see
/// [`encrypt_folder`].
///
/// # Errors
/// [`CryptError::AlreadyEncrypted`] when the folder has a key file; others when it cannot be
/// written.
pub fn create_key(dir: &Path, passphrase: &SecretString) -> Result<Arc<FolderKey>, CryptError> {
    create_key_with(dir, passphrase, None)
}

/// [`create_key`] with scrypt's work factor set (`Some(log2 N)`), for tests; `None`: age's own
/// choice of about one second on this computer.
///
/// # Errors
/// As [`create_key`].
pub fn create_key_with(
    dir: &Path,
    passphrase: &SecretString,
    work_factor: Option<u8>,
) -> Result<Arc<FolderKey>, CryptError> {
    if is_encrypted_folder(dir) {
        return Err(CryptError::AlreadyEncrypted {
            folder: dir.to_path_buf(),
        });
    }
    let identity = age::pq::Identity::generate();
    let mut recipient = age::scrypt::Recipient::new(passphrase.clone());
    if let Some(log_n) = work_factor.filter(|n| (1..64).contains(n)) {
        recipient.set_work_factor(log_n);
    }
    let secret = identity.to_string();
    let sealed = age::encrypt_and_armor(&recipient, secret.expose_secret().as_bytes())
        .map_err(|_| CryptError::Encrypt)?;
    let path = key_file(dir);
    crate::files::write_new_private_bytes(&path, sealed.as_bytes()).map_err(|e| {
        CryptError::Io {
            step: "could not write the key file",
            path: path.clone(),
            source: io::Error::other(e.to_string()),
        }
    })?;
    let key = Arc::new(FolderKey::new(identity));
    remember(dir, Arc::clone(&key));
    Ok(key)
}

/// A file not converted, and why.
type Failed = (PathBuf, String);

/// What converting a folder did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    /// Files converted.
    pub done: Vec<PathBuf>,
    /// Files already in the wanted form, left alone.
    pub already: Vec<PathBuf>,
    /// Files that could not be converted, each with why; they are as they were.
    pub failed: Vec<Failed>,
}

/// The files of a folder that hold drafts: `*.ron` and their backups `*.ron.bak1`..`bak3` (any
/// case), plain files only (links and other kinds are left alone, and named in `skipped`).
fn draft_files(dir: &Path) -> Result<(Vec<PathBuf>, Vec<Failed>), CryptError> {
    let io = |source| CryptError::Io {
        step: "could not read the folder",
        path: dir.to_path_buf(),
        source,
    };
    let mut files = Vec::new();
    let mut skipped = Vec::new();
    for entry in fs::read_dir(dir).map_err(io)? {
        let entry = entry.map_err(io)?;
        let name = entry.file_name().to_string_lossy().to_lowercase();
        let is_draft = name.ends_with(".ron")
            || (1..=crate::files::BACKUPS).any(|n| name.ends_with(&format!(".ron.bak{n}")));
        if !is_draft || name.starts_with('.') {
            continue;
        }
        let path = entry.path();
        match fs::symlink_metadata(&path) {
            Ok(m) if m.is_file() => files.push(path),
            Ok(_) => skipped.push((
                path,
                "not a plain file (a link or a folder): left as it is".to_owned(),
            )),
            Err(e) => skipped.push((path, format!("could not be looked at: {e}"))),
        }
    }
    files.sort();
    Ok((files, skipped))
}

/// Replace one file's bytes atomically (keeping who may read it), without backups.
fn replace_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    crate::files::write_private_bytes(path, bytes).map_err(|e| e.to_string())
}

/// Encrypt the folder `dir` with `passphrase`: make its key file (or unlock the one there, with
/// the same passphrase, to finish a conversion that stopped), then encrypt every draft and backup
/// in it, each file replaced atomically. A file that cannot be converted is named in the result
/// and left as it was.
///
/// # Errors
/// The key file cannot be made, or the passphrase does not open the one there, or the folder
/// cannot be read: then no draft was changed.
pub fn encrypt_folder(dir: &Path, passphrase: &SecretString) -> Result<Converted, CryptError> {
    encrypt_folder_with(dir, passphrase, None)
}

/// [`encrypt_folder`] with scrypt's work factor set (for tests).
///
/// # Errors
/// As [`encrypt_folder`].
pub fn encrypt_folder_with(
    dir: &Path,
    passphrase: &SecretString,
    work_factor: Option<u8>,
) -> Result<Converted, CryptError> {
    // Read the folder first: one that cannot be read gets no key file.
    draft_files(dir)?;
    let key = if is_encrypted_folder(dir) {
        unlock(dir, passphrase)?
    } else {
        create_key_with(dir, passphrase, work_factor)?
    };
    // Listed again once the key file is there: a draft saved meanwhile was saved encrypted, or is
    // in this list.
    convert_files(dir, true, |bytes| {
        key.seal(bytes).map_err(|e| e.to_string())
    })
}

/// Decrypt the folder `dir` with `passphrase`: every draft and backup written back in plain
/// text, each file replaced atomically; the key file is removed last, and only when every
/// encrypted file was converted (otherwise it stays, so that the others can still be opened).
///
/// # Errors
/// [`CryptError::WrongPassphrase`] (nothing changed), [`CryptError::NotEncrypted`], or the folder
/// cannot be read.
pub fn decrypt_folder(dir: &Path, passphrase: &SecretString) -> Result<Converted, CryptError> {
    draft_files(dir)?;
    let key = unlock(dir, passphrase)?;
    let out = convert_files(dir, false, |bytes| {
        key.open(bytes).ok_or_else(|| {
            "the folder's key does not open it (encrypted elsewhere, or damaged): left as it is"
                .to_owned()
        })
    })?;
    if out.failed.is_empty() {
        let path = key_file(dir);
        fs::remove_file(&path).map_err(|source| CryptError::Io {
            step: "decrypted every draft, but could not remove the key file",
            path,
            source,
        })?;
        forget(dir);
    }
    Ok(out)
}

/// Convert every draft and backup of `dir` that is not yet in the wanted form (encrypted when
/// `to_encrypted`) with `convert`, each file replaced atomically; a file that cannot be read,
/// converted or replaced is named in `failed` and left as it was.
fn convert_files(
    dir: &Path,
    to_encrypted: bool,
    convert: impl Fn(&[u8]) -> Result<Vec<u8>, String>,
) -> Result<Converted, CryptError> {
    let (files, skipped) = draft_files(dir)?;
    let mut out = Converted {
        failed: skipped,
        ..Converted::default()
    };
    for path in files {
        let bytes = match read_small(&path) {
            Ok(b) => b,
            Err(why) => {
                out.failed.push((path, why));
                continue;
            }
        };
        if is_encrypted(&bytes) == to_encrypted {
            out.already.push(path);
            continue;
        }
        let converted = match convert(&bytes) {
            Ok(c) => c,
            Err(why) => {
                out.failed.push((path, why));
                continue;
            }
        };
        match replace_file(&path, &converted) {
            Ok(()) => out.done.push(path),
            Err(why) => out.failed.push((path, why)),
        }
    }
    Ok(out)
}

/// A draft file's bytes for conversion, refused when larger than any (encrypted) draft.
fn read_small(path: &Path) -> Result<Vec<u8>, String> {
    let max = sealed_bound(njtax_engine::draft::MAX_DRAFT_BYTES);
    let file = open_no_follow(path).map_err(|e| format!("could not be read: {e}"))?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("could not be read: {e}"))?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > max {
        return Err("larger than any draft: left as it is".to_owned());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crypt::{CryptError, OpenError, forget, is_unlocked, open_bytes, seal_for};

    fn pass(s: &str) -> SecretString {
        SecretString::from(s.to_owned())
    }

    #[test]
    fn key_file_round_trip_and_wrong_passphrase() {
        let dir = tempfile::tempdir().unwrap();
        let key = create_key_with(dir.path(), &pass("right horse"), Some(10)).unwrap();
        let sealed = key.seal(b"hello").unwrap();
        assert!(is_encrypted(&sealed));
        forget(dir.path());
        assert!(matches!(
            unlock(dir.path(), &pass("wrong")),
            Err(CryptError::WrongPassphrase { .. })
        ));
        assert!(!is_unlocked(dir.path()));
        let again = unlock(dir.path(), &pass("right horse")).unwrap();
        assert_eq!(again.open(&sealed).as_deref(), Some(&b"hello"[..]));
        forget(dir.path());
    }

    #[test]
    fn sealing_needs_the_unlocked_key() {
        let dir = tempfile::tempdir().unwrap();
        let draft = dir.path().join("a.ron");
        assert_eq!(seal_for(&draft, b"plain").unwrap().as_ref(), b"plain");
        create_key_with(dir.path(), &pass("p"), Some(10)).unwrap();
        let sealed = seal_for(&draft, b"plain").unwrap().into_owned();
        assert!(is_encrypted(&sealed));
        forget(dir.path());
        assert!(matches!(
            seal_for(&draft, b"plain"),
            Err(CryptError::Locked(_))
        ));
        assert!(matches!(
            open_bytes(&draft, sealed),
            Err(OpenError::Locked(_))
        ));
    }

    /// In a clinic folder passed on to a group (setgid), the key file is the group's too (0660),
    /// so every volunteer's login can unlock it; never readable by other users.
    #[cfg(unix)]
    #[test]
    fn the_key_file_of_a_setgid_folder_is_the_groups() {
        use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
        if !rustix::process::geteuid().is_root() {
            println!("skipped: needs root to give the folder another group");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let group = 100; // any group other than root's
        std::os::unix::fs::chown(dir.path(), None, Some(group)).unwrap();
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o2770)).unwrap();
        create_key_with(dir.path(), &pass("p"), Some(10)).unwrap();
        let meta = fs::metadata(key_file(dir.path())).unwrap();
        assert_eq!(meta.mode() & 0o777, 0o660);
        assert_eq!(meta.gid(), group);
        forget(dir.path());
    }

    #[cfg(unix)]
    #[test]
    fn a_key_file_that_is_a_link_or_fifo_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let other = tempfile::tempdir().unwrap();
        create_key_with(other.path(), &pass("p"), Some(10)).unwrap();
        std::os::unix::fs::symlink(key_file(other.path()), key_file(dir.path())).unwrap();
        assert!(matches!(
            unlock(dir.path(), &pass("p")),
            Err(CryptError::BadKeyFile { .. })
        ));
        let fifo_dir = tempfile::tempdir().unwrap();
        // rustix has no mknodat on macOS and the BSDs: mkfifo(1) there.
        #[cfg(any(target_os = "linux", target_os = "android"))]
        rustix::fs::mknodat(
            rustix::fs::CWD,
            key_file(fifo_dir.path()),
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        assert!(
            std::process::Command::new("mkfifo")
                .arg(key_file(fifo_dir.path()))
                .status()
                .unwrap()
                .success()
        );
        assert!(matches!(
            unlock(fifo_dir.path(), &pass("p")),
            Err(CryptError::BadKeyFile { .. })
        ));
        // Still an encrypted folder: nothing is written there in plain text.
        assert!(seal_for(&fifo_dir.path().join("x.ron"), b"x").is_err());
        forget(other.path());
    }
}
