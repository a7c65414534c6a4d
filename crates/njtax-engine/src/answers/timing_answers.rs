//! Answers about when tax was paid and the return filed, and about next year: estimated tax and
//! the NJ-2210 (54A:8-4, 8-5, 9-6 c, d), late filing and payment (8-1, 9-5, 9-6 a), the plan for
//! next year's estimated payments, and the health coverage schedule (54A:11, 8-6.2).
//! Re-exported from [`crate::answers`].

use serde::{Deserialize, Serialize};

use crate::calendar::Date;
use crate::money::Money;

/// Income earned by the end of each NJ-2210 period, for the annualized-income exception
/// (54A:9-6 d(1)(C), d(2)): cumulative from January 1.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IncomeByPeriod {
    /// New Jersey gross income from January 1 through March 31 (before the April installment).
    pub through_march: Money,
    /// Through May 31 (before the June installment).
    pub through_may: Money,
    /// Through August 31 (before the September installment).
    pub through_august: Money,
    /// Through December 31 (before the January installment): the whole year.
    pub through_december: Money,
}

/// When tax was withheld during the year (NJ-2210 line 6 counts withholding with the payments of each
/// period).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WithholdingTiming {
    /// Use the amounts below instead of spreading the year's withholding evenly.
    pub actual: bool,
    /// Withheld from January 1 through the April installment date.
    pub by_april: Money,
    /// Withheld after that through the June installment date.
    pub by_june: Money,
    /// Withheld after that through the September installment date.
    pub by_september: Money,
    /// Withheld after that through the January installment date.
    pub by_january: Money,
}

/// Facts for the underpayment of estimated tax (NJ-2210, line 52).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EstimatedTaxFacts {
    /// Last year's tax shown on the return (last year's NJ-1040 line 50); `None` when no return
    /// showing a tax was filed for last year, or it did not cover 12 months (54A:9-6 d(1)(A)).
    pub prior_year_tax: Option<Money>,
    /// Last year's taxable gross income (gross income after the chapter 3 and 3A deductions: last
    /// year's NJ-1040 line 42), for the 110% rule of 54A:9-6 d(3).
    pub prior_year_taxable_income: Option<Money>,
    /// Last year's filing status was married filing separately (the $75,000 limit of 9-6 d(3) looks
    /// at this year's status; kept for the record).
    pub prior_year_married_separately: bool,
    /// Use the annualized-income exception with the income by period below.
    pub use_annualized_income: bool,
    /// Income by period (annualized-income exception).
    pub income_by_period: IncomeByPeriod,
    /// When tax was withheld: spread evenly over the four installment dates unless the actual
    /// amounts are given.
    pub withholding_timing: WithholdingTiming,
    /// An amount for line 52 worked out elsewhere (the Division's bill, or a draft of format 3 that
    /// typed it): used instead of the computed interest, with a warning.
    pub interest_override: Option<Money>,
}

/// When the return is filed and the tax paid (54A:8-1; estimates of 9-5 interest and 9-6 a
/// additions when late).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FilingDates {
    /// An extension of time to file was requested (NJ-630): the filing due date moves six months
    /// (54A:8-1 b); the payment due date does not.
    pub extension: bool,
    /// The date the return is (or will be) filed; `None`: on time.
    pub filed_on: Option<Date>,
    /// The date the balance due is (or will be) paid; `None`: with the return, on time.
    pub paid_on: Option<Date>,
}

/// How to work out next year's estimated tax (54A:8-4, 8-5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlanBasis {
    /// This year's tax (the prior-year safe harbour of 54A:9-6 d(1)(A), 110% above the income limit).
    #[default]
    ThisYearsTax,
    /// A projected tax for next year entered below.
    Projected,
}

/// The plan for next year's estimated payments.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NextYearPlan {
    /// Which amount the installments are based on.
    pub basis: PlanBasis,
    /// Projected tax for next year after credits (for `Projected`).
    pub projected_tax: Money,
    /// Tax expected to be withheld next year.
    pub expected_withholding: Money,
}

/// One person's health coverage by month (Schedule NJ-HCC Part II), kept on the taxpayer, the
/// spouse and each dependent. The default is covered every month.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Coverage {
    /// Months without minimum essential coverage, by number (1 = January) (54A:11-3 a).
    pub months_without_coverage: Vec<u8>,
    /// Of those, months covered by an exemption granted by the Division (54A:11-7), by number.
    pub exempt_months: Vec<u8>,
    /// The exemption number the Division issued.
    pub exemption_number: String,
}

/// Health coverage for the shared responsibility payment (54A:11-3, 11-4; lines 53a-53c).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HealthCoverage {
    /// Someone in the household has no health insurance now (line 53a oval; 54A:8-6.2 asks on the
    /// date of filing).
    pub someone_uninsured_now: bool,
    /// Allow the Division to share the return's information with Get Covered New Jersey (53b oval).
    pub share_with_get_covered_nj: bool,
    /// The household income of dependents who are not on this return (their NJ-1040 line 27 plus
    /// tax-exempt interest, filed or not), for household income.
    pub dependents_income: Money,
    /// The federal shared responsibility payment made for the same year (54A:11-4 g).
    pub federal_payment: Money,
    /// The State average premium for bronze-level plans per person for the year, when the app has
    /// no figure for the year (54A:11-4 a).
    pub bronze_premium_override: Option<Money>,
    /// An amount for line 53c worked out elsewhere (a draft of format 3 that typed it): used
    /// instead of the computed payment, with a warning.
    pub payment_override: Option<Money>,
}
