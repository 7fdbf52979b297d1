//! Cage Circe on the record path: a captured unit comes back only in a cage (the reference
//! engine's `cage` module states the rule).

use feerie_oracle::rules::{CirceModel, RebirthOccupied};
use feerie_oracle::{MoveRecord, Piece};

use super::Game;
use crate::bitboard::board::{BbPosition, colour_index};

impl Game {
    /// Stage 3 under Cage Circe: `reborn` comes back on a square empty once the capture is
    /// made where it is caged, the capturer choosing (one record per square, and per promotion
    /// of a pawn reborn on its last rank, each promoted walk caged or not by itself); with no
    /// cage, not at all, unless `rebirth_occupied` is `strict`: then the capture is illegal.
    pub(super) fn reborn_in_a_cage(
        &self,
        p: &BbPosition,
        model: &CirceModel,
        mv: MoveRecord,
        reborn: Piece,
        out: &mut Vec<MoveRecord>,
    ) {
        let mut reborn_somewhere = Vec::new();
        self.reborn_on_every_empty_square(p, &mv, reborn, &mut reborn_somewhere);
        let first = out.len();
        out.extend(reborn_somewhere.into_iter().filter(|r| self.caged(p, r)));
        if out.len() == first && model.occupied == RebirthOccupied::Relaxed && !reborn.royal {
            out.push(mv);
        }
    }

    /// Whether the unit `mv` brings back has no legal move taking nothing (castling is the
    /// king's) once `mv` is made on `p`, its side to move.
    fn caged(&self, p: &BbPosition, mv: &MoveRecord) -> bool {
        let rebirth = mv.rebirth.as_ref().expect("a rebirth");
        let mut q = self.make(p, mv);
        q.side = colour_index(rebirth.piece.colour);
        let on = rebirth.square.index();
        let unit = q.piece_at(on).expect("the reborn unit");
        let mut moves = Vec::new();
        self.unit_displacements(&q, on, unit, unit.walk, &mut moves);
        !moves
            .iter()
            .filter(|m| m.capture.is_none() && m.castling.is_none())
            .any(|m| self.leaves_mover_safe(&self.make(&q, m), q.side))
    }
}
