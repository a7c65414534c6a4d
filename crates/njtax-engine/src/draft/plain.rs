//! What is wrong with a damaged draft, in words a filer can act on: no parser terms, no type
//! names, no "RON". The filer sees these in the app's open-error window and the command line's
//! messages, after the line and column.

use ron::Error;

/// What the parser found wrong at a place in the text, in plain words, and whether the text is
/// not a draft at all (another kind of file) rather than a damaged one.
pub(super) fn explain(code: &Error, text: &str, line: usize, column: usize) -> (String, bool) {
    let not_a_draft = !starts_like_a_draft(text) || is_top_level_mismatch(code);
    if not_a_draft {
        let why = if text.trim().is_empty() {
            "the file is empty"
        } else {
            "it does not start the way njtax starts the drafts it saves, with Draft("
        };
        return (why.to_owned(), true);
    }
    (damage(code, text, line, column), false)
}

/// Whether the text, after blank lines and `//` comments, starts like a draft: `Draft(` or `(`.
pub(super) fn starts_like_a_draft(text: &str) -> bool {
    let mut rest = text.trim_start_matches('\u{feff}');
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.split_once('\n').map_or("", |(_, r)| r);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.split_once("*/").map_or("", |(_, r)| r);
        } else {
            break;
        }
    }
    rest.starts_with("Draft") || rest.starts_with('(')
}

/// Errors about the outermost part: the text is some other file written in the same notation.
fn is_top_level_mismatch(code: &Error) -> bool {
    match code {
        Error::ExpectedNamedStructLike(name) => *name == "Draft",
        Error::ExpectedDifferentStructName { expected, .. } => *expected == "Draft",
        Error::NoSuchStructField { outer, .. } => outer.as_deref() == Some("Draft"),
        _ => false,
    }
}

/// The damage at one place, as a phrase that follows "this file is damaged near line N:".
fn damage(code: &Error, text: &str, line: usize, column: usize) -> String {
    match code {
        Error::ExpectedString => unquoted(token_at(text, line, column)),
        Error::ExpectedStringEnd => {
            "a text in double quotes is not closed with a second double quote".to_owned()
        }
        // The answer is named, never the value: text typed in the wrong place may be an SSN or
        // another identifier, and these messages reach standard error and batch summaries.
        Error::InvalidValueForType { expected, .. } => {
            let answer = answer_before(text, line, column)
                .map_or_else(|| "the value here".to_owned(), |a| format!("the answer {}", shown(a)));
            if expected.contains("Decimal") {
                format!(
                    "{answer} is not an amount: write amounts with digits and a decimal point only, like \"1234.56\" (no commas, spaces or letters)"
                )
            } else {
                format!("{answer} is not the kind of value this answer takes")
            }
        }
        // Our own types' messages (dates) are written for people already.
        Error::Message(m) => m.clone(),
        Error::Eof => "the file ends too early; it may have been cut short".to_owned(),
        Error::ExpectedComma => {
            "a comma is missing between two answers, or a text in double quotes or a bracket before this point is not closed".to_owned()
        }
        Error::ExpectedArray | Error::ExpectedArrayEnd => {
            "a list must be opened with [ and closed with ]".to_owned()
        }
        Error::ExpectedStructLike
        | Error::ExpectedNamedStructLike(_)
        | Error::ExpectedStructLikeEnd
        | Error::ExpectedOptionEnd
        | Error::ExpectedUnit => {
            "a group of answers must be opened with ( and closed with )".to_owned()
        }
        Error::ExpectedDifferentStructName { found, .. } => {
            format!("an opening bracket ( is missing before {}", shown(found))
        }
        Error::ExpectedBoolean => "a yes-or-no answer must be written true or false".to_owned(),
        Error::ExpectedInteger | Error::InvalidIntegerDigit { .. } | Error::UnderscoreAtBeginning => {
            "a whole number is expected here, like 12, without quotes".to_owned()
        }
        Error::ExpectedFloat | Error::FloatUnderscore => {
            "a number is expected here, like 37.5".to_owned()
        }
        Error::IntegerOutOfBounds => {
            "this number is too large, or below zero, for this answer".to_owned()
        }
        Error::ExpectedOption => {
            "this answer must be written None when it is empty, or with Some( ) around its value, like Some(\"1990-05-01\")".to_owned()
        }
        Error::ExpectedMap | Error::ExpectedMapEnd | Error::ExpectedMapColon => {
            "a colon : is missing between the name of an answer and its value".to_owned()
        }
        Error::NoSuchEnumVariant {
            expected, found, ..
        } => format!(
            "{} is not one of the choices for this answer; it can be {}",
            shown(found),
            one_of(expected)
        ),
        Error::NoSuchStructField {
            expected, found, ..
        } => {
            let mut out = format!("{} is not the name of an answer at this place", shown(found));
            if let Some(near) = closest(found, expected) {
                out.push_str(&format!("; did you mean {}?", shown(near)));
            }
            out
        }
        Error::MissingStructField { field, .. } => format!("the answer {} is missing", shown(field)),
        Error::DuplicateStructField { field, .. } => {
            format!("the answer {} is written twice in the same group", shown(field))
        }
        Error::ExpectedDifferentLength { .. } => {
            "a list here has the wrong number of entries".to_owned()
        }
        Error::InvalidEscape(_) => {
            "a backslash \\ inside a text is followed by a character that cannot follow it".to_owned()
        }
        Error::UnclosedBlockComment => "a comment opened with /* is not closed with */".to_owned(),
        Error::UnexpectedChar(c) => format!("the character {} does not belong here", shown(&c.to_string())),
        Error::TrailingCharacters => {
            "there is more text after the draft's last closing bracket".to_owned()
        }
        Error::Utf8Error(_) => "part of the file is not readable text".to_owned(),
        Error::ExceededRecursionLimit => "the brackets are nested too deeply".to_owned(),
        _ => "something here is not written the way njtax writes drafts".to_owned(),
    }
}

/// What to say about a value that should have been in double quotes, from how it looks.
fn unquoted(token: &str) -> String {
    let digits = token.chars().filter(char::is_ascii_digit).count();
    let dashes = token.chars().filter(|c| *c == '-').count();
    if token.len() >= 8 && digits >= 6 && dashes == 2 && !token.starts_with('-') {
        "a date must be written in double quotes, like \"1990-05-01\"".to_owned()
    } else if token.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.') {
        "an amount must be written in double quotes, like \"1234.56\"".to_owned()
    } else {
        "a text must be written in double quotes, like \"Maria Lopez\"".to_owned()
    }
}

/// The value starting at a 1-based line and column, after any blanks (the parser's position is
/// just after the colon), up to the next comma, bracket or blank.
fn token_at(text: &str, line: usize, column: usize) -> &str {
    let Some(l) = text.lines().nth(line.saturating_sub(1)) else {
        return "";
    };
    let start = l
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(l.len(), |(i, _)| i);
    let rest = l.get(start..).unwrap_or("").trim_start();
    let end = rest.find([',', ')', ']', ' ', '\t']).unwrap_or(rest.len());
    rest.get(..end).unwrap_or("")
}

/// The name of the answer whose value starts at a 1-based line and column (at the value, or just
/// inside its opening quote): the name before the colon before it (`state_wages` in `state_wages: "x"` or `birth_date: Some("x")`).
fn answer_before(text: &str, line: usize, column: usize) -> Option<&str> {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let rest = text.get(line_start..)?;
    let within = rest
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(rest.len(), |(i, _)| i);
    let before = text.get(..line_start + within)?.trim_end();
    // The place is at the value or just inside its opening quote.
    let before = before.strip_suffix('"').unwrap_or(before).trim_end();
    let before = before.strip_suffix("Some(").unwrap_or(before).trim_end();
    let before = before.strip_suffix(':')?.trim_end();
    let start = before
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    before.get(start..).filter(|name| !name.is_empty())
}

/// A value shown inside a message, in curly quotes so it stands out from the words.
fn shown(value: &str) -> String {
    format!("“{value}”")
}

/// `A, B or C`.
fn one_of(choices: &[&str]) -> String {
    match choices {
        [] => "nothing".to_owned(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The expected name closest to what was found, when it is a likely misspelling (at most two
/// letters apart).
fn closest<'a>(found: &str, expected: &[&'a str]) -> Option<&'a str> {
    expected
        .iter()
        .map(|e| (edit_distance(found, e), *e))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, e)| e)
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, cb) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(0);
            let left = row.get(j).copied().unwrap_or(0);
            let substitute = previous + usize::from(ca != *cb);
            previous = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = substitute.min(above + 1).min(left + 1);
            }
        }
    }
    row.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspellings_are_found_by_edit_distance() {
        assert_eq!(edit_distance("employer_idd", "employer_id"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(
            closest("employer_idd", &["employer", "employer_id"]),
            Some("employer_id")
        );
        assert_eq!(closest("wages", &["employer", "employer_id"]), None);
    }

    #[test]
    fn a_draft_starts_with_draft_or_a_bracket_after_comments() {
        assert!(starts_like_a_draft(
            "// notes\n\n/* a */ Draft(format_version: 6)"
        ));
        assert!(starts_like_a_draft("(format_version: 6)"));
        assert!(!starts_like_a_draft("{\"a\": 1}"));
        assert!(!starts_like_a_draft("%PDF-1.7"));
        assert!(!starts_like_a_draft(""));
    }

    #[test]
    fn an_unquoted_value_is_named_by_how_it_looks() {
        assert!(unquoted("52340.18").starts_with("an amount"));
        assert!(unquoted("1990-05-01").starts_with("a date"));
        assert!(unquoted("Maria").starts_with("a text"));
        assert_eq!(token_at("a\n  x: 12, y", 2, 6), "12");
        assert_eq!(token_at("a\n  x: 12, y", 2, 5), "12");
    }
}
