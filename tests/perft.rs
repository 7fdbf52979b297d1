//! Perft counts of both engines against published figures.

use std::path::Path;

use feerie::bitboard::BitboardEngine;
use feerie::corpus::parse_perft_suite;
use feerie::oracle::{Engine, ReferenceEngine, Rules, Validation, fen};
use feerie::perft::split;

#[test]
fn chess_programming_wiki_positions() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/perft/orthodox.txt");
    let cases = parse_perft_suite("orthodox.txt", &std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(cases.len(), 7);
    assert!(cases.iter().all(|c| c.rules.is_orthodox()));
    for case in cases {
        let position = fen::parse(&case.fen, Validation::Strict).unwrap();
        for (depth, expected) in case.counts {
            let got = ReferenceEngine
                .perft(&position, &Rules::orthodox(), depth)
                .unwrap();
            assert_eq!(got, expected, "{} depth {depth}", case.origin);
            let got = BitboardEngine
                .perft(&position, &Rules::orthodox(), depth)
                .unwrap();
            assert_eq!(got, expected, "bitboard: {} depth {depth}", case.origin);
        }
    }
}

/// Every (FEN, depth, count) of the ../shared/perft suites up to `max_depth`, read from the
/// repository's copy `corpus/shared/perft` (tests/shared_copies.rs keeps the two equal).
fn shared_suite(max_depth: u32) -> Vec<(String, u32, u64)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/shared/perft");
    let mut cases = Vec::new();
    for name in ["cpw-positions.epd", "sunfish-tests-files-perft.epd"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let mut parts = line.split(';');
            let fen_text = parts.next().unwrap().trim().to_string();
            for field in parts {
                let (depth, count) = field
                    .trim()
                    .trim_start_matches('D')
                    .split_once(' ')
                    .unwrap();
                let depth: u32 = depth.parse().unwrap();
                if depth <= max_depth {
                    cases.push((fen_text.clone(), depth, count.parse().unwrap()));
                }
            }
        }
    }
    cases
}

/// Runs an engine over the shared suite (lenient loading: one position there has an
/// impossible check).
fn check_shared_suite(engine: &dyn Engine, max_depth: u32) {
    let cases = shared_suite(max_depth);
    assert!(cases.len() > 100, "{}", cases.len());
    for (fen_text, depth, count) in cases {
        let position = fen::parse(&fen_text, Validation::Lenient)
            .unwrap_or_else(|e| panic!("{fen_text}: {e}"));
        let got = engine.perft(&position, &Rules::orthodox(), depth).unwrap();
        assert_eq!(got, count, "{}: {fen_text} depth {depth}", engine.name());
    }
}

/// The reference engine over the whole shared suite to depth 4. Long: run with
/// `cargo test -- --ignored`.
#[test]
#[ignore]
fn shared_perft_suites_to_depth_4() {
    check_shared_suite(&ReferenceEngine, 4);
}

/// The bitboard engine over the whole shared suite to depth 5 (fast enough to run always), and
/// with four threads on the start position to depth 6.
#[test]
fn bitboard_engine_on_the_shared_suite() {
    let position = fen::parse(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Validation::Strict,
    )
    .unwrap();
    assert_eq!(
        BitboardEngine
            .perft_threads(&position, &Rules::orthodox(), 6, 4)
            .unwrap(),
        119_060_324
    );
    check_shared_suite(&BitboardEngine, 5);
}

/// Perft shared out over threads, the tree split below the root, gives the one-thread count
/// under every condition, from a root with many moves and from one in check with few.
#[test]
fn counts_split_over_threads_equal_one_thread_counts() {
    let positions = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
    ];
    let slugs = [
        "orthodox",
        "circe",
        "circe-clone",
        "circe-equipollents",
        "circe-parrain",
        "frankfurt",
        "protean",
        "circe-parrain,frankfurt",
    ];
    for slug in slugs {
        let rules = Rules::from_words(&[slug], None, &[]).unwrap();
        for text in positions {
            let p = fen::parse(text, Validation::Strict).unwrap();
            let one = BitboardEngine.perft(&p, &rules, 4).unwrap();
            let two = BitboardEngine.perft_threads(&p, &rules, 4, 2).unwrap();
            assert_eq!(two, one, "bitboard, {slug}, {text}");
            let one = ReferenceEngine.perft(&p, &rules, 3).unwrap();
            let three = split::perft(&ReferenceEngine, &p, &rules, 3, 3).unwrap();
            assert_eq!(three, one, "reference, {slug}, {text}");
        }
    }
}

#[test]
fn the_impossible_check_position_needs_lenient_loading() {
    let text = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    assert!(fen::parse(text, Validation::Strict).is_err());
    assert!(fen::parse(text, Validation::Lenient).is_ok());
}
