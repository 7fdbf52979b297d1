//! The document of `feerie popeye compare`.

use std::collections::BTreeMap;

use feerie_oracle::fen;
use serde::{Deserialize, Serialize};

use super::RulesJson;

/// `feerie popeye compare --format json`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CompareDocument {
    /// `"popeye compare"`.
    pub command: String,
    /// [`SCHEMA_VERSION`](super::SCHEMA_VERSION).
    pub schema: u32,
    /// The Popeye binary.
    pub popeye: String,
    /// Our engine.
    pub engine: String,
    /// The shard run, `K/N`.
    pub shard: String,
    /// In a merged document: the shards merged, in order.
    #[serde(default)]
    pub merged: Vec<String>,
    /// Each case with its verdict.
    pub cases: Vec<CompareCaseJson>,
    /// How many cases got each verdict.
    pub tally: BTreeMap<String, usize>,
    /// The exit code.
    pub exit_code: i32,
}

/// One case of a Popeye comparison.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CompareCaseJson {
    /// Its name (the scenario's file and name).
    pub name: String,
    /// The position.
    pub fen: String,
    /// The rules.
    pub rules: RulesJson,
    /// `agree`, `profile-difference`, `refused`, `skipped`, `differ` or `failed`.
    pub verdict: String,
    /// The differences (`only Popeye: …`, `only ours: …`, `perft 2: Popeye …, ours …`).
    pub lines: Vec<String>,
    /// Switches whose values are not Popeye's.
    pub switches: Vec<String>,
    /// Popeye's words (refused), the reason (skipped, failed).
    pub reason: Option<String>,
}

impl CompareCaseJson {
    /// The description of one judged case.
    pub fn new(
        case: &crate::verify::compare::Case,
        verdict: &crate::verify::compare::Verdict,
    ) -> Self {
        use crate::verify::compare::Verdict as V;
        let mut out = CompareCaseJson {
            name: case.name.clone(),
            fen: fen::write(case.position.setup()),
            rules: RulesJson::of(&case.rules),
            ..Default::default()
        };
        let (word, lines, switches, reason) = match verdict {
            V::Agree => ("agree", vec![], vec![], None),
            V::ProfileDifference { switches, lines } => {
                ("profile-difference", lines.clone(), switches.clone(), None)
            }
            V::Refused(w) => ("refused", vec![], vec![], Some(w.clone())),
            V::Skipped(w) => ("skipped", vec![], vec![], Some(w.clone())),
            V::Differ { lines, switches } => ("differ", lines.clone(), switches.clone(), None),
            V::Failed(w) => ("failed", vec![], vec![], Some(w.clone())),
        };
        out.verdict = word.into();
        out.lines = lines;
        out.switches = switches;
        out.reason = reason;
        out
    }
}

/// The tally as a map from verdict to count.
pub fn tally_map(t: &crate::verify::compare::Tally) -> BTreeMap<String, usize> {
    [
        ("agree", t.agree),
        ("profile-difference", t.profile),
        ("refused", t.refused),
        ("skipped", t.skipped),
        ("differ", t.differ),
        ("failed", t.failed),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}
