//! Stage 6: runs the stages and keeps the legal moves (RULES.md §0).
//!
//! # The rule
//!
//! A move is legal if the mover's royal piece is not in check (as [`super::check`] defines it)
//! once every stage is made: the displacement, the capturer's mutation, the rebirths and the
//! contact mutations; under Isardam, also if no unit is then observed by an enemy unit of its
//! walk ([`super::observation`]); under Koeko, AntiKoeko and NewKoeko, also if the units that
//! moved have the neighbours the rule asks for ([`super::koeko`]); under Ohneschach (checkless chess), also if it gives no check,
//! or mates: the side in check has no legal move, its own checks judged the same way (to a
//! depth of 16 checks, beyond which a check stands). Castling also needs the king not to be in check before, nor to pass over an
//! attacked square; under a Circe rule with `rex: inclusive`, over a square where it would be in
//! check (attacked and unable to be reborn), and likewise under Anticirce and Mars Circe, the
//! king standing on the crossed square and its own square left (under SAT, with no flight from
//! there, as Popeye 4.104 asks it). With `royal_rider_passage: safe` a royal rider may not
//! pass over a square the opponent attacks either (judged on the board without the rider, the
//! arrival square excepted); `free`, the value of both profiles, lets it pass.
//!
//! Under NoCapture (and NoWhiteCapture, NoBlackCapture) a capture of the side it binds is no
//! move, from the start; what its units attack stays attacked. Under Patrol chess a capture is
//! a move only when another unit of the mover's side observes the mover (under Ultra-Patrol
//! chess, any move; under Lortap, a capture only when none does), on the board as it stands.
//!
//! Under Kobul Kings the royal unit of the side that lost a unit takes the walk taken before
//! the mover's safety is judged ([`super::kobul`]): a capture that turns the enemy king into a
//! unit checking the mover's royal unit is illegal.
//!
//! Under Grid chess a move is one only when its departure and its arrival lie in different
//! cells (a castling by the king's, en passant by the pawn's); an attack counts likewise only
//! across a grid line ([`super::check`]).
//!
//! Under Maximummer, Minimummer and Must Capture the restricted side then keeps only its legal
//! moves of the best score ([`crate::rules::MoveMeasure`]); whether a side has a legal move,
//! which mate and stalemate ask, does not change.

use std::borrow::Cow;

use super::{
    breton, check, colour_change, contact, displacement, imitator, kobul, koeko, make, mutation,
    observation, rebirth,
};
use crate::rules::{CHECKLESS_DEPTH, RoyalRiderPassage};
use crate::walk::{Hop, Part};
use crate::{CastlingSide, MoveRecord, Rules, Setup, Square};

/// Every legal move of the side to move, without check marks: each displacement run through
/// the stages of the pipeline (each stage may turn one record into several, one per choice, or
/// into none), then kept if the mover is safe. Without duplicates, in no particular order.
pub fn legal_moves(setup: &Setup, rules: &Rules) -> Vec<MoveRecord> {
    let magic = has_magic(setup);
    let mut moves: Vec<MoveRecord> = displacement_candidates(setup, rules)
        .flat_map(|mv| staged(setup, rules, magic, mv))
        .filter(|mv| leaves_mover_safe(setup, rules, mv) && checkless_allows(setup, rules, mv, 0))
        .collect();
    if rules.captures_mutate() || rules.breton().is_some() {
        // A pawn that captures on its promotion rank and mutates (or under Breton chess is
        // itself the second unit) no longer promotes, so its promotion records have become one.
        moves.sort();
        moves.dedup();
    }
    // Maximummer, Minimummer, Must Capture: of the legal moves, the best by the measure.
    if let Some(measure) = rules.mummer(setup.side_to_move) {
        measure.keep_best(&mut moves, |mv| mv);
    }
    moves
}

/// Whether the side to move has a legal move: [`legal_moves`], stopped at the first one.
pub fn has_legal_move(setup: &Setup, rules: &Rules) -> bool {
    has_legal_move_at(setup, rules, 0)
}

/// Whether the unit on `from` has a legal move that takes nothing and is no castling, its side
/// to move (Cage Circe's cage, [`super::cage`]). Only its own displacements are generated: the
/// filters [`displacement_candidates`] adds judge captures, castlings and conditions Cage
/// Circe does not combine with.
pub(super) fn has_legal_non_capture_from(setup: &Setup, rules: &Rules, from: Square) -> bool {
    let Some(unit) = setup.board.get(from) else {
        return false;
    };
    let magic = has_magic(setup);
    displacement::unit_moves_of(setup, rules, from, unit)
        .into_iter()
        .filter(|mv| mv.capture.is_none() && mv.castling.is_none())
        .any(|mv| {
            staged(setup, rules, magic, mv)
                .iter()
                .any(|mv| leaves_mover_safe(setup, rules, mv))
        })
}

/// [`has_legal_move`] asked `depth` checks deep into Ohneschach's question.
fn has_legal_move_at(setup: &Setup, rules: &Rules, depth: u32) -> bool {
    let magic = has_magic(setup);
    displacement_candidates(setup, rules).any(|mv| {
        staged(setup, rules, magic, mv).iter().any(|mv| {
            leaves_mover_safe(setup, rules, mv) && checkless_allows(setup, rules, mv, depth)
        })
    })
}

/// Under Ohneschach (checkless chess), whether `mv` may stand: when it gives check, the side in
/// check must have no legal move (the move mates), its own checks judged the same way, one
/// level deeper.
fn checkless_allows(setup: &Setup, rules: &Rules, mv: &MoveRecord, depth: u32) -> bool {
    if !rules.checkless() {
        return true;
    }
    let next = make::make(setup, mv, rules);
    if !check::in_check(&next, !setup.side_to_move, rules) {
        return true;
    }
    depth >= CHECKLESS_DEPTH || !has_legal_move_at(&next, rules, depth + 1)
}

fn has_magic(setup: &Setup) -> bool {
    setup.board.pieces().any(|(_, p)| p.magic)
}

/// The displacements whose castling path or royal rider's path is safe.
fn displacement_candidates<'a>(
    setup: &'a Setup,
    rules: &'a Rules,
) -> impl Iterator<Item = MoveRecord> + 'a {
    // Under NoCapture a capture is no move of the side it binds.
    let captures_banned = rules.captures_banned(setup.side_to_move);
    // Under Patrol chess, Ultra-Patrol chess and Lortap a move is judged by its mover's
    // support on the board as it stands.
    let patrol_allows = |mv: &MoveRecord| {
        rules.patrol().is_none_or(|rule| {
            let capture = mv.capture.is_some();
            let support = || check::supported(&setup.board, mv.from, setup.side_to_move, rules);
            (rule.judges_captures_only() && !capture) || rule.allows(capture, support())
        })
    };
    // Under Geneva chess a capture is a move only where the capturer could be reborn.
    let geneva_allows = |mv: &MoveRecord| match (rules.geneva_model(), mv.capture) {
        (Some(model), Some(capture)) => super::rebirth::geneva_allows(
            &model,
            &setup.board,
            mv.mover,
            setup.side_to_move,
            (mv.from, mv.to, capture.square),
        ),
        _ => true,
    };
    // Under Grid chess a move that crosses no grid line is no move.
    let grid = rules.grid();
    let safe: Vec<MoveRecord> = displacement::pseudo_legal(setup, rules)
        .into_iter()
        .filter(|mv| !(captures_banned && mv.capture.is_some()))
        .filter(patrol_allows)
        .filter(geneva_allows)
        .filter(|mv| grid.is_none_or(|g| g.crosses(mv.from, mv.to)))
        // Under Imitator chess a move is one only if the imitators can follow it.
        .filter_map(|mv| match rules.imitator() {
            true => imitator::followed(setup, mv),
            false => Some(mv),
        })
        .filter(|mv| {
            castling_path_safe(setup, rules, mv) && royal_rider_path_safe(setup, rules, mv)
        })
        .collect();
    let first_generated = rules
        .mars_model()
        .is_some_and(|m| m.rook_goes_to_first_castling());
    match first_generated {
        true => first_generated_castlings(setup, safe),
        false => safe,
    }
    .into_iter()
}

/// Whether the king's way of a castling made with no rook put anywhere is free on the board as
/// it stands: its path was judged with a rook put on its corner, and the square that rook left
/// may lie on the king's way (a unit there stays).
fn king_way_free(setup: &Setup, mv: &MoveRecord) -> bool {
    let start = mv.via.unwrap_or(mv.from);
    displacement::squares_between(start, mv.to)
        .into_iter()
        .chain([mv.to])
        .all(|sq| sq == mv.from || sq == start || setup.board.is_empty(sq))
}

/// `mars_rook_castling: first_castling` (Anti-Mars Circe, as Popeye 4.104 generates it): of the
/// castlings made with a rook put on its corner (both sides' are generated then, each judged
/// with the rook there), the first, the king's side first, puts the rook there. The other is
/// made with no rook put anywhere: on the rook's corner with no rook at all (once, whichever
/// rooks were put there); on the other side it is dropped, being the king's own castling when
/// that is open (where the rook put away stood in its way, Popeye 4.104 plays a castling this
/// model does not follow: the campaigns ask it no such position).
fn first_generated_castlings(setup: &Setup, moves: Vec<MoveRecord>) -> Vec<MoveRecord> {
    let (mut reborn, mut kept): (Vec<MoveRecord>, Vec<MoveRecord>) =
        moves.into_iter().partition(|mv| mv.castling_rook.is_some());
    // The king's side first, each rook's castlings together.
    reborn.sort_by_key(|mv| (mv.castling_rook, mv.castling != Some(CastlingSide::King)));
    let mut previous = None;
    for mv in reborn {
        let Some((rook_from, corner)) = mv.castling_rook_corner() else {
            continue;
        };
        let first = previous != Some(rook_from);
        previous = Some(rook_from);
        let own_corner = mv
            .castling
            .is_some_and(|side| side.squares(mv.mover.colour)[2] == corner);
        if first {
            kept.push(mv);
        } else if own_corner {
            let without_rook = MoveRecord {
                castling_rook: None,
                ..mv
            };
            if !kept.contains(&without_rook) && king_way_free(setup, &without_rook) {
                kept.push(without_rook);
            }
        }
    }
    kept
}

/// One displacement through the stages of the pipeline: each stage may turn one record into
/// several, one per choice, or into none. Stages that cannot apply are skipped: this keeps
/// orthodox perft fast.
fn staged(setup: &Setup, rules: &Rules, magic: bool, mv: MoveRecord) -> Vec<MoveRecord> {
    let mut moves = vec![mv];
    if rules.captures_mutate() {
        moves = stage(moves, |mv| mutation::apply(setup, rules, mv));
    }
    if rules.circe_model().is_some() {
        moves = stage(moves, |mv| rebirth::immediate(setup, rules, mv));
        moves = stage(moves, |mv| rebirth::delayed(setup, rules, mv));
    }
    if magic {
        moves = stage(moves, |mv| contact::apply(setup, rules, mv));
    }
    if rules.kobul_kings(!setup.side_to_move) {
        moves = stage(moves, |mv| vec![kobul::apply(setup, rules, mv)]);
    }
    if rules.colour_change().is_some() {
        moves = stage(moves, |mv| vec![colour_change::apply(rules, mv)]);
    }
    if rules.breton().is_some() {
        moves = stage(moves, |mv| breton::apply(setup, rules, mv));
    }
    moves
}

/// Whether the mover's royal units are out of check once `mv` is made.
fn leaves_mover_safe(setup: &Setup, rules: &Rules, mv: &MoveRecord) -> bool {
    let next = make::make(setup, mv, rules);
    !check::in_check(&next, setup.side_to_move, rules)
        && !check::royal_pawn_passed_a_filled_square(&next, mv, rules)
        && !observation::any_observed(&next, rules)
        && koeko::move_allowed(setup, &next, rules, mv)
        && (!rules.imitator() || imitator::landed(&next))
}

fn stage(moves: Vec<MoveRecord>, f: impl Fn(MoveRecord) -> Vec<MoveRecord>) -> Vec<MoveRecord> {
    moves.into_iter().flat_map(f).collect()
}

fn castling_path_safe(setup: &Setup, rules: &Rules, mv: &MoveRecord) -> bool {
    if mv.castling.is_none() {
        return true;
    }
    let enemy = !setup.side_to_move;
    // Castling from the Mars rebirth square: the king must not be in check there, its own
    // square left; and with the rook put on its corner first (Anti-Mars Circe).
    let king_start = mv.via.unwrap_or(mv.from);
    let placed: Cow<Setup> = if mv.via.is_none() && mv.castling_rook.is_none() {
        Cow::Borrowed(setup)
    } else {
        let mut placed = setup.clone();
        let king = placed.board.take(mv.from);
        placed.board.set(king_start, king);
        if let Some((rook_from, corner)) = mv.castling_rook_corner() {
            let rook = placed.board.take(rook_from);
            placed.board.set(corner, rook);
        }
        Cow::Owned(placed)
    };
    if check::in_check(&placed, setup.side_to_move, rules) {
        return false;
    }
    let crossed = displacement::squares_between(king_start, mv.to);
    if rules.imitator() {
        // Imitator chess: the king's step onto the square it crosses must be a legal move of
        // its own, the imitators following it (as Popeye 4.104 plays it).
        return crossed.iter().all(|&sq| {
            let step = MoveRecord::displacement(mv.mover, mv.from, sq);
            imitator::followed(setup, step).is_some_and(|step| {
                let next = make::make(setup, &step, rules);
                imitator::landed(&next) && !check::in_check(&next, setup.side_to_move, rules)
            })
        });
    }
    if rules.circe_model().is_some_and(|m| m.check_reads_rebirth())
        || rules.mars_model().is_some()
        || rules.observation_model().is_some()
        || rules.sat()
        || rules.koeko().is_some()
        || rules.patrol().is_some()
        || rules.geneva_model().is_some()
        || rules.grid().is_some()
        || rules.danger_circe()
        || rules.make_and_take()
    {
        // Where an attack on the king is a check only if it could not be reborn (rex
        // inclusive), or only if the capturer could (Anticirce), the king may cross a square
        // where it would not be in check. Under Mars Circe a unit checks from its rebirth
        // square, which may be the square the king leaves (Mirror: the enemy king's e1): the
        // king may cross only a square where it would not be in check, standing there. So
        // under Madrasi and Isardam, where the king standing there changes who observes whom,
        // under SAT, where check is a flight from there, under Koeko, where a check is a
        // capture that may end there, under Patrol chess and Lortap, where the king standing
        // there changes which units are supported, and under Grid chess, where a unit in the
        // king's cell may check it on the square it crosses, through the square it left, and
        // under Danger Circe, where the king standing there changes which enemy units it
        // observes, and so which may move to their rebirth square, the square it crosses, and
        // under Make&Take, where a make may end on the square the king left, and under Geneva
        // chess, where the square the king leaves may be a checker's rebirth square.
        return crossed.iter().all(|&sq| {
            let mut passing = Setup::clone(&placed);
            let king = passing.board.take(king_start);
            passing.board.set(sq, king);
            !check::in_check(&passing, setup.side_to_move, rules)
        });
    }
    crossed
        .iter()
        .chain([&mv.from])
        .all(|&sq| !check::is_attacked(&setup.board, sq, enemy, rules))
}

/// With `royal_rider_passage: safe`, the squares a royal rider crosses (not its arrival, which
/// the check test covers) must not be attacked; the rider itself no longer shields them.
fn royal_rider_path_safe(setup: &Setup, rules: &Rules, mv: &MoveRecord) -> bool {
    if rules.royal_rider_passage() == RoyalRiderPassage::Free
        || !mv.mover.royal
        || !mv.mover.walk.is_rider()
        || mv.castling.is_some()
    {
        return true;
    }
    let mut board = setup.board.clone();
    board.take(mv.from);
    crossed_squares(mv)
        .into_iter()
        .all(|sq| !check::is_attacked(&board, sq, !setup.side_to_move, rules))
}

/// The squares a rider's move passes over: those between its departure and arrival along the
/// line of the part that made it (none for a leap).
fn crossed_squares(mv: &MoveRecord) -> Vec<Square> {
    let df = mv.to.file().index() as i8 - mv.from.file().index() as i8;
    let dr = mv.to.rank().index() as i8 - mv.from.rank().index() as i8;
    let line = mv.mover.walk.shape().iter().find_map(|part| match part {
        Part::Ride(vectors) | Part::Hop(Hop::Chinese, vectors) => vectors.steps_to(df, dr),
        _ => None,
    });
    let Some(((vf, vr), steps)) = line else {
        return Vec::new();
    };
    (1..steps)
        .filter_map(|k| mv.from.offset(vf * k, vr * k))
        .collect()
}
