//! Attacks (RULES.md §2 and §6): which units attack a square. Magic units attack nothing; with
//! `first_rank_pawns: inert` a pawn-like unit on the rank behind its start attacks nothing
//! either.

use feerie_oracle::Walk;
use feerie_oracle::rules::FirstRankPawns;

use super::super::board::{BbPosition, ORTHODOX_WALKS, WALKS};
use super::super::shapes;
use super::super::tables::{Sq, Tables, tables};
use super::{is_pawnlike, moves_up};
use feerie_oracle::walk::ORTHODOX_COUNT;

/// The attack rule under a rule set's `first_rank_pawns`.
#[derive(Clone, Copy)]
pub struct Attacks {
    t: &'static Tables,
    inert_first_rank: bool,
}

impl Attacks {
    /// The attack rule as `first_rank_pawns` has it.
    pub fn new(first_rank: FirstRankPawns) -> Attacks {
        Attacks {
            t: tables(),
            inert_first_rank: first_rank == FirstRankPawns::Inert,
        }
    }

    /// The squares from which a pawn-like unit moving up (toward rank 8) or down attacks `sq`.
    #[inline]
    fn pawn_reach(&self, sq: Sq, up: bool) -> u64 {
        // A pawn moving up takes onto `sq` from its lower diagonals.
        let rear: u64 = if up { 0xFF } else { 0xFF << 56 };
        let inert = if self.inert_first_rank { rear } else { 0 };
        self.t.pawn[usize::from(up)][sq] & !inert
    }

    /// The pawn-like units of colour index `c` that attack `sq`: those that may take en
    /// passant there.
    #[inline]
    pub fn pawns_attacking(&self, p: &BbPosition, sq: Sq, c: usize) -> u64 {
        let mut from = 0;
        // The pawn-like walks are among the orthodox ones.
        for (w, &walk) in ORTHODOX_WALKS.iter().enumerate() {
            if is_pawnlike(walk) {
                from |= self.pawn_reach(sq, moves_up(c, walk)) & p.walks[w];
            }
        }
        from & p.colours[c] & !p.magic
    }

    /// The squares from which a unit of walk `walk` and colour index `by` attacks `sq`, given
    /// the rook's and the bishop's lines from `sq` and the units on `occupied`.
    #[inline]
    fn reach(&self, walk: Walk, sq: Sq, lines: (u64, u64), occupied: u64, by: usize) -> u64 {
        let (rook, bishop) = lines;
        match walk {
            Walk::King => self.t.king[sq],
            Walk::Queen => rook | bishop,
            Walk::Rook => rook,
            Walk::Bishop => bishop,
            Walk::Knight => self.t.knight[sq],
            Walk::Pawn | Walk::ReversePawn => self.pawn_reach(sq, moves_up(by, walk)),
            fairy => shapes::attackers_from(fairy, sq, occupied),
        }
    }

    /// The squares from which a unit of walk `walk` and colour index `by` would attack `sq`,
    /// the units on `occupied` blocking.
    #[inline]
    pub fn reach_of(&self, walk: Walk, sq: Sq, occupied: u64, by: usize) -> u64 {
        let lines = (self.t.rook(sq, occupied), self.t.bishop(sq, occupied));
        self.reach(walk, sq, lines, occupied, by)
    }

    /// The units of colour index `by` that attack `sq`, the units on `occupied` blocking.
    #[inline]
    pub fn attackers(&self, p: &BbPosition, sq: Sq, occupied: u64, by: usize) -> u64 {
        // Without fairy walks only the orthodox sets can hold units: a loop of known length.
        if !p.may_hold_fairy_units() {
            self.attackers_among::<ORTHODOX_COUNT>(p, sq, occupied, by)
        } else {
            self.attackers_among::<{ WALKS.len() }>(p, sq, occupied, by)
        }
    }

    #[inline]
    fn attackers_among<const N: usize>(
        &self,
        p: &BbPosition,
        sq: Sq,
        occupied: u64,
        by: usize,
    ) -> u64 {
        let lines = (self.t.rook(sq, occupied), self.t.bishop(sq, occupied));
        let mut from = 0;
        // `w` indexes both the walk table and the position's sets of that walk.
        #[allow(clippy::needless_range_loop)]
        for w in 0..ORTHODOX_COUNT.min(N) {
            from |= self.reach(WALKS[w], sq, lines, occupied, by) & p.set_of(w);
        }
        // A fairy walk's reach is worth reading only when a unit of that walk may attack.
        #[allow(clippy::needless_range_loop)]
        for w in ORTHODOX_COUNT..N {
            let units = p.set_of(w) & p.colours[by];
            if units != 0 {
                from |= self.reach(WALKS[w], sq, lines, occupied, by) & units;
            }
        }
        from & p.colours[by] & !p.magic
    }

    /// Whether a unit of colour index `by` attacks `sq`, the units on `occupied` blocking: as
    /// [`Self::attackers`], the pieces tested before the pawns.
    #[inline]
    pub fn attacked(&self, p: &BbPosition, sq: Sq, occupied: u64, by: usize) -> bool {
        if !p.may_hold_fairy_units() {
            self.attacked_among::<ORTHODOX_COUNT>(p, sq, occupied, by)
        } else {
            self.attacked_among::<{ WALKS.len() }>(p, sq, occupied, by)
        }
    }

    #[inline]
    fn attacked_among<const N: usize>(
        &self,
        p: &BbPosition,
        sq: Sq,
        occupied: u64,
        by: usize,
    ) -> bool {
        let them = p.colours[by] & !p.magic;
        let lines = (self.t.rook(sq, occupied), self.t.bishop(sq, occupied));
        let mut pieces = 0;
        // `w` indexes both the walk table and the position's sets of that walk.
        #[allow(clippy::needless_range_loop)]
        for w in 0..ORTHODOX_COUNT.min(N) {
            if !is_pawnlike(WALKS[w]) {
                pieces |= self.reach(WALKS[w], sq, lines, occupied, by) & p.set_of(w);
            }
        }
        if pieces & them != 0 {
            return true;
        }
        // A fairy walk's reach is worth reading only when a unit of that walk may attack; the
        // fairy walks, pawn-like or not, are all tested here.
        #[allow(clippy::needless_range_loop)]
        for w in ORTHODOX_COUNT..N {
            let units = p.set_of(w) & them;
            if units != 0 && self.reach(WALKS[w], sq, lines, occupied, by) & units != 0 {
                return true;
            }
        }
        let mut pawns = 0;
        #[allow(clippy::needless_range_loop)]
        for w in 0..ORTHODOX_COUNT.min(N) {
            if is_pawnlike(WALKS[w]) {
                pawns |= self.reach(WALKS[w], sq, lines, occupied, by) & p.set_of(w);
            }
        }
        pawns & them != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_oracle::{Validation, fen};

    /// `attacked` is `attackers` asked only whether there is one: on boards with fairy walks,
    /// magic units and pawns on every rank, for every square and both sides, whatever the
    /// `first_rank_pawns` rule. (The engine asks `attacked` only of boards without fairy units;
    /// its fairy branch is held to its meaning here.)
    #[test]
    fn attacked_says_whether_attackers_has_a_unit() {
        let boards = [
            "4k3/1P6/8/3(bG)4/8/2(wN)2(wLI)2/8/R3K2(wPA) w Q - 0 1",
            "r3k2r/1(bLE)6/8/2(wG)1(bPA)3/3(wVA)4/8/(bNA)4(wZ)2/R3K2R w KQkq - 0 1",
            "4k3/8/2(bAM)5/8/3(wPR)4/(wCA)7/5(bGI)2/4K3 w - - 0 1",
            "3rk3/8/4(wRH)3/8/4(wLI)3/8/1p6/4K3 b - - 0 1",
            "r3k2r/8/3(bmB)4/8/8/4(wmR)3/8/R3K2R w KQkq - 0 1",
            "4k3/1P6/2(wmQ)5/3p4/8/5(bmS)2/6p1/4K3 w - - 0 1",
            "4k2p/P7/2(bG)5/8/3(wmG)4/8/p7/P3K3 w - - 0 1",
        ];
        let mut fairy_boards = 0;
        for text in boards {
            let position = fen::parse(text, Validation::Lenient).expect("a test board");
            let p = BbPosition::from_setup(position.setup());
            fairy_boards += usize::from(p.may_hold_fairy_units());
            for first_rank in [FirstRankPawns::Inert, FirstRankPawns::Step] {
                let a = Attacks::new(first_rank);
                for sq in 0..64 {
                    for by in 0..2 {
                        let occ = p.occupied();
                        assert_eq!(
                            a.attacked(&p, sq, occ, by),
                            a.attackers(&p, sq, occ, by) != 0,
                            "{text}, square {sq}, side {by}, {first_rank:?}"
                        );
                    }
                }
            }
        }
        assert!(fairy_boards >= 5, "the fairy branch is asked");
    }
}
