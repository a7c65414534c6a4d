//! The start screen: tax year, residency, which returns the draft gives, and what this app covers
//! and does not yet.

use egui::{RichText, Ui};

use crate::cx::ScreenCx;
use crate::forms::Screen;
use crate::state::Command;
use crate::theme;

/// The heading of the note on the sample return (its accessible name).
pub const SAMPLE_HEADING: &str = "This is a sample return, not yours";

/// Draw the start screen.
pub fn draw(cx: &mut ScreenCx<'_>, ui: &mut Ui, screen: &Screen) {
    super::data_screen::draw(cx, ui, screen);
    if let Some(set) = cx.returns() {
        let not_required = set.returns.iter().any(|r| !r.filing_requirement.required);
        if set.returns.len() > 1 || not_required {
            ui.add_space(theme::GAP_M);
            super::review::statement(ui, set);
        }
    }
    ui.add_space(theme::GAP_L);
    ui.label(RichText::new("What this app covers").strong());
    let resident = format!(
        "New Jersey resident returns (NJ-1040) for the whole year, {}",
        years_covered(cx.tax_years)
    );
    for item in [
        resident.as_str(),
        "Part-year residents (the NJ-1040 for the resident period and the NJ-1040NR for the rest) and nonresidents (NJ-1040NR)",
        "Every line from exemptions to refund, with the rule and the statute behind each number",
        "Property tax deduction or credit, credit for taxes paid to other states, NJ EITC, child and dependent care credit, child tax credit",
        "Employer and business credits (those on the return and those claimed apart from it), in the order the law applies them, with a carryover ledger",
        "Interest on underpaid estimated tax and the health coverage payment",
        "A printed copy of the return with every schedule and explanation (File > Print to PDF), and a hand-off sheet for NJ's online filing service",
    ] {
        ui.label(format!("• {item}"));
    }
    ui.add_space(theme::GAP_M);
    ui.label(RichText::new(NOT_COVERED_HEADING).strong());
    ui.label(
        "• Sending the return: the app files nothing; type the figures into NJ's online filing service (the hand-off sheet lists them in its order) or copy them onto the official form",
    );
    match coverage() {
        Ok(list) => {
            for e in list.not_covered() {
                ui.label(format!(
                    "• {} ({}). {}",
                    e.subject,
                    e.sections.join(", "),
                    e.note
                ));
            }
        }
        Err(why) => {
            ui.label(
                RichText::new(format!(
                    "The list of what is not covered could not be read: {why}"
                ))
                .color(theme::error_colour(ui.visuals())),
            );
        }
    }
}

/// The heading of what the app does not cover.
pub const NOT_COVERED_HEADING: &str = "What this app does not cover";

/// The engine's coverage list, read once.
fn coverage() -> Result<&'static njtax_engine::coverage::Coverage, &'static str> {
    static LIST: std::sync::OnceLock<Result<njtax_engine::coverage::Coverage, String>> =
        std::sync::OnceLock::new();
    LIST.get_or_init(njtax_engine::coverage::Coverage::load)
        .as_ref()
        .map_err(String::as_str)
}

/// The first start shows the sample return: say so under the Start screen's title, before
/// anything else, and how to start one's own.
pub fn sample_note(cx: &mut ScreenCx<'_>, ui: &mut Ui) {
    let width = ui.available_width();
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(
            theme::NOTICE_STROKE,
            theme::warning_colour(ui.visuals()),
        ))
        .show(ui, |ui| {
            ui.set_max_width(width - theme::GAP_L);
            ui.label(RichText::new(SAMPLE_HEADING).strong());
            ui.label(
                "It is a made-up family's return, filled in so you can see how njtax works. To start your own return, choose File > New (Ctrl+N); to go on with one you saved, choose File > Open (Ctrl+O).",
            );
            if ui.button("Start my own return").clicked() {
                cx.send(Command::New);
            }
        });
}

/// The tax years this version computes, in words, from the engine's year list: "tax years 2022 to
/// 2026; 2026 is provisional until the Division publishes the 2026 forms".
pub fn years_covered(years: &[njtax_engine::TaxYear]) -> String {
    let list: Vec<u16> = years.iter().map(|y| y.year).collect();
    let mut out = match list.as_slice() {
        [] => "no tax year (the law figures could not be read)".to_owned(),
        [one] => format!("tax year {one}"),
        [first, .., last]
            if list
                .windows(2)
                .all(|w| matches!(w, [a, b] if a.checked_add(1) == Some(*b))) =>
        {
            format!("tax years {first} to {last}")
        }
        [init @ .., last] => format!(
            "tax years {} and {last}",
            init.iter()
                .map(u16::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let back: Vec<u16> = years.iter().filter(|y| !y.online).map(|y| y.year).collect();
    match back.as_slice() {
        [] => {}
        [one] => out.push_str(&format!(
            "; {one} is a back year: its return is printed and mailed"
        )),
        [first, .., last] => out.push_str(&format!(
            "; {first} to {last} are back years: their returns are printed and mailed"
        )),
    }
    for y in years.iter().filter(|y| y.provisional.is_some()) {
        out.push_str(&format!(
            "; {0} is provisional until the Division publishes the {0} forms",
            y.year
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::years_covered;
    use njtax_engine::TaxYear;

    fn year(year: u16, provisional: bool) -> TaxYear {
        TaxYear {
            year,
            online: true,
            checked: None,
            provisional: provisional.then(|| njtax_engine::Provisional {
                notice: String::new(),
                figures: Vec::new(),
            }),
        }
    }

    #[test]
    fn the_years_covered_are_said_from_the_year_list() {
        assert_eq!(
            years_covered(&[year(2022, false), year(2023, false), year(2024, true)]),
            "tax years 2022 to 2024; 2024 is provisional until the Division publishes the 2024 forms"
        );
        assert_eq!(
            years_covered(&[year(2021, false), year(2023, false)]),
            "tax years 2021 and 2023"
        );
        assert_eq!(years_covered(&[year(2025, false)]), "tax year 2025");
        let book = njtax_engine::ParamBook::load().unwrap_or_else(|e| panic!("{e}"));
        let text = years_covered(book.years());
        assert!(
            text.starts_with(&format!("tax years {} to ", book.years()[0].year)),
            "{text}"
        );
        assert!(
            text.contains("; 2018 to 2021 are back years: their returns are printed and mailed"),
            "{text}"
        );
        let mut one_back = year(2021, false);
        one_back.online = false;
        assert_eq!(
            years_covered(&[one_back, year(2022, false)]),
            "tax years 2021 to 2022; 2021 is a back year: its return is printed and mailed"
        );
    }
}
