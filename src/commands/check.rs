//! `feerie check`: its flags, turned into the run's options ([`crate::check::CheckOptions`])
//! and run by [`crate::check`].

use std::path::PathBuf;

use clap::{Arg, Args};

use super::flags::{EnginesArgs, FormatArgs, JobsArgs, JunitArgs, ReportArgs, SeedArgs};
use super::flags::{ShardArgs, format_help};
use crate::error::Error;

/// Fuzzed positions per family and profile in a default `feerie check`: about a minute on two
/// cores.
const DEFAULT_FUZZ: u64 = 1000;
/// Problem-like positions per family and profile that `feerie check` solves by default.
const DEFAULT_FUZZ_SOLVE: u64 = 10;

/// The flags of `feerie check`.
#[derive(Args, Debug)]
#[command(mut_args(own_help))]
pub struct CheckArgs {
    /// Folder of YAML scenarios, read recursively [default: scenarios].
    #[arg(long)]
    scenarios: Option<PathBuf>,
    /// Folder of reproducers: checked as scenarios, and where new divergences are written
    /// [default: corpus/divergences].
    #[arg(long)]
    reproducers: Option<PathBuf>,
    /// Folder of perft suites [default: corpus/perft].
    #[arg(long)]
    perft: Option<PathBuf>,
    /// Deepest perft count to check (deeper ones are skipped); at most 32.
    #[arg(long, default_value_t = 4)]
    max_depth: u32,
    /// Largest perft count to check (larger ones are skipped and counted in the summary).
    #[arg(long, default_value_t = crate::check::DEFAULT_PERFT_MAX_COUNT)]
    max_count: u64,
    #[command(flatten)]
    engines: EnginesArgs,
    /// Fuzzed positions per family and profile (0: no fuzzing).
    #[arg(long, default_value_t = DEFAULT_FUZZ)]
    fuzz: u64,
    /// Problem-like positions per family and profile, each solved by both engines under
    /// #1, #2, h#1, h#2, s#1, ser-h#3, +1 and hx1, and one more in turn of every other goal
    /// and play type (=1, h=1, h#1.5, ser-#2, ser-h=2, ~1, x1, s+1, hx1.5, ser-x2, ze41, hep1,
    /// 001, h%1, #=1, h==1, h!=1, ser-h!=2, r#2, semi-r#1, hs#2, hr#2, hs#1.5, hr#1.5), and the
    /// solutions compared (0: none).
    #[arg(long, default_value_t = DEFAULT_FUZZ_SOLVE)]
    fuzz_solve: u64,
    #[command(flatten)]
    seed: SeedArgs,
    /// Half-moves compared from each position, 1 to 32 (every node's moves and the
    /// position after each move).
    #[arg(long, default_value_t = 2)]
    depth: u32,
    #[command(flatten)]
    jobs: JobsArgs,
    /// Fuzz only this family, or family/profile (repeatable; --help lists the families).
    #[arg(long, long_help = families_help())]
    only: Vec<String>,
    /// Divergences shrunk and reported in full (the others are counted).
    #[arg(long, default_value_t = 5)]
    max_reports: usize,
    #[command(flatten)]
    junit: JunitArgs,
    /// No progress bar or progress lines.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    report: ReportArgs,
    /// Print the rule-event coverage (event x condition: how often each rule event happened
    /// in the moves compared, and the events never reached), and add it to the JSON document.
    #[arg(long)]
    coverage: bool,
}

/// What `check` says of the shared flags it takes, instead of their shared help.
fn own_help(arg: Arg) -> Arg {
    match arg.get_id().as_str() {
        "engine" => arg.help("Only this engine (no comparison, no fuzzing); both by default"),
        "seed" => {
            arg.help("Seed of the fuzzed positions (default: from the clock; the run prints it)")
        }
        "jobs" => arg.help("Worker threads, 1 to 256 (default: the number of cores)"),
        "shard" => arg.help(
            "Fuzz only shard K of N (from 1; perft suites and scenarios run on shard 1): the \
             cases are split so that N runs with the same seed and flags check together exactly \
             what one run checks",
        ),
        "format" => arg.help(format_help(
            "one JSON line per case as each stage ends, then the document on one line",
        )),
        _ => arg,
    }
}

/// `feerie check`: every flag checked and every input read before any work
/// ([`crate::check::prepare`]), then the stages run.
pub fn run(args: CheckArgs) -> Result<i32, Error> {
    // Each against the inputs too when they are read ([`crate::check::prepare`]).
    super::flags::check_outputs(
        &[
            ("--junit", args.junit.path()),
            ("--report", args.report.path()),
        ],
        &[],
    )?;
    if args.fuzz == 0 && args.fuzz_solve == 0 {
        // Both choose the campaigns' positions; with no campaign they would do nothing.
        let campaign_only = [
            (args.seed.given(), "--seed"),
            (!args.only.is_empty(), "--only"),
        ];
        if let Some((_, flag)) = campaign_only.iter().find(|(given, _)| *given) {
            return Err(Error::Usage(format!(
                "{flag} chooses the fuzz campaigns' positions: --fuzz 0 and --fuzz-solve 0 run none"
            )));
        }
    }
    let json = args.format.start();
    let options = crate::check::CheckOptions {
        scenarios: args.scenarios,
        reproducers: args.reproducers,
        perft: args.perft,
        max_depth: args.max_depth,
        max_count: args.max_count,
        engines: args.engines.engines()?,
        fuzz: args.fuzz,
        fuzz_solve: args.fuzz_solve,
        seed: args.seed.seed(),
        depth: args.depth,
        jobs: args.jobs.jobs(),
        only: args.only,
        max_reports: args.max_reports,
        junit: args.junit.into_path(),
        progress: !args.quiet,
        shard: args.shard.shard(),
        json,
        report: args.report.into_path(),
        coverage: args.coverage,
    };
    let prepared = crate::check::prepare(options)?;
    crate::check::run_prepared(prepared)
}

/// The long help of `--only`: the fuzz families of the registry of conditions.
fn families_help() -> String {
    let names: Vec<String> = feerie_oracle::rules::FuzzFamily::all()
        .iter()
        .map(|f| f.name())
        .collect();
    format!(
        "Fuzz only this family, or family/profile (repeatable): {}.",
        names.join(", ")
    )
}
