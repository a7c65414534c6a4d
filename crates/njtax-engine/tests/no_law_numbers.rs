//! Law figures live in `forms/params/`, never in rule code. This scans the source that holds
//! rules ([`RULE_DIRS`], [`RULE_FILES`]: outside their test modules, comments and string literals)
//! for number literals that look like law figures: any decimal fraction, or any whole number from
//! 13 up other than 100. Small structural counts (array sizes, 12 months, "two or more employers")
//! stay allowed.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::Path;

fn strip_strings(line: &str) -> String {
    let mut out = String::new();
    let mut in_str = false;
    let mut escaped = false;
    for ch in line.chars() {
        if in_str {
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == '"' {
                in_str = false;
                out.push('"');
            }
        } else if ch == '"' {
            in_str = true;
            out.push('"');
        } else {
            out.push(ch);
        }
    }
    out
}

fn number_literals(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0
                || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_' || chars[i - 1] == '.'));
        if starts {
            let mut j = i;
            while j < chars.len()
                && (chars[j].is_ascii_digit()
                    || chars[j] == '_'
                    || (chars[j] == '.' && chars.get(j + 1).is_some_and(char::is_ascii_digit)))
            {
                j += 1;
            }
            found.push(chars[i..j].iter().collect::<String>().replace('_', ""));
            i = j;
        } else {
            i += 1;
        }
    }
    found
}

fn looks_like_a_law_figure(lit: &str) -> bool {
    if lit.contains('.') {
        return true;
    }
    lit.parse::<u64>().is_ok_and(|n| n >= 13 && n != 100)
}

/// The source that holds rules: the rule functions (`src/rules/`), the law-figure declarations
/// and the look-ups over them the rules share (`src/law/`), the per-statement amounts the rules and
/// the return plan share (`src/statements.rs`) and what every rule reads (`src/sheet.rs`).
const RULE_DIRS: [&str; 2] = ["src/rules", "src/law"];
const RULE_FILES: [&str; 2] = ["src/statements.rs", "src/sheet.rs"];

/// Every line of the rule modules' code outside their test modules: `(file, line number, line)`.
fn rule_code_lines() -> Vec<(String, usize, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    for dir in RULE_DIRS {
        let before = paths.len();
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            paths.push(entry.unwrap().path());
        }
        assert!(paths.len() > before, "{dir} was not found");
    }
    paths.extend(RULE_FILES.iter().map(|f| root.join(f)));
    let mut out = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path
            .strip_prefix(root.join("src"))
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let code = text.split("#[cfg(test)]").next().unwrap();
        for (n, line) in code.lines().enumerate() {
            out.push((name.clone(), n + 1, line.to_owned()));
        }
    }
    assert!(out.len() > 1000, "the rule modules were not found");
    out
}

#[test]
fn rule_modules_contain_no_law_figures() {
    let mut offenders = Vec::new();
    for (file, n, line) in rule_code_lines() {
        let without_comment = line.split("//").next().unwrap();
        for lit in number_literals(&strip_strings(without_comment)) {
            if looks_like_a_law_figure(&lit) {
                offenders.push(format!("{file}:{n}: {lit}: {}", line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "law figures in rule code (move them to forms/params/):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_scanner_finds_figures_and_ignores_structure() {
    let lits = number_literals(&strip_strings(
        "let cap = dec!(15000) + x.v(\"40a\") * 0.18; let a = [0; 12]; k2",
    ));
    assert_eq!(lits, vec!["15000", "0.18", "0", "12"]);
    assert!(
        looks_like_a_law_figure("15000")
            && looks_like_a_law_figure("0.18")
            && looks_like_a_law_figure("50")
    );
    assert!(
        !looks_like_a_law_figure("12")
            && !looks_like_a_law_figure("100")
            && !looks_like_a_law_figure("2")
    );
}

/// The string literals of one line of code (their contents, escapes left as written).
fn string_literals(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    let mut escaped = false;
    for ch in line.chars() {
        match current.as_mut() {
            Some(s) if escaped => {
                s.push(ch);
                escaped = false;
            }
            Some(s) if ch == '\\' => {
                s.push(ch);
                escaped = true;
            }
            Some(_) if ch == '"' => out.extend(current.take()),
            Some(s) => s.push(ch),
            None if ch == '"' => current = Some(String::new()),
            None => {}
        }
    }
    out
}

/// Calendar years (1900-2099) named in a text, except where the year is part of the name of a
/// law ("P.L.2019, c.32") or of a date the statute words ("September 11, 2001"): those are
/// citations and definitions, not a rule that holds for one tax year.
fn calendar_years(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i + 4 <= chars.len() {
        let word: String = chars[i..i + 4].iter().collect();
        let bounded = (i == 0 || !chars[i - 1].is_ascii_alphanumeric())
            && chars.get(i + 4).is_none_or(|c| !c.is_ascii_alphanumeric());
        let is_year = word.chars().all(|c| c.is_ascii_digit())
            && (word.starts_with("19") || word.starts_with("20"));
        if bounded && is_year {
            let before: String = chars[..i].iter().collect();
            let law = before.ends_with("P.L.");
            let worded_date = before
                .trim_end()
                .strip_suffix(',')
                .is_some_and(|b| b.trim_end().ends_with(|c: char| c.is_ascii_digit()));
            if !law && !worded_date {
                found.push(word);
            }
            i += 4;
        } else {
            i += 1;
        }
    }
    found
}

/// Adding a tax year is data only: no rule names a calendar year. Years in rule code would be
/// number literals (caught above); this checks the rule modules' string literals (messages,
/// explanations, citations) outside their test modules and comments.
#[test]
fn rule_modules_name_no_calendar_year() {
    let mut offenders = Vec::new();
    for (file, n, line) in rule_code_lines() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for lit in string_literals(&line) {
            for year in calendar_years(&lit) {
                offenders.push(format!("{file}:{n}: {year}: {}", line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "calendar years in rule code (a year's rule belongs in forms/params/ or forms/years.ron):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_year_scanner_finds_years_and_ignores_law_names_and_worded_dates() {
    assert_eq!(
        string_literals(r#"f("For 2021 a filer", "x \"2020\" y")"#),
        vec!["For 2021 a filer".to_owned(), r#"x \"2020\" y"#.to_owned()]
    );
    assert_eq!(calendar_years("For 2021 a filer"), vec!["2021"]);
    assert_eq!(calendar_years("tax years 2022-2025"), vec!["2022", "2025"]);
    assert!(calendar_years("P.L.2019, c.32, s.6").is_empty());
    assert!(calendar_years("on or after September 11, 2001, honorably").is_empty());
    assert!(calendar_years("$15000 and 12000.50 and line 2019a").is_empty());
}
