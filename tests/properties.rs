//! Property tests on fuzzed positions of every rule family (proptest; a failing case shrinks
//! toward fewer plies and fewer edits): the two engines agree; every generated move is legal and
//! every legal move is generated, pair of squares by pair of squares; perft(1) is the number of
//! moves; move notation reads back to the same move; under the Circe conditions the units only
//! get fewer when a rebirth square was unavailable.

use feerie::bitboard::BitboardEngine;
use feerie::harness::{Bucket, Side, compare, fuzzed};
use feerie::oracle::{Condition, Engine, MoveRecord, ReferenceEngine, Square, popeye_move};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 96,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_engines_agree(case in fuzzed::any_bucket()) {
        let a = Side::of(&ReferenceEngine, case.rules.clone());
        let b = Side::of(&BitboardEngine, case.rules.clone());
        let found = compare(&a, &b, &case.position, 2);
        if let Some(d) = &found.divergence {
            prop_assert!(false, "{}", feerie::harness::render(d, &a, &b));
        }
    }

    #[test]
    fn generated_and_legal_moves_match_square_pair_by_square_pair(case in fuzzed::any_bucket()) {
        let (p, rules) = (&case.position, &case.rules);
        let legal: Vec<MoveRecord> =
            ReferenceEngine.legal_moves(p, rules).unwrap().iter().map(unmarked).collect();
        let mover = p.side_to_move();
        for engine in [&ReferenceEngine as &dyn Engine, &BitboardEngine] {
            let generated = engine.successors(p, rules).unwrap();
            for (mv, after) in &generated {
                prop_assert!(!ReferenceEngine.in_check(after, mover, rules),
                    "{}: {mv} leaves {mover} in check in {case}", engine.name());
            }
            for from in Square::all() {
                for to in Square::all() {
                    let pair = |m: &&MoveRecord| m.from == from && m.to == to;
                    let mut ours: Vec<MoveRecord> =
                        generated.iter().map(|(m, _)| m).filter(pair).map(unmarked).collect();
                    let mut defined: Vec<MoveRecord> = legal.iter().filter(pair).cloned().collect();
                    ours.sort();
                    defined.sort();
                    prop_assert_eq!(&ours, &defined, "{} {}-{} in {}", engine.name(), from, to, &case);
                }
            }
        }
    }

    #[test]
    fn perft_one_is_the_number_of_moves(case in fuzzed::any_bucket()) {
        for engine in [&ReferenceEngine as &dyn Engine, &BitboardEngine] {
            let moves = engine.legal_moves(&case.position, &case.rules).unwrap();
            let perft = engine.perft(&case.position, &case.rules, 1).unwrap();
            prop_assert_eq!(perft, moves.len() as u64, "{} in {}", engine.name(), &case);
        }
    }

    #[test]
    fn notation_reads_back_to_the_same_move(case in fuzzed::any_bucket()) {
        let legal = BitboardEngine.legal_moves(&case.position, &case.rules).unwrap();
        for mv in &legal {
            let text = mv.to_string();
            let back = popeye_move::resolve(&text, &legal);
            prop_assert_eq!(back.as_ref().ok(), Some(mv), "{} in {}", text, &case);
            let parsed: popeye_move::MoveText = text.parse().unwrap();
            prop_assert_eq!(parsed.to_string(), text);
        }
    }

    #[test]
    fn circe_units_only_get_fewer_when_the_unit_taken_stays_off(case in fuzzed::any_of(circe_buckets())) {
        let parrain = case.rules.has(Condition::CirceParrain);
        let before = units(&case.position, parrain);
        for (mv, after) in BitboardEngine.successors(&case.position, &case.rules).unwrap() {
            let lost = if parrain {
                case.position.reserve().is_some() && mv.delayed_rebirth.is_none()
            } else {
                // Anticirce's rebirth is the capturer's: the unit taken stays off.
                mv.capture.is_some() && mv.rebirth.is_none_or(|r| r.from.is_some())
            };
            prop_assert_eq!(units(&after, parrain), before - lost as usize,
                "{} in {}", mv, &case);
        }
    }
}

/// The buckets whose rules have a rebirth (a random switch may still be set on top).
fn circe_buckets() -> Vec<Bucket> {
    let buckets: Vec<Bucket> = Bucket::all()
        .into_iter()
        .filter(|b| b.rules.circe().is_some())
        .collect();
    assert!(!buckets.is_empty(), "a Circe bucket");
    buckets
}

fn unmarked(m: &MoveRecord) -> MoveRecord {
    MoveRecord {
        check: Default::default(),
        ..m.clone()
    }
}

/// Units on the board, plus the one waiting in the Parrain reserve.
fn units(p: &feerie::oracle::Position, parrain: bool) -> usize {
    p.board().unit_count() + usize::from(parrain && p.reserve().is_some())
}
