//! Perft speed, single thread: the bitboard engine against the cozy-chess crate on the same
//! positions (orthodox), each condition against the bitboard engine's own orthodox speed, and
//! the reference engine at smaller depths. Run with `cargo bench --bench perft`; the figures are
//! printed, nothing is asserted. `FEERIE_BENCH_QUICK=1` runs one depth less everywhere.

use std::time::Instant;

use feerie::bitboard::BitboardEngine;
use feerie::oracle::{Engine, Position, ReferenceEngine, Rules, Validation, fen};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes = 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut next = board.clone();
                    next.play_unchecked(mv);
                    nodes += cozy_perft(&next, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

/// Runs `f` (best of `runs`) and returns (nodes, nodes per second).
fn measure(runs: usize, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (nodes, nodes as f64 / best)
}

fn mnps(x: f64) -> String {
    format!("{:8.1} M nodes/s", x / 1e6)
}

fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    let quick = std::env::var_os("FEERIE_BENCH_QUICK").is_some() as u32;
    let positions = [
        ("start", START, 6 - quick, 5 - quick),
        ("kiwipete", KIWIPETE, 5 - quick, 4 - quick),
    ];
    let orthodox = Rules::orthodox();
    println!("orthodox, bulk perft, one thread");
    let mut own_orthodox = Vec::new();
    for (name, text, depth, _) in positions {
        let position = fen::parse(text, Validation::Strict).unwrap();
        let (n, ours) = measure(3, || {
            BitboardEngine.perft(&position, &orthodox, depth).unwrap()
        });
        let board = cozy_chess::Board::from_fen(text, false).unwrap();
        let (m, cozy) = measure(3, || cozy_perft(&board, depth));
        assert_eq!(n, m, "{name}: the two counts differ");
        println!(
            "  {name:9} depth {depth}: bitboard {}, cozy-chess {}, ratio {:.2}",
            mnps(ours),
            mnps(cozy),
            ours / cozy
        );
        own_orthodox.push(ours);
    }
    println!("conditions, bitboard engine, one thread (ratio to its orthodox speed above)");
    let conditions: [(&str, &[&str]); 8] = [
        ("circe", &[]),
        ("circe-clone", &[]),
        ("circe-equipollents", &[]),
        ("circe-parrain", &[]),
        ("frankfurt", &[]),
        ("protean", &[]),
        ("frankfurt", &["rex=exclusive"]),
        ("circe-parrain,frankfurt", &[]),
    ];
    for (slug, sets) in conditions {
        let rules = Rules::from_words(&[slug], None, sets).unwrap();
        for (i, (name, text, _, depth)) in positions.iter().enumerate() {
            let position = fen::parse(text, Validation::Strict).unwrap();
            let (n, nps) = measure(1, || {
                BitboardEngine.perft(&position, &rules, *depth).unwrap()
            });
            println!(
                "  {:32} {name:9} depth {depth}: {} ({n} nodes), ratio {:.2}",
                format!("{slug} {}", sets.join(" ")),
                mnps(nps),
                nps / own_orthodox[i]
            );
        }
    }
    let magic = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPB(wmB)PPP/R3K2R w KQkq - 0 1";
    let position = Position::new(fen::parse_setup(magic).unwrap(), Validation::Strict).unwrap();
    let (n, nps) = measure(1, || {
        BitboardEngine
            .perft(&position, &orthodox, 4 - quick)
            .unwrap()
    });
    println!(
        "  {:32} kiwipete  depth {}: {} ({n} nodes), ratio {:.2}",
        "magic bishop on e2",
        4 - quick,
        mnps(nps),
        nps / own_orthodox[1]
    );
    println!("reference engine, one thread");
    for (name, text, depth, _) in positions {
        let position = fen::parse(text, Validation::Strict).unwrap();
        let d = depth - 2;
        let (_, nps) = measure(1, || {
            ReferenceEngine.perft(&position, &orthodox, d).unwrap()
        });
        println!("  {name:9} depth {d}: {}", mnps(nps));
    }
    if let Some(mb) = peak_memory_mb() {
        println!("peak memory (VmHWM): {mb:.1} MB");
    }
}
