//! `feerie check`, the main job: the perft suites, every scenario through each engine and
//! against its expectations, the scenarios' stipulations solved by each engine (solutions
//! checked and the engines compared), the two engines compared on every scenario position, then a fuzz
//! campaign and a solving campaign; a closing summary, the list of failures and one verdict line, and optionally the
//! same results as JUnit XML.
//!
//! Every flag and folder is checked by [`prepare()`] before any work starts, so that a typo costs
//! no minute of perft. Failures are printed in full as they come, passes only counted.
//!
//! One module a stage, each adding its lines, failures and JUnit suite to the run's results:
//! `perft` (the suites), `scenarios` (expectations), `solutions` (stipulations solved),
//! `differential` (the engines compared on the scenarios' positions), `fuzz` (the campaign) and
//! `solving` (the solving campaign);
//! `prepare` reads and checks the inputs first, `summary` ends the run (JUnit and HTML files, the
//! summary, the verdict and the exit code).

mod differential;
mod fuzz;
mod perft;
mod prepare;
mod scenarios;
mod solutions;
mod solving;
mod summary;

use std::path::PathBuf;
use std::time::Instant;

use crate::engines::SearchEngine;
use feerie_oracle::{Position, Rules};

use crate::corpus::PerftCase;
use crate::error::Error;
use crate::harness::Bucket;
use crate::outln;
use crate::progress::Progress;
use crate::report::junit::{TestCase, TestSuite};
use crate::scenario::{LoadError, Scenario};

pub use prepare::prepare;

/// What `feerie check` runs.
#[derive(Clone)]
pub struct CheckOptions {
    /// Folder of YAML scenarios (`None`: the default folder, skipped with a note when absent).
    pub scenarios: Option<PathBuf>,
    /// Folder of reproducers: run as scenarios when present, and where new ones are written
    /// (`None`: the default folder).
    pub reproducers: Option<PathBuf>,
    /// Folder of perft suites (`None`: the default folder, skipped with a note when absent).
    pub perft: Option<PathBuf>,
    /// Deepest perft count checked.
    pub max_depth: u32,
    /// Largest perft count checked (larger ones are skipped and counted as such).
    pub max_count: u64,
    /// The engines: the specification first. With two, they are also compared.
    pub engines: Vec<&'static dyn SearchEngine>,
    /// Fuzzed positions per bucket (0: no campaign).
    pub fuzz: u64,
    /// Problem-like positions per bucket solved by both engines under short stipulations
    /// (0: no solving campaign).
    pub fuzz_solve: u64,
    /// Seed of the campaign.
    pub seed: u64,
    /// Half-moves compared from each position.
    pub depth: u32,
    /// Worker threads.
    pub jobs: usize,
    /// Fuzz only these families (all when empty).
    pub only: Vec<String>,
    /// Divergences shrunk and reported in full.
    pub max_reports: usize,
    /// Write JUnit XML here.
    pub junit: Option<PathBuf>,
    /// Progress on stderr.
    pub progress: bool,
    /// The part of the fuzz campaign this run checks; the other stages run on shard 1 only, so
    /// that the shards of a run together check exactly what the unsharded run checks.
    pub shard: crate::shard::Shard,
    /// Print the results as one JSON document (the text goes to stderr).
    pub json: bool,
    /// Write the HTML report here.
    pub report: Option<PathBuf>,
    /// Print the rule-event coverage table, and add it to the JSON document.
    pub coverage: bool,
}

impl CheckOptions {
    /// How this run is recorded in its document.
    pub fn settings(&self) -> crate::report::json::CheckSettings {
        crate::report::json::CheckSettings {
            engines: self.engines.iter().map(|e| e.name().to_string()).collect(),
            seed: self.seed,
            fuzz: self.fuzz,
            fuzz_solve: self.fuzz_solve,
            depth: self.depth,
            shard: self.shard.to_string(),
        }
    }
}

/// Comparison depths above this one are announced as long.
const LONG_DEPTH: u32 = 6;

/// The default folder of perft suites.
pub const DEFAULT_PERFT: &str = "corpus/perft";
/// The largest perft count `feerie check` checks by default (`--max-count`): the suites' deeper
/// counts take the reference engine minutes.
pub const DEFAULT_PERFT_MAX_COUNT: u64 = 200_000;
/// The default folder of scenarios.
pub const DEFAULT_SCENARIOS: &str = "scenarios";
/// The default folder of reproducers.
pub const DEFAULT_REPRODUCERS: &str = "corpus/divergences";

type Loaded = Vec<Result<Scenario, LoadError>>;

/// Everything read and checked before the run: the inputs of each stage.
pub struct Prepared {
    options: CheckOptions,
    perft: Option<Vec<PerftCase>>,
    scenarios: Loaded,
    reproducers: PathBuf,
    buckets: Vec<Bucket>,
    /// The files read (scenarios, perft suites), which no report may replace.
    inputs: Vec<PathBuf>,
    notes: Vec<String>,
}

/// What the run found, for the summary and the verdict.
#[derive(Default)]
struct Results {
    lines: Vec<String>,
    /// One line per failure, listed again just above the verdict.
    failures: Vec<String>,
    junit: Vec<TestSuite>,
    perft_positions: u64,
    scenarios: u64,
    malformed: u64,
    compared: u64,
    divergences: u64,
    /// The divergences reported in full, for the JSON and HTML reports.
    reported: Vec<crate::report::json::DivergenceJson>,
    fuzz_families: Vec<crate::harness::BucketSummary>,
    /// The solving campaign: positions solved, differences, each family's counts.
    solved: u64,
    solving_differences: u64,
    solving_families: Vec<crate::harness::solving_campaign::SolvingSummary>,
    /// The rule events of the moves compared (scenario positions, fuzzed and steered ones).
    coverage: crate::harness::events::Coverage,
}

/// A stage as it runs: its JUnit suite, its progress bar and its clock.
struct Stage {
    suite: TestSuite,
    progress: Progress,
    started: Instant,
}

impl Stage {
    /// A stage whose JUnit suite is `name` and whose bar, `label`, counts `total` `unit`.
    fn new(name: &str, label: &str, unit: &str, total: u64, show: bool) -> Stage {
        Stage {
            suite: TestSuite {
                name: name.to_string(),
                cases: Vec::new(),
            },
            progress: Progress::new(label, unit, total, show),
            started: Instant::now(),
        }
    }

    /// One case done, begun at `started`: its JUnit entry, and the bar a step further.
    fn case(&mut self, name: String, started: Instant, failure: Option<(String, String)>) {
        self.suite.cases.push(TestCase {
            name,
            seconds: started.elapsed().as_secs_f64(),
            failure,
            skipped: None,
        });
        self.progress.step();
    }

    /// Seconds since the stage began.
    fn seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// The stage's end: the bar closed, its summary `line` printed and kept, its suite added.
    fn finish(self, line: String, r: &mut Results) {
        self.progress.finish();
        outln!("{line}");
        r.lines.push(line);
        r.junit.push(self.suite);
    }
}

/// Checks the flags ([`prepare()`]), runs the check and prints as it goes; the exit code is 0
/// when everything passes, 1 on a failure or divergence, 2 when a scenario is malformed or a
/// flag is bad.
pub fn run_check(o: &CheckOptions) -> Result<i32, Error> {
    run_prepared(prepare(o.clone())?)
}

/// Runs a prepared check (see [`run_check`]).
pub fn run_prepared(p: Prepared) -> Result<i32, Error> {
    let o = &p.options;
    let started = Instant::now();
    let names: Vec<&str> = o.engines.iter().map(|e| e.name()).collect();
    outln!(
        "check: {} engine(s) ({}), depth {}, {} job(s)",
        o.engines.len(),
        names.join(", "),
        o.depth,
        o.jobs
    );
    for note in &p.notes {
        outln!("{note}");
    }
    if o.depth > LONG_DEPTH {
        eprintln!(
            "note: comparing every position down to depth {} may take very long (the default is 2)",
            o.depth
        );
    }
    // The engines' start-up (the bitboard tables) is not charged to their first case.
    for engine in &o.engines {
        let _ = engine.perft(&Position::start(), &Rules::orthodox(), 1);
    }
    let mut r = Results::default();
    // Under --shard, the stages other than the fuzz campaign are the first shard's.
    let whole_stages = o.shard.index() == 1;
    if !whole_stages {
        outln!(
            "shard {}: the fuzz campaign's part only (perft suites and scenarios are shard 1's)",
            o.shard
        );
    }

    // Under --format jsonl, each stage's cases are written as soon as the stage ends.
    let mut streamed = 0;
    let mut stream = |r: &Results| {
        crate::report::json::suite_lines("check", &r.junit[streamed..]);
        streamed = r.junit.len();
    };
    if let Some(cases) = p.perft.as_ref().filter(|_| whole_stages) {
        for &engine in &o.engines {
            perft::check_perft(cases, o.max_depth, o.max_count, engine, o.progress, &mut r)?;
            stream(&r);
        }
    }
    if !p.scenarios.is_empty() && whole_stages {
        for &engine in &o.engines {
            scenarios::check_scenarios(&p.scenarios, engine, o.progress, &mut r);
            stream(&r);
        }
        r.scenarios = p.scenarios.iter().filter(|s| s.is_ok()).count() as u64;
        r.malformed = p.scenarios.len() as u64 - r.scenarios;
        solutions::check_solutions(&p.scenarios, &o.engines, o.progress, &mut r);
        stream(&r);
    }
    if let [a, b] = o.engines[..] {
        if !p.scenarios.is_empty() && whole_stages {
            differential::compare_scenarios(&p.scenarios, a, b, o, &p.reproducers, &mut r);
            stream(&r);
        }
        if o.fuzz > 0 {
            fuzz::fuzz(&p, a, b, &mut r)?;
            stream(&r);
        }
        if o.fuzz_solve > 0 {
            solving::fuzz_solving(&p, a, b, &mut r)?;
            stream(&r);
        }
    } else if o.fuzz > 0 || o.fuzz_solve > 0 {
        r.lines
            .push("fuzz: skipped (it compares two engines; --engine chose one)".into());
    }
    Ok(summary::finish(p, r, started))
}
