//! The merge of the shards of one `feerie popeye verify` run.

use super::MergeError;
use super::document::{check_shards, exit_code, shard_of};
use crate::report::verify::{VerifyCounts, VerifyDocument};
use crate::shard::Shard;

/// Joins the documents of the shards of one `popeye verify` run: the cases back in the file's
/// order, the counts summed.
///
/// ```
/// use feerie::report::verify::VerifyDocument;
/// let shard = |k: &str, input: &str| VerifyDocument {
///     command: "popeye verify".into(), shard: k.into(), input_fingerprint: input.into(), ..Default::default()
/// };
/// let whole = feerie::merge::merge_verify(vec![shard("2/2", "a"), shard("1/2", "a")]).unwrap();
/// assert_eq!(whole.merged, ["1/2", "2/2"]);
/// let other = feerie::merge::merge_verify(vec![shard("2/2", "a"), shard("1/2", "b")]);
/// assert!(other.unwrap_err().to_string().contains("not shards of one run"));
/// ```
pub fn merge_verify(mut docs: Vec<VerifyDocument>) -> Result<VerifyDocument, MergeError> {
    let Some(first) = docs.first() else {
        return Err(MergeError::Nothing);
    };
    let run = |d: &VerifyDocument| {
        (
            d.input_fingerprint.clone(),
            d.engine.clone(),
            d.problem,
            d.output.clone(),
        )
    };
    if let Some(d) = docs.iter().find(|d| run(d) != run(first)) {
        return Err(MergeError::OtherRun(format!(
            "input {} (fingerprint {}), Popeye's output {}, engine {}, problem {} against input {} (fingerprint {}), Popeye's output {}, engine {}, problem {}",
            first.input,
            first.input_fingerprint,
            first.output,
            first.engine,
            first.problem.map_or("all".into(), |n| n.to_string()),
            d.input,
            d.input_fingerprint,
            d.output,
            d.engine,
            d.problem.map_or("all".into(), |n| n.to_string()),
        )));
    }
    check_shards(docs.iter().map(|d| (d.shard.as_str(), d.merged.as_slice())))?;
    let claimed: Vec<i32> = docs.iter().map(|d| d.exit_code).collect();
    // A shard that counts a difference its cases do not show is a difference too.
    let counted_differ = docs.iter().any(|d| d.counts.differ > 0);
    docs.sort_by_key(|d| shard_of(&d.shard).index());
    let mut whole = VerifyDocument {
        shard: Shard::WHOLE.to_string(),
        merged: docs.iter().map(|d| d.shard.clone()).collect(),
        cases: Vec::new(),
        seconds: docs.iter().map(|d| d.seconds).fold(0.0, f64::max),
        ..docs[0].clone()
    };
    for d in docs {
        whole.cases.extend(d.cases);
    }
    whole.cases.sort_by_key(|c| c.index);
    whole.counts = VerifyCounts::of(&whole.cases);
    let found = crate::report::verify::exit_code(&whole.counts).max(i32::from(counted_differ));
    whole.exit_code = exit_code(found, claimed);
    whole.verdict = crate::report::verify::verdict(whole.exit_code).into();
    Ok(whole)
}
