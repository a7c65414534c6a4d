//! The interview as data: screens, fields, labels, help text, citations and show-if conditions,
//! loaded from `forms/interview.ron` (embedded in the binary).

use serde::Deserialize;
use serde_json::Value;

use crate::binding;

/// The embedded interview file.
pub const INTERVIEW_RON: &str = include_str!("../../../forms/interview.ron");

/// The whole interview.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Interview {
    /// Screens in order.
    pub screens: Vec<Screen>,
    /// The topics whose screens the guided path skips when the filer says they do not apply.
    #[serde(default)]
    pub topics: Vec<Topic>,
}

/// A topic of the guided interview: its yes-or-no question is a [`Kind::YesNo`] field at
/// `topics.<id>` (on the "Your year" screen), and an answer of No skips its screens on the guided
/// path and marks them "does not apply", unless one of them holds answers (then it applies
/// whatever the question says: nothing the filer entered is ignored).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Topic {
    /// Stable id, the key of the answer (`topics.<id>`).
    pub id: String,
    /// The screens (ids) the topic decides.
    pub screens: Vec<String>,
}

impl Topic {
    /// The answer path of the topic's question.
    pub fn path(&self) -> String {
        format!("{TOPICS}.{}", self.id)
    }
}

/// Where the answers keep the topic questions' answers.
pub const TOPICS: &str = "topics";

/// What a screen shows besides its fields.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Special {
    /// Only fields.
    #[default]
    None,
    /// The start screen: what this app covers.
    Start,
    /// All diagnostics, each leading to its field.
    Review,
    /// The hand-off sheet for New Jersey's online filing service, each figure with a copy button.
    FileOnline,
    /// Every line of the form with its explanation.
    FormView,
}

/// One screen of the interview.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Screen {
    /// Stable id.
    pub id: String,
    /// Title in the section list and on the screen.
    pub title: String,
    /// A short introduction in plain words.
    #[serde(default)]
    pub intro: String,
    /// Special content.
    #[serde(default)]
    pub special: Special,
    /// Blocks of fields.
    #[serde(default)]
    pub blocks: Vec<Block>,
    /// Computed lines shown on the screen with their explanation (semantic keys).
    #[serde(default)]
    pub computed: Vec<njtax_engine::Key>,
    /// Answer paths whose diagnostics belong to this screen (prefixes), besides its fields.
    #[serde(default)]
    pub covers: Vec<String>,
    /// The screen applies only while this holds (the Amended return screen, to a draft that
    /// amends a return): otherwise it is off the guided path and marked as not applying, and
    /// stays open from the section list.
    #[serde(default)]
    pub applies_if: Option<Condition>,
}

/// A group of fields, or a list of items (W-2s, dependents).
#[derive(Clone, Debug, Deserialize)]
pub enum Block {
    /// Plain fields.
    Fields {
        /// Heading.
        #[serde(default)]
        title: String,
        /// Fields.
        fields: Vec<Field>,
        /// Show the block only when this holds.
        #[serde(default)]
        show_if: Option<Condition>,
        /// A built-in helper shown under the fields.
        #[serde(default)]
        helper: Option<Helper>,
    },
    /// A list of items with add/remove; fields have paths relative to each item.
    List {
        /// Path of the list (`income.w2s`).
        path: String,
        /// Heading.
        title: String,
        /// Title of one item; `{field}` is replaced by that field's value, `{n}` by its number.
        item_title: String,
        /// Label of the add button.
        add_label: String,
        /// Fields of one item.
        fields: Vec<Field>,
        /// Help shown under the heading.
        #[serde(default)]
        help: String,
        /// What the engine worked out for each item, shown under its fields.
        #[serde(default)]
        item_helper: Option<ItemHelper>,
        /// The screen (id) where items are added and removed, when it is another screen: this
        /// block then only asks more about each item (no add or remove buttons here).
        #[serde(default)]
        added_on: Option<String>,
    },
}

/// What the engine works out for each item of a list, shown under the item's fields (read from the
/// snapshot; the screen computes nothing).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum ItemHelper {
    /// The preliminary estimate of the impaired-employee credit for that employee
    /// (`Snapshot::impaired_estimates`).
    ImpairedEstimate,
}

/// Built-in helpers a block can show.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Helper {
    /// Plain questions that suggest a filing status.
    FilingStatus,
    /// The engine's plan for next year's estimated payments (`ComputedReturn::next_year`).
    NextYearPlan,
    /// The engine's estimate of what filing or paying late adds (`ComputedReturn::late`).
    LateEstimate,
    /// The amended return's columns and result (`ComputedReturn::amended`).
    Amended,
    /// The clinic's status, sign-offs, review notes and quality-review questions.
    Clinic,
}

/// The kind of an answer field.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum Kind {
    /// Free text.
    Text,
    /// Free text of a few sentences or more (an explanation): a box of several rows.
    LongText,
    /// A Social Security number (masked unless revealed).
    Ssn,
    /// A bank routing or account number: text, masked like an SSN unless SSNs are shown (the
    /// engine checks its shape).
    BankNumber,
    /// An amount that cannot be negative.
    Money,
    /// An amount that can be negative (a loss).
    SignedMoney,
    /// An optional amount (empty means none).
    OptionalMoney,
    /// An optional date `YYYY-MM-DD`.
    OptionalDate,
    /// Yes / no.
    Bool,
    /// A yes-or-no question with a button for each (neither chosen until answered), kept as
    /// `true` / `false`.
    YesNo,
    /// A yes-or-no question whose answer may be left unanswered (`Option<bool>`): a button for
    /// Yes, No and "Not answered", so an answer given by mistake can be taken back.
    OptionalYesNo,
    /// A whole number within a range.
    Integer {
        /// Smallest.
        min: i64,
        /// Largest.
        max: i64,
    },
    /// An optional whole number (a year).
    OptionalInteger,
    /// A percentage 0-100 (decimal).
    Percent,
    /// A quantity that is not money (hours, square feet): non-negative, shown as typed.
    Number,
    /// A rate typed as a percentage (7.65) and kept as a fraction (0.0765).
    Rate,
    /// An optional whole number within a range (empty means none).
    OptionalWhole {
        /// Smallest.
        min: i64,
        /// Largest.
        max: i64,
    },
    /// One of several choices: `(value, label)`.
    Choice(Vec<(String, String)>),
    /// Yes / no that switches a group of optional answers on or off (an optional part of the draft).
    Present,
    /// Months of the year, kept as a list of month numbers (1 = January): a grid of twelve
    /// checkboxes.
    Months,
    /// The tax year: a drop-down of the years this version computes (`forms/years.ron`, through
    /// the engine's `ParamBook`), newest first, a provisional year labelled so. A year outside the
    /// list (a draft from another version) stays selected, marked as not supported.
    TaxYear,
}

/// One answer field.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Field {
    /// Answer path (relative to the item inside a list).
    pub path: String,
    /// Label.
    pub label: String,
    /// Help text (tooltip).
    #[serde(default)]
    pub help: String,
    /// Kind.
    pub kind: Kind,
    /// Statute or form citation.
    #[serde(default)]
    pub citation: Option<String>,
    /// Show only when this holds.
    #[serde(default)]
    pub show_if: Option<Condition>,
}

/// A show-if condition over answers (paths absolute, or relative inside a list item).
#[derive(Clone, Debug, Deserialize)]
pub enum Condition {
    /// The answer equals this value (choices and numbers as text, yes/no as "true"/"false").
    Equals(String, String),
    /// The answer differs from this value.
    NotEquals(String, String),
    /// The answer is one of these values.
    OneOf(String, Vec<String>),
    /// All hold.
    All(Vec<Condition>),
    /// At least one holds.
    Any(Vec<Condition>),
    /// The answers at these two paths differ (the spouses' residency).
    Differs(String, String),
    /// The optional group at this path is switched on (or the optional answer there is given).
    Present(String),
    /// The draft's tax year has the deduction, credit or payment this law figure governs
    /// (`YearParams::in_force`: "deductions.njbest_cap" holds from 2022). A year
    /// this version does not compute counts as having it (its questions stay).
    InForce(String),
}

/// Whether the figure `id` is in force in `year`, from the embedded law figures (read once; the
/// answer for each year kept).
fn figure_in_force(year: u16, id: &str) -> bool {
    type Cache = std::sync::Mutex<std::collections::BTreeMap<(u16, String), bool>>;
    static BOOK: std::sync::LazyLock<Option<njtax_engine::ParamBook>> =
        std::sync::LazyLock::new(|| njtax_engine::ParamBook::load().ok());
    static CACHE: std::sync::LazyLock<Cache> = std::sync::LazyLock::new(Cache::default);
    let key = (year, id.to_owned());
    if let Some(v) = CACHE.lock().ok().and_then(|c| c.get(&key).copied()) {
        return v;
    }
    let v = BOOK
        .as_ref()
        .filter(|b| b.supports(year))
        .and_then(|b| b.for_year(year).ok())
        .and_then(|p| p.in_force(id))
        .unwrap_or(true);
    if let Ok(mut c) = CACHE.lock() {
        c.insert(key, v);
    }
    v
}

fn as_text(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

impl Condition {
    /// Whether the condition holds; `base` is prefixed to relative paths inside a list item.
    pub fn holds(&self, root: &Value, base: &str) -> bool {
        let at = |p: &str| as_text(binding::get(root, &join(base, p)));
        match self {
            Self::Equals(p, v) => at(p) == *v,
            Self::NotEquals(p, v) => at(p) != *v,
            Self::OneOf(p, vs) => vs.contains(&at(p)),
            Self::All(cs) => cs.iter().all(|c| c.holds(root, base)),
            Self::Any(cs) => cs.iter().any(|c| c.holds(root, base)),
            Self::Differs(a, b) => at(a) != at(b),
            Self::Present(p) => binding::get(root, &join(base, p)).is_some_and(|v| !v.is_null()),
            Self::InForce(id) => binding::get(root, "tax_year")
                .and_then(Value::as_u64)
                .and_then(|y| u16::try_from(y).ok())
                .is_none_or(|y| figure_in_force(y, id)),
        }
    }

    /// Every path the condition reads.
    pub fn paths(&self) -> Vec<&str> {
        match self {
            Self::Equals(p, _) | Self::NotEquals(p, _) | Self::OneOf(p, _) | Self::Present(p) => {
                vec![p.as_str()]
            }
            Self::Differs(a, b) => vec![a.as_str(), b.as_str()],
            Self::All(cs) | Self::Any(cs) => cs.iter().flat_map(Condition::paths).collect(),
            Self::InForce(_) => vec!["tax_year"],
        }
    }
}

/// Join a base path and a relative one. Paths starting with `/` are absolute inside lists.
pub fn join(base: &str, path: &str) -> String {
    if let Some(abs) = path.strip_prefix('/') {
        abs.to_owned()
    } else if base.is_empty() {
        path.to_owned()
    } else {
        format!("{base}.{path}")
    }
}

/// Why the interview file could not be read.
#[derive(Debug, thiserror::Error)]
#[error("forms/interview.ron: {0}")]
pub struct InterviewError(String);

impl Interview {
    /// Parse the embedded interview.
    ///
    /// # Errors
    /// When the embedded file does not parse (a build defect: a test checks it).
    pub fn load() -> Result<Self, InterviewError> {
        ron::Options::default()
            .from_str(INTERVIEW_RON)
            .map_err(|e| InterviewError(e.to_string()))
    }

    /// Every answer path the interview binds, absolute (list items use index 0), with its screen.
    pub fn all_paths(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for s in &self.screens {
            for b in &s.blocks {
                match b {
                    Block::Fields {
                        fields, show_if, ..
                    } => {
                        for f in fields {
                            out.push((s.id.clone(), f.path.clone()));
                        }
                        if let Some(c) = show_if {
                            out.extend(c.paths().into_iter().map(|p| (s.id.clone(), p.to_owned())));
                        }
                    }
                    Block::List { path, fields, .. } => {
                        out.push((s.id.clone(), path.clone()));
                        let base = format!("{path}[0]");
                        for f in fields {
                            out.push((s.id.clone(), join(&base, &f.path)));
                            if let Some(c) = &f.show_if {
                                out.extend(
                                    c.paths()
                                        .into_iter()
                                        .map(|p| (s.id.clone(), join(&base, p))),
                                );
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The topic that decides the screen `screen_id`, when one does.
    pub fn topic_of_screen(&self, screen_id: &str) -> Option<&Topic> {
        self.topics
            .iter()
            .find(|t| t.screens.iter().any(|s| s == screen_id))
    }

    /// The screen that holds the answer at `path` (by the longest matching field path or `covers`
    /// prefix; list indices are ignored).
    pub fn screen_for_path(&self, path: &str) -> Option<usize> {
        let norm = strip_indices(path);
        let mut best: Option<(usize, usize)> = None;
        for (i, s) in self.screens.iter().enumerate() {
            let mut candidates: Vec<String> = s.covers.clone();
            for b in &s.blocks {
                match b {
                    Block::Fields { fields, .. } => {
                        candidates.extend(fields.iter().map(|f| f.path.clone()))
                    }
                    Block::List { path, fields, .. } => {
                        candidates.push(path.clone());
                        candidates.extend(fields.iter().map(|f| join(path, &f.path)));
                    }
                }
            }
            for c in candidates {
                let matches = norm == c
                    || norm.starts_with(&format!("{c}."))
                    || norm.starts_with(&format!("{c}["));
                if matches && best.is_none_or(|(_, len)| c.len() > len) {
                    best = Some((i, c.len()));
                }
            }
        }
        best.map(|(i, _)| i)
    }
}

/// `income.w2s[3].state_wages` -> `income.w2s.state_wages`.
pub fn strip_indices(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut skip = false;
    for ch in path.chars() {
        match ch {
            '[' => skip = true,
            ']' => skip = false,
            _ if !skip => out.push(ch),
            _ => {}
        }
    }
    out
}
