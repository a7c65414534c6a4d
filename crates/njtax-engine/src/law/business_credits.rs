//! The employer and business credits' rules and figures, as data
//! (`forms/params/business_credits.ron`): the catalogue of credits (refundable, order, carryover
//! years, line, where claimed, years in force) and each credit's rates and caps.

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::answers::CreditKind;
use crate::key::Key;
use crate::params::ByStatus;

/// One credit's rules, from its statute.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreditRule {
    /// Which credit.
    pub kind: CreditKind,
    /// Name as the form or the statute gives it.
    pub name: String,
    /// Statute citation.
    pub statute: String,
    /// What exceeds the tax is an overpayment (refunded); otherwise the credit never takes the
    /// tax below zero.
    pub refundable: bool,
    /// Place in the order the credits are applied (lower first).
    pub order: u16,
    /// Years an unused part may be carried forward (0: none).
    pub carryover_years: u16,
    /// The NJ-1040 line key that carries the credit, when the form has one.
    pub line: Option<Key>,
    /// Where and how the credit is claimed.
    pub claimed_where: String,
    /// Why where it is claimed is uncertain, when it is.
    pub where_uncertain: Option<String>,
    /// First tax year the credit exists, when limited.
    pub first_year: Option<u16>,
    /// Last tax year the credit exists, when limited.
    pub last_year: Option<u16>,
    /// Only a resident (the NJ-1040) may claim it.
    pub resident_only: bool,
}

/// A credit by its name.
impl crate::explain::ShowValue for CreditRule {
    fn show(&self) -> String {
        self.name.clone()
    }
}

crate::param_domain!("business_credits", BusinessCreditParamsFile => BusinessCreditParams {
    /// Every credit's rules, in no particular order (`order` sets it).
    catalogue: Vec<CreditRule>,
    /// Sheltered workshop: share of the wages paid to each qualified person.
    sheltered_workshop_rate: Decimal as percent,
    /// Sheltered workshop: most for each qualified person.
    sheltered_workshop_max_per_person: Decimal as money,
    /// Sheltered workshop: weeks of 25 hours or more that make a qualified person.
    sheltered_workshop_min_weeks: u32,
    /// Sheltered workshop: weekly hours that make a qualifying week.
    sheltered_workshop_min_weekly_hours: u32,
    /// Sheltered workshop: share of the New Jersey business share of the tax that limits the credits.
    sheltered_workshop_limit_share: Decimal as percent,
    /// Sheltered workshop: line keys of the credits taken before it that count against the limit.
    sheltered_workshop_counted_credits: Vec<Key>,
    /// Organ donor employer: share of the salary for the time missed.
    organ_donor_rate: Decimal as percent,
    /// Organ donor employer: most days for each donation.
    organ_donor_max_days: u32,
    /// Wounded Warrior caregivers: most per service member.
    caregiver_max: Decimal as money,
    /// Wounded Warrior caregivers: gross income limit by filing status.
    caregiver_income_limit: ByStatus<Decimal> as money,
    /// Wounded Warrior caregivers: months the service member resided with the caregiver.
    caregiver_min_months: u32,
    /// Apprenticeship: most of the start-up costs.
    apprenticeship_max: Decimal as money,
    /// Apprenticeship: most in key industries.
    apprenticeship_key_industry_max: Decimal as money,
    /// PPE: most in a year.
    ppe_max: Decimal as money,
    /// Unit concrete: credit per square foot.
    unit_concrete_per_square_foot: Decimal as money,
    /// Unit concrete: least square feet.
    unit_concrete_min_square_feet: Decimal as number,
    /// Unit concrete: most for a residential property.
    unit_concrete_max_residential: Decimal as money,
    /// Unit concrete: most for a commercial property.
    unit_concrete_max_commercial: Decimal as money,
    /// Low embodied carbon concrete: most as a share of cost.
    low_carbon_concrete_rate: Decimal as percent,
    /// Carbon capture concrete: most as a share of cost.
    carbon_capture_concrete_rate: Decimal as percent,
    /// Both kinds: most as a share of cost.
    both_concrete_rate: Decimal as percent,
    /// EPD: most per facility.
    epd_max_per_facility: Decimal as money,
    /// EPD: most facilities in a year.
    epd_max_facilities: u32,
    /// Emerging technology: share of the investment.
    emerging_technology_rate: Decimal as percent,
    /// Emerging technology: added share (opportunity zone, M/WBE).
    emerging_technology_increase: Decimal as percent,
    /// Emerging technology: most per investment.
    emerging_technology_max_per_investment: Decimal as money,
    /// Wage tax refund denied: share of the New Jersey tax after the readjustment.
    wage_tax_refund_denied_rate: Decimal as percent,
    /// Low embodied carbon concrete and EPD credits (P.L.2023, c.4): the first tax year.
    concrete_credits_first_year: u32,
    /// Impaired-employee credit: a General employer applies before January 1 of this year.
    impaired_apply_before_general: u32,
    /// Impaired-employee credit: a small or seasonal employer applies before January 1 of this year.
    impaired_apply_before_small_or_seasonal: u32,
});

impl BusinessCreditParams {
    /// The rule of one credit.
    pub fn rule(&self, kind: CreditKind) -> Option<&CreditRule> {
        self.catalogue.value.iter().find(|r| r.kind == kind)
    }
}
