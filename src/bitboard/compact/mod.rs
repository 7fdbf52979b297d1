//! Compact fairy perft: the pipeline of RULES.md on small copyable moves, specialised at compile
//! time on which stages exist (const generics), for perft. It covers every rule except
//! `royal_rider_passage: safe`, Circe with `rex: inclusive` and Mars Circe, which stay on the
//! record path ([`super::fairy`]). The golden perft counts and tests/engines_agree.rs check it.
//!
//! One module a job: [`moves`] the compact move, [`generate`] the displacements, [`stages`]
//! the later stages, [`make`] the position after a move, [`safety`] the mover's safety,
//! [`perft`] and [`last_ply`] the counting, [`sinks`] the orthodox generator's counting sinks,
//! [`circe_direct`] Circe captures made without the pipeline, [`parrain`] Parrain with a unit
//! waiting on an orthodox board. The rules themselves are the
//! kernel's ([`super::rules`]).

mod circe_direct;
mod generate;
mod last_ply;
mod make;
mod moves;
mod parrain;
mod perft;
mod safety;
mod sinks;
mod stages;

use feerie_oracle::rules::{
    CloneWalkWhenPromoting, FirstRankPawns, RebirthPlace, RebirthTime, RebornUnit, RelevantUnit,
    ResolvedRules, RoyalRiderPassage,
};

use super::bits::{Bits, lowest};
use super::board::{BbPosition, KING, WALKS};
use super::moves::MoveKind;
use super::orthodox::FilledPassedSquare;
use super::rules::attacks::Attacks;
use super::rules::checks::CheckSquares;
use super::rules::circe::{RebirthSquares, rebirth_squares};
use super::rules::mutation::Mutation;

use super::rules::{PROMOTION_INDICES, file, promotes_on, rank};
use super::tables::{Sq, Tables, bit, tables};
use moves::CMove;

/// No square, or no walk: a field of a compact move that the move leaves empty.
const NONE: u8 = 255;
/// The walk indices a pawn promotes to.
const PROMOTIONS: [u8; 4] = PROMOTION_INDICES;

/// The compact path under one rule set: the rules as resolved, and the tables and rules of
/// the kernel it reads them through.
pub struct Compact {
    t: &'static Tables,
    rebirth_squares: &'static RebirthSquares,
    attacks: Attacks,
    mutation: Mutation,
    rules: ResolvedRules,
    /// Which passed square a rebirth filled still gives an en passant right after a double
    /// step, for a pawn that is not royal and for a royal one
    /// ([`super::rules::parrain::filled_passed_square`], worked out once).
    filled_passed: [FilledPassedSquare; 2],
}

#[inline]
fn fr(sq: Sq) -> (i32, i32) {
    (file(sq), rank(sq))
}

#[inline]
fn is_pawnlike(w: usize) -> bool {
    super::rules::is_pawnlike(WALKS[w])
}

/// Whether a unit of colour index `c` and walk index `w` on `s` promotes there.
#[inline]
fn promotes(c: usize, w: usize, s: Sq) -> bool {
    promotes_on(c, WALKS[w], s)
}

/// Calls `$method` of `$compact` with the variant of the path the rules need, as const
/// parameters (captures mutate, a rebirth now, a rebirth on the next move), so that each
/// variant is compiled apart.
macro_rules! by_variant {
    ($compact:expr, $method:ident($($arg:expr),*)) => {{
        let c = $compact;
        let mutate = c.rules.captures_mutate;
        let now = c.rules.circe.is_some_and(|m| m.time == RebirthTime::Immediate);
        let later = c.rules.circe.is_some_and(|m| m.time == RebirthTime::NextMove);
        match (mutate, now, later) {
            (false, false, false) => c.$method::<false, false, false>($($arg),*),
            (false, true, _) => c.$method::<false, true, false>($($arg),*),
            (false, false, true) => c.$method::<false, false, true>($($arg),*),
            (true, false, false) => c.$method::<true, false, false>($($arg),*),
            (true, true, _) => c.$method::<true, true, false>($($arg),*),
            (true, false, true) => c.$method::<true, false, true>($($arg),*),
        }
    }};
}

impl Compact {
    /// The compact path for these rules, or `None` when they need the record path.
    pub fn new(rules: &ResolvedRules) -> Option<Compact> {
        let clone_promoted =
            rules.switches.clone_walk_when_promoting == CloneWalkWhenPromoting::Promoted;
        // Couscous reads the capturer's walk after the move, Anticirce moves the capturer on,
        // and Mars Circe moves it before it captures, which the compact counting does not
        // follow, nor a colour change (Andernach), nor units of one walk observing each other
        // (Madrasi, Isardam), nor a capture's make (Take&Make, Make&Take), nor a check that must mate
        // (Ohneschach), nor a check by flights (SAT), nor a move judged by its neighbours
        // (Koeko), nor a choice of rebirth squares (Super Circe, Circe Take&Make), nor a side's moves kept by
        // their score (Maximummer), nor walks lent by the unit behind (Annan), nor captures
        // banned (NoCapture), nor moves and checks asked for support (Patrol chess, Lortap),
        // nor captures and checks that need a free rebirth square (Geneva chess), nor
        // imitators (Imitator chess),
        // nor moves and attacks that must cross a grid line (Grid chess), nor an observed
        // unit's move to its rebirth square (Danger Circe), nor a royal unit's change of walk
        // (Kobul Kings), nor a capture's second unit (Breton chess): the record path takes
        // those rules.
        if rules.mars.is_some()
            || rules.colour_change.is_some()
            || rules.observation.is_some()
            || rules.take_and_make
            || rules.make_and_take
            || rules.checkless
            || rules.sat
            || rules.koeko.is_some()
            || rules.mummer.iter().any(Option::is_some)
            || rules.annan
            || rules.no_capture.iter().any(|&banned| banned)
            || rules.patrol.is_some()
            || rules.geneva.is_some()
            || rules.imitator
            || rules.grid.is_some()
            || rules.danger_circe
            || rules.kobul.contains(&true)
            || rules.breton.is_some()
            || rules.circe.is_some_and(|m| {
                matches!(
                    m.place,
                    RebirthPlace::AnyEmpty | RebirthPlace::Makes | RebirthPlace::Cage
                ) || m.reborn_royals()
                    || m.relevant == RelevantUnit::Other
                    || m.reborn == RebornUnit::Capturer
            })
            || rules.switches.royal_rider_passage == RoyalRiderPassage::Safe
            || (clone_promoted && rules.captures_mutate)
        {
            return None;
        }
        Some(Compact {
            t: tables(),
            rebirth_squares: rebirth_squares(rules.circe.as_ref()),
            attacks: Attacks::new(rules.switches.first_rank_pawns),
            mutation: Mutation::of(rules),
            rules: *rules,
            filled_passed: [false, true]
                .map(|royal| super::rules::parrain::filled_passed_square(rules, royal)),
        })
    }

    /// Whether a pawn that captures and promotes gives the unit it takes its promoted walk
    /// (Circe Clone, `clone_walk_when_promoting: promoted`).
    #[inline]
    fn clone_promoted(&self) -> bool {
        self.rules.switches.clone_walk_when_promoting == CloneWalkWhenPromoting::Promoted
    }

    /// Whether the orthodox generator's sinks may meet pawns on their own first rank: they step
    /// and take from it as from any other rank, and no capture mutates (a unit that takes such
    /// a pawn would become a pawn on its promotion rank, which the sinks do not count).
    pub(super) fn first_rank_steps(&self) -> bool {
        self.rules.switches.first_rank_pawns == FirstRankPawns::Step && !self.rules.captures_mutate
    }

    /// Perft, dispatched to the variant the rules need.
    pub fn perft(&self, p: &BbPosition, depth: u32) -> u64 {
        by_variant!(self, count(p, depth))
    }

    /// Gives the position after each legal move to `take`, in the path's order.
    pub fn each_child(&self, p: &BbPosition, take: &mut impl FnMut(BbPosition)) {
        by_variant!(self, collect(p, take))
    }

    /// The positions after each legal move that mates, for the solver's last move: a move is
    /// made, and then only a check is tested for legality and for a reply.
    pub fn mating_children(&self, p: &BbPosition) -> Vec<BbPosition> {
        let mut out = Vec::new();
        by_variant!(self, collect_mating(p, &mut out));
        out
    }

    /// Whether the side to move in `p` has no legal move: told at once when its king can step
    /// to an empty square no enemy unit attacks, else counted.
    pub fn stuck(&self, p: &BbPosition) -> bool {
        !self.has_quiet_flight(p) && self.perft(p, 1) == 0
    }

    /// Whether the side to move in `p` has a single royal unit that walks as a king and can
    /// step to an empty square no enemy unit attacks once it has left its own: a legal move,
    /// unless the step changes more than the king (a magic unit it would touch, a Parrain unit
    /// it would bring back), which is then not asked here.
    fn has_quiet_flight(&self, p: &BbPosition) -> bool {
        let us = p.side;
        let royals = p.royal & p.colours[us];
        if p.magic != 0 || p.has_reserve() || royals.count_ones() != 1 {
            return false;
        }
        if p.walks[KING] & royals == 0 {
            return false;
        }
        let king = lowest(royals);
        let occupied = p.occupied();
        let without_king = occupied & !royals;
        Bits(self.t.king[king] & !occupied)
            .any(|flight| !self.attacked(p, flight, without_king, 1 - us))
    }

    /// Whether the side to move in `p` is in check (its royal units attacked, or a royal pawn
    /// open to en passant where that takes it).
    pub fn checked(&self, p: &BbPosition) -> bool {
        !self.safe(p, p.side)
    }

    fn collect_mating<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        out: &mut Vec<BbPosition>,
    ) {
        let checks = CheckSquares::of(p, &self.attacks);
        let mut emit = |mv: CMove| {
            // A displacement let through for a change of walk checks only with its new walk.
            if let Some(c) = &checks
                && mv.walk != NONE
                && !c.may_check_as(
                    p,
                    &self.attacks,
                    mv.from as Sq,
                    mv.to as Sq,
                    mv.kind,
                    mv.walk as usize,
                )
            {
                return;
            }
            let after = self.make::<LATER>(p, &mv);
            // Most checks leave the king a flight: told before the move's own legality.
            if !self.safe(&after, after.side)
                && !self.has_quiet_flight(&after)
                && self.safe(&after, p.side)
                && self.count::<MUTATE, NOW, LATER>(&after, 1) == 0
            {
                out.push(after);
            }
        };
        let Some(checks) = &checks else {
            self.generate::<MUTATE, NOW, LATER>(p, &mut emit);
            return;
        };
        // Only the displacements that may check go through the stages: a capture changes the
        // capturer's walk where captures mutate, a pawn-like unit on an edge rank promotes.
        const EDGES: u64 = 0xFF00_0000_0000_00FF;
        let them = p.colours[1 - p.side];
        let mutated = if MUTATE { them } else { 0 };
        let pawns = p.pawnlike();
        let admit = |from: Sq, to: Sq, kind: MoveKind| {
            let changes_walk = (mutated | EDGES & pawn_edge(pawns, from)) & bit(to) != 0;
            checks.may_check(p, from, to, kind, changes_walk)
        };
        let uncovering = checks.uncovering();
        let ep = p.ep().map_or(0, |(target, _)| bit(target as Sq));
        let arrivals = checks.direct() | mutated | EDGES | ep;
        self.generate_arriving::<MUTATE, NOW, LATER>(p, false, uncovering, !0, &admit, &mut emit);
        self.generate_arriving::<MUTATE, NOW, LATER>(
            p,
            false,
            !uncovering,
            arrivals,
            &admit,
            &mut emit,
        );
    }

    pub(super) fn collect<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        take: &mut impl FnMut(BbPosition),
    ) {
        self.generate::<MUTATE, NOW, LATER>(p, &mut |mv| {
            let after = self.make::<LATER>(p, &mv);
            if self.safe(&after, p.side) {
                take(after);
            }
        });
    }
}

/// All squares when the unit on `from` is pawn-like (it may promote on arrival), else none.
#[inline]
fn pawn_edge(pawns: u64, from: Sq) -> u64 {
    if pawns & bit(from) != 0 { !0 } else { 0 }
}
