//! Pieces: a colour, a walk and attributes.

use std::fmt;

use crate::{Colour, Walk};

/// A unit on the board (or in the Parrain reserve).
///
/// `royal` marks the piece whose capture ends the game; a king is always royal, and under
/// Frankfurt and Protean chess a king that captures becomes a royal piece of another walk.
/// `magic` marks Bédoni's magic pieces. `mutable` marks a piece that changes walk when it
/// captures in the partial forms of Frankfurt and Protean chess.
///
/// ```
/// use feerie_oracle::{Colour, Piece, Walk};
/// let king = Piece::new(Colour::White, Walk::King);
/// assert!(king.royal);
/// let rook = Piece::new(Colour::Black, Walk::Rook).with_magic(true);
/// assert_eq!(rook.notation_prefix(), "m");
/// assert_eq!(rook.to_string(), "bmR");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// Its side.
    pub colour: Colour,
    /// How it moves.
    pub walk: Walk,
    /// Its capture loses the game (it can be checked and mated).
    pub royal: bool,
    /// A magic piece (RULES.md §6).
    pub magic: bool,
    /// Marked to change walk when capturing (partial Frankfurt / Protean chess).
    pub mutable: bool,
}

impl Piece {
    /// A plain piece; kings are royal.
    pub fn new(colour: Colour, walk: Walk) -> Piece {
        Piece {
            colour,
            walk,
            royal: walk == Walk::King,
            magic: false,
            mutable: false,
        }
    }

    /// The same piece with the royal attribute set or cleared.
    pub fn with_royal(self, royal: bool) -> Piece {
        Piece { royal, ..self }
    }

    /// The same piece with the magic attribute set or cleared.
    pub fn with_magic(self, magic: bool) -> Piece {
        Piece { magic, ..self }
    }

    /// The same piece with the capture-mutable mark set or cleared.
    pub fn with_mutable(self, mutable: bool) -> Piece {
        Piece { mutable, ..self }
    }

    /// The same piece with another walk, keeping colour and attributes.
    pub fn with_walk(self, walk: Walk) -> Piece {
        Piece { walk, ..self }
    }

    /// The attribute prefix of move notation: `r` for a royal piece that is not a king
    /// (Popeye's `rB`), `m` for magic, `p` for the capture-mutable mark.
    pub fn notation_prefix(&self) -> String {
        let mut s = String::new();
        if self.royal && self.walk != Walk::King {
            s.push('r');
        }
        if self.magic {
            s.push('m');
        }
        if self.mutable {
            s.push('p');
        }
        s
    }

    /// Prefix and walk as in Popeye move notation, without the colour: `S`, `rB`, `mR`, `PP`.
    pub fn notation(&self) -> String {
        format!("{}{}", self.notation_prefix(), self.walk.popeye_code())
    }
}

impl fmt::Display for Piece {
    /// Colour letter, prefix and walk, as in Popeye's rebirth notation: `wS`, `brB`, `bmR`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour.letter(), self.notation())
    }
}

/// Text that is not a piece code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePieceError(pub String);

impl fmt::Display for ParsePieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a piece (expected colour w/b, optional attributes r/m/p, walk as Popeye's English code (K Q R B S P PP G N CA …), e.g. wS, bmR, brB, bG)",
            self.0
        )
    }
}

impl std::error::Error for ParsePieceError {}

impl std::str::FromStr for Piece {
    type Err = ParsePieceError;
    /// Reads what `Display` writes: `wS`, `bN`, `brB`, `wmR`, `bPP`, `wpQ`.
    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let err = || ParsePieceError(s.to_string());
        let mut chars = s.chars();
        let colour = chars.next().and_then(Colour::from_letter).ok_or_else(err)?;
        let rest = chars.as_str();
        let walk_start = rest
            .find(|c: char| c.is_ascii_uppercase())
            .ok_or_else(err)?;
        let (attrs, code) = rest.split_at(walk_start);
        let walk = Walk::from_popeye_code(code).ok_or_else(err)?;
        let mut piece = Piece::new(colour, walk);
        for a in attrs.chars() {
            match a {
                'r' if !piece.royal => piece.royal = true,
                'm' if !piece.magic => piece.magic = true,
                'p' if !piece.mutable => piece.mutable = true,
                _ => return Err(err()),
            }
        }
        if walk == Walk::King && attrs.contains('r') {
            return Err(err());
        }
        Ok(piece)
    }
}
