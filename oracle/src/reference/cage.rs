//! Cage Circe: a captured unit comes back only in a cage.
//!
//! # The rule
//!
//! The unit taken comes back on a square empty once the capture is made, the capturer
//! choosing, where it is caged: standing there once the move is made, with its side to move, it
//! has no legal move that takes nothing (castling, a move of the king, is not its own). A pawn
//! reborn on its promotion rank promotes, and each promoted walk is caged or not by itself.
//! With no cage anywhere the unit is lost (`rebirth_occupied: relaxed`, both profiles) or the
//! capture is illegal (`strict`), as Popeye 4.104's `conditions/circe/cage.c` reads it: a
//! help move of one half-move by the reborn unit, any capture removed, its side's king judged
//! after it.

use super::{legality, make};
use crate::{MoveRecord, Rules, Setup};

/// Whether the unit `mv` brings back stands in a cage once `mv` is made on `setup`.
pub fn caged(setup: &Setup, rules: &Rules, mv: &MoveRecord) -> bool {
    let rebirth = mv.rebirth.as_ref().expect("a rebirth");
    let mut after = make::make(setup, mv, rules);
    after.side_to_move = rebirth.piece.colour;
    !legality::has_legal_non_capture_from(&after, rules, rebirth.square)
}
