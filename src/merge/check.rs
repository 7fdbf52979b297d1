//! The merge of the shards of one `feerie check` run: counts summed, fuzz families' digests
//! XORed, suites joined by stage.

use super::MergeError;
use super::document::{check_shards, exit_code, shard_of};
use crate::report::json::{BucketJson, CheckDocument, SolvingFamilyJson, SuiteJson};
use crate::shard::Shard;

/// Joins the documents of the shards of one `check` run.
///
/// ```
/// use feerie::report::json::CheckDocument;
/// let shard = |k: &str| CheckDocument { command: "check".into(), shard: k.into(), ..Default::default() };
/// let whole = feerie::merge::merge(vec![shard("2/2"), shard("1/2")]).unwrap();
/// assert_eq!(whole.merged, ["1/2", "2/2"]);
/// assert!(feerie::merge::merge(vec![shard("1/2")]).unwrap_err().to_string().contains("missing shard 2/2"));
/// assert!(feerie::merge::merge(vec![shard("1/2"), shard("1/2")]).unwrap_err().to_string().contains("twice"));
/// ```
pub fn merge(mut docs: Vec<CheckDocument>) -> Result<CheckDocument, MergeError> {
    let Some(first) = docs.first() else {
        return Err(MergeError::Nothing);
    };
    if let Some(d) = docs.iter().find(|d| d.command != "check") {
        return Err(MergeError::Kinds {
            first: "check".into(),
            other: d.command.clone(),
        });
    }
    let run = |d: &CheckDocument| (d.seed, d.fuzz, d.fuzz_solve, d.depth, d.engines.clone());
    if let Some(d) = docs.iter().find(|d| run(d) != run(first)) {
        return Err(MergeError::OtherRun(format!(
            "seed {}, --fuzz {}, --fuzz-solve {}, depth {} against seed {}, --fuzz {}, \
             --fuzz-solve {}, depth {}",
            first.seed,
            first.fuzz,
            first.fuzz_solve,
            first.depth,
            d.seed,
            d.fuzz,
            d.fuzz_solve,
            d.depth
        )));
    }
    check_shards(docs.iter().map(|d| (d.shard.as_str(), d.merged.as_slice())))?;
    let claimed: Vec<i32> = docs.iter().map(|d| d.exit_code).collect();
    docs.sort_by_key(|d| shard_of(&d.shard).index());
    let mut whole = CheckDocument {
        command: "check".into(),
        schema: docs[0].schema,
        version: docs[0].version.clone(),
        engines: docs[0].engines.clone(),
        seed: docs[0].seed,
        fuzz: docs[0].fuzz,
        fuzz_solve: docs[0].fuzz_solve,
        depth: docs[0].depth,
        shard: Shard::WHOLE.to_string(),
        ..Default::default()
    };
    for d in docs {
        whole.merged.push(d.shard.clone());
        whole.seconds = whole.seconds.max(d.seconds);
        let c = &mut whole.counts;
        c.perft_positions += d.counts.perft_positions;
        c.scenarios += d.counts.scenarios;
        c.malformed += d.counts.malformed;
        c.compared += d.counts.compared;
        c.divergences += d.counts.divergences;
        c.solved += d.counts.solved;
        c.solving_differences += d.counts.solving_differences;
        whole
            .stages
            .extend(d.stages.iter().map(|l| format!("shard {}: {l}", d.shard)));
        whole.failures.extend(d.failures);
        whole.divergences.extend(d.divergences);
        for family in d.fuzz_families {
            add_family(&mut whole.fuzz_families, family)?;
        }
        for family in d.solving_families {
            add_family(&mut whole.solving_families, family)?;
        }
        for suite in d.suites {
            add_suite(&mut whole.suites, suite);
        }
    }
    whole.exit_code = exit_code(check_exit_code(&whole), claimed);
    whole.verdict = if whole.exit_code == 0 { "ok" } else { "failed" }.into();
    Ok(whole)
}

/// The exit code a `check` document's contents give, as `check` itself decides it: 2 when a
/// scenario is malformed, else 1 when anything failed or diverged (a count, a failure line, a
/// divergence, a fuzz or solving family's differences, a failed case of a suite), else 0.
///
/// ```
/// use feerie::report::json::{CheckCounts, CheckDocument, SolvingFamilyJson};
/// let mut doc = CheckDocument::default();
/// assert_eq!(feerie::merge::check_exit_code(&doc), 0);
/// doc.solving_families.push(SolvingFamilyJson { differences: 1, ..Default::default() });
/// assert_eq!(feerie::merge::check_exit_code(&doc), 1);
/// doc.solving_families.clear();
/// doc.counts = CheckCounts { divergences: 1, ..Default::default() };
/// assert_eq!(feerie::merge::check_exit_code(&doc), 1);
/// doc.counts.malformed = 1;
/// assert_eq!(feerie::merge::check_exit_code(&doc), 2);
/// ```
pub fn check_exit_code(d: &CheckDocument) -> i32 {
    let failed = d.counts.divergences > 0
        || d.counts.solving_differences > 0
        || d.solving_families.iter().any(|f| f.differences > 0)
        || !d.failures.is_empty()
        || !d.divergences.is_empty()
        || d.fuzz_families.iter().any(|f| f.divergences > 0)
        || d.suites
            .iter()
            .any(|s| s.cases.iter().any(|c| c.failure.is_some()));
    if d.counts.malformed > 0 {
        2
    } else {
        i32::from(failed)
    }
}

/// A campaign family's counts in one shard, joined with the same family's in the others.
trait Family {
    fn name(&self) -> &str;
    fn digest(&mut self) -> &mut String;
    /// Adds another shard's counts of the same family.
    fn add_counts(&mut self, other: &Self);
}

impl Family for BucketJson {
    fn name(&self) -> &str {
        &self.name
    }
    fn digest(&mut self) -> &mut String {
        &mut self.digest
    }
    fn add_counts(&mut self, other: &Self) {
        self.positions += other.positions;
        self.nodes += other.nodes;
        self.divergences += other.divergences;
    }
}

impl Family for SolvingFamilyJson {
    fn name(&self) -> &str {
        &self.name
    }
    fn digest(&mut self) -> &mut String {
        &mut self.digest
    }
    fn add_counts(&mut self, other: &Self) {
        self.positions += other.positions;
        self.solves += other.solves;
        self.with_solutions += other.with_solutions;
        self.differences += other.differences;
    }
}

/// Joins `family` into `families`: counts summed, digests XORed (the shards of a run XOR to
/// the unsharded run's digest).
fn add_family<F: Family>(families: &mut Vec<F>, mut family: F) -> Result<(), MergeError> {
    let name = family.name().to_string();
    let digest = |text: &str| {
        u64::from_str_radix(text, 16).map_err(|_| MergeError::Digest {
            family: name.clone(),
            digest: text.to_string(),
        })
    };
    let theirs = digest(family.digest())?;
    match families.iter_mut().find(|f| f.name() == name) {
        None => families.push(family),
        Some(f) => {
            f.add_counts(&family);
            let ours = digest(f.digest())?;
            *f.digest() = format!("{:016x}", ours ^ theirs);
        }
    }
    Ok(())
}

fn add_suite(suites: &mut Vec<SuiteJson>, suite: SuiteJson) {
    match suites.iter_mut().find(|s| s.name == suite.name) {
        None => suites.push(suite),
        Some(s) => s.cases.extend(suite.cases),
    }
}
