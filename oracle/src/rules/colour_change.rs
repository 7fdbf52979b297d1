//! Andernach chess: a unit that captures changes colour (as Popeye 4.104 defines it in
//! `conditions/andernach.c`).
//!
//! One question tells the colour-change conditions apart: which moves change the mover's
//! colour. Andernach chess answers the captures. Anti-Andernach chess would answer the moves
//! that take nothing; it is not here, because Popeye 4.104 then lets a pawn take en passant a
//! pawn that has just joined its own side, a position feerie's vocabulary does not hold. A
//! royal unit never changes colour. The change is the move's last effect: a pawn that promotes
//! changes colour as the unit it became.

/// Which moves make the mover change colour.
///
/// ```
/// use feerie_oracle::rules::ColourChangeMoves;
/// assert!(ColourChangeMoves::Captures.recolours(true));
/// assert!(!ColourChangeMoves::Captures.recolours(false));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColourChangeMoves {
    /// The captures (Andernach chess).
    Captures,
}

impl ColourChangeMoves {
    /// Whether a move that captures (`capture`) or not changes its mover's colour, when the
    /// mover is not royal.
    #[inline]
    pub fn recolours(self, capture: bool) -> bool {
        match self {
            ColourChangeMoves::Captures => capture,
        }
    }
}
