//! Stage 1 of the record path: the pseudo-legal displacements of the side to move as move
//! records, and the tests on castling and on a royal rider's passage.

use crate::bitboard::bits::Bits;
use crate::bitboard::board::{BbPosition, colour_of, square};
use crate::bitboard::rules::{at, file, is_pawnlike, is_rider, parrain, rank};
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::rules::{FirstRankPawns, RoyalRiderPassage};
use feerie_oracle::{Capture, CastlingSide, MoveRecord, Piece, Walk};

use super::{Game, double_rank, forward, promotions, push_with_promotions, rear_rank};

impl Game {
    /// May `mover` take the unit on `sq`?
    pub(super) fn capturable(&self, p: &BbPosition, mover: Piece, sq: Sq) -> Option<Piece> {
        let victim = p.piece_at(sq)?;
        let royal_ok = !victim.royal || self.rules.circe.is_some_and(|m| m.reborn_royals());
        (victim.colour != mover.colour && !victim.magic && !mover.magic && royal_ok)
            .then_some(victim)
    }

    /// Stage 1: the pseudo-legal displacements of the side to move, its own units and the
    /// neutral ones (which stand in both colour sets).
    pub(super) fn displacements(&self, p: &BbPosition, out: &mut Vec<MoveRecord>) {
        // Under Annan chess a unit moves by the walk of the unit of its side behind it.
        let borrowed = self.rules.annan.then(|| p.annanised(p.side));
        // Under Madrasi a paralysed unit makes no move.
        for from in Bits(self.unparalysed(p, p.colours[p.side])) {
            let mover = p.piece_at(from).expect("a unit");
            match &self.rules.mars {
                // Under Make&Take a capture comes after a make, generated apart.
                None if self.rules.make_and_take => {
                    let first = out.len();
                    self.unit_displacements(p, from, mover, mover.walk, out);
                    let quiet: Vec<MoveRecord> =
                        out.drain(first..).filter(|r| r.capture.is_none()).collect();
                    out.extend(quiet);
                    self.make_take_captures(p, from, mover, out);
                }
                None => {
                    let walk = borrowed
                        .as_ref()
                        .and_then(|b| b.piece_at(from))
                        .map_or(mover.walk, |u| u.walk);
                    self.unit_displacements(p, from, mover, walk, out)
                }
                Some(model) => self.mars_displacements(model, p, from, mover, out),
            }
            // Under Danger Circe an observed unit may move to its rebirth square too.
            if self.rules.danger_circe {
                self.danger_jump(p, from, mover, out);
            }
        }
    }

    /// The pseudo-legal displacements of the unit `mover` on `from`, by the walk `walk` (its
    /// own, or under Annan chess the walk of the unit behind it).
    pub(super) fn unit_displacements(
        &self,
        p: &BbPosition,
        from: Sq,
        mover: Piece,
        walk: Walk,
        out: &mut Vec<MoveRecord>,
    ) {
        let t = self.t;
        let own = p.colours[p.side];
        let occ = p.occupied();
        let Some(reach) = t.piece_reach(walk, from, occ) else {
            self.pawn_moves(p, from, mover, walk, out);
            return;
        };
        // A pawn moving by another walk (Annan chess) promotes on its last rank too.
        let colour = mover.colour_for(colour_of(p.side));
        let promoting = is_pawnlike(mover.walk);
        for to in Bits(reach & !own) {
            let mut r = MoveRecord::displacement(mover, square(from), square(to));
            if occ & bit(to) != 0 {
                let Some(victim) = self.capturable(p, mover, to) else {
                    continue;
                };
                r.capture = Some(Capture {
                    piece: victim,
                    square: square(to),
                });
            }
            if promoting {
                push_with_promotions(r, mover, colour, &|| promotions(&self.rules, p), out);
            } else {
                out.push(r);
            }
        }
        // Castling is a king's move by its own walk.
        if mover.walk == Walk::King && walk == Walk::King {
            self.castlings(p, from, mover, out);
        }
    }

    /// The moves of the unit `mover` on `from` by the pawn walk `walk` (its own, or under
    /// Annan chess the walk of the unit behind it).
    pub(super) fn pawn_moves(
        &self,
        p: &BbPosition,
        from: Sq,
        mover: Piece,
        walk: Walk,
        out: &mut Vec<MoveRecord>,
    ) {
        let occ = p.occupied();
        // A neutral pawn moves as a pawn of the side moving it (RULES.md §6).
        let colour = mover.colour_for(colour_of(p.side));
        let dir = forward(colour, walk);
        if rank(from) == rear_rank(colour, walk)
            && self.rules.switches.first_rank_pawns != FirstRankPawns::Step
        {
            return;
        }
        let with_promotions = |r: MoveRecord, out: &mut Vec<MoveRecord>| {
            push_with_promotions(r, mover, colour, &|| promotions(&self.rules, p), out);
        };
        if let Some(one) = at(file(from), rank(from) + dir).filter(|&s| occ & bit(s) == 0) {
            with_promotions(
                MoveRecord::displacement(mover, square(from), square(one)),
                out,
            );
            if rank(from) == double_rank(colour, walk)
                && let Some(two) =
                    at(file(from), rank(from) + 2 * dir).filter(|&s| occ & bit(s) == 0)
            {
                out.push(MoveRecord::displacement(mover, square(from), square(two)));
            }
        }
        for df in [-1, 1] {
            let Some(to) = at(file(from) + df, rank(from) + dir) else {
                continue;
            };
            if let Some(victim) = self.capturable(p, mover, to) {
                let mut r = MoveRecord::displacement(mover, square(from), square(to));
                r.capture = Some(Capture {
                    piece: victim,
                    square: square(to),
                });
                with_promotions(r, out);
            } else if let Some((target, pawn)) = p.ep()
                && target as Sq == to
                && parrain::en_passant_open(&self.rules, p, to)
                && let Some(victim) = self
                    .capturable(p, mover, pawn as Sq)
                    .filter(|v| v.walk == Walk::Pawn || v.walk == Walk::ReversePawn)
            {
                let mut r = MoveRecord::displacement(mover, square(from), square(to));
                r.capture = Some(Capture {
                    piece: victim,
                    square: square(pawn as Sq),
                });
                r.en_passant = true;
                out.push(r);
            }
        }
    }

    pub(super) fn castlings(
        &self,
        p: &BbPosition,
        from: Sq,
        king: Piece,
        out: &mut Vec<MoveRecord>,
    ) {
        if !p.castling.king_may_castle(king.colour) {
            return;
        }
        let occ = p.occupied();
        for rook_sq in p.castling.of(king.colour) {
            let Some(side) = CastlingSide::of_rook_square(rook_sq) else {
                continue;
            };
            let [kf, kt, rf, rt] = side.squares(king.colour).map(|s| s.index());
            if from != kf || rf != rook_sq.index() {
                continue;
            }
            let rook_ok = p
                .piece_at(rf)
                .is_some_and(|r| r.colour == king.colour && !r.neutral && r.walk == Walk::Rook)
                && !self.paralysed_rook_stays(p, rf);
            let span = (self.t.between(kf, rf) | bit(kt) | bit(rt)) & !bit(kf) & !bit(rf);
            if rook_ok && span & occ == 0 {
                let mut r = MoveRecord::displacement(king, square(kf), square(kt));
                r.castling = Some(side);
                out.push(r);
            }
        }
    }

    /// Castling: not out of check, not over an attacked square.
    pub(super) fn castling_safe(&self, p: &BbPosition, mv: &MoveRecord) -> bool {
        if mv.castling.is_none() {
            return true;
        }
        let from = mv.from.index();
        let king = p.piece_at(from).expect("the castling king");
        let rook_put = mv.castling_rook_corner();
        // The position with the king on `s`, and under Anti-Mars Circe the rook put on its
        // corner first (the king leaves first: the corner may be its square).
        let king_on = |s: Sq| {
            let mut q = p.clone();
            q.clear(from);
            if let Some((rook_from, corner)) = rook_put {
                let rook = p.piece_at(rook_from.index()).expect("the castling rook");
                q.clear(rook_from.index());
                q.put(corner.index(), rook);
            }
            q.put(s, king);
            q
        };
        // Castling from the Mars rebirth square: the king must not be in check there, its own
        // square left.
        let start = mv.via.map_or(from, |via| via.index());
        let at_start = if mv.via.is_none() && rook_put.is_none() {
            self.in_check(p, p.side)
        } else {
            self.in_check(&king_on(start), p.side)
        };
        if at_start {
            return false;
        }
        let to = mv.to.index();
        // Under Imitator chess the king's step onto the square it crosses must be a legal
        // move of its own, the imitators following it.
        if self.rules.imitator {
            return Bits(self.t.between(start, to)).all(|s| self.imitated_step(p, from, s));
        }
        if self.rules.circe.is_some_and(|m| m.check_reads_rebirth())
            || self.rules.mars.is_some()
            || self.rules.observation.is_some()
            || self.rules.sat
            || self.rules.koeko.is_some()
            || self.rules.patrol.is_some()
            || self.rules.geneva.is_some()
            || self.rules.grid.is_some()
            || self.rules.danger_circe
            || self.rules.make_and_take
        {
            // With rex inclusive, or under Anticirce, the king may cross a square where it
            // would not be in check (attacked, but able to be reborn, or by a unit that could
            // not be); under Mars Circe, one where it would not be in check standing there
            // (its own square left, it may be an enemy unit's rebirth square); under Madrasi and
            // Isardam, where the king standing there changes who observes whom; under SAT, where
            // check is a flight from there; under Koeko, where a check is a capture that may end
            // there; under Patrol chess and Lortap, where the king standing there changes which
            // units are supported; under Grid chess, where a unit in the king's cell may check it
            // there, through the square it left; under Danger Circe, where the king standing
            // there changes which enemy units it observes; under Make&Take, where a make may end
            // on the square the king left; under Geneva chess, where the square the king left
            // may be a checker's rebirth square.
            return Bits(self.t.between(start, to)).all(|s| !self.in_check(&king_on(s), p.side));
        }
        let crossed = self.t.between(from, to) | bit(from);
        let occ = p.occupied();
        Bits(crossed).all(|s| self.attackers(p, s, occ, 1 - p.side) == 0)
    }

    /// `royal_rider_passage: safe`: a royal rider crosses no attacked square.
    pub(super) fn passage_safe(&self, p: &BbPosition, mv: &MoveRecord) -> bool {
        if self.rules.switches.royal_rider_passage == RoyalRiderPassage::Free
            || !mv.mover.royal
            || !is_rider(mv.mover.walk)
            || mv.castling.is_some()
        {
            return true;
        }
        let (from, to) = (mv.from.index(), mv.to.index());
        let crossed = crate::bitboard::shapes::crossed(mv.mover.walk, from, to);
        if self.rules.observation.is_some() {
            // Who is paralysed is judged on the board without the rider (and without the en
            // passant observation, which the board alone does not hold), as the reference
            // engine judges it.
            let mut without = p.clone();
            without.clear(from);
            without.set_ep(None);
            let occ = without.occupied();
            return Bits(crossed).all(|s| self.attackers(&without, s, occ, 1 - p.side) == 0);
        }
        let occ = p.occupied() & !bit(from);
        Bits(crossed).all(|s| self.attackers(p, s, occ, 1 - p.side) == 0)
    }
}
