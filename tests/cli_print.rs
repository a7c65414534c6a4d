//! `njtax pdf` and `njtax handoff`: files written, never overwritten without `--force`, the sheet's
//! shapes (text, CSV, JSON), and clear failures.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic

use std::process::{Command, Output};

fn njtax(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_njtax"))
        .args(args)
        .output()
        .expect("run njtax")
}

fn example(path: &str) -> String {
    format!("{}/examples/{path}", env!("CARGO_MANIFEST_DIR"))
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn pdf_writes_a_pdf_and_refuses_to_overwrite_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("return.pdf");
    let o = out.clone();
    let draft = example("ny-commuter-coj.ron");
    let first = njtax(&["pdf", &draft, "-o", out.to_str().unwrap()]);
    assert!(first.status.success(), "{}", stderr(&first));
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(bytes.len() > 10_000);
    // A clean return: nothing said about a draft mark.
    assert!(!stderr(&first).contains("DRAFT"));

    std::fs::write(&o, b"keep me").unwrap();
    let again = njtax(&["pdf", &draft, "-o", o.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("exists; pass --force"),
        "{}",
        stderr(&again)
    );
    assert_eq!(std::fs::read(&o).unwrap(), b"keep me", "left untouched");

    let forced = njtax(&["pdf", &draft, "-o", o.to_str().unwrap(), "--force"]);
    assert!(forced.status.success());
    assert!(std::fs::read(&o).unwrap().starts_with(b"%PDF-"));
}

#[test]
fn pdf_of_a_return_with_errors_says_it_is_marked_draft() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(example("ny-commuter-coj.ron")).unwrap();
    let broken = text.replacen("name: \"Rajesh Iyer\"", "name: \"\"", 1);
    assert_ne!(broken, text);
    let draft = dir.path().join("broken.ron");
    std::fs::write(&draft, broken).unwrap();
    let out = dir.path().join("broken.pdf");
    let o = njtax(&["pdf", draft.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("DRAFT - not for filing"),
        "{}",
        stderr(&o)
    );
    assert!(out.exists());
}

#[test]
fn pdf_of_an_unreadable_draft_fails_with_the_line_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let draft = dir.path().join("bad.ron");
    std::fs::write(
        &draft,
        "Draft(format_version: 5, answers: (tax_year: \"x\"))",
    )
    .unwrap();
    let out = dir.path().join("bad.pdf");
    let o = njtax(&["pdf", draft.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 1"), "{}", stderr(&o));
    assert!(!out.exists());
}

#[test]
fn handoff_text_starts_with_last_years_gross_income_then_follows_the_form() {
    let o = njtax(&["handoff", &example("ny-commuter-coj.ron")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let first_figure = text
        .lines()
        .find(|l| l.starts_with("   ") && l.contains(": "))
        .unwrap();
    assert!(
        first_figure
            .contains("Last year's New Jersey gross income (2023 NJ-1040 line 29): $152,310.87"),
        "{first_figure}"
    );
    // Steps in the form's order.
    let pos = |s: &str| text.find(s).unwrap_or_else(|| panic!("{s} missing"));
    assert!(pos("1. Getting started") < pos("2. You and your household"));
    assert!(pos("Wages (each W-2)") < pos("Other income"));
    assert!(pos("Other income") < pos("Refund or amount due"));
    assert!(text.contains("New Jersey gross income: $160,502.56  [line 29] (check)"));
}

#[test]
fn handoff_csv_has_its_header_and_five_fields_a_row() {
    let o = njtax(&[
        "handoff",
        &example("ny-commuter-coj.ron"),
        "--format",
        "csv",
        "--mask-ssns",
    ]);
    assert!(o.status.success());
    let text = stdout(&o);
    let mut rows = text.split("\r\n").filter(|r| !r.is_empty());
    assert_eq!(rows.next(), Some("step,label,value,source,check"));
    let rows: Vec<&str> = rows.collect();
    assert!(rows.len() > 20);
    // Amounts with thousands separators are quoted, so every row still splits into five fields.
    let wages = rows
        .iter()
        .find(|r| r.contains("[line 15]") || r.contains(",line 15,"))
        .unwrap();
    assert!(wages.contains("\"$150,471.15\""), "{wages}");
    assert!(text.contains("***-**-3001") && !text.contains("400-00-3001"));
}

#[test]
fn handoff_json_has_the_sheets_shape() {
    let o = njtax(&[
        "handoff",
        &example("ny-commuter-coj.ron"),
        "--format",
        "json",
    ]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["form"], "NJ-1040 2024");
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps[0]["title"], "Getting started");
    let e = &steps[0]["entries"][0];
    assert_eq!(e["value"], "$152,310.87");
    assert_eq!(e["check"], false);
    assert!(
        v["notes"].as_array().unwrap()[0]
            .as_str()
            .unwrap()
            .starts_with("Uncertain:")
    );
}

#[test]
fn handoff_of_a_nonresident_only_draft_says_it_needs_an_nj_1040() {
    let o = njtax(&[
        "handoff",
        &example("residency/03-single-pa-resident-nj-wages-nj-rental-2024.ron"),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no NJ-1040"), "{}", stderr(&o));
}

#[test]
fn a_2026_handoff_sheet_says_the_year_is_provisional_and_a_2024_one_does_not() {
    let o = njtax(&["handoff", &example("family-2026.ron")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("Tax year 2026 is provisional") && text.contains("Compare each figure"),
        "{text}"
    );
    let o = njtax(&["handoff", &example("ny-commuter-coj.ron")]);
    assert!(!stdout(&o).contains("provisional"));
}

/// A folder holding a copy of the single-renter example as `client.ron`.
fn folder_with_a_draft() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let draft = dir.path().join("client.ron");
    std::fs::copy(example("single-renter.ron"), &draft).unwrap();
    (dir, draft)
}

/// Each command that writes a file, writing `out` from `draft`, with `--force`.
fn every_writer(draft: &str, out: &str) -> Vec<Vec<String>> {
    let v = |a: &[&str]| a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    vec![
        v(&["pdf", draft, "-o", out, "--force"]),
        v(&["export", draft, "--format", "json", "-o", out, "--force"]),
        v(&["handoff", draft, "-o", out, "--force"]),
        v(&["rollover", draft, "--out", out, "--force"]),
        v(&["batch", draft, "-o", out, "--force"]),
    ]
}

fn run(args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_njtax"))
        .args(args)
        .output()
        .expect("run njtax")
}

/// `args` with the placeholder `OUT` replaced by `out`.
fn with_out(args: &[String], out: &std::path::Path) -> Vec<String> {
    args.iter()
        .map(|a| {
            if a == "OUT" {
                out.display().to_string()
            } else {
                a.clone()
            }
        })
        .collect()
}

/// `njtax ARGS` run by bash after `setup` (a umask, a file-size limit).
fn njtax_in_shell(setup: &str, args: &[String]) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg(format!("{setup}; exec \"$@\""))
        .arg("bash")
        .arg(env!("CARGO_BIN_EXE_njtax"))
        .args(args)
        .output()
        .unwrap()
}

/// `--force` never lets a command write over the draft it reads: not by its own name, another
/// spelling of it, a symbolic link or a hard link to it. The draft is left byte for byte.
#[test]
fn no_command_writes_over_its_input_draft_whatever_the_flags() {
    let (dir, draft) = folder_with_a_draft();
    let before = std::fs::read(&draft).unwrap();
    let hard = dir.path().join("hard.ron");
    std::fs::hard_link(&draft, &hard).unwrap();
    let d = draft.to_str().unwrap().to_owned();
    let other_spelling = dir.path().join(".").join("client.ron");
    #[cfg_attr(not(unix), allow(unused_mut))]
    let mut outs = vec![
        d.clone(),
        other_spelling.to_str().unwrap().to_owned(),
        hard.to_str().unwrap().to_owned(),
    ];
    // A symbolic link: Unix only (on Windows making one needs administrator rights).
    let link = dir.path().join("link.ron");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&draft, &link).unwrap();
        outs.push(link.to_str().unwrap().to_owned());
    }
    for out in outs {
        for args in every_writer(&d, &out) {
            let o = run(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?} should be refused");
            assert!(
                stderr(&o).contains("is the draft") && stderr(&o).contains("another file"),
                "{args:?}: {}",
                stderr(&o)
            );
            assert_eq!(std::fs::read(&draft).unwrap(), before, "{args:?}");
            if cfg!(unix) {
                assert!(
                    std::fs::symlink_metadata(&link)
                        .unwrap()
                        .file_type()
                        .is_symlink()
                );
            }
        }
    }
}

/// Every output holds names, SSNs or amounts: it is created 0600 whatever the umask (000 here),
/// like the app's files, also when it replaces a world-readable file.
#[cfg(unix)]
#[test]
fn every_output_is_private_even_at_umask_000() {
    use std::os::unix::fs::PermissionsExt as _;
    let (dir, draft) = folder_with_a_draft();
    for (i, args) in every_writer(draft.to_str().unwrap(), "OUT")
        .iter()
        .enumerate()
    {
        for existing in [false, true] {
            let out = dir.path().join(format!("out-{i}-{existing}"));
            if existing {
                std::fs::write(&out, "old").unwrap();
                std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o666)).unwrap();
            }
            let args = with_out(args, &out);
            let o = njtax_in_shell("umask 000", &args);
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            let mode = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{args:?} made {out:?} {mode:o}");
        }
    }
}

/// A disk that fills while a command writes (here a file-size limit of 0: every write fails
/// with "file too large"): the command fails and says so, the old file is left whole (also with
/// `--force`), and no partial or temporary file stays behind.
#[test]
fn a_write_that_fails_midway_leaves_the_old_file_and_nothing_else() {
    let (dir, draft) = folder_with_a_draft();
    for (i, args) in every_writer(draft.to_str().unwrap(), "OUT")
        .iter()
        .enumerate()
    {
        let out = dir.path().join(format!("out-{i}"));
        let old = "the good old file\n".repeat(3);
        std::fs::write(&out, &old).unwrap();
        let args = with_out(args, &out);
        let o = njtax_in_shell("ulimit -f 0; trap '' XFSZ", &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("cannot write"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert_eq!(std::fs::read_to_string(&out).unwrap(), old, "{args:?}");
    }
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    let mut expected: Vec<String> = (0..5).map(|i| format!("out-{i}")).collect();
    expected.insert(0, "client.ron".to_owned());
    expected.sort();
    assert_eq!(left, expected);
}

/// The version 9 fixture deposits its refund in a checking account (routing 021000021, account
/// 000123456789).
fn deposit_draft() -> String {
    format!(
        "{}/tests/fixtures/drafts/v9.ron",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The printed return lists the direct deposit under the refund: the numbers in full, or only
/// their last 4 digits on a reviewer's copy (`--mask-ssns`), like the SSNs.
#[test]
fn the_printed_return_lists_the_deposit_account_masked_on_a_reviewers_copy() {
    let dir = tempfile::tempdir().unwrap();
    let text_of = |mask: bool| {
        let out = dir
            .path()
            .join(if mask { "masked.pdf" } else { "full.pdf" });
        let mut args = vec![
            "pdf".to_owned(),
            deposit_draft(),
            "-o".to_owned(),
            out.to_str().unwrap().to_owned(),
        ];
        if mask {
            args.push("--mask-ssns".to_owned());
        }
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let t = Command::new("pdftotext")
            .args(["-layout", out.to_str().unwrap(), "-"])
            .output()
            .expect("pdftotext must be installed (apt-get install poppler-utils)");
        String::from_utf8(t.stdout).unwrap()
    };
    let full = text_of(false);
    assert!(full.contains("Direct deposit of the refund"), "{full}");
    for want in ["021000021", "000123456789", "Checking"] {
        assert!(full.contains(want), "{want} missing");
    }
    let masked = text_of(true);
    assert!(masked.contains("Direct deposit of the refund"));
    assert!(masked.contains("*****6789") && masked.contains("*****0021"));
    assert!(masked.contains("Checking"));
    assert!(
        !masked.contains("000123456789") && !masked.contains("021000021"),
        "no full number on a reviewer's copy"
    );
    // The deposit comes after the refund, on the return's own pages (before the hand-off sheet).
    let refund = full.find("Refund:").unwrap();
    let deposit = full.find("Direct deposit of the refund").unwrap();
    assert!(refund < deposit);
}

/// The hand-off sheet lists the account after the refund figure in every format, masked with
/// `--mask-ssns`; a draft without a deposit lists none.
#[test]
fn the_handoff_sheet_lists_the_deposit_account_after_the_refund_in_every_format() {
    let sheet = |format: &str, mask: bool| {
        let draft = deposit_draft();
        let mut args = vec!["handoff", draft.as_str(), "--format", format];
        if mask {
            args.push("--mask-ssns");
        }
        let o = njtax(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let text = sheet("text", false);
    let at = |s: &str| {
        text.find(s)
            .unwrap_or_else(|| panic!("{s} missing:\n{text}"))
    };
    assert!(at("Refund amount: ") < at("Direct deposit: Routing number: 021000021  [answer]"));
    assert!(
        at("Direct deposit: Routing number")
            < at("Direct deposit: Account number: 000123456789  [answer]")
    );
    assert!(
        at("Direct deposit: Account number")
            < at("Direct deposit: Account type: Checking  [answer]")
    );
    let masked = sheet("text", true);
    assert!(masked.contains("Direct deposit: Account number: *****6789"));
    assert!(masked.contains("Direct deposit: Routing number: *****0021"));
    assert!(!masked.contains("000123456789") && !masked.contains("021000021"));
    let csv = sheet("csv", false);
    assert!(
        csv.contains("Refund or amount due,Direct deposit: Account number,000123456789,answer,no"),
        "{csv}"
    );
    let csv = sheet("csv", true);
    assert!(csv.contains("Direct deposit: Routing number,*****0021,answer,no"));
    let v: serde_json::Value = serde_json::from_str(&sheet("json", true)).unwrap();
    let entries: Vec<&serde_json::Value> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["entries"].as_array().unwrap())
        .collect();
    let account = entries
        .iter()
        .find(|e| e["label"] == "Direct deposit: Account number")
        .unwrap();
    assert_eq!(account["value"], "*****6789");
    // No deposit asked: no such step.
    let o = njtax(&["handoff", &example("ny-commuter-coj.ron")]);
    assert!(!stdout(&o).contains("Direct deposit"));
}

/// The amended draft of issue 19's return A (`tests/fixtures/amended/a-corrected-w2-amended.ron`,
/// written by tests/pdf.rs from the filed draft).
fn amended_draft() -> String {
    format!(
        "{}/tests/fixtures/amended/a-corrected-w2-amended.ron",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// `njtax pdf` of an amended draft prints the NJ-1040X's columns and the explanation of changes
/// the engine writes from the comparison with the filed draft.
#[test]
fn pdf_of_an_amended_draft_prints_the_nj_1040x_and_its_explanation_of_changes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("amended.pdf");
    let o = njtax(&["pdf", &amended_draft(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let t = Command::new("pdftotext")
        .args(["-layout", out.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext must be installed (apt-get install poppler-utils)");
    let text = String::from_utf8(t.stdout).unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Amended 2025 return: Form NJ-1040X"),
        "{flat}"
    );
    assert!(flat.contains("Line Label A As originally reported B Net change C Correct amount"));
    assert!(flat.contains("$1,327.00 $187.00 $1,514.00"));
    assert!(flat.contains("Additional tax due with the amended return: $187.00"));
    assert!(flat.contains("W-2 #1 (Raritan Valley Foods Inc): state wages 52,000.00 to 55,400.00"));
}

/// `njtax handoff` of an amended draft says first that the online service takes no amended
/// returns and where the amended return is mailed, in every format; a filed draft's sheet does
/// not.
#[test]
fn handoff_of_an_amended_draft_says_to_mail_it_and_where_in_every_format() {
    const ADDRESS: &str = "State of New Jersey, Division of Taxation, Revenue Processing Center, PO Box 664, Trenton, NJ 08646-0664";
    let sheet = |draft: &str, format: &str| {
        let o = njtax(&["handoff", draft, "--format", format]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let text = sheet(&amended_draft(), "text");
    let first_note = text.find("Note: ").unwrap();
    assert!(
        text[first_note..].starts_with("Note: New Jersey's online filing service does not take amended returns: an amended return is mailed."),
        "{text}"
    );
    assert!(text.contains("Form to file: NJ-1040X 2025."), "{text}");
    assert!(
        text.contains(&format!("Note: Mail the amended return to: {ADDRESS}")),
        "{text}"
    );
    assert!(text.contains("Note: Uncertain: The mailing address for amended returns is from the 2023 NJ-1040X instructions (a third-party copy)"), "{text}");
    let csv = sheet(&amended_draft(), "csv");
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(
        rows[1],
        "Amended return,Form to file by mail (not online),NJ-1040X 2025,,no"
    );
    assert_eq!(
        rows[2],
        format!(
            "Amended return,Mail the amended return to,\"{ADDRESS}\",uncertain: check the year's instructions,no"
        )
    );
    let json: serde_json::Value = serde_json::from_str(&sheet(&amended_draft(), "json")).unwrap();
    assert_eq!(json["amended"]["mail_to"], ADDRESS);
    assert_eq!(json["amended"]["form"], "NJ-1040X 2025");
    assert!(
        json["amended"]["uncertain"]
            .as_str()
            .unwrap()
            .contains("2023 NJ-1040X")
    );
    // The filed draft's sheet is for the online service: no mailing.
    let original = format!(
        "{}/tests/fixtures/amended/a-corrected-w2-original.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = sheet(&original, "text");
    assert!(
        !text.contains("amended") && !text.contains("PO Box 664"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&sheet(&original, "json")).unwrap();
    assert!(json["amended"].is_null());
}
