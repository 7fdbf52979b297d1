//! feerie-mutants: measures what a CI judge catches in a C solver. It enumerates mutants of the
//! given source files mechanically, draws a sample by a seed, builds each mutant incrementally in
//! a copy of the source outside the repository, checks it is not trivially broken, runs the
//! judge's stages within a budget (and, if asked, Popeye's own example files), and writes the
//! kill table in Markdown and JSON.

mod enumerate;
mod judge;
mod lexer;
mod process;
mod sample;
mod table;
mod tree;

use clap::Parser;
use enumerate::{Mutant, enumerate};
use judge::{Examples, Outcome, Stage, TrivialCheck, run_stages};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use table::{Row, Table};
use tree::{Build, Patched, WorkTree};

const DEFAULT_STAGES: [&str; 3] = [
    "compare=target/release/feerie popeye compare --py {py} --scenarios scenarios/",
    "fuzz=target/release/feerie popeye fuzz --py {py} --fuzz 40 --seed 20261123 --reproducers {tmp} --quiet",
    "fuzz-solve=target/release/feerie popeye fuzz-solve --py {py} --fuzz 20 --seed 20261123 --quiet",
];

/// Mutation testing of a C solver against a judge; see the book's CI chapter.
#[derive(Parser, Debug)]
#[command(name = "feerie-mutants", version)]
struct Args {
    /// The solver's source: a tar archive with one top folder, or a folder (copied, never
    /// changed).
    #[arg(long, default_value = "../shared/tools/popeye/popeye-122c7d0.tar.gz")]
    source: PathBuf,
    /// A file naming the source files to mutate, one path (relative to the source's top) a line;
    /// `#` starts a comment.
    #[arg(long)]
    files: Option<PathBuf>,
    /// A source file to mutate (repeatable; added to --files).
    #[arg(long = "file")]
    file: Vec<String>,
    /// The seed that draws the sample: the same seed over the same files draws the same mutants.
    #[arg(long, required_unless_present = "retable")]
    seed: Option<u64>,
    /// How many mutants to draw (all when larger than the enumeration).
    #[arg(long, required_unless_present = "retable")]
    sample: Option<usize>,
    /// The build command, run at the source's top.
    #[arg(long, default_value = "make -f makefile.unx")]
    build: String,
    /// The binary the build makes, relative to the source's top.
    #[arg(long, default_value = "py")]
    binary: String,
    /// Where the source is unpacked and built (outside the repository's tracked files).
    #[arg(long, default_value = "target/mutants")]
    work: PathBuf,
    /// A judge stage, NAME=COMMAND, in order (repeatable; replaces the default stages). `{py}`
    /// is the mutant binary, `{tmp}` a fresh empty folder. Exit 1 kills, 0 passes, anything else
    /// is an error.
    #[arg(long = "stage")]
    stages: Vec<String>,
    /// Seconds the stages share per mutant.
    #[arg(long, default_value_t = 180)]
    budget: u64,
    /// The triviality check: a command on a tiny problem whose output must equal the pristine
    /// binary's ("none" to skip it).
    #[arg(
        long,
        default_value = "{py} -maxmem 256M -regression ci/mutants/trivial.inp"
    )]
    trivial: String,
    /// Seconds the triviality check may take.
    #[arg(long, default_value_t = 10)]
    trivial_timeout: u64,
    /// A file listing example inputs (relative to the source's top) to judge with as well,
    /// compared with their expected outputs in REGRESSIONTESTS/.
    #[arg(long)]
    examples: Option<PathBuf>,
    /// How an example is solved (the input's path is appended; run in an empty folder).
    #[arg(long, default_value = "{py} -maxmem 1G -regression -maxtrace 0")]
    examples_command: String,
    /// Seconds the example files share per mutant.
    #[arg(long, default_value_t = 180)]
    examples_budget: u64,
    /// A file of proved equivalences: `MUTANT-ID reason…` a line; those mutants are not run.
    #[arg(long)]
    equivalent: Option<PathBuf>,
    /// Statements that start with a call whose name begins with one of these (comma-separated)
    /// give no mutants: macros that compile to nothing in the build under test.
    #[arg(long, default_value = "Trace,assert", value_delimiter = ',')]
    skip_calls: Vec<String>,
    /// The table's path without extension: PREFIX.md and PREFIX.json (never overwritten).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print the sample's ids (and the enumeration's size) and stop.
    #[arg(long)]
    list: bool,
    /// Re-render the table of an earlier run (its JSON) with --equivalent and --unmodelled
    /// applied, into --out; nothing is built or run.
    #[arg(long)]
    retable: Option<PathBuf>,
    /// With --retable: a file of `MUTANT-ID reason…` lines naming mutants in code the judge does
    /// not model (left out of the modelled totals).
    #[arg(long)]
    unmodelled: Option<PathBuf>,
    /// Seconds one build may take.
    #[arg(long, default_value_t = 900)]
    build_timeout: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("feerie-mutants: {message}");
            ExitCode::from(2)
        }
    }
}

/// The files to mutate: --files then --file, in that order.
fn file_list(args: &Args) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    if let Some(list) = &args.files {
        let text = fs::read_to_string(list).map_err(|e| format!("{}: {e}", list.display()))?;
        files.extend(read_list(&text));
    }
    files.extend(args.file.iter().cloned());
    if files.is_empty() {
        return Err("no source file to mutate (--files or --file)".into());
    }
    Ok(files)
}

/// The entries of a list file: one a line, blank lines and `#` comments skipped.
fn read_list(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

fn read_equivalences(path: &Path) -> Result<HashMap<String, String>, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut map = HashMap::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        match line.split_once(char::is_whitespace) {
            Some((id, reason)) if !reason.trim().is_empty() => {
                map.insert(id.to_string(), reason.trim().to_string());
            }
            _ => {
                return Err(format!(
                    "{}: {line:?}: expected MUTANT-ID and a reason",
                    path.display()
                ));
            }
        }
    }
    Ok(map)
}

/// Re-renders an earlier table with the marks of --equivalent and --unmodelled.
fn retable(args: &Args, from: &Path) -> Result<ExitCode, String> {
    let prefix = args.out.as_ref().ok_or("--retable needs --out PREFIX")?;
    let (md, json) = table::outputs(prefix)?;
    let mut t = table::read(from)?;
    let marks = |p: &Option<PathBuf>| {
        p.as_ref()
            .map_or(Ok(HashMap::new()), |p| read_equivalences(p))
    };
    for id in table::annotate(&mut t, &marks(&args.equivalent)?, &marks(&args.unmodelled)?) {
        eprintln!(
            "feerie-mutants: no row for {id} in {}: its mark is not used",
            from.display()
        );
    }
    table::write_atomically(&md, &t.markdown())?;
    table::write_atomically(&json, &t.json())?;
    eprintln!(
        "feerie-mutants: table in {} and {}",
        md.display(),
        json.display()
    );
    Ok(ExitCode::SUCCESS)
}

fn run(args: Args) -> Result<ExitCode, String> {
    if let Some(from) = &args.retable {
        return retable(&args, from);
    }
    let (Some(seed), Some(sample_size)) = (args.seed, args.sample) else {
        return Err("--seed and --sample are required".into());
    };
    let files = file_list(&args)?;
    let stages = if args.stages.is_empty() {
        DEFAULT_STAGES.iter().map(|s| s.to_string()).collect()
    } else {
        args.stages.clone()
    };
    let stages = stages
        .iter()
        .map(|s| Stage::parse(s))
        .collect::<Result<Vec<_>, _>>()?;
    let outputs = match &args.out {
        Some(prefix) => Some(table::outputs(prefix)?),
        None if args.list => None,
        None => return Err("--out PREFIX is required to run (or --list to only list)".into()),
    };
    let equivalences = match &args.equivalent {
        Some(p) => read_equivalences(p)?,
        None => HashMap::new(),
    };
    let examples_list = match &args.examples {
        Some(p) => read_list(&fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?),
        None => Vec::new(),
    };
    let root = tree::prepare(&args.source, &args.work, &files)?;
    let mut pristine_texts = HashMap::new();
    let mut all: Vec<Mutant> = Vec::new();
    for f in &files {
        let text = fs::read_to_string(root.join(f)).map_err(|e| format!("{f}: {e}"))?;
        all.extend(enumerate(f, &text, &args.skip_calls));
        pristine_texts.insert(f.clone(), text);
    }
    let drawn: Vec<Mutant> = sample::draw(all.len(), sample_size, seed)
        .into_iter()
        .map(|i| all[i].clone())
        .collect();
    if args.list {
        println!(
            "{} mutants enumerated in {} files; {} drawn with seed {}",
            all.len(),
            files.len(),
            drawn.len(),
            seed
        );
        for m in &drawn {
            let (before, after) = m.diff_lines(&pristine_texts[&m.file]);
            println!("{}\t{before}\t{after}", m.id());
        }
        return Ok(ExitCode::SUCCESS);
    }
    let (md_path, json_path) = outputs.expect("an output prefix when running");
    process::catch_interrupts();
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    let work = WorkTree {
        root: root.clone(),
        build: args.build.clone(),
        build_limit: Duration::from_secs(args.build_timeout),
    };
    eprintln!(
        "feerie-mutants: {} mutants enumerated, {} drawn (seed {}); pristine build in {}",
        all.len(),
        drawn.len(),
        seed,
        root.display()
    );
    match work.build() {
        Build::Built { seconds } => eprintln!("feerie-mutants: pristine build in {seconds:.0} s"),
        Build::Failed { message, .. } => {
            return Err(format!("the pristine source does not build: {message}"));
        }
        Build::Interrupted => return Ok(ExitCode::from(130)),
    }
    let work_dir = fs::canonicalize(&args.work).map_err(|e| e.to_string())?;
    let pristine_bin = work_dir.join(format!("pristine-{}", args.binary.replace('/', "_")));
    let mutant_bin = work_dir.join(format!("mutant-{}", args.binary.replace('/', "_")));
    fs::copy(root.join(&args.binary), &pristine_bin)
        .map_err(|e| format!("no binary {} after the build: {e}", args.binary))?;
    let objects: HashMap<String, Vec<u8>> = files
        .iter()
        .filter_map(|f| {
            fs::read(root.join(object_of(f)))
                .ok()
                .map(|b| (f.clone(), b))
        })
        .collect();
    let trivial = if args.trivial == "none" {
        None
    } else {
        Some(TrivialCheck::record(
            &args.trivial,
            &pristine_bin,
            &cwd,
            Duration::from_secs(args.trivial_timeout),
        )?)
    };
    // A judge that fails the pristine binary would "kill" every mutant: it must pass first.
    match run_stages(
        &stages,
        &pristine_bin,
        &cwd,
        Duration::from_secs(args.budget),
    ) {
        Outcome::Survived {
            budget_spent_in: None,
            seconds,
        } => eprintln!("feerie-mutants: the pristine binary passes the stages in {seconds:.0} s"),
        Outcome::Interrupted => return Ok(ExitCode::from(130)),
        other => {
            return Err(format!(
                "the stages do not pass on the pristine binary: {}",
                table::describe(&other)
            ));
        }
    }
    let mut examples = (!examples_list.is_empty()).then(|| Examples {
        source_root: root.clone(),
        inputs: examples_list,
        command: args.examples_command.clone(),
    });
    let example_seconds: Vec<f64> = match examples.as_mut() {
        Some(ex) => {
            let kept = ex.calibrate(&pristine_bin, Duration::from_secs(args.examples_budget));
            eprintln!(
                "feerie-mutants: {} example files pass on the pristine binary in {:.0} s",
                kept.len(),
                kept.iter().map(|k| k.1).sum::<f64>()
            );
            if kept.is_empty() {
                return Err("no example file passes on the pristine binary".into());
            }
            kept.iter().map(|k| k.1).collect()
        }
        None => Vec::new(),
    };
    let mut table = Table {
        source: args.source.display().to_string(),
        files: files.clone(),
        seed,
        enumerated: all.len(),
        sample_size: drawn.len(),
        budget_seconds: args.budget,
        stages: stages
            .iter()
            .map(|s| format!("{} (`{}`)", s.name, s.command))
            .collect(),
        examples: examples.as_ref().map_or(Vec::new(), |e| e.inputs.clone()),
        rows: Vec::new(),
    };
    let ctx = Context {
        work: &work,
        trivial: trivial.as_ref(),
        stages: &stages,
        examples: examples.as_ref(),
        example_seconds: &example_seconds,
        objects: &objects,
        mutant_bin: &mutant_bin,
        binary: &args.binary,
        cwd: &cwd,
        budget: Duration::from_secs(args.budget),
        examples_budget: Duration::from_secs(args.examples_budget),
    };
    for (k, m) in drawn.iter().enumerate() {
        if process::interrupted() {
            break;
        }
        let text = &pristine_texts[&m.file];
        let (before, after) = m.diff_lines(text);
        eprintln!("[{}/{}] {}", k + 1, drawn.len(), m.id());
        let (build_seconds, stages_outcome, examples_outcome) = match equivalences.get(&m.id()) {
            Some(reason) => (
                None,
                Outcome::Equivalent {
                    reason: reason.clone(),
                },
                None,
            ),
            None => judge_one(&ctx, m, text)?,
        };
        let examples_outcome =
            examples_outcome.or_else(|| examples.as_ref().map(|_| stages_outcome.clone()));
        eprintln!(
            "[{}/{}]   stages: {}{}",
            k + 1,
            drawn.len(),
            table::describe(&stages_outcome),
            examples_outcome.as_ref().map_or(String::new(), |o| format!(
                "; examples: {}",
                table::describe(o)
            ))
        );
        table.rows.push(Row {
            id: m.id(),
            kind: m.kind.name().into(),
            before,
            after,
            build_seconds,
            stages: stages_outcome,
            examples: examples_outcome,
            unmodelled: None,
            measured: None,
        });
        table::write_atomically(&md_path, &table.markdown())?;
        table::write_atomically(&json_path, &table.json())?;
    }
    eprintln!("feerie-mutants: rebuilding the pristine binary");
    if let Build::Failed { message, .. } = work.rebuild_pristine() {
        eprintln!("feerie-mutants: the pristine rebuild failed: {message}");
    }
    table::write_atomically(&md_path, &table.markdown())?;
    table::write_atomically(&json_path, &table.json())?;
    eprintln!(
        "feerie-mutants: table in {} and {}",
        md_path.display(),
        json_path.display()
    );
    Ok(if process::interrupted() {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    })
}

struct Context<'a> {
    work: &'a WorkTree,
    trivial: Option<&'a TrivialCheck>,
    stages: &'a [Stage],
    examples: Option<&'a Examples>,
    example_seconds: &'a [f64],
    objects: &'a HashMap<String, Vec<u8>>,
    mutant_bin: &'a Path,
    binary: &'a str,
    cwd: &'a Path,
    budget: Duration,
    examples_budget: Duration,
}

/// The object file a source file compiles to (`x.c` → `x.o`).
fn object_of(file: &str) -> String {
    match file.rsplit_once('.') {
        Some((stem, _)) => format!("{stem}.o"),
        None => format!("{file}.o"),
    }
}

/// Builds one mutant and judges it; the pristine text is written back when this returns.
fn judge_one(
    ctx: &Context,
    m: &Mutant,
    text: &str,
) -> Result<(Option<f64>, Outcome, Option<Outcome>), String> {
    let path = ctx.work.root.join(&m.file);
    let _patched = Patched::apply(&path, text, &m.apply(text))?;
    let seconds = match ctx.work.build() {
        Build::Built { seconds } => seconds,
        Build::Failed { seconds, message } => {
            return Ok((Some(seconds), Outcome::NoCompile { message }, None));
        }
        Build::Interrupted => return Ok((None, Outcome::Interrupted, None)),
    };
    if let (Some(pristine), Ok(now)) = (
        ctx.objects.get(&m.file),
        fs::read(ctx.work.root.join(object_of(&m.file))),
    ) && *pristine == now
    {
        let reason = "the compiled object is byte for byte the pristine one".to_string();
        return Ok((Some(seconds), Outcome::Equivalent { reason }, None));
    }
    fs::copy(ctx.work.root.join(ctx.binary), ctx.mutant_bin)
        .map_err(|e| format!("no binary after the build: {e}"))?;
    if let Some(check) = ctx.trivial {
        match check.check(ctx.mutant_bin, ctx.cwd) {
            Ok(None) => {}
            Ok(Some(reason)) => return Ok((Some(seconds), Outcome::Trivial { reason }, None)),
            Err(outcome) => return Ok((Some(seconds), outcome, None)),
        }
    }
    let stages = run_stages(ctx.stages, ctx.mutant_bin, ctx.cwd, ctx.budget);
    let examples = match (ctx.examples, &stages) {
        (_, Outcome::Interrupted) => None,
        (Some(ex), _) => Some(ex.judge(ctx.mutant_bin, ctx.examples_budget, ctx.example_seconds)),
        (None, _) => None,
    };
    Ok((Some(seconds), stages, examples))
}
