//! Walks: how a unit moves, independently of its colour and attributes.

use std::fmt;

/// How a unit moves and captures.
///
/// The seven walks of the supported conditions. New fairy walks are added here as variants;
/// every walk has a Popeye code (`S` for the knight, `PP` for the reverse pawn).
///
/// ```
/// use feerie_oracle::Walk;
/// assert_eq!(Walk::Knight.popeye_code(), "S");
/// assert_eq!(Walk::from_popeye_code("pp"), Some(Walk::ReversePawn));
/// assert_eq!(Walk::from_fen_char('n'), Some(Walk::Knight));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Walk {
    /// One step in any direction; castles.
    King,
    /// Rook and bishop lines.
    Queen,
    /// Orthogonal lines.
    Rook,
    /// Diagonal lines.
    Bishop,
    /// The (1,2) leap.
    Knight,
    /// Steps forward (double step from its second rank), captures diagonally forward, promotes
    /// on its last rank.
    Pawn,
    /// A pawn of its own colour that moves like a pawn of the other colour: forward is toward
    /// its own first rank, where it promotes; double step from its own seventh rank.
    ReversePawn,
}

impl Walk {
    /// Every walk, in the order used for sorting and listing.
    pub const ALL: [Walk; 7] = [
        Walk::King,
        Walk::Queen,
        Walk::Rook,
        Walk::Bishop,
        Walk::Knight,
        Walk::Pawn,
        Walk::ReversePawn,
    ];

    /// The walks a pawn may promote to, in Popeye's listing order.
    pub const PROMOTIONS: [Walk; 4] = [Walk::Queen, Walk::Rook, Walk::Bishop, Walk::Knight];

    /// The walk's place in [`Walk::ALL`], for tables indexed by walk.
    ///
    /// ```
    /// use feerie_oracle::Walk;
    /// for (i, walk) in Walk::ALL.iter().enumerate() {
    ///     assert_eq!(walk.index(), i);
    /// }
    /// ```
    pub const fn index(self) -> usize {
        match self {
            Walk::King => 0,
            Walk::Queen => 1,
            Walk::Rook => 2,
            Walk::Bishop => 3,
            Walk::Knight => 4,
            Walk::Pawn => 5,
            Walk::ReversePawn => 6,
        }
    }

    /// Popeye's code, upper case: `K Q R B S P PP`.
    pub fn popeye_code(self) -> &'static str {
        match self {
            Walk::King => "K",
            Walk::Queen => "Q",
            Walk::Rook => "R",
            Walk::Bishop => "B",
            Walk::Knight => "S",
            Walk::Pawn => "P",
            Walk::ReversePawn => "PP",
        }
    }

    /// Reads a Popeye code in either case; the knight may be `S` or `N`.
    pub fn from_popeye_code(code: &str) -> Option<Walk> {
        Some(match code.to_ascii_uppercase().as_str() {
            "K" => Walk::King,
            "Q" => Walk::Queen,
            "R" => Walk::Rook,
            "B" => Walk::Bishop,
            "S" | "N" => Walk::Knight,
            "P" => Walk::Pawn,
            "PP" => Walk::ReversePawn,
            _ => return None,
        })
    }

    /// The FEN letter (upper case) of the walks that have one; the reverse pawn has none.
    pub fn fen_char(self) -> Option<char> {
        Some(match self {
            Walk::King => 'K',
            Walk::Queen => 'Q',
            Walk::Rook => 'R',
            Walk::Bishop => 'B',
            Walk::Knight => 'N',
            Walk::Pawn => 'P',
            Walk::ReversePawn => return None,
        })
    }

    /// Reads a one-letter FEN walk in either case (`N` or `S` for the knight).
    pub fn from_fen_char(c: char) -> Option<Walk> {
        Some(match c.to_ascii_uppercase() {
            'K' => Walk::King,
            'Q' => Walk::Queen,
            'R' => Walk::Rook,
            'B' => Walk::Bishop,
            'N' | 'S' => Walk::Knight,
            'P' => Walk::Pawn,
            _ => return None,
        })
    }

    /// True for the pawn and the reverse pawn.
    ///
    /// Every walk is named (no catch-all arm), here and wherever a rule depends on the walk, so
    /// that a new walk does not compile until each of those places decides what it does.
    pub fn is_pawn(self) -> bool {
        match self {
            Walk::Pawn | Walk::ReversePawn => true,
            Walk::King | Walk::Queen | Walk::Rook | Walk::Bishop | Walk::Knight => false,
        }
    }

    /// True for walks that move along lines (queen, rook, bishop).
    pub fn is_rider(self) -> bool {
        match self {
            Walk::Queen | Walk::Rook | Walk::Bishop => true,
            Walk::King | Walk::Knight | Walk::Pawn | Walk::ReversePawn => false,
        }
    }
}

impl fmt::Display for Walk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.popeye_code())
    }
}
