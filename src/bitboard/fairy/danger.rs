//! Danger Circe on the record path: an observed unit's move to its Plain Circe rebirth square,
//! and the check it gives a royal unit standing there (the reference engine's `danger` module
//! states the rule).

use feerie_oracle::{Capture, MoveRecord, Piece};

use super::Game;
use crate::bitboard::bits::Bits;
use crate::bitboard::board::{BbPosition, square};
use crate::bitboard::rules::circe::circe_square;
use crate::bitboard::tables::{Sq, bit};

impl Game {
    /// Whether a unit of colour index `by` other than the one on `sq` observes `sq` by its
    /// walk.
    fn observed_by(&self, p: &BbPosition, sq: Sq, by: usize) -> bool {
        self.attackers(p, sq, p.occupied(), by) & !bit(sq) != 0
    }

    /// Under Danger Circe, the move of `mover`, of the side to move, from `from` to its rebirth
    /// square, when an enemy unit observes it and the square is empty or holds an enemy unit
    /// that may be taken; a move its walk makes anyway is not listed again.
    pub(super) fn danger_jump(
        &self,
        p: &BbPosition,
        from: Sq,
        mover: Piece,
        out: &mut Vec<MoveRecord>,
    ) {
        let to = circe_square(p.side, mover.walk, from);
        if to == from || !self.observed_by(p, from, 1 - p.side) {
            return;
        }
        let mut mv = MoveRecord::displacement(mover, square(from), square(to));
        if let Some(there) = p.piece_at(to) {
            if there.colour == mover.colour || there.royal {
                return;
            }
            mv.capture = Some(Capture {
                piece: there,
                square: square(to),
            });
        }
        if !out.contains(&mv) {
            out.push(mv);
        }
    }

    /// Under Danger Circe, whether a unit of colour index `1 - c` that a unit of colour index
    /// `c` observes has the square of a royal unit of colour `c` for its rebirth square.
    pub(super) fn checked_by_jump(&self, p: &BbPosition, c: usize) -> bool {
        let royals = p.royal & p.colours[c];
        Bits(p.colours[1 - c]).any(|from| {
            let walk = p.piece_at(from).expect("a unit").walk;
            let to = circe_square(1 - c, walk, from);
            to != from && royals & bit(to) != 0 && self.observed_by(p, from, c)
        })
    }
}
