//! Draft files: the answers plus a format version, stored as RON.

use serde::{Deserialize, Serialize};

use crate::answers::Answers;

pub mod compact;
mod plain;

/// The draft format version this build writes.
pub const FORMAT_VERSION: u32 = 12;

/// The largest draft, in bytes (4 MiB), the same for writing and reading: a larger file is
/// refused before it is read, and a draft whose text would be larger is never written (see
/// [`fits`]), by the app and the command line alike, with a plain message. A real return's draft
/// is a few kilobytes; written compactly (only the answers given) this is room for about 12,000
/// W-2s, and it opens the drafts of up to 4 MiB that earlier versions wrote with every default
/// spelled out. Reading and parsing take memory proportional to the file (about 20 times its
/// size: some 80 MB at the limit). See `docs/decisions/compact-drafts.md`.
pub const MAX_DRAFT_BYTES: u64 = 4 * 1024 * 1024;

/// A draft file: its format version and the answers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draft {
    /// Draft format version (see `docs/draft-format.md`).
    pub format_version: u32,
    /// The answers.
    pub answers: Answers,
}

/// Why a draft could not be read.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum DraftError {
    /// The text is a damaged draft.
    #[error("line {line}, column {column}: {message}")]
    Parse {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong there, in plain words (no parser terms).
        message: String,
    },
    /// The text is not a draft at all (another kind of file, or an empty one).
    #[error("line {line}, column {column}: this is not an njtax draft: {message}")]
    NotADraft {
        /// 1-based line where reading stopped.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Why it is not taken for a draft, in plain words.
        message: String,
    },
    /// The draft was written by a newer version of the app.
    #[error(
        "this draft uses format version {found}, but this version of the app reads up to version {supported}; update the app to open it"
    )]
    TooNew {
        /// Version in the file.
        found: u32,
        /// Newest version this build reads.
        supported: u32,
    },
    /// Upgrading an older draft failed.
    #[error("could not upgrade this draft from format version {from}: {message}")]
    Migration {
        /// The version being upgraded.
        from: u32,
        /// What went wrong.
        message: String,
    },
    /// The draft declares a version that never existed.
    #[error("format version {found} is not a valid draft format version")]
    BadVersion {
        /// Version in the file.
        found: u32,
    },
}

/// Only the version, read first so that a newer draft is refused with a clear message
/// (other fields are ignored by this probe).
#[derive(Deserialize)]
#[serde(rename = "Draft")]
struct VersionProbe {
    format_version: u32,
}

fn parse_error(e: &ron::error::SpannedError, text: &str) -> DraftError {
    let (line, column) = (e.span.start.line, e.span.start.col);
    match plain::explain(&e.code, text, line, column) {
        (message, true) => DraftError::NotADraft {
            line,
            column,
            message,
        },
        (message, false) => DraftError::Parse {
            line,
            column,
            message,
        },
    }
}

/// Whether text starts like a draft (`Draft(` or `(` after blank lines and comments); text that
/// does not is another kind of file, not a damaged draft.
#[must_use]
pub fn starts_like_a_draft(text: &str) -> bool {
    plain::starts_like_a_draft(text)
}

/// Parse a draft from RON text (a leading UTF-8 byte-order mark is skipped).
///
/// # Errors
/// [`DraftError`] with line and column for malformed text, or when the version is unsupported.
pub fn parse_draft(text: &str) -> Result<Draft, DraftError> {
    // A byte-order mark that some editors put at the start of UTF-8 text is not part of the draft.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let opts = ron::Options::default();
    // Read the version on its own first: a newer draft is refused by name, not by the first
    // field this build does not know.
    let version = match opts.from_str::<VersionProbe>(text) {
        Ok(VersionProbe { format_version }) => {
            check_version(format_version)?;
            format_version
        }
        Err(_) => FORMAT_VERSION,
    };
    // Every version's fields are readable by the current schema (an older field that moved is kept
    // as a legacy field that is read, never written), so the text is parsed directly and errors
    // point at its line and column; the migrations then move the old fields into place.
    let mut draft = opts
        .from_str::<Draft>(text)
        .map_err(|e| parse_error(&e, text))?;
    if version < FORMAT_VERSION {
        migrate(&mut draft, version, FORMAT_VERSION, MIGRATIONS)?;
    }
    if legacy_entered_credits(&draft.answers.entered) {
        v2_to_v3(&mut draft).map_err(|message| DraftError::Migration {
            from: version,
            message,
        })?;
    }
    if !draft.answers.entered.estimated_tax_interest.is_zero()
        || !draft
            .answers
            .entered
            .shared_responsibility_payment
            .is_zero()
    {
        v3_to_v4(&mut draft).map_err(|message| DraftError::Migration {
            from: version,
            message,
        })?;
    }
    if draft.answers.legacy_residency.is_some() {
        // The old field written into a current draft by hand: move it the same way.
        v1_to_v2(&mut draft).map_err(|message| DraftError::Migration {
            from: version,
            message,
        })?;
    }
    // The old rollover tick is read and never written, so one written by hand into a current draft
    // moves the same way. (An owned home's "shared" tick moves only in a format 7 draft: in format 8
    // it is a tenant's answer, kept as written and not used for an owned home.)
    move_rollover_flag(&mut draft.answers);
    draft.format_version = FORMAT_VERSION;
    Ok(draft)
}

/// Format 7 to 8: the old "rolled over" tick of a 1099-R (`rollover: true`) becomes
/// `destination: OtherPlanOrIra`, which is what it meant (left out as not income); a
/// distribution whose destination is already given keeps it. The tick is then cleared, so that it
/// is never moved twice (it is never written).
pub fn move_rollover_flag(answers: &mut crate::answers::Answers) {
    use crate::answers::RolloverDestination;
    for r in &mut answers.income.retirement {
        if std::mem::take(&mut r.legacy_rollover)
            && r.destination == RolloverDestination::NotRolledOver
        {
            r.destination = RolloverDestination::OtherPlanOrIra;
            // The old tick could also have meant a Roth conversion (taxed, 54A:5-1 j): the filer
            // is asked to confirm.
            r.destination_to_confirm = true;
        }
    }
}

/// One upgrade of the draft format: turns a version `from` draft into a version `from + 1` one.
pub struct Migration {
    /// The version this migration upgrades.
    pub from: u32,
    /// What it changes, in words (for the draft-format document and error messages).
    pub what: &'static str,
    /// The upgrade, on the draft as read (legacy fields filled in).
    pub apply: fn(&mut Draft) -> Result<(), String>,
}

/// Every migration ever released, in order: `MIGRATIONS[i].from == i + 1`. A format change adds
/// one here, bumps [`FORMAT_VERSION`], keeps any moved field readable as a legacy field, and adds a
/// fixture draft of the old version under `tests/fixtures/drafts/`.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        from: 1,
        what: "residency moves from one answer for the household (`residency: FullYearResident | PartYearResident | Nonresident`) to each person (`taxpayer.residency.kind: FullYear | PartYear | Never`, with dates)",
        apply: v1_to_v2,
    },
    Migration {
        from: 2,
        what: "credits typed as amounts for lines 46, 47, 48, 62 and 63 (`entered.sheltered_workshop_credit` and the rest) move to `business_credits`: a BAIT amount becomes one `bait_shares` entry, the others `certified` entries taken as entered, which the app then asks to be replaced by the details it computes from",
        apply: v2_to_v3,
    },
    Migration {
        from: 3,
        what: "the amounts typed for line 52 (`entered.estimated_tax_interest`) and line 53c (`entered.shared_responsibility_payment`) become overrides of the computed figures (`estimated_tax.interest_override`, `health.payment_override`), used as typed with a warning",
        apply: v3_to_v4,
    },
    Migration {
        from: 4,
        what: "adds the home address (`address`: street, apartment, city, state, ZIP, country, municipality code) printed on the return's header, and last year's New Jersey gross income (`last_year.nj_gross_income`) for the hand-off sheet; nothing moves, so a format 4 draft reads unchanged with both empty",
        apply: v4_to_v5,
    },
    Migration {
        from: 5,
        what: "adds the facts of federal Form 2441 (`federal.care`: care expenses, qualifying persons, employer dependent care benefits, each spouse's earned income, months as a student or disabled, last year's expenses, the tax limit) from which the federal child and dependent care credit for line 64 is worked out; nothing moves, so a format 5 draft reads unchanged without them and keeps its typed federal credit",
        apply: v5_to_v6,
    },
    Migration {
        from: 6,
        what: "adds the text typed for answers that could not be read (`unreadable`: by answer path, the text as typed, the answer's words and why it could not be read), kept so that it is never lost or replaced by a number the filer did not type; nothing moves, so a format 6 draft reads unchanged with none",
        apply: v6_to_v7,
    },
    Migration {
        from: 7,
        what: "an owned home's \"shared with the spouse filing separately\" tick (`homesteads[].shared_with_spouse_filing_separately` on a `kind: Owner` home), which halved it, becomes who holds title (`homesteads[].title: ByTheEntirety`, the only title 54A:3A-17 d halves); the tick stays for rented homes (3A-18 b); a 1099-R's \"rolled over\" tick (`income.retirement[].rollover: true`) becomes where the money went (`destination: OtherPlanOrIra`; a Roth conversion, 54A:5-1 j, is `RothConversion` with `conversion_nj_basis`); adds each other-income item's category (`income.other[].category`, `NotChosen` for old items), a domestic partner (`domestic_partner`), a W-2's New Jersey employer and convenience days (`employer_in_nj`, `convenience_days`) and the year an emerging technology application was made (`business_credits.emerging_technology[].applied_in`)",
        apply: v7_to_v8,
    },
    Migration {
        from: 8,
        what: "adds the answers to the interview's yes-or-no topic questions (`topics`: by topic id, `true` or `false`), from which the guided interview skips the screens of a topic that does not apply, and the direct deposit of the refund (`refund.direct_deposit`: routing number, account number, checking or savings, whether the money would go on to an account outside the United States; `None`, a paper check, when not asked); nothing moves, so a format 8 draft reads unchanged with none answered, every topic asked and no deposit",
        apply: v8_to_v9,
    },
    Migration {
        from: 9,
        what: "adds that the draft amends a return already filed (`amends`: the reasons, the explanation of the changes, the day the amended return is filed, the dates of an IRS final determination or an amended federal return, each original return's figures as filed by line key with what was paid with it, and the original draft's answers when the app made the amended draft), and a clinic's record of the draft (`clinic`: status from intake to filed with each change's volunteer and time, preparer, reviewer, the figures approved, the filing date and how, review notes on answers and lines, the quality-review questions ticked); nothing moves, so a format 9 draft reads unchanged as an original return outside any clinic",
        apply: v9_to_v10,
    },
    Migration {
        from: 10,
        what: "adds the computer account and the computer each clinic step, review note and resolution was signed on (`clinic.history[].login`, `.computer`, and the same on `clinic.notes[]` and their `resolved`), and leaves out of the file every answer that holds its default; nothing moves, so a format 10 draft reads unchanged (its steps without a login). A version that reads up to format 10 refuses a format 11 draft by name instead of calling it damaged",
        apply: v10_to_v11,
    },
    Migration {
        from: 11,
        what: "adds the answers of the law and words round (issue 39): a 1099-R paid because of a permanent and total disability (`income.retirement[].disability_pension`, 54A:6-10 c), the organ donor's deduction of the year before or after (`deductions.organ_donation_other_year`, 54A:3-10 c), the day another jurisdiction's notice that its tax was due was received (`other_jurisdictions[].tax_due_notice_on`, 54A:4-1 e), the answers with only the federal change made (`amends.federal_change_answers`, 54A:9-8 c), the digital-asset question (`digital_assets`), and the marks on an answer an older format asked differently that the filer has not confirmed yet (`income.retirement[].destination_to_confirm`, `homesteads[].title_to_confirm`, set when a format 7 or older draft is upgraded); nothing moves, so a format 11 draft reads unchanged with none of them. A version that reads up to format 11 refuses a format 12 draft as newer, by name",
        apply: v11_to_v12,
    },
];

/// Format 11 to 12: new, empty answers only (the disability pension, the notice date, the
/// federal change's answers, the digital-asset question, the marks to confirm).
fn v11_to_v12(_draft: &mut Draft) -> Result<(), String> {
    Ok(())
}

/// Format 10 to 11: new, empty answers only (the login and computer of clinic steps).
fn v10_to_v11(_draft: &mut Draft) -> Result<(), String> {
    Ok(())
}

/// Format 9 to 10: new, empty answers only (the amendment, the clinic record).
fn v9_to_v10(_draft: &mut Draft) -> Result<(), String> {
    Ok(())
}

/// Format 8 to 9: a new, empty answer only (the topic questions).
fn v8_to_v9(_draft: &mut Draft) -> Result<(), String> {
    Ok(())
}

/// Format 7 to 8: an owned home's shared-with-spouse tick becomes title by the entirety.
fn v7_to_v8(draft: &mut Draft) -> Result<(), String> {
    move_owner_shared_tick(&mut draft.answers);
    move_rollover_flag(&mut draft.answers);
    Ok(())
}

/// An owned home ticked "shared with the spouse filing separately" (format 7) is held by the
/// entirety (3A-17 d): the tick moves to `title`.
fn move_owner_shared_tick(a: &mut Answers) {
    use crate::answers::{HomesteadKind, HomesteadTitle};
    for h in &mut a.homesteads {
        if h.kind == HomesteadKind::Owner && h.shared_with_spouse_filing_separately {
            h.shared_with_spouse_filing_separately = false;
            h.title = HomesteadTitle::ByTheEntirety;
            // The old tick did not ask how title was held: the filer is asked to confirm.
            h.title_to_confirm = true;
        }
    }
}

/// Format 6 to 7: a new, empty answer only (the unreadable typed text).
fn v6_to_v7(_draft: &mut Draft) -> Result<(), String> {
    Ok(())
}

/// Format 5 to 6: a new, empty answer only (the Form 2441 facts).
fn v5_to_v6(_draft: &mut Draft) -> Result<(), String> {
    Ok(())
}

/// Format 4 to 5: new, empty answers only (the address and last year's gross income).
fn v4_to_v5(_draft: &mut Draft) -> Result<(), String> {
    Ok(())
}

/// Format 3 to 4: the amounts typed for lines 52 and 53c become overrides of the computed ones.
fn v3_to_v4(draft: &mut Draft) -> Result<(), String> {
    let a = &mut draft.answers;
    let e = std::mem::take(&mut a.entered);
    if !e.estimated_tax_interest.is_zero() && a.estimated_tax.interest_override.is_none() {
        a.estimated_tax.interest_override = Some(e.estimated_tax_interest);
    }
    if !e.shared_responsibility_payment.is_zero() && a.health.payment_override.is_none() {
        a.health.payment_override = Some(e.shared_responsibility_payment);
    }
    Ok(())
}

/// Whether a draft still holds format 2's typed amounts for lines 46-48, 62 and 63.
fn legacy_entered_credits(e: &crate::answers::EnteredAmounts) -> bool {
    [
        e.sheltered_workshop_credit,
        e.gold_star_credit,
        e.organ_donor_employer_credit,
        e.wounded_warrior_credit,
        e.bait_credit,
    ]
    .iter()
    .any(|v| !v.is_zero())
}

/// Format 2 to 3: typed credit amounts become business-credit entries.
fn v2_to_v3(draft: &mut Draft) -> Result<(), String> {
    use crate::answers::{BaitShare, CertifiedCredit, CreditKind, Owner};
    let a = &mut draft.answers;
    let e = std::mem::take(&mut a.entered);
    a.entered.estimated_tax_interest = e.estimated_tax_interest;
    a.entered.shared_responsibility_payment = e.shared_responsibility_payment;
    let note = "Amount typed in an earlier version of the app";
    for (credit, amount) in [
        (CreditKind::ShelteredWorkshop, e.sheltered_workshop_credit),
        (CreditKind::GoldStar, e.gold_star_credit),
        (
            CreditKind::OrganDonorEmployer,
            e.organ_donor_employer_credit,
        ),
        (
            CreditKind::WoundedWarriorCaregiver,
            e.wounded_warrior_credit,
        ),
    ] {
        if !amount.is_zero() {
            a.business_credits.certified.push(CertifiedCredit {
                owner: Owner::Taxpayer,
                credit,
                description: note.to_owned(),
                amount,
                ..Default::default()
            });
        }
    }
    if !e.bait_credit.is_zero() {
        a.business_credits.bait_shares.push(BaitShare {
            owner: Owner::Taxpayer,
            entity: note.to_owned(),
            share_of_tax_paid: e.bait_credit,
        });
    }
    Ok(())
}

/// Version 1 to 2: the household's `residency` becomes `residency: (kind: ...)` on the taxpayer and
/// the spouse (a version-1 part-year resident has no dates yet; the app asks for them).
fn v1_to_v2(draft: &mut Draft) -> Result<(), String> {
    use crate::answers::{LegacyResidency, ResidencyKind};
    let Some(old) = draft.answers.legacy_residency.take() else {
        return Ok(());
    };
    let kind = match old {
        LegacyResidency::FullYearResident => ResidencyKind::FullYear,
        LegacyResidency::PartYearResident => ResidencyKind::PartYear,
        LegacyResidency::Nonresident => ResidencyKind::Never,
    };
    draft.answers.taxpayer.residency.kind = kind;
    if let Some(sp) = draft.answers.spouse.as_mut() {
        sp.residency.kind = kind;
    }
    Ok(())
}

/// Apply the migrations from `version` up to `target`, in order.
///
/// # Errors
/// [`DraftError::Migration`] when a migration is missing or fails.
pub fn migrate(
    draft: &mut Draft,
    version: u32,
    target: u32,
    migrations: &[Migration],
) -> Result<(), DraftError> {
    let mut at = version;
    while at < target {
        let Some(m) = migrations.iter().find(|m| m.from == at) else {
            return Err(DraftError::Migration {
                from: at,
                message: format!("no upgrade from version {at} is known"),
            });
        };
        (m.apply)(draft).map_err(|message| DraftError::Migration { from: at, message })?;
        at += 1;
    }
    Ok(())
}

fn check_version(found: u32) -> Result<(), DraftError> {
    if found == 0 {
        return Err(DraftError::BadVersion { found });
    }
    if found > FORMAT_VERSION {
        return Err(DraftError::TooNew {
            found,
            supported: FORMAT_VERSION,
        });
    }
    Ok(())
}

/// How drafts are written: pretty RON, one answer a line, with struct names.
#[must_use]
pub fn pretty_config() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::new()
        .depth_limit(12)
        .struct_names(true)
}

/// Write a draft as pretty RON text, leaving out every answer that holds its default value
/// (see [`compact`]): reading the text gives the same draft, and a draft holds only what was
/// answered. The text is not checked against [`MAX_DRAFT_BYTES`]; see [`fits`].
///
/// # Errors
/// When serialisation fails (it does not for well-formed answers).
pub fn draft_to_string(draft: &Draft) -> Result<String, ron::Error> {
    compact::to_string_pretty(draft, pretty_config())
}

/// Whether a draft's text of `len` bytes can be opened again ([`MAX_DRAFT_BYTES`] or less):
/// every writer of a draft checks this before touching any file, so that no draft is saved that
/// cannot be opened.
#[must_use]
pub fn fits(len: usize) -> bool {
    u64::try_from(len).is_ok_and(|len| len <= MAX_DRAFT_BYTES)
}

#[cfg(test)]
mod tests {
    // The plain-words messages of `plain`, as `parse_draft` gives them.

    /// Damaged drafts of every common kind give a plain message: no parser terms, no type names.
    #[test]
    fn damaged_drafts_are_explained_without_parser_terms() {
        let base = include_str!("../../../examples/single-renter.ron");
        let cases: Vec<(String, &str)> = vec![
            (
                base.replace("\"52340.18\"", "52340.18"),
                "an amount must be written in double quotes, like \"1234.56\"",
            ),
            (
                base.replace("Some(\"1994-06-02\")", "Some(1994-06-02)"),
                "a date must be written in double quotes",
            ),
            (
                base.replace("\"52340.18\"", "\"52,34O.18\""),
                "the answer “state_wages” is not an amount",
            ),
            (
                base.replace("employer_id", "employer_idd"),
                "“employer_idd” is not the name of an answer at this place; did you mean “employer_id”?",
            ),
            (
                base.replace("Single", "Singel"),
                "“Singel” is not one of the choices for this answer; it can be Single, MarriedJoint",
            ),
            (
                base.replace("\"Maria Lopez\",", "\"Maria Lopez\""),
                "a comma is missing",
            ),
            (base.get(..600).unwrap_or_default().to_owned(), ""),
            (
                format!("{base})"),
                "more text after the draft's last closing bracket",
            ),
            (
                base.replace("tax_year: 2024,", "tax_year: 2024, tax_year: 2023,"),
                "the answer “tax_year” is written twice",
            ),
            (
                base.replace("months_occupied: 12", "months_occupied: 1200"),
                "this number is too large",
            ),
            (
                base.replace("months_occupied: 12", "months_occupied: \"12\""),
                "a whole number is expected here",
            ),
            (
                base.replace("(payer:", "payer:"),
                "an opening bracket ( is missing before “payer”",
            ),
            (
                base.replace("Maria Lopez", "Maria \\q Lopez"),
                "a backslash",
            ),
        ];
        for (text, want) in cases {
            let err = crate::parse_draft(&text).expect_err("damaged");
            let crate::DraftError::Parse { message, .. } = &err else {
                panic!("{err:?} for {want:?}");
            };
            assert!(message.contains(want), "{message:?} should say {want:?}");
            for jargon in [
                "RON",
                "`",
                "struct",
                "Expected",
                "Unexpected",
                "W2",
                "Decimal",
            ] {
                assert!(!message.contains(jargon), "{jargon:?} in {message:?}");
            }
        }
    }

    /// Text typed into an amount may be an SSN: the message names the answer, not the value.
    #[test]
    fn a_value_that_is_not_an_amount_is_named_by_its_answer_not_repeated() {
        let base = include_str!("../../../examples/single-renter.ron");
        for (from, to) in [
            ("\"52340.18\"", "\"123-45-6789\""),
            (
                "state_wages: \"52340.18\"",
                "state_wages:\n   \"123-45-6789\"",
            ),
            ("agi: \"52552.58\"", "agi : \"123456789x\""),
        ] {
            let err = crate::parse_draft(&base.replacen(from, to, 1)).expect_err("not an amount");
            let crate::DraftError::Parse { message, .. } = &err else {
                panic!("{err:?}");
            };
            assert!(
                message.starts_with("the answer “state_wages” is not an amount")
                    || message.starts_with("the answer “agi” is not an amount"),
                "{message}"
            );
            assert!(!message.contains("6789"), "{message}");
        }
    }

    #[test]
    fn other_files_are_not_taken_for_damaged_drafts() {
        for text in [
            "",
            "Receipts to find: dentist, daycare",
            "{\"a\": 1}",
            "(name: \"x\", size: 3)",
        ] {
            let err = crate::parse_draft(text).expect_err("not a draft");
            assert!(
                matches!(err, crate::DraftError::NotADraft { .. }),
                "{text:?}: {err:?}"
            );
        }
    }
}
