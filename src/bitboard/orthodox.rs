//! The orthodox fast path: legal moves from check and pin masks (no make-and-test), copy-make,
//! and bulk counting at the last ply. Used when the rules are orthodox and the position holds
//! nothing but orthodox units (one king a side, pawns off their first and last ranks).

use feerie_oracle::{CastlingSide, Colour, Rules};

use super::board::{BISHOP, BbPosition, KING, KNIGHT, PAWN, QUEEN, REVERSE_PAWN, ROOK, colour_of};
use super::tables::{Sq, Tables, bit, tables};

/// A move: from, to and what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Mv {
    pub from: u8,
    pub to: u8,
    pub kind: Kind,
}

/// The kinds of orthodox moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Kind {
    #[default]
    Normal,
    DoublePush,
    EnPassant,
    Castle(CastlingSide),
    Promotion(usize),
}

/// A fixed-size move list: no allocation while generating.
pub struct MoveList {
    moves: [Mv; 256],
    len: usize,
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList {
            moves: [Mv::default(); 256],
            len: 0,
        }
    }
    #[inline]
    fn push(&mut self, from: Sq, to: Sq, kind: Kind) {
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
    pub fn len(&self) -> usize {
        self.len
    }
}

/// True when the fast path applies to this position under these rules.
pub fn applies(p: &BbPosition, rules: &Rules) -> bool {
    const EDGE_RANKS: u64 = 0xFF00_0000_0000_00FF;
    rules.is_orthodox()
        && p.walks[REVERSE_PAWN] == 0
        && p.magic == 0
        && p.mutable == 0
        && p.royal == p.walks[KING]
        && (p.walks[KING] & p.colours[0]).count_ones() == 1
        && (p.walks[KING] & p.colours[1]).count_ones() == 1
        && p.walks[PAWN] & EDGE_RANKS == 0
        && p.reserve.is_none()
}

#[inline]
fn lsb(b: u64) -> Sq {
    b.trailing_zeros() as Sq
}

/// Units of colour `by` attacking `sq` with `occupied` blocking.
#[inline]
pub fn attackers(t: &Tables, p: &BbPosition, sq: Sq, occupied: u64, by: usize) -> u64 {
    let them = p.colours[by];
    let queens = p.walks[QUEEN];
    // A white pawn attacks upward: the pawns attacking sq stand on its lower diagonals.
    let pawn_from = t.pawn[1 - by][sq];
    ((t.knight[sq] & p.walks[KNIGHT])
        | (t.king[sq] & p.walks[KING])
        | (pawn_from & p.walks[PAWN])
        | (t.rook(sq, occupied) & (p.walks[ROOK] | queens))
        | (t.bishop(sq, occupied) & (p.walks[BISHOP] | queens)))
        & them
}

/// Every legal move of the side to move.
pub fn generate(p: &BbPosition, list: &mut MoveList) {
    let t = tables();
    let us = p.side;
    let them = 1 - us;
    let own = p.colours[us];
    let enemy = p.colours[them];
    let occ = own | enemy;
    let king = lsb(p.walks[KING] & own);
    let checkers = attackers(t, p, king, occ, them);

    // King steps: the king no longer shields the squares behind it.
    let without_king = occ ^ bit(king);
    let mut steps = t.king[king] & !own;
    while steps != 0 {
        let to = lsb(steps);
        steps &= steps - 1;
        if attackers(t, p, to, without_king, them) == 0 {
            list.push(king, to, Kind::Normal);
        }
    }
    if checkers.count_ones() > 1 {
        return;
    }
    let target = if checkers != 0 {
        let c = lsb(checkers);
        t.between(king, c) | checkers
    } else {
        !own
    };

    // Pinned units may move only along their pin line.
    let mut pinned = 0u64;
    let mut snipers = (t.rook(king, enemy) & (p.walks[ROOK] | p.walks[QUEEN]) & enemy)
        | (t.bishop(king, enemy) & (p.walks[BISHOP] | p.walks[QUEEN]) & enemy);
    while snipers != 0 {
        let s = lsb(snipers);
        snipers &= snipers - 1;
        let blockers = t.between(king, s) & occ;
        if blockers.count_ones() == 1 && blockers & own != 0 {
            pinned |= blockers;
        }
    }
    let allowed = |from: Sq| -> u64 {
        if pinned & bit(from) != 0 {
            t.line(king, from)
        } else {
            !0
        }
    };

    let push_targets = |mut targets: u64, from: Sq, list: &mut MoveList| {
        while targets != 0 {
            let to = lsb(targets);
            targets &= targets - 1;
            list.push(from, to, Kind::Normal);
        }
    };
    let mut knights = p.walks[KNIGHT] & own & !pinned;
    while knights != 0 {
        let from = lsb(knights);
        knights &= knights - 1;
        push_targets(t.knight[from] & target, from, list);
    }
    let mut diagonal = (p.walks[BISHOP] | p.walks[QUEEN]) & own;
    while diagonal != 0 {
        let from = lsb(diagonal);
        diagonal &= diagonal - 1;
        push_targets(t.bishop(from, occ) & target & allowed(from), from, list);
    }
    let mut straight = (p.walks[ROOK] | p.walks[QUEEN]) & own;
    while straight != 0 {
        let from = lsb(straight);
        straight &= straight - 1;
        push_targets(t.rook(from, occ) & target & allowed(from), from, list);
    }

    // Pawns.
    let up = us == 0;
    let promotion_rank: u64 = if up { 0xFF00_0000_0000_0000 } else { 0xFF };
    let double_from_rank: u64 = if up { 0xFF00 } else { 0x00FF_0000_0000_0000 };
    let mut pawns = p.walks[PAWN] & own;
    while pawns != 0 {
        let from = lsb(pawns);
        pawns &= pawns - 1;
        let allow = allowed(from);
        let one = if up { from + 8 } else { from - 8 };
        let add = |to: Sq, list: &mut MoveList| {
            if bit(to) & promotion_rank != 0 {
                for w in [QUEEN, ROOK, BISHOP, KNIGHT] {
                    list.push(from, to, Kind::Promotion(w));
                }
            } else {
                list.push(from, to, Kind::Normal);
            }
        };
        if occ & bit(one) == 0 {
            if bit(one) & target & allow != 0 {
                add(one, list);
            }
            if bit(from) & double_from_rank != 0 {
                let two = if up { from + 16 } else { from - 16 };
                if occ & bit(two) == 0 && bit(two) & target & allow != 0 {
                    list.push(from, two, Kind::DoublePush);
                }
            }
        }
        let mut captures = t.pawn[us][from] & enemy & target & allow;
        while captures != 0 {
            let to = lsb(captures);
            captures &= captures - 1;
            add(to, list);
        }
        if let Some((ep_target, ep_pawn)) = p.ep {
            let (ep_target, ep_pawn) = (ep_target as Sq, ep_pawn as Sq);
            if t.pawn[us][from] & bit(ep_target) != 0
                && enemy & p.walks[PAWN] & bit(ep_pawn) != 0
                && occ & bit(ep_target) == 0
            {
                // Judged on the board after the capture: two units leave one rank.
                let after = (occ ^ bit(from) ^ bit(ep_pawn)) | bit(ep_target);
                let rooks = (p.walks[ROOK] | p.walks[QUEEN]) & enemy;
                let bishops = (p.walks[BISHOP] | p.walks[QUEEN]) & enemy;
                let others = (t.knight[king] & p.walks[KNIGHT] & enemy)
                    | (t.pawn[us][king] & p.walks[PAWN] & enemy & !bit(ep_pawn));
                if t.rook(king, after) & rooks == 0
                    && t.bishop(king, after) & bishops == 0
                    && others == 0
                {
                    list.push(from, ep_target, Kind::EnPassant);
                }
            }
        }
    }

    // Castling: rights per rook corner; the king must be on its square and not in check, the
    // squares between king and rook empty, and the king's path not attacked.
    if checkers == 0 {
        let colour = colour_of(us);
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let [kf, kt, rf, rt] = side.squares(colour).map(|s| s.index());
            if kf != king || !p.castling.contains(super::board::square(rf)) {
                continue;
            }
            if p.walks[ROOK] & own & bit(rf) == 0 {
                continue;
            }
            let span = t.between(kf, rf) | bit(kt) | bit(rt);
            if span & occ & !bit(kf) & !bit(rf) != 0 {
                continue;
            }
            let path = t.between(kf, kt) | bit(kt);
            let mut safe = true;
            let mut squares = path;
            while squares != 0 {
                let s = lsb(squares);
                squares &= squares - 1;
                if attackers(t, p, s, occ, them) != 0 {
                    safe = false;
                    break;
                }
            }
            if safe {
                list.push(kf, kt, Kind::Castle(side));
            }
        }
    }
}

/// True when the side to move is in check.
pub fn in_check(p: &BbPosition) -> bool {
    let t = tables();
    let king = lsb(p.walks[KING] & p.colours[p.side]);
    attackers(t, p, king, p.occupied(), 1 - p.side) != 0
}

/// The position after a legal move.
pub fn make(p: &BbPosition, mv: Mv) -> BbPosition {
    let t = tables();
    let mut n = p.clone();
    let us = p.side;
    let them = 1 - us;
    let (from, to) = (mv.from as Sq, mv.to as Sq);
    let moved = n.piece_at(from).expect("a unit on the departure square");
    let captured = n.piece_at(to);
    let mut resets = captured.is_some() || moved.walk == feerie_oracle::Walk::Pawn;
    match mv.kind {
        Kind::Castle(side) => {
            let [kf, kt, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
            let rook = n.piece_at(rf).expect("the castling rook");
            n.clear(kf);
            n.clear(rf);
            n.put(kt, moved);
            n.put(rt, rook);
        }
        Kind::EnPassant => {
            let (_, pawn) = p.ep.expect("en passant square");
            n.clear(pawn as Sq);
            n.clear(from);
            n.put(to, moved);
            resets = true;
        }
        Kind::Promotion(w) => {
            n.clear(from);
            n.clear(to);
            n.put(to, moved.with_walk(super::board::WALKS[w]));
        }
        Kind::Normal | Kind::DoublePush => {
            n.clear(from);
            n.clear(to);
            n.put(to, moved);
        }
    }
    // Castling rights: a king that moves loses them all; a corner touched loses its own.
    let colour = colour_of(us);
    if moved.walk == feerie_oracle::Walk::King {
        n.castling.clear(colour);
    }
    for s in [from, to] {
        if matches!(s, 0 | 7 | 56 | 63) {
            n.castling.remove(super::board::square(s));
        }
    }
    n.ep = None;
    if mv.kind == Kind::DoublePush {
        let passed = (from + to) / 2;
        // Set only when an enemy pawn could take there, as the shared convention says.
        if t.pawn[us][passed] & n.walks[PAWN] & n.colours[them] != 0 {
            n.ep = Some((passed as u8, to as u8));
        }
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
    let mut list = MoveList::new();
    generate(p, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.as_slice()
        .iter()
        .map(|&mv| perft(&make(p, mv), depth - 1))
        .sum()
}
