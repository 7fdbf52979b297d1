//! Why a Popeye problem could not be solved or checked, or a solving dispute could not be
//! settled: a problem the file does not have, an input that does not read, a condition, option
//! or twin we do not follow, a solve that failed, a file that cannot be read, a Popeye run that
//! gave nothing, a line of Popeye's output that does not read back. The command line prints it
//! on one line and exits 2, as for every bad input.
//!
//! ```
//! use feerie::verify::error::VerifyError;
//! let e = VerifyError::NoSuchProblem { asked: 4, count: 2 };
//! assert_eq!(e.to_string(), "--problem 4 but the file has 2 problem(s)");
//! assert_eq!(VerifyError::at("game.inp", e).to_string(), "game.inp: --problem 4 but the file has 2 problem(s)");
//! ```

use std::fmt;

use feerie_oracle::EngineError;
use feerie_oracle::RulesError;
use feerie_oracle::notation::popeye_input::Unsupported;
use feerie_oracle::notation::popeye_twin::TwinError;

use crate::external::ExternalError;
use crate::limits::LimitError;
use crate::solve::error::SolveError;
use crate::solve::stipulation::StipulationError;

/// Why a Popeye problem could not be solved or checked, or a dispute settled.
#[derive(Debug)]
pub enum VerifyError {
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
    /// Popeye's input errors in a problem's words (a condition or option word that names
    /// none, or several): Popeye solves the problem without them, so its output is not the
    /// problem's. Each error as Popeye's word tables say it.
    InputWords(Vec<String>),
    /// The search failed or cannot follow an option, or the engine failed replaying a line.
    Solve(SolveError),
    /// A Popeye problem that is not solved here for another reason than an option: a
    /// structured stipulation, no stipulation, one the solver does not read.
    ProblemNotSupported(String),
    /// A twin that cannot be made from the diagram.
    Twin(TwinError),
    /// A problem or twin after the place where Popeye stops reading the input (a twinning
    /// word that names no command): Popeye prints nothing for it. The place, as a case name.
    NotRead(String),
    /// A problem whose units or conditions do not make a position under our rules.
    Position(Unsupported),
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
    /// A problem with several reasons not to be solved here, the most telling first (its
    /// units or conditions, then its stipulation or options): written one after the other,
    /// `; ` between them, so that a coverage table can count each.
    Several(Vec<VerifyError>),
    /// One of the above about a file or a flag.
    At {
        /// The file or flag, as the message starts.
        place: String,
        /// What is wrong there.
        error: Box<VerifyError>,
    },
}

impl VerifyError {
    /// `error` about `place`: written `place: error`.
    pub fn at(place: impl fmt::Display, error: VerifyError) -> VerifyError {
        VerifyError::At {
            place: place.to_string(),
            error: Box::new(error),
        }
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::Stipulation(e) => write!(f, "--stipulation: {e}"),
            VerifyError::NoSuchProblem { asked, count } => {
                write!(f, "--problem {asked} but the file has {count} problem(s)")
            }
            VerifyError::Input(message) | VerifyError::ProblemNotSupported(message) => {
                f.write_str(message)
            }
            VerifyError::InputWords(errors) => write!(
                f,
                "{} (Popeye reports an input error and solves the problem without the word: fix \
                 the input)",
                errors.join("; ")
            ),
            VerifyError::Solve(e) => e.fmt(f),
            VerifyError::Twin(e) => e.fmt(f),
            VerifyError::NotRead(place) => write!(
                f,
                "not read by Popeye: it stops reading the input at {place} (a twinning word that \
                 names no command)"
            ),
            VerifyError::Position(e) => e.fmt(f),
            VerifyError::OutputMove { text, line, why } => {
                write!(f, "{text} (output line {line}): {why}")
            }
            VerifyError::NothingAbove { text, line } => {
                write!(f, "{text} (output line {line}): nothing above it")
            }
            VerifyError::Rules(e) => e.fmt(f),
            VerifyError::Set(e) => write!(f, "--set: {e}"),
            VerifyError::Partial => {
                f.write_str("--max-solutions stopped the search: the sets cannot be compared")
            }
            VerifyError::NoReadings => f.write_str("give --switch KEY or --profiles A,B"),
            VerifyError::Read(e) => e.fmt(f),
            VerifyError::Popeye(e) => e.fmt(f),
            VerifyError::Several(reasons) => {
                for (i, reason) in reasons.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    reason.fmt(f)?;
                }
                Ok(())
            }
            VerifyError::At { place, error } => write!(f, "{place}: {error}"),
        }
    }
}

impl std::error::Error for VerifyError {}

impl From<StipulationError> for VerifyError {
    fn from(e: StipulationError) -> VerifyError {
        VerifyError::Stipulation(e)
    }
}

impl From<ExternalError> for VerifyError {
    fn from(e: ExternalError) -> VerifyError {
        VerifyError::Popeye(e)
    }
}

impl From<EngineError> for VerifyError {
    fn from(e: EngineError) -> VerifyError {
        VerifyError::Solve(SolveError::Engine(e))
    }
}

impl From<SolveError> for VerifyError {
    fn from(e: SolveError) -> VerifyError {
        VerifyError::Solve(e)
    }
}

impl From<TwinError> for VerifyError {
    fn from(e: TwinError) -> VerifyError {
        VerifyError::Twin(e)
    }
}
