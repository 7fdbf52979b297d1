//! The rules, moves, divergences and suites as every document writes them: the parts shared by
//! the documents of several commands.

use std::collections::BTreeMap;

use feerie_oracle::{MoveRecord, Rules, fen};
use serde::{Deserialize, Serialize};

use crate::harness::Written;
use crate::harness::compare::{Difference, Divergence};
use crate::report::junit::TestSuite;

/// The rules as a document gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesJson {
    /// The rules as the text output writes them (`circe profile=popeye rex=inclusive`).
    pub text: String,
    /// The conditions' slugs (empty for orthodox chess).
    pub conditions: Vec<String>,
    /// The profile.
    pub profile: String,
    /// Every switch with the value in force.
    pub switches: BTreeMap<String, String>,
}

impl RulesJson {
    /// The rules' description.
    ///
    /// ```
    /// use feerie::oracle::Rules;
    /// let rules = Rules::from_words(&["circe"], Some("popeye"), &["rex=inclusive"]).unwrap();
    /// let json = feerie::report::json::RulesJson::of(&rules);
    /// assert_eq!(json.conditions, ["circe"]);
    /// assert_eq!(json.switches["rex"], "inclusive");
    /// ```
    pub fn of(rules: &Rules) -> RulesJson {
        RulesJson {
            text: rules.to_string(),
            conditions: rules.conditions().map(|c| c.slug().to_string()).collect(),
            profile: rules.profile().name().to_string(),
            switches: rules
                .resolved()
                .into_iter()
                .map(|(s, v)| (s.key().to_string(), v))
                .collect(),
        }
    }
}

/// One legal move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveJson {
    /// Popeye notation without the check mark.
    pub notation: String,
    /// `""`, `"+"` (check) or `"#"` (mate).
    pub mark: String,
}

impl MoveJson {
    /// The move's notation and mark.
    pub fn of(record: &MoveRecord) -> MoveJson {
        MoveJson {
            notation: record.notation_without_check(),
            mark: record.check.suffix().trim().to_string(),
        }
    }
}

/// A divergence between two sides (two engines, or one engine and Popeye), as reports show it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DivergenceJson {
    /// Where it was found (`fuzz circe/documented, case 12`, a scenario's file and name).
    pub origin: String,
    /// `moves`, `after`, `perft` or `failed`.
    pub kind: String,
    /// The two sides' names: the specification first.
    pub sides: [String; 2],
    /// The rules (the first side's, when the two differ).
    pub rules: RulesJson,
    /// Where the comparison started (FEN).
    pub root: String,
    /// Moves from the root to the node, Popeye notation.
    pub path: Vec<String>,
    /// The node where the sides differ (FEN).
    pub node: String,
    /// Half-moves still compared at the node.
    pub depth: u32,
    /// For `after`: the move after which the positions differ.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// Each side's answer: its moves (with ` +`/` #`) for `moves`, the position after the move
    /// for `after`, its error or `ok` for `failed`, the counts for `perft`.
    pub answers: [Vec<String>; 2],
    /// For `moves`: the moves only the first side gives, and only the second.
    pub only: [Vec<String>; 2],
    /// The reproducer's path, when one was written (or was already there).
    pub reproducer: Option<String>,
    /// The report as the text output prints it.
    pub text: String,
}

impl DivergenceJson {
    /// The description of a shrunk divergence between sides labelled `labels` under `rules`.
    pub fn new(
        origin: String,
        d: &Divergence,
        labels: [&str; 2],
        rules: &Rules,
        reproducer: Option<&Written>,
        text: String,
    ) -> DivergenceJson {
        let mut out = DivergenceJson {
            origin,
            kind: d.difference.kind().into(),
            sides: labels.map(str::to_string),
            rules: RulesJson::of(rules),
            root: fen::write(d.root.setup()),
            path: d.path.iter().map(|m| m.to_string()).collect(),
            node: fen::write(d.node.setup()),
            depth: d.depth,
            reproducer: reproducer.map(|w| match w {
                Written::New(p) => p.display().to_string(),
                Written::AlreadyThere(p) => p.display().to_string(),
            }),
            text,
            ..Default::default()
        };
        match &d.difference {
            Difference::Moves { a, b } => {
                out.only = [
                    a.iter().filter(|m| !b.contains(m)).cloned().collect(),
                    b.iter().filter(|m| !a.contains(m)).cloned().collect(),
                ];
                out.answers = [a.clone(), b.clone()];
            }
            Difference::After { mv, a, b } => {
                out.mv = Some(mv.clone());
                out.answers = [vec![a.clone()], vec![b.clone()]];
            }
            Difference::Perft {
                side,
                depth,
                walked,
                counted,
            } => {
                out.answers = [
                    vec![format!(
                        "{side}: its move lists give {walked} at depth {depth}"
                    )],
                    vec![format!("{side}: its perft counts {counted}")],
                ];
            }
            Difference::Failed { a, b } => out.answers = [vec![a.clone()], vec![b.clone()]],
        }
        out
    }
}

/// One fuzz family's counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BucketJson {
    /// `family/profile`.
    pub name: String,
    /// Positions compared.
    pub positions: u64,
    /// Nodes compared.
    pub nodes: u64,
    /// Positions with a divergence.
    pub divergences: u64,
    /// XOR of the fingerprints of the positions compared, 16 hexadecimal digits: the shards
    /// of a run XOR to the unsharded run's.
    pub digest: String,
}

/// One family's counts in the solving campaign of `check`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolvingFamilyJson {
    /// `family/profile`.
    pub name: String,
    /// Problem-like positions solved.
    pub positions: u64,
    /// Solves (positions times stipulations) by each engine.
    pub solves: u64,
    /// Solves with at least one solution.
    pub with_solutions: u64,
    /// Solves where the engines differ.
    pub differences: u64,
    /// XOR of the fingerprints of the positions solved, 16 hexadecimal digits: the shards of a
    /// run XOR to the unsharded run's.
    pub digest: String,
}

/// A JUnit-like suite: a stage of `check`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SuiteJson {
    /// The stage (`perft (reference)`, `fuzz`, …).
    pub name: String,
    /// Its cases.
    pub cases: Vec<CaseJson>,
}

/// One case of a suite.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CaseJson {
    /// Its name.
    pub name: String,
    /// Seconds taken.
    pub seconds: f64,
    /// When it failed: a one-line message.
    pub failure: Option<String>,
    /// When it failed: the details.
    pub details: Option<String>,
}

impl SuiteJson {
    /// The suite of a JUnit suite.
    pub fn of(suite: &TestSuite) -> SuiteJson {
        SuiteJson {
            name: suite.name.clone(),
            cases: suite
                .cases
                .iter()
                .map(|c| CaseJson {
                    name: c.name.clone(),
                    seconds: c.seconds,
                    failure: c.failure.as_ref().map(|f| f.0.clone()),
                    details: c.failure.as_ref().map(|f| f.1.clone()),
                })
                .collect(),
        }
    }

    /// Back to a JUnit suite.
    pub fn to_junit(&self) -> TestSuite {
        TestSuite {
            name: self.name.clone(),
            cases: self
                .cases
                .iter()
                .map(|c| crate::report::junit::TestCase {
                    name: c.name.clone(),
                    seconds: c.seconds,
                    failure: c
                        .failure
                        .clone()
                        .map(|m| (m, c.details.clone().unwrap_or_default())),
                    skipped: None,
                })
                .collect(),
        }
    }
}
