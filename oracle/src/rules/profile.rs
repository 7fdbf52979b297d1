//! Profiles: named sets of switch values (RULES.md §8).
//!
//! `documented` follows the source pages (and WinChloe where they quote it); `popeye` reproduces
//! Popeye 4.104 as observed by running it, and is what the shared golden data was made with. The
//! two differ on `parrain_long_castling`, `first_rank_pawns`, `clone_royal_victim`,
//! `parrain_other_side_promotion`, `parrain_en_passant`, `mutation_castling` and
//! `royal_en_passant`; the table of every switch under each
//! profile is in the documentation of [`crate::rules`].

use std::fmt;
use std::str::FromStr;

use super::RulesError;

/// A named set of switch defaults.
///
/// ```
/// use feerie_oracle::Profile;
/// assert_eq!("popeye".parse::<Profile>().unwrap(), Profile::Popeye);
/// assert!("winchloe".parse::<Profile>().unwrap_err().to_string().contains("documented, popeye"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Profile {
    /// The source pages (and WinChloe where they quote it). The default.
    #[default]
    Documented,
    /// Popeye 4.104, as observed.
    Popeye,
}

impl Profile {
    /// Every profile.
    pub const ALL: [Profile; 2] = [Profile::Documented, Profile::Popeye];

    /// The profile's name.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Documented => "documented",
            Profile::Popeye => "popeye",
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Profile {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Profile, RulesError> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| RulesError(format!("unknown profile '{s}' (valid: documented, popeye)")))
    }
}
