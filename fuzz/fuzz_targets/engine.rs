//! Structure-aware engine target: `arbitrary` mirror structs become a full `Answers` (every
//! income, deduction, homestead, payment and contribution kind; amounts from realistic cents to
//! `Decimal::MAX`/`MIN`, negative where the engine must cope), with each person's New Jersey
//! residency (full year, part year with dates in, outside or across the tax year, never), each
//! item's part-year/nonresident sourcing and the spouses' elections. Every return the draft
//! produces is computed and checked against the return invariants, then the draft is written and
//! read back.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use njtax_engine::answers::{
    AccountType, ApprenticeshipProgram, BaitShare, Business, BusinessCredits, CareExpenses,
    CarryoverEntry, CertifiedCredit, Contribution, Coverage, CreditKind, Date, Deductions,
    Dependent, DirectDeposit, Dividends, EmergingTechInvestment, EnteredAmounts, EntityCreditShare,
    EntityKind, EpdAnalysis, EstimatedPayment, EstimatedTaxFacts, Federal, FilingDates,
    FilingStatus, Gambling, GamblingWin, HealthCoverage, Homestead, HomesteadKind, HomesteadTitle,
    ImpairedEmployeeCertificate, ImpairedEmployeeEstimate, Income, IncomeByPeriod, Interest,
    JurisdictionKind, MinimumWageEmployerType, NextYearPlan, NjResidency, Options, OrganDonorLeave,
    OtherIncome, OtherIncomeCategory, OtherJurisdiction, Owner, PassThrough, Payments, Person,
    PlanBasis, PropertySale, PropertyUse, QualifyingPersons, RefundChoices, Relationship, Rental,
    ResidenceSale, ResidencyKind, Retirement, RetirementKind, RolloverDestination,
    ShelteredWorkshopBusiness, ShelteredWorkshopEmployee, Sourcing, TaxMethod,
    UnitConcretePurchase, VeteranCare, W2, WageTaxJudgment, WithholdingTiming,
};
use njtax_engine::money::round_cents;
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

/// States of residence while not a New Jersey resident: the reciprocity state by name and
/// abbreviation (and oddly typed), other states, and none.
const OTHER_STATES: &[&str] = &[
    "Pennsylvania",
    "PA",
    "New York",
    "",
    "pennsylvania ",
    "NY",
    "Delaware",
];

/// Routing numbers: valid ones, a wrong check digit, a bad prefix, wrong lengths, a letter,
/// empty, non-ASCII digits.
const ROUTING_NUMBERS: &[&str] = &[
    "021000021",
    "011000015",
    "021000022",
    "130000006",
    "02100002",
    "0210000210",
    "02100002A",
    "",
    "٠٢١٠٠٠٠٢١",
];

/// Account numbers: 1 and 17 digits, 18 digits, a hyphen, empty, spaces.
const ACCOUNT_NUMBERS: &[&str] = &[
    "1",
    "12345678901234567",
    "123456789012345678",
    "1234-5678",
    "",
    " 0012345 ",
];

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

/// A residency date: mostly in the tax year, sometimes the year before or after, or any date.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum FMoveDate {
    InYear(u8, u8),
    YearBefore(u8, u8),
    YearAfter(u8, u8),
    Any(FDate),
}

impl FMoveDate {
    fn date(self, tax_year: u16) -> Option<Date> {
        let (year, month, day) = match self {
            Self::InYear(m, d) => (tax_year, m, d),
            Self::YearBefore(m, d) => (tax_year.wrapping_sub(1), m, d),
            Self::YearAfter(m, d) => (tax_year.wrapping_add(1), m, d),
            Self::Any(d) => return d.date(),
        };
        Date::new(year, month % 12 + 1, day % 31 + 1)
    }
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum FResidencyKind {
    FullYear,
    PartYear,
    Never,
}

/// A person's residency; the dates are given whatever the kind (the engine must ignore them for
/// a full-year resident or a nonresident), possibly reversed or outside the year.
#[derive(Arbitrary, Debug, Clone, Copy)]
struct FResidency {
    kind: FResidencyKind,
    from: Option<FMoveDate>,
    to: Option<FMoveDate>,
    other_state: u8,
}

impl FResidency {
    fn residency(self, tax_year: u16) -> NjResidency {
        NjResidency {
            kind: match self.kind {
                FResidencyKind::FullYear => ResidencyKind::FullYear,
                FResidencyKind::PartYear => ResidencyKind::PartYear,
                FResidencyKind::Never => ResidencyKind::Never,
            },
            resident_from: self.from.and_then(|d| d.date(tax_year)),
            resident_to: self.to.and_then(|d| d.date(tax_year)),
            other_state: pick(OTHER_STATES, self.other_state).into(),
        }
    }
}

/// A part of an item's amount: none, all, a fraction (n/255 of it, to the cent) or any amount.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum FPart {
    Zero,
    All,
    Fraction(u8),
    Any(Amount),
}

impl FPart {
    fn of(self, whole: Decimal) -> Decimal {
        match self {
            Self::Zero => Decimal::ZERO,
            Self::All => whole,
            Self::Fraction(n) => whole
                .checked_mul(Decimal::from(n))
                .and_then(|v| v.checked_div(Decimal::from(255)))
                .map_or(whole, round_cents),
            Self::Any(a) => a.dec(),
        }
    }
}

/// An item's sourcing: the nonresident-period part (of the amount), its New Jersey-source part
/// (of that part, or not given), and the nonresident-period withholding (of the withholding).
#[derive(Arbitrary, Debug, Clone, Copy)]
struct FSourcing {
    nonresident_period: FPart,
    nj_source: Option<FPart>,
    withheld: FPart,
}

impl FSourcing {
    fn sourcing(self, amount: Decimal, withheld: Decimal) -> Sourcing {
        let nonresident_period = self.nonresident_period.of(amount);
        Sourcing {
            nonresident_period,
            nj_source: self.nj_source.map(|p| p.of(nonresident_period)),
            nonresident_period_withheld: self.withheld.of(withheld),
        }
    }
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum FStatus {
    Single,
    Joint,
    Separate,
    HeadOfHousehold,
    Widow,
}

/// The tax year: one of the supported years (`forms/years.ron`, by position), or (rarely) any
/// year, which must be refused unless it is supported.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum FTaxYear {
    Supported(u8),
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
    residency: FResidency,
    coverage: FCoverage,
}

/// Months without coverage and months exempt, as bit masks (bit 0 = January).
#[derive(Arbitrary, Debug, Clone, Copy)]
struct FCoverage {
    without: u16,
    exempt: u16,
}

impl FCoverage {
    fn coverage(self) -> Coverage {
        // Bits 12-15 give month numbers 13-16, which the engine must refuse.
        let months = |mask: u16| {
            (0..16u8)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| i + 1)
                .collect()
        };
        Coverage {
            months_without_coverage: months(self.without),
            exempt_months: months(self.exempt),
            exemption_number: if self.exempt == 0 {
                String::new()
            } else {
                "E-1".into()
            },
        }
    }
}

impl FPerson {
    fn person(&self, name: &str, tax_year: u16) -> Person {
        Person {
            name: name.into(),
            ssn: "400-00-0001".into(),
            birth_date: date(self.birth),
            blind_or_disabled: self.blind_or_disabled,
            veteran: self.veteran,
            never_eligible_social_security: self.never_eligible_social_security,
            claimed_as_dependent: self.claimed_as_dependent,
            date_of_death: date(self.death),
            residency: self.residency.residency(tax_year),
            coverage: self.coverage.coverage(),
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
    claimed_by: FOwner,
    coverage: FCoverage,
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
    days_worked: u16,
    nj_days_worked: u16,
    employer_in_nj: bool,
    convenience_days: u16,
    sourcing: FSourcing,
}

#[derive(Arbitrary, Debug)]
struct FInterest {
    owner: FOwner,
    taxable: Amount,
    tax_exempt: Amount,
    us_obligations: Amount,
    nj_obligations: Amount,
    sourcing: FSourcing,
}

#[derive(Arbitrary, Debug)]
struct FDividends {
    owner: FOwner,
    ordinary: Amount,
    capital_gain_distributions: Amount,
    exempt_interest: Amount,
    nj_exempt_share: Amount,
    sourcing: FSourcing,
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
    destination: u8,
    conversion_basis: Amount,
    withheld: Amount,
    sourcing: FSourcing,
}

#[derive(Arbitrary, Debug)]
struct FBusiness {
    owner: FOwner,
    net_profit: Amount,
    farming: bool,
    sourcing: FSourcing,
}

#[derive(Arbitrary, Debug)]
struct FSale {
    owner: FOwner,
    gain_or_loss: Amount,
    /// Principal residence: (2 of 5 years, no exclusion in prior 2 years, both spouses used).
    residence: Option<(bool, bool, bool)>,
    sourcing: FSourcing,
}

#[derive(Arbitrary, Debug)]
struct FShare {
    owner: FOwner,
    amount: Amount,
    sourcing: FSourcing,
}

#[derive(Arbitrary, Debug)]
struct FWin {
    amount: Amount,
    nj_lottery: bool,
    sourcing: FSourcing,
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
    gambling_losses_nonresident_period: FPart,
    gambling_losses_nj_source: FPart,
    alimony_received: Amount,
    alimony_received_nonresident_period: FPart,
    other: Vec<(Amount, u8, FSourcing)>,
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
    title: u8,
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
    entity_level_tax: bool,
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
    care: Option<FCare>,
}

/// Form 2441 facts (months are any u8: above 12 is a wrong answer the engine must survive).
#[derive(Arbitrary, Debug)]
struct FCare {
    expenses: Amount,
    persons: Option<bool>,
    benefits_received: Amount,
    benefits_carried_over: Amount,
    benefits_forfeited: Amount,
    taxpayer_earned_income: Option<Amount>,
    spouse_earned_income: Option<Amount>,
    taxpayer_months: u8,
    spouse_months: u8,
    prior_year_credit: Amount,
    tax_limit: Option<Amount>,
}

#[derive(Arbitrary, Debug)]
struct FPayments {
    estimated: Vec<(Option<FDate>, Amount)>,
    extension: Amount,
    prior_year_overpayment: Amount,
    other_withholding: Amount,
    partnership_tax_paid: Amount,
    s_corp_tax_paid: Amount,
}

/// Every credit kind, picked by a byte.
const CREDIT_KINDS: &[CreditKind] = &[
    CreditKind::ShelteredWorkshop,
    CreditKind::GoldStar,
    CreditKind::OrganDonorEmployer,
    CreditKind::ImpairedEmployee,
    CreditKind::Apprenticeship,
    CreditKind::PersonalProtectiveEquipment,
    CreditKind::UnitConcrete,
    CreditKind::LowCarbonConcrete,
    CreditKind::EnvironmentalProductDeclaration,
    CreditKind::FilmDigitalMedia,
    CreditKind::EmergingTechnology,
    CreditKind::WageTaxRefundDenied,
    CreditKind::WoundedWarriorCaregiver,
    CreditKind::PassThroughBait,
];

/// Business names employees may point at (some match an entered business, some not).
const SW_BUSINESSES: &[&str] = &["Shore Crafts", "Pine Print Shop", "", "Nowhere"];

/// One item of a business-credit list: an owner, a few amounts, a few small numbers and flags,
/// interpreted per list.
#[derive(Arbitrary, Debug)]
struct FCreditItem {
    owner: FOwner,
    kind: u8,
    name: u8,
    a: Amount,
    b: Amount,
    c: Amount,
    d: Amount,
    n: u16,
    m: u8,
    f1: bool,
    f2: bool,
}

#[derive(Arbitrary, Debug)]
struct FBusinessCredits {
    sw_businesses: Vec<FCreditItem>,
    sw_employees: Vec<FCreditItem>,
    certificates: Vec<FCreditItem>,
    estimates: Vec<FCreditItem>,
    organ: Vec<FCreditItem>,
    certified: Vec<FCreditItem>,
    care: Vec<FCreditItem>,
    apprenticeship: Vec<FCreditItem>,
    concrete: Vec<FCreditItem>,
    epd: Vec<FCreditItem>,
    emerging: Vec<FCreditItem>,
    judgments: Vec<FCreditItem>,
    bait: Vec<FCreditItem>,
    shares: Vec<FCreditItem>,
    carryovers: Vec<FCreditItem>,
}

impl FBusinessCredits {
    /// `year` is the draft's tax year (certificates and carryovers cluster around it).
    fn credits(&self, year: u16) -> BusinessCredits {
        let near = |n: u16| year.wrapping_sub(9).wrapping_add(n % 12);
        BusinessCredits {
            sheltered_workshop_businesses: few(&self.sw_businesses, |x| {
                ShelteredWorkshopBusiness {
                    owner: owner(x.owner),
                    name: pick(SW_BUSINESSES, x.name).into(),
                    nj_source_income: x.a.dec(),
                }
            }),
            sheltered_workshop_employees: few(&self.sw_employees, |x| ShelteredWorkshopEmployee {
                owner: owner(x.owner),
                name: "Employee".into(),
                business: pick(SW_BUSINESSES, x.name).into(),
                wages_paid: x.a.dec(),
                weeks_of_25_hours: u32::from(x.m),
                special_license: x.f1,
            }),
            impaired_employee_certificates: few(&self.certificates, |x| {
                ImpairedEmployeeCertificate {
                    owner: owner(x.owner),
                    certificate: "C-1".into(),
                    certificate_year: if x.f1 { year } else { near(x.n) },
                    certified_amount: x.a.dec(),
                    counted_in_another_credit: x.b.dec(),
                }
            }),
            impaired_employee_estimates: few(&self.estimates, |x| ImpairedEmployeeEstimate {
                owner: owner(x.owner),
                name: "Employee".into(),
                employer_type: if x.f1 {
                    MinimumWageEmployerType::General
                } else {
                    MinimumWageEmployerType::SmallOrSeasonal
                },
                hours_last_year: x.a.dec(),
                wages_last_year: x.b.dec(),
                payroll_taxes_last_year: x.c.dec(),
                hours_this_year: x.d.dec(),
                minimum_wage_this_year: Decimal::new(i64::from(x.n), 2),
                minimum_wage_last_year: Decimal::new(i64::from(x.n) - i64::from(x.m), 2),
                payroll_tax_rate_this_year: Decimal::new(i64::from(x.m), 3),
                state_increase_without_law: Decimal::new(i64::from(x.kind), 2),
                federal_increase: Decimal::new(i64::from(x.name), 2),
                months_employed: x.f2.then_some(x.m % 14),
            }),
            organ_donor_leaves: few(&self.organ, |x| OrganDonorLeave {
                owner: owner(x.owner),
                employee: "Employee".into(),
                days_missed: u32::from(x.m),
                salary_for_days_missed: x.a.dec(),
                additional_paid_leave: x.f1,
            }),
            certified: few(&self.certified, |x| CertifiedCredit {
                owner: owner(x.owner),
                credit: pick(CREDIT_KINDS, x.kind),
                description: "Certificate".into(),
                amount: x.a.dec(),
                cost_base: x.b.dec(),
                low_embodied_carbon: x.f1,
                carbon_capture: x.f2,
            }),
            veteran_care: few(&self.care, |x| VeteranCare {
                owner: owner(x.owner),
                veteran: "Veteran".into(),
                federal_disability_compensation: x.a.dec(),
                qualified_service_member: x.f1,
                months_resided_with_you: x.m % 14,
                relative: x.f2,
                your_care_expenses: x.b.dec(),
                all_caregivers_care_expenses: x.c.dec(),
            }),
            apprenticeship: few(&self.apprenticeship, |x| ApprenticeshipProgram {
                owner: owner(x.owner),
                program: "Program".into(),
                start_up_costs: x.a.dec(),
                key_industry: x.f1,
                approved: x.f2,
            }),
            unit_concrete: few(&self.concrete, |x| UnitConcretePurchase {
                owner: owner(x.owner),
                property: "Home".into(),
                property_use: if x.f1 {
                    PropertyUse::Residential
                } else {
                    PropertyUse::Commercial
                },
                square_feet: x.a.dec(),
                receipts_and_affidavit: x.f2,
            }),
            epd_analyses: few(&self.epd, |x| EpdAnalysis {
                owner: owner(x.owner),
                facility: "Plant".into(),
                cost: x.a.dec(),
                certificate_issued: x.f1,
            }),
            emerging_technology: few(&self.emerging, |x| EmergingTechInvestment {
                owner: owner(x.owner),
                business: "Startup".into(),
                investment: x.a.dec(),
                increased_rate: x.f1,
                approved: x.f2,
                applied_in: (x.m % 2 == 1).then(|| 2020 + u16::from(x.m % 8)),
            }),
            wage_tax_judgments: few(&self.judgments, |x| WageTaxJudgment {
                owner: owner(x.owner),
                jurisdiction: "New York".into(),
                nj_tax_from_readjustment: x.a.dec(),
                final_judgment: x.f1,
            }),
            bait_shares: few(&self.bait, |x| BaitShare {
                owner: owner(x.owner),
                entity: "Partners LP".into(),
                share_of_tax_paid: x.a.dec(),
            }),
            entity_shares: few(&self.shares, |x| EntityCreditShare {
                owner: owner(x.owner),
                credit: pick(CREDIT_KINDS, x.kind),
                entity: "Partners LP".into(),
                entity_kind: if x.f1 {
                    EntityKind::Partnership
                } else {
                    EntityKind::SCorporation
                },
                entity_credit: x.a.dec(),
                your_share_of_income: x.b.dec(),
                entity_total_income: x.c.dec(),
                nj_source_income: x.d.dec(),
            }),
            carryovers: few(&self.carryovers, |x| CarryoverEntry {
                owner: owner(x.owner),
                credit: pick(CREDIT_KINDS, x.kind),
                origin_year: if x.f1 { near(x.n) } else { x.n },
                remaining: x.a.dec(),
            }),
        }
    }
}

#[derive(Arbitrary, Debug)]
struct FEstimatedTax {
    prior_year_tax: Option<Amount>,
    prior_year_taxable_income: Option<Amount>,
    prior_year_married_separately: bool,
    use_annualized_income: bool,
    periods: [Amount; 4],
    withholding_by_period: Option<[Amount; 4]>,
    interest_override: Option<Amount>,
}

impl FEstimatedTax {
    fn facts(&self) -> EstimatedTaxFacts {
        EstimatedTaxFacts {
            prior_year_tax: self.prior_year_tax.map(Amount::dec),
            prior_year_taxable_income: self.prior_year_taxable_income.map(Amount::dec),
            prior_year_married_separately: self.prior_year_married_separately,
            use_annualized_income: self.use_annualized_income,
            income_by_period: IncomeByPeriod {
                through_march: self.periods[0].dec(),
                through_may: self.periods[1].dec(),
                through_august: self.periods[2].dec(),
                through_december: self.periods[3].dec(),
            },
            withholding_timing: match self.withholding_by_period {
                Some([a, b, c, d]) => WithholdingTiming {
                    actual: true,
                    by_april: a.dec(),
                    by_june: b.dec(),
                    by_september: c.dec(),
                    by_january: d.dec(),
                },
                None => WithholdingTiming::default(),
            },
            interest_override: self.interest_override.map(Amount::dec),
        }
    }
}

#[derive(Arbitrary, Debug)]
struct FFiling {
    extension: bool,
    filed_on: Option<FMoveDate>,
    paid_on: Option<FMoveDate>,
}

#[derive(Arbitrary, Debug)]
struct FNextYear {
    projected: bool,
    projected_tax: Amount,
    expected_withholding: Amount,
}

#[derive(Arbitrary, Debug)]
struct FHealth {
    someone_uninsured_now: bool,
    share_with_get_covered_nj: bool,
    dependents_income: Amount,
    federal_payment: Amount,
    bronze_premium_override: Option<Amount>,
    payment_override: Option<Amount>,
}

#[derive(Arbitrary, Debug)]
struct FRefund {
    credit_to_next_year: Amount,
    contributions: Vec<(u8, Amount)>,
    gubernatorial_taxpayer: bool,
    gubernatorial_spouse: bool,
    direct_deposit: Option<FDeposit>,
}

#[derive(Arbitrary, Debug)]
struct FDeposit {
    routing: u8,
    account: u8,
    account_type: u8,
    outside_us: bool,
}

#[derive(Arbitrary, Debug)]
struct Input {
    /// The "Your year" answers (format 9): topic ids, known and unknown, with Yes or No.
    topics: Vec<(u8, bool)>,
    year: FTaxYear,
    status: FStatus,
    both_residents_election: bool,
    nonresident_joint_election: bool,
    spouse_death_year: Option<u16>,
    domestic_partner: Option<bool>,
    last_year_gross_income: Option<Amount>,
    taxpayer: FPerson,
    spouse: Option<FPerson>,
    dependents: Vec<FDependent>,
    income: FIncome,
    deductions: FDeductions,
    deductions_while_nonresident: FDeductions,
    homesteads: Vec<FHomestead>,
    jurisdictions: Vec<FJurisdiction>,
    federal: FFederal,
    payments: FPayments,
    business_credits: FBusinessCredits,
    estimated_tax: FEstimatedTax,
    filing: FFiling,
    next_year: FNextYear,
    health: FHealth,
    use_tax: Amount,
    refund: FRefund,
    rate_schedule: bool,
}

/// At most [`MAX_ITEMS`] items, converted.
fn few<T, U>(items: &[T], f: impl FnMut(&T) -> U) -> Vec<U> {
    items.iter().take(MAX_ITEMS).map(f).collect()
}

fn share(s: &FShare, name: &str) -> PassThrough {
    let share = s.amount.dec();
    PassThrough {
        owner: owner(s.owner),
        name: name.into(),
        share,
        sourcing: s.sourcing.sourcing(share, Decimal::ZERO),
    }
}

impl FDeductions {
    fn deductions(&self) -> Deductions {
        Deductions {
            medical_expenses: self.medical.dec(),
            archer_msa: self.archer_msa.dec(),
            self_employed_health_insurance: self.self_employed_health_insurance.dec(),
            alimony_paid: self.alimony_paid.dec(),
            conservation_contribution: self.conservation.dec(),
            health_enterprise_zone: self.health_enterprise_zone.dec(),
            alternative_business_carryforward: self.alternative_business_carryforward.dec(),
            organ_donation_costs: self.organ_donation.dec(),
            organ_donation_other_year: self.organ_donation.dec(),
            njbest_contributions: self.njbest.dec(),
            njclass_payments: self.njclass.dec(),
            nj_tuition_paid: self.tuition.dec(),
        }
    }
}

impl Input {
    fn answers(&self) -> Answers {
        let tax_year = match self.year {
            FTaxYear::Supported(i) => {
                let years = njtax_fuzz::book().years();
                years
                    .get(usize::from(i) % years.len().max(1))
                    .map_or(0, |y| y.year)
            }
            FTaxYear::Any(y) => y,
        };
        let i = &self.income;
        let gambling_losses = i.gambling_losses.dec();
        let gambling_losses_nonresident_period =
            i.gambling_losses_nonresident_period.of(gambling_losses);
        let alimony_received = i.alimony_received.dec();
        Answers {
            tax_year,
            filing_status: match self.status {
                FStatus::Single => FilingStatus::Single,
                FStatus::Joint => FilingStatus::MarriedJoint,
                FStatus::Separate => FilingStatus::MarriedSeparate,
                FStatus::HeadOfHousehold => FilingStatus::HeadOfHousehold,
                FStatus::Widow => FilingStatus::QualifyingWidow,
            },
            // Read from format-1 drafts only, never written: a fuzzed value could not round-trip.
            legacy_residency: None,
            both_residents_election: self.both_residents_election,
            nonresident_joint_election: self.nonresident_joint_election,
            spouse_death_year: self.spouse_death_year,
            taxpayer: self.taxpayer.person("Test Taxpayer", tax_year),
            spouse: self
                .spouse
                .as_ref()
                .map(|s| s.person("Test Spouse", tax_year)),
            domestic_partner: self.domestic_partner.map(|does_not_file_separately| {
                njtax_engine::answers::DomesticPartner {
                    name: "Test Partner".into(),
                    does_not_file_separately,
                }
            }),
            // The address is printed, never computed with: a fixed one (or none) is enough here;
            // the round trip still covers its serialisation.
            address: if self.both_residents_election {
                njtax_engine::answers::Address::default()
            } else {
                njtax_engine::answers::Address {
                    street: "1 Test Street".into(),
                    city: "Trenton".into(),
                    state: "NJ".into(),
                    zip: "08608".into(),
                    municipality_code: "1111".into(),
                    ..Default::default()
                }
            },
            last_year: njtax_engine::answers::LastYear {
                nj_gross_income: self.last_year_gross_income.map(Amount::dec),
            },
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
                claimed_by: owner(dep.claimed_by),
                months_lived_with_you: dep.months,
                full_time_student: dep.full_time_student,
                disabled: dep.disabled,
                college_student_costs_paid: dep.college_student_costs_paid,
                no_health_insurance: dep.no_health_insurance,
                coverage: dep.coverage.coverage(),
            }),
            income: Income {
                w2s: few(&i.w2s, |w| {
                    let (employer, employer_id) = pick(EMPLOYERS, w.employer);
                    let (wages, withheld) = (w.wages.dec(), w.withheld.dec());
                    W2 {
                        owner: owner(w.owner),
                        employer: employer.into(),
                        employer_id: employer_id.into(),
                        state_wages: wages,
                        nj_tax_withheld: withheld,
                        ui_wf_swf: w.ui.dec(),
                        di: w.di.dec(),
                        fli: w.fli.dec(),
                        di_private_plan: w.di_private_plan,
                        fli_private_plan: w.fli_private_plan,
                        days_worked: w.days_worked,
                        nj_days_worked: w.nj_days_worked,
                        employer_in_nj: w.employer_in_nj,
                        convenience_days: w.convenience_days,
                        sourcing: w.sourcing.sourcing(wages, withheld),
                    }
                }),
                interest: few(&i.interest, |x| Interest {
                    owner: owner(x.owner),
                    payer: "Bank".into(),
                    taxable_interest: x.taxable.dec(),
                    tax_exempt_interest: x.tax_exempt.dec(),
                    us_obligations: x.us_obligations.dec(),
                    nj_obligations: x.nj_obligations.dec(),
                    sourcing: x.sourcing.sourcing(x.taxable.dec(), Decimal::ZERO),
                }),
                dividends: few(&i.dividends, |x| Dividends {
                    owner: owner(x.owner),
                    payer: "Fund".into(),
                    ordinary_dividends: x.ordinary.dec(),
                    capital_gain_distributions: x.capital_gain_distributions.dec(),
                    exempt_interest_dividends: x.exempt_interest.dec(),
                    nj_exempt_fund_share: x.nj_exempt_share.dec(),
                    sourcing: x.sourcing.sourcing(x.ordinary.dec(), Decimal::ZERO),
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
                    destination: match x.destination % 3 {
                        0 => RolloverDestination::NotRolledOver,
                        1 => RolloverDestination::OtherPlanOrIra,
                        _ => RolloverDestination::RothConversion,
                    },
                    conversion_nj_basis: x.conversion_basis.dec(),
                    legacy_rollover: false,
                    disability_pension: x.roth_qualified && x.destination % 3 == 0,
                    destination_to_confirm: x.destination % 5 == 1,
                    nj_tax_withheld: x.withheld.dec(),
                    sourcing: x.sourcing.sourcing(x.taxable.dec(), x.withheld.dec()),
                }),
                businesses: few(&i.businesses, |x| Business {
                    owner: owner(x.owner),
                    name: "Business".into(),
                    net_profit: x.net_profit.dec(),
                    farming: x.farming,
                    sourcing: x.sourcing.sourcing(x.net_profit.dec(), Decimal::ZERO),
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
                    sourcing: x.sourcing.sourcing(x.gain_or_loss.dec(), Decimal::ZERO),
                }),
                partnerships: few(&i.partnerships, |x| share(x, "Partnership")),
                s_corporations: few(&i.s_corporations, |x| share(x, "S corporation")),
                rents: few(&i.rents, |x| Rental {
                    owner: owner(x.owner),
                    description: "Rental".into(),
                    net: x.amount.dec(),
                    sourcing: x.sourcing.sourcing(x.amount.dec(), Decimal::ZERO),
                }),
                gambling: Gambling {
                    wins: few(&i.wins, |x| GamblingWin {
                        description: "Win".into(),
                        amount: x.amount.dec(),
                        nj_lottery: x.nj_lottery,
                        sourcing: x.sourcing.sourcing(x.amount.dec(), Decimal::ZERO),
                    }),
                    losses: gambling_losses,
                    losses_nonresident_period: gambling_losses_nonresident_period,
                    losses_nj_source: i
                        .gambling_losses_nj_source
                        .of(gambling_losses_nonresident_period),
                },
                alimony_received,
                alimony_received_nonresident_period: i
                    .alimony_received_nonresident_period
                    .of(alimony_received),
                other: few(&i.other, |(amount, category, sourcing)| OtherIncome {
                    description: "Other".into(),
                    category: match category % 6 {
                        0 => OtherIncomeCategory::NotChosen,
                        1 => OtherIncomeCategory::EstateOrTrust,
                        2 => OtherIncomeCategory::IncomeInRespectOfDecedent,
                        3 => OtherIncomeCategory::PrizesAndAwards,
                        4 => OtherIncomeCategory::EmployerHousing,
                        _ => OtherIncomeCategory::CriminalActivity,
                    },
                    amount: amount.dec(),
                    sourcing: sourcing.sourcing(amount.dec(), Decimal::ZERO),
                }),
            },
            deductions: self.deductions.deductions(),
            deductions_while_nonresident: self.deductions_while_nonresident.deductions(),
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
                title: match h.title % 3 {
                    0 => HomesteadTitle::Yours,
                    1 => HomesteadTitle::ByTheEntirety,
                    _ => HomesteadTitle::SpouseOnly,
                },
                shared_with_spouse_filing_separately: h.shared_with_spouse,
                title_to_confirm: h.title % 4 == 1,
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
                entity_level_tax: j.entity_level_tax,
                tax_due_notice_on: Date::new(2026, 1 + j.state % 12, 1 + j.name % 28),
            }),
            federal: Federal {
                agi: self.federal.agi.dec(),
                earned_income: self.federal.earned_income.dec(),
                investment_income: self.federal.investment_income.dec(),
                dependent_care_credit: self.federal.dependent_care_credit.dec(),
                irs_eic_override: self.federal.irs_eic_override.map(Amount::dec),
                eic_claimed_federally: self.federal.eic_claimed_federally,
                mfs_eic_separated_spouse: self.federal.mfs_eic_separated_spouse,
                care: self.federal.care.as_ref().map(|c| CareExpenses {
                    expenses: c.expenses.dec(),
                    qualifying_persons: c.persons.map(|two| {
                        if two {
                            QualifyingPersons::TwoOrMore
                        } else {
                            QualifyingPersons::One
                        }
                    }),
                    benefits_received: c.benefits_received.dec(),
                    benefits_carried_over: c.benefits_carried_over.dec(),
                    benefits_forfeited: c.benefits_forfeited.dec(),
                    taxpayer_earned_income: c.taxpayer_earned_income.map(Amount::dec),
                    spouse_earned_income: c.spouse_earned_income.map(Amount::dec),
                    taxpayer_student_or_disabled_months: c.taxpayer_months,
                    spouse_student_or_disabled_months: c.spouse_months,
                    prior_year_credit: c.prior_year_credit.dec(),
                    tax_limit: c.tax_limit.map(Amount::dec),
                }),
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
                partnership_tax_paid: self.payments.partnership_tax_paid.dec(),
                s_corp_tax_paid: self.payments.s_corp_tax_paid.dec(),
            },
            business_credits: self.business_credits.credits(tax_year),
            estimated_tax: self.estimated_tax.facts(),
            filing: FilingDates {
                extension: self.filing.extension,
                filed_on: self
                    .filing
                    .filed_on
                    .and_then(|d| d.date(tax_year.wrapping_add(1))),
                paid_on: self
                    .filing
                    .paid_on
                    .and_then(|d| d.date(tax_year.wrapping_add(1))),
            },
            next_year: NextYearPlan {
                basis: if self.next_year.projected {
                    PlanBasis::Projected
                } else {
                    PlanBasis::ThisYearsTax
                },
                projected_tax: self.next_year.projected_tax.dec(),
                expected_withholding: self.next_year.expected_withholding.dec(),
            },
            health: HealthCoverage {
                someone_uninsured_now: self.health.someone_uninsured_now,
                share_with_get_covered_nj: self.health.share_with_get_covered_nj,
                dependents_income: self.health.dependents_income.dec(),
                federal_payment: self.health.federal_payment.dec(),
                bronze_premium_override: self.health.bronze_premium_override.map(Amount::dec),
                payment_override: self.health.payment_override.map(Amount::dec),
            },
            // Only older formats' typed amounts live here (read, moved, never written): a
            // generated value could not round-trip.
            entered: EnteredAmounts::default(),
            use_tax: self.use_tax.dec(),
            refund: RefundChoices {
                credit_to_next_year: self.refund.credit_to_next_year.dec(),
                contributions: few(&self.refund.contributions, |(fund, amount)| Contribution {
                    fund: pick(FUNDS, *fund).into(),
                    amount: amount.dec(),
                }),
                gubernatorial_fund_taxpayer: self.refund.gubernatorial_taxpayer,
                gubernatorial_fund_spouse: self.refund.gubernatorial_spouse,
                direct_deposit: self.refund.direct_deposit.as_ref().map(|d| DirectDeposit {
                    routing_number: pick(ROUTING_NUMBERS, d.routing).into(),
                    account_number: pick(ACCOUNT_NUMBERS, d.account).into(),
                    account_type: pick(
                        &[
                            AccountType::NotChosen,
                            AccountType::Checking,
                            AccountType::Savings,
                        ],
                        d.account_type,
                    ),
                    outside_us: d.outside_us,
                }),
            },
            options: Options {
                tax_method: if self.rate_schedule {
                    TaxMethod::RateSchedule
                } else {
                    TaxMethod::TableWhenAvailable
                },
            },
            // Text typed that could not be read (format 7): its error and its round trip, with
            // quotes and a non-ASCII letter in the text.
            unreadable: if self.nonresident_joint_election {
                std::iter::once((
                    "income.w2s[0].state_wages".to_owned(),
                    njtax_engine::answers::Unreadable {
                        typed: "58,4OO \"é\"".into(),
                        field: "W-2: State wages (box 16)".into(),
                        problem: "The letter O is not a digit".into(),
                    },
                ))
                .collect()
            } else {
                Default::default()
            },
            topics: self
                .topics
                .iter()
                .take(5)
                .map(|(id, yes)| {
                    let ids = [
                        "property",
                        "business",
                        "coverage",
                        "estimates",
                        "not_a_topic",
                    ];
                    (pick(&ids, *id).to_owned(), *yes)
                })
                .collect(),
            amends: None,
            clinic: None,
            digital_assets: match self.topics.len() % 3 {
                0 => None,
                1 => Some(true),
                _ => Some(false),
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
