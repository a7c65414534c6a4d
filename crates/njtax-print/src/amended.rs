//! The amended-return section of the printout (issue 19): for a return the engine gives an
//! [`AmendedReturn`], the form to file, the three columns of every line (A as originally
//! reported, B the net change, C the correct amount), the result after what the original return
//! already paid or refunded, the interest estimate, the time limits, the reasons and the
//! explanation of changes. The return's own pages before it are column C, the corrected return.
//! Everything printed is the engine's; nothing is worked out here.

use njtax_engine::Key;
use njtax_engine::compute::ComputedReturn;
use njtax_engine::money::fmt_money;
use njtax_engine::rules::amended::{AmendedReturn, AmendedRow};
use rust_decimal::Decimal;

use crate::fonts::Face;
use crate::layout::{Align, BODY, Column, Ink, Layout, SMALL};

/// The columns of the amended table: line, label, A, B, C (their widths fill the text column).
pub const COLUMNS: [(&str, f32, Align); 5] = [
    ("Line", 34.0, Align::Left),
    ("Label", 170.0, Align::Left),
    ("A As originally reported", 112.0, Align::Right),
    ("B Net change", 100.0, Align::Right),
    ("C Correct amount", 112.0, Align::Right),
];

/// The section's heading: the form to file and the year. An NJ-1040 is amended on the
/// NJ-1040X; a form amended on itself (the NJ-1040NR) is filed again marked AMENDED.
pub fn heading(x: &AmendedReturn, year: u16) -> String {
    if refiled(x) {
        format!(
            "Amended {year} return: the {} filed again, marked AMENDED across the top",
            x.form
        )
    } else {
        format!("Amended {year} return: Form {}", x.form)
    }
}

/// Whether the amended return is the original form filed again (no separate amended form).
fn refiled(x: &AmendedReturn) -> bool {
    x.form == x.original_form
}

/// What to file, in a sentence under the heading.
fn what_to_file(x: &AmendedReturn, year: u16) -> String {
    let columns = "Column A is the return as originally reported, column B the net change and column C the correct amount; the return's pages before this section show column C, the corrected return.";
    if refiled(x) {
        format!(
            "New Jersey has no separate amended form for the {form}: file a new {year} {form} with the correct amounts and write AMENDED across the top of its first page. {columns}",
            form = x.form
        )
    } else {
        format!(
            "File Form {} to amend the {year} {} as originally filed. {columns}",
            x.form, x.original_form
        )
    }
}

/// One table row: id, label, A, B, C; a column-A value not given prints blank, and so does
/// its change.
pub fn row_cells(row: &AmendedRow) -> Vec<String> {
    vec![
        row.id.clone(),
        row.label.clone(),
        row.original.map_or_else(String::new, fmt_money),
        row.change.map_or_else(String::new, fmt_money),
        fmt_money(row.amended),
    ]
}

/// The line id of `key` in the amended table, for naming it in the result.
fn line_of(x: &AmendedReturn, r: &ComputedReturn, key: Key) -> String {
    x.row(key)
        .map(|row| row.id.clone())
        .or_else(|| r.by_key(key).map(|l| l.id.to_string()))
        .map_or_else(String::new, |id| format!(" (line {id}, column C)"))
}

/// The result in one sentence: the refund, the additional tax, or neither.
pub fn result_words(x: &AmendedReturn) -> String {
    if x.balance_due > Decimal::ZERO {
        format!(
            "Additional tax due with the amended return: {}",
            fmt_money(x.balance_due)
        )
    } else if x.refund > Decimal::ZERO {
        format!("Refund claimed: {}", fmt_money(x.refund))
    } else if x.net > Decimal::ZERO {
        // A refund the time limits bar entirely: no refund figure in the refund's place.
        format!(
            "No refund: the {} this amended return would refund is barred by the time limits below (N.J.S.A. 54A:9-8 d)",
            fmt_money(x.net)
        )
    } else {
        "Nothing more to pay and nothing more to refund".to_owned()
    }
}

/// Lay out the amended-return section of `r`, starting on a new page. `changes` is the
/// explanation of changes (`njtax_engine::amend::explanation_of_changes`).
pub fn section(layout: &mut Layout<'_>, r: &ComputedReturn, x: &AmendedReturn, changes: &str) {
    layout.new_page();
    let year = r.tax_year;
    layout.heading(&heading(x, year), 14.0, 1, 120.0);
    layout.paragraph(&what_to_file(x, year), BODY, Face::Regular, Ink::Black, 0.0);
    let source = if x.from_draft {
        "The figures of column A were copied from the draft of the original return: check them against the return as filed."
    } else {
        "The figures of column A were typed from the return as filed."
    };
    layout.paragraph(source, SMALL, Face::Regular, Ink::Grey(60), 0.0);
    if !x.complete {
        layout.paragraph(
            "Some figures of the original return that the result needs are not given (see the messages): the result below is not final.",
            BODY,
            Face::Bold,
            Ink::Red,
            0.0,
        );
    }
    let cols: Vec<Column> = COLUMNS
        .iter()
        .map(|&(_, width, align)| Column { width, align })
        .collect();
    let header: Vec<&str> = COLUMNS.iter().map(|&(h, _, _)| h).collect();
    let rows: Vec<Vec<String>> = x.rows.iter().map(row_cells).collect();
    if rows.is_empty() {
        layout.paragraph(
            "No line of either column has an amount.",
            BODY,
            Face::Regular,
            Ink::Black,
            0.0,
        );
    } else {
        layout.table(&cols, &header, &rows);
    }

    layout.heading("Result of the amended return", 11.0, 2, 80.0);
    layout.pair(
        &format!(
            "Total payments and credits{}",
            line_of(x, r, Key::TotalPayments)
        ),
        &fmt_money(x.total_payments),
        0.0,
    );
    layout.pair(
        "Tax paid with the original return or after it",
        &fmt_money(x.paid_before),
        0.0,
    );
    layout.pair(
        &format!(
            "The original overpayment{}, already refunded, credited forward or given to funds",
            line_of(x, r, Key::Overpayment).replace("column C", "column A")
        ),
        &fmt_money(x.original_overpayment),
        0.0,
    );
    layout.pair(
        &format!("Total tax due{}", line_of(x, r, Key::TotalTaxDue)),
        &fmt_money(x.total_tax),
        0.0,
    );
    layout.gap(2.0);
    layout.paragraph(&result_words(x), 12.0, Face::Bold, Ink::Black, 0.0);
    if !x.explanation.citation.is_empty() {
        layout.paragraph(
            &format!("Citation: {}", x.explanation.citation),
            SMALL,
            Face::Regular,
            Ink::Grey(60),
            0.0,
        );
    }

    if let Some(i) = &x.interest {
        layout.heading("Interest on the additional tax: Estimate", 9.5, 2, 40.0);
        layout.pair(
            &format!(
                "Estimate of the interest from {} to {} ({} month(s) or part of a month)",
                i.from, i.to, i.months
            ),
            &fmt_money(i.amount),
            0.0,
        );
        layout.paragraph(&i.words, SMALL, Face::Regular, Ink::Black, 0.0);
        for n in &i.notes {
            layout.paragraph(
                &format!("Note: {n}"),
                SMALL,
                Face::Regular,
                Ink::Grey(50),
                0.0,
            );
        }
    }

    if let Some(l) = &x.refund_limit {
        layout.heading("Time limit on the refund", 9.5, 2, 40.0);
        layout.paragraph(&l.words, SMALL, Face::Regular, Ink::Black, 0.0);
        layout.pair(
            "Last day to claim the whole refund",
            &l.last_day.to_string(),
            0.0,
        );
        if let Some(d) = l.federal_change_last_day {
            layout.pair(
                "Last day to claim a refund resulting from the federal change",
                &d.to_string(),
                0.0,
            );
        }
        if l.allowed < l.claimed {
            layout.pair(
                &format!(
                    "Of the {} claimed, the part that can be refunded",
                    fmt_money(l.claimed)
                ),
                &fmt_money(l.allowed),
                0.0,
            );
        }
    }

    if !x.federal_reports.is_empty() {
        layout.heading("Reporting the federal change to New Jersey", 9.5, 2, 40.0);
        for f in &x.federal_reports {
            let late = match f.days_late {
                Some(n) => format!(": this amended return is filed {n} days after that day"),
                None => String::new(),
            };
            layout.paragraph(
                &format!(
                    "Report {} of {} by {} (N.J.S.A. 54A:8-7 a){late}.",
                    f.what, f.since, f.due
                ),
                BODY,
                Face::Regular,
                if f.days_late.is_some() {
                    Ink::Red
                } else {
                    Ink::Black
                },
                0.0,
            );
        }
    }

    layout.heading("Reasons for amending", 9.5, 2, 30.0);
    if x.reasons.is_empty() {
        layout.paragraph(
            "No reason given (Amended return).",
            BODY,
            Face::Regular,
            Ink::Red,
            0.0,
        );
    }
    for reason in &x.reasons {
        layout.paragraph(&format!("• {reason}"), BODY, Face::Regular, Ink::Black, 8.0);
    }

    layout.heading("Explanation of changes", 9.5, 2, 30.0);
    let changes = changes.trim();
    let changes = if changes.is_empty() {
        "No explanation of changes was given."
    } else {
        changes
    };
    layout.paragraph(changes, BODY, Face::Regular, Ink::Black, 0.0);
}
