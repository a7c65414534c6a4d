//! The final checklist before printing or the hand-off: nothing left to fix, the home address, how
//! the refund arrives (or that the balance is to be paid), the signature, and where the return
//! goes. Worked out from the answers and the computed returns with the snapshot (never while
//! drawing); it computes no tax. Where to file is data (`forms/filing.ron`).

use std::sync::OnceLock;

use njtax_engine::answers::Answers;
use njtax_engine::compute::ReturnSet;
use njtax_engine::money::fmt_money;
use njtax_engine::{Diagnostic, Severity};
use rust_decimal::Decimal;
use serde::Deserialize;

/// The embedded data of where a return is filed.
pub const FILING_RON: &str = include_str!("../../../forms/filing.ron");

/// Where a finished return goes.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Filing {
    /// Filing online, in plain words (a clause: "File online with …").
    pub online: String,
    /// Where an NJ-1040 with a refund, or nothing due, is mailed.
    pub mail_refund: String,
    /// Where an NJ-1040 with a payment is mailed.
    pub mail_payment: String,
    /// Where an NJ-1040NR is mailed.
    pub mail_nonresident: String,
    /// Where an amended return (the NJ-1040X, or an NJ-1040NR marked amended) is mailed: the
    /// online service takes no amended returns.
    pub mail_amended: String,
    /// Why the amended returns' address is uncertain (where it was read), when it is.
    pub mail_amended_uncertain: Option<String>,
    /// Why the addresses are uncertain, when they are.
    pub uncertain: Option<String>,
}

impl Filing {
    /// The embedded data, read once.
    pub fn embedded() -> Result<&'static Filing, String> {
        static FILING: OnceLock<Result<Filing, String>> = OnceLock::new();
        FILING
            .get_or_init(|| ron::from_str(FILING_RON).map_err(|e| e.to_string()))
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// One thing to check before filing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckItem {
    /// Done (a tick), or still to do.
    pub done: bool,
    /// What to check, in plain words.
    pub text: String,
    /// The answer to go to, when the item is settled by one.
    pub goto: Option<String>,
    /// The words of the link to that answer ("Go to the address").
    pub link: &'static str,
}

/// The checklist for the draft's answers and returns (`None` when they could not be computed)
/// with their diagnostics; a return without a filing date is taken as filed `today`, so that a
/// refund the law bars by then is said to be barred, never to be paid.
pub fn checklist(
    answers: &Answers,
    set: Option<&ReturnSet>,
    diagnostics: &[Diagnostic],
    today: Option<njtax_engine::answers::Date>,
) -> Vec<CheckItem> {
    let mut out = Vec::new();
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    out.push(match (set, errors) {
        (None, _) => CheckItem {
            done: false,
            text: "The return cannot be worked out yet: see the message in Your NJ return.".into(),
            goto: None,
            link: "",
        },
        (Some(_), 0) => CheckItem {
            done: true,
            text: "Nothing left to fix.".into(),
            goto: None,
            link: "",
        },
        (Some(_), n) => CheckItem {
            done: false,
            text: if n == 1 {
                "1 problem to fix first (listed below): until then the return is not ready to file.".to_owned()
            } else {
                format!("{n} problems to fix first (listed below): until then the return is not ready to file.")
            },
            goto: None,
            link: "",
        },
    });
    let a = &answers.address;
    let address_given =
        !a.street.trim().is_empty() && !a.city.trim().is_empty() && !a.zip.trim().is_empty();
    out.push(CheckItem {
        done: address_given,
        text: if address_given {
            "Your home address is on the return.".into()
        } else {
            "Give your home address (street, city and ZIP code): the return and any refund check are sent there.".into()
        },
        goto: (!address_given).then(|| "address.street".to_owned()),
        link: "Go to the address",
    });
    if let Some(set) = set {
        let amended: Vec<_> = set
            .returns
            .iter()
            .filter_map(|r| r.amended.as_ref())
            .collect();
        if !amended.is_empty() {
            amended_items(answers, &amended, &mut out);
            return out;
        }
        let filed = answers.filing.filed_on.or(today);
        let barred: Vec<_> = set
            .returns
            .iter()
            .filter(|r| r.balance_due.is_zero())
            .filter_map(|r| filed.and_then(|d| r.barred_refund(d)))
            .collect();
        for b in &barred {
            out.push(CheckItem {
                done: false,
                text: format!(
                    "{} If the return was filed on or before {}, give the day it was filed.",
                    b.words(),
                    b.last_day
                ),
                goto: Some("filing.filed_on".into()),
                link: "Go to the filing date",
            });
        }
        // A barred refund is not paid: only the other returns' refunds are.
        let refund: Decimal = set
            .returns
            .iter()
            .filter(|r| filed.and_then(|d| r.barred_refund(d)).is_none())
            .map(|r| r.refund)
            .sum();
        let due: Decimal = set.returns.iter().map(|r| r.balance_due).sum();
        if refund > Decimal::ZERO {
            let deposit = answers.refund.direct_deposit.as_ref();
            let deposited = set.returns.iter().any(|r| r.refund_deposited);
            let account_problem = diagnostics.iter().any(|d| {
                d.severity == Severity::Error
                    && d.path
                        .as_deref()
                        .is_some_and(|p| p.starts_with("refund.direct_deposit"))
            });
            out.push(match deposit {
                Some(dd) if deposited && !account_problem => CheckItem {
                    done: true,
                    text: format!(
                        "Your refund of {} is deposited in your {} account ending {}: read the numbers back from a check or your bank.",
                        fmt_money(refund),
                        match dd.account_type {
                            njtax_engine::answers::AccountType::Savings => "savings",
                            _ => "checking",
                        },
                        njtax_engine::answers::last_four_digits(&dd.account_number)
                    ),
                    goto: None,
                    link: "",
                },
                Some(_) => CheckItem {
                    done: false,
                    text: "Fix the bank account for the direct deposit, or untick it to get a paper check.".into(),
                    goto: Some("refund.direct_deposit".into()),
                    link: "Go to the bank account",
                },
                None => CheckItem {
                    done: true,
                    text: format!(
                        "Your refund of {} comes as a paper check mailed to your home address; choose direct deposit on the Refund screen to get it sooner.",
                        fmt_money(refund)
                    ),
                    goto: None,
                    link: "",
                },
            });
        } else if due > Decimal::ZERO {
            out.push(CheckItem {
                done: false,
                text: if set.back_year.is_some() {
                    format!(
                        "Pay the balance due of {} with the return: it was due on the {} return's due date, so penalties and interest run until it is paid (give the day you file under If you file or pay late to see them).",
                        fmt_money(due),
                        set.tax_year
                    )
                } else {
                    format!(
                        "Pay the balance due of {} by the return's due date (the Next year screen says what paying late adds).",
                        fmt_money(due)
                    )
                },
                goto: None,
                link: "",
            });
        }
        out.push(sign(answers, "a paper return"));
        if let Ok(filing) = Filing::embedded() {
            let nonresident = set.returns.iter().any(|r| r.form.contains("NR"));
            let mail = if nonresident {
                &filing.mail_nonresident
            } else if due > Decimal::ZERO {
                &filing.mail_payment
            } else {
                &filing.mail_refund
            };
            let mut text = if nonresident {
                format!("Mail the printed returns to: {mail}.")
            } else if set.back_year.is_some() {
                format!(
                    "Mail the printed return to: {mail}. New Jersey's online filing service does not take {} returns.",
                    set.tax_year
                )
            } else {
                format!("{}, or mail the printed return to: {mail}.", filing.online)
            };
            if let Some(note) = &filing.uncertain {
                text.push(' ');
                text.push_str(note);
            }
            out.push(CheckItem {
                done: false,
                text,
                goto: None,
                link: "",
            });
        }
    }
    out
}

/// Sign and date `what` (both spouses on a joint return).
fn sign(answers: &Answers, what: &str) -> CheckItem {
    CheckItem {
        done: false,
        text: if answers.filing_status == njtax_engine::answers::FilingStatus::MarriedJoint {
            format!("Sign and date {what}: both of you, on a joint return.")
        } else {
            format!("Sign and date {what}.")
        },
        goto: None,
        link: "",
    }
}

/// The items of an amended return: the refund claimed or the additional tax with its interest,
/// signing, and mailing (the online service takes no amended returns).
fn amended_items(
    answers: &Answers,
    amended: &[&njtax_engine::rules::amended::AmendedReturn],
    out: &mut Vec<CheckItem>,
) {
    let refund: Decimal = amended.iter().map(|x| x.refund).sum();
    let due: Decimal = amended.iter().map(|x| x.balance_due).sum();
    let interest: Decimal = amended
        .iter()
        .filter_map(|x| x.interest.as_ref().map(|i| i.amount))
        .sum();
    if due > Decimal::ZERO {
        out.push(CheckItem {
            done: false,
            text: if interest > Decimal::ZERO {
                format!(
                    "Pay the additional tax of {} with the amended return, with the interest (about {} by the date you gave): interest runs until it is paid.",
                    fmt_money(due),
                    fmt_money(interest)
                )
            } else {
                format!(
                    "Pay the additional tax of {} with the amended return: interest runs from the original due date until it is paid.",
                    fmt_money(due)
                )
            },
            goto: Some("amends.filed_on".to_owned()),
            link: "Go to the amended return",
        });
    } else if refund > Decimal::ZERO {
        out.push(CheckItem {
            done: true,
            text: format!(
                "The amended return claims a refund of {}: the Division pays it after it processes the amended return.",
                fmt_money(refund)
            ),
            goto: None,
            link: "",
        });
    }
    let barred: Decimal = amended
        .iter()
        .filter_map(|x| x.refund_limit.as_ref().map(|l| l.barred))
        .sum();
    if barred > Decimal::ZERO {
        out.push(CheckItem {
            done: false,
            text: format!(
                "{} of the refund this amended return would give is barred by the time limits, so it is not claimed (N.J.S.A. 54A:9-8 d): the Amended return screen says which limit and why.",
                fmt_money(barred)
            ),
            goto: Some("amends.filed_on".to_owned()),
            link: "Go to the amended return",
        });
    }
    out.push(sign(answers, "the amended return"));
    if let Ok(filing) = Filing::embedded() {
        let forms: Vec<&str> = amended.iter().map(|x| x.form.as_str()).collect();
        let mut text = format!(
            "Mail the amended return ({}, with copies of the corrected forms and schedules) to: {}. New Jersey's online filing service does not take amended returns.",
            forms.join(" and "),
            filing.mail_amended
        );
        if let Some(note) = filing
            .mail_amended_uncertain
            .as_ref()
            .or(filing.uncertain.as_ref())
        {
            text.push(' ');
            text.push_str(note);
        }
        out.push(CheckItem {
            done: false,
            text,
            goto: None,
            link: "",
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_filing_data_reads_and_marks_its_addresses_uncertain() {
        let f = Filing::embedded().unwrap();
        for address in [&f.mail_refund, &f.mail_payment, &f.mail_nonresident] {
            assert!(address.contains("Trenton, NJ 08"), "{address}");
        }
        assert!(f.uncertain.is_some());
    }

    #[test]
    fn the_amended_returns_address_is_read_and_marked_uncertain_with_where_it_was_read() {
        let f = Filing::embedded().unwrap();
        assert_eq!(
            f.mail_amended,
            "State of New Jersey, Division of Taxation, Revenue Processing Center, PO Box 664, Trenton, NJ 08646-0664"
        );
        let note = f.mail_amended_uncertain.as_deref().unwrap();
        assert!(note.contains("2023 NJ-1040X instructions"), "{note}");
        assert!(note.contains("third-party copy"), "{note}");
    }

    /// The checklist of a draft as the app works it out: every return computed, with its
    /// diagnostics.
    fn list_for(answers: &Answers) -> Vec<CheckItem> {
        let book = njtax_engine::ParamBook::load().unwrap();
        let set = njtax_engine::compute::compute_set(answers, &book).unwrap();
        let diagnostics: Vec<Diagnostic> = set
            .returns
            .iter()
            .flat_map(|r| r.diagnostics.iter().cloned())
            .collect();
        checklist(answers, Some(&set), &diagnostics, None)
    }

    fn renter() -> Answers {
        njtax_engine::parse_draft(include_str!("../../../examples/single-renter.ron"))
            .unwrap()
            .answers
    }

    /// Issue 39 item 9: a refund barred on the day the return is taken as filed (today, no
    /// filing date given) is a to-do item saying so, with the filing date to go to, and no item
    /// says it is paid; the same return filed on time is paid as before.
    #[test]
    fn a_barred_refund_is_said_to_be_barred_and_never_to_be_paid() {
        let mut a = renter();
        a.tax_year = 2021;
        a.filing.filed_on = None;
        let book = njtax_engine::ParamBook::load().unwrap();
        let set = njtax_engine::compute::compute_set(&a, &book).unwrap();
        assert!(
            set.returns[0].refund > Decimal::ZERO,
            "a refund filed on time"
        );
        let today = njtax_engine::answers::Date::new(2026, 12, 8);
        let items = checklist(&a, Some(&set), &[], today);
        let barred: Vec<&CheckItem> = items
            .iter()
            .filter(|i| i.text.starts_with("No refund: the last day to claim"))
            .collect();
        assert_eq!(barred.len(), 1, "{items:?}");
        assert!(!barred[0].done);
        assert_eq!(barred[0].goto.as_deref(), Some("filing.filed_on"));
        assert!(
            !items.iter().any(|i| i.text.starts_with("Your refund of")),
            "{items:?}"
        );
        let on_time = checklist(
            &a,
            Some(&set),
            &[],
            njtax_engine::answers::Date::new(2022, 4, 1),
        );
        assert!(on_time.iter().any(|i| i.text.starts_with("Your refund of")));
        assert!(!on_time.iter().any(|i| i.text.starts_with("No refund")));
    }

    #[test]
    fn a_refund_by_paper_check_mailed_to_the_refund_address() {
        let items = list_for(&renter());
        let texts: Vec<&str> = items.iter().map(|i| i.text.as_str()).collect();
        assert!(items[0].done, "{texts:?}");
        assert_eq!(texts[0], "Nothing left to fix.");
        assert!(texts.iter().any(|t| t.contains("paper check")), "{texts:?}");
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Sign and date a paper return."))
        );
        let filing = Filing::embedded().unwrap();
        let mail = texts.last().unwrap();
        assert!(mail.contains(&filing.mail_refund), "{mail}");
        assert!(mail.contains("not in this app's sources"), "{mail}");
    }

    #[test]
    fn a_missing_address_and_a_deposit_with_a_bad_routing_number_are_to_do_with_their_answers() {
        let mut a = renter();
        a.address = njtax_engine::answers::Address::default();
        a.refund.direct_deposit = Some(njtax_engine::answers::DirectDeposit {
            routing_number: "021000022".into(),
            account_number: "000123456789".into(),
            account_type: njtax_engine::answers::AccountType::Checking,
            outside_us: false,
        });
        let items = list_for(&a);
        let address = items
            .iter()
            .find(|i| i.goto.as_deref() == Some("address.street"))
            .unwrap();
        assert!(!address.done);
        let bank = items
            .iter()
            .find(|i| i.goto.as_deref() == Some("refund.direct_deposit"))
            .unwrap();
        assert!(!bank.done, "{}", bank.text);
        assert!(!items[0].done, "the bad routing number is to fix");
        assert!(
            items[0].text.starts_with("1 problem to fix first"),
            "{}",
            items[0].text
        );
        // Fixed: the deposit is ticked, with the account's last four digits to read back.
        if let Some(dd) = a.refund.direct_deposit.as_mut() {
            dd.routing_number = "021000021".into();
        }
        let items = list_for(&a);
        let bank = items.iter().find(|i| i.text.contains("deposited")).unwrap();
        assert!(bank.done);
        assert!(
            bank.text.contains("checking account ending 6789"),
            "{}",
            bank.text
        );
    }

    #[test]
    fn a_balance_due_is_to_pay_and_the_return_goes_to_the_payment_address() {
        let mut a = renter();
        for w in &mut a.income.w2s {
            w.nj_tax_withheld = Decimal::ZERO;
        }
        let items = list_for(&a);
        let texts: Vec<&str> = items.iter().map(|i| i.text.as_str()).collect();
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Pay the balance due of $")),
            "{texts:?}"
        );
        let filing = Filing::embedded().unwrap();
        assert!(texts.last().unwrap().contains(&filing.mail_payment));
    }

    #[test]
    fn an_amended_return_is_mailed_with_its_additional_tax_and_never_filed_online() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/amended/a-corrected-w2-amended.ron"
        );
        let answers = njtax_engine::parse_draft(&std::fs::read_to_string(path).unwrap())
            .unwrap()
            .answers;
        let items = list_for(&answers);
        let texts: Vec<&str> = items.iter().map(|i| i.text.as_str()).collect();
        assert!(
            texts.iter().any(|t| t.starts_with("Pay the additional tax of $187.00")
                && t.contains("$12.47")),
            "{texts:?}"
        );
        let mail = texts
            .iter()
            .find(|t| t.starts_with("Mail the amended return (NJ-1040X"))
            .unwrap();
        assert!(mail.contains("PO Box 664") && mail.contains("does not take amended returns"));
        assert!(
            !texts.iter().any(|t| t.contains("File online with")),
            "{texts:?}"
        );
        assert!(
            !texts.iter().any(|t| t.contains("paper check")),
            "{texts:?}"
        );
    }

    /// A back year's return is mailed (the online service takes recent years only), and a balance
    /// due is said to be late, not "by the due date".
    #[test]
    fn a_back_year_return_is_mailed_never_filed_online() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/single-renter.ron"
        );
        let mut answers = njtax_engine::parse_draft(&std::fs::read_to_string(path).unwrap())
            .unwrap()
            .answers;
        let online = list_for(&answers);
        assert!(
            online.iter().any(|i| i.text.contains("File online with")),
            "{online:?}"
        );
        answers.tax_year = 2019;
        answers.income.w2s[0].nj_tax_withheld = rust_decimal::Decimal::ZERO;
        let items = list_for(&answers);
        let texts: Vec<&str> = items.iter().map(|i| i.text.as_str()).collect();
        assert!(
            !texts.iter().any(|t| t.contains("File online with")),
            "{texts:?}"
        );
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Mail the printed return to:")
                    && t.contains("does not take 2019 returns")),
            "{texts:?}"
        );
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Pay the balance due of") && t.contains("was due")),
            "{texts:?}"
        );
    }
}
