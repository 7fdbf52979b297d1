//! Grid chess, as Popeye 4.104 defines it in `conditions/grid.c`: grid lines cut the board into
//! cells, and a move is legal only when its departure and its arrival lie in different cells
//! (it crosses a grid line). Observations follow the same rule: a unit attacks, and checks,
//! only across a grid line. Castling and en passant are moves like the others, judged by the
//! king's and the pawn's departure and arrival.
//!
//! Popeye's normal grid is modelled: cells of 2×2 squares, lines after the files b, d and f and
//! after the ranks 2, 4 and 6. Its other grids (`VerticalShift`, `HorizontalShift`,
//! `DiagonalShift`, `Orthogonal` lines, `Irregular` cells and extra `GridLine`s) are not: the
//! last three are drawn by words of the problem, which a condition here does not carry.

use crate::Square;

/// How grid lines cut the board into cells (Grid chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GridLines {
    /// Popeye's normal grid: cells of 2×2 squares, lines after the files b, d and f and the
    /// ranks 2, 4 and 6.
    Normal,
}

impl GridLines {
    /// The cell of `square`, numbered as Popeye numbers it (`a1` 0, `c1` 1, … `g7` 15).
    ///
    /// ```
    /// use feerie_oracle::{Square, rules::GridLines};
    /// let cell = |s: &str| GridLines::Normal.cell(s.parse::<Square>().unwrap());
    /// assert_eq!((cell("a1"), cell("b2"), cell("c1"), cell("h8")), (0, 0, 1, 15));
    /// ```
    pub fn cell(self, square: Square) -> u8 {
        match self {
            GridLines::Normal => square.file().index() / 2 + 4 * (square.rank().index() / 2),
        }
    }

    /// Whether going from `from` to `to` crosses a grid line: the two squares lie in
    /// different cells. Only such a move is legal, only such an observation counts.
    ///
    /// ```
    /// use feerie_oracle::{Square, rules::GridLines};
    /// let crosses = |a: &str, b: &str| GridLines::Normal.crosses(a.parse().unwrap(), b.parse().unwrap());
    /// assert!(crosses("e2", "e4") && crosses("e1", "g1"));
    /// assert!(!crosses("e3", "e4") && !crosses("e7", "f8"));
    /// ```
    pub fn crosses(self, from: Square, to: Square) -> bool {
        self.cell(from) != self.cell(to)
    }

    /// The squares of each cell, as bit sets by square index (`a1` the lowest bit): for each
    /// square, the squares of its own cell.
    pub fn cell_masks(self) -> [u64; 64] {
        let mut masks = [0u64; 64];
        for a in Square::all() {
            for b in Square::all() {
                if !self.crosses(a, b) {
                    masks[a.index()] |= 1 << b.index();
                }
            }
        }
        masks
    }
}
