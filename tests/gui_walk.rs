//! The guided path walked with the keyboard only (issue 17): three households, each from an empty
//! draft to Review, every answer typed or chosen with Tab, Space, Enter and the arrow keys, the
//! draft saved with Ctrl+S and its refund checked against `njtax compute`.
//!
//! The driver ([`Walk`]) reads the AccessKit tree to know where the keyboard focus is (the focused
//! node's name and description) and the app's state for assertions; it never clicks a widget and
//! never gives one the focus.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may panic on broken fixtures

use std::path::{Path, PathBuf};

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use njtax_ui::App;
use njtax_ui::platform::{MemoryRecent, ScriptedDialogs};
use rust_decimal::Decimal;

/// How many presses of Tab [`Walk::tab_to`] tries before it gives up: the longest screen, the
/// menu bar, the section list and the return panel with room to spare.
const MAX_TABS: usize = 150;

/// The widget with the keyboard focus, as a screen reader hears it.
#[derive(Clone, Debug, PartialEq)]
struct Focus {
    role: egui::accesskit::Role,
    /// The accessible name (a question's label, a button's words).
    name: String,
    /// The description (a radio button's question, an input's help).
    description: String,
    /// The value (a drop-down's choice).
    value: String,
}

impl std::fmt::Display for Focus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} {:?}", self.role, self.name)?;
        if !self.value.is_empty() {
            write!(f, " = {:?}", self.value)?;
        }
        Ok(())
    }
}

/// A household walked through the app from the keyboard, and the titles of the screens it saw.
struct Walk {
    h: Harness<'static, App>,
    visited: Vec<String>,
}

impl Walk {
    /// A new, empty draft in the latest year (what File > New gives); Ctrl+S saves it to `save`.
    fn new(save: &Path) -> Self {
        let _ = std::fs::remove_file(save);
        let dialogs = ScriptedDialogs {
            save: vec![save.to_path_buf()],
            ..Default::default()
        };
        let app = App::new_blank(Box::new(dialogs), Box::new(MemoryRecent::default()));
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 900.0))
            .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
        h.run();
        let mut walk = Self {
            h,
            visited: Vec::new(),
        };
        walk.visited.push(walk.title());
        walk
    }

    /// The title of the screen shown.
    fn title(&self) -> String {
        let app = self.h.state();
        app.interview.screens[app.ui_state.screen].title.clone()
    }

    /// The answers of the draft.
    fn answers(&self) -> &njtax_engine::Answers {
        self.h.state().doc.answers()
    }

    /// Where the keyboard focus is (`None`: nowhere).
    fn focus(&self) -> Option<Focus> {
        let node = self.h.query_by(|n| n.is_focused())?;
        let n = node.accesskit_node();
        Some(Focus {
            role: n.role(),
            name: n.label().unwrap_or_default(),
            description: n.description().unwrap_or_default(),
            value: n.value().unwrap_or_default(),
        })
    }

    fn press(&mut self, key: Key) {
        self.press_with(egui::Modifiers::NONE, key);
    }

    /// Press and release `key` with `modifiers` held, in one frame (as a quick key press comes),
    /// then let the app settle.
    fn press_with(&mut self, modifiers: egui::Modifiers, key: Key) {
        let event = |pressed| egui::Event::Key {
            key,
            pressed,
            modifiers,
            repeat: false,
            physical_key: None,
        };
        self.h.input_mut().events.extend([
            egui::Event::ModifiersChanged(modifiers),
            event(true),
            event(false),
            egui::Event::ModifiersChanged(egui::Modifiers::NONE),
        ]);
        self.h.run();
    }

    /// Type `text` where the focus is (a text input tabbed into has its text selected: the text
    /// typed replaces it).
    fn type_text(&mut self, text: &str) {
        self.h.event(egui::Event::Text(text.to_owned()));
        self.h.run();
    }

    /// Press Tab until the focused widget is one `wanted` accepts (none when it already is); fail
    /// after [`MAX_TABS`] presses, naming every widget passed.
    fn tab_until(&mut self, what: &str, wanted: impl Fn(&Focus) -> bool) -> Focus {
        if let Some(f) = self.focus().filter(&wanted) {
            return f;
        }
        let mut passed = Vec::new();
        for _ in 0..MAX_TABS {
            self.press(Key::Tab);
            match self.focus() {
                Some(f) if wanted(&f) => return f,
                Some(f) => passed.push(f.to_string()),
                None => passed.push("(nothing focused)".to_owned()),
            }
        }
        panic!(
            "on {:?}, {MAX_TABS} presses of Tab never reached {what}; passed:\n  {}",
            self.title(),
            passed.join("\n  ")
        );
    }

    /// Press Tab until the focused widget is named `name`.
    fn tab_to(&mut self, name: &str) -> Focus {
        self.tab_until(&format!("{name:?}"), |f| f.name == name)
    }

    /// Tab to the text input `label` and type `text` into it.
    fn fill(&mut self, label: &str, text: &str) {
        let f = self.tab_to(label);
        assert!(
            matches!(
                f.role,
                egui::accesskit::Role::TextInput | egui::accesskit::Role::PasswordInput
            ),
            "{label} is not a text input: {f}"
        );
        self.type_text(text);
    }

    /// Tab to the radio button `option` of `question` and press Space.
    fn choose(&mut self, question: &str, option: &str) {
        let f = self.tab_until(&format!("{option:?} for {question:?}"), |f| {
            f.name == option && f.description.contains(question)
        });
        assert_eq!(f.role, egui::accesskit::Role::RadioButton, "{f}");
        self.press(Key::Space);
        let f = self.focus();
        assert!(
            f.as_ref().is_some_and(|f| f.name == option),
            "the focus stays on {option:?} after Space: {f:?}"
        );
    }

    /// Tab to the tick box `label` and tick it with Space.
    fn tick(&mut self, label: &str) {
        let f = self.tab_to(label);
        assert_eq!(f.role, egui::accesskit::Role::CheckBox, "{f}");
        self.press(Key::Space);
    }

    /// Tab to the drop-down `label`, open it with Space, go down its list with the arrow keys to
    /// `option` and choose it with Enter; the drop-down keeps the focus and shows the choice.
    fn pick(&mut self, label: &str, option: &str) {
        let f = self.tab_to(label);
        assert_eq!(f.role, egui::accesskit::Role::ComboBox, "{f}");
        self.press(Key::Space);
        let mut passed = Vec::new();
        for _ in 0..12 {
            self.press(Key::ArrowDown);
            match self.focus() {
                Some(f) if f.name == option => break,
                f => passed.push(format!("{f:?}")),
            }
        }
        assert!(
            self.focus().is_some_and(|f| f.name == option),
            "the arrow keys never reached {option:?} in {label:?}: {passed:?}"
        );
        self.press(Key::Enter);
        let f = self.focus();
        assert!(
            f.as_ref()
                .is_some_and(|f| f.name == label && f.value == option),
            "after choosing {option:?} the focus is back on {label:?} showing it: {f:?}"
        );
    }

    /// Tab to the button `label` and press it with Enter.
    fn press_button(&mut self, label: &str) {
        let f = self.tab_to(label);
        assert_eq!(f.role, egui::accesskit::Role::Button, "{f}");
        self.press(Key::Enter);
    }

    /// Tab to "Next: …" at the foot of the screen, press Enter, and note the new screen.
    fn next(&mut self) {
        let from = self.title();
        if self.focus().is_none() {
            // Nothing has the focus (a window just opened): Shift+Tab goes to the last widget of
            // the window, the Next button at the foot of the screen.
            self.press_with(egui::Modifiers::SHIFT, Key::Tab);
        }
        self.tab_until("the Next button", |f| f.name.starts_with("Next: "));
        self.press(Key::Enter);
        let to = self.title();
        assert_ne!(to, from, "Enter on Next left the screen");
        // Screen readers hear the new title (a level-1 heading), and the screen is a step of
        // the guided path, never one that does not apply.
        assert!(
            self.h
                .query_all_by_role_and_label(egui::accesskit::Role::Heading, &to)
                .any(|n| n.accesskit_node().level() == Some(1)),
            "no heading {to:?}"
        );
        let app = self.h.state();
        assert_ne!(
            app.snapshot.sections[app.ui_state.screen],
            njtax_ui::app::SectionState::DoesNotApply,
            "Next led to {to:?}, which does not apply"
        );
        self.visited.push(to);
    }

    /// Answer the yes-or-no question `question` of the Your year screen.
    fn answer(&mut self, question: &str, yes: bool) {
        self.choose(question, if yes { "Yes" } else { "No" });
    }
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("njtax-gui-walk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The four questions of the Your year screen, in its order.
const PROPERTY: &str = "Did you pay rent or property tax on your main home in New Jersey?";
const BUSINESS: &str =
    "Did you have a business or employees, or a share in a partnership or S corporation?";
const COVERAGE: &str = "Did anyone on the return go without health coverage for a month or more?";
const ESTIMATES: &str = "Will you pay estimated tax next year, or file or pay this return late?";

/// What `njtax compute --json` says of a saved draft.
struct Computed {
    refund: Decimal,
    balance_due: Decimal,
    json: serde_json::Value,
}

/// Run `njtax compute PATH --json`.
fn njtax_compute(path: &Path) -> Computed {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_njtax"))
        .arg("compute")
        .arg(path)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "njtax compute {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let figure = |key: &str| -> Decimal {
        json[key]
            .as_str()
            .unwrap_or_else(|| panic!("no {key} in {json}"))
            .parse()
            .unwrap()
    };
    Computed {
        refund: figure("refund"),
        balance_due: figure("balance_due"),
        json,
    }
}

impl Walk {
    /// On Review: the step counter says the walk went through every step of the guided path, the
    /// return panel counts nothing to fix, Ctrl+S saves the draft to `path`, and `njtax compute`
    /// on the saved file gives the refund or balance due the panel shows.
    fn save_at_review_and_compare(&mut self, path: &Path) -> Computed {
        assert_eq!(self.title(), "Review", "visited {:?}", self.visited);
        let n = self.visited.len();
        assert!(
            self.h
                .query_by_label_contains(&format!("Step {n} of "))
                .is_some(),
            "Review is the last of the {n} steps visited: {:?}",
            self.visited
        );
        assert!(
            self.h.query_by_label_contains("0 to fix, ").is_some(),
            "the return panel counts nothing to fix: {:?}",
            self.h.state().diagnostics()
        );
        let errors: Vec<_> = self
            .h
            .state()
            .diagnostics()
            .into_iter()
            .filter(|d| d.severity == njtax_engine::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert!(
            self.answers().unreadable.is_empty(),
            "{:?}",
            self.answers().unreadable
        );

        // What the panel shows, from the app's own computed return.
        let ret = self.h.state().computed().expect("the return is computed");
        let (refund, balance_due) = (ret.refund, ret.balance_due);
        let (words, amount) = if balance_due > Decimal::ZERO {
            ("Balance due", balance_due)
        } else {
            ("Refund", refund)
        };
        assert!(
            self.h
                .query_all_by_label(words)
                .any(|n| n.accesskit_node().role() == egui::accesskit::Role::Label),
            "the panel says {words}"
        );
        let figure = njtax_engine::money::fmt_money(amount);
        assert!(
            self.h.query_all_by_label(&figure).next().is_some(),
            "the panel shows {figure}"
        );

        let before = self.focus();
        assert_eq!(
            before.as_ref().map(|f| f.name.as_str()),
            Some("Review"),
            "Review asks nothing: its title has the focus"
        );
        self.press_with(egui::Modifiers::COMMAND, Key::S);
        assert_eq!(self.focus(), before, "saving keeps the focus where it was");
        let (message, is_error) = self.h.state().ui_state.message.clone().unwrap_or_default();
        assert!(!is_error, "{message}");
        assert!(path.exists(), "Ctrl+S saved {}: {message}", path.display());
        assert!(!self.h.state().doc.is_dirty());

        let cli = njtax_compute(path);
        assert_eq!(cli.refund, refund, "njtax compute's refund");
        assert_eq!(cli.balance_due, balance_due, "njtax compute's balance due");
        assert!(
            cli.json["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .all(|d| d["severity"] != "error" && d["severity"] != "Error"),
            "{}",
            cli.json["diagnostics"]
        );
        cli
    }
}

/// The saved draft, read back as the command line reads it.
fn saved_answers(path: &Path) -> njtax_engine::Answers {
    njtax_engine::parse_draft(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .answers
}

#[test]
fn a_renter_with_one_w2_and_a_child_walks_to_review_by_keyboard_and_sees_no_step_that_does_not_apply()
 {
    let path = temp_dir().join("renter.ron");
    let mut w = Walk::new(&path);
    w.next();
    w.pick("Filing status", "Head of household");
    w.fill("Your name", "Dana Reyes");
    w.fill("Your Social Security number", "412-34-5671");
    w.fill("Your date of birth", "1988-03-14");
    w.press_button("Add a dependent");
    w.fill("Dependent's name", "Sam Reyes");
    w.fill("Dependent's Social Security number", "412-34-5672");
    w.fill("Dependent's date of birth", "2016-09-02");
    w.pick("Relationship to you", "Son or daughter (including adopted)");
    w.fill("Months lived with you", "12");
    w.next();
    w.answer(PROPERTY, true);
    w.answer(BUSINESS, false);
    w.answer(COVERAGE, false);
    w.answer(ESTIMATES, false);
    w.next();
    w.press_button("Add a W-2");
    w.fill("Employer's name", "Harbor Books");
    w.fill("State wages (box 16)", "48,250.00");
    w.fill("NJ tax withheld (box 17)", "1,210");
    w.next();
    w.next();
    assert_eq!(w.title(), "Property tax");
    w.press_button("Add a home");
    w.fill("Address", "12 Elm Street, Apt 3, Trenton");
    w.choose("Owned or rented", "Rented");
    w.fill("Rent paid", "16,800");
    w.next();
    while w.title() != "Review" {
        w.next();
    }
    assert_eq!(
        w.visited,
        [
            "Start",
            "You and your household",
            "Your year",
            "Income",
            "Deductions",
            "Property tax",
            "Credits",
            "Payments",
            "Refund",
            "Review"
        ]
    );
    for skipped in [
        "Retirement exclusions",
        "Employer and business credits",
        "Impaired-employee credit estimator",
        "Health coverage",
        "Next year",
    ] {
        assert!(
            !w.visited.iter().any(|t| t == skipped),
            "{skipped} was shown"
        );
    }
    let cli = w.save_at_review_and_compare(&path);
    assert!(cli.refund > Decimal::ZERO, "{}", cli.json);

    let saved = saved_answers(&path);
    assert_eq!(
        saved.filing_status,
        njtax_engine::answers::FilingStatus::HeadOfHousehold
    );
    assert_eq!(saved.taxpayer.ssn, "412-34-5671");
    assert_eq!(saved.dependents.len(), 1);
    assert_eq!(
        saved.dependents[0].relationship,
        njtax_engine::answers::Relationship::Child
    );
    assert_eq!(saved.income.w2s.len(), 1);
    assert_eq!(saved.income.w2s[0].state_wages, rust_decimal::dec!(48250));
    assert_eq!(
        saved.income.w2s[0].nj_tax_withheld,
        rust_decimal::dec!(1210)
    );
    assert_eq!(saved.homesteads.len(), 1);
    assert_eq!(
        saved.homesteads[0].kind,
        njtax_engine::answers::HomesteadKind::Tenant
    );
    assert_eq!(saved.homesteads[0].rent_paid, rust_decimal::dec!(16800));
    assert_eq!(cli.json["lines"]["15"], "48250.00", "{}", cli.json["lines"]);
}

#[test]
fn a_retired_couple_with_two_pensions_and_property_tax_walks_to_review_by_keyboard() {
    let path = temp_dir().join("retired.ron");
    let mut w = Walk::new(&path);
    w.next();
    w.pick(
        "Filing status",
        "Married or civil union couple, filing jointly",
    );
    w.fill("Your name", "Walter Brandt");
    w.fill("Your Social Security number", "523-41-7788");
    w.fill("Your date of birth", "1954-02-11");
    w.fill("Spouse's name", "Ilse Brandt");
    w.fill("Spouse's Social Security number", "523-41-7799");
    w.fill("Spouse's date of birth", "1956-10-30");
    w.next();
    w.answer(PROPERTY, true);
    w.answer(BUSINESS, false);
    w.answer(COVERAGE, false);
    w.answer(ESTIMATES, false);
    w.next();
    assert_eq!(w.title(), "Income");
    for (whose, payer, gross, withheld) in [
        (
            "You",
            "Teachers' Pension and Annuity Fund",
            "61,400",
            "1,900",
        ),
        (
            "Your spouse or civil union partner",
            "Garden State Mutual",
            "38,200.50",
            "850",
        ),
    ] {
        w.press_button("Add a 1099-R");
        w.choose("Whose distribution", whose);
        w.fill("Payer's name", payer);
        w.pick("Kind of plan", "Pension or annuity");
        w.choose("Where the money went", "Not rolled over (kept)");
        w.fill("Gross distribution (box 1)", gross);
        w.fill("Taxable amount for New Jersey", gross);
        w.fill("NJ tax withheld (box 14)", withheld);
    }
    w.next();
    assert_eq!(w.title(), "Retirement exclusions");
    w.next();
    w.next();
    assert_eq!(w.title(), "Property tax");
    w.press_button("Add a home");
    w.fill("Address", "7 Orchard Lane, Princeton");
    w.choose("Owned or rented", "Owned");
    w.fill("Property taxes for the year", "9,850");
    w.next();
    while w.title() != "Review" {
        w.next();
    }
    assert_eq!(
        w.visited,
        [
            "Start",
            "You and your household",
            "Your year",
            "Income",
            "Retirement exclusions",
            "Deductions",
            "Property tax",
            "Credits",
            "Payments",
            "Refund",
            "Review"
        ]
    );
    let cli = w.save_at_review_and_compare(&path);

    let saved = saved_answers(&path);
    assert_eq!(
        saved.filing_status,
        njtax_engine::answers::FilingStatus::MarriedJoint
    );
    let spouse = saved.spouse.as_ref().expect("a spouse");
    assert_eq!(spouse.ssn, "523-41-7799");
    assert_eq!(
        spouse.birth_date,
        njtax_engine::answers::Date::new(1956, 10, 30)
    );
    let r = &saved.income.retirement;
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].owner, njtax_engine::answers::Owner::Taxpayer);
    assert_eq!(r[1].owner, njtax_engine::answers::Owner::Spouse);
    assert_eq!(r[0].taxable_amount, rust_decimal::dec!(61400));
    assert_eq!(r[1].gross_distribution, rust_decimal::dec!(38200.50));
    assert_eq!(r[1].nj_tax_withheld, rust_decimal::dec!(850));
    assert_eq!(
        saved.homesteads[0].kind,
        njtax_engine::answers::HomesteadKind::Owner
    );
    assert_eq!(saved.homesteads[0].property_taxes, rust_decimal::dec!(9850));
    // The joint return's $99,600.50 of pensions, all excluded (both 62 or older, total income
    // under $100,000): no gross income, so every dollar withheld comes back with the $50
    // property tax credit.
    let lines = &cli.json["lines"];
    assert_eq!(lines["20a"], "99600.50", "{lines}");
    assert_eq!(lines["29"], "0.00", "{lines}");
    assert_eq!(lines["55"], "2750.00", "{lines}");
    assert_eq!(lines["56"], "50.00", "{lines}");
    assert_eq!(cli.refund, rust_decimal::dec!(2800), "{}", cli.json);
}

#[test]
fn a_sole_proprietor_with_a_sheltered_workshop_employee_walks_to_review_by_keyboard() {
    let path = temp_dir().join("proprietor.ron");
    let mut w = Walk::new(&path);
    w.next();
    w.fill("Your name", "Rosa Delgado");
    w.fill("Your Social Security number", "318-52-6104");
    w.fill("Your date of birth", "1979-07-21");
    w.next();
    w.answer(PROPERTY, false);
    w.answer(BUSINESS, true);
    w.answer(COVERAGE, false);
    w.answer(ESTIMATES, false);
    w.next();
    assert_eq!(w.title(), "Income");
    w.press_button("Add a business");
    w.fill("Business name", "Delgado Packaging Co");
    w.fill("Net profit or loss", "75,000");
    w.next();
    w.next();
    w.next();
    assert_eq!(w.title(), "Employer and business credits");
    w.press_button("Add a business");
    w.fill("Business name", "Delgado Packaging Co");
    w.fill("NJ-source gross income from the business", "75,000");
    w.press_button("Add a qualified employee");
    w.fill("Employee's name", "Alex");
    w.fill("Business that employs the person", "Delgado Packaging Co");
    w.fill("Wages paid in the year", "6,500");
    w.fill("Weeks with 25 hours or more", "40");
    w.tick("Holds a special license (paid below minimum wage)");
    w.next();
    assert_eq!(w.title(), "Impaired-employee credit estimator");
    while w.title() != "Review" {
        w.next();
    }
    assert_eq!(
        w.visited,
        [
            "Start",
            "You and your household",
            "Your year",
            "Income",
            "Deductions",
            "Credits",
            "Employer and business credits",
            "Impaired-employee credit estimator",
            "Payments",
            "Refund",
            "Review"
        ]
    );
    let cli = w.save_at_review_and_compare(&path);

    let saved = saved_answers(&path);
    assert_eq!(saved.income.businesses.len(), 1);
    assert_eq!(
        saved.income.businesses[0].net_profit,
        rust_decimal::dec!(75000)
    );
    let e = &saved.business_credits.sheltered_workshop_employees;
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].wages_paid, rust_decimal::dec!(6500));
    assert_eq!(e[0].weeks_of_25_hours, 40);
    assert!(e[0].special_license);
    assert!(cli.balance_due > Decimal::ZERO, "{}", cli.json);
    // 20% of $6,500, capped at $1,000 (54A:4-11 a) and at half the tax.
    assert_ne!(cli.json["lines"]["46"], "0.00", "{}", cli.json["lines"]);
}
