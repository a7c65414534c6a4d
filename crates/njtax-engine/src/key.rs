//! The key of every line the engine computes: one variant per line of the NJ-1040 and the
//! NJ-1040NR, stable across years. Each year's line map (`forms/lines/*.ron`) gives a key its
//! printed id and label; the key's serde name is the name those files, `forms/handoff/*.ron` and
//! the JSON output use (`wages`, `tax_due`), so a misspelt key fails when the file is read, and a
//! misspelt key in the code does not compile.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// What a line's amount measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Dollars and cents.
    Money,
    /// A ratio between 0 and 1, shown as a percentage (the NJ-1040NR income percentage).
    Ratio,
}

/// A line of the return. The doc comment of each variant gives its line in the 2023-2025
/// numbering; the year's line map decides the printed id.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::EnumCount,
    strum::VariantArray,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[strum(serialize_all = "snake_case")]
pub enum Key {
    /// NJ-1040 line 6 (2023-2025 numbering): Regular exemption (you, spouse/CU partner).
    ExemptionRegular,
    /// NJ-1040 line 7 (2023-2025 numbering): Age 65 or older exemption.
    ExemptionAge,
    /// NJ-1040 line 8 (2023-2025 numbering): Blind or disabled exemption.
    ExemptionBlind,
    /// NJ-1040 line 9 (2023-2025 numbering): Veteran exemption.
    ExemptionVeteran,
    /// NJ-1040 line 10 (2023-2025 numbering): Qualified dependent children.
    ExemptionChildren,
    /// NJ-1040 line 11 (2023-2025 numbering): Other dependents.
    ExemptionOtherDependents,
    /// NJ-1040 line 12 (2023-2025 numbering): Dependents attending college.
    ExemptionCollege,
    /// NJ-1040 line 13 (2023-2025 numbering): Total exemption amount.
    ExemptionTotal,
    /// NJ-1040 line 15 (2023-2025 numbering): Wages, salaries, tips, and other employee compensation.
    Wages,
    /// NJ-1040 line 16a (2023-2025 numbering): Taxable interest income.
    TaxableInterest,
    /// NJ-1040 line 16b (2023-2025 numbering): Tax-exempt interest income (not included in total income).
    ExemptInterest,
    /// NJ-1040 line 17 (2023-2025 numbering): Dividends.
    Dividends,
    /// NJ-1040 line 18 (2023-2025 numbering): Net profits from business.
    BusinessProfits,
    /// NJ-1040 line 19 (2023-2025 numbering): Net gains or income from disposition of property.
    PropertyGains,
    /// NJ-1040 line 20a (2023-2025 numbering): Taxable pensions, annuities, and IRA withdrawals.
    Pensions,
    /// NJ-1040 line 20b (2023-2025 numbering): Excludable pensions, annuities, and IRA withdrawals (not included in total income).
    PensionsExcludable,
    /// NJ-1040 line 21 (2023-2025 numbering): Distributive share of partnership income.
    PartnershipIncome,
    /// NJ-1040 line 22 (2023-2025 numbering): Net pro rata share of S corporation income.
    SCorpIncome,
    /// NJ-1040 line 23 (2023-2025 numbering): Net gain or income from rents, royalties, patents, and copyrights.
    Rents,
    /// NJ-1040 line 24 (2023-2025 numbering): Net gambling winnings.
    Gambling,
    /// NJ-1040 line 25 (2023-2025 numbering): Alimony and separate maintenance payments received.
    AlimonyReceived,
    /// NJ-1040 line 26 (2023-2025 numbering): Other income.
    OtherIncome,
    /// NJ-1040 line 27 (2023-2025 numbering): Total income.
    TotalIncome,
    /// NJ-1040 line 28a (2023-2025 numbering): Pension/retirement exclusion.
    PensionExclusion,
    /// NJ-1040 line 28b (2023-2025 numbering): Other retirement income exclusion.
    OtherRetirementExclusion,
    /// NJ-1040 line 28c (2023-2025 numbering): Total exclusion amount.
    TotalExclusions,
    /// NJ-1040 line 29 (2023-2025 numbering): New Jersey gross income.
    GrossIncome,
    /// NJ-1040 line 30 (2023-2025 numbering): Total exemption amount.
    Exemptions,
    /// NJ-1040 line 31 (2023-2025 numbering): Medical expenses.
    Medical,
    /// NJ-1040 line 32 (2023-2025 numbering): Alimony and separate maintenance payments.
    AlimonyPaid,
    /// NJ-1040 line 33 (2023-2025 numbering): Qualified conservation contribution.
    Conservation,
    /// NJ-1040 line 34 (2023-2025 numbering): Health Enterprise Zone deduction.
    HealthEnterpriseZone,
    /// NJ-1040 line 35 (2023-2025 numbering): Alternative business calculation adjustment.
    AlternativeBusiness,
    /// NJ-1040 line 36 (2023-2025 numbering): Organ/bone marrow donation deduction.
    OrganDonation,
    /// NJ-1040 line 37a (2023-2025 numbering): NJBEST deduction.
    Njbest,
    /// NJ-1040 line 37b (2023-2025 numbering): NJCLASS deduction.
    Njclass,
    /// NJ-1040 line 37c (2023-2025 numbering): NJ higher education tuition deduction.
    Tuition,
    /// NJ-1040 line 38 (2023-2025 numbering): Total exemptions and deductions.
    TotalDeductions,
    /// NJ-1040 line 39 (2023-2025 numbering): Taxable income.
    TaxableIncome,
    /// NJ-1040 line 40a (2023-2025 numbering): Property taxes (18% of rent for tenants) paid.
    PropertyTaxesPaid,
    /// NJ-1040 line 41 (2023-2025 numbering): Property tax deduction.
    PropertyTaxDeduction,
    /// NJ-1040 line 42 (2023-2025 numbering): New Jersey taxable income.
    NjTaxableIncome,
    /// NJ-1040 line 43 (2023-2025 numbering): Tax on amount on line 42.
    Tax,
    /// NJ-1040 line 44 (2023-2025 numbering): Credit for income or wage taxes paid to other jurisdiction.
    CojCredit,
    /// NJ-1040 line 45 (2023-2025 numbering): Balance of tax.
    BalanceOfTax,
    /// NJ-1040 line 46 (2023-2025 numbering): Sheltered workshop tax credit.
    ShelteredWorkshopCredit,
    /// NJ-1040 line 47 (2023-2025 numbering): Gold Star family counseling credit.
    GoldStarCredit,
    /// NJ-1040 line 48 (2023-2025 numbering): Credit for employer of organ/bone marrow donor.
    OrganDonorEmployerCredit,
    /// NJ-1040 line 49 (2023-2025 numbering): Total credits.
    TotalCredits,
    /// NJ-1040 line 45 of 2018-2019 only: balance of tax minus the nonrefundable child and
    /// dependent care credit (a running balance; no later form has it).
    BalanceAfterCareCredit,
    /// NJ-1040 line 47 of 2018-2019 only: that balance minus the sheltered workshop credit (a
    /// running balance; no later form has it).
    BalanceAfterWorkshopCredit,
    /// NJ-1040 line 50 (2023-2025 numbering): Balance of tax after credits.
    BalanceAfterCredits,
    /// NJ-1040 line 51 (2023-2025 numbering): Use tax due on internet, mail-order, or other out-of-state purchases.
    UseTax,
    /// NJ-1040 line 52 (2023-2025 numbering): Interest on underpayment of estimated tax.
    EstimatedTaxInterest,
    /// NJ-1040 line 53c (2023-2025 numbering): Shared responsibility payment.
    SharedResponsibility,
    /// NJ-1040 line 54 (2023-2025 numbering): Total tax due.
    TotalTaxDue,
    /// NJ-1040 line 55 (2023-2025 numbering): Total New Jersey income tax withheld.
    Withholding,
    /// NJ-1040 line 56 (2023-2025 numbering): Property tax credit.
    PropertyTaxCredit,
    /// NJ-1040 line 57 (2023-2025 numbering): New Jersey estimated payments/credit from prior year return.
    EstimatedPayments,
    /// NJ-1040 line 58 (2023-2025 numbering): New Jersey earned income tax credit.
    NjEitc,
    /// NJ-1040 line 59 (2023-2025 numbering): Excess New Jersey UI/WF/SWF withheld.
    ExcessUi,
    /// NJ-1040 line 60 (2023-2025 numbering): Excess New Jersey disability insurance withheld.
    ExcessDi,
    /// NJ-1040 line 61 (2023-2025 numbering): Excess New Jersey family leave insurance withheld.
    ExcessFli,
    /// NJ-1040 line 62 (2023-2025 numbering): Wounded Warrior Caregivers credit.
    WoundedWarriorCredit,
    /// NJ-1040 line 63 (2023-2025 numbering): Pass-Through Business Alternative Income Tax credit.
    BaitCredit,
    /// NJ-1040 line 64 (2023-2025 numbering): Child and dependent care credit.
    ChildCareCredit,
    /// NJ-1040 line 65 (2023-2025 numbering): New Jersey Child Tax Credit.
    ChildTaxCredit,
    /// NJ-1040 line 66 (2023-2025 numbering): Total withholdings, credits, and payments.
    TotalPayments,
    /// NJ-1040 line 67 (2023-2025 numbering): Tax due.
    TaxDue,
    /// NJ-1040 line 68 (2023-2025 numbering): Overpayment.
    Overpayment,
    /// NJ-1040 line 69 (2023-2025 numbering): Amount of line 68 to be credited to next year's tax.
    CreditForward,
    /// NJ-1040 line 70 (2023-2025 numbering): Endangered Wildlife Fund.
    FundEndangeredWildlife,
    /// NJ-1040 line 71 (2023-2025 numbering): Children's Trust Fund.
    FundChildrensTrust,
    /// NJ-1040 line 72 (2023-2025 numbering): Vietnam Veterans' Memorial Fund.
    FundVietnamVeterans,
    /// NJ-1040 line 73 (2023-2025 numbering): Breast Cancer Research Fund.
    FundBreastCancer,
    /// NJ-1040 line 74 (2023-2025 numbering): U.S.S. New Jersey Educational Museum Fund.
    FundUssNewJersey,
    /// NJ-1040 line 75 (2023-2025 numbering): Other designated contribution.
    #[strum(serialize = "fund_other_1")]
    FundOther1,
    /// NJ-1040 line 76 (2023-2025 numbering): Other designated contribution.
    #[strum(serialize = "fund_other_2")]
    FundOther2,
    /// NJ-1040 line 77 (2023-2025 numbering): Other designated contribution.
    #[strum(serialize = "fund_other_3")]
    FundOther3,
    /// NJ-1040 line 78 (2023-2025 numbering): Total adjustments to tax due/overpayment.
    TotalAdjustments,
    /// NJ-1040 line 79 (2023-2025 numbering): Balance due.
    BalanceDue,
    /// NJ-1040 line 80 (2023-2025 numbering): Refund amount.
    Refund,
    /// NJ-1040NR line 15B (2023-2025 numbering): Wages, salaries, tips (New Jersey sources).
    WagesNj,
    /// NJ-1040NR line 16B (2023-2025 numbering): Taxable interest income (New Jersey sources).
    TaxableInterestNj,
    /// NJ-1040NR line 17B (2023-2025 numbering): Dividends (New Jersey sources).
    DividendsNj,
    /// NJ-1040NR line 18B (2023-2025 numbering): Net profits from business (New Jersey sources).
    BusinessProfitsNj,
    /// NJ-1040NR line 19B (2023-2025 numbering): Net gains or income from disposition of property (New Jersey sources).
    PropertyGainsNj,
    /// NJ-1040NR line 20B (2023-2025 numbering): Net gains or income from rents, royalties, patents, and copyrights (New Jersey sources).
    RentsNj,
    /// NJ-1040NR line 21B (2023-2025 numbering): Net gambling winnings (New Jersey sources).
    GamblingNj,
    /// NJ-1040NR line 22B (2023-2025 numbering): Pensions, annuities, and IRA withdrawals (New Jersey sources: none, 54A:5-8 b).
    PensionsNj,
    /// NJ-1040NR line 23B (2023-2025 numbering): Distributive share of partnership income (New Jersey sources).
    PartnershipIncomeNj,
    /// NJ-1040NR line 24B (2023-2025 numbering): Net pro rata share of S corporation income (New Jersey sources).
    SCorpIncomeNj,
    /// NJ-1040NR line 25B (2023-2025 numbering): Alimony and separate maintenance payments received (New Jersey sources).
    AlimonyReceivedNj,
    /// NJ-1040NR line 26B (2023-2025 numbering): Other income (New Jersey sources).
    OtherIncomeNj,
    /// NJ-1040NR line 27B (2023-2025 numbering): Total income (New Jersey sources).
    TotalIncomeNj,
    /// NJ-1040NR line 29B (2023-2025 numbering): New Jersey gross income (New Jersey sources).
    GrossIncomeNj,
    /// NJ-1040NR line 40 (2023-2025 numbering): Tax on line 39 as if a resident.
    TaxAsResident,
    /// NJ-1040NR line 41 (2023-2025 numbering): Income percentage (line 29, column B ÷ column A).
    IncomePercentage,
    /// NJ-1040NR line 52 (2023-2025 numbering): Partnership payments (tax paid on your behalf by partnerships).
    PartnershipTaxPaid,
}

impl Key {
    /// How many keys there are.
    pub const COUNT: usize = <Self as strum::EnumCount>::COUNT;

    /// Every key, in declaration order.
    pub const ALL: &'static [Self] = <Self as strum::VariantArray>::VARIANTS;

    /// The key's name in the forms files and the JSON output (`wages`).
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Its index among [`Key::ALL`] (for tables indexed by key).
    pub fn index(self) -> usize {
        self as usize
    }

    /// What the line's amount measures.
    pub fn unit(self) -> Unit {
        match self {
            Self::IncomePercentage => Unit::Ratio,
            _ => Unit::Money,
        }
    }

    /// The key named `name` (`wages`), if there is one.
    pub fn parse(name: &str) -> Option<Self> {
        name.parse().ok()
    }
}

/// Written as its name, a string (`"wages"`), in every format.
impl Serialize for Key {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Read from its name, a string (`"wages"`, as the line maps write it); any other name is an
/// error naming it.
impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Name;
        impl Visitor<'_> for Name {
            type Value = Key;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a line key such as \"wages\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key, E> {
                Key::parse(v)
                    .ok_or_else(|| E::custom(format!("`{v}` is not a line key the engine knows")))
            }
        }
        deserializer.deserialize_str(Name)
    }
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_to_its_key() {
        for k in Key::ALL {
            assert_eq!(Key::parse(k.as_str()), Some(*k));
            let written = ron::to_string(k).unwrap_or_default();
            assert_eq!(written, format!("\"{}\"", k.as_str()));
            assert_eq!(ron::from_str::<Key>(&written).ok(), Some(*k));
            assert_eq!(
                k.index(),
                Key::ALL.iter().position(|x| x == k).unwrap_or(usize::MAX)
            );
        }
        assert_eq!(Key::ALL.len(), Key::COUNT);
        assert_eq!(Key::parse("wage"), None);
    }

    #[test]
    fn a_misspelt_key_is_an_error_naming_it() {
        let err = ron::from_str::<Vec<(Key, String)>>(r#"[("wages", "15"), ("wagse", "16")]"#)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains("`wagse` is not a line key"), "{err}");
        assert!(err.contains("1:"), "the error gives the position: {err}");
    }
}
