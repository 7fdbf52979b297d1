//! `feerie perft`: the total, or with `--divide` the count below each root move first.

use clap::Args;
use feerie_oracle::{Engine, Position, Rules};

use super::flags::FormatArgs;
use super::position::PositionArgs;
use crate::error::Error;
use crate::limits::{check_depth, check_threads};
use crate::outln;
use crate::perft::root_counts;

/// The flags of `feerie perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
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
    #[command(flatten)]
    format: FormatArgs,
}

/// `feerie perft`: the count as text ([`perft_command`]) or as a JSON document.
pub fn run(args: PerftArgs) -> Result<i32, Error> {
    let PerftArgs {
        position,
        depth,
        divide,
        threads,
        format,
    } = args;
    let json = format.start();
    check_depth("--depth", depth)?;
    check_threads("--threads", threads)?;
    let (position, rules, engine) = position.load()?;
    if json {
        let document =
            crate::report::json::perft_document(engine, &position, &rules, depth, divide, threads)?;
        crate::report::json::print(&document);
        return Ok(0);
    }
    perft_command(engine, &position, &rules, depth, divide, threads)
}

/// Prints the perft count (and with `divide`, one `move: count` line per root move first);
/// `threads` share out the subtrees (with more than one, the tree is split below the root
/// until every thread has many, see [`crate::perft::split`]). Returns the exit code.
///
/// ```
/// use feerie::oracle::{Position, ReferenceEngine, Rules};
/// let code = feerie::commands::perft::perft_command(&ReferenceEngine, &Position::start(), &Rules::orthodox(), 2, false, 2);
/// assert_eq!(code.unwrap(), 0);
/// ```
pub fn perft_command(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    depth: u32,
    divide: bool,
    threads: usize,
) -> Result<i32, Error> {
    let counts = root_counts(engine, position, rules, depth, threads)?;
    let mut total = 0u64;
    for (notation, n) in &counts {
        if divide {
            outln!("{notation}: {n}");
        }
        total += n;
    }
    // At depth 0 there is no root move: the one sequence is the empty one.
    outln!("{}", if depth == 0 { 1 } else { total });
    Ok(0)
}
