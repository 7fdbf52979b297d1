//! `--format json`: each command prints one JSON document on standard output (its text going
//! to standard error), which says the same as the text output.

mod common;

use common::feerie_in;
use serde_json::Value;

fn run(args: &[&str]) -> (i32, String, String) {
    feerie_in(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

fn document(args: &[&str], code: i32) -> Value {
    let (got, out, err) = run(args);
    assert_eq!(got, code, "{args:?}: {err}");
    let doc: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"));
    assert_eq!(doc["schema"], 1);
    doc
}

const CIRCE: &str = "r3k3/8/8/8/8/N2K4/8/8 b - - 1 19";

#[test]
fn moves_as_json_are_the_text_moves() {
    let (_, text, _) = run(&["moves", "--fen", CIRCE, "--rules", "circe"]);
    let doc = document(
        &[
            "moves", "--fen", CIRCE, "--rules", "circe", "--format", "json",
        ],
        0,
    );
    assert_eq!(doc["command"], "moves");
    assert_eq!(doc["rules"]["conditions"], serde_json::json!(["circe"]));
    assert_eq!(doc["rules"]["switches"]["rex"], "exclusive");
    let moves: Vec<String> = doc["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let mark = m["mark"].as_str().unwrap();
            let notation = m["notation"].as_str().unwrap();
            if mark.is_empty() {
                notation.to_string()
            } else {
                format!("{notation} {mark}")
            }
        })
        .collect();
    assert_eq!(moves, text.lines().collect::<Vec<_>>());
    assert!(moves.contains(&"Ra8*a3[+wSg1] +".to_string()));
}

#[test]
fn perft_divide_as_json_adds_up() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let doc = document(
        &[
            "perft",
            "--fen",
            start,
            "--depth",
            "3",
            "--divide",
            "--threads",
            "2",
            "--format",
            "json",
        ],
        0,
    );
    assert_eq!(doc["nodes"], 8902);
    let divide = doc["divide"].as_array().unwrap();
    assert_eq!(divide.len(), 20);
    assert_eq!(
        divide
            .iter()
            .map(|d| d["nodes"].as_u64().unwrap())
            .sum::<u64>(),
        8902
    );
    let (_, text, _) = run(&["perft", "--fen", start, "--depth", "3", "--divide"]);
    for d in divide {
        let line = format!("{}: {}", d["move"].as_str().unwrap(), d["nodes"]);
        assert!(text.lines().any(|l| l == line), "{line}");
    }
    let plain = document(
        &["perft", "--fen", start, "--depth", "2", "--format", "json"],
        0,
    );
    assert_eq!(plain["nodes"], 400);
    assert!(plain["divide"].as_array().unwrap().is_empty());
}

#[test]
fn dispute_as_json_lists_the_nodes_and_their_positions() {
    let doc = document(
        &[
            "dispute",
            "--fen",
            "4k3/8/8/3p4/4B3/8/8/4K3 w - - 0 1",
            "--rules",
            "protean",
            "--switch",
            "pawn_direction",
            "--depth",
            "3",
            "--format",
            "json",
        ],
        1,
    );
    assert_eq!(doc["differs"], true);
    assert_eq!(doc["readings"][1]["label"], "pawn_direction=opposing");
    let splits = doc["splits"].as_array().unwrap();
    let split = splits
        .iter()
        .find(|s| {
            s["only_other"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m == "PPd5-d4")
        })
        .expect("the reverse pawn's step");
    assert!(
        split["only_first"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "d5-d6")
    );
    // The node is the position after the path, under the first reading.
    let node = split["node"].as_str().unwrap();
    assert!(node.contains("3P4"), "{node}");
    assert_eq!(doc["perft"].as_array().unwrap().len(), 3);
}

#[test]
fn check_as_json_has_its_stages_and_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = feerie_in(
        dir.path(),
        &[
            "check",
            "--fuzz-solve",
            "0",
            "--fuzz",
            "3",
            "--seed",
            "2",
            "--only",
            "orthodox",
            "--quiet",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["command"], "check");
    assert_eq!(doc["verdict"], "ok");
    assert_eq!(doc["seed"], 2);
    assert_eq!(doc["counts"]["compared"], 6);
    assert_eq!(doc["suites"][0]["name"], "fuzz");
    assert!(err.contains("check result: ok."), "{err}");
}

#[test]
fn a_report_in_a_missing_folder_is_refused_before_any_work() {
    for args in [
        &[
            "check",
            "--fuzz-solve",
            "0",
            "--fuzz",
            "1",
            "--report",
            "/nonexistent/r.html",
        ][..],
        &[
            "dispute",
            "--fen",
            CIRCE,
            "--rules",
            "circe",
            "--switch",
            "rex",
            "--report",
            "/nonexistent/r.html",
        ],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(
            err.contains("/nonexistent") && err.contains("does not exist"),
            "{err}"
        );
    }
}

#[test]
fn a_bad_format_is_refused_in_one_line() {
    let (code, out, err) = run(&["moves", "--fen", CIRCE, "--format", "xml"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("xml") && err.contains("json"), "{err}");
}
