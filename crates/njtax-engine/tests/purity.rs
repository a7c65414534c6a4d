//! The engine stays pure: no user-interface, dialog, platform-folder, network or file-system code.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::Path;

fn engine_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_engine_crate_depends_on_no_ui_dialog_or_platform_crate() {
    let manifest = std::fs::read_to_string(engine_dir().join("Cargo.toml")).unwrap();
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap();
    for forbidden in [
        "egui",
        "eframe",
        "rfd",
        "directories",
        "winit",
        "reqwest",
        "ureq",
    ] {
        assert!(!deps.contains(forbidden), "engine depends on {forbidden}");
    }
}

#[test]
fn engine_sources_use_no_ui_file_system_network_or_float_code() {
    let mut files = Vec::new();
    rust_files(&engine_dir().join("src"), &mut files);
    assert!(files.len() > 10);
    for f in files {
        let mut text = std::fs::read_to_string(&f).unwrap();
        // A serde `Serializer` must have the two floating-point methods. The answers' flattener
        // (`compare/flat.rs`) and the compact draft writer (`draft/compact.rs`), the only files
        // allowed them, write them with the value ignored (`_v`): no answer holds a float
        // (docs/decisions/compare-drafts.md).
        if f.ends_with("compare/flat.rs") || f.ends_with("draft/compact.rs") {
            for method in [
                concat!("fn serialize_f", "32(self, _v: f", "32)"),
                concat!("fn serialize_f", "64(self, _v: f", "64)"),
            ] {
                text = text.replace(method, "");
            }
        }
        for forbidden in [
            "egui",
            "eframe",
            "rfd::",
            "directories::",
            "std::fs",
            "std::net",
            // Floating-point types, spelled so that this file does not itself contain them.
            concat!("f", "32"),
            concat!("f", "64"),
            "println!",
            "eprintln!",
        ] {
            assert!(
                !text.contains(forbidden),
                "{} uses {forbidden}",
                f.display()
            );
        }
    }
}
