//! Balance of tax, total tax due and payments (lines 45-55, 57, 62-63); the credits of lines
//! 46-48, 62 and 63 come from the credit mechanism ([`crate::rules::business_credits`]).

use rust_decimal::Decimal;

use crate::answers::Owner;
use crate::explain::{Diagnostic, Line};
use crate::key::Key;
use crate::money::{floor_zero, fmt_money, sat_sub, sat_sum};
use crate::rules::business_credits::Applied;
use crate::sheet::{Ctx, Sheet};

/// Line 45: balance of tax = line 43 - line 44.
pub fn line_45_balance_of_tax(cx: &Ctx, s: &Sheet) -> Line {
    let (tax, coj) = (s.v(Key::Tax), s.v(Key::CojCredit));
    let v = floor_zero(sat_sub(tax, coj));
    cx.line(
        Key::BalanceOfTax,
        v,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Tax {} minus credit for taxes paid to other jurisdictions {}",
                fmt_money(tax),
                fmt_money(coj)
            ),
            "N.J.S.A. 54A:4-1",
        )
        .line("Tax", Key::Tax, tax)
        .line(
            "Credit for taxes paid to other jurisdictions",
            Key::CojCredit,
            coj,
        ),
    )
}

/// Lines 45-54: balance of tax, the credits of lines 46-48 from the credit mechanism
/// ([`crate::rules::business_credits::apply`]), 49, 50, use tax (51), interest (52), shared
/// responsibility payment (53c) and total tax due (54). See [`lines_45_to_54_with_nj2210`].
pub fn lines_45_to_54(cx: &Ctx, s: &Sheet, applied: &Applied) -> Vec<Line> {
    lines_45_to_54_with_nj2210(cx, s, applied).0
}

/// [`lines_45_to_54`] with the NJ-2210 that line 52 comes from. Line 52 reads the withholding and
/// refundable credit lines (55, 56, 58-65): the sheet must already hold them (compute.rs computes
/// the payment lines first; no payment line reads lines 45-54).
pub fn lines_45_to_54_with_nj2210(
    cx: &Ctx,
    s: &Sheet,
    applied: &Applied,
) -> (Vec<Line>, Option<crate::rules::nj2210::Nj2210Schedule>) {
    let l45 = line_45_balance_of_tax(cx, s);
    let care = crate::rules::credits::nonrefundable_care_credit(cx, s);
    let l46 = applied.line(cx, Key::ShelteredWorkshopCredit);
    let l47 = applied.line(cx, Key::GoldStarCredit);
    let l48 = applied.line(cx, Key::OrganDonorEmployerCredit);
    let total = sat_sum([care, l46.value, l47.value, l48.value]);
    let mut lines = vec![l45.clone()];
    // 2018-2019: lines 45 and 47 are running balances after the care credit and the sheltered
    // workshop credit, and there is no total credits line (nj-reference-3.md B7).
    let after_care = floor_zero(sat_sub(l45.value, care));
    let after_workshop = floor_zero(sat_sub(after_care, l46.value));
    if cx.map().position(Key::BalanceAfterCareCredit).is_some() {
        lines.push(running_balance(
            cx,
            Key::BalanceAfterCareCredit,
            (Key::BalanceOfTax, l45.value),
            (Key::ChildCareCredit, care),
        ));
    }
    lines.push(l46.clone());
    if cx.map().position(Key::BalanceAfterWorkshopCredit).is_some() {
        lines.push(running_balance(
            cx,
            Key::BalanceAfterWorkshopCredit,
            (Key::BalanceAfterCareCredit, after_care),
            (Key::ShelteredWorkshopCredit, l46.value),
        ));
    }
    lines.push(l47.clone());
    lines.push(l48.clone());
    let mut credit_keys = Vec::new();
    if !cx.p.credits.cdcc_refundable.value {
        credit_keys.push((
            Key::ChildCareCredit,
            "Child and dependent care credit",
            care,
        ));
    }
    credit_keys.extend([
        (
            Key::ShelteredWorkshopCredit,
            "Sheltered workshop credit",
            l46.value,
        ),
        (
            Key::GoldStarCredit,
            "Gold Star family counseling credit",
            l47.value,
        ),
        (
            Key::OrganDonorEmployerCredit,
            "Organ/bone marrow donor employer credit",
            l48.value,
        ),
    ]);
    let on_form: Vec<_> = credit_keys
        .iter()
        .filter(|(k, _, _)| cx.map().position(*k).is_some())
        .collect();
    let ids = on_form
        .iter()
        .map(|(k, _, _)| cx.id(*k).to_owned())
        .collect::<Vec<_>>()
        .join(" + ");
    let mut total_exp = cx.explanation(
        crate::explain_format!(cx, "Lines {} = {}", ids, fmt_money(total)),
        "",
    );
    for (k, name, v) in &on_form {
        total_exp = total_exp.line(*name, *k, *v);
    }
    let l49 = cx.line(Key::TotalCredits, total, total_exp);
    // The year's form has a total credits line (2020 on); before, the running balances say it.
    if cx.map().position(Key::TotalCredits).is_some() {
        lines.push(l49);
    }
    let after = floor_zero(sat_sub(l45.value, total));
    let l50 = if cx.map().position(Key::TotalCredits).is_some()
        || cx.map().position(Key::BalanceAfterWorkshopCredit).is_none()
    {
        cx.line(
            Key::BalanceAfterCredits,
            after,
            cx.explanation(
                crate::explain_format!(
                    cx,
                    "Line {} {} minus line {} {}, not below zero = {}",
                    cx.id(Key::BalanceOfTax),
                    fmt_money(l45.value),
                    cx.id(Key::TotalCredits),
                    fmt_money(total),
                    fmt_money(after)
                ),
                "",
            )
            .line("Balance of tax", Key::BalanceOfTax, l45.value)
            .line("Total credits", Key::TotalCredits, total),
        )
    } else {
        running_balance(
            cx,
            Key::BalanceAfterCredits,
            (Key::BalanceAfterWorkshopCredit, after_workshop),
            (Key::GoldStarCredit, sat_sum([l47.value, l48.value])),
        )
    };
    lines.push(l50);
    if cx.a.use_tax.is_sign_negative() {
        cx.diag(
            Diagnostic::error(
                "negative-amount",
                "Use tax cannot be negative; it was treated as zero",
            )
            .at("use_tax"),
        );
    }
    let use_tax = floor_zero(cx.a.use_tax);
    let l51 = cx.line(
        Key::UseTax,
        use_tax,
        cx.explanation(
            crate::explain_format!(cx, "Use tax as entered: {}", fmt_money(use_tax)),
            "N.J.S.A. 54:32B-6",
        )
        .answer("Use tax", "use_tax", use_tax),
    );
    let separate = crate::rules::nj2210::SeparateCredits {
        nonrefundable: applied.schedule.separate_nonrefundable,
        refundable: applied.schedule.separate_refundable,
    };
    let (l52, nj2210) = crate::rules::nj2210::line_52_nj2210(cx, s, after, separate);
    // Line 53c: computed before these lines with Schedule NJ-HCC (compute.rs); worked out here
    // when it was not (the NJ-1040NR: zero).
    let l53 = match s.get(Key::SharedResponsibility) {
        Some(l) => l.clone(),
        None => crate::rules::hcc::line_53c_shared_responsibility(cx, s).0,
    };
    let due = sat_sum([after, use_tax, l52.value, l53.value]);
    let l54 = cx.line(
        Key::TotalTaxDue,
        due,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Lines {} + {} + {} + {} = {}",
                cx.id(Key::BalanceAfterCredits),
                cx.id(Key::UseTax),
                cx.id(Key::EstimatedTaxInterest),
                cx.id(Key::SharedResponsibility),
                fmt_money(due)
            ),
            "",
        )
        .line(
            "Balance of tax after credits",
            Key::BalanceAfterCredits,
            after,
        )
        .line("Use tax", Key::UseTax, use_tax)
        .line(
            "Interest on underpayment of estimated tax",
            Key::EstimatedTaxInterest,
            l52.value,
        )
        .line(
            "Shared responsibility payment",
            Key::SharedResponsibility,
            l53.value,
        ),
    );
    lines.extend([l51, l52, l53, l54]);
    (lines, nj2210)
}

/// A running balance of the 2018-2019 tax block (lines 45, 47 and 49): the line above less a
/// credit, not below zero.
fn running_balance(cx: &Ctx, key: Key, from: (Key, Decimal), less: (Key, Decimal)) -> Line {
    let v = floor_zero(sat_sub(from.1, less.1));
    cx.line(
        key,
        v,
        cx.explanation(
            crate::explain_format!(
                cx,
                "Line {} {} minus line {} {}, not below zero = {}",
                cx.id(from.0),
                fmt_money(from.1),
                cx.id(less.0),
                fmt_money(less.1),
                fmt_money(v)
            ),
            "",
        )
        .line("Balance", from.0, from.1)
        .line("Credit", less.0, less.1),
    )
}

/// Line 55: NJ income tax withheld (W-2 box 17, 1099-R box 14, other statements) (54A:7-3).
pub fn line_55_withholding(cx: &Ctx, _s: &Sheet) -> Line {
    let a = cx.a;
    let mut exp = cx.explanation(String::new(), "N.J.S.A. 54A:7-3");
    let mut parts = Vec::new();
    for (i, w) in a.income.w2s.iter().enumerate() {
        if a.counts(w.owner) {
            parts.push(w.nj_tax_withheld);
            exp = exp.answer(
                crate::explain_format!(cx, "W-2 {} box 17", w.employer),
                crate::explain_format!(cx, "income.w2s[{i}].nj_tax_withheld"),
                w.nj_tax_withheld,
            );
        }
    }
    for (i, r) in a.income.retirement.iter().enumerate() {
        if a.counts(r.owner) && !r.nj_tax_withheld.is_zero() {
            parts.push(r.nj_tax_withheld);
            exp = exp.answer(
                crate::explain_format!(cx, "1099-R {} NJ tax withheld", r.payer),
                crate::explain_format!(cx, "income.retirement[{i}].nj_tax_withheld"),
                r.nj_tax_withheld,
            );
        }
    }
    if !a.payments.other_withholding.is_zero() {
        parts.push(a.payments.other_withholding);
        exp = exp.answer(
            "Other NJ withholding",
            "payments.other_withholding",
            a.payments.other_withholding,
        );
    }
    for v in &parts {
        if v.is_sign_negative() {
            cx.diag(Diagnostic::error(
                "negative-amount",
                "NJ tax withheld cannot be negative",
            ));
        }
    }
    let withheld = floor_zero(sat_sum(parts.iter().copied()));
    // 54A:4-2 b: tax an S corporation paid on the shareholder's behalf is credited as paid. The
    // NJ-1040 has no line for it (the NJ-1040NR takes it with the partnership payments): it is
    // added here, with a warning that where it goes is uncertain.
    let s_corp = if cx.scope.kind.is_nonresident() {
        Decimal::ZERO
    } else {
        cx.non_negative(
            "payments.s_corp_tax_paid",
            "Tax paid by an S corporation on your behalf",
            a.payments.s_corp_tax_paid,
            "N.J.S.A. 54A:4-2 b",
        )
    };
    if !s_corp.is_zero() {
        cx.diag(
            Diagnostic::warning(
                "s-corp-payment-where-uncertain",
                format!(
                    "Tax of {} paid by an S corporation on your behalf is credited to you as paid (54A:4-2 b); the {} has no line for it, so it is added to line {} withholding. Check where the Division wants it reported.",
                    fmt_money(s_corp),
                    cx.form(),
                    cx.id(Key::Withholding)
                ),
            )
            .at("payments.s_corp_tax_paid")
            .cite("N.J.S.A. 54A:4-2 b"),
        );
        exp = exp.answer(
            "Tax paid by an S corporation on your behalf (54A:4-2 b)",
            "payments.s_corp_tax_paid",
            s_corp,
        );
    }
    let total = crate::money::sat_add(withheld, s_corp);
    exp.rule = if s_corp.is_zero() {
        crate::explain_format!(
            cx,
            "Sum of NJ income tax withheld on {} statement(s) = {}",
            parts.len(),
            fmt_money(total)
        )
    } else {
        crate::explain_format!(
            cx,
            "Sum of NJ income tax withheld on {} statement(s) {} + tax paid by an S corporation on your behalf {} (54A:4-2 b) = {}",
            parts.len(),
            fmt_money(withheld),
            fmt_money(s_corp),
            fmt_money(total)
        )
    };
    let _ = Owner::Taxpayer;
    cx.line(Key::Withholding, total, exp)
}

/// Line 57: estimated payments, extension payment and last year's overpayment credited (54A:8-5).
pub fn line_57_estimated_payments(cx: &Ctx, _s: &Sheet) -> Line {
    let p = &cx.a.payments;
    let mut exp = cx.explanation(String::new(), "N.J.S.A. 54A:8-5");
    let mut total = Decimal::ZERO;
    for (i, e) in p.estimated.iter().enumerate() {
        total = crate::money::sat_add(total, e.amount);
        let when = e
            .date
            .map_or_else(|| "undated".to_owned(), |d| d.to_string());
        exp = exp.answer(
            crate::explain_format!(cx, "Estimated payment ({when})"),
            crate::explain_format!(cx, "payments.estimated[{i}].amount"),
            e.amount,
        );
    }
    total = sat_sum([total, p.extension_payment, p.prior_year_overpayment]);
    exp = exp
        .answer(
            "Extension payment",
            "payments.extension_payment",
            p.extension_payment,
        )
        .answer(
            "Prior-year overpayment credited",
            "payments.prior_year_overpayment",
            p.prior_year_overpayment,
        );
    if total.is_sign_negative() {
        cx.diag(
            Diagnostic::error("negative-amount", "Payments cannot total less than zero")
                .at("payments"),
        );
    }
    let total = floor_zero(total);
    exp.rule = crate::explain_format!(
        cx,
        "Estimated payments + extension payment + prior-year overpayment credited = {}",
        fmt_money(total)
    );
    cx.line(Key::EstimatedPayments, total, exp)
}

/// Lines 62-63: the refundable credits with a line, from the credit mechanism (Wounded Warrior
/// caregivers, 54A:4-15; pass-through business alternative income tax, 54A:12-5).
pub fn lines_62_63_credits(cx: &Ctx, _s: &Sheet, applied: &Applied) -> Vec<Line> {
    vec![
        applied.line(cx, Key::WoundedWarriorCredit),
        applied.line(cx, Key::BaitCredit),
    ]
}
