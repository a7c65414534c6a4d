//! An interview screen drawn from its data: field blocks, lists with add/remove, and the computed
//! lines the screen explains.

use egui::{RichText, Ui};

use crate::binding;
use crate::cx::ScreenCx;
use crate::fields::field_row;
use crate::forms::{Block, Field, ItemHelper, Screen, join};
use crate::state::Command;
use crate::theme;

/// Draw a data-driven screen.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui, screen: &Screen) {
    for (b, block) in screen.blocks.iter().enumerate() {
        match block {
            Block::Fields {
                title,
                fields,
                show_if,
                helper,
            } => {
                // A block whose condition no longer holds is still shown while one of its
                // answers holds text that could not be read, or has a finding of the engine
                // (an amount given for a deduction the year does not have), so that it can be
                // fixed where Review's link leads.
                if show_if
                    .as_ref()
                    .is_some_and(|c| !c.holds(&cx.snapshot.answers, ""))
                    && !fields.iter().any(|f| must_show(cx, &f.path))
                {
                    continue;
                }
                if !title.is_empty() {
                    ui.add_space(theme::GAP_M);
                    crate::focus::heading(ui, RichText::new(title).strong(), 2);
                }
                grid(cx, ui, (screen.id.as_str(), b), fields, "", None);
                match helper {
                    Some(crate::forms::Helper::FilingStatus) => {
                        super::filing_status_helper::draw(cx, ui)
                    }
                    Some(crate::forms::Helper::NextYearPlan) => super::next_year::plan(cx, ui),
                    Some(crate::forms::Helper::LateEstimate) => super::next_year::late(cx, ui),
                    Some(crate::forms::Helper::Amended) => super::amended::draw(cx, ui),
                    Some(crate::forms::Helper::Clinic) => super::clinic::draw(cx, ui),
                    None => {}
                }
            }
            Block::List {
                path,
                title,
                item_title,
                add_label,
                fields,
                help,
                item_helper,
                added_on,
            } => {
                ui.add_space(theme::GAP_M);
                crate::focus::heading(ui, RichText::new(title).strong(), 2);
                if !help.is_empty() {
                    let width = ui.available_width().min(theme::READING_WIDTH);
                    ui.scope(|ui| {
                        ui.set_max_width(width);
                        ui.add(egui::Label::new(help.as_str()).wrap());
                    });
                }
                let count = binding::get(&cx.snapshot.answers, path)
                    .and_then(|v| v.as_array())
                    .map_or(0, Vec::len);
                for i in 0..count {
                    let base = format!("{path}[{i}]");
                    let heading = item_heading(cx, item_title, &base, i);
                    egui::CollapsingHeader::new(RichText::new(&heading))
                        .id_salt((path.as_str(), i))
                        .default_open(true)
                        .show(ui, |ui| {
                            grid(cx, ui, (path.as_str(), i), fields, &base, Some(&heading));
                            match item_helper {
                                Some(ItemHelper::ImpairedEstimate) => {
                                    impaired_estimate(cx, ui, i);
                                }
                                None => {}
                            }
                            if added_on.is_none()
                                && ui.button(format!("Remove {heading}")).clicked()
                            {
                                cx.send(Command::RemoveItem(path.clone(), i));
                            }
                        });
                }
                match added_on {
                    None => {
                        let add = ui.button(add_label);
                        // An empty list is the screen's first question: its add button takes
                        // the focus.
                        if cx.ui_state.focus.as_deref() == Some(path.as_str()) {
                            add.request_focus();
                            add.scroll_to_me(Some(egui::Align::Center));
                            cx.ui_state.focus = None;
                        }
                        if add.clicked() {
                            cx.send(Command::AddItem(path.clone()));
                        }
                    }
                    Some(home) => elsewhere(cx, ui, home, add_label, count),
                }
            }
        }
    }
    computed_lines(cx, ui, &screen.computed);
}

/// Where the items of a list asked about here are added or removed: a link to that screen.
fn elsewhere(cx: &mut ScreenCx<'_>, ui: &mut Ui, home: &str, add_label: &str, count: usize) {
    let Some((index, title)) = cx
        .interview
        .screens
        .iter()
        .enumerate()
        .find(|(_, s)| s.id == home)
        .map(|(i, s)| (i, s.title.clone()))
    else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        if count == 0 {
            ui.label("None entered.");
        }
        ui.label(format!("{add_label} on the {title} screen:"));
        if ui.link(format!("go to {title}")).clicked() {
            cx.send(Command::Goto {
                screen: index,
                focus: None,
            });
        }
    });
}

/// Whether the answer at `path` holds text that could not be read.
fn has_unreadable(cx: &ScreenCx<'_>, path: &str) -> bool {
    binding::unreadable(&cx.snapshot.answers, path).is_some()
}

/// Whether a question stays shown although its condition no longer holds: its answer holds text
/// that could not be read, or the engine has a warning or an error about it (an NJBEST
/// contribution kept in a draft moved to 2019), so the filer can see and change it.
fn must_show(cx: &ScreenCx<'_>, path: &str) -> bool {
    has_unreadable(cx, path)
        || cx.snapshot.returns().is_some_and(|set| {
            set.returns.iter().flat_map(|r| &r.diagnostics).any(|d| {
                d.path.as_deref() == Some(path) && d.severity >= njtax_engine::Severity::Warning
            })
        })
}

/// The questions of a block, one under another (each wraps at the screen's edge, so nothing is
/// cut off at any window size). `id` keeps the block's widgets apart from another block's.
fn grid(
    cx: &mut ScreenCx<'_>,
    ui: &mut Ui,
    id: (&str, usize),
    fields: &[Field],
    base: &str,
    item: Option<&str>,
) {
    ui.push_id(id, |ui| {
        for f in fields {
            let path = join(base, &f.path);
            if f.show_if
                .as_ref()
                .is_some_and(|c| !c.holds(&cx.snapshot.answers, base))
                && !must_show(cx, &path)
            {
                continue;
            }
            ui.add_space(theme::QUESTION_GAP);
            field_row(cx, ui, f, &path, item);
        }
    });
}

/// The engine's preliminary estimate for the `i`-th employee of the impaired-employee estimator,
/// from the snapshot.
fn impaired_estimate(cx: &ScreenCx<'_>, ui: &mut Ui, i: usize) {
    use njtax_engine::rules::impaired_estimator::HoursCase;
    let Some(est) = cx.snapshot.impaired_estimates.get(i) else {
        return;
    };
    ui.add_space(theme::GAP_S);
    let width = ui.available_width();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        // Wrap the explanation within the screen instead of widening the item.
        ui.set_max_width(width - theme::GAP_L);
        ui.label(RichText::new("Preliminary estimate").strong());
        let case = match est.case {
            HoursCase::EqualHours => "The same hours as last year: subsection d(1)(a) applies",
            HoursCase::MoreHours => "More hours than last year: subsection d(1)(b) applies",
            HoursCase::FewerHours => {
                "Fewer hours than last year: subsection d(2) applies, no credit for this employee"
            }
        };
        ui.label(format!("Case: {case}"));
        ui.label(
            RichText::new(format!(
                "Estimated credit: {}",
                njtax_engine::money::fmt_money(est.preliminary)
            ))
            .strong(),
        );
        if !est.deadline.is_empty() {
            ui.label(format!("Deadline to apply: {}", est.deadline));
        }
        super::form_view::explanation_body(ui, &est.explanation);
        ui.label(
            RichText::new(
                "An estimate only: the credit you claim is the amount on the Labor certificate.",
            )
            .italics(),
        );
    });
}

/// "W-2 from {employer}" with the item's answers filled in.
fn item_heading(cx: &ScreenCx<'_>, template: &str, base: &str, i: usize) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let key = &rest[open + 1..open + close];
        let value = if key == "n" {
            (i + 1).to_string()
        } else {
            match binding::get(&cx.snapshot.answers, &join(base, key)) {
                Some(serde_json::Value::String(s)) if !s.trim().is_empty() => s.clone(),
                _ => format!("#{}", i + 1),
            }
        };
        out.push_str(&value);
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// The computed lines a screen explains: value, rule in words, citation, and a link to the form view.
pub fn computed_lines(cx: &mut ScreenCx<'_>, ui: &mut Ui, keys: &[njtax_engine::Key]) {
    if keys.is_empty() {
        return;
    }
    let Some(ret) = cx.computed() else { return };
    let lines: Vec<njtax_engine::Line> = keys
        .iter()
        .filter_map(|k| ret.by_key(*k).cloned())
        .collect();
    let not_final = super::not_final::not_final(cx);
    ui.add_space(theme::GAP_L);
    ui.label(RichText::new("What this gives on your return").strong());
    let mut show = None;
    for line in lines {
        ui.add_space(theme::GAP_S);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            // On one line when it fits, else wrapped (a long line label in a small window).
            let title = format!("Line {}: {}", line.id, line.label);
            let value = njtax_engine::money::fmt_money(line.value);
            let body = egui::TextStyle::Body;
            let small = egui::TextStyle::Small;
            let title_row = [(title.as_str(), &body), (value.as_str(), &body)];
            one_row_or_wrapped(ui, &title_row, |ui| {
                ui.label(RichText::new(&title).strong());
                super::not_final::figure(ui, RichText::new(&value), &value, not_final);
            });
            ui.label(&line.explanation.rule);
            let cite = &line.explanation.citation;
            let why_row = [(cite.as_str(), &small), ("Why this number?", &body)];
            one_row_or_wrapped(ui, &why_row, |ui| {
                ui.label(RichText::new(cite).small().italics());
                if ui.link("Why this number?").clicked() {
                    show = Some(line.id.to_string());
                }
            });
        });
    }
    if let Some(id) = show {
        // The lines explained here are the first return's.
        cx.send(Command::ShowReturn(0));
        cx.send(Command::ShowLine(id));
    }
}

/// Lay out `add` on one line when its texts fit the width left, else wrapped onto more lines (a
/// long line label in a small window): the texts, each with its style, measure the row.
fn one_row_or_wrapped(ui: &mut Ui, texts: &[(&str, &egui::TextStyle)], add: impl FnOnce(&mut Ui)) {
    let gap = ui.spacing().item_spacing.x;
    let needed: f32 = texts
        .iter()
        .map(|(t, style)| {
            let font = (*style).resolve(ui.style());
            ui.fonts_mut(|f| f.layout_no_wrap((*t).to_owned(), font, egui::Color32::PLACEHOLDER))
                .size()
                .x
                + gap
        })
        .sum();
    if needed <= ui.available_width() {
        ui.horizontal(add);
    } else {
        ui.horizontal_wrapped(add);
    }
}
