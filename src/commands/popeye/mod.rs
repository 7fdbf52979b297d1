//! The `feerie popeye` commands.

pub mod compare;
pub mod verify;
