//! Schedule NJ-HCC and the shared responsibility payment (N.J.S.A. 54A:11-3, 11-4; NJ-1040 lines
//! 53a-53c). Stub: filled by the health coverage rules.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::explain::Explanation;

/// One household member on Schedule NJ-HCC Part II.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HccMember {
    /// Name as entered.
    pub name: String,
    /// Months without coverage and without an exemption, by number (1 = January).
    pub months_owed: Vec<u8>,
    /// Months exempt, by number.
    pub months_exempt: Vec<u8>,
    /// The exemption number.
    pub exemption_number: String,
}

/// One month of the shared responsibility payment worksheet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HccMonth {
    /// Month number (1 = January).
    pub month: u8,
    /// Adults and children without coverage or exemption this month.
    pub adults: u32,
    /// Children (under 18 at the start of the month).
    pub children: u32,
    /// The flat amount for the year at this month's count (before the 1/12).
    pub flat: Decimal,
    /// The percentage-of-income amount for the year (before the 1/12).
    pub percentage: Decimal,
    /// This month's amount: 1/12 of the greater.
    pub amount: Decimal,
    /// This month's bronze-premium cap: 1/12 of the premium per person, at most five people.
    pub cap: Decimal,
}

/// The health coverage schedule of a return.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HccSchedule {
    /// Everyone was covered (or exempt) every month: Part I "Yes", no payment.
    pub everyone_covered: bool,
    /// Why no payment is due for the whole return, when one of the exemptions applies (below the
    /// filing threshold, nonresident months).
    pub exempt_reason: Option<String>,
    /// Part II rows.
    pub members: Vec<HccMember>,
    /// The monthly worksheet.
    pub months: Vec<HccMonth>,
    /// Household income used for the percentage amount.
    pub household_income: Decimal,
    /// The sum of the monthly amounts.
    pub total_monthly: Decimal,
    /// The bronze-premium cap for the year.
    pub cap: Decimal,
    /// The lesser of the two: the State shared responsibility tax (54A:11-3 b).
    pub tax: Decimal,
    /// The credit for the federal payment (54A:11-4 g).
    pub federal_credit: Decimal,
    /// Line 53c.
    pub payment: Decimal,
    /// How it was worked out.
    pub explanation: Explanation,
    /// Plain notes.
    pub notes: Vec<String>,
}

crate::param_domain!("health", HealthParamsFile => HealthParams {
    /// The flat amount per adult without coverage for a year (26 U.S.C. 5000A(c)(3) as of
    /// December 15, 2017, by 54A:11-3 b).
    flat_amount_adult: Decimal,
});
