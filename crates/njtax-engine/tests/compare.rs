//! Comparing two drafts (issue 19) on example pairs kept in `tests/fixtures/compare/`: each
//! changed line and the cause its explanation names, the expected figures worked out from the
//! drafts themselves (the wage difference, the exemption for one more child, the months).
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use njtax_engine::compare::{Cause, Comparison, LineChange, compare};
use njtax_engine::residency::ReturnKind;
use njtax_engine::{Answers, Key, ParamBook};
use rust_decimal::Decimal;

fn fixture(name: &str) -> Answers {
    let path = format!(
        "{}/../../tests/fixtures/compare/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    njtax_engine::parse_draft(&text).unwrap().answers
}

fn pair(old: &str, new: &str) -> (Answers, Answers, Comparison) {
    let book = ParamBook::load().unwrap();
    let (o, n) = (fixture(old), fixture(new));
    let c = compare(&o, &n, &book).unwrap();
    (o, n, c)
}

/// Every cause in a tree, depth first.
fn all_causes(causes: &[Cause]) -> Vec<&Cause> {
    let mut out = Vec::new();
    for c in causes {
        out.push(c);
        out.extend(all_causes(c.causes()));
    }
    out
}

fn resident_line(c: &Comparison, key: Key) -> &LineChange {
    c.return_of("NJ-1040", ReturnKind::Resident)
        .expect("a resident return")
        .line(key)
        .unwrap_or_else(|| panic!("line {key} did not change"))
}

#[test]
fn identical_drafts_have_no_changed_line() {
    let book = ParamBook::load().unwrap();
    for name in [
        "w2-corrected-old.ron",
        "dependent-added-new.ron",
        "move-date-old.ron",
        "year-2026.ron",
    ] {
        let a = fixture(name);
        let c = compare(&a, &a.clone(), &book).unwrap();
        assert!(!c.has_changed_lines(), "{name}");
        assert_eq!(c.changed_line_count(), 0, "{name}");
        assert!(c.answers_changed.is_empty() && c.items_added.is_empty());
        assert!(c.items_removed.is_empty() && c.law_figures_changed.is_empty());
        assert!(c.returns.iter().all(|r| r.diagnostics_appeared.is_empty()
            && r.diagnostics_gone.is_empty()
            && r.period.is_none()));
    }
}

#[test]
fn a_corrected_w2_moves_wages_and_tax_and_names_its_state_wages() {
    let (o, n, c) = pair("w2-corrected-old.ron", "w2-corrected-new.ron");
    let (before, after) = (o.income.w2s[1].state_wages, n.income.w2s[1].state_wages);
    let raise = after - before;
    assert!(raise > Decimal::ZERO);
    assert_eq!(c.old_year, 2024);
    assert_eq!(c.new_year, 2024);

    let wages = resident_line(&c, Key::Wages);
    assert_eq!(wages.difference, raise);
    assert_eq!(wages.new_id.as_deref(), Some("15"));
    // Line 15's own cause is the answer, named with its W-2 and both values.
    let [Cause::Answer(a)] = wages.causes.as_slice() else {
        panic!("line 15's causes: {:?}", wages.causes);
    };
    assert_eq!(a.path, "income.w2s[1].state_wages");
    assert_eq!(a.words, "W-2 #2 (Acme Corp): state wages");
    assert_eq!(a.old.as_deref(), Some("41,000.00"));
    assert_eq!(a.new.as_deref(), Some("44,400.00"));

    // The tax changed, and its chain reaches the same answer through taxable income.
    let tax = resident_line(&c, Key::Tax);
    assert!(!tax.difference.is_zero());
    assert_eq!(tax.difference, tax.new.unwrap() - tax.old.unwrap());
    let Cause::Line(l42) = &tax.causes[0] else {
        panic!("line 43's first cause: {:?}", tax.causes[0]);
    };
    assert_eq!(l42.key, Key::NjTaxableIncome);
    assert_eq!(l42.difference, raise);
    let reached: Vec<_> = all_causes(&tax.causes)
        .into_iter()
        .filter_map(|c| match c {
            Cause::Answer(a) => Some(a),
            _ => None,
        })
        .collect();
    assert!(
        reached.iter().any(|a| a.path == "income.w2s[1].state_wages"
            && a.old.as_deref() == Some("41,000.00")
            && a.new.as_deref() == Some("44,400.00")),
        "{reached:?}"
    );
    // Line 29 is read twice by line 43 (taxable income's chain and the no-tax threshold):
    // expanded once, referred to the second time.
    assert!(all_causes(&tax.causes).iter().any(|c| matches!(c,
        Cause::Line(l) if l.key == Key::GrossIncome && l.shown_above)));

    // The lines that do not depend on wages did not change; the refund fell by the tax.
    let ret = c.return_of("NJ-1040", ReturnKind::Resident).unwrap();
    assert!(ret.line(Key::TaxableInterest).is_none());
    assert_eq!(resident_line(&c, Key::Refund).difference, -tax.difference);
    // The answers changed: the W-2 and the two federal figures, no item added or removed.
    let paths: Vec<&str> = c.answers_changed.iter().map(|a| a.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "federal.agi",
            "federal.earned_income",
            "income.w2s[1].state_wages"
        ]
    );
    assert!(c.items_added.is_empty() && c.items_removed.is_empty());
    assert!(c.law_figures_changed.is_empty());
}

#[test]
fn an_added_dependent_moves_the_children_exemption_and_is_named() {
    let book = ParamBook::load().unwrap();
    let (o, n, c) = pair("dependent-added-old.ron", "dependent-added-new.ron");
    assert_eq!(n.dependents.len(), o.dependents.len() + 1);
    let baby = &n.dependents[1].name;
    let per_child = book.for_year(2024).unwrap().exemptions.dependent.value;

    let children = resident_line(&c, Key::ExemptionChildren);
    assert_eq!(children.difference, per_child);
    assert_eq!(children.new_id.as_deref(), Some("10"));
    let item = children
        .causes
        .iter()
        .find_map(|c| match c {
            Cause::Item(i) => Some(i),
            _ => None,
        })
        .expect("the added dependent among line 10's causes");
    assert!(item.added);
    assert_eq!(item.list, "dependents");
    assert_eq!(item.index, 1);
    assert_eq!(item.words, format!("Dependent #2 ({baby})"));

    // The item is listed as added, and its answers are not repeated as changed answers.
    assert_eq!(c.items_added.len(), 1);
    assert_eq!(c.items_added[0], *item);
    assert!(c.items_removed.is_empty());
    assert!(c.answers_changed.is_empty(), "{:?}", c.answers_changed);
    // Taxable income falls by the exemption, and its chain names the dependent.
    let taxable = resident_line(&c, Key::NjTaxableIncome);
    assert_eq!(taxable.difference, -per_child);
    assert!(
        all_causes(&taxable.causes)
            .iter()
            .any(|c| matches!(c, Cause::Item(i) if i.words.contains(baby.as_str())))
    );
}

#[test]
fn a_corrected_move_date_moves_the_months_and_names_the_date() {
    let (o, n, c) = pair("move-date-old.ron", "move-date-new.ron");
    let (from_old, from_new) = (
        o.taxpayer.residency.resident_from.unwrap(),
        n.taxpayer.residency.resident_from.unwrap(),
    );
    // 1 July: July-December, 6 months; 10 June: 21 days of June count, 7 months.
    let (res_old, res_new) = (6u8, 7u8);
    for (form, kind, months_old, months_new) in [
        ("NJ-1040", ReturnKind::PartYearResident, res_old, res_new),
        (
            "NJ-1040NR",
            ReturnKind::PartYearNonresident,
            12 - res_old,
            12 - res_new,
        ),
    ] {
        let r = c.return_of(form, kind).unwrap_or_else(|| panic!("{form}"));
        let period = r.period.as_ref().expect("the period changed");
        assert_eq!(
            (period.old_months, period.new_months),
            (months_old, months_new)
        );
        // Line 30, the exemptions prorated by months: the line 13 total × months ÷ 12.
        let l30 = r.line(Key::Exemptions).expect("line 30 changed");
        // Single, no other exemption: line 13 is the regular exemption.
        let total = ParamBook::load()
            .unwrap()
            .for_year(2024)
            .unwrap()
            .exemptions
            .regular
            .value;
        let prorate = |m: u8| (total * Decimal::from(m) / Decimal::from(12)).round_dp(2);
        assert_eq!(l30.old, Some(prorate(months_old)), "{form}");
        assert_eq!(l30.new, Some(prorate(months_new)), "{form}");
        // Its cause is the period, and under it the date answer with both dates.
        let Some(Cause::Period(p)) = l30.causes.iter().find(|c| matches!(c, Cause::Period(_)))
        else {
            panic!("{form} line 30's causes: {:?}", l30.causes);
        };
        let [Cause::Answer(a)] = p.causes.as_slice() else {
            panic!("{:?}", p.causes);
        };
        assert_eq!(a.path, "taxpayer.residency.resident_from");
        assert_eq!(a.old, Some(from_old.to_string()));
        assert_eq!(a.new, Some(from_new.to_string()));
        // Taxable income follows line 30, through it.
        let taxable = r.line(Key::TaxableIncome).expect("line 39 changed");
        assert_eq!(taxable.difference, -l30.difference);
        assert!(all_causes(&taxable.causes).iter().any(
            |c| matches!(c, Cause::Answer(a) if a.path == "taxpayer.residency.resident_from")
        ));
    }
    // Wages are answered per period, so they did not move.
    let res = c
        .return_of("NJ-1040", ReturnKind::PartYearResident)
        .unwrap();
    assert!(res.line(Key::Wages).is_none());
    assert_eq!(c.answers_changed.len(), 1);
}

#[test]
fn the_next_year_names_the_law_figures_that_changed() {
    let book = ParamBook::load().unwrap();
    let (_, n, c) = pair("year-2025.ron", "year-2026.ron");
    assert_eq!((c.old_year, c.new_year), (2025, 2026));
    let (p25, p26) = (book.for_year(2025).unwrap(), book.for_year(2026).unwrap());
    assert_ne!(p25.credits.ctc_tiers.value, p26.credits.ctc_tiers.value);

    // The child tax credit (line 65): the same child, under 6 both years, and the 2026 amounts.
    let ctc = resident_line(&c, Key::ChildTaxCredit);
    assert!(ctc.difference > Decimal::ZERO);
    let law = ctc
        .causes
        .iter()
        .find_map(|c| match c {
            Cause::LawFigure(f) => Some(f),
            _ => None,
        })
        .expect("a law figure among line 65's causes");
    assert_eq!(law.id, p26.credits.ctc_tiers.id);
    assert!(!law.citation.is_empty());
    assert_ne!(law.old, law.new);
    // One child under 6 on NJ taxable income that did not change: the difference is one
    // child's amount of the first tier in 2026 less 2025's.
    assert!(resident_line_absent(&c, Key::NjTaxableIncome));
    let first = |p: &njtax_engine::YearParams| p.credits.ctc_tiers.value.0[0].value;
    assert_eq!(ctc.difference, first(&p26) - first(&p25));

    // The NJ EITC (line 58) moved with the federal EIC figures.
    let eitc = resident_line(&c, Key::NjEitc);
    assert!(eitc.causes.iter().any(|c| matches!(c,
        Cause::LawFigure(f) if f.id.starts_with("federal.eic_"))));
    // The summary lists the figures, and the 2026 provisional warning appeared.
    assert!(c.law_figures_changed.iter().any(|f| f.id == law.id));
    let ret = c.return_of("NJ-1040", ReturnKind::Resident).unwrap();
    assert!(
        ret.diagnostics_appeared
            .iter()
            .any(|d| d.code == "provisional-year")
    );
    assert!(c.answers_changed.iter().any(|a| a.path == "tax_year"
        && a.old.as_deref() == Some("2025")
        && a.new.as_deref() == Some("2026")));

    // The engine's own roll-forward of the 2025 draft: next year's draft keeps the household
    // and drops the income, so the W-2 is removed and line 15 names it.
    let old = fixture("year-2025.ron");
    let set = njtax_engine::compute::compute_set(&old, &book).unwrap();
    let next = njtax_engine::rollover::next_year(&old, &set);
    assert_eq!(next.tax_year, n.tax_year);
    let r = compare(&old, &next, &book).unwrap();
    assert_eq!((r.old_year, r.new_year), (2025, 2026));
    let employer = &old.income.w2s[0].employer;
    assert!(
        r.items_removed
            .iter()
            .any(|i| i.list == "income.w2s" && i.words == format!("W-2 #1 ({employer})"))
    );
    let wages = resident_line(&r, Key::Wages);
    assert_eq!(wages.difference, -old.income.w2s[0].state_wages);
    assert!(
        wages
            .causes
            .iter()
            .any(|c| matches!(c, Cause::Item(i) if !i.added))
    );
}

fn resident_line_absent(c: &Comparison, key: Key) -> bool {
    c.return_of("NJ-1040", ReturnKind::Resident)
        .is_some_and(|r| r.line(key).is_none())
}
