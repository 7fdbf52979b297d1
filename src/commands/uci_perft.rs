//! `feerie uci-perft`: our engine's perft against a UCI engine's (`go perft`), on one orthodox
//! position or on random positions played out from the start and from the orthodox perft
//! suites' positions.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use clap::{Arg, Args};
use feerie_oracle::{Engine, EngineError, Position, Rules, Validation, fen};

use super::flags::TimeoutArgs;
use crate::engines::{EngineChoice, engine};
use crate::error::Error;
use crate::external::ExternalError;
use crate::external::uci::{UciEngine, standard_fen, uci_move};
use crate::limits::check_depth;
use crate::outln;

/// The flags of `feerie uci-perft`.
#[derive(Args, Debug)]
#[command(mut_args(own_help))]
pub struct UciPerftArgs {
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
    #[command(flatten)]
    timeout: TimeoutArgs,
}

/// What `uci-perft` says of the shared flags it takes, instead of their shared help.
fn own_help(arg: Arg) -> Arg {
    match arg.get_id().as_str() {
        "timeout" => arg.help(
            "Seconds the UCI engine may take for each answer (starting, each `go perft`) before \
             it is stopped",
        ),
        _ => arg,
    }
}

/// `feerie uci-perft`: the flags checked, then [`uci_perft`] on the position or the random
/// positions, their playouts starting from the perft suites under `corpus/perft`.
pub fn run(args: UciPerftArgs) -> Result<i32, Error> {
    check_depth("--depth", args.depth)?;
    if args.seed.is_some() && args.random.is_none() {
        return Err(Error::Usage(
            "--seed chooses random positions: it goes with --random N, not --fen".into(),
        ));
    }
    let timeout = args.timeout.duration()?;
    uci_perft(&UciPerftOptions {
        uci: &args.uci,
        fen: args.fen.as_deref(),
        random: args.random,
        seed: args.seed.unwrap_or(1),
        depth: args.depth,
        ours: engine(args.ours)?,
        timeout,
        suites: Path::new(crate::check::DEFAULT_PERFT),
    })
}

/// What `feerie uci-perft` compares.
pub struct UciPerftOptions<'a> {
    /// The UCI engine: a command on PATH (or in /usr/games) or a path.
    pub uci: &'a str,
    /// One position (`--fen`), or `None` for random positions.
    pub fen: Option<&'a str>,
    /// How many random positions (`--random N`).
    pub random: Option<usize>,
    /// The seed of the random positions.
    pub seed: u64,
    /// The perft depth.
    pub depth: u32,
    /// Our engine.
    pub ours: &'a dyn Engine,
    /// Deadline of each answer of the UCI engine.
    pub timeout: Duration,
    /// The perft suites whose orthodox positions start the random playouts, when present.
    pub suites: &'a Path,
}

/// Compares, printing `ok` or `DIFF` (with the moves whose counts differ) for each position
/// and a summary line; the exit code is 0 when every count agrees, 1 otherwise.
pub fn uci_perft(o: &UciPerftOptions) -> Result<i32, Error> {
    let mut starts = vec![Position::start()];
    let single = match (o.fen, o.random) {
        (Some(text), _) => Some(fen::parse(text, Validation::Strict)?),
        (None, Some(_)) => {
            if o.suites.is_dir() {
                let suites = crate::corpus::load_perft_dir(o.suites)?;
                // Only the orthodox suites' positions a UCI engine can read.
                for case in suites.iter().filter(|c| c.rules.is_orthodox()) {
                    if let Ok(p) = fen::parse(&case.fen, Validation::Strict)
                        && standard_fen(p.setup()).is_ok()
                    {
                        starts.push(p);
                    }
                }
            }
            None
        }
        (None, None) => return Err(Error::Usage("give --fen or --random N".into())),
    };
    let orthodox = Rules::orthodox();
    // The random positions are made one at a time, as they are compared.
    let positions: Box<dyn Iterator<Item = Result<Position, EngineError>>> = match single {
        Some(p) => Box::new(std::iter::once(Ok(p))),
        None => Box::new(
            crate::playout::RandomPositions::new(o.ours, &orthodox, &starts, 40, o.seed)
                .take(o.random.unwrap_or(0)),
        ),
    };
    let mut uci_engine =
        UciEngine::start_with_timeout(o.uci, o.timeout).map_err(ExternalError::Uci)?;
    let (mut agreed, mut differed) = (0, 0);
    let depth = o.depth;
    for position in positions {
        let position = position?;
        let text = standard_fen(position.setup())?;
        match compare_perft(&mut uci_engine, o.ours, &position, depth)? {
            None => {
                agreed += 1;
                outln!("ok {text} depth {depth}");
            }
            Some(lines) => {
                differed += 1;
                outln!("DIFF {text} depth {depth}");
                for l in lines {
                    outln!("  {l}");
                }
            }
        }
    }
    outln!(
        "uci-perft: {agreed} agree, {differed} differ ({} against the {} engine, depth {depth})",
        o.uci,
        o.ours.name()
    );
    Ok(if differed == 0 { 0 } else { 1 })
}

/// Compares our engine's perft with a UCI engine's on one orthodox position: `Ok(None)` when
/// they agree, else the differences, one line each (`e2e4: ours 20, engine 21`). The error is
/// the UCI engine's ([`Error::External`]) or our engine's ([`Error::Engine`]).
pub fn compare_perft(
    uci: &mut UciEngine,
    ours: &dyn Engine,
    position: &Position,
    depth: u32,
) -> Result<Option<Vec<String>>, Error> {
    let theirs = uci.perft(position, depth)?;
    let rules = Rules::orthodox();
    let mut mine = BTreeMap::new();
    if depth > 0 {
        for (mv, n) in ours.divide(position, &rules, depth)? {
            mine.insert(uci_move(&mv), n);
        }
    }
    let total: u64 = if depth == 0 { 1 } else { mine.values().sum() };
    let mut differences = Vec::new();
    let keys: std::collections::BTreeSet<&String> =
        mine.keys().chain(theirs.divide.keys()).collect();
    for key in keys {
        let (a, b) = (mine.get(key), theirs.divide.get(key));
        if a != b {
            let show = |n: Option<&u64>| n.map_or("-".to_string(), |n| n.to_string());
            differences.push(format!("{key}: ours {}, engine {}", show(a), show(b)));
        }
    }
    if total != theirs.total {
        differences.push(format!("total: ours {total}, engine {}", theirs.total));
    }
    Ok((!differences.is_empty()).then_some(differences))
}
