//! The fairy conditions (RULES.md §1–5), each named by its command-line slug and declared
//! once in [`super::registry`]:
//!
//! `circe`, `circe-clone`, `circe-equipollents` and `circe-parrain` (the Circe family), `frankfurt`
//! and `protean` (one capturer mutation with two presets of `pawn_direction` and
//! `same_walk_capture`); each entry there says its rule in one line.
//!
//! At most one Circe-family condition is in force at a time, and `frankfurt` and `protean` do not
//! combine; a Circe condition combines with either of them, and magic pieces (marked on the board,
//! not a condition) with everything. The rule each condition implements is stated in full in the
//! reference engine's stage modules.

use std::fmt;
use std::str::FromStr;

pub use super::registry::Condition;
use super::registry::ConditionKind;

impl Condition {
    /// The command-line slug.
    pub fn slug(self) -> &'static str {
        self.entry().slug
    }

    /// True for the Circe family (rebirth of captured units).
    pub fn is_circe(self) -> bool {
        matches!(self.entry().kind, ConditionKind::Circe { .. })
    }

    /// True for the conditions where a capturer changes walk.
    pub fn is_mutating(self) -> bool {
        self.entry().kind == ConditionKind::Mutation
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// A rule slug that is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownCondition(pub String);

impl fmt::Display for UnknownCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let valid: Vec<&str> = std::iter::once("orthodox")
            .chain(Condition::ALL.iter().map(|c| c.slug()))
            .collect();
        write!(f, "unknown rule '{}' (valid: {})", self.0, valid.join(", "))
    }
}

impl std::error::Error for UnknownCondition {}

impl FromStr for Condition {
    type Err = UnknownCondition;
    fn from_str(s: &str) -> Result<Condition, UnknownCondition> {
        Condition::ALL
            .into_iter()
            .find(|c| c.slug() == s)
            .ok_or_else(|| UnknownCondition(s.to_string()))
    }
}
