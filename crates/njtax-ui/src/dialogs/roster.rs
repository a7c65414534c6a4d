//! The clinic roster window (File > Open clinic folder…): one row per draft in the folder (file,
//! client, SSN last 4, year, forms, refund or balance due, problems to fix, open notes, status,
//! preparer, reviewer, last change), sorted by a column heading, filtered by status, year and
//! problems, searched by name or SSN last 4. It stays open beside the screens; a row's file name
//! opens that draft as File > Open would. A tick box on each readable row selects drafts for batch
//! work: Print selected… (one PDF each into a folder) and Save a summary of the selected (CSV)….
//! It draws the rows the app read into the snapshot
//! (`crate::roster::Roster`) and sends commands; it reads no file and computes nothing.

use egui::{RichText, ScrollArea, Ui};
use njtax_engine::answers::{ClinicStatus, Date};
use njtax_engine::money::fmt_money;

use crate::cx::ScreenCx;
use crate::roster::{Entry, Filter, Roster, SortBy};
use crate::state::Command;
use crate::theme;

/// The window's title.
pub const TITLE: &str = "Clinic roster";

/// What the status and year drop-downs show when they do not filter.
const ANY: &str = "any";

/// Draw the window while a roster is open.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(roster) = cx.snapshot.roster.as_ref() else {
        return;
    };
    let mut open = true;
    let focus_heading = std::mem::take(&mut cx.ui_state.focus_roster);
    let today = cx.today;
    let mut sent = Vec::new();
    let shown = egui::Window::new(TITLE)
        .id(egui::Id::unique("clinic_roster_window"))
        .open(&mut open)
        .collapsible(false)
        .resizable(true)
        .default_size([theme::ROSTER_WIDTH, theme::ROSTER_HEIGHT])
        .show(ui.ctx(), |ui| {
            body(ui, roster, focus_heading, today, &mut sent)
        });
    for c in sent {
        cx.send(c);
    }
    // The window's own close button; Escape too, when the roster is the window in front and no
    // list, menu or question is open.
    let in_front = shown
        .as_ref()
        .is_some_and(|s| ui.ctx().top_layer_id() == Some(s.response.layer_id));
    let asking = cx.ui_state.pending.is_some()
        || cx.ui_state.open_error.is_some()
        || cx.ui_state.already_open.is_some()
        || cx.ui_state.conflict.is_some()
        || cx.ui_state.refused.is_some()
        || cx.ui_state.unlock.is_some();
    let escape = in_front
        && !asking
        && ui.input(|i| i.key_pressed(egui::Key::Escape))
        && !egui::Popup::is_any_open(ui.ctx());
    if !open || escape {
        cx.send(Command::CloseRoster);
    }
}

/// The window's contents.
fn body(
    ui: &mut Ui,
    roster: &Roster,
    focus_heading: bool,
    today: Option<Date>,
    sent: &mut Vec<Command>,
) {
    let folder = roster.folder.file_name().map_or_else(
        || roster.folder.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let heading = heading(ui, &format!("Clinic folder {folder}"));
    if focus_heading {
        heading.request_focus();
    }
    ui.add(
        egui::Label::new(
            RichText::new(format!(
                "{} — read again when a draft in it changes. Open a draft by its file name.",
                roster.folder.display()
            ))
            .color(theme::help_colour(ui.visuals())),
        )
        .wrap(),
    );
    ui.add_space(theme::GAP_S);
    if let Some(why) = &roster.problem {
        ui.add(
            egui::Label::new(
                RichText::new(format!("The folder could not be read: {why}"))
                    .color(theme::error_colour(ui.visuals())),
            )
            .wrap(),
        );
    }
    if crate::crypt::is_encrypted_folder(&roster.folder) {
        if crate::crypt::is_unlocked(&roster.folder) {
            ui.label("This folder is encrypted, and unlocked for this session.");
        } else {
            ui.horizontal(|ui| {
                ui.label("This folder is encrypted and locked: its drafts are shown as locked.");
                if ui.button("Unlock this folder…").clicked() {
                    sent.push(Command::UnlockFolder(roster.folder.clone()));
                }
            });
        }
    }
    filters(ui, roster, sent);
    ui.add_space(theme::GAP_S);
    ui.horizontal(|ui| {
        ui.label(format!(
            "{} of {} draft{}",
            roster.shown.len(),
            roster.entries.len(),
            if roster.entries.len() == 1 { "" } else { "s" }
        ));
        // Words, not a spinner: a spinner repaints at every frame, and the app already looks at
        // the worker's progress a few times a second.
        if let Some(words) = reading_words(roster.reading) {
            ui.add_space(theme::GAP_M);
            ui.label(words);
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("Close").clicked() {
                sent.push(Command::CloseRoster);
            }
            if ui
                .button("Refresh")
                .on_hover_text("Read the folder again now (it is also read again by itself when a draft in it changes)")
                .clicked()
            {
                sent.push(Command::RefreshRoster);
            }
        });
    });
    selection(ui, roster, sent);
    ui.add_space(theme::GAP_S);
    // Scroll bars beside the table, never over its last row (egui's floating ones would take
    // that row's clicks).
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    table(ui, roster, today, sent);
}

/// What the roster says while its folder is being read: `Reading the folder…` before it knows how
/// many drafts to read, then `Reading 120 of 5,000 drafts…`.
#[must_use]
pub fn reading_words(reading: Option<(usize, usize)>) -> Option<String> {
    match reading? {
        (_, 0) => Some("Reading the folder…".to_owned()),
        (done, total) => Some(format!(
            "Reading {} of {} draft{}…",
            njtax_engine::money::group_thousands(&done.to_string()),
            njtax_engine::money::group_thousands(&total.to_string()),
            if total == 1 { "" } else { "s" }
        )),
    }
}

/// The window's heading: a level-2 heading in the accessibility tree (the screen's title is
/// level 1), focusable so that opening the roster brings the keyboard to it.
fn heading(ui: &mut Ui, text: &str) -> egui::Response {
    let r = ui.add(
        egui::Label::new(RichText::new(text).size(theme::HEADING).strong())
            .sense(egui::Sense::focusable_noninteractive()),
    );
    ui.ctx().accesskit_node_builder(r.id, |node| {
        node.set_role(egui::accesskit::Role::Heading);
        node.set_level(2);
        node.set_label(text);
        node.clear_value();
    });
    r
}

/// The status and year drop-downs, the problems tick box and the search box.
fn filters(ui: &mut Ui, roster: &Roster, sent: &mut Vec<Command>) {
    let now = &roster.filter;
    let mut next = now.clone();
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Status");
        let list = egui::ComboBox::from_id_salt("roster_status")
            .selected_text(now.status.map_or(ANY, ClinicStatus::words))
            .show_ui(ui, |ui| {
                let mut picked = false;
                for (value, words) in std::iter::once((None, ANY))
                    .chain(ClinicStatus::ALL.into_iter().map(|s| (Some(s), s.words())))
                {
                    if ui.selectable_label(now.status == value, words).clicked() {
                        picked = true;
                        next.status = value;
                    }
                }
                picked
            });
        crate::focus::keep_combo_focus(ui, &list);
        list.response.labelled_by(label.id);
        ui.add_space(theme::GAP_M);

        let label = ui.label("Year");
        let year_words = now.year.map_or_else(|| ANY.to_owned(), |y| y.to_string());
        let list = egui::ComboBox::from_id_salt("roster_year")
            .selected_text(year_words)
            .show_ui(ui, |ui| {
                let mut picked = false;
                if ui.selectable_label(now.year.is_none(), ANY).clicked() {
                    picked = true;
                    next.year = None;
                }
                for &y in &roster.years {
                    if ui
                        .selectable_label(now.year == Some(y), y.to_string())
                        .clicked()
                    {
                        picked = true;
                        next.year = Some(y);
                    }
                }
                picked
            });
        crate::focus::keep_combo_focus(ui, &list);
        list.response.labelled_by(label.id);
        ui.add_space(theme::GAP_M);

        ui.checkbox(&mut next.errors, "Only with problems to fix");
        ui.add_space(theme::GAP_M);

        let label = ui.label("Search (name or SSN last 4)");
        ui.add(
            egui::TextEdit::singleline(&mut next.search)
                .id_salt("roster_search")
                .desired_width(theme::FIELD_WIDTH)
                .hint_text("part of a name, or 4 digits"),
        )
        .labelled_by(label.id);
    });
    if next != *now {
        sent.push(Command::RosterFilter(next));
    }
}

/// The batch row: tick all shown or none, how many are ticked, and what can be done with them.
fn selection(ui: &mut Ui, roster: &Roster, sent: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Select all shown")
            .on_hover_text("Tick every draft the roster shows that can be read")
            .clicked()
        {
            sent.push(Command::RosterSelectShown);
        }
        if ui.button("Select none").clicked() {
            sent.push(Command::RosterSelectNone);
        }
        let count = roster.selected.len();
        let hidden = roster.selected_hidden();
        ui.label(if hidden == 0 {
            format!("{count} selected")
        } else {
            format!("{count} selected ({hidden} not shown)")
        });
        ui.add_space(theme::GAP_M);
        let none = "Tick the drafts to work on first";
        if ui
            .add_enabled(count > 0, egui::Button::new("Print selected…"))
            .on_hover_text(
                "One PDF per draft, named after its file, into a folder you pick (a file already there is kept: the new one gets a number); a return with problems to fix is not printed",
            )
            .on_disabled_hover_text(none)
            .clicked()
        {
            sent.push(Command::RosterPrintSelected);
        }
        if ui
            .add_enabled(
                count > 0,
                egui::Button::new("Save a summary of the selected (CSV)…"),
            )
            .on_hover_text("One row per draft, with only the last 4 digits of SSNs")
            .on_disabled_hover_text(none)
            .clicked()
        {
            sent.push(Command::RosterSummary);
        }
    });
}

/// The columns: their headings, and the column each sortable one sorts by.
const COLUMNS: [(&str, Option<SortBy>); 12] = [
    ("File", Some(SortBy::File)),
    ("Name", Some(SortBy::Name)),
    ("SSN", None),
    ("Year", Some(SortBy::Year)),
    ("Forms", None),
    ("Refund or due", Some(SortBy::Refund)),
    ("To fix", None),
    ("Open notes", None),
    ("Status", Some(SortBy::Status)),
    ("Preparer", None),
    ("Reviewer", None),
    ("Changed", Some(SortBy::Changed)),
];

/// Above this many rows shown, only the rows in view are laid out (a clinic folder of thousands
/// of drafts would otherwise hold each frame far past 50 ms); below it every row is, so that each
/// is in the accessibility tree.
pub const ROWS_ALL_DRAWN: usize = 200;

/// The roster's table: the headings (a sortable one is a button) and a row per draft shown; past
/// [`ROWS_ALL_DRAWN`] rows only those scrolled into view.
fn table(ui: &mut Ui, roster: &Roster, today: Option<Date>, sent: &mut Vec<Command>) {
    {
        let grid = || {
            egui::Grid::new("clinic_roster_table")
                .striped(true)
                .spacing([theme::GAP_M, theme::GAP_S])
        };
        if roster.shown.len() <= ROWS_ALL_DRAWN {
            ScrollArea::both()
                .id_salt("clinic_roster_scroll")
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    grid().show(ui, |ui| {
                        headings(ui, roster, sent);
                        for entry in roster.shown.iter().filter_map(|&i| roster.entries.get(i)) {
                            row(ui, roster, entry, today, sent);
                            ui.end_row();
                        }
                    });
                });
        } else {
            // One row of text a line: the tick box is the tallest cell.
            let row_height = ui.spacing().interact_size.y;
            ui.spacing_mut().item_spacing.y = theme::GAP_S;
            ScrollArea::both()
                .id_salt("clinic_roster_scroll")
                .auto_shrink([false, true])
                .show_rows(ui, row_height, roster.shown.len() + 1, |ui, rows| {
                    grid().min_row_height(row_height).show(ui, |ui| {
                        if rows.start == 0 {
                            headings(ui, roster, sent);
                        }
                        let first = rows.start.saturating_sub(1);
                        let last = rows.end.saturating_sub(1);
                        for entry in roster
                            .shown
                            .get(first..last.min(roster.shown.len()))
                            .unwrap_or_default()
                            .iter()
                            .filter_map(|&i| roster.entries.get(i))
                        {
                            row(ui, roster, entry, today, sent);
                            ui.end_row();
                        }
                    });
                });
        }
        if roster.shown.is_empty() && !roster.entries.is_empty() {
            ui.label("No draft matches: change the status, the year, the tick box or the search.");
        }
    }
}

/// The table's first row: the tick boxes' column, then each column's heading.
fn headings(ui: &mut Ui, roster: &Roster, sent: &mut Vec<Command>) {
    cell(ui, "");
    for (name, sort) in COLUMNS {
        match sort {
            Some(by) => sort_heading(ui, name, by, &roster.filter, sent),
            None => {
                ui.add(egui::Label::new(RichText::new(name).strong()).extend());
            }
        }
    }
    ui.end_row();
}

/// A sortable column's heading: a button named "Sort by …", marked with the order it sorts in.
fn sort_heading(ui: &mut Ui, name: &str, by: SortBy, filter: &Filter, sent: &mut Vec<Command>) {
    let sorted = filter.sort == by;
    let mark = match (sorted, filter.reverse) {
        (false, _) => "",
        (true, false) => " ⏶",
        (true, true) => " ⏷",
    };
    let r = ui
        .add(egui::Button::new(RichText::new(format!("{name}{mark}")).strong()).frame(false))
        .on_hover_text(if sorted {
            "Sorted by this column: click to reverse the order"
        } else {
            "Sort by this column"
        });
    let label = format!("Sort by {}", name.to_lowercase());
    let state = match (sorted, filter.reverse) {
        (false, _) => "not sorted by this column",
        (true, false) => "sorted by this column",
        (true, true) => "sorted by this column, reversed",
    };
    ui.ctx().accesskit_node_builder(r.id, |node| {
        node.set_label(label);
        node.set_description(state);
    });
    if r.clicked() {
        sent.push(Command::RosterSort(by));
    }
}

/// A readable draft's tick box, named "Select <client>" for screen readers (the file name as its
/// description, for two drafts of one client).
fn tick(ui: &mut Ui, roster: &Roster, entry: &Entry, name: &str, sent: &mut Vec<Command>) {
    let was = roster.selected.contains(&entry.file);
    let mut on = was;
    let r = ui.checkbox(&mut on, "");
    let label = if name.trim().is_empty() {
        format!("Select {}", entry.file)
    } else {
        format!("Select {}", name.trim())
    };
    ui.ctx().accesskit_node_builder(r.id, |node| {
        node.set_label(label.as_str());
        node.set_description(entry.file.as_str());
    });
    let r = r.on_hover_text(label);
    if r.changed() && on != was {
        sent.push(Command::RosterSelect {
            file: entry.file.clone(),
            on,
        });
    }
}

/// Text in a cell, never wrapped nor cut (the table scrolls sideways instead).
fn cell(ui: &mut Ui, text: impl Into<RichText>) {
    ui.add(egui::Label::new(text.into()).extend());
}

/// One draft's row; a file that could not be read says why in the status column. A refund the
/// law bars (on the draft's filing date, else `today`) says "refund barred", never a figure.
fn row(ui: &mut Ui, roster: &Roster, entry: &Entry, today: Option<Date>, sent: &mut Vec<Command>) {
    match &entry.row {
        Some(r) => tick(ui, roster, entry, &r.name, sent),
        None => cell(ui, ""),
    }
    if ui
        .link(entry.file.as_str())
        .on_hover_text("Open this draft (the roster stays open)")
        .clicked()
    {
        sent.push(Command::OpenPath(roster.path_of(entry)));
    }
    let Some(r) = &entry.row else {
        let error = theme::error_colour(ui.visuals());
        cell(ui, RichText::new("cannot be read").color(error));
        for _ in 0..6 {
            cell(ui, "");
        }
        cell(
            ui,
            RichText::new(entry.unreadable.as_deref().unwrap_or_default()).color(error),
        );
        return;
    };
    cell(ui, r.name.as_str());
    cell(
        ui,
        if r.ssn_last4.is_empty() {
            "—".to_owned()
        } else {
            format!("…{}", r.ssn_last4)
        },
    );
    cell(ui, r.year.to_string());
    cell(
        ui,
        r.forms.join(" + ") + if r.amended { ", amended" } else { "" },
    );
    if r.balance_due > rust_decimal::Decimal::ZERO {
        cell(
            ui,
            RichText::new(format!("due {}", fmt_money(r.balance_due)))
                .color(theme::due_colour(ui.visuals())),
        );
    } else if r.refund_barred_on(today) {
        cell(
            ui,
            RichText::new("refund barred").color(theme::warning_colour(ui.visuals())),
        );
    } else {
        cell(
            ui,
            RichText::new(format!("refund {}", fmt_money(r.refund)))
                .color(theme::refund_colour(ui.visuals())),
        );
    }
    let to_fix = r.errors + r.unreadable;
    if to_fix > 0 {
        cell(
            ui,
            RichText::new(to_fix.to_string()).color(theme::error_colour(ui.visuals())),
        );
    } else {
        cell(ui, "none");
    }
    cell(ui, r.open_notes.to_string());
    cell(ui, r.status_words());
    cell(ui, r.preparer.as_str());
    cell(ui, r.reviewer.as_str());
    cell(ui, r.last_change.as_deref().unwrap_or("never"));
}
