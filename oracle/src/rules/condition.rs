//! The fairy conditions (RULES.md §1–5), each named by its command-line slug.
//!
//! - `circe`: Plain Circe, a captured unit is reborn on its rebirth square at once;
//! - `circe-clone`: Circe Clone, it is reborn with the capturer's walk;
//! - `circe-equipollents`: Circe Equipollents, it is reborn by the capture's vector;
//! - `circe-parrain`: Circe Parrain, it is reborn on the next move, by that move's vector;
//! - `frankfurt`, `protean`: the capturer takes the captured unit's walk (one rule with two
//!   presets of `pawn_direction` and `same_walk_capture`).
//!
//! At most one Circe-family condition is in force at a time, and `frankfurt` and `protean` do not
//! combine; a Circe condition combines with either of them, and magic pieces (marked on the board,
//! not a condition) with everything. The rule each condition implements is stated in full in the
//! reference engine's stage modules.

use std::fmt;
use std::str::FromStr;

/// A fairy condition (RULES.md §1–5). Magic pieces are not a condition: they are marked in the
/// position, and their rule applies wherever they stand.
///
/// ```
/// use feerie_oracle::Condition;
/// let c: Condition = "circe-parrain".parse().unwrap();
/// assert_eq!(c, Condition::CirceParrain);
/// assert_eq!(c.to_string(), "circe-parrain");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Condition {
    /// Plain Circe (§1).
    Circe,
    /// Circe Clone (§2).
    CirceClone,
    /// Circe Equipollents (§3).
    CirceEquipollents,
    /// Circe Parrain (§4).
    CirceParrain,
    /// Frankfurt chess (§5), capturer takes the captured walk; pawn direction its own.
    Frankfurt,
    /// Protean chess (§5), as Frankfurt with Popeye's opposing pawn direction.
    Protean,
}

impl Condition {
    /// Every condition, in slug order of the command line.
    pub const ALL: [Condition; 6] = [
        Condition::Circe,
        Condition::CirceClone,
        Condition::CirceEquipollents,
        Condition::CirceParrain,
        Condition::Frankfurt,
        Condition::Protean,
    ];

    /// The command-line slug.
    pub fn slug(self) -> &'static str {
        match self {
            Condition::Circe => "circe",
            Condition::CirceClone => "circe-clone",
            Condition::CirceEquipollents => "circe-equipollents",
            Condition::CirceParrain => "circe-parrain",
            Condition::Frankfurt => "frankfurt",
            Condition::Protean => "protean",
        }
    }

    /// True for the Circe family (rebirth of captured units).
    pub fn is_circe(self) -> bool {
        matches!(
            self,
            Condition::Circe
                | Condition::CirceClone
                | Condition::CirceEquipollents
                | Condition::CirceParrain
        )
    }

    /// True for the conditions where a capturer changes walk.
    pub fn is_mutating(self) -> bool {
        matches!(self, Condition::Frankfurt | Condition::Protean)
    }

    /// Popeye's name of the condition, as written in its input.
    pub fn popeye_name(self) -> &'static str {
        match self {
            Condition::Circe => "Circe",
            Condition::CirceClone => "CirceClone",
            Condition::CirceEquipollents => "EquipollentsCirce",
            Condition::CirceParrain => "ParrainCirce",
            Condition::Frankfurt => "FrankfurtChess",
            Condition::Protean => "ProteanChess",
        }
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
