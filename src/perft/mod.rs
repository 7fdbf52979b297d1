//! `feerie perft`: the count, root move by root move, over one or more threads, with progress on
//! stderr for long runs and a warning when the run is estimated to be huge.

pub mod split;

use crate::error::Error;
use feerie_oracle::{Engine, EngineError, MoveRecord, Position, Rules};
use rayon::prelude::*;

use crate::outln;
use crate::progress::Progress;
use split::Split;

/// Runs above this many estimated nodes show progress by root move.
const PROGRESS_FROM: f64 = 1e8;
/// Runs above this many estimated nodes are announced as very long.
const WARN_FROM: f64 = 1e11;
/// Stack of each counting thread: far more than the deepest allowed recursion needs.
pub const STACK_BYTES: usize = 16 << 20;

/// Prints the perft count (and with `divide`, one `move: count` line per root move first);
/// `threads` share out the subtrees (with more than one, the tree is split below the root
/// until every thread has many, see [`crate::perft::split`]). Returns the exit code.
///
/// ```
/// use feerie::oracle::{Position, ReferenceEngine, Rules};
/// let code = feerie::perft::perft_command(&ReferenceEngine, &Position::start(), &Rules::orthodox(), 2, false, 2);
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

/// The count below each root move (Popeye notation without check mark), in the engine's move
/// order, over `threads` threads, with progress on stderr for long runs; empty at depth 0.
///
/// ```
/// use feerie::oracle::{Position, ReferenceEngine, Rules};
/// let counts = feerie::perft::root_counts(&ReferenceEngine, &Position::start(), &Rules::orthodox(), 2, 1).unwrap();
/// assert_eq!(counts.len(), 20);
/// assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 400);
/// ```
pub fn root_counts(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    depth: u32,
    threads: usize,
) -> Result<Vec<(String, u64)>, Error> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let children = engine.successors(position, rules)?;
    let estimate = warn_if_huge("perft", children.len(), depth);
    let progress = Progress::new(
        "perft",
        "root moves",
        children.len() as u64,
        estimate > PROGRESS_FROM,
    );
    let split = Split::new(threads, children.len());
    let count = |(mv, after): &(MoveRecord, Position)| -> Result<(String, u64), EngineError> {
        let n = if threads > 1 {
            split::count(engine, after, rules, depth - 1, &split)?
        } else {
            engine.perft(after, rules, depth - 1)?
        };
        progress.step();
        Ok((mv.notation_without_check(), n))
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_BYTES)
        .build()
        .map_err(|e| Error::System(format!("cannot start {threads} thread(s): {e}")))?;
    let counts: Result<Vec<(String, u64)>, EngineError> =
        pool.install(|| children.par_iter().map(count).collect());
    progress.finish();
    Ok(counts?)
}

/// Says on stderr when a search of `depth` half-moves from a position with `moves` legal moves
/// is estimated (moves to the power of the depth) above 10^11 nodes; returns the estimate.
pub fn warn_if_huge(what: &str, moves: usize, depth: u32) -> f64 {
    let estimate = (moves as f64).powi(depth as i32);
    if estimate > WARN_FROM {
        eprintln!(
            "note: {what} to depth {depth} with {moves} root moves is about {estimate:.0e} nodes or more; this may take very long"
        );
    }
    estimate
}
