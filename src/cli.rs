//! Command-line parsing and dispatch. Thin: the commands and their help, the parsing, the
//! errors printed on one line, and one call per command to the module that implements it
//! ([`crate::commands`], which holds each command's flags). Exit codes: 0 success, 1 a check
//! failed, 2 bad input or unsupported rule (from [`crate::error::Error::exit_code`]).

use std::ffi::OsString;

use clap::{Parser, Subcommand};

use crate::commands::{self, popeye};
use crate::error::Error;

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
    Moves(commands::moves::MovesArgs),
    /// Solve a stipulation (#n, =n, s#n, h#n, h#n.5, ser-#n, ser-h#n, …) and print the
    /// solutions in Popeye's layout.
    ///
    /// Direct and self play print each key (`   1.Qd1-d8 # !`) with its tree, help and series
    /// play each solution on one line (`  1.d7-d5 Qd1-g4   2.Rf8-f7 Qg4-c8 #`), in our move
    /// order. The position comes from --fen (the side to move begins: in h#2 the side to be
    /// mated, in h#2.5 the other; the tree of each key has its threat and variations, as
    /// Popeye's option Variation prints it) or from --popeye FILE [--problem N] (stipulation,
    /// conditions, twins, the tree options Variation, NoThreat, Try, Defence N and SetPlay and, in help
    /// and series play, Duplex and HalfDuplex from the file; --stipulation replaces the file's;
    /// every problem unless --problem names one), the
    /// rules from --rules, --profile and --set. Progress
    /// shows on stderr for long solves. Exit 0 when solved (with or without solutions), 2 on
    /// bad input or a problem that cannot be solved here.
    Solve(commands::solve::SolveArgs),
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
    Check(commands::check::CheckArgs),
    /// Compare our orthodox perft with a UCI engine's `go perft`, move by move.
    ///
    /// On one position (--fen) or on reproducible random positions (--random N: playouts from
    /// the start position and the suites under corpus/perft, made one at a time). Exit 0 when
    /// all agree, 1 otherwise, 2 on bad input or when the engine cannot be run.
    UciPerft(commands::uci_perft::UciPerftArgs),
    /// Settle a disputed interpretation: one engine under each value of a switch or each profile.
    ///
    /// Give --switch KEY (each value of that switch) or --profiles documented,popeye (each
    /// profile). Prints the perft counts side by side and every node, down to --depth, where the
    /// legal moves or the positions after them differ. With --stipulation (or --solve and
    /// --popeye), the problem is solved under each reading and the solutions compared instead.
    /// Exit 0 when the readings agree, 1 when they differ (2: a case could not be solved).
    Dispute(commands::dispute::DisputeArgs),
    /// Join the JSON documents of the shards of one run (--shard K/N) into one.
    ///
    /// Joins the shards of `check`, of `popeye verify` and of `popeye compare --scenarios`
    /// (JSON documents, or JSON lines by their last line). Prints the merged document (or
    /// writes it with -o), and with --junit and --report the JUnit file (`check`, `popeye
    /// verify`) and the HTML report of the whole run. Documents of different commands or runs,
    /// a shard given twice or missing are refused. Exit code: the whole run's (0, 1 or 2).
    Merge(commands::merge::MergeArgs),
    /// Make the rules book's generated parts again (docs/book/src) from the switches and the
    /// scenarios.
    ///
    /// Writes the disputes chapter (one section per switch: its readings, the profiles' values,
    /// what Popeye does, a position where the readings part, drawn, and the moves under each)
    /// and fills each `<!-- scenario ID -->` marker of the rule chapters with the scenario's
    /// diagram and moves, all computed by the reference engine. --check writes nothing and exits
    /// 1 when a page is out of date. Build the book with `mdbook build docs/book`.
    Book(commands::book::BookArgs),
    /// Popeye: write its input, compare with a Popeye binary, replay and verify its solutions.
    #[command(subcommand)]
    Popeye(PopeyeCommand),
    /// Count the legal move sequences of a given length; the count is the last line.
    ///
    /// With --divide, one `move: count` line per root move first. Deep runs show progress by
    /// root move on stderr, and a run whose size is estimated at more than 10^11 nodes says so
    /// first.
    Perft(commands::perft::PerftArgs),
}

/// The Popeye commands.
#[derive(Subcommand, Debug)]
enum PopeyeCommand {
    /// Write a position and its rules as a Popeye input (English).
    ///
    /// The input lists every legal move, or with --depth 2 or 3 every sequence of that many
    /// half-moves (help play of exact length).
    Export(popeye::export::ExportArgs),
    /// Run a Popeye binary on a position or on scenarios, and report every difference.
    ///
    /// The position takes the same flags as `moves`; --scenarios takes a file or a folder of
    /// them, each judged (agree, profile difference, refused by Popeye, skipped, differ,
    /// failed) and counted in a final table. Exit 1 on a real difference; 2 on bad input, when
    /// Popeye could not answer, or when it calls our input malformed (on one position, any
    /// refusal); else 0.
    Compare(popeye::compare::CompareArgs),
    /// Fuzz against a Popeye binary, comparing both engines with it on random positions.
    ///
    /// Random positions of every family Popeye can express, under the popeye profile and
    /// each rex value, asked of Popeye in batches and compared
    /// with both engines (moves with check marks, and the sequences of --depth half-moves).
    /// A difference is followed to the node where the move lists differ, shrunk and written as
    /// a reproducer whose expectations are Popeye's answer. Exit 0 when all agree, 1 on a
    /// difference or a position Popeye refuses, 2 on bad input.
    Fuzz(popeye::fuzz::FuzzArgs),
    /// Fuzz solutions against a Popeye binary: new problems on every seed, solved by both.
    ///
    /// Problem-like positions of every family Popeye can express (the solving campaign's),
    /// each under the short stipulations its side to move begins (White: #2, s#2, h#1.5, =2,
    /// x2, +1, ~1, %1, 001, #=1, r#2, semi-r#1, hs#2, hr#2, ser-s#2, ser-r#2, exact-#2,
    /// exact-=2, 1->ser-h#2, phser-s#2, phser-r#2, exact-s#2, exact-r#2, exact-hs#2; Black: h#2, ser-h#3, h=2, hx1, h+1, ser-hx2,
    /// h==1, h!=1, ser-h#=2, hs#1.5, hr#1.5, exact-h#2, exact-ser-h#3, reci-h#2, reci-h(=)#2,
    /// ser-reci-h#2, 2->ser-#2, 1->ser-s#1, pser-h#3), h#1.5 and h#2
    /// again with option setplay, h#2 with option postkeyplay, #2 and s#2 with option threat 1
    /// and with option threat 1 try, exact-#2 with option variation, semi-r#1 with option
    /// quodlibet variation, s#2 and r#2 with option setplay, exact-s#2 with option try
    /// variation, h#2 and ser-h#3 with option stoponshortsolutions,
    /// written as Popeye
    /// problems, solved by Popeye in batches and by our engine, and compared as `popeye verify` compares. A difference is printed with
    /// the problem as Popeye's input, ready to be kept. Exit 0 when all agree, 1 on a
    /// difference, 2 when a batch got no answer or on bad input.
    FuzzSolve(popeye::fuzz::FuzzSolveArgs),
    /// One campaign for a solver's CI: scenarios, fuzzed positions and problems, given files.
    ///
    /// Compares the binary with feerie, in this order and within one time budget (--budget,
    /// default 180 s): the scenarios under the popeye profile (as `compare --scenarios`), fuzzed
    /// positions (as `fuzz`) and fuzzed problems (as `fuzz-solve`) asked in rounds while their
    /// time lasts, then the --verify files (as `verify`, then by the relations of
    /// `metamorphic`). Each stage must end by a share of the budget (scenarios 10 %, fuzz 55 %,
    /// fuzz-solve 80 %, or 100 % without --verify, verify 90 %, metamorphic 100 %) and hands
    /// what it leaves to the next. Each stage's first finding is printed at
    /// once and stops nothing. Exit 1 on a difference or when a stage compared nothing, 2 on
    /// bad input or when a stage could not run, else 0.
    Campaign(popeye::campaign::CampaignArgs),
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
    /// the limit's number of solutions, or all there are; ours are then searched no deeper
    /// than Popeye's longest line and counted, not held, and a finished section's search stops
    /// 100 lines past Popeye's count. Popeye's output file is read line by
    /// line: a problem's section of more than 20,000 lines in help or series play that Popeye
    /// finished is not held but compared by digests (the count of lines and a sum of 128-bit hashes of each, in all
    /// and in 4096 buckets) computed as Popeye's lines are read and as ours are found, so that
    /// memory stays bounded; where they differ, the differing buckets' lines are read and
    /// solved again and listed. Exit 0 when no case differs and at least one was compared
    /// (--min-compared, --allow-empty), 1 when one differs or too few were compared, 2 on bad
    /// input (a misspelt condition or option word, which Popeye reads past, included).
    Verify(popeye::verify::VerifyArgs),
    /// Replay every solution of a Popeye output through our engine.
    ///
    /// Reads .out, .ref, .tst and .reg files (or a fresh run of Popeye when no output is
    /// given), twins included: each move must be
    /// legal where Popeye plays it, with the same rebirths, mutations and check marks. Problems
    /// we cannot replay are counted as skipped, with the reason. Exit 0 when every replayed move
    /// is accepted and every other problem has its solution section, 1 otherwise.
    Replay(popeye::replay::ReplayArgs),
    /// Check Popeye against itself by metamorphic relations, where no model of the rules is
    /// needed.
    ///
    /// Each problem (and twin) of the input files is solved by Popeye as given and changed by
    /// each relation that is sound for it (the table of relations, with where each holds, is
    /// in the book's Popeye chapter): a smaller hash table; the units, options or conditions
    /// in another order; the other language; each twin as a problem of its own; the board
    /// mirrored between the a- and h-files; the colours swapped; a solution limit; the
    /// intelligent mode; each claim of a mate in two's tree or of a helpmate's solutions posed
    /// alone from the position its printed moves lead to. The answers are mapped back and
    /// compared line by line; a disagreement is printed and written as a reproducer. Then a table: per relation, the problems it checked, was not
    /// sound for and could not check; per condition, the relations that checked it. Exit 0
    /// when no problem disagrees, Popeye crashed on no file as given, and at least one problem
    /// was checked (--allow-empty), 1 otherwise, 2 on bad input.
    Metamorphic(popeye::metamorphic::MetamorphicArgs),
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
            eprintln!("error: {}", crate::limits::error_line(&message));
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
            eprintln!("error: {}", crate::limits::error_line(&error.to_string()));
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
    crate::limits::error_line(&line)
}

/// Each command run by its module.
fn dispatch(cli: Cli) -> Result<i32, Error> {
    match cli.command {
        Command::Moves(args) => commands::moves::run(args),
        Command::Solve(args) => commands::solve::run(args),
        Command::Check(args) => commands::check::run(args),
        Command::UciPerft(args) => commands::uci_perft::run(args),
        Command::Dispute(args) => commands::dispute::run(args),
        Command::Merge(args) => commands::merge::run(args),
        Command::Book(args) => commands::book::run(args),
        Command::Perft(args) => commands::perft::run(args),
        Command::Popeye(command) => match command {
            PopeyeCommand::Export(args) => popeye::export::run(args),
            PopeyeCommand::Compare(args) => popeye::compare::run(args),
            PopeyeCommand::Fuzz(args) => popeye::fuzz::run_fuzz(args),
            PopeyeCommand::FuzzSolve(args) => popeye::fuzz::run_fuzz_solve(args),
            PopeyeCommand::Campaign(args) => popeye::campaign::run(args),
            PopeyeCommand::Verify(args) => popeye::verify::run(args),
            PopeyeCommand::Replay(args) => popeye::replay::run(args),
            PopeyeCommand::Metamorphic(args) => popeye::metamorphic::run(args),
        },
    }
}
