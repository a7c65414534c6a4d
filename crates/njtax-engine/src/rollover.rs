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
/// dropped); `estimated_tax.prior_year_tax` = line 50 and `prior_year_taxable_income` = line 42
/// (NJ-1040NR: line 39, as if a resident) for next year's NJ-2210. A spouse filing separately had the items as "taxpayer" on that return; they go back to
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
    // Last year's tax and taxable gross income for next year's NJ-2210 (54A:9-6 c(2), d(3)): the
    // tax after credits (line 50) over this year's returns; taxable gross income is line 42 of the
    // NJ-1040, or, when there is an NJ-1040NR, its line 39 (income everywhere as if a resident,
    // 9-6 d(3) last sentence), which already covers the whole year.
    let mut prior_tax = rust_decimal::Decimal::ZERO;
    let mut resident_taxable = rust_decimal::Decimal::ZERO;
    let mut nonresident_taxable: Option<rust_decimal::Decimal> = None;
    for r in &set.returns {
        prior_tax = sat_add(prior_tax, r.value_by_key("balance_after_credits"));
        if r.kind.is_nonresident() {
            let v = r.value_by_key("taxable_income");
            nonresident_taxable = Some(nonresident_taxable.map_or(v, |n| n.max(v)));
        } else {
            resident_taxable = sat_add(resident_taxable, r.value_by_key("nj_taxable_income"));
        }
    }
    if !set.returns.is_empty() {
        out.estimated_tax.prior_year_tax = Some(prior_tax);
        out.estimated_tax.prior_year_taxable_income =
            Some(nonresident_taxable.unwrap_or(resident_taxable));
        out.estimated_tax.prior_year_married_separately =
            answers.filing_status == crate::answers::FilingStatus::MarriedSeparate;
    }
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
