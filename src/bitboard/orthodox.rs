//! The orthodox fast path: legal moves from check and pin masks (no make-and-test), copy-make,
//! and bulk counting at the last ply. Used when the rules are orthodox and the position holds
//! nothing but orthodox units (one king a side, pawns off their first and last ranks).

use feerie_oracle::rules::{FirstRankPawns, ResolvedRules};
use feerie_oracle::{CastlingSide, Colour, Walk};

use super::bits::{Bits, lowest};
use super::board::orthodox_walk_at as walk_at;
use super::board::{
    BISHOP, BbPosition, KING, KNIGHT, PAWN, QUEEN, REVERSE_PAWN, ROOK, WALKS, colour_of,
};
use super::moves::MoveKind;
use super::rules::{PROMOTION_INDICES, is_pawnlike};
use super::tables::{Sq, Tables, bit, tables};

/// A move: from, to and what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Mv {
    pub from: u8,
    pub to: u8,
    pub kind: MoveKind,
}

/// A fixed-size move list: no allocation while generating.
pub struct MoveList {
    moves: [Mv; 256],
    len: usize,
}

/// Where generated moves go: a list, or a counter for the last ply of perft.
pub trait Sink {
    /// The units giving check to the side to move and its pinned units, told once before
    /// any move: a sink that judges some moves itself needs them.
    #[inline]
    fn situation(&mut self, _checkers: u64, _pinned: u64) {}
    /// One move.
    fn add(&mut self, from: Sq, to: Sq, kind: MoveKind);
    /// A move of `kind` to each square of `targets`, from the square `delta` before it.
    #[inline]
    fn add_shifted(&mut self, targets: u64, delta: i32, kind: MoveKind) {
        for to in Bits(targets) {
            self.add((to as i32 - delta) as Sq, to, kind);
        }
    }
    /// The four promotions to each square of `targets`, from the square `delta` before it.
    #[inline]
    fn add_promotions(&mut self, targets: u64, delta: i32) {
        for to in Bits(targets) {
            for w in PROMOTION_INDICES {
                self.add((to as i32 - delta) as Sq, to, MoveKind::Promotion(w));
            }
        }
    }
    /// The four promotions of a capture on each square of `targets`.
    #[inline]
    fn add_capture_promotions(&mut self, targets: u64, delta: i32) {
        self.add_promotions(targets, delta);
    }
    /// A normal move to each square of `targets`.
    #[inline]
    fn add_targets(&mut self, from: Sq, targets: u64) {
        for to in Bits(targets) {
            self.add(from, to, MoveKind::Normal);
        }
    }
}

impl Sink for MoveList {
    #[inline]
    fn add(&mut self, from: Sq, to: Sq, kind: MoveKind) {
        self.push(from, to, kind);
    }
}

/// Counts moves without listing them, `CAPTURE_PROMOTIONS` for a pawn taking on its last rank:
/// four promotions in orthodox chess, one move where the capturer takes the captured walk
/// instead (Frankfurt, Protean).
pub struct Counter<const CAPTURE_PROMOTIONS: u64 = 4>(pub u64);

impl<const CAPTURE_PROMOTIONS: u64> Sink for Counter<CAPTURE_PROMOTIONS> {
    #[inline]
    fn add(&mut self, _: Sq, _: Sq, _: MoveKind) {
        self.0 += 1;
    }
    #[inline]
    fn add_targets(&mut self, _: Sq, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline]
    fn add_shifted(&mut self, targets: u64, _: i32, _: MoveKind) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline]
    fn add_promotions(&mut self, targets: u64, _: i32) {
        self.0 += 4 * targets.count_ones() as u64;
    }
    #[inline]
    fn add_capture_promotions(&mut self, targets: u64, _: i32) {
        self.0 += CAPTURE_PROMOTIONS * targets.count_ones() as u64;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList {
            moves: [Mv::default(); 256],
            len: 0,
        }
    }
    #[inline]
    fn push(&mut self, from: Sq, to: Sq, kind: MoveKind) {
        self.moves[self.len] = Mv {
            from: from as u8,
            to: to as u8,
            kind,
        };
        self.len += 1;
    }
    pub fn as_slice(&self) -> &[Mv] {
        &self.moves[..self.len]
    }
}

/// Each colour's first rank.
const FIRST_RANKS: [u64; 2] = [0xFF, 0xFF << 56];

/// True when the fast path applies to this position under these rules.
#[inline]
pub fn applies(p: &BbPosition, rules: &ResolvedRules) -> bool {
    rules.orthodox && shaped(p, rules.switches.first_rank_pawns == FirstRankPawns::Step)
}

/// True when the position holds units the fast generator knows: one royal king a side, no
/// attribute, no neutral unit, no reserve, pawns and reverse pawns off the edge ranks, except
/// on their own first rank when `first_rank_steps` (`first_rank_pawns: step`: such a pawn
/// steps and takes one square forward and attacks as from any other rank, which is what the
/// generator's pawn sets do, with no double step since it does not start from its second
/// rank).
#[inline]
pub fn shaped(p: &BbPosition, first_rank_steps: bool) -> bool {
    p.magic == 0 && shaped_with_magic(p, first_rank_steps)
}

/// Whether the generator knows how a unit of this walk moves and attacks.
#[inline]
const fn generator_knows(walk: Walk) -> bool {
    !walk.is_fairy()
}

/// As [`shaped`], magic units allowed (the generator knows that they neither take nor attack).
#[inline]
pub fn shaped_with_magic(p: &BbPosition, first_rank_steps: bool) -> bool {
    !p.has_reserve() && units_shaped(p, first_rank_steps)
}

/// As [`shaped`], whatever waits in a Parrain reserve: the generator never reads the reserve,
/// so that it gives the moves of such a position's units, their rebirth aside.
#[inline]
pub fn shaped_but_reserve(p: &BbPosition, first_rank_steps: bool) -> bool {
    p.magic == 0 && units_shaped(p, first_rank_steps)
}

/// The units of `p` are ones the generator knows (magic units allowed), the reserve aside.
#[inline]
fn units_shaped(p: &BbPosition, first_rank_steps: bool) -> bool {
    const RANK_1: u64 = 0xFF;
    const RANK_8: u64 = 0xFF << 56;
    let up = (p.walks[PAWN] & p.colours[0]) | (p.walks[REVERSE_PAWN] & p.colours[1]);
    let down = (p.walks[PAWN] & p.colours[1]) | (p.walks[REVERSE_PAWN] & p.colours[0]);
    let (first, last) = (up & RANK_1 | down & RANK_8, up & RANK_8 | down & RANK_1);
    // No fairy walk on the board, and none a pawn may promote to.
    debug_assert!(
        p.may_hold_fairy_units()
            || WALKS
                .iter()
                .zip(p.walks)
                .all(|(&walk, units)| units == 0 || generator_knows(walk))
    );
    // Neutral units (RULES.md §6), capture-mutable marks and fairy walks are the other paths'
    // (`nothing_rare` asks all three, the fairy walks included).
    p.nothing_rare()
        && p.royal == p.walks[KING]
        && (p.walks[KING] & p.colours[0]).count_ones() == 1
        && (p.walks[KING] & p.colours[1]).count_ones() == 1
        && last == 0
        && (first == 0 || first_rank_steps)
}

/// Units of colour `by` attacking `sq` with `occupied` blocking.
#[inline]
pub fn attackers(t: &Tables, p: &BbPosition, sq: Sq, occupied: u64, by: usize) -> u64 {
    let them = p.colours[by];
    let queens = p.walks[QUEEN];
    // A white pawn attacks upward: the pawns attacking sq stand on its lower diagonals.
    let pawn_from = t.pawn[1 - by][sq];
    // A reverse pawn attacks the other way.
    let reverse_from = t.pawn[by][sq];
    ((t.knight[sq] & p.walks[KNIGHT])
        | (t.king[sq] & p.walks[KING])
        | (pawn_from & p.walks[PAWN])
        | (reverse_from & p.walks[REVERSE_PAWN])
        | (t.rook(sq, occupied) & (p.walks[ROOK] | queens))
        | (t.bishop(sq, occupied) & (p.walks[BISHOP] | queens)))
        & them
        & !p.magic
}

/// The squares that units of colour `by` attack with `occupied` blocking (magic units attack
/// nothing).
#[inline]
pub fn attacked(t: &Tables, p: &BbPosition, by: usize, occupied: u64) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let them = p.colours[by] & !p.magic;
    let (up, down) = if by == 0 {
        (PAWN, REVERSE_PAWN)
    } else {
        (REVERSE_PAWN, PAWN)
    };
    let up = p.walks[up] & them;
    let down = p.walks[down] & them;
    let mut danger =
        ((up & NOT_A) << 7) | ((up & NOT_H) << 9) | ((down & NOT_A) >> 9) | ((down & NOT_H) >> 7);
    for sq in Bits(p.walks[KNIGHT] & them) {
        danger |= t.knight[sq];
    }
    for sq in Bits(p.walks[KING] & them) {
        danger |= t.king[sq];
    }
    let queens = p.walks[QUEEN];
    for sq in Bits((p.walks[BISHOP] | queens) & them) {
        danger |= t.bishop(sq, occupied);
    }
    for sq in Bits((p.walks[ROOK] | queens) & them) {
        danger |= t.rook(sq, occupied);
    }
    danger
}

/// The en passant capture open to the side to move, when the pawn to take is on `takeable` and
/// the passed square is empty: (passed square, the pawn's square, the units that may take,
/// pawns of either direction, magic ones aside).
#[inline]
pub fn en_passant(t: &Tables, p: &BbPosition, takeable: u64) -> Option<(Sq, Sq, u64)> {
    let (target, pawn) = p.ep()?;
    let (target, pawn) = (target as Sq, pawn as Sq);
    let pawnlike = p.pawnlike();
    if takeable & pawnlike & bit(pawn) == 0 || p.occupied() & bit(target) != 0 {
        return None;
    }
    Some((target, pawn, pawns_attacking(t, p, p.side, target)))
}

/// The en passant right after a pawn's double step from `from` to `to` (`n` the position after
/// it): the passed square and the pawn's, set only when a pawn of `them` could take there, as
/// the shared convention says. A rebirth (Parrain) may fill the passed square: then no pawn can
/// take there, unless `filled` says so: [`FilledPassedSquare::OwnUnit`] (`parrain_en_passant:
/// removes_own_unit`) when the unit there is of `them`, [`FilledPassedSquare::Any`] (a royal
/// pawn under `royal_en_passant: even_if_filled`, whose step the safety test must then call a
/// check) whatever stands there.
#[inline]
pub fn en_passant_right(
    t: &Tables,
    n: &BbPosition,
    from: Sq,
    to: Sq,
    them: usize,
    filled: FilledPassedSquare,
) -> Option<(u8, u8)> {
    let passed = (from + to) / 2;
    let b = bit(passed);
    let open = n.occupied() & b == 0
        || match filled {
            FilledPassedSquare::Closed => false,
            FilledPassedSquare::OwnUnit => n.colours[them] & !n.neutral() & b == b,
            FilledPassedSquare::Any => true,
        };
    (open && pawns_attacking(t, n, them, passed) != 0).then_some((passed as u8, to as u8))
}

/// Whether a double step leaves an en passant right over a passed square a rebirth filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FilledPassedSquare {
    /// It does not: en passant goes onto an empty square.
    Closed,
    /// When the unit there is of the side that may take (`parrain_en_passant:
    /// removes_own_unit`): that unit vanishes when a pawn takes there.
    OwnUnit,
    /// Whatever stands there (a royal pawn under `royal_en_passant: even_if_filled`): the right
    /// only makes the step a check, and such a position is never kept.
    Any,
}

/// The pawns of `colour`, of either direction and not magic, that attack `target`: those that
/// may take en passant there after an enemy double step over it (RULES.md §5).
#[inline]
pub fn pawns_attacking(t: &Tables, p: &BbPosition, colour: usize, target: Sq) -> u64 {
    let (up, down) = if colour == 0 {
        (PAWN, REVERSE_PAWN)
    } else {
        (REVERSE_PAWN, PAWN)
    };
    // A pawn moving up takes onto the square from its lower diagonals, one moving down from
    // its upper ones.
    (t.pawn[1][target] & p.walks[up] | t.pawn[0][target] & p.walks[down])
        & p.colours[colour]
        & !p.magic
}

/// Every legal move of the side to move.
pub fn generate<S: Sink>(p: &BbPosition, list: &mut S) {
    let t = tables();
    let us = p.side;
    let them = 1 - us;
    let own = p.colours[us];
    let all_enemy = p.colours[them];
    let occ = own | all_enemy;
    // Magic units (RULES.md §6) block lines but neither attack, nor take, nor can be taken; a
    // royal unit is never taken (a lenient position may leave the enemy king attacked).
    let untouchable = all_enemy & (p.magic | p.royal);
    let enemy = all_enemy & !untouchable;
    let magic = p.magic;
    let king = lowest(p.walks[KING] & own);
    // Riders that see the king through their own side's units give check when nothing stands
    // between, and pin one of ours when only it does.
    let riders = all_enemy & !magic;
    let mut pinned = 0u64;
    let mut checkers = 0u64;
    for s in Bits(
        (t.rook(king, all_enemy) & (p.walks[ROOK] | p.walks[QUEEN]) & riders)
            | (t.bishop(king, all_enemy) & (p.walks[BISHOP] | p.walks[QUEEN]) & riders),
    ) {
        let blockers = t.between(king, s) & occ;
        if blockers == 0 {
            checkers |= bit(s);
        } else if blockers.count_ones() == 1 && blockers & own != 0 {
            pinned |= blockers;
        }
    }
    checkers |= ((t.knight[king] & p.walks[KNIGHT])
        | (t.king[king] & p.walks[KING])
        | (t.pawn[us][king] & p.walks[PAWN])
        | (t.pawn[them][king] & p.walks[REVERSE_PAWN]))
        & riders;
    list.situation(checkers, pinned);

    // Castling: rights per rook corner; the king must be on its square and not in check, the
    // squares between king and rook empty, and the king's path not attacked (tested below with
    // the king's steps). The home squares: king e1/e8, rooks h and a, king's and rook's arrivals.
    type Castle = (Sq, Sq, Sq, Sq, CastlingSide);
    const CASTLES: [[Castle; 2]; 2] = [
        [
            (4, 6, 7, 5, CastlingSide::King),
            (4, 2, 0, 3, CastlingSide::Queen),
        ],
        [
            (60, 62, 63, 61, CastlingSide::King),
            (60, 58, 56, 59, CastlingSide::Queen),
        ],
    ];
    let mut castle_paths = [0u64; 2];
    // A king that has lost its own right castles with no rook (FEN `n`, RULES.md §1).
    // The rights are a bit per square (the king's own on its square).
    let rights = p.castling.bits();
    if checkers == 0 && king == CASTLES[us][0].0 && rights & bit(king) != 0 {
        for (i, (kf, kt, rf, rt, _)) in CASTLES[us].into_iter().enumerate() {
            let span = t.between(kf, rf) | bit(kt) | bit(rt);
            if rights & bit(rf) != 0
                && p.walks[ROOK] & own & bit(rf) != 0
                && span & occ & !bit(kf) & !bit(rf) == 0
            {
                castle_paths[i] = t.between(kf, kt) | bit(kt);
            }
        }
    }

    // King steps: the king no longer shields the squares behind it. A rider that would see a
    // castling path through the king gives check, so the same occupancy serves the paths. A few
    // squares are tested one by one, more through the map of every enemy attack.
    let steps = t.king[king] & !own & !untouchable;
    let candidates = steps | castle_paths[0] | castle_paths[1];
    let without_king = occ ^ bit(king);
    let danger = if at_most_one(candidates) {
        let mut danger = 0;
        for s in Bits(candidates) {
            if attackers(t, p, s, without_king, them) != 0 {
                danger |= bit(s);
            }
        }
        danger
    } else {
        attacked(t, p, them, without_king)
    };
    list.add_targets(king, steps & !danger);
    if checkers.count_ones() > 1 {
        return;
    }
    let target = if checkers != 0 {
        let c = lowest(checkers);
        t.between(king, c) | checkers
    } else {
        !own & !untouchable
    };
    // A magic unit may not take.
    let takes = |from: Sq| -> u64 {
        if magic & bit(from) != 0 {
            !all_enemy
        } else {
            !0
        }
    };

    // Pinned units may move only along their pin line.
    let allowed = |from: Sq| -> u64 {
        if pinned & bit(from) != 0 {
            t.line(king, from)
        } else {
            !0
        }
    };

    let push_targets = |targets: u64, from: Sq, list: &mut S| list.add_targets(from, targets);
    for from in Bits(p.walks[KNIGHT] & own & !pinned) {
        push_targets(t.knight[from] & target & takes(from), from, list);
    }
    for from in Bits((p.walks[BISHOP] | p.walks[QUEEN]) & own) {
        push_targets(
            t.bishop(from, occ) & target & allowed(from) & takes(from),
            from,
            list,
        );
    }
    for from in Bits((p.walks[ROOK] | p.walks[QUEEN]) & own) {
        push_targets(
            t.rook(from, occ) & target & allowed(from) & takes(from),
            from,
            list,
        );
    }

    // Pawns, and reverse pawns moving the other way (Protean chess): the unpinned ones as whole
    // sets, the pinned ones one by one.
    let own_up = if us == 0 { PAWN } else { REVERSE_PAWN };
    let own_down = if us == 0 { REVERSE_PAWN } else { PAWN };
    for (walk, up) in [(own_up, true), (own_down, false)] {
        let pawns = p.walks[walk] & own;
        if pawns != 0 {
            pawn_moves(list, pawns, up, occ, enemy, target, pinned, magic, king);
        }
    }
    if let Some((ep_target, ep_pawn, takers)) = en_passant(t, p, enemy) {
        for from in Bits(takers) {
            // Judged on the board after the capture: two units leave one rank.
            let after = (occ ^ bit(from) ^ bit(ep_pawn)) | bit(ep_target);
            let mut board = p.clone();
            board.colours[them] &= !bit(ep_pawn);
            if attackers(t, &board, king, after, them) == 0 {
                list.add(from, ep_target, MoveKind::EnPassant);
            }
        }
    }

    for (i, (kf, kt, _, _, side)) in CASTLES[us].into_iter().enumerate() {
        if castle_paths[i] != 0 && castle_paths[i] & danger == 0 {
            list.add(kf, kt, MoveKind::Castle(side));
        }
    }
}

/// True when `b` has at most one square.
#[inline]
fn at_most_one(b: u64) -> bool {
    b & b.wrapping_sub(1) == 0
}

/// The moves of a set of pawn-like units moving up (toward rank 8) or down.
#[allow(clippy::too_many_arguments)]
#[inline]
fn pawn_moves<S: Sink>(
    list: &mut S,
    pawns: u64,
    up: bool,
    occ: u64,
    enemy: u64,
    target: u64,
    pinned: u64,
    magic: u64,
    king: Sq,
) {
    let t = tables();
    let promotion_rank: u64 = if up { 0xFF00_0000_0000_0000 } else { 0xFF };
    let third_rank: u64 = if up { 0xFF << 16 } else { 0xFF << 40 };
    let double_from_rank: u64 = if up { 0xFF00 } else { 0x00FF_0000_0000_0000 };
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let shift = |b: u64, n: i32| if n > 0 { b << n } else { b >> -n };
    let fwd: i32 = if up { 8 } else { -8 };
    let (west, east): (i32, i32) = if up { (7, 9) } else { (-9, -7) };
    let diagonals = if up { &t.pawn[0] } else { &t.pawn[1] };
    let free = pawns & !pinned;
    let single = shift(free, fwd) & !occ;
    let double = shift(single & third_rank, fwd) & !occ & target;
    let single = single & target;
    list.add_shifted(single & !promotion_rank, fwd, MoveKind::Normal);
    list.add_promotions(single & promotion_rank, fwd);
    list.add_shifted(double, 2 * fwd, MoveKind::DoublePush);
    for (mask, delta) in [(NOT_A, west), (NOT_H, east)] {
        let hits = shift(free & !magic & mask, delta) & enemy & target;
        list.add_shifted(hits & !promotion_rank, delta, MoveKind::Normal);
        list.add_capture_promotions(hits & promotion_rank, delta);
    }
    for from in Bits(pawns & pinned) {
        let allow = t.line(king, from) & target;
        let one = (from as i32 + fwd) as Sq;
        if occ & bit(one) == 0 {
            if bit(one) & allow != 0 {
                if bit(one) & promotion_rank != 0 {
                    list.add_promotions(bit(one), fwd);
                } else {
                    list.add(from, one, MoveKind::Normal);
                }
            }
            let two = (from as i32 + 2 * fwd) as Sq;
            if bit(from) & double_from_rank != 0 && occ & bit(two) == 0 && bit(two) & allow != 0 {
                list.add(from, two, MoveKind::DoublePush);
            }
        }
        if magic & bit(from) != 0 {
            continue;
        }
        for to in Bits(diagonals[from] & enemy & allow) {
            if bit(to) & promotion_rank != 0 {
                list.add_capture_promotions(bit(to), to as i32 - from as i32);
            } else {
                list.add(from, to, MoveKind::Normal);
            }
        }
    }
}

/// True when the king of the side to move can step to an empty square no enemy unit attacks
/// once the king has left its own: the side has a legal move.
pub fn has_quiet_flight(p: &BbPosition) -> bool {
    let t = tables();
    let king = lowest(p.walks[KING] & p.colours[p.side]);
    let occupied = p.occupied();
    let without_king = occupied & !bit(king);
    Bits(t.king[king] & !occupied)
        .any(|flight| attackers(t, p, flight, without_king, 1 - p.side) == 0)
}

/// True when the side to move is in check.
pub fn in_check(p: &BbPosition) -> bool {
    let t = tables();
    let king = lowest(p.walks[KING] & p.colours[p.side]);
    attackers(t, p, king, p.occupied(), 1 - p.side) != 0
}

/// The position after a legal move (units without attributes but the kings' royalty, magic
/// units staying where they are).
pub fn make(p: &BbPosition, mv: Mv) -> BbPosition {
    let t = tables();
    let mut n = p.plain_copy();
    let us = p.side;
    let them = 1 - us;
    let (from, to) = (mv.from as Sq, mv.to as Sq);
    let (fb, tb) = (bit(from), bit(to));
    let walk = walk_at(p, from);
    let pawnlike = is_pawnlike(WALKS[walk]);
    let mut resets = pawnlike;
    // Take a unit standing on the arrival square.
    if p.colours[them] & tb != 0 {
        let victim = walk_at(p, to);
        n.walks[victim] ^= tb;
        n.colours[them] ^= tb;
        resets = true;
    }
    n.colours[us] ^= fb | tb;
    match mv.kind {
        MoveKind::Castle(side) => {
            let [_, _, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
            n.walks[KING] ^= fb | tb;
            n.royal ^= fb | tb;
            n.walks[ROOK] ^= bit(rf) | bit(rt);
            n.colours[us] ^= bit(rf) | bit(rt);
        }
        MoveKind::EnPassant => {
            let (_, pawn) = p.ep().expect("en passant square");
            let pb = bit(pawn as Sq);
            n.walks[walk] ^= fb | tb;
            n.walks[walk_at(p, pawn as Sq)] ^= pb;
            n.colours[them] ^= pb;
        }
        MoveKind::Promotion(w) => {
            n.walks[walk] ^= fb;
            n.walks[w as usize] ^= tb;
        }
        MoveKind::Normal | MoveKind::DoublePush => {
            n.walks[walk] ^= fb | tb;
            if walk == KING {
                n.royal ^= fb | tb;
            }
        }
    }
    // Castling rights: a king that moves loses them all; a corner touched loses its own.
    let colour = colour_of(us);
    if walk == KING {
        n.castling.clear(colour);
    }
    const CORNERS: u64 = bit(0) | bit(7) | bit(56) | bit(63);
    if (fb | tb) & CORNERS != 0 {
        for s in [from, to] {
            if bit(s) & CORNERS != 0 {
                n.castling.remove(super::board::square(s));
            }
        }
    }
    // A reverse pawn promoting to a rook on a corner of its own first rank gains that corner's
    // right while its king keeps its own.
    if mv.kind == MoveKind::Promotion(ROOK as u8)
        && tb & CORNERS & FIRST_RANKS[us] != 0
        && n.castling.king_may_castle(colour)
    {
        n.castling.insert(super::board::square(to));
    }
    n.set_ep(None);
    if mv.kind == MoveKind::DoublePush
        && let Some(ep) = en_passant_right(t, &n, from, to, them, FilledPassedSquare::Closed)
    {
        n.set_ep(Some(ep));
    }
    n.halfmove = if resets { 0 } else { p.halfmove + 1 };
    if colour == Colour::Black {
        n.fullmove += 1;
    }
    n.side = them;
    n
}

/// Perft with bulk counting at the last ply.
pub fn perft(p: &BbPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        let mut counter = Counter::<4>(0);
        generate(p, &mut counter);
        return counter.0;
    }
    let mut list = MoveList::new();
    generate(p, &mut list);
    list.as_slice()
        .iter()
        .map(|&mv| perft(&make(p, mv), depth - 1))
        .sum()
}
