//! Direct and self play trees against the live Popeye: keys, tries and refutations, threats,
//! variations and set play under Circe, Circe Parrain, Clone, Equipollents, Frankfurt and
//! Protean chess agree line by line; a variation taken out of Popeye's output is reported with
//! its path. Without the shared Popeye the tests say they skipped; under CI
//! (`FEERIE_REQUIRE_POPEYE`, `FEERIE_REQUIRE_SHARED` or `CI` set) they fail instead.

mod common;

use std::path::PathBuf;
use std::time::Duration;

use feerie::bitboard::BitboardEngine;
use feerie::external::popeye::run_popeye_file;
use feerie::solve::Options;
use feerie::verify::{Outcome, verify};

/// The shared Popeye binary, or `None` with a `skipped` line (a failure under CI).
fn popeye() -> Option<PathBuf> {
    common::shared_popeye()
}

/// Two prize problems (a #2 with an s#2 twin, and a #2 whose s#2 twin is in Popeye's
/// examples) under several conditions, with variations, tries and set play.
const TREES: &str = r"beginproblem
option noboard variation try
stipulation s#2
pieces white kd6 qa7 rc2g5 bh3h6 sc5f2 pb2b3d7e7g4g6 black ke3 qf7 re1g1 bg8h2 sa6g3 pb7e2e4f6g7
next
option noboard variation try
condition circe
stipulation s#2
pieces white kd6 qa7 rc2g5 bh3h6 sc5f2 pb2b3d7e7g4g6 black ke3 qf7 re1g1 bg8h2 sa6g3 pb7e2e4f6g7
next
option noboard variation set
condition circe parrain
stipulation s#2
pieces white kd3 rf6 ba4 sc4 pc6e2e7g5 black kd5 sh8 pc5c7d4d6e3e6f7g6
next
option noboard variation try
condition circe parrain
stipulation s#2
pieces white kd3 rf6 ba4 sc4 pc6e2e7g5 black kd5 sh8 pc5c7d4d6e3e6f7g6
next
option noboard variation try
condition frankfurtchess
stipulation #2
pieces white kd6 qa7 rc2g5 bh3h6 sc5f2 pb2b3d7e7g4g6 black ke3 qf7 re1g1 bg8h2 sa6g3 pb7e2e4f6g7
next
option noboard variation try set
condition circeclone
stipulation #2
pieces white kd3 rf6 ba4 sc4 pc6e2e7g5 black kd5 sh8 pc5c7d4d6e3e6f7g6
next
option noboard variation try
condition equipollentscirce
stipulation #2
pieces white kd3 rf6 ba4 sc4 pc6e2e7g5 black kd5 sh8 pc5c7d4d6e3e6f7g6
next
option noboard variation try
condition proteanchess
stipulation #2
pieces white kd3 rf6 ba4 sc4 pc6e2e7g5 black kd5 sh8 pc5c7d4d6e3e6f7g6
endproblem
";

#[test]
fn trees_agree_with_live_popeye() {
    let Some(py) = popeye() else { return };
    let (output, _) = run_popeye_file(&py, TREES, Duration::from_secs(120)).expect("Popeye runs");
    let reports = verify(TREES, &output, None, &BitboardEngine, &Options::default()).unwrap();
    assert_eq!(reports.len(), 8);
    let mut keys = 0;
    for r in &reports {
        match &r.outcome {
            Outcome::Agree(n) => keys += n,
            other => panic!("{}: {other:?}", r.name),
        }
    }
    assert!(keys >= 8, "{keys} keys");
    // The comparison saw trees, not keys only.
    for word in ["threat:", "but", "...", "#"] {
        assert!(output.contains(word), "{word} in {output}");
    }

    // A variation taken out of Popeye's output is ours only, with its path.
    let cut = output.replacen("          2.Sc5*e4 +\n              2...Sg3*e4 #\n", "", 1);
    assert_ne!(cut, output);
    let reports = verify(TREES, &cut, None, &BitboardEngine, &Options::default()).unwrap();
    let differ: Vec<_> = reports
        .iter()
        .filter_map(|r| match &r.outcome {
            Outcome::Differ { missing, extra } => {
                Some((r.name.clone(), missing.clone(), extra.clone()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(differ.len(), 1, "{differ:?}");
    assert_eq!(differ[0].0, "problem 1");
    assert!(differ[0].1.is_empty(), "{differ:?}");
    assert_eq!(
        differ[0].2,
        [
            "1.Rc2-c3 + ! / 1...Ke3-d2 / 2.Sc5*e4 +",
            "1.Rc2-c3 + ! / 1...Ke3-d2 / 2.Sc5*e4 + / 2...Sg3*e4 #",
        ]
    );
}

#[test]
fn solve_prints_popeye_s_tree() {
    let Some(py) = popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("trees.inp");
    std::fs::write(&input, TREES).unwrap();
    let (output, _) = run_popeye_file(&py, TREES, Duration::from_secs(120)).expect("Popeye runs");
    let ours = std::process::Command::new(env!("CARGO_BIN_EXE_feerie"))
        .args([
            "solve",
            "--engine",
            "bitboard",
            "--problem",
            "3",
            "--popeye",
        ])
        .arg(&input)
        .output()
        .unwrap();
    assert!(
        ours.status.success(),
        "{}",
        String::from_utf8_lossy(&ours.stderr)
    );
    let text = String::from_utf8(ours.stdout).unwrap();
    // Problem 3 (set play, one key) as Popeye prints it, line for line.
    let chunk = output
        .split("solution finished.")
        .nth(2)
        .expect("problem 3");
    // The tree's lines: moves and `but` (not the time Popeye adds after `solution finished.`).
    let tree_line = |l: &&str| {
        let t = l.trim_start();
        l.starts_with("  ") && (t.starts_with(|c: char| c.is_ascii_digit()) || t == "but")
    };
    let theirs: Vec<&str> = chunk.lines().filter(tree_line).collect();
    let ours: Vec<&str> = text.lines().filter(tree_line).collect();
    assert!(ours.iter().any(|l| l.contains(" ! ")), "{text}");
    let mut sorted_theirs = theirs.clone();
    let mut sorted_ours = ours.clone();
    sorted_theirs.sort();
    sorted_ours.sort();
    assert_eq!(sorted_ours, sorted_theirs);
}

/// Popeye 4.104's `#2` under `option defence 2` (its `-regression` output): a try refuted by
/// two defences, each printed.
const DEFENCE_TWO: &str = "
   1.Qh5-e5 + ?
    but
      1...Kd4*e5 !
      1...Bh8*e5 !


solution finished.

";

#[test]
fn option_defence_sets_the_refutations_a_try_may_have() {
    let problem = |options: &str| {
        format!(
            "beginproblem\noption noboard {options}\nstipulation #2\npieces white ka1 qh5 bb1 \
             pa2 black kd4 bh8 ph6 pe6 pd5 pc5 pc4\nendproblem\n"
        )
    };
    for options in ["defence 2", "try defence 2", "try defe 2"] {
        let outcome = common::verify_carried(&problem(options), DEFENCE_TWO);
        assert!(
            matches!(outcome, Outcome::Agree(0)),
            "{options}: {outcome:?}"
        );
    }
    // Under `try` (one refutation), or `defence 2` then `try`, the move is no try; under
    // `defence 3` the checks refuted three times are tries too.
    for options in ["try", "defence 2 try", "defence 3"] {
        let outcome = common::verify_carried(&problem(options), DEFENCE_TWO);
        assert!(
            matches!(outcome, Outcome::Differ { .. }),
            "{options}: {outcome:?}"
        );
    }
}
