//! `feerie perft`: the total, or with `--divide` the count below each root move first.

use feerie_oracle::{Engine, Position, Rules};

use crate::error::Error;
use crate::outln;
use crate::perft::root_counts;

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
