//! The last stage under Andernach chess: the mover changes colour.
//!
//! # The rule
//!
//! Under Andernach chess a unit that captures changes colour at the end of its move: it stands on its
//! arrival square as a unit of the other side, with its walk (a pawn that promotes, as the unit
//! it became). A royal unit keeps its colour, as Popeye 4.104 reads it (`andernach_assume_side`
//! skips a royal mover). The unit recoloured is the opponent's from then on: it may give check
//! to the side that moved it, which makes the move illegal. A rook that so joins a side on
//! that side's corner gains the corner's castling right while its king has its own, as a unit
//! that becomes a rook there by promotion or rebirth does (`make`; Popeye 4.104 gives the
//! right to any rook that arrives on the corner by a change of colour).

use crate::{MoveRecord, Rules};

/// `mv` with the colour change the rules give it, if any.
pub fn apply(rules: &Rules, mv: MoveRecord) -> MoveRecord {
    let Some(moves) = rules.colour_change() else {
        return mv;
    };
    if mv.mover.royal || mv.mover.neutral || !moves.recolours(mv.capture.is_some()) {
        return mv;
    }
    MoveRecord {
        colour_change: Some(!mv.mover.colour),
        ..mv
    }
}
