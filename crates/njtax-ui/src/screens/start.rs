//! The start screen: tax year, residency, which returns the draft gives, and what this app covers
//! and does not yet.

use egui::{RichText, Ui};

use crate::app::App;
use crate::forms::Screen;
use crate::theme;

/// Draw the start screen.
pub fn draw(app: &mut App, ui: &mut Ui, screen: &Screen) {
    super::data_screen::draw(app, ui, screen);
    if let Some(set) = app.returns().cloned() {
        let not_required = set.returns.iter().any(|r| !r.filing_requirement.required);
        if set.returns.len() > 1 || not_required {
            ui.add_space(theme::GAP_M);
            super::review::statement(ui, &set);
        }
    }
    ui.add_space(theme::GAP_L);
    ui.label(RichText::new("What this app covers").strong());
    for item in [
        "New Jersey resident returns (NJ-1040) for the whole year, tax years 2022 to 2025",
        "Part-year residents (the NJ-1040 for the resident period and the NJ-1040NR for the rest) and nonresidents (NJ-1040NR)",
        "Every line from exemptions to refund, with the rule and the statute behind each number",
        "Property tax deduction or credit, credit for taxes paid to other states, NJ EITC, child and dependent care credit, child tax credit",
        "Employer and business credits (lines 46-50, 62, 63 and the credits claimed apart from the form), in the order the law applies them, with a carryover ledger",
        "Estimated-tax interest (Form NJ-2210, line 52) and the health coverage payment (Schedule NJ-HCC, line 53c)",
        "A printed copy of the return with every schedule and explanation (File > Print to PDF), and a hand-off sheet for NJ's online filing service",
    ] {
        ui.label(format!("• {item}"));
    }
    ui.add_space(theme::GAP_M);
    ui.label(RichText::new("Not yet").strong());
    ui.label(
        "• Sending the return: the app files nothing; type the figures into NJ's online filing service (the hand-off sheet lists them in its order) or copy them onto the official form",
    );
}
