//! Computed lines and their explanations ("why this number?").

use rust_decimal::Decimal;
use serde::Serialize;

use crate::key::{Key, Unit};
use crate::money::fmt_money;
use crate::params::{Figure, Shown};
use crate::schedule::Schedule;

/// Where an input to a line came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Source {
    /// An answer in the draft, by its path (for example `income.w2s[0].state_wages`).
    Answer(String),
    /// Another line of the return, by its semantic key.
    Line(Key),
    /// A value computed inside a worksheet or schedule.
    Worksheet(String),
}

/// One input that decided a line's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Input {
    /// What the input is, in words.
    pub name: String,
    /// Its value as shown to people.
    pub value: String,
    /// The amount, when the input is money (not part of the output: `value` shows it).
    #[serde(skip)]
    pub amount: Option<Decimal>,
    /// Where it came from.
    pub source: Source,
}

/// One law figure (parameter) used by a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParamUse {
    /// Parameter id, for example `exemptions.regular`.
    pub id: String,
    /// Human label.
    pub label: String,
    /// Value as shown to people.
    pub value: String,
    /// Statute citation.
    pub citation: String,
    /// Why the figure is uncertain, if it is.
    pub uncertain: Option<String>,
}

/// Whether a computation builds explanations. The mode lives in the rule context
/// ([`crate::sheet::Ctx::mode`]) and in each [`Explanation`] made from it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Build every line's explanation ("why this number?", the printout, the CLI).
    #[default]
    Explain,
    /// Values and diagnostics only: explanations stay empty except for the uncertain law figures
    /// they use (so the uncertainty warnings are the same). The live recompute on every keystroke.
    ValuesOnly,
}

impl Mode {
    /// Whether explanations are built.
    pub fn explaining(self) -> bool {
        self == Self::Explain
    }
}

/// `format!` that runs only when explanations are being built: `explain_format!(cx, "...", ..)`
/// where `cx` is anything with an `explaining()` method (the rule context, an [`Explanation`],
/// a [`Mode`]). The format arguments are not evaluated otherwise. Use it for explanation text
/// only, never for values, ids or diagnostics.
#[macro_export]
macro_rules! explain_format {
    ($on:expr, $($arg:tt)*) => {
        if $on.explaining() { format!($($arg)*) } else { String::new() }
    };
}

/// Why a line has its value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The rule in words, with the actual numbers.
    pub rule: String,
    /// Inputs that decided the value.
    pub inputs: Vec<Input>,
    /// Law figures used.
    pub params: Vec<ParamUse>,
    /// Statute (and form) citation, ending with the schedules' titles.
    pub citation: String,
    /// The forms, schedules and worksheets the line is worked out on, in the order the
    /// citation names them.
    pub schedules: Vec<Schedule>,
    /// Whether inputs and figures are recorded ([`Mode::Explain`]); not part of the output.
    #[serde(skip)]
    explaining: bool,
}

impl Explanation {
    /// Start an explanation with its rule text and citation. In [`Mode::ValuesOnly`] both are
    /// dropped and nothing but uncertain figures is recorded (build the text with
    /// [`crate::explain_format!`] so it is not even formatted).
    pub fn new(mode: Mode, rule: impl Into<String>, citation: impl Into<String>) -> Self {
        if !mode.explaining() {
            return Self::default();
        }
        Self {
            rule: rule.into(),
            citation: citation.into(),
            explaining: true,
            ..Self::default()
        }
    }

    /// An explanation without text yet (its rule is set later), recording inputs in `mode`.
    pub fn empty(mode: Mode) -> Self {
        Self {
            explaining: mode.explaining(),
            ..Self::default()
        }
    }

    /// The mode the explanation was made in.
    pub fn mode(&self) -> Mode {
        if self.explaining {
            Mode::Explain
        } else {
            Mode::ValuesOnly
        }
    }

    /// Whether this explanation records its inputs and figures ([`Mode::Explain`]).
    pub fn explaining(&self) -> bool {
        self.explaining
    }

    /// Add the input `make` gives, made only when explanations are being built.
    fn input(mut self, make: impl FnOnce() -> Input) -> Self {
        if self.explaining {
            self.inputs.push(make());
        }
        self
    }

    /// Add a money input taken from an answer path.
    #[must_use]
    pub fn answer(self, name: impl Into<String>, path: impl Into<String>, value: Decimal) -> Self {
        self.input(|| Input {
            name: name.into(),
            value: fmt_money(value),
            amount: Some(value),
            source: Source::Answer(path.into()),
        })
    }

    /// Add a non-money input taken from an answer path.
    #[must_use]
    pub fn answer_text(
        self,
        name: impl Into<String>,
        path: impl Into<String>,
        value: impl Into<String>,
    ) -> Self {
        self.input(|| Input {
            name: name.into(),
            value: value.into(),
            amount: None,
            source: Source::Answer(path.into()),
        })
    }

    /// Add a money input taken from another line.
    #[must_use]
    pub fn line(self, name: impl Into<String>, key: Key, value: Decimal) -> Self {
        self.input(|| Input {
            name: name.into(),
            value: fmt_money(value),
            amount: Some(value),
            source: Source::Line(key),
        })
    }

    /// Add another line that is a ratio, shown as a percentage ("83.33%"), as [`Line::display_value`]
    /// shows the line itself.
    #[must_use]
    pub fn ratio_line(self, name: impl Into<String>, key: Key, value: Decimal) -> Self {
        self.input(|| Input {
            name: name.into(),
            value: format!("{}%", (value * Decimal::ONE_HUNDRED).normalize()),
            amount: None,
            source: Source::Line(key),
        })
    }

    /// Add a money value computed in a worksheet.
    #[must_use]
    pub fn worksheet(
        self,
        name: impl Into<String>,
        step: impl Into<String>,
        value: Decimal,
    ) -> Self {
        self.input(|| Input {
            name: name.into(),
            value: fmt_money(value),
            amount: Some(value),
            source: Source::Worksheet(step.into()),
        })
    }

    /// Add a non-money value computed in a worksheet.
    #[must_use]
    pub fn worksheet_text(
        self,
        name: impl Into<String>,
        step: impl Into<String>,
        value: impl Into<String>,
    ) -> Self {
        self.input(|| Input {
            name: name.into(),
            value: value.into(),
            amount: None,
            source: Source::Worksheet(step.into()),
        })
    }

    /// Record that the line is worked out on `schedule`; [`Explanation::finish_citation`] names
    /// it at the end of the citation (`N.J.S.A. 54A:3-3(a); NJ-1040 line 31; Worksheet F`).
    /// Nothing in values-only mode.
    #[must_use]
    pub fn schedule(mut self, schedule: Schedule) -> Self {
        if self.explaining && !self.schedules.contains(&schedule) {
            self.schedules.push(schedule);
        }
        self
    }

    /// Complete the citation once the line's place on its form is known: the statute as the
    /// rule cited it, then the form's own line (`NJ-1040 line 45`, `NJ-1040NR line 15B`: from
    /// the form's line map, never written in rule prose), then the schedules the line is
    /// worked out on. Called once per line when the return is finished.
    pub fn finish_citation(&mut self, form_line: Option<(&str, &str)>) {
        if !self.explaining {
            return;
        }
        let mut parts: Vec<&str> = Vec::with_capacity(2 + self.schedules.len());
        if !self.citation.is_empty() {
            parts.push(&self.citation);
        }
        let own = form_line.map(|(form, id)| format!("{form} line {id}"));
        if let Some(own) = &own {
            parts.push(own);
        }
        parts.extend(self.schedules.iter().map(|s| s.title()));
        self.citation = parts.join("; ");
    }

    /// Record a law figure used.
    #[must_use]
    pub fn param<T: ShowValue>(mut self, fig: &Figure<T>) -> Self {
        if !self.explaining && fig.uncertain.is_none() {
            return self;
        }
        self.params.push(ParamUse {
            id: fig.id.clone(),
            label: fig.label.clone(),
            value: fig.value.show_as(fig.shown),
            citation: fig.citation.clone(),
            uncertain: fig.uncertain.clone(),
        });
        self
    }
}

/// How a parameter value is shown in an explanation: in words, never as Rust's debug output.
pub trait ShowValue {
    /// The value in words.
    fn show(&self) -> String;

    /// The value in words, its plain numbers shown as `shown` (money, a percentage), as the
    /// figure's declaration says ([`crate::params::Figure::shown`]). Types that are not plain
    /// numbers show themselves as [`ShowValue::show`] does.
    fn show_as(&self, shown: Shown) -> String {
        let _ = shown;
        self.show()
    }
}

impl ShowValue for Decimal {
    fn show(&self) -> String {
        self.normalize().to_string()
    }

    fn show_as(&self, shown: Shown) -> String {
        match shown {
            Shown::Number => self.show(),
            Shown::Money => fmt_money(*self),
            Shown::Percent => crate::money::fmt_rate(*self),
        }
    }
}

impl ShowValue for u32 {
    fn show(&self) -> String {
        self.to_string()
    }
}

impl ShowValue for bool {
    fn show(&self) -> String {
        if *self { "yes".into() } else { "no".into() }
    }
}

impl ShowValue for String {
    fn show(&self) -> String {
        self.clone()
    }
}

/// A line of the return, by its key in words (`coj credit`): the figure lists lines of every
/// year, so it does not name one year's line number.
impl ShowValue for Key {
    fn show(&self) -> String {
        self.as_str().replace('_', " ")
    }
}

/// The items in words, separated by semicolons; `none` when there are none.
impl<T: ShowValue> ShowValue for Vec<T> {
    fn show(&self) -> String {
        self.show_as(Shown::Number)
    }

    fn show_as(&self, shown: Shown) -> String {
        if self.is_empty() {
            return "none".into();
        }
        self.iter()
            .map(|v| v.show_as(shown))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl<T: ShowValue> ShowValue for crate::params::ByStatus<T> {
    fn show(&self) -> String {
        self.show_as(Shown::Number)
    }

    fn show_as(&self, shown: Shown) -> String {
        format!(
            "single {}; joint {}; separate {}; head of household {}; widow(er) {}",
            self.single.show_as(shown),
            self.joint.show_as(shown),
            self.separate.show_as(shown),
            self.head_of_household.show_as(shown),
            self.widow.show_as(shown)
        )
    }
}

/// One computed line of a return.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// Semantic key, stable across years (for example `wages`).
    pub key: Key,
    /// The official line id for the tax year (for example `15`).
    pub id: std::sync::Arc<str>,
    /// The form's label for the line.
    pub label: std::sync::Arc<str>,
    /// Position in the year's form order (for sorting; not part of the output).
    #[serde(skip)]
    pub position: usize,
    /// The amount.
    pub value: Decimal,
    /// Why it has that amount.
    pub explanation: Explanation,
}

impl Line {
    /// Whether the line is a ratio, not money (the NJ-1040NR income percentage).
    pub fn is_ratio(&self) -> bool {
        self.key.unit() == Unit::Ratio
    }

    /// The value as shown on the form: money with cents, or a ratio as a percentage ("45.68%").
    pub fn display_value(&self) -> String {
        if self.is_ratio() {
            format!("{}%", (self.value * Decimal::ONE_HUNDRED).normalize())
        } else {
            crate::money::fmt_money(self.value)
        }
    }
}

/// Severity of a diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Severity {
    /// Information for the preparer.
    Info,
    /// Something to check: an uncertain figure, a situation not fully covered.
    Warning,
    /// The return is wrong or cannot be filed as it stands.
    Error,
}

/// A finding about the return.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Stable code, for example `mfs-eitc`.
    pub code: String,
    /// How serious it is.
    pub severity: Severity,
    /// What is wrong and what to do, in plain words.
    pub message: String,
    /// The answer path it concerns, when there is one.
    pub path: Option<String>,
    /// Statute citation, when there is one.
    pub citation: Option<String>,
}

impl Diagnostic {
    /// An error diagnostic.
    pub fn error(code: &str, message: impl Into<String>) -> Self {
        Self {
            code: code.into(),
            severity: Severity::Error,
            message: message.into(),
            path: None,
            citation: None,
        }
    }

    /// A warning diagnostic.
    pub fn warning(code: &str, message: impl Into<String>) -> Self {
        Self {
            code: code.into(),
            severity: Severity::Warning,
            message: message.into(),
            path: None,
            citation: None,
        }
    }

    /// An informational diagnostic.
    pub fn info(code: &str, message: impl Into<String>) -> Self {
        Self {
            code: code.into(),
            severity: Severity::Info,
            message: message.into(),
            path: None,
            citation: None,
        }
    }

    /// Attach the answer path.
    #[must_use]
    pub fn at(mut self, path: impl Into<String>) -> Self {
        self.path = Some(path.into());
        self
    }

    /// Attach a citation.
    #[must_use]
    pub fn cite(mut self, citation: impl Into<String>) -> Self {
        self.citation = Some(citation.into());
        self
    }
}
