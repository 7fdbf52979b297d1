//! Imitator chess on bitboards: the imitators, a set of squares, move by every move's vector;
//! a move they cannot follow, and an attack they could not follow, is none (the rules book's
//! page on Imitator chess; Popeye 4.104's `Imitator`).

use feerie_oracle::walk::{Hop, Part};
use feerie_oracle::{CastlingSide, MoveRecord, Walk};

use super::super::board::{BbPosition, WALKS, square, walk_at};
use super::super::tables::{Sq, bit};
use super::Game;

/// The way the imitators go along with a displacement of `(df, dr)`.
#[derive(Clone, Copy)]
enum Trail {
    /// `n` steps of `(df, dr)`, every square reached free.
    Line(i32, i32, i32),
    /// Over a hurdle `n` steps of `(df, dr)` away, to the square beyond it.
    Hop(i32, i32, i32),
    /// Straight to the end: nothing asked on the way.
    Jump,
}

/// The set `set` moved by `(df, dr)`; `None` when a square of it would leave the board.
fn moved(set: u64, df: i32, dr: i32) -> Option<u64> {
    let mut out = 0u64;
    let mut rest = set;
    while rest != 0 {
        let s = rest.trailing_zeros() as i32;
        rest &= rest - 1;
        let (f, r) = (s % 8 + df, s / 8 + dr);
        if !(0..8).contains(&f) || !(0..8).contains(&r) {
            return None;
        }
        out |= 1u64 << (r * 8 + f);
    }
    Some(out)
}

/// How the imitators go along with the unit of walk `walk` going from `from` to `to` (the
/// Chinese pieces and the lion, for which they have no rule, are refused under Imitator chess).
fn trail(walk: Walk, from: Sq, to: Sq) -> Trail {
    let df = (to % 8) as i8 - (from % 8) as i8;
    let dr = (to / 8) as i8 - (from / 8) as i8;
    let line = |((vf, vr), n): ((i8, i8), i8)| (i32::from(vf), i32::from(vr), i32::from(n));
    for part in walk.shape() {
        match part {
            Part::Leap(vectors) if vectors.contains(df, dr) => {
                return Trail::Line(i32::from(df), i32::from(dr), 1);
            }
            Part::Ride(vectors) => {
                if let Some((vf, vr, n)) = vectors.steps_to(df, dr).map(line) {
                    return Trail::Line(vf, vr, n);
                }
            }
            // A pawn's step (one or two squares) goes square by square; its capture is a leap.
            Part::Pawn { .. } => {
                let (df, dr) = (i32::from(df), i32::from(dr));
                return match df {
                    0 => Trail::Line(0, dr.signum(), dr.abs()),
                    _ => Trail::Line(df, dr, 1),
                };
            }
            Part::Hop(Hop::Grasshopper, vectors) => {
                if let Some((vf, vr, n)) = vectors.steps_to(df, dr).map(line) {
                    return Trail::Hop(vf, vr, n - 1);
                }
            }
            Part::Leap(_) | Part::Hop(Hop::Chinese | Hop::Lion, _) => {}
        }
    }
    Trail::Jump
}

/// Whether the imitators `set` can follow `trail` of a unit leaving `from`, on a board whose
/// units stand on `occupied`: each square they reach must be empty or be `from`, a hurdle must
/// hold a unit. With `from_emptied` (an attack) `from` counts as empty throughout, else (a
/// move) the mover stands there, a hurdle and in the way before one.
fn follows(set: u64, trail: Trail, occupied: u64, from: Sq, from_emptied: bool) -> bool {
    let units = match from_emptied {
        true => occupied & !bit(from),
        false => occupied,
    };
    let reached = |m: u64| m & units & !bit(from) == 0;
    match trail {
        Trail::Line(df, dr, n) => (1..=n).all(|k| moved(set, k * df, k * dr).is_some_and(reached)),
        Trail::Hop(df, dr, n) => {
            moved(set, n * df, n * dr).is_some_and(|h| h & units == h)
                && (1..n).all(|k| moved(set, k * df, k * dr).is_some_and(|m| m & units == 0))
                && moved(set, (n + 1) * df, (n + 1) * dr).is_some_and(reached)
        }
        Trail::Jump => true,
    }
}

impl Game {
    /// `mv` with the imitators where it takes them, when they can follow it from `p`; `None`
    /// when they cannot. Without imitators, `mv` as it is.
    pub(super) fn imitated(&self, p: &BbPosition, mv: MoveRecord) -> Option<MoveRecord> {
        let set = p.imitators();
        if set == 0 {
            return Some(mv);
        }
        let from = mv.from.index();
        let occupied = p.occupied();
        let (df, dr) = match mv.castling {
            Some(side) => {
                if !castling_followed(set, occupied, from, side) {
                    return None;
                }
                match side {
                    CastlingSide::King => (0, 0),
                    CastlingSide::Queen => (1, 0),
                }
            }
            None => {
                let to = mv.to.index();
                let ok = follows(set, trail(mv.mover.walk, from, to), occupied, from, false);
                if !ok {
                    return None;
                }
                (
                    (to % 8) as i32 - (from % 8) as i32,
                    (to / 8) as i32 - (from / 8) as i32,
                )
            }
        };
        let after = feerie_oracle::Imitators::from_bits(moved(set, df, dr)?);
        Some(MoveRecord {
            imitators: Some(after),
            ..mv
        })
    }

    /// Of the units on `found`, those whose capture on `sq` the imitators could follow, the
    /// units on `occupied`, the attacker's square empty.
    pub(super) fn imitated_attackers(
        &self,
        p: &BbPosition,
        found: u64,
        sq: Sq,
        occupied: u64,
    ) -> u64 {
        let set = p.imitators();
        if set == 0 || found == 0 {
            return found;
        }
        let mut kept = 0;
        let mut rest = found;
        while rest != 0 {
            let from = rest.trailing_zeros() as Sq;
            rest &= rest - 1;
            let walk = WALKS[walk_at(p, from)];
            if follows(set, trail(walk, from, sq), occupied, from, true) {
                kept |= bit(from);
            }
        }
        kept
    }

    /// Whether a castling king's step from `from` onto `s`, the square it crosses, is a legal
    /// move of its own, the imitators following it.
    pub(super) fn imitated_step(&self, p: &BbPosition, from: Sq, s: Sq) -> bool {
        let king = p.piece_at(from).expect("the castling king");
        let step = MoveRecord::displacement(king, square(from), square(s));
        self.imitated(p, step).is_some_and(|step| {
            let after = self.make(p, &step);
            after.imitators() & after.occupied() == 0 && !self.in_check(&after, p.side)
        })
    }
}

/// Popeye 4.104's `castlingimok`: the imitators follow the king's two steps with the king's
/// square empty and the rook still on its corner; on the queen's side, the king then on its
/// arrival, one step back, none, one step toward the king's side.
fn castling_followed(set: u64, occupied: u64, from: Sq, side: CastlingSide) -> bool {
    let free_of = |occ: u64, df: i32| moved(set, df, 0).is_some_and(|m| m & occ & !bit(from) == 0);
    let without_king = occupied & !bit(from);
    match side {
        CastlingSide::King => free_of(without_king, 1) && free_of(without_king, 2),
        CastlingSide::Queen => {
            let king_arrived = without_king | bit(from - 2);
            free_of(without_king, -1)
                && free_of(without_king, -2)
                && [-1, 0, 1].into_iter().all(|df| free_of(king_arrived, df))
        }
    }
}
