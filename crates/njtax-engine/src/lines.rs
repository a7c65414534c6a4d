//! Line maps: the official line id and label of each semantic line key, per tax year.
//!
//! The engine computes lines by stable semantic keys ([`Key`]: `wages`, `tax`); each year's map in
//! `forms/lines/` gives the printed line id ("15", "43") and label. Years that share a layout share
//! a file.

use std::sync::Arc;

use serde::Deserialize;

use crate::key::Key;

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
    /// `(key, id, label)` in form order. A key the engine does not know is an error when the
    /// file is read.
    pub lines: Vec<(Key, String, String)>,
    /// Position of each key (by [`Key::index`]), built once after loading.
    #[serde(skip)]
    index: Vec<Option<usize>>,
    /// `(id, label)` by position, shared by every computed line.
    #[serde(skip)]
    shared: Vec<(Arc<str>, Arc<str>)>,
}

impl LineMap {
    /// Build the look-up index (called by the loader).
    pub fn build_index(&mut self) {
        let mut index = vec![None; Key::COUNT];
        for (i, (k, _, _)) in self.lines.iter().enumerate() {
            if let Some(slot) = index.get_mut(k.index()) {
                slot.get_or_insert(i);
            }
        }
        self.index = index;
        self.shared = self
            .lines
            .iter()
            .map(|(_, id, label)| (Arc::from(id.as_str()), Arc::from(label.as_str())))
            .collect();
    }

    /// The `(id, label)` of a key.
    pub fn find(&self, key: Key) -> Option<(&str, &str)> {
        self.position(key)
            .and_then(|i| self.lines.get(i))
            .map(|(_, id, label)| (id.as_str(), label.as_str()))
    }

    /// Position of a key in form order.
    pub fn position(&self, key: Key) -> Option<usize> {
        if self.index.is_empty() {
            return self.lines.iter().position(|(k, _, _)| *k == key);
        }
        self.index.get(key.index()).copied().flatten()
    }

    /// Shared `(id, label)` of a position.
    pub fn shared(&self, position: usize) -> Option<(Arc<str>, Arc<str>)> {
        self.shared.get(position).cloned()
    }
}

impl LineMap {
    /// The key of a line id (exact, else ignoring case).
    pub fn key_of(&self, id: &str) -> Option<Key> {
        self.lines
            .iter()
            .find(|(_, i, _)| i == id)
            .or_else(|| {
                self.lines
                    .iter()
                    .find(|(_, i, _)| i.eq_ignore_ascii_case(id))
            })
            .map(|(k, _, _)| *k)
    }
}

// The embedded line map files (`LINE_MAP_FILES`): every `forms/lines/*.ron`, listed by build.rs.
include!(concat!(env!("OUT_DIR"), "/line_maps.rs"));
