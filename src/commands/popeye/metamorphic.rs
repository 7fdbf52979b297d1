//! `feerie popeye metamorphic`: Popeye checked against itself on Popeye input files, by the
//! relations of `harness::metamorphic`; each disagreement printed and written as a reproducer,
//! then the table of what each relation reached.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;

use super::read_popeye_text;
use crate::commands::flags::{JobsArgs, PopeyeBinaryArgs, SeedArgs, TimeoutArgs};
use crate::error::Error;
use crate::harness::metamorphic::{
    self as mm, FileReport, Settings, Summary, Verdict, relations_named,
};

/// The flags of `feerie popeye metamorphic`.
#[derive(Args, Debug)]
pub struct MetamorphicArgs {
    /// Popeye input files, or folders searched for `.inp` files.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    #[command(flatten)]
    py: PopeyeBinaryArgs,
    /// Seconds the whole run may take: no Popeye run starts after them, and the problems not
    /// reached are counted as not checked.
    #[arg(long, default_value_t = 600)]
    budget: u64,
    #[command(flatten)]
    timeout: TimeoutArgs,
    #[command(flatten)]
    seed: SeedArgs,
    #[command(flatten)]
    jobs: JobsArgs,
    /// Only this relation (repeatable; default: every one).
    #[arg(long = "relation", value_parser = relation_names())]
    relations: Vec<String>,
    /// Folder where each disagreement is written (both inputs, both outputs, a README),
    /// never over an existing folder.
    #[arg(long, default_value = "corpus/metamorphic")]
    reproducers: PathBuf,
    /// Folder where Popeye's whole answers are kept (made if missing), keyed by the binary's
    /// SHA-256, the table size and the input: a run made again with the same --seed (after
    /// changes to feerie, or after one cut short) takes from it what Popeye has answered
    /// already. An answer cut by Popeye's maxtime or by the deadline is not kept. [default:
    /// none, every run asks Popeye]
    #[arg(long, value_name = "DIR")]
    cache: Option<PathBuf>,
    /// Exit 0 even when no problem was checked.
    #[arg(long)]
    allow_empty: bool,
    /// No progress lines.
    #[arg(long)]
    quiet: bool,
}

/// The `.inp` files of the inputs (folders searched recursively), sorted within each folder.
fn input_files(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let mut found = Vec::new();
            collect(input, &mut found)?;
            if found.is_empty() {
                return Err(Error::Usage(format!(
                    "{}: no .inp file in the folder",
                    input.display()
                )));
            }
            out.extend(found);
        } else if input.is_file() {
            out.push(input.clone());
        } else {
            return Err(Error::Usage(format!(
                "{}: no such file or folder",
                input.display()
            )));
        }
    }
    Ok(out)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Error> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| Error::System(format!("{}: {e}", dir.display())))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect(&path, out)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("inp"))
        {
            out.push(path);
        }
    }
    Ok(())
}

/// Runs `feerie popeye metamorphic`.
pub fn run(args: MetamorphicArgs) -> Result<i32, Error> {
    if args.budget == 0 {
        return Err(Error::Usage("--budget must be at least 1 second".into()));
    }
    let run_timeout = args.timeout.duration()?;
    let jobs = args.jobs.jobs();
    if jobs == 0 {
        return Err(Error::Usage("--jobs must be at least 1".into()));
    }
    let names = (!args.relations.is_empty()).then_some(args.relations.as_slice());
    let relations = relations_named(names).map_err(Error::Usage)?;
    let files = input_files(&args.inputs)?;
    let py = args.py.binary()?;
    let seed = args.seed.seed();
    let cache = match &args.cache {
        Some(dir) => Some(std::sync::Arc::new(
            mm::answer_cache::AnswerCache::open(dir, &py)
                .map_err(|e| Error::Usage(format!("--cache: {e}")))?,
        )),
        None => None,
    };
    let start = Instant::now();
    let settings = Settings {
        py,
        relations,
        seed,
        run_timeout,
        deadline: Some(start + Duration::from_secs(args.budget)),
        cache: cache.clone(),
    };
    let quiet = args.quiet;
    let progress = |line: &str| {
        if !quiet {
            eprintln!("metamorphic: {line}");
        }
    };
    progress(&format!(
        "{} file(s), seed {seed}, budget {} s, {jobs} job(s)",
        files.len(),
        args.budget
    ));
    let texts = files
        .iter()
        .map(|path| read_popeye_text(path))
        .collect::<Result<Vec<String>, Error>>()?;
    // Files are taken in turn by `jobs` workers; the reports are printed in the files' order.
    let inputs: Vec<(&Path, &str)> = (files.iter().map(PathBuf::as_path))
        .zip(texts.iter().map(String::as_str))
        .collect();
    let mut reports: Vec<FileReport> = Vec::with_capacity(files.len());
    mm::run_files(&inputs, &settings, jobs, &|_| {}, &progress, |_, report| {
        reports.push(report);
        true
    });
    for report in &reports {
        print_file(report, &args.reproducers)?;
    }
    let summary = Summary::of(&reports);
    println!();
    print!("{}", summary.table());
    println!(
        "\n{} file(s) ({} not checked at all), {} problem(s): {} checked by at least one \
         relation, {} with a disagreement; {:.1} s",
        summary.files,
        summary.files_in_error,
        summary.problems,
        summary.checked,
        summary.disagreeing,
        start.elapsed().as_secs_f64()
    );
    if let Some(cache) = &cache {
        println!(
            "answers kept in {}: {} taken from it, {} added",
            args.cache.as_deref().unwrap_or(Path::new("")).display(),
            cache.hits(),
            cache.stored()
        );
    }
    // A crash on a file as given is Popeye's fault, as a disagreement is.
    let verdict = if summary.disagreeing > 0 {
        "DISAGREE"
    } else if summary.files_crashed > 0 {
        "POPEYE CRASHED"
    } else if summary.checked == 0 && !args.allow_empty {
        "NOTHING CHECKED"
    } else {
        "ok"
    };
    println!("metamorphic result: {verdict}.");
    Ok(if verdict == "ok" { 0 } else { 1 })
}

/// A file's disagreements, and why it could not be checked when it could not.
fn print_file(report: &FileReport, reproducers: &Path) -> Result<(), Error> {
    let name = report.path.display();
    if let Some(why) = &report.error {
        println!("{name}: not checked: {why}");
    }
    for p in &report.problems {
        for (relation, verdict) in &p.verdicts {
            if let Verdict::Disagree(d) = verdict {
                let folder =
                    mm::write_reproducer(reproducers, &report.path, p.number, *relation, d)
                        .map_err(|e| Error::System(format!("{}: {e}", reproducers.display())))?;
                println!(
                    "{name}: problem {} (line {}): {} DISAGREES: {} ({})",
                    p.number,
                    p.line,
                    relation.name(),
                    d.why,
                    folder.display()
                );
            }
        }
    }
    Ok(())
}

/// The relations' names, as `--relation` accepts and its help lists them.
fn relation_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        crate::harness::metamorphic::RELATIONS
            .iter()
            .map(|r| r.name),
    )
}
