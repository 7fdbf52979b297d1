//! What every stage of `popeye campaign` shares, and the time left before a deadline.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::engines::SearchEngine;
use crate::harness::Bucket;
use crate::harness::events::Coverage;

/// What every stage shares: the binary, the seed, the families, the engines and where
/// reproducers go.
pub(super) struct Context<'a> {
    /// The binary compared.
    pub binary: &'a Path,
    /// Its banner.
    pub version: String,
    /// The longest one run of the binary may take (bounded further by the stage's deadline).
    pub timeout: Duration,
    /// The seed of the fuzz stages.
    pub seed: u64,
    /// The families of the fuzz stages.
    pub buckets: Vec<Bucket>,
    /// The engines `fuzz` compares with the binary.
    pub engines: Vec<&'static dyn SearchEngine>,
    /// The engine that solves (`fuzz-solve`, `verify`) and judges the scenarios.
    pub solver: &'static dyn SearchEngine,
    /// Runs of the binary at the same time.
    pub jobs: usize,
    /// Half-moves counted from each fuzzed position.
    pub depth: u32,
    /// Where reproducers go.
    pub reproducers: PathBuf,
    /// Progress on stderr.
    pub progress: bool,
    /// Stop at the first finding (`--fail-fast`): set by [`found`] when asked.
    pub fail_fast: bool,
    /// Whether a finding has stopped the campaign (only under `fail_fast`).
    pub stopped: std::cell::Cell<bool>,
    /// The rule events of what the stages compared (`--coverage`), or `None` when not asked.
    pub coverage: Option<std::cell::RefCell<Coverage>>,
}

impl Context<'_> {
    /// Whether the campaign stops here: a finding under `--fail-fast`. A stage asks between its
    /// cases or rounds.
    pub fn stopped(&self) -> bool {
        self.stopped.get()
    }

    /// The deadline of one run of the binary started now: the timeout, or the time the stage
    /// has left when that is shorter (at least a second).
    pub fn run_timeout(&self, deadline: Instant) -> Duration {
        left(deadline).min(self.timeout).max(Duration::from_secs(1))
    }

    /// Adds the rule events of what a stage compared, when `--coverage` asks for them
    /// (`tally` is not called otherwise).
    pub fn cover(&self, tally: impl FnOnce() -> Coverage) {
        if let Some(coverage) = &self.coverage {
            coverage.borrow_mut().merge(&tally());
        }
    }

    /// A progress line on stderr (unless quiet).
    pub fn say(&self, line: &str) {
        say(self.progress, line);
    }
}

/// A progress line of the campaign on stderr when `shown`: [`Context::say`], for the threads
/// that cannot share the context.
pub(super) fn say(shown: bool, line: &str) {
    if shown {
        eprintln!("popeye campaign: {line}");
    }
}

/// The time left before `deadline`.
pub(super) fn left(deadline: Instant) -> Duration {
    deadline.saturating_duration_since(Instant::now())
}
