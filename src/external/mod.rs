//! Outside programs as cross-checks: UCI engines' perft for orthodox chess, and Popeye.

pub mod popeye;
pub mod popeye_batch;
pub mod popeye_compare;
pub mod popeye_output;
pub mod popeye_replay;
pub mod process;
pub mod uci;
