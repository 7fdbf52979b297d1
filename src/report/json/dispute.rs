//! The document of `feerie dispute`.

use feerie_oracle::{Engine, Position, Rules, fen, popeye_move};
use serde::{Deserialize, Serialize};

use super::{RulesJson, SCHEMA_VERSION};
use crate::dispute::solutions::{SolutionDispute, only};
use crate::dispute::{Dispute, Reading};

/// `feerie dispute --format json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DisputeDocument {
    /// `"dispute"`.
    pub command: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// `"moves"`: the moves compared node by node (a [`SolutionDisputeDocument`] says
    /// `"solutions"`).
    #[serde(default = "moves_kind")]
    pub kind: String,
    /// The position.
    pub fen: String,
    /// The engine.
    pub engine: String,
    /// Half-moves compared.
    pub depth: u32,
    /// Each reading: its label and rules.
    pub readings: Vec<ReadingJson>,
    /// Perft counts: one row per depth from 1, one column per reading (`null`: no answer).
    pub perft: Vec<Vec<Option<u64>>>,
    /// The nodes where a reading's moves differ from the first reading's.
    pub splits: Vec<SplitJson>,
    /// Engine errors.
    pub errors: Vec<String>,
    /// Whether the readings differ.
    pub differs: bool,
}

/// One reading of a dispute.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReadingJson {
    /// `key=value` or the profile's name.
    pub label: String,
    /// Its rules.
    pub rules: RulesJson,
}

/// A node where two readings differ.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SplitJson {
    /// The reading compared with the first.
    pub reading: String,
    /// The moves from the root (`A | B` where the readings write a move differently).
    pub path: Vec<String>,
    /// The node under the first reading (FEN), when it can be replayed.
    pub node: Option<String>,
    /// The node under this reading (FEN), when it can be replayed: the same moves may leave
    /// another position under another reading (a rebirth elsewhere, a promotion).
    #[serde(default)]
    pub other_node: Option<String>,
    /// Moves only the first reading has.
    pub only_first: Vec<String>,
    /// Moves only this reading has.
    pub only_other: Vec<String>,
    /// Other nodes where exactly the same moves differ.
    pub repeats: usize,
}

impl DisputeDocument {
    /// The document of a dispute on `position`.
    pub fn new(
        engine: &dyn Engine,
        position: &Position,
        readings: &[Reading],
        depth: u32,
        found: &Dispute,
    ) -> Self {
        let first = &readings[0].rules;
        let rules_of = |label: &str| {
            readings
                .iter()
                .find(|r| r.label == label)
                .map_or(first, |r| &r.rules)
        };
        DisputeDocument {
            command: "dispute".into(),
            schema: SCHEMA_VERSION,
            kind: moves_kind(),
            fen: fen::write(position.setup()),
            engine: engine.name().into(),
            depth,
            readings: readings
                .iter()
                .map(|r| ReadingJson {
                    label: r.label.clone(),
                    rules: RulesJson::of(&r.rules),
                })
                .collect(),
            perft: found.perft.clone(),
            splits: found
                .splits
                .iter()
                .flat_map(|(label, splits)| {
                    splits.iter().map(move |s| SplitJson {
                        reading: label.clone(),
                        path: s.path.clone(),
                        node: replay(engine, position, first, &s.path, Side::First)
                            .map(|p| fen::write(p.setup())),
                        other_node: replay(engine, position, rules_of(label), &s.path, Side::Other)
                            .map(|p| fen::write(p.setup())),
                        only_first: s.only_first.clone(),
                        only_other: s.only_other.clone(),
                        repeats: s.repeats,
                    })
                })
                .collect(),
            errors: found.errors.clone(),
            differs: found.differs(),
        }
    }
}

/// The kind of a dispute document written before documents had one.
fn moves_kind() -> String {
    "moves".into()
}

/// `feerie dispute --stipulation … --format json` (or `--solve` with `--popeye`): the
/// solutions of each case under each reading.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SolutionDisputeDocument {
    /// `"dispute"`.
    pub command: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// `"solutions"`.
    pub kind: String,
    /// The engine that solved.
    pub engine: String,
    /// What was solved: the position (`--fen`) or the file and problem (`--popeye`).
    pub source: String,
    /// The readings' labels, the first the one the others are compared with.
    pub readings: Vec<String>,
    /// Each case (a twin of a Popeye problem, or the one stipulation on a position).
    pub cases: Vec<SolutionCaseJson>,
    /// Whether some case's solutions differ between readings.
    pub differs: bool,
    /// The command's exit code: 0 agree, 1 differ, 2 a case not solved.
    pub exit_code: i32,
}

/// One case of a solution dispute.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SolutionCaseJson {
    /// `h#2`, or `problem 1 a) (h#2)`.
    pub name: String,
    /// The stipulation, when the case could be read.
    pub stipulation: Option<String>,
    /// The position the case begins from (FEN), when it could be read.
    pub fen: Option<String>,
    /// The case under each reading, in the readings' order.
    pub readings: Vec<ReadingSolutionsJson>,
    /// Whether a reading's solutions differ from the first reading's.
    pub differs: bool,
}

/// One case under one reading.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReadingSolutionsJson {
    /// The reading.
    pub reading: String,
    /// Its solutions (each as `feerie solve` prints it, spaces collapsed), sorted; `null` when
    /// not solved.
    pub solutions: Option<Vec<String>>,
    /// Why it was not solved, if it was not.
    pub error: Option<String>,
    /// The solutions only the first reading has, beside this one (empty for the first).
    pub only_first: Vec<String>,
    /// The solutions only this reading has.
    pub only_this: Vec<String>,
}

impl SolutionDisputeDocument {
    /// The document of a solution dispute solved by `engine` on `source`.
    pub fn new(engine: &str, source: String, found: &SolutionDispute) -> Self {
        let readings = found
            .cases
            .first()
            .map(|c| c.sets.iter().map(|s| s.label.clone()).collect())
            .unwrap_or_default();
        let cases = found
            .cases
            .iter()
            .map(|case| SolutionCaseJson {
                name: case.name.clone(),
                stipulation: case.stipulation.clone(),
                fen: case.fen.clone(),
                readings: case
                    .sets
                    .iter()
                    .map(|set| {
                        let (only_first, only_this) = case
                            .sets
                            .first()
                            .and_then(|first| only(first, set))
                            .unwrap_or_default();
                        ReadingSolutionsJson {
                            reading: set.label.clone(),
                            solutions: set.solutions.as_ref().ok().cloned(),
                            error: set.solutions.as_ref().err().cloned(),
                            only_first,
                            only_this,
                        }
                    })
                    .collect(),
                differs: case.differs(),
            })
            .collect();
        SolutionDisputeDocument {
            command: "dispute".into(),
            schema: SCHEMA_VERSION,
            kind: "solutions".into(),
            engine: engine.into(),
            source,
            readings,
            cases,
            differs: found.differs(),
            exit_code: found.exit_code(),
        }
    }
}

/// Which reading's writing of a path step to follow (`A | B`: A is the first reading's).
#[derive(Clone, Copy)]
enum Side {
    First,
    Other,
}

/// The position after `path` under `rules` (each step as `side`'s reading writes it), when
/// every move is legal there.
fn replay(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    path: &[String],
    side: Side,
) -> Option<Position> {
    let mut p = position.clone();
    for step in path {
        let mut written = step.split(" | ");
        let first = written.next().unwrap_or(step);
        let text = match side {
            Side::First => first,
            Side::Other => written.next().unwrap_or(first),
        }
        .trim();
        let legal = engine.legal_moves(&p, rules).ok()?;
        let mv = popeye_move::resolve(text, &legal).ok()?;
        p = engine.play(&p, rules, &mv).ok()?;
    }
    Some(p)
}
