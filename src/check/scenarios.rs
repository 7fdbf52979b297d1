//! The scenario stage: every scenario through one engine and against its expectations; and
//! how a failed scenario is printed, counted and turned into its JUnit failure, for this stage
//! and the solving stage.

use std::time::Instant;

use feerie_oracle::Engine;

use super::{Loaded, Results, Stage};
use crate::progress::Progress;
use crate::{out, outln};

/// The scenario stage for one engine: failures and malformed files in full, passes counted.
pub(super) fn check_scenarios(loaded: &Loaded, engine: &dyn Engine, show: bool, r: &mut Results) {
    let label = format!("scenarios ({})", engine.name());
    let mut stage = Stage::new(&label, &label, "scenarios", loaded.len() as u64, show);
    let (mut passed, mut failed, mut malformed, mut checks) = (0u64, 0u64, 0u64, 0);
    for item in loaded {
        let case_started = Instant::now();
        let outcome = item
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|s| crate::scenario::run(s, engine).map(|o| (s, o)));
        let (name, failure) = match outcome {
            Err(e) => {
                malformed += 1;
                stage.progress.failure();
                outln!("MALFORMED {e}");
                // Once per file, though each engine's stage meets it.
                if !r.failures.iter().any(|f| *f == format!("malformed: {e}")) {
                    eprintln!("error: {}", crate::limits::error_line(&e.to_string()));
                    r.failures.push(format!("malformed: {e}"));
                }
                (
                    e.to_string(),
                    Some(("malformed".to_string(), e.to_string())),
                )
            }
            Ok((s, o)) => {
                checks += o.checked;
                let name = format!("{}: {}", s.file, s.name);
                if o.failures.is_empty() {
                    passed += 1;
                    (name, None)
                } else {
                    failed += 1;
                    let failure = scenario_failed(
                        &o.failures,
                        "expectation(s)",
                        &label,
                        &name,
                        &stage.progress,
                        r,
                    );
                    (name, Some(failure))
                }
            }
        };
        stage.case(name, case_started, failure);
    }
    let line = format!(
        "{label}: {passed} passed, {failed} failed, {malformed} malformed ({checks} checks, {:.1} s)",
        stage.seconds()
    );
    stage.finish(line, r);
}

/// A scenario whose checks (`what`: expectations, solution checks) failed: the failures printed
/// in full, the scenario counted among the run's failures, and its JUnit failure (message,
/// details) returned.
pub(super) fn scenario_failed(
    failures: &[crate::scenario::Failure],
    what: &str,
    label: &str,
    name: &str,
    progress: &Progress,
    r: &mut Results,
) -> (String, String) {
    progress.failure();
    let text: String = failures
        .iter()
        .map(crate::scenario::print_failure)
        .collect();
    out!("{text}");
    let message = format!("{} {what} failed", failures.len());
    r.failures.push(format!("{label}: {name}: {message}"));
    (message, text)
}
