//! Checks of the answers themselves: identity data the return needs, filing-status consistency,
//! and situations this version does not compute.

use crate::answers::{FilingStatus, Person, Residency};
use crate::compute::Ctx;
use crate::explain::Diagnostic;

/// Whether an SSN (or ITIN) as typed has nine digits, ignoring dashes and spaces.
pub fn ssn_is_well_formed(ssn: &str) -> bool {
    let digits: Vec<char> = ssn.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    digits.len() == 9 && digits.iter().all(char::is_ascii_digit)
}

fn check_person(cx: &Ctx, who: &str, path: &str, p: &Person) {
    if p.ssn.trim().is_empty() {
        cx.diag(
            Diagnostic::error(
                "missing-ssn",
                format!("{who} Social Security number is missing"),
            )
            .at(format!("{path}.ssn")),
        );
    } else if !ssn_is_well_formed(&p.ssn) {
        cx.diag(
            Diagnostic::error(
                "bad-ssn",
                format!("{who} Social Security number must have nine digits"),
            )
            .at(format!("{path}.ssn")),
        );
    }
    match p.birth_date {
        None => cx.diag(
            Diagnostic::error(
                "missing-birth-date",
                format!("{who} birth date is missing; it decides the age 65 exemption, the retirement exclusions and credits"),
            )
            .at(format!("{path}.birth_date")),
        ),
        Some(d) if d.year > cx.year() => cx.diag(
            Diagnostic::error("birth-after-year", format!("{who} birth date {d} is after the tax year"))
                .at(format!("{path}.birth_date")),
        ),
        Some(_) => {}
    }
    if p.name.trim().is_empty() {
        cx.diag(
            Diagnostic::error("missing-name", format!("{who} name is missing"))
                .at(format!("{path}.name")),
        );
    }
}

/// Record diagnostics for answers that make a return wrong or unfileable, and warnings for
/// situations this version does not compute.
pub fn validate(cx: &Ctx) {
    let a = cx.a;
    check_person(cx, "Your", "taxpayer", &a.taxpayer);
    match (a.filing_status, &a.spouse) {
        (FilingStatus::MarriedJoint, None) => cx.diag(
            Diagnostic::error("missing-spouse", "A joint return needs the spouse/CU partner's name, SSN and birth date")
                .at("spouse")
                .cite("N.J.S.A. 54A:8-3.1"),
        ),
        (FilingStatus::MarriedJoint, Some(sp)) => check_person(cx, "Your spouse's", "spouse", sp),
        (FilingStatus::MarriedSeparate, None) => cx.diag(
            Diagnostic::error("missing-spouse-ssn", "A separate return must show the spouse/CU partner's SSN (line 3)")
                .at("spouse.ssn"),
        ),
        (FilingStatus::MarriedSeparate, Some(sp)) if !ssn_is_well_formed(&sp.ssn) => cx.diag(
            Diagnostic::error("missing-spouse-ssn", "A separate return must show the spouse/CU partner's nine-digit SSN (line 3)")
                .at("spouse.ssn"),
        ),
        (FilingStatus::Single | FilingStatus::HeadOfHousehold, Some(_)) => cx.diag(
            Diagnostic::warning("spouse-ignored", "A spouse is entered but the filing status is not a married status; the spouse's answers are not used")
                .at("filing_status"),
        ),
        _ => {}
    }
    if a.filing_status == FilingStatus::QualifyingWidow {
        let ok = a
            .spouse_death_year
            .is_some_and(|y| y < cx.year() && cx.year() - y <= 2);
        if !ok {
            cx.diag(
                Diagnostic::error(
                    "widow-year",
                    "Qualifying widow(er) status needs the spouse's year of death, one of the two years before the tax year (line 5)",
                )
                .at("spouse_death_year"),
            );
        }
        if a.dependents.is_empty() {
            cx.diag(
                Diagnostic::error(
                    "widow-no-dependent",
                    "Qualifying widow(er) status requires a dependent child",
                )
                .at("dependents"),
            );
        }
    }
    if a.filing_status == FilingStatus::HeadOfHousehold && a.dependents.is_empty() {
        cx.diag(
            Diagnostic::warning("hoh-no-dependent", "Head of household usually requires a qualifying person; check the federal filing status")
                .at("filing_status"),
        );
    }
    for (i, d) in a.dependents.iter().enumerate() {
        let path = format!("dependents[{i}]");
        if !ssn_is_well_formed(&d.ssn) {
            cx.diag(
                Diagnostic::error(
                    "missing-ssn",
                    format!("Dependent {} needs a nine-digit SSN", i + 1),
                )
                .at(format!("{path}.ssn")),
            );
        }
        if d.birth_date.is_none() {
            cx.diag(
                Diagnostic::error(
                    "missing-birth-date",
                    format!("Dependent {}'s birth date is missing", i + 1),
                )
                .at(format!("{path}.birth_date")),
            );
        }
        if d.months_lived_with_you > 12 {
            cx.diag(
                Diagnostic::error(
                    "bad-months",
                    "Months lived with you must be between 0 and 12",
                )
                .at(format!("{path}.months_lived_with_you")),
            );
        }
    }
    match a.residency {
        Residency::FullYearResident => {}
        Residency::PartYearResident | Residency::Nonresident => cx.diag(
            Diagnostic::error(
                "residency-not-covered",
                "This version computes full-year resident returns only; part-year resident and nonresident (NJ-1040NR) returns are not computed yet",
            )
            .at("residency")
            .cite("N.J.S.A. 54A:2-1.1, 54A:5-7, 54A:5-8"),
        ),
    }
}
