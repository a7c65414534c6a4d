//! Checks of the answers themselves: identity data the return needs, filing-status consistency,
//! and situations this version does not compute.

use crate::answers::{EARLIEST_BIRTH_YEAR, FilingStatus, Owner, Person, ResidencyKind};
use crate::explain::Diagnostic;
use crate::money::{Money, floor_zero, fmt_money};
use crate::sheet::Ctx;

pub use crate::answers::{ssn_is_well_formed, ssn_never_issued};

/// A warning at `path` when the SSN there is one that is never issued (`who`: `Your`, `Dependent
/// 2's`): the return would be rejected, so the filer checks it against the card.
fn check_never_issued(cx: &Ctx, who: &str, path: &str, ssn: &str, dependent: bool) {
    if let Some(why) = crate::answers::ssn_never_issued(ssn, dependent) {
        cx.diag(
            Diagnostic::warning(
                SSN_NEVER_ISSUED_CODE,
                format!(
                    "{who} Social Security number is not one that is ever issued ({why}); check it against the card or the ITIN letter"
                ),
            )
            .at(format!("{path}.ssn")),
        );
    }
}

/// The code of the warning for an SSN that is never issued ([`ssn_never_issued`]).
pub const SSN_NEVER_ISSUED_CODE: &str = "ssn-never-issued";

/// The code of the error for a birth year before [`EARLIEST_BIRTH_YEAR`].
pub const BIRTH_YEAR_TOO_EARLY_CODE: &str = "birth-year-too-early";

/// An error at `path` when a birth date's year is before [`EARLIEST_BIRTH_YEAR`] (a year typed
/// short or wrong, which would grant the age 65 exemption) or after the tax year.
fn check_birth_year(cx: &Ctx, who: &str, path: &str, date: Option<crate::answers::Date>) {
    match date {
        Some(d) if d.year < EARLIEST_BIRTH_YEAR => cx.diag(
            Diagnostic::error(
                BIRTH_YEAR_TOO_EARLY_CODE,
                format!("{who} birth date {d} is before {EARLIEST_BIRTH_YEAR}: check the year, written with all four digits"),
            )
            .at(format!("{path}.birth_date")),
        ),
        Some(d) if d.year > cx.year() => cx.diag(
            Diagnostic::error("birth-after-year", format!("{who} birth date {d} is after the tax year"))
                .at(format!("{path}.birth_date")),
        ),
        _ => {}
    }
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
    } else {
        check_never_issued(cx, who, path, &p.ssn, false);
    }
    match p.birth_date {
        None => cx.diag(
            Diagnostic::error(
                "missing-birth-date",
                format!("{who} birth date is missing; it decides the age 65 exemption, the retirement exclusions and credits"),
            )
            .at(format!("{path}.birth_date")),
        ),
        date => check_birth_year(cx, who, path, date),
    }
    if p.name.trim().is_empty() {
        cx.diag(
            Diagnostic::error("missing-name", format!("{who} name is missing"))
                .at(format!("{path}.name")),
        );
    }
}

pub use crate::sheet::UNREADABLE_CODE;

/// One error per answer whose typed text could not be read, at its path, naming the answer and
/// why: the answer counts as not given until the text is fixed, so every figure that may depend
/// on it is not final and the return cannot be filed. The typed text itself is not repeated: it
/// may be an SSN typed into the wrong answer, and diagnostics reach standard error, exports and
/// batch summaries (the app shows the text in its field).
fn validate_unreadable(cx: &Ctx) {
    for (path, u) in &cx.a.unreadable {
        let field = match u.field.trim() {
            "" => path.as_str(),
            words => words,
        };
        let problem = match u.problem.trim().trim_end_matches('.') {
            "" => String::new(),
            why => format!(" ({why})"),
        };
        cx.diag(
            Diagnostic::error(
                UNREADABLE_CODE,
                format!(
                    "{field} could not be read{problem}. Until it is fixed this answer counts as not given, so the return's figures are not final"
                ),
            )
            .at(path.clone()),
        );
    }
}

/// Record diagnostics for answers that make a return wrong or unfileable, and warnings for
/// situations this version does not compute.
pub fn validate(cx: &Ctx) {
    let a = cx.a;
    validate_unreadable(cx);
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
        } else {
            check_never_issued(cx, &format!("Dependent {}'s", i + 1), &path, &d.ssn, true);
        }
        check_birth_year(cx, &format!("Dependent {}'s", i + 1), &path, d.birth_date);
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
    validate_residency(cx, "taxpayer", &a.taxpayer);
    if let (true, Some(sp)) = (a.filing_status.is_joint(), &a.spouse) {
        validate_residency(cx, "spouse", sp);
    }
    validate_coverage(cx, "taxpayer", &a.taxpayer.coverage);
    if let (true, Some(sp)) = (a.filing_status.is_joint(), &a.spouse) {
        validate_coverage(cx, "spouse", &sp.coverage);
    }
    for (i, d) in a.dependents.iter().enumerate() {
        validate_coverage(cx, &format!("dependents[{i}]"), &d.coverage);
    }
    validate_address(cx, &a.address);
    old_answers_to_confirm(cx);
}

/// The code of the warning on an answer an earlier version of the app asked differently and that
/// was read into today's answer without the filer saying so: it stays until the filer confirms or
/// changes the answer (the app clears `<path>_to_confirm`).
pub const OLD_ANSWER_CODE: &str = "old-answer-to-confirm";

/// Warnings for answers read from an earlier version's question that could have meant something
/// else (`*_to_confirm` set by the draft's upgrade): each names the answer, says how it was read,
/// what else it may have meant and what that changes, and asks the filer to confirm it.
fn old_answers_to_confirm(cx: &Ctx) {
    use crate::answers::{HomesteadKind, HomesteadTitle, RolloverDestination};
    let a = cx.a;
    for (i, r) in a.income.retirement.iter().enumerate() {
        if !r.destination_to_confirm {
            continue;
        }
        let payer = match r.payer.trim() {
            "" => format!("1099-R {}", i + 1),
            p => format!("1099-R {} ({p})", i + 1),
        };
        let now = match r.destination {
            RolloverDestination::NotRolledOver => "kept (not rolled over)",
            RolloverDestination::OtherPlanOrIra => {
                "rolled over into another plan or traditional IRA, which is not income"
            }
            RolloverDestination::RothConversion => "converted to a Roth IRA",
        };
        cx.diag(
            Diagnostic::warning(
                OLD_ANSWER_CODE,
                format!(
                    "{payer}: this answer comes from the question earlier versions of the app asked, only whether the distribution was \"rolled over\". It was read as {now}. If the money was converted to a Roth IRA instead, choose that: a conversion is income (N.J.S.A. 54A:5-1 j) and raises the tax. Check where the money went and confirm it"
                ),
            )
            .at(format!("income.retirement[{i}].destination"))
            .cite("N.J.S.A. 54A:5-1 j; 54A:6-10 a"),
        );
    }
    for (i, h) in a.homesteads.iter().enumerate() {
        if !h.title_to_confirm {
            continue;
        }
        let name = match h.description.trim() {
            "" => format!("Home {}", i + 1),
            d => format!("Home {} ({d})", i + 1),
        };
        let now = match h.title {
            HomesteadTitle::Yours => "held in your name (your share of title counts)",
            HomesteadTitle::ByTheEntirety => {
                "held with your spouse as tenants by the entirety, so each of you takes one-half of the property taxes"
            }
            HomesteadTitle::SpouseOnly => {
                "in your spouse's name only, so it gives you no deduction"
            }
        };
        // The other ways title can be held: never the one it is read as.
        let others = [
            (
                HomesteadTitle::Yours,
                "in your name alone or with others as joint tenants or tenants in common",
            ),
            (
                HomesteadTitle::ByTheEntirety,
                "by the entirety with your spouse",
            ),
            (HomesteadTitle::SpouseOnly, "in your spouse's name only"),
        ]
        .into_iter()
        .filter(|(t, _)| *t != h.title)
        .map(|(_, w)| w)
        .collect::<Vec<_>>()
        .join(", or ");
        let owned = if h.kind == HomesteadKind::Owner {
            ""
        } else {
            " (it is now marked as rented, so the title is not used)"
        };
        cx.diag(
            Diagnostic::warning(
                OLD_ANSWER_CODE,
                format!(
                    "{name}: this answer comes from the question earlier versions of the app asked, only whether the home was shared with your spouse filing separately; it is read as {now}{owned}. If title is held another way ({others}), choose that: the deduction changes (N.J.S.A. 54A:3A-17 c, d). Check how you hold title and confirm it"
                ),
            )
            .at(format!("homesteads[{i}].title"))
            .cite("N.J.S.A. 54A:3A-17 c, d"),
        );
    }
}

/// Whether a ZIP code as typed (spaces around it ignored) is five digits (`07030`) or ZIP+4
/// (`07030-1234`).
pub fn zip_is_well_formed(zip: &str) -> bool {
    let zip = zip.trim();
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    match zip.split_once('-') {
        None => digits(zip, 5),
        Some((five, four)) => digits(five, 5) && digits(four, 4),
    }
}

/// Whether a New Jersey county/municipality code as typed (spaces around it ignored) has four
/// digits (`0906`).
pub fn municipality_code_is_well_formed(code: &str) -> bool {
    let code = code.trim();
    code.len() == 4 && code.bytes().all(|b| b.is_ascii_digit())
}

/// Whether a state as typed (spaces around it ignored) is two letters (`NJ`).
pub fn state_is_well_formed(state: &str) -> bool {
    let state = state.trim();
    state.len() == 2 && state.bytes().all(|b| b.is_ascii_alphabetic())
}

/// The home address printed at the top of the return (NJ-1040 and NJ-1040NR header): one warning
/// when nothing was typed, and a warning for each part typed in a shape the form cannot take. A
/// part left empty gets no warning of its own. The ZIP code and state are checked only for a U.S.
/// address (no country typed): a foreign address has neither in that shape. Warnings, not errors:
/// the address changes no amount, so the return is still computed and can still be printed.
fn validate_address(cx: &Ctx, address: &crate::answers::Address) {
    if address.is_empty() {
        cx.diag(
            Diagnostic::warning(
                "address-missing",
                "Your home address is not entered; it is printed at the top of the return",
            )
            .at("address.street"),
        );
    }
    let domestic = address.country.trim().is_empty();
    if domestic && !address.zip.trim().is_empty() && !zip_is_well_formed(&address.zip) {
        cx.diag(
            Diagnostic::warning(
                "address-bad-zip",
                "The ZIP code should be five digits, or five digits, a dash and four (ZIP+4)",
            )
            .at("address.zip"),
        );
    }
    if domestic && !address.state.trim().is_empty() && !state_is_well_formed(&address.state) {
        cx.diag(
            Diagnostic::warning(
                "address-bad-state",
                "The state should be its two-letter abbreviation, for example NJ",
            )
            .at("address.state"),
        );
    }
    if !address.municipality_code.trim().is_empty()
        && !municipality_code_is_well_formed(&address.municipality_code)
    {
        cx.diag(
            Diagnostic::warning(
                "address-bad-municipality-code",
                "The county/municipality code should be four digits, from the table in the NJ-1040 instructions",
            )
            .at("address.municipality_code"),
        );
    }
}

/// Health coverage months (Schedule NJ-HCC Part II): month numbers 1-12, and an exempt month must
/// be a month without coverage (an exemption of 54A:11-7 excuses a month without coverage).
fn validate_coverage(cx: &Ctx, path: &str, c: &crate::answers::Coverage) {
    let valid = 1..=12u8;
    for (field, months) in [
        ("months_without_coverage", &c.months_without_coverage),
        ("exempt_months", &c.exempt_months),
    ] {
        if let Some(m) = months.iter().find(|m| !valid.contains(m)) {
            cx.diag(
                Diagnostic::error(
                    "hcc-bad-month",
                    format!(
                        "Month {m} is not a month: use 1 (January) to 12 (December); it was ignored"
                    ),
                )
                .at(format!("{path}.coverage.{field}")),
            );
        }
    }
    if let Some(m) = c
        .exempt_months
        .iter()
        .find(|m| valid.contains(m) && !c.months_without_coverage.contains(m))
    {
        cx.diag(
            Diagnostic::error(
                "hcc-exempt-month-covered",
                format!("Month {m} is marked exempt but not as a month without coverage; an exemption covers only months without coverage (mark the month without coverage too, or remove the exemption)"),
            )
            .at(format!("{path}.coverage.exempt_months"))
            .cite("N.J.S.A. 54A:11-7"),
        );
    }
    if !c.exempt_months.is_empty() && c.exemption_number.trim().is_empty() {
        cx.diag(
            Diagnostic::warning(
                "hcc-exemption-number-missing",
                "Exempt months need the exemption number the Division issued (Schedule NJ-HCC Part II)",
            )
            .at(format!("{path}.coverage.exemption_number"))
            .cite("N.J.S.A. 54A:11-7"),
        );
    }
}

/// Residency answers: a part-year resident needs a move date inside the year.
fn validate_residency(cx: &Ctx, who: &str, p: &Person) {
    let r = &p.residency;
    let year = cx.year();
    let base = format!("{who}.residency");
    for (field, d) in [
        ("resident_from", r.resident_from),
        ("resident_to", r.resident_to),
    ] {
        if let Some(d) = d
            && r.kind == ResidencyKind::PartYear
            && d.year != year
        {
            cx.diag(
                Diagnostic::error(
                    "residency-date-outside-year",
                    format!("The residency date {d} is not in tax year {year}"),
                )
                .at(format!("{base}.{field}")),
            );
        }
    }
    match r.kind {
        ResidencyKind::FullYear => {}
        ResidencyKind::PartYear => {
            if r.resident_from.is_none() && r.resident_to.is_none() {
                cx.diag(
                    Diagnostic::error(
                        "residency-dates-missing",
                        "A part-year resident needs the date New Jersey residency began (moved in) or ended (moved out); without one the whole year is counted as resident",
                    )
                    .at(format!("{base}.resident_from"))
                    .cite("N.J.S.A. 54A:3-1(c)"),
                );
            }
            if let (Some(f), Some(t)) = (r.resident_from, r.resident_to)
                && f > t
            {
                cx.diag(
                    Diagnostic::error(
                        "residency-dates-reversed",
                        format!("Residency begins {f}, after it ends {t}"),
                    )
                    .at(format!("{base}.resident_to")),
                );
            }
            if r.other_state.trim().is_empty() {
                cx.diag(
                    Diagnostic::warning(
                        "residency-other-state-missing",
                        "Say which state was home while not a New Jersey resident (it decides whether wages are New Jersey income under a reciprocal agreement)",
                    )
                    .at(format!("{base}.other_state")),
                );
            }
        }
        ResidencyKind::Never => {
            if r.other_state.trim().is_empty() {
                cx.diag(
                    Diagnostic::warning(
                        "residency-other-state-missing",
                        "Say which state was home (it decides whether wages are New Jersey income under a reciprocal agreement)",
                    )
                    .at(format!("{base}.other_state")),
                );
            }
        }
    }
}

/// The nonresident-period part of an item must have the item's sign and be no larger; it is used
/// only for a part-year resident.
fn validate_split(
    cx: &Ctx,
    path: impl FnOnce() -> String,
    owner: Option<Owner>,
    amount: Money,
    part: Money,
) {
    if part.is_zero() {
        return;
    }
    let mover =
        cx.a.person(owner.unwrap_or(Owner::Taxpayer))
            .is_some_and(|p| p.residency.kind == ResidencyKind::PartYear);
    if !mover {
        cx.diag(
            Diagnostic::warning(
                "split-not-used",
                "An amount received while not a resident is used only for a part-year resident; it is ignored here",
            )
            .at(path()),
        );
        return;
    }
    if part.is_sign_negative() != amount.is_sign_negative() || part.abs() > amount.abs() {
        cx.diag(
            Diagnostic::error(
                "split-too-large",
                format!(
                    "The part received while not a resident ({}) must be within the item's amount ({})",
                    fmt_money(part),
                    fmt_money(amount)
                ),
            )
            .at(path()),
        );
    }
}

/// Check the nonresident-period parts of the draft's items and deductions. Run once over the
/// draft's own answers (a derived period return has the parts already applied).
pub fn validate_splits(cx: &Ctx) {
    use crate::rules::income::{dividend_part, interest_parts, retirement_parts};
    let inc = &cx.a.income;
    let nr = "sourcing.nonresident_period";
    for (i, w) in inc.w2s.iter().enumerate() {
        validate_split(
            cx,
            || format!("income.w2s[{i}].{nr}"),
            Some(w.owner),
            w.state_wages,
            w.sourcing.nonresident_period,
        );
        let outside = w.days_worked.saturating_sub(w.nj_days_worked);
        if w.convenience_days > outside {
            cx.diag(
                Diagnostic::warning(
                    "convenience-days-over",
                    format!(
                        "The days outside New Jersey for your convenience ({}) are more than the days worked outside New Jersey ({} days worked, {} in New Jersey); {outside} are used",
                        w.convenience_days, w.days_worked, w.nj_days_worked
                    ),
                )
                .at(format!("income.w2s[{i}].convenience_days"))
                .cite("N.J.S.A. 54A:5-8 e"),
            );
        }
    }
    for (i, x) in inc.interest.iter().enumerate() {
        validate_split(
            cx,
            || format!("income.interest[{i}].{nr}"),
            Some(x.owner),
            interest_parts(x).0,
            x.sourcing.nonresident_period,
        );
    }
    for (i, d) in inc.dividends.iter().enumerate() {
        let total = crate::money::sat_add(
            dividend_part(d),
            crate::money::floor_zero(d.capital_gain_distributions),
        );
        validate_split(
            cx,
            || format!("income.dividends[{i}].{nr}"),
            Some(d.owner),
            total,
            d.sourcing.nonresident_period,
        );
    }
    for (i, r) in inc.retirement.iter().enumerate() {
        validate_split(
            cx,
            || format!("income.retirement[{i}].{nr}"),
            Some(r.owner),
            retirement_parts(r).0,
            r.sourcing.nonresident_period,
        );
    }
    for (i, b) in inc.businesses.iter().enumerate() {
        validate_split(
            cx,
            || format!("income.businesses[{i}].{nr}"),
            Some(b.owner),
            b.net_profit,
            b.sourcing.nonresident_period,
        );
    }
    for (i, x) in inc.property_sales.iter().enumerate() {
        validate_split(
            cx,
            || format!("income.property_sales[{i}].{nr}"),
            Some(x.owner),
            x.gain_or_loss,
            x.sourcing.nonresident_period,
        );
    }
    for (i, x) in inc.partnerships.iter().enumerate() {
        validate_split(
            cx,
            || format!("income.partnerships[{i}].{nr}"),
            Some(x.owner),
            x.share,
            x.sourcing.nonresident_period,
        );
    }
    for (i, x) in inc.s_corporations.iter().enumerate() {
        validate_split(
            cx,
            || format!("income.s_corporations[{i}].{nr}"),
            Some(x.owner),
            x.share,
            x.sourcing.nonresident_period,
        );
    }
    for (i, x) in inc.rents.iter().enumerate() {
        validate_split(
            cx,
            || format!("income.rents[{i}].{nr}"),
            Some(x.owner),
            x.net,
            x.sourcing.nonresident_period,
        );
    }
    for (i, x) in inc.gambling.wins.iter().enumerate() {
        validate_split(
            cx,
            || format!("income.gambling.wins[{i}].{nr}"),
            None,
            x.amount,
            x.sourcing.nonresident_period,
        );
    }
    for (i, x) in inc.other.iter().enumerate() {
        validate_split(
            cx,
            || format!("income.other[{i}].{nr}"),
            None,
            x.amount,
            x.sourcing.nonresident_period,
        );
    }
    validate_split(
        cx,
        || "income.gambling.losses_nonresident_period".into(),
        None,
        inc.gambling.losses,
        inc.gambling.losses_nonresident_period,
    );
    validate_split(
        cx,
        || "income.alimony_received_nonresident_period".into(),
        None,
        inc.alimony_received,
        inc.alimony_received_nonresident_period,
    );
    for ((name, total), (_, part)) in
        cx.a.deductions
            .amounts()
            .into_iter()
            .zip(cx.a.deductions_while_nonresident.amounts())
    {
        validate_split(
            cx,
            || format!("deductions_while_nonresident.{name}"),
            None,
            total,
            part,
        );
    }
    // 54A:3-10 c's amount of the year before or after is a whole-year fact, never divided.
    let other_year = cx.a.deductions_while_nonresident.organ_donation_other_year;
    if !other_year.is_zero() {
        cx.diag(
            Diagnostic::warning(
                "organ-donation-other-year-split",
                format!(
                    "The donation costs of the year before or after are one figure for the whole year: the {} given for the nonresident period is not used; the figure on the Deductions screen is used for both returns",
                    crate::money::fmt_money(other_year)
                ),
            )
            .at("deductions_while_nonresident.organ_donation_other_year")
            .cite("N.J.S.A. 54A:3-10 c"),
        );
    }
}

pub use crate::answers::{RoutingProblem, account_number_is_well_formed, routing_number_problem};

/// The codes of the direct deposit's diagnostics.
pub mod deposit_codes {
    /// The routing number is missing, not nine digits, or not a U.S. bank's.
    pub const ROUTING: &str = "deposit-routing-number";
    /// The account number is missing or not 1 to 17 digits.
    pub const ACCOUNT: &str = "deposit-account-number";
    /// Checking or savings is not chosen.
    pub const ACCOUNT_TYPE: &str = "deposit-account-type";
    /// The refund would go on to an account outside the United States.
    pub const OUTSIDE_US: &str = "deposit-outside-us";
    /// A deposit is asked for but there is no refund.
    pub const NO_REFUND: &str = "deposit-no-refund";
}

/// The direct deposit of the refund (`refund.direct_deposit`): an error for each number typed
/// in a shape no bank account has, for an account type not chosen and for an account outside
/// the United States (the Division deposits no refund abroad: a paper check is sent instead);
/// a warning when the draft's returns have no refund to deposit (`refund`: whether any return
/// that carries the deposit has a refund). Like SSNs, the numbers never appear in a message:
/// each names the answer, at its path.
pub fn validate_direct_deposit(cx: &Ctx, refund: bool) {
    use deposit_codes as code;
    let Some(dd) = &cx.a.refund.direct_deposit else {
        return;
    };
    let path = |field: &str| format!("refund.direct_deposit.{field}");
    if dd.outside_us {
        cx.diag(
            Diagnostic::error(
                code::OUTSIDE_US,
                "Your refund cannot be deposited: the Division of Taxation does not deposit a refund that would go on to a bank account outside the United States. Untick \"Deposit my refund in my bank account\" to get a paper check",
            )
            .at(path("outside_us")),
        );
    }
    let routing = match routing_number_problem(&dd.routing_number) {
        None => None,
        Some(RoutingProblem::Missing) => Some(
            "The routing number for the direct deposit of your refund is missing: it is the first group of 9 digits at the bottom left of a check",
        ),
        Some(RoutingProblem::NotNineDigits) => Some(
            "The routing number for the direct deposit of your refund must be 9 digits, with no spaces, dashes or letters",
        ),
        Some(RoutingProblem::CheckDigit) => Some(
            "The routing number for the direct deposit of your refund is not a valid one: its check digit does not match, so a digit is mistyped. Compare it with a check or your bank's letter",
        ),
        Some(RoutingProblem::Prefix) => Some(
            "The routing number for the direct deposit of your refund is not a U.S. bank's: its first two digits must be 00 to 12, 21 to 32, 61 to 72 or 80. Compare it with a check or your bank's letter",
        ),
    };
    if let Some(message) = routing {
        cx.diag(Diagnostic::error(code::ROUTING, message).at(path("routing_number")));
    }
    if dd.account_number.trim().is_empty() {
        cx.diag(
            Diagnostic::error(
                code::ACCOUNT,
                "The account number for the direct deposit of your refund is missing: it follows the routing number at the bottom of a check",
            )
            .at(path("account_number")),
        );
    } else if !account_number_is_well_formed(&dd.account_number) {
        cx.diag(
            Diagnostic::error(
                code::ACCOUNT,
                "The account number for the direct deposit of your refund must be 1 to 17 digits, with no spaces, dashes or letters (leave out the check number)",
            )
            .at(path("account_number")),
        );
    }
    if dd.account_type == crate::answers::AccountType::NotChosen {
        cx.diag(
            Diagnostic::error(
                code::ACCOUNT_TYPE,
                "Choose whether the account for the direct deposit of your refund is a checking or a savings account",
            )
            .at(path("account_type")),
        );
    }
    if !refund {
        cx.diag(
            Diagnostic::warning(
                code::NO_REFUND,
                "Direct deposit of the refund is asked for, but the return has no refund to deposit: the bank account is not used",
            )
            .at("refund.direct_deposit"),
        );
    }
}

/// What the set of returns shows that a per-return check cannot see: whether the spouses'
/// residency differed (the both-residents election then chooses the returns) and whether any
/// return is a nonresident one.
#[derive(Clone, Copy, Debug)]
pub struct ReturnsPlanned {
    /// The spouses' residency differed, so `both_residents_election` chooses the returns.
    pub election_applies: bool,
    /// One of the returns is an NJ-1040NR.
    pub nonresident_return: bool,
}

/// Answers given that no return of the set uses (issue 39: never silence). Each warning names the
/// answer, says why it is not used and what to do.
pub fn validate_unused(cx: &Ctx, planned: ReturnsPlanned) {
    use crate::answers::ResidencyKind;
    let a = cx.a;
    if a.both_residents_election && !planned.election_applies {
        cx.diag(
            Diagnostic::warning(
                "unused-both-residents-election",
                "The election for both spouses to be taxed as New Jersey residents is chosen, but it applies only to a joint return of spouses whose residency differed during the year; it was not used",
            )
            .at("both_residents_election")
            .cite("N.J.S.A. 54A:5-6 b, 8-3.1 d"),
        );
    }
    let both_nonresident = a.filing_status.is_joint()
        && a.taxpayer.residency.kind == ResidencyKind::Never
        && a.spouse
            .as_ref()
            .is_some_and(|s| s.residency.kind == ResidencyKind::Never);
    if a.nonresident_joint_election && !both_nonresident {
        cx.diag(
            Diagnostic::warning(
                "unused-nonresident-joint-election",
                "The election of nonresident spouses to file one joint return is chosen, but it applies only to a joint return of spouses who were both nonresidents all year; it was not used",
            )
            .at("nonresident_joint_election")
            .cite("N.J.S.A. 54A:8-3.1 h"),
        );
    }
    if !planned.nonresident_return && !a.payments.partnership_tax_paid.is_zero() {
        cx.diag(
            Diagnostic::warning(
                "unused-partnership-payments",
                "Partnership payments (tax a partnership paid for a nonresident partner, Schedule NJK-1) are entered, but every return here is a resident NJ-1040, which has no line for them; they were not used. A partner who was a nonresident for part of the year claims them on the NJ-1040NR: check the residency answers",
            )
            .at("payments.partnership_tax_paid")
            .cite("N.J.S.A. 54:10A-15.11"),
        );
    }
    let g = &a.income.gambling;
    if g.wins.is_empty() && !(g.losses.is_zero() && g.losses_nj_source.is_zero()) {
        cx.diag(
            Diagnostic::warning(
                "unused-gambling-losses",
                "Gambling losses are entered but no gambling winnings: losses count only against winnings of the same year, so they were not used",
            )
            .at("income.gambling.losses")
            .cite("N.J.S.A. 54A:5-1 l; 54A:5-2"),
        );
    }
    unused_item_answers(cx);
    if a.filing_status == crate::answers::FilingStatus::MarriedSeparate
        && let Some(sp) = &a.spouse
    {
        for (given, path, what) in [
            (
                sp.blind_or_disabled,
                "spouse.blind_or_disabled",
                "blind or disabled",
            ),
            (sp.veteran, "spouse.veteran", "a veteran"),
        ] {
            if given {
                cx.diag(
                    Diagnostic::warning(
                        "unused-spouse-exemption",
                        format!("Your spouse is marked as {what}, but on a separate return only your own exemptions are taken (your spouse claims theirs on their own return); it was not used"),
                    )
                    .at(path)
                    .cite("N.J.S.A. 54A:3-1"),
                );
            }
        }
    }
}

/// Item answers given where they do not apply (issue 39: never silence): a W-2's days on a
/// full-year resident's W-2, convenience days for an employer outside New Jersey, a Roth answer on
/// another kind of plan, a conversion's basis on money not converted, a rented home's title, the
/// adjoining year's organ donation with none this year; and New Jersey wages above the W-2's wages.
fn unused_item_answers(cx: &Ctx) {
    use crate::answers::{
        HomesteadKind, HomesteadTitle, ResidencyKind, RetirementKind, RolloverDestination,
    };
    let a = cx.a;
    for (i, w) in a.income.w2s.iter().enumerate() {
        let base = format!("income.w2s[{i}]");
        let full_year = a
            .person(w.owner)
            .is_some_and(|p| p.residency.kind == ResidencyKind::FullYear);
        if full_year && (w.days_worked > 0 || w.nj_days_worked > 0 || w.convenience_days > 0) {
            cx.diag(
                Diagnostic::warning(
                    "w2-days-not-used",
                    format!("W-2 {}: the days worked given are used only to find the New Jersey wages of a nonresident or of the months a part-year resident lived elsewhere; for a full-year resident all wages count, so they were not used", i + 1),
                )
                .at(format!("{base}.days_worked"))
                .cite("N.J.S.A. 54A:5-8"),
            );
        } else if !w.employer_in_nj && w.convenience_days > 0 {
            cx.diag(
                Diagnostic::warning(
                    "convenience-days-not-used",
                    format!("W-2 {}: days worked away for your convenience count as New Jersey days only for an employer in New Jersey; this W-2's employer is not marked as one, so they were not used", i + 1),
                )
                .at(format!("{base}.convenience_days"))
                .cite("N.J.S.A. 54A:5-8 e"),
            );
        }
        if let Some(nj) = w.sourcing.nj_source
            && nj > floor_zero(w.state_wages)
        {
            cx.diag(
                Diagnostic::error(
                    "nj-wages-over-wages",
                    format!(
                        "W-2 {}: the New Jersey wages entered ({}) are more than the W-2's state wages ({}); New Jersey wages are a part of them. The W-2's wages are used until this is corrected",
                        i + 1,
                        fmt_money(nj),
                        fmt_money(floor_zero(w.state_wages))
                    ),
                )
                .at(format!("{base}.sourcing.nj_source"))
                .cite("N.J.S.A. 54A:5-8"),
            );
        }
    }
    for (i, r) in a.income.retirement.iter().enumerate() {
        let base = format!("income.retirement[{i}]");
        if r.roth_qualified && r.kind != RetirementKind::Roth {
            cx.diag(
                Diagnostic::warning(
                    "roth-qualified-not-used",
                    format!("1099-R {}: \"qualified Roth distribution\" applies only to a Roth IRA or Roth account; this one is not a Roth, so it was not used", i + 1),
                )
                .at(format!("{base}.roth_qualified"))
                .cite("N.J.S.A. 54A:6-28"),
            );
        }
        if !r.conversion_nj_basis.is_zero() && r.destination != RolloverDestination::RothConversion
        {
            cx.diag(
                Diagnostic::warning(
                    "conversion-basis-not-used",
                    format!("1099-R {}: the contributions already taxed in a conversion count only when the money was converted to a Roth IRA; this distribution was not, so they were not used", i + 1),
                )
                .at(format!("{base}.conversion_nj_basis"))
                .cite("N.J.S.A. 54A:5-1 j"),
            );
        }
    }
    for (i, h) in a.homesteads.iter().enumerate() {
        if h.kind == HomesteadKind::Tenant && h.title != HomesteadTitle::Yours {
            cx.diag(
                Diagnostic::warning(
                    "tenant-title-not-used",
                    format!("Home {}: how title is held counts only for an owned home; this one is rented, so it was not used", i + 1),
                )
                .at(format!("homesteads[{i}].title"))
                .cite("N.J.S.A. 54A:3A-17 c, d"),
            );
        }
    }
    let d = &a.deductions;
    if !d.organ_donation_other_year.is_zero() && d.organ_donation_costs.is_zero() {
        cx.diag(
            Diagnostic::warning(
                "organ-donation-other-year-not-used",
                "The organ or bone marrow donation costs deducted in the year before or after are used only to hold this year's deduction within the limit for one transplant over the two years; no costs are entered for this year, so they were not used",
            )
            .at("deductions.organ_donation_other_year")
            .cite("N.J.S.A. 54A:3-10 c"),
        );
    }
}
