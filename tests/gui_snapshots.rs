//! A picture of every screen of the interview with the sample return open, rendered on the CPU
//! (see ../shared/design/TOOLCHAIN.md). Each image was looked at before it was committed.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use egui_kittest::Harness;
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};

/// The answers of a draft in the repository (`/examples/...`, `/tests/fixtures/...`).
fn answers_of(path: &str) -> njtax_engine::Answers {
    let full = format!("{}{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    njtax_engine::parse_draft(&text).unwrap().answers
}

/// The app on `answers`, with scripted dialogs and an in-memory recent list.
fn app_of(answers: njtax_engine::Answers, name: &str) -> App {
    App::new(
        answers,
        name,
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    )
}

#[test]
fn every_screen_matches_its_snapshot() {
    let app = app_of(
        answers_of("/examples/family-eitc-child-credits.ron"),
        "Sample return",
    );
    let screens: Vec<String> = app.interview.screens.iter().map(|s| s.id.clone()).collect();
    assert!(screens.len() >= 10, "the registry lists every screen");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    let mut failures = Vec::new();
    for (i, id) in screens.iter().enumerate() {
        h.state_mut().send(njtax_ui::Command::Goto {
            screen: i,
            focus: None,
        });
        if id == "form" {
            h.state_mut().send(njtax_ui::Command::ShowLine("58".into()));
        }
        h.run();
        if let Err(e) = h.try_snapshot(format!("screen_{id}")) {
            failures.push(format!("{id}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_sample_returns_start_screen_matches_its_snapshot() {
    let app = app_of(
        answers_of("/examples/family-2026.ron"),
        "Sample return (family with children)",
    )
    .as_sample();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1024.0, 700.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    h.snapshot("screen_start_sample");
}

#[test]
fn a_nonresidents_form_view_matches_its_snapshot() {
    use njtax_engine::answers::{Date, Person, ResidencyKind, Sourcing, W2};
    let mut answers = njtax_engine::Answers {
        tax_year: 2024,
        taxpayer: Person {
            name: "Sample Commuter".into(),
            ssn: "400-00-0009".into(),
            birth_date: Date::new(1985, 3, 2),
            ..Person::default()
        },
        ..njtax_engine::Answers::default()
    };
    answers.taxpayer.residency.kind = ResidencyKind::Never;
    answers.taxpayer.residency.other_state = "New York".into();
    answers.income.w2s.push(W2 {
        employer: "Harbor Freight Lines".into(),
        state_wages: rust_decimal::dec!(80000),
        nj_tax_withheld: rust_decimal::dec!(1200),
        sourcing: Sourcing {
            nj_source: Some(rust_decimal::dec!(36540)),
            ..Sourcing::default()
        },
        ..W2::default()
    });
    let app = app_of(answers, "Nonresident sample");
    let form = app
        .interview
        .screens
        .iter()
        .position(|s| s.id == "form")
        .unwrap();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.state_mut().send(njtax_ui::Command::Goto {
        screen: form,
        focus: None,
    });
    h.state_mut().send(njtax_ui::Command::ShowLine("41".into()));
    h.run();
    h.snapshot("screen_form_nonresident");
}

/// The Credits screen with the federal Form 2441 questions answered (the format 6 fixture: a joint
/// return, so the spouse questions are asked), scrolled to them.
#[test]
fn the_credits_screen_with_the_form_2441_questions_matches_its_snapshot() {
    use egui_kittest::kittest::Queryable as _;
    let app = app_of(
        answers_of("/tests/fixtures/drafts/v6.ron"),
        "Care credit sample",
    );
    let credits = app
        .interview
        .screens
        .iter()
        .position(|s| s.id == "credits")
        .unwrap();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.state_mut().send(njtax_ui::Command::Goto {
        screen: credits,
        focus: None,
    });
    h.run();
    h.get_by_label("Tax limit on the care credit")
        .scroll_to_me();
    h.run();
    h.snapshot("screen_credits_form_2441");
}

/// A sole proprietor employing a sheltered-workshop worker, with an impaired-employee
/// certificate, a BAIT share and an older carryover.
fn employer_app() -> App {
    use njtax_engine::answers::{
        BaitShare, Business, CarryoverEntry, CreditKind, Date, ImpairedEmployeeCertificate, Person,
        ShelteredWorkshopBusiness, ShelteredWorkshopEmployee, W2,
    };
    use rust_decimal::dec;
    let mut a = njtax_engine::Answers {
        tax_year: 2024,
        taxpayer: Person {
            name: "Sample Employer".into(),
            ssn: "400-00-0011".into(),
            birth_date: Date::new(1975, 6, 9),
            ..Person::default()
        },
        ..njtax_engine::Answers::default()
    };
    a.income.w2s.push(W2 {
        employer: "Acme".into(),
        state_wages: dec!(60000),
        nj_tax_withheld: dec!(3800),
        ..W2::default()
    });
    a.income.businesses.push(Business {
        name: "Bakery".into(),
        net_profit: dec!(40000),
        ..Business::default()
    });
    let b = &mut a.business_credits;
    b.sheltered_workshop_businesses
        .push(ShelteredWorkshopBusiness {
            name: "Bakery".into(),
            nj_source_income: dec!(40000),
            ..Default::default()
        });
    b.sheltered_workshop_employees
        .push(ShelteredWorkshopEmployee {
            name: "Sam".into(),
            business: "Bakery".into(),
            wages_paid: dec!(6000),
            weeks_of_25_hours: 30,
            special_license: true,
            ..Default::default()
        });
    b.impaired_employee_certificates
        .push(ImpairedEmployeeCertificate {
            certificate: "LWD-1".into(),
            certificate_year: 2024,
            certified_amount: dec!(800),
            ..Default::default()
        });
    b.impaired_employee_estimates
        .push(njtax_engine::answers::ImpairedEmployeeEstimate {
            name: "Alex".into(),
            hours_last_year: dec!(1000),
            wages_last_year: dec!(12000),
            payroll_taxes_last_year: dec!(918),
            minimum_wage_last_year: dec!(12),
            hours_this_year: dec!(1100),
            minimum_wage_this_year: dec!(13),
            payroll_tax_rate_this_year: dec!(0.0765),
            state_increase_without_law: dec!(0.25),
            federal_increase: dec!(0),
            ..Default::default()
        });
    b.apprenticeship
        .push(njtax_engine::answers::ApprenticeshipProgram {
            program: "Bakers' apprentices".into(),
            start_up_costs: dec!(1500),
            approved: true,
            ..Default::default()
        });
    b.bait_shares.push(BaitShare {
        entity: "Harbor Partners LLC".into(),
        share_of_tax_paid: dec!(250),
        ..Default::default()
    });
    b.carryovers.push(CarryoverEntry {
        credit: CreditKind::ShelteredWorkshop,
        origin_year: 2021,
        remaining: dec!(300),
        ..Default::default()
    });
    app_of(a, "Employer sample")
}

#[test]
fn the_employer_credits_screen_and_the_business_credits_schedule_match_their_snapshots() {
    use egui_kittest::kittest::Queryable as _;
    let app = employer_app();
    let screen = |id: &str| screen_index(&app, id);
    let (employer, form) = (screen("employer_credits"), screen("form"));
    let estimator = screen("impaired_estimator");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.state_mut().send(njtax_ui::Command::Goto {
        screen: employer,
        focus: None,
    });
    h.run();
    let mut failures = Vec::new();
    if let Err(e) = h.try_snapshot("screen_employer_credits_filled") {
        failures.push(e.to_string());
    }
    h.state_mut().send(njtax_ui::Command::Goto {
        screen: estimator,
        focus: None,
    });
    h.run();
    h.get_by_label("Preliminary estimate").scroll_to_me();
    h.run();
    if let Err(e) = h.try_snapshot("screen_impaired_estimator_filled") {
        failures.push(e.to_string());
    }
    // The whole schedule, with the second row's "why" open, in a taller window.
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 1500.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), employer_app());
    h.state_mut().send(njtax_ui::Command::Goto {
        screen: form,
        focus: None,
    });
    h.state_mut().send(njtax_ui::Command::ShowCreditRow(1));
    h.run();
    h.get_by_label("Carryover ledger").scroll_to_me();
    h.run();
    if let Err(e) = h.try_snapshot("screen_form_business_credits") {
        failures.push(e.to_string());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A single resident with $80,000 of wages, nothing withheld and one short estimated payment, a
/// child, both without health coverage for some months, filing and paying late.
fn estimated_and_health_app() -> App {
    use njtax_engine::answers::{Date, Dependent, EstimatedPayment, Person, Relationship, W2};
    use rust_decimal::dec;
    let mut a = njtax_engine::Answers {
        tax_year: 2024,
        taxpayer: Person {
            name: "Sample Filer".into(),
            ssn: "400-00-0011".into(),
            birth_date: Date::new(1980, 6, 1),
            ..Person::default()
        },
        ..njtax_engine::Answers::default()
    };
    a.filing_status = njtax_engine::answers::FilingStatus::HeadOfHousehold;
    a.income.w2s.push(W2 {
        employer: "Acme".into(),
        state_wages: dec!(80000),
        nj_tax_withheld: dec!(500),
        ..W2::default()
    });
    a.dependents.push(Dependent {
        name: "Sample Child".into(),
        ssn: "400-00-0012".into(),
        birth_date: Date::new(2015, 2, 1),
        relationship: Relationship::Child,
        months_lived_with_you: 12,
        ..Dependent::default()
    });
    a.dependents[0].coverage.months_without_coverage = vec![3, 4];
    a.taxpayer.coverage.months_without_coverage = vec![1, 2, 3, 4, 5];
    a.taxpayer.coverage.exempt_months = vec![5];
    a.taxpayer.coverage.exemption_number = "ESC123456".into();
    a.payments.estimated.push(EstimatedPayment {
        date: Date::new(2024, 4, 15),
        amount: dec!(300),
    });
    a.estimated_tax.prior_year_tax = Some(dec!(2100));
    a.estimated_tax.prior_year_taxable_income = Some(dec!(76000));
    a.filing.filed_on = Date::new(2025, 6, 20);
    a.filing.paid_on = Date::new(2025, 6, 20);
    app_of(a, "Estimated tax sample")
}

#[test]
fn the_health_and_next_year_screens_and_the_nj2210_and_nj_hcc_schedules_match_their_snapshots() {
    use egui_kittest::kittest::Queryable as _;
    let app = estimated_and_health_app();
    let screen = |id: &str| screen_index(&app, id);
    let (health, next, form) = (screen("health"), screen("next_year"), screen("form"));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 1300.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    let mut failures = Vec::new();
    for (i, name) in [
        (health, "screen_health_filled"),
        (next, "screen_next_year_filled"),
    ] {
        h.state_mut().send(njtax_ui::Command::Goto {
            screen: i,
            focus: None,
        });
        h.run();
        if let Err(e) = h.try_snapshot(name) {
            failures.push(e.to_string());
        }
    }
    // The schedules under the lines, with column B's "why" open, in a taller window.
    let app = estimated_and_health_app();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 2000.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.state_mut().send(njtax_ui::Command::Goto {
        screen: form,
        focus: None,
    });
    h.state_mut().send(njtax_ui::Command::ShowNj2210Column(1));
    h.run();
    if h.query_by_label("Form NJ-2210: underpayment of estimated tax")
        .is_some()
    {
        h.get_by_label("Form NJ-2210: underpayment of estimated tax")
            .scroll_to_me();
    } else {
        h.get_by_label("Schedule NJ-HCC: health coverage")
            .scroll_to_me();
    }
    h.run();
    if let Err(e) = h.try_snapshot("screen_form_nj2210_hcc") {
        failures.push(e.to_string());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The household screen scrolled to the home address and last year's gross income, filled in
/// (format 5), on the sample return.
#[test]
fn the_home_address_on_the_household_screen_matches_its_snapshot() {
    use egui_kittest::kittest::Queryable as _;
    let mut answers = answers_of("/examples/family-eitc-child-credits.ron");
    answers.address = njtax_engine::answers::Address {
        street: "88 Market Street".into(),
        apartment: "Apartment 2".into(),
        city: "Paterson".into(),
        state: "NJ".into(),
        zip: "07505".into(),
        country: String::new(),
        municipality_code: "1608".into(),
    };
    answers.last_year.nj_gross_income = Some(rust_decimal::dec!(34210));
    let app = app_of(answers, "Sample return");
    let household = screen_index(&app, "household");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.state_mut().send(njtax_ui::Command::Goto {
        screen: household,
        focus: None,
    });
    h.run();
    h.get_by_label("Home address").scroll_to_me();
    h.run();
    h.snapshot("screen_household_address");
}

/// The File menu open on the sample return: drafts, then printing (Print to PDF…, Save hand-off
/// sheet…, the last-4-digits choice), then recent drafts.
#[test]
fn the_file_menu_matches_its_snapshot() {
    use egui_kittest::kittest::Queryable as _;
    let app = app_of(
        answers_of("/examples/family-eitc-child-credits.ron"),
        "Sample return",
    );
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    h.get_by_label("File").click();
    h.run();
    assert!(h.query_by_label("Print to PDF…").is_some());
    h.snapshot("file_menu");
}

/// The File online screen further down the sample return's sheet: the return's lines, the figures
/// the service works out itself marked "compare", the refund step.
#[test]
fn the_file_online_screen_scrolled_to_the_returns_lines_matches_its_snapshot() {
    use egui_kittest::kittest::Queryable as _;
    let app = app_of(
        answers_of("/examples/family-eitc-child-credits.ron"),
        "Sample return",
    );
    let screen = screen_index(&app, "file_online");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.state_mut().send(njtax_ui::Command::Goto {
        screen,
        focus: None,
    });
    h.run();
    h.get_all_by_label("compare").last().unwrap().scroll_to_me();
    h.run();
    h.snapshot("screen_file_online_lines");
}

/// The app's 2026 sample (provisional) at 1024x700, the smallest window it is laid out for: the
/// Start screen with the year drop-down and "Your NJ return" with the provisional notice wrapped
/// in the narrow panel above the refund; then Review with the notice framed at the top and the
/// provisional figures the return uses.
#[test]
fn a_provisional_years_return_panel_and_review_match_their_snapshots() {
    use egui_kittest::kittest::Queryable as _;
    let app = app_of(answers_of("/examples/family-2026.ron"), "Sample return");
    let review = screen_index(&app, "review");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1024.0, 700.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    assert!(
        h.query_by_label_contains("Tax year 2026 is provisional")
            .is_some()
    );
    h.snapshot("screen_start_2026_provisional");
    h.state_mut().send(njtax_ui::Command::Goto {
        screen: review,
        focus: None,
    });
    h.run();
    assert!(
        h.query_by_label("Provisional figures used on this return:")
            .is_some()
    );
    h.snapshot("screen_review_2026_provisional");
}

/// The sample return at 1024x700 with `58,4OO` (a letter O) typed for the first W-2's wages: the
/// field keeps the text with its message in the row under it, "Your NJ return" is marked not final
/// with a link to the answer; then Print to PDF refused in a window naming the answer.
#[test]
fn an_unreadable_wage_on_the_income_screen_and_the_refused_print_match_their_snapshots() {
    use egui_kittest::kittest::Queryable as _;
    let app = app_of(
        answers_of("/examples/family-eitc-child-credits.ron"),
        "Sample return",
    );
    let income = screen_index(&app, "income");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1024.0, 700.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.state_mut().send(njtax_ui::Command::Goto {
        screen: income,
        focus: None,
    });
    h.run();
    let wages = h.get_all_by_label("State wages (box 16)").next().unwrap();
    wages.focus();
    wages.type_text("58,4OO");
    h.run();
    // Away from the field, as it is after Tab: the text comes from the draft.
    h.key_press(egui::Key::Tab);
    h.run();
    assert!(
        h.query_by_label("Not final: 1 answer could not be read")
            .is_some()
    );
    h.snapshot("screen_income_unreadable_wage");
    h.state_mut().send(njtax_ui::Command::PrintPdf);
    h.run();
    assert!(
        h.query_by_label("The printable return was not made")
            .is_some()
    );
    h.snapshot("print_refused_unreadable_wage");
}

/// The position of the interview screen `id` in the app's section list.
fn screen_index(app: &App, id: &str) -> usize {
    app.interview
        .screens
        .iter()
        .position(|s| s.id == id)
        .unwrap()
}

/// The File online screen at 1024x700, the smallest window it is laid out for, scrolled to the
/// return's lines: every figure and its Copy button lies inside the screen, left of "Your NJ
/// return" (none under the panel or past the window's edge), and the snapshot shows them.
#[test]
fn every_file_online_figure_and_copy_button_is_inside_the_screen_at_1024_by_700() {
    use egui_kittest::kittest::Queryable as _;
    let app = app_of(
        answers_of("/examples/family-eitc-child-credits.ron"),
        "Sample return",
    );
    let screen = screen_index(&app, "file_online");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1024.0, 700.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.state_mut().send(njtax_ui::Command::Goto {
        screen,
        focus: None,
    });
    h.run();
    let panel = h.get_by_label("Your NJ return").rect().left();
    let copies = h.query_all_by_label_contains("Copy ").count();
    assert!(copies > 20, "the sheet's Copy buttons: {copies}");
    for i in 0..copies {
        let copy = h.query_all_by_label_contains("Copy ").nth(i).unwrap();
        copy.scroll_to_me();
        h.run();
        let copy = h.query_all_by_label_contains("Copy ").nth(i).unwrap();
        let r = copy.rect();
        assert!(
            r.right() <= panel && r.left() >= 0.0,
            "Copy button {i} at {r:?} runs under the return panel at x {panel}"
        );
        // The figure it copies sits just left of it, whole.
        let row = h
            .query_all_by(|n| {
                n.bounding_box().is_some_and(|b| {
                    (b.y0 as f32) < r.bottom()
                        && (b.y1 as f32) > r.top()
                        && (b.x1 as f32) <= r.left()
                })
            })
            .count();
        assert!(
            row >= 2,
            "Copy button {i} has its label and figure beside it"
        );
    }
    h.get_all_by_label("compare").last().unwrap().scroll_to_me();
    h.run();
    h.snapshot("screen_file_online_1024");
}
