//! The five stages of `popeye campaign`, each bounded by its deadline and returning its
//! [`StageReport`]: the scenarios (as `popeye compare --scenarios` judges them), the fuzzed
//! positions (`popeye fuzz`) and problems (`popeye fuzz-solve`) asked in rounds while the time
//! lasts, and the given Popeye input files (as `popeye verify` compares them, then by the
//! metamorphic relations of `popeye metamorphic`).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use feerie_oracle::{Engine, Profile};

use super::context::{Context, left};
use super::rounds::{cut_by, push_failure, run_rounds};
use crate::external::popeye_batch::PopeyeRunner;
use crate::external::popeye_fault::HANG_AFTER;
use crate::external::popeye_output_source::OutputSource;
use crate::harness::popeye_campaign::{self as pc, PopeyeCampaign, PopeyeSolving};
use crate::report::campaign::{Finding, StageReport};
use crate::report::junit::TestCase;
use crate::shard::Shard;
use crate::verify::compare::{CompareOptions, Verdict, judge};
use crate::verify::verdict::Threshold;
use crate::verify::{self, Outcome, Selection};

/// Adds a finding; the stage's first is printed at once, in one line, and stops nothing
/// unless `--fail-fast` asks for it.
fn found(ctx: &Context, stage: &mut StageReport, finding: Finding) {
    if ctx.fail_fast {
        ctx.stopped.set(true);
    }
    if stage.findings.is_empty() {
        let reproducer = finding
            .reproducer
            .as_ref()
            .map(|p| format!(" (reproducer: {})", p.display()))
            .unwrap_or_default();
        crate::outln!("FOUND by {}: {}{reproducer}", stage.name, finding.summary);
    }
    stage.findings.push(finding);
}

/// The scenarios of `path` under the popeye profile, judged one by one as `popeye compare`
/// judges them until the deadline; those left are counted as skipped.
pub(super) fn scenarios(ctx: &Context, path: &Path, deadline: Instant, stage: &mut StageReport) {
    let engine: &dyn Engine = ctx.solver;
    let cases = match super::super::compare::scenario_files_and_cases(
        path,
        engine,
        Some(Profile::Popeye),
    ) {
        Ok(cases) => cases,
        Err(e) => {
            stage.errors.push(crate::limits::error_line(&e.to_string()));
            return;
        }
    };
    let mut out_of_time = 0;
    for (file, case) in &cases {
        if ctx.stopped() {
            break;
        }
        if left(deadline).is_zero() {
            out_of_time += 1;
            continue;
        }
        // One position's moves: a run past HANG_AFTER is a hang, not worth waiting longer for.
        let options = CompareOptions {
            binary: ctx.binary.to_path_buf(),
            timeout: ctx.run_timeout(deadline).min(HANG_AFTER),
            depth: None,
            engine,
        };
        let started = Instant::now();
        let verdict = judge(case, &options);
        // Only what was asked of the binary counts (a magic position is not).
        if !matches!(verdict, Verdict::Skipped(_)) {
            ctx.cover(|| super::super::compare::cases_coverage(std::slice::from_ref(case)));
        }
        let json = crate::report::json::CompareCaseJson::new(case, &verdict);
        let mut test = TestCase {
            name: format!("{} under {}", case.name, case.rules),
            seconds: started.elapsed().as_secs_f64(),
            ..TestCase::default()
        };
        let details = || [json.lines.clone(), json.reason.iter().cloned().collect()].concat();
        match &verdict {
            Verdict::Agree | Verdict::ProfileDifference { .. } => {
                stage.compared += 1;
                stage.agree += 1;
            }
            Verdict::Differ { .. } => {
                stage.compared += 1;
                stage.differ += 1;
                test.failure = Some(("differ".into(), details().join("\n")));
                let finding = Finding {
                    summary: format!("{} differs under {}", case.name, case.rules),
                    reproducer: Some(file.clone()),
                    details: details(),
                };
                found(ctx, stage, finding);
            }
            Verdict::Skipped(why) => {
                stage.skipped += 1;
                test.skipped = Some(why.clone());
            }
            Verdict::Refused(words) => {
                stage.failed += 1;
                if verdict.is_input_error() {
                    stage
                        .errors
                        .push(format!("{}: our input refused: {words}", case.name));
                    test.failure = Some(("input refused".into(), words.clone()));
                } else {
                    test.skipped = Some(format!("refused by the binary: {words}"));
                }
            }
            Verdict::Failed(why) => {
                let why = format!("{}: {why}", case.name);
                if push_failure(stage, cut_by(deadline), "scenarios", &why) {
                    stage.skipped += 1;
                    test.skipped = Some(why);
                } else {
                    stage.failed += 1;
                    test.failure = Some(("failed".into(), why));
                }
            }
        }
        stage.junit.push(test);
    }
    if out_of_time > 0 {
        stage.skipped += out_of_time;
        stage.notes.push(format!(
            "{out_of_time} scenario(s) not judged: the stage's time ran out"
        ));
    }
}

/// The time the fuzz stage must have left for its first round to be followed by steering.
const STEERING_TIME: Duration = Duration::from_secs(30);
/// How many positions per family the fuzz stages' first round asks.
const FIRST_FUZZ_ROUND: u64 = 2;
/// How many problems' positions per family `fuzz-solve`'s first round asks.
const FIRST_SOLVE_ROUND: u64 = 1;
/// Differences followed, shrunk and written as reproducers by the `fuzz` stage at most.
const MAX_REPORTS: usize = 3;
/// Fuzzed positions of every family asked of the binary in rounds (cases `0..count` of each
/// family in seeded order, as `popeye fuzz --seed S --fuzz COUNT` asks them) while the time
/// lasts; at most `cap` per family.
pub(super) fn fuzz(ctx: &Context, cap: Option<u64>, deadline: Instant, stage: &mut StageReport) {
    let engines: Vec<&dyn Engine> = ctx.engines.iter().map(|e| *e as &dyn Engine).collect();
    let mut reports_left = MAX_REPORTS;
    let mut per_family: Vec<(String, u64, u64)> = Vec::new();
    run_rounds(
        ctx,
        stage,
        "fuzz",
        cap,
        deadline,
        FIRST_FUZZ_ROUND,
        |stage, round| {
            let campaign = PopeyeCampaign {
                buckets: ctx.buckets.clone(),
                count: round.count,
                first: round.first,
                seed: ctx.seed,
                depth: ctx.depth,
                small_depth: 3,
                batch: 25,
                jobs: ctx.jobs,
                reproducers: Some(ctx.reproducers.clone()),
                max_reports: reports_left,
                golden: None,
                progress: ctx.progress,
                shard: Shard::WHOLE,
                // Steering (positions built around the rule events the cases did not reach) follows
                // the first round only, when the stage has time for it, and builds positions for
                // half of the time left at most, so that more rounds of cases follow.
                steer: round.index == 0 && left(deadline) >= STEERING_TIME,
                stop_at_finding: ctx.fail_fast,
                deadline: Some(deadline),
                steer_until: Some(Instant::now() + left(deadline) / 2),
            };
            let runner = PopeyeRunner {
                binary: ctx.binary,
                timeout: ctx.run_timeout(deadline),
            };
            let report =
                pc::run_popeye_campaign(&campaign, &runner, &engines).map_err(|e| e.to_string())?;
            ctx.cover(|| report.coverage());
            for b in report.buckets.iter().chain(&report.steered) {
                // The steered pass counts the rule events it had no time for, not positions:
                // a note, not skipped cases.
                for (why, n) in &b.skipped {
                    if why == pc::STEERING_TIME_RAN_OUT {
                        stage.notes.push(format!("{n} {why}"));
                    } else {
                        stage.skipped += n;
                    }
                }
                stage.compared += b.compared;
                stage.differ += b.differences;
                stage.failed += b.refused;
                match per_family.iter_mut().find(|(name, _, _)| *name == b.name) {
                    Some((_, compared, differ)) => {
                        *compared += b.compared;
                        *differ += b.differences;
                    }
                    None => per_family.push((b.name.clone(), b.compared, b.differences)),
                }
            }
            for words in &report.refusals {
                let finding = Finding {
                    summary: format!(
                        "no answer for a position (refused, crashed or hung): {}",
                        crate::limits::error_line(words)
                    ),
                    reproducer: None,
                    details: vec![words.clone()],
                };
                found(ctx, stage, finding);
            }
            for (d, written) in &report.found {
                reports_left = reports_left.saturating_sub(1);
                let finding = Finding {
                    summary: format!(
                        "{} case {}: the {} engine and the binary differ",
                        d.bucket, d.case, d.engine
                    ),
                    reproducer: written.as_ref().map(|w| w.path().to_path_buf()),
                    details: pc::render_popeye(d, &report.version)
                        .lines()
                        .map(String::from)
                        .collect(),
                };
                found(ctx, stage, finding);
            }
            for e in &report.write_errors {
                stage.notes.push(format!(
                    "a reproducer not written under {}: {}",
                    e.dir.display(),
                    e.error
                ));
            }
            Ok(report.steering)
        },
    );
    stage.agree = stage.compared - stage.differ;
    let followed = stage
        .findings
        .iter()
        .filter(|f| f.reproducer.is_some())
        .count() as u64;
    if stage.differ > followed {
        stage.notes.push(format!(
            "{} difference(s) not followed to a reproducer (at most {MAX_REPORTS} are)",
            stage.differ - followed
        ));
    }
    stage.junit = per_family
        .into_iter()
        .map(|(name, compared, differ)| TestCase {
            name: format!("{name}: {compared} positions"),
            failure: (differ > 0).then(|| (format!("{differ} differ"), String::new())),
            ..TestCase::default()
        })
        .collect();
}

/// Fuzzed problems of every family solved by the binary and by our engine in rounds (as
/// `popeye fuzz-solve --seed S --fuzz COUNT` asks them) while the time lasts; at most `cap`
/// positions per family.
pub(super) fn fuzz_solve(
    ctx: &Context,
    cap: Option<u64>,
    deadline: Instant,
    stage: &mut StageReport,
) {
    run_rounds(
        ctx,
        stage,
        "fuzz-solve",
        cap,
        deadline,
        FIRST_SOLVE_ROUND,
        |stage, round| {
            let campaign = PopeyeSolving {
                buckets: ctx.buckets.clone(),
                count: round.count,
                first: round.first,
                seed: ctx.seed,
                batch: 20,
                jobs: ctx.jobs,
                timeout: ctx.run_timeout(deadline),
                progress: ctx.progress,
                shard: Shard::WHOLE,
                stipulations: Vec::new(),
                deadline: Some(deadline),
            };
            let report = pc::run_popeye_solving(&campaign, ctx.binary, ctx.solver)
                .map_err(|e| e.to_string())?;
            ctx.cover(|| super::super::fuzz::problems_coverage(&pc::solving_problems(&campaign).0));
            let explained = report.switch_explained.len() as u64;
            stage.agree += report.agree.0 + explained;
            stage.differ += report.differ.len() as u64;
            stage.skipped += report.skipped.iter().map(|(_, k)| k).sum::<u64>();
            for (problem, setting) in &report.switch_explained {
                stage.notes.push(format!(
                    "{} case {} {}: agrees only under {setting}",
                    problem.bucket,
                    problem.case,
                    problem.label()
                ));
            }
            for (why, problems) in &report.failed {
                let why = format!("a batch of {problems} problem(s) not answered: {why}");
                if !push_failure(stage, cut_by(deadline), "fuzz-solve", &why) {
                    stage.failed += *problems as u64;
                }
            }
            for (problem, lines) in &report.differ {
                let reproducer = write_problem(&ctx.reproducers, problem);
                let mut details = lines.clone();
                details.push("the problem (Popeye's input):".into());
                details.extend(problem.text.lines().map(|l| format!("  {l}")));
                let what = match lines.first() {
                    Some(crash) if crash.starts_with("Popeye crashed") => crash.as_str(),
                    _ => "the solutions differ",
                };
                let summary = format!(
                    "{} case {} {}: {what}",
                    problem.bucket,
                    problem.case,
                    problem.label()
                );
                stage.junit.push(TestCase {
                    name: summary.clone(),
                    failure: Some(("differ".into(), details.join("\n"))),
                    ..TestCase::default()
                });
                found(
                    ctx,
                    stage,
                    Finding {
                        summary,
                        reproducer,
                        details,
                    },
                );
            }
            Ok(Duration::ZERO)
        },
    );
    stage.compared = stage.agree + stage.differ;
    stage.junit.insert(
        0,
        TestCase {
            name: format!("{} problems agree", stage.agree),
            ..TestCase::default()
        },
    );
}

/// A problem that differs, written as a new Popeye input file in `dir` (never over a file
/// there); `None` when it cannot be written.
fn write_problem(dir: &Path, problem: &pc::SolvingProblem) -> Option<PathBuf> {
    let stem: String = format!(
        "solve-{}-{}-{}",
        problem.bucket,
        problem.case,
        problem.label()
    )
    .chars()
    .map(|c| {
        if c.is_ascii_alphanumeric() || c == '-' {
            c
        } else {
            '_'
        }
    })
    .collect();
    std::fs::create_dir_all(dir).ok()?;
    (1..1000).find_map(|n| {
        let name = if n == 1 {
            format!("{stem}.inp")
        } else {
            format!("{stem}-{n}.inp")
        };
        let path = dir.join(name);
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .ok()?;
        std::io::Write::write_all(&mut file, problem.text.as_bytes()).ok()?;
        Some(path)
    })
}

/// What the verify stage compares: the files (path and text), what each case may take, and
/// what they must compare together.
pub(super) struct VerifyPlan<'a> {
    pub files: &'a [(PathBuf, String)],
    pub case_timeout: Duration,
    pub threshold: Threshold,
}

/// The given Popeye inputs solved by the binary and by our engine, compared as `popeye
/// verify` compares them; each case bounded by the case timeout and by the stage's deadline.
pub(super) fn verify_files(
    ctx: &Context,
    plan: &VerifyPlan,
    deadline: Instant,
    stage: &mut StageReport,
) {
    let mut counts = verify::Counts::default();
    for (path, input) in plan.files {
        if ctx.stopped() {
            break;
        }
        let name = path.display().to_string();
        if !time_left(stage, deadline, &name, "not verified") {
            continue;
        }
        ctx.say(&format!("verify {name}"));
        let output = match run_binary(ctx, input, deadline) {
            Ok(output) => output,
            // A run the stage's deadline ended is a note (a slow machine), not the binary's fault.
            Err(why) => {
                push_failure(stage, cut_by(deadline), "verify", &format!("{name}: {why}"));
                continue;
            }
        };
        let source = match OutputSource::file(&output) {
            Ok(source) => source,
            Err(e) => {
                stage
                    .errors
                    .push(format!("{name}: the binary's output: {e}"));
                continue;
            }
        };
        let selection = Selection {
            case_timeout: Some(plan.case_timeout),
            ..Selection::default()
        };
        let options = crate::solve::Options {
            deadline: Some(deadline),
            ..Default::default()
        };
        let mut cases = Vec::new();
        let mut on_case = |index: u64, case: &verify::problems::Case, r: &verify::CaseReport| {
            let json = crate::report::verify::VerifyCaseJson::new(index, case, r);
            if let Outcome::Differ { missing, extra } = &r.outcome {
                let details = missing
                    .iter()
                    .map(|l| format!("only the binary: {}", l.trim()))
                    .chain(extra.iter().map(|l| format!("only ours: {}", l.trim())))
                    .collect();
                let finding = Finding {
                    summary: format!("{name} {}: the solutions differ", r.name),
                    reproducer: Some(path.clone()),
                    details,
                };
                found(ctx, stage, finding);
            }
            cases.push(json);
        };
        let reports = verify::verify_each(
            input,
            &source,
            selection,
            ctx.solver,
            &options,
            &mut on_case,
        );
        match reports {
            Ok(reports) => {
                let c = verify::counts(&reports);
                counts.agree += c.agree;
                counts.differ += c.differ;
                counts.skipped += c.skipped;
                counts.errors += c.errors;
                for r in &reports {
                    if let Outcome::InputError(why) = &r.outcome {
                        stage
                            .errors
                            .push(format!("{name} {}: input error: {why}", r.name));
                    }
                }
            }
            Err(e) => stage.errors.push(format!(
                "{name}: {}",
                crate::limits::error_line(&e.to_string())
            )),
        }
        let suite = crate::report::verify::junit_suite(&name, &cases);
        stage
            .junit
            .extend(suite.cases.into_iter().map(|c| TestCase {
                name: format!("{name} {}", c.name),
                ..c
            }));
    }
    stage.agree = counts.agree as u64;
    stage.differ = counts.differ as u64;
    stage.compared = counts.compared() as u64;
    stage.skipped = counts.skipped as u64;
    stage.failed = counts.errors as u64;
    if stage.compared > 0 {
        stage.shortfall = plan.threshold.shortfall(&counts);
    }
}

/// The binary run on a whole input, its output in a temporary file (removed when dropped).
fn run_binary(ctx: &Context, input: &str, deadline: Instant) -> Result<tempfile::TempPath, String> {
    let file = tempfile::NamedTempFile::new()
        .map_err(|e| format!("cannot make a temporary file: {e}"))?
        .into_temp_path();
    let _registered = crate::external::process::cleanup::remove_on_signal(&file);
    crate::external::popeye::run_popeye_to_file(
        ctx.binary,
        input,
        ctx.run_timeout(deadline),
        &file,
    )
    .map_err(|e| crate::limits::error_line(&e.to_string()))?;
    Ok(file)
}

/// The metamorphic relations over the given files (as `popeye metamorphic` runs them): each
/// problem a relation checked is compared, each disagreement a finding with its reproducer
/// folder; a problem a relation could not check is skipped (the relations not sound for it are
/// not counted).
pub(super) fn metamorphic(
    ctx: &Context,
    files: &[(PathBuf, String)],
    reach: &super::reach::Reach,
    deadline: Instant,
    stage: &mut StageReport,
) {
    use crate::harness::metamorphic as mm;
    let settings = mm::Settings {
        py: ctx.binary.to_path_buf(),
        relations: mm::Relation::all(),
        seed: ctx.seed,
        run_timeout: ctx.timeout,
        deadline: Some(deadline),
        cache: None,
    };
    // The files beyond feerie's solving first: there the relations are the only check. The
    // files are shared by the jobs; their reports are taken in that order.
    let order: Vec<(&std::path::Path, &str)> = reach
        .relations_order(files)
        .into_iter()
        .map(|(path, text)| (path.as_path(), text.as_str()))
        .collect();
    let shown = ctx.progress;
    let started = move |path: &std::path::Path| {
        super::context::say(shown, &format!("metamorphic {}", path.display()));
    };
    let progress = move |line: &str| super::context::say(shown, line);
    mm::run_files(
        &order,
        &settings,
        ctx.jobs,
        &started,
        &progress,
        |i, report| {
            take_relations_report(ctx, stage, deadline, order[i].0, report);
            !ctx.stopped()
        },
    );
}

/// One file's report of the relations, counted in the stage: a crash or a disagreement is a
/// finding, a file the stage's time cut or did not reach a note.
fn take_relations_report(
    ctx: &Context,
    stage: &mut StageReport,
    deadline: Instant,
    path: &std::path::Path,
    report: crate::harness::metamorphic::FileReport,
) {
    use crate::harness::metamorphic::{self as mm, Verdict as Mv};
    let name = path.display().to_string();
    if let (true, Some(why)) = (report.crashed, &report.error) {
        let finding = Finding {
            summary: format!("{name}: Popeye crashed on the file"),
            reproducer: Some(path.to_path_buf()),
            details: vec![why.clone()],
        };
        found(ctx, stage, finding);
    } else if let Some(why) = &report.error {
        // A run the stage's deadline cut is a note, as in the fuzz stages.
        if left(deadline) < Duration::from_secs(1) {
            stage.notes.push(format!("{name}: not checked: {why}"));
        } else {
            stage.errors.push(format!("{name}: {why}"));
        }
    }
    for p in &report.problems {
        for (relation, verdict) in &p.verdicts {
            match verdict {
                Mv::Agree => {
                    stage.compared += 1;
                    stage.agree += 1;
                }
                Mv::Disagree(d) => {
                    stage.compared += 1;
                    stage.differ += 1;
                    let folder =
                        mm::write_reproducer(&ctx.reproducers, path, p.number, *relation, d);
                    let mut details = vec![d.why.clone()];
                    if let Err(e) = &folder {
                        details.push(format!("the reproducer was not written: {e}"));
                    }
                    let finding = Finding {
                        summary: format!(
                            "{name} problem {}: {} disagrees",
                            p.number,
                            relation.name()
                        ),
                        reproducer: folder.ok(),
                        details,
                    };
                    found(ctx, stage, finding);
                }
                Mv::NotApplicable(_) => {}
                Mv::NotChecked(_) => stage.skipped += 1,
            }
        }
    }
}

/// Whether the stage has time left for the file `name`; when it has not, a note says so
/// (`{name}: {not_done}: the stage's time ran out`).
fn time_left(stage: &mut StageReport, deadline: Instant, name: &str, not_done: &str) -> bool {
    let has = left(deadline) >= Duration::from_secs(1);
    if !has {
        stage
            .notes
            .push(format!("{name}: {not_done}: the stage's time ran out"));
    }
    has
}
