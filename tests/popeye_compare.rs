//! `feerie popeye compare` and `export` against a stand-in for Popeye: a script that checks the
//! input it is given and prints a Popeye-style move list. (The real comparison needs the user's
//! Popeye binary; the README says how to point at one.)

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::executable;

fn feerie(args: &[&str], popeye_env: Option<&Path>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_feerie"));
    cmd.args(args).env_remove("POPEYE");
    if let Some(p) = popeye_env {
        cmd.env("POPEYE", p);
    }
    let out = cmd.output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A script standing in for Popeye: it insists on the move-list stipulation in the input file
/// (its last argument), then prints
/// `moves` the way Popeye prints a solution list.
fn fake_popeye(dir: &Path, name: &str, moves: &[&str], stderr: &str) -> PathBuf {
    let body: String = moves
        .iter()
        .map(|m| format!("echo '   1.{m} !'\necho\n"))
        .collect();
    let script = format!(
        "#!/bin/sh\nfor a in \"$@\"; do f=\"$a\"; done\ngrep -q 'sstipulation white 1s\\[~\\]' \"$f\" || {{ echo 'unexpected input' >&2; exit 3; }}\n\
         echo\necho '  ~1                          1 + 1'\necho\n{body}\
         echo '  add_to_move_generation_stack:           5'\necho\necho 'solution finished.'\n{}",
        if stderr.is_empty() {
            String::new()
        } else {
            format!("echo '{stderr}' >&2\n")
        }
    );
    executable(dir, name, &script)
}

const KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
const KING_MOVES: [&str; 5] = ["Ke1-d1", "Ke1-f1", "Ke1-d2", "Ke1-e2", "Ke1-f2"];

#[test]
fn agreeing_and_differing_move_lists() {
    let tmp = tempfile::tempdir().unwrap();
    let good = fake_popeye(tmp.path(), "good", &KING_MOVES, "");
    let (code, out, err) = feerie(
        &[
            "popeye",
            "compare",
            "--fen",
            KINGS,
            "--py",
            good.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("agree                   1") && out.contains("differ                  0"),
        "{out}"
    );

    let bad = fake_popeye(
        tmp.path(),
        "bad",
        &["Ke1-d1", "Ke1-f1", "Ke1-d2", "Ke1-e2", "Ke1-e3"],
        "",
    );
    let (code, out, _) = feerie(&["popeye", "compare", "--fen", KINGS], Some(&bad));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("only Popeye: Ke1-e3"), "{out}");
    assert!(out.contains("only ours: Ke1-f2"), "{out}");
}

/// A solver killed by a signal on a position it was given is at fault, as one that answers
/// wrong: a difference (exit 1), not a failure to run (exit 2), so that a solver's crash turns
/// its CI red as a finding.
#[test]
fn a_solver_that_crashes_differs() {
    let tmp = tempfile::tempdir().unwrap();
    let crash = executable(tmp.path(), "crash", "#!/bin/sh\nkill -SEGV $$\n");
    let (code, out, err) = feerie(
        &[
            "popeye",
            "compare",
            "--fen",
            KINGS,
            "--py",
            crash.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("DIFFER") && out.contains("crashed, Popeye") && out.contains("(11)"),
        "{out}"
    );
}

/// A solver that gives no answer about one position's moves within the hang bound hangs: a
/// difference, as a crash is; stopped by a shorter deadline, it only failed to answer (exit 2).
#[test]
fn a_solver_that_hangs_differs_and_one_stopped_early_fails() {
    let tmp = tempfile::tempdir().unwrap();
    let hang = executable(
        tmp.path(),
        "hang",
        "#!/bin/sh
exec sleep 600
",
    );
    let compare = |timeout: &str| {
        feerie(
            &[
                "popeye",
                "compare",
                "--fen",
                KINGS,
                "--py",
                hang.to_str().unwrap(),
                "--timeout",
                timeout,
            ],
            None,
        )
    };
    let (code, out, err) = compare("10");
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("DIFFER")
            && out.contains("Popeye hung on this position: no answer within 10 s"),
        "{out}"
    );
    let (code, out, err) = compare("1");
    assert_eq!(code, 2, "{out}{err}");
    assert!(!out.contains("hung"), "{out}");
}

/// A solver that stops itself on a fatal error of its own (`-- aborting.`) differs, as a crash
/// does; one that stops for want of memory for its hash table only failed to answer.
#[test]
fn a_solver_that_aborts_differs_unless_memory_ran_out() {
    let tmp = tempfile::tempdir().unwrap();
    let stops = |name: &str, words: &str| {
        executable(
            tmp.path(),
            name,
            &format!(
                "#!/bin/sh
echo 'OUT OF SPACE: Unable to {words} -- aborting.' >&2
exit 2
"
            ),
        )
    };
    for (solver, code) in [
        (
            stops("aborts", "copy slice in insert_before in slice_insertion.c"),
            1,
        ),
        (
            stops("no-memory", "create hash table in inithash in hash.c"),
            2,
        ),
    ] {
        let (got, out, err) = feerie(
            &[
                "popeye",
                "compare",
                "--fen",
                KINGS,
                "--py",
                solver.to_str().unwrap(),
            ],
            None,
        );
        assert_eq!(got, code, "{}: {out}{err}", solver.display());
        assert_eq!(out.contains("aborted,"), code == 1, "{out}{err}");
    }
}

#[test]
fn popeye_complaints_and_a_missing_binary_are_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let noisy = fake_popeye(tmp.path(), "noisy", &KING_MOVES, "input error: bad piece");
    let (code, _, err) = feerie(
        &[
            "popeye",
            "compare",
            "--fen",
            KINGS,
            "--py",
            noisy.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("Popeye refused the position") && err.contains("input error: bad piece"),
        "{err}"
    );

    let (code, _, err) = feerie(&["popeye", "compare", "--fen", KINGS], None);
    assert_eq!(code, 2);
    assert!(err.contains("--py PATH") && err.contains("POPEYE"), "{err}");
}

#[test]
fn scenarios_are_compared_at_their_position_after_play() {
    let tmp = tempfile::tempdir().unwrap();
    let good = fake_popeye(tmp.path(), "good", &KING_MOVES, "");
    let scenario = tmp.path().join("s.yaml");
    std::fs::write(
        &scenario,
        "name: kings\nsource: test\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 b - - 0 1' }\n\
         play: ['Ke8-d8']\nexpect: { perft: { 1: 5 } }\n",
    )
    .unwrap();
    // After Ke8-d8 White has its five king moves: the stand-in's list is right.
    let (code, out, err) = feerie(
        &[
            "popeye",
            "compare",
            "--scenarios",
            scenario.to_str().unwrap(),
            "--py",
            good.to_str().unwrap(),
        ],
        None,
    );
    // The scenario agrees; its mirrors are asked too (Black moves there, which this stand-in
    // does not answer, so they fail and the run with them).
    assert_ne!(code, 0, "{out}{err}");
    let original = format!("agree {} (kings)\n", scenario.display());
    assert!(out.contains(&original), "{out}");
    assert!(out.contains("(kings) [colour-mirrored]"), "{out}");
}

#[test]
fn export_writes_popeye_input_and_names_the_non_popeye_switches() {
    let (code, out, err) = feerie(
        &[
            "popeye",
            "export",
            "--fen",
            "4k3/8/8/8/3P4/8/8/R3K3 b Q - 0 1",
            "--rules",
            "circe-parrain",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("condition ParrainCirce"), "{out}");
    assert!(out.contains("sstipulation black 1s[~]"), "{out}");
    assert!(out.contains("pieces white ra1 ke1 pd4"), "{out}");
    assert!(
        err.contains("parrain_long_castling=toward_a (Popeye: toward_h)"),
        "{err}"
    );
    assert!(!err.contains("royal_en_passant"), "{err}");
    // The file reads back as the same position.
    let file = feerie::oracle::popeye_input::parse(&out).unwrap();
    let (p, rules) = file.problems[0]
        .to_position(
            feerie::oracle::Profile::Popeye,
            feerie::oracle::Validation::Strict,
        )
        .unwrap();
    assert_eq!(
        feerie::oracle::fen::write(p.setup()),
        "4k3/8/8/8/3P4/8/8/R3K3 b Q - 0 1"
    );
    assert!(rules.has(feerie::oracle::Condition::CirceParrain));

    let (code, _, err) = feerie(&["popeye", "export", "--fen", KINGS, "--depth", "4"], None);
    assert_eq!(code, 2);
    assert!(err.contains("depths 1 to 3"), "{err}");
}

#[test]
fn export_refuses_what_popeye_cannot_be_told() {
    // `popeye export --fen FEN` with `rules` exits 2 naming `why`.
    let refused = |fen: &str, rules: &[&str], why: &str| {
        let mut args = vec!["popeye", "export", "--fen", fen];
        args.extend_from_slice(rules);
        let (code, out, err) = feerie(&args, None);
        assert_eq!(code, 2, "{fen}: {out}");
        assert!(err.contains(why), "{fen}: {err}");
    };
    // Popeye's enpassant option gives a double step toward the side to move only.
    refused(
        "7k/2p5/8/3(wPP)(bPP)3/8/8/8/K7 b - d6 0 1",
        &["--rules", "protean"],
        "en passant after a reverse pawn's double step",
    );
    // Popeye ignores royal pieces other than kings under Clone with rex inclusive.
    refused(
        "4k3/8/8/3(wrB)4/8/8/8/3R4 w - - 0 1",
        &["--rules", "circe-clone", "--set", "rex=inclusive"],
        "Popeye takes no royal piece other than a king",
    );
    // Popeye sees no check by a reborn reverse pawn when no reverse pawn stands on the board
    // (after Ke1-e2 it comes back on f8, next to the black king on g7).
    refused(
        "rn1q4/pB3pkr/5bP1/2P1p1p1/8/8/8/R3K3 w Q - 0 17 wPPf7",
        &["--rules", "circe-parrain"],
        "reverse pawn waiting in the Parrain reserve",
    );
    // With one on the board, Popeye looks for its checks: the problem is written.
    let (code, out, err) = feerie(
        &[
            "popeye",
            "export",
            "--fen",
            "rn1q4/pB3pkr/5bP1/2P1p1p1/8/8/(bPP)7/R3K3 w Q - 0 17 wPPf7",
            "--rules",
            "circe-parrain",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("LastCapture white ppf7"), "{out}");
    // A white bishop waiting with Black to move comes back on c6 after c7-c5, the square the
    // pawn passed, beside the white pawn on d5: Popeye takes en passant onto its own bishop and
    // loses the bishop for the rest of its search.
    refused(
        "r3k2r/pbpp1p1q/1N2p1N1/1b1P2p1/8/8/3K4/8 b kq - 0 7 wBc8",
        &["--rules", "circe-parrain"],
        "can come back on c6, the square a double step passes",
    );
    // After such a double step the right stands over the reborn unit: Popeye's enpassant
    // option cannot say it ("Inconsistent retro information").
    refused(
        "r3k2r/pb1p1p1q/1NB1p1N1/1bpP2p1/8/8/3K4/8 w kq c6 0 8",
        &["--rules", "circe-parrain"],
        "en passant onto c6, where a Parrain rebirth put a white bishop",
    );
    // Without the white pawn on d5 nothing takes there: the problem is written.
    let (code, out, err) = feerie(
        &[
            "popeye",
            "export",
            "--fen",
            "r3k2r/pbpp1p1q/1N2p1N1/1b4p1/8/8/3K4/8 b kq - 0 7 wBc8",
            "--rules",
            "circe-parrain",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("LastCapture white bc8"), "{out}");
    // A diagram walk with no unit left on the board (`=LE`): Popeye's pawns would not promote
    // to it, where ours do (the black pawn reborn on c1 after Ra3-a1).
    refused(
        "8/8/8/8/2K5/r4k2/8/8 b - - 0 20 bPc3 =LE",
        &["--rules", "circe-parrain"],
        "the diagram's leo has no unit on the board",
    );
}
