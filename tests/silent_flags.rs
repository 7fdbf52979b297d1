//! No silent flag: a flag that does not apply to what a command was asked is refused with one
//! line (exit 2), never taken and ignored.

mod common;

use std::path::Path;

const KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

#[test]
fn flags_that_do_not_apply_are_refused_with_one_line() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/verify");
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/circe");
    let scenarios = scenarios.to_str().unwrap();
    // (arguments, the flag the one line names)
    let cases: Vec<(Vec<&str>, &str)> = vec![
        // Popeye is run only when no output is given.
        (
            vec![
                "popeye",
                "verify",
                "goals.inp",
                "goals.out",
                "--py",
                "/bin/true",
            ],
            "--py",
        ),
        (
            vec![
                "popeye",
                "verify",
                "goals.inp",
                "goals.out",
                "--timeout",
                "5",
            ],
            "--timeout",
        ),
        (
            vec![
                "popeye",
                "replay",
                "goals.inp",
                "goals.out",
                "--timeout",
                "5",
            ],
            "--timeout",
        ),
        // A folder compares each input with the output beside it.
        (vec!["popeye", "verify", ".", "--py", "/bin/true"], "--py"),
        // Each scenario gives its own rules.
        (
            vec![
                "popeye",
                "compare",
                "--scenarios",
                scenarios,
                "--set",
                "circe_rebirth_on_occupied=cancel",
                "--py",
                "/bin/true",
            ],
            "--set",
        ),
        (
            vec![
                "popeye",
                "compare",
                "--scenarios",
                scenarios,
                "--rules",
                "circe",
                "--py",
                "/bin/true",
            ],
            "--rules",
        ),
        // Export runs no engine.
        (
            vec!["popeye", "export", "--fen", KINGS, "--engine", "reference"],
            "--engine",
        ),
        // No campaign, nothing for the campaigns' flags to choose.
        (
            vec!["check", "--fuzz", "0", "--fuzz-solve", "0", "--seed", "3"],
            "--seed",
        ),
        (
            vec![
                "check",
                "--fuzz",
                "0",
                "--fuzz-solve",
                "0",
                "--only",
                "circe",
            ],
            "--only",
        ),
        // The file gives the conditions of a solution dispute too.
        (
            vec![
                "dispute",
                "--popeye",
                "goals.inp",
                "--solve",
                "--profiles",
                "documented,popeye",
                "--rules",
                "circe",
            ],
            "--rules",
        ),
        // --sorted sorts the lines of help and series play; a direct mate prints its tree.
        (
            vec![
                "solve",
                "--fen",
                "4k3/8/4K3/8/8/8/8/7R w - - 0 1",
                "--stipulation",
                "#1",
                "--sorted",
            ],
            "--sorted",
        ),
        // A move dispute lists at least one differing node.
        (
            vec![
                "dispute",
                "--fen",
                KINGS,
                "--profiles",
                "documented,popeye",
                "--limit",
                "0",
            ],
            "--limit",
        ),
        // A solution dispute compares every solution: no depth, no limit.
        (
            vec![
                "dispute",
                "--popeye",
                "goals.inp",
                "--solve",
                "--profiles",
                "documented,popeye",
                "--depth",
                "3",
            ],
            "--depth",
        ),
    ];
    for (args, flag) in &cases {
        let (code, out, err) = common::feerie_in(&data, args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(flag), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
    // Each still does what it says where it applies.
    let (code, out, err) =
        common::feerie_in(&data, &["moves", "--fen", KINGS, "--engine", "reference"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 5, "{out}");
    let (code, out, err) = common::feerie_in(&data, &["popeye", "export", "--fen", KINGS]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("beginproblem"), "{out}");
}
