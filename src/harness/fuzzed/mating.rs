//! Positions built around a mate: a king on the edge of the board hemmed in by its own units
//! (none to three), the other side's units close by and to move. Mates are rare in the seeded cases and
//! in the positions built around castling, and the events of a mate under a condition (a mating
//! capture whose captured unit is reborn, a mating mutation) rarer still; the campaign's
//! steered pass draws these when the positions around castling did not show such an event.

use feerie_oracle::{Colour, Piece, Rules, Setup, Square, Walk};

use super::Bucket;
use super::around::{PLAIN_WALKS, mark_magic};
use super::edits::random_reserve;
use crate::harness::choices::{Choices, random_walk};

/// One position of `bucket` under `rules` with the side not to move's king on an edge square,
/// up to three of its units next to it (units to capture, to block its flights), and two to
/// four units of the side to move within two squares of it; `None` when the drawn setup is not
/// a strictly valid position.
pub fn around_a_mate(
    choices: &mut dyn Choices,
    bucket: &Bucket,
    rules: Rules,
) -> Option<super::FuzzedPosition> {
    let mut setup = Setup::empty();
    let mover = Colour::ALL[choices.below(2)];
    setup.side_to_move = mover;
    let edge = choices.below(8) as i8;
    let (file, rank) = match choices.below(4) {
        0 => (edge, 0),
        1 => (edge, 7),
        2 => (0, edge),
        _ => (7, edge),
    };
    let king = Square::at(file, rank)?;
    setup.board.set(king, Some(Piece::new(!mover, Walk::King)));
    let pieces = PLAIN_WALKS;
    for _ in 0..choices.below(4) {
        let walk = random_walk(choices, &rules, &pieces);
        let square = near(&setup, choices, king, 1, walk.is_pawn())?;
        setup.board.set(square, Some(Piece::new(!mover, walk)));
    }
    for _ in 0..2 + choices.below(3) {
        let walk = random_walk(choices, &rules, &pieces);
        let square = near(&setup, choices, king, 2, walk.is_pawn())?;
        setup.board.set(square, Some(Piece::new(mover, walk)));
    }
    let square = (0..16).find_map(|_| {
        let square = Square::at(choices.below(8) as i8, choices.below(8) as i8)?;
        (setup.board.is_empty(square) && distance(square, king) > 2).then_some(square)
    })?;
    setup.board.set(square, Some(Piece::new(mover, Walk::King)));
    if rules.keeps_reserve() && choices.one_in(2) {
        setup.reserve = Some(random_reserve(choices));
    }
    if bucket.magic {
        mark_magic(&mut setup, choices);
    }
    super::place_imitators(&mut setup, choices, &rules);
    let position = super::validated(setup, &rules).ok()?;
    Some(super::FuzzedPosition { rules, position })
}

/// The larger of the file and rank distances.
fn distance(a: Square, b: Square) -> u8 {
    let files = a.file().index().abs_diff(b.file().index());
    let ranks = a.rank().index().abs_diff(b.rank().index());
    files.max(ranks)
}

/// An empty square within `reach` of `centre` (never a first or last rank for a pawn).
fn near(
    setup: &Setup,
    choices: &mut dyn Choices,
    centre: Square,
    reach: i8,
    pawn: bool,
) -> Option<Square> {
    (0..16).find_map(|_| {
        let span = (2 * reach + 1) as usize;
        let df = choices.below(span) as i8 - reach;
        let dr = choices.below(span) as i8 - reach;
        let square = centre.offset(df, dr)?;
        let edge = matches!(square.rank().index(), 0 | 7);
        (setup.board.is_empty(square) && !(pawn && edge)).then_some(square)
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use feerie_oracle::{Position, ReferenceEngine};

    use super::*;
    use crate::bitboard::space::BitboardSpace;
    use crate::harness::fuzzed::{bucket_rules, case_rng};
    use crate::space::{EngineSpace, Space, Want};

    /// The mating moves of `p` in `space`, as notation, and how many of its children are
    /// stalemated.
    fn mates_and_stalemates<S: Space>(space: &S, position: &Position) -> (BTreeSet<String>, usize) {
        let p = space.enter(position).unwrap();
        let mut mates = BTreeSet::new();
        for (mv, after) in space.children(&p, Want::Mating).unwrap() {
            for record in space.records(&p, &mv, &after).unwrap() {
                mates.insert(record.to_string());
            }
        }
        let stalemates = (space.children(&p, Want::Unmarked).unwrap().iter())
            .filter(|(_, after)| space.stalemated(after).unwrap())
            .count();
        (mates, stalemates)
    }

    /// The bitboard engine's fast mate and stalemate tests (the last move of a help or direct
    /// mate, a side with no move) against the reference engine's, on positions where they are
    /// common, in every family.
    #[test]
    fn the_bitboard_engines_mates_and_stalemates_are_the_reference_engines() {
        let (mut mates, mut stalemates) = (0, 0);
        for bucket in Bucket::all() {
            for draw in 0..400 {
                let mut choices = case_rng(20261129, draw);
                let rules = bucket_rules(&bucket, &mut choices);
                let Some(case) = around_a_mate(&mut choices, &bucket, rules) else {
                    continue;
                };
                let reference = EngineSpace::new(&ReferenceEngine, &case.rules);
                let bitboard = BitboardSpace::new(&case.rules);
                let expected = mates_and_stalemates(&reference, &case.position);
                let found = mates_and_stalemates(&bitboard, &case.position);
                assert_eq!(
                    found,
                    expected,
                    "{} under {}",
                    feerie_oracle::fen::write(case.position.setup()),
                    case.rules
                );
                mates += expected.0.len();
                stalemates += expected.1;
            }
        }
        assert!(
            mates >= 50 && stalemates >= 5,
            "{mates} mates, {stalemates} stalemates"
        );
    }
}
