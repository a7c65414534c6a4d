//! The parameter book: every embedded law-figure file, resolved per tax year.

use crate::lines::{LINE_MAP_FILES, LineMap};
use crate::params::{ListUncertain, ParamError, parse_file};
use crate::rules;

/// Tax years this engine computes completely.
pub const SUPPORTED_YEARS: std::ops::RangeInclusive<u16> = 2022..=2025;

/// All embedded parameter files, as stored (every year).
#[derive(Clone, Debug)]
pub struct ParamBook {
    tax: rules::tax::TaxParamsFile,
    exemptions: rules::exemptions::ExemptionParamsFile,
    income: rules::income::IncomeParamsFile,
    exclusions: rules::exclusions::ExclusionParamsFile,
    deductions: rules::deductions::DeductionParamsFile,
    property: rules::property::PropertyParamsFile,
    credits: rules::credits::CreditParamsFile,
    federal: rules::federal_eic::FederalParamsFile,
    withholding: rules::nj2450::WithholdingParamsFile,
    funds: rules::refund::FundParamsFile,
    residency: rules::nonresident::ResidencyParamsFile,
    business_credits: rules::credit_params::BusinessCreditParamsFile,
    estimated: rules::nj2210::EstimatedParamsFile,
    late: rules::next_year::LateParamsFile,
    health: rules::hcc::HealthParamsFile,
    line_maps: Vec<LineMap>,
}

/// Every law figure resolved for one tax year, plus the year's line map.
#[derive(Clone, Debug)]
pub struct YearParams {
    /// Tax year.
    pub year: u16,
    /// Tax rates, tables and thresholds (54A:2-1, 2-1a, 2-4, 8-2).
    pub tax: rules::tax::TaxParams,
    /// Exemptions (54A:3-1, 3-1.1).
    pub exemptions: rules::exemptions::ExemptionParams,
    /// Income categories (54A:5-1, 6-x).
    pub income: rules::income::IncomeParams,
    /// Retirement exclusions (54A:6-10, 6-15).
    pub exclusions: rules::exclusions::ExclusionParams,
    /// Deductions (54A:3-3..3-14).
    pub deductions: rules::deductions::DeductionParams,
    /// Property tax deduction and credit (54A:3A-15..3A-22).
    pub property: rules::property::PropertyParams,
    /// NJ credits (54A:4-7, 4-17, 4-17.1).
    pub credits: rules::credits::CreditParams,
    /// Federal figures the NJ credits use (federal EIC).
    pub federal: rules::federal_eic::FederalParams,
    /// NJ-2450 maximums.
    pub withholding: rules::nj2450::WithholdingParams,
    /// Contribution funds.
    pub funds: rules::refund::FundParams,
    /// Part-year and nonresident figures (54A:2-1.1, 3-1(c), 5-8).
    pub residency: rules::nonresident::ResidencyParams,
    /// Employer and business credits (54A:4-1.1, 4-11 to 4-24, 12-5).
    pub business_credits: rules::credit_params::BusinessCreditParams,
    /// Estimated tax and the NJ-2210 (54A:8-4, 8-5, 9-6 c, d).
    pub estimated: rules::nj2210::EstimatedParams,
    /// Late filing and payment, next year's installments (54A:8-1, 9-5, 9-6 a).
    pub late: rules::next_year::LateParams,
    /// The shared responsibility payment (54A:11).
    pub health: rules::hcc::HealthParams,
    /// The year's NJ-1040 line map.
    pub line_map: std::sync::Arc<LineMap>,
    /// The year's NJ-1040NR line map.
    pub nr_line_map: std::sync::Arc<LineMap>,
}

macro_rules! load {
    ($name:literal) => {
        parse_file(
            $name,
            include_str!(concat!("../../../forms/params/", $name)),
        )?
    };
}

impl ParamBook {
    /// Parse every embedded file.
    ///
    /// # Errors
    /// When an embedded file does not parse (a build defect; tests catch it).
    pub fn load() -> Result<Self, ParamError> {
        let mut line_maps = Vec::new();
        for (name, text) in LINE_MAP_FILES {
            let mut map = parse_file::<LineMap>(name, text)?;
            map.build_index();
            line_maps.push(map);
        }
        Ok(Self {
            tax: load!("tax.ron"),
            exemptions: load!("exemptions.ron"),
            income: load!("income.ron"),
            exclusions: load!("exclusions.ron"),
            deductions: load!("deductions.ron"),
            property: load!("property.ron"),
            credits: load!("credits.ron"),
            federal: load!("federal.ron"),
            withholding: load!("withholding.ron"),
            funds: load!("funds.ron"),
            residency: load!("residency.ron"),
            business_credits: load!("business_credits.ron"),
            estimated: load!("estimated.ron"),
            late: load!("late.ron"),
            health: load!("health.ron"),
            line_maps,
        })
    }

    /// Resolve every figure for `year`.
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
        })
    }

    /// The stored tax parameters (every year), for computing historic tax.
    pub fn tax_file(&self) -> &rules::tax::TaxParamsFile {
        &self.tax
    }
}

impl YearParams {
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
