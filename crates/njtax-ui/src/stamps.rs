//! How drafts and moments are named, for every part of the app that needs it (locks, recovery
//! copies, clinic records): a draft's canonical path whichever way it was reached, and times as a
//! clinic record writes them and as people read them. A leaf module: it uses no other module of
//! this crate.

use std::path::{Path, PathBuf};

/// The path a draft is known by, whichever way it was reached (`x.ron`, `./x.ron`, a symbolic
/// link, another working folder): the canonical path when the file (or its folder) exists, else
/// the absolute path as written (a folder not mounted now).
#[must_use]
pub fn canonical(path: &Path) -> PathBuf {
    if let Ok(p) = path.canonicalize() {
        return p;
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    // A draft not written yet in a folder that exists: the folder's canonical path and the name.
    match (absolute.parent(), absolute.file_name()) {
        (Some(dir), Some(name)) => dir
            .canonicalize()
            .map_or_else(|_| absolute.clone(), |d| d.join(name)),
        _ => absolute,
    }
}

/// Whether two paths name the same draft (see [`canonical`]).
#[must_use]
pub fn same_draft(a: &Path, b: &Path) -> bool {
    a == b || canonical(a) == canonical(b)
}

/// Now, as a clinic record writes it: UTC to the second (`2026-12-07T14:05:00Z`).
#[must_use]
pub fn now_stamp() -> String {
    jiff::Timestamp::now()
        .strftime("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
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
