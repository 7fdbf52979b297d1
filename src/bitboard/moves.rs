//! What kind of displacement a move is, shared by the orthodox move ([`super::orthodox::Mv`])
//! and the compact fairy move ([`super::compact`]).

use feerie_oracle::CastlingSide;

/// The kinds of moves.
///
/// The compact move never uses [`MoveKind::Promotion`]: its mover's walk after the move is a
/// field of its own, which a promotion sets and a mutation (Frankfurt, Protean) may set instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MoveKind {
    /// A step, a leap, a slide or a capture on the arrival square.
    #[default]
    Normal,
    /// A pawn's double step from its second rank.
    DoublePush,
    /// A pawn taking en passant: the unit taken is not on the arrival square.
    EnPassant,
    /// The king's castling move (the rook moves with it).
    Castle(CastlingSide),
    /// A pawn's move to its last rank, becoming the walk of this index
    /// ([`super::board::walk_index`]).
    Promotion(u8),
}

impl MoveKind {
    /// The castling this move is, if it is one.
    #[inline]
    pub fn castling(self) -> Option<CastlingSide> {
        match self {
            MoveKind::Castle(side) => Some(side),
            MoveKind::Normal
            | MoveKind::DoublePush
            | MoveKind::EnPassant
            | MoveKind::Promotion(_) => None,
        }
    }
}
