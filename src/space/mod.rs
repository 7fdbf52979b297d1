//! What the search walks: positions, the moves between them as far as the search reads them
//! (check mark, capture), and their keys. Any engine is walked through the [`Engine`] trait
//! ([`EngineSpace`]); the bitboard engine also walks its own positions
//! ([`crate::bitboard::space::BitboardSpace`]), which spares a record and a shared-vocabulary
//! position for every node. Move records are asked for only on the lines of the solutions.
//!
//! ```
//! use feerie::oracle::{Position, ReferenceEngine, Rules};
//! use feerie::space::{EngineSpace, Space, Want};
//! let rules = Rules::orthodox();
//! let space = EngineSpace::new(&ReferenceEngine, &rules);
//! let start = space.enter(&Position::start()).unwrap();
//! assert_eq!(space.children(&start, Want::Unmarked).unwrap().len(), 20);
//! ```

pub mod zobrist;

use feerie_oracle::{CheckMark, Engine, EngineError, MoveRecord, Position, Rules, Status};

use zobrist::Key;

/// Which children a node asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// Every legal move, each with its check mark.
    Marked,
    /// Every legal move, check marks left `None` (the side cannot reach the goal with it).
    Unmarked,
    /// Every legal move, marked when it checks; whether a check mates may be left unasked
    /// (a series move, which must not check, and cannot reach the goal).
    Checks,
    /// Only the moves that mate, marked.
    Mating,
}

/// The children of a position in a space: each move with the position it leads to.
pub type Children<S> = Vec<(<S as Space>::Mv, <S as Space>::Pos)>;

/// A space of positions the search walks.
pub trait Space: Sync {
    /// A position.
    type Pos: Clone + PartialEq + Send + Sync;
    /// A move as the search reads it.
    type Mv: Clone + PartialEq + Send + Sync;

    /// The space's position for `position`, or why the engine cannot take it.
    fn enter(&self, position: &Position) -> Result<Self::Pos, EngineError>;

    /// The key of `p` for the transposition table.
    fn key(&self, p: &Self::Pos) -> Key;

    /// The legal moves from `p` that `want` asks for, with the positions they lead to.
    fn children(&self, p: &Self::Pos, want: Want) -> Result<Children<Self>, EngineError>;

    /// The check mark of `mv` (`None` when the children were asked unmarked).
    fn mark(&self, mv: &Self::Mv) -> CheckMark;

    /// Whether `mv` captures: the goal `x`, and the order in which moves are tried.
    fn captures(&self, mv: &Self::Mv) -> bool;

    /// The record of `mv`, when the space's moves are records (the goals `z` and `ep` read
    /// it).
    fn record<'m>(&self, mv: &'m Self::Mv) -> Option<&'m MoveRecord>;

    /// Whether the side to move in `p` is stalemated (not in check, no legal move).
    fn stalemated(&self, p: &Self::Pos) -> Result<bool, EngineError>;

    /// `p` with the other side to move (a pass in series play), en passant gone.
    fn turn_skipped(&self, p: &Self::Pos) -> Self::Pos;

    /// Every move record, with its check mark, of a legal move from `before` that is `mv` and
    /// leads to `after` (one record, unless two moves lead to the same position).
    fn records(
        &self,
        before: &Self::Pos,
        mv: &Self::Mv,
        after: &Self::Pos,
    ) -> Result<Vec<MoveRecord>, EngineError>;
}

/// Any engine, through the [`Engine`] trait: positions in the shared vocabulary, moves as
/// records.
pub struct EngineSpace<'a> {
    engine: &'a dyn Engine,
    rules: &'a Rules,
}

impl<'a> EngineSpace<'a> {
    /// The space of `engine` under `rules`.
    pub fn new(engine: &'a dyn Engine, rules: &'a Rules) -> EngineSpace<'a> {
        EngineSpace { engine, rules }
    }
}

impl Space for EngineSpace<'_> {
    type Pos = Position;
    type Mv = MoveRecord;

    fn enter(&self, position: &Position) -> Result<Position, EngineError> {
        Ok(position.clone())
    }

    fn key(&self, p: &Position) -> Key {
        zobrist::key(p)
    }

    fn children(
        &self,
        p: &Position,
        want: Want,
    ) -> Result<Vec<(MoveRecord, Position)>, EngineError> {
        match want {
            Want::Marked | Want::Checks => self.engine.successors(p, self.rules),
            Want::Unmarked => self.engine.successors_unmarked(p, self.rules),
            Want::Mating => self.engine.mating_successors(p, self.rules),
        }
    }

    fn mark(&self, mv: &MoveRecord) -> CheckMark {
        mv.check
    }

    fn captures(&self, mv: &MoveRecord) -> bool {
        mv.capture.is_some()
    }

    fn record<'m>(&self, mv: &'m MoveRecord) -> Option<&'m MoveRecord> {
        Some(mv)
    }

    fn stalemated(&self, p: &Position) -> Result<bool, EngineError> {
        Ok(self.engine.status(p, self.rules)? == Status::Stalemate)
    }

    fn turn_skipped(&self, p: &Position) -> Position {
        p.turn_skipped()
    }

    /// The record itself when it carries a mark; else the engine's marked record of the same
    /// move (a move asked unmarked, whose mark Popeye prints all the same: `2.Sb4-c2 +`).
    fn records(
        &self,
        before: &Position,
        mv: &MoveRecord,
        _after: &Position,
    ) -> Result<Vec<MoveRecord>, EngineError> {
        if mv.check != CheckMark::None {
            return Ok(vec![mv.clone()]);
        }
        Ok(self
            .engine
            .successors(before, self.rules)?
            .into_iter()
            .map(|(m, _)| m)
            .filter(|m| {
                *m == MoveRecord {
                    check: m.check,
                    ..mv.clone()
                }
            })
            .collect())
    }
}
