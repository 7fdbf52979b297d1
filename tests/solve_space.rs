//! The bitboard engine's own positions, as the solver walks them, against the reference
//! engine: on problem-like positions (where mates are at hand) and on fuzzed positions of
//! every rule family, the children with their check marks (one per position reached), the
//! mating children alone (made through the test of which moves may give check) and stalemate
//! are the reference engine's.

use feerie::bitboard::space::BitboardSpace;
use feerie::harness::solving_campaign::make_problem;
use feerie::harness::{Bucket, FuzzedPosition, Generator};
use feerie::oracle::{CheckMark, Engine, ReferenceEngine, Status, fen};
use feerie::playout::Rng;
use feerie::space::{Space, Want};

/// A position as the solver knows it: the FEN without its move counters, which no stipulation
/// reads (two moves leading to one position, one of them a capture, differ in the halfmove
/// clock only).
fn position_of(setup: &feerie::oracle::Setup) -> String {
    let written = fen::write(setup);
    let fields: Vec<&str> = written.split(' ').collect();
    fields[..fields.len().saturating_sub(2)].join(" ")
}

fn compare(fuzzed: &FuzzedPosition) -> usize {
    let (position, rules) = (&fuzzed.position, &fuzzed.rules);
    let space = BitboardSpace::new(rules);
    let p = space.enter(position).unwrap();
    let children = |want| {
        let mut seen: Vec<(String, CheckMark)> = space
            .children(&p, want)
            .unwrap()
            .iter()
            .map(|(mv, after)| (position_of(&after.to_setup()), space.mark(mv)))
            .collect();
        seen.sort();
        seen
    };
    let mut expected: Vec<(String, CheckMark)> = ReferenceEngine
        .successor_setups(position, rules)
        .unwrap()
        .into_iter()
        .map(|(mv, after)| (position_of(&after), mv.check))
        .collect();
    expected.sort();
    // Two moves that lead to one position are one child (whose records are both moves).
    expected.dedup();
    assert_eq!(
        children(Want::Marked),
        expected,
        "marked children of {fuzzed}"
    );
    let mates: Vec<_> = expected
        .iter()
        .filter(|(_, mark)| *mark == CheckMark::Mate)
        .cloned()
        .collect();
    assert_eq!(children(Want::Mating), mates, "mating children of {fuzzed}");
    let unmarked: Vec<_> = expected
        .iter()
        .map(|(f, _)| (f.clone(), CheckMark::None))
        .collect();
    let mut sorted = unmarked.clone();
    sorted.sort();
    assert_eq!(children(Want::Unmarked), sorted, "children of {fuzzed}");
    let stalemate = ReferenceEngine.status(position, rules).unwrap() == Status::Stalemate;
    assert_eq!(
        space.stalemated(&p).unwrap(),
        stalemate,
        "stalemate in {fuzzed}"
    );
    mates.len()
}

#[test]
fn problem_positions_give_the_reference_engine_s_children_and_mates() {
    let buckets = Bucket::all();
    let mut mates = 0;
    for bucket in 0..buckets.len() {
        for case in 0..60 {
            mates += compare(&make_problem(&buckets, bucket, 0x5ACE, case));
        }
    }
    // The positions are drawn to have mates at hand: the mating test is exercised.
    assert!(mates > 100, "only {mates} mating moves met");
}

#[test]
fn fuzzed_positions_give_the_reference_engine_s_children_and_mates() {
    let generator = Generator::standard();
    for bucket in &Bucket::all() {
        for case in 0..12 {
            let fuzzed = generator.generate(&mut Rng::new(case), bucket).unwrap();
            compare(&fuzzed);
        }
    }
}

/// A rook reborn on its corner that a magic contact changes there into another walk is no
/// longer a rook: its side regains no castling right (Plain Circe puts black rooks on a8 and
/// h8; the magic pawn on a7 turns the rook reborn on a8 into a queen).
#[test]
fn a_rook_reborn_on_its_corner_and_changed_by_magic_regains_no_right() {
    use feerie::oracle::{Condition, Profile, Rules, Validation};
    let position =
        fen::parse("2r1k3/(bmP)7/1N6/8/8/8/8/4K3 w e - 0 1", Validation::Strict).unwrap();
    let rules = Rules::new([Condition::Circe], Profile::Documented).unwrap();
    compare(&FuzzedPosition { rules, position });
}
