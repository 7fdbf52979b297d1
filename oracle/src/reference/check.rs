//! Attacks and check (RULES.md §0, "Check").
//!
//! A side is in check when an enemy unit could capture one of its royal pieces by its walk.
//! Magic pieces never capture, so they never check. A pawn on its own first rank attacks or
//! not according to `first_rank_pawns`.

use crate::geometry::{self, pawn_forward};
use crate::rules::FirstRankPawns;
use crate::{Board, Colour, Piece, Rules, Setup, Square, Walk};

/// True when `piece`, standing on `from`, attacks `target` by its walk on `board`.
pub fn attacks(board: &Board, from: Square, piece: Piece, target: Square, rules: &Rules) -> bool {
    if piece.magic || from == target {
        return false;
    }
    let df = target.file().index() as i8 - from.file().index() as i8;
    let dr = target.rank().index() as i8 - from.rank().index() as i8;
    match piece.walk {
        Walk::King => df.abs() <= 1 && dr.abs() <= 1,
        Walk::Knight => (df.abs(), dr.abs()) == (1, 2) || (df.abs(), dr.abs()) == (2, 1),
        Walk::Pawn | Walk::ReversePawn => {
            let on_rear_rank = from.rank() == geometry::rear_rank(piece.colour, piece.walk);
            if on_rear_rank && rules.first_rank_pawns() == FirstRankPawns::Inert {
                return false;
            }
            df.abs() == 1 && dr == pawn_forward(piece.colour, piece.walk)
        }
        Walk::Queen | Walk::Rook | Walk::Bishop => {
            let direction = (df.signum(), dr.signum());
            let on_line = df == 0 || dr == 0 || df.abs() == dr.abs();
            on_line
                && geometry::rider_directions(piece.walk).contains(&direction)
                && line_is_clear(board, from, target)
        }
    }
}

/// True when every square strictly between `from` and `to` (on one line) is empty.
pub fn line_is_clear(board: &Board, from: Square, to: Square) -> bool {
    let df = (to.file().index() as i8 - from.file().index() as i8).signum();
    let dr = (to.rank().index() as i8 - from.rank().index() as i8).signum();
    let mut sq = from;
    loop {
        sq = match sq.offset(df, dr) {
            Some(next) => next,
            None => return false,
        };
        if sq == to {
            return true;
        }
        if !board.is_empty(sq) {
            return false;
        }
    }
}

/// True when some unit of `by` attacks `target`.
pub fn is_attacked(board: &Board, target: Square, by: Colour, rules: &Rules) -> bool {
    board
        .pieces_of(by)
        .any(|(from, piece)| attacks(board, from, piece, target, rules))
}

/// True when a royal piece of `colour` is attacked.
pub fn in_check(setup: &Setup, colour: Colour, rules: &Rules) -> bool {
    setup
        .board
        .royal_squares(colour)
        .into_iter()
        .any(|sq| is_attacked(&setup.board, sq, !colour, rules))
}
