//! Whether a move leaves the mover safe: attacks on royal units (magic units attack nothing,
//! `first_rank_pawns: inert` pawns neither), pins, and the attacks a mutated or reborn unit
//! makes.

use crate::bitboard::bits::Bits;
use crate::bitboard::board::{BISHOP, BbPosition, QUEEN, ROOK, WALKS};
use crate::bitboard::rules::moves_up;
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::Walk;
use feerie_oracle::rules::FirstRankPawns;

use super::{Compact, fr};

impl Compact {
    /// The enemy riders (not magic) on a line of `king_sq` that attack along it, whatever
    /// stands between.
    #[inline]
    fn snipers(&self, p: &BbPosition, king_sq: Sq) -> u64 {
        let t = self.t;
        let enemy = p.colours[1 - p.side] & !p.magic;
        t.rook(king_sq, 0) & (p.walks[ROOK] | p.walks[QUEEN]) & enemy
            | t.bishop(king_sq, 0) & (p.walks[BISHOP] | p.walks[QUEEN]) & enemy
    }

    /// Units of the side to move pinned to the king on `king_sq` by enemy riders.
    pub(super) fn pinned(&self, p: &BbPosition, king_sq: Sq) -> u64 {
        let t = self.t;
        let us = p.side;
        let occ = p.occupied();
        let mut pinned = 0;
        for s in Bits(self.snipers(p, king_sq)) {
            let blockers = t.between(king_sq, s) & occ;
            if blockers.count_ones() == 1 {
                pinned |= blockers & p.colours[us];
            }
        }
        pinned
    }

    /// The squares between the king's square `king_sq` and each enemy rider on one of its lines,
    /// on an empty board: the only squares where a unit of the side to move, added, can shield
    /// that square from an attack.
    pub(super) fn shield_lines(&self, p: &BbPosition, king_sq: Sq) -> u64 {
        Bits(self.snipers(p, king_sq)).fold(0, |lines, s| lines | self.t.between(king_sq, s))
    }

    /// Whether a unit of colour `c` and walk `w` on `s` attacks `target`, `occ` blocking.
    #[inline]
    pub(super) fn unit_attacks(&self, c: usize, s: Sq, w: usize, target: Sq, occ: u64) -> bool {
        let t = self.t;
        let k = bit(target);
        // A rider attacks along its lines only: most squares are on none, and the others need
        // only the squares between to be empty.
        let (df, dr) = ((s % 8).abs_diff(target % 8), (s / 8).abs_diff(target / 8));
        let orthogonal = df == 0 || dr == 0;
        let diagonal = df == dr;
        match WALKS[w] {
            Walk::Knight => t.knight[s] & k != 0,
            Walk::King => t.king[s] & k != 0,
            Walk::Rook => orthogonal && t.between(s, target) & occ == 0,
            Walk::Bishop => diagonal && t.between(s, target) & occ == 0,
            Walk::Queen => (orthogonal || diagonal) && t.between(s, target) & occ == 0,
            walk @ (Walk::Pawn | Walk::ReversePawn) => {
                let up = moves_up(c, walk);
                let rear = if up { 0 } else { 7 };
                if self.rules.switches.first_rank_pawns == FirstRankPawns::Inert && fr(s).1 == rear
                {
                    return false;
                }
                t.pawn[if up { 0 } else { 1 }][s] & k != 0
            }
            // The unit stands on `s`: it attacks `target` when `s` is among the squares its
            // walk attacks `target` from.
            fairy => {
                crate::bitboard::shapes::attackers_from(fairy, target, occ | bit(s)) & bit(s) != 0
            }
        }
    }

    /// Whether a unit of colour `by` attacks `sq`, the units on `occ` blocking.
    #[inline]
    pub(super) fn attacked(&self, p: &BbPosition, sq: Sq, occ: u64, by: usize) -> bool {
        self.attacks.attacked(p, sq, occ, by)
    }

    /// Whether the royal units of colour `c` are out of check: not attacked (and, with
    /// `royal_en_passant: yes`, not a royal pawn of `c` that just double-stepped and can be
    /// taken e.p.). After a move of `c`, whether the move was legal; for the side to move,
    /// whether it is not in check (no pawn of its own is the one that just double-stepped but
    /// in a position given so).
    #[inline]
    pub(super) fn safe(&self, p: &BbPosition, c: usize) -> bool {
        if self.in_check(p, c) {
            return false;
        }
        if self.rules.switches.royal_en_passant.applies()
            && let Some((target, pawn)) = p.ep()
            && p.royal & p.colours[c] & p.pawnlike() & bit(pawn as Sq) != 0
        {
            let t = target as Sq;
            let takers = self.attacks.pawns_attacking(p, t, 1 - c);
            if takers != 0 {
                return false;
            }
        }
        true
    }

    #[inline]
    pub(super) fn in_check(&self, p: &BbPosition, c: usize) -> bool {
        let occ = p.occupied();
        for r in Bits(p.royal & p.colours[c]) {
            if self.attacked(p, r, occ, 1 - c) {
                return true;
            }
        }
        false
    }
}
