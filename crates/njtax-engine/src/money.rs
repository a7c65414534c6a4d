//! Money arithmetic with explicit rounding.
//!
//! Every amount is a [`Decimal`]; the engine never uses floating point. Rounding is always
//! explicit and always "half away from zero" (50 cents and up rounds up), the way the NJ-1040
//! instructions describe rounding, never `Decimal::round` (which rounds half to even).

use rust_decimal::{Decimal, RoundingStrategy};

/// An amount of money in US dollars.
pub type Money = Decimal;

/// Round to whole cents, half away from zero.
pub fn round_cents(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// Round to whole dollars, half away from zero (49 cents down, 50 cents up).
pub fn round_dollars(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero)
}

/// The larger of `value` and zero.
pub fn floor_zero(value: Decimal) -> Decimal {
    value.max(Decimal::ZERO)
}

/// Multiply, unrounded, saturating at the decimal range instead of overflowing.
pub fn sat_mul(a: Decimal, b: Decimal) -> Decimal {
    a.checked_mul(b)
        .unwrap_or(if a.is_sign_negative() != b.is_sign_negative() {
            Decimal::MIN
        } else {
            Decimal::MAX
        })
}

/// Multiply by a rate and round to cents, saturating instead of overflowing.
pub fn times_rate(value: Decimal, rate: Decimal) -> Decimal {
    round_cents(sat_mul(value, rate))
}

/// `value × numerator ÷ denominator` rounded to cents, never overflowing: the product is taken
/// first when it fits (exact), else the quotient first; saturates when neither fits. Zero for a zero
/// denominator.
pub fn mul_div(value: Decimal, numerator: Decimal, denominator: Decimal) -> Decimal {
    if denominator.is_zero() {
        return Decimal::ZERO;
    }
    let v = value
        .checked_mul(numerator)
        .and_then(|p| p.checked_div(denominator))
        .or_else(|| {
            value
                .checked_div(denominator)
                .and_then(|q| q.checked_mul(numerator))
        })
        .unwrap_or(
            if value.is_sign_negative()
                != (numerator.is_sign_negative() != denominator.is_sign_negative())
            {
                Decimal::MIN
            } else {
                Decimal::MAX
            },
        );
    round_cents(v)
}

/// Add two amounts, saturating at the decimal range instead of overflowing.
pub fn sat_add(a: Decimal, b: Decimal) -> Decimal {
    a.checked_add(b).unwrap_or(if b.is_sign_negative() {
        Decimal::MIN
    } else {
        Decimal::MAX
    })
}

/// Subtract two amounts, saturating at the decimal range instead of overflowing.
pub fn sat_sub(a: Decimal, b: Decimal) -> Decimal {
    a.checked_sub(b).unwrap_or(if b.is_sign_negative() {
        Decimal::MAX
    } else {
        Decimal::MIN
    })
}

/// Sum amounts, saturating at the decimal range instead of overflowing.
pub fn sat_sum<I: IntoIterator<Item = Decimal>>(items: I) -> Decimal {
    items.into_iter().fold(Decimal::ZERO, sat_add)
}

/// Format an amount for people: `$1,234.56` (negative as `-$1,234.56`).
pub fn fmt_money(value: Decimal) -> String {
    let v = round_cents(value);
    let neg = v.is_sign_negative() && !v.is_zero();
    let s = format!("{:.2}", v.abs());
    let (int, frac) = s.split_once('.').unwrap_or((s.as_str(), "00"));
    format!(
        "{}${}.{frac}",
        if neg { "-" } else { "" },
        group_thousands(int)
    )
}

/// Digits with a comma every three from the right: `1234567` -> `1,234,567`.
pub fn group_thousands(int: &str) -> String {
    let mut grouped = String::with_capacity(int.len() + int.len() / 3);
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (int.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    grouped
}

/// Format a rate (0.0175) as a percentage (`1.75%`).
pub fn fmt_rate(rate: Decimal) -> String {
    let pct = (rate * Decimal::ONE_HUNDRED).normalize();
    format!("{pct}%")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    #[test]
    fn dollars_round_half_away_from_zero() {
        assert_eq!(round_dollars(dec!(2.5)), dec!(3));
        assert_eq!(round_dollars(dec!(2.49)), dec!(2));
        assert_eq!(round_dollars(dec!(-2.5)), dec!(-3));
        assert_eq!(round_cents(dec!(2.345)), dec!(2.35));
    }

    #[test]
    fn money_is_formatted_with_grouping() {
        assert_eq!(fmt_money(dec!(1234567.5)), "$1,234,567.50");
        assert_eq!(fmt_money(dec!(-50)), "-$50.00");
        assert_eq!(fmt_money(dec!(0)), "$0.00");
        assert_eq!(fmt_rate(dec!(0.0175)), "1.75%");
    }

    #[test]
    fn saturating_helpers_never_overflow() {
        assert_eq!(sat_add(Decimal::MAX, dec!(1)), Decimal::MAX);
        assert_eq!(sat_sub(Decimal::MIN, dec!(1)), Decimal::MIN);
        assert_eq!(times_rate(Decimal::MAX, dec!(2)), Decimal::MAX);
    }
}
