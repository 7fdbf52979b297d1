//! `feerie moves`: every legal move of the side to move, one per line, or as a JSON document.

use clap::Args;

use super::flags::FormatArgs;
use super::position::PositionArgs;
use crate::error::Error;
use crate::outln;

/// The flags of `feerie moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    format: FormatArgs,
}

/// `feerie moves`: prints the moves; exit 0.
pub fn run(args: MovesArgs) -> Result<i32, Error> {
    let json = args.format.start();
    let (position, rules, engine) = args.position.load()?;
    let moves = engine.legal_moves(&position, &rules)?;
    if json {
        use crate::report::json::{MovesDocument, print};
        print(&MovesDocument::new(&position, &rules, engine, &moves));
        return Ok(0);
    }
    for mv in moves {
        outln!("{mv}");
    }
    Ok(0)
}
