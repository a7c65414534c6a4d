//! Per-statement amounts: the parts of one 1099 (interest, dividends, a retirement distribution)
//! and the New Jersey days of one W-2. Both the return plan ([`crate::residency`]) and the rules
//! read them, so they live here rather than in either.

use rust_decimal::Decimal;

use crate::answers::{Dividends, Interest, Retirement, RetirementKind, RolloverDestination, W2};
use crate::law::residency::{ResidencyParams, is_convenience_rule_state};
use crate::money::{floor_zero, sat_add, sat_sub};

/// Interest statement: (taxable part for line 16a, exempt part for line 16b).
///
/// Taxable interest plus tax-exempt interest, less the parts from U.S. obligations and from New
/// Jersey obligations (54A:5-1(e), 6-14), never below zero.
pub fn interest_parts(i: &Interest) -> (Decimal, Decimal) {
    let total = sat_add(
        floor_zero(i.taxable_interest),
        floor_zero(i.tax_exempt_interest),
    );
    let exempt = sat_add(floor_zero(i.us_obligations), floor_zero(i.nj_obligations));
    (floor_zero(sat_sub(total, exempt)), exempt.min(total))
}

/// Dividend statement: the amount for line 17 (54A:5-1(f), 6-14.1).
///
/// Ordinary dividends plus exempt-interest dividends, less the share a qualified investment fund
/// reports as exempt in New Jersey, never below zero. Capital gain distributions go to line 19.
pub fn dividend_part(d: &Dividends) -> Decimal {
    floor_zero(sat_sub(
        sat_add(
            floor_zero(d.ordinary_dividends),
            floor_zero(d.exempt_interest_dividends),
        ),
        floor_zero(d.nj_exempt_fund_share),
    ))
}

/// Retirement distribution: (taxable part for line 20a, excludable part for line 20b).
///
/// A rollover into another plan or traditional IRA is not income at all (0, 0; 54A:6-10 d), nor
/// is a Roth IRA rolled into a Roth IRA (6-28 a). A conversion into a Roth IRA from an IRA or
/// plan that is not a Roth is income (54A:5-1 j): the amount converted less the contributions New
/// Jersey already taxed, which come back tax-free (on 20b). Military pensions (54A:6-26) and
/// qualified Roth distributions (54A:6-28) are wholly excludable. Otherwise the NJ taxable amount
/// as entered (for a non-qualified Roth distribution, its earnings part) is taxable and the rest of
/// the gross distribution is excludable.
pub fn retirement_parts(r: &Retirement) -> (Decimal, Decimal) {
    let gross = floor_zero(r.gross_distribution);
    let taxable = floor_zero(r.taxable_amount);
    match (r.destination, r.kind) {
        (RolloverDestination::OtherPlanOrIra, _)
        | (RolloverDestination::RothConversion, RetirementKind::Roth) => {
            (Decimal::ZERO, Decimal::ZERO)
        }
        (RolloverDestination::RothConversion, RetirementKind::Pension | RetirementKind::Ira) => {
            conversion_parts(r)
        }
        (_, RetirementKind::MilitaryPension) => (Decimal::ZERO, gross),
        (RolloverDestination::NotRolledOver, RetirementKind::Roth) if r.roth_qualified => {
            (Decimal::ZERO, gross)
        }
        (
            RolloverDestination::NotRolledOver,
            RetirementKind::Roth | RetirementKind::Pension | RetirementKind::Ira,
        ) => (taxable, floor_zero(sat_sub(gross, taxable))),
    }
}

/// A Roth conversion: (amount converted − the New Jersey basis it carries, the basis recovered),
/// the basis never more than the amount converted (54A:5-1 j, 6-10 a).
pub fn conversion_parts(r: &Retirement) -> (Decimal, Decimal) {
    let gross = floor_zero(r.gross_distribution);
    let basis = floor_zero(r.conversion_nj_basis).min(gross);
    (sat_sub(gross, basis), basis)
}

/// Whether a distribution is left out of lines 20a and 20b as a rollover (not income).
pub fn is_rollover(r: &Retirement) -> bool {
    matches!(
        (r.destination, r.kind),
        (RolloverDestination::OtherPlanOrIra, _)
            | (RolloverDestination::RothConversion, RetirementKind::Roth)
    )
}

/// Whether a distribution is a conversion into a Roth IRA that is income (54A:5-1 j).
pub fn is_roth_conversion(r: &Retirement) -> bool {
    r.destination == RolloverDestination::RothConversion
        && matches!(r.kind, RetirementKind::Pension | RetirementKind::Ira)
}

/// How a W-2's wages are allocated to New Jersey by days (54A:5-8 a(2), e).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WageDays {
    /// Days counted as New Jersey days: the days worked in New Jersey, plus the convenience days
    /// when 5-8 e applies (never more than the days worked).
    pub nj_days: u16,
    /// Convenience days added as New Jersey days (0 when the rule does not apply).
    pub convenience_added: u16,
    /// Why the convenience rule did or did not apply, when the filer gave convenience days or a
    /// New Jersey employer (none otherwise).
    pub note: Option<String>,
}

/// The New Jersey days of a W-2 (allocation by days worked, 54A:5-8 a(2)), with the convenience
/// rule of 5-8 e: for a nonresident working for a New Jersey employer, days worked outside New
/// Jersey for the employee's convenience (not required by the employer) are New Jersey days when
/// the employee's state of residence imposes such a rule on its own sourcing.
pub fn wage_days(p: &ResidencyParams, state: &str, w: &W2) -> WageDays {
    let worked = w.nj_days_worked.min(w.days_worked);
    let outside = w.days_worked - worked;
    let asked = w.convenience_days.min(outside);
    let state_words = if state.trim().is_empty() {
        "the state of residence (not given)".to_owned()
    } else {
        state.trim().to_owned()
    };
    let none = |note: Option<String>| WageDays {
        nj_days: worked,
        convenience_added: 0,
        note,
    };
    if !w.employer_in_nj {
        return none((w.convenience_days > 0).then(|| {
            "the employer is not a New Jersey employer, so days worked outside New Jersey for the employee's convenience stay outside New Jersey (54A:5-8 e applies only to a New Jersey employer's employees)".to_owned()
        }));
    }
    if !is_convenience_rule_state(p, state) {
        return none((w.convenience_days > 0).then(|| {
            format!(
                "{state_words} has no convenience-of-the-employer rule this year, so the days worked outside New Jersey for the employee's convenience stay outside New Jersey (54A:5-8 e applies only when the state of residence has one)"
            )
        }));
    }
    if asked == 0 {
        return none(Some(format!(
            "{state_words} has a convenience-of-the-employer rule, but no days outside New Jersey were for the employee's convenience: only the days worked in New Jersey count (54A:5-8 e)"
        )));
    }
    WageDays {
        nj_days: worked + asked,
        convenience_added: asked,
        note: Some(format!(
            "convenience rule: the employer is a New Jersey employer and {state_words} sources wages to the employer's location for work done elsewhere for the employee's convenience, so New Jersey does the same: the {asked} days worked outside New Jersey for the employee's convenience, not required by the employer, are New Jersey days ({worked} + {asked} = {} of {} days) (54A:5-8 e)",
            worked + asked,
            w.days_worked
        )),
    }
}
