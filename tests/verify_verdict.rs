//! What `popeye verify`'s verdict means: a run that compared nothing fails unless allowed, a
//! share or count of compared cases can be asked, a misspelt condition or option is an input
//! error (as Popeye itself says), each case is a JUnit test case, a case's solving stops at its
//! time budget, and the example workflow's files each compare cases.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Writes `files` (name, text) into a new temporary folder.
fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

/// A problem whose stipulation feerie does not solve, and Popeye's (empty) output for it.
const SKIPPED: [(&str, &str); 2] = [
    (
        "p.inp",
        "beginproblem\noption noboard\nstipulation pser-#1\npieces white ke1 black ke8\nendproblem\n",
    ),
    ("p.out", "\n   1.Ke1-d1 !\n\nsolution finished.\n"),
];

#[test]
fn a_run_that_compares_nothing_fails_unless_allowed() {
    let dir = folder(&SKIPPED);
    let verify = |extra: &[&str]| {
        let mut args = vec!["popeye", "verify", "p.inp", "p.out", "--engine", "bitboard"];
        args.extend_from_slice(extra);
        common::feerie_in(dir.path(), &args)
    };
    let (code, out, err) = verify(&[]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("0 agree, 0 differ, 1 skipped"), "{out}");
    assert!(
        out.contains("p.inp: FAILED: compared 0 of 1 cases (1 skipped)"),
        "{out}"
    );
    let (code, out, err) = verify(&["--allow-empty"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("nothing was compared"), "{err}");
    // The JSON document says why it failed.
    let (code, json, _) = verify(&["--format", "json"]);
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["verdict"], "failed");
    assert!(
        doc["shortfall"]
            .as_str()
            .unwrap()
            .contains("compared 0 of 1")
    );
    // Both flags at once are refused.
    let (code, _, err) = verify(&["--allow-empty", "--min-compared", "2"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = verify(&["--min-compared", "half"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a share of the cases (50%)"), "{err}");
}

#[test]
fn min_compared_takes_a_count_or_a_share_of_the_cases() {
    // BEISPIEL/circe.inp: 4 of its 21 cases compared (19%), the others skipped.
    let Some(popeye) = common::shared_dir("popeye") else {
        return;
    };
    let (input, output) = (
        popeye.join("BEISPIEL__circe.inp"),
        popeye.join("BEISPIEL__circe.out"),
    );
    let verify = |threshold: &str| {
        common::feerie_in(
            &popeye,
            &[
                "popeye",
                "verify",
                input.to_str().unwrap(),
                output.to_str().unwrap(),
                "--min-compared",
                threshold,
            ],
        )
    };
    for (threshold, code) in [("4", 0), ("5", 1), ("19%", 0), ("20%", 1), ("0", 0)] {
        let (got, out, err) = verify(threshold);
        assert_eq!(got, code, "--min-compared {threshold}: {out}{err}");
        assert!(out.contains("4 agree, 0 differ, 17 skipped"), "{out}");
        if code == 1 {
            assert!(
                out.contains(&format!("--min-compared {threshold} asks for more")),
                "{out}"
            );
        }
    }
}

/// A condition or option word that names none is Popeye's input error: Popeye says so and
/// solves the problem without it. feerie says which word of which problem, and fails (2).
#[test]
fn a_misspelt_condition_or_option_is_an_input_error() {
    let input = "beginproblem\noption noboard\nstipulation ~1\npieces white ke1 rd1 black ke8\n\
                 condition FrankfrutChess\nnext\noption nobard\nstipulation ~1\n\
                 pieces white ke1 rd1 black ke8\nnext\noption noboard\nstipulation ~1\n\
                 pieces white ke1 black ke8\ncondition promonly ea\nendproblem\n";
    let output = "\nsolution finished.\n\nsolution finished.\n\nsolution finished.\n";
    let dir = folder(&[("p.inp", input), ("p.out", output)]);
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &["popeye", "verify", "p.inp", "p.out", "--allow-empty"],
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        out.contains(
            "problem 1: input error: 'FrankfrutChess' is not one of Popeye's English conditions"
        ),
        "{out}"
    );
    assert!(
        out.contains("problem 2: input error: 'nobard' is not one of Popeye's English options"),
        "{out}"
    );
    // `PromOnly` reads walks after it (`ea`, the eagle): no input error, the condition named.
    let third = out.lines().find(|l| l.starts_with("problem 3")).unwrap();
    assert_eq!(
        third,
        "problem 3: skipped: unsupported: condition 'promonly'"
    );
    let (_, json, _) = common::feerie_in(
        dir.path(),
        &["popeye", "verify", "p.inp", "p.out", "--format", "json"],
    );
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["counts"]["errors"], 2, "{json}");
    assert_eq!(doc["cases"][0]["outcome"], "error");
    // Popeye itself reports both words as input errors and reads `promonly ea` silently.
    let Some(py) = common::shared_popeye() else {
        return;
    };
    let run = std::process::Command::new(py)
        .args(["-maxmem", "64M", "p.inp"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(said.contains("offending item: FrankfrutChess"), "{said}");
    assert!(said.contains("offending item: nobard"), "{said}");
    assert!(!said.contains("offending item: ea"), "{said}");
}

#[test]
fn junit_has_a_test_case_per_problem_or_twin() {
    let Some(popeye) = common::shared_dir("popeye") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let xml = dir.path().join("verify.xml");
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &[
            "popeye",
            "verify",
            popeye.join("BEISPIEL__circe.inp").to_str().unwrap(),
            popeye.join("BEISPIEL__circe.out").to_str().unwrap(),
            "--junit",
            xml.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    let xml = std::fs::read_to_string(&xml).unwrap();
    assert!(
        xml.contains(r#"tests="21" failures="0" errors="0" skipped="17""#),
        "{xml}"
    );
    assert_eq!(xml.matches("<testcase ").count(), 21, "{xml}");
    assert_eq!(xml.matches("<skipped message=").count(), 17, "{xml}");
    assert!(
        xml.contains("<skipped message=\"unsupported: Circe variant &#39;vulkan&#39;\"/>"),
        "{xml}"
    );
}

/// A folder gives a suite per input file, and its cases together are held to the threshold.
#[test]
fn a_folder_has_a_junit_suite_per_file() {
    let Some(popeye) = common::shared_dir("popeye") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let files = dir.path().join("files");
    std::fs::create_dir(&files).unwrap();
    for name in [
        "EXAMPLES__lastcap.inp",
        "EXAMPLES__lastcap.ref",
        "EXAMPLES__magicpieces.inp",
        "EXAMPLES__magicpieces.ref",
    ] {
        std::fs::copy(popeye.join(name), files.join(name)).unwrap();
    }
    let verify = |threshold: &str| {
        common::feerie_in(
            dir.path(),
            &[
                "popeye",
                "verify",
                "files",
                "--junit",
                "verify.xml",
                "--min-compared",
                threshold,
            ],
        )
    };
    // lastcap compares its 3 cases, magicpieces none of its 14: 3 of 17 together.
    let (code, out, err) = verify("3");
    assert_eq!(code, 0, "{out}{err}");
    let xml = std::fs::read_to_string(dir.path().join("verify.xml")).unwrap();
    assert_eq!(xml.matches("<testsuite ").count(), 2, "{xml}");
    assert!(
        xml.contains(r#"tests="14" failures="0" errors="0" skipped="14""#),
        "{xml}"
    );
    let (code, out, _) = verify("18%");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("files: FAILED: compared 3 of 17 cases"),
        "{out}"
    );
}

/// A problem whose solving outlasts `--case-timeout` is stopped and skipped for its time
/// budget, in help, series and direct play; the run ends soon after. The help and series
/// problems have no solution (a lone king does not mate), as the output says: a search that
/// finds lines Popeye did not print stops at once, a difference.
#[test]
fn a_case_stops_at_its_time_budget() {
    let black = "black ke8 qd8 ra8 rh8 bc8 bf8 sb8 sg8 pa7 pb7 pc7 pd7 pe7 pf7 pg7 ph7";
    let armies = format!(
        "pieces white ke1 qd1 ra1 rh1 bc1 bf1 sb1 sg1 pa2 pb2 pc2 pd2 pe2 pf2 pg2 ph2 {black}"
    );
    let lone_king = format!("pieces white ke1 {black}");
    let problem = |stipulation: &str, pieces: &str| {
        format!("option noboard\nstipulation {stipulation}\n{pieces}\n")
    };
    let input = format!(
        "beginproblem\n{}next\n{}next\n{}endproblem\n",
        problem("h#6", &lone_king),
        problem("ser-h#9", &lone_king),
        problem("s#6", &armies)
    );
    let output = "\nsolution finished.\n".repeat(3);
    let dir = folder(&[("long.inp", &input), ("long.out", &output)]);
    let started = Instant::now();
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &[
            "popeye",
            "verify",
            "long.inp",
            "long.out",
            "--case-timeout",
            "1",
            "--allow-empty",
        ],
    );
    let elapsed = started.elapsed();
    assert_eq!(code, 0, "{out}{err}");
    for stipulation in ["h#6", "ser-h#9", "s#6"] {
        assert!(
            out.contains(&format!("{stipulation}: skipped: time budget")),
            "{out}"
        );
    }
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
}

/// A finished section is compared with all of ours, but ours are kept only up to 100 past
/// Popeye's count: a problem of millions of lines against an output that prints none stops
/// there, a difference listing the lines found, without waiting for the search's end.
#[test]
fn a_search_far_past_popeye_s_count_stops_as_a_difference() {
    let input = "beginproblem\noption noboard\nstipulation h#6\npieces white ke1 qd1 ra1 rh1 \
                 bc1 bf1 sb1 sg1 pa2 pb2 pc2 pd2 pe2 pf2 pg2 ph2 black ke8 qd8 ra8 rh8 bc8 bf8 \
                 sb8 sg8 pa7 pb7 pc7 pd7 pe7 pf7 pg7 ph7\nendproblem\n";
    let dir = folder(&[("many.inp", input), ("many.out", "\nsolution finished.\n")]);
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &[
            "popeye",
            "verify",
            "many.inp",
            "many.out",
            "--case-timeout",
            "60",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("we find 100 line(s) or more where Popeye prints 0"),
        "{out}"
    );
    assert!(out.contains("100 only we give"), "{out}");
}

/// Solving itself: a deadline already past stops every kind of play with `TimeBudget`.
#[test]
fn a_past_deadline_stops_each_kind_of_play() {
    use feerie::bitboard::BitboardEngine;
    use feerie::oracle::{Rules, Validation, fen};
    use feerie::solve::error::SolveError;
    use feerie::solve::tree::{TreeOptions, solve_tree};
    use feerie::solve::{Options, solve};
    let position = fen::parse(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Validation::Strict,
    )
    .unwrap();
    let rules = Rules::orthodox();
    let past = Some(Instant::now());
    let options = Options {
        deadline: past,
        ..Options::default()
    };
    for stipulation in ["h#3", "ser-h#3", "#3", "s#2"] {
        let stipulation = stipulation.parse().unwrap();
        let solved = solve(&BitboardEngine, &position, &rules, stipulation, &options);
        assert!(
            matches!(solved, Err(SolveError::TimeBudget)),
            "{stipulation}: {solved:?}"
        );
    }
    let tree = TreeOptions {
        deadline: past,
        ..TreeOptions::default()
    };
    let built = solve_tree(
        &BitboardEngine,
        &position,
        &rules,
        "#2".parse().unwrap(),
        &tree,
        1,
    );
    assert!(matches!(built, Err(SolveError::TimeBudget)), "{built:?}");
}

/// The Popeye input files the example workflow verifies, as `BEISPIEL/circe.inp` in a Popeye
/// checkout, and its `min-compared`.
fn workflow_verifies() -> (Vec<String>, String) {
    let workflow = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/popeye-feerie.yml");
    let text = std::fs::read_to_string(&workflow).unwrap();
    let value = |key: &str| {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(key))
            .map(|v| v.trim().trim_matches('"').to_string())
            .unwrap_or_else(|| panic!("{} has no {key}", workflow.display()))
    };
    let files = value("verify:")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    (files, value("min-compared:"))
}

/// Each file the example workflow verifies compares cases (at least its `min-compared`), on
/// Popeye's own output for it: the workflow cannot go green having checked nothing. The
/// workflow uses the action from the solver's own copy of feerie (there is no published one).
#[test]
fn the_example_workflow_s_files_each_compare_cases() {
    let workflow = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/popeye-feerie.yml"),
    )
    .unwrap();
    assert!(workflow.contains("uses: ./feerie"), "{workflow}");
    assert!(!workflow.contains("feerie-chess/feerie@"), "{workflow}");
    let (files, min_compared) = workflow_verifies();
    assert!(!files.is_empty());
    let Some(popeye) = common::shared_dir("popeye") else {
        return;
    };
    for file in files {
        // `BEISPIEL/circe.inp` is `BEISPIEL__circe.inp` in the shared copy of Popeye's files.
        let input = popeye.join(file.replace('/', "__"));
        assert!(input.is_file(), "{file}: no {}", input.display());
        let output: PathBuf = ["out", "ref", "reg", "tst"]
            .iter()
            .map(|x| input.with_extension(x))
            .find(|p| p.is_file())
            .unwrap_or_else(|| panic!("no Popeye output beside {}", input.display()));
        let (code, out, err) = common::feerie_in(
            &popeye,
            &[
                "popeye",
                "verify",
                input.to_str().unwrap(),
                output.to_str().unwrap(),
                "--min-compared",
                &min_compared,
            ],
        );
        assert_eq!(code, 0, "{file}: {out}{err}");
        let summary = out.lines().rev().find(|l| l.contains(" agree, ")).unwrap();
        let agree: usize = summary
            .split(": ")
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert!(agree >= 1, "{file}: {summary}");
    }
}
