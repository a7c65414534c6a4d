//! The draft's answers: what a filer recognises (W-2s, 1099s, rent paid), not form lines.
//!
//! Every field has a serde default, so a draft only needs the answers that apply. Amounts are
//! [`Money`] (decimal strings in RON). Unknown fields are refused so that a typo is never
//! silently ignored.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub use crate::calendar::{Date, MONTH_NAMES};
use crate::money::Money;

mod amend_answers;
mod business_answers;
mod clinic_answers;
mod owner;
mod timing_answers;

pub use amend_answers::*;
pub use business_answers::*;
pub use clinic_answers::*;
pub use owner::Owner;
pub use timing_answers::*;

/// Filing status (NJ-1040 lines 1-5; N.J.S.A. 54A:2-1 a/c, 54A:8-3.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FilingStatus {
    /// Line 1: single.
    #[default]
    Single,
    /// Line 2: married/CU couple filing a joint return.
    MarriedJoint,
    /// Line 3: married/CU partner filing a separate return.
    MarriedSeparate,
    /// Line 4: head of household.
    HeadOfHousehold,
    /// Line 5: qualifying widow(er)/surviving CU partner.
    QualifyingWidow,
}

impl FilingStatus {
    /// The form's line number for the status (1-5).
    pub fn line_number(self) -> u8 {
        match self {
            Self::Single => 1,
            Self::MarriedJoint => 2,
            Self::MarriedSeparate => 3,
            Self::HeadOfHousehold => 4,
            Self::QualifyingWidow => 5,
        }
    }

    /// Plain name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Single => "Single",
            Self::MarriedJoint => "Married/CU couple, filing joint return",
            Self::MarriedSeparate => "Married/CU partner, filing separate return",
            Self::HeadOfHousehold => "Head of household",
            Self::QualifyingWidow => "Qualifying widow(er)/surviving CU partner",
        }
    }

    /// Whether the return covers two spouses (a joint return).
    pub fn is_joint(self) -> bool {
        self == Self::MarriedJoint
    }
}

/// The earliest birth year taken as real: an earlier one is a mistyped year (`0024`, `1800`),
/// which would grant the age 65 exemption.
pub const EARLIEST_BIRTH_YEAR: u16 = 1900;

/// Numbers the Social Security Administration has said are never valid: the number printed on a
/// sample card sold in wallets (078-05-1120), the one in its own advertising (219-09-9999), and
/// the example everyone types (123-45-6789).
const KNOWN_INVALID_SSNS: [&str; 3] = ["078051120", "219099999", "123456789"];

/// The last four digits of an identifying number as typed (an SSN, a bank account), fewer when it
/// has fewer: what a masked copy shows of it. Dashes, spaces and other characters are skipped.
pub fn last_four_digits(number: &str) -> String {
    let digits: Vec<char> = number.chars().filter(char::is_ascii_digit).collect();
    digits[digits.len().saturating_sub(4)..].iter().collect()
}

/// Whether an SSN (or ITIN) as typed has nine digits, ignoring dashes and spaces.
pub fn ssn_is_well_formed(ssn: &str) -> bool {
    let digits: Vec<char> = ssn.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    digits.len() == 9 && digits.iter().all(char::is_ascii_digit)
}

/// Why a well-formed SSN (or ITIN) is one that is never issued, in a few words, or `None` when it
/// may be real. The SSA never issues area 000 or 666, group 00 or serial 0000; area 900-999 is
/// for IRS numbers: ITINs (groups 50-65, 70-88, 90-92, 94-99) and, for a dependent being adopted,
/// ATINs (group 93). `dependent` allows an ATIN. Never names the number itself.
#[must_use]
pub fn ssn_never_issued(ssn: &str, dependent: bool) -> Option<&'static str> {
    if !ssn_is_well_formed(ssn) {
        return None;
    }
    let digits: String = ssn.chars().filter(char::is_ascii_digit).collect();
    let number = |range: std::ops::Range<usize>| {
        digits
            .get(range)
            .and_then(|d| d.parse::<u16>().ok())
            .unwrap_or(0)
    };
    let (area, group, serial) = (number(0..3), number(3..5), number(5..9));
    let first = digits.chars().next();
    if digits.chars().all(|c| Some(c) == first) {
        return Some("all its digits are the same");
    }
    if KNOWN_INVALID_SSNS.contains(&digits.as_str()) {
        return Some("it is a well-known example number");
    }
    match area {
        0 => return Some("no number starts with 000"),
        666 => return Some("no number starts with 666"),
        900..=999 => {
            let itin = matches!(group, 50..=65 | 70..=88 | 90..=92 | 94..=99);
            let atin = dependent && group == 93;
            if !(itin || atin) {
                return Some(
                    "a number starting with 9 is an ITIN, whose middle two digits are 50-65, 70-88, 90-92 or 94-99",
                );
            }
        }
        _ => {}
    }
    if group == 0 {
        return Some("no number has 00 as its middle two digits");
    }
    if serial == 0 {
        return Some("no number ends in 0000");
    }
    None
}

/// Month numbers as three-letter names: `Jan, Feb, May`; `none` when empty (numbers outside 1-12
/// are left out). Shared by the form view and the printed Schedule NJ-HCC.
pub fn month_abbreviations(months: &[u8]) -> String {
    if months.is_empty() {
        return "none".to_owned();
    }
    months
        .iter()
        .filter_map(|m| MONTH_NAMES.get(usize::from(m.checked_sub(1)?)))
        .map(|n| n.get(..3).unwrap_or(n))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The taxpayer or the spouse.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Person {
    /// First and last name.
    pub name: String,
    /// Social Security number (as typed; never logged).
    pub ssn: String,
    /// Birth date.
    pub birth_date: Option<Date>,
    /// Blind or disabled (54A:3-1(b)5-6).
    pub blind_or_disabled: bool,
    /// Honourably discharged veteran (54A:3-1(b)7).
    pub veteran: bool,
    /// Not, and never will be, eligible for Social Security or Railroad Retirement (54A:6-15).
    pub never_eligible_social_security: bool,
    /// Can be claimed as a dependent on another person's return (federal).
    pub claimed_as_dependent: bool,
    /// Date of death, when the person died during the year.
    pub date_of_death: Option<Date>,
    /// New Jersey residency during the tax year (54A:1-2(m), (n)).
    pub residency: NjResidency,
    /// Health coverage by month (Schedule NJ-HCC).
    pub coverage: Coverage,
}

/// How long a person was a New Jersey resident during the tax year.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResidencyKind {
    /// Resident all year (NJ-1040).
    #[default]
    FullYear,
    /// Resident for part of the year: moved in, moved out, or both (NJ-1040 for the resident
    /// period, and NJ-1040NR for New Jersey income of the nonresident period).
    PartYear,
    /// Not a resident at any time (NJ-1040NR for New Jersey income).
    Never,
}

/// A person's New Jersey residency (54A:1-2(m), (n)) and, for a part-year resident, its dates.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NjResidency {
    /// Full year, part year or never.
    pub kind: ResidencyKind,
    /// Part year: the first day as a New Jersey resident (empty: 1 January, a move out).
    pub resident_from: Option<Date>,
    /// Part year: the last day as a New Jersey resident (empty: 31 December, a move in).
    pub resident_to: Option<Date>,
    /// The state of residence while not a New Jersey resident ("New York", "Pennsylvania").
    pub other_state: String,
}

/// Where and when an income item was received, for part-year residents and nonresidents.
///
/// The amount it divides is the item's New Jersey income as the NJ-1040 counts it (W-2 state
/// wages; interest and dividends after the New Jersey exemptions; the taxable part of a
/// retirement distribution; a net profit, gain, share or rent; a win).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Sourcing {
    /// Part-year residents: the part of the amount received while not a New Jersey resident
    /// (reported on the NJ-1040NR, not on the resident-period NJ-1040). Zero: all while a resident.
    pub nonresident_period: Money,
    /// Of the amount received while not a resident, the part from New Jersey sources
    /// (54A:5-8; NJ-1040NR column B). Empty: the rule for the kind (a W-2 with work days is
    /// allocated by them; interest, dividends and pensions are not New Jersey income of a
    /// nonresident; anything else counts as none, with a warning to say).
    pub nj_source: Option<Money>,
    /// Part-year residents: the part of the New Jersey tax withheld (W-2 box 17, 1099-R box 14)
    /// while not a resident, claimed on the NJ-1040NR.
    pub nonresident_period_withheld: Money,
}

/// Relationship of a dependent to the filer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Relationship {
    /// Son or daughter (including adopted).
    #[default]
    Child,
    /// Stepchild.
    Stepchild,
    /// Eligible foster child.
    FosterChild,
    /// Brother, sister, half- or step-sibling.
    Sibling,
    /// Grandchild, niece, nephew (descendant of a child or sibling).
    OtherDescendant,
    /// Parent.
    Parent,
    /// Any other relative or member of the household.
    Other,
}

impl Relationship {
    /// The relationship in plain words, as a filer says it ("a parent"), for messages.
    pub fn label(self) -> &'static str {
        match self {
            Self::Child => "a son or daughter",
            Self::Stepchild => "a stepchild",
            Self::FosterChild => "a foster child",
            Self::Sibling => "a brother or sister",
            Self::OtherDescendant => "a grandchild, niece or nephew",
            Self::Parent => "a parent",
            Self::Other => "another relative or household member",
        }
    }

    /// Whether the relationship can make a federal qualifying child (IRC 152(c)(2)).
    pub fn is_child_relationship(self) -> bool {
        matches!(
            self,
            Self::Child
                | Self::Stepchild
                | Self::FosterChild
                | Self::Sibling
                | Self::OtherDescendant
        )
    }
}

/// A dependent claimed on the return.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Dependent {
    /// Name.
    pub name: String,
    /// Social Security number.
    pub ssn: String,
    /// Birth date.
    pub birth_date: Option<Date>,
    /// Relationship to the filer.
    pub relationship: Relationship,
    /// When spouses of different residency file separate New Jersey returns: who claims this
    /// dependent.
    pub claimed_by: Owner,
    /// Months the dependent lived with the filer during the year (0-12).
    pub months_lived_with_you: u8,
    /// Full-time student during some part of 5 months of the year (federal qualifying-child age test).
    pub full_time_student: bool,
    /// Permanently and totally disabled.
    pub disabled: bool,
    /// Under 22, full-time at an accredited college, with half or more of tuition and
    /// maintenance paid by the filer (54A:3-1.1, line 12).
    pub college_student_costs_paid: bool,
    /// Had no health insurance during the year (line 14 oval).
    pub no_health_insurance: bool,
    /// Health coverage by month (Schedule NJ-HCC).
    pub coverage: Coverage,
}

/// A Form W-2 (one per employer).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct W2 {
    /// Whose W-2 it is.
    pub owner: Owner,
    /// Employer name.
    pub employer: String,
    /// Employer's NJ ID (needed for NJ-2450).
    pub employer_id: String,
    /// Box 16, state wages (New Jersey).
    pub state_wages: Money,
    /// Box 17, NJ income tax withheld.
    pub nj_tax_withheld: Money,
    /// Box 14, UI/WF/SWF withheld.
    pub ui_wf_swf: Money,
    /// Box 14, disability insurance (DI) withheld.
    pub di: Money,
    /// Box 14, family leave insurance (FLI) withheld.
    pub fli: Money,
    /// DI paid to a private plan (private plan number instead of state DI).
    pub di_private_plan: bool,
    /// FLI paid to a private plan.
    pub fli_private_plan: bool,
    /// Nonresident wage allocation: days worked at this job (in the nonresident period; 0 = not
    /// given).
    pub days_worked: u16,
    /// Nonresident wage allocation: of those days, days worked in New Jersey.
    pub nj_days_worked: u16,
    /// Nonresident wage allocation: the employer is a New Jersey employer (the convenience rule
    /// of 54A:5-8 e applies only to its employees).
    pub employer_in_nj: bool,
    /// Nonresident wage allocation: of the days worked outside New Jersey, the days worked there
    /// for the employee's convenience, not required by the employer to be worked outside New
    /// Jersey. New Jersey days when the employee's state of residence has a convenience rule
    /// (54A:5-8 e).
    pub convenience_days: u16,
    /// Part-year and nonresident division of the amount.
    pub sourcing: Sourcing,
}

/// A Form 1099-INT (or substitute statement).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Interest {
    /// Whose account.
    pub owner: Owner,
    /// Payer.
    pub payer: String,
    /// Boxes 1 and 3: taxable interest including U.S. savings bonds and Treasury obligations.
    pub taxable_interest: Money,
    /// Box 8: tax-exempt (municipal) interest, taxable in NJ unless from NJ obligations.
    pub tax_exempt_interest: Money,
    /// Part of the above from U.S. obligations (exempt in NJ, 54A:6-14).
    pub us_obligations: Money,
    /// Part of the above from obligations of New Jersey or its political subdivisions (54A:6-14).
    pub nj_obligations: Money,
    /// Part-year and nonresident division of the amount.
    pub sourcing: Sourcing,
}

/// A Form 1099-DIV.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Dividends {
    /// Whose account.
    pub owner: Owner,
    /// Payer.
    pub payer: String,
    /// Box 1a: total ordinary dividends.
    pub ordinary_dividends: Money,
    /// Box 2a: capital gain distributions (reported with gains, line 19).
    pub capital_gain_distributions: Money,
    /// Box 12: exempt-interest dividends (taxable in NJ unless from a qualified investment fund).
    pub exempt_interest_dividends: Money,
    /// Share of the above that a qualified investment fund reports as exempt in NJ (54A:6-14.1).
    pub nj_exempt_fund_share: Money,
    /// Part-year and nonresident division of the amount.
    pub sourcing: Sourcing,
}

/// Kind of a retirement distribution (1099-R).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RetirementKind {
    /// Pension or annuity.
    #[default]
    Pension,
    /// Traditional IRA (or SEP/SIMPLE IRA) withdrawal.
    Ira,
    /// Roth IRA distribution.
    Roth,
    /// U.S. military pension or survivor's benefit (excluded, 54A:6-26).
    MilitaryPension,
}

/// Where a retirement distribution went (54A:5-1 j, 6-10 d, 6-28 a).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RolloverDestination {
    /// Paid out and kept: income as the kind of plan says.
    #[default]
    NotRolledOver,
    /// Rolled over, within 60 days or directly, into another employer plan or a traditional
    /// IRA (or from a Roth IRA into a Roth IRA): not income (54A:6-10 d, 6-28 a).
    OtherPlanOrIra,
    /// Converted (rolled over) from an IRA or plan that is not a Roth into a Roth IRA: income,
    /// less the contributions New Jersey already taxed (54A:5-1 j).
    RothConversion,
}

/// A Form 1099-R.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Retirement {
    /// Whose distribution.
    pub owner: Owner,
    /// Payer.
    pub payer: String,
    /// Kind of plan.
    pub kind: RetirementKind,
    /// Box 1: gross distribution.
    pub gross_distribution: Money,
    /// The taxable amount for New Jersey (box 2a adjusted for contributions already taxed by NJ).
    pub taxable_amount: Money,
    /// A Roth distribution that is qualified (excluded, 54A:6-28).
    pub roth_qualified: bool,
    /// Where the money went: kept, rolled over into another plan or traditional IRA (not
    /// income), or converted to a Roth IRA (income, 54A:5-1 j).
    pub destination: RolloverDestination,
    /// A conversion to a Roth IRA: the contributions New Jersey already taxed that the amount
    /// converted carries (recovered tax-free; 54A:5-1 j, 6-10 a).
    pub conversion_nj_basis: Money,
    /// Drafts before issue 15: the "rolled over" tick, read and moved into `destination` by
    /// [`crate::draft::move_rollover_flag`]; never written.
    #[serde(rename = "rollover", skip_serializing)]
    pub legacy_rollover: bool,
    /// Paid under a public or private plan because of the recipient's permanent and total
    /// disability (54A:6-10 c): the whole payment is left out of gross income until the year the
    /// recipient reaches 65, from which it is an ordinary pension (the Division's reading, GIT-1&2).
    /// A pension or annuity paid out only; on any other kind, or a rollover, it is not used and a
    /// diagnostic says so.
    pub disability_pension: bool,
    /// `destination` was read from an earlier version's "rolled over" tick (which could not tell a
    /// rollover from a Roth conversion) and the filer has not yet confirmed it: the engine warns
    /// (`old-answer-to-confirm`) until the filer chooses or confirms where the money went.
    pub destination_to_confirm: bool,
    /// Box 14: NJ tax withheld.
    pub nj_tax_withheld: Money,
    /// Part-year and nonresident division of the amount.
    pub sourcing: Sourcing,
}

/// A business (federal Schedule C or F) with its NJ net profit or loss.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Business {
    /// Whose business.
    pub owner: Owner,
    /// Business name.
    pub name: String,
    /// Net profit (loss negative) computed under NJ rules.
    pub net_profit: Money,
    /// A farming business (matters for estimated tax).
    pub farming: bool,
    /// Part-year and nonresident division of the amount.
    pub sourcing: Sourcing,
}

/// Details of the sale of a principal residence (54A:6-9.1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ResidenceSale {
    /// Owned and used as principal residence for 2 of the 5 years before the sale.
    pub owned_and_used_2_of_5_years: bool,
    /// No other residence-sale exclusion taken within the 2 years before this sale.
    pub no_exclusion_in_prior_2_years: bool,
    /// For a joint return: both spouses used the home for 2 of 5 years.
    pub both_spouses_used: bool,
}

/// A sale or exchange of property (Schedule NJ-DOP).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PropertySale {
    /// Whose property.
    pub owner: Owner,
    /// What was sold.
    pub description: String,
    /// Gain (loss negative) under NJ basis rules.
    pub gain_or_loss: Money,
    /// When the property was the principal residence.
    pub principal_residence: Option<ResidenceSale>,
    /// Part-year and nonresident division of the amount.
    pub sourcing: Sourcing,
}

/// A partnership or S-corporation share (Schedule NJK-1 / NJ-K-1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PassThrough {
    /// Whose share.
    pub owner: Owner,
    /// Entity name.
    pub name: String,
    /// Distributive share of income (loss negative) for NJ.
    pub share: Money,
    /// Part-year and nonresident division of the amount.
    pub sourcing: Sourcing,
}

/// Rents, royalties, patents and copyrights (per property or source).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rental {
    /// Whose.
    pub owner: Owner,
    /// Property or source.
    pub description: String,
    /// Net income (loss negative).
    pub net: Money,
    /// Part-year and nonresident division of the amount.
    pub sourcing: Sourcing,
}

/// One gambling or lottery win.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GamblingWin {
    /// Where or what.
    pub description: String,
    /// Amount won.
    pub amount: Money,
    /// A New Jersey Lottery prize (prizes up to the 54A:6-11 limit are excluded).
    pub nj_lottery: bool,
    /// Part-year and nonresident division of the amount.
    pub sourcing: Sourcing,
}

/// Gambling winnings and losses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Gambling {
    /// Wins.
    pub wins: Vec<GamblingWin>,
    /// Gambling losses for the year (can offset winnings only).
    pub losses: Money,
    /// Part-year residents: the part of the losses from while not a resident.
    pub losses_nonresident_period: Money,
    /// Nonresidents: the part of the nonresident-period losses from New Jersey wagering.
    pub losses_nj_source: Money,
}

/// The category of N.J.S.A. 54A:5-1 an "other income" item (line 26) belongs to. Line 26 holds
/// several categories; a loss in one never offsets another (54A:5-2). Gambling winnings (5-1 g)
/// have line 24 and alimony (5-1 n) line 25.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum OtherIncomeCategory {
    /// Not chosen yet (drafts before issue 15): the item is netted with no other item.
    #[default]
    NotChosen,
    /// 5-1 h: net gains or income derived through estates or trusts.
    EstateOrTrust,
    /// 5-1 i: income in respect of a decedent.
    IncomeInRespectOfDecedent,
    /// 5-1 l: amounts received as prizes and awards (except 54A:6-8 scholarships and 6-11
    /// New Jersey Lottery prizes).
    PrizesAndAwards,
    /// 5-1 m: rental value of a residence furnished by an employer, or a rental allowance paid by
    /// an employer to provide a home.
    EmployerHousing,
    /// 5-1 o: income, gain or profit derived from acts or omissions defined as crimes or offenses.
    CriminalActivity,
}

impl OtherIncomeCategory {
    /// Every category chosen, in the order of 54A:5-1.
    pub const CHOSEN: [Self; 5] = [
        Self::EstateOrTrust,
        Self::IncomeInRespectOfDecedent,
        Self::PrizesAndAwards,
        Self::EmployerHousing,
        Self::CriminalActivity,
    ];

    /// The subsection of 54A:5-1 (`None` when not chosen).
    pub fn subsection(self) -> Option<&'static str> {
        match self {
            Self::NotChosen => None,
            Self::EstateOrTrust => Some("h"),
            Self::IncomeInRespectOfDecedent => Some("i"),
            Self::PrizesAndAwards => Some("l"),
            Self::EmployerHousing => Some("m"),
            Self::CriminalActivity => Some("o"),
        }
    }

    /// Plain name.
    pub fn name(self) -> &'static str {
        match self {
            Self::NotChosen => "category not chosen",
            Self::EstateOrTrust => "estates and trusts",
            Self::IncomeInRespectOfDecedent => "income in respect of a decedent",
            Self::PrizesAndAwards => "prizes and awards",
            Self::EmployerHousing => "housing furnished by an employer",
            Self::CriminalActivity => "income from crimes or offenses",
        }
    }
}

/// Other income (line 26).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OtherIncome {
    /// What it is.
    pub description: String,
    /// Which category of 54A:5-1 it is: items are netted only within their category (54A:5-2).
    pub category: OtherIncomeCategory,
    /// Amount (a loss negative: an estate's or trust's net loss).
    pub amount: Money,
    /// Part-year and nonresident division of the amount.
    pub sourcing: Sourcing,
}

/// All income.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Income {
    /// W-2s.
    pub w2s: Vec<W2>,
    /// 1099-INT statements.
    pub interest: Vec<Interest>,
    /// 1099-DIV statements.
    pub dividends: Vec<Dividends>,
    /// 1099-R statements.
    pub retirement: Vec<Retirement>,
    /// Businesses.
    pub businesses: Vec<Business>,
    /// Property sales.
    pub property_sales: Vec<PropertySale>,
    /// Partnership shares.
    pub partnerships: Vec<PassThrough>,
    /// S-corporation shares.
    pub s_corporations: Vec<PassThrough>,
    /// Rents and royalties.
    pub rents: Vec<Rental>,
    /// Gambling.
    pub gambling: Gambling,
    /// Alimony and separate maintenance received.
    pub alimony_received: Money,
    /// Part-year residents: the part of the alimony received while not a resident.
    pub alimony_received_nonresident_period: Money,
    /// Other income.
    pub other: Vec<OtherIncome>,
}

/// Deductions from gross income (lines 31-37c).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Deductions {
    /// Medical expenses paid (not reimbursed; 54A:3-3).
    pub medical_expenses: Money,
    /// Archer MSA contributions allowed federally (54A:3-4).
    pub archer_msa: Money,
    /// Self-employed health insurance (54A:3-5).
    pub self_employed_health_insurance: Money,
    /// Alimony or separate maintenance paid under a decree (54A:3-2).
    pub alimony_paid: Money,
    /// Qualified conservation contribution of NJ real property (54A:3-6).
    pub conservation_contribution: Money,
    /// Health Enterprise Zone deduction (54A:3-8), as computed on its worksheet.
    pub health_enterprise_zone: Money,
    /// Alternative business calculation loss carried forward from earlier years (54A:3-9 b).
    pub alternative_business_carryforward: Money,
    /// Unreimbursed organ or bone-marrow donation costs (54A:3-10).
    pub organ_donation_costs: Money,
    /// For the same transplantation, the donation costs deducted (or to be deducted) on the return
    /// of the year before or the year after: 54A:3-10 c caps the combined amount at $10,000, so
    /// this year's deduction is at most the cap less this. A fact of the whole year: on a
    /// part-year resident's returns both periods use the one in `deductions` (never divided).
    pub organ_donation_other_year: Money,
    /// NJBEST contributions (54A:3-12).
    pub njbest_contributions: Money,
    /// NJCLASS loan payments (54A:3-13).
    pub njclass_payments: Money,
    /// Tuition paid to NJ institutions (54A:3-14).
    pub nj_tuition_paid: Money,
}

impl Deductions {
    /// Combine two sets of deductions field by field (`f(self.x, other.x)` for every amount
    /// divided between periods; `organ_donation_other_year`, a whole-year fact, is `self`'s).
    #[must_use]
    pub fn zip_with(&self, other: &Self, f: impl Fn(Money, Money) -> Money) -> Self {
        Self {
            medical_expenses: f(self.medical_expenses, other.medical_expenses),
            archer_msa: f(self.archer_msa, other.archer_msa),
            self_employed_health_insurance: f(
                self.self_employed_health_insurance,
                other.self_employed_health_insurance,
            ),
            alimony_paid: f(self.alimony_paid, other.alimony_paid),
            conservation_contribution: f(
                self.conservation_contribution,
                other.conservation_contribution,
            ),
            health_enterprise_zone: f(self.health_enterprise_zone, other.health_enterprise_zone),
            alternative_business_carryforward: f(
                self.alternative_business_carryforward,
                other.alternative_business_carryforward,
            ),
            organ_donation_costs: f(self.organ_donation_costs, other.organ_donation_costs),
            // A whole-year fact, not divided between periods.
            organ_donation_other_year: self.organ_donation_other_year,
            njbest_contributions: f(self.njbest_contributions, other.njbest_contributions),
            njclass_payments: f(self.njclass_payments, other.njclass_payments),
            nj_tuition_paid: f(self.nj_tuition_paid, other.nj_tuition_paid),
        }
    }

    /// Every amount with its field name (for checks that walk all of them).
    pub fn amounts(&self) -> [(&'static str, Money); 11] {
        [
            ("medical_expenses", self.medical_expenses),
            ("archer_msa", self.archer_msa),
            (
                "self_employed_health_insurance",
                self.self_employed_health_insurance,
            ),
            ("alimony_paid", self.alimony_paid),
            ("conservation_contribution", self.conservation_contribution),
            ("health_enterprise_zone", self.health_enterprise_zone),
            (
                "alternative_business_carryforward",
                self.alternative_business_carryforward,
            ),
            ("organ_donation_costs", self.organ_donation_costs),
            ("njbest_contributions", self.njbest_contributions),
            ("njclass_payments", self.njclass_payments),
            ("nj_tuition_paid", self.nj_tuition_paid),
        ]
    }
}

/// How a homestead was held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HomesteadKind {
    /// Owned (property taxes paid).
    #[default]
    Owner,
    /// Rented (18% of rent is "rent constituting property taxes").
    Tenant,
}

/// Who holds title to an owned homestead, as 3A-17 c and d ask it of spouses filing separately.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HomesteadTitle {
    /// In the filer's name, alone or with others (a spouse included) as joint tenants or tenants
    /// in common: the filer's share of title counts (3A-17 c).
    #[default]
    Yours,
    /// The filer and spouse as tenants by the entirety, or both residential shareholders of the
    /// cooperative living in the unit: the couple's taxes, one-half each when filing separately
    /// (3A-17 d).
    ByTheEntirety,
    /// In the spouse's name only: on the filer's separate return it counts nothing (3A-17 a, c).
    SpouseOnly,
}

/// A principal residence in New Jersey during the year (3A-16..3A-20).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Homestead {
    /// Address or short description.
    pub description: String,
    /// Owned or rented.
    pub kind: HomesteadKind,
    /// Owner: property taxes due and paid for the calendar year on the whole homestead (the full-year
    /// amount; the engine applies the ownership and unit shares and the months occupied, 3A-17 b, c, e).
    pub property_taxes: Money,
    /// Tenant: rent paid by the filer for the period occupied (not prorated again).
    pub rent_paid: Money,
    /// Owner: the filer's (household's) percentage of title, 0-100 (3A-17 c).
    pub ownership_percent: Decimal,
    /// Owner: the percentage of the dwelling's taxes for the unit occupied, 0-100 (3A-17 e).
    pub unit_percent: Decimal,
    /// Months occupied as principal residence (0-12).
    pub months_occupied: u8,
    /// Owner, married filing separately: who holds title (3A-17 c, d).
    pub title: HomesteadTitle,
    /// Tenant, married filing separately: the spouse lives in this rented home too (3A-18 b). On an
    /// owned home this is the format 7 answer that halved it; it reads as title by the entirety
    /// (the format 8 migration moves it to `title`).
    pub shared_with_spouse_filing_separately: bool,
    /// `title` was read from a format 7 owned home's "shared with the spouse filing separately"
    /// tick (which did not ask how title was held) and the filer has not yet confirmed it: the
    /// engine warns (`old-answer-to-confirm`) until the filer chooses or confirms the title.
    pub title_to_confirm: bool,
}

impl Default for Homestead {
    fn default() -> Self {
        Self {
            description: String::new(),
            kind: HomesteadKind::Owner,
            property_taxes: Decimal::ZERO,
            rent_paid: Decimal::ZERO,
            ownership_percent: Decimal::ONE_HUNDRED,
            unit_percent: Decimal::ONE_HUNDRED,
            months_occupied: 12,
            title: HomesteadTitle::Yours,
            shared_with_spouse_filing_separately: false,
            title_to_confirm: false,
        }
    }
}

/// Kind of other jurisdiction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum JurisdictionKind {
    /// Another U.S. state.
    #[default]
    State,
    /// District of Columbia.
    DistrictOfColumbia,
    /// A political subdivision of another state (city wage tax, e.g. Philadelphia).
    Local,
}

/// Income taxed by another jurisdiction (Schedule NJ-COJ, 54A:4-1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OtherJurisdiction {
    /// Name ("New York", "Philadelphia").
    pub name: String,
    /// Kind.
    pub kind: JurisdictionKind,
    /// Income taxed both there and in NJ (included in NJ gross income).
    pub income_taxed_by_both: Money,
    /// Income tax actually paid there on that income (not withholding; not penalties).
    pub tax_paid: Money,
    /// For a political subdivision (`Local`): the name of its state as entered for that state, so the
    /// same income taxed by both goes on one Schedule NJ-COJ (54A:4-1(b)). Empty otherwise.
    pub state: String,
    /// The tax was paid at the entity level by a pass-through entity on your distributive proceeds
    /// (a tax the Director finds substantially similar to the BAIT: 54A:4-1 f). The credit is limited
    /// to what it would be had the income been taxed to you.
    pub entity_level_tax: bool,
    /// On an amended return: the day the filer received this jurisdiction's notice that its tax
    /// was due (more, or less, than the tax the original return's credit was worked from). The
    /// credit may be readjusted within one year after it, when that ends later than the refund
    /// limits of 54A:9-8 (54A:4-1 e). `None`: no such notice.
    pub tax_due_notice_on: Option<Date>,
}

/// Federal figures that NJ credits use.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Federal {
    /// Federal adjusted gross income (Form 1040 line 11).
    pub agi: Money,
    /// Earned income for the federal EIC.
    pub earned_income: Money,
    /// Investment income for the federal EIC test.
    pub investment_income: Money,
    /// Federal child and dependent care credit allowed (Form 2441 line 11).
    pub dependent_care_credit: Money,
    /// The federal EIC as calculated by the IRS (line 58 oval), overriding the engine's figure.
    pub irs_eic_override: Option<Money>,
    /// Claimed the federal EIC (filed for it).
    pub eic_claimed_federally: bool,
    /// A married filer living apart who may claim EIC while filing separately (federal rule from 2021).
    pub mfs_eic_separated_spouse: bool,
    /// The facts of federal Form 2441 (format 6), from which the engine works out the federal
    /// child and dependent care credit when `dependent_care_credit` is zero. `None`: not used.
    pub care: Option<CareExpenses>,
}

/// How many qualifying persons were cared for (Form 2441 line 2; IRC 21(c)): only one, or two or
/// more, matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum QualifyingPersons {
    /// One qualifying person.
    One,
    /// Two or more qualifying persons.
    TwoOrMore,
}

/// The facts of federal Form 2441, child and dependent care expenses (IRC 21, and IRC 129 for
/// employer-provided benefits), as the filer answers them. Amounts the form does not let be
/// negative are treated as zero with an error when they are.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CareExpenses {
    /// Qualified expenses for the care of the qualifying persons, incurred and paid in the year
    /// (Form 2441 line 2, column (d) added up, before any cap; also Part III line 16).
    pub expenses: Money,
    /// One qualifying person, or two or more; `None` when not answered.
    pub qualifying_persons: Option<QualifyingPersons>,
    /// Dependent care benefits received in the year (Form 2441 line 12; W-2 box 10).
    pub benefits_received: Money,
    /// Benefits carried over from last year and used in this year's grace period (line 13).
    pub benefits_carried_over: Money,
    /// Benefits forfeited, or carried forward to next year (line 14), as a positive amount.
    pub benefits_forfeited: Money,
    /// Your earned income (lines 4 and 18). Required when there are care expenses.
    pub taxpayer_earned_income: Option<Money>,
    /// Your spouse's earned income on a joint return (lines 5 and 19). Required on a joint return
    /// when there are care expenses.
    pub spouse_earned_income: Option<Money>,
    /// Joint return: months you were a full-time student or not able to care for yourself and had
    /// no earned income (IRC 21(d)(2); 0-12).
    pub taxpayer_student_or_disabled_months: u8,
    /// Joint return: months your spouse was a full-time student or not able to care for
    /// themself and had no earned income (IRC 21(d)(2); 0-12).
    pub spouse_student_or_disabled_months: u8,
    /// Credit for last year's expenses paid this year (line 9b), worked out on the IRS worksheet.
    pub prior_year_credit: Money,
    /// The tax that limits the credit (line 10, from the Credit Limit Worksheet). Required when
    /// the credit before the limit is more than zero.
    pub tax_limit: Option<Money>,
}

/// An estimated tax payment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EstimatedPayment {
    /// Date paid.
    pub date: Option<Date>,
    /// Amount.
    pub amount: Money,
}

/// The home address printed on the return's header (format 5). Never used in a computation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Address {
    /// Number and street (or rural route, or P.O. box).
    pub street: String,
    /// Apartment, suite or unit.
    pub apartment: String,
    /// City, town or post office.
    pub city: String,
    /// State (two letters).
    pub state: String,
    /// ZIP code (five digits, or ZIP+4).
    pub zip: String,
    /// Country, when the address is outside the United States.
    pub country: String,
    /// The four-digit New Jersey county/municipality code of the home on the last day of the
    /// year (or of the period of residence), as printed on the NJ-1040 instructions' table.
    pub municipality_code: String,
}

impl Address {
    /// Whether nothing was typed.
    pub fn is_empty(&self) -> bool {
        [
            &self.street,
            &self.apartment,
            &self.city,
            &self.state,
            &self.zip,
            &self.country,
        ]
        .iter()
        .all(|s| s.trim().is_empty())
    }

    /// The address as printed lines: street and apartment, then city, state and ZIP, then the
    /// country when given. Empty parts are left out.
    pub fn lines(&self) -> Vec<String> {
        let join = |parts: &[&str], sep: &str| {
            parts
                .iter()
                .map(|p| p.trim())
                .filter(|p| !p.is_empty())
                .collect::<Vec<_>>()
                .join(sep)
        };
        let first = join(&[&self.street, &self.apartment], ", ");
        let city_state = join(&[&self.city, &self.state], ", ");
        let second = join(&[&city_state, &self.zip], " ");
        [first, second, self.country.trim().to_owned()]
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect()
    }
}

/// Figures from last year's return that this year's filing asks for (format 5).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LastYear {
    /// Last year's New Jersey gross income (last year's NJ-1040 line 29, or the NJ-1040NR's line
    /// for gross income as if a resident): New Jersey's online filing service asks for it to
    /// confirm who is filing. `None` when not known or no return was filed. Filled in by
    /// "Start next year's draft"; not used in any computation.
    pub nj_gross_income: Option<Money>,
}

/// Payments made toward the year's tax.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Payments {
    /// NJ-1040-ES payments.
    pub estimated: Vec<EstimatedPayment>,
    /// Payment made with an extension request (NJ-630).
    pub extension_payment: Money,
    /// Overpayment from last year's return credited to this year.
    pub prior_year_overpayment: Money,
    /// NJ tax withheld on other statements (1099-MISC/NEC/G, W-2G) not entered with the income.
    pub other_withholding: Money,
    /// Nonresidents: tax paid on your behalf by partnerships (Schedule NJK-1; P.L.2002, c.40,
    /// s.12, C.54:10A-15.11), credited to you (NJ-1040NR only).
    pub partnership_tax_paid: Money,
    /// Tax paid to the Director by a New Jersey S corporation on your behalf (C.54:10A-5.23 c),
    /// credited to you as paid (54A:4-2 b).
    pub s_corp_tax_paid: Money,
}

/// Amounts typed by older formats for lines the engine now computes (read, moved, never written).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EnteredAmounts {
    /// Format 3 and earlier: line 52 as typed; moved to `estimated_tax.interest_override` on
    /// reading, never written.
    #[serde(skip_serializing)]
    pub estimated_tax_interest: Money,
    /// Format 3 and earlier: line 53c as typed; moved to `health.payment_override`, never written.
    #[serde(skip_serializing)]
    pub shared_responsibility_payment: Money,
    /// Format 2 only: line 46 as typed; moved to `business_credits.certified` on reading, never written.
    #[serde(skip_serializing)]
    pub sheltered_workshop_credit: Money,
    /// Format 2 only: line 47 as typed; moved to `business_credits.certified`, never written.
    #[serde(skip_serializing)]
    pub gold_star_credit: Money,
    /// Format 2 only: line 48 as typed; moved to `business_credits.certified`, never written.
    #[serde(skip_serializing)]
    pub organ_donor_employer_credit: Money,
    /// Format 2 only: line 62 as typed; moved to `business_credits.certified`, never written.
    #[serde(skip_serializing)]
    pub wounded_warrior_credit: Money,
    /// Format 2 only: line 63 as typed; moved to `business_credits.bait_shares`, never written.
    #[serde(skip_serializing)]
    pub bait_credit: Money,
}

/// A contribution to a fund from the refund (lines 70-77).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Contribution {
    /// Fund id from `forms/params/funds.ron` (for example `endangered_wildlife`).
    pub fund: String,
    /// Amount.
    pub amount: Money,
}

/// What to do with an overpayment, and contributions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RefundChoices {
    /// Line 69: overpayment to credit to next year's tax.
    pub credit_to_next_year: Money,
    /// Contributions.
    pub contributions: Vec<Contribution>,
    /// Gubernatorial Elections Fund $1, taxpayer (54A:9-25.1).
    pub gubernatorial_fund_taxpayer: bool,
    /// Gubernatorial Elections Fund $1, spouse.
    pub gubernatorial_fund_spouse: bool,
    /// Deposit the refund in a bank account (format 9; `None`: a paper check, and for drafts
    /// written before the question was asked).
    pub direct_deposit: Option<DirectDeposit>,
}

/// The bank account a refund is deposited in (NJ-1040 direct deposit section). The numbers are
/// as private as an SSN: masked on screen and on a reviewer's copy, never named in a message.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DirectDeposit {
    /// The bank's nine-digit ABA routing number (the first group of digits at the bottom left of
    /// a check).
    pub routing_number: String,
    /// The account number, 1 to 17 digits.
    pub account_number: String,
    /// Checking or savings.
    pub account_type: AccountType,
    /// The refund would go on to an account outside the United States: such a refund cannot be
    /// deposited (the NJ-1040 asks; the Division then sends a paper check).
    pub outside_us: bool,
}

impl DirectDeposit {
    /// Whether nothing about the account has been typed yet.
    pub fn is_empty(&self) -> bool {
        self.routing_number.trim().is_empty()
            && self.account_number.trim().is_empty()
            && self.account_type == AccountType::NotChosen
            && !self.outside_us
    }
}

/// Why a routing number as typed (spaces around it ignored) cannot be a U.S. bank's, in a few
/// words, or `None` when it can: nine digits, the first two a Federal Reserve routing symbol
/// (00-12, 21-32, 61-72 or 80) and the ABA check digit right (3 × (d1 + d4 + d7) + 7 × (d2 + d5 +
/// d8) + (d3 + d6 + d9) a multiple of 10). Never names the number itself.
#[must_use]
pub fn routing_number_problem(routing: &str) -> Option<RoutingProblem> {
    let t = routing.trim();
    if t.is_empty() {
        return Some(RoutingProblem::Missing);
    }
    let digits: Vec<u32> = t.chars().filter_map(|c| c.to_digit(10)).collect();
    if digits.len() != 9 || t.chars().count() != 9 {
        return Some(RoutingProblem::NotNineDigits);
    }
    let d = |i: usize| digits.get(i).copied().unwrap_or(0);
    let sum = 3 * (d(0) + d(3) + d(6)) + 7 * (d(1) + d(4) + d(7)) + (d(2) + d(5) + d(8));
    if sum % 10 != 0 {
        return Some(RoutingProblem::CheckDigit);
    }
    let prefix = d(0) * 10 + d(1);
    if !matches!(prefix, 0..=12 | 21..=32 | 61..=72 | 80) {
        return Some(RoutingProblem::Prefix);
    }
    None
}

/// What is wrong with a routing number ([`routing_number_problem`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoutingProblem {
    /// Nothing typed.
    Missing,
    /// Not nine digits (fewer, more, or something that is not a digit).
    NotNineDigits,
    /// The ABA check digit does not match: a digit is mistyped.
    CheckDigit,
    /// The first two digits are no Federal Reserve routing symbol.
    Prefix,
}

/// Whether an account number as typed (spaces around it ignored) is 1 to 17 digits, the
/// common rule for electronic refunds.
#[must_use]
pub fn account_number_is_well_formed(account: &str) -> bool {
    let t = account.trim();
    (1..=17).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
}

/// The kind of bank account a refund is deposited in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AccountType {
    /// Not answered yet (an error while a deposit is asked for).
    #[default]
    NotChosen,
    /// A checking account.
    Checking,
    /// A savings account.
    Savings,
}

impl AccountType {
    /// The account type in words (`Checking`, `Savings`, `not chosen`).
    pub fn words(self) -> &'static str {
        match self {
            Self::NotChosen => "not chosen",
            Self::Checking => "Checking",
            Self::Savings => "Savings",
        }
    }
}

/// How line 43 is computed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TaxMethod {
    /// Tax table below the table limit (54A:8-2), rate schedule above.
    #[default]
    TableWhenAvailable,
    /// Always the rate schedule of 54A:2-1, to the cent.
    RateSchedule,
}

/// Preparer options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Tax computation method for line 43.
    pub tax_method: TaxMethod,
}

/// Read format 1's bare `residency: FullYearResident` into the optional legacy field.
fn legacy_some<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<LegacyResidency>, D::Error> {
    LegacyResidency::deserialize(d).map(Some)
}

/// Draft format 1's household residency (read from old drafts only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LegacyResidency {
    /// Resident all year.
    FullYearResident,
    /// Resident part of the year.
    PartYearResident,
    /// Not a resident.
    Nonresident,
}

/// A domestic partner as defined in N.J.S.A. 26:8A-3: the other person of a domestic partnership
/// registered under the Domestic Partnership Act (P.L.2003, c.246). Not a spouse or civil union
/// partner (those use the married statuses).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DomesticPartner {
    /// The partner's name.
    pub name: String,
    /// The partner does not file a New Jersey return of their own for the year: the $1,000
    /// exemption is then the filer's (54A:3-1(b)1, "who does not file separately").
    pub does_not_file_separately: bool,
}

/// Everything the filer answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Answers {
    /// Tax year.
    pub tax_year: u16,
    /// Filing status.
    pub filing_status: FilingStatus,
    /// Format 1 only: the household's residency, read from old drafts and moved to the persons by
    /// the version 2 migration; never written.
    #[serde(
        rename = "residency",
        skip_serializing,
        deserialize_with = "legacy_some"
    )]
    pub legacy_residency: Option<LegacyResidency>,
    /// Spouses of different residency: both elect to be taxed as if both were residents, on
    /// one joint NJ-1040 (54A:5-6(b), 8-3.1 d). Otherwise they file separate returns.
    pub both_residents_election: bool,
    /// Both spouses nonresidents, only one with New Jersey income: both elect one joint
    /// NJ-1040NR (54A:8-3.1 h). Otherwise the one with New Jersey income files separately.
    pub nonresident_joint_election: bool,
    /// The year the spouse died (qualifying widow(er)).
    pub spouse_death_year: Option<u16>,
    /// The taxpayer.
    pub taxpayer: Person,
    /// The spouse/CU partner (joint return, or named on a separate return).
    pub spouse: Option<Person>,
    /// A registered domestic partner (N.J.S.A. 26:8A-3), for an unmarried filer's exemption.
    pub domestic_partner: Option<DomesticPartner>,
    /// Home address (printed on the return's header).
    pub address: Address,
    /// Figures from last year's return.
    pub last_year: LastYear,
    /// Dependents.
    pub dependents: Vec<Dependent>,
    /// The NJ-1040's yes/no question about digital assets (format 12): whether the filer
    /// received (as a reward, award or payment), sold, exchanged or otherwise disposed of a
    /// digital asset during the year; `None` while not answered. Asked and printed only for a
    /// year whose NJ-1040 asks it (`exemptions.digital_asset_question`); no tax depends on it.
    pub digital_assets: Option<bool>,
    /// Income.
    pub income: Income,
    /// Deductions.
    pub deductions: Deductions,
    /// Part-year residents: the part of each deduction above paid while not a New Jersey
    /// resident (it goes on the NJ-1040NR; the rest on the resident-period NJ-1040).
    pub deductions_while_nonresident: Deductions,
    /// Homesteads (owned or rented) during the year.
    pub homesteads: Vec<Homestead>,
    /// Other jurisdictions that taxed the same income.
    pub other_jurisdictions: Vec<OtherJurisdiction>,
    /// Federal figures.
    pub federal: Federal,
    /// Payments.
    pub payments: Payments,
    /// Employer and business credits, and credits carried over from earlier years.
    pub business_credits: BusinessCredits,
    /// Estimated tax facts for the NJ-2210 (line 52).
    pub estimated_tax: EstimatedTaxFacts,
    /// When the return is filed and the tax paid.
    pub filing: FilingDates,
    /// Next year's estimated payments.
    pub next_year: NextYearPlan,
    /// Health coverage for the shared responsibility payment (lines 53a-53c).
    pub health: HealthCoverage,
    /// Amounts entered for lines not yet computed here.
    pub entered: EnteredAmounts,
    /// Use tax due (line 51).
    pub use_tax: Money,
    /// Refund handling and contributions.
    pub refund: RefundChoices,
    /// Options.
    pub options: Options,
    /// Text typed in the app that could not be read as its answer, by answer path
    /// (`income.w2s[0].state_wages`; format 7). While an entry is here the answer at its path
    /// holds its "not given" value (zero, empty or `None`), never a stale or partial one, and the
    /// return has an `unreadable-answer` error at the path; typing a readable value removes it.
    pub unreadable: BTreeMap<String, Unreadable>,
    /// The filer's answers to the interview's yes-or-no topic questions, by topic id (the
    /// `topics` of `forms/interview.ron`, format 9): `false` when the filer said the topic does
    /// not apply (no business, no rent or property tax), so that the guided interview skips its
    /// screens; `true` when it applies; absent when not asked yet. The return is computed from
    /// the other answers only: a topic answered `false` whose screens hold answers still counts
    /// them.
    pub topics: BTreeMap<String, bool>,
    /// The draft amends a return already filed (format 10): the original's figures, what was
    /// paid with it, the reasons and dates (`None`: an original return).
    pub amends: Option<Amendment>,
    /// A clinic's record of the draft (format 10): status, sign-offs, review notes, the
    /// quality-review questions ticked (`None`: not prepared in a clinic). No figure depends on
    /// it.
    pub clinic: Option<ClinicRecord>,
}

/// Text typed for an answer that could not be read (an amount with a letter in it, a date that
/// does not exist), kept as typed so that it is never lost or replaced by a number the filer did
/// not type.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Unreadable {
    /// The text exactly as typed.
    pub typed: String,
    /// The answer in the filer's words, as the app labels it (`W-2 from Acme: State wages (box
    /// 16)`).
    pub field: String,
    /// Why it could not be read, in plain words (`February 1990 has no 30th day`).
    pub problem: String,
}

/// How much of the text typed for an answer a message repeats (a long paste is cut short).
const TYPED_SHOWN_CHARS: usize = 40;

impl Unreadable {
    /// The typed text as a message repeats it: trimmed, and cut short with `…` after
    /// [`TYPED_SHOWN_CHARS`] characters.
    pub fn typed_shown(&self) -> String {
        let t = self.typed.trim();
        let mut out: String = t.chars().take(TYPED_SHOWN_CHARS).collect();
        if t.chars().count() > TYPED_SHOWN_CHARS {
            out.push('…');
        }
        out
    }
}

impl Default for Answers {
    fn default() -> Self {
        Self {
            tax_year: 2024,
            filing_status: FilingStatus::Single,
            legacy_residency: None,
            both_residents_election: false,
            nonresident_joint_election: false,
            spouse_death_year: None,
            taxpayer: Person::default(),
            spouse: None,
            domestic_partner: None,
            address: Address::default(),
            last_year: LastYear::default(),
            dependents: Vec::new(),
            digital_assets: None,
            income: Income::default(),
            deductions: Deductions::default(),
            deductions_while_nonresident: Deductions::default(),
            homesteads: Vec::new(),
            other_jurisdictions: Vec::new(),
            federal: Federal::default(),
            payments: Payments::default(),
            business_credits: BusinessCredits::default(),
            estimated_tax: EstimatedTaxFacts::default(),
            filing: FilingDates::default(),
            next_year: NextYearPlan::default(),
            health: HealthCoverage::default(),
            entered: EnteredAmounts::default(),
            use_tax: Decimal::ZERO,
            refund: RefundChoices::default(),
            options: Options::default(),
            unreadable: BTreeMap::new(),
            topics: BTreeMap::new(),
            amends: None,
            clinic: None,
        }
    }
}

impl Answers {
    /// The person who owns an item.
    pub fn person(&self, owner: Owner) -> Option<&Person> {
        match owner {
            Owner::Taxpayer => Some(&self.taxpayer),
            Owner::Spouse => self.spouse.as_ref(),
        }
    }

    /// Whether items of `owner` belong on this return (spouse items only on a joint return).
    pub fn counts(&self, owner: Owner) -> bool {
        owner == Owner::Taxpayer || self.filing_status.is_joint()
    }
}

#[cfg(test)]
mod deposit_tests {
    use super::*;

    #[test]
    fn the_last_four_digits_of_an_account() {
        assert_eq!(last_four_digits("000123456789"), "6789");
        assert_eq!(last_four_digits("400-00-2611"), "2611");
        assert_eq!(last_four_digits("12"), "12");
        assert_eq!(last_four_digits(""), "");
    }

    #[test]
    fn routing_numbers_need_nine_digits_a_us_prefix_and_the_aba_check_digit() {
        // Real routing numbers: JPMorgan Chase (New York) and the Federal Reserve Bank of Boston.
        assert_eq!(routing_number_problem("021000021"), None);
        assert_eq!(routing_number_problem("011000015"), None);
        assert_eq!(routing_number_problem("  021000021 "), None);
        // The last digit changed: the check sum is off.
        assert_eq!(
            routing_number_problem("021000022"),
            Some(RoutingProblem::CheckDigit)
        );
        assert_eq!(
            routing_number_problem("021000012"),
            Some(RoutingProblem::CheckDigit)
        );
        assert_eq!(routing_number_problem(""), Some(RoutingProblem::Missing));
        assert_eq!(routing_number_problem("   "), Some(RoutingProblem::Missing));
        assert_eq!(
            routing_number_problem("02100002"),
            Some(RoutingProblem::NotNineDigits)
        );
        assert_eq!(
            routing_number_problem("0210000210"),
            Some(RoutingProblem::NotNineDigits)
        );
        assert_eq!(
            routing_number_problem("02100002A"),
            Some(RoutingProblem::NotNineDigits)
        );
        assert_eq!(
            routing_number_problem("021-000-021"),
            Some(RoutingProblem::NotNineDigits)
        );
        assert_eq!(
            routing_number_problem("０２１０００021"),
            Some(RoutingProblem::NotNineDigits),
            "digits of other scripts are not digits here"
        );
        // 3*(1+0+0) + 7*(3+0+0) + (0+0+x) = 24 + x: x = 6 passes the check sum, but 13 is no
        // Federal Reserve routing symbol.
        assert_eq!(
            routing_number_problem("130000006"),
            Some(RoutingProblem::Prefix)
        );
        // The edges of the ranges, each with its check digit made right.
        let with_check = |first8: &str| {
            let d: Vec<u32> = first8.chars().filter_map(|c| c.to_digit(10)).collect();
            let partial = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + d[2] + d[5];
            format!("{first8}{}", (10 - partial % 10) % 10)
        };
        for ok in ["00", "12", "21", "32", "61", "72", "80"] {
            let n = with_check(&format!("{ok}000000"));
            assert_eq!(routing_number_problem(&n), None, "{n}");
        }
        for bad in ["13", "20", "33", "60", "73", "79", "81", "99"] {
            let n = with_check(&format!("{bad}000000"));
            assert_eq!(
                routing_number_problem(&n),
                Some(RoutingProblem::Prefix),
                "{n}"
            );
        }
    }

    #[test]
    fn account_numbers_are_1_to_17_digits() {
        assert!(account_number_is_well_formed("1"));
        assert!(account_number_is_well_formed("12345678901234567"));
        assert!(account_number_is_well_formed(" 0012345 "));
        assert!(!account_number_is_well_formed(""));
        assert!(!account_number_is_well_formed("123456789012345678"));
        assert!(!account_number_is_well_formed("1234-5678"));
        assert!(!account_number_is_well_formed("1234 5678"));
        assert!(!account_number_is_well_formed("12345678A"));
    }
}

/// The draft amends a return already filed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Amendment {
    /// Why the return is amended.
    pub reasons: AmendReasons,
    /// The explanation of the changes, as the filer wrote or edited it; empty: the app's own,
    /// written from the changes.
    pub explanation: String,
    /// The day this amended return is (or will be) filed: the claim's date for the refund time
    /// limits (54A:9-8) and the end of the interest estimate (54A:9-5). `None`: not given, and
    /// neither is checked.
    pub filed_on: Option<Date>,
    /// The date of the IRS's final determination of the federal change (54A:8-7 a).
    pub federal_determination_on: Option<Date>,
    /// The date the amended federal return was filed (54A:8-7 a).
    pub federal_amended_on: Option<Date>,
    /// The returns as originally filed (one per form filed).
    pub original: Vec<OriginalReturn>,
    /// The original draft's answers, kept when "Amend this return" made this draft, so that the
    /// explanation can name the answers that changed. Its own `amends` is not used.
    pub original_answers: Option<Box<Answers>>,
    /// The answers with only the federal change made: the original's answers with just the
    /// amounts the IRS's change (or the amended federal return) changed. After the 54A:9-8 a
    /// period only the reduction in tax this change alone brings may be refunded (54A:9-8 c),
    /// worked out by computing these answers against the original figures. Its own `amends` is
    /// not used. `None`: not marked.
    pub federal_change_answers: Option<Box<Answers>>,
}

impl Amendment {
    /// The original return of `form`, if given.
    #[must_use]
    pub fn original_of(&self, form: &str) -> Option<&OriginalReturn> {
        self.original.iter().find(|o| o.form == form)
    }
}
