//! The merge of the shards of one `feerie popeye compare --scenarios` run.

use super::MergeError;
use super::document::{check_shards, exit_code, shard_of};
use crate::report::json::CompareDocument;
use crate::shard::Shard;

/// Joins the documents of the shards of one `popeye compare --scenarios` run: the cases back
/// in the scenarios' order (case `i` of shard `K/N` was case `i × N + K - 1` of the whole
/// run), the tally summed.
pub fn merge_compare(mut docs: Vec<CompareDocument>) -> Result<CompareDocument, MergeError> {
    let Some(first) = docs.first() else {
        return Err(MergeError::Nothing);
    };
    let run = |d: &CompareDocument| (d.popeye.clone(), d.engine.clone());
    if let Some(d) = docs.iter().find(|d| run(d) != run(first)) {
        return Err(MergeError::OtherRun(format!(
            "Popeye {}, engine {} against Popeye {}, engine {}",
            first.popeye, first.engine, d.popeye, d.engine
        )));
    }
    check_shards(docs.iter().map(|d| (d.shard.as_str(), d.merged.as_slice())))?;
    let claimed: Vec<i32> = docs.iter().map(|d| d.exit_code).collect();
    docs.sort_by_key(|d| shard_of(&d.shard).index());
    let mut numbered = Vec::new();
    let mut whole = CompareDocument {
        shard: Shard::WHOLE.to_string(),
        merged: docs.iter().map(|d| d.shard.clone()).collect(),
        cases: Vec::new(),
        tally: Default::default(),
        exit_code: 0,
        ..docs[0].clone()
    };
    for d in docs {
        let shard = shard_of(&d.shard);
        for (verdict, n) in d.tally {
            *whole.tally.entry(verdict).or_insert(0) += n;
        }
        for (i, case) in d.cases.into_iter().enumerate() {
            numbered.push((i as u64 * shard.count() + shard.index() - 1, case));
        }
    }
    numbered.sort_by_key(|(n, _)| *n);
    whole.cases = numbered.into_iter().map(|(_, c)| c).collect();
    // As `popeye compare` decides it: a real difference is 1, else a failure is 2.
    let counted = |word: &str| {
        whole.tally.get(word).copied().unwrap_or(0) > 0
            || whole.cases.iter().any(|c| c.verdict == word)
    };
    let found = if counted("differ") {
        1
    } else if counted("failed") {
        2
    } else {
        0
    };
    whole.exit_code = exit_code(found, claimed);
    Ok(whole)
}
