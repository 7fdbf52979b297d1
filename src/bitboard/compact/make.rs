//! Making a compact move: the whole position after it, or (for the last ply) only the
//! units' places that the safety test reads.

use crate::bitboard::board::{
    BbPosition, KING, ROOK, WALKS, colour_index, colour_of, square, walk_at,
};
use crate::bitboard::moves::MoveKind;
use crate::bitboard::orthodox;
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::{CastlingSide, Colour, Reserve};

use super::moves::CMove;
use super::{Compact, NONE, is_pawnlike};

impl Compact {
    /// The position after a move (every stage).
    pub(super) fn make<const LATER: bool>(&self, p: &BbPosition, mv: &CMove) -> BbPosition {
        let mut n = p.clone();
        let us = p.side;
        let them = 1 - us;
        let (from, to) = (mv.from as Sq, mv.to as Sq);
        let colour = colour_of(us);
        let mover_walk = walk_at(p, from);
        // The mover's walk after mutation and promotion.
        let final_walk = if mv.walk == NONE {
            mover_walk
        } else {
            mv.walk as usize
        };
        let mover = p.piece_at(from).expect("a mover");
        let mover_royal = mover.royal;
        let mut captured = None;
        if mv.cap != NONE {
            let c = mv.cap as Sq;
            captured = p.piece_at(c);
            n.clear(c);
        }
        if let Some(side) = mv.kind.castling() {
            n.castle(colour, side);
        } else {
            n.clear(from);
            if mv.vanishes_own_unit(p) {
                vanish(&mut n, to);
            }
            n.put_orthodox(to, mover.with_walk(WALKS[final_walk]));
        }
        if mv.reb_sq != NONE {
            let s = mv.reb_sq as Sq;
            n.colours[them] |= bit(s);
            n.walks[mv.reb_walk as usize] |= bit(s);
            if captured.is_some_and(|c| c.mutable) {
                n.mark_mutable(bit(s));
            }
        }
        Self::place_delayed_and_contacts(&mut n, p, mv);
        // Castling rights, as the shared convention has them.
        if !n.castling.is_empty() {
            if mover_walk == KING {
                n.castling.clear(colour);
            }
            for s in [from, to] {
                n.castling.remove(square(s));
            }
            if mv.cap != NONE {
                n.castling.remove(square(mv.cap as Sq));
            }
            if let Some(side) = mv.kind.castling() {
                n.castling.remove(side.squares(colour)[2]);
            }
            for c in 0..2 {
                let cc = colour_of(c);
                for corner in [CastlingSide::King, CastlingSide::Queen] {
                    let rs = corner.squares(cc)[2];
                    if n.castling.contains(rs)
                        && n.colours[c] & n.walks[ROOK] & bit(rs.index()) == 0
                    {
                        n.castling.remove(rs);
                    }
                }
                let ks = CastlingSide::King.squares(cc)[0].index();
                if n.colours[c] & n.walks[KING] & n.royal & bit(ks) == 0 {
                    n.castling.remove_king(cc);
                }
            }
        }
        // Regain: a unit that becomes a rook on its own corner, and is one still once the
        // magic contacts have changed walks (a rook reborn beside a magic unit may not be).
        let mut regain = |s: Sq, c: usize, w: usize, royal: bool| {
            let cc = colour_of(c);
            let corner = [CastlingSide::King, CastlingSide::Queen]
                .iter()
                .any(|side| side.squares(cc)[2].index() == s);
            let rook_stays = n.colours[c] & n.walks[ROOK] & bit(s) != 0;
            if w == ROOK && rook_stays && !royal && corner && n.castling.king_may_castle(cc) {
                n.castling.insert(square(s));
            }
        };
        if mv.reb_sq != NONE {
            regain(mv.reb_sq as Sq, them, mv.reb_walk as usize, false);
        }
        if mv.del_sq != NONE {
            let royal = p.reserve().is_some_and(|r| r.piece.royal);
            let c = p.reserve().map_or(us, |r| colour_index(r.piece.colour));
            regain(mv.del_sq as Sq, c, mv.del_walk as usize, royal);
        }
        if mv.changed && mv.kind == MoveKind::Normal {
            regain(to, us, final_walk, mover_royal);
        }
        // En passant after a double step, when an enemy pawn could take.
        n.set_ep(if mv.kind == MoveKind::DoublePush {
            self.en_passant(&n, from, to, them, mover_royal)
        } else {
            None
        });
        if LATER {
            // The mover captured it, and the other side moves next.
            n.set_reserve(captured.map(|c| Reserve::new(c, square(mv.cap as Sq))));
        }
        let resets = mv.cap != NONE || is_pawnlike(mover_walk);
        n.halfmove = if resets { 0 } else { p.halfmove + 1 };
        if colour == Colour::Black {
            n.fullmove += 1;
        }
        n.side = them;
        n
    }

    /// The units after a move, with only what the safety test reads: the sets of colours,
    /// walks and royal units, and the en passant square of a royal pawn's double step.
    pub(super) fn place_units(&self, p: &BbPosition, mv: &CMove) -> BbPosition {
        let mut n = p.clone();
        let us = p.side;
        let them = 1 - us;
        let (from, to) = (mv.from as Sq, mv.to as Sq);
        let (fb, tb) = (bit(from), bit(to));
        let mover_walk = walk_at(p, from);
        let royal = p.royal & fb != 0;
        let magic = p.magic & fb != 0;
        if mv.cap != NONE {
            let cb = bit(mv.cap as Sq);
            n.colours[them] &= !cb;
            n.walks[walk_at(p, mv.cap as Sq)] &= !cb;
        }
        if let Some(side) = mv.kind.castling() {
            let [_, _, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
            n.colours[us] ^= fb | tb | bit(rf) | bit(rt);
            n.walks[KING] ^= fb | tb;
            n.walks[ROOK] ^= bit(rf) | bit(rt);
        } else {
            let w = if mv.walk == NONE {
                mover_walk
            } else {
                mv.walk as usize
            };
            if mv.vanishes_own_unit(p) {
                vanish(&mut n, to);
            }
            n.colours[us] ^= fb | tb;
            n.walks[mover_walk] &= !fb;
            n.walks[w] |= tb;
        }
        if royal {
            n.royal ^= fb | tb;
        }
        if magic {
            n.magic ^= fb | tb;
        }
        if let Some(side) = mv.kind.castling() {
            let [_, _, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
            if p.magic & bit(rf) != 0 {
                n.magic ^= bit(rf) | bit(rt);
            }
        }
        if mv.reb_sq != NONE {
            let s = mv.reb_sq as Sq;
            n.colours[them] |= bit(s);
            n.walks[mv.reb_walk as usize] |= bit(s);
        }
        Self::place_delayed_and_contacts(&mut n, p, mv);
        n.set_ep(
            if self.rules.switches.royal_en_passant.applies()
                && royal
                && mv.kind == MoveKind::DoublePush
            {
                self.en_passant(&n, from, to, them, royal)
            } else {
                None
            },
        );
        n
    }

    /// Stages 4 and 5 on a board: the Parrain rebirth (with the reserved unit's attributes) and
    /// the contact mutations.
    pub(super) fn place_delayed_and_contacts(n: &mut BbPosition, p: &BbPosition, mv: &CMove) {
        if mv.del_sq != NONE {
            let r = p.reserve().expect("a reserve");
            n.put_orthodox(
                mv.del_sq as Sq,
                r.piece.with_walk(WALKS[mv.del_walk as usize]),
            );
        }
        for &(s, w) in &mv.contacts[..mv.contact_count as usize] {
            let b = bit(s as Sq);
            // The compact path takes no fairy walk: the orthodox sets are all there are.
            for walk in &mut n.walks {
                *walk &= !b;
            }
            n.walks[w as usize] |= b;
        }
    }

    /// The en passant square after a double step from `from` to `to`, when a pawn of colour
    /// `them` could take there; a passed square a rebirth filled as
    /// [`crate::bitboard::rules::parrain::filled_passed_square`] says.
    pub(super) fn en_passant(
        &self,
        n: &BbPosition,
        from: Sq,
        to: Sq,
        them: usize,
        royal: bool,
    ) -> Option<(u8, u8)> {
        let filled = self.filled_passed[usize::from(royal)];
        orthodox::en_passant_right(self.t, n, from, to, them, filled)
    }
}

/// En passant onto a unit of the mover's side that a Parrain rebirth put on the passed square
/// (`parrain_en_passant: removes_own_unit`): that unit vanishes from `to` before the pawn
/// arrives. Kept out of line: the makes it would otherwise swell run for every move.
#[cold]
#[inline(never)]
fn vanish(n: &mut BbPosition, to: Sq) {
    n.clear(to);
}
