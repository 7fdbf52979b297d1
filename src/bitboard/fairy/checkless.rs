//! Ohneschach (checkless chess) on the record path: a move that gives check is legal only if it
//! mates (the reference engine's `legality` module states the rule).

use feerie_oracle::rules::CHECKLESS_DEPTH;

use super::Game;
use crate::bitboard::board::BbPosition;

impl Game {
    /// Whether the position `after` a move of side `mover` may stand under Ohneschach: it gives
    /// no check, or the side in check has no legal move, its own checks judged the same way,
    /// `depth` checks deep (beyond [`CHECKLESS_DEPTH`] a check stands). Always, without it.
    pub(super) fn checkless_allows(&self, after: &BbPosition, mover: usize, depth: u32) -> bool {
        if !self.rules.checkless || !self.in_check(after, 1 - mover) {
            return true;
        }
        depth >= CHECKLESS_DEPTH || !self.has_legal_at(after, depth + 1)
    }

    /// Whether the side to move in `p` has a legal move, Ohneschach's checks asked `depth`
    /// checks deep.
    fn has_legal_at(&self, p: &BbPosition, depth: u32) -> bool {
        self.candidates(p, !0).into_iter().any(|mv| {
            let after = self.make(p, &mv);
            self.leaves_mover_safe(&after, p.side) && self.checkless_allows(&after, p.side, depth)
        })
    }
}
