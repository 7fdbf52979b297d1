//! The scenarios shipped under scenarios/ pass with both engines, and the runner behind
//! `feerie check` reports failures with a diff and malformed files with file and line.

use std::path::Path;

use feerie::bitboard::BitboardEngine;
use feerie::oracle::{Engine, ReferenceEngine};
use feerie::scenario::{self, print_failure};

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
        assert!(outcome.checked > 0, "{}", s.file);
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
    let (code, out, _) = feerie(&["check", "--fuzz", "0"], tmp.path());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1 passed, 0 failed"), "{out}");

    std::fs::write(dir.join("family/wrong.yaml"), WRONG).unwrap();
    let (code, out, _) = feerie(
        &["check", "--fuzz", "0", "--scenarios", "scenarios"],
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
    ];
    for (text, needle, line) in cases {
        let e = scenario::parse_scenario("bad.yaml", text).unwrap_err();
        assert!(e.to_string().contains(needle), "{text}\n=> {e}");
        assert!(e.to_string().starts_with("bad.yaml"), "{e}");
        if let Some(line) = line {
            assert_eq!(e.line, Some(*line), "{text}\n=> {e}");
        }
    }

    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("good.yaml"), GOOD).unwrap();
    std::fs::write(tmp.path().join("bad.yaml"), cases[0].0).unwrap();
    let dir = tmp.path().to_str().unwrap();
    let (code, out, _) = feerie(&["check", "--fuzz", "0", "--scenarios", dir], tmp.path());
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("MALFORMED") && out.contains("bad.yaml:3"),
        "{out}"
    );
    assert!(out.contains("1 passed, 0 failed, 1 malformed"), "{out}");

    let (code, _, err) = feerie(
        &["check", "--fuzz", "0", "--scenarios", "/nonexistent"],
        tmp.path(),
    );
    assert_eq!(code, 2);
    assert!(err.contains("does not exist"), "{err}");
}
