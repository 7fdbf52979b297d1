//! Castling rights, kept per rook square, with each king's own right.

use crate::{Colour, Square};

/// Which rooks may still castle, named by the corner they stand on.
///
/// Rights are kept per rook square rather than per side, because a rook reborn on its corner
/// (Circe family) or a piece that becomes a rook there (Frankfurt) can regain the right of that
/// corner alone.
///
/// ```
/// use feerie_oracle::{CastlingRights, Colour, Square};
/// let mut rights = CastlingRights::none();
/// rights.insert(Square::H1);
/// assert!(rights.contains(Square::H1));
/// assert_eq!(rights.of(Colour::White).collect::<Vec<_>>(), vec![Square::H1]);
/// rights.remove(Square::H1);
/// assert!(rights.is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CastlingRights(u64);

impl CastlingRights {
    /// No castling right.
    pub fn none() -> CastlingRights {
        CastlingRights(0)
    }

    /// Both kings and all four corners, as in the start position.
    pub fn all() -> CastlingRights {
        let mut r = CastlingRights::none();
        for sq in [Square::A1, Square::H1, Square::A8, Square::H8] {
            r.insert(sq);
        }
        r.insert_king(Colour::White);
        r.insert_king(Colour::Black);
        r
    }

    /// Grants the king's own right: the king of `colour` has not moved. A rook right needs it;
    /// without any rook right it still matters, since a rook reborn or mutated on a corner
    /// regains that corner's right only while its king has its own.
    #[inline]
    pub fn insert_king(&mut self, colour: Colour) {
        self.0 |= 1 << king_square(colour).index();
    }

    /// True when the king of `colour` keeps its own right (it has not moved).
    #[inline]
    pub fn king_may_castle(&self, colour: Colour) -> bool {
        self.0 & (1 << king_square(colour).index()) != 0
    }

    /// Takes away the king's own right alone; its rooks keep theirs. Under Circe with
    /// `rex: inclusive` a king reborn on its square regains its right and may castle again with
    /// a rook that has not moved.
    ///
    /// ```
    /// use feerie_oracle::{CastlingRights, Colour, Square};
    /// let mut r = CastlingRights::all();
    /// r.remove_king_only(Colour::White);
    /// assert!(!r.king_may_castle(Colour::White));
    /// assert!(r.contains(Square::H1));
    /// ```
    #[inline]
    pub fn remove_king_only(&mut self, colour: Colour) {
        self.0 &= !(1 << king_square(colour).index());
    }

    /// Withdraws the king's own right, and with it every rook right of its side.
    #[inline]
    pub fn remove_king(&mut self, colour: Colour) {
        self.clear(colour);
    }

    /// Grants the right of the rook on `rook_square`.
    #[inline]
    pub fn insert(&mut self, rook_square: Square) {
        self.0 |= 1 << rook_square.index();
    }

    /// Withdraws the right of the rook on `rook_square`.
    #[inline]
    pub fn remove(&mut self, rook_square: Square) {
        self.0 &= !(1 << rook_square.index());
    }

    /// True when the rook on `rook_square` may castle.
    #[inline]
    pub fn contains(&self, rook_square: Square) -> bool {
        self.0 & (1 << rook_square.index()) != 0
    }

    /// Every right as one word, a bit per square (the rooks' squares and the kings' own): two
    /// sets of rights are equal when their words are, which a key may read at once.
    ///
    /// ```
    /// use feerie_oracle::CastlingRights;
    /// assert_eq!(CastlingRights::none().bits(), 0);
    /// assert_ne!(CastlingRights::all().bits(), 0);
    /// let mut fewer = CastlingRights::all();
    /// fewer.remove("h1".parse().unwrap());
    /// assert_ne!(fewer.bits(), CastlingRights::all().bits());
    /// ```
    #[inline]
    pub fn bits(&self) -> u64 {
        self.0
    }

    /// True when no rook may castle.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// Every rook square with a right, a1 first.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        Square::all()
            .filter(|sq| matches!(sq.file().index(), 0 | 7))
            .filter(move |sq| self.contains(*sq))
    }

    /// The rook squares of one side (on its first rank).
    pub fn of(&self, colour: Colour) -> impl Iterator<Item = Square> + '_ {
        self.squares()
            .filter(move |sq| sq.rank().index() == home_rank(colour))
    }

    /// Withdraws every right of one side, the king's own included.
    #[inline]
    pub fn clear(&mut self, colour: Colour) {
        // Every right of a side lies on its home rank.
        self.0 &= !(0xFFu64 << (home_rank(colour) * 8));
    }
}

#[inline]
fn king_square(colour: Colour) -> Square {
    Square::new(home_rank(colour) * 8 + 4).expect("on board")
}

#[inline]
fn home_rank(colour: Colour) -> u8 {
    match colour {
        Colour::White => 0,
        Colour::Black => 7,
    }
}

/// The two castlings: toward the h-file (0-0) and toward the a-file (0-0-0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CastlingSide {
    /// 0-0: king to the g-file, rook from the h-file to the f-file.
    King,
    /// 0-0-0: king to the c-file, rook from the a-file to the d-file.
    Queen,
}

impl CastlingSide {
    /// The side whose rook stands on this corner, if it is a corner.
    pub fn of_rook_square(rook_square: Square) -> Option<CastlingSide> {
        match rook_square.file().index() {
            0 => Some(CastlingSide::Queen),
            7 => Some(CastlingSide::King),
            _ => None,
        }
    }

    /// The four squares of a castling for `colour`: king from, king to, rook from, rook to.
    ///
    /// ```
    /// use feerie_oracle::{CastlingSide, Colour};
    /// let [kf, kt, rf, rt] = CastlingSide::Queen.squares(Colour::Black);
    /// assert_eq!([kf, kt, rf, rt].map(|s| s.to_string()), ["e8", "c8", "a8", "d8"]);
    /// ```
    #[inline]
    pub fn squares(self, colour: Colour) -> [Square; 4] {
        let r = home_rank(colour);
        let sq = |f: u8| Square::new(r * 8 + f).expect("on board");
        match self {
            CastlingSide::King => [sq(4), sq(6), sq(7), sq(5)],
            CastlingSide::Queen => [sq(4), sq(2), sq(0), sq(3)],
        }
    }

    /// Popeye's notation: `0-0` or `0-0-0`.
    pub fn notation(self) -> &'static str {
        match self {
            CastlingSide::King => "0-0",
            CastlingSide::Queen => "0-0-0",
        }
    }
}
