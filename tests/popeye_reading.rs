//! Popeye input is read as Popeye reads it: under Circe rex inclusive a king attacked while
//! its rebirth square is free is not in check, so a position with that king's side not to move
//! is legal, and `moves --popeye` lists what Popeye lists, for either colour; a problem Popeye
//! accepts but feerie calls illegal (no king) is read with one warning line, and `--strict`
//! refuses it. Positions of both colours reached in random rex-inclusive games, which the
//! orthodox reading of checks refused, are compared with the shared Popeye binary (skipped
//! without it; a failure under CI).

mod common;

use std::time::Duration;

use feerie::bitboard::BitboardEngine;
use feerie::external::popeye::{compare_moves, popeye_reading};
use feerie::harness::Bucket;
use feerie::oracle::{Colour, Engine, Position, ReferenceEngine, Rules, Validation};
use feerie::playout::Rng;

fn feerie(args: &[&str]) -> (i32, String, String) {
    common::feerie_in(&std::env::current_dir().expect("a working folder"), args)
}

/// A Popeye problem listing the moves of `side` under Circe rex inclusive.
fn rex_problem(pieces: &str, side: &str) -> String {
    format!(
        "begin\npieces {pieces}\ncondition circe rexinclusive\nsstipulation {side} 1s[~]\n\
         option noboard\nend\n"
    )
}

#[test]
fn a_king_attacked_with_its_rebirth_square_free_is_not_in_check_for_either_side() {
    let dir = tempfile::tempdir().unwrap();
    // White to move, the black king on a8 on the white rook's file, e8 free; and the same with
    // the colours swapped.
    for (pieces, side, capture) in [
        ("white ke1 ra1 black ka8", "white", "Ra1*a8[+bKe8]"),
        ("white ka1 black ke8 ra8", "black", "Ra8*a1[+wKe1]"),
    ] {
        let path = dir.path().join(format!("{side}.inp"));
        std::fs::write(&path, rex_problem(pieces, side)).unwrap();
        let path = path.to_str().unwrap();
        let (code, out, err) = feerie(&["moves", "--popeye", path]);
        assert_eq!(code, 0, "{err}");
        assert!(out.lines().any(|l| l.starts_with(capture)), "{side}: {out}");
        assert!(
            err.trim().is_empty(),
            "no warning for a legal position: {err}"
        );
        let (code, _, err) = feerie(&["moves", "--popeye", path, "--strict"]);
        assert_eq!(code, 0, "--strict accepts a legal position: {err}");
        let (code, out, _) = feerie(&["perft", "--popeye", path, "--depth", "1"]);
        assert_eq!(code, 0);
        assert!(out.trim().parse::<u64>().unwrap() > 0);
    }
    // The same position as a FEN under the same rules is legal without --lenient, and illegal
    // under rex exclusive.
    let fen = "k7/8/8/8/8/8/8/R3K3 w - - 0 1";
    let rex = ["--rules", "circe", "--set", "rex=inclusive"];
    let (code, out, err) = feerie(&[&["moves", "--fen", fen][..], &rex[..]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Ra1*a8[+bKe8]"), "{out}");
    let (code, _, err) = feerie(&["moves", "--fen", fen, "--rules", "circe"]);
    assert_eq!(code, 2);
    assert!(err.contains("black is in check"), "{err}");
}

#[test]
fn a_problem_popeye_accepts_but_feerie_calls_illegal_is_read_with_one_warning() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-king.inp");
    std::fs::write(
        &path,
        "begin\npieces white ka1 black ra8\nstipulation ~1\noption noboard\nend\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    for command in ["moves", "perft", "solve", "dispute"] {
        let mut args = vec![command, "--popeye", path];
        match command {
            "perft" => args.extend(["--depth", "1"]),
            "dispute" => args.extend(["--solve", "--profiles", "documented,popeye"]),
            _ => {}
        }
        let (code, out, err) = feerie(&args);
        assert_eq!(code, 0, "{command}: {err}");
        assert!(!out.trim().is_empty(), "{command}");
        let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("warning:")).collect();
        assert_eq!(warnings.len(), 1, "{command}: {err}");
        assert!(warnings[0].contains("black has no king"), "{err}");
        assert!(warnings[0].contains("--strict"), "{err}");
        args.push("--strict");
        let (code, out, err) = feerie(&args);
        assert_eq!(code, 2, "{command} --strict: {out}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains("black has no king"), "{err}");
    }
}

/// Positions reached in random games under Circe rex inclusive where the side not to move has
/// a royal piece attacked on the orthodox lines: the positions the orthodox reading refused,
/// with `attacked` not to move.
fn attacked_but_legal(rules: &Rules, attacked: Colour, wanted: usize) -> Vec<Position> {
    let mut found = Vec::new();
    for seed in 0..4000u64 {
        let mut rng = Rng::new(seed);
        let mut position = Position::start();
        for _ in 0..60 {
            let Ok(moves) = BitboardEngine.successors(&position, rules) else {
                break;
            };
            if moves.is_empty() {
                break;
            }
            let captures: Vec<usize> = (0..moves.len())
                .filter(|&i| moves[i].0.capture.is_some())
                .collect();
            let i = if !captures.is_empty() && rng.below(3) != 0 {
                captures[rng.below(captures.len())]
            } else {
                rng.below(moves.len())
            };
            position = moves[i].1.clone();
            if position.side_to_move() != attacked
                && Position::new(position.setup().clone(), Validation::Strict).is_err()
                && Position::under_rules(position.setup().clone(), Validation::Strict, rules)
                    .is_ok()
            {
                found.push(position.clone());
                break;
            }
        }
        if found.len() == wanted {
            break;
        }
    }
    found
}

#[test]
fn positions_reached_under_rex_inclusive_list_the_moves_popeye_lists() {
    let Some(popeye) = common::shared_popeye() else {
        return;
    };
    let bucket = Bucket::all()
        .into_iter()
        .find(|b| b.name == "circe/popeye")
        .expect("a plain Circe family under Popeye's profile");
    let mut rules = bucket.rules;
    rules.set("rex", "inclusive").unwrap();
    let rules = popeye_reading(&rules);
    for attacked in Colour::ALL {
        let positions = attacked_but_legal(&rules, attacked, 6);
        assert!(
            positions.len() >= 3,
            "too few positions with the {attacked} king attacked and {} to move",
            !attacked
        );
        for position in &positions {
            for engine in [&ReferenceEngine as &dyn Engine, &BitboardEngine] {
                let differences =
                    compare_moves(&popeye, engine, position, &rules, Duration::from_secs(30))
                        .expect("Popeye lists the moves");
                assert!(
                    differences.is_empty(),
                    "{}: {}\n{}",
                    engine.name(),
                    feerie::oracle::fen::write(position.setup()),
                    differences.join("\n")
                );
            }
        }
    }
}
