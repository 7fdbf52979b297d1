//! The bodies of the fuzz targets in `fuzz/`, kept here so that a normal test can replay every
//! corpus file through them. Each takes raw bytes, must never panic on bad input, and panics
//! (the fuzzer's finding) only when a property fails: a round trip that does not come back, or
//! two engines that differ.

use feerie_oracle::popeye_move::{self, MoveText};
use feerie_oracle::{Engine, Profile, ReferenceEngine, Rules, Validation, fen, popeye_input};

use super::compare::{Side, compare};
use super::fuzzed::FuzzedPosition;
use super::report::render;

/// A fuzz target's body.
pub type Target = fn(&[u8]);

/// The targets by name, as `fuzz/` and `corpus/<name>/` call them.
pub const TARGETS: [(&str, Target); 5] = [
    ("fen", fen_target),
    ("popeye_input", popeye_input_target),
    ("popeye_move", popeye_move_target),
    ("scenario", scenario_target),
    ("differential", differential_target),
];

/// FEN: reading never panics; what reads writes back to a text that reads as the same setup
/// and writes as the same text.
///
/// ```
/// feerie::harness::targets::fen_target(b"4k3/8/8/8/8/8/8/4K2R w K - 0 1");
/// feerie::harness::targets::fen_target(b"not a fen");
/// ```
pub fn fen_target(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = fen::parse_setup(text) else {
        return;
    };
    let written = fen::write(&setup);
    let again = fen::parse_setup(&written)
        .unwrap_or_else(|e| panic!("{text:?} wrote {written:?}, which does not read: {e}"));
    assert_eq!(
        again, setup,
        "{text:?} wrote {written:?}, which reads differently"
    );
    assert_eq!(
        fen::write(&again),
        written,
        "writing {written:?} is not stable"
    );
}

/// Popeye input: reading never panics; each problem we can express writes back to an input that
/// reads as the same position and rules.
///
/// ```
/// feerie::harness::targets::popeye_input_target(b"beginproblem pieces white ke1 black ke8 stipulation ~1 endproblem");
/// ```
pub fn popeye_input_target(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = popeye_input::parse(text) else {
        return;
    };
    for problem in &file.problems {
        let Ok((position, rules)) = problem.to_position(Profile::Popeye, Validation::Lenient)
        else {
            continue;
        };
        let side = match position.side_to_move() {
            feerie_oracle::Colour::White => "white",
            feerie_oracle::Colour::Black => "black",
        };
        let stipulation = format!("sstipulation {side} 1s[~]");
        let Ok(written) = popeye_input::write(&position, &rules, &stipulation) else {
            continue;
        };
        let back = popeye_input::parse(&written)
            .unwrap_or_else(|e| panic!("{text:?} wrote {written:?}, which does not read: {e}"));
        let again = back.problems[0]
            .to_position(Profile::Popeye, Validation::Lenient)
            .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
        assert_eq!(
            again,
            (position, rules),
            "{text:?} wrote {written:?}, which reads differently"
        );
    }
}

/// Popeye move notation: reading never panics; what reads writes back to a text that reads
/// the same; resolving it against the start position's moves never panics.
///
/// ```
/// feerie::harness::targets::popeye_move_target(b"Sf5*d4[+wRa1] +");
/// ```
pub fn popeye_move_target(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(parsed) = text.parse::<MoveText>() {
        let written = parsed.to_string();
        let again: MoveText = written
            .parse()
            .unwrap_or_else(|e| panic!("{text:?} wrote {written:?}, which does not read: {e}"));
        assert_eq!(
            again, parsed,
            "{text:?} wrote {written:?}, which reads differently"
        );
    }
    let start = feerie_oracle::Position::start();
    let legal = ReferenceEngine
        .legal_moves(&start, &Rules::orthodox())
        .expect("orthodox start");
    if let Ok(mv) = popeye_move::resolve(text, &legal) {
        assert!(
            legal.contains(&mv),
            "{text:?} resolved to a move that is not legal"
        );
    }
}

/// Scenario YAML: reading never panics, nor do the rules and position of what reads.
///
/// ```
/// feerie::harness::targets::scenario_target(b"name: x\nsource: y\nposition: { fen: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\" }\n");
/// ```
pub fn scenario_target(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(scenario) = crate::scenario::parse_scenario("fuzz.yaml", text) else {
        return;
    };
    if let Ok(base) = scenario.base_rules() {
        for i in &scenario.interpretations {
            let _ = scenario.interpretation_rules(&base, i.profile.as_deref(), &i.set);
        }
    }
    let _ = scenario.position();
}

/// Both engines on a fuzzed position made from the bytes: the same moves and positions to
/// depth 2, and the bitboard engine's perft equal to its move lists.
///
/// ```
/// feerie::harness::targets::differential_target(&[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]);
/// ```
pub fn differential_target(data: &[u8]) {
    let mut u = arbitrary::Unstructured::new(data);
    let Ok(case) = <FuzzedPosition as arbitrary::Arbitrary>::arbitrary(&mut u) else {
        return;
    };
    let a = Side::of(&ReferenceEngine, case.rules.clone());
    let b = Side::of(&crate::bitboard::BitboardEngine, case.rules.clone());
    if let Some(d) = &compare(&a, &b, &case.position, 2).divergence {
        panic!("{}", render(d, &a, &b));
    }
}
