//! Mars Circe: the Circe family's conditions where a unit is not reborn after a capture but
//! moves from its rebirth square (Popeye files them under `conditions/marscirce`).
//!
//! A unit captures only from the square where it would be reborn if it were taken where it
//! stands, found by the Circe model's own answers (which square, whose home squares); the square
//! must be empty, or be the one the unit stands on. Its other moves are made from its own square.
//! Every Mars variant answers the same two questions: where that square is ([`MarsModel::rebirth`],
//! a Circe model whose place the engines read as for a unit taken on its own square), and which
//! moves start from it ([`MarsMoves`]).

use super::registry::ConditionKind;
use super::{
    AnticirceType, CirceModel, Condition, MarsCastling, PromotionChooser, RebirthAdapter,
    RebirthOccupied, RebirthTime, RebirthWalk, RebornUnit, RelevantUnit, Rex, Rules,
};

/// Which moves of a unit start from its rebirth square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarsMoves {
    /// Its captures (Mars Circe); its other moves start from its own square.
    Captures,
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
}

impl MarsModel {
    /// The model of a Mars condition with this value of `rex`; `None` for the conditions
    /// outside Mars Circe.
    pub(super) fn with(
        condition: Condition,
        rex: Rex,
        castling: MarsCastling,
    ) -> Option<MarsModel> {
        let ConditionKind::Mars { place, side, moves } = condition.entry().kind else {
            return None;
        };
        Some(MarsModel {
            rebirth: CirceModel {
                reborn: RebornUnit::Captured,
                walk: RebirthWalk::Own,
                place,
                relevant: RelevantUnit::Reborn,
                side,
                adapter: RebirthAdapter::None,
                time: RebirthTime::Immediate,
                occupied: RebirthOccupied::Strict,
                rex,
                anticirce_type: AnticirceType::Calvet,
                chooser: PromotionChooser::Capturer,
            },
            moves,
            castling,
        })
    }

    /// True when a royal king may castle from its rebirth square too, without its own right
    /// (`mars_castling: rebirth_square_too`, under `rex: inclusive`): its rooks' rights then
    /// outlive its moves.
    pub fn castles_from_rebirth_square(&self) -> bool {
        self.royals_move() && self.castling == MarsCastling::RebirthSquareToo
    }

    /// True when royal units move from their rebirth square too (`rex: inclusive`); under
    /// `exclusive` they do not, so that a royal unit never captures, nor checks, as Popeye 4.104
    /// reads it.
    pub fn royals_move(&self) -> bool {
        self.rebirth.rex == Rex::Inclusive
    }
}

impl Rules {
    /// The Mars variant in force, as a combination of choices.
    pub fn mars_model(&self) -> Option<MarsModel> {
        self.resolve().mars
    }

    /// The Circe model whose answers say where a unit's rebirth square is: the Circe variant's
    /// in force, or the Mars variant's.
    pub fn rebirth_square_model(&self) -> Option<CirceModel> {
        self.circe_model().or(self.mars_model().map(|m| m.rebirth))
    }
}
