//! Command-line parsing and dispatch. Thin: parse flags, call the libraries, map errors to
//! exit codes (0 success, 1 a check failed, 2 bad input or unsupported rule).

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use feerie_oracle::{Engine, Position, Profile, Rules, Validation, fen, popeye_input};

use crate::engines::{EngineChoice, engine};

/// Test oracle and cross-checking harness for fairy-chess rules.
#[derive(Parser, Debug)]
#[command(name = "feerie", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print every legal move of the side to move, one per line, in Popeye notation.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// The main job: every perft suite under corpus/perft, every YAML scenario under scenarios/
    /// (and the reproducers under corpus/divergences) through each engine and against its
    /// expectations, both engines compared on every scenario position, then a fuzz campaign
    /// comparing both engines on random positions of every condition and profile. Exit 0 when
    /// all pass, 1 on a failure or divergence, 2 when a scenario is malformed or a flag is bad.
    Check {
        /// Folder of YAML scenarios, read recursively.
        #[arg(long, default_value = "scenarios")]
        scenarios: PathBuf,
        /// Folder of reproducers: checked as scenarios, and where new divergences are written.
        #[arg(long, default_value = "corpus/divergences")]
        reproducers: PathBuf,
        /// Folder of perft suites (skipped with a note when the default folder is absent).
        #[arg(long)]
        perft: Option<PathBuf>,
        /// Deepest perft count to check (deeper ones are skipped).
        #[arg(long, default_value_t = 4)]
        max_depth: u32,
        /// Largest perft count to check (larger ones are skipped and counted in the summary).
        #[arg(long, default_value_t = crate::check::DEFAULT_PERFT_MAX_COUNT)]
        max_count: u64,
        /// Only this engine (no comparison, no fuzzing); both by default.
        #[arg(long, value_enum)]
        engine: Option<EngineChoice>,
        /// Fuzzed positions per family and profile (0: no fuzzing).
        #[arg(long, default_value_t = DEFAULT_FUZZ)]
        fuzz: u64,
        /// Seed of the fuzzed positions (default: from the clock; the run prints it).
        #[arg(long)]
        seed: Option<u64>,
        /// Half-moves compared from each position (every node's moves and the position after
        /// each move).
        #[arg(long, default_value_t = 2)]
        depth: u32,
        /// Worker threads (default: the number of cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Fuzz only this family, or family/profile (repeatable): orthodox, circe, circe-clone,
        /// circe-equipollents, circe-parrain, frankfurt, protean, magic,
        /// circe-parrain+frankfurt, circe+magic.
        #[arg(long)]
        only: Vec<String>,
        /// Divergences shrunk and reported in full (the others are counted).
        #[arg(long, default_value_t = 5)]
        max_reports: usize,
        /// Also write the results as JUnit XML to this file.
        #[arg(long)]
        junit: Option<PathBuf>,
        /// No progress bar or progress lines.
        #[arg(long)]
        quiet: bool,
    },
    /// Compare perft counts with a UCI engine's `go perft` (orthodox chess), move by move, on one
    /// position or on reproducible random positions. Exit 0 when all agree, 1 otherwise.
    UciPerft {
        /// The UCI engine: a command on PATH or a path.
        #[arg(long, default_value = "stockfish")]
        engine: String,
        /// The position (orthodox FEN).
        #[arg(long, conflicts_with = "random", required_unless_present = "random")]
        fen: Option<String>,
        /// Instead of --fen, this many positions from random playouts of the start position and
        /// the suites under corpus/perft.
        #[arg(long)]
        random: Option<usize>,
        /// Seed of the random positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of half-moves.
        #[arg(long)]
        depth: u32,
        /// Our engine.
        #[arg(long, value_enum, default_value = "reference")]
        ours: EngineChoice,
        /// Seconds the UCI engine may take for each answer (starting, each `go perft`) before it
        /// is stopped.
        #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIMEOUT_SECS)]
        timeout: u64,
    },
    /// Settle a disputed interpretation on a position: one engine under each value of a switch
    /// (--switch) or under each profile (--profiles documented,popeye), printing the perft
    /// counts side by side and every node, down to --depth, where the legal moves or the
    /// positions after them differ. Exit 0 when the readings agree, 1 when they differ.
    Dispute {
        #[command(flatten)]
        position: PositionArgs,
        /// The switch whose values are compared.
        #[arg(
            long,
            conflicts_with = "profiles",
            required_unless_present = "profiles"
        )]
        switch: Option<String>,
        /// Profiles to compare, separated by commas.
        #[arg(long)]
        profiles: Option<String>,
        /// Half-moves compared.
        #[arg(long, default_value_t = 2)]
        depth: u32,
        /// Differing nodes listed per reading at most.
        #[arg(long, default_value_t = 20)]
        limit: usize,
    },
    /// Popeye: write its input, compare with a Popeye binary, replay its solutions.
    #[command(subcommand)]
    Popeye(PopeyeCommand),
    /// Count the legal move sequences of a given length; the count is the last line.
    Perft {
        #[command(flatten)]
        position: PositionArgs,
        /// Number of half-moves.
        #[arg(long)]
        depth: u32,
        /// Also print one `move: count` line per root move.
        #[arg(long)]
        divide: bool,
        /// Threads (bitboard engine; the root moves are shared out).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

/// The Popeye commands.
#[derive(Subcommand, Debug)]
enum PopeyeCommand {
    /// Write a position and its rules as a Popeye input (English) that lists every legal move,
    /// or with --depth 2 or 3 every sequence of that many half-moves (help play of exact length).
    Export {
        #[command(flatten)]
        position: PositionArgs,
        /// Half-moves: 1 lists the moves (default); 2 or 3 for perft.
        #[arg(long, default_value_t = 1)]
        depth: u32,
        /// Write to this file instead of standard output.
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
    /// Run a Popeye binary on a position (same flags as `moves`), or on every scenario of a file
    /// or folder (--scenarios), and report every difference from our engine. Exit 0 when they
    /// agree, 1 on a difference, 2 on bad input or when Popeye complains.
    Compare {
        #[command(flatten)]
        position: PositionArgs,
        /// A scenario file or a folder of them, instead of --fen/--popeye.
        #[arg(long, conflicts_with_all = ["fen", "popeye"])]
        scenarios: Option<PathBuf>,
        /// The Popeye binary (default: the POPEYE environment variable).
        #[arg(long)]
        py: Option<PathBuf>,
        /// Also compare the number of sequences of 2 or 3 half-moves.
        #[arg(long)]
        depth: Option<u32>,
        /// Seconds each Popeye run may take before it is stopped.
        #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIMEOUT_SECS)]
        timeout: u64,
    },
    /// Fuzz against a Popeye binary: random positions of every family Popeye can express,
    /// under the popeye profile and each rex value, asked of Popeye in batches and compared
    /// with both engines (moves with check marks, and the sequences of --depth half-moves).
    /// A difference is followed to the node where the move lists differ, shrunk and written as
    /// a reproducer whose expectations are Popeye's answer. Exit 0 when all agree, 1 on a
    /// difference or a position Popeye refuses, 2 on bad input.
    Fuzz {
        /// The Popeye binary (default: the POPEYE environment variable).
        #[arg(long)]
        py: Option<PathBuf>,
        /// Positions per family.
        #[arg(long, default_value_t = 200)]
        fuzz: u64,
        /// Seed of the positions (default: from the clock; the run prints it).
        #[arg(long)]
        seed: Option<u64>,
        /// Half-moves counted from each position.
        #[arg(long, default_value_t = 2)]
        depth: u32,
        /// Half-moves counted from a position of at most 8 units.
        #[arg(long, default_value_t = 3)]
        small_depth: u32,
        /// Positions asked of Popeye in one run.
        #[arg(long, default_value_t = 25)]
        batch: usize,
        /// Popeye runs at the same time (default: every core).
        #[arg(long)]
        jobs: Option<usize>,
        /// Only these families (`circe`, `circe-parrain+frankfurt`, …); repeatable.
        #[arg(long)]
        only: Vec<String>,
        /// Only this engine; both by default.
        #[arg(long, value_enum)]
        engine: Option<EngineChoice>,
        /// Folder where reproducers are written.
        #[arg(long, default_value = "corpus/divergences")]
        reproducers: PathBuf,
        /// Differences followed, shrunk and reported in full at most.
        #[arg(long, default_value_t = 5)]
        max_reports: usize,
        /// Seconds each Popeye run may take before it is stopped.
        #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIMEOUT_SECS)]
        timeout: u64,
        /// No progress lines.
        #[arg(long)]
        quiet: bool,
    },
    /// Replay every solution of a Popeye output (.out, .ref, .tst, .reg, or a fresh run of
    /// Popeye when no output is given) through our engine, twins included: each move must be
    /// legal where Popeye plays it, with the same rebirths, mutations and check marks. Problems
    /// we cannot replay are counted as skipped, with the reason. Exit 0 when every replayed move
    /// is accepted and every other problem has its solution section, 1 otherwise.
    Replay {
        /// The Popeye input file.
        input: PathBuf,
        /// Popeye's output for it; without it, Popeye (--py or POPEYE) is run on the input.
        output: Option<PathBuf>,
        /// The Popeye binary to run when no output is given (default: the POPEYE environment
        /// variable).
        #[arg(long)]
        py: Option<PathBuf>,
        /// Seconds the Popeye run on the whole input may take before it is stopped.
        #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIMEOUT_SECS)]
        timeout: u64,
        /// Which engine.
        #[arg(long, value_enum, default_value = "reference")]
        engine: EngineChoice,
        /// Also list each skipped problem with its reason.
        #[arg(long)]
        verbose: bool,
    },
}

/// Where the position and rules come from.
#[derive(Args, Debug)]
struct PositionArgs {
    /// The position as (extended) FEN.
    #[arg(long, conflicts_with = "popeye")]
    fen: Option<String>,
    /// A Popeye input file giving position and conditions.
    #[arg(long)]
    popeye: Option<PathBuf>,
    /// Which problem of the Popeye file (1 = first).
    #[arg(long, default_value_t = 1, requires = "popeye")]
    problem: usize,
    /// Rule slugs: orthodox, circe, circe-clone, circe-equipollents, circe-parrain, frankfurt, protean.
    #[arg(long = "rules")]
    rules: Vec<String>,
    /// Profile: documented (default) or popeye.
    #[arg(long)]
    profile: Option<String>,
    /// A switch, KEY=VALUE (repeatable).
    #[arg(long = "set")]
    set: Vec<String>,
    /// A piece waiting in the Parrain reserve, as colour, piece and capture square: wNd3.
    #[arg(long)]
    reserve: Option<String>,
    /// Which engine.
    #[arg(long, value_enum, default_value = "reference")]
    engine: EngineChoice,
    /// Accept positions that problem collections contain but games cannot reach.
    #[arg(long)]
    lenient: bool,
}

/// An error that ends a command with exit code 2 and one line on stderr.
struct BadInput(String);

impl<E: std::fmt::Display> From<E> for BadInput {
    fn from(e: E) -> Self {
        BadInput(e.to_string())
    }
}

impl PositionArgs {
    fn load(&self) -> Result<(Position, Rules, &'static dyn Engine), BadInput> {
        let validation = if self.lenient {
            Validation::Lenient
        } else {
            Validation::Strict
        };
        let (mut setup, mut rules) = match (&self.fen, &self.popeye) {
            (Some(text), None) => {
                let setup = fen::parse_setup(text)?;
                (
                    setup,
                    Rules::from_words(&self.rules, self.profile.as_deref(), &[] as &[String])?,
                )
            }
            (None, Some(path)) => {
                if !self.rules.is_empty() {
                    return Err(BadInput(
                        "--rules cannot be combined with --popeye: the file gives the conditions"
                            .into(),
                    ));
                }
                let text = std::fs::read_to_string(path)
                    .map_err(|e| BadInput(format!("cannot read {}: {e}", path.display())))?;
                let file = popeye_input::parse(&text)
                    .map_err(|e| BadInput(format!("{}: {e}", path.display())))?;
                let count = file.problems.len();
                let problem = self
                    .problem
                    .checked_sub(1)
                    .and_then(|i| file.problems.get(i))
                    .ok_or_else(|| {
                        BadInput(format!(
                            "{}: --problem {} but the file has {count} problem(s)",
                            path.display(),
                            self.problem
                        ))
                    })?;
                let profile = match &self.profile {
                    Some(p) => p.parse::<Profile>()?,
                    None => Profile::default(),
                };
                let (position, rules) = problem.to_position(profile, validation).map_err(|e| {
                    BadInput(format!("{}, problem {}: {e}", path.display(), self.problem))
                })?;
                (position.into_setup(), rules)
            }
            _ => return Err(BadInput("give exactly one of --fen and --popeye".into())),
        };
        for s in &self.set {
            rules
                .set_pair(s)
                .map_err(|e| BadInput(format!("--set: {e}")))?;
        }
        if let Some(r) = &self.reserve {
            setup.reserve =
                Some(fen::parse_reserve(r).map_err(|e| BadInput(format!("--reserve: {e}")))?);
        }
        let position = Position::new(setup, validation)?;
        let engine = engine(self.engine).map_err(BadInput)?;
        Ok((position, rules, engine))
    }
}

/// Runs the command line and returns the process exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    match dispatch(cli) {
        Ok(code) => code,
        Err(BadInput(message)) => {
            eprintln!("error: {message}");
            2
        }
    }
}

fn dispatch(cli: Cli) -> Result<i32, BadInput> {
    match cli.command {
        Command::Moves { position } => {
            let (position, rules, engine) = position.load()?;
            for mv in engine.legal_moves(&position, &rules)? {
                println!("{mv}");
            }
            Ok(0)
        }
        Command::Check {
            scenarios,
            reproducers,
            perft,
            max_depth,
            max_count,
            engine: choice,
            fuzz,
            seed,
            depth,
            jobs,
            only,
            max_reports,
            junit,
            quiet,
        } => {
            if depth == 0 {
                return Err(BadInput("--depth must be at least 1".into()));
            }
            if jobs == Some(0) {
                return Err(BadInput("--jobs must be at least 1".into()));
            }
            let engines = match choice {
                Some(c) => vec![engine(c).map_err(BadInput)?],
                None => vec![
                    engine(EngineChoice::Reference).map_err(BadInput)?,
                    engine(EngineChoice::Bitboard).map_err(BadInput)?,
                ],
            };
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64 % 1_000_000_007)
                    .unwrap_or(1)
            });
            let options = crate::check::CheckOptions {
                scenarios,
                reproducers,
                perft,
                max_depth,
                max_count,
                engines,
                fuzz,
                seed,
                depth,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                only,
                max_reports,
                junit,
                progress: !quiet,
            };
            crate::check::run_check(&options).map_err(BadInput)
        }
        Command::Dispute {
            position,
            switch,
            profiles,
            depth,
            limit,
        } => {
            use crate::harness::dispute;
            let (position, rules, engine) = position.load()?;
            let readings = match (switch, profiles) {
                (Some(key), _) => dispute::switch_readings(&rules, &key),
                (None, Some(names)) => dispute::profile_readings(&rules, &names),
                (None, None) => Err("give --switch KEY or --profiles A,B".into()),
            }
            .map_err(BadInput)?;
            if depth == 0 {
                return Err(BadInput("--depth must be at least 1".into()));
            }
            println!(
                "{} under {rules} ({} engine)",
                fen::write(position.setup()),
                engine.name()
            );
            let found = dispute::dispute(engine, &position, &readings, depth, limit.max(1));
            print!("{}", dispute::render_dispute(&found));
            if !found.errors.is_empty() {
                return Ok(2);
            }
            Ok(if found.differs() { 1 } else { 0 })
        }
        Command::Popeye(PopeyeCommand::Export {
            position,
            depth,
            output,
        }) => {
            let (position, rules, _) = position.load()?;
            let text =
                crate::external::popeye::input_for(&position, &rules, depth).map_err(BadInput)?;
            for w in crate::external::popeye::non_popeye_switches(&rules) {
                eprintln!("note: Popeye implements the popeye profile, not {w}");
            }
            match output {
                Some(path) => std::fs::write(&path, text)
                    .map_err(|e| BadInput(format!("cannot write {}: {e}", path.display())))?,
                None => print!("{text}"),
            }
            Ok(0)
        }
        Command::Popeye(PopeyeCommand::Compare {
            position,
            scenarios,
            py,
            depth,
            timeout,
        }) => popeye_compare(position, scenarios, py, depth, seconds(timeout)?),
        Command::Popeye(PopeyeCommand::Fuzz {
            py,
            fuzz,
            seed,
            depth,
            small_depth,
            batch,
            jobs,
            only,
            engine: choice,
            reproducers,
            max_reports,
            timeout,
            quiet,
        }) => {
            use crate::harness::popeye_campaign as pc;
            if !(1..=6).contains(&depth) || !(1..=6).contains(&small_depth) {
                return Err(BadInput(
                    "--depth and --small-depth must be from 1 to 6 (Popeye prints every line)"
                        .into(),
                ));
            }
            if batch == 0 || jobs == Some(0) {
                return Err(BadInput("--batch and --jobs must be at least 1".into()));
            }
            let binary = crate::external::popeye::popeye_binary(py.as_deref()).map_err(BadInput)?;
            let engines = match choice {
                Some(c) => vec![engine(c).map_err(BadInput)?],
                None => vec![
                    engine(EngineChoice::Reference).map_err(BadInput)?,
                    engine(EngineChoice::Bitboard).map_err(BadInput)?,
                ],
            };
            let all = crate::harness::Bucket::all();
            let buckets = pc::popeye_buckets(if only.is_empty() {
                all
            } else {
                let names: Vec<String> = only
                    .iter()
                    .map(|f| {
                        if f.contains('/') {
                            f.clone()
                        } else {
                            format!("{f}/popeye")
                        }
                    })
                    .collect();
                crate::harness::Bucket::matching(&names).map_err(BadInput)?
            });
            if buckets.is_empty() {
                return Err(BadInput(
                    "no family Popeye can express among --only (magic pieces and the documented profile are not Popeye's)"
                        .into(),
                ));
            }
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64 % 1_000_000_007)
                    .unwrap_or(1)
            });
            let campaign = pc::PopeyeCampaign {
                buckets,
                count: fuzz,
                seed,
                depth,
                small_depth,
                batch,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                reproducers: Some(reproducers),
                max_reports,
                progress: !quiet,
            };
            let runner = crate::external::popeye_batch::PopeyeRunner {
                binary: &binary,
                timeout: seconds(timeout)?,
            };
            Ok(pc::run_and_print(&campaign, &runner, &engines).map_err(BadInput)?)
        }
        Command::Popeye(PopeyeCommand::Replay {
            input,
            output,
            engine: choice,
            verbose,
            py,
            timeout,
        }) => {
            let read = |p: &PathBuf| {
                std::fs::read_to_string(p)
                    .map_err(|e| BadInput(format!("cannot read {}: {e}", p.display())))
            };
            let engine = engine(choice).map_err(BadInput)?;
            let text = read(&input)?;
            let output = match &output {
                Some(path) => read(path)?,
                None => {
                    use crate::external::popeye;
                    let binary = popeye::popeye_binary(py.as_deref()).map_err(BadInput)?;
                    popeye::run_popeye_file(&binary, &text, seconds(timeout)?)
                        .map_err(|e| BadInput(e.to_string()))?
                        .0
                }
            };
            let report = crate::external::popeye_replay::replay(&text, &output, engine)
                .map_err(|e| BadInput(format!("{}: {e}", input.display())))?;
            for r in &report.rejected {
                println!("REJECTED {r}");
            }
            for m in &report.missing {
                println!("MISSING {m}");
            }
            if verbose {
                for s in &report.skipped {
                    println!("skipped {s}");
                }
            }
            println!(
                "{}: {} problems, {} twins replayed ({} moves), {} skipped, {} moves rejected, \
                 {} solution sections missing",
                input.display(),
                report.problems,
                report.replayed,
                report.moves,
                report.skipped.len(),
                report.rejected.len(),
                report.missing.len()
            );
            Ok(if report.passed() { 0 } else { 1 })
        }
        Command::UciPerft {
            engine: uci,
            fen,
            random,
            seed,
            depth,
            ours,
            timeout,
        } => uci_perft(&uci, fen.as_deref(), random, seed, depth, ours, timeout),
        Command::Perft {
            position,
            depth,
            divide,
            threads,
        } => {
            let choice = position.engine;
            let (position, rules, engine) = position.load()?;
            if threads == 0 {
                return Err(BadInput("--threads must be at least 1".into()));
            }
            if threads > 1 && !divide {
                if choice != EngineChoice::Bitboard {
                    return Err(BadInput("--threads needs --engine bitboard".into()));
                }
                let n = crate::bitboard::BitboardEngine
                    .perft_threads(&position, &rules, depth, threads)?;
                println!("{n}");
                return Ok(0);
            }
            if divide && depth > 0 {
                let mut total = 0;
                for (mv, count) in engine.divide(&position, &rules, depth)? {
                    println!("{}: {count}", mv.notation_without_check());
                    total += count;
                }
                println!("{total}");
            } else {
                println!("{}", engine.perft(&position, &rules, depth)?);
            }
            Ok(0)
        }
    }
}

use crate::check::DEFAULT_PERFT;

/// Default of `--timeout`: seconds an outside program (Popeye, a UCI engine) may take for one
/// answer.
const DEFAULT_TIMEOUT_SECS: u64 = crate::external::process::DEFAULT_TIMEOUT.as_secs();

/// `--timeout SECS` as a duration; 0 is refused.
fn seconds(secs: u64) -> Result<std::time::Duration, BadInput> {
    if secs == 0 {
        return Err(BadInput("--timeout must be at least 1 second".into()));
    }
    Ok(std::time::Duration::from_secs(secs))
}

/// Fuzzed positions per family and profile in a default `feerie check`: about a minute on two
/// cores.
const DEFAULT_FUZZ: u64 = 1000;

/// `feerie popeye compare`: one position, or every scenario (its position after `play`, under
/// its own rules, or under `--profile` when given).
fn popeye_compare(
    position: PositionArgs,
    scenarios: Option<PathBuf>,
    py: Option<PathBuf>,
    depth: Option<u32>,
    timeout: std::time::Duration,
) -> Result<i32, BadInput> {
    use crate::external::popeye_compare::{self as compare, CompareOptions, Verdict};
    let binary = crate::external::popeye::popeye_binary(py.as_deref()).map_err(BadInput)?;
    if let Some(d) = depth
        && !(2..=3).contains(&d)
    {
        return Err(BadInput(format!(
            "--depth {d}: Popeye perft is compared at depth 2 or 3"
        )));
    }
    let engine = engine(position.engine).map_err(BadInput)?;
    let options = CompareOptions {
        binary,
        timeout,
        depth,
        engine,
    };
    match scenarios {
        None => {
            let (p, r, _) = position.load()?;
            let case = compare::Case {
                name: "the position".into(),
                position: p,
                rules: r,
            };
            let verdict = compare::judge(&case, &options);
            match &verdict {
                Verdict::Refused(words) => {
                    return Err(BadInput(format!("Popeye refused the position: {words}")));
                }
                Verdict::Failed(why) => return Err(BadInput(why.clone())),
                _ => {}
            }
            compare::print_verdict(&case, &verdict);
            let mut tally = compare::Tally::default();
            tally.add(&verdict);
            print!("{}", tally.table());
            Ok(tally.exit_code())
        }
        Some(path) => {
            let profile = match &position.profile {
                Some(p) => Some(p.parse::<Profile>()?),
                None => None,
            };
            let cases = compare::scenario_cases(&path, engine, profile).map_err(BadInput)?;
            Ok(compare::run(&cases, &options).exit_code())
        }
    }
}

fn uci_perft(
    uci: &str,
    fen_text: Option<&str>,
    random: Option<usize>,
    seed: u64,
    depth: u32,
    ours: EngineChoice,
    timeout: u64,
) -> Result<i32, BadInput> {
    let timeout = seconds(timeout)?;
    let ours = engine(ours).map_err(BadInput)?;
    let positions = match (fen_text, random) {
        (Some(text), _) => vec![fen::parse(text, Validation::Strict)?],
        (None, Some(count)) => {
            let mut starts = vec![Position::start()];
            if std::path::Path::new(DEFAULT_PERFT).is_dir() {
                let suites = crate::corpus::load_perft_dir(std::path::Path::new(DEFAULT_PERFT))
                    .map_err(BadInput)?;
                // Only the orthodox suites' positions a UCI engine can read.
                for case in suites.iter().filter(|c| c.rules.is_orthodox()) {
                    if let Ok(p) = fen::parse(&case.fen, Validation::Strict)
                        && crate::external::uci::standard_fen(p.setup()).is_ok()
                    {
                        starts.push(p);
                    }
                }
            }
            crate::playout::random_positions(ours, &Rules::orthodox(), &starts, count, 40, seed)?
        }
        (None, None) => return Err(BadInput("give --fen or --random N".into())),
    };
    let mut uci_engine =
        crate::external::uci::UciEngine::start_with_timeout(uci, timeout).map_err(BadInput)?;
    let (mut agreed, mut differed) = (0, 0);
    for position in &positions {
        let text = crate::external::uci::standard_fen(position.setup()).map_err(BadInput)?;
        match crate::external::uci::compare_perft(&mut uci_engine, ours, position, depth)
            .map_err(BadInput)?
        {
            None => {
                agreed += 1;
                println!("ok {text} depth {depth}");
            }
            Some(lines) => {
                differed += 1;
                println!("DIFF {text} depth {depth}");
                for l in lines {
                    println!("  {l}");
                }
            }
        }
    }
    println!(
        "uci-perft: {agreed} agree, {differed} differ ({uci} against the {} engine, depth {depth})",
        ours.name()
    );
    Ok(if differed == 0 { 0 } else { 1 })
}
