//! Structure-aware engine target: `arbitrary` mirror structs become a full `Answers` (every
//! income, deduction, homestead, payment and contribution kind; amounts from realistic cents to
//! `Decimal::MAX`/`MIN`, negative where the engine must cope), which is computed and checked
//! against the return invariants, then written as a draft and read back.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use njtax_engine::answers::{
    Business, Contribution, Date, Deductions, Dependent, Dividends, EnteredAmounts,
    EstimatedPayment, Federal, FilingStatus, Gambling, GamblingWin, Homestead, HomesteadKind,
    Income, Interest, JurisdictionKind, Options, OtherIncome, OtherJurisdiction, Owner,
    PassThrough, Payments, Person, PropertySale, RefundChoices, Relationship, Rental,
    ResidenceSale, Residency, Retirement, RetirementKind, TaxMethod, W2,
};
use njtax_engine::{Answers, Draft, FORMAT_VERSION};
use njtax_fuzz::{check_return, check_round_trip};
use rust_decimal::Decimal;

/// Most items of a kind a generated return carries.
const MAX_ITEMS: usize = 6;

/// Fund ids: the five printed lines, a few coded funds, and two that are not funds.
const FUNDS: &[&str] = &[
    "endangered_wildlife",
    "childrens_trust",
    "vietnam_veterans",
    "breast_cancer",
    "uss_new_jersey",
    "drug_abuse_education",
    "korean_veterans_memorial",
    "meals_on_wheels",
    "ovarian_cancer_research",
    "local_library",
    "not_a_fund",
    "",
];

const EMPLOYERS: &[(&str, &str)] = &[
    ("Harborside Logistics LLC", "223456789/000"),
    ("Garden State Diner", "334567890/000"),
    ("Shore Clinic", "223456789/000"),
    ("", ""),
];

const JURISDICTIONS: &[&str] = &["New York", "Pennsylvania", "Philadelphia", "Washington", ""];

fn pick<T: Copy>(list: &[T], i: u8) -> T {
    list[usize::from(i) % list.len()]
}

/// An amount of money. Mostly realistic, sometimes extreme.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Amount {
    Zero,
    /// Up to about $42.9 million, non-negative.
    Cents(u32),
    /// Whole dollars up to $65,535.
    Dollars(u16),
    /// Any i64 number of cents, negative included.
    SignedCents(i64),
    /// A mantissa at any decimal scale (0-28).
    Scaled(i64, u8),
    /// Any 96-bit decimal.
    Raw(u32, u32, u32, bool, u8),
    Max,
    Min,
}

impl Amount {
    fn dec(self) -> Decimal {
        match self {
            Self::Zero => Decimal::ZERO,
            Self::Cents(c) => Decimal::new(i64::from(c), 2),
            Self::Dollars(d) => Decimal::from(d),
            Self::SignedCents(c) => Decimal::new(c, 2),
            Self::Scaled(m, s) => Decimal::new(m, u32::from(s % 29)),
            Self::Raw(lo, mid, hi, neg, s) => {
                Decimal::from_parts(lo, mid, hi, neg, u32::from(s % 29))
            }
            Self::Max => Decimal::MAX,
            Self::Min => Decimal::MIN,
        }
    }
}

/// A percentage (ownership share, unit share).
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Percent {
    Whole,
    /// 0-255 (above 100 is a wrong answer the engine must survive).
    Points(u8),
    Any(Amount),
}

impl Percent {
    fn dec(self) -> Decimal {
        match self {
            Self::Whole => Decimal::ONE_HUNDRED,
            Self::Points(p) => Decimal::from(p),
            Self::Any(a) => a.dec(),
        }
    }
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum FYear {
    /// 1900-2030.
    Recent(u8),
    Raw(u16),
}

#[derive(Arbitrary, Debug, Clone, Copy)]
struct FDate {
    year: FYear,
    month: u8,
    day: u8,
}

impl FDate {
    fn date(self) -> Option<Date> {
        let year = match self.year {
            FYear::Recent(n) => 1900 + u16::from(n % 131),
            FYear::Raw(y) => y,
        };
        Date::new(year, self.month % 12 + 1, self.day % 31 + 1)
    }
}

fn date(d: Option<FDate>) -> Option<Date> {
    d.and_then(FDate::date)
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum FStatus {
    Single,
    Joint,
    Separate,
    HeadOfHousehold,
    Widow,
}

/// The tax year: one of the supported years, or (rarely) any year, which must be refused.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum FTaxYear {
    Y2022,
    Y2023,
    Y2024,
    Y2025,
    Any(u16),
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum FOwner {
    Taxpayer,
    Spouse,
}

fn owner(o: FOwner) -> Owner {
    match o {
        FOwner::Taxpayer => Owner::Taxpayer,
        FOwner::Spouse => Owner::Spouse,
    }
}

#[derive(Arbitrary, Debug)]
struct FPerson {
    birth: Option<FDate>,
    death: Option<FDate>,
    blind_or_disabled: bool,
    veteran: bool,
    never_eligible_social_security: bool,
    claimed_as_dependent: bool,
}

impl FPerson {
    fn person(&self, name: &str) -> Person {
        Person {
            name: name.into(),
            ssn: "400-00-0001".into(),
            birth_date: date(self.birth),
            blind_or_disabled: self.blind_or_disabled,
            veteran: self.veteran,
            never_eligible_social_security: self.never_eligible_social_security,
            claimed_as_dependent: self.claimed_as_dependent,
            date_of_death: date(self.death),
        }
    }
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum FRelationship {
    Child,
    Stepchild,
    FosterChild,
    Sibling,
    OtherDescendant,
    Parent,
    Other,
}

#[derive(Arbitrary, Debug)]
struct FDependent {
    birth: Option<FDate>,
    relationship: FRelationship,
    months: u8,
    full_time_student: bool,
    disabled: bool,
    college_student_costs_paid: bool,
    no_health_insurance: bool,
}

#[derive(Arbitrary, Debug)]
struct FW2 {
    owner: FOwner,
    employer: u8,
    wages: Amount,
    withheld: Amount,
    ui: Amount,
    di: Amount,
    fli: Amount,
    di_private_plan: bool,
    fli_private_plan: bool,
}

#[derive(Arbitrary, Debug)]
struct FInterest {
    owner: FOwner,
    taxable: Amount,
    tax_exempt: Amount,
    us_obligations: Amount,
    nj_obligations: Amount,
}

#[derive(Arbitrary, Debug)]
struct FDividends {
    owner: FOwner,
    ordinary: Amount,
    capital_gain_distributions: Amount,
    exempt_interest: Amount,
    nj_exempt_share: Amount,
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum FRetirementKind {
    Pension,
    Ira,
    Roth,
    MilitaryPension,
}

#[derive(Arbitrary, Debug)]
struct FRetirement {
    owner: FOwner,
    kind: FRetirementKind,
    gross: Amount,
    taxable: Amount,
    roth_qualified: bool,
    rollover: bool,
    withheld: Amount,
}

#[derive(Arbitrary, Debug)]
struct FBusiness {
    owner: FOwner,
    net_profit: Amount,
    farming: bool,
}

#[derive(Arbitrary, Debug)]
struct FSale {
    owner: FOwner,
    gain_or_loss: Amount,
    /// Principal residence: (2 of 5 years, no exclusion in prior 2 years, both spouses used).
    residence: Option<(bool, bool, bool)>,
}

#[derive(Arbitrary, Debug)]
struct FShare {
    owner: FOwner,
    amount: Amount,
}

#[derive(Arbitrary, Debug)]
struct FWin {
    amount: Amount,
    nj_lottery: bool,
}

#[derive(Arbitrary, Debug)]
struct FIncome {
    w2s: Vec<FW2>,
    interest: Vec<FInterest>,
    dividends: Vec<FDividends>,
    retirement: Vec<FRetirement>,
    businesses: Vec<FBusiness>,
    property_sales: Vec<FSale>,
    partnerships: Vec<FShare>,
    s_corporations: Vec<FShare>,
    rents: Vec<FShare>,
    wins: Vec<FWin>,
    gambling_losses: Amount,
    alimony_received: Amount,
    other: Vec<Amount>,
}

#[derive(Arbitrary, Debug)]
struct FDeductions {
    medical: Amount,
    archer_msa: Amount,
    self_employed_health_insurance: Amount,
    alimony_paid: Amount,
    conservation: Amount,
    health_enterprise_zone: Amount,
    alternative_business_carryforward: Amount,
    organ_donation: Amount,
    njbest: Amount,
    njclass: Amount,
    tuition: Amount,
}

#[derive(Arbitrary, Debug)]
struct FHomestead {
    tenant: bool,
    property_taxes: Amount,
    rent_paid: Amount,
    ownership: Percent,
    unit: Percent,
    months: u8,
    shared_with_spouse: bool,
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum FJurisdictionKind {
    State,
    DistrictOfColumbia,
    Local,
}

#[derive(Arbitrary, Debug)]
struct FJurisdiction {
    name: u8,
    kind: FJurisdictionKind,
    income: Amount,
    tax_paid: Amount,
    /// A city's state, picked from the same names (so it sometimes matches an entered state).
    state: u8,
}

#[derive(Arbitrary, Debug)]
struct FFederal {
    agi: Amount,
    earned_income: Amount,
    investment_income: Amount,
    dependent_care_credit: Amount,
    irs_eic_override: Option<Amount>,
    eic_claimed_federally: bool,
    mfs_eic_separated_spouse: bool,
}

#[derive(Arbitrary, Debug)]
struct FPayments {
    estimated: Vec<(Option<FDate>, Amount)>,
    extension: Amount,
    prior_year_overpayment: Amount,
    other_withholding: Amount,
}

#[derive(Arbitrary, Debug)]
struct FEntered {
    sheltered_workshop: Amount,
    gold_star: Amount,
    organ_donor_employer: Amount,
    estimated_tax_interest: Amount,
    shared_responsibility: Amount,
    wounded_warrior: Amount,
    bait: Amount,
}

#[derive(Arbitrary, Debug)]
struct FRefund {
    credit_to_next_year: Amount,
    contributions: Vec<(u8, Amount)>,
    gubernatorial_taxpayer: bool,
    gubernatorial_spouse: bool,
}

#[derive(Arbitrary, Debug)]
struct Input {
    year: FTaxYear,
    status: FStatus,
    /// Mostly full-year (0-239); 240-247 part-year, 248-255 nonresident (both refused by rule).
    residency: u8,
    spouse_death_year: Option<u16>,
    taxpayer: FPerson,
    spouse: Option<FPerson>,
    dependents: Vec<FDependent>,
    income: FIncome,
    deductions: FDeductions,
    homesteads: Vec<FHomestead>,
    jurisdictions: Vec<FJurisdiction>,
    federal: FFederal,
    payments: FPayments,
    entered: FEntered,
    use_tax: Amount,
    refund: FRefund,
    rate_schedule: bool,
}

/// At most [`MAX_ITEMS`] items, converted.
fn few<T, U>(items: &[T], f: impl FnMut(&T) -> U) -> Vec<U> {
    items.iter().take(MAX_ITEMS).map(f).collect()
}

fn share(s: &FShare, name: &str) -> PassThrough {
    PassThrough {
        owner: owner(s.owner),
        name: name.into(),
        share: s.amount.dec(),
    }
}

impl Input {
    fn answers(&self) -> Answers {
        let tax_year = match self.year {
            FTaxYear::Y2022 => 2022,
            FTaxYear::Y2023 => 2023,
            FTaxYear::Y2024 => 2024,
            FTaxYear::Y2025 => 2025,
            FTaxYear::Any(y) => y,
        };
        let i = &self.income;
        let d = &self.deductions;
        let e = &self.entered;
        Answers {
            tax_year,
            filing_status: match self.status {
                FStatus::Single => FilingStatus::Single,
                FStatus::Joint => FilingStatus::MarriedJoint,
                FStatus::Separate => FilingStatus::MarriedSeparate,
                FStatus::HeadOfHousehold => FilingStatus::HeadOfHousehold,
                FStatus::Widow => FilingStatus::QualifyingWidow,
            },
            residency: match self.residency {
                0..=239 => Residency::FullYearResident,
                240..=247 => Residency::PartYearResident,
                _ => Residency::Nonresident,
            },
            spouse_death_year: self.spouse_death_year,
            taxpayer: self.taxpayer.person("Test Taxpayer"),
            spouse: self.spouse.as_ref().map(|s| s.person("Test Spouse")),
            dependents: few(&self.dependents, |dep| Dependent {
                name: "Test Dependent".into(),
                ssn: "400-00-0002".into(),
                birth_date: date(dep.birth),
                relationship: match dep.relationship {
                    FRelationship::Child => Relationship::Child,
                    FRelationship::Stepchild => Relationship::Stepchild,
                    FRelationship::FosterChild => Relationship::FosterChild,
                    FRelationship::Sibling => Relationship::Sibling,
                    FRelationship::OtherDescendant => Relationship::OtherDescendant,
                    FRelationship::Parent => Relationship::Parent,
                    FRelationship::Other => Relationship::Other,
                },
                months_lived_with_you: dep.months,
                full_time_student: dep.full_time_student,
                disabled: dep.disabled,
                college_student_costs_paid: dep.college_student_costs_paid,
                no_health_insurance: dep.no_health_insurance,
            }),
            income: Income {
                w2s: few(&i.w2s, |w| {
                    let (employer, employer_id) = pick(EMPLOYERS, w.employer);
                    W2 {
                        owner: owner(w.owner),
                        employer: employer.into(),
                        employer_id: employer_id.into(),
                        state_wages: w.wages.dec(),
                        nj_tax_withheld: w.withheld.dec(),
                        ui_wf_swf: w.ui.dec(),
                        di: w.di.dec(),
                        fli: w.fli.dec(),
                        di_private_plan: w.di_private_plan,
                        fli_private_plan: w.fli_private_plan,
                    }
                }),
                interest: few(&i.interest, |x| Interest {
                    owner: owner(x.owner),
                    payer: "Bank".into(),
                    taxable_interest: x.taxable.dec(),
                    tax_exempt_interest: x.tax_exempt.dec(),
                    us_obligations: x.us_obligations.dec(),
                    nj_obligations: x.nj_obligations.dec(),
                }),
                dividends: few(&i.dividends, |x| Dividends {
                    owner: owner(x.owner),
                    payer: "Fund".into(),
                    ordinary_dividends: x.ordinary.dec(),
                    capital_gain_distributions: x.capital_gain_distributions.dec(),
                    exempt_interest_dividends: x.exempt_interest.dec(),
                    nj_exempt_fund_share: x.nj_exempt_share.dec(),
                }),
                retirement: few(&i.retirement, |x| Retirement {
                    owner: owner(x.owner),
                    payer: "Plan".into(),
                    kind: match x.kind {
                        FRetirementKind::Pension => RetirementKind::Pension,
                        FRetirementKind::Ira => RetirementKind::Ira,
                        FRetirementKind::Roth => RetirementKind::Roth,
                        FRetirementKind::MilitaryPension => RetirementKind::MilitaryPension,
                    },
                    gross_distribution: x.gross.dec(),
                    taxable_amount: x.taxable.dec(),
                    roth_qualified: x.roth_qualified,
                    rollover: x.rollover,
                    nj_tax_withheld: x.withheld.dec(),
                }),
                businesses: few(&i.businesses, |x| Business {
                    owner: owner(x.owner),
                    name: "Business".into(),
                    net_profit: x.net_profit.dec(),
                    farming: x.farming,
                }),
                property_sales: few(&i.property_sales, |x| PropertySale {
                    owner: owner(x.owner),
                    description: "Sale".into(),
                    gain_or_loss: x.gain_or_loss.dec(),
                    principal_residence: x.residence.map(|(used, no_prior, both)| ResidenceSale {
                        owned_and_used_2_of_5_years: used,
                        no_exclusion_in_prior_2_years: no_prior,
                        both_spouses_used: both,
                    }),
                }),
                partnerships: few(&i.partnerships, |x| share(x, "Partnership")),
                s_corporations: few(&i.s_corporations, |x| share(x, "S corporation")),
                rents: few(&i.rents, |x| Rental {
                    owner: owner(x.owner),
                    description: "Rental".into(),
                    net: x.amount.dec(),
                }),
                gambling: Gambling {
                    wins: few(&i.wins, |x| GamblingWin {
                        description: "Win".into(),
                        amount: x.amount.dec(),
                        nj_lottery: x.nj_lottery,
                    }),
                    losses: i.gambling_losses.dec(),
                },
                alimony_received: i.alimony_received.dec(),
                other: few(&i.other, |x| OtherIncome {
                    description: "Other".into(),
                    amount: x.dec(),
                }),
            },
            deductions: Deductions {
                medical_expenses: d.medical.dec(),
                archer_msa: d.archer_msa.dec(),
                self_employed_health_insurance: d.self_employed_health_insurance.dec(),
                alimony_paid: d.alimony_paid.dec(),
                conservation_contribution: d.conservation.dec(),
                health_enterprise_zone: d.health_enterprise_zone.dec(),
                alternative_business_carryforward: d.alternative_business_carryforward.dec(),
                organ_donation_costs: d.organ_donation.dec(),
                njbest_contributions: d.njbest.dec(),
                njclass_payments: d.njclass.dec(),
                nj_tuition_paid: d.tuition.dec(),
            },
            homesteads: few(&self.homesteads, |h| Homestead {
                description: "Home".into(),
                kind: if h.tenant {
                    HomesteadKind::Tenant
                } else {
                    HomesteadKind::Owner
                },
                property_taxes: h.property_taxes.dec(),
                rent_paid: h.rent_paid.dec(),
                ownership_percent: h.ownership.dec(),
                unit_percent: h.unit.dec(),
                months_occupied: h.months,
                shared_with_spouse_filing_separately: h.shared_with_spouse,
            }),
            other_jurisdictions: few(&self.jurisdictions, |j| OtherJurisdiction {
                name: pick(JURISDICTIONS, j.name).into(),
                kind: match j.kind {
                    FJurisdictionKind::State => JurisdictionKind::State,
                    FJurisdictionKind::DistrictOfColumbia => JurisdictionKind::DistrictOfColumbia,
                    FJurisdictionKind::Local => JurisdictionKind::Local,
                },
                income_taxed_by_both: j.income.dec(),
                tax_paid: j.tax_paid.dec(),
                state: pick(JURISDICTIONS, j.state).into(),
            }),
            federal: Federal {
                agi: self.federal.agi.dec(),
                earned_income: self.federal.earned_income.dec(),
                investment_income: self.federal.investment_income.dec(),
                dependent_care_credit: self.federal.dependent_care_credit.dec(),
                irs_eic_override: self.federal.irs_eic_override.map(Amount::dec),
                eic_claimed_federally: self.federal.eic_claimed_federally,
                mfs_eic_separated_spouse: self.federal.mfs_eic_separated_spouse,
            },
            payments: Payments {
                estimated: few(&self.payments.estimated, |(when, amount)| {
                    EstimatedPayment {
                        date: date(*when),
                        amount: amount.dec(),
                    }
                }),
                extension_payment: self.payments.extension.dec(),
                prior_year_overpayment: self.payments.prior_year_overpayment.dec(),
                other_withholding: self.payments.other_withholding.dec(),
            },
            entered: EnteredAmounts {
                sheltered_workshop_credit: e.sheltered_workshop.dec(),
                gold_star_credit: e.gold_star.dec(),
                organ_donor_employer_credit: e.organ_donor_employer.dec(),
                estimated_tax_interest: e.estimated_tax_interest.dec(),
                shared_responsibility_payment: e.shared_responsibility.dec(),
                wounded_warrior_credit: e.wounded_warrior.dec(),
                bait_credit: e.bait.dec(),
            },
            use_tax: self.use_tax.dec(),
            refund: RefundChoices {
                credit_to_next_year: self.refund.credit_to_next_year.dec(),
                contributions: few(&self.refund.contributions, |(fund, amount)| Contribution {
                    fund: pick(FUNDS, *fund).into(),
                    amount: amount.dec(),
                }),
                gubernatorial_fund_taxpayer: self.refund.gubernatorial_taxpayer,
                gubernatorial_fund_spouse: self.refund.gubernatorial_spouse,
            },
            options: Options {
                tax_method: if self.rate_schedule {
                    TaxMethod::RateSchedule
                } else {
                    TaxMethod::TableWhenAvailable
                },
            },
        }
    }
}

fuzz_target!(|input: Input| {
    let answers = input.answers();
    check_return(&answers);
    check_round_trip(&Draft {
        format_version: FORMAT_VERSION,
        answers,
    });
});
