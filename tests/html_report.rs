//! The HTML report: a planted divergence (an engine that loses reborn knights) gives a
//! self-contained page with the node's diagram, the rebirth square outlined, both sides'
//! answers, the rules and the reproducer; a dispute's page draws magic, royal, reverse-pawn and
//! marked units distinctly. Each page is opened in headless Chromium, which must render it
//! without console errors; its screenshot is kept under `target/test-artifacts/`. Without
//! Chromium the browser part says it skipped, unless `FEERIE_REQUIRE_CHROMIUM` is set or CI is
//! `true`.

mod common;

use common::browser::render_in_chromium;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::planted::LostKnights;
use feerie::check::{CheckOptions, run_check};
use feerie::oracle::ReferenceEngine;
use feerie::shard::Shard;

static LOST_KNIGHTS: LostKnights = LostKnights;

/// Checks what every report must be: one file that fetches nothing.
fn assert_self_contained(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"));
    for (i, _) in html.match_indices("http") {
        assert!(
            html[i..].starts_with("http://www.w3.org/2000/svg"),
            "a reference outside the file: {}",
            &html[i..(i + 60).min(html.len())]
        );
    }
    for word in ["<script", "<link", "<img", "@import", "url("] {
        assert!(!html.contains(word), "{word}");
    }
}

/// Set in the copy of this test binary that the planted divergence's test runs: the path of
/// the report the copy's check writes.
const PLANTED_REPORT: &str = "FEERIE_TEST_PLANTED_REPORT";

/// `feerie check` with the planted engine, its folders beside `report`; the check must fail.
fn planted_check(report: &Path) {
    let dir = report.parent().expect("the report's folder");
    let (scenarios, perft) = common::small_check_folders(dir);
    let code = run_check(&CheckOptions {
        scenarios: Some(scenarios),
        reproducers: Some(dir.join("divergences")),
        perft: Some(perft),
        max_depth: 1,
        max_count: 1000,
        engines: vec![&ReferenceEngine, &LOST_KNIGHTS],
        fuzz: 0,
        fuzz_solve: 0,
        seed: 1,
        depth: 1,
        jobs: 1,
        only: Vec::new(),
        max_reports: 1,
        junit: None,
        progress: false,
        shard: Shard::WHOLE,
        json: false,
        report: Some(report.to_path_buf()),
        coverage: false,
    })
    .unwrap();
    assert_eq!(code, 1, "the planted divergence fails the check");
}

#[test]
fn a_planted_divergence_makes_a_report_with_its_diagram() {
    const NAME: &str = "a_planted_divergence_makes_a_report_with_its_diagram";
    if let Some(report) = std::env::var_os(PLANTED_REPORT) {
        planted_check(Path::new(&report));
        return;
    }
    // The check writes its text (the divergence, `check result: FAILED`) to standard output
    // itself, past libtest's capture: it runs in a copy of this test binary whose output is
    // captured, so that a passing run shows none of it.
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.html");
    let child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", NAME, "--test-threads", "1"])
        .env(PLANTED_REPORT, &report)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&child.stdout),
        String::from_utf8_lossy(&child.stderr)
    );
    assert!(child.status.success(), "{text}");
    assert!(text.contains("1 passed"), "{text}");
    assert!(text.contains("check result: FAILED."), "{text}");
    let html = std::fs::read_to_string(&report).unwrap();
    assert_self_contained(&html);
    assert!(html.contains("FAILED"));
    assert!(
        html.contains("after divergence: reference vs lost-knights"),
        "{html}"
    );
    assert!(
        html.contains("Ra8*a3[+wSg1]"),
        "the move in Popeye notation"
    );
    // The node and each side's position after the move, the rebirth square g1 outlined; the
    // scenario's colour-mirrored copy diverges too and has its three.
    assert_eq!(
        html.matches("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"diagram\"")
            .count(),
        6
    );
    assert!(html.contains("<title>g1</title>"), "the rebirth square");
    assert!(html.contains("rebirth_occupied=relaxed"), "every switch");
    assert!(
        html.contains("divergences/circe-after-"),
        "the reproducer: {html}"
    );
    render_in_chromium(&report, "check-report");
}

/// The report of a dispute on `fen` under Protean chess's `pawn_direction` to depth 3 (with
/// `more` flags), which must find a difference: its path and text.
fn protean_dispute_report(dir: &Path, fen: &str, more: &[&str]) -> (PathBuf, String) {
    let report = dir.join("dispute.html");
    let mut args = vec![
        "dispute",
        "--fen",
        fen,
        "--rules",
        "protean",
        "--switch",
        "pawn_direction",
        "--depth",
        "3",
        "--report",
        report.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    let (code, _, err) = common::feerie_in(dir, &args);
    assert_eq!(code, 1, "{err}");
    let html = std::fs::read_to_string(&report).unwrap();
    (report, html)
}

#[test]
fn a_dispute_report_draws_each_kind_of_unit_distinctly() {
    let dir = tempfile::tempdir().unwrap();
    let (report, html) = protean_dispute_report(
        dir.path(),
        "4k3/8/2(bmB)5/3p4/4B3/8/(wPP)7/4K2(wpR) w - - 0 1",
        &["--limit", "2"],
    );
    assert_self_contained(&html);
    assert!(html.contains("the readings differ"));
    let first = html.split("<section").nth(1).expect("a section");
    for class in [
        "unit magic",
        "unit reverse-pawn",
        "unit marked",
        "unit royal",
    ] {
        assert!(first.contains(&format!("class=\"{class}\"")), "{class}");
    }
    assert!(first.contains("pRh4*e4=pPP"), "{first}");
    assert!(first.contains("<title>e4</title>"), "the mutation square");
    render_in_chromium(&report, "dispute-report");
}

/// Below the root the same path may leave another position under each reading: the card draws
/// each reading's node, so that a move listed as legal under a reading stands beside its own
/// board, and names only the switch in dispute.
#[test]
fn a_dispute_card_draws_each_reading_s_node_and_the_switch_in_dispute() {
    let dir = tempfile::tempdir().unwrap();
    let (report, html) =
        protean_dispute_report(dir.path(), "4k3/8/8/3p4/4B3/8/8/4K3 w - - 0 1", &[]);
    let card = html
        .split("<section")
        .find(|s| s.contains("Be4*d5=P | Be4*d5=PP"))
        .expect("a card after the capture written two ways");
    assert!(card.contains("the node under pawn_direction=own"), "{card}");
    assert!(
        card.contains("the node under pawn_direction=opposing"),
        "{card}"
    );
    assert_eq!(card.matches("class=\"diagram\"").count(), 2, "{card}");
    // The white pawn on d5 under one reading, the reverse pawn under the other.
    assert!(card.contains("8/3k4/8/3P4/8/8/8/4K3 w - - 1 2"), "{card}");
    assert!(
        card.contains("8/3k4/8/3(wPP)4/8/8/8/4K3 w - - 1 2"),
        "{card}"
    );
    assert!(card.contains("pawn_direction: own | opposing"), "{card}");
    assert!(
        !card.contains("rebirth_occupied"),
        "only the switch in dispute: {card}"
    );
    render_in_chromium(&report, "dispute-nodes");
}

#[test]
fn a_popeye_comparison_report_shows_each_difference_with_its_diagram() {
    let Some(py) = common::shared_popeye() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("compare.html");
    let junit = dir.path().join("compare.xml");
    // The Parrain scenarios under their own (documented) rules: profile differences with Popeye.
    let (code, _, err) = common::feerie_in(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &[
            "popeye",
            "compare",
            "--scenarios",
            "scenarios/circe-parrain",
            "--py",
            py.to_str().unwrap(),
            "--report",
            report.to_str().unwrap(),
            "--junit",
            junit.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&report).unwrap();
    assert_self_contained(&html);
    let sections = html.matches("<section").count();
    assert!(sections >= 1, "the profile differences");
    assert_eq!(html.matches("class=\"diagram\"").count(), sections);
    assert!(
        html.contains("profile-difference: scenarios/circe-parrain/"),
        "{html}"
    );
    assert!(html.contains("only Popeye") || html.contains("only ours"));
    assert!(
        html.contains("Parrain reserve: wPd4"),
        "the reserve under its diagram"
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("<testsuite name=\"popeye compare\"") && xml.contains("failures=\"0\""),
        "{xml}"
    );
    render_in_chromium(&report, "popeye-compare-report");
}

#[test]
fn a_verify_report_shows_a_planted_difference_with_its_diagram() {
    let Some(popeye) = common::shared_dir("popeye") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("lastcap.inp");
    std::fs::copy(popeye.join("EXAMPLES__lastcap.inp"), &input).unwrap();
    // Popeye's output without the key of the second problem: a solution only we give.
    let expected = std::fs::read_to_string(popeye.join("EXAMPLES__lastcap.ref")).unwrap();
    let key = "   1.Qf2-c5[+wRd7] # !\n";
    assert!(
        expected.contains(key),
        "the shared output changed: {expected}"
    );
    let output = dir.path().join("lastcap.ref");
    std::fs::write(&output, expected.replace(key, "")).unwrap();
    let report = dir.path().join("verify.html");
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &[
            "popeye",
            "verify",
            "lastcap.inp",
            "lastcap.ref",
            "--engine",
            "bitboard",
            "--report",
            report.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "the planted difference: {out}{err}");
    assert!(out.contains("problem 2 #1: DIFFER"), "{out}");
    let html = std::fs::read_to_string(&report).unwrap();
    assert_self_contained(&html);
    assert!(html.contains("FAILED"));
    // One section, for the differing problem only, with its diagram.
    assert_eq!(html.matches("<section").count(), 1, "{html}");
    assert_eq!(
        html.matches("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"diagram\"")
            .count(),
        1
    );
    let section = html.split("<section").nth(1).unwrap();
    assert!(section.contains("differ: problem 2 #1"), "{section}");
    assert!(
        section.contains("only ours") && section.contains("1.Qf2-c5[+wRd7] # !"),
        "{section}"
    );
    assert!(section.contains("<title>d7</title>"), "the rebirth square");
    assert!(section.contains("circe-parrain"), "the rules: {section}");
    render_in_chromium(&report, "popeye-verify-report");

    // A report that cannot be written is refused in one line before any solving.
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &[
            "popeye",
            "verify",
            "lastcap.inp",
            "lastcap.ref",
            "--report",
            "missing/verify.html",
        ],
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("the folder missing does not exist"), "{err}");

    // The report may not replace an input: refused before any solving, the input intact.
    let input_text = std::fs::read_to_string(&input).unwrap();
    for inp in ["lastcap.inp", "lastcap.ref"] {
        let (code, _, err) = common::feerie_in(
            dir.path(),
            &[
                "popeye",
                "verify",
                "lastcap.inp",
                "lastcap.ref",
                "--report",
                inp,
            ],
        );
        assert_eq!(code, 2, "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains("one of the command's inputs"), "{err}");
    }
    assert_eq!(std::fs::read_to_string(&input).unwrap(), input_text);
    // A report that cannot be put in place at the end (a name too long for the file system)
    // is said on stderr, and the difference found still decides the exit code.
    let long = format!("{}.html", "x".repeat(300));
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &[
            "popeye",
            "verify",
            "lastcap.inp",
            "lastcap.ref",
            "--engine",
            "bitboard",
            "--report",
            &long,
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("cannot write the report"), "{err}");
}
