//! Issue 39: every answer the engine does not use is a diagnostic, never silence.
//!
//! For every example draft, each number and yes/no answer is changed in turn (a zero amount becomes
//! $7,000, another doubled plus $100, a count moved, a tick flipped) and the returns computed again.
//! A change that changes nothing at all (no line, no schedule, no diagnostic) is a silent answer.
//! Every silent answer must be in [`SILENT_BY_DESIGN`] with the reason it may be silent there; a
//! new answer the engine forgets, or an answer left where it does not apply without a warning,
//! fails the test with its path and draft.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::Value;

fn leaves(v: &Value, path: String, out: &mut Vec<(String, Value)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                leaves(x, p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                leaves(x, format!("{path}[{i}]"), out);
            }
        }
        _ => out.push((path, v.clone())),
    }
}

fn mutate(v: &Value) -> Option<Value> {
    match v {
        Value::Bool(b) => Some(Value::Bool(!b)),
        Value::Number(n) => n.as_u64().map(|n| {
            Value::from(if n == 0 {
                6
            } else if n > 6 {
                n / 2
            } else {
                n + 3
            })
        }),
        Value::String(s) => {
            let d: rust_decimal::Decimal = s.parse().ok()?;
            Some(Value::String(if d.is_zero() {
                "7000".into()
            } else {
                (d * rust_decimal::Decimal::TWO + rust_decimal::Decimal::ONE_HUNDRED).to_string()
            }))
        }
        _ => None,
    }
}

fn set_path(root: &mut Value, path: &str, new: Value) {
    let mut cur = root;
    for part in path.split('.') {
        let (name, idx) = match part.find('[') {
            Some(i) => (
                &part[..i],
                Some(part[i + 1..part.len() - 1].parse::<usize>().unwrap()),
            ),
            None => (part, None),
        };
        cur = cur.get_mut(name).unwrap();
        if let Some(i) = idx {
            cur = cur.get_mut(i).unwrap();
        }
    }
    *cur = new;
}

fn outcome(a: &njtax_engine::Answers, book: &njtax_engine::ParamBook) -> Option<String> {
    let p = book.supported(a.tax_year).ok()?;
    let set = njtax_engine::compute::compute_set_values(a, &p);
    Some(format!("{set:?}"))
}

/// Answers that may change nothing on a given return, each with why that is not silence toward the
/// filer: printed or handed off rather than computed; asked only in the case where it counts (the
/// interview hides it otherwise, and a hidden answer with a diagnostic is shown); or counted but
/// held by a cap, a threshold or a schedule this return does not need.
const SILENT_BY_DESIGN: &[(&str, &str)] = &[
    // A full-year resident's days and a Roth answer on another plan are warned about; these are
    // silent only where they may count but change nothing here.
    (
        "income.w2s[].days_worked",
        "a part-year resident's W-2 with no wages in the nonresident period",
    ),
    (
        "income.w2s[].nj_days_worked",
        "a part-year resident's W-2 with no wages in the nonresident period",
    ),
    (
        "income.retirement[].roth_qualified",
        "a Roth distribution with no taxable amount either way",
    ),
    (
        "address.",
        "printed on the return's header and the hand-off sheet; a bad one is an error",
    ),
    (
        "topics.",
        "chooses which interview screens are asked; never a figure",
    ),
    (
        "refund.gubernatorial_fund_",
        "the $1 Gubernatorial Elections Fund checkoff is printed; it does not reduce the refund (54A:9-25.1)",
    ),
    (
        "dependents[].no_health_insurance",
        "printed beside the dependent on the form (54A:8-6.2)",
    ),
    (
        "health.share_with_get_covered_nj",
        "a printed consent (54A:8-6.2), not a figure",
    ),
    (
        "health.someone_uninsured_now",
        "a printed question (54A:8-6.2), not a figure",
    ),
    (
        "health.dependents_income",
        "counts only when a dependent's coverage months are missing (Schedule NJ-HCC)",
    ),
    (
        "health.federal_payment",
        "counts only for a year with a shared responsibility payment due (54A:11-3)",
    ),
    (
        "last_year.nj_gross_income",
        "shown on the hand-off sheet for the online service's identity check",
    ),
    (
        "dependents[].disabled",
        "counts only for the care credit's qualifying person and the college exemption's age",
    ),
    (
        "dependents[].full_time_student",
        "counts only for the college exemption (54A:3-1.1) and the federal care rules",
    ),
    (
        "dependents[].months_lived_with_you",
        "counts only for a part-year credit or the care credit",
    ),
    (
        "taxpayer.claimed_as_dependent",
        "counts only for the federal earned income credit figured for the NJ EITC",
    ),
    (
        "spouse.claimed_as_dependent",
        "counts only for the federal earned income credit figured for the NJ EITC",
    ),
    (
        "taxpayer.never_eligible_social_security",
        "counts only for the other retirement income exclusion when 62 or older (54A:6-15)",
    ),
    (
        "spouse.never_eligible_social_security",
        "counts only for the other retirement income exclusion when 62 or older (54A:6-15)",
    ),
    (
        "federal.",
        "federal figures count only for the credits that follow them (NJ EITC, care credit) when the return qualifies",
    ),
    (
        "estimated_tax.",
        "counts only when the NJ-2210 is needed (an underpayment of estimated tax)",
    ),
    (
        "next_year.",
        "counts only for next year's estimated tax plan, when one is needed",
    ),
    (
        "filing.extension",
        "counts only for a return filed after its due date",
    ),
    (
        "homesteads[].months_occupied",
        "the property tax deduction held at its cap, or the $50 credit taken instead",
    ),
    (
        "deductions.",
        "held at a cap or a floor (NJBEST, NJCLASS, tuition, organ donation caps; the 2% medical floor)",
    ),
    (
        "other_jurisdictions[].",
        "the credit is the smaller of the tax paid and the New Jersey tax on that income (Schedule NJ-COJ)",
    ),
    ("business_credits.", "held at the credit's own limit"),
    (
        "income.businesses[].farming",
        "counts only for the estimated tax's farmer rule (54A:8-4)",
    ),
    (
        "sourcing.nonresident_period_withheld",
        "asked only of a part-year resident's nonresident period",
    ),
    (
        "income.w2s[].employer_in_nj",
        "counts only for a nonresident period's convenience rule (54A:5-8 e)",
    ),
    (
        "income.w2s[].di",
        "counts only above the year's maximum contribution (54A:4-4, NJ-2450)",
    ),
    (
        "income.w2s[].fli",
        "counts only above the year's maximum contribution (54A:4-4, NJ-2450)",
    ),
    (
        "income.w2s[].ui_wf_swf",
        "counts only above the year's maximum contribution (54A:4-4, NJ-2450)",
    ),
    (
        "income.w2s[].di_private_plan",
        "counts only for the NJ-2450's excess contribution",
    ),
    (
        "income.w2s[].fli_private_plan",
        "counts only for the NJ-2450's excess contribution",
    ),
    (
        "income.gambling.losses_nj_source",
        "counts only for a nonresident period's New Jersey-source gambling",
    ),
    (
        "income.gambling.wins[].nj_lottery",
        "a prize of $10,000 or less, New Jersey lottery or not, over the year's losses",
    ),
    (
        "income.property_sales[].principal_residence.",
        "the gain within the exclusion either way (54A:6-9.1)",
    ),
    (
        "income.property_sales[].gain_or_loss",
        "a loss within the category's floor of zero (54A:5-2)",
    ),
    (
        "income.other[].amount",
        "a loss within the category's floor of zero (54A:5-2)",
    ),
    (
        "payments.partnership_tax_paid",
        "a part-year resident's partnership payments go on the NJ-1040NR of the nonresident period (54:10A-15.11)",
    ),
];

/// Answers silent in one draft only, for a reason of that draft: (draft file name, answer, why).
const SILENT_IN_ONE_DRAFT: &[(&str, &str, &str)] = &[
    // Two nonresidents on one joint answer set where only one had New Jersey income: the spouse
    // with none files no New Jersey return (54A:8-3.1 h), and the plan's statement says so.
    (
        "09-joint-federal-both-ny-only-one-nj-income-separate-2024.ron",
        "income.interest[].",
        "the income of the spouse who files no New Jersey return",
    ),
    (
        "09-joint-federal-both-ny-only-one-nj-income-separate-2024.ron",
        "income.w2s[].",
        "the income of the spouse who files no New Jersey return",
    ),
];

/// `income.w2s[3].di` -> `income.w2s[].di`.
fn generic(path: &str) -> String {
    let mut out = String::new();
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                out.push('[');
            }
            ']' => {
                in_index = false;
                out.push(']');
            }
            _ if in_index => {}
            _ => out.push(c),
        }
    }
    out
}

#[test]
fn every_answer_changes_a_figure_or_a_diagnostic_or_is_silent_by_design() {
    let book = njtax_engine::ParamBook::load().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files = vec![];
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p)
            } else if p.extension().is_some_and(|x| x == "ron") {
                files.push(p)
            }
        }
    }
    files.sort();
    let mut silent: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for f in &files {
        let Ok(d) = njtax_engine::parse_draft(&std::fs::read_to_string(f).unwrap()) else {
            continue;
        };
        let Some(base) = outcome(&d.answers, &book) else {
            continue;
        };
        let v = serde_json::to_value(&d.answers).unwrap();
        let mut ls = vec![];
        leaves(&v, String::new(), &mut ls);
        for (path, val) in ls {
            if path.starts_with("clinic") || path.starts_with("unreadable") || path == "tax_year" {
                continue;
            }
            let Some(new) = mutate(&val) else { continue };
            let mut m = v.clone();
            set_path(&mut m, &path, new);
            let Ok(a2) = serde_json::from_value::<njtax_engine::Answers>(m) else {
                continue;
            };
            let Some(out) = outcome(&a2, &book) else {
                continue;
            };
            if out == base {
                let g = generic(&path);
                let name = f.file_name().unwrap().to_string_lossy();
                if !SILENT_BY_DESIGN
                    .iter()
                    .any(|(p, _)| g.starts_with(p) || g.contains(p))
                    && !SILENT_IN_ONE_DRAFT
                        .iter()
                        .any(|(d, p, _)| name == *d && g.starts_with(p))
                {
                    silent.entry(g).or_default().push(format!(
                        "{}: {path}",
                        f.strip_prefix(env!("CARGO_MANIFEST_DIR"))
                            .unwrap_or(f)
                            .display()
                    ));
                }
            }
        }
    }
    assert!(
        files.len() > 100,
        "the example drafts must be found ({} found)",
        files.len()
    );
    let report: Vec<String> = silent
        .iter()
        .map(|(k, v)| {
            format!(
                "{k}: changing it changes nothing and says nothing, in {} drafts, e.g. {}",
                v.len(),
                v[0]
            )
        })
        .collect();
    assert!(
        report.is_empty(),
        "answers the engine ignores without a word (give each a diagnostic where it does not apply, or a reason in SILENT_BY_DESIGN):\n{}",
        report.join("\n")
    );
}

/// The check itself sees a silent answer: an election that applies to no return here, with its
/// warning taken away, changes nothing.
#[test]
fn a_silent_answer_is_seen() {
    let book = njtax_engine::ParamBook::load().unwrap();
    let mut a = njtax_engine::Answers {
        tax_year: 2025,
        ..Default::default()
    };
    let base = outcome(&a, &book).unwrap();
    a.both_residents_election = true;
    let with = outcome(&a, &book).unwrap();
    assert_ne!(
        base, with,
        "the election left where it does not apply is a warning"
    );
    assert!(with.contains("unused-both-residents-election"));
    // A figure the answers do not reach compares equal: the comparison is of outcomes only.
    a.both_residents_election = false;
    assert_eq!(outcome(&a, &book).unwrap(), base);
}

/// The codes of a draft's diagnostics, each with the answer it names.
fn codes(text: &str) -> Vec<(String, String)> {
    let d = njtax_engine::parse_draft(text).unwrap();
    let set =
        njtax_engine::compute::compute_set(&d.answers, &njtax_engine::ParamBook::load().unwrap())
            .unwrap();
    set.returns
        .iter()
        .flat_map(|r| &r.diagnostics)
        .map(|x| (x.code.clone(), x.path.clone().unwrap_or_default()))
        .collect()
}

/// Answers left where they do not apply are each a warning at the answer (the adversarial
/// tester's draft): days on a full-year resident's W-2, a Roth answer and a conversion's basis on
/// an ordinary pension, a rented home's title, the adjoining year's organ donation with none this
/// year; without them, none of these warnings.
#[test]
fn answers_left_where_they_do_not_apply_are_each_a_warning_at_the_answer() {
    let text = r#"Draft(format_version: 12, answers: (tax_year: 2025,
        income: (
            w2s: [(employer: "Acme", state_wages: "50000.00", days_worked: 240, nj_days_worked: 200, convenience_days: 10, employer_in_nj: true)],
            retirement: [(payer: "Plan", kind: Pension, gross_distribution: "5000.00", taxable_amount: "5000.00", roth_qualified: true, conversion_nj_basis: "1000.00")],
        ),
        deductions: (organ_donation_other_year: "4000.00"),
        homesteads: [(kind: Tenant, rent_paid: "12000.00", title: ByTheEntirety)]))"#;
    let found = codes(text);
    for (code, path) in [
        ("w2-days-not-used", "income.w2s[0].days_worked"),
        (
            "roth-qualified-not-used",
            "income.retirement[0].roth_qualified",
        ),
        (
            "conversion-basis-not-used",
            "income.retirement[0].conversion_nj_basis",
        ),
        ("tenant-title-not-used", "homesteads[0].title"),
        (
            "organ-donation-other-year-not-used",
            "deductions.organ_donation_other_year",
        ),
    ] {
        assert!(
            found.contains(&(code.to_owned(), path.to_owned())),
            "{code} at {path}: {found:?}"
        );
    }
    let clean = r#"Draft(format_version: 12, answers: (tax_year: 2025,
        income: (
            w2s: [(employer: "Acme", state_wages: "50000.00")],
            retirement: [(payer: "Plan", kind: Pension, gross_distribution: "5000.00", taxable_amount: "5000.00")],
        ),
        deductions: (organ_donation_costs: "2000.00", organ_donation_other_year: "4000.00"),
        homesteads: [(kind: Tenant, rent_paid: "12000.00")]))"#;
    let found = codes(clean);
    assert!(
        !found.iter().any(|(c, _)| c.ends_with("-not-used")),
        "{found:?}"
    );
}

/// A nonresident's New Jersey wages typed above the W-2's wages are an error, and the W-2's wages
/// are used (never an income percentage over 100%); at the wages exactly, no error.
#[test]
fn new_jersey_wages_above_the_w2s_wages_are_an_error_and_capped() {
    let draft = |nj: &str| {
        format!(
            r#"Draft(format_version: 12, answers: (tax_year: 2025,
            taxpayer: (name: "Ana", ssn: "400-01-3001", residency: (kind: Never), birth_date: Some("1980-01-01")),
            address: (street: "1 Main St", city: "Yonkers", state: "NY", zip: "10701"),
            income: (w2s: [(employer: "Acme", state_wages: "150000.00", sourcing: (nj_source: Some("{nj}")))])))"#
        )
    };
    let over = codes(&draft("200000.00"));
    assert!(
        over.contains(&(
            "nj-wages-over-wages".to_owned(),
            "income.w2s[0].sourcing.nj_source".to_owned()
        )),
        "{over:?}"
    );
    let d = njtax_engine::parse_draft(&draft("200000.00")).unwrap();
    let set =
        njtax_engine::compute::compute_set(&d.answers, &njtax_engine::ParamBook::load().unwrap())
            .unwrap();
    let pct = set.returns[0].value_by_key(njtax_engine::Key::IncomePercentage);
    assert!(pct <= rust_decimal::Decimal::ONE, "{pct}");
    let at = codes(&draft("150000.00"));
    assert!(
        !at.iter().any(|(c, _)| c == "nj-wages-over-wages"),
        "{at:?}"
    );
}
