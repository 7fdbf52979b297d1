//! # feerie-oracle
//!
//! The shared vocabulary of feerie (squares, pieces, positions, rules and switches, move
//! records, notation) and its reference engine, the executable statement of the rules.
//!
//! ```
//! use feerie_oracle::{fen, Engine, ReferenceEngine, Rules, Validation};
//! let position = fen::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", Validation::Strict).unwrap();
//! let moves = ReferenceEngine.legal_moves(&position, &Rules::orthodox()).unwrap();
//! let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
//! assert!(text.contains(&"e2-e4".to_string()));
//! ```

#![deny(missing_docs)]

mod board;
mod castling;
mod colour;
pub mod engine;
pub mod geometry;
mod imitators;
mod move_record;
pub mod notation;
mod piece;
mod position;
mod position_under_rules;
pub mod reference;
pub mod rules;
mod setup;
mod square;
pub mod walk;

pub use board::Board;
pub use castling::{CastlingRights, CastlingSide};
pub use colour::Colour;
pub use engine::{Engine, EngineError, Status};
pub use imitators::Imitators;
pub use move_record::{BretonEffect, Capture, CheckMark, ContactMutation, MoveRecord, Rebirth};
pub use notation::{fen, popeye_input, popeye_move};
pub use piece::{ParsePieceError, Piece};
pub use position::{Position, PositionError, Problem, Validation};
pub use reference::ReferenceEngine;
pub use rules::{Condition, Profile, Rules, RulesError, Switch};
pub use setup::{EnPassant, Reserve, Setup};
pub use square::{File, ParseSquareError, Rank, Square};
pub use walk::{Walk, WalkSet};
