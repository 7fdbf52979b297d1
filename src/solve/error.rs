//! Why `solve`, `popeye verify` or a solving dispute could not do what was asked: a stipulation
//! we do not solve, a problem the file does not have, an input that does not read, a solve that
//! failed, a file that cannot be read, a Popeye run that gave nothing. The command line prints
//! it on one line and exits 2, as for every bad input.
//!
//! ```
//! use feerie::solve::error::SolveError;
//! let e = SolveError::NoSuchProblem { asked: 4, count: 2 };
//! assert_eq!(e.to_string(), "--problem 4 but the file has 2 problem(s)");
//! assert_eq!(SolveError::at("game.inp", e).to_string(), "game.inp: --problem 4 but the file has 2 problem(s)");
//! ```

use std::fmt;

use super::stipulation::StipulationError;
use crate::external::ExternalError;
use crate::limits::LimitError;
use crate::report::error::ReportError;

/// Why a solving command failed.
#[derive(Debug)]
pub enum SolveError {
    /// `--stipulation` names a stipulation the solver does not read (the forms it reads are
    /// listed in the message).
    Stipulation(StipulationError),
    /// `--problem N` beyond the problems of the file.
    NoSuchProblem {
        /// The problem asked for (1-based).
        asked: usize,
        /// How many problems the file has.
        count: usize,
    },
    /// A Popeye input that does not read.
    Input(String),
    /// The solver could not solve a case: an engine error, threads that cannot start.
    Unsolved(String),
    /// A file that cannot be read (not a regular file, too large, unreadable).
    Read(LimitError),
    /// Popeye could not be found or run, or gave no output.
    Popeye(ExternalError),
    /// The report of a verification could not be written.
    Report(ReportError),
    /// One of the above about a file or a flag.
    At {
        /// The file or flag, as the message starts.
        place: String,
        /// What is wrong there.
        error: Box<SolveError>,
    },
}

impl SolveError {
    /// `error` about `place`: written `place: error`.
    pub fn at(place: impl fmt::Display, error: SolveError) -> SolveError {
        SolveError::At {
            place: place.to_string(),
            error: Box::new(error),
        }
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Stipulation(e) => write!(f, "--stipulation: {e}"),
            SolveError::NoSuchProblem { asked, count } => {
                write!(f, "--problem {asked} but the file has {count} problem(s)")
            }
            SolveError::Input(message) | SolveError::Unsolved(message) => f.write_str(message),
            SolveError::Read(e) => e.fmt(f),
            SolveError::Popeye(e) => e.fmt(f),
            SolveError::Report(e) => e.fmt(f),
            SolveError::At { place, error } => write!(f, "{place}: {error}"),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<StipulationError> for SolveError {
    fn from(e: StipulationError) -> SolveError {
        SolveError::Stipulation(e)
    }
}

impl From<ExternalError> for SolveError {
    fn from(e: ExternalError) -> SolveError {
        SolveError::Popeye(e)
    }
}
