//! Next year's draft from this year's: the same household, no income or payments, last year's
//! overpayment credited forward (line 69) and the business credits still carried over (the
//! ledger's rows with something left and not past their last year).

use crate::answers::{Answers, CarryoverEntry, NjResidency, Owner};
use crate::compute::ReturnSet;
use crate::money::sat_add;
use crate::residency::Filer;

/// A draft for `answers.tax_year + 1`: the same persons (residency reset to a full year: the filer
/// confirms it), dependents and filing status; no income, deductions or payments, except
/// `payments.prior_year_overpayment` = the total of line 69 (credit to next year's tax) over this
/// year's returns; `business_credits.carryovers` = every ledger row of this year's returns with
/// something remaining whose last year is the new year or later (what expires this year is
/// dropped). A spouse filing separately had the items as "taxpayer" on that return; they go back to
/// the spouse.
pub fn next_year(answers: &Answers, set: &ReturnSet) -> Answers {
    let year = answers.tax_year.saturating_add(1);
    let mut taxpayer = answers.taxpayer.clone();
    taxpayer.residency = NjResidency::default();
    let spouse = answers.spouse.clone().map(|mut s| {
        s.residency = NjResidency::default();
        s
    });
    let mut out = Answers {
        tax_year: year,
        filing_status: answers.filing_status,
        taxpayer,
        spouse,
        dependents: answers.dependents.clone(),
        options: answers.options.clone(),
        ..Answers::default()
    };
    for r in &set.returns {
        out.payments.prior_year_overpayment = sat_add(
            out.payments.prior_year_overpayment,
            r.value_by_key("credit_forward"),
        );
        let back = |o: Owner| match (r.filer, o) {
            (Filer::Spouse, Owner::Taxpayer) => Owner::Spouse,
            (Filer::Spouse, Owner::Spouse) => Owner::Taxpayer,
            _ => o,
        };
        for row in &r.business_credits.ledger {
            if row.remaining > rust_decimal::Decimal::ZERO && row.last_year >= year {
                out.business_credits.carryovers.push(CarryoverEntry {
                    owner: back(row.owner),
                    credit: row.kind,
                    origin_year: row.origin_year,
                    remaining: row.remaining,
                });
            }
        }
    }
    out
}
