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
    ] {
        ui.label(format!("• {item}"));
    }
    ui.add_space(theme::GAP_M);
    ui.label(RichText::new("Not yet").strong());
    for item in [
        "Estimated-tax interest (line 52) and the health coverage payment (line 53c): enter them on Payments",
        "Filing the return: print it or copy the figures into NJ's filing service",
    ] {
        ui.label(format!("• {item}"));
    }
}
