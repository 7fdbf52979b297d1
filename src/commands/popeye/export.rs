//! `feerie popeye export`: a position and its rules written as a Popeye input (English).

use std::path::PathBuf;

use clap::Args;

use crate::commands::position::PositionArgs;
use crate::error::Error;

/// The flags of `feerie popeye export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Half-moves: 1 lists the moves (default); 2 or 3 for perft.
    #[arg(long, default_value_t = 1)]
    depth: u32,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
}

/// `feerie popeye export`: the input on standard output or in `--output`, with a note on
/// stderr for each switch Popeye does not implement; exit 0.
pub fn run(args: ExportArgs) -> Result<i32, Error> {
    if args.position.engine_given() {
        return Err(Error::Usage(
            "--engine: export writes Popeye's input and runs no engine".into(),
        ));
    }
    let read: Vec<&std::path::Path> = args.position.popeye_path().into_iter().collect();
    crate::commands::flags::check_outputs(&[("--output", args.output.as_deref())], &read)?;
    let (position, rules, _) = args.position.load()?;
    let text = crate::external::popeye::input_for(&position, &rules, args.depth)?;
    for w in crate::external::popeye::non_popeye_switches(&rules) {
        eprintln!("note: Popeye implements the popeye profile, not {w}");
    }
    match args.output {
        Some(path) => std::fs::write(&path, text)
            .map_err(|e| Error::System(format!("cannot write {}: {e}", path.display())))?,
        None => crate::out!("{text}"),
    }
    Ok(0)
}
