//! Static checks of the embedded law figures and line maps.

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
        let map = book.for_year(year).unwrap().line_map;
        let mut keys: Vec<_> = map.lines.iter().map(|l| &l.0).collect();
        let mut ids: Vec<_> = map.lines.iter().map(|l| &l.1).collect();
        let n = keys.len();
        keys.sort();
        keys.dedup();
        ids.sort();
        ids.dedup();
        assert_eq!(keys.len(), n, "{year}: duplicate line key");
        assert_eq!(ids.len(), n, "{year}: duplicate line id");
    }
}
