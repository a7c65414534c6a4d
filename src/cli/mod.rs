//! The `njtax` command line's shared parts: reading a draft and computing it, the names of a
//! return, and the output formats, one module each ([`text`], [`json`], [`csv`]) with the batch
//! over many drafts ([`batch`]) that the binary and the batch benchmark share.

pub mod batch;
pub mod clinic;
pub mod csv;
pub mod json;
pub mod passphrase;
pub mod text;

use std::path::Path;

use njtax_engine::compute::{ReturnSet, compute_set};
use njtax_engine::{ComputedReturn, Draft, ParamBook};
use njtax_ui::files::{ReadError, read_draft};

/// Why a draft could not be turned into a return; always exits 2.
pub struct Unreadable(pub String);

/// Read a draft as the app does (`njtax_ui::files::read_draft`): the same plain messages, with
/// line and column for text that is damaged or not UTF-8, a byte-order mark skipped and a file
/// too large for a draft refused unread. The message names the path as given.
pub fn load_draft(path: &Path) -> Result<Draft, Unreadable> {
    read_draft(path).map_err(|e| Unreadable(format!("{}: {}", path.display(), unnamed(&e))))
}

/// The reader's message without the file name it starts with (the caller names the file as it
/// was given, or not at all in a batch row).
pub fn unnamed(e: &ReadError) -> String {
    e.reason()
}

pub fn load_and_compute(path: &Path, book: &ParamBook) -> Result<ReturnSet, Unreadable> {
    let draft = load_draft(path)?;
    compute_set(&draft.answers, book).map_err(|e| Unreadable(format!("{}: {e}", path.display())))
}

/// [`load_and_compute`] without the explanations, for output that shows none (the lines, the
/// refund, the diagnostics, the same in both modes): `validate` and `export`.
pub fn load_and_compute_values(path: &Path, book: &ParamBook) -> Result<ReturnSet, Unreadable> {
    let draft = load_draft(path)?;
    let p = book
        .supported(draft.answers.tax_year)
        .map_err(|e| Unreadable(format!("{}: {e}", path.display())))?;
    Ok(njtax_engine::compute::compute_set_values(
        &draft.answers,
        &p,
    ))
}

/// The explanation of changes of an amended draft, for its printout (the engine's
/// `amend::explanation_of_changes`: the filer's own, or written from the comparison with the
/// original draft); empty when the draft amends nothing. `path` names the draft in the error.
pub fn explanation_of_changes(
    path: &Path,
    answers: &njtax_engine::Answers,
    set: &ReturnSet,
    book: &ParamBook,
) -> Result<String, Unreadable> {
    if answers.amends.is_none() {
        return Ok(String::new());
    }
    let p = book
        .supported(answers.tax_year)
        .map_err(|e| Unreadable(format!("{}: {e}", path.display())))?;
    Ok(njtax_engine::amend::explanation_of_changes(
        answers, set, &p,
    ))
}

/// The draft's answers and its computed returns (the printout needs both).
pub fn load_answers_and_compute(
    path: &Path,
    book: &ParamBook,
) -> Result<(njtax_engine::Answers, ReturnSet), Unreadable> {
    let draft = load_draft(path)?;
    let set = compute_set(&draft.answers, book)
        .map_err(|e| Unreadable(format!("{}: {e}", path.display())))?;
    Ok((draft.answers, set))
}

pub fn filer_name(r: &ComputedReturn) -> &'static str {
    match r.filer {
        njtax_engine::residency::Filer::Household => "household",
        njtax_engine::residency::Filer::Taxpayer => "taxpayer",
        njtax_engine::residency::Filer::Spouse => "spouse",
    }
}

/// "NJ-1040 part-year resident return (resident period), 2024-07-01 to 2024-12-31 (6 months)".
pub fn return_title(r: &ComputedReturn) -> String {
    let mut t = format!("{} {}", r.form, r.kind.describe());
    if r.filer != njtax_engine::residency::Filer::Household {
        t.push_str(&format!(" for the {}", filer_name(r)));
    }
    if let (Some(f), Some(to)) = (r.period_from, r.period_to) {
        t.push_str(&format!(", {f} to {to}"));
    }
    if r.months < 12 {
        t.push_str(&format!(" ({} months)", r.months));
    }
    t
}
