//! CPU time per frame of the desktop app with the largest example draft open on its busiest screen
//! (the Income screen with every W-2 and 1099 expanded, and the form view). Target (issue 3): at most
//! 2 ms per frame. Rendering to pixels is not included (the GPU does that in the real app).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};
use njtax_ui::{App, Command};

/// The example draft with the most answers.
fn largest_example() -> Option<njtax_engine::Answers> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    let mut best: Option<(usize, njtax_engine::Answers)> = None;
    for sub in [dir.to_owned(), format!("{dir}/edge")] {
        for entry in std::fs::read_dir(sub).ok()?.flatten() {
            let Ok(text) = std::fs::read_to_string(entry.path()) else {
                continue;
            };
            let Ok(draft) = njtax_engine::parse_draft(&text) else {
                continue;
            };
            if best.as_ref().is_none_or(|(len, _)| text.len() > *len) {
                best = Some((text.len(), draft.answers));
            }
        }
    }
    best.map(|(_, a)| a)
}

fn bench(c: &mut Criterion) {
    let Some(answers) = largest_example() else {
        return;
    };
    let app = App::new(
        answers,
        "Largest example",
        Box::new(ScriptedDialogs::default()),
        Box::new(MemoryRecent::default()),
    );
    let screens: Vec<(usize, String)> = app
        .interview
        .screens
        .iter()
        .enumerate()
        .map(|(i, s)| (i, s.id.clone()))
        .collect();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    for (i, id) in screens {
        if id != "income" && id != "form" {
            continue;
        }
        h.state_mut().send(Command::Goto {
            screen: i,
            focus: None,
        });
        if id == "form" {
            h.state_mut().send(Command::ShowLine("43".into()));
        }
        h.run();
        c.bench_function(&format!("one frame, {id} screen"), |b| {
            b.iter(|| {
                h.step();
                black_box(h.state().computations)
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
