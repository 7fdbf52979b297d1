//! Why a search could not give its answer: a stipulation the solver does not read, an engine
//! that refused the position or rules, threads that did not start, an option the search does
//! not follow, a tree asked for a play that has none.
//!
//! ```
//! use feerie::solve::error::SolveError;
//! let e: SolveError = "pser-#2".parse::<feerie::solve::stipulation::Stipulation>().unwrap_err().into();
//! assert!(e.to_string().starts_with("--stipulation: "));
//! ```

use std::fmt;

use feerie_oracle::EngineError;

use super::stipulation::{Stipulation, StipulationError};
use crate::pool::PoolError;

/// Why a search failed.
#[derive(Debug)]
pub enum SolveError {
    /// A stipulation the solver does not read (the forms it reads are listed in the message).
    Stipulation(StipulationError),
    /// The engine failed while solving or replaying a line.
    Engine(EngineError),
    /// The thread pool of a solve could not start.
    Threads(PoolError),
    /// An option the search does not follow.
    OptionNotSupported {
        /// The option as written (maybe abbreviated).
        option: String,
        /// What it asks for that is not done here.
        why: String,
    },
    /// A tree asked for a stipulation that is neither direct nor self play.
    NotATree(Stipulation),
    /// The deadline came before the search ended.
    TimeBudget,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Stipulation(e) => write!(f, "--stipulation: {e}"),
            SolveError::Engine(e) => e.fmt(f),
            SolveError::Threads(e) => e.fmt(f),
            SolveError::OptionNotSupported { option, why } => write!(f, "option {option}: {why}"),
            SolveError::NotATree(stipulation) => write!(
                f,
                "{stipulation}: trees are built for direct and self play only"
            ),
            SolveError::TimeBudget => f.write_str("time budget"),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<StipulationError> for SolveError {
    fn from(e: StipulationError) -> SolveError {
        SolveError::Stipulation(e)
    }
}

impl From<EngineError> for SolveError {
    fn from(e: EngineError) -> SolveError {
        SolveError::Engine(e)
    }
}

impl From<PoolError> for SolveError {
    fn from(e: PoolError) -> SolveError {
        SolveError::Threads(e)
    }
}
