//! The one way feerie starts a thread pool: every thread with a stack deep enough for the
//! engines' recursion (a perft or a search of many plies under fairy rules), and a failure to
//! start said as an error that names the number of threads asked for.
//!
//! ```
//! let pool = feerie::pool::build(2).unwrap();
//! assert_eq!(pool.install(rayon::current_num_threads), 2);
//! ```

use std::fmt;

/// The stack of each worker thread: the engines recurse once per ply, and a deep search under
/// fairy rules needs more than rayon's default.
pub const STACK_BYTES: usize = 16 << 20;

/// A thread pool could not be started.
#[derive(Debug)]
pub struct PoolError {
    /// The number of threads asked for.
    pub threads: usize,
    /// What the system said.
    pub reason: String,
}

impl fmt::Display for PoolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot start {} thread(s): {}",
            self.threads, self.reason
        )
    }
}

impl std::error::Error for PoolError {}

/// A pool of `threads` workers (at least one).
pub fn build(threads: usize) -> Result<rayon::ThreadPool, PoolError> {
    let threads = threads.max(1);
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_BYTES)
        .build()
        .map_err(|e| PoolError {
            threads,
            reason: e.to_string(),
        })
}
