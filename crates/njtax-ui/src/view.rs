//! The window: menu bar, section list, the current screen, "Your NJ return", status bar, and the
//! unsaved-changes prompt. Reads the snapshot through the screen context and sends commands; computes nothing.

use egui::{Panel, RichText, ScrollArea, Ui};
use njtax_engine::Key;

use crate::cx::ScreenCx;
use crate::screens;
use crate::state::{Command, Pending, SectionState};
use crate::theme;
use njtax_engine::money::fmt_money;

/// Key lines shown in "Your NJ return", by semantic key (the NJ-1040 and the NJ-1040NR number
/// them differently; a key a form lacks is skipped).
const KEY_LINES: [Key; 8] = [
    Key::TotalIncome,
    Key::GrossIncome,
    Key::TaxableIncome,
    Key::NjTaxableIncome,
    Key::IncomePercentage,
    Key::Tax,
    Key::TotalTaxDue,
    Key::TotalPayments,
];

/// Draw the whole window.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    Panel::top("menu_bar").show(ui, |ui| menu_bar(cx, ui));
    Panel::bottom("status_bar").show(ui, |ui| status_bar(cx, ui));
    Panel::left("sections")
        .resizable(false)
        .default_size(theme::LEFT_PANEL_WIDTH)
        .min_size(theme::LEFT_PANEL_WIDTH)
        .show(ui, |ui| sections(cx, ui));
    Panel::right("your_return")
        .resizable(false)
        .default_size(theme::RIGHT_PANEL_WIDTH)
        .min_size(theme::RIGHT_PANEL_WIDTH)
        .show(ui, |ui| {
            // A long notice or several returns must never push the totals out of a small window.
            ScrollArea::vertical()
                .id_salt("your_return_scroll")
                .show(ui, |ui| your_return(cx, ui));
        });
    egui::CentralPanel::default().show(ui, |ui| {
        if let Some(who) = cx.ui_state.read_only.clone() {
            // Read-only: said where the filer is looking; the screen can be read, not changed.
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        RichText::new(format!(
                            "Read only: {who} has this draft open. You can look, not change it."
                        ))
                        .strong()
                        .color(theme::warning_colour(ui.visuals())),
                    );
                    if ui
                        .button("Take it over")
                        .on_hover_text("Change it here too: a save first checks that it was not changed in the other window")
                        .clicked()
                    {
                        cx.send(Command::TakeOver);
                    }
                });
            });
        }
        crate::dialogs::two_windows::draw_changed_banner(cx, ui);
        let editable = cx.ui_state.read_only.is_none();
        ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.add_enabled_ui(editable, |ui| screens::draw_current(cx, ui));
            });
    });
    prompt(cx, ui);
}

fn menu_bar(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if entry(ui, "New", &crate::shortcuts::NEW).clicked() {
                cx.send(Command::New);
                ui.close();
            }
            if ui
                .button("Start next year's draft…")
                .on_hover_text(
                    "A new draft for the next tax year with your household, the overpayment credited forward and the business credits still carried over",
                )
                .clicked()
            {
                cx.send(Command::NextYear);
                ui.close();
            }
            if ui
                .button("Amend this return…")
                .on_hover_text(
                    "A new draft that amends the return you filed from this one: correct the answers there; the figures as filed are kept to compare",
                )
                .clicked()
            {
                cx.send(Command::Amend);
                ui.close();
            }
            if entry(ui, "Open…", &crate::shortcuts::OPEN).clicked() {
                cx.send(Command::Open);
                ui.close();
            }
            if ui
                .button("Open clinic folder…")
                .on_hover_text(
                    "A folder of clients' drafts: a roster of every draft in it (client, SSN last 4, year, refund or balance due, problems to fix, review notes, status), to sort, filter and open",
                )
                .clicked()
            {
                cx.send(Command::OpenClinicFolder);
                ui.close();
            }
            if entry(ui, "Save", &crate::shortcuts::SAVE).clicked() {
                cx.send(Command::Save);
                ui.close();
            }
            if entry(ui, "Save As…", &crate::shortcuts::SAVE_AS)
                .clicked()
            {
                cx.send(Command::SaveAs);
                ui.close();
            }
            if ui
                .button("Compare with…")
                .on_hover_text(
                    "Another draft of this return (an earlier version, last year's): every line that changed and the answers that moved it",
                )
                .clicked()
            {
                cx.send(Command::CompareWith);
                ui.close();
            }
            ui.separator();
            if entry(ui, "Print to PDF…", &crate::shortcuts::PRINT)
                .on_hover_text(
                    "The return laid out like the NJ-1040, with its schedules, worksheets, each line's explanation and the hand-off sheet; marked \"DRAFT - not for filing\" while the return has errors",
                )
                .clicked()
            {
                cx.send(Command::PrintPdf);
                ui.close();
            }
            if ui
                .button("Save hand-off sheet…")
                .on_hover_text(
                    "A text file with the figures to type into New Jersey's online filing service, in the order it asks for them",
                )
                .clicked()
            {
                cx.send(Command::SaveHandoff);
                ui.close();
            }
            let mut mask = cx.ui_state.print_mask_ssns;
            if ui
                .checkbox(&mut mask, "Show only the last 4 digits of SSNs")
                .on_hover_text(
                    "In the PDF and the hand-off sheet (a reviewer's copy); not saved in the draft",
                )
                .changed()
            {
                cx.send(Command::TogglePrintMask);
            }
            ui.separator();
            if ui
                .button("Encrypt this clinic folder…")
                .on_hover_text(
                    "Encrypt every draft, backup and recovery copy of the open clinic folder (or the open draft's folder) with a passphrase, asked once per session here and by njtax; a forgotten passphrase cannot be recovered",
                )
                .clicked()
            {
                cx.send(Command::EncryptFolder);
                ui.close();
            }
            if ui
                .button("Decrypt this clinic folder…")
                .on_hover_text(
                    "Write the open clinic folder's drafts and backups back as plain text, and remove its key file",
                )
                .clicked()
            {
                cx.send(Command::DecryptFolder);
                ui.close();
            }
            ui.separator();
            ui.menu_button("Recent drafts", |ui| {
                if cx.recent.is_empty() {
                    ui.label("No recent drafts");
                }
                let recent = cx.recent;
                for p in recent {
                    let name = p.file_name().map_or_else(
                        || p.display().to_string(),
                        |n| n.to_string_lossy().into_owned(),
                    );
                    if ui
                        .button(name)
                        .on_hover_text(p.display().to_string())
                        .clicked()
                    {
                        cx.send(Command::OpenPath(p.clone()));
                        ui.close();
                    }
                }
                if !recent.is_empty() {
                    ui.separator();
                    if ui
                        .button("Clear the list")
                        .on_hover_text("Forget these drafts on this computer (the files stay)")
                        .clicked()
                    {
                        cx.send(Command::ClearRecent);
                        ui.close();
                    }
                }
            });
            ui.separator();
            if ui
                .button("Remove client data from this computer…")
                .on_hover_text(
                    "Recovery copies, the recent drafts, the volunteer name and the clipboard: listed before anything is removed",
                )
                .clicked()
            {
                cx.send(Command::AskForget);
                ui.close();
            }
            ui.separator();
            if entry(ui, "Quit", &crate::shortcuts::QUIT)
                .on_hover_text("Close the window; you are asked first about unsaved changes")
                .clicked()
            {
                cx.send(Command::Quit);
                ui.close();
            }
        });
        ui.menu_button("Edit", |ui| {
            if ui
                .scope(|ui| {
                    entry_enabled(ui, cx.doc.can_undo(), "Undo", &crate::shortcuts::UNDO)
                })
                .inner
                .clicked()
            {
                cx.send(Command::Undo);
                ui.close();
            }
            if ui
                .scope(|ui| {
                    entry_enabled(ui, cx.doc.can_redo(), "Redo", &crate::shortcuts::REDO)
                })
                .inner
                .clicked()
            {
                cx.send(Command::Redo);
                ui.close();
            }
        });
        ui.menu_button("View", |ui| view_menu(cx, ui));
        ui.menu_button("Help", |ui| help_menu(cx, ui));
        ui.separator();
        let a = cx.doc.answers();
        ui.label(format!(
            "Tax year {}",
            crate::fields::tax_year_text(a.tax_year, cx.tax_years)
        ));
        ui.separator();
        ui.label(a.filing_status.name());
        ui.separator();
        let reveal = if cx.ui_state.reveal_ssn {
            "Hide SSNs"
        } else {
            "Show SSNs"
        };
        if ui
            .button(reveal)
            .on_hover_text("Social Security and bank account numbers are masked on screen unless shown")
            .clicked()
        {
            cx.send(Command::ToggleRevealSsn);
        }
    });
}

/// The Help menu: the user guide (F1), the keyboard shortcuts and About.
fn help_menu(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    use crate::state::HelpWindow;
    if entry(ui, "User guide", &crate::shortcuts::USER_GUIDE)
        .on_hover_text("How to use the app: the screens, your drafts, what it covers")
        .clicked()
    {
        cx.ui_state.help = Some(HelpWindow::UserGuide);
        ui.close();
    }
    if ui
        .button("Keyboard shortcuts")
        .on_hover_text("Every keyboard shortcut of the app")
        .clicked()
    {
        cx.ui_state.help = Some(HelpWindow::Shortcuts);
        ui.close();
    }
    if ui
        .button("About njtax")
        .on_hover_text("The version, the licence, and whether each tax year's figures are final or provisional")
        .clicked()
    {
        cx.ui_state.help = Some(HelpWindow::About);
        ui.close();
    }
}

/// A menu entry with its keyboard shortcut shown beside it; screen readers get the entry's name
/// and the shortcut apart (`Save As…`, `Ctrl+Shift+S`).
fn entry(ui: &mut Ui, text: &str, shortcut: &egui::KeyboardShortcut) -> egui::Response {
    entry_enabled(ui, true, text, shortcut)
}

/// [`entry`], greyed out and inactive unless `enabled`.
fn entry_enabled(
    ui: &mut Ui,
    enabled: bool,
    text: &str,
    shortcut: &egui::KeyboardShortcut,
) -> egui::Response {
    let keys = ui.ctx().format_shortcut(shortcut);
    let r = ui.add_enabled(
        enabled,
        egui::Button::new(text.to_owned()).shortcut_text(keys.clone()),
    );
    let name = text.to_owned();
    ui.ctx().accesskit_node_builder(r.id, |n| {
        n.set_label(name);
        n.set_keyboard_shortcut(keys);
    });
    r
}

/// The View menu: guided or all questions, the theme, and the zoom (with its shortcuts), each
/// kept for this computer.
fn view_menu(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    use crate::settings::Theme;
    use egui::gui_zoom::kb_shortcuts;
    let now = cx.ui_state.settings.clone();
    let mut next = now.clone();
    if ui
        .radio(!now.all_questions, "Guided questions")
        .on_hover_text("Back and Next skip the topics you said do not apply")
        .clicked()
    {
        next.all_questions = false;
    }
    if ui
        .radio(now.all_questions, "All questions")
        .on_hover_text("Back and Next go through every screen, for volunteers and reviewers")
        .clicked()
    {
        next.all_questions = true;
    }
    ui.separator();
    ui.label("Theme");
    for theme in Theme::ALL {
        if ui.radio(now.theme == theme, theme.name()).clicked() {
            next.theme = theme;
        }
    }
    ui.separator();
    ui.label(format!("Zoom: {:.0}%", now.zoom * 100.0));
    if entry(ui, "Zoom in", &kb_shortcuts::ZOOM_IN).clicked() {
        next.zoom = crate::theme::zoom_step(now.zoom, 1);
    }
    if entry(ui, "Zoom out", &kb_shortcuts::ZOOM_OUT).clicked() {
        next.zoom = crate::theme::zoom_step(now.zoom, -1);
    }
    if entry(ui, "Actual size", &kb_shortcuts::ZOOM_RESET).clicked() {
        next.zoom = 1.0;
    }
    ui.separator();
    ui.menu_button("Lock when idle", |ui| {
        ui.label(format!("After {} minutes without input", now.idle_minutes));
        for choice in crate::settings::IdleLock::ALL {
            if ui.radio(now.idle_lock == choice, choice.name()).clicked() {
                next.idle_lock = choice;
            }
        }
    });
    if next != now {
        cx.send(Command::Settings(next));
        ui.close();
    }
    ui.separator();
    if ui
        .button("Lock the app…")
        .on_hover_text(
            "Hide the draft and the clinic's clients behind a passphrase while you step away",
        )
        .clicked()
    {
        cx.ui_state.lock = crate::state::AppLock::Asking {
            first: String::new(),
            second: String::new(),
            problem: None,
        };
        ui.close();
    }
}

fn status_bar(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    ui.horizontal(|ui| {
        ui.label(save_state_text(cx.doc));
        if let Some((msg, is_error)) = &cx.ui_state.message {
            ui.separator();
            let text = RichText::new(msg.as_str());
            let text = if *is_error {
                text.color(theme::error_colour(ui.visuals()))
            } else {
                text
            };
            // A long message wraps in a small window instead of running off the edge.
            ui.add(egui::Label::new(text).wrap());
        }
    });
}

/// The draft's name and where it stands, for the status bar: only a draft with a file, saved or
/// opened and unchanged since, is "(saved)".
pub fn save_state_text(doc: &crate::document::Document) -> String {
    use crate::document::SaveState;
    let name = doc.display_name();
    let state = match doc.save_state() {
        SaveState::Sample => "a sample, not your return",
        SaveState::SampleChanged => "a sample with your changes, not saved",
        SaveState::NeverSaved => "not saved yet",
        SaveState::Changed => "unsaved changes",
        SaveState::Saved => "saved",
    };
    format!("{name} ({state})")
}

fn sections(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    ui.add_space(theme::GAP_M);
    crate::focus::heading(ui, RichText::new("Sections").heading(), 2);
    ui.add_space(theme::GAP_S);
    let titles: Vec<String> = cx
        .interview
        .screens
        .iter()
        .map(|s| s.title.clone())
        .collect();
    for (i, title) in titles.iter().enumerate() {
        let state = cx
            .snapshot
            .sections
            .get(i)
            .copied()
            .unwrap_or(SectionState::NotStarted);
        let words = state.words();
        ui.horizontal(|ui| {
            state_mark(ui, state);
            let r = ui
                .selectable_label(cx.ui_state.screen == i, title.as_str())
                .on_hover_text(words);
            if r.clicked() {
                cx.send(Command::Goto {
                    screen: i,
                    focus: None,
                });
            }
        });
    }
}

fn your_return(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    ui.add_space(theme::GAP_M);
    crate::focus::heading(ui, RichText::new("Your NJ return").heading(), 2);
    ui.add_space(theme::GAP_M);
    let Some(set) = cx.returns() else {
        let why = cx
            .snapshot
            .result
            .as_ref()
            .err()
            .cloned()
            .unwrap_or_default();
        ui.label(
            RichText::new(format!("The return cannot be computed: {why}"))
                .color(theme::error_colour(ui.visuals())),
        );
        return;
    };
    // The year's forms are not published: say so before any figure.
    if set.provisional.is_some() {
        screens::review::provisional_notice(ui, set, None);
        ui.add_space(theme::GAP_M);
    }
    if set.back_year.is_some() {
        screens::review::back_year_notice(ui, set);
        ui.add_space(theme::GAP_M);
    }
    let returns = &set.returns;
    let net = set.net_refund();
    // Answers that could not be read count as not given: every figure below may still change.
    let not_final = screens::not_final::not_final(cx);
    if let Some(c) = screens::not_final::notice(cx, ui) {
        cx.send(c);
    }
    if not_final {
        ui.add_space(theme::GAP_M);
    }
    let chosen = cx
        .ui_state
        .selected_return
        .min(returns.len().saturating_sub(1));
    let mut clicked: Option<(usize, Option<String>)> = None;
    // A refund the law bars on the day the return is filed (the filing date given, else today:
    // a return filed now) is shown as barred, never as a refund (54A:9-8 a, d).
    let filed = cx.doc.answers().filing.filed_on.or(cx.today);
    let barred_of = |r: &njtax_engine::ComputedReturn| filed.and_then(|d| r.barred_refund(d));
    if returns.len() > 1 {
        // One entry per return: form, whose, period, refund or balance due.
        for (i, r) in returns.iter().enumerate() {
            let title = screens::form_view::return_title(r);
            if ui
                .link(RichText::new(&title).strong())
                .on_hover_text("Show this return in the form view")
                .clicked()
            {
                clicked = Some((i, None));
            }
            if let Some(period) = screens::form_view::period_text(r) {
                ui.label(RichText::new(period));
            }
            let (words, amount, colour) =
                outcome(ui, r.refund, r.balance_due, barred_of(r).is_some());
            let text = format!("{words} {amount}");
            screens::not_final::figure(ui, RichText::new(&text).color(colour), &text, not_final);
            if let Some(text) = screens::form_view::separate_claims_text(&r.business_credits) {
                ui.label(RichText::new(text));
            }
            ui.add_space(theme::GAP_S);
        }
        ui.separator();
    }
    // An amended return: what it changes after what the original already paid or refunded.
    let amended_net = returns
        .iter()
        .filter_map(|r| r.amended.as_ref())
        .map(|a| a.refund - a.balance_due)
        .reduce(|x, y| x + y);
    // An amended refund the time limits bar entirely.
    let amended_barred = returns
        .iter()
        .filter_map(|r| r.amended.as_ref()?.refund_limit.as_ref())
        .any(njtax_engine::rules::amended::RefundLimit::wholly_barred);
    // The barred refunds do not count in a total.
    let net = net
        - returns
            .iter()
            .filter(|r| barred_of(r).is_some())
            .map(|r| r.refund)
            .sum::<rust_decimal::Decimal>();
    let any_barred = returns.iter().any(|r| barred_of(r).is_some());
    let (words, amount, colour) = if let Some(n) = amended_net {
        let (_, a, c) = outcome(
            ui,
            n.max(rust_decimal::Decimal::ZERO),
            (-n).max(rust_decimal::Decimal::ZERO),
            n.is_zero() && amended_barred,
        );
        let w = if n.is_zero() && amended_barred {
            "Amended: refund barred"
        } else if n.is_zero() {
            "Amended: no change"
        } else if n > rust_decimal::Decimal::ZERO {
            "Amended: refund claimed"
        } else {
            "Amended: additional tax"
        };
        (w, a, c)
    } else if returns.len() > 1 {
        let (_, a, c) = outcome(
            ui,
            net.max(rust_decimal::Decimal::ZERO),
            (-net).max(rust_decimal::Decimal::ZERO),
            net.is_zero() && any_barred,
        );
        let w = if net.is_zero() && any_barred {
            "Total refund barred"
        } else if net < rust_decimal::Decimal::ZERO {
            "Total balance due"
        } else {
            "Total refund"
        };
        (w, a, c)
    } else {
        let Some(r) = returns.first() else { return };
        outcome(ui, r.refund, r.balance_due, barred_of(r).is_some())
    };
    if not_final {
        ui.label(format!("{words} ({})", screens::not_final::NOT_FINAL));
    } else {
        ui.label(words);
    }
    let figure = amount;
    let r = screens::not_final::figure(
        ui,
        RichText::new(&figure)
            .size(theme::BIG_FIGURE)
            .strong()
            .color(colour),
        &figure,
        not_final,
    );
    // Screen readers hear the figure when it changes as answers are typed (a polite live
    // region), with what it is.
    let what = words.to_owned();
    ui.ctx().accesskit_node_builder(r.id, |n| {
        n.set_live(egui::accesskit::Live::Polite);
        n.set_description(what);
    });
    if !not_final {
        r.on_hover_text("Updated as you type");
    }
    if amended_net.is_some()
        && returns.len() == 1
        && let Some(r) = returns.first()
    {
        {
            let (w, a) = if r.balance_due > rust_decimal::Decimal::ZERO {
                ("balance due", r.balance_due)
            } else {
                ("refund", r.refund)
            };
            ui.label(format!(
                "The corrected {} by itself shows a {w} of {}; the amended figure also counts what the original return paid or refunded.",
                r.form,
                fmt_money(a)
            ));
        }
    }
    // Why a refund is barred, in the words the printout and the hand-off sheet use.
    if amended_net.is_none() {
        for b in returns.iter().filter_map(barred_of) {
            ui.add(
                egui::Label::new(
                    RichText::new(b.words()).color(theme::warning_colour(ui.visuals())),
                )
                .wrap(),
            );
        }
    }
    // An amended return's own time limit is on its screen (the original's filing date no longer
    // settles it).
    if let Some(text) = refund_deadline_notice(cx, returns).filter(|_| amended_net.is_none()) {
        ui.label(RichText::new(text).color(theme::warning_colour(ui.visuals())));
        // The answer that settles it: the day the return is (to be) filed.
        if let Some(goto) = cx.goto_answer(FILED_ON)
            && ui
                .link(RichText::new(FILED_ON_LINK))
                .on_hover_text(
                    "Go to the filing date (Next year screen, \"If you file or pay late\")",
                )
                .clicked()
        {
            cx.send(goto);
        }
    }
    if returns.len() == 1
        && let Some(text) = returns
            .first()
            .and_then(|r| screens::form_view::separate_claims_text(&r.business_credits))
    {
        ui.label(text)
            .on_hover_text("Credits without a line on the form, claimed apart from it: see the business credits schedule in the form view");
    }
    ui.add_space(theme::GAP_M);
    if let Some(ret) = returns.get(chosen) {
        if returns.len() > 1 {
            ui.label(RichText::new(screens::form_view::return_title(ret)));
        }
        // Each line's full name, wrapped in the room the figure leaves (never cut with "…").
        for key in KEY_LINES {
            let Some(line) = ret.by_key(key) else {
                continue;
            };
            let value = screens::form_view::line_value_text(line);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::TOP), |ui| {
                screens::not_final::figure(ui, RichText::new(&value), &value, not_final);
                ui.vertical(|ui| {
                    ui.set_width(ui.available_width());
                    let r = ui
                        .link(format!("{}  {}", line.id, line.label))
                        .on_hover_text("Why this number?");
                    if r.clicked() {
                        clicked = Some((chosen, Some(line.id.to_string())));
                    }
                });
            });
            ui.add_space(theme::GAP_S);
        }
    }
    let diagnostics = cx.diagnostics();
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity == njtax_engine::Severity::Error)
        .count();
    let warnings = diagnostics
        .iter()
        .filter(|d| d.severity == njtax_engine::Severity::Warning)
        .count();
    ui.add_space(theme::GAP_M);
    let review = cx
        .interview
        .screens
        .iter()
        .position(|s| s.special == crate::forms::Special::Review);
    let summary = format!("{errors} to fix, {warnings} to check");
    if let Some(i) = review {
        if ui.link(summary).clicked() {
            cx.send(Command::Goto {
                screen: i,
                focus: None,
            });
        }
    } else {
        ui.label(summary);
    }
    if let Some((i, line)) = clicked {
        cx.send(Command::ShowReturn(i));
        if let Some(id) = line {
            cx.send(Command::ShowLine(id));
        }
    }
}

/// The answer giving the day the return is filed (54A:9-8 counts the claim from it).
const FILED_ON: &str = "filing.filed_on";

/// The link under a refund-deadline notice to that answer.
const FILED_ON_LINK: &str = "Give the date you file";

/// The words under the refund when the last day to claim it (the engine's
/// `refund_claim_deadline`, 54A:9-8) is near or past and the filer has not said when the return
/// is filed: the engine then takes the return as filed on time, so its refund may be barred. How
/// near is "near" comes with the deadline (late.ron), as for the engine's own warning.
fn refund_deadline_notice(
    cx: &ScreenCx<'_>,
    returns: &[njtax_engine::ComputedReturn],
) -> Option<String> {
    use njtax_engine::rules::refund::DeadlineStanding;
    if cx.doc.answers().filing.filed_on.is_some() {
        return None;
    }
    let today = cx.today?;
    let deadline = returns
        .iter()
        .filter(|r| r.refund > rust_decimal::Decimal::ZERO)
        .filter_map(|r| r.refund_claim_deadline)
        .min_by_key(|d| d.last_day)?;
    let last = deadline.last_day;
    match deadline.standing(today) {
        DeadlineStanding::Past => Some(format!(
            "If this return was filed on or before {last}, give the day it was filed: its refund is then allowed (N.J.S.A. 54A:9-8)."
        )),
        DeadlineStanding::Near { .. } => Some(format!(
            "Claim this refund by {last}: a return filed after that day gets no refund (N.J.S.A. 54A:9-8). A mailed return counts as filed on its postmark date."
        )),
        DeadlineStanding::Open => None,
    }
}

/// "Refund" or "Balance due", the amount as shown, and its colour; a refund the law bars
/// (`barred`) is "Refund barred" with no figure in its place ("No refund"), in the warning
/// colour, so that it never reads as money coming back.
fn outcome(
    ui: &Ui,
    refund: rust_decimal::Decimal,
    balance_due: rust_decimal::Decimal,
    barred: bool,
) -> (&'static str, String, egui::Color32) {
    if balance_due > rust_decimal::Decimal::ZERO {
        (
            "Balance due",
            fmt_money(balance_due),
            theme::due_colour(ui.visuals()),
        )
    } else if barred {
        (
            "Refund barred",
            NO_REFUND.to_owned(),
            theme::warning_colour(ui.visuals()),
        )
    } else {
        (
            "Refund",
            fmt_money(refund),
            theme::refund_colour(ui.visuals()),
        )
    }
}

/// What stands in the refund's place when the law bars it.
pub const NO_REFUND: &str = "No refund";

/// A small mark for a section's state: a filled circle when done, an outline when not started, a
/// warning-coloured disc with a bar when it needs attention, a dash when it does not apply.
fn state_mark(ui: &mut Ui, state: SectionState) {
    let size = egui::vec2(theme::MARK_SIZE, theme::MARK_SIZE);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let c = rect.center();
    let r = theme::MARK_SIZE / 2.0 - 1.0;
    let painter = ui.painter();
    match state {
        SectionState::Done => {
            painter.circle_filled(c, r, theme::refund_colour(ui.visuals()));
        }
        SectionState::NotStarted => {
            painter.circle_stroke(c, r, egui::Stroke::new(1.5, ui.visuals().weak_text_color()));
        }
        SectionState::DoesNotApply => {
            painter.line_segment(
                [c - egui::vec2(r * 0.8, 0.0), c + egui::vec2(r * 0.8, 0.0)],
                egui::Stroke::new(2.0, ui.visuals().weak_text_color()),
            );
        }
        SectionState::NeedsAttention => {
            painter.circle_filled(c, r, theme::warning_colour(ui.visuals()));
            let bar = egui::Stroke::new(2.0, ui.visuals().extreme_bg_color);
            painter.line_segment(
                [c - egui::vec2(0.0, r * 0.55), c + egui::vec2(0.0, r * 0.15)],
                bar,
            );
            painter.circle_filled(
                c + egui::vec2(0.0, r * 0.5),
                1.2,
                ui.visuals().extreme_bg_color,
            );
        }
    }
}

/// The list of recovered work at start (after a crash) or when a draft with a recovery is opened:
/// each draft's name, its folder and the local time its changes were autosaved, to restore or
/// discard one by one, or to keep for the next start.
fn recovery_prompt(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    if cx.ui_state.recovery_offers.is_empty() {
        return;
    }
    let offers = cx.ui_state.recovery_offers.clone();
    let heading = "Recover unsaved work?";
    let id = egui::Id::unique("recovery_prompt");
    // An alert dialog: a screen reader reads it out when it appears.
    let area = egui::Modal::default_area(id)
        .accessible_name(heading)
        .role(egui::accesskit::Role::AlertDialog);
    let response = egui::Modal::new(id).area(area).show(ui.ctx(), |ui| {
        ui.set_max_width(theme::DIALOG_WIDTH);
        ui.heading(heading);
        ui.label(if offers.len() == 1 {
            "The app closed before these changes were saved to the draft. They were saved \
             automatically:"
        } else {
            "The app closed before these changes were saved to their drafts. They were saved \
             automatically. Restore opens one; the others stay in this list:"
        });
        egui::ScrollArea::vertical()
            .max_height(theme::DIALOG_WIDTH * 0.6)
            .show(ui, |ui| {
                for (i, offer) in offers.iter().enumerate() {
                    ui.add_space(theme::GAP_M);
                    ui.label(RichText::new(&offer.name).strong());
                    let folder = offer
                        .folder_text()
                        .map_or_else(|| "Never saved to a file".to_owned(), |f| format!("In {f}"));
                    ui.label(RichText::new(&folder).small());
                    let when = format!("Autosaved {}", offer.written_text(cx.time_zone));
                    ui.label(&when);
                    ui.horizontal(|ui| {
                        let restore = ui.button("Restore");
                        let discard = ui.button("Discard");
                        // Screen readers tell the buttons of one draft from another's.
                        let which = format!("{} ({folder}, {when})", offer.name);
                        let ctx = ui.ctx().clone();
                        ctx.accesskit_node_builder(restore.id, |n| {
                            n.set_label(format!("Restore {which}"));
                        });
                        ctx.accesskit_node_builder(discard.id, |n| {
                            n.set_label(format!("Discard {which}"));
                        });
                        if i == 0 && !ui.memory(|m| m.focused().is_some()) {
                            restore.request_focus();
                        }
                        if restore.clicked() {
                            cx.send(Command::RestoreRecovery(i));
                        }
                        if discard.clicked() {
                            cx.send(Command::DiscardRecovery(i));
                        }
                    });
                }
            });
        ui.add_space(theme::GAP_M);
        ui.separator();
        if ui
            .button("Decide later")
            .on_hover_text("Keep the recovered work for the next start")
            .clicked()
        {
            cx.send(Command::KeepRecoveries);
        }
    });
    // Escape or a click outside is "Decide later": nothing is removed.
    if response.should_close() {
        cx.send(Command::KeepRecoveries);
    }
}

/// The window saying that printing (or the hand-off sheet, or next year's draft) was refused
/// because an answer could not be read: which one, what was typed and why, with a button to go
/// to it.
fn refusal_prompt(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let Some(refused) = cx.ui_state.refused.clone() else {
        return;
    };
    let u = &refused.entry;
    let words = if u.field.trim().is_empty() {
        refused.path.clone()
    } else {
        u.field.clone()
    };
    let goto = cx.goto_answer(&refused.path);
    let shown = egui::Modal::new(egui::Id::unique("refusal_prompt")).show(ui.ctx(), |ui| {
        ui.set_max_width(theme::PROMPT_WIDTH);
        ui.heading(format!("{} was not made", refused.what));
        let problem = u.problem.trim_end_matches('.');
        ui.add(
            egui::Label::new(format!(
                "{words} could not be read: \"{}\". {problem}.",
                u.typed_shown()
            ))
            .wrap(),
        );
        ui.add(
            egui::Label::new(
                "Until it is fixed it counts as not given, so the figures are not final.",
            )
            .wrap(),
        );
        if refused.count > 1 {
            ui.label(format!(
                "{} in all: Review lists each one.",
                crate::words::count_words(refused.count)
            ));
        }
        ui.add_space(theme::GAP_M);
        ui.horizontal(|ui| {
            if let Some(goto) = &goto
                && ui.button("Go to this answer").clicked()
            {
                cx.send(Command::CloseRefusal);
                cx.send(goto.clone());
            }
            if ui.button("Close").clicked() {
                cx.send(Command::CloseRefusal);
            }
        });
    });
    // Escape closes it, as Close does.
    if shown.should_close() {
        cx.send(Command::CloseRefusal);
    }
}

fn prompt(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    recovery_prompt(cx, ui);
    crate::dialogs::open_error::draw(cx, ui);
    crate::dialogs::two_windows::draw_already_open(cx, ui);
    crate::dialogs::two_windows::draw_conflict(cx, ui);
    crate::dialogs::compare::draw(cx, ui);
    crate::dialogs::roster::draw(cx, ui);
    crate::dialogs::forget::draw(cx, ui);
    crate::dialogs::passphrase::draw(cx, ui);
    crate::dialogs::help::draw(cx, ui);
    refusal_prompt(cx, ui);
    let Some(pending) = cx.ui_state.pending.clone() else {
        return;
    };
    let what = match pending {
        Pending::New => "start a new draft",
        Pending::NextYear => "start next year's draft",
        Pending::Amend => "start the amended return",
        Pending::Open(_) => "open another draft",
        Pending::Close => "close",
        Pending::Forget(_) => "remove the client data from this computer",
    };
    let name = cx.doc.display_name();
    let shown = egui::Modal::new(egui::Id::unique("unsaved_prompt")).show(ui.ctx(), |ui| {
        ui.heading("Unsaved changes");
        ui.label(format!(
            "{name} has changes that are not saved. Save them before you {what}?"
        ));
        ui.add_space(theme::GAP_M);
        ui.horizontal(|ui| {
            if ui.button("Save").clicked() {
                cx.send(Command::PromptSave);
            }
            if ui.button("Discard changes").clicked() {
                cx.send(Command::PromptDiscard);
            }
            if ui.button("Cancel").clicked() {
                cx.send(Command::PromptCancel);
            }
        });
    });
    // Escape (or a click outside) is Cancel: nothing is saved or discarded.
    if shown.should_close() {
        cx.send(Command::PromptCancel);
    }
}

/// The shortest passphrase the app lock takes.
const LOCK_MIN_CHARS: usize = 4;

/// View > Lock the app…: the passphrase asked twice, in a window over the screen.
pub fn lock_prompt(ui: &mut Ui, lock: &mut crate::state::AppLock) {
    let crate::state::AppLock::Asking {
        first,
        second,
        problem,
    } = lock
    else {
        return;
    };
    let mut outcome: Option<bool> = None;
    egui::Modal::new(egui::Id::unique("lock_prompt")).show(ui.ctx(), |ui| {
        crate::focus::heading(ui, RichText::new("Lock the app").heading(), 2);
        ui.label("Choose a passphrase. Until it is typed, the app shows nothing of the draft or the clinic's clients. It is kept in memory only, for this session: when the app locks itself after a time without input, it asks for it too.");
        let l1 = ui.label("Passphrase");
        let r1 = ui.add(egui::TextEdit::singleline(first).password(true)).labelled_by(l1.id);
        focus_once(ui, "lock_prompt_focus", &r1);
        let l2 = ui.label("The same passphrase again");
        let r2 = ui.add(egui::TextEdit::singleline(second).password(true)).labelled_by(l2.id);
        if let Some(p) = problem.as_deref() {
            ui.label(RichText::new(p).color(theme::error_colour(ui.visuals())));
        }
        let enter = r2.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.horizontal(|ui| {
            if ui.button("Lock").clicked() || enter {
                outcome = Some(true);
            }
            if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                outcome = Some(false);
            }
        });
    });
    if outcome.is_some() {
        forget_focus(ui, "lock_prompt_focus");
    }
    match outcome {
        Some(false) => *lock = crate::state::AppLock::Open,
        Some(true) if first.chars().count() < LOCK_MIN_CHARS => {
            *problem = Some(format!("Use at least {LOCK_MIN_CHARS} characters."));
        }
        Some(true) if first != second => {
            *problem = Some("The two passphrases differ: type them again.".to_owned());
            second.clear();
        }
        Some(true) => {
            *lock = crate::state::AppLock::Locked {
                pass: std::mem::take(first),
                typed: String::new(),
                wrong: false,
            };
        }
        None => {}
    }
}

/// The locked app: only the passphrase field, nothing of the draft; or, hidden after a time
/// without input with no passphrase chosen, only the button that shows the draft again.
pub fn locked_screen(ui: &mut Ui, lock: &mut crate::state::AppLock) {
    if let crate::state::AppLock::Hidden { minutes } = lock {
        let minutes = *minutes;
        let mut show = false;
        ui.add_space(theme::GAP_L * 4.0);
        ui.vertical_centered(|ui| {
            crate::focus::heading(ui, RichText::new("The draft is hidden").heading(), 1);
            ui.label(format!(
                "Nothing was typed or clicked for {minutes} minute{}, so the draft is hidden. Unsaved changes are kept in a recovery copy.",
                if minutes == 1 { "" } else { "s" }
            ));
            ui.label("No passphrase protects it: choose one with View > Lock the app… and it is asked for here next time; in an encrypted clinic folder, its passphrase is.");
            let r = ui.button("Show the draft again");
            focus_once(ui, "hidden_focus", &r);
            show = r.clicked();
        });
        if show {
            forget_focus(ui, "hidden_focus");
            *lock = crate::state::AppLock::Open;
        }
        return;
    }
    let crate::state::AppLock::Locked { pass, typed, wrong } = lock else {
        return;
    };
    let mut unlock = false;
    {
        ui.add_space(theme::GAP_L * 4.0);
        ui.vertical_centered(|ui| {
            crate::focus::heading(ui, RichText::new("The app is locked").heading(), 1);
            ui.label("Type the passphrase to go on.");
            let label = ui.label("Passphrase to unlock");
            let r = ui
                .add(
                    egui::TextEdit::singleline(typed)
                        .password(true)
                        .desired_width(260.0),
                )
                .labelled_by(label.id);
            focus_once(ui, "locked_focus", &r);
            if *wrong {
                ui.label(
                    RichText::new("That is not the passphrase.")
                        .color(theme::error_colour(ui.visuals())),
                );
            }
            let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Unlock").clicked() || enter {
                unlock = true;
            }
        });
    }
    if unlock {
        if typed == pass {
            forget_focus(ui, "locked_focus");
            *lock = crate::state::AppLock::Open;
        } else {
            *wrong = true;
            typed.clear();
        }
    }
}

/// The app locked itself while an encrypted folder was unlocked: only the folder's passphrase
/// field (its name, never a client's), and why a try failed. Returns whether the passphrase is
/// to be tried now (Unlock or Enter).
pub fn sealed_screen(ui: &mut Ui, state: &mut crate::state::UiState, busy: bool) -> bool {
    let crate::state::AppLock::Sealed { folder } = &state.lock else {
        return false;
    };
    let folder = folder.display().to_string();
    let Some(prompt) = state.unlock.as_mut() else {
        // The window was closed (Escape): ask again.
        state.unlock = Some(crate::state::UnlockPrompt {
            folder: std::path::PathBuf::from(&folder),
            ..Default::default()
        });
        return false;
    };
    let mut submit = false;
    ui.add_space(theme::GAP_L * 4.0);
    ui.vertical_centered(|ui| {
        crate::focus::heading(ui, RichText::new("The app is locked").heading(), 1);
        ui.label(format!(
            "Nothing was typed or clicked for a while. Type the passphrase of the encrypted folder {folder} to go on."
        ));
        let label = ui.label("Folder passphrase");
        let r = ui
            .add_enabled(
                !busy,
                egui::TextEdit::singleline(&mut prompt.typed)
                    .password(true)
                    .desired_width(260.0),
            )
            .labelled_by(label.id);
        focus_once(ui, "sealed_focus", &r);
        if let Some(p) = &prompt.problem {
            ui.label(RichText::new(p).color(theme::error_colour(ui.visuals())));
        }
        if busy {
            ui.label("Checking the passphrase…");
        }
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.add_enabled(!busy, egui::Button::new("Unlock")).clicked() || (enter && !busy) {
            submit = true;
        }
    });
    if submit {
        forget_focus(ui, "sealed_focus");
    }
    submit
}

/// Put the keyboard focus on `r` once, when the window asking for it opens (not every frame:
/// Tab and clicks then work as usual).
fn focus_once(ui: &Ui, key: &str, r: &egui::Response) {
    let id = egui::Id::unique(key);
    if !ui.data(|d| d.get_temp::<bool>(id)).unwrap_or(false) {
        r.request_focus();
        ui.data_mut(|d| d.insert_temp(id, true));
    }
}

/// Forget [`focus_once`]'s mark, so the next time it asks it takes the focus again.
fn forget_focus(ui: &Ui, key: &str) {
    let id = egui::Id::unique(key);
    ui.data_mut(|d| d.remove::<bool>(id));
}
