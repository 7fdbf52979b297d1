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
use super::{RebirthPlace, RebirthTime, RebirthWalk};

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

    /// True for a Circe variant whose captured unit waits in a reserve until the next
    /// half-move (Circe Parrain): the only conditions under which a position may hold a
    /// reserve.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// assert!(Condition::CirceParrain.keeps_reserve());
    /// assert!(!Condition::Circe.keeps_reserve());
    /// ```
    pub fn keeps_reserve(self) -> bool {
        matches!(
            self.entry().kind,
            ConditionKind::Circe {
                time: RebirthTime::NextMove,
                ..
            }
        )
    }

    /// True for a Circe variant whose rebirth depends on the capture itself (the capturer's
    /// walk, or a move's vector) rather than only on the captured unit and its square.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// assert!(Condition::CirceClone.rebirth_depends_on_capture());
    /// assert!(!Condition::Circe.rebirth_depends_on_capture());
    /// ```
    pub fn rebirth_depends_on_capture(self) -> bool {
        match self.entry().kind {
            ConditionKind::Circe { walk, place, .. } => {
                walk != RebirthWalk::Captured || place != RebirthPlace::CirceSquare
            }
            ConditionKind::Mutation => false,
        }
    }

    /// The slugs of the conditions `keep` accepts, joined by `or`, for messages that name
    /// what a position or a rule needs.
    pub fn slugs_where(keep: impl Fn(Condition) -> bool) -> String {
        Condition::ALL
            .into_iter()
            .filter(|c| keep(*c))
            .map(|c| c.slug())
            .collect::<Vec<_>>()
            .join(" or ")
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
