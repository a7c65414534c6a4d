//! `njtax batch` at clinic scale: 10,000 drafts (made in memory from the example drafts, each with
//! its wages and withholding varied) read, computed and summarised the way `njtax batch -o` does
//! it, on every available core. Target (issue 8): under 2 seconds on 2 cores.
//!
//! It runs the binary's own batch code (`njtax::cli::batch`: `summarize_draft` and `par_map`):
//! `parse_draft`, the year's law figures resolved once per year per thread, `compute_set_values`
//! (no explanations), the summary figures (gross income, tax, refund, balance due, error count),
//! with the drafts split into one chunk per thread and the results kept in draft order. Reading
//! the files from disk is not included.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a bench may panic on broken examples

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use njtax::cli::batch::{Summary, YearCache, par_map, summarize_draft};
use njtax_engine::draft::draft_to_string;
use njtax_engine::{Draft, ParamBook, parse_draft};
use rust_decimal::Decimal;

const DRAFTS: usize = 10_000;

/// Every parseable example draft, recursively.
fn examples(dir: &Path, found: &mut Vec<Draft>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            examples(&p, found);
        } else if p.extension().is_some_and(|x| x == "ron")
            && let Ok(d) = parse_draft(&std::fs::read_to_string(&p).unwrap_or_default())
        {
            found.push(d);
        }
    }
}

/// `DRAFTS` draft texts: the examples in turn, each copy's W-2 amounts changed by a few dollars.
fn drafts() -> Vec<String> {
    let mut base = Vec::new();
    examples(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"),
        &mut base,
    );
    assert!(!base.is_empty(), "no example drafts");
    (0..DRAFTS)
        .map(|i| {
            let mut d = base[i % base.len()].clone();
            let bump = Decimal::from(i % 1_000) + Decimal::new((i % 97) as i64, 2);
            for w in &mut d.answers.income.w2s {
                w.state_wages += bump * Decimal::TEN;
                w.nj_tax_withheld += bump;
            }
            draft_to_string(&d).unwrap()
        })
        .collect()
}

/// The batch as `njtax batch` runs it ([`njtax::cli::batch`]): each draft parsed, computed
/// without explanations and summarised on every core, in draft order.
fn batch(texts: &[String], book: &ParamBook) -> Vec<Summary> {
    par_map(texts, YearCache::new, |text, years| {
        summarize_draft(
            String::new(),
            parse_draft(text).map_err(|e| e.to_string()),
            book,
            years,
        )
    })
}

fn bench(c: &mut Criterion) {
    let book = ParamBook::load().unwrap();
    let texts = drafts();
    let start = Instant::now();
    let rows = batch(&texts, &book);
    eprintln!(
        "batch: {} drafts ({} computed) in {:.3?} on {} thread(s)",
        rows.len(),
        rows.iter().filter(|r| r.unreadable.is_none()).count(),
        start.elapsed(),
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    );
    let mut group = c.benchmark_group("batch");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("10000 drafts: parse, compute values, summarise", |b| {
        b.iter(|| black_box(batch(black_box(&texts), &book)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
