//! Make&Take on the record path: a capture preceded by a make, a move of the taken unit's
//! walk that takes nothing, and check judged by such captures (the reference engine's
//! `make_take` module states the rule).

use feerie_oracle::{CastlingSide, MoveRecord, Piece, Walk};

use super::Game;
use crate::bitboard::bits::Bits;
use crate::bitboard::board::{BbPosition, colour_index, colour_of, square};
use crate::bitboard::tables::{Sq, bit};

impl Game {
    /// The squares a make from `from` may end on: the moves that take nothing of a plain unit
    /// of `walk` and colour index `colour` standing there (castling aside).
    fn make_ends(&self, p: &BbPosition, from: Sq, colour: usize, walk: Walk) -> u64 {
        let occ = p.occupied();
        if walk == Walk::King {
            return self.t.king[from] & !occ;
        }
        let mut q = p.clone();
        q.clear(from);
        (self
            .make_squares(q, from, Piece::new(colour_of(colour), walk))
            .into_iter())
        .fold(0, |ends, s| ends | bit(s))
    }

    /// Where a unit on the home square of the king of colour index `colour` may end a make by
    /// castling as that king: g1 (c1) for White, when that corner's rook keeps its right and
    /// the squares between are empty.
    fn castling_make_ends(&self, p: &BbPosition, from: Sq, colour: usize) -> u64 {
        let occ = p.occupied();
        let mut ends = 0;
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let [king_from, king_to, rook_from, _] = side.squares(colour_of(colour));
            let (king_from, rook_from) = (king_from.index(), rook_from.index());
            if from == king_from
                && p.castling.contains(square(rook_from))
                && self.t.between(king_from, rook_from) & occ == 0
            {
                ends |= bit(king_to.index());
            }
        }
        ends
    }

    /// Pushes to `out` the captures of the unit `mover` on `from`: for each walk of the enemy
    /// units, a make of that walk, then a capture of a unit of that walk by the mover's own
    /// walk from where the make ends, its own square left empty.
    pub(super) fn make_take_captures(
        &self,
        p: &BbPosition,
        from: Sq,
        mover: Piece,
        out: &mut Vec<MoveRecord>,
    ) {
        let victims = 1 - colour_index(mover.colour);
        let mut walks: Vec<Walk> = Bits(p.colours[victims] & !p.royal)
            .filter_map(|sq| p.piece_at(sq).map(|u| u.walk))
            .collect();
        walks.sort();
        walks.dedup();
        let first = out.len();
        for walk in walks {
            for end in Bits(self.make_ends(p, from, victims, walk)) {
                let mut q = p.clone();
                q.clear(from);
                q.put(end, mover);
                let mut found = Vec::new();
                self.unit_displacements(&q, end, mover, mover.walk, &mut found);
                for mut r in found {
                    let Some(capture) = r.capture else { continue };
                    if capture.piece.walk != walk || colour_index(capture.piece.colour) != victims {
                        continue;
                    }
                    r.from = square(from);
                    if !out[first..].contains(&r) {
                        out.push(r);
                    }
                }
            }
        }
    }

    /// Under Make&Take, whether a royal unit of colour index `c` is in check: an enemy unit
    /// could make a move of its walk (or castle as its king, standing on the king's home
    /// square, the rook staying on its corner) and attack it from there by its own walk.
    pub(super) fn make_take_in_check(&self, p: &BbPosition, c: usize) -> bool {
        for r in Bits(p.royal & p.colours[c]) {
            let royal = p.piece_at(r).expect("a royal unit");
            for a in Bits(p.colours[1 - c] & !p.magic) {
                let unit = p.piece_at(a).expect("a unit");
                let mut ends = self.make_ends(p, a, c, royal.walk);
                if royal.walk == Walk::King {
                    ends |= self.castling_make_ends(p, a, c);
                }
                for end in Bits(ends) {
                    let mut q = p.clone();
                    q.clear(a);
                    q.put(end, unit);
                    if self.attacks.attackers(&q, r, q.occupied(), 1 - c) & bit(end) != 0 {
                        return true;
                    }
                }
            }
        }
        false
    }
}
