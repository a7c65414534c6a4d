//! The parameter book: every embedded law-figure file, resolved per tax year, and the list of tax
//! years this version computes (`forms/years.ron`).
//!
//! Everything a tax year needs is data: its figures (`forms/params/`), its line maps
//! (`forms/lines/`, every file there embedded by `build.rs`) and its entry in `forms/years.ron`.
//! [`ParamBook::from_sources`] builds a book from any such set of files, which is how a test adds a
//! fictitious year without touching code; [`ParamBook::load`] uses the embedded ones.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::law;
use crate::lines::{LINE_MAP_FILES, LineMap};
use crate::params::{ListUncertain, ParamError, parse_file};

macro_rules! embedded_params {
    ($($name:literal),* $(,)?) => {
        [$(($name, include_str!(concat!("../../../forms/params/", $name)))),*]
    };
}

/// The embedded `forms/params/` files, by name: one per domain of figures the rules read.
const EMBEDDED_PARAMS: [(&str, &str); 15] = embedded_params!(
    "tax.ron",
    "exemptions.ron",
    "income.ron",
    "exclusions.ron",
    "deductions.ron",
    "property.ron",
    "credits.ron",
    "federal.ron",
    "withholding.ron",
    "funds.ron",
    "residency.ron",
    "business_credits.ron",
    "estimated.ron",
    "late.ron",
    "health.ron",
);

/// The embedded `forms/years.ron`.
const EMBEDDED_YEARS: &str = include_str!("../../../forms/years.ron");

/// The texts a [`ParamBook`] is built from: the law-figure files, the line maps and the year list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParamSources {
    /// `forms/params/*.ron` by file name (one per domain: `tax.ron`, `credits.ron`, ...).
    pub params: BTreeMap<String, String>,
    /// `forms/lines/*.ron` as `(file name, text)`.
    pub line_maps: Vec<(String, String)>,
    /// `forms/years.ron`.
    pub years: String,
}

impl ParamSources {
    /// The files embedded in this build.
    pub fn embedded() -> Self {
        Self {
            params: EMBEDDED_PARAMS
                .iter()
                .map(|(n, t)| ((*n).to_owned(), (*t).to_owned()))
                .collect(),
            line_maps: LINE_MAP_FILES
                .iter()
                .map(|(n, t)| ((*n).to_owned(), (*t).to_owned()))
                .collect(),
            years: EMBEDDED_YEARS.to_owned(),
        }
    }

    fn param(&self, name: &str) -> Result<&str, ParamError> {
        self.params
            .get(name)
            .map(String::as_str)
            .ok_or_else(|| ParamError::Parse {
                file: name.to_owned(),
                message: "the file is missing".to_owned(),
            })
    }
}

/// Why a return could not be computed at all.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum ComputeError {
    /// The tax year is not one this engine computes.
    #[error("tax year {year} is not supported; this version computes tax years {supported}")]
    UnsupportedYear {
        /// Year asked for.
        year: u16,
        /// The supported years in words ("2022-2026").
        supported: String,
    },
    /// The embedded parameters are defective.
    #[error(transparent)]
    Params(#[from] ParamError),
}

/// `forms/years.ron`: the tax years this version computes.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename = "Years", deny_unknown_fields)]
struct YearsFile {
    years: Vec<TaxYear>,
    /// The notice every return of a year the online service does not take carries (`{year}`:
    /// the tax year).
    #[serde(default)]
    back_year_notice: Option<String>,
}

/// One tax year this version computes.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TaxYear {
    /// The calendar year the return is for.
    pub year: u16,
    /// Set until the Division of Taxation publishes the year's forms.
    #[serde(default)]
    pub provisional: Option<Provisional>,
    /// Whether the State's free online filing service takes the year's return; a year it does
    /// not (a back year) is printed and mailed, and its returns carry the back-year notice.
    #[serde(default = "online_by_default")]
    pub online: bool,
    /// The day the year's law figures were last checked against their sources (the statute and
    /// the Division's forms and instructions), shown in Help > About with the year's status;
    /// `None` when not recorded (every embedded year has one: a test checks).
    #[serde(default)]
    pub checked: Option<crate::answers::Date>,
}

fn online_by_default() -> bool {
    true
}

/// Why a tax year's figures are provisional, said on every return of the year.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Provisional {
    /// One plain sentence naming what is provisional.
    pub notice: String,
    /// The law figures that are provisional: `(id, name)`, the id as `domain.name` (each is marked
    /// uncertain for the year) and the figure named in a few words ("the child tax credit
    /// amounts").
    pub figures: Vec<(String, String)>,
}

/// All embedded parameter files, as stored (every year).
#[derive(Clone, Debug)]
pub struct ParamBook {
    tax: law::tax::TaxParamsFile,
    exemptions: law::exemptions::ExemptionParamsFile,
    income: law::income::IncomeParamsFile,
    exclusions: law::exclusions::ExclusionParamsFile,
    deductions: law::deductions::DeductionParamsFile,
    property: law::property::PropertyParamsFile,
    credits: law::credits::CreditParamsFile,
    federal: law::federal::FederalParamsFile,
    withholding: law::withholding::WithholdingParamsFile,
    funds: law::funds::FundParamsFile,
    residency: law::residency::ResidencyParamsFile,
    business_credits: law::business_credits::BusinessCreditParamsFile,
    estimated: law::estimated::EstimatedParamsFile,
    late: law::late::LateParamsFile,
    health: law::health::HealthParamsFile,
    line_maps: Vec<LineMap>,
    years: Vec<TaxYear>,
    back_year_notice: Option<String>,
}

/// Every law figure resolved for one tax year, plus the year's line map.
#[derive(Clone, Debug)]
pub struct YearParams {
    /// Tax year.
    pub year: u16,
    /// Tax rates, tables and thresholds (54A:2-1, 2-1a, 2-4, 8-2).
    pub tax: law::tax::TaxParams,
    /// Exemptions (54A:3-1, 3-1.1).
    pub exemptions: law::exemptions::ExemptionParams,
    /// Income categories (54A:5-1, 6-x).
    pub income: law::income::IncomeParams,
    /// Retirement exclusions (54A:6-10, 6-15).
    pub exclusions: law::exclusions::ExclusionParams,
    /// Deductions (54A:3-3..3-14).
    pub deductions: law::deductions::DeductionParams,
    /// Property tax deduction and credit (54A:3A-15..3A-22).
    pub property: law::property::PropertyParams,
    /// NJ credits (54A:4-7, 4-17, 4-17.1).
    pub credits: law::credits::CreditParams,
    /// Federal figures the NJ credits use (federal EIC).
    pub federal: law::federal::FederalParams,
    /// NJ-2450 maximums.
    pub withholding: law::withholding::WithholdingParams,
    /// Contribution funds.
    pub funds: law::funds::FundParams,
    /// Part-year and nonresident figures (54A:2-1.1, 3-1(c), 5-8).
    pub residency: law::residency::ResidencyParams,
    /// Employer and business credits (54A:4-1.1, 4-11 to 4-24, 12-5).
    pub business_credits: law::business_credits::BusinessCreditParams,
    /// Estimated tax and the NJ-2210 (54A:8-4, 8-5, 9-6 c, d).
    pub estimated: law::estimated::EstimatedParams,
    /// Late filing and payment, next year's installments (54A:8-1, 9-5, 9-6 a).
    pub late: law::late::LateParams,
    /// The shared responsibility payment (54A:11).
    pub health: law::health::HealthParams,
    /// The year's NJ-1040 line map.
    pub line_map: std::sync::Arc<LineMap>,
    /// The year's NJ-1040NR line map.
    pub nr_line_map: std::sync::Arc<LineMap>,
    /// Set while the year's forms are not yet published (from `forms/years.ron`).
    pub provisional: Option<Provisional>,
    /// Set for a year the State's online filing service does not take (a back year): the notice
    /// its returns carry, the year filled in (from `forms/years.ron`).
    pub back_year: Option<String>,
}

impl ParamBook {
    /// Parse every embedded file. The embedded files are the ones the tests check year by year
    /// ([`ParamBook::from_sources`] on [`ParamSources::embedded`], in `tests/params.rs`), so they
    /// are not checked again on every start: that cost each `njtax` process as much as computing
    /// the return. A year whose figures do not resolve still fails when it is computed
    /// ([`ParamBook::for_year`]), never silently.
    ///
    /// # Errors
    /// When an embedded file does not parse (a build defect; tests catch it).
    pub fn load() -> Result<Self, ParamError> {
        Self::parse_sources(&ParamSources::embedded())
    }

    /// Build a book from a set of data files, then check every year the year list names: each
    /// figure and both line maps resolve, the year's dates fall in the year, and each provisional
    /// figure is marked uncertain for it.
    ///
    /// # Errors
    /// [`ParamError::Parse`] for a file that does not parse (file, line and column) and
    /// [`ParamError::Year`] for a listed year the data does not complete.
    pub fn from_sources(src: &ParamSources) -> Result<Self, ParamError> {
        let book = Self::parse_sources(src)?;
        book.check_years()?;
        Ok(book)
    }

    /// Parse a set of data files, without the year checks.
    fn parse_sources(src: &ParamSources) -> Result<Self, ParamError> {
        let mut line_maps = Vec::new();
        for (name, text) in &src.line_maps {
            let mut map = parse_file::<LineMap>(name, text)?;
            map.build_index();
            line_maps.push(map);
        }
        let load = |name: &str| -> Result<&str, ParamError> { src.param(name) };
        let years: YearsFile = parse_file("years.ron", &src.years)?;
        let book = Self {
            tax: parse_file("tax.ron", load("tax.ron")?)?,
            exemptions: parse_file("exemptions.ron", load("exemptions.ron")?)?,
            income: parse_file("income.ron", load("income.ron")?)?,
            exclusions: parse_file("exclusions.ron", load("exclusions.ron")?)?,
            deductions: parse_file("deductions.ron", load("deductions.ron")?)?,
            property: parse_file("property.ron", load("property.ron")?)?,
            credits: parse_file("credits.ron", load("credits.ron")?)?,
            federal: parse_file("federal.ron", load("federal.ron")?)?,
            withholding: parse_file("withholding.ron", load("withholding.ron")?)?,
            funds: parse_file("funds.ron", load("funds.ron")?)?,
            residency: parse_file("residency.ron", load("residency.ron")?)?,
            business_credits: parse_file("business_credits.ron", load("business_credits.ron")?)?,
            estimated: parse_file("estimated.ron", load("estimated.ron")?)?,
            late: parse_file("late.ron", load("late.ron")?)?,
            health: parse_file("health.ron", load("health.ron")?)?,
            line_maps,
            years: years.years,
            back_year_notice: years.back_year_notice,
        };
        Ok(book)
    }

    /// Every listed year resolves completely, in order, once each.
    fn check_years(&self) -> Result<(), ParamError> {
        let fail = |year: u16, problem: String| ParamError::Year { year, problem };
        if self.years.is_empty() {
            return Err(ParamError::Parse {
                file: "years.ron".into(),
                message: "no tax year is listed".into(),
            });
        }
        for pair in self.years.windows(2) {
            if let [a, b] = pair
                && a.year >= b.year
            {
                return Err(fail(
                    b.year,
                    "years.ron lists the years out of order or twice".into(),
                ));
            }
        }
        for ty in &self.years {
            let p = self.for_year(ty.year)?;
            let mut problems = law::estimated::year_date_problems(&p.estimated, ty.year);
            problems.extend(law::late::year_date_problems(&p.late, ty.year));
            if let Some(prov) = &ty.provisional {
                let uncertain = p.uncertain();
                for (id, _) in &prov.figures {
                    if !uncertain.iter().any(|(u, _, _)| u == id) {
                        problems.push(format!(
                            "{id} is named as provisional but is not a figure marked uncertain for the year"
                        ));
                    }
                }
            }
            if !ty.online && self.back_year_notice.is_none() {
                problems.push(
                    "the year is marked online: false but years.ron has no back_year_notice"
                        .to_owned(),
                );
            }
            if let Some(problem) = problems.into_iter().next() {
                return Err(fail(ty.year, problem));
            }
        }
        Ok(())
    }

    /// The tax years this version computes, oldest first.
    pub fn years(&self) -> &[TaxYear] {
        &self.years
    }

    /// The supported years, oldest first.
    pub fn supported_years(&self) -> impl Iterator<Item = u16> + '_ {
        self.years.iter().map(|y| y.year)
    }

    /// The newest supported year: a new draft starts in it.
    pub fn latest_year(&self) -> u16 {
        self.years.last().map_or(0, |y| y.year)
    }

    /// Whether this version computes `year`.
    pub fn supports(&self, year: u16) -> bool {
        self.years.iter().any(|y| y.year == year)
    }

    /// The supported years in words: "2022-2026", or a list when there are gaps.
    pub fn supported_years_text(&self) -> String {
        let mut runs: Vec<(u16, u16)> = Vec::new();
        for y in self.supported_years() {
            match runs.last_mut() {
                Some((_, last)) if last.checked_add(1) == Some(y) => *last = y,
                _ => runs.push((y, y)),
            }
        }
        runs.iter()
            .map(|(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}-{b}")
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The figures of a supported year.
    ///
    /// # Errors
    /// [`ComputeError::UnsupportedYear`] for a year this version does not compute.
    pub fn supported(&self, year: u16) -> Result<YearParams, ComputeError> {
        if !self.supports(year) {
            return Err(ComputeError::UnsupportedYear {
                year,
                supported: self.supported_years_text(),
            });
        }
        Ok(self.for_year(year)?)
    }

    /// Resolve every figure for `year`, supported or not (historic figures for tests and for last
    /// year's tax); [`ParamBook::supported`] is the checked entry point.
    ///
    /// # Errors
    /// When a figure or the line map is missing for the year.
    pub fn for_year(&self, year: u16) -> Result<YearParams, ParamError> {
        let map_for = |form: &str, id: &str| {
            self.line_maps
                .iter()
                .find(|m| m.form == form && m.years.contains(&year))
                .cloned()
                .ok_or_else(|| ParamError::MissingYear {
                    id: id.into(),
                    year,
                })
        };
        let line_map = map_for("NJ-1040", "line_map")?;
        let nr_line_map = map_for("NJ-1040NR", "nr_line_map")?;
        Ok(YearParams {
            year,
            tax: self.tax.resolve(year)?,
            exemptions: self.exemptions.resolve(year)?,
            income: self.income.resolve(year)?,
            exclusions: self.exclusions.resolve(year)?,
            deductions: self.deductions.resolve(year)?,
            property: self.property.resolve(year)?,
            credits: self.credits.resolve(year)?,
            federal: self.federal.resolve(year)?,
            withholding: self.withholding.resolve(year)?,
            funds: self.funds.resolve(year)?,
            residency: self.residency.resolve(year)?,
            business_credits: self.business_credits.resolve(year)?,
            estimated: self.estimated.resolve(year)?,
            late: self.late.resolve(year)?,
            health: self.health.resolve(year)?,
            line_map: std::sync::Arc::new(line_map),
            nr_line_map: std::sync::Arc::new(nr_line_map),
            provisional: self
                .years
                .iter()
                .find(|y| y.year == year)
                .and_then(|y| y.provisional.clone()),
            back_year: self
                .years
                .iter()
                .find(|y| y.year == year && !y.online)
                .and(self.back_year_notice.as_ref())
                .map(|n| n.replace("{year}", &year.to_string())),
        })
    }

    /// The stored tax parameters (every year), for computing historic tax.
    pub fn tax_file(&self) -> &law::tax::TaxParamsFile {
        &self.tax
    }
}

impl YearParams {
    /// Whether the deduction, credit or payment a switch figure governs exists in this year: the
    /// deduction caps (`deductions.organ_donation_cap`, `njbest_cap`, `njclass_cap`,
    /// `tuition_cap`: `None` before their laws), `credits.ctc_tiers` (no rows) and
    /// `health.in_force`, and the question `exemptions.digital_asset_question` (whether the year's
    /// NJ-1040 asks it). The interview hides the questions of one the year does not have;
    /// `None` for any other id.
    pub fn in_force(&self, id: &str) -> Option<bool> {
        Some(match id {
            "deductions.organ_donation_cap" => self.deductions.organ_donation_cap.value.0.is_some(),
            "deductions.njbest_cap" => self.deductions.njbest_cap.value.0.is_some(),
            "deductions.njclass_cap" => self.deductions.njclass_cap.value.0.is_some(),
            "deductions.tuition_cap" => self.deductions.tuition_cap.value.0.is_some(),
            "credits.ctc_tiers" => !self.credits.ctc_tiers.value.0.is_empty(),
            "health.in_force" => self.health.in_force.value,
            "exemptions.digital_asset_question" => self.exemptions.digital_asset_question.value,
            _ => return None,
        })
    }

    /// Every figure of every domain as declared (id, type, whether it says how its numbers are
    /// shown).
    pub fn declared_figures() -> Vec<crate::params::DeclaredFigure> {
        [
            law::tax::TaxParams::DECLARED,
            law::exemptions::ExemptionParams::DECLARED,
            law::income::IncomeParams::DECLARED,
            law::exclusions::ExclusionParams::DECLARED,
            law::deductions::DeductionParams::DECLARED,
            law::property::PropertyParams::DECLARED,
            law::credits::CreditParams::DECLARED,
            law::federal::FederalParams::DECLARED,
            law::withholding::WithholdingParams::DECLARED,
            law::funds::FundParams::DECLARED,
            law::residency::ResidencyParams::DECLARED,
            law::business_credits::BusinessCreditParams::DECLARED,
            law::estimated::EstimatedParams::DECLARED,
            law::late::LateParams::DECLARED,
            law::health::HealthParams::DECLARED,
        ]
        .concat()
    }

    /// Every figure marked uncertain for this year: `(id, label, note)`.
    pub fn uncertain(&self) -> Vec<(String, String, String)> {
        let mut out = Vec::new();
        self.tax.list_uncertain(&mut out);
        self.exemptions.list_uncertain(&mut out);
        self.income.list_uncertain(&mut out);
        self.exclusions.list_uncertain(&mut out);
        self.deductions.list_uncertain(&mut out);
        self.property.list_uncertain(&mut out);
        self.credits.list_uncertain(&mut out);
        self.federal.list_uncertain(&mut out);
        self.withholding.list_uncertain(&mut out);
        self.funds.list_uncertain(&mut out);
        self.residency.list_uncertain(&mut out);
        self.business_credits.list_uncertain(&mut out);
        self.estimated.list_uncertain(&mut out);
        self.late.list_uncertain(&mut out);
        self.health.list_uncertain(&mut out);
        out
    }
}
