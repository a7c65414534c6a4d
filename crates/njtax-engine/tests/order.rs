//! The order lines are computed in. The sheet is demand-driven (`njtax_engine::registry`): a line
//! is computed by its rule when first read, so no order is kept by hand. What can still go wrong
//! is recorded (`Sheet::premature_reads`): a read that closes a cycle (a rule that needs its own
//! result), or a line of the form that no rule gives. Every example draft, every year it rolls
//! forward to, and arbitrary answers must have none; any order of reading gives the same return.

use std::cell::Cell;

use njtax_engine::compute::{Ctx, Sheet, compute_set};
use njtax_engine::registry::Registry;
use njtax_engine::sheet::Rules;
use njtax_engine::{Answers, Key, ParamBook};
use rust_decimal::Decimal;

/// "name: form: keys" for each return of `a` with premature reads.
fn premature(name: &str, a: &Answers, book: &ParamBook) -> Vec<String> {
    let set = compute_set(a, book).unwrap_or_else(|e| panic!("{name}: {e}"));
    set.returns
        .iter()
        .filter(|r| !r.premature_reads.is_empty())
        .map(|r| {
            format!(
                "{name} ({}): {} {:?}",
                a.tax_year, r.form, r.premature_reads
            )
        })
        .collect()
}

#[test]
fn no_example_reads_a_line_before_it_is_computed() {
    let book = ParamBook::load().unwrap();
    let examples = crate::common::all_examples();
    assert!(examples.len() > 80, "{} examples", examples.len());
    let mut found = Vec::new();
    for path in examples {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut a = njtax_engine::parse_draft(&text).unwrap().answers;
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        found.extend(premature(&name, &a, &book));
        // Each later year too (its own layout of lines and its own figures).
        while a.tax_year < 2026 {
            let set = compute_set(&a, &book).unwrap();
            a = njtax_engine::rollover::next_year(&a, &set);
            found.extend(premature(&name, &a, &book));
        }
    }
    assert!(
        found.is_empty(),
        "lines read before they were computed:\n{}",
        found.join("\n")
    );
}

/// The record itself: a read of a line of the form not computed yet is recorded once; a read of
/// a computed line, or of a key that is not a line of the form, is not.
#[test]
fn the_sheet_records_a_read_of_a_line_not_yet_computed() {
    let book = ParamBook::load().unwrap();
    let p = book.for_year(2025).unwrap();
    let a = Answers {
        tax_year: 2025,
        ..Answers::default()
    };
    let cx = Ctx::new(&a, &p);
    let mut s = Sheet::for_map(&p.line_map);
    s.push(cx.line(Key::Wages, rust_decimal::dec!(100), cx.empty_explanation()));
    assert_eq!(s.v(Key::Wages), rust_decimal::dec!(100));
    assert_eq!(s.v(Key::Tax), rust_decimal::Decimal::ZERO);
    assert_eq!(s.v(Key::Tax), rust_decimal::Decimal::ZERO);
    // Column B of the NJ-1040NR is not a line of the NJ-1040.
    assert_eq!(s.v(Key::WagesNj), rust_decimal::Decimal::ZERO);
    assert_eq!(s.premature_reads(), vec![Key::Tax]);
    // A sheet not made for a form records nothing.
    let loose = Sheet::default();
    assert_eq!(loose.v(Key::Tax), rust_decimal::Decimal::ZERO);
    assert!(loose.premature_reads().is_empty());
}

/// Every line of every form of every year has a rule in the registry, and every rule gives the
/// lines it is named for (a sheet filled from nothing records no line left without a value).
#[test]
fn every_line_of_every_form_has_a_rule_that_gives_it() {
    let book = ParamBook::load().unwrap();
    for year in book.supported_years() {
        let p = book.for_year(year).unwrap();
        let a = Answers {
            tax_year: year,
            ..Answers::default()
        };
        let cx = Ctx::new(&a, &p);
        let resident = Registry::resident(&cx);
        let nonresident = Registry::nonresident(&cx, cx.scope.clone());
        for (map, rules) in [(&p.line_map, &resident), (&p.nr_line_map, &nonresident)] {
            for (key, id, _) in &map.lines {
                assert!(
                    rules.rule_of(*key).is_some(),
                    "{year} {} line {id} ({key}) has no rule",
                    map.form
                );
            }
        }
        let s = Sheet::for_map(&p.line_map).with_rules(&resident);
        s.fill(&p.line_map);
        assert!(
            s.premature_reads().is_empty(),
            "{year}: {:?}",
            s.premature_reads()
        );
        // Every line of the form is on the sheet; a line the year's form does not have (the child
        // tax credit before 2022) may be worked out too, and is then dropped (zero, or an
        // internal error the return tests would see).
        for (key, id, _) in &p.line_map.lines {
            assert!(s.get(*key).is_some(), "{year} line {id} ({key})");
        }
    }
}

/// The order of reading does not matter: reading every line of every example's form last line
/// first gives the same values as the form's order.
#[test]
fn reading_the_lines_in_reverse_order_gives_the_same_return() {
    let book = ParamBook::load().unwrap();
    let mut compared = 0;
    for path in crate::common::all_examples() {
        let text = std::fs::read_to_string(&path).unwrap();
        let a = njtax_engine::parse_draft(&text).unwrap().answers;
        let Ok(p) = book.for_year(a.tax_year) else {
            continue;
        };
        let cx = Ctx::new(&a, &p);
        let forward_rules = Registry::resident(&cx);
        let forward = Sheet::for_map(&p.line_map).with_rules(&forward_rules);
        forward.fill(&p.line_map);
        let cx2 = Ctx::new(&a, &p);
        let backward_rules = Registry::resident(&cx2);
        let backward = Sheet::for_map(&p.line_map).with_rules(&backward_rules);
        for (key, _, _) in p.line_map.lines.iter().rev() {
            backward.v(*key);
        }
        for (key, id, _) in &p.line_map.lines {
            assert_eq!(
                forward.v(*key),
                backward.v(*key),
                "{}: line {id}",
                path.display()
            );
        }
        assert!(backward.premature_reads().is_empty());
        compared += 1;
    }
    assert!(compared > 80, "{compared} examples");
}

/// A toy registry: rule 0 gives line 27 from line 29, rule 1 gives line 29 from line 27 (a
/// cycle), rule 2 gives line 15; each counts its runs.
struct Toy<'c, 'a> {
    cx: &'c Ctx<'a>,
    runs: [Cell<u32>; 3],
}

impl Rules for Toy<'_, '_> {
    fn rule_of(&self, key: Key) -> Option<u16> {
        match key {
            Key::TotalIncome => Some(0),
            Key::GrossIncome => Some(1),
            Key::Wages => Some(2),
            _ => None,
        }
    }

    fn compute(&self, s: &Sheet<'_>, rule: u16) {
        let cx = self.cx;
        if let Some(n) = self.runs.get(usize::from(rule)) {
            n.set(n.get() + 1);
        }
        let (key, value) = match rule {
            0 => (Key::TotalIncome, s.v(Key::GrossIncome) + Decimal::ONE),
            1 => (Key::GrossIncome, s.v(Key::TotalIncome) + Decimal::ONE),
            _ => (Key::Wages, Decimal::TEN),
        };
        s.put(cx.line(key, value, cx.empty_explanation()));
    }
}

/// Each rule runs once however often its line is read; a read that closes a cycle reads zero
/// and is recorded; a key without a rule that is a line of the form is recorded too.
#[test]
fn a_demand_driven_sheet_runs_each_rule_once_and_records_a_cycle() {
    let book = ParamBook::load().unwrap();
    let p = book.for_year(2025).unwrap();
    let a = Answers {
        tax_year: 2025,
        ..Answers::default()
    };
    let cx = Ctx::new(&a, &p);
    let toy = Toy {
        cx: &cx,
        runs: Default::default(),
    };
    let s = Sheet::for_map(&p.line_map).with_rules(&toy);
    assert_eq!(s.v(Key::Wages), Decimal::TEN);
    assert_eq!(s.v(Key::Wages), Decimal::TEN);
    assert_eq!(toy.runs[2].get(), 1, "a rule runs once");
    assert!(s.premature_reads().is_empty());
    // 27 reads 29, which reads 27 while 27's rule is still running: that read is zero.
    assert_eq!(s.v(Key::TotalIncome), Decimal::from(2));
    assert_eq!(s.v(Key::GrossIncome), Decimal::ONE);
    assert_eq!(s.premature_reads(), vec![Key::TotalIncome]);
    assert_eq!((toy.runs[0].get(), toy.runs[1].get()), (1, 1));
    // Line 43 has no rule here.
    assert_eq!(s.v(Key::Tax), Decimal::ZERO);
    assert_eq!(s.premature_reads(), vec![Key::TotalIncome, Key::Tax]);
}
