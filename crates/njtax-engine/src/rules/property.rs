//! Property tax deduction or credit and the credit for taxes paid to other jurisdictions
//! (NJ-1040 lines 40a-44 and 56; N.J.S.A. 54A:3A-15..3A-22, 54A:4-1).
//!
//! - Line 40a: property taxes (18% of rent for tenants) on the filer's New Jersey homesteads for
//!   the part of the year each was the principal residence (3A-16, 3A-17, 3A-18, 3A-19).
//! - Worksheet H (no other-jurisdiction credit) or Schedule NJ-COJ plus Worksheet I (with it):
//!   compare the tax with the deduction (column A) and without it (column B). The deduction is the
//!   benefit the Act allows (3A-17..3A-19); the $50 credit is an election "instead of the
//!   deduction" (3A-20 a). The engine elects the credit only when the deduction saves less than the
//!   credit; at an exact tie the deduction stands (docs/decisions/property-50-dollar-tie.md).
//! - Line 56: the credit, when elected, or for a filer 65 or older or blind or disabled who is not
//!   subject to tax (3A-20 a(1)(b)).
//!
//! Decisions (each pinned by a test in `tests/property.rs`):
//! - An owner's `property_taxes` is the whole homestead's tax for the year; the part counted is
//!   the filer's share of title (3A-17 c) of the unit occupied (3A-17 e) for the months it was the
//!   principal residence (3A-17 b). A tenant's `rent_paid` is the rent actually paid for the
//!   period occupied, so it is not prorated again.
//! - Every married filer filing separately gets one-half of the credit, $25, whether or not the
//!   spouses share a home: 3A-20 b states no such condition (docs/decisions/property-mfs-credit.md).
//! - Filing separately, an owned homestead is halved (and the cap with it) only when title is held
//!   by the spouses as tenants by the entirety, or both are shareholders of the cooperative living
//!   in the unit (3A-17 d): the couple's taxes, whatever share of title was typed. Title in the
//!   filer's name (alone or as joint tenants or tenants in common) counts the filer's share of
//!   title (3A-17 c); title in the spouse's name alone counts nothing on the filer's return. A
//!   rented homestead is halved when the spouse lives there too (3A-18 b)
//!   (docs/decisions/property-homestead-amounts.md).

use rust_decimal::Decimal;

use crate::answers::{FilingStatus, HomesteadKind, HomesteadTitle, Owner};
use crate::explain::{Diagnostic, Explanation, Line};
use crate::key::Key;
pub use crate::law::property::{PropertyParams, PropertyParamsFile};
use crate::money::{floor_zero, fmt_money, mul_div, sat_add, sat_mul, sat_sub, times_rate};
use crate::rules::coj::{self, CojCol, CojColumnInput, CojSchedule};
use crate::rules::tax::{SubjectToTax, subject_to_tax};
use crate::schedule::Schedule;
use crate::sheet::{Ctx, Sheet};

/// Worksheet step whose value is the tax saved by the deduction (Worksheet H).
pub const STEP_H_SAVED: &str = "Worksheet H line 7";
/// Worksheet step whose value is the tax saved by the deduction (Worksheet I).
pub const STEP_I_SAVED: &str = "Worksheet I line 4";

const PERCENT_MAX: Decimal = Decimal::ONE_HUNDRED;
const MONTHS_IN_YEAR: u8 = 12;

/// One homestead's contribution to line 40a.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HomesteadAmount {
    /// Index in `answers.homesteads`.
    pub index: usize,
    /// Owned or rented.
    pub kind: HomesteadKind,
    /// Amount counted on line 40a (after proration and halving).
    pub amount: Decimal,
    /// Halved because it is shared with the spouse filing separately.
    pub shared: bool,
    /// The computation in words.
    pub text: String,
}

/// Line 40a worked out from the homesteads, with the diagnostics found (not yet emitted).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Homesteads {
    /// Each homestead.
    pub items: Vec<HomesteadAmount>,
    /// Line 40a.
    pub total: Decimal,
    /// Part of line 40a from homesteads not shared with a spouse filing separately.
    pub unshared: Decimal,
    /// Part of line 40a from shared homesteads (already halved).
    pub shared: Decimal,
    /// Any homestead was halved as shared.
    pub any_shared: bool,
    /// Diagnostics found.
    pub diags: Vec<Diagnostic>,
}

fn percent(cx_diags: &mut Vec<Diagnostic>, value: Decimal, path: String, what: &str) -> Decimal {
    if value < Decimal::ZERO || value > PERCENT_MAX {
        let used = value.max(Decimal::ZERO).min(PERCENT_MAX);
        cx_diags.push(
            Diagnostic::error(
                "percent-out-of-range",
                format!(
                    "{what} must be between 0 and 100; {} was entered and {}% used",
                    value.normalize(),
                    used.normalize()
                ),
            )
            .at(path)
            .cite("N.J.S.A. 54A:3A-17 c, e"),
        );
        used
    } else {
        value
    }
}

fn not_negative(diags: &mut Vec<Diagnostic>, value: Decimal, path: String, what: &str) -> Decimal {
    if value.is_sign_negative() && !value.is_zero() {
        diags.push(
            Diagnostic::error(
                "negative-amount",
                format!("{what} cannot be negative; it was treated as zero"),
            )
            .at(path)
            .cite("N.J.S.A. 54A:3A-16"),
        );
        Decimal::ZERO
    } else {
        value
    }
}

/// An owned homestead held by the spouses as tenants by the entirety (or both shareholders of the
/// cooperative): the title answer alone. The "shared with the spouse" tick is a tenant's answer
/// (3A-18 b); left over on a home switched to owned, it is not used (a format 7 draft's tick on an
/// owned home became this title when the draft was read).
fn by_the_entirety(h: &crate::answers::Homestead) -> bool {
    h.kind == HomesteadKind::Owner && h.title == HomesteadTitle::ByTheEntirety
}

/// Work out every homestead's part of line 40a (3A-16..3A-19), without emitting diagnostics.
pub fn homesteads(cx: &Ctx) -> Homesteads {
    let p = &cx.p.property;
    let mfs = cx.a.filing_status == FilingStatus::MarriedSeparate;
    let mut out = Homesteads::default();
    let mut months_total: u32 = 0;
    for (i, h) in cx.a.homesteads.iter().enumerate() {
        let path = format!("homesteads[{i}]");
        let name = if h.description.trim().is_empty() {
            format!("Homestead {}", i + 1)
        } else {
            format!("Homestead {} ({})", i + 1, h.description.trim())
        };
        let d = &mut out.diags;
        let months = if h.months_occupied > MONTHS_IN_YEAR {
            d.push(
                Diagnostic::error(
                    "months-out-of-range",
                    format!(
                        "{name}: months occupied must be 0 to 12; {} was entered and 12 used",
                        h.months_occupied
                    ),
                )
                .at(format!("{path}.months_occupied"))
                .cite("N.J.S.A. 54A:3A-17 b"),
            );
            MONTHS_IN_YEAR
        } else {
            h.months_occupied
        };
        months_total += u32::from(months);
        let (mut amount, mut text) = match h.kind {
            HomesteadKind::Owner => {
                let taxes = not_negative(
                    d,
                    h.property_taxes,
                    format!("{path}.property_taxes"),
                    "Property taxes",
                );
                let typed_own = percent(
                    d,
                    h.ownership_percent,
                    format!("{path}.ownership_percent"),
                    "Ownership percentage",
                );
                // Tenants by the entirety hold the whole title together: the couple's taxes are
                // counted and then halved (3A-17 d), so a typed share is not applied as well.
                let own = if mfs && by_the_entirety(h) {
                    if typed_own != PERCENT_MAX {
                        d.push(
                            Diagnostic::warning(
                                "entirety-share-not-used",
                                format!("{name} is held with your spouse as tenants by the entirety: the couple's whole title counts and each of you takes one-half of it (3A-17 d), so the {}% share of title entered was not used", typed_own.normalize()),
                            )
                            .at(format!("{path}.ownership_percent"))
                            .cite("N.J.S.A. 54A:3A-17 c, d"),
                        );
                    }
                    PERCENT_MAX
                } else if mfs && h.title == HomesteadTitle::SpouseOnly {
                    Decimal::ZERO
                } else {
                    typed_own
                };
                let unit = percent(
                    d,
                    h.unit_percent,
                    format!("{path}.unit_percent"),
                    "Unit percentage",
                );
                if !h.rent_paid.is_zero() {
                    d.push(
                        Diagnostic::warning(
                            "homestead-kind-mismatch",
                            format!("{name} is owned; the rent entered for it was not used (enter a rented home as a separate tenant homestead)"),
                        )
                        .at(format!("{path}.rent_paid"))
                        .cite("N.J.S.A. 54A:3A-17, 3A-19"),
                    );
                }
                // taxes x own% x unit% x months/12, rounded once to the cent: the product first,
                // then one division, so an exact half cent rounds up (7/12 taken first is
                // 0.58333..., which leaves a half cent just below the half).
                let denominator = sat_mul(
                    sat_mul(PERCENT_MAX, PERCENT_MAX),
                    Decimal::from(MONTHS_IN_YEAR),
                );
                let numerator = sat_mul(sat_mul(own, unit), Decimal::from(months));
                let amount = mul_div(taxes, numerator, denominator);
                (
                    amount,
                    crate::explain_format!(
                        cx,
                        "{name}, owned: property taxes for the year {} x {}% share of title x {}% for the unit occupied x {months}/12 months as principal residence = {}",
                        fmt_money(taxes),
                        own.normalize(),
                        unit.normalize(),
                        fmt_money(amount)
                    ),
                )
            }
            HomesteadKind::Tenant => {
                let rent = not_negative(d, h.rent_paid, format!("{path}.rent_paid"), "Rent paid");
                if !h.property_taxes.is_zero() {
                    d.push(
                        Diagnostic::warning(
                            "homestead-kind-mismatch",
                            format!("{name} is rented; the property taxes entered for it were not used (tenants count 18% of the rent they paid)"),
                        )
                        .at(format!("{path}.property_taxes"))
                        .cite("N.J.S.A. 54A:3A-16, 3A-18"),
                    );
                }
                if h.ownership_percent != PERCENT_MAX || h.unit_percent != PERCENT_MAX {
                    d.push(
                        Diagnostic::warning(
                            "homestead-kind-mismatch",
                            format!("{name} is rented; its ownership and unit percentages were not used (enter only the rent you paid: 3A-18 c divides rent by what each tenant paid)"),
                        )
                        .at(path.clone())
                        .cite("N.J.S.A. 54A:3A-18 c"),
                    );
                }
                let amount = times_rate(rent, p.rent_share.value);
                (
                    amount,
                    crate::explain_format!(
                        cx,
                        "{name}, rented: {}% of rent paid for the period occupied {} = {}",
                        (p.rent_share.value * PERCENT_MAX).normalize(),
                        fmt_money(rent),
                        fmt_money(amount)
                    ),
                )
            }
        };
        let entered = match h.kind {
            HomesteadKind::Owner => h.property_taxes > Decimal::ZERO,
            HomesteadKind::Tenant => h.rent_paid > Decimal::ZERO,
        };
        if months == 0 && entered {
            d.push(
                Diagnostic::warning(
                    "homestead-not-occupied",
                    format!("{name} was not occupied as the principal residence during the year (0 months), so it counts nothing"),
                )
                .at(format!("{path}.months_occupied"))
                .cite("N.J.S.A. 54A:3A-16 (\"principal residence\"), 3A-17 b"),
            );
            amount = Decimal::ZERO;
            text.push_str(&format!(" (not occupied: {})", fmt_money(Decimal::ZERO)));
        }
        if mfs && h.kind == HomesteadKind::Owner && h.title == HomesteadTitle::SpouseOnly {
            d.push(
                Diagnostic::info(
                    "homestead-spouses-title",
                    format!("{name} is in your spouse's name only: it counts nothing on your separate return (your spouse's return takes the taxes on it)"),
                )
                .at(format!("{path}.title"))
                .cite("N.J.S.A. 54A:3A-17 a, c"),
            );
            text.push_str(&format!(
                " (title in your spouse's name only: {} on your separate return)",
                fmt_money(Decimal::ZERO)
            ));
        }
        if h.kind == HomesteadKind::Owner && h.shared_with_spouse_filing_separately {
            // The tick is a tenant's answer (3A-18 b); on an owned home how title is held decides
            // (3A-17 c, d). Format 7 drafts had it on owned homes; their upgrade moved it.
            d.push(
                Diagnostic::warning(
                    "owner-shared-tick-not-used",
                    format!("{name} is owned, and it is marked \"your spouse lives here too\", an answer for a rented home; it was not used. For an owned home, how title is held decides whether the property taxes are split with a spouse filing separately (held by the entirety: one-half each). Choose the title, then clear this mark"),
                )
                .at(format!("{path}.shared_with_spouse_filing_separately"))
                .cite("N.J.S.A. 54A:3A-17 c, d; 54A:3A-18 b"),
            );
        }
        let halve = match h.kind {
            HomesteadKind::Owner => by_the_entirety(h),
            HomesteadKind::Tenant => h.shared_with_spouse_filing_separately,
        };
        let mut shared = false;
        if halve {
            if mfs {
                let before = amount;
                amount = times_rate(amount, p.shared_home_mfs_fraction.value);
                shared = true;
                text.push_str(&crate::explain_format!(
                    cx,
                    "; {}, so {}% of {} = {}",
                    if h.kind == HomesteadKind::Owner {
                        "held with the spouse filing separately as tenants by the entirety"
                    } else {
                        "shared with the spouse filing separately"
                    },
                    (p.shared_home_mfs_fraction.value * PERCENT_MAX).normalize(),
                    fmt_money(before),
                    fmt_money(amount)
                ));
            } else if h.kind == HomesteadKind::Tenant && h.shared_with_spouse_filing_separately {
                // Title by the entirety is a fact on any return; only the flag asks for halving.
                d.push(
                    Diagnostic::warning(
                        "shared-home-not-separate",
                        format!("{name} is marked as shared with a spouse filing separately, but the filing status is not married filing separately; it was not halved"),
                    )
                    .at(format!("{path}.shared_with_spouse_filing_separately"))
                    .cite("N.J.S.A. 54A:3A-17 d, 3A-18 b"),
                );
            }
        } else if mfs && h.kind == HomesteadKind::Tenant && !amount.is_zero() {
            d.push(
                Diagnostic::warning(
                    "mfs-tenant-not-shared",
                    format!("{name}: N.J.S.A. 54A:3A-18 b gives spouses filing separately one-half each of the deduction for rent. This home is not marked as shared with your spouse, so the full amount is used; if your spouse lived there too, mark it shared"),
                )
                .at(format!("{path}.shared_with_spouse_filing_separately"))
                .cite("N.J.S.A. 54A:3A-18 b"),
            );
        }
        if shared {
            out.shared = sat_add(out.shared, amount);
            out.any_shared = true;
        } else {
            out.unshared = sat_add(out.unshared, amount);
        }
        out.total = sat_add(out.total, amount);
        out.items.push(HomesteadAmount {
            index: i,
            kind: h.kind,
            amount,
            shared,
            text,
        });
    }
    if months_total > u32::from(MONTHS_IN_YEAR) {
        out.diags.push(
            Diagnostic::warning(
                "homestead-months-overlap",
                format!("The homesteads add up to {months_total} months of principal residence, more than 12; only one home at a time can be the principal residence, so check the months entered"),
            )
            .at("homesteads")
            .cite("N.J.S.A. 54A:3A-17 b"),
        );
    }
    let owner =
        cx.a.homesteads
            .iter()
            .any(|h| h.kind == HomesteadKind::Owner);
    if owner && senior_or_blind(cx) {
        out.diags.push(
            Diagnostic::info(
                "senior-freeze-limit",
                format!("If you are eligible for the Senior Freeze (homestead property tax reimbursement), the property tax deduction cannot exceed your base-year property taxes; this version does not ask for them, so check that line {} is not above that amount", cx.id(Key::PropertyTaxDeduction)),
            )
            .at("homesteads")
            .cite("N.J.S.A. 54A:3A-17 g"),
        );
    }
    out
}

/// Line 40a: property taxes (18% of rent for tenants) on the filer's homesteads for the part of
/// the year each was the principal residence (N.J.S.A. 54A:3A-16..3A-19).
pub fn line_40a_property_taxes_paid(cx: &Ctx, _s: &Sheet) -> Line {
    let hs = homesteads(cx);
    for d in hs.diags.iter().cloned() {
        cx.diag(d);
    }
    let rule = if hs.items.is_empty() {
        format!(
            "No homestead entered: no property taxes or rent paid on a New Jersey principal residence, {}",
            fmt_money(Decimal::ZERO)
        )
    } else {
        let parts: Vec<&str> = hs.items.iter().map(|h| h.text.as_str()).collect();
        crate::explain_format!(cx, "{}. Total {}", parts.join("; "), fmt_money(hs.total))
    };
    let mut exp = cx.explanation(rule, "N.J.S.A. 54A:3A-16, 3A-17 b-e, 3A-18, 3A-19");
    for (i, h) in cx.a.homesteads.iter().enumerate() {
        let path = format!("homesteads[{i}]");
        match h.kind {
            HomesteadKind::Owner => {
                exp = exp
                    .answer(
                        "Property taxes for the year",
                        crate::explain_format!(cx, "{path}.property_taxes"),
                        h.property_taxes,
                    )
                    .answer_text(
                        "Share of title",
                        crate::explain_format!(cx, "{path}.ownership_percent"),
                        crate::explain_format!(cx, "{}%", h.ownership_percent.normalize()),
                    )
                    .answer_text(
                        "Unit occupied",
                        crate::explain_format!(cx, "{path}.unit_percent"),
                        crate::explain_format!(cx, "{}%", h.unit_percent.normalize()),
                    );
            }
            HomesteadKind::Tenant => {
                exp = exp.answer(
                    "Rent paid",
                    crate::explain_format!(cx, "{path}.rent_paid"),
                    h.rent_paid,
                );
            }
        }
        exp = exp.answer_text(
            "Months occupied as principal residence",
            crate::explain_format!(cx, "{path}.months_occupied"),
            h.months_occupied.to_string(),
        );
        if cx.a.filing_status == FilingStatus::MarriedSeparate && h.kind == HomesteadKind::Owner {
            exp = exp.answer_text(
                "Title",
                crate::explain_format!(cx, "{path}.title"),
                match h.title {
                    HomesteadTitle::ByTheEntirety => "with your spouse as tenants by the entirety",
                    HomesteadTitle::SpouseOnly => "your spouse's name only",
                    HomesteadTitle::Yours => "your name (your share of title)",
                },
            );
        } else if h.kind == HomesteadKind::Tenant && h.shared_with_spouse_filing_separately {
            exp = exp.answer_text(
                "Spouse filing separately lives here too",
                crate::explain_format!(cx, "{path}.shared_with_spouse_filing_separately"),
                "yes",
            );
        }
    }
    if hs.items.iter().any(|h| h.kind == HomesteadKind::Tenant) {
        exp = exp.param(&cx.p.property.rent_share);
    }
    if hs.any_shared {
        exp = exp.param(&cx.p.property.shared_home_mfs_fraction);
    }
    cx.line(Key::PropertyTaxesPaid, hs.total, exp)
}

/// Whether the filer (or the spouse on a joint return) is 65 or older at the close of the year
/// or blind or disabled (3A-20 a(1)(b), by way of 54A:3-1 b).
pub fn senior_or_blind(cx: &Ctx) -> bool {
    let age = cx.p.property.credit_senior_age.value;
    let year = cx.year();
    let qualifies = |owner: Owner| {
        cx.a.person(owner).is_some_and(|p| {
            p.blind_or_disabled
                || p.birth_date
                    .and_then(|b| b.age_at_year_end(year))
                    .is_some_and(|a| u32::from(a) >= age)
        })
    };
    qualifies(Owner::Taxpayer) || (cx.a.counts(Owner::Spouse) && qualifies(Owner::Spouse))
}

/// Who may have the property tax benefit, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eligibility {
    /// Line 40a is above zero: property taxes or rent were paid on a homestead.
    pub paid: bool,
    /// Subject to tax: gross income (line 29; a part-year resident's or nonresident's whole year
    /// as if a resident) is above the 54A:2-4 threshold ([`crate::rules::tax::subject_to_tax`]).
    pub subject_to_tax: bool,
    /// Filer or spouse (joint) 65 or older, or blind or disabled.
    pub senior_or_blind: bool,
    /// May take the deduction (paid, and subject to tax).
    pub deduction: bool,
    /// May take the credit (paid, and subject to tax or senior/blind/disabled).
    pub credit: bool,
    /// The reason in words.
    pub reason: String,
}

/// Eligibility for the deduction and the credit (3A-17..3A-20; 54A:2-4). Whether the filer is
/// subject to tax is [`crate::rules::tax::subject_to_tax`], the same test as line 43's: for a
/// part-year resident the whole year's gross income as if a resident, not the resident period's
/// line 29.
pub fn eligibility(cx: &Ctx, test: &SubjectToTax, line_40a: Decimal) -> Eligibility {
    let paid = line_40a > Decimal::ZERO;
    let subject_to_tax = test.subject;
    let senior = senior_or_blind(cx);
    let deduction = paid && subject_to_tax;
    let credit = paid && (subject_to_tax || senior);
    let reason = if !paid {
        format!(
            "No property taxes or rent on a New Jersey homestead (line {} is {}), so there is no property tax deduction or credit",
            cx.id(Key::PropertyTaxesPaid),
            fmt_money(Decimal::ZERO)
        )
    } else if subject_to_tax {
        format!(
            "{}, so the filer may take the deduction or, instead, the credit",
            test.words()
        )
    } else if senior {
        format!(
            "{}: no tax is due and there is no deduction; the filer or spouse is {} or older or blind or disabled, so the credit is allowed (3A-20 a(1)(b))",
            test.words(),
            cx.p.property.credit_senior_age.value
        )
    } else {
        format!(
            "{}: no tax is due and there is no deduction; the credit for filers not subject to tax is only for those {} or older or blind or disabled (3A-20 a(1)(b)), so there is no credit",
            test.words(),
            cx.p.property.credit_senior_age.value
        )
    };
    Eligibility {
        paid,
        subject_to_tax,
        senior_or_blind: senior,
        deduction,
        credit,
        reason,
    }
}

/// The credit for this filer: $50, one-half for every married filer filing separately (3A-20 a, b).
pub fn credit_for_filer(cx: &Ctx) -> Decimal {
    let p = &cx.p.property;
    let credit = if cx.a.filing_status == FilingStatus::MarriedSeparate {
        times_rate(p.credit_amount.value, p.credit_mfs_fraction.value)
    } else {
        p.credit_amount.value
    };
    part_year_limit(cx, credit)
}

/// A part-year resident's property tax limit or credit: prorated by months only when the year's
/// figure says so (it does not: 54A:3A-17 b prorates the taxes by the period of occupancy, not the
/// limit; `forms/params/residency.ron`, uncertain).
pub fn part_year_limit(cx: &Ctx, amount: Decimal) -> Decimal {
    if cx.scope.kind == crate::residency::ReturnKind::PartYearResident
        && cx.p.residency.prorate_property_tax_limits.value
    {
        cx.scope.prorate(amount)
    } else {
        amount
    }
}

/// The most the deduction can be: the cap, or for a homestead shared with a spouse filing
/// separately one-half of the cap on that homestead's part (3A-17 a, d; 3A-18 a, b; 3A-19 a).
pub fn deduction_limit(cx: &Ctx, hs: &Homesteads) -> Decimal {
    let p = &cx.p.property;
    let cap = part_year_limit(cx, p.deduction_cap.value);
    if hs.any_shared {
        let half_cap = times_rate(cap, p.shared_home_mfs_fraction.value);
        cap.min(sat_add(hs.unshared, half_cap))
    } else {
        cap
    }
}

/// One column of Worksheet H (and lines 4-7 of every Schedule NJ-COJ).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// Line 3: taxable income (line 39).
    pub taxable_income: Decimal,
    /// Line 4: the property tax deduction (zero in column B).
    pub deduction: Decimal,
    /// Line 5: New Jersey taxable income, line 3 - line 4, not below zero.
    pub nj_taxable_income: Decimal,
    /// Line 6: tax on line 5.
    pub tax: Decimal,
    /// How the tax was computed.
    pub tax_explanation: Explanation,
}

/// Which worksheet decided between the deduction and the credit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorksheetKind {
    /// Worksheet H: no credit for taxes paid to other jurisdictions.
    H,
    /// Schedule NJ-COJ with Worksheet I.
    I,
}

/// Worksheet H or I, worked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worksheet {
    /// Which worksheet.
    pub kind: WorksheetKind,
    /// Line 1: line 40a.
    pub h1: Decimal,
    /// The limit on line 2 (the cap, halved for a shared homestead when filing separately).
    pub limit: Decimal,
    /// Line 2: the lesser of line 1 and the limit.
    pub h2: Decimal,
    /// Column A: with the deduction.
    pub a: Column,
    /// Column B: without it.
    pub b: Column,
    /// Schedules NJ-COJ (empty for Worksheet H).
    pub schedules: Vec<CojSchedule>,
    /// Worksheet I line 2, column A: total credit for taxes paid to other jurisdictions.
    pub coj_a: Decimal,
    /// Worksheet I line 2, column B.
    pub coj_b: Decimal,
    /// Tax after that credit, column A (Worksheet I line 3; the tax for Worksheet H).
    pub net_a: Decimal,
    /// Tax after that credit, column B.
    pub net_b: Decimal,
    /// Worksheet H line 7 or Worksheet I line 4: the tax the deduction saves.
    pub saved: Decimal,
    /// The credit it is compared with ($50, $25 filing separately).
    pub credit: Decimal,
    /// The deduction is taken (it saves at least the credit).
    pub take_deduction: bool,
}

fn column(cx: &Ctx, taxable_income: Decimal, deduction: Decimal) -> Column {
    let nj_taxable_income = floor_zero(sat_sub(taxable_income, deduction));
    let (tax, tax_explanation) = crate::rules::tax::tax_on(cx, nj_taxable_income);
    Column {
        taxable_income,
        deduction,
        nj_taxable_income,
        tax,
        tax_explanation,
    }
}

/// Worksheet H (no other-jurisdiction credit) or Schedule NJ-COJ and Worksheet I: the tax with
/// the deduction (column A) against the tax without it (column B). The deduction is taken when it
/// saves at least the credit; the credit is elected "instead of the deduction" only when the
/// deduction saves less (N.J.S.A. 54A:3A-20 a; see docs/decisions/property-50-dollar-tie.md).
///
/// `schedules_entries` are the checked jurisdictions ([`coj::coj_entries`]); with none, this is
/// Worksheet H.
pub fn worksheet_h_or_i(
    cx: &Ctx,
    s: &Sheet,
    hs: &Homesteads,
    entries: &[coj::CojEntry],
) -> Worksheet {
    let l39 = s.v(Key::TaxableIncome);
    let gross = s.v(Key::GrossIncome);
    let h1 = floor_zero(s.v(Key::PropertyTaxesPaid));
    let limit = deduction_limit(cx, hs);
    let h2 = h1.min(limit);
    let a = column(cx, l39, h2);
    let b = column(cx, l39, Decimal::ZERO);
    let credit = credit_for_filer(cx);
    let kind = if cx.a.other_jurisdictions.is_empty() {
        WorksheetKind::H
    } else {
        WorksheetKind::I
    };
    let input = |c: &Column| CojColumnInput {
        taxable_income: c.taxable_income,
        deduction: c.deduction,
        tax: c.tax,
    };
    let schedules: Vec<CojSchedule> = entries
        .iter()
        .map(|e| coj::schedule_nj_coj(e, gross, input(&a), input(&b)))
        .collect();
    let coj_a = coj::coj_total(&schedules, CojCol::A, a.tax);
    let coj_b = coj::coj_total(&schedules, CojCol::B, b.tax);
    let net_a = sat_sub(a.tax, coj_a);
    let net_b = sat_sub(b.tax, coj_b);
    let saved = sat_sub(net_b, net_a);
    Worksheet {
        kind,
        h1,
        limit,
        h2,
        take_deduction: h2 > Decimal::ZERO && saved >= credit,
        a,
        b,
        schedules,
        coj_a,
        coj_b,
        net_a,
        net_b,
        saved,
        credit,
    }
}

fn merge_params(mut exp: Explanation, from: &Explanation) -> Explanation {
    for p in &from.params {
        if !exp.params.iter().any(|q| q.id == p.id) {
            exp.params.push(p.clone());
        }
    }
    exp
}

/// The worksheet's columns as explanation inputs (steps named after the worksheet lines).
fn worksheet_inputs(cx: &Ctx, mut exp: Explanation, w: &Worksheet) -> Explanation {
    let mode = exp.mode();
    exp = exp
        .worksheet(
            crate::explain_format!(
                mode,
                "Property taxes paid (line {})",
                cx.id(Key::PropertyTaxesPaid)
            ),
            "Worksheet H line 1",
            w.h1,
        )
        .worksheet(
            "Property tax deduction: line 1, not more than the limit",
            "Worksheet H line 2",
            w.h2,
        );
    match w.kind {
        WorksheetKind::H => {
            for (c, col) in [("A", &w.a), ("B", &w.b)] {
                exp = exp
                    .worksheet(
                        crate::explain_format!(
                            mode,
                            "Column {c}: taxable income (line {})",
                            cx.id(Key::TaxableIncome)
                        ),
                        crate::explain_format!(mode, "Worksheet H line 3 column {c}"),
                        col.taxable_income,
                    )
                    .worksheet(
                        crate::explain_format!(mode, "Column {c}: property tax deduction"),
                        crate::explain_format!(mode, "Worksheet H line 4 column {c}"),
                        col.deduction,
                    )
                    .worksheet(
                        crate::explain_format!(mode, "Column {c}: New Jersey taxable income"),
                        crate::explain_format!(mode, "Worksheet H line 5 column {c}"),
                        col.nj_taxable_income,
                    )
                    .worksheet(
                        crate::explain_format!(mode, "Column {c}: tax"),
                        crate::explain_format!(mode, "Worksheet H line 6 column {c}"),
                        col.tax,
                    );
            }
            exp.worksheet(
                "Tax saved by the deduction (column B line 6 - column A line 6)",
                STEP_H_SAVED,
                w.saved,
            )
        }
        WorksheetKind::I => {
            for (c, col, coj, net) in [("A", &w.a, w.coj_a, w.net_a), ("B", &w.b, w.coj_b, w.net_b)]
            {
                exp = exp
                    .worksheet(
                        crate::explain_format!(mode, "Column {c}: New Jersey taxable income (Schedule NJ-COJ line 6)"),
                        crate::explain_format!(mode, "Schedule NJ-COJ line 6 column {c}"),
                        col.nj_taxable_income,
                    )
                    .worksheet(
                        crate::explain_format!(mode, "Column {c}: tax (Schedule NJ-COJ line 7)"),
                        crate::explain_format!(mode, "Worksheet I line 1 column {c}"),
                        col.tax,
                    )
                    .worksheet(
                        crate::explain_format!(mode, "Column {c}: credit for taxes paid to other jurisdictions (Schedule NJ-COJ line 9)"),
                        crate::explain_format!(mode, "Worksheet I line 2 column {c}"),
                        coj,
                    )
                    .worksheet(
                        crate::explain_format!(mode, "Column {c}: tax after that credit"),
                        crate::explain_format!(mode, "Worksheet I line 3 column {c}"),
                        net,
                    );
            }
            exp.worksheet(
                "Tax saved by the deduction (column B line 3 - column A line 3)",
                STEP_I_SAVED,
                w.saved,
            )
        }
    }
}

/// The worksheet's comparison in words.
fn worksheet_words(w: &Worksheet) -> String {
    match w.kind {
        WorksheetKind::H => format!(
            "Worksheet H: line 1 property taxes {}, line 2 deduction {} (limit {}). Column A (with the deduction): {} - {} = {} taxable, tax {}. Column B (without): {} taxable, tax {}. Worksheet H line 7: the deduction saves {} - {} = {}",
            fmt_money(w.h1),
            fmt_money(w.h2),
            fmt_money(w.limit),
            fmt_money(w.a.taxable_income),
            fmt_money(w.a.deduction),
            fmt_money(w.a.nj_taxable_income),
            fmt_money(w.a.tax),
            fmt_money(w.b.nj_taxable_income),
            fmt_money(w.b.tax),
            fmt_money(w.b.tax),
            fmt_money(w.a.tax),
            fmt_money(w.saved),
        ),
        WorksheetKind::I => format!(
            "Worksheet I: line 1 property taxes {}, deduction {} (limit {}). Column A (with the deduction): {} taxable, tax {}, credit for taxes paid to other jurisdictions {}, tax after it {}. Column B (without): {} taxable, tax {}, credit {}, tax after it {}. Line 4: the deduction saves {} - {} = {}",
            fmt_money(w.h1),
            fmt_money(w.h2),
            fmt_money(w.limit),
            fmt_money(w.a.nj_taxable_income),
            fmt_money(w.a.tax),
            fmt_money(w.coj_a),
            fmt_money(w.net_a),
            fmt_money(w.b.nj_taxable_income),
            fmt_money(w.b.tax),
            fmt_money(w.coj_b),
            fmt_money(w.net_b),
            fmt_money(w.net_b),
            fmt_money(w.net_a),
            fmt_money(w.saved),
        ),
    }
}

/// What lines 41, 44 and 56 read: whether the filer may have the deduction or the credit, and
/// Worksheet H (or Schedule NJ-COJ and Worksheet I) worked out once (N.J.S.A. 54A:3A-17..3A-20,
/// 54A:4-1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertyTaxChoice {
    /// Line 40a, not below zero (Worksheet H line 1).
    pub h1: Decimal,
    /// The 54A:2-4 test lines 41, 43 and 56 share.
    pub test: SubjectToTax,
    /// Who may have the deduction and the credit.
    pub eligibility: Eligibility,
    /// The homesteads (for the figures used: the tenant share, the shared-home fraction).
    pub homesteads: Homesteads,
    /// The jurisdictions checked for Schedule NJ-COJ.
    pub entries: Vec<coj::CojEntry>,
    /// The worksheet, when tax is due (none at or below the 54A:2-4 threshold).
    pub worksheet: Option<Worksheet>,
}

impl PropertyTaxChoice {
    /// The deduction is taken on line 41: the filer may take it and it saves at least the credit.
    pub fn takes_deduction(&self) -> bool {
        self.eligibility.deduction && self.worksheet.as_ref().is_some_and(|w| w.take_deduction)
    }

    /// The worksheet's name (Worksheet H, or Schedule NJ-COJ and Worksheet I), when it was used.
    pub fn schedule(&self) -> Option<Schedule> {
        self.worksheet.as_ref().map(|w| match w.kind {
            WorksheetKind::H => Schedule::WorksheetH,
            WorksheetKind::I => Schedule::ScheduleNjCojWorksheetI,
        })
    }
}

/// Worksheet H or I and the eligibility tests behind lines 41, 44 and 56, worked out once from
/// lines 29, 39 and 40a. Records the diagnostics about the other jurisdictions and about a
/// property tax benefit that cannot be had.
pub fn property_tax_choice(cx: &Ctx, s: &Sheet) -> PropertyTaxChoice {
    let gross = s.v(Key::GrossIncome);
    let h1 = floor_zero(s.v(Key::PropertyTaxesPaid));
    let homesteads = homesteads(cx);
    let test = subject_to_tax(cx, s);
    let eligibility = eligibility(cx, &test, h1);
    let (entries, coj_diags) = coj::coj_entries(cx, gross);
    for d in coj_diags {
        cx.diag(d);
    }
    if eligibility.paid && !eligibility.credit {
        cx.diag(
            Diagnostic::info("no-property-tax-benefit", eligibility.reason.clone())
                .at("homesteads")
                .cite("N.J.S.A. 54A:3A-20 a(1)(b); 54A:2-4"),
        );
    }
    // No tax is due at or below the threshold (54A:2-4): no deduction and nothing to credit against.
    let worksheet = eligibility
        .subject_to_tax
        .then(|| worksheet_h_or_i(cx, s, &homesteads, &entries));
    PropertyTaxChoice {
        h1,
        test,
        eligibility,
        homesteads,
        entries,
        worksheet,
    }
}

/// Lines 41-44: property tax deduction (41), New Jersey taxable income (42), tax (43) and the
/// credit for taxes paid to other jurisdictions (44), with Worksheet H, or Schedule NJ-COJ and
/// Worksheet I (N.J.S.A. 54A:3A-17..3A-20, 54A:4-1). Also gives the worksheet, which line 56
/// reads.
pub fn lines_41_to_44(cx: &Ctx, s: &Sheet) -> (Vec<Line>, PropertyTaxChoice) {
    let choice = property_tax_choice(cx, s);
    let l41 = line_41_property_tax_deduction(cx, s, &choice);
    let l42 = line_42(cx, s.v(Key::TaxableIncome), l41.value);
    let l43 = crate::rules::tax::line_43_tax(cx, s, l42.value);
    let l44 = line_44_coj_credit(cx, s, &choice, l43.value);
    (vec![l41, l42, l43, l44], choice)
}

/// Line 41: the property tax deduction, Worksheet H line 2 (or Worksheet I's) when the worksheet
/// shows it saves at least the credit, else zero (N.J.S.A. 54A:3A-17..3A-20; 54A:2-4).
pub fn line_41_property_tax_deduction(cx: &Ctx, s: &Sheet, c: &PropertyTaxChoice) -> Line {
    let p = &cx.p.property;
    let elig = &c.eligibility;
    // Not eligible for the deduction: the reason, and line 41 is zero.
    let none = || {
        crate::explain_format!(
            cx,
            "{}. Line {} = {}",
            elig.reason,
            cx.id(Key::PropertyTaxDeduction),
            fmt_money(Decimal::ZERO)
        )
    };
    let Some(w) = &c.worksheet else {
        return cx.line(
            Key::PropertyTaxDeduction,
            Decimal::ZERO,
            c.test
                .input(cx.explanation(none(), "N.J.S.A. 54A:2-4, 3A-17, 3A-20"))
                .line("Property taxes paid", Key::PropertyTaxesPaid, c.h1)
                .param(&cx.p.tax.no_tax_threshold),
        );
    };
    let take = c.takes_deduction();
    let value = if take { w.h2 } else { Decimal::ZERO };
    let decision = if !elig.deduction {
        none()
    } else if take {
        crate::explain_format!(
            cx,
            "{}, at least the {} credit, so the deduction is taken (the credit is an election instead of the deduction, 3A-20 a): line {} = {}",
            worksheet_words(w),
            fmt_money(w.credit),
            cx.id(Key::PropertyTaxDeduction),
            fmt_money(w.h2)
        )
    } else {
        crate::explain_format!(
            cx,
            "{}, less than the {} credit, so the credit is taken instead of the deduction (3A-20 a; line {}): line {} = {}",
            worksheet_words(w),
            fmt_money(w.credit),
            cx.id(Key::PropertyTaxCredit),
            cx.id(Key::PropertyTaxDeduction),
            fmt_money(Decimal::ZERO)
        )
    };
    // A part-year resident's subject-to-tax test is on the whole year, not on line 29: say so, as
    // line 43 does, so that the two lines agree.
    let decision = if elig.deduction && cx.scope.whole_year_gross_income.is_some() {
        crate::explain_format!(cx, "{}. {decision}", c.test.words())
    } else {
        decision
    };
    let mut exp = cx
        .explanation(decision, "N.J.S.A. 54A:3A-17, 3A-18, 3A-19, 3A-20")
        .line(
            "Taxable income",
            Key::TaxableIncome,
            s.v(Key::TaxableIncome),
        )
        .line("Property taxes paid", Key::PropertyTaxesPaid, c.h1)
        .line("Gross income", Key::GrossIncome, s.v(Key::GrossIncome));
    if let Some(sheet) = c.schedule() {
        exp = exp.schedule(sheet);
    }
    if cx.scope.whole_year_gross_income.is_some() {
        exp = c.test.input(exp);
    }
    if elig.deduction {
        exp = worksheet_inputs(cx, exp, w)
            .param(&p.deduction_cap)
            .param(&p.credit_amount);
        if cx.a.filing_status == FilingStatus::MarriedSeparate {
            exp = exp.param(&p.credit_mfs_fraction);
        }
        if c.homesteads.any_shared {
            exp = exp.param(&p.shared_home_mfs_fraction);
        }
        exp = merge_params(exp, &w.a.tax_explanation);
        exp = merge_params(exp, &w.b.tax_explanation);
    }
    cx.line(Key::PropertyTaxDeduction, value, exp)
}

/// Line 44: the credit for taxes paid to other jurisdictions, the total of every Schedule NJ-COJ's
/// line 9 in the worksheet's column the deduction choice uses (A with the deduction, B without),
/// not more than the tax on line 43 (`l43`) (N.J.S.A. 54A:4-1).
pub fn line_44_coj_credit(cx: &Ctx, s: &Sheet, c: &PropertyTaxChoice, l43: Decimal) -> Line {
    let Some(w) = c.worksheet.as_ref().filter(|w| !w.schedules.is_empty()) else {
        let rule = if c.entries.is_empty() {
            format!(
                "No income taxed by another jurisdiction was entered: {}",
                fmt_money(Decimal::ZERO)
            )
        } else {
            crate::explain_format!(
                cx,
                "{}, so there is no New Jersey tax to take a credit against: {}",
                c.test.words(),
                fmt_money(Decimal::ZERO)
            )
        };
        let mut exp = cx.explanation(rule, coj::COJ_CITATION);
        if c.worksheet.is_none() {
            exp = exp.line("Tax", Key::Tax, l43);
        }
        return cx.line(Key::CojCredit, Decimal::ZERO, exp);
    };
    let gross = s.v(Key::GrossIncome);
    let l39 = s.v(Key::TaxableIncome);
    let col = if c.takes_deduction() {
        CojCol::A
    } else {
        CojCol::B
    };
    let total = match col {
        CojCol::A => w.coj_a,
        CojCol::B => w.coj_b,
    };
    let value = total.min(floor_zero(l43));
    let col_name = match col {
        CojCol::A => "column A (with the property tax deduction)",
        CojCol::B => "column B (without the property tax deduction)",
    };
    let parts: Vec<String> = if cx.explaining() {
        w.schedules.iter().map(|sch| sch.describe(col)).collect()
    } else {
        Vec::new()
    };
    let mut exp = cx
        .explanation(
            crate::explain_format!(
                cx,
                "{}. Total of {col_name}: {}, not more than the tax on line {} {} = {}",
                parts.join("; "),
                fmt_money(total),
                cx.id(Key::Tax),
                fmt_money(l43),
                fmt_money(value)
            ),
            coj::COJ_CITATION,
        )
        .schedule(Schedule::ScheduleNjCoj)
        .line("Gross income", Key::GrossIncome, gross)
        .line("Taxable income", Key::TaxableIncome, l39)
        .line("Tax", Key::Tax, l43);
    for sch in &w.schedules {
        let path = crate::explain_format!(cx, "other_jurisdictions[{}]", sch.entry.index);
        let col = sch.col(col);
        exp = exp
            .answer(
                crate::explain_format!(cx, "{}: income taxed by both", sch.entry.name),
                crate::explain_format!(cx, "{path}.income_taxed_by_both"),
                cx.a.other_jurisdictions
                    .get(sch.entry.index)
                    .map_or(Decimal::ZERO, |j| j.income_taxed_by_both),
            )
            .answer(
                crate::explain_format!(cx, "{}: tax paid", sch.entry.name),
                crate::explain_format!(cx, "{path}.tax_paid"),
                sch.entry.tax_paid,
            )
            .worksheet_text(
                crate::explain_format!(
                    cx,
                    "{}: credit percentage (Schedule NJ-COJ line 3)",
                    sch.entry.name
                ),
                crate::explain_format!(cx, "Schedule NJ-COJ line 3, {}", sch.entry.name),
                crate::explain_format!(cx, "{}", coj::fmt_percent(sch.line3)),
            )
            .worksheet(
                crate::explain_format!(cx, "{}: Schedule NJ-COJ line 8", sch.entry.name),
                crate::explain_format!(cx, "Schedule NJ-COJ line 8, {}", sch.entry.name),
                col.line8,
            )
            .worksheet(
                crate::explain_format!(
                    cx,
                    "{}: credit allowed (Schedule NJ-COJ line 9)",
                    sch.entry.name
                ),
                crate::explain_format!(cx, "Schedule NJ-COJ line 9, {}", sch.entry.name),
                col.line9,
            );
    }
    cx.line(Key::CojCredit, value, exp)
}

/// Line 42: New Jersey taxable income = line 39 - line 41, not below zero.
fn line_42(cx: &Ctx, l39: Decimal, l41: Decimal) -> Line {
    let v = floor_zero(sat_sub(l39, l41));
    cx.line(
        Key::NjTaxableIncome,
        v,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Taxable income {} minus property tax deduction {}, not below zero = {}",
                fmt_money(l39),
                fmt_money(l41),
                fmt_money(v)
            ),
            "N.J.S.A. 54A:3A-17",
        )
        .line("Taxable income", Key::TaxableIncome, l39)
        .line("Property tax deduction", Key::PropertyTaxDeduction, l41),
    )
}

/// Line 56: the property tax credit, $50 ($25 for every married filer filing separately), when the
/// worksheet elected it instead of the deduction, or for a filer not subject to tax who is 65 or
/// older or blind or disabled (N.J.S.A. 54A:3A-20). Reads the worksheet line 41 used
/// ([`PropertyTaxChoice`], from [`lines_41_to_44`]) and line 41 itself.
pub fn line_56_property_tax_credit(cx: &Ctx, s: &Sheet, c: &PropertyTaxChoice) -> Line {
    let p = &cx.p.property;
    let h1 = c.h1;
    let elig = &c.eligibility;
    let credit = credit_for_filer(cx);
    let mut exp = c
        .test
        .input(cx.explanation(String::new(), "N.J.S.A. 54A:3A-20").line(
            "Property taxes paid",
            Key::PropertyTaxesPaid,
            h1,
        ));
    // The worksheet that chose between the deduction and the credit (H, or I with Schedule
    // NJ-COJ), with its columns when the filer may take the deduction (as line 41 shows them).
    if let Some(sheet) = c.schedule() {
        exp = exp.schedule(sheet);
    }
    let worksheet = c.worksheet.as_ref().filter(|_| elig.deduction);
    if let Some(w) = worksheet {
        exp = worksheet_inputs(cx, exp, w);
    }
    let saved_text = worksheet.map(|w| fmt_money(w.saved));
    let deduction = s.v(Key::PropertyTaxDeduction);
    let (value, rule) = if !elig.credit {
        (
            Decimal::ZERO,
            crate::explain_format!(
                cx,
                "{}: line {} = {}",
                elig.reason,
                cx.id(Key::PropertyTaxCredit),
                fmt_money(Decimal::ZERO)
            ),
        )
    } else if deduction > Decimal::ZERO {
        (
            Decimal::ZERO,
            crate::explain_format!(
                cx,
                "The property tax deduction on line {} ({}) saves {} of tax, at least the {} credit, so the deduction is taken instead of the credit: line {} = {}",
                cx.id(Key::PropertyTaxDeduction),
                fmt_money(deduction),
                saved_text.as_deref().unwrap_or("the worksheet amount"),
                fmt_money(credit),
                cx.id(Key::PropertyTaxCredit),
                fmt_money(Decimal::ZERO)
            ),
        )
    } else if elig.deduction {
        (
            credit,
            crate::explain_format!(
                cx,
                "The property tax deduction would save only {} of tax (worksheet columns A with and B without the deduction), less than the {} credit, so the credit is elected instead of the deduction: line {} = {}",
                saved_text.as_deref().unwrap_or("less than the credit"),
                fmt_money(credit),
                cx.id(Key::PropertyTaxCredit),
                fmt_money(credit)
            ),
        )
    } else {
        (
            credit,
            crate::explain_format!(
                cx,
                "{}: line {} = {}",
                elig.reason,
                cx.id(Key::PropertyTaxCredit),
                fmt_money(credit)
            ),
        )
    };
    exp.rule = if value > Decimal::ZERO && cx.a.filing_status == FilingStatus::MarriedSeparate {
        crate::explain_format!(
            cx,
            "{rule}. Married filing separately: each spouse gets one-half of the {} credit (3A-20 b)",
            fmt_money(p.credit_amount.value)
        )
    } else {
        rule
    };
    if elig.paid {
        exp = exp.param(&p.credit_amount);
        if cx.a.filing_status == FilingStatus::MarriedSeparate {
            exp = exp.param(&p.credit_mfs_fraction);
        }
        if !elig.subject_to_tax {
            exp = exp
                .param(&p.credit_senior_age)
                .param(&cx.p.tax.no_tax_threshold);
        }
    }
    cx.line(Key::PropertyTaxCredit, value, exp)
}
