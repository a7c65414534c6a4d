//! Rule functions: one per NJ-1040 line or worksheet, named after it, each citing its statute.

pub mod amended;
pub mod business_credits;
pub mod coj;
pub mod credit_amounts;

pub mod credits;
pub mod deductions;
pub mod digital_assets;
pub mod exclusions;
pub mod exemptions;
pub mod federal_eic;
pub mod filing;
pub mod form_2441;
pub mod hcc;
pub mod impaired_estimator;
pub mod income;
pub mod next_year;
pub mod nj2210;
pub mod nj2450;
pub mod nonresident;
pub mod property;
pub mod refund;
pub mod tax;
pub mod totals;
pub mod validate;

/// The business credit figures, now in [`crate::law::business_credits`] (the old path kept).
pub use crate::law::business_credits as credit_params;

use crate::explain::Line;
use crate::key::Key;
use crate::money::{fmt_money, sat_sum};
use crate::sheet::{Ctx, Sheet};

/// A line that is the sum of other lines ("line 15 $… + line 16a $… = $…"), with each term as an input.
pub fn sum_of_lines(cx: &Ctx, s: &Sheet, key: Key, terms: &[Key], citation: &str) -> Line {
    let total = sat_sum(terms.iter().map(|k| s.v(*k)));
    let mut exp = cx.explanation("", citation);
    if cx.explaining() {
        let mut parts = Vec::with_capacity(terms.len());
        for &k in terms {
            let v = s.v(k);
            let (id, label) = cx.map().find(k).unwrap_or((k.as_str(), k.as_str()));
            parts.push(format!("line {id} {}", fmt_money(v)));
            exp = exp.line(label, k, v);
        }
        exp.rule = format!("{} = {}", parts.join(" + "), fmt_money(total));
    }
    cx.line(key, total, exp)
}
