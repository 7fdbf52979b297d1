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
use crate::Colour;

use super::{
    BretonRule, ColourChangeMoves, GridLines, KoekoRule, MarsMoves, MoveMeasure, ObservationRule,
    PatrolRule, RebirthPlace, RebirthTime, RebirthWalk, RebornUnit, RelevantUnit,
};

impl Condition {
    /// The command-line slug.
    pub fn slug(self) -> &'static str {
        self.entry().slug
    }

    /// True for Geneva chess.
    pub fn is_geneva(self) -> bool {
        matches!(self.entry().kind, ConditionKind::Geneva { .. })
    }

    /// True for the Circe family (rebirth of captured units).
    pub fn is_circe(self) -> bool {
        matches!(self.entry().kind, ConditionKind::Circe { .. })
    }

    /// Which unit of a capture a Circe-family condition rebirths; `None` outside the family.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// use feerie_oracle::rules::RebornUnit;
    /// assert_eq!(Condition::Anticirce.reborn_unit(), Some(RebornUnit::Capturer));
    /// assert_eq!(Condition::CirceMirror.reborn_unit(), Some(RebornUnit::Captured));
    /// assert_eq!(Condition::Frankfurt.reborn_unit(), None);
    /// ```
    pub fn reborn_unit(self) -> Option<RebornUnit> {
        match self.entry().kind {
            ConditionKind::Circe { reborn, .. } => Some(reborn),
            ConditionKind::Mutation
            | ConditionKind::Mars { .. }
            | ConditionKind::Geneva { .. }
            | ConditionKind::ColourChange { .. }
            | ConditionKind::Observation { .. }
            | ConditionKind::TakeAndMake
            | ConditionKind::MakeAndTake
            | ConditionKind::Checkless
            | ConditionKind::Sat
            | ConditionKind::Koeko { .. }
            | ConditionKind::Annan
            | ConditionKind::DangerCirce
            | ConditionKind::KobulKings { .. }
            | ConditionKind::Breton { .. }
            | ConditionKind::NoCapture { .. }
            | ConditionKind::Patrol { .. }
            | ConditionKind::Grid { .. }
            | ConditionKind::Imitator
            | ConditionKind::Mummer { .. } => None,
        }
    }

    /// Where a Circe-family condition finds the rebirth square; `None` outside the family.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// use feerie_oracle::rules::RebirthPlace;
    /// assert_eq!(Condition::CirceCage.rebirth_place(), Some(RebirthPlace::Cage));
    /// assert_eq!(Condition::MarsCirce.rebirth_place(), None);
    /// ```
    pub fn rebirth_place(self) -> Option<RebirthPlace> {
        match self.entry().kind {
            ConditionKind::Circe { place, .. } => Some(place),
            _ => None,
        }
    }

    /// True for a Circe-family condition whose rebirth square is a choice among the empty ones
    /// (Super Circe, Anti-Super Circe, Cage Circe).
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// assert!(Condition::AnticirceSuper.rebirth_square_chosen());
    /// assert!(!Condition::Anticirce.rebirth_square_chosen());
    /// ```
    pub fn rebirth_square_chosen(self) -> bool {
        matches!(
            self.entry().kind,
            ConditionKind::Circe {
                place: RebirthPlace::AnyEmpty | RebirthPlace::Cage,
                ..
            }
        )
    }

    /// True for Mars Circe and its variants (a unit captures from its rebirth square).
    pub fn is_mars(self) -> bool {
        matches!(self.entry().kind, ConditionKind::Mars { .. })
    }

    /// The condition whose name Popeye's Circe variant words follow to make this one: plain
    /// Circe for the Circe variants, Anticirce for the Anticirce ones, Mars Circe, Anti-Mars
    /// Circe or Phantom chess for the Mars ones; `None` outside the family.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// assert_eq!(Condition::CirceMirror.variant_base(), Some(Condition::Circe));
    /// assert_eq!(Condition::AnticirceFile.variant_base(), Some(Condition::Anticirce));
    /// assert_eq!(Condition::MarsCirceMirror.variant_base(), Some(Condition::MarsCirce));
    /// assert_eq!(Condition::AntiMarsCirceMirror.variant_base(), Some(Condition::AntiMarsCirce));
    /// assert_eq!(Condition::Protean.variant_base(), None);
    /// ```
    pub fn variant_base(self) -> Option<Condition> {
        match self.entry().kind {
            ConditionKind::Circe {
                reborn: RebornUnit::Capturer,
                ..
            } => Some(Condition::Anticirce),
            ConditionKind::Circe { .. } => Some(Condition::Circe),
            ConditionKind::Mars { moves, .. } => Some(match moves {
                MarsMoves::Captures => Condition::MarsCirce,
                MarsMoves::NonCaptures => Condition::AntiMarsCirce,
                MarsMoves::All => Condition::Phantom,
            }),
            ConditionKind::Geneva { .. } => Some(Condition::Geneva),
            ConditionKind::Mutation
            | ConditionKind::ColourChange { .. }
            | ConditionKind::Observation { .. }
            | ConditionKind::TakeAndMake
            | ConditionKind::MakeAndTake
            | ConditionKind::Checkless
            | ConditionKind::Sat
            | ConditionKind::Koeko { .. }
            | ConditionKind::Annan
            | ConditionKind::DangerCirce
            | ConditionKind::KobulKings { .. }
            | ConditionKind::Breton { .. }
            | ConditionKind::NoCapture { .. }
            | ConditionKind::Patrol { .. }
            | ConditionKind::Grid { .. }
            | ConditionKind::Imitator
            | ConditionKind::Mummer { .. } => None,
        }
    }

    /// Which moves recolour their mover, for Andernach chess; `None` for the other conditions.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// use feerie_oracle::rules::ColourChangeMoves;
    /// assert_eq!(Condition::Andernach.colour_change(), Some(ColourChangeMoves::Captures));
    /// assert_eq!(Condition::Circe.colour_change(), None);
    /// ```
    pub fn colour_change(self) -> Option<ColourChangeMoves> {
        match self.entry().kind {
            ConditionKind::ColourChange { moves } => Some(moves),
            _ => None,
        }
    }

    /// What an observation between units of one walk does, for Madrasi and Isardam; `None` for
    /// the other conditions.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// use feerie_oracle::rules::ObservationRule;
    /// assert_eq!(Condition::Madrasi.observation_rule(), Some(ObservationRule::Paralyses));
    /// assert_eq!(Condition::Isardam.observation_rule(), Some(ObservationRule::ForbidsMove));
    /// assert_eq!(Condition::Circe.observation_rule(), None);
    /// ```
    pub fn observation_rule(self) -> Option<ObservationRule> {
        match self.entry().kind {
            ConditionKind::Observation { rule } => Some(rule),
            _ => None,
        }
    }

    /// True for Take&Make chess: a capture is completed by a move of the captured unit's walk.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// assert!(Condition::TakeAndMake.takes_and_makes());
    /// assert!(!Condition::Frankfurt.takes_and_makes());
    /// ```
    pub fn takes_and_makes(self) -> bool {
        self.entry().kind == ConditionKind::TakeAndMake
    }

    /// True for Make&Take chess: a capture is preceded by a make of the captured unit's walk.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// assert!(Condition::MakeAndTake.makes_and_takes());
    /// assert!(!Condition::TakeAndMake.makes_and_takes());
    /// ```
    pub fn makes_and_takes(self) -> bool {
        self.entry().kind == ConditionKind::MakeAndTake
    }

    /// True for Ohneschach (checkless chess): a move that gives check is legal only if it
    /// mates.
    pub fn is_checkless(self) -> bool {
        self.entry().kind == ConditionKind::Checkless
    }

    /// True for SAT: a side is in check when its king has a flight.
    pub fn is_sat(self) -> bool {
        self.entry().kind == ConditionKind::Sat
    }

    /// True for Annan chess: a unit with a unit of its side right behind it moves and attacks
    /// by that unit's walk.
    pub fn is_annan(self) -> bool {
        self.entry().kind == ConditionKind::Annan
    }

    /// True for Danger Circe: a unit an enemy unit observes may also move to its Plain Circe
    /// rebirth square.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// assert!(Condition::DangerCirce.is_danger_circe());
    /// assert!(!Condition::DangerCirce.is_circe());
    /// ```
    pub fn is_danger_circe(self) -> bool {
        self.entry().kind == ConditionKind::DangerCirce
    }

    /// Whether, under this condition, the royal unit of `side` takes the walk of a unit of its
    /// side taken (Kobul Kings for both sides, or for `side` alone).
    ///
    /// ```
    /// use feerie_oracle::{Colour, Condition};
    /// assert!(Condition::KobulKings.kobul_kings_of(Colour::Black));
    /// assert!(Condition::KobulKingsWhite.kobul_kings_of(Colour::White));
    /// assert!(!Condition::KobulKingsWhite.kobul_kings_of(Colour::Black));
    /// assert!(!Condition::Circe.kobul_kings_of(Colour::White));
    /// ```
    pub fn kobul_kings_of(self, side: Colour) -> bool {
        matches!(self.entry().kind, ConditionKind::KobulKings { side: s } if s.is_none_or(|s| s == side))
    }

    /// True for Kobul Kings, of both sides or of one.
    pub fn is_kobul_kings(self) -> bool {
        matches!(self.entry().kind, ConditionKind::KobulKings { .. })
    }

    /// The one-side Kobul Kings condition of `side` when this is Kobul Kings of both sides
    /// (Popeye's `KobulKings White`); `None` otherwise.
    ///
    /// ```
    /// use feerie_oracle::{Colour, Condition};
    /// assert_eq!(Condition::KobulKings.kobul_kings_side(Colour::Black), Some(Condition::KobulKingsBlack));
    /// assert_eq!(Condition::Circe.kobul_kings_side(Colour::Black), None);
    /// ```
    pub fn kobul_kings_side(self, side: Colour) -> Option<Condition> {
        if self.entry().kind != (ConditionKind::KobulKings { side: None }) {
            return None;
        }
        let wanted = ConditionKind::KobulKings { side: Some(side) };
        Condition::ALL
            .into_iter()
            .find(|c| c.entry().kind == wanted)
    }

    /// The variant of Breton chess, for its conditions; `None` for the others.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// use feerie_oracle::rules::BretonSide;
    /// assert_eq!(Condition::BretonAdverse.breton_rule().map(|r| r.side), Some(BretonSide::Captured));
    /// assert_eq!(Condition::Circe.breton_rule(), None);
    /// ```
    pub fn breton_rule(self) -> Option<BretonRule> {
        match self.entry().kind {
            ConditionKind::Breton { rule } => Some(rule),
            _ => None,
        }
    }

    /// Whether the captures of `side` are no moves under this condition (NoCapture for both
    /// sides, NoWhiteCapture, NoBlackCapture).
    ///
    /// ```
    /// use feerie_oracle::{Colour, Condition};
    /// assert!(Condition::NoWhiteCapture.bans_captures_of(Colour::White));
    /// assert!(!Condition::NoWhiteCapture.bans_captures_of(Colour::Black));
    /// assert!(Condition::NoCapture.bans_captures_of(Colour::Black));
    /// ```
    pub fn bans_captures_of(self, side: Colour) -> bool {
        matches!(self.entry().kind, ConditionKind::NoCapture { side: s } if s.is_none_or(|s| s == side))
    }

    /// Which moves and checks ask for a unit's support, for Patrol chess, Ultra-Patrol chess
    /// and Lortap.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// use feerie_oracle::rules::PatrolRule;
    /// assert_eq!(Condition::Lortap.patrol_rule(), Some(PatrolRule::Lortap));
    /// assert_eq!(Condition::Circe.patrol_rule(), None);
    /// ```
    pub fn patrol_rule(self) -> Option<PatrolRule> {
        match self.entry().kind {
            ConditionKind::Patrol { rule } => Some(rule),
            _ => None,
        }
    }

    /// True for NoCapture, NoWhiteCapture and NoBlackCapture.
    pub fn bans_captures(self) -> bool {
        matches!(self.entry().kind, ConditionKind::NoCapture { .. })
    }

    /// Where the grid lines run, for Grid chess; `None` for the other conditions.
    ///
    /// ```
    /// use feerie_oracle::{Condition, rules::GridLines};
    /// assert_eq!(Condition::Grid.grid_lines(), Some(GridLines::Normal));
    /// assert_eq!(Condition::NoCapture.grid_lines(), None);
    /// ```
    pub fn grid_lines(self) -> Option<GridLines> {
        match self.entry().kind {
            ConditionKind::Grid { lines } => Some(lines),
            _ => None,
        }
    }

    /// Whether the condition combines only with the conditions its row of
    /// `rules/combination.rs` lists (and with no magic pieces): a colour change, an observation
    /// rule, Take&Make, Ohneschach, SAT, Koeko, Annan, Danger Circe, Kobul Kings, Breton chess,
    /// NoCapture, the Patrol conditions and Grid chess.
    pub fn has_listed_combinations(self) -> bool {
        self.colour_change().is_some()
            || self.observation_rule().is_some()
            || self.takes_and_makes()
            || self.makes_and_takes()
            || self.is_checkless()
            || self.is_sat()
            || self.koeko_rule().is_some()
            || self.is_annan()
            || self.is_danger_circe()
            || self.is_kobul_kings()
            || self.breton_rule().is_some()
            || self.bans_captures()
            || self.patrol_rule().is_some()
            || self.grid_lines().is_some()
    }

    /// What a unit's neighbours must be once it has moved, for Koeko, AntiKoeko and NewKoeko.
    pub fn koeko_rule(self) -> Option<KoekoRule> {
        match self.entry().kind {
            ConditionKind::Koeko { rule } => Some(rule),
            _ => None,
        }
    }

    /// The side a mummer condition restricts (Maximummer, Minimummer, Must Capture) and what it
    /// prefers among its legal moves.
    ///
    /// ```
    /// use feerie_oracle::{Colour, Condition};
    /// use feerie_oracle::rules::MoveMeasure;
    /// assert_eq!(Condition::BlackMaximummer.mummer(), Some((Colour::Black, MoveMeasure::Longest)));
    /// assert_eq!(Condition::Circe.mummer(), None);
    /// ```
    pub fn mummer(self) -> Option<(Colour, MoveMeasure)> {
        match self.entry().kind {
            ConditionKind::Mummer { side, measure } => Some((side, measure)),
            _ => None,
        }
    }

    /// The condition seen with the colours swapped: a condition of one side becomes the other
    /// side's (White Maximummer, Black Maximummer; NoWhiteCapture, NoBlackCapture; Kobul Kings of
    /// one side); every other condition treats the two sides
    /// alike and stays itself.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// assert_eq!(Condition::WhiteMustCapture.colour_mirrored(), Condition::BlackMustCapture);
    /// assert_eq!(Condition::Circe.colour_mirrored(), Condition::Circe);
    /// ```
    pub fn colour_mirrored(self) -> Condition {
        let mirrored = match self.entry().kind {
            ConditionKind::Mummer { side, measure } => ConditionKind::Mummer {
                side: !side,
                measure,
            },
            ConditionKind::NoCapture { side: Some(side) } => {
                ConditionKind::NoCapture { side: Some(!side) }
            }
            ConditionKind::KobulKings { side: Some(side) } => {
                ConditionKind::KobulKings { side: Some(!side) }
            }
            _ => return self,
        };
        (Condition::ALL.into_iter())
            .find(|c| c.entry().kind == mirrored)
            .expect("each side's condition has the other side's")
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

    /// True for a Circe variant whose rebirth depends on the capturing move's vector or on the
    /// capturer's walk (Clone, Equipollents, Parrain, Couscous), rather than only on the captured unit
    /// and the squares: Popeye 4.104 ignores a problem with a royal piece other than a king
    /// under them with rex inclusive. PWC, whose square is the capturer's departure, is not
    /// among them (Popeye takes such problems under it).
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// assert!(Condition::CirceClone.rebirth_depends_on_capture());
    /// assert!(!Condition::Circe.rebirth_depends_on_capture());
    /// assert!(!Condition::CircePwc.rebirth_depends_on_capture());
    /// ```
    pub fn rebirth_depends_on_capture(self) -> bool {
        match self.entry().kind {
            // Popeye's test reads its Circe, not its Anticirce.
            ConditionKind::Circe {
                reborn: RebornUnit::Capturer,
                ..
            } => false,
            ConditionKind::Circe {
                walk,
                place,
                relevant,
                ..
            } => {
                walk == RebirthWalk::Cloned
                    || relevant == RelevantUnit::Other
                    || matches!(
                        place,
                        RebirthPlace::CaptureVector | RebirthPlace::NextMoveVector
                    )
            }
            ConditionKind::Mutation
            | ConditionKind::Mars { .. }
            | ConditionKind::Geneva { .. }
            | ConditionKind::ColourChange { .. }
            | ConditionKind::Observation { .. }
            | ConditionKind::TakeAndMake
            | ConditionKind::MakeAndTake
            | ConditionKind::Checkless
            | ConditionKind::Sat
            | ConditionKind::Koeko { .. }
            | ConditionKind::Annan
            | ConditionKind::DangerCirce
            | ConditionKind::KobulKings { .. }
            | ConditionKind::Breton { .. }
            | ConditionKind::NoCapture { .. }
            | ConditionKind::Patrol { .. }
            | ConditionKind::Grid { .. }
            | ConditionKind::Imitator
            | ConditionKind::Mummer { .. } => false,
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
        write!(f, "unknown rule '{}' (valid: {})", self.0, valid.join(", "))?;
        if let Some(hint) = hint(&self.0) {
            write!(f, "; {hint}")?;
        }
        Ok(())
    }
}

/// What to write instead of an unknown rule, for the likeliest mistakes: a condition named as
/// Popeye names it (`CirceParrain`, `Frankfurt Chess`, `ParrainCirce`), or magic pieces given as
/// a condition. Case, spaces, hyphens and underscores do not count, nor a closing `chess`.
fn hint(given: &str) -> Option<String> {
    let key: String = given
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    if key.starts_with("magic") {
        return Some(
            "magic pieces are not a condition: mark each magic unit in the FEN, `(bmR)` a black \
             magic rook, under any rules"
                .to_string(),
        );
    }
    let bare = |name: &str| -> String {
        let name: String = name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        name.strip_suffix("chess").unwrap_or(&name).to_string()
    };
    let key = bare(&key);
    let condition = Condition::ALL.into_iter().find(|c| {
        let popeye = c.entry().popeye;
        let words = popeye.circe_variant.concat();
        let variant = (!words.is_empty())
            .then(|| [format!("circe{words}"), format!("{words}circe")])
            .into_iter()
            .flatten();
        std::iter::once(c.slug().to_string())
            .chain(std::iter::once(popeye.written.to_string()))
            .chain(popeye.read.iter().map(|r| r.to_string()))
            .chain(variant)
            .any(|name| bare(&name) == key)
    })?;
    Some(format!(
        "Popeye's name for a condition: write --rules {}",
        condition.slug()
    ))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn popeye_names_and_magic_given_as_rules_get_one_hint() {
        for (given, slug) in [
            ("CirceParrain", "circe-parrain"),
            ("ParrainCirce", "circe-parrain"),
            ("circe parrain", "circe-parrain"),
            ("Frankfurt Chess", "frankfurt"),
            ("FrankfurtChess", "frankfurt"),
            ("ProteanChess", "protean"),
            ("CirceClone", "circe-clone"),
            ("EquipollentsCirce", "circe-equipollents"),
            ("Circe_Equipollents", "circe-equipollents"),
        ] {
            let e = UnknownCondition(given.into()).to_string();
            assert!(e.starts_with(&format!("unknown rule '{given}'")), "{e}");
            let hint = format!("; Popeye's name for a condition: write --rules {slug}");
            assert!(e.ends_with(&hint), "{given}: {e}");
            assert_eq!(e.lines().count(), 1, "{e}");
        }
        for given in ["magic", "Magic", "magic-pieces", "MagicPieces"] {
            let e = UnknownCondition(given.into()).to_string();
            assert!(e.contains("; magic pieces are not a condition"), "{e}");
            assert!(e.contains("(bmR)"), "{e}");
        }
        for given in ["circus", "parrain", "chess", ""] {
            let e = UnknownCondition(given.into()).to_string();
            assert!(!e.contains("; "), "{given}: {e}");
        }
    }
}
