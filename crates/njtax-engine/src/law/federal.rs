//! The law figures of `forms/params/federal.ron`: federal figures the NJ credits use (the federal
//! EIC, IRC 32; the federal child and dependent care credit, IRC 21), declared with
//! [`crate::param_domain!`], with the parameter types they use and the look-ups the rules share.

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::answers::QualifyingPersons;
use crate::explain::ShowValue;
use crate::money::{fmt_money, fmt_rate};

/// A figure that depends on the number of qualifying children (IRC 32(b)).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ByChildren<T> {
    /// No qualifying child.
    pub zero: T,
    /// One qualifying child.
    pub one: T,
    /// Two qualifying children.
    pub two: T,
    /// Three or more qualifying children.
    pub three_or_more: T,
}

impl<T> ByChildren<T> {
    /// The figure for a number of qualifying children (3 and more share a column).
    pub fn get(&self, children: u32) -> &T {
        match children {
            0 => &self.zero,
            1 => &self.one,
            2 => &self.two,
            _ => &self.three_or_more,
        }
    }
}

impl<T: ShowValue> ShowValue for ByChildren<T> {
    fn show(&self) -> String {
        self.show_as(crate::params::Shown::Number)
    }

    fn show_as(&self, shown: crate::params::Shown) -> String {
        format!(
            "no child {}; one {}; two {}; three or more {}",
            self.zero.show_as(shown),
            self.one.show_as(shown),
            self.two.show_as(shown),
            self.three_or_more.show_as(shown)
        )
    }
}

/// An age range: at least `min`, and under `under` when there is an upper limit.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct AgeRange {
    /// Minimum age at the close of the year.
    pub min: u32,
    /// Must be under this age at the close of the year (`None`: no upper limit).
    pub under: Option<u32>,
}

impl ShowValue for AgeRange {
    fn show(&self) -> String {
        match self.under {
            Some(u) => format!("at least {} and under {u}", self.min),
            None => format!("at least {}, no upper limit", self.min),
        }
    }
}

crate::param_domain!("federal", FederalParamsFile => FederalParams {
    /// Credit (phase-in) percentage.
    eic_credit_rate: ByChildren<Decimal> as percent,
    /// Phase-out percentage.
    eic_phaseout_rate: ByChildren<Decimal> as percent,
    /// Earned income amount.
    eic_earned_income_amount: ByChildren<Decimal> as money,
    /// Maximum credit as published.
    eic_max_credit: ByChildren<Decimal> as money,
    /// Phase-out amount, all statuses but joint.
    eic_phaseout_start: ByChildren<Decimal> as money,
    /// Phase-out amount, joint return.
    eic_phaseout_start_joint: ByChildren<Decimal> as money,
    /// Income limit (completed phase-out), all statuses but joint.
    eic_completed_phaseout: ByChildren<Decimal> as money,
    /// Income limit (completed phase-out), joint return.
    eic_completed_phaseout_joint: ByChildren<Decimal> as money,
    /// Federal EIC investment income limit.
    eic_investment_income_limit: Decimal as money,
    /// Width of an EIC Table band.
    eic_table_band: Decimal as money,
    /// Age test for a filer without a qualifying child.
    eic_childless_age: AgeRange,
    /// Qualifying child: under this age.
    eic_child_age_under: u32,
    /// Qualifying child who is a full-time student: under this age.
    eic_student_age_under: u32,
    /// Separated spouses filing separately may claim (from 2021).
    eic_mfs_separated_spouse_rule: bool,
    /// 2021 only: minimum age of a childless filer who was a specified student (0 when no such rule).
    eic_specified_student_min_age: u32,
    /// The EIC Table's plateau and phase-out start from the published (whole-dollar) maximum credit
    /// rather than credit% x earned-income amount.
    eic_table_uses_published_maximum: bool,
    /// Child and dependent care credit (Form 2441): the limit on expenses by qualifying persons.
    cdcc_expense_cap: ByPersons<Decimal> as money,
    /// Child and dependent care credit: the applicable percentage by AGI.
    cdcc_rate_schedule: RateSchedule,
    /// Child and dependent care credit: earned income a student or disabled spouse is deemed to
    /// have for each month.
    cdcc_deemed_monthly_earned_income: ByPersons<Decimal> as money,
    /// Dependent care assistance: the limit on excluded employer-provided benefits.
    cdcc_exclusion_limit: ExclusionLimit,
});

/// A figure for a joint return and for every other return.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct JointOrOther<T> {
    /// Married filing jointly.
    pub joint: T,
    /// Every other filing status.
    pub other: T,
}

impl<T> JointOrOther<T> {
    /// The figure for a joint return or not.
    pub fn get(&self, joint: bool) -> &T {
        if joint { &self.joint } else { &self.other }
    }
}

/// A figure by the number of qualifying persons (IRC 21(c), (d)(2)).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ByPersons<T> {
    /// One qualifying person.
    pub one: T,
    /// Two or more qualifying persons.
    pub two_or_more: T,
}

impl<T> ByPersons<T> {
    /// The figure for one person, or two or more.
    pub fn get(&self, persons: QualifyingPersons) -> &T {
        match persons {
            QualifyingPersons::One => &self.one,
            QualifyingPersons::TwoOrMore => &self.two_or_more,
        }
    }
}

impl ShowValue for ByPersons<Decimal> {
    fn show(&self) -> String {
        format!(
            "one qualifying person {}; two or more {}",
            fmt_money(self.one),
            fmt_money(self.two_or_more)
        )
    }
}

/// One reduction of the applicable percentage: `points` for each `per` of adjusted gross income
/// (or fraction of it) over `over`, but not below `floor` (and never raising the rate).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RateStep {
    /// Adjusted gross income over which the reduction starts.
    pub over: JointOrOther<Decimal>,
    /// The width of one step of income ("each $2,000 or fraction thereof").
    pub per: JointOrOther<Decimal>,
    /// How much the rate falls for each step (0.01: one percentage point).
    pub points: Decimal,
    /// The rate this reduction stops at.
    pub floor: Decimal,
}

/// The applicable percentage of IRC 21(a)(2): a start rate, reduced by each step in order.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RateSchedule {
    /// The rate before any reduction.
    pub start: Decimal,
    /// The reductions, applied in order.
    pub steps: Vec<RateStep>,
}

/// An amount written with its joint-return variant when it differs: `$2,000 ($4,000 joint)`.
fn joint_words(v: &JointOrOther<Decimal>) -> String {
    if v.joint == v.other {
        fmt_money(v.other)
    } else {
        format!("{} ({} joint)", fmt_money(v.other), fmt_money(v.joint))
    }
}

impl ShowValue for RateSchedule {
    fn show(&self) -> String {
        let mut out = fmt_rate(self.start);
        for (i, s) in self.steps.iter().enumerate() {
            out.push_str(&format!(
                "{}less {} for each {} or part of it of AGI over {}, not below {}",
                if i == 0 { ", " } else { "; then " },
                fmt_rate(s.points),
                joint_words(&s.per),
                joint_words(&s.over),
                fmt_rate(s.floor)
            ));
        }
        out
    }
}

/// The IRC 129(a)(2)(A) limit on excluded dependent care benefits.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ExclusionLimit {
    /// Every return but a separate return of a married person.
    pub other: Decimal,
    /// A separate return of a married person (not treated as unmarried under IRC 21(e)(3), (4)).
    pub separate: Decimal,
}

impl ShowValue for ExclusionLimit {
    fn show(&self) -> String {
        format!(
            "{}; {} on a separate return of a married person",
            fmt_money(self.other),
            fmt_money(self.separate)
        )
    }
}
