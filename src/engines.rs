//! The engines the command line can choose from.

use feerie_oracle::{Engine, EngineError, ReferenceEngine};

/// An engine name on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineChoice {
    /// The reference engine (mailbox, make and test).
    Reference,
    /// The optimized bitboard engine.
    Bitboard,
}

/// The engine behind a choice, or why it is not available.
///
/// ```
/// use feerie::engines::{engine, EngineChoice};
/// assert_eq!(engine(EngineChoice::Reference).unwrap().name(), "reference");
/// assert_eq!(engine(EngineChoice::Bitboard).unwrap().name(), "bitboard");
/// ```
pub fn engine(choice: EngineChoice) -> Result<&'static dyn Engine, EngineError> {
    match choice {
        EngineChoice::Reference => Ok(&ReferenceEngine),
        EngineChoice::Bitboard => Ok(&crate::bitboard::BitboardEngine),
    }
}
