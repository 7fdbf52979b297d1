//! `feerie popeye verify`: every problem (and twin) of a Popeye input solved and compared with
//! Popeye's solutions, one line per case and a summary; exit 0 when no case differs, 1 when one
//! does, 2 on bad input.

use std::path::{Path, PathBuf};

use clap::{Arg, Args};

use super::PopeyeOutputArgs;
use crate::commands::flags::{EngineArgs, FormatArgs, HashArgs, ReportArgs, ShardArgs};
use crate::commands::flags::{format_help, report_help};
use crate::engines::SearchEngine;
use crate::error::Error;
use crate::limits::check_threads;
use crate::outln;
use crate::report::verify::{VerifyCaseJson, VerifyCounts, VerifyDocument};
use crate::shard::Shard;
use crate::solve::Options;
use crate::verify::error::VerifyError;
use crate::verify::problems;
use crate::verify::{self, Outcome};

/// The flags of `feerie popeye verify`.
#[derive(Args, Debug)]
#[command(mut_args(own_help))]
pub struct VerifyArgs {
    #[command(flatten)]
    files: PopeyeOutputArgs,
    /// Only this problem (1 = first).
    #[arg(long)]
    problem: Option<usize>,
    #[command(flatten)]
    engine: EngineArgs,
    /// Threads sharing out each problem's first moves.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[command(flatten)]
    hash: HashArgs,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    report: ReportArgs,
}

/// What `popeye verify` says of the shared flags it takes, instead of their shared help.
fn own_help(arg: Arg) -> Arg {
    match arg.get_id().as_str() {
        "engine" => arg.help("Which engine solves"),
        "shard" => arg.help(
            "Only shard K of N (from 1): the file's cases (its problems and twins in order) are \
             split so that N runs together compare exactly the cases of one run",
        ),
        "format" => arg.help(format_help(
            "one JSON line per case as it is compared, then the document on one line",
        )),
        "report" => arg.help(report_help("a diagram of every case that differs")),
        _ => arg,
    }
}

/// `feerie popeye verify`: the flags checked, the input and Popeye's output read (or Popeye
/// run), then every case compared ([`verify_file`] with the selection, JSON and report asked).
pub fn run(args: VerifyArgs) -> Result<i32, Error> {
    let VerifyArgs {
        files,
        problem,
        engine,
        threads,
        hash,
        shard,
        format,
        report,
    } = args;
    let json = format.start();
    check_threads("--threads", threads)?;
    let hash_megabytes = hash.megabytes()?;
    let inputs = files.files();
    let read: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    report.check(&read)?;
    let engine = engine.engine()?;
    files.timeout()?;
    let texts = files.read()?;
    let options = Options {
        threads,
        hash_megabytes,
        ..Default::default()
    };
    let out = VerifyOutput {
        problem,
        shard: shard.shard(),
        json,
        report: report.into_path(),
        inputs,
    };
    let name = files.input().display().to_string();
    let verified = VerifyFiles {
        name: &name,
        input: &texts.input,
        output: &texts.output,
        output_name: &texts.source,
    };
    verify_files(&verified, engine, &options, &out)
        .map_err(|e| Error::Verify(VerifyError::at(&name, e)))
}

/// Where the results of `popeye verify` go besides the text, and which cases it compares.
#[derive(Clone, Debug, Default)]
pub struct VerifyOutput {
    /// `--problem N`: one problem (1-based), or every problem.
    pub problem: Option<usize>,
    /// `--shard K/N`: this shard's cases only.
    pub shard: Shard,
    /// Print the JSON document on standard output (one line under `--format jsonl`, after a
    /// line per case).
    pub json: bool,
    /// Write the HTML report here.
    pub report: Option<PathBuf>,
    /// The files the command reads (the input, Popeye's output), which the report may not
    /// replace.
    pub inputs: Vec<PathBuf>,
}

/// `feerie popeye verify`: prints one line per problem or twin (agree, DIFFER with the
/// solutions on each side, skipped with the reason) and a summary; exit 1 on a difference.
pub fn verify_file(
    name: &str,
    input: &str,
    output: &str,
    problem: Option<usize>,
    engine: &dyn SearchEngine,
    options: &Options,
) -> Result<i32, VerifyError> {
    let files = VerifyFiles {
        name,
        input,
        output,
        output_name: "",
    };
    let out = VerifyOutput {
        problem,
        ..Default::default()
    };
    verify_files(&files, engine, options, &out)
}

/// The texts a verification compares, with their names.
struct VerifyFiles<'a> {
    /// The input's name, as the summary line starts.
    name: &'a str,
    /// The Popeye input.
    input: &'a str,
    /// Popeye's output.
    output: &'a str,
    /// Where Popeye's output came from.
    output_name: &'a str,
}

/// [`verify_file`] with `out`'s selection, JSON and report: each case printed (and under JSON
/// lines written as a line) as soon as it is compared, then the summary, the document and the
/// report.
fn verify_files(
    files: &VerifyFiles,
    engine: &dyn SearchEngine,
    options: &Options,
    out: &VerifyOutput,
) -> Result<i32, VerifyError> {
    let started = std::time::Instant::now();
    let selection = verify::Selection {
        problem: out.problem,
        shard: out.shard,
    };
    if !out.shard.is_whole() {
        let (k, n) = (out.shard.index(), out.shard.count());
        outln!(
            "shard {}: the cases {k}, {}, … of the file only (its problems and twins in order, from 1)",
            out.shard,
            k + n
        );
    }
    let mut cases = Vec::new();
    let mut on_case = |index: u64, case: &problems::Case, r: &verify::CaseReport| {
        print_case(r);
        let json = VerifyCaseJson::new(index, case, r);
        crate::report::json::line("case", &json);
        cases.push(json);
    };
    let reports = verify::verify_each(
        files.input,
        files.output,
        selection,
        engine,
        options,
        &mut on_case,
    )?;
    let (agree, differ, skipped) = verify::counts(&reports);
    outln!(
        "{}: {agree} agree, {differ} differ, {skipped} skipped",
        files.name
    );
    if agree == 0 && differ == 0 && skipped > 0 {
        eprintln!(
            "note: nothing was compared (every case was skipped): no difference found, but \
             nothing of Popeye's output was checked either"
        );
    }
    let mut code = if differ > 0 { 1 } else { 0 };
    if out.json || out.report.is_some() {
        let counts = VerifyCounts::of(&cases);
        let mut document = VerifyDocument {
            command: "popeye verify".into(),
            schema: crate::report::json::SCHEMA_VERSION,
            version: env!("CARGO_PKG_VERSION").into(),
            verdict: crate::report::verify::verdict(code).into(),
            exit_code: code,
            engine: engine.name().into(),
            input: files.name.into(),
            output: files.output_name.into(),
            input_fingerprint: format!("{:016x}", crate::shard::fingerprint(files.input)),
            problem: out.problem,
            shard: out.shard.to_string(),
            merged: Vec::new(),
            counts,
            cases,
            seconds: started.elapsed().as_secs_f64(),
        };
        if let Some(path) = &out.report {
            let inputs: Vec<&Path> = out.inputs.iter().map(PathBuf::as_path).collect();
            let html = crate::report::html::verify_report(&document);
            if let Err(e) = crate::report::html::write(path, &html, &inputs) {
                // Said at once; a difference found still wins (exit 1).
                eprintln!("error: {e}");
                if code == 0 {
                    code = 2;
                    document.exit_code = 2;
                    document.verdict = crate::report::verify::verdict(2).into();
                }
            }
        }
        if out.json {
            crate::report::json::print(&document);
        }
    }
    Ok(code)
}

/// The text line (and lines) of one compared case.
fn print_case(r: &verify::CaseReport) {
    let stip = r.stipulation.map(|s| format!(" {s}")).unwrap_or_default();
    match &r.outcome {
        Outcome::Agree(n) => outln!("{}{stip}: agree ({n} solution(s))", r.name),
        Outcome::Skipped(why) => outln!("{}{stip}: skipped: {why}", r.name),
        Outcome::BothRefuse(why) => outln!("{}{stip}: agree (both refuse it: {why})", r.name),
        Outcome::Differ { missing, extra } => {
            outln!(
                "{}{stip}: DIFFER: {} only Popeye gives, {} only we give",
                r.name,
                missing.len(),
                extra.len()
            );
            for m in missing {
                outln!("  only Popeye: {}", m.trim());
            }
            for e in extra {
                outln!("  only ours:   {}", e.trim());
            }
        }
    }
}
