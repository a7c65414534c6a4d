//! Line maps: the official line id and label of each semantic line key, per tax year.
//!
//! The engine computes lines by stable semantic keys (`wages`, `tax`); each year's map in
//! `forms/lines/` gives the printed line id ("15", "43") and label. Years that share a layout share
//! a file.

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
}

impl LineMap {
    /// The `(id, label)` of a key.
    pub fn find(&self, key: &str) -> Option<(&str, &str)> {
        self.lines
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, id, label)| (id.as_str(), label.as_str()))
    }

    /// Position of a key in form order.
    pub fn position(&self, key: &str) -> Option<usize> {
        self.lines.iter().position(|(k, _, _)| k == key)
    }
}

/// The embedded line map files.
pub const LINE_MAP_FILES: &[(&str, &str)] = &[
    (
        "nj1040-2022.ron",
        include_str!("../../../forms/lines/nj1040-2022.ron"),
    ),
    (
        "nj1040-2023.ron",
        include_str!("../../../forms/lines/nj1040-2023.ron"),
    ),
];
