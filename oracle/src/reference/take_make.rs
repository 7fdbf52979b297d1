//! Take&Make chess: a capture is completed at once by a move of the captured unit's walk.
//!
//! # The rule
//!
//! A unit that captures (en passant included) then moves on, from the square it took on (after
//! en passant, the square it arrived on), by a move that takes nothing, with the walk of the
//! unit it took and as a unit of that unit's side would make it: a pawn taken steps toward its
//! own side's promotion rank, and double-steps from its side's start rank. A capture with no
//! such move is illegal. The move ends where the make ends, which may be the square the
//! capturer came from, and it gives no en passant right. A capturing pawn promotes when the
//! make ends on its promotion rank, and may not end on its side's first rank (Popeye 4.104's
//! extra rule). Check is a capture by the walk alone, as Popeye 4.104 reads Take&Make (its
//! `Absolute` variant, where a check too needs its make, is not modelled). Popeye writes the
//! move `Sd4*e6-c5`: the square taken, then the make's arrival.

use super::displacement;
use crate::geometry;
use crate::{Board, MoveRecord, Piece, Rules, Setup, Square, Walk};

/// The moves a displacement `mv` is under Take&Make: itself when it takes nothing, else one
/// per square its make may end on (and per promotion there).
pub fn makes(setup: &Setup, rules: &Rules, mv: MoveRecord) -> Vec<MoveRecord> {
    let Some(capture) = mv.capture else {
        return vec![mv];
    };
    let mover = mv.mover;
    let victim = capture.piece;
    // The make is generated as the move of a plain unit of the victim's walk and side,
    // standing where the capturer took, the capturer's square and the victim's left empty.
    let take_square = mv.to;
    let mut board = setup.board.clone();
    board.take(mv.from);
    board.take(capture.square);
    let maker = Piece::new(victim.colour, victim.walk);
    let arrivals = make_squares(setup, rules, board, take_square, maker);
    // White's first rank for a white pawn, Black's for a black one (whatever its direction).
    let base_line = geometry::rear_rank(mover.colour, Walk::Pawn);
    let mut out = Vec::new();
    for to in arrivals {
        if mover.walk.is_pawn() && to.rank() == base_line {
            continue;
        }
        let made = MoveRecord {
            to,
            promotion: None,
            ..mv.clone()
        };
        if mover.walk.is_pawn() {
            displacement::push_with_promotions(setup, rules, made, &mut out);
        } else {
            out.push(made);
        }
    }
    out
}

/// The squares a plain unit `maker`, put on `square` of `board`, reaches by a move that takes
/// nothing and is no castling, moving as its side would (a pawn toward its own promotion rank,
/// double-stepping from its start rank): the arrivals of a make, each once. Take&Make's make
/// and Circe Take&Make's rebirth squares.
pub fn make_squares(
    setup: &Setup,
    rules: &Rules,
    board: Board,
    square: Square,
    maker: Piece,
) -> Vec<Square> {
    let mut scratch = setup.clone();
    scratch.board = board;
    scratch.board.set(square, Some(maker));
    scratch.side_to_move = maker.colour;
    scratch.en_passant = None;
    let mut arrivals: Vec<Square> = displacement::unit_moves_of(&scratch, rules, square, maker)
        .into_iter()
        .filter(|m| m.capture.is_none() && m.castling.is_none())
        .map(|m| m.to)
        .collect();
    arrivals.sort();
    arrivals.dedup();
    arrivals
}
