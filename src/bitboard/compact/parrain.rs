//! Circe Parrain with a unit of the side to move waiting, on an orthodox board: the rebirth
//! puts a unit of the mover's side on an empty square, which never makes a move illegal and
//! makes an orthodox-illegal one legal only by shielding the king from an enemy rider
//! ([`ParrainCounter::shields`]). So the orthodox generator's moves are legal unless their
//! rebirth may shield the king, and only those and en passant need the pipeline's test.

use crate::bitboard::bits::{Bits, lowest, translate};
use crate::bitboard::board::{BbPosition, KING, ORTHODOX_WALKS};
use crate::bitboard::moves::MoveKind;
use crate::bitboard::orthodox;
use crate::bitboard::rules::{file, rank};
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::Reserve;

use super::moves::CMove;
use super::sinks::ParrainCounter;
use super::{Compact, NONE};

impl Compact {
    /// The moves whose rebirth may shield the king, and en passant, through the pipeline
    /// (untested: `emit` judges them). A unit other than the king has such a move only to a
    /// square that puts the rebirth between the king and a rider: its arrivals are the
    /// shielding squares moved by the vector from the capture square to the unit.
    pub(super) fn parrain_shielding_moves<
        const MUTATE: bool,
        const NOW: bool,
        const LATER: bool,
    >(
        &self,
        p: &BbPosition,
        judge: &ParrainCounter,
        emit: &mut impl FnMut(CMove),
    ) {
        let us = p.side;
        let t = self.t;
        let own = p.colours[us];
        let occ = p.occupied();
        let takeable = p.colours[1 - us] & !p.royal & !p.magic;
        let taken = |to: Sq| {
            if takeable & bit(to) != 0 {
                to as u8
            } else {
                NONE
            }
        };
        let king = lowest(p.walks[KING] & own);
        // The king's steps and castling: the shielding squares depend on where it goes.
        let mut king_move = |from: Sq, to: Sq, kind: MoveKind, cap: u8, promo: u8| {
            if judge.shields(from, to, kind) {
                self.stages::<MUTATE, NOW, LATER>(p, from, to, kind, cap, promo, emit);
            }
        };
        for to in Bits(t.king[king] & (!occ | takeable)) {
            king_move(king, to, MoveKind::Normal, taken(to), NONE);
        }
        if p.castling != Default::default() {
            self.castlings(p, king, occ, &mut king_move);
        }
        // Every en passant capture.
        let takers = Self::en_passant_takers(p);
        if takers != 0 {
            self.generate_filtered::<MUTATE, NOW, LATER>(
                p,
                false,
                takers,
                &|_, _, kind| kind == MoveKind::EnPassant,
                emit,
            );
        }
        if judge.shield == 0 {
            return;
        }
        let capture = judge.reserve.square.index();
        let admit = |from, to, kind| kind != MoveKind::EnPassant && judge.shields(from, to, kind);
        for (w, &walk) in ORTHODOX_WALKS.iter().enumerate() {
            for unit in Bits(p.walks[w] & own & !bit(king)) {
                let arrivals = translate(
                    judge.shield,
                    file(unit) - file(capture),
                    rank(unit) - rank(capture),
                );
                if arrivals == 0 {
                    continue;
                }
                let Some(reach) = t.piece_reach(walk, unit, occ) else {
                    // A pawn: its own generation, when it may reach one of them (a step or a
                    // double step away).
                    let steps = t.king[unit] | bit(unit) << 16 | bit(unit) >> 16;
                    if arrivals & steps != 0 {
                        self.generate_arriving::<MUTATE, NOW, LATER>(
                            p,
                            false,
                            bit(unit),
                            arrivals,
                            &admit,
                            emit,
                        );
                    }
                    continue;
                };
                for to in Bits(reach & arrivals & (!occ | takeable)) {
                    if admit(unit, to, MoveKind::Normal) {
                        let kind = MoveKind::Normal;
                        self.stages::<MUTATE, NOW, LATER>(p, unit, to, kind, taken(to), NONE, emit);
                    }
                }
            }
        }
    }

    /// The number of legal moves at the last ply: the orthodox generator's moves counted once
    /// per rebirth choice, unless their rebirth may shield the king; those and en passant
    /// made and tested.
    pub(super) fn count_last_ply_parrain<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        reserve: Reserve,
    ) -> u64 {
        let mut counter = ParrainCounter::new(self, p, reserve);
        orthodox::generate(p, &mut counter);
        let mut n = counter.n;
        self.parrain_shielding_moves::<MUTATE, NOW, LATER>(p, &counter, &mut |mv| {
            if self.safe(&self.place_units(p, &mv), p.side) {
                n += 1;
            }
        });
        n
    }

    /// Perft below a position with a unit waiting: the orthodox generator's moves whose rebirth
    /// cannot shield the king are made through the stages without a test, the others and en
    /// passant made and tested.
    pub(super) fn count_parrain<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        reserve: Reserve,
        depth: u32,
    ) -> u64 {
        let judge = ParrainCounter::new(self, p, reserve);
        let mut n = 0u64;
        let mut list = orthodox::MoveList::new();
        orthodox::generate(p, &mut list);
        for &mv in list.as_slice() {
            let (from, to) = (mv.from as Sq, mv.to as Sq);
            if mv.kind != MoveKind::EnPassant && !judge.shields(from, to, mv.kind) {
                n += self.count_legal_through_stages::<MUTATE, NOW, LATER>(p, mv, depth);
            }
        }
        self.parrain_shielding_moves::<MUTATE, NOW, LATER>(p, &judge, &mut |mv| {
            let after = self.make::<LATER>(p, &mv);
            if self.safe(&after, p.side) {
                n += self.count::<MUTATE, NOW, LATER>(&after, depth - 1);
            }
        });
        n
    }
}

#[cfg(test)]
mod tests {
    use crate::bitboard::BitboardEngine;
    use crate::playout::random_positions;
    use feerie_oracle::{Engine, Piece, Position, ReferenceEngine, Reserve, Rules, Validation};
    use feerie_oracle::{Walk, fen};

    /// A Parrain rebirth on the square its mover just left (the capture square minus the move's
    /// vector): the unit waiting, of either side, comes back where the mover stood, and a unit
    /// of the other side there may attack the mover's king. Both engines count the same moves
    /// after every such reserve, set beside the moves of playouts from boards with one magic
    /// unit and with none (the compact path keeps a moving magic unit's mark apart from the
    /// unit reborn).
    #[test]
    fn a_parrain_rebirth_on_the_square_its_mover_left() {
        let starts = [
            "4k3/8/8/3n4/4N3/2(wmR)5/1P6/4K3 w - - 0 1",
            "3k4/8/8/8/1(bmS)2B3/2q5/8/3K1R2 b - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        let walks = [
            Walk::Rook,
            Walk::Bishop,
            Walk::Queen,
            Walk::Knight,
            Walk::Pawn,
        ];
        let mut checked = 0;
        for slugs in [&["circe-parrain"][..], &["circe-parrain", "frankfurt"]] {
            let rules = Rules::from_words(slugs, None, &[] as &[&str]).unwrap();
            for (i, f) in starts.iter().enumerate() {
                let start = fen::parse(f, Validation::Strict).unwrap();
                let positions =
                    random_positions(&ReferenceEngine, &rules, &[start], 30, 12, 40 + i as u64)
                        .unwrap();
                for p in &positions {
                    checked += reserves_beside_each_move(p, &rules, &walks);
                }
            }
        }
        assert!(checked > 500, "only {checked} reserves set");
    }

    /// For each legal move of `p`, a reserve captured where that move's vector brings it back
    /// onto the move's start, of each side: both engines count the same at depths 1 and 2.
    /// Returns how many such positions were compared.
    fn reserves_beside_each_move(p: &Position, rules: &Rules, walks: &[Walk]) -> usize {
        let mover = p.setup().side_to_move;
        let mut checked = 0;
        let moves = ReferenceEngine.legal_moves(p, rules).unwrap();
        for (k, mv) in moves.iter().enumerate() {
            let df = mv.to.file().index() as i8 - mv.from.file().index() as i8;
            let dr = mv.to.rank().index() as i8 - mv.from.rank().index() as i8;
            let Some(capture) = mv.from.offset(-df, -dr) else {
                continue;
            };
            if mv.castling.is_some() || !p.setup().board.is_empty(capture) {
                continue;
            }
            let walk = walks[k % walks.len()];
            if walk == Walk::Pawn && matches!(mv.from.rank().index(), 0 | 7) {
                continue;
            }
            for colour in [!mover, mover] {
                let mut setup = p.setup().clone();
                setup.reserve = Some(Reserve {
                    piece: Piece::new(colour, walk),
                    square: capture,
                    taken_by_side_to_move: colour != mover,
                });
                let Ok(q) = Position::new(setup, Validation::Lenient) else {
                    continue;
                };
                let text = fen::write(q.setup());
                for depth in 1..=2 {
                    assert_eq!(
                        ReferenceEngine.perft(&q, rules, depth).unwrap(),
                        BitboardEngine.perft(&q, rules, depth).unwrap(),
                        "{rules}: {text} depth {depth}"
                    );
                }
                checked += 1;
            }
        }
        checked
    }
}
