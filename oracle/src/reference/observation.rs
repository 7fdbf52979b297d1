//! Madrasi and Isardam: units of one walk observing each other.
//!
//! # The rule
//!
//! A unit is observed when an enemy unit of its walk could take it by that walk, the geometry
//! alone (an observer that is observed itself still observes), and, for a pawn that has just
//! double-stepped, when an enemy pawn of its walk could take it en passant. A royal unit is
//! observed only under `rex: inclusive` (Popeye's `Madrasi RexInclusive`; exclusive is the
//! preset of both conditions and of both profiles).
//!
//! - Under Madrasi an observed unit is paralysed: it makes no move ([`super::displacement`])
//!   and attacks nothing ([`super::check`]), so it gives no check; a castling is the king's move,
//!   and a king is paralysed only under `rex: inclusive`.
//! - Under Isardam (Popeye's type A) a move after which some unit is observed is illegal
//!   ([`super::legality`]), and a unit checks a royal unit only when taking it would leave no
//!   unit observed ([`super::check`]; a pawn taking on its promotion rank, as one of its
//!   promotions at least). A royal pawn that may be taken en passant (`royal_en_passant`) is in
//!   check as the pawns that could take it say, not asked so: no source nor Popeye answer
//!   covers it.

use super::check;
use crate::rules::ObservationModel;
use crate::{Board, Piece, Rules, Setup, Square};

/// Whether `unit`, standing on `square` of `board`, is observed by an enemy unit of its walk.
pub fn observed(
    board: &Board,
    square: Square,
    unit: Piece,
    model: &ObservationModel,
    rules: &Rules,
) -> bool {
    if unit.royal && !model.royals_observed {
        return false;
    }
    let target = square;
    board.pieces_of(!unit.colour).any(|(from, other)| {
        other.walk == unit.walk && check::attacks(board, from, other, target, rules)
    })
}

/// Whether `unit` on `square` is the pawn that has just double-stepped and an enemy pawn of its
/// walk could take it en passant.
pub fn observed_en_passant(
    setup: &Setup,
    square: Square,
    unit: Piece,
    model: &ObservationModel,
    rules: &Rules,
) -> bool {
    let Some(ep) = setup.en_passant.filter(|ep| ep.pawn == square) else {
        return false;
    };
    if !unit.walk.is_pawn() || unit.royal && !model.royals_observed {
        return false;
    }
    let board = &setup.board;
    board.pieces_of(!unit.colour).any(|(from, other)| {
        other.walk == unit.walk && check::attacks(board, from, other, ep.target, rules)
    })
}

/// Under Madrasi, whether the unit on `square` of `board` is paralysed (the en passant
/// observation aside: [`observed_en_passant`] needs the setup).
pub fn paralysed(board: &Board, square: Square, unit: Piece, rules: &Rules) -> bool {
    rules
        .observation_model()
        .filter(|m| m.rule.paralyses())
        .is_some_and(|m| observed(board, square, unit, &m, rules))
}

/// Under Madrasi, whether the unit on `square` of `setup` is paralysed by an en passant
/// observation alone ([`observed_en_passant`]).
pub fn paralysed_en_passant(setup: &Setup, square: Square, unit: Piece, rules: &Rules) -> bool {
    rules
        .observation_model()
        .filter(|m| m.rule.paralyses())
        .is_some_and(|m| observed_en_passant(setup, square, unit, &m, rules))
}

/// Under Isardam, whether some unit of `setup` is observed (en passant included): a move that
/// leads there is illegal.
pub fn any_observed(setup: &Setup, rules: &Rules) -> bool {
    let Some(model) = rules.observation_model().filter(|m| !m.rule.paralyses()) else {
        return false;
    };
    setup.board.pieces().any(|(square, unit)| {
        observed(&setup.board, square, unit, &model, rules)
            || observed_en_passant(setup, square, unit, &model, rules)
    })
}

/// Under Isardam, whether `capturer` on `from` taking the unit on `target` of `board` would
/// leave no unit observed (as one of its promotions at least, a pawn taking on its promotion
/// rank): only then is its attack a check.
pub fn capture_leaves_none_observed(
    board: &Board,
    from: Square,
    capturer: Piece,
    target: Square,
    rules: &Rules,
    promotions: &dyn Fn() -> Vec<crate::Walk>,
) -> bool {
    let Some(model) = rules.observation_model().filter(|m| !m.rule.paralyses()) else {
        return true;
    };
    let promotes = capturer.walk.is_pawn()
        && target.rank() == crate::geometry::promotion_rank(capturer.colour, capturer.walk);
    let standing: Vec<Piece> = if promotes {
        promotions()
            .into_iter()
            .map(|w| capturer.with_walk(w))
            .collect()
    } else {
        vec![capturer]
    };
    standing.into_iter().any(|unit| {
        let mut after = board.clone();
        after.take(from);
        after.set(target, Some(unit));
        !after
            .pieces()
            .any(|(square, u)| observed(&after, square, u, &model, rules))
    })
}
