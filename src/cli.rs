//! Command-line parsing and dispatch. Thin: parse flags, call the libraries, map errors to
//! exit codes (0 success, 1 a check failed, 2 bad input or unsupported rule, from
//! [`crate::error::Error::exit_code`]).
//!
//! One job, though the file is long: most of it is the flags' definitions with their help
//! texts; what a command does lives in the libraries (`check`, `perft`, `harness`,
//! `external`), and this file only checks how the flags combine and calls them.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::{ArgGroup, Args, Parser, Subcommand};
use feerie_oracle::{
    Condition, Engine, Position, Profile, Rules, Switch, Validation, fen, popeye_input,
};

use crate::engines::{EngineChoice, engine};
use crate::error::Error;
use crate::limits::{check_depth, check_threads};
use crate::outln;

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
    ///
    /// Check is marked ` +` and mate ` #`. The position comes from --fen or --popeye, the
    /// rules from --rules, --profile and --set.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
        /// Output: text; json (one JSON document on stdout; the text goes to stderr); or jsonl
        /// (the document on one line).
        #[arg(long, value_enum, default_value = "text")]
        format: crate::report::json::Format,
    },
    /// Solve a stipulation (#n, =n, s#n, h#n, h#n.5, ser-#n, ser-h#n, …) and print the
    /// solutions in Popeye's layout.
    ///
    /// Direct and self play print each key (`   1.Qd1-d8 # !`) with its tree, help and series
    /// play each solution on one line (`  1.d7-d5 Qd1-g4   2.Rf8-f7 Qg4-c8 #`), in our move
    /// order. The position comes from --fen (the side to move begins: in h#2 the side to be
    /// mated, in h#2.5 the other; the tree of each key has its threat and variations, as
    /// Popeye's option Variation prints it) or from --popeye FILE [--problem N] (stipulation,
    /// conditions, twins, the tree options Variation, NoThreat, Try and SetPlay and, in help
    /// and series play, Duplex and HalfDuplex from the file; --stipulation replaces the file's;
    /// every problem unless --problem names one), the
    /// rules from --rules, --profile and --set. Progress
    /// shows on stderr for long solves. Exit 0 when solved (with or without solutions), 2 on
    /// bad input or a problem that cannot be solved here.
    Solve {
        #[command(flatten)]
        position: PositionArgs,
        /// The stipulation: #n, =n, s#n, s=n, h#n, h=n, h#n.5, ser-#n, ser-=n, ser-h#n,
        /// ser-h=n (n at most 30).
        #[arg(long)]
        stipulation: Option<String>,
        /// Stop after this many solutions (keys in direct and self play) [default: all].
        #[arg(long, value_name = "N")]
        max_solutions: Option<usize>,
        /// Threads sharing out the first moves.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// No progress on stderr.
        #[arg(long)]
        quiet: bool,
        /// The transposition table's memory bound, in MB (0: no table; at most 65536).
        #[arg(long, value_name = "MB", default_value_t = 64)]
        hash: usize,
    },
    /// The main job: perft suites, scenarios, both engines compared, then a fuzz campaign.
    ///
    /// In order: every perft suite under corpus/perft, every YAML scenario under scenarios/ (and
    /// the reproducers under corpus/divergences) through each engine and against its
    /// expectations, the scenarios' stipulations solved by each engine (solutions compared with
    /// the expected ones and between the engines), both engines compared on every scenario
    /// position, then a fuzz campaign
    /// comparing both engines on random positions of every condition and profile. Every flag is
    /// checked before any work. Progress shows on stderr from the start (a bar on a terminal,
    /// plain lines otherwise); failures are printed in full, passes counted, and the last line
    /// is the verdict (`check result: ok.` or `check result: FAILED.`) with the failures listed
    /// just above it. A default folder that is absent (run outside the repository) is skipped
    /// with a note. Exit 0 when all pass, 1 on a failure or divergence, 2 when a scenario is
    /// malformed or a flag is bad.
    Check {
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
        /// Only this engine (no comparison, no fuzzing); both by default.
        #[arg(long, value_enum)]
        engine: Option<EngineChoice>,
        /// Fuzzed positions per family and profile (0: no fuzzing).
        #[arg(long, default_value_t = DEFAULT_FUZZ)]
        fuzz: u64,
        /// Problem-like positions per family and profile, each solved by both engines under
        /// #1, #2, h#1, h#2, s#1 and ser-h#3 and the solutions compared (0: none).
        #[arg(long, default_value_t = DEFAULT_FUZZ_SOLVE)]
        fuzz_solve: u64,
        /// Seed of the fuzzed positions (default: from the clock; the run prints it).
        #[arg(long)]
        seed: Option<u64>,
        /// Half-moves compared from each position, 1 to 32 (every node's moves and the
        /// position after each move).
        #[arg(long, default_value_t = 2)]
        depth: u32,
        /// Worker threads, 1 to 256 (default: the number of cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Fuzz only this family, or family/profile (repeatable; --help lists the families).
        #[arg(long, long_help = families_help())]
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
        /// Fuzz only shard K of N (from 1; perft suites and scenarios run on shard 1): the cases are split so that N runs with the same
        /// seed and flags check together exactly what one run checks.
        #[arg(long, value_name = "K/N", default_value = "1/1")]
        shard: crate::shard::Shard,
        /// Output: text; json (one JSON document on stdout; the text goes to stderr); or jsonl
        /// (one JSON line per case as each stage ends, then the document on one line).
        #[arg(long, value_enum, default_value = "text")]
        format: crate::report::json::Format,
        /// Also write a self-contained HTML report (diagrams of every divergence) to this file.
        #[arg(long, value_name = "FILE.html")]
        report: Option<PathBuf>,
    },
    /// Compare our orthodox perft with a UCI engine's `go perft`, move by move.
    ///
    /// On one position (--fen) or on reproducible random positions (--random N: playouts from
    /// the start position and the suites under corpus/perft, made one at a time). Exit 0 when
    /// all agree, 1 otherwise, 2 on bad input or when the engine cannot be run.
    UciPerft {
        /// The UCI engine: a command on PATH or a path.
        #[arg(long, value_name = "PATH", default_value = "stockfish")]
        uci: String,
        /// The position (orthodox FEN).
        #[arg(long, conflicts_with = "random", required_unless_present = "random")]
        fen: Option<String>,
        /// Instead of --fen, this many positions from random playouts of the start position and
        /// the suites under corpus/perft.
        #[arg(long)]
        random: Option<usize>,
        /// Seed of the random positions [default: 1].
        #[arg(long)]
        seed: Option<u64>,
        /// Number of half-moves, 1 to 32.
        #[arg(long)]
        depth: u32,
        /// Our engine, compared with the UCI engine.
        #[arg(long, value_enum, default_value = "reference")]
        ours: EngineChoice,
        /// Seconds the UCI engine may take for each answer (starting, each `go perft`) before it
        /// is stopped.
        #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIMEOUT_SECS)]
        timeout: u64,
    },
    /// Settle a disputed interpretation: one engine under each value of a switch or each profile.
    ///
    /// Give --switch KEY (each value of that switch) or --profiles documented,popeye (each
    /// profile). Prints the perft counts side by side and every node, down to --depth, where the
    /// legal moves or the positions after them differ. With --stipulation (or --solve and
    /// --popeye), the problem is solved under each reading and the solutions compared instead.
    /// Exit 0 when the readings agree, 1 when they differ (2: a case could not be solved).
    #[command(group(ArgGroup::new("reading").required(true).args(["switch", "profiles"])))]
    Dispute {
        #[command(flatten)]
        position: PositionArgs,
        /// The switch whose values are compared (or give --profiles).
        #[arg(long)]
        switch: Option<String>,
        /// Profiles to compare, separated by commas: documented,popeye (or give --switch).
        #[arg(long)]
        profiles: Option<String>,
        /// Solve this stipulation (`h#2`, `#2`, …) under each reading and compare the solutions
        /// instead of the moves; with --popeye it replaces the file's.
        #[arg(long)]
        stipulation: Option<String>,
        /// With --popeye: solve the file's stipulation (each twin) under each reading and
        /// compare the solutions instead of the moves.
        #[arg(long, requires = "popeye")]
        solve: bool,
        /// Half-moves compared, 1 to 32.
        #[arg(long, default_value_t = 2)]
        depth: u32,
        /// Differing nodes listed per reading at most.
        #[arg(long, default_value_t = 20)]
        limit: usize,
        /// Output: text; json (one JSON document on stdout; the text goes to stderr); or jsonl
        /// (the document on one line).
        #[arg(long, value_enum, default_value = "text")]
        format: crate::report::json::Format,
        /// Also write a self-contained HTML report (diagrams of every node where the readings differ) to this file.
        #[arg(long, value_name = "FILE.html")]
        report: Option<PathBuf>,
    },
    /// Join the JSON documents of the shards of one run (--shard K/N) into one.
    ///
    /// Joins the shards of `check`, of `popeye verify` and of `popeye compare --scenarios`
    /// (JSON documents, or JSON lines by their last line). Prints the merged document (or
    /// writes it with -o), and with --junit and --report the JUnit file (`check`, `popeye
    /// verify`) and the HTML report of the whole run. Documents of different commands or runs,
    /// a shard given twice or missing are refused. Exit code: the whole run's (0, 1 or 2).
    Merge {
        /// The shards' documents (`feerie check --shard K/N --format json > shard-K.json`).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write the merged document here instead of standard output.
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Also write the merged results as JUnit XML.
        #[arg(long)]
        junit: Option<PathBuf>,
        /// Also write a self-contained HTML report (diagrams of every divergence) to this file.
        #[arg(long, value_name = "FILE.html")]
        report: Option<PathBuf>,
    },
    /// Popeye: write its input, compare with a Popeye binary, replay and verify its solutions.
    #[command(subcommand)]
    Popeye(PopeyeCommand),
    /// Count the legal move sequences of a given length; the count is the last line.
    ///
    /// With --divide, one `move: count` line per root move first. Deep runs show progress by
    /// root move on stderr, and a run whose size is estimated at more than 10^11 nodes says so
    /// first.
    Perft {
        #[command(flatten)]
        position: PositionArgs,
        /// Number of half-moves, 0 to 32.
        #[arg(long)]
        depth: u32,
        /// Also print one `move: count` line per root move.
        #[arg(long)]
        divide: bool,
        /// Threads, 1 to 256: the root moves are shared out among them.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Output: text; json (one JSON document on stdout; the text goes to stderr); or jsonl
        /// (the document on one line).
        #[arg(long, value_enum, default_value = "text")]
        format: crate::report::json::Format,
    },
}

/// The Popeye commands.
#[derive(Subcommand, Debug)]
enum PopeyeCommand {
    /// Write a position and its rules as a Popeye input (English).
    ///
    /// The input lists every legal move, or with --depth 2 or 3 every sequence of that many
    /// half-moves (help play of exact length).
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
    /// Run a Popeye binary on a position or on scenarios, and report every difference.
    ///
    /// The position takes the same flags as `moves`; --scenarios takes a file or a folder of
    /// them, each judged (agree, profile difference, refused by Popeye, skipped, differ,
    /// failed) and counted in a final table. Exit 1 on a real difference; 2 on bad input, when
    /// Popeye could not answer, or when it calls our input malformed (on one position, any
    /// refusal); else 0.
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
        /// With --scenarios, only shard K of N (from 1): the scenarios, in path order, are split so that N runs with the same
        /// seed and flags check together exactly what one run checks.
        #[arg(long, value_name = "K/N", default_value = "1/1")]
        shard: crate::shard::Shard,
        /// Output: text; json (one JSON document on stdout; the text goes to stderr); or jsonl
        /// (with --scenarios one JSON line per case as it is judged, then the document on one line).
        #[arg(long, value_enum, default_value = "text")]
        format: crate::report::json::Format,
        /// Also write a self-contained HTML report (diagrams of every difference) to this file.
        #[arg(long, value_name = "FILE.html")]
        report: Option<PathBuf>,
        /// Also write the cases as JUnit XML to this file (a real difference, a failure or a
        /// refusal of our input fails its case).
        #[arg(long)]
        junit: Option<PathBuf>,
    },
    /// Fuzz against a Popeye binary, comparing both engines with it on random positions.
    ///
    /// Random positions of every family Popeye can express, under the popeye profile and
    /// each rex value, asked of Popeye in batches and compared
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
        #[command(flatten)]
        run: CampaignRunFlags,
    },
    /// Fuzz solutions against a Popeye binary: new problems on every seed, solved by both.
    ///
    /// Problem-like positions of every family Popeye can express (the solving campaign's),
    /// each under the short stipulations its side to move begins (White: #2, s#2, h#1.5, =2;
    /// Black: h#2, ser-h#3, h=2), written as Popeye problems, solved by Popeye in batches and
    /// by our engine, and compared as `popeye verify` compares. A difference is printed with
    /// the problem as Popeye's input, ready to be kept. Exit 0 when all agree, 1 on a
    /// difference, 2 when a batch got no answer or on bad input.
    FuzzSolve {
        /// The Popeye binary (default: the POPEYE environment variable).
        #[arg(long)]
        py: Option<PathBuf>,
        /// Positions per family.
        #[arg(long, default_value_t = 20)]
        fuzz: u64,
        /// Seed of the positions (default: from the clock; the run prints it).
        #[arg(long)]
        seed: Option<u64>,
        /// Problems asked of Popeye in one run.
        #[arg(long, default_value_t = 20)]
        batch: usize,
        /// Popeye runs at the same time (default: every core).
        #[arg(long)]
        jobs: Option<usize>,
        /// Only these families (`circe`, `circe-parrain+frankfurt`, …); repeatable.
        #[arg(long)]
        only: Vec<String>,
        /// Which engine solves.
        #[arg(long, value_enum, default_value = "bitboard")]
        engine: EngineChoice,
        #[command(flatten)]
        run: CampaignRunFlags,
    },
    /// Solve every problem (and twin) of a Popeye input and compare with Popeye's solutions.
    ///
    /// Solves under the popeye profile and compares every line Popeye printed, token by token
    /// and as often as printed: each solution line of help and series play, the whole tree of
    /// direct and self play (keys, tries and refutations, threats, variations, set play). It
    /// fails closed: a missing, cut, repeated, foreign or edited section is a difference.
    /// Reads Popeye's output (.out, .ref, .tst, .reg) or runs Popeye (--py or POPEYE) when none
    /// is given. Prints one line per problem or twin: agree, DIFFER with the lines only Popeye
    /// prints and only we would, or skipped with the reason (a stipulation or option we do not
    /// solve, a fairy piece, a problem Popeye refused, …); then a summary. Under a solution
    /// limit (option maxsolutions) each of Popeye's lines must be ours and each twin must show
    /// the limit's number of solutions, or all there are. Exit 0 when no case differs, 1 when
    /// one does, 2 on bad input.
    Verify {
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
        /// Only this problem (1 = first).
        #[arg(long)]
        problem: Option<usize>,
        /// Which engine solves.
        #[arg(long, value_enum, default_value = "reference")]
        engine: EngineChoice,
        /// Threads sharing out each problem's first moves.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// The transposition table's memory bound, in MB (0: no table; at most 65536).
        #[arg(long, value_name = "MB", default_value_t = 64)]
        hash: usize,
        /// Only shard K of N (from 1): the file's cases (its problems and twins in order) are
        /// split so that N runs together compare exactly the cases of one run.
        #[arg(long, value_name = "K/N", default_value = "1/1")]
        shard: crate::shard::Shard,
        /// Output: text; json (one JSON document on stdout; the text goes to stderr); or jsonl
        /// (one JSON line per case as it is compared, then the document on one line).
        #[arg(long, value_enum, default_value = "text")]
        format: crate::report::json::Format,
        /// Also write a self-contained HTML report (a diagram of every case that differs) to
        /// this file.
        #[arg(long, value_name = "FILE.html")]
        report: Option<PathBuf>,
    },
    /// Replay every solution of a Popeye output through our engine.
    ///
    /// Reads .out, .ref, .tst and .reg files (or a fresh run of Popeye when no output is
    /// given), twins included: each move must be
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
    /// Which problem of the Popeye file (1 = first) [default: 1; `solve`: every problem].
    #[arg(long, requires = "popeye")]
    problem: Option<usize>,
    /// Rules in force; repeat the flag or separate with commas (--rules circe,frankfurt).
    #[arg(long = "rules", value_name = "SLUG", long_help = rules_help())]
    rules: Vec<String>,
    /// Profile: the named set of switch values the rules start from [default: documented].
    #[arg(long, value_parser = Profile::ALL.map(|p| p.name()))]
    profile: Option<String>,
    #[arg(long = "set", value_name = "KEY=VALUE", help = set_short_help(), long_help = set_help())]
    set: Vec<String>,
    /// A piece waiting in the Parrain reserve, as colour, piece and capture square: wNd3 (not
    /// with a FEN that has a reserve field).
    #[arg(long)]
    reserve: Option<String>,
    /// Which engine.
    #[arg(long, value_enum, default_value = "reference")]
    engine: EngineChoice,
    /// Accept positions that problem collections contain but games cannot reach.
    #[arg(long)]
    lenient: bool,
}

/// `feerie dispute --stipulation` / `--solve`: the solutions under each reading compared.
fn dispute_solutions(
    position: &PositionArgs,
    switch: Option<String>,
    profiles: Option<String>,
    stipulation: Option<String>,
) -> Result<i32, Error> {
    use crate::dispute::solutions;
    let options = crate::solve::Options::default();
    if let Some(path) = &position.popeye {
        let readings = solutions::popeye_readings(
            position.profile.as_deref(),
            &position.set,
            switch.as_deref(),
            profiles.as_deref(),
        )
        .map_err(|e| Error::Usage(e.to_string()))?;
        let engine = engine(position.engine)?;
        let mut text = crate::limits::read_text(path, crate::limits::MAX_INPUT_BYTES)
            .map_err(|e| Error::at(path.display(), e))?;
        if let Some(s) = &stipulation {
            let parsed: crate::solve::stipulation::Stipulation = s
                .parse()
                .map_err(|e| Error::Usage(format!("--stipulation: {e}")))?;
            text = crate::commands::solve::replace_stipulations(&text, &parsed.to_string());
        }
        let (out, code) = solutions::dispute_popeye(
            engine,
            &text,
            position.problem.unwrap_or(1),
            &readings,
            &options,
        )
        .map_err(|e| Error::Verify(crate::verify::error::VerifyError::at(path.display(), e)))?;
        crate::out!("{out}");
        return Ok(code);
    }
    let Some(s) = stipulation else {
        return Err(Error::Usage(
            "--solve needs --popeye; with --fen give --stipulation".into(),
        ));
    };
    let parsed: crate::solve::stipulation::Stipulation = s
        .parse()
        .map_err(|e| Error::Usage(format!("--stipulation: {e}")))?;
    if profiles.is_some() && position.profile.is_some() {
        return Err(Error::Usage(
            "--profile conflicts with --profiles: the dispute tries each profile named".into(),
        ));
    }
    let (start, rules, engine) = position.load()?;
    let readings = match (switch, profiles) {
        (Some(key), _) => crate::dispute::switch_readings(&rules, &key)?,
        (None, Some(names)) => crate::dispute::profile_readings(&rules, &names)?,
        (None, None) => return Err(Error::Usage("give --switch KEY or --profiles A,B".into())),
    };
    let (out, code) = solutions::dispute_position(engine, &start, &readings, parsed, &options);
    crate::out!("{out}");
    Ok(code)
}

/// The long help of `--rules`: the slugs, each with its rule, from the registry of conditions.
fn rules_help() -> String {
    let mut text = String::from(
        "Rules in force: orthodox (no condition, the default) or conditions. Repeat the flag or \
         separate slugs with commas (--rules circe,frankfurt); a slug given twice, an empty one \
         and orthodox with a condition are errors. At most one Circe variant at a time; frankfurt \
         and protean do not combine. Conditions:",
    );
    for c in Condition::ALL {
        text += &format!("\n  {}: {}", c.slug(), c.entry().description);
    }
    text
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

/// The short help of `--set`: the keys.
fn set_short_help() -> String {
    format!(
        "A switch, KEY=VALUE (repeatable; --help lists the values): {}",
        Switch::ALL.map(|s| s.key()).join(", ")
    )
}

/// The long help of `--set`: every switch with its values.
fn set_help() -> String {
    let mut text = String::from(
        "A switch, KEY=VALUE, on top of the profile (repeatable; a key set twice to different \
         values is an error). Keys and values:",
    );
    for switch in Switch::ALL {
        text += &format!(
            "\n  {}: {} (documented: {}, popeye: {}{})",
            switch.key(),
            switch.values().join(", "),
            switch.default_under(Profile::Documented),
            switch.default_under(Profile::Popeye),
            presets_help(switch)
        );
    }
    text
}

/// The conditions that preset a switch over the profiles' defaults, as `--set`'s help shows
/// them: `; protean: opposing`.
fn presets_help(switch: Switch) -> String {
    let mut text = String::new();
    for c in Condition::ALL {
        for p in c.entry().presets.iter().filter(|p| p.switch == switch) {
            let profiles = p.profile.map_or(Profile::ALL.to_vec(), |only| vec![only]);
            if profiles
                .iter()
                .all(|&pr| switch.default_under(pr) == p.value)
            {
                continue;
            }
            let under = p
                .profile
                .map_or(String::new(), |only| format!(" under {only}"));
            text += &format!("; {}{under}: {}", c.slug(), p.value);
        }
    }
    text
}

impl PositionArgs {
    fn load(&self) -> Result<(Position, Rules, &'static dyn crate::engines::SearchEngine), Error> {
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
                    return Err(Error::Usage(
                        "--rules cannot be combined with --popeye: the file gives the conditions"
                            .into(),
                    ));
                }
                let text = crate::limits::read_text(path, crate::limits::MAX_INPUT_BYTES)
                    .map_err(|e| Error::at(path.display(), e))?;
                let file = popeye_input::parse(&text).map_err(|e| Error::at(path.display(), e))?;
                let count = file.problems.len();
                let number = self.problem.unwrap_or(1);
                let problem = number
                    .checked_sub(1)
                    .and_then(|i| file.problems.get(i))
                    .ok_or_else(|| {
                        Error::Usage(format!(
                            "{}: --problem {number} but the file has {count} problem(s)",
                            path.display(),
                        ))
                    })?;
                let profile = match &self.profile {
                    Some(p) => p.parse::<Profile>()?,
                    None => Profile::default(),
                };
                let (position, rules) = problem
                    .to_position(profile, validation)
                    .map_err(|e| Error::at(format!("{}, problem {number}", path.display()), e))?;
                (position.into_setup(), rules)
            }
            _ => {
                return Err(Error::Usage(
                    "give exactly one of --fen and --popeye".into(),
                ));
            }
        };
        rules
            .set_pairs(&self.set)
            .map_err(|e| Error::at("--set", e))?;
        if let Some(r) = &self.reserve {
            if let Some(there) = setup.reserve {
                return Err(Error::Usage(format!(
                    "--reserve {r}: the position already has a reserve ({there}); give it once"
                )));
            }
            setup.reserve = Some(fen::parse_reserve(r).map_err(|e| Error::at("--reserve", e))?);
        }
        let position = Position::new(setup, validation)?;
        let engine = engine(self.engine)?;
        Ok((position, rules, engine))
    }
}

/// Runs the command line and returns the process exit code. Errors are one line on stderr.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: the text on stdout.
            crate::out!("{}", e.render());
            return 0;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return 2;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::InvalidUtf8 => {
            let message =
                non_utf8_argument(&args).unwrap_or_else(|| "an argument is not valid UTF-8".into());
            eprintln!("error: {message}");
            return 2;
        }
        Err(e) => {
            eprintln!("{}", one_line_clap_error(&e));
            return 2;
        }
    };
    match dispatch(cli) {
        Ok(code) => code,
        Err(error) => {
            eprintln!(
                "error: {}",
                crate::limits::shorten_quoted(&error.to_string(), 80)
            );
            error.exit_code()
        }
    }
}

/// The argument that is not UTF-8, named by the flag before it (clap's message does not say
/// which). Paths may be any bytes; the other values must be text.
fn non_utf8_argument(args: &[OsString]) -> Option<String> {
    let (index, _) = args
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, a)| a.to_str().is_none())?;
    let lossy = args[index].to_string_lossy();
    let flag = if lossy.starts_with("--") {
        lossy.split('=').next().map(str::to_string)
    } else {
        args.get(index - 1)
            .and_then(|a| a.to_str())
            .filter(|a| a.starts_with('-'))
            .map(str::to_string)
    };
    Some(match flag {
        Some(flag) => format!("the value of {flag} is not valid UTF-8 (argument {index})"),
        None => format!("argument {index} is not valid UTF-8"),
    })
}

/// clap's error as one line: its first paragraph (the error and what it is about), its tip if
/// any, and the usage line, without the blank lines between.
fn one_line_clap_error(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut parts: Vec<String> = Vec::new();
    let mut usage = None;
    for paragraph in text.split("\n\n") {
        let joined: Vec<&str> = paragraph.lines().map(str::trim).collect();
        let joined = joined.join(" ");
        if let Some(u) = joined.strip_prefix("Usage: ") {
            usage = Some(u.to_string());
        } else if !joined.is_empty() && !joined.starts_with("For more information") {
            parts.push(joined);
        }
    }
    let mut line = parts.join("; ");
    if let Some(u) = usage {
        line += &format!(" (usage: {u})");
    }
    crate::limits::shorten_quoted(&line, 80)
}

fn dispatch(cli: Cli) -> Result<i32, Error> {
    match cli.command {
        Command::Moves { position, format } => {
            let json = format.start();
            let (position, rules, engine) = position.load()?;
            let moves = engine.legal_moves(&position, &rules)?;
            if json {
                use crate::report::json::{MovesDocument, print};
                print(&MovesDocument::new(&position, &rules, engine, &moves));
                return Ok(0);
            }
            for mv in moves {
                outln!("{mv}");
            }
            Ok(0)
        }
        Command::Solve {
            position,
            stipulation,
            max_solutions,
            threads,
            quiet,
            hash,
        } => solve_command(position, stipulation, max_solutions, threads, quiet, hash),
        Command::Merge {
            files,
            output,
            junit,
            report,
        } => crate::merge::run(
            &files,
            output.as_deref(),
            junit.as_deref(),
            report.as_deref(),
        )
        .map_err(Error::Merge),
        Command::Check {
            scenarios,
            reproducers,
            perft,
            max_depth,
            max_count,
            engine: choice,
            fuzz,
            fuzz_solve,
            seed,
            depth,
            jobs,
            only,
            max_reports,
            junit,
            quiet,
            shard,
            format,
            report,
        } => {
            let json = format.start();
            let engines = match choice {
                Some(c) => vec![engine(c)?],
                None => vec![
                    engine(EngineChoice::Reference)?,
                    engine(EngineChoice::Bitboard)?,
                ],
            };
            let seed = seed.unwrap_or_else(clock_seed);
            let options = crate::check::CheckOptions {
                scenarios,
                reproducers,
                perft,
                max_depth,
                max_count,
                engines,
                fuzz,
                fuzz_solve,
                seed,
                depth,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                only,
                max_reports,
                junit,
                progress: !quiet,
                shard,
                json,
                report,
            };
            let prepared = crate::check::prepare(options)?;
            crate::check::run_prepared(prepared)
        }
        Command::Dispute {
            position,
            switch,
            profiles,
            stipulation,
            solve,
            depth,
            limit,
            format,
            report,
        } => {
            use crate::dispute;
            if stipulation.is_some() || solve {
                return dispute_solutions(&position, switch, profiles, stipulation);
            }
            let json = format.start();
            // The file read, which the report may not replace.
            let position_file = position.popeye.clone();
            let inputs: Vec<&Path> = position_file.as_deref().into_iter().collect();
            if let Some(path) = &report {
                crate::report::html::check_path(path, &inputs)?;
            }
            if depth == 0 {
                return Err(Error::Usage("--depth must be at least 1".into()));
            }
            check_depth("--depth", depth)?;
            if let Some(key) = &switch
                && let Some(set) = position.set.iter().find(|s| {
                    s.split_once('=')
                        .is_some_and(|(k, _)| k.trim() == key.as_str())
                })
            {
                return Err(Error::Usage(format!(
                    "--set {set} conflicts with --switch {key}: the dispute tries each value of {key}"
                )));
            }
            if profiles.is_some() && position.profile.is_some() {
                return Err(Error::Usage(
                    "--profile conflicts with --profiles: the dispute tries each profile named"
                        .into(),
                ));
            }
            let (position, rules, engine) = position.load()?;
            let (readings, under) = match (switch, profiles) {
                (Some(key), _) => (dispute::switch_readings(&rules, &key)?, rules.to_string()),
                (None, Some(names)) => (
                    dispute::profile_readings(&rules, &names)?,
                    dispute::rules_without_profile(&rules),
                ),
                (None, None) => {
                    return Err(Error::Usage("give --switch KEY or --profiles A,B".into()));
                }
            };
            outln!(
                "{} under {under} ({} engine)",
                fen::write(position.setup()),
                engine.name()
            );
            if let Ok(moves) = engine.legal_moves(&position, &readings[0].rules) {
                crate::perft::warn_if_huge("dispute", moves.len(), depth);
            }
            let found = dispute::dispute(engine, &position, &readings, depth, limit.max(1));
            crate::out!("{}", dispute::render_dispute(&found));
            let mut code = if !found.errors.is_empty() {
                2
            } else if found.differs() {
                1
            } else {
                0
            };
            if json || report.is_some() {
                let document = crate::report::json::DisputeDocument::new(
                    engine, &position, &readings, depth, &found,
                );
                if let Some(path) = &report {
                    let html = crate::report::html::dispute_report(&document);
                    if let Err(e) = crate::report::html::write(path, &html, &inputs) {
                        // Said at once; a split found still wins (exit 1).
                        eprintln!("error: {e}");
                        if code == 0 {
                            code = 2;
                        }
                    }
                }
                if json {
                    crate::report::json::print(&document);
                }
            }
            Ok(code)
        }
        Command::Popeye(PopeyeCommand::Export {
            position,
            depth,
            output,
        }) => {
            let (position, rules, _) = position.load()?;
            let text = crate::external::popeye::input_for(&position, &rules, depth)?;
            for w in crate::external::popeye::non_popeye_switches(&rules) {
                eprintln!("note: Popeye implements the popeye profile, not {w}");
            }
            match output {
                Some(path) => std::fs::write(&path, text)
                    .map_err(|e| Error::System(format!("cannot write {}: {e}", path.display())))?,
                None => crate::out!("{text}"),
            }
            Ok(0)
        }
        Command::Popeye(PopeyeCommand::Compare {
            position,
            scenarios,
            py,
            depth,
            timeout,
            shard,
            format,
            report,
            junit,
        }) => {
            let json = format.start();
            // The files read, which neither the report nor the JUnit file may replace.
            let mut inputs: Vec<PathBuf> = position.popeye.iter().cloned().collect();
            if let Some(dir) = &scenarios {
                inputs.extend(crate::scenario::files_under(dir));
            }
            let read: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
            if let Some(path) = &report {
                crate::report::html::check_path(path, &read)?;
            }
            if let Some(path) = &junit {
                crate::report::target::check_writable("--junit", path, &read)?;
            }
            if !shard.is_whole() && scenarios.is_none() {
                return Err(Error::Usage(
                    "--shard splits a folder of scenarios: it goes with --scenarios".into(),
                ));
            }
            let output = crate::report::compare::Output {
                json,
                report,
                junit,
                inputs,
            };
            popeye_compare(
                position,
                scenarios,
                py,
                depth,
                seconds(timeout)?,
                shard,
                output,
            )
        }
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
            run,
        }) => {
            let CampaignRunFlags {
                timeout,
                quiet,
                shard,
            } = run;
            use crate::harness::popeye_campaign as pc;
            if !(1..=6).contains(&depth) || !(1..=6).contains(&small_depth) {
                return Err(Error::Usage(
                    "--depth and --small-depth must be from 1 to 6 (Popeye prints every line)"
                        .into(),
                ));
            }
            if batch == 0 || jobs == Some(0) {
                return Err(Error::Usage("--batch and --jobs must be at least 1".into()));
            }
            let binary = crate::external::popeye::popeye_binary(py.as_deref())?;
            let engines: Vec<&dyn Engine> = match choice {
                Some(c) => vec![engine(c)?],
                None => vec![
                    engine(EngineChoice::Reference)?,
                    engine(EngineChoice::Bitboard)?,
                ],
            };
            let buckets = popeye_families(&only)?;
            let seed = seed.unwrap_or_else(clock_seed);
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
                shard,
            };
            let runner = crate::external::popeye_batch::PopeyeRunner {
                binary: &binary,
                timeout: seconds(timeout)?,
            };
            pc::run_and_print(&campaign, &runner, &engines)
        }
        Command::Popeye(PopeyeCommand::FuzzSolve {
            py,
            fuzz,
            seed,
            batch,
            jobs,
            only,
            engine: choice,
            run,
        }) => {
            let CampaignRunFlags {
                timeout,
                quiet,
                shard,
            } = run;
            use crate::harness::popeye_campaign as pc;
            if batch == 0 || jobs == Some(0) {
                return Err(Error::Usage("--batch and --jobs must be at least 1".into()));
            }
            let binary = crate::external::popeye::popeye_binary(py.as_deref())?;
            let seed = seed.unwrap_or_else(clock_seed);
            let campaign = pc::PopeyeSolving {
                buckets: popeye_families(&only)?,
                count: fuzz,
                seed,
                batch,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                timeout: seconds(timeout)?,
                progress: !quiet,
                shard,
            };
            eprintln!("popeye fuzz-solve: seed {seed}");
            let report = pc::run_popeye_solving(&campaign, &binary, engine(choice)?)?;
            print!("{}", report.render());
            Ok(report.exit_code())
        }
        Command::Popeye(PopeyeCommand::Verify {
            input,
            output,
            py,
            timeout,
            problem,
            engine: choice,
            threads,
            hash,
            shard,
            format,
            report,
        }) => {
            let json = format.start();
            check_threads("--threads", threads)?;
            check_hash(hash)?;
            // The files read, which the report may not replace.
            let inputs: Vec<PathBuf> = std::iter::once(input.clone())
                .chain(output.clone())
                .collect();
            if let Some(path) = &report {
                let read: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
                crate::report::html::check_path(path, &read)?;
            }
            let engine = engine(choice)?;
            let options = crate::solve::Options {
                threads,
                hash_megabytes: hash,
                ..Default::default()
            };
            let out = crate::commands::popeye::verify::VerifyOutput {
                problem,
                shard,
                json,
                report,
                inputs,
            };
            crate::commands::popeye::verify::verify_command(
                &input,
                output.as_deref(),
                py.as_deref(),
                seconds(timeout)?,
                engine,
                &options,
                &out,
            )
            .map_err(Error::Verify)
        }
        Command::Popeye(PopeyeCommand::Replay {
            input,
            output,
            engine: choice,
            verbose,
            py,
            timeout,
        }) => {
            // Regular files only, bounded: a FIFO or a device must not hang the replay.
            let read = |p: &PathBuf| {
                crate::limits::read_text(p, 4 * crate::limits::MAX_INPUT_BYTES)
                    .map_err(|e| Error::at(p.display(), e))
            };
            let engine = engine(choice)?;
            let text = read(&input)?;
            let output = match &output {
                Some(path) => read(path)?,
                None => {
                    use crate::external::popeye;
                    let binary = popeye::popeye_binary(py.as_deref())?;
                    popeye::run_popeye_file(&binary, &text, seconds(timeout)?)?.0
                }
            };
            let report = crate::external::popeye_replay::replay(&text, &output, engine)
                .map_err(|e| Error::at(input.display(), e))?;
            for r in &report.rejected {
                outln!("REJECTED {r}");
            }
            for m in &report.missing {
                println!("MISSING {m}");
            }
            if verbose {
                for s in &report.skipped {
                    outln!("skipped {s}");
                }
            }
            outln!(
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
            uci,
            fen,
            random,
            seed,
            depth,
            ours,
            timeout,
        } => {
            check_depth("--depth", depth)?;
            if seed.is_some() && random.is_none() {
                return Err(Error::Usage(
                    "--seed chooses random positions: it goes with --random N, not --fen".into(),
                ));
            }
            let timeout = seconds(timeout)?;
            crate::commands::uci_perft::uci_perft(&crate::commands::uci_perft::UciPerftOptions {
                uci: &uci,
                fen: fen.as_deref(),
                random,
                seed: seed.unwrap_or(1),
                depth,
                ours: engine(ours)?,
                timeout,
                suites: std::path::Path::new(DEFAULT_PERFT),
            })
        }
        Command::Perft {
            position,
            depth,
            divide,
            threads,
            format,
        } => {
            let json = format.start();
            check_depth("--depth", depth)?;
            check_threads("--threads", threads)?;
            let (position, rules, engine) = position.load()?;
            if json {
                let document = crate::report::json::perft_document(
                    engine, &position, &rules, depth, divide, threads,
                )?;
                crate::report::json::print(&document);
                return Ok(0);
            }
            crate::commands::perft::perft_command(engine, &position, &rules, depth, divide, threads)
        }
    }
}

/// `feerie solve`: flags checked, then the position (--fen) or the Popeye problem solved.
fn solve_command(
    position: PositionArgs,
    stipulation: Option<String>,
    max_solutions: Option<usize>,
    threads: usize,
    quiet: bool,
    hash: usize,
) -> Result<i32, Error> {
    use crate::commands::solve as command;
    check_threads("--threads", threads)?;
    check_hash(hash)?;
    if max_solutions == Some(0) {
        return Err(Error::Usage("--max-solutions must be at least 1".into()));
    }
    let options = crate::solve::Options {
        max_solutions: max_solutions.unwrap_or(usize::MAX),
        threads,
        progress: !quiet,
        hash_megabytes: hash,
    };
    let Some(path) = &position.popeye else {
        let stipulation = stipulation.ok_or_else(|| {
            Error::Usage("--stipulation is needed with --fen (h#2, #3, …)".into())
        })?;
        let (position, rules, engine) = position.load()?;
        return command::solve_position(engine, &position, &rules, &stipulation, &options)
            .map_err(Error::Verify);
    };
    if !position.rules.is_empty() {
        return Err(Error::Usage(
            "--rules cannot be combined with --popeye: the file gives the conditions".into(),
        ));
    }
    if position.reserve.is_some() {
        return Err(Error::Usage(
            "--reserve cannot be combined with --popeye: the file gives the reserve (LastCapture)"
                .into(),
        ));
    }
    let profile = match &position.profile {
        Some(p) => p.parse::<Profile>()?,
        None => Profile::default(),
    };
    let engine = engine(position.engine)?;
    command::solve_popeye_file(
        engine,
        path,
        position.problem,
        profile,
        &position.set,
        stipulation.as_deref(),
        &options,
    )
    .map_err(Error::Verify)
}

/// Refuses a transposition table above 64 GB.
fn check_hash(megabytes: usize) -> Result<(), Error> {
    if megabytes > 65536 {
        return Err(Error::Usage(format!(
            "--hash {megabytes}: at most 65536 (MB)"
        )));
    }
    Ok(())
}

use crate::check::DEFAULT_PERFT;

/// Default of `--timeout`: seconds an outside program (Popeye, a UCI engine) may take for one
/// answer.
const DEFAULT_TIMEOUT_SECS: u64 = crate::external::process::DEFAULT_TIMEOUT.as_secs();

/// `--timeout SECS` as a duration; 0 is refused.
/// The flags of a campaign against Popeye on how it runs: the deadline of each Popeye run,
/// progress, and the shard.
#[derive(Args, Debug, Clone)]
pub struct CampaignRunFlags {
    /// Seconds each Popeye run may take before it is stopped.
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIMEOUT_SECS)]
    timeout: u64,
    /// No progress lines.
    #[arg(long)]
    quiet: bool,
    /// Run only shard K of N (from 1): the cases are split so that N runs with the same seed
    /// and flags check together exactly what one run checks.
    #[arg(long, value_name = "K/N", default_value = "1/1")]
    shard: crate::shard::Shard,
}

/// A seed from the clock, for a run given none (the run prints it).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 1_000_000_007)
        .unwrap_or(1)
}

/// The families Popeye can express among `--only` (every one when empty), under the popeye
/// profile.
fn popeye_families(only: &[String]) -> Result<Vec<crate::harness::Bucket>, Error> {
    use crate::harness::popeye_campaign as pc;
    let buckets = pc::popeye_buckets(if only.is_empty() {
        crate::harness::Bucket::all()
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
        crate::harness::Bucket::matching(&names)?
    });
    if buckets.is_empty() {
        return Err(Error::Usage(
            "no family Popeye can express among --only (magic pieces and the documented profile are not Popeye's)"
                .into(),
        ));
    }
    Ok(buckets)
}

fn seconds(secs: u64) -> Result<std::time::Duration, Error> {
    if secs == 0 {
        return Err(Error::Usage("--timeout must be at least 1 second".into()));
    }
    Ok(std::time::Duration::from_secs(secs))
}

/// Fuzzed positions per family and profile in a default `feerie check`: about a minute on two
/// cores.
const DEFAULT_FUZZ: u64 = 1000;
/// Problem-like positions per family and profile that `feerie check` solves by default.
const DEFAULT_FUZZ_SOLVE: u64 = 10;

/// `feerie popeye compare`: the flags checked, then one position or every scenario compared by
/// [`crate::commands::popeye::compare::compare_command`].
fn popeye_compare(
    position: PositionArgs,
    scenarios: Option<PathBuf>,
    py: Option<PathBuf>,
    depth: Option<u32>,
    timeout: std::time::Duration,
    shard: crate::shard::Shard,
    output: crate::report::compare::Output,
) -> Result<i32, Error> {
    use crate::commands::popeye::compare::{Target, compare_command};
    use crate::verify::compare::CompareOptions;
    let binary = crate::external::popeye::popeye_binary(py.as_deref())?;
    if let Some(d) = depth
        && !(2..=3).contains(&d)
    {
        return Err(Error::Usage(format!(
            "--depth {d}: Popeye perft is compared at depth 2 or 3"
        )));
    }
    let engine = engine(position.engine)?;
    let options = CompareOptions {
        binary,
        timeout,
        depth,
        engine,
    };
    let target = match scenarios {
        None => {
            let (p, r, _) = position.load()?;
            Target::Position(p, r)
        }
        Some(path) => {
            let profile = match &position.profile {
                Some(p) => Some(p.parse::<Profile>()?),
                None => None,
            };
            Target::Scenarios(path, profile)
        }
    };
    compare_command(target, &options, shard, &output)
}
