//! Text formats: FEN (extended), Popeye's input format and the words of its language, Popeye's
//! move notation.

pub mod fen;
pub mod popeye_input;
pub mod popeye_move;
pub mod popeye_twin;
pub mod popeye_words;

use std::fmt;

/// A text that cannot be read: a FEN, a Popeye input file, a Popeye problem this project cannot
/// use, or a move.
///
/// ```
/// use feerie_oracle::notation::NotationError;
/// use feerie_oracle::{fen, Validation};
/// let e: NotationError = fen::parse("8/8 w", Validation::Strict).unwrap_err().into();
/// assert!(matches!(e, NotationError::Fen(_)));
/// assert!(e.to_string().starts_with("FEN board"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// A FEN (or a reserve written as in a FEN).
    Fen(fen::FenError),
    /// A Popeye input file.
    PopeyeInput(popeye_input::PopeyeInputError),
    /// A Popeye problem that reads well but that this project cannot use.
    Unsupported(popeye_input::Unsupported),
    /// A move in Popeye's notation.
    Move(popeye_move::MoveParseError),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Fen(e) => e.fmt(f),
            NotationError::PopeyeInput(e) => e.fmt(f),
            NotationError::Unsupported(e) => e.fmt(f),
            NotationError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NotationError {}

impl From<fen::FenError> for NotationError {
    fn from(e: fen::FenError) -> Self {
        NotationError::Fen(e)
    }
}

impl From<popeye_input::PopeyeInputError> for NotationError {
    fn from(e: popeye_input::PopeyeInputError) -> Self {
        NotationError::PopeyeInput(e)
    }
}

impl From<popeye_input::Unsupported> for NotationError {
    fn from(e: popeye_input::Unsupported) -> Self {
        NotationError::Unsupported(e)
    }
}

impl From<popeye_move::MoveParseError> for NotationError {
    fn from(e: popeye_move::MoveParseError) -> Self {
        NotationError::Move(e)
    }
}
