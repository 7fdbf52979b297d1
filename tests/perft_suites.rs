//! The perft suites of `corpus/perft`: each suite's counts given by the bitboard engine, and
//! confirmed by the reference engine and by Popeye as far as its header claims. The default run
//! checks the small counts; `cargo test --test perft_suites -- --ignored` checks every count and
//! every claim (a long run).

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use feerie::bitboard::BitboardEngine;
use feerie::corpus::{PerftSuite, PopeyeClaim, load_suites};
use feerie::external::popeye::{non_popeye_switches, run_popeye};
use feerie::external::popeye_output;
use feerie::oracle::{
    Colour, Engine, Position, ReferenceEngine, Rules, Validation, fen, popeye_input,
};

fn suites() -> Vec<PerftSuite> {
    load_suites(&Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/perft")).unwrap()
}

fn position(origin: &str, text: &str) -> Position {
    fen::parse(text, Validation::Lenient).unwrap_or_err(origin)
}

trait UnwrapOrErr<T> {
    fn unwrap_or_err(self, origin: &str) -> T;
}

impl<T, E: std::fmt::Display> UnwrapOrErr<T> for Result<T, E> {
    fn unwrap_or_err(self, origin: &str) -> T {
        self.unwrap_or_else(|e| panic!("{origin}: {e}"))
    }
}

/// Every (suite, origin, position, depth, count) that `select` keeps.
fn counts(
    select: impl Fn(&PerftSuite, u32, u64) -> bool,
) -> Vec<(Rules, String, Position, u32, u64)> {
    let mut out = Vec::new();
    for suite in suites() {
        for case in &suite.cases {
            let p = position(&case.origin, &case.fen);
            for &(depth, count) in &case.counts {
                if select(&suite, depth, count) {
                    out.push((
                        suite.rules.clone(),
                        case.origin.clone(),
                        p.clone(),
                        depth,
                        count,
                    ));
                }
            }
        }
    }
    out
}

fn check_engine(engine: &dyn Engine, select: impl Fn(&PerftSuite, u32, u64) -> bool) -> usize {
    let selected = counts(select);
    for (rules, origin, p, depth, count) in &selected {
        let got = engine.perft(p, rules, *depth).unwrap_or_err(origin);
        assert_eq!(
            got,
            *count,
            "{}: {origin} depth {depth} under {rules}",
            engine.name()
        );
    }
    selected.len()
}

#[test]
fn every_fairy_suite_says_who_confirmed_its_counts() {
    let suites = suites();
    assert!(suites.len() > 1);
    for suite in suites
        .iter()
        .filter(|s| !s.rules.is_orthodox() || s.name.contains("magic"))
    {
        assert!(
            suite.reference.is_some(),
            "{}: no 'reference:' line",
            suite.name
        );
        assert!(!suite.cases.is_empty(), "{}", suite.name);
        let has_magic = suite.cases.iter().any(|c| {
            position(&c.origin, &c.fen)
                .board()
                .pieces()
                .any(|(_, p)| p.magic)
        });
        match &suite.popeye {
            PopeyeClaim::Unstated => panic!("{}: no 'popeye:' line", suite.name),
            PopeyeClaim::Confirmed { version, .. } => {
                assert_eq!(version, "4.104", "{}", suite.name);
                assert!(!has_magic, "{}: Popeye has no magic pieces", suite.name);
                let foreign = non_popeye_switches(&suite.rules);
                assert!(
                    foreign.is_empty(),
                    "{}: not Popeye's rules: {foreign:?}",
                    suite.name
                );
            }
            PopeyeClaim::None { reason } => assert!(!reason.is_empty(), "{}", suite.name),
        }
    }
}

/// The bitboard engine on every count up to 300,000 nodes.
#[test]
fn the_bitboard_engine_gives_the_small_counts() {
    let n = check_engine(&BitboardEngine, |_, _, count| count <= 300_000);
    assert!(n > 200, "{n}");
}

/// The reference engine on the counts it is claimed to give, up to 20,000 nodes.
#[test]
fn the_reference_engine_gives_the_small_counts() {
    let n = check_engine(&ReferenceEngine, |s, depth, count| {
        count <= 20_000 && s.reference.as_ref().is_none_or(|c| c.covers(depth, count))
    });
    assert!(n > 100, "{n}");
}

/// Every count, by the bitboard engine (two threads). Long.
#[test]
#[ignore]
fn the_bitboard_engine_gives_every_count() {
    for (rules, origin, p, depth, count) in counts(|_, _, _| true) {
        let got = BitboardEngine
            .perft_threads(&p, &rules, depth, 2)
            .unwrap_or_err(&origin);
        assert_eq!(got, count, "bitboard: {origin} depth {depth} under {rules}");
    }
}

/// Every count the reference engine is claimed to give. Long.
#[test]
#[ignore]
fn the_reference_engine_gives_every_count_it_is_claimed_to() {
    check_engine(&ReferenceEngine, |s, depth, count| {
        s.reference.as_ref().is_some_and(|c| c.covers(depth, count))
    });
}

/// The shared Popeye binary, or `None` with a `skipped` line (a failure under CI).
fn popeye() -> Option<PathBuf> {
    common::shared_popeye()
}

/// Popeye's number of sequences of `depth` half-moves: an input whose help-play stipulation of
/// exactly that length lists every sequence, one leaf per printed line (each line counted once:
/// Popeye prints some twice, [`feerie::external::popeye_batch::line_count`]).
fn popeye_perft(py: &Path, p: &Position, rules: &Rules, depth: u32) -> Result<u64, String> {
    let side = match p.side_to_move() {
        Colour::White => "white",
        Colour::Black => "black",
    };
    let stipulation = format!(
        "sstipulation {side} {}",
        feerie::external::popeye_batch::line_stipulation(depth, rules)
    );
    let input = popeye_input::write(p, rules, &stipulation).map_err(|e| e.to_string())?;
    // A depth-4 listing of 200,000 lines takes Popeye seconds; a loaded machine, more.
    let output = run_popeye(py, &input, Duration::from_secs(600)).map_err(|e| e.to_string())?;
    let chunks = popeye_output::parse(&output);
    if chunks.len() != 1 {
        return Err(format!(
            "Popeye's output has {} solution sections",
            chunks.len()
        ));
    }
    Ok(feerie::external::popeye_batch::line_count(&chunks[0], depth).total)
}

fn check_popeye(py: &Path, limit: u64) -> usize {
    let selected = counts(|s, depth, count| match &s.popeye {
        PopeyeClaim::Confirmed { claim, .. } => count <= limit && claim.covers(depth, count),
        _ => false,
    });
    for (rules, origin, p, depth, count) in &selected {
        let got = popeye_perft(py, p, rules, *depth).unwrap_or_err(origin);
        assert_eq!(got, *count, "Popeye: {origin} depth {depth} under {rules}");
    }
    selected.len()
}

/// Popeye on the counts it is claimed to give, up to 3,000 leaves.
#[test]
fn popeye_gives_the_small_counts() {
    let Some(py) = popeye() else { return };
    let n = check_popeye(&py, 3_000);
    assert!(n > 50, "{n}");
}

/// Popeye on every count it is claimed to give. Long.
#[test]
#[ignore]
fn popeye_gives_every_count_it_is_claimed_to() {
    let Some(py) = popeye() else { return };
    check_popeye(&py, u64::MAX);
}

fn check_perft_dir(dir: &Path) -> (i32, String, String) {
    std::fs::create_dir_all(dir.join("none")).unwrap();
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/circe");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_feerie"))
        .args([
            "check",
            "--fuzz-solve",
            "0",
            "--fuzz",
            "0",
            "--max-depth",
            "2",
            "--perft",
        ])
        .arg(dir)
        .arg("--scenarios")
        .arg(&scenarios)
        .arg("--reproducers")
        .arg(dir.join("none"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `feerie check` counts each suite under the rules of its header: the Circe counts of a
/// position pass under `circe` and fail under `orthodox`.
#[test]
fn check_counts_each_suite_under_its_rules() {
    let tmp = tempfile::tempdir().unwrap();
    let line = "4k3/1P6/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1 ; 1=30 2=333\n";
    std::fs::write(tmp.path().join("a.txt"), format!("# rules: circe\n{line}")).unwrap();
    let (code, out, err) = check_perft_dir(tmp.path());
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("perft (bitboard): 1 passed, 0 failed"),
        "{out}"
    );
    std::fs::write(
        tmp.path().join("a.txt"),
        format!("# rules: orthodox\n{line}"),
    )
    .unwrap();
    let (code, out, _) = check_perft_dir(tmp.path());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAIL") && out.contains("a.txt:2 depth 2 under orthodox"),
        "{out}"
    );
}

/// A bad header stops `feerie check` with one line naming the file and line.
#[test]
fn check_rejects_a_bad_suite_header() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("a.txt"),
        "# rules: circe; profile: winchloe\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ; 1=5\n",
    )
    .unwrap();
    let (code, out, err) = check_perft_dir(tmp.path());
    assert_eq!(code, 2, "{out}\n{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("a.txt:1:") && err.contains("winchloe"),
        "{err}"
    );
}

/// Under Plain Circe and Circe Clone the two profiles differ only on pawns standing on their own
/// first rank, which no position of those suites reaches: their counts hold under both.
#[test]
fn plain_circe_and_clone_counts_hold_under_the_documented_profile() {
    let mut checked = 0;
    for suite in suites() {
        let slugs: Vec<String> = suite
            .rules
            .conditions()
            .map(|c| c.slug().to_string())
            .collect();
        if !(slugs == ["circe"] || slugs == ["circe-clone"]) {
            continue;
        }
        let overrides: Vec<String> = suite
            .rules
            .overrides()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        // Once royal units are reborn under Clone, the profiles part: a royal victim keeps its
        // walk or takes the capturer's (clone_royal_victim), a royal pawn may be taken en
        // passant or not (royal_en_passant).
        if slugs == ["circe-clone"] && overrides.iter().any(|o| o == "rex=inclusive") {
            continue;
        }
        let documented = Rules::from_words(&slugs, Some("documented"), &overrides).unwrap();
        for case in &suite.cases {
            let p = position(&case.origin, &case.fen);
            for &(depth, count) in case.counts.iter().filter(|(_, n)| *n <= 300_000) {
                let got = BitboardEngine
                    .perft(&p, &documented, depth)
                    .unwrap_or_err(&case.origin);
                assert_eq!(
                    got, count,
                    "{} depth {depth} under {documented}",
                    case.origin
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "{checked}");
}
