//! Outside programs as cross-checks: UCI engines' perft for orthodox chess, and Popeye.

pub mod popeye;
pub mod popeye_batch;
mod popeye_english;
pub mod popeye_fault;
pub mod popeye_output;
mod popeye_output_diagram;
pub mod popeye_output_source;
mod popeye_output_twin;
mod popeye_output_words;
pub mod popeye_replay;
pub mod process;
pub mod uci;

use std::fmt;

/// Why an outside program could not give an answer to compare.
#[derive(Debug)]
pub enum ExternalError {
    /// No program was given, or none is where it was said to be; the message says how to
    /// give one.
    NotFound(String),
    /// A question the program's input cannot express (a depth, a unit, a rule it lacks).
    Inexpressible(String),
    /// A position or rules that Popeye's input cannot state: the reasons.
    Unexportable(feerie_oracle::popeye_input::Unsupported),
    /// The program failed: it could not start, missed its deadline, flooded its output, or
    /// answered outside its protocol.
    Failed(String),
    /// Popeye refused the position of a comparison; its own words.
    Refused(String),
    /// A run of Popeye that gave no answer, or Popeye's refusal of a problem.
    Popeye(popeye::PopeyeError),
    /// A UCI engine that could not be started, missed its deadline, ended or flooded its output
    /// while an answer was awaited, or answered outside the protocol.
    Uci(uci::UciError),
}

impl fmt::Display for ExternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExternalError::NotFound(message)
            | ExternalError::Inexpressible(message)
            | ExternalError::Failed(message) => f.write_str(message),
            ExternalError::Refused(words) => write!(f, "Popeye refused the position: {words}"),
            ExternalError::Unexportable(e) => e.fmt(f),
            ExternalError::Popeye(e) => e.fmt(f),
            ExternalError::Uci(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ExternalError {}

impl From<popeye::PopeyeError> for ExternalError {
    fn from(e: popeye::PopeyeError) -> Self {
        ExternalError::Popeye(e)
    }
}

impl From<uci::UciError> for ExternalError {
    fn from(e: uci::UciError) -> Self {
        ExternalError::Uci(e)
    }
}

impl From<feerie_oracle::popeye_input::Unsupported> for ExternalError {
    fn from(e: feerie_oracle::popeye_input::Unsupported) -> Self {
        ExternalError::Unexportable(e)
    }
}
