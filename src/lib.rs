//! # feerie
//!
//! Test oracle and cross-checking harness for fairy-chess rules. This crate holds the
//! command line; the shared vocabulary and the reference engine are in `feerie-oracle`.
//!
//! ```
//! let code = feerie::cli::run(["feerie", "perft", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "--depth", "1"]);
//! assert_eq!(code, 0);
//! ```

#![deny(missing_docs)]

pub mod bitboard;
pub mod book;
pub mod check;
pub mod cli;
pub mod commands;
pub mod corpus;
pub mod dispute;
pub mod engines;
pub mod error;
pub mod external;
pub mod harness;
pub mod limits;
pub mod merge;
pub mod output;
pub mod perft;
pub mod playout;
pub mod pool;
pub mod progress;
pub mod report;
pub mod scenario;
pub mod shard;
pub mod solve;
pub mod space;
pub mod verify;

pub use feerie_oracle as oracle;
