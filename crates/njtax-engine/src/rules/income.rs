//! Income (lines 15-27; N.J.S.A. 54A:5-1, 5-2, 6-9.1, 6-10, 6-11, 6-14, 6-14.1, 6-26, 6-28).
//!
//! Each line is one category of 54A:5-1. Gains and losses are netted only inside a category, and a
//! category with a net loss counts as zero: it never reduces another category (54A:5-2). Items of
//! the spouse count only on a joint return (`Answers::counts`). Items without an owner in the
//! answers (gambling, alimony received, other income) are the taxpayer's.

use rust_decimal::Decimal;

use crate::answers::{
    FilingStatus, GamblingWin, OtherIncome, OtherIncomeCategory, Owner, PropertySale, Retirement,
    RetirementKind, RolloverDestination,
};
use crate::explain::{Diagnostic, Line};
use crate::key::Key;
pub use crate::law::income::{IncomeParams, IncomeParamsFile};
use crate::money::{floor_zero, fmt_money, sat_add, sat_sub, sat_sum};
use crate::schedule::Schedule;
use crate::sheet::{Ctx, Sheet};
pub use crate::statements::{
    conversion_parts, dividend_part, interest_parts, is_rollover, is_roth_conversion,
    retirement_parts,
};

/// The keys of lines 15-26 that add up to line 27, in form order (16b and 20b are informational).
pub const TOTAL_INCOME_KEYS: [Key; 12] = [
    Key::Wages,
    Key::TaxableInterest,
    Key::Dividends,
    Key::BusinessProfits,
    Key::PropertyGains,
    Key::Pensions,
    Key::PartnershipIncome,
    Key::SCorpIncome,
    Key::Rents,
    Key::Gambling,
    Key::AlimonyReceived,
    Key::OtherIncome,
];

// ---------------------------------------------------------------------------------------------
// Per-item amounts (pure: diagnostics are recorded once, by `income_diagnostics`).
// ---------------------------------------------------------------------------------------------

/// The cap on the principal-residence gain exclusion for a sale, or `None` when the conditions of
/// 54A:6-9.1 a and c are not met (owned and used 2 of the 5 years; no exclusion in the prior 2 years).
pub fn residence_exclusion_cap(
    p: &IncomeParams,
    status: FilingStatus,
    sale: &PropertySale,
) -> Option<Decimal> {
    let rs = sale.principal_residence.as_ref()?;
    if !(rs.owned_and_used_2_of_5_years && rs.no_exclusion_in_prior_2_years) {
        return None;
    }
    Some(if status.is_joint() && rs.both_spouses_used {
        p.residence_exclusion_cap_joint.value
    } else {
        p.residence_exclusion_cap.value
    })
}

/// Gain excluded on a sale (54A:6-9.1): the gain up to the cap, when the sale qualifies.
pub fn residence_exclusion(p: &IncomeParams, status: FilingStatus, sale: &PropertySale) -> Decimal {
    let gain = floor_zero(sale.gain_or_loss);
    residence_exclusion_cap(p, status, sale).map_or(Decimal::ZERO, |cap| gain.min(cap))
}

/// A win's amount counted on line 24: a New Jersey Lottery prize not over the limit is excluded
/// (54A:6-11: "a prize in an amount exceeding $10,000 shall be included", per prize, in full).
pub fn gambling_win_counted(p: &IncomeParams, w: &GamblingWin) -> Decimal {
    let amount = floor_zero(w.amount);
    if w.nj_lottery && amount <= p.nj_lottery_exclusion_limit.value {
        Decimal::ZERO
    } else {
        amount
    }
}

/// One category's items on line 26 and their net (a loss negative).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherCategoryNet {
    /// The category of 54A:5-1 (`NotChosen` for an item whose category is not given: it is
    /// netted alone).
    pub category: OtherIncomeCategory,
    /// The items' indexes in `income.other`.
    pub items: Vec<usize>,
    /// Net of the items' amounts.
    pub net: Decimal,
}

/// Line 26 by category of 54A:5-1 (5-2): the items of each category chosen netted together, in
/// the statute's order, then each item whose category is not given on its own, since nothing
/// shows it to be of the same category as another. `items` pairs each item's index with it.
pub fn other_income_by_category<'a>(
    items: impl Iterator<Item = (usize, &'a OtherIncome)>,
) -> Vec<OtherCategoryNet> {
    let items: Vec<(usize, &OtherIncome)> = items.collect();
    let mut out = Vec::new();
    for category in OtherIncomeCategory::CHOSEN {
        let mine: Vec<(usize, Decimal)> = items
            .iter()
            .filter(|(_, o)| o.category == category)
            .map(|(i, o)| (*i, o.amount))
            .collect();
        if !mine.is_empty() {
            out.push(OtherCategoryNet {
                category,
                items: mine.iter().map(|x| x.0).collect(),
                net: sat_sum(mine.iter().map(|x| x.1)),
            });
        }
    }
    for (i, o) in &items {
        if o.category == OtherIncomeCategory::NotChosen {
            out.push(OtherCategoryNet {
                category: OtherIncomeCategory::NotChosen,
                items: vec![*i],
                net: o.amount,
            });
        }
    }
    out
}

/// Line 26: the sum of the categories' nets, each net loss counting as zero (54A:5-2).
pub fn other_income_total(nets: &[OtherCategoryNet]) -> Decimal {
    sat_sum(nets.iter().map(|c| floor_zero(c.net)))
}

// ---------------------------------------------------------------------------------------------
// Category totals for a set of owners.
// ---------------------------------------------------------------------------------------------

/// Category amounts of 54A:5-1 for the items of some owners. Netted categories are kept raw (a
/// loss is negative); the lines floor them at zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Categories {
    /// Line 15.
    pub wages: Decimal,
    /// Line 16a.
    pub taxable_interest: Decimal,
    /// Line 16b.
    pub exempt_interest: Decimal,
    /// Line 17.
    pub dividends: Decimal,
    /// Line 18 before the floor.
    pub business: Decimal,
    /// Line 19 before the floor (sales less the residence exclusion, plus capital gain distributions).
    pub property: Decimal,
    /// Line 20a.
    pub pensions: Decimal,
    /// Line 20b.
    pub pensions_excludable: Decimal,
    /// Line 21 before the floor.
    pub partnership: Decimal,
    /// Line 22 before the floor.
    pub s_corp: Decimal,
    /// Line 23 before the floor.
    pub rents: Decimal,
    /// Line 24 before the floor (counted wins less losses).
    pub gambling: Decimal,
    /// Line 25.
    pub alimony: Decimal,
    /// Line 26: each category of 54A:5-1 on it netted and floored at zero, then added.
    pub other: Decimal,
}

impl Categories {
    /// The line values that make up line 27, in [`TOTAL_INCOME_KEYS`] order (each floored at zero).
    pub fn line_values(&self) -> [Decimal; 12] {
        [
            self.wages,
            self.taxable_interest,
            self.dividends,
            floor_zero(self.business),
            floor_zero(self.property),
            self.pensions,
            floor_zero(self.partnership),
            floor_zero(self.s_corp),
            floor_zero(self.rents),
            floor_zero(self.gambling),
            self.alimony,
            self.other,
        ]
    }
}

/// What 54A:6-10 c does with one retirement statement: "Gross income shall not include any
/// amount received under any public or private plan by reason of a permanent and total
/// disability."
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisabilityPension {
    /// Not marked as a disability pension, or not a pension paid out (an IRA, a Roth, a military
    /// pension, a rollover or conversion): the usual parts.
    NotClaimed,
    /// Left out of gross income: the recipient is `age` at the close of the year, under
    /// `ends_at`.
    Excluded {
        /// The recipient's age at the close of the year.
        age: u32,
        /// The age from whose year the payments are an ordinary pension.
        ends_at: u32,
    },
    /// An ordinary pension from this year on: the recipient reached `ends_at` by the close of
    /// the year.
    Ordinary {
        /// The recipient's age at the close of the year.
        age: u32,
        /// The age from whose year the payments are an ordinary pension.
        ends_at: u32,
    },
    /// Marked, but the recipient's birth date is not known: not left out (an error says so).
    NoBirthDate,
}

/// Whether a marked disability pension is left out of gross income this year (54A:6-10 c).
///
/// The section names no age. The Division treats a disability pension as an ordinary pension
/// "beginning the year the individual reaches age 65" (GIT-1&2; N.J.A.C. 18:35-2.5(c)): the age
/// is the age at the close of the year, as for the pension exclusion of 6-10 b. The plan's own
/// retirement age plays no part (see `docs/decisions/income-disability-pensions.md`).
pub fn disability_pension(cx: &Ctx, r: &Retirement) -> DisabilityPension {
    if !(r.disability_pension
        && r.kind == RetirementKind::Pension
        && r.destination == RolloverDestination::NotRolledOver)
    {
        return DisabilityPension::NotClaimed;
    }
    let ends_at = cx.p.exclusions.disability_pension_age.value;
    match crate::rules::exemptions::age_at_year_end(cx.a.person(r.owner), cx.year()) {
        None => DisabilityPension::NoBirthDate,
        Some(age) if age < ends_at => DisabilityPension::Excluded { age, ends_at },
        Some(age) => DisabilityPension::Ordinary { age, ends_at },
    }
}

/// A retirement statement's (line 20a, line 20b) parts for this return: [`retirement_parts`],
/// except that a disability pension left out by 54A:6-10 c is wholly excludable (its taxable
/// amount moves to line 20b).
pub fn nj_retirement_parts(cx: &Ctx, r: &Retirement) -> (Decimal, Decimal) {
    let (taxable, excludable) = retirement_parts(r);
    match disability_pension(cx, r) {
        DisabilityPension::Excluded { .. } => (Decimal::ZERO, sat_add(taxable, excludable)),
        _ => (taxable, excludable),
    }
}

/// Category amounts for the items whose owner passes `include` (ownerless items are the taxpayer's).
pub fn categories(cx: &Ctx, include: impl Fn(Owner) -> bool) -> Categories {
    let inc = &cx.a.income;
    let p = &cx.p.income;
    let status = cx.a.filing_status;
    let keep = |o: Owner| cx.a.counts(o) && include(o);
    let ownerless = keep(Owner::Taxpayer);
    let interest: Vec<(Decimal, Decimal)> = inc
        .interest
        .iter()
        .filter(|i| keep(i.owner))
        .map(interest_parts)
        .collect();
    let retirement: Vec<(Decimal, Decimal)> = inc
        .retirement
        .iter()
        .filter(|r| keep(r.owner))
        .map(|r| nj_retirement_parts(cx, r))
        .collect();
    let (gambling, alimony, other) = if ownerless {
        let wins = sat_sum(inc.gambling.wins.iter().map(|w| gambling_win_counted(p, w)));
        (
            sat_sub(wins, floor_zero(inc.gambling.losses)),
            floor_zero(inc.alimony_received),
            other_income_total(&other_income_by_category(inc.other.iter().enumerate())),
        )
    } else {
        (Decimal::ZERO, Decimal::ZERO, Decimal::ZERO)
    };
    Categories {
        wages: sat_sum(
            inc.w2s
                .iter()
                .filter(|w| keep(w.owner))
                .map(|w| floor_zero(w.state_wages)),
        ),
        taxable_interest: sat_sum(interest.iter().map(|x| x.0)),
        exempt_interest: sat_sum(interest.iter().map(|x| x.1)),
        dividends: sat_sum(
            inc.dividends
                .iter()
                .filter(|d| keep(d.owner))
                .map(dividend_part),
        ),
        business: sat_sum(
            inc.businesses
                .iter()
                .filter(|b| keep(b.owner))
                .map(|b| b.net_profit),
        ),
        property: sat_add(
            sat_sum(
                inc.property_sales
                    .iter()
                    .filter(|s| keep(s.owner))
                    .map(|s| sat_sub(s.gain_or_loss, residence_exclusion(p, status, s))),
            ),
            sat_sum(
                inc.dividends
                    .iter()
                    .filter(|d| keep(d.owner))
                    .map(|d| floor_zero(d.capital_gain_distributions)),
            ),
        ),
        pensions: sat_sum(retirement.iter().map(|x| x.0)),
        pensions_excludable: sat_sum(retirement.iter().map(|x| x.1)),
        partnership: sat_sum(
            inc.partnerships
                .iter()
                .filter(|x| keep(x.owner))
                .map(|x| x.share),
        ),
        s_corp: sat_sum(
            inc.s_corporations
                .iter()
                .filter(|x| keep(x.owner))
                .map(|x| x.share),
        ),
        rents: sat_sum(inc.rents.iter().filter(|x| keep(x.owner)).map(|x| x.net)),
        gambling,
        alimony,
        other,
    }
}

/// One person's share of line 27: for each line, the person's own category amount (floored)
/// but never more than the line itself (a spouse's loss in a category reduces the line first).
pub fn person_share_of_total_income(cx: &Ctx, s: &Sheet, owner: Owner) -> Decimal {
    let own = categories(cx, |o| o == owner).line_values();
    sat_sum(
        TOTAL_INCOME_KEYS
            .iter()
            .zip(own)
            .map(|(k, v)| v.min(floor_zero(s.v(*k)))),
    )
}

/// A person's income from the categories of 54A:5-1 a, b, k and p (wages, business, partnership,
/// S corporation), each category floored at zero (54A:5-2): the $3,000 test of 54A:6-15 a(1).
pub fn earned_income_6_15(cx: &Ctx, owner: Owner) -> Decimal {
    let c = categories(cx, |o| o == owner);
    sat_sum([
        c.wages,
        floor_zero(c.business),
        floor_zero(c.partnership),
        floor_zero(c.s_corp),
    ])
}

/// Raw (unfloored) nets of the four business categories of 54A:3-9: (b) business, (k)
/// partnership, (p) S corporation, (d) rents, royalties, patents and copyrights.
pub fn business_category_nets(cx: &Ctx) -> [Decimal; 4] {
    let c = categories(cx, |_| true);
    [c.business, c.partnership, c.s_corp, c.rents]
}

// ---------------------------------------------------------------------------------------------
// Diagnostics.
// ---------------------------------------------------------------------------------------------

/// Error for a negative amount the form forbids (treated as zero).
fn negative(cx: &Ctx, path: String, what: &str, v: Decimal, cite: &str) {
    cx.non_negative(path, what, v, cite);
}

/// The diagnostics of one retirement statement's disability answer (54A:6-10 c): a mark the
/// engine cannot use, a birth date it needs, a recipient past the Division's age, and a recipient
/// not marked disabled on the household screen.
fn disability_diagnostics(cx: &Ctx, i: usize, r: &Retirement) {
    let base = format!("income.retirement[{i}]");
    let n = i + 1;
    let cite = "N.J.S.A. 54A:6-10 c";
    if r.disability_pension && r.kind != RetirementKind::Pension {
        cx.diag(
            Diagnostic::warning(
                "disability-pension-not-a-pension",
                format!(
                    "Retirement statement {n} is marked as paid because of a permanent and total disability, but it is not a pension or annuity from a plan (an IRA, a Roth IRA or a military pension): the mark is not used. Check the kind of plan"
                ),
            )
            .at(format!("{base}.disability_pension"))
            .cite(cite),
        );
    } else if r.disability_pension && r.destination != RolloverDestination::NotRolledOver {
        cx.diag(
            Diagnostic::warning(
                "disability-pension-rolled-over",
                format!(
                    "Retirement statement {n} is marked as paid because of a permanent and total disability, but it was rolled over or converted, not paid out to the recipient: the mark is not used"
                ),
            )
            .at(format!("{base}.disability_pension"))
            .cite(cite),
        );
    }
    let status = disability_pension(cx, r);
    if status == DisabilityPension::NotClaimed || !cx.a.counts(r.owner) {
        return;
    }
    let who = if r.owner == Owner::Spouse {
        "spouse"
    } else {
        "taxpayer"
    };
    let division = cx.p.exclusions.disability_pension_age.value;
    match status {
        DisabilityPension::NoBirthDate => cx.diag(
            Diagnostic::error(
                "disability-pension-birth-date",
                format!(
                    "Retirement statement {n} is marked as paid because of a permanent and total disability: the recipient's birth date is needed to see whether the recipient has reached {division}; until it is given the pension is counted as income"
                ),
            )
            .at(format!("{who}.birth_date"))
            .cite(cite),
        ),
        DisabilityPension::Ordinary { age, ends_at } => cx.diag(
            Diagnostic::warning(
                "disability-pension-now-ordinary",
                format!(
                    "Retirement statement {n}: the recipient is {age} at the end of the year. N.J.S.A. 54A:6-10 c names no age, but the Division treats a disability pension as an ordinary pension from the year its recipient reaches {ends_at} (GIT-1&2), and the app follows the Division: it is income on line {}, where the pension exclusion of line {} can still apply",
                    cx.id(Key::Pensions),
                    cx.id(Key::PensionExclusion)
                ),
            )
            .at(format!("{base}.disability_pension"))
            .cite(cite),
        ),
        _ => {}
    }
    if !matches!(status, DisabilityPension::Ordinary { .. })
        && cx.a.person(r.owner).is_some_and(|p| !p.blind_or_disabled)
    {
        cx.diag(
            Diagnostic::warning(
                "disability-pension-person-not-disabled",
                format!(
                    "Retirement statement {n} is marked as paid because of a permanent and total disability, but its recipient is not marked as blind or disabled on the Household screen: check both answers (the disability exemption of line {} uses the Household answer)",
                    cx.id(Key::ExemptionBlind)
                ),
            )
            .at(format!("{who}.blind_or_disabled"))
            .cite(cite),
        );
    }
}

/// Record the diagnostics about income answers, once.
fn income_diagnostics(cx: &Ctx) {
    let inc = &cx.a.income;
    let status = cx.a.filing_status;
    let mut spouse_items = 0usize;
    for (i, w) in inc.w2s.iter().enumerate() {
        spouse_items += usize::from(!cx.a.counts(w.owner));
        negative(
            cx,
            format!("income.w2s[{i}].state_wages"),
            "State wages",
            w.state_wages,
            "N.J.S.A. 54A:5-1(a)",
        );
    }
    for (i, x) in inc.interest.iter().enumerate() {
        spouse_items += usize::from(!cx.a.counts(x.owner));
        let base = format!("income.interest[{i}]");
        negative(
            cx,
            format!("{base}.taxable_interest"),
            "Taxable interest",
            x.taxable_interest,
            "N.J.S.A. 54A:5-1(e)",
        );
        negative(
            cx,
            format!("{base}.tax_exempt_interest"),
            "Tax-exempt interest",
            x.tax_exempt_interest,
            "N.J.S.A. 54A:5-1(e)",
        );
        negative(
            cx,
            format!("{base}.us_obligations"),
            "Interest from U.S. obligations",
            x.us_obligations,
            "N.J.S.A. 54A:6-14",
        );
        negative(
            cx,
            format!("{base}.nj_obligations"),
            "Interest from New Jersey obligations",
            x.nj_obligations,
            "N.J.S.A. 54A:6-14",
        );
        let total = sat_add(
            floor_zero(x.taxable_interest),
            floor_zero(x.tax_exempt_interest),
        );
        let exempt = sat_add(floor_zero(x.us_obligations), floor_zero(x.nj_obligations));
        if exempt > total {
            cx.diag(
                Diagnostic::warning(
                    "interest-exempt-exceeds-total",
                    format!(
                        "Interest statement {}: the exempt parts ({}) are more than the interest reported ({}); line {} counts zero for it and line {} only {}",
                        i + 1,
                        fmt_money(exempt),
                        fmt_money(total),
                        cx.id(Key::TaxableInterest),
                        cx.id(Key::ExemptInterest),
                        fmt_money(total)
                    ),
                )
                .at(format!("{base}.us_obligations"))
                .cite("N.J.S.A. 54A:6-14"),
            );
        }
    }
    for (i, d) in inc.dividends.iter().enumerate() {
        spouse_items += usize::from(!cx.a.counts(d.owner));
        let base = format!("income.dividends[{i}]");
        negative(
            cx,
            format!("{base}.ordinary_dividends"),
            "Ordinary dividends",
            d.ordinary_dividends,
            "N.J.S.A. 54A:5-1(f)",
        );
        negative(
            cx,
            format!("{base}.capital_gain_distributions"),
            "Capital gain distributions",
            d.capital_gain_distributions,
            "N.J.S.A. 54A:5-1(c)",
        );
        negative(
            cx,
            format!("{base}.exempt_interest_dividends"),
            "Exempt-interest dividends",
            d.exempt_interest_dividends,
            "N.J.S.A. 54A:5-1(f)",
        );
        negative(
            cx,
            format!("{base}.nj_exempt_fund_share"),
            "Qualified investment fund exempt share",
            d.nj_exempt_fund_share,
            "N.J.S.A. 54A:6-14.1",
        );
        let total = sat_add(
            floor_zero(d.ordinary_dividends),
            floor_zero(d.exempt_interest_dividends),
        );
        if floor_zero(d.nj_exempt_fund_share) > total {
            cx.diag(
                Diagnostic::warning(
                    "dividend-exempt-exceeds-total",
                    format!(
                        "Dividend statement {}: the qualified investment fund's exempt share ({}) is more than the dividends reported ({}); line {} counts zero for it",
                        i + 1,
                        fmt_money(d.nj_exempt_fund_share),
                        fmt_money(total),
                        cx.id(Key::Dividends)
                    ),
                )
                .at(format!("{base}.nj_exempt_fund_share"))
                .cite("N.J.S.A. 54A:6-14.1"),
            );
        }
    }
    for (i, r) in inc.retirement.iter().enumerate() {
        spouse_items += usize::from(!cx.a.counts(r.owner));
        let base = format!("income.retirement[{i}]");
        negative(
            cx,
            format!("{base}.gross_distribution"),
            "Gross distribution",
            r.gross_distribution,
            "N.J.S.A. 54A:5-1(j)",
        );
        negative(
            cx,
            format!("{base}.taxable_amount"),
            "Taxable amount",
            r.taxable_amount,
            "N.J.S.A. 54A:5-1(j)",
        );
        negative(
            cx,
            format!("{base}.conversion_nj_basis"),
            "Contributions already taxed",
            r.conversion_nj_basis,
            "N.J.S.A. 54A:5-1(j)",
        );
        if is_roth_conversion(r)
            && floor_zero(r.conversion_nj_basis) > floor_zero(r.gross_distribution)
        {
            cx.diag(
                Diagnostic::warning(
                    "conversion-basis-exceeds-amount",
                    format!(
                        "Retirement statement {}: the contributions already taxed ({}) are more than the amount converted ({}); only the amount converted comes back tax-free: check",
                        i + 1,
                        fmt_money(r.conversion_nj_basis),
                        fmt_money(r.gross_distribution)
                    ),
                )
                .at(format!("{base}.conversion_nj_basis"))
                .cite("N.J.S.A. 54A:5-1(j)"),
            );
        }
        if r.destination == RolloverDestination::RothConversion && r.kind == RetirementKind::Roth {
            cx.diag(
                Diagnostic::info(
                    "roth-to-roth-is-a-rollover",
                    format!(
                        "Retirement statement {}: money moved from a Roth IRA into a Roth IRA is a rollover, not a conversion, and is not income",
                        i + 1
                    ),
                )
                .at(format!("{base}.destination"))
                .cite("N.J.S.A. 54A:6-28(a)"),
            );
        }
        if r.destination == RolloverDestination::RothConversion
            && r.kind == RetirementKind::MilitaryPension
        {
            cx.diag(
                Diagnostic::warning(
                    "military-pension-conversion",
                    format!(
                        "Retirement statement {}: a U.S. military pension is not a plan that can be converted to a Roth IRA; it is counted as an excluded military pension: check the kind of plan",
                        i + 1
                    ),
                )
                .at(format!("{base}.destination"))
                .cite("N.J.S.A. 54A:6-26"),
            );
        }
        if floor_zero(r.taxable_amount) > floor_zero(r.gross_distribution)
            && r.destination == RolloverDestination::NotRolledOver
        {
            cx.diag(
                Diagnostic::warning(
                    "taxable-exceeds-gross",
                    format!(
                        "Retirement statement {}: the taxable amount ({}) is more than the gross distribution ({}): check the 1099-R",
                        i + 1,
                        fmt_money(r.taxable_amount),
                        fmt_money(r.gross_distribution)
                    ),
                )
                .at(format!("{base}.taxable_amount")),
            );
        }
        disability_diagnostics(cx, i, r);
    }
    for x in &inc.businesses {
        spouse_items += usize::from(!cx.a.counts(x.owner));
    }
    for (i, sale) in inc.property_sales.iter().enumerate() {
        spouse_items += usize::from(!cx.a.counts(sale.owner));
        if cx.a.counts(sale.owner)
            && sale.principal_residence.is_some()
            && sale.gain_or_loss > Decimal::ZERO
            && residence_exclusion_cap(&cx.p.income, status, sale).is_none()
        {
            cx.diag(
                Diagnostic::warning(
                    "residence-exclusion-not-allowed",
                    format!(
                        "Property sale {}: the principal-residence exclusion needs ownership and use as a principal residence for 2 of the 5 years before the sale and no exclusion in the 2 years before; the whole gain is counted. A reduced exclusion for a move for work, health or unforeseen circumstances (54A:6-9.1 d) is not computed by this version",
                        i + 1
                    ),
                )
                .at(format!("income.property_sales[{i}].principal_residence"))
                .cite("N.J.S.A. 54A:6-9.1"),
            );
        }
    }
    for x in inc.partnerships.iter().chain(&inc.s_corporations) {
        spouse_items += usize::from(!cx.a.counts(x.owner));
    }
    for x in &inc.rents {
        spouse_items += usize::from(!cx.a.counts(x.owner));
    }
    for (i, w) in inc.gambling.wins.iter().enumerate() {
        negative(
            cx,
            format!("income.gambling.wins[{i}].amount"),
            "A gambling win",
            w.amount,
            "N.J.S.A. 54A:5-1(g)",
        );
    }
    negative(
        cx,
        "income.gambling.losses".into(),
        "Gambling losses",
        inc.gambling.losses,
        "N.J.S.A. 54A:5-2",
    );
    negative(
        cx,
        "income.alimony_received".into(),
        "Alimony received",
        inc.alimony_received,
        "N.J.S.A. 54A:5-1(n)",
    );
    for (i, o) in inc.other.iter().enumerate() {
        if o.category == OtherIncomeCategory::NotChosen && !o.amount.is_zero() {
            cx.diag(
                Diagnostic::warning(
                    "other-income-category-missing",
                    format!(
                        "Other income item {}: say which kind of income it is (estate or trust, income in respect of a decedent, prize or award, housing from an employer, income from a crime). Items are netted only within their category; until then it is counted on its own, and a loss in it offsets nothing",
                        i + 1
                    ),
                )
                .at(format!("income.other[{i}].category"))
                .cite("N.J.S.A. 54A:5-1, 54A:5-2"),
            );
        } else if o.amount.is_sign_negative()
            && !o.amount.is_zero()
            && o.category != OtherIncomeCategory::EstateOrTrust
        {
            cx.diag(
                Diagnostic::warning(
                    "other-income-loss",
                    format!(
                        "Other income item {} is a loss ({}) of {}, which are amounts received rather than a net: check. It is netted only against other {} (54A:5-2)",
                        i + 1,
                        fmt_money(o.amount),
                        o.category.name(),
                        o.category.name()
                    ),
                )
                .at(format!("income.other[{i}].amount"))
                .cite("N.J.S.A. 54A:5-2"),
            );
        }
    }
    if spouse_items > 0 {
        cx.diag(
            Diagnostic::info(
                "spouse-items-not-counted",
                format!(
                    "{spouse_items} income item(s) of your spouse/CU partner are not counted: a spouse's income belongs on this return only when filing jointly"
                ),
            )
            .at("income"),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Lines.
// ---------------------------------------------------------------------------------------------

/// Name for an item in explanations ("W-2 1 (Acme)").
fn item_name(cx: &Ctx, kind: &str, i: usize, name: &str) -> String {
    if name.trim().is_empty() {
        crate::explain_format!(cx, "{kind} {}", i + 1)
    } else {
        crate::explain_format!(cx, "{kind} {} ({})", i + 1, name.trim())
    }
}

/// Sum explanation text: "$a + $b = $c" (or "none").
fn sum_text(values: &[Decimal], total: Decimal) -> String {
    if values.is_empty() {
        return format!("none entered: {}", fmt_money(Decimal::ZERO));
    }
    let parts: Vec<String> = values.iter().map(|v| fmt_money(*v)).collect();
    format!("{} = {}", parts.join(" + "), fmt_money(total))
}

/// Line 15: wages, the sum of W-2 box 16 state wages (54A:5-1(a)).
pub fn line_15_wages(cx: &Ctx) -> Line {
    let mut exp = cx.empty_explanation();
    let mut vals = Vec::new();
    for (i, w) in cx.a.income.w2s.iter().enumerate() {
        if !cx.a.counts(w.owner) {
            continue;
        }
        let v = floor_zero(w.state_wages);
        vals.push(v);
        exp = exp.answer(
            item_name(cx, "W-2", i, &w.employer),
            crate::explain_format!(cx, "income.w2s[{i}].state_wages"),
            v,
        );
    }
    let total = sat_sum(vals.iter().copied());
    exp.rule = crate::explain_format!(cx, "State wages (W-2 box 16): {}", sum_text(&vals, total));
    exp.citation = "N.J.S.A. 54A:5-1(a)".into();
    cx.line(Key::Wages, total, exp)
}

/// Lines 16a and 16b: taxable interest, and the interest exempt in New Jersey (54A:5-1(e), 6-14).
pub fn lines_16_interest(cx: &Ctx) -> [Line; 2] {
    let mut exp_a = cx.empty_explanation();
    let mut exp_b = cx.empty_explanation();
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    for (i, x) in cx.a.income.interest.iter().enumerate() {
        if !cx.a.counts(x.owner) {
            continue;
        }
        let (a, b) = interest_parts(x);
        ta.push(a);
        tb.push(b);
        let name = item_name(cx, "Interest statement", i, &x.payer);
        exp_a = exp_a
            .answer(
                crate::explain_format!(cx, "{name}: taxable interest"),
                crate::explain_format!(cx, "income.interest[{i}].taxable_interest"),
                floor_zero(x.taxable_interest),
            )
            .answer(
                crate::explain_format!(cx, "{name}: tax-exempt interest"),
                crate::explain_format!(cx, "income.interest[{i}].tax_exempt_interest"),
                floor_zero(x.tax_exempt_interest),
            )
            .answer(
                crate::explain_format!(cx, "{name}: U.S. obligations"),
                crate::explain_format!(cx, "income.interest[{i}].us_obligations"),
                floor_zero(x.us_obligations),
            )
            .answer(
                crate::explain_format!(cx, "{name}: New Jersey obligations"),
                crate::explain_format!(cx, "income.interest[{i}].nj_obligations"),
                floor_zero(x.nj_obligations),
            )
            .worksheet(
                crate::explain_format!(cx, "{name}: taxable in New Jersey"),
                crate::explain_format!(cx, "income.interest[{i}]"),
                a,
            );
        exp_b = exp_b.worksheet(
            crate::explain_format!(cx, "{name}: exempt in New Jersey"),
            crate::explain_format!(cx, "income.interest[{i}]"),
            b,
        );
    }
    let a = sat_sum(ta.iter().copied());
    let b = sat_sum(tb.iter().copied());
    exp_a.rule = crate::explain_format!(
        cx,
        "For each statement: taxable interest + tax-exempt interest − interest from U.S. obligations − interest from New Jersey obligations (not below zero): {}",
        sum_text(&ta, a)
    );
    exp_a.citation = "N.J.S.A. 54A:5-1(e), 54A:6-14".into();
    exp_b.rule = crate::explain_format!(
        cx,
        "Interest from U.S. and New Jersey obligations, exempt in New Jersey and not added into total income: {}",
        sum_text(&tb, b)
    );
    exp_b.citation = "N.J.S.A. 54A:6-14".into();
    [
        cx.line(Key::TaxableInterest, a, exp_a),
        cx.line(Key::ExemptInterest, b, exp_b),
    ]
}

/// Line 17: dividends (54A:5-1(f)); exempt-interest dividends are taxable except the share a
/// qualified investment fund reports as exempt (54A:6-14.1).
pub fn line_17_dividends(cx: &Ctx) -> Line {
    let mut exp = cx.empty_explanation();
    let mut vals = Vec::new();
    for (i, d) in cx.a.income.dividends.iter().enumerate() {
        if !cx.a.counts(d.owner) {
            continue;
        }
        let v = dividend_part(d);
        vals.push(v);
        let name = item_name(cx, "Dividend statement", i, &d.payer);
        exp = exp
            .answer(
                crate::explain_format!(cx, "{name}: ordinary dividends"),
                crate::explain_format!(cx, "income.dividends[{i}].ordinary_dividends"),
                floor_zero(d.ordinary_dividends),
            )
            .answer(
                crate::explain_format!(cx, "{name}: exempt-interest dividends"),
                crate::explain_format!(cx, "income.dividends[{i}].exempt_interest_dividends"),
                floor_zero(d.exempt_interest_dividends),
            )
            .answer(
                crate::explain_format!(cx, "{name}: qualified investment fund exempt share"),
                crate::explain_format!(cx, "income.dividends[{i}].nj_exempt_fund_share"),
                floor_zero(d.nj_exempt_fund_share),
            )
            .worksheet(
                crate::explain_format!(cx, "{name}: dividends for line {}", cx.id(Key::Dividends)),
                crate::explain_format!(cx, "income.dividends[{i}]"),
                v,
            );
    }
    let total = sat_sum(vals.iter().copied());
    exp.rule = crate::explain_format!(
        cx,
        "For each statement: ordinary dividends + exempt-interest dividends − the qualified investment fund's New Jersey-exempt share (not below zero); capital gain distributions go to line {}: {}",
        cx.id(Key::PropertyGains),
        sum_text(&vals, total)
    );
    exp.citation = "N.J.S.A. 54A:5-1(f), 54A:6-14.1".into();
    cx.line(Key::Dividends, total, exp)
}

/// A netted category line (18, 21, 22, 23): net of the items, a net loss counts as zero (54A:5-2).
fn netted_line<'a>(
    cx: &Ctx,
    key: Key,
    what: &str,
    items: impl Iterator<Item = (String, String, Decimal)> + 'a,
    citation: &str,
    schedule: Schedule,
) -> Line {
    let mut exp = cx.empty_explanation();
    let mut vals = Vec::new();
    for (name, path, v) in items {
        vals.push(v);
        exp = exp.answer(name, path, v);
    }
    let net = sat_sum(vals.iter().copied());
    let v = floor_zero(net);
    exp.rule = if net.is_sign_negative() && !net.is_zero() {
        crate::explain_format!(
            cx,
            "{what}: {}, a net loss; a net loss in a category is not entered and never reduces another category, so this line is {}",
            sum_text(&vals, net),
            fmt_money(Decimal::ZERO)
        )
    } else {
        crate::explain_format!(
            cx,
            "{what}, net of gains and losses within the category: {}",
            sum_text(&vals, net)
        )
    };
    if cx.explaining() {
        exp.citation = citation.to_owned();
    }
    cx.line(key, v, exp.schedule(schedule))
}

/// Line 18: net profits from business, all businesses netted, a net loss counts as zero (54A:5-1(b), 5-2).
pub fn line_18_business(cx: &Ctx) -> Line {
    let a = cx.a;
    netted_line(
        cx,
        Key::BusinessProfits,
        "Net profits from business",
        a.income
            .businesses
            .iter()
            .enumerate()
            .filter(|(_, b)| a.counts(b.owner))
            .map(|(i, b)| {
                (
                    item_name(cx, "Business", i, &b.name),
                    crate::explain_format!(cx, "income.businesses[{i}].net_profit"),
                    b.net_profit,
                )
            }),
        "N.J.S.A. 54A:5-1(b), 54A:5-2",
        Schedule::NjBus1PartI,
    )
}

/// Line 19: net gains from the disposition of property (54A:5-1(c)): sales less the
/// principal-residence exclusion (54A:6-9.1), plus capital gain distributions; a net loss counts as zero.
pub fn line_19_property(cx: &Ctx) -> Line {
    let a = cx.a;
    let p = &cx.p.income;
    let mut exp = cx.empty_explanation();
    let mut vals = Vec::new();
    let mut used_caps = false;
    for (i, sale) in a.income.property_sales.iter().enumerate() {
        if !a.counts(sale.owner) {
            continue;
        }
        let name = item_name(cx, "Sale", i, &sale.description);
        exp = exp.answer(
            crate::explain_format!(cx, "{name}: gain or loss"),
            crate::explain_format!(cx, "income.property_sales[{i}].gain_or_loss"),
            sale.gain_or_loss,
        );
        let excl = residence_exclusion(p, a.filing_status, sale);
        if sale.principal_residence.is_some() {
            used_caps = true;
            exp = exp.worksheet(
                crate::explain_format!(cx, "{name}: principal-residence gain excluded"),
                crate::explain_format!(cx, "income.property_sales[{i}].principal_residence"),
                excl,
            );
        }
        vals.push(sat_sub(sale.gain_or_loss, excl));
    }
    for (i, d) in a.income.dividends.iter().enumerate() {
        if !a.counts(d.owner) {
            continue;
        }
        let v = floor_zero(d.capital_gain_distributions);
        if !v.is_zero() {
            vals.push(v);
            exp = exp.answer(
                crate::explain_format!(
                    cx,
                    "{}: capital gain distributions",
                    item_name(cx, "Dividend statement", i, &d.payer)
                ),
                crate::explain_format!(cx, "income.dividends[{i}].capital_gain_distributions"),
                v,
            );
        }
    }
    let net = sat_sum(vals.iter().copied());
    let v = floor_zero(net);
    exp.rule = crate::explain_format!(
        cx,
        "Gains less losses of each sale (less any principal-residence gain excluded, up to {} or {} for a joint return when both spouses used the home), plus capital gain distributions: {}{}",
        fmt_money(p.residence_exclusion_cap.value),
        fmt_money(p.residence_exclusion_cap_joint.value),
        sum_text(&vals, net),
        if net.is_sign_negative() && !net.is_zero() {
            format!(
                "; a net loss is not entered, so this line is {}",
                fmt_money(Decimal::ZERO)
            )
        } else {
            String::new()
        }
    );
    if cx.explaining() {
        exp.citation = "N.J.S.A. 54A:5-1(c), 54A:5-2, 54A:6-9.1".into();
    }
    exp = exp.schedule(Schedule::NjDop);
    if used_caps {
        exp = exp
            .param(&p.residence_exclusion_cap)
            .param(&p.residence_exclusion_cap_joint);
    }
    cx.line(Key::PropertyGains, v, exp)
}

/// Lines 20a and 20b: taxable pensions, annuities and IRA withdrawals, and conversions to a Roth
/// IRA (54A:5-1(j)), and the excludable parts (informational: military pensions 54A:6-26,
/// qualified Roth 54A:6-28, contributions already taxed); rollovers are neither (6-10 d, 6-28 a).
pub fn lines_20_pensions(cx: &Ctx) -> [Line; 2] {
    let a = cx.a;
    let mut exp_a = cx.empty_explanation();
    let mut exp_b = cx.empty_explanation();
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    let mut rollovers = 0usize;
    let mut conversions = 0usize;
    let mut disabled = 0usize;
    for (i, r) in a.income.retirement.iter().enumerate() {
        if !a.counts(r.owner) {
            continue;
        }
        if is_rollover(r) {
            rollovers += 1;
            continue;
        }
        let (t, e) = nj_retirement_parts(cx, r);
        ta.push(t);
        tb.push(e);
        let name = item_name(cx, "1099-R", i, &r.payer);
        let disability = disability_pension(cx, r);
        let disability_words = match disability {
            DisabilityPension::Excluded { age, ends_at } => {
                disabled += 1;
                Some(crate::explain_format!(
                    cx,
                    "yes, and its recipient is {age} at the end of the year, under {ends_at}: not income (54A:6-10 c)"
                ))
            }
            DisabilityPension::Ordinary { age, ends_at } => Some(crate::explain_format!(
                cx,
                "yes, but its recipient is {age} at the end of the year: from the year the recipient reaches {ends_at} the Division treats it as an ordinary pension (GIT-1&2), taxed here"
            )),
            DisabilityPension::NotClaimed | DisabilityPension::NoBirthDate => None,
        };
        if let Some(words) = disability_words {
            exp_a = exp_a.answer_text(
                crate::explain_format!(
                    cx,
                    "{name}: paid because of a permanent and total disability"
                ),
                crate::explain_format!(cx, "income.retirement[{i}].disability_pension"),
                words,
            );
        }
        if is_roth_conversion(r) {
            conversions += 1;
            exp_a = exp_a
                .answer(
                    crate::explain_format!(cx, "{name}: amount converted to a Roth IRA"),
                    crate::explain_format!(cx, "income.retirement[{i}].gross_distribution"),
                    floor_zero(r.gross_distribution),
                )
                .answer(
                    crate::explain_format!(cx, "{name}: contributions already taxed"),
                    crate::explain_format!(cx, "income.retirement[{i}].conversion_nj_basis"),
                    e,
                )
                .worksheet(
                    crate::explain_format!(cx, "{name}: taxable part of the conversion"),
                    crate::explain_format!(cx, "income.retirement[{i}]"),
                    t,
                );
        } else {
            exp_a = exp_a.answer(
                crate::explain_format!(cx, "{name}: taxable amount"),
                crate::explain_format!(cx, "income.retirement[{i}].taxable_amount"),
                t,
            );
        }
        exp_b = exp_b.worksheet(
            crate::explain_format!(cx, "{name}: excludable part"),
            crate::explain_format!(cx, "income.retirement[{i}]"),
            e,
        );
    }
    let a_total = sat_sum(ta.iter().copied());
    let b_total = sat_sum(tb.iter().copied());
    let roll = if rollovers > 0 {
        crate::explain_format!(
            cx,
            "; {rollovers} rollover(s) into another plan or IRA are not income and are left out"
        )
    } else {
        String::new()
    };
    let conv = if conversions > 0 {
        crate::explain_format!(
            cx,
            "; {conversions} conversion(s) to a Roth IRA count the amount converted less the contributions New Jersey already taxed"
        )
    } else {
        String::new()
    };
    let dis = if disabled > 0 {
        crate::explain_format!(
            cx,
            "; {disabled} pension(s) paid because of a permanent and total disability to a recipient not yet {} at the end of the year are not income (54A:6-10 c) and count 0",
            cx.p.exclusions.disability_pension_age.value
        )
    } else {
        String::new()
    };
    exp_a.rule = crate::explain_format!(
        cx,
        "New Jersey taxable amounts of pensions, annuities and IRA withdrawals (military pensions and qualified Roth distributions excluded; a non-qualified Roth distribution counts its earnings part){conv}{dis}: {}{roll}",
        sum_text(&ta, a_total)
    );
    exp_a.citation = "N.J.S.A. 54A:5-1(j), 54A:6-10, 54A:6-26, 54A:6-28".into();
    exp_b.rule = crate::explain_format!(
        cx,
        "Excludable parts (gross distribution less the taxable amount; the contributions already taxed in a conversion to a Roth IRA; all of a military pension, a qualified Roth distribution or a disability pension left out of income), not added into total income: {}{roll}",
        sum_text(&tb, b_total)
    );
    exp_b.citation = "N.J.S.A. 54A:5-1(j), 54A:6-10(a), 54A:6-10(c), 54A:6-26, 54A:6-28".into();
    [
        cx.line(Key::Pensions, a_total, exp_a),
        cx.line(Key::PensionsExcludable, b_total, exp_b),
    ]
}

/// Line 21: distributive share of partnership income, netted, a net loss counts as zero (54A:5-1(k), 5-2).
pub fn line_21_partnership(cx: &Ctx) -> Line {
    let a = cx.a;
    netted_line(
        cx,
        Key::PartnershipIncome,
        "Distributive share of partnership income",
        a.income
            .partnerships
            .iter()
            .enumerate()
            .filter(|(_, x)| a.counts(x.owner))
            .map(|(i, x)| {
                (
                    item_name(cx, "Partnership", i, &x.name),
                    crate::explain_format!(cx, "income.partnerships[{i}].share"),
                    x.share,
                )
            }),
        "N.J.S.A. 54A:5-1(k), 54A:5-2",
        Schedule::NjBus1PartII,
    )
}

/// Line 22: net pro rata share of S corporation income, netted, a net loss counts as zero (54A:5-1(p), 5-2).
pub fn line_22_s_corp(cx: &Ctx) -> Line {
    let a = cx.a;
    netted_line(
        cx,
        Key::SCorpIncome,
        "Net pro rata share of S corporation income",
        a.income
            .s_corporations
            .iter()
            .enumerate()
            .filter(|(_, x)| a.counts(x.owner))
            .map(|(i, x)| {
                (
                    item_name(cx, "S corporation", i, &x.name),
                    crate::explain_format!(cx, "income.s_corporations[{i}].share"),
                    x.share,
                )
            }),
        "N.J.S.A. 54A:5-1(p), 54A:5-2",
        Schedule::NjBus1PartIII,
    )
}

/// Line 23: net rents, royalties, patents and copyrights, a net loss counts as zero (54A:5-1(d), 5-2).
pub fn line_23_rents(cx: &Ctx) -> Line {
    let a = cx.a;
    netted_line(
        cx,
        Key::Rents,
        "Net rents, royalties, patents and copyrights",
        a.income
            .rents
            .iter()
            .enumerate()
            .filter(|(_, x)| a.counts(x.owner))
            .map(|(i, x)| {
                (
                    item_name(cx, "Rental", i, &x.description),
                    crate::explain_format!(cx, "income.rents[{i}].net"),
                    x.net,
                )
            }),
        "N.J.S.A. 54A:5-1(d), 54A:5-2",
        Schedule::NjBus1PartIV,
    )
}

/// Line 24: net gambling winnings: wins (less NJ Lottery prizes within the 54A:6-11 limit) minus
/// gambling losses, which offset only winnings of the same category; never below zero (54A:5-1(g), 5-2).
pub fn line_24_gambling(cx: &Ctx) -> Line {
    let g = &cx.a.income.gambling;
    let p = &cx.p.income;
    let mut exp = cx.empty_explanation();
    let mut vals = Vec::new();
    let mut excluded = Vec::new();
    for (i, w) in g.wins.iter().enumerate() {
        let v = gambling_win_counted(p, w);
        if w.nj_lottery && v.is_zero() && w.amount > Decimal::ZERO {
            excluded.push(floor_zero(w.amount));
        }
        vals.push(v);
        exp = exp.answer(
            item_name(cx, "Win", i, &w.description),
            crate::explain_format!(cx, "income.gambling.wins[{i}].amount"),
            floor_zero(w.amount),
        );
    }
    let wins = sat_sum(vals.iter().copied());
    let losses = floor_zero(g.losses);
    let net = sat_sub(wins, losses);
    let v = floor_zero(net);
    let excl = if excluded.is_empty() {
        String::new()
    } else {
        crate::explain_format!(
            cx,
            " ({} New Jersey Lottery prize(s) of {} or less excluded: {})",
            excluded.len(),
            fmt_money(p.nj_lottery_exclusion_limit.value),
            fmt_money(sat_sum(excluded.iter().copied()))
        )
    };
    exp.rule = crate::explain_format!(
        cx,
        "Winnings counted {}{excl} − gambling losses {} = {}{}",
        fmt_money(wins),
        fmt_money(losses),
        fmt_money(net),
        if net.is_sign_negative() && !net.is_zero() {
            format!(
                "; losses beyond winnings are not deductible, so this line is {}",
                fmt_money(Decimal::ZERO)
            )
        } else {
            String::new()
        }
    );
    exp.citation = "N.J.S.A. 54A:5-1(g), 54A:5-2, 54A:6-11".into();
    exp = exp
        .answer("Gambling losses", "income.gambling.losses", losses)
        .param(&p.nj_lottery_exclusion_limit);
    cx.line(Key::Gambling, v, exp)
}

/// Line 25: alimony and separate maintenance received under a decree (54A:5-1(n)).
pub fn line_25_alimony(cx: &Ctx) -> Line {
    let v = floor_zero(cx.a.income.alimony_received);
    cx.line(
        Key::AlimonyReceived,
        v,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Alimony and separate maintenance received: {}",
                fmt_money(v)
            ),
            "N.J.S.A. 54A:5-1(n)",
        )
        .answer("Alimony received", "income.alimony_received", v),
    )
}

/// Line 26: other income. It holds several categories of 54A:5-1 (h, i, l, m, o); each is netted
/// on its own and a category's net loss counts as zero, never reducing another (54A:5-2).
pub fn line_26_other(cx: &Ctx) -> Line {
    let other = &cx.a.income.other;
    let nets = other_income_by_category(other.iter().enumerate());
    let total = other_income_total(&nets);
    let mut exp = cx.empty_explanation();
    let mut parts = Vec::new();
    for c in &nets {
        let vals: Vec<Decimal> = c
            .items
            .iter()
            .filter_map(|i| other.get(*i).map(|o| o.amount))
            .collect();
        for i in &c.items {
            if let Some(o) = other.get(*i) {
                exp = exp.answer(
                    item_name(cx, "Other income", *i, &o.description),
                    crate::explain_format!(cx, "income.other[{i}].amount"),
                    o.amount,
                );
            }
        }
        let what = match c.category.subsection() {
            Some(sub) => crate::explain_format!(cx, "{} (54A:5-1 {sub})", c.category.name()),
            None => crate::explain_format!(
                cx,
                "other income item {} (category not chosen, counted on its own)",
                c.items.first().map_or(0, |i| i + 1)
            ),
        };
        let counted = floor_zero(c.net);
        parts.push(if c.net.is_sign_negative() && !c.net.is_zero() {
            crate::explain_format!(
                cx,
                "{what}: {}, a net loss, counts as {}",
                sum_text(&vals, c.net),
                fmt_money(Decimal::ZERO)
            )
        } else {
            crate::explain_format!(cx, "{what}: {}", sum_text(&vals, c.net))
        });
        exp = exp.worksheet(
            crate::explain_format!(cx, "Net of {what}"),
            "income.other",
            counted,
        );
    }
    exp.rule = if nets.is_empty() {
        format!("Other income: none entered: {}", fmt_money(Decimal::ZERO))
    } else {
        crate::explain_format!(
            cx,
            "Other income, each category of 54A:5-1 netted on its own (a category's net loss is not entered and never reduces another): {}; line {} = {}",
            parts.join("; "),
            cx.id(Key::OtherIncome),
            fmt_money(total)
        )
    };
    exp.citation = "N.J.S.A. 54A:5-1(h), (i), (l), (m), (o), 54A:5-2".into();
    cx.line(Key::OtherIncome, total, exp)
}

/// Lines 15-26 in form order (16b and 20b are informational and not part of line 27).
pub fn income_lines(cx: &Ctx) -> Vec<Line> {
    income_diagnostics(cx);
    let [l16a, l16b] = lines_16_interest(cx);
    let [l20a, l20b] = lines_20_pensions(cx);
    vec![
        line_15_wages(cx),
        l16a,
        l16b,
        line_17_dividends(cx),
        line_18_business(cx),
        line_19_property(cx),
        l20a,
        l20b,
        line_21_partnership(cx),
        line_22_s_corp(cx),
        line_23_rents(cx),
        line_24_gambling(cx),
        line_25_alimony(cx),
        line_26_other(cx),
    ]
}

/// Line 27: total income = lines 15, 16a, 17, 18, 19, 20a, 21, 22, 23, 24, 25 and 26 (54A:5-1).
pub fn line_27_total_income(cx: &Ctx, s: &Sheet) -> Line {
    super::sum_of_lines(
        cx,
        s,
        Key::TotalIncome,
        &TOTAL_INCOME_KEYS,
        "N.J.S.A. 54A:5-1",
    )
}
