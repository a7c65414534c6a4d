//! What the printout can be asked for, and why it could not be made: the types every part of
//! the printout shares (kept out of the crate root so no module depends on the root).

/// Why a PDF or a hand-off sheet could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    /// An embedded font could not be read (a broken build).
    #[error("the embedded font could not be read: {0}")]
    Font(String),
    /// An embedded definition could not be read (a broken build).
    #[error("the embedded definition could not be read: {0}")]
    Definition(String),
    /// The PDF writer failed.
    #[error("the PDF could not be written: {0}")]
    Pdf(String),
    /// The hand-off sheet needs an NJ-1040 and the draft has only NJ-1040NR returns.
    #[error(
        "this draft has no NJ-1040 (resident) return: the hand-off sheet is made for the NJ-1040"
    )]
    NoResident,
}

/// Choices for the printout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrintOptions {
    /// Show only the last four digits of each SSN (a reviewer's copy).
    pub mask_ssns: bool,
    /// The day the return is taken as filed when the answers give no filing date (the app
    /// passes today): a refund the law bars on that day (N.J.S.A. 54A:9-8 a, d) is printed as
    /// barred. `None`: as the answers say (filed on time when no date is given).
    pub filing_day: Option<njtax_engine::answers::Date>,
}
