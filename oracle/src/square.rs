//! Files, ranks and squares.

use std::fmt;
use std::str::FromStr;

use crate::Colour;

/// A file, `a` (0) to `h` (7).
///
/// ```
/// use feerie_oracle::File;
/// assert_eq!(File::new(2).unwrap().to_string(), "c");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

/// A rank, `1` (0) to `8` (7).
///
/// ```
/// use feerie_oracle::Rank;
/// assert_eq!(Rank::new(7).unwrap().to_string(), "8");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl File {
    /// The file with this index (0 = a), if it is on the board.
    pub fn new(index: u8) -> Option<File> {
        (index < 8).then_some(File(index))
    }
    /// Index 0 (a) to 7 (h).
    pub fn index(self) -> u8 {
        self.0
    }
    /// Reads `a`..`h`.
    pub fn from_char(c: char) -> Option<File> {
        ('a'..='h').contains(&c).then(|| File(c as u8 - b'a'))
    }
    /// The letter of the file.
    pub fn char(self) -> char {
        (b'a' + self.0) as char
    }
}

impl Rank {
    /// The rank with this index (0 = rank 1), if it is on the board.
    pub fn new(index: u8) -> Option<Rank> {
        (index < 8).then_some(Rank(index))
    }
    /// Index 0 (rank 1) to 7 (rank 8).
    pub fn index(self) -> u8 {
        self.0
    }
    /// Reads `1`..`8`.
    pub fn from_char(c: char) -> Option<Rank> {
        ('1'..='8').contains(&c).then(|| Rank(c as u8 - b'1'))
    }
    /// The digit of the rank.
    pub fn char(self) -> char {
        (b'1' + self.0) as char
    }
    /// The rank as seen by `colour`: relative rank 0 is White's rank 1 and Black's rank 8.
    ///
    /// ```
    /// use feerie_oracle::{Colour, Rank};
    /// assert_eq!(Rank::relative(Colour::Black, 1), Rank::new(6).unwrap());
    /// ```
    pub fn relative(colour: Colour, index: u8) -> Rank {
        debug_assert!(index < 8);
        match colour {
            Colour::White => Rank(index),
            Colour::Black => Rank(7 - index),
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A square of the board, `a1` (0) to `h8` (63), rank by rank.
///
/// ```
/// use feerie_oracle::Square;
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4.file().char(), 'e');
/// assert_eq!(e4.rank().char(), '4');
/// assert_eq!(e4.offset(1, 1).unwrap().to_string(), "f5");
/// assert!(Square::A1.is_dark());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The corner a1.
    pub const A1: Square = Square(0);
    /// The corner h1.
    pub const H1: Square = Square(7);
    /// The corner a8.
    pub const A8: Square = Square(56);
    /// The corner h8.
    pub const H8: Square = Square(63);

    /// The square with this index (a1 = 0, b1 = 1, …, h8 = 63).
    pub fn new(index: u8) -> Option<Square> {
        (index < 64).then_some(Square(index))
    }
    /// The square at the crossing of a file and a rank.
    pub fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }
    /// Index 0 (a1) to 63 (h8).
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The file of the square.
    pub fn file(self) -> File {
        File(self.0 % 8)
    }
    /// The rank of the square.
    pub fn rank(self) -> Rank {
        Rank(self.0 / 8)
    }
    /// The square at file index `f` and rank index `r` (0 to 7), if both are on the board.
    pub fn at(f: i8, r: i8) -> Option<Square> {
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square((r * 8 + f) as u8))
    }
    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file().0 as i8 + df;
        let r = self.rank().0 as i8 + dr;
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square((r * 8 + f) as u8))
    }
    /// True for a1, c1, …: the dark squares.
    pub fn is_dark(self) -> bool {
        (self.file().0 + self.rank().0).is_multiple_of(2)
    }
    /// True for the light squares.
    pub fn is_light(self) -> bool {
        !self.is_dark()
    }
    /// All 64 squares in the order a1, b1, …, h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
    /// True when the two squares touch (one of the eight neighbours).
    pub fn touches(self, other: Square) -> bool {
        let df = (self.file().0 as i8 - other.file().0 as i8).abs();
        let dr = (self.rank().0 as i8 - other.rank().0 as i8).abs();
        self != other && df <= 1 && dr <= 1
    }

    /// The squares that touch this one (a king's step away), on the board.
    ///
    /// ```
    /// use feerie_oracle::Square;
    /// let a1: Square = "a1".parse().unwrap();
    /// assert_eq!(a1.neighbours().count(), 3);
    /// assert!(a1.neighbours().all(|n| n.touches(a1)));
    /// ```
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        (-1..=1)
            .flat_map(|df| (-1..=1).map(move |dr| (df, dr)))
            .filter(|&step| step != (0, 0))
            .filter_map(move |(df, dr)| self.offset(df, dr))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.file().char())?;
        f.write_char(self.rank().char())
    }
}

/// A string that is not a square name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a square (expected a1..h8)", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(f), Some(r)) => Ok(Square::from_coords(f, r)),
                _ => Err(ParseSquareError(s.to_string())),
            },
            _ => Err(ParseSquareError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_prints_and_parses_back() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
    }

    #[test]
    fn square_colours_alternate() {
        assert!(Square::A1.is_dark());
        assert!(Square::H1.is_light());
        assert!(Square::H8.is_dark());
        assert!("d1".parse::<Square>().unwrap().is_light());
    }

    #[test]
    fn bad_square_names_are_rejected() {
        for bad in ["", "a", "a9", "i1", "a10", "A1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
