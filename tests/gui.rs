//! The desktop app driven as a user drives it, through egui_kittest (no GPU or display needed for
//! these; the snapshot test renders on the CPU).
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use njtax_engine::Key;
use std::path::PathBuf;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use njtax_engine::answers::{Date, FilingStatus, Person};
use njtax_engine::money::fmt_money;
use njtax_engine::{Answers, ParamBook};
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};

fn blank_answers() -> Answers {
    Answers {
        tax_year: 2024,
        filing_status: FilingStatus::Single,
        taxpayer: Person {
            name: "Test Filer".into(),
            ssn: "400-00-0001".into(),
            birth_date: Date::new(1990, 5, 1),
            ..Person::default()
        },
        ..Answers::default()
    }
}

/// A New York resident with $50,000 of wages, $20,000 of them from New Jersey work: an NJ-1040NR
/// only (New York, because Pennsylvania wages would not be New Jersey income under the reciprocal
/// agreement).
fn new_york_resident_with_nj_wages() -> Answers {
    let mut answers = blank_answers();
    answers.taxpayer.residency.kind = njtax_engine::answers::ResidencyKind::Never;
    answers.taxpayer.residency.other_state = "New York".into();
    answers.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Bridge Works".into(),
        state_wages: rust_decimal::dec!(50000),
        sourcing: njtax_engine::answers::Sourcing {
            nj_source: Some(rust_decimal::dec!(20000)),
            ..Default::default()
        },
        ..Default::default()
    });
    answers
}

/// The value of a line by official id in the app's current snapshot (the first return).
fn shown_line(app: &App, id: &str) -> Option<rust_decimal::Decimal> {
    app.computed().and_then(|r| r.line(id)).map(|l| l.value)
}

fn harness_with(app: App) -> Harness<'static, App> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

fn app_with(answers: Answers, dialogs: ScriptedDialogs) -> App {
    App::new(
        answers,
        "Test draft",
        Box::new(dialogs),
        Box::new(MemoryRecent::default()),
    )
}

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("njtax-gui-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn go_to(h: &mut Harness<'_, App>, section: &str) {
    h.get_by_label(section).click();
    h.run();
}

/// The refund or balance-due figure in "Your NJ return", as the engine computes it.
fn engine_figure(answers: &Answers) -> String {
    let ret = njtax_engine::compute(answers, &ParamBook::load().unwrap()).unwrap();
    if ret.balance_due > rust_decimal::Decimal::ZERO {
        fmt_money(ret.balance_due)
    } else {
        fmt_money(ret.refund)
    }
}

#[test]
fn typing_wages_into_a_new_w2_updates_the_refund_figure_to_the_engines_value() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Income");
    h.get_by_label("Add a W-2").click();
    h.run();
    let wages = h.get_all_by_label("State wages (box 16)").last().unwrap();
    wages.focus();
    wages.type_text("52,000.50");
    h.run();
    let answers = h.state().doc.answers().clone();
    assert_eq!(answers.income.w2s.len(), 1);
    assert_eq!(
        answers.income.w2s[0].state_wages,
        rust_decimal::dec!(52000.50)
    );
    let figure = engine_figure(&answers);
    assert!(
        h.query_all_by_label(&figure).count() >= 1,
        "the panel shows {figure}"
    );
    // Single, $52,000.50 of wages and no withholding: a balance due.
    assert!(h.query_by_label("Balance due").is_some());
    // The return was computed once per change of the answers, not every frame.
    let computations = h.state().computations;
    h.run();
    h.run();
    assert_eq!(h.state().computations, computations);
}

#[test]
fn money_the_app_cannot_read_is_kept_as_typed_with_a_message() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Income");
    h.get_by_label("Add a W-2").click();
    h.run();
    let wages = h.get_all_by_label("State wages (box 16)").last().unwrap();
    wages.focus();
    wages.type_text("12x");
    h.run();
    assert!(h.query_by_label("The letter x is not a digit").is_some());
    assert_eq!(
        h.state()
            .ui_state
            .buffers
            .get("income.w2s[0].state_wages")
            .map(|b| b.text.as_str()),
        Some("12x")
    );
    let answers = h.state().doc.answers();
    // Not the $12 read from "12" a keystroke before: the answer counts as not given.
    assert!(answers.income.w2s[0].state_wages.is_zero());
    assert_eq!(
        answers
            .unreadable
            .get("income.w2s[0].state_wages")
            .map(|u| u.typed.as_str()),
        Some("12x")
    );
}

#[test]
fn adding_and_removing_a_dependent_changes_line_13() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    let before = shown_line(h.state(), "13").unwrap();
    go_to(&mut h, "You and your household");
    // Under the home address, below the fold: scroll to the button first.
    h.get_by_label("Add a dependent").scroll_to_me();
    h.run();
    h.get_by_label("Add a dependent").click();
    h.run();
    let with_one = shown_line(h.state(), "13").unwrap();
    assert_eq!(
        with_one - before,
        rust_decimal::dec!(1500),
        "a dependent adds $1,500 (54A:3-1(b)2)"
    );
    // The dependents are under the home address, below the fold: scroll to the button first.
    h.get_all_by_label_contains("Remove")
        .last()
        .unwrap()
        .scroll_to_me();
    h.run();
    let remove = h.get_all_by_label_contains("Remove").last().unwrap();
    remove.click();
    h.run();
    assert_eq!(shown_line(h.state(), "13").unwrap(), before);
    assert!(h.state().doc.answers().dependents.is_empty());
}

#[test]
fn switching_a_home_from_owned_to_rented_changes_lines_41_and_56() {
    let mut answers = blank_answers();
    answers.income.w2s.push(njtax_engine::answers::W2 {
        state_wages: rust_decimal::dec!(60000),
        ..Default::default()
    });
    answers.homesteads.push(njtax_engine::answers::Homestead {
        kind: njtax_engine::answers::HomesteadKind::Owner,
        property_taxes: rust_decimal::dec!(9000),
        rent_paid: rust_decimal::dec!(1200),
        ..Default::default()
    });
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    let (l41, l56) = (
        shown_line(h.state(), "41").unwrap(),
        shown_line(h.state(), "56").unwrap(),
    );
    assert_eq!(
        l41,
        rust_decimal::dec!(9000),
        "an owner deducts the property taxes"
    );
    assert!(l56.is_zero());
    go_to(&mut h, "Property tax");
    h.get_by_label("Rented").click();
    h.run();
    // Rented: 18% of $1,200 rent = $216, which saves less than $50, so the $50 credit instead.
    assert_eq!(shown_line(h.state(), "41").unwrap(), rust_decimal::dec!(0));
    assert_eq!(shown_line(h.state(), "56").unwrap(), rust_decimal::dec!(50));
}

#[test]
fn a_draft_opened_through_the_dialog_edited_saved_and_reopened_keeps_the_edit() {
    let dir = temp_dir("save");
    let saved = dir.join("edited.ron");
    let dialogs = ScriptedDialogs {
        open: vec![example("single-renter.ron"), saved.clone()],
        save: vec![saved.clone()],
    };
    let mut h = harness_with(app_with(blank_answers(), dialogs));
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open…").click();
    h.run();
    assert_eq!(h.state().doc.display_name(), "single-renter.ron");
    go_to(&mut h, "Income");
    let wages = h.get_all_by_label("State wages (box 16)").next().unwrap();
    wages.focus();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    wages.type_text("61234.56");
    h.run();
    assert!(h.state().doc.is_dirty());
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Save As…").click();
    h.run();
    assert!(!h.state().doc.is_dirty());
    assert!(saved.exists());
    // Reopen from disk through the dialog.
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open…").click();
    h.run();
    assert_eq!(
        h.state().doc.answers().income.w2s[0].state_wages,
        rust_decimal::dec!(61234.56)
    );
    assert_eq!(h.state().recent.first(), Some(&saved));
}

#[test]
fn new_asks_before_discarding_unsaved_changes() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Income");
    h.get_by_label("Add a W-2").click();
    h.run();
    assert!(h.state().doc.is_dirty());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert!(
        h.query_by_label("Unsaved changes").is_some(),
        "the prompt appears"
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(
        h.state().doc.answers().income.w2s.len(),
        1,
        "cancel keeps the work"
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    h.get_by_label("Discard changes").click();
    h.run();
    assert!(h.state().doc.answers().income.w2s.is_empty());
    assert!(!h.state().doc.is_dirty());
}

#[test]
fn undo_and_redo_answer_edits_with_the_keyboard() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Income");
    h.get_by_label("Add a W-2").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(h.state().doc.answers().income.w2s.is_empty());
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run();
    assert_eq!(h.state().doc.answers().income.w2s.len(), 1);
}

#[test]
fn clicking_a_diagnostic_lands_on_its_field() {
    let mut answers = blank_answers();
    answers.taxpayer.ssn.clear();
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Review");
    h.get_by_label_contains("Social Security number is missing")
        .click();
    h.run();
    h.run();
    let app = h.state();
    let household = app
        .interview
        .screens
        .iter()
        .position(|s| s.id == "household")
        .unwrap();
    assert_eq!(app.ui_state.screen, household);
    let focused = h.ctx.memory(|m| m.focused());
    assert_eq!(focused, Some(njtax_ui::fields::field_id("taxpayer.ssn")));
}

#[test]
fn the_form_view_explains_a_line_when_it_is_selected() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Form view");
    h.get_by_label("Line 13").click();
    h.run();
    assert!(
        h.query_by_label_contains("Citation: N.J.S.A. 54A:3-1")
            .is_some()
    );
}

#[test]
fn the_app_settles_and_stops_repainting_when_idle() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    let steps = h.try_run().expect("an idle app stops asking for frames");
    assert!(steps <= 2, "{steps} frames while idle");
    let computations = h.state().computations;
    h.run();
    assert_eq!(
        h.state().computations,
        computations,
        "no recomputation without a change"
    );
}

#[test]
fn every_screen_in_the_registry_is_reachable_from_the_section_list() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    let titles: Vec<String> = h
        .state()
        .interview
        .screens
        .iter()
        .map(|s| s.title.clone())
        .collect();
    for (i, title) in titles.iter().enumerate() {
        h.get_all_by_label(title).next().unwrap().click();
        h.run();
        assert_eq!(h.state().ui_state.screen, i, "{title}");
    }
}

#[test]
fn the_filing_status_helper_suggests_head_of_household_and_applies_it() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "You and your household");
    h.get_by_label("Help me choose a filing status").click();
    h.run();
    // Married? No. Widowed with a child? No. Keeps up a home for a qualifying person? Yes.
    h.get_all_by_label("No").next().unwrap().click();
    h.run();
    h.get_all_by_label("No").nth(1).unwrap().click();
    h.run();
    h.get_all_by_label("Yes").nth(2).unwrap().click();
    h.run();
    h.get_by_label("Use Head of household").click();
    h.run();
    assert_eq!(
        h.state().doc.answers().filing_status,
        FilingStatus::HeadOfHousehold
    );
}

/// Every text in the open-error window titled for `file`, in order (fails when there is no such
/// window).
fn open_error_texts(h: &Harness<'_, App>, file: &str) -> Vec<String> {
    use egui_kittest::kittest::NodeT as _;
    let title = njtax_ui::dialogs::open_error::title(file);
    let window = h.get_by_role_and_label(egui::accesskit::Role::AlertDialog, &title);
    window
        .query_all_by(|_| true)
        .filter_map(|n| {
            let n = n.accesskit_node();
            n.value().or_else(|| n.label())
        })
        .collect()
}

/// Open `path` through File > Open (Ctrl+O) in an app showing `blank_answers()`.
fn open_through_the_dialog(path: &std::path::Path) -> Harness<'static, App> {
    let dialogs = ScriptedDialogs {
        open: vec![path.to_path_buf()],
        ..ScriptedDialogs::default()
    };
    let mut h = harness_with(app_with(blank_answers(), dialogs));
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run();
    h
}

/// The open draft is the one the test started with, unchanged and not marked changed.
fn assert_the_open_draft_is_kept(h: &Harness<'_, App>) {
    assert_eq!(
        h.state().doc.answers(),
        &blank_answers(),
        "the open draft is kept"
    );
    assert!(!h.state().doc.is_dirty());
    assert_eq!(h.state().doc.display_name(), "Test draft");
}

#[test]
fn a_damaged_draft_is_explained_in_a_window_in_plain_words_and_nothing_changes() {
    let dir = temp_dir("damaged");
    let bad = dir.join("damaged.ron");
    let text = "Draft(\n  format_version: 1,\n  answers: (tax_year: 2024, income: (w2s: [(state_wages: 12)])),\n)";
    std::fs::write(&bad, text).unwrap();
    let mut h = open_through_the_dialog(&bad);
    let all = open_error_texts(&h, "damaged.ron").join("\n");
    assert!(
        all.contains(
            "This file is damaged near line 3: an amount must be written in double quotes, like \"1234.56\"."
        ),
        "{all}"
    );
    assert!(
        all.contains(&format!("In {}", dir.display())),
        "the folder: {all}"
    );
    assert!(all.contains("What you can do"), "{all}");
    assert!(all.contains("correct it near line 3"), "{all}");
    assert!(
        all.contains("Test draft is still open as it was, and damaged.ron has not been changed"),
        "{all}"
    );
    for jargon in ["RON", "Expected", "struct", "Decimal", "column"] {
        assert!(!all.contains(jargon), "no {jargon:?} in the window: {all}");
    }
    assert_the_open_draft_is_kept(&h);
    assert_eq!(
        std::fs::read_to_string(&bad).unwrap(),
        text,
        "the damaged file is not rewritten"
    );
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "nothing is written next to it"
    );
    // OK closes the window; the status bar still names the file.
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().ui_state.open_error.is_none());
    let (msg, is_error) = status(&h);
    assert!(is_error && msg.contains("damaged.ron"), "{msg}");
    assert_the_open_draft_is_kept(&h);
}

#[test]
fn a_damaged_draft_with_an_earlier_save_next_to_it_offers_to_open_that_save() {
    let dir = temp_dir("damaged-bak");
    let bad = dir.join("smith.ron");
    std::fs::write(
        &bad,
        "Draft(\n  format_version: 6,\n  answers: (tax_year: 2024,",
    )
    .unwrap();
    let earlier = njtax_engine::Draft {
        format_version: njtax_engine::FORMAT_VERSION,
        answers: new_york_resident_with_nj_wages(),
    };
    std::fs::write(
        dir.join("smith.ron.bak1"),
        njtax_engine::draft::draft_to_string(&earlier).unwrap(),
    )
    .unwrap();
    let mut h = open_through_the_dialog(&bad);
    let all = open_error_texts(&h, "smith.ron").join("\n");
    assert!(
        all.contains("This file is damaged near line 3: the file ends too early"),
        "{all}"
    );
    assert!(
        all.contains("open smith.ron.bak1 to go back to that save"),
        "{all}"
    );
    assert_the_open_draft_is_kept(&h);
    h.get_by_label("Open smith.ron.bak1").click();
    h.run();
    assert!(h.state().ui_state.open_error.is_none());
    assert_eq!(h.state().doc.answers(), &earlier.answers);
    assert_eq!(h.state().doc.display_name(), "smith.ron.bak1");
}

#[test]
fn a_draft_from_a_newer_version_is_explained_in_a_window_and_nothing_changes() {
    let dir = temp_dir("too-new");
    let newer = dir.join("from-next-year.ron");
    let text = format!(
        "Draft(format_version: {}, answers: (tax_year: 2024, a_new_answer: \"x\"))",
        njtax_engine::FORMAT_VERSION + 1
    );
    std::fs::write(&newer, &text).unwrap();
    let h = open_through_the_dialog(&newer);
    let all = open_error_texts(&h, "from-next-year.ron").join("\n");
    assert!(
        all.contains(&format!(
            "This draft was saved by a newer version of njtax (draft format {}); this version reads drafts up to format {}.",
            njtax_engine::FORMAT_VERSION + 1,
            njtax_engine::FORMAT_VERSION
        )),
        "{all}"
    );
    assert!(
        all.contains("Open it with the newer version of njtax"),
        "{all}"
    );
    assert!(!all.contains("RON"), "{all}");
    assert!(
        h.query_by_label_contains("Open from-next-year.ron.bak")
            .is_none(),
        "a sound file needs no earlier save"
    );
    assert_the_open_draft_is_kept(&h);
    assert_eq!(std::fs::read_to_string(&newer).unwrap(), text);
}

#[test]
fn a_file_that_is_not_a_draft_is_said_to_be_none() {
    let dir = temp_dir("not-a-draft");
    let pdf = dir.join("return.pdf");
    std::fs::write(&pdf, b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\xff\n").unwrap();
    let notes = dir.join("notes.ron");
    std::fs::write(&notes, "Receipts to find: dentist, daycare\n").unwrap();
    for (path, why) in [
        (&pdf, "it is not a text file"),
        (
            &notes,
            "it does not start the way njtax starts the drafts it saves",
        ),
    ] {
        let h = open_through_the_dialog(path);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let all = open_error_texts(&h, &name).join("\n");
        assert!(all.contains("This is not an njtax draft: "), "{all}");
        assert!(all.contains(why), "{all}");
        assert!(all.contains("File > New"), "{all}");
        assert_the_open_draft_is_kept(&h);
    }
}

/// 54A:6-10 c on the Income screen: a disabled 49-year-old's $30,000 pension is income on line
/// 20a until the filer ticks "Paid because of a permanent and total disability" on its 1099-R;
/// then line 20a is $0 and the $30,000 is on line 20b. The tick is only offered for a pension that
/// was paid out.
#[test]
fn ticking_a_disability_pension_leaves_it_out_of_line_20a() {
    let mut answers = blank_answers();
    answers.taxpayer.birth_date = Date::new(1975, 6, 1);
    answers.taxpayer.blind_or_disabled = true;
    answers
        .income
        .retirement
        .push(njtax_engine::answers::Retirement {
            payer: "Disability plan".into(),
            gross_distribution: rust_decimal::dec!(30000),
            taxable_amount: rust_decimal::dec!(30000),
            ..Default::default()
        });
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    assert_eq!(
        shown_line(h.state(), "20a").unwrap(),
        rust_decimal::dec!(30000)
    );
    go_to(&mut h, "Income");
    let tick = "Paid because of a permanent and total disability";
    h.get_by_label(tick).scroll_to_me();
    h.run();
    h.get_by_label(tick).click();
    h.run();
    assert!(h.state().doc.answers().income.retirement[0].disability_pension);
    assert_eq!(shown_line(h.state(), "20a").unwrap(), rust_decimal::dec!(0));
    assert_eq!(
        shown_line(h.state(), "20b").unwrap(),
        rust_decimal::dec!(30000)
    );
    // Not offered for an IRA.
    let mut ira = h.state().doc.answers().clone();
    ira.income.retirement[0].kind = njtax_engine::answers::RetirementKind::Ira;
    ira.income.retirement[0].disability_pension = false;
    let mut h = harness_with(app_with(ira, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Income");
    assert!(h.query_by_label(tick).is_none());
}

#[test]
fn selling_the_main_home_applies_the_principal_residence_exclusion() {
    let mut answers = blank_answers();
    answers
        .income
        .property_sales
        .push(njtax_engine::answers::PropertySale {
            description: "12 Elm St".into(),
            gain_or_loss: rust_decimal::dec!(180000),
            ..Default::default()
        });
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    assert_eq!(
        shown_line(h.state(), "19").unwrap(),
        rust_decimal::dec!(180000)
    );
    go_to(&mut h, "Income");
    for tick in [
        "This was your main home",
        "Owned and lived in it for 2 of the 5 years before the sale",
        "No home-sale exclusion in the 2 years before",
    ] {
        // Each question has its help under it: the later ones are further down the screen.
        h.get_by_label(tick).scroll_to_me();
        h.run();
        h.get_by_label(tick).click();
        h.run();
    }
    // A single filer excludes up to $250,000 (54A:6-9.1): the whole $180,000 gain.
    assert_eq!(shown_line(h.state(), "19").unwrap(), rust_decimal::dec!(0));
    let sale = &h.state().doc.answers().income.property_sales[0];
    assert!(
        sale.principal_residence
            .as_ref()
            .is_some_and(|r| r.owned_and_used_2_of_5_years && r.no_exclusion_in_prior_2_years)
    );
}

#[test]
fn a_mover_sees_the_part_year_nj_1040_and_an_nj_1040nr_tab_for_nj_wages_after_moving_out() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    // On the Start screen, as a user: the residency choice, then the first day as a resident.
    assert!(
        h.query_by_label("First day as a New Jersey resident")
            .is_none(),
        "the dates are asked only of a mover"
    );
    h.get_by_label("Moved into or out of New Jersey during the year")
        .click();
    h.run();
    let from = h.get_by_label("First day as a New Jersey resident");
    from.focus();
    from.type_text("2024-07-01");
    h.run();
    let residency = h.state().doc.answers().taxpayer.residency.clone();
    assert_eq!(
        residency.kind,
        njtax_engine::answers::ResidencyKind::PartYear
    );
    assert_eq!(residency.resident_from, Date::new(2024, 7, 1));

    go_to(&mut h, "Form view");
    assert!(
        h.query_by_label("NJ-1040 part-year resident return (resident period)")
            .is_some()
    );
    assert!(
        h.query_by_label("Period covered: 2024-07-01 to 2024-12-31, 6 months")
            .is_some()
    );
    let ret = h.state().selected_return().cloned().unwrap();
    assert_eq!(ret.value("13"), rust_decimal::dec!(1000));
    // Line 30: the $1,000 exemption for 6 months of 12 (54A:3-1(c)).
    assert_eq!(ret.value("30"), rust_decimal::dec!(500));
    assert!(
        h.query_all_by_label("$1,000.00").count() >= 1,
        "line 13 shown"
    );
    assert!(
        h.query_all_by_label("$500.00").count() >= 1,
        "line 30 shown"
    );
    // One return so far: no selector.
    assert!(h.query_by_label("NJ-1040NR (nonresident period)").is_none());

    // A W-2 with New Jersey wages earned after moving out: an NJ-1040NR for that period.
    go_to(&mut h, "Income");
    h.get_by_label("Add a W-2").click();
    h.run();
    for (label, amount) in [
        ("State wages (box 16)", "40,000"),
        ("Wages earned while not a NJ resident", "10,000"),
        ("New Jersey wages while not a resident", "10,000"),
    ] {
        let field = h.get_by_label(label);
        field.focus();
        field.type_text(amount);
        h.run();
    }
    let w2 = h.state().doc.answers().income.w2s[0].clone();
    assert_eq!(w2.sourcing.nonresident_period, rust_decimal::dec!(10000));
    assert_eq!(w2.sourcing.nj_source, Some(rust_decimal::dec!(10000)));
    go_to(&mut h, "Form view");
    // The selector button (the side panel also names the return, as a link).
    h.get_by_role_and_label(
        egui::accesskit::Role::Button,
        "NJ-1040NR (nonresident period)",
    )
    .click();
    h.run();
    assert!(
        h.query_by_label("NJ-1040NR nonresident return (nonresident period)")
            .is_some()
    );
    let nr = h.state().selected_return().cloned().unwrap();
    assert_eq!(nr.form, "NJ-1040NR");
    assert_eq!(nr.value("15B"), rust_decimal::dec!(10000));
    // "Why this number?" works on the selected return's lines.
    h.get_by_label("Line 15B").click();
    h.run();
    assert_eq!(h.state().ui_state.selected_line.as_deref(), Some("15B"));
    assert!(
        h.query_by_label_contains("Line 15B: ").is_some(),
        "the explanation of line 15B is shown"
    );
    let explained = h.state().selected_return().cloned().unwrap();
    assert!(
        explained
            .line("15B")
            .is_some_and(|l| !l.explanation.rule.is_empty()),
        "the form view's return carries explanations"
    );
    // The side panel lists both returns and the total.
    assert!(
        h.query_by_label("Total balance due").is_some()
            || h.query_by_label("Total refund").is_some()
    );
}

#[test]
fn a_nonresidents_form_view_shows_the_nj_1040nr_with_the_income_percentage() {
    let answers = new_york_resident_with_nj_wages();
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Form view");
    assert!(h.query_by_label("NJ-1040NR nonresident return").is_some());
    let ret = h.state().selected_return().cloned().unwrap();
    assert_eq!(ret.form, "NJ-1040NR");
    assert_eq!(ret.value("41"), rust_decimal::dec!(0.4));
    // Line 41 is a percentage, not money: $20,000 of $50,000.
    assert!(h.query_by_label("Line 41").is_some());
    // In the form and in the side panel's key lines.
    assert!(
        h.query_all_by_label("40.00%").count() >= 2,
        "line 41 as 40.00%"
    );
    assert!(h.query_by_label("$0.40").is_none());
}

#[test]
fn tab_moves_from_a_movers_first_day_to_the_last_day_and_on_to_the_other_state() {
    let mut answers = blank_answers();
    answers.taxpayer.residency.kind = njtax_engine::answers::ResidencyKind::PartYear;
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    h.get_by_label("First day as a New Jersey resident").focus();
    h.run();
    let focused = |h: &Harness<'_, App>| h.ctx.memory(|m| m.focused());
    assert_eq!(
        focused(&h),
        Some(njtax_ui::fields::field_id(
            "taxpayer.residency.resident_from"
        ))
    );
    h.key_press(egui::Key::Tab);
    h.run();
    assert_eq!(
        focused(&h),
        Some(njtax_ui::fields::field_id("taxpayer.residency.resident_to"))
    );
    h.key_press(egui::Key::Tab);
    h.run();
    assert_eq!(
        focused(&h),
        Some(njtax_ui::fields::field_id("taxpayer.residency.other_state"))
    );
}

/// The home address and last year's gross income are typed on the household screen, field by
/// field found by their labels; Tab goes through the address in the order of an envelope and on
/// to last year's gross income. The figures change nothing on this year's return.
#[test]
fn typing_the_home_address_and_last_years_gross_income_fills_the_answers() {
    let mut answers = blank_answers();
    answers.income.w2s.push(njtax_engine::answers::W2 {
        state_wages: rust_decimal::dec!(52000),
        nj_tax_withheld: rust_decimal::dec!(2000),
        ..Default::default()
    });
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    let refund_before = shown_line(h.state(), "66");
    let gross_before = shown_line(h.state(), "29");
    assert_eq!(gross_before, Some(rust_decimal::dec!(52000)));
    go_to(&mut h, "You and your household");
    type_into(&mut h, "Street address", "12 Linden Avenue");
    type_into(&mut h, "Apartment or unit", "Apt 3");
    type_into(&mut h, "City, town or post office", "Trenton");
    type_into(&mut h, "State", "NJ");
    type_into(&mut h, "ZIP code", "08608-1234");
    type_into(&mut h, "County/municipality code", "1111");
    type_into(&mut h, "Last year's New Jersey gross income", "48,400.50");
    let a = h.state().doc.answers().clone();
    assert_eq!(a.address.street, "12 Linden Avenue");
    assert_eq!(a.address.apartment, "Apt 3");
    assert_eq!(a.address.city, "Trenton");
    assert_eq!(a.address.state, "NJ");
    assert_eq!(a.address.zip, "08608-1234");
    assert_eq!(a.address.country, "");
    assert_eq!(a.address.municipality_code, "1111");
    assert_eq!(
        a.address.lines(),
        vec!["12 Linden Avenue, Apt 3", "Trenton, NJ 08608-1234"]
    );
    assert_eq!(
        a.last_year.nj_gross_income,
        Some(rust_decimal::dec!(48400.50))
    );
    assert!(h.state().doc.is_dirty());
    // Neither is used in a computation.
    assert_eq!(shown_line(h.state(), "66"), refund_before);
    assert_eq!(shown_line(h.state(), "29"), gross_before);
    // Emptying last year's gross income makes it "none", not zero.
    h.get_all_by_label("Last year's New Jersey gross income")
        .last()
        .unwrap()
        .focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.run();
    assert_eq!(h.state().doc.answers().last_year.nj_gross_income, None);
    // Tab order: street, apartment, city, state, ZIP, country, municipality code, last year's
    // gross income.
    h.get_all_by_label("Street address").last().unwrap().focus();
    h.run();
    let focused = |h: &Harness<'_, App>| h.ctx.memory(|m| m.focused());
    for path in [
        "address.apartment",
        "address.city",
        "address.state",
        "address.zip",
        "address.country",
        "address.municipality_code",
        "last_year.nj_gross_income",
    ] {
        h.key_press(egui::Key::Tab);
        h.run();
        assert_eq!(
            focused(&h),
            Some(njtax_ui::fields::field_id(path)),
            "{path}"
        );
    }
}

/// A single filer with $60,000 of wages (NJ tax withheld) and a $40,000 sole proprietorship.
fn employer_answers() -> Answers {
    let mut a = blank_answers();
    a.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Acme".into(),
        state_wages: rust_decimal::dec!(60000),
        nj_tax_withheld: rust_decimal::dec!(3800),
        ..Default::default()
    });
    a.income.businesses.push(njtax_engine::answers::Business {
        name: "Bakery".into(),
        net_profit: rust_decimal::dec!(40000),
        ..Default::default()
    });
    a
}

fn type_into(h: &mut Harness<'_, App>, label: &str, text: &str) {
    let field = h.get_all_by_label(label).last().unwrap();
    field.focus();
    field.type_text(text);
    h.run();
}

/// Replace the "0" a whole-number field shows with `text`.
fn replace_number(h: &mut Harness<'_, App>, label: &str, text: &str) {
    h.get_all_by_label(label).last().unwrap().focus();
    h.run();
    h.key_press(egui::Key::End);
    h.key_press(egui::Key::Backspace);
    h.run();
    h.get_all_by_label(label).last().unwrap().type_text(text);
    h.run();
}

fn computed_set(answers: &Answers) -> njtax_engine::compute::ReturnSet {
    njtax_engine::compute::compute_set(answers, &ParamBook::load().unwrap()).unwrap()
}

#[test]
fn a_sheltered_workshop_employee_fills_line_46_and_lowers_line_50() {
    let mut h = harness_with(app_with(employer_answers(), ScriptedDialogs::default()));
    h.run();
    let before_46 = shown_line(h.state(), "46").unwrap();
    let before_50 = shown_line(h.state(), "50").unwrap();
    assert!(before_46.is_zero());
    assert!(before_50 > rust_decimal::Decimal::ZERO, "the draft has tax");
    go_to(&mut h, "Employer and business credits");
    h.get_by_label("Add a business").click();
    h.run();
    type_into(&mut h, "Business name", "Bakery");
    type_into(&mut h, "NJ-source gross income from the business", "40000");
    h.get_by_label("Add a qualified employee").click();
    h.run();
    type_into(&mut h, "Employee's name", "Sam");
    type_into(&mut h, "Business that employs the person", "Bakery");
    type_into(&mut h, "Wages paid in the year", "6,000");
    replace_number(&mut h, "Weeks with 25 hours or more", "30");
    h.get_by_label("Holds a special license (paid below minimum wage)")
        .click();
    h.run();
    let e = &h
        .state()
        .doc
        .answers()
        .business_credits
        .sheltered_workshop_employees[0];
    assert_eq!(e.wages_paid, rust_decimal::dec!(6000));
    assert_eq!(e.weeks_of_25_hours, 30);
    assert!(e.special_license);
    // The engine's figures for what was typed: line 46 is the 20% credit (at most $1,000) within
    // the 50% limit (54A:4-11 a, c), and line 50 = line 45 - line 49.
    let set = computed_set(h.state().doc.answers());
    let ret = set.primary().unwrap();
    let l46 = ret.line("46").unwrap().value;
    let l50 = ret.line("50").unwrap().value;
    assert!(l46 > rust_decimal::Decimal::ZERO && l46 <= rust_decimal::dec!(1000));
    assert_eq!(
        l50,
        ret.line("45").unwrap().value - ret.line("49").unwrap().value
    );
    assert_eq!(shown_line(h.state(), "46"), Some(l46));
    assert_eq!(shown_line(h.state(), "50"), Some(l50));
    assert_eq!(before_50 - l50, l46, "line 50 drops by the credit");
    go_to(&mut h, "Form view");
    assert!(h.query_all_by_label(&fmt_money(l46)).count() >= 1);
    assert!(h.query_all_by_label(&fmt_money(l50)).count() >= 1);
    assert!(h.query_by_label("Business credits schedule").is_some());
    h.get_by_label("Line 46").scroll_to_me();
    h.run();
    h.get_by_label("Line 46").click();
    h.run();
    assert_eq!(h.state().ui_state.selected_line.as_deref(), Some("46"));
    assert!(
        h.query_by_label_contains("Citation: N.J.S.A. 54A:4-11")
            .is_some()
    );
}

#[test]
fn an_impaired_employee_certificate_appears_on_the_schedule_with_the_separately_claimed_figure() {
    let mut h = harness_with(app_with(employer_answers(), ScriptedDialogs::default()));
    h.run();
    assert!(
        h.query_by_label_contains("With credits claimed separately")
            .is_none()
    );
    go_to(&mut h, "Employer and business credits");
    h.get_by_label("Add an impaired-employee certificate")
        .click();
    h.run();
    type_into(&mut h, "Certificate number", "LWD-1");
    replace_number(&mut h, "Year the certificate is for", "2024");
    type_into(&mut h, "Certified credit amount", "800");
    let c = &h
        .state()
        .doc
        .answers()
        .business_credits
        .impaired_employee_certificates[0];
    assert_eq!(c.certificate_year, 2024);
    assert_eq!(c.certified_amount, rust_decimal::dec!(800));
    let set = computed_set(h.state().doc.answers());
    let schedule = &set.primary().unwrap().business_credits;
    let row = schedule
        .rows
        .iter()
        .find(|r| r.kind == njtax_engine::answers::CreditKind::ImpairedEmployee)
        .expect("the certificate's row");
    assert_eq!(row.applied, rust_decimal::dec!(800));
    assert!(row.line.is_none(), "no NJ-1040 line: claimed separately");
    let net = schedule.net_after_separate_claims;
    assert!(
        net > rust_decimal::Decimal::ZERO,
        "the certificate turns it into a refund"
    );
    let words = format!("With credits claimed separately: refund {}", fmt_money(net));
    assert!(h.query_by_label(&words).is_some(), "side panel: {words}");
    go_to(&mut h, "Form view");
    assert!(h.query_by_label(&row.name).is_some());
    assert!(
        h.query_by_label_contains("Claimed separately: No line on the NJ-1040")
            .is_some()
    );
    assert!(
        h.query_by_label_contains(&format!(
            "Once they are allowed, this return's outcome is: refund {}",
            fmt_money(net)
        ))
        .is_some()
    );
    // "Why?" shows the row's explanation, and hides it again.
    h.get_by_label("Why?").scroll_to_me();
    h.run();
    h.get_by_label("Why?").click();
    h.run();
    assert_eq!(h.state().ui_state.selected_credit_row, Some(0));
    assert!(
        h.query_by_label_contains("Citation: N.J.S.A. 54A:4-18")
            .is_some()
    );
    h.get_by_label("Hide why").scroll_to_me();
    h.run();
    h.get_by_label("Hide why").click();
    h.run();
    assert_eq!(h.state().ui_state.selected_credit_row, None);
}

#[test]
fn tab_moves_through_a_sheltered_workshop_employees_fields() {
    let mut h = harness_with(app_with(employer_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Employer and business credits");
    h.get_by_label("Add a qualified employee").click();
    h.run();
    h.get_by_label("Employee's name").focus();
    h.run();
    let focused = |h: &Harness<'_, App>| h.ctx.memory(|m| m.focused());
    let base = "business_credits.sheltered_workshop_employees[0]";
    assert_eq!(
        focused(&h),
        Some(njtax_ui::fields::field_id(&format!("{base}.name")))
    );
    for next in ["business", "wages_paid", "weeks_of_25_hours"] {
        h.key_press(egui::Key::Tab);
        h.run();
        assert_eq!(
            focused(&h),
            Some(njtax_ui::fields::field_id(&format!("{base}.{next}"))),
            "Tab to {next}"
        );
    }
}

#[test]
fn the_estimator_shows_the_engines_estimate_under_each_employee() {
    let mut h = harness_with(app_with(employer_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Impaired-employee credit estimator");
    h.get_by_label("Add an employee to estimate").click();
    h.run();
    type_into(&mut h, "Employee's name", "Alex");
    type_into(&mut h, "Hours worked last year", "1000");
    type_into(&mut h, "Wages paid last year", "12,000");
    type_into(&mut h, "Payroll taxes paid last year", "918");
    type_into(&mut h, "Minimum wage last year", "12");
    type_into(&mut h, "Hours expected this year", "1000");
    type_into(&mut h, "Minimum wage this year", "13");
    type_into(&mut h, "Payroll tax rate this year (%)", "7.65");
    let e = &h
        .state()
        .doc
        .answers()
        .business_credits
        .impaired_employee_estimates[0];
    assert_eq!(e.payroll_tax_rate_this_year, rust_decimal::dec!(0.0765));
    let p = ParamBook::load().unwrap().for_year(2024).unwrap();
    let want = njtax_engine::rules::impaired_estimator::estimate(e, &p.business_credits, 2024);
    assert_eq!(h.state().snapshot.impaired_estimates, vec![want.clone()]);
    assert!(h.query_by_label("Preliminary estimate").is_some());
    assert!(
        want.preliminary > rust_decimal::Decimal::ZERO,
        "a minimum wage rise"
    );
    assert!(
        h.query_by_label(&format!(
            "Estimated credit: {}",
            fmt_money(want.preliminary)
        ))
        .is_some()
    );
    assert!(
        h.query_by_label_contains("The same hours as last year")
            .is_some()
    );
}

#[test]
fn start_next_years_draft_carries_the_unused_sheltered_workshop_credit() {
    let mut a = employer_answers();
    let b = &mut a.business_credits;
    b.sheltered_workshop_businesses
        .push(njtax_engine::answers::ShelteredWorkshopBusiness {
            name: "Bakery".into(),
            nj_source_income: rust_decimal::dec!(4000),
            ..Default::default()
        });
    b.sheltered_workshop_employees
        .push(njtax_engine::answers::ShelteredWorkshopEmployee {
            name: "Sam".into(),
            business: "Bakery".into(),
            wages_paid: rust_decimal::dec!(6000),
            weeks_of_25_hours: 30,
            special_license: true,
            ..Default::default()
        });
    let set = computed_set(&a);
    let forward = set.primary().unwrap().business_credits.rows[0].carried_forward;
    assert!(
        forward > rust_decimal::Decimal::ZERO,
        "the 50% limit leaves some unused"
    );
    let mut h = harness_with(app_with(a, ScriptedDialogs::default()));
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Start next year's draft…").click();
    h.run();
    let next = h.state().doc.answers();
    assert_eq!(next.tax_year, 2025);
    assert_eq!(next.taxpayer.name, "Test Filer");
    assert!(next.income.w2s.is_empty());
    let carried = &next.business_credits.carryovers;
    assert_eq!(carried.len(), 1);
    assert_eq!(carried[0].origin_year, 2024);
    assert_eq!(carried[0].remaining, forward);
    assert!(
        h.state().doc.is_dirty(),
        "next year's draft is not saved yet"
    );
}

/// A joint return whose ledger holds both spouses' carryovers says whose each row is; a return with
/// only the taxpayer's does not add the column.
#[test]
fn the_carryover_ledger_names_whose_credit_each_row_is_on_a_joint_return() {
    use njtax_engine::answers::{CarryoverEntry, CreditKind, FilingStatus, Owner, Person};
    let mut a = employer_answers();
    let carry = |owner| CarryoverEntry {
        owner,
        credit: CreditKind::ShelteredWorkshop,
        origin_year: 2022,
        remaining: rust_decimal::dec!(250),
    };
    a.business_credits.carryovers.push(carry(Owner::Taxpayer));
    let mut h = harness_with(app_with(a.clone(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Form view");
    assert!(h.query_by_label("Carryover ledger").is_some());
    assert!(h.query_by_label("Whose").is_none());

    a.filing_status = FilingStatus::MarriedJoint;
    a.spouse = Some(Person {
        name: "Pat".into(),
        ..Default::default()
    });
    a.business_credits.carryovers.push(carry(Owner::Spouse));
    let mut h = harness_with(app_with(a, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Form view");
    assert!(h.query_by_label("Whose").is_some());
    assert!(h.query_by_label("Spouse").is_some());
    assert!(h.query_by_label("Taxpayer").is_some());
}

/// The review screen lists each credit claimed with its amount and where the official return takes
/// it: a line with its form (GIT-317 for line 46), or the certificate to send.
#[test]
fn review_lists_where_each_claimed_credit_goes() {
    use njtax_engine::answers::{
        ImpairedEmployeeCertificate, ShelteredWorkshopBusiness, ShelteredWorkshopEmployee,
    };
    let mut a = employer_answers();
    a.business_credits
        .sheltered_workshop_businesses
        .push(ShelteredWorkshopBusiness {
            name: "Bakery".into(),
            nj_source_income: rust_decimal::dec!(40000),
            ..Default::default()
        });
    a.business_credits
        .sheltered_workshop_employees
        .push(ShelteredWorkshopEmployee {
            name: "Sam".into(),
            business: "Bakery".into(),
            wages_paid: rust_decimal::dec!(2000),
            weeks_of_25_hours: 30,
            special_license: true,
            ..Default::default()
        });
    a.business_credits
        .impaired_employee_certificates
        .push(ImpairedEmployeeCertificate {
            certificate: "LWD-1".into(),
            certificate_year: 2024,
            certified_amount: rust_decimal::dec!(300),
            ..Default::default()
        });
    let set = computed_set(&a);
    let rows = &set.primary().unwrap().business_credits.rows;
    let sw = rows
        .iter()
        .find(|r| r.kind == njtax_engine::answers::CreditKind::ShelteredWorkshop)
        .unwrap();
    // 20% of $2,000 = $400, well within the 50% limit of this return's tax.
    assert_eq!(sw.applied, rust_decimal::dec!(400));
    let mut h = harness_with(app_with(a, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Review");
    assert!(
        h.query_by_label("Credits to claim: where each one goes")
            .is_some()
    );
    assert!(
        h.query_by_label_contains(
            "Sheltered workshop tax credit $400.00: NJ-1040 line 46, with Form GIT-317"
        )
        .is_some()
    );
    assert!(
        h.query_by_label_contains(
            "$300.00: No line on the NJ-1040: file the return, then send the Labor certificate"
        )
        .is_some()
    );
}

/// A single resident with $80,000 of wages and nothing withheld: tax due ($2,908 on line 50; 80% of
/// it is $581.60 an installment), no estimated payments.
/// Head of household with $40,000 of wages and a child born in 2021: no federal care credit typed.
fn care_answers() -> Answers {
    let mut a = blank_answers();
    a.filing_status = FilingStatus::HeadOfHousehold;
    a.dependents.push(njtax_engine::answers::Dependent {
        name: "Kid Filer".into(),
        ssn: "400-00-0002".into(),
        birth_date: Date::new(2021, 3, 1),
        relationship: njtax_engine::answers::Relationship::Child,
        months_lived_with_you: 12,
        ..Default::default()
    });
    a.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Acme".into(),
        state_wages: rust_decimal::dec!(40000),
        ..Default::default()
    });
    a
}

#[test]
fn typing_the_form_2441_facts_fills_line_64_with_the_worksheets_credit() {
    let mut h = harness_with(app_with(care_answers(), ScriptedDialogs::default()));
    h.run();
    assert_eq!(shown_line(h.state(), "64"), Some(rust_decimal::dec!(0)));
    go_to(&mut h, "Credits");
    h.get_by_label("Work out the credit from your care expenses")
        .scroll_to_me();
    h.run();
    h.get_by_label("Work out the credit from your care expenses")
        .click();
    h.run();
    type_into(&mut h, "Care expenses paid for the year", "4,000");
    h.get_by_label("One person").click();
    h.run();
    type_into(&mut h, "Your earned income for the care credit", "40000");
    type_into(&mut h, "Federal adjusted gross income", "40000");
    // Before the tax limit is given, the worksheet is not complete: an error at that answer and
    // line 64 still zero.
    let before = h.state().doc.answers().clone();
    let set = computed_set(&before);
    let ret = set.primary().unwrap();
    assert!(
        ret.diagnostics
            .iter()
            .any(|d| d.path.as_deref() == Some("federal.care.tax_limit"))
    );
    assert_eq!(shown_line(h.state(), "64"), Some(rust_decimal::dec!(0)));
    type_into(&mut h, "Tax limit on the care credit", "1500");
    let care = h.state().doc.answers().federal.care.clone().unwrap();
    assert_eq!(care.expenses, rust_decimal::dec!(4000));
    assert_eq!(
        care.qualifying_persons,
        Some(njtax_engine::answers::QualifyingPersons::One)
    );
    assert_eq!(care.taxpayer_earned_income, Some(rust_decimal::dec!(40000)));
    assert_eq!(care.tax_limit, Some(rust_decimal::dec!(1500)));
    // Form 2441: $3,000 (one person) x 22% (AGI $40,000) = $660, under the $1,500 limit. Line 42
    // $37,500 (40,000 less the $1,000 and $1,500 exemptions): 40% of $660 = $264.00.
    assert_eq!(
        shown_line(h.state(), "64"),
        Some(rust_decimal::dec!(264.00))
    );
    assert_eq!(
        line_value(h.state().doc.answers(), Key::ChildCareCredit),
        rust_decimal::dec!(264.00)
    );
    // The spouse questions are not asked on a head-of-household return.
    assert!(
        h.query_by_label("Spouse's earned income for the care credit")
            .is_none()
    );
}

fn uninsured_answers() -> Answers {
    let mut a = blank_answers();
    a.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Acme".into(),
        state_wages: rust_decimal::dec!(80000),
        ..Default::default()
    });
    a
}

fn line_value(answers: &Answers, key: Key) -> rust_decimal::Decimal {
    let set = computed_set(answers);
    set.primary()
        .and_then(|r| r.by_key(key).map(|l| l.value))
        .unwrap_or_default()
}

#[test]
fn ticking_five_months_without_coverage_for_an_adult_sets_line_53c_to_the_engines_payment() {
    let answers = uninsured_answers();
    assert_eq!(
        line_value(&answers, Key::SharedResponsibility),
        rust_decimal::Decimal::ZERO
    );
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Health coverage");
    for m in ["January", "February", "March", "April", "May"] {
        h.get_by_label(&format!("Your months without coverage: {m}"))
            .click();
        h.run();
    }
    let now = h.state().doc.answers().clone();
    assert_eq!(
        now.taxpayer.coverage.months_without_coverage,
        vec![1, 2, 3, 4, 5]
    );
    let payment = line_value(&now, Key::SharedResponsibility);
    assert!(payment > rust_decimal::Decimal::ZERO, "line 53c: {payment}");
    // The screen shows line 53c with the engine's figure.
    assert!(h.query_by_label(&fmt_money(payment)).is_some());
    // The exempt months appear once there are months without coverage.
    assert!(
        h.query_by_label("Your exempt months: May").is_some(),
        "exempt months grid"
    );
}

#[test]
fn tab_moves_through_the_month_grid_and_space_ticks_a_month() {
    let mut h = harness_with(app_with(uninsured_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Health coverage");
    let name = |m: &str| format!("Your months without coverage: {m}");
    h.get_by_label(&name("January")).focus();
    h.run();
    assert!(h.get_by_label(&name("January")).is_focused());
    for m in njtax_ui::fields::MONTHS.iter().skip(1) {
        h.key_press(egui::Key::Tab);
        h.run();
        assert!(
            h.get_by_label(&name(m)).is_focused(),
            "Tab did not reach {m}"
        );
    }
    h.key_press(egui::Key::Space);
    h.run();
    assert_eq!(
        h.state()
            .doc
            .answers()
            .taxpayer
            .coverage
            .months_without_coverage,
        vec![12]
    );
}

#[test]
fn the_next_year_screen_shows_the_engines_four_installments() {
    let answers = uninsured_answers();
    let set = computed_set(&answers);
    let plan = set
        .primary()
        .and_then(|r| r.next_year.clone())
        .expect("a plan");
    assert!(plan.required);
    assert_eq!(plan.installments.len(), 4);
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Next year");
    h.get_by_label(&format!("Estimated tax for {}", plan.year));
    h.get_by_label("Estimated payments are required.");
    for inst in &plan.installments {
        let due = inst.due.expect("a due date").to_string();
        assert!(h.query_by_label(&due).is_some(), "installment due {due}");
    }
    // Each installment's amount and what is left to pay.
    assert!(
        h.query_all_by_label(&fmt_money(plan.installments[0].to_pay))
            .count()
            >= 4
    );
}

#[test]
fn typing_a_short_estimated_payment_makes_line_52_the_engines_interest() {
    use njtax_engine::answers::EstimatedPayment;
    let mut answers = uninsured_answers();
    for (y, m, d) in [(2024, 4, 15), (2024, 6, 17), (2024, 9, 16), (2025, 1, 15)] {
        answers.payments.estimated.push(EstimatedPayment {
            date: Date::new(y, m, d),
            amount: rust_decimal::dec!(600),
        });
    }
    assert_eq!(
        line_value(&answers, Key::EstimatedTaxInterest),
        rust_decimal::Decimal::ZERO,
        "four payments on time: no interest"
    );
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Payments");
    h.get_all_by_label("Amount paid").next().unwrap().focus();
    h.run();
    h.key_press(egui::Key::End);
    for _ in 0..8 {
        h.key_press(egui::Key::Backspace);
    }
    h.run();
    h.get_all_by_label("Amount paid")
        .next()
        .unwrap()
        .type_text("50");
    h.run();
    let now = h.state().doc.answers().clone();
    assert_eq!(now.payments.estimated[0].amount, rust_decimal::dec!(50));
    let interest = line_value(&now, Key::EstimatedTaxInterest);
    assert!(
        interest > rust_decimal::Decimal::ZERO,
        "line 52: {interest}"
    );
    // The Payments screen shows line 52 with the engine's figure.
    assert!(
        h.query_by_label(&fmt_money(interest)).is_some(),
        "line 52 {} not shown",
        fmt_money(interest)
    );
}

// File > Print to PDF… and File > Save hand-off sheet…

/// The app's status-bar message and whether it is an error.
fn status(h: &Harness<'_, App>) -> (String, bool) {
    h.state().ui_state.message.clone().unwrap_or_default()
}

fn click_file_menu(h: &mut Harness<'_, App>, entry: &str) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label(entry).click();
    settle(h);
}

/// Run frames until the app stops asking for one. An entry that starts a background read (the
/// clinic roster) wakes the window when the read ends, which on a loaded machine can fall after
/// the harness's few steps of one `run`: run again until it settles (at most 20 times).
fn settle(h: &mut Harness<'_, App>) {
    for _ in 0..20 {
        if h.try_run().is_ok() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.run();
}

/// An app on `answers` whose save dialog answers with a fresh `file` in a temporary folder named
/// for `tag` (any file left there by an earlier run removed), after its first frame.
fn app_saving_to(tag: &str, file: &str, answers: Answers) -> (Harness<'static, App>, PathBuf) {
    let out = temp_dir(tag).join(file);
    let _ = std::fs::remove_file(&out);
    let dialogs = ScriptedDialogs {
        save: vec![out.clone()],
        ..Default::default()
    };
    let mut h = harness_with(app_with(answers, dialogs));
    h.run();
    (h, out)
}

fn answers_with_last_year() -> Answers {
    let mut a = blank_answers();
    a.last_year.nj_gross_income = Some(rust_decimal::dec!(48250));
    a.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Shore Diner".into(),
        state_wages: rust_decimal::dec!(52000),
        ..Default::default()
    });
    a
}

#[test]
fn print_to_pdf_in_the_file_menu_writes_the_pdf_at_the_chosen_path() {
    let (mut h, out) = app_saving_to("print-pdf", "return.pdf", answers_with_last_year());
    click_file_menu(&mut h, "Print to PDF…");
    let bytes = std::fs::read(&out).expect("the PDF is written");
    assert!(bytes.starts_with(b"%PDF-"), "a PDF file");
    // The same bytes as the printing crate makes from the same answers.
    let a = h.state().doc.answers().clone();
    let expected = njtax_print::return_pdf(
        &a,
        &computed_set(&a),
        "",
        &njtax_print::PrintOptions::default(),
    )
    .unwrap();
    assert_eq!(bytes.len(), expected.len());
    let (msg, is_error) = status(&h);
    assert!(!is_error, "{msg}");
    assert!(msg.contains(&out.display().to_string()), "{msg}");
    assert!(
        !msg.contains(njtax_print::DRAFT_MARK),
        "no errors, no draft mark: {msg}"
    );
    assert!(!h.state().doc.is_dirty(), "printing changes no answer");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the PDF holds SSNs: private like drafts");
    }
}

#[test]
fn ctrl_p_prints_and_a_return_with_errors_is_said_to_be_marked_draft() {
    let mut a = answers_with_last_year();
    a.taxpayer.ssn = String::new(); // missing-ssn: an error
    let (mut h, out) = app_saving_to("print-ctrl-p", "with-errors.pdf", a);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::P);
    h.run();
    let bytes = std::fs::read(&out).expect("Ctrl+P writes the PDF");
    assert!(bytes.starts_with(b"%PDF-"));
    let (msg, is_error) = status(&h);
    assert!(!is_error, "{msg}");
    assert!(msg.contains(&out.display().to_string()), "{msg}");
    assert!(
        msg.contains(&format!("\"{}\"", njtax_print::DRAFT_MARK)),
        "{msg}"
    );
}

#[test]
fn save_hand_off_sheet_writes_the_text_with_last_years_gross_income() {
    let (mut h, out) = app_saving_to("handoff", "sheet.txt", answers_with_last_year());
    click_file_menu(&mut h, "Save hand-off sheet…");
    let text = std::fs::read_to_string(&out).expect("the sheet is written");
    assert!(
        text.contains("Last year's New Jersey gross income (2023 NJ-1040 line 29): $48,250.00"),
        "{text}"
    );
    assert!(text.contains("400-00-0001"), "SSNs in full by default");
    let a = h.state().doc.answers().clone();
    let expected = njtax_print::handoff(&a, &computed_set(&a), false)
        .unwrap()
        .to_text();
    assert_eq!(text, expected);
    let (msg, is_error) = status(&h);
    assert!(
        !is_error && msg.contains(&out.display().to_string()),
        "{msg}"
    );
}

#[test]
fn the_last_4_digits_checkbox_masks_ssns_in_the_hand_off_sheet_and_is_not_saved() {
    let dir = temp_dir("handoff-mask");
    let out = dir.join("masked.txt");
    let draft = dir.join("masked.ron");
    let _ = std::fs::remove_file(&out);
    let dialogs = ScriptedDialogs {
        save: vec![out.clone(), draft.clone()],
        ..Default::default()
    };
    let mut h = harness_with(app_with(answers_with_last_year(), dialogs));
    h.run();
    click_file_menu(&mut h, "Show only the last 4 digits of SSNs");
    assert!(h.state().ui_state.print_mask_ssns);
    assert!(!h.state().doc.is_dirty(), "a UI choice, not an answer");
    h.key_press(egui::Key::Escape);
    h.run();
    click_file_menu(&mut h, "Save hand-off sheet…");
    let text = std::fs::read_to_string(&out).expect("the sheet is written");
    assert!(text.contains("***-**-0001"), "{text}");
    assert!(!text.contains("400-00-0001"), "{text}");
    // Saving the draft keeps the full SSN and nothing about the choice.
    click_file_menu(&mut h, "Save As…");
    let saved = std::fs::read_to_string(&draft).unwrap();
    assert!(saved.contains("400-00-0001"));
    assert!(!saved.contains("mask"), "{saved}");
}

#[test]
fn a_nonresident_draft_gets_a_message_instead_of_a_hand_off_sheet_but_still_prints() {
    let dir = temp_dir("handoff-nr");
    let sheet = dir.join("nr-sheet.txt");
    let pdf = dir.join("nr.pdf");
    let _ = std::fs::remove_file(&sheet);
    let _ = std::fs::remove_file(&pdf);
    let answers = new_york_resident_with_nj_wages();
    // The sheet is refused before the dialog is asked, so the first save answer goes to the PDF.
    let dialogs = ScriptedDialogs {
        save: vec![pdf.clone(), sheet.clone()],
        ..Default::default()
    };
    let mut h = harness_with(app_with(answers, dialogs));
    h.run();
    click_file_menu(&mut h, "Save hand-off sheet…");
    let (msg, is_error) = status(&h);
    assert!(is_error, "{msg}");
    assert!(msg.contains("no NJ-1040 (resident) return"), "{msg}");
    assert!(!sheet.exists() && !pdf.exists());
    click_file_menu(&mut h, "Print to PDF…");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    assert!(!sheet.exists());
}

#[test]
fn a_failed_write_shows_a_message_and_leaves_existing_files_alone() {
    let dir = temp_dir("print-fail");
    let missing = dir.join("no-such-folder").join("return.pdf");
    let folder = dir.join("folder.pdf");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("inside.txt"), "kept").unwrap();
    let draft = dir.join("draft.ron");
    njtax_ui::files::write_draft(
        &draft,
        &njtax_engine::Draft {
            format_version: njtax_engine::FORMAT_VERSION,
            answers: answers_with_last_year(),
        },
    )
    .unwrap();
    let draft_before = std::fs::read(&draft).unwrap();
    let dialogs = ScriptedDialogs {
        open: vec![draft.clone()],
        save: vec![
            missing.clone(),
            folder.clone(),
            draft.clone(),
            draft.clone(),
        ],
    };
    let mut h = harness_with(app_with(blank_answers(), dialogs));
    h.run();
    click_file_menu(&mut h, "Open…");
    assert_eq!(h.state().doc.path.as_deref(), Some(draft.as_path()));

    // A folder that does not exist.
    click_file_menu(&mut h, "Print to PDF…");
    let (msg, is_error) = status(&h);
    assert!(
        is_error && msg.starts_with("Could not write the printable return"),
        "{msg}"
    );
    assert!(!missing.parent().unwrap().exists());

    // A folder in the way.
    click_file_menu(&mut h, "Save hand-off sheet…");
    let (msg, is_error) = status(&h);
    assert!(is_error && msg.contains("folder.pdf is a folder"), "{msg}");
    assert_eq!(
        std::fs::read_to_string(folder.join("inside.txt")).unwrap(),
        "kept"
    );
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 1);

    // The draft itself, for either.
    click_file_menu(&mut h, "Print to PDF…");
    let (msg, is_error) = status(&h);
    assert!(is_error && msg.contains("over the draft itself"), "{msg}");
    click_file_menu(&mut h, "Save hand-off sheet…");
    let (msg, is_error) = status(&h);
    assert!(is_error && msg.contains("over the draft itself"), "{msg}");
    assert_eq!(
        std::fs::read(&draft).unwrap(),
        draft_before,
        "draft untouched"
    );
    // No temporary file is left behind (the lock file marks the draft open in this window).
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, [".draft.ron.lock", "draft.ron", "folder.pdf"]);
}

// The File online screen: the hand-off sheet on screen, each figure with a Copy button.

/// The text the last frame put on the clipboard, if any.
fn copied_text(h: &Harness<'_, App>) -> Option<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
}

/// Click a Copy button found by its accessible name and return what was copied: the click is
/// handled in the frame of the button's release, whose output the harness keeps after `step`.
fn click_copy(h: &mut Harness<'_, App>, name: &str) -> Option<String> {
    h.get_by_label(name).scroll_to_me();
    h.run();
    h.get_by_label(name).click();
    h.step();
    let copied = copied_text(h);
    h.run();
    copied
}

#[test]
fn the_file_online_screen_copies_last_years_gross_income_and_a_line_to_the_clipboard() {
    let mut h = harness_with(app_with(
        answers_with_last_year(),
        ScriptedDialogs::default(),
    ));
    h.run();
    go_to(&mut h, "File online");
    assert_eq!(
        h.state().interview.screens[h.state().ui_state.screen].id,
        "file_online"
    );
    let a = h.state().doc.answers().clone();
    let set = computed_set(&a);
    // The screen's sheet is the one the printing crate makes from the return with explanations,
    // though the snapshot was computed values only (ids, labels and values are all it reads).
    let expected = njtax_print::handoff(&a, &set, false).unwrap();
    {
        let sheet = h.state().snapshot.handoff.as_ref().unwrap();
        assert!(
            !h.state().snapshot.explained,
            "the live snapshot is values only"
        );
        assert_eq!(sheet.full, expected);
        assert_eq!(sheet.masked, njtax_print::handoff(&a, &set, true).unwrap());
    }
    // The first figure is last year's gross income, with a Copy button named for it.
    let first = &expected.steps[0].entries[0];
    assert_eq!(
        first.label,
        "Last year's New Jersey gross income (2023 NJ-1040 line 29)"
    );
    assert_eq!(first.value, "$48,250.00");
    assert!(h.query_by_label(&expected.title).is_some());
    assert!(h.query_by_label("1. Getting started").is_some());
    assert!(h.query_by_label("$48,250.00").is_some());
    let copied = click_copy(
        &mut h,
        "Copy Last year's New Jersey gross income (2023 NJ-1040 line 29) ($48,250.00)",
    );
    // Shown as $48,250.00; copied as a form field takes it.
    assert_eq!(copied.as_deref(), Some("48250.00"));
    let (msg, is_error) = status(&h);
    assert!(!is_error, "{msg}");
    assert!(
        msg.contains("Last year's New Jersey gross income") && !msg.contains("48,250"),
        "the status bar names the figure, not its value: {msg}"
    );
    // A line of the return: wages, line 15, with the engine's value.
    let wages = set.primary().unwrap().by_key(Key::Wages).unwrap();
    assert_eq!(wages.value, rust_decimal::dec!(52000));
    let copied = click_copy(
        &mut h,
        &format!("Copy {} ({})", wages.label, fmt_money(wages.value)),
    );
    assert_eq!(copied.as_deref(), Some("52000.00"));
    // Figures the service works out itself are marked in words.
    let checks = expected
        .steps
        .iter()
        .flat_map(|s| &s.entries)
        .filter(|e| e.check)
        .count();
    assert!(checks > 0);
    assert_eq!(h.query_all_by_label("compare").count(), checks);
    // One Copy button per figure.
    {
        use egui_kittest::kittest::NodeT as _;
        let copy_buttons = h
            .query_all_by_role(egui::accesskit::Role::Button)
            .filter(|b| {
                b.accesskit_node()
                    .label()
                    .unwrap_or_default()
                    .starts_with("Copy ")
            })
            .count();
        let entries: usize = expected.steps.iter().map(|s| s.entries.len()).sum();
        assert_eq!(copy_buttons, entries);
    }
    // Copying changes no answer, and drawing the screen computes nothing.
    assert!(!h.state().doc.is_dirty());
    let computations = h.state().computations;
    h.run();
    h.run();
    assert_eq!(h.state().computations, computations);
}

#[test]
fn ssns_on_the_file_online_screen_are_masked_and_copied_only_when_shown() {
    let mut h = harness_with(app_with(
        answers_with_last_year(),
        ScriptedDialogs::default(),
    ));
    h.run();
    go_to(&mut h, "File online");
    let entry = h
        .state()
        .snapshot
        .handoff
        .as_ref()
        .unwrap()
        .full
        .steps
        .iter()
        .flat_map(|s| &s.entries)
        .find(|e| e.value == "400-00-0001")
        .unwrap()
        .clone();
    assert!(h.query_by_label("***-**-0001").is_some());
    assert!(h.query_by_label("400-00-0001").is_none());
    let masked_name = format!("Copy {} (***-**-0001)", entry.label);
    {
        use egui_kittest::kittest::NodeT as _;
        let button = h.get_by_label(&masked_name);
        assert!(button.accesskit_node().is_disabled());
    }
    assert_eq!(click_copy(&mut h, &masked_name), None, "nothing copied");
    h.get_by_label("Show SSNs").click();
    h.run();
    assert!(h.query_by_label("400-00-0001").is_some());
    let copied = click_copy(&mut h, &format!("Copy {} (400-00-0001)", entry.label));
    assert_eq!(copied.as_deref(), Some("400-00-0001"));
    let (msg, _) = status(&h);
    assert!(!msg.contains("0001"), "no SSN in the status bar: {msg}");
}

#[test]
fn the_file_online_screen_says_to_fix_errors_first_and_links_to_review() {
    let mut a = answers_with_last_year();
    a.taxpayer.ssn = String::new(); // missing-ssn: an error
    let mut h = harness_with(app_with(a, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "File online");
    assert!(
        h.query_by_label("The return has errors: fix them before you file online.")
            .is_some()
    );
    // Said once, at the top: not again among the sheet's notes.
    assert_eq!(
        h.query_all_by_label_contains("The return still has errors")
            .count(),
        0
    );
    h.get_by_label("Go to Review").click();
    h.run();
    let screen = h.state().ui_state.screen;
    assert_eq!(h.state().interview.screens[screen].id, "review");
}

#[test]
fn the_file_online_screen_says_plainly_when_the_draft_has_no_nj_1040() {
    let answers = new_york_resident_with_nj_wages();
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "File online");
    assert!(
        h.query_by_label_contains("This draft has no NJ-1040")
            .is_some()
    );
    // No figures, so no Copy buttons.
    {
        use egui_kittest::kittest::NodeT as _;
        assert!(h.query_all_by_role(egui::accesskit::Role::Button).all(|b| {
            !b.accesskit_node()
                .label()
                .unwrap_or_default()
                .starts_with("Copy")
        }));
    }
}

// The tax year: a drop-down of the years this version computes, the provisional one marked.

/// The years in `forms/years.ron`.
fn book() -> ParamBook {
    ParamBook::load().unwrap()
}

/// The checker's 2026 return 1a (`examples/2026/01a-...`, `docs/returns-2026.md`): a head of
/// household with a child of 3 and one of 8, line 42 exactly $30,000.00; in `year`.
fn family_line_42_30000(year: u16) -> Answers {
    let text = std::fs::read_to_string(example("2026/01a-hoh-line-42-exactly-30000-ctc-1250.ron"))
        .unwrap();
    let mut a = njtax_engine::parse_draft(&text).unwrap().answers;
    a.tax_year = year;
    a
}

/// The tax year drop-down, found by its label.
fn year_box<'h>(h: &'h Harness<'_, App>) -> egui_kittest::Node<'h> {
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Tax year")
}

/// Open the tax year drop-down and pick the entry shown as `entry`.
fn choose_year(h: &mut Harness<'_, App>, entry: &str) {
    year_box(h).click();
    h.run();
    h.get_by_label(entry).click();
    h.run();
}

#[test]
fn choosing_2026_from_the_year_drop_down_shows_the_provisional_notice_and_the_2026_child_credit() {
    let book = book();
    let latest = book.latest_year();
    let provisional = book
        .years()
        .iter()
        .find(|y| y.provisional.is_some())
        .expect("a provisional year");
    assert_eq!(
        provisional.year, latest,
        "the provisional year is the newest"
    );
    let notice = provisional.provisional.as_ref().unwrap().notice.clone();
    let mut h = harness_with(app_with(
        family_line_42_30000(latest - 1),
        ScriptedDialogs::default(),
    ));
    h.run();
    assert_eq!(
        year_box(&h).value().as_deref(),
        Some((latest - 1).to_string().as_str())
    );
    assert!(
        h.query_by_label(&notice).is_none(),
        "a final year: no notice"
    );
    let before = shown_line(h.state(), "65").unwrap();
    // The list: every supported year, newest first, the provisional one said so.
    year_box(&h).click();
    h.run();
    let shown: Vec<String> = book
        .years()
        .iter()
        .rev()
        .map(|y| njtax_ui::fields::tax_year_text(y.year, book.years()))
        .collect();
    assert_eq!(shown[0], format!("{latest} (provisional)"));
    for entry in &shown {
        assert!(h.query_by_label(entry).is_some(), "{entry} is offered");
    }
    let tops: Vec<f32> = shown
        .iter()
        .map(|e| h.get_by_label(e).rect().top())
        .collect();
    assert!(tops.is_sorted(), "newest first: {shown:?} at {tops:?}");
    h.get_by_label(&shown[0]).click();
    h.run();
    assert_eq!(h.state().doc.answers().tax_year, latest);
    assert_eq!(
        year_box(&h).value().as_deref(),
        Some(format!("{latest} (provisional)").as_str())
    );
    // The notice in "Your NJ return", and the 2026 child tax credit: $1,250 for a child under 6
    // at line 42 of $30,000 or less (54A:4-17.1 a; docs/returns-2026.md, return 1a).
    assert!(h.query_by_label(&notice).is_some(), "the notice is shown");
    assert_eq!(
        shown_line(h.state(), "42"),
        Some(rust_decimal::dec!(30000.00))
    );
    assert_eq!(
        shown_line(h.state(), "65"),
        Some(rust_decimal::dec!(1250.00))
    );
    assert_ne!(
        before,
        rust_decimal::dec!(1250.00),
        "the year changed line 65"
    );
    go_to(&mut h, "Form view");
    h.get_by_label("Line 65").click();
    h.run();
    assert!(h.query_all_by_label("$1,250.00").count() >= 1);
    // Review: the notice framed at the top with the figures used, and not again in the list.
    go_to(&mut h, "Review");
    assert_eq!(h.query_all_by_label(&notice).count(), 2, "panel and Review");
    assert!(
        h.query_by_label("Provisional figures used on this return:")
            .is_some()
    );
    assert!(
        h.query_by_label("• the child tax credit amounts (line 65)")
            .is_some()
    );
}

#[test]
fn file_new_starts_a_draft_in_the_latest_year_and_says_which() {
    let latest = book().latest_year();
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    assert_eq!(h.state().doc.answers().tax_year, 2024);
    click_file_menu(&mut h, "New");
    assert_eq!(h.state().doc.answers().tax_year, latest);
    let (msg, is_error) = status(&h);
    assert!(!is_error);
    assert!(
        msg.starts_with(&format!("New draft for tax year {latest}")),
        "{msg}"
    );
    assert!(msg.contains("provisional"), "{msg}");
    assert_eq!(
        year_box(&h).value().as_deref(),
        Some(format!("{latest} (provisional)").as_str())
    );
    // The app started without a draft does the same.
    let app = App::new_blank(
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    );
    assert_eq!(app.doc.answers().tax_year, latest);
    assert!(!app.doc.is_dirty());
}

#[test]
fn start_next_years_draft_from_the_last_final_year_gives_a_draft_that_computes() {
    let latest = book().latest_year();
    let mut h = harness_with(app_with(
        family_line_42_30000(latest - 1),
        ScriptedDialogs::default(),
    ));
    h.run();
    click_file_menu(&mut h, "Start next year's draft…");
    let next = h.state().doc.answers().clone();
    assert_eq!(next.tax_year, latest);
    assert_eq!(next.taxpayer.name, "Keisha Barnes");
    assert_eq!(next.dependents.len(), 2);
    let (msg, _) = status(&h);
    assert!(
        msg.starts_with(&format!("Started the {latest} draft")),
        "{msg}"
    );
    assert!(!msg.contains("no law figures"), "{msg}");
    assert!(msg.contains("provisional"), "{msg}");
    assert!(h.state().returns().is_some(), "the new draft computes");
    assert!(h.query_by_label_contains("cannot be computed").is_none());
}

/// A back year (issue 21) is offered in the drop-down, marked as mailed; choosing it computes the
/// year's return with its own line numbers (2020: the tax on line 42, no child tax credit),
/// says in "Your NJ return" that it is mailed, and the checklist on File online mails it.
#[test]
fn choosing_a_back_year_computes_it_with_its_lines_and_says_it_is_mailed() {
    let book = book();
    let latest = book.latest_year();
    let mut h = harness_with(app_with(
        family_line_42_30000(latest - 1),
        ScriptedDialogs::default(),
    ));
    h.run();
    assert!(h.query_by_label("Back tax year 2020").is_none());
    choose_year(&mut h, "2020 (back year: mailed)");
    assert_eq!(h.state().doc.answers().tax_year, 2020);
    assert_eq!(
        year_box(&h).value().as_deref(),
        Some("2020 (back year: mailed)")
    );
    assert!(h.query_by_label("Back tax year 2020").is_some());
    assert!(
        h.query_by_label_contains(
            "Tax year 2020 is a back year: the State's free online filing service"
        )
        .is_some()
    );
    let computed = h.state().computed().unwrap();
    // 2020 numbering: NJ taxable income 41, tax 42 (the 2022-2025 line 43).
    assert_eq!(
        computed.line("41").map(|l| l.key),
        Some(njtax_engine::Key::NjTaxableIncome)
    );
    assert_eq!(
        computed.line("42").map(|l| l.key),
        Some(njtax_engine::Key::Tax)
    );
    assert!(computed.by_key(njtax_engine::Key::ChildTaxCredit).is_none());
    // No NJBEST question before 2022; the organ donation deduction exists from 2020.
    go_to(&mut h, "Deductions");
    assert!(h.query_by_label("NJBEST contributions").is_none());
    assert!(
        h.query_by_label("Organ or bone marrow donation costs")
            .is_some()
    );
    go_to(&mut h, "File online");
    assert!(
        h.query_by_label_contains("does not take 2020 returns")
            .is_some()
    );
    assert!(h.query_by_label_contains("File online with").is_none());
}

/// An NJBEST contribution kept in a draft moved to 2020 (before the deduction existed) is not
/// deducted, and its question stays on the Deductions screen with the engine's warning, so the
/// filer can see it and clear it; cleared, the question goes.
#[test]
fn a_deduction_amount_the_year_does_not_have_stays_shown_until_cleared() {
    let mut a = family_line_42_30000(2020);
    a.deductions.njbest_contributions = rust_decimal::dec!(500);
    let mut h = harness_with(app_with(a, ScriptedDialogs::default()));
    h.run();
    let warned = h.state().computed().unwrap().diagnostics.iter().any(|d| {
        d.code == "deduction-not-in-year"
            && d.path.as_deref() == Some("deductions.njbest_contributions")
    });
    assert!(warned, "the engine warns at the answer");
    go_to(&mut h, "Deductions");
    assert!(h.query_by_label("NJBEST contributions").is_some());
    // NJCLASS, with nothing given, stays hidden.
    assert!(h.query_by_label("NJCLASS loan payments").is_none());
    let mut cleared = h.state().doc.answers().clone();
    cleared.deductions.njbest_contributions = rust_decimal::Decimal::ZERO;
    let mut h = harness_with(app_with(cleared, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Deductions");
    assert!(h.query_by_label("NJBEST contributions").is_none());
}

#[test]
fn a_draft_for_a_year_this_version_does_not_compute_keeps_its_year_marked_not_supported() {
    let dir = temp_dir("year-2017");
    let path = dir.join("old.ron");
    let text = "Draft(\n  format_version: 5,\n  answers: (tax_year: 2017, filing_status: Single, taxpayer: (name: \"Old Filer\", ssn: \"400-00-0017\", birth_date: Some(\"1980-01-01\"))),\n)";
    std::fs::write(&path, text).unwrap();
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    h.state_mut()
        .send(njtax_ui::Command::OpenPath(path.clone()));
    h.run();
    assert_eq!(h.state().doc.answers().tax_year, 2017, "never switched");
    assert_eq!(
        year_box(&h).value().as_deref(),
        Some("2017 (not supported)")
    );
    // The return panel says why, and shows no figure.
    assert!(
        h.query_by_label_contains("The return cannot be computed: tax year 2017 is not supported")
            .is_some()
    );
    // ("Refund" is also a section's name.)
    assert!(h.query_by_label("Balance due").is_none());
    assert!(h.query_by_label_contains(" to fix, ").is_none());
    assert!(shown_line(h.state(), "42").is_none());
    assert!(!h.state().doc.is_dirty(), "opening changed nothing");
    // Choosing a supported year from the list computes it.
    let latest = book().latest_year();
    choose_year(&mut h, &(latest - 1).to_string());
    assert_eq!(h.state().doc.answers().tax_year, latest - 1);
    assert!(h.state().returns().is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

/// In the smallest window the app is laid out for (1024x700), nothing any screen draws runs
/// under "Your NJ return" or past the window: inputs narrow, checkbox labels, the form view's line
/// labels and the File online labels wrap. Checked on every screen of the 2026 sample, a 2026
/// mover (two returns) and a family with health coverage months and estimated payments.
#[test]
fn nothing_on_any_screen_is_cut_off_in_a_1024_by_700_window() {
    use egui_kittest::kittest::{NodeT as _, by};
    for file in [
        "family-2026.ron",
        "2026/06-hoh-moved-in-from-ny-17-may-child-1.ron",
        "estimates/family-uninsured-member.ron",
        "estimates/retiree-late-estimates.ron",
        "business/sole-proprietor-sheltered-workshop.ron",
    ] {
        let text = std::fs::read_to_string(example(file)).unwrap();
        let answers = njtax_engine::parse_draft(&text).unwrap().answers;
        let mut h = Harness::builder()
            .with_size(egui::vec2(1024.0, 700.0))
            .build_ui_state(
                |ui, app: &mut App| app.ui(ui),
                app_with(answers, ScriptedDialogs::default()),
            );
        h.run();
        let count = h.state().interview.screens.len();
        for screen in 0..count {
            h.state_mut().send(njtax_ui::Command::Goto {
                screen,
                focus: None,
            });
            h.run();
            let id = h.state().interview.screens[screen].id.clone();
            // The return panel's edge: its heading less the panel's inner margin.
            let panel = h.get_by_label("Your NJ return").rect().left() - 8.0;
            let left = njtax_ui::theme::LEFT_PANEL_WIDTH;
            let over: Vec<String> = h
                .query_all(by().predicate(|n| n.label().is_some() || n.value().is_some()))
                .filter(|n| {
                    let r = n.rect();
                    r.left() > left && r.left() < panel && r.right() > panel + 0.5
                })
                .map(|n| {
                    let name = n.accesskit_node().label().or_else(|| n.value());
                    format!("{name:?} at {:?}", n.rect())
                })
                .collect();
            assert!(
                over.is_empty(),
                "{file}, screen {id}: runs under the return panel (at x {panel}):\n{}",
                over.join("\n")
            );
            // No control covers another (a click meant for one would land in the other): a
            // choice wrapped under the next field did.
            use egui::accesskit::Role;
            let controls: Vec<(String, egui::Rect)> = h
                .query_all(by().predicate(|n| {
                    matches!(
                        n.role(),
                        Role::TextInput
                            | Role::RadioButton
                            | Role::CheckBox
                            | Role::Button
                            | Role::ComboBox
                    )
                }))
                .filter(|n| n.rect().left() > left && n.rect().right() < panel + 0.5)
                .map(|n| {
                    let name = n.accesskit_node().label().or_else(|| n.value());
                    (format!("{name:?}"), n.rect())
                })
                .collect();
            for (i, (a, ra)) in controls.iter().enumerate() {
                for (b, rb) in &controls[i + 1..] {
                    let both = ra.intersect(*rb);
                    assert!(
                        both.width() < 1.0 || both.height() < 1.0,
                        "{file}, screen {id}: {a} at {ra:?} and {b} at {rb:?} overlap"
                    );
                }
            }
        }
    }
}

/// The status bar's first label: the draft's name and where it stands.
fn save_state_label(h: &Harness<'_, App>) -> String {
    njtax_ui::view::save_state_text(&h.state().doc)
}

#[test]
fn the_sample_return_says_it_is_a_sample_and_how_to_start_your_own() {
    let sample = njtax_engine::parse_draft(include_str!("../examples/family-2026.ron"))
        .unwrap()
        .answers;
    let app = App::new(
        sample.clone(),
        "Sample return (family with children)",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
    .as_sample();
    let mut h = harness_with(app);
    h.run();
    // The Start screen says so first, and how to start one's own.
    assert!(
        h.query_by_label(njtax_ui::screens::start::SAMPLE_HEADING)
            .is_some()
    );
    assert!(
        h.query_by_label_contains("To start your own return, choose File > New")
            .is_some()
    );
    // The title says so; the status bar never calls it saved.
    let title = h.state().title();
    assert!(
        title.contains("a sample: File > New starts your own"),
        "{title}"
    );
    let state = save_state_label(&h);
    assert!(!state.contains("(saved)"), "{state}");
    assert!(
        h.query_by_label("Sample return (family with children) (a sample, not your return)")
            .is_some(),
        "{state}"
    );
    // "Start my own return" is File > New: a new draft in the latest year, not the sample's.
    h.get_by_label("Start my own return").click();
    h.run();
    assert_eq!(h.state().doc.answers().tax_year, book().latest_year());
    assert_ne!(h.state().doc.answers(), &sample);
    assert!(
        h.query_by_label(njtax_ui::screens::start::SAMPLE_HEADING)
            .is_none()
    );
    assert_eq!(save_state_label(&h), "Untitled draft (not saved yet)");
    assert_eq!(
        h.state().title(),
        "Untitled draft (not saved) - NJ income tax"
    );
}

#[test]
fn only_a_draft_with_a_file_saved_or_opened_is_called_saved() {
    let dir = temp_dir("saved-mark");
    let path = dir.join("mine.ron");
    let dialogs = ScriptedDialogs {
        save: vec![path.clone()],
        ..ScriptedDialogs::default()
    };
    let mut h = harness_with(App::new_blank(
        Box::new(dialogs),
        Box::new(MemoryRecent::default()),
    ));
    h.run();
    assert_eq!(save_state_label(&h), "Untitled draft (not saved yet)");
    // An edited sample is still a sample until it is saved to a file.
    let mut sample = harness_with(
        App::new(
            blank_answers(),
            "Sample return",
            Box::new(ScriptedDialogs {
                save: vec![dir.join("from-sample.ron")],
                ..ScriptedDialogs::default()
            }),
            Box::new(MemoryRecent::default()),
        )
        .as_sample(),
    );
    sample.run();
    sample.state_mut().send(njtax_ui::Command::Set {
        path: "taxpayer.name".into(),
        value: serde_json::Value::from("Pat Doe"),
    });
    sample.run();
    assert_eq!(
        save_state_label(&sample),
        "Sample return (a sample with your changes, not saved)"
    );
    sample.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    sample.run();
    assert_eq!(save_state_label(&sample), "from-sample.ron (saved)");
    assert!(!sample.state().doc.is_sample());
    assert_eq!(sample.state().title(), "from-sample.ron - NJ income tax");
    // Saved: now it is.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert_eq!(save_state_label(&h), "mine.ron (saved)");
    assert_eq!(h.state().title(), "mine.ron - NJ income tax");
    // An edit makes it changed again; opening a draft gives a saved one.
    h.state_mut().send(njtax_ui::Command::Set {
        path: "taxpayer.name".into(),
        value: serde_json::Value::from("Pat Doe"),
    });
    h.run();
    assert_eq!(save_state_label(&h), "mine.ron (unsaved changes)");
    assert_eq!(
        h.state().title(),
        "mine.ron (unsaved changes) - NJ income tax"
    );
    h.state_mut().open_file(&example("single-renter.ron"));
    h.run();
    assert_eq!(save_state_label(&h), "single-renter.ron (saved)");
}

/// The accessible name of the node that has the keyboard focus (none when nothing has it).
fn focused_name(h: &Harness<'_, App>) -> Option<String> {
    use egui_kittest::kittest::NodeT as _;
    let node = h.query_by(|n| n.is_focused())?;
    let node = node.accesskit_node();
    node.label().or_else(|| node.value())
}

/// Click the "Next: …" button at the foot of the screen (scrolled to first).
fn click_next(h: &mut Harness<'_, App>) {
    h.get_by_label_contains("Next: ").scroll_to_me();
    h.run();
    h.get_by_label_contains("Next: ").click();
    h.run();
}

fn one_w2_answers() -> Answers {
    let mut answers = blank_answers();
    answers.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Acme Tools".into(),
        state_wages: rust_decimal::dec!(41000),
        ..Default::default()
    });
    answers
}

#[test]
fn next_focuses_the_new_screens_first_field_and_one_tab_reaches_the_second() {
    // A W-2 with its employer's name and state ID not filled in yet.
    let mut answers = one_w2_answers();
    answers.income.w2s[0].employer.clear();
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "You and your household");
    click_next(&mut h);
    // The yes-or-no questions of the year come first, the first Yes focused.
    assert_eq!(
        h.state().interview.screens[h.state().ui_state.screen].id,
        "topics"
    );
    assert_eq!(focused_name(&h).as_deref(), Some("Yes"));
    click_next(&mut h);
    assert_eq!(
        h.state().interview.screens[h.state().ui_state.screen].id,
        "income"
    );
    assert_eq!(focused_name(&h).as_deref(), Some("Employer's name"));
    assert_eq!(
        h.ctx.memory(|m| m.focused()),
        Some(njtax_ui::fields::field_id("income.w2s[0].employer"))
    );
    // Typing right away goes into the first field, not the menu bar.
    h.event(egui::Event::Text("Acme Tools".into()));
    h.run();
    assert_eq!(h.state().doc.answers().income.w2s[0].employer, "Acme Tools");
    h.key_press(egui::Key::Tab);
    h.run();
    assert_eq!(
        focused_name(&h).as_deref(),
        Some("Employer's state ID number"),
        "one Tab reaches the second field, not the menu bar"
    );
    h.event(egui::Event::Text("123-456-789/000".into()));
    h.run();
    assert_eq!(
        h.state().doc.answers().income.w2s[0].employer_id,
        "123-456-789/000"
    );
    // Screen readers hear the new screen's title: a level-1 heading that is a polite live region.
    let heading = h.get_by_role_and_label(egui::accesskit::Role::Heading, "Income");
    use egui_kittest::kittest::NodeT as _;
    assert_eq!(heading.accesskit_node().level(), Some(1));
    assert_eq!(
        heading.accesskit_node().live(),
        egui::accesskit::Live::Polite
    );
}

#[test]
fn the_section_list_focuses_the_screens_first_question_and_a_screen_without_one_its_title() {
    let mut h = harness_with(app_with(one_w2_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Income");
    assert_eq!(focused_name(&h).as_deref(), Some("Employer's name"));
    go_to(&mut h, "Start");
    assert_eq!(focused_name(&h).as_deref(), Some("Tax year"));
    // Review asks nothing: its title takes the focus, and Tab goes on into the screen.
    go_to(&mut h, "Review");
    assert_eq!(focused_name(&h).as_deref(), Some("Review"));
    h.key_press(egui::Key::Tab);
    h.run();
    let next = focused_name(&h);
    assert!(
        next.is_some() && next.as_deref() != Some("File"),
        "Tab from the title stays in the screen: {next:?}"
    );
}

#[test]
fn add_focuses_the_new_entrys_first_field() {
    let mut h = harness_with(app_with(one_w2_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Income");
    h.get_by_label("Add a W-2").scroll_to_me();
    h.run();
    h.get_by_label("Add a W-2").click();
    h.run();
    assert_eq!(h.state().doc.answers().income.w2s.len(), 2);
    assert_eq!(
        h.ctx.memory(|m| m.focused()),
        Some(njtax_ui::fields::field_id("income.w2s[1].employer")),
        "the new W-2's first field has the focus"
    );
    assert_eq!(focused_name(&h).as_deref(), Some("Employer's name"));
    // Typing goes into the new W-2.
    h.get_all_by_label("Employer's name")
        .last()
        .unwrap()
        .type_text("Second Job LLC");
    h.run();
    assert_eq!(
        h.state().doc.answers().income.w2s[1].employer,
        "Second Job LLC"
    );
    // A dependent the same way.
    go_to(&mut h, "You and your household");
    h.get_by_label("Add a dependent").scroll_to_me();
    h.run();
    h.get_by_label("Add a dependent").click();
    h.run();
    assert_eq!(
        h.ctx.memory(|m| m.focused()),
        Some(njtax_ui::fields::field_id("dependents[0].name"))
    );
}

#[test]
fn an_empty_lists_add_button_is_the_first_stop_and_enter_adds_and_focuses_the_entry() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Income");
    assert_eq!(focused_name(&h).as_deref(), Some("Add a W-2"));
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().doc.answers().income.w2s.len(), 1);
    assert_eq!(focused_name(&h).as_deref(), Some("Employer's name"));
}

#[test]
fn escape_from_a_drop_down_gives_the_focus_back_to_it() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    year_box(&h).focus();
    h.run();
    assert_eq!(focused_name(&h).as_deref(), Some("Tax year"));
    // Open the list from the keyboard, then close it with Escape.
    h.key_press(egui::Key::Space);
    h.run();
    assert!(
        h.query_by_label("2022").is_some(),
        "the list of years is open"
    );
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label("2022").is_none(), "the list is closed");
    assert_eq!(focused_name(&h).as_deref(), Some("Tax year"));
    h.key_press(egui::Key::Tab);
    h.run();
    assert_eq!(
        focused_name(&h).as_deref(),
        Some("New Jersey resident all year"),
        "Tab goes on from the drop-down"
    );
    // A choice made with the mouse keeps the focus on the drop-down too.
    year_box(&h).click();
    h.run();
    h.get_by_label("2023").click();
    h.run();
    assert_eq!(h.state().doc.answers().tax_year, 2023);
    assert_eq!(focused_name(&h).as_deref(), Some("Tax year"));
}

// Text that cannot be read (issue 16, items 1, 4 and 10): kept as typed, never replaced by a
// number the filer did not type.

const WAGES_PATH: &str = "income.w2s[0].state_wages";

/// A single filer with $50,000 of interest and one W-2 from Acme, no wages yet and $3,000
/// withheld: a refund, smaller with every dollar of wages.
fn answers_with_an_empty_w2() -> Answers {
    let mut a = blank_answers();
    a.income.interest.push(njtax_engine::answers::Interest {
        payer: "Shore Bank".into(),
        taxable_interest: rust_decimal::dec!(50000),
        ..Default::default()
    });
    a.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Acme".into(),
        nj_tax_withheld: rust_decimal::dec!(3000),
        ..Default::default()
    });
    a
}

/// The answers with the W-2's wages set to `wages`.
fn with_wages(a: &Answers, wages: rust_decimal::Decimal) -> Answers {
    let mut a = a.clone();
    a.income.w2s[0].state_wages = wages;
    a.unreadable.clear();
    a
}

fn screen_of(h: &Harness<'_, App>, title: &str) -> usize {
    h.state()
        .interview
        .screens
        .iter()
        .position(|s| s.title == title)
        .unwrap()
}

#[test]
fn an_amount_with_a_letter_o_is_kept_as_typed_marks_the_return_not_final_and_survives_save_and_reopen()
 {
    let dir = temp_dir("unreadable");
    let saved = dir.join("unreadable.ron");
    let _ = std::fs::remove_file(&saved);
    let pdf = dir.join("unreadable.pdf");
    let _ = std::fs::remove_file(&pdf);
    let dialogs = ScriptedDialogs {
        open: vec![saved.clone()],
        save: vec![saved.clone(), pdf.clone()],
    };
    let start = answers_with_an_empty_w2();
    let mut h = harness_with(app_with(start.clone(), dialogs));
    h.run();
    assert!(!h.state().doc.is_dirty());
    go_to(&mut h, "Income");
    let wages = h.get_by_label("State wages (box 16)");
    wages.focus();
    // Typed one key at a time, as a person types: "58,4" reads as 584 on the way.
    for key in ["5", "8", ",", "4", "O", "O"] {
        h.get_by_label("State wages (box 16)").type_text(key);
        h.run();
    }
    let a = h.state().doc.answers().clone();
    assert!(
        a.income.w2s[0].state_wages.is_zero(),
        "never the $584 read from \"58,4\""
    );
    let kept = &a.unreadable[WAGES_PATH];
    assert_eq!(kept.typed, "58,4OO");
    assert_eq!(kept.field, "W-2 from Acme: State wages (box 16)");
    assert!(
        h.query_by_label("The letter O is not a digit (zero is 0)")
            .is_some()
    );
    // The refund is marked not final and is not the refund with $584 of wages.
    assert!(h.query_by_label("Refund (not final)").is_some());
    let with_584 = engine_figure(&with_wages(&start, rust_decimal::dec!(584)));
    let not_given = engine_figure(&with_wages(&start, rust_decimal::dec!(0)));
    assert_ne!(with_584, not_given);
    assert!(
        h.query_all_by_label_contains(&with_584).next().is_none(),
        "{with_584} is nowhere"
    );
    assert!(
        h.query_by_label(&format!("{not_given} (not final)"))
            .is_some()
    );
    assert!(
        h.query_by_label("Not final: 1 answer could not be read")
            .is_some()
    );
    // The draft is marked changed, the section needs attention, Review lists the error.
    assert!(h.state().doc.is_dirty());
    assert!(
        h.state().title().contains("(unsaved changes)"),
        "{}",
        h.state().title()
    );
    let income = screen_of(&h, "Income");
    assert_eq!(
        h.state().snapshot.sections[income],
        njtax_ui::app::SectionState::NeedsAttention
    );
    go_to(&mut h, "Review");
    assert!(
        h.query_by_label_contains(
            "W-2 from Acme: State wages (box 16) could not be read (The letter O is not a digit (zero is 0))"
        )
        .is_some()
    );
    assert!(h.query_by_label("Nothing to fix or check.").is_none());
    assert!(
        h.query_by_label_contains(
            "Print to PDF, Save hand-off sheet and Start next year's draft wait"
        )
        .is_some()
    );
    // Print to PDF is refused where the user is looking, naming the answer; nothing is written.
    click_file_menu(&mut h, "Print to PDF…");
    assert!(
        h.query_by_label("The printable return was not made")
            .is_some()
    );
    assert!(
        h.query_by_label_contains(
            "W-2 from Acme: State wages (box 16) could not be read: \"58,4OO\""
        )
        .is_some()
    );
    assert!(!pdf.exists());
    h.get_by_label("Go to this answer").click();
    h.run();
    h.run();
    assert!(
        h.query_by_label("The printable return was not made")
            .is_none()
    );
    assert_eq!(h.state().ui_state.screen, income);
    assert!(h.get_by_label("State wages (box 16)").is_focused());
    // The hand-off sheet too.
    click_file_menu(&mut h, "Save hand-off sheet…");
    assert!(
        h.query_by_label("The hand-off sheet was not made")
            .is_some()
    );
    h.get_by_label("Close").click();
    h.run();
    // Saved: the text is in the file, the amount is not 584.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(!h.state().doc.is_dirty());
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("\"58,4OO\""), "{text}");
    assert!(!text.contains("584"), "{text}");
    let draft = njtax_engine::parse_draft(&text).unwrap();
    assert!(draft.answers.income.w2s[0].state_wages.is_zero());
    // Reopened, the field shows the text again with its message.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert!(h.state().doc.answers().unreadable.is_empty());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run();
    go_to(&mut h, "Income");
    assert_eq!(
        h.get_by_label("State wages (box 16)").value().as_deref(),
        Some("58,4OO")
    );
    assert!(
        h.query_by_label("The letter O is not a digit (zero is 0)")
            .is_some()
    );
    assert!(h.query_by_label("Refund (not final)").is_some());
    // Fixed (the whole text is selected when the field is focused): the figures are final.
    let wages = h.get_by_label("State wages (box 16)");
    wages.focus();
    wages.type_text("58,400");
    h.run();
    let a = h.state().doc.answers().clone();
    assert_eq!(a.income.w2s[0].state_wages, rust_decimal::dec!(58400));
    assert!(a.unreadable.is_empty());
    assert!(h.query_by_label("Refund (not final)").is_none());
    assert!(
        h.query_by_label("The letter O is not a digit (zero is 0)")
            .is_none()
    );
    let figure = engine_figure(&a);
    assert!(h.query_by_label(&figure).is_some(), "{figure}");
    // Undo brings the text back (the answer not given again), redo the fix.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    let a = h.state().doc.answers().clone();
    assert_eq!(a.unreadable[WAGES_PATH].typed, "58,4OO");
    assert!(a.income.w2s[0].state_wages.is_zero());
    assert!(h.query_by_label("Refund (not final)").is_some());
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run();
    let a = h.state().doc.answers().clone();
    assert!(a.unreadable.is_empty());
    assert_eq!(a.income.w2s[0].state_wages, rust_decimal::dec!(58400));
}

#[test]
fn a_birth_date_that_does_not_exist_says_so_and_is_never_read_as_another_date() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "You and your household");
    let born = h.get_by_label("Your date of birth");
    born.focus();
    born.type_text("1990-02-3");
    h.run();
    // A day cut short while typing is not a date: not 1990-02-03, and not the old 1990-05-01.
    assert_eq!(h.state().doc.answers().taxpayer.birth_date, None);
    assert!(h.query_by_label("Use YYYY-MM-DD: 1990-02-03").is_some());
    h.get_by_label("Your date of birth").type_text("0");
    h.run();
    assert!(h.query_by_label("February 1990 has no 30th day").is_some());
    let a = h.state().doc.answers().clone();
    assert_eq!(a.taxpayer.birth_date, None);
    assert_eq!(a.unreadable["taxpayer.birth_date"].typed, "1990-02-30");
    assert_eq!(
        a.unreadable["taxpayer.birth_date"].field,
        "Your date of birth"
    );
    go_to(&mut h, "Review");
    assert!(
        h.query_by_label_contains(
            "Your date of birth could not be read (February 1990 has no 30th day)"
        )
        .is_some()
    );
    // The "missing" error for the same answer is not listed beside it.
    assert!(h.query_by_label_contains("birth date is missing").is_none());
}

#[test]
fn a_negative_wage_says_so_and_the_wage_counts_as_not_given() {
    let mut start = answers_with_an_empty_w2();
    start.income.w2s[0].state_wages = rust_decimal::dec!(52000);
    let mut h = harness_with(app_with(start.clone(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Income");
    let wages = h.get_by_label("State wages (box 16)");
    wages.focus();
    wages.type_text("-5000");
    h.run();
    assert!(h.query_by_label("This amount cannot be negative").is_some());
    let a = h.state().doc.answers().clone();
    assert!(a.income.w2s[0].state_wages.is_zero(), "not the old $52,000");
    assert_eq!(a.unreadable[WAGES_PATH].typed, "-5000");
    assert!(h.query_by_label("Refund (not final)").is_some());
    let old = engine_figure(&start);
    assert!(h.query_all_by_label_contains(&old).next().is_none());
}

#[test]
fn tabbing_into_a_filled_amount_selects_it_so_a_digit_replaces_the_whole_text() {
    let mut start = answers_with_an_empty_w2();
    start.income.w2s[0].state_wages = rust_decimal::dec!(58400);
    let mut h = harness_with(app_with(start, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Income");
    // Edit the amount once, so that its cursor has a position (after "58,400"), and leave it.
    h.get_by_label("State wages (box 16)").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("State wages (box 16)").type_text("58,400");
    h.run();
    h.key_press(egui::Key::Tab);
    h.run();
    assert!(h.get_by_label("NJ tax withheld (box 17)").is_focused());
    assert_eq!(
        h.get_by_label("State wages (box 16)").value().as_deref(),
        Some("58,400.00")
    );
    // Back into it from the keyboard: the whole text is selected and a digit replaces it.
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    h.run();
    assert!(h.get_by_label("State wages (box 16)").is_focused());
    h.event(egui::Event::Text("9".into()));
    h.run();
    assert_eq!(
        h.state().doc.answers().income.w2s[0].state_wages,
        rust_decimal::dec!(9),
        "not 58,4090.00"
    );
    // On into the next amount, filled and never edited: the same.
    h.key_press(egui::Key::Tab);
    h.run();
    h.event(egui::Event::Text("7".into()));
    h.run();
    assert_eq!(
        h.state().doc.answers().income.w2s[0].nj_tax_withheld,
        rust_decimal::dec!(7),
        "not 73,000.00"
    );
}

#[test]
fn a_message_appearing_or_going_under_a_field_never_moves_the_field_below() {
    let mut h = harness_with(app_with(
        answers_with_an_empty_w2(),
        ScriptedDialogs::default(),
    ));
    h.run();
    go_to(&mut h, "Income");
    let below = |h: &Harness<'_, App>| h.get_by_label("NJ tax withheld (box 17)").rect();
    let before = below(&h);
    let wages = h.get_by_label("State wages (box 16)");
    wages.focus();
    wages.type_text("58,4OO");
    h.run();
    assert!(
        h.query_by_label("The letter O is not a digit (zero is 0)")
            .is_some()
    );
    assert_eq!(below(&h), before, "the message takes its own row");
    let wages = h.get_by_label("State wages (box 16)");
    // Screen readers hear the answer is invalid, and why.
    use egui_kittest::kittest::NodeT as _;
    let node = wages.accesskit_node();
    assert_eq!(node.data().invalid(), Some(egui::accesskit::Invalid::True));
    assert_eq!(
        node.data().description(),
        Some("The letter O is not a digit (zero is 0)")
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("State wages (box 16)").type_text("58400");
    h.run();
    assert!(
        h.query_by_label("The letter O is not a digit (zero is 0)")
            .is_none()
    );
    assert_eq!(below(&h), before);
}

#[test]
fn closing_with_text_that_cannot_be_read_asks_to_save_it_first() {
    let dir = temp_dir("unreadable-close");
    let saved = dir.join("close.ron");
    let _ = std::fs::remove_file(&saved);
    let dialogs = ScriptedDialogs {
        open: vec![],
        save: vec![saved.clone()],
    };
    let mut h = harness_with(app_with(answers_with_an_empty_w2(), dialogs));
    h.run();
    go_to(&mut h, "Income");
    let wages = h.get_by_label("State wages (box 16)");
    wages.focus();
    wages.type_text("58,4OO");
    h.run();
    // The window's close button, with the text still in the focused input.
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.run();
    assert!(
        h.query_by_label("Unsaved changes").is_some(),
        "closing asks first"
    );
    h.get_by_label("Save").click();
    h.run();
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("\"58,4OO\""), "{text}");
    let draft = njtax_engine::parse_draft(&text).unwrap();
    assert!(draft.answers.income.w2s[0].state_wages.is_zero());
    assert!(h.state().ui_state.allow_close);
}

/// While Show SSNs is off, focusing an SSN field (a click, Tab, or going to it from Review) does
/// not show the number: it is edited as a password is, every character a dot, and what is typed
/// is not shown either; Show SSNs shows it.
#[test]
fn a_focused_ssn_field_shows_no_digits_until_show_ssns_is_chosen() {
    use egui_kittest::kittest::NodeT as _;
    let values = |h: &Harness<'_, App>| -> Vec<String> {
        h.query_all_by(|_| true)
            .filter_map(|n| n.accesskit_node().value())
            .collect()
    };
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "You and your household");
    let label = "Your Social Security number";
    assert!(
        values(&h).contains(&"•••-••-0001".to_owned()),
        "{:?}",
        values(&h)
    );
    h.get_all_by_label(label).last().unwrap().focus();
    h.run();
    h.run();
    assert_eq!(
        h.ctx.memory(|m| m.focused()),
        Some(njtax_ui::fields::field_id("taxpayer.ssn"))
    );
    let shown = values(&h);
    assert!(
        shown
            .iter()
            .all(|v| !v.contains("400-00") && !v.contains("0001")),
        "{shown:?}"
    );
    // Typing replaces the number (focus from the keyboard selects it) and is not shown either.
    h.get_all_by_label(label)
        .last()
        .unwrap()
        .type_text("400-00-0077");
    h.run();
    assert_eq!(h.state().doc.answers().taxpayer.ssn, "400-00-0077");
    let shown = values(&h);
    assert!(
        shown
            .iter()
            .all(|v| !v.contains("400-00") && !v.contains("0077")),
        "{shown:?}"
    );
    h.get_by_label("Show SSNs").click();
    h.run();
    assert!(
        values(&h).contains(&"400-00-0077".to_owned()),
        "{:?}",
        values(&h)
    );
}

/// A 2022 return with $1,000 withheld on $20,000 of wages: a refund whose last day to claim is
/// 2026-04-15 (54A:9-8 a, h). Opened 45 days before, "Your NJ return" says to claim it by then;
/// opened after it, the headline says the refund is barred with no refund figure in its place,
/// and a link goes to the filing-date answer; once a filing date after the deadline is given the
/// headline still says it is barred (the engine's refund line is $0.00).
#[test]
fn the_return_panel_warns_when_the_last_day_to_claim_the_refund_is_near_or_past() {
    use egui_kittest::kittest::NodeT as _;
    let mut answers = blank_answers();
    answers.tax_year = 2022;
    answers.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Bridge Works".into(),
        state_wages: rust_decimal::dec!(20000),
        nj_tax_withheld: rust_decimal::dec!(1000),
        ..Default::default()
    });
    let at = |today: Date, answers: &Answers| {
        let app = app_with(answers.clone(), ScriptedDialogs::default()).with_today(today);
        let mut h = harness_with(app);
        h.run();
        h
    };
    let h = at(Date::new(2026, 3, 1).unwrap(), &answers);
    assert!(
        h.query_by_label_contains("Claim this refund by 2026-04-15")
            .is_some()
    );
    drop(h);
    let h = at(Date::new(2026, 1, 1).unwrap(), &answers);
    assert!(
        h.query_by_label_contains("Claim this refund by").is_none(),
        "105 days before: no notice"
    );
    drop(h);
    let refund = engine_figure(&answers);
    let mut h = at(Date::new(2026, 5, 1).unwrap(), &answers);
    let why: Vec<String> = h
        .query_all_by_label_contains("the last day to claim the overpayment of")
        .filter_map(|n| {
            let n = n.accesskit_node();
            n.value().or_else(|| n.label())
        })
        .collect();
    assert!(why.iter().any(|w| w.contains("was 2026-04-15")), "{why:?}");
    assert!(h.query_by_label("Refund barred").is_some());
    assert!(
        h.query_by_label(refund.as_str()).is_none(),
        "no {refund} in the refund's place"
    );
    assert!(h.query_by_label("No refund").is_some());
    // The link under the notice goes to the answer that settles it, with the keyboard there.
    h.get_by_label("Give the date you file").click();
    h.run();
    h.run();
    assert_eq!(
        focused_name(&h).as_deref(),
        Some("Date the return is filed")
    );
    drop(h);
    answers.filing.filed_on = Date::new(2026, 5, 1);
    let h = at(Date::new(2026, 5, 1).unwrap(), &answers);
    assert!(
        h.query_by_label_contains("If this return was filed on or before")
            .is_none(),
        "the filing date is given"
    );
    assert_eq!(engine_figure(&answers), "$0.00");
    assert!(h.query_by_label("Refund barred").is_some());
    assert!(h.query_by_label("No refund").is_some());
}

/// Issue 39 item 9: a 2019 back-year return opened on 2026-12-08, its refund's last day long
/// past, shows no refund figure: the headline is "Refund barred" / "No refund" in the warning
/// colour, with the reason under it; the same return opened on time shows its refund.
#[test]
fn a_back_year_refund_the_law_bars_is_shown_as_barred_not_as_a_refund() {
    use egui_kittest::kittest::NodeT as _;
    let mut answers = blank_answers();
    answers.tax_year = 2019;
    answers.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Bridge Works".into(),
        state_wages: rust_decimal::dec!(30000),
        nj_tax_withheld: rust_decimal::dec!(1100),
        ..Default::default()
    });
    let refund = engine_figure(&answers);
    assert_ne!(refund, "$0.00", "the engine's refund, filed on time");
    let app = app_with(answers.clone(), ScriptedDialogs::default())
        .with_today(Date::new(2026, 12, 8).unwrap());
    let mut h = harness_with(app);
    h.run();
    let figure = h.get_by_label("No refund");
    assert_eq!(
        figure.accesskit_node().description().as_deref(),
        Some("Refund barred"),
        "the headline says what it is"
    );
    assert!(
        h.query_by_label(refund.as_str()).is_none(),
        "{refund} is not shown as the refund"
    );
    assert!(h.query_by_label("Refund barred").is_some());
    assert!(
        h.query_by_label_contains("No refund: the last day to claim the overpayment")
            .is_some()
    );
    drop(h);
    // Filed on time (the filing date given): the refund is the engine's.
    answers.filing.filed_on = Date::new(2020, 7, 1);
    let app = app_with(answers.clone(), ScriptedDialogs::default())
        .with_today(Date::new(2026, 12, 8).unwrap());
    let mut h = harness_with(app);
    h.run();
    let figure = h.get_by_label(refund.as_str());
    assert_eq!(
        figure.accesskit_node().description().as_deref(),
        Some("Refund")
    );
    assert!(h.query_by_label("No refund").is_none());
    assert!(h.query_by_label("Refund barred").is_none());
}

/// Law figures or interview screens built into the binary that cannot be read are said where the
/// user looks (the status bar, and in place of the return), with the reason; nothing is
/// computed from other figures.
#[test]
fn embedded_data_that_cannot_be_read_is_reported_with_its_reason() {
    let app = App::with_embedded(
        Err("params/tax.ron: line 3, column 7: expected a map".to_owned()),
        Err("interview.ron: line 9, column 2: unknown key `wagez`".to_owned()),
        blank_answers(),
        "Test draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    );
    let mut h = harness_with(app);
    h.run();
    h.get_by_label_contains("The law figures built into this version could not be read (params/tax.ron: line 3, column 7");
    h.get_by_label_contains(
        "The interview screens built into this version could not be read (interview.ron",
    );
    assert!(
        h.state().computed().is_none(),
        "no return computed without the law figures"
    );
    h.get_by_label_contains(
        "The return cannot be computed: the law figures built into this version could not be read (params/tax.ron",
    );
}

/// The section marks are a to-do list: Review, File online and the form view need attention
/// while the return has anything to fix (Review lists it as Fix), a screen with nothing to enter
/// does not apply until an answer it is worked out from is given, and nothing is "done" that was
/// not answered.
#[test]
fn the_section_marks_say_what_is_left_to_do() {
    use njtax_ui::app::SectionState as S;
    let states = |answers: Answers| {
        let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
        h.run();
        let titles: Vec<String> = h
            .state()
            .interview
            .screens
            .iter()
            .map(|s| s.title.clone())
            .collect();
        let sections = h.state().snapshot.sections.clone();
        let has_error = h
            .state()
            .diagnostics()
            .iter()
            .any(|d| d.severity == njtax_engine::Severity::Error);
        let of = move |title: &str| {
            let i = titles.iter().position(|t| t == title).unwrap();
            sections[i]
        };
        (of, has_error)
    };
    let whole_return = ["Review", "File online", "Form view"];

    // A filer with a name, SSN and birth date and nothing else: nothing to fix.
    let (of, has_error) = states(blank_answers());
    assert!(!has_error);
    for title in whole_return {
        assert_eq!(of(title), S::Done, "{title}");
    }
    assert_eq!(of("Start"), S::Done);
    assert_eq!(of("You and your household"), S::Done);
    assert_eq!(of("Income"), S::NotStarted);
    assert_eq!(
        of("Retirement exclusions"),
        S::DoesNotApply,
        "no 1099-R: nothing to enter and nothing to show"
    );
    assert_eq!(S::DoesNotApply.words(), "does not apply");

    // A 1099-R on the Income screen: the retirement exclusions apply and are worked out.
    let mut with_pension = blank_answers();
    with_pension
        .income
        .retirement
        .push(njtax_engine::answers::Retirement {
            payer: "State pension fund".into(),
            gross_distribution: rust_decimal::dec!(20000),
            taxable_amount: rust_decimal::dec!(20000),
            ..Default::default()
        });
    let (of, _) = states(with_pension);
    assert_eq!(of("Retirement exclusions"), S::Done);
    assert_eq!(of("Income"), S::Done);

    // An error (the SSN is missing): its screen and every whole-return screen need attention.
    let mut missing_ssn = blank_answers();
    missing_ssn.taxpayer.ssn.clear();
    let (of, has_error) = states(missing_ssn);
    assert!(has_error);
    assert_eq!(of("You and your household"), S::NeedsAttention);
    for title in whole_return {
        assert_eq!(of(title), S::NeedsAttention, "{title}");
    }
    assert_eq!(of("Income"), S::NotStarted);

    // A draft with no answer at all: the household's missing facts are errors, so Review (which
    // lists them as Fix) needs attention; the income screens are not started.
    let (of, has_error) = states(Answers::default());
    assert!(has_error);
    assert_eq!(of("Review"), S::NeedsAttention);
    assert_eq!(of("Income"), S::NotStarted);
    assert_eq!(of("Retirement exclusions"), S::DoesNotApply);
}

#[test]
fn the_guided_path_skips_a_topic_answered_no_and_all_questions_goes_through_it() {
    use njtax_ui::app::SectionState as S;
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    let screen = |h: &Harness<'_, App>, title: &str| {
        h.state()
            .interview
            .screens
            .iter()
            .position(|s| s.title == title)
            .unwrap()
    };
    let (property, credits) = (screen(&h, "Property tax"), screen(&h, "Credits"));
    // Not answered yet: every topic is on the path.
    go_to(&mut h, "Deductions");
    h.get_by_label("Next: Property tax");
    go_to(&mut h, "Your year");
    // Four questions with a Yes and a No each; the first asks about rent or property tax.
    assert_eq!(h.query_all_by_label("No").count(), 4);
    h.get_all_by_label("No").next().unwrap().click();
    h.run();
    assert_eq!(h.state().doc.answers().topics.get("property"), Some(&false));
    assert_eq!(h.state().snapshot.sections[property], S::DoesNotApply);
    go_to(&mut h, "Deductions");
    assert!(h.query_by_label("Next: Property tax").is_none());
    h.get_by_label("Next: Credits").scroll_to_me();
    h.run();
    h.get_by_label("Next: Credits").click();
    h.run();
    assert_eq!(h.state().ui_state.screen, credits);
    h.get_by_label("Back: Deductions");
    // The step counter counts the steps of the guided path only.
    let path = njtax_ui::progress::guided_path(&h.state().snapshot.sections);
    let k = path.iter().position(|&i| i == credits).unwrap();
    h.get_by_label(&format!("Step {} of {}", k + 1, path.len()));
    // The skipped screen is still in the list and can be opened; from it Next leads on.
    go_to(&mut h, "Property tax");
    h.get_by_label("Next: Credits");
    // View > All questions goes through every screen.
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("All questions").click();
    h.run();
    go_to(&mut h, "Deductions");
    h.get_by_label("Next: Property tax");
    h.get_by_label(&format!(
        "Step {} of {}",
        screen(&h, "Deductions") + 1,
        h.state().interview.screens.len()
    ));
    // Entering a home while the topic says No: the screen applies again.
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Guided questions").click();
    h.run();
    go_to(&mut h, "Property tax");
    h.get_by_label("Add a home").scroll_to_me();
    h.run();
    h.get_by_label("Add a home").click();
    h.run();
    assert_eq!(h.state().doc.answers().homesteads.len(), 1);
    assert_ne!(h.state().snapshot.sections[property], S::DoesNotApply);
    go_to(&mut h, "Deductions");
    h.get_by_label("Next: Property tax");
}

#[test]
fn the_theme_and_the_zoom_chosen_in_the_view_menu_or_with_ctrl_plus_are_kept_for_next_time() {
    use egui_kittest::kittest::NodeT as _;
    use njtax_ui::settings::{SettingsFile, Theme};
    let dir = temp_dir("settings");
    let file = dir.join("settings.ron");
    // A file left by an earlier run under the same process id would be read as this run's.
    let _ = std::fs::remove_file(&file);
    let app = || {
        app_with(blank_answers(), ScriptedDialogs::default())
            .with_settings(Box::new(SettingsFile::new(file.clone())))
    };
    let mut h = harness_with(app());
    h.run();
    assert_eq!(h.state().ui_state.settings.theme, Theme::System);
    h.get_by_label("View").click();
    h.run();
    // The zoom entries show their shortcuts, which screen readers get apart from the name.
    let zoom_in = h.get_by_label("Zoom in");
    assert_eq!(
        zoom_in.accesskit_node().data().keyboard_shortcut(),
        Some("Ctrl+Plus")
    );
    h.get_by_label("High contrast").click();
    h.run();
    assert_eq!(h.state().ui_state.settings.theme, Theme::HighContrast);
    assert_eq!(h.ctx.theme(), egui::Theme::Dark);
    assert_eq!(
        h.ctx.global_style().visuals.panel_fill,
        egui::Color32::BLACK
    );
    // Ctrl+Plus twice (egui's own keys): the zoom is the user's setting too.
    for _ in 0..2 {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Plus);
        h.run();
    }
    h.run();
    assert!((h.state().ui_state.settings.zoom - 1.2).abs() < 1e-4);
    drop(h);
    // The next start of the app (a new window on this computer) has both.
    let mut h = harness_with(app());
    h.run();
    assert_eq!(h.state().ui_state.settings.theme, Theme::HighContrast);
    assert!((h.ctx.zoom_factor() - 1.2).abs() < 1e-4);
    assert_eq!(
        h.ctx.global_style().visuals.panel_fill,
        egui::Color32::BLACK
    );
    // Actual size from the menu.
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Actual size").click();
    h.run();
    h.run();
    assert!((h.ctx.zoom_factor() - 1.0).abs() < 1e-4);
    let kept = std::fs::read_to_string(&file).unwrap();
    assert!(
        kept.contains("HighContrast") && kept.contains("zoom: 1.0"),
        "{kept}"
    );
}

#[test]
fn display_settings_that_cannot_be_read_are_not_replaced_and_the_status_bar_says_so() {
    use njtax_ui::settings::SettingsFile;
    let dir = temp_dir("settings-bad");
    let file = dir.join("settings.ron");
    std::fs::write(&file, "(theme: Purple)").unwrap();
    let mut h = harness_with(
        app_with(blank_answers(), ScriptedDialogs::default())
            .with_settings(Box::new(SettingsFile::new(file.clone()))),
    );
    h.run();
    let (message, is_error) = status(&h);
    assert!(is_error);
    assert!(
        message.starts_with("Your display settings could not be read"),
        "{message}"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "(theme: Purple)",
        "left as it is"
    );
}

#[test]
fn the_file_menu_shows_its_shortcuts_and_quit_closes_the_window_after_asking_about_changes() {
    use egui_kittest::kittest::NodeT as _;
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    h.get_by_label("File").click();
    h.run();
    for (entry, keys) in [
        ("New", "Ctrl+N"),
        ("Open…", "Ctrl+O"),
        ("Save", "Ctrl+S"),
        ("Save As…", "Ctrl+Shift+S"),
        ("Print to PDF…", "Ctrl+P"),
        ("Quit", "Ctrl+Q"),
    ] {
        let node = h.get_by_label(entry);
        assert_eq!(
            node.accesskit_node().data().keyboard_shortcut(),
            Some(keys),
            "{entry}"
        );
    }
    // Unsaved changes: Quit asks first, and Escape is Cancel.
    h.key_press(egui::Key::Escape);
    h.run();
    go_to(&mut h, "Income");
    h.get_by_label("Add a W-2").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Q);
    h.run();
    h.run();
    assert_eq!(
        h.state().ui_state.pending,
        Some(njtax_ui::state::Pending::Close)
    );
    h.get_by_label("Unsaved changes");
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().ui_state.pending, None);
    assert!(h.query_by_label("Unsaved changes").is_none());
}

/// The refund step's direct deposit: ticking it asks for the bank account; a routing number with
/// a wrong check digit is an error in Review that leads back to the number, fixed there; both
/// numbers are masked in the accessibility tree (what is shown) while Show SSNs is off, even
/// while typed, and shown in full once Show SSNs is on.
#[test]
fn the_direct_deposit_checks_the_routing_number_and_keeps_both_numbers_masked() {
    use egui_kittest::kittest::NodeT as _;
    let values = |h: &Harness<'_, App>| -> Vec<String> {
        h.query_all_by(|_| true)
            .filter_map(|n| n.accesskit_node().value())
            .collect()
    };
    let no_digits = |h: &Harness<'_, App>| {
        let shown = values(h);
        assert!(
            shown.iter().all(|v| !v.contains("02100002")
                && !v.contains("000123456789")
                && !v.contains("12345")),
            "{shown:?}"
        );
    };
    let mut answers = blank_answers();
    answers.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Bridge Works".into(),
        state_wages: rust_decimal::dec!(40000),
        nj_tax_withheld: rust_decimal::dec!(2000),
        ..Default::default()
    });
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    let refund = h
        .state()
        .interview
        .screens
        .iter()
        .position(|s| s.id == "refund")
        .unwrap();
    h.state_mut().send(njtax_ui::Command::Goto {
        screen: refund,
        focus: None,
    });
    h.run();
    assert!(
        h.query_by_label("Routing number").is_none(),
        "asked only once ticked"
    );
    h.get_by_label("Deposit my refund in my bank account")
        .click();
    h.run();
    h.run();
    assert!(h.state().doc.answers().refund.direct_deposit.is_some());
    type_into(&mut h, "Routing number", "021000022");
    assert_eq!(
        h.state()
            .doc
            .answers()
            .refund
            .direct_deposit
            .as_ref()
            .unwrap()
            .routing_number,
        "021000022"
    );
    no_digits(&h);
    type_into(&mut h, "Account number", "000123456789");
    no_digits(&h);
    h.get_by_label("Checking").click();
    h.run();
    h.run();
    // Neither number has the focus now: each shows its last 4 digits only.
    let shown = values(&h);
    assert!(shown.contains(&"•••••0022".to_owned()), "{shown:?}");
    assert!(shown.contains(&"•••••6789".to_owned()), "{shown:?}");
    no_digits(&h);
    // Review names the mistyped routing number (never the number) and leads back to it.
    go_to(&mut h, "Review");
    let error = h.get_by_label_contains("its check digit does not match");
    assert!(h.query_by_label_contains("021000022").is_none());
    error.click();
    h.run();
    h.run();
    assert_eq!(h.state().ui_state.screen, refund);
    assert_eq!(
        h.ctx.memory(|m| m.focused()),
        Some(njtax_ui::fields::field_id(
            "refund.direct_deposit.routing_number"
        ))
    );
    no_digits(&h);
    // Focused from Review, its text is selected: typing replaces it.
    h.get_all_by_label("Routing number")
        .last()
        .unwrap()
        .type_text("021000021");
    h.run();
    let dd = h
        .state()
        .doc
        .answers()
        .refund
        .direct_deposit
        .clone()
        .unwrap();
    assert_eq!(dd.routing_number, "021000021");
    assert_eq!(dd.account_number, "000123456789");
    assert_eq!(
        dd.account_type,
        njtax_engine::answers::AccountType::Checking
    );
    let set = computed_set(h.state().doc.answers());
    assert!(
        set.returns[0]
            .diagnostics
            .iter()
            .all(|d| !d.code.starts_with("deposit-")),
        "{:?}",
        set.returns[0].diagnostics
    );
    assert!(set.returns[0].refund_deposited);
    no_digits(&h);
    h.get_by_label("Show SSNs").click();
    h.run();
    let shown = values(&h);
    assert!(shown.contains(&"021000021".to_owned()), "{shown:?}");
    assert!(shown.contains(&"000123456789".to_owned()), "{shown:?}");
}

/// What a screen reader finds, read from the AccessKit tree: the screen's title a level-1 heading
/// and the panels' and groups' names level-2 headings; the filing status drop-down gives its
/// chosen value; a Yes/No question's buttons form one group described by the question; the refund
/// figure is a polite live region; an answer that cannot be read is invalid and points at its
/// message; Review's items say whether they are to fix or to check.
#[test]
fn screen_readers_find_headings_values_groups_the_live_refund_and_errors_tied_to_their_fields() {
    use egui::accesskit::{Invalid, Live, Role};
    use egui_kittest::kittest::NodeT as _;
    let mut h = harness_with(app_with(
        answers_with_an_empty_w2(),
        ScriptedDialogs::default(),
    ));
    h.run();
    let heading_level = |h: &Harness<'_, App>, name: &str| {
        let node = h.get_by_role_and_label(Role::Heading, name);
        node.accesskit_node().data().level()
    };
    go_to(&mut h, "You and your household");
    assert_eq!(heading_level(&h, "You and your household"), Some(1));
    assert_eq!(heading_level(&h, "Sections"), Some(2));
    assert_eq!(heading_level(&h, "Your NJ return"), Some(2));
    let combo = h.get_by_role_and_label(Role::ComboBox, "Filing status");
    assert_eq!(combo.accesskit_node().value().as_deref(), Some("Single"));
    // Described by the help under the question, not by the citation shown on hover.
    let described = combo
        .accesskit_node()
        .data()
        .description()
        .map(str::to_owned);
    assert!(
        described
            .as_deref()
            .is_some_and(|d| d.starts_with("Usually the status you use on your federal return")),
        "{described:?}"
    );
    // The refund or balance due is announced when it changes.
    let figure = engine_figure(h.state().doc.answers());
    let shown = h.get_by_label(&figure);
    assert_eq!(shown.accesskit_node().data().live(), Some(Live::Polite));
    // Yes and No answer one question: grouped, and described by it.
    go_to(&mut h, "Your year");
    let question = "Did you pay rent or property tax on your main home in New Jersey?";
    let yes: Vec<_> = h
        .query_all_by_role_and_label(Role::RadioButton, "Yes")
        .collect();
    assert_eq!(yes.len(), 4, "one Yes per question");
    let first = yes[0].accesskit_node();
    assert_eq!(first.data().description(), Some(question));
    assert_eq!(first.data().radio_group().len(), 2);
    // An answer that cannot be read is invalid, its message tied to it.
    go_to(&mut h, "Income");
    assert_eq!(heading_level(&h, "W-2 forms"), Some(2));
    let wages = h.get_by_label("State wages (box 16)");
    wages.focus();
    wages.type_text("58,4OO");
    h.run();
    let wages = h.get_by_label("State wages (box 16)");
    let node = wages.accesskit_node();
    assert_eq!(node.data().invalid(), Some(Invalid::True));
    let message = node
        .data()
        .error_message()
        .expect("the input points at its message");
    let message = h
        .query_by(|n| n.locate().0 == message)
        .expect("the message is in the tree");
    assert_eq!(
        message.accesskit_node().value().as_deref(),
        Some("The letter O is not a digit (zero is 0)")
    );
    // Review's items: the answer that cannot be read is to fix.
    go_to(&mut h, "Review");
    let fix = h
        .query_all_by(|n| n.data().description() == Some("Fix"))
        .count();
    assert!(fix >= 1, "an item to fix");
}

/// Review's "Before you file": each item ticked or to do (screen readers hear which), and one
/// settled by an answer leads to it: a missing home address goes to the street, focused.
#[test]
fn before_you_file_lists_what_is_left_and_leads_to_a_missing_address() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Review");
    h.get_by_label("Before you file");
    assert!(
        h.query_by_label_contains("Give your home address")
            .is_some(),
        "the address is missing"
    );
    assert!(h.query_all_by_label("To do").count() >= 2);
    h.get_by_label("Go to the address").scroll_to_me();
    h.run();
    h.get_by_label("Go to the address").click();
    h.run();
    h.run();
    assert_eq!(
        h.state().interview.screens[h.state().ui_state.screen].id,
        "household"
    );
    assert!(h.get_by_label("Street address").is_focused());
}

/// The window opens with the focus on the Start screen's title, so the first Tab goes into the
/// screen rather than through the menu bar; screen readers name the window as its title bar does.
#[test]
fn the_window_opens_focused_on_the_first_screen_and_is_named_by_its_title() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT as _;
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    h.run();
    assert_eq!(focused_name(&h).as_deref(), Some("Start"));
    let window = h.root();
    assert_eq!(window.accesskit_node().role(), Role::Window);
    assert_eq!(
        window.accesskit_node().label().as_deref(),
        Some(h.state().title().as_str())
    );
    h.key_press(egui::Key::Tab);
    h.run();
    let first = focused_name(&h);
    assert!(
        !matches!(first.as_deref(), Some("File" | "Edit" | "View") | None),
        "the first Tab stays in the screen: {first:?}"
    );
}

/// File > Compare with… an earlier version of the draft: a window names the other draft and
/// shows each changed line with the answer that moved it (the engine's words, as `njtax diff`
/// prints them); it follows the draft as it changes, and closes with its button. A file that is
/// not a draft is said in the status bar, and nothing opens.
#[test]
fn compare_with_an_earlier_draft_shows_each_changed_line_and_its_cause_and_follows_the_draft() {
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/compare");
    let old = fixtures.join("w2-corrected-old.ron");
    let new = njtax_engine::parse_draft(
        &std::fs::read_to_string(fixtures.join("w2-corrected-new.ron")).unwrap(),
    )
    .unwrap()
    .answers;
    let not_a_draft = temp_dir("compare").join("notes.ron");
    std::fs::write(&not_a_draft, "just some notes").unwrap();
    let dialogs = ScriptedDialogs {
        open: vec![old.clone(), not_a_draft],
        ..ScriptedDialogs::default()
    };
    let mut h = harness_with(app_with(new, dialogs));
    h.run();
    click_file_menu(&mut h, "Compare with…");
    h.run();
    h.get_by_label("Compared with w2-corrected-old.ron");
    let cause = "because W-2 #2 (Acme Corp): state wages 41,000.00 -> 44,400.00";
    assert!(
        h.query_all_by_label(cause).count() >= 1,
        "the cause is named"
    );
    // The tax line, with its old and new values as the engine computes them.
    let book = ParamBook::load().unwrap();
    let old_answers = njtax_engine::parse_draft(&std::fs::read_to_string(&old).unwrap())
        .unwrap()
        .answers;
    let tax = |a: &Answers| {
        let r = njtax_engine::compute(a, &book).unwrap();
        fmt_money(r.value("43"))
    };
    let headline = format!(
        "NJ-1040 line 43 Tax on amount on line 42: {} -> {}",
        tax(&old_answers),
        tax(h.state().doc.answers())
    );
    assert!(h.query_by_label_contains(&headline).is_some(), "{headline}");
    assert_eq!(
        status(&h).0,
        "Compared with w2-corrected-old.ron: 11 lines changed"
    );
    // Back to the old wages on this draft: the comparison follows, the wages no longer differ.
    let mut back = h.state().doc.answers().clone();
    back.income.w2s[1].state_wages = old_answers.income.w2s[1].state_wages;
    h.state_mut().send(njtax_ui::Command::Set {
        path: "income.w2s[1].state_wages".into(),
        value: serde_json::Value::String(back.income.w2s[1].state_wages.to_string()),
    });
    h.run();
    h.run();
    assert!(h.query_all_by_label(cause).count() == 0);
    assert!(h.query_by_label("No computed line differs.").is_some());
    h.get_by_label("Close the comparison").click();
    h.run();
    assert!(
        h.query_by_label("Compared with w2-corrected-old.ron")
            .is_none()
    );
    // A file that is not a draft: said where the user is looking, nothing opens.
    click_file_menu(&mut h, "Compare with…");
    h.run();
    let (message, is_error) = status(&h);
    assert!(is_error);
    assert!(
        message.starts_with("notes.ron could not be compared"),
        "{message}"
    );
    assert!(h.state().snapshot.comparison.is_none());
}

/// File > Amend this return: the amended draft keeps the figures as filed; correcting a W-2 on
/// the Income screen shows the additional tax in the return panel; on the Amended return screen
/// the reason ticked and the mailing date typed give the interest estimate, and the written
/// explanation can be taken as the filer's own to edit.
#[test]
fn amending_a_return_after_a_corrected_w2_shows_the_additional_tax_and_its_interest() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/amended/a-corrected-w2-original.ron");
    let original = njtax_engine::parse_draft(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .answers;
    let mut h = harness_with(app_with(original, ScriptedDialogs::default()));
    h.run();
    click_file_menu(&mut h, "Amend this return…");
    let (msg, is_error) = status(&h);
    assert!(!is_error);
    assert!(msg.starts_with("Started the amended 2025 return"), "{msg}");
    let am = h
        .state()
        .doc
        .answers()
        .amends
        .clone()
        .expect("an amended draft");
    assert_eq!(
        am.original[0].lines.get(&Key::Tax),
        Some(&rust_decimal::Decimal::from(1327))
    );
    assert!(h.state().doc.display_name().ends_with("amended"));
    // Nothing corrected yet: the original's refund of 73 was paid, so nothing changes.
    assert!(h.query_by_label("Amended: no change").is_some());
    // The corrected W-2.
    go_to(&mut h, "Income");
    let wages = h.get_all_by_label("State wages (box 16)").next().unwrap();
    wages.focus();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    wages.type_text("55400");
    h.run();
    assert!(h.query_by_label("Amended: additional tax").is_some());
    assert!(h.query_by_label("$187.00").is_some());
    // Why and when.
    go_to(&mut h, "Amended return");
    h.get_by_label("A corrected or missing W-2 or 1099").click();
    h.run();
    type_into(&mut h, "Date you mail the amended return", "2026-11-16");
    let am = h.state().doc.answers().amends.clone().unwrap();
    assert!(am.reasons.corrected_statement);
    assert_eq!(am.filed_on, Date::new(2026, 11, 16));
    assert!(h.query_by_label("Interest (estimate): $12.47").is_some());
    assert!(h.query_by_label("Additional tax to pay: $187.00").is_some());
    assert!(
        h.query_by_label_contains(
            "W-2 #1 (Raritan Valley Foods Inc): state wages 52,000.00 to 55,400.00"
        )
        .is_some()
    );
    // The button is far down the screen: reached with the keyboard, as a keyboard user would.
    h.get_by_label("Edit this explanation").focus();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let own = h.state().doc.answers().amends.clone().unwrap().explanation;
    assert!(
        own.starts_with("Amended because: A corrected or missing W-2 or 1099."),
        "{own}"
    );
    assert!(h.query_by_label("Edit this explanation").is_none());
}

/// An original return's Amended return screen says how to amend, and switching it on without a
/// draft asks for the figures as filed (the engine's error names the screen's answers).
#[test]
fn an_original_returns_amended_screen_says_how_and_a_typed_amendment_asks_for_the_figures() {
    let mut h = harness_with(app_with(blank_answers(), ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Amended return");
    assert!(
        h.query_by_label_contains("This draft is an original return.")
            .is_some()
    );
    h.get_by_label("This draft corrects a return I already filed")
        .click();
    h.run();
    assert!(h.state().doc.answers().amends.is_some());
    let set = h.state().returns().unwrap();
    assert!(
        set.returns[0]
            .diagnostics
            .iter()
            .any(|d| d.code == "amend-original-missing"),
    );
    h.get_by_label("Add the figures of a return you filed")
        .click();
    h.run();
    assert_eq!(
        h.state()
            .doc
            .answers()
            .amends
            .as_ref()
            .unwrap()
            .original
            .len(),
        1
    );
    assert!(h.query_by_label("Total tax due, as filed").is_some());
}

/// A clean return for the clinic tests (nothing to fix).
fn clinic_answers() -> Answers {
    let mut a = blank_answers();
    a.taxpayer.ssn = "401-23-4567".into();
    a.address.street = "1 Main St".into();
    a.address.city = "Newark".into();
    a.address.zip = "07102".into();
    a.income.w2s.push(njtax_engine::answers::W2 {
        employer: "Acme".into(),
        state_wages: rust_decimal::dec!(40000),
        nj_tax_withheld: rust_decimal::dec!(900),
        ..Default::default()
    });
    a.clinic = Some(Default::default());
    a
}

/// The Clinic review screen: the volunteer's name is asked once and kept; Ready for review and
/// Approve are signed with it; Approve waits while the return has a problem to fix; a change of
/// figures after the approval clears it, and the screen says so.
#[test]
fn a_volunteer_signs_ready_and_approve_and_a_later_change_clears_the_approval() {
    let mut bad = clinic_answers();
    bad.taxpayer.ssn = String::new();
    let mut h = harness_with(app_with(bad, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Clinic review");
    type_into(&mut h, "Your name", "Pat Lee");
    h.get_by_label("Use this name").click();
    h.run();
    assert_eq!(h.state().ui_state.settings.volunteer, "Pat Lee");
    assert!(
        h.query_by_label("You are signing as Pat Lee on this computer.")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Approve waits until nothing is left to fix")
            .is_some()
    );
    // The Approve button is there but cannot be pressed.
    h.get_by_label("Approve").click();
    h.run();
    assert_eq!(
        h.state().doc.answers().clinic.as_ref().unwrap().status,
        njtax_engine::answers::ClinicStatus::Intake
    );
    // A clean return.
    let mut h = harness_with(app_with(clinic_answers(), ScriptedDialogs::default()));
    h.run();
    let mut s = h.state().ui_state.settings.clone();
    s.volunteer = "Pat Lee".into();
    h.state_mut().send(njtax_ui::Command::Settings(s));
    h.run();
    go_to(&mut h, "Clinic review");
    h.get_by_label("Ready for review").click();
    h.run();
    assert!(
        h.query_by_label_contains("Status: ready for review; prepared by Pat Lee")
            .is_some()
    );
    // The preparer cannot approve their own return: refused where they look, nothing changes.
    h.get_by_label("Approve").click();
    h.run();
    let (msg, is_error) = status(&h);
    assert!(
        is_error
            && msg.contains("Pat Lee prepared this return, so another volunteer must approve it"),
        "{msg}"
    );
    assert_eq!(
        h.state().doc.answers().clinic.as_ref().unwrap().status,
        njtax_engine::answers::ClinicStatus::ReadyForReview
    );
    let mut s = h.state().ui_state.settings.clone();
    s.volunteer = "Sam Ortiz".into();
    h.state_mut().send(njtax_ui::Command::Settings(s));
    h.run();
    h.get_by_label("Approve").click();
    h.run();
    let record = h.state().doc.answers().clinic.clone().unwrap();
    assert_eq!(record.status, njtax_engine::answers::ClinicStatus::Approved);
    assert_eq!(record.reviewer, "Sam Ortiz");
    assert!(h.query_by_label_contains("Approval cleared").is_none());
    // Two names typed on one computer login: allowed, and said.
    assert!(
        h.query_by_label_contains("Approved from the same computer login")
            .is_some()
    );
    // The preparer corrects the wages afterwards.
    go_to(&mut h, "Income");
    let wages = h.get_all_by_label("State wages (box 16)").next().unwrap();
    wages.focus();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    wages.type_text("41000");
    h.run();
    go_to(&mut h, "Clinic review");
    assert!(
        h.query_by_label_contains("Approval cleared: a figure of the return changed")
            .is_some()
    );
    // Marking it filed is not offered while the approval does not hold.
    assert!(h.query_by_label("Filed online").is_none());
}

/// A review note added under an answer by one volunteer is saved in the draft and shows under the
/// same answer for another volunteer who opens it, and in the Clinic review's list.
#[test]
fn a_note_on_an_answer_by_one_volunteer_shows_for_another() {
    let (mut h, out) = app_saving_to("clinic-note", "client.ron", clinic_answers());
    let mut s = h.state().ui_state.settings.clone();
    s.volunteer = "Sam Ortiz".into();
    h.state_mut().send(njtax_ui::Command::Settings(s));
    h.run();
    go_to(&mut h, "Income");
    h.get_all_by_label("Add a review note")
        .next()
        .unwrap()
        .click();
    h.run();
    type_into(&mut h, "Review note", "check box 16 against the W-2");
    h.get_by_label("Add the note").click();
    h.run();
    assert!(
        h.query_by_label_contains("Review note #1 by Sam Ortiz: check box 16 against the W-2")
            .is_some()
    );
    h.state_mut().send(njtax_ui::Command::SaveAs);
    h.run();
    assert!(out.exists());
    assert!(!h.state().doc.is_dirty());
    // The first volunteer closes the draft; another one opens it.
    drop(h);
    let dialogs = ScriptedDialogs {
        open: vec![out.clone()],
        ..Default::default()
    };
    let mut other = harness_with(app_with(blank_answers(), dialogs));
    other.run();
    click_file_menu(&mut other, "Open…");
    go_to(&mut other, "Income");
    assert!(
        other
            .query_by_label_contains("Review note #1 by Sam Ortiz: check box 16 against the W-2")
            .is_some()
    );
    go_to(&mut other, "Clinic review");
    assert!(other.query_by_label("Review notes (1 open)").is_some());
    let _ = std::fs::remove_dir_all(out.parent().unwrap());
}

/// View > Lock the app…: the passphrase asked twice (too short and different ones refused);
/// locked, nothing of the draft is on the screen or in the accessibility tree and shortcuts do
/// nothing; a wrong passphrase is said, the right one brings the draft back.
#[test]
fn locking_the_app_hides_the_draft_until_the_passphrase_is_typed() {
    let mut h = harness_with(app_with(clinic_answers(), ScriptedDialogs::default()));
    h.run();
    assert!(
        h.query_by_label_contains("Test Filer").is_some()
            || h.query_by_label("Your NJ return").is_some()
    );
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Lock the app…").click();
    h.run();
    type_into(&mut h, "Passphrase", "abc");
    type_into(&mut h, "The same passphrase again", "abc");
    h.get_by_label("Lock").click();
    h.run();
    assert!(h.query_by_label("Use at least 4 characters.").is_some());
    type_into(&mut h, "Passphrase", "d");
    type_into(&mut h, "The same passphrase again", "x");
    h.get_by_label("Lock").click();
    h.run();
    assert!(
        h.query_by_label("The two passphrases differ: type them again.")
            .is_some()
    );
    type_into(&mut h, "The same passphrase again", "abcd");
    h.get_by_label("Lock").click();
    h.run();
    assert!(h.query_by_label("The app is locked").is_some());
    assert!(h.query_by_label("Your NJ return").is_none());
    assert!(h.query_by_label("Income").is_none());
    assert!(h.query_by_label_contains("$").is_none(), "no figure shown");
    assert_eq!(h.state().title(), "njtax (locked)");
    // Shortcuts do nothing while locked.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert!(
        h.state().doc.answers().clinic.is_some(),
        "still the same draft"
    );
    type_into(&mut h, "Passphrase to unlock", "wrong");
    h.get_by_label("Unlock").click();
    h.run();
    assert!(h.query_by_label("That is not the passphrase.").is_some());
    type_into(&mut h, "Passphrase to unlock", "abcd");
    h.get_by_label("Unlock").click();
    h.run();
    assert!(h.query_by_label("The app is locked").is_none());
    assert!(h.query_by_label("Your NJ return").is_some());
}

/// A clinic folder holding a copy of every example draft and a file that is not a draft.
fn clinic_folder(tag: &str) -> PathBuf {
    let dir = temp_dir(tag);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for e in std::fs::read_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples")).unwrap()
    {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "ron") {
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    std::fs::write(dir.join("broken.ron"), "just some notes").unwrap();
    dir
}

/// The files of the roster's rows from top to bottom, as drawn.
fn roster_rows_drawn(h: &Harness<'_, App>) -> Vec<String> {
    let roster = h.state().snapshot.roster.as_ref().unwrap();
    let mut rows: Vec<(f32, String)> = roster
        .entries
        .iter()
        .filter_map(|e| {
            h.query_by_label(&e.file)
                .map(|n| (n.rect().min.y, e.file.clone()))
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    rows.into_iter().map(|(_, f)| f).collect()
}

/// Pick `option` in the roster's drop-down `list` (the option in the list, not a row's cell).
fn pick_roster_option(h: &mut Harness<'_, App>, list: &str, option: &str) {
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT as _;
    h.get_by_role_and_label(Role::ComboBox, list).click();
    h.run();
    h.query_all_by_label(option)
        .find(|n| n.accesskit_node().role() != Role::Label)
        .expect("the option is in the list")
        .click();
    h.run();
}

/// File > Open clinic folder… on a folder of drafts: the roster lists each draft with its client's
/// name and only the last 4 digits of the SSN (a file that is not a draft says why); it sorts by a
/// column heading and reverses on a second click; it picks up a status changed on disk by itself
/// and filters by it; it searches by SSN last 4; a row opens its draft and the roster stays open,
/// showing what this window saves there; Escape closes it.
#[test]
fn the_clinic_roster_lists_sorts_filters_and_opens_the_drafts_of_a_folder() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT as _;
    use njtax_engine::answers::{ClinicStatus, last_four_digits};
    let dir = clinic_folder("roster");
    let dialogs = ScriptedDialogs {
        open: vec![dir.clone()],
        ..ScriptedDialogs::default()
    };
    let mut h = harness_with(app_with(blank_answers(), dialogs));
    h.run();
    click_file_menu(&mut h, "Open clinic folder…");
    let folder_name = dir.file_name().unwrap().to_string_lossy().into_owned();
    let title = format!("Clinic folder {folder_name}");
    let heading = h.get_by_role_and_label(Role::Heading, &title);
    assert!(heading.is_focused(), "the keyboard is in the roster");
    crate::common::roster_read(&mut h);
    h.get_by_label("13 of 13 drafts");
    assert_eq!(
        status(&h),
        (format!("The clinic folder {folder_name}: 13 drafts"), false)
    );
    // Every draft: its client's name and the last 4 digits of the SSN, never the whole number.
    let mut drafts = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let Ok(d) = njtax_ui::files::read_draft(&p) else {
            continue;
        };
        let t = &d.answers.taxpayer;
        assert!(
            h.query_all_by_label_contains(&t.name)
                .any(|n| n.accesskit_node().role() == Role::Label),
            "{} is listed",
            t.name
        );
        let last4 = last_four_digits(&t.ssn);
        assert!(h.query_by_label(&format!("…{last4}")).is_some(), "{last4}");
        assert!(h.query_by_label_contains(&t.ssn).is_none(), "no whole SSN");
        drafts.push((
            p.file_name().unwrap().to_string_lossy().into_owned(),
            t.name.clone(),
            last4,
        ));
    }
    assert_eq!(drafts.len(), 12);
    h.get_by_label("broken.ron");
    assert!(
        h.query_by_label_contains("this is not an njtax draft")
            .is_some()
    );
    // Sorted by year, then by name (A to Z), then reversed; the unreadable file stays last.
    h.get_by_label("Sort by year").click();
    h.run();
    h.get_by_label("Sort by name").click();
    h.run();
    let roster = h.state().snapshot.roster.clone().unwrap();
    let names: Vec<String> = roster
        .shown
        .iter()
        .map(|&i| roster.entries[i].clone())
        .filter_map(|e| e.row.map(|r| r.name.to_lowercase()))
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    let drawn = roster_rows_drawn(&h);
    assert_eq!(drawn.len(), 13);
    assert_eq!(drawn.last().map(String::as_str), Some("broken.ron"));
    h.get_by_label("Sort by name").click();
    h.run();
    let mut reversed = drawn[..12].to_vec();
    reversed.reverse();
    reversed.push("broken.ron".to_owned());
    assert_eq!(roster_rows_drawn(&h), reversed);
    // Another program moves single-renter.ron to "in progress": the roster shows it by itself.
    let renter = dir.join("single-renter.ron");
    let mut d = njtax_ui::files::read_draft(&renter).unwrap();
    let book = ParamBook::load().unwrap();
    let set = njtax_engine::compute::compute_set_values(
        &d.answers,
        &book.supported(d.answers.tax_year).unwrap(),
    );
    njtax_engine::clinic::set_status(
        &mut d.answers,
        &set,
        ClinicStatus::InProgress,
        "Ana Ruiz",
        "2026-12-07 10:00",
        "",
    )
    .unwrap();
    njtax_ui::files::write_draft(&renter, &d).unwrap();
    let reads = h.state().snapshot.roster.clone();
    h.run_steps(6);
    crate::common::roster_read(&mut h);
    assert_ne!(
        h.state().snapshot.roster,
        reads,
        "read again after the change"
    );
    pick_roster_option(&mut h, "Status", "in progress");
    h.get_by_label("1 of 13 drafts");
    assert!(h.query_by_label("single-renter.ron").is_some());
    assert!(h.query_by_label("family-2026.ron").is_none());
    pick_roster_option(&mut h, "Status", "any");
    h.get_by_label("13 of 13 drafts");
    // Only those with problems to fix: the file that cannot be read among them.
    let with_problems = h
        .state()
        .snapshot
        .roster
        .as_ref()
        .unwrap()
        .entries
        .iter()
        .filter(|e| e.row.as_ref().is_none_or(|r| r.errors + r.unreadable > 0))
        .count();
    h.get_by_label("Only with problems to fix").click();
    h.run();
    h.get_by_label(&format!("{with_problems} of 13 drafts"));
    assert!(h.query_by_label("broken.ron").is_some());
    h.get_by_label("Only with problems to fix").click();
    h.run();
    h.get_by_label("13 of 13 drafts");
    // Search by the last 4 digits of one client's SSN.
    let (file, _, last4) = drafts
        .iter()
        .find(|(f, _, _)| f == "retired-couple-pensions.ron")
        .unwrap()
        .clone();
    let search = h.get_by_role_and_label(Role::TextInput, "Search (name or SSN last 4)");
    search.focus();
    search.type_text(&last4);
    h.run();
    h.get_by_label("1 of 13 drafts");
    // Its file name opens it; the roster stays open.
    h.get_by_label(&file).click();
    h.run();
    assert_eq!(
        h.state().doc.path.as_deref(),
        Some(dir.join(&file).as_path())
    );
    assert!(h.state().snapshot.roster.is_some());
    h.get_by_label("1 of 13 drafts");
    // Saved here under a new name in the folder: the roster shows it at once.
    h.state_mut().send(njtax_ui::Command::Set {
        path: "taxpayer.name".into(),
        value: serde_json::Value::String("Zelda Quint".into()),
    });
    h.run();
    h.state_mut().send(njtax_ui::Command::Save);
    h.run();
    crate::common::roster_read(&mut h);
    let search = h.get_by_role_and_label(Role::TextInput, "Search (name or SSN last 4)");
    search.focus();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    search.type_text("zelda");
    h.run();
    h.get_by_label("1 of 13 drafts");
    assert!(
        h.query_all_by_label_contains("Zelda Quint")
            .any(|n| n.accesskit_node().role() == Role::Label)
    );
    assert!(
        h.query_by_label_contains("Select Zelda Quint").is_some(),
        "its tick box is named for the client"
    );
    // Refresh and Escape.
    h.get_by_label("Refresh").click();
    h.run();
    crate::common::roster_read(&mut h);
    h.get_by_label("1 of 13 drafts");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().snapshot.roster.is_none());
    assert!(
        h.query_by_label_contains(&format!("Clinic folder {folder_name}"))
            .is_none()
    );
}

/// A clinic folder of many drafts is read off the window's thread: the frame that opens the
/// roster returns before any draft is read (the window says it is reading, with no rows yet), the
/// window stays usable meanwhile (a search typed is kept), and the rows appear once the worker is
/// done, only those in view laid out; a file that cannot be read still says why; Refresh after a
/// change shows it.
#[test]
fn a_large_clinic_folder_is_read_without_holding_the_window() {
    use egui::accesskit::Role;
    const DRAFTS: usize = 500;
    let dir = temp_dir("roster-large");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/single-renter.ron"),
    )
    .unwrap();
    for i in 0..DRAFTS {
        let t = text.replace("Maria Lopez", &format!("Client {i:04}"));
        std::fs::write(dir.join(format!("c{i:04}.ron")), t).unwrap();
    }
    std::fs::write(dir.join("zz-broken.ron"), "just some notes").unwrap();
    let dialogs = ScriptedDialogs {
        open: vec![dir.clone()],
        ..ScriptedDialogs::default()
    };
    let mut h = harness_with(app_with(blank_answers(), dialogs));
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open clinic folder…").click();
    // The one frame that asks for the folder returns with no draft read yet.
    h.step();
    let roster = h
        .state()
        .snapshot
        .roster
        .clone()
        .expect("the roster is open");
    assert!(roster.reading.is_some(), "it says it is reading");
    assert!(
        roster.entries.is_empty(),
        "no draft read on the window's thread"
    );
    assert_eq!(
        status(&h),
        (
            format!(
                "Reading the clinic folder {}…",
                dir.file_name().unwrap().to_string_lossy()
            ),
            false
        )
    );
    let roster_reading = |h: &Harness<'_, App>| {
        use egui_kittest::kittest::NodeT as _;
        h.query_all_by_label_contains("Reading ").any(|n| {
            let text = n.accesskit_node().value().unwrap_or_default();
            text == "Reading the folder…" || text.ends_with(&format!(" of {} drafts…", DRAFTS + 1))
        })
    };
    // A new window is laid out unseen in its first frame; it says so in the next ones.
    let mut said = false;
    for _ in 0..4 {
        h.step();
        let reading = h
            .state()
            .snapshot
            .roster
            .as_ref()
            .unwrap()
            .reading
            .is_some();
        said |= reading && roster_reading(&h);
    }
    assert!(said, "the roster window says it is reading");
    // Usable meanwhile: a search typed is kept when the rows arrive.
    let search = h.get_by_role_and_label(Role::TextInput, "Search (name or SSN last 4)");
    search.focus();
    search.type_text("client 04");
    h.step();
    crate::common::roster_read(&mut h);
    let roster = h.state().snapshot.roster.clone().unwrap();
    assert_eq!(roster.reading, None);
    assert_eq!(roster.entries.len(), DRAFTS + 1);
    assert_eq!(roster.filter.search, "client 04");
    assert_eq!(roster.shown.len(), 100, "Client 0400 to Client 0499");
    assert_eq!(
        status(&h),
        (
            format!(
                "The clinic folder {}: {} drafts",
                dir.file_name().unwrap().to_string_lossy(),
                DRAFTS + 1
            ),
            false
        )
    );
    h.get_by_label(&format!("100 of {} drafts", DRAFTS + 1));
    assert!(!roster_reading(&h));
    // Every draft shown: only the rows in view are laid out.
    let search = h.get_by_role_and_label(Role::TextInput, "Search (name or SSN last 4)");
    search.focus();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.run();
    h.get_by_label(&format!("{0} of {0} drafts", DRAFTS + 1));
    let drawn = (0..DRAFTS)
        .filter(|i| h.query_by_label(&format!("c{i:04}.ron")).is_some())
        .count();
    assert!(drawn > 5 && drawn < DRAFTS / 2, "{drawn} rows laid out");
    assert!(
        h.query_by_label("c0000.ron").is_some(),
        "the first rows are in view"
    );
    let broken = h.state().snapshot.roster.as_ref().unwrap().entries[DRAFTS].clone();
    assert_eq!(broken.file, "zz-broken.ron");
    assert!(
        broken
            .unreadable
            .is_some_and(|why| why.contains("not an njtax draft"))
    );
    // A changed draft shows after Refresh.
    let changed = dir.join("c0000.ron");
    std::fs::write(&changed, text.replace("Maria Lopez", "Aaron Changed")).unwrap();
    h.get_by_label("Refresh").click();
    h.run();
    crate::common::roster_read(&mut h);
    assert!(
        h.query_all_by_label_contains("Aaron Changed")
            .next()
            .is_some()
    );
}

/// Two volunteers on one draft: the second is told who has it open (name, computer, since) and
/// opens it read-only: the screen cannot be changed and edits are refused where they are made;
/// taking it over allows changes, and a save then cannot overwrite what the first saved meanwhile
/// (the save stops and asks; keeping both loses nothing).
#[test]
fn a_second_volunteer_opens_a_draft_read_only_and_can_take_it_over_without_losing_work() {
    let dir = temp_dir("clinic-two");
    let draft = dir.join("client.ron");
    let _ = std::fs::remove_file(&draft);
    std::fs::copy(example("single-renter.ron"), &draft).unwrap();
    let mut a = app_with(blank_answers(), ScriptedDialogs::default());
    a.ui_state.settings.volunteer = "Pat Lee".into();
    a.open_file(&draft);
    let mut a = harness_with(a);
    a.run();
    assert_eq!(a.state().doc.display_name(), "client.ron");
    let kept = dir.join("client-mine.ron");
    let _ = std::fs::remove_file(&kept);
    let mut b = app_with(
        blank_answers(),
        ScriptedDialogs {
            save: vec![kept.clone()],
            ..Default::default()
        },
    );
    b.open_file(&draft);
    let mut b = harness_with(b);
    b.run();
    let holder = b
        .state()
        .ui_state
        .already_open
        .as_ref()
        .and_then(|o| o.holder.clone())
        .expect("the lock file says who has it");
    assert_eq!(holder.who, "Pat Lee");
    assert_eq!(holder.host, njtax_ui::sharing::host_name());
    assert!(
        holder.since.starts_with("20") && holder.since.ends_with('Z'),
        "{}",
        holder.since
    );
    assert!(
        b.query_by_label_contains(&holder.words()).is_some(),
        "said in the window"
    );
    b.get_by_label("Open read-only").click();
    b.run();
    assert_eq!(b.state().doc.display_name(), "client.ron");
    assert!(b.query_by_label_contains("Read only: Pat Lee").is_some());
    // Edits are refused, and said so.
    b.state_mut().send(njtax_ui::Command::Set {
        path: "income.w2s[0].state_wages".into(),
        value: serde_json::Value::String("1".into()),
    });
    b.run();
    let (msg, is_error) = status(&b);
    assert!(is_error && msg.starts_with("Read only: Pat Lee"), "{msg}");
    assert!(!b.state().doc.is_dirty());
    // The second takes it over; the first, not knowing, changes it and saves.
    b.get_by_label("Take it over").click();
    b.run();
    assert!(b.state().ui_state.read_only.is_none());
    go_to(&mut a, "Income");
    let wages = a.get_all_by_label("State wages (box 16)").next().unwrap();
    wages.focus();
    a.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    wages.type_text("60000");
    a.run();
    a.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    a.run();
    assert!(!a.state().doc.is_dirty());
    // The second changes it too; the save stops: the file changed.
    go_to(&mut b, "Income");
    let wages = b.get_all_by_label("State wages (box 16)").next().unwrap();
    wages.focus();
    b.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    wages.type_text("61000");
    b.run();
    assert!(b.state().doc.is_dirty());
    b.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    b.run();
    let (msg, _) = status(&b);
    assert!(msg.starts_with("Did not save client.ron"), "{msg}");
    let on_disk = njtax_engine::parse_draft(&std::fs::read_to_string(&draft).unwrap()).unwrap();
    assert_eq!(
        on_disk.answers.income.w2s[0].state_wages,
        rust_decimal::dec!(60000)
    );
    // Keeping both: the second's work goes to another file; the first's stays.
    b.get_by_label("Save as another name…").click();
    b.run();
    let mine = njtax_engine::parse_draft(&std::fs::read_to_string(&kept).unwrap()).unwrap();
    assert_eq!(
        mine.answers.income.w2s[0].state_wages,
        rust_decimal::dec!(61000)
    );
    let on_disk = njtax_engine::parse_draft(&std::fs::read_to_string(&draft).unwrap()).unwrap();
    assert_eq!(
        on_disk.answers.income.w2s[0].state_wages,
        rust_decimal::dec!(60000)
    );
    drop(a);
    drop(b);
    let _ = std::fs::remove_dir_all(&dir);
}

/// File > Recent drafts > Clear the list forgets the drafts on this computer and says so.
#[test]
fn the_recent_drafts_list_can_be_cleared() {
    let app = App::new(
        blank_answers(),
        "Test draft",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent(vec![example("single-renter.ron")])),
    );
    let mut h = harness_with(app);
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Recent drafts").click();
    h.run();
    assert!(h.query_by_label("single-renter.ron").is_some());
    h.get_by_label("Clear the list").click();
    h.run();
    assert_eq!(
        status(&h),
        ("Cleared the list of recent drafts".to_owned(), false)
    );
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Recent drafts").click();
    h.run();
    assert!(h.query_by_label("No recent drafts").is_some());
    assert!(h.query_by_label("single-renter.ron").is_none());
}

/// In a clinic, a review note on a line is added from the form view under the selected line's
/// explanation and shows under that line's label, signed.
#[test]
fn a_review_note_on_a_line_shows_under_the_line_in_the_form_view() {
    let mut h = harness_with(app_with(clinic_answers(), ScriptedDialogs::default()));
    h.run();
    let mut s = h.state().ui_state.settings.clone();
    s.volunteer = "Sam Ortiz".into();
    h.state_mut().send(njtax_ui::Command::Settings(s));
    h.run();
    go_to(&mut h, "Form view");
    // Line 43 is below the fold: reached with the keyboard.
    h.get_by_label("Line 43").focus();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    type_into(&mut h, "Review note on line 43", "table row checked?");
    h.get_by_label("Add the note on this line").click();
    h.run();
    let notes = h.state().doc.answers().clinic.clone().unwrap().notes;
    assert_eq!(notes.len(), 1);
    assert_eq!(
        notes[0].about,
        njtax_engine::answers::NoteAbout::Line("tax".into())
    );
    assert!(
        h.query_by_label("Review note #1 by Sam Ortiz: table row checked?")
            .is_some()
    );
}

/// A clinic approval whose figures changed is cleared in the record when the draft is saved: the
/// file says ready for review, with why and who, never approved for figures nobody approved.
#[test]
fn saving_after_a_change_clears_a_stale_approval_in_the_file() {
    let mut a = clinic_answers();
    let set = njtax_engine::compute::compute_set(&a, &ParamBook::load().unwrap()).unwrap();
    njtax_engine::clinic::set_status(
        &mut a,
        &set,
        njtax_engine::answers::ClinicStatus::ReadyForReview,
        "Ana Ruiz",
        "2026-12-07T14:00:00Z",
        "",
    )
    .unwrap();
    njtax_engine::clinic::set_status(
        &mut a,
        &set,
        njtax_engine::answers::ClinicStatus::Approved,
        "Sam Ortiz",
        "2026-12-07T14:05:00Z",
        "",
    )
    .unwrap();
    a.income.w2s[0].state_wages = rust_decimal::dec!(41000);
    let (mut h, out) = app_saving_to("clinic-stale", "client.ron", a);
    let mut s = h.state().ui_state.settings.clone();
    s.volunteer = "Pat Lee".into();
    h.state_mut().send(njtax_ui::Command::Settings(s));
    h.run();
    h.state_mut().send(njtax_ui::Command::SaveAs);
    h.run();
    let saved = njtax_engine::parse_draft(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let r = saved.answers.clinic.unwrap();
    assert_eq!(
        r.status,
        njtax_engine::answers::ClinicStatus::ReadyForReview
    );
    assert_eq!(r.approved_figures, None);
    let last = r.history.last().unwrap();
    assert_eq!(last.by, "Pat Lee");
    assert!(last.note.contains("figures changed"), "{}", last.note);
    let _ = std::fs::remove_dir_all(out.parent().unwrap());
}

/// The roster's batch work: ticking two drafts and Print selected… writes one PDF per draft into
/// the folder picked, named after the draft file, never over a file already there (the new one
/// gets a number); a ticked draft with problems to fix is named as not printed, and why; Save a
/// summary of the selected (CSV)… writes a row per ticked draft with only the SSN's last 4 digits.
#[test]
fn the_clinic_roster_prints_and_sums_up_the_selected_drafts() {
    let dir = clinic_folder("roster-batch");
    // A draft with an answer that could not be read: an error follows it (2 problems to fix).
    let mut d = njtax_ui::files::read_draft(&dir.join("single-renter.ron")).unwrap();
    d.answers.taxpayer.name = "Pat Fixme".into();
    d.answers.unreadable.insert(
        "income.w2s[0].state_wages".into(),
        njtax_engine::answers::Unreadable {
            typed: "58,4OO".into(),
            field: "State wages".into(),
            problem: "not a number".into(),
        },
    );
    njtax_ui::files::write_draft(&dir.join("to-fix.ron"), &d).unwrap();
    let out = temp_dir("roster-batch-out");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    // A file of the first draft's name is there already: it is kept.
    std::fs::write(out.join("single-renter.pdf"), "keep me").unwrap();
    let out2 = temp_dir("roster-batch-out2");
    let _ = std::fs::remove_dir_all(&out2);
    std::fs::create_dir_all(&out2).unwrap();
    let csv = out.join("summary.csv");
    let dialogs = ScriptedDialogs {
        open: vec![dir.clone(), out.clone(), out2.clone()],
        save: vec![csv.clone()],
    };
    let mut h = harness_with(app_with(blank_answers(), dialogs));
    h.run();
    click_file_menu(&mut h, "Open clinic folder…");
    crate::common::roster_read(&mut h);
    h.get_by_label("0 selected");
    assert!(
        h.query_by_label("Select broken.ron").is_none(),
        "a file that cannot be read has no tick box"
    );
    h.get_by_label("Select Maria Lopez").click();
    h.run();
    h.get_by_label("Select Kevin Park").click();
    h.run();
    h.get_by_label("2 selected");

    h.get_by_label("Print selected…").click();
    h.run();
    assert_eq!(
        status(&h),
        (
            format!(
                "Printed 2 returns to {}; a file of the draft's name was there already, so written as single-renter (2).pdf",
                out.display()
            ),
            false
        )
    );
    assert_eq!(
        std::fs::read_to_string(out.join("single-renter.pdf")).unwrap(),
        "keep me"
    );
    for pdf in ["single-renter (2).pdf", "self-employed-loss-gains.pdf"] {
        let bytes = std::fs::read(out.join(pdf)).unwrap();
        assert!(bytes.starts_with(b"%PDF-"), "{pdf} is a PDF");
    }

    // The draft with problems to fix, ticked too: named as not printed, and why.
    h.get_by_label("Select Pat Fixme").click();
    h.run();
    h.get_by_label("3 selected");
    h.get_by_label("Print selected…").click();
    h.run();
    assert_eq!(
        status(&h),
        (
            format!(
                "Printed 2 returns to {}; not printed: to-fix.ron (2 problems to fix)",
                out2.display()
            ),
            true
        )
    );
    assert!(out2.join("single-renter.pdf").exists());
    assert!(out2.join("self-employed-loss-gains.pdf").exists());
    assert!(!out2.join("to-fix.pdf").exists());

    // The summary: a row per ticked draft, the SSN's last 4 digits only.
    h.get_by_label("Save a summary of the selected (CSV)…")
        .click();
    h.run();
    assert_eq!(
        status(&h),
        (
            format!("The summary of 3 drafts was written to {}", csv.display()),
            false
        )
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines[0],
        "file,name,ssn_last4,year,forms,refund,balance_due,problems_to_fix,open_notes,status,preparer,reviewer,last_change"
    );
    let files: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(
        files,
        [
            "self-employed-loss-gains.ron",
            "single-renter.ron",
            "to-fix.ron"
        ]
    );
    for file in files {
        let d = njtax_ui::files::read_draft(&dir.join(file)).unwrap();
        let ssn = &d.answers.taxpayer.ssn;
        let digits: String = ssn.chars().filter(char::is_ascii_digit).collect();
        let last4 = njtax_engine::answers::last_four_digits(ssn);
        let row = lines.iter().find(|l| l.starts_with(file)).unwrap();
        assert!(row.contains(&format!(",{last4},")), "{row}");
        assert!(
            !text.contains(ssn.as_str()) && !text.contains(&digits),
            "no whole SSN"
        );
    }
    assert!(lines[3].contains(",2,"), "to-fix.ron has 2 problems to fix");

    // Select none, then all shown (the readable drafts only).
    h.get_by_label("Select none").click();
    h.run();
    h.get_by_label("0 selected");
    h.get_by_label("Select all shown").click();
    h.run();
    h.get_by_label("13 selected");
}

/// Issue 39: an answer read from an older format's question is shown in Review with "It is right"
/// beside it. Clicking it keeps the answer and stops the question; choosing another answer on its
/// screen confirms it too (the app clears the flag when the answer is set).
#[test]
fn an_upgraded_answer_is_confirmed_from_review_or_by_choosing_it() {
    use njtax_engine::answers::{HomesteadTitle, RolloverDestination};
    let v7 = r#"Draft(format_version: 7, answers: (tax_year: 2024, filing_status: MarriedSeparate,
        taxpayer: (name: "Rosa Lindqvist", ssn: "400-00-7011", birth_date: Some("1980-02-03")),
        spouse: Some((name: "Sam Ortiz", ssn: "400-00-7012")),
        income: (retirement: [
            (payer: "Old IRA", kind: Ira, gross_distribution: "30000.00", taxable_amount: "30000.00", rollover: true),
        ]),
        homesteads: [(description: "12 Elm St", kind: Owner, property_taxes: "16000.00", shared_with_spouse_filing_separately: true)]))"#;
    let answers = njtax_engine::parse_draft(v7).unwrap().answers;
    assert!(answers.income.retirement[0].destination_to_confirm);
    let mut h = harness_with(app_with(answers, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Review");
    assert_eq!(h.get_all_by_label("It is right").count(), 2);
    h.get_by_label_contains(
        "1099-R 1 (Old IRA): this answer comes from the question earlier versions",
    );
    // The first is the 1099-R's (the income answers come before the homes).
    h.get_all_by_label("It is right").next().unwrap().click();
    h.run();
    h.run();
    let a = h.state().doc.answers().clone();
    assert!(!a.income.retirement[0].destination_to_confirm);
    assert_eq!(
        a.income.retirement[0].destination,
        RolloverDestination::OtherPlanOrIra
    );
    assert!(a.homesteads[0].title_to_confirm);
    assert_eq!(h.get_all_by_label("It is right").count(), 1);
    // Choosing the title on the home's screen is the confirmation.
    h.state_mut().send(njtax_ui::state::Command::Set {
        path: "homesteads[0].title".into(),
        value: serde_json::json!("Yours"),
    });
    h.run();
    let a = h.state().doc.answers().clone();
    assert!(!a.homesteads[0].title_to_confirm);
    assert_eq!(a.homesteads[0].title, HomesteadTitle::Yours);
    assert!(h.query_by_label("It is right").is_none());
}
/// Issue 39 items 1 and 5 on the screens. Return E (2024, joint) amended in 2028 after the IRS
/// removed 10,000 of interest: the federal change made, "Keep the answers as they are now as the
/// federal change alone" marks it, and the 3,600 of property taxes the couple missed is added
/// after; only the federal change's 552.50 is refunded, the 198.90 barred. Then the Credits
/// screen asks for another state's notice date only on an amended return.
#[test]
fn the_amended_screen_marks_the_federal_change_alone_and_refunds_only_its_part() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/amended/e-federal-change-and-deduction-original.ron");
    let original = njtax_engine::parse_draft(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .answers;
    let set = computed_set(&original);
    let mut a = njtax_engine::amend::start_amendment(&original, &set);
    // The federal change: the interest removed.
    a.income.interest.clear();
    a.federal.agi = rust_decimal::dec!(135000);
    let am = a.amends.as_mut().unwrap();
    am.reasons.federal_change = true;
    am.original[0].paid = rust_decimal::dec!(225.75);
    am.federal_determination_on = Date::new(2028, 9, 1);
    am.filed_on = Date::new(2028, 10, 2);
    let mut h = harness_with(app_with(a, ScriptedDialogs::default()));
    h.run();
    go_to(&mut h, "Amended return");
    assert!(
        h.query_by_label_contains("Not marked: none of the refund")
            .is_some()
    );
    assert!(h.query_by_label("Amended: refund barred").is_some());
    let keep = h.get_by_label("Keep the answers as they are now as the federal change alone");
    keep.focus();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let kept = h
        .state()
        .doc
        .answers()
        .amends
        .clone()
        .unwrap()
        .federal_change_answers
        .expect("marked");
    assert!(kept.amends.is_none() && kept.income.interest.is_empty());
    assert!(h.query_by_label("$552.50").is_some());
    // The other correction, after the mark: the home's property taxes.
    go_to(&mut h, "Property tax");
    h.get_by_label("Add a home").scroll_to_me();
    h.run();
    h.get_by_label("Add a home").click();
    h.run();
    type_into(&mut h, "Property taxes for the year", "3600");
    go_to(&mut h, "Amended return");
    assert!(h.query_by_label("Refund to claim: $552.50").is_some());
    assert!(
        h.query_by_label_contains("Barred by the time limits: $198.90")
            .is_some()
    );
    // The notice date of another state is asked on an amended return's Credits screen.
    go_to(&mut h, "Credits");
    h.get_by_label("Add a jurisdiction").scroll_to_me();
    h.run();
    h.get_by_label("Add a jurisdiction").click();
    h.run();
    assert!(
        h.query_by_label("Date you received its notice that more tax was due")
            .is_some()
    );
}
