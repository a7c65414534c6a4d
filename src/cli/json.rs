//! The command line's JSON output (`compute --json`, `export --format json`, `batch --json`).

use njtax_engine::ComputedReturn;
use njtax_engine::compute::ReturnSet;
use rust_decimal::Decimal;
use serde_json::{Map, Value, json};

use super::csv::{export_value, severity_name};
use super::filer_name;

/// `njtax export --format json`: every line and every diagnostic of every return, as lists.
pub fn export_json(set: &ReturnSet) -> Value {
    let mut lines = Vec::new();
    let mut diagnostics = Vec::new();
    for r in &set.returns {
        for l in &r.lines {
            lines.push(json!({
                "form": r.form,
                "filer": filer_name(r),
                "line": &*l.id,
                "key": l.key,
                "label": &*l.label,
                "value": export_value(l),
            }));
        }
        for d in &r.diagnostics {
            diagnostics.push(json!({
                "form": r.form,
                "filer": filer_name(r),
                "severity": severity_name(d.severity),
                "code": d.code,
                "message": d.message,
                "path": d.path,
            }));
        }
    }
    json!({ "tax_year": set.tax_year, "lines": lines, "diagnostics": diagnostics })
}

/// One return's JSON, or for several the list with the statement and the election comparison.
pub fn set_json(set: &ReturnSet) -> Value {
    if let [only] = set.returns.as_slice() {
        let mut v = return_json(only);
        if let Value::Object(m) = &mut v {
            m.insert("statement".into(), json!(set.statement));
        }
        return v;
    }
    let returns: Vec<Value> = set.returns.iter().map(return_json).collect();
    json!({
        "tax_year": set.tax_year,
        "statement": set.statement,
        "returns": returns,
        "net_refund": dec(set.net_refund()),
        "comparison": set.comparison.as_ref().map(|c| json!({
            "separate_net": dec(c.separate_net),
            "joint_net": dec(c.joint_net),
            "elected": c.elected,
            "summary": c.summary,
        })),
    })
}

/// Decimal as a JSON string with two decimals.
pub fn dec(v: Decimal) -> Value {
    Value::String(format!("{:.2}", njtax_engine::money::round_cents(v)))
}

pub fn return_json(ret: &ComputedReturn) -> Value {
    let mut lines = Map::new();
    for l in &ret.lines {
        let v = if l.is_ratio() {
            Value::String(l.value.normalize().to_string())
        } else {
            dec(l.value)
        };
        lines.insert(l.id.to_string(), v);
    }
    let diagnostics: Vec<Value> = ret
        .diagnostics
        .iter()
        .map(|d| {
            json!({
                "code": d.code,
                "severity": format!("{:?}", d.severity).to_lowercase(),
                "message": d.message,
                "path": d.path,
                "citation": d.citation,
            })
        })
        .collect();
    json!({
        "form": ret.form,
        "kind": format!("{:?}", ret.kind),
        "filer": filer_name(ret),
        "months": ret.months,
        "period_from": ret.period_from.map(|d| d.to_string()),
        "period_to": ret.period_to.map(|d| d.to_string()),
        "tax_year": ret.tax_year,
        "lines": lines,
        "refund": dec(ret.refund),
        "balance_due": dec(ret.balance_due),
        "filing_requirement": {
            "required": ret.filing_requirement.required,
            "should_file_for_refund": ret.filing_requirement.should_file_for_refund,
            "reason": ret.filing_requirement.reason,
        },
        "diagnostics": diagnostics,
        "business_credits": serde_json::to_value(&ret.business_credits).unwrap_or(Value::Null),
        "next_year": ret.next_year.as_ref().map(plan_json),
        "late": ret.late.as_ref().map(late_json),
    })
}

/// Next year's estimated tax plan as JSON (amounts as strings with two decimals).
pub fn plan_json(p: &njtax_engine::rules::next_year::EstimatedTaxPlan) -> Value {
    let installments: Vec<Value> = p
        .installments
        .iter()
        .map(|i| {
            json!({
                "due": i.due.map(|d| d.to_string()),
                "amount": dec(i.amount),
                "credit_applied": dec(i.credit_applied),
                "to_pay": dec(i.to_pay),
            })
        })
        .collect();
    json!({
        "year": p.year,
        "required": p.required,
        "reason": p.reason,
        "estimated_tax": dec(p.estimated_tax),
        "installments": installments,
        "credit_left": dec(p.credit_left),
        "notes": p.notes,
        "explanation": serde_json::to_value(&p.explanation).unwrap_or(Value::Null),
    })
}

/// The late filing and payment estimate as JSON (amounts as strings with two decimals).
pub fn late_json(l: &njtax_engine::rules::next_year::LateEstimate) -> Value {
    json!({
        "estimate": true,
        "filing_due": l.filing_due.map(|d| d.to_string()),
        "payment_due": l.payment_due.map(|d| d.to_string()),
        "balance_due": dec(l.balance_due),
        "months_filed_late": l.months_filed_late,
        "months_paid_late": l.months_paid_late,
        "late_filing": dec(l.late_filing),
        "late_payment": dec(l.late_payment),
        "interest": dec(l.interest),
        "total": dec(l.total),
        "notes": l.notes,
        "explanation": serde_json::to_value(&l.explanation).unwrap_or(Value::Null),
    })
}
