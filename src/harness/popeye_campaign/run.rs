//! Running a Popeye campaign: the cases of each family asked of Popeye in batches, on several
//! Popeye runs at once, each answer compared with every engine's; the differences followed,
//! shrunk and written as reproducers.

use std::sync::Mutex;
use std::time::Instant;

use feerie_oracle::{Engine, Position, fen};
use rayon::prelude::*;

use super::cases::{make_popeye_case, not_for_popeye};
use super::narrow::{differ, follow_and_shrink};
use super::output::{popeye_reproducer, popeye_stem};
use super::{PopeyeCampaign, PopeyeDifference, PopeyeReport, PopeyeSummary, SMALL_POSITION};
use crate::error::Error;
use crate::external::popeye_batch::{PopeyeRunner, Question, Reply};
use crate::harness::fuzzed::Generator;
use crate::harness::report::write_new;

/// Runs a Popeye campaign with `runner` against each of `engines`.
pub fn run_popeye_campaign(
    campaign: &PopeyeCampaign,
    runner: &PopeyeRunner,
    engines: &[&dyn Engine],
) -> Result<PopeyeReport, Error> {
    let started = Instant::now();
    let version = runner.version()?;
    let generator = Generator::standard();
    let summaries: Vec<Mutex<PopeyeSummary>> = campaign
        .buckets
        .iter()
        .map(|b| {
            Mutex::new(PopeyeSummary {
                name: b.name.clone(),
                ..Default::default()
            })
        })
        .collect();
    let raw: Mutex<Vec<PopeyeDifference>> = Mutex::new(Vec::new());
    let refusals: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let batch = campaign.batch.max(1) as u64;
    // Each job is one batch of one family's cases of this shard.
    let shard = campaign.shard;
    let jobs: Vec<(usize, Vec<u64>)> = (0..campaign.buckets.len())
        .flat_map(|b| {
            let first = b as u64 * campaign.count;
            let taken: Vec<u64> = (0..campaign.count)
                .filter(|&i| shard.takes(first + i))
                .collect();
            taken
                .chunks(batch as usize)
                .map(|chunk| (b, chunk.to_vec()))
                .collect::<Vec<_>>()
        })
        .collect();
    let total = campaign.count * campaign.buckets.len() as u64;
    let progress =
        crate::progress::Progress::new("popeye", "positions", shard.size(total), campaign.progress);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(campaign.jobs.max(1))
        .build()
        .map_err(|e| Error::System(format!("thread pool: {e}")))?;
    pool.install(|| {
        jobs.par_iter()
            .try_for_each(|(b, indices)| -> Result<(), Error> {
                let b = *b;
                let bucket = &campaign.buckets[b];
                let mut cases = Vec::new();
                let mut skipped: Vec<String> = Vec::new();
                let mut summary = PopeyeSummary::default();
                for &index in indices {
                    let case = make_popeye_case(&generator, bucket, b, campaign.seed, index)?;
                    summary.digest ^= crate::shard::fingerprint(&format!(
                        "{} {index} {} {}",
                        bucket.name,
                        fen::write(case.position.setup()),
                        case.rules
                    ));
                    match not_for_popeye(&case.position, &case.rules) {
                        Some(why) => skipped.push(why),
                        None => cases.push(case),
                    }
                }
                let questions: Vec<Question> = cases
                    .iter()
                    .map(|c| Question {
                        position: c.position.clone(),
                        rules: c.rules.clone(),
                        depth: depth_for(campaign, &c.position),
                    })
                    .collect();
                let replies = runner.ask(&questions)?;
                for (case, (question, reply)) in cases.iter().zip(questions.iter().zip(&replies)) {
                    match reply {
                        Reply::Refused(words) => {
                            summary.refused += 1;
                            let mut r = refusals.lock().expect("not poisoned");
                            if r.len() < 10 {
                                r.push(format!(
                                    "{} case {}: {} under {}: {words}",
                                    case.bucket,
                                    case.index,
                                    fen::write(case.position.setup()),
                                    case.rules
                                ));
                            }
                        }
                        Reply::Answered { moves, lines } => {
                            summary.compared += 1;
                            summary.lines += lines.as_ref().map_or(0, |l| l.total);
                            let mut differs = false;
                            for engine in engines {
                                if let Some(d) = differ(*engine, question, moves, lines.as_ref())? {
                                    differs = true;
                                    raw.lock().expect("not poisoned").push(PopeyeDifference {
                                        bucket: case.bucket.clone(),
                                        case: case.index,
                                        engine: engine.name().to_string(),
                                        ..d
                                    });
                                }
                            }
                            summary.differences += u64::from(differs);
                        }
                    }
                }
                {
                    let mut s = summaries[b].lock().expect("not poisoned");
                    s.compared += summary.compared;
                    s.lines += summary.lines;
                    s.refused += summary.refused;
                    s.differences += summary.differences;
                    s.digest ^= summary.digest;
                    for why in skipped {
                        match s.skipped.iter_mut().find(|(w, _)| *w == why) {
                            Some((_, n)) => *n += 1,
                            None => s.skipped.push((why, 1)),
                        }
                    }
                }
                for _ in indices {
                    progress.step();
                }
                Ok(())
            })
    })?;
    progress.finish();
    let mut raw = raw.into_inner().expect("not poisoned");
    raw.sort_by(|a, b| (&a.bucket, a.case, &a.engine).cmp(&(&b.bucket, b.case, &b.engine)));
    let mut report = PopeyeReport {
        version: version.clone(),
        buckets: summaries
            .into_iter()
            .map(|s| s.into_inner().expect("not poisoned"))
            .collect(),
        refusals: refusals.into_inner().expect("not poisoned"),
        ..Default::default()
    };
    for d in raw.into_iter().take(campaign.max_reports) {
        let engine = engines
            .iter()
            .find(|e| e.name() == d.engine)
            .expect("one of the engines");
        let d = follow_and_shrink(runner, *engine, d)?;
        let written = match &campaign.reproducers {
            Some(dir) => {
                let origin = format!(
                    "feerie popeye fuzz --seed {} (family {}, case {}), {version}",
                    campaign.seed, d.bucket, d.case
                );
                match write_new(
                    dir,
                    &popeye_stem(&d),
                    &popeye_reproducer(&d, &version, &origin),
                ) {
                    Ok(w) => Some(w),
                    Err(e) => {
                        report
                            .write_errors
                            .push(format!("reproducer under {}: {e}", dir.display()));
                        None
                    }
                }
            }
            None => None,
        };
        report.found.push((d, written));
    }
    report.elapsed = started.elapsed();
    Ok(report)
}

fn depth_for(campaign: &PopeyeCampaign, position: &Position) -> u32 {
    if position.board().unit_count() <= SMALL_POSITION {
        campaign.small_depth.max(campaign.depth)
    } else {
        campaign.depth
    }
}
