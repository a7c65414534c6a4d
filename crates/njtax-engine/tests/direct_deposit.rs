//! The direct deposit of the refund (`refund.direct_deposit`, `rules/validate.rs`): each number
//! typed in a shape no bank account has is an error at its answer, an account outside the United
//! States cannot take the refund, and a deposit without a refund is a warning. No message ever
//! holds the numbers themselves (like SSNs, they name the answer).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::{date, person};
use njtax_engine::answers::{AccountType, DirectDeposit, FilingStatus, W2};
use njtax_engine::compute::ReturnSet;
use njtax_engine::rules::validate::deposit_codes;
use njtax_engine::{Answers, Diagnostic, ParamBook, Severity};
use rust_decimal::dec;

/// A single filer with $40,000 of wages and $2,000 withheld (a refund), depositing it in `dd`.
fn answers_with(dd: Option<DirectDeposit>) -> Answers {
    let mut a = Answers {
        tax_year: 2024,
        filing_status: FilingStatus::Single,
        taxpayer: person(date(1980, 4, 2)),
        ..Answers::default()
    };
    a.taxpayer.name = "Pat Filer".into();
    a.income.w2s.push(W2 {
        state_wages: dec!(40000),
        nj_tax_withheld: dec!(2000),
        ..W2::default()
    });
    a.refund.direct_deposit = dd;
    a
}

fn good() -> DirectDeposit {
    DirectDeposit {
        routing_number: "021000021".into(),
        account_number: "12345678901234567".into(),
        account_type: AccountType::Checking,
        outside_us: false,
    }
}

fn set(a: &Answers) -> ReturnSet {
    njtax_engine::compute::compute_set(a, &ParamBook::load().unwrap()).unwrap()
}

/// Every diagnostic of the set about the deposit (code starting `deposit-`).
fn deposit_diags(a: &Answers) -> Vec<Diagnostic> {
    let s = set(a);
    let all: Vec<Diagnostic> = s
        .returns
        .iter()
        .flat_map(|r| r.diagnostics.iter().cloned())
        .filter(|d| d.code.starts_with("deposit-"))
        .collect();
    for d in &all {
        let numbers = a.refund.direct_deposit.as_ref().map(|dd| {
            [dd.routing_number.trim(), dd.account_number.trim()]
                .into_iter()
                .filter(|n| n.len() >= 4)
                .collect::<Vec<_>>()
        });
        for n in numbers.unwrap_or_default() {
            assert!(!d.message.contains(n), "a number in a message: {d:?}");
        }
    }
    all
}

fn only(a: &Answers, code: &str, severity: Severity, path: &str) {
    let d = deposit_diags(a);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, code);
    assert_eq!(d[0].severity, severity);
    assert_eq!(d[0].path.as_deref(), Some(path));
}

#[test]
fn a_well_formed_deposit_of_a_refund_has_no_diagnostic_and_is_marked_on_the_return() {
    for routing in ["021000021", "011000015"] {
        let a = answers_with(Some(DirectDeposit {
            routing_number: routing.into(),
            ..good()
        }));
        assert!(deposit_diags(&a).is_empty(), "{:?}", deposit_diags(&a));
        let s = set(&a);
        assert!(s.returns[0].refund > rust_decimal::Decimal::ZERO);
        assert!(s.returns[0].refund_deposited);
    }
    let a = answers_with(Some(DirectDeposit {
        account_number: "1".into(),
        account_type: AccountType::Savings,
        ..good()
    }));
    assert!(deposit_diags(&a).is_empty());
    // No deposit asked: nothing said, nothing deposited.
    let a = answers_with(None);
    assert!(deposit_diags(&a).is_empty());
    assert!(!set(&a).returns[0].refund_deposited);
}

#[test]
fn a_routing_number_with_a_wrong_check_digit_or_length_or_letters_is_an_error_at_its_answer() {
    for bad in [
        "021000022",  // check digit
        "02100002",   // 8 digits
        "0210000210", // 10 digits
        "02100002A",  // a letter
        "021 000 021",
        "",
    ] {
        let a = answers_with(Some(DirectDeposit {
            routing_number: bad.into(),
            ..good()
        }));
        only(
            &a,
            deposit_codes::ROUTING,
            Severity::Error,
            "refund.direct_deposit.routing_number",
        );
        assert!(set(&a).returns[0].has_errors());
    }
    // Passes the check sum but 13 is no Federal Reserve routing symbol.
    let a = answers_with(Some(DirectDeposit {
        routing_number: "130000006".into(),
        ..good()
    }));
    only(
        &a,
        deposit_codes::ROUTING,
        Severity::Error,
        "refund.direct_deposit.routing_number",
    );
    assert!(deposit_diags(&a)[0].message.contains("first two digits"));
    let wrong_digit = answers_with(Some(DirectDeposit {
        routing_number: "021000022".into(),
        ..good()
    }));
    assert!(
        deposit_diags(&wrong_digit)[0]
            .message
            .contains("check digit")
    );
}

#[test]
fn an_account_number_must_be_1_to_17_digits() {
    for bad in ["123456789012345678", "1234-5678", "12345678A", ""] {
        let a = answers_with(Some(DirectDeposit {
            account_number: bad.into(),
            ..good()
        }));
        only(
            &a,
            deposit_codes::ACCOUNT,
            Severity::Error,
            "refund.direct_deposit.account_number",
        );
    }
}

#[test]
fn the_account_type_must_be_chosen() {
    let a = answers_with(Some(DirectDeposit {
        account_type: AccountType::NotChosen,
        ..good()
    }));
    only(
        &a,
        deposit_codes::ACCOUNT_TYPE,
        Severity::Error,
        "refund.direct_deposit.account_type",
    );
}

#[test]
fn a_refund_going_on_to_an_account_outside_the_united_states_cannot_be_deposited() {
    let a = answers_with(Some(DirectDeposit {
        outside_us: true,
        ..good()
    }));
    only(
        &a,
        deposit_codes::OUTSIDE_US,
        Severity::Error,
        "refund.direct_deposit.outside_us",
    );
    let d = deposit_diags(&a);
    assert!(d[0].message.contains("paper check"), "{}", d[0].message);
    assert!(!set(&a).returns[0].refund_deposited);
}

#[test]
fn a_deposit_without_a_refund_is_a_warning_not_an_error() {
    let mut a = answers_with(Some(good()));
    a.income.w2s[0].nj_tax_withheld = dec!(0);
    let s = set(&a);
    assert!(s.returns[0].refund.is_zero());
    only(
        &a,
        deposit_codes::NO_REFUND,
        Severity::Warning,
        "refund.direct_deposit",
    );
    assert!(!s.returns[0].has_errors());
    assert!(!s.returns[0].refund_deposited);
}

#[test]
fn a_draft_without_the_answer_reads_with_no_deposit_and_one_with_it_round_trips() {
    let text =
        "Draft(format_version: 9, answers: (tax_year: 2024, refund: (credit_to_next_year: \"0\")))";
    let d = njtax_engine::parse_draft(text).unwrap();
    assert_eq!(d.answers.refund.direct_deposit, None);
    let a = answers_with(Some(good()));
    let written = njtax_engine::draft::draft_to_string(&njtax_engine::Draft {
        format_version: njtax_engine::FORMAT_VERSION,
        answers: a,
    })
    .unwrap();
    let back = njtax_engine::parse_draft(&written).unwrap();
    assert_eq!(back.answers.refund.direct_deposit, Some(good()));
}
