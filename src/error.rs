//! The errors of each layer, gathered for the command line.
//!
//! Each layer has its own error type, so that a caller can tell what failed without reading a
//! message: notation ([`NotationError`]: FEN, Popeye input, Popeye's move text), position
//! ([`PositionError`]), rules ([`RulesError`]), engines ([`EngineError`]), scenarios and perft
//! suites ([`ScenarioError`]), bounds on what may be asked and files read ([`LimitError`]),
//! outside programs ([`ExternalError`]), the search ([`SolveError`]), Popeye problems and their verification ([`VerifyError`]), reports
//! ([`ReportError`]) and `feerie merge` ([`MergeError`]). [`Error`] is any of them, or a command line whose flags
//! do not fit together; the command line prints it on one line and exits with
//! [`Error::exit_code`].
//!
//! ```
//! use feerie::error::Error;
//! use feerie::oracle::{fen, Validation};
//! let e: Error = fen::parse("8/8 w", Validation::Strict).unwrap_err().into();
//! assert!(matches!(e, Error::Notation(_)));
//! assert_eq!(e.exit_code(), 2);
//! let text = e.to_string();
//! assert_eq!(Error::at("--fen", e).to_string(), format!("--fen: {text}"));
//! ```

use std::fmt;

pub use crate::external::ExternalError;
pub use crate::limits::LimitError;
pub use crate::merge::MergeError;
pub use crate::report::error::ReportError;
pub use crate::scenario::ScenarioError;
pub use crate::solve::error::SolveError;
pub use crate::verify::error::VerifyError;
pub use feerie_oracle::notation::NotationError;
pub use feerie_oracle::{EngineError, PositionError, RulesError};

/// Why a command could not do what it was asked.
#[derive(Debug)]
pub enum Error {
    /// Flags that are missing or do not fit together (`--rules` with `--popeye`, a `--seed`
    /// without `--random`).
    Usage(String),
    /// A FEN, a Popeye input file or a move that cannot be read.
    Notation(NotationError),
    /// A position that the diagram rules refuse.
    Position(PositionError),
    /// An unknown rule, profile or switch, or conditions that cannot combine.
    Rules(RulesError),
    /// A rule the chosen engine does not implement, or a move it refuses.
    Engine(EngineError),
    /// A malformed scenario or perft suite, or a folder of them that cannot be used.
    Scenario(ScenarioError),
    /// A request beyond the bounds of the command line, or an input file that cannot be read.
    Limit(LimitError),
    /// An outside program (Popeye, a UCI engine) that cannot be run or answers wrongly.
    External(ExternalError),
    /// The machine refused what the command needs: threads, a file to write.
    System(String),
    /// Threads that did not start.
    Pool(crate::pool::PoolError),
    /// A stipulation the solver cannot read, or a search that failed.
    Solve(SolveError),
    /// A problem of a file that cannot be solved or verified, or a dispute not settled.
    Verify(VerifyError),
    /// A report (HTML, JUnit) whose path is wrong or that could not be written.
    Report(ReportError),
    /// Documents that `feerie merge` cannot join.
    Merge(MergeError),
    /// One of the above about a place: a file, a flag, a problem of a file.
    At {
        /// The place, as the message starts (`game.inp, problem 2`, `--set`).
        place: String,
        /// What is wrong there.
        error: Box<Error>,
    },
}

impl Error {
    /// `error` about `place`: written `place: error`.
    pub fn at(place: impl fmt::Display, error: impl Into<Error>) -> Error {
        Error::At {
            place: place.to_string(),
            error: Box::new(error.into()),
        }
    }

    /// The exit code of the command line for this error: 2 for bad input of every kind (an
    /// outside program's failure included), which tells a failed check (1) from a command that
    /// could not run.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage(_)
            | Error::Notation(_)
            | Error::Position(_)
            | Error::Rules(_)
            | Error::Engine(_)
            | Error::Scenario(_)
            | Error::Limit(_)
            | Error::External(_)
            | Error::System(_)
            | Error::Pool(_)
            | Error::Solve(_)
            | Error::Verify(_)
            | Error::Report(_)
            | Error::Merge(_) => 2,
            Error::At { error, .. } => error.exit_code(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(message) => f.write_str(message),
            Error::Notation(e) => e.fmt(f),
            Error::Position(e) => e.fmt(f),
            Error::Rules(e) => e.fmt(f),
            Error::Engine(e) => e.fmt(f),
            Error::Scenario(e) => e.fmt(f),
            Error::Limit(e) => e.fmt(f),
            Error::External(e) => e.fmt(f),
            Error::System(message) => f.write_str(message),
            Error::Pool(e) => e.fmt(f),
            Error::Solve(e) => e.fmt(f),
            Error::Verify(e) => e.fmt(f),
            Error::Report(e) => e.fmt(f),
            Error::Merge(e) => e.fmt(f),
            Error::At { place, error } => write!(f, "{place}: {error}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<crate::perft::PerftError> for Error {
    fn from(e: crate::perft::PerftError) -> Error {
        match e {
            crate::perft::PerftError::Engine(e) => Error::Engine(e),
            crate::perft::PerftError::Pool(e) => Error::Pool(e),
        }
    }
}

/// A campaign's error is its cause's: the same message and exit code as where the cause
/// stands alone, a case that could not be made named in front of the engine's reason.
impl From<crate::harness::CampaignError> for Error {
    fn from(e: crate::harness::CampaignError) -> Error {
        use crate::harness::CampaignError as C;
        match e {
            C::Limit(e) => Error::Limit(e),
            C::Pool(e) => Error::Pool(e),
            C::Case {
                family,
                case,
                error,
            } => Error::at(format!("{family}: case {case} could not be made"), error),
            C::Engine(e) => Error::Engine(e),
            C::Rules(e) => Error::Rules(e),
            C::External(e) => Error::External(e),
        }
    }
}

macro_rules! from_layer {
    ($($variant:ident($t:ty)),+ $(,)?) => {
        $(impl From<$t> for Error {
            fn from(e: $t) -> Error {
                Error::$variant(e.into())
            }
        })+
    };
}

from_layer! {
    Notation(NotationError),
    Notation(feerie_oracle::fen::FenError),
    Notation(feerie_oracle::popeye_input::PopeyeInputError),
    Notation(feerie_oracle::popeye_input::Unsupported),
    Notation(feerie_oracle::popeye_move::MoveParseError),
    Position(PositionError),
    Rules(RulesError),
    Engine(EngineError),
    Scenario(ScenarioError),
    Scenario(crate::scenario::LoadError),
    Scenario(crate::corpus::CorpusError),
    Limit(LimitError),
    Pool(crate::pool::PoolError),
    External(ExternalError),
    External(crate::external::popeye::PopeyeError),
    Solve(SolveError),
    Solve(crate::solve::stipulation::StipulationError),
    Verify(VerifyError),
    Report(ReportError),
    Merge(MergeError),
}
