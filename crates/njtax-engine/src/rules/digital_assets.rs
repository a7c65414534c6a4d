//! The NJ-1040's yes/no question about digital assets (first on the 2025 form): whether the year's
//! form asks it is a law figure (`exemptions.digital_asset_question`), never a year in code. No tax
//! depends on the answer; the app asks it, the printout and the hand-off sheet carry it, and the
//! return says when it is unanswered, or answered for a year whose form does not ask it.

use serde::Serialize;

use crate::explain::Diagnostic;
use crate::sheet::Ctx;

/// The answer's path in the draft.
pub const PATH: &str = "digital_assets";

/// Diagnostic codes.
pub mod codes {
    /// The year's NJ-1040 asks the question and it is not answered.
    pub const NOT_ANSWERED: &str = "digital-assets-not-answered";
    /// Answered for a year whose NJ-1040 does not ask it (or a draft without an NJ-1040).
    pub const NOT_ASKED: &str = "digital-assets-not-asked";
}

/// The question on a return whose form asks it, with the filer's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DigitalAssetQuestion {
    /// The filer's answer: yes, no, or `None` while not answered.
    pub answer: Option<bool>,
    /// The form that asks it ("the 2025 NJ-1040"), from the law figure.
    pub citation: String,
    /// Set while the year's form is not published: why the app expects the question.
    pub uncertain: Option<String>,
}

impl DigitalAssetQuestion {
    /// The question in plain words, for `year`.
    pub fn question(year: u16) -> String {
        format!(
            "At any time during {year}, did you receive (as a reward, award or payment for property or services), sell, exchange or otherwise dispose of a digital asset (such as cryptocurrency)?"
        )
    }

    /// Which form asks it, in words: "the 2025 NJ-1040 asks", or for a year whose form is not
    /// published "the 2026 NJ-1040 is expected to ask".
    pub fn form_asks(&self, year: u16) -> String {
        if self.uncertain.is_some() {
            format!("the {year} NJ-1040 is expected to ask")
        } else {
            format!("the {year} NJ-1040 asks")
        }
    }

    /// The answer in one word or two: "Yes", "No" or "Not answered".
    pub fn answer_words(&self) -> &'static str {
        match self.answer {
            Some(true) => "Yes",
            Some(false) => "No",
            None => "Not answered",
        }
    }
}

/// The question on this return: `Some` on a return filed on the NJ-1040 (not an NJ-1040NR) in a
/// year whose form asks it.
pub fn on_return(cx: &Ctx) -> Option<DigitalAssetQuestion> {
    let figure = &cx.p.exemptions.digital_asset_question;
    (figure.value && !cx.scope.kind.is_nonresident()).then(|| DigitalAssetQuestion {
        answer: cx.a.digital_assets,
        citation: figure.citation.clone(),
        uncertain: figure.uncertain.clone(),
    })
}

/// Once per draft: a warning while the question a return asks is unanswered, and a warning for an
/// answer no return asks for (the answer is not printed; the engine does not use it either way).
/// `asked`: the question as one of the draft's returns carries it.
pub fn validate(cx: &Ctx, asked: Option<&DigitalAssetQuestion>) {
    let year = cx.year();
    match (asked, cx.a.digital_assets) {
        (Some(q), None) => {
            let mut message = format!(
                "Answer the question about digital assets on the \"You and your household\" screen: {} whether, at any time during {year}, you received, sold, exchanged or otherwise disposed of a digital asset such as cryptocurrency",
                q.form_asks(year)
            );
            if let Some(note) = &q.uncertain {
                message.push_str(&format!(" ({note})"));
            }
            cx.diag(
                Diagnostic::warning(codes::NOT_ANSWERED, message)
                    .at(PATH)
                    .cite(q.citation.clone()),
            );
        }
        (None, Some(_)) => {
            let whose = if cx.p.exemptions.digital_asset_question.value {
                "this draft has no NJ-1040 (the NJ-1040NR is not known to ask it)"
            } else {
                "the NJ-1040 for the year does not ask it"
            };
            cx.diag(
                Diagnostic::warning(
                    codes::NOT_ASKED,
                    format!(
                        "An answer to the question about digital assets is in the draft, but {whose}: it is not printed and changes nothing on the return. Clear it if it was given by mistake"
                    ),
                )
                .at(PATH),
            );
        }
        _ => {}
    }
}
