//! The perft stage: each suite position's counts under its rules, for one engine.

use std::time::Instant;

use feerie_oracle::{Engine, Validation, fen};

use super::{Results, Stage};
use crate::corpus::PerftCase;
use crate::error::Error;
use crate::outln;

/// The perft stage for one engine: one JUnit case and one count per position (each checked
/// under its suite's rules at every depth up to `max_depth`, for counts up to `max_count`).
pub(super) fn check_perft(
    cases: &[PerftCase],
    max_depth: u32,
    max_count: u64,
    engine: &dyn Engine,
    show: bool,
    r: &mut Results,
) -> Result<(), Error> {
    let label = format!("perft ({})", engine.name());
    let mut stage = Stage::new(&label, &label, "positions", cases.len() as u64, show);
    let (mut passed, mut failed, mut counts, mut nodes) = (0u64, 0u64, 0u64, 0u64);
    let mut skipped = 0u64;
    for case in cases {
        let case_started = Instant::now();
        let position =
            fen::parse(&case.fen, Validation::Lenient).map_err(|e| Error::at(&case.origin, e))?;
        let mut failures = Vec::new();
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= max_depth) {
            if expected > max_count {
                skipped += 1;
                continue;
            }
            counts += 1;
            let got = engine
                .perft(&position, &case.rules, depth)
                .map_err(|e| Error::at(format!("{} under {}", case.origin, case.rules), e))?;
            nodes += got;
            if got != expected {
                failures.push(format!(
                    "{} depth {depth} under {}: expected {expected}, got {got}",
                    case.origin, case.rules
                ));
            }
        }
        if failures.is_empty() {
            passed += 1;
        } else {
            failed += 1;
            stage.progress.failure();
            for f in &failures {
                outln!("FAIL {label} {f} ({})", case.fen);
                r.failures.push(format!("{label}: {f}"));
            }
        }
        stage.case(
            format!("{} {} under {}", case.origin, case.fen, case.rules),
            case_started,
            (!failures.is_empty()).then(|| ("perft count differs".into(), failures.join("\n"))),
        );
    }
    let line = format!(
        "{label}: {passed} passed, {failed} failed ({} positions, {counts} counts up to depth {max_depth}, {skipped} above --max-count {max_count} skipped, {nodes} nodes, {:.1} s)",
        cases.len(),
        stage.seconds()
    );
    stage.finish(line, r);
    r.perft_positions = cases.len() as u64;
    Ok(())
}
