//! Attacks and check (RULES.md §0, "Check").
//!
//! # The rule
//!
//! A side is in check when an enemy unit could capture one of its royal pieces by its walk, as a
//! pseudo-legal move (rebirth, mutation and the capturer's own safety are ignored). Magic pieces
//! never capture, so they never check. A pawn on its own first rank attacks its two forward
//! diagonals under `first_rank_pawns: step` and `guard_only`, and nothing under `inert` (see
//! [`super::displacement`] for the values of each profile). Two rules widen or narrow this:
//!
//! - under a Circe rule with `rex: inclusive`, an attack is a check only if the royal piece could
//!   not be reborn (its rebirth square, found as in [`super::rebirth`], is off the board or taken);
//! - with `royal_en_passant: yes` (profile `popeye`; `no` in profile `documented`), a royal pawn
//!   that has just double-stepped is in check when an enemy pawn could take it en passant.
//!
//! Checkmate and stalemate follow from check as usual.

use super::rebirth::{rebirth_square, reborn_walk_of};
use crate::geometry::{self, pawn_forward};
use crate::rules::{FirstRankPawns, RoyalEnPassant};
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

/// True when a royal piece of `colour` is in check.
pub fn in_check(setup: &Setup, colour: Colour, rules: &Rules) -> bool {
    let board = &setup.board;
    let model = rules.circe_model().filter(|m| m.reborn_royals());
    let checked = board.royal_squares(colour).into_iter().any(|royal_sq| {
        let royal = board.get(royal_sq).expect("a royal piece");
        board.pieces_of(!colour).any(|(from, piece)| {
            attacks(board, from, piece, royal_sq, rules)
                && model.is_none_or(|model| {
                    let vector = (
                        royal_sq.file().index() as i8 - from.file().index() as i8,
                        royal_sq.rank().index() as i8 - from.rank().index() as i8,
                    );
                    // The capture would leave the capturer on the royal square and free its own.
                    let reborn = royal.with_walk(reborn_walk_of(&model, rules, piece, royal, None));
                    rebirth_square(&model, reborn, royal_sq, vector)
                        .is_none_or(|sq| sq == royal_sq || (sq != from && !board.is_empty(sq)))
                })
        })
    });
    checked || royal_pawn_en_passant(setup, colour, rules)
}

/// With `royal_en_passant: yes`, a royal pawn of `colour` that has just double-stepped and that
/// an enemy pawn could take en passant.
fn royal_pawn_en_passant(setup: &Setup, colour: Colour, rules: &Rules) -> bool {
    if rules.royal_en_passant() != RoyalEnPassant::Yes {
        return false;
    }
    let Some(ep) = setup.en_passant else {
        return false;
    };
    let board = &setup.board;
    let royal_pawn = board
        .get(ep.pawn)
        .is_some_and(|p| p.colour == colour && p.royal && p.walk.is_pawn());
    royal_pawn
        && board.pieces_of(!colour).any(|(from, piece)| {
            piece.walk.is_pawn() && attacks(board, from, piece, ep.target, rules)
        })
}
