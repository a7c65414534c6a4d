//! The law figures of `forms/params/late.ron`: late filing and payment, next year's installments
//! (54A:8-1, 9-5, 9-6 a), declared with [`crate::param_domain!`], with the parameter types they use
//! and the look-ups the rules share.

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::answers::Date;
use crate::explain::ShowValue;

/// A date as stored in the parameter files (`"YYYY-MM-DD"`), shown as written.
#[derive(Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct DueDate(pub Date);

impl std::fmt::Debug for DueDate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl ShowValue for DueDate {
    fn show(&self) -> String {
        self.0.to_string()
    }
}

/// A date that may not exist for a year (`None`: none that year), shown as written or "none".
impl ShowValue for Option<DueDate> {
    fn show(&self) -> String {
        self.map_or_else(|| "none".to_owned(), |d| d.0.to_string())
    }
}

/// A month and day the statute names for an installment (54A:8-5 a(1)); a month before the one
/// listed before it falls in the following year (January 15).
#[derive(Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonthDay {
    /// Month, 1-12.
    pub month: u8,
    /// Day of the month.
    pub day: u8,
}

impl std::fmt::Debug for MonthDay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:02}-{:02}", self.month, self.day)
    }
}

/// `April 15`.
impl ShowValue for MonthDay {
    fn show(&self) -> String {
        crate::calendar::month_day_words(self.month, self.day)
    }
}

/// A legal holiday by its name.
impl ShowValue for crate::calendar::Holiday {
    fn show(&self) -> String {
        self.name().to_owned()
    }
}

crate::param_domain!("late", LateParamsFile => LateParams {
    /// Months an extension of time to file may run (54A:8-1 b).
    filing_extension_months: u32,
    /// The date the return is due and the tax payable (54A:8-1 a: April 15 after the year, as the
    /// Division sets it when that day is not a business day).
    return_due_date: DueDate,
    /// The day everyone's return was made due instead when the law or the Director extended the
    /// time for filing for all (`None`: not extended): counted in the refund period of 54A:9-8 a
    /// as "the period of any extension of time for filing the return".
    filing_postponed_to: Option<DueDate>,
    /// Next year's NJ-1040-ES installment due dates, when published (empty: worked out from the
    /// statute's dates).
    next_year_installment_dates: Vec<DueDate>,
    /// New Jersey's legal holidays (N.J.S.A. 36:1-1), for 54A:9-11 c.
    legal_holidays: Vec<crate::calendar::Holiday>,
    /// A holiday on a Sunday is also kept on the Monday after (36:1-1).
    sunday_holiday_observed_monday: bool,
    /// The installment dates the statute names (54A:8-5 a(1)).
    statutory_installment_dates: Vec<MonthDay>,
    /// Late filing: a flat amount per month or part of a month (R.S. 54:49-4).
    late_filing_per_month: Decimal as money,
    /// Late filing: a share of the balance due per month or part of a month (R.S. 54:49-4).
    late_filing_rate_per_month: Decimal as percent,
    /// Late filing: the most the monthly share may reach (R.S. 54:49-4).
    late_filing_rate_cap: Decimal as percent,
    /// Late payment: a share of the balance due (R.S. 54:49-4).
    late_payment_rate: Decimal as percent,
    /// Years before the claim within which tax paid can be refunded (54A:9-8 a).
    refund_lookback_years: u16,
    /// The day withholding, estimates and other prepaid tax count as paid (54A:9-8 h: the
    /// fifteenth day of the fourth month after the close of the taxable year).
    prepaid_tax_deemed_paid: MonthDay,
    /// A filing date this many days or fewer before the last day to claim a refund is warned.
    refund_deadline_warning_days: u16,
    /// Years after a payment within which a claim may still be filed, for the tax paid in that
    /// many years before it (54A:9-8 a).
    refund_payment_years: u16,
    /// Days after an IRS final determination or an amended federal return within which the
    /// change must be reported to New Jersey (54A:8-7 a).
    federal_change_report_days: u16,
    /// Years after a federal change's report was due within which a refund resulting from it may
    /// be claimed (54A:9-8 c).
    federal_change_refund_years: u16,
});

/// Data check for a year the year list names: the return is due in the next year, and next year's
/// installment dates (when listed) fall in the next year, the last in the year after.
pub fn year_date_problems(p: &LateParams, year: u16) -> Vec<String> {
    let next = year.saturating_add(1);
    let mut out = Vec::new();
    let due = p.return_due_date.value.0;
    if due.year != next {
        out.push(format!(
            "late.return_due_date: the return is due {due}, not in {next}"
        ));
    }
    let dates = &p.next_year_installment_dates.value;
    let last = dates.len().saturating_sub(1);
    for (i, d) in dates.iter().enumerate() {
        let want = if i == last && i > 0 {
            next.saturating_add(1)
        } else {
            next
        };
        if d.0.year != want {
            out.push(format!(
                "late.next_year_installment_dates: installment {} is {}, not in {want}",
                i + 1,
                d.0
            ));
        }
    }
    out
}

/// `d`, or the next day that is not a Saturday, Sunday or New Jersey legal holiday (54A:9-11 c,
/// the holidays of 36:1-1 as data).
pub fn next_business_day(p: &LateParams, d: Date) -> Date {
    crate::calendar::next_business_day(
        d,
        &p.legal_holidays.value,
        p.sunday_holiday_observed_monday.value,
    )
}

/// The statute's installment dates (54A:8-5 a(1)) in `year`, each moved to the next day that is
/// not a Saturday, Sunday or New Jersey legal holiday (54A:9-11 c); a month earlier than the one
/// before it falls in the next year.
pub fn statutory_due_dates(p: &LateParams, year: u16) -> Vec<Date> {
    let days = &p.statutory_installment_dates.value;
    let mut out = Vec::new();
    let mut y = year;
    let mut previous = 0u8;
    for md in days {
        if md.month < previous {
            y = y.saturating_add(1);
        }
        previous = md.month;
        if let Some(d) = Date::new(y, md.month, md.day) {
            out.push(next_business_day(p, d));
        }
    }
    out
}
