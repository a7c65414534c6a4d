//! The orchestrator: answers + year parameters in, computed return out.
//!
//! Lines are computed in form order; each rule function reads the answers, the year's figures and
//! the lines already computed, and returns its [`Line`] with the explanation. Diagnostics are
//! collected on the way.

use std::cell::RefCell;
use std::sync::Arc;

use rust_decimal::Decimal;
use serde::Serialize;

use crate::answers::Answers;
use crate::explain::{Diagnostic, Explanation, Line, Severity};
use crate::rules;
use crate::year::{ParamBook, SUPPORTED_YEARS, YearParams};

/// What a rule function sees.
pub struct Ctx<'a> {
    /// The answers.
    pub a: &'a Answers,
    /// The year's figures.
    pub p: &'a YearParams,
    diags: RefCell<Vec<Diagnostic>>,
}

impl<'a> Ctx<'a> {
    /// A context over answers and the year's figures.
    pub fn new(a: &'a Answers, p: &'a YearParams) -> Self {
        Self {
            a,
            p,
            diags: RefCell::new(Vec::new()),
        }
    }

    /// The tax year.
    pub fn year(&self) -> u16 {
        self.p.year
    }

    /// Record a diagnostic.
    pub fn diag(&self, d: Diagnostic) {
        self.diags.borrow_mut().push(d);
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

    /// Build a line for a semantic key, with the year's id and label.
    pub fn line(&self, key: &'static str, value: Decimal, explanation: Explanation) -> Line {
        let map = &self.p.line_map;
        let position = map.position(key).unwrap_or(usize::MAX);
        let (id, label) = map
            .shared(position)
            .unwrap_or_else(|| (Arc::from(key), Arc::from(key)));
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

/// The lines computed so far, indexed by their position in the year's form order.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Sheet {
    lines: Vec<Line>,
    #[serde(skip)]
    slots: Vec<Option<usize>>,
    #[serde(skip)]
    map: Option<Arc<crate::lines::LineMap>>,
}

impl Sheet {
    /// An empty sheet for a year's line map (fast look-ups by key).
    pub fn for_map(map: Arc<crate::lines::LineMap>) -> Self {
        Self {
            lines: Vec::with_capacity(map.lines.len()),
            slots: vec![None; map.lines.len()],
            map: Some(map),
        }
    }

    fn slot_of(&self, key: &str) -> Option<usize> {
        let pos = self.map.as_ref()?.position(key)?;
        self.slots.get(pos).copied().flatten()
    }

    /// Add a line (replacing one with the same key).
    pub fn push(&mut self, line: Line) {
        let known = if self.map.is_some() {
            self.slots.get(line.position).copied().flatten()
        } else {
            self.lines.iter().position(|l| l.key == line.key)
        };
        if let Some(old) = known.and_then(|i| self.lines.get_mut(i)) {
            *old = line;
            return;
        }
        let index = self.lines.len();
        if let Some(slot) = self.slots.get_mut(line.position) {
            *slot = Some(index);
        }
        self.lines.push(line);
    }

    /// Value of a computed line by key (zero when not computed).
    pub fn v(&self, key: &str) -> Decimal {
        self.get(key).map_or(Decimal::ZERO, |l| l.value)
    }

    /// A computed line by key.
    pub fn get(&self, key: &str) -> Option<&Line> {
        match self.slot_of(key) {
            Some(i) => self.lines.get(i),
            None if self.map.is_none() => self.lines.iter().find(|l| l.key == key),
            None => None,
        }
    }

    /// All lines.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Take the lines out.
    pub fn into_lines(self) -> Vec<Line> {
        self.lines
    }
}

/// Whether the filer must file, and why (54A:8-3.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FilingRequirement {
    /// Must file.
    pub required: bool,
    /// Should file anyway (to get a refund or refundable credits).
    pub should_file_for_refund: bool,
    /// The reason in words, with the numbers.
    pub reason: String,
    /// Citation.
    pub citation: String,
}

/// A computed return.
#[derive(Clone, Debug, Serialize)]
pub struct ComputedReturn {
    /// Form id (`NJ-1040`).
    pub form: String,
    /// Tax year.
    pub tax_year: u16,
    /// Lines in form order.
    pub lines: Vec<Line>,
    /// Refund (line 80), zero when there is a balance due.
    pub refund: Decimal,
    /// Balance due (line 79), zero when there is a refund.
    pub balance_due: Decimal,
    /// Filing requirement.
    pub filing_requirement: FilingRequirement,
    /// Diagnostics, errors first.
    pub diagnostics: Vec<Diagnostic>,
}

impl ComputedReturn {
    /// A line by its official id for the year ("15", "28c").
    pub fn line(&self, id: &str) -> Option<&Line> {
        self.lines.iter().find(|l| l.id.eq_ignore_ascii_case(id))
    }

    /// A line by semantic key.
    pub fn by_key(&self, key: &str) -> Option<&Line> {
        self.lines.iter().find(|l| l.key == key)
    }

    /// Value of a line by official id (zero when absent).
    pub fn value(&self, id: &str) -> Decimal {
        self.line(id).map_or(Decimal::ZERO, |l| l.value)
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Why a return could not be computed at all.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum ComputeError {
    /// The tax year is not one this engine computes.
    #[error("tax year {year} is not supported; this version computes {first}-{last}")]
    UnsupportedYear {
        /// Year asked for.
        year: u16,
        /// First supported year.
        first: u16,
        /// Last supported year.
        last: u16,
    },
    /// The embedded parameters are defective.
    #[error(transparent)]
    Params(#[from] crate::params::ParamError),
}

/// Compute a full-year resident NJ-1040 from the answers.
///
/// # Errors
/// [`ComputeError::UnsupportedYear`] for a year outside [`SUPPORTED_YEARS`].
///
/// # Example
/// ```
/// use njtax_engine::{Answers, ParamBook, compute};
/// let book = ParamBook::load()?;
/// let answers = Answers { tax_year: 2024, ..Answers::default() };
/// let ret = compute(&answers, &book)?;
/// assert_eq!(ret.value("43"), rust_decimal::Decimal::ZERO);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn compute(answers: &Answers, book: &ParamBook) -> Result<ComputedReturn, ComputeError> {
    let year = answers.tax_year;
    if !SUPPORTED_YEARS.contains(&year) {
        return Err(ComputeError::UnsupportedYear {
            year,
            first: *SUPPORTED_YEARS.start(),
            last: *SUPPORTED_YEARS.end(),
        });
    }
    let p = book.for_year(year)?;
    Ok(compute_with(answers, &p))
}

/// Compute every value and diagnostic without building explanations: the hot path for the live
/// refund figure on every keystroke. Lines carry empty explanations, except for the uncertain law
/// figures they use (so the uncertainty warnings are the same as [`compute_with`]'s).
pub fn compute_values(answers: &Answers, p: &YearParams) -> ComputedReturn {
    let _quiet = crate::explain::ValuesOnly::start();
    compute_with(answers, p)
}

/// Compute with already-resolved year parameters, with every line's explanation.
pub fn compute_with(answers: &Answers, p: &YearParams) -> ComputedReturn {
    let cx = Ctx::new(answers, p);
    let mut s = Sheet::for_map(Arc::clone(&p.line_map));
    rules::validate::validate(&cx);

    // Exemptions (lines 6-13).
    for line in rules::exemptions::exemption_lines(&cx) {
        s.push(line);
    }
    // Income (lines 15-27).
    for line in rules::income::income_lines(&cx) {
        s.push(line);
    }
    let l = rules::income::line_27_total_income(&cx, &s);
    s.push(l);
    // Exclusions (28a-28c) and gross income (29).
    let l = rules::exclusions::line_28a_pension_exclusion(&cx, &s);
    s.push(l);
    let l = rules::exclusions::line_28b_other_retirement_exclusion(&cx, &s);
    s.push(l);
    let l = rules::exclusions::line_28c_total_exclusions(&cx, &s);
    s.push(l);
    let l = rules::exclusions::line_29_gross_income(&cx, &s);
    s.push(l);
    // Exemptions and deductions (30-39).
    let l = rules::exemptions::line_30_exemptions(&cx, &s);
    s.push(l);
    for line in rules::deductions::deduction_lines(&cx, &s) {
        s.push(line);
    }
    let l = rules::deductions::line_38_total_deductions(&cx, &s);
    s.push(l);
    let l = rules::deductions::line_39_taxable_income(&cx, &s);
    s.push(l);
    // Property tax, tax and the COJ credit (40a-44, and the choice of the credit on 56).
    let l = rules::property::line_40a_property_taxes_paid(&cx, &s);
    s.push(l);
    for line in rules::property::lines_41_to_44(&cx, &s) {
        s.push(line);
    }
    // Balance of tax through total tax due (45-54).
    for line in rules::totals::lines_45_to_54(&cx, &s) {
        s.push(line);
    }
    // Payments and refundable credits (55-65).
    let l = rules::totals::line_55_withholding(&cx, &s);
    s.push(l);
    let l = rules::property::line_56_property_tax_credit(&cx, &s);
    s.push(l);
    let l = rules::totals::line_57_estimated_payments(&cx, &s);
    s.push(l);
    let l = rules::credits::line_58_nj_eitc(&cx, &s);
    s.push(l);
    for line in rules::nj2450::lines_59_to_61_excess_contributions(&cx, &s) {
        s.push(line);
    }
    for line in rules::totals::lines_62_63_entered_credits(&cx, &s) {
        s.push(line);
    }
    let l = rules::credits::line_64_child_care_credit(&cx, &s);
    s.push(l);
    let l = rules::credits::line_65_child_tax_credit(&cx, &s);
    s.push(l);
    // Totals, refund handling and contributions (66-80).
    for line in rules::refund::lines_66_to_80(&cx, &s) {
        s.push(line);
    }

    let filing_requirement = rules::filing::filing_requirement(&cx, &s);

    // Order lines as on the form.
    let refund = s.v("refund");
    let balance_due = s.v("balance_due");
    let mut lines: Vec<Line> = s.into_lines();
    lines.sort_by_key(|l| l.position);

    let diagnostics = cx.take_diags();
    // Several rules may notice the same problem (a birth date decides exemptions and exclusions
    // alike): report each problem at each place once, keeping the most severe finding and, among
    // equally severe ones, the most specific (the last; the generic answer checks run first).
    let mut unique: Vec<Diagnostic> = Vec::new();
    for d in diagnostics {
        match unique
            .iter_mut()
            .find(|u| u.code == d.code && u.path == d.path)
        {
            Some(u) if d.severity >= u.severity => *u = d,
            Some(_) => {}
            None => unique.push(d),
        }
    }
    let mut diagnostics = unique;
    uncertain_figure_warnings(&lines, p, &mut diagnostics);
    diagnostics.sort_by_key(|d| std::cmp::Reverse(d.severity));

    ComputedReturn {
        form: p.line_map.form.clone(),
        tax_year: p.year,
        lines,
        refund,
        balance_due,
        filing_requirement,
        diagnostics,
    }
}

/// One warning per uncertain figure that a line actually used, and for an uncertain line map.
fn uncertain_figure_warnings(lines: &[Line], p: &YearParams, out: &mut Vec<Diagnostic>) {
    let mut seen: Vec<String> = Vec::new();
    for line in lines {
        for param in &line.explanation.params {
            if let Some(note) = &param.uncertain {
                if seen.contains(&param.id) {
                    continue;
                }
                seen.push(param.id.clone());
                out.push(
                    Diagnostic::warning(
                        "uncertain-figure",
                        format!(
                            "Line {} uses {} ({}), a figure marked UNCERTAIN: {note}",
                            line.id, param.label, param.value
                        ),
                    )
                    .cite(param.citation.clone()),
                );
            }
        }
    }
    if let Some(note) = &p.line_map.uncertain {
        out.push(Diagnostic::warning(
            "uncertain-line-map",
            format!("Form layout for {}: {note}", p.year),
        ));
    }
}
