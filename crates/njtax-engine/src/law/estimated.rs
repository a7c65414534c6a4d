//! The law figures of `forms/params/estimated.ron`: estimated tax and the NJ-2210 (54A:8-4, 8-5,
//! 9-6 c, d), declared with [`crate::param_domain!`], with the parameter types they use and the
//! look-ups the rules share.

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::answers::Date;
use crate::explain::ShowValue;
use crate::money::fmt_rate;

/// A fraction kept exact (two-thirds).
#[derive(Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Fraction {
    /// Numerator.
    pub numerator: Decimal,
    /// Denominator.
    pub denominator: Decimal,
}

impl std::fmt::Debug for Fraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.show())
    }
}

/// As people write a fraction: "2/3".
impl ShowValue for Fraction {
    fn show(&self) -> String {
        format!("{}/{}", self.numerator, self.denominator)
    }
}

/// The four installment due dates of a year (54A:8-5 a(1)), as actually due (moved off weekends
/// and holidays).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct InstallmentDates {
    /// First installment (April).
    pub april: Date,
    /// Second installment (June).
    pub june: Date,
    /// Third installment (September).
    pub september: Date,
    /// Fourth installment (January of the next year).
    pub january: Date,
}

impl InstallmentDates {
    /// The dates in order.
    pub fn all(&self) -> [Date; 4] {
        [self.april, self.june, self.september, self.january]
    }
}

impl ShowValue for InstallmentDates {
    fn show(&self) -> String {
        format!(
            "{}, {}, {}, {}",
            self.april, self.june, self.september, self.january
        )
    }
}

/// A day of a month (the 15th day of the fourth month).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MonthDay {
    /// Month, 1-12.
    pub month: u8,
    /// Day of the month.
    pub day: u8,
}

/// `April 15`.
impl ShowValue for MonthDay {
    fn show(&self) -> String {
        crate::calendar::month_day_words(self.month, self.day)
    }
}

/// An interest rate from a date until the next period's.
#[derive(Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RatePeriod {
    /// First day of the period.
    pub from: Date,
    /// Annual rate.
    pub rate: Decimal,
}

impl std::fmt::Debug for RatePeriod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "from {}: {}", self.from, fmt_rate(self.rate))
    }
}

impl ShowValue for RatePeriod {
    fn show(&self) -> String {
        format!("from {}: {}", self.from, fmt_rate(self.rate))
    }
}

crate::param_domain!("estimated", EstimatedParamsFile => EstimatedParams {
    /// Estimated tax over credits above which a declaration is required (54A:8-4 a).
    declaration_threshold: Decimal as money,
    /// Share of this year's tax the installments must reach (80%, 54A:9-6 c(1)).
    required_share: Decimal as percent,
    /// Share for a farmer (two-thirds, 54A:9-6 c(1), 8-4 e).
    farmer_share: Fraction,
    /// Share of total income from farming that makes a farmer (two-thirds, 54A:8-4 e).
    farmer_income_share: Fraction,
    /// Share of last year's tax (100%, 54A:9-6 c(2), d(1)(A)).
    prior_year_share: Decimal as percent,
    /// Share of last year's tax above the income limit (110%, 54A:9-6 d(3)).
    prior_year_high_income_share: Decimal as percent,
    /// Last year's taxable gross income above which 110% applies (54A:9-6 d(3)).
    high_income_limit: Decimal as money,
    /// The same limit when this year's status is married filing separately (54A:9-6 d(3)).
    high_income_limit_separate: Decimal as money,
    /// Share of the tax on actual income so far (90%, 54A:9-6 d(2)).
    actual_income_share: Decimal as percent,
    /// Installment due dates of the year (54A:8-5 a(1)).
    installment_dates: InstallmentDates,
    /// The day of the next year when interest stops (54A:9-6 c).
    interest_stop: MonthDay,
    /// Interest rates by period (54A:9-6 c; R.S. 54:48-2).
    interest_rates: Vec<RatePeriod>,
});

/// Data check for a year the year list names: its installment dates are that year's (April, June
/// and September in the year, January in the next), so that a year added without its own dates is
/// refused instead of silently using another year's.
pub fn year_date_problems(p: &EstimatedParams, year: u16) -> Vec<String> {
    let d = p.installment_dates.value;
    let next = year.saturating_add(1);
    let mut out = Vec::new();
    for (what, date, want) in [
        ("April", d.april, year),
        ("June", d.june, year),
        ("September", d.september, year),
        ("January", d.january, next),
    ] {
        if date.year != want {
            out.push(format!(
                "estimated.installment_dates: the {what} installment is {date}, not in {want}"
            ));
        }
    }
    out
}
