//! The switches: every point where the sources disagree or are silent (RULES.md §1–8). Their
//! values under each profile are tabled in the documentation of [`super`].

use std::fmt;
use std::str::FromStr;

use super::RulesError;

macro_rules! switch_values {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name { $($(#[$vdoc])* #[doc = concat!("Written `", $text, "`.")] $variant),+ }

        impl $name {
            /// Every value, as written in switches.
            pub const VALUES: &'static [&'static str] = &[$($text),+];
            /// The value as written in switches.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.as_str()) }
        }

        impl FromStr for $name {
            type Err = ();
            fn from_str(s: &str) -> Result<Self, ()> {
                match s { $($text => Ok($name::$variant),)+ _ => Err(()) }
            }
        }
    };
}

switch_values! {
    /// Whether royal pieces take part in the condition (rebirth; mutation).
    Rex { Exclusive = "exclusive", Inclusive = "inclusive" }
}
switch_values! {
    /// What happens when a rebirth square is occupied.
    RebirthOccupied {
        /// The capture stands and the captured unit is lost.
        Relaxed = "relaxed",
        /// Such a capture is illegal.
        Strict = "strict",
    }
}
switch_values! {
    /// The Parrain vector of a long castling.
    ParrainLongCastling {
        /// One step toward the a-file (the source page).
        TowardA = "toward_a",
        /// One step toward the h-file (Popeye sums king and rook displacements).
        TowardH = "toward_h",
    }
}
switch_values! {
    /// What a pawn on its own first rank can do (RULES.md §7).
    FirstRankPawns {
        /// Single steps and single diagonal captures; attacks like any pawn.
        Step = "step",
        /// Cannot move but attacks its two forward diagonals (Popeye outside Parrain).
        GuardOnly = "guard_only",
        /// Neither moves nor attacks.
        Inert = "inert",
    }
}
switch_values! {
    /// Circe Clone: the walk given to the captured unit when a pawn captures and promotes.
    CloneWalkWhenPromoting {
        /// The capturer's walk before promotion (a pawn).
        Pawn = "pawn",
        /// The promoted walk.
        Promoted = "promoted",
    }
}
switch_values! {
    /// Circe Clone with `rex: inclusive`: the walk of a captured royal unit (the source page
    /// is silent; a royal capturer clones nothing under both readings).
    CloneRoyalVictim {
        /// It keeps its own walk: a king is reborn as a king on e1 or e8.
        KeepsWalk = "keeps_walk",
        /// It takes the capturer's walk and stays royal, reborn on that walk's square (Popeye).
        TakesWalk = "takes_walk",
    }
}
switch_values! {
    /// Circe Parrain: a pawn of the side not moving (a reserve of the side not to move, as
    /// Popeye's `LastCapture` may set it) reborn on its promotion rank by the mover's vector.
    ParrainOtherSidePromotion {
        /// It promotes, and its own side chooses (RULES.md §4).
        Promotes = "promotes",
        /// It stays a pawn on that rank (Popeye).
        Stays = "stays",
    }
}
switch_values! {
    /// Direction of a unit that becomes a pawn by capturing one (Frankfurt vs Protean).
    PawnDirection {
        /// An ordinary pawn of its own colour.
        Own = "own",
        /// A reverse pawn, moving like an opposing pawn.
        Opposing = "opposing",
    }
}
switch_values! {
    /// A pawn taking a pawn (or reverse pawn taking reverse pawn) in Frankfurt/Protean chess.
    SameWalkCapture {
        /// Nothing changes.
        Keep = "keep",
        /// Pawn becomes reverse pawn and back (Popeye's Protean).
        Flip = "flip",
    }
}
switch_values! {
    /// Whether a royal rider may pass over squares the opponent attacks.
    RoyalRiderPassage { Free = "free", Safe = "safe" }
}
switch_values! {
    /// Whether a royal pawn that has just double-stepped can be taken en passant.
    RoyalEnPassant { No = "no", Yes = "yes" }
}
switch_values! {
    /// Which magic pieces count for the colour test of a contact mutation.
    MagicContactScope { NewContacts = "new_contacts", AllContacts = "all_contacts" }
}
switch_values! {
    /// How many steps a contact mutation makes.
    MagicSteps { One = "one", OnePerMagicPiece = "one_per_magic_piece" }
}
switch_values! {
    /// A magic piece sliding from one adjacent square to another.
    MagicKeptContact { NoEffect = "no_effect", Reestablishes = "reestablishes" }
}
switch_values! {
    /// A piece demoted to a pawn on its promotion rank.
    MagicPawnEdge { Promote = "promote", Stay = "stay" }
}
switch_values! {
    /// A unit reborn next to a magic piece.
    MagicRebirthContact { Mutates = "mutates", NoEffect = "no_effect" }
}

/// Declares every switch once: its variant of [`Switch`] (named as the enum of its values),
/// its key; [`Switch::ALL`], [`Switch::key`] and [`Switch::values`] follow from the list.
macro_rules! switches {
    ($($variant:ident = $key:literal),+ $(,)?) => {
        /// The name of a switch.
        ///
        /// ```
        /// use feerie_oracle::Switch;
        /// let s: Switch = "parrain_long_castling".parse().unwrap();
        /// assert_eq!(s.values(), &["toward_a", "toward_h"]);
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Switch {
            $(#[doc = concat!("`", $key, "`: see [`", stringify!($variant), "`].")] $variant),+
        }

        impl Switch {
            /// Every switch, in the order of RULES.md.
            pub const ALL: [Switch; [$($key),+].len()] = [$(Switch::$variant),+];

            /// The key, as written in `--set KEY=VALUE`.
            pub fn key(self) -> &'static str {
                match self {
                    $(Switch::$variant => $key),+
                }
            }

            /// The values the switch accepts.
            pub fn values(self) -> &'static [&'static str] {
                match self {
                    $(Switch::$variant => $variant::VALUES),+
                }
            }
        }
    };
}

switches! {
    Rex = "rex",
    RebirthOccupied = "rebirth_occupied",
    ParrainLongCastling = "parrain_long_castling",
    FirstRankPawns = "first_rank_pawns",
    CloneWalkWhenPromoting = "clone_walk_when_promoting",
    CloneRoyalVictim = "clone_royal_victim",
    ParrainOtherSidePromotion = "parrain_other_side_promotion",
    PawnDirection = "pawn_direction",
    SameWalkCapture = "same_walk_capture",
    RoyalRiderPassage = "royal_rider_passage",
    RoyalEnPassant = "royal_en_passant",
    MagicContactScope = "magic_contact_scope",
    MagicSteps = "magic_steps",
    MagicKeptContact = "magic_kept_contact",
    MagicPawnEdge = "magic_pawn_edge",
    MagicRebirthContact = "magic_rebirth_contact",
}

impl fmt::Display for Switch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Switch {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Switch, RulesError> {
        Switch::ALL
            .into_iter()
            .find(|k| k.key() == s)
            .ok_or_else(|| {
                let keys: Vec<&str> = Switch::ALL.iter().map(|k| k.key()).collect();
                RulesError(format!("unknown switch '{s}' (valid: {})", keys.join(", ")))
            })
    }
}
