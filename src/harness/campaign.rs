//! A fuzz campaign: for every bucket, `count` seeded fuzzed positions, each compared between two
//! engines down to a depth, on the campaign runner (`runner`: threads, shards, progress). The
//! first divergences in case order are shrunk and written as reproducers.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use feerie_oracle::{Engine, Rules, Validation};

use super::compare::{Divergence, Side, compare};
use super::error::{CampaignError, ReproducerError};
use super::fuzzed::{Bucket, Generator, case_rng};
use super::report::{Written, render, reproducer_stem};
use super::runner::{Done, Reproducers, Runner, family_cases, tally};
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
    /// After the seeded cases, steer toward the rule events not reached
    /// ([`super::steer`]); a sharded run does not, since its shards reach different events.
    pub steer: bool,
}

impl Campaign {
    /// The cases this run checks, as (bucket, case) in order: those of its shard.
    pub fn cases(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        family_cases(self.buckets.len(), self.count, self.shard)
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
    /// The rule events of the moves compared.
    pub coverage: super::events::Coverage,
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
#[derive(Debug, Default)]
pub struct CampaignReport {
    /// One line of counts per bucket.
    pub buckets: Vec<BucketSummary>,
    /// The divergences reported in full, in bucket and case order.
    pub found: Vec<Found>,
    /// Reproducers that could not be written, with the reason.
    pub write_errors: Vec<ReproducerError>,
    /// Time taken.
    pub elapsed: Duration,
    /// The steered pass, when it ran: positions built around events not reached.
    pub steered: Option<SteeredSummary>,
}

/// What the steered pass compared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SteeredSummary {
    /// The (event, condition) cells aimed at, under some bucket.
    pub aimed: u64,
    /// Positions built around an event and compared.
    pub positions: u64,
    /// Nodes compared.
    pub nodes: u64,
    /// Positions with a divergence.
    pub divergences: u64,
    /// The rule events of its moves.
    pub coverage: super::events::Coverage,
}

impl CampaignReport {
    /// Positions compared in all.
    pub fn positions(&self) -> u64 {
        self.buckets.iter().map(|b| b.positions).sum()
    }

    /// Positions with a divergence in all (the steered pass's included).
    pub fn divergences(&self) -> u64 {
        let steered = self.steered.as_ref().map_or(0, |s| s.divergences);
        self.buckets.iter().map(|b| b.divergences).sum::<u64>() + steered
    }

    /// The rule events of every bucket, summed.
    pub fn coverage(&self) -> super::events::Coverage {
        let mut all = super::events::Coverage::default();
        for b in &self.buckets {
            all.merge(&b.coverage);
        }
        if let Some(s) = &self.steered {
            all.merge(&s.coverage);
        }
        all
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
) -> Result<CampaignReport, CampaignError> {
    let started = Instant::now();
    let generator = Generator::standard();
    let ran = Runner::new("fuzz", "positions", campaign.jobs, campaign.progress)
        .keeping(campaign.max_reports)
        .cases(&campaign.buckets, campaign.count, campaign.shard, |f, i| {
            compare_case(campaign, &generator, [a, b], f, i)
        })?;
    let mut reproducers = Reproducers::new(campaign.reproducers.clone());
    let mut found: Vec<Found> = (ran.found.into_iter())
        .map(|raw| shrunk(campaign, [a, b], raw, &mut reproducers))
        .collect();
    let mut steered = None;
    if campaign.steer && campaign.shard == Shard::WHOLE {
        let mut reached = super::events::Coverage::default();
        for t in &ran.tallies {
            reached.merge(&t.coverage);
        }
        let pass = super::steer::steer(
            &campaign.buckets,
            campaign.seed,
            campaign.depth,
            [a, b],
            &reached,
        );
        let room = campaign.max_reports.saturating_sub(found.len());
        for (bucket, draw, event, rules, d) in pass.divergences.iter().take(room).cloned() {
            let mut f = shrunk(campaign, [a, b], (bucket, draw, rules, d), &mut reproducers);
            f.bucket = format!("{} steered toward {event}", f.bucket);
            found.push(f);
        }
        steered = Some(SteeredSummary {
            aimed: pass.aimed,
            positions: pass.positions,
            nodes: pass.nodes,
            divergences: pass.divergences.len() as u64,
            coverage: pass.coverage,
        });
    }
    Ok(CampaignReport {
        buckets: ran.tallies,
        found,
        write_errors: reproducers.errors,
        elapsed: started.elapsed(),
        steered,
    })
}

/// A divergence as first found: the bucket, the case, the rules and the divergence.
type Raw = (usize, u64, Rules, Divergence);

/// Case `case` of bucket `bucket`, compared between the engines.
fn compare_case(
    campaign: &Campaign,
    generator: &Generator,
    [a, b]: [&dyn Engine; 2],
    bucket: usize,
    case: u64,
) -> Result<Done<BucketSummary, Raw>, CampaignError> {
    let name = &campaign.buckets[bucket].name;
    let fuzzed =
        make_case(generator, &campaign.buckets, bucket, campaign.seed, case).map_err(|error| {
            CampaignError::Case {
                family: name.clone(),
                case,
                error,
            }
        })?;
    let sa = Side::of(a, fuzzed.rules.clone());
    let sb = Side::of(b, fuzzed.rules.clone());
    let depth = super::compare::comparable_depth(&fuzzed.rules, campaign.depth);
    let comparison = compare(&sa, &sb, &fuzzed.position, depth);
    let tally = BucketSummary {
        name: String::new(),
        positions: 1,
        nodes: comparison.nodes,
        divergences: u64::from(comparison.divergence.is_some()),
        coverage: comparison.coverage,
        digest: fingerprint(&format!(
            "{name} {case} {} {}",
            feerie_oracle::fen::write(fuzzed.position.setup()),
            fuzzed.rules
        )),
    };
    let found = Vec::from_iter((comparison.divergence).map(|d| (bucket, case, fuzzed.rules, d)));
    Ok(Done {
        tally: Some((bucket, tally)),
        failed: !found.is_empty(),
        found,
        steps: 1,
    })
}

/// A divergence shrunk, rendered and written as a reproducer.
fn shrunk(
    campaign: &Campaign,
    [a, b]: [&dyn Engine; 2],
    (bucket, case, rules, d): Raw,
    reproducers: &mut Reproducers,
) -> Found {
    let name = &campaign.buckets[bucket].name;
    let sa = Side::of(a, rules.clone());
    let sb = Side::of(b, rules.clone());
    let small = shrink(&sa, &sb, d, Validation::Strict);
    let origin = format!(
        "feerie check --fuzz {} --seed {} --depth {}: {name}, case {case}",
        campaign.count, campaign.seed, campaign.depth
    );
    let reproducer = reproducers.write(|| {
        (
            reproducer_stem(&small, &sa.rules),
            super::report::reproducer(&small, &sa, &sb, &origin),
        )
    });
    Found {
        bucket: name.clone(),
        case,
        report: render(&small, &sa, &sb),
        reproducer,
        divergence: small,
        rules,
    }
}

tally!(BucketSummary {
    positions,
    nodes,
    divergences,
    coverage
});
