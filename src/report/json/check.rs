//! The document of `feerie check`, which `feerie merge` also writes.

use serde::{Deserialize, Serialize};

use super::{BucketJson, DivergenceJson, SCHEMA_VERSION, SolvingFamilyJson, SuiteJson};
use crate::report::junit::TestSuite;

/// The totals of a check.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckCounts {
    /// Perft positions checked (per engine).
    pub perft_positions: u64,
    /// Scenarios read.
    pub scenarios: u64,
    /// Malformed scenario files.
    pub malformed: u64,
    /// Positions the two engines were compared on (scenario positions and fuzzed ones).
    pub compared: u64,
    /// Positions with a divergence (the solving differences included).
    pub divergences: u64,
    /// Problem-like positions solved by both engines in the solving campaign.
    #[serde(default)]
    pub solved: u64,
    /// Solves (position and stipulation) where the two engines' solutions differ.
    #[serde(default)]
    pub solving_differences: u64,
}

/// `feerie check --format json`, and what `feerie merge` writes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CheckDocument {
    /// `"check"`.
    pub command: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// feerie's version.
    pub version: String,
    /// `"ok"` or `"failed"`.
    pub verdict: String,
    /// The exit code (0, 1 or 2).
    pub exit_code: i32,
    /// The engines, the specification first.
    pub engines: Vec<String>,
    /// The fuzz campaign's seed.
    pub seed: u64,
    /// Fuzzed positions per family and profile.
    pub fuzz: u64,
    /// Half-moves compared.
    pub depth: u32,
    /// The shard run, `K/N` (`1/1`: the whole run).
    pub shard: String,
    /// In a merged document: the shards merged, in order.
    #[serde(default)]
    pub merged: Vec<String>,
    /// The totals.
    pub counts: CheckCounts,
    /// Each stage's summary line.
    pub stages: Vec<String>,
    /// One line per failure.
    pub failures: Vec<String>,
    /// The fuzz families' counts.
    pub fuzz_families: Vec<BucketJson>,
    /// Problem-like positions per family and profile of the solving campaign (0: none).
    #[serde(default)]
    pub fuzz_solve: u64,
    /// The solving campaign's families' counts.
    #[serde(default)]
    pub solving_families: Vec<SolvingFamilyJson>,
    /// The divergences reported in full.
    pub divergences: Vec<DivergenceJson>,
    /// The stages as suites of cases (as in the JUnit file).
    pub suites: Vec<SuiteJson>,
    /// Seconds taken (a merged document: the longest shard's).
    pub seconds: f64,
    /// With `--coverage`: the rule events reached, per condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coverage: Option<crate::report::coverage::CoverageJson>,
}

/// What a check found, as [`check_document`] reads it.
pub struct CheckParts<'a> {
    /// Each stage's summary line.
    pub stages: &'a [String],
    /// One line per failure.
    pub failures: &'a [String],
    /// The stages as suites.
    pub suites: &'a [TestSuite],
    /// The totals.
    pub counts: CheckCounts,
    /// The fuzz families' counts.
    pub families: &'a [crate::harness::BucketSummary],
    /// The solving campaign's families' counts.
    pub solving_families: &'a [crate::harness::solving_campaign::SolvingSummary],
    /// The divergences reported in full.
    pub divergences: &'a [DivergenceJson],
}

/// How a check was run, as its document records it.
#[derive(Clone, Debug)]
pub struct CheckSettings {
    /// The engines' names, the specification first.
    pub engines: Vec<String>,
    /// Seed of the campaigns.
    pub seed: u64,
    /// Fuzzed positions per family.
    pub fuzz: u64,
    /// Problem-like positions per family solved by both engines.
    pub fuzz_solve: u64,
    /// Half-moves compared from each fuzzed position.
    pub depth: u32,
    /// The shard, as written (`1/1` when not sharded).
    pub shard: String,
}

/// The document of a check run with `options` that ends with exit code `code`.
pub fn check_document(
    options: &CheckSettings,
    code: i32,
    parts: &CheckParts,
    started: std::time::Instant,
) -> CheckDocument {
    CheckDocument {
        command: "check".into(),
        schema: SCHEMA_VERSION,
        version: env!("CARGO_PKG_VERSION").into(),
        verdict: if code == 0 { "ok" } else { "failed" }.into(),
        exit_code: code,
        engines: options.engines.clone(),
        seed: options.seed,
        fuzz: options.fuzz,
        depth: options.depth,
        shard: options.shard.clone(),
        merged: Vec::new(),
        counts: parts.counts.clone(),
        stages: parts.stages.to_vec(),
        failures: parts.failures.to_vec(),
        fuzz_families: parts
            .families
            .iter()
            .map(|b| BucketJson {
                name: b.name.clone(),
                positions: b.positions,
                nodes: b.nodes,
                divergences: b.divergences,
                digest: format!("{:016x}", b.digest),
            })
            .collect(),
        fuzz_solve: options.fuzz_solve,
        solving_families: parts
            .solving_families
            .iter()
            .map(|b| SolvingFamilyJson {
                name: b.name.clone(),
                positions: b.positions,
                solves: b.solves,
                with_solutions: b.with_solutions,
                differences: b.differences,
                digest: format!("{:016x}", b.digest),
            })
            .collect(),
        divergences: parts.divergences.to_vec(),
        suites: parts.suites.iter().map(SuiteJson::of).collect(),
        seconds: started.elapsed().as_secs_f64(),
        coverage: None,
    }
}
