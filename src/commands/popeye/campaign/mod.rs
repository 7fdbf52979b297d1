//! `feerie popeye campaign`: one command for a solver's CI. The scenarios, the fuzzed positions,
//! the fuzzed problems and the given Popeye inputs are compared with the binary in that order,
//! within one time budget; each stage's first finding is printed at once; the JSON document,
//! the HTML report and the JUnit file (a suite per stage) come at the end.
//!
//! The budget is shared by deadlines: each stage must end by a fixed share of the budget
//! counted from the start ([`ENDS_BY`]: the scenarios by 10 %, the fuzzed positions by 55 %,
//! the fuzzed problems by 80 % (by 100 % when no file is verified), the files by 100 %), and
//! starts when the one before ended: what a stage leaves unused goes to the next. Where feerie
//! cannot solve the files' cases, the metamorphic relations are their only check: the stages
//! before them end earlier in proportion ([`ends_by`]), and the relations take those files first.

mod context;
mod reach;
mod rounds;
mod stages;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;

use crate::commands::flags::{EnginesArgs, FormatArgs, JobsArgs, JunitArgs, PopeyeBinaryArgs};
use crate::commands::flags::{ReportArgs, TimeoutArgs};
use crate::error::Error;
use crate::outln;
use crate::report::campaign::{CampaignDocument, StageReport, stage_line, write_outputs};
use crate::verify::verdict::Threshold;
use context::Context;
use stages::VerifyPlan;

/// How many notes and errors of a stage the text prints (the document holds them all).
const MAX_NOTES: usize = 10;

/// The default budget, in seconds: what a solver's CI step can spend.
pub const DEFAULT_BUDGET: u64 = 180;
/// The default seed: fixed, so that a run repeats (the run prints it).
pub const DEFAULT_SEED: u64 = 20261123;

/// The share of the budget by which each stage must end, counted from the campaign's start:
/// scenarios, fuzz, fuzz-solve (with files to verify, and without), verify, and the
/// metamorphic relations over the same files. These are the shares when feerie solves every
/// case of the files; see [`ends_by`].
pub const ENDS_BY: [(&str, f64); 5] = [
    ("scenarios", 0.10),
    ("fuzz", 0.55),
    ("fuzz-solve", 0.80),
    ("verify", 0.90),
    ("metamorphic", 1.0),
];

/// How much earlier than [`ENDS_BY`] the fuzz, fuzz-solve and verify stages end when none of
/// the files' cases is one feerie solves: the relations, the only check of such cases, then
/// have at least half of the budget.
const MOVED_FOR_RELATIONS: [f64; 5] = [0.0, 0.25, 0.35, 0.40, 0.0];

/// The stages' shares when `beyond` (0 to 1) of the verified files' cases are beyond feerie's
/// solving: each share moved earlier in proportion, so that the relations get more time where
/// they are the only check.
///
/// ```
/// use feerie::commands::popeye::campaign::{ENDS_BY, ends_by};
/// assert_eq!(ends_by(0.0), ENDS_BY);
/// assert_eq!(ends_by(1.0)[3], ("verify", 0.5));
/// ```
pub fn ends_by(beyond: f64) -> [(&'static str, f64); 5] {
    let beyond = beyond.clamp(0.0, 1.0);
    let mut out = ENDS_BY;
    for (stage, moved) in out.iter_mut().zip(MOVED_FOR_RELATIONS) {
        stage.1 -= moved * beyond;
    }
    out
}

/// The flags of `feerie popeye campaign`.
#[derive(Args, Debug)]
#[command(mut_args(own_help))]
pub struct CampaignArgs {
    #[command(flatten)]
    py: PopeyeBinaryArgs,
    /// Seconds the whole campaign may take, shared by its stages in order (each must end by a
    /// share of it: scenarios 10 %, fuzz 55 %, fuzz-solve 80 % or 100 % without --verify,
    /// verify 90 %, metamorphic 100 %; what one leaves goes to the next). The more of the
    /// --verify files' cases feerie cannot solve, the earlier fuzz, fuzz-solve and verify end
    /// (at most by 25, 35 and 40 points), for the relations, the only check of those cases
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_BUDGET)]
    budget: u64,
    /// Seed of the fuzzed positions and problems (fixed by default, so that a run repeats)
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Only these families in the fuzz stages (`circe`, `circe-parrain+frankfurt`, …);
    /// repeatable or separated by commas [default: every family Popeye can express]
    #[arg(long, value_delimiter = ',')]
    families: Vec<String>,
    /// Popeye input files the binary and feerie's solver both solve, compared as `popeye
    /// verify` compares them, then checked by the metamorphic relations of `popeye
    /// metamorphic` (the last two stages)
    #[arg(long, value_name = "FILE", num_args = 1..)]
    verify: Vec<PathBuf>,
    /// A scenario file or a folder of them [default: the scenarios/ of feerie's repository]
    #[arg(long)]
    scenarios: Option<PathBuf>,
    /// At most N fuzzed positions per family (0: no fuzz stage) [default: as many as the
    /// time allows]
    #[arg(long, value_name = "N")]
    fuzz: Option<u64>,
    /// At most N fuzzed problem positions per family (0: no fuzz-solve stage) [default: as
    /// many as the time allows]
    #[arg(long, value_name = "N")]
    fuzz_solve: Option<u64>,
    /// Half-moves counted from each fuzzed position (1 to 6)
    #[arg(long, default_value_t = 2)]
    depth: u32,
    /// What the verified files must compare together (agree or differ), as a number of cases
    /// or a share ("90%") [default: 1]
    #[arg(long, value_name = "N|P%")]
    min_compared: Option<Threshold>,
    /// Seconds feerie's solving of one verified problem or twin may take (also bounded by the
    /// stage's time)
    #[arg(long, value_name = "SECS", default_value_t = super::verify::DEFAULT_CASE_TIMEOUT)]
    case_timeout: u64,
    /// Folder where reproducers are written
    #[arg(long, default_value = "corpus/divergences")]
    reproducers: PathBuf,
    #[command(flatten)]
    engines: EnginesArgs,
    #[command(flatten)]
    jobs: JobsArgs,
    #[command(flatten)]
    timeout: TimeoutArgs,
    /// Print the rule-event coverage of what the scenario and fuzz stages compared (event x
    /// condition: how often, and the events never reached) and add it to the JSON document
    #[arg(long)]
    coverage: bool,
    /// Stop at the first finding: the stage that found it ends at its next case or round, and
    /// the later stages are not run (exit 1). For measuring how fast a bug is caught, or for a
    /// quick red in CI; the default runs every stage to its share of the budget.
    #[arg(long)]
    fail_fast: bool,
    /// No progress lines
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    report: ReportArgs,
    #[command(flatten)]
    junit: JunitArgs,
}

/// What `popeye campaign` says of `--engine`, instead of its shared help.
fn own_help(arg: clap::Arg) -> clap::Arg {
    match arg.get_id().as_str() {
        "engine" => arg.help(
            "Only this engine [default: both compare the fuzzed positions; the bitboard engine \
             judges the scenarios and solves the problems]",
        ),
        _ => arg,
    }
}

/// The scenarios of feerie's repository: `scenarios/` beside the `Cargo.toml` of a folder
/// above the running binary (`target/release/feerie`), else of the folder it was built from.
fn default_scenarios() -> Result<PathBuf, Error> {
    let built = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let exe = std::env::current_exe().ok();
    exe.iter()
        .flat_map(|e| e.ancestors())
        .chain(std::iter::once(built.as_path()))
        .find(|dir| dir.join("Cargo.toml").is_file() && dir.join("scenarios").is_dir())
        .map(|dir| dir.join("scenarios"))
        .ok_or_else(|| {
            Error::Usage(
                "no scenarios/ folder found beside feerie's repository: give --scenarios".into(),
            )
        })
}

/// `feerie popeye campaign`: the flags and outputs checked before any work, the stages run in
/// order, the table and the verdict printed, the document and the reports written. Exit 1 on a
/// difference or when a stage compared nothing (or the verified files fewer cases than
/// `--min-compared`), 2 on bad input or when a stage could not run as asked, else 0.
pub fn run(args: CampaignArgs) -> Result<i32, Error> {
    let json = args.format.start();
    if args.budget == 0 {
        return Err(Error::Usage("--budget must be at least 1 second".into()));
    }
    if !(1..=6).contains(&args.depth) {
        return Err(Error::Usage("--depth must be from 1 to 6".into()));
    }
    let jobs = args.jobs.jobs();
    if jobs == 0 {
        return Err(Error::Usage("--jobs must be at least 1".into()));
    }
    let scenarios = match &args.scenarios {
        Some(path) if !path.exists() => {
            return Err(Error::Usage(format!(
                "--scenarios {}: no such file or folder",
                path.display()
            )));
        }
        Some(path) => path.clone(),
        None => default_scenarios()?,
    };
    let mut verify = Vec::new();
    for path in &args.verify {
        if !path.is_file() {
            return Err(Error::Usage(format!(
                "--verify {}: not a file",
                path.display()
            )));
        }
        let text = super::read_popeye_text(path)?;
        // A file that does not read as Popeye's input is bad input, said before any work.
        crate::verify::problems::cases(&text, None, feerie_oracle::Profile::Popeye, &[])
            .map_err(|e| Error::Usage(format!("--verify {}: {e}", path.display())))?;
        verify.push((path.clone(), text));
    }
    // The files read, which no output may replace.
    let mut inputs: Vec<PathBuf> = crate::scenario::files_under(&scenarios);
    inputs.extend(args.verify.iter().cloned());
    inputs.extend(args.py.as_input());
    let read: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    crate::commands::flags::check_outputs(
        &[
            ("--report", args.report.path()),
            ("--junit", args.junit.path()),
        ],
        &read,
    )?;
    args.report.check(&read)?;
    args.junit.check(&read)?;
    let timeout = args.timeout.duration()?;
    let buckets = super::fuzz::popeye_families(&args.families)?;
    let engines = args.engines.engines()?;
    let solver = *engines.last().expect("at least one engine");
    let binary = args.py.binary()?;
    let version = crate::external::popeye_batch::PopeyeRunner {
        binary: &binary,
        timeout,
    }
    .version()
    .map_err(Error::from)?;
    let ctx = Context {
        binary: &binary,
        version,
        timeout,
        seed: args.seed,
        buckets,
        engines,
        solver,
        jobs,
        depth: args.depth,
        reproducers: args.reproducers.clone(),
        progress: !args.quiet,
        fail_fast: args.fail_fast,
        stopped: std::cell::Cell::new(false),
        coverage: args
            .coverage
            .then(|| std::cell::RefCell::new(crate::harness::events::Coverage::default())),
    };
    outln!(
        "popeye campaign: {} ({}), budget {} s, seed {}",
        binary.display(),
        ctx.version,
        args.budget,
        args.seed
    );
    let started = Instant::now();
    let stages = run_stages(&ctx, &args, &scenarios, &verify, started);
    for s in &stages {
        outln!("  {:<11} {}", s.name, stage_line(s));
        // A stage not run says why in its line.
        let notes = if s.ran { s.notes.as_slice() } else { &[] };
        let lines: Vec<&String> = notes.iter().chain(&s.errors).collect();
        for line in lines.iter().take(MAX_NOTES) {
            outln!("      {line}");
        }
        if lines.len() > MAX_NOTES {
            outln!(
                "      … {} more in the JSON document",
                lines.len() - MAX_NOTES
            );
        }
    }
    let coverage = ctx.coverage.as_ref().map(|c| c.borrow().clone());
    if let Some(coverage) = &coverage {
        for line in crate::report::coverage::table(
            "popeye campaign",
            coverage,
            crate::harness::events::Scope::PopeyeInput,
        ) {
            outln!("{line}");
        }
    }
    let (code, failures) = verdict(&stages);
    let mut document = CampaignDocument {
        command: "popeye campaign".into(),
        schema: crate::report::json::SCHEMA_VERSION,
        version: env!("CARGO_PKG_VERSION").into(),
        popeye: binary.display().to_string(),
        popeye_version: ctx.version.clone(),
        seed: args.seed,
        budget_seconds: args.budget,
        families: ctx.buckets.iter().map(|b| b.name.clone()).collect(),
        verdict: if code == 0 { "ok" } else { "failed" }.into(),
        exit_code: code,
        failures,
        seconds: started.elapsed().as_secs_f64(),
        stages,
        coverage: coverage.as_ref().map(|c| {
            crate::report::coverage::CoverageJson::of(c, crate::harness::events::Scope::PopeyeInput)
        }),
    };
    for e in write_outputs(&document, args.junit.path(), args.report.path(), &read) {
        eprintln!("error: {}", crate::limits::error_line(&e.to_string()));
        document.failures.push(e.to_string());
        if document.exit_code == 0 {
            document.exit_code = 2;
            document.verdict = "failed".into();
        }
    }
    outln!(
        "popeye campaign result: {}{} ({:.1} s)",
        if document.exit_code == 0 {
            "ok"
        } else {
            "FAILED"
        },
        if document.failures.is_empty() {
            String::new()
        } else {
            format!(": {}", document.failures.join("; "))
        },
        document.seconds
    );
    if json {
        crate::report::json::print(&document);
    }
    Ok(document.exit_code)
}

/// Runs the stages in order, each until its deadline; returns their reports.
fn run_stages(
    ctx: &Context,
    args: &CampaignArgs,
    scenarios: &Path,
    verify: &[(PathBuf, String)],
    started: Instant,
) -> Vec<StageReport> {
    let budget = Duration::from_secs(args.budget);
    let mut reports = Vec::new();
    let reach = reach::Reach::of(verify);
    let beyond = reach.share();
    let shares = ends_by(beyond);
    if !verify.is_empty() {
        let ends: Vec<String> = shares
            .iter()
            .map(|(name, share)| format!("{name} {:.0} %", share * 100.0))
            .collect();
        ctx.say(&format!(
            "{:.0} % of the verified files' cases are beyond feerie's solving; the stages end \
             by {}",
            beyond * 100.0,
            ends.join(", ")
        ));
    }
    for (name, ends_by) in shares {
        // Without files to verify, the fuzzed problems have the rest of the budget.
        let ends_by = if name == "fuzz-solve" && verify.is_empty() {
            1.0
        } else {
            ends_by
        };
        let deadline = started + budget.mul_f64(ends_by);
        let mut stage = StageReport::new(name, budget.mul_f64(ends_by).as_secs_f64());
        let stage_started = Instant::now();
        ctx.say(&format!(
            "{name}: to end by {:.0} s",
            stage.deadline_seconds
        ));
        match name {
            _ if ctx.stopped() => {
                stage.ran = false;
                stage
                    .notes
                    .push("a finding stopped the campaign (--fail-fast)".into());
            }
            "scenarios" => stages::scenarios(ctx, scenarios, deadline, &mut stage),
            "fuzz" if args.fuzz == Some(0) => not_run(&mut stage, "--fuzz 0"),
            "fuzz" => stages::fuzz(ctx, args.fuzz, deadline, &mut stage),
            "fuzz-solve" if args.fuzz_solve == Some(0) => not_run(&mut stage, "--fuzz-solve 0"),
            "fuzz-solve" => stages::fuzz_solve(ctx, args.fuzz_solve, deadline, &mut stage),
            _ if verify.is_empty() => not_run(&mut stage, "no --verify file"),
            "metamorphic" => stages::metamorphic(ctx, verify, &reach, deadline, &mut stage),
            _ => {
                let plan = VerifyPlan {
                    files: verify,
                    case_timeout: Duration::from_secs(args.case_timeout.max(1)),
                    threshold: args.min_compared.unwrap_or_default(),
                };
                stages::verify_files(ctx, &plan, deadline, &mut stage)
            }
        }
        stage.seconds = stage_started.elapsed().as_secs_f64();
        stage.fail_if_empty();
        ctx.say(&format!("{name}: {}", stage_line(&stage)));
        reports.push(stage);
    }
    reports
}

/// A stage not asked for: it counts neither for nor against the run.
fn not_run(stage: &mut StageReport, why: &str) {
    stage.ran = false;
    stage.notes.push(format!("not asked ({why})"));
}

/// The exit code and why it is not 0: 1 on a finding, else 2 on an error, else 1 when a stage
/// compared too little.
fn verdict(stages: &[StageReport]) -> (i32, Vec<String>) {
    let findings: usize = stages.iter().map(|s| s.findings.len()).sum();
    let mut failures = Vec::new();
    for s in stages {
        if !s.findings.is_empty() {
            failures.push(format!("{}: {} finding(s)", s.name, s.findings.len()));
        }
        if !s.errors.is_empty() {
            failures.push(format!("{}: {} error(s)", s.name, s.errors.len()));
        }
        if let Some(why) = &s.shortfall {
            failures.push(why.clone());
        }
    }
    let errors = stages.iter().any(|s| !s.errors.is_empty());
    let short = stages.iter().any(|s| s.shortfall.is_some());
    let code = if findings > 0 {
        1
    } else if errors {
        2
    } else if short {
        1
    } else {
        0
    };
    (code, failures)
}
