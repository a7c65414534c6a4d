//! Recompute a complex return: 10 W-2s, 3 other jurisdictions, a property tax choice and EITC.
//! Target (issue 2): median at most 5 µs for `compute_with` (parameters already resolved, as the
//! app holds them between keystrokes).

use criterion::{Criterion, criterion_group, criterion_main};
use njtax_engine::answers::*;
use njtax_engine::{Answers, ParamBook, compute, compute_values, compute_with};
use rust_decimal::Decimal;
use std::hint::black_box;

fn d(s: &str) -> Decimal {
    s.parse().unwrap_or_default()
}

fn complex_return() -> Answers {
    let w2s = (0..10)
        .map(|i| W2 {
            owner: if i % 2 == 0 {
                Owner::Taxpayer
            } else {
                Owner::Spouse
            },
            employer: format!("Employer {i}"),
            employer_id: format!("{i}"),
            state_wages: d("2150.37") * Decimal::from(i + 1),
            nj_tax_withheld: d("41.10") * Decimal::from(i + 1),
            ui_wf_swf: d("9.14"),
            di: Decimal::ZERO, // the 2024 DI employee rate was 0%
            fli: d("6.63"),
            ..W2::default()
        })
        .collect();
    let person = |y| Person {
        name: "Pat Example".into(),
        ssn: "400-00-0101".into(),
        birth_date: Date::new(y, 4, 2),
        ..Person::default()
    };
    Answers {
        tax_year: 2024,
        filing_status: FilingStatus::MarriedJoint,
        taxpayer: person(1988),
        spouse: Some(person(1990)),
        dependents: (0..2)
            .map(|i| Dependent {
                name: format!("Child {i}"),
                ssn: "400-00-0102".into(),
                birth_date: Date::new(2019 + i, 1, 5),
                months_lived_with_you: 12,
                ..Dependent::default()
            })
            .collect(),
        income: Income {
            w2s,
            interest: vec![Interest {
                taxable_interest: d("125.40"),
                ..Interest::default()
            }],
            ..Income::default()
        },
        homesteads: vec![Homestead {
            kind: HomesteadKind::Tenant,
            rent_paid: d("18000"),
            ..Homestead::default()
        }],
        other_jurisdictions: (0..3)
            .map(|i| OtherJurisdiction {
                name: format!("Place {i}"),
                kind: if i == 2 {
                    JurisdictionKind::Local
                } else {
                    JurisdictionKind::State
                },
                income_taxed_by_both: d("6000"),
                tax_paid: d("180"),
                state: String::new(),
                entity_level_tax: false,
                tax_due_notice_on: None,
            })
            .collect(),
        federal: Federal {
            agi: d("118394.73"),
            earned_income: d("118269.33"),
            investment_income: d("125.40"),
            dependent_care_credit: d("600"),
            ..Federal::default()
        },
        ..Answers::default()
    }
}

fn bench(c: &mut Criterion) {
    let Ok(book) = ParamBook::load() else { return };
    let a = complex_return();
    let Ok(p) = book.for_year(a.tax_year) else {
        return;
    };
    c.bench_function("compute_values (live recompute, params resolved)", |b| {
        b.iter(|| compute_values(black_box(&a), black_box(&p)))
    });
    c.bench_function("compute_with (params resolved)", |b| {
        b.iter(|| compute_with(black_box(&a), black_box(&p)))
    });
    c.bench_function("compute (resolve params each time)", |b| {
        b.iter(|| compute(black_box(&a), black_box(&book)))
    });
    c.bench_function("ParamBook::load (parse embedded RON)", |b| {
        b.iter(ParamBook::load)
    });
    // A pathological draft: 100,000 W-2s from as many employers (lines 59-61 group them by
    // employer, and each employer's line carries its explanation). The goal is time linear in the
    // W-2s: about a second for 100,000 here (grouping and the findings' de-duplication were
    // quadratic: 100,000 took minutes).
    let mut many = complex_return();
    many.income.w2s = (0..100_000u32)
        .map(|i| W2 {
            employer: format!("Employer {i}"),
            employer_id: format!("{i:09}/000"),
            state_wages: d("100"),
            ui_wf_swf: d("1"),
            di: d("1"),
            fli: d("1"),
            ..W2::default()
        })
        .collect();
    // How the live recompute grows with the W-2s (each from its own employer): the goal is a
    // straight line, the cost of one W-2 times their number on top of the fixed cost.
    let mut scaling = c.benchmark_group("compute_values by W-2s");
    for n in [1u32, 10, 100, 1_000] {
        let mut a = complex_return();
        a.income.w2s.truncate(1);
        let first = a.income.w2s.first().cloned().unwrap_or_default();
        a.income.w2s = (0..n)
            .map(|i| W2 {
                employer: format!("Employer {i}"),
                employer_id: format!("{i:09}/000"),
                ..first.clone()
            })
            .collect();
        scaling.bench_with_input(criterion::BenchmarkId::from_parameter(n), &a, |b, a| {
            b.iter(|| compute_values(black_box(a), black_box(&p)))
        });
    }
    scaling.finish();
    let mut group = c.benchmark_group("large drafts");
    group.sample_size(10);
    group.bench_function(
        "compute_values, 100,000 W-2s from distinct employers",
        |b| b.iter(|| compute_values(black_box(&many), black_box(&p))),
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
