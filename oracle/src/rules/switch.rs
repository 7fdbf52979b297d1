//! The switches: every point where the sources disagree or are silent (RULES.md §1–8), each
//! declared once with its values, its default under each profile, where it matters and how
//! Popeye's input treats it. Their values under each profile are tabled in the documentation
//! of [`super`]; a condition may preset a value over the profile's (see [`super::registry`]).

use std::fmt;
use std::str::FromStr;

use super::registry::{PopeyeReading, Scope};
use super::{Profile, RulesError};

macro_rules! switch_values {
    ($(#[doc = $doc:literal])* $name:ident { $($(#[doc = $vdoc:literal])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[doc = $doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name { $($(#[doc = $vdoc])* #[doc = concat!("Written `", $text, "`.")] $variant),+ }

        impl $name {
            /// Every value, as written in switches.
            pub const VALUES: &'static [&'static str] = &[$($text),+];
            /// What the switch decides: its documentation, for the rules book.
            pub const SUMMARY: &'static str = concat!($($doc),*);
            /// What each value means, in the order of [`Self::VALUES`] (empty where the value's
            /// name says it all).
            pub const DESCRIPTIONS: &'static [&'static str] = &[$(concat!($($vdoc),*)),+];
            /// The value as written in switches.
            pub const fn as_str(self) -> &'static str {
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
    Rex {
        /// Royal units take no part: a captured king is not reborn, a capturing king keeps its
        /// walk.
        Exclusive = "exclusive",
        /// Royal units take part: a captured royal unit is reborn (Circe family) and a
        /// capturing one takes the captured walk (Frankfurt, Protean); a capture of a king that
        /// could be reborn is not check.
        Inclusive = "inclusive",
    }
}
switch_values! {
    /// What happens when a rebirth square is occupied.
    RebirthOccupied {
        /// The capture stands and the captured unit is lost (under Anticirce the capturer stays
        /// where it landed; Popeye's `AntiCirce Relaxed` takes it off the board instead).
        Relaxed = "relaxed",
        /// Such a capture is illegal, and so is one whose rebirth square is off the board
        /// (Popeye's `Strict`).
        Strict = "strict",
    }
}
switch_values! {
    /// Under Anticirce, what becomes of a capture made on the capturer's own rebirth square
    /// (the two types of Anticirce).
    AnticirceType {
        /// It stands, and the capturer stays there, reborn where it landed (Calvet's type,
        /// Popeye's default).
        Calvet = "calvet",
        /// It is illegal (Cheylan's type).
        Cheylan = "cheylan",
    }
}
switch_values! {
    /// Under Mars Circe, where a royal king may castle from. Castling takes nothing, so the
    /// rule starts it from the king's own square; Popeye 4.104 also lets a king castle from its
    /// rebirth square, when that is empty or its own, without its own right (its rooks' are
    /// enough, and they outlive the king's move).
    MarsCastling {
        /// From its own square, with its own right and its rook's, under every Mars variant.
        OwnSquare = "own_square",
        /// From its own square, and from its rebirth square without its own right (Popeye
        /// writes `[wKd1->e1]0-0`); under Anti-Mars Circe with a rook put on its corner first,
        /// its right given (`[wRb1->h1]0-0`).
        RebirthSquareToo = "rebirth_square_too",
    }
}
switch_values! {
    /// In Phantom chess, what observes a square from a unit's rebirth square: the unit there.
    /// Popeye 4.104 puts the unit there and asks whether any unit of its walk observes the
    /// square, so that the unit may be another's hurdle there, or open another's line by
    /// leaving its own square.
    PhantomObservation {
        /// The unit put there, alone.
        OwnUnit = "own_unit",
        /// Any unit of its walk, with the unit put there.
        AnyUnitOfItsWalk = "any_unit_of_its_walk",
    }
}
switch_values! {
    /// Under Anti-Mars Circe with `mars_castling: rebirth_square_too`, which castling a rook
    /// put on its corner first makes. Popeye 4.104 gives the rook's move to the first castling
    /// it generates while the rook stands there, the king's side first.
    MarsRookCastling {
        /// The castling on its corner's side (`[wRb2->a1]0-0-0`).
        ItsSide = "its_side",
        /// The first castling generated: with the rook put on its a-corner and the king's side
        /// open, the rook is put there and the king castles short (`[wRb2->a1]0-0`), and the
        /// long castling is made with no rook, the rook staying where it stood (`0-0-0`).
        FirstCastling = "first_castling",
    }
}
switch_values! {
    /// Under Anti-Mars Circe, whether a pawn standing where a double step from its rebirth
    /// square lands may make that step: a move back onto its own square, which changes nothing
    /// but the turn and gives an en passant right. A move to the unit's own square is none;
    /// Popeye 4.104 rejects such null moves but its filter lets a double step through.
    MarsNullDoubleStep {
        /// It may not: a move back to the unit's own square is no move.
        No = "no",
        /// It may (Popeye writes `b4-b2-b4`).
        Yes = "yes",
    }
}
switch_values! {
    /// Under Madrasi, whether a king that is free castles with a paralysed rook. A paralysed
    /// unit does not move, and castling moves the rook too; Popeye 4.104 generates castling as
    /// the king's move and asks only whether the king is paralysed.
    ParalysedRookCastling {
        /// It does not: the rook is paralysed.
        No = "no",
        /// It does, as Popeye 4.104 plays it.
        Yes = "yes",
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
        /// Cannot move but attacks its two forward diagonals (Popeye under Equipollents).
        GuardOnly = "guard_only",
        /// Neither moves nor attacks (Popeye under the other conditions but Parrain and Cage
        /// Circe).
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
    /// Circe Parrain: a pawn whose own side is taken to be its capturer (a reserve of the side
    /// not to move given in the diagram, as Popeye's `LastCapture` sets it: Popeye takes the
    /// side not to move to be the capturer) reborn on its promotion rank by the mover's vector.
    /// A pawn the other side captured (any capture in play) always promotes.
    ParrainOtherSidePromotion {
        /// It promotes, and its own side chooses (RULES.md §4).
        Promotes = "promotes",
        /// It stays a pawn on that rank (Popeye).
        Stays = "stays",
    }
}
switch_values! {
    /// Circe Parrain: whether a pawn may take en passant when the double step it answers brought
    /// a unit of the pawn's own side back onto the passed square (a reserve of the side that
    /// did not move, as in series play or after Popeye's `LastCapture`).
    ParrainEnPassant {
        /// It may not: en passant goes onto an empty square (RULES.md §5).
        EmptySquare = "empty_square",
        /// It may, and the unit on the passed square vanishes (Popeye 4.104, whose pawn tries
        /// en passant on every diagonal square without an enemy unit).
        RemovesOwnUnit = "removes_own_unit",
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
    /// Frankfurt and Protean chess: when a capture leaves a rook of the capturer's side on a
    /// corner of its own first rank, whether that corner's castling right is gained.
    MutationCastling {
        /// Only when the capturer became a rook by that capture (RULES.md §5).
        NewRook = "new_rook",
        /// After every capture by a unit that may mutate, a rook taking a rook included
        /// (Popeye: every such capture changes the walk, even to the same one).
        EveryCapture = "every_capture",
    }
}
switch_values! {
    /// Whether a royal rider may pass over squares the opponent attacks.
    RoyalRiderPassage {
        /// It passes over attacked squares as any rider does (Popeye).
        Free = "free",
        /// It may not pass over a square the opponent attacks, as a castling king may not
        /// (the source page's diagram E).
        Safe = "safe",
    }
}
switch_values! {
    /// Whether a royal pawn that has just double-stepped can be taken en passant, which makes
    /// the step a check.
    RoyalEnPassant {
        /// It cannot.
        No = "no",
        /// It can when an enemy pawn attacks the square it passed and that square is empty.
        Yes = "yes",
        /// As `yes`, and also when a rebirth (Parrain) fills the passed square: Popeye's check
        /// test looks at the pawns attacking the passed square and not at the square itself,
        /// though its move generation takes en passant onto an empty square only.
        EvenIfFilled = "even_if_filled",
    }
}

impl RoyalEnPassant {
    /// Whether a royal pawn's double step can be a check at all (`yes` or `even_if_filled`).
    pub const fn applies(self) -> bool {
        !matches!(self, RoyalEnPassant::No)
    }
}
switch_values! {
    /// Which walks a pawn may promote to besides queen, rook, bishop and knight (RULES.md §9).
    FairyPromotion {
        /// Every fairy walk of the diagram, of either colour (Popeye).
        PresentWalks = "present_walks",
        /// None: queen, rook, bishop and knight only.
        OrthodoxOnly = "orthodox_only",
    }
}
switch_values! {
    /// Which magic pieces count for the colour test of a contact mutation.
    MagicContactScope {
        /// Only the magic pieces the unit has newly touched.
        NewContacts = "new_contacts",
        /// Every magic piece the unit touches after the move, old contacts included.
        AllContacts = "all_contacts",
    }
}
switch_values! {
    /// How many steps a contact mutation makes.
    MagicSteps {
        /// One step, however many magic pieces it newly touches.
        One = "one",
        /// One step for each magic piece newly touched.
        OnePerMagicPiece = "one_per_magic_piece",
    }
}
switch_values! {
    /// A magic piece sliding from one adjacent square to another.
    MagicKeptContact {
        /// The contact was never broken: nothing happens.
        NoEffect = "no_effect",
        /// The contact counts as made again: the unit mutates.
        Reestablishes = "reestablishes",
    }
}
switch_values! {
    /// A piece demoted to a pawn on its promotion rank.
    MagicPawnEdge {
        /// It promotes at once, the mover choosing.
        Promote = "promote",
        /// It stays a pawn there.
        Stay = "stay",
    }
}
switch_values! {
    /// A unit reborn next to a magic piece.
    MagicRebirthContact {
        /// Its new contact mutates it, as a move's would.
        Mutates = "mutates",
        /// A rebirth makes no contact.
        NoEffect = "no_effect",
    }
}
switch_values! {
    /// A non-magic unit whose fairy walk is not the fairy end of the mutation chains.
    MagicFairyOutsideChain {
        /// It does not mutate.
        Stays = "stays",
        /// It counts as a queen at the top of the chains.
        AsQueen = "as_queen",
    }
}
switch_values! {
    /// Acting magic pieces with two different fairy walks.
    MagicMixedFairy {
        /// The chains end at the queen and the pawn, as with orthodox walks only.
        NoFairyEnd = "no_fairy_end",
        /// The contact mutates nothing.
        NoMutation = "no_mutation",
    }
}

/// Declares every switch once: its variant of [`Switch`] (named as the enum of its values),
/// its key (the name of its field in [`SwitchValues`]), its value under each profile when no
/// condition presets one, where it matters and how Popeye's input treats it. [`Switch::ALL`],
/// [`Switch::key`], [`Switch::values`], [`Switch::default_under`], [`Switch::scope`],
/// [`Switch::popeye_reading`] and the fields of [`SwitchValues`] follow from the list.
macro_rules! switches {
    ($($variant:ident = $key:ident {
        documented: $documented:ident,
        popeye: $popeye:ident,
        scope: $scope:ident,
        popeye_reading: $reading:ident $(,)?
    }),+ $(,)?) => {
        /// The name of a switch.
        ///
        /// ```
        /// use feerie_oracle::{Profile, Switch};
        /// let s: Switch = "parrain_long_castling".parse().unwrap();
        /// assert_eq!(s.values(), &["toward_a", "toward_h"]);
        /// assert_eq!(s.default_under(Profile::Popeye), "toward_h");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Switch {
            $(#[doc = concat!("`", stringify!($key), "`: see [`", stringify!($variant), "`].")] $variant),+
        }

        impl Switch {
            /// Every switch, in the order of RULES.md.
            pub const ALL: [Switch; [$(stringify!($key)),+].len()] = [$(Switch::$variant),+];

            /// The key, as written in `--set KEY=VALUE`.
            pub fn key(self) -> &'static str {
                match self {
                    $(Switch::$variant => stringify!($key)),+
                }
            }

            /// The values the switch accepts.
            pub fn values(self) -> &'static [&'static str] {
                match self {
                    $(Switch::$variant => $variant::VALUES),+
                }
            }

            /// What the switch decides, in a sentence (its documentation).
            ///
            /// ```
            /// use feerie_oracle::Switch;
            /// assert!(Switch::RebirthOccupied.summary().contains("rebirth square is occupied"));
            /// ```
            pub fn summary(self) -> &'static str {
                match self {
                    $(Switch::$variant => $variant::SUMMARY.trim()),+
                }
            }

            /// What `value` means under this switch (empty for a value the switch does not
            /// take).
            ///
            /// ```
            /// use feerie_oracle::Switch;
            /// // Every value says what it means.
            /// for switch in Switch::ALL {
            ///     for value in switch.values() {
            ///         assert!(!switch.value_description(value).is_empty(), "{switch}={value}");
            ///     }
            /// }
            /// assert!(Switch::RebirthOccupied.value_description("strict").contains("illegal"));
            /// assert!(Switch::Rex.value_description("inclusive").contains("reborn"));
            /// assert_eq!(Switch::Rex.value_description("sideways"), "");
            /// ```
            pub fn value_description(self, value: &str) -> &'static str {
                let (values, descriptions) = match self {
                    $(Switch::$variant => ($variant::VALUES, $variant::DESCRIPTIONS)),+
                };
                values
                    .iter()
                    .position(|v| *v == value)
                    .map_or("", |i| descriptions[i].trim())
            }

            /// The value under `profile` when no condition in force presets one (see
            /// [`super::registry::ConditionEntry::presets`]).
            pub fn default_under(self, profile: Profile) -> &'static str {
                match (self, profile) {
                    $(
                        (Switch::$variant, Profile::Documented) => $variant::$documented.as_str(),
                        (Switch::$variant, Profile::Popeye) => $variant::$popeye.as_str(),
                    )+
                }
            }

            /// Where the switch can change anything.
            pub fn scope(self) -> Scope {
                match self {
                    $(Switch::$variant => Scope::$scope),+
                }
            }

            /// How Popeye's input treats the switch.
            pub fn popeye_reading(self) -> PopeyeReading {
                match self {
                    $(Switch::$variant => PopeyeReading::$reading),+
                }
            }
        }

        /// The value of every switch, typed: one field a switch, named by its key. It is made
        /// from the same list as [`Switch`], so that a new switch is a new field here, and the
        /// strings of the switch values are read once, when the rules are resolved, not each
        /// time an engine asks.
        ///
        /// ```
        /// use feerie_oracle::{Condition, Profile, Rules, Switch};
        /// use feerie_oracle::rules::FirstRankPawns;
        /// let rules = Rules::new([Condition::CirceEquipollents], Profile::Popeye).unwrap();
        /// let values = rules.resolve().switches;
        /// assert_eq!(values.first_rank_pawns, FirstRankPawns::GuardOnly);
        /// assert_eq!(values.get(Switch::FirstRankPawns), "guard_only");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct SwitchValues {
            $(
                #[doc = concat!("`", stringify!($key), "`.")]
                pub $key: $variant,
            )+
        }

        impl SwitchValues {
            /// Every switch's value, each read once from its written form as `written` gives
            /// it (a value of the switch's own list).
            pub(super) fn read(written: impl Fn(Switch) -> &'static str) -> SwitchValues {
                SwitchValues {
                    $(
                        $key: written(Switch::$variant)
                            .parse()
                            .expect("switch values come from the switch's own list"),
                    )+
                }
            }

            /// The value of `switch`, as written in switches.
            pub fn get(&self, switch: Switch) -> &'static str {
                match switch {
                    $(Switch::$variant => self.$key.as_str()),+
                }
            }
        }

        $(
            impl $variant {
                /// The switch and this value, as a condition presets it.
                pub const fn setting(self) -> (Switch, &'static str) {
                    (Switch::$variant, self.as_str())
                }
            }
        )+
    };
}

switches! {
    Rex = rex {
        documented: Exclusive, popeye: Exclusive, scope: Conditions, popeye_reading: Stated,
    },
    RebirthOccupied = rebirth_occupied {
        documented: Relaxed, popeye: Relaxed, scope: Conditions, popeye_reading: Stated,
    },
    AnticirceType = anticirce_type {
        documented: Calvet, popeye: Calvet, scope: Conditions, popeye_reading: Stated,
    },
    MarsCastling = mars_castling {
        documented: OwnSquare, popeye: RebirthSquareToo, scope: Conditions, popeye_reading: Fixed,
    },
    PhantomObservation = phantom_observation {
        documented: OwnUnit, popeye: AnyUnitOfItsWalk, scope: Conditions, popeye_reading: Fixed,
    },
    MarsRookCastling = mars_rook_castling {
        documented: ItsSide, popeye: FirstCastling, scope: Conditions, popeye_reading: Fixed,
    },
    MarsNullDoubleStep = mars_null_double_step {
        documented: No, popeye: Yes, scope: Conditions, popeye_reading: Fixed,
    },
    ParalysedRookCastling = paralysed_rook_castling {
        documented: No, popeye: Yes, scope: Conditions, popeye_reading: Fixed,
    },
    ParrainLongCastling = parrain_long_castling {
        documented: TowardA, popeye: TowardH, scope: Conditions, popeye_reading: Fixed,
    },
    FirstRankPawns = first_rank_pawns {
        // Popeye 4.104: neither move nor guard, except under the conditions that preset it.
        documented: Step, popeye: Inert, scope: Always, popeye_reading: Fixed,
    },
    FairyPromotion = fairy_promotion {
        documented: PresentWalks, popeye: PresentWalks, scope: Always, popeye_reading: Fixed,
    },
    CloneWalkWhenPromoting = clone_walk_when_promoting {
        documented: Pawn, popeye: Pawn, scope: Conditions, popeye_reading: Fixed,
    },
    CloneRoyalVictim = clone_royal_victim {
        documented: KeepsWalk, popeye: TakesWalk, scope: RoyalRebirth, popeye_reading: Fixed,
    },
    ParrainOtherSidePromotion = parrain_other_side_promotion {
        documented: Promotes, popeye: Stays, scope: Conditions, popeye_reading: Fixed,
    },
    ParrainEnPassant = parrain_en_passant {
        documented: EmptySquare, popeye: RemovesOwnUnit, scope: Conditions, popeye_reading: Fixed,
    },
    PawnDirection = pawn_direction {
        documented: Own, popeye: Own, scope: Conditions, popeye_reading: Fixed,
    },
    SameWalkCapture = same_walk_capture {
        documented: Keep, popeye: Keep, scope: Conditions, popeye_reading: Fixed,
    },
    MutationCastling = mutation_castling {
        documented: NewRook, popeye: EveryCapture, scope: Conditions, popeye_reading: Fixed,
    },
    RoyalRiderPassage = royal_rider_passage {
        documented: Free, popeye: Free, scope: Conditions, popeye_reading: Fixed,
    },
    RoyalEnPassant = royal_en_passant {
        documented: No, popeye: EvenIfFilled, scope: Conditions, popeye_reading: Fixed,
    },
    MagicContactScope = magic_contact_scope {
        documented: NewContacts, popeye: NewContacts, scope: MagicPieces, popeye_reading: Absent,
    },
    MagicSteps = magic_steps {
        documented: One, popeye: One, scope: MagicPieces, popeye_reading: Absent,
    },
    MagicKeptContact = magic_kept_contact {
        documented: NoEffect, popeye: NoEffect, scope: MagicPieces, popeye_reading: Absent,
    },
    MagicPawnEdge = magic_pawn_edge {
        documented: Promote, popeye: Promote, scope: MagicPieces, popeye_reading: Absent,
    },
    MagicRebirthContact = magic_rebirth_contact {
        documented: Mutates, popeye: Mutates, scope: MagicPieces, popeye_reading: Absent,
    },
    MagicFairyOutsideChain = magic_fairy_outside_chain {
        documented: Stays, popeye: Stays, scope: MagicPieces, popeye_reading: Absent,
    },
    MagicMixedFairy = magic_mixed_fairy {
        documented: NoFairyEnd, popeye: NoFairyEnd, scope: MagicPieces, popeye_reading: Absent,
    },
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
