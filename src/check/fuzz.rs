//! The fuzz stage: the campaign of random positions over the families, its divergences
//! reported as they are found, a table of the families in the summary.

use feerie_oracle::Engine;

use super::differential::{written_line, written_short};
use super::{Prepared, Results};
use crate::error::Error;
use crate::harness::{Campaign, CampaignReport};
use crate::report::junit::{TestCase, TestSuite};
use crate::{out, outln};

/// The fuzz campaign stage.
pub(super) fn fuzz(
    p: &Prepared,
    a: &dyn Engine,
    b: &dyn Engine,
    r: &mut Results,
) -> Result<(), Error> {
    let o = &p.options;
    let campaign = Campaign {
        buckets: p.buckets.clone(),
        count: o.fuzz,
        seed: o.seed,
        depth: o.depth,
        jobs: o.jobs,
        reproducers: Some(p.reproducers.clone()),
        max_reports: o.max_reports,
        progress: o.progress,
        shard: o.shard,
        steer: true,
    };
    outln!(
        "fuzz: {} position(s) per family and profile{}, seed {}, depth {}, {} job(s)",
        o.fuzz,
        o.shard.suffix(),
        o.seed,
        o.depth,
        o.jobs
    );
    let report = crate::harness::run_campaign(&campaign, a, b)?;
    for f in &report.found {
        r.reported.push(crate::report::json::DivergenceJson::new(
            format!("fuzz {}, case {} (seed {})", f.bucket, f.case, o.seed),
            &f.divergence,
            [a.name(), b.name()],
            &f.rules,
            f.reproducer.as_ref(),
            f.report.clone(),
        ));
        let written = print_found(&f.report, &f.bucket, f.case, f.reproducer.as_ref());
        r.failures.push(format!(
            "divergence in fuzz {}, case {} (seed {}): {written}",
            f.bucket, f.case, o.seed
        ));
    }
    count_the_rest(
        r,
        "fuzz divergence(s)",
        report.divergences() - report.found.len() as u64,
        o.max_reports,
        &report.write_errors,
    );
    r.compared += report.positions();
    r.divergences += report.divergences();
    r.lines.extend(campaign_lines(&report, o.seed));
    r.junit.push(campaign_suite(&report));
    r.fuzz_families = report.buckets.clone();
    r.coverage.merge(&report.coverage());
    Ok(())
}

fn campaign_lines(report: &CampaignReport, seed: u64) -> Vec<String> {
    let secs = report.elapsed.as_secs_f64().max(1e-9);
    let mut lines = vec![format!("fuzz (seed {seed}):")];
    let width = report
        .buckets
        .iter()
        .map(|b| b.name.len())
        .max()
        .unwrap_or(0);
    for b in &report.buckets {
        lines.push(format!(
            "  {:width$}  {:>7} positions  {:>10} nodes  {} divergence(s)",
            b.name, b.positions, b.nodes, b.divergences
        ));
    }
    if let Some(s) = &report.steered {
        lines.push(format!(
            "  {:width$}  {:>7} positions  {:>10} nodes  {} divergence(s), built around {} of {} event(s) not reached",
            "steered", s.positions, s.nodes, s.divergences, s.positions, s.aimed
        ));
    }
    let nodes: u64 = report.buckets.iter().map(|b| b.nodes).sum();
    lines.push(format!(
        "  {} positions, {nodes} nodes, {} divergence(s), {:.0} positions/s ({:.1} s)",
        report.positions(),
        report.divergences(),
        report.positions() as f64 / secs,
        secs
    ));
    lines
}

fn campaign_suite(report: &CampaignReport) -> TestSuite {
    let per_bucket = report.elapsed.as_secs_f64() / report.buckets.len().max(1) as f64;
    TestSuite {
        name: "fuzz".into(),
        cases: report
            .buckets
            .iter()
            .map(|b| {
                let details: String = report
                    .found
                    .iter()
                    .filter(|f| f.bucket == b.name)
                    .map(|f| f.report.clone())
                    .collect();
                TestCase {
                    name: format!("{} ({} positions, {} nodes)", b.name, b.positions, b.nodes),
                    seconds: per_bucket,
                    failure: (b.divergences > 0)
                        .then(|| (format!("{} divergence(s)", b.divergences), details)),
                    skipped: None,
                }
            })
            .collect(),
    }
}

/// Prints one difference a campaign found (its report, the case that found it, where its
/// reproducer went) and returns the reproducer's short mention for the list of failures.
pub(super) fn print_found(
    report: &str,
    bucket: &str,
    case: u64,
    reproducer: Option<&crate::harness::Written>,
) -> String {
    out!("{report}");
    outln!("  found by: {bucket}, case {case}");
    match reproducer {
        Some(w) => {
            out!("{}", written_line(w));
            written_short(w)
        }
        None => "reproducer not written (see below)".into(),
    }
}

/// The failures a campaign counted without reporting them in full (`unreported` of `what`,
/// beyond `--max-reports`), and the reproducers it could not write.
pub(super) fn count_the_rest(
    r: &mut Results,
    what: &str,
    unreported: u64,
    max_reports: usize,
    write_errors: &[crate::harness::ReproducerError],
) {
    if unreported > 0 {
        r.failures.push(format!(
            "{unreported} more {what}, counted but not shrunk (--max-reports {max_reports})"
        ));
    }
    for e in write_errors {
        outln!("{e}");
        r.failures.push(e.to_string());
    }
}
