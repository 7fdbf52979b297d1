//! A Popeye campaign run and printed: one line per family, the refusals, each difference in
//! full, the golden records written, and the verdict.

use feerie_oracle::Engine;

use super::output::render_popeye;
use super::run::run_popeye_campaign;
use super::{PopeyeCampaign, SMALL_POSITION};
use crate::external::popeye_batch::PopeyeRunner;
use crate::harness::error::CampaignError;
use crate::harness::report::Written;
use crate::{out, outln};

/// Runs a campaign and prints its summary: one line per family, the refusals, each difference
/// in full, and a verdict line. The exit code: 0 when all agree, 1 on a difference or a refusal.
pub fn run_and_print(
    campaign: &PopeyeCampaign,
    runner: &PopeyeRunner,
    engines: &[&dyn Engine],
) -> Result<i32, CampaignError> {
    run_and_print_with(campaign, runner, engines, false)
}

/// [`run_and_print`], with the rule-event coverage table of the positions compared printed
/// before the verdict when `coverage` is set.
pub fn run_and_print_with(
    campaign: &PopeyeCampaign,
    runner: &PopeyeRunner,
    engines: &[&dyn Engine],
    coverage: bool,
) -> Result<i32, CampaignError> {
    let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
    outln!(
        "popeye fuzz: seed {}, {} positions per family{}, depth {} ({} from {} units or fewer), engines {}",
        campaign.seed,
        campaign.count,
        campaign.shard.suffix(),
        campaign.depth,
        campaign.small_depth.max(campaign.depth),
        SMALL_POSITION,
        names.join(" and ")
    );
    let report = run_popeye_campaign(campaign, runner, engines)?;
    outln!("compared with {}:", report.version);
    for b in &report.buckets {
        let skipped: u64 = b.skipped.iter().map(|(_, n)| n).sum();
        outln!(
            "  {:<34} {:>6} compared {:>10} lines {:>5} skipped {:>3} refused {:>3} differ",
            b.name,
            b.compared,
            b.lines,
            skipped,
            b.refused,
            b.differences
        );
        for (why, n) in &b.skipped {
            outln!("      skipped {n}: {why}");
        }
    }
    for r in &report.refusals {
        outln!("REFUSED {r}");
    }
    if let Some(s) = &report.steered {
        outln!(
            "  {:<34} {:>6} compared {:>10} lines {:>5} skipped {:>3} refused {:>3} differ (positions built around rule events not reached)",
            s.name,
            s.compared,
            s.lines,
            0,
            s.refused,
            s.differences
        );
    }
    if coverage {
        for line in crate::harness::events::table(
            "popeye fuzz",
            &report.coverage(),
            crate::harness::events::Scope::PopeyeInput,
        ) {
            outln!("{line}");
        }
    }
    for (d, written) in &report.found {
        out!("{}", render_popeye(d, &report.version));
        match written {
            Some(Written::New(path)) => outln!("  reproducer: {}", path.display()),
            Some(Written::AlreadyThere(path)) => {
                outln!("  reproducer: {} (already there)", path.display())
            }
            None => {}
        }
    }
    for e in &report.write_errors {
        outln!(
            "could not write a reproducer under {}: {}",
            e.dir.display(),
            e.error
        );
    }
    let mut golden_failed = false;
    if let Some(path) = &campaign.golden {
        let header = format!(
            "Golden records: {} on fuzzed positions with fairy walks, under the popeye profile.\n\
             Written by `feerie popeye fuzz --seed {} --fuzz {} --depth {} --golden`; moves: every\n\
             legal move with check '+' as Popeye marks it; perft: its count of sequences of that\n\
             many half-moves.",
            report.version, campaign.seed, campaign.count, campaign.depth
        );
        match super::golden::write_new(path, &super::golden::render(&report.golden, &header)) {
            Ok(()) => outln!(
                "golden: {} record(s) written to {}",
                report.golden.len(),
                path.display()
            ),
            Err(e) => {
                golden_failed = true;
                outln!(
                    "could not write the golden records to {}: {e}",
                    path.display()
                );
            }
        }
    }
    let secs = report.elapsed.as_secs_f64().max(1e-3);
    let ok = report.differences() == 0 && report.refused() == 0 && !golden_failed;
    outln!(
        "popeye fuzz result: {}. {} positions compared, {} differ, {} refused ({:.0} positions per second, {:.1} s)",
        if ok { "ok" } else { "FAILED" },
        report.compared(),
        report.differences(),
        report.refused(),
        report.compared() as f64 / secs,
        secs
    );
    Ok(if ok { 0 } else { 1 })
}
