//! Why a campaign stopped, why one of its reproducers was not written, and why a batch of
//! problems asked of Popeye was not compared: the harness's own errors, each with its cause, so
//! that the harness needs nothing from the command line and the command line can still tell the
//! causes apart (`From<CampaignError>` in `crate::error`).

use std::fmt;
use std::path::PathBuf;

use feerie_oracle::{EngineError, RulesError};

use crate::external::ExternalError;
use crate::external::popeye::PopeyeError;
use crate::limits::LimitError;
use crate::pool::PoolError;
use crate::verify::error::VerifyError;

/// Why a campaign could not run to its end.
#[derive(Debug)]
pub enum CampaignError {
    /// More cases than can be counted.
    Limit(LimitError),
    /// The thread pool did not start.
    Pool(PoolError),
    /// A case that could not be made.
    Case {
        /// Its family.
        family: String,
        /// Its number in the family.
        case: u64,
        /// What the engine said.
        error: EngineError,
    },
    /// An engine that refused a position or a move of a case.
    Engine(EngineError),
    /// Rules that could not be set on a case.
    Rules(RulesError),
    /// Popeye could not be run, or answered outside its protocol.
    External(ExternalError),
}

impl fmt::Display for CampaignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CampaignError::Limit(e) => e.fmt(f),
            CampaignError::Pool(e) => e.fmt(f),
            CampaignError::Case {
                family,
                case,
                error,
            } => write!(f, "{family}: case {case} could not be made: {error}"),
            CampaignError::Engine(e) => e.fmt(f),
            CampaignError::Rules(e) => e.fmt(f),
            CampaignError::External(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CampaignError {}

/// Each cause is its own variant, so that `?` keeps it.
macro_rules! from_cause {
    ($($variant:ident($cause:ty)),+ $(,)?) => {
        $(impl From<$cause> for CampaignError {
            fn from(e: $cause) -> CampaignError {
                CampaignError::$variant(e)
            }
        })+
    };
}

from_cause! {
    Limit(LimitError),
    Pool(PoolError),
    Engine(EngineError),
    Rules(RulesError),
    External(ExternalError),
}

/// A reproducer that could not be written: the campaign goes on, and reports it at the end.
#[derive(Debug)]
pub struct ReproducerError {
    /// The folder it was to go in.
    pub dir: PathBuf,
    /// What the system said.
    pub error: std::io::Error,
}

impl fmt::Display for ReproducerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot write a reproducer in {}: {}",
            self.dir.display(),
            self.error
        )
    }
}

impl std::error::Error for ReproducerError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Why a batch of problems was not compared.
#[derive(Debug)]
pub enum BatchFailure {
    /// Popeye did not run to its end.
    Popeye(PopeyeError),
    /// Its output could not be compared with our solutions.
    Verify(VerifyError),
    /// Its output has another number of comparisons than the batch has problems.
    Unmatched {
        /// The comparisons.
        compared: usize,
        /// The problems asked.
        problems: usize,
    },
}

impl fmt::Display for BatchFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchFailure::Popeye(e) => e.fmt(f),
            BatchFailure::Verify(e) => e.fmt(f),
            BatchFailure::Unmatched { compared, problems } => write!(
                f,
                "{compared} comparisons for {problems} problems (the output does not match the input)"
            ),
        }
    }
}

impl std::error::Error for BatchFailure {}
