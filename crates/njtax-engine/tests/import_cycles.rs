//! The engine's modules form no import circle: a module that uses another never ends up, through
//! the modules that one uses, depending on itself. A circle means no part of it can be read,
//! tested or changed alone (ARCHITECTURE.md, "The engine's modules").
//!
//! The graph is read from the source text of `src/` (plain Rust, no parser crate): every
//! `use crate::...`, `use super::...`, `use self::...` and every path written in code that starts
//! with `crate::`, `$crate::`, `super::`, `self::`, a module brought in by a `use`, or a child
//! module's name. A path resolves to the longest prefix that is a module; an inline module
//! (`mod tests { ... }`) counts as part of its file's module, and `super::` is relative to where
//! it is written. A module's children do not depend on it merely by being its children, but a
//! `use super::` does count. Comments and string literals are ignored, so doc links are not
//! dependencies. The crate root's re-exports (`pub use x::Y` in `lib.rs`) and `#[macro_export]`
//! macros (which Rust places at the root) resolve to the module that defines them, since every
//! module is a child of the root.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module's path below the crate root (`[]` is the root, `["rules", "tax"]` is `rules::tax`).
type ModPath = Vec<String>;

/// Module → the modules it depends on, each with where the dependence is written (`file:line`).
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The module a source file is, from its path below `src/` (`rules/mod.rs` → `rules`).
fn file_module(rel: &str) -> ModPath {
    let rel = rel.trim_end_matches(".rs");
    let mut parts: Vec<String> = rel.split('/').map(str::to_owned).collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "crate".to_owned()
    } else {
        m.join("::")
    }
}

/// The text with comments and the contents of string and char literals blanked (newlines kept).
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |ch: char| if ch == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c[i] == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
        {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            out.push('"');
            j += 1;
            loop {
                if j >= c.len() {
                    break;
                }
                if c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                out.push(blank(c[j]));
                j += 1;
            }
            out.push('"');
            i = j;
        } else if c[i] == '"' {
            out.push('"');
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < c.len() {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if c[i] == '\'' {
            // A char literal ('a', '\n', '\u{..}'); otherwise a lifetime or label.
            let close = if next == Some('\\') {
                (i + 3..c.len().min(i + 12)).find(|&k| c[k] == '\'')
            } else if c.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(k) => {
                    out.push_str("' '");
                    out.extend(std::iter::repeat_n(' ', k - i - 2));
                    i = k + 1;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// A token of code: an identifier (or keyword, `$crate` as `crate`), or one punctuation mark
/// (`::` is one token), with its line.
fn tokens(code: &str) -> Vec<(String, usize)> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push((c[start..i].iter().collect(), line));
        } else if ch.is_ascii_digit() {
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push(("::".to_owned(), line));
            i += 2;
        } else if ch == '$' {
            i += 1;
        } else {
            out.push((ch.to_string(), line));
            i += 1;
        }
    }
    out
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// The `use` leaves of a file: `(module written in, alias, path)`.
type Uses = Vec<(ModPath, String, Vec<String>)>;

/// One path read from a file: the module it is written in, its segments, its line, and whether
/// it is a leaf of a `pub use` (with the name it is re-exported as).
struct Found {
    at: ModPath,
    path: Vec<String>,
    line: usize,
    reexport: Option<String>,
}

/// The leaves of a use tree starting at `toks[*i]`: `(segments, alias)`; stops after the tree.
fn use_tree(
    toks: &[(String, usize)],
    i: &mut usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, String)>,
) {
    let mut path = prefix.to_vec();
    while *i < toks.len() {
        let t = toks[*i].0.as_str();
        if t == "{" {
            *i += 1;
            while *i < toks.len() && toks[*i].0 != "}" {
                use_tree(toks, i, &path, out);
                if *i < toks.len() && toks[*i].0 == "," {
                    *i += 1;
                }
            }
            *i += 1;
            return;
        } else if t == "*" {
            *i += 1;
            out.push((path, "*".to_owned()));
            return;
        } else if is_ident(t) {
            path.push(t.to_owned());
            *i += 1;
            if *i < toks.len() && toks[*i].0 == "::" {
                *i += 1;
                continue;
            }
            let mut alias = t.to_owned();
            if *i + 1 < toks.len() && toks[*i].0 == "as" {
                alias = toks[*i + 1].0.clone();
                *i += 2;
            }
            if alias == "self" {
                path.pop();
                alias = path.last().cloned().unwrap_or_default();
            } else if path.last().is_some_and(|l| l == "self") {
                path.pop();
            }
            out.push((path, alias));
            return;
        } else {
            return;
        }
    }
}

/// Every path a file writes, by the (possibly inline) module it is written in.
fn paths_in(file_mod: &ModPath, text: &str) -> (Vec<Found>, Uses) {
    let toks = tokens(&code_only(text));
    let mut found = Vec::new();
    // (module, alias, path) for every `use` leaf, to resolve later paths through their aliases.
    let mut uses = Vec::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i].0.as_str();
        let here = || {
            let mut m = file_mod.clone();
            m.extend(inline.iter().map(|(n, _)| n.clone()));
            m
        };
        match t {
            "{" => {
                depth += 1;
                i += 1;
            }
            "}" => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                i += 1;
            }
            "mod" if toks.get(i + 2).is_some_and(|n| n.0 == "{") => {
                let n = toks[i + 1].0.clone();
                inline.push((n, depth));
                depth += 1;
                i += 3;
            }
            "use" => {
                let public = i > 0 && (toks[i - 1].0 == "pub" || toks[i - 1].0 == ")");
                let line = toks[i].1;
                let at = here();
                i += 1;
                let mut leaves = Vec::new();
                use_tree(&toks, &mut i, &[], &mut leaves);
                for (path, alias) in leaves {
                    uses.push((at.clone(), alias.clone(), path.clone()));
                    found.push(Found {
                        at: at.clone(),
                        path,
                        line,
                        reexport: public.then_some(alias),
                    });
                }
            }
            _ if is_ident(t)
                && toks.get(i + 1).is_some_and(|n| n.0 == "::")
                && (i == 0 || toks[i - 1].0 != "::") =>
            {
                let line = toks[i].1;
                let mut path = vec![t.to_owned()];
                let mut j = i + 1;
                while j + 1 < toks.len() && toks[j].0 == "::" && is_ident(&toks[j + 1].0) {
                    path.push(toks[j + 1].0.clone());
                    j += 2;
                }
                found.push(Found {
                    at: here(),
                    path,
                    line,
                    reexport: None,
                });
                i = j;
            }
            _ => i += 1,
        }
    }
    (found, uses)
}

/// The module dependency graph of a crate's source files (`(path below src/, text)`).
fn module_graph(files: &[(String, String)]) -> Graph {
    let file_mods: BTreeMap<ModPath, String> = files
        .iter()
        .map(|(rel, _)| (file_module(rel), rel.clone()))
        .collect();
    let mut modules: BTreeSet<ModPath> = file_mods.keys().cloned().collect();
    let mut read = Vec::new();
    // Root-level names defined elsewhere: `#[macro_export]` macros and the root's re-exports.
    let mut at_root: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (rel, text) in files {
        let m = file_module(rel);
        let toks = tokens(&code_only(text));
        for w in toks.windows(3) {
            if w[0].0 == "mod" && w[2].0 == "{" {
                // Inline modules (the exact nesting is not needed to know they exist below m).
                let mut inner = m.clone();
                inner.push(w[1].0.clone());
                modules.insert(inner);
            }
        }
        for (k, w) in toks.windows(4).enumerate() {
            if w[0].0 == "macro_rules" && w[1].0 == "!" {
                let exported = toks[..k]
                    .iter()
                    .rev()
                    .take(6)
                    .any(|t| t.0 == "macro_export");
                if exported {
                    let mut path = m.clone();
                    path.push(w[2].0.clone());
                    at_root.insert(w[2].0.clone(), path);
                }
            }
        }
        read.push((m.clone(), rel.clone(), paths_in(&m, text)));
    }
    // Children of each module, so that a bare `child::x` in the parent resolves.
    let child = |m: &ModPath, n: &str| {
        let mut c = m.clone();
        c.push(n.to_owned());
        modules.contains(&c).then_some(c)
    };
    let absolute = |at: &ModPath,
                    path: &[String],
                    aliases: &BTreeMap<(ModPath, String), Vec<String>>|
     -> Option<Vec<String>> {
        let first = path.first()?.as_str();
        let mut rest = path[1..].to_vec();
        let mut base: Vec<String> = match first {
            "crate" => Vec::new(),
            "self" => at.clone(),
            "super" => {
                let mut b = at.clone();
                b.pop();
                while rest.first().is_some_and(|s| s == "super") {
                    rest.remove(0);
                    b.pop();
                }
                b
            }
            _ => {
                if let Some(c) = child(at, first) {
                    c
                } else {
                    // A module brought in by a `use` in this module or an enclosing one.
                    let mut scope = at.clone();
                    loop {
                        if let Some(p) = aliases.get(&(scope.clone(), first.to_owned())) {
                            break p.clone();
                        }
                        if scope.len() <= file_module_len(&scope, &file_mods) {
                            return None;
                        }
                        scope.pop();
                    }
                }
            }
        };
        base.extend(rest);
        Some(base)
    };
    // Use leaves that name a module, by (module, alias) → absolute path.
    let mut aliases: BTreeMap<(ModPath, String), Vec<String>> = BTreeMap::new();
    for _ in 0..3 {
        for (_, _, (_, uses)) in &read {
            for (at, alias, path) in uses {
                if let Some(abs) = absolute(at, path, &aliases)
                    && modules.contains(&abs)
                {
                    aliases.insert((at.clone(), alias.clone()), abs);
                }
            }
        }
    }
    for (_, _, (found, _)) in &read {
        for f in found {
            if f.at.is_empty()
                && let Some(alias) = &f.reexport
                && let Some(abs) = absolute(&f.at, &f.path, &aliases)
                && alias != "*"
            {
                at_root.entry(alias.clone()).or_insert(abs);
            }
        }
    }
    let resolve = |abs: &[String]| -> ModPath {
        if let Some(first) = abs.first()
            && !modules.contains(&vec![first.clone()])
            && let Some(target) = at_root.get(first)
        {
            let mut t = target.clone();
            t.extend(abs[1..].iter().cloned());
            return longest_module(&t, &modules);
        }
        longest_module(abs, &modules)
    };
    let mut graph: Graph = BTreeMap::new();
    for (m, rel, (found, _)) in &read {
        graph.entry(name(m)).or_default();
        for f in found {
            let Some(abs) = absolute(&f.at, &f.path, &aliases) else {
                continue;
            };
            let target = resolve(&abs);
            let target_file = (0..=target.len())
                .rev()
                .map(|n| target[..n].to_vec())
                .find(|p| file_mods.contains_key(p))
                .unwrap_or_default();
            if &target_file != m {
                graph
                    .entry(name(m))
                    .or_default()
                    .entry(name(&target_file))
                    .or_insert_with(|| format!("{rel}:{}", f.line));
            }
        }
    }
    graph
}

/// How many leading segments of `m` are the file module it is written in.
fn file_module_len(m: &ModPath, file_mods: &BTreeMap<ModPath, String>) -> usize {
    (0..=m.len())
        .rev()
        .find(|&n| file_mods.contains_key(&m[..n].to_vec()))
        .unwrap_or(0)
}

fn longest_module(path: &[String], modules: &BTreeSet<ModPath>) -> ModPath {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| modules.contains(p))
        .unwrap_or_default()
}

/// The strongly connected components of more than one module (Tarjan's algorithm), each sorted.
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    struct State<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        let graph = s.graph;
        for w in graph.get(v).into_iter().flat_map(BTreeMap::keys) {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                comp.push(w.to_owned());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

/// Each circle with the dependences inside it, for the failure message.
fn describe(graph: &Graph, found: &[Vec<String>]) -> String {
    let mut text = String::new();
    for comp in found {
        text.push_str(&format!("circle: {}\n", comp.join(", ")));
        for m in comp {
            for (to, at) in &graph[m] {
                if comp.contains(to) {
                    text.push_str(&format!("  {m} -> {to} ({at})\n"));
                }
            }
        }
    }
    text
}

/// Every `.rs` file below `dir`, as `(path below dir with '/', text)`.
fn read_sources(dir: &Path) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap();
                let rel: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push((rel.join("/"), std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out
}

#[test]
fn the_engine_modules_form_no_import_circle() {
    let files = read_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(files.len() > 20, "the engine's source files were not found");
    let graph = module_graph(&files);
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "import circles among the engine's modules (move the shared item to a module both can depend on):\n{}",
        describe(&graph, &found)
    );
}

/// The same for the workspace's other crates (the app's screens, the printout, the CLI and the
/// window shell): each crate's own modules form no circle.
#[test]
fn the_other_crates_modules_form_no_import_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut report = String::new();
    for (krate, src, at_least) in [
        ("njtax-ui", "crates/njtax-ui/src", 20),
        ("njtax-print", "crates/njtax-print/src", 5),
        ("njtax (the CLI and the window)", "src", 5),
    ] {
        let files = read_sources(&root.join(src));
        assert!(
            files.len() >= at_least,
            "{krate}'s source files were not found"
        );
        let graph = module_graph(&files);
        let found = circles(&graph);
        if !found.is_empty() {
            report.push_str(&format!("{krate}:\n{}", describe(&graph, &found)));
        }
    }
    assert!(
        report.is_empty(),
        "import circles (move the shared item to a module both can depend on):\n{report}"
    );
}

fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(p, t)| ((*p).to_owned(), (*t).to_owned()))
        .collect()
}

#[test]
fn the_checker_finds_a_circle_and_names_its_modules() {
    let graph = module_graph(&files(&[
        (
            "lib.rs",
            "pub mod a;\npub mod b;\npub mod c;\npub mod leaf;\npub use a::A;",
        ),
        ("a.rs", "use crate::b::{self, B};\npub struct A;"),
        // A doc link and a string naming a module are not dependencies.
        (
            "b.rs",
            "/// [`crate::leaf::L`]\npub fn b() -> u8 { let _ = \"crate::leaf::L\"; crate::c::inner::f() }",
        ),
        ("c/mod.rs", "pub mod inner;\npub use inner::f;"),
        // `super::` from a child counts; a re-export at the root resolves to where it is defined.
        (
            "c/inner.rs",
            "pub fn f() -> u8 { let _ = super::super::A; 1 }",
        ),
        (
            "leaf.rs",
            "#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::leaf::L;\n}\npub struct L;",
        ),
    ]));
    assert!(graph["b"].contains_key("c::inner"));
    assert!(!graph["b"].contains_key("leaf"));
    assert_eq!(
        graph["leaf"].len(),
        0,
        "a test module's super:: is its own file"
    );
    assert!(graph["c::inner"].contains_key("a"));
    assert_eq!(circles(&graph), vec![vec!["a", "b", "c::inner"]]);
    let text = describe(&graph, &circles(&graph));
    assert!(text.contains("a -> b (a.rs:1)") && text.contains("c::inner -> a (c/inner.rs:1)"));
    // The same modules without the back edge: no circle, and a parent's `pub use child::x` is
    // only the parent depending on its child.
    let graph = module_graph(&files(&[
        ("lib.rs", "pub mod a;\npub mod b;\npub mod c;"),
        ("a.rs", "use crate::b::B;"),
        ("b.rs", "pub fn b() -> u8 { crate::c::inner::f() }"),
        ("c/mod.rs", "pub mod inner;\npub use inner::f;"),
        ("c/inner.rs", "pub fn f() -> u8 { 1 }"),
    ]));
    assert!(graph["c"].contains_key("c::inner"));
    assert!(circles(&graph).is_empty());
}

#[test]
fn the_checker_resolves_macros_aliases_and_child_paths() {
    let graph = module_graph(&files(&[
        ("lib.rs", "pub mod m;\npub mod n;\npub mod p;"),
        (
            "m.rs",
            "#[macro_export]\nmacro_rules! mk { () => { $crate::p::x() } }",
        ),
        (
            "n.rs",
            "use crate::p;\nfn g() { crate::mk!(); let c = 'a'; let _ = p::q::y(); }",
        ),
        ("p/mod.rs", "pub mod q;\npub fn x() {}\nfn z() { q::y() }"),
        ("p/q.rs", "pub fn y() {}"),
    ]));
    assert!(graph["n"].contains_key("m"), "{graph:?}");
    assert!(graph["n"].contains_key("p::q"), "{graph:?}");
    assert!(graph["m"].contains_key("p"));
    assert!(graph["p"].contains_key("p::q"));
    assert!(circles(&graph).is_empty());
}
