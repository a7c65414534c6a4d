//! Exemptions (lines 6-13 and 30; N.J.S.A. 54A:3-1, 54A:3-1.1).
//!
//! Each line's value is the dollar amount; its explanation gives the count and who was counted.
//! Spouse exemptions are allowed only on a joint return (54A:3-1(b)1: a spouse "who does not file
//! separately"); on a joint return both spouses are taxpayers (54A:1-2(l)), so the veteran
//! exemption of 54A:3-1(b)7 is allowed for each spouse who is a veteran. A domestic partner
//! (26:8A-3) who does not file separately gives an unmarried filer the (b)1 exemption on line 6;
//! the age, blind/disabled and veteran exemptions of (b)4, 6 and 7 name a spouse only.

use rust_decimal::Decimal;

use crate::answers::{Answers, Dependent, FilingStatus, Owner, Person};
use crate::explain::{Diagnostic, Line};
use crate::key::Key;
pub use crate::law::exemptions::{ExemptionParams, ExemptionParamsFile};
use crate::money::{fmt_money, sat_sum, times_rate};
use crate::params::Figure;
use crate::sheet::{Ctx, Sheet};

/// Citation of the exemption section.
const CITE_3_1: &str = "N.J.S.A. 54A:3-1";

/// A person whose exemptions belong on this return: the taxpayer, and the spouse on a joint return.
#[derive(Clone, Copy, Debug)]
pub struct Counted<'a> {
    /// Whose.
    pub owner: Owner,
    /// The person's answers (`None` for a spouse on a joint return whose details are missing).
    pub person: Option<&'a Person>,
    /// Answer path prefix (`taxpayer` or `spouse`).
    pub path: &'static str,
    /// "you" or "your spouse/CU partner".
    pub who: &'static str,
}

/// The taxpayer, and the spouse when the return is joint (`cx.a.counts(owner)`).
pub fn counted_people(a: &Answers) -> Vec<Counted<'_>> {
    let mut out = vec![Counted {
        owner: Owner::Taxpayer,
        person: Some(&a.taxpayer),
        path: "taxpayer",
        who: "you",
    }];
    if a.counts(Owner::Spouse) {
        out.push(Counted {
            owner: Owner::Spouse,
            person: a.spouse.as_ref(),
            path: "spouse",
            who: "your spouse/CU partner",
        });
    }
    out
}

/// Age at the close of the tax year, when the birth date is known and not after the year.
pub fn age_at_year_end(person: Option<&Person>, tax_year: u16) -> Option<u32> {
    person
        .and_then(|p| p.birth_date)
        .and_then(|d| d.age_at_year_end(tax_year))
        .map(u32::from)
}

/// Where a dependent goes on the return.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DependentClass {
    /// Line 10: a federal qualifying child (relationship and age test).
    QualifyingChild,
    /// Line 11: any other dependent.
    Other,
    /// Not counted (born after the tax year).
    NotCounted,
}

/// Classify a dependent for lines 10 and 11 (IRC 152(c) relationship and age tests; 54A:3-1(b)2).
pub fn classify_dependent(p: &ExemptionParams, d: &Dependent, tax_year: u16) -> DependentClass {
    let Some(birth) = d.birth_date else {
        // Without a birth date only a disabled child can be shown to pass the age test.
        return if d.relationship.is_child_relationship() && d.disabled {
            DependentClass::QualifyingChild
        } else {
            DependentClass::Other
        };
    };
    let Some(age) = birth.age_at_year_end(tax_year).map(u32::from) else {
        return DependentClass::NotCounted;
    };
    let age_test = age < p.qualifying_child_age_limit.value
        || (d.full_time_student && age < p.qualifying_child_student_age_limit.value)
        || d.disabled;
    if d.relationship.is_child_relationship() && age_test {
        DependentClass::QualifyingChild
    } else {
        DependentClass::Other
    }
}

/// Whether a dependent gets the college exemption of 54A:3-1.1 (line 12).
pub fn college_exemption_applies(p: &ExemptionParams, d: &Dependent, tax_year: u16) -> bool {
    let age = d
        .birth_date
        .and_then(|b| b.age_at_year_end(tax_year))
        .map(u32::from);
    d.college_student_costs_paid && age.is_some_and(|a| a < p.college_age_limit.value)
}

/// `n × amount`, saturating.
fn times_count(amount: Decimal, n: usize) -> Decimal {
    times_rate(amount, Decimal::from(n))
}

/// A line counting people (lines 6-9): who qualifies, times the figure.
fn people_line(
    cx: &Ctx,
    key: Key,
    what: &str,
    who: &[String],
    fig: &Figure<Decimal>,
    citation: &str,
) -> Line {
    let n = who.len();
    let v = times_count(fig.value, n);
    let names = if who.is_empty() {
        "nobody".to_owned()
    } else {
        who.join(", ")
    };
    cx.line(
        key,
        v,
        cx.explanation(
            crate::explain_format!(
                cx,
                "{what}: {n} ({names}) × {} = {}",
                fmt_money(fig.value),
                fmt_money(v)
            ),
            citation,
        )
        .worksheet_text("Number of exemptions", key.as_str(), n.to_string())
        .param(fig),
    )
}

/// Whether the return claims a domestic partner's exemption (54A:3-1(b)1): a partner (26:8A-3)
/// who does not file separately, on the return of an unmarried filer (single, head of household,
/// qualifying widow(er)). A married person or civil union partner has no domestic partner
/// (26:8A-4 b: neither may be married or in a civil union).
pub fn domestic_partner_claimed(a: &Answers) -> bool {
    !matches!(
        a.filing_status,
        FilingStatus::MarriedJoint | FilingStatus::MarriedSeparate
    ) && a
        .domestic_partner
        .as_ref()
        .is_some_and(|p| p.does_not_file_separately)
}

/// Line 6: regular exemption for you, and your spouse/CU partner on a joint return or your
/// domestic partner who does not file separately (54A:3-1(a), (b)1).
pub fn line_6_regular(cx: &Ctx) -> Line {
    let e = &cx.p.exemptions;
    let joint = cx.a.filing_status.is_joint();
    let partner = domestic_partner_claimed(cx.a);
    let second = joint || partner;
    let spouse_amount = if second {
        e.spouse.value
    } else {
        Decimal::ZERO
    };
    let v = sat_sum([e.regular.value, spouse_amount]);
    let n = if second { 2 } else { 1 };
    let rule = if joint {
        crate::explain_format!(
            cx,
            "Regular exemption: you {} + your spouse/CU partner on a joint return {} = {} (2 exemptions)",
            fmt_money(e.regular.value),
            fmt_money(e.spouse.value),
            fmt_money(v)
        )
    } else if partner {
        crate::explain_format!(
            cx,
            "Regular exemption: you {} + your domestic partner, who does not file separately, {} = {} (2 exemptions)",
            fmt_money(e.regular.value),
            fmt_money(e.spouse.value),
            fmt_money(v)
        )
    } else {
        crate::explain_format!(
            cx,
            "Regular exemption: you {} (1 exemption; a spouse/CU partner is claimed only on a joint return, a domestic partner only when not filing separately)",
            fmt_money(v)
        )
    };
    let mut exp = cx
        .explanation(rule, "N.J.S.A. 54A:3-1(a), (b)1")
        .answer_text("Filing status", "filing_status", cx.a.filing_status.name())
        .worksheet_text("Number of exemptions", "exemption_regular", n.to_string())
        .param(&e.regular);
    if partner {
        exp = exp.answer_text(
            "Domestic partner who does not file separately",
            "domestic_partner.does_not_file_separately",
            "yes",
        );
    }
    if second {
        exp = exp.param(&e.spouse);
    }
    cx.line(Key::ExemptionRegular, v, exp)
}

/// Line 7: age 65 or older at the close of the year, you and your spouse on a joint return (54A:3-1(b)3-4).
pub fn line_7_age(cx: &Ctx) -> Line {
    let e = &cx.p.exemptions;
    let year = cx.year();
    let who: Vec<String> = counted_people(cx.a)
        .iter()
        .filter_map(|c| {
            let age = age_at_year_end(c.person, year)?;
            (age >= e.age_65_threshold.value)
                .then(|| crate::explain_format!(cx, "{}, {age} on 31 December {year}", c.who))
        })
        .collect();
    let mut line = people_line(
        cx,
        Key::ExemptionAge,
        &crate::explain_format!(
            cx,
            "Age {} or older at the end of {year}",
            e.age_65_threshold.value
        ),
        &who,
        &e.age_65,
        "N.J.S.A. 54A:3-1(b)3-4",
    );
    line.explanation = line.explanation.param(&e.age_65_threshold);
    line
}

/// Line 8: blind or disabled, you and your spouse on a joint return (54A:3-1(b)5-6).
pub fn line_8_blind(cx: &Ctx) -> Line {
    let e = &cx.p.exemptions;
    let who: Vec<String> = counted_people(cx.a)
        .iter()
        .filter(|c| c.person.is_some_and(|p| p.blind_or_disabled))
        .map(|c| c.who.to_owned())
        .collect();
    people_line(
        cx,
        Key::ExemptionBlind,
        "Blind or disabled",
        &who,
        &e.blind_disabled,
        "N.J.S.A. 54A:3-1(b)5-6",
    )
}

/// Line 9: honorably discharged veteran, you and your spouse on a joint return (54A:3-1(b)7).
pub fn line_9_veteran(cx: &Ctx) -> Line {
    let e = &cx.p.exemptions;
    let who: Vec<String> = counted_people(cx.a)
        .iter()
        .filter(|c| c.person.is_some_and(|p| p.veteran))
        .map(|c| c.who.to_owned())
        .collect();
    people_line(
        cx,
        Key::ExemptionVeteran,
        "Honorably discharged veteran",
        &who,
        &e.veteran,
        "N.J.S.A. 54A:3-1(b)7, 54A:1-2(l)",
    )
}

/// A line counting dependents (lines 10-12).
fn dependents_line(
    cx: &Ctx,
    key: Key,
    what: &str,
    idx: &[usize],
    fig: &Figure<Decimal>,
    citation: &str,
) -> Line {
    let n = idx.len();
    let v = times_count(fig.value, n);
    let mut exp = cx
        .explanation(
            crate::explain_format!(
                cx,
                "{what}: {n} × {} = {}",
                fmt_money(fig.value),
                fmt_money(v)
            ),
            citation,
        )
        .worksheet_text("Number of dependents", key.as_str(), n.to_string());
    for i in idx {
        exp = exp.answer_text(
            "Dependent counted",
            crate::explain_format!(cx, "dependents[{i}]"),
            crate::explain_format!(cx, "dependent {}", i + 1),
        );
    }
    cx.line(key, v, exp.param(fig))
}

/// Line 10: qualified dependent children (54A:3-1(b)2; federal qualifying child, IRC 152(c)).
pub fn line_10_children(cx: &Ctx) -> Line {
    let e = &cx.p.exemptions;
    let idx = dependents_of(cx, DependentClass::QualifyingChild);
    let mut line = dependents_line(
        cx,
        Key::ExemptionChildren,
        &crate::explain_format!(
            cx,
            "Qualified dependent children (child, stepchild, foster child, sibling or their descendant; under {} at the end of the year, under {} if a full-time student, or any age if permanently disabled)",
            e.qualifying_child_age_limit.value,
            e.qualifying_child_student_age_limit.value
        ),
        &idx,
        &e.dependent,
        "N.J.S.A. 54A:3-1(b)2, 54A:1-2(e); IRC 152(c)",
    );
    line.explanation = line
        .explanation
        .param(&e.qualifying_child_age_limit)
        .param(&e.qualifying_child_student_age_limit);
    line
}

/// Line 11: other dependents (54A:3-1(b)2).
pub fn line_11_other_dependents(cx: &Ctx) -> Line {
    let idx = dependents_of(cx, DependentClass::Other);
    dependents_line(
        cx,
        Key::ExemptionOtherDependents,
        "Other dependents (not a qualified dependent child)",
        &idx,
        &cx.p.exemptions.dependent,
        "N.J.S.A. 54A:3-1(b)2, 54A:1-2(e)",
    )
}

/// Line 12: dependents under 22 attending college full time, half or more of costs paid (54A:3-1.1).
pub fn line_12_college(cx: &Ctx) -> Line {
    let e = &cx.p.exemptions;
    let year = cx.year();
    let idx: Vec<usize> =
        cx.a.dependents
            .iter()
            .enumerate()
            .filter(|(_, d)| {
                classify_dependent(e, d, year) != DependentClass::NotCounted
                    && college_exemption_applies(e, d, year)
            })
            .map(|(i, _)| i)
            .collect();
    let mut line = dependents_line(
        cx,
        Key::ExemptionCollege,
        &crate::explain_format!(
            cx,
            "Dependents under {} at the end of the year attending college full time, with half or more of tuition and maintenance paid by you",
            e.college_age_limit.value
        ),
        &idx,
        &e.college,
        "N.J.S.A. 54A:3-1.1",
    );
    line.explanation = line.explanation.param(&e.college_age_limit);
    line
}

/// Indexes of the dependents in a class.
fn dependents_of(cx: &Ctx, class: DependentClass) -> Vec<usize> {
    cx.a.dependents
        .iter()
        .enumerate()
        .filter(|(_, d)| classify_dependent(&cx.p.exemptions, d, cx.year()) == class)
        .map(|(i, _)| i)
        .collect()
}

/// Line 13: total exemption amount (lines 6 through 12).
pub fn line_13_total(cx: &Ctx, parts: &[Line]) -> Line {
    let v = sat_sum(parts.iter().map(|l| l.value));
    let detail: Vec<String> = parts
        .iter()
        .map(|l| crate::explain_format!(cx, "line {} {}", l.id, fmt_money(l.value)))
        .collect();
    let mut exp = cx.explanation(
        crate::explain_format!(
            cx,
            "Sum of lines {} through {}: {} = {}",
            cx.id(Key::ExemptionRegular),
            cx.id(Key::ExemptionCollege),
            detail.join(" + "),
            fmt_money(v)
        ),
        "N.J.S.A. 54A:3-1, 54A:3-1.1",
    );
    for l in parts {
        exp = exp.line(l.label.to_string(), l.key, l.value);
    }
    cx.line(Key::ExemptionTotal, v, exp)
}

/// Diagnostics about the exemption answers (recorded once, from [`exemption_lines`]).
fn exemption_diagnostics(cx: &Ctx) {
    let a = cx.a;
    let year = cx.year();
    let e = &cx.p.exemptions;
    if a.filing_status.is_joint() {
        match &a.spouse {
            None => cx.diag(
                Diagnostic::error(
                    "missing-spouse",
                    "A joint return needs your spouse/CU partner's details (name, SSN, birth date)",
                )
                .at("spouse")
                .cite("N.J.S.A. 54A:3-1(b)1"),
            ),
            Some(sp) if sp.birth_date.is_none() => cx.diag(
                Diagnostic::error(
                    "missing-birth-date",
                    format!("Your spouse/CU partner's birth date is missing, so the age 65 exemption (line {}) cannot be checked", cx.id(Key::ExemptionAge)),
                )
                .at("spouse.birth_date")
                .cite("N.J.S.A. 54A:3-1(b)4"),
            ),
            Some(_) => {}
        }
    } else if let Some(sp) = &a.spouse {
        let age65 = age_at_year_end(Some(sp), year).is_some_and(|x| x >= e.age_65_threshold.value);
        if a.filing_status == crate::answers::FilingStatus::MarriedSeparate
            && (age65 || sp.blind_or_disabled || sp.veteran)
        {
            cx.diag(
                Diagnostic::info(
                    "spouse-exemptions-separate-return",
                    "Your spouse/CU partner's exemptions (regular, age, blind/disabled, veteran) are not claimed on a separate return; they belong on the spouse's own return",
                )
                .at("spouse")
                .cite("N.J.S.A. 54A:3-1(b)1"),
            );
        } else if matches!(
            a.filing_status,
            FilingStatus::Single | FilingStatus::HeadOfHousehold
        ) {
            cx.diag(
                Diagnostic::info(
                    "spouse-not-on-unmarried-return",
                    format!("A spouse/CU partner is entered, but the filing status is not a married one, so no spouse is on this return. A registered domestic partner is entered as a domestic partner (line {})", cx.id(Key::ExemptionRegular)),
                )
                .at("spouse")
                .cite("N.J.S.A. 54A:3-1(b)1"),
            );
        }
    }
    if let Some(dp) = &a.domestic_partner {
        if matches!(
            a.filing_status,
            FilingStatus::MarriedJoint | FilingStatus::MarriedSeparate
        ) {
            cx.diag(
                Diagnostic::warning(
                    "domestic-partner-on-married-return",
                    "A domestic partner is entered on a married/CU partner's return. A married person or civil union partner cannot be in a domestic partnership (N.J.S.A. 26:8A-4 b), so no domestic partner's exemption is claimed: check the filing status",
                )
                .at("domestic_partner")
                .cite("N.J.S.A. 54A:3-1(b)1"),
            );
        } else if !dp.does_not_file_separately {
            cx.diag(
                Diagnostic::info(
                    "domestic-partner-files-separately",
                    "Your domestic partner's exemption is claimed only when the partner does not file separately; it is not claimed on this return",
                )
                .at("domestic_partner.does_not_file_separately")
                .cite("N.J.S.A. 54A:3-1(b)1"),
            );
        }
    }
    for (i, d) in a.dependents.iter().enumerate() {
        match d.birth_date {
            None => cx.diag(
                Diagnostic::error(
                    "missing-birth-date",
                    format!(
                        "Dependent {}'s birth date is missing: it is needed on line 14 and to place the dependent on line {} or {} (and line {})",
                        i + 1,
                        cx.id(Key::ExemptionChildren),
                        cx.id(Key::ExemptionOtherDependents),
                        cx.id(Key::ExemptionCollege)
                    ),
                )
                .at(format!("dependents[{i}].birth_date"))
                .cite("N.J.S.A. 54A:3-1(b)2"),
            ),
            Some(b) if b.age_at_year_end(year).is_none() => cx.diag(
                Diagnostic::error(
                    "dependent-born-after-year",
                    format!(
                        "Dependent {} was born after {year} and cannot be claimed for {year}",
                        i + 1
                    ),
                )
                .at(format!("dependents[{i}].birth_date")),
            ),
            Some(_) => {
                if d.college_student_costs_paid && !college_exemption_applies(e, d, year) {
                    cx.diag(
                        Diagnostic::warning(
                            "college-exemption-age",
                            format!(
                                "Dependent {} is not under {} at the end of {year}, so the college exemption (line {}) is not allowed",
                                i + 1,
                                e.college_age_limit.value,
                                cx.id(Key::ExemptionCollege)
                            ),
                        )
                        .at(format!("dependents[{i}].college_student_costs_paid"))
                        .cite("N.J.S.A. 54A:3-1.1"),
                    );
                }
            }
        }
    }
}

/// Lines 6-13, in form order (values are dollar amounts; explanations give the counts).
pub fn exemption_lines(cx: &Ctx) -> Vec<Line> {
    exemption_diagnostics(cx);
    let mut lines = vec![
        line_6_regular(cx),
        line_7_age(cx),
        line_8_blind(cx),
        line_9_veteran(cx),
        line_10_children(cx),
        line_11_other_dependents(cx),
        line_12_college(cx),
    ];
    let total = line_13_total(cx, &lines);
    lines.push(total);
    lines
}

/// Line 30: the exemption amount from line 13 (a full-year resident takes all of it; 54A:3-1(c)
/// prorates only a part-year taxable year).
pub fn line_30_exemptions(cx: &Ctx, s: &Sheet) -> Line {
    let v = s.v(Key::ExemptionTotal);
    if cx.scope.months < 12 {
        let prorated = cx.scope.prorate(v);
        return cx.line(
            Key::Exemptions,
            prorated,
            cx.explanation(
                crate::explain_format!(cx,
                    "Total exemption amount from line {} {} × {} months ÷ 12 = {} (the months of the year this return covers; 15 days or more count as a month)",
                    cx.id(Key::ExemptionTotal),
                    fmt_money(v),
                    cx.scope.months,
                    fmt_money(prorated)
                ),
                crate::explain_format!(cx, "{CITE_3_1}(c)"),
            )
            .line("Total exemption amount", Key::ExemptionTotal, v)
            .param(&cx.p.residency.days_making_a_month),
        );
    }
    cx.line(
        Key::Exemptions,
        v,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Total exemption amount from line {}: {} (full-year resident, no proration)",
                cx.id(Key::ExemptionTotal),
                fmt_money(v)
            ),
            crate::explain_format!(cx, "{CITE_3_1}(c)"),
        )
        .line("Total exemption amount", Key::ExemptionTotal, v),
    )
}
