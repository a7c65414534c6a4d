//! A picture of every screen of the interview with the sample return open, rendered on the CPU
//! (see ../shared/design/TOOLCHAIN.md). Each image was looked at before it was committed.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use egui_kittest::Harness;
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};

#[test]
fn every_screen_matches_its_snapshot() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/family-eitc-child-credits.ron"
    ))
    .unwrap();
    let draft = njtax_engine::parse_draft(&text).unwrap();
    let app = App::new(
        draft.answers,
        "Sample return",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
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
    let app = App::new(
        answers,
        "Nonresident sample",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    );
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
