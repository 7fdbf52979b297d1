//! The position after a move record: its board (displacement, mutation and promotion,
//! rebirths, contacts), castling rights, en passant, the Parrain reserve and the clocks.

use crate::bitboard::board::{BbPosition, KING, ROOK, colour_index, colour_of, square};
use crate::bitboard::orthodox;
use crate::bitboard::rules::{at, file, is_pawnlike, parrain, rank};
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::{CastlingSide, Colour, MoveRecord, Piece, Reserve, Walk};

use super::{Game, double_rank};

impl Game {
    /// The board of a record: displacement, mutation and promotion, rebirths, contacts.
    pub(super) fn apply_board(&self, p: &BbPosition, mv: &MoveRecord) -> BbPosition {
        let mut n = p.clone();
        if let Some(side) = mv.castling {
            if let Some(via) = mv.via {
                // Mars Circe: the king castles from its rebirth square.
                let king = p.piece_at(mv.from.index()).expect("the castling king");
                n.clear(mv.from.index());
                n.put(via.index(), king);
            }
            if let Some((rook_from, corner)) = mv.castling_rook_corner() {
                // Anti-Mars Circe: a rook put on its corner first.
                let rook = p.piece_at(rook_from.index()).expect("the castling rook");
                n.clear(rook_from.index());
                n.put(corner.index(), rook);
            }
            let [king_from, king_to, rook_from, _] = side.squares(colour_of(p.side));
            if n.piece_at(rook_from.index()).is_some() {
                n.castle(colour_of(p.side), side);
            } else {
                // `mars_rook_castling: first_castling`: Popeye's castling with no rook.
                let king = n.piece_at(king_from.index()).expect("the castling king");
                n.clear(king_from.index());
                n.put(king_to.index(), king);
            }
        } else {
            n.clear(mv.from.index());
            if let Some(c) = mv.capture {
                n.clear(c.square.index());
            }
            n.clear(mv.to.index());
            n.put(mv.to.index(), mv.final_mover());
        }
        for r in mv.rebirth.iter().chain(mv.delayed_rebirth.iter()) {
            let piece = r.promotion.map_or(r.piece, |w| r.piece.with_walk(w));
            if let Some(from) = r.from {
                n.clear(from.index());
            }
            n.clear(r.square.index());
            n.put(r.square.index(), piece);
        }
        for c in &mv.contact_mutations {
            n.clear(c.square.index());
            n.put(c.square.index(), c.after);
        }
        // Kobul Kings: the enemy royal unit with the walk taken.
        if let Some(k) = &mv.kobul {
            n.clear(k.square.index());
            n.put(k.square.index(), k.after);
        }
        // Breton chess: the second unit leaves the board or changes side.
        if let Some(b) = mv.breton {
            let s = b.square.index();
            let unit = n.piece_at(s);
            n.clear(s);
            if let Some(unit) = unit.filter(|_| b.recolour) {
                n.put(
                    s,
                    Piece {
                        colour: !unit.colour,
                        ..unit
                    },
                );
            }
        }
        n
    }

    /// The position after a record.
    pub fn make(&self, p: &BbPosition, mv: &MoveRecord) -> BbPosition {
        let mut n = self.apply_board(p, mv);
        // Imitator chess: the imitators where the move took them, and a pawn promoted into
        // one.
        if let Some(imitators) = mv.imitators {
            n.set_imitators(imitators);
        }
        if mv.imitator_promotion {
            n.clear(mv.to.index());
            n.set_imitators(n.imitator_list().with(mv.to));
        }
        let us = p.side;
        let colour = colour_of(us);
        // Castling rights. Where a king can come back to its square (Circe rex inclusive,
        // Anticirce), the rooks' rights outlive the king's own.
        // So they do where a king castles from its Mars rebirth square without its own right.
        // Under Make&Take too, whose castling as a make needs the rook's right alone.
        let rooks_outlive_king = self.rules.rook_rights_outlive_king();
        if mv.mover.walk == Walk::King {
            if rooks_outlive_king {
                n.castling.remove_king_only(colour);
            } else {
                n.castling.clear(colour);
            }
        }
        let touched = [
            Some(mv.from),
            Some(mv.to),
            mv.capture.map(|c| c.square),
            mv.castling.map(|side| side.squares(colour)[2]),
            mv.castling_rook,
        ];
        for s in touched.into_iter().flatten() {
            n.castling.remove(s);
        }
        for c in [Colour::White, Colour::Black] {
            let ci = colour_index(c);
            for corner in [CastlingSide::King, CastlingSide::Queen] {
                let rs = corner.squares(c)[2];
                let rook_there = n.own(ci) & n.walks[ROOK] & bit(rs.index()) != 0;
                if n.castling.contains(rs) && !rook_there {
                    n.castling.remove(rs);
                }
            }
            let ks = CastlingSide::King.squares(c)[0].index();
            if n.colours[ci] & n.walks[KING] & n.royal & bit(ks) == 0 {
                if rooks_outlive_king {
                    n.castling.remove_king_only(c);
                } else {
                    n.castling.remove_king(c);
                }
            }
        }
        // A unit that becomes a rook on its own corner regains that corner's right.
        let mut became: Vec<(Sq, Piece)> = Vec::new();
        for r in mv.rebirth.iter().chain(mv.delayed_rebirth.iter()) {
            became.push((
                r.square.index(),
                r.promotion.map_or(r.piece, |w| r.piece.with_walk(w)),
            ));
        }
        // With `mutation_castling: every_capture`, so does a capturer that may mutate and
        // keeps its walk.
        let renewed = mv.capture.is_some()
            && self
                .mutation
                .renews(mv.mover.royal, p.mutable() != 0, mv.mover.mutable);
        // So does a unit that changes colour there (Andernach).
        if mv.mutation.is_some() || mv.promotion.is_some() || mv.colour_change.is_some() || renewed
        {
            became.push((mv.to.index(), mv.final_mover()));
        }
        if let Some(k) = &mv.kobul {
            became.push((k.square.index(), k.after));
        }
        // So does a rook Breton Chromatic recolours there.
        if let Some(b) = mv.breton.filter(|b| b.recolour)
            && let Some(unit) = n.piece_at(b.square.index())
        {
            became.push((b.square.index(), unit));
        }
        for (s, piece) in became {
            let corner = [CastlingSide::King, CastlingSide::Queen]
                .iter()
                .any(|side| side.squares(piece.colour)[2].index() == s);
            // A neutral rook belongs to neither side: it has no castling right.
            if piece.walk == Walk::Rook
                && !piece.royal
                && !piece.neutral
                && corner
                && (n.castling.king_may_castle(piece.colour) || rooks_outlive_king)
                && n.piece_at(s) == Some(piece)
            {
                n.castling.insert(square(s));
            }
            // A king reborn on its own square regains its right.
            if piece.walk == Walk::King
                && rooks_outlive_king
                && s == CastlingSide::King.squares(piece.colour)[0].index()
                && n.piece_at(s) == Some(piece)
            {
                n.castling.insert_king(piece.colour);
            }
        }
        // En passant: after a double step, when an enemy pawn could take.
        n.set_ep(None);
        let m = mv.mover;
        let pawnlike = is_pawnlike(m.walk);
        // Under Anti-Mars Circe and in Phantom chess a pawn may step from its rebirth square.
        let (from, to) = (mv.via.unwrap_or(mv.from).index(), mv.to.index());
        // A neutral pawn is magic, so never taken: its double step gives no right to record.
        // Under Annan chess a pawn moving by a walk the unit behind it lends makes no double step
        // (Popeye gives the right only to a pawn's own double step).
        let behind = if m.colour == Colour::White { -1 } else { 1 };
        let lent = self.rules.annan
            && at(file(from), rank(from) + behind)
                .and_then(|s| p.piece_at(s))
                .is_some_and(|u| u.colour == m.colour && u.walk != m.walk);
        if pawnlike
            && !lent
            && !m.neutral
            && mv.capture.is_none()
            && mv.promotion.is_none()
            && mv.castling.is_none()
            && (rank(to) - rank(from)).abs() == 2
            && rank(from) == double_rank(m.colour, m.walk)
        {
            let them = colour_index(!m.colour);
            // Under Annan chess the units that take as pawns by the walk lent from behind.
            let annanised = self.rules.annan.then(|| n.annanised(them));
            // Under Make&Take a pawn takes after a make, from wherever it stands: the right is
            // kept whichever pawns attack the passed square.
            let passed = (from + to) / 2;
            let right = if self.rules.make_and_take {
                (n.occupied() & bit(passed) == 0).then_some((passed as u8, to as u8))
            } else {
                orthodox::en_passant_right(
                    self.t,
                    annanised.as_ref().unwrap_or(&n),
                    from,
                    to,
                    them,
                    parrain::filled_passed_square(&self.rules, m.royal),
                )
            };
            n.set_ep(right);
        }
        n.set_reserve(if self.parrain() {
            // The mover captured it, and the other side moves next.
            mv.capture.map(|c| Reserve::new(c.piece, c.square))
        } else {
            None
        });
        n.halfmove = if mv.capture.is_some() || pawnlike {
            0
        } else {
            p.halfmove + 1
        };
        if colour == Colour::Black {
            n.fullmove += 1;
        }
        n.side = 1 - us;
        n
    }
}
