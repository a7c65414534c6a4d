//! Compare two drafts (issue 19): every line of every return whose value changed, and why,
//! found through the lines' explanations (never by comparing text): a line's inputs that are
//! other lines are followed when their value changed, its answer inputs are named when the
//! answer differs between the drafts, its worksheet steps and law figures when their values
//! differ. Also the answers that changed, the list items added and removed (a W-2, a
//! dependent, a home), the diagnostics that appeared or went away, and across years the law
//! figures that changed.
//!
//! Pure: answers in, a [`Comparison`] out; the command line (`njtax diff`) and the app render it.

pub mod flat;
pub mod text;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::Answers;
use crate::compute::{ComputedReturn, ReturnSet, compute_set};
use crate::explain::{Diagnostic, Explanation, Input, Line, ParamUse, Severity, Source};
use crate::key::{Key, Unit};
use crate::money::fmt_money;
use crate::residency::{Filer, ReturnKind};
use crate::year::{ComputeError, ParamBook};
use flat::{Flat, Leaf, flatten};

/// The answer path of the amendment record, left out of the comparison.
const AMENDS: &str = "amends";

/// The last part of the path of another jurisdiction's notice date (54A:4-1 e): a fact about
/// the amendment, not a corrected answer, so left out of the comparison as `amends` is.
const NOTICE: &str = ".tax_due_notice_on";

/// How deep a cause tree goes below a changed line (a line's input's input's ...): deep enough
/// for the tax (line 43) to reach a W-2 through taxable income, gross income and wages.
pub const MAX_DEPTH: usize = 12;

/// Why two drafts could not be compared.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// The old draft cannot be computed (its tax year is not supported).
    #[error("the old draft: {0}")]
    Old(ComputeError),
    /// The new draft cannot be computed.
    #[error("the new draft: {0}")]
    New(ComputeError),
    /// The answers could not be read as paths and values (a defect: no answer type fails).
    #[error("the answers could not be read: {0}")]
    Answers(String),
}

/// What changed from one draft to another, and why.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// The old draft's tax year.
    pub old_year: u16,
    /// The new draft's tax year.
    pub new_year: u16,
    /// Each return of either draft, matched by form, kind and filer: the new draft's order,
    /// then the returns only the old draft produces.
    pub returns: Vec<ReturnChanges>,
    /// Every answer whose value differs, by path, outside the list items added or removed.
    pub answers_changed: Vec<AnswerChange>,
    /// List items only the new draft has (a W-2, a dependent, a home, a 1099).
    pub items_added: Vec<ItemChange>,
    /// List items only the old draft has.
    pub items_removed: Vec<ItemChange>,
    /// Law figures the returns of both drafts use whose values differ (across years), by id.
    pub law_figures_changed: Vec<LawFigureChange>,
    /// When both drafts amend a return: the answers about the amendment that differ (its dates,
    /// reasons, the figures as filed, another jurisdiction's notice date, the answers marked as
    /// the federal change alone as one entry), left out of `answers_changed`, which lists
    /// corrections of the return.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub amendment_changed: Vec<AnswerChange>,
    /// When both drafts amend a return: each amended return whose result differs (what it
    /// refunds, the part barred, what it owes), by its return's title: a change of outcome even
    /// when no line differs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub amended_result_changed: Vec<AmendedResultChange>,
}

/// An amended return's result in both drafts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AmendedResultChange {
    /// The return's title (`NJ-1040 full-year resident`).
    pub title: String,
    /// The old draft's result in words; `None`: it amends nothing.
    pub old: Option<String>,
    /// The new draft's result in words.
    pub new: Option<String>,
}

impl Comparison {
    /// Whether any computed line differs, a return is only in one draft, or an amended
    /// return's result differs (what `njtax diff` exits 1 on).
    pub fn has_changed_outcome(&self) -> bool {
        self.has_changed_lines() || !self.amended_result_changed.is_empty()
    }

    /// Whether any computed line differs, or a return is only in one draft.
    pub fn has_changed_lines(&self) -> bool {
        self.returns
            .iter()
            .any(|r| r.presence != Presence::Both || !r.lines.is_empty())
    }

    /// The number of changed lines over every return.
    pub fn changed_line_count(&self) -> usize {
        self.returns.iter().map(|r| r.lines.len()).sum()
    }

    /// The matched return of `form` and `kind` (whoever files it), if either draft has it.
    pub fn return_of(&self, form: &str, kind: ReturnKind) -> Option<&ReturnChanges> {
        self.returns
            .iter()
            .find(|r| r.form == form && r.kind == kind)
    }
}

/// Whether a return is in both drafts or only one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// Both drafts produce it.
    Both,
    /// Only the new draft produces it.
    Added,
    /// Only the old draft produces it.
    Removed,
}

/// One return's changes.
#[derive(Clone, Debug, Serialize)]
pub struct ReturnChanges {
    /// Form id (`NJ-1040`, `NJ-1040NR`).
    pub form: String,
    /// Which return of the draft (resident, part-year, nonresident).
    pub kind: ReturnKind,
    /// Whose return.
    pub filer: Filer,
    /// The return in words (`NJ-1040 part-year resident return (resident period)`).
    pub title: String,
    /// In both drafts, or only one.
    pub presence: Presence,
    /// The period the return covers, when it changed (a move date).
    pub period: Option<PeriodChange>,
    /// The changed lines, in form order.
    pub lines: Vec<LineChange>,
    /// Diagnostics of the new draft's return the old one's does not have.
    pub diagnostics_appeared: Vec<DiagnosticChange>,
    /// Diagnostics of the old draft's return the new one's does not have.
    pub diagnostics_gone: Vec<DiagnosticChange>,
}

impl ReturnChanges {
    /// The changed line of `key`, if it changed.
    pub fn line(&self, key: Key) -> Option<&LineChange> {
        self.lines.iter().find(|l| l.key == key)
    }
}

/// A line whose value changed.
#[derive(Clone, Debug, Serialize)]
pub struct LineChange {
    /// Semantic key.
    pub key: Key,
    /// The line's id in the old year's line map (none when the old return lacks the line).
    pub old_id: Option<String>,
    /// The line's id in the new year's line map.
    pub new_id: Option<String>,
    /// The line's label (the new year's when there is one).
    pub label: String,
    /// The old value (none when the old return lacks the line).
    pub old: Option<Decimal>,
    /// The new value.
    pub new: Option<Decimal>,
    /// New minus old (a missing value counts as zero).
    pub difference: Decimal,
    /// Whether the line is a ratio (the NJ-1040NR income percentage), not money.
    pub is_ratio: bool,
    /// Why it changed, from its explanation's inputs and law figures.
    pub causes: Vec<Cause>,
}

impl LineChange {
    /// The line's id in the new year's map, else the old one's.
    pub fn id(&self) -> &str {
        self.new_id
            .as_deref()
            .or(self.old_id.as_deref())
            .unwrap_or_default()
    }
}

/// One reason a line changed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "cause", rename_all = "snake_case")]
pub enum Cause {
    /// Another line the line reads changed.
    Line(LineCause),
    /// An answer the line reads differs.
    Answer(AnswerChange),
    /// A list item the line reads was added or removed.
    Item(ItemChange),
    /// A worksheet step the line reads has another value.
    Worksheet(WorksheetChange),
    /// A law figure the line uses has another value (another year).
    LawFigure(LawFigureChange),
    /// The months the return covers changed (a move date).
    Period(PeriodChange),
}

impl Cause {
    /// The nested causes (a line's, a period's).
    pub fn causes(&self) -> &[Cause] {
        match self {
            Self::Line(l) => &l.causes,
            Self::Period(p) => &p.causes,
            _ => &[],
        }
    }
}

/// A line another line reads, which changed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct LineCause {
    /// Semantic key.
    pub key: Key,
    /// Its id (the new year's, else the old year's).
    pub id: String,
    /// Its label.
    pub label: String,
    /// The old value.
    pub old: Option<Decimal>,
    /// The new value.
    pub new: Option<Decimal>,
    /// New minus old.
    pub difference: Decimal,
    /// Whether the line is a ratio.
    pub is_ratio: bool,
    /// Why it changed; empty when it is shown above in the same tree (`shown_above`) or the
    /// tree is [`MAX_DEPTH`] deep.
    pub causes: Vec<Cause>,
    /// The line was already expanded higher in this tree: its causes are there.
    pub shown_above: bool,
}

/// An answer whose value differs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct AnswerChange {
    /// Its path (`income.w2s[1].state_wages`).
    pub path: String,
    /// The answer in words, its list item named (`W-2 #2 (Acme Corp): state wages`).
    pub words: String,
    /// The old value as shown (amounts with two decimals, SSNs and bank numbers masked); none
    /// when not given.
    pub old: Option<String>,
    /// The new value as shown.
    pub new: Option<String>,
}

/// A list item added or removed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ItemChange {
    /// The list's path (`income.w2s`).
    pub list: String,
    /// The item's index in the list of the draft that has it.
    pub index: usize,
    /// The item in words (`W-2 #2 (Acme Corp)`).
    pub words: String,
    /// Added (only in the new draft) or removed (only in the old).
    pub added: bool,
}

/// A worksheet step whose value differs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct WorksheetChange {
    /// The step in words, as the explanation names it.
    pub name: String,
    /// The worksheet step's name in the explanation.
    pub step: String,
    /// Its old value as shown.
    pub old: Option<String>,
    /// Its new value as shown.
    pub new: Option<String>,
}

/// A law figure whose value differs between the years.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct LawFigureChange {
    /// Parameter id (`credits.ctc_tiers`).
    pub id: String,
    /// Its label.
    pub label: String,
    /// The old year's value in words.
    pub old: String,
    /// The new year's value in words.
    pub new: String,
    /// The statute citation (the new year's).
    pub citation: String,
}

/// The period a return covers, changed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct PeriodChange {
    /// The old period in words (`2024-07-01 to 2024-12-31, 6 months`).
    pub old: String,
    /// The new period in words.
    pub new: String,
    /// Months the old return covers.
    pub old_months: u8,
    /// Months the new return covers.
    pub new_months: u8,
    /// The residency answers that changed.
    pub causes: Vec<Cause>,
}

/// A diagnostic that appeared or went away.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiagnosticChange {
    /// How serious it is.
    pub severity: Severity,
    /// Its code.
    pub code: String,
    /// The answer path it concerns.
    pub path: Option<String>,
    /// Its message.
    pub message: String,
}

impl From<&Diagnostic> for DiagnosticChange {
    fn from(d: &Diagnostic) -> Self {
        Self {
            severity: d.severity,
            code: d.code.clone(),
            path: d.path.clone(),
            message: d.message.clone(),
        }
    }
}

/// An answer's path in words, its list item named as the comparison names it
/// (`income.w2s[0].state_wages` -> `W-2 #1 (Acme Corp): state wages`); the path itself when the
/// answers cannot be read through.
#[must_use]
pub fn answer_words(answers: &Answers, path: &str) -> String {
    match flatten(answers) {
        Ok(flat) => Names {
            old: &flat,
            new: &flat,
        }
        .answer(path),
        Err(_) => path.to_owned(),
    }
}

/// Compare two drafts: compute both (with explanations) and say what changed and why.
///
/// # Errors
/// [`CompareError::Old`] or [`CompareError::New`] when a draft's tax year is not supported.
///
/// # Example
/// ```
/// use njtax_engine::{Answers, ParamBook};
/// use njtax_engine::compare::compare;
/// let book = ParamBook::load()?;
/// let old = Answers { tax_year: 2024, ..Answers::default() };
/// let c = compare(&old, &old.clone(), &book)?;
/// assert!(!c.has_changed_lines());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn compare(old: &Answers, new: &Answers, book: &ParamBook) -> Result<Comparison, CompareError> {
    let old_set = compute_set(old, book).map_err(CompareError::Old)?;
    let new_set = compute_set(new, book).map_err(CompareError::New)?;
    compare_computed(old, &old_set, new, &new_set)
}

/// [`compare`] over return sets already computed with explanations
/// ([`crate::compute::compute_set_with`]); a set computed without them gives lines without
/// causes.
///
/// # Errors
/// [`CompareError::Answers`] if the answers cannot be read as paths (no answer type fails).
pub fn compare_computed(
    old: &Answers,
    old_set: &ReturnSet,
    new: &Answers,
    new_set: &ReturnSet,
) -> Result<Comparison, CompareError> {
    let mut old_flat = flatten(old).map_err(|e| CompareError::Answers(e.to_string()))?;
    let mut new_flat = flatten(new).map_err(|e| CompareError::Answers(e.to_string()))?;
    // What a draft says about the return it amends (its original figures and answers) is not an
    // answer of this return: an amended draft compared with its original shows what was
    // corrected, not the amendment's own record.
    // Between two versions of an amended draft, what changed in the amendment itself; a draft
    // compared with its amendment shows what was corrected, not the whole amendment record.
    let both_amend = old.amends.is_some() && new.amends.is_some();
    let amendment_changed = if both_amend {
        amendment_changes(&old_flat, &new_flat)
    } else {
        Vec::new()
    };
    for f in [&mut old_flat, &mut new_flat] {
        f.leaves
            .retain(|path, _| !under(path, AMENDS) && !path.ends_with(NOTICE));
        f.lists.retain(|path, _| !under(path, AMENDS));
    }
    let names = Names {
        old: &old_flat,
        new: &new_flat,
    };
    let (items_added, items_removed) = items(&names);
    let answers_changed = answers_changed(&names, &items_added, &items_removed);
    let old_params = params_of(old_set);
    let new_params = params_of(new_set);
    let law_figures_changed = new_params
        .iter()
        .filter_map(|(id, p)| {
            let o = old_params.get(id)?;
            (o.value != p.value).then(|| law_change(o, p))
        })
        .collect();
    let cx = Cx {
        names,
        items_added: ItemIndex::new(&items_added),
        items_removed: ItemIndex::new(&items_removed),
        answers_changed: &answers_changed,
        old_params: &old_params,
    };
    let mut returns = Vec::new();
    for n in &new_set.returns {
        let o = old_set.returns.iter().find(|o| same_return(o, n));
        returns.push(match o {
            Some(o) => cx.pair(o, n),
            None => alone(n, Presence::Added),
        });
    }
    for o in &old_set.returns {
        if !new_set.returns.iter().any(|n| same_return(o, n)) {
            returns.push(alone(o, Presence::Removed));
        }
    }
    let headline = |r: &ComputedReturn| r.amended.as_ref().map(|x| x.headline());
    let amended_result_changed = new_set
        .returns
        .iter()
        .filter_map(|n| {
            let o = old_set.returns.iter().find(|o| same_return(o, n))?;
            let (was, now) = (headline(o), headline(n));
            if !both_amend {
                return None;
            }
            (was != now).then(|| AmendedResultChange {
                title: title(n),
                old: was,
                new: now,
            })
        })
        .collect();
    Ok(Comparison {
        old_year: old.tax_year,
        new_year: new.tax_year,
        returns,
        answers_changed,
        items_added,
        items_removed,
        law_figures_changed,
        amendment_changed,
        amended_result_changed,
    })
}

/// The answers marked as the federal change alone: listed as one answer when they differ.
const FEDERAL_ONLY: &str = "amends.federal_change_answers";

/// The original answers an amended draft keeps: the record of the return as filed, not listed.
const ORIGINAL_ANSWERS: &str = "amends.original_answers";

/// The answers about the amendment that differ between the flattened drafts, in path order,
/// the answers marked as the federal change alone as one entry at the end.
fn amendment_changes(old: &Flat, new: &Flat) -> Vec<AnswerChange> {
    let names = Names { old, new };
    let of_amendment = |p: &str| {
        (under(p, AMENDS) && !under(p, ORIGINAL_ANSWERS) && !under(p, FEDERAL_ONLY))
            || p.ends_with(NOTICE)
    };
    let paths: BTreeSet<&String> = old
        .leaves
        .keys()
        .chain(new.leaves.keys())
        .filter(|p| of_amendment(p))
        .collect();
    let mut out: Vec<AnswerChange> = paths
        .into_iter()
        .filter(|p| old.leaves.get(*p) != new.leaves.get(*p))
        .map(|p| answer_change(&names, p))
        .collect();
    let marked = |f: &Flat| -> Vec<(String, Leaf)> {
        f.leaves
            .iter()
            .filter(|(p, _)| under(p, FEDERAL_ONLY))
            .map(|(p, l)| (p.clone(), l.clone()))
            .collect()
    };
    let (was, now) = (marked(old), marked(new));
    if was != now {
        let shown = |m: &[(String, Leaf)], other: &[(String, Leaf)]| {
            (!m.is_empty()).then(|| {
                if other.is_empty() {
                    "marked".to_owned()
                } else {
                    "marked, other answers".to_owned()
                }
            })
        };
        out.push(AnswerChange {
            path: FEDERAL_ONLY.to_owned(),
            words: "Amended return: the answers marked as the federal change alone".to_owned(),
            old: shown(&was, &now),
            new: shown(&now, &was),
        });
    }
    out
}

fn same_return(a: &ComputedReturn, b: &ComputedReturn) -> bool {
    a.form == b.form && a.kind == b.kind && a.filer == b.filer
}

fn title(r: &ComputedReturn) -> String {
    let mut t = format!("{} {}", r.form, r.kind.describe());
    match r.filer {
        Filer::Household => {}
        Filer::Taxpayer => t.push_str(" for the taxpayer"),
        Filer::Spouse => t.push_str(" for the spouse"),
    }
    t
}

/// A return only one draft produces.
fn alone(r: &ComputedReturn, presence: Presence) -> ReturnChanges {
    ReturnChanges {
        form: r.form.clone(),
        kind: r.kind,
        filer: r.filer,
        title: title(r),
        presence,
        period: None,
        lines: Vec::new(),
        diagnostics_appeared: Vec::new(),
        diagnostics_gone: Vec::new(),
    }
}

/// Every law figure a set's lines use, by id (the first use of each).
fn params_of(set: &ReturnSet) -> BTreeMap<String, ParamUse> {
    let mut out = BTreeMap::new();
    for r in &set.returns {
        for l in &r.lines {
            for p in &l.explanation.params {
                out.entry(p.id.clone()).or_insert_with(|| p.clone());
            }
        }
    }
    out
}

fn law_change(old: &ParamUse, new: &ParamUse) -> LawFigureChange {
    LawFigureChange {
        id: new.id.clone(),
        label: new.label.clone(),
        old: old.value.clone(),
        new: new.value.clone(),
        citation: new.citation.clone(),
    }
}

/// The flattened answers of both drafts, and how their answers and items are named.
struct Names<'a> {
    old: &'a Flat,
    new: &'a Flat,
}

/// Fields that name a list item, in the order tried (`W-2 #2 (Acme Corp)`).
const ITEM_NAME_FIELDS: [&str; 14] = [
    "name",
    "employer",
    "payer",
    "description",
    "entity",
    "program",
    "property",
    "facility",
    "business",
    "jurisdiction",
    "employee",
    "veteran",
    "certificate",
    "state",
];

/// A list's items in words, by the list's last path segment.
fn item_kind(list: &str) -> String {
    let last = list.rsplit('.').next().unwrap_or(list);
    let last = last.rsplit(']').next().unwrap_or(last);
    match last {
        "w2s" => "W-2".into(),
        "interest" => "1099-INT".into(),
        "dividends" => "1099-DIV".into(),
        "retirement" => "1099-R".into(),
        "businesses" => "Business".into(),
        "property_sales" => "Property sale".into(),
        "partnerships" => "Partnership".into(),
        "s_corporations" => "S corporation".into(),
        "rents" => "Rental".into(),
        "wins" => "Gambling win".into(),
        "other" => "Other income".into(),
        "dependents" => "Dependent".into(),
        "homesteads" => "Home".into(),
        "other_jurisdictions" => "Other jurisdiction".into(),
        "estimated" => "Estimated payment".into(),
        "contributions" => "Contribution".into(),
        "carryovers" => "Carried-over credit".into(),
        other => capitalized(&words(other)),
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| {
        f.to_uppercase().chain(c).collect::<String>()
    })
}

/// A path segment in words (`state_wages` → `state wages`).
fn words(segment: &str) -> String {
    segment.replace('_', " ")
}

/// A path split into its field names and list indexes: `income.w2s[1].state_wages` →
/// `[("income", []), ("w2s", [1]), ("state_wages", [])]`.
fn segments(path: &str) -> Vec<(&str, Vec<usize>)> {
    path.split('.')
        .map(|seg| {
            let mut parts = seg.split('[');
            let name = parts.next().unwrap_or_default();
            let idx = parts
                .filter_map(|p| p.trim_end_matches(']').parse().ok())
                .collect();
            (name, idx)
        })
        .collect()
}

impl Names<'_> {
    fn leaf(&self, path: &str) -> Option<&Leaf> {
        self.new
            .leaves
            .get(path)
            .or_else(|| self.old.leaves.get(path))
    }

    /// A list item in words: `W-2 #2 (Acme Corp)`.
    fn item(&self, list: &str, index: usize) -> String {
        let mut w = format!("{} #{}", item_kind(list), index + 1);
        let named = ITEM_NAME_FIELDS.iter().find_map(|f| {
            self.leaf(&format!("{list}[{index}].{f}"))
                .filter(|l| l.is_str && !l.text.trim().is_empty())
        });
        if let Some(n) = named {
            w.push_str(&format!(" ({})", n.text.trim()));
        }
        w
    }

    /// An answer in words: the list item it belongs to, then the fields below it
    /// (`W-2 #2 (Acme Corp): state wages`, `taxpayer residency: resident from`).
    fn answer(&self, path: &str) -> String {
        let mut head = String::new();
        let mut rest: Vec<String> = Vec::new();
        let mut prefix = String::new();
        for (name, idx) in segments(path) {
            if !prefix.is_empty() {
                prefix.push('.');
            }
            prefix.push_str(name);
            if idx.is_empty() {
                rest.push(words(name));
                continue;
            }
            for i in idx {
                head = self.item(&prefix, i);
                rest.clear();
                prefix.push_str(&format!("[{i}]"));
            }
        }
        let tail = match rest.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, group)) => format!("{}: {last}", group.join(" ")),
            None => String::new(),
        };
        match (head.is_empty(), tail.is_empty()) {
            (true, _) => tail,
            (false, true) => head,
            (false, false) => format!("{head}: {tail}"),
        }
    }
}

/// Fields shown masked: identification and bank numbers.
const MASKED_FIELDS: [&str; 3] = ["ssn", "routing_number", "account_number"];

/// Fields written as digits that are codes, not amounts.
const CODE_FIELDS: [&str; 5] = [
    "zip",
    "municipality_code",
    "employer_id",
    "certificate",
    "county_code",
];

/// An answer's value as shown: amounts with two decimals, flags as yes or no, choices in words,
/// identification and bank numbers masked to their last four digits.
fn show(path: &str, leaf: &Leaf) -> String {
    let field = path.rsplit('.').next().unwrap_or(path);
    let field = field.split('[').next().unwrap_or(field);
    if MASKED_FIELDS.contains(&field) {
        return format!("ending {}", crate::answers::last_four_digits(&leaf.text));
    }
    if !leaf.is_str {
        return match leaf.text.as_str() {
            "true" => "yes".into(),
            "false" => "no".into(),
            t if t.chars().next().is_some_and(char::is_uppercase) => choice_words(t),
            t => t.to_owned(),
        };
    }
    let t = leaf.text.trim();
    let code_like =
        CODE_FIELDS.contains(&field) || (t.len() > 1 && t.starts_with('0') && !t.starts_with("0."));
    match t.parse::<Decimal>() {
        Ok(v) if !code_like => amount_text(v),
        _ => leaf.text.clone(),
    }
}

/// An amount with thousands separators and two decimals, without the dollar sign
/// (`41,000.00`).
pub fn amount_text(v: Decimal) -> String {
    fmt_money(v).replacen('$', "", 1)
}

/// An enum choice in words: `HeadOfHousehold` → `head of household`.
fn choice_words(variant: &str) -> String {
    let mut out = String::new();
    for (i, c) in variant.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                out.push(' ');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The items added and removed: a list's items past the other draft's length.
fn items(names: &Names<'_>) -> (Vec<ItemChange>, Vec<ItemChange>) {
    let lists: BTreeSet<&String> = names
        .old
        .lists
        .keys()
        .chain(names.new.lists.keys())
        .collect();
    let (mut added, mut removed) = (Vec::new(), Vec::new());
    for list in lists {
        let o = names.old.lists.get(list).copied().unwrap_or(0);
        let n = names.new.lists.get(list).copied().unwrap_or(0);
        for index in o..n {
            added.push(ItemChange {
                list: list.clone(),
                index,
                words: names.item(list, index),
                added: true,
            });
        }
        for index in n..o {
            removed.push(ItemChange {
                list: list.clone(),
                index,
                words: names.item(list, index),
                added: false,
            });
        }
    }
    (added, removed)
}

/// The items added or removed, found by the path of an answer that lies in one. A lookup by the
/// item's path (`income.w2s[2]`), not a scan of the list: at clinic scale (thousands of W-2s or
/// review notes) each answer's item is found in time independent of the number of items.
struct ItemIndex<'a> {
    items: &'a [ItemChange],
    /// The position in `items` of each item by its path (`income.w2s[2]`), the first when two
    /// share one.
    by_path: HashMap<String, usize>,
}

impl<'a> ItemIndex<'a> {
    fn new(items: &'a [ItemChange]) -> Self {
        let mut by_path = HashMap::with_capacity(items.len());
        for (i, it) in items.iter().enumerate() {
            by_path
                .entry(format!("{}[{}]", it.list, it.index))
                .or_insert(i);
        }
        Self { items, by_path }
    }

    /// The item `path` lies in (`income.w2s[2].state_wages` in W-2 #3): the path itself or one
    /// below it (`.field`, `[index]`). When items nest (a note's list inside an added item), the
    /// outer one, which comes first in the list's order.
    fn of(&self, path: &str) -> Option<&'a ItemChange> {
        path.match_indices(']')
            .map(|(i, _)| i + 1)
            .filter(|&end| matches!(path.as_bytes().get(end), None | Some(b'.' | b'[')))
            .find_map(|end| self.by_path.get(path.get(..end)?))
            .and_then(|&i| self.items.get(i))
    }
}

/// Whether `leaf_path` is `path` or lies below it.
fn under(leaf_path: &str, path: &str) -> bool {
    leaf_path == path
        || leaf_path
            .strip_prefix(path)
            .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('['))
}

/// Every answer whose value differs, outside the items added or removed, in path order.
fn answers_changed(
    names: &Names<'_>,
    added: &[ItemChange],
    removed: &[ItemChange],
) -> Vec<AnswerChange> {
    let (added, removed) = (ItemIndex::new(added), ItemIndex::new(removed));
    let paths: BTreeSet<&String> = names
        .old
        .leaves
        .keys()
        .chain(names.new.leaves.keys())
        .collect();
    paths
        .into_iter()
        .filter(|p| names.old.leaves.get(*p) != names.new.leaves.get(*p))
        .filter(|p| added.of(p).is_none() && removed.of(p).is_none())
        .map(|p| answer_change(names, p))
        .collect()
}

/// The answers changed at `path` or below it, in path order: a binary search for the first
/// path that starts with `path` in `changed` (sorted by path), then the run of those that do.
fn changed_under<'a>(
    changed: &'a [AnswerChange],
    path: &'a str,
) -> impl Iterator<Item = &'a AnswerChange> {
    let start = changed.partition_point(|a| a.path.as_str() < path);
    changed
        .get(start..)
        .unwrap_or_default()
        .iter()
        .take_while(move |a| a.path.starts_with(path))
        .filter(move |a| under(&a.path, path))
}

fn answer_change(names: &Names<'_>, path: &str) -> AnswerChange {
    AnswerChange {
        path: path.to_owned(),
        words: names.answer(path),
        old: names.old.leaves.get(path).map(|l| show(path, l)),
        new: names.new.leaves.get(path).map(|l| show(path, l)),
    }
}

/// What the cause trees are built from.
struct Cx<'a> {
    names: Names<'a>,
    items_added: ItemIndex<'a>,
    items_removed: ItemIndex<'a>,
    /// Sorted by path ([`answers_changed`]).
    answers_changed: &'a [AnswerChange],
    old_params: &'a BTreeMap<String, ParamUse>,
}

/// The two returns being compared and the change of their period.
struct Pair<'a> {
    old: &'a ComputedReturn,
    new: &'a ComputedReturn,
    period: Option<PeriodChange>,
}

fn period_words(r: &ComputedReturn) -> String {
    match (r.period_from, r.period_to) {
        (Some(f), Some(t)) => format!("{f} to {t}, {} months", r.months),
        _ => format!("{} months", r.months),
    }
}

/// An explanation's inputs by source, the first of each, and by source and name: looked up
/// once per input of a line, which at clinic scale reads thousands (a W-2 each).
struct Inputs<'a> {
    by_source: HashMap<&'a Source, &'a Input>,
    by_source_and_name: HashMap<(&'a Source, &'a str), &'a Input>,
}

impl<'a> Inputs<'a> {
    fn of(e: &'a Explanation) -> Self {
        let mut by_source = HashMap::with_capacity(e.inputs.len());
        let mut by_source_and_name = HashMap::with_capacity(e.inputs.len());
        for i in &e.inputs {
            by_source.entry(&i.source).or_insert(i);
            by_source_and_name
                .entry((&i.source, i.name.as_str()))
                .or_insert(i);
        }
        Self {
            by_source,
            by_source_and_name,
        }
    }

    /// The value the explanation shows for the input from `input`'s source.
    fn value(&self, input: &Input) -> Option<String> {
        self.by_source.get(&input.source).map(|i| i.value.clone())
    }

    /// The explanation's input of the same source and name as `input`, else of the same source.
    fn matching(&self, input: &Input) -> Option<&'a Input> {
        self.by_source_and_name
            .get(&(&input.source, input.name.as_str()))
            .or_else(|| self.by_source.get(&input.source))
            .copied()
    }
}

fn differs(a: Option<&Line>, b: Option<&Line>) -> bool {
    a.map(|l| l.value) != b.map(|l| l.value)
}

fn line_values(
    o: Option<&Line>,
    n: Option<&Line>,
) -> (Option<Decimal>, Option<Decimal>, Decimal, bool) {
    let old = o.map(|l| l.value);
    let new = n.map(|l| l.value);
    let diff = new.unwrap_or_default() - old.unwrap_or_default();
    let key = n.or(o).map(|l| l.key);
    (old, new, diff, key.is_some_and(|k| k.unit() == Unit::Ratio))
}

impl Cx<'_> {
    fn pair(&self, old: &ComputedReturn, new: &ComputedReturn) -> ReturnChanges {
        let period = (old.months != new.months
            || old.period_from != new.period_from
            || old.period_to != new.period_to)
            .then(|| PeriodChange {
                old: period_words(old),
                new: period_words(new),
                old_months: old.months,
                new_months: new.months,
                causes: self
                    .answers_changed
                    .iter()
                    .filter(|a| a.path.contains("residency."))
                    .cloned()
                    .map(Cause::Answer)
                    .collect(),
            });
        let pair = Pair { old, new, period };
        let mut lines = Vec::new();
        for n in &new.lines {
            let o = old.by_key(n.key);
            if differs(o, Some(n)) {
                lines.push(self.line_change(&pair, o, Some(n)));
            }
        }
        for o in &old.lines {
            if new.by_key(o.key).is_none() {
                lines.push(self.line_change(&pair, Some(o), None));
            }
        }
        let diag = |d: &Diagnostic| (d.code.clone(), d.path.clone(), d.message.clone());
        let old_d: BTreeSet<_> = old.diagnostics.iter().map(diag).collect();
        let new_d: BTreeSet<_> = new.diagnostics.iter().map(diag).collect();
        ReturnChanges {
            form: new.form.clone(),
            kind: new.kind,
            filer: new.filer,
            title: title(new),
            presence: Presence::Both,
            lines,
            diagnostics_appeared: new
                .diagnostics
                .iter()
                .filter(|d| !old_d.contains(&diag(d)))
                .map(DiagnosticChange::from)
                .collect(),
            diagnostics_gone: old
                .diagnostics
                .iter()
                .filter(|d| !new_d.contains(&diag(d)))
                .map(DiagnosticChange::from)
                .collect(),
            period: pair.period,
        }
    }

    fn line_change(&self, pair: &Pair<'_>, o: Option<&Line>, n: Option<&Line>) -> LineChange {
        let (old, new, difference, is_ratio) = line_values(o, n);
        let key = n.or(o).map_or(Key::Tax, |l| l.key);
        let mut seen = BTreeSet::from([key]);
        LineChange {
            key,
            old_id: o.map(|l| l.id.to_string()),
            new_id: n.map(|l| l.id.to_string()),
            label: n.or(o).map(|l| l.label.to_string()).unwrap_or_default(),
            old,
            new,
            difference,
            is_ratio,
            causes: self.causes(pair, o, n, 1, &mut seen),
        }
    }

    /// Why a line changed, from the new line's explanation and, for what went away, the old
    /// one's.
    fn causes(
        &self,
        pair: &Pair<'_>,
        o: Option<&Line>,
        n: Option<&Line>,
        depth: usize,
        seen: &mut BTreeSet<Key>,
    ) -> Vec<Cause> {
        let empty = Explanation::default();
        let oe = o.map_or(&empty, |l| &l.explanation);
        let ne = n.map_or(&empty, |l| &l.explanation);
        let (oi, ni) = (Inputs::of(oe), Inputs::of(ne));
        let mut inputs: Vec<&Input> = ne.inputs.iter().collect();
        inputs.extend(
            oe.inputs
                .iter()
                .filter(|i| !ni.by_source.contains_key(&i.source)),
        );
        let mut out: Vec<Cause> = Vec::new();
        let mut named: BTreeSet<String> = BTreeSet::new();
        for input in inputs {
            match &input.source {
                Source::Line(k) => {
                    let (ol, nl) = (pair.old.by_key(*k), pair.new.by_key(*k));
                    if ol.is_none() && nl.is_none() {
                        // A figure worked out as another form's line (the NJ-1040NR reads
                        // resident-return keys it does not print): compared as a step.
                        let (old, new) = (oi.value(input), ni.value(input));
                        if old != new && named.insert(format!("line {}", k.as_str())) {
                            out.push(Cause::Worksheet(WorksheetChange {
                                name: input.name.clone(),
                                step: k.as_str().to_owned(),
                                old,
                                new,
                            }));
                        }
                        continue;
                    }
                    if !differs(ol, nl) || !named.insert(format!("line {}", k.as_str())) {
                        continue;
                    }
                    let (old, new, difference, is_ratio) = line_values(ol, nl);
                    let shown_above = !seen.insert(*k);
                    let causes = if shown_above || depth >= MAX_DEPTH {
                        Vec::new()
                    } else {
                        self.causes(pair, ol, nl, depth + 1, seen)
                    };
                    out.push(Cause::Line(LineCause {
                        key: *k,
                        id: nl.or(ol).map(|l| l.id.to_string()).unwrap_or_default(),
                        label: nl
                            .or(ol)
                            .map(|l| l.label.to_string())
                            .unwrap_or_else(|| input.name.clone()),
                        old,
                        new,
                        difference,
                        is_ratio,
                        causes,
                        shown_above,
                    }));
                }
                Source::Answer(path) => {
                    self.answer_causes(path, input, &oi, &mut named, &mut out);
                }
                Source::Worksheet(step) => {
                    let (old, new) = (oi.value(input), ni.value(input));
                    if old != new && named.insert(format!("worksheet {step}")) {
                        out.push(Cause::Worksheet(WorksheetChange {
                            name: input.name.clone(),
                            step: step.clone(),
                            old,
                            new,
                        }));
                    }
                }
            }
        }
        for p in &ne.params {
            let old = oe
                .params
                .iter()
                .find(|q| q.id == p.id)
                .or_else(|| self.old_params.get(&p.id));
            if let Some(old) = old
                && old.value != p.value
                && named.insert(format!("law {}", p.id))
            {
                out.push(Cause::LawFigure(law_change(old, p)));
            }
        }
        if let Some(period) = &pair.period {
            let prorated = ne
                .params
                .iter()
                .chain(&oe.params)
                .any(|p| p.id.starts_with("residency."));
            if prorated {
                out.push(Cause::Period(period.clone()));
            }
        }
        out
    }

    /// The causes an answer input gives: the item added or removed it lies in, the answers
    /// below its path that differ, or, when the answers are the same but the amount the line
    /// used is not (a part-year return's share of it), that amount.
    fn answer_causes(
        &self,
        path: &str,
        input: &Input,
        old_inputs: &Inputs<'_>,
        named: &mut BTreeSet<String>,
        out: &mut Vec<Cause>,
    ) {
        if let Some(item) = self
            .items_added
            .of(path)
            .or_else(|| self.items_removed.of(path))
        {
            if named.insert(format!("item {}[{}]", item.list, item.index)) {
                out.push(Cause::Item(item.clone()));
            }
            return;
        }
        let mut found = false;
        for a in changed_under(self.answers_changed, path) {
            found = true;
            if named.insert(format!("answer {}", a.path)) {
                out.push(Cause::Answer(a.clone()));
            }
        }
        if found {
            return;
        }
        let old_value = old_inputs.matching(input).map(|i| i.value.clone());
        if old_value.as_deref() != Some(input.value.as_str())
            && named.insert(format!("answer {path}"))
        {
            out.push(Cause::Answer(AnswerChange {
                path: path.to_owned(),
                words: format!("{}, as this line reads it:", self.names.answer(path)),
                old: old_value,
                new: Some(input.value.clone()),
            }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{AnswerChange, Input, Inputs, ItemChange, ItemIndex, Source, changed_under};
    use crate::explain::Explanation;

    fn item(list: &str, index: usize) -> ItemChange {
        ItemChange {
            list: list.to_owned(),
            index,
            words: format!("{list} #{}", index + 1),
            added: true,
        }
    }

    /// The item an answer lies in: the path itself or below it (`.field`, `[i]`), never an item
    /// whose path only starts the same (`w2s[1]` is not `w2s[10]`), the outer one when items nest.
    #[test]
    fn an_answer_is_matched_to_the_item_it_lies_in() {
        let items = [
            item("income.w2s", 1),
            item("income.w2s", 10),
            item("clinic.notes", 0),
            item("clinic.notes[0].replies", 2),
            item("homesteads", 3),
        ];
        let index = ItemIndex::new(&items);
        let of = |p: &str| index.of(p).map(|it| (it.list.as_str(), it.index));
        assert_eq!(of("income.w2s[1]"), Some(("income.w2s", 1)));
        assert_eq!(of("income.w2s[1].state_wages"), Some(("income.w2s", 1)));
        assert_eq!(of("income.w2s[10].state_wages"), Some(("income.w2s", 10)));
        assert_eq!(of("income.w2s[100].state_wages"), None);
        assert_eq!(of("income.w2s[2].state_wages"), None);
        assert_eq!(of("income.w2s[1]x"), None);
        assert_eq!(of("income.w2s"), None);
        assert_eq!(of("homesteads[3][0]"), Some(("homesteads", 3)));
        // Nested: the outer item (first in the lists' order) wins.
        assert_eq!(
            of("clinic.notes[0].replies[2].text"),
            Some(("clinic.notes", 0))
        );
        assert_eq!(of("other.income.w2s[1]"), None);
        assert_eq!(
            ItemIndex::new(&[]).of("income.w2s[0]").map(|i| i.index),
            None
        );
    }

    fn change(path: &str) -> AnswerChange {
        AnswerChange {
            path: path.to_owned(),
            words: path.to_owned(),
            old: None,
            new: None,
        }
    }

    /// The answers changed at a path or below it, in path order, never a sibling whose name only
    /// starts the same (`w2s[1]` is not `w2s[10]`, `taxpayer` is not `taxpayer2`).
    #[test]
    fn the_answers_under_a_path_are_found_in_order() {
        let mut changed: Vec<AnswerChange> = [
            "income.w2s[1]",
            "income.w2s[1].employer",
            "income.w2s[1].state_wages",
            "income.w2s[10].state_wages",
            "income.w2s[1]x",
            "income.w2s[1][0]",
            "taxpayer",
            "taxpayer.name",
            "taxpayer2.name",
            "taxpayer[0]",
        ]
        .into_iter()
        .map(change)
        .collect();
        changed.sort_by(|a, b| a.path.cmp(&b.path));
        let under = |p: &str| {
            changed_under(&changed, p)
                .map(|a| a.path.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            under("income.w2s[1]"),
            [
                "income.w2s[1]",
                "income.w2s[1].employer",
                "income.w2s[1].state_wages",
                "income.w2s[1][0]"
            ]
        );
        assert_eq!(
            under("income.w2s[1].state_wages"),
            ["income.w2s[1].state_wages"]
        );
        assert_eq!(
            under("taxpayer"),
            ["taxpayer", "taxpayer.name", "taxpayer[0]"]
        );
        assert_eq!(under("income.w2s[2]"), Vec::<String>::new());
        assert_eq!(under("zzz"), Vec::<String>::new());
        // The same as a scan of every change.
        for p in ["income", "income.w2s", "income.w2s[1]", "taxpayer", "t"] {
            let scanned: Vec<String> = changed
                .iter()
                .filter(|a| super::under(&a.path, p))
                .map(|a| a.path.clone())
                .collect();
            assert_eq!(under(p), scanned, "{p}");
        }
    }

    fn input(name: &str, value: &str, source: Source) -> Input {
        Input {
            name: name.to_owned(),
            value: value.to_owned(),
            amount: None,
            source,
        }
    }

    /// An explanation's input is found by source (the first of it), and by source and name
    /// before source alone.
    #[test]
    fn inputs_are_matched_by_source_and_name() {
        let answer = |p: &str| Source::Answer(p.to_owned());
        let mut e = Explanation::default();
        e.inputs = vec![
            input("wages", "1", answer("income.w2s[0].state_wages")),
            input(
                "wages, resident share",
                "2",
                answer("income.w2s[0].state_wages"),
            ),
            input("step", "3", Source::Worksheet("a".to_owned())),
        ];
        let inputs = Inputs::of(&e);
        let wages = answer("income.w2s[0].state_wages");
        assert_eq!(
            inputs.value(&input("x", "", wages.clone())).as_deref(),
            Some("1")
        );
        let m = |name: &str| {
            inputs
                .matching(&input(name, "", wages.clone()))
                .map(|i| i.value.as_str())
        };
        assert_eq!(m("wages, resident share"), Some("2"));
        assert_eq!(m("wages"), Some("1"));
        assert_eq!(m("another name"), Some("1"));
        assert_eq!(
            inputs
                .matching(&input("step", "", Source::Worksheet("b".to_owned())))
                .map(|i| i.value.as_str()),
            None
        );
    }
}
