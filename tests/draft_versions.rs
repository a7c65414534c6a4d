//! Draft format versions: every released version's fixture still loads, newer drafts are refused by
//! name, and the migration chain upgrades step by step.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use njtax_engine::draft::{FORMAT_VERSION, MIGRATIONS, Migration, migrate};
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

fn rename_field(value: ron::Value, from: &str, to: &str) -> Result<ron::Value, String> {
    let ron::Value::Map(mut outer) = value else {
        return Err("not a map".into());
    };
    let key = ron::Value::String("answers".into());
    let Some(ron::Value::Map(answers)) = outer.get(&key).cloned() else {
        return Err("no answers".into());
    };
    let mut renamed = ron::Map::new();
    for (k, v) in answers.iter() {
        let k = match k {
            ron::Value::String(s) if s == from => ron::Value::String(to.into()),
            other => other.clone(),
        };
        renamed.insert(k, v.clone());
    }
    outer.insert(key, ron::Value::Map(renamed));
    Ok(ron::Value::Map(outer))
}

#[test]
fn migrations_run_in_order_from_the_files_version_to_the_target() {
    // Two illustrative upgrades: v1 called it `year`, v2 `yr`, v3 `tax_year`.
    const STEPS: &[Migration] = &[
        Migration {
            from: 1,
            what: "year -> yr",
            apply: |v| rename_field(v, "year", "yr"),
        },
        Migration {
            from: 2,
            what: "yr -> tax_year",
            apply: |v| rename_field(v, "yr", "tax_year"),
        },
    ];
    let old: ron::Value = ron::from_str("(format_version: 1, answers: (year: 2023))").unwrap();
    let upgraded = migrate(old.clone(), 1, 3, STEPS).unwrap();
    let text = ron::to_string(&upgraded).unwrap();
    assert!(
        text.contains("tax_year") && !text.contains("\"yr\""),
        "{text}"
    );
    // From version 2 only the second step runs.
    let v2: ron::Value = ron::from_str("(format_version: 2, answers: (yr: 2023))").unwrap();
    assert!(
        ron::to_string(&migrate(v2, 2, 3, STEPS).unwrap())
            .unwrap()
            .contains("tax_year")
    );
    // A missing step is an error that names the version.
    let err = migrate(old, 1, 3, &STEPS[1..]).unwrap_err();
    assert!(
        matches!(err, DraftError::Migration { from: 1, .. }),
        "{err}"
    );
}
