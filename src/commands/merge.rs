//! `feerie merge`: the JSON documents of the shards of one run joined by [`crate::merge`].

use std::path::PathBuf;

use clap::{Arg, Args};

use super::flags::{JunitArgs, ReportArgs};
use crate::error::Error;

/// The flags of `feerie merge`.
#[derive(Args, Debug)]
#[command(mut_args(own_help))]
pub struct MergeArgs {
    /// The shards' documents (`feerie check --shard K/N --format json > shard-K.json`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Write the merged document here instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    #[command(flatten)]
    junit: JunitArgs,
    #[command(flatten)]
    report: ReportArgs,
}

/// What `merge` says of the shared flags it takes, instead of their shared help.
fn own_help(arg: Arg) -> Arg {
    match arg.get_id().as_str() {
        "junit" => arg.help("Also write the merged results as JUnit XML"),
        _ => arg,
    }
}

/// `feerie merge`: the merged document, JUnit file and report written; the exit code is the
/// whole run's.
pub fn run(args: MergeArgs) -> Result<i32, Error> {
    crate::merge::run(
        &args.files,
        args.output.as_deref(),
        args.junit.path(),
        args.report.path(),
    )
    .map_err(Error::Merge)
}
