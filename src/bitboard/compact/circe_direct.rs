//! Direct Circe captures on an orthodox board: the orthodox displacement, then the rebirth
//! (through the rule kernel, [`crate::bitboard::rules::circe`]), then the mover's safety, without
//! the pipeline.

use crate::bitboard::bits::{Bits, lowest};
use crate::bitboard::board::{
    BbPosition, KING, ROOK, WALKS, colour_of, square, walk_at, walk_index,
};
use crate::bitboard::moves::MoveKind;
use crate::bitboard::orthodox;
use crate::bitboard::rules::circe::{self, Rebirth};
use crate::bitboard::rules::moves_up;
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::CastlingSide;
use feerie_oracle::rules::CirceModel;

use super::{Compact, NONE, PROMOTIONS, promotes};

impl Compact {
    /// The immediate rebirth a capture from `from` to `to` makes on an orthodox board: `None`
    /// when the capture is forbidden (`rebirth_occupied: strict`), else the square (NONE when
    /// the unit is lost) and the walks it may be reborn with (one per promotion choice).
    #[inline]
    pub(super) fn circe_rebirth(
        &self,
        p: &BbPosition,
        from: Sq,
        to: Sq,
        promoted: Option<usize>,
    ) -> Option<(u8, [u8; 4], usize)> {
        self.circe_rebirth_of(p, from, to, to, promoted)
    }

    /// As [`Self::circe_rebirth`], the unit taken standing on `cap` (en passant: not `to`).
    #[inline]
    pub(super) fn circe_rebirth_of(
        &self,
        p: &BbPosition,
        from: Sq,
        to: Sq,
        cap: Sq,
        promoted: Option<usize>,
    ) -> Option<(u8, [u8; 4], usize)> {
        let model = self.rules.circe.expect("a Circe model");
        let them = 1 - p.side;
        let walk = self.reborn_walk(
            &model,
            p,
            from,
            cap,
            promoted.filter(|_| self.clone_promoted()),
        );
        let s = self.rebirth_squares.square(them, walk, cap, from, to);
        let occ = (p.occupied() & !bit(from) & !bit(cap)) | bit(to);
        match circe::rebirth(s, occ, model.occupied, p.royal & bit(cap) != 0) {
            Rebirth::On(s) if promotes(them, walk, s) => Some((s as u8, PROMOTIONS, 4)),
            Rebirth::On(s) => Some((s as u8, [walk as u8, NONE, NONE, NONE], 1)),
            Rebirth::Lost => Some((NONE, [NONE; 4], 1)),
            Rebirth::Forbidden => None,
        }
    }

    /// The walk index of the unit taken on `cap` by the unit on `from` comes back with
    /// (`promoted`: the capturer's walk after its promotion, when that is the walk cloned).
    #[inline(always)]
    pub(super) fn reborn_walk(
        &self,
        model: &CirceModel,
        p: &BbPosition,
        from: Sq,
        cap: Sq,
        promoted: Option<usize>,
    ) -> usize {
        walk_index(circe::reborn_walk(
            model.walk,
            self.rules.switches.clone_royal_victim,
            || WALKS[walk_at(p, from)],
            p.royal & bit(from) != 0,
            WALKS[walk_at(p, cap)],
            p.royal & bit(cap) != 0,
            promoted.map(|w| WALKS[w]),
        ))
    }

    /// Under Circe alone on an orthodox board (no magic unit), every legal capture by the units
    /// on `units`, and every en passant capture when `en_passant`, as the position it leads to:
    /// the orthodox displacement, then the rebirth, then the mover's safety. Cheaper than the
    /// pipeline for the captures the orthodox generator cannot judge (the king's, pinned
    /// units', en passant, every one in check).
    pub(super) fn circe_captures_by(
        &self,
        p: &BbPosition,
        units: u64,
        en_passant: bool,
        mut f: impl FnMut(&BbPosition),
    ) {
        use orthodox::Mv;
        let t = self.t;
        let us = p.side;
        let takeable = p.colours[1 - us] & !p.royal & !p.magic;
        let mut capture = |from: Sq, to: Sq, cap: Sq, promoted: Option<usize>| {
            let Some((s, walks, count)) = self.circe_rebirth_of(p, from, to, cap, promoted) else {
                return;
            };
            let kind = match promoted {
                Some(w) => MoveKind::Promotion(w as u8),
                None if cap != to => MoveKind::EnPassant,
                None => MoveKind::Normal,
            };
            let after = orthodox::make(
                p,
                Mv {
                    from: from as u8,
                    to: to as u8,
                    kind,
                },
            );
            if s == NONE {
                if self.safe(&after, us) {
                    f(&after);
                }
                return;
            }
            for &w in &walks[..count] {
                let mut child = after.clone();
                self.place_reborn(&mut child, 1 - us, s as Sq, w as usize);
                if self.safe(&child, us) {
                    f(&child);
                }
            }
        };
        self.each_capture(p, units, |from, to, promoted| {
            capture(from, to, to, promoted)
        });
        if !en_passant {
            return;
        }
        if let Some((target, pawn, takers)) = orthodox::en_passant(t, p, takeable) {
            for from in Bits(takers) {
                capture(from, target, pawn, None);
            }
        }
    }

    /// Every pseudo-legal capture (en passant aside) by the units of the side to move on
    /// `units`, on an orthodox board, given to `f` (from, to, promotion or `None`).
    #[inline]
    fn each_capture(&self, p: &BbPosition, units: u64, mut f: impl FnMut(Sq, Sq, Option<usize>)) {
        let t = self.t;
        let us = p.side;
        let occ = p.occupied();
        let takeable = p.colours[1 - us] & !p.royal & !p.magic;
        for from in Bits(p.colours[us] & units) {
            let walk = WALKS[walk_at(p, from)];
            let (targets, last) = match t.piece_reach(walk, from, occ) {
                Some(reach) => (reach, 0),
                None => {
                    let up = moves_up(us, walk);
                    let last = if up { 0xFF00_0000_0000_0000 } else { 0xFF };
                    (t.pawn[usize::from(!up)][from], last)
                }
            };
            for to in Bits(targets & takeable) {
                if last & bit(to) != 0 {
                    for promotion in PROMOTIONS {
                        f(from, to, Some(promotion as usize));
                    }
                } else {
                    f(from, to, None);
                }
            }
        }
    }

    /// Under Circe alone on an orthodox board (no magic unit), the number of legal captures by
    /// the units on `units`, en passant aside: the captures [`Self::circe_captures_by`] gives,
    /// judged on the units' places without making them. After the capture, the mover's king
    /// (on the arrival square if it moved) is safe when no enemy unit but the one taken attacks
    /// it through the new occupation, nor the unit reborn.
    pub(super) fn count_circe_captures_by(&self, p: &BbPosition, units: u64) -> u64 {
        let t = self.t;
        let us = p.side;
        let them = 1 - us;
        let occ = p.occupied();
        let king_sq = lowest(p.walks[KING] & p.colours[us]);
        let mut n = 0;
        self.each_capture(p, units, |from, to, promoted| {
            let Some((s, walks, count)) = self.circe_rebirth(p, from, to, promoted) else {
                return;
            };
            let king = if from == king_sq { to } else { king_sq };
            let mut after = occ & !bit(from) | bit(to);
            if s != NONE {
                after |= bit(s as Sq);
            }
            if orthodox::attackers(t, p, king, after, them) & !bit(to) != 0 {
                return;
            }
            if s == NONE {
                n += 1;
                return;
            }
            for &w in &walks[..count] {
                if !self.unit_attacks(them, s as Sq, w as usize, king, after) {
                    n += 1;
                }
            }
        });
        n
    }

    /// Puts a reborn unit of colour `c` on `s`; a rook on a corner of its own first rank gains
    /// that corner's castling right while its king keeps its own.
    #[inline]
    pub(super) fn place_reborn(&self, n: &mut BbPosition, c: usize, s: Sq, w: usize) {
        n.colours[c] |= bit(s);
        n.walks[w] |= bit(s);
        let colour = colour_of(c);
        let corner = [CastlingSide::King, CastlingSide::Queen]
            .iter()
            .any(|side| side.squares(colour)[2].index() == s);
        if w == ROOK && corner && n.castling.king_may_castle(colour) {
            n.castling.insert(square(s));
        }
    }

    /// Whether the unit reborn on `s` with walk `w` after a capture from `from` to `to` attacks
    /// the capturer's king on `king_sq`.
    #[inline]
    pub(super) fn reborn_attacks(
        &self,
        p: &BbPosition,
        from: Sq,
        to: Sq,
        s: Sq,
        w: usize,
        king_sq: Sq,
    ) -> bool {
        let occ = (p.occupied() & !bit(from)) | bit(to) | bit(s);
        self.unit_attacks(1 - p.side, s, w, king_sq, occ)
    }
}
