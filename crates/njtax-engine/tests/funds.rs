//! Contribution funds on the NJ-1040 (lines 70-77), read from N.J.S.A. 54A:9-25.1 to 54A:9-25.49.
//! Decision record: docs/decisions/funds-codes.md.

// Tests fail by panicking; unwrap is the assertion here.
#![allow(clippy::unwrap_used)]

use njtax_engine::Key;
use std::collections::BTreeSet;

use njtax_engine::rules::refund::Fund;
use njtax_engine::{Answers, ParamBook};
use rust_decimal::dec;

/// The tax years `forms/years.ron` lists.
fn supported_years() -> Vec<u16> {
    njtax_engine::ParamBook::load()
        .unwrap()
        .supported_years()
        .collect()
}

/// The open funds for a year.
fn funds(year: u16) -> Vec<Fund> {
    let book = ParamBook::load().unwrap();
    book.for_year(year).unwrap().funds.open_funds.value
}

/// The number after "54A:9-25." in a fund's citation (its section within chapter 9).
fn section(f: &Fund) -> u32 {
    let rest = f
        .citation
        .split("54A:9-25.")
        .nth(1)
        .unwrap_or_else(|| panic!("{}: citation {:?} names no 54A:9-25.x", f.id, f.citation));
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().unwrap()
}

/// Sections of 54A:9-25.2 to 25.49 that give the taxpayer a checkoff open in 2022-2025: every
/// "opportunity to indicate ... on the taxpayer's New Jersey gross income tax return" section
/// except 25.32 (2012 and 2013 only). The others (25.3, .5, .8, .10, .11, .13, .14, .16, .18, .22)
/// are appropriation, cost or coding sections.
const CHECKOFF_SECTIONS: [u32; 37] = [
    2, 4, 6, 7, 9, 12, 15, 17, 19, 20, 21, 23, 24, 25, 26, 27, 28, 29, 30, 31, 33, 34, 35, 36, 37,
    38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49,
];

#[test]
fn open_funds_resolve_for_every_supported_year() {
    let book = ParamBook::load().unwrap();
    for year in supported_years() {
        let p = book
            .for_year(year)
            .unwrap_or_else(|e| panic!("{year}: {e}"));
        assert!(!p.funds.open_funds.value.is_empty(), "{year}: no funds");
    }
}

#[test]
fn fund_ids_are_unique_snake_case() {
    for year in supported_years() {
        let list = funds(year);
        let ids: BTreeSet<&str> = list.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(ids.len(), list.len(), "{year}: duplicate fund id");
        for id in ids {
            assert!(
                !id.is_empty()
                    && id
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{year}: id {id:?} is not snake_case"
            );
        }
    }
}

/// 54A:9-25.2, .4, .6, .7 and .9 each prescribe a printed line ("I wish to contribute $10, $20,
/// other amount"), which is the "otherwise provided by the authorizing statute" exception of
/// 54A:9-25.14: these five are on lines 70-74 and have no code.
#[test]
fn the_five_fixed_funds_have_their_own_lines_and_checkoff_sections_54a_9_25_2_4_6_7_9() {
    let expected = [
        (
            "endangered_wildlife",
            Key::FundEndangeredWildlife,
            "N.J.S.A. 54A:9-25.2",
        ),
        (
            "childrens_trust",
            Key::FundChildrensTrust,
            "N.J.S.A. 54A:9-25.4",
        ),
        (
            "vietnam_veterans",
            Key::FundVietnamVeterans,
            "N.J.S.A. 54A:9-25.6",
        ),
        (
            "breast_cancer",
            Key::FundBreastCancer,
            "N.J.S.A. 54A:9-25.7",
        ),
        (
            "uss_new_jersey",
            Key::FundUssNewJersey,
            "N.J.S.A. 54A:9-25.9",
        ),
    ];
    for year in supported_years() {
        let list = funds(year);
        for (id, line, citation) in expected {
            let f = list
                .iter()
                .find(|f| f.id == id)
                .unwrap_or_else(|| panic!("{year}: {id} missing"));
            assert_eq!(f.line, Some(line), "{year}: {id}");
            assert_eq!(f.citation, citation, "{year}: {id}");
            assert_eq!(f.code, None, "{year}: {id} is on a fixed line, not coded");
        }
        let fixed = list.iter().filter(|f| f.line.is_some()).count();
        assert_eq!(fixed, 5, "{year}: exactly five funds have fixed lines");
    }
}

/// Every fund not on a fixed line is entered by code on lines 75-77 (54A:9-25.14).
#[test]
fn every_other_fund_has_a_code_and_no_fixed_line_54a_9_25_14() {
    for year in supported_years() {
        for f in funds(year) {
            assert!(
                f.line.is_some() != f.code.is_some(),
                "{year}: {} must have either a fixed line or a code, not both or neither",
                f.id
            );
        }
    }
}

/// 54A:9-25.14: codes in numerical sequence, the lowest to the fund of the first statute, the rest
/// in the order the statutes were enacted (section order as the proxy). So, in list order, the codes
/// are "01", "02", ... without gaps, and their sections strictly increase.
#[test]
fn codes_are_unique_two_digit_and_follow_enactment_order_54a_9_25_14() {
    for year in supported_years() {
        let list = funds(year);
        let coded: Vec<&Fund> = list.iter().filter(|f| f.code.is_some()).collect();
        let codes: BTreeSet<&str> = coded.iter().filter_map(|f| f.code.as_deref()).collect();
        assert_eq!(codes.len(), coded.len(), "{year}: duplicate code");
        for (i, f) in coded.iter().enumerate() {
            assert_eq!(
                f.code.as_deref(),
                Some(format!("{:02}", i + 1).as_str()),
                "{year}: {} is the {}th coded fund in enactment order",
                f.id,
                i + 1
            );
        }
        for pair in coded.windows(2) {
            assert!(
                section(pair[0]) < section(pair[1]),
                "{year}: {} (25.{}) must come before {} (25.{})",
                pair[0].id,
                section(pair[0]),
                pair[1].id,
                section(pair[1])
            );
        }
    }
}

/// The whole list is in the order of 54A:9-25.14 (statute order), fixed funds included.
#[test]
fn the_list_is_in_statute_order_54a_9_25_14() {
    for year in supported_years() {
        let sections: Vec<u32> = funds(year).iter().map(section).collect();
        assert!(
            sections.windows(2).all(|w| w[0] < w[1]),
            "{year}: {sections:?}"
        );
    }
}

/// 54A:9-25.12 (Drug Abuse Education Fund) is the first coded checkoff statute, so code 01;
/// 54A:9-25.49 (Ovarian Cancer Research Fund) the last, code 32; the Community Food Pantry Fund
/// (25.25) is the ninth.
#[test]
fn first_middle_and_last_codes_by_section_54a_9_25_12_25_25_25_49() {
    for year in supported_years() {
        let list = funds(year);
        let code = |id: &str| {
            list.iter()
                .find(|f| f.id == id)
                .and_then(|f| f.code.clone())
                .unwrap_or_else(|| panic!("{year}: {id} has no code"))
        };
        assert_eq!(code("drug_abuse_education"), "01");
        assert_eq!(code("community_food_pantry"), "09");
        assert_eq!(code("homeless_veterans"), "16");
        assert_eq!(code("ovarian_cancer_research"), "32");
    }
}

/// Every checkoff section of 54A:9-25.2 to 25.49 open in 2022-2025 has exactly one fund.
#[test]
fn every_open_checkoff_section_has_one_fund_54a_9_25_2_to_25_49() {
    let expected: BTreeSet<u32> = CHECKOFF_SECTIONS.into_iter().collect();
    for year in supported_years() {
        let list = funds(year);
        let got: Vec<u32> = list.iter().map(section).collect();
        let got_set: BTreeSet<u32> = got.iter().copied().collect();
        assert_eq!(got.len(), got_set.len(), "{year}: a section cited twice");
        assert_eq!(got_set, expected, "{year}");
    }
}

/// 54A:9-25.32: the "2014 NJ Special Olympics Home Team Fund" checkoff is only "for the taxable
/// years beginning in calendar years 2012 and 2013", so it is closed in 2022-2025.
#[test]
fn the_2014_special_olympics_home_team_fund_is_closed_after_2013_54a_9_25_32() {
    for year in supported_years() {
        let list = funds(year);
        assert!(
            list.iter().all(|f| section(f) != 32),
            "{year}: 54A:9-25.32 fund listed"
        );
        assert!(
            list.iter()
                .all(|f| !f.name.contains("2014") && !f.name.contains("Home Team")),
            "{year}: 2014 Home Team fund listed"
        );
        // The current Special Olympics fund (25.48) is a different statute and stays open.
        assert!(list.iter().any(|f| f.id == "special_olympics_nj"));
    }
}

/// 54A:9-25.1: the Gubernatorial Elections Fund is a $1 designation that does not reduce the
/// refund, so it is not among the refund contribution funds.
#[test]
fn gubernatorial_elections_fund_is_not_a_refund_contribution_54a_9_25_1() {
    for year in supported_years() {
        assert!(
            funds(year)
                .iter()
                .all(|f| section(f) != 1 && !f.name.contains("Gubernatorial")),
            "{year}"
        );
    }
}

/// The official code list is UNCERTAIN (reference §6/§7): every year warns that the codes follow
/// 54A:9-25.14's enactment-order rule and must be checked against the instructions.
#[test]
fn every_year_warns_that_codes_follow_54a_9_25_14_and_are_unconfirmed() {
    let book = ParamBook::load().unwrap();
    for year in supported_years() {
        let note = book
            .for_year(year)
            .unwrap()
            .funds
            .open_funds
            .uncertain
            .unwrap_or_else(|| panic!("{year}: no uncertain note"));
        assert!(note.contains("54A:9-25.14"), "{year}: {note}");
        assert!(note.contains(&year.to_string()), "{year}: {note}");
        assert!(note.contains("instructions"), "{year}: {note}");
    }
    let note_2022 = book.for_year(2022).unwrap().funds.open_funds.uncertain;
    let note_2022 = note_2022.unwrap();
    assert!(note_2022.contains("25.48") && note_2022.contains("25.49"));
}

/// A contribution to a coded fund goes to line 75 with its code and the fund's own citation; a
/// contribution to a fixed fund goes to its own line (54A:9-25.14, 54A:9-25.25, 54A:9-25.2).
#[test]
fn a_coded_contribution_lands_on_line_75_with_its_code_54a_9_25_25() {
    let book = ParamBook::load().unwrap();
    for year in supported_years() {
        let mut a = Answers {
            tax_year: year,
            ..Default::default()
        };
        a.refund
            .contributions
            .push(njtax_engine::answers::Contribution {
                fund: "community_food_pantry".into(),
                amount: dec!(20),
            });
        a.refund
            .contributions
            .push(njtax_engine::answers::Contribution {
                fund: "endangered_wildlife".into(),
                amount: dec!(10),
            });
        let r = njtax_engine::compute(&a, &book).unwrap();
        let other = r.by_key(Key::FundOther1).unwrap();
        assert_eq!(other.value, dec!(20));
        assert!(other.explanation.rule.contains("fund code 09"), "{year}");
        // The fund's own statute, then the line it is on (from the line map).
        assert_eq!(
            other.explanation.citation,
            format!("N.J.S.A. 54A:9-25.25; NJ-1040 line {}", other.id)
        );
        assert_eq!(
            r.by_key(Key::FundEndangeredWildlife).unwrap().value,
            dec!(10)
        );
        assert!(
            r.diagnostics
                .iter()
                .all(|d| d.code != "unknown-fund" && d.code != "fund-code-unknown"),
            "{year}"
        );
    }
}

/// A fund closed by its statute is refused: the 2014 Home Team fund (54A:9-25.32) is not a valid
/// choice in any supported year.
#[test]
fn a_contribution_to_the_closed_2014_home_team_fund_is_an_error_54a_9_25_32() {
    let book = ParamBook::load().unwrap();
    let mut a = Answers {
        tax_year: 2024,
        ..Default::default()
    };
    a.refund
        .contributions
        .push(njtax_engine::answers::Contribution {
            fund: "special_olympics_home_team_2014".into(),
            amount: dec!(10),
        });
    let r = njtax_engine::compute(&a, &book).unwrap();
    assert!(r.diagnostics.iter().any(|d| d.code == "unknown-fund"));
    assert_eq!(r.by_key(Key::FundOther1).unwrap().value, dec!(0));
}
