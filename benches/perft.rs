//! Perft speed, single thread, in nodes per second of the thread's processor time: the bitboard
//! engine against the cozy-chess crate on the same positions (orthodox), each condition against
//! the bitboard engine's own orthodox speed, and the reference engine at smaller depths. Run with `cargo bench --bench perft`; the figures are
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

/// Seconds of processor time the calling thread has used: a loaded machine takes the processor
/// away from the benchmark without adding to this clock, as it would to wall time. Wall time
/// where the platform gives no thread clock.
fn thread_seconds() -> f64 {
    #[cfg(target_os = "linux")]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes one timespec through a pointer to a live one.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0 {
            return ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9;
        }
    }
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// Runs `f` (best of `runs`) and returns (nodes, nodes per second of the thread's processor
/// time).
fn measure(runs: usize, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let start = thread_seconds();
        nodes = f();
        best = best.min(thread_seconds() - start);
    }
    (nodes, nodes as f64 / best)
}

/// Nodes and nodes per second of `position` under `rules`, and the ratio to orthodox perft of
/// the corresponding orthodox position (magic units made plain) at the same depth: best of seven
/// each, measured alternately.
fn paired(position: &Position, rules: &Rules, depth: u32) -> (u64, f64, f64) {
    let mut plain = position.setup().clone();
    for (sq, piece) in position.board().pieces() {
        plain.board.set(sq, Some(piece.with_magic(false)));
    }
    let plain = Position::new(plain, Validation::Lenient).unwrap();
    let orthodox = Rules::orthodox();
    let (mut n, mut best, mut best_orthodox) = (0, 0f64, 0f64);
    // A run takes tens of milliseconds: seven pairs give the best of each a fair chance on a
    // busy machine.
    for _ in 0..7 {
        let (a, x) = measure(1, || BitboardEngine.perft(position, rules, depth).unwrap());
        let (_, y) = measure(1, || {
            BitboardEngine.perft(&plain, &orthodox, depth).unwrap()
        });
        (n, best, best_orthodox) = (a, best.max(x), best_orthodox.max(y));
    }
    (n, best, best / best_orthodox)
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
    for (name, text, depth, _) in positions {
        let position = fen::parse(text, Validation::Strict).unwrap();
        let board = cozy_chess::Board::from_fen(text, false).unwrap();
        // Alternately, best of five each, so that a loaded machine slows both alike.
        let (mut n, mut m, mut ours, mut cozy) = (0, 0, 0f64, 0f64);
        for _ in 0..5 {
            let (a, x) = measure(1, || {
                BitboardEngine.perft(&position, &orthodox, depth).unwrap()
            });
            let (b, y) = measure(1, || cozy_perft(&board, depth));
            (n, m, ours, cozy) = (a, b, ours.max(x), cozy.max(y));
        }
        assert_eq!(n, m, "{name}: the two counts differ");
        println!(
            "  {name:9} depth {depth}: bitboard {}, cozy-chess {}, ratio {:.2}",
            mnps(ours),
            mnps(cozy),
            ours / cozy
        );
    }
    println!(
        "conditions, bitboard engine, one thread (ratio to its orthodox speed on the same position \
         and depth, measured alternately so that both see the same machine)"
    );
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
        for (name, text, _, depth) in positions.iter() {
            let position = fen::parse(text, Validation::Strict).unwrap();
            let (n, nps, ratio) = paired(&position, &rules, *depth);
            println!(
                "  {:32} {name:9} depth {depth}: {} ({n} nodes), ratio {ratio:.2}",
                format!("{slug} {}", sets.join(" ")),
                mnps(nps),
            );
        }
    }
    // Magic units are marks on units, not a condition: one magic bishop added to each position,
    // against the same position with that bishop plain.
    let magic = [
        (
            "magic bishop on c1",
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN(wmB)QKBNR w KQkq - 0 1",
            5 - quick,
        ),
        (
            "magic bishop on e2",
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPB(wmB)PPP/R3K2R w KQkq - 0 1",
            4 - quick,
        ),
    ];
    for (label, name, text, depth) in magic {
        let position = Position::new(fen::parse_setup(text).unwrap(), Validation::Strict).unwrap();
        let (n, nps, ratio) = paired(&position, &orthodox, depth);
        println!(
            "  {label:32} {name:9} depth {depth}: {} ({n} nodes), ratio {ratio:.2} (to the position \
             without it)",
            mnps(nps),
        );
    }
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
