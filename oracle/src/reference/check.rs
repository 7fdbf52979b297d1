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
use crate::geometry::{self, coordinates, occupancy, pawn_forward};
use crate::rules::{FirstRankPawns, RoyalEnPassant};
use crate::{Board, Colour, Piece, Rules, Setup, Square};

/// True when `piece`, standing on `from`, attacks `target` by its walk on `board`.
pub fn attacks(board: &Board, from: Square, piece: Piece, target: Square, rules: &Rules) -> bool {
    if piece.magic || from == target {
        return false;
    }
    if piece.walk.is_pawn() {
        let on_rear_rank = from.rank() == geometry::rear_rank(piece.colour, piece.walk);
        if on_rear_rank && rules.first_rank_pawns() == FirstRankPawns::Inert {
            return false;
        }
    }
    // Only the line from `from` through `target` matters: the squares a part attacks along
    // it are those a unit on `target` could be taken on (RULES.md §9).
    let occupied = occupancy(board);
    let forward = pawn_forward(piece.colour, piece.walk);
    let target = coordinates(target);
    piece
        .walk
        .shape()
        .iter()
        .any(|part| part.attacks(coordinates(from), target, forward, &occupied))
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
