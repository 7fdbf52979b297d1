//! The commands: what each prints and the exit code it ends with, over the libraries below
//! (the search, verification, campaigns and reports). The command line parses flags and calls
//! these; nothing below this layer prints a command's result.

pub mod perft;
pub mod popeye;
pub mod solve;
pub mod uci_perft;
