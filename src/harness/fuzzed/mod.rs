//! Fuzzed positions, made the way a composer would meet them: a random playout under the
//! condition from the start or from a well-known position, then a few edits (add, remove or move
//! a unit, toggle a castling right, the side to move or the Parrain reserve, mark a unit magic
//! or mutable), every one of them through the validating constructor. Choices lean toward
//! captures, promotions, rebirths and contacts, and new units toward the home ranks (where the
//! rebirth squares are), the seventh ranks (promotions) and the neighbours of magic pieces.
//!
//! The same generator serves the campaign (seeded [`Rng`]), proptest ([`strategy`]) and
//! libFuzzer (the [`arbitrary::Arbitrary`] implementation of [`FuzzedPosition`]).
//!
//! One job a module: the families ([`Bucket`]), the generation of one position ([`Generator`]),
//! the edits after the playout, and the strategies for proptest and libFuzzer.

mod around;
mod edits;
mod families;
mod generation;
mod mating;
mod passed;
mod strategies;

use feerie_oracle::{Position, Rules, fen};

pub use around::around_castling;
pub(crate) use edits::random_reserve;
pub use families::Bucket;
pub use generation::Generator;
pub(crate) use generation::bucket_rules;
pub use mating::around_a_mate;
pub use passed::after_a_double_step;
pub(crate) use strategies::case_rng;
pub use strategies::{any_bucket, any_of, strategy};

#[cfg(doc)]
use crate::playout::Rng;
#[cfg(doc)]
use feerie_oracle::Validation;

/// `setup` as a position valid under [`Validation::Strict`], its checks read under `rules` where
/// check is no attack by a unit's own walk (SAT: a flight; Annan chess: by the walk lent from
/// behind; Patrol chess, Lortap: by a unit its support allows; Grid chess: only across a grid
/// line; Danger Circe: by an observed unit's move to its rebirth square too; Make&Take: by a
/// capture after a make), else as orthodox chess reads them.
pub(super) fn validated(
    setup: feerie_oracle::Setup,
    rules: &Rules,
) -> Result<Position, feerie_oracle::PositionError> {
    let under_rules = rules.sat()
        || rules.annan()
        || rules.patrol().is_some()
        || rules.grid().is_some()
        || rules.danger_circe()
        || rules.make_and_take();
    match under_rules {
        true => Position::under_rules(setup, feerie_oracle::Validation::Strict, rules),
        false => Position::new(setup, feerie_oracle::Validation::Strict),
    }
}

/// Under Imitator chess, one to three imitators on empty squares of `setup` (none placed on a
/// square a unit holds); under other rules nothing, and no choice taken.
pub(crate) fn place_imitators(
    setup: &mut feerie_oracle::Setup,
    choices: &mut dyn crate::harness::choices::Choices,
    rules: &Rules,
) {
    if !rules.imitator() {
        return;
    }
    for _ in 0..1 + choices.below(3) {
        let empty: Vec<feerie_oracle::Square> = feerie_oracle::Square::all()
            .filter(|&sq| setup.board.is_empty(sq) && !setup.imitators.contains(sq))
            .collect();
        if !empty.is_empty() {
            setup.imitators = setup.imitators.with(empty[choices.below(empty.len())]);
        }
    }
}

/// A fuzzed position and the rules it is played under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuzzedPosition {
    /// The rules: the bucket's, sometimes with one switch set to another value.
    pub rules: Rules,
    /// The position (valid under [`Validation::Strict`]).
    pub position: Position,
}

impl std::fmt::Display for FuzzedPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} under {}",
            fen::write(self.position.setup()),
            self.rules
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::Rng;
    use feerie_oracle::{Engine, ReferenceEngine, Walk};

    /// Whether a reverse pawn of the side to move may take en passant.
    fn reverse_pawn_takes_en_passant(position: &Position, rules: &Rules) -> bool {
        ReferenceEngine
            .legal_moves(position, rules)
            .is_ok_and(|moves| {
                moves
                    .iter()
                    .any(|m| m.en_passant && m.mover.walk == Walk::ReversePawn)
            })
    }

    #[test]
    fn reverse_pawns_taking_en_passant_are_drawn() {
        let generator = Generator::standard();
        for name in ["protean/popeye", "frankfurt/documented"] {
            let bucket = Bucket::all()
                .into_iter()
                .find(|b| b.name == name)
                .expect("a bucket");
            let mut rng = Rng::new(7);
            let drawn = (0..400)
                .filter(|_| {
                    let case = generator.generate(&mut rng, &bucket).expect("a position");
                    reverse_pawn_takes_en_passant(&case.position, &case.rules)
                })
                .count();
            assert!(drawn >= 12, "{name}: {drawn} of 400 positions");
        }
    }

    #[test]
    fn neutral_magic_units_are_drawn_in_the_magic_buckets() {
        let generator = Generator::standard();
        for name in ["magic/documented", "circe+magic/popeye"] {
            let bucket = Bucket::all()
                .into_iter()
                .find(|b| b.name == name)
                .expect("a bucket");
            let mut rng = Rng::new(11);
            let drawn = (0..400)
                .filter(|_| {
                    let case = generator.generate(&mut rng, &bucket).expect("a position");
                    case.position.board().pieces().any(|(_, p)| p.neutral)
                })
                .count();
            assert!(drawn >= 12, "{name}: {drawn} of 400 positions");
        }
    }
}
