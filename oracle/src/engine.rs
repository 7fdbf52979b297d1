//! The interface both engines implement.

use std::fmt;

use crate::{MoveRecord, Position, Rules};

/// The state of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// Not in check, with a legal move.
    Normal,
    /// In check, with a legal move.
    Check,
    /// In check, without a legal move.
    Checkmate,
    /// Not in check, without a legal move.
    Stalemate,
}

impl Status {
    /// The status of a side that is or is not in check and has or has no legal move.
    ///
    /// ```
    /// use feerie_oracle::Status;
    /// assert_eq!(Status::of(true, false), Status::Checkmate);
    /// assert_eq!(Status::of(false, false), Status::Stalemate);
    /// ```
    pub fn of(in_check: bool, has_move: bool) -> Status {
        match (in_check, has_move) {
            (false, true) => Status::Normal,
            (true, true) => Status::Check,
            (true, false) => Status::Checkmate,
            (false, false) => Status::Stalemate,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Normal => "normal",
            Status::Check => "check",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
        })
    }
}

/// Why an engine could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The engine does not implement this rule (yet).
    Unsupported(String),
    /// A move given to `play` is not a legal move of the position.
    IllegalMove(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Unsupported(what) => write!(f, "not supported: {what}"),
            EngineError::IllegalMove(m) => write!(f, "illegal move: {m}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// A move generator for positions under rules. Both engines implement it; the harness only
/// ever talks to engines through it.
///
/// ```
/// use feerie_oracle::{Engine, Position, ReferenceEngine, Rules};
/// let engine = ReferenceEngine;
/// let start = Position::start();
/// assert_eq!(engine.legal_moves(&start, &Rules::orthodox()).unwrap().len(), 20);
/// assert_eq!(engine.perft(&start, &Rules::orthodox(), 2).unwrap(), 400);
/// ```
pub trait Engine: Sync {
    /// A short name (`reference`, `bitboard`).
    fn name(&self) -> &'static str;

    /// Every legal move of the side to move, with check marks, sorted.
    fn legal_moves(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<MoveRecord>, EngineError>;

    /// The position after `mv`, which must be one of the legal moves (check mark included
    /// or left as `None`).
    fn play(
        &self,
        position: &Position,
        rules: &Rules,
        mv: &MoveRecord,
    ) -> Result<Position, EngineError>;

    /// Every legal move (as [`Engine::legal_moves`] gives them, sorted) with the position it
    /// leads to. The default plays each move; engines override it to generate only once.
    ///
    /// ```
    /// use feerie_oracle::{Engine, Position, ReferenceEngine, Rules};
    /// let start = Position::start();
    /// let children = ReferenceEngine.successors(&start, &Rules::orthodox()).unwrap();
    /// assert_eq!(children.len(), 20);
    /// for (mv, after) in &children {
    ///     assert_eq!(&ReferenceEngine.play(&start, &Rules::orthodox(), mv).unwrap(), after);
    /// }
    /// ```
    fn successors(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Position)>, EngineError> {
        self.legal_moves(position, rules)?
            .into_iter()
            .map(|mv| {
                let after = self.play(position, rules, &mv)?;
                Ok((mv, after))
            })
            .collect()
    }

    /// The number of legal move sequences of `depth` half-moves.
    fn perft(&self, position: &Position, rules: &Rules, depth: u32) -> Result<u64, EngineError>;

    /// Check, mate, stalemate or none of them.
    fn status(&self, position: &Position, rules: &Rules) -> Result<Status, EngineError>;

    /// Perft split by root move: each legal move with the count below it.
    fn divide(
        &self,
        position: &Position,
        rules: &Rules,
        depth: u32,
    ) -> Result<Vec<(MoveRecord, u64)>, EngineError> {
        let mut out = Vec::new();
        for mv in self.legal_moves(position, rules)? {
            let next = self.play(position, rules, &mv)?;
            let count = if depth <= 1 {
                1
            } else {
                self.perft(&next, rules, depth - 1)?
            };
            out.push((mv, count));
        }
        Ok(out)
    }
}
