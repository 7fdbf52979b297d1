//! The board: what stands on each square.

use crate::{Colour, Piece, Square};

/// 64 squares, each empty or holding one piece (a mailbox board). The set of occupied squares
/// is kept beside them, so that going over the units costs one step per unit, not per square.
///
/// ```
/// use feerie_oracle::{Board, Colour, Piece, Square, Walk};
/// let mut board = Board::empty();
/// let e1: Square = "e1".parse().unwrap();
/// board.set(e1, Some(Piece::new(Colour::White, Walk::King)));
/// assert_eq!(board.royal_squares(Colour::White), vec![e1]);
/// assert_eq!(board.unit_count(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 64],
    /// Bit `i` set when square `i` holds a unit: a function of `squares`, kept by `set` and
    /// `take`.
    occupied: u64,
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with no unit.
    pub fn empty() -> Board {
        Board {
            squares: [None; 64],
            occupied: 0,
        }
    }

    /// What stands on `square`.
    pub fn get(&self, square: Square) -> Option<Piece> {
        self.squares[square.index()]
    }

    /// Puts `piece` on `square` (or empties it with `None`).
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        let bit = 1u64 << square.index();
        if piece.is_some() {
            self.occupied |= bit;
        } else {
            self.occupied &= !bit;
        }
        self.squares[square.index()] = piece;
    }

    /// Empties `square` and returns what stood there.
    pub fn take(&mut self, square: Square) -> Option<Piece> {
        self.occupied &= !(1u64 << square.index());
        self.squares[square.index()].take()
    }

    /// True when nothing stands on `square`.
    pub fn is_empty(&self, square: Square) -> bool {
        self.squares[square.index()].is_none()
    }

    /// Every occupied square with its piece, in the order a1, b1, …, h8.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let mut left = self.occupied;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let index = left.trailing_zeros() as usize;
            left &= left - 1;
            let square = Square::new(index as u8).expect("a square of the board");
            Some((square, self.squares[index].expect("an occupied square")))
        })
    }

    /// The occupied squares of one side.
    pub fn pieces_of(&self, colour: Colour) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces().filter(move |(_, p)| p.colour == colour)
    }

    /// The squares of the royal pieces of `colour`.
    pub fn royal_squares(&self, colour: Colour) -> Vec<Square> {
        self.pieces_of(colour)
            .filter(|(_, p)| p.royal)
            .map(|(sq, _)| sq)
            .collect()
    }

    /// Number of units on the board.
    pub fn unit_count(&self) -> usize {
        self.occupied.count_ones() as usize
    }
}
