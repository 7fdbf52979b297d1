//! Mars Circe: the Circe family's conditions where a unit is not reborn after a capture but
//! moves from its rebirth square (Popeye files them under `conditions/marscirce`).
//!
//! A unit captures only from the square where it would be reborn if it were taken where it
//! stands, found by the Circe model's own answers (which square, whose home squares); the square
//! must be empty, or be the one the unit stands on. Its other moves are made from its own square.
//! Anti-Mars Circe turns it round (a unit captures from its own square and makes its other moves
//! from its rebirth square), and in Phantom chess a unit makes every move from either square.
//! Every Mars variant answers the same two questions: where that square is ([`MarsModel::rebirth`],
//! a Circe model whose place the engines read as for a unit taken on its own square), and which
//! moves start from it ([`MarsMoves`]).

use super::registry::ConditionKind;
use super::{
    CirceModel, Condition, MarsCastling, MarsNullDoubleStep, MarsRookCastling, PhantomObservation,
    Rex, Rules, SwitchValues,
};
use crate::{MoveRecord, Piece, Square};

/// Which moves of a unit start from its rebirth square.
///
/// ```
/// use feerie_oracle::rules::MarsMoves;
/// assert!(MarsMoves::Captures.from_rebirth_square(true));
/// assert!(!MarsMoves::Captures.from_own_square(true));
/// assert!(MarsMoves::NonCaptures.from_own_square(true));
/// assert!(MarsMoves::All.from_own_square(false) && MarsMoves::All.from_rebirth_square(false));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarsMoves {
    /// Its captures (Mars Circe); its other moves start from its own square.
    Captures,
    /// Its moves that take nothing (Anti-Mars Circe); its captures start from its own square.
    NonCaptures,
    /// Every move, from its own square or from its rebirth square (Phantom chess); a move
    /// from the rebirth square to a square the unit reaches from its own is the same move,
    /// and one back to its own square is none.
    All,
}

impl MarsMoves {
    /// True when a move that captures (`capture`) or takes nothing starts from the unit's own
    /// square.
    pub fn from_own_square(self, capture: bool) -> bool {
        match self {
            MarsMoves::Captures => !capture,
            MarsMoves::NonCaptures => capture,
            MarsMoves::All => true,
        }
    }

    /// True when a move that captures (`capture`) or takes nothing starts from the unit's
    /// rebirth square.
    pub fn from_rebirth_square(self, capture: bool) -> bool {
        match self {
            MarsMoves::Captures => capture,
            MarsMoves::NonCaptures => !capture,
            MarsMoves::All => true,
        }
    }
}

/// One Mars variant as a combination of choices.
///
/// ```
/// use feerie_oracle::{Condition, Profile, Rules};
/// use feerie_oracle::rules::{MarsMoves, RebirthSide, Rex};
/// let mars = Rules::new([Condition::MarsCirce], Profile::Popeye).unwrap().mars_model().unwrap();
/// assert_eq!(mars.moves, MarsMoves::Captures);
/// assert_eq!(mars.rebirth.side, RebirthSide::Own);
/// assert_eq!(mars.rebirth.rex, Rex::Inclusive);
/// assert!(Rules::orthodox().mars_model().is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MarsModel {
    /// Where a unit's rebirth square is: a Circe model of a unit taken on its own square and
    /// reborn with its own walk at once; an occupied square forbids (`occupied` strict), and
    /// `rex` says whether royal units move by it.
    pub rebirth: CirceModel,
    /// Which moves start there.
    pub moves: MarsMoves,
    /// Where a royal king may castle from.
    pub castling: MarsCastling,
    /// In Phantom chess, what observes a square from a unit's rebirth square.
    pub observation: PhantomObservation,
    /// Under Anti-Mars Circe, which castling a rook put on its corner makes.
    pub rook_castling: MarsRookCastling,
    /// Under Anti-Mars Circe, whether a pawn may double-step from its rebirth square back
    /// onto its own square.
    pub null_double_step: MarsNullDoubleStep,
}

impl MarsModel {
    /// The model of a Mars condition with this value of `rex`; `None` for the conditions
    /// outside Mars Circe.
    pub(super) fn with(
        condition: Condition,
        rex: Rex,
        switches: &SwitchValues,
    ) -> Option<MarsModel> {
        let ConditionKind::Mars { place, side, moves } = condition.entry().kind else {
            return None;
        };
        Some(MarsModel {
            rebirth: CirceModel::home_square_reader(place, side, rex),
            moves,
            castling: switches.mars_castling,
            rook_castling: switches.mars_rook_castling,
            observation: switches.phantom_observation,
            null_double_step: switches.mars_null_double_step,
        })
    }

    /// True when `mv`, made from the rebirth square `via` by the unit standing on `from`, is
    /// no move: it ends on `from`. With `mars_null_double_step: yes` under Anti-Mars Circe a
    /// pawn's double step back there is a move, as Popeye 4.104 lets it through.
    pub fn is_null_move(&self, mv: &MoveRecord, from: Square, via: Square) -> bool {
        let double_step = mv.mover.walk.is_pawn()
            && mv.capture.is_none()
            && mv.to.rank().index().abs_diff(via.rank().index()) == 2;
        mv.to == from
            && !(double_step
                && self.moves == MarsMoves::NonCaptures
                && self.null_double_step == MarsNullDoubleStep::Yes)
    }

    /// True when a royal king may castle from its rebirth square too, without its own right
    /// (`mars_castling: rebirth_square_too`, under `rex: inclusive`): its rooks' rights then
    /// outlive its moves.
    pub fn castles_from_rebirth_square(&self) -> bool {
        self.royals_move() && self.castling == MarsCastling::RebirthSquareToo
    }

    /// True when a king castling from its rebirth square may castle with a rook put on its
    /// corner first, the rook's right given: under Anti-Mars Circe, where a castling takes
    /// nothing and so starts from the rebirth squares, as Popeye 4.104 reads it (`mars_castling:
    /// rebirth_square_too`). The corner is the rook's Plain Circe square on its own side, whatever
    /// the variant's place.
    pub fn rooks_castle_from_rebirth_square(&self) -> bool {
        self.castles_from_rebirth_square() && self.moves == MarsMoves::NonCaptures
    }

    /// True when, in Phantom chess, a unit put on its rebirth square observes a square if any
    /// unit of its walk then does (`phantom_observation: any_unit_of_its_walk`), as Popeye 4.104
    /// reads it.
    pub fn observes_by_walk(&self) -> bool {
        self.moves == MarsMoves::All && self.observation == PhantomObservation::AnyUnitOfItsWalk
    }

    /// True when a rook put on its corner gives its move to the first castling generated with
    /// it there, the short one first, as Popeye 4.104 does (`mars_rook_castling:
    /// first_castling`).
    pub fn rook_goes_to_first_castling(&self) -> bool {
        self.rooks_castle_from_rebirth_square()
            && self.rook_castling == MarsRookCastling::FirstCastling
    }

    /// True when royal units move from their rebirth square too (`rex: inclusive`). Under
    /// `exclusive` they do not: under Mars Circe a royal unit then captures nothing and checks
    /// nothing, as Popeye 4.104 reads it; under Anti-Mars Circe and in Phantom chess it moves
    /// from its own square as in orthodox chess ([`MarsModel::from_own_square`]).
    pub fn royals_move(&self) -> bool {
        self.rebirth.rex == Rex::Inclusive
    }

    /// True when a move of `unit` that captures (`capture`) or takes nothing starts from its
    /// own square: by the variant ([`MarsMoves::from_own_square`]), and every move of a royal
    /// unit that does not move from its rebirth square (`rex: exclusive`), but under Mars
    /// Circe, where Popeye 4.104 lets it capture nothing.
    pub fn from_own_square(&self, unit: Piece, capture: bool) -> bool {
        self.moves.from_own_square(capture)
            || (unit.royal && !self.royals_move() && self.moves != MarsMoves::Captures)
    }
}

impl Rules {
    /// The Mars variant in force, as a combination of choices.
    pub fn mars_model(&self) -> Option<MarsModel> {
        self.resolve().mars
    }

    /// The Circe model whose answers say where a unit's rebirth square is: the Circe variant's
    /// in force, the Mars variant's, or Geneva chess's.
    pub fn rebirth_square_model(&self) -> Option<CirceModel> {
        (self.circe_model())
            .or(self.mars_model().map(|m| m.rebirth))
            .or(self.geneva_model().map(|m| m.rebirth))
    }
}
