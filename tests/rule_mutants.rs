//! The quick `feerie check` run that judges a mutant of the rule code (`ci/mutants/rust.sh`
//! runs it with the unit tests under cargo-mutants): perft suites, scenarios, both engines
//! compared, and a small fuzz campaign of every family. Its seed is fixed, so that a mutant's
//! verdict is the same on every run. Ignored in the ordinary test run, which runs
//! `feerie check` in its own tests.

use std::process::Command;

#[test]
#[ignore = "the judge of cargo-mutants runs over the rule code (ci/mutants/rust.sh)"]
fn quick_check_passes() {
    let status = Command::new(env!("CARGO_BIN_EXE_feerie"))
        .args([
            "check",
            "--fuzz",
            "200",
            "--fuzz-solve",
            "5",
            "--seed",
            "20261129",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("feerie runs");
    assert!(status.success(), "feerie check: {status}");
}
