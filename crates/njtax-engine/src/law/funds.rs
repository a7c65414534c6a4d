//! The law figures of `forms/params/funds.ron`: contribution funds, declared with
//! [`crate::param_domain!`], with the parameter types they use and the look-ups the rules share.

use serde::Deserialize;

use crate::key::Key;

/// A fund that can receive contributions on the return.
#[derive(Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Fund {
    /// Stable id used in drafts.
    pub id: String,
    /// Name on the form.
    pub name: String,
    /// Semantic line key when the fund has its own line (70-74); `None` for coded funds (75-77).
    pub line: Option<Key>,
    /// Code printed in the instructions for lines 75-77, when known.
    pub code: Option<String>,
    /// Statute creating the checkoff.
    pub citation: String,
}

/// The code (when it has one) and the name, as the instructions list them.
impl crate::explain::ShowValue for Fund {
    fn show(&self) -> String {
        match &self.code {
            Some(code) => format!("{code} {}", self.name),
            None => self.name.clone(),
        }
    }
}

impl std::fmt::Debug for Fund {
    /// Short form, as shown in explanations: the code (or line) and the name.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::explain::ShowValue::show(self))
    }
}

crate::param_domain!("funds", FundParamsFile => FundParams {
    /// Funds open for contributions in the year, in the order of 54A:9-25.14.
    open_funds: Vec<Fund>,
});
