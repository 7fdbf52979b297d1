//! Counting sinks for the orthodox generator at the last ply: the moves it gives that a
//! condition leaves orthodox are counted in bulk, the others judged one by one or left to the
//! pipeline.

use crate::bitboard::bits::{Bits, lowest, translate};
use crate::bitboard::board::{
    BISHOP, BbPosition, KING, KNIGHT, PAWN, QUEEN, REVERSE_PAWN, ROOK, WALKS, colour_index,
    colour_of, orthodox_walk_at, walk_index,
};
use crate::bitboard::moves::MoveKind;
use crate::bitboard::orthodox::{self, Sink};
use crate::bitboard::rules::{file, last_rank, parrain, promotes_on, rank};
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::rules::{CirceModel, RebirthOccupied, RebirthWalk};
use feerie_oracle::{CastlingSide, Reserve};

/// The first and last ranks.
const EDGE_RANKS: u64 = 0xFF | 0xFF << 56;

use super::{Compact, NONE, PROMOTIONS, is_pawnlike, promotes};

/// Counts only the moves that capture nothing (for Circe, whose other moves are orthodox).
pub(super) struct QuietCounter {
    /// The units of the side not to move.
    pub enemy: u64,
    /// The count.
    pub n: u64,
}

impl Sink for QuietCounter {
    #[inline]
    fn add(&mut self, _: Sq, to: Sq, kind: MoveKind) {
        if kind != MoveKind::EnPassant && self.enemy & bit(to) == 0 {
            self.n += 1;
        }
    }
    #[inline]
    fn add_targets(&mut self, _: Sq, targets: u64) {
        self.n += (targets & !self.enemy).count_ones() as u64;
    }
    #[inline]
    fn add_shifted(&mut self, targets: u64, _: i32, kind: MoveKind) {
        if kind != MoveKind::EnPassant {
            self.n += (targets & !self.enemy).count_ones() as u64;
        }
    }
    #[inline]
    fn add_promotions(&mut self, targets: u64, _: i32) {
        self.n += 4 * (targets & !self.enemy).count_ones() as u64;
    }
    #[inline]
    fn add_capture_promotions(&mut self, _: u64, _: i32) {}
}

/// Counts, from the orthodox generator out of check, every quiet move and every Circe capture by
/// an unpinned unit other than the king: such a capture is legal unless the unit it brings back
/// attacks the king (one move per promotion of a reborn pawn, each judged). Captures by the king,
/// by pinned units, every capture in check and en passant are left out, for
/// [`Compact::count_circe_captures_by`] and [`Compact::circe_captures_by`].
pub(super) struct CirceCounter<'a> {
    pub(super) c: &'a Compact,
    pub(super) p: &'a BbPosition,
    pub(super) model: CirceModel,
    pub(super) enemy: u64,
    pub(super) excluded: u64,
    pub(super) king_sq: Sq,
    /// The squares from which a reborn unit could attack the king through the enemy units (a
    /// queen's lines, stopped by them, which hold a pawn's captures too, and a knight's leaps;
    /// no king is reborn): a unit reborn anywhere else gives no check, since every enemy unit
    /// stays where it is (the one taken gives its square to the capturer).
    pub(super) near_king: u64,
    /// The side not to move, whose units are reborn.
    them: usize,
    /// The occupied squares before the move.
    occupied: u64,
    /// Whether the rebirth square depends on the move rather than on the unit taken.
    reads_move: bool,
    /// Where the rebirth square depends on the move, under `rebirth_occupied: relaxed`, the
    /// squares where a rebirth may change the count of a capture: not held by an enemy unit
    /// (free now, or held by the side to move, whose mover may free its square), and near the
    /// king or on the rank where a pawn reborn promotes; every square otherwise. A capture whose rebirth square is elsewhere is one move: the square stays
    /// taken (the unit is lost), or the unit reborn there gives no check and does not promote.
    watch: u64,
    /// Under `rebirth_occupied: relaxed`, where the rebirth square depends on the unit taken,
    /// whether no capture's rebirth can give check or promote: no square not held by an enemy
    /// unit is one where a unit of some walk can be reborn (after a capture on any square) and
    /// reach the king, or promote. A sufficient condition: every capture the counter judges is
    /// then one move, counted in bulk.
    bulk: bool,
    pub(super) n: u64,
}

impl<'a> CirceCounter<'a> {
    /// A counter for the side to move in `p`, whose king stands on `king_sq`. The units whose
    /// captures it leaves out (the king and the pinned units, every unit in check) are known
    /// once the generator has told the situation.
    pub(super) fn new(c: &'a Compact, p: &'a BbPosition, king_sq: Sq) -> Self {
        let model = c.rules.circe.expect("a Circe model");
        let them = 1 - p.side;
        // The enemy units stay where they are whatever the side to move plays (the one taken
        // gives its square to the capturer): a unit reborn beyond one of them on a line from
        // the king does not reach it.
        let blockers = p.colours[them];
        let (lines, diagonals) = (c.t.rook(king_sq, blockers), c.t.bishop(king_sq, blockers));
        let near_king = lines | diagonals | c.t.knight[king_sq];
        // Free now, or freed if the mover stands there.
        let open = !p.occupied() | p.colours[p.side];
        let relaxed = model.occupied == RebirthOccupied::Relaxed;
        let reads_move = c.rebirth_squares.reads_move();
        let watch = if relaxed && reads_move {
            // A pawn reborn promotes on the last rank of its walk, taken by the side to move or
            // cloned from the capturer.
            let promoting = [PAWN, REVERSE_PAWN]
                .iter()
                .filter(|&&w| p.walks[w] != 0)
                .fold(0, |ranks, &w| {
                    ranks | 0xFF << (8 * last_rank(them, WALKS[w]))
                });
            open & (near_king | promoting)
        } else {
            !0
        };
        // The squares where a unit reborn could check the king, by its walk, or promote (the
        // rebirth squares are the tables' for each orthodox walk). The king's walk is left out:
        // no capture the counter judges is of a king (the generator takes none) or by one (the
        // king's captures are excluded), so no unit is reborn with it.
        let bulk = relaxed && !reads_move && {
            let reach = c.rebirth_squares.orthodox_reach(them);
            let pawns = c.t.pawn[0][king_sq] | c.t.pawn[1][king_sq];
            let danger = reach[QUEEN].0 & (lines | diagonals)
                | reach[ROOK].0 & lines
                | reach[BISHOP].0 & diagonals
                | reach[KNIGHT].0 & c.t.knight[king_sq]
                | (reach[PAWN].0 | reach[REVERSE_PAWN].0) & pawns
                | reach[PAWN].1
                | reach[REVERSE_PAWN].1;
            open & danger == 0
        };
        CirceCounter {
            c,
            p,
            model,
            enemy: p.colours[them] & !p.magic,
            excluded: !0,
            king_sq,
            near_king,
            them,
            occupied: p.occupied(),
            watch,
            bulk,
            reads_move,
            n: 0,
        }
    }

    /// The legal moves one capture (not a promotion) from `from` to `to` makes, by an unpinned
    /// unit other than the king out of check: as [`Self::capture`] without a promotion, with
    /// the rebirth rule read inline. The victim is not royal (the generator takes no king) nor
    /// is the capturer (the king's captures are excluded), so the rebirth is never forbidden for
    /// royalty and Clone always gives the capturer's walk.
    #[inline(never)]
    fn quick(&self, from: Sq, to: Sq) -> u64 {
        let p = self.p;
        let them = self.them;
        // The compact path holds orthodox walks only.
        let walk = match self.model.walk {
            RebirthWalk::Own => orthodox_walk_at(p, to),
            RebirthWalk::Cloned => orthodox_walk_at(p, from),
            RebirthWalk::Chameleon => walk_index(crate::bitboard::rules::circe::chameleon(
                WALKS[orthodox_walk_at(p, to)],
            )),
        };
        let Some(s) = self
            .c
            .rebirth_squares
            .square_on_arrival(them, walk, from, to)
        else {
            // Off the board: the unit is lost, or under `strict` the capture is not made (as
            // on a taken square).
            return u64::from(self.model.occupied == RebirthOccupied::Relaxed);
        };
        let occ = self.occupied & !bit(from) | bit(to);
        if occ & bit(s) != 0 {
            return u64::from(self.model.occupied == RebirthOccupied::Relaxed);
        }
        if is_pawnlike(walk) && bit(s) & EDGE_RANKS != 0 && promotes(them, walk, s) {
            return self.promoted_rebirths(s, occ | bit(s));
        }
        if self.near_king & bit(s) == 0 {
            return 1;
        }
        u64::from(
            !self
                .c
                .unit_attacks(them, s, walk, self.king_sq, occ | bit(s)),
        )
    }

    /// The legal moves of a capture whose victim, a pawn, is reborn on its last rank `s` and
    /// promotes there, the units on `occ` afterwards: one per promotion that does not attack the
    /// king.
    #[inline(never)]
    fn promoted_rebirths(&self, s: Sq, occ: u64) -> u64 {
        if self.near_king & bit(s) == 0 {
            return 4;
        }
        let them = 1 - self.p.side;
        PROMOTIONS
            .iter()
            .filter(|&&w| !self.c.unit_attacks(them, s, w as usize, self.king_sq, occ))
            .count() as u64
    }

    /// The legal moves one capture makes (promotion of the capturer aside).
    fn capture(&self, from: Sq, to: Sq, promoted: Option<usize>) -> u64 {
        let Some((s, walks, count)) = self.c.circe_rebirth(self.p, from, to, promoted) else {
            return 0;
        };
        if s == NONE {
            return 1;
        }
        walks[..count]
            .iter()
            .filter(|&&w| {
                !self
                    .c
                    .reborn_attacks(self.p, from, to, s as Sq, w as usize, self.king_sq)
            })
            .count() as u64
    }

    #[inline]
    fn captures(&mut self, targets: u64, delta: Option<i32>, from: Sq, promotions: bool) {
        // One mover's captures: left out together.
        if delta.is_none() && self.excluded & bit(from) != 0 {
            return;
        }
        if self.bulk {
            let each = if promotions { 4 } else { 1 };
            self.n += each
                * match delta {
                    None => targets.count_ones() as u64,
                    // The pawns' departures, `d` before their arrivals.
                    Some(d) => {
                        let moved = if d > 0 {
                            self.excluded << d
                        } else {
                            self.excluded >> -d
                        };
                        (targets & !moved).count_ones() as u64
                    }
                };
            return;
        }
        if self.reads_move && !promotions {
            // The square alone settles most captures here: no walk to read.
            let squares = self.c.rebirth_squares;
            for to in Bits(targets) {
                let from = match delta {
                    None => from,
                    Some(d) => (to as i32 - d) as Sq,
                };
                if self.excluded & bit(from) != 0 {
                    continue;
                }
                self.n += match squares.square_on_arrival(self.them, 0, from, to) {
                    Some(s) if self.watch & bit(s) == 0 => 1,
                    _ => self.quick(from, to),
                };
            }
            return;
        }
        for to in Bits(targets) {
            let from = delta.map_or(from, |d| (to as i32 - d) as Sq);
            if self.excluded & bit(from) != 0 {
                continue;
            }
            if promotions {
                if self.c.clone_promoted() {
                    for w in PROMOTIONS {
                        self.n += self.capture(from, to, Some(w as usize));
                    }
                } else {
                    self.n += 4 * self.quick(from, to);
                }
            } else {
                self.n += self.quick(from, to);
            }
        }
    }
}

impl orthodox::Sink for CirceCounter<'_> {
    #[inline]
    fn situation(&mut self, checkers: u64, pinned: u64) {
        self.excluded = if checkers != 0 {
            !0
        } else {
            bit(self.king_sq) | pinned
        };
    }
    fn add(&mut self, from: Sq, to: Sq, kind: MoveKind) {
        match kind {
            MoveKind::EnPassant => {}
            _ if self.enemy & bit(to) == 0 => self.n += 1,
            MoveKind::Promotion(w) => {
                // One of four: count the capture's variants for this promotion only.
                if self.excluded & bit(from) == 0 {
                    let promoted = self.c.clone_promoted().then_some(w as usize);
                    self.n += if self.bulk {
                        1
                    } else {
                        self.capture(from, to, promoted)
                    };
                }
            }
            _ => self.captures(bit(to), None, from, false),
        }
    }
    #[inline]
    fn add_targets(&mut self, from: Sq, targets: u64) {
        let captures = targets & self.enemy;
        // Captures counted in bulk are moves as the others are.
        if captures == 0 || (self.bulk && self.excluded & bit(from) == 0) {
            self.n += targets.count_ones() as u64;
            return;
        }
        self.n += (targets & !self.enemy).count_ones() as u64;
        self.captures(captures, None, from, false);
    }
    #[inline]
    fn add_shifted(&mut self, targets: u64, delta: i32, _: MoveKind) {
        self.n += (targets & !self.enemy).count_ones() as u64;
        let captures = targets & self.enemy;
        if captures != 0 {
            self.captures(captures, Some(delta), 0, false);
        }
    }
    #[inline]
    fn add_promotions(&mut self, targets: u64, delta: i32) {
        self.n += 4 * (targets & !self.enemy).count_ones() as u64;
        let captures = targets & self.enemy;
        if captures != 0 {
            self.captures(captures, Some(delta), 0, true);
        }
    }
    #[inline]
    fn add_capture_promotions(&mut self, targets: u64, delta: i32) {
        if targets != 0 {
            self.captures(targets, Some(delta), 0, true);
        }
    }
}

/// Splits the orthodox generator's moves at the last ply with magic units on the board: the
/// moves that make no contact are counted; the contact moves of `simple` units (those not
/// magic: only the mover can change, so that they are legal as in orthodox chess), en passant
/// and castling aside, go to `contact` one by one (from, to, promotion or NONE); the moves of
/// `magic_simple` units (unpinned magic units, out of check) go to `magic_move` (from, to,
/// kind, promotion or NONE); the others are left out. The generator tells the check and the
/// pins before any move, which sets `magic_simple`.
pub(super) struct MagicLeafSplit<F: FnMut(Sq, Sq, u8), G: FnMut(Sq, Sq, MoveKind, u8)> {
    pub(super) zone: u64,
    pub(super) magic: u64,
    /// The units of the side to move other than the king.
    pub(super) movers: u64,
    pub(super) simple: u64,
    pub(super) magic_simple: u64,
    /// The squares of each castling of the side to move: king's side, queen's side.
    pub(super) castles: [[Sq; 4]; 2],
    pub(super) n: u64,
    pub(super) contact: F,
    pub(super) magic_move: G,
}

impl<F: FnMut(Sq, Sq, u8), G: FnMut(Sq, Sq, MoveKind, u8)> MagicLeafSplit<F, G> {
    fn sources(&self, set: u64, delta: i32) -> u64 {
        if delta > 0 {
            set << delta
        } else {
            set >> -delta
        }
    }

    /// A move of a magic unit.
    fn magic_add(&mut self, from: Sq, to: Sq, kind: MoveKind) {
        if self.magic_simple & bit(from) == 0 {
            return;
        }
        match kind {
            MoveKind::Normal => (self.magic_move)(from, to, MoveKind::Normal, NONE),
            MoveKind::DoublePush => (self.magic_move)(from, to, MoveKind::DoublePush, NONE),
            MoveKind::Promotion(w) => (self.magic_move)(from, to, MoveKind::Normal, w),
            // A magic unit takes nothing, and castling is the king's move.
            MoveKind::EnPassant | MoveKind::Castle(_) => {}
        }
    }
}

impl<F: FnMut(Sq, Sq, u8), G: FnMut(Sq, Sq, MoveKind, u8)> orthodox::Sink for MagicLeafSplit<F, G> {
    #[inline]
    fn situation(&mut self, checkers: u64, pinned: u64) {
        self.magic_simple = if checkers == 0 {
            self.movers & self.magic & !pinned
        } else {
            0
        };
    }
    fn add(&mut self, from: Sq, to: Sq, kind: MoveKind) {
        if self.magic & bit(from) != 0 {
            self.magic_add(from, to, kind);
            return;
        }
        match kind {
            MoveKind::Castle(side) => {
                let [_, _, rf, rt] = self.castles[(side == CastlingSide::Queen) as usize];
                if self.magic & bit(rf) == 0 && self.zone & bit(rt) == 0 {
                    self.n += 1;
                }
            }
            _ if self.zone & bit(to) == 0 => self.n += 1,
            MoveKind::EnPassant => {}
            _ if self.simple & bit(from) == 0 => {}
            MoveKind::Promotion(w) => (self.contact)(from, to, w),
            MoveKind::Normal | MoveKind::DoublePush => (self.contact)(from, to, NONE),
        }
    }
    #[inline]
    fn add_targets(&mut self, from: Sq, targets: u64) {
        if self.magic & bit(from) != 0 {
            for to in Bits(targets) {
                self.magic_add(from, to, MoveKind::Normal);
            }
            return;
        }
        self.n += (targets & !self.zone).count_ones() as u64;
        if self.simple & bit(from) != 0 {
            for to in Bits(targets & self.zone) {
                (self.contact)(from, to, NONE);
            }
        }
    }
    fn add_shifted(&mut self, targets: u64, delta: i32, kind: MoveKind) {
        let from_magic = targets & self.sources(self.magic, delta);
        let targets = targets & !from_magic;
        self.n += (targets & !self.zone).count_ones() as u64;
        for to in Bits((targets & self.zone) | from_magic) {
            self.add((to as i32 - delta) as Sq, to, kind);
        }
    }
    #[inline]
    fn add_promotions(&mut self, targets: u64, delta: i32) {
        if targets == 0 {
            return;
        }
        let from_magic = targets & self.sources(self.magic, delta);
        let targets = targets & !from_magic;
        self.n += 4 * (targets & !self.zone).count_ones() as u64;
        for to in Bits((targets & self.zone) | from_magic) {
            for w in PROMOTIONS {
                self.add((to as i32 - delta) as Sq, to, MoveKind::Promotion(w));
            }
        }
    }
}

/// Counts, from the orthodox generator, the legal moves under Parrain with a unit of the side to
/// move waiting, once per rebirth choice (four when a reborn pawn promotes).
///
/// The rebirth puts a unit of the mover's own side on an empty square: it can never make a
/// move illegal, and it makes an orthodox-illegal move legal only by standing between the
/// king's square after the move and an enemy rider that would attack it. So a move whose
/// rebirth square is not on such a line ([`Self::shields`]) is legal exactly when it is
/// orthodox-legal, and counted here; the moves whose rebirth may shield the king, and en
/// passant, are left to the pipeline.
pub(super) struct ParrainCounter<'a> {
    pub(super) c: &'a Compact,
    pub(super) p: &'a BbPosition,
    pub(super) reserve: Reserve,
    pub(super) king_sq: Sq,
    /// The squares between the king and the enemy riders on its lines (empty board): where a
    /// rebirth may shield the king when it does not move.
    pub(super) shield: u64,
    /// The squares where the unit waiting promotes when reborn there.
    promoting: u64,
    /// Captures mutate (Frankfurt, Protean): a pawn taking on its last rank takes the captured
    /// walk instead of promoting, one move.
    pub(super) mutate: bool,
    pub(super) n: u64,
}

impl ParrainCounter<'_> {
    /// The counter for `p` (the unit waiting, `reserve`, is of the side to move).
    pub(super) fn new<'a>(
        c: &'a Compact,
        p: &'a BbPosition,
        reserve: Reserve,
    ) -> ParrainCounter<'a> {
        let king_sq = lowest(p.walks[KING] & p.colours[p.side]);
        // A pawn whose own side is taken to be the capturer may stay a pawn on its last rank.
        let may_promote = parrain::may_promote(
            &reserve,
            p.side,
            c.rules.switches.parrain_other_side_promotion,
        );
        ParrainCounter {
            c,
            p,
            reserve,
            king_sq,
            shield: c.shield_lines(p, king_sq),
            promoting: Bits(EDGE_RANKS)
                .filter(|&s| {
                    may_promote
                        && promotes_on(colour_index(reserve.piece.colour), reserve.piece.walk, s)
                })
                .fold(0, |m, s| m | bit(s)),
            mutate: c.rules.captures_mutate,
            n: 0,
        }
    }

    /// The rebirth square of a move (castling, or from `from` to `to`) when it is empty once
    /// the units stand on `occ`.
    #[inline]
    fn rebirth(&self, castling: Option<CastlingSide>, from: Sq, to: Sq, occ: u64) -> Option<Sq> {
        parrain::rebirth_square(
            self.reserve.square.index(),
            castling,
            from,
            to,
            self.c.rules.switches.parrain_long_castling,
        )
        .filter(|&s| occ & bit(s) == 0)
    }

    /// Rebirth choices for a unit reborn on `square`: four when a pawn promotes there.
    #[inline]
    fn choices(&self, square: Option<Sq>) -> u64 {
        if square.is_some_and(|s| self.promoting & bit(s) != 0) {
            4
        } else {
            1
        }
    }

    /// Where the unit waiting comes back after a move (castling, or from `from` to `to`), if
    /// that square is empty then, and where the king stands after it.
    #[inline(always)]
    fn rebirth_after(&self, from: Sq, to: Sq, kind: MoveKind) -> (Option<Sq>, Sq) {
        match kind {
            MoveKind::Castle(side) => {
                let [kf, kt, rf, rt] = side.squares(colour_of(self.p.side)).map(|s| s.index());
                let occ = self.p.occupied() & !bit(kf) & !bit(rf) | bit(kt) | bit(rt);
                (self.rebirth(Some(side), kf, kt, occ), kt)
            }
            _ => {
                let occ = self.p.occupied() & !bit(from) | bit(to);
                let king_after = if from == self.king_sq {
                    to
                } else {
                    self.king_sq
                };
                (self.rebirth(None, from, to, occ), king_after)
            }
        }
    }

    /// Whether a rebirth on `square` may shield the king (on `king_after` once the move is
    /// made) from an enemy rider.
    #[inline]
    fn shielding(&self, square: Option<Sq>, king_after: Sq) -> bool {
        let Some(s) = square else { return false };
        let shield = if king_after == self.king_sq {
            self.shield
        } else {
            self.c.shield_lines(self.p, king_after)
        };
        shield & bit(s) != 0
    }

    /// Whether the rebirth after this move (from `from` to `to`, of `kind`) may shield the
    /// king: such a move is judged by the pipeline, not counted here.
    pub(super) fn shields(&self, from: Sq, to: Sq, kind: MoveKind) -> bool {
        let (square, king_after) = self.rebirth_after(from, to, kind);
        self.shielding(square, king_after)
    }

    /// The moves of a unit other than the king from `from` to each of `targets`, counted in
    /// bulk: the rebirth squares are the targets moved by the vector from `from` to the capture
    /// square, so that the targets whose rebirth shields the king or promotes are the
    /// shielding and promoting squares moved back by it (an occupied rebirth square, or one
    /// off the board, means no rebirth: one move).
    #[inline]
    fn bulk(&self, from: Sq, targets: u64) -> u64 {
        let capture = self.reserve.square.index();
        if from == capture {
            // The rebirth square is the arrival square, which the mover holds: no rebirth.
            // (Play leaves the capturer there; a position set up with the mover's own unit on
            // the capture square is still valid.)
            return targets.count_ones() as u64;
        }
        let (files, ranks) = (file(from) - file(capture), rank(from) - rank(capture));
        // Otherwise the rebirth square is never the arrival square: the squares free after
        // the move are those free now and the start.
        let free = !self.p.occupied() | bit(from);
        let shielded = targets & translate(self.shield & free, files, ranks);
        let promoting = if self.promoting == 0 {
            0
        } else {
            targets & translate(self.promoting & free & !self.shield, files, ranks)
        };
        (targets.count_ones() - shielded.count_ones() + 3 * promoting.count_ones()) as u64
    }

    /// Counts a move `times` (once per promotion of the mover) unless its rebirth may shield
    /// the king.
    fn step(&mut self, from: Sq, to: Sq, kind: MoveKind, times: u64) {
        let (square, king_after) = self.rebirth_after(from, to, kind);
        if !self.shielding(square, king_after) {
            self.n += times * self.choices(square);
        }
    }
}

impl orthodox::Sink for ParrainCounter<'_> {
    fn add(&mut self, from: Sq, to: Sq, kind: MoveKind) {
        match kind {
            MoveKind::EnPassant => {}
            _ => self.step(from, to, kind, 1),
        }
    }
    fn add_targets(&mut self, from: Sq, targets: u64) {
        if from == self.king_sq {
            for to in Bits(targets) {
                self.step(from, to, MoveKind::Normal, 1);
            }
        } else {
            self.n += self.bulk(from, targets);
        }
    }
    fn add_shifted(&mut self, targets: u64, delta: i32, _: MoveKind) {
        for to in Bits(targets) {
            self.step((to as i32 - delta) as Sq, to, MoveKind::Normal, 1);
        }
    }
    fn add_promotions(&mut self, targets: u64, delta: i32) {
        for to in Bits(targets) {
            self.step((to as i32 - delta) as Sq, to, MoveKind::Normal, 4);
        }
    }
    fn add_capture_promotions(&mut self, targets: u64, delta: i32) {
        let times = if self.mutate { 1 } else { 4 };
        for to in Bits(targets) {
            self.step((to as i32 - delta) as Sq, to, MoveKind::Normal, times);
        }
    }
}
