//! The law figures of `forms/params/property.ron`: property tax deduction and credit
//! (54A:3A-15..3A-22), declared with [`crate::param_domain!`], with the parameter types they use
//! and the look-ups the rules share.

crate::param_domain!("property", PropertyParamsFile => PropertyParams {
    /// Property tax deduction cap (3A-17 a, 3A-18 a, 3A-19 a).
    deduction_cap: rust_decimal::Decimal as money,
    /// Share of rent that is "rent constituting property taxes" (3A-16).
    rent_share: rust_decimal::Decimal as percent,
    /// Each spouse's share of a shared homestead's deduction when filing separately (3A-17 d, 3A-18 b).
    shared_home_mfs_fraction: rust_decimal::Decimal as percent,
    /// Property tax credit (3A-20 a).
    credit_amount: rust_decimal::Decimal as money,
    /// Each spouse's share of the credit when filing separately (3A-20 b).
    credit_mfs_fraction: rust_decimal::Decimal as percent,
    /// Age at the close of the year from which a filer not subject to tax may take the credit (3A-20 a(1)(b)).
    credit_senior_age: u32,
});
