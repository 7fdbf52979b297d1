//! `feerie popeye campaign`: the stages in order within the budget, the verdict (0 only when
//! every stage compared something and nothing differs), the first finding of each stage printed
//! at once, and its flags and outputs checked before any work. The live runs use the shared
//! Popeye 4.104 binary and skip, saying so, where it is absent.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::{Bounded, Stdout, executable, feerie_bounded, shared_popeye};

/// Runs `feerie popeye campaign ARGS` in `dir`, failing the test past `limit`.
fn campaign(dir: &Path, args: &[&str], limit: Duration) -> Bounded {
    let mut all: Vec<std::ffi::OsString> = vec!["popeye".into(), "campaign".into()];
    all.extend(args.iter().map(Into::into));
    feerie_bounded(dir, &all, Stdout::Captured, limit)
}

fn repo(relative: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(relative)
        .display()
        .to_string()
}

/// A stand-in for a solver with one bug: the real Popeye, with the first line of its output
/// that shows a king's first move deleted.
fn solver_missing_a_king_move(dir: &Path, popeye: &Path) -> PathBuf {
    let script = format!(
        "#!/bin/sh\n'{}' \"$@\" | sed '0,/^ *1\\.K/{{/^ *1\\.K/d}}'\n",
        popeye.display()
    );
    executable(dir, "buggy-solver", &script)
}

/// A stand-in for a solver named `name` that runs `fault` (a shell command) on every input
/// stating a Circe condition and is the real Popeye otherwise.
fn solver_faulting_under_circe(dir: &Path, popeye: &Path, name: &str, fault: &str) -> PathBuf {
    let script = format!(
        "#!/bin/sh\nfor input; do :; done\nif grep -qi circe \"$input\"; then {fault}; fi\nexec '{}' \"$@\"\n",
        popeye.display()
    );
    executable(dir, name, &script)
}

/// A solver that crashes (a segmentation fault) under Circe.
fn solver_crashing_under_circe(dir: &Path, popeye: &Path) -> PathBuf {
    solver_faulting_under_circe(dir, popeye, "crashing-solver", "kill -SEGV $$")
}

/// A solver that hangs (never answers) under Circe.
fn solver_hanging_under_circe(dir: &Path, popeye: &Path) -> PathBuf {
    solver_faulting_under_circe(dir, popeye, "hanging-solver", "exec sleep 600")
}

/// A small campaign of `binary` over the scenarios of `scenarios` (a path in the repository) and
/// a few fuzzed Circe positions and problems, its document on stdout.
fn small_campaign(dir: &Path, binary: &str, scenarios: &str) -> Bounded {
    let scenarios = repo(scenarios);
    let args = [
        "--py",
        binary,
        "--budget",
        "90",
        "--scenarios",
        &scenarios,
        "--fuzz",
        "2",
        "--fuzz-solve",
        "1",
        "--families",
        "circe",
        "--reproducers",
        "found",
        "--format",
        "json",
        "--quiet",
    ];
    campaign(dir, &args, Duration::from_secs(400))
}

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn stage<'a>(doc: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    doc["stages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no stage {name}: {doc}"))
}

#[test]
fn a_campaign_that_agrees_runs_every_stage_in_order_and_writes_its_reports() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    let py = py.display().to_string();
    let verify = repo("tests/data/verify/deutsch.inp");
    let scenarios = repo("scenarios/circe");
    let r = campaign(
        dir.path(),
        &[
            "--py",
            &py,
            "--budget",
            "60",
            "--scenarios",
            &scenarios,
            "--verify",
            &verify,
            "--fuzz",
            "3",
            "--fuzz-solve",
            "1",
            "--families",
            "circe,frankfurt",
            "--format",
            "json",
            "--junit",
            "c.xml",
            "--report",
            "c.html",
        ],
        Duration::from_secs(300),
    );
    assert_eq!(r.code, Some(0), "{}\n{}", r.out, r.err);
    let doc = json(&r.out);
    let names: Vec<&str> = doc["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["scenarios", "fuzz", "fuzz-solve", "verify", "metamorphic"]
    );
    for name in names {
        let s = stage(&doc, name);
        assert!(s["compared"].as_u64().unwrap() > 0, "{s}");
        assert_eq!(s["differ"], 0, "{s}");
    }
    // The fuzz stages asked exactly their cap, in seeded order: the run repeats.
    assert_eq!(stage(&doc, "fuzz")["count"], 3);
    assert_eq!(stage(&doc, "fuzz-solve")["count"], 1);
    assert_eq!(doc["seed"], 20261123, "the default seed is fixed");
    assert!(r.err.contains("seed 20261123"), "{}", r.err);
    let xml = std::fs::read_to_string(dir.path().join("c.xml")).unwrap();
    assert_eq!(xml.matches("<testsuite ").count(), 5, "{xml}");
    assert!(xml.contains("popeye campaign: verify"), "{xml}");
    let html = std::fs::read_to_string(dir.path().join("c.html")).unwrap();
    assert!(html.contains("fuzz-solve"), "{html}");
}

#[test]
fn a_stage_that_compares_nothing_fails_the_run_and_says_which() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    let py = py.display().to_string();
    // Popeye has no magic pieces: every one of these scenarios is skipped.
    let magic = repo("scenarios/magic");
    let r = campaign(
        dir.path(),
        &[
            "--py",
            &py,
            "--budget",
            "60",
            "--scenarios",
            &magic,
            "--fuzz",
            "1",
            "--fuzz-solve",
            "1",
            "--families",
            "circe",
            "--quiet",
        ],
        Duration::from_secs(300),
    );
    assert_eq!(r.code, Some(1), "{}\n{}", r.out, r.err);
    assert!(
        r.out.contains("the scenarios stage compared nothing"),
        "{}",
        r.out
    );
    // A verified file whose every case is skipped fails the same way.
    let skipped = dir.path().join("skipped.inp");
    std::fs::write(
        &skipped,
        "begin\ncondition superguards\npieces white ke1 qd1 black ke8 pe7\nstipulation h#2\nend\n",
    )
    .unwrap();
    let r = campaign(
        dir.path(),
        &[
            "--py",
            &py,
            "--budget",
            "60",
            "--scenarios",
            &repo("scenarios/circe"),
            "--fuzz",
            "0",
            "--fuzz-solve",
            "0",
            "--verify",
            "skipped.inp",
            "--quiet",
        ],
        Duration::from_secs(300),
    );
    assert_eq!(r.code, Some(1), "{}\n{}", r.out, r.err);
    assert!(
        r.out.contains("the verify stage compared nothing"),
        "{}",
        r.out
    );
    // The stages turned off are not run, and do not fail the run by themselves.
    assert!(r.out.contains("not asked (--fuzz 0)"), "{}", r.out);
}

#[test]
fn a_difference_exits_1_and_each_stage_prints_its_first_finding_at_once() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    let buggy = solver_missing_a_king_move(dir.path(), &py);
    let buggy = buggy.display().to_string();
    let r = small_campaign(dir.path(), &buggy, "scenarios/circe");
    assert_eq!(r.code, Some(1), "{}\n{}", r.out, r.err);
    let doc = json(&r.out);
    // The text (on stderr under --format json) has one line per stage's first finding.
    for s in doc["stages"].as_array().unwrap() {
        let name = s["name"].as_str().unwrap();
        let lines = r
            .err
            .lines()
            .filter(|l| l.starts_with(&format!("FOUND by {name}: ")))
            .count();
        let found = s["findings"].as_array().unwrap().len();
        assert_eq!(
            lines,
            usize::from(found > 0),
            "{name}: {found} finding(s)\n{}",
            r.err
        );
    }
    assert!(r.err.contains("FOUND by fuzz: "), "{}", r.err);
    let fuzz = stage(&doc, "fuzz");
    assert!(fuzz["differ"].as_u64().unwrap() > 0, "{fuzz}");
    let reproducer = fuzz["findings"][0]["reproducer"].as_str().unwrap();
    assert!(dir.path().join(reproducer).is_file() || Path::new(reproducer).is_file());
    // A finding stops nothing: the later stages still ran and compared.
    assert!(stage(&doc, "fuzz-solve")["compared"].as_u64().unwrap() > 0);
    assert_eq!(doc["exit_code"], 1);
}

/// A crash of the binary on fuzzed positions or problems is a finding of the stage (exit 1),
/// laid at the door of the position or problem it crashes on alone, not an error of the run.
#[test]
fn a_crash_in_the_fuzz_stages_is_a_finding() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    let crashing = solver_crashing_under_circe(dir.path(), &py)
        .display()
        .to_string();
    let r = small_campaign(dir.path(), &crashing, "scenarios/orthodox");
    assert_eq!(r.code, Some(1), "{}\n{}", r.out, r.err);
    let doc = json(&r.out);
    for name in ["fuzz", "fuzz-solve"] {
        let s = stage(&doc, name);
        assert_eq!(s["errors"].as_array().unwrap().len(), 0, "{name}: {s}");
        let findings = s["findings"].as_array().unwrap();
        assert!(!findings.is_empty(), "{name}: {s}");
        assert!(
            findings.iter().all(|f| f.to_string().contains("crashed")),
            "{name}: {s}"
        );
    }
    assert!(
        stage(&doc, "scenarios")["agree"].as_u64().unwrap() > 0,
        "{doc}"
    );
}

/// A hang of the binary on a fuzzed position (no answer within the hang bound when asked
/// alone) is a finding of the fuzz stage, laid at that position's door, not an error of the run;
/// the positions after it in its run are not asked.
#[test]
fn a_hang_in_the_fuzz_stage_is_a_finding() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    let hanging = solver_hanging_under_circe(dir.path(), &py)
        .display()
        .to_string();
    let r = campaign(
        dir.path(),
        &[
            "--py",
            &hanging,
            "--budget",
            "150",
            // A run is stopped after 12 s: just past the 10 s a hang needs, so that the hang
            // is seen in twice that rather than at the end of the fuzz stage.
            "--timeout",
            "12",
            "--scenarios",
            &repo("scenarios/orthodox"),
            "--fuzz",
            "2",
            "--families",
            "circe",
            "--reproducers",
            "found",
            "--fail-fast",
            "--format",
            "json",
            "--quiet",
        ],
        Duration::from_secs(400),
    );
    assert_eq!(r.code, Some(1), "{}\n{}", r.out, r.err);
    let doc = json(&r.out);
    let fuzz = stage(&doc, "fuzz");
    assert_eq!(fuzz["errors"].as_array().unwrap().len(), 0, "{fuzz}");
    let findings = fuzz["findings"].as_array().unwrap();
    assert!(
        findings.iter().any(|f| f
            .to_string()
            .contains("Popeye hung on this position: no answer within")),
        "{fuzz}"
    );
    // The other position of the hung run was not asked.
    assert!(fuzz["skipped"].as_u64().unwrap() >= 1, "{fuzz}");
    assert!(
        stage(&doc, "scenarios")["agree"].as_u64().unwrap() > 0,
        "{doc}"
    );
}

/// `--fail-fast`: the first finding ends the campaign (the later stages are not run, exit 1);
/// `--coverage` adds the rule events of what was compared, as a table and in the document.
#[test]
fn fail_fast_stops_at_the_first_finding_and_coverage_counts_the_events() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    let buggy = solver_missing_a_king_move(dir.path(), &py)
        .display()
        .to_string();
    let r = campaign(
        dir.path(),
        &[
            "--py",
            &buggy,
            "--budget",
            "120",
            "--scenarios",
            &repo("scenarios/circe"),
            "--families",
            "circe",
            "--reproducers",
            "found",
            "--fail-fast",
            "--coverage",
            "--format",
            "json",
            "--quiet",
        ],
        Duration::from_secs(400),
    );
    assert_eq!(r.code, Some(1), "{}\n{}", r.out, r.err);
    let doc = json(&r.out);
    assert!(r.err.contains("FOUND by scenarios: "), "{}", r.err);
    for later in ["fuzz", "fuzz-solve"] {
        assert_eq!(stage(&doc, later)["ran"], false, "{later}: {doc}");
        assert_eq!(stage(&doc, later)["compared"], 0, "{later}: {doc}");
    }
    // Well within the budget: only the scenarios ran, up to their first finding.
    assert!(doc["seconds"].as_f64().unwrap() < 60.0, "{doc}");
    let events = doc["coverage"]["events"]
        .as_array()
        .expect("a coverage object");
    assert!(!events.is_empty(), "{doc}");
    assert!(doc["coverage"]["moves"].as_u64().unwrap() > 0, "{doc}");
}

#[test]
fn a_small_budget_ends_the_run_in_about_that_time() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    let py = py.display().to_string();
    let started = std::time::Instant::now();
    let r = campaign(
        dir.path(),
        &["--py", &py, "--budget", "10", "--format", "json", "--quiet"],
        Duration::from_secs(120),
    );
    let elapsed = started.elapsed();
    assert_eq!(r.code, Some(0), "{}\n{}", r.out, r.err);
    // Generous: each stage stops starting work at its deadline; what is under way finishes.
    assert!(elapsed < Duration::from_secs(40), "{elapsed:?}");
    let doc = json(&r.out);
    assert!(stage(&doc, "fuzz")["count"].as_u64().unwrap() >= 1, "{doc}");
    assert_eq!(stage(&doc, "verify")["ran"], false);
}

#[test]
fn bad_flags_exit_2_with_one_line_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.inp"), "hello world\n").unwrap();
    // A runnable stand-in for the binary: each case must fail on its own flag, before the
    // binary is ever run.
    let cases: [(&[&str], &str); 8] = [
        (&["--budget", "0"], "--budget"),
        (&["--budget", "soon"], "--budget"),
        (&["--verify", "absent.inp"], "absent.inp"),
        (&["--verify", "bad.inp"], "beginproblem"),
        (&["--scenarios", "absent"], "--scenarios"),
        (&["--families", "nonesuch"], "nonesuch"),
        (&["--depth", "9"], "--depth"),
        (&["--format", "yaml"], "yaml"),
    ];
    for (args, said) in cases {
        let all = [&["--py", "/bin/sh"][..], args].concat();
        let r = campaign(dir.path(), &all, Duration::from_secs(60));
        assert_eq!(r.code, Some(2), "{args:?}: {}\n{}", r.out, r.err);
        assert_eq!(r.err.trim().lines().count(), 1, "{args:?}: {}", r.err);
        assert!(r.err.contains(said), "{args:?}: {}", r.err);
        assert!(r.out.is_empty(), "{args:?}: {}", r.out);
    }
}

#[test]
fn outputs_never_replace_an_input_or_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("p.inp");
    let problem = "begin\npieces white ke1 qd1 black ke8\nstipulation #1\nend\n";
    std::fs::write(&input, problem).unwrap();
    for args in [
        &["--verify", "p.inp", "--report", "p.inp"][..],
        &["--verify", "p.inp", "--junit", "p.inp"],
        &["--junit", "same.xml", "--report", "same.xml"],
    ] {
        let all = [&["--py", "/bin/sh"][..], args].concat();
        let r = campaign(dir.path(), &all, Duration::from_secs(60));
        assert_eq!(r.code, Some(2), "{args:?}: {}\n{}", r.out, r.err);
        assert_eq!(r.err.trim().lines().count(), 1, "{args:?}: {}", r.err);
        let flag = if args.contains(&"--report") {
            "--report"
        } else {
            "--junit"
        };
        assert!(r.err.contains(flag), "{args:?}: {}", r.err);
        assert_eq!(std::fs::read_to_string(&input).unwrap(), problem);
        assert!(!dir.path().join("same.xml").exists());
    }
}
