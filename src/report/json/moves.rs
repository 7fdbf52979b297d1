//! The documents of `feerie moves` and `feerie perft`.

use feerie_oracle::{Engine, MoveRecord, Position, Rules, fen};
use serde::{Deserialize, Serialize};

use super::{MoveJson, RulesJson, SCHEMA_VERSION};

/// `feerie moves --format json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MovesDocument {
    /// `"moves"`.
    pub command: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// The position.
    pub fen: String,
    /// The rules.
    pub rules: RulesJson,
    /// The engine.
    pub engine: String,
    /// The legal moves, in the engine's order.
    pub moves: Vec<MoveJson>,
}

impl MovesDocument {
    /// The document of a move list.
    pub fn new(
        position: &Position,
        rules: &Rules,
        engine: &dyn Engine,
        moves: &[MoveRecord],
    ) -> Self {
        MovesDocument {
            command: "moves".into(),
            schema: SCHEMA_VERSION,
            fen: fen::write(position.setup()),
            rules: RulesJson::of(rules),
            engine: engine.name().into(),
            moves: moves.iter().map(MoveJson::of).collect(),
        }
    }
}

/// `feerie perft --format json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PerftDocument {
    /// `"perft"`.
    pub command: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// The position.
    pub fen: String,
    /// The rules.
    pub rules: RulesJson,
    /// The engine.
    pub engine: String,
    /// Half-moves.
    pub depth: u32,
    /// The number of sequences.
    pub nodes: u64,
    /// With `--divide`: each root move (without check mark) and its count; otherwise empty.
    pub divide: Vec<DivideJson>,
}

/// One root move's count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DivideJson {
    /// The move, Popeye notation without check mark.
    #[serde(rename = "move")]
    pub mv: String,
    /// Sequences below it.
    pub nodes: u64,
}

/// `feerie perft --format json`: the count and, with `divide`, the count of each root move,
/// over `threads` threads.
pub fn perft_document(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    depth: u32,
    divide: bool,
    threads: usize,
) -> Result<PerftDocument, crate::perft::PerftError> {
    let counts = crate::perft::root_counts(engine, position, rules, depth, threads)?;
    let nodes = if depth == 0 {
        1
    } else {
        counts.iter().map(|(_, n)| n).sum()
    };
    Ok(PerftDocument {
        command: "perft".into(),
        schema: SCHEMA_VERSION,
        fen: fen::write(position.setup()),
        rules: RulesJson::of(rules),
        engine: engine.name().into(),
        depth,
        nodes,
        divide: if divide {
            counts
                .into_iter()
                .map(|(mv, nodes)| DivideJson { mv, nodes })
                .collect()
        } else {
            Vec::new()
        },
    })
}
