//! Static checks of the embedded law figures and line maps.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use njtax_engine::Key;
use njtax_engine::ParamBook;

/// The tax years `forms/years.ron` lists.
fn supported_years() -> Vec<u16> {
    njtax_engine::ParamBook::load()
        .unwrap()
        .supported_years()
        .collect()
}

#[test]
fn every_parameter_file_parses_and_resolves_for_every_supported_year() {
    let book = ParamBook::load().unwrap();
    for year in supported_years() {
        let p = book
            .for_year(year)
            .unwrap_or_else(|e| panic!("{year}: {e}"));
        assert_eq!(p.year, year);
        assert!(p.line_map.years.contains(&year));
    }
}

/// `ParamBook::load` does not repeat the year checks on every start: this is where the embedded
/// files pass them (every listed year resolves, its dates fall in it, its provisional figures are
/// marked uncertain), and where a broken embedded year fails.
#[test]
fn the_embedded_files_pass_every_year_check() {
    let checked = ParamBook::from_sources(&njtax_engine::ParamSources::embedded())
        .unwrap_or_else(|e| panic!("{e}"));
    let loaded = ParamBook::load().unwrap();
    assert_eq!(
        checked.supported_years().collect::<Vec<_>>(),
        loaded.supported_years().collect::<Vec<_>>()
    );
}

#[test]
fn line_maps_have_unique_keys_and_ids() {
    let book = ParamBook::load().unwrap();
    for year in supported_years() {
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

/// Every figure holding plain numbers says whether they are money, a percentage or a count, so an
/// explanation shows `$15,000.00` or `18%`, not `15000` or `0.18`.
#[test]
fn every_figure_of_plain_numbers_declares_how_they_are_shown() {
    let declared = njtax_engine::YearParams::declared_figures();
    assert!(declared.len() > 100, "{} figures", declared.len());
    let missing: Vec<_> = declared
        .iter()
        .filter(|f| f.ty.contains("Decimal") && !f.has_unit)
        .map(|f| format!("{}: {}", f.id, f.ty))
        .collect();
    assert!(
        missing.is_empty(),
        "no `as money|percent|number`: {missing:?}"
    );
}

/// The law figures an explanation lists are in words: money with a dollar sign and cents, rates
/// as percentages, and no Rust debug output (`[PercentTier { over: .. }]`, `CojCredit`).
#[test]
fn law_figures_in_explanations_are_shown_in_words() {
    let book = ParamBook::load().unwrap();
    let mut seen = std::collections::BTreeMap::new();
    for path in crate::common::all_examples() {
        let a = njtax_engine::parse_draft(&std::fs::read_to_string(&path).unwrap())
            .unwrap()
            .answers;
        for r in njtax_engine::compute::compute_set(&a, &book)
            .unwrap()
            .returns
        {
            for l in &r.lines {
                for p in &l.explanation.params {
                    seen.insert(p.id.clone(), p.value.clone());
                }
            }
        }
    }
    assert!(seen.len() > 40, "{} figures seen", seen.len());
    for (id, value) in &seen {
        assert!(
            !value.contains('{') && !value.contains('[') && !value.contains("\\\""),
            "{id} = {value}"
        );
        let camel = value.split(|c: char| !c.is_alphanumeric()).any(|w| {
            w.chars().skip(1).any(char::is_uppercase) && w.chars().any(char::is_lowercase)
        });
        assert!(!camel, "{id} = {value}");
    }
    let shown = |id: &str| {
        seen.get(id)
            .map(String::as_str)
            .unwrap_or_else(|| panic!("{id} not seen"))
    };
    assert!(
        shown("property.deduction_cap").starts_with('$'),
        "{}",
        shown("property.deduction_cap")
    );
    assert!(shown("property.deduction_cap").ends_with(".00"));
    assert!(
        shown("property.rent_share").ends_with('%'),
        "{}",
        shown("property.rent_share")
    );
    assert!(shown("exemptions.regular").starts_with('$'));
    assert!(
        shown("tax.no_tax_threshold").starts_with("single $"),
        "{}",
        shown("tax.no_tax_threshold")
    );
    let tiers = shown("exclusions.pension_tiers");
    assert!(tiers.starts_with("over $"), "{tiers}");
    assert!(tiers.contains('%'), "{tiers}");
}

/// A figure's month and day (an installment date, the day interest stops) in words.
#[test]
fn a_month_and_day_is_shown_as_the_month_named() {
    use njtax_engine::calendar::month_day_words;
    assert_eq!(month_day_words(4, 15), "April 15");
    assert_eq!(month_day_words(1, 15), "January 15");
    assert_eq!(month_day_words(12, 31), "December 31");
    assert_eq!(month_day_words(13, 1), "month 13 day 1");
    assert_eq!(month_day_words(0, 1), "month 0 day 1");
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

// ---------------------------------------------------------------------------------------------
// Adding a tax year is data only.

use njtax_engine::answers::{Date, Dependent, EstimatedPayment, Homestead, Person, W2};
use njtax_engine::{Answers, ParamSources};
use rust_decimal::dec;

/// The end of the RON value starting at `start` (a bracketed value or a scalar): the index of the
/// `,` or closing bracket that ends it at depth 0.
fn value_end(text: &str, start: usize) -> usize {
    scan_to(text, start, true)
}

/// The index of the bracket that closes the map or list whose contents start at `start`.
fn closing_bracket(text: &str, start: usize) -> usize {
    scan_to(text, start, false)
}

fn scan_to(text: &str, start: usize, stop_at_comma: bool) -> usize {
    let bytes = text.as_bytes();
    let (mut depth, mut in_str, mut escaped) = (0i32, false, false);
    let mut i = start;
    while i < bytes.len() {
        let c = bytes[i];
        if in_str {
            if escaped {
                escaped = false;
            } else if c == b'\\' {
                escaped = true;
            } else if c == b'"' {
                in_str = false;
            }
        } else {
            match c {
                b'"' => in_str = true,
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth == 0 => return i,
                b')' | b']' | b'}' => depth -= 1,
                b',' if depth == 0 && stop_at_comma => return i,
                _ => {}
            }
        }
        i += 1;
    }
    i
}

/// A value's text moved from tax year `from` to `to`: dates of the year and the two after it
/// move with it ("2026-04-15" becomes "2099-04-15", "2027-01-15" becomes "2100-01-15").
fn moved(value: &str, from: u16, to: u16) -> String {
    let mut out = value.to_owned();
    for k in (0..3).rev() {
        out = out.replace(&format!("\"{}-", from + k), &format!("\"{}-", to + k));
    }
    out
}

/// RON text without its `//` comments (outside strings).
fn without_comments(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let (mut in_str, mut escaped, mut cut) = (false, false, line.len());
        let bytes = line.as_bytes();
        for (i, &c) in bytes.iter().enumerate() {
            if in_str {
                if escaped {
                    escaped = false;
                } else if c == b'\\' {
                    escaped = true;
                } else if c == b'"' {
                    in_str = false;
                }
            } else if c == b'"' {
                in_str = true;
            } else if c == b'/' && bytes.get(i + 1) == Some(&b'/') {
                cut = i;
                break;
            }
        }
        out.push_str(&line[..cut]);
        out.push('\n');
    }
    out
}

/// Copy, in every `values: { ... }` and `uncertain: { ... }` map of a law-figure file, the entry
/// in force for `from` to a new key `to`, so that `to` resolves exactly as `from` does. Works on
/// the text alone: it knows nothing of the figures.
fn copy_year_in_figures(text: &str, from: u16, to: u16) -> String {
    let text = without_comments(text);
    let mut out = String::new();
    let mut rest = text.as_str();
    loop {
        let next = ["values: {", "uncertain: {"]
            .iter()
            .filter_map(|m| rest.find(m).map(|i| (i, *m)))
            .min();
        let Some((at, marker)) = next else {
            out.push_str(rest);
            return out;
        };
        let open = at + marker.len();
        let close = open + closing_bracket(&rest[open..], 0);
        let body = &rest[open..close];
        // The entries "YEAR: value," of the map.
        let mut entries: Vec<(u16, String)> = Vec::new();
        let mut i = 0;
        while let Some(colon) = body[i..].find(':') {
            let key_text = body[i..i + colon].trim().trim_start_matches(',').trim();
            let Ok(key) = key_text.parse::<u16>() else {
                break;
            };
            let vstart = i + colon + 1;
            let vend = vstart + value_end(&body[vstart..], 0);
            entries.push((key, body[vstart..vend].trim().to_owned()));
            i = (vend + 1).min(body.len());
        }
        let exact = marker.starts_with("uncertain");
        let in_force = entries
            .iter()
            .filter(|(k, _)| if exact { *k == from } else { *k <= from })
            .max_by_key(|(k, _)| *k);
        let later_key = entries.iter().any(|(k, _)| *k > from);
        let mut new_body = body.trim_end().to_owned();
        if let Some((k, v)) = in_force
            && (exact || *k == from || later_key)
        {
            if !new_body.trim_end().ends_with(',') && !new_body.trim().is_empty() {
                new_body.push(',');
            }
            new_body.push_str(&format!(" {to}: {},", moved(v, from, to)));
        }
        out.push_str(&rest[..open]);
        out.push_str(&new_body);
        rest = &rest[close..];
    }
}

/// The embedded data with tax year `to` added as a copy of `from`, as a maintainer would add a
/// year: every figure file, a line map, the year list. No code is involved.
fn sources_with_copied_year(from: u16, to: u16) -> ParamSources {
    let mut src = ParamSources::embedded();
    for text in src.params.values_mut() {
        *text = copy_year_in_figures(text, from, to);
    }
    let mut maps = Vec::new();
    for (name, text) in &src.line_maps {
        let mut text = text.clone();
        if text.contains(&format!("years: [{from}]")) {
            maps.push((
                format!("copy-{to}-{name}"),
                text.replace(&format!("years: [{from}]"), &format!("years: [{to}]")),
            ));
        } else if let Some(at) = text.find("years: [") {
            let end = at + text[at..].find(']').unwrap();
            if text[at..end].contains(&from.to_string()) {
                text.insert_str(end, &format!(", {to}"));
            }
        }
        maps.push((name.clone(), text));
    }
    src.line_maps = maps;
    let years = &src.years;
    let entry_at = years.find(&format!("year: {from},")).unwrap();
    let entry_start = years[..entry_at].rfind('(').unwrap();
    let entry_end = entry_start + value_end(&years[entry_start..], 0);
    let entry = moved(&years[entry_start..entry_end], from, to)
        .replace(&format!("year: {from},"), &format!("year: {to},"));
    let list_end = years.rfind(']').unwrap();
    src.years = format!("{}    {entry},\n{}", &years[..list_end], &years[list_end..]);
    src
}

fn date(y: u16, m: u8, d: u8) -> Date {
    Date::new(y, m, d).unwrap()
}

fn person(name: &str, ssn: &str, born: Date) -> Person {
    Person {
        name: name.into(),
        ssn: ssn.into(),
        birth_date: Some(born),
        ..Person::default()
    }
}

fn w2(
    employer: &str,
    id: &str,
    wages: rust_decimal::Decimal,
    withheld: rust_decimal::Decimal,
) -> W2 {
    W2 {
        employer: employer.into(),
        employer_id: id.into(),
        state_wages: wages,
        nj_tax_withheld: withheld,
        ui_wf_swf: dec!(120),
        di: dec!(200),
        fli: dec!(250),
        ..W2::default()
    }
}

/// Two households whose facts depend on the year only through dates. A renter couple with a
/// child under 6 and two employers each (the child tax credit, the NJ EITC, lines 59-61, the
/// property tax deduction); a single earner who paid estimated tax late (the NJ-2210).
fn households(year: u16) -> [Answers; 2] {
    let mut family = Answers {
        tax_year: year,
        filing_status: njtax_engine::answers::FilingStatus::MarriedJoint,
        taxpayer: person("Ana Test", "400-00-2001", date(year - 38, 3, 4)),
        spouse: Some(person("Ben Test", "400-00-2002", date(year - 36, 7, 8))),
        ..Answers::default()
    };
    family.dependents.push(Dependent {
        name: "Cy Test".into(),
        ssn: "400-00-2003".into(),
        birth_date: Some(date(year - 3, 5, 6)),
        months_lived_with_you: 12,
        ..Dependent::default()
    });
    family.income.w2s = vec![
        w2("First Employer", "111111111/000", dec!(14000), dec!(150)),
        w2("Second Employer", "222222222/000", dec!(16000), dec!(150)),
    ];
    family.federal.agi = dec!(30000);
    family.federal.earned_income = dec!(30000);
    family.homesteads.push(Homestead {
        description: "Apartment".into(),
        kind: njtax_engine::answers::HomesteadKind::Tenant,
        rent_paid: dec!(14400),
        ..Homestead::default()
    });

    let mut earner = Answers {
        tax_year: year,
        taxpayer: person("Dee Test", "400-00-2004", date(year - 50, 1, 2)),
        ..Answers::default()
    };
    earner.income.w2s = vec![w2(
        "Only Employer",
        "333333333/000",
        dec!(120000),
        dec!(2000),
    )];
    earner.federal.agi = dec!(120000);
    earner.payments.estimated = vec![EstimatedPayment {
        date: Some(date(year + 1, 1, 20)),
        amount: dec!(1000),
    }];
    earner.estimated_tax.prior_year_tax = Some(dec!(6000));
    [family, earner]
}

#[test]
fn a_year_added_as_data_alone_computes_like_the_year_it_copies() {
    let src = sources_with_copied_year(2026, 2099);
    let copied = ParamBook::from_sources(&src).unwrap_or_else(|e| panic!("{e}"));
    assert!(copied.supports(2099));
    assert_eq!(copied.latest_year(), 2099);
    assert!(!ParamBook::load().unwrap().supports(2099));

    let book = ParamBook::load().unwrap();
    let values = |ret: &njtax_engine::ComputedReturn| {
        ret.lines
            .iter()
            .map(|l| (l.id.to_string(), l.value))
            .collect::<Vec<_>>()
    };
    let codes = |ret: &njtax_engine::ComputedReturn| {
        ret.diagnostics
            .iter()
            .map(|d| d.code.clone())
            .collect::<Vec<_>>()
    };
    let [family, earner] = households(2026);
    let [family_99, earner_99] = households(2099);
    for (a, a99) in [(family, family_99), (earner, earner_99)] {
        let real = njtax_engine::compute::compute_set(&a, &book).unwrap();
        let fict = njtax_engine::compute::compute_set(&a99, &copied).unwrap();
        let (r, f) = (&real.returns[0], &fict.returns[0]);
        assert_eq!(f.tax_year, 2099);
        assert_eq!(values(f), values(r));
        assert_eq!((f.refund, f.balance_due), (r.refund, r.balance_due));
        assert_eq!(
            f.nj2210.as_ref().map(|s| s.interest),
            r.nj2210.as_ref().map(|s| s.interest)
        );
        // The same diagnostics, the provisional notice among them.
        assert_eq!(codes(f), codes(r));
        assert!(codes(r).iter().any(|c| c == "provisional-year"));
        assert!(fict.provisional.is_some());
    }
    // The lines that matter here really ran: the child tax credit ($1,250 at line 42 under
    // $30,000), the EITC, lines 59-61 and the NJ-2210's interest.
    let [family, earner] = households(2099);
    let f = njtax_engine::compute::compute(&family, &copied).unwrap();
    assert_eq!(f.value_by_key(Key::ChildTaxCredit), dec!(1250));
    for key in [Key::NjEitc, Key::ExcessUi, Key::ExcessDi, Key::ExcessFli] {
        assert!(
            !f.value_by_key(key).is_zero(),
            "{key} is zero: the test shows nothing"
        );
    }
    let e = njtax_engine::compute::compute(&earner, &copied).unwrap();
    assert!(e.nj2210.as_ref().is_some_and(|s| !s.interest.is_zero()));
}

#[test]
fn a_listed_year_without_its_own_dates_is_refused_when_the_data_is_loaded() {
    // 2027 listed, but no figure has 2027 dates: every figure carries forward, so the 2027
    // return would silently use 2026's installment dates and due date.
    let mut src = ParamSources::embedded();
    let end = src.years.rfind(']').unwrap();
    src.years.insert_str(end, "(year: 2027),\n");
    for (_, text) in &mut src.line_maps {
        if text.contains("years: [2026]") {
            *text = text.replace("years: [2026]", "years: [2026, 2027]");
        }
        *text = text.replace("2025, 2026]", "2025, 2026, 2027]");
    }
    let err = ParamBook::from_sources(&src).unwrap_err().to_string();
    assert!(err.contains("2027") && err.contains("installment"), "{err}");

    // With a copy of 2026's figures moved to 2027 it loads.
    let ok = ParamBook::from_sources(&sources_with_copied_year(2026, 2027));
    assert!(ok.is_ok(), "{:?}", ok.err());
}

#[test]
fn a_provisional_figure_must_be_marked_uncertain_for_its_year() {
    let mut src = ParamSources::embedded();
    src.years = src.years.replace(
        "(\"credits.ctc_tiers\",",
        "(\"tax.rate_schedules\", \"the tax rates\"), (\"credits.ctc_tiers\",",
    );
    let err = ParamBook::from_sources(&src).unwrap_err().to_string();
    assert!(err.contains("tax.rate_schedules"), "{err}");
}

#[test]
fn years_are_listed_in_order_with_2026_the_latest_and_provisional() {
    let book = ParamBook::load().unwrap();
    let years: Vec<u16> = book.supported_years().collect();
    assert_eq!(
        years,
        vec![2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]
    );
    assert_eq!(book.latest_year(), 2026);
    assert_eq!(book.supported_years_text(), "2018-2026");
    for y in &years[..8] {
        assert!(book.for_year(*y).unwrap().provisional.is_none(), "{y}");
    }
    let p = book.for_year(2026).unwrap();
    let prov = p.provisional.as_ref().unwrap();
    // One plain sentence that names what is provisional.
    assert_eq!(prov.notice.matches(". ").count(), 0, "{}", prov.notice);
    for words in [
        "2026",
        "line numbers",
        "child tax credit",
        "earned income",
        "NJ-2450",
        "interest rate",
        "due dates",
    ] {
        assert!(
            prov.notice.contains(words),
            "the notice does not name {words}"
        );
    }
    // The 2026 NJ-1040 layout is the 2025 one, flagged.
    let p25 = book.for_year(2025).unwrap();
    assert_eq!(p.line_map.lines, p25.line_map.lines);
    assert!(p.line_map.uncertain.is_some() && p25.line_map.uncertain.is_none());
    let err = book.supported(2027).err().unwrap().to_string();
    assert!(err.contains("2018-2026"), "{err}");
    let err = book.supported(2017).err().unwrap().to_string();
    assert!(err.contains("2018-2026"), "{err}");
}

#[test]
fn a_provisional_return_says_which_provisional_figures_it_uses_and_where() {
    let book = ParamBook::load().unwrap();
    let [family, earner] = households(2026);
    let set = njtax_engine::compute::compute_set(&family, &book).unwrap();
    let uses: Vec<String> = set
        .provisional_uses()
        .iter()
        .map(njtax_engine::compute::ProvisionalUse::describe)
        .collect();
    for want in [
        "the child tax credit amounts (line 65)",
        "the federal earned income credit maximums (line 58)",
        "the NJ-2450 UI/WF/SWF maximum (line 59)",
        "the NJ-2450 disability insurance maximum (line 60)",
        "the NJ-2450 family leave insurance maximum (line 61)",
    ] {
        assert!(uses.iter().any(|u| u == want), "{want} not in {uses:?}");
    }
    // The family paid no estimated tax: no NJ-2210 figure is named.
    assert!(!uses.iter().any(|u| u.contains("interest")), "{uses:?}");

    let set = njtax_engine::compute::compute_set(&earner, &book).unwrap();
    let uses: Vec<String> = set
        .provisional_uses()
        .iter()
        .map(njtax_engine::compute::ProvisionalUse::describe)
        .collect();
    assert!(
        uses.iter().any(|u| u == "the interest rate (line 52)"),
        "{uses:?}"
    );
    assert!(
        uses.iter()
            .any(|u| u == "the 2026 installment due dates (line 52)"),
        "{uses:?}"
    );
    assert!(
        uses.iter()
            .any(|u| u == "the 2027 estimated tax due dates (next year's estimated tax plan)"),
        "{uses:?}"
    );
    // A final year has none.
    let mut a = earner.clone();
    a.tax_year = 2025;
    a.payments.estimated[0].date = Some(date(2026, 1, 20));
    let set = njtax_engine::compute::compute_set(&a, &book).unwrap();
    assert!(set.provisional.is_none() && set.provisional_uses().is_empty());
}

// ---- The coverage list (forms/coverage.ron) and the code, kept in step ----

/// A section number at `i` ("3A-17", "5-1", "9-25.14", "4-12b"): its end.
fn section_at(b: &[u8], i: usize) -> Option<usize> {
    let digit = |k: usize| b.get(k).is_some_and(u8::is_ascii_digit);
    let mut end = i;
    while digit(end) {
        end += 1;
    }
    if end == i {
        return None;
    }
    if b.get(end) == Some(&b'A') {
        end += 1;
    }
    if b.get(end) != Some(&b'-') || !digit(end + 1) {
        return None;
    }
    end += 1;
    while digit(end) {
        end += 1;
    }
    if b.get(end) == Some(&b'.') && digit(end + 1) {
        end += 1;
        while digit(end) {
            end += 1;
        }
    }
    // "4-12b" is a section; "4-13 a" is a subsection (after a space), "5-1are" is prose.
    if b.get(end).is_some_and(u8::is_ascii_lowercase)
        && !b.get(end + 1).is_some_and(u8::is_ascii_alphanumeric)
    {
        end += 1;
    }
    Some(end)
}

/// Past a short subsection after a section (" b-e", " a(1)", " d(3)"), when there is one.
fn skip_subsection(b: &[u8], i: usize) -> usize {
    if b.get(i) != Some(&b' ')
        || !b.get(i + 1).is_some_and(u8::is_ascii_lowercase)
        || b.get(i + 2).is_some_and(u8::is_ascii_lowercase)
    {
        return i;
    }
    let mut end = i + 2;
    while let Some(c) = b.get(end) {
        if c.is_ascii_digit()
            || matches!(c, b'(' | b')')
            || c.is_ascii_lowercase() && b.get(end - 1) == Some(&b'(')
        {
            end += 1;
        } else if *c == b'-' && b.get(end + 1).is_some_and(u8::is_ascii_lowercase) {
            end += 2;
        } else {
            break;
        }
    }
    end
}

/// Every `54A:` section cited in `text`, as the base section ("54A:3A-17" for "54A:3A-17 d" or
/// "54A:5-1(k)"; "54A:9-25.14"; "54A:4-12b"), with the sections listed after one in the same
/// citation ("54A:3A-16, 3A-17 b-e, 3A-18").
fn cited_sections(text: &str) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(at) = text[from..].find("54A:") {
        let mut i = from + at + 4;
        from = i;
        while let Some(end) = section_at(b, i) {
            out.insert(format!("54A:{}", &text[i..end]));
            let mut next = skip_subsection(b, end);
            if let Some(sep) = [", ", " and ", " or "]
                .iter()
                .find(|sep| text[next..].starts_with(**sep))
            {
                next += sep.len();
            } else {
                from = next;
                break;
            }
            from = next;
            i = next;
        }
    }
    out
}

/// The text of every rule module and law-figure file: where a computed section must be cited.
fn engine_and_figures_text() -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut text = String::new();
    for dir in [
        "crates/njtax-engine/src",
        "crates/njtax-engine/src/rules",
        "forms/params",
    ] {
        for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs" || e == "ron") {
                text.push_str(&std::fs::read_to_string(&path).unwrap());
                text.push('\n');
            }
        }
    }
    text
}

/// The base section of a listed section or subsection ("54A:8-4 d" -> "54A:8-4").
fn base(section: &str) -> String {
    section.split(' ').next().unwrap_or(section).to_owned()
}

/// Every section the list calls computed is cited by some rule or law figure; every `54A:` section
/// the rules and figures cite is on the list (a rule for a section the list does not know is a
/// change the list must show).
#[test]
fn the_coverage_list_and_the_code_are_in_step() {
    use njtax_engine::coverage::{Coverage, Status};
    let list = Coverage::load().unwrap();
    // coverage.rs itself names no section beyond the examples in its comments; leave it out.
    let code = engine_and_figures_text().replace(include_str!("../src/coverage.rs"), "");
    let cited = cited_sections(&code);
    let listed: std::collections::BTreeSet<String> = list
        .entries
        .iter()
        .flat_map(|e| e.sections.iter().map(|s| base(s)))
        .collect();
    for e in &list.entries {
        if e.status == Status::Computed {
            for s in &e.sections {
                assert!(
                    cited.contains(&base(s)),
                    "{s} ({}) is listed as computed, but no rule or law figure cites it",
                    e.subject
                );
            }
        }
        if e.status == Status::NotCovered || e.status == Status::NotAsked {
            assert!(
                !e.note.trim().is_empty(),
                "{:?}: say what to do",
                e.sections
            );
        }
    }
    let missing: Vec<&String> = cited.iter().filter(|s| !listed.contains(*s)).collect();
    assert!(
        missing.is_empty(),
        "sections cited by the code but not on forms/coverage.ron: {missing:?}"
    );
}

/// The list's places are real: every screen is an interview screen and every line key a line of
/// the latest year's NJ-1040; a section is listed once.
#[test]
fn the_coverage_lists_screens_and_lines_exist() {
    use njtax_engine::coverage::Coverage;
    let list = Coverage::load().unwrap();
    let interview = include_str!("../../../forms/interview.ron");
    let book = ParamBook::load().unwrap();
    let p = book.for_year(book.latest_year()).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for e in &list.entries {
        if let Some(screen) = &e.screen {
            assert!(
                interview.contains(&format!("id: \"{screen}\"")),
                "{:?}: no interview screen {screen}",
                e.sections
            );
        }
        for key in &e.lines {
            assert!(
                p.line_map.find(*key).is_some(),
                "{:?}: no line {key}",
                e.sections
            );
        }
        for s in &e.sections {
            assert!(seen.insert(s.clone()), "{s} is listed twice");
        }
    }
}

/// The README's "What it does not cover" list is the coverage list's `NotCovered` entries, in
/// order, each as "subject (sections). note", after the one bullet that is not a section (sending
/// the return). On a difference the message gives the whole list to paste.
#[test]
fn the_readmes_not_covered_list_is_the_coverage_lists() {
    use njtax_engine::coverage::Coverage;
    let list = Coverage::load().unwrap();
    let want: Vec<String> = list
        .not_covered()
        .map(|e| format!("{} ({}). {}", e.subject, e.sections.join(", "), e.note))
        .collect();
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let start = readme
        .find("## What it does not cover")
        .expect("README has the section");
    let section = &readme[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |i| i + 3);
    // Bullets: a line starting "- ", continued by lines indented two spaces.
    let mut bullets: Vec<String> = Vec::new();
    for line in section[..end].lines() {
        if let Some(b) = line.strip_prefix("- ") {
            bullets.push(b.trim().to_owned());
        } else if let (Some(last), Some(more)) = (bullets.last_mut(), line.strip_prefix("  ")) {
            last.push(' ');
            last.push_str(more.trim());
        }
    }
    assert!(
        bullets
            .first()
            .is_some_and(|b| b.starts_with("Sending the return")),
        "{bullets:?}"
    );
    let got: Vec<String> = bullets.into_iter().skip(1).collect();
    assert!(
        got == want,
        "README.md's not-covered list differs from forms/coverage.ron; it should read:\n{}",
        want.iter()
            .map(|b| format!("- {b}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    // And it never says amended returns are not made (they are, 54A:8-7 is computed).
    assert!(!section[..end].contains("Not made yet"));
}

/// The section finder reads the citation forms the code uses.
#[test]
fn cited_sections_reads_every_citation_form() {
    let s = cited_sections(
        "N.J.S.A. 54A:3A-17 d, 54A:5-1(k); 54A:9-25.14 and 54A:4-12b, 54A:4-13 a(1). 54A:6-9.1",
    );
    let want: Vec<&str> = vec![
        "54A:3A-17",
        "54A:4-12b",
        "54A:4-13",
        "54A:5-1",
        "54A:6-9.1",
        "54A:9-25.14",
    ];
    assert_eq!(s.iter().map(String::as_str).collect::<Vec<_>>(), want);
}
