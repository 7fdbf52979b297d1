//! Solving speed against Popeye: a fixed set of problems (direct, help, self and series play;
//! orthodox and each condition), each solved by the `feerie solve` binary (one thread, the
//! bitboard engine, `--hash 64`) and, when the Popeye binary is present (`POPEYE`, else
//! `../shared/tools/popeye/py`), by Popeye (`-maxmem 64M`) on the same problem written as its
//! input, both timed as whole processes as a user times them: the processor time of the
//! process (user and system, which a loaded machine does not inflate as it does wall time),
//! wall time and peak memory. Prints each problem's figures, the ratio Popeye / feerie, and the
//! totals; the number of solutions of each side is printed too, and a difference marked.
//! Magic pieces have no Popeye counterpart (Popeye's `Magic` is another rule): those are
//! timed for feerie only. Run with `cargo bench --bench solve`; `FEERIE_BENCH_BINARY` names
//! another `feerie` binary (default: the release build beside this benchmark).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use feerie::oracle::notation::popeye_input;
use feerie::oracle::{Rules, Validation, fen};

/// One problem: a name, the position (the side to move begins, as Popeye has it: White in
/// direct, self and series play and in `h#n.5`, Black in `h#n`), the stipulation, the rules.
struct Problem {
    name: &'static str,
    fen: &'static str,
    stipulation: &'static str,
    rules: &'static str,
    /// False where Popeye has no counterpart (magic pieces).
    popeye: bool,
}

const fn problem(
    name: &'static str,
    fen: &'static str,
    stipulation: &'static str,
    rules: &'static str,
) -> Problem {
    Problem {
        name,
        fen,
        stipulation,
        rules,
        popeye: true,
    }
}

/// A queen, rook and knight against a king in the corner (a mate in 4, no self-mate in 3).
const CORNER: &str = "k6r/pp6/8/8/8/2N5/8/1K1R3Q w - - 0 1";
/// A black king in the open, White's king, knight and bishop: no help-mate in 3 in orthodox
/// chess, so that the whole tree is searched.
const OPEN_KING: &str = "1r6/3n4/4pp2/4k3/8/8/8/2K1NB2 b - - 0 1";
/// A rook mates a king the other side walks into place (series help play).
const SERIES: &str = "8/8/5n2/3p4/8/2k5/8/K1R5 b - - 0 1";

const PROBLEMS: &[Problem] = &[
    problem("orthodox #4", CORNER, "#4", "orthodox"),
    problem("orthodox h#3", OPEN_KING, "h#3", "orthodox"),
    problem("orthodox s#3", CORNER, "s#3", "orthodox"),
    problem("orthodox ser-h#7", SERIES, "ser-h#7", "orthodox"),
    problem("circe #4", CORNER, "#4", "circe"),
    problem("circe h#3", OPEN_KING, "h#3", "circe"),
    problem("circe s#3", CORNER, "s#3", "circe"),
    problem("circe-parrain h#3", OPEN_KING, "h#3", "circe-parrain"),
    problem("circe-clone h#3", OPEN_KING, "h#3", "circe-clone"),
    problem("equipollents h#3", OPEN_KING, "h#3", "circe-equipollents"),
    problem("frankfurt h#3", OPEN_KING, "h#3", "frankfurt"),
    problem("protean h#3", OPEN_KING, "h#3", "protean"),
    problem("frankfurt ser-h#7", SERIES, "ser-h#7", "frankfurt"),
    problem("protean s#3", CORNER, "s#3", "protean"),
    // Composed problems of 13 to 17 units, from Popeye's examples (`EXAMPLES__frankfurt.inp`,
    // WCCC Jurmala 2024, Sake Tourney: 1st prize, Giakatis and Prentos; 2nd prize, Dragoun;
    // 3rd prize, Parrinello).
    problem(
        "frankfurt h#2, 1st prize",
        FRANKFURT_1ST,
        "h#2",
        "frankfurt",
    ),
    problem(
        "frankfurt h#2, 2nd prize",
        FRANKFURT_2ND,
        "h#2",
        "frankfurt",
    ),
    problem(
        "frankfurt h#2, 3rd prize",
        FRANKFURT_3RD,
        "h#2",
        "frankfurt",
    ),
    // Many solutions: what a fuzzed solving campaign meets, where the cost per solution and
    // the memory they take count more than the search.
    problem(
        "equipollents h#3, 424,803 solutions",
        MANY_SOLUTIONS,
        "h#3",
        "circe-equipollents",
    ),
    problem(
        "orthodox h#3, 167,854 solutions",
        MANY_ORTHODOX,
        "h#3",
        "orthodox",
    ),
    problem("circe h#3, 187,701 solutions", MANY_CIRCE, "h#3", "circe"),
    problem(
        "frankfurt h#3, 247,125 solutions",
        MANY_FRANKFURT,
        "h#3",
        "frankfurt",
    ),
    // Composed problems of 14 to 16 units from Popeye's examples, each without its twins
    // and options: Deichelbohrer, f-84 1987 (`BEISPIEL__circe.inp`, Circe #4); Stucker, Die
    // Schwalbe 1987 (`BEISPIEL__twin.inp`, Circe h#2); Myllyniemi, The Problemist 1983
    // (`BEISPIEL__twin.inp`, h#2, Black to begin, without its duplex); WCCC Jurmala 2024,
    // Sake Tourney, 7th prize, Uitenbroek, and 7th honourable mention, Rittirsch
    // (`EXAMPLES__frankfurt.inp`).
    problem("circe #4, Deichelbohrer", DEICHELBOHRER, "#4", "circe"),
    problem("circe h#2, Stucker", STUCKER, "h#2", "circe"),
    problem("orthodox h#2, Myllyniemi", MYLLYNIEMI, "h#2", "orthodox"),
    problem(
        "frankfurt h#2, 7th prize",
        FRANKFURT_7TH,
        "h#2",
        "frankfurt",
    ),
    problem(
        "frankfurt h#2, 7th hm",
        FRANKFURT_7TH_HM,
        "h#2",
        "frankfurt",
    ),
];

/// Composed Frankfurt h#2 problems (Popeye's `EXAMPLES__frankfurt.inp`), Black to begin.
const FRANKFURT_1ST: &str = "6b1/1p3p2/4B3/1R1P4/K1kr2p1/1p1r4/2rP4/8 b - - 0 1";
const FRANKFURT_2ND: &str = "8/3p4/1R3n2/4kp2/1bB5/2Pr1n2/4p3/1K6 b - - 0 1";
const FRANKFURT_3RD: &str = "K3N3/BP3p2/2nb1rN1/3npq2/1p2k3/r2pPp2/8/8 b - - 0 1";

/// Eleven units and a Circe Equipollents h#3 of 424,803 solutions.
const MANY_SOLUTIONS: &str = "8/1R6/4P3/2Q5/1q1q4/2p5/P7/kR2K2R b K - 0 1";
/// Random positions (Black to begin) with 100,000 to 400,000 h#3 solutions, one for
/// orthodox chess, Circe and Frankfurt: nine, five and six units.
const MANY_ORTHODOX: &str = "8/K1nQ4/8/6rp/B7/6q1/8/2k1R3 b - - 0 1";
const MANY_CIRCE: &str = "8/4K3/3Q4/8/8/7q/k5p1/8 b - - 0 1";
const MANY_FRANKFURT: &str = "8/K7/7q/8/1R6/2kP4/B7/8 b - - 0 1";

/// Composed problems from Popeye's examples (sources above PROBLEMS).
const DEICHELBOHRER: &str = "8/8/6p1/3K3b/2pP1p2/1NppkrQ1/2r1pb2/4n3 w - - 0 1";
const STUCKER: &str = "2b2qn1/n4pP1/6p1/4N2r/7k/2p3b1/1P2K3/8 b - - 0 1";
const MYLLYNIEMI: &str = "8/PpN1pP2/2P1nP2/6bK/2k5/1N6/1P1p1P1p/8 b - - 0 1";
const FRANKFURT_7TH: &str = "1n1b2B1/4r3/2pp4/2k3K1/8/8/PRpP2p1/1n6 b - - 0 1";
const FRANKFURT_7TH_HM: &str = "n1K5/p7/k4p2/N2Nb3/1B1r3p/3n4/b5Pq/8 b - - 0 1";

/// Magic pieces, feerie alone: `popeye: false`.
const MAGIC: &[Problem] = &[Problem {
    name: "magic h#3",
    fen: "1r6/3n4/4pp2/4k3/8/8/8/2K1(wmN)B2 b - - 0 1",
    stipulation: "h#3",
    rules: "orthodox",
    popeye: false,
}];

/// The speed asked of each problem with Popeye, as Popeye's time over ours.
const TARGET_EACH: f64 = 2.0;
/// The speed asked of the whole set, as Popeye's total time over ours.
const TARGET_TOTAL: f64 = 3.0;

/// What one process took: processor seconds (user + system), wall seconds, peak resident
/// kilobytes, and the number of solutions in its standard output.
struct Run {
    cpu: f64,
    wall: f64,
    max_kb: i64,
    solutions: usize,
}

/// Runs `command` to its end, its output to a file, and takes its own resource use (wait4).
fn run(mut command: Command, out: &Path) -> Run {
    let file = std::fs::File::create(out).expect("an output file");
    command
        .stdout(file)
        .stderr(Stdio::null())
        .stdin(Stdio::null());
    let start = Instant::now();
    let child = command.spawn().expect("the program starts");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on our own child, writing through pointers to live locals; `child` is
    // never waited on again, so no other wait takes this pid.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = start.elapsed().as_secs_f64();
    assert_eq!(waited, pid, "wait4 on the child");
    std::mem::forget(child);
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    Run {
        cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        wall,
        max_kb: usage.ru_maxrss,
        solutions: solutions(out),
    }
}

/// Solution lines (help and series play) or keys (direct and self play): the lines that
/// begin with `1.`, in Popeye's layout and in ours. The file is read a line at a time: a
/// child's peak memory as wait4 reports it includes this process's peak (the memory a child
/// has before its exec), so holding an output of hundreds of thousands of lines here would
/// raise the memory figure of every later run.
fn solutions(out: &Path) -> usize {
    let Ok(file) = std::fs::File::open(out) else {
        return 0;
    };
    BufReader::new(file)
        .split(b'\n')
        .map_while(Result::ok)
        .filter(|l| l.trim_ascii_start().starts_with(b"1."))
        .count()
}

fn feerie_binary() -> PathBuf {
    if let Some(b) = std::env::var_os("FEERIE_BENCH_BINARY") {
        return PathBuf::from(b);
    }
    let bench = std::env::current_exe().expect("this benchmark's path");
    let release = bench
        .parent()
        .and_then(Path::parent)
        .expect("target/release/deps");
    release.join("feerie")
}

fn popeye_binary() -> Option<PathBuf> {
    let path = std::env::var_os("POPEYE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/tools/popeye/py"));
    // Popeye runs in a temporary folder: the path must not depend on the current one.
    std::fs::canonicalize(path).ok()
}

fn main() {
    let feerie = feerie_binary();
    assert!(
        feerie.exists(),
        "{} missing: run `cargo build --release` first",
        feerie.display()
    );
    let popeye = popeye_binary();
    if popeye.is_none() {
        println!("Popeye not found (POPEYE or ../shared/tools/popeye/py): feerie alone");
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    println!(
        "{:<36} {:>9} {:>9} {:>7} {:>9} {:>9} {:>7} {:>7}",
        "problem", "feerie s", "wall s", "MB", "popeye s", "wall s", "MB", "ratio"
    );
    let (mut ours_total, mut theirs_total) = (0.0, 0.0);
    let (mut slower, mut differ) = (Vec::new(), Vec::new());
    for p in PROBLEMS.iter().chain(MAGIC) {
        let mut command = Command::new(&feerie);
        command.args([
            "solve",
            "--fen",
            p.fen,
            "--stipulation",
            p.stipulation,
            "--rules",
            p.rules,
            "--profile",
            "popeye",
            "--engine",
            "bitboard",
            "--threads",
            "1",
            "--hash",
            "64",
        ]);
        let ours = run(command, &dir.path().join("feerie.out"));
        let theirs = match (&popeye, p.popeye) {
            (Some(py), true) => {
                let position = fen::parse(p.fen, Validation::Lenient).expect("a valid FEN");
                let none: &[&str] = &[];
                let rules =
                    Rules::from_words(&[p.rules], Some("popeye"), none).expect("known rules");
                let input = popeye_input::write(
                    &position,
                    &rules,
                    &format!("stipulation {}", p.stipulation),
                )
                .expect("Popeye can say this problem");
                // `feerie solve --fen` prints the whole tree of each key in direct and self
                // play, as Popeye's `option Variation` does: both build and print the same.
                let battle = !p.stipulation.starts_with('h') && !p.stipulation.starts_with("ser");
                let input = if battle {
                    input.replace("option noboard", "option noboard variation")
                } else {
                    input
                };
                let file = dir.path().join("problem.inp");
                std::fs::write(&file, input).expect("the input written");
                let mut command = Command::new(py);
                command.args(["-maxmem", "64M"]).arg(&file);
                command.current_dir(dir.path());
                Some(run(command, &dir.path().join("popeye.out")))
            }
            _ => None,
        };
        let (ours_n, mb) = (ours.solutions, ours.max_kb as f64 / 1024.0);
        match theirs {
            Some(t) => {
                let ratio = t.cpu / ours.cpu.max(1e-6);
                let theirs_n = t.solutions;
                ours_total += ours.cpu;
                theirs_total += t.cpu;
                if ratio < TARGET_EACH {
                    slower.push(format!("{} ({ratio:.2})", p.name));
                }
                if ours_n != theirs_n {
                    differ.push(format!("{}: feerie {ours_n}, Popeye {theirs_n}", p.name));
                }
                println!(
                    "{:<36} {:>9.3} {:>9.3} {:>7.1} {:>9.3} {:>9.3} {:>7.1} {:>7.2}  ({ours_n} solution(s))",
                    p.name,
                    ours.cpu,
                    ours.wall,
                    mb,
                    t.cpu,
                    t.wall,
                    t.max_kb as f64 / 1024.0,
                    ratio
                );
            }
            None => println!(
                "{:<36} {:>9.3} {:>9.3} {:>7.1} {:>9} {:>9} {:>7} {:>7}  ({ours_n} solution(s))",
                p.name, ours.cpu, ours.wall, mb, "-", "-", "-", "-"
            ),
        }
    }
    if popeye.is_some() {
        println!(
            "total (problems with Popeye): feerie {ours_total:.3} s, Popeye {theirs_total:.3} s, ratio {:.2} (target {TARGET_TOTAL})",
            theirs_total / ours_total.max(1e-6)
        );
        if slower.is_empty() {
            println!("every problem at least {TARGET_EACH}x Popeye");
        } else {
            println!("below {TARGET_EACH}x Popeye: {}", slower.join(", "));
        }
        for d in &differ {
            println!("solution counts differ: {d}");
        }
    }
}
