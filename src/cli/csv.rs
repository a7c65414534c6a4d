//! The command line's CSV output (RFC 4180 records with CRLF endings): `export --format csv` and
//! `batch -o`.

use njtax_engine::Severity;
use njtax_engine::compute::ReturnSet;
use rust_decimal::Decimal;

use super::batch::Summary;
use super::filer_name;

/// The one RFC 4180 writer, shared with the hand-off sheet and the app's roster summary.
pub use njtax_print::handoff::{csv_field, csv_row};

/// A line's value for an export: money with two decimals, the NJ-1040NR income percentage as the
/// exact ratio (as `compute --json` prints it).
pub fn export_value(l: &njtax_engine::Line) -> String {
    if l.is_ratio() {
        l.value.normalize().to_string()
    } else {
        format!("{:.2}", njtax_engine::money::round_cents(l.value))
    }
}

pub fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

/// The header of `njtax export --format csv`.
pub const EXPORT_CSV_HEADER: [&str; 11] = [
    "record", "form", "filer", "line", "key", "label", "value", "severity", "code", "message",
    "path",
];

/// `njtax export --format csv`: a header, a `line` row per line, a `diagnostic` row per diagnostic.
pub fn export_csv(set: &ReturnSet) -> String {
    let mut out = csv_row(&EXPORT_CSV_HEADER);
    for r in &set.returns {
        for l in &r.lines {
            out.push_str(&csv_row(&[
                "line",
                &r.form,
                filer_name(r),
                &l.id,
                l.key.as_str(),
                &l.label,
                &export_value(l),
                "",
                "",
                "",
                "",
            ]));
        }
    }
    for r in &set.returns {
        for d in &r.diagnostics {
            out.push_str(&csv_row(&[
                "diagnostic",
                &r.form,
                filer_name(r),
                "",
                "",
                "",
                "",
                severity_name(d.severity),
                &d.code,
                &d.message,
                d.path.as_deref().unwrap_or(""),
            ]));
        }
    }
    out
}

/// The header of `njtax batch -o`.
pub const BATCH_CSV_HEADER: [&str; 14] = [
    "file",
    "name",
    "year",
    "forms",
    "status",
    "gross_income",
    "tax",
    "refund",
    "balance_due",
    "errors",
    "message",
    "clinic_status",
    "preparer",
    "open_notes",
];

/// The batch summary as CSV: the header, then one row per draft in the order given.
pub fn batch_csv_text(rows: &[Summary]) -> String {
    let money = |v: Decimal| format!("{:.2}", njtax_engine::money::round_cents(v));
    let mut csv = csv_row(&BATCH_CSV_HEADER);
    for r in rows {
        let computed = r.unreadable.is_none();
        let amount = |v: Decimal| if computed { money(v) } else { String::new() };
        csv.push_str(&csv_row(&[
            r.file.clone(),
            r.name.clone(),
            r.year.map(|y| y.to_string()).unwrap_or_default(),
            r.forms.join(" + "),
            r.status().to_owned(),
            amount(r.gross_income),
            amount(r.tax),
            amount(r.refund),
            amount(r.balance_due),
            if computed {
                r.errors.to_string()
            } else {
                String::new()
            },
            r.unreadable.clone().unwrap_or_default(),
            r.clinic_status.clone(),
            r.preparer.clone(),
            if computed {
                r.open_notes.to_string()
            } else {
                String::new()
            },
        ]));
    }
    csv
}

#[cfg(test)]
mod tests {
    use super::{csv_field, csv_row};

    #[test]
    fn csv_fields_are_quoted_as_rfc_4180_asks() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field(""), "");
        assert_eq!(csv_field("a, b"), "\"a, b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field("cr\rhere"), "\"cr\rhere\"");
        assert_eq!(csv_row(&["a", "b,c", ""]), "a,\"b,c\",\r\n");
    }
}
