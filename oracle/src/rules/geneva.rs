//! Geneva chess: a capture is allowed only where the capturer could be reborn, as Popeye 4.104
//! defines it (`conditions/geneva.c`, a Circe variant that places no one).
//!
//! The capturer's rebirth square is found by the Circe model's own answers (which square, whose
//! home squares) for the capturer as it stood on the square it leaves: its walk before a
//! promotion, the colour of that square, its file. The capture is legal only when that square
//! is on the board, is not the square the capturer leaves, and is empty once the move is made
//! (so not the capture's arrival either). Nobody is reborn: the unit taken is lost, the capturer
//! stays where it landed. A check is a capture's threat: an attack on a king whose capture
//! would be illegal is no check. Royal capturers are free of the rule unless `rex: inclusive`
//! (Popeye's `GenevaChess RexInclusive`); Popeye presets `rex: exclusive`.

use super::registry::ConditionKind;
use super::{CirceModel, Condition, Rex, Rules};
use crate::Piece;

/// Geneva chess as the engines read it.
///
/// ```
/// use feerie_oracle::{Colour, Condition, Piece, Profile, Rules, Walk};
/// let rules = Rules::new([Condition::Geneva], Profile::Popeye).unwrap();
/// let model = rules.geneva_model().unwrap();
/// assert!(!model.binds(Piece::new(Colour::White, Walk::King)));
/// assert!(model.binds(Piece::new(Colour::White, Walk::Rook)));
/// assert!(Rules::orthodox().geneva_model().is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GenevaModel {
    /// Where a capturer's rebirth square is: a Circe model of a unit taken on the square the
    /// capturer leaves and reborn with its own walk (as Mars Circe reads it); `rex` says
    /// whether royal capturers are bound.
    pub rebirth: CirceModel,
}

impl GenevaModel {
    /// The model of Geneva chess with this value of `rex`; `None` for the other conditions.
    pub(super) fn with(condition: Condition, rex: Rex) -> Option<GenevaModel> {
        let ConditionKind::Geneva { place, side } = condition.entry().kind else {
            return None;
        };
        Some(GenevaModel {
            rebirth: CirceModel::home_square_reader(place, side, rex),
        })
    }

    /// Whether the rule binds the captures of `capturer`: every non-royal unit, and royal ones
    /// under `rex: inclusive`.
    pub fn binds(&self, capturer: Piece) -> bool {
        !capturer.royal || self.rebirth.rex == Rex::Inclusive
    }
}

impl Rules {
    /// Geneva chess, if in force.
    pub fn geneva_model(&self) -> Option<GenevaModel> {
        self.resolve().geneva
    }
}
