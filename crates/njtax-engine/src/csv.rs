//! CSV records for spreadsheets: RFC 4180 quoting, with text that a spreadsheet would run as a
//! formula neutralised (OWASP "CSV injection"). The one writer of every CSV the app and the
//! command line produce (`njtax batch -o`, `njtax export --format csv`, the hand-off sheet's CSV,
//! the roster's summary), so that a client named `=HYPERLINK(…)` is shown as that text, never
//! run, wherever a clinic opens the file (docs/decisions/csv-formula-neutralising.md).

use std::borrow::Cow;

/// The characters that make a spreadsheet read a cell as a formula (or, for tab and carriage
/// return, that some spreadsheets strip before looking at the next one).
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Whether `s` is an amount or number as the app writes it, which a spreadsheet reads as a number
/// and never as a formula: an optional `-`, an optional `$`, digits (in groups of three after
/// commas, or plain), an optional fraction and an optional `%` (`-50.00`, `-$1,234.00`, `4.5%`).
/// Such a field keeps its leading minus: a negative amount stays a number.
#[must_use]
pub fn is_plain_number(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let s = s.strip_prefix('$').unwrap_or(s);
    let s = s.strip_suffix('%').unwrap_or(s);
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (s, None),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if frac.is_some_and(|f| !digits(f)) {
        return false;
    }
    let mut groups = int.split(',');
    let first = groups.next().unwrap_or_default();
    if !int.contains(',') {
        return digits(first);
    }
    digits(first) && first.len() <= 3 && groups.all(|g| g.len() == 3 && digits(g))
}

/// `s` as a spreadsheet shows it as text: a field that starts with `=`, `+`, `-`, `@`, a tab or
/// a carriage return gets a leading `'` (which spreadsheets take as "this is text" and do not
/// show), unless it is a plain amount or number ([`is_plain_number`]). Anything else is kept as
/// it is.
#[must_use]
pub fn neutralise(s: &str) -> Cow<'_, str> {
    if s.starts_with(FORMULA_STARTS) && !is_plain_number(s) {
        Cow::Owned(format!("'{s}"))
    } else {
        Cow::Borrowed(s)
    }
}

/// One CSV field: neutralised ([`neutralise`]), then quoted as RFC 4180 asks (a field holding a
/// comma, a double quote, a carriage return or a line feed is put in double quotes, each double
/// quote inside doubled).
#[must_use]
pub fn csv_field(s: &str) -> Cow<'_, str> {
    let s = neutralise(s);
    if s.contains([',', '"', '\r', '\n']) {
        Cow::Owned(format!("\"{}\"", s.replace('"', "\"\"")))
    } else {
        s
    }
}

/// One CSV record, each field written by [`csv_field`], with its CRLF line ending (RFC 4180).
#[must_use]
pub fn csv_row<S: AsRef<str>>(fields: &[S]) -> String {
    let mut row = fields
        .iter()
        .map(|f| csv_field(f.as_ref()))
        .collect::<Vec<_>>()
        .join(",");
    row.push_str("\r\n");
    row
}

#[cfg(test)]
mod tests {
    use super::{csv_field, csv_row, is_plain_number, neutralise};

    #[test]
    fn fields_are_quoted_as_rfc_4180_asks() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field(""), "");
        assert_eq!(csv_field("a, b"), "\"a, b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field("cr\rhere"), "\"cr\rhere\"");
        assert_eq!(csv_row(&["a", "b,c", ""]), "a,\"b,c\",\r\n");
    }

    #[test]
    fn text_a_spreadsheet_would_run_gets_a_leading_quote() {
        assert_eq!(
            csv_field("=HYPERLINK(\"http://x.test\",\"Click\")"),
            "\"'=HYPERLINK(\"\"http://x.test\"\",\"\"Click\"\")\""
        );
        assert_eq!(csv_field("+1"), "'+1");
        assert_eq!(csv_field("-2+3"), "'-2+3");
        assert_eq!(csv_field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_field("\t=1"), "'\t=1");
        assert_eq!(csv_field("\r=1"), "\"'\r=1\"");
        assert_eq!(csv_field("-"), "'-");
        assert_eq!(csv_field("-A1"), "'-A1");
        assert_eq!(csv_field("-1e5"), "'-1e5");
        assert_eq!(csv_field("-$A$1"), "'-$A$1");
        // Only the start counts: a formula sign inside text is text.
        assert_eq!(csv_field("Smith = Jones"), "Smith = Jones");
        assert_eq!(csv_field("O'Brien"), "O'Brien");
    }

    #[test]
    fn amounts_and_numbers_stay_numbers() {
        for n in [
            "-50.00",
            "50.00",
            "-0.01",
            "12",
            "-$50.00",
            "-$1,234.00",
            "$1,234,567.89",
            "4.5%",
            "-4.5%",
            "0",
        ] {
            assert!(is_plain_number(n), "{n}");
            assert_eq!(neutralise(n), n);
            assert_eq!(csv_row(&["a", n]), format!("a,{}\r\n", csv_field(n)));
        }
        assert_eq!(csv_field("-50.00"), "-50.00");
        for t in [
            "", "-", "$", "-.5", "1.", "-1,23", "-12,3456", "1,,000", "-1-1", "-5+3", "--5", "5%%",
            "-1 ", " -1",
        ] {
            assert!(!is_plain_number(t), "{t}");
        }
    }
}
