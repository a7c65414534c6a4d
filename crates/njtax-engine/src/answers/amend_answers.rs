//! Answers about an amended return (format 10): why it is amended, and each original return's
//! figures as filed (column A) with what was paid with it. The `Amendment` that holds them is in
//! [`crate::answers`], since it keeps the original draft's answers. Re-exported from
//! [`crate::answers`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::calendar::Date;
use crate::key::Key;
use crate::money::Money;

/// Why a return is amended, in the words of the amended return's explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AmendReason {
    /// A corrected W-2 or 1099 arrived (or one was missed).
    CorrectedStatement,
    /// The IRS changed the federal return (54A:8-7 a: report within 90 days of the final
    /// determination).
    FederalChange,
    /// An amended federal return was filed (54A:8-7 a: amend within 90 days after it).
    AmendedFederalReturn,
    /// A deduction or credit was missed or claimed wrongly.
    DeductionOrCredit,
    /// Another state's tax, credited on line 44, changed (54A:4-1 e).
    OtherStateTax,
    /// Another mistake on the original return.
    OtherMistake,
}

impl AmendReason {
    /// Every reason, in the order the interview shows them.
    pub const ALL: [Self; 6] = [
        Self::CorrectedStatement,
        Self::FederalChange,
        Self::AmendedFederalReturn,
        Self::DeductionOrCredit,
        Self::OtherStateTax,
        Self::OtherMistake,
    ];

    /// The reason in words.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Self::CorrectedStatement => "A corrected or missing W-2 or 1099",
            Self::FederalChange => "The IRS changed the federal return",
            Self::AmendedFederalReturn => "An amended federal return was filed",
            Self::DeductionOrCredit => "A deduction or credit was missed or claimed wrongly",
            Self::OtherStateTax => "The tax paid to another state changed",
            Self::OtherMistake => "Another mistake on the original return",
        }
    }
}

/// One return as originally filed: the figures of column A and what was paid with it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OriginalReturn {
    /// The form filed (`NJ-1040` or `NJ-1040NR`); the amended return's columns are for the
    /// computed return of the same form.
    pub form: String,
    /// The figures were typed from the filed return (`true`), or copied from the draft when
    /// "Amend this return" made this draft (`false`).
    pub typed: bool,
    /// Column A: each line as filed, by the engine's line key (`wages`, `total_tax_due`). A
    /// line not given is shown as not given, and its change is not worked out.
    pub lines: BTreeMap<Key, Money>,
    /// Tax paid with the original return or after it (not withholding or estimated payments,
    /// which are on line 55 and 57).
    pub paid: Money,
    /// The day that tax was paid; `None`: with the original return.
    pub paid_on: Option<Date>,
}
