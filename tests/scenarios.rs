//! The scenarios shipped under scenarios/ pass with both engines, and the runner behind
//! `feerie check` reports failures with a diff and malformed files with file and line.

use std::path::Path;

use feerie::bitboard::BitboardEngine;
use feerie::engines::{SearchEngine, SearchSpace};
use feerie::oracle::{Engine, ReferenceEngine, Rules};
use feerie::scenario::{self, print_failure};
use feerie::space::EngineSpace;

mod common;

fn feerie(args: &[&str], dir: &std::path::Path) -> (i32, String, String) {
    common::feerie_in(dir, args)
}

/// Every shipped scenario passes with `engine`; returns the families (folders) seen.
fn shipped_scenarios_pass_with(
    engine: &dyn Engine,
) -> std::collections::BTreeSet<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let loaded = scenario::load_dir(&dir).unwrap();
    assert!(loaded.len() >= 40, "{} scenarios", loaded.len());
    let mut families = std::collections::BTreeSet::new();
    let mut report = String::new();
    for item in &loaded {
        let s = match item {
            Ok(s) => s,
            Err(e) => {
                report.push_str(&format!("MALFORMED {e}\n"));
                continue;
            }
        };
        families.insert(Path::new(&s.file).parent().unwrap().to_path_buf());
        let outcome = scenario::run(s, engine).unwrap();
        // A scenario may expect only solutions, which the test of stipulations checks.
        assert!(outcome.checked > 0 || s.stipulation.is_some(), "{}", s.file);
        for f in &outcome.failures {
            report.push_str(&print_failure(f));
        }
    }
    assert!(report.is_empty(), "{} engine:\n{report}", engine.name());
    families
}

#[test]
fn shipped_scenarios_pass_with_the_reference_engine() {
    let families = shipped_scenarios_pass_with(&ReferenceEngine);
    assert!(families.len() >= 7, "{families:?}");
}

#[test]
fn shipped_scenarios_pass_with_the_bitboard_engine() {
    shipped_scenarios_pass_with(&BitboardEngine);
}

const GOOD: &str = r#"name: orthodox king alone
source: test
position: { fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1" }
expect:
  moves: ["Ke1-d1", "Ke1-f1", "Ke1-d2", "Ke1-e2", "Ke1-f2"]
  perft: { 1: 5 }
  status: normal
"#;

const WRONG: &str = r#"name: a wrong expectation
source: test
position: { pieces: "white ke1 black ke8" }
expect:
  moves: ["Ke1-d1", "Ke1-f1", "Ke1-d2", "Ke1-e2", "Ke1-e3"]
"#;

#[test]
fn a_failing_expectation_is_a_diff_and_exit_1() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("scenarios");
    std::fs::create_dir_all(dir.join("family")).unwrap();
    std::fs::write(dir.join("family/good.yaml"), GOOD).unwrap();
    let (code, out, _) = feerie(&["check", "--fuzz-solve", "0", "--fuzz", "0"], tmp.path());
    assert_eq!(code, 0, "{out}");
    // The scenario and its two mirrors (colours, files).
    assert!(out.contains("3 passed, 0 failed"), "{out}");

    std::fs::write(dir.join("family/wrong.yaml"), WRONG).unwrap();
    let (code, out, _) = feerie(
        &[
            "check",
            "--fuzz-solve",
            "0",
            "--fuzz",
            "0",
            "--scenarios",
            "scenarios",
        ],
        tmp.path(),
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAIL scenarios/family/wrong.yaml: a wrong expectation"),
        "{out}"
    );
    assert!(out.contains("expectation: moves"), "{out}");
    assert!(out.contains("  -Ke1-e3"), "{out}");
    assert!(out.contains("  +Ke1-f2"), "{out}");
    assert!(
        out.contains("  Ke1-d1") || out.contains("   Ke1-d1"),
        "{out}"
    );
}

#[test]
fn interpretations_are_checked_under_their_own_rules() {
    let text = r#"name: long castling after a capture
source: test
rules: { conditions: [circe-parrain], set: { parrain_long_castling: toward_a } }
position: { pieces: "white ke1 ra1 pd4 black kh8 sf5", side: black }
play: ["Sf5*d4"]
expect: { include: ["0-0-0[+wPc4]"] }
interpretations:
  - set: { parrain_long_castling: toward_h }
    expect: { include: ["0-0-0[+wPc4]"] }
"#;
    let s = scenario::parse_scenario("t.yaml", text).unwrap();
    let outcome = scenario::run(&s, &ReferenceEngine).unwrap();
    assert_eq!(outcome.checked, 4);
    assert_eq!(outcome.failures.len(), 1, "{:?}", outcome.failures);
    assert!(outcome.failures[0].rules.contains("toward_h"));
    assert!(
        outcome.failures[0]
            .actual
            .contains(&"0-0-0[+wPe4]".to_string())
    );
}

#[test]
fn malformed_scenarios_name_file_line_and_problem_and_exit_2() {
    let cases: &[(&str, &str, Option<usize>)] = &[
        (
            "name: x\nsource: s\nposition: { fen: 'x' }\nexpect: { perft: { 1: 1 } }\n",
            "position",
            Some(3),
        ),
        (
            "name: x\nsource: s\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nexpect: { moves: ['Ke1-z9'] }\n",
            "Ke1-z9",
            Some(4),
        ),
        (
            "name: x\nsource: s\nrules: { conditions: [circus] }\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nexpect: { perft: { 1: 1 } }\n",
            "circe-parrain",
            Some(3),
        ),
        (
            "name: x\nsource: s\nrules: { set: { rex: maybe } }\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nexpect: { perft: { 1: 1 } }\n",
            "exclusive, inclusive",
            Some(3),
        ),
        (
            "name: x\nsource: s\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nexpect: { status: won }\n",
            "stalemate",
            Some(4),
        ),
        (
            "name: x\nsource: s\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nexpect: { perft: { 1: 1 } }\nsurprise: 1\n",
            "unknown field",
            Some(5),
        ),
        (
            "name: x\nsource: s\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\n",
            "no expectation",
            None,
        ),
        (
            "name: x\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nexpect: { perft: { 1: 1 } }\n",
            "source",
            None,
        ),
        (
            "name: x\nsource: s\nposition: { pieces: 'white ke1 black ke8', side: blue }\nexpect: { perft: { 1: 1 } }\n",
            "white or black",
            Some(3),
        ),
        (
            "name: x\nsource: s\nposition: { pieces: 'white ke1 black ke8', fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nexpect: { perft: { 1: 1 } }\n",
            "exactly one",
            Some(3),
        ),
        (
            "name: x\nsource: s\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\ninterpretations:\n  - set: { nope: 1 }\n    expect: { perft: { 1: 1 } }\n",
            "unknown switch",
            Some(5),
        ),
        (
            "name: x\nsource: s\nposition: { fen: 'k7/8/1K6/8/8/8/8/7R w - - 0 1' }\nstipulation: 'pser-#2'\nexpect: { solutions: ['Rh1-h8 #'] }\n",
            "scenario 'x': stipulation 'pser-#2'",
            Some(4),
        ),
        (
            "name: x\nsource: s\nposition: { fen: 'k7/8/1K6/8/8/8/8/7R w - - 0 1' }\nexpect: { solutions: ['Rh1-h8 #'] }\n",
            "without a stipulation",
            Some(4),
        ),
        (
            "name: x\nsource: s\nposition: { fen: 'k7/8/1K6/8/8/8/8/7R w - - 0 1' }\nstipulation: '#1'\nexpect: { solutions: ['Rh1-h8 #', '1.Rh1-h8 # !'] }\n",
            "listed twice",
            Some(5),
        ),
    ];
    for (text, needle, line) in cases {
        let e = scenario::parse_scenario("bad.yaml", text).unwrap_err();
        assert!(e.to_string().contains(needle), "{text}\n=> {e}");
        assert!(e.to_string().starts_with("bad.yaml"), "{e}");
        if let Some(line) = line {
            assert_eq!(e.line, Some(*line), "{text}\n=> {e}");
        }
    }

    // In a folder, malformed scenarios end the run before its first stage (the perft suites
    // of the repository would come first): each named on its own error line, exit 2, and no
    // stage's output or progress.
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("good.yaml"), GOOD).unwrap();
    std::fs::write(tmp.path().join("bad.yaml"), cases[0].0).unwrap();
    std::fs::write(tmp.path().join("bad2.yaml"), cases[1].0).unwrap();
    let dir = tmp.path().to_str().unwrap();
    let perft = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/perft");
    let check_in = |scenarios: &str, perft: &str| {
        feerie(
            &[
                "check",
                "--fuzz-solve",
                "0",
                "--fuzz",
                "0",
                "--scenarios",
                scenarios,
                "--perft",
                perft,
            ],
            tmp.path(),
        )
    };
    let (code, out, err) = check_in(dir, perft.to_str().unwrap());
    assert_eq!(code, 2, "{out}\n{err}");
    let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(errors.len(), 2, "{err}");
    assert!(errors.iter().any(|l| l.contains("bad.yaml:3")), "{err}");
    assert!(errors.iter().any(|l| l.contains("bad2.yaml:4")), "{err}");
    for stage in ["perft (", "scenarios (", "solutions ("] {
        assert!(!out.contains(stage) && !err.contains(stage), "{out}\n{err}");
    }

    // A perft position the suites' reader accepts but no engine can count (a pawn on its
    // promotion rank), after a good one: refused before the first count too.
    let suites = tempfile::tempdir().unwrap();
    std::fs::write(
        suites.path().join("a.txt"),
        "# rules: orthodox\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ; 1=5\nP3k3/8/8/8/8/8/8/4K3 w - - 0 1 ; 1=5\n",
    )
    .unwrap();
    std::fs::remove_file(tmp.path().join("bad.yaml")).unwrap();
    std::fs::remove_file(tmp.path().join("bad2.yaml")).unwrap();
    let (code, out, err) = check_in(dir, suites.path().to_str().unwrap());
    assert_eq!(code, 2, "{out}\n{err}");
    assert!(
        err.contains("a.txt:3") && err.contains("promotion rank"),
        "{err}"
    );
    assert!(
        !out.contains("perft (") && !err.contains("perft ("),
        "{out}\n{err}"
    );

    let (code, _, err) = feerie(
        &[
            "check",
            "--fuzz-solve",
            "0",
            "--fuzz",
            "0",
            "--scenarios",
            "/nonexistent",
        ],
        tmp.path(),
    );
    assert_eq!(code, 2);
    assert!(err.contains("does not exist"), "{err}");
}

/// The shipped scenarios with a stipulation: both engines give exactly the expected solutions.
#[test]
fn shipped_stipulations_are_solved_alike_by_both_engines() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let engines: [&dyn SearchEngine; 2] = [&ReferenceEngine, &BitboardEngine];
    let mut solved = 0;
    let mut report = String::new();
    for s in scenario::load_dir(&dir).unwrap().iter().flatten() {
        if s.stipulation.is_none() {
            continue;
        }
        solved += 1;
        let outcome = scenario::solutions::check(s, &engines).unwrap();
        // Per case: each engine against the expectation, and the two against each other.
        assert!(outcome.checked >= 3, "{}: {}", s.file, outcome.checked);
        for f in &outcome.failures {
            report.push_str(&print_failure(f));
        }
    }
    assert!(solved >= 4, "{solved} scenarios with a stipulation");
    assert!(report.is_empty(), "{report}");
}

/// The reference engine without its captures: an engine that disagrees, for the comparison.
struct NoCaptures;

impl Engine for NoCaptures {
    fn name(&self) -> &'static str {
        "no-captures"
    }
    fn legal_moves(
        &self,
        position: &feerie::oracle::Position,
        rules: &feerie::oracle::Rules,
    ) -> Result<Vec<feerie::oracle::MoveRecord>, feerie::oracle::EngineError> {
        let mut moves = ReferenceEngine.legal_moves(position, rules)?;
        moves.retain(|m| !m.to_string().contains('*'));
        Ok(moves)
    }
    fn play_setup(
        &self,
        position: &feerie::oracle::Position,
        rules: &feerie::oracle::Rules,
        mv: &feerie::oracle::MoveRecord,
    ) -> Result<feerie::oracle::Setup, feerie::oracle::EngineError> {
        ReferenceEngine.play_setup(position, rules, mv)
    }
    fn perft(
        &self,
        position: &feerie::oracle::Position,
        rules: &feerie::oracle::Rules,
        depth: u32,
    ) -> Result<u64, feerie::oracle::EngineError> {
        ReferenceEngine.perft(position, rules, depth)
    }
    fn status(
        &self,
        position: &feerie::oracle::Position,
        rules: &feerie::oracle::Rules,
    ) -> Result<feerie::oracle::Status, feerie::oracle::EngineError> {
        ReferenceEngine.status(position, rules)
    }
}

impl SearchEngine for NoCaptures {
    fn space<'r>(&'r self, rules: &'r Rules) -> SearchSpace<'r> {
        SearchSpace::Records(EngineSpace::new(self, rules))
    }
}

const CIRCE_H2: &str = r#"name: Circe h#2
source: test
rules: { conditions: [circe], profile: popeye }
position: { pieces: "white kg5 ra5 black kh7 bd5 pg6", side: black }
stipulation: "h#2"
expect:
  solutions:
    - "1.Kh7-g8 Kg5*g6[+bPg7] 2.Bd5-a2 Ra5-a8 #"
    - "  1.Kh7-g8 Kg5*g6[+bPg7]   2.Bd5-b3 Ra5-a8 #"
    - "1.Kh7-g8 Kg5*g6[+bPg7] 2.Bd5-c4 Ra5-a8 #"
    - "1.Kh7-h8 Kg5*g6[+bPg7] 2.Bd5-f3 Ra5-a8 #"
    - "1.Kh7-h8 Kg5*g6[+bPg7] 2.Bd5-g2 Ra5-a8 #"
    - "1.Kh7-h8 Kg5*g6[+bPg7] 2.Bd5-h1 Ra5-a8 #"
"#;

#[test]
fn engines_that_solve_differently_are_reported_with_a_diff() {
    let s = scenario::parse_scenario("t.yaml", CIRCE_H2).unwrap();
    let alike = scenario::solutions::check(&s, &[&ReferenceEngine, &BitboardEngine]).unwrap();
    assert!(alike.failures.is_empty(), "{:?}", alike.failures);
    let outcome = scenario::solutions::check(&s, &[&ReferenceEngine, &NoCaptures]).unwrap();
    let text: String = outcome.failures.iter().map(print_failure).collect();
    // The capturing-free engine misses the expectation and differs from the reference engine.
    assert_eq!(outcome.failures.len(), 2, "{text}");
    assert!(text.contains("solutions of h#2 (no-captures)"), "{text}");
    assert!(
        text.contains("the engines differ (- reference, + no-captures)"),
        "{text}"
    );
    assert!(
        text.contains("-1.Kh7-g8 Kg5*g6[+bPg7] 2.Bd5-b3 Ra5-a8 #"),
        "{text}"
    );
}

#[test]
fn a_wrong_solution_fails_check_with_a_diff_and_exit_1() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("scenarios");
    std::fs::create_dir(&dir).unwrap();
    // One solution too few, one wrong: the rebirth square of the black pawn.
    let wrong = CIRCE_H2
        .replace("    - \"1.Kh7-h8 Kg5*g6[+bPg7] 2.Bd5-h1 Ra5-a8 #\"\n", "")
        .replace("Bd5-f3 Ra5-a8", "Bd5-e4 Ra5-a8");
    std::fs::write(dir.join("wrong.yaml"), wrong).unwrap();
    let (code, out, _) = feerie(
        &[
            "check",
            "--fuzz-solve",
            "0",
            "--fuzz",
            "0",
            "--scenarios",
            "scenarios",
        ],
        tmp.path(),
    );
    assert_eq!(code, 1, "{out}");
    for needle in [
        "FAIL scenarios/wrong.yaml: Circe h#2",
        "expectation: solutions of h#2 (reference)",
        "expectation: solutions of h#2 (bitboard)",
        "-1.Kh7-h8 Kg5*g6[+bPg7] 2.Bd5-e4 Ra5-a8 #",
        "+1.Kh7-h8 Kg5*g6[+bPg7] 2.Bd5-f3 Ra5-a8 #",
        "+1.Kh7-h8 Kg5*g6[+bPg7] 2.Bd5-h1 Ra5-a8 #",
        "solutions (reference, bitboard): 0 scenario(s) with a stipulation passed, 1 failed",
    ] {
        assert!(out.contains(needle), "{needle}\n{out}");
    }
    assert!(!out.contains("the engines differ"), "{out}");
}
