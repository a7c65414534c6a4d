//! The printed return: how long `njtax pdf` / File > Print to PDF takes for a realistic return
//! (the joint New York commuters of `examples/ny-commuter-coj.ron`, 19 pages) and for a part-year
//! mover's two returns (`examples/residency/01-…`, 33 pages). Split into computing with
//! explanations, laying out, and writing the PDF, so a slow step is visible. The app prints on the
//! UI thread, so this is the pause a user sees.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a bench may panic on broken examples

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use njtax_engine::compute::compute_set;
use njtax_engine::{ParamBook, parse_draft};
use njtax_print::fonts::Fonts;
use njtax_print::{PrintOptions, lay_out, render, return_pdf};

fn bench(c: &mut Criterion) {
    let book = ParamBook::load().unwrap();
    for (name, text) in [
        (
            "joint_ny_commuters",
            include_str!("../examples/ny-commuter-coj.ron"),
        ),
        (
            "part_year_mover",
            include_str!("../examples/residency/01-single-moved-in-from-ny-1-july-2024.ron"),
        ),
    ] {
        let answers = parse_draft(text).unwrap().answers;
        let set = compute_set(&answers, &book).unwrap();
        let opts = PrintOptions::default();
        let fonts = Fonts::load().unwrap();
        c.bench_function(&format!("pdf/{name}/compute_and_print"), |b| {
            b.iter(|| {
                let set = compute_set(black_box(&answers), &book).unwrap();
                black_box(return_pdf(&answers, &set, "", &opts).unwrap())
            });
        });
        c.bench_function(&format!("pdf/{name}/lay_out"), |b| {
            b.iter(|| black_box(lay_out(&fonts, &answers, black_box(&set), "", &opts).unwrap()));
        });
        let out = lay_out(&fonts, &answers, &set, "", &opts).unwrap();
        c.bench_function(&format!("pdf/{name}/write_pdf"), |b| {
            b.iter(|| {
                black_box(
                    render::pdf(&fonts, black_box(&out.pages), &out.bookmarks, &out.title).unwrap(),
                )
            });
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
