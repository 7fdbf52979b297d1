//! YAML scenarios: a documented position under stated rules, with what an engine must answer.
//!
//! ```yaml
//! name: Parrain, long castling right after a capture
//! source: circe-parrain.fr.txt, "Cas particuliers" (castling as the move after a capture)
//! rules: { conditions: [circe-parrain], profile: documented, set: { parrain_long_castling: toward_a } }
//! position: { fen: "r3k3/8/8/8/3P4/8/8/R3K3 b Qq - 0 1" }   # or pieces: "white ke1 ra1 black ke8"
//! play: ["Ra8-a3"]                   # moves played first, Popeye notation
//! stipulation: "h#2"                 # optional: solved by every engine, which must agree
//! expect:
//!   moves: ["...", "..."]            # the exact list, check marks (` +`, ` #`) included
//!   include: ["0-0-0[+bRc3]"]        # must be legal (a text without mark matches any mark)
//!   exclude: ["0-0"]                 # must not be legal
//!   perft: { 1: 15, 2: 200 }
//!   after: [{ move: "0-0-0[+bRc3]", fen: "..." }]   # FEN after that move (clocks ignored)
//!   status: normal                   # normal | check | checkmate | stalemate
//!   solutions: ["1.Ka8-b8 Rh1-h8 #"] # with a stipulation: the exact set (see [`solutions`])
//! interpretations:                   # the same position under other switch values
//!   - set: { parrain_long_castling: toward_h }
//!     expect: { include: ["0-0-0[+bRe3]"] }
//! ```
//!
//! [`load_dir`] reads every `*.yaml` under a folder; [`run`] checks one scenario with an
//! engine. Malformed files are errors that name the file, the line and what is wrong.

mod load;
pub mod mirror;
mod report;
mod run;
pub mod solutions;

use std::collections::BTreeMap;

use serde::Deserialize;

pub use load::{
    LoadError, MAX_SCENARIO_BYTES, MAX_SCENARIO_NESTING, files_under, load_dir, load_file, nesting,
    parse_scenario,
};

/// A scenario or perft suite that cannot be used, or a folder of them that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScenarioError {
    /// A malformed scenario file.
    Load(LoadError),
    /// A malformed perft suite: the file and line, and what is wrong.
    Suite(crate::corpus::SuiteError),
    /// A folder of scenarios or suites, or a file in it, that cannot be read.
    Folder(String),
}

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScenarioError::Load(e) => e.fmt(f),
            ScenarioError::Suite(e) => e.fmt(f),
            ScenarioError::Folder(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ScenarioError {}

impl From<crate::corpus::CorpusError> for ScenarioError {
    fn from(e: crate::corpus::CorpusError) -> Self {
        match e {
            crate::corpus::CorpusError::Suite(e) => ScenarioError::Suite(e),
            crate::corpus::CorpusError::Folder(message) => ScenarioError::Folder(message),
        }
    }
}

impl From<LoadError> for ScenarioError {
    fn from(e: LoadError) -> Self {
        ScenarioError::Load(e)
    }
}
pub use report::print_failure;
pub use run::{Failure, Outcome, case_positions, run};

/// One scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// What the scenario shows.
    pub name: String,
    /// Where the case comes from: the source page and diagram, or the rule (RULES.md section).
    pub source: String,
    /// Free text: how the position was reconstructed, why the answer is what it is.
    #[serde(default)]
    pub note: Option<String>,
    /// The rules in force.
    #[serde(default)]
    pub rules: RulesSpec,
    /// The position.
    pub position: PositionSpec,
    /// Moves played before the expectations are checked, in Popeye notation.
    #[serde(default)]
    pub play: Vec<String>,
    /// A stipulation (`#2`, `h#2`, `s#1`, `ser-h#3`…) solved from the position after `play`,
    /// the side then to move beginning; every engine must give the same solutions.
    #[serde(default)]
    pub stipulation: Option<String>,
    /// What the engine must answer under `rules`.
    #[serde(default)]
    pub expect: Option<Expect>,
    /// The same position under other profiles or switch values, each with its own answer.
    #[serde(default)]
    pub interpretations: Vec<Interpretation>,
    /// The file the scenario was read from (set by the loader).
    #[serde(skip)]
    pub file: String,
    /// The file's text (set by the loader), to locate errors.
    #[serde(skip)]
    pub text: String,
}

/// Conditions, profile and switches.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesSpec {
    /// Condition slugs (`circe-parrain`, `frankfurt`, …); none for orthodox chess.
    #[serde(default)]
    pub conditions: Vec<String>,
    /// `documented` (default) or `popeye`.
    #[serde(default)]
    pub profile: Option<String>,
    /// Switches set one by one.
    #[serde(default)]
    pub set: BTreeMap<String, String>,
}

/// A position: an extended FEN, or a Popeye `pieces` block with the side to move.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    /// Extended FEN (the reserve as a seventh field).
    #[serde(default)]
    pub fen: Option<String>,
    /// Popeye `pieces` text: `white ke1 ra1 black kb8 sf5`.
    #[serde(default)]
    pub pieces: Option<String>,
    /// With `pieces`: `white` (default) or `black`.
    #[serde(default)]
    pub side: Option<String>,
    /// With `pieces`: the FEN castling field; by default every king and rook on its home
    /// square keeps its right, as in Popeye.
    #[serde(default)]
    pub castling: Option<String>,
    /// With `pieces`: the en passant target square.
    #[serde(default)]
    pub en_passant: Option<String>,
    /// With `pieces`: the Parrain reserve, `wPb3` (piece and capture square).
    #[serde(default)]
    pub reserve: Option<String>,
    /// Accept positions a game cannot reach (no king, the side not to move in check…).
    #[serde(default)]
    pub lenient: bool,
}

/// Expectations about the position reached after `play`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The exact list of legal moves, check marks included.
    #[serde(default)]
    pub moves: Option<Vec<String>>,
    /// Moves that must be legal.
    #[serde(default)]
    pub include: Vec<String>,
    /// Moves that must not be legal.
    #[serde(default)]
    pub exclude: Vec<String>,
    /// Perft counts by depth.
    #[serde(default)]
    pub perft: BTreeMap<u32, u64>,
    /// Positions after given moves.
    #[serde(default)]
    pub after: Vec<After>,
    /// `normal`, `check`, `checkmate` or `stalemate`.
    #[serde(default)]
    pub status: Option<String>,
    /// With a stipulation: the exact set of solutions, one text each, as `feerie solve` prints
    /// them (a whole line in help and series play, the key in direct and self play; spaces do
    /// not matter).
    #[serde(default)]
    pub solutions: Option<Vec<String>>,
}

/// The position after one move.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct After {
    /// The move, in Popeye notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The expected position (clocks ignored).
    pub fen: String,
}

/// Another reading of the rules for the same position.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Interpretation {
    /// A profile replacing the scenario's.
    #[serde(default)]
    pub profile: Option<String>,
    /// Switches set on top of the scenario's.
    #[serde(default)]
    pub set: BTreeMap<String, String>,
    /// What the engine must answer under this reading.
    pub expect: Expect,
}
