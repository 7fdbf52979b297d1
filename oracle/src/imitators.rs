//! The imitators of Imitator chess: markers on squares, not units, that repeat the vector of
//! every move (RULES.md, Imitator chess; the rules book's page on it).

use std::fmt;
use std::str::FromStr;

use crate::{ParseSquareError, Square};

/// The squares of the imitators, as a set: they all move by one vector, so two never meet,
/// and a pawn promoted into an imitator arrives on a square none of them can reach then. Their
/// order is a1 first; Popeye writes them in the order of its input, an imitator a pawn was
/// promoted into last, so lists of imitators are compared as sets
/// ([`crate::popeye_move::canonical_imitators`]).
///
/// ```
/// use feerie_oracle::{Imitators, Square};
/// let imitators: Imitators = "d4c3".parse().unwrap();
/// assert_eq!(imitators.len(), 2);
/// assert_eq!(imitators.shifted(1, 1).unwrap().to_string(), "d4,e5");
/// assert!(imitators.shifted(-3, 0).is_none()); // c3 would leave the board
/// assert!(imitators.contains("d4".parse::<Square>().unwrap()));
/// assert_eq!(imitators.bits(), 1 << 18 | 1 << 27);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Imitators(u64);

impl Imitators {
    /// No imitator.
    pub const NONE: Imitators = Imitators(0);

    /// At most this many in an input, as Popeye 4.104 reads them (`maxinum`).
    pub const MAX: usize = 10;

    /// The imitators on the squares of `bits` (a1 = bit 0).
    pub const fn from_bits(bits: u64) -> Imitators {
        Imitators(bits)
    }

    /// Their squares, one bit a square (a1 = bit 0).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// True when there is none.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many there are.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether one stands on `square`.
    pub fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 != 0
    }

    /// The same with one more on `square`.
    #[must_use]
    pub fn with(self, square: Square) -> Imitators {
        Imitators(self.0 | 1 << square.index())
    }

    /// Their squares, a1 first.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..64u8)
            .filter(move |i| self.0 >> i & 1 != 0)
            .map(|i| Square::new(i).expect("below 64"))
    }

    /// Each moved by `files` and `ranks`; `None` when one would leave the board.
    pub fn shifted(self, files: i8, ranks: i8) -> Option<Imitators> {
        self.squares().try_fold(Imitators::NONE, |set, sq| {
            Some(set.with(sq.offset(files, ranks)?))
        })
    }

    /// Where each would stand moved by `files` and `ranks` (`None` off the board).
    pub fn each_shifted(self, files: i8, ranks: i8) -> impl Iterator<Item = Option<Square>> {
        self.squares().map(move |sq| sq.offset(files, ranks))
    }
}

/// Their squares joined by `,`, a1 first (`c5,d6`), as Popeye writes them after a move.
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
/// by `,` (`c5,d6`, as after a move), in any order; the same square twice, or more than
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

/// `text` with every list of imitators (`[Ic8,e2]`) written a1 first, as feerie writes them:
/// Popeye writes them in the order of its input, an imitator a pawn was promoted into last.
///
/// ```
/// use feerie_oracle::popeye_move::canonical_imitators;
/// let popeye = "1.h2-h1[If7]=I CAe2-b3[Ic8,e2] 2.Kg1-h1[Id8,f2] Qf3-c3[Ia8,c2] =";
/// let ours = "1.h2-h1[If7]=I CAe2-b3[Ie2,c8] 2.Kg1-h1[If2,d8] Qf3-c3[Ic2,a8] =";
/// assert_eq!(canonical_imitators(popeye), ours);
/// assert_eq!(canonical_imitators("e2-e4"), "e2-e4");
/// ```
pub fn canonical_imitators(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("[I") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[I") {
        out.push_str(&rest[..start + 2]);
        rest = &rest[start + 2..];
        let end = rest.find(']').unwrap_or(rest.len());
        match rest[..end].parse::<Imitators>() {
            Ok(list) => out.push_str(&list.to_string()),
            Err(_) => out.push_str(&rest[..end]),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_and_refused() {
        assert_eq!("c5,d6".parse::<Imitators>().unwrap().to_string(), "c5,d6");
        assert_eq!("d6c5".parse::<Imitators>().unwrap().to_string(), "c5,d6");
        assert_eq!(
            "d6c5".parse::<Imitators>().unwrap(),
            "c5,d6".parse().unwrap()
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
