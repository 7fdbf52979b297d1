//! Take&Make on the record path: a capture completed by a move of the captured unit's walk (the
//! reference engine's `take_make` module states the rule).

use feerie_oracle::{MoveRecord, Piece, Walk};

use super::{Game, promotions, push_with_promotions, rear_rank};
use crate::bitboard::board::{BbPosition, colour_index, square};

impl Game {
    /// The moves the displacement `mv` is under Take&Make, pushed to `out`: itself when it
    /// takes nothing, else one per square its make may end on (and per promotion there).
    pub(super) fn makes(&self, p: &BbPosition, mv: MoveRecord, out: &mut Vec<MoveRecord>) {
        let Some(capture) = mv.capture else {
            out.push(mv);
            return;
        };
        let mover = mv.mover;
        let victim = capture.piece;
        // The make is the move of a plain unit of the victim's walk and side, standing where
        // the capturer took, the capturer's square and the victim's left empty.
        let take = mv.to.index();
        let maker = Piece::new(victim.colour, victim.walk);
        let mut q = p.clone();
        q.clear(mv.from.index());
        q.clear(capture.square.index());
        q.put(take, maker);
        q.side = colour_index(victim.colour);
        q.set_ep(None);
        let mut found = Vec::new();
        self.unit_displacements(&q, take, maker, maker.walk, &mut found);
        let mut arrivals: Vec<usize> = (found.into_iter())
            .filter(|m| m.capture.is_none() && m.castling.is_none())
            .map(|m| m.to.index())
            .collect();
        arrivals.sort_unstable();
        arrivals.dedup();
        // A capturing pawn may not end on its side's first rank (whatever its direction).
        let base_line = rear_rank(mover.colour, Walk::Pawn);
        for to in arrivals {
            if mover.walk.is_pawn() && (to / 8) as i32 == base_line {
                continue;
            }
            let made = MoveRecord {
                to: square(to),
                promotion: None,
                ..mv.clone()
            };
            if mover.walk.is_pawn() {
                push_with_promotions(
                    made,
                    mover,
                    mover.colour,
                    &|| promotions(&self.rules, p),
                    out,
                );
            } else {
                out.push(made);
            }
        }
    }
}
