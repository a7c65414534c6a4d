//! Line maps: the official line id and label of each semantic line key, per tax year.
//!
//! The engine computes lines by stable semantic keys (`wages`, `tax`); each year's map in
//! `forms/lines/` gives the printed line id ("15", "43") and label. Years that share a layout share
//! a file.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use serde::Deserialize;

/// One year's (or several years') NJ-1040 line layout.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineMap {
    /// Form id, for example `NJ-1040`.
    pub form: String,
    /// Tax years using this layout.
    pub years: Vec<u16>,
    /// Why the layout is uncertain, if it is.
    pub uncertain: Option<String>,
    /// `(key, id, label)` in form order.
    pub lines: Vec<(String, String, String)>,
    /// Key to position, built once after loading.
    #[serde(skip)]
    index: HashMap<String, usize, BuildHasherDefault<Fnv>>,
    /// `(id, label)` by position, shared by every computed line.
    #[serde(skip)]
    shared: Vec<(Arc<str>, Arc<str>)>,
}

impl LineMap {
    /// Build the look-up index (called by the loader).
    pub fn build_index(&mut self) {
        self.index = self
            .lines
            .iter()
            .enumerate()
            .map(|(i, (k, _, _))| (k.clone(), i))
            .collect();
        self.shared = self
            .lines
            .iter()
            .map(|(_, id, label)| (Arc::from(id.as_str()), Arc::from(label.as_str())))
            .collect();
    }

    /// The `(id, label)` of a key.
    pub fn find(&self, key: &str) -> Option<(&str, &str)> {
        self.position(key)
            .and_then(|i| self.lines.get(i))
            .map(|(_, id, label)| (id.as_str(), label.as_str()))
    }

    /// Position of a key in form order.
    pub fn position(&self, key: &str) -> Option<usize> {
        match self.index.get(key) {
            Some(i) => Some(*i),
            None if self.index.is_empty() => self.lines.iter().position(|(k, _, _)| k == key),
            None => None,
        }
    }

    /// Shared `(id, label)` of a position.
    pub fn shared(&self, position: usize) -> Option<(Arc<str>, Arc<str>)> {
        self.shared.get(position).cloned()
    }
}

// The embedded line map files (`LINE_MAP_FILES`): every `forms/lines/*.ron`, listed by build.rs.
include!(concat!(env!("OUT_DIR"), "/line_maps.rs"));

/// FNV-1a: a small, fast hash for the short line keys looked up on every recomputation.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(PRIME);
        }
        self.0 = h;
    }
}
