//! Federal earned income credit as the engine computes it (IRC 32), for the NJ EITC.

crate::param_domain!("federal", FederalParamsFile => FederalParams {
    /// Federal EIC investment income limit.
    eic_investment_income_limit: rust_decimal::Decimal,
});
