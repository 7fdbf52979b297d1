//! `feerie popeye compare`: the cases (one position, or the scenarios of a file or folder) judged
//! by [`crate::verify::compare`], each verdict printed as it comes, then the table; the exit code
//! says whether any case differs.

use std::path::{Path, PathBuf};

use clap::{Arg, Args};
use feerie_oracle::{Engine, Position, Profile, ReferenceEngine, Rules, popeye_move};

use crate::commands::flags::{FormatArgs, JunitArgs, PopeyeBinaryArgs, ReportArgs, ShardArgs};
use crate::commands::flags::{TimeoutArgs, format_help, report_help};
use crate::commands::position::PositionArgs;
use crate::error::Error;
use crate::scenario::mirror::{Mirror, mirror_position};
use crate::verify::compare::{Case, CompareOptions, Tally, Verdict, judge, with_profile};

/// The flags of `feerie popeye compare`.
#[derive(Args, Debug)]
#[command(mut_args(own_help))]
pub struct CompareArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// A scenario file or a folder of them, instead of --fen/--popeye.
    /// Each scenario gives its own position and rules: only --profile applies beside it.
    #[arg(long, conflicts_with_all = ["fen", "popeye", "rules", "set", "reserve", "lenient", "strict"])]
    scenarios: Option<PathBuf>,
    #[command(flatten)]
    py: PopeyeBinaryArgs,
    /// Also compare the number of sequences of 2 or 3 half-moves.
    #[arg(long)]
    depth: Option<u32>,
    #[command(flatten)]
    timeout: TimeoutArgs,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    report: ReportArgs,
    #[command(flatten)]
    junit: JunitArgs,
    /// Print the rule-event coverage of the positions compared (event x condition: how often
    /// each rule event happens among their moves, and the events never reached).
    #[arg(long)]
    coverage: bool,
}

/// What `popeye compare` says of the shared flags it takes, instead of their shared help.
fn own_help(arg: Arg) -> Arg {
    match arg.get_id().as_str() {
        "shard" => arg.help(
            "With --scenarios, only shard K of N (from 1): the scenarios, in path order, are \
             split so that N runs with the same seed and flags check together exactly what one \
             run checks",
        ),
        "format" => arg.help(format_help(
            "with --scenarios one JSON line per case as it is judged, then the \
                         document on one line",
        )),
        "report" => arg.help(report_help("diagrams of every difference")),
        "junit" => arg.help(
            "Also write the cases as JUnit XML to this file (a real difference, a failure or a \
             refusal of our input fails its case)",
        ),
        _ => arg,
    }
}

/// `feerie popeye compare`: the flags checked, then one position or every scenario compared by
/// [`compare_command`].
pub fn run(args: CompareArgs) -> Result<i32, Error> {
    let CompareArgs {
        position,
        scenarios,
        py,
        depth,
        timeout,
        shard,
        format,
        report,
        junit,
        coverage,
    } = args;
    let json = format.start();
    // The files read, which neither the report nor the JUnit file may replace.
    let mut inputs: Vec<PathBuf> = position
        .popeye_path()
        .map(Path::to_path_buf)
        .into_iter()
        .collect();
    if let Some(dir) = &scenarios {
        inputs.extend(crate::scenario::files_under(dir));
    }
    inputs.extend(py.as_input());
    let read: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    crate::commands::flags::check_outputs(
        &[("--report", report.path()), ("--junit", junit.path())],
        &read,
    )?;
    report.check(&read)?;
    junit.check(&read)?;
    let shard = shard.shard();
    if !shard.is_whole() && scenarios.is_none() {
        return Err(Error::Usage(
            "--shard splits a folder of scenarios: it goes with --scenarios".into(),
        ));
    }
    let output = crate::report::compare::Output {
        json,
        report: report.into_path(),
        junit: junit.into_path(),
        inputs,
    };
    let timeout = timeout.duration()?;
    let binary = py.binary()?;
    if let Some(d) = depth
        && !(2..=3).contains(&d)
    {
        return Err(Error::Usage(format!(
            "--depth {d}: Popeye perft is compared at depth 2 or 3"
        )));
    }
    let options = CompareOptions {
        binary,
        timeout,
        depth,
        engine: position.engine()?,
    };
    let target = match scenarios {
        None => {
            let (p, r, _) = position.load()?;
            Target::Position(Box::new((p, r)))
        }
        Some(path) => Target::Scenarios(path, position.profile_given()?),
    };
    let compared = match (&target, coverage) {
        (_, false) => None,
        (Target::Position(given), true) => Some(vec![Case {
            name: String::new(),
            position: given.0.clone(),
            rules: given.1.clone(),
        }]),
        (Target::Scenarios(path, profile), true) => {
            Some(shard.pick(scenario_cases(path, options.engine, *profile)?))
        }
    };
    let code = compare_command(target, &options, shard, &output)?;
    if let Some(cases) = compared {
        let tally = cases_coverage(&cases);
        for line in crate::report::coverage::table(
            "popeye compare",
            &tally,
            crate::harness::events::Scope::PopeyeInput,
        ) {
            crate::outln!("{line}");
        }
    }
    Ok(code)
}

/// The scenarios of a file or folder as cases: each at its position after `play` (played under
/// its own rules), compared under its own rules, or under `profile` when given.
pub fn scenario_cases(
    path: &Path,
    engine: &dyn Engine,
    profile: Option<Profile>,
) -> Result<Vec<Case>, Error> {
    Ok(scenario_files_and_cases(path, engine, profile)?
        .into_iter()
        .map(|(_, case)| case)
        .collect())
}

/// [`scenario_cases`], each case with the scenario file it comes from.
pub fn scenario_files_and_cases(
    path: &Path,
    engine: &dyn Engine,
    profile: Option<Profile>,
) -> Result<Vec<(PathBuf, Case)>, Error> {
    let loaded = if path.is_dir() {
        crate::scenario::load_dir(path)?
    } else {
        vec![crate::scenario::load_file(path)]
    };
    let mut cases = Vec::new();
    for item in loaded {
        let s = item?;
        let rules = s.base_rules()?;
        let mut p = s.position()?;
        for text in &s.play {
            let legal = engine
                .legal_moves(&p, &rules)
                .map_err(|e| Error::at(&s.file, e))?;
            let mv = popeye_move::resolve(text, &legal).map_err(|e| Error::at(&s.file, e))?;
            p = engine
                .play(&p, &rules, &mv)
                .map_err(|e| Error::at(&s.file, e))?;
        }
        let rules = match profile {
            Some(profile) => with_profile(&rules, profile),
            None => rules,
        };
        let name = format!("{} ({})", s.file, s.name);
        let file = PathBuf::from(&s.file);
        // Each scenario's position also in its mirrors (crate::scenario::mirror).
        let mirrors: Vec<Case> = (Mirror::ALL.into_iter())
            .filter_map(|mirror| {
                Some(Case {
                    name: format!("{name} [{}]", mirror.label()),
                    position: mirror_position(mirror, &p, &rules)?,
                    rules: rules.clone(),
                })
            })
            .collect();
        cases.push((
            file.clone(),
            Case {
                name,
                position: p,
                rules,
            },
        ));
        cases.extend(mirrors.into_iter().map(|case| (file.clone(), case)));
    }
    Ok(cases)
}

/// The rule events of the cases' moves (each position's moves, by the reference engine).
pub fn cases_coverage(cases: &[Case]) -> crate::harness::events::Coverage {
    let mut coverage = crate::harness::events::Coverage::default();
    for case in cases {
        if let Ok(moves) = ReferenceEngine.successors(&case.position, &case.rules) {
            for (mv, after) in &moves {
                coverage.record(&case.rules, &case.position, mv, after);
            }
        }
    }
    coverage
}

/// What `feerie popeye compare` compares: one position under its rules, or the scenarios of a
/// file or folder (under their own rules, or under a profile).
pub enum Target {
    /// One position (boxed: a position and its rules are large beside a path).
    Position(Box<(Position, Rules)>),
    /// The scenarios of a file or folder, under their own rules or this profile.
    Scenarios(PathBuf, Option<Profile>),
}

/// `feerie popeye compare`: prints the verdict of each case and the table, and returns the
/// exit code. One position that Popeye refuses, or that cannot be compared, is an error.
///
/// `shard` keeps only its share of a folder's scenarios; `output` adds the JSON document, the
/// JUnit file and the HTML report when asked.
pub fn compare_command(
    target: Target,
    options: &CompareOptions,
    shard: crate::shard::Shard,
    output: &crate::report::compare::Output,
) -> Result<i32, Error> {
    match target {
        Target::Position(given) => {
            let (position, rules) = *given;
            let case = Case {
                name: "the position".into(),
                position,
                rules,
            };
            let verdict = judge(&case, options);
            match &verdict {
                Verdict::Refused(words) => {
                    return Err(crate::external::ExternalError::Refused(words.clone()).into());
                }
                Verdict::Failed(why) => {
                    return Err(crate::external::ExternalError::Failed(why.clone()).into());
                }
                _ => {}
            }
            if output.wanted() {
                return output
                    .finish(&[(&case, verdict)], options, shard)
                    .map_err(Error::Report);
            }
            print_verdict(&case, &verdict);
            let mut tally = Tally::default();
            tally.add(&verdict);
            print!("{}", tally.table());
            Ok(tally.exit_code())
        }
        Target::Scenarios(path, profile) => {
            let cases = shard.pick(scenario_cases(&path, options.engine, profile)?);
            if output.wanted() {
                let judged = crate::report::compare::judge_all(&cases, options);
                return output
                    .finish(&judged, options, shard)
                    .map_err(Error::Report);
            }
            Ok(judge_and_print(&cases, options).exit_code())
        }
    }
}

/// Compares every case, printing one verdict each as it comes, then the table; returns the
/// tally (its [`Tally::exit_code`] is the command's).
pub fn judge_and_print(cases: &[Case], options: &CompareOptions) -> Tally {
    let mut tally = Tally::default();
    for case in cases {
        let verdict = judge(case, options);
        print_verdict(case, &verdict);
        tally.add(&verdict);
    }
    print!("{}", tally.table());
    tally
}

/// Prints one verdict: a line, then the differences indented.
pub fn print_verdict(case: &Case, verdict: &Verdict) {
    let name = &case.name;
    match verdict {
        Verdict::Agree => println!("agree {name}"),
        Verdict::ProfileDifference { switches, lines } => {
            println!(
                "profile difference {name}: our engine under Popeye's {} agrees",
                switches.join(", ")
            );
            for l in lines {
                println!("  {l}");
            }
        }
        Verdict::Refused(words) => println!("REFUSED by Popeye {name}: {words}"),
        Verdict::Skipped(why) => println!("skipped {name}: {why}"),
        Verdict::Differ { lines, switches } => {
            println!("DIFFER {name} ({})", case.rules);
            if !switches.is_empty() {
                println!(
                    "  (not explained by the switches that are not Popeye's: {})",
                    switches.join(", ")
                );
            }
            for l in lines {
                println!("  {l}");
            }
        }
        Verdict::Failed(why) => println!("FAILED {name}: {why}"),
    }
}
