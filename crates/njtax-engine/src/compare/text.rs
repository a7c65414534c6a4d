//! A comparison in words, one change a line, each cause indented under what it explains: what
//! `njtax diff` prints and the app's "Compare with…" window shows.

use rust_decimal::Decimal;

use super::{AnswerChange, Cause, Comparison, DiagnosticChange, LawFigureChange, Presence};
use crate::explain::Severity;
use crate::key::Key;
use crate::money::fmt_money;

/// `njtax diff`: what changed from the old draft to the new one, and why. Each changed line
/// with its old and new value and the difference, then the causes found through its
/// explanation, indented under it ("because line 42 ...", "because W-2 #2 (Acme Corp): state
/// wages 41,000.00 -> 44,400.00"); then the answers that changed, the items added and removed,
/// the diagnostics that appeared or went away and the law figures that changed.
pub fn render(c: &Comparison) -> String {
    let mut out = if c.old_year == c.new_year {
        format!("Comparing two drafts for tax year {}.\n", c.new_year)
    } else {
        format!(
            "Comparing a tax year {} draft with a tax year {} draft.\n",
            c.old_year, c.new_year
        )
    };
    if !c.has_changed_lines() {
        out.push_str("No computed line differs.\n");
    }
    for r in &c.returns {
        match r.presence {
            Presence::Added => {
                out.push_str(&format!("\n{}: only the new draft produces it.\n", r.title));
                continue;
            }
            Presence::Removed => {
                out.push_str(&format!("\n{}: only the old draft produces it.\n", r.title));
                continue;
            }
            Presence::Both => {}
        }
        if r.lines.is_empty()
            && r.period.is_none()
            && r.diagnostics_appeared.is_empty()
            && r.diagnostics_gone.is_empty()
        {
            continue;
        }
        out.push_str(&format!(
            "\n{}: {} line(s) changed\n",
            r.title,
            r.lines.len()
        ));
        if let Some(p) = &r.period {
            out.push_str(&format!("Period covered: {} -> {}\n", p.old, p.new));
        }
        // Lines printed above with their causes: a later line that reads one names it and the
        // answers, items, worksheet steps and law figures under it, without the chain again.
        let mut printed = std::collections::BTreeSet::new();
        for l in &r.lines {
            let id = match (&l.old_id, &l.new_id) {
                (Some(o), Some(n)) if o != n => format!("{n} (was line {o})"),
                _ => l.id().to_owned(),
            };
            out.push_str(&format!(
                "{} line {id} {}: {} -> {} ({})\n",
                r.form,
                l.label,
                shown(l.old, l.is_ratio),
                shown(l.new, l.is_ratio),
                signed(l.difference, l.is_ratio)
            ));
            if l.causes.is_empty() {
                out.push_str("  (no input its explanation names changed)\n");
            }
            render_causes(&l.causes, 1, &printed, &mut out);
            printed.insert(l.key);
        }
        if !r.diagnostics_appeared.is_empty() {
            out.push_str("Diagnostics that appeared:\n");
            for d in &r.diagnostics_appeared {
                out.push_str(&format!("  {}\n", diagnostic_change(d)));
            }
        }
        if !r.diagnostics_gone.is_empty() {
            out.push_str("Diagnostics that went away:\n");
            for d in &r.diagnostics_gone {
                out.push_str(&format!("  {}\n", diagnostic_change(d)));
            }
        }
    }
    if !c.answers_changed.is_empty() {
        out.push_str("\nAnswers changed:\n");
        for a in &c.answers_changed {
            out.push_str(&format!("  {}\n", answer_change(a)));
        }
    }
    if !c.amendment_changed.is_empty() {
        out.push_str("\nAmended-return answers changed:\n");
        for a in &c.amendment_changed {
            out.push_str(&format!("  {}\n", answer_change(a)));
        }
    }
    if !c.amended_result_changed.is_empty() {
        out.push_str("\nAmended result changed:\n");
        for a in &c.amended_result_changed {
            out.push_str(&format!(
                "  {}: {} -> {}\n",
                a.title,
                a.old.as_deref().unwrap_or("amends nothing"),
                a.new.as_deref().unwrap_or("amends nothing")
            ));
        }
    }
    if !c.items_added.is_empty() {
        out.push_str("\nAdded:\n");
        for i in &c.items_added {
            out.push_str(&format!("  {} added\n", i.words));
        }
    }
    if !c.items_removed.is_empty() {
        out.push_str("\nRemoved:\n");
        for i in &c.items_removed {
            out.push_str(&format!("  {} removed\n", i.words));
        }
    }
    if !c.law_figures_changed.is_empty() {
        out.push_str("\nLaw figures that changed:\n");
        for f in &c.law_figures_changed {
            out.push_str(&format!("  {}\n", law_figure(f)));
        }
    }
    out
}

/// The causes of a change, one a line, each indented under what it explains. A line in
/// `printed` (shown above with its causes) is followed only by the causes at the end of its
/// chain: the answers, items, worksheet steps, law figures and periods under it.
fn render_causes(
    causes: &[Cause],
    depth: usize,
    printed: &std::collections::BTreeSet<Key>,
    out: &mut String,
) {
    let pad = "  ".repeat(depth);
    for cause in causes {
        let text = match cause {
            Cause::Line(l) => format!(
                "line {} {}: {}{}",
                l.id,
                l.label,
                signed(l.difference, l.is_ratio),
                if l.shown_above { " (see above)" } else { "" }
            ),
            Cause::Answer(a) => answer_change(a),
            Cause::Item(i) => format!("{} {}", i.words, if i.added { "added" } else { "removed" }),
            Cause::Worksheet(w) => format!(
                "{}: {} -> {}",
                w.name,
                w.old.as_deref().unwrap_or("none"),
                w.new.as_deref().unwrap_or("none")
            ),
            Cause::LawFigure(f) => law_figure(f),
            Cause::Period(p) => format!("the period this return covers: {} -> {}", p.old, p.new),
        };
        out.push_str(&format!("{pad}because {text}\n"));
        match cause {
            Cause::Line(l) if printed.contains(&l.key) => {
                let mut ends = Vec::new();
                chain_ends(&l.causes, &mut std::collections::HashSet::new(), &mut ends);
                render_causes(&ends, depth + 1, printed, out);
            }
            _ => render_causes(cause.causes(), depth + 1, printed, out),
        }
    }
}

/// The causes at the ends of the chains below a line, each once, in the order met (`met`: those
/// already in `out`, looked up by hash: a chain can end in thousands of W-2s).
fn chain_ends<'a>(
    causes: &'a [Cause],
    met: &mut std::collections::HashSet<&'a Cause>,
    out: &mut Vec<Cause>,
) {
    for c in causes {
        match c {
            Cause::Line(l) => chain_ends(&l.causes, met, out),
            other => {
                if met.insert(other) {
                    out.push(other.clone());
                }
            }
        }
    }
}

fn answer_change(a: &AnswerChange) -> String {
    format!(
        "{} {} -> {}",
        a.words,
        a.old.as_deref().unwrap_or("not given"),
        a.new.as_deref().unwrap_or("not given")
    )
}

fn law_figure(f: &LawFigureChange) -> String {
    format!(
        "law figure {} ({}) changed from {} to {} ({})",
        f.label, f.id, f.old, f.new, f.citation
    )
}

fn diagnostic_change(d: &DiagnosticChange) -> String {
    let mut t = format!("{}[{}]: {}", severity_word(d.severity), d.code, d.message);
    if let Some(p) = &d.path {
        t.push_str(&format!(" (at {p})"));
    }
    t
}

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

/// A line's value as shown: money, or a ratio as a percentage; `none` when the return lacks it.
fn shown(v: Option<Decimal>, ratio: bool) -> String {
    match v {
        None => "none".into(),
        Some(v) if ratio => format!("{}%", (v * Decimal::ONE_HUNDRED).normalize()),
        Some(v) => fmt_money(v),
    }
}

/// A difference with its sign: `+$212.00`, `-$50.00`, `+4.5%`.
fn signed(v: Decimal, ratio: bool) -> String {
    let sign = if v.is_sign_negative() && !v.is_zero() {
        "-"
    } else {
        "+"
    };
    if ratio {
        format!("{sign}{}%", (v.abs() * Decimal::ONE_HUNDRED).normalize())
    } else {
        format!("{sign}{}", fmt_money(v.abs()))
    }
}
