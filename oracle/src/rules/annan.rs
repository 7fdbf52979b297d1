//! Annan chess, as Popeye 4.104 defines it in `conditions/annan.c` (its type A): a unit with a
//! unit of its own side on the square right behind it, toward its side's first rank, moves and
//! attacks by that unit's walk (the *annaniser*'s) instead of its own; any other unit by its own.
//! Royal units take part both ways: a king moves as the unit behind it, a unit in front of its
//! king moves as a king.
//!
//! What follows from a walk borrowed, as Popeye plays it:
//!
//! - a unit moving by a pawn's walk steps, double-steps from its side's second rank and takes
//!   as a pawn of its side, en passant included;
//! - a pawn promotes when it arrives on its last rank, whatever walk it moved by; a unit that is
//!   no pawn does not, though it moved as one;
//! - an en passant right comes from a pawn's own double step only (its own walk, two squares
//!   straight ahead from its second rank): a pawn that goes two squares as the rook behind it
//!   gives none, nor does a unit that is no pawn though it double-stepped as one; any unit
//!   that takes as a pawn may use the right;
//! - castling is a king's move by its own walk.
//!
//! Popeye's types B, C and D (a royal unit lends, or borrows, no walk) are not modelled.

use crate::{Board, Piece, Square, Walk};

/// The walk `piece`, standing on `from`, moves and attacks by under Annan chess: the walk of
/// the unit of its side right behind it, if any; else its own.
///
/// ```
/// use feerie_oracle::rules::annanised_walk;
/// use feerie_oracle::{fen, Validation, Walk};
/// let position = fen::parse("4k3/8/8/8/8/4P3/4R3/4K3 w - - 0 1", Validation::Strict).unwrap();
/// let board = position.board();
/// let at = |s: &str| s.parse().unwrap();
/// let pawn = board.get(at("e3")).unwrap();
/// assert_eq!(annanised_walk(board, at("e3"), pawn), Walk::Rook);
/// let rook = board.get(at("e2")).unwrap();
/// assert_eq!(annanised_walk(board, at("e2"), rook), Walk::King);
/// ```
pub fn annanised_walk(board: &Board, from: Square, piece: Piece) -> Walk {
    let behind = if piece.colour == crate::Colour::White {
        -1
    } else {
        1
    };
    from.offset(0, behind)
        .and_then(|sq| board.get(sq))
        .filter(|rear| rear.colour == piece.colour)
        .map_or(piece.walk, |rear| rear.walk)
}
