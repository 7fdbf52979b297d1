//! Move records: what a move did, stage by stage (RULES.md §0).

use std::fmt;

use crate::{CastlingSide, Colour, Imitators, Piece, Square, Walk};

/// A captured unit and the square it was taken on (for en passant, the pawn's square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Capture {
    /// The unit taken, as it stood before the move.
    pub piece: Piece,
    /// Where it stood.
    pub square: Square,
}

/// A unit put back on the board by a Circe rule.
///
/// ```
/// use feerie_oracle::{Colour, Piece, Rebirth, Walk};
/// let r = Rebirth {
///     piece: Piece::new(Colour::White, Walk::Pawn),
///     from: None,
///     square: "d8".parse().unwrap(),
///     promotion: Some(Walk::Queen),
/// };
/// assert_eq!(r.to_string(), "[+wPd8=Q]");
/// // Anticirce: the capturer goes from its arrival square to its rebirth square.
/// let anti = Rebirth {
///     piece: Piece::new(Colour::Black, Walk::Rook),
///     from: Some("h3".parse().unwrap()),
///     square: "a8".parse().unwrap(),
///     promotion: None,
/// };
/// assert_eq!(anti.to_string(), "[bRh3->a8]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rebirth {
    /// The unit as reborn, before any promotion.
    pub piece: Piece,
    /// The square it is taken from when it stands on the board (Anticirce's capturer, on its
    /// arrival square); `None` for a unit taken, which is off the board already.
    pub from: Option<Square>,
    /// Where it is reborn.
    pub square: Square,
    /// A pawn reborn on its promotion rank promotes at once to this walk.
    pub promotion: Option<Walk>,
}

impl fmt::Display for Rebirth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from {
            Some(from) => write!(f, "[{}{from}->{}", self.piece, self.square)?,
            None => write!(f, "[+{}{}", self.piece, self.square)?,
        }
        if let Some(w) = self.promotion {
            write!(f, "={}", self.piece.with_walk(w).notation())?;
        }
        f.write_str("]")
    }
}

/// A walk change caused by contact with magic pieces (RULES.md §6).
///
/// ```
/// use feerie_oracle::{Colour, ContactMutation, Piece, Walk};
/// let m = ContactMutation {
///     square: "a6".parse().unwrap(),
///     before: Piece::new(Colour::White, Walk::Knight),
///     after: Piece::new(Colour::White, Walk::Bishop),
/// };
/// assert_eq!(m.to_string(), "[a6=wB]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ContactMutation {
    /// Where the mutated unit stands.
    pub square: Square,
    /// The unit before the mutation.
    pub before: Piece,
    /// The unit after it.
    pub after: Piece,
}

impl fmt::Display for ContactMutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}={}]", self.square, self.after)
    }
}

/// The second unit a capture takes under Breton chess: removed, or under Breton Chromatic
/// recoloured.
///
/// ```
/// use feerie_oracle::{BretonEffect, Colour, Piece, Walk};
/// let removal = BretonEffect {
///     square: "e3".parse().unwrap(),
///     piece: Piece::new(Colour::White, Walk::Pawn),
///     recolour: false,
///     before_promotion: true,
/// };
/// assert_eq!(removal.to_string(), "[-wPe3]");
/// let recolour = BretonEffect { recolour: true, ..removal };
/// assert_eq!(recolour.to_string(), "[e3=b]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BretonEffect {
    /// Where the unit stands (the capturer's arrival square when it is the capturer).
    pub square: Square,
    /// The unit as it stood when judged.
    pub piece: Piece,
    /// Whether it changes side (Breton Chromatic) rather than leaving the board.
    pub recolour: bool,
    /// Whether it was judged before the capturer's promotion (Popeye's default, the
    /// WinChloe reading): Popeye then writes the promotion after it, as `[c8=Q]`.
    pub before_promotion: bool,
}

impl fmt::Display for BretonEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.recolour {
            true => write!(f, "[{}={}]", self.square, (!self.piece.colour).letter()),
            false => write!(f, "[-{}{}]", self.piece, self.square),
        }
    }
}

/// Whether a move gives check, and mate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CheckMark {
    /// No check.
    #[default]
    None,
    /// Check (Popeye writes ` +`).
    Check,
    /// Checkmate (written ` #`).
    Mate,
}

impl CheckMark {
    /// The suffix in Popeye notation: empty, ` +` or ` #`.
    pub fn suffix(self) -> &'static str {
        match self {
            CheckMark::None => "",
            CheckMark::Check => " +",
            CheckMark::Mate => " #",
        }
    }
}

/// Everything a move does, stage by stage, without needing the board to be understood:
/// displacement (mover, from, to, castling, en passant, capture, promotion), capturer mutation,
/// immediate rebirth, delayed (Parrain) rebirth, contact mutations, and check.
///
/// Records order totally, so two move lists compare as sorted vectors. `Display` writes
/// Popeye's notation; reading notation back needs the position, since the notation does not
/// name the captured unit: see [`crate::notation::popeye_move`].
///
/// ```
/// use feerie_oracle::{Colour, MoveRecord, Piece, Walk, Capture};
/// let mut m = MoveRecord::displacement(
///     Piece::new(Colour::White, Walk::Knight), "f5".parse().unwrap(), "d4".parse().unwrap());
/// m.capture = Some(Capture { piece: Piece::new(Colour::Black, Walk::Pawn), square: "d4".parse().unwrap() });
/// assert_eq!(m.to_string(), "Sf5*d4");
/// // Mars Circe: the knight captures from its rebirth square g1.
/// m.via = Some("g1".parse().unwrap());
/// m.to = "f3".parse().unwrap();
/// assert_eq!(m.to_string(), "Sf5-g1*f3");
/// // Popeye's Mars Circe: the king castles from its rebirth square.
/// let mut castling = MoveRecord::displacement(
///     Piece::new(Colour::White, Walk::King), "d1".parse().unwrap(), "g1".parse().unwrap());
/// castling.castling = Some(feerie_oracle::CastlingSide::King);
/// castling.via = Some("e1".parse().unwrap());
/// assert_eq!(castling.to_string(), "[wKd1->e1]0-0");
/// // Kobul Kings: the black king on e8 takes the walk of the rook taken.
/// let mut take = MoveRecord::displacement(
///     Piece::new(Colour::White, Walk::Queen), "d1".parse().unwrap(), "d7".parse().unwrap());
/// let rook = Piece::new(Colour::Black, Walk::Rook);
/// take.capture = Some(Capture { piece: rook, square: "d7".parse().unwrap() });
/// let king = Piece::new(Colour::Black, Walk::King);
/// take.kobul = Some(feerie_oracle::ContactMutation {
///     square: "e8".parse().unwrap(), before: king, after: king.with_walk(Walk::Rook) });
/// assert_eq!(take.to_string(), "Qd1*d7[e8=rR]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MoveRecord {
    /// The moving unit as it stood before the move (the king, in castling).
    pub mover: Piece,
    /// Departure square (the king's, in castling).
    pub from: Square,
    /// The square the mover is put on before it moves, when it is not `from`: under Mars
    /// Circe, the rebirth square a capture is made from (Popeye writes `Sg6-b1*d2`).
    pub via: Option<Square>,
    /// Arrival square (the king's, in castling).
    pub to: Square,
    /// Set when the move is a castling.
    pub castling: Option<CastlingSide>,
    /// In a castling, the square of a rook put first on its corner (its Plain Circe square, the
    /// corner of its side's first rank of its square's colour,
    /// [`MoveRecord::castling_rook_corner`]): under Anti-Mars Circe, as Popeye 4.104 reads it
    /// (`[wRb1->h1]0-0`). The castling is then made with whatever rook stands on the corner of
    /// its side (that one, or with `mars_rook_castling: first_castling` the other rook).
    pub castling_rook: Option<Square>,
    /// Set when the capture is en passant.
    pub en_passant: bool,
    /// The unit taken, if any.
    pub capture: Option<Capture>,
    /// Stage 2: the capturer after it changed walk (Frankfurt, Protean).
    pub mutation: Option<Piece>,
    /// The mover after promotion (a pawn reaching its last rank, or a unit that became a pawn
    /// standing there).
    pub promotion: Option<Piece>,
    /// Stage 3: the unit captured by this move, reborn at once.
    pub rebirth: Option<Rebirth>,
    /// Stage 4: the unit captured by the previous move, reborn now (Parrain).
    pub delayed_rebirth: Option<Rebirth>,
    /// Stage 5: units that changed walk by contact with magic pieces, in square order.
    pub contact_mutations: Vec<ContactMutation>,
    /// Under Kobul Kings, the royal unit of the side that lost a unit, when the capture changed
    /// its walk: its square, the unit before and after. Popeye writes it `[b7=rR]`, the new
    /// unit without its colour (`[a4=K]` for a king's walk given back).
    pub kobul: Option<ContactMutation>,
    /// The colour the mover takes at the end of the move, when it changes (Andernach chess;
    /// Popeye writes `=b` or `=w` last).
    pub colour_change: Option<Colour>,
    /// Under Breton chess, the second unit the capture takes (removed or recoloured).
    pub breton: Option<BretonEffect>,
    /// Under Imitator chess, the imitators once the move has moved them by its vector (Popeye
    /// writes them after the arrival, `Kg3-h2[Ic5]`); `None` where there are none.
    pub imitators: Option<Imitators>,
    /// Under Imitator chess, a pawn promoted into an imitator: it leaves the board and an
    /// imitator stands on its arrival square (Popeye writes `=I`).
    pub imitator_promotion: bool,
    /// Whether the move checks or mates the opponent.
    pub check: CheckMark,
}

impl MoveRecord {
    /// A plain displacement with nothing else happening.
    pub fn displacement(mover: Piece, from: Square, to: Square) -> MoveRecord {
        MoveRecord {
            mover,
            from,
            via: None,
            to,
            castling: None,
            castling_rook: None,
            en_passant: false,
            capture: None,
            mutation: None,
            promotion: None,
            rebirth: None,
            delayed_rebirth: None,
            contact_mutations: Vec::new(),
            kobul: None,
            colour_change: None,
            breton: None,
            imitators: None,
            imitator_promotion: false,
            check: CheckMark::None,
        }
    }

    /// The square of the rook a castling puts on its corner first, and that corner
    /// ([`MoveRecord::castling_rook`]).
    ///
    /// ```
    /// use feerie_oracle::{CastlingSide, Colour, MoveRecord, Piece, Square, Walk};
    /// let sq = |name: &str| name.parse::<Square>().unwrap();
    /// let king = Piece::new(Colour::White, Walk::King);
    /// let mut mv = MoveRecord::displacement(king, sq("e1"), sq("g1"));
    /// mv.castling = Some(CastlingSide::King);
    /// mv.castling_rook = Some(sq("b1"));
    /// assert_eq!(mv.castling_rook_corner(), Some((sq("b1"), sq("h1"))));
    /// assert_eq!(mv.to_string(), "[wRb1->h1]0-0");
    /// ```
    pub fn castling_rook_corner(&self) -> Option<(Square, Square)> {
        let from = self.castling_rook?;
        let colour = self.mover.colour;
        let corner = [CastlingSide::Queen, CastlingSide::King]
            .map(|side| side.squares(colour)[2])
            .into_iter()
            .find(|corner| corner.is_dark() == from.is_dark())?;
        Some((from, corner))
    }

    /// The square of the unit taken when the mover did not end there and the capture is no en
    /// passant: Take&Make's take, completed by a make elsewhere (Popeye writes `Sd4*e6-c5`).
    ///
    /// ```
    /// use feerie_oracle::{Capture, Colour, MoveRecord, Piece, Walk};
    /// let sq = |s: &str| s.parse().unwrap();
    /// let mut m = MoveRecord::displacement(Piece::new(Colour::White, Walk::Knight), sq("d4"), sq("c5"));
    /// m.capture = Some(Capture { piece: Piece::new(Colour::Black, Walk::Bishop), square: sq("e6") });
    /// assert_eq!(m.taken_apart(), Some(sq("e6")));
    /// assert_eq!(m.to_string(), "Sd4*e6-c5");
    /// ```
    pub fn taken_apart(&self) -> Option<Square> {
        self.capture
            .map(|c| c.square)
            .filter(|&sq| sq != self.to && !self.en_passant && self.via.is_none())
    }

    /// Whether the notation marks the move ` ep.`: an en passant capture whose mover does not
    /// end on the pawn's square (under Take&Make the make from the square passed ends there, and
    /// Popeye writes `e5*d5`).
    pub fn written_en_passant(&self) -> bool {
        self.en_passant && self.capture.is_none_or(|c| c.square != self.to)
    }

    /// The mover as it stands after the move.
    ///
    /// ```
    /// use feerie_oracle::{Colour, MoveRecord, Piece, Walk};
    /// let pawn = Piece::new(Colour::Black, Walk::Pawn);
    /// let mut m = MoveRecord::displacement(pawn, "h2".parse().unwrap(), "g1".parse().unwrap());
    /// m.promotion = Some(Piece::new(Colour::Black, Walk::Queen));
    /// m.colour_change = Some(Colour::White);
    /// assert_eq!(m.final_mover(), Piece::new(Colour::White, Walk::Queen));
    /// assert_eq!(m.to_string(), "h2-g1=Q=w");
    /// ```
    pub fn final_mover(&self) -> Piece {
        let unit = self.promotion.or(self.mutation).unwrap_or(self.mover);
        match self.colour_change {
            Some(colour) => Piece { colour, ..unit },
            None => unit,
        }
    }

    /// For the rebirth `r` of a unit that stood on the board (Anticirce's capturer), the figure
    /// it comes back as when it differs from the unit that left, as Popeye 4.104 writes it
    /// after `->` (AntiClone Circe: `[wSd5->Pd2]`, `[wKd2->rPd2]`): with its marks when a king
    /// comes back as a royal unit of another walk, else its walk alone; `None` when the same.
    pub fn reborn_as(&self, r: &Rebirth) -> Option<Piece> {
        let left = self.final_mover();
        r.from?;
        if left.walk == Walk::King && r.piece.walk != Walk::King && r.piece.royal {
            Some(r.piece)
        } else if left.walk != r.piece.walk {
            Some(Piece::new(r.piece.colour, r.piece.walk))
        } else {
            None
        }
    }

    /// The notation without the check mark.
    pub fn notation_without_check(&self) -> String {
        let mut s = String::new();
        self.write_without_check(&mut s)
            .expect("a String takes any text");
        s
    }

    /// [`MoveRecord::notation_without_check`] written to `out`, without a String of its own
    /// (solutions are written by the hundred thousand).
    pub fn write_without_check(&self, out: &mut impl fmt::Write) -> fmt::Result {
        match self.castling {
            Some(side) => {
                if let Some(via) = self.via {
                    // Mars Circe: the king castles from its rebirth square.
                    write!(out, "[{}{}->{via}]", self.mover, self.from)?;
                }
                if let Some((rook_from, corner)) = self.castling_rook_corner() {
                    // Anti-Mars Circe: a rook put on its corner first.
                    let rook = Piece::new(self.mover.colour, Walk::Rook);
                    write!(out, "[{rook}{rook_from}->{corner}]")?;
                }
                out.write_str(side.notation())?
            }
            None => {
                if self.mover.walk != Walk::Pawn || self.mover.has_prefix() {
                    self.mover.write_notation(out)?;
                }
                let sep = if self.capture.is_some() { '*' } else { '-' };
                if let Some(via) = self.via {
                    write!(out, "{}-{via}{sep}{}", self.from, self.to)?;
                } else if let Some(taken) = self.taken_apart() {
                    // Take&Make: the square taken on, then where the make ended.
                    write!(out, "{}*{taken}-{}", self.from, self.to)?;
                } else {
                    write!(out, "{}{sep}{}", self.from, self.to)?;
                }
                if self.written_en_passant() {
                    out.write_str(" ep.")?;
                }
            }
        }
        if let Some(imitators) = self.imitators {
            write!(out, "[I{imitators}]")?;
        }
        if self.imitator_promotion {
            out.write_str("=I")?;
        }
        // Under Breton chess judged before the promotion, Popeye writes the second unit first
        // and the promotion after it, as a change on the arrival square (`b7*c8[-wPe2][c8=Q]`).
        let breton_first = self.breton.filter(|b| b.before_promotion);
        if let Some(b) = breton_first {
            write!(out, "{b}")?;
        }
        for piece in self.mutation.iter().chain(self.promotion.iter()) {
            match breton_first {
                Some(_) => write!(out, "[{}=", self.to)?,
                None => out.write_char('=')?,
            }
            piece.write_notation(out)?;
            if breton_first.is_some() {
                out.write_char(']')?;
            }
        }
        if let Some(b) = self.breton.filter(|b| !b.before_promotion) {
            write!(out, "{b}")?;
        }
        if let Some(colour) = self.colour_change {
            write!(out, "={}", colour.letter())?;
        }
        if let Some(k) = &self.kobul {
            write!(out, "[{}=", k.square)?;
            k.after.write_notation(out)?;
            out.write_char(']')?;
        }
        for r in self.rebirth.iter().chain(self.delayed_rebirth.iter()) {
            // A unit that leaves its square as one figure and comes back as another (AntiClone
            // Circe): `[wSd5->Pd2]`, the figure it comes back as before its square.
            match (r.from, self.reborn_as(r)) {
                (Some(from), Some(figure)) => {
                    write!(out, "[{}{from}->", self.final_mover())?;
                    figure.write_notation(out)?;
                    write!(out, "{}", r.square)?;
                    if let Some(w) = r.promotion {
                        out.write_char('=')?;
                        r.piece.with_walk(w).write_notation(out)?;
                    }
                    out.write_char(']')?;
                }
                _ => write!(out, "{r}")?,
            }
        }
        for c in &self.contact_mutations {
            write!(out, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Display for MoveRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_without_check(f)?;
        f.write_str(self.check.suffix())
    }
}
