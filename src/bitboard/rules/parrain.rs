//! Circe Parrain (RULES.md §3, `rebirth_time: next_move`): the unit taken waits, and the next
//! move brings it back by its own vector from the capture square.

use feerie_oracle::CastlingSide;
use feerie_oracle::rules::{ParrainLongCastling, ParrainOtherSidePromotion};

use super::super::tables::Sq;
use super::{shifted, vector};

/// The vector of a move for the Parrain rebirth: from its start to its arrival; a short
/// castling has none (the king's and the rook's cancel out), a long one a file toward a or h
/// as `parrain_long_castling` says.
#[inline]
pub fn move_vector(
    castling: Option<CastlingSide>,
    from: Sq,
    to: Sq,
    long: ParrainLongCastling,
) -> (i32, i32) {
    match castling {
        Some(CastlingSide::King) => (0, 0),
        Some(CastlingSide::Queen) => match long {
            ParrainLongCastling::TowardA => (-1, 0),
            ParrainLongCastling::TowardH => (1, 0),
        },
        None => vector(from, to),
    }
}

/// Where the unit waiting since a capture on `capture` comes back after a move (castling or a
/// displacement from `from` to `to`), or `None` off the board.
#[inline]
pub fn rebirth_square(
    capture: Sq,
    castling: Option<CastlingSide>,
    from: Sq,
    to: Sq,
    long: ParrainLongCastling,
) -> Option<Sq> {
    shifted(capture, move_vector(castling, from, to, long))
}

/// Whether a reborn pawn on its last rank promotes: always when it belongs to the side that
/// moved, otherwise as `parrain_other_side_promotion` says.
#[inline]
pub fn may_promote(
    reborn_colour: usize,
    mover_colour: usize,
    rule: ParrainOtherSidePromotion,
) -> bool {
    reborn_colour == mover_colour || rule == ParrainOtherSidePromotion::Promotes
}
