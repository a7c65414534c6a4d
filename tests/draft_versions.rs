//! Draft format versions: every released version's fixture still loads, newer drafts are refused by
//! name, and the migration chain upgrades step by step.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use njtax_engine::draft::{Draft, FORMAT_VERSION, MIGRATIONS, Migration, migrate};
use njtax_engine::{DraftError, parse_draft};

fn fixture(version: u32) -> String {
    let path = format!(
        "{}/tests/fixtures/drafts/v{version}.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("the fixture for version {version} must exist ({path}): {e}"))
}

#[test]
fn a_fixture_of_every_released_version_loads_and_computes() {
    for version in 1..=FORMAT_VERSION {
        let draft =
            parse_draft(&fixture(version)).unwrap_or_else(|e| panic!("version {version}: {e}"));
        assert_eq!(
            draft.format_version, FORMAT_VERSION,
            "loaded drafts are upgraded to the current version"
        );
        let book = njtax_engine::ParamBook::load().unwrap();
        njtax_engine::compute(&draft.answers, &book).unwrap();
    }
}

#[test]
fn every_older_version_has_exactly_one_migration_in_order() {
    assert_eq!(MIGRATIONS.len() as u32, FORMAT_VERSION - 1);
    for (i, m) in MIGRATIONS.iter().enumerate() {
        assert_eq!(
            m.from,
            i as u32 + 1,
            "migration {i} upgrades version {}",
            i + 1
        );
        assert!(!m.what.is_empty());
    }
}

#[test]
fn a_draft_from_a_newer_version_is_refused_naming_both_versions() {
    let text = format!(
        "Draft(format_version: {}, answers: (tax_year: 2024, a_future_field: 3))",
        FORMAT_VERSION + 1
    );
    let err = parse_draft(&text).unwrap_err();
    assert_eq!(
        err,
        DraftError::TooNew {
            found: FORMAT_VERSION + 1,
            supported: FORMAT_VERSION
        }
    );
    let msg = err.to_string();
    assert!(
        msg.contains(&(FORMAT_VERSION + 1).to_string())
            && msg.contains(&FORMAT_VERSION.to_string()),
        "{msg}"
    );
}

#[test]
fn version_zero_is_not_a_draft_format() {
    assert_eq!(
        parse_draft("Draft(format_version: 0, answers: ())").unwrap_err(),
        DraftError::BadVersion { found: 0 }
    );
}

#[test]
fn migrations_run_in_order_from_the_files_version_to_the_target() {
    // Two illustrative upgrades: v1 -> v2 adds 1 to the year, v2 -> v3 doubles the use tax.
    const STEPS: &[Migration] = &[
        Migration {
            from: 1,
            what: "year + 1",
            apply: |d| {
                d.answers.tax_year += 1;
                Ok(())
            },
        },
        Migration {
            from: 2,
            what: "use tax x 2",
            apply: |d| {
                d.answers.use_tax *= rust_decimal::Decimal::TWO;
                Ok(())
            },
        },
    ];
    let mut d = Draft::default();
    d.answers.tax_year = 2022;
    d.answers.use_tax = rust_decimal::Decimal::from(5);
    let mut both = d.clone();
    migrate(&mut both, 1, 3, STEPS).unwrap();
    assert_eq!(both.answers.tax_year, 2023);
    assert_eq!(both.answers.use_tax, rust_decimal::Decimal::from(10));
    // From version 2 only the second step runs.
    let mut second = d.clone();
    migrate(&mut second, 2, 3, STEPS).unwrap();
    assert_eq!(second.answers.tax_year, 2022);
    assert_eq!(second.answers.use_tax, rust_decimal::Decimal::from(10));
    // A missing step is an error that names the version.
    let err = migrate(&mut d, 1, 3, &STEPS[1..]).unwrap_err();
    assert!(
        matches!(err, DraftError::Migration { from: 1, .. }),
        "{err}"
    );
}

/// Format 1 kept residency for the household; format 2 keeps it per person (the v1 -> v2 migration).
#[test]
fn a_version_1_household_residency_moves_to_each_person() {
    use njtax_engine::answers::ResidencyKind;
    for (old, new) in [
        ("FullYearResident", ResidencyKind::FullYear),
        ("PartYearResident", ResidencyKind::PartYear),
        ("Nonresident", ResidencyKind::Never),
    ] {
        let text = format!(
            "Draft(format_version: 1, answers: (tax_year: 2024, filing_status: MarriedJoint, residency: {old}, taxpayer: (name: \"A\"), spouse: Some((name: \"B\"))))"
        );
        let d = parse_draft(&text).unwrap();
        assert_eq!(d.format_version, FORMAT_VERSION);
        assert_eq!(d.answers.taxpayer.residency.kind, new, "{old}");
        assert_eq!(
            d.answers.spouse.as_ref().unwrap().residency.kind,
            new,
            "{old}"
        );
        assert!(d.answers.legacy_residency.is_none());
        // Written back in the new form only.
        let out = njtax_engine::draft::draft_to_string(&d).unwrap();
        assert!(!out.contains(old), "{out}");
    }
}
