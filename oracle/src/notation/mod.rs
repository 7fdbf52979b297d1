//! Text formats: FEN (extended), Popeye's input format, Popeye's move notation.

pub mod fen;
pub mod popeye_input;
pub mod popeye_move;
pub mod popeye_twin;
