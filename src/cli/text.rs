//! The command line's text output: a return's lines, its diagnostics, one line's explanation,
//! the next-year plan, the business credits schedule, the coverage list and the comparison of
//! two drafts (`njtax diff`).

use njtax_engine::compare::Comparison;
use njtax_engine::compute::ReturnSet;
use njtax_engine::money::fmt_money;
use njtax_engine::{ComputedReturn, ParamBook, Severity};
use rust_decimal::Decimal;

use super::{Unreadable, return_title};

/// The business credits schedule and carryover ledger of a return, as text.
pub fn render_business_credits(
    s: &njtax_engine::rules::business_credits::CreditSchedule,
) -> String {
    let mut out = String::from(
        "
Business credits schedule:
",
    );
    out.push_str(&format!(
        "  {:<52} {:>5} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12}\n",
        "credit", "line", "earned", "carried in", "applied", "refunded", "carried fwd", "lost"
    ));
    for r in &s.rows {
        out.push_str(&format!(
            "  {:<52} {:>5} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12}\n",
            truncate(&r.name, 52),
            r.line.as_deref().unwrap_or("-"),
            fmt_money(r.earned),
            fmt_money(r.carried_in),
            fmt_money(r.applied),
            fmt_money(r.refunded),
            fmt_money(r.carried_forward),
            fmt_money(r.lost)
        ));
        if let Some(limit) = r.limit {
            out.push_str(&format!("      limit: {}\n", fmt_money(limit)));
        }
        if r.line.is_none() {
            out.push_str(&format!("      claimed: {}\n", r.claimed_where));
        }
    }
    if !s.separate_nonrefundable.is_zero() || !s.separate_refundable.is_zero() {
        out.push_str(&format!(
            "  Credits without a form line: non-refundable {}, refundable {}; refund (+) or balance due (-) once they are allowed: {}\n",
            fmt_money(s.separate_nonrefundable),
            fmt_money(s.separate_refundable),
            fmt_money(s.net_after_separate_claims)
        ));
    }
    if !s.ledger.is_empty() {
        out.push_str("\nCarryover ledger:\n");
        out.push_str(&format!(
            "  {:<28} {:<9} {:>6} {:>12} {:>12} {:>12} {:>9} {:>12}\n",
            "credit", "owner", "from", "available", "used", "remaining", "last year", "expiring"
        ));
        for l in &s.ledger {
            out.push_str(&format!(
                "  {:<28} {:<9} {:>6} {:>12} {:>12} {:>12} {:>9} {:>12}\n",
                truncate(
                    s.rows
                        .iter()
                        .find(|r| r.kind == l.kind)
                        .map_or(l.kind.label(), |r| r.name.as_str()),
                    28
                ),
                l.owner.label(),
                l.origin_year,
                fmt_money(l.available),
                fmt_money(l.used),
                fmt_money(l.remaining),
                l.last_year,
                fmt_money(l.expiring)
            ));
        }
    }
    for n in &s.notes {
        out.push_str(&format!("  note: {n}\n"));
    }
    out
}

pub fn render_set_text(
    set: &ReturnSet,
    filed_today: Option<njtax_engine::answers::Date>,
) -> String {
    if let [only] = set.returns.as_slice() {
        let mut out = render_text(only, filed_today);
        if only.kind != njtax_engine::residency::ReturnKind::Resident {
            out.push_str(&format!("\n{}\n", set.statement.join("\n")));
        }
        return out;
    }
    let mut out = format!(
        "This draft produces {} returns for tax year {}:\n",
        set.returns.len(),
        set.tax_year
    );
    for s in &set.statement {
        out.push_str(&format!("  - {s}\n"));
    }
    for r in &set.returns {
        out.push_str(&format!("\n===== {} =====\n", return_title(r)));
        out.push_str(&render_text(r, filed_today));
    }
    out
}

/// Next year's plan and, when late, the late filing and payment estimate, as text.
pub fn render_plan_and_late(ret: &ComputedReturn) -> String {
    let mut out = String::new();
    if let Some(p) = &ret.next_year {
        out.push_str(&format!(
            "Next year's estimated tax ({}, NJ-1040-ES): {}\n",
            p.year, p.reason
        ));
        if !p.installments.is_empty() {
            out.push_str(&format!(
                "  {:<4} {:<12} {:>14} {:>14} {:>14}\n",
                "no.", "due", "installment", "credit applied", "to pay"
            ));
            for (i, inst) in p.installments.iter().enumerate() {
                out.push_str(&format!(
                    "  {:<4} {:<12} {:>14} {:>14} {:>14}\n",
                    i + 1,
                    inst.due.map_or_else(|| "?".into(), |d| d.to_string()),
                    fmt_money(inst.amount),
                    fmt_money(inst.credit_applied),
                    fmt_money(inst.to_pay)
                ));
            }
        }
        if !p.explanation.rule.is_empty() {
            out.push_str(&format!("  why: {}\n", p.explanation.rule));
        }
        for n in &p.notes {
            out.push_str(&format!("  note: {n}\n"));
        }
    }
    if let Some(l) = &ret.late {
        out.push_str(&format!(
            "Late filing and payment (estimate): {} (late filing {}, late payment {}, interest {})\n",
            fmt_money(l.total),
            fmt_money(l.late_filing),
            fmt_money(l.late_payment),
            fmt_money(l.interest)
        ));
        if !l.explanation.rule.is_empty() {
            out.push_str(&format!("  why: {}\n", l.explanation.rule));
        }
        for n in &l.notes {
            out.push_str(&format!("  note: {n}\n"));
        }
    }
    out
}

pub fn render_text(
    ret: &ComputedReturn,
    filed_today: Option<njtax_engine::answers::Date>,
) -> String {
    let mut out = format!("{} for tax year {}\n\n", ret.form, ret.tax_year);
    for l in &ret.lines {
        out.push_str(&format!(
            "{:>5}  {:<70} {:>16}\n",
            l.id,
            truncate(&l.label, 70),
            l.display_value()
        ));
    }
    if !ret.business_credits.is_empty() {
        out.push_str(&render_business_credits(&ret.business_credits));
    }
    out.push('\n');
    if ret.amended.is_some() {
        // An amended return refunds or owes the change from what the original paid or refunded
        // (the "Amended:" line below), not the corrected return's own result.
        let (what, v) = if ret.balance_due > Decimal::ZERO {
            ("balance due", ret.balance_due)
        } else {
            ("overpayment", ret.refund)
        };
        out.push_str(&format!(
            "Corrected return (column C) {what}: {}; what the amended return refunds or owes is under \"Amended:\" below\n",
            fmt_money(v)
        ));
    } else if ret.balance_due > Decimal::ZERO {
        out.push_str(&format!("Balance due: {}\n", fmt_money(ret.balance_due)));
    } else if ret
        .diagnostics
        .iter()
        .any(|d| d.code == "refund-time-barred")
    {
        // Filed after the last day to claim it (54A:9-8 a, d): no refund figure.
        out.push_str("Refund: none, barred by the time limit (see the diagnostics)\n");
    } else if let Some((today, b)) = filed_today.and_then(|d| ret.barred_refund(d).map(|b| (d, b)))
    {
        // No filing date given: taken as filed today, as the app and the printout take it.
        out.push_str(&format!(
            "Refund: none if filed today ({today}): the last day to claim the overpayment of {} was {} (N.J.S.A. 54A:9-8 a, d). If the return was filed by then, give its filing date\n",
            fmt_money(b.overpayment),
            b.last_day
        ));
    } else {
        out.push_str(&format!("Refund: {}\n", fmt_money(ret.refund)));
    }
    out.push_str(&format!(
        "Filing requirement: {} ({})\n",
        if ret.filing_requirement.required {
            "must file"
        } else {
            "not required to file"
        },
        ret.filing_requirement.reason
    ));
    if let Some(x) = &ret.amended {
        out.push('\n');
        out.push_str(&render_amended(x));
    }
    let after = render_plan_and_late(ret);
    if !after.is_empty() {
        out.push('\n');
        out.push_str(&after);
    }
    if !ret.diagnostics.is_empty() {
        out.push_str("\nDiagnostics:\n");
        for d in &ret.diagnostics {
            out.push_str(&format!("  {}\n", render_diagnostic(d)));
        }
    }
    out
}

/// The amended return: columns A, B and C of every line either has, the result after what the
/// original paid or refunded, the time limits and the interest estimate.
pub fn render_amended(x: &njtax_engine::rules::amended::AmendedReturn) -> String {
    let mut out = format!(
        "Amended return ({}{}): columns A as originally reported, B net change, C correct amount\n",
        x.form,
        if x.form == x.original_form {
            ", filed again marked AMENDED across the top"
        } else {
            ""
        }
    );
    if !x.reasons.is_empty() {
        out.push_str(&format!("Reasons: {}\n", x.reasons.join("; ")));
    }
    out.push_str(&format!(
        "{:>5}  {:<50} {:>14} {:>14} {:>14}\n",
        "Line", "", "A", "B", "C"
    ));
    for r in &x.rows {
        out.push_str(&format!(
            "{:>5}  {:<50} {:>14} {:>14} {:>14}\n",
            r.id,
            truncate(&r.label, 50),
            r.original.map_or_else(|| "not given".to_owned(), fmt_money),
            r.change.map_or_else(String::new, fmt_money),
            fmt_money(r.amended)
        ));
    }
    out.push_str(&format!(
        "Payments and credits {} + paid with or after the original {} - the original's overpayment {} - total tax {} = {}\n",
        fmt_money(x.total_payments),
        fmt_money(x.paid_before),
        fmt_money(x.original_overpayment),
        fmt_money(x.total_tax),
        fmt_money(x.net)
    ));
    out.push_str(&x.headline());
    out.push('\n');
    if !x.complete {
        out.push_str(
            "Not final: the original figures it needs are not all given (see the diagnostics).\n",
        );
    }
    if let Some(l) = &x.refund_limit {
        out.push_str(&format!("{}\n", l.words));
    }
    for r in &x.federal_reports {
        out.push_str(&match r.days_late {
            Some(n) => format!("Report of {} due {}: filed {n} days late.\n", r.what, r.due),
            None => format!("Report of {} due {}.\n", r.what, r.due),
        });
    }
    if let Some(i) = &x.interest {
        out.push_str(&format!(
            "Interest (estimate) {}: {}\n",
            fmt_money(i.amount),
            i.words
        ));
    }
    out.push_str("Mail it: New Jersey's online filing service does not take amended returns.\n");
    out
}

pub fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_owned()
    } else {
        format!("{}…", s.chars().take(n - 1).collect::<String>())
    }
}

/// Keep the end of a long path (the file name matters most): `…/examples/single-renter.ron`.
pub fn truncate_left(s: &str, n: usize) -> String {
    let count = s.chars().count();
    if count <= n {
        s.to_owned()
    } else {
        format!("…{}", s.chars().skip(count - (n - 1)).collect::<String>())
    }
}

pub fn render_diagnostic(d: &njtax_engine::Diagnostic) -> String {
    let sev = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    };
    let mut s = format!("{sev}[{}]: {}", d.code, d.message);
    if let Some(p) = &d.path {
        s.push_str(&format!(" (at {p})"));
    }
    if let Some(c) = &d.citation {
        s.push_str(&format!(" [{c}]"));
    }
    s
}

/// One line's explanation as text; the lines it read are named by their number on `ret`'s form
/// (its own line map: an NJ-1040NR's numbers on an NJ-1040NR).
pub fn render_explanation(ret: &njtax_engine::ComputedReturn, l: &njtax_engine::Line) -> String {
    let e = &l.explanation;
    let mut out = format!(
        "Line {}: {}\nValue: {}\n\nRule: {}\nCitation: {}\n",
        l.id,
        l.label,
        l.display_value(),
        e.rule,
        e.citation
    );
    if !e.inputs.is_empty() {
        out.push_str("\nInputs:\n");
        for i in &e.inputs {
            let src = match &i.source {
                njtax_engine::explain::Source::Answer(p) => format!("answer {p}"),
                njtax_engine::explain::Source::Line(k) => match ret.by_key(*k) {
                    Some(read) => format!("line {}", read.id),
                    None => format!("worked out as {k}"),
                },
                njtax_engine::explain::Source::Worksheet(w) => format!("worksheet {w}"),
            };
            out.push_str(&format!("  {}: {} ({src})\n", i.name, i.value));
        }
    }
    if !e.params.is_empty() {
        out.push_str("\nLaw figures:\n");
        for p in &e.params {
            out.push_str(&format!("  {} = {} [{}]", p.label, p.value, p.citation));
            if let Some(u) = &p.uncertain {
                out.push_str(&format!(" UNCERTAIN: {u}"));
            }
            out.push('\n');
        }
    }
    out
}

/// The coverage list (`forms/coverage.ron`) as text: grouped by status, each entry with its
/// sections, where the app has it (screen and the latest year's line numbers) and its note.
pub fn render_coverage(book: &ParamBook, only_not_covered: bool) -> Result<String, Unreadable> {
    use njtax_engine::coverage::{Coverage, Status};
    use std::fmt::Write as _;
    let list = Coverage::load().map_err(Unreadable)?;
    let year = book.latest_year();
    let map = book
        .for_year(year)
        .map(|p| p.line_map.clone())
        .map_err(|e| Unreadable(e.to_string()))?;
    let mut text = String::new();
    let statuses: &[Status] = if only_not_covered {
        &[Status::NotCovered]
    } else {
        &[
            Status::Computed,
            Status::Entered,
            Status::NotAsked,
            Status::NotCovered,
        ]
    };
    let _ = writeln!(
        text,
        "What njtax covers of the New Jersey Gross Income Tax Act (N.J.S.A. Title 54A); line numbers are the {year} {}'s",
        map.form
    );
    for status in statuses {
        let _ = writeln!(text, "\n== {} ==", status.words());
        for e in list.entries.iter().filter(|e| e.status == *status) {
            let _ = writeln!(text, "{}: {}", e.sections.join(", "), e.subject);
            let lines: Vec<String> = e
                .lines
                .iter()
                .filter_map(|k| map.find(*k).map(|(id, _)| format!("line {id}")))
                .collect();
            let mut place = Vec::new();
            if let Some(screen) = &e.screen {
                place.push(format!("the app's {} screen", screen.replace('_', " ")));
            }
            if !lines.is_empty() {
                place.push(lines.join(", "));
            }
            if !place.is_empty() {
                let _ = writeln!(text, "    where: {}", place.join("; "));
            }
            if !e.note.is_empty() {
                let _ = writeln!(text, "    {}", e.note);
            }
        }
    }
    Ok(text)
}

/// `njtax diff`: what changed from the old draft to the new one, and why (the engine's words,
/// the same the app shows: `njtax_engine::compare::text`).
pub fn render_comparison(c: &Comparison) -> String {
    njtax_engine::compare::text::render(c)
}
