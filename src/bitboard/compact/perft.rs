//! Perft below the last ply: through the pipeline, or on an orthodox board through the
//! orthodox generator and make for the moves that nothing turns into more than an orthodox
//! move.

use crate::bitboard::bits::lowest;
use crate::bitboard::board::{BbPosition, KING, colour_of};
use crate::bitboard::moves::MoveKind;
use crate::bitboard::orthodox;
use crate::bitboard::tables::{Sq, bit};

use super::moves::CMove;
use super::{Compact, NONE, PROMOTIONS};

impl Compact {
    /// Perft below this position: the last ply counted by [`Self::count_last_ply`], an
    /// orthodox board by [`Self::count_hybrid`], any other by the whole pipeline.
    pub(super) fn count<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        depth: u32,
    ) -> u64 {
        match depth {
            0 => return 1,
            1 => return self.count_last_ply::<MUTATE, NOW, LATER>(p),
            _ => {}
        }
        if orthodox::shaped_with_magic(p, self.first_rank_steps()) && !(LATER && p.has_reserve()) {
            return self.count_hybrid::<MUTATE, NOW, LATER>(p, depth);
        }
        if LATER
            && let Some(reserve) = p.reserve()
            && reserve.piece.colour == colour_of(p.side)
            && orthodox::shaped_but_reserve(p, self.first_rank_steps())
        {
            return self.count_parrain::<MUTATE, NOW, LATER>(p, reserve, depth);
        }
        let mut n = 0u64;
        self.generate::<MUTATE, NOW, LATER>(p, &mut |mv| {
            let after = self.make::<LATER>(p, &mv);
            if self.safe(&after, p.side) {
                n += self.count::<MUTATE, NOW, LATER>(&after, depth - 1);
            }
        });
        n
    }

    /// Perft on an orthodox board (magic units allowed, nothing in a Parrain reserve): the moves
    /// that neither capture under a condition where captures do more, nor make a contact with a
    /// magic unit, are orthodox moves, generated legal and made as such; the others go through
    /// the whole pipeline.
    pub(super) fn count_hybrid<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        depth: u32,
    ) -> u64 {
        let us = p.side;
        let enemy = p.colours[1 - us];
        let captures_special = MUTATE || NOW || LATER;
        // Nothing is reborn with a move here (no Circe, nothing waiting under Parrain): a move
        // of a unit that is not magic changes only the mover (by capture or contact) and the
        // unit it takes, so it is legal when orthodox-legal.
        let nothing_reborn = !NOW;
        let zone = self.magic_zone(p);
        let plain = |from: Sq, to: Sq, kind: MoveKind| -> bool {
            let capture = kind == MoveKind::EnPassant || enemy & bit(to) != 0;
            if capture && captures_special {
                return false;
            }
            if p.magic == 0 {
                return true;
            }
            if p.magic & bit(from) != 0 {
                return false;
            }
            if let Some(side) = kind.castling() {
                let [_, _, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
                return p.magic & bit(rf) == 0 && zone & bit(rt) == 0;
            }
            zone & bit(to) == 0
        };
        // Out of check under Circe alone, a capture by an unpinned unit other than the king (not
        // en passant) is an orthodox move plus a rebirth that must not attack the king.
        let king_sq = lowest(p.walks[KING] & p.colours[us]);
        let circe_alone = NOW && !MUTATE && !LATER && p.magic == 0;
        let excluded = if circe_alone && !orthodox::in_check(p) {
            p.walks[KING] & p.colours[us] | self.pinned(p, king_sq)
        } else {
            !0
        };
        let mut n = 0u64;
        let mut list = orthodox::MoveList::new();
        orthodox::generate(p, &mut list);
        for &mv in list.as_slice() {
            let kind = mv.kind;
            let (from, to) = (mv.from as Sq, mv.to as Sq);
            if plain(from, to, kind) {
                n += self.count::<MUTATE, NOW, LATER>(&orthodox::make(p, mv), depth - 1);
            } else if nothing_reborn
                && p.magic & bit(from) == 0
                && matches!(
                    kind,
                    MoveKind::Normal | MoveKind::DoublePush | MoveKind::Promotion(_)
                )
            {
                // Legal in each variant the stages make: made without a test.
                n += self.count_legal_through_stages::<MUTATE, NOW, LATER>(p, mv, depth);
            } else if kind != MoveKind::EnPassant && excluded & bit(from) == 0 {
                let promoted = match mv.kind {
                    MoveKind::Promotion(w) => Some(w as usize),
                    _ => None,
                };
                let Some((s, walks, count)) = self.circe_rebirth(p, from, to, promoted) else {
                    continue;
                };
                let after = orthodox::make(p, mv);
                if s == NONE {
                    n += self.count::<MUTATE, NOW, LATER>(&after, depth - 1);
                    continue;
                }
                for &w in &walks[..count] {
                    if self.reborn_attacks(p, from, to, s as Sq, w as usize, king_sq) {
                        continue;
                    }
                    let mut child = after.clone();
                    self.place_reborn(&mut child, 1 - us, s as Sq, w as usize);
                    n += self.count::<MUTATE, NOW, LATER>(&child, depth - 1);
                }
            }
        }
        // Under Circe alone, the captures the orthodox list could not judge (the excluded units',
        // every one in check, en passant) are made directly.
        if circe_alone {
            self.circe_captures_by(p, excluded, true, |child| {
                n += self.count::<MUTATE, NOW, LATER>(child, depth - 1)
            });
            return n;
        }
        let admit = |from, to, kind| !plain(from, to, kind);
        // When nothing is reborn, only en passant and castling next to a magic unit are left of
        // the moves of units that are not magic.
        let admit_arriving = |from, to, kind: MoveKind| {
            admit(from, to, kind)
                && (!nothing_reborn || kind == MoveKind::EnPassant || kind.castling().is_some())
        };
        let mut descend = |mv: CMove| {
            let after = self.make::<LATER>(p, &mv);
            if self.safe(&after, p.side) {
                n += self.count::<MUTATE, NOW, LATER>(&after, depth - 1);
            }
        };
        // A unit other than a magic one makes a move that is not plain only by a capture (under
        // a condition where captures do more), by arriving next to a magic unit, or by castling.
        let ep_target = p.ep().map_or(0, |(target, _)| bit(target as Sq));
        let special = if captures_special {
            enemy | ep_target
        } else {
            0
        } | zone;
        self.generate_filtered::<MUTATE, NOW, LATER>(p, false, p.magic, &admit, &mut descend);
        let arriving = if nothing_reborn {
            self.king_castling_into_contact(p, zone) | Self::en_passant_takers(p)
        } else {
            !0
        };
        self.generate_arriving::<MUTATE, NOW, LATER>(
            p,
            false,
            arriving & !p.magic,
            special,
            &admit_arriving,
            &mut descend,
        );
        n
    }

    /// Perft below each variant the stages make of an orthodox move known to be legal in each
    /// (made without a test).
    pub(super) fn count_legal_through_stages<
        const MUTATE: bool,
        const NOW: bool,
        const LATER: bool,
    >(
        &self,
        p: &BbPosition,
        mv: orthodox::Mv,
        depth: u32,
    ) -> u64 {
        let (from, to) = (mv.from as Sq, mv.to as Sq);
        let cap = if p.colours[1 - p.side] & bit(to) != 0 {
            to as u8
        } else {
            NONE
        };
        let (kind, promo) = match mv.kind {
            // A capturer that mutates does not promote: the stage decides, once.
            MoveKind::Promotion(w) if MUTATE && cap != NONE => {
                if w != PROMOTIONS[0] {
                    return 0;
                }
                (MoveKind::Normal, NONE)
            }
            MoveKind::Promotion(w) => (MoveKind::Normal, w),
            kind => (kind, NONE),
        };
        let mut n = 0;
        self.stages::<MUTATE, NOW, LATER>(p, from, to, kind, cap, promo, &mut |m| {
            n += self.count::<MUTATE, NOW, LATER>(&self.make::<LATER>(p, &m), depth - 1);
        });
        n
    }
}
