//! `feerie popeye fuzz` and `feerie popeye fuzz-solve`: the campaigns against a Popeye binary
//! (random positions, and random problems), their flags checked and their results printed.

use std::path::PathBuf;

use clap::{Arg, Args};
use feerie_oracle::Engine;

use crate::commands::flags::{EngineArgs, EnginesArgs, JobsArgs, PopeyeBinaryArgs, SeedArgs};
use crate::commands::flags::{ShardArgs, TimeoutArgs};
use crate::error::Error;
use crate::harness::Bucket;
use crate::harness::popeye_campaign as pc;

/// The flags of a campaign against Popeye on how it runs: the deadline of each Popeye run,
/// progress, and the shard.
#[derive(Args, Debug, Clone)]
pub struct CampaignRunFlags {
    #[command(flatten)]
    timeout: TimeoutArgs,
    /// No progress lines.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    shard: ShardArgs,
    /// Print the rule-event coverage of the positions compared (event x condition: how often
    /// each rule event happens among their moves, and the events never reached).
    #[arg(long)]
    coverage: bool,
}

/// The flags of `feerie popeye fuzz`.
#[derive(Args, Debug)]
pub struct FuzzArgs {
    #[command(flatten)]
    py: PopeyeBinaryArgs,
    /// Positions per family.
    #[arg(long, default_value_t = 200)]
    fuzz: u64,
    #[command(flatten)]
    seed: SeedArgs,
    /// Half-moves counted from each position.
    #[arg(long, default_value_t = 2)]
    depth: u32,
    /// Half-moves counted from a position of at most 8 units.
    #[arg(long, default_value_t = 3)]
    small_depth: u32,
    /// Positions asked of Popeye in one run.
    #[arg(long, default_value_t = 25)]
    batch: usize,
    #[command(flatten)]
    jobs: JobsArgs,
    /// Only these families (`circe`, `circe-parrain+frankfurt`, …); repeatable.
    #[arg(long)]
    only: Vec<String>,
    #[command(flatten)]
    engines: EnginesArgs,
    /// Folder where reproducers are written.
    #[arg(long, default_value = "corpus/divergences")]
    reproducers: PathBuf,
    /// Differences followed, shrunk and reported in full at most.
    #[arg(long, default_value_t = 5)]
    max_reports: usize,
    /// Also write Popeye's answers on the positions with a fairy walk to this new file, as
    /// golden records (the layout of ../shared/golden; tests/golden.rs reads corpus/golden/).
    /// An existing file is an error, found before the run.
    #[arg(long, value_name = "FILE.yaml")]
    golden: Option<PathBuf>,
    #[command(flatten)]
    run: CampaignRunFlags,
}

/// The flags of `feerie popeye fuzz-solve`.
#[derive(Args, Debug)]
#[command(mut_args(own_help))]
pub struct FuzzSolveArgs {
    #[command(flatten)]
    py: PopeyeBinaryArgs,
    /// Positions per family.
    #[arg(long, default_value_t = 20)]
    fuzz: u64,
    #[command(flatten)]
    seed: SeedArgs,
    /// Problems asked of Popeye in one run.
    #[arg(long, default_value_t = 20)]
    batch: usize,
    #[command(flatten)]
    jobs: JobsArgs,
    /// Only these families (`circe`, `circe-parrain+frankfurt`, …); repeatable.
    #[arg(long)]
    only: Vec<String>,
    /// Only the problems of this stipulation (`ser-s#2`, `h#2`: one of those listed above,
    /// with and without its option); repeatable.
    #[arg(long)]
    stipulation: Vec<String>,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    run: CampaignRunFlags,
}

/// What `popeye fuzz-solve` says of `--engine`, and its default: the engine that solves, the
/// bitboard engine unless told.
fn own_help(arg: Arg) -> Arg {
    match arg.get_id().as_str() {
        "engine" => arg.help("Which engine solves").default_value("bitboard"),
        _ => arg,
    }
}

/// `--batch` and `--jobs` of a campaign against Popeye, which must be at least 1.
pub(super) fn check_batch(batch: usize, jobs: usize) -> Result<(), Error> {
    if batch == 0 || jobs == 0 {
        return Err(Error::Usage("--batch and --jobs must be at least 1".into()));
    }
    Ok(())
}

/// `feerie popeye fuzz`: the campaign run and printed; exit 0 when all agree, 1 on a
/// difference or a position Popeye refuses.
pub fn run_fuzz(args: FuzzArgs) -> Result<i32, Error> {
    let FuzzArgs {
        py,
        fuzz,
        seed,
        depth,
        small_depth,
        batch,
        jobs,
        only,
        engines,
        reproducers,
        max_reports,
        golden,
        run,
    } = args;
    let binary = py.as_input();
    crate::commands::flags::check_outputs(
        &[("--golden", golden.as_deref())],
        &binary.iter().map(PathBuf::as_path).collect::<Vec<_>>(),
    )?;
    if let Some(path) = &golden
        && path.exists()
    {
        return Err(Error::Usage(format!(
            "--golden {}: the file exists (golden records are never overwritten)",
            path.display()
        )));
    }
    if !(1..=6).contains(&depth) || !(1..=6).contains(&small_depth) {
        return Err(Error::Usage(
            "--depth and --small-depth must be from 1 to 6 (Popeye prints every line)".into(),
        ));
    }
    let jobs = jobs.jobs();
    check_batch(batch, jobs)?;
    let binary = py.binary()?;
    let engines: Vec<&dyn Engine> = engines
        .engines()?
        .into_iter()
        .map(|e| e as &dyn Engine)
        .collect();
    let buckets = popeye_families(&only)?;
    let campaign = pc::PopeyeCampaign {
        buckets,
        count: fuzz,
        first: 0,
        seed: seed.seed(),
        depth,
        small_depth,
        batch,
        jobs,
        reproducers: Some(reproducers),
        max_reports,
        golden,
        progress: !run.quiet,
        shard: run.shard.shard(),
        steer: true,
        stop_at_finding: false,
        deadline: None,
        steer_until: None,
    };
    let runner = crate::external::popeye_batch::PopeyeRunner {
        binary: &binary,
        timeout: run.timeout.duration()?,
    };
    Ok(pc::run_and_print_with(
        &campaign,
        &runner,
        &engines,
        run.coverage,
    )?)
}

/// `feerie popeye fuzz-solve`: the solving campaign run and printed; exit 0 when all agree, 1
/// on a difference, 2 when a batch got no answer.
pub fn run_fuzz_solve(args: FuzzSolveArgs) -> Result<i32, Error> {
    let FuzzSolveArgs {
        py,
        fuzz,
        seed,
        batch,
        jobs,
        only,
        stipulation: stipulations,
        engine,
        run,
    } = args;
    let jobs = jobs.jobs();
    check_batch(batch, jobs)?;
    if let Some(why) = pc::unknown_stipulation(&stipulations) {
        return Err(Error::Usage(why));
    }
    let binary = py.binary()?;
    let seed = seed.seed();
    let campaign = pc::PopeyeSolving {
        buckets: popeye_families(&only)?,
        count: fuzz,
        first: 0,
        seed,
        batch,
        jobs,
        timeout: run.timeout.duration()?,
        progress: !run.quiet,
        shard: run.shard.shard(),
        stipulations,
        deadline: None,
    };
    eprintln!("popeye fuzz-solve: seed {seed}");
    let report = pc::run_popeye_solving(&campaign, &binary, engine.engine()?)?;
    print!("{}", report.render());
    if run.coverage {
        let (problems, _) = pc::solving_problems(&campaign);
        for line in crate::report::coverage::table(
            "popeye fuzz-solve",
            &problems_coverage(&problems),
            crate::harness::events::Scope::PopeyeInput,
        ) {
            println!("{line}");
        }
    }
    Ok(report.exit_code())
}

/// The rule events of the moves of each problem's position (read back from its Popeye input,
/// by the reference engine).
pub(super) fn problems_coverage(
    problems: &[pc::SolvingProblem],
) -> crate::harness::events::Coverage {
    use feerie_oracle::{Profile, ReferenceEngine, Validation, popeye_input};
    let mut coverage = crate::harness::events::Coverage::default();
    for problem in problems {
        let text = format!("{}\n", problem.text);
        let Ok(file) = popeye_input::parse(&text) else {
            continue;
        };
        let Some(Ok((position, _))) =
            (file.problems.first()).map(|p| p.to_position(Profile::Popeye, Validation::Lenient))
        else {
            continue;
        };
        if let Ok(moves) = ReferenceEngine.successors(&position, &problem.rules) {
            for (mv, after) in &moves {
                coverage.record(&problem.rules, &position, mv, after);
            }
        }
    }
    coverage
}

/// The families Popeye can express among `--only` (every one when empty), under the popeye
/// profile.
pub(super) fn popeye_families(only: &[String]) -> Result<Vec<Bucket>, Error> {
    let buckets = pc::popeye_buckets(if only.is_empty() {
        Bucket::all()
    } else {
        let names: Vec<String> = only
            .iter()
            .map(|f| {
                if f.contains('/') {
                    f.clone()
                } else {
                    format!("{f}/popeye")
                }
            })
            .collect();
        Bucket::matching(&names)?
    });
    if buckets.is_empty() {
        return Err(Error::Usage(
            "no family Popeye can express among --only (magic pieces and the documented profile are not Popeye's)"
                .into(),
        ));
    }
    Ok(buckets)
}
