//! The NJ-1040's yes/no digital-asset question (issue 39 item 7): asked for a year whose form asks
//! it (`exemptions.digital_asset_question`, data keyed by year: 2025 asks, 2026 expected to and
//! marked uncertain, 2024 does not), carried on the NJ-1040 return with the answer, a warning
//! while it is unanswered and a warning for an answer no return asks for. No tax depends on it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::{date, person};
use njtax_engine::answers::{FilingStatus, ResidencyKind, W2};
use njtax_engine::compute::ReturnSet;
use njtax_engine::rules::digital_assets::{DigitalAssetQuestion, codes};
use njtax_engine::{Answers, Draft, ParamBook, ParamSources, Severity};
use rust_decimal::dec;

fn wage_earner(year: u16, answer: Option<bool>) -> Answers {
    let mut a = Answers {
        tax_year: year,
        filing_status: FilingStatus::Single,
        taxpayer: person(date(1980, 4, 2)),
        digital_assets: answer,
        ..Answers::default()
    };
    a.income.w2s.push(W2 {
        state_wages: dec!(52000),
        nj_tax_withheld: dec!(1500),
        ..W2::default()
    });
    a
}

fn set_with(a: &Answers, book: &ParamBook) -> ReturnSet {
    njtax_engine::compute::compute_set(a, book).unwrap()
}

fn set(a: &Answers) -> ReturnSet {
    set_with(a, &ParamBook::load().unwrap())
}

/// The set's diagnostics with `code`, each checked to be a warning at the answer's path.
fn found(s: &ReturnSet, code: &str) -> usize {
    let all: Vec<_> = s
        .returns
        .iter()
        .flat_map(|r| r.diagnostics.iter())
        .filter(|d| d.code == code)
        .collect();
    for d in &all {
        assert_eq!(d.severity, Severity::Warning, "{code}");
        assert_eq!(d.path.as_deref(), Some("digital_assets"), "{code}");
    }
    all.len()
}

fn question(s: &ReturnSet) -> Option<&DigitalAssetQuestion> {
    s.returns.first().and_then(|r| r.digital_assets.as_ref())
}

#[test]
fn the_2024_form_does_not_ask_and_an_answer_given_is_a_warning() {
    let s = set(&wage_earner(2024, None));
    assert_eq!(question(&s), None);
    assert_eq!(found(&s, codes::NOT_ANSWERED), 0);
    assert_eq!(found(&s, codes::NOT_ASKED), 0);
    for answer in [true, false] {
        let s = set(&wage_earner(2024, Some(answer)));
        assert_eq!(question(&s), None, "not printed for 2024");
        assert_eq!(found(&s, codes::NOT_ASKED), 1, "answered {answer}");
        assert_eq!(found(&s, codes::NOT_ANSWERED), 0);
    }
}

#[test]
fn the_2025_form_asks_and_review_warns_until_it_is_answered() {
    let s = set(&wage_earner(2025, None));
    let q = question(&s).expect("the 2025 NJ-1040 asks");
    assert_eq!(q.answer, None);
    assert_eq!(q.answer_words(), "Not answered");
    assert_eq!(q.citation, "the 2025 NJ-1040");
    assert_eq!(q.uncertain, None);
    assert_eq!(found(&s, codes::NOT_ANSWERED), 1);
    let d = s.returns[0]
        .diagnostics
        .iter()
        .find(|d| d.code == codes::NOT_ANSWERED)
        .unwrap();
    assert!(d.message.contains("the 2025 NJ-1040"), "{}", d.message);
    assert!(d.message.contains("the 2025 NJ-1040 asks"), "{}", d.message);
    assert!(!d.message.contains("expected"), "{}", d.message);
    for (answer, words) in [(true, "Yes"), (false, "No")] {
        let s = set(&wage_earner(2025, Some(answer)));
        let q = question(&s).unwrap();
        assert_eq!(q.answer, Some(answer));
        assert_eq!(q.answer_words(), words);
        assert_eq!(found(&s, codes::NOT_ANSWERED), 0);
        assert_eq!(found(&s, codes::NOT_ASKED), 0);
    }
}

#[test]
fn the_2026_form_is_expected_to_ask_and_says_it_is_uncertain() {
    let s = set(&wage_earner(2026, None));
    let q = question(&s).expect("2026 asks (provisional)");
    assert!(q.uncertain.as_deref().is_some_and(|n| n.contains("2026")));
    assert_eq!(found(&s, codes::NOT_ANSWERED), 1);
    let d = s.returns[0]
        .diagnostics
        .iter()
        .find(|d| d.code == codes::NOT_ANSWERED)
        .unwrap();
    assert!(
        d.message.contains("the 2026 NJ-1040 is expected to ask"),
        "{}",
        d.message
    );
    assert!(d.message.contains("not published"), "{}", d.message);
    let s = set(&wage_earner(2026, Some(false)));
    assert_eq!(question(&s).unwrap().answer_words(), "No");
    assert_eq!(found(&s, codes::NOT_ANSWERED), 0);
}

#[test]
fn no_figure_of_the_return_depends_on_the_answer() {
    for year in [2024, 2025, 2026] {
        let lines = |answer| {
            let s = set(&wage_earner(year, answer));
            let r = &s.returns[0];
            (
                r.lines.iter().map(|l| l.value).collect::<Vec<_>>(),
                r.refund,
                r.balance_due,
            )
        };
        assert_eq!(lines(None), lines(Some(true)), "{year}");
        assert_eq!(lines(Some(false)), lines(Some(true)), "{year}");
    }
}

#[test]
fn a_nonresident_return_does_not_carry_it_and_an_answer_there_is_a_warning() {
    let mut a = wage_earner(2025, None);
    a.taxpayer.residency.kind = ResidencyKind::Never;
    a.taxpayer.residency.other_state = "Florida".into();
    a.income.w2s[0].sourcing.nj_source = Some(dec!(52000));
    let s = set(&a);
    assert_eq!(s.returns[0].form, "NJ-1040NR");
    assert_eq!(question(&s), None);
    assert_eq!(found(&s, codes::NOT_ANSWERED), 0);
    a.digital_assets = Some(true);
    assert_eq!(found(&set(&a), codes::NOT_ASKED), 1);
}

#[test]
fn which_years_ask_is_data_not_code() {
    let mut src = ParamSources::embedded();
    let text = src.params.get_mut("exemptions.ron").unwrap();
    assert!(text.contains("values: { 2018: false, 2025: true }"));
    *text = text.replace(
        "values: { 2018: false, 2025: true }",
        "values: { 2018: false, 2024: true, 2025: false }",
    );
    let book = ParamBook::from_sources(&src).unwrap();
    assert!(question(&set_with(&wage_earner(2024, None), &book)).is_some());
    assert!(question(&set_with(&wage_earner(2025, None), &book)).is_none());
    let p = book.for_year(2024).unwrap();
    assert_eq!(p.in_force("exemptions.digital_asset_question"), Some(true));
}

#[test]
fn the_answer_is_written_only_when_given_and_reads_back() {
    for answer in [None, Some(true), Some(false)] {
        let draft = Draft {
            format_version: njtax_engine::FORMAT_VERSION,
            answers: wage_earner(2025, answer),
        };
        let text = njtax_engine::draft::draft_to_string(&draft).unwrap();
        assert_eq!(text.contains("digital_assets"), answer.is_some(), "{text}");
        let back = njtax_engine::parse_draft(&text).unwrap();
        assert_eq!(back.answers.digital_assets, answer);
    }
}
