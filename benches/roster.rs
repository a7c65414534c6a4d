//! CPU time per frame of the desktop app with the clinic roster of a folder of 5,000 drafts open
//! (issue 37: no frame held over 50 ms). The folder (copies of the single-renter example) is read
//! by the roster's worker thread; the longest frame drawn while it reads is printed, then one
//! frame with every row read is measured. Rendering to pixels is not included.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a bench may panic on broken examples

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};
use njtax_ui::{App, Command};

const DRAFTS: usize = 5_000;

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/single-renter.ron"),
    )
    .unwrap();
    for i in 0..DRAFTS {
        let t = text.replace("Maria Lopez", &format!("Client {i:05}"));
        std::fs::write(dir.path().join(format!("c{i:05}.ron")), t).unwrap();
    }
    let app = App::new(
        njtax_engine::Answers::default(),
        "Roster",
        Box::new(ScriptedDialogs {
            open: vec![dir.path().to_path_buf()],
            ..ScriptedDialogs::default()
        }),
        Box::new(MemoryRecent::default()),
    );
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    h.state_mut().send(Command::OpenClinicFolder);
    let start = Instant::now();
    let mut longest = Duration::ZERO;
    let mut frames = 0;
    loop {
        let t = Instant::now();
        h.step();
        longest = longest.max(t.elapsed());
        frames += 1;
        let roster = h.state().snapshot.roster.as_ref();
        if roster.is_some_and(|r| r.reading.is_none() && r.entries.len() == DRAFTS) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "read in 5 minutes"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    eprintln!(
        "roster: {DRAFTS} drafts read in {:.3?} while {frames} frames were drawn, the longest {:.3?}",
        start.elapsed(),
        longest
    );
    let mut group = c.benchmark_group("roster");
    group.sample_size(20);
    group.bench_function("one frame, the roster of 5000 drafts open", |b| {
        b.iter(|| {
            h.step();
            black_box(h.state().snapshot.roster.as_ref().map(|r| r.shown.len()))
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
