//! Small phrases several screens and the app share (kept below both).

use njtax_engine::answers::Date;

/// "1 answer could not be read", "2 answers could not be read".
pub fn count_words(n: usize) -> String {
    if n == 1 {
        "1 answer could not be read".to_owned()
    } else {
        format!("{n} answers could not be read")
    }
}

/// A date as the plan shows it, or a dash when the engine has none.
pub fn date_text(d: Option<Date>) -> String {
    d.map_or_else(|| "—".to_owned(), |d| d.to_string())
}

/// The day `at` falls on in `tz`, as the answers write dates (`None` only when it cannot be
/// formed, a year outside the answers' range).
pub fn date_in(tz: &jiff::tz::TimeZone, at: jiff::Timestamp) -> Option<Date> {
    let now = tz.to_datetime(at).date();
    let year = u16::try_from(now.year()).ok()?;
    let month = u8::try_from(now.month()).ok()?;
    let day = u8::try_from(now.day()).ok()?;
    Date::new(year, month, day)
}

/// Today in the computer's time zone: the day a return without a filing date is taken as filed
/// when it is printed or handed off (the app and the command line alike), so that a refund the
/// law bars by then is shown as barred (N.J.S.A. 54A:9-8 a, d).
pub fn today_local() -> Option<Date> {
    date_in(&jiff::tz::TimeZone::system(), jiff::Timestamp::now())
}
