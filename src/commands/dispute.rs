//! `feerie dispute`: one engine under each reading of the rules (each value of a switch, or
//! each profile), the moves compared node by node down to `--depth`, or with `--stipulation`
//! (or `--solve` and `--popeye`) the solutions compared; exit 0 when the readings agree, 1 when
//! they differ, 2 when a case could not be settled.

use std::path::Path;

use clap::{Arg, ArgGroup, Args};
use feerie_oracle::fen;

use super::flags::{FormatArgs, ReportArgs, report_help};
use super::position::PositionArgs;
use crate::dispute;
use crate::dispute::solutions::SolutionDispute;
use crate::error::Error;
use crate::limits::check_depth;
use crate::outln;
use crate::solve::stipulation::Stipulation;

/// Default of `--depth`.
const DEFAULT_DEPTH: u32 = 2;
/// Default of `--limit`.
const DEFAULT_LIMIT: usize = 20;

/// The flags of `feerie dispute`.
#[derive(Args, Debug)]
#[command(
    group(ArgGroup::new("reading").required(true).args(["switch", "profiles"])),
    mut_args(own_help)
)]
pub struct DisputeArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The switch whose values are compared (or give --profiles).
    #[arg(long)]
    switch: Option<String>,
    /// Profiles to compare, separated by commas: documented,popeye (or give --switch).
    #[arg(long)]
    profiles: Option<String>,
    /// Solve this stipulation (`h#2`, `#2`, …) under each reading and compare the solutions
    /// instead of the moves; with --popeye it replaces the file's.
    #[arg(long)]
    stipulation: Option<String>,
    /// With --popeye: solve the file's stipulation (each twin) under each reading and
    /// compare the solutions instead of the moves.
    #[arg(long, requires = "popeye")]
    solve: bool,
    /// Half-moves compared, 1 to 32 [default: 2] (moves only: a solution dispute compares
    /// every solution).
    #[arg(long)]
    depth: Option<u32>,
    /// Differing nodes listed per reading at most [default: 20] (moves only).
    #[arg(long)]
    limit: Option<usize>,
    #[command(flatten)]
    format: FormatArgs,
    #[command(flatten)]
    report: ReportArgs,
}

/// What `dispute` says of the shared flags it takes, instead of their shared help.
fn own_help(arg: Arg) -> Arg {
    match arg.get_id().as_str() {
        "report" => arg.help(report_help(
            "diagrams of every node where the readings differ",
        )),
        _ => arg,
    }
}

/// `feerie dispute`: the moves under each reading compared node by node, or the solutions
/// with `--stipulation` or `--solve`.
pub fn run(args: DisputeArgs) -> Result<i32, Error> {
    let DisputeArgs {
        position,
        switch,
        profiles,
        stipulation,
        solve,
        depth,
        limit,
        format,
        report,
    } = args;
    // The file read, which the report may not replace.
    let inputs: Vec<&Path> = position.popeye_path().into_iter().collect();
    super::flags::check_outputs(&[("--report", report.path())], &inputs)?;
    report.check(&inputs)?;
    if stipulation.is_some() || solve {
        if depth.is_some() || limit.is_some() {
            return Err(Error::Usage(
                "--depth and --limit bound the moves compared: a solution dispute (--stipulation, \
                 --solve) compares every solution"
                    .into(),
            ));
        }
        let json = format.start();
        let (found, source, engine) = dispute_solutions(&position, switch, profiles, stipulation)?;
        crate::out!("{}", found.render());
        let document = crate::report::json::SolutionDisputeDocument::new(engine, source, &found);
        let code = write_report(
            &report,
            &inputs,
            || crate::report::solution_dispute::solution_dispute_report(&document),
            document.exit_code,
        );
        if json {
            crate::report::json::print(&document);
        }
        return Ok(code);
    }
    let (depth, limit) = (
        depth.unwrap_or(DEFAULT_DEPTH),
        limit.unwrap_or(DEFAULT_LIMIT),
    );
    let json = format.start();
    if limit == 0 {
        return Err(Error::Usage(
            "--limit must be at least 1 (the differing nodes listed per reading)".into(),
        ));
    }
    if depth == 0 {
        return Err(Error::Usage("--depth must be at least 1".into()));
    }
    check_depth("--depth", depth)?;
    if let Some(key) = &switch
        && let Some(set) = position.set().iter().find(|s| {
            s.split_once('=')
                .is_some_and(|(k, _)| k.trim() == key.as_str())
        })
    {
        return Err(Error::Usage(format!(
            "--set {set} conflicts with --switch {key}: the dispute tries each value of {key}"
        )));
    }
    refuse_profile_with_profiles(&position, &profiles)?;
    let (start, rules, engine) = position.load()?;
    let (readings, under) = match (switch, profiles) {
        (Some(key), _) => (dispute::switch_readings(&rules, &key)?, rules.to_string()),
        (None, Some(names)) => (
            dispute::profile_readings(&rules, &names)?,
            dispute::rules_without_profile(&rules),
        ),
        (None, None) => {
            return Err(Error::Usage("give --switch KEY or --profiles A,B".into()));
        }
    };
    outln!(
        "{} under {under} ({} engine)",
        fen::write(start.setup()),
        engine.name()
    );
    if let Ok(moves) = engine.legal_moves(&start, &readings[0].rules) {
        crate::perft::warn_if_huge("dispute", moves.len(), depth);
    }
    let found = dispute::dispute(engine, &start, &readings, depth, limit);
    crate::out!("{}", dispute::render_dispute(&found));
    let code = if !found.errors.is_empty() {
        2
    } else if found.differs() {
        1
    } else {
        0
    };
    let document =
        crate::report::json::DisputeDocument::new(engine, &start, &readings, depth, &found);
    let code = write_report(
        &report,
        &inputs,
        || crate::report::html::dispute_report(&document),
        code,
    );
    if json {
        crate::report::json::print(&document);
    }
    Ok(code)
}

/// Writes the HTML report (made by `html`) when `--report` asks for one; the exit code then:
/// `code`, or 2 when the report could not be written and the readings did not differ (a
/// split found still wins, exit 1). The failure is said at once.
fn write_report(
    report: &ReportArgs,
    inputs: &[&Path],
    html: impl FnOnce() -> String,
    code: i32,
) -> i32 {
    let Some(path) = report.path() else {
        return code;
    };
    match crate::report::html::write(path, &html(), inputs) {
        Ok(()) => code,
        Err(e) => {
            eprintln!("error: {}", crate::limits::error_line(&e.to_string()));
            if code == 0 { 2 } else { code }
        }
    }
}

/// `--profile` is refused beside `--profiles`, which tries each profile it names.
fn refuse_profile_with_profiles(
    position: &PositionArgs,
    profiles: &Option<String>,
) -> Result<(), Error> {
    if profiles.is_some() && position.profile_name().is_some() {
        return Err(Error::Usage(
            "--profile conflicts with --profiles: the dispute tries each profile named".into(),
        ));
    }
    Ok(())
}

/// `--stipulation`, read.
fn stipulation(s: &str) -> Result<Stipulation, Error> {
    s.parse()
        .map_err(|e| Error::Usage(format!("--stipulation: {e}")))
}

/// `feerie dispute --stipulation` / `--solve`: the solutions under each reading compared;
/// what was found, what was solved (the position or the file and problem), and the engine's
/// name.
fn dispute_solutions(
    position: &PositionArgs,
    switch: Option<String>,
    profiles: Option<String>,
    stipulation_flag: Option<String>,
) -> Result<(SolutionDispute, String, &'static str), Error> {
    use crate::dispute::solutions;
    let options = crate::solve::Options::default();
    if let Some(file) = position.popeye_file() {
        // The file gives the conditions and the reserve.
        position.refuse_with_popeye()?;
        // One problem is disputed: the first unless --problem names another.
        let file = super::position::PopeyeFile {
            problem: Some(file.problem.unwrap_or(1)),
            ..file
        };
        let readings = solutions::popeye_readings(
            position.profile_name(),
            position.set(),
            switch.as_deref(),
            profiles.as_deref(),
        )
        .map_err(|e| Error::Usage(e.to_string()))?;
        let engine = position.engine()?;
        let mut text = file.read()?;
        file.judge_legality(&text, position.profile()?)?;
        if let Some(s) = &stipulation_flag {
            text = super::solve::replace_stipulations(&text, &stipulation(s)?.to_string());
        }
        let problem = file.problem.unwrap_or(1);
        let found = solutions::dispute_popeye(engine, &text, problem, &readings, &options)
            .map_err(|e| {
                Error::Verify(crate::verify::error::VerifyError::at(
                    file.path.display(),
                    e,
                ))
            })?;
        let source = format!("{}, problem {problem}", file.path.display());
        return Ok((found, source, engine.name()));
    }
    let Some(s) = stipulation_flag else {
        return Err(Error::Usage(
            "--solve needs --popeye; with --fen give --stipulation".into(),
        ));
    };
    let parsed = stipulation(&s)?;
    refuse_profile_with_profiles(position, &profiles)?;
    let (start, rules, engine) = position.load()?;
    let readings = match (switch, profiles) {
        (Some(key), _) => dispute::switch_readings(&rules, &key)?,
        (None, Some(names)) => dispute::profile_readings(&rules, &names)?,
        (None, None) => return Err(Error::Usage("give --switch KEY or --profiles A,B".into())),
    };
    let found = solutions::dispute_position(engine, &start, &readings, parsed, &options);
    Ok((found, fen::write(start.setup()), engine.name()))
}
