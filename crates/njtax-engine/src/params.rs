//! Law figures (rates, caps, thresholds) as data keyed by tax year, each with its citation.
//!
//! The figures live in RON files under `forms/params/` at the top of the repository and are
//! embedded in the binary. Each figure is a [`Param`]: a label, a statute citation, and values
//! keyed by the first tax year they apply to ("effective from" semantics: a value holds until a
//! later key replaces it). Figures the reference marks UNCERTAIN carry a note for the years
//! concerned; the engine raises a warning wherever such a figure is used.
//!
//! A domain of figures is declared once with [`param_domain!`], which generates both the file
//! shape (`Param<T>` fields) and the resolved shape for one year (`Figure<T>` fields).

use std::collections::BTreeMap;

use serde::Deserialize;

/// Errors in the embedded parameter data.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum ParamError {
    /// A parameter file does not parse.
    #[error("parameter file {file} does not parse: {message}")]
    Parse {
        /// File name.
        file: String,
        /// Parser message with line and column.
        message: String,
    },
    /// A parameter has no value for the year.
    #[error("parameter {id} has no value for tax year {year}")]
    MissingYear {
        /// Parameter id.
        id: String,
        /// Tax year asked for.
        year: u16,
    },
    /// A year listed in `forms/years.ron` that the data does not complete.
    #[error("tax year {year} is listed in years.ron but its data is incomplete: {problem}")]
    Year {
        /// The listed year.
        year: u16,
        /// What is wrong, in words.
        problem: String,
    },
}

/// A law figure over the years, as stored in `forms/params/*.ron`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Param<T> {
    /// Human label.
    pub label: String,
    /// Statute citation (N.J.S.A. section, and form line where useful).
    pub citation: String,
    /// Values keyed by the first tax year they apply to.
    pub values: BTreeMap<u16, T>,
    /// Notes for years whose figure is uncertain (exact year).
    #[serde(default)]
    pub uncertain: BTreeMap<u16, String>,
}

impl<T: Clone> Param<T> {
    /// The figure in force for `year`: the value with the greatest key not after `year`.
    ///
    /// # Errors
    /// [`ParamError::MissingYear`] when every key is after `year`.
    pub fn at(&self, id: &str, year: u16) -> Result<Figure<T>, ParamError> {
        let Some((_, value)) = self.values.range(..=year).next_back() else {
            return Err(ParamError::MissingYear {
                id: id.to_owned(),
                year,
            });
        };
        Ok(Figure {
            id: id.to_owned(),
            label: self.label.clone(),
            citation: self.citation.clone(),
            value: value.clone(),
            uncertain: self.uncertain.get(&year).cloned(),
            shown: Shown::Number,
        })
    }
}

/// A law figure resolved for one tax year.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure<T> {
    /// Parameter id (`domain.name`).
    pub id: String,
    /// Human label.
    pub label: String,
    /// Statute citation.
    pub citation: String,
    /// The value for the year.
    pub value: T,
    /// Why the figure is uncertain for this year, if it is.
    pub uncertain: Option<String>,
    /// How its numbers are shown (money, a percentage, a plain number), from the domain's
    /// declaration ([`crate::param_domain!`]).
    pub shown: Shown,
}

impl<T> Figure<T> {
    /// The same figure, its numbers shown as `shown`.
    #[must_use]
    pub fn shown_as(mut self, shown: Shown) -> Self {
        self.shown = shown;
        self
    }
}

/// How the numbers of a law figure are shown to people: a figure of money as `$15,000.00`, a
/// rate or share as `37.5%`, a count or an age as it is. Declared for each figure that holds a
/// plain number with `as money`, `as percent` or `as number` in [`crate::param_domain!`]; figures
/// of other types show themselves in words ([`crate::explain::ShowValue`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shown {
    /// As it is (`3`, `18`).
    #[default]
    Number,
    /// Money with cents (`$15,000.00`).
    Money,
    /// A rate or share as a percentage (`0.375` as `37.5%`).
    Percent,
}

/// The [`Shown`] a unit word in a [`crate::param_domain!`] declaration names (`money`,
/// `percent`, `number`; none for figures that show themselves in words).
#[doc(hidden)]
#[macro_export]
macro_rules! param_shown {
    () => {
        $crate::params::Shown::Number
    };
    (money) => {
        $crate::params::Shown::Money
    };
    (percent) => {
        $crate::params::Shown::Percent
    };
    (number) => {
        $crate::params::Shown::Number
    };
}

/// One figure a domain declares: its id, its type as written and whether the declaration says
/// how its numbers are shown (tests require it of every figure holding a plain number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeclaredFigure {
    /// Parameter id (`domain.name`).
    pub id: &'static str,
    /// The type as declared (`Decimal`, `ByStatus<Decimal>`).
    pub ty: &'static str,
    /// Whether the declaration names a unit (`as money`, `as percent`, `as number`).
    pub has_unit: bool,
}

/// Something that lists the uncertain figures it holds.
pub trait ListUncertain {
    /// Push `(id, label, note)` for every uncertain figure.
    fn list_uncertain(&self, out: &mut Vec<(String, String, String)>);
}

/// Declare a domain of parameters: generates `$file` (as stored) and `$resolved` (one year).
/// A figure holding plain numbers says how they are shown: `deduction_cap: Decimal as money`,
/// `rent_share: Decimal as percent`, `min_square_feet: Decimal as number` ([`Shown`]).
#[macro_export]
macro_rules! param_domain {
    ($domain:literal, $file:ident => $resolved:ident { $( $(#[$m:meta])* $field:ident : $ty:ty $(as $unit:ident)? ),* $(,)? }) => {
        /// Parameters of this domain as stored in `forms/params/`.
        #[derive(Clone, Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $file {
            $( $(#[$m])* pub $field: $crate::params::Param<$ty>, )*
        }

        /// Parameters of this domain resolved for one tax year.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $resolved {
            $( $(#[$m])* pub $field: $crate::params::Figure<$ty>, )*
        }

        impl $file {
            /// Resolve every figure for `year`.
            ///
            /// # Errors
            /// When a figure has no value for `year`.
            pub fn resolve(&self, year: u16) -> Result<$resolved, $crate::params::ParamError> {
                Ok($resolved {
                    $( $field: self.$field
                        .at(concat!($domain, ".", stringify!($field)), year)?
                        .shown_as($crate::param_shown!($($unit)?)), )*
                })
            }
        }

        impl $resolved {
            /// Every figure the domain declares, with its type and whether it names a unit.
            pub const DECLARED: &'static [$crate::params::DeclaredFigure] = &[
                $( $crate::params::DeclaredFigure {
                    id: concat!($domain, ".", stringify!($field)),
                    ty: stringify!($ty),
                    has_unit: !stringify!($($unit)?).is_empty(),
                }, )*
            ];
        }

        impl $crate::params::ListUncertain for $resolved {
            fn list_uncertain(&self, out: &mut Vec<(String, String, String)>) {
                $( if let Some(note) = &self.$field.uncertain {
                    out.push((self.$field.id.clone(), self.$field.label.clone(), note.clone()));
                } )*
            }
        }
    };
}

/// A value that differs by filing status.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ByStatus<T> {
    /// Single.
    pub single: T,
    /// Married/CU partner filing jointly.
    pub joint: T,
    /// Married/CU partner filing separately.
    pub separate: T,
    /// Head of household.
    pub head_of_household: T,
    /// Qualifying widow(er)/surviving CU partner.
    pub widow: T,
}

impl<T> ByStatus<T> {
    /// The value for a filing status.
    pub fn get(&self, status: crate::answers::FilingStatus) -> &T {
        use crate::answers::FilingStatus as F;
        match status {
            F::Single => &self.single,
            F::MarriedJoint => &self.joint,
            F::MarriedSeparate => &self.separate,
            F::HeadOfHousehold => &self.head_of_household,
            F::QualifyingWidow => &self.widow,
        }
    }
}

/// Parse one embedded parameter file.
///
/// # Errors
/// [`ParamError::Parse`] with the file name, line and column.
pub fn parse_file<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, ParamError> {
    ron::Options::default()
        .from_str(text)
        .map_err(|e| ParamError::Parse {
            file: file.to_owned(),
            message: e.to_string(),
        })
}
