//! Amending a filed return: making the amended draft from the original one (its figures kept as
//! column A), and the amended return's explanation of the changes, written from the comparison
//! of the two drafts ([`crate::compare`]) unless the filer wrote their own. The columns and the
//! result are [`crate::rules::amended`]'s.

use rust_decimal::Decimal;

use crate::answers::{Amendment, Answers, OriginalReturn};
use crate::compare::{ItemChange, compare_computed};
use crate::compute::{ReturnSet, compute_set_values};
use crate::key::Key;
use crate::money::{fmt_money, sat_add};
use crate::year::YearParams;

/// The amended draft of a filed return: the same answers (to be corrected), with `amends`
/// holding each computed return's lines as filed (column A) and the original answers, so that
/// the explanation can name what changed. The tax paid with the original, the reasons and the
/// dates are left for the filer to give. Amending an amended draft starts from its corrected
/// figures (the return "as previously amended"), with what was actually refunded (the original's
/// overpayment and the refund the amended return was allowed) as the overpayment, and the tax
/// paid before and the additional tax it asked for as paid.
#[must_use]
pub fn start_amendment(original: &Answers, set: &ReturnSet) -> Answers {
    let mut kept = original.clone();
    kept.amends = None;
    let mut amended = kept.clone();
    amended.amends = Some(Amendment {
        original: set
            .returns
            .iter()
            .map(|r| {
                let mut lines: std::collections::BTreeMap<Key, Decimal> = r
                    .lines
                    .iter()
                    .filter(|l| !l.is_ratio())
                    .map(|l| (l.key, l.value))
                    .collect();
                let (mut paid, mut paid_on) = (Decimal::ZERO, None);
                // An amended return amended again: what was refunded is the original's
                // overpayment and the refund the amended return was allowed, never column C's
                // overpayment (a barred refund is never paid, 54A:9-8 d); what was paid is the
                // tax paid before and the additional tax the amended return asked for.
                if let (Some(x), Some(prev)) = (&r.amended, &original.amends) {
                    lines.insert(Key::Overpayment, sat_add(x.original_overpayment, x.refund));
                    paid = sat_add(x.paid_before, x.balance_due);
                    let before = prev.original_of(&r.form).and_then(|o| o.paid_on);
                    paid_on = if x.balance_due > Decimal::ZERO {
                        prev.filed_on.or(before)
                    } else {
                        before
                    };
                }
                OriginalReturn {
                    form: r.form.clone(),
                    from_draft: true,
                    lines,
                    paid,
                    paid_on,
                }
            })
            .collect(),
        original_answers: Some(Box::new(kept)),
        ..Amendment::default()
    });
    amended
}

/// The explanation of changes to print on the amended return: the filer's own when they wrote
/// one, else [`written_explanation`].
#[must_use]
pub fn explanation_of_changes(answers: &Answers, set: &ReturnSet, p: &YearParams) -> String {
    match &answers.amends {
        Some(am) if !am.explanation.trim().is_empty() => am.explanation.trim().to_owned(),
        Some(_) => written_explanation(answers, set, p),
        None => String::new(),
    }
}

/// The explanation of changes the app writes: the reasons, the answers that changed (when the
/// original draft's answers are kept), each line that changed with its columns, and the result.
#[must_use]
pub fn written_explanation(answers: &Answers, set: &ReturnSet, p: &YearParams) -> String {
    let Some(am) = &answers.amends else {
        return String::new();
    };
    let mut parts = Vec::new();
    if !am.reasons.is_empty() {
        let reasons: Vec<&str> = am.reasons.list().iter().map(|r| r.words()).collect();
        parts.push(format!("Amended because: {}.", reasons.join("; ")));
    }
    if let Some(orig) = &am.original_answers {
        let orig_set = compute_set_values(orig, p);
        if let Ok(c) = compare_computed(orig, &orig_set, answers, set) {
            let mut said: Vec<String> = c
                .answers_changed
                .iter()
                .map(|a| {
                    format!(
                        "{} {} to {}",
                        a.words,
                        a.old.as_deref().unwrap_or("not given"),
                        a.new.as_deref().unwrap_or("not given")
                    )
                })
                .collect();
            said.extend(c.items_added.iter().map(|i| item_words(i, "added")));
            said.extend(c.items_removed.iter().map(|i| item_words(i, "removed")));
            if !said.is_empty() {
                parts.push(format!("What changed: {}.", said.join("; ")));
            }
        }
    }
    for r in &set.returns {
        let Some(x) = &r.amended else { continue };
        let moved: Vec<String> = x
            .rows
            .iter()
            .filter_map(|row| {
                let change = row.change?;
                (!change.is_zero()).then(|| {
                    format!(
                        "line {} {} {} ({} to {})",
                        row.id,
                        row.label,
                        signed(change),
                        row.original.map_or_else(String::new, fmt_money),
                        fmt_money(row.amended)
                    )
                })
            })
            .collect();
        let prefix = if set.returns.len() > 1 {
            format!("{}: ", r.form)
        } else {
            String::new()
        };
        if moved.is_empty() {
            parts.push(format!(
                "{prefix}No line of the {} changes.",
                x.original_form
            ));
        } else {
            parts.push(format!("{prefix}Lines changed: {}.", moved.join("; ")));
        }
        if x.balance_due > Decimal::ZERO {
            parts.push(format!(
                "{prefix}Additional tax due: {}.",
                fmt_money(x.balance_due)
            ));
        } else if x.refund > Decimal::ZERO {
            parts.push(format!("{prefix}Refund claimed: {}.", fmt_money(x.refund)));
        }
        if let Some(t) = x.row(Key::TotalTaxDue).and_then(|r| r.change)
            && t.is_zero()
            && x.net.is_zero()
        {
            parts.push(format!("{prefix}The tax does not change."));
        }
    }
    parts.join(" ")
}

fn item_words(i: &ItemChange, how: &str) -> String {
    format!("{} {how}", i.words)
}

/// An amount with its sign (`+3,400.00`, `-508.30`).
fn signed(v: Decimal) -> String {
    if v > Decimal::ZERO {
        format!("+{}", fmt_money(v))
    } else {
        fmt_money(v)
    }
}
