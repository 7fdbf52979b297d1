//! Circe Parrain (RULES.md §3, `rebirth_time: next_move`): the unit taken waits, and the next
//! move brings it back by its own vector from the capture square.

use feerie_oracle::rules::{
    ParrainLongCastling, ParrainOtherSidePromotion, ResolvedRules, RoyalEnPassant,
};
use feerie_oracle::{CastlingSide, Reserve};

use super::super::board::{BbPosition, colour_of};
use super::super::orthodox::FilledPassedSquare;

use super::super::tables::{Sq, bit};
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

/// Whether the unit waiting in `reserve`, reborn as a pawn on its last rank with the side of
/// colour index `side` to move, promotes: always when the other side captured it, otherwise
/// (its own side taken to be the capturer, as Popeye takes a `LastCapture` of the side not to
/// move) as `parrain_other_side_promotion` says.
#[inline]
pub fn may_promote(reserve: &Reserve, side: usize, rule: ParrainOtherSidePromotion) -> bool {
    !reserve.taken_by_own_side(colour_of(side)) || rule == ParrainOtherSidePromotion::Promotes
}

/// Which passed square a rebirth filled still gives an en passant right after a double step
/// (Parrain is the one rule that fills a square on a move that takes nothing):
/// - a `royal` pawn's, whatever fills it, under `royal_en_passant: even_if_filled`, so that the
///   safety test calls the step a check; such a position is never kept, since a royal unit
///   taken under Parrain is never reborn at once;
/// - under `parrain_en_passant: removes_own_unit`, one filled by a unit of the side that may
///   take, which vanishes when a pawn takes there;
/// - else none.
#[inline]
pub fn filled_passed_square(rules: &ResolvedRules, royal: bool) -> FilledPassedSquare {
    if royal && rules.switches.royal_en_passant == RoyalEnPassant::EvenIfFilled {
        FilledPassedSquare::Any
    } else if rules.en_passant_onto_own_unit() {
        FilledPassedSquare::OwnUnit
    } else {
        FilledPassedSquare::Closed
    }
}

/// Whether the side to move may take en passant onto `target`, the square of its right: when it
/// is empty, or when a Parrain rebirth put a unit of the side to move there and
/// `parrain_en_passant` is `removes_own_unit` (that unit vanishes).
#[inline]
pub fn en_passant_open(rules: &ResolvedRules, p: &BbPosition, target: Sq) -> bool {
    let b = bit(target);
    p.occupied() & b == 0
        || rules.en_passant_onto_own_unit() && p.colours[p.side] & !p.neutral() & b != 0
}
