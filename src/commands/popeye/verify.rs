//! `feerie popeye verify`: every problem (and twin) of a Popeye input solved and compared with
//! Popeye's solutions, one line per case and a summary; exit 0 when no case differs and enough
//! were compared, 1 when one differs or too few were compared (`--min-compared`,
//! `--allow-empty`), 2 on bad input (an input error Popeye reads past included).

use std::path::{Path, PathBuf};

use clap::{Arg, Args};

use super::{PopeyeOutputArgs, popeye_output_file, read_popeye_text};
use crate::commands::flags::{EngineArgs, FormatArgs, HashArgs, JunitArgs, ReportArgs, ShardArgs};
use crate::commands::flags::{format_help, report_help};
use crate::engines::SearchEngine;
use crate::error::Error;
use crate::external::popeye_output_source::OutputSource;
use crate::limits::check_threads;
use crate::outln;
use crate::report::verify::{VerifyCaseJson, VerifyCounts, VerifyDocument};
use crate::shard::Shard;
use crate::solve::Options;
use crate::verify::coverage::Coverage;
use crate::verify::error::VerifyError;
use crate::verify::problems;
use crate::verify::reason::one_line;
use crate::verify::verdict::Threshold;
use crate::verify::{self, Outcome};

/// The default of `--case-timeout`, in seconds: a case's solving stops after five minutes.
pub const DEFAULT_CASE_TIMEOUT: u64 = 300;

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
    /// After the cases, the coverage table: how many agree and differ, what was skipped and
    /// why (condition, piece, stipulation, option, …), and the share that agrees among the
    /// cases whose conditions and pieces feerie knows
    #[arg(long)]
    summary: bool,
    /// Seconds one case's solving may take: then it stops and the case is `skipped: time
    /// budget`, so that a run always ends (0: no bound)
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_CASE_TIMEOUT)]
    case_timeout: u64,
    /// Fail (exit 1) unless at least N cases, or P% of the cases, were compared (agree or
    /// differ) rather than skipped [default: 1: a run that compares nothing fails]
    #[arg(long, value_name = "N|P%")]
    min_compared: Option<Threshold>,
    /// Pass even when no case was compared (every one skipped): the run then checks nothing
    #[arg(long, conflicts_with = "min_compared")]
    allow_empty: bool,
    #[command(flatten)]
    junit: JunitArgs,
}

/// What `popeye verify` says of the shared flags it takes, instead of their shared help.
fn own_help(arg: Arg) -> Arg {
    match arg.get_id().as_str() {
        "input" => arg.help(
            "The Popeye input file, or a folder: then every *.inp in it against Popeye's output \
             beside it (.out, .ref, .reg or .tst), an input without one named and left",
        ),
        "engine" => arg.help("Which engine solves [default: bitboard]"),
        "shard" => arg.help(
            "Only shard K of N (from 1): the file's cases (its problems and twins in order) are \
             split so that N runs together compare exactly the cases of one run",
        ),
        "format" => arg.help(format_help(
            "one JSON line per case as it is compared, then the document on one line",
        )),
        "report" => arg.help(report_help("a diagram of every case that differs")),
        "junit" => arg.help(
            "Also write the cases as JUnit XML to this file: a test case per problem or twin, \
             failed when it differs or has an input error, skipped with its reason (a folder: a \
             suite per input file)",
        ),
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
        summary,
        case_timeout,
        min_compared,
        allow_empty,
        junit,
    } = args;
    let json = format.start();
    check_threads("--threads", threads)?;
    let hash_megabytes = hash.megabytes()?;
    let threshold = if allow_empty {
        Threshold::Cases(0)
    } else {
        min_compared.unwrap_or_default()
    };
    let case_timeout = (case_timeout > 0).then(|| std::time::Duration::from_secs(case_timeout));
    if files.input().is_dir() {
        let one_file_only = [
            (files.output_given(), "an OUTPUT"),
            // Each input is compared with the output beside it: no Popeye is run.
            (files.py_given(), "--py"),
            (problem.is_some(), "--problem"),
            (!shard.shard().is_whole(), "--shard"),
            (json, "--format json or jsonl"),
            (report.path().is_some(), "--report"),
        ];
        if let Some((_, flag)) = one_file_only.iter().find(|(given, _)| *given) {
            return Err(Error::Usage(format!(
                "{flag} applies to one input file, not to a folder ({})",
                files.input().display()
            )));
        }
        let read = files.files();
        let read: Vec<&Path> = read.iter().map(PathBuf::as_path).collect();
        crate::commands::flags::check_outputs(&[("--junit", junit.path())], &read)?;
        junit.check(&read)?;
        let engine = engine.engine()?;
        let options = Options {
            threads,
            hash_megabytes,
            ..Default::default()
        };
        let folder = FolderRun {
            summary,
            threshold,
            case_timeout,
            junit: junit.into_path(),
        };
        return verify_folder(files.input(), engine, &options, &folder);
    }
    let inputs = files.files();
    let read: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    crate::commands::flags::check_outputs(
        &[("--report", report.path()), ("--junit", junit.path())],
        &read,
    )?;
    report.check(&read)?;
    junit.check(&read)?;
    let engine = engine.engine()?;
    files.timeout()?;
    let (input_text, output, output_name) = files.read_streamed()?;
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
        junit: junit.into_path(),
        inputs,
        threshold,
        case_timeout,
    };
    let name = files.input().display().to_string();
    let verified = VerifyFiles {
        name: &name,
        input: &input_text,
        output: &output.source(),
        output_name: &output_name,
    };
    let (code, reports, _) = verify_files(&verified, engine, &options, &out)
        .map_err(|e| Error::Verify(VerifyError::at(&name, e)))?;
    if summary {
        let mut coverage = Coverage::default();
        coverage.add_file(&reports);
        outln!("{}", coverage.table().trim_end());
    }
    Ok(code)
}

/// The extensions of Popeye's output beside an input, in the order they are looked for.
const OUTPUT_EXTENSIONS: [&str; 4] = ["out", "ref", "reg", "tst"];

/// What a folder run does besides comparing.
struct FolderRun {
    /// Print the coverage table.
    summary: bool,
    /// What the folder's cases together must have compared.
    threshold: Threshold,
    /// The time budget of each case.
    case_timeout: Option<std::time::Duration>,
    /// Write a JUnit suite per input file here.
    junit: Option<PathBuf>,
}

/// `popeye verify FOLDER`: every `*.inp` of the folder (not its subfolders), in name order,
/// against Popeye's output beside it (the same name with `.out`, `.ref`, `.reg` or `.tst`).
/// An input without one is named and not verified; an input that does not read is an error
/// named at its file, and the others go on. Exit 1 if a case differs (a difference found wins,
/// as with one file), else 2 if a file or a case was in error or none could be verified, else
/// 1 if the folder's cases together compared fewer than the threshold, else 0.
fn verify_folder(
    folder: &Path,
    engine: &dyn SearchEngine,
    options: &Options,
    run: &FolderRun,
) -> Result<i32, Error> {
    let entries = std::fs::read_dir(folder)
        .map_err(|e| Error::System(format!("{}: {e}", folder.display())))?;
    let mut inputs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x.eq_ignore_ascii_case("inp")))
        .collect();
    inputs.sort();
    if inputs.is_empty() {
        return Err(Error::Usage(format!(
            "no Popeye input (*.inp) in {}",
            folder.display()
        )));
    }
    let mut coverage = Coverage::default();
    let mut suites = Vec::new();
    let (mut differ, mut errors, mut without_output) = (false, 0usize, Vec::new());
    // Each file is held to nothing: the folder's cases together are held to the threshold.
    let each = VerifyOutput {
        threshold: Threshold::Cases(0),
        case_timeout: run.case_timeout,
        ..VerifyOutput::default()
    };
    for input in &inputs {
        let name = input.display().to_string();
        let Some(output) = OUTPUT_EXTENSIONS
            .iter()
            .map(|x| input.with_extension(x))
            .find(|p| p.is_file())
        else {
            outln!("{name}: not verified: no Popeye output beside it (.out, .ref, .reg, .tst)");
            without_output.push(name);
            continue;
        };
        outln!("== {name} (Popeye's output: {})", output.display());
        let texts = read_popeye_text(input).and_then(|i| Ok((i, popeye_output_file(&output)?)));
        let verified = texts.and_then(|(input_text, output_source)| {
            let files = VerifyFiles {
                name: &name,
                input: &input_text,
                output: &output_source,
                output_name: &output.display().to_string(),
            };
            verify_files(&files, engine, options, &each)
                .map_err(|e| Error::Verify(VerifyError::at(&name, e)))
        });
        match verified {
            Ok((code, reports, cases)) => {
                differ |= code == 1;
                coverage.add_file(&reports);
                suites.push(crate::report::verify::junit_suite(&name, &cases));
            }
            Err(e) => {
                eprintln!("error: {}", crate::limits::error_line(&e.to_string()));
                outln!("{name}: error (see standard error), not verified");
                errors += 1;
            }
        }
    }
    let skipped = coverage.skipped();
    outln!(
        "{}: {} input(s), {} verified, {errors} in error, {} without an output; {} agree, {} \
         differ, {skipped} skipped, {} input error(s)",
        folder.display(),
        inputs.len(),
        coverage.files,
        without_output.len(),
        coverage.agree,
        coverage.differ,
        coverage.errors
    );
    if run.summary {
        outln!("{}", coverage.table().trim_end());
    }
    let mut unwritten = false;
    if let Some(path) = &run.junit {
        let xml = crate::report::junit::to_xml(&suites);
        if let Err(e) = crate::report::target::write_file("--junit", path, xml.as_bytes(), &[]) {
            eprintln!("error: {e}");
            unwritten = true;
        }
    }
    if coverage.files == 0 && errors == 0 {
        return Err(Error::Usage(format!(
            "no input in {} has Popeye's output beside it (.out, .ref, .reg, .tst): nothing \
             was verified",
            folder.display()
        )));
    }
    let counts = verify::Counts {
        agree: coverage.agree,
        differ: coverage.differ,
        skipped,
        errors: coverage.errors,
    };
    let shortfall = run.threshold.shortfall(&counts);
    if let Some(why) = &shortfall {
        outln!("{}: FAILED: {why}", folder.display());
    }
    Ok(if differ {
        1
    } else if errors > 0 || coverage.errors > 0 || unwritten {
        2
    } else if shortfall.is_some() {
        1
    } else {
        0
    })
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
    /// Write the JUnit file here.
    pub junit: Option<PathBuf>,
    /// The files the command reads (the input, Popeye's output), which the report may not
    /// replace.
    pub inputs: Vec<PathBuf>,
    /// What the run must have compared to pass.
    pub threshold: Threshold,
    /// The time budget of each case.
    pub case_timeout: Option<std::time::Duration>,
}

/// `feerie popeye verify`: prints one line per problem or twin (agree, DIFFER with the
/// solutions on each side, skipped with the reason) and a summary; exit 1 on a difference or
/// when nothing was compared, 2 on an input error.
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
        output: &OutputSource::Text(output),
        output_name: "",
    };
    let out = VerifyOutput {
        problem,
        ..Default::default()
    };
    verify_files(&files, engine, options, &out).map(|(code, _, _)| code)
}

/// The texts a verification compares, with their names.
struct VerifyFiles<'a> {
    /// The input's name, as the summary line starts.
    name: &'a str,
    /// The Popeye input.
    input: &'a str,
    /// Popeye's output.
    output: &'a OutputSource<'a>,
    /// Where Popeye's output came from.
    output_name: &'a str,
}

/// [`verify_file`] with `out`'s selection, JSON, report and JUnit file: each case printed (and
/// under JSON lines written as a line) as soon as it is compared, then the summary, the
/// document, the report and the JUnit file; the exit code, the cases and their JSON.
fn verify_files(
    files: &VerifyFiles,
    engine: &dyn SearchEngine,
    options: &Options,
    out: &VerifyOutput,
) -> Result<(i32, Vec<verify::CaseReport>, Vec<VerifyCaseJson>), VerifyError> {
    let started = std::time::Instant::now();
    let selection = verify::Selection {
        problem: out.problem,
        shard: out.shard,
        case_timeout: out.case_timeout,
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
    let counts = verify::counts(&reports);
    outln!(
        "{}: {} agree, {} differ, {} skipped, {} input error(s)",
        files.name,
        counts.agree,
        counts.differ,
        counts.skipped,
        counts.errors
    );
    let shortfall = out.threshold.shortfall(&counts);
    if counts.compared() == 0 && counts.cases() > 0 && shortfall.is_none() {
        eprintln!(
            "note: {}: nothing was compared (every case was skipped or in error): nothing of \
             Popeye's output was checked",
            files.name
        );
    }
    if let Some(why) = &shortfall {
        outln!("{}: FAILED: {why}", files.name);
    }
    // A difference found wins; then an input error (bad input); then too few compared.
    let mut code = if counts.differ > 0 {
        1
    } else if counts.errors > 0 {
        2
    } else if shortfall.is_some() {
        1
    } else {
        0
    };
    let inputs: Vec<&Path> = out.inputs.iter().map(PathBuf::as_path).collect();
    if let Some(path) = &out.junit {
        let suite = crate::report::verify::junit_suite(files.name, &cases);
        let xml = crate::report::junit::to_xml(&[suite]);
        if let Err(e) = crate::report::target::write_file("--junit", path, xml.as_bytes(), &inputs)
        {
            // Said at once; a failure found still wins.
            eprintln!("error: {e}");
            if code == 0 {
                code = 2;
            }
        }
    }
    if out.json || out.report.is_some() {
        let counts = VerifyCounts::of(&cases);
        let mut document = VerifyDocument {
            command: "popeye verify".into(),
            schema: crate::report::json::SCHEMA_VERSION,
            version: env!("CARGO_PKG_VERSION").into(),
            verdict: crate::report::verify::verdict(code).into(),
            exit_code: code,
            shortfall,
            engine: engine.name().into(),
            input: files.name.into(),
            output: files.output_name.into(),
            input_fingerprint: format!("{:016x}", crate::shard::fingerprint(files.input)),
            problem: out.problem,
            shard: out.shard.to_string(),
            merged: Vec::new(),
            counts,
            cases: cases.clone(),
            seconds: started.elapsed().as_secs_f64(),
        };
        if let Some(path) = &out.report {
            let html = crate::report::html::verify_report(&document);
            if let Err(e) = crate::report::html::write(path, &html, &inputs) {
                // Said at once; a difference found still wins (exit 1).
                eprintln!("error: {}", crate::limits::error_line(&e.to_string()));
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
    Ok((code, reports, cases))
}

/// The text line (and lines) of one compared case.
fn print_case(r: &verify::CaseReport) {
    let stip = r.stipulation.map(|s| format!(" {s}")).unwrap_or_default();
    match &r.outcome {
        Outcome::Agree(n) => outln!("{}{stip}: agree ({n} solution(s))", r.name),
        Outcome::Skipped(why) => outln!("{}{stip}: skipped: {}", r.name, one_line(why)),
        Outcome::InputError(why) => outln!("{}{stip}: input error: {why}", r.name),
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
