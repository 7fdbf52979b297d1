//! The harness run whole on a tiny C program built with the system's C compiler (no Popeye),
//! and, ignored by default, on one drawn mutant of Popeye.

use std::fs;
use std::path::Path;
use std::process::Command;

const PROGRAM: &str = r#"#include <stdio.h>
#include <stdlib.h>

/* Prints 1 + 2 + ... + n. */
int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 0;
  int sum = 0;
  int i;
  for (i = 1; i <= n; ++i)
    sum += i;
  printf("%d\n", sum);
  return 0;
}
"#;

const MAKEFILE: &str = "sum: sum.o\n\tcc -o sum sum.o\nsum.o: sum.c\n\tcc -O0 -c sum.c\n";

fn harness() -> Command {
    Command::new(env!("CARGO_BIN_EXE_feerie-mutants"))
}

#[test]
fn every_mutant_of_a_small_program_is_built_judged_and_tabled_and_the_source_comes_back() {
    let origin = tempfile::tempdir().unwrap();
    fs::write(origin.path().join("sum.c"), PROGRAM).unwrap();
    fs::write(origin.path().join("Makefile"), MAKEFILE).unwrap();
    let work = tempfile::tempdir().unwrap();
    let out = work.path().join("table");
    let run = |out: &Path| {
        harness()
            .args(["--source", origin.path().to_str().unwrap()])
            .args(["--file", "sum.c", "--seed", "3", "--sample", "1000"])
            .args(["--build", "make -s", "--binary", "sum"])
            .args(["--work", work.path().join("w").to_str().unwrap()])
            .args(["--stage", "sum-of-4=test \"$({py} 4)\" = 10 || exit 1"])
            .args(["--stage", "sum-of-6=test \"$({py} 6)\" = 21 || exit 1"])
            .args(["--trivial", "{py} 0", "--budget", "20"])
            .args(["--out", out.to_str().unwrap()])
            .output()
            .unwrap()
    };
    let done = run(&out);
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(done.status.success(), "{stderr}");
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(work.path().join("table.json")).unwrap()).unwrap();
    let rows = json["table"]["rows"].as_array().unwrap();
    assert_eq!(
        rows.len(),
        json["table"]["enumerated"].as_u64().unwrap() as usize
    );
    assert!(rows.len() > 10, "{rows:?}");
    let outcome = |r: &serde_json::Value| r["stages"]["outcome"].as_str().unwrap().to_string();
    // `i <= n` to `i < n` gives 6 for 4: the first stage kills it.
    let loop_bound = rows
        .iter()
        .find(|r| {
            r["id"].as_str().unwrap().starts_with("sum.c:10:")
                && r["after"].as_str().unwrap().contains("i < n")
        })
        .unwrap();
    assert_eq!(outcome(loop_bound), "killed");
    assert_eq!(loop_bound["stages"]["stage"], "sum-of-4");
    // Starting the sum at 1 is wrong for 0 already: trivial, not a kill.
    let start = rows
        .iter()
        .find(|r| r["id"] == "sum.c:8:13:constant:1")
        .unwrap();
    assert_eq!(outcome(start), "trivial");
    // Deleting `sum += i;` is right for 0 only: killed.
    let deletion = rows
        .iter()
        .find(|r| r["id"] == "sum.c:11:5:delete-statement:;")
        .unwrap();
    assert_eq!(outcome(deletion), "killed");
    // `argc > 1` to `argc >= 1` reads argv[1] anyway: the same answers, a survivor.
    let survivor = rows
        .iter()
        .find(|r| r["id"] == "sum.c:7:16:relational:>=")
        .unwrap();
    assert_eq!(outcome(survivor), "survived");
    assert_eq!(
        json["totals"]["stages"]["judged"].as_u64().unwrap() as usize,
        rows.len()
    );
    // The origin is untouched and the working copy is pristine again.
    assert_eq!(
        fs::read_to_string(origin.path().join("sum.c")).unwrap(),
        PROGRAM
    );
    assert_eq!(
        fs::read_to_string(work.path().join("w/source/sum.c")).unwrap(),
        PROGRAM
    );
    assert!(
        fs::read_to_string(work.path().join("table.md"))
            .unwrap()
            .contains("| stages |")
    );
    // A second run never overwrites the table.
    let again = run(&out);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("never overwritten"));
}

#[test]
fn the_same_seed_lists_the_same_sample_and_another_seed_another() {
    let origin = tempfile::tempdir().unwrap();
    fs::write(origin.path().join("sum.c"), PROGRAM).unwrap();
    let work = tempfile::tempdir().unwrap();
    let list = |seed: &str| {
        let done = harness()
            .args([
                "--source",
                origin.path().to_str().unwrap(),
                "--file",
                "sum.c",
            ])
            .args(["--seed", seed, "--sample", "5", "--list"])
            .args(["--work", work.path().to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            done.status.success(),
            "{}",
            String::from_utf8_lossy(&done.stderr)
        );
        String::from_utf8(done.stdout).unwrap()
    };
    assert_eq!(list("11"), list("11"));
    assert_ne!(list("11"), list("12"));
}

/// Needs Popeye's archive beside the repository and a few minutes: one mutant, the default
/// judge. Run with `cargo test -p feerie-mutants -- --ignored`.
#[test]
#[ignore]
fn one_mutant_of_popeye_goes_through_the_default_judge() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let work = tempfile::tempdir().unwrap();
    let done = harness()
        .current_dir(&repo)
        .args([
            "--files",
            "ci/mutants/popeye-files.txt",
            "--seed",
            "1",
            "--sample",
            "1",
        ])
        .args(["--build", "make -f makefile.unx CCOPTIM=-O1 LDOPTIM=-O1"])
        .args(["--work", work.path().join("w").to_str().unwrap()])
        .args(["--out", work.path().join("t").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let md = fs::read_to_string(work.path().join("t.md")).unwrap();
    assert!(md.contains("| 1 |"), "{md}");
}
