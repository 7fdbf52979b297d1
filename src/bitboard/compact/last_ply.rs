//! The last ply of perft: counted, not made. On an orthodox board the orthodox generator
//! counts the moves a condition leaves orthodox through a sink ([`super::sinks`]); the others
//! are judged one by one on the units' places.

use crate::bitboard::bits::lowest;
use crate::bitboard::board::{BbPosition, KING, colour_of, walk_at};
use crate::bitboard::moves::MoveKind;
use crate::bitboard::orthodox;
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::CastlingSide;

use super::moves::CMove;
use super::sinks::{CirceCounter, MagicLeafSplit, QuietCounter};
use super::{Compact, NONE};

impl Compact {
    /// The number of legal moves: on an orthodox board, most of them counted in bulk by the
    /// orthodox generator with a counting sink, the others judged one by one.
    pub(super) fn count_last_ply<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
    ) -> u64 {
        let mut n = 0u64;
        // A unit waiting of the enemy (a setup may put it there) may give check on its return:
        // every move goes through the pipeline then.
        if LATER
            && let Some(reserve) = p.reserve()
            && reserve.piece.colour == colour_of(p.side)
            && orthodox::shaped_but_reserve(p, self.first_rank_steps())
        {
            return self.count_last_ply_parrain::<MUTATE, NOW, LATER>(p, reserve);
        }
        if LATER
            && !p.has_reserve()
            && orthodox::shaped(p, self.first_rank_steps())
            && !p.ep().is_some_and(|(target, _)| {
                let target = target as Sq;
                p.occupied() & bit(target) != 0
                    && crate::bitboard::rules::parrain::en_passant_open(&self.rules, p, target)
            })
        {
            // Parrain with nothing waiting: every move is an orthodox one (its capture only
            // fills the reserve), with Frankfurt's captures counted as such; but en passant onto
            // an own unit, which the orthodox generator does not know.
            if MUTATE {
                let mut c = orthodox::Counter::<1>(0);
                orthodox::generate(p, &mut c);
                return c.0;
            }
            let mut c = orthodox::Counter::<4>(0);
            orthodox::generate(p, &mut c);
            return c.0;
        }
        if !LATER && orthodox::shaped(p, self.first_rank_steps()) {
            // On an orthodox board a move that captures nothing is judged as in orthodox chess,
            // and under Frankfurt and Protean captures are too: count those with the orthodox
            // generator; judge only the Circe captures one by one.
            if !NOW && MUTATE {
                let mut c = orthodox::Counter::<1>(0);
                orthodox::generate(p, &mut c);
                return c.0;
            }
            if !NOW {
                let mut c = orthodox::Counter::<4>(0);
                orthodox::generate(p, &mut c);
                return c.0;
            }
            // Out of check, a capture by an unpinned unit other than the king (not en passant)
            // opens no line to the king: it is legal unless the unit reborn attacks the king.
            // The other captures (every one in check) are made and tested one by one.
            let us = p.side;
            let king_sq = lowest(p.walks[KING] & p.colours[us]);
            if !MUTATE {
                let mut circe = CirceCounter::new(self, p, king_sq);
                orthodox::generate(p, &mut circe);
                n = circe.n;
                n += self.count_circe_captures_by(p, circe.excluded);
                self.circe_captures_by(p, 0, true, |_| n += 1);
                return n;
            }
            // Under Frankfurt too: the moves that capture nothing are orthodox ones; the captures
            // go through the pipeline.
            let mut quiet = QuietCounter {
                enemy: p.colours[1 - p.side],
                n: 0,
            };
            orthodox::generate(p, &mut quiet);
            n = quiet.n;
            self.generate_from::<MUTATE, NOW, LATER>(p, true, &mut |mv| {
                if self.safe(&self.place_units(p, &mv), p.side) {
                    n += 1;
                }
            });
            return n;
        }
        if !MUTATE
            && !NOW
            && !LATER
            && p.magic != 0
            && orthodox::shaped_with_magic(p, self.first_rank_steps())
        {
            // Moves that make no contact are orthodox moves (magic units only block): count them
            // with the orthodox generator, and judge the others one by one. Out of check, the
            // orthodox generator also gives every contact move of an unpinned unit other than
            // the king (not en passant); the moves it may leave out (the magic units', the
            // others' into the zone, en passant and castling there) come from the pipeline.
            let zone = self.magic_zone(p);
            let us = p.side;
            let king_sq = lowest(p.walks[KING] & p.colours[us]);
            // A move of a unit that is not magic changes by contact only the mover itself (no
            // magic unit moves, nothing is reborn): each variant is legal when the move is
            // orthodox-legal. An unpinned magic unit's move out of check is orthodox-legal too,
            // and only an enemy unit it mutates into an attacker of the king can make a variant
            // illegal.
            let mut simple_variants = 0u64;
            let mut magic_variants = 0u64;
            let simple = p.colours[us] & !p.magic;
            let mut split = MagicLeafSplit {
                zone,
                magic: p.magic,
                movers: p.colours[us] & !p.walks[KING],
                simple,
                magic_simple: 0,
                castles: [CastlingSide::King, CastlingSide::Queen]
                    .map(|side| side.squares(colour_of(us)).map(|s| s.index())),
                n: 0,
                contact: |from: Sq, to: Sq, promo: u8| {
                    let walk = if promo == NONE {
                        walk_at(p, from)
                    } else {
                        promo as usize
                    };
                    simple_variants += self.mover_contact_variants(p, from, to, walk);
                },
                magic_move: |from: Sq, to: Sq, _: MoveKind, _: u8| {
                    magic_variants += self.magic_mover_variants(p, from, to, king_sq);
                },
            };
            orthodox::generate(p, &mut split);
            let (plain, castles, magic_simple) = (split.n, split.castles, split.magic_simple);
            let counted = plain + simple_variants + magic_variants;
            // The moves left out (the magic units' when pinned or in check, en passant and
            // castling next to a magic unit) are made and judged.
            let mut judged = 0u64;
            let mut judge = |mv: CMove| {
                if self.safe(&self.place_units(p, &mv), p.side) {
                    judged += 1;
                }
            };
            self.generate_filtered::<MUTATE, NOW, LATER>(
                p,
                false,
                p.magic & !magic_simple,
                &|_, _, _| true,
                &mut judge,
            );
            let king = self.king_castling_into_contact(p, zone);
            self.generate_arriving::<MUTATE, NOW, LATER>(
                p,
                false,
                (king | Self::en_passant_takers(p)) & !p.magic,
                zone,
                &|_, to, kind| match kind {
                    MoveKind::Castle(side) => {
                        let [_, _, rf, rt] = castles[(side == CastlingSide::Queen) as usize];
                        p.magic & bit(rf) != 0 || zone & bit(rt) != 0
                    }
                    MoveKind::EnPassant => zone & bit(to) != 0,
                    _ => false,
                },
                &mut judge,
            );
            return counted + judged;
        }
        // The last ply needs only the units' places to judge the mover's safety.
        self.generate::<MUTATE, NOW, LATER>(p, &mut |mv| {
            if self.safe(&self.place_units(p, &mv), p.side) {
                n += 1;
            }
        });
        n
    }
}
