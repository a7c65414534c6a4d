//! The command line's JSON output (`compute --json`, `export --format json`, `batch --json`): one
//! derived `Serialize` view per object, borrowing from the computed return, so the shape of the
//! output is written down once, as types. Amounts are strings with two decimals ([`Cents`]); the
//! output goes through [`serde_json::Value`], whose objects list their keys in sorted order.

use std::collections::BTreeMap;

use njtax_engine::compute::{ElectionComparison, ReturnSet};
use njtax_engine::explain::Explanation;
use njtax_engine::rules::next_year::{EstimatedTaxPlan, LateEstimate};
use njtax_engine::{ComputedReturn, Diagnostic, Line};
use rust_decimal::Decimal;
use serde::{Serialize, Serializer};
use serde_json::Value;

use super::csv::{export_value, severity_name};
use super::filer_name;

/// An amount as a JSON string with two decimals ("1234.50").
#[derive(Clone, Copy, Debug)]
pub struct Cents(pub Decimal);

impl Serialize for Cents {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!(
            "{:.2}",
            njtax_engine::money::round_cents(self.0)
        ))
    }
}

/// A date as `YYYY-MM-DD`, or null.
fn date_text(d: Option<njtax_engine::answers::Date>) -> Option<String> {
    d.map(|d| d.to_string())
}

/// A view as a JSON value (a view of plain data always serializes).
fn to_value<T: Serialize>(view: &T) -> Value {
    serde_json::to_value(view).unwrap_or(Value::Null)
}

/// `njtax export --format json`: every line and every diagnostic of every return, as lists.
#[derive(Serialize)]
struct ExportView<'a> {
    tax_year: u16,
    lines: Vec<ExportLine<'a>>,
    diagnostics: Vec<ExportDiagnostic<'a>>,
}

#[derive(Serialize)]
struct ExportLine<'a> {
    form: &'a str,
    filer: &'static str,
    line: &'a str,
    key: njtax_engine::Key,
    label: &'a str,
    value: String,
}

#[derive(Serialize)]
struct ExportDiagnostic<'a> {
    form: &'a str,
    filer: &'static str,
    severity: &'static str,
    code: &'a str,
    message: &'a str,
    path: Option<&'a str>,
}

/// `njtax export --format json`: every line and every diagnostic of every return, as lists.
pub fn export_json(set: &ReturnSet) -> Value {
    let mut view = ExportView {
        tax_year: set.tax_year,
        lines: Vec::new(),
        diagnostics: Vec::new(),
    };
    for r in &set.returns {
        view.lines.extend(r.lines.iter().map(|l| ExportLine {
            form: &r.form,
            filer: filer_name(r),
            line: &l.id,
            key: l.key,
            label: &l.label,
            value: export_value(l),
        }));
        view.diagnostics
            .extend(r.diagnostics.iter().map(|d| ExportDiagnostic {
                form: &r.form,
                filer: filer_name(r),
                severity: severity_name(d.severity),
                code: &d.code,
                message: &d.message,
                path: d.path.as_deref(),
            }));
    }
    to_value(&view)
}

/// Several returns of one draft (a part-year resident's, spouses of different residency).
#[derive(Serialize)]
struct SetView<'a> {
    tax_year: u16,
    statement: &'a [String],
    returns: Vec<ReturnView<'a>>,
    net_refund: Cents,
    comparison: Option<ComparisonView<'a>>,
}

#[derive(Serialize)]
struct ComparisonView<'a> {
    separate_net: Cents,
    joint_net: Cents,
    elected: bool,
    summary: &'a str,
}

impl<'a> ComparisonView<'a> {
    fn of(c: &'a ElectionComparison) -> Self {
        Self {
            separate_net: Cents(c.separate_net),
            joint_net: Cents(c.joint_net),
            elected: c.elected,
            summary: &c.summary,
        }
    }
}

/// One return's JSON, or for several the list with the statement and the election comparison.
pub fn set_json(set: &ReturnSet) -> Value {
    if let [only] = set.returns.as_slice() {
        let mut view = ReturnView::of(only);
        view.statement = Some(&set.statement);
        return to_value(&view);
    }
    to_value(&SetView {
        tax_year: set.tax_year,
        statement: &set.statement,
        returns: set.returns.iter().map(ReturnView::of).collect(),
        net_refund: Cents(set.net_refund()),
        comparison: set.comparison.as_ref().map(ComparisonView::of),
    })
}

/// Decimal as a JSON string with two decimals.
pub fn dec(v: Decimal) -> Value {
    to_value(&Cents(v))
}

/// One return: its lines by official id (a ratio line as the exact ratio, the rest with two
/// decimals), the refund, the balance due, the filing requirement, the diagnostics, the business
/// credits schedule, next year's plan and the late estimate.
#[derive(Serialize)]
struct ReturnView<'a> {
    form: &'a str,
    kind: String,
    filer: &'static str,
    months: u8,
    period_from: Option<String>,
    period_to: Option<String>,
    tax_year: u16,
    lines: BTreeMap<&'a str, String>,
    refund: Cents,
    balance_due: Cents,
    filing_requirement: FilingView<'a>,
    diagnostics: Vec<DiagnosticView<'a>>,
    business_credits: &'a njtax_engine::rules::business_credits::CreditSchedule,
    next_year: Option<PlanView<'a>>,
    late: Option<LateView<'a>>,
    /// The amended return (columns A, B and C, the result, the time limits, the interest
    /// estimate), when the draft amends a filed return.
    #[serde(skip_serializing_if = "Option::is_none")]
    amended: Option<&'a njtax_engine::rules::amended::AmendedReturn>,
    /// The plain statement of which returns must be filed (a draft with one return).
    #[serde(skip_serializing_if = "Option::is_none")]
    statement: Option<&'a [String]>,
}

#[derive(Serialize)]
struct FilingView<'a> {
    required: bool,
    should_file_for_refund: bool,
    reason: &'a str,
}

#[derive(Serialize)]
struct DiagnosticView<'a> {
    code: &'a str,
    severity: &'static str,
    message: &'a str,
    path: Option<&'a str>,
    citation: Option<&'a str>,
}

impl<'a> DiagnosticView<'a> {
    fn of(d: &'a Diagnostic) -> Self {
        Self {
            code: &d.code,
            severity: severity_name(d.severity),
            message: &d.message,
            path: d.path.as_deref(),
            citation: d.citation.as_deref(),
        }
    }
}

fn line_value(l: &Line) -> String {
    export_value(l)
}

impl<'a> ReturnView<'a> {
    fn of(ret: &'a ComputedReturn) -> Self {
        Self {
            form: &ret.form,
            kind: format!("{:?}", ret.kind),
            filer: filer_name(ret),
            months: ret.months,
            period_from: date_text(ret.period_from),
            period_to: date_text(ret.period_to),
            tax_year: ret.tax_year,
            lines: ret.lines.iter().map(|l| (&*l.id, line_value(l))).collect(),
            refund: Cents(ret.refund),
            balance_due: Cents(ret.balance_due),
            filing_requirement: FilingView {
                required: ret.filing_requirement.required,
                should_file_for_refund: ret.filing_requirement.should_file_for_refund,
                reason: &ret.filing_requirement.reason,
            },
            diagnostics: ret.diagnostics.iter().map(DiagnosticView::of).collect(),
            business_credits: &ret.business_credits,
            next_year: ret.next_year.as_ref().map(PlanView::of),
            late: ret.late.as_ref().map(LateView::of),
            amended: ret.amended.as_ref(),
            statement: None,
        }
    }
}

/// One return's JSON (see [`set_json`] for a draft's).
pub fn return_json(ret: &ComputedReturn) -> Value {
    to_value(&ReturnView::of(ret))
}

/// Next year's estimated tax plan.
#[derive(Serialize)]
struct PlanView<'a> {
    year: u16,
    required: bool,
    reason: &'a str,
    estimated_tax: Cents,
    installments: Vec<InstallmentView>,
    credit_left: Cents,
    notes: &'a [String],
    explanation: &'a Explanation,
}

#[derive(Serialize)]
struct InstallmentView {
    due: Option<String>,
    amount: Cents,
    credit_applied: Cents,
    to_pay: Cents,
}

impl<'a> PlanView<'a> {
    fn of(p: &'a EstimatedTaxPlan) -> Self {
        Self {
            year: p.year,
            required: p.required,
            reason: &p.reason,
            estimated_tax: Cents(p.estimated_tax),
            installments: p
                .installments
                .iter()
                .map(|i| InstallmentView {
                    due: date_text(i.due),
                    amount: Cents(i.amount),
                    credit_applied: Cents(i.credit_applied),
                    to_pay: Cents(i.to_pay),
                })
                .collect(),
            credit_left: Cents(p.credit_left),
            notes: &p.notes,
            explanation: &p.explanation,
        }
    }
}

/// Next year's estimated tax plan as JSON (amounts as strings with two decimals).
pub fn plan_json(p: &EstimatedTaxPlan) -> Value {
    to_value(&PlanView::of(p))
}

/// The late filing and payment estimate.
#[derive(Serialize)]
struct LateView<'a> {
    estimate: bool,
    filing_due: Option<String>,
    payment_due: Option<String>,
    balance_due: Cents,
    months_filed_late: u32,
    months_paid_late: u32,
    late_filing: Cents,
    late_payment: Cents,
    interest: Cents,
    total: Cents,
    notes: &'a [String],
    explanation: &'a Explanation,
}

impl<'a> LateView<'a> {
    fn of(l: &'a LateEstimate) -> Self {
        Self {
            estimate: true,
            filing_due: date_text(l.filing_due),
            payment_due: date_text(l.payment_due),
            balance_due: Cents(l.balance_due),
            months_filed_late: l.months_filed_late,
            months_paid_late: l.months_paid_late,
            late_filing: Cents(l.late_filing),
            late_payment: Cents(l.late_payment),
            interest: Cents(l.interest),
            total: Cents(l.total),
            notes: &l.notes,
            explanation: &l.explanation,
        }
    }
}

/// The late filing and payment estimate as JSON (amounts as strings with two decimals).
pub fn late_json(l: &LateEstimate) -> Value {
    to_value(&LateView::of(l))
}

/// `njtax diff --json`: the engine's [`njtax_engine::compare::Comparison`] as it is (the years,
/// each return's changed lines with their causes as nested objects tagged `cause`, the answers
/// changed, the items added and removed, the diagnostics that appeared or went away, the law
/// figures that changed); amounts are decimal strings.
pub fn comparison_json(c: &njtax_engine::compare::Comparison) -> Value {
    let mut v = to_value(c);
    cents_in_lines(&mut v);
    v
}

/// A changed line's (and a cause line's) `old`, `new` and `difference` with two decimals, as
/// every amount of the command line's JSON; a ratio line keeps its digits.
fn cents_in_lines(v: &mut Value) {
    match v {
        Value::Object(m) => {
            if m.get("is_ratio") == Some(&Value::Bool(false)) {
                for k in ["old", "new", "difference"] {
                    if let Some(Value::String(s)) = m.get_mut(k)
                        && let Ok(d) = s.parse::<Decimal>()
                    {
                        *s = format!("{:.2}", njtax_engine::money::round_cents(d));
                    }
                }
            }
            m.values_mut().for_each(cents_in_lines);
        }
        Value::Array(a) => a.iter_mut().for_each(cents_in_lines),
        _ => {}
    }
}
