//! How walks move over the board: directions, pawn orientation, plain attacks.
//!
//! This is geometry only: no condition changes it. Conditions decide elsewhere what a move does.

use crate::{Board, Colour, Piece, Rank, Square, Walk};

/// The rank step of a pawn-like unit's forward direction: +1 toward rank 8, −1 toward rank 1.
///
/// A white pawn and a black reverse pawn go up; a black pawn and a white reverse pawn go down.
///
/// ```
/// use feerie_oracle::{geometry, Colour, Walk};
/// assert_eq!(geometry::pawn_forward(Colour::White, Walk::Pawn), 1);
/// assert_eq!(geometry::pawn_forward(Colour::White, Walk::ReversePawn), -1);
/// ```
pub fn pawn_forward(colour: Colour, walk: Walk) -> i8 {
    // Walks that are not pawn-like are given the ordinary pawn's direction, so that the ranks
    // derived from it (promotion, double step) stay defined.
    let reverse = walk.pawn_part().unwrap_or(false);
    match (colour, reverse) {
        (Colour::White, false) | (Colour::Black, true) => 1,
        (Colour::White, true) | (Colour::Black, false) => -1,
    }
}

/// The rank on which a pawn-like unit promotes: its last rank in its forward direction.
pub fn promotion_rank(colour: Colour, walk: Walk) -> Rank {
    if pawn_forward(colour, walk) > 0 {
        Rank::new(7)
    } else {
        Rank::new(0)
    }
    .expect("on board")
}

/// The rank from which a pawn-like unit may double-step: one rank in front of the rank behind
/// it (White pawn: rank 2; White reverse pawn: rank 7).
pub fn double_step_rank(colour: Colour, walk: Walk) -> Rank {
    if pawn_forward(colour, walk) > 0 {
        Rank::new(1)
    } else {
        Rank::new(6)
    }
    .expect("on board")
}

/// The rank behind a pawn-like unit's double-step rank: for an ordinary pawn, its own first
/// rank (RULES.md §7).
pub fn rear_rank(colour: Colour, walk: Walk) -> Rank {
    if pawn_forward(colour, walk) > 0 {
        Rank::new(0)
    } else {
        Rank::new(7)
    }
    .expect("on board")
}

/// The squares a piece on `from` attacks on `board`, by its walk alone: those where a unit
/// could be taken (RULES.md §9: riders stop at the first unit, hoppers need a hurdle, pawns
/// attack their two forward diagonals). Magic pieces attack like any other here; rules that
/// exempt them are applied by the caller.
///
/// ```
/// use feerie_oracle::{geometry, Board, Colour, Piece, Square, Walk};
/// let board = Board::empty();
/// let rook = Piece::new(Colour::White, Walk::Rook);
/// assert_eq!(geometry::attacked_squares(&board, Square::A1, rook).len(), 14);
/// ```
pub fn attacked_squares(board: &Board, from: Square, piece: Piece) -> Vec<Square> {
    let forward = pawn_forward(piece.colour, piece.walk);
    let occupied = occupancy(board);
    let mut out: Vec<Square> = piece
        .walk
        .shape()
        .iter()
        .flat_map(|part| part.capture_squares(coordinates(from), forward, &occupied))
        .filter_map(|(f, r)| Square::at(f, r))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// A square's file and rank indices.
pub fn coordinates(sq: Square) -> (i8, i8) {
    (sq.file().index() as i8, sq.rank().index() as i8)
}

/// Which squares of `board` hold a unit, as the walk shapes ask it.
pub fn occupancy(board: &Board) -> impl Fn(i8, i8) -> bool + '_ {
    |f, r| Square::at(f, r).is_some_and(|sq| !board.is_empty(sq))
}

/// The squares of the non-magic units of `by` that attack `target` by their walk.
pub fn attackers(board: &Board, target: Square, by: Colour) -> Vec<Square> {
    board
        .pieces_of(by)
        .filter(|(_, p)| !p.magic)
        .filter(|&(sq, p)| attacked_squares(board, sq, p).contains(&target))
        .map(|(sq, _)| sq)
        .collect()
}

/// True when `a`, `b` and `c` lie on one rank, file or diagonal.
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    let d = |x: Square, y: Square| {
        (
            y.file().index() as i8 - x.file().index() as i8,
            y.rank().index() as i8 - x.rank().index() as i8,
        )
    };
    let (f1, r1) = d(a, b);
    let (f2, r2) = d(a, c);
    let on_line = |f: i8, r: i8| f == 0 || r == 0 || f.abs() == r.abs();
    on_line(f1, r1) && on_line(f2, r2) && f1 * r2 == f2 * r1
}
