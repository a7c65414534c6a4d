//! What a rule function sees ([`Ctx`]: the answers, the year's figures, the return's scope and
//! the diagnostics recorded) and the lines computed so far ([`Sheet`]). The orchestrator
//! ([`crate::compute`]) builds them; every rule in [`crate::rules`] reads them.

use std::cell::{OnceCell, RefCell};
use std::sync::Arc;

use rust_decimal::Decimal;

use crate::answers::Answers;
use crate::explain::{Diagnostic, Explanation, Line, Mode};
use crate::key::Key;
use crate::lines::LineMap;
use crate::residency::Scope;
use crate::year::YearParams;

/// The code of the error for text typed for an answer that could not be read
/// ([`crate::answers::Unreadable`]).
pub const UNREADABLE_CODE: &str = "unreadable-answer";

/// What a rule function sees.
pub struct Ctx<'a> {
    /// The answers.
    pub a: &'a Answers,
    /// The year's figures.
    pub p: &'a YearParams,
    /// The return being computed (form, months, whole-year income).
    pub scope: Scope,
    map: &'a LineMap,
    diags: RefCell<Vec<Diagnostic>>,
    mode: Mode,
}

impl<'a> Ctx<'a> {
    /// A context over answers and the year's figures.
    pub fn new(a: &'a Answers, p: &'a YearParams) -> Self {
        Self::scoped(a, p, Scope::full_year_resident())
    }

    /// A context for one return of the draft (a part-year or nonresident return).
    pub fn scoped(a: &'a Answers, p: &'a YearParams, scope: Scope) -> Self {
        let map: &LineMap = if scope.kind.is_nonresident() {
            &p.nr_line_map
        } else {
            &p.line_map
        };
        Self {
            a,
            p,
            scope,
            map,
            diags: RefCell::new(Vec::new()),
            mode: Mode::Explain,
        }
    }

    /// The same context computing in `mode` (values only for the live recompute).
    #[must_use]
    pub fn with_mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// Whether explanations are built.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether explanations are built (for [`crate::explain_format!`]).
    pub fn explaining(&self) -> bool {
        self.mode.explaining()
    }

    /// An explanation with its rule text and citation, in this context's mode.
    pub fn explanation(&self, rule: impl Into<String>, citation: impl Into<String>) -> Explanation {
        Explanation::new(self.mode, rule, citation)
    }

    /// An explanation whose text is set later, in this context's mode.
    pub fn empty_explanation(&self) -> Explanation {
        Explanation::empty(self.mode)
    }

    /// What [`Ctx::threshold_gross_income`] measures, in words.
    pub fn threshold_income_words(&self) -> String {
        if self.scope.whole_year_gross_income.is_some() {
            "Gross income for the whole year from everywhere, as if a resident (54A:2-4),"
                .to_owned()
        } else {
            format!("Gross income (line {})", self.id(Key::GrossIncome))
        }
    }

    /// The line map of the form being computed.
    pub fn map(&self) -> &LineMap {
        self.map
    }

    /// This form's printed id of a line, for explanation and diagnostic prose: `"line {}"` with
    /// `cx.id(Key::TotalTaxDue)` reads "line 54" on the NJ-1040 and "line 50" on the NJ-1040NR,
    /// so rule text never writes a line number. A key that is not a line of this form gives
    /// the NJ-1040's id (the key's name when neither form has it).
    pub fn id(&self, key: Key) -> &str {
        self.map
            .find(key)
            .or_else(|| self.p.line_map.find(key))
            .map_or(key.as_str(), |(id, _)| id)
    }

    /// The resident NJ-1040's id of a line, for prose that names the NJ-1040 from another form
    /// ("worked out on the resident-period NJ-1040, line 52").
    pub fn nj1040_id(&self, key: Key) -> &str {
        self.p.line_map.find(key).map_or(key.as_str(), |(id, _)| id)
    }

    /// The name of the form being computed ("NJ-1040", "NJ-1040NR").
    pub fn form(&self) -> &str {
        &self.map.form
    }

    /// Gross income the 54A:2-4 threshold and the 8-3.1 filing requirement are measured on: the
    /// whole year's income from everywhere as if a resident for a part-year or nonresident return
    /// (54A:2-4, last sentence), else line 29.
    pub fn threshold_gross_income(&self, s: &Sheet) -> Decimal {
        self.scope
            .whole_year_gross_income
            .unwrap_or_else(|| s.v(Key::GrossIncome))
    }

    /// The tax year.
    pub fn year(&self) -> u16 {
        self.p.year
    }

    /// Record a diagnostic. At the path of an answer whose typed text could not be read, only
    /// that error is kept: what other checks would say is about the "not given" value standing in
    /// for it, not about what the filer typed.
    pub fn diag(&self, d: Diagnostic) {
        let about_unreadable = d.code != UNREADABLE_CODE
            && d.path
                .as_deref()
                .is_some_and(|p| self.a.unreadable.contains_key(p));
        if !about_unreadable {
            self.diags.borrow_mut().push(d);
        }
    }

    /// An amount the form does not allow to be negative: an error diagnostic (at `path`) and zero
    /// when it is.
    pub fn non_negative(
        &self,
        path: impl Into<String>,
        what: &str,
        v: Decimal,
        cite: &str,
    ) -> Decimal {
        if v.is_sign_negative() && !v.is_zero() {
            self.diag(
                Diagnostic::error(
                    "negative-amount",
                    format!(
                        "{what} cannot be negative ({}); it was treated as zero",
                        crate::money::fmt_money(v)
                    ),
                )
                .at(path)
                .cite(cite),
            );
        }
        crate::money::floor_zero(v)
    }

    /// Take the diagnostics recorded so far.
    pub fn take_diags(&self) -> Vec<Diagnostic> {
        std::mem::take(&mut *self.diags.borrow_mut())
    }

    /// Build a line for a semantic key, with the year's id and label. In
    /// [`Mode::ValuesOnly`] its explanation keeps only the uncertain law figures it used, whatever
    /// text a rule gave it.
    pub fn line(&self, key: Key, value: Decimal, mut explanation: Explanation) -> Line {
        if !self.explaining() {
            explanation.rule.clear();
            explanation.citation.clear();
            explanation.inputs.clear();
        }
        let map = self.map;
        let position = map.position(key).unwrap_or(usize::MAX);
        let (id, label) = map
            .shared(position)
            .unwrap_or_else(|| (Arc::from(key.as_str()), Arc::from(key.as_str())));
        Line {
            key,
            id,
            label,
            position,
            value,
            explanation,
        }
    }
}

/// Where a sheet gets a line it does not hold yet: the rule registry of the return being
/// computed ([`crate::registry`]). Each key belongs to one rule (a line function, or a worksheet
/// that gives several lines); [`Rules::compute`] runs that rule once and puts its lines on the
/// sheet with [`Sheet::put`].
pub trait Rules {
    /// The rule that gives `key` on this form, if any (a number naming the rule).
    fn rule_of(&self, key: Key) -> Option<u16>;
    /// Run `rule` and put the lines it gives on `s`.
    fn compute(&self, s: &Sheet<'_>, rule: u16);
}

/// The lines of a return, each found by its [`Key`] in constant time.
///
/// A sheet with a rule registry ([`Sheet::with_rules`]) is demand-driven: reading a line that is
/// not there yet ([`Sheet::v`], [`Sheet::get`]) runs the rule that gives it, once, so there is
/// no hand-kept order of computation. A read of a line whose rule is still running (a rule that
/// needs its own result, directly or through others) is a cycle: it reads zero and is recorded,
/// and the tests require none.
///
/// A sheet without a registry (rule tests fill one with [`Sheet::push`]) records every read of
/// a line of its form that is not on it ([`Sheet::premature_reads`]). A key that is not a line
/// of the form and has no rule (line 56 on the NJ-1040NR) reads as zero, which is what the form
/// means.
pub struct Sheet<'r> {
    /// Each key's line, by [`Key::index`].
    slots: Vec<OnceCell<Line>>,
    /// Whether each key is a line of the form (by [`Key::index`]).
    on_form: [bool; Key::COUNT],
    /// Lines of the form read before they were computed, and reads that closed a cycle.
    premature: RefCell<Vec<Key>>,
    /// The rule registry, when the sheet is demand-driven.
    rules: Option<&'r dyn Rules>,
    /// The rules running now (outermost first).
    running: RefCell<Vec<u16>>,
}

impl std::fmt::Debug for Sheet<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sheet")
            .field("lines", &self.lines().collect::<Vec<_>>())
            .field("demand_driven", &self.rules.is_some())
            .finish_non_exhaustive()
    }
}

impl Default for Sheet<'_> {
    fn default() -> Self {
        Self {
            slots: (0..Key::COUNT).map(|_| OnceCell::new()).collect(),
            on_form: [false; Key::COUNT],
            premature: RefCell::new(Vec::new()),
            rules: None,
            running: RefCell::new(Vec::new()),
        }
    }
}

impl<'r> Sheet<'r> {
    /// An empty sheet for the lines of a year's line map.
    pub fn for_map(map: &LineMap) -> Self {
        let mut on_form = [false; Key::COUNT];
        for (key, _, _) in &map.lines {
            if let Some(f) = on_form.get_mut(key.index()) {
                *f = true;
            }
        }
        Self {
            on_form,
            ..Self::default()
        }
    }

    /// The sheet computes each line it is asked for with `rules`.
    #[must_use]
    pub fn with_rules(mut self, rules: &'r dyn Rules) -> Self {
        self.rules = Some(rules);
        self
    }

    /// Compute every line of the form (in form order; each rule runs once, when first needed).
    pub fn fill(&self, map: &LineMap) {
        for (key, _, _) in &map.lines {
            self.get(*key);
        }
    }

    /// The lines of the form that were read ([`Sheet::v`]) before they were computed, or while
    /// their own rule was running, each once, in the order first read. Empty when every rule
    /// reads only what can be computed before it.
    pub fn premature_reads(&self) -> Vec<Key> {
        self.premature.borrow().clone()
    }

    fn record_premature(&self, key: Key) {
        let mut premature = self.premature.borrow_mut();
        if !premature.contains(&key) {
            premature.push(key);
        }
    }

    /// Add a line (replacing one with the same key).
    pub fn push(&mut self, line: Line) {
        if let Some(slot) = self.slots.get_mut(line.key.index()) {
            *slot = OnceCell::from(line);
        }
    }

    /// Put a line a rule gave on the sheet (a demand-driven sheet's rules call this). A line
    /// already there is kept: each rule runs once.
    pub fn put(&self, line: Line) {
        if let Some(slot) = self.slots.get(line.key.index()) {
            let _ = slot.set(line);
        }
    }

    /// Value of a line by key (computed on first read on a demand-driven sheet): zero when the
    /// key is not a line of the form, and zero (recorded, see [`Sheet`]) when it is but cannot be
    /// had yet.
    pub fn v(&self, key: Key) -> Decimal {
        self.get(key).map_or(Decimal::ZERO, |l| l.value)
    }

    /// A line by key, computed on first read on a demand-driven sheet.
    pub fn get(&self, key: Key) -> Option<&Line> {
        let slot = self.slots.get(key.index())?;
        if let Some(l) = slot.get() {
            return Some(l);
        }
        let on_form = self.on_form.get(key.index()).copied().unwrap_or(false);
        if let Some(rule) = self.rules.and_then(|r| r.rule_of(key).map(|n| (r, n))) {
            let (rules, n) = rule;
            if self.running.borrow().contains(&n) {
                // The rule giving `key` is running and has not put it yet: a cycle.
                self.record_premature(key);
                return None;
            }
            self.running.borrow_mut().push(n);
            rules.compute(self, n);
            self.running.borrow_mut().pop();
            if let Some(l) = slot.get() {
                return Some(l);
            }
        }
        if on_form {
            self.record_premature(key);
        }
        None
    }

    /// All lines, in key order.
    pub fn lines(&self) -> impl Iterator<Item = &Line> {
        self.slots.iter().filter_map(OnceCell::get)
    }

    /// Take the lines out, in key order.
    pub fn into_lines(self) -> Vec<Line> {
        self.slots
            .into_iter()
            .filter_map(OnceCell::into_inner)
            .collect()
    }
}
