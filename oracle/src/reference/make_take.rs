//! Make&Take chess: a capture is preceded by a make of the walk of the unit about to be taken.
//!
//! # The rule
//!
//! A move that takes nothing is an ordinary move (castling included). A unit captures only
//! after a make: from its square, a move that takes nothing, with the walk of the unit it is
//! about to take and as a unit of that unit's side would make it (a pawn's make steps toward
//! that side's promotion rank, and double-steps from that side's start rank); then, from the
//! make's end, with its own square left empty, it takes by its own walk (en passant included,
//! a pawn promoting where it arrives). The move goes from the unit's square to the square it
//! took on, as Popeye 4.104 writes it (`Bg6*d2`): where the make ended is not part of it, and
//! two makes that lead to the same capture are one move. A pawn whose make ends on its first
//! rank takes nothing from there (`first_rank_pawns`).
//!
//! Check is judged by such captures: a royal unit is in check when an enemy unit could make a
//! move of the royal unit's walk and take it from there by its own walk. So a king is checked
//! by a unit that reaches it from one king's step away. An enemy unit standing on the king's
//! home square (e1 for White) may also make by castling as that king would, with a rook of the
//! king's side that keeps its right and the squares between them empty (Popeye 4.104's
//! castling as a make, conditions/make_and_take.c): it goes to g1 (c1) and takes from there,
//! the rook still on its corner. A capture of a king is never a move, so under Make&Take alone
//! castling as a make only gives check. A rook keeps its right when its king moves, as Popeye
//! gives each its own flag.

use super::{displacement, take_make};
use crate::{Board, CastlingSide, Colour, MoveRecord, Piece, Rules, Setup, Square, Walk};

/// The captures the unit `piece` on `from` makes under Make&Take, each after a make of the
/// walk of the unit it takes.
pub fn captures(setup: &Setup, rules: &Rules, from: Square, piece: Piece) -> Vec<MoveRecord> {
    let victims = !piece.colour;
    let mut walks: Vec<Walk> = (setup.board.pieces_of(victims))
        .map(|(_, p)| p.walk)
        .collect();
    walks.sort();
    walks.dedup();
    let mut out: Vec<MoveRecord> = Vec::new();
    for walk in walks {
        for make in make_ends(setup, rules, from, victims, walk) {
            // The unit stands on the make's end, its own square left empty.
            let mut taking = setup.clone();
            taking.board.take(from);
            taking.board.set(make, Some(piece));
            for mv in displacement::unit_moves_of(&taking, rules, make, piece) {
                let Some(capture) = mv.capture else { continue };
                if capture.piece.walk != walk || capture.piece.colour != victims {
                    continue;
                }
                let mv = MoveRecord { from, ..mv };
                if !out.contains(&mv) {
                    out.push(mv);
                }
            }
        }
    }
    out
}

/// The squares a make from `from` may end on: the moves that take nothing of a unit of
/// `walk` and `colour` standing there (castling aside).
fn make_ends(
    setup: &Setup,
    rules: &Rules,
    from: Square,
    colour: Colour,
    walk: Walk,
) -> Vec<Square> {
    take_make::make_squares(
        setup,
        rules,
        setup.board.clone(),
        from,
        Piece::new(colour, walk),
    )
}

/// Where a unit standing on the home square of `colour`'s king may end a make by castling as
/// that king would: g1 (c1) for White, when the rook of that corner keeps its right and the
/// squares between are empty. The rook stays on its corner while the capture is judged.
fn castling_make_ends(setup: &Setup, from: Square, colour: Colour) -> Vec<Square> {
    let mut ends = Vec::new();
    for side in [CastlingSide::King, CastlingSide::Queen] {
        let [king_from, king_to, rook_from, _] = side.squares(colour);
        if from != king_from || !setup.castling.contains(rook_from) {
            continue;
        }
        if displacement::squares_between(king_from, rook_from)
            .iter()
            .all(|&sq| setup.board.is_empty(sq))
        {
            ends.push(king_to);
        }
    }
    ends
}

/// Whether a royal unit of `colour` is in check under Make&Take: an enemy unit could make a
/// move of its walk (or castle as its king, standing on the king's home square) and take it
/// from there by its own walk.
pub fn in_check(setup: &Setup, colour: Colour, rules: &Rules) -> bool {
    let board = &setup.board;
    board
        .pieces_of(colour)
        .filter(|(_, p)| p.royal)
        .any(|(royal_sq, royal)| {
            board
                .pieces_of(!colour)
                .filter(|(_, p)| !p.magic)
                .any(|(from, piece)| {
                    let mut ends = make_ends(setup, rules, from, colour, royal.walk);
                    if royal.walk == Walk::King {
                        ends.extend(castling_make_ends(setup, from, colour));
                    }
                    ends.into_iter()
                        .any(|end| takes_from(board, (from, piece), end, royal_sq, rules))
                })
        })
}

/// Whether `piece`, moved from `from` to `end`, attacks `target` by its walk there.
fn takes_from(
    board: &Board,
    (from, piece): (Square, Piece),
    end: Square,
    target: Square,
    rules: &Rules,
) -> bool {
    let mut moved = board.clone();
    moved.take(from);
    moved.set(end, Some(piece));
    super::check::attacks(&moved, end, piece, target, rules)
}
