//! Drafts encrypted at rest: a folder's setting (see `docs/decisions/encrypted-drafts.md`).
//!
//! An encrypted folder holds one small key file, [`KEY_FILE`]: a random age identity (hybrid
//! post-quantum, ML-KEM-768 with X25519: age's own default since 0.13), encrypted with the
//! folder's passphrase by age's scrypt recipient (never the passphrase itself). Unlocking the folder decrypts that file once (one scrypt, about a second), and the identity is
//! kept in this process's memory only ([`unlock`], [`key_for`]). Every draft, backup and recovery
//! copy of the folder is then encrypted to the identity's recipient, which is fast, so a
//! roster of thousands of drafts reads in one unlock.
//!
//! The hooks that reading and writing use are narrow, bytes in and bytes out: [`open_bytes`]
//! (decrypt when the bytes are an age file) and [`seal_for`] (encrypt when the file's folder is
//! encrypted). Making a folder's key and converting a folder's files are in
//! [`crate::crypt_folder`]. A folder that is encrypted but not unlocked is never written in plain text: the
//! write fails with [`Locked`] and says which folder to unlock.
//!
//! Errors name folders and files, never contents or passphrases.

use std::borrow::Cow;
use std::fs;
use std::io::{self, Read as _};
use std::path::{Path, PathBuf};
use std::str::FromStr as _;
use std::sync::{Arc, Mutex};

pub use age::secrecy::{ExposeSecret, SecretString};

/// The key file of an encrypted folder, beside its drafts.
pub const KEY_FILE: &str = ".njtax-folder-key.age";

/// How an age file starts (binary form).
const AGE_HEADER: &[u8] = b"age-encryption.org/v1";

/// How an armoured (text) age file starts.
const ARMOR_HEADER: &[u8] = b"-----BEGIN AGE ENCRYPTED FILE-----";

/// The largest key file read (a real one is about 400 bytes).
const MAX_KEY_FILE: u64 = 16 * 1024;

/// The most that encryption adds to a draft of `plain` bytes: the header (one hybrid
/// post-quantum stanza and its MAC, about 1.7 KB, rounded up generously) and 16 bytes per 64 KiB
/// chunk.
#[must_use]
pub fn sealed_bound(plain: u64) -> u64 {
    plain
        .saturating_add(4096)
        .saturating_add(16 * (plain / 65_536 + 1))
}

/// Whether `bytes` are an age-encrypted file (binary or armoured).
#[must_use]
pub fn is_encrypted(bytes: &[u8]) -> bool {
    bytes.starts_with(AGE_HEADER) || bytes.starts_with(ARMOR_HEADER)
}

/// A folder's unlocked key: the age identity (post-quantum hybrid) the drafts are encrypted to.
pub struct FolderKey {
    identity: age::pq::Identity,
    recipient: age::pq::Recipient,
}

impl std::fmt::Debug for FolderKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the identity itself.
        f.write_str("FolderKey(..)")
    }
}

impl FolderKey {
    /// The key of a new or unlocked folder.
    pub(crate) fn new(identity: age::pq::Identity) -> Self {
        let recipient = identity.to_public();
        Self {
            identity,
            recipient,
        }
    }

    /// `plain` encrypted to this folder's key (binary age format).
    ///
    /// # Errors
    /// Encryption failed (it does not, short of the system's random source failing).
    pub fn seal(&self, plain: &[u8]) -> Result<Vec<u8>, CryptError> {
        age::encrypt(&self.recipient, plain).map_err(|_| CryptError::Encrypt)
    }

    /// `plain` encrypted to this folder's key as armoured text (for recovery files, which are
    /// text).
    ///
    /// # Errors
    /// Encryption failed.
    pub fn seal_text(&self, plain: &[u8]) -> Result<String, CryptError> {
        age::encrypt_and_armor(&self.recipient, plain).map_err(|_| CryptError::Encrypt)
    }

    /// `sealed` decrypted with this folder's key; `None` when it is not encrypted to it (another
    /// folder's key) or damaged.
    #[must_use]
    pub fn open(&self, sealed: &[u8]) -> Option<Vec<u8>> {
        age::decrypt(&self.identity, sealed).ok()
    }
}

/// Why a folder could not be encrypted, unlocked, or a file sealed or opened. Never holds a
/// passphrase or a file's contents.
#[derive(Debug, thiserror::Error)]
pub enum CryptError {
    /// The passphrase does not open the folder's key file.
    #[error("the passphrase is not the one of the encrypted folder {}: nothing was changed", .folder.display())]
    WrongPassphrase {
        /// The folder.
        folder: PathBuf,
    },
    /// The folder is encrypted and not unlocked in this session.
    #[error(transparent)]
    Locked(#[from] Locked),
    /// The folder is not encrypted (it has no key file).
    #[error("{} is not an encrypted folder (it has no {KEY_FILE})", .folder.display())]
    NotEncrypted {
        /// The folder.
        folder: PathBuf,
    },
    /// The folder is encrypted already.
    #[error("{} is encrypted already", .folder.display())]
    AlreadyEncrypted {
        /// The folder.
        folder: PathBuf,
    },
    /// The key file is not a plain file, too large, or not a key file.
    #[error("{}: {why}", .path.display())]
    BadKeyFile {
        /// The key file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// A file system step failed.
    #[error("{step} ({}): {source}", .path.display())]
    Io {
        /// The step, in words.
        step: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: io::Error,
    },
    /// Encryption failed.
    #[error("the file could not be encrypted")]
    Encrypt,
}

/// The folder holding the file is encrypted and not unlocked in this session: nothing was read
/// or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} is an encrypted folder: unlock it with its passphrase first", .folder.display())]
pub struct Locked {
    /// The folder to unlock.
    pub folder: PathBuf,
}

/// The folder a file is in, as the key registry names it (links followed, absolute).
#[must_use]
pub fn folder_of(path: &Path) -> PathBuf {
    // An existing file: every link followed to the file itself. A file not written yet: its
    // folder's links followed (a save resolves a link to a file not there yet before asking).
    if let Ok(file) = fs::canonicalize(path)
        && let Some(dir) = file.parent()
    {
        return dir.to_path_buf();
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    canonical_dir(dir)
}

/// A folder's canonical name (absolute when it cannot be resolved).
fn canonical_dir(dir: &Path) -> PathBuf {
    fs::canonicalize(dir)
        .or_else(|_| std::path::absolute(dir))
        .unwrap_or_else(|_| dir.to_path_buf())
}

/// The key file of `dir`.
#[must_use]
pub fn key_file(dir: &Path) -> PathBuf {
    dir.join(KEY_FILE)
}

/// Whether `dir` is an encrypted folder: anything at all named [`KEY_FILE`] counts (a link or a
/// folder there then fails to unlock, and nothing is ever written in plain text).
#[must_use]
pub fn is_encrypted_folder(dir: &Path) -> bool {
    fs::symlink_metadata(key_file(dir)).is_ok()
}

/// The keys unlocked in this process: folder (canonical) and its key.
static KEYS: Mutex<Vec<(PathBuf, Arc<FolderKey>)>> = Mutex::new(Vec::new());

fn keys() -> std::sync::MutexGuard<'static, Vec<(PathBuf, Arc<FolderKey>)>> {
    // A poisoned registry still holds whole keys (a push or a retain is all that changes it).
    KEYS.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Keep `key` as the unlocked key of `dir` for the rest of the session.
pub fn remember(dir: &Path, key: Arc<FolderKey>) {
    let dir = canonical_dir(dir);
    let mut keys = keys();
    keys.retain(|(d, _)| d != &dir);
    keys.push((dir, key));
}

/// The unlocked key of `dir`, when it was unlocked in this session.
#[must_use]
pub fn key_for(dir: &Path) -> Option<Arc<FolderKey>> {
    let dir = canonical_dir(dir);
    keys()
        .iter()
        .find(|(d, _)| d == &dir)
        .map(|(_, k)| Arc::clone(k))
}

/// Whether `dir` is unlocked in this session.
#[must_use]
pub fn is_unlocked(dir: &Path) -> bool {
    key_for(dir).is_some()
}

/// How many folders are unlocked in this session (File > Remove client data lists them).
#[must_use]
pub fn unlocked_count() -> usize {
    keys().len()
}

/// Forget every unlocked key (the app's lock, or the end of a test).
pub fn forget_all() {
    keys().clear();
}

/// Forget the key of one folder.
pub fn forget(dir: &Path) {
    let dir = canonical_dir(dir);
    keys().retain(|(d, _)| d != &dir);
}

/// Read the key file of `dir`: a plain file (not a link, a FIFO or a folder), at most
/// [`MAX_KEY_FILE`] bytes, opened without following a link and without blocking.
fn read_key_file(dir: &Path) -> Result<Vec<u8>, CryptError> {
    let path = key_file(dir);
    let bad = |why: &str| CryptError::BadKeyFile {
        path: path.clone(),
        why: why.to_owned(),
    };
    match fs::symlink_metadata(&path) {
        Ok(m) if m.is_file() => {}
        Ok(_) => {
            return Err(bad(
                "it is not a plain file (a link, a folder or a device): remove it, and put the folder's real key file back from a copy",
            ));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(CryptError::NotEncrypted {
                folder: dir.to_path_buf(),
            });
        }
        Err(source) => {
            return Err(CryptError::Io {
                step: "could not look at the key file",
                path,
                source,
            });
        }
    }
    let file = open_no_follow(&path).map_err(|source| CryptError::Io {
        step: "could not open the key file",
        path: path.clone(),
        source,
    })?;
    let mut bytes = Vec::new();
    file.take(MAX_KEY_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| CryptError::Io {
            step: "could not read the key file",
            path: path.clone(),
            source,
        })?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > MAX_KEY_FILE {
        return Err(bad("it is far larger than a key file"));
    }
    Ok(bytes)
}

#[cfg(unix)]
pub(crate) fn open_no_follow(path: &Path) -> io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    let flags = rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK;
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(i32::try_from(flags.bits()).unwrap_or(0))
        .open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::other("not a plain file"));
    }
    Ok(file)
}

#[cfg(not(unix))]
pub(crate) fn open_no_follow(path: &Path) -> io::Result<fs::File> {
    let file = fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::other("not a plain file"));
    }
    Ok(file)
}

/// Unlock the encrypted folder `dir` with `passphrase` (one scrypt) and keep its key for the
/// session. Writes nothing.
///
/// # Errors
/// [`CryptError::WrongPassphrase`] when the passphrase does not open the key file (nothing is
/// kept); [`CryptError::NotEncrypted`] when the folder has no key file; others when the key file
/// cannot be read or is not one.
pub fn unlock(dir: &Path, passphrase: &SecretString) -> Result<Arc<FolderKey>, CryptError> {
    let sealed = read_key_file(dir)?;
    let mut identity = age::scrypt::Identity::new(passphrase.clone());
    // A planted key file with a huge work factor must not hold the app for hours.
    identity.set_max_work_factor(22);
    let plain = match age::decrypt(&identity, &sealed) {
        Ok(plain) => plain,
        Err(
            age::DecryptError::DecryptionFailed
            | age::DecryptError::KeyDecryptionFailed
            | age::DecryptError::NoMatchingKeys,
        ) => {
            return Err(CryptError::WrongPassphrase {
                folder: dir.to_path_buf(),
            });
        }
        Err(age::DecryptError::ExcessiveWork { .. }) => {
            return Err(CryptError::BadKeyFile {
                path: key_file(dir),
                why:
                    "it asks for far more work to unlock than njtax sets: it was not made by njtax"
                        .to_owned(),
            });
        }
        Err(_) => {
            return Err(CryptError::BadKeyFile {
                path: key_file(dir),
                why: "it is not a key file njtax made, or it is damaged".to_owned(),
            });
        }
    };
    let text = std::str::from_utf8(&plain).map_err(|_| CryptError::BadKeyFile {
        path: key_file(dir),
        why: "it does not hold a key".to_owned(),
    })?;
    let identity =
        age::pq::Identity::from_str(text.trim()).map_err(|_| CryptError::BadKeyFile {
            path: key_file(dir),
            why: "it does not hold a key".to_owned(),
        })?;
    let key = Arc::new(FolderKey::new(identity));
    remember(dir, Arc::clone(&key));
    Ok(key)
}

/// The bytes of the file at `path` as text to parse: decrypted with the unlocked key of its
/// folder (or of any unlocked folder, for a draft copied out of one) when they are an age file,
/// as they are otherwise.
///
/// # Errors
/// [`OpenError::Locked`] when no unlocked key opens them and the folder is not unlocked;
/// [`OpenError::Undecryptable`] when its folder is unlocked and still no key opens them.
pub fn open_bytes(path: &Path, bytes: Vec<u8>) -> Result<Vec<u8>, OpenError> {
    if !is_encrypted(&bytes) {
        return Ok(bytes);
    }
    let folder = folder_of(path);
    let own = key_for(&folder);
    if let Some(plain) = own.as_ref().and_then(|k| k.open(&bytes)) {
        return Ok(plain);
    }
    let others: Vec<Arc<FolderKey>> = keys().iter().map(|(_, k)| Arc::clone(k)).collect();
    if let Some(plain) = others.iter().find_map(|k| k.open(&bytes)) {
        return Ok(plain);
    }
    if own.is_some() {
        Err(OpenError::Undecryptable)
    } else {
        Err(OpenError::Locked(Locked { folder }))
    }
}

/// `bytes` decrypted when they are an age file that an unlocked key opens, else as they are: for
/// comparing what a file holds with what was written (see [`crate::sharing::Stamp::of_file`]).
#[must_use]
pub fn plain_or_as_is(path: &Path, bytes: Vec<u8>) -> Vec<u8> {
    if !is_encrypted(&bytes) {
        return bytes;
    }
    open_bytes(path, bytes.clone()).unwrap_or(bytes)
}

/// Why an encrypted file could not be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenError {
    /// Its folder is not unlocked.
    Locked(Locked),
    /// Its folder is unlocked, but its key does not open it (another folder's file, or damaged).
    Undecryptable,
}

/// `bytes` as they are to be written to `path`: encrypted to its folder's key when the folder is
/// encrypted (bytes already encrypted are kept as they are), unchanged otherwise.
///
/// # Errors
/// [`CryptError::Locked`] when the folder is encrypted and not unlocked: nothing may be written
/// in plain text there.
pub fn seal_for<'a>(path: &Path, bytes: &'a [u8]) -> Result<Cow<'a, [u8]>, CryptError> {
    let folder = folder_of(path);
    if !is_encrypted_folder(&folder) || is_encrypted(bytes) {
        return Ok(Cow::Borrowed(bytes));
    }
    let key = key_for(&folder).ok_or(Locked { folder })?;
    key.seal(bytes).map(Cow::Owned)
}

/// Whether `old` (a file's bytes) holds `plain` once decrypted with an unlocked key: a save that
/// changes nothing keeps no backup, as with plain drafts.
#[must_use]
pub fn holds(path: &Path, old: &[u8], plain: &[u8]) -> bool {
    is_encrypted(old) && open_bytes(path, old.to_vec()).is_ok_and(|o| o == plain)
}
