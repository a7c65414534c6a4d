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

/// Why a return is amended: one yes-or-no answer per reason (the interview's tick boxes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AmendReasons {
    /// A corrected or missing W-2 or 1099.
    pub corrected_statement: bool,
    /// The IRS changed the federal return.
    pub federal_change: bool,
    /// An amended federal return was filed.
    pub amended_federal_return: bool,
    /// A deduction or credit was missed or claimed wrongly.
    pub deduction_or_credit: bool,
    /// The tax paid to another state changed.
    pub other_state_tax: bool,
    /// Another mistake.
    pub other_mistake: bool,
}

impl AmendReasons {
    /// The reasons given, in [`AmendReason::ALL`] order.
    #[must_use]
    pub fn list(&self) -> Vec<AmendReason> {
        AmendReason::ALL
            .into_iter()
            .filter(|r| self.has(*r))
            .collect()
    }

    /// Whether `reason` is given.
    #[must_use]
    pub fn has(&self, reason: AmendReason) -> bool {
        match reason {
            AmendReason::CorrectedStatement => self.corrected_statement,
            AmendReason::FederalChange => self.federal_change,
            AmendReason::AmendedFederalReturn => self.amended_federal_return,
            AmendReason::DeductionOrCredit => self.deduction_or_credit,
            AmendReason::OtherStateTax => self.other_state_tax,
            AmendReason::OtherMistake => self.other_mistake,
        }
    }

    /// Whether no reason is given.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list().is_empty()
    }

    /// The reasons `of` given.
    #[must_use]
    pub fn of(of: &[AmendReason]) -> Self {
        let mut r = Self::default();
        for reason in of {
            match reason {
                AmendReason::CorrectedStatement => r.corrected_statement = true,
                AmendReason::FederalChange => r.federal_change = true,
                AmendReason::AmendedFederalReturn => r.amended_federal_return = true,
                AmendReason::DeductionOrCredit => r.deduction_or_credit = true,
                AmendReason::OtherStateTax => r.other_state_tax = true,
                AmendReason::OtherMistake => r.other_mistake = true,
            }
        }
        r
    }
}

/// One return as originally filed: the figures of column A and what was paid with it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OriginalReturn {
    /// The form filed (`NJ-1040` or `NJ-1040NR`); the amended return's columns are for the
    /// computed return of the same form.
    pub form: String,
    /// The figures were copied from the draft when "Amend this return" made this draft
    /// (`true`), or typed from the filed return (`false`).
    pub from_draft: bool,
    /// Column A: each line as filed, by the engine's line key (`wages`, `total_tax_due`). A
    /// line not given is shown as not given, and its change is not worked out (a line emptied
    /// in the app, `null`, is read as not given).
    #[serde(deserialize_with = "given_lines")]
    pub lines: BTreeMap<Key, Money>,
    /// Tax paid with the original return or after it (not withholding or estimated payments,
    /// which are on line 55 and 57).
    pub paid: Money,
    /// The day that tax was paid; `None`: with the original return.
    pub paid_on: Option<Date>,
}

/// The original lines, dropping any left empty (`null` from the app, `None` in a draft).
fn given_lines<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BTreeMap<Key, Money>, D::Error> {
    let lines: BTreeMap<Key, Given> = Deserialize::deserialize(d)?;
    Ok(lines
        .into_iter()
        .filter_map(|(k, v)| Some((k, v.0?)))
        .collect())
}

/// An amount, or nothing.
struct Given(Option<Money>);

impl<'de> Deserialize<'de> for Given {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(GivenVisitor)
    }
}

struct GivenVisitor;

impl<'de> serde::de::Visitor<'de> for GivenVisitor {
    type Value = Given;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an amount in quotes, like \"1514.00\", or None")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Given, E> {
        v.parse::<Money>()
            .map(|m| Given(Some(m)))
            .map_err(E::custom)
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Given, E> {
        Ok(Given(Some(Money::from(v))))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Given, E> {
        Ok(Given(Some(Money::from(v))))
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Given, E> {
        Ok(Given(None))
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Given, E> {
        Ok(Given(None))
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Given, D::Error> {
        Given::deserialize(d)
    }
}
