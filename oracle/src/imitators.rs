//! The imitators of Imitator chess: markers on squares, not units, that repeat the vector of
//! every move (RULES.md, Imitator chess; the rules book's page on it).

use std::fmt;
use std::str::FromStr;

use crate::{ParseSquareError, Square};

/// The squares of the imitators, in Popeye's order: the order of the input, an imitator a pawn
/// was promoted into last. They all move by one vector, so two never meet and the order stays;
/// it decides only how a move writes them (`[Ic8,e2]`).
///
/// ```
/// use feerie_oracle::{Imitators, Square};
/// let imitators: Imitators = "d4c3".parse().unwrap();
/// assert_eq!(imitators.len(), 2);
/// assert_eq!(imitators.shifted(1, 1).unwrap().to_string(), "e5,d4");
/// assert!(imitators.shifted(-3, 0).is_none()); // c3 would leave the board
/// assert!(imitators.contains("d4".parse::<Square>().unwrap()));
/// assert_eq!(imitators.bits(), 1 << 18 | 1 << 27);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Imitators {
    /// The squares' indices, the first `len` of them used, the others 0.
    squares: [u8; Imitators::MAX],
    len: u8,
}

impl Imitators {
    /// No imitator.
    pub const NONE: Imitators = Imitators {
        squares: [0; Imitators::MAX],
        len: 0,
    };

    /// At most this many, as Popeye 4.104 allows (`maxinum`).
    pub const MAX: usize = 10;

    /// The imitators on the squares of `bits` (a1 = bit 0), a1 first (at most [`Self::MAX`]
    /// of them are kept).
    pub fn from_bits(bits: u64) -> Imitators {
        (0..64u8)
            .filter(|i| bits >> i & 1 != 0)
            .map(|i| Square::new(i).expect("below 64"))
            .fold(Imitators::NONE, Imitators::with)
    }

    /// Their squares as a set, one bit a square (a1 = bit 0).
    pub fn bits(self) -> u64 {
        self.squares().fold(0, |bits, sq| bits | 1 << sq.index())
    }

    /// True when there is none.
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    /// How many there are.
    pub const fn len(self) -> usize {
        self.len as usize
    }

    /// Whether one stands on `square`.
    pub fn contains(self, square: Square) -> bool {
        self.squares().any(|sq| sq == square)
    }

    /// The same with one more on `square`, last; unchanged when one stands there already or
    /// there are [`Self::MAX`].
    #[must_use]
    pub fn with(self, square: Square) -> Imitators {
        if self.contains(square) || self.len() == Imitators::MAX {
            return self;
        }
        let mut out = self;
        out.squares[out.len()] = square.index() as u8;
        out.len += 1;
        out
    }

    /// Their squares, in their order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len()).map(move |i| Square::new(self.squares[i]).expect("a square"))
    }

    /// Each moved by `files` and `ranks`, in the same order; `None` when one would leave the
    /// board.
    pub fn shifted(self, files: i8, ranks: i8) -> Option<Imitators> {
        let mut out = self;
        for (i, sq) in self.squares().enumerate() {
            out.squares[i] = sq.offset(files, ranks)?.index() as u8;
        }
        Some(out)
    }

    /// Where each would stand moved by `files` and `ranks` (`None` off the board).
    pub fn each_shifted(self, files: i8, ranks: i8) -> impl Iterator<Item = Option<Square>> {
        self.squares().map(move |sq| sq.offset(files, ranks))
    }
}

/// Their squares joined by `,` in their order (`c5,d6`), as Popeye writes them after a move.
impl fmt::Display for Imitators {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sq) in self.squares().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// Reads squares written one after the other (`c3d4`, as after Popeye's `Imitator`) or joined
/// by `,` (`c5,d6`, as after a move), in that order; the same square twice, or more than
/// [`Imitators::MAX`], is refused.
impl FromStr for Imitators {
    type Err = String;

    fn from_str(text: &str) -> Result<Imitators, String> {
        let letters: Vec<char> = text.chars().filter(|&c| c != ',').collect();
        if letters.is_empty() || !letters.len().is_multiple_of(2) {
            return Err(format!("'{text}' is not a list of squares"));
        }
        if letters.len() / 2 > Imitators::MAX {
            return Err(format!(
                "{} imitators, at most {}",
                letters.len() / 2,
                Imitators::MAX
            ));
        }
        let mut set = Imitators::NONE;
        for pair in letters.chunks(2) {
            let name: String = pair.iter().collect();
            let sq: Square = name
                .parse()
                .map_err(|e: ParseSquareError| format!("imitator '{name}': {e}"))?;
            if set.contains(sq) {
                return Err(format!("two imitators on {sq}"));
            }
            set = set.with(sq);
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_and_refused() {
        assert_eq!("c5,d6".parse::<Imitators>().unwrap().to_string(), "c5,d6");
        assert_eq!("d6c5".parse::<Imitators>().unwrap().to_string(), "d6,c5");
        assert_eq!(
            "d6c5".parse::<Imitators>().unwrap(),
            "d6,c5".parse().unwrap()
        );
        assert_ne!(
            "d6c5".parse::<Imitators>().unwrap(),
            "c5d6".parse().unwrap()
        );
        assert!("a1a2a3a4a5a6a7a8b1b2b3".parse::<Imitators>().is_err());
        assert!("c5c5".parse::<Imitators>().is_err());
        assert!("c5d".parse::<Imitators>().is_err());
        assert!("z9".parse::<Imitators>().is_err());
        assert!("".parse::<Imitators>().is_err());
    }

    #[test]
    fn a_shift_off_the_board_is_none_and_keeps_the_count() {
        let set: Imitators = "a1h8".parse().unwrap();
        assert!(set.shifted(1, 0).is_none());
        assert!(set.shifted(0, -1).is_none());
        let one: Imitators = "b2".parse().unwrap();
        assert_eq!(one.shifted(-1, -1).unwrap().to_string(), "a1");
        assert_eq!(one.each_shifted(-2, 0).collect::<Vec<_>>(), vec![None]);
    }
}
