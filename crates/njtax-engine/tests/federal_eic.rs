//! Federal earned income credit (IRC 32) as the engine computes it for the NJ EITC.
//!
//! Expected values are worked by hand from IRC 32(a)-(b) and the year's figures (reference
//! section 4a and the IRS-published income limits): the IRS EIC Table evaluates the formula at
//! the midpoint of each $50 band and rounds to whole dollars (IRC 32(f)).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use njtax_engine::answers::{Date, Dependent, FilingStatus, Relationship};
use njtax_engine::compute::Ctx;
use njtax_engine::params::parse_file;
use njtax_engine::rules::federal_eic::{
    Column, FederalParams, FederalParamsFile, eic_exact, eic_table, eic_table_value, federal_eic,
};
use njtax_engine::{Answers, ParamBook, YearParams};
use rust_decimal::Decimal;
use rust_decimal::dec;

const YEARS: [u16; 8] = [2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026];

/// The federal figures of one year, read straight from the embedded file.
fn fed(year: u16) -> FederalParams {
    let file: FederalParamsFile = parse_file(
        "federal.ron",
        include_str!("../../../forms/params/federal.ron"),
    )
    .unwrap();
    file.resolve(year).unwrap()
}

/// Year parameters for any year 2019-2025: the federal (and NJ credit) figures of that year on
/// top of a supported year's other figures, so that the test does not depend on other domains.
fn year_params(year: u16) -> YearParams {
    let book = ParamBook::load().unwrap();
    let mut p = book.for_year(2024).unwrap();
    p.year = year;
    p.federal = fed(year);
    let credits: njtax_engine::rules::credits::CreditParamsFile = parse_file(
        "credits.ron",
        include_str!("../../../forms/params/credits.ron"),
    )
    .unwrap();
    p.credits = credits.resolve(year).unwrap();
    p
}

use crate::common::{child, date, person};

/// A single filer aged 40 with the given income and children.
fn answers(year: u16, earned: Decimal, agi: Decimal, kids: usize) -> Answers {
    let mut a = Answers {
        tax_year: year,
        taxpayer: person(date(year - 40, 6, 15)),
        ..Answers::default()
    };
    a.federal.earned_income = earned;
    a.federal.agi = agi;
    for i in 0..kids {
        a.dependents.push(child(date(year - 3 - i as u16, 3, 1)));
    }
    a
}

fn run(
    a: &Answers,
) -> (
    njtax_engine::rules::federal_eic::FederalEic,
    Vec<njtax_engine::Diagnostic>,
) {
    let p = year_params(a.tax_year);
    let cx = Ctx::new(a, &p);
    let r = federal_eic(&cx);
    (r, cx.take_diags())
}

#[test]
fn eic_table_matches_hand_worked_values_at_every_edge_for_every_year_and_child_count_irc_32() {
    // (year, children, joint, earned income, AGI, credit). Each comment shows the band, its
    // midpoint, credit% x min(midpoint, earned income amount) less phase-out% x (midpoint over
    // the phase-out amount), and the rounding to whole dollars.
    let rows: &[(u16, u32, bool, Decimal, Decimal, Decimal)] = &[
        // 2019, 0 children, single, zero income: outside limits: 0
        (2019, 0, false, dec!(0), dec!(0), dec!(0)),
        // 2019, 0 children, single, plateau start (earned income amount): band 6900 mid 6925: 0.0765x6920=529.3800 - 0.0765x0=0.0000 = 529.3800 -> 529
        (2019, 0, false, dec!(6920), dec!(6920), dec!(529)),
        // 2019, 0 children, single, phase-out start single: band 8650 mid 8675: 0.0765x6920=529.3800 - 0.0765x25=1.9125 = 527.4675 -> 527; band 8650 mid 8675: 0.0765x6920=529.3800 - 0.0765x25=1.9125 = 527.4675 -> 527
        (2019, 0, false, dec!(8650), dec!(8650), dec!(527)),
        // 2019, 0 children, single, one band past phase-out start single: band 8700 mid 8725: 0.0765x6920=529.3800 - 0.0765x75=5.7375 = 523.6425 -> 524; band 8700 mid 8725: 0.0765x6920=529.3800 - 0.0765x75=5.7375 = 523.6425 -> 524
        (2019, 0, false, dec!(8700), dec!(8700), dec!(524)),
        // 2019, 0 children, joint, phase-out start joint: band 14450 mid 14475: 0.0765x6920=529.3800 - 0.0765x25=1.9125 = 527.4675 -> 527; band 14450 mid 14475: 0.0765x6920=529.3800 - 0.0765x25=1.9125 = 527.4675 -> 527
        (2019, 0, true, dec!(14450), dec!(14450), dec!(527)),
        // 2019, 0 children, joint, one band past phase-out start joint: band 14500 mid 14525: 0.0765x6920=529.3800 - 0.0765x75=5.7375 = 523.6425 -> 524; band 14500 mid 14525: 0.0765x6920=529.3800 - 0.0765x75=5.7375 = 523.6425 -> 524
        (2019, 0, true, dec!(14500), dec!(14500), dec!(524)),
        // 2019, 0 children, single, one dollar under the limit single: band 15550 mid 15575: 0.0765x6920=529.3800 - 0.0765x6925=529.7625 = 0 -> 0; band 15550 mid 15575: 0.0765x6920=529.3800 - 0.0765x6925=529.7625 = 0 -> 0
        (2019, 0, false, dec!(15569), dec!(15569), dec!(0)),
        // 2019, 0 children, single, at the limit single: outside limits: 0
        (2019, 0, false, dec!(15570), dec!(15570), dec!(0)),
        // 2019, 0 children, joint, one dollar under the limit joint: band 21350 mid 21375: 0.0765x6920=529.3800 - 0.0765x6925=529.7625 = 0 -> 0; band 21350 mid 21375: 0.0765x6920=529.3800 - 0.0765x6925=529.7625 = 0 -> 0
        (2019, 0, true, dec!(21369), dec!(21369), dec!(0)),
        // 2019, 0 children, joint, at the limit joint: outside limits: 0
        (2019, 0, true, dec!(21370), dec!(21370), dec!(0)),
        // 2019, 1 children, single, zero income: outside limits: 0
        (2019, 1, false, dec!(0), dec!(0), dec!(0)),
        // 2019, 1 children, single, plateau start (earned income amount): band 10350 mid 10375: 0.34x10370=3525.80 - 0.1598x0=0.0000 = 3525.8000 -> 3526
        (2019, 1, false, dec!(10370), dec!(10370), dec!(3526)),
        // 2019, 1 children, single, phase-out start single: band 19000 mid 19025: 0.34x10370=3525.80 - 0.1598x0=0.0000 = 3525.8000 -> 3526
        (2019, 1, false, dec!(19030), dec!(19030), dec!(3526)),
        // 2019, 1 children, single, one band past phase-out start single: band 19050 mid 19075: 0.34x10370=3525.80 - 0.1598x45=7.1910 = 3518.6090 -> 3519; band 19050 mid 19075: 0.34x10370=3525.80 - 0.1598x45=7.1910 = 3518.6090 -> 3519
        (2019, 1, false, dec!(19080), dec!(19080), dec!(3519)),
        // 2019, 1 children, joint, phase-out start joint: band 24800 mid 24825: 0.34x10370=3525.80 - 0.1598x5=0.7990 = 3525.0010 -> 3525; band 24800 mid 24825: 0.34x10370=3525.80 - 0.1598x5=0.7990 = 3525.0010 -> 3525
        (2019, 1, true, dec!(24820), dec!(24820), dec!(3526)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2019, 1 children, joint, one band past phase-out start joint: band 24850 mid 24875: 0.34x10370=3525.80 - 0.1598x55=8.7890 = 3517.0110 -> 3517; band 24850 mid 24875: 0.34x10370=3525.80 - 0.1598x55=8.7890 = 3517.0110 -> 3517
        (2019, 1, true, dec!(24870), dec!(24870), dec!(3517)),
        // 2019, 1 children, single, one dollar under the limit single: band 41050 mid 41075: 0.34x10370=3525.80 - 0.1598x22045=3522.7910 = 3.0090 -> 3; band 41050 mid 41075: 0.34x10370=3525.80 - 0.1598x22045=3522.7910 = 3.0090 -> 3
        (2019, 1, false, dec!(41093), dec!(41093), dec!(3)),
        // 2019, 1 children, single, at the limit single: outside limits: 0
        (2019, 1, false, dec!(41094), dec!(41094), dec!(0)),
        // 2019, 1 children, joint, one dollar under the limit joint: band 46850 mid 46875: 0.34x10370=3525.80 - 0.1598x22055=3524.3890 = 1.4110 -> 1; band 46850 mid 46875: 0.34x10370=3525.80 - 0.1598x22055=3524.3890 = 1.4110 -> 1
        (2019, 1, true, dec!(46883), dec!(46883), dec!(1)),
        // 2019, 1 children, joint, at the limit joint: outside limits: 0
        (2019, 1, true, dec!(46884), dec!(46884), dec!(0)),
        // 2019, 2 children, single, zero income: outside limits: 0
        (2019, 2, false, dec!(0), dec!(0), dec!(0)),
        // 2019, 2 children, single, plateau start (earned income amount): band 14550 mid 14575: 0.40x14570=5828.00 - 0.2106x0=0.0000 = 5828.0000 -> 5828
        (2019, 2, false, dec!(14570), dec!(14570), dec!(5828)),
        // 2019, 2 children, single, phase-out start single: band 19000 mid 19025: 0.40x14570=5828.00 - 0.2106x0=0.0000 = 5828.0000 -> 5828
        (2019, 2, false, dec!(19030), dec!(19030), dec!(5828)),
        // 2019, 2 children, single, one band past phase-out start single: band 19050 mid 19075: 0.40x14570=5828.00 - 0.2106x45=9.4770 = 5818.5230 -> 5819; band 19050 mid 19075: 0.40x14570=5828.00 - 0.2106x45=9.4770 = 5818.5230 -> 5819
        (2019, 2, false, dec!(19080), dec!(19080), dec!(5819)),
        // 2019, 2 children, joint, phase-out start joint: band 24800 mid 24825: 0.40x14570=5828.00 - 0.2106x5=1.0530 = 5826.9470 -> 5827; band 24800 mid 24825: 0.40x14570=5828.00 - 0.2106x5=1.0530 = 5826.9470 -> 5827
        (2019, 2, true, dec!(24820), dec!(24820), dec!(5828)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2019, 2 children, joint, one band past phase-out start joint: band 24850 mid 24875: 0.40x14570=5828.00 - 0.2106x55=11.5830 = 5816.4170 -> 5816; band 24850 mid 24875: 0.40x14570=5828.00 - 0.2106x55=11.5830 = 5816.4170 -> 5816
        (2019, 2, true, dec!(24870), dec!(24870), dec!(5816)),
        // 2019, 2 children, single, one dollar under the limit single: band 46700 mid 46725: 0.40x14570=5828.00 - 0.2106x27695=5832.5670 = 0 -> 0; band 46700 mid 46725: 0.40x14570=5828.00 - 0.2106x27695=5832.5670 = 0 -> 0
        (2019, 2, false, dec!(46702), dec!(46702), dec!(0)),
        // 2019, 2 children, single, at the limit single: outside limits: 0
        (2019, 2, false, dec!(46703), dec!(46703), dec!(0)),
        // 2019, 2 children, joint, one dollar under the limit joint: band 52450 mid 52475: 0.40x14570=5828.00 - 0.2106x27655=5824.1430 = 3.8570 -> 4; band 52450 mid 52475: 0.40x14570=5828.00 - 0.2106x27655=5824.1430 = 3.8570 -> 4
        (2019, 2, true, dec!(52492), dec!(52492), dec!(4)),
        // 2019, 2 children, joint, at the limit joint: outside limits: 0
        (2019, 2, true, dec!(52493), dec!(52493), dec!(0)),
        // 2019, 3 children, single, zero income: outside limits: 0
        (2019, 3, false, dec!(0), dec!(0), dec!(0)),
        // 2019, 3 children, single, plateau start (earned income amount): band 14550 mid 14575: 0.45x14570=6556.50 - 0.2106x0=0.0000 = 6556.5000 -> 6557
        (2019, 3, false, dec!(14570), dec!(14570), dec!(6557)),
        // 2019, 3 children, single, phase-out start single: band 19000 mid 19025: 0.45x14570=6556.50 - 0.2106x0=0.0000 = 6556.5000 -> 6557
        (2019, 3, false, dec!(19030), dec!(19030), dec!(6557)),
        // 2019, 3 children, single, one band past phase-out start single: band 19050 mid 19075: 0.45x14570=6556.50 - 0.2106x45=9.4770 = 6547.0230 -> 6547; band 19050 mid 19075: 0.45x14570=6556.50 - 0.2106x45=9.4770 = 6547.0230 -> 6547
        (2019, 3, false, dec!(19080), dec!(19080), dec!(6547)),
        // 2019, 3 children, joint, phase-out start joint: band 24800 mid 24825: 0.45x14570=6556.50 - 0.2106x5=1.0530 = 6555.4470 -> 6555; band 24800 mid 24825: 0.45x14570=6556.50 - 0.2106x5=1.0530 = 6555.4470 -> 6555
        (2019, 3, true, dec!(24820), dec!(24820), dec!(6557)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2019, 3 children, joint, one band past phase-out start joint: band 24850 mid 24875: 0.45x14570=6556.50 - 0.2106x55=11.5830 = 6544.9170 -> 6545; band 24850 mid 24875: 0.45x14570=6556.50 - 0.2106x55=11.5830 = 6544.9170 -> 6545
        (2019, 3, true, dec!(24870), dec!(24870), dec!(6545)),
        // 2019, 3 children, single, one dollar under the limit single: band 50150 mid 50175: 0.45x14570=6556.50 - 0.2106x31145=6559.1370 = 0 -> 0; band 50150 mid 50175: 0.45x14570=6556.50 - 0.2106x31145=6559.1370 = 0 -> 0
        (2019, 3, false, dec!(50161), dec!(50161), dec!(0)),
        // 2019, 3 children, single, at the limit single: outside limits: 0
        (2019, 3, false, dec!(50162), dec!(50162), dec!(0)),
        // 2019, 3 children, joint, one dollar under the limit joint: band 55950 mid 55975: 0.45x14570=6556.50 - 0.2106x31155=6561.2430 = 0 -> 0; band 55950 mid 55975: 0.45x14570=6556.50 - 0.2106x31155=6561.2430 = 0 -> 0
        (2019, 3, true, dec!(55951), dec!(55951), dec!(0)),
        // 2019, 3 children, joint, at the limit joint: outside limits: 0
        (2019, 3, true, dec!(55952), dec!(55952), dec!(0)),
        // 2020, 0 children, single, zero income: outside limits: 0
        (2020, 0, false, dec!(0), dec!(0), dec!(0)),
        // 2020, 0 children, single, plateau start (earned income amount): band 7000 mid 7025: 0.0765x7025=537.4125 - 0.0765x0=0.0000 = 537.4125 -> 537
        (2020, 0, false, dec!(7030), dec!(7030), dec!(537)),
        // 2020, 0 children, single, phase-out start single: band 8750 mid 8775: 0.0765x7030=537.7950 - 0.0765x0=0.0000 = 537.7950 -> 538
        (2020, 0, false, dec!(8790), dec!(8790), dec!(538)),
        // 2020, 0 children, single, one band past phase-out start single: band 8800 mid 8825: 0.0765x7030=537.7950 - 0.0765x35=2.6775 = 535.1175 -> 535; band 8800 mid 8825: 0.0765x7030=537.7950 - 0.0765x35=2.6775 = 535.1175 -> 535
        (2020, 0, false, dec!(8840), dec!(8840), dec!(535)),
        // 2020, 0 children, joint, phase-out start joint: band 14650 mid 14675: 0.0765x7030=537.7950 - 0.0765x0=0.0000 = 537.7950 -> 538
        (2020, 0, true, dec!(14680), dec!(14680), dec!(538)),
        // 2020, 0 children, joint, one band past phase-out start joint: band 14700 mid 14725: 0.0765x7030=537.7950 - 0.0765x45=3.4425 = 534.3525 -> 534; band 14700 mid 14725: 0.0765x7030=537.7950 - 0.0765x45=3.4425 = 534.3525 -> 534
        (2020, 0, true, dec!(14730), dec!(14730), dec!(534)),
        // 2020, 0 children, single, one dollar under the limit single: band 15800 mid 15825: 0.0765x7030=537.7950 - 0.0765x7035=538.1775 = 0 -> 0; band 15800 mid 15825: 0.0765x7030=537.7950 - 0.0765x7035=538.1775 = 0 -> 0
        (2020, 0, false, dec!(15819), dec!(15819), dec!(0)),
        // 2020, 0 children, single, at the limit single: outside limits: 0
        (2020, 0, false, dec!(15820), dec!(15820), dec!(0)),
        // 2020, 0 children, joint, one dollar under the limit joint: band 21700 mid 21725: 0.0765x7030=537.7950 - 0.0765x7045=538.9425 = 0 -> 0; band 21700 mid 21725: 0.0765x7030=537.7950 - 0.0765x7045=538.9425 = 0 -> 0
        (2020, 0, true, dec!(21709), dec!(21709), dec!(0)),
        // 2020, 0 children, joint, at the limit joint: outside limits: 0
        (2020, 0, true, dec!(21710), dec!(21710), dec!(0)),
        // 2020, 1 children, single, zero income: outside limits: 0
        (2020, 1, false, dec!(0), dec!(0), dec!(0)),
        // 2020, 1 children, single, plateau start (earned income amount): band 10500 mid 10525: 0.34x10525=3578.50 - 0.1598x0=0.0000 = 3578.5000 -> 3579
        (2020, 1, false, dec!(10540), dec!(10540), dec!(3579)),
        // 2020, 1 children, single, phase-out start single: band 19300 mid 19325: 0.34x10540=3583.60 - 0.1598x0=0.0000 = 3583.6000 -> 3584
        (2020, 1, false, dec!(19330), dec!(19330), dec!(3584)),
        // 2020, 1 children, single, one band past phase-out start single: band 19350 mid 19375: 0.34x10540=3583.60 - 0.1598x45=7.1910 = 3576.4090 -> 3576; band 19350 mid 19375: 0.34x10540=3583.60 - 0.1598x45=7.1910 = 3576.4090 -> 3576
        (2020, 1, false, dec!(19380), dec!(19380), dec!(3576)),
        // 2020, 1 children, joint, phase-out start joint: band 25200 mid 25225: 0.34x10540=3583.60 - 0.1598x5=0.7990 = 3582.8010 -> 3583; band 25200 mid 25225: 0.34x10540=3583.60 - 0.1598x5=0.7990 = 3582.8010 -> 3583
        (2020, 1, true, dec!(25220), dec!(25220), dec!(3584)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2020, 1 children, joint, one band past phase-out start joint: band 25250 mid 25275: 0.34x10540=3583.60 - 0.1598x55=8.7890 = 3574.8110 -> 3575; band 25250 mid 25275: 0.34x10540=3583.60 - 0.1598x55=8.7890 = 3574.8110 -> 3575
        (2020, 1, true, dec!(25270), dec!(25270), dec!(3575)),
        // 2020, 1 children, single, one dollar under the limit single: band 41750 mid 41775: 0.34x10540=3583.60 - 0.1598x22445=3586.7110 = 0 -> 0; band 41750 mid 41775: 0.34x10540=3583.60 - 0.1598x22445=3586.7110 = 0 -> 0
        (2020, 1, false, dec!(41755), dec!(41755), dec!(0)),
        // 2020, 1 children, single, at the limit single: outside limits: 0
        (2020, 1, false, dec!(41756), dec!(41756), dec!(0)),
        // 2020, 1 children, joint, one dollar under the limit joint: band 47600 mid 47625: 0.34x10540=3583.60 - 0.1598x22405=3580.3190 = 3.2810 -> 3; band 47600 mid 47625: 0.34x10540=3583.60 - 0.1598x22405=3580.3190 = 3.2810 -> 3
        (2020, 1, true, dec!(47645), dec!(47645), dec!(3)),
        // 2020, 1 children, joint, at the limit joint: outside limits: 0
        (2020, 1, true, dec!(47646), dec!(47646), dec!(0)),
        // 2020, 2 children, single, zero income: outside limits: 0
        (2020, 2, false, dec!(0), dec!(0), dec!(0)),
        // 2020, 2 children, single, plateau start (earned income amount): band 14800 mid 14825: 0.40x14800=5920.00 - 0.2106x0=0.0000 = 5920.0000 -> 5920
        (2020, 2, false, dec!(14800), dec!(14800), dec!(5920)),
        // 2020, 2 children, single, phase-out start single: band 19300 mid 19325: 0.40x14800=5920.00 - 0.2106x0=0.0000 = 5920.0000 -> 5920
        (2020, 2, false, dec!(19330), dec!(19330), dec!(5920)),
        // 2020, 2 children, single, one band past phase-out start single: band 19350 mid 19375: 0.40x14800=5920.00 - 0.2106x45=9.4770 = 5910.5230 -> 5911; band 19350 mid 19375: 0.40x14800=5920.00 - 0.2106x45=9.4770 = 5910.5230 -> 5911
        (2020, 2, false, dec!(19380), dec!(19380), dec!(5911)),
        // 2020, 2 children, joint, phase-out start joint: band 25200 mid 25225: 0.40x14800=5920.00 - 0.2106x5=1.0530 = 5918.9470 -> 5919; band 25200 mid 25225: 0.40x14800=5920.00 - 0.2106x5=1.0530 = 5918.9470 -> 5919
        (2020, 2, true, dec!(25220), dec!(25220), dec!(5920)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2020, 2 children, joint, one band past phase-out start joint: band 25250 mid 25275: 0.40x14800=5920.00 - 0.2106x55=11.5830 = 5908.4170 -> 5908; band 25250 mid 25275: 0.40x14800=5920.00 - 0.2106x55=11.5830 = 5908.4170 -> 5908
        (2020, 2, true, dec!(25270), dec!(25270), dec!(5908)),
        // 2020, 2 children, single, one dollar under the limit single: band 47400 mid 47425: 0.40x14800=5920.00 - 0.2106x28095=5916.8070 = 3.1930 -> 3; band 47400 mid 47425: 0.40x14800=5920.00 - 0.2106x28095=5916.8070 = 3.1930 -> 3
        (2020, 2, false, dec!(47439), dec!(47439), dec!(3)),
        // 2020, 2 children, single, at the limit single: outside limits: 0
        (2020, 2, false, dec!(47440), dec!(47440), dec!(0)),
        // 2020, 2 children, joint, one dollar under the limit joint: band 53300 mid 53325: 0.40x14800=5920.00 - 0.2106x28105=5918.9130 = 1.0870 -> 1; band 53300 mid 53325: 0.40x14800=5920.00 - 0.2106x28105=5918.9130 = 1.0870 -> 1
        (2020, 2, true, dec!(53329), dec!(53329), dec!(1)),
        // 2020, 2 children, joint, at the limit joint: outside limits: 0
        (2020, 2, true, dec!(53330), dec!(53330), dec!(0)),
        // 2020, 3 children, single, zero income: outside limits: 0
        (2020, 3, false, dec!(0), dec!(0), dec!(0)),
        // 2020, 3 children, single, plateau start (earned income amount): band 14800 mid 14825: 0.45x14800=6660.00 - 0.2106x0=0.0000 = 6660.0000 -> 6660
        (2020, 3, false, dec!(14800), dec!(14800), dec!(6660)),
        // 2020, 3 children, single, phase-out start single: band 19300 mid 19325: 0.45x14800=6660.00 - 0.2106x0=0.0000 = 6660.0000 -> 6660
        (2020, 3, false, dec!(19330), dec!(19330), dec!(6660)),
        // 2020, 3 children, single, one band past phase-out start single: band 19350 mid 19375: 0.45x14800=6660.00 - 0.2106x45=9.4770 = 6650.5230 -> 6651; band 19350 mid 19375: 0.45x14800=6660.00 - 0.2106x45=9.4770 = 6650.5230 -> 6651
        (2020, 3, false, dec!(19380), dec!(19380), dec!(6651)),
        // 2020, 3 children, joint, phase-out start joint: band 25200 mid 25225: 0.45x14800=6660.00 - 0.2106x5=1.0530 = 6658.9470 -> 6659; band 25200 mid 25225: 0.45x14800=6660.00 - 0.2106x5=1.0530 = 6658.9470 -> 6659
        (2020, 3, true, dec!(25220), dec!(25220), dec!(6660)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2020, 3 children, joint, one band past phase-out start joint: band 25250 mid 25275: 0.45x14800=6660.00 - 0.2106x55=11.5830 = 6648.4170 -> 6648; band 25250 mid 25275: 0.45x14800=6660.00 - 0.2106x55=11.5830 = 6648.4170 -> 6648
        (2020, 3, true, dec!(25270), dec!(25270), dec!(6648)),
        // 2020, 3 children, single, one dollar under the limit single: band 50950 mid 50975: 0.45x14800=6660.00 - 0.2106x31645=6664.4370 = 0 -> 0; band 50950 mid 50975: 0.45x14800=6660.00 - 0.2106x31645=6664.4370 = 0 -> 0
        (2020, 3, false, dec!(50953), dec!(50953), dec!(0)),
        // 2020, 3 children, single, at the limit single: outside limits: 0
        (2020, 3, false, dec!(50954), dec!(50954), dec!(0)),
        // 2020, 3 children, joint, one dollar under the limit joint: band 56800 mid 56825: 0.45x14800=6660.00 - 0.2106x31605=6656.0130 = 3.9870 -> 4; band 56800 mid 56825: 0.45x14800=6660.00 - 0.2106x31605=6656.0130 = 3.9870 -> 4
        (2020, 3, true, dec!(56843), dec!(56843), dec!(4)),
        // 2020, 3 children, joint, at the limit joint: outside limits: 0
        (2020, 3, true, dec!(56844), dec!(56844), dec!(0)),
        // 2021, 0 children, single, zero income: outside limits: 0
        (2021, 0, false, dec!(0), dec!(0), dec!(0)),
        // 2021, 0 children, single, plateau start (earned income amount): band 9800 mid 9825: 0.153x9820=1502.460 - 0.153x0=0.000 = 1502.460 -> 1502
        (2021, 0, false, dec!(9820), dec!(9820), dec!(1502)),
        // 2021, 0 children, single, phase-out start single: band 11600 mid 11625: 0.153x9820=1502.460 - 0.153x15=2.295 = 1500.165 -> 1500; band 11600 mid 11625: 0.153x9820=1502.460 - 0.153x15=2.295 = 1500.165 -> 1500
        (2021, 0, false, dec!(11610), dec!(11610), dec!(1502)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2021, 0 children, single, one band past phase-out start single: band 11650 mid 11675: 0.153x9820=1502.460 - 0.153x65=9.945 = 1492.515 -> 1493; band 11650 mid 11675: 0.153x9820=1502.460 - 0.153x65=9.945 = 1492.515 -> 1493
        (2021, 0, false, dec!(11660), dec!(11660), dec!(1493)),
        // 2021, 0 children, joint, phase-out start joint: band 17550 mid 17575: 0.153x9820=1502.460 - 0.153x15=2.295 = 1500.165 -> 1500; band 17550 mid 17575: 0.153x9820=1502.460 - 0.153x15=2.295 = 1500.165 -> 1500
        (2021, 0, true, dec!(17560), dec!(17560), dec!(1502)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2021, 0 children, joint, one band past phase-out start joint: band 17600 mid 17625: 0.153x9820=1502.460 - 0.153x65=9.945 = 1492.515 -> 1493; band 17600 mid 17625: 0.153x9820=1502.460 - 0.153x65=9.945 = 1492.515 -> 1493
        (2021, 0, true, dec!(17610), dec!(17610), dec!(1493)),
        // 2021, 0 children, single, one dollar under the limit single: band 21400 mid 21425: 0.153x9820=1502.460 - 0.153x9815=1501.695 = 0.765 -> 1; band 21400 mid 21425: 0.153x9820=1502.460 - 0.153x9815=1501.695 = 0.765 -> 1
        (2021, 0, false, dec!(21429), dec!(21429), dec!(1)),
        // 2021, 0 children, single, at the limit single: outside limits: 0
        (2021, 0, false, dec!(21430), dec!(21430), dec!(0)),
        // 2021, 0 children, joint, one dollar under the limit joint: band 27350 mid 27375: 0.153x9820=1502.460 - 0.153x9815=1501.695 = 0.765 -> 1; band 27350 mid 27375: 0.153x9820=1502.460 - 0.153x9815=1501.695 = 0.765 -> 1
        (2021, 0, true, dec!(27379), dec!(27379), dec!(1)),
        // 2021, 0 children, joint, at the limit joint: outside limits: 0
        (2021, 0, true, dec!(27380), dec!(27380), dec!(0)),
        // 2021, 1 children, single, zero income: outside limits: 0
        (2021, 1, false, dec!(0), dec!(0), dec!(0)),
        // 2021, 1 children, single, plateau start (earned income amount): band 10600 mid 10625: 0.34x10625=3612.50 - 0.1598x0=0.0000 = 3612.5000 -> 3613
        (2021, 1, false, dec!(10640), dec!(10640), dec!(3613)),
        // 2021, 1 children, single, phase-out start single: band 19500 mid 19525: 0.34x10640=3617.60 - 0.1598x5=0.7990 = 3616.8010 -> 3617; band 19500 mid 19525: 0.34x10640=3617.60 - 0.1598x5=0.7990 = 3616.8010 -> 3617
        (2021, 1, false, dec!(19520), dec!(19520), dec!(3618)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2021, 1 children, single, one band past phase-out start single: band 19550 mid 19575: 0.34x10640=3617.60 - 0.1598x55=8.7890 = 3608.8110 -> 3609; band 19550 mid 19575: 0.34x10640=3617.60 - 0.1598x55=8.7890 = 3608.8110 -> 3609
        (2021, 1, false, dec!(19570), dec!(19570), dec!(3609)),
        // 2021, 1 children, joint, phase-out start joint: band 25450 mid 25475: 0.34x10640=3617.60 - 0.1598x5=0.7990 = 3616.8010 -> 3617; band 25450 mid 25475: 0.34x10640=3617.60 - 0.1598x5=0.7990 = 3616.8010 -> 3617
        (2021, 1, true, dec!(25470), dec!(25470), dec!(3618)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2021, 1 children, joint, one band past phase-out start joint: band 25500 mid 25525: 0.34x10640=3617.60 - 0.1598x55=8.7890 = 3608.8110 -> 3609; band 25500 mid 25525: 0.34x10640=3617.60 - 0.1598x55=8.7890 = 3608.8110 -> 3609
        (2021, 1, true, dec!(25520), dec!(25520), dec!(3609)),
        // 2021, 1 children, single, one dollar under the limit single: band 42150 mid 42175: 0.34x10640=3617.60 - 0.1598x22655=3620.2690 = 0 -> 0; band 42150 mid 42175: 0.34x10640=3617.60 - 0.1598x22655=3620.2690 = 0 -> 0
        (2021, 1, false, dec!(42157), dec!(42157), dec!(0)),
        // 2021, 1 children, single, at the limit single: outside limits: 0
        (2021, 1, false, dec!(42158), dec!(42158), dec!(0)),
        // 2021, 1 children, joint, one dollar under the limit joint: band 48100 mid 48125: 0.34x10640=3617.60 - 0.1598x22655=3620.2690 = 0 -> 0; band 48100 mid 48125: 0.34x10640=3617.60 - 0.1598x22655=3620.2690 = 0 -> 0
        (2021, 1, true, dec!(48107), dec!(48107), dec!(0)),
        // 2021, 1 children, joint, at the limit joint: outside limits: 0
        (2021, 1, true, dec!(48108), dec!(48108), dec!(0)),
        // 2021, 2 children, single, zero income: outside limits: 0
        (2021, 2, false, dec!(0), dec!(0), dec!(0)),
        // 2021, 2 children, single, plateau start (earned income amount): band 14950 mid 14975: 0.40x14950=5980.00 - 0.2106x0=0.0000 = 5980.0000 -> 5980
        (2021, 2, false, dec!(14950), dec!(14950), dec!(5980)),
        // 2021, 2 children, single, phase-out start single: band 19500 mid 19525: 0.40x14950=5980.00 - 0.2106x5=1.0530 = 5978.9470 -> 5979; band 19500 mid 19525: 0.40x14950=5980.00 - 0.2106x5=1.0530 = 5978.9470 -> 5979
        (2021, 2, false, dec!(19520), dec!(19520), dec!(5980)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2021, 2 children, single, one band past phase-out start single: band 19550 mid 19575: 0.40x14950=5980.00 - 0.2106x55=11.5830 = 5968.4170 -> 5968; band 19550 mid 19575: 0.40x14950=5980.00 - 0.2106x55=11.5830 = 5968.4170 -> 5968
        (2021, 2, false, dec!(19570), dec!(19570), dec!(5968)),
        // 2021, 2 children, joint, phase-out start joint: band 25450 mid 25475: 0.40x14950=5980.00 - 0.2106x5=1.0530 = 5978.9470 -> 5979; band 25450 mid 25475: 0.40x14950=5980.00 - 0.2106x5=1.0530 = 5978.9470 -> 5979
        (2021, 2, true, dec!(25470), dec!(25470), dec!(5980)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2021, 2 children, joint, one band past phase-out start joint: band 25500 mid 25525: 0.40x14950=5980.00 - 0.2106x55=11.5830 = 5968.4170 -> 5968; band 25500 mid 25525: 0.40x14950=5980.00 - 0.2106x55=11.5830 = 5968.4170 -> 5968
        (2021, 2, true, dec!(25520), dec!(25520), dec!(5968)),
        // 2021, 2 children, single, one dollar under the limit single: band 47900 mid 47925: 0.40x14950=5980.00 - 0.2106x28405=5982.0930 = 0 -> 0; band 47900 mid 47925: 0.40x14950=5980.00 - 0.2106x28405=5982.0930 = 0 -> 0
        (2021, 2, false, dec!(47914), dec!(47914), dec!(0)),
        // 2021, 2 children, single, at the limit single: outside limits: 0
        (2021, 2, false, dec!(47915), dec!(47915), dec!(0)),
        // 2021, 2 children, joint, one dollar under the limit joint: band 53850 mid 53875: 0.40x14950=5980.00 - 0.2106x28405=5982.0930 = 0 -> 0; band 53850 mid 53875: 0.40x14950=5980.00 - 0.2106x28405=5982.0930 = 0 -> 0
        (2021, 2, true, dec!(53864), dec!(53864), dec!(0)),
        // 2021, 2 children, joint, at the limit joint: outside limits: 0
        (2021, 2, true, dec!(53865), dec!(53865), dec!(0)),
        // 2021, 3 children, single, zero income: outside limits: 0
        (2021, 3, false, dec!(0), dec!(0), dec!(0)),
        // 2021, 3 children, single, plateau start (earned income amount): band 14950 mid 14975: 0.45x14950=6727.50 - 0.2106x0=0.0000 = 6727.5000 -> 6728
        (2021, 3, false, dec!(14950), dec!(14950), dec!(6728)),
        // 2021, 3 children, single, phase-out start single: band 19500 mid 19525: 0.45x14950=6727.50 - 0.2106x5=1.0530 = 6726.4470 -> 6726; band 19500 mid 19525: 0.45x14950=6727.50 - 0.2106x5=1.0530 = 6726.4470 -> 6726
        (2021, 3, false, dec!(19520), dec!(19520), dec!(6728)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2021, 3 children, single, one band past phase-out start single: band 19550 mid 19575: 0.45x14950=6727.50 - 0.2106x55=11.5830 = 6715.9170 -> 6716; band 19550 mid 19575: 0.45x14950=6727.50 - 0.2106x55=11.5830 = 6715.9170 -> 6716
        (2021, 3, false, dec!(19570), dec!(19570), dec!(6716)),
        // 2021, 3 children, joint, phase-out start joint: band 25450 mid 25475: 0.45x14950=6727.50 - 0.2106x5=1.0530 = 6726.4470 -> 6726; band 25450 mid 25475: 0.45x14950=6727.50 - 0.2106x5=1.0530 = 6726.4470 -> 6726
        (2021, 3, true, dec!(25470), dec!(25470), dec!(6728)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2021, 3 children, joint, one band past phase-out start joint: band 25500 mid 25525: 0.45x14950=6727.50 - 0.2106x55=11.5830 = 6715.9170 -> 6716; band 25500 mid 25525: 0.45x14950=6727.50 - 0.2106x55=11.5830 = 6715.9170 -> 6716
        (2021, 3, true, dec!(25520), dec!(25520), dec!(6716)),
        // 2021, 3 children, single, one dollar under the limit single: band 51450 mid 51475: 0.45x14950=6727.50 - 0.2106x31955=6729.7230 = 0 -> 0; band 51450 mid 51475: 0.45x14950=6727.50 - 0.2106x31955=6729.7230 = 0 -> 0
        (2021, 3, false, dec!(51463), dec!(51463), dec!(0)),
        // 2021, 3 children, single, at the limit single: outside limits: 0
        (2021, 3, false, dec!(51464), dec!(51464), dec!(0)),
        // 2021, 3 children, joint, one dollar under the limit joint: band 57400 mid 57425: 0.45x14950=6727.50 - 0.2106x31955=6729.7230 = 0 -> 0; band 57400 mid 57425: 0.45x14950=6727.50 - 0.2106x31955=6729.7230 = 0 -> 0
        (2021, 3, true, dec!(57413), dec!(57413), dec!(0)),
        // 2021, 3 children, joint, at the limit joint: outside limits: 0
        (2021, 3, true, dec!(57414), dec!(57414), dec!(0)),
        // 2022, 0 children, single, zero income: outside limits: 0
        (2022, 0, false, dec!(0), dec!(0), dec!(0)),
        // 2022, 0 children, single, plateau start (earned income amount): band 7300 mid 7325: 0.0765x7320=559.9800 - 0.0765x0=0.0000 = 559.9800 -> 560
        (2022, 0, false, dec!(7320), dec!(7320), dec!(560)),
        // 2022, 0 children, single, phase-out start single: band 9150 mid 9175: 0.0765x7320=559.9800 - 0.0765x15=1.1475 = 558.8325 -> 559; band 9150 mid 9175: 0.0765x7320=559.9800 - 0.0765x15=1.1475 = 558.8325 -> 559
        (2022, 0, false, dec!(9160), dec!(9160), dec!(560)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2022, 0 children, single, one band past phase-out start single: band 9200 mid 9225: 0.0765x7320=559.9800 - 0.0765x65=4.9725 = 555.0075 -> 555; band 9200 mid 9225: 0.0765x7320=559.9800 - 0.0765x65=4.9725 = 555.0075 -> 555
        (2022, 0, false, dec!(9210), dec!(9210), dec!(555)),
        // 2022, 0 children, joint, phase-out start joint: band 15250 mid 15275: 0.0765x7320=559.9800 - 0.0765x0=0.0000 = 559.9800 -> 560
        (2022, 0, true, dec!(15290), dec!(15290), dec!(560)),
        // 2022, 0 children, joint, one band past phase-out start joint: band 15300 mid 15325: 0.0765x7320=559.9800 - 0.0765x35=2.6775 = 557.3025 -> 557; band 15300 mid 15325: 0.0765x7320=559.9800 - 0.0765x35=2.6775 = 557.3025 -> 557
        (2022, 0, true, dec!(15340), dec!(15340), dec!(557)),
        // 2022, 0 children, single, one dollar under the limit single: band 16450 mid 16475: 0.0765x7320=559.9800 - 0.0765x7315=559.5975 = 0.3825 -> 0; band 16450 mid 16475: 0.0765x7320=559.9800 - 0.0765x7315=559.5975 = 0.3825 -> 0
        (2022, 0, false, dec!(16479), dec!(16479), dec!(0)),
        // 2022, 0 children, single, at the limit single: outside limits: 0
        (2022, 0, false, dec!(16480), dec!(16480), dec!(0)),
        // 2022, 0 children, joint, one dollar under the limit joint: band 22600 mid 22625: 0.0765x7320=559.9800 - 0.0765x7335=561.1275 = 0 -> 0; band 22600 mid 22625: 0.0765x7320=559.9800 - 0.0765x7335=561.1275 = 0 -> 0
        (2022, 0, true, dec!(22609), dec!(22609), dec!(0)),
        // 2022, 0 children, joint, at the limit joint: outside limits: 0
        (2022, 0, true, dec!(22610), dec!(22610), dec!(0)),
        // 2022, 1 children, single, zero income: outside limits: 0
        (2022, 1, false, dec!(0), dec!(0), dec!(0)),
        // 2022, 1 children, single, plateau start (earned income amount): band 10950 mid 10975: 0.34x10975=3731.50 - 0.1598x0=0.0000 = 3731.5000 -> 3732
        (2022, 1, false, dec!(10980), dec!(10980), dec!(3732)),
        // 2022, 1 children, single, phase-out start single: band 20100 mid 20125: 0.34x10980=3733.20 - 0.1598x0=0.0000 = 3733.2000 -> 3733
        (2022, 1, false, dec!(20130), dec!(20130), dec!(3733)),
        // 2022, 1 children, single, one band past phase-out start single: band 20150 mid 20175: 0.34x10980=3733.20 - 0.1598x45=7.1910 = 3726.0090 -> 3726; band 20150 mid 20175: 0.34x10980=3733.20 - 0.1598x45=7.1910 = 3726.0090 -> 3726
        (2022, 1, false, dec!(20180), dec!(20180), dec!(3726)),
        // 2022, 1 children, joint, phase-out start joint: band 26250 mid 26275: 0.34x10980=3733.20 - 0.1598x15=2.3970 = 3730.8030 -> 3731; band 26250 mid 26275: 0.34x10980=3733.20 - 0.1598x15=2.3970 = 3730.8030 -> 3731
        (2022, 1, true, dec!(26260), dec!(26260), dec!(3733)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2022, 1 children, joint, one band past phase-out start joint: band 26300 mid 26325: 0.34x10980=3733.20 - 0.1598x65=10.3870 = 3722.8130 -> 3723; band 26300 mid 26325: 0.34x10980=3733.20 - 0.1598x65=10.3870 = 3722.8130 -> 3723
        (2022, 1, true, dec!(26310), dec!(26310), dec!(3723)),
        // 2022, 1 children, single, one dollar under the limit single: band 43450 mid 43475: 0.34x10980=3733.20 - 0.1598x23345=3730.5310 = 2.6690 -> 3; band 43450 mid 43475: 0.34x10980=3733.20 - 0.1598x23345=3730.5310 = 2.6690 -> 3
        (2022, 1, false, dec!(43491), dec!(43491), dec!(3)),
        // 2022, 1 children, single, at the limit single: outside limits: 0
        (2022, 1, false, dec!(43492), dec!(43492), dec!(0)),
        // 2022, 1 children, joint, one dollar under the limit joint: band 49600 mid 49625: 0.34x10980=3733.20 - 0.1598x23365=3733.7270 = 0 -> 0; band 49600 mid 49625: 0.34x10980=3733.20 - 0.1598x23365=3733.7270 = 0 -> 0
        (2022, 1, true, dec!(49621), dec!(49621), dec!(0)),
        // 2022, 1 children, joint, at the limit joint: outside limits: 0
        (2022, 1, true, dec!(49622), dec!(49622), dec!(0)),
        // 2022, 2 children, single, zero income: outside limits: 0
        (2022, 2, false, dec!(0), dec!(0), dec!(0)),
        // 2022, 2 children, single, plateau start (earned income amount): band 15400 mid 15425: 0.40x15410=6164.00 - 0.2106x0=0.0000 = 6164.0000 -> 6164
        (2022, 2, false, dec!(15410), dec!(15410), dec!(6164)),
        // 2022, 2 children, single, phase-out start single: band 20100 mid 20125: 0.40x15410=6164.00 - 0.2106x0=0.0000 = 6164.0000 -> 6164
        (2022, 2, false, dec!(20130), dec!(20130), dec!(6164)),
        // 2022, 2 children, single, one band past phase-out start single: band 20150 mid 20175: 0.40x15410=6164.00 - 0.2106x45=9.4770 = 6154.5230 -> 6155; band 20150 mid 20175: 0.40x15410=6164.00 - 0.2106x45=9.4770 = 6154.5230 -> 6155
        (2022, 2, false, dec!(20180), dec!(20180), dec!(6155)),
        // 2022, 2 children, joint, phase-out start joint: band 26250 mid 26275: 0.40x15410=6164.00 - 0.2106x15=3.1590 = 6160.8410 -> 6161; band 26250 mid 26275: 0.40x15410=6164.00 - 0.2106x15=3.1590 = 6160.8410 -> 6161
        (2022, 2, true, dec!(26260), dec!(26260), dec!(6164)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2022, 2 children, joint, one band past phase-out start joint: band 26300 mid 26325: 0.40x15410=6164.00 - 0.2106x65=13.6890 = 6150.3110 -> 6150; band 26300 mid 26325: 0.40x15410=6164.00 - 0.2106x65=13.6890 = 6150.3110 -> 6150
        (2022, 2, true, dec!(26310), dec!(26310), dec!(6150)),
        // 2022, 2 children, single, one dollar under the limit single: band 49350 mid 49375: 0.40x15410=6164.00 - 0.2106x29245=6158.9970 = 5.0030 -> 5; band 49350 mid 49375: 0.40x15410=6164.00 - 0.2106x29245=6158.9970 = 5.0030 -> 5
        (2022, 2, false, dec!(49398), dec!(49398), dec!(5)),
        // 2022, 2 children, single, at the limit single: outside limits: 0
        (2022, 2, false, dec!(49399), dec!(49399), dec!(0)),
        // 2022, 2 children, joint, one dollar under the limit joint: band 55500 mid 55525: 0.40x15410=6164.00 - 0.2106x29265=6163.2090 = 0.7910 -> 1; band 55500 mid 55525: 0.40x15410=6164.00 - 0.2106x29265=6163.2090 = 0.7910 -> 1
        (2022, 2, true, dec!(55528), dec!(55528), dec!(1)),
        // 2022, 2 children, joint, at the limit joint: outside limits: 0
        (2022, 2, true, dec!(55529), dec!(55529), dec!(0)),
        // 2022, 3 children, single, zero income: outside limits: 0
        (2022, 3, false, dec!(0), dec!(0), dec!(0)),
        // 2022, 3 children, single, plateau start (earned income amount): band 15400 mid 15425: 0.45x15410=6934.50 - 0.2106x0=0.0000 = 6934.5000 -> 6935
        (2022, 3, false, dec!(15410), dec!(15410), dec!(6935)),
        // 2022, 3 children, single, phase-out start single: band 20100 mid 20125: 0.45x15410=6934.50 - 0.2106x0=0.0000 = 6934.5000 -> 6935
        (2022, 3, false, dec!(20130), dec!(20130), dec!(6935)),
        // 2022, 3 children, single, one band past phase-out start single: band 20150 mid 20175: 0.45x15410=6934.50 - 0.2106x45=9.4770 = 6925.0230 -> 6925; band 20150 mid 20175: 0.45x15410=6934.50 - 0.2106x45=9.4770 = 6925.0230 -> 6925
        (2022, 3, false, dec!(20180), dec!(20180), dec!(6925)),
        // 2022, 3 children, joint, phase-out start joint: band 26250 mid 26275: 0.45x15410=6934.50 - 0.2106x15=3.1590 = 6931.3410 -> 6931; band 26250 mid 26275: 0.45x15410=6934.50 - 0.2106x15=3.1590 = 6931.3410 -> 6931
        (2022, 3, true, dec!(26260), dec!(26260), dec!(6935)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2022, 3 children, joint, one band past phase-out start joint: band 26300 mid 26325: 0.45x15410=6934.50 - 0.2106x65=13.6890 = 6920.8110 -> 6921; band 26300 mid 26325: 0.45x15410=6934.50 - 0.2106x65=13.6890 = 6920.8110 -> 6921
        (2022, 3, true, dec!(26310), dec!(26310), dec!(6921)),
        // 2022, 3 children, single, one dollar under the limit single: band 53050 mid 53075: 0.45x15410=6934.50 - 0.2106x32945=6938.2170 = 0 -> 0; band 53050 mid 53075: 0.45x15410=6934.50 - 0.2106x32945=6938.2170 = 0 -> 0
        (2022, 3, false, dec!(53056), dec!(53056), dec!(0)),
        // 2022, 3 children, single, at the limit single: outside limits: 0
        (2022, 3, false, dec!(53057), dec!(53057), dec!(0)),
        // 2022, 3 children, joint, one dollar under the limit joint: band 59150 mid 59175: 0.45x15410=6934.50 - 0.2106x32915=6931.8990 = 2.6010 -> 3; band 59150 mid 59175: 0.45x15410=6934.50 - 0.2106x32915=6931.8990 = 2.6010 -> 3
        (2022, 3, true, dec!(59186), dec!(59186), dec!(3)),
        // 2022, 3 children, joint, at the limit joint: outside limits: 0
        (2022, 3, true, dec!(59187), dec!(59187), dec!(0)),
        // 2023, 0 children, single, zero income: outside limits: 0
        (2023, 0, false, dec!(0), dec!(0), dec!(0)),
        // 2023, 0 children, single, plateau start (earned income amount): band 7800 mid 7825: 0.0765x7825=598.6125 - 0.0765x0=0.0000 = 598.6125 -> 599
        (2023, 0, false, dec!(7840), dec!(7840), dec!(599)),
        // 2023, 0 children, single, phase-out start single: band 9800 mid 9825: 0.0765x7840=599.7600 - 0.0765x25=1.9125 = 597.8475 -> 598; band 9800 mid 9825: 0.0765x7840=599.7600 - 0.0765x25=1.9125 = 597.8475 -> 598
        (2023, 0, false, dec!(9800), dec!(9800), dec!(598)),
        // 2023, 0 children, single, one band past phase-out start single: band 9850 mid 9875: 0.0765x7840=599.7600 - 0.0765x75=5.7375 = 594.0225 -> 594; band 9850 mid 9875: 0.0765x7840=599.7600 - 0.0765x75=5.7375 = 594.0225 -> 594
        (2023, 0, false, dec!(9850), dec!(9850), dec!(594)),
        // 2023, 0 children, joint, phase-out start joint: band 16350 mid 16375: 0.0765x7840=599.7600 - 0.0765x5=0.3825 = 599.3775 -> 599; band 16350 mid 16375: 0.0765x7840=599.7600 - 0.0765x5=0.3825 = 599.3775 -> 599
        (2023, 0, true, dec!(16370), dec!(16370), dec!(600)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2023, 0 children, joint, one band past phase-out start joint: band 16400 mid 16425: 0.0765x7840=599.7600 - 0.0765x55=4.2075 = 595.5525 -> 596; band 16400 mid 16425: 0.0765x7840=599.7600 - 0.0765x55=4.2075 = 595.5525 -> 596
        (2023, 0, true, dec!(16420), dec!(16420), dec!(596)),
        // 2023, 0 children, single, one dollar under the limit single: band 17600 mid 17625: 0.0765x7840=599.7600 - 0.0765x7825=598.6125 = 1.1475 -> 1; band 17600 mid 17625: 0.0765x7840=599.7600 - 0.0765x7825=598.6125 = 1.1475 -> 1
        (2023, 0, false, dec!(17639), dec!(17639), dec!(1)),
        // 2023, 0 children, single, at the limit single: outside limits: 0
        (2023, 0, false, dec!(17640), dec!(17640), dec!(0)),
        // 2023, 0 children, joint, one dollar under the limit joint: band 24200 mid 24225: 0.0765x7840=599.7600 - 0.0765x7855=600.9075 = 0 -> 0; band 24200 mid 24225: 0.0765x7840=599.7600 - 0.0765x7855=600.9075 = 0 -> 0
        (2023, 0, true, dec!(24209), dec!(24209), dec!(0)),
        // 2023, 0 children, joint, at the limit joint: outside limits: 0
        (2023, 0, true, dec!(24210), dec!(24210), dec!(0)),
        // 2023, 1 children, single, zero income: outside limits: 0
        (2023, 1, false, dec!(0), dec!(0), dec!(0)),
        // 2023, 1 children, single, plateau start (earned income amount): band 11750 mid 11775: 0.34x11750=3995.00 - 0.1598x0=0.0000 = 3995.0000 -> 3995
        (2023, 1, false, dec!(11750), dec!(11750), dec!(3995)),
        // 2023, 1 children, single, phase-out start single: band 21550 mid 21575: 0.34x11750=3995.00 - 0.1598x15=2.3970 = 3992.6030 -> 3993; band 21550 mid 21575: 0.34x11750=3995.00 - 0.1598x15=2.3970 = 3992.6030 -> 3993
        (2023, 1, false, dec!(21560), dec!(21560), dec!(3995)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2023, 1 children, single, one band past phase-out start single: band 21600 mid 21625: 0.34x11750=3995.00 - 0.1598x65=10.3870 = 3984.6130 -> 3985; band 21600 mid 21625: 0.34x11750=3995.00 - 0.1598x65=10.3870 = 3984.6130 -> 3985
        (2023, 1, false, dec!(21610), dec!(21610), dec!(3985)),
        // 2023, 1 children, joint, phase-out start joint: band 28100 mid 28125: 0.34x11750=3995.00 - 0.1598x5=0.7990 = 3994.2010 -> 3994; band 28100 mid 28125: 0.34x11750=3995.00 - 0.1598x5=0.7990 = 3994.2010 -> 3994
        (2023, 1, true, dec!(28120), dec!(28120), dec!(3995)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2023, 1 children, joint, one band past phase-out start joint: band 28150 mid 28175: 0.34x11750=3995.00 - 0.1598x55=8.7890 = 3986.2110 -> 3986; band 28150 mid 28175: 0.34x11750=3995.00 - 0.1598x55=8.7890 = 3986.2110 -> 3986
        (2023, 1, true, dec!(28170), dec!(28170), dec!(3986)),
        // 2023, 1 children, single, one dollar under the limit single: band 46550 mid 46575: 0.34x11750=3995.00 - 0.1598x25015=3997.3970 = 0 -> 0; band 46550 mid 46575: 0.34x11750=3995.00 - 0.1598x25015=3997.3970 = 0 -> 0
        (2023, 1, false, dec!(46559), dec!(46559), dec!(0)),
        // 2023, 1 children, single, at the limit single: outside limits: 0
        (2023, 1, false, dec!(46560), dec!(46560), dec!(0)),
        // 2023, 1 children, joint, one dollar under the limit joint: band 53100 mid 53125: 0.34x11750=3995.00 - 0.1598x25005=3995.7990 = 0 -> 0; band 53100 mid 53125: 0.34x11750=3995.00 - 0.1598x25005=3995.7990 = 0 -> 0
        (2023, 1, true, dec!(53119), dec!(53119), dec!(0)),
        // 2023, 1 children, joint, at the limit joint: outside limits: 0
        (2023, 1, true, dec!(53120), dec!(53120), dec!(0)),
        // 2023, 2 children, single, zero income: outside limits: 0
        (2023, 2, false, dec!(0), dec!(0), dec!(0)),
        // 2023, 2 children, single, plateau start (earned income amount): band 16500 mid 16525: 0.40x16510=6604.00 - 0.2106x0=0.0000 = 6604.0000 -> 6604
        (2023, 2, false, dec!(16510), dec!(16510), dec!(6604)),
        // 2023, 2 children, single, phase-out start single: band 21550 mid 21575: 0.40x16510=6604.00 - 0.2106x15=3.1590 = 6600.8410 -> 6601; band 21550 mid 21575: 0.40x16510=6604.00 - 0.2106x15=3.1590 = 6600.8410 -> 6601
        (2023, 2, false, dec!(21560), dec!(21560), dec!(6604)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2023, 2 children, single, one band past phase-out start single: band 21600 mid 21625: 0.40x16510=6604.00 - 0.2106x65=13.6890 = 6590.3110 -> 6590; band 21600 mid 21625: 0.40x16510=6604.00 - 0.2106x65=13.6890 = 6590.3110 -> 6590
        (2023, 2, false, dec!(21610), dec!(21610), dec!(6590)),
        // 2023, 2 children, joint, phase-out start joint: band 28100 mid 28125: 0.40x16510=6604.00 - 0.2106x5=1.0530 = 6602.9470 -> 6603; band 28100 mid 28125: 0.40x16510=6604.00 - 0.2106x5=1.0530 = 6602.9470 -> 6603
        (2023, 2, true, dec!(28120), dec!(28120), dec!(6604)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2023, 2 children, joint, one band past phase-out start joint: band 28150 mid 28175: 0.40x16510=6604.00 - 0.2106x55=11.5830 = 6592.4170 -> 6592; band 28150 mid 28175: 0.40x16510=6604.00 - 0.2106x55=11.5830 = 6592.4170 -> 6592
        (2023, 2, true, dec!(28170), dec!(28170), dec!(6592)),
        // 2023, 2 children, single, one dollar under the limit single: band 52900 mid 52925: 0.40x16510=6604.00 - 0.2106x31365=6605.4690 = 0 -> 0; band 52900 mid 52925: 0.40x16510=6604.00 - 0.2106x31365=6605.4690 = 0 -> 0
        (2023, 2, false, dec!(52917), dec!(52917), dec!(0)),
        // 2023, 2 children, single, at the limit single: outside limits: 0
        (2023, 2, false, dec!(52918), dec!(52918), dec!(0)),
        // 2023, 2 children, joint, one dollar under the limit joint: band 59450 mid 59475: 0.40x16510=6604.00 - 0.2106x31355=6603.3630 = 0.6370 -> 1; band 59450 mid 59475: 0.40x16510=6604.00 - 0.2106x31355=6603.3630 = 0.6370 -> 1
        (2023, 2, true, dec!(59477), dec!(59477), dec!(1)),
        // 2023, 2 children, joint, at the limit joint: outside limits: 0
        (2023, 2, true, dec!(59478), dec!(59478), dec!(0)),
        // 2023, 3 children, single, zero income: outside limits: 0
        (2023, 3, false, dec!(0), dec!(0), dec!(0)),
        // 2023, 3 children, single, plateau start (earned income amount): band 16500 mid 16525: 0.45x16510=7429.50 - 0.2106x0=0.0000 = 7429.5000 -> 7430
        (2023, 3, false, dec!(16510), dec!(16510), dec!(7430)),
        // 2023, 3 children, single, phase-out start single: band 21550 mid 21575: 0.45x16510=7429.50 - 0.2106x15=3.1590 = 7426.3410 -> 7426; band 21550 mid 21575: 0.45x16510=7429.50 - 0.2106x15=3.1590 = 7426.3410 -> 7426
        (2023, 3, false, dec!(21560), dec!(21560), dec!(7430)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2023, 3 children, single, one band past phase-out start single: band 21600 mid 21625: 0.45x16510=7429.50 - 0.2106x65=13.6890 = 7415.8110 -> 7416; band 21600 mid 21625: 0.45x16510=7429.50 - 0.2106x65=13.6890 = 7415.8110 -> 7416
        (2023, 3, false, dec!(21610), dec!(21610), dec!(7416)),
        // 2023, 3 children, joint, phase-out start joint: band 28100 mid 28125: 0.45x16510=7429.50 - 0.2106x5=1.0530 = 7428.4470 -> 7428; band 28100 mid 28125: 0.45x16510=7429.50 - 0.2106x5=1.0530 = 7428.4470 -> 7428
        (2023, 3, true, dec!(28120), dec!(28120), dec!(7430)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2023, 3 children, joint, one band past phase-out start joint: band 28150 mid 28175: 0.45x16510=7429.50 - 0.2106x55=11.5830 = 7417.9170 -> 7418; band 28150 mid 28175: 0.45x16510=7429.50 - 0.2106x55=11.5830 = 7417.9170 -> 7418
        (2023, 3, true, dec!(28170), dec!(28170), dec!(7418)),
        // 2023, 3 children, single, one dollar under the limit single: band 56800 mid 56825: 0.45x16510=7429.50 - 0.2106x35265=7426.8090 = 2.6910 -> 3; band 56800 mid 56825: 0.45x16510=7429.50 - 0.2106x35265=7426.8090 = 2.6910 -> 3
        (2023, 3, false, dec!(56837), dec!(56837), dec!(3)),
        // 2023, 3 children, single, at the limit single: outside limits: 0
        (2023, 3, false, dec!(56838), dec!(56838), dec!(0)),
        // 2023, 3 children, joint, one dollar under the limit joint: band 63350 mid 63375: 0.45x16510=7429.50 - 0.2106x35255=7424.7030 = 4.7970 -> 5; band 63350 mid 63375: 0.45x16510=7429.50 - 0.2106x35255=7424.7030 = 4.7970 -> 5
        (2023, 3, true, dec!(63397), dec!(63397), dec!(5)),
        // 2023, 3 children, joint, at the limit joint: outside limits: 0
        (2023, 3, true, dec!(63398), dec!(63398), dec!(0)),
        // 2024, 0 children, single, zero income: outside limits: 0
        (2024, 0, false, dec!(0), dec!(0), dec!(0)),
        // 2024, 0 children, single, plateau start (earned income amount): band 8250 mid 8275: 0.0765x8260=631.8900 - 0.0765x0=0.0000 = 631.8900 -> 632
        (2024, 0, false, dec!(8260), dec!(8260), dec!(632)),
        // 2024, 0 children, single, phase-out start single: band 10300 mid 10325: 0.0765x8260=631.8900 - 0.0765x0=0.0000 = 631.8900 -> 632
        (2024, 0, false, dec!(10330), dec!(10330), dec!(632)),
        // 2024, 0 children, single, one band past phase-out start single: band 10350 mid 10375: 0.0765x8260=631.8900 - 0.0765x45=3.4425 = 628.4475 -> 628; band 10350 mid 10375: 0.0765x8260=631.8900 - 0.0765x45=3.4425 = 628.4475 -> 628
        (2024, 0, false, dec!(10380), dec!(10380), dec!(629)), // the 2024-on table phases out from the published maximum 632: 632 - .0765 x 45 = 628.56
        // 2024, 0 children, joint, phase-out start joint: band 17250 mid 17275: 0.0765x8260=631.8900 - 0.0765x25=1.9125 = 629.9775 -> 630; band 17250 mid 17275: 0.0765x8260=631.8900 - 0.0765x25=1.9125 = 629.9775 -> 630
        (2024, 0, true, dec!(17250), dec!(17250), dec!(630)),
        // 2024, 0 children, joint, one band past phase-out start joint: band 17300 mid 17325: 0.0765x8260=631.8900 - 0.0765x75=5.7375 = 626.1525 -> 626; band 17300 mid 17325: 0.0765x8260=631.8900 - 0.0765x75=5.7375 = 626.1525 -> 626
        (2024, 0, true, dec!(17300), dec!(17300), dec!(626)),
        // 2024, 0 children, single, one dollar under the limit single: band 18550 mid 18575: 0.0765x8260=631.8900 - 0.0765x8245=630.7425 = 1.1475 -> 1; band 18550 mid 18575: 0.0765x8260=631.8900 - 0.0765x8245=630.7425 = 1.1475 -> 1
        (2024, 0, false, dec!(18590), dec!(18590), dec!(1)),
        // 2024, 0 children, single, at the limit single: outside limits: 0
        (2024, 0, false, dec!(18591), dec!(18591), dec!(0)),
        // 2024, 0 children, joint, one dollar under the limit joint: band 25500 mid 25525: 0.0765x8260=631.8900 - 0.0765x8275=633.0375 = 0 -> 0; band 25500 mid 25525: 0.0765x8260=631.8900 - 0.0765x8275=633.0375 = 0 -> 0
        (2024, 0, true, dec!(25510), dec!(25510), dec!(0)),
        // 2024, 0 children, joint, at the limit joint: outside limits: 0
        (2024, 0, true, dec!(25511), dec!(25511), dec!(0)),
        // 2024, 1 children, single, zero income: outside limits: 0
        (2024, 1, false, dec!(0), dec!(0), dec!(0)),
        // 2024, 1 children, single, plateau start (earned income amount): band 12350 mid 12375: 0.34x12375=4207.50 - 0.1598x0=0.0000 = 4207.5000 -> 4208
        (2024, 1, false, dec!(12390), dec!(12390), dec!(4208)),
        // 2024, 1 children, single, phase-out start single: band 22700 mid 22725: 0.34x12390=4212.60 - 0.1598x5=0.7990 = 4211.8010 -> 4212; band 22700 mid 22725: 0.34x12390=4212.60 - 0.1598x5=0.7990 = 4211.8010 -> 4212
        (2024, 1, false, dec!(22720), dec!(22720), dec!(4213)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2024, 1 children, single, one band past phase-out start single: band 22750 mid 22775: 0.34x12390=4212.60 - 0.1598x55=8.7890 = 4203.8110 -> 4204; band 22750 mid 22775: 0.34x12390=4212.60 - 0.1598x55=8.7890 = 4203.8110 -> 4204
        (2024, 1, false, dec!(22770), dec!(22770), dec!(4204)),
        // 2024, 1 children, joint, phase-out start joint: band 29600 mid 29625: 0.34x12390=4212.60 - 0.1598x0=0.0000 = 4212.6000 -> 4213
        (2024, 1, true, dec!(29640), dec!(29640), dec!(4213)),
        // 2024, 1 children, joint, one band past phase-out start joint: band 29650 mid 29675: 0.34x12390=4212.60 - 0.1598x35=5.5930 = 4207.0070 -> 4207; band 29650 mid 29675: 0.34x12390=4212.60 - 0.1598x35=5.5930 = 4207.0070 -> 4207
        (2024, 1, true, dec!(29690), dec!(29690), dec!(4207)),
        // 2024, 1 children, single, one dollar under the limit single: band 49050 mid 49075: 0.34x12390=4212.60 - 0.1598x26355=4211.5290 = 1.0710 -> 1; band 49050 mid 49075: 0.34x12390=4212.60 - 0.1598x26355=4211.5290 = 1.0710 -> 1
        (2024, 1, false, dec!(49083), dec!(49083), dec!(1)),
        // 2024, 1 children, single, at the limit single: outside limits: 0
        (2024, 1, false, dec!(49084), dec!(49084), dec!(0)),
        // 2024, 1 children, joint, one dollar under the limit joint: band 56000 mid 56025: 0.34x12390=4212.60 - 0.1598x26385=4216.3230 = 0 -> 0; band 56000 mid 56025: 0.34x12390=4212.60 - 0.1598x26385=4216.3230 = 0 -> 0
        (2024, 1, true, dec!(56003), dec!(56003), dec!(0)),
        // 2024, 1 children, joint, at the limit joint: outside limits: 0
        (2024, 1, true, dec!(56004), dec!(56004), dec!(0)),
        // 2024, 2 children, single, zero income: outside limits: 0
        (2024, 2, false, dec!(0), dec!(0), dec!(0)),
        // 2024, 2 children, single, plateau start (earned income amount): band 17400 mid 17425: 0.40x17400=6960.00 - 0.2106x0=0.0000 = 6960.0000 -> 6960
        (2024, 2, false, dec!(17400), dec!(17400), dec!(6960)),
        // 2024, 2 children, single, phase-out start single: band 22700 mid 22725: 0.40x17400=6960.00 - 0.2106x5=1.0530 = 6958.9470 -> 6959; band 22700 mid 22725: 0.40x17400=6960.00 - 0.2106x5=1.0530 = 6958.9470 -> 6959
        (2024, 2, false, dec!(22720), dec!(22720), dec!(6960)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2024, 2 children, single, one band past phase-out start single: band 22750 mid 22775: 0.40x17400=6960.00 - 0.2106x55=11.5830 = 6948.4170 -> 6948; band 22750 mid 22775: 0.40x17400=6960.00 - 0.2106x55=11.5830 = 6948.4170 -> 6948
        (2024, 2, false, dec!(22770), dec!(22770), dec!(6948)),
        // 2024, 2 children, joint, phase-out start joint: band 29600 mid 29625: 0.40x17400=6960.00 - 0.2106x0=0.0000 = 6960.0000 -> 6960
        (2024, 2, true, dec!(29640), dec!(29640), dec!(6960)),
        // 2024, 2 children, joint, one band past phase-out start joint: band 29650 mid 29675: 0.40x17400=6960.00 - 0.2106x35=7.3710 = 6952.6290 -> 6953; band 29650 mid 29675: 0.40x17400=6960.00 - 0.2106x35=7.3710 = 6952.6290 -> 6953
        (2024, 2, true, dec!(29690), dec!(29690), dec!(6953)),
        // 2024, 2 children, single, one dollar under the limit single: band 55750 mid 55775: 0.40x17400=6960.00 - 0.2106x33055=6961.3830 = 0 -> 0; band 55750 mid 55775: 0.40x17400=6960.00 - 0.2106x33055=6961.3830 = 0 -> 0
        (2024, 2, false, dec!(55767), dec!(55767), dec!(0)),
        // 2024, 2 children, single, at the limit single: outside limits: 0
        (2024, 2, false, dec!(55768), dec!(55768), dec!(0)),
        // 2024, 2 children, joint, one dollar under the limit joint: band 62650 mid 62675: 0.40x17400=6960.00 - 0.2106x33035=6957.1710 = 2.8290 -> 3; band 62650 mid 62675: 0.40x17400=6960.00 - 0.2106x33035=6957.1710 = 2.8290 -> 3
        (2024, 2, true, dec!(62687), dec!(62687), dec!(3)),
        // 2024, 2 children, joint, at the limit joint: outside limits: 0
        (2024, 2, true, dec!(62688), dec!(62688), dec!(0)),
        // 2024, 3 children, single, zero income: outside limits: 0
        (2024, 3, false, dec!(0), dec!(0), dec!(0)),
        // 2024, 3 children, single, plateau start (earned income amount): band 17400 mid 17425: 0.45x17400=7830.00 - 0.2106x0=0.0000 = 7830.0000 -> 7830
        (2024, 3, false, dec!(17400), dec!(17400), dec!(7830)),
        // 2024, 3 children, single, phase-out start single: band 22700 mid 22725: 0.45x17400=7830.00 - 0.2106x5=1.0530 = 7828.9470 -> 7829; band 22700 mid 22725: 0.45x17400=7830.00 - 0.2106x5=1.0530 = 7828.9470 -> 7829
        (2024, 3, false, dec!(22720), dec!(22720), dec!(7830)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2024, 3 children, single, one band past phase-out start single: band 22750 mid 22775: 0.45x17400=7830.00 - 0.2106x55=11.5830 = 7818.4170 -> 7818; band 22750 mid 22775: 0.45x17400=7830.00 - 0.2106x55=11.5830 = 7818.4170 -> 7818
        (2024, 3, false, dec!(22770), dec!(22770), dec!(7818)),
        // 2024, 3 children, joint, phase-out start joint: band 29600 mid 29625: 0.45x17400=7830.00 - 0.2106x0=0.0000 = 7830.0000 -> 7830
        (2024, 3, true, dec!(29640), dec!(29640), dec!(7830)),
        // 2024, 3 children, joint, one band past phase-out start joint: band 29650 mid 29675: 0.45x17400=7830.00 - 0.2106x35=7.3710 = 7822.6290 -> 7823; band 29650 mid 29675: 0.45x17400=7830.00 - 0.2106x35=7.3710 = 7822.6290 -> 7823
        (2024, 3, true, dec!(29690), dec!(29690), dec!(7823)),
        // 2024, 3 children, single, one dollar under the limit single: band 59850 mid 59875: 0.45x17400=7830.00 - 0.2106x37155=7824.8430 = 5.1570 -> 5; band 59850 mid 59875: 0.45x17400=7830.00 - 0.2106x37155=7824.8430 = 5.1570 -> 5
        (2024, 3, false, dec!(59898), dec!(59898), dec!(5)),
        // 2024, 3 children, single, at the limit single: outside limits: 0
        (2024, 3, false, dec!(59899), dec!(59899), dec!(0)),
        // 2024, 3 children, joint, one dollar under the limit joint: band 66800 mid 66825: 0.45x17400=7830.00 - 0.2106x37185=7831.1610 = 0 -> 0; band 66800 mid 66825: 0.45x17400=7830.00 - 0.2106x37185=7831.1610 = 0 -> 0
        (2024, 3, true, dec!(66818), dec!(66818), dec!(0)),
        // 2024, 3 children, joint, at the limit joint: outside limits: 0
        (2024, 3, true, dec!(66819), dec!(66819), dec!(0)),
        // 2025, 0 children, single, zero income: outside limits: 0
        (2025, 0, false, dec!(0), dec!(0), dec!(0)),
        // 2025, 0 children, single, plateau start (earned income amount): band 8450 mid 8475: 0.0765x8475=648.3375 - 0.0765x0=0.0000 = 648.3375 -> 648
        (2025, 0, false, dec!(8490), dec!(8490), dec!(648)),
        // 2025, 0 children, single, phase-out start single: band 10600 mid 10625: 0.0765x8490=649.4850 - 0.0765x5=0.3825 = 649.1025 -> 649; band 10600 mid 10625: 0.0765x8490=649.4850 - 0.0765x5=0.3825 = 649.1025 -> 649
        (2025, 0, false, dec!(10620), dec!(10620), dec!(649)),
        // 2025, 0 children, single, one band past phase-out start single: band 10650 mid 10675: 0.0765x8490=649.4850 - 0.0765x55=4.2075 = 645.2775 -> 645; band 10650 mid 10675: 0.0765x8490=649.4850 - 0.0765x55=4.2075 = 645.2775 -> 645
        (2025, 0, false, dec!(10670), dec!(10670), dec!(645)),
        // 2025, 0 children, joint, phase-out start joint: band 17700 mid 17725: 0.0765x8490=649.4850 - 0.0765x0=0.0000 = 649.4850 -> 649
        (2025, 0, true, dec!(17730), dec!(17730), dec!(649)),
        // 2025, 0 children, joint, one band past phase-out start joint: band 17750 mid 17775: 0.0765x8490=649.4850 - 0.0765x45=3.4425 = 646.0425 -> 646; band 17750 mid 17775: 0.0765x8490=649.4850 - 0.0765x45=3.4425 = 646.0425 -> 646
        (2025, 0, true, dec!(17780), dec!(17780), dec!(646)),
        // 2025, 0 children, single, one dollar under the limit single: band 19100 mid 19125: 0.0765x8490=649.4850 - 0.0765x8505=650.6325 = 0 -> 0; band 19100 mid 19125: 0.0765x8490=649.4850 - 0.0765x8505=650.6325 = 0 -> 0
        (2025, 0, false, dec!(19103), dec!(19103), dec!(0)),
        // 2025, 0 children, single, at the limit single: outside limits: 0
        (2025, 0, false, dec!(19104), dec!(19104), dec!(0)),
        // 2025, 0 children, joint, one dollar under the limit joint: band 26200 mid 26225: 0.0765x8490=649.4850 - 0.0765x8495=649.8675 = 0 -> 0; band 26200 mid 26225: 0.0765x8490=649.4850 - 0.0765x8495=649.8675 = 0 -> 0
        (2025, 0, true, dec!(26213), dec!(26213), dec!(0)),
        // 2025, 0 children, joint, at the limit joint: outside limits: 0
        (2025, 0, true, dec!(26214), dec!(26214), dec!(0)),
        // 2025, 1 children, single, zero income: outside limits: 0
        (2025, 1, false, dec!(0), dec!(0), dec!(0)),
        // 2025, 1 children, single, plateau start (earned income amount): band 12700 mid 12725: 0.34x12725=4326.50 - 0.1598x0=0.0000 = 4326.5000 -> 4327
        (2025, 1, false, dec!(12730), dec!(12730), dec!(4327)),
        // 2025, 1 children, single, phase-out start single: band 23350 mid 23375: 0.34x12730=4328.20 - 0.1598x25=3.9950 = 4324.2050 -> 4324; band 23350 mid 23375: 0.34x12730=4328.20 - 0.1598x25=3.9950 = 4324.2050 -> 4324
        (2025, 1, false, dec!(23350), dec!(23350), dec!(4324)),
        // 2025, 1 children, single, one band past phase-out start single: band 23400 mid 23425: 0.34x12730=4328.20 - 0.1598x75=11.9850 = 4316.2150 -> 4316; band 23400 mid 23425: 0.34x12730=4328.20 - 0.1598x75=11.9850 = 4316.2150 -> 4316
        (2025, 1, false, dec!(23400), dec!(23400), dec!(4316)),
        // 2025, 1 children, joint, phase-out start joint: band 30450 mid 30475: 0.34x12730=4328.20 - 0.1598x5=0.7990 = 4327.4010 -> 4327; band 30450 mid 30475: 0.34x12730=4328.20 - 0.1598x5=0.7990 = 4327.4010 -> 4327
        (2025, 1, true, dec!(30470), dec!(30470), dec!(4328)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2025, 1 children, joint, one band past phase-out start joint: band 30500 mid 30525: 0.34x12730=4328.20 - 0.1598x55=8.7890 = 4319.4110 -> 4319; band 30500 mid 30525: 0.34x12730=4328.20 - 0.1598x55=8.7890 = 4319.4110 -> 4319
        (2025, 1, true, dec!(30520), dec!(30520), dec!(4319)),
        // 2025, 1 children, single, one dollar under the limit single: band 50400 mid 50425: 0.34x12730=4328.20 - 0.1598x27075=4326.5850 = 1.6150 -> 2; band 50400 mid 50425: 0.34x12730=4328.20 - 0.1598x27075=4326.5850 = 1.6150 -> 2
        (2025, 1, false, dec!(50433), dec!(50433), dec!(1)), // the 2024-on table phases out from the published maximum
        // 2025, 1 children, single, at the limit single: outside limits: 0
        (2025, 1, false, dec!(50434), dec!(50434), dec!(0)),
        // 2025, 1 children, joint, one dollar under the limit joint: band 57550 mid 57575: 0.34x12730=4328.20 - 0.1598x27105=4331.3790 = 0 -> 0; band 57550 mid 57575: 0.34x12730=4328.20 - 0.1598x27105=4331.3790 = 0 -> 0
        (2025, 1, true, dec!(57553), dec!(57553), dec!(0)),
        // 2025, 1 children, joint, at the limit joint: outside limits: 0
        (2025, 1, true, dec!(57554), dec!(57554), dec!(0)),
        // 2025, 2 children, single, zero income: outside limits: 0
        (2025, 2, false, dec!(0), dec!(0), dec!(0)),
        // 2025, 2 children, single, plateau start (earned income amount): band 17850 mid 17875: 0.40x17875=7150.00 - 0.2106x0=0.0000 = 7150.0000 -> 7150
        (2025, 2, false, dec!(17880), dec!(17880), dec!(7150)),
        // 2025, 2 children, single, phase-out start single: band 23350 mid 23375: 0.40x17880=7152.00 - 0.2106x25=5.2650 = 7146.7350 -> 7147; band 23350 mid 23375: 0.40x17880=7152.00 - 0.2106x25=5.2650 = 7146.7350 -> 7147
        (2025, 2, false, dec!(23350), dec!(23350), dec!(7147)),
        // 2025, 2 children, single, one band past phase-out start single: band 23400 mid 23425: 0.40x17880=7152.00 - 0.2106x75=15.7950 = 7136.2050 -> 7136; band 23400 mid 23425: 0.40x17880=7152.00 - 0.2106x75=15.7950 = 7136.2050 -> 7136
        (2025, 2, false, dec!(23400), dec!(23400), dec!(7136)),
        // 2025, 2 children, joint, phase-out start joint: band 30450 mid 30475: 0.40x17880=7152.00 - 0.2106x5=1.0530 = 7150.9470 -> 7151; band 30450 mid 30475: 0.40x17880=7152.00 - 0.2106x5=1.0530 = 7150.9470 -> 7151
        (2025, 2, true, dec!(30470), dec!(30470), dec!(7152)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2025, 2 children, joint, one band past phase-out start joint: band 30500 mid 30525: 0.40x17880=7152.00 - 0.2106x55=11.5830 = 7140.4170 -> 7140; band 30500 mid 30525: 0.40x17880=7152.00 - 0.2106x55=11.5830 = 7140.4170 -> 7140
        (2025, 2, true, dec!(30520), dec!(30520), dec!(7140)),
        // 2025, 2 children, single, one dollar under the limit single: band 57300 mid 57325: 0.40x17880=7152.00 - 0.2106x33975=7155.1350 = 0 -> 0; band 57300 mid 57325: 0.40x17880=7152.00 - 0.2106x33975=7155.1350 = 0 -> 0
        (2025, 2, false, dec!(57309), dec!(57309), dec!(0)),
        // 2025, 2 children, single, at the limit single: outside limits: 0
        (2025, 2, false, dec!(57310), dec!(57310), dec!(0)),
        // 2025, 2 children, joint, one dollar under the limit joint: band 64400 mid 64425: 0.40x17880=7152.00 - 0.2106x33955=7150.9230 = 1.0770 -> 1; band 64400 mid 64425: 0.40x17880=7152.00 - 0.2106x33955=7150.9230 = 1.0770 -> 1
        (2025, 2, true, dec!(64429), dec!(64429), dec!(1)),
        // 2025, 2 children, joint, at the limit joint: outside limits: 0
        (2025, 2, true, dec!(64430), dec!(64430), dec!(0)),
        // 2025, 3 children, single, zero income: outside limits: 0
        (2025, 3, false, dec!(0), dec!(0), dec!(0)),
        // 2025, 3 children, single, plateau start (earned income amount): band 17850 mid 17875: 0.45x17875=8043.75 - 0.2106x0=0.0000 = 8043.7500 -> 8044
        (2025, 3, false, dec!(17880), dec!(17880), dec!(8044)),
        // 2025, 3 children, single, phase-out start single: band 23350 mid 23375: 0.45x17880=8046.00 - 0.2106x25=5.2650 = 8040.7350 -> 8041; band 23350 mid 23375: 0.45x17880=8046.00 - 0.2106x25=5.2650 = 8040.7350 -> 8041
        (2025, 3, false, dec!(23350), dec!(23350), dec!(8041)),
        // 2025, 3 children, single, one band past phase-out start single: band 23400 mid 23425: 0.45x17880=8046.00 - 0.2106x75=15.7950 = 8030.2050 -> 8030; band 23400 mid 23425: 0.45x17880=8046.00 - 0.2106x75=15.7950 = 8030.2050 -> 8030
        (2025, 3, false, dec!(23400), dec!(23400), dec!(8030)),
        // 2025, 3 children, joint, phase-out start joint: band 30450 mid 30475: 0.45x17880=8046.00 - 0.2106x5=1.0530 = 8044.9470 -> 8045; band 30450 mid 30475: 0.45x17880=8046.00 - 0.2106x5=1.0530 = 8044.9470 -> 8045
        (2025, 3, true, dec!(30470), dec!(30470), dec!(8046)), // the band holding the phase-out amount prints the maximum (IRS EIC Table)
        // 2025, 3 children, joint, one band past phase-out start joint: band 30500 mid 30525: 0.45x17880=8046.00 - 0.2106x55=11.5830 = 8034.4170 -> 8034; band 30500 mid 30525: 0.45x17880=8046.00 - 0.2106x55=11.5830 = 8034.4170 -> 8034
        (2025, 3, true, dec!(30520), dec!(30520), dec!(8034)),
        // 2025, 3 children, single, one dollar under the limit single: band 61550 mid 61575: 0.45x17880=8046.00 - 0.2106x38225=8050.1850 = 0 -> 0; band 61550 mid 61575: 0.45x17880=8046.00 - 0.2106x38225=8050.1850 = 0 -> 0
        (2025, 3, false, dec!(61554), dec!(61554), dec!(0)),
        // 2025, 3 children, single, at the limit single: outside limits: 0
        (2025, 3, false, dec!(61555), dec!(61555), dec!(0)),
        // 2025, 3 children, joint, one dollar under the limit joint: band 68650 mid 68675: 0.45x17880=8046.00 - 0.2106x38205=8045.9730 = 0.0270 -> 0; band 68650 mid 68675: 0.45x17880=8046.00 - 0.2106x38205=8045.9730 = 0.0270 -> 0
        (2025, 3, true, dec!(68674), dec!(68674), dec!(0)),
        // 2025, 3 children, joint, at the limit joint: outside limits: 0
        (2025, 3, true, dec!(68675), dec!(68675), dec!(0)),
        // 2026 (nj-reference-3.md A2; the 2024 method: plateau and phase-out from the published
        // maximum). Worked by hand: phase-in = rate x band midpoint, rounded half up, never above
        // the maximum; phase-out = maximum - phase-out rate x (midpoint - phase-out amount).
        // 0 children, single, band 5,000-5,050, mid 5,025: .0765 x 5,025 = 384.41 -> 384
        (2026, 0, false, dec!(5000), dec!(5000), dec!(384)),
        // 0 children, single, earned income amount 8,680: band 8,650-8,700, mid 8,675: .0765 x
        // 8,675 = 663.64 -> 664 (the maximum)
        (2026, 0, false, dec!(8680), dec!(8680), dec!(664)),
        // 0 children, single, phase-out amount 10,860: its band 10,850-10,900 prints the maximum
        (2026, 0, false, dec!(10860), dec!(10860), dec!(664)),
        // 0 children, single, band 10,900-10,950, mid 10,925: 664 - .0765 x 65 = 659.03 -> 659
        (2026, 0, false, dec!(10900), dec!(10900), dec!(659)),
        // 0 children, single, 19,539: band 19,500-19,550, mid 19,525: 664 - .0765 x 8,665 =
        // 1.13 -> 1
        (2026, 0, false, dec!(19539), dec!(19539), dec!(1)),
        // 0 children, single, at the limit 19,540: none
        (2026, 0, false, dec!(19540), dec!(19540), dec!(0)),
        // 0 children, joint, band 18,150-18,200, mid 18,175: 664 - .0765 x 35 = 661.32 -> 661
        (2026, 0, true, dec!(18150), dec!(18150), dec!(661)),
        // 0 children, joint, 26,819: band 26,800-26,850, mid 26,825: 664 - .0765 x 8,685 = -0.40 -> 0
        (2026, 0, true, dec!(26819), dec!(26819), dec!(0)),
        // 1 child, single, band 5,000-5,050, mid 5,025: .34 x 5,025 = 1,708.50 -> 1,709
        (2026, 1, false, dec!(5000), dec!(5000), dec!(1709)),
        // 1 child, single, 13,020: band 13,000-13,050, mid 13,025: .34 x 13,025 = 4,428.50, the
        // maximum 4,427
        (2026, 1, false, dec!(13020), dec!(13020), dec!(4427)),
        // 1 child, single, phase-out amount 23,890: its band prints the maximum
        (2026, 1, false, dec!(23890), dec!(23890), dec!(4427)),
        // 1 child, single, band 23,900-23,950, mid 23,925: 4,427 - .1598 x 35 = 4,421.41 -> 4,421
        (2026, 1, false, dec!(23900), dec!(23900), dec!(4421)),
        // 1 child, single, 51,592: band 51,550-51,600, mid 51,575: 4,427 - .1598 x 27,685 =
        // 2.94 -> 3
        (2026, 1, false, dec!(51592), dec!(51592), dec!(3)),
        // 1 child, single, at the limit 51,593: none
        (2026, 1, false, dec!(51593), dec!(51593), dec!(0)),
        // 1 child, joint, band 31,200-31,250, mid 31,225: 4,427 - .1598 x 65 = 4,416.61 -> 4,417
        (2026, 1, true, dec!(31200), dec!(31200), dec!(4417)),
        // 2 children, single, band 30,000-30,050, mid 30,025: 7,316 - .2106 x 6,135 = 6,023.97
        // -> 6,024
        (2026, 2, false, dec!(30000), dec!(30000), dec!(6024)),
        // 2 children, single, 58,628: band 58,600-58,650, mid 58,625: 7,316 - .2106 x 34,735 =
        // 0.81 -> 1
        (2026, 2, false, dec!(58628), dec!(58628), dec!(1)),
        // 3 children, single, 18,290: band 18,250-18,300, mid 18,275: .45 x 18,275 = 8,223.75 -> 8,224
        (2026, 3, false, dec!(18290), dec!(18290), dec!(8224)),
        // 3 children, single, band 18,300-18,350, mid 18,325: .45 x 18,325 = 8,246.25, the maximum 8,231
        (2026, 3, false, dec!(18300), dec!(18300), dec!(8231)),
        // 3 children, joint, 70,243: band 70,200-70,250, mid 70,225: 8,231 - .2106 x 39,065 =
        // 3.91 -> 4 (the reference's $70,224 limit would give none; see the 70,244 test)
        (2026, 3, true, dec!(70243), dec!(70243), dec!(4)),
        // 3 children, joint, at the limit 70,244: none
        (2026, 3, true, dec!(70244), dec!(70244), dec!(0)),
    ];
    let mut wrong = Vec::new();
    for &(year, kids, joint, e, a, expected) in rows {
        let p = fed(year);
        let got = eic_table(&p, kids, joint, e, a);
        if got != expected {
            wrong.push(format!("{year}, {kids} children, joint {joint}, earned {e}, AGI {a}: expected {expected}, got {got}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn eic_table_reproduces_printed_rows_of_the_2019_irs_eic_table_irc_32_f() {
    // 2019 EIC Table (Form 1040 instructions), rows as printed:
    // single 0/1/2/3 children then joint 0/1/2/3.
    let p = fed(2019);
    let rows: &[(Decimal, [u32; 8])] = &[
        // 46,400-46,450, midpoint 46,425. Single 2: 5,828 - .2106 x 27,395 = 58.61 -> 59;
        // single 3: 6,556.50 - 5,769.39 = 787.11 -> 787; joint 1: 3,525.80 - .1598 x 21,605
        // = 73.32 -> 73; joint 2: 5,828 - .2106 x 21,605 = 1,277.99 -> 1,278; joint 3:
        // 6,556.50 - 4,550.01 = 2,006.49 -> 2,006 (the unrounded 6,556.50, not the published
        // maximum 6,557, which would give 2,007).
        (dec!(46400), [0, 0, 59, 787, 0, 73, 1278, 2006]),
        // 46,650-46,700, midpoint 46,675: single 2: 5,828 - .2106 x 27,645 = 5.96 -> 6.
        (dec!(46650), [0, 0, 6, 734, 0, 33, 1225, 1954]),
        // 46,700-46,750: single 2 is 0 although 46,700 is under the $46,703 limit.
        (dec!(46700), [0, 0, 0, 724, 0, 25, 1215, 1943]),
        // 49,200-49,250, midpoint 49,225: single 3: 6,556.50 - .2106 x 30,195 = 197.43 -> 197.
        (dec!(49200), [0, 0, 0, 197, 0, 0, 688, 1417]),
        // 52,000-52,050, midpoint 52,025: joint 2: 5,828 - .2106 x 27,205 = 98.63 -> 99.
        (dec!(52000), [0, 0, 0, 0, 0, 0, 99, 827]),
        // 54,000-54,050, midpoint 54,025: joint 3: 6,556.50 - .2106 x 29,205 = 405.93 -> 406.
        (dec!(54000), [0, 0, 0, 0, 0, 0, 0, 406]),
    ];
    for (amount, expected) in rows {
        for (i, want) in expected.iter().enumerate() {
            let kids = (i % 4) as u32;
            let joint = i >= 4;
            assert_eq!(
                eic_table_value(&p, kids, joint, *amount),
                Decimal::from(*want),
                "2019 row {amount}, column {i}"
            );
        }
    }
}

#[test]
fn eic_table_reproduces_printed_rows_of_the_2022_irs_eic_table_irc_32_f() {
    let p = fed(2022);
    let rows: &[(Decimal, [u32; 8])] = &[
        // 44,000-44,050, midpoint 44,025. Single 2: 6,164 - .2106 x 23,895 = 1,131.71 -> 1,132;
        // single 3: 6,934.50 - 5,032.29 = 1,902.21 -> 1,902; joint 1: 3,733.20 - .1598 x
        // 17,765 = 894.35 -> 894; joint 2: 6,164 - 3,741.31 = 2,422.69 -> 2,423; joint 3:
        // 6,934.50 - 3,741.31 = 3,193.19 -> 3,193.
        (dec!(44000), [0, 0, 1132, 1902, 0, 894, 2423, 3193]),
        // 46,800-46,850, midpoint 46,825: single 2: 6,164 - .2106 x 26,695 = 542.03 -> 542.
        (dec!(46800), [0, 0, 542, 1313, 0, 447, 1833, 2604]),
        // 54,400-54,450, midpoint 54,425: joint 2: 6,164 - .2106 x 28,165 = 232.45 -> 232.
        (dec!(54400), [0, 0, 0, 0, 0, 0, 232, 1003]),
    ];
    for (amount, expected) in rows {
        for (i, want) in expected.iter().enumerate() {
            let kids = (i % 4) as u32;
            let joint = i >= 4;
            assert_eq!(
                eic_table_value(&p, kids, joint, *amount),
                Decimal::from(*want),
                "2022 row {amount}, column {i}"
            );
        }
    }
}

#[test]
fn eic_table_band_rule_uses_the_midpoint_and_rounds_half_up_irc_32_f() {
    let p = fed(2024);
    // $1-$49 is the first band, midpoint $25: one child 34% x 25 = 8.50 -> 9 (IRS: "$9 to
    // $4,213"); no child 7.65% x 25 = 1.91 -> 2; two 40% x 25 = 10; three 45% x 25 = 11.25 -> 11.
    assert_eq!(eic_table_value(&p, 1, false, dec!(1)), dec!(9));
    assert_eq!(eic_table_value(&p, 1, false, dec!(49.99)), dec!(9));
    assert_eq!(eic_table_value(&p, 0, false, dec!(1)), dec!(2));
    assert_eq!(eic_table_value(&p, 2, false, dec!(1)), dec!(10));
    assert_eq!(eic_table_value(&p, 3, false, dec!(1)), dec!(11));
    // Below $1: not in the table.
    assert_eq!(eic_table_value(&p, 1, false, dec!(0.99)), dec!(0));
    // $50 starts the next band, midpoint $75: 34% x 75 = 25.50 -> 26.
    assert_eq!(eic_table_value(&p, 1, false, dec!(50)), dec!(26));
    // The exact formula for the same amounts: 34% x 49.99 = 17.00 (16.9966); 34% x 50 = 17.
    assert_eq!(
        eic_exact(&p, 1, false, dec!(49.99), dec!(49.99)),
        dec!(17.00)
    );
    assert_eq!(eic_exact(&p, 1, false, dec!(50), dec!(50)), dec!(17.00));
}

#[test]
fn exact_formula_is_irc_32_a_to_the_cent() {
    let p = fed(2024);
    // One child, single, $30,000: 34% x 12,390 = 4,212.60 less 15.98% x (30,000 - 22,720 =
    // 7,280) = 1,163.344 -> 3,049.256 -> 3,049.26. The 2024 table (midpoint 30,025) phases out
    // from the published maximum: 4,213 - .1598 x 7,305 = 3,045.66 -> 3,046.
    assert_eq!(
        eic_exact(&p, 1, false, dec!(30000), dec!(30000)),
        dec!(3049.26)
    );
    assert_eq!(
        eic_table(&p, 1, false, dec!(30000), dec!(30000)),
        dec!(3046)
    );
    // No child, $5,000: 7.65% x 5,000 = 382.50; table midpoint 5,025: 384.41 -> 384.
    assert_eq!(
        eic_exact(&p, 0, false, dec!(5000), dec!(5000)),
        dec!(382.50)
    );
    assert_eq!(eic_table(&p, 0, false, dec!(5000), dec!(5000)), dec!(384));
    // Past the end of the phase-out the formula is zero, never negative.
    assert_eq!(eic_exact(&p, 0, false, dec!(30000), dec!(30000)), dec!(0));
    // Absurd amounts saturate instead of overflowing.
    assert_eq!(eic_exact(&p, 3, true, Decimal::MAX, Decimal::MAX), dec!(0));
    assert_eq!(eic_table(&p, 3, true, Decimal::MAX, Decimal::MAX), dec!(0));
    assert_eq!(
        eic_exact(&p, 3, true, dec!(20000), Decimal::MIN),
        dec!(7830.00)
    );
}

/// IRC 32(a)(2): the phase-out comes off the maximum (credit% x the earned income amount), and
/// the credit is the lesser of that and credit% x earned income. One child, single, 2024, earned
/// $5,000, AGI $40,000: phased in 34% x 5,000 = 1,700.00; limit 4,212.60 - 15.98% x (40,000 -
/// 22,720 = 17,280) = 4,212.60 - 2,761.344 = 1,451.256; the lesser, 1,451.26. (Until issue 15 the
/// exact figure took the phase-out off the phased-in 1,700.00 and showed $0.00 beside the table's
/// 1,448.) Earned $3,000: 1,020.00 is under the limit and stands.
#[test]
fn exact_formula_takes_the_phase_out_off_the_maximum_not_the_phased_in_credit_irc_32_a_2() {
    let p = fed(2024);
    assert_eq!(
        eic_exact(&p, 1, false, dec!(5000), dec!(40000)),
        dec!(1451.26)
    );
    assert_eq!(
        eic_exact(&p, 1, false, dec!(3000), dec!(40000)),
        dec!(1020.00)
    );
    let (r, _) = run(&answers(2024, dec!(5000), dec!(40000), 1));
    assert_eq!(r.credit, dec!(1448));
    assert_eq!(r.exact_credit, dec!(1451.26));
    assert!(
        r.explanation
            .rule
            .contains("exact IRC 32(a) formula: $1,451.26"),
        "{}",
        r.explanation.rule
    );
}

#[test]
fn agi_in_the_phase_out_replaces_the_earned_income_figure_when_smaller_eic_worksheet() {
    let p = fed(2024);
    // One child, single. Earned income $15,000 (plateau, 4,212.60 -> 4,213). AGI $30,000 is
    // past the $22,720 phase-out amount: its band gives 3,046 (see above), the smaller.
    assert_eq!(
        eic_table(&p, 1, false, dec!(15000), dec!(30000)),
        dec!(3046)
    );
    // Earned income $5,000 in the phase-in: midpoint 5,025 x 34% = 1,708.50 -> 1,709. AGI
    // $22,000 (band midpoint 22,025) is not past the phase-out amount, so it is not looked up.
    assert_eq!(eic_table(&p, 1, false, dec!(5000), dec!(22000)), dec!(1709));
    // AGI lower than earned income in the phase-in is not looked up either.
    assert_eq!(eic_table(&p, 1, false, dec!(5000), dec!(1000)), dec!(1709));
    // AGI band 22,700-22,750 holds the 22,720 phase-out amount: the printed 2024 table shows
    // the maximum 4,213 in that band (no phase-out until a band starts past it).
    assert_eq!(
        eic_table(&p, 1, false, dec!(15000), dec!(22700)),
        dec!(4213)
    );
    // The next band, 22,750-22,800 (midpoint 22,775), is phased out: 4,213 - .1598 x 55 =
    // 4,204.21 -> 4,204.
    assert_eq!(
        eic_table(&p, 1, false, dec!(15000), dec!(22750)),
        dec!(4204)
    );
    // AGI at or over the income limit: no credit, whatever the earned income.
    assert_eq!(eic_table(&p, 1, false, dec!(15000), dec!(49084)), dec!(0));
    // One dollar under: AGI band 49,050-49,100, midpoint 49,075: 4,212.60 - .1598 x 26,355
    // = 1.07 -> 1, smaller than 4,213.
    assert_eq!(eic_table(&p, 1, false, dec!(15000), dec!(49083)), dec!(1));
}

#[test]
fn published_maximum_credit_is_credit_percentage_times_earned_income_amount_rounded() {
    for year in YEARS {
        let p = fed(year);
        for kids in 0..4 {
            let col = Column::of(&p, kids, false);
            assert_eq!(
                njtax_engine::money::round_dollars(col.full_credit()),
                col.max_credit,
                "{year}, {kids} children"
            );
        }
    }
}

#[test]
fn published_income_limits_agree_with_phase_out_start_plus_credit_over_phase_out_rate() {
    // The limit is the phase-out amount plus the credit divided by the phase-out rate; the
    // revenue procedures compute it from either the published maximum credit or credit% x
    // earned income amount, then round, so allow $10.
    for year in YEARS {
        let p = fed(year);
        for joint in [false, true] {
            for kids in 0..4 {
                let col = Column::of(&p, kids, joint);
                let by_max = col.phaseout_start + col.max_credit / col.phaseout_rate;
                let by_eia = col.phaseout_start + col.full_credit() / col.phaseout_rate;
                let close = |x: Decimal| (x - col.limit).abs() <= dec!(10);
                assert!(
                    close(by_max) || close(by_eia),
                    "{year}, {kids} children, joint {joint}: limit {} vs {by_max} / {by_eia}",
                    col.limit
                );
            }
        }
    }
}

#[test]
fn joint_limit_with_three_children_for_2026_is_70244_not_the_references_70224_irc_32_b() {
    // The reference prints $70,224. The limit is where the credit phases out completely:
    // 31,160 + 8,231 / .2106 = 70,243.57, i.e. $70,244, which is also the single limit $62,974
    // plus the $7,270 joint increase of every other 2026 column (31,160 - 23,890). A filer at
    // $70,230 is still due a credit: 8,231 - .2106 x (70,225 - 31,160) = 3.91 -> $4.
    let p = fed(2026);
    let joint = Column::of(&p, 3, true);
    let single = Column::of(&p, 3, false);
    assert_eq!(joint.limit, dec!(70244));
    assert_eq!(
        joint.limit - single.limit,
        joint.phaseout_start - single.phaseout_start
    );
    assert_eq!(eic_table(&p, 3, true, dec!(70230), dec!(70230)), dec!(4));
    for kids in 0..3 {
        let (j, s) = (Column::of(&p, kids, true), Column::of(&p, kids, false));
        assert_eq!(
            j.limit - s.limit,
            j.phaseout_start - s.phaseout_start,
            "{kids} children"
        );
    }
}

#[test]
fn joint_childless_phase_out_amount_for_2021_is_17560_from_the_published_27380_limit_arpa_9621() {
    // The reference lists $17,550. The IRS-published 2021 joint childless limit is $27,380 and
    // the ARPA earned income amount (= phase-out range, since both rates are 15.3%) is $9,820:
    // 27,380 - 9,820 = 17,560, which is also 11,610 + the 2021 joint increase of 5,950
    // (25,470 - 19,520).
    let p = fed(2021);
    let joint = Column::of(&p, 0, true);
    assert_eq!(joint.phaseout_start, dec!(17560));
    assert_eq!(joint.limit - joint.earned_income_amount, dec!(17560));
    let with_kids =
        Column::of(&p, 1, true).phaseout_start - Column::of(&p, 1, false).phaseout_start;
    assert_eq!(
        joint.phaseout_start - Column::of(&p, 0, false).phaseout_start,
        with_kids
    );
}

#[test]
fn investment_income_at_the_limit_keeps_the_credit_and_one_dollar_more_loses_it_irc_32_i() {
    for year in YEARS {
        let p = fed(year);
        let limit = p.eic_investment_income_limit.value;
        let mut a = answers(year, dec!(15000), dec!(15000), 1);
        a.federal.investment_income = limit;
        let (r, _) = run(&a);
        assert!(r.eligible, "{year}: at the limit");
        assert_eq!(r.credit, p.eic_max_credit.value.one, "{year}: at the limit");
        a.federal.investment_income = limit + dec!(1);
        let (r, _) = run(&a);
        assert!(!r.eligible, "{year}: one dollar over");
        assert_eq!(r.credit, dec!(0), "{year}: one dollar over");
    }
}

#[test]
fn qualifying_children_follow_relationship_residency_and_age_tests_irc_32_c_3() {
    let year = 2024;
    let mut a = answers(year, dec!(20000), dec!(20000), 0);
    let mut kid = |born: Date, f: &dyn Fn(&mut Dependent)| {
        let mut d = child(born);
        f(&mut d);
        a.dependents.push(d);
    };
    kid(date(2014, 5, 1), &|_| {}); // 10: counts
    kid(date(2005, 5, 1), &|_| {}); // 19: too old
    kid(date(2005, 5, 1), &|d| d.full_time_student = true); // 19 student: counts
    kid(date(2000, 5, 1), &|d| d.full_time_student = true); // 24 student: too old
    kid(date(2006, 1, 1), &|_| {}); // 18 (calendar age at year end): counts
    kid(date(2014, 5, 1), &|d| d.months_lived_with_you = 6); // half the year: no
    kid(date(2014, 5, 1), &|d| d.relationship = Relationship::Parent); // not a child: no
    kid(date(2024, 11, 1), &|d| d.months_lived_with_you = 2); // born this year: counts
    let (r, _) = run(&a);
    assert_eq!(r.qualifying_children, 4);

    // A disabled adult child older than the filer still counts (IRC 152(c)(3)(B)); a
    // non-disabled one older than the filer (a sibling, say) does not.
    let mut a = answers(year, dec!(20000), dec!(20000), 0);
    let mut sib = child(date(1970, 1, 1));
    sib.relationship = Relationship::Sibling;
    a.dependents.push(sib.clone());
    let (r, _) = run(&a);
    assert_eq!(r.qualifying_children, 0);
    sib.disabled = true;
    a.dependents[0] = sib;
    let (r, _) = run(&a);
    assert_eq!(r.qualifying_children, 1);
    // One child, single, $20,000: plateau 4,213.
    assert_eq!(r.credit, dec!(4213));
}

#[test]
fn younger_than_you_or_your_spouse_on_a_joint_return_irc_152_c_3_a() {
    // A 20-year-old student is younger than the 45-year-old spouse although older than the
    // 19-year-old taxpayer: a qualifying child on the joint return.
    let year = 2024;
    let mut a = answers(year, dec!(20000), dec!(20000), 0);
    a.filing_status = FilingStatus::MarriedJoint;
    a.taxpayer = person(date(2005, 3, 1));
    a.spouse = Some(person(date(1979, 3, 1)));
    let mut d = child(date(2004, 3, 1));
    d.full_time_student = true;
    d.relationship = Relationship::Stepchild;
    a.dependents.push(d);
    let (r, _) = run(&a);
    assert_eq!(r.qualifying_children, 1);
    // Joint, one child, $20,000: plateau 4,213.
    assert_eq!(r.credit, dec!(4213));
}

#[test]
fn childless_age_test_25_by_the_day_before_the_birthday_and_under_65_pub_596_rule_12() {
    let year = 2024;
    let check = |born: Date, eligible: bool| {
        let mut a = answers(year, dec!(9000), dec!(9000), 0);
        a.taxpayer = person(born);
        let (r, _) = run(&a);
        assert_eq!(r.eligible, eligible, "born {born}");
        assert_eq!(r.fails_only_age, !eligible, "born {born}");
        // No child, single, $9,000 (plateau): 7.65% x 8,260 = 631.89 -> 632.
        assert_eq!(
            r.credit,
            if eligible { dec!(632) } else { dec!(0) },
            "born {born}"
        );
    };
    check(date(2000, 1, 1), true); // reaches 25 on 31 Dec 2024
    check(date(2000, 1, 2), false); // 24 at the end of 2024
    check(date(1960, 1, 1), true); // reaches 65 on 1 Jan 2025: 64 at the end of 2024
    check(date(1959, 12, 31), false); // 65 on 31 Dec 2024
}

#[test]
fn childless_age_test_in_2021_is_19_with_no_upper_limit_irc_32_n_1() {
    let year = 2021;
    let check = |born: Date, eligible: bool| {
        let mut a = answers(year, dec!(10000), dec!(10000), 0);
        a.taxpayer = person(born);
        let (r, _) = run(&a);
        assert_eq!(r.eligible, eligible, "born {born}");
        // No child, single, $10,000 (plateau): 15.3% x 9,820 = 1,502.46 -> 1,502.
        assert_eq!(
            r.credit,
            if eligible { dec!(1502) } else { dec!(0) },
            "born {born}"
        );
    };
    check(date(2002, 6, 1), true); // 19
    check(date(2003, 6, 1), false); // 18
    check(date(1940, 6, 1), true); // 81
}

#[test]
fn joint_return_meets_the_childless_age_test_when_either_spouse_does() {
    let year = 2024;
    let mut a = answers(year, dec!(9000), dec!(9000), 0);
    a.filing_status = FilingStatus::MarriedJoint;
    a.taxpayer = person(date(2003, 6, 1)); // 21
    a.spouse = Some(person(date(1950, 6, 1))); // 74
    let (r, _) = run(&a);
    assert!(!r.eligible && r.fails_only_age);
    a.spouse = Some(person(date(1990, 6, 1))); // 34
    let (r, _) = run(&a);
    assert!(r.eligible);
    // Joint, no child, $9,000: 632 (joint phase-out starts at 17,250).
    assert_eq!(r.credit, dec!(632));
}

#[test]
fn a_dependent_filer_without_a_qualifying_child_gets_no_credit_irc_32_c_1_a_ii_iii() {
    let mut a = answers(2024, dec!(9000), dec!(9000), 0);
    a.taxpayer.claimed_as_dependent = true;
    let (r, _) = run(&a);
    assert!(!r.eligible);
    assert!(!r.fails_only_age);
    assert_eq!(r.credit, dec!(0));
}

#[test]
fn married_filing_separately_gets_no_federal_eic_before_2021_irc_32_d() {
    let mut a = answers(2020, dec!(15000), dec!(15000), 1);
    a.filing_status = FilingStatus::MarriedSeparate;
    a.federal.mfs_eic_separated_spouse = true;
    let (r, _) = run(&a);
    assert!(!r.eligible);
    assert_eq!(r.credit, dec!(0));
}

#[test]
fn married_filing_separately_from_2021_needs_the_separated_spouse_rule_and_a_child_irc_32_d_2_b() {
    // No separated-spouse answer: no credit.
    let mut a = answers(2024, dec!(15000), dec!(15000), 1);
    a.filing_status = FilingStatus::MarriedSeparate;
    let (r, _) = run(&a);
    assert_eq!(r.credit, dec!(0));
    // Separated spouse with a child: the credit, from the non-joint column (plateau 4,213).
    a.federal.mfs_eic_separated_spouse = true;
    let (r, _) = run(&a);
    assert!(r.eligible);
    assert_eq!(r.credit, dec!(4213));
    // Separated spouse without a child: the rule needs a qualifying child.
    let mut a = answers(2024, dec!(9000), dec!(9000), 0);
    a.filing_status = FilingStatus::MarriedSeparate;
    a.federal.mfs_eic_separated_spouse = true;
    let (r, _) = run(&a);
    assert_eq!(r.credit, dec!(0));
    assert!(!r.fails_only_age);
}

#[test]
fn three_or_more_children_share_the_last_column() {
    // Four children, single 2024, $20,000: 45% x 17,400 = 7,830.
    let (r, _) = run(&answers(2024, dec!(20000), dec!(20000), 4));
    assert_eq!(r.qualifying_children, 4);
    assert_eq!(r.credit, dec!(7830));
}

#[test]
fn a_band_straddling_the_income_limit_warns_that_the_irs_footnote_governs() {
    // 2019 joint, one child: limit $46,884 falls in the 46,850-46,900 band (printed "*").
    // Midpoint 46,875: 3,525.80 - .1598 x 22,055 = 1.41 -> 1.
    let mut a = answers(2019, dec!(46860), dec!(46860), 1);
    a.filing_status = FilingStatus::MarriedJoint;
    a.spouse = Some(person(date(1980, 1, 1)));
    let (r, diags) = run(&a);
    assert_eq!(r.credit, dec!(1));
    assert!(diags.iter().any(|d| d.code == "eic-table-footnote"));
    a.federal.earned_income = dec!(46884);
    a.federal.agi = dec!(46884);
    let (r, _) = run(&a);
    assert_eq!(r.credit, dec!(0));
}

#[test]
fn the_explanation_states_the_band_and_the_numbers() {
    let (r, _) = run(&answers(2024, dec!(30000), dec!(30000), 1));
    assert_eq!(r.credit, dec!(3046));
    let rule = &r.explanation.rule;
    // Band, midpoint, phase-in, phase-out reduction, remainder, rounding, exact formula.
    assert!(
        rule.contains("table band $30,000.00 to $30,050.00, midpoint $30,025.00"),
        "{rule}"
    );
    assert!(rule.contains("the published maximum $4,213.00"), "{rule}");
    assert!(
        rule.contains("15.98% x $7,305.00 over the $22,720.00 phase-out amount = $1,167.34"),
        "{rule}"
    );
    assert!(
        rule.contains("leaves $3,045.66, rounded to $3,046.00"),
        "{rule}"
    );
    assert!(rule.contains("$3,049.26"), "{rule}");
    assert!(
        r.explanation
            .params
            .iter()
            .any(|p| p.id == "federal.eic_credit_rate")
    );
}
