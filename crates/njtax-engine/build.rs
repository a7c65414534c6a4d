//! Embeds every line map in `forms/lines/` (a new tax year's layout is a new data file there, with
//! no code change): writes `line_maps.rs` in `OUT_DIR`, a list of `(file name, contents)`.

use std::fmt::Write as _;
use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = std::env::var("CARGO_MANIFEST_DIR")?;
    let dir = Path::new(&manifest).join("../../forms/lines");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<(String, std::path::PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "ron") {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .ok_or("a line map without a file name")?;
            println!("cargo:rerun-if-changed={}", path.display());
            files.push((name, path.canonicalize()?));
        }
    }
    // Sorted, so that the embedded order (and so the binary) does not depend on the file system.
    files.sort();
    let mut out = String::from(
        "/// The embedded line map files of `forms/lines/`, by file name, sorted.\npub const LINE_MAP_FILES: &[(&str, &str)] = &[\n",
    );
    for (name, path) in &files {
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        )?;
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR")?).join("line_maps.rs");
    std::fs::write(target, out)?;
    Ok(())
}
