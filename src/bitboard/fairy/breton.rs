//! Breton chess on the record path: the second unit a capture takes, removed or recoloured
//! (the reference engine's `breton` module states the rule).

use feerie_oracle::rules::BretonTime;
use feerie_oracle::{BretonEffect, MoveRecord};

use super::Game;
use crate::bitboard::bits::Bits;
use crate::bitboard::board::{BbPosition, colour_index, colour_of, square, walk_index};

impl Game {
    /// Under Breton chess, `mv` once per unit of the captured walk of the side the rule names
    /// (on the board after the displacement, the capturer judged before or after it promotes),
    /// or as it is when none stands or it takes nothing.
    pub(super) fn breton(&self, p: &BbPosition, mv: MoveRecord, out: &mut Vec<MoveRecord>) {
        let (Some(rule), Some(capture)) = (self.rules.breton, mv.capture) else {
            out.push(mv);
            return;
        };
        let before = rule.time == BretonTime::BeforePromotion;
        let hit = colour_index(rule.side_hit(colour_of(p.side)));
        // The board after the displacement; the capturer, before its promotion, as it arrived.
        let mut after = self.apply_board(p, &mv);
        let to = mv.to.index();
        if before {
            after.clear(to);
            after.put(to, mv.mover);
        }
        let of_walk = after.set_of(walk_index(capture.piece.walk));
        let neutral = after.neutral();
        // A neutral unit stands for both sides: it counts only when judged after the
        // promotion (Popeye's `PY`).
        let counted = match before {
            true => of_walk & after.own(hit),
            false => of_walk & (after.own(hit) | neutral),
        };
        if counted == 0 {
            out.push(mv);
            return;
        }
        for s in Bits(counted) {
            let piece = after.piece_at(s).expect("a unit of the captured walk");
            let mut x = mv.clone();
            if before && s == to {
                // Removed or recoloured before it promotes, it does not promote.
                x.promotion = None;
            }
            x.breton = Some(BretonEffect {
                square: square(s),
                piece,
                recolour: rule.chromatic,
                before_promotion: before,
            });
            out.push(x);
        }
    }
}
