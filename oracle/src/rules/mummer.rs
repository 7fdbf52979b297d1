//! The mummer conditions (Maximummer, Minimummer, Must Capture): one side plays only the legal
//! moves that score highest by a measure of the move, as Popeye 4.104 defines them in
//! `conditions/mummer.c` and `conditions/must_capture.c`.
//!
//! A side's moves are first found as without the condition, every other rule in force; then
//! only those of the best score stay. The condition restricts which moves a side may play, not
//! what it attacks: a check is a check as without it, and a side that has a legal move still
//! has one (mate and stalemate are unchanged). The scores:
//!
//! - **Maximummer**: the move's length, the square of the distance between the mover's departure
//!   and arrival squares (`dx² + dy²`, a rook's step 1, a knight's leap 5); castling counts 16
//!   on the king's side, 25 on the queen's (Popeye's values, not the king's step);
//! - **Minimummer**: the same length, the shortest preferred;
//! - **Must Capture**: a capture (en passant, a capture under any Circe) before a move that takes
//!   nothing.
//!
//! Popeye's stricter readings (`exact`, `ultra`: the longest move judged before self-check, or
//! checks restricted too) are other rules, not modelled.

use crate::{CastlingSide, MoveRecord};

/// What a mummer condition prefers among a side's legal moves.
///
/// ```
/// use feerie_oracle::rules::MoveMeasure;
/// use feerie_oracle::{fen, Engine, ReferenceEngine, Rules, Validation};
/// let position = fen::parse("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", Validation::Strict).unwrap();
/// let moves = ReferenceEngine.legal_moves(&position, &Rules::orthodox()).unwrap();
/// let longest = moves.iter().map(|m| MoveMeasure::Longest.score(m)).max().unwrap();
/// let castling = moves.iter().find(|m| m.castling.is_some()).unwrap();
/// assert_eq!(MoveMeasure::Longest.score(castling), 25);
/// assert_eq!(longest, 49); // Ra1-a8, seven steps
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveMeasure {
    /// Maximummer: the longest moves.
    Longest,
    /// Minimummer: the shortest moves.
    Shortest,
    /// Must Capture: the captures, when there are any.
    Capture,
}

impl MoveMeasure {
    /// The move's score: a side under the condition plays only the moves of its highest score.
    #[inline]
    pub fn score(self, mv: &MoveRecord) -> u32 {
        match self {
            MoveMeasure::Longest => length(mv),
            MoveMeasure::Shortest => u32::MAX - length(mv),
            MoveMeasure::Capture => u32::from(mv.capture.is_some()),
        }
    }

    /// Keeps the moves of `moves` (read by `record`) of the highest score, in their order.
    pub fn keep_best<T>(self, moves: &mut Vec<T>, record: impl Fn(&T) -> &MoveRecord) {
        if let Some(best) = moves.iter().map(|m| self.score(record(m))).max() {
            moves.retain(|m| self.score(record(m)) == best);
        }
    }
}

/// A move's length as Popeye measures it: the square of the distance the mover travels, with
/// fixed values for castling.
fn length(mv: &MoveRecord) -> u32 {
    match mv.castling {
        Some(CastlingSide::King) => 16,
        Some(CastlingSide::Queen) => 25,
        None => {
            let dx = u32::from(mv.from.file().index().abs_diff(mv.to.file().index()));
            let dy = u32::from(mv.from.rank().index().abs_diff(mv.to.rank().index()));
            dx * dx + dy * dy
        }
    }
}
