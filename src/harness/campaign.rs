//! A fuzz campaign: for every bucket, `count` seeded fuzzed positions, each compared between two
//! engines down to a depth, in parallel (rayon), with a progress bar on a terminal and plain
//! lines otherwise. Divergences are shrunk and written as reproducers.

use crate::error::{Error, LimitError};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::progress::Progress;

use feerie_oracle::{Engine, Rules, Validation};
use rayon::prelude::*;

use super::compare::{Divergence, Side, compare};
use super::fuzzed::{Bucket, Generator, case_rng};
use super::report::{Written, record, render};
use super::shrink::shrink;
use crate::shard::{Shard, fingerprint};

/// What a campaign does.
#[derive(Clone, Debug)]
pub struct Campaign {
    /// The buckets.
    pub buckets: Vec<Bucket>,
    /// Positions per bucket.
    pub count: u64,
    /// The seed: case `i` of a bucket is made from `(seed, bucket, i)` alone.
    pub seed: u64,
    /// Half-moves compared from each position.
    pub depth: u32,
    /// Worker threads.
    pub jobs: usize,
    /// Where reproducers go (`None`: not written).
    pub reproducers: Option<PathBuf>,
    /// How many divergences are shrunk and reported in full (the rest are counted).
    pub max_reports: usize,
    /// Show progress on stderr.
    pub progress: bool,
    /// The part of the cases this run checks (`--shard K/N`; [`Shard::WHOLE`] for all).
    pub shard: Shard,
}

impl Campaign {
    /// The cases this run checks, as (bucket, case) in order: those of its shard.
    pub fn cases(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        let total = self.count.saturating_mul(self.buckets.len() as u64);
        (0..total)
            .filter(|&i| self.shard.takes(i))
            .map(|i| ((i / self.count) as usize, i % self.count))
    }
}

/// Counts for one bucket.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BucketSummary {
    /// The bucket's name.
    pub name: String,
    /// Positions compared.
    pub positions: u64,
    /// Nodes whose move lists were compared.
    pub nodes: u64,
    /// Positions with a divergence.
    pub divergences: u64,
    /// The XOR of the [`fingerprint`](crate::shard::fingerprint)s of the positions compared.
    pub digest: u64,
}

/// One divergence found, shrunk and reported.
#[derive(Clone, Debug)]
pub struct Found {
    /// The bucket.
    pub bucket: String,
    /// The case index within the bucket (`--fuzz-case` makes it again).
    pub case: u64,
    /// The report text.
    pub report: String,
    /// The reproducer, when written.
    pub reproducer: Option<Written>,
    /// The shrunk divergence.
    pub divergence: Divergence,
    /// The rules it was found under.
    pub rules: Rules,
}

/// The outcome of a campaign.
#[derive(Clone, Debug, Default)]
pub struct CampaignReport {
    /// One line of counts per bucket.
    pub buckets: Vec<BucketSummary>,
    /// The divergences reported in full, in bucket and case order.
    pub found: Vec<Found>,
    /// Reproducers that could not be written, with the reason.
    pub write_errors: Vec<String>,
    /// Time taken.
    pub elapsed: Duration,
}

impl CampaignReport {
    /// Positions compared in all.
    pub fn positions(&self) -> u64 {
        self.buckets.iter().map(|b| b.positions).sum()
    }

    /// Positions with a divergence in all.
    pub fn divergences(&self) -> u64 {
        self.buckets.iter().map(|b| b.divergences).sum()
    }
}

/// The seed of bucket `bucket`'s cases in a run seeded with `seed`.
fn bucket_seed(seed: u64, bucket: usize) -> u64 {
    seed ^ (bucket as u64 + 1).wrapping_mul(0xA076_1D64_78BD_642F)
}

/// Case `case` of bucket `bucket` in a run seeded with `seed`, made again alone.
pub fn make_case(
    generator: &Generator,
    buckets: &[Bucket],
    bucket: usize,
    seed: u64,
    case: u64,
) -> Result<super::FuzzedPosition, feerie_oracle::EngineError> {
    generator.generate(
        &mut case_rng(bucket_seed(seed, bucket), case),
        &buckets[bucket],
    )
}

/// Runs a campaign comparing engine `a` (the specification) with engine `b`.
pub fn run_campaign(
    campaign: &Campaign,
    a: &dyn Engine,
    b: &dyn Engine,
) -> Result<CampaignReport, Error> {
    let started = Instant::now();
    let generator = Generator::standard();
    // Cases are numbered bucket after bucket and made when a worker takes them, so that a
    // large count costs time, never memory.
    let total = campaign
        .count
        .checked_mul(campaign.buckets.len() as u64)
        .ok_or_else(|| {
            LimitError::Bound(format!(
                "{} positions per family is too many",
                campaign.count
            ))
        })?;
    let progress = Progress::new(
        "fuzz",
        "positions",
        campaign.shard.size(total),
        campaign.progress,
    );
    let summaries: Vec<Mutex<BucketSummary>> = campaign
        .buckets
        .iter()
        .map(|b| {
            Mutex::new(BucketSummary {
                name: b.name.clone(),
                ..Default::default()
            })
        })
        .collect();
    let raw: Mutex<Vec<(usize, u64, Rules, Divergence)>> = Mutex::new(Vec::new());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(campaign.jobs.max(1))
        .stack_size(crate::pool::STACK_BYTES)
        .build()
        .map_err(|e| Error::System(format!("thread pool: {e}")))?;
    let outcome: Result<(), Error> = pool.install(|| {
        (0..total).into_par_iter().try_for_each(|index| {
            if !campaign.shard.takes(index) {
                return Ok(());
            }
            let bucket = (index / campaign.count) as usize;
            let case = index % campaign.count;
            let fuzzed = make_case(&generator, &campaign.buckets, bucket, campaign.seed, case)
                .map_err(|e| {
                    Error::at(
                        format!(
                            "{}: case {case} could not be made",
                            campaign.buckets[bucket].name
                        ),
                        e,
                    )
                })?;
            let sa = Side::of(a, fuzzed.rules.clone());
            let sb = Side::of(b, fuzzed.rules.clone());
            let comparison = compare(&sa, &sb, &fuzzed.position, campaign.depth);
            {
                let mut s = summaries[bucket].lock().expect("not poisoned");
                s.positions += 1;
                s.digest ^= fingerprint(&format!(
                    "{} {case} {} {}",
                    s.name,
                    feerie_oracle::fen::write(fuzzed.position.setup()),
                    fuzzed.rules
                ));
                s.nodes += comparison.nodes;
                if comparison.divergence.is_some() {
                    s.divergences += 1;
                }
            }
            if let Some(d) = comparison.divergence {
                progress.failure();
                let mut raw = raw.lock().expect("not poisoned");
                if raw.len() < campaign.max_reports.max(1).saturating_mul(10) {
                    raw.push((bucket, case, fuzzed.rules, d));
                }
            }
            progress.step();
            Ok(())
        })
    });
    progress.finish();
    outcome?;
    let mut raw = raw.into_inner().expect("not poisoned");
    raw.sort_by_key(|(bucket, case, ..)| (*bucket, *case));
    raw.truncate(campaign.max_reports);
    let mut report = CampaignReport {
        buckets: summaries
            .into_iter()
            .map(|m| m.into_inner().expect("not poisoned"))
            .collect(),
        ..Default::default()
    };
    for (bucket, case, rules, d) in raw {
        let name = &campaign.buckets[bucket].name;
        let sa = Side::of(a, rules.clone());
        let sb = Side::of(b, rules.clone());
        let small = shrink(&sa, &sb, d, Validation::Strict);
        let origin = format!(
            "feerie check --fuzz {} --seed {} --depth {}: {name}, case {case}",
            campaign.count, campaign.seed, campaign.depth
        );
        let reproducer_file = match &campaign.reproducers {
            None => None,
            Some(dir) => match record(&small, &sa, &sb, &origin, dir) {
                Ok(w) => Some(w),
                Err(e) => {
                    report.write_errors.push(format!(
                        "cannot write a reproducer in {}: {e}",
                        dir.display()
                    ));
                    None
                }
            },
        };
        report.found.push(Found {
            bucket: name.clone(),
            case,
            report: render(&small, &sa, &sb),
            reproducer: reproducer_file,
            divergence: small,
            rules,
        });
    }
    report.elapsed = started.elapsed();
    Ok(report)
}
