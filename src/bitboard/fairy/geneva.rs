//! Geneva chess on the record path: a capture, and so a check, only where the capturer could be
//! reborn, read for it on the square it leaves (the reference engine's `rebirth::geneva_allows`
//! states the rule).

use feerie_oracle::MoveRecord;
use feerie_oracle::Piece;
use feerie_oracle::rules::GenevaModel;

use super::Game;
use crate::bitboard::bits::Bits;
use crate::bitboard::board::BbPosition;
use crate::bitboard::tables::{Sq, bit};

impl Game {
    /// Whether `unit`, moving for colour index `by` from `from` to `to` and taking the unit on
    /// `taken`, may capture under Geneva chess, the units on `occupied` standing: its rebirth
    /// square must be on the board, not `from` nor `to`, and empty (or the square taken on).
    fn geneva_frees(
        &self,
        model: &GenevaModel,
        occupied: u64,
        unit: Piece,
        by: usize,
        (from, to, taken): (Sq, Sq, Sq),
    ) -> bool {
        if !model.binds(unit) {
            return true;
        }
        match self
            .rebirth_squares
            .square_of(by, unit.walk, from, from, from)
        {
            Some(r) => r != from && r != to && (r == taken || occupied & bit(r) == 0),
            None => false,
        }
    }

    /// Whether `mv`, a move of the side to move in `p`, is a move under Geneva chess: always
    /// without it, and for a move that takes nothing.
    pub(super) fn geneva_allows(&self, p: &BbPosition, mv: &MoveRecord) -> bool {
        let (Some(model), Some(capture)) = (self.rules.geneva, mv.capture) else {
            return true;
        };
        let squares = (mv.from.index(), mv.to.index(), capture.square.index());
        self.geneva_frees(&model, p.occupied(), mv.mover, p.side, squares)
    }

    /// The units of `units`, of colour index `by`, that may take on `target` under Geneva
    /// chess, the units on `occupied` standing: all of them without it.
    pub(super) fn genevan(
        &self,
        p: &BbPosition,
        units: u64,
        target: Sq,
        occupied: u64,
        by: usize,
    ) -> u64 {
        let Some(model) = self.rules.geneva else {
            return units;
        };
        Bits(units)
            .filter(|&s| {
                let unit = p.piece_at(s).expect("a unit");
                self.geneva_frees(&model, occupied, unit, by, (s, target, target))
            })
            .fold(0, |set, s| set | bit(s))
    }
}
