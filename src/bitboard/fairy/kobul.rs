//! Kobul Kings on the record path: after a capture the royal unit of the side that lost the
//! unit takes the captured walk, a pawn's giving it back the king's (the reference engine's
//! `kobul` module states the rule, as Popeye 4.104's `conditions/kobul.c` plays it).

use feerie_oracle::{ContactMutation, MoveRecord, Walk};

use super::Game;
use crate::bitboard::board::{BbPosition, square};
use crate::bitboard::rules::is_pawnlike;

impl Game {
    /// The record `mv` of the side to move in `p`, with the new walk of the enemy royal unit
    /// when the move takes one of its side and the walk taken is not the royal unit's own.
    pub(super) fn kobul(&self, p: &BbPosition, mut mv: MoveRecord) -> MoveRecord {
        let them = 1 - p.side;
        let royal = p.royal & p.colours[them];
        let Some(taken) = mv.capture.map(|c| c.piece.walk) else {
            return mv;
        };
        if !self.rules.kobul[them] || royal == 0 {
            return mv;
        }
        let at = royal.trailing_zeros() as usize;
        let before = p.piece_at(at).expect("the royal unit");
        // A pawn of either direction gives the king's walk.
        let walk = if is_pawnlike(taken) {
            Walk::King
        } else {
            taken
        };
        if walk != before.walk {
            mv.kobul = Some(ContactMutation {
                square: square(at),
                before,
                after: before.with_walk(walk),
            });
        }
        mv
    }
}
