//! Answers for the employer and business credits (N.J.S.A. 54A:4-1 f, 4-1.1, 4-11 to 4-24, 12-5)
//! and the carryover ledger. Re-exported from [`crate::answers`].
//!
//! Every list item has an `owner`, so spouses who file separately each keep their own credits.
//! Names here are labels the filer chooses (an employee's first name, a certificate number); the
//! app never asks for an employee's Social Security number.

use serde::{Deserialize, Serialize};

use super::owner::Owner;
use crate::money::Money;

/// Which credit an amount belongs to. The catalogue of each credit's rules (refundable, place in
/// the order, carryover years, form line) is data: `forms/params/business_credits.ron`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum CreditKind {
    /// Employment of persons with disabilities at a sheltered workshop (54A:4-11; NJ-1040 line 46).
    #[default]
    ShelteredWorkshop,
    /// Gold Star Family Counseling Program (54A:4-16; line 47).
    GoldStar,
    /// Employer of an organ or bone-marrow donor (54A:4-20; line 48).
    OrganDonorEmployer,
    /// Employer of employees with impairments (54A:4-18; P.L.2019, c.32, s.6).
    ImpairedEmployee,
    /// Apprenticeship program start-up costs (54A:4-19).
    Apprenticeship,
    /// Personal protective equipment manufacturing (54A:4-21; tax years 2020-2022).
    PersonalProtectiveEquipment,
    /// Unit concrete products with carbon footprint-reducing technology (54A:4-22).
    UnitConcrete,
    /// Low embodied carbon concrete / carbon capture concrete producers (54A:4-23).
    LowCarbonConcrete,
    /// Environmental product declaration analyses (54A:4-24).
    EnvironmentalProductDeclaration,
    /// Film and digital media content production (54A:4-12b).
    FilmDigitalMedia,
    /// Qualified investment in an emerging technology business (54A:4-13).
    EmergingTechnology,
    /// Wage tax refund denied by another state, then won on appeal (54A:4-1.1; 2020-2023).
    WageTaxRefundDenied,
    /// Wounded Warrior caregivers: qualified veteran care credit (54A:4-15; line 62).
    WoundedWarriorCaregiver,
    /// Pass-through business alternative income tax (54A:12-5; line 63).
    PassThroughBait,
}

impl CreditKind {
    /// The credit's name in plain words, for text where the year's catalogue (which names each
    /// credit as the Division does) has no row for it.
    pub fn label(self) -> &'static str {
        match self {
            Self::ShelteredWorkshop => "sheltered workshop tax credit",
            Self::GoldStar => "Gold Star Family Counseling Program credit",
            Self::OrganDonorEmployer => "credit for employers of organ and bone marrow donors",
            Self::ImpairedEmployee => "credit for employers of employees with impairments",
            Self::Apprenticeship => "apprenticeship program tax credit",
            Self::PersonalProtectiveEquipment => {
                "personal protective equipment manufacturing credit"
            }
            Self::UnitConcrete => "unit concrete products credit",
            Self::LowCarbonConcrete => "low embodied carbon concrete credit",
            Self::EnvironmentalProductDeclaration => "environmental product declaration credit",
            Self::FilmDigitalMedia => "film and digital media content production credit",
            Self::EmergingTechnology => "emerging technology business investment credit",
            Self::WageTaxRefundDenied => "credit for a wage tax refund another state denied",
            Self::WoundedWarriorCaregiver => "Wounded Warrior caregivers credit",
            Self::PassThroughBait => "pass-through business alternative income tax credit",
        }
    }
}

/// How the filer holds an entity's credit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EntityKind {
    /// A business entity classified as a partnership for federal income tax purposes.
    #[default]
    Partnership,
    /// A New Jersey S corporation.
    SCorporation,
}

/// A share of a credit acquired by a partnership or New Jersey S corporation: the entity's credit
/// times the filer's share, whether or not distributed, of the entity's total distributive income
/// or gain (pro rata share of S corporation income) for its year ending within or with the filer's
/// (54A:4-11 d, 4-12b d, 4-13 c, 4-16 c, 4-18 d, 4-19 c, 4-20 c, 4-21 g, 4-22 c).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EntityCreditShare {
    /// Whose share.
    pub owner: Owner,
    /// Which credit.
    pub credit: CreditKind,
    /// Entity name.
    pub entity: String,
    /// Partnership or New Jersey S corporation.
    pub entity_kind: EntityKind,
    /// The credit the entity acquired for its year.
    pub entity_credit: Money,
    /// The filer's share, whether or not distributed, of the entity's distributive income or gain.
    pub your_share_of_income: Money,
    /// The entity's total distributive income or gain.
    pub entity_total_income: Money,
    /// Sheltered workshop credit only: the filer's gross income from New Jersey sources attributable
    /// to the entity's business that employs the qualified persons (54A:4-11 c).
    pub nj_source_income: Money,
}

/// A business (sole proprietorship) that employs qualified persons under a sheltered workshop
/// contract; its New Jersey-source income sets the credit's limit (54A:4-11 c).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShelteredWorkshopBusiness {
    /// Whose business.
    pub owner: Owner,
    /// Business name (employees name it in `business`).
    pub name: String,
    /// The filer's gross income derived from New Jersey sources attributable to this business or
    /// professional activity for the year.
    pub nj_source_income: Money,
}

/// A qualified person employed under a contract with a sheltered workshop (54A:4-11 a, b).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShelteredWorkshopEmployee {
    /// Whose employee (the employer).
    pub owner: Owner,
    /// A label for the employee (a first name); never a Social Security number.
    pub name: String,
    /// The business that employs the person (a `ShelteredWorkshopBusiness` name).
    pub business: String,
    /// Salary and wages paid to the person during the year.
    pub wages_paid: Money,
    /// Weeks of the year in which the person worked 25 hours or more at or under the supervision
    /// of the sheltered workshop, under the filer's contract with it.
    pub weeks_of_25_hours: u32,
    /// The person is an extended employee holding a special license from the Commissioner of Labor
    /// and Workforce Development to be paid less than the minimum wage (C.34:11-56a17(b)).
    pub special_license: bool,
}

/// A certificate from the Commissioner of Labor and Workforce Development for employees with
/// impairments (54A:4-18 a; P.L.2019, c.32, s.6).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ImpairedEmployeeCertificate {
    /// Whose certificate (the employer).
    pub owner: Owner,
    /// Certificate number or another label.
    pub certificate: String,
    /// The tax year the certificate was issued for.
    pub certificate_year: u16,
    /// The tax credit amount certified.
    pub certified_amount: Money,
    /// Part of the certified amount for wages and payroll taxes already counted in another credit
    /// claimed for the same period (no credit for those: 54A:4-18 c).
    pub counted_in_another_credit: Money,
}

/// The employer type under the minimum wage law, which sets the application deadline
/// (P.L.2019, c.32, s.6 b, c; C.34:11-56a4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MinimumWageEmployerType {
    /// Subject to subsections a. and e. of C.34:11-56a4 (the general schedule): apply before
    /// January 1, 2025.
    #[default]
    General,
    /// Subject to subsections c. and d. of C.34:11-56a4 (small and seasonal employers): apply
    /// before January 1, 2028.
    SmallOrSeasonal,
}

/// One employee with an impairment, for the employer's estimate of the credit before the
/// certificate (P.L.2019, c.32, s.6 d, e). All rates are per hour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ImpairedEmployeeEstimate {
    /// Whose employee (the employer).
    pub owner: Owner,
    /// A label for the employee.
    pub name: String,
    /// Employer type (application deadline).
    pub employer_type: MinimumWageEmployerType,
    /// Hours the employee worked for the employer last calendar year.
    pub hours_last_year: Money,
    /// Wages actually paid to the employee last calendar year.
    pub wages_last_year: Money,
    /// Employer payroll taxes actually paid on those wages last calendar year.
    pub payroll_taxes_last_year: Money,
    /// Hours worked this tax year (expected, for an estimate during the year).
    pub hours_this_year: Money,
    /// The minimum wage rate that applies to this employer for the tax year under P.L.2019, c.32.
    pub minimum_wage_this_year: Money,
    /// The minimum wage rate in effect last calendar year.
    pub minimum_wage_last_year: Money,
    /// Employer payroll taxes as a fraction of wages this year (0.0765 for 7.65%).
    pub payroll_tax_rate_this_year: Money,
    /// (c)(i): the increase the State minimum wage would have had this year without P.L.2019, c.32.
    pub state_increase_without_law: Money,
    /// (c)(ii): the increase in the federal minimum hourly wage rate for this year (29 U.S.C. 206(a)(1)).
    pub federal_increase: Money,
    /// Months of the tax year the employee worked, when not the whole year.
    pub months_employed: Option<u8>,
}

/// Paid leave given to an employee who donated an organ or bone marrow (54A:4-20 a): one entry
/// per donation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OrganDonorLeave {
    /// Whose employee (the employer).
    pub owner: Owner,
    /// A label for the employee.
    pub employee: String,
    /// Days of work missed for this donation with paid time off.
    pub days_missed: u32,
    /// Salary paid for those days.
    pub salary_for_days_missed: Money,
    /// The paid time off is in addition to any other paid time off the person has.
    pub additional_paid_leave: bool,
}

/// An amount documented or certified by an agency for a credit whose amount the statute leaves
/// to that agency (Gold Star counseling: 54A:4-16 a; film and digital media: 4-12b; PPE: 4-21;
/// low embodied carbon concrete: 4-23).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CertifiedCredit {
    /// Whose credit.
    pub owner: Owner,
    /// Which credit.
    pub credit: CreditKind,
    /// Certificate number, program or production name.
    pub description: String,
    /// The amount documented or certified for the year.
    pub amount: Money,
    /// The cost base the statute caps the certified amount by, where it has one (the concrete
    /// delivered for 4-23; zero when not applicable).
    pub cost_base: Money,
    /// 4-23 only: the concrete was low embodied carbon concrete.
    pub low_embodied_carbon: bool,
    /// 4-23 only: the concrete incorporates carbon capture, utilization and storage technology.
    pub carbon_capture: bool,
}

/// Care given to a qualified armed service member (Wounded Warrior Caregivers Relief Act, 54A:4-15).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VeteranCare {
    /// The caregiver.
    pub owner: Owner,
    /// A label for the veteran.
    pub veteran: String,
    /// The veteran's federal veteran disability compensation for the year.
    pub federal_disability_compensation: Money,
    /// The veteran is a qualified armed service member: disabled by service on or after
    /// September 11, 2001, honourably discharged, rated totally disabled by unemployability.
    pub qualified_service_member: bool,
    /// Months of the year the veteran resided with the caregiver in New Jersey.
    pub months_resided_with_you: u8,
    /// The caregiver is related to the veteran within the third degree.
    pub relative: bool,
    /// The care expenses this caregiver provided for the year.
    pub your_care_expenses: Money,
    /// The care expenses of every qualified caregiver of this veteran (zero when you are the only one).
    pub all_caregivers_care_expenses: Money,
}

/// Start-up costs of an apprenticeship program in its first year (54A:4-19).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ApprenticeshipProgram {
    /// Whose program.
    pub owner: Owner,
    /// Program name.
    pub program: String,
    /// Qualified start-up costs incurred in the initial year of participation.
    pub start_up_costs: Money,
    /// The program gives greater opportunities for workers in key industries (54A:4-19 a(2)).
    pub key_industry: bool,
    /// The Department of Labor and the Director approved the application.
    pub approved: bool,
}

/// Whether unit concrete was for a residential or a commercial property (54A:4-22 a).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PropertyUse {
    /// A residential property.
    #[default]
    Residential,
    /// A commercial property.
    Commercial,
}

/// A purchase of unit concrete products with carbon footprint-reducing technology (54A:4-22).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UnitConcretePurchase {
    /// Whose purchase.
    pub owner: Owner,
    /// The property.
    pub property: String,
    /// Residential or commercial.
    pub property_use: PropertyUse,
    /// Square feet of certified unit concrete products purchased this year.
    pub square_feet: Money,
    /// Receipts and the affidavit of use in New Jersey are attached (54A:4-22 d).
    pub receipts_and_affidavit: bool,
}

/// An environmental product declaration analysis of one production facility (54A:4-24).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EpdAnalysis {
    /// Whose facility.
    pub owner: Owner,
    /// The facility.
    pub facility: String,
    /// Full cost of the analysis.
    pub cost: Money,
    /// The tax credit certificate was issued (54A:4-24 c, d).
    pub certificate_issued: bool,
}

/// A qualified investment in a New Jersey emerging technology business (54A:4-13).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EmergingTechInvestment {
    /// Whose investment.
    pub owner: Owner,
    /// The business or fund.
    pub business: String,
    /// The qualified investment.
    pub investment: Money,
    /// The 5-point increase applies (opportunity zone, low-income community, or a certified minority
    /// or women's business: 54A:4-13 a(2)).
    pub increased_rate: bool,
    /// The New Jersey Economic Development Authority approved the application.
    pub approved: bool,
    /// The year the application was made, when known: the credit is allowed for the taxable year
    /// in which the taxpayer applied (54A:4-13 a(1)), at the rate in force then.
    pub applied_in: Option<u16>,
}

/// A final judgment refunding another state's tax on income from services performed in New Jersey
/// (54A:4-1.1; tax years 2020-2023).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WageTaxJudgment {
    /// Whose judgment.
    pub owner: Owner,
    /// The other state or city.
    pub jurisdiction: String,
    /// The New Jersey tax owed because the credit for that tax was readjusted (54A:4-1 e).
    pub nj_tax_from_readjustment: Money,
    /// A final judgment of the tax court or tribunal ordered the refund.
    pub final_judgment: bool,
}

/// The filer's direct share of the pass-through business alternative income tax paid by an
/// electing entity (Schedule PTE-K-1; 54A:12-5 a).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BaitShare {
    /// Whose share.
    pub owner: Owner,
    /// The entity.
    pub entity: String,
    /// The filer's direct share of the tax paid by the entity.
    pub share_of_tax_paid: Money,
}

/// Unused credit carried over from an earlier year (the carryover ledger).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CarryoverEntry {
    /// Whose credit.
    pub owner: Owner,
    /// Which credit.
    pub credit: CreditKind,
    /// The tax year the credit was allowed for.
    pub origin_year: u16,
    /// The part not yet used at the start of this tax year.
    pub remaining: Money,
}

/// Employer and business credits, and carryovers from earlier years.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BusinessCredits {
    /// Businesses employing qualified persons under a sheltered workshop contract.
    pub sheltered_workshop_businesses: Vec<ShelteredWorkshopBusiness>,
    /// The qualified persons.
    pub sheltered_workshop_employees: Vec<ShelteredWorkshopEmployee>,
    /// Certificates for employees with impairments.
    pub impaired_employee_certificates: Vec<ImpairedEmployeeCertificate>,
    /// Employees with impairments, for the estimate before the certificate.
    pub impaired_employee_estimates: Vec<ImpairedEmployeeEstimate>,
    /// Paid leave for organ and bone-marrow donors.
    pub organ_donor_leaves: Vec<OrganDonorLeave>,
    /// Amounts documented or certified by an agency.
    pub certified: Vec<CertifiedCredit>,
    /// Wounded Warrior caregivers.
    pub veteran_care: Vec<VeteranCare>,
    /// Apprenticeship programs.
    pub apprenticeship: Vec<ApprenticeshipProgram>,
    /// Unit concrete purchases.
    pub unit_concrete: Vec<UnitConcretePurchase>,
    /// Environmental product declaration analyses.
    pub epd_analyses: Vec<EpdAnalysis>,
    /// Emerging technology investments.
    pub emerging_technology: Vec<EmergingTechInvestment>,
    /// Wage tax refund-denied judgments.
    pub wage_tax_judgments: Vec<WageTaxJudgment>,
    /// Shares of pass-through business alternative income tax.
    pub bait_shares: Vec<BaitShare>,
    /// Shares of credits acquired by partnerships and S corporations.
    pub entity_shares: Vec<EntityCreditShare>,
    /// Unused credits carried over from earlier years.
    pub carryovers: Vec<CarryoverEntry>,
}
