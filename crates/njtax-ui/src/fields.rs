//! Answer fields, asked as questions: the label, the help under it in plain words, then the
//! input. The label names the input and the help describes it (AccessKit); the law behind it is on
//! hover. An input keeps the text as typed while it is being edited; what cannot be read gets a
//! short message under it, tied to it for screen readers, and is never thrown away.

use egui::{Id, RichText, TextEdit, Ui};
use serde_json::Value;

use njtax_engine::answers::Unreadable;

use crate::binding;
use crate::cx::ScreenCx;
use crate::forms::{Field, Kind};
use crate::state::{Buffer, Command};
use crate::theme;

/// The widget id of the answer at `path` (used to focus it from the review screen).
pub fn field_id(path: &str) -> Id {
    Id::unique(("answer", path))
}

fn text_of(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        _ => String::new(),
    }
}

/// Show a money amount the way people read it: `52,000.00`.
fn money_display(v: Option<&Value>) -> String {
    let t = text_of(v);
    match t.parse::<rust_decimal::Decimal>() {
        Ok(d) if d.is_zero() => String::new(),
        Ok(d) => njtax_engine::money::fmt_money(d).replacen('$', "", 1),
        Err(_) => t,
    }
}

/// Show a quantity without trailing zeros, empty when zero: `1040`, `37.5`.
fn number_display(v: Option<&Value>) -> String {
    let t = text_of(v);
    match t.parse::<rust_decimal::Decimal>() {
        Ok(d) if d.is_zero() => String::new(),
        Ok(d) => d.normalize().to_string(),
        Err(_) => t,
    }
}

/// Show a rate kept as a fraction as the percentage people type: `0.0765` as `7.65`.
fn rate_display(v: Option<&Value>) -> String {
    let t = text_of(v);
    match t.parse::<rust_decimal::Decimal>() {
        Ok(d) if d.is_zero() => String::new(),
        Ok(d) => (d * rust_decimal::Decimal::ONE_HUNDRED)
            .normalize()
            .to_string(),
        Err(_) => t,
    }
}

/// Mask a Social Security number: `•••-••-1234`.
fn masked(ssn: &str) -> String {
    let last = njtax_engine::answers::last_four_digits(ssn);
    if last.is_empty() {
        return String::new();
    }
    format!("•••-••-{last}")
}

/// Mask a bank routing or account number: `•••••6789` (the last four digits).
fn masked_bank_number(number: &str) -> String {
    match masked(number).strip_prefix("•••-••-") {
        Some(last) => format!("•••••{last}"),
        None => String::new(),
    }
}

/// The masked text of a field of this kind ([`masked`], [`masked_bank_number`]).
fn masked_as(kind: &Kind, text: &str) -> String {
    if *kind == Kind::BankNumber {
        masked_bank_number(text)
    } else {
        masked(text)
    }
}

/// Read typed text for a field kind into its JSON value.
fn read(kind: &Kind, text: &str) -> Result<Value, String> {
    let t = text.trim();
    match kind {
        Kind::Text | Kind::LongText | Kind::Ssn | Kind::BankNumber => {
            Ok(Value::String(text.to_owned()))
        }
        Kind::Money | Kind::SignedMoney => binding::parse_money(t, *kind == Kind::SignedMoney)
            .map(|d| Value::String(d.to_string())),
        Kind::OptionalMoney => {
            if t.is_empty() {
                Ok(Value::Null)
            } else {
                binding::parse_money(t, false).map(|d| Value::String(d.to_string()))
            }
        }
        Kind::Percent => {
            let d = binding::parse_money(t.trim_end_matches('%'), false)
                .map_err(|_| "Type a percentage from 0 to 100".to_owned())?;
            if d > rust_decimal::Decimal::ONE_HUNDRED {
                return Err("Type a percentage from 0 to 100".to_owned());
            }
            Ok(Value::String(d.to_string()))
        }
        Kind::Number => {
            if t.is_empty() {
                return Ok(Value::String("0".to_owned()));
            }
            let cleaned: String = t.chars().filter(|c| *c != ',' && *c != ' ').collect();
            match cleaned.parse::<rust_decimal::Decimal>() {
                Ok(d) if !d.is_sign_negative() => Ok(Value::String(d.normalize().to_string())),
                Ok(_) => Err("This cannot be negative".to_owned()),
                Err(_) => Err(unreadable_number(
                    &cleaned,
                    "Type a number like 1,040 or 37.5",
                )),
            }
        }
        Kind::Rate => {
            let wrong = || "Type a percentage from 0 to 100, for example 7.65".to_owned();
            if t.is_empty() {
                return Ok(Value::String("0".to_owned()));
            }
            let t = t.trim_end_matches('%').trim();
            let d = t
                .parse::<rust_decimal::Decimal>()
                .map_err(|_| unreadable_number(t, &wrong()))?;
            if d.is_sign_negative() || d > rust_decimal::Decimal::ONE_HUNDRED {
                return Err(wrong());
            }
            Ok(Value::String(
                (d / rust_decimal::Decimal::ONE_HUNDRED)
                    .normalize()
                    .to_string(),
            ))
        }
        Kind::OptionalWhole { min, max } => {
            if t.is_empty() {
                return Ok(Value::Null);
            }
            match t.parse::<i64>() {
                Ok(n) if (*min..=*max).contains(&n) => Ok(Value::from(n)),
                _ => Err(format!(
                    "Type a whole number from {min} to {max}, or leave it empty"
                )),
            }
        }
        Kind::OptionalDate => {
            if t.is_empty() {
                return Ok(Value::Null);
            }
            // The engine's words: "February 1990 has no 30th day", "Use YYYY-MM-DD: 1990-02-03".
            t.parse::<njtax_engine::answers::Date>()
                .map(|d| Value::String(d.to_string()))
        }
        Kind::Integer { min, max } => match t.parse::<i64>() {
            Ok(n) if (*min..=*max).contains(&n) => Ok(Value::from(n)),
            _ => Err(format!("Type a whole number from {min} to {max}")),
        },
        Kind::OptionalInteger => {
            if t.is_empty() {
                return Ok(Value::Null);
            }
            t.parse::<u16>()
                .map(Value::from)
                .map_err(|_| "Type a year, for example 2023".to_owned())
        }
        Kind::Bool
        | Kind::YesNo
        | Kind::OptionalYesNo
        | Kind::Choice(_)
        | Kind::Present
        | Kind::Months
        | Kind::TaxYear => Ok(Value::String(text.to_owned())),
    }
}

/// What cannot be read in a number typed as `text`: the first character that is not a digit, a
/// sign or a decimal point when there is one, else `otherwise`.
fn unreadable_number(text: &str, otherwise: &str) -> String {
    text.chars()
        .find(|c| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+')))
        .map_or_else(|| otherwise.to_owned(), binding::not_a_digit)
}

/// Month names, January first.
pub use njtax_engine::answers::MONTH_NAMES as MONTHS;

/// The month numbers (1 = January) held at a path, sorted.
fn months_of(v: Option<&Value>) -> Vec<u8> {
    let mut out: Vec<u8> = v
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_u64)
                .filter_map(|n| u8::try_from(n).ok())
                .filter(|n| (1..=12).contains(n))
                .collect()
        })
        .unwrap_or_default();
    out.sort_unstable();
    out.dedup();
    out
}

/// The months after ticking or unticking `month`.
fn toggle_month(months: &[u8], month: u8, on: bool) -> Value {
    let mut out: Vec<u8> = months.iter().copied().filter(|m| *m != month).collect();
    if on {
        out.push(month);
        out.sort_unstable();
    }
    Value::Array(out.into_iter().map(Value::from).collect())
}

/// The accessible name of one month's checkbox: the field's label and the month, so each box is
/// found on its own (`Your months without coverage: May`).
pub fn month_box_name(field_label: &str, month: u8) -> String {
    let name = MONTHS
        .get(usize::from(month.saturating_sub(1)))
        .copied()
        .unwrap_or("");
    format!("{field_label}: {name}")
}

/// Twelve checkboxes, one per month, in three rows of four (the quarters); Tab moves through them
/// in month order.
fn months_grid(cx: &mut ScreenCx<'_>, ui: &mut Ui, field: &Field, path: &str) {
    let current = months_of(binding::get(&cx.snapshot.answers, path));
    // Full names when four of them fit across, else the first three letters (the boxes keep their
    // full accessible names).
    let font = egui::TextStyle::Body.resolve(ui.style());
    let widest = MONTHS
        .iter()
        .map(|m| {
            ui.fonts_mut(|f| {
                f.layout_no_wrap((*m).to_owned(), font.clone(), egui::Color32::PLACEHOLDER)
            })
            .size()
            .x
        })
        .fold(0.0, f32::max);
    let spacing = ui.spacing();
    let cell = spacing.icon_width + spacing.icon_spacing + widest;
    let short = 4.0 * cell + 3.0 * theme::GAP_M > ui.available_width();
    egui::Grid::new(("months", path))
        .num_columns(4)
        .spacing([theme::GAP_M, theme::GAP_S])
        .show(ui, |ui| {
            for (i, name) in MONTHS.iter().enumerate() {
                let month = u8::try_from(i + 1).unwrap_or(1);
                let mut on = current.contains(&month);
                let name: &str = name;
                let shown = if short {
                    name.get(..3).unwrap_or(name)
                } else {
                    name
                };
                let r = ui.checkbox(&mut on, shown);
                let accessible = month_box_name(&field.label, month);
                r.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::CheckBox, true, on, &accessible)
                });
                let r = with_citation(r, field);
                if month == 1 {
                    focus_if_asked(cx, ui, path, &r);
                }
                if r.changed() {
                    cx.send(Command::Set {
                        path: path.to_owned(),
                        value: toggle_month(&current, month, on),
                    });
                }
                if i % 4 == 3 {
                    ui.end_row();
                }
            }
        });
}

/// A question: the field's label, in strong text, wrapped at the screen's edge (never cut).
fn question(ui: &mut Ui, text: &str) -> egui::Response {
    ui.add(egui::Label::new(RichText::new(text).strong()).wrap())
}

/// The field's help under its question, in plain body text (not only on hover), wrapped at a
/// comfortable reading width. `None` when the field has no help.
fn help_text(ui: &mut Ui, help: &str) -> Option<egui::Response> {
    if help.is_empty() {
        return None;
    }
    let width = ui.available_width().min(theme::READING_WIDTH);
    Some(
        ui.scope(|ui| {
            ui.set_max_width(width);
            ui.add(
                egui::Label::new(RichText::new(help).color(theme::help_colour(ui.visuals())))
                    .wrap(),
            )
        })
        .inner,
    )
}

/// Tell screen readers that the help under the question (`field.help`, drawn as `help`)
/// describes the input `r`: the relation, and its words as the description, set before the
/// citation's hover text (which egui would otherwise make the description).
fn described_by(ui: &Ui, r: &egui::Response, help: Option<&egui::Response>, field: &Field) {
    if let Some(help) = help {
        let help = help.id.accesskit_id();
        let words = field.help.clone();
        ui.ctx().accesskit_node_builder(r.id, |n| {
            n.push_described_by(help);
            n.set_description(words);
        });
    }
}

/// The law behind a field, on hover for volunteers and reviewers (the main text is plain words).
fn with_citation(r: egui::Response, field: &Field) -> egui::Response {
    match &field.citation {
        Some(c) => r.on_hover_text(c.as_str()),
        None => r,
    }
}

/// The width of an input in the field grid's second column: [`theme::FIELD_WIDTH`], or what is left
/// to the screen's right edge in a small window (never below [`theme::FIELD_MIN_WIDTH`]), so
/// nothing is cut off at 1024 pixels.
fn input_width(ui: &Ui) -> f32 {
    theme::FIELD_WIDTH
        .min(ui.available_width())
        .max(theme::FIELD_MIN_WIDTH)
}

/// How a tax year reads in the year drop-down: `2025`, `2026 (provisional)` for a year whose forms
/// are not published yet, `2019 (not supported)` for a year this version does not compute.
pub fn tax_year_text(year: u16, years: &[njtax_engine::TaxYear]) -> String {
    match years.iter().find(|y| y.year == year) {
        Some(y) if y.provisional.is_some() => format!("{year} (provisional)"),
        Some(y) if !y.online => format!("{year} (back year: mailed)"),
        Some(_) => year.to_string(),
        None => format!("{year} (not supported)"),
    }
}

/// The question above an input: its label (which names the input, AccessKit) and the help under
/// it (which describes it).
struct Asked {
    label: egui::Response,
    help: Option<egui::Response>,
}

impl Asked {
    /// Link an input to its question: named by the label, described by the help, the law on
    /// hover.
    fn link(&self, ui: &Ui, r: egui::Response, field: &Field) -> egui::Response {
        let r = r.labelled_by(self.label.id);
        described_by(ui, &r, self.help.as_ref(), field);
        with_citation(r, field)
    }
}

/// A drop-down's chosen text as its value for screen readers (the button's name is the question).
fn expose_value(ui: &Ui, r: &egui::Response, value: &str) {
    let value = value.to_owned();
    ui.ctx()
        .accesskit_node_builder(r.id, |n| n.set_value(value));
}

/// The tax year as a drop-down of the years the engine's data lists, newest first, named by its
/// label (AccessKit). The draft's year stays selected even when it is not in the list.
fn tax_year_choice(cx: &mut ScreenCx<'_>, ui: &mut Ui, field: &Field, path: &str, asked: &Asked) {
    let now = binding::get(&cx.snapshot.answers, path)
        .and_then(Value::as_u64)
        .and_then(|n| u16::try_from(n).ok());
    let years = cx.tax_years;
    let shown = now.map_or_else(String::new, |y| tax_year_text(y, years));
    let choices: Vec<(u16, String)> = years
        .iter()
        .rev()
        .map(|y| (y.year, tax_year_text(y.year, years)))
        .collect();
    let mut chosen: Option<u16> = None;
    let width = input_width(ui);
    let list = egui::ComboBox::from_id_salt(field_id(path))
        .selected_text(shown.as_str())
        .width(width)
        .truncate()
        .show_ui(ui, |ui| {
            let mut picked = false;
            for (year, text) in choices {
                if ui.selectable_label(now == Some(year), text).clicked() {
                    picked = true;
                    if now != Some(year) {
                        chosen = Some(year);
                    }
                }
            }
            picked
        });
    crate::focus::keep_combo_focus(ui, &list);
    let r = asked.link(ui, list.response, field);
    expose_value(ui, &r, &shown);
    focus_if_asked(cx, ui, path, &r);
    if let Some(year) = chosen {
        cx.send(Command::Set {
            path: path.to_owned(),
            value: Value::from(year),
        });
    }
}

/// Radio buttons answering one question: each is named by its own words ("Yes", "Owned"),
/// described by the question, and the buttons form one group for screen readers.
fn radio_group(ui: &Ui, ids: &[Id], question: &str) {
    let group: Vec<_> = ids.iter().map(|id| id.accesskit_id()).collect();
    for id in ids {
        let group = group.clone();
        let question = question.to_owned();
        ui.ctx().accesskit_node_builder(*id, |n| {
            n.set_description(question);
            n.set_radio_group(group);
        });
    }
}

/// Draw one answer field as a question: the label, the help under it in plain words, then the
/// input (and the row for its message); a tick box carries its label and has the help under it.
/// `item` names the list item the field belongs to (`W-2 from Acme`), for the words kept with text
/// that cannot be read.
pub fn field_row(
    cx: &mut ScreenCx<'_>,
    ui: &mut Ui,
    field: &Field,
    path: &str,
    item: Option<&str>,
) {
    ui.vertical(|ui| {
        ui.spacing_mut().item_spacing.y = theme::GAP_S;
        match &field.kind {
            Kind::Bool | Kind::Present => tick_box(cx, ui, field, path),
            _ => {
                let asked = Asked {
                    label: question(ui, &field.label),
                    help: help_text(ui, &field.help),
                };
                answer_input(cx, ui, field, path, item, &asked);
            }
        }
        review_notes(cx, ui, path);
    });
}

/// In a clinic (the draft has a clinic record), the open review notes on this answer under it,
/// and a way to add one.
fn review_notes(cx: &mut ScreenCx<'_>, ui: &mut Ui, path: &str) {
    let Some(record) = cx.doc.answers().clinic.as_ref() else {
        return;
    };
    // The clinic's own answers and the switch of an optional part take no notes.
    if path == "clinic" || path.starts_with("clinic.") || path == "amends" {
        return;
    }
    let mine: Vec<String> = record
        .open_notes()
        .filter(|n| n.about == njtax_engine::answers::NoteAbout::Answer(path.to_owned()))
        .map(|n| format!("Review note #{} by {}: {}", n.id, n.by, n.text))
        .collect();
    for text in mine {
        ui.add(
            egui::Label::new(RichText::new(text).color(theme::warning_colour(ui.visuals()))).wrap(),
        );
    }
    let open_id = Id::unique(("note_open", path));
    let text_id = Id::unique(("note_text", path));
    let open = ui.data(|d| d.get_temp::<bool>(open_id)).unwrap_or(false);
    if !open {
        if ui.small_button("Add a review note").clicked() {
            ui.data_mut(|d| d.insert_temp(open_id, true));
        }
        return;
    }
    let mut text = ui
        .data(|d| d.get_temp::<String>(text_id))
        .unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Review note");
        ui.add(TextEdit::singleline(&mut text).desired_width(260.0))
            .labelled_by(label.id);
        if ui.button("Add the note").clicked() {
            cx.send(Command::Clinic(crate::state::ClinicCommand::AddNote(
                njtax_engine::answers::NoteAbout::Answer(path.to_owned()),
                std::mem::take(&mut text),
            )));
            ui.data_mut(|d| d.insert_temp(open_id, false));
        }
        if ui.button("Cancel").clicked() {
            text.clear();
            ui.data_mut(|d| d.insert_temp(open_id, false));
        }
    });
    ui.data_mut(|d| d.insert_temp(text_id, text));
}

/// A yes-or-no answer as a tick box that carries its label, with the help under it (lined up with
/// the label's text).
fn tick_box(cx: &mut ScreenCx<'_>, ui: &mut Ui, field: &Field, path: &str) {
    let current = binding::get(&cx.snapshot.answers, path).cloned();
    let present = field.kind == Kind::Present;
    let mut on = if present {
        current.as_ref().is_some_and(|v| !v.is_null())
    } else {
        current.as_ref().and_then(Value::as_bool).unwrap_or(false)
    };
    let r = ui.add(egui::Checkbox::new(
        &mut on,
        RichText::new(&field.label).strong(),
    ));
    let help = ui
        .horizontal(|ui| {
            let spacing = ui.spacing();
            ui.add_space(spacing.icon_width + spacing.icon_spacing - spacing.item_spacing.x);
            ui.vertical(|ui| help_text(ui, &field.help)).inner
        })
        .inner;
    described_by(ui, &r, help.as_ref(), field);
    let r = with_citation(r, field);
    focus_if_asked(cx, ui, path, &r);
    if r.changed() {
        let value = match (present, on) {
            (true, true) => Value::Object(serde_json::Map::new()),
            (true, false) => Value::Null,
            (false, v) => Value::Bool(v),
        };
        cx.send(Command::Set {
            path: path.to_owned(),
            value,
        });
    }
}

/// Radio buttons answering one question, on one line when they fit the screen, else wrapped:
/// each named by its own words ("Yes", "Owned"), described by the question's help, the buttons
/// one group; choosing one sets the answer to its value. The first takes the focus when the
/// answer is asked for.
fn radios(
    cx: &mut ScreenCx<'_>,
    ui: &mut Ui,
    field: &Field,
    path: &str,
    asked: &Asked,
    choices: &[(Value, &str)],
    now: Option<&Value>,
) {
    let mut ids = Vec::new();
    ui.horizontal_wrapped(|ui| {
        for (value, text) in choices {
            let chosen = now == Some(value);
            let r = ui.radio(chosen, *text);
            ids.push(r.id);
            described_by(ui, &r, asked.help.as_ref(), field);
            let r = with_citation(r, field);
            focus_if_asked(cx, ui, path, &r);
            if r.clicked() && !chosen {
                cx.send(Command::Set {
                    path: path.to_owned(),
                    value: value.clone(),
                });
            }
        }
    });
    radio_group(ui, &ids, &field.label);
}

/// The input under a question, by the field's kind.
fn answer_input(
    cx: &mut ScreenCx<'_>,
    ui: &mut Ui,
    field: &Field,
    path: &str,
    item: Option<&str>,
    asked: &Asked,
) {
    let current = binding::get(&cx.snapshot.answers, path).cloned();
    let id = field_id(path);
    match &field.kind {
        Kind::TaxYear => tax_year_choice(cx, ui, field, path, asked),
        Kind::Months => months_grid(cx, ui, field, path),
        Kind::YesNo => {
            let now = current.as_ref().and_then(Value::as_bool).map(Value::Bool);
            let choices = [(Value::Bool(true), "Yes"), (Value::Bool(false), "No")];
            radios(cx, ui, field, path, asked, &choices, now.as_ref());
        }
        Kind::OptionalYesNo => {
            let now = current.filter(Value::is_boolean).unwrap_or(Value::Null);
            let choices = [
                (Value::Bool(true), "Yes"),
                (Value::Bool(false), "No"),
                (Value::Null, "Not answered"),
            ];
            radios(cx, ui, field, path, asked, &choices, Some(&now));
        }
        Kind::Choice(options) if options.len() <= 3 => {
            let now = Value::String(text_of(current.as_ref()));
            let choices: Vec<(Value, &str)> = options
                .iter()
                .map(|(v, t)| (Value::String(v.clone()), t.as_str()))
                .collect();
            radios(cx, ui, field, path, asked, &choices, Some(&now));
        }
        Kind::Choice(options) => {
            let now = text_of(current.as_ref());
            let shown = options
                .iter()
                .find(|(v, _)| *v == now)
                .map_or(now.as_str(), |(_, t)| t.as_str())
                .to_owned();
            // A drop-down is named by the question. A long choice is cut short on the button
            // (shown in full in the list and to screen readers, as the drop-down's value) rather
            // than pushing the screen wider.
            let list = egui::ComboBox::from_id_salt(id)
                .selected_text(shown.as_str())
                .width(input_width(ui))
                .truncate()
                .show_ui(ui, |ui| {
                    let mut picked = false;
                    for (value, text) in options {
                        if ui.selectable_label(now == *value, text.as_str()).clicked() {
                            picked = true;
                            if now != *value {
                                cx.send(Command::Set {
                                    path: path.to_owned(),
                                    value: Value::String(value.clone()),
                                });
                            }
                        }
                    }
                    picked
                });
            crate::focus::keep_combo_focus(ui, &list);
            let r = asked.link(ui, list.response, field);
            expose_value(ui, &r, &shown);
            focus_if_asked(cx, ui, path, &r);
        }
        _ => text_input(cx, ui, field, path, item, asked),
    }
}

/// Whether a field of this kind can hold text that cannot be read (and so reserves the row for
/// its message under the input).
fn can_be_unreadable(kind: &Kind) -> bool {
    !matches!(
        kind,
        Kind::Text
            | Kind::LongText
            | Kind::Ssn
            | Kind::BankNumber
            | Kind::Bool
            | Kind::YesNo
            | Kind::OptionalYesNo
            | Kind::Choice(_)
            | Kind::Present
            | Kind::Months
            | Kind::TaxYear
    )
}

/// The answer in the filer's words, kept with text that cannot be read and named by the
/// engine's error: the field's label, after the list item it belongs to.
fn answer_words(field: &Field, item: Option<&str>) -> String {
    match item {
        Some(item) if !item.trim().is_empty() => format!("{}: {}", item.trim(), field.label),
        _ => field.label.clone(),
    }
}

/// Select the whole text of the text input `id` (what is typed next replaces it).
fn select_all(ui: &Ui, id: Id, text: &str) {
    let mut state = egui::text_edit::TextEditState::load(ui.ctx(), id).unwrap_or_default();
    state
        .cursor
        .set_char_range(Some(egui::text::CCursorRange::select_all_str(text)));
    state.store(ui.ctx(), id);
}

/// A text input: the text as typed while it is edited, the unreadable text kept in the draft
/// (with its message) when there is some, else the answer. Readable text sets the answer;
/// unreadable text is kept as typed and the answer counts as not given until it is fixed.
fn text_input(
    cx: &mut ScreenCx<'_>,
    ui: &mut Ui,
    field: &Field,
    path: &str,
    item: Option<&str>,
    asked: &Asked,
) {
    let kind = &field.kind;
    let id = field_id(path);
    let reserve = can_be_unreadable(kind);
    // Whole pixels: a message of body text fits the row exactly, with or without it.
    let message_height = ui.text_style_height(&egui::TextStyle::Body).ceil();
    let current = binding::get(&cx.snapshot.answers, path).cloned();
    let display = match kind {
        Kind::Money | Kind::SignedMoney => money_display(current.as_ref()),
        // An optional amount given as zero is shown as one (empty means not given).
        Kind::OptionalMoney => match current.as_ref() {
            Some(Value::String(t))
                if t.parse::<rust_decimal::Decimal>()
                    .is_ok_and(|d| d.is_zero()) =>
            {
                "0.00".to_owned()
            }
            other => money_display(other),
        },
        Kind::Rate => rate_display(current.as_ref()),
        Kind::Number => number_display(current.as_ref()),
        _ => text_of(current.as_ref()),
    };
    let kept: Option<Unreadable> = binding::unreadable(&cx.snapshot.answers, path)
        .and_then(|v| serde_json::from_value(v.clone()).ok());
    let mut buffer = cx.ui_state.buffers.get(path).cloned();
    let had_buffer = buffer.is_some();
    let mut text = match (&buffer, &kept) {
        (Some(b), _) => b.text.clone(),
        (None, Some(u)) => u.typed.clone(),
        (None, None) => display,
    };
    let is_ssn = matches!(kind, Kind::Ssn | Kind::BankNumber);
    let hide = is_ssn && !cx.ui_state.reveal_ssn;
    ui.vertical(|ui| {
        // The message row sits right under the input.
        ui.spacing_mut().item_spacing.y = 0.0;
        let hint = match kind {
            Kind::Money | Kind::SignedMoney => "0.00",
            Kind::Rate => "7.65",
            Kind::Number => "0",
            Kind::OptionalDate => "YYYY-MM-DD",
            _ => "",
        };
        let width = input_width(ui);
        // Focused from the keyboard (Tab, a screen reader, going to the answer from Review): the
        // whole text is selected, so what is typed replaces it instead of landing at an old
        // cursor position. A click places the cursor as usual.
        let by_pointer = ui
            .input(|i| i.pointer.any_pressed() || i.pointer.any_down() || i.pointer.any_released());
        let entering = ui.memory(|m| m.has_focus(id) && !m.had_focus_last_frame(id));
        if entering && !by_pointer {
            // Focus given before this frame's typing (a screen reader's focus request).
            select_all(ui, id, &text);
        }
        let edit = if *kind == Kind::LongText {
            TextEdit::multiline(&mut text)
                .desired_rows(4)
                .desired_width(ui.available_width().min(crate::theme::READING_WIDTH))
        } else {
            TextEdit::singleline(&mut text).desired_width(width)
        }
        .id(id)
        .hint_text(hint);
        let r = if hide && !ui.memory(|m| m.has_focus(id)) {
            // Masked: show only the last four digits until the field is focused or revealed.
            let mut shown = masked_as(kind, &text);
            ui.add(TextEdit::singleline(&mut shown).id(id).desired_width(width))
        } else {
            // While Show SSNs is off, focus does not reveal the number: it is edited as a
            // password is, every character shown as a dot (and never copied out), so that
            // tabbing through the form or going to the answer from Review shows no SSN. Show SSNs
            // shows what is typed.
            ui.add(edit.password(hide))
        };
        let r = asked.link(ui, r, field);
        focus_if_asked(cx, ui, path, &r);
        if r.gained_focus() && !entering && !by_pointer && !r.changed() {
            // Focus given while this frame was drawn (Tab, a request from another screen).
            select_all(ui, id, &text);
        }
        if r.changed() && (!hide || r.has_focus()) {
            match read(kind, &text) {
                Ok(value) => {
                    buffer = Some(Buffer {
                        text: text.clone(),
                        error: None,
                    });
                    if kept.is_some() || current.as_ref() != Some(&value) {
                        cx.send(Command::Set {
                            path: path.to_owned(),
                            value,
                        });
                    }
                }
                Err(problem) => {
                    buffer = Some(Buffer {
                        text: text.clone(),
                        error: Some(problem.clone()),
                    });
                    let entry = Unreadable {
                        typed: text.clone(),
                        field: answer_words(field, item),
                        problem,
                    };
                    if kept.as_ref() != Some(&entry) {
                        cx.send(Command::SetUnreadable {
                            path: path.to_owned(),
                            entry,
                        });
                    }
                }
            }
        }
        if r.lost_focus() {
            // What could be read is tidied (`52,000.00`); what could not is kept in the draft
            // and shown from there.
            buffer = None;
        }
        if reserve {
            let message = match (&buffer, &kept) {
                (Some(b), _) => b.error.clone(),
                (None, Some(u)) => Some(u.problem.clone()),
                (None, None) => None,
            };
            let row_width = ui.available_width().max(width);
            let shown = message_row(ui, row_width, message_height, message.as_deref());
            if let (Some(shown), Some(message)) = (shown, message) {
                // Screen readers hear that the answer cannot be read, and why.
                let shown = shown.id.accesskit_id();
                ui.ctx().accesskit_node_builder(r.id, |n| {
                    n.set_invalid(egui::accesskit::Invalid::True);
                    n.set_error_message(shown);
                    n.set_description(message);
                });
            }
        }
    });
    match buffer {
        Some(b) => {
            cx.ui_state.buffers.insert(path.to_owned(), b);
        }
        None if had_buffer => {
            cx.ui_state.buffers.remove(path);
        }
        None => {}
    }
}

/// The row under an input for its message, the same height with or without one, so that a
/// message appearing or going never moves the fields below (a click meant for one field never
/// lands in the next). The message is body text in the error colour, as wide as the screen; one
/// longer than that is cut short (in full on hover). Returns the message's label when there is one.
fn message_row(
    ui: &mut Ui,
    width: f32,
    height: f32,
    message: Option<&str>,
) -> Option<egui::Response> {
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_size(egui::vec2(width, height));
            ui.set_max_size(egui::vec2(width, height));
            message.filter(|m| !m.is_empty()).map(|msg| {
                ui.add(
                    egui::Label::new(RichText::new(msg).color(theme::error_colour(ui.visuals())))
                        .truncate(),
                )
            })
        },
    )
    .inner
}

fn focus_if_asked(cx: &mut ScreenCx<'_>, ui: &Ui, path: &str, r: &egui::Response) {
    if cx.ui_state.focus.as_deref() == Some(path) {
        r.request_focus();
        r.scroll_to_me(Some(egui::Align::Center));
        cx.ui_state.focus = None;
        let _ = ui;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_is_typed_as_a_percentage_and_kept_as_a_fraction() {
        assert_eq!(read(&Kind::Rate, "7.65"), Ok(Value::from("0.0765")));
        assert_eq!(read(&Kind::Rate, "7.65%"), Ok(Value::from("0.0765")));
        assert_eq!(read(&Kind::Rate, ""), Ok(Value::from("0")));
        assert!(read(&Kind::Rate, "120").is_err());
        assert!(read(&Kind::Rate, "-1").is_err());
        assert_eq!(rate_display(Some(&Value::from("0.0765"))), "7.65");
    }

    #[test]
    fn a_number_keeps_its_decimals_and_refuses_negatives() {
        assert_eq!(read(&Kind::Number, "1,040"), Ok(Value::from("1040")));
        assert_eq!(read(&Kind::Number, "37.125"), Ok(Value::from("37.125")));
        assert!(read(&Kind::Number, "-3").is_err());
        assert_eq!(number_display(Some(&Value::from("1040.00"))), "1040");
    }

    #[test]
    fn months_are_kept_sorted_and_once() {
        let v = Value::from(vec![5, 3, 3, 13]);
        assert_eq!(months_of(Some(&v)), vec![3, 5]);
        assert_eq!(toggle_month(&[3, 5], 4, true), Value::from(vec![3, 4, 5]));
        assert_eq!(toggle_month(&[3, 4, 5], 4, false), Value::from(vec![3, 5]));
        assert_eq!(
            month_box_name("Exempt months", 12),
            "Exempt months: December"
        );
    }

    #[test]
    fn a_tax_year_reads_as_supported_back_year_provisional_or_not_supported() {
        let book = njtax_engine::ParamBook::load().unwrap_or_else(|e| panic!("{e}"));
        let years = book.years();
        let latest = book.latest_year();
        let first = years.first().map_or(0, |y| y.year);
        assert_eq!(
            tax_year_text(first, years),
            format!("{first} (back year: mailed)")
        );
        let online = years.iter().find(|y| y.online && y.provisional.is_none());
        let online = online.map_or(0, |y| y.year);
        assert_eq!(tax_year_text(online, years), online.to_string());
        let provisional = years.iter().find(|y| y.provisional.is_some());
        if let Some(p) = provisional {
            assert_eq!(
                tax_year_text(p.year, years),
                format!("{} (provisional)", p.year)
            );
        }
        assert_eq!(
            tax_year_text(latest + 1, years),
            format!("{} (not supported)", latest + 1)
        );
        assert_eq!(tax_year_text(2017, years), "2017 (not supported)");
        assert_eq!(tax_year_text(2019, years), "2019 (back year: mailed)");
    }

    #[test]
    fn bank_numbers_are_kept_as_typed_and_masked_to_their_last_four_digits() {
        assert_eq!(
            read(&Kind::BankNumber, "021000021"),
            Ok(Value::from("021000021"))
        );
        assert!(!can_be_unreadable(&Kind::BankNumber));
        assert_eq!(masked_as(&Kind::BankNumber, "000123456789"), "•••••6789");
        assert_eq!(masked_as(&Kind::BankNumber, ""), "");
        assert_eq!(masked_as(&Kind::Ssn, "400-00-0001"), "•••-••-0001");
    }

    #[test]
    fn an_optional_whole_number_is_empty_or_in_range() {
        let k = Kind::OptionalWhole { min: 1, max: 12 };
        assert_eq!(read(&k, ""), Ok(Value::Null));
        assert_eq!(read(&k, "7"), Ok(Value::from(7)));
        assert!(read(&k, "13").is_err());
        assert!(read(&k, "0").is_err());
    }
}
