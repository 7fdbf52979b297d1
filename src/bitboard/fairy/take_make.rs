//! Take&Make on the record path: a capture completed by a move of the captured unit's walk (the
//! reference engine's `take_make` module states the rule).

use feerie_oracle::{MoveRecord, Piece, Walk};

use super::{Game, promotions, push_with_promotions, rear_rank};
use crate::bitboard::board::{BbPosition, colour_index, square};
use crate::bitboard::rules::circe::Rebirth as Fate;

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
        let mut q = p.clone();
        q.clear(mv.from.index());
        q.clear(capture.square.index());
        let arrivals = self.make_squares(q, take, Piece::new(victim.colour, victim.walk));
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

    /// The squares a plain unit `maker`, put on `on` of `q`, reaches by a move that takes
    /// nothing and is no castling, moving as its side would: a make's arrivals, each once.
    pub(super) fn make_squares(&self, mut q: BbPosition, on: usize, maker: Piece) -> Vec<usize> {
        q.put(on, maker);
        q.side = colour_index(maker.colour);
        q.set_ep(None);
        let mut found = Vec::new();
        self.unit_displacements(&q, on, maker, maker.walk, &mut found);
        let mut arrivals: Vec<usize> = (found.into_iter())
            .filter(|m| m.capture.is_none() && m.castling.is_none())
            .map(|m| m.to.index())
            .collect();
        arrivals.sort_unstable();
        arrivals.dedup();
        arrivals
    }

    /// Stage 3 under Circe Take&Make: `reborn` comes back where it could make a move taking
    /// nothing from the square it was taken on (en passant: the taken pawn's square), standing
    /// there in the capturer's stead once the capture is made; one record per square (and per
    /// promotion), none when it has no such square: the capture is illegal.
    pub(super) fn reborn_where_it_makes(
        &self,
        p: &BbPosition,
        mv: MoveRecord,
        reborn: Piece,
        out: &mut Vec<MoveRecord>,
    ) {
        let taken = mv.capture.expect("a capture").square.index();
        let mut q = p.clone();
        q.clear(mv.from.index());
        q.clear(taken);
        q.put(mv.to.index(), mv.final_mover());
        let maker = Piece::new(reborn.colour, reborn.walk);
        for s in self.make_squares(q, taken, maker) {
            self.settle(p, Fate::On(s), mv.clone(), reborn, None, out);
        }
    }
}
