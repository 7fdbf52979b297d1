//! `--format jsonl`: one JSON object per line, a `case` line for each finished case of `check`
//! and `popeye verify`, then a `summary` line that is the `--format json` document of the same
//! run (apart from the time it took).

mod common;

use std::path::Path;

use common::feerie_in;
use serde_json::Value;

/// Every line of `out` as JSON (each must parse).
fn json_lines(out: &str) -> Vec<Value> {
    assert!(out.ends_with('\n'), "{out}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// `value` without what differs from run to run: the time taken (`seconds`, anywhere) and,
/// with `stages`, the stage lines (which state speeds).
fn timeless(mut value: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(fields) => {
                fields.remove("seconds");
                fields.remove("stages");
                fields.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut value);
    value
}

/// The `case` lines and the summary (without its `line` field) of a JSON-lines output.
fn split(out: &str) -> (Vec<Value>, Value) {
    let mut lines = json_lines(out);
    let mut summary = lines.pop().expect("a summary line");
    assert_eq!(summary["line"], "summary", "the last line");
    summary.as_object_mut().unwrap().remove("line");
    for l in &lines {
        assert_eq!(l["line"], "case", "{l}");
    }
    (lines, summary)
}

/// Runs `feerie` in `dir` with `args` and `--format FORMAT`; exit code and stdout.
fn run(dir: &Path, args: &[&str], format: &str) -> (i32, String) {
    let mut all = args.to_vec();
    all.extend(["--format", format]);
    let (code, out, err) = feerie_in(dir, &all);
    assert!(code == 0 || code == 1, "{all:?}: {err}");
    (code, out)
}

#[test]
fn check_writes_each_stage_s_cases_then_its_document() {
    let dir = tempfile::tempdir().unwrap();
    // Run in `dir`, the check names its folders relatively.
    common::small_check_folders(dir.path());
    let args = [
        "check",
        "--scenarios",
        "scenarios",
        "--perft",
        "perft",
        "--fuzz",
        "4",
        "--fuzz-solve",
        "1",
        "--seed",
        "8",
        "--only",
        "circe",
        "--jobs",
        "1",
        "--quiet",
    ];
    let (code, document) = run(dir.path(), &args, "json");
    let document: Value = serde_json::from_str(&document).unwrap();
    let (lines_code, out) = run(dir.path(), &args, "jsonl");
    assert_eq!(lines_code, code);
    let (cases, summary) = split(&out);
    assert_eq!(timeless(summary.clone()), timeless(document.clone()));
    // One line per case of every suite, in the suites' order, each naming its suite.
    let expected: Vec<(String, String)> = summary["suites"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| {
            s["cases"].as_array().unwrap().iter().map(|c| {
                (
                    s["name"].as_str().unwrap().to_string(),
                    c["name"].as_str().unwrap().to_string(),
                )
            })
        })
        .collect();
    let streamed: Vec<(String, String)> = cases
        .iter()
        .map(|c| {
            assert_eq!(c["command"], "check");
            (
                c["suite"].as_str().unwrap().to_string(),
                c["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(streamed, expected);
    let suites: Vec<&str> = summary["suites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(
        suites.len() >= 4,
        "perft, scenarios, comparison, fuzz: {suites:?}"
    );
}

#[test]
fn popeye_verify_writes_each_case_then_its_document() {
    let Some(popeye) = common::shared_dir("popeye") else {
        return;
    };
    let input = popeye.join("EXAMPLES__lastcap.inp");
    let output = popeye.join("EXAMPLES__lastcap.ref");
    let args = [
        "popeye",
        "verify",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
        "--engine",
        "bitboard",
    ];
    let dir = tempfile::tempdir().unwrap();
    let (code, document) = run(dir.path(), &args, "json");
    let document: Value = serde_json::from_str(&document).unwrap();
    let (lines_code, out) = run(dir.path(), &args, "jsonl");
    assert_eq!(lines_code, code);
    let (cases, summary) = split(&out);
    assert_eq!(timeless(summary.clone()), timeless(document.clone()));
    assert!(!cases.is_empty());
    // Each case line is the document's case, in order.
    let cases: Vec<Value> = cases
        .into_iter()
        .map(|mut c| {
            c.as_object_mut().unwrap().remove("line");
            c
        })
        .collect();
    assert_eq!(Value::Array(cases), document["cases"]);
    assert!(
        document["counts"]["agree"].as_u64().unwrap() >= 1,
        "{document}"
    );

    // `feerie merge` reads a JSON-lines file by its last line, the document.
    std::fs::write(dir.path().join("whole.jsonl"), &out).unwrap();
    let (code, merged, err) = feerie_in(dir.path(), &["merge", "whole.jsonl"]);
    assert_eq!(code, lines_code, "{err}");
    let merged: Value = serde_json::from_str(&merged).unwrap();
    assert_eq!(merged["cases"], document["cases"]);
    assert_eq!(merged["merged"], serde_json::json!(["1/1"]));
}
