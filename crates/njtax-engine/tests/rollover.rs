//! Next year's draft (`rollover::next_year`, format 5): the home address is carried unchanged and
//! this year's New Jersey gross income (line 29) becomes next year's "last year's gross income",
//! which New Jersey's online filing service asks for to confirm who is filing. The figures of the
//! residency examples are worked by hand in docs/residency-returns.md.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use njtax_engine::Key;
use njtax_engine::answers::{Address, Date, FilingStatus, Interest, Owner, Person, W2};
use njtax_engine::compute::{ReturnSet, compute_set};
use njtax_engine::residency::{Filer, ReturnKind};
use njtax_engine::rollover::{next_year, online_service_gross_income};
use njtax_engine::{Answers, ParamBook};
use rust_decimal::dec;

fn set_of(a: &Answers) -> ReturnSet {
    compute_set(a, &ParamBook::load().unwrap()).unwrap()
}

fn example(name: &str) -> Answers {
    let path = format!(
        "{}/../../examples/residency/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    njtax_engine::parse_draft(&text).unwrap().answers
}

fn home() -> Address {
    Address {
        street: "12 Elm Street".into(),
        apartment: "Apt 3B".into(),
        city: "Trenton".into(),
        state: "NJ".into(),
        zip: "08608-1234".into(),
        country: String::new(),
        municipality_code: "1111".into(),
    }
}

/// A single full-year resident: wages $52,000 and interest $1,000.
fn resident() -> Answers {
    let mut a = Answers {
        tax_year: 2024,
        filing_status: FilingStatus::Single,
        taxpayer: Person {
            name: "Ada Resident".into(),
            ssn: "400-00-0001".into(),
            birth_date: Date::new(1980, 1, 15),
            ..Person::default()
        },
        address: home(),
        ..Answers::default()
    };
    a.income.w2s.push(W2 {
        state_wages: dec!(52000),
        nj_tax_withheld: dec!(1500),
        ..W2::default()
    });
    a.income.interest.push(Interest {
        taxable_interest: dec!(1000),
        ..Interest::default()
    });
    a
}

#[test]
fn next_years_draft_keeps_the_address_and_takes_line_29_as_last_years_gross_income() {
    let a = resident();
    let set = set_of(&a);
    // Line 27 = 52,000 wages + 1,000 interest = 53,000; no exclusions (28c = 0): line 29 = 53,000.
    assert_eq!(set.returns.len(), 1);
    assert_eq!(set.returns[0].value("29"), dec!(53000));
    let next = next_year(&a, &set);
    assert_eq!(next.tax_year, 2025);
    assert_eq!(next.address, home());
    assert_eq!(
        next.address.lines(),
        vec!["12 Elm Street, Apt 3B", "Trenton, NJ 08608-1234"]
    );
    assert_eq!(next.last_year.nj_gross_income, Some(dec!(53000)));
    // This year's own "last year" figure does not roll over: it is replaced by this year's.
    let mut b = a.clone();
    b.last_year.nj_gross_income = Some(dec!(1));
    assert_eq!(
        next_year(&b, &set_of(&b)).last_year.nj_gross_income,
        Some(dec!(53000))
    );
}

/// The household carries forward, a registered domestic partner with it (54A:3-1(b)1): next
/// year's draft still claims the partner's exemption (line 6 = 2,000).
#[test]
fn next_years_draft_keeps_the_domestic_partner() {
    let mut a = resident();
    a.domestic_partner = Some(njtax_engine::answers::DomesticPartner {
        name: "Bea Partner".into(),
        does_not_file_separately: true,
    });
    let next = next_year(&a, &set_of(&a));
    assert_eq!(next.domestic_partner, a.domestic_partner);
    assert_eq!(set_of(&next).returns[0].value("6"), dec!(2000));
}

#[test]
fn gross_income_of_zero_is_kept_as_zero_and_an_empty_address_stays_empty() {
    let mut a = resident();
    a.address = Address::default();
    a.income.w2s.clear();
    a.income.interest.clear();
    let set = set_of(&a);
    let next = next_year(&a, &set);
    assert!(next.address.is_empty());
    assert_eq!(next.address, Address::default());
    // A return with line 29 = 0 is still a return: last year's gross income is 0, not unknown.
    assert_eq!(next.last_year.nj_gross_income, Some(dec!(0)));
}

#[test]
fn no_return_computed_leaves_last_years_gross_income_empty() {
    let a = resident();
    let empty = ReturnSet {
        tax_year: 2024,
        returns: Vec::new(),
        statement: Vec::new(),
        comparison: None,
        provisional: None,
        back_year: None,
    };
    assert_eq!(online_service_gross_income(&empty), None);
    let next = next_year(&a, &empty);
    assert_eq!(next.last_year.nj_gross_income, None);
    assert_eq!(next.address, home());
}

/// Residency 1: moved in from New York on 1 July. The part-year NJ-1040's line 29 is 48,400
/// (48,000 wages from July + 400 interest); the NJ-1040NR's 29A is 42,400 (January-June). The
/// online service has the NJ-1040, so 48,400.
#[test]
fn a_mover_carries_the_part_year_nj_1040s_line_29_not_the_nj_1040nrs() {
    let a = example("01-single-moved-in-from-ny-1-july-2024.ron");
    let set = set_of(&a);
    let kinds: Vec<ReturnKind> = set.returns.iter().map(|r| r.kind).collect();
    assert_eq!(
        kinds,
        vec![
            ReturnKind::PartYearResident,
            ReturnKind::PartYearNonresident
        ]
    );
    assert_eq!(set.returns[0].value("29"), dec!(48400));
    assert_eq!(set.returns[1].value("29A"), dec!(42400));
    assert_eq!(
        next_year(&a, &set).last_year.nj_gross_income,
        Some(dec!(48400))
    );
    // Whatever order the returns come in, the NJ-1040 is chosen.
    let mut reversed = set.clone();
    reversed.returns.reverse();
    assert_eq!(online_service_gross_income(&reversed), Some(dec!(48400)));
}

/// Residency 9: both spouses New York residents, only the taxpayer with New Jersey wages
/// ($80,000, every day in New Jersey): the taxpayer's separate NJ-1040NR, whose gross income
/// (29A, from everywhere as if a resident) is 80,000.
#[test]
fn a_nonresident_carries_the_nj_1040nrs_gross_income_line() {
    let a = example("09-joint-federal-both-ny-only-one-nj-income-separate-2024.ron");
    let set = set_of(&a);
    assert_eq!(set.returns.len(), 1);
    assert_eq!(set.returns[0].kind, ReturnKind::Nonresident);
    assert_eq!(set.returns[0].filer, Filer::Taxpayer);
    assert_eq!(set.returns[0].value("29A"), dec!(80000));
    assert_eq!(
        next_year(&a, &set).last_year.nj_gross_income,
        Some(dec!(80000))
    );
}

/// The same household with the New Jersey job the spouse's: only the spouse files (an NJ-1040NR
/// under the spouse's number); no New Jersey return was filed under the taxpayer's, so the answer
/// is left empty.
#[test]
fn only_the_spouse_filing_leaves_the_taxpayers_last_year_gross_income_empty() {
    let mut a = example("09-joint-federal-both-ny-only-one-nj-income-separate-2024.ron");
    for w in &mut a.income.w2s {
        w.owner = match w.owner {
            Owner::Taxpayer => Owner::Spouse,
            Owner::Spouse => Owner::Taxpayer,
        };
    }
    for i in &mut a.income.interest {
        i.owner = Owner::Taxpayer;
    }
    let set = set_of(&a);
    assert_eq!(set.returns.len(), 1);
    assert_eq!(set.returns[0].filer, Filer::Spouse);
    assert_eq!(next_year(&a, &set).last_year.nj_gross_income, None);
}

/// Residency 7: the taxpayer a New Jersey resident, the spouse a New York resident, separate
/// returns: the taxpayer's NJ-1040 line 29 is 61,000 (60,000 wages + 1,000 interest), the
/// spouse's NJ-1040NR 29A is 50,000. The taxpayer's figure is carried.
#[test]
fn spouses_filing_apart_carry_the_taxpayers_own_line_29() {
    let a = example("07-joint-federal-nj-resident-ny-spouse-separate-2024.ron");
    let set = set_of(&a);
    assert_eq!(set.returns.len(), 2);
    let taxpayer = set
        .returns
        .iter()
        .find(|r| r.filer == Filer::Taxpayer)
        .unwrap();
    let spouse = set
        .returns
        .iter()
        .find(|r| r.filer == Filer::Spouse)
        .unwrap();
    assert_eq!(taxpayer.value("29"), dec!(61000));
    assert_eq!(spouse.value("29A"), dec!(50000));
    assert_eq!(
        next_year(&a, &set).last_year.nj_gross_income,
        Some(dec!(61000))
    );
}

/// The error codes of every return of a set, once each.
fn error_codes(set: &ReturnSet) -> Vec<String> {
    let mut codes: Vec<String> = set
        .returns
        .iter()
        .flat_map(|r| r.diagnostics.iter())
        .filter(|d| d.severity == njtax_engine::Severity::Error)
        .map(|d| d.code.clone())
        .collect();
    codes.sort();
    codes.dedup();
    codes
}

/// Every example, rolled forward a year at a time as "Start next year's draft" does until it is a
/// 2026 draft, computes for 2026; an error it then has is one its own year's return had too (an
/// error is never caused by the year), and the 2026 returns say they are provisional.
#[test]
fn every_example_rolled_forward_to_2026_computes_without_an_error_caused_by_the_year() {
    let book = ParamBook::load().unwrap();
    let examples = crate::common::all_examples();
    assert!(examples.len() > 80, "{} examples", examples.len());
    let mut rolled = 0;
    for path in examples {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut a = njtax_engine::parse_draft(&text).unwrap().answers;
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let own = compute_set(&a, &book).unwrap_or_else(|e| panic!("{name}: {e}"));
        let own_errors = error_codes(&own);
        let mut set = own;
        while a.tax_year < 2026 {
            a = next_year(&a, &set);
            set = compute_set(&a, &book)
                .unwrap_or_else(|e| panic!("{name} rolled to {}: {e}", a.tax_year));
            rolled += 1;
        }
        assert_eq!(set.tax_year, 2026, "{name}");
        // A qualifying widow(er) may use that status for the two years after the spouse's death
        // only (54A:1-2, IRC 2(a)): rolled past them, the draft rightly asks for another status.
        // That follows from the calendar of the household, not from the 2026 figures.
        let lapsed = |c: &String| c == "widow-year";
        let new: Vec<String> = error_codes(&set)
            .into_iter()
            .filter(|c| !own_errors.contains(c) && !lapsed(c))
            .collect();
        assert!(
            new.is_empty(),
            "{name} rolled to 2026 has new errors {new:?}"
        );
        for r in &set.returns {
            assert!(
                r.diagnostics.iter().any(|d| d.code == "provisional-year"),
                "{name}: a 2026 return without the provisional notice"
            );
        }
    }
    assert!(rolled > 100, "only {rolled} roll-forwards");
}

/// 54A:3-9 b: an alternative business loss may be carried forward to each of the 20 taxable years
/// after it; next year's draft carries what this year leaves (NJ-BUS-2 line 12). A business loss
/// of 10,000: alternative business income -10,000, so 10,000 goes to next year. With 3,000 carried
/// in and a business profit of 2,000: 2,000 - 3,000 = -1,000 carries on. A profit of 5,000 absorbs
/// the 3,000 carried in: nothing carries. (Until issue 15 `njtax rollover` dropped the loss.)
#[test]
fn the_alternative_business_loss_carries_into_next_years_draft_54a_3_9_b() {
    use njtax_engine::answers::Business;
    let with_business = |profit, carry_in| {
        let mut a = resident();
        a.income.businesses.push(Business {
            owner: Owner::Taxpayer,
            name: "Shop".into(),
            net_profit: profit,
            ..Business::default()
        });
        a.deductions.alternative_business_carryforward = carry_in;
        a
    };
    for (profit, carry_in, carried) in [
        (dec!(-10000), dec!(0), dec!(10000)),
        (dec!(2000), dec!(3000), dec!(1000)),
        (dec!(5000), dec!(3000), dec!(0)),
        (dec!(-10000), dec!(3000), dec!(13000)),
    ] {
        let a = with_business(profit, carry_in);
        let set = set_of(&a);
        let next = next_year(&a, &set);
        assert_eq!(
            next.deductions.alternative_business_carryforward, carried,
            "profit {profit}, carried in {carry_in}"
        );
        // The same figure as the return's NJ-BUS-2 line 12.
        let line_35 = set.returns[0]
            .lines
            .iter()
            .find(|l| l.key == Key::AlternativeBusiness)
            .unwrap();
        let worksheet = line_35
            .explanation
            .inputs
            .iter()
            .find(|i| format!("{:?}", i.source).contains("nj_bus_2.line_12"))
            .unwrap();
        assert_eq!(
            worksheet.value,
            njtax_engine::money::fmt_money(carried),
            "{profit}"
        );
    }
}
