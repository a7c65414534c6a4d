//! The law figures of `forms/params/residency.ron`: part-year and nonresident figures (54A:2-1.1,
//! 3-1(c), 5-8), declared with [`crate::param_domain!`], with the parameter types they use and the
//! look-ups the rules share.

crate::param_domain!("residency", ResidencyParamsFile => ResidencyParams {
    /// Days in a calendar month that make it a month of residency (3-1(c)).
    days_making_a_month: u32,
    /// Decimal places of the income percentage as a fraction.
    income_percentage_places: u32,
    /// Part-year residents: prorate the retirement exclusion maximums by months.
    prorate_retirement_exclusions: bool,
    /// Part-year residents: prorate the property tax deduction limit and credit by months.
    prorate_property_tax_limits: bool,
    /// States of residence whose residents' New Jersey wages are not New Jersey income.
    reciprocity_states: Vec<String>,
    /// States of residence that source wages to the employer's location when the work is done
    /// elsewhere for the employee's convenience (a convenience-of-the-employer rule, 54A:5-8 e).
    convenience_rule_states: Vec<String>,
});

/// Whether `state` (as typed) is a reciprocity state.
pub fn is_reciprocity_state(p: &ResidencyParams, state: &str) -> bool {
    in_list(&p.reciprocity_states.value, state)
}

/// Whether `state` (as typed) has a convenience-of-the-employer rule in the year (54A:5-8 e).
pub fn is_convenience_rule_state(p: &ResidencyParams, state: &str) -> bool {
    in_list(&p.convenience_rule_states.value, state)
}

fn in_list(list: &[String], state: &str) -> bool {
    let s = state.trim();
    list.iter()
        .any(|r| r.eq_ignore_ascii_case(s) || (s.len() == 2 && abbreviation(r) == s.to_uppercase()))
}

fn abbreviation(state: &str) -> &'static str {
    match state {
        "Pennsylvania" => "PA",
        "New York" => "NY",
        "Delaware" => "DE",
        "Nebraska" => "NE",
        "Connecticut" => "CT",
        "Arkansas" => "AR",
        _ => "",
    }
}
