//! Perft: the count, root move by root move, over one or more threads, with progress on
//! stderr for long runs and a warning when the run is estimated to be huge.

pub mod split;

use feerie_oracle::{Engine, EngineError, MoveRecord, Position, Rules};
use rayon::prelude::*;

use crate::pool::{self, PoolError};
use crate::progress::Progress;
use split::Split;

/// Runs above this many estimated nodes show progress by root move.
const PROGRESS_FROM: f64 = 1e8;
/// Runs above this many estimated nodes are announced as very long.
const WARN_FROM: f64 = 1e11;

/// Why a perft did not finish: the engine refused the position or rules, or the threads did
/// not start.
#[derive(Debug)]
pub enum PerftError {
    /// The engine's error.
    Engine(EngineError),
    /// The thread pool's error.
    Pool(PoolError),
}

impl std::fmt::Display for PerftError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PerftError::Engine(e) => e.fmt(f),
            PerftError::Pool(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PerftError {}

impl From<EngineError> for PerftError {
    fn from(e: EngineError) -> PerftError {
        PerftError::Engine(e)
    }
}

impl From<PoolError> for PerftError {
    fn from(e: PoolError) -> PerftError {
        PerftError::Pool(e)
    }
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
) -> Result<Vec<(String, u64)>, PerftError> {
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
    let pool = pool::build(threads)?;
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
