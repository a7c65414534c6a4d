//! Calendar dates ([`Date`], re-exported from [`crate::answers`]), month arithmetic
//! ([`add_months`], [`months_or_part`]), and New Jersey's legal holidays and the next business day
//! (N.J.S.A. 54A:9-11 c; the holidays of N.J.S.A. 36:1-1 are data: `late.legal_holidays` in
//! `forms/params/late.ron`).
//!
//! 54A:9-11 c: when the last day for an act "falls on Saturday, Sunday, or a legal holiday in the
//! State of New Jersey", the act is timely on "the next succeeding day which is not a Saturday,
//! Sunday or a legal holiday". Federal holidays that are not New Jersey's (the District of
//! Columbia's Emancipation Day) do not move a New Jersey date.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Month names, January first (month number 1 is index 0).
pub const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A day of a month in words (`April 15`); a month out of range shows as `month 13`.
pub fn month_day_words(month: u8, day: u8) -> String {
    match MONTH_NAMES.get(usize::from(month).wrapping_sub(1)) {
        Some(name) => format!("{name} {day}"),
        None => format!("month {month} day {day}"),
    }
}

/// A calendar date, written `"YYYY-MM-DD"` in drafts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// Year.
    pub year: u16,
    /// Month, 1-12.
    pub month: u8,
    /// Day of month, 1-31.
    pub day: u8,
}

impl Date {
    /// Build a date, checking month and day, and that the year is written in the four digits a
    /// draft's `"YYYY-MM-DD"` has (0 to 9999), so that every date written reads back.
    pub fn new(year: u16, month: u8, day: u8) -> Option<Self> {
        if year > 9999 {
            return None;
        }
        let max_day = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if (year.is_multiple_of(4) && !year.is_multiple_of(100))
                || year.is_multiple_of(400) =>
            {
                29
            }
            2 => 28,
            _ => return None,
        };
        (1..=max_day)
            .contains(&day)
            .then_some(Self { year, month, day })
    }

    /// Age in whole years at the close of 31 December of `tax_year`
    /// ("at the close of the taxable year", N.J.S.A. 54A:3-1(b)). `None` when born after it.
    pub fn age_at_year_end(self, tax_year: u16) -> Option<u16> {
        tax_year.checked_sub(self.year)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl std::str::FromStr for Date {
    type Err = String;

    /// Read `YYYY-MM-DD`: four digits, two and two, a real calendar date. The message says what is
    /// wrong in a few plain words ("February 1990 has no 30th day"), short enough to sit under an
    /// input.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let parts: Vec<&str> = t.split('-').collect();
        let [y, m, d] = parts.as_slice() else {
            return Err("Use YYYY-MM-DD, e.g. 1958-03-14".to_owned());
        };
        let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
        if !(digits(y) && digits(m) && digits(d)) {
            return Err("Use YYYY-MM-DD, e.g. 1958-03-14".to_owned());
        }
        if y.len() != 4 || m.len() > 2 || d.len() > 2 {
            return Err("Use YYYY-MM-DD, e.g. 1958-03-14".to_owned());
        }
        if m.len() != 2 || d.len() != 2 {
            // "1990-2-3": the month and day need two digits each (a day cut short while typing
            // is never a date).
            return Err(format!("Use YYYY-MM-DD: {y}-{m:0>2}-{d:0>2}"));
        }
        let (Ok(year), Ok(month), Ok(day)) = (y.parse::<u16>(), m.parse::<u8>(), d.parse::<u8>())
        else {
            return Err("Use YYYY-MM-DD, e.g. 1958-03-14".to_owned());
        };
        let Some(name) = MONTH_NAMES.get(usize::from(month).wrapping_sub(1)) else {
            return Err(format!("There is no month {m} (01 to 12)"));
        };
        if day == 0 {
            return Err("There is no day 00 in a month".to_owned());
        }
        Date::new(year, month, day)
            .ok_or_else(|| format!("{name} {year} has no {} day", ordinal(day)))
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, `30th`.
fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Days in a week.
const WEEK: u8 = 7;

/// One legal holiday, as a rule for finding its date in a year.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum Holiday {
    /// A fixed day of a month (New Year's Day: month 1, day 1).
    Fixed {
        /// What it is.
        name: String,
        /// Month, 1-12.
        month: u8,
        /// Day of the month.
        day: u8,
    },
    /// The `n`th given weekday of a month (0 = Sunday .. 6 = Saturday); `n` = 0 is the last.
    Nth {
        /// What it is.
        name: String,
        /// Month, 1-12.
        month: u8,
        /// Weekday, 0 = Sunday.
        weekday: u8,
        /// Which one (1 = first; 0 = last).
        n: u8,
    },
    /// A day relative to Easter Sunday (Good Friday: -2).
    Easter {
        /// What it is.
        name: String,
        /// Days after Easter (negative: before).
        offset: i8,
    },
    /// The day after the first given weekday of a month (general election day: the Tuesday after
    /// the first Monday in November: month 11, weekday 1).
    DayAfterFirst {
        /// What it is.
        name: String,
        /// Month, 1-12.
        month: u8,
        /// Weekday of the first day counted, 0 = Sunday.
        weekday: u8,
    },
}

impl Holiday {
    /// Its date in `year`.
    pub fn date_in(&self, year: u16) -> Option<Date> {
        match *self {
            Holiday::Fixed { month, day, .. } => Date::new(year, month, day),
            Holiday::Nth {
                month, weekday, n, ..
            } => nth_weekday(year, month, weekday, n),
            Holiday::Easter { offset, .. } => {
                let e = easter(year)?;
                let mut d = e;
                for _ in 0..offset.unsigned_abs() {
                    d = if offset < 0 {
                        previous_day(d)
                    } else {
                        next_day(d)
                    };
                }
                Some(d)
            }
            Holiday::DayAfterFirst { month, weekday, .. } => {
                nth_weekday(year, month, weekday, 1).map(next_day)
            }
        }
    }

    /// Its name.
    pub fn name(&self) -> &str {
        match self {
            Holiday::Fixed { name, .. }
            | Holiday::Nth { name, .. }
            | Holiday::Easter { name, .. }
            | Holiday::DayAfterFirst { name, .. } => name,
        }
    }
}

/// Day of the week, 0 = Sunday .. 6 = Saturday (Gregorian calendar).
pub fn weekday(d: Date) -> u8 {
    const SHIFT: [u32; 12] = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
    let mut y = u32::from(d.year);
    if d.month < 3 {
        y = y.saturating_sub(1);
    }
    let t = SHIFT
        .get(usize::from(d.month).saturating_sub(1))
        .copied()
        .unwrap_or(0);
    // Leap days: every 4th year, not every 100th, again every 4 x 100th (Gregorian calendar).
    let w = (y + y / 4 - y / 100 + y / (4 * 100) + t + u32::from(d.day)) % u32::from(WEEK);
    u8::try_from(w).unwrap_or(0)
}

/// The day after `d`.
pub fn next_day(d: Date) -> Date {
    Date::new(d.year, d.month, d.day.saturating_add(1))
        .or_else(|| Date::new(d.year, d.month.saturating_add(1), 1))
        .or_else(|| Date::new(d.year.saturating_add(1), 1, 1))
        .unwrap_or(d)
}

/// The day before `d`.
fn previous_day(d: Date) -> Date {
    if d.day > 1 {
        return Date::new(d.year, d.month, d.day - 1).unwrap_or(d);
    }
    let (y, m) = if d.month > 1 {
        (d.year, d.month - 1)
    } else {
        (d.year.saturating_sub(1), 12)
    };
    (1..=31u8)
        .rev()
        .find_map(|day| Date::new(y, m, day))
        .unwrap_or(d)
}

/// The `n`th `wd` of a month (n = 0: the last).
fn nth_weekday(year: u16, month: u8, wd: u8, n: u8) -> Option<Date> {
    let days: Vec<Date> = (1..=31u8)
        .filter_map(|day| Date::new(year, month, day))
        .filter(|d| weekday(*d) == wd)
        .collect();
    if n == 0 {
        days.last().copied()
    } else {
        days.get(usize::from(n - 1)).copied()
    }
}

/// Easter Sunday of a Gregorian year (the anonymous Gregorian computus, as in Meeus).
pub fn easter(year: u16) -> Option<Date> {
    let y = i64::from(year);
    let a = y % 19;
    let b = y / 100;
    let c = y % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    Date::new(year, u8::try_from(month).ok()?, u8::try_from(day).ok()?)
}

/// The legal holiday `d` is, if any: a holiday's own date, or (when `sunday_to_monday`) the Monday
/// after a holiday falling on a Sunday.
pub fn holiday_on(d: Date, holidays: &[Holiday], sunday_to_monday: bool) -> Option<&str> {
    holidays.iter().find_map(|h| {
        let on = h.date_in(d.year)?;
        if on == d {
            return Some(h.name());
        }
        if sunday_to_monday && weekday(on) == 0 && next_day(on) == d {
            return Some(h.name());
        }
        None
    })
}

/// `d`, or the next day after it that is not a Saturday, Sunday or legal holiday (54A:9-11 c).
pub fn next_business_day(d: Date, holidays: &[Holiday], sunday_to_monday: bool) -> Date {
    let mut out = d;
    // A week and a few holidays at most; the bound keeps the loop finite on bad data.
    for _ in 0..(u32::from(WEEK) * 3) {
        if matches!(weekday(out), 0 | 6) || holiday_on(out, holidays, sunday_to_monday).is_some() {
            out = next_day(out);
        } else {
            break;
        }
    }
    out
}

/// `d` plus `n` days.
#[must_use]
pub fn add_days(d: Date, n: u16) -> Date {
    (0..n).fold(d, |d, _| next_day(d))
}

/// Days from `from` to `to` on the (proleptic Gregorian) calendar; negative when `to` is earlier.
pub fn days_between(from: Date, to: Date) -> i64 {
    /// Days since 1 March of year 0: the days of whole 400-year eras, then of the years of the
    /// era (a leap day every 4 years but not every 100), then of the months from March.
    fn days(d: Date) -> i64 {
        const DAYS_IN_ERA: i64 = 146_097;
        const YEARS_IN_ERA: i64 = 400;
        let (m, y) = if d.month <= 2 {
            (i64::from(d.month) + 9, i64::from(d.year) - 1)
        } else {
            (i64::from(d.month) - 3, i64::from(d.year))
        };
        let era = y.div_euclid(YEARS_IN_ERA);
        let yoe = y - era * YEARS_IN_ERA;
        // Days before the month, counted from March (153 days in each 5 months from March).
        let doy = (153 * m + 2) / 5 + i64::from(d.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * DAYS_IN_ERA + doe
    }
    days(to) - days(from)
}

/// `d` plus `n` months, on the same day of the month (the month's last day when it is shorter).
pub fn add_months(d: Date, n: u32) -> Date {
    let index = u32::from(d.year) * 12 + u32::from(d.month).saturating_sub(1) + n;
    let year = u16::try_from(index / 12).unwrap_or(u16::MAX);
    let month = u8::try_from(index % 12 + 1).unwrap_or(12);
    (1..=d.day)
        .rev()
        .find_map(|day| Date::new(year, month, day))
        .unwrap_or(d)
}

/// Months or parts of a month from `from` to `to`, counted from `from`'s day of the month
/// (April 15 -> June 15 = 2; -> June 16 = 3); 0 when `to` is not after `from`.
pub fn months_or_part(from: Date, to: Date) -> u32 {
    if to <= from {
        return 0;
    }
    let whole = (u32::from(to.year) * 12 + u32::from(to.month))
        .saturating_sub(u32::from(from.year) * 12 + u32::from(from.month));
    if add_months(from, whole) < to {
        whole + 1
    } else {
        whole
    }
}
