//! Lines 59-61: excess UI/WF/SWF, DI and FLI withheld by two or more employers (Form NJ-2450;
//! N.J.S.A. 54A:4-4, 43:21-7).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use njtax_engine::Key;
use njtax_engine::answers::{FilingStatus, Owner, W2};
use njtax_engine::compute::{Ctx, Sheet};
use njtax_engine::rules::nj2450::lines_59_to_61_excess_contributions;
use njtax_engine::{Answers, Diagnostic, Line, ParamBook, Severity, compute};
use rust_decimal::{Decimal, dec};

fn book() -> &'static ParamBook {
    static BOOK: std::sync::OnceLock<ParamBook> = std::sync::OnceLock::new();
    BOOK.get_or_init(|| ParamBook::load().unwrap())
}

fn w2(owner: Owner, employer: &str, id: &str, ui: Decimal, di: Decimal, fli: Decimal) -> W2 {
    W2 {
        owner,
        employer: employer.into(),
        employer_id: id.into(),
        state_wages: dec!(40000),
        ui_wf_swf: ui,
        di,
        fli,
        ..Default::default()
    }
}

/// Lines 59-61 and the diagnostics for a year, status and W-2s.
fn run(year: u16, status: FilingStatus, w2s: Vec<W2>) -> (Vec<Line>, Vec<Diagnostic>) {
    let p = book().for_year(year).unwrap();
    let mut a = Answers {
        tax_year: year,
        filing_status: status,
        ..Default::default()
    };
    a.income.w2s = w2s;
    let cx = Ctx::new(&a, &p);
    let lines = lines_59_to_61_excess_contributions(&cx, &Sheet::default());
    (lines, cx.take_diags())
}

fn value(lines: &[Line], key: Key) -> Decimal {
    lines.iter().find(|l| l.key == key).unwrap().value
}

fn line(lines: &[Line], key: Key) -> &Line {
    lines.iter().find(|l| l.key == key).unwrap()
}

#[test]
fn the_three_lines_are_always_returned_with_their_2024_ids() {
    let (lines, diags) = run(2024, FilingStatus::Single, vec![]);
    let keys: Vec<_> = lines.iter().map(|l| (l.key, &*l.id)).collect();
    assert_eq!(
        keys,
        [
            (Key::ExcessUi, "59"),
            (Key::ExcessDi, "60"),
            (Key::ExcessFli, "61")
        ]
    );
    assert!(lines.iter().all(|l| l.value.is_zero()));
    assert!(diags.is_empty());
}

#[test]
fn two_employers_ui_over_the_2024_maximum_is_credited_nj_2450() {
    // 2024 maximum $179.78 (NJ-2450 line 3). 120.00 + 100.00 = 220.00; 220.00 - 179.78 = 40.22.
    let (lines, diags) = run(
        2024,
        FilingStatus::Single,
        vec![
            w2(
                Owner::Taxpayer,
                "Acme",
                "123-456-789/000",
                dec!(120),
                dec!(0),
                dec!(0),
            ),
            w2(
                Owner::Taxpayer,
                "Bolt",
                "987-654-321/000",
                dec!(100),
                dec!(0),
                dec!(0),
            ),
        ],
    );
    assert_eq!(value(&lines, Key::ExcessUi), dec!(40.22));
    let l = line(&lines, Key::ExcessUi);
    assert!(
        l.explanation
            .rule
            .contains("counted total $220.00 minus the $179.78 maximum = $40.22"),
        "{}",
        l.explanation.rule
    );
    assert!(l.explanation.citation.contains("54A:4-4"));
    assert!(
        l.explanation
            .params
            .iter()
            .any(|p| p.id == "withholding.ui_max" && p.uncertain.is_none())
    );
    assert_eq!(value(&lines, Key::ExcessDi), dec!(0));
    assert!(diags.is_empty(), "{diags:?}");
}

#[test]
fn counted_total_at_the_maximum_gives_nothing_and_one_cent_over_gives_one_cent() {
    // FLI 2024 maximum $145.26: 100.00 + 45.26 = 145.26 -> 0.00; 100.00 + 45.27 -> 0.01.
    let at = run(
        2024,
        FilingStatus::Single,
        vec![
            w2(Owner::Taxpayer, "A", "1", dec!(0), dec!(0), dec!(100)),
            w2(Owner::Taxpayer, "B", "2", dec!(0), dec!(0), dec!(45.26)),
        ],
    );
    assert_eq!(value(&at.0, Key::ExcessFli), dec!(0));
    let above = run(
        2024,
        FilingStatus::Single,
        vec![
            w2(Owner::Taxpayer, "A", "1", dec!(0), dec!(0), dec!(100)),
            w2(Owner::Taxpayer, "B", "2", dec!(0), dec!(0), dec!(45.27)),
        ],
    );
    assert_eq!(value(&above.0, Key::ExcessFli), dec!(0.01));
}

#[test]
fn one_employer_that_over_withheld_is_not_a_credit_but_an_info_nj_2450() {
    let (lines, diags) = run(
        2024,
        FilingStatus::Single,
        vec![w2(
            Owner::Taxpayer,
            "Acme",
            "1",
            dec!(200),
            dec!(0),
            dec!(0),
        )],
    );
    assert_eq!(value(&lines, Key::ExcessUi), dec!(0));
    assert!(
        line(&lines, Key::ExcessUi)
            .explanation
            .rule
            .contains("one employer only")
    );
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].severity, Severity::Info);
    assert_eq!(diags[0].code, "nj2450-employer-overwithheld");
    assert!(diags[0].message.contains("$20.22"), "{}", diags[0].message); // 200.00 - 179.78
    assert_eq!(diags[0].path.as_deref(), Some("income.w2s[0].ui_wf_swf"));
}

#[test]
fn two_w2s_from_the_same_employer_id_are_one_employer() {
    // Same NJ ID (spacing and dashes differ): one employer, 100 + 100 = 200 counted up to 179.78,
    // no credit, and an info that the employer refunds $20.22.
    let (lines, diags) = run(
        2024,
        FilingStatus::Single,
        vec![
            w2(
                Owner::Taxpayer,
                "Acme Inc",
                "123-456-789/000",
                dec!(100),
                dec!(0),
                dec!(0),
            ),
            w2(
                Owner::Taxpayer,
                "ACME",
                "123456789 000",
                dec!(100),
                dec!(0),
                dec!(0),
            ),
        ],
    );
    assert_eq!(value(&lines, Key::ExcessUi), dec!(0));
    assert!(
        diags
            .iter()
            .any(|d| d.code == "nj2450-employer-overwithheld")
    );
}

#[test]
fn each_employer_counts_only_up_to_the_maximum_nj_2450() {
    // 2024 UI: A withheld 200.00 (counted 179.78), B 50.00: 229.78 - 179.78 = 50.00,
    // and an info that A refunds 20.22.
    let (lines, diags) = run(
        2024,
        FilingStatus::Single,
        vec![
            w2(Owner::Taxpayer, "A", "1", dec!(200), dec!(0), dec!(0)),
            w2(Owner::Taxpayer, "B", "2", dec!(50), dec!(0), dec!(0)),
        ],
    );
    assert_eq!(value(&lines, Key::ExcessUi), dec!(50));
    assert!(
        line(&lines, Key::ExcessUi)
            .explanation
            .rule
            .contains("A $200.00 (counted $179.78)")
    );
    assert_eq!(
        diags
            .iter()
            .filter(|d| d.code == "nj2450-employer-overwithheld")
            .count(),
        1
    );
}

#[test]
fn private_plan_di_and_fli_are_not_counted_nj_2450() {
    // 2025 DI maximum 380.42 (the Division's). A state plan 300.00, B private plan 300.00: only 300.00
    // counted, no excess. FLI: A 400.00, B 400.00 but B private: 400.00 counted, no excess.
    let mut b = w2(Owner::Taxpayer, "B", "2", dec!(0), dec!(300), dec!(400));
    b.di_private_plan = true;
    b.fli_private_plan = true;
    let (lines, diags) = run(
        2025,
        FilingStatus::Single,
        vec![
            w2(Owner::Taxpayer, "A", "1", dec!(0), dec!(300), dec!(400)),
            b,
        ],
    );
    assert_eq!(value(&lines, Key::ExcessDi), dec!(0));
    assert_eq!(value(&lines, Key::ExcessFli), dec!(0));
    assert_eq!(
        diags
            .iter()
            .filter(|d| d.code == "nj2450-private-plan")
            .count(),
        2
    );
    // Without the private plans: DI 600.00 - 380.42 = 219.58; FLI 545.82 max: 800.00 - 545.82 = 254.18.
    let (lines, _) = run(
        2025,
        FilingStatus::Single,
        vec![
            w2(Owner::Taxpayer, "A", "1", dec!(0), dec!(300), dec!(400)),
            w2(Owner::Taxpayer, "B", "2", dec!(0), dec!(300), dec!(400)),
        ],
    );
    assert_eq!(value(&lines, Key::ExcessDi), dec!(219.58));
    assert_eq!(value(&lines, Key::ExcessFli), dec!(254.18));
}

#[test]
fn joint_return_computes_each_spouse_separately_and_adds_nj_2450() {
    // 2024 UI max 179.78. Taxpayer: 120 + 100 = 220 -> 40.22. Spouse: 150 + 60 = 210 -> 30.22.
    // A spouse with one employer each would get nothing: spouses are not pooled.
    let (lines, _) = run(
        2024,
        FilingStatus::MarriedJoint,
        vec![
            w2(Owner::Taxpayer, "A", "1", dec!(120), dec!(0), dec!(0)),
            w2(Owner::Taxpayer, "B", "2", dec!(100), dec!(0), dec!(0)),
            w2(Owner::Spouse, "C", "3", dec!(150), dec!(0), dec!(0)),
            w2(Owner::Spouse, "D", "4", dec!(60), dec!(0), dec!(0)),
        ],
    );
    assert_eq!(value(&lines, Key::ExcessUi), dec!(70.44));
    let rule = &line(&lines, Key::ExcessUi).explanation.rule;
    assert!(rule.contains("Taxpayer: 2 employers"), "{rule}");
    assert!(rule.contains("Spouse: 2 employers"), "{rule}");

    let (lines, _) = run(
        2024,
        FilingStatus::MarriedJoint,
        vec![
            w2(Owner::Taxpayer, "A", "1", dec!(150), dec!(0), dec!(0)),
            w2(Owner::Spouse, "C", "3", dec!(150), dec!(0), dec!(0)),
        ],
    );
    assert_eq!(value(&lines, Key::ExcessUi), dec!(0));
}

#[test]
fn spouse_w2s_do_not_count_on_a_separate_return() {
    let (lines, _) = run(
        2024,
        FilingStatus::MarriedSeparate,
        vec![
            w2(Owner::Taxpayer, "A", "1", dec!(150), dec!(0), dec!(0)),
            w2(Owner::Spouse, "C", "3", dec!(150), dec!(0), dec!(0)),
        ],
    );
    assert_eq!(value(&lines, Key::ExcessUi), dec!(0));
}

#[test]
fn di_withheld_in_2024_is_refunded_by_the_employer_not_credited() {
    // The 2024 DI maximum is $0.00 (0% worker rate): nothing counts, each employer refunds.
    let (lines, diags) = run(
        2024,
        FilingStatus::Single,
        vec![
            w2(Owner::Taxpayer, "A", "1", dec!(0), dec!(50), dec!(0)),
            w2(Owner::Taxpayer, "B", "2", dec!(0), dec!(40), dec!(0)),
        ],
    );
    assert_eq!(value(&lines, Key::ExcessDi), dec!(0));
    assert_eq!(
        diags
            .iter()
            .filter(|d| d.code == "nj2450-employer-overwithheld")
            .count(),
        2
    );
}

#[test]
fn maximums_for_every_supported_year_with_uncertain_notes_where_not_printed() {
    // (year, UI, DI, FLI, UI uncertain?, DI and FLI uncertain?). 2025 UI: $184.02 as the Division
    // gives it, each part rounded ($165.62 + $18.40), not 0.425% x $43,300 = $184.025 rounded up
    // (nj-reference-3.md A3); the 2025 DI and FLI maximums are the Division's too (corrections of
    // 2026-12-07). 2026: 0.425% x $44,800; 0.19% and 0.23% x $171,100.
    for (year, ui, di, fli, ui_uncertain, di_fli_uncertain) in [
        (2022, dec!(169.15), dec!(212.66), dec!(212.66), true, true),
        (2023, dec!(174.68), dec!(0), dec!(94.08), true, true),
        (2024, dec!(179.78), dec!(0), dec!(145.26), false, false),
        (2025, dec!(184.02), dec!(380.42), dec!(545.82), false, false),
        (2026, dec!(190.40), dec!(325.09), dec!(393.53), true, true),
    ] {
        let p = book().for_year(year).unwrap().withholding;
        assert_eq!(p.ui_max.value, ui, "{year}");
        assert_eq!(p.di_max.value, di, "{year}");
        assert_eq!(p.fli_max.value, fli, "{year}");
        assert_eq!(p.ui_max.uncertain.is_some(), ui_uncertain, "{year} UI");
        for f in [&p.di_max, &p.fli_max] {
            assert_eq!(f.uncertain.is_some(), di_fli_uncertain, "{year} {}", f.id);
        }
        for f in [&p.ui_max, &p.di_max, &p.fli_max] {
            assert!(f.citation.contains("NJ-2450 line 3") && f.citation.contains("43:21-7"));
        }
    }
    let years: Vec<u16> = book().supported_years().collect();
    assert_eq!(years.last(), Some(&2026), "a new year needs its row here");
}

#[test]
fn an_uncertain_maximum_raises_a_warning_only_when_used() {
    let mut a = Answers {
        tax_year: 2025,
        ..Default::default()
    };
    a.income.w2s = vec![
        w2(Owner::Taxpayer, "A", "1", dec!(150), dec!(300), dec!(0)),
        w2(Owner::Taxpayer, "B", "2", dec!(150), dec!(300), dec!(0)),
    ];
    let ret = compute(&a, book()).unwrap();
    // UI 300.00 - 184.02 = 115.98; DI 600.00 - 380.42 = 219.58.
    assert_eq!(ret.by_key(Key::ExcessUi).unwrap().value, dec!(115.98));
    assert_eq!(ret.by_key(Key::ExcessDi).unwrap().value, dec!(219.58));
    let warned = |ret: &njtax_engine::ComputedReturn, what: &str| {
        ret.diagnostics
            .iter()
            .any(|d| d.code == "uncertain-figure" && d.message.contains(what))
    };
    // The 2025 maximums are the Division's: no warning.
    assert!(!warned(&ret, "disability insurance"));
    assert!(!warned(&ret, "UI/WF/SWF"));

    // The 2026 DI maximum is computed (uncertain): warned when used, DI 600.00 - 325.09 = 274.91.
    a.tax_year = 2026;
    let ret = compute(&a, book()).unwrap();
    assert_eq!(ret.by_key(Key::ExcessDi).unwrap().value, dec!(274.91));
    assert!(warned(&ret, "disability insurance"));
    a.income.w2s.truncate(1);
    let ret = compute(&a, book()).unwrap();
    assert!(!warned(&ret, "disability insurance"));
}

#[test]
fn negative_contributions_are_an_error_and_count_as_zero() {
    let (lines, diags) = run(
        2024,
        FilingStatus::Single,
        vec![
            w2(Owner::Taxpayer, "A", "1", dec!(-50), dec!(0), dec!(0)),
            w2(Owner::Taxpayer, "B", "2", dec!(179.78), dec!(0), dec!(0)),
        ],
    );
    assert_eq!(value(&lines, Key::ExcessUi), dec!(0));
    assert!(diags.iter().any(|d| d.code == "negative-amount"
        && d.severity == Severity::Error
        && d.path.as_deref() == Some("income.w2s[0].ui_wf_swf")));
}

#[test]
fn a_claim_without_the_employer_id_is_warned() {
    let (lines, diags) = run(
        2024,
        FilingStatus::Single,
        vec![
            w2(Owner::Taxpayer, "A", "", dec!(120), dec!(0), dec!(0)),
            w2(Owner::Taxpayer, "B", "2", dec!(120), dec!(0), dec!(0)),
        ],
    );
    assert_eq!(value(&lines, Key::ExcessUi), dec!(60.22)); // 240.00 - 179.78
    assert!(diags.iter().any(|d| d.code == "nj2450-employer-id"
        && d.severity == Severity::Warning
        && d.path.as_deref() == Some("income.w2s[0].employer_id")));
}

#[test]
fn absurd_amounts_saturate() {
    let (lines, _) = run(
        2024,
        FilingStatus::Single,
        vec![
            w2(
                Owner::Taxpayer,
                "A",
                "1",
                Decimal::MAX,
                Decimal::MAX,
                Decimal::MAX,
            ),
            w2(
                Owner::Taxpayer,
                "B",
                "2",
                Decimal::MAX,
                Decimal::MAX,
                Decimal::MAX,
            ),
        ],
    );
    // Each employer counts only up to the maximum: 179.78 x 2 - 179.78 = 179.78.
    assert_eq!(value(&lines, Key::ExcessUi), dec!(179.78));
}

/// Past a dozen employers the W-2s are grouped by a map instead of a search: a W-2 from an
/// employer first seen earlier still joins that employer, whose withholding then counts only up
/// to the maximum (and the rest is the employer's to refund).
#[test]
fn many_employers_still_group_each_employers_w2s() {
    let p = book().for_year(2024).unwrap();
    let max = p.withholding.ui_max.value;
    let part = max * dec!(0.75);
    let mut w2s: Vec<W2> = (0..15)
        .map(|i| {
            let ui = if i == 14 { part } else { dec!(1) };
            w2(
                Owner::Taxpayer,
                &format!("Employer {i}"),
                &format!("{i:02}"),
                ui,
                dec!(0),
                dec!(0),
            )
        })
        .collect();
    // A second W-2 from the fifteenth employer, after the thirteenth has switched to the map.
    w2s.push(w2(
        Owner::Taxpayer,
        "Employer 14",
        "14",
        part,
        dec!(0),
        dec!(0),
    ));
    let (lines, diags) = run(2024, FilingStatus::Single, w2s);
    // Fourteen employers at $1 and one counted at the maximum, less the maximum.
    assert_eq!(value(&lines, Key::ExcessUi), dec!(14));
    assert!(
        diags
            .iter()
            .any(|d| d.code == "nj2450-employer-overwithheld"
                && d.path.as_deref() == Some("income.w2s[14].ui_wf_swf")),
        "{diags:?}"
    );
}
