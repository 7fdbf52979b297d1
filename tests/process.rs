//! Outside programs under limits: stand-in shell scripts that hang, flood or echo must end within
//! the deadline with a clear error, for the runner itself, for the UCI engine and for the
//! `popeye compare` and `uci-perft` commands.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use feerie::external::process::{Program, RunError, Stream};
use feerie::external::uci::UciEngine;

fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Whether a process with this id still runs (a zombie waiting for its reaper does not).
fn alive(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())) {
        // The state follows the command name in parentheses.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with(['Z', 'X'])),
        Err(_) => false,
    }
}

#[test]
fn a_finished_program_gives_its_output_status_and_input() {
    let tmp = tempfile::tempdir().unwrap();
    let cat = script(tmp.path(), "cat", "cat; pwd; echo oops >&2; exit 3");
    let done = Program::new(&cat)
        .current_dir(tmp.path())
        .stdin("line one\n")
        .run()
        .unwrap();
    let folder = std::fs::canonicalize(tmp.path()).unwrap();
    assert_eq!(
        done.stdout_text(),
        format!("line one\n{}\n", folder.display())
    );
    assert_eq!(done.stderr_text(), "oops\n");
    assert_eq!(done.status.code(), Some(3));
}

#[test]
fn a_hanging_program_and_what_it_started_are_killed_at_the_deadline() {
    let tmp = tempfile::tempdir().unwrap();
    let pid_file = tmp.path().join("pid");
    // The script starts a child of its own that keeps the pipes open, and writes its id.
    let hang = script(
        tmp.path(),
        "hang",
        &format!("sleep 30 &\necho $! > {}\nwait", pid_file.display()),
    );
    let start = Instant::now();
    let result = Program::new(&hang)
        .deadline(Duration::from_millis(500))
        .run();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(5), "took {took:?}");
    let err = result.unwrap_err();
    assert!(matches!(err, RunError::Timeout { .. }), "{err:?}");
    let message = err.to_string();
    assert!(
        message.contains("no answer within 0.5 s") && message.contains("--timeout"),
        "{message}"
    );
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    assert!(!alive(&pid), "the script's sleep {pid} survived");
}

#[test]
fn a_flooding_program_is_stopped_at_the_output_bound() {
    let tmp = tempfile::tempdir().unwrap();
    let flood = script(tmp.path(), "flood", "yes flood");
    let start = Instant::now();
    let err = Program::new(&flood)
        .max_output(1 << 20)
        .deadline(Duration::from_secs(30))
        .run()
        .unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(10));
    assert!(
        matches!(
            err,
            RunError::TooMuchOutput {
                stream: Stream::Stdout,
                limit: 1048576,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("more than 1 MiB"), "{err}");

    let flood_err = script(tmp.path(), "flood_err", "yes flood >&2");
    let err = Program::new(&flood_err)
        .max_output(1 << 16)
        .run()
        .unwrap_err();
    assert!(
        matches!(
            err,
            RunError::TooMuchOutput {
                stream: Stream::Stderr,
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn an_output_written_to_a_file_is_not_kept_and_still_bounded() {
    let tmp = tempfile::tempdir().unwrap();
    let echo = script(tmp.path(), "echo", "echo one; echo two; echo oops >&2");
    let file = tmp.path().join("out");
    let done = Program::new(&echo).stdout_to(&file).run().unwrap();
    assert!(done.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "one\ntwo\n");
    assert_eq!(done.stderr_text(), "oops\n");

    let flood = script(tmp.path(), "flood", "yes flood");
    let err = Program::new(&flood)
        .stdout_to(&file)
        .max_output(1 << 20)
        .deadline(Duration::from_secs(30))
        .run()
        .unwrap_err();
    assert!(
        matches!(
            err,
            RunError::TooMuchOutput {
                stream: Stream::Stdout,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(std::fs::metadata(&file).unwrap().len() <= 1 << 20);

    let nowhere = tmp.path().join("no/such/folder/out");
    let err = Program::new(&echo).stdout_to(&nowhere).run().unwrap_err();
    assert!(err.to_string().contains("output"), "{err}");
}

#[test]
fn a_missing_program_cannot_start() {
    let err = Program::new("/nonexistent/feerie-test-program")
        .run()
        .unwrap_err();
    assert!(matches!(err, RunError::Start { .. }), "{err:?}");
    assert!(err.to_string().contains("cannot start"), "{err}");
}

#[test]
fn uci_engines_that_hang_echo_flood_or_end_give_clear_errors_in_time() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = [
        // Reads its input and never answers.
        ("silent", "cat > /dev/null", "no answer within"),
        // Echoes every line back: never `uciok`.
        ("echo", "cat", "no answer within"),
        // Floods its output with lines.
        ("flood", "yes info string flood", "more than"),
        // One endless line without a line end.
        (
            "longline",
            "tr -d '\\n' < /dev/zero | tr '\\0' x",
            "more than",
        ),
        // Answers the handshake, then ends.
        (
            "quitter",
            "read l; echo uciok; read l; echo readyok; exit 4",
            "ended unexpectedly (exit code 4)",
        ),
    ];
    for (name, body, expected) in cases {
        let engine = script(tmp.path(), name, body);
        let start = Instant::now();
        let result =
            UciEngine::start_with_timeout(engine.to_str().unwrap(), Duration::from_secs(1))
                .map_err(feerie::external::ExternalError::from)
                .and_then(|mut e| e.perft(&feerie::oracle::Position::start(), 1).map(|_| ()));
        let took = start.elapsed();
        let err = result.expect_err(name);
        assert!(err.to_string().contains(expected), "{name}: {err}");
        assert!(took < Duration::from_secs(8), "{name} took {took:?}");
    }
}

fn feerie(args: &[&str]) -> (i32, String, String, Duration) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_feerie"))
        .args(args)
        .env_remove("POPEYE")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        start.elapsed(),
    )
}

#[test]
fn the_commands_stop_a_hanging_program_at_their_timeout() {
    let tmp = tempfile::tempdir().unwrap();
    let hang = script(tmp.path(), "hang", "sleep 30");
    let (code, out, err, took) = feerie(&[
        "popeye",
        "compare",
        "--fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "--py",
        hang.to_str().unwrap(),
        "--timeout",
        "1",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("no answer within 1 s"), "{out}{err}");
    assert!(took < Duration::from_secs(10), "took {took:?}");

    let (code, out, err, took) = feerie(&[
        "uci-perft",
        "--uci",
        hang.to_str().unwrap(),
        "--fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "--depth",
        "1",
        "--timeout",
        "1",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("no answer within 1 s"), "{err}");
    assert!(took < Duration::from_secs(10), "took {took:?}");

    let (code, _, err, _) = feerie(&[
        "uci-perft",
        "--uci",
        hang.to_str().unwrap(),
        "--fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "--depth",
        "1",
        "--timeout",
        "0",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--timeout must be at least 1"), "{err}");
}
