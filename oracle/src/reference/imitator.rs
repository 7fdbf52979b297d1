//! Imitator chess: the imitators repeat every move (Popeye 4.104's `Imitator`).
//!
//! # The rule
//!
//! Imitators are markers on empty squares, not units: no unit takes them, none stands on them,
//! and they stop nothing that passes over their squares. Every move moves each imitator by the
//! move's vector, and the move is one only if they can all follow it, read on the board as it
//! stands before the move, the mover on its square:
//!
//! - a leaper's move (the king's, a pawn's capture) or a rider's: the imitators go the same way
//!   step by step, a rider's `k` steps as `k` steps; each square an imitator reaches must be on
//!   the board and empty, or be the mover's departure square;
//! - a grasshopper's (and a rook-hopper's) hop: each imitator needs a unit as its own hurdle on
//!   the square matching the mover's hurdle (the mover itself may be one), the squares before
//!   it empty (the mover is not), and its landing square empty or the mover's departure;
//! - castling: the king's two steps, the king's square left and the rook still on its corner;
//!   on the queen's side the king then stands on its arrival and the imitators come back one
//!   step, where the rook's three steps take them (as Popeye 4.104 reads it, `castlingimok`).
//!   They end where the king's and the rook's vectors together take them: where they were
//!   (the king's side), one file toward the king's side (the queen's). The king's step over
//!   the square it crosses must be a legal move of its own, imitators and check included.
//!
//! Once the move is made every imitator must stand on the board on an empty square. A pawn
//! reaching its last rank may also be promoted into an imitator (Popeye's default, without
//! `NoIProm`): it leaves the board, an imitator comes on its square.
//!
//! A unit attacks (and checks) only where the imitators could follow the capture, judged with
//! the attacker's square empty: so a unit cannot serve as its own imitators' hurdle in an attack,
//! though it can in a move (Popeye 4.104's two tests differ there). The Chinese pieces and the
//! lion, whose moves the imitators have no rule for, are refused under Imitator chess
//! ([`crate::Rules::takes_walk`]).

use crate::walk::{Hop, Part};
use crate::{Board, CastlingSide, Imitators, MoveRecord, Piece, Setup, Square};

/// How the imitators must follow one displacement.
enum Follow {
    /// `count` steps by `step`, each square reached empty (a leap is one step).
    Steps { step: (i8, i8), count: i8 },
    /// A hop along `step` over a hurdle `count` steps away, landing one step beyond it.
    Hop { step: (i8, i8), count: i8 },
    /// Nothing asked on the way: a move no part of the walk the imitators have a rule for
    /// makes (the Chinese pieces' and the lion's, refused under Imitator chess).
    Jump,
}

/// How the imitators follow `piece` going from `from` to `to` by its walk.
fn follow(piece: Piece, from: Square, to: Square) -> Follow {
    let df = to.file().index() as i8 - from.file().index() as i8;
    let dr = to.rank().index() as i8 - from.rank().index() as i8;
    for part in piece.walk.shape() {
        match part {
            Part::Leap(vectors) if vectors.contains(df, dr) => {
                return Follow::Steps {
                    step: (df, dr),
                    count: 1,
                };
            }
            Part::Ride(vectors) => {
                if let Some((step, count)) = vectors.steps_to(df, dr) {
                    return Follow::Steps { step, count };
                }
            }
            Part::Pawn { .. } if df == 0 => {
                return Follow::Steps {
                    step: (0, dr.signum()),
                    count: dr.abs(),
                };
            }
            Part::Pawn { .. } => {
                return Follow::Steps {
                    step: (df, dr),
                    count: 1,
                };
            }
            Part::Hop(Hop::Grasshopper, vectors) => {
                if let Some((step, count)) = vectors.steps_to(df, dr) {
                    return Follow::Hop {
                        step,
                        count: count - 1,
                    };
                }
            }
            Part::Leap(_) | Part::Hop(Hop::Chinese | Hop::Lion, _) => {}
        }
    }
    Follow::Jump
}

/// Whether every imitator can make `count` steps by `step`, each square reached on the board
/// and empty or `free`.
fn steps_clear(
    board: &Board,
    imitators: Imitators,
    step: (i8, i8),
    count: i8,
    free: Square,
) -> bool {
    imitators.squares().all(|sq| {
        (1..=count).all(|k| {
            sq.offset(step.0 * k, step.1 * k)
                .is_some_and(|to| to == free || board.is_empty(to))
        })
    })
}

/// Whether every imitator can hop along `step` over a unit of `board` `count` steps away to the
/// square beyond, the squares before the hurdle empty and the landing empty or the mover's
/// departure `from`; with `from_emptied` (an attack) `from` counts as empty throughout, else (a
/// move) the mover stands there, a hurdle and in the way.
fn hop_clear(
    board: &Board,
    imitators: Imitators,
    step: (i8, i8),
    count: i8,
    from: Square,
    from_emptied: bool,
) -> bool {
    let empty = |sq: Square| (from_emptied && sq == from) || board.is_empty(sq);
    imitators.squares().all(|sq| {
        let at = |k: i8| sq.offset(step.0 * k, step.1 * k);
        at(count).is_some_and(|h| !empty(h))
            && (1..count).all(|k| at(k).is_some_and(empty))
            && at(count + 1).is_some_and(|s| s == from || empty(s))
    })
}

/// Whether the imitators can follow the move `mv` on the setup before it (see the module).
fn can_follow(setup: &Setup, mv: &MoveRecord) -> bool {
    let (board, imitators) = (&setup.board, setup.imitators);
    if let Some(side) = mv.castling {
        return castling_followed(board, imitators, mv.from, side);
    }
    match follow(mv.mover, mv.from, mv.to) {
        Follow::Steps { step, count } => steps_clear(board, imitators, step, count, mv.from),
        Follow::Hop { step, count } => hop_clear(board, imitators, step, count, mv.from, false),
        Follow::Jump => true,
    }
}

/// Popeye 4.104's `castlingimok`: the imitators follow the king's two steps, the king's square
/// empty and the rook on its corner; on the queen's side, the king on its arrival, they come
/// back one step, stand still and take one step toward the king's side.
fn castling_followed(
    board: &Board,
    imitators: Imitators,
    from: Square,
    side: CastlingSide,
) -> bool {
    let mut without_king = board.clone();
    let king = without_king.take(from);
    let way: i8 = match side {
        CastlingSide::King => 1,
        CastlingSide::Queen => -1,
    };
    let reach = |board: &Board, files: i8| {
        imitators.squares().all(|sq| {
            sq.offset(files, 0)
                .is_some_and(|to| to == from || board.is_empty(to))
        })
    };
    if !(reach(&without_king, way) && reach(&without_king, 2 * way)) {
        return false;
    }
    if side == CastlingSide::King {
        return true;
    }
    let mut king_arrived = without_king;
    king_arrived.set(
        from.offset(-2, 0).expect("castling stays on the board"),
        king,
    );
    reach(&king_arrived, -1) && reach(&king_arrived, 0) && reach(&king_arrived, 1)
}

/// Where the imitators stand once `mv` has moved them: by its vector, or by the king's and
/// the rook's together in a castling; `None` when one would leave the board.
fn moved(imitators: Imitators, mv: &MoveRecord) -> Option<Imitators> {
    let (files, ranks) = match mv.castling {
        Some(CastlingSide::King) => (0, 0),
        Some(CastlingSide::Queen) => (1, 0),
        None => (
            mv.to.file().index() as i8 - mv.from.file().index() as i8,
            mv.to.rank().index() as i8 - mv.from.rank().index() as i8,
        ),
    };
    imitators.shifted(files, ranks)
}

/// `mv` with the imitators it leaves, when they can follow it; `None` when they cannot (the
/// move is none). Without imitators the record is unchanged.
pub fn followed(setup: &Setup, mv: MoveRecord) -> Option<MoveRecord> {
    if setup.imitators.is_empty() {
        return Some(mv);
    }
    if !can_follow(setup, &mv) {
        return None;
    }
    let imitators = moved(setup.imitators, &mv)?;
    Some(MoveRecord {
        imitators: Some(imitators),
        ..mv
    })
}

/// Whether every imitator stands on an empty square once the move is made.
pub fn landed(next: &Setup) -> bool {
    next.imitators.squares().all(|sq| next.board.is_empty(sq))
}

/// The record `mv` of a pawn reaching its last rank, promoted into an imitator instead.
pub fn promoted_into_imitator(mv: &MoveRecord) -> MoveRecord {
    MoveRecord {
        promotion: None,
        imitator_promotion: true,
        ..mv.clone()
    }
}

/// Whether the imitators allow `piece` on `from` to take a unit on `target` (see the module):
/// judged with `from` empty.
pub fn attack_followed(setup: &Setup, from: Square, piece: Piece, target: Square) -> bool {
    let (board, imitators) = (&setup.board, setup.imitators);
    if imitators.is_empty() {
        return true;
    }
    match follow(piece, from, target) {
        Follow::Steps { step, count } => steps_clear(board, imitators, step, count, from),
        Follow::Hop { step, count } => hop_clear(board, imitators, step, count, from, true),
        Follow::Jump => true,
    }
}
