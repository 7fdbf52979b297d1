//! The unvalidated description of a position, as parsed.

use crate::{Board, CastlingRights, Colour, Imitators, Piece, Rank, Square, WalkSet};

/// An en passant opportunity: the square a pawn passed over with its double step, and the
/// square where that pawn now stands (where it is taken from).
///
/// ```
/// use feerie_oracle::EnPassant;
/// let ep = EnPassant::from_target("e3".parse().unwrap()).unwrap();
/// assert_eq!(ep.pawn.to_string(), "e4");
/// assert!(EnPassant::from_target("e4".parse().unwrap()).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The square passed over, where the capturing pawn arrives.
    pub target: Square,
    /// The square of the pawn that double-stepped.
    pub pawn: Square,
}

impl EnPassant {
    /// The opportunity with this target square. Double steps start on rank 2 or 7 (pawns and
    /// reverse pawns alike), so the target is on rank 3 or 6 and the pawn next to it toward the
    /// centre; any other rank gives `None`.
    pub fn from_target(target: Square) -> Option<EnPassant> {
        let dr = match target.rank().index() {
            2 => 1,
            5 => -1,
            _ => return None,
        };
        Some(EnPassant {
            target,
            pawn: target.offset(0, dr)?,
        })
    }

    /// The square the double step started from.
    pub fn origin(&self) -> Square {
        let dr = self.target.rank().index() as i8 - self.pawn.rank().index() as i8;
        self.target.offset(0, dr).expect("target is on rank 3 or 6")
    }
}

/// The Parrain reserve: a captured piece waiting to be reborn on the next half-move, with the
/// square where it was captured (RULES.md §4; Popeye's `LastCapture`), and which side captured
/// it: the side not to move, as after any capture in play (and as Popeye takes a `LastCapture`
/// to be), or the side to move, when it moves again (series play). A reborn pawn on its last
/// rank promotes unless its own side is the capturer (a `LastCapture` of a unit of the side not
/// to move), where `parrain_other_side_promotion` decides.
///
/// ```
/// use feerie_oracle::{Colour, Piece, Reserve, Walk};
/// let r = Reserve::new(Piece::new(Colour::White, Walk::Bishop), "g4".parse().unwrap());
/// assert_eq!(r.to_string(), "wBg4");
/// assert_eq!(r.capturer(Colour::White), Colour::Black);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reserve {
    /// The captured unit.
    pub piece: Piece,
    /// Where it was captured (for en passant, the square of the captured pawn).
    pub square: Square,
    /// Whether the side to move captured it (it moves again, as in series play); else the
    /// side not to move did.
    pub taken_by_side_to_move: bool,
}

impl Reserve {
    /// A unit captured on `square` by the side not to move.
    pub fn new(piece: Piece, square: Square) -> Reserve {
        Reserve {
            piece,
            square,
            taken_by_side_to_move: false,
        }
    }

    /// The side that captured it, `side_to_move` being the side to move.
    pub fn capturer(&self, side_to_move: Colour) -> Colour {
        if self.taken_by_side_to_move {
            side_to_move
        } else {
            !side_to_move
        }
    }

    /// Whether its own side is taken to be the capturer, `side_to_move` being the side to move:
    /// never after a capture in play; for a reserve of the side not to move given in the
    /// diagram, as Popeye takes a `LastCapture` (where `parrain_other_side_promotion` decides
    /// whether a reborn pawn promotes).
    pub fn taken_by_own_side(&self, side_to_move: Colour) -> bool {
        self.capturer(side_to_move) == self.piece.colour
    }

    /// The same reserve once the other side is to move without a move played (a side that
    /// waits in series play): the capturer stays, so the flag turns.
    pub fn turned(self) -> Reserve {
        Reserve {
            taken_by_side_to_move: !self.taken_by_side_to_move,
            ..self
        }
    }
}

impl std::fmt::Display for Reserve {
    /// The unit and its capture square, as a FEN's reserve field reads them: `bSh6`; a unit
    /// whose Popeye code is another walk's FEN letter in parentheses, `(bN)h6` the nightrider.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.piece.walk.code_is_another_fen_letter() {
            write!(f, "({}){}", self.piece, self.square)
        } else {
            write!(f, "{}{}", self.piece, self.square)
        }
    }
}

/// A position as parsed, not yet checked: turn it into a [`crate::Position`] with
/// [`crate::Position::new`], which lists every problem it finds.
///
/// ```
/// use feerie_oracle::{Position, Setup, Validation};
/// let setup = Setup::start();
/// let position = Position::new(setup, Validation::Strict).unwrap();
/// assert_eq!(position.board().unit_count(), 32);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The units.
    pub board: Board,
    /// Who moves next.
    pub side_to_move: Colour,
    /// Rooks that may still castle.
    pub castling: CastlingRights,
    /// The en passant opportunity left by the last move, if any.
    pub en_passant: Option<EnPassant>,
    /// The Parrain reserve, if a piece is waiting to be reborn.
    pub reserve: Option<Reserve>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// Move number, starting at 1 and incremented after Black's move.
    pub fullmove_number: u32,
    /// The fairy walks of the diagram, to which pawns may promote (RULES.md §9): kept by every
    /// move, so that a walk whose last unit was taken is still offered. A position made from
    /// a setup adds the fairy walks on its board ([`crate::Position::new`]).
    pub fairy_walks: WalkSet,
    /// The imitators of Imitator chess, which every move moves by its own vector.
    pub imitators: Imitators,
}

impl Default for Setup {
    fn default() -> Self {
        Setup::empty()
    }
}

impl Setup {
    /// The fairy walks standing on the board (a unit waiting in the Parrain reserve is not in
    /// the diagram: Popeye offers no promotion to its walk either).
    pub fn board_fairy_walks(&self) -> WalkSet {
        self.board
            .pieces()
            .map(|(_, p)| p.walk)
            .filter(|w| w.is_fairy())
            .collect()
    }

    /// An empty board, White to move.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            side_to_move: Colour::White,
            castling: CastlingRights::none(),
            en_passant: None,
            reserve: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            fairy_walks: WalkSet::EMPTY,
            imitators: Imitators::NONE,
        }
    }

    /// The orthodox start position.
    pub fn start() -> Setup {
        use crate::Walk;
        let mut setup = Setup::empty();
        let back = [
            Walk::Rook,
            Walk::Knight,
            Walk::Bishop,
            Walk::Queen,
            Walk::King,
            Walk::Bishop,
            Walk::Knight,
            Walk::Rook,
        ];
        for (file, walk) in back.into_iter().enumerate() {
            for colour in Colour::ALL {
                let home = Rank::relative(colour, 0).index() as usize * 8;
                let pawns = Rank::relative(colour, 1).index() as usize * 8;
                let sq = |i: usize| Square::new(i as u8).expect("on board");
                setup
                    .board
                    .set(sq(home + file), Some(Piece::new(colour, walk)));
                setup
                    .board
                    .set(sq(pawns + file), Some(Piece::new(colour, Walk::Pawn)));
            }
        }
        setup.castling = CastlingRights::all();
        setup
    }
}
