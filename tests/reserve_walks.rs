//! Every walk of the walk table in the Parrain reserve, through both engines: fuzzed positions
//! of every family that keeps a reserve (Circe Parrain alone and combined, each profile), each
//! given a reserved unit of a walk taken in turn from the whole table (a capture-mutable mark
//! and either capturer sometimes), are played through the moves, perft and the search of both
//! engines, which must agree and must not panic. A fairy walk waiting in the reserve on an
//! otherwise orthodox board once sent the bitboard engine down its compact path, which has no
//! room for fairy walks.
//!
//! `FEERIE_RESERVE_CASES` sets the number of positions (default 400; the acceptance run takes
//! 10,000).

mod common;

use feerie::bitboard::BitboardEngine;
use feerie::harness::{Bucket, Choices, Generator, Side, compare, render};
use feerie::oracle::{
    Colour, Engine, Piece, Position, ReferenceEngine, Reserve, Square, Validation, Walk, fen,
};
use feerie::playout::Rng;
use feerie::solve::{Options, solve};

fn cases() -> usize {
    std::env::var("FEERIE_RESERVE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400)
}

/// Short stipulations whose search makes the reserve's rebirth at the first ply.
const STIPULATIONS: [&str; 3] = ["#1", "h#1", "ser-h#2"];

/// A reserved unit of `walk`, of either colour, taken on any square.
fn reserve_of(walk: Walk, choices: &mut Rng) -> Reserve {
    let colour = Colour::ALL[choices.below(2)];
    let mut piece = Piece::new(colour, walk);
    piece.mutable = choices.one_in(4);
    let square = Square::new(choices.below(64) as u8).expect("on the board");
    let mut reserve = Reserve::new(piece, square);
    reserve.taken_by_side_to_move = choices.one_in(4);
    reserve
}

fn solutions(
    engine: &dyn feerie::engines::SearchEngine,
    position: &Position,
    rules: &feerie::oracle::Rules,
    stipulation: &str,
) -> Result<Vec<String>, String> {
    let stipulation: feerie::solve::stipulation::Stipulation = stipulation.parse().unwrap();
    let options = Options {
        hash_megabytes: 0,
        ..Options::default()
    };
    match solve(engine, position, rules, stipulation, &options) {
        Ok(solved) => Ok(solved
            .solutions
            .iter()
            .map(|line| {
                line.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()),
        Err(e) => Err(e.to_string()),
    }
}

#[test]
fn every_walk_in_the_reserve_plays_alike_in_both_engines() {
    let buckets: Vec<Bucket> = Bucket::all()
        .into_iter()
        .filter(|b| b.rules.keeps_reserve())
        .collect();
    assert!(buckets.len() >= 2, "no family keeps a reserve");
    let generator = Generator::standard();
    let mut played = vec![0usize; Walk::ALL.len()];
    let total = cases();
    for case in 0..total {
        let mut rng = Rng::new(0x5e5e_0000 + case as u64);
        let bucket = &buckets[case % buckets.len()];
        let fuzzed = generator
            .generate(&mut rng, bucket)
            .expect("the reference engine plays every built-in rule");
        let rules = fuzzed.rules;
        let walk_index = (case / buckets.len()) % Walk::ALL.len();
        let mut setup = fuzzed.position.into_setup();
        setup.reserve = Some(reserve_of(Walk::ALL[walk_index], &mut rng));
        // What the FEN writes reads back to the same reserve.
        let text = fen::write(&setup);
        assert_eq!(
            fen::parse_setup(&text).expect("written FEN reads").reserve,
            setup.reserve,
            "{text}"
        );
        let Ok(position) = Position::new(setup, Validation::Lenient) else {
            continue;
        };
        let reference = Side::of(&ReferenceEngine, rules.clone());
        let bitboard = Side::of(&BitboardEngine, rules.clone());
        let found = compare(&reference, &bitboard, &position, 2);
        if let Some(d) = &found.divergence {
            panic!(
                "{text} under {}: {}",
                bucket.name,
                render(d, &reference, &bitboard)
            );
        }
        // Perft as `perft` and `dispute` count it: the bitboard engine picks its fastest path.
        let counts = [&ReferenceEngine as &dyn Engine, &BitboardEngine].map(|engine| {
            engine
                .perft(&position, &rules, 2)
                .map_err(|e| e.to_string())
        });
        assert_eq!(
            counts[0], counts[1],
            "perft 2 of {text} under {}",
            bucket.name
        );
        if let Some(children) = BitboardEngine.compact_children(&position, &rules) {
            assert_eq!(
                children.len() as u64,
                ReferenceEngine.perft(&position, &rules, 1).unwrap(),
                "{text}"
            );
        }
        let stipulation = STIPULATIONS[case % STIPULATIONS.len()];
        let (a, b) = (
            solutions(&ReferenceEngine, &position, &rules, stipulation),
            solutions(&BitboardEngine, &position, &rules, stipulation),
        );
        assert_eq!(a, b, "{stipulation} of {text} under {}", bucket.name);
        played[walk_index] += 1;
    }
    // The king alone never waits in a reserve: it is royal, and no royal unit is captured.
    let missing: Vec<&str> = Walk::ALL
        .iter()
        .zip(&played)
        .filter(|&(&w, &n)| n == 0 && w != Walk::King)
        .map(|(w, _)| w.name())
        .collect();
    if total >= 4 * buckets.len() * Walk::ALL.len() {
        assert!(
            missing.is_empty(),
            "walks never played from the reserve: {missing:?}"
        );
    }
    eprintln!(
        "{} of {total} positions played, every walk of the table in the reserve",
        played.iter().sum::<usize>()
    );
}

/// The commands on a fairy walk waiting in the reserve of an orthodox board: each ends with its
/// own exit code (a dispute's 1 is a difference found), never a panic's.
#[test]
fn the_commands_take_a_fairy_walk_in_the_reserve() {
    let here = std::env::current_dir().expect("a working folder");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let parrain = [
        "--fen",
        fen,
        "--rules",
        "circe-parrain",
        "--reserve",
        "(bN)d4",
    ];
    let runs: [&[&str]; 5] = [
        &["dispute", "--profiles", "documented,popeye", "--depth", "1"],
        &["dispute", "--profiles", "documented,popeye", "--depth", "2"],
        &["perft", "--depth", "2"],
        &["moves"],
        &["solve", "--stipulation", "h#1"],
    ];
    for run in runs {
        for engine in ["reference", "bitboard"] {
            let args = [&run[..1], &parrain[..], &["--engine", engine], &run[1..]].concat();
            let (code, out, err) = common::feerie_in(&here, &args);
            assert!(
                code == 0 || (run[0] == "dispute" && code == 1),
                "{args:?}: exit {code}\n{out}{err}"
            );
            assert!(!err.contains("panicked"), "{args:?}: {err}");
        }
    }
    // The nightrider reborn from the reserve moves as one: it is on the board after the first
    // move under both engines alike.
    let (_, out, _) = common::feerie_in(&here, &[&["moves"][..], &parrain[..]].concat());
    assert!(
        out.lines()
            .any(|l| l.contains("[+bNd3]") || l.contains("[+bN")),
        "{out}"
    );
}
