//! The engines feerie runs, as the command line names them and as the search walks them: each
//! engine says which space of positions the search walks for it ([`SearchEngine::space`]), so
//! that the search never asks which engine it was given.

use feerie_oracle::{Engine, EngineError, ReferenceEngine, Rules};

use crate::bitboard::BitboardEngine;
use crate::bitboard::space::BitboardSpace;
use crate::space::{EngineSpace, Space};

/// An engine name on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineChoice {
    /// The reference engine (mailbox, make and test).
    Reference,
    /// The optimized bitboard engine.
    Bitboard,
}

/// The engine behind a choice, or why it is not available.
///
/// ```
/// use feerie::engines::{engine, EngineChoice};
/// assert_eq!(engine(EngineChoice::Reference).unwrap().name(), "reference");
/// assert_eq!(engine(EngineChoice::Bitboard).unwrap().name(), "bitboard");
/// ```
pub fn engine(choice: EngineChoice) -> Result<&'static dyn SearchEngine, EngineError> {
    match choice {
        EngineChoice::Reference => Ok(&ReferenceEngine),
        EngineChoice::Bitboard => Ok(&BitboardEngine),
    }
}

/// An engine the solver can search with: the oracle's [`Engine`] and the space of positions
/// it offers the search. An engine without a space of its own (a wrapper in a test, another
/// implementation) offers its moves through the [`Engine`] trait, as
/// `SearchSpace::Records(EngineSpace::new(self, rules))`.
///
/// ```
/// use feerie::engines::{engine, EngineChoice, SearchSpace};
/// let rules = feerie::oracle::Rules::orthodox();
/// let bitboard = engine(EngineChoice::Bitboard).unwrap();
/// assert!(matches!(bitboard.space(&rules), SearchSpace::Bitboard(_)));
/// let reference = engine(EngineChoice::Reference).unwrap();
/// assert!(matches!(reference.space(&rules), SearchSpace::Records(_)));
/// ```
pub trait SearchEngine: Engine {
    /// The space the search walks for this engine under `rules`.
    fn space<'r>(&'r self, rules: &'r Rules) -> SearchSpace<'r>;
}

/// The spaces the search can walk: one search is compiled for each.
pub enum SearchSpace<'r> {
    /// Any engine through the [`Engine`] trait: positions and move records of the vocabulary.
    Records(EngineSpace<'r>),
    /// The bitboard engine's own positions and moves (boxed: its plan holds the resolved
    /// rules of each of its paths).
    Bitboard(Box<BitboardSpace<'r>>),
}

/// Work done over a search space, whichever it is (a generic function cannot be a closure).
pub trait SpaceJob {
    /// What the work gives.
    type Output;
    /// Does the work over `space`.
    fn run<S: Space>(self, space: S) -> Self::Output;
}

impl SearchSpace<'_> {
    /// Runs `job` over this space.
    pub fn run<J: SpaceJob>(self, job: J) -> J::Output {
        match self {
            SearchSpace::Records(space) => job.run(space),
            SearchSpace::Bitboard(space) => job.run(*space),
        }
    }
}

impl SearchEngine for ReferenceEngine {
    fn space<'r>(&'r self, rules: &'r Rules) -> SearchSpace<'r> {
        SearchSpace::Records(EngineSpace::new(self, rules))
    }
}

impl SearchEngine for BitboardEngine {
    fn space<'r>(&'r self, rules: &'r Rules) -> SearchSpace<'r> {
        SearchSpace::Bitboard(Box::new(BitboardSpace::new(rules)))
    }
}
