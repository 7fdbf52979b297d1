//! `feerie check`, the main job: the perft suites, every scenario through each engine and
//! against its expectations, the two engines compared on every scenario position, then a fuzz
//! campaign; a closing summary, and optionally the same results as JUnit XML.

use std::path::{Path, PathBuf};
use std::time::Instant;

use feerie_oracle::{Engine, Position, Validation, fen};

use crate::harness::junit::{TestCase, TestSuite};
use crate::harness::{
    Bucket, Campaign, CampaignReport, Side, Written, compare, record, render, shrink,
};

/// What `feerie check` runs.
#[derive(Clone)]
pub struct CheckOptions {
    /// Folder of YAML scenarios.
    pub scenarios: PathBuf,
    /// Folder of reproducers: run as scenarios when present, and where new ones are written.
    pub reproducers: PathBuf,
    /// Folder of perft suites (`None`: the default folder, skipped when absent).
    pub perft: Option<PathBuf>,
    /// Deepest perft count checked.
    pub max_depth: u32,
    /// Largest perft count checked (larger ones are skipped and counted as such).
    pub max_count: u64,
    /// The engines: the specification first. With two, they are also compared.
    pub engines: Vec<&'static dyn Engine>,
    /// Fuzzed positions per bucket (0: no campaign).
    pub fuzz: u64,
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
}

/// The default folder of perft suites.
pub const DEFAULT_PERFT: &str = "corpus/perft";

/// The largest perft count `feerie check` checks by default (`--max-count`): the suites' deeper
/// counts take the reference engine minutes.
pub const DEFAULT_PERFT_MAX_COUNT: u64 = 200_000;

/// The counts of one stage of the check.
#[derive(Default)]
struct Tally {
    passed: u64,
    failed: u64,
    malformed: u64,
}

/// Runs the check and prints as it goes; the exit code is 0 when everything passes, 1 on a
/// failure or divergence, 2 when a scenario is malformed.
pub fn run_check(o: &CheckOptions) -> Result<i32, String> {
    let started = Instant::now();
    let mut junit = Vec::new();
    let mut lines = Vec::new();

    let perft_dir = match &o.perft {
        Some(dir) => Some(dir.clone()),
        None if Path::new(DEFAULT_PERFT).is_dir() => Some(PathBuf::from(DEFAULT_PERFT)),
        None => {
            println!("perft: skipped ({DEFAULT_PERFT} is absent)");
            None
        }
    };
    let mut perft = Tally::default();
    if let Some(dir) = perft_dir {
        for &engine in &o.engines {
            let (tally, suite) = check_perft(&dir, o, engine)?;
            lines.push(format!(
                "perft ({}): {} passed, {} failed",
                engine.name(),
                tally.passed,
                tally.failed
            ));
            perft.passed += tally.passed;
            perft.failed += tally.failed;
            junit.push(suite);
        }
    }

    let mut loaded = crate::scenario::load_dir(&o.scenarios)?;
    if loaded.is_empty() {
        return Err(format!("no scenario (*.yaml) in {}", o.scenarios.display()));
    }
    if o.reproducers.is_dir() {
        loaded.extend(crate::scenario::load_dir(&o.reproducers)?);
    }
    let mut scenarios = Tally::default();
    for &engine in &o.engines {
        let (tally, suite) = check_scenarios(&loaded, engine);
        lines.push(format!(
            "scenarios ({}): {} passed, {} failed, {} malformed",
            engine.name(),
            tally.passed,
            tally.failed,
            tally.malformed
        ));
        scenarios.passed += tally.passed;
        scenarios.failed += tally.failed;
        scenarios.malformed = scenarios.malformed.max(tally.malformed);
        junit.push(suite);
    }

    let mut divergences = 0u64;
    if let [a, b] = o.engines[..] {
        let (found, nodes, positions, suite) = compare_scenarios(&loaded, a, b, o);
        lines.push(format!(
            "scenario positions: {positions} compared ({nodes} nodes, depth {}), {found} divergence(s)",
            o.depth
        ));
        divergences += found;
        junit.push(suite);
        if o.fuzz > 0 {
            let campaign = Campaign {
                buckets: Bucket::matching(&o.only)?,
                count: o.fuzz,
                seed: o.seed,
                depth: o.depth,
                jobs: o.jobs,
                reproducers: Some(o.reproducers.clone()),
                max_reports: o.max_reports,
                progress: o.progress,
            };
            println!(
                "fuzz: {} position(s) per family and profile, seed {}, depth {}, {} job(s)",
                o.fuzz, o.seed, o.depth, o.jobs
            );
            let report = crate::harness::run_campaign(&campaign, a, b)?;
            print_campaign(&report);
            divergences += report.divergences();
            lines.extend(campaign_lines(&report, o.seed));
            junit.push(campaign_suite(&report));
        }
    } else if o.fuzz > 0 {
        lines.push("fuzz: skipped (it compares two engines; --engine chose one)".into());
    }

    println!("summary");
    for l in &lines {
        println!("  {l}");
    }
    println!("  {:.1} s in all", started.elapsed().as_secs_f64());
    if let Some(path) = &o.junit {
        std::fs::write(path, crate::harness::junit::to_xml(&junit))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(if scenarios.malformed > 0 {
        2
    } else if perft.failed + scenarios.failed + divergences > 0 {
        1
    } else {
        0
    })
}

fn check_perft(
    dir: &Path,
    o: &CheckOptions,
    engine: &dyn Engine,
) -> Result<(Tally, TestSuite), String> {
    let suites = crate::corpus::load_suites(dir)?;
    if suites.is_empty() {
        return Err(format!("no perft suite (*.txt) in {}", dir.display()));
    }
    let mut tally = Tally::default();
    let mut suite = TestSuite {
        name: format!("perft ({})", engine.name()),
        cases: Vec::new(),
    };
    let started = Instant::now();
    let (mut nodes, mut positions, mut skipped) = (0, 0, 0);
    for case in suites.iter().flat_map(|s| &s.cases) {
        positions += 1;
        let case_started = Instant::now();
        let position = fen::parse(&case.fen, Validation::Lenient)
            .map_err(|e| format!("{}: {e}", case.origin))?;
        let mut failures = Vec::new();
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= o.max_depth) {
            if expected > o.max_count {
                skipped += 1;
                continue;
            }
            let got = engine
                .perft(&position, &case.rules, depth)
                .map_err(|e| format!("{} under {}: {e}", case.origin, case.rules))?;
            nodes += got;
            if got == expected {
                tally.passed += 1;
            } else {
                tally.failed += 1;
                let line = format!(
                    "FAIL {} depth {depth} under {}: expected {expected}, got {got} ({})",
                    case.origin, case.rules, case.fen
                );
                println!("{line}");
                failures.push(line);
            }
        }
        suite.cases.push(TestCase {
            name: format!("{} {} under {}", case.origin, case.fen, case.rules),
            seconds: case_started.elapsed().as_secs_f64(),
            failure: (!failures.is_empty())
                .then(|| ("perft count differs".into(), failures.join("\n"))),
        });
    }
    println!(
        "perft ({}): {} passed, {} failed ({} suites, {positions} positions, {nodes} nodes, \
         {skipped} counts above --max-count {} skipped, {:.1} s)",
        engine.name(),
        tally.passed,
        tally.failed,
        suites.len(),
        o.max_count,
        started.elapsed().as_secs_f64()
    );
    Ok((tally, suite))
}

type Loaded = Vec<Result<crate::scenario::Scenario, crate::scenario::LoadError>>;

fn check_scenarios(loaded: &Loaded, engine: &dyn Engine) -> (Tally, TestSuite) {
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut suite = TestSuite {
        name: format!("scenarios ({})", engine.name()),
        cases: Vec::new(),
    };
    let mut checks = 0;
    for item in loaded {
        let case_started = Instant::now();
        let outcome = item
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|s| crate::scenario::run(s, engine).map(|o| (s, o)));
        let (name, failure) = match outcome {
            Err(e) => {
                tally.malformed += 1;
                println!("MALFORMED {e}");
                (
                    e.to_string(),
                    Some(("malformed".to_string(), e.to_string())),
                )
            }
            Ok((s, o)) => {
                checks += o.checked;
                let name = format!("{}: {}", s.file, s.name);
                if o.failures.is_empty() {
                    tally.passed += 1;
                    println!("ok {name} ({}, {} checks)", engine.name(), o.checked);
                    (name, None)
                } else {
                    tally.failed += 1;
                    let text: String = o
                        .failures
                        .iter()
                        .map(crate::scenario::print_failure)
                        .collect();
                    print!("{text}");
                    let message = format!("{} expectation(s) failed", o.failures.len());
                    (name, Some((message, text)))
                }
            }
        };
        suite.cases.push(TestCase {
            name,
            seconds: case_started.elapsed().as_secs_f64(),
            failure,
        });
    }
    println!(
        "scenarios: {} passed, {} failed, {} malformed ({} engine, {checks} checks, {:.1} s)",
        tally.passed,
        tally.failed,
        tally.malformed,
        engine.name(),
        started.elapsed().as_secs_f64()
    );
    (tally, suite)
}

/// Both engines on the position of every scenario case, to the campaign's depth.
fn compare_scenarios(
    loaded: &Loaded,
    a: &dyn Engine,
    b: &dyn Engine,
    o: &CheckOptions,
) -> (u64, u64, u64, TestSuite) {
    let mut suite = TestSuite {
        name: "scenario positions (differential)".into(),
        cases: Vec::new(),
    };
    let (mut found, mut nodes, mut positions) = (0, 0, 0);
    for s in loaded.iter().flatten() {
        let Ok(cases) = crate::scenario::case_positions(s, a) else {
            continue;
        };
        for (rules, position) in cases {
            let Some(position) = position else { continue };
            let started = Instant::now();
            positions += 1;
            let sa = Side::of(a, rules.clone());
            let sb = Side::of(b, rules.clone());
            let comparison = compare(&sa, &sb, &position, o.depth);
            nodes += comparison.nodes;
            let failure = comparison.divergence.map(|d| {
                found += 1;
                let origin = format!("feerie check, the position of {} ({})", s.file, s.name);
                let text = report_divergence(d, &sa, &sb, &position, &origin, o);
                ("divergence".to_string(), text)
            });
            suite.cases.push(TestCase {
                name: format!("{}: {} under {rules}", s.file, s.name),
                seconds: started.elapsed().as_secs_f64(),
                failure,
            });
        }
    }
    (found, nodes, positions, suite)
}

/// Shrinks, prints and records one divergence; returns the printed report.
fn report_divergence(
    d: crate::harness::Divergence,
    a: &Side,
    b: &Side,
    original: &Position,
    origin: &str,
    o: &CheckOptions,
) -> String {
    let validation = if Position::new(original.setup().clone(), Validation::Strict).is_ok() {
        Validation::Strict
    } else {
        Validation::Lenient
    };
    let small = shrink(a, b, d, validation);
    let mut text = render(&small, a, b);
    match record(&small, a, b, origin, &o.reproducers) {
        Ok(w) => text += &written_line(&w),
        Err(e) => text += &format!("  reproducer not written: {e}\n"),
    }
    print!("{text}");
    text
}

fn written_line(w: &Written) -> String {
    match w {
        Written::New(p) => format!("  reproducer: {}\n", p.display()),
        Written::AlreadyThere(p) => format!("  reproducer: {} (already there)\n", p.display()),
    }
}

fn print_campaign(report: &CampaignReport) {
    for f in &report.found {
        print!("{}", f.report);
        println!("  found by: {}, case {}", f.bucket, f.case);
        if let Some(w) = &f.reproducer {
            print!("{}", written_line(w));
        }
    }
    for e in &report.write_errors {
        println!("{e}");
    }
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
