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

/// Set the answer at `path` to `new`, returning the updated answers.
///
/// # Errors
/// [`EditError`] when the path does not exist or the value does not fit its type.
pub fn set(answers: &Answers, path: &str, new: Value) -> Result<Answers, EditError> {
    let mut root = to_value(answers);
    set_in(&mut root, &parse_path(path), new)
        .map_err(|()| EditError::NoSuchPath(path.to_owned()))?;
    serde_json::from_value(root).map_err(|e| EditError::Invalid(e.to_string()))
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

/// Append a default item to the list at `path`.
///
/// # Errors
/// [`EditError`] when the path is not a list.
pub fn push_item(answers: &Answers, path: &str) -> Result<Answers, EditError> {
    let mut root = to_value(answers);
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
    serde_json::from_value(root).map_err(|e| EditError::Invalid(e.to_string()))
}

/// Parse money as people type it: `1,234.56`, `$1234`, `-50`, `(50)`, ` 12 `.
///
/// # Errors
/// A short message saying what could not be read.
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
    if cleaned.is_empty()
        || !cleaned.chars().all(|c| c.is_ascii_digit() || c == '.')
        || cleaned.matches('.').count() > 1
    {
        return Err("Type an amount like 1,234.56".to_owned());
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
