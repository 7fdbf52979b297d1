//! The solving campaign stage: problem-like positions of every family solved by both engines
//! under short stipulations, each difference reported as it is found, a table of the families
//! in the summary (see [`crate::harness::solving_campaign`]).

use crate::engines::SearchEngine;

use super::fuzz::{count_the_rest, print_found};
use super::{Prepared, Results};
use crate::error::Error;
use crate::outln;
use crate::report::junit::{TestCase, TestSuite};

/// The solving campaign stage: problem-like positions of every family solved by both engines.
pub(super) fn fuzz_solving(
    p: &Prepared,
    a: &dyn SearchEngine,
    b: &dyn SearchEngine,
    r: &mut Results,
) -> Result<(), Error> {
    use crate::harness::solving_campaign::{
        ROTATING, STIPULATIONS, SolvingCampaign, run_solving_campaign,
    };
    let o = &p.options;
    let campaign = SolvingCampaign {
        buckets: p.buckets.clone(),
        count: o.fuzz_solve,
        seed: o.seed,
        jobs: o.jobs,
        reproducers: Some(p.reproducers.clone()),
        max_reports: o.max_reports,
        progress: o.progress,
        shard: o.shard,
    };
    outln!(
        "solving: {} problem-like position(s) per family and profile{}, each solved under {} and one of {} in turn, seed {}",
        o.fuzz_solve,
        o.shard.suffix(),
        STIPULATIONS.join(" "),
        ROTATING.join(" "),
        o.seed
    );
    let report = run_solving_campaign(&campaign, a, b)?;
    for f in &report.found {
        let written = print_found(&f.render(), &f.bucket, f.case, f.reproducer.as_ref());
        r.failures.push(format!(
            "solving difference in {}, case {}, {} (seed {}): {written}",
            f.bucket, f.case, f.stipulation, o.seed
        ));
    }
    count_the_rest(
        r,
        "solving difference(s)",
        report.differences() - report.found.len() as u64,
        o.max_reports,
        &report.write_errors,
    );
    r.divergences += report.differences();
    r.solved += report.positions();
    r.solving_differences += report.differences();
    r.solving_families = report.buckets.clone();
    let secs = report.elapsed.as_secs_f64().max(1e-9);
    r.lines.push(format!("solving (seed {}):", o.seed));
    let width = report
        .buckets
        .iter()
        .map(|b| b.name.len())
        .max()
        .unwrap_or(0);
    for b in &report.buckets {
        r.lines.push(format!(
            "  {:width$}  {:>6} positions  {:>6} solves  {:>6} with solutions  {} difference(s)",
            b.name, b.positions, b.solves, b.with_solutions, b.differences
        ));
    }
    r.lines.push(format!(
        "  {} positions, {} difference(s) ({:.1} s)",
        report.positions(),
        report.differences(),
        secs
    ));
    let per_bucket = secs / report.buckets.len().max(1) as f64;
    r.junit.push(TestSuite {
        name: "solving".into(),
        cases: report
            .buckets
            .iter()
            .map(|b| {
                let details: String = report
                    .found
                    .iter()
                    .filter(|f| f.bucket == b.name)
                    .map(|f| f.render())
                    .collect();
                TestCase {
                    name: format!(
                        "{} ({} positions, {} solves)",
                        b.name, b.positions, b.solves
                    ),
                    seconds: per_bucket,
                    failure: (b.differences > 0)
                        .then(|| (format!("{} difference(s)", b.differences), details)),
                    skipped: None,
                }
            })
            .collect(),
    });
    Ok(())
}
