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
