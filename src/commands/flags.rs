//! The flags several commands take, each declared once and flattened into the commands
//! (`#[command(flatten)]`), with what the commands do with them: the output format, the
//! engine, the shard, the Popeye binary and its deadline, the HTML report and the JUnit file,
//! the transposition table, the seed and the worker threads of a campaign.
//!
//! A command that says more of a shared flag than its shared help gives its own help instead
//! (`#[command(mut_args(own_help))]`, a function that matches the flag's id; [`format_help`]
//! and [`report_help`] for the part of `--format` and `--report` that differs); the flag's
//! name, value and default stay the shared ones.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;

use crate::engines::{EngineChoice, SearchEngine, engine};
use crate::error::Error;
use crate::report::json::Format;
use crate::shard::Shard;

/// The help of `--format`, whose JSON lines are `jsonl`.
pub fn format_help(jsonl: &str) -> String {
    format!(
        "Output: text; json (one JSON document on stdout; the text goes to stderr); or jsonl \
         ({jsonl})"
    )
}

/// `--format text|json|jsonl`.
#[derive(Args, Debug, Clone, Copy)]
pub struct FormatArgs {
    #[arg(long, value_enum, default_value = "text", help = format_help("the document on one line"))]
    format: Format,
}

impl FormatArgs {
    /// Whether the command writes JSON; from now on its text goes to standard error when it
    /// does ([`Format::start`]).
    pub fn start(self) -> bool {
        self.format.start()
    }
}

/// `--engine`: the one engine a command runs, the fast bitboard engine unless told otherwise
/// (`--engine reference` runs the executable specification, to cross-check a result).
#[derive(Args, Debug, Clone, Copy)]
pub struct EngineArgs {
    /// Which engine: the fast bitboard engine, or the reference engine (the executable
    /// specification) to cross-check a result [default: bitboard].
    #[arg(long, value_enum)]
    engine: Option<EngineChoice>,
}

impl EngineArgs {
    /// The engine chosen (the bitboard engine unless told).
    pub fn engine(self) -> Result<&'static dyn SearchEngine, Error> {
        Ok(engine(self.engine.unwrap_or(EngineChoice::Bitboard))?)
    }

    /// Whether `--engine` was given: a command that runs no engine refuses it.
    pub fn given(self) -> bool {
        self.engine.is_some()
    }
}

/// `--engine`, optional: only this engine, or both (the specification first) compared.
#[derive(Args, Debug, Clone, Copy)]
pub struct EnginesArgs {
    /// Only this engine; both by default.
    #[arg(long, value_enum)]
    engine: Option<EngineChoice>,
}

impl EnginesArgs {
    /// The engine chosen, or both engines, the reference first.
    pub fn engines(self) -> Result<Vec<&'static dyn SearchEngine>, Error> {
        Ok(match self.engine {
            Some(c) => vec![engine(c)?],
            None => vec![
                engine(EngineChoice::Reference)?,
                engine(EngineChoice::Bitboard)?,
            ],
        })
    }
}

/// `--shard K/N`: this run's share of the cases.
#[derive(Args, Debug, Clone, Copy)]
pub struct ShardArgs {
    /// Run only shard K of N (from 1): the cases are split so that N runs with the same seed
    /// and flags check together exactly what one run checks.
    #[arg(long, value_name = "K/N", default_value = "1/1")]
    shard: Shard,
}

impl ShardArgs {
    /// The shard asked for (`1/1`: every case).
    pub fn shard(self) -> Shard {
        self.shard
    }
}

/// `--py`: the Popeye binary.
#[derive(Args, Debug, Clone)]
pub struct PopeyeBinaryArgs {
    /// The Popeye binary (default: the POPEYE environment variable).
    #[arg(long)]
    py: Option<PathBuf>,
}

impl PopeyeBinaryArgs {
    /// The binary: `--py`, else the `POPEYE` environment variable, found and runnable.
    pub fn binary(&self) -> Result<PathBuf, Error> {
        Ok(crate::external::popeye::popeye_binary(self.py.as_deref())?)
    }

    /// `--py` as given, if it was.
    pub fn given(&self) -> Option<&Path> {
        self.py.as_deref()
    }

    /// The binary when one is found (`--py` or `POPEYE`), as a file the command reads: no
    /// output may replace it.
    pub fn as_input(&self) -> Option<PathBuf> {
        self.binary().ok()
    }
}

/// Before any work: the files the command writes (`(flag, path)`, `None` when not asked) are
/// distinct from each other and from every file it reads (`inputs`, the Popeye binary among
/// them); one line and exit 2 otherwise, nothing written (see
/// [`crate::report::target::check_outputs`]). Every command that writes files calls it.
pub fn check_outputs(
    outputs: &[(&'static str, Option<&Path>)],
    inputs: &[&Path],
) -> Result<(), Error> {
    let asked: Vec<(&'static str, &Path)> = outputs
        .iter()
        .filter_map(|(flag, path)| path.map(|p| (*flag, p)))
        .collect();
    Ok(crate::report::target::check_outputs(&asked, inputs)?)
}

/// Default of `--timeout`: seconds an outside program (Popeye, a UCI engine) may take for one
/// answer.
const DEFAULT_TIMEOUT_SECS: u64 = crate::external::process::DEFAULT_TIMEOUT.as_secs();

/// `--timeout SECS`: how long an outside program may take for one answer.
#[derive(Args, Debug, Clone, Copy)]
pub struct TimeoutArgs {
    /// Seconds each Popeye run may take before it is stopped.
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIMEOUT_SECS)]
    timeout: u64,
}

impl TimeoutArgs {
    /// The deadline; 0 seconds is refused.
    pub fn duration(self) -> Result<Duration, Error> {
        if self.timeout == 0 {
            return Err(Error::Usage("--timeout must be at least 1 second".into()));
        }
        Ok(Duration::from_secs(self.timeout))
    }
}

/// The help of `--report`, whose diagrams are `what`.
pub fn report_help(what: &str) -> String {
    format!("Also write a self-contained HTML report ({what}) to this file")
}

/// `--report FILE.html`: the HTML report.
#[derive(Args, Debug, Clone)]
pub struct ReportArgs {
    #[arg(long, value_name = "FILE.html", help = report_help("diagrams of every divergence"))]
    report: Option<PathBuf>,
}

impl ReportArgs {
    /// Where the report goes, if asked.
    pub fn path(&self) -> Option<&Path> {
        self.report.as_deref()
    }

    /// The report's path, if asked, into the command's options.
    pub fn into_path(self) -> Option<PathBuf> {
        self.report
    }

    /// Before any work: the report, if asked, can be written there and replaces none of
    /// `inputs` (the files the command reads).
    pub fn check(&self, inputs: &[&Path]) -> Result<(), Error> {
        if let Some(path) = &self.report {
            crate::report::html::check_path(path, inputs)?;
        }
        Ok(())
    }
}

/// `--junit FILE`: the results as JUnit XML.
#[derive(Args, Debug, Clone)]
pub struct JunitArgs {
    /// Also write the results as JUnit XML to this file.
    #[arg(long)]
    junit: Option<PathBuf>,
}

impl JunitArgs {
    /// Where the JUnit file goes, if asked.
    pub fn path(&self) -> Option<&Path> {
        self.junit.as_deref()
    }

    /// The JUnit file's path, if asked, into the command's options.
    pub fn into_path(self) -> Option<PathBuf> {
        self.junit
    }

    /// Before any work: the JUnit file, if asked, can be written there and replaces none of
    /// `inputs`.
    pub fn check(&self, inputs: &[&Path]) -> Result<(), Error> {
        if let Some(path) = &self.junit {
            crate::report::target::check_writable("--junit", path, inputs)?;
        }
        Ok(())
    }
}

/// `--hash MB`: the transposition table's bound.
#[derive(Args, Debug, Clone, Copy)]
pub struct HashArgs {
    /// The transposition table's memory bound, in MB (0: no table; at most 65536).
    #[arg(long, value_name = "MB", default_value_t = 64)]
    hash: usize,
}

impl HashArgs {
    /// The bound in MB; above 64 GB is refused.
    pub fn megabytes(self) -> Result<usize, Error> {
        if self.hash > 65536 {
            return Err(Error::Usage(format!(
                "--hash {}: at most 65536 (MB)",
                self.hash
            )));
        }
        Ok(self.hash)
    }
}

/// `--seed`: the seed of a campaign's random positions.
#[derive(Args, Debug, Clone, Copy)]
pub struct SeedArgs {
    /// Seed of the positions (default: from the clock; the run prints it).
    #[arg(long)]
    seed: Option<u64>,
}

impl SeedArgs {
    /// Whether `--seed` was given.
    pub fn given(self) -> bool {
        self.seed.is_some()
    }

    /// The seed given, or one from the clock (the run prints it).
    pub fn seed(self) -> u64 {
        self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64 % 1_000_000_007)
                .unwrap_or(1)
        })
    }
}

/// `--jobs`: the workers of a campaign.
#[derive(Args, Debug, Clone, Copy)]
pub struct JobsArgs {
    /// Popeye runs at the same time (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
}

impl JobsArgs {
    /// The number given (0 included, for the command to refuse), or the number of cores.
    pub fn jobs(self) -> usize {
        self.jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}
