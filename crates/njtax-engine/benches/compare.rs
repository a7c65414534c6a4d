//! `njtax diff` at clinic scale (issue 37): two drafts of 2,000 W-2s each (every W-2's state
//! wages changed), a draft of one W-2 against one of 2,000 (1,999 added), two drafts of 5,000
//! review notes each (every other note resolved in the new one, and the one W-2's wages changed),
//! and a draft without notes against one of 5,000. Each is compared the way `njtax diff` does it:
//! both drafts computed with explanations, compared, and the comparison rendered in words.
//! Target: under 0.5 s each on this machine's 2 cores.
//!
//! The drafts are made in memory from the single-renter example (reading the files is not
//! included).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a bench may panic on broken examples

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use njtax_engine::answers::{ClinicRecord, ClinicStatus, NoteAbout, Resolved, ReviewNote};
use njtax_engine::compare::{compare, text::render};
use njtax_engine::{Answers, ParamBook, parse_draft};
use rust_decimal::Decimal;

/// The single-renter example's answers (one W-2).
fn base() -> Answers {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/single-renter.ron");
    parse_draft(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .answers
}

/// A draft with `n` W-2s, each from its own employer, their state wages raised by `bump`.
fn with_w2s(n: usize, bump: i64) -> Answers {
    let mut a = base();
    let first = a.income.w2s[0].clone();
    a.income.w2s = (0..n)
        .map(|i| {
            let mut w = first.clone();
            w.employer = format!("Employer {i}");
            w.employer_id = format!("22{i:07}/000");
            w.state_wages = Decimal::from(30_000 + i as i64 + bump);
            w.nj_tax_withheld = Decimal::from(900 + (i % 500) as i64);
            w
        })
        .collect();
    a
}

/// A draft with `n` review notes about the wages; every `resolved_every`-th is resolved (0: none).
fn with_notes(n: usize, resolved_every: usize, bump: i64) -> Answers {
    let mut a = base();
    a.income.w2s[0].state_wages += Decimal::from(bump);
    a.clinic = Some(ClinicRecord {
        status: ClinicStatus::ReadyForReview,
        preparer: "Ann".into(),
        notes: (0..n)
            .map(|i| ReviewNote {
                id: u32::try_from(i + 1).unwrap(),
                about: NoteAbout::Answer("income.w2s[0].state_wages".into()),
                text: format!("check wages {i}"),
                by: "Ann".into(),
                at: "2026-02-01 10:00".into(),
                resolved: (resolved_every > 0 && i % resolved_every == 0).then(|| Resolved {
                    by: "Bo".into(),
                    at: "2026-02-02 10:00".into(),
                    reply: "done".into(),
                    ..Resolved::default()
                }),
                ..ReviewNote::default()
            })
            .collect(),
        ..ClinicRecord::default()
    });
    a
}

/// What `njtax diff OLD NEW` does after reading the files: compare, then render in words.
fn diff(old: &Answers, new: &Answers, book: &ParamBook) -> String {
    render(&compare(old, new, book).unwrap())
}

fn bench(c: &mut Criterion) {
    let book = ParamBook::load().unwrap();
    let cases = [
        (
            "2000 W-2s each, every wage changed",
            with_w2s(2_000, 0),
            with_w2s(2_000, 10),
        ),
        ("1 W-2 to 2000 W-2s", with_w2s(1, 0), with_w2s(2_000, 0)),
        (
            "5000 review notes each, half resolved",
            with_notes(5_000, 0, 0),
            with_notes(5_000, 2, 10),
        ),
        (
            "no review note to 5000",
            with_notes(0, 0, 0),
            with_notes(5_000, 2, 10),
        ),
    ];
    let mut group = c.benchmark_group("diff");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (name, old, new) in &cases {
        let start = Instant::now();
        let text = diff(old, new, &book);
        eprintln!(
            "diff: {name}: {} lines of output in {:.3?}",
            text.lines().count(),
            start.elapsed()
        );
        group.bench_function(*name, |b| {
            b.iter(|| black_box(diff(black_box(old), black_box(new), &book)));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
