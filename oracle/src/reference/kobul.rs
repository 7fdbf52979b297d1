//! Kobul Kings (Popeye 4.104's `KobulKings`, `conditions/kobul.c`): after a capture, the royal
//! unit of the side that lost the unit takes the walk of the unit taken, a pawn taken (of
//! either direction) giving it the king's walk back. It keeps its colour and stays royal, so
//! check and the legality of the move are judged with its new walk: a capture that turns the
//! enemy king into a rook standing on the mover's king's file is illegal.
//!
//! `KobulKings White` (or `Black`) binds that side's royal unit alone; the other side's keeps
//! its walk. A side without a royal unit changes nothing. When the walk taken is the royal
//! unit's own, nothing changes and nothing is written; otherwise Popeye writes the change
//! after the move, the unit without its colour: `rSc3*a4[b7=rR]`, `rRb7*a7[a4=K]`.
//!
//! Popeye also gives the royal unit the attributes of the unit taken (but colour and
//! royalty); the only attribute this project's units carry under it would be magic, which
//! Kobul Kings is not combined with.

use crate::{ContactMutation, MoveRecord, Rules, Setup, Walk};

/// `mv` with the change of the royal unit of the side that lost a unit, when it changes walk.
pub fn apply(setup: &Setup, rules: &Rules, mv: MoveRecord) -> MoveRecord {
    let loser = !setup.side_to_move;
    let Some(capture) = mv.capture else {
        return mv;
    };
    if !rules.kobul_kings(loser) {
        return mv;
    }
    let Some(&square) = setup.board.royal_squares(loser).first() else {
        return mv;
    };
    let before = setup.board.get(square).expect("a royal unit stands there");
    let walk = match capture.piece.walk.is_pawn() {
        true => Walk::King,
        false => capture.piece.walk,
    };
    if walk == before.walk {
        return mv;
    }
    MoveRecord {
        kobul: Some(ContactMutation {
            square,
            before,
            after: before.with_walk(walk),
        }),
        ..mv
    }
}
