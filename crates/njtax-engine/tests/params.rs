//! Static checks of the embedded law figures and line maps.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use njtax_engine::{ParamBook, SUPPORTED_YEARS};

#[test]
fn every_parameter_file_parses_and_resolves_for_every_supported_year() {
    let book = ParamBook::load().unwrap();
    for year in SUPPORTED_YEARS {
        let p = book
            .for_year(year)
            .unwrap_or_else(|e| panic!("{year}: {e}"));
        assert_eq!(p.year, year);
        assert!(p.line_map.years.contains(&year));
    }
}

#[test]
fn line_maps_have_unique_keys_and_ids() {
    let book = ParamBook::load().unwrap();
    for year in SUPPORTED_YEARS {
        let p = book.for_year(year).unwrap();
        for map in [p.line_map, p.nr_line_map] {
            let mut keys: Vec<_> = map.lines.iter().map(|l| &l.0).collect();
            // Ids are looked up without regard to case ("16b" and "16B" would collide).
            let mut ids: Vec<_> = map.lines.iter().map(|l| l.1.to_lowercase()).collect();
            let n = keys.len();
            keys.sort();
            keys.dedup();
            ids.sort();
            ids.dedup();
            assert_eq!(keys.len(), n, "{year} {}: duplicate line key", map.form);
            assert_eq!(ids.len(), n, "{year} {}: duplicate line id", map.form);
        }
    }
}

/// Every law figure (a map with `values`) has a non-empty label and citation, and every uncertain
/// note is for a year the figure covers.
#[test]
fn every_law_figure_has_a_label_and_a_statute_citation() {
    fn walk(v: &ron::Value, file: &str, path: &str, count: &mut usize) {
        match v {
            ron::Value::Map(m) => {
                let get = |k: &str| {
                    m.iter()
                        .find(|(key, _)| matches!(key, ron::Value::String(s) if s == k))
                        .map(|(_, v)| v)
                };
                if let Some(values) = get("values") {
                    *count += 1;
                    for key in ["label", "citation"] {
                        match get(key) {
                            Some(ron::Value::String(s)) if !s.trim().is_empty() => {}
                            _ => panic!("{file}: {path} has no {key}"),
                        }
                    }
                    let Some(ron::Value::String(cite)) = get("citation") else {
                        unreachable!()
                    };
                    assert!(
                        cite.contains("54A:")
                            || cite.contains("N.J.S.A.")
                            || cite.contains("IRC")
                            || cite.contains("NJ-"),
                        "{file}: {path} citation {cite:?} names no statute or form"
                    );
                    assert!(
                        matches!(values, ron::Value::Map(vm) if !vm.is_empty()),
                        "{file}: {path} has no values"
                    );
                }
                for (k, child) in m.iter() {
                    let name = match k {
                        ron::Value::String(s) => s.clone(),
                        other => format!("{other:?}"),
                    };
                    walk(child, file, &format!("{path}.{name}"), count);
                }
            }
            ron::Value::Seq(items) => items.iter().for_each(|i| walk(i, file, path, count)),
            ron::Value::Option(Some(inner)) => walk(inner, file, path, count),
            _ => {}
        }
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../forms/params");
    let mut total = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let value: ron::Value = ron::from_str(&text).unwrap();
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        walk(&value, &file, "", &mut total);
    }
    assert!(total > 40, "only {total} law figures found");
}
