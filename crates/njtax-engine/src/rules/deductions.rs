//! Deductions and taxable income (lines 31-39; N.J.S.A. 54A:3-2..3-14).

use rust_decimal::Decimal;

use crate::explain::{Diagnostic, Line};
use crate::key::Key;
pub use crate::law::deductions::{DeductionParams, DeductionParamsFile};
use crate::money::{floor_zero, fmt_money, fmt_rate, sat_sub, sat_sum, times_rate};
use crate::rules::income::business_category_nets;
use crate::schedule::Schedule;
use crate::sheet::{Ctx, Sheet};

/// An amount that cannot be negative: error and zero when it is.
fn non_negative(cx: &Ctx, path: &str, what: &str, v: Decimal, cite: &str) -> Decimal {
    cx.non_negative(path, what, v, cite)
}

/// Line 31: medical expenses (Worksheet F): expenses over 2% of gross income (54A:3-3), plus
/// Archer MSA contributions (54A:3-4), plus self-employed health insurance limited to the
/// earned income from business (lines 18, 21 and 22; 54A:3-5).
pub fn line_31_medical(cx: &Ctx, s: &Sheet) -> Line {
    let d = &cx.a.deductions;
    let p = &cx.p.deductions;
    // A nonresident's 2% floor is on the whole year's gross income as if a resident (3-3(a)).
    let l29 = if cx.scope.kind.is_nonresident() {
        cx.threshold_gross_income(s)
    } else {
        s.v(Key::GrossIncome)
    };
    let f1 = non_negative(
        cx,
        "deductions.medical_expenses",
        "Medical expenses",
        d.medical_expenses,
        "N.J.S.A. 54A:3-3",
    );
    let f2 = times_rate(l29, p.medical_floor_rate.value);
    let f3 = floor_zero(sat_sub(f1, f2));
    let f4 = non_negative(
        cx,
        "deductions.archer_msa",
        "Archer MSA contributions",
        d.archer_msa,
        "N.J.S.A. 54A:3-4",
    );
    let se = non_negative(
        cx,
        "deductions.self_employed_health_insurance",
        "Self-employed health insurance",
        d.self_employed_health_insurance,
        "N.J.S.A. 54A:3-5",
    );
    let business_income = sat_sum([
        s.v(Key::BusinessProfits),
        s.v(Key::PartnershipIncome),
        s.v(Key::SCorpIncome),
    ]);
    let f5 = se.min(business_income);
    if se > f5 {
        cx.diag(
            Diagnostic::warning(
                "se-health-insurance-limited",
                format!(
                    "Self-employed health insurance {} is limited to the earned income from business {} (lines {}, {} and {})",
                    fmt_money(se),
                    fmt_money(business_income),
                    cx.id(Key::BusinessProfits),
                    cx.id(Key::PartnershipIncome),
                    cx.id(Key::SCorpIncome)
                ),
            )
            .at("deductions.self_employed_health_insurance")
            .cite("N.J.S.A. 54A:3-5"),
        );
    }
    let v = sat_sum([f3, f4, f5]);
    let exp = cx.explanation(
        crate::explain_format!(cx,
            "{} of gross income {} = {}; medical expenses {} exceed it by {}; plus Archer MSA contributions {} plus self-employed health insurance {} (limited to business income {}) = {}",
            fmt_rate(p.medical_floor_rate.value),
            fmt_money(l29),
            fmt_money(f2),
            fmt_money(f1),
            fmt_money(f3),
            fmt_money(f4),
            fmt_money(f5),
            fmt_money(business_income),
            fmt_money(v)
        ),
        "N.J.S.A. 54A:3-3(a), 54A:3-4, 54A:3-5",
    )
    .schedule(Schedule::WorksheetF)
    .answer("Medical expenses (F1)", "deductions.medical_expenses", f1)
    .line("Gross income", Key::GrossIncome, l29)
    .worksheet("2% of gross income (F2)", "worksheet_f.line_2", f2)
    .worksheet("Expenses over the floor (F3)", "worksheet_f.line_3", f3)
    .answer("Archer MSA contributions (F4)", "deductions.archer_msa", f4)
    .answer("Self-employed health insurance", "deductions.self_employed_health_insurance", se)
    .worksheet("Self-employed health insurance allowed (F5)", "worksheet_f.line_5", f5)
    .param(&p.medical_floor_rate);
    cx.line(Key::Medical, v, exp)
}

/// A deduction taken as entered (never negative).
fn entered_line(cx: &Ctx, key: Key, path: &str, what: &str, v: Decimal, cite: &str) -> Line {
    let v = non_negative(cx, path, what, v, cite);
    cx.line(
        key,
        v,
        cx.explanation(
            crate::explain_format!(cx, "{what} as entered: {}", fmt_money(v)),
            cite,
        )
        .answer(what, path, v),
    )
}

/// Line 32: alimony and separate maintenance paid under a decree (54A:3-2).
pub fn line_32_alimony_paid(cx: &Ctx) -> Line {
    entered_line(
        cx,
        Key::AlimonyPaid,
        "deductions.alimony_paid",
        "Alimony and separate maintenance paid",
        cx.a.deductions.alimony_paid,
        "N.J.S.A. 54A:3-2",
    )
}

/// Line 33: qualified conservation contribution of NJ real property, as allowed federally (54A:3-6).
pub fn line_33_conservation(cx: &Ctx) -> Line {
    entered_line(
        cx,
        Key::Conservation,
        "deductions.conservation_contribution",
        "Qualified conservation contribution",
        cx.a.deductions.conservation_contribution,
        "N.J.S.A. 54A:3-6",
    )
}

/// Line 34: Health Enterprise Zone deduction, as computed on its worksheet (54A:3-8; the zones are those designated under 54A:3-7).
pub fn line_34_health_enterprise_zone(cx: &Ctx) -> Line {
    entered_line(
        cx,
        Key::HealthEnterpriseZone,
        "deductions.health_enterprise_zone",
        "Health Enterprise Zone deduction",
        cx.a.deductions.health_enterprise_zone,
        "N.J.S.A. 54A:3-7, 3-8",
    )
}

/// The alternative business loss to carry into next year (54A:3-9 b; Schedule NJ-BUS-2 line 12):
/// what the four business categories net, with the loss carried in, below zero, as a positive
/// amount (zero when alternative business income is not negative). The loss carried in that this
/// year's income did not absorb goes on with this year's new loss. `njtax rollover` puts it in
/// next year's `deductions.alternative_business_carryforward`.
pub fn alternative_business_loss_to_carry(cx: &Ctx) -> Decimal {
    let [business, partnership, s_corp, rents] = business_category_nets(cx);
    let carry = floor_zero(cx.a.deductions.alternative_business_carryforward);
    let netted = sat_sub(sat_sum([business, partnership, s_corp, rents]), carry);
    floor_zero(-netted)
}

/// Line 35: alternative business calculation adjustment (54A:3-9; Schedule NJ-BUS-2).
///
/// Regular business income is the total of the four business categories (54A:5-1 b, d, k, p:
/// lines 18, 23, 21, 22), each floored at zero. Alternative business income nets their gains and
/// losses and the loss carried forward, not below zero. The business increment is the difference,
/// and the adjustment is the year's percentage of it (50% from 2016).
pub fn line_35_alternative_business(cx: &Ctx, s: &Sheet) -> Line {
    let p = &cx.p.deductions;
    let [business, partnership, s_corp, rents] = business_category_nets(cx);
    let regular = sat_sum([
        s.v(Key::BusinessProfits),
        s.v(Key::PartnershipIncome),
        s.v(Key::SCorpIncome),
        s.v(Key::Rents),
    ]);
    let carry = non_negative(
        cx,
        "deductions.alternative_business_carryforward",
        "Alternative business loss carried forward",
        cx.a.deductions.alternative_business_carryforward,
        "N.J.S.A. 54A:3-9 b",
    );
    let netted = sat_sub(sat_sum([business, partnership, s_corp, rents]), carry);
    let alternative = floor_zero(netted);
    let increment = floor_zero(sat_sub(regular, alternative));
    let rate = p.alternative_business_rate.value;
    let v = times_rate(increment, rate);
    let next_carry = floor_zero(-netted);
    let exp = cx.explanation(
        crate::explain_format!(cx,
            "Regular business income (lines {} + {} + {} + {}) {}; alternative business income: business {} + partnership {} + S corporation {} + rents {} − loss carried forward {} = {} (not below zero: {}); business increment {} − {} = {}; {} × {} = {}{}",
            cx.id(Key::BusinessProfits),
            cx.id(Key::PartnershipIncome),
            cx.id(Key::SCorpIncome),
            cx.id(Key::Rents),
            fmt_money(regular),
            fmt_money(business),
            fmt_money(partnership),
            fmt_money(s_corp),
            fmt_money(rents),
            fmt_money(carry),
            fmt_money(netted),
            fmt_money(alternative),
            fmt_money(regular),
            fmt_money(alternative),
            fmt_money(increment),
            fmt_rate(rate),
            fmt_money(increment),
            fmt_money(v),
            if next_carry.is_zero() {
                String::new()
            } else {
                crate::explain_format!(cx, "; alternative business loss {} may be carried forward (up to 20 years)", fmt_money(next_carry))
            }
        ),
        "N.J.S.A. 54A:3-9",
    )
    .schedule(Schedule::NjBus2)
    .line("Net profits from business", Key::BusinessProfits, s.v(Key::BusinessProfits))
    .line("Partnership income", Key::PartnershipIncome, s.v(Key::PartnershipIncome))
    .line("S corporation income", Key::SCorpIncome, s.v(Key::SCorpIncome))
    .line("Rents, royalties, patents and copyrights", Key::Rents, s.v(Key::Rents))
    .answer("Loss carried forward", "deductions.alternative_business_carryforward", carry)
    .worksheet("Alternative business income", "nj_bus_2.line_8", alternative)
    .worksheet("Business increment", "nj_bus_2.line_9", increment)
    .worksheet("Loss to carry to next year", "nj_bus_2.line_12", next_carry)
    .param(&p.alternative_business_rate);
    cx.line(Key::AlternativeBusiness, v, exp)
}

/// Line 36: unreimbursed organ or bone-marrow donation expenses, up to $10,000 (54A:3-10).
pub fn line_36_organ_donation(cx: &Ctx) -> Line {
    let p = &cx.p.deductions;
    let costs = non_negative(
        cx,
        "deductions.organ_donation_costs",
        "Organ donation costs",
        cx.a.deductions.organ_donation_costs,
        "N.J.S.A. 54A:3-10",
    );
    let other_year = non_negative(
        cx,
        "deductions.organ_donation_other_year",
        "Donation costs deducted in the year before or after",
        cx.a.deductions.organ_donation_other_year,
        "N.J.S.A. 54A:3-10 c",
    );
    let Some(cap) = p.organ_donation_cap.value.0 else {
        if !other_year.is_zero() {
            cx.diag(
                Diagnostic::warning(
                    "deduction-not-in-year",
                    format!(
                        "There is no organ/bone-marrow donation deduction for tax year {}: the donation costs of the year before or after ({}) are not used",
                        cx.year(),
                        fmt_money(other_year)
                    ),
                )
                .at("deductions.organ_donation_other_year")
                .cite("N.J.S.A. 54A:3-10"),
            );
        }
        return not_in_year(
            cx,
            Key::OrganDonation,
            (
                "deductions.organ_donation_costs",
                "organ/bone-marrow donation",
                costs,
            ),
            "N.J.S.A. 54A:3-10",
            &p.organ_donation_cap,
        );
    };
    // 3-10 c: costs of the year before or after are deducted in their own year, "but the
    // combined amount deducted shall not exceed" the cap.
    let room = floor_zero(sat_sub(cap, other_year));
    let v = costs.min(room);
    let rule = if other_year.is_zero() {
        crate::explain_format!(
            cx,
            "The smaller of unreimbursed donation expenses {} and {} = {}",
            fmt_money(costs),
            fmt_money(cap),
            fmt_money(v)
        )
    } else {
        crate::explain_format!(
            cx,
            "The combined amount deducted for the transplantation over this year and the year before or after is at most {}: {} less the {} deducted in the other year leaves {}; the smaller of unreimbursed donation expenses {} and {} = {}",
            fmt_money(cap),
            fmt_money(cap),
            fmt_money(other_year),
            fmt_money(room),
            fmt_money(costs),
            fmt_money(room),
            fmt_money(v)
        )
    };
    cx.line(
        Key::OrganDonation,
        v,
        cx.explanation(rule, "N.J.S.A. 54A:3-10 a, c")
            .answer(
                "Organ/bone-marrow donation expenses",
                "deductions.organ_donation_costs",
                costs,
            )
            .answer(
                "Deducted for the same transplantation in the year before or after",
                "deductions.organ_donation_other_year",
                other_year,
            )
            .param(&p.organ_donation_cap),
    )
}

/// A deduction line in a year before the law that made the deduction (its cap figure `cap` is
/// `None`): zero, and a warning at the answer when an amount was given (it is not deducted on this
/// year's return).
fn not_in_year(
    cx: &Ctx,
    key: Key,
    (path, what, amount): (&str, &str, Decimal),
    cite: &str,
    cap: &crate::params::Figure<crate::law::deductions::CapInForce>,
) -> Line {
    if !amount.is_zero() {
        cx.diag(
            Diagnostic::warning(
                "deduction-not-in-year",
                format!(
                    "There is no {what} deduction for tax year {}: {cite} applies only to later years, so the {} given is not deducted on this return",
                    cx.year(),
                    fmt_money(amount)
                ),
            )
            .at(path)
            .cite(cite),
        );
    }
    cx.line(
        key,
        Decimal::ZERO,
        cx.explanation(
            crate::explain_format!(
                cx,
                "No {what} deduction for tax year {}: {cite} applies only to later years",
                cx.year()
            ),
            cite,
        )
        .answer(what, path, amount)
        .param(cap),
    )
}

/// One of the education deductions of 54A:3-12..3-14.
struct EducationDeduction<'a> {
    /// Line key.
    key: Key,
    /// Answer path.
    path: &'a str,
    /// What, in words.
    what: &'a str,
    /// Amount paid.
    amount: Decimal,
    /// The cap.
    cap: &'a crate::params::Figure<crate::law::deductions::CapInForce>,
    /// Citation.
    cite: &'a str,
}

/// A deduction allowed to a taxpayer with gross income of $200,000 or less, up to a cap (54A:3-12..3-14).
fn education_line(cx: &Ctx, s: &Sheet, d: EducationDeduction<'_>) -> Line {
    let EducationDeduction {
        key,
        path,
        what,
        amount,
        cap,
        cite,
    } = d;
    let p = &cx.p.deductions;
    let paid = non_negative(cx, path, what, amount, cite);
    let Some(cap_value) = cap.value.0 else {
        return not_in_year(cx, key, (path, what, paid), cite, cap);
    };
    let l29 = s.v(Key::GrossIncome);
    let limit = p.education_gross_income_limit.value;
    let (v, rule) = if l29 > limit {
        (
            Decimal::ZERO,
            crate::explain_format!(
                cx,
                "Gross income {} is over {}: no deduction for {} {}",
                fmt_money(l29),
                fmt_money(limit),
                what,
                fmt_money(paid)
            ),
        )
    } else {
        let v = paid.min(cap_value);
        (
            v,
            crate::explain_format!(
                cx,
                "Gross income {} is {} or less: the smaller of {} {} and {} = {}",
                fmt_money(l29),
                fmt_money(limit),
                what,
                fmt_money(paid),
                fmt_money(cap_value),
                fmt_money(v)
            ),
        )
    };
    cx.line(
        key,
        v,
        cx.explanation(rule, cite)
            .answer(what, path, paid)
            .line("Gross income", Key::GrossIncome, l29)
            .param(cap)
            .param(&p.education_gross_income_limit),
    )
}

/// Line 37a: NJBEST contributions, up to $10,000, gross income $200,000 or less (54A:3-12).
pub fn line_37a_njbest(cx: &Ctx, s: &Sheet) -> Line {
    education_line(
        cx,
        s,
        EducationDeduction {
            key: Key::Njbest,
            path: "deductions.njbest_contributions",
            what: "NJBEST contributions",
            amount: cx.a.deductions.njbest_contributions,
            cap: &cx.p.deductions.njbest_cap,
            cite: "N.J.S.A. 54A:3-12",
        },
    )
}

/// Line 37b: NJCLASS loan principal and interest paid, up to $2,500, gross income $200,000 or less (54A:3-13).
pub fn line_37b_njclass(cx: &Ctx, s: &Sheet) -> Line {
    education_line(
        cx,
        s,
        EducationDeduction {
            key: Key::Njclass,
            path: "deductions.njclass_payments",
            what: "NJCLASS loan payments",
            amount: cx.a.deductions.njclass_payments,
            cap: &cx.p.deductions.njclass_cap,
            cite: "N.J.S.A. 54A:3-13",
        },
    )
}

/// Line 37c: tuition paid to NJ institutions of higher education, up to $10,000, gross income
/// $200,000 or less (54A:3-14).
pub fn line_37c_tuition(cx: &Ctx, s: &Sheet) -> Line {
    education_line(
        cx,
        s,
        EducationDeduction {
            key: Key::Tuition,
            path: "deductions.nj_tuition_paid",
            what: "NJ higher education tuition paid",
            amount: cx.a.deductions.nj_tuition_paid,
            cap: &cx.p.deductions.tuition_cap,
            cite: "N.J.S.A. 54A:3-14",
        },
    )
}

/// Lines 31-37c in form order.
pub fn deduction_lines(cx: &Ctx, s: &Sheet) -> Vec<Line> {
    vec![
        line_31_medical(cx, s),
        line_32_alimony_paid(cx),
        line_33_conservation(cx),
        line_34_health_enterprise_zone(cx),
        line_35_alternative_business(cx, s),
        line_36_organ_donation(cx),
        line_37a_njbest(cx, s),
        line_37b_njclass(cx, s),
        line_37c_tuition(cx, s),
    ]
}

/// The keys added on line 38 (line 30 and lines 31 through 37c).
pub const TOTAL_DEDUCTION_KEYS: [Key; 10] = [
    Key::Exemptions,
    Key::Medical,
    Key::AlimonyPaid,
    Key::Conservation,
    Key::HealthEnterpriseZone,
    Key::AlternativeBusiness,
    Key::OrganDonation,
    Key::Njbest,
    Key::Njclass,
    Key::Tuition,
];

/// Line 38: total exemptions and deductions (line 30 plus lines 31 through 37c).
pub fn line_38_total_deductions(cx: &Ctx, s: &Sheet) -> Line {
    super::sum_of_lines(
        cx,
        s,
        Key::TotalDeductions,
        &TOTAL_DEDUCTION_KEYS,
        "N.J.S.A. 54A:3-1..3-14",
    )
}

/// Line 39: taxable income = line 29 − line 38, not below zero.
pub fn line_39_taxable_income(cx: &Ctx, s: &Sheet) -> Line {
    let (g, d) = (s.v(Key::GrossIncome), s.v(Key::TotalDeductions));
    let v = floor_zero(sat_sub(g, d));
    cx.line(
        Key::TaxableIncome,
        v,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Gross income {} − total exemptions and deductions {} = {}{}",
                fmt_money(g),
                fmt_money(d),
                fmt_money(sat_sub(g, d)),
                if d > g {
                    format!(" (not below zero: {})", fmt_money(Decimal::ZERO))
                } else {
                    String::new()
                }
            ),
            "N.J.S.A. 54A:3-1",
        )
        .line("Gross income", Key::GrossIncome, g)
        .line("Total exemptions and deductions", Key::TotalDeductions, d),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    fn stored() -> DeductionParamsFile {
        crate::params::parse_file(
            "deductions.ron",
            include_str!("../../../../forms/params/deductions.ron"),
        )
        .unwrap()
    }

    #[test]
    fn alternative_business_percentage_phases_in_by_year_54a_3_9_c3() {
        let f = stored();
        for (year, rate) in [
            (2012, dec!(0.10)),
            (2013, dec!(0.20)),
            (2014, dec!(0.30)),
            (2015, dec!(0.40)),
            (2016, dec!(0.50)),
            (2022, dec!(0.50)),
            (2025, dec!(0.50)),
        ] {
            let fig = f.alternative_business_rate.at("x", year).unwrap();
            assert_eq!(fig.value, rate, "{year}");
        }
        assert!(f.alternative_business_rate.at("x", 2011).is_err());
    }
}
