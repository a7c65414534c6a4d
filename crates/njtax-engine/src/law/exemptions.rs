//! The law figures of `forms/params/exemptions.ron`: exemptions (54A:3-1, 3-1.1), declared with
//! [`crate::param_domain!`], with the parameter types they use and the look-ups the rules share.

use rust_decimal::Decimal;

crate::param_domain!("exemptions", ExemptionParamsFile => ExemptionParams {
    /// Personal exemption of the taxpayer (54A:3-1(a)).
    regular: Decimal as money,
    /// Exemption for a spouse or domestic partner who does not file separately (54A:3-1(b)1).
    spouse: Decimal as money,
    /// Additional exemption for the taxpayer or spouse 65 or over at the close of the year (54A:3-1(b)3-4).
    age_65: Decimal as money,
    /// Age at the close of the year that gives the additional age exemption (54A:3-1(b)3-4).
    age_65_threshold: u32,
    /// Additional exemption for a blind or disabled taxpayer or spouse (54A:3-1(b)5-6).
    blind_disabled: Decimal as money,
    /// Additional exemption for an honorably discharged veteran (54A:3-1(b)7).
    veteran: Decimal as money,
    /// Exemption for each dependent (54A:3-1(b)2).
    dependent: Decimal as money,
    /// Additional exemption for each dependent under 22 attending college full time (54A:3-1.1).
    college: Decimal as money,
    /// The college exemption is for dependents under this age at the close of the year (54A:3-1.1).
    college_age_limit: u32,
    /// Federal qualifying child: under this age at the close of the year (IRC 152(c)(3)(A)(i)).
    qualifying_child_age_limit: u32,
    /// Federal qualifying child who is a full-time student: under this age (IRC 152(c)(3)(A)(ii)).
    qualifying_child_student_age_limit: u32,
    /// Whether the year's NJ-1040 asks the yes/no digital-asset question (first on the 2025
    /// form): the app asks it, prints the answer and warns while it is unanswered only then. No
    /// tax depends on it.
    digital_asset_question: bool,
});
