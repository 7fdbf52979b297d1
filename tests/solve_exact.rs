//! `exact-` in direct play (`exact-#n`, `exact-=n`): the attacker reaches the goal with its
//! last move in every variation, never sooner. Both engines give Popeye 4.104's keys (carried
//! here, from its `BEISPIEL/stip` output), and whole trees with threats and tries agree with the
//! live binary.

mod common;

use std::collections::BTreeSet;
use std::time::Duration;

use feerie::bitboard::BitboardEngine;
use feerie::external::popeye::run_popeye_file;
use feerie::oracle::{ReferenceEngine, Rules, Validation, fen};
use feerie::solve::{Options, solve};
use feerie::verify::{Outcome, verify};

/// H. Ebert, feenschach 1991: `#1` by `Rg6-e6`, and a different key for each exact length.
const EBERT: &str = "B7/8/6R1/4k2p/3N3P/4K3/8/8 w - - 0 1";

/// The keys `feerie solve` prints with `engine` (`1.Sd4-f3 + !`, marks and all).
fn keys(engine: &str, stipulation: &str) -> BTreeSet<String> {
    common::solved_keys(engine, EBERT, stipulation)
}

#[test]
fn an_exact_direct_play_takes_no_shorter_key() {
    for engine in ["bitboard", "reference"] {
        // Without exact-, the mate in one is a key of #2 too.
        assert_eq!(
            keys(engine, "#2"),
            BTreeSet::from(["1.Rg6-e6 # !".to_string(), "1.Sd4-f3 + !".to_string()])
        );
        for (stipulation, popeye) in [
            ("exact-#1", "1.Rg6-e6 # !"),
            ("exact-#2", "1.Sd4-f3 + !"),
            ("exact-#3", "1.Rg6-c6 ! zugzwang."),
            ("exact-#4", "1.Sd4-e2 ! threat:"),
        ] {
            assert_eq!(
                keys(engine, stipulation),
                BTreeSet::from([popeye.to_string()]),
                "{stipulation} ({engine})"
            );
        }
    }
}

#[test]
fn the_search_finds_the_exact_keys_alone() {
    let position = fen::parse(EBERT, Validation::Strict).unwrap();
    let engines: [&dyn feerie::engines::SearchEngine; 2] = [&BitboardEngine, &ReferenceEngine];
    for engine in engines {
        for (stipulation, key) in [
            ("#2", None),
            ("exact-#2", Some("Sd4-f3 +")),
            ("exact-#3", Some("Rg6-c6")),
        ] {
            let solved = solve(
                engine,
                &position,
                &Rules::orthodox(),
                stipulation.parse().unwrap(),
                &Options::default(),
            )
            .unwrap();
            let found: Vec<String> = (solved.solutions.iter())
                .map(|line| line[0].to_string())
                .collect();
            match key {
                None => assert_eq!(found.len(), 2, "{stipulation}: {found:?}"),
                Some(key) => assert_eq!(found, [key], "{stipulation}"),
            }
        }
    }
}

/// The same problem's trees: variations, threats of exactly the moves left, and tries.
const TREES: &str = "beginproblem
stipulation exact-#3
pieces white ba8 rg6 sd4 ke3 ph4 black ke5 ph5
option variation noboard
next
stipulation exact-#4
pieces white ba8 rg6 sd4 ke3 ph4 black ke5 ph5
option variation noboard
next
stipulation exact-#3
pieces white ba8 rg6 sd4 ke3 ph4 black ke5 ph5
option variation noboard try
next
stipulation exact-=2
pieces white kf6 qd3 black kh8 ph7
option variation noboard
endproblem
";

#[test]
fn exact_trees_agree_with_live_popeye() {
    let Some(py) = common::shared_path("tools/popeye/py", &["FEERIE_REQUIRE_POPEYE"]) else {
        return;
    };
    let (output, _) = run_popeye_file(&py, TREES, Duration::from_secs(60)).expect("Popeye runs");
    let reports = verify(TREES, &output, None, &BitboardEngine, &Options::default()).unwrap();
    assert_eq!(reports.len(), 4);
    for r in &reports {
        assert!(
            matches!(r.outcome, Outcome::Agree(_)),
            "{}: {:?}",
            r.name,
            r.outcome
        );
    }
    let solved: usize = (reports.iter())
        .map(|r| match r.outcome {
            Outcome::Agree(n) => n,
            _ => 0,
        })
        .sum();
    assert!(solved >= 3, "{solved}");
}
