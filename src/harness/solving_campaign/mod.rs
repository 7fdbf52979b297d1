//! The solving campaign: problem-like positions (the two kings and a few units, made at random
//! under each rule family) solved by two engines under short stipulations of every kind of play
//! ([`STIPULATIONS`], and one of [`ROTATING`] in turn: every goal and play type). The solution
//! sets must be the same; a difference is shrunk (units, the reserve and rights taken away
//! while the engines still differ) and written as a scenario whose expected solutions are the
//! first engine's, so that it fails until the engines agree.
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

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engines::SearchEngine;
use feerie_oracle::{Position, Rules, fen};

mod differences;
mod problems;

pub use problems::{MAX_UNITS, problem_position};

use super::error::{CampaignError, ReproducerError};
use super::fuzzed::{Bucket, FuzzedPosition};
use super::report::{Written, stem};
use super::runner::{Done, Reproducers, Runner, tally};
use crate::playout::Rng;
use crate::scenario::solutions::{NoSolutions, solutions_of};
use crate::shard::{Shard, fingerprint};
use crate::solve::stipulation::Stipulation;
use differences::{reproducer, shrink_solving};

/// The stipulations every position is solved under: one or two moves of each kind of play, and
/// the goals check and capture.
pub const STIPULATIONS: [&str; 8] = ["#1", "#2", "h#1", "h#2", "s#1", "ser-h#3", "+1", "hx1"];

/// Every other goal and play type the solver reads, one of them asked of each position besides
/// [`STIPULATIONS`] (position `i` of a family asks the one at `i` modulo their number), so that
/// each is compared on as many positions as the campaign has over their number at the cost of
/// one solve per position.
pub const ROTATING: [&str; 36] = [
    "=1",
    "h=1",
    "h#1.5",
    "ser-#2",
    "ser-h=2",
    "~1",
    "x1",
    "s+1",
    "hx1.5",
    "ser-x2",
    "ze41",
    "hep1",
    "001",
    "h%1",
    "#=1",
    "h==1",
    "h!=1",
    "ser-h!=2",
    "r#2",
    "semi-r#1",
    "hs#2",
    "hr#2",
    "hs#1.5",
    "hr#1.5",
    "ser-s#2",
    "ser-r#2",
    "exact-h#2",
    "exact-ser-h#3",
    "reci-h#2",
    "reci-h(=)#2",
    "ser-reci-h#2",
    "exact-#2",
    "2->ser-#2",
    "1->ser-h#2",
    "pser-h#3",
    "phser-s#2",
];

/// The stipulations position `case` is solved under: [`STIPULATIONS`], then its one of
/// [`ROTATING`].
pub fn stipulations_of(case: u64) -> Vec<&'static str> {
    let mut out = STIPULATIONS.to_vec();
    out.push(ROTATING[(case % ROTATING.len() as u64) as usize]);
    out
}

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
    pub answers: [(String, Answer); 2],
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
        let lines = |answer: &Answer| match answer {
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
#[derive(Debug, Default)]
pub struct SolvingReport {
    /// One line of counts per bucket.
    pub buckets: Vec<SolvingSummary>,
    /// The differences reported in full, in bucket and case order.
    pub found: Vec<SolvingFound>,
    /// Reproducers that could not be written, with the reason.
    pub write_errors: Vec<ReproducerError>,
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

/// One engine's answer to one stipulation: its solutions in the compared form, sorted, or why
/// it gave none.
pub type Answer = Result<Vec<String>, NoAnswer>;

/// Why an engine gave no solutions to compare: an engine error, or more solutions than a
/// scenario may list. The reason is compared with the other engine's answer, not raised: two
/// engines that give no answer for the same reason, as it is said, agree.
#[derive(Clone, Debug)]
pub struct NoAnswer(Arc<NoSolutions>);

impl NoAnswer {
    /// The reason.
    pub fn reason(&self) -> &NoSolutions {
        &self.0
    }
}

impl PartialEq for NoAnswer {
    fn eq(&self, other: &NoAnswer) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

impl fmt::Display for NoAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for NoAnswer {}

/// The two engines' answers to one stipulation, in the order of the campaign's engines.
pub(super) type Answers = (Answer, Answer);

/// Each engine's answer to one stipulation.
pub(super) fn answer(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
) -> Answer {
    solutions_of(engine, position, rules, stipulation).map_err(|e| NoAnswer(Arc::new(e)))
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
) -> Result<SolvingReport, CampaignError> {
    let started = Instant::now();
    let ran = Runner::new("solving", "positions", campaign.jobs, campaign.progress)
        .keeping(campaign.max_reports)
        .cases(&campaign.buckets, campaign.count, campaign.shard, |f, i| {
            Ok(solve_case(campaign, [a, b], f, i))
        })?;
    let mut reproducers = Reproducers::new(campaign.reproducers.clone());
    let found = (ran.found.into_iter())
        .map(|raw| shrunk(campaign, [a, b], raw, &mut reproducers))
        .collect();
    Ok(SolvingReport {
        buckets: ran.tallies,
        found,
        write_errors: reproducers.errors,
        elapsed: started.elapsed(),
    })
}

/// A difference as first found: the bucket, the case, the stipulation's place in the case's
/// [`stipulations_of`], the problem and the engines' answers.
type Raw = (usize, u64, usize, FuzzedPosition, Answers);

/// Case `case` of bucket `bucket`, solved by both engines under every stipulation.
fn solve_case(
    campaign: &SolvingCampaign,
    [a, b]: [&dyn SearchEngine; 2],
    bucket: usize,
    case: u64,
) -> Done<SolvingSummary, Raw> {
    let stipulations = parsed(&stipulations_of(case));
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
            differing.push((bucket, case, which, problem.clone(), here));
        }
    }
    let tally = SolvingSummary {
        name: String::new(),
        positions: 1,
        solves: stipulations.len() as u64,
        with_solutions,
        differences: differing.len() as u64,
        digest: fingerprint(&format!(
            "{} {case} {} {}",
            campaign.buckets[bucket].name,
            fen::write(problem.position.setup()),
            problem.rules
        )),
    };
    Done {
        tally: Some((bucket, tally)),
        failed: !differing.is_empty(),
        found: differing,
        steps: 1,
    }
}

/// The stipulations of `texts`, read.
fn parsed(texts: &[&str]) -> Vec<Stipulation> {
    texts
        .iter()
        .map(|s| s.parse().expect("a supported stipulation"))
        .collect()
}

/// A difference shrunk and written as a reproducer.
fn shrunk(
    campaign: &SolvingCampaign,
    [a, b]: [&dyn SearchEngine; 2],
    (bucket, case, which, problem, first): Raw,
    reproducers: &mut Reproducers,
) -> SolvingFound {
    let text = stipulations_of(case)[which];
    let stipulation: Stipulation = text.parse().expect("a supported stipulation");
    let (position, answers) =
        shrink_solving(a, b, &problem.rules, stipulation, problem.position, first);
    let name = &campaign.buckets[bucket].name;
    let mut difference = SolvingFound {
        bucket: name.clone(),
        case,
        stipulation: text.to_string(),
        rules: problem.rules,
        position,
        answers: [
            (a.name().to_string(), answers.0),
            (b.name().to_string(), answers.1),
        ],
        reproducer: None,
    };
    difference.reproducer = reproducers.write(|| {
        let origin = format!(
            "feerie check --fuzz-solve {} --seed {}: {name}, case {case}, {}",
            campaign.count, campaign.seed, difference.stipulation
        );
        let fen_and_stipulation = format!(
            "{} {}",
            fen::write(difference.position.setup()),
            difference.stipulation
        );
        (
            stem(&difference.rules, "solutions", &fen_and_stipulation, 0),
            reproducer(a, &difference, &origin),
        )
    });
    difference
}

tally!(SolvingSummary {
    positions,
    solves,
    with_solutions,
    differences
});
