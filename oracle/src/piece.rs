//! Pieces: a colour, a walk and attributes.

use std::fmt;

use crate::{Colour, Walk};

/// A unit on the board (or in the Parrain reserve).
///
/// `royal` marks the piece whose capture ends the game; a king is always royal, and under
/// Frankfurt and Protean chess a king that captures becomes a royal piece of another walk.
/// `magic` marks Bédoni's magic pieces. `mutable` marks a piece that changes walk when it
/// captures in the partial forms of Frankfurt and Protean chess. `neutral` marks a unit of
/// neither side, which either side may move (RULES.md §6: only magic units may be neutral); its
/// `colour` is then White by convention and means nothing.
///
/// ```
/// use feerie_oracle::{Colour, Piece, Walk};
/// let king = Piece::new(Colour::White, Walk::King);
/// assert!(king.royal);
/// let rook = Piece::new(Colour::Black, Walk::Rook).with_magic(true);
/// assert_eq!(rook.notation_prefix(), "m");
/// assert_eq!(rook.to_string(), "bmR");
/// let neutral = Piece::new(Colour::White, Walk::Rook).with_magic(true).with_neutral(true);
/// assert_eq!(neutral.to_string(), "nmR");
/// assert_eq!("nmR".parse::<Piece>().unwrap(), neutral);
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
    /// A unit of neither side, moved by either (a neutral magic piece, RULES.md §6); its
    /// `colour` is White by convention.
    pub neutral: bool,
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
            neutral: false,
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

    /// The same piece made neutral (its colour set to White, the convention) or of its side.
    pub fn with_neutral(self, neutral: bool) -> Piece {
        let colour = if neutral { Colour::White } else { self.colour };
        Piece {
            neutral,
            colour,
            ..self
        }
    }

    /// The side this unit moves for when `side` is to move: its own colour, or `side` for a
    /// neutral unit (a neutral pawn goes forward as a pawn of the side moving it).
    pub fn colour_for(&self, side: Colour) -> Colour {
        if self.neutral { side } else { self.colour }
    }

    /// Whether `side` may move this unit: its own, or a neutral one.
    pub fn moves_for(&self, side: Colour) -> bool {
        self.neutral || self.colour == side
    }

    /// The same piece with another walk, keeping colour and attributes.
    pub fn with_walk(self, walk: Walk) -> Piece {
        Piece { walk, ..self }
    }

    /// The attribute prefix of move notation: `n` for neutral (feerie's own: Popeye has no
    /// neutral magic pieces), `r` for a royal piece that is not a king (Popeye's `rB`), `m`
    /// for magic, `p` for the capture-mutable mark.
    pub fn notation_prefix(&self) -> String {
        let mut s = String::new();
        self.write_prefix(&mut s).expect("a String takes any text");
        s
    }

    /// [`Piece::notation_prefix`] written to `out`, without a String of its own.
    fn write_prefix(&self, out: &mut impl fmt::Write) -> fmt::Result {
        for (marked, letter) in self.prefix_marks() {
            if marked {
                out.write_char(letter)?;
            }
        }
        Ok(())
    }

    /// Each mark of the prefix, in its order: whether the unit has it, and its letter.
    fn prefix_marks(&self) -> [(bool, char); 4] {
        [
            (self.neutral, 'n'),
            (self.royal && self.walk != Walk::King, 'r'),
            (self.magic, 'm'),
            (self.mutable, 'p'),
        ]
    }

    /// Prefix and walk as in Popeye move notation, without the colour: `S`, `rB`, `mR`, `PP`.
    pub fn notation(&self) -> String {
        let mut s = String::new();
        self.write_notation(&mut s)
            .expect("a String takes any text");
        s
    }

    /// [`Piece::notation`] written to `out`, without a String of its own (solutions are
    /// written by the hundred thousand).
    pub fn write_notation(&self, out: &mut impl fmt::Write) -> fmt::Result {
        self.write_prefix(out)?;
        out.write_str(self.walk.popeye_code())
    }

    /// Whether the unit has a mark of [`Piece::notation_prefix`].
    pub fn has_prefix(&self) -> bool {
        self.prefix_marks().iter().any(|&(marked, _)| marked)
    }
}

impl fmt::Display for Piece {
    /// Colour letter, prefix and walk, as in Popeye's rebirth notation: `wS`, `brB`, `bmR`;
    /// a neutral unit has `n` for colour letter (its prefix's `n`): `nmR`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.neutral {
            fmt::Write::write_char(f, self.colour.letter())?;
        }
        self.write_notation(f)
    }
}

/// Text that is not a piece code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePieceError(pub String);

impl fmt::Display for ParsePieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a piece (expected colour w/b/n, optional attributes r/m/p, walk as Popeye's English code (K Q R B S P PP G N CA …), e.g. wS, bmR, brB, bG, nmR)",
            self.0
        )
    }
}

impl std::error::Error for ParsePieceError {}

impl std::str::FromStr for Piece {
    type Err = ParsePieceError;
    /// Reads what `Display` writes: `wS`, `bN`, `brB`, `wmR`, `bPP`, `wpQ`, `nmR`.
    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let err = || ParsePieceError(s.to_string());
        let mut chars = s.chars();
        let first = chars.next().ok_or_else(err)?;
        let neutral = first == 'n';
        let colour = if neutral {
            Colour::White
        } else {
            Colour::from_letter(first).ok_or_else(err)?
        };
        let rest = chars.as_str();
        let walk_start = rest
            .find(|c: char| c.is_ascii_uppercase())
            .ok_or_else(err)?;
        let (attrs, code) = rest.split_at(walk_start);
        let walk = Walk::from_popeye_code(code).ok_or_else(err)?;
        let mut piece = Piece::new(colour, walk).with_neutral(neutral);
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
