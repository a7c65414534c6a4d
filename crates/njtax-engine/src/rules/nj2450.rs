//! Excess UI/WF/SWF, DI and FLI withheld (NJ-1040 lines 59-61; Form NJ-2450; N.J.S.A. 54A:4-4,
//! 43:21-7).
//!
//! Per person (the taxpayer, and the spouse too on a joint return, each on a separate NJ-2450), and
//! only when that person had W-2s from two or more employers: each employer's contribution counts
//! only up to the year's maximum; the credit is the counted total minus the maximum, never below
//! zero. What one employer withheld above the maximum is refunded by that employer, not credited.
//! Contributions to a private DI or FLI plan are not counted.

use rust_decimal::Decimal;

use crate::answers::{Owner, W2};
use crate::explain::{Diagnostic, Explanation, Line};
use crate::key::Key;
pub use crate::law::withholding::{WithholdingParams, WithholdingParamsFile};
use crate::money::{floor_zero, fmt_money, sat_add, sat_sub, sat_sum};
use crate::params::Figure;
use crate::schedule::Schedule;
use crate::sheet::{Ctx, Sheet};

const CITE: &str = "N.J.S.A. 54A:4-4; N.J.S.A. 43:21-7";

/// Up to this many employers, a person's employers are found by a linear search.
const LINEAR_SEARCH_EMPLOYERS: usize = 12;

/// The three contributions of Form NJ-2450.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Ui,
    Di,
    Fli,
}

impl Kind {
    fn key(self) -> Key {
        match self {
            Self::Ui => Key::ExcessUi,
            Self::Di => Key::ExcessDi,
            Self::Fli => Key::ExcessFli,
        }
    }

    fn words(self) -> &'static str {
        match self {
            Self::Ui => "UI/WF/SWF",
            Self::Di => "disability insurance (DI)",
            Self::Fli => "family leave insurance (FLI)",
        }
    }

    fn field(self) -> &'static str {
        match self {
            Self::Ui => "ui_wf_swf",
            Self::Di => "di",
            Self::Fli => "fli",
        }
    }

    fn amount(self, w: &W2) -> Decimal {
        match self {
            Self::Ui => w.ui_wf_swf,
            Self::Di => w.di,
            Self::Fli => w.fli,
        }
    }

    fn private_plan(self, w: &W2) -> bool {
        match self {
            Self::Ui => false,
            Self::Di => w.di_private_plan,
            Self::Fli => w.fli_private_plan,
        }
    }

    fn max(self, p: &WithholdingParams) -> &Figure<Decimal> {
        match self {
            Self::Ui => &p.ui_max,
            Self::Di => &p.di_max,
            Self::Fli => &p.fli_max,
        }
    }
}

/// Who an employer is, for "two or more employers": the NJ employer ID when the W-2 has one,
/// otherwise the employer's name, otherwise the W-2 itself.
fn employer_key(w: &W2, i: usize) -> String {
    let id: String = w
        .employer_id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if !id.is_empty() {
        return format!("id:{id}");
    }
    let name = w
        .employer
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    if !name.is_empty() {
        return format!("name:{name}");
    }
    format!("w2:{i}")
}

fn employer_name(w: &W2, i: usize) -> std::borrow::Cow<'_, str> {
    let name = w.employer.trim();
    if name.is_empty() {
        // Diagnostics name the employer too, so this is built even when not explaining.
        std::borrow::Cow::Owned(format!("W-2 #{}", i + 1))
    } else {
        std::borrow::Cow::Borrowed(name)
    }
}

fn person_words(owner: Owner) -> &'static str {
    match owner {
        Owner::Taxpayer => "Taxpayer",
        Owner::Spouse => "Spouse",
    }
}

fn owner_path(owner: Owner) -> &'static str {
    match owner {
        Owner::Taxpayer => "taxpayer",
        Owner::Spouse => "spouse",
    }
}

/// One employer's contributions of one kind for one person.
struct Employer<'a> {
    name: std::borrow::Cow<'a, str>,
    withheld: Decimal,
    w2s: Vec<usize>,
    missing_id: bool,
}

/// A W-2 amount as counted: negative amounts are an error and count as zero.
fn checked_amount(cx: &Ctx, kind: Kind, w: &W2, i: usize) -> Decimal {
    let v = kind.amount(w);
    if v.is_sign_negative() && !v.is_zero() {
        cx.diag(
            Diagnostic::error(
                "negative-amount",
                format!(
                    "{} withheld cannot be negative; it was treated as zero",
                    kind.words()
                ),
            )
            .at(format!("income.w2s[{i}].{}", kind.field()))
            .cite("Form NJ-2450"),
        );
    }
    floor_zero(v)
}

/// One person's part of a line: (excess, rule words, explanation to extend, whether the maximum was used).
fn person_excess(
    cx: &Ctx,
    kind: Kind,
    owner: Owner,
    keys: &[String],
    mut exp: Explanation,
) -> (Decimal, String, Explanation, bool) {
    let max = kind.max(&cx.p.withholding).value;
    let who = person_words(owner);
    let w2s: Vec<(usize, &W2)> =
        cx.a.income
            .w2s
            .iter()
            .enumerate()
            .filter(|(_, w)| w.owner == owner)
            .collect();
    let key_of = |i: usize| keys.get(i).map_or("", String::as_str);
    // Distinct employers among all the person's W-2s.
    let mut all_keys: Vec<&str> = w2s.iter().map(|(i, _)| key_of(*i)).collect();
    all_keys.sort_unstable();
    all_keys.dedup();

    // Group the counted contributions of this kind by employer, in the order first seen (a map
    // from the employer's key to its place keeps this linear in the number of W-2s).
    let mut employers: Vec<Employer> = Vec::new();
    // A map from the employer's key to its place, built only past a few employers (a linear
    // search is cheaper below that).
    let mut place: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut keys_seen: Vec<&str> = Vec::new();
    for &(i, w) in &w2s {
        let amount = checked_amount(cx, kind, w, i);
        let path = || format!("income.w2s[{i}].{}", kind.field());
        if kind.private_plan(w) {
            if !amount.is_zero() {
                cx.diag(
                    Diagnostic::info(
                        "nj2450-private-plan",
                        format!(
                            "{} paid to {}'s private plan ({}) is not counted on Form NJ-2450; ask the plan or the employer about any excess",
                            kind.words(),
                            employer_name(w, i),
                            fmt_money(amount)
                        ),
                    )
                    .at(path())
                    .cite("Form NJ-2450"),
                );
            }
            continue;
        }
        exp = exp.answer(
            crate::explain_format!(
                cx,
                "{who}: {} {} withheld",
                employer_name(w, i),
                kind.words()
            ),
            crate::explain_format!(cx, "income.w2s[{i}].{}", kind.field()),
            amount,
        );
        let key = key_of(i);
        let missing_id = w.employer_id.trim().is_empty();
        let at = if place.is_empty() {
            keys_seen.iter().position(|k| *k == key)
        } else {
            place.get(key).copied()
        };
        if let Some(e) = at.and_then(|at| employers.get_mut(at)) {
            e.withheld = sat_add(e.withheld, amount);
            e.w2s.push(i);
            e.missing_id |= missing_id;
        } else {
            if place.is_empty() && keys_seen.len() < LINEAR_SEARCH_EMPLOYERS {
                keys_seen.push(key);
            } else {
                if place.is_empty() {
                    place.extend(keys_seen.drain(..).enumerate().map(|(at, k)| (k, at)));
                }
                place.insert(key, employers.len());
            }
            employers.push(Employer {
                name: employer_name(w, i),
                withheld: amount,
                w2s: vec![i],
                missing_id,
            });
        }
    }

    // Anything one employer withheld above the maximum is that employer's to refund.
    for e in &employers {
        if e.withheld > max {
            let first = e.w2s.first().copied().unwrap_or_default();
            cx.diag(
                Diagnostic::info(
                    "nj2450-employer-overwithheld",
                    format!(
                        "{who}: {} withheld {} of {}, more than the {} maximum for {}; the {} over the maximum is not a credit on the return: the employer must refund it",
                        e.name,
                        fmt_money(e.withheld),
                        kind.words(),
                        fmt_money(max),
                        cx.year(),
                        fmt_money(sat_sub(e.withheld, max))
                    ),
                )
                .at(format!("income.w2s[{first}].{}", kind.field()))
                .cite("Form NJ-2450"),
            );
        }
    }

    if all_keys.len() < 2 {
        let words = if w2s.is_empty() {
            crate::explain_format!(cx, "{who}: no W-2")
        } else {
            crate::explain_format!(
                cx,
                "{who}: W-2s from one employer only, so no NJ-2450 credit (an employer that withheld too much refunds it)"
            )
        };
        return (Decimal::ZERO, words, exp, false);
    }

    let counted: Vec<Decimal> = employers.iter().map(|e| e.withheld.min(max)).collect();
    let total = sat_sum(counted.iter().copied());
    let excess = floor_zero(sat_sub(total, max));
    let parts = if !cx.explaining() {
        String::new()
    } else {
        employers
            .iter()
            .zip(&counted)
            .map(|(e, c)| {
                if e.withheld > max {
                    crate::explain_format!(
                        cx,
                        "{} {} (counted {})",
                        e.name,
                        fmt_money(e.withheld),
                        fmt_money(*c)
                    )
                } else {
                    crate::explain_format!(cx, "{} {}", e.name, fmt_money(e.withheld))
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let words = crate::explain_format!(
        cx,
        "{who}: {} employers; {} withheld: {}; counted total {} minus the {} maximum = {}",
        all_keys.len(),
        kind.words(),
        if parts.is_empty() {
            "none".to_owned()
        } else {
            parts
        },
        fmt_money(total),
        fmt_money(max),
        fmt_money(excess)
    );
    exp = exp.worksheet(
        crate::explain_format!(cx, "{who}: counted {} total", kind.words()),
        crate::explain_format!(cx, "NJ-2450 ({}): counted total", owner_path(owner)),
        total,
    );
    if excess > Decimal::ZERO {
        for e in employers.iter().filter(|e| e.missing_id) {
            let first = e.w2s.first().copied().unwrap_or_default();
            cx.diag(
                Diagnostic::warning(
                    "nj2450-employer-id",
                    format!(
                        "{who}: the W-2 from {} has no NJ employer ID; Form NJ-2450 is denied unless each W-2 shows the employer's NJ taxpayer ID (or private plan number)",
                        e.name
                    ),
                )
                .at(format!("income.w2s[{first}].employer_id"))
                .cite("Form NJ-2450"),
            );
        }
    }
    // The maximum decided the line only when something was counted.
    (excess, words, exp, total > Decimal::ZERO)
}

/// One of lines 59-61: the excess of one kind of contribution, summed over the people on the return.
fn excess_line(cx: &Ctx, kind: Kind, keys: &[String]) -> Line {
    let mut owners = vec![Owner::Taxpayer];
    if cx.a.filing_status.is_joint() {
        owners.push(Owner::Spouse);
    }
    let mut exp = cx
        .explanation(String::new(), CITE)
        .schedule(Schedule::Nj2450);
    let mut total = Decimal::ZERO;
    let mut words = Vec::new();
    let mut used_max = false;
    for owner in owners {
        let (excess, w, e, used) = person_excess(cx, kind, owner, keys, exp);
        exp = e;
        total = sat_add(total, excess);
        words.push(w);
        used_max |= used;
    }
    if used_max {
        exp = exp.param(kind.max(&cx.p.withholding));
    }
    exp.rule = crate::explain_format!(
        cx,
        "Excess {} withheld by two or more employers, each counted up to the maximum, per person: {}. Total {}",
        kind.words(),
        words.join("; "),
        fmt_money(total)
    );
    cx.line(kind.key(), total, exp)
}

/// Lines 59-61: excess UI/WF/SWF, DI and FLI withheld (Form NJ-2450; N.J.S.A. 54A:4-4).
///
/// Returns the lines `excess_ui`, `excess_di` and `excess_fli`.
pub fn lines_59_to_61_excess_contributions(cx: &Ctx, _s: &Sheet) -> Vec<Line> {
    // Who each W-2's employer is, worked out once for the three lines.
    let keys: Vec<String> =
        cx.a.income
            .w2s
            .iter()
            .enumerate()
            .map(|(i, w)| employer_key(w, i))
            .collect();
    [Kind::Ui, Kind::Di, Kind::Fli]
        .into_iter()
        .map(|k| excess_line(cx, k, &keys))
        .collect()
}
