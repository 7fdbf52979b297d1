//! Running the `feerie` binary from the integration tests, and finding the shared data.

// Each test file uses its own part of this module.
#![allow(dead_code)]

pub mod browser;
pub mod planted;

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Writes `body` to `dir/name` as an executable script (a stand-in for an outside program).
pub fn executable(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Runs `feerie` with `args` in `dir`: exit code, stdout, stderr.
pub fn feerie_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_feerie"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Where a bounded run's standard output goes.
#[derive(Clone, Copy, Debug)]
pub enum Stdout {
    /// Captured whole.
    Captured,
    /// `/dev/full`: every write fails with "no space left on device".
    Full,
    /// A pipe whose reader goes away after the first line (`| head -1`).
    FirstLineOnly,
}

/// What a bounded run gave.
#[derive(Debug)]
pub struct Bounded {
    /// Exit code (`None`: ended by a signal).
    pub code: Option<i32>,
    /// Standard output (the first line only for [`Stdout::FirstLineOnly`]).
    pub out: String,
    /// Standard error.
    pub err: String,
    /// Time taken.
    pub elapsed: Duration,
}

/// Runs `feerie` with raw arguments in `dir`, killing it (and failing the test) when it takes
/// longer than `limit`.
pub fn feerie_bounded(
    dir: &Path,
    args: &[std::ffi::OsString],
    stdout: Stdout,
    limit: Duration,
) -> Bounded {
    let started = Instant::now();
    let mut command = Command::new(env!("CARGO_BIN_EXE_feerie"));
    command
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stderr(Stdio::piped());
    match stdout {
        Stdout::Captured | Stdout::FirstLineOnly => command.stdout(Stdio::piped()),
        Stdout::Full => command.stdout(Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full"),
        )),
    };
    let mut child = command.spawn().expect("runs");
    let mut err_pipe = child.stderr.take().expect("piped");
    let err_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = err_pipe.read_to_string(&mut text);
        text
    });
    let out_reader = child.stdout.take().map(|pipe| {
        std::thread::spawn(move || {
            let mut reader = BufReader::new(pipe);
            let mut text = String::new();
            match stdout {
                Stdout::FirstLineOnly => {
                    let _ = reader.read_line(&mut text);
                    // Dropping the reader closes the pipe, as `head -1` does.
                }
                _ => {
                    let _ = reader.read_to_string(&mut text);
                }
            }
            text
        })
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("feerie {args:?} still ran after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Bounded {
        code: status.code(),
        out: out_reader
            .map(|r| r.join().expect("reads"))
            .unwrap_or_default(),
        err: err_reader.join().expect("reads"),
        elapsed: started.elapsed(),
    }
}

/// Says that the running test did not run, and why, as `skipped: TEST: WHY` on standard
/// error. The line is written to the stream itself, past libtest's capture (which keeps what
/// `eprintln!` prints in a passing test out of sight), so that it shows in the normal output
/// of `cargo test`.
pub fn skip(why: impl std::fmt::Display) {
    use std::io::Write;
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    // One write of the whole line, so that it does not interleave with libtest's own output.
    let line = format!("skipped: {test}: {why}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// Whether this run must not skip for want of outside data or programs: one of `vars` is set
/// (to anything but empty or `0`), or CI is `true`. In CI everything is there, and a test that
/// skipped there would pass without checking anything.
pub fn required(vars: &[&str]) -> bool {
    vars.iter()
        .any(|name| std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0"))
        || std::env::var("CI").is_ok_and(|v| v == "true")
}

/// `../shared/RELATIVE` (the shared data beside the repository), or `None` after
/// [`skip`] when it is absent. When [`required`] by `vars` (FEERIE_REQUIRE_SHARED is always
/// one of them), an absent path fails the test instead.
pub fn shared_path(relative: &str, vars: &[&str]) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(relative);
    if path.exists() {
        return Some(path);
    }
    let mut all = vec!["FEERIE_REQUIRE_SHARED"];
    all.extend_from_slice(vars);
    if required(&all) {
        panic!(
            "{} is absent, and {} or CI=true says it must be there",
            path.display(),
            all.join(" or ")
        );
    }
    skip(format_args!(
        "no {} (the shared data beside the repository; see the README)",
        path.display()
    ));
    None
}

/// A folder of the shared data beside the repository (`../shared/NAME`), or `None` with a
/// `skipped` line when it is absent; a failure instead under FEERIE_REQUIRE_SHARED or CI=true.
pub fn shared_dir(name: &str) -> Option<PathBuf> {
    shared_path(name, &[])
}

/// The shared Popeye 4.104 binary (`../shared/tools/popeye/py`), or `None` with a `skipped`
/// line when it is absent; a failure instead under FEERIE_REQUIRE_POPEYE,
/// FEERIE_REQUIRE_SHARED or CI=true.
pub fn shared_popeye() -> Option<PathBuf> {
    shared_path("tools/popeye/py", &["FEERIE_REQUIRE_POPEYE"])
}

/// Writes under `dir` a folder `scenarios` with one Plain Circe scenario (a rook takes a knight
/// reborn on g1) and a folder `perft` with one orthodox suite of one count, and returns the two
/// folders: a `feerie check` that runs in a moment.
pub fn small_check_folders(dir: &Path) -> (PathBuf, PathBuf) {
    let scenarios = dir.join("scenarios");
    std::fs::create_dir(&scenarios).unwrap();
    std::fs::write(
        scenarios.join("knight.yaml"),
        "name: a rook takes a knight, reborn on g1\nsource: RULES.md, Plain Circe\n\
         rules: { conditions: [circe] }\nposition: { fen: \"r3k3/8/8/8/8/N2K4/8/8 b - - 1 19\" }\n\
         expect:\n  include: [\"Ra8*a3[+wSg1]\"]\n",
    )
    .unwrap();
    let perft = dir.join("perft");
    std::fs::create_dir(&perft).unwrap();
    std::fs::write(
        perft.join("orthodox.txt"),
        "# rules: orthodox\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ; 1=5\n",
    )
    .unwrap();
    (scenarios, perft)
}

/// A file of `tests/data/verify`, the recorded Popeye inputs and outputs the verification
/// tests read.
pub fn verify_data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/verify")
        .join(name)
}

/// The text of a file of `tests/data/verify`.
pub fn verify_data_text(name: &str) -> String {
    let path = verify_data(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `popeye verify INPUT OUTPUT` with the lines held bounded by `hold` (none: the default
/// bound; a small one sends a section down the digest path): exit code and standard output.
pub fn verify_holding(input: &Path, output: &Path, hold: Option<usize>) -> (i32, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_feerie"));
    command.args(["popeye", "verify"]).arg(input).arg(output);
    match hold {
        Some(n) => command.env("FEERIE_VERIFY_HOLD_LINES", n.to_string()),
        None => command.env_remove("FEERIE_VERIFY_HOLD_LINES"),
    };
    let out = command.output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// A solution line of Popeye's with its first move number one more: a tampering every check
/// of move numbers must catch.
pub fn move_number_raised(line: &str) -> String {
    let start = line.len() - line.trim_start().len();
    let digits = line[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .count();
    let n: usize = line[start..start + digits].parse().expect("a move number");
    format!("{}{}{}", &line[..start], n + 1, &line[start + digits..])
}

/// A `popeye verify` shard document written by hand: one case, problem `k` of two shards,
/// with `outcome` (a `differ` names one move only Popeye gives), written in `schema`, with
/// the verdict and exit code a passing run has.
pub fn verify_shard(k: u64, outcome: &str, schema: serde_json::Value) -> serde_json::Value {
    serde_json::json!({
        "command": "popeye verify",
        "schema": schema,
        "version": "0",
        "verdict": "ok",
        "exit_code": 0,
        "engine": "bitboard",
        "input": "p.inp",
        "output": "p.out",
        "input_fingerprint": "0123456789abcdef",
        "problem": null,
        "shard": format!("{k}/2"),
        "counts": { "cases": 1, "agree": 1, "differ": 0, "skipped": 0 },
        "cases": [{
            "index": k - 1,
            "name": format!("problem {k}"),
            "problem": k,
            "twin": "",
            "outcome": outcome,
            "only_popeye": [],
            "only_ours": if outcome == "differ" { vec!["1.Qa1-a8 #"] } else { vec![] },
        }],
        "seconds": 0.0,
    })
}

/// What `feerie solve` prints with `engine` for `fen` under `stipulation` and `rules` (it must
/// exit 0).
fn solve_output(engine: &str, fen: &str, stipulation: &str, rules: &str) -> String {
    let (code, out, err) = feerie_in(
        Path::new("."),
        &[
            "solve",
            "--engine",
            engine,
            "--fen",
            fen,
            "--stipulation",
            stipulation,
            "--rules",
            rules,
        ],
    );
    assert_eq!(code, 0, "{stipulation}: {err}");
    out
}

/// The solution lines `feerie solve` prints with `engine` for `fen` under `stipulation` and
/// `rules`, as a set, each with its spaces collapsed (`1.Rd1-c1 + Kc6*b6 2.Rc1-a1 Rh2-h8 #`).
pub fn solved_lines(
    engine: &str,
    fen: &str,
    stipulation: &str,
    rules: &str,
) -> std::collections::BTreeSet<String> {
    solve_output(engine, fen, stipulation, rules)
        .lines()
        .filter(|l| l.trim_start().starts_with("1."))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// The reports of `popeye verify` (bitboard engine) on Popeye's output for `input`, run live
/// by the shared binary; `None` (and a note) when the binary is absent and not required.
pub fn verify_live(input: &str) -> Option<Vec<feerie::verify::CaseReport>> {
    let py = shared_path("tools/popeye/py", &["FEERIE_REQUIRE_POPEYE"])?;
    let (output, _) =
        feerie::external::popeye::run_popeye_file(&py, input, Duration::from_secs(60))
            .expect("Popeye runs");
    Some(
        feerie::verify::verify(
            input,
            &output,
            None,
            &feerie::bitboard::BitboardEngine,
            &feerie::solve::Options::default(),
        )
        .expect("Popeye's output verifies"),
    )
}

/// Asserts that each of `reports` agrees with at least one solution.
pub fn assert_each_agrees(reports: &[feerie::verify::CaseReport]) {
    for r in reports {
        assert!(
            matches!(r.outcome, feerie::verify::Outcome::Agree(n) if n > 0),
            "{}: {:?}",
            r.name,
            r.outcome
        );
    }
}

/// The outcome of `popeye verify` (bitboard engine) on the first case of `input` against the
/// carried Popeye `output`.
pub fn verify_carried(input: &str, output: &str) -> feerie::verify::Outcome {
    let reports = feerie::verify::verify(
        input,
        output,
        None,
        &feerie::bitboard::BitboardEngine,
        &feerie::solve::Options::default(),
    )
    .expect("the input reads");
    reports.into_iter().next().expect("a case").outcome
}

/// The conditions of feerie's families as Popeye names them, for problems asked under each.
pub const FAMILY_CONDITIONS: [&str; 6] = [
    "circe",
    "circe parrain",
    "circe clone",
    "equipollentscirce",
    "frankfurtchess",
    "protean",
];

/// One Popeye input of a problem for each of [`FAMILY_CONDITIONS`] and each `(stipulation,
/// options)` of `cases`, on `pieces`, separated by `next`.
pub fn under_family_conditions(cases: &[(&str, &str)], pieces: &str) -> String {
    let problems: Vec<String> = FAMILY_CONDITIONS
        .iter()
        .flat_map(|condition| {
            cases.iter().map(move |(stipulation, options)| {
                format!(
                    "option noboard {options}\ncondition {condition}\nstipulation \
                     {stipulation}\npieces {pieces}\n"
                )
            })
        })
        .collect();
    format!("beginproblem\n{}endproblem\n", problems.join("next\n"))
}

/// Asserts that each of `reports` agrees (with or without solutions), and returns how many
/// have solutions.
pub fn assert_each_agrees_counting(reports: &[feerie::verify::CaseReport]) -> usize {
    for r in reports {
        assert!(
            matches!(r.outcome, feerie::verify::Outcome::Agree(_)),
            "{}: {:?}",
            r.name,
            r.outcome
        );
    }
    reports
        .iter()
        .filter(|r| matches!(r.outcome, feerie::verify::Outcome::Agree(n) if n > 0))
        .count()
}

/// The keys `feerie solve` prints with `engine` for `fen` under `stipulation` (`1.Qh5-d1 + !`,
/// marks and all), orthodox.
pub fn solved_keys(
    engine: &str,
    fen: &str,
    stipulation: &str,
) -> std::collections::BTreeSet<String> {
    solve_output(engine, fen, stipulation, "orthodox")
        .lines()
        .filter(|l| l.starts_with("   1."))
        .map(|l| l.trim().to_string())
        .collect()
}
