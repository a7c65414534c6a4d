//! The printable return and the hand-off sheet, over the engine's computed returns.
//!
//! [`return_pdf`] lays out a PDF like the year's NJ-1040 (header with names, SSNs and address;
//! filing status; every line with its number, label and amount), then every schedule and worksheet
//! the return used, an appendix with each line's explanation and citation, and the hand-off sheet
//! for New Jersey's online filing service. A draft that amends a filed return gets, after each
//! return's lines, the amended return: the form to file, columns A (as originally reported), B
//! (net change) and C (correct amount), the refund or additional tax, the interest estimate, the
//! time limits, the reasons and the explanation of changes; the hand-off sheet then says that the
//! amended return is mailed, and where. A return with errors carries "DRAFT - not for filing"
//! on every page; a return of a provisional year (its forms not published yet) carries
//! "PROVISIONAL 2026 figures" in every page's running head and the year's notice, with the
//! provisional figures it uses, on its first page. Fonts are embedded (subset), so the text is selectable and searchable.
//!
//! The crate computes no tax: it prints what the engine computed. Page positions are `f32`
//! points (layout only); every amount is the engine's `Decimal`, formatted once.
#![allow(clippy::float_arithmetic)] // page coordinates in points, never money

pub mod amended;
pub mod clinic;
pub mod document;
pub mod fonts;
pub mod handoff;
pub mod header;
pub mod layout;
pub mod options;
pub mod render;

use njtax_engine::answers::Answers;
use njtax_engine::compute::ReturnSet;

pub use document::DRAFT_MARK;
pub use handoff::{Handoff, handoff, handoff_on};
pub use options::{PrintError, PrintOptions};

/// The laid-out pages and outline, before they are written as PDF (tests read these).
pub struct LaidOut {
    /// Pages with what is drawn on them.
    pub pages: Vec<layout::Page>,
    /// Headings for the PDF outline.
    pub bookmarks: Vec<layout::Bookmark>,
    /// The document title.
    pub title: String,
}

/// Lay out the printed return. `changes` is the amended return's explanation of changes, which
/// the engine writes from the comparison with the original draft
/// (`njtax_engine::amend::explanation_of_changes`, given by the caller, which holds the year's
/// figures: the printout computes nothing); empty when the draft amends nothing.
///
/// # Errors
/// [`PrintError::Font`] or [`PrintError::Definition`] for a broken build.
pub fn lay_out(
    fonts: &fonts::Fonts,
    answers: &Answers,
    set: &ReturnSet,
    changes: &str,
    opts: &PrintOptions,
) -> Result<LaidOut, PrintError> {
    let sheet = match handoff(answers, set, opts.mask_ssns) {
        Ok(h) => Some(h),
        Err(PrintError::NoResident) => None,
        Err(e) => return Err(e),
    };
    let mark = document::has_errors(set).then(|| DRAFT_MARK.to_owned());
    // The first page's running head is also the document's title.
    let title = document::first_running_head(answers, set);
    let head_mark = document::provisional_mark(set);
    let mut layout = layout::Layout::new(fonts, title.clone(), mark, head_mark);
    document::lay_out(&mut layout, answers, set, changes, sheet.as_ref(), opts);
    let footer = format!(
        "Prepared with njtax {} - not the official form",
        env!("CARGO_PKG_VERSION")
    );
    let (pages, bookmarks) = layout.finish(&footer);
    Ok(LaidOut {
        pages,
        bookmarks,
        title,
    })
}

/// The printed return as PDF bytes; `changes` as for [`lay_out`].
///
/// # Errors
/// [`PrintError`] when the embedded fonts or definitions are broken or the PDF cannot be written.
pub fn return_pdf(
    answers: &Answers,
    set: &ReturnSet,
    changes: &str,
    opts: &PrintOptions,
) -> Result<Vec<u8>, PrintError> {
    let fonts = fonts::Fonts::load()?;
    let out = lay_out(&fonts, answers, set, changes, opts)?;
    render::pdf(&fonts, &out.pages, &out.bookmarks, &out.title)
}
