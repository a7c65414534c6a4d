//! Answer paths: read and write one answer of the draft by its path (`income.w2s[0].state_wages`).
//!
//! The interview in `forms/interview.ron` names answers by path. Edits go through a JSON mirror of
//! [`Answers`]: the value is set at the path, then the whole mirror is read back into `Answers`, so
//! the draft model's own types (decimal amounts, dates, choices) decide what is valid.

use njtax_engine::Answers;
use serde_json::Value;

/// One step of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A field of a struct.
    Field(String),
    /// An element of a list.
    Index(usize),
}

/// Split `income.w2s[0].state_wages` into steps.
pub fn parse_path(path: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    for part in path.split('.') {
        let mut rest = part;
        if let Some(open) = rest.find('[') {
            let name = &rest[..open];
            if !name.is_empty() {
                steps.push(Step::Field(name.to_owned()));
            }
            rest = &rest[open..];
            while let Some(stripped) = rest.strip_prefix('[') {
                let Some(close) = stripped.find(']') else {
                    break;
                };
                if let Ok(i) = stripped[..close].parse() {
                    steps.push(Step::Index(i));
                }
                rest = &stripped[close + 1..];
            }
        } else if !rest.is_empty() {
            steps.push(Step::Field(rest.to_owned()));
        }
    }
    steps
}

/// The JSON mirror of the answers.
pub fn to_value(answers: &Answers) -> Value {
    serde_json::to_value(answers).unwrap_or(Value::Null)
}

/// The value at a path (`None` when the path does not exist, e.g. an absent spouse).
pub fn get<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
    let mut v = root;
    for step in parse_path(path) {
        v = match (step, v) {
            (Step::Field(f), Value::Object(m)) => m.get(&f)?,
            (Step::Index(i), Value::Array(a)) => a.get(i)?,
            _ => return None,
        };
    }
    Some(v)
}

/// Why an edit could not be applied.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum EditError {
    /// The path does not lead anywhere in the draft model.
    #[error("no answer at {0}")]
    NoSuchPath(String),
    /// The value does not fit the answer's type.
    #[error("{0}")]
    Invalid(String),
}

fn set_in(v: &mut Value, steps: &[Step], new: Value) -> Result<(), ()> {
    let Some((first, rest)) = steps.split_first() else {
        *v = new;
        return Ok(());
    };
    if v.is_null() {
        // An absent optional struct (the spouse) is created when one of its answers is set.
        *v = Value::Object(serde_json::Map::new());
    }
    match (first, v) {
        (Step::Field(f), Value::Object(m)) => {
            let child = m.entry(f.clone()).or_insert(Value::Null);
            set_in(child, rest, new)
        }
        (Step::Index(i), Value::Array(a)) => match a.get_mut(*i) {
            Some(child) => set_in(child, rest, new),
            None => Err(()),
        },
        _ => Err(()),
    }
}

/// Set the answer at `path` to `new`, returning the updated answers. A readable value replaces
/// any unreadable text kept for the path, and unreadable text kept for answers that no longer
/// exist (an optional part switched off) goes with them.
///
/// # Errors
/// [`EditError`] when the path does not exist or the value does not fit its type.
pub fn set(answers: &Answers, path: &str, new: Value) -> Result<Answers, EditError> {
    let mut root = to_value(answers);
    set_in(&mut root, &parse_path(path), new)
        .map_err(|()| EditError::NoSuchPath(path.to_owned()))?;
    // An answer read from an earlier version's question waits for the filer to confirm it
    // (`<answer>_to_confirm`); choosing the answer is that confirmation.
    let confirm = format!("{path}{CONFIRM_SUFFIX}");
    if get(&root, &confirm) == Some(&Value::Bool(true)) {
        set_in(&mut root, &parse_path(&confirm), Value::Bool(false))
            .map_err(|()| EditError::NoSuchPath(confirm.clone()))?;
    }
    if let Some(Value::Object(kept)) = root.get_mut(UNREADABLE).map(std::mem::take) {
        let kept = kept
            .into_iter()
            .filter(|(p, _)| p != path && get(&root, p).is_some())
            .collect();
        if let Some(slot) = root.get_mut(UNREADABLE) {
            *slot = Value::Object(kept);
        }
    }
    serde_json::from_value(root).map_err(|e| EditError::Invalid(e.to_string()))
}

/// The ending of the flag beside an answer read from an earlier version's question that the
/// filer has not confirmed yet (`income.retirement[0].destination_to_confirm`).
pub const CONFIRM_SUFFIX: &str = "_to_confirm";

/// Where the answers keep the text typed for answers that could not be read (a map by path).
const UNREADABLE: &str = "unreadable";

/// The text typed for the answer at `path` that could not be read, when there is some.
pub fn unreadable<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
    root.get(UNREADABLE)?.get(path)
}

/// Remove the field at the end of `steps` from its struct (creating absent optional structs on
/// the way, as [`set_in`] does), so that reading the answers back gives it its default.
fn clear_in(v: &mut Value, steps: &[Step]) -> Result<(), ()> {
    if v.is_null() {
        *v = Value::Object(serde_json::Map::new());
    }
    match (steps, v) {
        ([Step::Field(f)], Value::Object(m)) => {
            m.remove(f);
            Ok(())
        }
        ([Step::Field(f), rest @ ..], Value::Object(m)) => {
            let child = m.entry(f.clone()).or_insert(Value::Null);
            clear_in(child, rest)
        }
        ([Step::Index(i), rest @ ..], Value::Array(a)) if !rest.is_empty() => match a.get_mut(*i) {
            Some(child) => clear_in(child, rest),
            None => Err(()),
        },
        _ => Err(()),
    }
}

/// Keep `entry` (the text typed at `path`, which could not be read) and make the answer at
/// `path` not given (its default: zero, empty or `None`), never the last readable value.
///
/// # Errors
/// [`EditError`] when the path does not exist.
pub fn set_unreadable(
    answers: &Answers,
    path: &str,
    entry: &njtax_engine::answers::Unreadable,
) -> Result<Answers, EditError> {
    let mut a = answers.clone();
    a.unreadable.insert(path.to_owned(), entry.clone());
    let mut root = to_value(&a);
    clear_in(&mut root, &parse_path(path)).map_err(|()| EditError::NoSuchPath(path.to_owned()))?;
    serde_json::from_value(root).map_err(|e| EditError::Invalid(e.to_string()))
}

/// The unreadable text kept for items of the list at `list` after item `index` is removed: the
/// removed item's entries go, later items' entries move up one.
fn renumber_unreadable(root: &mut Value, list: &str, index: usize) {
    let Some(Value::Object(kept)) = root.get_mut(UNREADABLE) else {
        return;
    };
    let prefix = format!("{list}[");
    let moved: serde_json::Map<String, Value> = std::mem::take(kept)
        .into_iter()
        .filter_map(|(p, v)| {
            let Some(rest) = p.strip_prefix(&prefix) else {
                return Some((p, v));
            };
            let Some((n, tail)) = rest.split_once(']') else {
                return Some((p, v));
            };
            match n.parse::<usize>() {
                Ok(i) if i == index => None,
                Ok(i) if i > index => Some((format!("{prefix}{}]{tail}", i - 1), v)),
                _ => Some((p, v)),
            }
        })
        .collect();
    *kept = moved;
}

/// The value at `path`, mutably.
fn get_mut<'a>(root: &'a mut Value, path: &str) -> Result<&'a mut Value, EditError> {
    let mut v = root;
    for step in parse_path(path) {
        v = match (step, v) {
            (Step::Field(f), Value::Object(m)) => m.get_mut(&f),
            (Step::Index(i), Value::Array(a)) => a.get_mut(i),
            _ => None,
        }
        .ok_or_else(|| EditError::NoSuchPath(path.to_owned()))?;
    }
    Ok(v)
}

/// Append a default item to the list at `path` (an absent optional part holding it is switched
/// on).
///
/// # Errors
/// [`EditError`] when the path is not a list.
pub fn push_item(answers: &Answers, path: &str) -> Result<Answers, EditError> {
    let mut root = to_value(answers);
    if get(&root, path).is_none_or(Value::is_null) {
        // A list inside an absent optional part (the amendment's original returns): adding its
        // first item switches the part on, as setting one of its answers does.
        set_in(&mut root, &parse_path(path), Value::Array(Vec::new()))
            .map_err(|()| EditError::NoSuchPath(path.to_owned()))?;
    }
    match get_mut(&mut root, path)? {
        Value::Array(a) => a.push(Value::Object(serde_json::Map::new())),
        _ => return Err(EditError::NoSuchPath(path.to_owned())),
    }
    serde_json::from_value(root).map_err(|e| EditError::Invalid(e.to_string()))
}

/// Remove item `index` of the list at `path`.
///
/// # Errors
/// [`EditError`] when the path is not a list or the index is out of range.
pub fn remove_item(answers: &Answers, path: &str, index: usize) -> Result<Answers, EditError> {
    let mut root = to_value(answers);
    match get_mut(&mut root, path)? {
        Value::Array(a) if index < a.len() => {
            a.remove(index);
        }
        _ => return Err(EditError::NoSuchPath(format!("{path}[{index}]"))),
    }
    renumber_unreadable(&mut root, path, index);
    serde_json::from_value(root).map_err(|e| EditError::Invalid(e.to_string()))
}

/// Parse money as people type it: `1,234.56`, `$1234`, `-50`, `(50)`, ` 12 `.
///
/// # Errors
/// A short message saying what could not be read, in plain words: which character is not a digit
/// (`The letter O is not a digit`), a negative amount where none is allowed, more than cents.
pub fn parse_money(text: &str, allow_negative: bool) -> Result<rust_decimal::Decimal, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(rust_decimal::Decimal::ZERO);
    }
    let (neg_paren, t) = match t.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
        Some(inner) => (true, inner.trim()),
        None => (false, t),
    };
    let (neg_sign, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest.trim()),
        None => (false, t),
    };
    let t = t.strip_prefix('$').unwrap_or(t).trim();
    let cleaned: String = t.chars().filter(|c| *c != ',' && *c != ' ').collect();
    if let Some(c) = cleaned.chars().find(|c| !(c.is_ascii_digit() || *c == '.')) {
        return Err(not_a_digit(c));
    }
    if cleaned.is_empty() || cleaned == "." {
        return Err("Type an amount like 1,234.56".to_owned());
    }
    if cleaned.matches('.').count() > 1 {
        return Err("An amount has one decimal point".to_owned());
    }
    let value: rust_decimal::Decimal = cleaned
        .parse()
        .map_err(|_| "That amount is too large".to_owned())?;
    if value.scale() > 2 {
        return Err("Use at most two decimals (cents)".to_owned());
    }
    let negative = neg_paren || neg_sign;
    if negative && !allow_negative && !value.is_zero() {
        return Err("This amount cannot be negative".to_owned());
    }
    Ok(if negative { -value } else { value })
}

/// What is wrong with a character typed in a number, naming it: a letter O or l where a 0 or 1
/// was meant says so.
pub fn not_a_digit(c: char) -> String {
    match c {
        'O' | 'o' => format!("The letter {c} is not a digit (zero is 0)"),
        'l' | 'I' => format!("The letter {c} is not a digit (one is 1)"),
        c if c.is_alphabetic() => format!("The letter {c} is not a digit"),
        '-' => "A minus sign goes first, as in -50".to_owned(),
        c if c.is_whitespace() || c.is_control() => "Only digits can be read here".to_owned(),
        c => format!("\"{c}\" cannot be read in a number"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    #[test]
    fn paths_split_into_fields_and_indices() {
        assert_eq!(
            parse_path("income.w2s[2].state_wages"),
            vec![
                Step::Field("income".into()),
                Step::Field("w2s".into()),
                Step::Index(2),
                Step::Field("state_wages".into())
            ]
        );
    }

    #[test]
    fn money_is_read_as_people_type_it() {
        assert_eq!(parse_money("1,234.56", false), Ok(dec!(1234.56)));
        assert_eq!(parse_money("$1234", false), Ok(dec!(1234)));
        assert_eq!(parse_money("-50", true), Ok(dec!(-50)));
        assert_eq!(parse_money("(50.10)", true), Ok(dec!(-50.10)));
        assert_eq!(parse_money("", false), Ok(dec!(0)));
        assert!(parse_money("-50", false).is_err());
        assert!(parse_money("12a", false).is_err());
        assert!(parse_money("1.234", false).is_err());
        assert!(parse_money("1.2.3", false).is_err());
    }

    #[test]
    fn what_cannot_be_read_in_an_amount_is_named() {
        assert_eq!(
            parse_money("58,4OO", false),
            Err("The letter O is not a digit (zero is 0)".to_owned())
        );
        assert_eq!(
            parse_money("12x", false),
            Err("The letter x is not a digit".to_owned())
        );
        assert_eq!(
            parse_money("1l0", false),
            Err("The letter l is not a digit (one is 1)".to_owned())
        );
        assert_eq!(
            parse_money("12#", false),
            Err("\"#\" cannot be read in a number".to_owned())
        );
        assert_eq!(
            parse_money("50-", true),
            Err("A minus sign goes first, as in -50".to_owned())
        );
        assert_eq!(
            parse_money("-5,000", false),
            Err("This amount cannot be negative".to_owned())
        );
        assert_eq!(
            parse_money("(5,000)", false),
            Err("This amount cannot be negative".to_owned())
        );
        assert_eq!(
            parse_money("1.2.3", false),
            Err("An amount has one decimal point".to_owned())
        );
    }

    #[test]
    fn unreadable_text_is_kept_and_the_answer_counts_as_not_given() {
        use njtax_engine::answers::Unreadable;
        let path = "income.w2s[0].state_wages";
        let a = push_item(&Answers::default(), "income.w2s").unwrap();
        let a = set(&a, path, Value::String("584".into())).unwrap();
        let entry = Unreadable {
            typed: "58,4OO".into(),
            field: "W-2 from #1: State wages (box 16)".into(),
            problem: "The letter O is not a digit (zero is 0)".into(),
        };
        let a = set_unreadable(&a, path, &entry).unwrap();
        assert!(
            a.income.w2s[0].state_wages.is_zero(),
            "never the last readable value"
        );
        assert_eq!(a.unreadable.get(path), Some(&entry));
        // An optional answer becomes None, inside an absent optional part too.
        let a = set_unreadable(&a, "spouse.birth_date", &entry).unwrap();
        assert_eq!(a.spouse.as_ref().and_then(|s| s.birth_date), None);
        // A readable value replaces the text.
        let fixed = set(&a, path, Value::String("58400".into())).unwrap();
        assert_eq!(fixed.income.w2s[0].state_wages, dec!(58400));
        assert!(!fixed.unreadable.contains_key(path));
        assert!(fixed.unreadable.contains_key("spouse.birth_date"));
        // Switching an optional part off takes its text with it.
        let off = set(&a, "spouse", Value::Null).unwrap();
        assert!(!off.unreadable.contains_key("spouse.birth_date"));
        assert!(off.unreadable.contains_key(path));
    }

    #[test]
    fn removing_a_list_item_removes_its_unreadable_text_and_moves_the_later_ones_up() {
        use njtax_engine::answers::Unreadable;
        let mut a = Answers::default();
        for _ in 0..3 {
            a = push_item(&a, "income.w2s").unwrap();
        }
        let text = |t: &str| Unreadable {
            typed: t.into(),
            ..Unreadable::default()
        };
        a = set_unreadable(&a, "income.w2s[0].state_wages", &text("a")).unwrap();
        a = set_unreadable(&a, "income.w2s[1].fli", &text("b")).unwrap();
        a = set_unreadable(&a, "income.w2s[2].state_wages", &text("c")).unwrap();
        a = set_unreadable(&a, "use_tax", &text("d")).unwrap();
        let a = remove_item(&a, "income.w2s", 1).unwrap();
        let kept: Vec<(&str, &str)> = a
            .unreadable
            .iter()
            .map(|(p, u)| (p.as_str(), u.typed.as_str()))
            .collect();
        assert_eq!(
            kept,
            vec![
                ("income.w2s[0].state_wages", "a"),
                ("income.w2s[1].state_wages", "c"),
                ("use_tax", "d"),
            ]
        );
    }

    #[test]
    fn setting_an_answer_by_path_round_trips_through_the_model() {
        let a = Answers::default();
        let a = push_item(&a, "income.w2s").unwrap();
        let a = set(
            &a,
            "income.w2s[0].state_wages",
            Value::String("52000.00".into()),
        )
        .unwrap();
        assert_eq!(a.income.w2s[0].state_wages, dec!(52000));
        let a = set(&a, "spouse.name", Value::String("Sam".into())).unwrap();
        assert_eq!(a.spouse.as_ref().map(|s| s.name.as_str()), Some("Sam"));
        assert!(set(&a, "income.w2s[0].state_wages", Value::String("abc".into())).is_err());
        assert!(set(&a, "income.w2s[5].state_wages", Value::String("1".into())).is_err());
        let a = remove_item(&a, "income.w2s", 0).unwrap();
        assert!(a.income.w2s.is_empty());
    }
}
