//! NJ-1040NR: column B (income from New Jersey sources, 54A:5-8), the income percentage and the
//! tax as if a resident times that percentage (54A:2-1.1 a, lines 40-42), partnership payments.

use rust_decimal::Decimal;

use crate::answers::{Answers, Owner, ResidencyKind};
use crate::explain::{Diagnostic, Line};
use crate::key::Key;
pub use crate::law::residency::{
    ResidencyParams, ResidencyParamsFile, is_convenience_rule_state, is_reciprocity_state,
};
use crate::money::{Money, floor_zero, fmt_money, sat_sum};
use crate::rules::tax::tax_on;
use crate::sheet::{Ctx, Sheet};
pub use crate::statements::{WageDays, wage_days};

const CITE_5_8: &str = "N.J.S.A. 54A:5-8";

/// The state of residence of an item's owner while not a New Jersey resident.
fn other_state(a: &Answers, owner: Owner) -> &str {
    a.person(owner)
        .map_or("", |p| p.residency.other_state.as_str())
}

/// A warning that an item's New Jersey-source part was not given and counts as none.
fn not_sourced(cx: &Ctx, path: String, what: &str, amount: Money) {
    if amount.is_zero() {
        return;
    }
    cx.diag(
        Diagnostic::warning(
            "nj-source-missing",
            format!(
                "Say how much of {what} ({}) is from New Jersey sources; it is counted as none on the NJ-1040NR column B",
                fmt_money(amount)
            ),
        )
        .at(path)
        .cite(CITE_5_8),
    );
}

/// A W-2's New Jersey-source wages when the filer typed them: the typed figure, checked against
/// the days. With the convenience rule of 54A:5-8 e in force for the W-2 ("this State shall impose
/// a similar New Jersey sourcing rule on that income"), the New Jersey-source wages include the
/// pay for the convenience days whatever was typed: a typed figure below the days allocation
/// with those days (days in New Jersey plus convenience days, over days worked) leaves some of
/// that pay out, so the allocation is used and a warning says so; a figure at or above it is kept
/// (it may hold pay the days do not show, which only the filer knows). Days given but not used
/// are a warning too. See `docs/decisions/part-year-and-nonresident.md`.
fn typed_nj_wages(
    cx: &Ctx,
    i: usize,
    w: &crate::answers::W2,
    state: &str,
    typed: Money,
    notes: &mut Vec<WageNote>,
) -> Money {
    let base = format!("income.w2s[{i}]");
    // New Jersey wages are a part of the W-2's wages: a larger figure is an error (said by
    // `validate`), and the wages are used until it is corrected.
    let typed = typed.min(floor_zero(w.state_wages));
    if w.days_worked == 0 {
        if w.convenience_days > 0 || w.nj_days_worked > 0 {
            cx.diag(
                Diagnostic::warning(
                    "nj-wages-days-unused",
                    format!(
                        "W-2 {}: days in New Jersey or convenience days are given without the days worked at this job, so they are not used; the New Jersey wages entered ({}) are used",
                        i + 1,
                        fmt_money(typed)
                    ),
                )
                .at(format!("{base}.days_worked"))
                .cite(CITE_5_8),
            );
        }
        return typed;
    }
    let p = &cx.p.residency;
    let wages = floor_zero(w.state_wages);
    let wd = wage_days(p, state, w);
    let by_days = crate::money::mul_div(
        wages,
        Decimal::from(wd.nj_days),
        Decimal::from(w.days_worked),
    );
    let used = if wd.convenience_added > 0 && typed < by_days {
        cx.diag(
            Diagnostic::warning(
                "convenience-wages-added",
                format!(
                    "W-2 {}: the New Jersey wages entered ({}) leave out pay for the {} days worked outside New Jersey for your convenience. New Jersey counts those days as New Jersey days for a New Jersey employer's employee living in {}, so the wages by days are used: {} x {} of {} days = {}. If part of these wages is not pay for days worked (a bonus for work elsewhere, for example), check the New Jersey-source amount yourself",
                    i + 1,
                    fmt_money(typed),
                    wd.convenience_added,
                    state.trim(),
                    fmt_money(wages),
                    wd.nj_days,
                    w.days_worked,
                    fmt_money(by_days)
                ),
            )
            .at(format!("{base}.sourcing.nj_source"))
            .cite("N.J.S.A. 54A:5-8 e"),
        );
        by_days
    } else {
        if typed != by_days {
            cx.diag(
                Diagnostic::warning(
                    "nj-wages-differ-from-days",
                    format!(
                        "W-2 {}: the New Jersey wages entered ({}) are used; the days given ({} New Jersey days of {}) would give {}. Check which is right",
                        i + 1,
                        fmt_money(typed),
                        wd.nj_days,
                        w.days_worked,
                        fmt_money(by_days)
                    ),
                )
                .at(format!("{base}.sourcing.nj_source"))
                .cite(CITE_5_8),
            );
        }
        typed
    };
    notes.extend(WageNote::of(i, w, wd, used));
    used
}

/// The answers whose income is each item's New Jersey-source part (column B), from the return's
/// answers (already for the nonresident period). Interest and dividends are not New Jersey income
/// of a nonresident unless the filer gives a New Jersey-source part (intangibles used in a New
/// Jersey business, 54A:5-8 a(4)); pensions and annuities never are (54A:5-8 b); alimony is not.
/// Wages are New Jersey income by the days worked in New Jersey (54A:5-8 a(2)) unless the filer
/// lives in a reciprocity state.
pub fn nj_source_answers(cx: &Ctx) -> (Answers, Vec<WageNote>) {
    let a = cx.a;
    let p = &cx.p.residency;
    let mut out = a.clone();
    let mut notes = Vec::new();
    let inc = &mut out.income;
    for (i, w) in inc.w2s.iter_mut().enumerate() {
        let base = format!("income.w2s[{i}]");
        let wages = floor_zero(w.state_wages);
        let state = other_state(a, w.owner);
        let nj = if is_reciprocity_state(p, state) {
            Decimal::ZERO
        } else if let Some(v) = w.sourcing.nj_source {
            typed_nj_wages(cx, i, w, state, v, &mut notes)
        } else if w.days_worked > 0 {
            let wd = wage_days(p, state, w);
            let days = Decimal::from(w.days_worked);
            let nj_days = Decimal::from(wd.nj_days);
            let nj = crate::money::mul_div(wages, nj_days, days);
            notes.extend(WageNote::of(i, w, wd, nj));
            nj
        } else {
            not_sourced(
                cx,
                format!("{base}.sourcing.nj_source"),
                "these wages",
                wages,
            );
            Decimal::ZERO
        };
        if is_reciprocity_state(p, state) && w.sourcing.nj_source.is_some_and(|v| !v.is_zero()) {
            cx.diag(
                Diagnostic::warning(
                    "reciprocity-wages",
                    format!(
                        "Wages of a {state} resident are not New Jersey income under the reciprocal agreement; the New Jersey-source amount entered is not used"
                    ),
                )
                .at(format!("{base}.sourcing.nj_source"))
                .cite(p.reciprocity_states.citation.clone()),
            );
        }
        w.state_wages = nj;
    }
    for x in &mut inc.interest {
        let nj = x.sourcing.nj_source.unwrap_or(Decimal::ZERO);
        x.taxable_interest = nj;
        x.tax_exempt_interest = Decimal::ZERO;
        x.us_obligations = Decimal::ZERO;
        x.nj_obligations = Decimal::ZERO;
    }
    for d in &mut inc.dividends {
        let nj = d.sourcing.nj_source.unwrap_or(Decimal::ZERO);
        d.ordinary_dividends = nj;
        d.capital_gain_distributions = Decimal::ZERO;
        d.exempt_interest_dividends = Decimal::ZERO;
        d.nj_exempt_fund_share = Decimal::ZERO;
    }
    for (i, r) in inc.retirement.iter_mut().enumerate() {
        if r.sourcing.nj_source.is_some_and(|v| !v.is_zero()) {
            cx.diag(
                Diagnostic::warning(
                    "pension-not-nj-source",
                    "Pensions and annuities are never New Jersey income of a nonresident; the New Jersey-source amount entered is not used",
                )
                .at(format!("income.retirement[{i}].sourcing.nj_source"))
                .cite("N.J.S.A. 54A:5-8 b"),
            );
        }
        r.taxable_amount = Decimal::ZERO;
        r.gross_distribution = Decimal::ZERO;
    }
    macro_rules! sourced {
        ($list:expr, $field:ident, $path:literal, $what:literal) => {
            for (i, x) in $list.iter_mut().enumerate() {
                x.$field = match x.sourcing.nj_source {
                    Some(v) => v,
                    None => {
                        not_sourced(
                            cx,
                            format!(concat!($path, "[{}].sourcing.nj_source"), i),
                            $what,
                            x.$field,
                        );
                        Decimal::ZERO
                    }
                };
            }
        };
    }
    sourced!(
        inc.businesses,
        net_profit,
        "income.businesses",
        "this business's profit"
    );
    sourced!(
        inc.property_sales,
        gain_or_loss,
        "income.property_sales",
        "this gain"
    );
    sourced!(
        inc.partnerships,
        share,
        "income.partnerships",
        "this partnership share"
    );
    sourced!(
        inc.s_corporations,
        share,
        "income.s_corporations",
        "this S corporation share"
    );
    sourced!(inc.rents, net, "income.rents", "this rental income");
    sourced!(inc.other, amount, "income.other", "this income");
    for (i, w) in inc.gambling.wins.iter_mut().enumerate() {
        w.amount = match w.sourcing.nj_source {
            Some(v) => v,
            // A New Jersey Lottery prize is from New Jersey wagering (54A:5-8 a(5)).
            None if w.nj_lottery => w.amount,
            None => {
                not_sourced(
                    cx,
                    format!("income.gambling.wins[{i}].sourcing.nj_source"),
                    "this win",
                    w.amount,
                );
                Decimal::ZERO
            }
        };
    }
    inc.gambling.losses = inc.gambling.losses_nj_source;
    inc.alimony_received = Decimal::ZERO;
    for s in &mut inc.property_sales {
        // The residence-gain exclusion applies to the gain from everywhere; the New Jersey part
        // entered is the part of the gain that is income.
        s.principal_residence = None;
    }
    (out, notes)
}

/// What the convenience rule (54A:5-8 e) did to one W-2 allocated by days, for the explanation of
/// the New Jersey-source wages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WageNote {
    /// Index in `income.w2s`.
    pub index: usize,
    /// Employer name.
    pub employer: String,
    /// Convenience days counted as New Jersey days.
    pub convenience_added: u16,
    /// Why the rule did or did not apply.
    pub text: String,
    /// The W-2's New Jersey-source wages.
    pub nj_wages: Decimal,
}

impl WageNote {
    /// The note of the `i`-th W-2 when its days allocation says why the convenience rule did or
    /// did not apply (none otherwise), with the New Jersey-source wages used.
    fn of(
        i: usize,
        w: &crate::answers::W2,
        wd: crate::statements::WageDays,
        nj_wages: Decimal,
    ) -> Option<Self> {
        wd.note.map(|text| Self {
            index: i,
            employer: w.employer.clone(),
            convenience_added: wd.convenience_added,
            text,
            nj_wages,
        })
    }
}

/// Column B wages: the income rule's line with each W-2's convenience-rule outcome (54A:5-8 e).
pub fn wages_with_convenience(cx: &Ctx, line: Line, notes: &[WageNote]) -> Line {
    let mut line = column_b_line(cx, Key::WagesNj, line);
    if notes.is_empty() {
        return line;
    }
    if !cx.explaining() {
        // The uncertain list of states is recorded either way: its warning is a diagnostic.
        line.explanation =
            std::mem::take(&mut line.explanation).param(&cx.p.residency.convenience_rule_states);
        return line;
    }
    let mut exp = std::mem::take(&mut line.explanation);
    let parts: Vec<String> = notes
        .iter()
        .map(|n| {
            let who = if n.employer.trim().is_empty() {
                format!("W-2 {}", n.index + 1)
            } else {
                n.employer.trim().to_owned()
            };
            format!(
                "{who}: {}; New Jersey wages {}",
                n.text,
                fmt_money(n.nj_wages)
            )
        })
        .collect();
    exp.rule = format!("{}. {}", exp.rule, parts.join(". "));
    exp.citation = format!("{}; N.J.S.A. 54A:5-8 e", exp.citation);
    for n in notes {
        let base = format!("income.w2s[{}]", n.index);
        exp = exp
            .answer_text(
                "Employer is a New Jersey employer",
                format!("{base}.employer_in_nj"),
                if cx
                    .a
                    .income
                    .w2s
                    .get(n.index)
                    .is_some_and(|w| w.employer_in_nj)
                {
                    "yes"
                } else {
                    "no"
                },
            )
            .answer_text(
                "Days outside New Jersey for the employee's convenience",
                format!("{base}.convenience_days"),
                cx.a.income
                    .w2s
                    .get(n.index)
                    .map_or(0, |w| w.convenience_days)
                    .to_string(),
            );
    }
    exp = exp.param(&cx.p.residency.convenience_rule_states);
    line.explanation = exp;
    line
}

/// A column-B line from the income rule's line over the New Jersey-source answers.
pub fn column_b_line(cx: &Ctx, nj_key: Key, mut line: Line) -> Line {
    let mut exp = std::mem::take(&mut line.explanation);
    if cx.explaining() {
        exp.rule = format!(
            "New Jersey sources only (each item's New Jersey-source part, 54A:5-8): {}",
            exp.rule
        );
        exp.citation = format!("{CITE_5_8}; {}", exp.citation);
    }
    cx.line(nj_key, line.value, exp)
}

/// Lines 27 and 29, column B: New Jersey-source income. No exclusion applies: the numerator of
/// 54A:2-1.1 a is the income from sources within the State (pensions are not, 54A:5-8 b).
pub fn column_b_totals(cx: &Ctx, s: &Sheet) -> [Line; 2] {
    let keys = [
        Key::WagesNj,
        Key::TaxableInterestNj,
        Key::DividendsNj,
        Key::BusinessProfitsNj,
        Key::PropertyGainsNj,
        Key::RentsNj,
        Key::GamblingNj,
        Key::PensionsNj,
        Key::PartnershipIncomeNj,
        Key::SCorpIncomeNj,
        Key::AlimonyReceivedNj,
        Key::OtherIncomeNj,
    ];
    let total = floor_zero(sat_sum(keys.iter().map(|k| s.v(*k))));
    let mut exp = cx.explanation(
        crate::explain_format!(
            cx,
            "Sum of the New Jersey-source income lines (column B), not below zero = {}",
            fmt_money(total)
        ),
        "N.J.S.A. 54A:5-8",
    );
    if cx.explaining() {
        for k in keys {
            let label = cx.map().find(k).map_or(k.as_str(), |(_, l)| l);
            exp = exp.line(label, k, s.v(k));
        }
    }
    let l27 = cx.line(Key::TotalIncomeNj, total, exp);
    let l29 = cx.line(
        Key::GrossIncomeNj,
        total,
        cx.explanation(
            crate::explain_format!(cx,
                "Total New Jersey-source income {}: no exclusion reduces it (pensions and annuities are not New Jersey income of a nonresident, 54A:5-8 b)",
                fmt_money(total)
            ),
            "N.J.S.A. 54A:2-1.1 a, 54A:5-8",
        )
        .line("Total income, column B", Key::TotalIncomeNj, total),
    );
    [l27, l29]
}

/// The income percentage: column B gross income over column A gross income, not below zero, to
/// the places of the year's figure (54A:2-1.1 a). The statute sets no upper limit: New Jersey-source
/// income larger than the income from everywhere (a loss elsewhere in the same category) gives a
/// fraction above one.
pub fn income_percentage(p: &ResidencyParams, nj: Decimal, everywhere: Decimal) -> Decimal {
    if everywhere <= Decimal::ZERO || nj <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    let f = nj.checked_div(everywhere).unwrap_or(Decimal::ZERO);
    f.round_dp_with_strategy(
        p.income_percentage_places.value,
        rust_decimal::RoundingStrategy::MidpointAwayFromZero,
    )
}

/// Lines 40-42: tax on column-A taxable income as if a resident (with the 54A:2-4 threshold on
/// the whole year's income), the income percentage, and the New Jersey tax (54A:2-1.1 a).
pub fn lines_40_to_42(cx: &Ctx, s: &Sheet) -> [Line; 3] {
    let p = &cx.p.residency;
    let taxable = s.v(Key::TaxableIncome);
    let test = crate::rules::tax::subject_to_tax(cx, s);
    let l40 = if !test.subject {
        let exp = cx.explanation(
            crate::explain_format!(cx,
                "Gross income for the whole year as if a resident, {}, is at or below the {} threshold for {}, so no tax is due",
                fmt_money(test.gross_income),
                fmt_money(test.threshold),
                cx.a.filing_status.name()
            ),
            crate::explain_format!(cx,
                "N.J.S.A. 54A:2-4 {} (last sentence)",
                test.subsection
            ),
        );
        cx.line(
            Key::TaxAsResident,
            Decimal::ZERO,
            test.input(exp).param(&cx.p.tax.no_tax_threshold),
        )
    } else {
        let (tax, mut exp) = tax_on(cx, taxable);
        exp.rule = crate::explain_format!(
            cx,
            "Tax on taxable income {} as if a resident: {}",
            fmt_money(taxable),
            exp.rule
        );
        exp.citation = format!("N.J.S.A. 54A:2-1.1 a; {}", exp.citation);
        cx.line(
            Key::TaxAsResident,
            tax,
            exp.line("Taxable income", Key::TaxableIncome, taxable),
        )
    };
    let nj = s.v(Key::GrossIncomeNj);
    let everywhere = s.v(Key::GrossIncome);
    let pct = income_percentage(p, nj, everywhere);
    let l41 = cx.line(
        Key::IncomePercentage,
        pct,
        cx.explanation(
            crate::explain_format!(
                cx,
                "New Jersey-source gross income {} ÷ gross income from everywhere {} = {} ({}%)",
                fmt_money(nj),
                fmt_money(everywhere),
                pct,
                (pct * Decimal::ONE_HUNDRED).normalize()
            ),
            "N.J.S.A. 54A:2-1.1 a",
        )
        .line("Gross income, column B", Key::GrossIncomeNj, nj)
        .line("Gross income, column A", Key::GrossIncome, everywhere)
        .param(&p.income_percentage_places),
    );
    let tax = crate::money::times_rate(l40.value, pct);
    let l42 = cx.line(
        Key::Tax,
        tax,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Tax as if a resident {} × income percentage {} = {}",
                fmt_money(l40.value),
                pct,
                fmt_money(tax)
            ),
            "N.J.S.A. 54A:2-1.1 a",
        )
        .line("Tax as if a resident", Key::TaxAsResident, l40.value)
        .ratio_line("Income percentage", Key::IncomePercentage, pct),
    );
    [l40, l41, l42]
}

/// Partnership payments: tax paid on the nonresident partner's behalf (NJK-1), credited to the
/// partner (P.L.2002, c.40, s.12, C.54:10A-15.11 b), and tax paid by a New Jersey S corporation on
/// the shareholder's behalf, credited as paid (54A:4-2 b), on the same line.
pub fn partnership_tax_paid(cx: &Ctx) -> Line {
    let partnership = cx.non_negative(
        "payments.partnership_tax_paid",
        "Partnership payments",
        cx.a.payments.partnership_tax_paid,
        "C.54:10A-15.11",
    );
    let s_corp = cx.non_negative(
        "payments.s_corp_tax_paid",
        "Tax paid by an S corporation on your behalf",
        cx.a.payments.s_corp_tax_paid,
        "N.J.S.A. 54A:4-2 b",
    );
    let v = crate::money::sat_add(partnership, s_corp);
    let mut exp = if s_corp.is_zero() {
        cx.explanation(
            crate::explain_format!(
                cx,
                "Tax paid on your behalf by partnerships, as entered: {}",
                fmt_money(v)
            ),
            "P.L.2002, c.40, s.12 (C.54:10A-15.11)",
        )
    } else {
        cx.explanation(
            crate::explain_format!(cx,
                "Tax paid on your behalf by partnerships {} + by S corporations {} (credited as paid, 54A:4-2 b) = {}",
                fmt_money(partnership),
                fmt_money(s_corp),
                fmt_money(v)
            ),
            "P.L.2002, c.40, s.12 (C.54:10A-15.11); N.J.S.A. 54A:4-2 b",
        )
    };
    exp = exp.answer(
        "Partnership payments",
        "payments.partnership_tax_paid",
        partnership,
    );
    if !s_corp.is_zero() {
        exp = exp.answer(
            "Tax paid by an S corporation on your behalf",
            "payments.s_corp_tax_paid",
            s_corp,
        );
    }
    cx.line(Key::PartnershipTaxPaid, v, exp)
}

/// Answers that only a resident return uses, given on a nonresident return: say they are not used.
pub fn resident_only_answers(cx: &Ctx) {
    let a = cx.a;
    let full_nonresident = a.taxpayer.residency.kind == ResidencyKind::Never;
    if full_nonresident && !a.homesteads.is_empty() {
        cx.diag(
            Diagnostic::warning(
                "nonresident-no-property-tax",
                "A nonresident cannot take the property tax deduction or credit (they are for a resident taxpayer's New Jersey principal residence); the homesteads entered are not used",
            )
            .at("homesteads")
            .cite("N.J.S.A. 54A:3A-17 a, 54A:3A-20"),
        );
    }
    if full_nonresident && !a.other_jurisdictions.is_empty() {
        cx.diag(
            Diagnostic::warning(
                "nonresident-no-coj",
                "The credit for taxes paid to other jurisdictions is a resident credit; it is not on the NJ-1040NR, so the other-jurisdiction taxes entered are not used",
            )
            .at("other_jurisdictions")
            .cite("N.J.S.A. 54A:4-1(a)"),
        );
    }
    if full_nonresident && a.federal.eic_claimed_federally {
        cx.diag(
            Diagnostic::info(
                "nonresident-no-eitc",
                "The New Jersey earned income tax credit, child and dependent care credit and child tax credit are for residents; a nonresident does not get them",
            )
            .cite("N.J.S.A. 54A:4-7 a(1), 54A:4-17 a, 54A:4-17.1 a"),
        );
    }
}
