//! Law figures live in `forms/params/`, never in rule code. This scans the rule modules (outside
//! their test modules, comments and string literals) for number literals that look like law figures:
//! any decimal fraction, or any whole number from 13 up other than 100. Small structural counts (array
//! sizes, 12 months, "two or more employers") stay allowed.
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

#[test]
fn rule_modules_contain_no_law_figures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut offenders = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        for (n, line) in code.lines().enumerate() {
            let without_comment = line.split("//").next().unwrap();
            for lit in number_literals(&strip_strings(without_comment)) {
                if looks_like_a_law_figure(&lit) {
                    offenders.push(format!(
                        "{}:{}: {lit}: {}",
                        path.file_name().unwrap().to_string_lossy(),
                        n + 1,
                        line.trim()
                    ));
                }
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
