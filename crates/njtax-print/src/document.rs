//! What the printed return says, in order: for each return of the draft its header (names, SSNs,
//! address, filing status, period), the result, every line, the signatures, the amended-return
//! section when the draft amends a filed return ([`crate::amended`]), the messages, every
//! schedule and worksheet it used, and each line's explanation; then the hand-off sheet.

use njtax_engine::Explanation;
use njtax_engine::Key;
use njtax_engine::answers::Answers;
use njtax_engine::compute::{ComputedReturn, ReturnSet};
use njtax_engine::explain::{Input, Severity, Source};
use njtax_engine::money::fmt_money;
use njtax_engine::residency::Filer;
use njtax_engine::schedule::Schedule;
use rust_decimal::Decimal;

use crate::PrintOptions;
use crate::fonts::Face;
use crate::handoff::Handoff;
use crate::header::{deposit_rows, filer_people, form_title, mask, period_words};
use crate::layout::{Align, BODY, Column, Ink, Layout, SMALL};

/// Line keys printed in bold: the form's totals and results.
const TOTALS: &[Key] = &[
    Key::ExemptionTotal,
    Key::TotalIncome,
    Key::GrossIncome,
    Key::TotalDeductions,
    Key::TaxableIncome,
    Key::NjTaxableIncome,
    Key::Tax,
    Key::TotalTaxDue,
    Key::TotalPayments,
    Key::TaxDue,
    Key::Overpayment,
    Key::BalanceDue,
    Key::Refund,
];

/// The mark printed on every page of a return that has errors.
pub const DRAFT_MARK: &str = "DRAFT - not for filing";

/// The short mark in every page's running head while the year is provisional:
/// `PROVISIONAL 2026 figures`.
pub fn provisional_mark(set: &ReturnSet) -> Option<String> {
    set.provisional
        .as_ref()
        .map(|_| format!("PROVISIONAL {} figures", set.tax_year))
}

/// "Provisional figures used on this return:" (these returns, when the draft gives several).
pub fn provisional_uses_heading(set: &ReturnSet) -> &'static str {
    if set.returns.len() > 1 {
        "Provisional figures used on these returns:"
    } else {
        "Provisional figures used on this return:"
    }
}

/// Whether any return of the set has an error.
pub fn has_errors(set: &ReturnSet) -> bool {
    set.returns.iter().any(ComputedReturn::has_errors)
}

/// Names of the return's filers for the running head.
fn names(a: &Answers, r: &ComputedReturn) -> String {
    filer_people(a, r.filer)
        .iter()
        .map(|(_, p)| p.name.trim())
        .filter(|n| !n.is_empty())
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Lay out the whole document. `changes` is the amended return's explanation of changes
/// (`njtax_engine::amend::explanation_of_changes`; empty when the draft amends nothing).
pub fn lay_out(
    layout: &mut Layout<'_>,
    a: &Answers,
    set: &ReturnSet,
    changes: &str,
    handoff: Option<&Handoff>,
    opts: &PrintOptions,
) {
    for (i, r) in set.returns.iter().enumerate() {
        if i > 0 {
            layout.set_running_head(format!("{} - {}", form_title(r), names(a, r)));
            layout.new_page();
        }
        front(layout, a, set, r, i == 0, opts);
        if let Some(x) = &r.amended {
            crate::amended::section(layout, r, x, changes);
        }
        messages(layout, r);
        schedules(layout, r);
        explanations(layout, r);
    }
    // The clinic's record goes on a reviewer's copy only, never on the filer's return.
    if opts.mask_ssns
        && let Some(record) = &a.clinic
    {
        crate::clinic::section(layout, a, set, record);
    }
    if let Some(h) = handoff {
        layout.set_running_head(format!("{} - {}", h.title, h.form));
        layout.new_page();
        handoff_sheet(layout, h);
    }
}

/// The running head of the first page.
pub fn first_running_head(a: &Answers, set: &ReturnSet) -> String {
    set.returns.first().map_or_else(
        || format!("New Jersey income tax {}", set.tax_year),
        |r| format!("{} - {}", form_title(r), names(a, r)),
    )
}

/// The header, the result and every line.
fn front(
    layout: &mut Layout<'_>,
    a: &Answers,
    set: &ReturnSet,
    r: &ComputedReturn,
    first: bool,
    opts: &PrintOptions,
) {
    layout.heading(&form_title(r), 14.0, 0, 120.0);
    if first {
        provisional_notice(layout, set);
        back_year_notice(layout, set, r);
    }
    let people = filer_people(a, r.filer);
    let status = match r.filer {
        Filer::Household => a.filing_status,
        _ => njtax_engine::answers::FilingStatus::MarriedSeparate,
    };
    let mut rows: Vec<(String, String)> = people
        .iter()
        .map(|(role, p)| {
            let ssn = if opts.mask_ssns {
                mask(&p.ssn)
            } else {
                p.ssn.trim().to_owned()
            };
            (format!("{role}: {}", p.name.trim()), format!("SSN {ssn}"))
        })
        .collect();
    let address = a.address.lines();
    if address.is_empty() {
        rows.push(("Home address".to_owned(), "not entered".to_owned()));
    }
    for (k, line) in address.iter().enumerate() {
        let name = if k == 0 { "Home address" } else { "" };
        rows.push((name.to_owned(), line.clone()));
    }
    let code = a.address.municipality_code.trim();
    rows.push((
        "County/municipality code".to_owned(),
        if code.is_empty() { "not entered" } else { code }.to_owned(),
    ));
    rows.push((
        format!("Filing status (line {})", status.line_number()),
        status.name().to_owned(),
    ));
    if let Some(p) = period_words(r) {
        rows.push(("New Jersey resident".to_owned(), p));
    }
    // The form's yes/no question (for a year whose NJ-1040 asks it), with the answer as typed.
    if let Some(q) = &r.digital_assets {
        rows.push((
            "Digital asset question".to_owned(),
            q.answer_words().to_owned(),
        ));
    }
    #[allow(clippy::cast_precision_loss)]
    let height = BODY * 1.35 * rows.len() as f32 + 12.0;
    layout.framed(height, |l| {
        for (name, value) in &rows {
            l.pair(name, value, 4.0);
        }
    });
    let barred = a
        .filing
        .filed_on
        .or(opts.filing_day)
        .filter(|_| r.amended.is_none())
        .and_then(|d| r.barred_refund(d));
    let result = if let Some(x) = &r.amended {
        // An amended return's headline is what it refunds (the part the time limits allow) or
        // owes, never column C's overpayment (54A:9-8 d).
        x.headline()
    } else if r.balance_due > Decimal::ZERO {
        format!("Balance due: {}", fmt_money(r.balance_due))
    } else if let Some(b) = barred {
        // A refund the law bars is never printed as a refund.
        b.words()
    } else {
        format!("Refund: {}", fmt_money(r.refund))
    };
    layout.paragraph(&result, 12.0, Face::Bold, Ink::Black, 0.0);
    let fr = &r.filing_requirement;
    layout.paragraph(
        &format!("{} [{}]", fr.reason, fr.citation),
        SMALL,
        Face::Regular,
        Ink::Grey(60),
        0.0,
    );
    // The statement says which returns the draft gives and why: worth printing when there are
    // several (for one return it repeats the filing requirement above).
    if first && set.returns.len() > 1 {
        for s in &set.statement {
            layout.paragraph(s, SMALL, Face::Regular, Ink::Grey(60), 0.0);
        }
        if let Some(c) = &set.comparison {
            layout.paragraph(&c.summary, SMALL, Face::Regular, Ink::Grey(60), 0.0);
        }
    }
    layout.heading("Lines", 11.0, 1, 40.0);
    for line in &r.lines {
        layout.form_line(
            &line.id,
            &line.label,
            &line.display_value(),
            TOTALS.contains(&line.key),
        );
    }
    direct_deposit(layout, a, r, opts);
    signatures(layout, people.len());
}

/// For a back year (one the State's online service does not take), a frame at the top of the
/// first page: the return's `back-year` warning (the year's notice, and the last day a refund can
/// be claimed when there is an overpayment), so the paper says it is mailed before any figure.
fn back_year_notice(layout: &mut Layout<'_>, set: &ReturnSet, r: &ComputedReturn) {
    let Some(notice) = &set.back_year else { return };
    let text = r
        .diagnostics
        .iter()
        .find(|d| d.code == njtax_engine::compute::BACK_YEAR_CODE)
        .map_or(notice.as_str(), |d| d.message.as_str());
    let title = format!("Back tax year {}: file this return by mail", set.tax_year);
    let height = layout.paragraph_height(&title, BODY, Face::Bold, 0.0)
        + layout.paragraph_height(text, BODY, Face::Regular, 0.0);
    layout.framed(height, |l| {
        l.paragraph(&title, BODY, Face::Bold, Ink::Black, 0.0);
        l.paragraph(text, BODY, Face::Regular, Ink::Black, 0.0);
    });
    layout.gap(6.0);
}

/// For a provisional year, a frame at the top of the first page: the year's notice (one
/// sentence) and the provisional figures the returns use and where, as the app's Review screen
/// shows them.
fn provisional_notice(layout: &mut Layout<'_>, set: &ReturnSet) {
    let Some(prov) = &set.provisional else { return };
    let title = format!("Provisional tax year {}", set.tax_year);
    let uses: Vec<String> = set
        .provisional_uses()
        .iter()
        .map(|u| format!("• {}", u.describe()))
        .collect();
    let heading = if uses.is_empty() {
        "None of the provisional figures is used on this return."
    } else {
        provisional_uses_heading(set)
    };
    const INDENT: f32 = 10.0;
    let height = layout.paragraph_height(&title, BODY, Face::Bold, 0.0)
        + layout.paragraph_height(&prov.notice, BODY, Face::Regular, 0.0)
        + layout.paragraph_height(heading, BODY, Face::Bold, 0.0)
        + uses
            .iter()
            .map(|u| layout.paragraph_height(u, BODY, Face::Regular, INDENT))
            .sum::<f32>();
    layout.framed(height, |l| {
        l.paragraph(&title, BODY, Face::Bold, Ink::Black, 0.0);
        l.paragraph(&prov.notice, BODY, Face::Regular, Ink::Black, 0.0);
        l.paragraph(heading, BODY, Face::Bold, Ink::Black, 0.0);
        for u in &uses {
            l.paragraph(u, BODY, Face::Regular, Ink::Black, INDENT);
        }
    });
    // Apart from the header's frame below.
    layout.gap(6.0);
}

/// The direct deposit section under the refund, when the refund is deposited: routing number,
/// account number (both masked to their last four digits on a reviewer's copy) and account type.
fn direct_deposit(layout: &mut Layout<'_>, a: &Answers, r: &ComputedReturn, opts: &PrintOptions) {
    let rows = deposit_rows(a, r, opts.mask_ssns);
    if rows.is_empty() {
        return;
    }
    #[allow(clippy::cast_precision_loss)]
    let height = BODY * 1.35 * rows.len() as f32 + 12.0;
    layout.heading("Direct deposit of the refund", 11.0, 1, height + 20.0);
    layout.framed(height, |l| {
        for (name, value) in &rows {
            l.pair(name, value, 4.0);
        }
    });
}

/// Signature and date lines for each filer and the preparer.
fn signatures(layout: &mut Layout<'_>, filers: usize) {
    layout.gap(8.0);
    layout.keep(90.0);
    layout.paragraph(
        "This printout is a copy of the return's figures for your records and review, not the official form: file online or on the Division of Taxation's form with these figures, and sign there.",
        SMALL,
        Face::Regular,
        Ink::Grey(60),
        0.0,
    );
    let who: Vec<&str> = if filers > 1 {
        vec![
            "Your signature",
            "Spouse/CU partner's signature",
            "Preparer (clinic)",
        ]
    } else {
        vec!["Your signature", "Preparer (clinic)"]
    };
    for w in who {
        layout.gap(10.0);
        layout.pair(
            &format!("{w}: ______________________________________"),
            "Date: ______________",
            0.0,
        );
    }
}

/// Errors, warnings and notes of the return.
fn messages(layout: &mut Layout<'_>, r: &ComputedReturn) {
    // The provisional and back-year warnings are the notices on the first page: not repeated
    // here.
    let shown: Vec<_> = r
        .diagnostics
        .iter()
        .filter(|d| {
            d.code != njtax_engine::compute::PROVISIONAL_YEAR_CODE
                && d.code != njtax_engine::compute::BACK_YEAR_CODE
        })
        .collect();
    if shown.is_empty() {
        return;
    }
    layout.heading("Messages", 11.0, 1, 30.0);
    for d in shown {
        let (word, ink) = match d.severity {
            Severity::Error => ("Error", Ink::Red),
            Severity::Warning => ("Warning", Ink::Black),
            _ => ("Note", Ink::Grey(60)),
        };
        let mut text = format!("{word}: {}", d.message);
        if let Some(p) = &d.path {
            text.push_str(&format!(" (answer {p})"));
        }
        if let Some(c) = &d.citation {
            text.push_str(&format!(" [{c}]"));
        }
        layout.paragraph(&text, BODY, Face::Regular, ink, 0.0);
    }
}

/// Whether a schedule has its own section in the printout (from the return's typed schedule), so
/// the lines worked out on it do not list it again.
fn has_own_section(s: Schedule) -> bool {
    matches!(s, Schedule::Nj2210 | Schedule::NjHcc)
}

/// One worksheet section: a line's worksheet inputs, shared by the lines that show the same ones.
struct Worksheet<'r> {
    title: String,
    lines: Vec<String>,
    explanation: &'r Explanation,
}

/// The worksheets the return used: a line's explanation with worksheet steps, or naming a form,
/// schedule or worksheet, when the line or a step is not zero. Lines showing the same worksheet
/// (Worksheet H for lines 41 and 56) share one section.
fn worksheets(r: &ComputedReturn) -> Vec<Worksheet<'_>> {
    let mut out: Vec<Worksheet<'_>> = Vec::new();
    for line in &r.lines {
        let e = &line.explanation;
        let steps: Vec<&Input> = e
            .inputs
            .iter()
            .filter(|i| matches!(i.source, Source::Worksheet(_)))
            .collect();
        // A line worked out on a schedule with a section of its own below (Form NJ-2210,
        // Schedule NJ-HCC) is not repeated as a worksheet.
        if e.schedules.iter().any(|s| has_own_section(*s)) {
            continue;
        }
        let named: Vec<&str> = e.schedules.iter().map(|s| s.title()).collect();
        if steps.is_empty() && named.is_empty() {
            continue;
        }
        // Used: the line has an amount, or the filer entered an amount for it (Worksheet F with
        // medical expenses under the 2% floor). A zero line whose answers are all zero did not
        // use its worksheet, even if a step shows a figure (2% of gross income).
        let used = !line.value.is_zero()
            || e.inputs.iter().any(|i| {
                matches!(i.source, Source::Answer(_)) && i.amount.is_some_and(|v| !v.is_zero())
            });
        if !used {
            continue;
        }
        if let Some(same) = out.iter_mut().find(|w| {
            !steps.is_empty()
                && w.explanation
                    .inputs
                    .iter()
                    .filter(|i| matches!(i.source, Source::Worksheet(_)))
                    .eq(steps.iter().copied())
        }) {
            same.lines.push(line.id.to_string());
            continue;
        }
        let title = if named.is_empty() {
            format!("{} worksheet", line.label)
        } else {
            named.join(", ")
        };
        out.push(Worksheet {
            title,
            lines: vec![line.id.to_string()],
            explanation: e,
        });
    }
    out
}

/// Where an input came from, in words.
fn source_words(r: &ComputedReturn, s: &Source) -> String {
    match s {
        Source::Answer(path) => format!("answer {path}"),
        Source::Line(key) => r
            .by_key(*key)
            .map_or_else(|| format!("line {key}"), |l| format!("line {}", l.id)),
        Source::Worksheet(step) => format!("worksheet {step}"),
    }
}

/// An explanation's inputs as a table.
fn inputs_table(layout: &mut Layout<'_>, r: &ComputedReturn, inputs: &[Input]) {
    if inputs.is_empty() {
        return;
    }
    let rows: Vec<Vec<String>> = inputs
        .iter()
        .map(|i| vec![i.name.clone(), i.value.clone(), source_words(r, &i.source)])
        .collect();
    table(
        layout,
        &[
            ("Step or input", 270.0, Align::Left),
            ("Amount", 80.0, Align::Right),
            ("From", 178.0, Align::Left),
        ],
        &rows,
    );
}

/// Law figures used, with citations and uncertainty.
fn params_text(layout: &mut Layout<'_>, e: &Explanation) {
    for p in &e.params {
        let mut t = format!("{} = {} [{}]", p.label, p.value, p.citation);
        if let Some(u) = &p.uncertain {
            t.push_str(&format!(" UNCERTAIN: {u}"));
        }
        layout.paragraph(&t, SMALL, Face::Regular, Ink::Grey(50), 8.0);
    }
}

fn money_table(layout: &mut Layout<'_>, rows: &[(&str, Decimal)]) {
    for (name, v) in rows {
        layout.pair(name, &fmt_money(*v), 0.0);
    }
    layout.gap(4.0);
}

fn notes(layout: &mut Layout<'_>, notes: &[String]) {
    for n in notes {
        layout.paragraph(
            &format!("Note: {n}"),
            SMALL,
            Face::Regular,
            Ink::Grey(50),
            0.0,
        );
    }
}

/// Every schedule and worksheet the return used.
fn schedules(layout: &mut Layout<'_>, r: &ComputedReturn) {
    let ws = worksheets(r);
    let any = !ws.is_empty()
        || !r.business_credits.is_empty()
        || r.nj2210.is_some()
        || r.hcc.is_some()
        || r.next_year.is_some()
        || r.late.is_some();
    if !any {
        return;
    }
    layout.heading("Schedules and worksheets", 11.0, 1, 60.0);
    for w in &ws {
        let lines = if w.lines.len() == 1 { "line" } else { "lines" };
        layout.heading(
            &format!("{} ({lines} {})", w.title, w.lines.join(", ")),
            9.5,
            2,
            40.0,
        );
        layout.paragraph(&w.explanation.rule, SMALL, Face::Regular, Ink::Black, 0.0);
        inputs_table(layout, r, &w.explanation.inputs);
        layout.paragraph(
            &w.explanation.citation,
            SMALL,
            Face::Regular,
            Ink::Grey(60),
            0.0,
        );
    }
    if !r.business_credits.is_empty() {
        business_credits(layout, r);
    }
    if let Some(s) = &r.nj2210 {
        nj2210(layout, s);
    }
    if let Some(s) = &r.hcc {
        hcc(layout, s);
    }
    if let Some(p) = &r.next_year {
        layout.heading(
            &format!("Estimated tax for {} (NJ-1040-ES)", p.year),
            9.5,
            2,
            40.0,
        );
        layout.paragraph(&p.reason, SMALL, Face::Regular, Ink::Black, 0.0);
        let rows: Vec<Vec<String>> = p
            .installments
            .iter()
            .map(|i| {
                vec![
                    i.due.map_or_else(|| "-".to_owned(), |d| d.to_string()),
                    fmt_money(i.amount),
                    fmt_money(i.credit_applied),
                    fmt_money(i.to_pay),
                ]
            })
            .collect();
        if !rows.is_empty() {
            table(
                layout,
                &[
                    ("Due", 150.0, Align::Left),
                    ("Installment", 120.0, Align::Right),
                    ("Credit applied", 120.0, Align::Right),
                    ("To pay", 120.0, Align::Right),
                ],
                &rows,
            );
        }
        notes(layout, &p.notes);
    }
    if let Some(l) = &r.late {
        layout.heading("Late filing and payment (estimate)", 9.5, 2, 40.0);
        money_table(
            layout,
            &[
                ("Late filing penalty", l.late_filing),
                ("Late payment penalty", l.late_payment),
                ("Interest", l.interest),
                ("Total", l.total),
                ("Balance due with them", l.balance_due),
            ],
        );
        notes(layout, &l.notes);
    }
}

/// A table from its columns given as (header, width, alignment).
fn table(layout: &mut Layout<'_>, columns: &[(&str, f32, Align)], rows: &[Vec<String>]) {
    let cols: Vec<Column> = columns
        .iter()
        .map(|&(_, width, align)| Column { width, align })
        .collect();
    let header: Vec<&str> = columns.iter().map(|&(h, _, _)| h).collect();
    layout.table(&cols, &header, rows);
}

fn business_credits(layout: &mut Layout<'_>, r: &ComputedReturn) {
    let s = &r.business_credits;
    layout.heading("Business credits schedule", 9.5, 2, 60.0);
    let rows: Vec<Vec<String>> = s
        .rows
        .iter()
        .map(|row| {
            let place = match &row.line {
                Some(_) => row.claimed_where.clone(),
                None => format!("separately: {}", row.claimed_where),
            };
            vec![
                format!("{} ({})", row.name, row.statute),
                place,
                fmt_money(row.earned),
                fmt_money(row.carried_in),
                row.limit.map_or_else(|| "none".to_owned(), fmt_money),
                fmt_money(row.applied),
                fmt_money(row.refunded),
                fmt_money(row.carried_forward),
                fmt_money(row.lost),
            ]
        })
        .collect();
    table(
        layout,
        &[
            ("Credit", 112.0, Align::Left),
            ("Claimed on", 88.0, Align::Left),
            ("Earned", 46.0, Align::Right),
            ("Carried in", 46.0, Align::Right),
            ("Limit", 46.0, Align::Right),
            ("Applied", 46.0, Align::Right),
            ("Refunded", 46.0, Align::Right),
            ("Carried fwd", 52.0, Align::Right),
            ("Lost", 46.0, Align::Right),
        ],
        &rows,
    );
    for row in &s.rows {
        layout.paragraph(
            &format!("{}: {}", row.name, row.explanation.rule),
            SMALL,
            Face::Regular,
            Ink::Black,
            0.0,
        );
    }
    if !s.ledger.is_empty() {
        layout.paragraph("Carryover ledger", BODY, Face::Bold, Ink::Black, 0.0);
        let rows: Vec<Vec<String>> = s
            .ledger
            .iter()
            .map(|l| {
                vec![
                    format!(
                        "{} ({})",
                        s.rows
                            .iter()
                            .find(|r| r.kind == l.kind)
                            .map_or(l.kind.label(), |r| r.name.as_str()),
                        l.owner.label()
                    ),
                    l.origin_year.to_string(),
                    fmt_money(l.available),
                    fmt_money(l.used),
                    fmt_money(l.remaining),
                    l.last_year.to_string(),
                    fmt_money(l.expiring),
                ]
            })
            .collect();
        table(
            layout,
            &[
                ("Credit", 150.0, Align::Left),
                ("Year", 50.0, Align::Right),
                ("Available", 66.0, Align::Right),
                ("Used", 66.0, Align::Right),
                ("Remaining", 66.0, Align::Right),
                ("Last year", 50.0, Align::Right),
                ("Expiring", 66.0, Align::Right),
            ],
            &rows,
        );
    }
    notes(layout, &s.notes);
}

fn nj2210(layout: &mut Layout<'_>, s: &njtax_engine::rules::nj2210::Nj2210Schedule) {
    layout.heading("Form NJ-2210: underpayment of estimated tax", 9.5, 2, 60.0);
    money_table(
        layout,
        &[
            ("Line 1: tax", s.tax),
            (
                "Line 2: withholding and refundable credits",
                s.withholding_and_credits,
            ),
            ("Line 3: line 1 less line 2", s.net_tax),
            ("Required annual payment", s.required_annual),
        ],
    );
    let rows: Vec<Vec<String>> = s
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            vec![
                format!(
                    "{} (due {})",
                    ["A", "B", "C", "D", "E", "F"]
                        .get(i)
                        .copied()
                        .unwrap_or("?"),
                    c.due.map_or_else(|| "-".to_owned(), |d| d.to_string())
                ),
                fmt_money(c.required),
                fmt_money(c.paid),
                fmt_money(c.underpayment),
                fmt_money(c.interest),
            ]
        })
        .collect();
    if !rows.is_empty() {
        table(
            layout,
            &[
                ("Column", 148.0, Align::Left),
                ("Required", 95.0, Align::Right),
                ("Paid by due date", 95.0, Align::Right),
                ("Underpayment", 95.0, Align::Right),
                ("Interest", 95.0, Align::Right),
            ],
            &rows,
        );
    }
    layout.pair("Interest (line 52)", &fmt_money(s.interest), 0.0);
    for c in &s.columns {
        layout.paragraph(&c.explanation.rule, SMALL, Face::Regular, Ink::Black, 0.0);
    }
    notes(layout, &s.notes);
}

fn hcc(layout: &mut Layout<'_>, s: &njtax_engine::rules::hcc::HccSchedule) {
    layout.heading("Schedule NJ-HCC: health care coverage", 9.5, 2, 60.0);
    if s.everyone_covered && s.payment.is_zero() {
        layout.paragraph(
            "Everyone on the return had health coverage or an exemption every month: no payment.",
            BODY,
            Face::Regular,
            Ink::Black,
            0.0,
        );
    }
    if let Some(why) = &s.exempt_reason {
        layout.paragraph(
            &format!("No payment: {why}"),
            BODY,
            Face::Regular,
            Ink::Black,
            0.0,
        );
    }
    if !s.members.is_empty() {
        let rows: Vec<Vec<String>> = s
            .members
            .iter()
            .map(|m| {
                vec![
                    m.name.clone(),
                    njtax_engine::answers::month_abbreviations(&m.months_owed),
                    njtax_engine::answers::month_abbreviations(&m.months_exempt),
                    m.exemption_number.clone(),
                ]
            })
            .collect();
        table(
            layout,
            &[
                ("Member without coverage", 140.0, Align::Left),
                ("Months owed", 150.0, Align::Left),
                ("Months exempt", 150.0, Align::Left),
                ("Exemption number", 88.0, Align::Left),
            ],
            &rows,
        );
    }
    if !s.months.is_empty() {
        let rows: Vec<Vec<String>> = s
            .months
            .iter()
            .map(|m| {
                vec![
                    njtax_engine::answers::month_abbreviations(&[m.month]),
                    m.adults.to_string(),
                    m.children.to_string(),
                    fmt_money(m.flat),
                    fmt_money(m.percentage),
                    fmt_money(m.amount),
                    fmt_money(m.cap),
                ]
            })
            .collect();
        table(
            layout,
            &[
                ("Month", 60.0, Align::Left),
                ("Adults", 50.0, Align::Right),
                ("Children", 50.0, Align::Right),
                ("Flat amount", 90.0, Align::Right),
                ("Percentage", 90.0, Align::Right),
                ("This month", 98.0, Align::Right),
                ("Cap", 90.0, Align::Right),
            ],
            &rows,
        );
    }
    money_table(layout, &s.totals());
    layout.paragraph(&s.explanation.rule, SMALL, Face::Regular, Ink::Black, 0.0);
    params_text(layout, &s.explanation);
    notes(layout, &s.notes);
}

/// Each line's explanation: value, rule, inputs, law figures, citation.
fn explanations(layout: &mut Layout<'_>, r: &ComputedReturn) {
    layout.heading("Explanations: why each line has its value", 11.0, 1, 60.0);
    for line in &r.lines {
        let e = &line.explanation;
        layout.keep(40.0);
        layout.paragraph(
            &format!(
                "Line {}: {} = {}",
                line.id,
                line.label,
                line.display_value()
            ),
            BODY,
            Face::Bold,
            Ink::Black,
            0.0,
        );
        if !e.rule.is_empty() {
            layout.paragraph(&e.rule, SMALL, Face::Regular, Ink::Black, 8.0);
        }
        inputs_table(layout, r, &e.inputs);
        params_text(layout, e);
        if !e.citation.is_empty() {
            layout.paragraph(
                &format!("Citation: {}", e.citation),
                SMALL,
                Face::Regular,
                Ink::Grey(60),
                8.0,
            );
        }
        layout.gap(3.0);
    }
}

/// The hand-off sheet.
fn handoff_sheet(layout: &mut Layout<'_>, h: &Handoff) {
    layout.heading(&h.title, 14.0, 0, 80.0);
    // An amended return is mailed: said first, in bold, with the address; its notes not again.
    let amended_notes = h
        .amended
        .as_ref()
        .map(crate::handoff::MailAmended::notes)
        .unwrap_or_default();
    if let Some(m) = &h.amended {
        layout.paragraph(
            &format!("{} Form to file: {}.", m.words, m.form),
            BODY,
            Face::Bold,
            Ink::Black,
            0.0,
        );
        layout.paragraph(
            &format!("Mail the amended return to: {}", m.mail_to),
            BODY,
            Face::Bold,
            Ink::Black,
            0.0,
        );
        if let Some(u) = &m.uncertain {
            layout.paragraph(
                &format!("Uncertain: {u}"),
                SMALL,
                Face::Regular,
                Ink::Grey(50),
                0.0,
            );
        }
        layout.paragraph(&m.figures, BODY, Face::Regular, Ink::Black, 0.0);
    } else {
        layout.paragraph(
            &format!("{}: the figures of the {} in the order the service asks for them. Type the amounts; compare the ones marked \"check\", which the service works out itself.", h.service, h.form),
            BODY,
            Face::Regular,
            Ink::Black,
            0.0,
        );
    }
    for n in h.notes.iter().filter(|n| !amended_notes.contains(n)) {
        layout.paragraph(n, SMALL, Face::Regular, Ink::Grey(50), 0.0);
    }
    for (i, s) in h.steps.iter().enumerate() {
        layout.heading(&format!("{}. {}", i + 1, s.title), 10.0, 1, 30.0);
        if !s.note.is_empty() {
            layout.paragraph(&s.note, SMALL, Face::Regular, Ink::Grey(50), 0.0);
        }
        let rows: Vec<Vec<String>> = s
            .entries
            .iter()
            .map(|e| {
                vec![
                    e.label.clone(),
                    e.value.clone(),
                    e.source.clone(),
                    if e.check { "check" } else { "type" }.to_owned(),
                ]
            })
            .collect();
        table(
            layout,
            &[
                ("Asked for", 270.0, Align::Left),
                ("Figure", 110.0, Align::Right),
                ("From", 100.0, Align::Left),
                ("", 48.0, Align::Left),
            ],
            &rows,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(path: &str) -> Answers {
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples")
            .join(path);
        njtax_engine::parse_draft(&std::fs::read_to_string(file).unwrap())
            .unwrap()
            .answers
    }

    fn computed(a: &Answers) -> ComputedReturn {
        let book = njtax_engine::ParamBook::load().unwrap();
        njtax_engine::compute(a, &book).unwrap()
    }

    /// Each worksheet section as "title: lines".
    fn sections(r: &ComputedReturn) -> Vec<String> {
        worksheets(r)
            .iter()
            .map(|w| format!("{}: {}", w.title, w.lines.join(", ")))
            .collect()
    }

    #[test]
    fn worksheet_sections_name_the_schedules_the_lines_were_worked_on() {
        let r = computed(&example("ny-commuter-coj.ron"));
        let s = sections(&r);
        assert!(s.contains(&"Schedule NJ-COJ: 44".to_owned()), "{s:?}");
        // The credit is elected: line 41 is zero, line 56 shows Worksheet I.
        assert!(
            s.contains(&"Schedule NJ-COJ and Worksheet I: 56".to_owned()),
            "{s:?}"
        );
        assert!(!s.iter().any(|t| t.starts_with("Worksheet H")), "{s:?}");
    }

    #[test]
    fn a_schedule_with_its_own_section_is_not_repeated_as_a_lines_worksheet() {
        let r = computed(&example(
            "2026/07-single-self-employed-late-short-estimates.ron",
        ));
        assert!(r.nj2210.is_some(), "the example works out an NJ-2210");
        assert!(r.value_by_key(Key::EstimatedTaxInterest) > Decimal::ZERO);
        let s = sections(&r);
        let line_52 = r.by_key(Key::EstimatedTaxInterest).unwrap().id.to_string();
        assert!(
            !s.iter()
                .any(|t| t.contains("NJ-2210") || t.ends_with(&format!(": {line_52}"))),
            "{s:?}"
        );
        assert!(s.contains(&"Worksheet H: 41".to_owned()), "{s:?}");
        assert!(
            s.contains(&"Schedule NJ-BUS-1 Part I: 18".to_owned()),
            "{s:?}"
        );
    }

    #[test]
    fn worksheet_f_is_shown_when_expenses_were_entered_even_under_the_floor() {
        let mut a = example("ny-commuter-coj.ron");
        a.deductions.medical_expenses = Decimal::ZERO;
        a.deductions.archer_msa = Decimal::ZERO;
        a.deductions.self_employed_health_insurance = Decimal::ZERO;
        let none = computed(&a);
        assert!(
            !sections(&none).iter().any(|t| t.starts_with("Worksheet F")),
            "nothing entered, nothing deducted: no Worksheet F"
        );
        // One cent of expenses is far under 2% of gross income: line 31 stays zero, but the
        // filer entered an amount, so the worksheet that shows why is printed.
        a.deductions.medical_expenses = Decimal::new(1, 2);
        let under = computed(&a);
        assert_eq!(under.value_by_key(Key::Medical), Decimal::ZERO);
        assert!(
            sections(&under).contains(&"Worksheet F: 31".to_owned()),
            "{:?}",
            sections(&under)
        );
    }
}
