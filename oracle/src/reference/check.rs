//! Attacks and check (RULES.md §0, "Check").
//!
//! # The rule
//!
//! A side is in check when an enemy unit could capture one of its royal pieces by its walk, as a
//! pseudo-legal move (rebirth, mutation and the capturer's own safety are ignored). Magic pieces
//! never capture, so they never check. A pawn on its own first rank attacks its two forward
//! diagonals under `first_rank_pawns: step` and `guard_only`, and nothing under `inert` (see
//! [`super::displacement`] for the values of each profile). Two rules widen or narrow this:
//!
//! - under a Circe rule with `rex: inclusive`, an attack is a check only if the royal piece could
//!   not be reborn (its rebirth square, found as in [`super::rebirth`], is off the board or taken);
//! - under Anticirce, an attack is a check only if the capture would be legal: under
//!   `rebirth_occupied: strict` the capturer's own rebirth square, read from the royal piece's
//!   square, must be on the board and empty once the capture is made (it may be the capturer's
//!   departure, or the royal piece's square itself unless `anticirce_type: cheylan`); a royal
//!   capturer under `rex: exclusive` is not reborn, so its attacks are checks;
//! - with `royal_en_passant: yes`, a royal pawn that has just double-stepped is in check when an
//!   enemy pawn could take it en passant (under `rex: inclusive`, again only if it could not be
//!   reborn after that capture); with `even_if_filled` (profile `popeye`; `no` in profile
//!   `documented`) also when a rebirth filled the square it passed and an enemy pawn attacks that
//!   square, though no pawn can take there ([`royal_pawn_passed_a_filled_square`]: the position
//!   records no en passant right then, so the test needs the move).
//!
//! Under Mars Circe a unit captures from its rebirth square, so it checks from there (in Phantom
//! chess from there too, under Anti-Mars Circe from its own square only): an attack
//! by a unit standing on that square, when it is empty or the unit's own ([`threatens`]). A
//! castling king crosses only squares where, standing there, it would not be in check (the
//! square it left may be an enemy unit's rebirth square: [`super::legality`]).
//!
//! Under Madrasi a paralysed unit attacks nothing, so it gives no check; under Isardam an attack
//! is a check only when the capture would leave no unit observed ([`super::observation`]).
//! Under Patrol chess and Ultra-Patrol chess a unit gives check only when another unit of its
//! side observes it ([`supported`]), under Lortap only when none does.
//!
//! Under Koeko, AntiKoeko and NewKoeko an attack is a check only when the capture would be legal:
//! the capturer, on the royal unit's square, has the neighbours the rule asks for
//! ([`super::koeko`]).
//!
//! Under SAT a side is in check when its king has a flight, and only then: a square next to it
//! that is empty or holds an enemy unit (not the enemy king), where the king, standing there
//! with its own square left, would not be attacked ([`sat_in_check`]).
//!
//! Under Grid chess a unit attacks a square only in another cell than its own: an attack that
//! crosses no grid line is none, so it is no check and no castling king is stopped by it.
//!
//! Under Make&Take a check is a capture after a make of the royal unit's walk
//! ([`super::make_take`]), so a castling king crosses only squares where, standing there, it
//! would not be in check.
//!
//! Checkmate and stalemate follow from check as usual.

use super::make::passed_square;
use super::rebirth::{
    CapturerFate, capturer_as_reborn, capturer_fate, mars_square, rebirth_square, reborn_walk_of,
};
use super::{koeko, observation};
use crate::geometry::{self, coordinates, occupancy, pawn_forward};
use crate::rules::{
    FirstRankPawns, RebirthOccupied, RebirthPlace, RebornUnit, RelevantUnit, Rex, RoyalEnPassant,
};
use crate::{Board, Colour, MoveRecord, Piece, Rules, Setup, Square, Walk};

/// True when `piece`, standing on `from`, attacks `target` by its walk on `board`.
pub fn attacks(board: &Board, from: Square, piece: Piece, target: Square, rules: &Rules) -> bool {
    if piece.magic || from == target {
        return false;
    }
    // Under Grid chess a unit attacks only across a grid line.
    if rules.grid().is_some_and(|g| !g.crosses(from, target)) {
        return false;
    }
    // Under Annan chess a unit attacks by the walk it moves by.
    let piece = match rules.annan() {
        true => piece.with_walk(crate::rules::annanised_walk(board, from, piece)),
        false => piece,
    };
    let mut forward = 0;
    if piece.walk.is_pawn() {
        let on_rear_rank = from.rank() == geometry::rear_rank(piece.colour, piece.walk);
        if on_rear_rank && rules.first_rank_pawns() == FirstRankPawns::Inert {
            return false;
        }
        forward = pawn_forward(piece.colour, piece.walk);
    }
    // Only the line from `from` through `target` matters: the squares a part attacks along
    // it are those a unit on `target` could be taken on (RULES.md §9).
    let occupied = occupancy(board);
    let target = coordinates(target);
    piece
        .walk
        .shape()
        .iter()
        .any(|part| part.attacks(coordinates(from), target, forward, &occupied))
}

/// True when `piece`, standing on `from` and moving for `by`, could take a unit on `target` by
/// its walk, from the squares its captures start from, as they are generated in
/// [`super::displacement`]: from `from`, and under the Mars variants from its rebirth square
/// instead (Mars Circe) or too (Phantom chess), when that square is empty or `from` itself (the
/// unit has left `from` then; a royal unit under `rex: exclusive` takes nothing from there).
pub fn threatens(
    board: &Board,
    from: Square,
    piece: Piece,
    by: Colour,
    target: Square,
    rules: &Rules,
) -> bool {
    // Under Madrasi a paralysed unit attacks nothing.
    if observation::paralysed(board, from, piece, rules) {
        return false;
    }
    // Under Patrol chess (Lortap) a unit checks only when it is (is not) supported.
    if let Some(rule) = rules.patrol()
        && !rule.allows(true, supported(board, from, by, rules))
    {
        return false;
    }
    // Under Geneva chess a unit checks only where it could capture the king: where it could
    // be reborn.
    if let Some(model) = rules.geneva_model()
        && !super::rebirth::geneva_allows(&model, board, piece, by, (from, target, target))
    {
        return false;
    }
    let Some(model) = rules.mars_model() else {
        return attacks(board, from, piece, target, rules);
    };
    if piece.magic {
        // A magic unit observes nothing, from any square.
        return false;
    }
    if model.from_own_square(piece, true) && attacks(board, from, piece, target, rules) {
        return true;
    }
    if !model.moves.from_rebirth_square(true) {
        return false;
    }
    let Some(square) = mars_square(&model, piece, piece.colour_for(by), from) else {
        return false;
    };
    if square == from {
        return attacks(board, from, piece, target, rules);
    }
    if !board.is_empty(square) {
        return false;
    }
    let mut placed = board.clone();
    let unit = placed.take(from);
    placed.set(square, unit);
    if model.observes_by_walk() {
        // `phantom_observation: any_unit_of_its_walk` (Popeye 4.104): with the unit there, any
        // unit of its walk.
        return placed.pieces_of(by).any(|(sq, other)| {
            other.walk == piece.walk && attacks(&placed, sq, other, target, rules)
        });
    }
    attacks(&placed, square, piece, target, rules)
}

/// Whether a unit of `side` other than the one on `square` observes `square` by its walk: the
/// support Patrol chess, Ultra-Patrol chess and Lortap ask about ([`crate::rules::PatrolRule`]).
pub fn supported(board: &Board, square: Square, side: Colour, rules: &Rules) -> bool {
    (board.pieces_of(side)).any(|(from, piece)| attacks(board, from, piece, square, rules))
}

/// True when some unit of `by` could take a unit on `target` ([`threatens`]).
pub fn is_attacked(board: &Board, target: Square, by: Colour, rules: &Rules) -> bool {
    board
        .pieces_of(by)
        .any(|(from, piece)| threatens(board, from, piece, by, target, rules))
}

/// True when a royal piece of `colour` is in check.
pub fn in_check(setup: &Setup, colour: Colour, rules: &Rules) -> bool {
    if rules.sat() {
        return sat_in_check(&setup.board, colour, rules);
    }
    // Under Make&Take a check is a capture after a make of the royal unit's walk.
    if rules.make_and_take() {
        return super::make_take::in_check(setup, colour, rules);
    }
    let board = &setup.board;
    let promotions = || rules.promotion_walks(setup);
    let mut royals = board.pieces_of(colour).filter(|(_, p)| p.royal);
    let checked = royals.any(|(royal_sq, royal)| {
        board.pieces_of(!colour).any(|(from, piece)| {
            threatens(board, from, piece, !colour, royal_sq, rules)
                && (!rules.imitator()
                    || super::imitator::attack_followed(setup, from, piece, royal_sq))
                && !observation::paralysed_en_passant(setup, from, piece, rules)
                && koeko::capture_allowed(board, from, royal_sq, royal_sq, rules)
                && observation::capture_leaves_none_observed(
                    board,
                    from,
                    piece,
                    royal_sq,
                    rules,
                    &promotions,
                )
                && capture_stands(board, rules, (from, piece), royal_sq, royal_sq, &promotions)
                && !reborn_after_capture(
                    board,
                    rules,
                    (from, piece),
                    (royal, royal_sq),
                    royal_sq,
                    &promotions,
                )
        })
    });
    checked
        || royal_pawn_en_passant(setup, colour, rules)
        || (rules.danger_circe() && super::danger::checks_by_jump(board, colour, rules))
}

/// Under SAT, whether the king of `colour` has a flight: a king's step to a square that is
/// empty or holds an enemy unit other than the enemy king, where it would not be attacked, its
/// own square left (a unit it would take there still stands in the test, as in Popeye 4.104; it
/// cannot attack its own square). Each side has one royal unit, a king
/// ([`crate::engine::check_rules_fit`]).
fn sat_in_check(board: &Board, colour: Colour, rules: &Rules) -> bool {
    let Some((king_sq, king)) = board.pieces_of(colour).find(|(_, p)| p.royal) else {
        return false;
    };
    let mut without = board.clone();
    without.take(king_sq);
    king_sq.neighbours().any(|to| {
        let open = match board.get(to) {
            None => true,
            Some(unit) => unit.colour != king.colour && !unit.royal,
        };
        open && !is_attacked(&without, to, !colour, rules)
    })
}

/// Under a Circe rule with `rex: inclusive`, whether `royal`, taken on `royal_sq` by `capturer`
/// (from its square to `landing`), would be reborn: its rebirth square is on the board and
/// empty once the capturer stands on `landing` and its own square and `royal_sq` are free.
/// Such a capture is no check. Where the square is read from the capturer as it stands after
/// the capture (Couscous), a pawn that promotes there stands as each walk `promotions` gives in
/// turn, and one that could not bring the royal unit back makes the capture a check (Popeye
/// 4.104 reads it so).
fn reborn_after_capture(
    board: &Board,
    rules: &Rules,
    (from, capturer): (Square, Piece),
    (royal, royal_sq): (Piece, Square),
    landing: Square,
    promotions: &dyn Fn() -> Vec<Walk>,
) -> bool {
    let Some(model) = rules.circe_model().filter(|m| m.reborn_royals()) else {
        return false;
    };
    if model.place == RebirthPlace::AnyEmpty {
        // Super Circe: the square the capturer left is empty, at the least; but unless
        // `rebirth_occupied` is `strict` the capturer may choose no rebirth (Popeye 4.104).
        return model.occupied == RebirthOccupied::Strict;
    }
    let reborn = royal.with_walk(reborn_walk_of(&model, rules, capturer, royal, None));
    let standing = if model.relevant == RelevantUnit::Other {
        as_it_may_land(capturer, landing, promotions)
    } else {
        vec![capturer]
    };
    standing.into_iter().all(|after| {
        rebirth_square(&model, reborn, after, royal_sq, (from, landing))
            .is_some_and(|sq| sq != landing && (sq == from || sq == royal_sq || board.is_empty(sq)))
    })
}

/// Under Anticirce, whether `capturer` may take the unit on `taken` by landing on `landing`:
/// its own rebirth square, read from `taken` for the capturer as it stands on `landing`, is
/// empty once the capture is made (the capturer's departure and arrival squares and `taken` are
/// free then; a square off the board is not), or, under `rebirth_occupied: relaxed`, anything
/// but `landing` itself under `anticirce_type: cheylan`. A royal capturer under `rex:
/// exclusive` is not reborn: its captures stand. A pawn that promotes there may stand as each
/// walk `promotions` gives: one choice whose capture stands is enough. Every capture stands
/// under Anti-Super Circe (the square the capturer left is free) and under the other
/// conditions.
fn capture_stands(
    board: &Board,
    rules: &Rules,
    (from, capturer): (Square, Piece),
    taken: Square,
    landing: Square,
    promotions: &dyn Fn() -> Vec<Walk>,
) -> bool {
    let Some(model) = rules.circe_model().filter(|m| {
        m.reborn == RebornUnit::Capturer
            && m.place != RebirthPlace::AnyEmpty
            && (!capturer.royal || m.rex == Rex::Inclusive)
    }) else {
        return true;
    };
    let victim = board.get(taken).expect("a unit taken");
    let free = |sq: Square| sq == from || sq == landing || sq == taken || board.is_empty(sq);
    as_it_may_land(capturer, landing, promotions)
        .into_iter()
        .any(|after| {
            let after = capturer_as_reborn(&model, after, victim);
            let square = rebirth_square(&model, after, victim, taken, (from, landing));
            capturer_fate(&model, square, landing, free) != CapturerFate::Illegal
        })
}

/// The capturer as it may stand on `landing`: as each walk `promotions` gives when it is a
/// pawn that promotes there (the capturer chooses), else as it is.
fn as_it_may_land(
    capturer: Piece,
    landing: Square,
    promotions: &dyn Fn() -> Vec<Walk>,
) -> Vec<Piece> {
    let promotes = capturer.walk.is_pawn()
        && landing.rank() == geometry::promotion_rank(capturer.colour, capturer.walk);
    if !promotes {
        return vec![capturer];
    }
    promotions()
        .into_iter()
        .map(|w| capturer.with_walk(w))
        .collect()
}

/// With `royal_en_passant: yes` or `even_if_filled`, a royal pawn of `colour` that has just
/// double-stepped and that an enemy pawn could take en passant (unless, under `rex: inclusive`,
/// it would be reborn).
fn royal_pawn_en_passant(setup: &Setup, colour: Colour, rules: &Rules) -> bool {
    if !rules.royal_en_passant().applies() {
        return false;
    }
    let Some(ep) = setup.en_passant else {
        return false;
    };
    let board = &setup.board;
    let Some(royal) = board
        .get(ep.pawn)
        .filter(|p| p.colour == colour && p.royal && p.walk.is_pawn())
    else {
        return false;
    };
    taken_en_passant(board, rules, royal, ep.pawn, ep.target)
}

/// Whether an enemy pawn attacks `target`, the square `royal` (a royal pawn on `royal_sq`)
/// passed, and `royal` could not be reborn after being taken en passant from there.
fn taken_en_passant(
    board: &Board,
    rules: &Rules,
    royal: Piece,
    royal_sq: Square,
    target: Square,
) -> bool {
    board.pieces_of(!royal.colour).any(|(from, piece)| {
        // Under Annan chess, a unit that takes as a pawn by the walk of the unit behind it.
        let walk = match rules.annan() {
            true => crate::rules::annanised_walk(board, from, piece),
            false => piece.walk,
        };
        walk.is_pawn()
            && threatens(board, from, piece, !royal.colour, target, rules)
            && koeko::capture_allowed(board, from, royal_sq, target, rules)
            // An en passant capture never promotes.
            && capture_stands(board, rules, (from, piece), royal_sq, target, &Vec::new)
            && !reborn_after_capture(
                board,
                rules,
                (from, piece),
                (royal, royal_sq),
                target,
                &Vec::new,
            )
    })
}

/// With `royal_en_passant: even_if_filled`, whether `mv`, a royal pawn's double step, leaves
/// that pawn in check in `next` (the position after it) because an enemy pawn attacks the square
/// it passed, though a rebirth filled that square (unless, under `rex: inclusive`, the pawn would
/// be reborn after such a capture). An empty passed square is [`in_check`]'s: the position then
/// records the en passant right.
pub fn royal_pawn_passed_a_filled_square(next: &Setup, mv: &MoveRecord, rules: &Rules) -> bool {
    if rules.royal_en_passant() != RoyalEnPassant::EvenIfFilled {
        return false;
    }
    let board = &next.board;
    let Some(passed) = passed_square(mv).filter(|&sq| !board.is_empty(sq)) else {
        return false;
    };
    board
        .get(mv.to)
        .filter(|p| p.royal && p.walk.is_pawn())
        .is_some_and(|royal| taken_en_passant(board, rules, royal, mv.to, passed))
}
