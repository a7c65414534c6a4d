//! The NJ-1040's digital-asset question on the printed return and the hand-off sheet: for a year
//! whose form asks it (2025, and 2026 as expected) the answer is printed ("Yes", "No" or "Not
//! answered", the sheet then says to answer it); for 2024 nothing is printed.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests

use njtax_engine::answers::{FilingStatus, Person, W2};
use njtax_engine::compute::{ReturnSet, compute_set};
use njtax_engine::{Answers, ParamBook};
use njtax_print::fonts::Fonts;
use njtax_print::handoff::handoff;
use njtax_print::layout::Item;
use njtax_print::{PrintOptions, lay_out};
use rust_decimal::dec;

fn answers(year: u16, answer: Option<bool>) -> (Answers, ReturnSet) {
    let mut a = Answers {
        tax_year: year,
        filing_status: FilingStatus::Single,
        taxpayer: Person {
            name: "Dana Filer".into(),
            ssn: "400-00-0007".into(),
            birth_date: njtax_engine::answers::Date::new(1985, 3, 4),
            ..Person::default()
        },
        digital_assets: answer,
        ..Answers::default()
    };
    a.income.w2s.push(W2 {
        employer: "Shore Foods".into(),
        state_wages: dec!(48000),
        nj_tax_withheld: dec!(1200),
        ..W2::default()
    });
    let set = compute_set(&a, &ParamBook::load().unwrap()).unwrap();
    (a, set)
}

/// Every text of the laid-out printout, in order.
fn printed(a: &Answers, set: &ReturnSet) -> Vec<String> {
    let fonts = Fonts::load().unwrap();
    let out = lay_out(&fonts, a, set, "", &PrintOptions::default()).unwrap();
    out.pages
        .iter()
        .flat_map(|p| p.items.iter())
        .filter_map(|i| match i {
            Item::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The printout's value beside "Digital asset question" on the first page's header, if any.
fn printed_answer(a: &Answers, set: &ReturnSet) -> Option<String> {
    let texts = printed(a, set);
    let at = texts.iter().position(|t| t == "Digital asset question")?;
    texts.get(at + 1).cloned()
}

#[test]
fn the_printout_and_the_sheet_carry_the_answer_for_the_years_that_ask_it() {
    for year in [2025, 2026] {
        for (answer, words) in [
            (Some(true), "Yes"),
            (Some(false), "No"),
            (None, "Not answered"),
        ] {
            let (a, set) = answers(year, answer);
            assert_eq!(
                printed_answer(&a, &set).as_deref(),
                Some(words),
                "{year} {answer:?}"
            );
            let sheet = handoff(&a, &set, false).unwrap();
            let text = sheet.to_text();
            assert!(
                text.lines()
                    .any(|l| l.contains("Digital asset question") && l.contains(words)),
                "{year} {answer:?}:\n{text}"
            );
            let note = sheet
                .notes
                .iter()
                .any(|n| n.contains("digital assets is not answered"));
            assert_eq!(note, answer.is_none(), "{year} {answer:?}");
        }
    }
}

#[test]
fn a_year_whose_form_does_not_ask_prints_nothing_of_it() {
    for answer in [None, Some(true)] {
        let (a, set) = answers(2024, answer);
        assert_eq!(printed_answer(&a, &set), None, "{answer:?}");
        assert!(
            !printed(&a, &set)
                .iter()
                .any(|t| t.contains("Digital asset question")),
            "{answer:?}"
        );
        let text = handoff(&a, &set, false).unwrap().to_text();
        assert!(!text.contains("Digital asset"), "{answer:?}:\n{text}");
    }
}
