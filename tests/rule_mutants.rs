//! The quick `feerie check` run that judges a mutant of the rule code (`ci/mutants/rust.sh`
//! runs it with the unit tests under cargo-mutants): perft suites, scenarios, both engines
//! compared, and a small fuzz campaign. Ignored in the ordinary test run, which runs
//! `feerie check` in its own tests.

use std::process::Command;

#[test]
#[ignore = "the judge of cargo-mutants runs over the rule code (ci/mutants/rust.sh)"]
fn quick_check_passes() {
    let status = Command::new(env!("CARGO_BIN_EXE_feerie"))
        .args(["check", "--fuzz", "50", "--fuzz-solve", "5"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("feerie runs");
    assert!(status.success(), "feerie check: {status}");
}
