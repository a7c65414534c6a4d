//! Answer fields: each has a label linked to it (AccessKit), a help tooltip, and keeps the text as
//! typed while it is being edited; what cannot be read gets a short inline message and is never
//! thrown away.

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
    let digits: String = ssn.chars().filter(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return String::new();
    }
    let last: String = digits
        .chars()
        .rev()
        .take(4)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
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
        Kind::Text | Kind::Ssn | Kind::BankNumber => Ok(Value::String(text.to_owned())),
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
fn months_grid(cx: &mut ScreenCx<'_>, ui: &mut Ui, field: &Field, path: &str, help: &str) {
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
                let r = if help.is_empty() {
                    r
                } else {
                    r.on_hover_text(help)
                };
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

/// A field's label in the grid's first column, wrapped at `max_width` when it is longer (a long
/// label in a small window takes two lines rather than pushing the input off the screen).
fn field_label(ui: &mut Ui, text: &str, max_width: f32) -> egui::Response {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = ui
        .fonts_mut(|f| f.layout_no_wrap(text.to_owned(), font, egui::Color32::PLACEHOLDER))
        .size()
        .x;
    // A grid's first column offers only its width of the frame before, so a label laid out
    // vertically (above the message row) would wrap at that width and the column would shrink
    // frame by frame: a label that fits is never wrapped, one that does not wraps at `max_width`.
    if width <= max_width {
        return ui.add(egui::Label::new(text).extend());
    }
    ui.allocate_ui(egui::vec2(max_width, 0.0), |ui| {
        ui.set_width(max_width);
        ui.add(egui::Label::new(text).wrap())
    })
    .inner
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
        Some(_) => year.to_string(),
        None => format!("{year} (not supported)"),
    }
}

/// The tax year as a drop-down of the years the engine's data lists, newest first, named by its
/// label (AccessKit). The draft's year stays selected even when it is not in the list.
fn tax_year_choice(
    cx: &mut ScreenCx<'_>,
    ui: &mut Ui,
    field: &Field,
    path: &str,
    help: &str,
    label_width: f32,
) {
    let label = field_label(ui, &field.label, label_width);
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
        .selected_text(shown)
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
    let r = list.response.labelled_by(label.id);
    let r = if help.is_empty() {
        r
    } else {
        r.on_hover_text(help)
    };
    focus_if_asked(cx, ui, path, &r);
    if let Some(year) = chosen {
        cx.send(Command::Set {
            path: path.to_owned(),
            value: Value::from(year),
        });
    }
}

/// Draw one answer field in a two-column grid row: label (wrapped at `label_width`), then the
/// input (and any message). `item` names the list item the field belongs to (`W-2 from Acme`),
/// for the words kept with text that cannot be read.
pub fn field_row(
    cx: &mut ScreenCx<'_>,
    ui: &mut Ui,
    field: &Field,
    path: &str,
    label_width: f32,
    item: Option<&str>,
) {
    let current = binding::get(&cx.snapshot.answers, path).cloned();
    let help = match &field.citation {
        Some(c) if !field.help.is_empty() => format!("{}\n\n{c}", field.help),
        Some(c) => c.clone(),
        None => field.help.clone(),
    };
    let id = field_id(path);
    match &field.kind {
        Kind::TaxYear => tax_year_choice(cx, ui, field, path, &help, label_width),
        Kind::Months => {
            field_label(ui, &field.label, label_width);
            months_grid(cx, ui, field, path, &help);
        }
        Kind::Bool => {
            ui.label("");
            let mut v = current.as_ref().and_then(Value::as_bool).unwrap_or(false);
            // In a column of its own the label wraps at the screen's edge instead of running
            // past it.
            let r = ui
                .vertical(|ui| ui.checkbox(&mut v, field.label.as_str()))
                .inner;
            let r = if help.is_empty() {
                r
            } else {
                r.on_hover_text(help)
            };
            focus_if_asked(cx, ui, path, &r);
            if r.changed() {
                cx.send(Command::Set {
                    path: path.to_owned(),
                    value: Value::Bool(v),
                });
            }
        }
        Kind::YesNo => {
            field_label(ui, &field.label, label_width);
            let now = current.as_ref().and_then(Value::as_bool);
            ui.horizontal_wrapped(|ui| {
                for (value, text) in [(true, "Yes"), (false, "No")] {
                    let r = ui.radio(now == Some(value), text);
                    // Screen readers say which question a Yes or No answers.
                    ui.ctx().accesskit_node_builder(r.id, |n| {
                        n.set_description(field.label.clone());
                    });
                    let r = if help.is_empty() {
                        r
                    } else {
                        r.on_hover_text(help.as_str())
                    };
                    if value {
                        focus_if_asked(cx, ui, path, &r);
                    }
                    if r.clicked() && now != Some(value) {
                        cx.send(Command::Set {
                            path: path.to_owned(),
                            value: Value::Bool(value),
                        });
                    }
                }
            });
        }
        Kind::Present => {
            ui.label("");
            let mut on = current.as_ref().is_some_and(|v| !v.is_null());
            let r = ui
                .vertical(|ui| ui.checkbox(&mut on, field.label.as_str()))
                .inner;
            let r = if help.is_empty() {
                r
            } else {
                r.on_hover_text(help)
            };
            focus_if_asked(cx, ui, path, &r);
            if r.changed() {
                let value = if on {
                    Value::Object(serde_json::Map::new())
                } else {
                    Value::Null
                };
                cx.send(Command::Set {
                    path: path.to_owned(),
                    value,
                });
            }
        }
        Kind::Choice(options) => {
            let label = field_label(ui, &field.label, label_width);
            let now = text_of(current.as_ref());
            // Radio buttons carry their own names ("Owned", "Rented"); a drop-down is named by the label.
            // Choices that fit the input's width sit on one line; others get a line each, so that
            // nothing is cut off and no choice wraps under the next field (a grid row does not grow
            // for a wrapped line: the field below would cover it).
            let long = options.len() <= 3 && {
                let font = egui::TextStyle::Body.resolve(ui.style());
                let spacing = ui.spacing();
                let per_choice = spacing.icon_width + spacing.icon_spacing + spacing.item_spacing.x;
                let needed: f32 = options
                    .iter()
                    .map(|(_, t)| {
                        per_choice
                            + ui.fonts_mut(|f| {
                                f.layout_no_wrap(
                                    t.clone(),
                                    font.clone(),
                                    egui::Color32::PLACEHOLDER,
                                )
                            })
                            .size()
                            .x
                    })
                    .sum();
                needed > input_width(ui)
                    || options.iter().map(|(_, t)| t.len()).sum::<usize>()
                        > theme::CHOICE_LINE_CHARS
            };
            let mut body = |ui: &mut Ui| {
                if options.len() <= 3 {
                    for (value, text) in options {
                        let r = ui.radio(now == *value, text.as_str());
                        let r = if help.is_empty() {
                            r
                        } else {
                            r.on_hover_text(help.as_str())
                        };
                        focus_if_asked(cx, ui, path, &r);
                        if r.clicked() && now != *value {
                            cx.send(Command::Set {
                                path: path.to_owned(),
                                value: Value::String(value.clone()),
                            });
                        }
                    }
                } else {
                    let shown = options
                        .iter()
                        .find(|(v, _)| *v == now)
                        .map_or(now.as_str(), |(_, t)| t.as_str());
                    let width = input_width(ui);
                    // A long choice is cut short on the button (shown in full in the list and
                    // to screen readers) rather than pushing the screen wider.
                    let list = egui::ComboBox::from_id_salt(id)
                        .selected_text(shown)
                        .width(width)
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
                    let r = list.response.labelled_by(label.id);
                    let r = if help.is_empty() {
                        r
                    } else {
                        r.on_hover_text(help.as_str())
                    };
                    focus_if_asked(cx, ui, path, &r);
                }
            };
            if long {
                ui.vertical(|ui| body(ui));
            } else {
                // On one line when it fits, else the choices wrap (a small window).
                ui.horizontal_wrapped(|ui| body(ui));
            }
        }
        _ => text_input(cx, ui, field, path, &help, label_width, item),
    }
    ui.end_row();
}

/// Whether a field of this kind can hold text that cannot be read (and so reserves the row for
/// its message under the input).
fn can_be_unreadable(kind: &Kind) -> bool {
    !matches!(
        kind,
        Kind::Text
            | Kind::Ssn
            | Kind::BankNumber
            | Kind::Bool
            | Kind::YesNo
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

/// The vertical margin egui gives a single-line text input around its text.
const TEXT_EDIT_MARGIN_Y: f32 = 2.0;

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
    help: &str,
    label_width: f32,
    item: Option<&str>,
) {
    let kind = &field.kind;
    let id = field_id(path);
    let reserve = can_be_unreadable(kind);
    let message_height = ui.text_style_height(&egui::TextStyle::Small);
    // The label takes the message row's height too, so that it stays level with the input (the
    // grid centres each cell in its row).
    let label = if reserve {
        // Centred on the input's height, not on the input's and the message row's.
        let row = ui.text_style_height(&egui::TextStyle::Body);
        let input = ui
            .spacing()
            .interact_size
            .y
            .max(row + 2.0 * TEXT_EDIT_MARGIN_Y);
        ui.vertical(|ui| {
            ui.spacing_mut().item_spacing.y = 0.0;
            ui.add_space(((input - row) / 2.0).max(0.0));
            let label = field_label(ui, &field.label, label_width);
            ui.add_space(message_height);
            label
        })
        .inner
    } else {
        field_label(ui, &field.label, label_width)
    };
    let current = binding::get(&cx.snapshot.answers, path).cloned();
    let display = match kind {
        Kind::Money | Kind::SignedMoney | Kind::OptionalMoney => money_display(current.as_ref()),
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
        let edit = TextEdit::singleline(&mut text)
            .id(id)
            .desired_width(width)
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
        }
        .labelled_by(label.id);
        let r = if help.is_empty() {
            r
        } else {
            r.on_hover_text(help)
        };
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
            message_row(ui, width, message_height, message.as_deref());
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
/// lands in the next). A message longer than the input is cut short (in full on hover).
fn message_row(ui: &mut Ui, width: f32, height: f32, message: Option<&str>) {
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_size(egui::vec2(width, height));
            ui.set_max_size(egui::vec2(width, height));
            if let Some(msg) = message.filter(|m| !m.is_empty()) {
                ui.add(
                    egui::Label::new(
                        RichText::new(msg)
                            .small()
                            .color(theme::error_colour(ui.visuals())),
                    )
                    .truncate(),
                );
            }
        },
    );
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
    fn a_tax_year_reads_as_supported_provisional_or_not_supported() {
        let book = njtax_engine::ParamBook::load().unwrap_or_else(|e| panic!("{e}"));
        let years = book.years();
        let latest = book.latest_year();
        let first = years.first().map_or(0, |y| y.year);
        assert_eq!(tax_year_text(first, years), first.to_string());
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
        assert_eq!(tax_year_text(2019, years), "2019 (not supported)");
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
