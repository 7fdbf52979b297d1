//! `feerie merge`: the JSON documents of the shards of one `feerie check` run (`--shard K/N`
//! with the same seed and flags) joined into the document of the whole run, which can also be
//! written as JUnit XML and as the HTML report. The merge refuses documents of different runs,
//! a shard given twice and a missing shard, so that a merged report always covers the whole
//! run.

use std::path::{Path, PathBuf};

use crate::harness::Shard;
use crate::report::json::{BucketJson, CheckDocument, SuiteJson};

/// Joins the documents of the shards of one run.
///
/// ```
/// use feerie::report::json::CheckDocument;
/// let shard = |k: &str| CheckDocument { command: "check".into(), shard: k.into(), ..Default::default() };
/// let whole = feerie::merge::merge(vec![shard("2/2"), shard("1/2")]).unwrap();
/// assert_eq!(whole.merged, ["1/2", "2/2"]);
/// assert!(feerie::merge::merge(vec![shard("1/2")]).unwrap_err().contains("missing shard 2/2"));
/// assert!(feerie::merge::merge(vec![shard("1/2"), shard("1/2")]).unwrap_err().contains("twice"));
/// ```
pub fn merge(mut docs: Vec<CheckDocument>) -> Result<CheckDocument, String> {
    let Some(first) = docs.first() else {
        return Err("nothing to merge: give the shards' JSON documents".into());
    };
    if let Some(d) = docs.iter().find(|d| d.command != "check") {
        return Err(format!(
            "only documents of `feerie check --format json` can be merged, not `{}`",
            d.command
        ));
    }
    let run = |d: &CheckDocument| (d.seed, d.fuzz, d.depth, d.engines.clone());
    if let Some(d) = docs.iter().find(|d| run(d) != run(first)) {
        return Err(format!(
            "the documents are not shards of one run: seed {}, --fuzz {}, depth {} against seed {}, --fuzz {}, depth {}",
            first.seed, first.fuzz, first.depth, d.seed, d.fuzz, d.depth
        ));
    }
    let mut shards: Vec<Shard> = Vec::new();
    for d in &docs {
        if !d.merged.is_empty() {
            return Err(
                "a merged document cannot be merged again: merge the shards' own documents".into(),
            );
        }
        let shard: Shard = d
            .shard
            .parse()
            .map_err(|e| format!("shard '{}': {e}", d.shard))?;
        if shards.contains(&shard) {
            return Err(format!("shard {shard} is given twice"));
        }
        shards.push(shard);
    }
    let count = shards[0].count();
    if let Some(s) = shards.iter().find(|s| s.count() != count) {
        return Err(format!(
            "shards of {count} and of {} cannot be merged: {} and {s}",
            s.count(),
            shards[0]
        ));
    }
    let missing: Vec<String> = (1..=count)
        .filter(|k| !shards.iter().any(|s| s.index() == *k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "missing shard {} (a merged report covers the whole run)",
            missing.join(", ")
        ));
    }
    docs.sort_by_key(|d| d.shard.parse::<Shard>().map_or(0, Shard::index));
    let mut whole = CheckDocument {
        command: "check".into(),
        schema: docs[0].schema,
        version: docs[0].version.clone(),
        engines: docs[0].engines.clone(),
        seed: docs[0].seed,
        fuzz: docs[0].fuzz,
        depth: docs[0].depth,
        shard: Shard::WHOLE.to_string(),
        ..Default::default()
    };
    for d in docs {
        whole.merged.push(d.shard.clone());
        whole.exit_code = whole.exit_code.max(d.exit_code);
        whole.seconds = whole.seconds.max(d.seconds);
        let c = &mut whole.counts;
        c.perft_positions += d.counts.perft_positions;
        c.scenarios += d.counts.scenarios;
        c.malformed += d.counts.malformed;
        c.compared += d.counts.compared;
        c.divergences += d.counts.divergences;
        whole
            .stages
            .extend(d.stages.iter().map(|l| format!("shard {}: {l}", d.shard)));
        whole.failures.extend(d.failures);
        whole.divergences.extend(d.divergences);
        for family in d.fuzz_families {
            add_family(&mut whole.fuzz_families, family)?;
        }
        for suite in d.suites {
            add_suite(&mut whole.suites, suite);
        }
    }
    whole.verdict = if whole.exit_code == 0 { "ok" } else { "failed" }.into();
    Ok(whole)
}

fn add_family(families: &mut Vec<BucketJson>, family: BucketJson) -> Result<(), String> {
    let digest = |text: &str| {
        u64::from_str_radix(text, 16).map_err(|_| {
            format!(
                "fuzz family {}: digest '{text}' is not hexadecimal",
                family.name
            )
        })
    };
    match families.iter_mut().find(|f| f.name == family.name) {
        None => {
            digest(&family.digest)?;
            families.push(family);
        }
        Some(f) => {
            f.positions += family.positions;
            f.nodes += family.nodes;
            f.divergences += family.divergences;
            f.digest = format!("{:016x}", digest(&f.digest)? ^ digest(&family.digest)?);
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

/// `feerie merge`: reads `files`, merges them, writes the merged document (to `output` or
/// standard output), and the JUnit file and HTML report when asked; returns the merged run's
/// exit code.
pub fn run(
    files: &[PathBuf],
    output: Option<&Path>,
    junit: Option<&Path>,
    report: Option<&Path>,
) -> Result<i32, String> {
    if let Some(path) = report {
        crate::report::html::check_path(path)?;
    }
    let mut docs = Vec::new();
    for path in files {
        let text = crate::limits::read_text(path, 16 * crate::limits::MAX_INPUT_BYTES)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let doc: CheckDocument = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{}: not a document of `feerie check --format json` ({e})",
                path.display()
            )
        })?;
        docs.push(doc);
    }
    let whole = merge(docs)?;
    if let Some(path) = junit {
        let suites: Vec<_> = whole.suites.iter().map(SuiteJson::to_junit).collect();
        std::fs::write(path, crate::harness::junit::to_xml(&suites))
            .map_err(|e| format!("--junit: cannot write {}: {e}", path.display()))?;
    }
    if let Some(path) = report {
        crate::report::html::write(path, &crate::report::html::check_report(&whole))?;
    }
    let text = serde_json::to_string_pretty(&whole).expect("documents serialise");
    match output {
        Some(path) => std::fs::write(path, text + "\n")
            .map_err(|e| format!("-o: cannot write {}: {e}", path.display()))?,
        None => crate::output::document(&text),
    }
    eprintln!(
        "merge: {} shard(s), {} positions compared, {} divergence(s): {}",
        whole.merged.len(),
        whole.counts.compared,
        whole.counts.divergences,
        whole.verdict
    );
    Ok(whole.exit_code)
}
