//! The NJ-1040's digital-asset question in the app (issue 39 item 7): asked on "You and your
//! household" only for a year whose form asks it (2025, and 2026 as expected; not 2024), Review
//! warns while it is unanswered, Form view shows the answer; an answer kept from another year is
//! shown so that it can be taken back ("Not answered").
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use njtax_engine::Answers;
use njtax_engine::answers::{Date, Person};
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};

const QUESTION: &str = "During the year, did you receive, sell, exchange or otherwise dispose of a digital asset, such as cryptocurrency?";
const HOUSEHOLD: &str = "You and your household";

fn harness(year: u16, answer: Option<bool>) -> Harness<'static, App> {
    let answers = Answers {
        tax_year: year,
        taxpayer: Person {
            name: "Asset Holder".into(),
            ssn: "400-00-0042".into(),
            birth_date: Date::new(1982, 2, 3),
            ..Person::default()
        },
        digital_assets: answer,
        ..Answers::default()
    };
    let app = App::new(
        answers,
        "Digital assets test",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    );
    let mut h = Harness::builder()
        .with_size(egui::vec2(1024.0, 700.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    h
}

fn go_to(h: &mut Harness<'_, App>, section: &str) {
    h.get_all_by_label(section).next().unwrap().click();
    h.run();
    h.run();
}

/// Whether the question's choice `label` is on the screen; clicked when `click`.
fn choice(h: &mut Harness<'_, App>, label: &str, click: bool) -> bool {
    let found = h
        .query_all_by_role_and_label(Role::RadioButton, label)
        .find(|n| n.accesskit_node().data().description() == Some(QUESTION));
    match found {
        Some(n) if click => {
            n.scroll_to_me();
            h.run();
            h.query_all_by_role_and_label(Role::RadioButton, label)
                .find(|n| n.accesskit_node().data().description() == Some(QUESTION))
                .unwrap()
                .click();
            h.run();
            h.run();
            true
        }
        Some(_) => true,
        None => false,
    }
}

fn answer(h: &Harness<'_, App>) -> Option<bool> {
    h.state().doc.answers().digital_assets
}

#[test]
fn the_2024_household_screen_does_not_ask_it() {
    let mut h = harness(2024, None);
    go_to(&mut h, HOUSEHOLD);
    assert!(!choice(&mut h, "Yes", false));
    assert!(h.query_by_label("Digital assets").is_none());
    go_to(&mut h, "Review");
    assert!(h.query_by_label_contains("digital assets").is_none());
}

#[test]
fn the_2025_return_asks_it_review_warns_until_answered_and_form_view_shows_it() {
    for year in [2025, 2026] {
        let mut h = harness(year, None);
        go_to(&mut h, "Review");
        assert!(
            h.query_by_label_contains("Answer the question about digital assets")
                .is_some(),
            "{year}: Review warns"
        );
        go_to(&mut h, "Form view");
        assert!(
            h.query_by_label("Digital asset question:").is_some(),
            "{year}"
        );
        assert!(h.query_by_label("Not answered").is_some(), "{year}");
        go_to(&mut h, HOUSEHOLD);
        assert!(choice(&mut h, "Yes", true), "{year}: asked");
        assert_eq!(answer(&h), Some(true));
        go_to(&mut h, "Form view");
        assert!(
            h.query_by_label("Yes").is_some(),
            "{year}: Form view shows Yes"
        );
        go_to(&mut h, "Review");
        assert!(
            h.query_by_label_contains("Answer the question about digital assets")
                .is_none(),
            "{year}: answered"
        );
        go_to(&mut h, HOUSEHOLD);
        assert!(choice(&mut h, "No", true));
        assert_eq!(answer(&h), Some(false));
        assert!(choice(&mut h, "Not answered", true));
        assert_eq!(answer(&h), None);
    }
}

#[test]
fn an_answer_for_a_year_that_does_not_ask_it_is_shown_to_be_taken_back() {
    let mut h = harness(2024, Some(true));
    go_to(&mut h, "Review");
    assert!(
        h.query_by_label_contains("An answer to the question about digital assets is in the draft")
            .is_some()
    );
    go_to(&mut h, HOUSEHOLD);
    assert!(choice(&mut h, "Not answered", true));
    assert_eq!(answer(&h), None);
    h.run();
    assert!(!choice(&mut h, "Yes", false), "hidden once taken back");
}
