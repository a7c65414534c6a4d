//! NJ credits that depend on federal figures (lines 58, 64, 65; N.J.S.A. 54A:4-7, 4-17, 4-17.1).

use rust_decimal::Decimal;

use crate::answers::FilingStatus;
use crate::explain::{Diagnostic, Explanation, Line};
use crate::key::Key;
pub use crate::law::credits::{
    AmountTiers, ChildlessExpansion, CreditParams, CreditParamsFile, RateTiers, Tier,
};
use crate::money::{floor_zero, fmt_money, fmt_rate, sat_add, times_rate};
use crate::rules::federal_eic::{FederalEic, federal_eic, filers};
use crate::rules::form_2441::{FederalCareCredit, form_2441_federal_care_credit};
use crate::schedule::Schedule;
use crate::sheet::{Ctx, Sheet};

/// Find the first row whose top is not below `income` (rows in ascending order).
fn find_tier(tiers: &[Tier], income: Decimal) -> Option<&Tier> {
    tiers.iter().find(|t| income <= t.up_to)
}

/// Append the inputs and law figures of `other` to `base`.
fn merge(mut base: Explanation, other: Explanation) -> Explanation {
    base.inputs.extend(other.inputs);
    for p in other.params {
        if !base.params.iter().any(|q| q.id == p.id) {
            base.params.push(p);
        }
    }
    base
}

/// Line 58: New Jersey earned income tax credit (N.J.S.A. 54A:4-7).
///
/// The year's percentage (a(2)) of the federal earned income credit: the IRS figure when the
/// filer gives it (`federal.irs_eic_override`), else the engine's [`federal_eic`]. A married
/// filer must file jointly (a(3)); the federal separated-spouse rule of IRC 32(d)(2)(B) does not
/// change that, because a(3) excepts only head-of-household and surviving-spouse filers.
/// A filer without a qualifying child who meets every federal test but the age test, and is at
/// least the NJ minimum age, gets the flat amount of a(4).
pub fn line_58_nj_eitc(cx: &Ctx, _s: &Sheet) -> Line {
    let p = &cx.p.credits;
    let a = cx.a;
    let rate = p.eitc_rate.value;
    let fed = federal_eic(cx);
    let cite = "N.J.S.A. 54A:4-7 a";

    let override_amount = a.federal.irs_eic_override;
    if let Some(v) = override_amount {
        if v.is_sign_negative() {
            cx.diag(
                Diagnostic::error(
                    "negative-amount",
                    "The federal earned income credit calculated by the IRS cannot be negative; it was treated as zero",
                )
                .at("federal.irs_eic_override"),
            );
        } else if v != fed.credit {
            cx.diag(
                Diagnostic::info(
                    "eic-override-differs",
                    format!(
                        "The IRS figure for the federal earned income credit ({}) is used; the engine computes {}",
                        fmt_money(v),
                        fmt_money(fed.credit)
                    ),
                )
                .at("federal.irs_eic_override")
                .cite("N.J.S.A. 54A:4-7 a(1)"),
            );
        }
    }
    let federal = override_amount.map_or(fed.credit, floor_zero);

    if a.filing_status == FilingStatus::MarriedSeparate {
        return line_58_married_separately(cx, &fed, federal);
    }

    if federal > Decimal::ZERO {
        let nj = times_rate(federal, rate);
        let mut exp = cx
            .explanation(
                crate::explain_format!(
                    cx,
                    "{} of the federal earned income credit {} = {}",
                    fmt_rate(rate),
                    fmt_money(federal),
                    fmt_money(nj)
                ),
                cite,
            )
            .param(&p.eitc_rate);
        if let Some(v) = override_amount {
            exp.rule
                .push_str(" (federal credit as calculated by the IRS)");
            exp = exp.answer(
                "Federal earned income credit calculated by the IRS",
                "federal.irs_eic_override",
                v,
            );
        } else {
            exp.rule
                .push_str(&crate::explain_format!(cx, ". {}", fed.explanation.rule));
            exp = merge(exp, fed.explanation.clone());
            if !a.federal.eic_claimed_federally {
                cx.diag(
                    Diagnostic::info(
                        "eic-not-claimed-federally",
                        format!(
                            "You appear eligible for a federal earned income credit of {}; claim it on your federal return too",
                            fmt_money(fed.credit)
                        ),
                    )
                    .at("federal.eic_claimed_federally")
                    .cite("IRC 32"),
                );
            }
        }
        return cx.line(Key::NjEitc, nj, exp);
    }

    // No federal credit: the NJ age expansion of a(4), if it applies.
    if let Some(expansion) = &p.eitc_childless.value
        && fed.fails_only_age
    {
        let year = cx.year();
        let old_enough = filers(cx).iter().any(|pp| {
            pp.birth_date
                .and_then(|b| b.age_at_year_end(year))
                .is_some_and(|age| u32::from(age) >= expansion.min_age)
        });
        if old_enough {
            let flat = expansion.flat_amount;
            let exp = cx.explanation(
                crate::explain_format!(cx,
                    "No qualifying child, and every federal earned income credit test is met except the age test ({}). New Jersey allows a filer {} or older the flat credit of {}: {} of the federal maximum credit with no qualifying child",
                    fed.explanation.rule,
                    expansion.min_age,
                    fmt_money(flat),
                    fmt_rate(rate)
                ),
                "N.J.S.A. 54A:4-7 a(4)",
            )
            .param(&p.eitc_childless)
            .param(&p.eitc_rate)
            .param(&cx.p.federal.eic_max_credit);
            return cx.line(Key::NjEitc, flat, merge(exp, fed.explanation));
        }
        let exp = cx.explanation(
            crate::explain_format!(cx,
                "No credit: {}; the New Jersey rule for filers without a qualifying child needs age {} or older at the end of {year}",
                fed.explanation.rule, expansion.min_age
            ),
            "N.J.S.A. 54A:4-7 a(4)",
        )
        .param(&p.eitc_childless);
        return cx.line(Key::NjEitc, Decimal::ZERO, merge(exp, fed.explanation));
    }

    let mut exp = cx
        .explanation(
            if override_amount.is_some() {
                "No credit: the federal earned income credit calculated by the IRS is zero"
                    .to_owned()
            } else {
                crate::explain_format!(cx, "No credit. {}", fed.explanation.rule)
            },
            cite,
        )
        .param(&p.eitc_rate);
    if let Some(v) = override_amount {
        exp = exp.answer(
            "Federal earned income credit calculated by the IRS",
            "federal.irs_eic_override",
            v,
        );
    } else {
        exp = merge(exp, fed.explanation);
    }
    cx.line(Key::NjEitc, Decimal::ZERO, exp)
}

/// Line 58 for a married filer filing separately: no credit (54A:4-7 a(3)).
fn line_58_married_separately(cx: &Ctx, fed: &FederalEic, federal: Decimal) -> Line {
    let a = cx.a;
    let cite = "N.J.S.A. 54A:4-7 a(3)";
    let message = "A married filer must file a joint return to claim the New Jersey earned income tax credit (only head-of-household and surviving-spouse filers are excepted); this holds even when the federal separated-spouse rule allows the federal credit on a separate return";
    if a.federal
        .irs_eic_override
        .is_some_and(|v| v > Decimal::ZERO)
    {
        cx.diag(
            Diagnostic::error("mfs-eitc", message)
                .at("federal.irs_eic_override")
                .cite(cite),
        );
    } else if federal > Decimal::ZERO || a.federal.eic_claimed_federally {
        cx.diag(
            Diagnostic::warning("mfs-eitc", message)
                .at("filing_status")
                .cite(cite),
        );
    }
    let exp = cx.explanation(
        crate::explain_format!(cx,
            "No credit: married filing separately. A married claimant must file a joint return (54A:4-7 a(3)); the federal credit here is {}",
            fmt_money(federal)
        ),
        "N.J.S.A. 54A:4-7 a(3)",
    )
    .answer_text(
        "Filing status",
        "filing_status",
        a.filing_status.name(),
    )
    .worksheet("Federal earned income credit", "federal_eic.table", fed.credit);
    cx.line(Key::NjEitc, Decimal::ZERO, exp)
}

/// Line 64: child and dependent care credit (N.J.S.A. 54A:4-17).
///
/// A percentage of the federal credit (IRC 21, Form 2441 line 11) by NJ taxable income (line 42),
/// each row's top inclusive ("not over"); no credit over the last row ($150,000 from 2022), for any
/// filing status. Married couples must file jointly unless treated as unmarried under IRC 21(e)(3)
/// or (4) (54A:4-17 c); since a married person filing separately gets the federal credit only under
/// those rules, a federal credit on a separate return is accepted with a warning to confirm.
///
/// The federal credit is the one typed (`federal.dependent_care_credit`) when it is not zero, else
/// the engine's [`form_2441_federal_care_credit`] from the Form 2441 facts (`federal.care`). When
/// both are given and differ, the typed credit is used and an info diagnostic gives the worksheet's
/// figure. While the worksheet lacks a fact it needs, the line is zero and each missing fact is an
/// error at its answer.
pub fn line_64_child_care_credit(cx: &Ctx, s: &Sheet) -> Line {
    let p = &cx.p.credits;
    let a = cx.a;
    let path = "federal.dependent_care_credit";
    let entered = a.federal.dependent_care_credit;
    if entered.is_sign_negative() && !entered.is_zero() {
        cx.diag(
            Diagnostic::error(
                "negative-amount",
                "The federal child and dependent care credit cannot be negative; it was treated as zero",
            )
            .at(path),
        );
    }
    let typed = floor_zero(entered);
    let worksheet = a
        .federal
        .care
        .as_ref()
        .map(|w| form_2441_federal_care_credit(cx, w));
    let income = s.v(Key::NjTaxableIncome);

    let (federal, mut exp) = match worksheet {
        Some(ws) if typed.is_zero() => {
            let cite = "N.J.S.A. 54A:4-17; IRC 21, 129";
            if !ws.complete() {
                for m in &ws.missing {
                    cx.diag(
                        Diagnostic::error("cdcc-missing-fact", m.message.clone())
                            .at(m.path.clone())
                            .cite("IRC 21; federal Form 2441"),
                    );
                }
                let exp = merge(
                    cx.explanation(
                        crate::explain_format!(cx,
                            "No credit until the federal Form 2441 worksheet is complete ({} missing). {}",
                            ws.missing.len(),
                            ws.explanation.rule
                        ),
                        cite,
                    )
                    .schedule(Schedule::Form2441)
                    .line("New Jersey taxable income", Key::NjTaxableIncome, income)
                    .param(&p.cdcc_tiers),
                    ws.explanation,
                );
                return cx.line(Key::ChildCareCredit, Decimal::ZERO, exp);
            }
            let exp = cx
                .explanation("", cite)
                .schedule(Schedule::Form2441)
                .worksheet(
                    "Federal child and dependent care credit (Form 2441 line 11)",
                    "Form 2441 line 11",
                    ws.credit,
                )
                .line("New Jersey taxable income", Key::NjTaxableIncome, income)
                .param(&p.cdcc_tiers);
            let rule = ws.explanation.rule.clone();
            let mut exp = merge(exp, ws.explanation);
            exp.rule = rule;
            (ws.credit, exp)
        }
        other => {
            if let Some(ws) = other
                && !typed.is_zero()
            {
                compare_with_worksheet(cx, typed, &ws);
            }
            let cite = "N.J.S.A. 54A:4-17";
            let exp = cx
                .explanation("", cite)
                .answer("Federal child and dependent care credit", path, typed)
                .line("New Jersey taxable income", Key::NjTaxableIncome, income)
                .param(&p.cdcc_tiers);
            (typed, exp)
        }
    };
    // The worksheet's own words, shown after the rule of this line.
    let worksheet_words = std::mem::take(&mut exp.rule);
    let with_worksheet = |rule: String| {
        if worksheet_words.is_empty() {
            rule
        } else {
            crate::explain_format!(cx, "{rule}. The federal credit: {worksheet_words}")
        }
    };
    if federal.is_zero() {
        exp.rule = with_worksheet("No credit: no federal child and dependent care credit".into());
        return cx.line(Key::ChildCareCredit, Decimal::ZERO, exp);
    }
    if a.filing_status == FilingStatus::MarriedSeparate {
        cx.diag(
            Diagnostic::warning(
                "cdcc-mfs",
                "Married couples must file a joint return for this credit unless the filer is treated as not married under IRC 21(e)(3) or (4) (legally separated, or living apart from the spouse for the last 6 months while keeping up a home for the qualifying person). The federal credit entered implies that; confirm it, including for a civil union partner",
            )
            .at("filing_status")
            .cite("N.J.S.A. 54A:4-17 c"),
        );
    }
    let Some(tier) = find_tier(&p.cdcc_tiers.value.0, income) else {
        let top = p
            .cdcc_tiers
            .value
            .0
            .last()
            .map_or(Decimal::ZERO, |t| t.up_to);
        exp.rule = with_worksheet(crate::explain_format!(
            cx,
            "No credit: New Jersey taxable income {} is over {}",
            fmt_money(income),
            fmt_money(top)
        ));
        return cx.line(Key::ChildCareCredit, Decimal::ZERO, exp);
    };
    let credit = times_rate(federal, tier.value);
    let (capped, cap_words) = care_credit_cap(cx, s, credit);
    if !cap_words.is_empty() {
        exp = exp.param(&p.cdcc_cap);
    }
    exp.rule = with_worksheet(crate::explain_format!(
        cx,
        "New Jersey taxable income {} is not over {}, so {} of the federal credit {} = {}{}",
        fmt_money(income),
        fmt_money(tier.up_to),
        fmt_rate(tier.value),
        fmt_money(federal),
        fmt_money(credit),
        cap_words
    ));
    cx.line(Key::ChildCareCredit, capped, exp)
}

/// The cap on the NJ child and dependent care credit of the years before 2021 (`cdcc_cap`: $500
/// for one qualifying person, $1,000 for two or more; nj-reference-3.md B8), with the words that
/// say so (empty when no cap applies). The number of qualifying persons is the Form 2441 answer;
/// when it was not given and the credit is over the one-person cap, the one-person cap is used,
/// and an error asks for the answer unless the credit, not refundable in those years, is limited
/// to a balance of tax no larger than that cap anyway (as it always is in the 50% row, where the
/// tax is a few hundred dollars at most).
fn care_credit_cap(cx: &Ctx, s: &Sheet, credit: Decimal) -> (Decimal, String) {
    let Some(cap) = &cx.p.credits.cdcc_cap.value else {
        return (credit, String::new());
    };
    let persons =
        cx.a.federal
            .care
            .as_ref()
            .and_then(|c| c.qualifying_persons);
    let (most, whom) = match persons {
        Some(crate::answers::QualifyingPersons::TwoOrMore) => {
            (cap.two_or_more, "two or more qualifying persons")
        }
        Some(crate::answers::QualifyingPersons::One) => (cap.one, "one qualifying person"),
        None => {
            let balance = balance_of_tax(s);
            let moot = !cx.p.credits.cdcc_refundable.value && balance <= cap.one;
            if credit > cap.one && !moot {
                cx.diag(
                    Diagnostic::error(
                        "cdcc-persons-needed",
                        format!(
                            "For {} the New Jersey child and dependent care credit is at most {} for one qualifying person and {} for two or more: say how many qualifying persons there were (federal Form 2441). Until then the one-person limit is used",
                            cx.year(),
                            fmt_money(cap.one),
                            fmt_money(cap.two_or_more)
                        ),
                    )
                    .at("federal.care.qualifying_persons")
                    .cite("N.J.S.A. 54A:4-17 a (before P.L.2021)"),
                );
            }
            (cap.one, "one qualifying person (the number was not given)")
        }
    };
    if credit <= most {
        return (credit, String::new());
    }
    (
        most,
        crate::explain_format!(
            cx,
            "; for {} the credit is at most {} for {whom}, so {}",
            cx.year(),
            fmt_money(most),
            fmt_money(most)
        ),
    )
}

/// The child and dependent care credit of the years it is not refundable (`cdcc_refundable`
/// false: through 2020, NJ-1040 line 44 in 2018-2019 and 45 in 2020): it reduces the tax and
/// never takes it below zero, so it is limited to the tax less the credit for taxes paid to other
/// jurisdictions (the balance of tax, the line above it). A refundable year's line is unchanged.
pub fn care_credit_limited_to_tax(cx: &Ctx, s: &Sheet, mut line: Line) -> Line {
    if cx.p.credits.cdcc_refundable.value || line.value.is_zero() {
        return line;
    }
    let balance = balance_of_tax(s);
    let allowed = line.value.min(balance);
    if cx.explaining() {
        let how = if allowed < line.value {
            "limited to"
        } else {
            "not more than"
        };
        line.explanation.rule = format!(
            "{}. Not refundable for {}: {how} the balance of tax (line {} {} minus line {} {}) = {}",
            line.explanation.rule,
            cx.year(),
            cx.id(Key::Tax),
            fmt_money(s.v(Key::Tax)),
            cx.id(Key::CojCredit),
            fmt_money(s.v(Key::CojCredit)),
            fmt_money(allowed)
        );
        line.explanation = std::mem::take(&mut line.explanation)
            .line("Tax", Key::Tax, s.v(Key::Tax))
            .line(
                "Credit for taxes paid to other jurisdictions",
                Key::CojCredit,
                s.v(Key::CojCredit),
            )
            .param(&cx.p.credits.cdcc_refundable);
    }
    line.value = allowed;
    line
}

/// The balance of tax the credits are taken against: the tax less the credit for taxes paid to
/// other jurisdictions, not below zero (line 45 of 2022-2025; line 43 of 2018-2019).
fn balance_of_tax(s: &Sheet) -> Decimal {
    floor_zero(crate::money::sat_sub(s.v(Key::Tax), s.v(Key::CojCredit)))
}

/// The typed federal credit is used; say what the Form 2441 worksheet gives when it differs, or
/// that it could not be compared.
fn compare_with_worksheet(cx: &Ctx, typed: Decimal, ws: &FederalCareCredit) {
    let path = "federal.dependent_care_credit";
    if !ws.complete() {
        cx.diag(
            Diagnostic::info(
                "cdcc-override-differs",
                format!(
                    "The federal child and dependent care credit you entered ({}) is used; the Form 2441 worksheet is not complete, so it was not compared",
                    fmt_money(typed)
                ),
            )
            .at(path)
            .cite("N.J.S.A. 54A:4-17"),
        );
    } else if ws.credit != typed {
        cx.diag(
            Diagnostic::info(
                "cdcc-override-differs",
                format!(
                    "The federal child and dependent care credit you entered ({}) is used; the Form 2441 worksheet gives {}",
                    fmt_money(typed),
                    fmt_money(ws.credit)
                ),
            )
            .at(path)
            .cite("N.J.S.A. 54A:4-17"),
        );
    }
}

/// Line 65: New Jersey child tax credit (N.J.S.A. 54A:4-17.1).
///
/// For each dependent who "has not attained the age of six years as of the close of the taxable
/// year" (age at 31 December, year minus birth year, of 5 or less), the amount of the row of the
/// schedule holding NJ taxable income (line 42), each row's top inclusive; none over the last row
/// ($80,000), for any filing status. A married filer must file jointly (d): a married person
/// filing separately gets no credit. Every dependent listed is taken to be one for whom the
/// exemption of 54A:3-1 is allowed.
pub fn line_65_child_tax_credit(cx: &Ctx, s: &Sheet) -> Line {
    let p = &cx.p.credits;
    let a = cx.a;
    let year = cx.year();
    let cite = "N.J.S.A. 54A:4-17.1";
    let under = p.ctc_age_under.value;
    let income = s.v(Key::NjTaxableIncome);

    // The schedule is among the figures used only once a child counts (so that its uncertainty
    // warning appears only on a return the amounts decide).
    let mut exp = cx
        .explanation("", cite)
        .line("New Jersey taxable income", Key::NjTaxableIncome, income)
        .param(&p.ctc_age_under);
    let mut count: u32 = 0;
    for (i, dep) in a.dependents.iter().enumerate() {
        let path = format!("dependents[{i}].birth_date");
        let Some(birth) = dep.birth_date else {
            cx.diag(
                Diagnostic::error(
                    "missing-birth-date",
                    format!(
                        "Dependent {}: the birth date is missing; it is needed for the child tax credit (age 5 or under at the end of the year)",
                        i + 1
                    ),
                )
                .at(path.clone())
                .cite("N.J.S.A. 54A:4-17.1 a"),
            );
            exp = exp.answer_text(
                crate::explain_format!(cx, "Dependent {} birth date", i + 1),
                path,
                "missing",
            );
            continue;
        };
        let Some(age) = birth.age_at_year_end(year) else {
            cx.diag(
                Diagnostic::warning(
                    "dependent-born-after-year",
                    format!(
                        "Dependent {} was born {birth}, after the end of {year}; check the birth date",
                        i + 1
                    ),
                )
                .at(path.clone()),
            );
            continue;
        };
        let counts = u32::from(age) < under;
        if counts {
            count = count.saturating_add(1);
        }
        exp = exp.answer_text(
            crate::explain_format!(cx, "Dependent {} age at the end of {year}", i + 1),
            path,
            crate::explain_format!(
                cx,
                "born {birth}: age {age}, {}",
                if counts {
                    crate::explain_format!(cx, "under {under}, counts")
                } else {
                    crate::explain_format!(cx, "not under {under}")
                }
            ),
        );
    }
    exp = exp.worksheet_text(
        "Dependents aged 5 or under",
        "child_tax_credit.children",
        count.to_string(),
    );

    let tiers = &p.ctc_tiers.value.0;
    if tiers.is_empty() {
        exp.rule = crate::explain_format!(cx, "No New Jersey child tax credit in {year}");
        return cx.line(Key::ChildTaxCredit, Decimal::ZERO, exp.param(&p.ctc_tiers));
    }
    if count == 0 {
        exp.rule = crate::explain_format!(
            cx,
            "No credit: no dependent under age {under} at the end of {year}"
        );
        return cx.line(Key::ChildTaxCredit, Decimal::ZERO, exp);
    }
    if a.filing_status == FilingStatus::MarriedSeparate {
        cx.diag(
            Diagnostic::info(
                "ctc-mfs",
                "The New Jersey child tax credit is not allowed on a married filing separately return; a married filer must file jointly (head-of-household and surviving-spouse filers are excepted)",
            )
            .at("filing_status")
            .cite("N.J.S.A. 54A:4-17.1 d"),
        );
        exp.rule = crate::explain_format!(
            cx,
            "No credit: married filing separately (54A:4-17.1 d requires a joint return), although {count} dependent(s) are under age {under}"
        );
        return cx.line(Key::ChildTaxCredit, Decimal::ZERO, exp);
    }
    exp = exp.param(&p.ctc_tiers);
    let Some(tier) = find_tier(tiers, income) else {
        let top = tiers.last().map_or(Decimal::ZERO, |t| t.up_to);
        exp.rule = crate::explain_format!(
            cx,
            "No credit: New Jersey taxable income {} is over {}",
            fmt_money(income),
            fmt_money(top)
        );
        return cx.line(Key::ChildTaxCredit, Decimal::ZERO, exp);
    };
    let credit = (0..count).fold(Decimal::ZERO, |acc, _| sat_add(acc, tier.value));
    exp.rule = crate::explain_format!(
        cx,
        "New Jersey taxable income {} is not over {}: {} per child x {count} = {}",
        fmt_money(income),
        fmt_money(tier.up_to),
        fmt_money(tier.value),
        fmt_money(credit)
    );
    cx.line(Key::ChildTaxCredit, credit, exp)
}

/// A part-year resident's credit: the full-year amount × months of residency ÷ 12, 15 days or
/// more counting as a month (54A:4-7 b for the NJ EITC, 4-17 d for the child and dependent care
/// credit, 4-17.1 e for the child tax credit). Other returns keep the line as it is.
pub fn prorated_for_part_year(cx: &Ctx, mut line: Line, citation: &str) -> Line {
    if cx.scope.kind != crate::residency::ReturnKind::PartYearResident || line.value.is_zero() {
        return line;
    }
    let full = line.value;
    let v = cx.scope.prorate(full);
    if cx.explaining() {
        line.explanation.rule = format!(
            "{}. Part-year resident: {} × {} months of residency ÷ 12 = {}",
            line.explanation.rule,
            fmt_money(full),
            cx.scope.months,
            fmt_money(v)
        );
        line.explanation.citation = format!("{}; {citation}", line.explanation.citation);
    }
    line.value = v;
    line
}

/// The child and dependent care credit when it is taken against the tax (`cdcc_refundable`
/// false, through 2020: NJ-1040 line 44 in 2018-2019, 45 in 2020); zero in a year it is
/// refundable (it is then a payment line).
pub fn nonrefundable_care_credit(cx: &Ctx, s: &Sheet) -> Decimal {
    if cx.p.credits.cdcc_refundable.value {
        Decimal::ZERO
    } else {
        s.v(Key::ChildCareCredit)
    }
}
