//! Whose item an answer is: a small type of its own so that the answer modules below
//! [`crate::answers`] can use it without depending on their parent.

use serde::{Deserialize, Serialize};

/// Whose item an income record is (matters for the pension exclusion, NJ-2450, COJ).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Owner {
    /// The taxpayer.
    #[default]
    Taxpayer,
    /// The spouse/CU partner.
    Spouse,
}

impl Owner {
    /// Whose item it is in plain words ("taxpayer", "spouse"), for tables and messages.
    pub fn label(self) -> &'static str {
        match self {
            Self::Taxpayer => "taxpayer",
            Self::Spouse => "spouse",
        }
    }
}
