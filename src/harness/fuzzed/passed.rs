//! Positions just after a double step that an enemy pawn may take en passant: the pawn on its
//! fourth rank, a pawn of the side to move beside it, and the passed square empty or, under
//! Circe Parrain, filled by a unit of the side to move that the double step's rebirth put there
//! (which a pawn may take onto under `parrain_en_passant: removes_own_unit`, the unit vanishing);
//! under Parrain also just before such a step, its rebirth still in the reserve.
//! Neither the playouts nor the positions around castling or a mate leave such a rebirth on the
//! passed square; the campaign's steered pass draws these for the events they did not show.

use feerie_oracle::{Colour, EnPassant, Piece, Reserve, Rules, Setup, Square, Walk};

use super::Bucket;
use super::around::{PLAIN_WALKS, mark_magic};
use crate::harness::choices::{Choices, random_walk_of};

/// One position of `bucket` under `rules` right after a double step by the side not to move,
/// with a pawn of the side to move beside the arrival square; the passed square filled by a
/// unit of the side to move one time in two when `rules` keep a Parrain reserve (the rebirth
/// came with the double step), that unit one time in two magic in a magic bucket; under such
/// rules, one time in three the position just before the step instead, the side to move's pawn
/// at home and the unit in the reserve. `None` when the drawn setup is not a strictly valid
/// position.
pub fn after_a_double_step(
    choices: &mut dyn Choices,
    bucket: &Bucket,
    rules: Rules,
) -> Option<super::FuzzedPosition> {
    let mut setup = Setup::empty();
    let mover = Colour::ALL[choices.below(2)];
    setup.side_to_move = mover;
    let stepper = !mover;
    // Half of these positions have no fairy unit: the bitboard engine's orthodox short cuts,
    // which a fairy unit turns off, are where an en passant onto a filled square is counted apart.
    let fairy = choices.one_in(2);
    // The double step's ranks, counted from the stepper's side: from its second rank over its
    // third to its fourth.
    let (passed_rank, arrival_rank) = match stepper {
        Colour::White => (2, 3),
        Colour::Black => (5, 4),
    };
    // One rank back, toward the stepper's home.
    let back = passed_rank - arrival_rank;
    let file = choices.below(8) as i8;
    let arrival = Square::at(file, arrival_rank)?;
    let passed = Square::at(file, passed_rank)?;
    setup
        .board
        .set(arrival, Some(Piece::new(stepper, Walk::Pawn)));
    let side = if file == 0 || (file < 7 && choices.one_in(2)) {
        1
    } else {
        -1
    };
    let taker = arrival.offset(side, 0)?;
    setup.board.set(taker, Some(Piece::new(mover, Walk::Pawn)));
    if choices.one_in(3) {
        // A second taker on the other side, when there is one.
        if let Some(other) = arrival.offset(-side, 0) {
            setup.board.set(other, Some(Piece::new(mover, Walk::Pawn)));
        }
    }
    let pieces = PLAIN_WALKS;
    // Under Parrain, one time in three the step is still to come: its side to move, its pawn at
    // home and a unit of the other side in the reserve, taken on the square behind the pawn's
    // home (by the side to move, as in series play), so that the step's vector brings it back
    // on the passed square.
    let step_to_come = rules.keeps_reserve() && choices.one_in(3);
    if rules.keeps_reserve() && (step_to_come || choices.one_in(2)) {
        let walk = random_walk_of(choices, &rules, &pieces[1..], fairy);
        let magic = bucket.magic && choices.one_in(2);
        let piece = Piece::new(mover, walk).with_magic(magic);
        if step_to_come {
            let behind = passed.offset(0, 2 * back)?;
            setup.reserve = Some(Reserve {
                piece,
                square: behind,
                taken_by_side_to_move: true,
            });
        } else {
            setup.board.set(passed, Some(piece));
        }
    }
    for colour in Colour::ALL {
        let square = empty_square(&setup, choices, false)?;
        setup
            .board
            .set(square, Some(Piece::new(colour, Walk::King)));
    }
    for _ in 0..2 + choices.below(4) {
        let colour = Colour::ALL[choices.below(2)];
        let walk = random_walk_of(choices, &rules, &pieces, fairy);
        let square = empty_square(&setup, choices, walk.is_pawn())?;
        setup.board.set(square, Some(Piece::new(colour, walk)));
    }
    // The squares the pawn passed stay as the double step left them.
    let origin = passed.offset(0, back)?;
    if !setup.board.is_empty(origin) {
        return None;
    }
    if step_to_come {
        if !setup.board.is_empty(passed) {
            return None;
        }
        setup.board.set(arrival, None);
        setup
            .board
            .set(origin, Some(Piece::new(stepper, Walk::Pawn)));
        setup.side_to_move = stepper;
    } else {
        setup.en_passant = EnPassant::from_target(passed);
    }
    if bucket.magic {
        mark_magic(&mut setup, choices);
    }
    super::place_imitators(&mut setup, choices, &rules);
    let position = super::validated(setup, &rules).ok()?;
    Some(super::FuzzedPosition { rules, position })
}

/// An empty square anywhere (never a first or last rank for a pawn).
fn empty_square(setup: &Setup, choices: &mut dyn Choices, pawn: bool) -> Option<Square> {
    (0..16).find_map(|_| {
        let square = Square::at(choices.below(8) as i8, choices.below(8) as i8)?;
        let edge = matches!(square.rank().index(), 0 | 7);
        (setup.board.is_empty(square) && !(pawn && edge)).then_some(square)
    })
}

#[cfg(test)]
mod tests {
    use feerie_oracle::rules::MarsModel;
    use feerie_oracle::{Engine, ReferenceEngine};

    use super::*;
    use crate::harness::fuzzed::{bucket_rules, case_rng};

    /// Under Parrain with `removes_own_unit` the builder gives en passant captures onto a unit
    /// of the taker's side often, and the orthodox en passant in every family.
    #[test]
    fn double_steps_give_en_passant_and_parrain_onto_an_own_unit() {
        for bucket in Bucket::all() {
            let (mut en_passant, mut onto_own, mut built) = (0, 0, 0);
            for draw in 0..200 {
                let mut choices = case_rng(7, draw);
                let rules = bucket_rules(&bucket, &mut choices);
                let Some(case) = after_a_double_step(&mut choices, &bucket, rules) else {
                    continue;
                };
                built += 1;
                let moves = ReferenceEngine
                    .legal_moves(&case.position, &case.rules)
                    .expect("legal moves");
                for m in moves.iter().filter(|m| m.en_passant) {
                    en_passant += 1;
                    onto_own += usize::from(case.position.board().get(m.to).is_some());
                }
            }
            // Under Mars Circe a pawn captures from its rebirth square, its own second rank
            // (or the other side's, Mirror), never from the fifth rank en passant needs.
            let captures_from_own_square = |m: MarsModel| m.moves.from_own_square(true);
            if bucket
                .rules
                .mars_model()
                .is_some_and(|m| !captures_from_own_square(m))
            {
                assert_eq!(en_passant, 0, "{}", bucket.name);
            } else if feerie_oracle::Colour::ALL
                .iter()
                .all(|&side| bucket.rules.captures_banned(side))
            {
                // Under NoCapture en passant is a capture, which neither side makes.
                assert_eq!(en_passant, 0, "{}", bucket.name);
            } else if feerie_oracle::Colour::ALL
                .iter()
                .any(|&side| bucket.rules.captures_banned(side))
            {
                // Under NoWhiteCapture (NoBlackCapture) only the other side's double steps
                // may be taken: the builder still makes positions of the rules.
                assert!(built > 0, "{}: no position built", bucket.name);
            } else if bucket.rules.make_and_take() {
                // Under Make&Take a pawn takes en passant only after a make with a pawn's walk
                // that ends beside the double step (`scenarios/make-and-take`): seldom around a
                // double step drawn at random. The builder still makes positions of the rule.
                assert!(built > 0, "{}: no position built", bucket.name);
            } else if bucket.rules.sat() {
                // Under SAT a king with a flight is in check: around a double step, with the
                // kings in the open, a capture en passant seldom leaves the taker's king boxed
                // in (no rule event owes it there). The builder still makes positions of SAT.
                assert!(built > 0, "{}: no position built", bucket.name);
            } else {
                assert!(en_passant >= 20, "{}: {en_passant}", bucket.name);
            }
            if bucket.name.starts_with("circe-parrain") && bucket.name.ends_with("/popeye") {
                assert!(onto_own >= 10, "{}: {onto_own}", bucket.name);
            }
        }
    }
}
