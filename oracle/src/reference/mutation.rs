//! Stage 2 of the pipeline: the capturer changes walk (Frankfurt and Protean chess, RULES.md §5).
//!
//! A capturer that takes a unit of another walk takes that walk, keeping its colour and its
//! attributes (a king stays royal). Which units mutate, how a captured pawn's direction is
//! inherited and what a same-walk capture does are the switches `rex`, `pawn_direction` and
//! `same_walk_capture`; in the partial forms only the units marked mutable change.

use crate::geometry;
use crate::rules::{PawnDirection, Rex, SameWalkCapture};
use crate::{MoveRecord, Piece, Rules, Setup, Walk};

/// The move with its capturer mutation, one record per promotion choice when the capturer
/// becomes a pawn standing on that pawn's promotion rank. A pawn capturing on its promotion
/// rank that takes another walk does not promote, so its promotion records collapse into one
/// (duplicates are removed by the caller).
pub fn apply(setup: &Setup, rules: &Rules, mv: MoveRecord) -> Vec<MoveRecord> {
    let Some(capture) = mv.capture else {
        return vec![mv];
    };
    if !rules.captures_mutate() || !mutates(setup, rules, mv.mover) {
        return vec![mv];
    }
    let Some(walk) = new_walk(rules, mv.mover.walk, capture.piece.walk) else {
        return vec![mv];
    };
    let mutated = mv.mover.with_walk(walk);
    let base = MoveRecord {
        mutation: Some(mutated),
        promotion: None,
        ..mv
    };
    if walk.is_pawn() && base.to.rank() == geometry::promotion_rank(mutated.colour, walk) {
        Walk::PROMOTIONS
            .iter()
            .map(|&w| MoveRecord {
                promotion: Some(mutated.with_walk(w)),
                ..base.clone()
            })
            .collect()
    } else {
        vec![base]
    }
}

/// Whether `capturer` changes walk when it captures: royal units only with `rex: inclusive`;
/// in the partial forms (some unit on the board marked mutable) only marked units.
fn mutates(setup: &Setup, rules: &Rules, capturer: Piece) -> bool {
    if capturer.royal && rules.mutation_rex() == Rex::Exclusive {
        return false;
    }
    let partial = setup.board.pieces().any(|(_, p)| p.mutable);
    !partial || capturer.mutable
}

/// The capturer's new walk, or `None` when it keeps its own.
///
/// With `pawn_direction: opposing` the capturer moves like the captured pawn, which for a unit
/// of the other colour means the reverse direction: a pawn's walk becomes a reverse pawn's and
/// the other way round.
pub fn new_walk(rules: &Rules, capturer: Walk, captured: Walk) -> Option<Walk> {
    let new = if capturer == captured {
        match rules.same_walk_capture() {
            SameWalkCapture::Keep => return None,
            SameWalkCapture::Flip => reversed(captured),
        }
    } else {
        match rules.pawn_direction() {
            PawnDirection::Own => captured,
            PawnDirection::Opposing => reversed(captured),
        }
    };
    (new != capturer).then_some(new)
}

/// A pawn's walk reversed; other walks unchanged.
fn reversed(walk: Walk) -> Walk {
    match walk {
        Walk::Pawn => Walk::ReversePawn,
        Walk::ReversePawn => Walk::Pawn,
        other => other,
    }
}
