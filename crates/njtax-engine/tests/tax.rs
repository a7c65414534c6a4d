//! Line 43 tax: the rate tables of N.J.S.A. 54A:2-1 (every period), the 2009 tables of 54A:2-1a,
//! the no-tax thresholds of 54A:2-4 and the tax table of 54A:8-2.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use njtax_engine::Key;
use njtax_engine::answers::FilingStatus::{
    self, HeadOfHousehold, MarriedJoint, MarriedSeparate, QualifyingWidow, Single,
};
use njtax_engine::answers::TaxMethod;
use njtax_engine::compute::{Ctx, Sheet};
use njtax_engine::rules::tax::{
    self, Bracket, TableRowEdge, computation_for, filing_threshold_for, no_tax_threshold_for,
    owes_no_tax_for, tax_for,
};
use njtax_engine::{Answers, Explanation, Line, ParamBook};
use proptest::prelude::*;
use rust_decimal::{Decimal, dec};

const ALL: [FilingStatus; 5] = [
    Single,
    MarriedJoint,
    MarriedSeparate,
    HeadOfHousehold,
    QualifyingWidow,
];

fn book() -> &'static ParamBook {
    static BOOK: std::sync::OnceLock<ParamBook> = std::sync::OnceLock::new();
    BOOK.get_or_init(|| ParamBook::load().unwrap())
}

/// Rate-schedule tax to the cent for any stored year.
fn sched(year: u16, status: FilingStatus, taxable: Decimal) -> Decimal {
    tax_for(
        book().tax_file(),
        year,
        status,
        taxable,
        TaxMethod::RateSchedule,
    )
    .unwrap()
}

/// Tax-table method for a supported year.
fn table(year: u16, status: FilingStatus, taxable: Decimal) -> Decimal {
    tax_for(
        book().tax_file(),
        year,
        status,
        taxable,
        TaxMethod::TableWhenAvailable,
    )
    .unwrap()
}

/// Line 43 through the rule function, with line 29 set.
fn line_43(
    year: u16,
    status: FilingStatus,
    gross: Decimal,
    taxable: Decimal,
    method: TaxMethod,
) -> Line {
    let p = book().for_year(year).unwrap();
    let mut a = Answers {
        tax_year: year,
        filing_status: status,
        ..Default::default()
    };
    a.options.tax_method = method;
    let cx = Ctx::new(&a, &p);
    let mut s = Sheet::default();
    s.push(cx.line(Key::GrossIncome, gross, Explanation::default()));
    tax::line_43_tax(&cx, &s, taxable)
}

/// `tax_on` through a context.
fn tax_on(
    year: u16,
    status: FilingStatus,
    taxable: Decimal,
    method: TaxMethod,
) -> (Decimal, Explanation) {
    let p = book().for_year(year).unwrap();
    let mut a = Answers {
        tax_year: year,
        filing_status: status,
        ..Default::default()
    };
    a.options.tax_method = method;
    let cx = Ctx::new(&a, &p);
    tax::tax_on(&cx, taxable)
}

/// Every row edge of every period of 54A:2-1 a and b: (first year of the period, status, edge,
/// tax at the edge, tax one cent above, tax $1,000 above). Worked from the printed rows.
#[rustfmt::skip]
const EDGES: &[(u16, FilingStatus, Decimal, Decimal, Decimal, Decimal)] = &[
        // at: 2% x 20,000.00 = 400.00; +0.01: 400.00 + 2.5% x 0.01 = 400.00; +1,000: 400.00 + 2.5% x 1,000 = 425.00
        (1991, MarriedJoint, dec!(20000), dec!(400), dec!(400), dec!(425)),
        // at: 400.00 + 2.5% x 30,000.00 = 1,150.00; +0.01: 1,150.00 + 3.5% x 0.01 = 1,150.00; +1,000: 1,150.00 + 3.5% x 1,000 = 1,185.00
        (1991, MarriedJoint, dec!(50000), dec!(1150), dec!(1150), dec!(1185)),
        // at: 1,150.00 + 3.5% x 20,000.00 = 1,850.00; +0.01: 1,850.00 + 5% x 0.01 = 1,850.00; +1,000: 1,850.00 + 5% x 1,000 = 1,900.00
        (1991, MarriedJoint, dec!(70000), dec!(1850), dec!(1850), dec!(1900)),
        // at: 1,850.00 + 5% x 10,000.00 = 2,350.00; +0.01: 2,350.00 + 6.5% x 0.01 = 2,350.00; +1,000: 2,350.00 + 6.5% x 1,000 = 2,415.00
        (1991, MarriedJoint, dec!(80000), dec!(2350), dec!(2350), dec!(2415)),
        // at: 2,350.00 + 6.5% x 70,000.00 = 6,900.00; +0.01: 6,900.00 + 7% x 0.01 = 6,900.00; +1,000: 6,900.00 + 7% x 1,000 = 6,970.00
        (1991, MarriedJoint, dec!(150000), dec!(6900), dec!(6900), dec!(6970)),
        // at: 2% x 20,000.00 = 400.00; +0.01: 400.00 + 2.5% x 0.01 = 400.00; +1,000: 400.00 + 2.5% x 1,000 = 425.00
        (1991, Single, dec!(20000), dec!(400), dec!(400), dec!(425)),
        // at: 400.00 + 2.5% x 15,000.00 = 775.00; +0.01: 775.00 + 5% x 0.01 = 775.00; +1,000: 775.00 + 5% x 1,000 = 825.00
        (1991, Single, dec!(35000), dec!(775), dec!(775), dec!(825)),
        // at: 775.00 + 5% x 5,000.00 = 1,025.00; +0.01: 1,025.00 + 6.5% x 0.01 = 1,025.00; +1,000: 1,025.00 + 6.5% x 1,000 = 1,090.00
        (1991, Single, dec!(40000), dec!(1025), dec!(1025), dec!(1090)),
        // at: 1,025.00 + 6.5% x 35,000.00 = 3,300.00; +0.01: 3,300.00 + 7% x 0.01 = 3,300.00; +1,000: 3,300.00 + 7% x 1,000 = 3,370.00
        (1991, Single, dec!(75000), dec!(3300), dec!(3300), dec!(3370)),
        // at: 1.9% x 20,000.00 = 380.00; +0.01: 380.00 + 2.375% x 0.01 = 380.00; +1,000: 380.00 + 2.375% x 1,000 = 403.75
        (1994, MarriedJoint, dec!(20000), dec!(380), dec!(380), dec!(403.75)),
        // at: 380.00 + 2.375% x 30,000.00 = 1,092.50; +0.01: 1,092.50 + 3.325% x 0.01 = 1,092.50; +1,000: 1,092.50 + 3.325% x 1,000 = 1,125.75
        (1994, MarriedJoint, dec!(50000), dec!(1092.50), dec!(1092.50), dec!(1125.75)),
        // at: 1,092.50 + 3.325% x 20,000.00 = 1,757.50; +0.01: 1,757.50 + 4.75% x 0.01 = 1,757.50; +1,000: 1,757.50 + 4.75% x 1,000 = 1,805.00
        (1994, MarriedJoint, dec!(70000), dec!(1757.50), dec!(1757.50), dec!(1805)),
        // at: 1,757.50 + 4.75% x 10,000.00 = 2,232.50; +0.01: 2,232.50 + 6.175% x 0.01 = 2,232.50; +1,000: 2,232.50 + 6.175% x 1,000 = 2,294.25
        (1994, MarriedJoint, dec!(80000), dec!(2232.50), dec!(2232.50), dec!(2294.25)),
        // at: 2,232.50 + 6.175% x 70,000.00 = 6,555.00; +0.01: 6,555.00 + 6.65% x 0.01 = 6,555.00; +1,000: 6,555.00 + 6.65% x 1,000 = 6,621.50
        (1994, MarriedJoint, dec!(150000), dec!(6555), dec!(6555), dec!(6621.50)),
        // at: 1.9% x 20,000.00 = 380.00; +0.01: 380.00 + 2.375% x 0.01 = 380.00; +1,000: 380.00 + 2.375% x 1,000 = 403.75
        (1994, Single, dec!(20000), dec!(380), dec!(380), dec!(403.75)),
        // at: 380.00 + 2.375% x 15,000.00 = 736.25; +0.01: 736.25 + 4.75% x 0.01 = 736.25; +1,000: 736.25 + 4.75% x 1,000 = 783.75
        (1994, Single, dec!(35000), dec!(736.25), dec!(736.25), dec!(783.75)),
        // at: 736.25 + 4.75% x 5,000.00 = 973.75; +0.01: 973.75 + 6.175% x 0.01 = 973.75; +1,000: 973.75 + 6.175% x 1,000 = 1,035.50
        (1994, Single, dec!(40000), dec!(973.75), dec!(973.75), dec!(1035.50)),
        // at: 973.75 + 6.175% x 35,000.00 = 3,135.00; +0.01: 3,135.00 + 6.65% x 0.01 = 3,135.00; +1,000: 3,135.00 + 6.65% x 1,000 = 3,201.50
        (1994, Single, dec!(75000), dec!(3135), dec!(3135), dec!(3201.50)),
        // at: 1.7% x 20,000.00 = 340.00; +0.01: 340.00 + 2.125% x 0.01 = 340.00; +1,000: 340.00 + 2.125% x 1,000 = 361.25
        (1995, MarriedJoint, dec!(20000), dec!(340), dec!(340), dec!(361.25)),
        // at: 340.00 + 2.125% x 30,000.00 = 977.50; +0.01: 977.50 + 2.975% x 0.01 = 977.50; +1,000: 977.50 + 2.975% x 1,000 = 1,007.25
        (1995, MarriedJoint, dec!(50000), dec!(977.50), dec!(977.50), dec!(1007.25)),
        // at: 977.50 + 2.975% x 20,000.00 = 1,572.50; +0.01: 1,572.50 + 4.25% x 0.01 = 1,572.50; +1,000: 1,572.50 + 4.25% x 1,000 = 1,615.00
        (1995, MarriedJoint, dec!(70000), dec!(1572.50), dec!(1572.50), dec!(1615)),
        // at: 1,572.50 + 4.25% x 10,000.00 = 1,997.50; +0.01: 1,997.50 + 6.013% x 0.01 = 1,997.50; +1,000: 1,997.50 + 6.013% x 1,000 = 2,057.63
        (1995, MarriedJoint, dec!(80000), dec!(1997.50), dec!(1997.50), dec!(2057.63)),
        // at: 1,997.50 + 6.013% x 70,000.00 = 6,206.60; +0.01: 6,206.60 + 6.58% x 0.01 = 6,206.60; +1,000: 6,206.60 + 6.58% x 1,000 = 6,272.40
        (1995, MarriedJoint, dec!(150000), dec!(6206.60), dec!(6206.60), dec!(6272.40)),
        // at: 1.7% x 20,000.00 = 340.00; +0.01: 340.00 + 2.125% x 0.01 = 340.00; +1,000: 340.00 + 2.125% x 1,000 = 361.25
        (1995, Single, dec!(20000), dec!(340), dec!(340), dec!(361.25)),
        // at: 340.00 + 2.125% x 15,000.00 = 658.75; +0.01: 658.75 + 4.25% x 0.01 = 658.75; +1,000: 658.75 + 4.25% x 1,000 = 701.25
        (1995, Single, dec!(35000), dec!(658.75), dec!(658.75), dec!(701.25)),
        // at: 658.75 + 4.25% x 5,000.00 = 871.25; +0.01: 871.25 + 6.013% x 0.01 = 871.25; +1,000: 871.25 + 6.013% x 1,000 = 931.38
        (1995, Single, dec!(40000), dec!(871.25), dec!(871.25), dec!(931.38)),
        // at: 871.25 + 6.013% x 35,000.00 = 2,975.80; +0.01: 2,975.80 + 6.58% x 0.01 = 2,975.80; +1,000: 2,975.80 + 6.58% x 1,000 = 3,041.60
        (1995, Single, dec!(75000), dec!(2975.80), dec!(2975.80), dec!(3041.60)),
        // at: 1.4% x 20,000.00 = 280.00; +0.01: 280.00 + 1.75% x 0.01 = 280.00; +1,000: 280.00 + 1.75% x 1,000 = 297.50
        (1996, MarriedJoint, dec!(20000), dec!(280), dec!(280), dec!(297.50)),
        // at: 280.00 + 1.75% x 30,000.00 = 805.00; +0.01: 805.00 + 2.45% x 0.01 = 805.00; +1,000: 805.00 + 2.45% x 1,000 = 829.50
        (1996, MarriedJoint, dec!(50000), dec!(805), dec!(805), dec!(829.50)),
        // at: 805.00 + 2.45% x 20,000.00 = 1,295.00; +0.01: 1,295.50 + 3.5% x 0.01 = 1,295.50; +1,000: 1,295.50 + 3.5% x 1,000 = 1,330.50
        (1996, MarriedJoint, dec!(70000), dec!(1295), dec!(1295.50), dec!(1330.50)),
        // at: 1,295.50 + 3.5% x 10,000.00 = 1,645.50; +0.01: 1,645.00 + 5.525% x 0.01 = 1,645.00; +1,000: 1,645.00 + 5.525% x 1,000 = 1,700.25
        (1996, MarriedJoint, dec!(80000), dec!(1645.50), dec!(1645), dec!(1700.25)),
        // at: 1,645.00 + 5.525% x 70,000.00 = 5,512.50; +0.01: 5,512.50 + 6.37% x 0.01 = 5,512.50; +1,000: 5,512.50 + 6.37% x 1,000 = 5,576.20
        (1996, MarriedJoint, dec!(150000), dec!(5512.50), dec!(5512.50), dec!(5576.20)),
        // at: 1.4% x 20,000.00 = 280.00; +0.01: 280.00 + 1.75% x 0.01 = 280.00; +1,000: 280.00 + 1.75% x 1,000 = 297.50
        (1996, Single, dec!(20000), dec!(280), dec!(280), dec!(297.50)),
        // at: 280.00 + 1.75% x 15,000.00 = 542.50; +0.01: 542.50 + 3.5% x 0.01 = 542.50; +1,000: 542.50 + 3.5% x 1,000 = 577.50
        (1996, Single, dec!(35000), dec!(542.50), dec!(542.50), dec!(577.50)),
        // at: 542.50 + 3.5% x 5,000.00 = 717.50; +0.01: 717.50 + 5.525% x 0.01 = 717.50; +1,000: 717.50 + 5.525% x 1,000 = 772.75
        (1996, Single, dec!(40000), dec!(717.50), dec!(717.50), dec!(772.75)),
        // at: 717.50 + 5.525% x 35,000.00 = 2,651.25; +0.01: 2,651.25 + 6.37% x 0.01 = 2,651.25; +1,000: 2,651.25 + 6.37% x 1,000 = 2,714.95
        (1996, Single, dec!(75000), dec!(2651.25), dec!(2651.25), dec!(2714.95)),
        // at: 1.4% x 20,000.00 = 280.00; +0.01: 280.00 + 1.75% x 0.01 = 280.00; +1,000: 280.00 + 1.75% x 1,000 = 297.50
        (2004, MarriedJoint, dec!(20000), dec!(280), dec!(280), dec!(297.50)),
        // at: 280.00 + 1.75% x 30,000.00 = 805.00; +0.01: 805.00 + 2.45% x 0.01 = 805.00; +1,000: 805.00 + 2.45% x 1,000 = 829.50
        (2004, MarriedJoint, dec!(50000), dec!(805), dec!(805), dec!(829.50)),
        // at: 805.00 + 2.45% x 20,000.00 = 1,295.00; +0.01: 1,295.50 + 3.5% x 0.01 = 1,295.50; +1,000: 1,295.50 + 3.5% x 1,000 = 1,330.50
        (2004, MarriedJoint, dec!(70000), dec!(1295), dec!(1295.50), dec!(1330.50)),
        // at: 1,295.50 + 3.5% x 10,000.00 = 1,645.50; +0.01: 1,645.00 + 5.525% x 0.01 = 1,645.00; +1,000: 1,645.00 + 5.525% x 1,000 = 1,700.25
        (2004, MarriedJoint, dec!(80000), dec!(1645.50), dec!(1645), dec!(1700.25)),
        // at: 1,645.00 + 5.525% x 70,000.00 = 5,512.50; +0.01: 5,512.50 + 6.37% x 0.01 = 5,512.50; +1,000: 5,512.50 + 6.37% x 1,000 = 5,576.20
        (2004, MarriedJoint, dec!(150000), dec!(5512.50), dec!(5512.50), dec!(5576.20)),
        // at: 5,512.50 + 6.37% x 350,000.00 = 27,807.50; +0.01: 27,807.50 + 8.97% x 0.01 = 27,807.50; +1,000: 27,807.50 + 8.97% x 1,000 = 27,897.20
        (2004, MarriedJoint, dec!(500000), dec!(27807.50), dec!(27807.50), dec!(27897.20)),
        // at: 1.4% x 20,000.00 = 280.00; +0.01: 280.00 + 1.75% x 0.01 = 280.00; +1,000: 280.00 + 1.75% x 1,000 = 297.50
        (2004, Single, dec!(20000), dec!(280), dec!(280), dec!(297.50)),
        // at: 280.00 + 1.75% x 15,000.00 = 542.50; +0.01: 542.50 + 3.5% x 0.01 = 542.50; +1,000: 542.50 + 3.5% x 1,000 = 577.50
        (2004, Single, dec!(35000), dec!(542.50), dec!(542.50), dec!(577.50)),
        // at: 542.50 + 3.5% x 5,000.00 = 717.50; +0.01: 717.50 + 5.525% x 0.01 = 717.50; +1,000: 717.50 + 5.525% x 1,000 = 772.75
        (2004, Single, dec!(40000), dec!(717.50), dec!(717.50), dec!(772.75)),
        // at: 717.50 + 5.525% x 35,000.00 = 2,651.25; +0.01: 2,651.25 + 6.37% x 0.01 = 2,651.25; +1,000: 2,651.25 + 6.37% x 1,000 = 2,714.95
        (2004, Single, dec!(75000), dec!(2651.25), dec!(2651.25), dec!(2714.95)),
        // at: 2,651.25 + 6.37% x 425,000.00 = 29,723.75; +0.01: 29,723.75 + 8.97% x 0.01 = 29,723.75; +1,000: 29,723.75 + 8.97% x 1,000 = 29,813.45
        (2004, Single, dec!(500000), dec!(29723.75), dec!(29723.75), dec!(29813.45)),
        // at: 1.4% x 20,000.00 = 280.00; +0.01: 280.00 + 1.75% x 0.01 = 280.00; +1,000: 280.00 + 1.75% x 1,000 = 297.50
        (2018, MarriedJoint, dec!(20000), dec!(280), dec!(280), dec!(297.50)),
        // at: 280.00 + 1.75% x 30,000.00 = 805.00; +0.01: 805.00 + 2.45% x 0.01 = 805.00; +1,000: 805.00 + 2.45% x 1,000 = 829.50
        (2018, MarriedJoint, dec!(50000), dec!(805), dec!(805), dec!(829.50)),
        // at: 805.00 + 2.45% x 20,000.00 = 1,295.00; +0.01: 1,295.50 + 3.5% x 0.01 = 1,295.50; +1,000: 1,295.50 + 3.5% x 1,000 = 1,330.50
        (2018, MarriedJoint, dec!(70000), dec!(1295), dec!(1295.50), dec!(1330.50)),
        // at: 1,295.50 + 3.5% x 10,000.00 = 1,645.50; +0.01: 1,645.00 + 5.525% x 0.01 = 1,645.00; +1,000: 1,645.00 + 5.525% x 1,000 = 1,700.25
        (2018, MarriedJoint, dec!(80000), dec!(1645.50), dec!(1645), dec!(1700.25)),
        // at: 1,645.00 + 5.525% x 70,000.00 = 5,512.50; +0.01: 5,512.50 + 6.37% x 0.01 = 5,512.50; +1,000: 5,512.50 + 6.37% x 1,000 = 5,576.20
        (2018, MarriedJoint, dec!(150000), dec!(5512.50), dec!(5512.50), dec!(5576.20)),
        // at: 5,512.50 + 6.37% x 350,000.00 = 27,807.50; +0.01: 27,807.50 + 8.97% x 0.01 = 27,807.50; +1,000: 27,807.50 + 8.97% x 1,000 = 27,897.20
        (2018, MarriedJoint, dec!(500000), dec!(27807.50), dec!(27807.50), dec!(27897.20)),
        // at: 27,807.50 + 8.97% x 4,500,000.00 = 431,457.50; +0.01: 431,457.50 + 10.75% x 0.01 = 431,457.50; +1,000: 431,457.50 + 10.75% x 1,000 = 431,565.00
        (2018, MarriedJoint, dec!(5000000), dec!(431457.50), dec!(431457.50), dec!(431565)),
        // at: 1.4% x 20,000.00 = 280.00; +0.01: 280.00 + 1.75% x 0.01 = 280.00; +1,000: 280.00 + 1.75% x 1,000 = 297.50
        (2018, Single, dec!(20000), dec!(280), dec!(280), dec!(297.50)),
        // at: 280.00 + 1.75% x 15,000.00 = 542.50; +0.01: 542.50 + 3.5% x 0.01 = 542.50; +1,000: 542.50 + 3.5% x 1,000 = 577.50
        (2018, Single, dec!(35000), dec!(542.50), dec!(542.50), dec!(577.50)),
        // at: 542.50 + 3.5% x 5,000.00 = 717.50; +0.01: 717.50 + 5.525% x 0.01 = 717.50; +1,000: 717.50 + 5.525% x 1,000 = 772.75
        (2018, Single, dec!(40000), dec!(717.50), dec!(717.50), dec!(772.75)),
        // at: 717.50 + 5.525% x 35,000.00 = 2,651.25; +0.01: 2,651.25 + 6.37% x 0.01 = 2,651.25; +1,000: 2,651.25 + 6.37% x 1,000 = 2,714.95
        (2018, Single, dec!(75000), dec!(2651.25), dec!(2651.25), dec!(2714.95)),
        // at: 2,651.25 + 6.37% x 425,000.00 = 29,723.75; +0.01: 29,723.75 + 8.97% x 0.01 = 29,723.75; +1,000: 29,723.75 + 8.97% x 1,000 = 29,813.45
        (2018, Single, dec!(500000), dec!(29723.75), dec!(29723.75), dec!(29813.45)),
        // at: 29,723.75 + 8.97% x 4,500,000.00 = 433,373.75; +0.01: 433,373.75 + 10.75% x 0.01 = 433,373.75; +1,000: 433,373.75 + 10.75% x 1,000 = 433,481.25
        (2018, Single, dec!(5000000), dec!(433373.75), dec!(433373.75), dec!(433481.25)),
        // at: 1.4% x 20,000.00 = 280.00; +0.01: 280.00 + 1.75% x 0.01 = 280.00; +1,000: 280.00 + 1.75% x 1,000 = 297.50
        (2020, MarriedJoint, dec!(20000), dec!(280), dec!(280), dec!(297.50)),
        // at: 280.00 + 1.75% x 30,000.00 = 805.00; +0.01: 805.00 + 2.45% x 0.01 = 805.00; +1,000: 805.00 + 2.45% x 1,000 = 829.50
        (2020, MarriedJoint, dec!(50000), dec!(805), dec!(805), dec!(829.50)),
        // at: 805.00 + 2.45% x 20,000.00 = 1,295.00; +0.01: 1,295.50 + 3.5% x 0.01 = 1,295.50; +1,000: 1,295.50 + 3.5% x 1,000 = 1,330.50
        (2020, MarriedJoint, dec!(70000), dec!(1295), dec!(1295.50), dec!(1330.50)),
        // at: 1,295.50 + 3.5% x 10,000.00 = 1,645.50; +0.01: 1,645.00 + 5.525% x 0.01 = 1,645.00; +1,000: 1,645.00 + 5.525% x 1,000 = 1,700.25
        (2020, MarriedJoint, dec!(80000), dec!(1645.50), dec!(1645), dec!(1700.25)),
        // at: 1,645.00 + 5.525% x 70,000.00 = 5,512.50; +0.01: 5,512.50 + 6.37% x 0.01 = 5,512.50; +1,000: 5,512.50 + 6.37% x 1,000 = 5,576.20
        (2020, MarriedJoint, dec!(150000), dec!(5512.50), dec!(5512.50), dec!(5576.20)),
        // at: 5,512.50 + 6.37% x 350,000.00 = 27,807.50; +0.01: 27,807.50 + 8.97% x 0.01 = 27,807.50; +1,000: 27,807.50 + 8.97% x 1,000 = 27,897.20
        (2020, MarriedJoint, dec!(500000), dec!(27807.50), dec!(27807.50), dec!(27897.20)),
        // at: 27,807.50 + 8.97% x 500,000.00 = 72,657.50; +0.01: 72,657.50 + 10.75% x 0.01 = 72,657.50; +1,000: 72,657.50 + 10.75% x 1,000 = 72,765.00
        (2020, MarriedJoint, dec!(1000000), dec!(72657.50), dec!(72657.50), dec!(72765)),
        // at: 1.4% x 20,000.00 = 280.00; +0.01: 280.00 + 1.75% x 0.01 = 280.00; +1,000: 280.00 + 1.75% x 1,000 = 297.50
        (2020, Single, dec!(20000), dec!(280), dec!(280), dec!(297.50)),
        // at: 280.00 + 1.75% x 15,000.00 = 542.50; +0.01: 542.50 + 3.5% x 0.01 = 542.50; +1,000: 542.50 + 3.5% x 1,000 = 577.50
        (2020, Single, dec!(35000), dec!(542.50), dec!(542.50), dec!(577.50)),
        // at: 542.50 + 3.5% x 5,000.00 = 717.50; +0.01: 717.50 + 5.525% x 0.01 = 717.50; +1,000: 717.50 + 5.525% x 1,000 = 772.75
        (2020, Single, dec!(40000), dec!(717.50), dec!(717.50), dec!(772.75)),
        // at: 717.50 + 5.525% x 35,000.00 = 2,651.25; +0.01: 2,651.25 + 6.37% x 0.01 = 2,651.25; +1,000: 2,651.25 + 6.37% x 1,000 = 2,714.95
        (2020, Single, dec!(75000), dec!(2651.25), dec!(2651.25), dec!(2714.95)),
        // at: 2,651.25 + 6.37% x 425,000.00 = 29,723.75; +0.01: 29,723.75 + 8.97% x 0.01 = 29,723.75; +1,000: 29,723.75 + 8.97% x 1,000 = 29,813.45
        (2020, Single, dec!(500000), dec!(29723.75), dec!(29723.75), dec!(29813.45)),
        // at: 29,723.75 + 8.97% x 500,000.00 = 74,573.75; +0.01: 74,573.75 + 10.75% x 0.01 = 74,573.75; +1,000: 74,573.75 + 10.75% x 1,000 = 74,681.25
        (2020, Single, dec!(1000000), dec!(74573.75), dec!(74573.75), dec!(74681.25)),
];

#[test]
fn every_row_edge_of_every_54a_2_1_period_is_taxed_by_the_printed_rows_at_and_above_the_edge() {
    for &(year, status, edge, at, cent, thousand) in EDGES {
        let also: &[FilingStatus] = if status == Single {
            &[Single, MarriedSeparate]
        } else {
            &[MarriedJoint, HeadOfHousehold, QualifyingWidow]
        };
        for &st in also {
            assert_eq!(sched(year, st, edge), at, "{year} {st:?} at {edge}");
            assert_eq!(
                sched(year, st, edge + dec!(0.01)),
                cent,
                "{year} {st:?} at {edge} + 0.01"
            );
            assert_eq!(
                sched(year, st, edge + dec!(1000)),
                thousand,
                "{year} {st:?} at {edge} + 1,000"
            );
        }
    }
}

#[test]
fn the_first_row_of_every_period_is_a_flat_rate_54a_2_1() {
    // Not over $20,000.00: rate x taxable income; $10,000.00 at 2%, 1.9%, 1.7%, 1.4%.
    for (year, tax) in [
        (1991, dec!(200)),
        (1994, dec!(190)),
        (1995, dec!(170)),
        (1996, dec!(140)),
        (2004, dec!(140)),
        (2018, dec!(140)),
        (2020, dec!(140)),
    ] {
        for st in ALL {
            assert_eq!(sched(year, st, dec!(10000)), tax, "{year} {st:?}");
        }
    }
    // One cent: 1.4% x 0.01 = 0.00014, rounds to $0.00.
    assert_eq!(sched(2024, Single, dec!(0.01)), dec!(0));
}

#[test]
fn each_54a_2_1_period_applies_from_its_first_year_until_the_next() {
    // Single, $30,000: 1993 (b(1)) 400 + 2.5% x 10,000 = 650; 1994 (b(2)) 380 + 2.375% x 10,000
    // = 617.50; 1995 (b(3)) 340 + 2.125% x 10,000 = 552.50; 1996 (b(4)) 280 + 1.75% x 10,000 = 455.
    assert_eq!(sched(1991, Single, dec!(30000)), dec!(650));
    assert_eq!(sched(1993, Single, dec!(30000)), dec!(650));
    assert_eq!(sched(1994, Single, dec!(30000)), dec!(617.50));
    assert_eq!(sched(1995, Single, dec!(30000)), dec!(552.50));
    assert_eq!(sched(1996, Single, dec!(30000)), dec!(455));
    // $600,000 single: 2003 (b(4), top row over $75,000) 2,651.25 + 6.37% x 525,000 = 36,093.75;
    // 2004 (b(5)) 29,723.75 + 8.97% x 100,000 = 38,693.75.
    assert_eq!(sched(2003, Single, dec!(600000)), dec!(36093.75));
    assert_eq!(sched(2004, Single, dec!(600000)), dec!(38693.75));
    // $6,000,000 single: 2017 (b(5)) 29,723.75 + 8.97% x 5,500,000 = 523,073.75;
    // 2018 (b(6)) 433,373.75 + 10.75% x 1,000,000 = 540,873.75.
    assert_eq!(sched(2017, Single, dec!(6000000)), dec!(523073.75));
    assert_eq!(sched(2018, Single, dec!(6000000)), dec!(540873.75));
    // $2,000,000 joint: 2019 (a(6)) 27,807.50 + 8.97% x 1,500,000 = 162,357.50;
    // 2020 (a(7)) 72,657.50 + 10.75% x 1,000,000 = 180,157.50.
    assert_eq!(sched(2019, MarriedJoint, dec!(2000000)), dec!(162357.50));
    assert_eq!(sched(2020, MarriedJoint, dec!(2000000)), dec!(180157.50));
    // No table before 1991.
    assert!(
        tax_for(
            book().tax_file(),
            1990,
            Single,
            dec!(1000),
            TaxMethod::RateSchedule
        )
        .is_err()
    );
}

#[test]
fn joint_70k_to_80k_row_uses_the_printed_base_of_1295_50_54a_2_1_a7() {
    // 1,295.50 + 3.5% x 5,000 = 1,470.50 (a re-derived base of 1,295.00 would give 1,470.00).
    let (tax, exp) = tax_on(2024, MarriedJoint, dec!(75000), TaxMethod::RateSchedule);
    assert_eq!(tax, dec!(1470.50));
    assert!(
        exp.rule
            .contains("$1,295.50 plus 3.5% of the excess over $70,000.00"),
        "{}",
        exp.rule
    );
    assert!(exp.rule.contains("54A:2-1 a(7)"), "{}", exp.rule);
    assert!(exp.rule.contains("over $70,000.00 but not over $80,000.00"));
}

#[test]
fn mfj_80000_is_in_the_70k_row_and_one_cent_more_is_in_the_80k_row_as_printed_54a_2_1_a7() {
    // "Over $70,000.00 but not over $80,000.00": 1,295.50 + 3.5% x 10,000 = 1,645.50.
    // "Over $80,000.00": 1,645.00 + 5.525% x 0.01 = 1,645.00 (the printed bases make the tax fall
    // by 50 cents across the edge; the statute text decides).
    for st in [MarriedJoint, HeadOfHousehold, QualifyingWidow] {
        assert_eq!(sched(2024, st, dec!(80000)), dec!(1645.50));
        assert_eq!(sched(2024, st, dec!(80000.01)), dec!(1645.00));
        // 1,645.00 + 5.525% x 9.05 = 1,645.50; the fall is recovered by $80,009.05.
        assert_eq!(sched(2024, st, dec!(80009.05)), dec!(1645.50));
    }
}

/// A running-total check: (table citation, row start, printed base, previous base + rate x width).
fn continuity_breaks(
    rows: &[Bracket],
    cite: &str,
    out: &mut Vec<(String, Decimal, Decimal, Decimal)>,
) {
    for pair in rows.windows(2) {
        let (prev, row) = (&pair[0], &pair[1]);
        let running = prev.base + prev.rate * (row.over - prev.excess_over);
        if running != row.base {
            out.push((cite.to_owned(), row.over, row.base, running.normalize()));
        }
    }
}

#[test]
fn printed_bases_differ_from_the_running_total_only_at_the_known_printed_anomalies() {
    let file = book().tax_file();
    let mut breaks = Vec::new();
    for sched in file.rate_schedules.values.values() {
        continuity_breaks(&sched.joint, &sched.joint_citation, &mut breaks);
        continuity_breaks(&sched.single, &sched.single_citation, &mut breaks);
    }
    for (year, surtax) in &file.surtax_tables.values {
        let Some(s) = surtax else { continue };
        // The first 2-1a row must continue the 2-1 table in force at the $400,000 floor.
        let floor = dec!(400000);
        for st in [MarriedJoint, Single] {
            let (rows, cite) = s.for_status(st);
            let under = sched(*year, st, floor);
            if rows[0].base != under {
                breaks.push((cite.to_owned(), floor, rows[0].base, under));
            }
        }
        continuity_breaks(&s.joint, &s.joint_citation, &mut breaks);
        continuity_breaks(&s.single, &s.single_citation, &mut breaks);
    }
    // The only anomalies printed in the statute: the joint $70,000-$80,000 row's base $1,295.50
    // (805.00 + 2.45% x 20,000 = 1,295.00) and, as a result, the next row's base $1,645.00
    // (1,295.50 + 3.5% x 10,000 = 1,645.50), in a(4) through a(7). Any other break is a
    // transcription error.
    let mut known = Vec::new();
    for p in ["a(4)", "a(5)", "a(6)", "a(7)"] {
        let cite = format!("N.J.S.A. 54A:2-1 {p}");
        known.push((cite.clone(), dec!(70000), dec!(1295.50), dec!(1295)));
        known.push((cite, dec!(80000), dec!(1645), dec!(1645.5)));
    }
    assert_eq!(breaks, known);
}

#[test]
fn every_stored_table_starts_at_zero_and_rises_in_order_54a_2_1() {
    for (year, s) in &book().tax_file().rate_schedules.values {
        for rows in [&s.joint, &s.single] {
            assert_eq!(rows[0].over, Decimal::ZERO, "{year}");
            assert!(rows.windows(2).all(|w| w[0].over < w[1].over), "{year}");
            assert!(rows.windows(2).all(|w| w[0].rate < w[1].rate), "{year}");
            assert!(
                rows.iter().all(|r| r.printed_excess_over.is_none()),
                "{year}"
            );
        }
    }
}

#[test]
fn tax_2009_over_400000_uses_the_54a_2_1a_tables() {
    // At the floor the 54A:2-1 a(5) table applies: 5,512.50 + 6.37% x 250,000 = 21,437.50.
    assert_eq!(sched(2009, MarriedJoint, dec!(400000)), dec!(21437.50));
    // 54A:2-1a b: 21,437.50 + 8% x 0.01 = 21,437.50; + 8% x 50,000 = 25,437.50.
    assert_eq!(sched(2009, MarriedJoint, dec!(400000.01)), dec!(21437.50));
    assert_eq!(sched(2009, MarriedJoint, dec!(450000)), dec!(25437.50));
    // 21,437.50 + 8% x 100,000 = 29,437.50; then 29,437.50 + 10.25% x 100,000 = 39,687.50.
    assert_eq!(sched(2009, MarriedJoint, dec!(500000)), dec!(29437.50));
    assert_eq!(sched(2009, HeadOfHousehold, dec!(600000)), dec!(39687.50));
    // 29,437.50 + 10.25% x 500,000 = 80,687.50; then 80,687.50 + 10.75% x 1,000,000 = 188,187.50.
    assert_eq!(sched(2009, QualifyingWidow, dec!(1000000)), dec!(80687.50));
    assert_eq!(sched(2009, MarriedJoint, dec!(2000000)), dec!(188187.50));
    // The same incomes in 2008 and 2010 use 54A:2-1 a(5): 27,807.50 + 8.97% x 100,000 = 36,777.50.
    assert_eq!(sched(2008, MarriedJoint, dec!(600000)), dec!(36777.50));
    assert_eq!(sched(2010, MarriedJoint, dec!(600000)), dec!(36777.50));
    // Single, 54A:2-1a c: at the floor b(5) gives 2,651.25 + 6.37% x 325,000 = 23,353.75;
    // 23,353.75 + 8% x 100,000 = 31,353.75; at $2,000,000: 82,603.75 + 10.75% x 1,000,000
    // = 190,103.75.
    assert_eq!(sched(2009, Single, dec!(400000)), dec!(23353.75));
    assert_eq!(sched(2009, MarriedSeparate, dec!(500000)), dec!(31353.75));
    assert_eq!(sched(2009, Single, dec!(2000000)), dec!(190103.75));
}

/// 54A:2-1a c prints the $500,000-$1,000,000 row as "$31,353.75 plus 10.25% of the excess over
/// $1,000,000.00". Read literally, the excess is negative inside the row (tax below the row's own
/// base). The next row's printed base $82,603.75 = 31,353.75 + 10.25% x 500,000 and the parallel
/// row of subsection b ("excess over $500,000.00") show the excess runs from $500,000
/// (docs/decisions/tax-surtax-printed-excess.md).
#[test]
fn single_2009_row_500k_to_1m_measures_the_excess_from_500000_54a_2_1a_c() {
    // 31,353.75 + 10.25% x 100,000 = 41,603.75 (literally: 31,353.75 - 10.25% x 400,000 = -9,646.25).
    assert_eq!(sched(2009, Single, dec!(600000)), dec!(41603.75));
    // At the top of the row: 31,353.75 + 10.25% x 500,000 = 82,603.75 = next row's printed base.
    assert_eq!(sched(2009, Single, dec!(1000000)), dec!(82603.75));
    assert_eq!(sched(2009, Single, dec!(1000000.01)), dec!(82603.75));
    let c = computation_for(
        book().tax_file(),
        2009,
        Single,
        dec!(600000),
        TaxMethod::RateSchedule,
    )
    .unwrap();
    assert!(c.used_surtax);
    assert_eq!(c.citation, "N.J.S.A. 54A:2-1a c");
    assert!(
        c.rule
            .contains("the statute prints \"of the excess over $1,000,000.00\""),
        "{}",
        c.rule
    );
    let row = &book().tax_file().surtax_tables.values[&2009]
        .as_ref()
        .unwrap()
        .single[1];
    assert_eq!(row.printed_excess_over, Some(dec!(1000000)));
    assert_eq!(row.excess_over, dec!(500000));
}

/// 54A:2-4: (year, status, threshold). Subsection a (unmarried), b (2-1 a filers and joint
/// returns: head of household and surviving spouse included), c (married filing separately).
const THRESHOLDS: &[(u16, FilingStatus, Decimal)] = &[
    (1993, Single, dec!(3000)),
    (1994, Single, dec!(7500)),
    (1998, Single, dec!(7500)),
    (1999, Single, dec!(10000)),
    (2000, Single, dec!(10000)),
    (2001, Single, dec!(10000)),
    (1993, MarriedJoint, dec!(3000)),
    (1994, MarriedJoint, dec!(7500)),
    (1998, MarriedJoint, dec!(7500)),
    (1999, MarriedJoint, dec!(10000)),
    (2000, MarriedJoint, dec!(15000)),
    (2001, MarriedJoint, dec!(20000)),
    (1993, HeadOfHousehold, dec!(3000)),
    (1994, HeadOfHousehold, dec!(7500)),
    (1998, HeadOfHousehold, dec!(7500)),
    (1999, HeadOfHousehold, dec!(10000)),
    (2000, HeadOfHousehold, dec!(15000)),
    (2001, HeadOfHousehold, dec!(20000)),
    (1993, QualifyingWidow, dec!(3000)),
    (1994, QualifyingWidow, dec!(7500)),
    (1998, QualifyingWidow, dec!(7500)),
    (1999, QualifyingWidow, dec!(10000)),
    (2000, QualifyingWidow, dec!(15000)),
    (2001, QualifyingWidow, dec!(20000)),
    (1993, MarriedSeparate, dec!(1500)),
    (1994, MarriedSeparate, dec!(3750)),
    (1998, MarriedSeparate, dec!(3750)),
    (1999, MarriedSeparate, dec!(5000)),
    (2000, MarriedSeparate, dec!(7500)),
    (2001, MarriedSeparate, dec!(10000)),
    (2024, Single, dec!(10000)),
    (2024, MarriedJoint, dec!(20000)),
    (2024, HeadOfHousehold, dec!(20000)),
    (2024, QualifyingWidow, dec!(20000)),
    (2024, MarriedSeparate, dec!(10000)),
];

#[test]
fn no_tax_at_or_below_the_54a_2_4_threshold_and_tax_one_cent_above_for_every_period_edge() {
    let file = book().tax_file();
    for &(year, status, threshold) in THRESHOLDS {
        assert_eq!(no_tax_threshold_for(file, year, status).unwrap(), threshold);
        assert!(
            owes_no_tax_for(file, year, status, threshold).unwrap(),
            "{year} {status:?}"
        );
        assert!(
            !owes_no_tax_for(file, year, status, threshold + dec!(0.01)).unwrap(),
            "{year} {status:?}"
        );
    }
}

#[test]
fn filing_thresholds_of_54a_8_3_1_match_the_no_tax_thresholds_of_54a_2_4_every_year() {
    let file = book().tax_file();
    for year in 1991..=2025 {
        for st in ALL {
            assert_eq!(
                filing_threshold_for(file, year, st).unwrap(),
                no_tax_threshold_for(file, year, st).unwrap(),
                "{year} {st:?}"
            );
        }
    }
}

#[test]
fn line_43_is_zero_at_the_54a_2_4_threshold_and_taxed_one_cent_above_for_each_status() {
    for year in 2022..=2025 {
        for &(y, status, threshold) in THRESHOLDS {
            if y != 2024 {
                continue;
            }
            // Taxable income $5,000 (exemptions or deductions brought it down).
            let at = line_43(year, status, threshold, dec!(5000), TaxMethod::RateSchedule);
            assert_eq!(at.value, Decimal::ZERO, "{year} {status:?}");
            assert!(at.explanation.rule.contains("at or below"));
            assert!(at.explanation.citation.contains("54A:2-4"));
            // Above: 1.4% x 5,000 = 70.00.
            let above = line_43(
                year,
                status,
                threshold + dec!(0.01),
                dec!(5000),
                TaxMethod::RateSchedule,
            );
            assert_eq!(above.value, dec!(70), "{year} {status:?}");
            assert_eq!(above.key, Key::Tax);
            assert_eq!(&*above.id, "43");
        }
    }
}

#[test]
fn head_of_household_and_surviving_spouse_use_subsection_b_thresholds_54a_2_4_b() {
    // $15,000 gross: a single filer (a(3), $10,000) owes tax; a head of household or surviving
    // spouse (b(5), $20,000) does not.
    let single = line_43(
        2024,
        Single,
        dec!(15000),
        dec!(14000),
        TaxMethod::RateSchedule,
    );
    assert_eq!(single.value, dec!(196)); // 1.4% x 14,000
    for st in [HeadOfHousehold, QualifyingWidow, MarriedJoint] {
        let l = line_43(2024, st, dec!(15000), dec!(14000), TaxMethod::RateSchedule);
        assert_eq!(l.value, Decimal::ZERO, "{st:?}");
    }
}

#[test]
fn tax_on_computes_the_tax_without_the_threshold_54a_2_1() {
    // Worksheets call tax_on with amounts that are not line 42: no 54A:2-4 test there.
    let (tax, _) = tax_on(2024, Single, dec!(5000), TaxMethod::RateSchedule);
    assert_eq!(tax, dec!(70));
}

#[test]
fn the_tax_table_taxes_the_midpoint_of_the_50_dollar_row_rounded_to_dollars_54a_8_2() {
    // Joint $75,000: row at least $75,000 but less than $75,050, midpoint $75,025:
    // 1,295.50 + 3.5% x 5,025 = 1,471.375, rounded = 1,471. The schedule gives 1,470.50.
    assert_eq!(table(2024, MarriedJoint, dec!(75000)), dec!(1471));
    assert_eq!(table(2024, MarriedJoint, dec!(75049.99)), dec!(1471));
    assert_eq!(sched(2024, MarriedJoint, dec!(75000)), dec!(1470.50));
    let (_, exp) = tax_on(
        2024,
        MarriedJoint,
        dec!(75000),
        TaxMethod::TableWhenAvailable,
    );
    assert!(
        exp.rule
            .contains("row at least $75,000.00 but less than $75,050.00"),
        "{}",
        exp.rule
    );
    assert!(exp.rule.contains("midpoint $75,025.00"), "{}", exp.rule);
    assert!(exp.rule.contains("$1,471.375"), "{}", exp.rule);
    assert!(exp.citation.contains("54A:8-2"));
    // Small incomes: $10 is in the row $0-$50, midpoint $25: 1.4% x 25 = 0.35 -> $0;
    // $50 is in the row $50-$100, midpoint $75: 1.05 -> $1.
    assert_eq!(table(2024, Single, dec!(10)), dec!(0));
    assert_eq!(table(2024, Single, dec!(49.99)), dec!(0));
    assert_eq!(table(2024, Single, dec!(50)), dec!(1));
    assert_eq!(table(2024, Single, dec!(0)), dec!(0));
    assert_eq!(table(2024, Single, dec!(-100)), dec!(0));
}

#[test]
fn the_tax_table_stops_at_100000_and_the_schedule_applies_to_the_cent_54a_8_2() {
    // Single $99,999.99: row $99,950-$100,000, midpoint $99,975: 2,651.25 + 6.37% x 24,975
    // = 4,242.1575 -> $4,242. At $100,000: 2,651.25 + 6.37% x 25,000 = 4,243.75.
    assert_eq!(table(2024, Single, dec!(99999.99)), dec!(4242));
    assert_eq!(table(2024, Single, dec!(100000)), dec!(4243.75));
    // Joint: midpoint $99,975: 1,645 + 5.525% x 19,975 = 2,748.61875 -> $2,749;
    // $100,000: 1,645 + 5.525% x 20,000 = 2,750.00.
    assert_eq!(table(2024, MarriedJoint, dec!(99999.99)), dec!(2749));
    assert_eq!(table(2024, MarriedJoint, dec!(100000)), dec!(2750));
    let (_, exp) = tax_on(2024, Single, dec!(100000), TaxMethod::TableWhenAvailable);
    assert!(
        exp.rule
            .contains("not under the tax-table limit of $100,000.00")
    );
    // The rate-schedule option uses the schedule below the limit as well.
    let (t, exp) = tax_on(2024, MarriedJoint, dec!(75000), TaxMethod::RateSchedule);
    assert_eq!(t, dec!(1470.50));
    assert!(exp.rule.contains("Rate schedule chosen"));
}

/// 54A:8-2 does not say where an income that is an exact multiple of $50 falls; the engine
/// follows the "At least / But less than" row headings (data: tax.tax_table_row_edge, marked
/// uncertain; docs/decisions/tax-table-row-edge.md).
#[test]
fn an_exact_multiple_of_50_starts_a_table_row_54a_8_2() {
    for year in 2022..=2025 {
        let p = book().for_year(year).unwrap();
        assert_eq!(
            p.tax.tax_table_row_edge.value,
            TableRowEdge::MultipleStartsRow
        );
        assert!(p.tax.tax_table_row_edge.uncertain.is_some(), "{year}");
    }
    // Single $50,000: row $50,000-$50,050, midpoint $50,025: 717.50 + 5.525% x 10,025
    // = 1,271.38125 -> $1,271 (the row below, midpoint $49,975, would give 1,268.61875 -> $1,269).
    assert_eq!(table(2024, Single, dec!(50000)), dec!(1271));
    assert_eq!(table(2024, Single, dec!(49999.99)), dec!(1269));
    // The uncertain figure is named in the explanation only when it decided the row.
    let (_, on_edge) = tax_on(2024, Single, dec!(50000), TaxMethod::TableWhenAvailable);
    assert!(
        on_edge
            .params
            .iter()
            .any(|p| p.id == "tax.tax_table_row_edge" && p.uncertain.is_some())
    );
    let (_, off_edge) = tax_on(2024, Single, dec!(50010), TaxMethod::TableWhenAvailable);
    assert!(
        off_edge
            .params
            .iter()
            .all(|p| p.id != "tax.tax_table_row_edge")
    );
}

#[test]
fn the_table_rounds_the_exact_midpoint_tax_once_to_whole_dollars_54a_8_2() {
    // Single $78,150-$78,200, midpoint $78,175: 2,651.25 + 6.37% x 3,175 = 2,853.4975 -> $2,853
    // (rounding to cents first would give 2,853.50 -> $2,854; docs/decisions/tax-table-row-edge.md).
    assert_eq!(table(2024, Single, dec!(78160)), dec!(2853));
    assert_eq!(table(2024, Single, dec!(88150)), dec!(3490));
    assert_eq!(table(2024, Single, dec!(98199.99)), dec!(4127));
}

#[test]
fn the_tax_table_never_deviates_more_than_5_dollars_from_the_schedule_54a_8_2_b() {
    for status in [Single, MarriedJoint] {
        let mut start = Decimal::ZERO;
        while start < dec!(100000) {
            for x in [start, start + dec!(25), start + dec!(49.99)] {
                let diff = (table(2024, status, x) - sched(2024, status, x)).abs();
                assert!(diff <= dec!(5), "{status:?} {x}: {diff}");
            }
            start += dec!(50);
        }
    }
}

#[test]
fn the_table_method_needs_a_stored_table_rule_before_2018() {
    let file = book().tax_file();
    assert!(
        tax_for(
            file,
            2017,
            Single,
            dec!(50000),
            TaxMethod::TableWhenAvailable
        )
        .is_err()
    );
    assert_eq!(
        tax_for(file, 2017, Single, dec!(50000), TaxMethod::RateSchedule).unwrap(),
        dec!(1270) // 717.50 + 5.525% x 10,000
    );
}

#[test]
fn absurd_incomes_saturate_instead_of_overflowing() {
    let t = sched(2024, Single, Decimal::MAX);
    assert!(t > Decimal::ZERO);
    let l = line_43(
        2024,
        MarriedJoint,
        Decimal::MAX,
        Decimal::MAX,
        TaxMethod::TableWhenAvailable,
    );
    assert!(l.value > Decimal::ZERO);
}

/// The tax may fall only across the joint $80,000 edge of a(4)-a(7), by at most the printed 50 cents.
fn allowance(
    year: u16,
    status: FilingStatus,
    a: Decimal,
    b: Decimal,
    method: TaxMethod,
) -> Decimal {
    let table_covers_80k = method == TaxMethod::TableWhenAvailable && year >= 2022;
    if year >= 1996
        && tax::uses_joint_table(status)
        && !table_covers_80k
        && a <= dec!(80000)
        && b > dec!(80000)
    {
        dec!(0.50)
    } else {
        Decimal::ZERO
    }
}

fn any_status() -> impl Strategy<Value = FilingStatus> {
    prop_oneof![
        Just(Single),
        Just(MarriedJoint),
        Just(MarriedSeparate),
        Just(HeadOfHousehold),
        Just(QualifyingWidow)
    ]
}

fn any_year() -> impl Strategy<Value = u16> {
    prop_oneof![
        Just(1991u16),
        Just(1994),
        Just(1995),
        Just(1996),
        Just(2004),
        Just(2009),
        Just(2018),
        Just(2022),
        Just(2023),
        Just(2024),
        Just(2025)
    ]
}

fn amount(max_cents: i64) -> impl Strategy<Value = Decimal> {
    prop_oneof![
        (0i64..max_cents).prop_map(|c| Decimal::new(c, 2)),
        // Near row edges and the table limit.
        (
            prop_oneof![
                Just(20000i64),
                Just(35000),
                Just(40000),
                Just(50000),
                Just(70000),
                Just(75000),
                Just(80000),
                Just(100000),
                Just(150000),
                Just(400000),
                Just(500000),
                Just(1000000),
                Just(5000000)
            ],
            -500i64..500
        )
            .prop_map(|(d, c)| Decimal::from(d) + Decimal::new(c, 2)),
    ]
}

proptest! {
    #[test]
    fn tax_is_never_negative_54a_2_1(year in any_year(), status in any_status(), x in amount(2_000_000_000)) {
        let method = if year >= 2022 { TaxMethod::TableWhenAvailable } else { TaxMethod::RateSchedule };
        let t = tax_for(book().tax_file(), year, status, x, method).unwrap();
        prop_assert!(t >= Decimal::ZERO);
    }

    #[test]
    fn tax_does_not_decrease_with_income_except_the_printed_80000_joint_edge_54a_2_1(
        year in any_year(),
        status in any_status(),
        a in amount(2_000_000_000),
        delta in prop_oneof![(1i64..100).prop_map(|c| Decimal::new(c, 2)), (1i64..10_000_000).prop_map(|c| Decimal::new(c, 2))],
        table_method in any::<bool>(),
    ) {
        let method = if table_method && year >= 2022 { TaxMethod::TableWhenAvailable } else { TaxMethod::RateSchedule };
        let b = a + delta;
        let ta = tax_for(book().tax_file(), year, status, a, method).unwrap();
        let tb = tax_for(book().tax_file(), year, status, b, method).unwrap();
        prop_assert!(tb + allowance(year, status, a, b, method) >= ta, "{} {:?} {} -> {}, {} -> {}", year, status, a, ta, b, tb);
    }
}
