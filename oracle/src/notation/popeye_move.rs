//! Popeye's move notation, read and written exactly as Popeye prints it.
//!
//! Written by [`MoveRecord`]'s `Display`; read here into a [`MoveText`], the notation's own
//! content. The notation does not name the captured unit nor the colour of the mover, so a
//! text becomes a record by matching it against the legal moves of its position
//! ([`resolve`]), as standard algebraic notation needs its position too.
//!
//! Grammar: `0-0`, `0-0-0`, or `[attributes][walk]from(-|*)to[ ep.]`, then `=piece` for a
//! capturer mutation and for a promotion, `[+colour piece square(=piece)]` for rebirths (`[colour
//! piece from->square]` for a unit moved from the board to its rebirth square, as in Anticirce),
//! `[square=colour piece]` for contact mutations, and ` +` or ` #`. Attributes are `r` (royal),
//! `m` (magic), `p` (capture-mutable); walks `K Q R B S P PP` (`N` is read as `S`); a plain
//! pawn has no letter.

use std::fmt;
use std::str::FromStr;

pub use crate::imitators::canonical_imitators;

use crate::{CastlingSide, CheckMark, Colour, MoveRecord, Piece, Square, Walk};

/// An error in a move text: where (character offset) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError {
    /// The text.
    pub text: String,
    /// Character offset of the problem.
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move '{}', at character {}: {}",
            self.text,
            self.at + 1,
            self.message
        )
    }
}

impl std::error::Error for MoveParseError {}

/// A piece without colour (a king's royalty implied), as notation writes it after `=` and before the departure square:
/// attributes and walk (`rB`, `mR`, `PP`, `S`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Figure {
    /// The walk.
    pub walk: Walk,
    /// Royal (not a king).
    pub royal: bool,
    /// Magic.
    pub magic: bool,
    /// Capture-mutable mark.
    pub mutable: bool,
    /// Neutral (feerie's `n`).
    pub neutral: bool,
}

impl Figure {
    /// The figure of a piece (its colour dropped).
    pub fn of(piece: Piece) -> Figure {
        // A king is royal by nature: only other royal walks carry the mark.
        Figure {
            walk: piece.walk,
            royal: piece.royal && piece.walk != Walk::King,
            magic: piece.magic,
            mutable: piece.mutable,
            neutral: piece.neutral,
        }
    }

    /// The piece of this figure in a colour (White, the convention, when neutral).
    pub fn in_colour(self, colour: Colour) -> Piece {
        Piece {
            colour,
            walk: self.walk,
            royal: self.royal || self.walk == Walk::King,
            magic: self.magic,
            mutable: self.mutable,
            neutral: false,
        }
        .with_neutral(self.neutral)
    }
}

impl fmt::Display for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.in_colour(Colour::White).notation())
    }
}

/// The content of a move in Popeye notation.
///
/// ```
/// use feerie_oracle::popeye_move::MoveText;
/// for text in ["Sf5*d4", "0-0-0[+wPe4]", "a4*b3 ep.[+wPc3]", "b7-b8=Q", "Rd4*d6[+wPd8=Q]",
///              "d4*e5=PP", "Ka1*b2=rR", "Sf6*g8=P=Q", "mRb3-b6[a6=wB][c6=bP]", "nmRb3-b6[a6=wP]", "nmPc2-c4", "nBc6-d5[d4=nS]", "Sf5*d4[+nmBc8]", "Qh6-h7 +", "e7-e8=S #",
///              "Gd4-b6", "b7-b8=G", "CAa1*b4[+wGb8]", "Nf5-d4", "Sc3*d5[wSd5->Pd2]",
///              "Ke1*d2[wKd2->rPd2]",
///              "Sg6-b1*d2", "Ke5-e1*d2 +", "c5-c7*b8=Q",
///              "[wKd1->e1]0-0", "[bKd8->e8]0-0-0 +", "[wRa5->a1]0-0-0",
///              "[wKd4->e1][wRb1->h1]0-0", "e5-e2-e4",
///              "Rc4*h4=w", "h2*g1=Q=w", "Ra1-a4=b +", "Sd4*e6-c5", "Kd5*d6-d5", "e4*f5-d4",
///              "rSc3*a4[b7=rR]", "rRb7*a7[a4=K] #", "b7*c8=Q[h8=rR] +",
///              "Kg3-h2[Ic5]", "b7-b8[Ic4]=I", "e5*d6 ep.[Ig2]", "0-0-0[Id3,f6] +"] {
///     let parsed: MoveText = text.parse().unwrap();
///     assert_eq!(parsed.to_string(), text);
/// }
/// // A change written before the marks makes a later `[d2=…]` no promotion but a Kobul mark.
/// let kobul: MoveText = "Ke1*d2=rR[d2=LE]".parse().unwrap();
/// assert_eq!(kobul.to_string(), "Ke1*d2=rR[d2=LE]");
/// // N is Popeye's nightrider; the knight is S.
/// assert!("Nf5-d4".parse::<MoveText>().unwrap().to_string() != "Sf5-d4");
/// assert!("Xf5-d4".parse::<MoveText>().is_err());
/// // A neutral unit's colour letter is its `n`: `wnS` reads as `nS` and is written so.
/// assert_eq!("nBc6-d5[d4=wnS]".parse::<MoveText>().unwrap().to_string(), "nBc6-d5[d4=nS]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The mover (`None` for castling).
    pub mover: Option<Figure>,
    /// Set for castling.
    pub castling: Option<CastlingSide>,
    /// A castling made from the king's Mars rebirth square (Popeye's `[wKd1->e1]0-0`): the king,
    /// its square and the square it castles from.
    pub castling_from: Option<(Piece, Square, Square)>,
    /// A castling with a rook put on its corner first (Anti-Mars Circe, Popeye's
    /// `[wRb1->h1]0-0`): the rook, its square and its corner.
    pub castling_rook: Option<(Piece, Square, Square)>,
    /// Departure (absent for castling).
    pub from: Option<Square>,
    /// The square the mover moves from when it is first put there (Mars Circe's rebirth
    /// square: `Sg6-b1*d2`).
    pub via: Option<Square>,
    /// The square taken on when the mover went on from there (Take&Make's `Sd4*e6-c5`).
    pub taken: Option<Square>,
    /// Arrival (absent for castling).
    pub to: Option<Square>,
    /// A capture: `*` rather than `-` (before the taken square in Take&Make's `Sd4*e6-c5`).
    pub capture: bool,
    /// ` ep.`
    pub en_passant: bool,
    /// Each `=figure` after the arrival, in order (capturer mutation, then promotion).
    pub changes: Vec<Figure>,
    /// `=w` or `=b` after them: the colour the mover takes (Andernach chess).
    pub colour_change: Option<Colour>,
    /// Each `[+…]` (a unit taken, reborn) or `[…->…]` (a unit on the board, moved to its
    /// rebirth square: Anticirce's capturer): the reborn piece (for `->`, as it left its
    /// square), the square it left if any, its square, the walk it promoted to, and for `->` the
    /// figure it comes back as when that is another (AntiClone Circe: `[wSd5->Pd2]`).
    pub rebirths: Vec<RebirthText>,
    /// Each `[square=piece]`.
    pub contacts: Vec<(Square, Piece)>,
    /// `[square=figure]`, the figure without colour: under Kobul Kings, the royal unit that
    /// took the walk of a unit of its side taken (`[e8=rR]`, `[a4=K]`).
    pub kobul: Option<(Square, Figure)>,
    /// Breton chess's second unit: `[-wPe3]` or `[e3=b]`.
    pub breton: Option<BretonMark>,
    /// Whether the Breton mark comes before the promotion, which is then written on its
    /// square (`b7*c8[-wPe2][c8=Q]`).
    pub breton_first: bool,
    /// `[Ic5,d6]`: the imitators once the move has moved them (Imitator chess).
    pub imitators: Option<crate::Imitators>,
    /// `=I`: the pawn promoted into an imitator (Imitator chess).
    pub imitator_promotion: bool,
    /// The check mark, if the text has one; `None` leaves it open when matching.
    pub check: Option<CheckMark>,
}

/// One rebirth as [`MoveText::rebirths`] holds it: the piece, the square it left, its square,
/// the walk it promoted to, and the figure it comes back as when that is another.
pub type RebirthText = (Piece, Option<Square>, Square, Option<Walk>, Option<Figure>);

/// Breton chess's second unit as the notation writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BretonMark {
    /// `[-wPe3]`: the unit removed, and its square.
    Removed(Piece, Square),
    /// `[e3=b]`: the square of the unit recoloured, and its new colour.
    Recoloured(Square, Colour),
}

impl fmt::Display for BretonMark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BretonMark::Removed(piece, sq) => write!(f, "[-{piece}{sq}]"),
            BretonMark::Recoloured(sq, colour) => write!(f, "[{sq}={}]", colour.letter()),
        }
    }
}

impl MoveText {
    /// The text of a record (its check mark included).
    pub fn of(record: &MoveRecord) -> MoveText {
        MoveText {
            mover: record.castling.is_none().then(|| Figure::of(record.mover)),
            castling: record.castling,
            castling_from: record
                .castling
                .and(record.via)
                .map(|via| (record.mover, record.from, via)),
            castling_rook: record
                .castling_rook_corner()
                .filter(|_| record.castling.is_some())
                .map(|(from, corner)| (Piece::new(record.mover.colour, Walk::Rook), from, corner)),
            from: record.castling.is_none().then_some(record.from),
            via: record.via.filter(|_| record.castling.is_none()),
            taken: record.taken_apart().filter(|_| record.castling.is_none()),
            to: record.castling.is_none().then_some(record.to),
            capture: record.castling.is_none() && record.capture.is_some(),
            en_passant: record.written_en_passant(),
            changes: record
                .mutation
                .iter()
                .chain(record.promotion.iter())
                .map(|p| Figure::of(*p))
                .collect(),
            colour_change: record.colour_change,
            rebirths: record
                .rebirth
                .iter()
                .chain(record.delayed_rebirth.iter())
                .map(|r| match (r.from, record.reborn_as(r)) {
                    // The unit that left its square is the mover as the move leaves it.
                    (Some(from), Some(figure)) => (
                        record.final_mover(),
                        Some(from),
                        r.square,
                        r.promotion,
                        Some(Figure::of(figure)),
                    ),
                    _ => (r.piece, r.from, r.square, r.promotion, None),
                })
                .collect(),
            contacts: record
                .contact_mutations
                .iter()
                .map(|c| (c.square, c.after))
                .collect(),
            kobul: record.kobul.map(|k| (k.square, Figure::of(k.after))),
            breton: record.breton.map(|b| match b.recolour {
                true => BretonMark::Recoloured(b.square, !b.piece.colour),
                false => BretonMark::Removed(b.piece, b.square),
            }),
            breton_first: record.breton.is_some_and(|b| b.before_promotion)
                && (record.mutation.is_some() || record.promotion.is_some()),
            imitators: record.imitators,
            imitator_promotion: record.imitator_promotion,
            check: Some(record.check),
        }
    }

    /// True when `record` is written this way (a text without check mark matches any mark).
    pub fn matches(&self, record: &MoveRecord) -> bool {
        let mut of = MoveText::of(record);
        if self.check.is_none() {
            of.check = None;
        }
        of == *self
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.castling, self.mover, self.from, self.to) {
            (Some(side), ..) => {
                if let Some((king, from, via)) = self.castling_from {
                    write!(f, "[{king}{from}->{via}]")?;
                }
                if let Some((rook, from, corner)) = self.castling_rook {
                    write!(f, "[{rook}{from}->{corner}]")?;
                }
                f.write_str(side.notation())?
            }
            (None, Some(mover), Some(from), Some(to)) => {
                let plain_pawn = Figure::of(Piece::new(Colour::White, Walk::Pawn));
                if mover != plain_pawn {
                    write!(f, "{mover}")?;
                }
                if let Some(via) = self.via {
                    write!(f, "{from}-{via}")?;
                } else {
                    write!(f, "{from}")?;
                }
                if let Some(taken) = self.taken {
                    write!(f, "*{taken}")?;
                }
                let sep = if self.capture && self.taken.is_none() {
                    '*'
                } else {
                    '-'
                };
                write!(f, "{sep}{to}")?;
                if self.en_passant {
                    f.write_str(" ep.")?;
                }
            }
            _ => f.write_str("?")?,
        }
        if let Some(imitators) = self.imitators {
            write!(f, "[I{imitators}]")?;
        }
        if self.imitator_promotion {
            f.write_str("=I")?;
        }
        if self.breton_first
            && let Some(mark) = self.breton
        {
            write!(f, "{mark}")?;
        }
        for c in &self.changes {
            match (self.breton_first, self.to) {
                (true, Some(to)) => write!(f, "[{to}={c}]")?,
                _ => write!(f, "={c}")?,
            }
        }
        if let Some(colour) = self.colour_change {
            write!(f, "={}", colour.letter())?;
        }
        if let Some((sq, figure)) = self.kobul {
            write!(f, "[{sq}={figure}]")?;
        }
        if !self.breton_first
            && let Some(mark) = self.breton
        {
            write!(f, "{mark}")?;
        }
        for (piece, from, sq, promo, reborn_as) in &self.rebirths {
            match (from, reborn_as) {
                (Some(from), Some(figure)) => write!(f, "[{piece}{from}->{figure}{sq}")?,
                (Some(from), None) => write!(f, "[{piece}{from}->{sq}")?,
                (None, _) => write!(f, "[+{piece}{sq}")?,
            }
            if let Some(w) = promo {
                write!(
                    f,
                    "={}",
                    Figure {
                        walk: *w,
                        ..Figure::of(*piece)
                    }
                )?;
            }
            f.write_str("]")?;
        }
        for (sq, piece) in &self.contacts {
            write!(f, "[{sq}={piece}]")?;
        }
        f.write_str(self.check.unwrap_or_default().suffix())
    }
}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }
    fn fail<T>(&self, message: impl Into<String>) -> Result<T, MoveParseError> {
        Err(MoveParseError {
            text: self.text.to_string(),
            at: self.pos,
            message: message.into(),
        })
    }
    fn eat(&mut self, s: &str) -> bool {
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }
    /// `*` (a capture: true) or `-` (false).
    fn separator(&mut self) -> Result<bool, MoveParseError> {
        if self.eat("*") {
            Ok(true)
        } else if self.eat("-") {
            Ok(false)
        } else {
            self.fail("expected '-' or '*'")
        }
    }

    fn square(&mut self) -> Result<Square, MoveParseError> {
        let rest = self.rest();
        match rest.get(..2).and_then(|s| s.parse::<Square>().ok()) {
            Some(sq) => {
                self.pos += 2;
                Ok(sq)
            }
            None => self.fail("expected a square (a1..h8)"),
        }
    }
    /// The attributes before a walk: royal, magic, capture-mutable, and neutral (`n`, which
    /// comes first when present).
    fn attributes(&mut self) -> (bool, bool, bool, bool) {
        let neutral = self.eat("n");
        let (mut royal, mut magic, mut mutable) = (false, false, false);
        loop {
            if !royal && self.eat("r") {
                royal = true;
            } else if !magic && self.eat("m") {
                magic = true;
            } else if !mutable && self.eat("p") {
                mutable = true;
            } else {
                return (royal, magic, mutable, neutral);
            }
        }
    }
    /// A walk's Popeye code (English, upper case), two-letter codes tried first so that `PP`
    /// is not read as `P`.
    fn walk(&mut self) -> Option<Walk> {
        let mut walks = Walk::ALL;
        walks.sort_by_key(|w| std::cmp::Reverse(w.popeye_code().len()));
        walks.into_iter().find(|w| self.eat(w.popeye_code()))
    }
    fn figure(&mut self) -> Result<Figure, MoveParseError> {
        let (royal, magic, mutable, neutral) = self.attributes();
        match self.walk() {
            Some(walk) => Ok(Figure {
                walk,
                royal: royal && walk != Walk::King,
                magic,
                mutable,
                neutral,
            }),
            None => self.fail("expected a piece (Popeye's code: K Q R B S P PP G N CA…, with optional r/m/p before it)"),
        }
    }
    /// A unit's colour letter: `w`, `b`, or `n` for a neutral unit (written White, the
    /// convention, with its neutral mark set), as `[+nSd4]` and `[d4=nS]` write it.
    fn colour(&mut self) -> Result<(Colour, bool), MoveParseError> {
        if self.eat("w") {
            Ok((Colour::White, false))
        } else if self.eat("b") {
            Ok((Colour::Black, false))
        } else if self.eat("n") {
            Ok((Colour::White, true))
        } else {
            self.fail("expected a colour (w, b or n)")
        }
    }
    /// A coloured unit: colour letter, then its figure (`wS`, `bmR`, `nmR`).
    fn unit(&mut self) -> Result<Piece, MoveParseError> {
        let (colour, neutral) = self.colour()?;
        let mut figure = self.figure()?;
        figure.neutral |= neutral;
        Ok(figure.in_colour(colour))
    }
}

impl FromStr for MoveText {
    type Err = MoveParseError;
    fn from_str(text: &str) -> Result<MoveText, MoveParseError> {
        let trimmed = text.trim();
        let mut c = Cursor {
            text: trimmed,
            pos: 0,
        };
        let mut mt = MoveText {
            mover: None,
            castling: None,
            castling_from: None,
            castling_rook: None,
            from: None,
            via: None,
            taken: None,
            to: None,
            capture: false,
            en_passant: false,
            changes: Vec::new(),
            colour_change: None,
            rebirths: Vec::new(),
            contacts: Vec::new(),
            kobul: None,
            breton: None,
            breton_first: false,
            imitators: None,
            imitator_promotion: false,
            check: None,
        };
        while c.rest().starts_with('[') && c.rest().contains("]0-0") {
            // `[wKd1->e1]0-0`: the king castles from its Mars rebirth square; `[wRb1->h1]0-0`:
            // the rook from its corner, where it was put first (Anti-Mars Circe).
            c.eat("[");
            let unit = c.unit()?;
            let from = c.square()?;
            if !c.eat("->") {
                return c.fail("expected '->' in [unit square->square] before a castling");
            }
            let via = c.square()?;
            if !c.eat("]") {
                return c.fail("expected ']'");
            }
            let slot = match unit.walk {
                Walk::King if mt.castling_from.is_none() && mt.castling_rook.is_none() => {
                    &mut mt.castling_from
                }
                Walk::Rook if mt.castling_rook.is_none() => &mut mt.castling_rook,
                _ => return c.fail("expected [king…] then [rook…] before a castling"),
            };
            *slot = Some((unit, from, via));
        }
        if c.eat("0-0-0") || c.eat("O-O-O") {
            mt.castling = Some(CastlingSide::Queen);
        } else if c.eat("0-0") || c.eat("O-O") {
            mt.castling = Some(CastlingSide::King);
        } else {
            let (royal, magic, mutable, neutral) = c.attributes();
            let walk = c.walk().unwrap_or(Walk::Pawn);
            mt.mover = Some(Figure {
                walk,
                royal: royal && walk != Walk::King,
                magic,
                mutable,
                neutral,
            });
            mt.from = Some(c.square()?);
            mt.capture = c.separator()?;
            mt.to = Some(c.square()?);
            if c.rest().starts_with(['-', '*']) {
                if mt.capture {
                    // `Sd4*e6-c5`: the square taken on, then where the make ended.
                    if !c.eat("-") {
                        return c.fail("expected '-' before the square a make ends on");
                    }
                    mt.taken = mt.to;
                    mt.to = Some(c.square()?);
                } else {
                    // `Sg6-b1*d2`: the square reached first is the one the unit moves from.
                    mt.via = mt.to;
                    mt.capture = c.separator()?;
                    mt.to = Some(c.square()?);
                }
            }
            mt.en_passant = c.eat(" ep.") || c.eat(" e.p.");
            if mt.en_passant && !mt.capture {
                return c.fail("en passant needs a capture ('*')");
            }
        }
        if c.eat("[I") {
            // `[Ic5,d6]`: the imitators where the move took them.
            let end = c.rest().find(']').unwrap_or(c.rest().len());
            let list = &c.rest()[..end];
            match list.parse() {
                Ok(imitators) => mt.imitators = Some(imitators),
                Err(why) => return c.fail(why),
            }
            c.pos += end;
            if !c.eat("]") {
                return c.fail("expected ']' after the imitators");
            }
        }
        mt.imitator_promotion = c.eat("=I");
        while c.eat("=") {
            // `=w`, `=b`: the mover's new colour, last of the changes.
            if c.eat("w") {
                mt.colour_change = Some(Colour::White);
                break;
            } else if c.eat("b") {
                mt.colour_change = Some(Colour::Black);
                break;
            }
            mt.changes.push(c.figure()?);
        }
        while c.eat("[") {
            if c.eat("-") {
                // `[-wPe3]`: Breton chess's second unit, removed.
                let piece = c.unit()?;
                let sq = c.square()?;
                mt.breton = Some(BretonMark::Removed(piece, sq));
            } else if c.eat("+") {
                let piece = c.unit()?;
                let sq = c.square()?;
                let promo = if c.eat("=") {
                    Some(c.figure()?.walk)
                } else {
                    None
                };
                mt.rebirths.push((piece, None, sq, promo, None));
            } else if !c
                .rest()
                .chars()
                .nth(1)
                .is_some_and(|ch| ch.is_ascii_digit())
            {
                // `[bRh3->a8]`: a unit moved from the board to its rebirth square.
                let piece = c.unit()?;
                let from = c.square()?;
                if !c.eat("->") {
                    return c.fail("expected '->' in a rebirth [piece square->square]");
                }
                // `[wSd5->Pd2]`: the figure it comes back as, when another (AntiClone Circe).
                let reborn_as = match c.rest().starts_with(|ch: char| ch.is_ascii_lowercase()) {
                    true if c.rest().as_bytes().get(1).is_some_and(u8::is_ascii_digit) => None,
                    _ => Some(c.figure()?),
                };
                let sq = c.square()?;
                let promo = if c.eat("=") {
                    Some(c.figure()?.walk)
                } else {
                    None
                };
                mt.rebirths.push((piece, Some(from), sq, promo, reborn_as));
            } else {
                let sq = c.square()?;
                if !c.eat("=") {
                    return c.fail("expected '=' in a contact mutation [square=piece]");
                }
                let rest = c.rest();
                if rest.starts_with("w]") || rest.starts_with("b]") {
                    // `[e3=b]`: Breton Chromatic's second unit, recoloured.
                    let (colour, _) = c.colour()?;
                    mt.breton = Some(BretonMark::Recoloured(sq, colour));
                } else if rest.starts_with(|ch: char| ch.is_ascii_uppercase())
                    && mt.to == Some(sq)
                    && mt.changes.is_empty()
                {
                    // `[c8=Q]`: a promotion written after Breton chess's second unit (so
                    // none was written before it: `Ke1*d2=rR[d2=LE]` is a Kobul mark).
                    mt.changes.push(c.figure()?);
                    mt.breton_first = true;
                } else if rest.starts_with(['w', 'b', 'n']) {
                    // A contact mutation's unit has its colour; Kobul Kings' royal unit has
                    // none (`[e8=rR]`, `[a4=K]`: a royal unit is neither neutral nor of a walk
                    // whose figure begins with a colour letter).
                    mt.contacts.push((sq, c.unit()?));
                } else {
                    mt.kobul = Some((sq, c.figure()?));
                }
            }
            if !c.eat("]") {
                return c.fail("expected ']'");
            }
        }
        let rest = c.rest().trim_start();
        mt.check = match rest {
            "" => None,
            "+" => Some(CheckMark::Check),
            "#" => Some(CheckMark::Mate),
            _ => return c.fail(format!("unexpected '{}'", c.rest())),
        };
        Ok(mt)
    }
}

/// The legal move that `text` names, among `legal` (the legal moves of its position).
///
/// ```
/// use feerie_oracle::{popeye_move, Engine, Position, ReferenceEngine, Rules};
/// let legal = ReferenceEngine.legal_moves(&Position::start(), &Rules::orthodox()).unwrap();
/// assert_eq!(popeye_move::resolve("Sg1-f3", &legal).unwrap().to_string(), "Sg1-f3");
/// assert!(popeye_move::resolve("e2-e5", &legal).unwrap_err().message.contains("not a legal move"));
/// ```
pub fn resolve(text: &str, legal: &[MoveRecord]) -> Result<MoveRecord, MoveParseError> {
    let parsed: MoveText = text.parse()?;
    let found: Vec<&MoveRecord> = legal.iter().filter(|m| parsed.matches(m)).collect();
    match found.as_slice() {
        [one] => Ok((*one).clone()),
        [] => Err(MoveParseError {
            text: text.to_string(),
            at: 0,
            message: "not a legal move here".into(),
        }),
        _ => Err(MoveParseError {
            text: text.to_string(),
            at: 0,
            message: "names several legal moves".into(),
        }),
    }
}
