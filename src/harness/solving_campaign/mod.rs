//! The solving campaign: problem-like positions (the two kings and a few units, made at random
//! under each rule family) solved by two engines under short stipulations of every kind of play
//! ([`STIPULATIONS`]). The solution sets must be the same; a difference is shrunk (units, the
//! reserve and rights taken away while the engines still differ) and written as a scenario
//! whose expected solutions are the first engine's, so that it fails until the engines agree.
//!
//! Positions are sparse on purpose: a full board makes `h#2` or `ser-h#3` a search of millions
//! of nodes for the reference engine, and a problem-like position is where solvers meet the
//! conditions (rebirths onto the home squares, a unit waiting in the Parrain reserve, magic
//! pieces next to the kings).
//!
//! ```
//! use feerie::harness::{Bucket, solving_campaign::problem_position};
//! use feerie::playout::Rng;
//! let bucket = &Bucket::all()[2];
//! let a = problem_position(&mut Rng::new(5), bucket);
//! assert_eq!(a, problem_position(&mut Rng::new(5), bucket));
//! assert!(a.position.board().unit_count() <= 2 + feerie::harness::solving_campaign::MAX_UNITS);
//! ```

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::engines::SearchEngine;
use feerie_oracle::{Position, Rules, fen};
use rayon::prelude::*;

mod differences;
mod problems;

pub use problems::{MAX_UNITS, problem_position};

use super::fuzzed::{Bucket, FuzzedPosition};
use super::report::{Written, stem, write_new};
use crate::error::{Error, LimitError};
use crate::playout::Rng;
use crate::progress::Progress;
use crate::scenario::solutions::solutions_of;
use crate::shard::{Shard, fingerprint};
use crate::solve::stipulation::Stipulation;
use differences::{reproducer, shrink_solving};

/// The stipulations every position is solved under: one or two moves of each kind of play.
pub const STIPULATIONS: [&str; 6] = ["#1", "#2", "h#1", "h#2", "s#1", "ser-h#3"];

/// What a solving campaign does.
#[derive(Clone, Debug)]
pub struct SolvingCampaign {
    /// The buckets (rule families under each profile).
    pub buckets: Vec<Bucket>,
    /// Positions per bucket; each is solved under every stipulation.
    pub count: u64,
    /// The seed: case `i` of a bucket is made from `(seed, bucket, i)` alone.
    pub seed: u64,
    /// Worker threads.
    pub jobs: usize,
    /// Where reproducers go (`None`: not written).
    pub reproducers: Option<PathBuf>,
    /// How many differences are shrunk and reported in full (the rest are counted).
    pub max_reports: usize,
    /// Show progress on stderr.
    pub progress: bool,
    /// The part of the cases this run checks.
    pub shard: Shard,
}

/// Counts for one bucket.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolvingSummary {
    /// The bucket's name.
    pub name: String,
    /// Positions solved.
    pub positions: u64,
    /// Solves (positions times stipulations) by each engine.
    pub solves: u64,
    /// Solves with at least one solution.
    pub with_solutions: u64,
    /// Solves where the engines differ.
    pub differences: u64,
    /// The XOR of the fingerprints of the positions solved (shards' digests XOR to the whole
    /// run's).
    pub digest: u64,
}

/// One difference, shrunk.
#[derive(Clone, Debug)]
pub struct SolvingFound {
    /// The bucket.
    pub bucket: String,
    /// The case index within the bucket.
    pub case: u64,
    /// The stipulation the engines solve differently.
    pub stipulation: String,
    /// The rules.
    pub rules: Rules,
    /// The shrunk position.
    pub position: Position,
    /// Each engine's name and answer (its solutions, or why it gave none).
    pub answers: [(String, Result<Vec<String>, String>); 2],
    /// The reproducer, when written.
    pub reproducer: Option<Written>,
}

impl SolvingFound {
    /// The difference as a few readable lines.
    pub fn render(&self) -> String {
        let mut text = format!(
            "solving difference: {} under {}, {}\n",
            fen::write(self.position.setup()),
            self.rules,
            self.stipulation
        );
        let lines = |answer: &Result<Vec<String>, String>| match answer {
            Ok(lines) => lines.clone(),
            Err(e) => vec![format!("no answer: {e}")],
        };
        let (a, b) = (lines(&self.answers[0].1), lines(&self.answers[1].1));
        for (name, own, other) in [(&self.answers[0].0, &a, &b), (&self.answers[1].0, &b, &a)] {
            let only: Vec<&String> = own.iter().filter(|l| !other.contains(l)).collect();
            text += &format!("  only {name} ({} of {}):\n", only.len(), own.len());
            for line in only {
                text += &format!("    {line}\n");
            }
        }
        text
    }
}

/// The outcome of a solving campaign.
#[derive(Clone, Debug, Default)]
pub struct SolvingReport {
    /// One line of counts per bucket.
    pub buckets: Vec<SolvingSummary>,
    /// The differences reported in full, in bucket and case order.
    pub found: Vec<SolvingFound>,
    /// Reproducers that could not be written, with the reason.
    pub write_errors: Vec<String>,
    /// Time taken.
    pub elapsed: Duration,
}

impl SolvingReport {
    /// Positions solved in all.
    pub fn positions(&self) -> u64 {
        self.buckets.iter().map(|b| b.positions).sum()
    }

    /// Solves where the engines differ, in all.
    pub fn differences(&self) -> u64 {
        self.buckets.iter().map(|b| b.differences).sum()
    }
}

/// The two engines' answers to one stipulation, in the order of the campaign's engines.
pub(super) type Answers = (Result<Vec<String>, String>, Result<Vec<String>, String>);

/// Each engine's answer to one stipulation: its solutions in the compared form, sorted, or why
/// it gave none (an engine error, or more solutions than a scenario may list). The reason is
/// data, not an error path: it is compared with the other engine's answer and reported as text.
pub(super) fn answer(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
) -> Result<Vec<String>, String> {
    solutions_of(engine, position, rules, stipulation).map_err(|e| e.to_string())
}

/// The seed of bucket `bucket`'s cases in a run seeded with `seed` (apart from the fuzz
/// campaign's, so that the two campaigns of one run do not draw the same numbers).
fn bucket_seed(seed: u64, bucket: usize) -> u64 {
    (seed ^ 0x5011_1E50_11E5_0111) ^ (bucket as u64 + 1).wrapping_mul(0xE703_7ED1_A0B4_28DB)
}

/// Case `case` of bucket `bucket` in a solving campaign seeded with `seed`, made again alone.
pub fn make_problem(buckets: &[Bucket], bucket: usize, seed: u64, case: u64) -> FuzzedPosition {
    let case_seed = bucket_seed(seed, bucket).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ case.wrapping_mul(0xD1B5_4A32_D192_ED03);
    problem_position(&mut Rng::new(case_seed), &buckets[bucket])
}

/// Runs a solving campaign comparing engine `a` (the specification) with engine `b`.
pub fn run_solving_campaign(
    campaign: &SolvingCampaign,
    a: &dyn SearchEngine,
    b: &dyn SearchEngine,
) -> Result<SolvingReport, Error> {
    let started = Instant::now();
    let stipulations: Vec<Stipulation> = STIPULATIONS
        .iter()
        .map(|s| s.parse().expect("a supported stipulation"))
        .collect();
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
        "solving",
        "positions",
        campaign.shard.size(total),
        campaign.progress,
    );
    let summaries: Vec<Mutex<SolvingSummary>> = campaign
        .buckets
        .iter()
        .map(|b| {
            Mutex::new(SolvingSummary {
                name: b.name.clone(),
                ..Default::default()
            })
        })
        .collect();
    type Raw = (usize, u64, usize, FuzzedPosition, Answers);
    let raw: Mutex<Vec<Raw>> = Mutex::new(Vec::new());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(campaign.jobs.max(1))
        .stack_size(crate::pool::STACK_BYTES)
        .build()
        .map_err(|e| Error::System(format!("thread pool: {e}")))?;
    pool.install(|| {
        (0..total).into_par_iter().for_each(|index| {
            if !campaign.shard.takes(index) {
                return;
            }
            let bucket = (index / campaign.count) as usize;
            let case = index % campaign.count;
            let problem = make_problem(&campaign.buckets, bucket, campaign.seed, case);
            let mut with_solutions = 0;
            let mut differing = Vec::new();
            for (which, &stipulation) in stipulations.iter().enumerate() {
                let here = (
                    answer(a, &problem.position, &problem.rules, stipulation),
                    answer(b, &problem.position, &problem.rules, stipulation),
                );
                if here.0.as_ref().is_ok_and(|l| !l.is_empty()) {
                    with_solutions += 1;
                }
                if here.0 != here.1 {
                    differing.push((which, here));
                }
            }
            {
                let mut s = summaries[bucket].lock().expect("not poisoned");
                s.positions += 1;
                s.solves += stipulations.len() as u64;
                s.with_solutions += with_solutions;
                s.differences += differing.len() as u64;
                s.digest ^= fingerprint(&format!(
                    "{} {case} {} {}",
                    s.name,
                    fen::write(problem.position.setup()),
                    problem.rules
                ));
            }
            if !differing.is_empty() {
                progress.failure();
                let mut raw = raw.lock().expect("not poisoned");
                for (which, answers) in differing {
                    if raw.len() < campaign.max_reports.max(1).saturating_mul(10) {
                        raw.push((bucket, case, which, problem.clone(), answers));
                    }
                }
            }
            progress.step();
        })
    });
    progress.finish();
    let mut raw = raw.into_inner().expect("not poisoned");
    raw.sort_by_key(|(bucket, case, which, ..)| (*bucket, *case, *which));
    raw.truncate(campaign.max_reports);
    let mut report = SolvingReport {
        buckets: summaries
            .into_iter()
            .map(|m| m.into_inner().expect("not poisoned"))
            .collect(),
        ..Default::default()
    };
    for (bucket, case, which, problem, first) in raw {
        let stipulation = stipulations[which];
        let (position, answers) =
            shrink_solving(a, b, &problem.rules, stipulation, problem.position, first);
        let name = &campaign.buckets[bucket].name;
        let mut found = SolvingFound {
            bucket: name.clone(),
            case,
            stipulation: STIPULATIONS[which].to_string(),
            rules: problem.rules,
            position,
            answers: [
                (a.name().to_string(), answers.0),
                (b.name().to_string(), answers.1),
            ],
            reproducer: None,
        };
        if let Some(dir) = &campaign.reproducers {
            let origin = format!(
                "feerie check --fuzz-solve {} --seed {}: {name}, case {case}, {}",
                campaign.count, campaign.seed, found.stipulation
            );
            let name = stem(
                &found.rules,
                "solutions",
                &format!(
                    "{} {}",
                    fen::write(found.position.setup()),
                    found.stipulation
                ),
                0,
            );
            match write_new(dir, &name, &reproducer(a, &found, &origin)) {
                Ok(w) => found.reproducer = Some(w),
                Err(e) => report.write_errors.push(format!(
                    "cannot write a reproducer in {}: {e}",
                    dir.display()
                )),
            }
        }
        report.found.push(found);
    }
    report.elapsed = started.elapsed();
    Ok(report)
}
