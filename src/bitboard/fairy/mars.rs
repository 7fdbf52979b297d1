//! The Mars variants on the record path: a unit makes the moves its variant starts there from
//! its rebirth square, when that square is empty or its own, and its other moves from its own
//! square; it checks from where its captures start (Mars Circe: the rebirth square; Anti-Mars
//! Circe: its own; Phantom chess: either). Popeye's readings; the reference engine's
//! `displacement` and `check` modules state the rule.

use crate::bitboard::bits::Bits;
use crate::bitboard::board::{BbPosition, ROOK, colour_index, colour_of, square, walk_index};
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::rules::{MarsModel, MarsMoves};
use feerie_oracle::{CastlingSide, MoveRecord, Piece, Walk};

use super::Game;

impl Game {
    /// The rebirth square of `unit`, standing on `sq` and moving for colour index `colour`, the
    /// square as if it were taken there; `None` for a royal unit under `rex: exclusive`, or off
    /// the board.
    fn mars_square(&self, model: &MarsModel, unit: Piece, colour: usize, sq: Sq) -> Option<Sq> {
        if unit.royal && !model.royals_move() {
            return None;
        }
        self.rebirth_squares
            .square_of(colour, unit.walk, sq, sq, sq)
    }

    /// The moves of the unit `mover` on `from` under a Mars variant: those from its own square
    /// of the kinds its variant makes there (castlings with its own right always), then those
    /// from its rebirth square, when that is empty or its own (it has left its own square then):
    /// in Phantom chess not to a square it reaches from its own, nor back to its own.
    pub(super) fn mars_displacements(
        &self,
        model: &MarsModel,
        p: &BbPosition,
        from: Sq,
        mover: Piece,
        out: &mut Vec<MoveRecord>,
    ) {
        let mut own = Vec::new();
        self.unit_displacements(p, from, mover, mover.walk, &mut own);
        let reached = own.iter().fold(0u64, |b, mv| b | bit(mv.to.index()));
        own.retain(|mv| {
            mv.castling.is_some() || model.from_own_square(mover, mv.capture.is_some())
        });
        out.append(&mut own);
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
        let every = model.moves == MarsMoves::All;
        if r != from || !every {
            self.unit_displacements(&placed, r, mover, mover.walk, &mut there);
        }
        let reached = if every { reached } else { 0 };
        there.retain(|mv| {
            mv.castling.is_none()
                && bit(mv.to.index()) & reached == 0
                && !model.is_null_move(mv, square(from), square(r))
                && model.moves.from_rebirth_square(mv.capture.is_some())
        });
        // `mars_castling: rebirth_square_too`: a royal king castles from there too, its own
        // right given (a castling from its own square with its own right is listed already),
        // and under Anti-Mars Circe with a rook put on its corner first.
        if mover.royal && mover.walk == Walk::King && model.castles_from_rebirth_square() {
            let own_castling = r == from && p.castling.king_may_castle(colour);
            placed.castling.insert_king(colour);
            if !own_castling {
                self.castlings(&placed, r, mover, &mut there);
            }
            if model.rooks_castle_from_rebirth_square() {
                self.castlings_with_a_rook_put_on_its_corner(&placed, r, mover, &mut there);
            }
        }
        out.extend(there.into_iter().map(|mv| MoveRecord {
            from: square(from),
            via: (r != from).then(|| square(r)),
            ..mv
        }));
    }

    /// Under Anti-Mars Circe, the castlings of `king` on `king_sq` with a rook of its side put
    /// first on the corner of its first rank of its square's colour, when that is empty, the
    /// rook's right given.
    fn castlings_with_a_rook_put_on_its_corner(
        &self,
        p: &BbPosition,
        king_sq: Sq,
        king: Piece,
        out: &mut Vec<MoveRecord>,
    ) {
        let first_generated = self
            .rules
            .mars
            .is_some_and(|m| m.rook_goes_to_first_castling());
        let c = colour_index(king.colour);
        let rooks = p.own(c) & p.walks[ROOK] & !p.neutral() & !p.royal;
        for s in Bits(rooks) {
            let dark = square(s).is_dark();
            let side = if CastlingSide::Queen.squares(king.colour)[2].is_dark() == dark {
                CastlingSide::Queen
            } else {
                CastlingSide::King
            };
            let corner = side.squares(king.colour)[2].index();
            if corner == s || p.occupied() & bit(corner) != 0 {
                continue;
            }
            let rook = p.piece_at(s).expect("a rook");
            let mut placed = p.clone();
            placed.clear(s);
            placed.put(corner, rook);
            placed.castling.insert(square(corner));
            let mut found = Vec::new();
            self.castlings(&placed, king_sq, king, &mut found);
            out.extend(
                found
                    .into_iter()
                    .filter(|mv| first_generated || mv.castling == Some(side))
                    .map(|mv| MoveRecord {
                        castling_rook: Some(square(s)),
                        ..mv
                    }),
            );
        }
    }

    /// The squares of the units of colour index `by` that could take a unit on `target` under a
    /// Mars variant, lines read on `occupied`: from their own square where the variant captures
    /// from there (Anti-Mars Circe, Phantom chess) or where it is their rebirth square, and from
    /// their rebirth square when it is empty (having left their own) where the variant captures
    /// from there (Mars Circe, Phantom chess).
    pub(super) fn mars_attackers(
        &self,
        model: &MarsModel,
        p: &BbPosition,
        target: Sq,
        occupied: u64,
        by: usize,
    ) -> u64 {
        let mut found = 0;
        let units = p.colours[by] & occupied & !p.magic & !bit(target);
        if model.moves.from_own_square(true) {
            // Anti-Mars Circe, Phantom chess: the units capture from their own square too.
            found |= self.attacks.attackers(p, target, occupied, by) & units;
        }
        for s in Bits(units & !found) {
            let unit = p.piece_at(s).expect("a unit");
            let Some(r) = self.mars_square(model, unit, by, s) else {
                continue;
            };
            let threatens = if r == s {
                self.attacks.reach_of(unit.walk, target, occupied, by) & bit(s) != 0
            } else if !model.moves.from_rebirth_square(true) {
                false
            } else if occupied & bit(r) == 0 && r != target {
                let moved = occupied & !bit(s) | bit(r);
                // `phantom_observation: any_unit_of_its_walk` (Popeye 4.104): with the unit
                // there, any unit of its walk.
                let observers = if model.observes_by_walk() {
                    p.set_of(walk_index(unit.walk)) & p.colours[by] & !p.magic & occupied & !bit(s)
                        | bit(r)
                } else {
                    bit(r)
                };
                self.attacks.reach_of(unit.walk, target, moved, by) & observers != 0
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

/// `mars_rook_castling: first_castling` (Anti-Mars Circe, as Popeye 4.104 generates it): of the
/// castlings made with a rook put on its corner (both sides', each judged with the rook there),
/// the first, the king's side first, puts the rook there. The other is made with no rook put
/// anywhere: on the rook's corner with no rook at all (once), and on the other side it is
/// dropped (the king's own castling; the reference engine's `legality` says more).
pub(super) fn first_generated_castlings(
    stage: &mut Vec<MoveRecord>,
    king_way_free: impl Fn(&MoveRecord) -> bool,
) {
    let mut with_rook_put: Vec<MoveRecord> = Vec::new();
    stage.retain(|mv| {
        let plain = mv.castling_rook.is_none();
        if !plain {
            with_rook_put.push(mv.clone());
        }
        plain
    });
    with_rook_put.sort_by_key(|mv| (mv.castling_rook, mv.castling != Some(CastlingSide::King)));
    let mut previous = None;
    for mv in with_rook_put {
        let Some((rook_from, corner)) = mv.castling_rook_corner() else {
            continue;
        };
        let first = previous != Some(rook_from);
        previous = Some(rook_from);
        let own_corner = mv
            .castling
            .is_some_and(|side| side.squares(mv.mover.colour)[2] == corner);
        if first {
            stage.push(mv);
        } else if own_corner {
            let without_rook = MoveRecord {
                castling_rook: None,
                ..mv
            };
            if !stage.contains(&without_rook) && king_way_free(&without_rook) {
                stage.push(without_rook);
            }
        }
    }
}
