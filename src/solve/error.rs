//! Why `solve`, `popeye verify` or a solving dispute could not do what was asked: a stipulation
//! we do not solve, a problem the file does not have, an input that does not read, a solve that
//! failed, a file that cannot be read, a Popeye run that gave nothing, a line of Popeye's output
//! that does not read back. The command line prints
//! it on one line and exits 2, as for every bad input.
//!
//! ```
//! use feerie::solve::error::SolveError;
//! let e = SolveError::NoSuchProblem { asked: 4, count: 2 };
//! assert_eq!(e.to_string(), "--problem 4 but the file has 2 problem(s)");
//! assert_eq!(SolveError::at("game.inp", e).to_string(), "game.inp: --problem 4 but the file has 2 problem(s)");
//! ```

use std::fmt;

use feerie_oracle::EngineError;
use feerie_oracle::RulesError;
use feerie_oracle::notation::popeye_input::Unsupported;
use feerie_oracle::notation::popeye_twin::TwinError;

use super::stipulation::{Stipulation, StipulationError};
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
    /// The engine failed while solving or replaying a line.
    Engine(EngineError),
    /// The thread pool of a solve could not start.
    Threads {
        /// How many threads were asked for.
        threads: usize,
        /// Why the pool did not start.
        reason: String,
    },
    /// A Popeye option that the solver does not support, or that changes the play so that
    /// the solution set cannot be compared.
    OptionNotSupported {
        /// The option as written (maybe abbreviated).
        option: String,
        /// What it asks for that is not done here.
        why: String,
    },
    /// A Popeye problem that is not solved here for another reason than an option: a
    /// structured stipulation, no stipulation, one the solver does not read.
    ProblemNotSupported(String),
    /// A twin that cannot be made from the diagram.
    Twin(TwinError),
    /// A problem whose units or conditions do not make a position under our rules.
    Position(Unsupported),
    /// A tree asked for a stipulation that is neither direct nor self play.
    NotATree(Stipulation),
    /// A move of Popeye's output that does not read back as a legal move of ours.
    OutputMove {
        /// The move as Popeye printed it.
        text: String,
        /// Its line in Popeye's output (1-based).
        line: usize,
        /// Why it does not read back.
        why: String,
    },
    /// A line of Popeye's tree with no line above it to follow.
    NothingAbove {
        /// The move as Popeye printed it.
        text: String,
        /// Its line in Popeye's output (1-based).
        line: usize,
    },
    /// A profile or switch that does not read.
    Rules(RulesError),
    /// A `--set KEY=VALUE` that does not read.
    Set(RulesError),
    /// `--max-solutions` stopped a search whose whole solution set was to be compared.
    Partial,
    /// A solving dispute without the readings to compare.
    NoReadings,
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
            SolveError::Input(message) | SolveError::ProblemNotSupported(message) => {
                f.write_str(message)
            }
            SolveError::Engine(e) => e.fmt(f),
            SolveError::Threads { threads, reason } => {
                write!(f, "cannot start {threads} thread(s): {reason}")
            }
            SolveError::OptionNotSupported { option, why } => write!(f, "option {option}: {why}"),
            SolveError::Twin(e) => e.fmt(f),
            SolveError::Position(e) => e.fmt(f),
            SolveError::NotATree(stipulation) => write!(
                f,
                "{stipulation}: trees are built for direct and self play only"
            ),
            SolveError::OutputMove { text, line, why } => {
                write!(f, "{text} (output line {line}): {why}")
            }
            SolveError::NothingAbove { text, line } => {
                write!(f, "{text} (output line {line}): nothing above it")
            }
            SolveError::Rules(e) => e.fmt(f),
            SolveError::Set(e) => write!(f, "--set: {e}"),
            SolveError::Partial => {
                f.write_str("--max-solutions stopped the search: the sets cannot be compared")
            }
            SolveError::NoReadings => f.write_str("give --switch KEY or --profiles A,B"),
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

impl From<EngineError> for SolveError {
    fn from(e: EngineError) -> SolveError {
        SolveError::Engine(e)
    }
}

impl From<TwinError> for SolveError {
    fn from(e: TwinError) -> SolveError {
        SolveError::Twin(e)
    }
}
