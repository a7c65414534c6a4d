//! Who a return is for and what its header says: names, SSNs, the period of residence.

use njtax_engine::answers::{Answers, Person};
use njtax_engine::compute::ComputedReturn;
use njtax_engine::residency::{Filer, ReturnKind};

/// The people named on a return, with their role: both spouses on a joint return, the taxpayer
/// (and a spouse named on a separate return) otherwise; one spouse on a spouse's separate
/// return of a mixed-residency couple.
pub fn filer_people(a: &Answers, filer: Filer) -> Vec<(&'static str, &Person)> {
    match filer {
        Filer::Household => {
            let mut v = vec![("You", &a.taxpayer)];
            if let Some(s) = &a.spouse {
                let role = if a.filing_status.is_joint() {
                    "Spouse/CU partner"
                } else {
                    "Spouse/CU partner (separate return)"
                };
                v.push((role, s));
            }
            v
        }
        Filer::Taxpayer => vec![("You", &a.taxpayer)],
        Filer::Spouse => a
            .spouse
            .as_ref()
            .map(|s| vec![("Spouse/CU partner", s)])
            .unwrap_or_default(),
    }
}

/// An SSN with all but its last four digits hidden: `***-**-6789` (reviewers' copies).
pub fn mask(ssn: &str) -> String {
    let last = njtax_engine::answers::last_four_digits(ssn);
    if last.is_empty() {
        return String::new();
    }
    format!("***-**-{last}")
}

/// A bank routing or account number with all but its last four digits hidden: `*****6789`
/// (reviewers' copies, like [`mask`] for SSNs).
pub fn mask_bank_number(number: &str) -> String {
    match mask(number).strip_prefix("***-**-") {
        Some(last) => format!("*****{last}"),
        None => String::new(),
    }
}

/// The direct deposit of a return's refund as printed: routing number, account number and
/// account type, each `(label, value)`, the numbers masked to their last four digits when
/// `mask_numbers`; empty when the return's refund is not deposited.
pub fn deposit_rows(a: &Answers, r: &ComputedReturn, mask_numbers: bool) -> Vec<(String, String)> {
    let Some(dd) = a
        .refund
        .direct_deposit
        .as_ref()
        .filter(|_| r.refund_deposited)
    else {
        return Vec::new();
    };
    let number = |n: &str| {
        if mask_numbers {
            mask_bank_number(n)
        } else {
            n.trim().to_owned()
        }
    };
    vec![
        ("Routing number".to_owned(), number(&dd.routing_number)),
        ("Account number".to_owned(), number(&dd.account_number)),
        (
            "Account type".to_owned(),
            dd.account_type.words().to_owned(),
        ),
    ]
}

/// The form's name and the kind of return: `NJ-1040, Resident Return`.
pub fn form_title(r: &ComputedReturn) -> String {
    let kind = match r.kind {
        ReturnKind::Resident => "New Jersey Resident Return",
        ReturnKind::PartYearResident => "New Jersey Resident Return (part-year: resident period)",
        ReturnKind::Nonresident => "New Jersey Nonresident Return",
        ReturnKind::PartYearNonresident => {
            "New Jersey Nonresident Return (part-year: nonresident period)"
        }
    };
    format!("{} {}: {kind}", r.form, r.tax_year)
}

/// The period a return covers, in words, when it is not the whole year.
pub fn period_words(r: &ComputedReturn) -> Option<String> {
    let months = if r.months == 1 { "month" } else { "months" };
    match (r.period_from, r.period_to) {
        (Some(from), Some(to)) => Some(format!("{from} to {to} ({} {months})", r.months)),
        _ if r.months < 12 => Some(format!("{} {months} of the year", r.months)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masking_keeps_only_the_last_four_digits() {
        assert_eq!(mask("123-45-6789"), "***-**-6789");
        assert_eq!(mask("123456789"), "***-**-6789");
        assert_eq!(mask("89"), "***-**-89");
        assert_eq!(mask(""), "");
        assert_eq!(mask_bank_number("000123456789"), "*****6789");
        assert_eq!(mask_bank_number(" 021000021 "), "*****0021");
        assert_eq!(mask_bank_number(""), "");
    }
}
