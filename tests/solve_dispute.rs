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
                "pser-#2",
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

#[test]
fn solution_disputes_write_their_json_document_and_report() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.html");
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &[
            "dispute",
            "--fen",
            CASTLING_MATE,
            "--rules",
            "circe-parrain",
            "--stipulation",
            "#1",
            "--profiles",
            "documented,popeye",
            "--format",
            "json",
            "--report",
            report.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    // The text went to stderr; stdout holds the document alone.
    assert!(err.contains("documented and popeye DIFFER"), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect(&out);
    assert_eq!(doc["command"], "dispute");
    assert_eq!(doc["kind"], "solutions");
    assert_eq!(doc["exit_code"], 1);
    assert_eq!(doc["differs"], true);
    let case = &doc["cases"][0];
    assert_eq!(case["stipulation"], "#1");
    assert_eq!(case["fen"], "8/8/ppp5/pkp5/1p6/1B6/8/R3K3 w Q - 0 1 wPd4");
    let popeye = &case["readings"][1];
    assert_eq!(popeye["reading"], "popeye");
    assert_eq!(popeye["only_first"][0], "0-0-0[+wPc4] #", "{doc}");
    assert_eq!(popeye["only_this"].as_array().unwrap().len(), 0);
    let html = std::fs::read_to_string(&report).expect("the report is written");
    assert!(html.contains("the readings differ"), "{html}");
    assert!(
        html.contains("0-0-0[+wPc4] #") && html.contains("<svg"),
        "{html}"
    );

    // The file's problem under --solve, in JSON lines too.
    let file = dir.path().join("p.inp");
    std::fs::write(
        &file,
        "begin\ncondition Circe Parrain\npieces white kd6 rg5 bb5 black ke8 re5 pf7\nstipulation h#1\nend\n",
    )
    .unwrap();
    let report = dir.path().join("p.html");
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &[
            "dispute",
            "--popeye",
            file.to_str().unwrap(),
            "--profiles",
            "documented,popeye",
            "--solve",
            "--format",
            "jsonl",
            "--report",
            report.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    let doc: serde_json::Value = serde_json::from_str(out.trim()).expect(&out);
    assert_eq!(doc["cases"][0]["name"], "problem 1 (h#1)");
    assert_eq!(
        doc["cases"][0]["readings"][0]["solutions"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert!(
        doc["source"]
            .as_str()
            .unwrap()
            .ends_with("p.inp, problem 1"),
        "{doc}"
    );
    let html = std::fs::read_to_string(&report).expect("the report is written");
    assert!(html.contains("the readings agree"), "{html}");

    // The report may not replace the file read.
    let (code, _, err) = common::feerie_in(
        dir.path(),
        &[
            "dispute",
            "--popeye",
            file.to_str().unwrap(),
            "--profiles",
            "documented,popeye",
            "--solve",
            "--report",
            file.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("inputs"), "{err}");
    assert!(std::fs::read_to_string(&file).unwrap().starts_with("begin"));
}

#[test]
fn flags_of_the_move_dispute_are_refused_in_a_solution_dispute() {
    let dir = tempfile::tempdir().unwrap();
    for flag in ["--depth", "--limit"] {
        let (code, out, err) = common::feerie_in(
            dir.path(),
            &[
                "dispute",
                "--fen",
                CASTLING_MATE,
                "--rules",
                "circe-parrain",
                "--stipulation",
                "#1",
                "--profiles",
                "documented,popeye",
                flag,
                "2",
            ],
        );
        assert_eq!(code, 2, "{flag}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("--depth and --limit"), "{err}");
        assert!(out.is_empty(), "{out}");
    }
}
