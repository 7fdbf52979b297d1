//! Stage 1, generation: the pseudo-legal displacements of the side to move, each passed on
//! to the later stages ([`super::stages`]); filtered by mover and arrival square for the paths
//! that need only some of them.

use crate::bitboard::bits::Bits;
use crate::bitboard::board::{BbPosition, KING, ORTHODOX_WALKS, ROOK, colour_of, square};
use crate::bitboard::moves::MoveKind;
use crate::bitboard::rules::{at, moves_up, parrain};
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::rules::FirstRankPawns;
use feerie_oracle::{CastlingSide, Walk};

use super::moves::CMove;
use super::{Compact, NONE, PROMOTIONS, fr};

impl Compact {
    /// Every pseudo-legal move with all its stages, given to `emit`.
    pub(super) fn generate<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        emit: &mut impl FnMut(CMove),
    ) {
        self.generate_from::<MUTATE, NOW, LATER>(p, false, emit);
    }

    /// Every pseudo-legal move (only the captures when `captures_only`), stages included.
    pub(super) fn generate_from<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        captures_only: bool,
        emit: &mut impl FnMut(CMove),
    ) {
        self.generate_filtered::<MUTATE, NOW, LATER>(p, captures_only, !0, &|_, _, _| true, emit);
    }

    /// As [`Self::generate_from`], for the units on `movers` only, keeping the displacements
    /// `admit` accepts (from, to, kind).
    pub(super) fn generate_filtered<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        captures_only: bool,
        movers: u64,
        admit: &impl Fn(Sq, Sq, MoveKind) -> bool,
        emit: &mut impl FnMut(CMove),
    ) {
        self.generate_arriving::<MUTATE, NOW, LATER>(p, captures_only, movers, !0, admit, emit);
    }

    /// As [`Self::generate_filtered`], the displacements other than castling arriving on
    /// `arrivals` only (which spares generating the others).
    pub(super) fn generate_arriving<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        captures_only: bool,
        movers: u64,
        arrivals: u64,
        admit: &impl Fn(Sq, Sq, MoveKind) -> bool,
        emit: &mut impl FnMut(CMove),
    ) {
        let t = self.t;
        let us = p.side;
        let own = p.colours[us];
        if movers & own == 0 {
            return;
        }
        let enemy = p.colours[1 - us];
        let occ = own | enemy;
        // Royal units cannot be taken on this path (no Circe rex inclusive); magic units
        // neither take nor are taken.
        let enemy_takeable = enemy & !p.royal & !p.magic;
        let mut stages = |from: Sq, to: Sq, kind: MoveKind, cap: u8, promo: u8| {
            let arrives = arrivals & bit(to) != 0 || kind.castling().is_some();
            if arrives && admit(from, to, kind) {
                self.stages::<MUTATE, NOW, LATER>(p, from, to, kind, cap, promo, emit);
            }
        };
        // The compact path takes no fairy walk (see `Plan::path`).
        for (w, &walk) in ORTHODOX_WALKS.iter().enumerate() {
            for from in Bits(p.walks[w] & own & movers) {
                let takeable = if p.magic & bit(from) != 0 {
                    0
                } else {
                    enemy_takeable
                };
                let Some(reach) = t.piece_reach(walk, from, occ) else {
                    let up = moves_up(us, walk);
                    self.pawn_displacements::<MUTATE>(
                        p,
                        from,
                        up,
                        takeable,
                        captures_only,
                        &mut stages,
                    );
                    continue;
                };
                let reach = reach & arrivals;
                for to in Bits(if captures_only { 0 } else { reach & !occ }) {
                    stages(from, to, MoveKind::Normal, NONE, NONE);
                }
                for to in Bits(reach & takeable) {
                    stages(from, to, MoveKind::Normal, to as u8, NONE);
                }
                if walk == Walk::King && !captures_only {
                    self.castlings(p, from, occ, &mut stages);
                }
            }
        }
    }

    /// The displacements of the pawn-like unit on `from` moving up (toward rank 8) or down,
    /// taking the units on `takeable`, given to `stages` (from, to, kind, square taken or
    /// NONE, promotion or NONE).
    fn pawn_displacements<const MUTATE: bool>(
        &self,
        p: &BbPosition,
        from: Sq,
        up: bool,
        takeable: u64,
        captures_only: bool,
        stages: &mut impl FnMut(Sq, Sq, MoveKind, u8, u8),
    ) {
        let occ = p.occupied();
        let dir = if up { 1 } else { -1 };
        let (rear, last, double_rank) = if up { (0, 7, 1) } else { (7, 0, 6) };
        let (f, r) = fr(from);
        if r == rear && self.rules.switches.first_rank_pawns != FirstRankPawns::Step {
            return;
        }
        let with_promotions =
            |to: Sq, cap: u8, stages: &mut dyn FnMut(Sq, Sq, MoveKind, u8, u8)| {
                // A capturer that mutates does not promote: the stage decides.
                if fr(to).1 == last && (cap == NONE || !MUTATE) {
                    for pr in PROMOTIONS {
                        stages(from, to, MoveKind::Normal, cap, pr);
                    }
                } else {
                    stages(from, to, MoveKind::Normal, cap, NONE);
                }
            };
        if let Some(one) = at(f, r + dir).filter(|&s| occ & bit(s) == 0 && !captures_only) {
            with_promotions(one, NONE, stages);
            if r == double_rank
                && let Some(two) = at(f, r + 2 * dir).filter(|&s| occ & bit(s) == 0)
            {
                stages(from, two, MoveKind::DoublePush, NONE, NONE);
            }
        }
        for df in [-1, 1] {
            let Some(to) = at(f + df, r + dir) else {
                continue;
            };
            if takeable & bit(to) != 0 {
                with_promotions(to, to as u8, stages);
            } else if let Some((target, pawn)) = p.ep()
                && target as Sq == to
                && parrain::en_passant_open(&self.rules, p, to)
                && takeable & p.pawnlike() & bit(pawn as Sq) != 0
            {
                stages(from, to, MoveKind::EnPassant, pawn, NONE);
            }
        }
    }

    pub(super) fn castlings(
        &self,
        p: &BbPosition,
        from: Sq,
        occ: u64,
        stages: &mut impl FnMut(Sq, Sq, MoveKind, u8, u8),
    ) {
        let us = p.side;
        let colour = colour_of(us);
        // A king that has lost its own right castles with no rook (FEN `n`).
        if !p.castling.king_may_castle(colour) {
            return;
        }
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let [kf, kt, rf, rt] = side.squares(colour).map(|s| s.index());
            if from != kf || !p.castling.contains(square(rf)) {
                continue;
            }
            if p.walks[ROOK] & p.colours[us] & bit(rf) == 0 {
                continue;
            }
            let span = (self.t.between(kf, rf) | bit(kt) | bit(rt)) & !bit(kf) & !bit(rf);
            if span & occ != 0 || self.in_check(p, us) {
                continue;
            }
            let crossed = self.t.between(kf, kt) | bit(kf);
            let mut safe = true;
            for s in Bits(crossed) {
                if self.attacked(p, s, occ, 1 - us) {
                    safe = false;
                    break;
                }
            }
            if safe {
                stages(kf, kt, MoveKind::Castle(side), NONE, NONE);
            }
        }
    }

    /// The squares next to a magic unit: a unit arriving there may make a contact.
    #[inline]
    pub(super) fn magic_zone(&self, p: &BbPosition) -> u64 {
        let mut zone = 0u64;
        for sq in Bits(p.magic) {
            zone |= self.t.king[sq];
        }
        zone
    }

    /// The king of the side to move when one of its castlings would bring a magic rook or a
    /// rook next to a magic unit (`zone`), else nothing: the castlings the orthodox generator
    /// cannot count as plain moves.
    #[inline]
    pub(super) fn king_castling_into_contact(&self, p: &BbPosition, zone: u64) -> u64 {
        let us = p.side;
        let colour = colour_of(us);
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let [_, _, rf, rt] = side.squares(colour).map(|s| s.index());
            if p.castling.contains(square(rf)) && (p.magic & bit(rf) != 0 || zone & bit(rt) != 0) {
                return p.walks[KING] & p.colours[us];
            }
        }
        0
    }

    /// The pawn-like units of the side to move that may take en passant: those next to the
    /// square passed over, diagonally behind or ahead of it (either direction of pawn).
    #[inline]
    pub(super) fn en_passant_takers(p: &BbPosition) -> u64 {
        match p.ep() {
            Some((target, _)) => {
                let t = crate::bitboard::tables::tables();
                let target = target as Sq;
                p.pawnlike() & p.colours[p.side] & (t.pawn[0][target] | t.pawn[1][target])
            }
            None => 0,
        }
    }
}
