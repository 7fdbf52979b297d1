//! `feerie popeye replay` over Popeye's own regression files in ../shared/popeye: every input
//! reads, and every move of every supported problem's solutions (twins included) is legal for
//! our engine where Popeye plays it. Skipped, with a message, when ../shared is absent (a
//! failure instead under FEERIE_REQUIRE_SHARED or CI=true).

use std::path::{Path, PathBuf};

use feerie::external::popeye_replay::{ReplayReport, replay};
use feerie::oracle::ReferenceEngine;

mod common;

fn popeye_dir() -> Option<PathBuf> {
    common::shared_dir("popeye")
}

/// Each input with its expected output (`.out`, `.ref`, `.tst` or `.reg`).
fn pairs(dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "inp"))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|inp| {
            let out = ["out", "ref", "tst", "reg"]
                .iter()
                .map(|e| inp.with_extension(e))
                .find(|p| p.exists())
                .unwrap_or_else(|| panic!("no expected output for {}", inp.display()));
            (inp, out)
        })
        .collect()
}

fn run(inp: &Path, out: &Path) -> ReplayReport {
    let read = |p: &Path| std::fs::read_to_string(p).unwrap();
    replay(&read(inp), &read(out), &ReferenceEngine)
        .unwrap_or_else(|e| panic!("{}: {e}", inp.display()))
}

#[test]
fn every_supported_solution_replays() {
    let Some(dir) = popeye_dir() else { return };
    let (mut problems, mut replayed, mut moves, mut skipped) = (0, 0, 0, 0);
    let mut rejected = Vec::new();
    for (inp, out) in pairs(&dir) {
        let name = inp.file_name().unwrap().to_string_lossy().to_string();
        let r = run(&inp, &out);
        eprintln!(
            "{name}: {} problems, {} twins replayed ({} moves), {} skipped",
            r.problems,
            r.replayed,
            r.moves,
            r.skipped.len()
        );
        problems += r.problems;
        replayed += r.replayed;
        moves += r.moves;
        skipped += r.skipped.len();
        rejected.extend(r.rejected.iter().map(|x| format!("{name}: {x}")));
        // The files that exercise this project's conditions are replayed, not skipped.
        let expect_replayed = match name.as_str() {
            "BEISPIEL__parrain.inp" => 7,
            "EXAMPLES__frankfurt.inp" => 22,
            "EXAMPLES__lastcap.inp" => 3,
            "EXAMPLES__proteanp.inp" => 3,
            "BEISPIEL__cirpiece.inp" => 5,
            _ => 0,
        };
        assert!(r.replayed >= expect_replayed, "{name}: {:?}", r.skipped);
    }
    eprintln!(
        "all: {problems} problems, {replayed} twins replayed ({moves} moves), {skipped} skipped"
    );
    assert!(rejected.is_empty(), "{}", rejected.join("\n"));
    assert!(moves > 1000, "only {moves} moves replayed");
}

#[test]
fn a_move_popeye_did_not_play_is_rejected() {
    let Some(dir) = popeye_dir() else { return };
    let inp = std::fs::read_to_string(dir.join("BEISPIEL__parrain.inp")).unwrap();
    let out = std::fs::read_to_string(dir.join("BEISPIEL__parrain.out")).unwrap();
    // Problem 3 (UW-Test): claim the pawn reborn on e7, where the black bishop stands, and a
    // mate mark on a move that gives no check.
    let wrong = out
        .replacen(
            "1.Lh4*e7 b7-b8=S[+wBe8=S] #",
            "1.Lh4*e7 b7-b8=S[+wBe7=S] #",
            1,
        )
        .replacen(
            "1.Lh4*e7 b7-b8=D[+wBe8=D] #",
            "1.Lh4*e7 # b7-b8=D[+wBe8=D] #",
            1,
        );
    assert_ne!(wrong, out);
    let r = replay(&inp, &wrong, &ReferenceEngine).unwrap();
    assert_eq!(r.rejected.len(), 2, "{:?}", r.rejected);
    assert!(
        r.rejected
            .iter()
            .any(|x| x.contains("b7-b8=S[+wBe7=S]") && x.contains("not a legal move"))
    );
    assert!(
        r.rejected
            .iter()
            .any(|x| x.contains("Lh4*e7") && x.contains("marks it '#'"))
    );
}

#[test]
fn lines_replay_cannot_read_are_skipped_with_the_reason() {
    // An intro series numbers the series again after it; double mate leaves the side that
    // moved in check; a series help proof game has no moves from the diagram to replay. Each is
    // skipped with its reason (Popeye 4.104's lines, `-regression`, boards left out), none is
    // rejected; a parry series (`phser-s#2`) replays, its parries unnumbered.
    let input = "beginproblem\noption noboard\nstipulation 1->ser-h#1\n\
        pieces white kf6 ra2 rb1 black kh8\nnext\noption noboard\nstipulation ##!1\n\
        condition hole d7d8\npieces white kc8 rb8 black ka7 qc5\nnext\noption noboard\n\
        stipulation pser-h#2\npieces white kc6 rh2 black ka8 pa5 pb6 rd1\nendproblem\n";
    let output = "\n  1.Rb1-b8 + Kh8-h7   2.Ra2-h2 #\n\nsolution finished.\n\n\n\
        \n   1.Kc8-b7 ##! !\n\nsolution finished.\n\n\n\
        \n  1.Rd1-c1 + Kc6*b6   2.Rc1-a1 Rh2-h8 #\n  1.Rd1-d7   2.Rd7-a7 Rh2-h8 #\n\n\
        solution finished.\n\n\n";
    let r = replay(input, output, &ReferenceEngine).unwrap();
    assert!(r.rejected.is_empty(), "{:?}", r.rejected);
    assert_eq!(r.skipped.len(), 2, "{:?}", r.skipped);
    assert!(r.skipped[0].contains("intro series"), "{:?}", r.skipped);
    assert!(r.skipped[1].contains("in check"), "{:?}", r.skipped);
    assert_eq!((r.replayed, r.moves), (1, 7), "{r:?}");
}
