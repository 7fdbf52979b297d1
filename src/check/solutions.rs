//! The solving stage: every scenario with a stipulation solved by each engine, the solutions
//! compared with the expected ones and between the engines.

use std::time::Instant;

use crate::engines::SearchEngine;

use super::scenarios::scenario_failed;
use super::{Loaded, Results, Stage};
use crate::scenario::Scenario;

/// The solving stage: every scenario with a stipulation solved by each engine, the solutions
/// compared with the expected ones and between the engines.
pub(super) fn check_solutions(
    loaded: &Loaded,
    engines: &[&dyn SearchEngine],
    show: bool,
    r: &mut Results,
) {
    let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
    let label = format!("solutions ({})", names.join(", "));
    let solved: Vec<&Scenario> = loaded
        .iter()
        .flatten()
        .filter(|s| s.stipulation.is_some())
        .collect();
    let mut stage = Stage::new(&label, &label, "scenarios", solved.len() as u64, show);
    let (mut passed, mut failed) = (0u64, 0u64);
    for s in solved {
        let case_started = Instant::now();
        let name = format!("{}: {}", s.file, s.name);
        // A malformed scenario is reported by the scenario stage.
        let Ok(outcome) = crate::scenario::solutions::check(s, engines) else {
            continue;
        };
        let failure = if outcome.failures.is_empty() {
            passed += 1;
            None
        } else {
            failed += 1;
            Some(scenario_failed(
                &outcome.failures,
                "solution check(s)",
                &label,
                &name,
                &stage.progress,
                r,
            ))
        };
        stage.case(name, case_started, failure);
    }
    let line = format!(
        "{label}: {passed} scenario(s) with a stipulation passed, {failed} failed ({:.1} s)",
        stage.seconds()
    );
    stage.finish(line, r);
}
