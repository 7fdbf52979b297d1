//! Popeye as a live third opinion: fuzzed positions of every rule family Popeye can express,
//! under the `popeye` profile and each `rex` value, asked of a Popeye binary in batches and
//! compared with our engines: the legal moves with their check marks, and the number of
//! sequences of a few half-moves. A difference is followed down to the first node where the
//! move lists differ (asking Popeye again), shrunk there while Popeye still answers otherwise,
//! and written as a reproducer whose expectations are Popeye's answer.
//!
//! The parts: `cases` makes the positions Popeye is asked about, `run` asks in batches and
//! compares, `narrow` follows a difference down and shrinks it, `output` renders it and its
//! reproducer, `summary` runs a campaign and prints what it found,
//! `golden` keeps Popeye's answers on fairy positions as test data; `solving` asks Popeye for
//! the solutions of short stipulations instead.

mod cases;
mod golden;
mod narrow;
mod output;
mod run;
mod solving;
mod summary;

use std::path::PathBuf;
use std::time::Duration;

use feerie_oracle::{Position, Rules};

use super::fuzzed::Bucket;
use super::report::Written;
use crate::external::popeye_batch::ListedMove;

pub use cases::{make_popeye_case, not_for_popeye};
pub use golden::{GoldenRecord, golden_record};
pub use output::{popeye_reproducer, render_popeye};
pub use run::{STEERING_TIME_RAN_OUT, TIME_RAN_OUT, run_popeye_campaign};
pub use solving::{
    BLACK_BEGINS, PopeyeSolving, PopeyeSolvingReport, SolvingProblem, WHITE_BEGINS, WITH_OPTION,
    batch_input, run_popeye_solving, solving_problems, unknown_stipulation,
};
pub use summary::{run_and_print, run_and_print_with};

/// Positions with at most this many units are compared one half-move deeper.
pub const SMALL_POSITION: usize = 8;

/// How many candidate positions one shrink may ask Popeye about.
const SHRINK_BUDGET: usize = 300;

/// What a Popeye campaign does.
#[derive(Clone, Debug)]
pub struct PopeyeCampaign {
    /// The families, under the `popeye` profile.
    pub buckets: Vec<Bucket>,
    /// Positions per family.
    pub count: u64,
    /// The first case of each family: the cases asked are `first..first + count` (0 for a
    /// whole run; `popeye campaign` asks the cases in rounds under its time budget).
    pub first: u64,
    /// The seed: case `i` of a family is made from `(seed, family, i)` alone.
    pub seed: u64,
    /// Half-moves counted from each position.
    pub depth: u32,
    /// Half-moves counted from a position of at most [`SMALL_POSITION`] units.
    pub small_depth: u32,
    /// Positions asked of Popeye in one run.
    pub batch: usize,
    /// Popeye runs at the same time.
    pub jobs: usize,
    /// Where reproducers go (`None`: not written).
    pub reproducers: Option<PathBuf>,
    /// How many differences are followed, shrunk and reported in full.
    pub max_reports: usize,
    /// Where Popeye's answers on the positions with a fairy walk are written as golden records
    /// (`None`: not kept). The file must not exist.
    pub golden: Option<PathBuf>,
    /// Show progress on stderr.
    pub progress: bool,
    /// The part of the cases this run asks (`--shard K/N`): case `i` of family `f` is number
    /// `f * count + i`.
    pub shard: crate::shard::Shard,
    /// After the cases, ask positions built around the rule events they did not reach (only
    /// in a whole run: each shard reaches other events).
    pub steer: bool,
    /// No batch is started past this instant (`popeye campaign`'s stage deadline): its cases
    /// are counted as skipped, since the time ran out (`None`: every batch is asked).
    pub deadline: Option<std::time::Instant>,
    /// Whether a finding among the families' cases ends the run before the steered pass
    /// (`popeye campaign --fail-fast`: the first finding is what is asked for, and a binary that
    /// hangs would spend the pass's time on every steered position).
    pub stop_at_finding: bool,
    /// No steered position is built past this instant (`popeye campaign` keeps part of its fuzz
    /// stage for more rounds of cases); `None`: until the deadline, if any.
    pub steer_until: Option<std::time::Instant>,
}

/// The families Popeye can express (no Bédoni magic pieces), under the `popeye` profile.
pub fn popeye_buckets(all: Vec<Bucket>) -> Vec<Bucket> {
    all.into_iter()
        .filter(|b| !b.magic && b.rules.profile() == feerie_oracle::Profile::Popeye)
        .collect()
}

/// One case: a position and the rules it is asked under.
#[derive(Clone, Debug)]
pub struct PopeyeCase {
    /// The family.
    pub bucket: String,
    /// Its index in the family.
    pub index: u64,
    /// The position.
    pub position: Position,
    /// The rules (the family's, with `rex` set on two cases in three).
    pub rules: Rules,
}

/// Counts for one family.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PopeyeSummary {
    /// The family.
    pub name: String,
    /// Positions compared with Popeye.
    pub compared: u64,
    /// Sequences Popeye counted in all.
    pub lines: u64,
    /// Positions not sent, by reason.
    pub skipped: Vec<(String, u64)>,
    /// Positions Popeye refused, or crashed on when asked alone.
    pub refused: u64,
    /// Positions where an engine and Popeye differ.
    pub differences: u64,
    /// The XOR of the [`fingerprint`](crate::shard::fingerprint)s of the cases taken
    /// (compared, skipped or refused): the shards of a run combine to the whole run's.
    pub digest: u64,
    /// The rule events of the moves of the positions compared.
    pub coverage: crate::harness::events::Coverage,
}

/// A difference with Popeye, followed to the node where the move lists differ and shrunk.
#[derive(Clone, Debug)]
pub struct PopeyeDifference {
    /// The family and case.
    pub bucket: String,
    /// The case index.
    pub case: u64,
    /// The engine that differs.
    pub engine: String,
    /// The rules.
    pub rules: Rules,
    /// The case's position.
    pub root: Position,
    /// Moves from the root to the node where the difference was first seen.
    pub path: Vec<String>,
    /// The shrunk position where Popeye and the engine differ.
    pub node: Position,
    /// Depth of the comparison at the node (1: the move lists).
    pub depth: u32,
    /// Moves only Popeye lists (with ` +` when it marks check).
    pub only_popeye: Vec<String>,
    /// Moves only the engine lists.
    pub only_ours: Vec<String>,
    /// Popeye's count and the engine's, when the lists agree and the counts do not.
    pub counts: Option<(u64, u64)>,
    /// Popeye's moves at the node.
    pub popeye_moves: Vec<ListedMove>,
}

impl PopeyeDifference {
    /// The same case's difference seen at `found`'s node: the family, case, engine, root and
    /// path stay, the node and what differs there come from `found`.
    fn moved_to(self, found: PopeyeDifference) -> PopeyeDifference {
        PopeyeDifference {
            bucket: self.bucket,
            case: self.case,
            engine: self.engine,
            root: self.root,
            path: self.path,
            ..found
        }
    }
}

/// The outcome of a Popeye campaign.
#[derive(Debug, Default)]
pub struct PopeyeReport {
    /// Popeye's version, as its banner gives it.
    pub version: String,
    /// One line of counts per family.
    pub buckets: Vec<PopeyeSummary>,
    /// Refusals, with Popeye's words (the first few).
    pub refusals: Vec<String>,
    /// Differences reported in full.
    pub found: Vec<(PopeyeDifference, Option<Written>)>,
    /// Reproducers that could not be written.
    pub write_errors: Vec<crate::harness::error::ReproducerError>,
    /// The golden records kept (with [`PopeyeCampaign::golden`]), in family and case order.
    pub golden: Vec<GoldenRecord>,
    /// Time taken.
    pub elapsed: Duration,
    /// The steered pass, when it ran (an unsharded run): positions built around the rule
    /// events the families' cases did not reach ([`crate::harness::steer`]).
    pub steered: Option<PopeyeSummary>,
    /// The part of the time taken by the steered pass (building its positions and asking them).
    pub steering: Duration,
}

impl PopeyeReport {
    /// The families' counts, then the steered pass's.
    fn all(&self) -> impl Iterator<Item = &PopeyeSummary> {
        self.buckets.iter().chain(self.steered.iter())
    }

    /// Positions compared in all.
    pub fn compared(&self) -> u64 {
        self.all().map(|b| b.compared).sum()
    }

    /// Positions with a difference in all.
    pub fn differences(&self) -> u64 {
        self.all().map(|b| b.differences).sum()
    }

    /// Positions Popeye refused in all.
    pub fn refused(&self) -> u64 {
        self.all().map(|b| b.refused).sum()
    }

    /// The rule events of every position compared.
    pub fn coverage(&self) -> crate::harness::events::Coverage {
        let mut all = crate::harness::events::Coverage::default();
        for b in self.all() {
            all.merge(&b.coverage);
        }
        all
    }
}
