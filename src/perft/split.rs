//! Perft shared out among threads: the tree is split below the root, level by level, until there
//! are enough subtrees for rayon's work stealing to even out uneven ones. Splitting only at the
//! root leaves a thread idle at the end whenever one root move's subtree is much larger than the
//! others, or when the root has few moves.
//!
//! ```
//! use feerie::oracle::{Engine, Position, ReferenceEngine, Rules};
//! let p = Position::start();
//! let split = feerie::perft::split::perft(&ReferenceEngine, &p, &Rules::orthodox(), 4, 2);
//! assert_eq!(split.unwrap(), ReferenceEngine.perft(&p, &Rules::orthodox(), 4).unwrap());
//! ```

use feerie_oracle::{Engine, EngineError, Position, Rules};

use super::PerftError;
use rayon::prelude::*;

/// Subtrees wanted per thread: enough that the last ones to finish are small.
const SUBTREES_PER_THREAD: usize = 64;

/// Nodes of a lower depth are counted whole: listing their moves with the positions they lead
/// to costs about as much as the balance it buys.
const MIN_SPLIT_DEPTH: u32 = 3;

/// Perft of `position` to `depth` over `threads` threads (a pool of its own).
pub fn perft(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    depth: u32,
    threads: usize,
) -> Result<u64, PerftError> {
    if threads <= 1 {
        return Ok(engine.perft(position, rules, depth)?);
    }
    let pool = crate::pool::build(threads)?;
    Ok(pool.install(|| count(engine, position, rules, depth, &Split::new(threads, 1)))?)
}

/// Where a node stands in the splitting: about how many subtrees its level holds (the product
/// of the numbers of moves above it) against how many are wanted.
#[derive(Clone, Copy, Debug)]
pub struct Split {
    level: usize,
    wanted: usize,
}

impl Split {
    /// A node at a level of `level` subtrees, for `threads` threads.
    pub fn new(threads: usize, level: usize) -> Split {
        Split {
            level,
            wanted: threads.saturating_mul(SUBTREES_PER_THREAD),
        }
    }
}

/// Perft of `position` to `depth`, split into parallel subtrees (on the current rayon pool)
/// while its level holds fewer than wanted.
pub fn count(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    depth: u32,
    split: &Split,
) -> Result<u64, EngineError> {
    if depth < MIN_SPLIT_DEPTH || split.level >= split.wanted {
        return engine.perft(position, rules, depth);
    }
    let children = engine.successors(position, rules)?;
    let below = Split {
        level: split.level.saturating_mul(children.len().max(1)),
        wanted: split.wanted,
    };
    children
        .par_iter()
        .map(|(_, after)| count(engine, after, rules, depth - 1, &below))
        .sum()
}
