//! Running the `feerie` binary from the integration tests.

use std::path::Path;
use std::process::Command;

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
