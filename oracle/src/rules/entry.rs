//! What an entry of the registry holds: the kind of rule a condition is, its Popeye names and
//! the words Popeye reads after it, the switch values it presets, and where a switch matters
//! and how Popeye's input treats it. The entries themselves are in [`super::registry`].

use crate::Colour;

use super::{
    ColourChangeMoves, Condition, GridLines, KoekoRule, MarsMoves, MoveMeasure, ObservationRule,
    Profile, PromotionChooser, RebirthAdapter, RebirthPlace, RebirthSide, RebirthTime, RebirthWalk,
    RebornUnit, RelevantUnit, Rex, Switch,
};

/// What kind of rule a condition is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConditionKind {
    /// A Circe variant: a unit of the capture is reborn. The answers that tell the variants
    /// apart (see [`super::CirceModel`]); the occupied square and `rex` come from switches.
    Circe {
        /// Which unit is reborn: the one taken, or the capturer (Anticirce).
        reborn: RebornUnit,
        /// With which walk it is reborn.
        walk: RebirthWalk,
        /// Where it is reborn.
        place: RebirthPlace,
        /// Which unit's walk and colour the place reads.
        relevant: RelevantUnit,
        /// Whose home squares the place reads.
        side: RebirthSide,
        /// The last change of the square found.
        adapter: RebirthAdapter,
        /// When it is reborn.
        time: RebirthTime,
        /// Who chooses the walk of a pawn reborn on its promotion rank.
        chooser: PromotionChooser,
    },
    /// The capturer takes the captured unit's walk (Frankfurt, Protean).
    Mutation,
    /// A unit moves from its rebirth square rather than being reborn (Mars Circe): the answers
    /// that tell the variants apart (see [`super::MarsModel`]); `rex` comes from its switch.
    Mars {
        /// Where the rebirth square is, as for a unit taken on its own square.
        place: RebirthPlace,
        /// Whose home squares the place reads.
        side: RebirthSide,
        /// Which moves start from it.
        moves: MarsMoves,
    },
    /// A capture is allowed only where the capturer could be reborn, read for it on the square
    /// it leaves; nobody is reborn (Geneva chess, see [`super::GenevaModel`]); `rex` comes
    /// from its switch.
    Geneva {
        /// Where the capturer's rebirth square is, as for a unit taken on the square it leaves.
        place: RebirthPlace,
        /// Whose home squares the place reads.
        side: RebirthSide,
    },
    /// A unit changes colour after some moves (Andernach chess).
    ColourChange {
        /// Which moves recolour their mover.
        moves: ColourChangeMoves,
    },
    /// Units of one walk observe each other (Madrasi, Isardam); `rex` comes from its switch.
    Observation {
        /// What an observation does.
        rule: ObservationRule,
    },
    /// A capture is completed by a move of the captured unit's walk (Take&Make chess).
    TakeAndMake,
    /// A capture is preceded by a make, a move of the walk of the unit about to be taken, that
    /// takes nothing (Make&Take chess).
    MakeAndTake,
    /// A move that gives check is legal only if it mates (Ohneschach, checkless chess).
    Checkless,
    /// A side is in check when its king has a flight, a square it could move to without being
    /// attacked there (SAT).
    Sat,
    /// A unit's neighbours once it has moved decide whether the move is legal (Koeko,
    /// AntiKoeko, NewKoeko).
    Koeko {
        /// What its neighbours must be.
        rule: KoekoRule,
    },
    /// A unit with a unit of its side right behind it (toward its side's first rank) moves and
    /// attacks by that unit's walk (Annan chess).
    Annan,
    /// A unit an enemy unit observes may also move to its Plain Circe rebirth square, quietly
    /// or taking the enemy unit there (Danger Circe).
    DangerCirce,
    /// After a capture the royal unit of the side that lost the unit takes the walk of the
    /// unit taken (a pawn taken gives the king's walk back), staying royal (Kobul Kings).
    KobulKings {
        /// The side whose royal unit changes; `None` for both.
        side: Option<Colour>,
    },
    /// A capture also removes (or, chromatic, recolours) a unit of the captured walk of the
    /// side the rule names, the mover choosing which (Breton chess).
    Breton {
        /// The variant.
        rule: super::BretonRule,
    },
    /// A side's captures are no moves; what it attacks stays attacked (NoCapture, and for one
    /// side NoWhiteCapture, NoBlackCapture).
    NoCapture {
        /// The side whose captures are no moves; `None` for both.
        side: Option<Colour>,
    },
    /// What a unit may do depends on whether a unit of its side observes it (Patrol chess,
    /// Ultra-Patrol chess, Lortap).
    Patrol {
        /// Which moves and checks ask for support, or its absence.
        rule: super::PatrolRule,
    },
    /// A move, and an observation, must cross a grid line (Grid chess).
    Grid {
        /// Where the lines run.
        lines: GridLines,
    },
    /// Imitators, markers on squares, repeat the vector of every move, step by step along a
    /// line; a move they cannot follow is none (Imitator chess).
    Imitator,
    /// One side plays only its legal moves that score highest by a measure (Maximummer,
    /// Minimummer, Must Capture).
    Mummer {
        /// The side restricted.
        side: Colour,
        /// What it prefers.
        measure: MoveMeasure,
    },
}

/// A switch value a condition sets in place of the profile's default (under one profile, or
/// under both), unless the switch is set on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Preset {
    /// The profile the preset holds under; `None` for both.
    pub profile: Option<Profile>,
    /// The switch.
    pub switch: Switch,
    /// Its value, as written in switches.
    pub value: &'static str,
}

impl Preset {
    /// A preset under every profile, from a typed value (`Rex::Exclusive.setting()`).
    pub const fn always((switch, value): (Switch, &'static str)) -> Preset {
        Preset {
            profile: None,
            switch,
            value,
        }
    }

    /// A preset under one profile.
    pub const fn under(profile: Profile, (switch, value): (Switch, &'static str)) -> Preset {
        Preset {
            profile: Some(profile),
            switch,
            value,
        }
    }
}

/// How a condition is written in Popeye's input and read from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PopeyeNames {
    /// The name written in the `condition` line.
    pub written: &'static str,
    /// The name written when `RexInclusive` follows, if not [`PopeyeNames::written`] (Popeye
    /// reads that option only right after some spellings of a Circe condition, and after
    /// Madrasi and Isardam).
    pub written_before_rex_inclusive: Option<&'static str>,
    /// Popeye's words for it, in lower case, as its tables spell them in English and German
    /// (`notation::popeye_words`, whose tests check them). A file reads the words of its own
    /// language, and abbreviations of them by Popeye's rule.
    pub read: &'static [&'static str],
    /// The variant words (Popeye's English words, lower case) by which `Circe` followed by them,
    /// in any order, is this condition (`Circe Parrain`, `Circe File Mirror`); none for plain
    /// Circe and the conditions outside the family. A German file spells them in German
    /// (`Circe File Spiegel`); Popeye's two lists of words are in the same order.
    pub circe_variant: &'static [&'static str],
    /// What Popeye reads right after the name, before the next condition.
    pub followed_by: PopeyeFollowers,
}

/// The words Popeye reads right after a condition's name, which are not conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PopeyeFollowers {
    /// None: a `RexInclusive` there is not read (Popeye says it is no condition).
    Nothing,
    /// Any number of Circe's variant words (`Parrain`, `RexInclusive`, …): plain Circe.
    CirceVariants,
    /// This one word, when it comes next: `RexInclusive` after some Circe variants and
    /// Madrasi, `RexExclusive` after the capturer mutations.
    Rex(Rex),
    /// A lettered type up to this letter (`TypeA`, `TypeB` after Isardam), then the `Rex` word;
    /// only type A is modelled.
    TypeThenRex(char, Rex),
    /// Take&Make's `Absolute` (checks too must be completed by a move), which is not modelled.
    Absolute,
    /// Up to two numbers (SAT's flights allowed to each side), which are not modelled.
    Numbers,
    /// `Neighbour` and a walk (Koeko's neighbourhood); only the king's is modelled.
    Neighbour,
    /// `exact` or `ultra` (a mummer condition's stricter readings), which are not modelled.
    Strictness,
    /// A lettered type up to this letter (`TypeB` after Annan chess); only type A is modelled.
    Type(char),
    /// Grid chess's other grids (`VerticalShift`, `Orthogonal` and its lines, `Irregular` and
    /// its cells, `GridLine` and its lines), which are not modelled.
    GridVariants,
    /// `White` or `Black` (Kobul Kings of that side's royal unit alone): the condition becomes
    /// its one-side entry.
    Side,
    /// The squares of the imitators (`c3d4` after Imitator), read into the position.
    Squares,
    /// Breton chess's option words (`Adverse`, `Chromatic`, `PY`), in any order: each makes
    /// the condition another of its variants.
    BretonVariants,
}

/// Everything known of one condition; see the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConditionEntry {
    /// The command-line slug (`--rules circe-parrain`).
    pub slug: &'static str,
    /// One line on the rule, for the command line's help.
    pub description: &'static str,
    /// The kind of rule, and for a Circe variant its rebirth answers.
    pub kind: ConditionKind,
    /// Its Popeye names.
    pub popeye: PopeyeNames,
    /// The switches whose [`Scope`] is [`Scope::Conditions`] or [`Scope::RoyalRebirth`] that
    /// its rule reads: they matter when the condition is in force.
    pub switches: &'static [Switch],
    /// The switch values it presets over the profile's defaults.
    pub presets: &'static [Preset],
    /// The conditions it is fuzzed together with, each as a family of two (named on one of
    /// the two entries only). Every condition is fuzzed alone as well.
    pub fuzzed_with: &'static [Condition],
    /// Whether a family of it with magic pieces is fuzzed.
    pub fuzzed_with_magic: bool,
}

impl ConditionEntry {
    /// The value this condition presets for `switch` under `profile`, if it presets one.
    pub fn preset(&self, switch: Switch, profile: Profile) -> Option<&'static str> {
        self.presets
            .iter()
            .find(|p| p.switch == switch && p.profile.is_none_or(|only| only == profile))
            .map(|p| p.value)
    }
}

/// Where a switch can change anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Under every rule set (pawns on their first rank may stand under any condition).
    Always,
    /// When a condition that lists it in [`ConditionEntry::switches`] is in force.
    Conditions,
    /// As [`Scope::Conditions`], and only when `rex` is `inclusive` under Circe (it decides
    /// what becomes of a captured royal unit).
    RoyalRebirth,
    /// Where magic pieces stand (they are marked on the board, not a condition).
    MagicPieces,
}

/// How Popeye's input treats a switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PopeyeReading {
    /// The input states our value (`RexInclusive`, `RexExclusive`), so Popeye follows it.
    Stated,
    /// Popeye always behaves one way, the value of the `popeye` profile.
    Fixed,
    /// Popeye has no such rule (Bédoni's magic pieces): positions that need it are not sent.
    Absent,
}
