//! The rule registry: for each form, one exhaustive `match` from every [`Key`] to the rule that
//! gives it. A demand-driven [`Sheet`] asks the registry for a line the first time a rule reads
//! it, so lines are computed in whatever order their rules need them, each once, and no order is
//! kept by hand. Worksheets that several lines read (the property tax choice, the credit
//! mechanism, Schedule NJ-HCC, the NJ-2210) are worked out once, when first needed, and kept as
//! typed values beside the sheet.

use std::cell::OnceCell;

use rust_decimal::Decimal;

use crate::answers::Answers;
use crate::explain::Line;
use crate::key::Key;
use crate::residency::Scope;
use crate::rules;
use crate::rules::business_credits::Applied;
use crate::rules::hcc::HccSchedule;
use crate::rules::nj2210::Nj2210Schedule;
use crate::rules::property::PropertyTaxChoice;
use crate::sheet::{Ctx, Rules, Sheet};

/// A rule: a line function, or a worksheet that gives several lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u16)]
enum Rule {
    /// Lines 6-13 (`exemptions::exemption_lines`).
    Exemptions,
    /// Lines 15-26 (`income::income_lines`), column A on the NJ-1040NR.
    Income,
    /// Line 27.
    TotalIncome,
    /// Line 28a.
    PensionExclusion,
    /// Line 28b (Worksheet D).
    OtherRetirementExclusion,
    /// Line 28c.
    TotalExclusions,
    /// Line 29.
    GrossIncome,
    /// Line 30.
    Exemptions30,
    /// Lines 31-37c (`deductions::deduction_lines`).
    Deductions,
    /// Line 38.
    TotalDeductions,
    /// Line 39.
    TaxableIncome,
    /// Line 40a.
    PropertyTaxesPaid,
    /// Lines 41-44 with the property tax choice (Worksheet H, or Schedule NJ-COJ and Worksheet I).
    PropertyAndTax,
    /// Line 56, from the property tax choice.
    PropertyTaxCredit,
    /// Line 58, prorated for a part-year resident.
    NjEitc,
    /// Line 64, prorated for a part-year resident.
    ChildCareCredit,
    /// Line 65, prorated for a part-year resident.
    ChildTaxCredit,
    /// Line 53c with Schedule NJ-HCC.
    SharedResponsibility,
    /// Line 55.
    Withholding,
    /// Line 57.
    EstimatedPayments,
    /// Lines 59-61 (Form NJ-2450).
    ExcessContributions,
    /// Lines 62 and 63, from the credit mechanism.
    RefundableCredits,
    /// Lines 45-54 (46-48 from the credit mechanism, 52 with the NJ-2210).
    TaxAfterCredits,
    /// Lines 66-80.
    PaymentsAndRefund,
    /// NJ-1040NR column B: each income line over the New Jersey-source answers.
    ColumnB,
    /// NJ-1040NR column B totals (27B, 29B).
    ColumnBTotals,
    /// NJ-1040NR lines 40-42: tax as if a resident, the income percentage, the tax.
    NonresidentTax,
    /// NJ-1040NR partnership payments.
    PartnershipTaxPaid,
}

impl Rule {
    const ALL: [Rule; 28] = [
        Rule::Exemptions,
        Rule::Income,
        Rule::TotalIncome,
        Rule::PensionExclusion,
        Rule::OtherRetirementExclusion,
        Rule::TotalExclusions,
        Rule::GrossIncome,
        Rule::Exemptions30,
        Rule::Deductions,
        Rule::TotalDeductions,
        Rule::TaxableIncome,
        Rule::PropertyTaxesPaid,
        Rule::PropertyAndTax,
        Rule::PropertyTaxCredit,
        Rule::NjEitc,
        Rule::ChildCareCredit,
        Rule::ChildTaxCredit,
        Rule::SharedResponsibility,
        Rule::Withholding,
        Rule::EstimatedPayments,
        Rule::ExcessContributions,
        Rule::RefundableCredits,
        Rule::TaxAfterCredits,
        Rule::PaymentsAndRefund,
        Rule::ColumnB,
        Rule::ColumnBTotals,
        Rule::NonresidentTax,
        Rule::PartnershipTaxPaid,
    ];

    fn number(self) -> u16 {
        self as u16
    }

    /// The rule a sheet slot's number names: `ALL` is in declaration order, so the number is its
    /// index (checked, so a reordered list can only miss, never run the wrong rule; a test pins
    /// the order).
    fn from_number(n: u16) -> Option<Rule> {
        Rule::ALL
            .get(usize::from(n))
            .copied()
            .filter(|r| r.number() == n)
    }
}

/// The NJ-1040's rule for each key (`None`: not a line of the NJ-1040).
fn resident_rule(key: Key) -> Option<Rule> {
    use Key as K;
    Some(match key {
        K::ExemptionRegular
        | K::ExemptionAge
        | K::ExemptionBlind
        | K::ExemptionVeteran
        | K::ExemptionChildren
        | K::ExemptionOtherDependents
        | K::ExemptionCollege
        | K::ExemptionTotal => Rule::Exemptions,
        K::Wages
        | K::TaxableInterest
        | K::ExemptInterest
        | K::Dividends
        | K::BusinessProfits
        | K::PropertyGains
        | K::Pensions
        | K::PensionsExcludable
        | K::PartnershipIncome
        | K::SCorpIncome
        | K::Rents
        | K::Gambling
        | K::AlimonyReceived
        | K::OtherIncome => Rule::Income,
        K::TotalIncome => Rule::TotalIncome,
        K::PensionExclusion => Rule::PensionExclusion,
        K::OtherRetirementExclusion => Rule::OtherRetirementExclusion,
        K::TotalExclusions => Rule::TotalExclusions,
        K::GrossIncome => Rule::GrossIncome,
        K::Exemptions => Rule::Exemptions30,
        K::Medical
        | K::AlimonyPaid
        | K::Conservation
        | K::HealthEnterpriseZone
        | K::AlternativeBusiness
        | K::OrganDonation
        | K::Njbest
        | K::Njclass
        | K::Tuition => Rule::Deductions,
        K::TotalDeductions => Rule::TotalDeductions,
        K::TaxableIncome => Rule::TaxableIncome,
        K::PropertyTaxesPaid => Rule::PropertyTaxesPaid,
        K::PropertyTaxDeduction | K::NjTaxableIncome | K::Tax | K::CojCredit => {
            Rule::PropertyAndTax
        }
        K::BalanceOfTax
        | K::ShelteredWorkshopCredit
        | K::GoldStarCredit
        | K::OrganDonorEmployerCredit
        | K::TotalCredits
        | K::BalanceAfterCareCredit
        | K::BalanceAfterWorkshopCredit
        | K::BalanceAfterCredits
        | K::UseTax
        | K::EstimatedTaxInterest
        | K::TotalTaxDue => Rule::TaxAfterCredits,
        K::SharedResponsibility => Rule::SharedResponsibility,
        K::Withholding => Rule::Withholding,
        K::PropertyTaxCredit => Rule::PropertyTaxCredit,
        K::EstimatedPayments => Rule::EstimatedPayments,
        K::NjEitc => Rule::NjEitc,
        K::ExcessUi | K::ExcessDi | K::ExcessFli => Rule::ExcessContributions,
        K::WoundedWarriorCredit | K::BaitCredit => Rule::RefundableCredits,
        K::ChildCareCredit => Rule::ChildCareCredit,
        K::ChildTaxCredit => Rule::ChildTaxCredit,
        K::TotalPayments
        | K::TaxDue
        | K::Overpayment
        | K::CreditForward
        | K::FundEndangeredWildlife
        | K::FundChildrensTrust
        | K::FundVietnamVeterans
        | K::FundBreastCancer
        | K::FundUssNewJersey
        | K::FundOther1
        | K::FundOther2
        | K::FundOther3
        | K::TotalAdjustments
        | K::BalanceDue
        | K::Refund => Rule::PaymentsAndRefund,
        K::WagesNj
        | K::TaxableInterestNj
        | K::DividendsNj
        | K::BusinessProfitsNj
        | K::PropertyGainsNj
        | K::RentsNj
        | K::GamblingNj
        | K::PensionsNj
        | K::PartnershipIncomeNj
        | K::SCorpIncomeNj
        | K::AlimonyReceivedNj
        | K::OtherIncomeNj
        | K::TotalIncomeNj
        | K::GrossIncomeNj
        | K::TaxAsResident
        | K::IncomePercentage
        | K::PartnershipTaxPaid => return None,
    })
}

/// The NJ-1040NR's rule for each key (`None`: not a line of the NJ-1040NR). Column A and the
/// lines the two forms share are worked out by the same rules as on the NJ-1040.
fn nonresident_rule(key: Key) -> Option<Rule> {
    use Key as K;
    Some(match key {
        K::WagesNj
        | K::TaxableInterestNj
        | K::DividendsNj
        | K::BusinessProfitsNj
        | K::PropertyGainsNj
        | K::RentsNj
        | K::GamblingNj
        | K::PensionsNj
        | K::PartnershipIncomeNj
        | K::SCorpIncomeNj
        | K::AlimonyReceivedNj
        | K::OtherIncomeNj => Rule::ColumnB,
        K::TotalIncomeNj | K::GrossIncomeNj => Rule::ColumnBTotals,
        K::TaxAsResident | K::IncomePercentage | K::Tax => Rule::NonresidentTax,
        K::PartnershipTaxPaid => Rule::PartnershipTaxPaid,
        // Lines 40a-44 and the NJ-1040's property tax, EITC, care and child credits and shared
        // responsibility payment are not on the NJ-1040NR (54A:3A-15 ff., 4-7, 4-17, 4-17.1 and
        // 11-3 are resident provisions).
        K::PropertyTaxesPaid
        | K::PropertyTaxDeduction
        | K::NjTaxableIncome
        | K::CojCredit
        | K::SharedResponsibility
        | K::PropertyTaxCredit
        | K::NjEitc
        | K::ChildCareCredit
        | K::ChildTaxCredit => return None,
        K::ExemptionRegular
        | K::ExemptionAge
        | K::ExemptionBlind
        | K::ExemptionVeteran
        | K::ExemptionChildren
        | K::ExemptionOtherDependents
        | K::ExemptionCollege
        | K::ExemptionTotal
        | K::Wages
        | K::TaxableInterest
        | K::ExemptInterest
        | K::Dividends
        | K::BusinessProfits
        | K::PropertyGains
        | K::Pensions
        | K::PensionsExcludable
        | K::PartnershipIncome
        | K::SCorpIncome
        | K::Rents
        | K::Gambling
        | K::AlimonyReceived
        | K::OtherIncome
        | K::TotalIncome
        | K::PensionExclusion
        | K::OtherRetirementExclusion
        | K::TotalExclusions
        | K::GrossIncome
        | K::Exemptions
        | K::Medical
        | K::AlimonyPaid
        | K::Conservation
        | K::HealthEnterpriseZone
        | K::AlternativeBusiness
        | K::OrganDonation
        | K::Njbest
        | K::Njclass
        | K::Tuition
        | K::TotalDeductions
        | K::TaxableIncome
        | K::BalanceOfTax
        | K::ShelteredWorkshopCredit
        | K::GoldStarCredit
        | K::OrganDonorEmployerCredit
        | K::TotalCredits
        | K::BalanceAfterCareCredit
        | K::BalanceAfterWorkshopCredit
        | K::BalanceAfterCredits
        | K::UseTax
        | K::EstimatedTaxInterest
        | K::TotalTaxDue
        | K::Withholding
        | K::EstimatedPayments
        | K::ExcessUi
        | K::ExcessDi
        | K::ExcessFli
        | K::WoundedWarriorCredit
        | K::BaitCredit
        | K::TotalPayments
        | K::TaxDue
        | K::Overpayment
        | K::CreditForward
        | K::FundEndangeredWildlife
        | K::FundChildrensTrust
        | K::FundVietnamVeterans
        | K::FundBreastCancer
        | K::FundUssNewJersey
        | K::FundOther1
        | K::FundOther2
        | K::FundOther3
        | K::TotalAdjustments
        | K::BalanceDue
        | K::Refund => resident_rule(key)?,
    })
}

/// Column-A keys and their column-B (New Jersey source) keys on the NJ-1040NR.
const NJ_SOURCE_KEYS: [(Key, Key); 12] = [
    (Key::Wages, Key::WagesNj),
    (Key::TaxableInterest, Key::TaxableInterestNj),
    (Key::Dividends, Key::DividendsNj),
    (Key::BusinessProfits, Key::BusinessProfitsNj),
    (Key::PropertyGains, Key::PropertyGainsNj),
    (Key::Rents, Key::RentsNj),
    (Key::Gambling, Key::GamblingNj),
    (Key::Pensions, Key::PensionsNj),
    (Key::PartnershipIncome, Key::PartnershipIncomeNj),
    (Key::SCorpIncome, Key::SCorpIncomeNj),
    (Key::AlimonyReceived, Key::AlimonyReceivedNj),
    (Key::OtherIncome, Key::OtherIncomeNj),
];

/// The rules of one return, with the worksheets several lines read, each worked out once.
pub struct Registry<'c, 'a> {
    cx: &'c Ctx<'a>,
    nonresident: bool,
    /// The NJ-1040NR's column B scope (the New Jersey-source answers are built from it).
    scope: Option<Scope>,
    choice: OnceCell<PropertyTaxChoice>,
    applied: OnceCell<Applied>,
    hcc: OnceCell<Option<HccSchedule>>,
    nj2210: OnceCell<Option<Nj2210Schedule>>,
}

impl<'c, 'a> Registry<'c, 'a> {
    /// The NJ-1040's rules (full year, or the resident period of a part-year resident).
    pub fn resident(cx: &'c Ctx<'a>) -> Self {
        Self {
            cx,
            nonresident: false,
            scope: None,
            choice: OnceCell::new(),
            applied: OnceCell::new(),
            hcc: OnceCell::new(),
            nj2210: OnceCell::new(),
        }
    }

    /// The NJ-1040NR's rules; `scope` is the return's scope (for column B).
    pub fn nonresident(cx: &'c Ctx<'a>, scope: Scope) -> Self {
        Self {
            nonresident: true,
            scope: Some(scope),
            ..Self::resident(cx)
        }
    }

    /// The property tax choice (Worksheet H, or Schedule NJ-COJ and Worksheet I), worked out with
    /// lines 41-44.
    fn choice(&self, s: &Sheet<'_>) -> Option<&PropertyTaxChoice> {
        if self.choice.get().is_none() {
            s.get(Key::PropertyTaxDeduction);
        }
        self.choice.get()
    }

    /// The credit mechanism: lines 46-48, 62, 63 and the business credits schedule.
    fn applied(&self, s: &Sheet<'_>) -> &Applied {
        self.applied
            .get_or_init(|| apply_business_credits(self.cx, s))
    }

    /// Take out the worksheets that go on the computed return beside the lines.
    pub fn into_parts(self) -> (Applied, Option<HccSchedule>, Option<Nj2210Schedule>) {
        let cx = self.cx;
        let applied = self.applied.into_inner().unwrap_or_else(|| {
            let s = Sheet::default();
            apply_business_credits(cx, &s)
        });
        (
            applied,
            self.hcc.into_inner().flatten(),
            self.nj2210.into_inner().flatten(),
        )
    }

    fn put_all(s: &Sheet<'_>, lines: impl IntoIterator<Item = Line>) {
        for l in lines {
            s.put(l);
        }
    }

    fn run(&self, s: &Sheet<'_>, rule: Rule) {
        let cx = self.cx;
        match rule {
            Rule::Exemptions => Self::put_all(s, rules::exemptions::exemption_lines(cx)),
            Rule::Income => Self::put_all(s, rules::income::income_lines(cx)),
            Rule::TotalIncome => s.put(rules::income::line_27_total_income(cx, s)),
            Rule::PensionExclusion => s.put(rules::exclusions::line_28a_pension_exclusion(cx, s)),
            Rule::OtherRetirementExclusion => {
                s.put(rules::exclusions::line_28b_other_retirement_exclusion(
                    cx, s,
                ));
            }
            Rule::TotalExclusions => s.put(rules::exclusions::line_28c_total_exclusions(cx, s)),
            Rule::GrossIncome => s.put(rules::exclusions::line_29_gross_income(cx, s)),
            Rule::Exemptions30 => s.put(rules::exemptions::line_30_exemptions(cx, s)),
            Rule::Deductions => Self::put_all(s, rules::deductions::deduction_lines(cx, s)),
            Rule::TotalDeductions => s.put(rules::deductions::line_38_total_deductions(cx, s)),
            Rule::TaxableIncome => s.put(rules::deductions::line_39_taxable_income(cx, s)),
            Rule::PropertyTaxesPaid => s.put(rules::property::line_40a_property_taxes_paid(cx, s)),
            Rule::PropertyAndTax => {
                let (lines, choice) = rules::property::lines_41_to_44(cx, s);
                let _ = self.choice.set(choice);
                Self::put_all(s, lines);
            }
            Rule::PropertyTaxCredit => {
                if let Some(choice) = self.choice(s) {
                    s.put(rules::property::line_56_property_tax_credit(cx, s, choice));
                }
            }
            Rule::NjEitc => {
                let l = rules::credits::line_58_nj_eitc(cx, s);
                s.put(rules::credits::prorated_for_part_year(
                    cx,
                    l,
                    "N.J.S.A. 54A:4-7 b",
                ));
            }
            Rule::ChildCareCredit => {
                let l = rules::credits::line_64_child_care_credit(cx, s);
                let l = rules::credits::prorated_for_part_year(cx, l, "N.J.S.A. 54A:4-17 d");
                s.put(rules::credits::care_credit_limited_to_tax(cx, s, l));
            }
            Rule::ChildTaxCredit => {
                let l = rules::credits::line_65_child_tax_credit(cx, s);
                s.put(rules::credits::prorated_for_part_year(
                    cx,
                    l,
                    "N.J.S.A. 54A:4-17.1 e",
                ));
            }
            Rule::SharedResponsibility => {
                let (l, hcc) = rules::hcc::line_53c_shared_responsibility(cx, s);
                let _ = self.hcc.set(hcc);
                s.put(l);
            }
            Rule::Withholding => s.put(rules::totals::line_55_withholding(cx, s)),
            Rule::EstimatedPayments => s.put(rules::totals::line_57_estimated_payments(cx, s)),
            Rule::ExcessContributions => {
                Self::put_all(s, rules::nj2450::lines_59_to_61_excess_contributions(cx, s));
            }
            Rule::RefundableCredits => {
                let applied = self.applied(s);
                Self::put_all(s, rules::totals::lines_62_63_credits(cx, s, applied));
            }
            Rule::TaxAfterCredits => {
                let applied = self.applied(s);
                let (lines, nj2210) = rules::totals::lines_45_to_54_with_nj2210(cx, s, applied);
                let _ = self.nj2210.set(nj2210);
                Self::put_all(s, lines);
            }
            Rule::PaymentsAndRefund => Self::put_all(s, rules::refund::lines_66_to_80(cx, s)),
            Rule::ColumnB => self.column_b(s),
            Rule::ColumnBTotals => Self::put_all(s, rules::nonresident::column_b_totals(cx, s)),
            Rule::NonresidentTax => Self::put_all(s, rules::nonresident::lines_40_to_42(cx, s)),
            Rule::PartnershipTaxPaid => s.put(rules::nonresident::partnership_tax_paid(cx)),
        }
    }

    /// NJ-1040NR column B: the income rules over the New Jersey-source part of each item
    /// (54A:5-8), with the convenience rule's notes on the wages.
    fn column_b(&self, s: &Sheet<'_>) {
        let cx = self.cx;
        let Some(scope) = self.scope.clone() else {
            return;
        };
        let (nj, wage_notes) = rules::nonresident::nj_source_answers(cx);
        let lines = column_b_income(&nj, cx, scope);
        for line in lines {
            if let Some((_, nj_key)) = NJ_SOURCE_KEYS.iter().find(|(k, _)| *k == line.key) {
                if *nj_key == Key::WagesNj {
                    s.put(rules::nonresident::wages_with_convenience(
                        cx,
                        line,
                        &wage_notes,
                    ));
                } else {
                    s.put(rules::nonresident::column_b_line(cx, *nj_key, line));
                }
            }
        }
    }
}

/// The income lines over the New Jersey-source answers (their diagnostics are column A's).
fn column_b_income(nj: &Answers, cx: &Ctx, scope: Scope) -> Vec<Line> {
    let cxb = Ctx::scoped(nj, cx.p, scope).with_mode(cx.mode());
    let lines = rules::income::income_lines(&cxb);
    drop(cxb.take_diags());
    lines
}

impl Rules for Registry<'_, '_> {
    fn rule_of(&self, key: Key) -> Option<u16> {
        let rule = if self.nonresident {
            nonresident_rule(key)
        } else {
            resident_rule(key)
        };
        rule.map(Rule::number)
    }

    fn compute(&self, s: &Sheet<'_>, rule: u16) {
        if let Some(rule) = Rule::from_number(rule) {
            self.run(s, rule);
        }
    }
}

/// Run the credit mechanism ([`rules::business_credits::apply`]). The sheltered workshop limit
/// counts the other credits allowed against the tax (54A:4-11 c: lines 56, 58, 64 and 65 on the
/// NJ-1040), which the sheet computes when the limit reads them.
fn apply_business_credits(cx: &Ctx, s: &Sheet<'_>) -> Applied {
    let earned = rules::credit_amounts::earned_credits(cx, s);
    if earned.is_empty() && cx.a.business_credits.carryovers.is_empty() {
        return rules::business_credits::apply(cx, s, &[], (Decimal::ZERO, cx.empty_explanation()));
    }
    let share = rules::credit_amounts::sheltered_workshop_income_share(cx, s);
    rules::business_credits::apply(cx, s, &earned, share)
}

#[cfg(test)]
mod tests {
    use super::Rule;

    #[test]
    fn every_rule_is_found_from_its_number() {
        for (i, rule) in Rule::ALL.iter().enumerate() {
            assert_eq!(
                usize::from(rule.number()),
                i,
                "{rule:?} is out of order in Rule::ALL"
            );
            assert_eq!(Rule::from_number(rule.number()), Some(*rule));
        }
        assert_eq!(
            Rule::from_number(u16::try_from(Rule::ALL.len()).unwrap_or(u16::MAX)),
            None
        );
    }
}
