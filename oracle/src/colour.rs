//! The two sides.

use std::fmt;

/// A side: White or Black.
///
/// ```
/// use feerie_oracle::Colour;
/// assert_eq!(!Colour::White, Colour::Black);
/// assert_eq!(Colour::Black.to_string(), "black");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// The side that moves first in the start position.
    White,
    /// The other side.
    Black,
}

impl Colour {
    /// Both colours, White first.
    pub const ALL: [Colour; 2] = [Colour::White, Colour::Black];

    /// The one-letter prefix Popeye uses in rebirth and mutation notation (`w`, `b`).
    ///
    /// ```
    /// use feerie_oracle::Colour;
    /// assert_eq!(Colour::White.letter(), 'w');
    /// ```
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }

    /// Reads `w` or `b`.
    ///
    /// ```
    /// use feerie_oracle::Colour;
    /// assert_eq!(Colour::from_letter('b'), Some(Colour::Black));
    /// ```
    pub fn from_letter(c: char) -> Option<Colour> {
        match c {
            'w' => Some(Colour::White),
            'b' => Some(Colour::Black),
            _ => None,
        }
    }

    /// Index for tables: White 0, Black 1.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::ops::Not for Colour {
    type Output = Colour;
    fn not(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::White => "white",
            Colour::Black => "black",
        })
    }
}
