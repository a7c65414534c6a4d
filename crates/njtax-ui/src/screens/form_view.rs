//! The form view: every line of one of the draft's returns (a selector when the draft gives more
//! than one: a part-year NJ-1040 and an NJ-1040NR, or separate returns for each spouse); selecting
//! a line shows why it has its value.

use egui::{RichText, Ui};
use njtax_engine::money::fmt_money;
use njtax_engine::residency::{Filer, ReturnKind};
use njtax_engine::rules::business_credits::CreditSchedule;
use njtax_engine::{ComputedReturn, Explanation, Line};
use rust_decimal::Decimal;

use crate::cx::ScreenCx;
use crate::state::Command;
use crate::theme;

/// A return's name as the selector and the side panel show it: `NJ-1040 (resident period)`,
/// `NJ-1040NR`, with whose it is when spouses file separately.
pub fn return_title(r: &ComputedReturn) -> String {
    let form = match r.kind {
        ReturnKind::Resident => "NJ-1040",
        ReturnKind::PartYearResident => "NJ-1040 (resident period)",
        ReturnKind::Nonresident => "NJ-1040NR",
        ReturnKind::PartYearNonresident => "NJ-1040NR (nonresident period)",
    };
    match r.filer {
        Filer::Household => form.to_owned(),
        Filer::Taxpayer => format!("{form}, yours"),
        Filer::Spouse => format!("{form}, your spouse's"),
    }
}

/// The period a return covers, in words, when it is not the whole year.
pub fn period_text(r: &ComputedReturn) -> Option<String> {
    let months = if r.months == 1 { "month" } else { "months" };
    match (r.period_from, r.period_to) {
        (Some(from), Some(to)) => Some(format!("{from} to {to}, {} {months}", r.months)),
        _ if r.months < 12 => Some(format!("{} {months} of the year", r.months)),
        _ => None,
    }
}

/// A line's value as the form shows it: money, or a percentage for the income percentage
/// (0.4568 shows as 45.68%).
pub fn line_value_text(line: &Line) -> String {
    if line.key.unit() == njtax_engine::key::Unit::Ratio {
        let pct = (line.value * rust_decimal::Decimal::ONE_HUNDRED)
            .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
        format!("{pct:.2}%")
    } else {
        njtax_engine::money::fmt_money(line.value)
    }
}

/// How an amount was worked out: the rule in words, the numbers it used, the law figures (with
/// any uncertainty) and the citation. Shared by the lines, the business credits schedule and the
/// impaired-employee estimator.
pub fn explanation_body(ui: &mut Ui, e: &Explanation) {
    if !e.rule.is_empty() {
        ui.add_space(theme::GAP_S);
        ui.label(RichText::new("The rule").strong());
        ui.label(&e.rule);
    }
    if !e.inputs.is_empty() {
        ui.add_space(theme::GAP_S);
        ui.label(RichText::new("The numbers it used").strong());
        for i in &e.inputs {
            ui.label(format!("• {}: {}", i.name, i.value));
        }
    }
    if !e.params.is_empty() {
        ui.add_space(theme::GAP_S);
        ui.label(RichText::new("Law figures").strong());
        for p in &e.params {
            ui.label(format!("• {} = {} ({})", p.label, p.value, p.citation));
            if let Some(u) = &p.uncertain {
                ui.label(
                    RichText::new(format!("  Uncertain: {u}"))
                        .color(theme::warning_colour(ui.visuals())),
                );
            }
        }
    }
    if !e.citation.is_empty() {
        ui.add_space(theme::GAP_S);
        ui.label(RichText::new(format!("Citation: {}", e.citation)).italics());
    }
}

/// Draw the form view.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    if let Some(c) = super::not_final::notice(cx, ui) {
        cx.send(c);
    }
    let not_final = super::not_final::not_final(cx);
    if not_final {
        ui.add_space(theme::GAP_M);
    }
    let Some(set) = cx.returns() else { return };
    let titles: Vec<String> = set.returns.iter().map(return_title).collect();
    let chosen = cx
        .ui_state
        .selected_return
        .min(titles.len().saturating_sub(1));
    if titles.len() > 1 {
        let mut pick = None;
        ui.horizontal_wrapped(|ui| {
            ui.label("Return:");
            for (i, title) in titles.iter().enumerate() {
                if ui.selectable_label(i == chosen, title.as_str()).clicked() && i != chosen {
                    pick = Some(i);
                }
            }
        });
        ui.add_space(theme::GAP_S);
        if let Some(i) = pick {
            cx.send(Command::ShowReturn(i));
        }
    }
    let Some(ret) = cx.selected_return().cloned() else {
        return;
    };
    ui.label(
        RichText::new(format!("{} {}", ret.form, ret.kind.describe()))
            .strong()
            .size(theme::TITLE),
    );
    if let Some(period) = period_text(&ret) {
        ui.label(format!("Period covered: {period}"));
    }
    if let Some(q) = &ret.digital_assets {
        digital_assets(cx, ui, q, ret.tax_year);
    }
    ui.add_space(theme::GAP_S);
    let lines = ret.lines;
    let selected = cx.ui_state.selected_line.clone();
    if let Some(line) = selected
        .as_deref()
        .and_then(|id| lines.iter().find(|l| &*l.id == id))
    {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(RichText::new(format!("Line {}: {}", line.id, line.label)).strong());
            let value = line_value_text(line);
            super::not_final::figure(
                ui,
                RichText::new(&value).size(theme::TITLE),
                &value,
                not_final,
            );
            explanation_body(ui, &line.explanation);
            line_notes(cx, ui, line);
        });
        ui.add_space(theme::GAP_M);
    } else {
        ui.label("Select a line to see why it has its value.");
        ui.add_space(theme::GAP_M);
    }
    let mut pick = None;
    let label_width = line_label_width(ui, &lines);
    egui::Grid::new("form_lines")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            for line in &lines {
                let is_sel = selected.as_deref() == Some(&*line.id);
                if ui
                    .selectable_label(is_sel, format!("Line {}", line.id))
                    .clicked()
                {
                    pick = Some(line.id.to_string());
                }
                ui.scope(|ui| {
                    ui.set_max_width(label_width);
                    ui.add(egui::Label::new(&*line.label).wrap());
                    // A clinic's open review notes on the line, under its label.
                    for text in open_line_notes(cx, line) {
                        ui.add(
                            egui::Label::new(
                                RichText::new(text).color(theme::warning_colour(ui.visuals())),
                            )
                            .wrap(),
                        );
                    }
                });
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let value = line_value_text(line);
                    super::not_final::figure(ui, RichText::new(&value), &value, not_final);
                });
                ui.end_row();
            }
        });
    if let Some(id) = pick {
        cx.send(Command::ShowLine(id));
    }
    if let Some(s) = &ret.nj2210 {
        ui.add_space(theme::GAP_L);
        nj2210(cx, ui, s);
    }
    if let Some(s) = &ret.hcc {
        ui.add_space(theme::GAP_L);
        hcc(cx, ui, s);
    }
    if !ret.business_credits.is_empty() {
        ui.add_space(theme::GAP_L);
        schedule(cx, ui, &ret.business_credits);
    }
}

/// The open review notes on `line` in words (none outside a clinic).
fn open_line_notes(cx: &ScreenCx<'_>, line: &njtax_engine::Line) -> Vec<String> {
    let key = line.key.to_string();
    cx.doc
        .answers()
        .clinic
        .as_ref()
        .map(|r| {
            r.open_notes()
                .filter(|n| n.about == njtax_engine::answers::NoteAbout::Line(key.clone()))
                .map(|n| format!("Review note #{} by {}: {}", n.id, n.by, n.text))
                .collect()
        })
        .unwrap_or_default()
}

/// In a clinic, under the selected line's explanation: a way to add a review note on the line.
fn line_notes(cx: &mut ScreenCx<'_>, ui: &mut Ui, line: &njtax_engine::Line) {
    if cx.doc.answers().clinic.is_none() {
        return;
    }
    let id = egui::Id::unique(("line_note", line.key.to_string()));
    let mut text = ui.data(|d| d.get_temp::<String>(id)).unwrap_or_default();
    ui.add_space(theme::GAP_S);
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(format!("Review note on line {}", line.id));
        ui.add(egui::TextEdit::singleline(&mut text).desired_width(260.0))
            .labelled_by(label.id);
        if ui.button("Add the note on this line").clicked() {
            cx.send(Command::Clinic(crate::state::ClinicCommand::AddNote(
                njtax_engine::answers::NoteAbout::Line(line.key.to_string()),
                std::mem::take(&mut text),
            )));
        }
    });
    ui.data_mut(|d| d.insert_temp(id, text));
}

/// Whether the screen is narrow (the central column of a 1024-pixel window): tables close up.
pub fn narrow(ui: &Ui) -> bool {
    ui.available_width() < theme::NARROW_SCREEN
}

/// The spacing of a schedule's table: closer on a narrow screen.
pub fn table_spacing(narrow: bool) -> [f32; 2] {
    [
        if narrow { theme::GAP_M } else { theme::GAP_L },
        theme::GAP_S,
    ]
}

/// A text in a table cell, wrapped at `width` on a narrow screen (a column heading, a row name).
pub fn table_cell(ui: &mut Ui, text: RichText, narrow: bool, width: f32) {
    if narrow {
        ui.scope(|ui| {
            ui.set_max_width(width);
            ui.add(egui::Label::new(text).wrap());
        });
    } else {
        ui.label(text);
    }
}

/// A column heading of a schedule's table (small; wrapped on a narrow screen).
pub fn table_heading(ui: &mut Ui, text: &str, narrow: bool) {
    table_cell(
        ui,
        RichText::new(text).small(),
        narrow,
        theme::TABLE_HEADING_WIDTH,
    );
}

/// How wide a line's label may be in the form view's grid so that the line's number and its
/// value still fit on the screen: the labels wrap in a small window instead of pushing the values
/// out of sight.
fn line_label_width(ui: &Ui, lines: &[Line]) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let widest = |texts: &mut dyn Iterator<Item = String>| {
        texts
            .map(|t| {
                ui.fonts_mut(|f| f.layout_no_wrap(t, font.clone(), egui::Color32::PLACEHOLDER))
                    .size()
                    .x
            })
            .fold(0.0, f32::max)
    };
    let ids = widest(&mut lines.iter().map(|l| format!("Line {}", l.id)))
        + 2.0 * ui.spacing().button_padding.x;
    let values = widest(&mut lines.iter().map(line_value_text));
    let gaps = 2.0 * ui.spacing().item_spacing.x;
    (ui.available_width() - ids - values - gaps).max(theme::FORM_LABEL_MIN_WIDTH)
}

/// A "Why?" link that shows or hides an explanation.
fn why_link(ui: &mut Ui, shown: bool, what: &str) -> bool {
    let words = if shown { "Hide why" } else { "Why?" };
    let r = ui.link(words);
    // Named with what it explains, so that screen readers (and tests) tell the links apart.
    let name = format!("{words} ({what})");
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Link, true, &name));
    r.on_hover_text(format!("Why {what} has these amounts"))
        .clicked()
}

fn notes(ui: &mut Ui, notes: &[String]) {
    if !notes.is_empty() {
        ui.add_space(theme::GAP_S);
        ui.label(RichText::new("Notes").strong());
        for n in notes {
            ui.label(format!("• {n}"));
        }
    }
}

/// Form NJ-2210: the year's tax, the required installments by column, what was paid, the
/// underpayment and the interest of each column (line 52).
fn nj2210(cx: &mut ScreenCx<'_>, ui: &mut Ui, s: &njtax_engine::rules::nj2210::Nj2210Schedule) {
    ui.label(
        RichText::new("Form NJ-2210: underpayment of estimated tax")
            .strong()
            .size(theme::TITLE),
    );
    ui.label("Interest on installments of estimated tax paid late or short (line 52).");
    egui::Grid::new("nj2210_totals")
        .num_columns(2)
        .spacing([theme::GAP_L, theme::GAP_S])
        .show(ui, |ui| {
            for (name, v) in [
                ("Line 1: tax (line 50)", s.tax),
                (
                    "Line 2: withholding and refundable credits",
                    s.withholding_and_credits,
                ),
                ("Line 3: line 1 less line 2", s.net_tax),
                ("Required annual payment", s.required_annual),
            ] {
                ui.label(name);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(fmt_money(v));
                });
                ui.end_row();
            }
        });
    let selected = cx.ui_state.selected_nj2210_column;
    let mut pick = None;
    if !s.columns.is_empty() {
        ui.add_space(theme::GAP_S);
        let narrow = narrow(ui);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            egui::Grid::new("nj2210_columns")
                .num_columns(s.columns.len() + 1)
                .striped(true)
                .spacing(table_spacing(narrow))
                .show(ui, |ui| {
                    ui.label("");
                    for i in 0..s.columns.len() {
                        let letter = column_letter(i);
                        ui.label(RichText::new(format!("Column {letter}")).strong());
                    }
                    ui.end_row();
                    ui.label("Due date");
                    for c in &s.columns {
                        ui.label(crate::words::date_text(c.due));
                    }
                    ui.end_row();
                    let rows: [(&str, ColumnAmount); 4] = [
                        ("Required installment", |c| c.required),
                        ("Paid by the due date", |c| c.paid),
                        ("Underpayment", |c| c.underpayment),
                        ("Interest", |c| c.interest),
                    ];
                    for (name, get) in rows {
                        table_cell(ui, RichText::new(name), narrow, theme::TABLE_ROW_NAME_WIDTH);
                        for c in &s.columns {
                            ui.label(fmt_money(get(c)));
                        }
                        ui.end_row();
                    }
                    ui.label("");
                    for i in 0..s.columns.len() {
                        let what = format!("column {}", column_letter(i));
                        if why_link(ui, selected == Some(i), &what) {
                            pick = Some(i);
                        }
                    }
                    ui.end_row();
                });
        });
    }
    ui.label(RichText::new(format!("Interest (line 52): {}", fmt_money(s.interest))).strong());
    if let Some(c) = selected.and_then(|i| s.columns.get(i).map(|c| (i, c))) {
        let (i, c) = c;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(format!("Why column {} has these amounts", column_letter(i)))
                    .strong(),
            );
            explanation_body(ui, &c.explanation);
        });
    }
    notes(ui, &s.notes);
    if let Some(i) = pick {
        cx.send(Command::ShowNj2210Column(i));
    }
}

/// One amount of an NJ-2210 column.
type ColumnAmount = fn(&njtax_engine::rules::nj2210::Nj2210Column) -> Decimal;

fn column_letter(i: usize) -> char {
    ['A', 'B', 'C', 'D', 'E', 'F']
        .get(i)
        .copied()
        .unwrap_or('?')
}

/// Schedule NJ-HCC: each member's months owed and exempt, the monthly worksheet, the cap, the tax,
/// the federal credit and the payment (line 53c).
fn hcc(cx: &mut ScreenCx<'_>, ui: &mut Ui, s: &njtax_engine::rules::hcc::HccSchedule) {
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new("Schedule NJ-HCC: health coverage")
                .strong()
                .size(theme::TITLE),
        );
        if why_link(ui, cx.ui_state.hcc_why, "the NJ-HCC") {
            cx.send(Command::ShowHccWhy);
        }
    });
    if s.everyone_covered && s.payment.is_zero() {
        ui.label(
            "Everyone on the return had health coverage or an exemption every month: no payment.",
        );
        if cx.ui_state.hcc_why {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                explanation_body(ui, &s.explanation);
            });
        }
        notes(ui, &s.notes);
        return;
    }
    if let Some(why) = &s.exempt_reason {
        ui.label(format!("No payment: {why}"));
    }
    if !s.members.is_empty() {
        ui.add_space(theme::GAP_S);
        ui.label(RichText::new("Household members without coverage").strong());
        let narrow = narrow(ui);
        egui::Grid::new("hcc_members")
            .num_columns(4)
            .striped(true)
            .spacing(table_spacing(narrow))
            .show(ui, |ui| {
                for h in ["Name", "Months owed", "Months exempt", "Exemption number"] {
                    table_heading(ui, h, narrow);
                }
                ui.end_row();
                for m in &s.members {
                    ui.label(&m.name);
                    ui.label(njtax_engine::answers::month_abbreviations(&m.months_owed));
                    ui.label(njtax_engine::answers::month_abbreviations(&m.months_exempt));
                    ui.label(if m.exemption_number.is_empty() {
                        "—"
                    } else {
                        m.exemption_number.as_str()
                    });
                    ui.end_row();
                }
            });
    }
    if !s.months.is_empty() {
        ui.add_space(theme::GAP_S);
        ui.label(RichText::new("Monthly worksheet").strong());
        let narrow = narrow(ui);
        egui::Grid::new("hcc_months")
            .num_columns(7)
            .striped(true)
            .spacing(table_spacing(narrow))
            .show(ui, |ui| {
                for h in [
                    "Month",
                    "Adults",
                    "Children",
                    "Flat amount",
                    "Percentage amount",
                    "This month (1/12 of the greater)",
                    "Cap this month",
                ] {
                    table_heading(ui, h, narrow);
                }
                ui.end_row();
                for m in &s.months {
                    ui.label(njtax_engine::answers::month_abbreviations(&[m.month]));
                    ui.label(m.adults.to_string());
                    ui.label(m.children.to_string());
                    ui.label(fmt_money(m.flat));
                    ui.label(fmt_money(m.percentage));
                    ui.label(fmt_money(m.amount));
                    ui.label(fmt_money(m.cap));
                    ui.end_row();
                }
            });
    }
    ui.add_space(theme::GAP_S);
    egui::Grid::new("hcc_totals")
        .num_columns(2)
        .spacing([theme::GAP_L, theme::GAP_S])
        .show(ui, |ui| {
            for (name, v) in s.totals() {
                ui.label(name);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(fmt_money(v));
                });
                ui.end_row();
            }
        });
    if cx.ui_state.hcc_why {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new("Why the NJ-HCC has these amounts").strong());
            explanation_body(ui, &s.explanation);
        });
    }
    notes(ui, &s.notes);
}

/// "Refund $X" or "balance due $X" for a signed net figure (positive: refund).
fn net_words(net: Decimal) -> String {
    if net < Decimal::ZERO {
        format!("balance due {}", fmt_money(-net))
    } else {
        format!("refund {}", fmt_money(net))
    }
}

/// Whether the schedule has credits claimed apart from the form's lines.
pub fn has_separate_claims(s: &CreditSchedule) -> bool {
    s.separate_nonrefundable > Decimal::ZERO || s.separate_refundable > Decimal::ZERO
}

/// The side panel's line under the refund figure when credits are claimed separately.
pub fn separate_claims_text(s: &CreditSchedule) -> Option<String> {
    has_separate_claims(s).then(|| {
        format!(
            "With credits claimed separately: {}",
            net_words(s.net_after_separate_claims)
        )
    })
}

/// The business credits schedule: every credit in the order applied with where it is claimed,
/// its amounts and why, the carryover ledger, the notes, and the outcome once the credits
/// claimed separately are allowed.
fn schedule(cx: &mut ScreenCx<'_>, ui: &mut Ui, s: &CreditSchedule) {
    ui.label(
        RichText::new("Business credits schedule")
            .strong()
            .size(theme::TITLE),
    );
    ui.label(
        "Every employer and business credit in the order the law applies them. Credits without a line on this form are claimed separately, where each row says.",
    );
    let selected = cx.ui_state.selected_credit_row;
    let mut pick = None;
    for (i, row) in s.rows.iter().enumerate() {
        ui.add_space(theme::GAP_S);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(&row.name).strong());
                ui.label(RichText::new(&row.statute).italics());
                if row.refundable {
                    ui.label(RichText::new("refundable"));
                }
                let words = if selected == Some(i) {
                    "Hide why"
                } else {
                    "Why?"
                };
                if ui
                    .link(words)
                    .on_hover_text(format!("Why {} has these amounts", row.name))
                    .clicked()
                {
                    pick = Some(i);
                }
            });
            let place = match &row.line {
                Some(_) => format!("Claimed on: {}", row.claimed_where),
                None => format!("Claimed separately: {}", row.claimed_where),
            };
            ui.label(place);
            if let Some(why) = &row.where_uncertain {
                ui.label(
                    RichText::new(format!("Uncertain where it is claimed: {why}"))
                        .color(theme::warning_colour(ui.visuals())),
                );
            }
            let limit = row.limit.map_or_else(|| "none".to_owned(), fmt_money);
            let cells: [(&str, String); 7] = [
                ("Earned", fmt_money(row.earned)),
                ("Carried in", fmt_money(row.carried_in)),
                ("Limit", limit),
                ("Applied", fmt_money(row.applied)),
                ("Refunded", fmt_money(row.refunded)),
                ("Carried forward", fmt_money(row.carried_forward)),
                ("Lost", fmt_money(row.lost)),
            ];
            let narrow = narrow(ui);
            egui::Grid::new(("credit_row", i))
                .num_columns(7)
                .spacing(table_spacing(narrow))
                .show(ui, |ui| {
                    for (name, _) in &cells {
                        table_heading(ui, name, narrow);
                    }
                    ui.end_row();
                    for (_, value) in &cells {
                        ui.label(value.as_str());
                    }
                    ui.end_row();
                });
            if selected == Some(i) {
                ui.separator();
                explanation_body(ui, &row.explanation);
            }
        });
    }
    if let Some(i) = pick {
        cx.send(Command::ShowCreditRow(i));
    }
    if !s.ledger.is_empty() {
        ui.add_space(theme::GAP_M);
        ui.label(RichText::new("Carryover ledger").strong());
        ui.label("Unused credit by the year it was allowed for, oldest used first.");
        // Whose credit, when the ledger holds the spouse's too (a joint return).
        let whose = s
            .ledger
            .iter()
            .any(|l| l.owner == njtax_engine::answers::Owner::Spouse);
        let narrow = narrow(ui);
        egui::Grid::new("carryover_ledger")
            .num_columns(if whose { 8 } else { 7 })
            .striped(true)
            .spacing(table_spacing(narrow))
            .show(ui, |ui| {
                if whose {
                    table_heading(ui, "Whose", narrow);
                }
                for h in [
                    "Credit",
                    "Origin year",
                    "Available",
                    "Used",
                    "Remaining",
                    "Last year",
                    "Expiring",
                ] {
                    table_heading(ui, h, narrow);
                }
                ui.end_row();
                for l in &s.ledger {
                    let name = s
                        .rows
                        .iter()
                        .find(|r| r.kind == l.kind)
                        .map_or_else(|| l.kind.label().to_owned(), |r| r.name.clone());
                    if whose {
                        ui.label(match l.owner {
                            njtax_engine::answers::Owner::Taxpayer => "Taxpayer",
                            njtax_engine::answers::Owner::Spouse => "Spouse",
                        });
                    }
                    // A long credit name wraps on a narrow screen, as the NJ-2210's row names do.
                    table_cell(ui, RichText::new(name), narrow, theme::TABLE_ROW_NAME_WIDTH);
                    ui.label(l.origin_year.to_string());
                    ui.label(fmt_money(l.available));
                    ui.label(fmt_money(l.used));
                    ui.label(fmt_money(l.remaining));
                    ui.label(l.last_year.to_string());
                    ui.label(fmt_money(l.expiring));
                    ui.end_row();
                }
            });
    }
    if !s.notes.is_empty() {
        ui.add_space(theme::GAP_M);
        ui.label(RichText::new("Notes").strong());
        for n in &s.notes {
            ui.label(format!("• {n}"));
        }
    }
    if has_separate_claims(s) {
        ui.add_space(theme::GAP_M);
        ui.label(format!(
            "The form's lines leave out the credits claimed separately (non-refundable {}, refundable {}). Once they are allowed, this return's outcome is: {}.",
            fmt_money(s.separate_nonrefundable),
            fmt_money(s.separate_refundable),
            net_words(s.net_after_separate_claims)
        ));
    }
}

/// The form's yes/no digital-asset question with the answer as it goes on the return; while it
/// is not answered, in the warning colour with a link to the question.
fn digital_assets(
    cx: &mut ScreenCx<'_>,
    ui: &mut Ui,
    q: &njtax_engine::rules::digital_assets::DigitalAssetQuestion,
    year: u16,
) {
    use njtax_engine::rules::digital_assets::{DigitalAssetQuestion, PATH};
    let mut hover = format!("{}\n{}", DigitalAssetQuestion::question(year), q.citation);
    if let Some(note) = &q.uncertain {
        hover.push_str(&format!(" (uncertain: {note})"));
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Digital asset question:");
        let answer = RichText::new(q.answer_words()).strong();
        if q.answer.is_some() {
            ui.label(answer).on_hover_text(hover);
        } else {
            ui.label(answer.color(theme::warning_colour(ui.visuals())))
                .on_hover_text(hover);
            if let Some(screen) = cx.interview.screen_for_path(PATH)
                && ui.link("Answer it").clicked()
            {
                cx.send(Command::Goto {
                    screen,
                    focus: Some(PATH.to_owned()),
                });
            }
        }
    });
}
