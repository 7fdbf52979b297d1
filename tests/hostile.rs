//! Hostile inputs against the built binary: each must end with exit 0, 1 or 2, within seconds,
//! with one clear line on stderr (never a panic, a stack overflow, a hang or a silent choice).

mod common;

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::Path;
use std::time::Duration;

use common::{Stdout, feerie_bounded};

const K: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A scenario that passes.
const GOOD: &str = "name: kings\nsource: test\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nexpect: { perft: { 1: 5 } }\n";
/// A scenario whose expectation is wrong (5 moves, not 6).
const WRONG: &str = "name: wrong\nsource: test\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nexpect: { perft: { 1: 6 } }\n";

/// One hostile case: what to run, where its output goes, the exit code and what stderr says.
struct Case {
    name: &'static str,
    args: Vec<OsString>,
    stdout: Stdout,
    code: i32,
    /// Stderr contains this (empty: stderr must be empty, as after a closed pipe).
    says: &'static str,
}

fn case(name: &'static str, args: &[&str], code: i32, says: &'static str) -> Case {
    Case {
        name,
        args: args.iter().map(OsString::from).collect(),
        stdout: Stdout::Captured,
        code,
        says,
    }
}

/// A scenario folder holding `files` (name, text) under a fresh temporary folder.
fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

fn path(dir: &Path) -> String {
    dir.to_str().unwrap().to_string()
}

/// The flags of a `check` that runs in a moment: no campaigns, perft at depth 1, no progress.
const QUICK_CHECK: [&str; 7] = [
    "--fuzz",
    "0",
    "--fuzz-solve",
    "0",
    "--max-depth",
    "1",
    "--quiet",
];

#[test]
fn hostile_inputs_end_cleanly_with_one_line() {
    // Scenario folders: a link loop, a FIFO, a link to an endless device, an oversized file,
    // a perft depth no run can reach, an empty file.
    let looped = folder(&[("good.yaml", GOOD)]);
    std::fs::create_dir(looped.path().join("sub")).unwrap();
    std::os::unix::fs::symlink("..", looped.path().join("sub/a")).unwrap();
    let fifo = folder(&[("good.yaml", GOOD)]);
    let status = std::process::Command::new("mkfifo")
        .arg(fifo.path().join("x.yaml"))
        .status()
        .unwrap();
    assert!(status.success());
    let zero = folder(&[("good.yaml", GOOD)]);
    std::os::unix::fs::symlink("/dev/zero", zero.path().join("z.yaml")).unwrap();
    let big = folder(&[("big.yaml", &format!("# {}\n{GOOD}", "x".repeat(2 << 20)))]);
    let deep = folder(&[("deep.yaml", &GOOD.replace("{ 1: 5 }", "{ 100000: 5 }"))]);
    let empty = folder(&[("empty.yaml", "")]);
    // Inputs read whole elsewhere: a Popeye file and a perft suite that are a FIFO.
    let fifos = tempfile::tempdir().unwrap();
    std::fs::create_dir(fifos.path().join("perft")).unwrap();
    for name in ["p.inp", "perft/x.txt"] {
        let status = std::process::Command::new("mkfifo")
            .arg(fifos.path().join(name))
            .status()
            .unwrap();
        assert!(status.success());
    }
    let fifo_inp = path(&fifos.path().join("p.inp"));
    let fifo_perft = path(&fifos.path().join("perft"));
    let malformed = folder(&[("bad.yaml", "name: x\nsource: s\nposition: { fen: 'x' }\n")]);
    let wrong = folder(&[("wrong.yaml", WRONG)]);
    let huge_fen = format!("{K} {}", "Q".repeat(100 * 1024));
    let scenarios = format!("{ROOT}/scenarios");
    let check_in = |dir: &tempfile::TempDir| -> Vec<String> {
        let mut args = vec!["check".to_string(), "--scenarios".into(), path(dir.path())];
        args.extend(QUICK_CHECK.iter().map(|s| s.to_string()));
        args
    };
    let owned = |v: Vec<String>| -> Vec<OsString> { v.into_iter().map(OsString::from).collect() };

    let mut cases = vec![
        // Depths that overflowed the stack.
        case(
            "deep perft",
            &[
                "perft", "--engine", "bitboard", "--depth", "1000", "--fen", K,
            ],
            2,
            "at most 32",
        ),
        case(
            "deep perft, threads",
            &[
                "perft",
                "--engine",
                "bitboard",
                "--depth",
                "300",
                "--threads",
                "2",
                "--fen",
                K,
            ],
            2,
            "at most 32",
        ),
        case(
            "deep check",
            &["check", "--fuzz-solve", "0", "--depth", "100000"],
            2,
            "at most 32",
        ),
        case(
            "deep check perft",
            &["check", "--fuzz-solve", "0", "--max-depth", "100000"],
            2,
            "at most 32",
        ),
        case(
            "deep dispute",
            &[
                "dispute", "--depth", "100000", "--fen", K, "--switch", "rex",
            ],
            2,
            "at most 32",
        ),
        case(
            "deep uci-perft",
            &["uci-perft", "--depth", "100000", "--fen", K],
            2,
            "at most 32",
        ),
        // Threads and counts that ran away.
        case(
            "many threads",
            &["perft", "--depth", "3", "--threads", "100000", "--fen", K],
            2,
            "at most 256",
        ),
        case(
            "many jobs",
            &["check", "--fuzz-solve", "0", "--jobs", "100000"],
            2,
            "at most 256",
        ),
        case(
            "fuzz overflow",
            &[
                "check",
                "--fuzz-solve",
                "0",
                "--fuzz",
                "18446744073709551615",
            ],
            2,
            "--fuzz",
        ),
        case(
            "solving fuzz overflow",
            &["check", "--fuzz-solve", "18446744073709551615"],
            2,
            "--fuzz-solve",
        ),
        case(
            "fuzz as a float",
            &["check", "--fuzz-solve", "0", "--fuzz", "1e10"],
            2,
            "--fuzz",
        ),
        // Made lazily: the missing engine is seen before any position is made.
        case(
            "many random positions",
            &[
                "uci-perft",
                "--uci",
                "/nonexistent/engine",
                "--random",
                "18446744073709551615",
                "--depth",
                "1",
            ],
            2,
            "/nonexistent/engine",
        ),
        // Flags checked before any work (the shipped perft suites would take a while).
        case(
            "bad --only",
            &[
                "check",
                "--fuzz-solve",
                "0",
                "--only",
                "circe",
                "--only",
                "chess960",
            ],
            2,
            "chess960",
        ),
        case(
            "bad --junit",
            &[
                "check",
                "--fuzz-solve",
                "0",
                "--junit",
                "/nonexistent/folder/x.xml",
            ],
            2,
            "--junit",
        ),
        case(
            "missing --scenarios",
            &[
                "check",
                "--fuzz-solve",
                "0",
                "--scenarios",
                "/nonexistent/folder",
            ],
            2,
            "does not exist",
        ),
        case(
            "file as --reproducers",
            &["check", "--fuzz-solve", "0", "--reproducers", "README.md"],
            2,
            "not a folder",
        ),
        case(
            "Popeye input from /dev/zero",
            &["moves", "--popeye", "/dev/zero"],
            2,
            "not a regular file",
        ),
        case(
            "Popeye input from a FIFO",
            &["moves", "--popeye", &fifo_inp],
            2,
            "not a regular file",
        ),
        case(
            "Popeye replay of a FIFO and an endless device",
            &["popeye", "replay", &fifo_inp, "/dev/zero"],
            2,
            "not a regular file",
        ),
        case(
            "perft suite from a FIFO",
            &["check", "--fuzz-solve", "0", "--perft", &fifo_perft],
            2,
            "not a regular file",
        ),
        // Silent choices.
        case(
            "dispute over a switch also set",
            &[
                "dispute",
                "--fen",
                K,
                "--switch",
                "rex",
                "--set",
                "rex=inclusive",
            ],
            2,
            "conflicts with --switch",
        ),
        case(
            "dispute over profiles with a profile",
            &[
                "dispute",
                "--fen",
                K,
                "--profiles",
                "documented,popeye",
                "--profile",
                "popeye",
            ],
            2,
            "conflicts with --profiles",
        ),
        case(
            "a profile twice",
            &["dispute", "--fen", K, "--profiles", "popeye,popeye"],
            2,
            "twice",
        ),
        case(
            "seed without random",
            &["uci-perft", "--seed", "3", "--fen", K, "--depth", "1"],
            2,
            "--seed",
        ),
        case(
            "switch set twice",
            &[
                "moves",
                "--fen",
                K,
                "--set",
                "rex=inclusive",
                "--set",
                "rex=exclusive",
            ],
            2,
            "set twice",
        ),
        case(
            "orthodox with a condition",
            &["moves", "--fen", K, "--rules", "orthodox,circe"],
            2,
            "orthodox",
        ),
        case(
            "empty rules",
            &["moves", "--fen", K, "--rules", ""],
            2,
            "empty rule",
        ),
        case(
            "only commas",
            &["moves", "--fen", K, "--rules", ",,,"],
            2,
            "empty rule",
        ),
        case(
            "a condition twice",
            &["moves", "--fen", K, "--rules", "circe", "--rules", "circe"],
            2,
            "twice",
        ),
        case(
            "two reserves",
            &[
                "moves",
                "--fen",
                &format!("{K} bSh6"),
                "--rules",
                "circe-parrain",
                "--reserve",
                "wSd3",
            ],
            2,
            "already has a reserve",
        ),
        // Messages.
        case("huge FEN", &["moves", "--fen", &huge_fen], 2, "FEN reserve"),
        case("clap error", &["moves", "--bogus"], 2, "--bogus"),
        case("missing flag", &["perft", "--fen", K], 2, "--depth"),
        case(
            "dispute names both readings",
            &["dispute", "--fen", K],
            2,
            "--profiles",
        ),
    ];
    for (name, dir, code, says) in [
        ("link loop", &looped, 2, "link loop"),
        ("FIFO", &fifo, 2, "not a regular file"),
        ("link to /dev/zero", &zero, 2, "not a regular file"),
        ("oversized scenario", &big, 2, "bytes"),
        ("unreachable perft depth", &deep, 2, "above the maximum"),
        ("empty scenario", &empty, 2, "empty file"),
        ("malformed scenario on stderr", &malformed, 2, "bad.yaml:3"),
    ] {
        cases.push(Case {
            name,
            args: owned(check_in(dir)),
            stdout: Stdout::Captured,
            code,
            says,
        });
    }
    // A device as --junit or --report is refused before any work, and left alone.
    for flag in ["--junit", "--report"] {
        let mut device = check_in(&wrong);
        device.extend([flag.into(), "/dev/full".into()]);
        cases.push(Case {
            name: "a device as a report",
            args: owned(device),
            stdout: Stdout::Captured,
            code: 2,
            says: "/dev/full is a device",
        });
    }
    // A failed expectation stays exit 1 when the JUnit report cannot be written after it (a
    // name too long for the file system fails only when the file is put in place).
    let mut junit_long = check_in(&wrong);
    junit_long.extend([
        "--junit".into(),
        format!("{}/{}.xml", path(wrong.path()), "x".repeat(300)),
    ]);
    cases.push(Case {
        name: "JUnit write fails after a failure",
        args: owned(junit_long),
        stdout: Stdout::Captured,
        code: 1,
        says: "JUnit report not written",
    });
    // A scenario of the run as --junit is refused, and left alone.
    let mut junit_input = check_in(&wrong);
    junit_input.extend(["--junit".into(), path(&wrong.path().join("wrong.yaml"))]);
    cases.push(Case {
        name: "an input as a report",
        args: owned(junit_input),
        stdout: Stdout::Captured,
        code: 2,
        says: "one of the command's inputs",
    });
    // Invalid UTF-8 in a flag's value.
    cases.push(Case {
        name: "invalid UTF-8",
        args: vec![
            "moves".into(),
            "--fen".into(),
            OsString::from_vec(vec![0xff, b'/']),
        ],
        stdout: Stdout::Captured,
        code: 2,
        says: "--fen",
    });
    // Closed pipe and full disk.
    cases.push(Case {
        name: "check | head -1",
        args: owned(
            [
                "check",
                "--fuzz-solve",
                "0",
                "--scenarios",
                &scenarios,
                "--fuzz",
                "0",
                "--max-depth",
                "1",
                "--quiet",
            ]
            .map(String::from)
            .to_vec(),
        ),
        stdout: Stdout::FirstLineOnly,
        code: 0,
        says: "",
    });
    for args in [
        vec!["moves", "--fen", K],
        vec!["popeye", "export", "--fen", K],
        vec!["perft", "--fen", K, "--depth", "2", "--divide"],
        vec![
            "check",
            "--fuzz-solve",
            "0",
            "--scenarios",
            &scenarios,
            "--fuzz",
            "0",
            "--max-depth",
            "1",
            "--quiet",
        ],
    ] {
        cases.push(Case {
            name: "stdout on a full disk",
            args: args.into_iter().map(OsString::from).collect(),
            stdout: Stdout::Full,
            code: 2,
            says: "No space left on device",
        });
    }

    assert!(cases.len() >= 35, "{}", cases.len());
    let mut problems = Vec::new();
    for c in &cases {
        let run = feerie_bounded(Path::new(ROOT), &c.args, c.stdout, Duration::from_secs(60));
        let lines: Vec<&str> = run
            .err
            .lines()
            .filter(|l| !l.starts_with("note:"))
            .collect();
        let fine = run.code == Some(c.code)
            && !run.err.contains("panicked")
            && if c.says.is_empty() {
                run.err.is_empty()
            } else {
                run.err.contains(c.says)
                    && lines
                        .iter()
                        .all(|l| l.starts_with("error: ") && l.len() < 1000)
                    && (lines.len() == 1 || c.args.first().is_some_and(|a| a == "check"))
            }
            && run.elapsed < Duration::from_secs(30);
        if !fine {
            problems.push(format!(
                "{}: exit {:?} in {:.1} s (expected {}, stderr saying '{}')\n  stderr: {}",
                c.name,
                run.code,
                run.elapsed.as_secs_f64(),
                c.code,
                c.says,
                cut(&run.err)
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The refused paths were left as they were.
    assert_eq!(
        std::fs::read_to_string(wrong.path().join("wrong.yaml")).unwrap(),
        WRONG
    );
    assert!(
        std::fs::metadata("/dev/full")
            .map(|m| !m.is_file())
            .unwrap_or(true)
    );
}

/// A scenario nested 200,000 levels deep (brackets, or `- ` entries on one line) is refused
/// by a scan before the YAML parser, whose time grows with the square of the depth.
#[test]
fn deeply_nested_scenarios_are_refused_at_once() {
    for (name, text) in [
        ("brackets", "[".repeat(200_000)),
        ("maps", format!("name: {}x\n", "{a: ".repeat(200_000))),
        ("entries", format!("{}x\n", "- ".repeat(200_000))),
    ] {
        let dir = folder(&[("deep.yaml", &text)]);
        let args: Vec<OsString> = ["check", "--scenarios", &path(dir.path())]
            .into_iter()
            .chain(QUICK_CHECK)
            .map(OsString::from)
            .collect();
        let run = feerie_bounded(
            Path::new(ROOT),
            &args,
            Stdout::Captured,
            Duration::from_secs(60),
        );
        assert_eq!(run.code, Some(2), "{name}: {}", cut(&run.err));
        assert!(
            run.err.contains("nested more than 32 levels deep"),
            "{name}: {}",
            cut(&run.err)
        );
        assert!(
            run.elapsed < Duration::from_secs(3),
            "{name}: {:.1} s",
            run.elapsed.as_secs_f64()
        );
    }
}

/// Without `--quiet` and with stderr a pipe, `check` prints plain progress lines; a stage that
/// ends at once does not wait for the thread that prints them (it used to wait 5 s a stage).
#[test]
fn a_quick_check_does_not_wait_for_its_progress_lines() {
    let dir = tempfile::tempdir().unwrap();
    let (scenarios, perft) = common::small_check_folders(dir.path());
    let args: Vec<OsString> = [
        "check",
        "--scenarios",
        &path(&scenarios),
        "--perft",
        &path(&perft),
        "--fuzz",
        "2",
        "--fuzz-solve",
        "1",
        "--only",
        "circe",
        "--jobs",
        "1",
        "--max-depth",
        "1",
        // A seed whose problem-like positions solve at once: a seed from the clock may draw
        // one whose `h#2` or `ser-h#3` takes seconds, which is no wait for progress lines.
        "--seed",
        "2",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    let run = feerie_bounded(
        dir.path(),
        &args,
        Stdout::Captured,
        Duration::from_secs(120),
    );
    assert_eq!(run.code, Some(0), "{}", cut(&run.err));
    // Plain lines, one pair per stage: the stages ran with their progress on.
    let stages = run.err.matches(" to go").count();
    assert!(stages >= 3, "{stages} stages: {}", cut(&run.err));
    // Each stage takes well under a second; a wait of 5 s a stage would take 15 s or more.
    assert!(
        run.elapsed < Duration::from_secs(4),
        "{stages} stages in {:.1} s",
        run.elapsed.as_secs_f64()
    );
}

/// The start of a long stderr, for the failure message.
fn cut(text: &str) -> String {
    text.chars().take(600).collect()
}

/// A reproducer is created like any other file (the umask decides), not private.
#[test]
fn reproducers_follow_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let written = feerie::harness::write_new(dir.path(), "case", "a: 1\n").unwrap();
    let plain = dir.path().join("plain.yaml");
    std::fs::write(&plain, "a: 1\n").unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(written.path()), mode(&plain));
    // No scratch file is left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}
