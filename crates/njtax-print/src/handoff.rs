//! The hand-off sheet: the figures a filer types into New Jersey's online filing service, in the
//! order the service asks for them (`forms/handoff/nj-online.ron`, embedded), filled from the
//! answers and the computed NJ-1040. Printed in the PDF and exported on its own (text, CSV, JSON).
//! For a draft that amends a filed return the sheet says first that the online service does not
//! take amended returns and where the amended return is mailed (the definition's `amended`).

use njtax_engine::Key;
use njtax_engine::answers::{Answers, Owner};
use njtax_engine::compute::{ComputedReturn, ReturnSet};
use njtax_engine::money::fmt_money;
use njtax_engine::residency::{Filer, ReturnKind};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::PrintError;
use crate::header::{deposit_rows, filer_people, mask};

/// The sheet's definition (data).
const DEFINITION: &str = include_str!("../../../forms/handoff/nj-online.ron");

/// One thing the definition asks for.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum ItemDef {
    /// Last year's NJ gross income (answer `last_year.nj_gross_income`).
    LastYearGrossIncome,
    /// The filers' names and SSNs.
    Identity,
    /// Filing status.
    FilingStatus,
    /// Home address.
    Address,
    /// County/municipality code.
    MunicipalityCode,
    /// Residency period.
    Residency,
    /// Each dependent: name, SSN, birth year.
    Dependents,
    /// The NJ-1040's yes/no digital-asset question and the answer, for a year whose form asks
    /// it (the engine's `ComputedReturn::digital_assets`); nothing for another year.
    DigitalAssets,
    /// Each W-2's New Jersey boxes.
    W2s,
    /// The bank account the refund is deposited in (routing number, account number, account
    /// type), when it is.
    DirectDeposit,
    /// A line the filer types: listed when not zero.
    Line(Key),
    /// A line the service computes: always listed, to compare.
    Check(Key),
}

/// One step (screen) of the service.
#[derive(Clone, Debug, Deserialize)]
pub struct StepDef {
    /// Step title.
    pub title: String,
    /// A note printed under the title (may be empty).
    pub note: String,
    /// What the step asks for, in order.
    pub items: Vec<ItemDef>,
}

/// What the sheet says for a draft that amends a filed return (data).
#[derive(Clone, Debug, Deserialize)]
pub struct AmendedDef {
    /// That the service takes no amended returns and the amended return is mailed, in words.
    pub words: String,
    /// The mailing address for amended returns.
    pub mail_to: String,
    /// Why the address is uncertain (not in the app's sources), shown with it.
    pub uncertain: Option<String>,
    /// What the figures of the sheet are, for an amended draft.
    pub figures: String,
}

/// The sheet's definition.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename = "Handoff")]
pub struct HandoffDef {
    /// Sheet title.
    pub title: String,
    /// The service's name.
    pub service: String,
    /// Why the order is uncertain, shown on the sheet.
    pub uncertain: Option<String>,
    /// What the sheet says for an amended draft.
    pub amended: Option<AmendedDef>,
    /// The steps in order.
    pub steps: Vec<StepDef>,
}

/// The embedded definition, parsed once (the app makes the sheet each time the answers change).
static PARSED: std::sync::LazyLock<Result<HandoffDef, String>> = std::sync::LazyLock::new(|| {
    ron::from_str(DEFINITION).map_err(|e| format!("nj-online.ron: {e}"))
});

/// Read the embedded definition.
///
/// # Errors
/// [`PrintError::Definition`] when the file does not parse (a broken build; a test guards it).
pub fn definition() -> Result<&'static HandoffDef, PrintError> {
    PARSED
        .as_ref()
        .map_err(|e| PrintError::Definition(e.clone()))
}

/// One figure on the sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// What the service calls it (the form's label).
    pub label: String,
    /// The value to type or compare.
    pub value: String,
    /// Where it comes from: `line 15`, `answer`, `W-2 box 16`.
    pub source: String,
    /// A figure the service works out itself: compare, do not type.
    pub check: bool,
}

/// One step with its figures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Step title.
    pub title: String,
    /// Note under the title.
    pub note: String,
    /// The figures.
    pub entries: Vec<Entry>,
}

/// How an amended return is filed: by mail, not through the online service.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MailAmended {
    /// That the service takes no amended returns and the return is mailed, in words.
    pub words: String,
    /// The form to file (`NJ-1040X`), with the year.
    pub form: String,
    /// The mailing address.
    pub mail_to: String,
    /// Why the address is uncertain, when it is.
    pub uncertain: Option<String>,
    /// What the sheet's figures are, for an amended draft.
    pub figures: String,
}

impl MailAmended {
    /// The notes that say it, first on the sheet (the screen and the text show the notes).
    pub fn notes(&self) -> Vec<String> {
        let mut notes = vec![
            format!("{} Form to file: {}.", self.words, self.form),
            format!("Mail the amended return to: {}", self.mail_to),
        ];
        if let Some(u) = &self.uncertain {
            notes.push(format!("Uncertain: {u}"));
        }
        notes.push(self.figures.clone());
        notes
    }
}

/// The filled-in sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Handoff {
    /// Sheet title.
    pub title: String,
    /// The service.
    pub service: String,
    /// The return it was made from (`NJ-1040 2024`).
    pub form: String,
    /// For a draft that amends a filed return: it is mailed, and where (also the first notes).
    pub amended: Option<MailAmended>,
    /// Notes: for an amended draft that it is mailed and where; the order's uncertainty, a
    /// missing last-year figure, errors on the return.
    pub notes: Vec<String>,
    /// The steps.
    pub steps: Vec<Step>,
}

/// The NJ-1040 the sheet is made from: the first resident return of the set (full year or the
/// resident period).
pub fn resident_return(set: &ReturnSet) -> Option<&ComputedReturn> {
    set.returns
        .iter()
        .find(|r| matches!(r.kind, ReturnKind::Resident | ReturnKind::PartYearResident))
}

fn entry(label: impl Into<String>, value: impl Into<String>, source: impl Into<String>) -> Entry {
    Entry {
        label: label.into(),
        value: value.into(),
        source: source.into(),
        check: false,
    }
}

/// Fill the sheet for the draft's NJ-1040.
///
/// # Errors
/// [`PrintError::Definition`] when the embedded definition is broken; [`PrintError::NoResident`]
/// when the draft has no NJ-1040 (only NJ-1040NR returns).
pub fn handoff(answers: &Answers, set: &ReturnSet, mask_ssns: bool) -> Result<Handoff, PrintError> {
    handoff_on(answers, set, mask_ssns, None)
}

/// [`handoff`] for a return filed on `filing_day` when the answers give no filing date (the app
/// passes today): a refund the law bars on that day (N.J.S.A. 54A:9-8 a, d) is shown as barred,
/// not as a refund.
///
/// # Errors
/// As [`handoff`].
pub fn handoff_on(
    answers: &Answers,
    set: &ReturnSet,
    mask_ssns: bool,
    filing_day: Option<njtax_engine::answers::Date>,
) -> Result<Handoff, PrintError> {
    let def = definition()?;
    let r = resident_return(set).ok_or(PrintError::NoResident)?;
    let mut notes = Vec::new();
    let amended = amended_filing(def, answers, r)?;
    if let Some(m) = &amended {
        notes.extend(m.notes());
    }
    // A back year: the service does not take it (forms/years.ron, `online: false`).
    if let Some(notice) = &set.back_year {
        notes.push(format!(
            "{notice} The figures below are the return's, in the NJ-1040's order, for reference only."
        ));
    }
    if let Some(u) = &def.uncertain {
        notes.push(format!("Uncertain: {u}"));
    }
    if r.months < 12 {
        notes.push(format!(
            "This NJ-1040 covers only the {} months as a New Jersey resident: where the service asks, give the part of each W-2 and other income received while a resident (the totals to check below are that part).",
            r.months
        ));
    }
    if r.has_errors() {
        notes.push(
            "The return still has errors: mend them in the app before filing; the figures below may change."
                .to_owned(),
        );
    }
    if let Some(p) = &set.provisional {
        notes.push(format!(
            "{} Compare each figure with what the service works out before filing.",
            p.notice
        ));
    }
    let barred = answers
        .filing
        .filed_on
        .or(filing_day)
        .filter(|_| r.amended.is_none())
        .and_then(|d| r.barred_refund(d));
    if let Some(b) = &barred {
        notes.push(b.words());
    }
    if let Some(x) = &r.amended {
        notes.push(format!(
            "{}. The refund below is what the amended return refunds, not the corrected return's overpayment.",
            x.headline()
        ));
    }
    let steps = def
        .steps
        .iter()
        .map(|s| Step {
            title: s.title.clone(),
            note: s.note.clone(),
            entries: s
                .items
                .iter()
                .flat_map(|i| entries(i, answers, r, mask_ssns, &mut notes))
                .map(|mut e| {
                    // The refund's place says it is barred, never a figure.
                    if is_refund_entry(&e, r) {
                        if let Some(x) = &r.amended {
                            // An amended return refunds the allowed change, or nothing.
                            e.value = x.refund_words();
                        } else if barred.is_some() {
                            e.value = BARRED.to_owned();
                        }
                    }
                    e
                })
                .collect(),
        })
        .filter(|s| !s.entries.is_empty())
        .collect();
    Ok(Handoff {
        title: def.title.clone(),
        service: def.service.clone(),
        form: format!("{} {}", r.form, r.tax_year),
        amended,
        notes,
        steps,
    })
}

/// For a draft that amends a filed return, how the amended return is filed (by mail).
///
/// # Errors
/// [`PrintError::Definition`] when the definition has no `amended` part (a broken build).
fn amended_filing(
    def: &HandoffDef,
    answers: &Answers,
    r: &ComputedReturn,
) -> Result<Option<MailAmended>, PrintError> {
    if answers.amends.is_none() {
        return Ok(None);
    }
    let d = def.amended.as_ref().ok_or_else(|| {
        PrintError::Definition("nj-online.ron: no `amended` part for an amended draft".to_owned())
    })?;
    let form = r
        .amended
        .as_ref()
        .map_or_else(|| r.form.clone(), |x| x.form.clone());
    Ok(Some(MailAmended {
        words: d.words.clone(),
        form: format!("{form} {}", r.tax_year),
        mail_to: d.mail_to.clone(),
        uncertain: d.uncertain.clone(),
        figures: d.figures.clone(),
    }))
}

fn entries(
    item: &ItemDef,
    a: &Answers,
    r: &ComputedReturn,
    mask_ssns: bool,
    notes: &mut Vec<String>,
) -> Vec<Entry> {
    let ssn = |s: &str| if mask_ssns { mask(s) } else { s.to_owned() };
    match item {
        ItemDef::LastYearGrossIncome => {
            let label = format!(
                "Last year's New Jersey gross income ({} NJ-1040 line 29)",
                r.tax_year.saturating_sub(1)
            );
            match a.last_year.nj_gross_income {
                Some(v) => vec![entry(label, fmt_money(v), "answer")],
                None => {
                    notes.push(
                        "Last year's New Jersey gross income was not entered: find line 29 of last year's NJ-1040 before you start (if you filed no New Jersey return last year, the service says what to enter)."
                            .to_owned(),
                    );
                    vec![entry(label, "not entered", "answer")]
                }
            }
        }
        ItemDef::Identity => filer_people(a, r.filer)
            .into_iter()
            .flat_map(|(role, p)| {
                [
                    entry(format!("{role}: name"), p.name.clone(), "answer"),
                    entry(
                        format!("{role}: Social Security number"),
                        ssn(&p.ssn),
                        "answer",
                    ),
                ]
            })
            .collect(),
        ItemDef::FilingStatus => {
            let status = match r.filer {
                Filer::Household => a.filing_status,
                _ => njtax_engine::answers::FilingStatus::MarriedSeparate,
            };
            vec![entry(
                "Filing status",
                format!("{} (line {})", status.name(), status.line_number()),
                "answer",
            )]
        }
        ItemDef::Address => {
            let ad = &a.address;
            [
                ("Street", &ad.street),
                ("Apartment", &ad.apartment),
                ("City", &ad.city),
                ("State", &ad.state),
                ("ZIP code", &ad.zip),
                ("Country", &ad.country),
            ]
            .into_iter()
            .filter(|(_, v)| !v.trim().is_empty())
            .map(|(l, v)| entry(l, v.trim(), "answer"))
            .collect()
        }
        ItemDef::MunicipalityCode => {
            let code = a.address.municipality_code.trim();
            vec![entry(
                "County/municipality code",
                if code.is_empty() { "not entered" } else { code },
                "answer",
            )]
        }
        ItemDef::Residency => match crate::header::period_words(r) {
            Some(p) => vec![entry("New Jersey resident", p, "answer")],
            None => Vec::new(),
        },
        // Name, SSN and birth date apart, so each can be typed (or copied) into its own box.
        ItemDef::Dependents => a
            .dependents
            .iter()
            .enumerate()
            .flat_map(|(i, d)| {
                let who = format!("Dependent {}", i + 1);
                let born = d
                    .birth_date
                    .map_or_else(|| "not entered".to_owned(), |b| b.to_string());
                [
                    entry(format!("{who}: name"), d.name.trim(), "answer"),
                    entry(
                        format!("{who}: Social Security number"),
                        ssn(&d.ssn),
                        "answer",
                    ),
                    entry(format!("{who}: birth date"), born, "answer"),
                ]
            })
            .collect(),
        ItemDef::DigitalAssets => match &r.digital_assets {
            Some(q) => {
                if q.answer.is_none() {
                    notes.push(format!(
                        "The question about digital assets is not answered: {} it; answer it in the app before you file.",
                        q.form_asks(r.tax_year)
                    ));
                }
                vec![entry(
                    "Digital asset question (received, sold, exchanged or otherwise disposed of a digital asset)",
                    q.answer_words(),
                    "answer",
                )]
            }
            None => Vec::new(),
        },
        ItemDef::W2s => a
            .income
            .w2s
            .iter()
            .enumerate()
            .filter(|(_, w)| a.counts(w.owner) && owner_on(r.filer, w.owner))
            .flat_map(|(i, w)| {
                let who = format!("W-2 {} ({})", i + 1, w.employer.trim());
                let mut v = vec![
                    entry(
                        format!("{who}: employer ID"),
                        w.employer_id.trim(),
                        "W-2 box b",
                    ),
                    entry(
                        format!("{who}: state wages"),
                        fmt_money(w.state_wages),
                        "W-2 box 16",
                    ),
                    entry(
                        format!("{who}: NJ income tax withheld"),
                        fmt_money(w.nj_tax_withheld),
                        "W-2 box 17",
                    ),
                ];
                for (name, amount) in [("UI/WF/SWF", w.ui_wf_swf), ("DI", w.di), ("FLI", w.fli)] {
                    if !amount.is_zero() {
                        v.push(entry(
                            format!("{who}: {name}"),
                            fmt_money(amount),
                            "W-2 box 14",
                        ));
                    }
                }
                v
            })
            .collect(),
        ItemDef::DirectDeposit => deposit_rows(a, r, mask_ssns)
            .into_iter()
            .map(|(label, value)| entry(format!("Direct deposit: {label}"), value, "answer"))
            .collect(),
        ItemDef::Line(key) => line_entry(r, *key, false)
            .filter(|_| r.by_key(*key).is_some_and(|l| l.value != Decimal::ZERO))
            .into_iter()
            .collect(),
        ItemDef::Check(key) => line_entry(r, *key, true).into_iter().collect(),
    }
}

/// Whether items of `owner` go on the return of `filer`.
fn owner_on(filer: Filer, owner: Owner) -> bool {
    match filer {
        Filer::Household => true,
        Filer::Taxpayer => owner == Owner::Taxpayer,
        Filer::Spouse => owner == Owner::Spouse,
    }
}

/// What the refund's place says when the law bars the refund.
pub const BARRED: &str = "none: barred by the time limit (see the notes)";

/// Whether `e` is the refund line's entry.
fn is_refund_entry(e: &Entry, r: &ComputedReturn) -> bool {
    r.by_key(Key::Refund)
        .is_some_and(|l| e.source == format!("line {}", l.id))
}

fn line_entry(r: &ComputedReturn, key: Key, check: bool) -> Option<Entry> {
    r.by_key(key).map(|l| Entry {
        label: l.label.to_string(),
        value: l.display_value(),
        source: format!("line {}", l.id),
        check,
    })
}

impl Handoff {
    /// The sheet as plain text, one figure a line (for `njtax handoff` and the clipboard).
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n{}\nFrom the {}\n", self.title, self.service, self.form);
        for n in &self.notes {
            out.push_str(&format!("\nNote: {n}\n"));
        }
        for (i, s) in self.steps.iter().enumerate() {
            out.push_str(&format!("\n{}. {}\n", i + 1, s.title));
            if !s.note.is_empty() {
                out.push_str(&format!("   {}\n", s.note));
            }
            for e in &s.entries {
                let check = if e.check { " (check)" } else { "" };
                out.push_str(&format!(
                    "   {}: {}  [{}]{check}\n",
                    e.label, e.value, e.source
                ));
            }
        }
        out
    }

    /// The sheet as CSV: step, label, value, source, check (RFC 4180 quoting). An amended
    /// draft's rows start with the form to file and the mailing address.
    pub fn to_csv(&self) -> String {
        let mut out = String::from("step,label,value,source,check\r\n");
        if let Some(m) = &self.amended {
            let source = if m.uncertain.is_some() {
                "uncertain: check the year's instructions"
            } else {
                ""
            };
            for (label, value, source) in [
                ("Form to file by mail (not online)", m.form.as_str(), ""),
                ("Mail the amended return to", m.mail_to.as_str(), source),
            ] {
                out.push_str(&csv_row(&["Amended return", label, value, source, "no"]));
            }
        }
        for s in &self.steps {
            for e in &s.entries {
                let fields = [
                    s.title.as_str(),
                    e.label.as_str(),
                    e.value.as_str(),
                    e.source.as_str(),
                    if e.check { "yes" } else { "no" },
                ];
                out.push_str(&csv_row(&fields));
            }
        }
        out
    }
}

/// The one CSV writer (RFC 4180 quoting, a field a spreadsheet would run as a formula
/// neutralised), kept in the engine for the hand-off sheet, the command line and the app's roster
/// summary alike.
pub use njtax_engine::csv::{csv_field, csv_row};

#[cfg(test)]
mod tests {
    use super::{Entry, Handoff, Step};

    /// The hand-off sheet's CSV: a name that looks like a formula is text (a leading `'`), a
    /// negative amount stays a number.
    #[test]
    fn the_csv_neutralises_formula_text_and_keeps_negative_amounts() {
        let entry = |label: &str, value: &str| Entry {
            label: label.to_owned(),
            value: value.to_owned(),
            source: "answer".to_owned(),
            check: false,
        };
        let sheet = Handoff {
            title: "t".to_owned(),
            service: "s".to_owned(),
            form: "NJ-1040".to_owned(),
            amended: None,
            notes: Vec::new(),
            steps: vec![Step {
                title: "@SUM(A1)".to_owned(),
                note: String::new(),
                entries: vec![
                    entry("Your name", "=HYPERLINK(\"http://x.test\",\"Open\")"),
                    entry("+1", "-2+3"),
                    entry("A loss", "-$1,050.00"),
                    entry("A share", "-4.5%"),
                ],
            }],
        };
        let csv = sheet.to_csv();
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines[0], "step,label,value,source,check");
        assert_eq!(
            lines[1],
            "'@SUM(A1),Your name,\"'=HYPERLINK(\"\"http://x.test\"\",\"\"Open\"\")\",answer,no"
        );
        assert_eq!(lines[2], "'@SUM(A1),'+1,'-2+3,answer,no");
        assert_eq!(lines[3], "'@SUM(A1),A loss,\"-$1,050.00\",answer,no");
        assert_eq!(lines[4], "'@SUM(A1),A share,-4.5%,answer,no");
    }
}
