//! Hostile outputs and interruptions against the built binary: a closed or failing standard
//! output, output paths that name one file twice or an input, a broken book, control bytes in
//! an error, and SIGINT or SIGTERM in the middle of a run of Popeye.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const MATE: &str = "4k3/8/4K3/8/8/8/8/7R w - - 0 1";
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const FEERIE: &str = env!("CARGO_BIN_EXE_feerie");

/// Runs `feerie ARGS` through `sh` with `redirect` applied to it (`>&-`): exit code, stderr.
fn with_redirect(dir: &Path, redirect: &str, args: &[&str]) -> (i32, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" \"$@\" {redirect}"))
        .arg(FEERIE)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn verify_data() -> PathBuf {
    Path::new(ROOT).join("tests/data/verify")
}

#[test]
fn a_closed_or_failing_standard_output_is_an_error() {
    let data = verify_data();
    let solve = ["solve", "--fen", MATE, "--stipulation", "#1"];
    let verify = [
        "popeye",
        "verify",
        "goals.inp",
        "goals.out",
        "--format",
        "jsonl",
    ];
    let moves = ["moves", "--fen", MATE];
    for args in [&solve[..], &verify[..], &moves[..]] {
        for redirect in [">&-", "1</dev/null", ">/dev/full"] {
            let (code, err) = with_redirect(&data, redirect, args);
            assert_eq!(code, 2, "{args:?} {redirect}: {err}");
            // Under --format jsonl the text goes to stderr: the error is its one error line,
            // and the last.
            let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error")).collect();
            assert_eq!(errors.len(), 1, "{args:?} {redirect}: {err}");
            assert_eq!(err.lines().last(), errors.first().copied(), "{err}");
            assert!(
                errors[0].starts_with("error: cannot write to standard output"),
                "{args:?} {redirect}: {err}"
            );
        }
    }
    // Standard output thrown away on purpose is not an error.
    let (code, err) = with_redirect(&data, ">/dev/null", &solve);
    assert_eq!(code, 0, "{err}");
}

/// A stand-in for Popeye that records its pid in `pids` and sleeps; with `banner`, the first
/// run (the version probe) prints Popeye's banner instead.
fn sleeping_popeye(dir: &Path, pids: &Path, banner: bool) -> PathBuf {
    let probed = dir.join("probed");
    let body = if banner {
        format!(
            "if [ -e '{p}' ]; then echo $$ >> '{pids}'; sleep 60; fi\ntouch '{p}'\n\
             echo 'Popeye Linux-6.1-64Bit v4.104 (1024 MB)'\n",
            p = probed.display(),
            pids = pids.display()
        )
    } else {
        format!("echo $$ >> '{}'\nsleep 60\n", pids.display())
    };
    let path = dir.join(if banner { "py-banner" } else { "py" });
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Whether process `pid` has ended (gone, or a zombie waiting for its reaper).
fn ended(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

/// Starts `feerie ARGS` with its temporary folder `tmp`, waits until Popeye runs (a pid in
/// `pids`), sends `signal`, and checks the exit code, that `tmp` is empty and that Popeye is
/// gone.
fn interrupted(args: &[&str], tmp: &Path, pids: &Path, signal: i32, code: i32) {
    let mut child = Command::new(FEERIE)
        .args(args)
        .env("TMPDIR", tmp)
        .env_remove("POPEYE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let started = Instant::now();
    while std::fs::read_to_string(pids).map_or(true, |p| p.trim().is_empty()) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{args:?}: Popeye never started"
        );
        if let Some(status) = child.try_wait().unwrap() {
            panic!("{args:?} ended before Popeye ran: {status}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        std::fs::read_dir(tmp).unwrap().next().is_some(),
        "{args:?}: no temporary file while Popeye runs"
    );
    // SAFETY: kill(2) on the child we started.
    unsafe {
        libc::kill(child.id() as libc::pid_t, signal);
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    let left: Vec<_> = std::fs::read_dir(tmp)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(left.is_empty(), "{args:?} left {left:?}");
    for pid in std::fs::read_to_string(pids).unwrap().split_whitespace() {
        let started = Instant::now();
        while !ended(pid) {
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "{args:?}: Popeye ({pid}) still runs"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn a_signal_during_a_popeye_run_removes_the_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let input = verify_data().join("goals.inp");
    for (signal, code) in [(libc::SIGINT, 130), (libc::SIGTERM, 143)] {
        let run = tempfile::tempdir_in(dir.path()).unwrap();
        let (tmp, pids) = (run.path().join("tmp"), run.path().join("pids"));
        std::fs::create_dir(&tmp).unwrap();
        let py = sleeping_popeye(run.path(), &pids, false);
        interrupted(
            &[
                "popeye",
                "verify",
                input.to_str().unwrap(),
                "--py",
                py.to_str().unwrap(),
            ],
            &tmp,
            &pids,
            signal,
            code,
        );
        let run = tempfile::tempdir_in(dir.path()).unwrap();
        let (tmp, pids) = (run.path().join("tmp"), run.path().join("pids"));
        std::fs::create_dir(&tmp).unwrap();
        let py = sleeping_popeye(run.path(), &pids, true);
        let reproducers = run.path().join("reproducers");
        interrupted(
            &[
                "popeye",
                "fuzz",
                "--py",
                py.to_str().unwrap(),
                "--fuzz",
                "2",
                "--seed",
                "1",
                "--jobs",
                "2",
                "--reproducers",
                reproducers.to_str().unwrap(),
            ],
            &tmp,
            &pids,
            signal,
            code,
        );
    }
}

#[test]
fn output_paths_are_distinct_from_each_other_and_from_every_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let popeye = common::shared_popeye();
    // A Popeye binary of our own, so that nothing shared is at risk: a copy, or a script.
    let py = d.join("py");
    match &popeye {
        Some(real) => {
            std::fs::copy(real, &py).unwrap();
        }
        None => {
            std::fs::write(&py, "#!/bin/sh\nexit 3\n").unwrap();
            std::fs::set_permissions(&py, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
    }
    let binary = std::fs::read(&py).unwrap();
    let input = verify_data().join("goals.inp");
    let (input, py_arg) = (input.to_str().unwrap(), py.to_str().unwrap());
    let same_as_py = format!("{}/./py", d.display());
    let shard = d.join("shard.json");
    std::fs::write(&shard, "{}").unwrap();
    let pos = d.join("p.inp");
    std::fs::write(
        &pos,
        "begin\npieces white ke1 black ke8\nstipulation ~1\nend\n",
    )
    .unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec![
                "popeye", "verify", input, "--py", py_arg, "--report", py_arg,
            ],
            "inputs",
        ),
        (
            vec![
                "popeye",
                "verify",
                input,
                "--py",
                py_arg,
                "--report",
                &same_as_py,
            ],
            "inputs",
        ),
        (
            vec![
                "popeye", "compare", "--fen", MATE, "--py", py_arg, "--junit", py_arg,
            ],
            "inputs",
        ),
        (
            vec![
                "merge",
                shard.to_str().unwrap(),
                "--junit",
                "x.out",
                "--report",
                "./x.out",
            ],
            "--junit writes too",
        ),
        (
            vec![
                "merge",
                shard.to_str().unwrap(),
                "-o",
                "y.out",
                "--report",
                "y.out",
            ],
            "-o writes too",
        ),
        (
            vec!["check", "--junit", "z.out", "--report", "z.out"],
            "--junit writes too",
        ),
        (
            vec![
                "popeye", "verify", input, "--py", py_arg, "--report", "w.out", "--junit", "w.out",
            ],
            "--report writes too",
        ),
        (
            vec!["popeye", "verify", input, "--py", py_arg, "--junit", py_arg],
            "inputs",
        ),
        (
            vec![
                "popeye",
                "export",
                "--popeye",
                pos.to_str().unwrap(),
                "-o",
                pos.to_str().unwrap(),
            ],
            "inputs",
        ),
    ];
    for (args, says) in &cases {
        let (code, out, err) = common::feerie_in(d, args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert_eq!(
        std::fs::read(&py).unwrap(),
        binary,
        "the binary was replaced"
    );
    assert!(std::fs::read_to_string(&pos).unwrap().starts_with("begin"));
    for name in ["x.out", "y.out", "z.out", "w.out"] {
        assert!(!d.join(name).exists(), "{name} was written");
    }
}

#[test]
fn merge_into_a_missing_folder_or_a_failing_file_stops_without_a_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let scenarios = dir.path().join("scenarios");
    std::fs::create_dir(&scenarios).unwrap();
    std::fs::write(
        scenarios.join("kings.yaml"),
        "name: kings\nsource: test\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nexpect: { perft: { 1: 5 } }\n",
    )
    .unwrap();
    // A real shard's document: a quick check.
    let perft = Path::new(ROOT).join("corpus/perft");
    let (code, doc, err) = common::feerie_in(
        dir.path(),
        &[
            "check",
            "--scenarios",
            scenarios.to_str().unwrap(),
            "--perft",
            perft.to_str().unwrap(),
            "--reproducers",
            scenarios.to_str().unwrap(),
            "--max-depth",
            "1",
            "--fuzz",
            "0",
            "--fuzz-solve",
            "0",
            "--quiet",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let shard = dir.path().join("a.json");
    std::fs::write(&shard, doc).unwrap();
    let shard = shard.to_str().unwrap();
    let (code, out, err) = common::feerie_in(dir.path(), &["merge", shard, "-o", "ok.json"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.trim_end().ends_with(": ok"), "{err}");
    for (output, says) in [
        ("missing/merged.json", "the folder missing does not exist"),
        ("/dev/full", "No space left"),
    ] {
        let (code, out, err) = common::feerie_in(dir.path(), &["merge", shard, "-o", output]);
        assert_eq!(code, 2, "{output}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{output}: {err}");
        assert!(
            err.contains(says) && !err.contains(": ok"),
            "{output}: {err}"
        );
        assert!(out.is_empty(), "{out}");
    }
}

#[test]
fn errors_escape_the_control_bytes_they_quote() {
    let dir = tempfile::tempdir().unwrap();
    // A command line of the input made of control bytes, and a file that is bytes from its
    // first line.
    let quoted = b"beginproblem\n\x01\x1b[31mred\x07\x08\r\xc2\x9b2J\nendproblem\n";
    std::fs::write(dir.path().join("binary.inp"), quoted).unwrap();
    let mut raw: Vec<u8> = b"\x1b[2J\x07".to_vec();
    raw.extend((0u8..=255).rev());
    std::fs::write(dir.path().join("raw.inp"), &raw).unwrap();
    for file in ["binary.inp", "raw.inp"] {
        let out = Command::new(FEERIE)
            .args(["moves", "--popeye", file])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err:?}");
        let line = err.trim_end_matches('\n');
        assert!(
            !line.chars().any(char::is_control),
            "a control character in {line:?}"
        );
        assert!(line.contains("\\x1b"), "{line}");
    }
}

/// A copy of the book's sources and the scenarios under a fresh root.
fn book_root() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(root.path().join("docs/book")).unwrap();
    for (from, to) in [("docs/book/src", "docs/book"), ("scenarios", ".")] {
        let status = Command::new("cp")
            .arg("-r")
            .arg(Path::new(ROOT).join(from))
            .arg(root.path().join(to))
            .status()
            .unwrap();
        assert!(status.success());
    }
    root
}

#[test]
fn the_book_refuses_unpaired_markers_and_pages_that_are_not_files() {
    let root = book_root();
    let r = root.path().to_str().unwrap();
    let page = root.path().join("docs/book/src/rules/circe.md");
    let text = std::fs::read_to_string(&page).unwrap();
    const END: &str = "<!-- end scenario -->";
    let at = text.find(END).expect("circe.md has examples");
    let line = text[..text[..at].rfind("<!-- scenario ").unwrap()]
        .matches('\n')
        .count()
        + 1;
    let broken = format!("{}{}", &text[..at], &text[at + END.len()..]);
    std::fs::write(&page, &broken).unwrap();
    for args in [
        vec!["book", "--root", r],
        vec!["book", "--root", r, "--check"],
    ] {
        let (code, out, err) = common::feerie_in(root.path(), &args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&format!("circe.md: line {line}: the marker of")),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&page).unwrap(), broken);
    }
    // An end marker with no opening.
    std::fs::write(&page, format!("{text}\n{END}\n")).unwrap();
    let (code, _, err) = common::feerie_in(root.path(), &["book", "--root", r]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("ends no marker"), "{err}");
    std::fs::write(&page, &text).unwrap();

    // A FIFO and a link to an endless device named like pages: refused at once.
    let fifo = root.path().join("docs/book/src/fifo.md");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let zero = root.path().join("docs/book/src/guide/zero.md");
    for (bad, says) in [(&fifo, "not a regular file"), (&zero, "symbolic link")] {
        if bad == &zero {
            std::fs::remove_file(&fifo).unwrap();
            std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        }
        let run = common::feerie_bounded(
            root.path(),
            &["book".into(), "--root".into(), r.into()],
            common::Stdout::Captured,
            Duration::from_secs(20),
        );
        assert_eq!(run.code, Some(2), "{}", run.err);
        assert_eq!(run.err.lines().count(), 1, "{}", run.err);
        assert!(run.err.contains(says), "{}", run.err);
    }
    std::fs::remove_file(&zero).unwrap();
    // A page beyond the bound (sparse: nothing is written to the disk).
    let big = root.path().join("docs/book/src/big.md");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(17 << 20)
        .unwrap();
    let (code, _, err) = common::feerie_in(root.path(), &["book", "--root", r, "--check"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("big.md") && err.contains("bytes"), "{err}");
    std::fs::remove_file(&big).unwrap();
    let (code, out, err) = common::feerie_in(root.path(), &["book", "--root", r, "--check"]);
    assert_eq!(code, 0, "{out}{err}");
}
