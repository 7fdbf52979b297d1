//! Mars Circe on the record path: a unit captures from its rebirth square, when that square is
//! empty or its own, and checks from there (Popeye's reading; the reference engine's
//! `displacement` and `check` modules state the rule).

use crate::bitboard::bits::Bits;
use crate::bitboard::board::{BbPosition, colour_index, colour_of, square};
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::rules::MarsModel;
use feerie_oracle::{MoveRecord, Piece, Walk};

use super::Game;

impl Game {
    /// The square `unit`, standing on `sq` and moving for colour index `colour`, captures
    /// from: its rebirth square as if it were taken there; `None` for a royal unit under
    /// `rex: exclusive`, or off the board.
    fn mars_square(&self, model: &MarsModel, unit: Piece, colour: usize, sq: Sq) -> Option<Sq> {
        if unit.royal && !model.royals_move() {
            return None;
        }
        self.rebirth_squares
            .square_of(colour, unit.walk, sq, sq, sq)
    }

    /// The moves of the unit `mover` on `from` under Mars Circe: those from its own square that
    /// take nothing, then its captures from its rebirth square, when that is empty or its own
    /// (it has left its own square then).
    pub(super) fn mars_displacements(
        &self,
        model: &MarsModel,
        p: &BbPosition,
        from: Sq,
        mover: Piece,
        out: &mut Vec<MoveRecord>,
    ) {
        let mut own = Vec::new();
        self.unit_displacements(p, from, mover, &mut own);
        out.extend(own.into_iter().filter(|mv| mv.capture.is_none()));
        let colour = mover.colour_for(colour_of(p.side));
        let Some(r) = self.mars_square(model, mover, colour_index(colour), from) else {
            return;
        };
        if r != from && p.occupied() & bit(r) != 0 {
            return;
        }
        let mut placed = p.clone();
        placed.clear(from);
        placed.put(r, mover);
        let mut there = Vec::new();
        self.unit_displacements(&placed, r, mover, &mut there);
        there.retain(|mv| mv.capture.is_some());
        // `mars_castling: rebirth_square_too`: a royal king castles from there too, its own
        // right given (a castling from its own square with its own right is listed already).
        let own_castling = r == from && p.castling.king_may_castle(colour);
        if mover.royal
            && mover.walk == Walk::King
            && model.castles_from_rebirth_square()
            && !own_castling
        {
            placed.castling.insert_king(colour);
            self.castlings(&placed, r, mover, &mut there);
        }
        out.extend(there.into_iter().map(|mv| MoveRecord {
            from: square(from),
            via: (r != from).then(|| square(r)),
            ..mv
        }));
    }

    /// The squares of the units of colour index `by` that could take a unit on `target` under
    /// Mars Circe, lines read on `occupied`: from their own square when it is their rebirth
    /// square, else from their rebirth square when it is empty (having left their own).
    pub(super) fn mars_attackers(
        &self,
        model: &MarsModel,
        p: &BbPosition,
        target: Sq,
        occupied: u64,
        by: usize,
    ) -> u64 {
        let mut found = 0;
        for s in Bits(p.colours[by] & occupied & !p.magic & !bit(target)) {
            let unit = p.piece_at(s).expect("a unit");
            let Some(r) = self.mars_square(model, unit, by, s) else {
                continue;
            };
            let threatens = if r == s {
                self.attacks.reach_of(unit.walk, target, occupied, by) & bit(s) != 0
            } else if occupied & bit(r) == 0 && r != target {
                let moved = occupied & !bit(s) | bit(r);
                self.attacks.reach_of(unit.walk, target, moved, by) & bit(r) != 0
            } else {
                false
            };
            if threatens {
                found |= bit(s);
            }
        }
        found
    }
}
