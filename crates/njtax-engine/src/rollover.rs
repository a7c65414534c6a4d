//! Next year's draft from this year's: the same household, no income or payments, last year's
//! overpayment credited forward (line 69) and the business credits still carried over (the
//! ledger's rows with something left and not past their last year), the home address, and this
//! year's New Jersey gross income as next year's "last year's gross income".

use crate::answers::{Answers, CarryoverEntry, NjResidency, Owner};
use crate::compute::{ComputedReturn, ReturnSet};
use crate::key::Key;
use crate::money::sat_add;
use crate::residency::Filer;

/// A draft for `answers.tax_year + 1`: the same persons (residency reset to a full year: the filer
/// confirms it), dependents and filing status; no income, deductions or payments, except
/// `payments.prior_year_overpayment` = the total of line 69 (credit to next year's tax) over this
/// year's returns; `deductions.alternative_business_carryforward` = the alternative business
/// loss this year's returns leave to carry (54A:3-9 b; NJ-BUS-2 line 12); `business_credits.carryovers` = every ledger row of this year's returns with
/// something remaining whose last year is the new year or later (what expires this year is
/// dropped); `estimated_tax.prior_year_tax` = line 50 and `prior_year_taxable_income` = line 42
/// (NJ-1040NR: line 39, as if a resident) for next year's NJ-2210; `address` unchanged (the
/// filer corrects it after a move); `last_year.nj_gross_income` = line 29 of the return New
/// Jersey's online filing service will look for ([`online_service_gross_income`]). A spouse
/// filing separately had the items as "taxpayer" on that return; they go back to the spouse.
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
        domestic_partner: answers.domestic_partner.clone(),
        address: answers.address.clone(),
        dependents: answers.dependents.clone(),
        options: answers.options.clone(),
        ..Answers::default()
    };
    out.last_year.nj_gross_income = online_service_gross_income(set);
    // Last year's tax and taxable gross income for next year's NJ-2210 (54A:9-6 c(2), d(3)): the
    // tax after credits (line 50) over this year's returns; taxable gross income is line 42 of the
    // NJ-1040, or, when there is an NJ-1040NR, its line 39 (income everywhere as if a resident,
    // 9-6 d(3) last sentence), which already covers the whole year.
    let mut prior_tax = rust_decimal::Decimal::ZERO;
    let mut resident_taxable = rust_decimal::Decimal::ZERO;
    let mut nonresident_taxable: Option<rust_decimal::Decimal> = None;
    for r in &set.returns {
        prior_tax = sat_add(prior_tax, r.value_by_key(Key::BalanceAfterCredits));
        if r.kind.is_nonresident() {
            let v = r.value_by_key(Key::TaxableIncome);
            nonresident_taxable = Some(nonresident_taxable.map_or(v, |n| n.max(v)));
        } else {
            resident_taxable = sat_add(resident_taxable, r.value_by_key(Key::NjTaxableIncome));
        }
    }
    if !set.returns.is_empty() {
        out.estimated_tax.prior_year_tax = Some(prior_tax);
        out.estimated_tax.prior_year_taxable_income =
            Some(nonresident_taxable.unwrap_or(resident_taxable));
        out.estimated_tax.prior_year_married_separately =
            answers.filing_status == crate::answers::FilingStatus::MarriedSeparate;
    }
    // 54A:3-9 b: an alternative business loss "may be carried forward ... during each of the 20
    // taxable years following" the loss year: the loss this year's returns leave unabsorbed
    // (NJ-BUS-2 line 12, the loss carried in included) is next year's carryforward.
    out.deductions.alternative_business_carryforward = set
        .returns
        .iter()
        .fold(rust_decimal::Decimal::ZERO, |acc, r| {
            sat_add(acc, r.alternative_business_loss_carryforward)
        });
    for r in &set.returns {
        out.payments.prior_year_overpayment = sat_add(
            out.payments.prior_year_overpayment,
            r.value_by_key(Key::CreditForward),
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

/// This year's New Jersey gross income as New Jersey's online filing service will ask for it next
/// year to confirm who is filing ("last year's NJ-1040 line 29"): line 29 (`gross_income`) of the
/// return the draft's taxpayer files.
///
/// The service looks the figure up on the return filed under the filer's own Social Security
/// number, so the choice is among the returns on which the draft's taxpayer is the filer (the
/// household's return, or the taxpayer's own separate return when spouses of different residency
/// file apart; never the spouse's separate return):
/// - a full-year resident, or spouses filing one return: that NJ-1040's line 29;
/// - a part-year resident with an NJ-1040 for the resident period and an NJ-1040NR for the rest:
///   the NJ-1040's line 29 (the resident period's gross income). The online service files the
///   NJ-1040 (residents and part-year residents), so the NJ-1040 is the return it has on record;
///   the NJ-1040NR's line 29 covers only the nonresident months and was never on an NJ-1040;
/// - a nonresident (NJ-1040NR only): its `gross_income` line (29, column A: income from
///   everywhere as if a resident), the return's own gross income figure.
///
/// `None` when the taxpayer has no return in the set (only the spouse had New Jersey income, or
/// nothing was computed): no New Jersey return was filed under the taxpayer's number, and the
/// filer leaves the answer empty. A return computed but not required may not have been filed; the
/// figure is then kept anyway, and the filer clears it if no return was sent.
pub fn online_service_gross_income(set: &ReturnSet) -> Option<rust_decimal::Decimal> {
    let own: Vec<&ComputedReturn> = set
        .returns
        .iter()
        .filter(|r| r.filer != Filer::Spouse)
        .collect();
    own.iter()
        .find(|r| !r.kind.is_nonresident())
        .or_else(|| own.first())
        .map(|r| r.value_by_key(Key::GrossIncome))
}
