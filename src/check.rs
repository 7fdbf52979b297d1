//! `feerie check`, the main job: the perft suites, every scenario through each engine and
//! against its expectations, the scenarios' stipulations solved by each engine (solutions
//! checked and the engines compared), the two engines compared on every scenario position, then a fuzz
//! campaign; a closing summary, the list of failures and one verdict line, and optionally the
//! same results as JUnit XML.
//!
//! Every flag and folder is checked by [`prepare`] before any work starts, so that a typo costs
//! no minute of perft. Failures are printed in full as they come, passes only counted.

use std::path::{Path, PathBuf};
use std::time::Instant;

use feerie_oracle::{Engine, Position, Rules, Validation, fen};

use crate::corpus::PerftCase;
use crate::error::{Error, LimitError, ScenarioError};
use crate::harness::junit::{TestCase, TestSuite};
use crate::harness::{
    Bucket, Campaign, CampaignReport, Side, Written, compare, record, render, shrink,
};
use crate::limits::{MAX_FUZZ, check_depth, check_threads};
use crate::progress::Progress;
use crate::scenario::{LoadError, Scenario};
use crate::{out, outln};

/// What `feerie check` runs.
#[derive(Clone)]
pub struct CheckOptions {
    /// Folder of YAML scenarios (`None`: the default folder, skipped with a note when absent).
    pub scenarios: Option<PathBuf>,
    /// Folder of reproducers: run as scenarios when present, and where new ones are written
    /// (`None`: the default folder).
    pub reproducers: Option<PathBuf>,
    /// Folder of perft suites (`None`: the default folder, skipped with a note when absent).
    pub perft: Option<PathBuf>,
    /// Deepest perft count checked.
    pub max_depth: u32,
    /// Largest perft count checked (larger ones are skipped and counted as such).
    pub max_count: u64,
    /// The engines: the specification first. With two, they are also compared.
    pub engines: Vec<&'static dyn Engine>,
    /// Fuzzed positions per bucket (0: no campaign).
    pub fuzz: u64,
    /// Problem-like positions per bucket solved by both engines under short stipulations
    /// (0: no solving campaign).
    pub fuzz_solve: u64,
    /// Seed of the campaign.
    pub seed: u64,
    /// Half-moves compared from each position.
    pub depth: u32,
    /// Worker threads.
    pub jobs: usize,
    /// Fuzz only these families (all when empty).
    pub only: Vec<String>,
    /// Divergences shrunk and reported in full.
    pub max_reports: usize,
    /// Write JUnit XML here.
    pub junit: Option<PathBuf>,
    /// Progress on stderr.
    pub progress: bool,
    /// The part of the fuzz campaign this run checks; the other stages run on shard 1 only, so
    /// that the shards of a run together check exactly what the unsharded run checks.
    pub shard: crate::harness::Shard,
    /// Print the results as one JSON document (the text goes to stderr).
    pub json: bool,
    /// Write the HTML report here.
    pub report: Option<PathBuf>,
}

/// Comparison depths above this one are announced as long.
const LONG_DEPTH: u32 = 6;

/// The default folder of perft suites.
pub const DEFAULT_PERFT: &str = "corpus/perft";
/// The largest perft count `feerie check` checks by default (`--max-count`): the suites' deeper
/// counts take the reference engine minutes.
pub const DEFAULT_PERFT_MAX_COUNT: u64 = 200_000;
/// The default folder of scenarios.
pub const DEFAULT_SCENARIOS: &str = "scenarios";
/// The default folder of reproducers.
pub const DEFAULT_REPRODUCERS: &str = "corpus/divergences";

type Loaded = Vec<Result<Scenario, LoadError>>;

/// Everything read and checked before the run: the inputs of each stage.
pub struct Prepared {
    options: CheckOptions,
    perft: Option<Vec<PerftCase>>,
    scenarios: Loaded,
    reproducers: PathBuf,
    buckets: Vec<Bucket>,
    junit: Option<std::fs::File>,
    notes: Vec<String>,
}

/// Checks every flag, reads the perft suites and the scenarios, and opens the JUnit file: any
/// error here is bad input (exit 2) and comes before any work.
pub fn prepare(o: CheckOptions) -> Result<Prepared, Error> {
    check_depth("--depth", o.depth)?;
    if o.depth == 0 {
        return Err(Error::Usage("--depth must be at least 1".into()));
    }
    check_depth("--max-depth", o.max_depth)?;
    check_threads("--jobs", o.jobs)?;
    if o.fuzz_solve > MAX_FUZZ {
        return Err(LimitError::Bound(format!(
            "--fuzz-solve {} is too many: at most {MAX_FUZZ} per family and profile",
            o.fuzz_solve
        ))
        .into());
    }
    if o.fuzz > MAX_FUZZ {
        return Err(LimitError::Bound(format!(
            "--fuzz {} is too many: at most {MAX_FUZZ} per family and profile",
            o.fuzz
        ))
        .into());
    }
    let buckets = Bucket::matching(&o.only)?;
    for filter in &o.only {
        // Each filter must match by itself: a typo next to a good name is not ignored.
        Bucket::matching(std::slice::from_ref(filter))?;
    }
    let mut notes = Vec::new();
    let perft = match folder(&o.perft, DEFAULT_PERFT, "--perft", "perft suites")? {
        Found::Here(dir) => {
            let cases = crate::corpus::load_perft_dir(&dir)?;
            if cases.is_empty() {
                return Err(ScenarioError::Folder(format!(
                    "no perft suite (*.txt) in {}",
                    dir.display()
                ))
                .into());
            }
            Some(cases)
        }
        Found::Absent(note) => {
            notes.push(note);
            None
        }
    };
    let mut scenarios = match folder(&o.scenarios, DEFAULT_SCENARIOS, "--scenarios", "scenarios")? {
        Found::Here(dir) => {
            let loaded = crate::scenario::load_dir(&dir)?;
            if loaded.is_empty() {
                return Err(ScenarioError::Folder(format!(
                    "no scenario (*.yaml) in {}",
                    dir.display()
                ))
                .into());
            }
            loaded
        }
        Found::Absent(note) => {
            notes.push(note);
            Vec::new()
        }
    };
    let reproducers = o
        .reproducers
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_REPRODUCERS));
    if reproducers.exists() {
        if !reproducers.is_dir() {
            return Err(Error::Usage(format!(
                "--reproducers {} is not a folder",
                reproducers.display()
            )));
        }
        scenarios.extend(crate::scenario::load_dir(&reproducers)?);
    }
    if let Some(path) = &o.report {
        crate::report::html::check_path(path).map_err(Error::Usage)?;
    }
    let junit = match &o.junit {
        None => None,
        Some(path) => Some(std::fs::File::create(path).map_err(|e| {
            Error::System(format!("--junit: cannot write {}: {e}", path.display()))
        })?),
    };
    Ok(Prepared {
        options: o,
        perft,
        scenarios,
        reproducers,
        buckets,
        junit,
        notes,
    })
}

enum Found {
    Here(PathBuf),
    Absent(String),
}

/// A stage's folder: the one given (which must exist), or the default one when present; a
/// missing default is a note saying how to point at it.
fn folder(given: &Option<PathBuf>, default: &str, flag: &str, what: &str) -> Result<Found, Error> {
    match given {
        Some(dir) if dir.is_dir() => Ok(Found::Here(dir.clone())),
        Some(dir) if dir.exists() => Err(Error::Usage(format!(
            "{flag} {} is not a folder",
            dir.display()
        ))),
        Some(dir) => Err(Error::Usage(format!(
            "{flag} {} does not exist",
            dir.display()
        ))),
        None if Path::new(default).is_dir() => Ok(Found::Here(PathBuf::from(default))),
        None => Ok(Found::Absent(format!(
            "{what}: skipped ({default} is not here; run from the repository or pass {flag} DIR)"
        ))),
    }
}

/// What the run found, for the summary and the verdict.
#[derive(Default)]
struct Results {
    lines: Vec<String>,
    /// One line per failure, listed again just above the verdict.
    failures: Vec<String>,
    junit: Vec<TestSuite>,
    perft_positions: u64,
    scenarios: u64,
    malformed: u64,
    compared: u64,
    divergences: u64,
    /// The divergences reported in full, for the JSON and HTML reports.
    reported: Vec<crate::report::json::DivergenceJson>,
    fuzz_families: Vec<crate::harness::BucketSummary>,
}

/// Checks the flags ([`prepare`]), runs the check and prints as it goes; the exit code is 0
/// when everything passes, 1 on a failure or divergence, 2 when a scenario is malformed or a
/// flag is bad.
pub fn run_check(o: &CheckOptions) -> Result<i32, Error> {
    run_prepared(prepare(o.clone())?)
}

/// Runs a prepared check (see [`run_check`]).
pub fn run_prepared(p: Prepared) -> Result<i32, Error> {
    let o = &p.options;
    let started = Instant::now();
    let names: Vec<&str> = o.engines.iter().map(|e| e.name()).collect();
    outln!(
        "check: {} engine(s) ({}), depth {}, {} job(s)",
        o.engines.len(),
        names.join(", "),
        o.depth,
        o.jobs
    );
    for note in &p.notes {
        outln!("{note}");
    }
    if o.depth > LONG_DEPTH {
        eprintln!(
            "note: comparing every position down to depth {} may take very long (the default is 2)",
            o.depth
        );
    }
    // The engines' start-up (the bitboard tables) is not charged to their first case.
    for engine in &o.engines {
        let _ = engine.perft(&Position::start(), &Rules::orthodox(), 1);
    }
    let mut r = Results::default();
    // Under --shard, the stages other than the fuzz campaign are the first shard's.
    let whole_stages = o.shard.index() == 1;
    if !whole_stages {
        outln!(
            "shard {}: the fuzz campaign's part only (perft suites and scenarios are shard 1's)",
            o.shard
        );
    }

    if let Some(cases) = p.perft.as_ref().filter(|_| whole_stages) {
        for &engine in &o.engines {
            check_perft(cases, o.max_depth, o.max_count, engine, o.progress, &mut r)?;
        }
    }
    if !p.scenarios.is_empty() && whole_stages {
        for &engine in &o.engines {
            check_scenarios(&p.scenarios, engine, o.progress, &mut r);
        }
        r.scenarios = p.scenarios.iter().filter(|s| s.is_ok()).count() as u64;
        r.malformed = p.scenarios.len() as u64 - r.scenarios;
        check_solutions(&p.scenarios, &o.engines, o.progress, &mut r);
    }
    if let [a, b] = o.engines[..] {
        if !p.scenarios.is_empty() && whole_stages {
            compare_scenarios(&p.scenarios, a, b, o, &p.reproducers, &mut r);
        }
        if o.fuzz > 0 {
            fuzz(&p, a, b, &mut r)?;
        }
        if o.fuzz_solve > 0 {
            fuzz_solving(&p, a, b, &mut r)?;
        }
    } else if o.fuzz > 0 || o.fuzz_solve > 0 {
        r.lines
            .push("fuzz: skipped (it compares two engines; --engine chose one)".into());
    }

    let mut code = if r.malformed > 0 {
        2
    } else if r.failures.is_empty() {
        0
    } else {
        1
    };
    if let Some(mut file) = p.junit {
        use std::io::Write;
        let path = o.junit.as_ref().expect("a JUnit path with its file");
        if let Err(e) = file.write_all(crate::harness::junit::to_xml(&r.junit).as_bytes()) {
            let line = format!("JUnit report not written to {}: {e}", path.display());
            eprintln!("error: {line}");
            r.failures.push(line);
            // A failed check stays a failed check (1); otherwise the write is what failed.
            if code == 0 {
                code = 2;
            }
        }
    }

    let mut document = crate::report::json::check_document(o, code, &r_parts(&r), started);
    if let Some(path) = &o.report
        && let Err(e) =
            crate::report::html::write(path, &crate::report::html::check_report(&document))
    {
        eprintln!("error: {e}");
        r.failures.push(e.clone());
        document.failures.push(e);
        if code == 0 {
            code = 2;
            document.exit_code = 2;
            document.verdict = "failed".into();
        }
    }

    outln!("summary");
    for l in &r.lines {
        outln!("  {l}");
    }
    outln!("  {:.1} s in all", started.elapsed().as_secs_f64());
    if !r.failures.is_empty() {
        outln!("failures:");
        for f in &r.failures {
            outln!("  {f}");
        }
    }
    let mut counts = Vec::new();
    if p.perft.is_some() {
        counts.push(format!("{} perft positions", r.perft_positions));
    }
    counts.push(format!("{} scenarios", r.scenarios));
    if r.malformed > 0 {
        counts.push(format!("{} malformed", r.malformed));
    }
    counts.push(format!("{} positions compared", r.compared));
    counts.push(format!("{} divergences", r.divergences));
    let failed = r.failures.len();
    outln!(
        "check result: {}. {}{}; {:.1} s",
        if code == 0 { "ok" } else { "FAILED" },
        counts.join(", "),
        if failed > 0 {
            format!(", {failed} failure(s) listed above")
        } else {
            String::new()
        },
        started.elapsed().as_secs_f64()
    );
    if o.json {
        crate::report::json::print(&document);
    }
    Ok(code)
}

/// What the JSON document takes from the results.
fn r_parts(r: &Results) -> crate::report::json::CheckParts<'_> {
    crate::report::json::CheckParts {
        stages: &r.lines,
        failures: &r.failures,
        suites: &r.junit,
        counts: crate::report::json::CheckCounts {
            perft_positions: r.perft_positions,
            scenarios: r.scenarios,
            malformed: r.malformed,
            compared: r.compared,
            divergences: r.divergences,
        },
        families: &r.fuzz_families,
        divergences: &r.reported,
    }
}

/// The perft stage for one engine: one JUnit case and one count per position (each checked
/// under its suite's rules at every depth up to `max_depth`, for counts up to `max_count`).
fn check_perft(
    cases: &[PerftCase],
    max_depth: u32,
    max_count: u64,
    engine: &dyn Engine,
    show: bool,
    r: &mut Results,
) -> Result<(), Error> {
    let label = format!("perft ({})", engine.name());
    let mut suite = TestSuite {
        name: label.clone(),
        cases: Vec::new(),
    };
    let progress = Progress::new(&label, "positions", cases.len() as u64, show);
    let started = Instant::now();
    let (mut passed, mut failed, mut counts, mut nodes) = (0u64, 0u64, 0u64, 0u64);
    let mut skipped = 0u64;
    for case in cases {
        let case_started = Instant::now();
        let position =
            fen::parse(&case.fen, Validation::Lenient).map_err(|e| Error::at(&case.origin, e))?;
        let mut failures = Vec::new();
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= max_depth) {
            if expected > max_count {
                skipped += 1;
                continue;
            }
            counts += 1;
            let got = engine
                .perft(&position, &case.rules, depth)
                .map_err(|e| Error::at(format!("{} under {}", case.origin, case.rules), e))?;
            nodes += got;
            if got != expected {
                failures.push(format!(
                    "{} depth {depth} under {}: expected {expected}, got {got}",
                    case.origin, case.rules
                ));
            }
        }
        if failures.is_empty() {
            passed += 1;
        } else {
            failed += 1;
            progress.failure();
            for f in &failures {
                outln!("FAIL {label} {f} ({})", case.fen);
                r.failures.push(format!("{label}: {f}"));
            }
        }
        suite.cases.push(TestCase {
            name: format!("{} {} under {}", case.origin, case.fen, case.rules),
            seconds: case_started.elapsed().as_secs_f64(),
            failure: (!failures.is_empty())
                .then(|| ("perft count differs".into(), failures.join("\n"))),
        });
        progress.step();
    }
    progress.finish();
    let line = format!(
        "{label}: {passed} passed, {failed} failed ({} positions, {counts} counts up to depth {max_depth}, {skipped} above --max-count {max_count} skipped, {nodes} nodes, {:.1} s)",
        cases.len(),
        started.elapsed().as_secs_f64()
    );
    outln!("{line}");
    r.lines.push(line);
    r.perft_positions = cases.len() as u64;
    r.junit.push(suite);
    Ok(())
}

/// The scenario stage for one engine: failures and malformed files in full, passes counted.
fn check_scenarios(loaded: &Loaded, engine: &dyn Engine, show: bool, r: &mut Results) {
    let started = Instant::now();
    let label = format!("scenarios ({})", engine.name());
    let mut suite = TestSuite {
        name: label.clone(),
        cases: Vec::new(),
    };
    let progress = Progress::new(&label, "scenarios", loaded.len() as u64, show);
    let (mut passed, mut failed, mut malformed, mut checks) = (0u64, 0u64, 0u64, 0);
    for item in loaded {
        let case_started = Instant::now();
        let outcome = item
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|s| crate::scenario::run(s, engine).map(|o| (s, o)));
        let (name, failure) = match outcome {
            Err(e) => {
                malformed += 1;
                progress.failure();
                outln!("MALFORMED {e}");
                // Once per file, though each engine's stage meets it.
                if !r.failures.iter().any(|f| *f == format!("malformed: {e}")) {
                    eprintln!("error: {e}");
                    r.failures.push(format!("malformed: {e}"));
                }
                (
                    e.to_string(),
                    Some(("malformed".to_string(), e.to_string())),
                )
            }
            Ok((s, o)) => {
                checks += o.checked;
                let name = format!("{}: {}", s.file, s.name);
                if o.failures.is_empty() {
                    passed += 1;
                    (name, None)
                } else {
                    failed += 1;
                    let failure =
                        scenario_failed(&o.failures, "expectation(s)", &label, &name, &progress, r);
                    (name, Some(failure))
                }
            }
        };
        suite.cases.push(TestCase {
            name,
            seconds: case_started.elapsed().as_secs_f64(),
            failure,
        });
        progress.step();
    }
    progress.finish();
    let line = format!(
        "{label}: {passed} passed, {failed} failed, {malformed} malformed ({checks} checks, {:.1} s)",
        started.elapsed().as_secs_f64()
    );
    outln!("{line}");
    r.lines.push(line);
    r.junit.push(suite);
}

/// The solving stage: every scenario with a stipulation solved by each engine, the solutions
/// compared with the expected ones and between the engines.
fn check_solutions(loaded: &Loaded, engines: &[&dyn Engine], show: bool, r: &mut Results) {
    let started = Instant::now();
    let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
    let label = format!("solutions ({})", names.join(", "));
    let mut suite = TestSuite {
        name: label.clone(),
        cases: Vec::new(),
    };
    let solved: Vec<&Scenario> = loaded
        .iter()
        .flatten()
        .filter(|s| s.stipulation.is_some())
        .collect();
    let progress = Progress::new(&label, "scenarios", solved.len() as u64, show);
    let (mut passed, mut failed) = (0u64, 0u64);
    for s in solved {
        let case_started = Instant::now();
        let name = format!("{}: {}", s.file, s.name);
        // A malformed scenario is reported by the scenario stage.
        let Ok(outcome) = crate::scenario::solutions::check(s, engines) else {
            continue;
        };
        let failure = if outcome.failures.is_empty() {
            passed += 1;
            None
        } else {
            failed += 1;
            Some(scenario_failed(
                &outcome.failures,
                "solution check(s)",
                &label,
                &name,
                &progress,
                r,
            ))
        };
        suite.cases.push(TestCase {
            name,
            seconds: case_started.elapsed().as_secs_f64(),
            failure,
        });
        progress.step();
    }
    progress.finish();
    let line = format!(
        "{label}: {passed} scenario(s) with a stipulation passed, {failed} failed ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    outln!("{line}");
    r.lines.push(line);
    r.junit.push(suite);
}

/// A scenario whose checks (`what`: expectations, solution checks) failed: the failures printed
/// in full, the scenario counted among the run's failures, and its JUnit failure (message,
/// details) returned.
fn scenario_failed(
    failures: &[crate::scenario::Failure],
    what: &str,
    label: &str,
    name: &str,
    progress: &Progress,
    r: &mut Results,
) -> (String, String) {
    progress.failure();
    let text: String = failures
        .iter()
        .map(crate::scenario::print_failure)
        .collect();
    out!("{text}");
    let message = format!("{} {what} failed", failures.len());
    r.failures.push(format!("{label}: {name}: {message}"));
    (message, text)
}

/// Both engines on the position of every scenario case, to the campaign's depth.
fn compare_scenarios(
    loaded: &Loaded,
    a: &dyn Engine,
    b: &dyn Engine,
    o: &CheckOptions,
    reproducers: &Path,
    r: &mut Results,
) {
    let started = Instant::now();
    let mut suite = TestSuite {
        name: "scenario positions (differential)".into(),
        cases: Vec::new(),
    };
    let mut cases = Vec::new();
    for s in loaded.iter().flatten() {
        if let Ok(found) = crate::scenario::case_positions(s, a) {
            cases.extend(
                found
                    .into_iter()
                    .filter_map(|(rules, p)| p.map(|p| (s, rules, p))),
            );
        }
    }
    let progress = Progress::new(
        "scenario positions",
        "positions",
        cases.len() as u64,
        o.progress,
    );
    let (mut found, mut nodes) = (0u64, 0u64);
    for (s, rules, position) in &cases {
        let case_started = Instant::now();
        let sa = Side::of(a, rules.clone());
        let sb = Side::of(b, rules.clone());
        let comparison = compare(&sa, &sb, position, o.depth);
        nodes += comparison.nodes;
        let failure = comparison.divergence.map(|d| {
            found += 1;
            progress.failure();
            let origin = format!("feerie check, the position of {} ({})", s.file, s.name);
            let (text, written, reported) =
                report_divergence(d, &sa, &sb, position, &origin, reproducers);
            r.reported.push(reported);
            r.failures.push(format!(
                "divergence on the position of {} ({}) under {rules}: {written}",
                s.file, s.name
            ));
            ("divergence".to_string(), text)
        });
        suite.cases.push(TestCase {
            name: format!("{}: {} under {rules}", s.file, s.name),
            seconds: case_started.elapsed().as_secs_f64(),
            failure,
        });
        progress.step();
    }
    progress.finish();
    let line = format!(
        "scenario positions: {} compared ({nodes} nodes, depth {}), {found} divergence(s) ({:.1} s)",
        cases.len(),
        o.depth,
        started.elapsed().as_secs_f64()
    );
    outln!("{line}");
    r.lines.push(line);
    r.compared += cases.len() as u64;
    r.divergences += found;
    r.junit.push(suite);
}

/// Shrinks, prints and records one divergence; returns the printed report and where its
/// reproducer went (or why it could not be written).
fn report_divergence(
    d: crate::harness::Divergence,
    a: &Side,
    b: &Side,
    original: &Position,
    origin: &str,
    reproducers: &Path,
) -> (String, String, crate::report::json::DivergenceJson) {
    let validation = if Position::new(original.setup().clone(), Validation::Strict).is_ok() {
        Validation::Strict
    } else {
        Validation::Lenient
    };
    let small = shrink(a, b, d, validation);
    let mut text = render(&small, a, b);
    let report = render(&small, a, b);
    let recorded = record(&small, a, b, origin, reproducers);
    let written = match &recorded {
        Ok(w) => {
            text += &written_line(w);
            written_short(w)
        }
        Err(e) => {
            let line = format!("reproducer not written in {}: {e}", reproducers.display());
            text += &format!("  {line}\n");
            line
        }
    };
    out!("{text}");
    let reported = crate::report::json::DivergenceJson::new(
        origin.to_string(),
        &small,
        [&a.label, &b.label],
        &a.rules,
        recorded.as_ref().ok(),
        report,
    );
    (text, written, reported)
}

fn written_line(w: &Written) -> String {
    format!("  reproducer: {}\n", written_short(w))
}

fn written_short(w: &Written) -> String {
    match w {
        Written::New(p) => p.display().to_string(),
        Written::AlreadyThere(p) => format!("{} (already there)", p.display()),
    }
}

/// The fuzz campaign stage.
fn fuzz(p: &Prepared, a: &dyn Engine, b: &dyn Engine, r: &mut Results) -> Result<(), Error> {
    let o = &p.options;
    let campaign = Campaign {
        buckets: p.buckets.clone(),
        count: o.fuzz,
        seed: o.seed,
        depth: o.depth,
        jobs: o.jobs,
        reproducers: Some(p.reproducers.clone()),
        max_reports: o.max_reports,
        progress: o.progress,
        shard: o.shard,
    };
    outln!(
        "fuzz: {} position(s) per family and profile{}, seed {}, depth {}, {} job(s)",
        o.fuzz,
        if o.shard.is_whole() {
            String::new()
        } else {
            format!(" (shard {})", o.shard)
        },
        o.seed,
        o.depth,
        o.jobs
    );
    let report = crate::harness::run_campaign(&campaign, a, b)?;
    for f in &report.found {
        r.reported.push(crate::report::json::DivergenceJson::new(
            format!("fuzz {}, case {} (seed {})", f.bucket, f.case, o.seed),
            &f.divergence,
            [a.name(), b.name()],
            &f.rules,
            f.reproducer.as_ref(),
            f.report.clone(),
        ));
        out!("{}", f.report);
        outln!("  found by: {}, case {}", f.bucket, f.case);
        let written = match &f.reproducer {
            Some(w) => {
                out!("{}", written_line(w));
                written_short(w)
            }
            None => "reproducer not written (see below)".into(),
        };
        r.failures.push(format!(
            "divergence in fuzz {}, case {} (seed {}): {written}",
            f.bucket, f.case, o.seed
        ));
    }
    let unreported = report.divergences() - report.found.len() as u64;
    if unreported > 0 {
        r.failures.push(format!(
            "{unreported} more fuzz divergence(s), counted but not shrunk (--max-reports {})",
            o.max_reports
        ));
    }
    for e in &report.write_errors {
        outln!("{e}");
        r.failures.push(e.clone());
    }
    r.compared += report.positions();
    r.divergences += report.divergences();
    r.lines.extend(campaign_lines(&report, o.seed));
    r.junit.push(campaign_suite(&report));
    r.fuzz_families = report.buckets.clone();
    Ok(())
}

/// The solving campaign stage: problem-like positions of every family solved by both engines.
fn fuzz_solving(
    p: &Prepared,
    a: &dyn Engine,
    b: &dyn Engine,
    r: &mut Results,
) -> Result<(), Error> {
    use crate::harness::solving_campaign::{STIPULATIONS, SolvingCampaign, run_solving_campaign};
    let o = &p.options;
    let campaign = SolvingCampaign {
        buckets: p.buckets.clone(),
        count: o.fuzz_solve,
        seed: o.seed,
        jobs: o.jobs,
        reproducers: Some(p.reproducers.clone()),
        max_reports: o.max_reports,
        progress: o.progress,
        shard: o.shard,
    };
    outln!(
        "solving: {} problem-like position(s) per family and profile{}, each solved under {}, seed {}",
        o.fuzz_solve,
        if o.shard.is_whole() {
            String::new()
        } else {
            format!(" (shard {})", o.shard)
        },
        STIPULATIONS.join(" "),
        o.seed
    );
    let report = run_solving_campaign(&campaign, a, b)?;
    for f in &report.found {
        let text = f.render();
        out!("{text}");
        outln!("  found by: {}, case {}", f.bucket, f.case);
        let written = match &f.reproducer {
            Some(w) => {
                out!("{}", written_line(w));
                written_short(w)
            }
            None => "reproducer not written".into(),
        };
        r.failures.push(format!(
            "solving difference in {}, case {}, {} (seed {}): {written}",
            f.bucket, f.case, f.stipulation, o.seed
        ));
    }
    let unreported = report.differences() - report.found.len() as u64;
    if unreported > 0 {
        r.failures.push(format!(
            "{unreported} more solving difference(s), counted but not shrunk (--max-reports {})",
            o.max_reports
        ));
    }
    for e in &report.write_errors {
        outln!("{e}");
        r.failures.push(e.clone());
    }
    r.divergences += report.differences();
    let secs = report.elapsed.as_secs_f64().max(1e-9);
    r.lines.push(format!("solving (seed {}):", o.seed));
    let width = report
        .buckets
        .iter()
        .map(|b| b.name.len())
        .max()
        .unwrap_or(0);
    for b in &report.buckets {
        r.lines.push(format!(
            "  {:width$}  {:>6} positions  {:>6} solves  {:>6} with solutions  {} difference(s)",
            b.name, b.positions, b.solves, b.with_solutions, b.differences
        ));
    }
    r.lines.push(format!(
        "  {} positions, {} difference(s) ({:.1} s)",
        report.positions(),
        report.differences(),
        secs
    ));
    let per_bucket = secs / report.buckets.len().max(1) as f64;
    r.junit.push(TestSuite {
        name: "solving".into(),
        cases: report
            .buckets
            .iter()
            .map(|b| {
                let details: String = report
                    .found
                    .iter()
                    .filter(|f| f.bucket == b.name)
                    .map(|f| f.render())
                    .collect();
                TestCase {
                    name: format!(
                        "{} ({} positions, {} solves)",
                        b.name, b.positions, b.solves
                    ),
                    seconds: per_bucket,
                    failure: (b.differences > 0)
                        .then(|| (format!("{} difference(s)", b.differences), details)),
                }
            })
            .collect(),
    });
    Ok(())
}

fn campaign_lines(report: &CampaignReport, seed: u64) -> Vec<String> {
    let secs = report.elapsed.as_secs_f64().max(1e-9);
    let mut lines = vec![format!("fuzz (seed {seed}):")];
    let width = report
        .buckets
        .iter()
        .map(|b| b.name.len())
        .max()
        .unwrap_or(0);
    for b in &report.buckets {
        lines.push(format!(
            "  {:width$}  {:>7} positions  {:>10} nodes  {} divergence(s)",
            b.name, b.positions, b.nodes, b.divergences
        ));
    }
    let nodes: u64 = report.buckets.iter().map(|b| b.nodes).sum();
    lines.push(format!(
        "  {} positions, {nodes} nodes, {} divergence(s), {:.0} positions/s ({:.1} s)",
        report.positions(),
        report.divergences(),
        report.positions() as f64 / secs,
        secs
    ));
    lines
}

fn campaign_suite(report: &CampaignReport) -> TestSuite {
    let per_bucket = report.elapsed.as_secs_f64() / report.buckets.len().max(1) as f64;
    TestSuite {
        name: "fuzz".into(),
        cases: report
            .buckets
            .iter()
            .map(|b| {
                let details: String = report
                    .found
                    .iter()
                    .filter(|f| f.bucket == b.name)
                    .map(|f| f.report.clone())
                    .collect();
                TestCase {
                    name: format!("{} ({} positions, {} nodes)", b.name, b.positions, b.nodes),
                    seconds: per_bucket,
                    failure: (b.divergences > 0)
                        .then(|| (format!("{} divergence(s)", b.divergences), details)),
                }
            })
            .collect(),
    }
}
