//! Stage 2 of the pipeline: the capturer changes walk (Frankfurt and Protean chess, RULES.md §5).
//!
//! # The rule
//!
//! A unit that captures a unit of another walk takes that walk, keeping its colour and its
//! attributes (a royal unit stays royal, a magic one cannot capture at all). Kings take part under
//! `rex: inclusive`, the value of both profiles for these conditions: a king that captures becomes
//! a royal unit of the captured walk; `rex: exclusive` keeps it a plain king.
//!
//! - **Capturing a pawn.** `pawn_direction: own` (the `frankfurt` preset) makes the capturer a pawn
//!   of its own direction; `opposing` (the `protean` preset) makes it a reverse pawn, which moves,
//!   captures and double-steps like a pawn of the other colour and promotes on its own first rank.
//! - **Same walk.** A pawn taking a pawn (or a reverse pawn a reverse pawn):
//!   `same_walk_capture: keep` (the `frankfurt` preset) changes nothing, `flip` (the `protean`
//!   preset) turns a pawn into a reverse pawn and back.
//! - **Promotion.** A pawn capturing on its promotion rank takes the captured walk and does not
//!   promote; a unit that becomes a pawn standing on that pawn's promotion rank promotes at once,
//!   the mover choosing (one move record per choice).
//! - **Castling.** A unit that becomes a rook on a corner of its own first rank gains that corner's
//!   right while its king keeps its own; a king that changed walk can no longer castle. Whether a
//!   rook taking a rook there also "becomes" one is `mutation_castling`: `new_rook` (profile
//!   `documented`) says no, it was a rook already and has moved; `every_capture` (profile
//!   `popeye`) says yes, as Popeye changes the capturer's walk on every capture, to the same
//!   walk too, and gives a rook that arrives on its corner by a walk change the right.
//! - **Partial forms.** When some unit on the board is marked mutable, only marked units mutate
//!   (Popeye's bug of then mutating every unit is not copied).
//!
//! Both profiles use the presets; each switch can still be set on its own.

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
        rules
            .promotion_walks(setup)
            .into_iter()
            .map(|w| MoveRecord {
                promotion: Some(mutated.with_walk(w)),
                ..base.clone()
            })
            .collect()
    } else {
        vec![base]
    }
}

/// Whether `mv` is a capture by a unit that may change walk (whether or not its walk changes).
pub fn capture_by_mutating_unit(setup: &Setup, rules: &Rules, mv: &MoveRecord) -> bool {
    mv.capture.is_some() && rules.captures_mutate() && mutates(setup, rules, mv.mover)
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
