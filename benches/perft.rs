//! Perft speed, single thread, in nodes per second of the thread's processor time: the bitboard
//! engine against the cozy-chess crate on the same positions (orthodox), each condition against
//! the bitboard engine's own orthodox speed, and the reference engine at smaller depths; then
//! whole processes (start-up included): the `feerie` binary's `moves` and `perft` against a
//! process of this benchmark counting with cozy-chess; then one thread against two under each
//! condition. Run with `cargo bench --bench perft`; the figures are printed, nothing is asserted
//! but the counts. `FEERIE_BENCH_QUICK=1` runs one depth less everywhere; `FEERIE_BENCH_BINARY`
//! names another `feerie` binary to time as a whole process (an older build, say);
//! `FEERIE_BENCH_ONLY=speed,process,threads` runs only the sections named.

use std::process::Command;
use std::time::Instant;

use feerie::bitboard::BitboardEngine;
use feerie::oracle::{Engine, Position, ReferenceEngine, Rules, Validation, fen};
use feerie::perft::split::{self, Split};

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

/// Processor seconds (user and system) used by this process's finished children so far.
fn children_seconds() -> f64 {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: an all-zero rusage is a valid value, and getrusage writes one through a
        // pointer to a live one.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) } == 0 {
            let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
            return seconds(usage.ru_utime) + seconds(usage.ru_stime);
        }
    }
    f64::NAN
}

/// Runs `program` with `args` (best of `runs`): its stdout, and the processor seconds and wall
/// seconds of the whole process, start-up included.
fn whole_process(runs: usize, program: &str, args: &[&str]) -> (String, f64, f64) {
    let (mut out, mut cpu, mut wall) = (String::new(), f64::MAX, f64::MAX);
    for _ in 0..runs {
        let (cpu_before, wall_before) = (children_seconds(), Instant::now());
        let output = Command::new(program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
        assert!(output.status.success(), "{program} {args:?} failed");
        wall = wall.min(wall_before.elapsed().as_secs_f64());
        cpu = cpu.min(children_seconds() - cpu_before);
        out = String::from_utf8_lossy(&output.stdout).into_owned();
    }
    (out, cpu, wall)
}

/// The last line of a perft command's output, as a number.
fn last_count(out: &str) -> u64 {
    out.lines()
        .last()
        .and_then(|l| l.trim().parse().ok())
        .expect("a count")
}

fn whole_processes(positions: &[(&str, &str, u32, u32)]) {
    let feerie = std::env::var("FEERIE_BENCH_BINARY")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_feerie").to_string());
    let me = std::env::current_exe().expect("this benchmark's path");
    let me = me.to_str().expect("a readable path");
    println!(
        "whole process, start-up included ({feerie}): processor time of the child (user + system), \
         best of the runs, wall time beside it"
    );
    let (_, cpu, wall) = whole_process(
        10,
        &feerie,
        &["moves", "--engine", "bitboard", "--fen", KIWIPETE],
    );
    println!(
        "  feerie moves --engine bitboard, kiwipete: {:.1} ms (wall {:.1} ms, best of 10)",
        cpu * 1e3,
        wall * 1e3
    );
    for &(name, text, depth, _) in positions {
        let depth_text = depth.to_string();
        let (mut ours, mut cozy) = ((0, f64::MAX, f64::MAX), (0, f64::MAX, f64::MAX));
        // Alternately, best of three each.
        for _ in 0..3 {
            let (out, cpu, wall) = whole_process(
                1,
                &feerie,
                &[
                    "perft",
                    "--engine",
                    "bitboard",
                    "--threads",
                    "1",
                    "--fen",
                    text,
                    "--depth",
                    &depth_text,
                ],
            );
            ours = (last_count(&out), ours.1.min(cpu), ours.2.min(wall));
            let (out, cpu, wall) = whole_process(1, me, &["cozy-perft", text, &depth_text]);
            cozy = (last_count(&out), cozy.1.min(cpu), cozy.2.min(wall));
        }
        assert_eq!(ours.0, cozy.0, "{name}: the two counts differ");
        println!(
            "  {name:9} depth {depth}: feerie perft --engine bitboard {:.3} s (wall {:.3} s), \
             cozy-chess process {:.3} s (wall {:.3} s), speed ratio {:.2}",
            ours.1,
            ours.2,
            cozy.1,
            cozy.2,
            cozy.1 / ours.1
        );
    }
}

/// One run's wall seconds and busiest worker's processor seconds.
#[derive(Clone, Copy)]
struct TwoThreads {
    wall: f64,
    busiest: f64,
}

impl TwoThreads {
    fn best(self, other: TwoThreads) -> TwoThreads {
        TwoThreads {
            wall: self.wall.min(other.wall),
            busiest: self.busiest.min(other.busiest),
        }
    }
}

/// Runs `count` on `pool`: its result, its wall seconds and the processor seconds of the pool's
/// busiest worker.
fn on_pool(pool: &rayon::ThreadPool, count: impl FnOnce() -> u64 + Send) -> (u64, TwoThreads) {
    let before = pool.broadcast(|_| thread_seconds());
    let wall = Instant::now();
    let n = pool.install(count);
    let wall = wall.elapsed().as_secs_f64();
    let after = pool.broadcast(|_| thread_seconds());
    let busiest = after
        .iter()
        .zip(&before)
        .map(|(a, b)| a - b)
        .fold(0f64, f64::max);
    (n, TwoThreads { wall, busiest })
}

/// One thread against two on `position`, best of two each: the count, one thread's processor
/// and wall seconds, two threads splitting at the root only, and two threads splitting deeper.
fn one_against_two(
    position: &Position,
    rules: &Rules,
    depth: u32,
) -> (u64, f64, f64, TwoThreads, TwoThreads) {
    use rayon::prelude::*;
    let (mut n, mut one_cpu, mut one_wall) = (0, f64::MAX, f64::MAX);
    let none = TwoThreads {
        wall: f64::MAX,
        busiest: f64::MAX,
    };
    let (mut root_only, mut split) = (none, none);
    let pool = feerie::pool::build(2).unwrap();
    for _ in 0..2 {
        let (cpu, wall) = (thread_seconds(), Instant::now());
        n = BitboardEngine.perft(position, rules, depth).unwrap();
        one_cpu = one_cpu.min(thread_seconds() - cpu);
        one_wall = one_wall.min(wall.elapsed().as_secs_f64());
        let children = BitboardEngine.successors(position, rules).unwrap();
        let (m, run) = on_pool(&pool, || {
            children
                .par_iter()
                .map(|(_, after)| BitboardEngine.perft(after, rules, depth - 1).unwrap())
                .sum()
        });
        assert_eq!(n, m, "one thread and two (root only) differ under {rules}");
        root_only = root_only.best(run);
        let (m, run) = on_pool(&pool, || {
            split::count(&BitboardEngine, position, rules, depth, &Split::new(2, 1)).unwrap()
        });
        assert_eq!(n, m, "one thread and two differ under {rules}");
        split = split.best(run);
    }
    (n, one_cpu, one_wall, root_only, split)
}

/// A root in check with a single legal move (Ke1-f1): splitting at the root gives one thread
/// all the work.
const ONE_ROOT_MOVE: &str = "4k3/8/8/8/8/8/3rr3/R3K2R w KQ - 0 1";

fn threads(quick: u32) {
    println!(
        "threads, bitboard engine: one thread against two (the root's moves shared out, and the \
         tree split below the root as `feerie perft` does), best of two; speed-up by wall time, \
         and by processor time (one thread's against the busiest of the two workers', which a \
         loaded machine disturbs less)"
    );
    let conditions: [(&str, &[&str]); 9] = [
        ("orthodox", &[]),
        ("circe", &[]),
        ("circe-clone", &[]),
        ("circe-equipollents", &[]),
        ("circe-parrain", &[]),
        ("frankfurt", &[]),
        ("protean", &[]),
        ("frankfurt", &["rex=exclusive"]),
        ("circe-parrain,frankfurt", &[]),
    ];
    for (name, text, depth) in [
        ("kiwipete", KIWIPETE, 5 - quick),
        ("one root move", ONE_ROOT_MOVE, 7 - quick),
    ] {
        println!("  {name}, depth {depth}");
        let position = fen::parse(text, Validation::Strict).unwrap();
        for (slug, sets) in conditions {
            let rules = Rules::from_words(&[slug], None, sets).unwrap();
            let (n, one_cpu, one_wall, root_only, split) =
                one_against_two(&position, &rules, depth);
            let figures = |two: TwoThreads| {
                format!(
                    "wall {:.2} s ({:.2}x), busiest worker {:.2} s ({:.2}x)",
                    two.wall,
                    one_wall / two.wall,
                    two.busiest,
                    one_cpu / two.busiest
                )
            };
            println!(
                "    {:32} ({n} nodes): one thread {one_cpu:.2} s (wall {one_wall:.2} s)\n      \
                 two threads, split at the root only: {}\n      \
                 two threads, split deeper:           {}",
                format!("{slug} {}", sets.join(" ")),
                figures(root_only),
                figures(split),
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, command, text, depth] = &args[..]
        && command == "cozy-perft"
    {
        // The cozy-chess side of the whole-process comparison, in a process of its own.
        let board = cozy_chess::Board::from_fen(text, false).expect("a FEN");
        println!("{}", cozy_perft(&board, depth.parse().expect("a depth")));
        return;
    }
    let quick = std::env::var_os("FEERIE_BENCH_QUICK").is_some() as u32;
    let positions = [
        ("start", START, 6 - quick, 5 - quick),
        ("kiwipete", KIWIPETE, 5 - quick, 4 - quick),
    ];
    // FEERIE_BENCH_ONLY=speed,process,threads picks sections (default: all).
    let only = std::env::var("FEERIE_BENCH_ONLY").unwrap_or_default();
    let wanted = |section: &str| only.is_empty() || only.split(',').any(|s| s.trim() == section);
    if wanted("speed") {
        in_process(&positions, quick);
    }
    if wanted("process") {
        whole_processes(&positions);
    }
    if wanted("threads") {
        threads(quick);
    }
}

/// Nodes per second in this process: orthodox against cozy-chess, each condition and magic
/// units against orthodox, the reference engine.
fn in_process(positions: &[(&str, &str, u32, u32); 2], quick: u32) {
    let orthodox = Rules::orthodox();
    println!("orthodox, bulk perft, one thread");
    for &(name, text, depth, _) in positions {
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
    // Fairy walks (RULES.md §9): positions of corpus/perft/fairy.txt, no condition.
    println!("fairy walks, bitboard engine, one thread (the record path)");
    let fairy = [
        (
            "promotion to fairy walks",
            "4k3/1P6/8/3(bG)4/8/2(wN)2(wLI)2/8/R3K2(wPA) w Q - 0 1",
            4 - quick,
        ),
        (
            "Chinese pieces, castling",
            "r3k2r/1(bLE)6/8/2(wG)1(bPA)3/3(wVA)4/8/(bNA)4(wZ)2/R3K2R w KQkq - 0 1",
            4 - quick,
        ),
        (
            "amazon, princess, leapers",
            "4k3/8/2(bAM)5/8/3(wPR)4/(wCA)7/5(bGI)2/4K3 w - - 0 1",
            4 - quick,
        ),
    ];
    for (label, text, depth) in fairy {
        let position = fen::parse(text, Validation::Strict).unwrap();
        let (n, nps) = measure(1, || {
            BitboardEngine.perft(&position, &orthodox, depth).unwrap()
        });
        println!("  {label:32} depth {depth}: {} ({n} nodes)", mnps(nps));
    }
    println!("reference engine, one thread");
    for &(name, text, depth, _) in positions {
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
