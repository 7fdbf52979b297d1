//! The document of `feerie dispute`.

use feerie_oracle::{Engine, Position, Rules, fen, popeye_move};
use serde::{Deserialize, Serialize};

use super::{RulesJson, SCHEMA_VERSION};
use crate::dispute::{Dispute, Reading};

/// `feerie dispute --format json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DisputeDocument {
    /// `"dispute"`.
    pub command: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
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
