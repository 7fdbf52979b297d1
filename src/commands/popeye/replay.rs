//! `feerie popeye replay`: every solution of a Popeye output replayed through our engine; exit 0
//! when every replayed move is accepted and every other problem has its solution section, 1
//! otherwise.

use clap::Args;

use super::PopeyeOutputArgs;
use crate::commands::flags::EngineArgs;
use crate::error::Error;
use crate::outln;

/// The flags of `feerie popeye replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    #[command(flatten)]
    files: PopeyeOutputArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// Also list each skipped problem with its reason.
    #[arg(long)]
    verbose: bool,
}

/// `feerie popeye replay`: prints each rejected move and missing section, the skipped problems
/// with `--verbose`, then the counts.
pub fn run(args: ReplayArgs) -> Result<i32, Error> {
    let engine = args.engine.engine()?;
    let texts = args.files.read()?;
    let input = args.files.input();
    let report = crate::external::popeye_replay::replay(&texts.input, &texts.output, engine)
        .map_err(|e| Error::at(input.display(), e))?;
    for r in &report.rejected {
        outln!("REJECTED {r}");
    }
    for m in &report.missing {
        outln!("MISSING {m}");
    }
    if args.verbose {
        for s in &report.skipped {
            outln!("skipped {s}");
        }
    }
    outln!(
        "{}: {} problems, {} twins replayed ({} moves), {} skipped, {} moves rejected, \
         {} solution sections missing",
        input.display(),
        report.problems,
        report.replayed,
        report.moves,
        report.skipped.len(),
        report.rejected.len(),
        report.missing.len()
    );
    Ok(if report.passed() { 0 } else { 1 })
}
