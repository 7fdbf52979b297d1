//! `feerie dispute --stipulation` / `--solve`: one problem solved under each reading, and the
//! solutions only one reading gives.

mod common;

/// White castles long while a pawn captured on d4 waits in the Parrain reserve: the page's
/// reading brings it back on c4 (d4 plus the rook's step toward the a-file), mating the king
/// on b5; Popeye's on e4, which does not check.
const CASTLING_MATE: &str = "8/8/ppp5/pkp5/1p6/1B6/8/R3K3 w Q - 0 1 wPd4";

#[test]
fn readings_with_different_solutions_are_named_and_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "dispute",
        "--fen",
        CASTLING_MATE,
        "--rules",
        "circe-parrain",
        "--stipulation",
        "#1",
    ];
    let mut by_profile = base.to_vec();
    by_profile.extend(["--profiles", "documented,popeye"]);
    let (code, out, err) = common::feerie_in(dir.path(), &by_profile);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("documented and popeye DIFFER (2 and 1 solution(s))"),
        "{out}"
    );
    assert!(
        out.contains("only under documented: 0-0-0[+wPc4] #"),
        "{out}"
    );
    assert!(!out.contains("only under popeye"), "{out}");

    let mut by_switch = base.to_vec();
    by_switch.extend(["--switch", "parrain_long_castling"]);
    let (code, out, _) = common::feerie_in(dir.path(), &by_switch);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("only under parrain_long_castling=toward_a: 0-0-0[+wPc4] #"),
        "{out}"
    );
}

#[test]
fn a_popeye_problem_solved_alike_under_both_profiles_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.inp");
    std::fs::write(
        &file,
        "begin\ncondition Circe Parrain\npieces white kd6 rg5 bb5 black ke8 re5 pf7\nstipulation h#1\nend\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &[
            "dispute",
            "--popeye",
            path,
            "--profiles",
            "documented,popeye",
            "--solve",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("problem 1 (h#1)"), "{out}");
    assert!(
        out.contains("documented and popeye agree (1 solution(s))"),
        "{out}"
    );

    // --stipulation replaces the file's.
    let (code, out, _) = common::feerie_in(
        dir.path(),
        &[
            "dispute",
            "--popeye",
            path,
            "--profiles",
            "documented,popeye",
            "--stipulation",
            "h#2",
        ],
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("problem 1 (h#2)") && out.contains("documented and popeye agree ("),
        "{out}"
    );

    // White to begin while the bishop checks the black king: not solved, exit 2.
    let (code, out, _) = common::feerie_in(
        dir.path(),
        &[
            "dispute",
            "--popeye",
            path,
            "--profiles",
            "documented,popeye",
            "--stipulation",
            "h#0.5",
        ],
    );
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("not solved under documented: the side not to move is in check"),
        "{out}"
    );
}

#[test]
fn bad_solution_disputes_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    for (args, needle) in [
        (
            vec![
                "dispute",
                "--fen",
                CASTLING_MATE,
                "--rules",
                "circe-parrain",
                "--stipulation",
                "ser-s#2",
                "--profiles",
                "documented,popeye",
            ],
            "--stipulation",
        ),
        (
            vec![
                "dispute",
                "--fen",
                CASTLING_MATE,
                "--solve",
                "--profiles",
                "documented,popeye",
            ],
            "--popeye",
        ),
    ] {
        let (code, out, err) = common::feerie_in(dir.path(), &args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
