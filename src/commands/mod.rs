//! The commands: what each prints and the exit code it ends with, over the libraries below
//! (the search, verification, campaigns and reports). Each command's module holds its flags
//! (a clap `Args` struct) and its `run`; the flags several commands share are declared once in
//! [`flags`] and the position flags with their loader in [`position`]. The command line parses
//! the flags and calls these; nothing below this layer prints a command's result.

pub mod book;
pub mod check;
pub mod dispute;
pub mod flags;
pub mod merge;
pub mod moves;
pub mod perft;
pub mod popeye;
pub mod position;
pub mod solve;
pub mod uci_perft;
