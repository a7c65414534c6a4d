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
    use rust_decimal::Decimal;

    use super::{Summary, batch_csv_text};

    /// The batch summary: a client named like a formula is text (a leading `'`), a negative
    /// amount stays a number.
    #[test]
    fn the_batch_summary_neutralises_formula_names_and_keeps_negative_amounts() {
        let names = [
            "=HYPERLINK(\"http://x.test\",\"Open\")",
            "+1",
            "-2+3",
            "@SUM(A1)",
        ];
        let rows: Vec<Summary> = names
            .iter()
            .map(|name| Summary {
                file: format!("{name}.ron"),
                name: (*name).to_owned(),
                year: Some(2024),
                forms: vec!["NJ-1040".to_owned()],
                gross_income: Decimal::new(-5_000, 2),
                tax: Decimal::ZERO,
                refund: Decimal::ZERO,
                balance_due: Decimal::ZERO,
                refund_barred: false,
                errors: 0,
                unreadable: None,
                clinic_status: String::new(),
                preparer: "=cmd|' /C calc'!A0".to_owned(),
                open_notes: 0,
            })
            .collect();
        let csv = batch_csv_text(&rows);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(
            lines[1],
            concat!(
                "\"'=HYPERLINK(\"\"http://x.test\"\",\"\"Open\"\").ron\",",
                "\"'=HYPERLINK(\"\"http://x.test\"\",\"\"Open\"\")\",",
                "2024,NJ-1040,ok,-50.00,0.00,0.00,0.00,0,,,'=cmd|' /C calc'!A0,0"
            )
        );
        assert!(lines[2].starts_with("'+1.ron,'+1,2024,NJ-1040,ok,-50.00,"));
        assert!(lines[3].starts_with("'-2+3.ron,'-2+3,2024,"));
        assert!(lines[4].starts_with("'@SUM(A1).ron,'@SUM(A1),2024,"));
    }
}
