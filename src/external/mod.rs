//! Outside programs as cross-checks: UCI engines' perft for orthodox chess, and Popeye.

pub mod uci;
