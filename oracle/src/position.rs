//! A validated position.

use std::fmt;

use crate::geometry;
use crate::{
    Board, CastlingRights, CastlingSide, Colour, EnPassant, Piece, Reserve, Setup, Square, Walk,
};

/// How strictly [`Position::new`] judges a setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Validation {
    /// Every problem is an error.
    Strict,
    /// Tolerates what problem collections and test suites contain although a game cannot reach
    /// it: a side without a royal piece or with several, more than 32 units, the side not to move
    /// in check, impossible checks. Problems that would make the rules meaningless (a magic
    /// king, a pawn on its promotion rank, a castling right without its king and rook, …) are
    /// still errors.
    Lenient,
}

/// One thing wrong with a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A side has no royal piece.
    NoRoyal(Colour),
    /// A side has more than one royal piece.
    SeveralRoyals(Colour, usize),
    /// The side that is not to move is in check.
    OpponentInCheck(Colour),
    /// The side to move is in a check no move can give (three checkers, or two on one line).
    ImpossibleCheck(Colour),
    /// More than 32 units.
    TooManyUnits(usize),
    /// A pawn (or reverse pawn) stands on the rank where it promotes.
    PawnOnPromotionRank(Square),
    /// A king or another royal piece is magic.
    MagicRoyal(Square),
    /// A unit of king walk that is not royal.
    NonRoyalKing(Square),
    /// A neutral unit that is not magic (outside RULES.md §6), or royal.
    InvalidNeutral(Square, Piece, &'static str),
    /// A castling right that cannot exist.
    InvalidCastling(Square, &'static str),
    /// An en passant square that cannot exist.
    InvalidEnPassant(Square, &'static str),
    /// A Parrain reserve that cannot exist.
    InvalidReserve(&'static str),
    /// An imitator on a square a unit stands on.
    ImitatorOnUnit(Square),
}

impl Problem {
    /// True for the problems that [`Validation::Lenient`] accepts.
    pub fn tolerated_when_lenient(&self) -> bool {
        matches!(
            self,
            Problem::NoRoyal(_)
                | Problem::SeveralRoyals(..)
                | Problem::OpponentInCheck(_)
                | Problem::ImpossibleCheck(_)
                | Problem::TooManyUnits(_)
        )
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NoRoyal(c) => write!(f, "{c} has no king (royal piece)"),
            Problem::SeveralRoyals(c, n) => write!(f, "{c} has {n} royal pieces (at most one)"),
            Problem::OpponentInCheck(c) => write!(f, "{c} is in check but it is not {c}'s turn"),
            Problem::ImpossibleCheck(c) => write!(f, "{c} is in a check no move can give"),
            Problem::TooManyUnits(n) => write!(f, "{n} units on the board (at most 32)"),
            Problem::PawnOnPromotionRank(sq) => {
                write!(f, "pawn on {sq} stands on its promotion rank")
            }
            Problem::MagicRoyal(sq) => write!(f, "royal piece on {sq} cannot be magic"),
            Problem::NonRoyalKing(sq) => write!(f, "king on {sq} is not royal"),
            Problem::InvalidNeutral(sq, piece, why) => {
                write!(f, "neutral unit {piece} on {sq}: {why}")
            }
            Problem::InvalidCastling(sq, why) => write!(f, "castling right for {sq}: {why}"),
            Problem::InvalidEnPassant(sq, why) => write!(f, "en passant square {sq}: {why}"),
            Problem::InvalidReserve(why) => write!(f, "Parrain reserve: {why}"),
            Problem::ImitatorOnUnit(sq) => write!(f, "imitator on {sq}, where a unit stands"),
        }
    }
}

/// Every problem found in a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The problems, in the order they were found.
    pub problems: Vec<Problem>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

/// A setup that passed validation. Engines take positions, never raw setups.
///
/// ```
/// use feerie_oracle::{fen, Position, Validation, Problem};
/// let bad = fen::parse_setup("8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
/// let err = Position::new(bad, Validation::Strict).unwrap_err();
/// assert_eq!(err.problems.len(), 2); // neither side has a king
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    setup: Setup,
}

impl Position {
    /// Checks `setup` and returns it as a position, or every problem found.
    pub fn new(setup: Setup, validation: Validation) -> Result<Position, PositionError> {
        Position::checked(setup, validation, check_problems)
    }

    /// The setup as a position, its board's fairy walks added to the diagram's, when it has
    /// none of the problems `validation` counts: those of the diagram, and those `checks`
    /// finds (the checks on the orthodox lines, or under the rules in force).
    pub(crate) fn checked(
        mut setup: Setup,
        validation: Validation,
        checks: impl FnOnce(&Setup) -> Vec<Problem>,
    ) -> Result<Position, PositionError> {
        setup.fairy_walks = setup.fairy_walks.union(setup.board_fairy_walks());
        let mut problems = diagram_problems(&setup);
        problems.extend(checks(&setup));
        problems.retain(|p| validation == Validation::Strict || !p.tolerated_when_lenient());
        if problems.is_empty() {
            Ok(Position { setup })
        } else {
            Err(PositionError { problems })
        }
    }

    /// The orthodox start position.
    pub fn start() -> Position {
        Position {
            setup: Setup::start(),
        }
    }

    /// The units.
    pub fn board(&self) -> &Board {
        &self.setup.board
    }
    /// Who moves next.
    pub fn side_to_move(&self) -> Colour {
        self.setup.side_to_move
    }
    /// The rooks that may still castle.
    pub fn castling(&self) -> CastlingRights {
        self.setup.castling
    }
    /// The en passant opportunity, if any.
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.setup.en_passant
    }
    /// The Parrain reserve, if any.
    pub fn reserve(&self) -> Option<Reserve> {
        self.setup.reserve
    }
    /// The imitators (Imitator chess).
    pub fn imitators(&self) -> crate::Imitators {
        self.setup.imitators
    }
    /// The whole description.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    /// Gives the description back, to edit it and validate it again.
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// Builds a position that an engine derived by playing a legal move from a valid position,
    /// so that positions reached in play are not judged again by the diagram rules (a legal
    /// Circe move can leave more than 32 units, and so on). Only [`crate::Engine::play`] and
    /// the reference engine call it: other crates get positions from [`Position::new`],
    /// [`Position::under_rules`] or from an engine.
    pub(crate) fn from_played(setup: Setup) -> Position {
        Position { setup }
    }

    /// The same position with the other side to move, as when a side passes (a threat, set
    /// play, series play): no en passant capture and no Parrain rebirth stay open.
    ///
    /// ```
    /// use feerie_oracle::{Colour, Position};
    /// assert_eq!(Position::start().passed().side_to_move(), Colour::Black);
    /// ```
    pub fn passed(&self) -> Position {
        let mut setup = self.setup.clone();
        setup.side_to_move = !setup.side_to_move;
        setup.en_passant = None;
        setup.reserve = None;
        Position { setup }
    }

    /// The same position with the other side to move where the side to move makes no move at
    /// all (the side that waits in series play, or that does not begin an `h#n.5`): no en
    /// passant capture stays open, but a Parrain reserve waits for the next move that is
    /// played, which is the next half-move of RULES.md §4. [`Position::passed`] is a side
    /// that passes its move instead (a threat, set play), which closes the rebirth.
    ///
    /// ```
    /// use feerie_oracle::{fen, Validation};
    /// let reserve = fen::parse("4k3/8/8/8/8/8/8/4K3 b - - 0 1 wQc5", Validation::Strict).unwrap();
    /// assert!(reserve.turn_skipped().reserve().is_some());
    /// assert!(reserve.passed().reserve().is_none());
    /// ```
    pub fn turn_skipped(&self) -> Position {
        let mut skipped = self.other_side_begins();
        skipped.setup.reserve = skipped.setup.reserve.map(Reserve::turned);
        skipped
    }

    /// The same diagram with the other side beginning (the side not mated beginning an
    /// `h#n.5`, the other side of a duplex problem): no en passant capture stays open, and a
    /// Parrain reserve keeps its capturer the side not to move, which now is the other side,
    /// as Popeye takes the side that does not begin to be the capturer of a `LastCapture`
    /// unit. [`Position::turn_skipped`] is a side that waits during play instead, whose
    /// capture stays its own.
    ///
    /// ```
    /// use feerie_oracle::{fen, Colour, Validation};
    /// let diagram = fen::parse("4k3/8/8/8/8/8/8/4K3 b - - 0 1 wQc5", Validation::Strict).unwrap();
    /// let white_begins = diagram.other_side_begins();
    /// assert_eq!(white_begins.reserve().unwrap().capturer(Colour::White), Colour::Black);
    /// assert_eq!(diagram.turn_skipped().reserve().unwrap().capturer(Colour::White), Colour::White);
    /// ```
    pub fn other_side_begins(&self) -> Position {
        let mut setup = self.setup.clone();
        setup.side_to_move = !setup.side_to_move;
        setup.en_passant = None;
        Position { setup }
    }

    /// Builds a position from any setup, without validation: for tests that plant a bug in an
    /// engine and must forge the positions it would give. Only the `forge` feature, which no
    /// build of the product enables, provides it.
    #[cfg(feature = "forge")]
    pub fn forged(setup: Setup) -> Position {
        Position { setup }
    }
}

/// The problems of a setup that no rule in force changes: royal pieces, units, castling, en
/// passant, the reserve. Whether a side is in check is the rules' question
/// ([`check_problems`] reads the orthodox lines; `Position::under_rules` the rules').
fn diagram_problems(setup: &Setup) -> Vec<Problem> {
    let board = &setup.board;
    let mut problems = Vec::new();
    for colour in Colour::ALL {
        match board.royal_squares(colour).len() {
            0 => problems.push(Problem::NoRoyal(colour)),
            1 => {}
            n => problems.push(Problem::SeveralRoyals(colour, n)),
        }
    }
    for sq in setup.imitators.squares() {
        if !board.is_empty(sq) {
            problems.push(Problem::ImitatorOnUnit(sq));
        }
    }
    let units = board.unit_count();
    if units > 32 {
        problems.push(Problem::TooManyUnits(units));
    }
    for (sq, piece) in board.pieces() {
        // A neutral pawn promotes on the last rank of either side.
        let on_last_rank = |colour| sq.rank() == geometry::promotion_rank(colour, piece.walk);
        let on_promotion_rank = if piece.neutral {
            Colour::ALL.into_iter().any(on_last_rank)
        } else {
            on_last_rank(piece.colour)
        };
        if piece.walk.is_pawn() && on_promotion_rank {
            problems.push(Problem::PawnOnPromotionRank(sq));
        }
        if piece.neutral && !piece.magic {
            problems.push(Problem::InvalidNeutral(
                sq,
                piece,
                "only magic units may be neutral (RULES.md §6)",
            ));
        }
        if piece.neutral && piece.royal {
            problems.push(Problem::InvalidNeutral(
                sq,
                piece,
                "a neutral unit cannot be royal",
            ));
        }
        if piece.royal && piece.magic {
            problems.push(Problem::MagicRoyal(sq));
        }
        if piece.walk == Walk::King && !piece.royal {
            problems.push(Problem::NonRoyalKing(sq));
        }
    }
    problems.extend(castling_problems(setup));
    problems.extend(en_passant_problems(setup));
    if let Some(reserve) = setup.reserve {
        if reserve.piece.royal {
            problems.push(Problem::InvalidReserve(
                "a royal piece cannot be in the reserve",
            ));
        }
        if reserve.piece.magic {
            problems.push(Problem::InvalidReserve("a magic piece cannot be captured"));
        }
        if reserve.piece.neutral && !reserve.piece.magic {
            problems.push(Problem::InvalidReserve(
                "a neutral unit is magic (RULES.md §6) and cannot be captured",
            ));
        }
    }
    problems
}

/// The checks of a setup read on the orthodox lines, whatever the rules: the side not to
/// move in check, and a check no orthodox move can give.
fn check_problems(setup: &Setup) -> Vec<Problem> {
    let board = &setup.board;
    let mut problems = Vec::new();
    let mover = setup.side_to_move;
    for royal in board.royal_squares(!mover) {
        if !geometry::attackers(board, royal, mover).is_empty() {
            problems.push(Problem::OpponentInCheck(!mover));
            break;
        }
    }
    problems.extend(impossible_check(setup));
    problems
}

/// A check of the side to move that no orthodox move can give: three checkers, or two riders
/// on one line through the royal piece. Conditions and fairy walks can give such checks (a
/// rebirth that checks beside a discovered check and the capturer's), so the rules' reading
/// asks it of orthodox chess alone.
pub(crate) fn impossible_check(setup: &Setup) -> Option<Problem> {
    let board = &setup.board;
    let mover = setup.side_to_move;
    for royal in board.royal_squares(mover) {
        let checkers = geometry::attackers(board, royal, !mover);
        let aligned_sliders = checkers.len() == 2
            && checkers
                .iter()
                .all(|&c| board.get(c).is_some_and(|p| p.walk.is_rider()))
            && geometry::aligned(royal, checkers[0], checkers[1]);
        if checkers.len() > 2 || aligned_sliders {
            return Some(Problem::ImpossibleCheck(mover));
        }
    }
    None
}

fn castling_problems(setup: &Setup) -> Vec<Problem> {
    let mut problems = Vec::new();
    for colour in Colour::ALL {
        let king_sq = CastlingSide::King.squares(colour)[0];
        let king_home = setup
            .board
            .get(king_sq)
            .is_some_and(|p| p.colour == colour && p.walk == Walk::King && p.royal);
        if setup.castling.king_may_castle(colour) && !king_home {
            problems.push(Problem::InvalidCastling(
                king_sq,
                "no king of that side there to keep its right",
            ));
        }
    }
    for rook_sq in setup.castling.squares() {
        let colour = match rook_sq.rank().index() {
            0 => Colour::White,
            7 => Colour::Black,
            _ => {
                problems.push(Problem::InvalidCastling(rook_sq, "not on a first rank"));
                continue;
            }
        };
        if CastlingSide::of_rook_square(rook_sq).is_none() {
            problems.push(Problem::InvalidCastling(rook_sq, "not a corner"));
            continue;
        }
        // A rook may keep its right after its king lost its own (Circe rex inclusive, where the
        // king may be reborn on its square); with the king's right, the king is checked above.
        let rook_ok = setup
            .board
            .get(rook_sq)
            .is_some_and(|p| p.colour == colour && !p.neutral && p.walk == Walk::Rook && !p.royal);
        if !rook_ok {
            problems.push(Problem::InvalidCastling(
                rook_sq,
                "no rook of that side there",
            ));
        }
    }
    problems
}

fn en_passant_problems(setup: &Setup) -> Vec<Problem> {
    let Some(ep) = setup.en_passant else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    let Some(expected) = EnPassant::from_target(ep.target) else {
        return vec![Problem::InvalidEnPassant(ep.target, "not on rank 3 or 6")];
    };
    if expected != ep {
        problems.push(Problem::InvalidEnPassant(
            ep.target,
            "pawn square does not match",
        ));
        return problems;
    }
    let mover = setup.side_to_move;
    let pawn_ok = setup.board.get(ep.pawn).is_some_and(|p| {
        p.colour == !mover
            && p.walk.is_pawn()
            && geometry::double_step_rank(p.colour, p.walk) == ep.origin().rank()
    });
    if !pawn_ok {
        problems.push(Problem::InvalidEnPassant(
            ep.target,
            "no pawn of the other side has just double-stepped past it",
        ));
    }
    // A Circe Parrain rebirth may have put a unit of the side to move on the passed square
    // with the double step itself: whether a pawn may take there is the rules' question
    // (`parrain_en_passant`), not the position's.
    let reborn_on_passed = setup
        .board
        .get(ep.target)
        .is_some_and(|p| p.colour == mover && !p.neutral && !p.royal);
    let passed_open = setup.board.is_empty(ep.target) || reborn_on_passed;
    if !passed_open || !setup.board.is_empty(ep.origin()) {
        problems.push(Problem::InvalidEnPassant(
            ep.target,
            "the squares the pawn passed are not empty",
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;

    fn refusal(text: &str, validation: Validation) -> String {
        let setup = fen::parse_setup(text).expect("a FEN");
        Position::new(setup, validation)
            .expect_err("refused")
            .to_string()
    }

    #[test]
    fn the_passed_square_may_hold_a_unit_reborn_there_for_the_side_to_move() {
        // A Parrain rebirth put a white bishop on c6 with the double step c7-c5: the right
        // stands, the rules decide whether a pawn may take there (`parrain_en_passant`).
        let fine = "r3k2r/pb1p1p1q/1NB1p1N1/1bpP2p1/8/8/3K4/8 w kq c6 0 8";
        assert!(Position::new(fen::parse_setup(fine).unwrap(), Validation::Strict).is_ok());
        // A unit of the side that double-stepped, or a royal one, cannot stand there.
        for text in [
            "r3k2r/pb1p1p1q/1Nb1p1N1/1bpP2p1/8/8/3K4/8 w kq c6 0 8",
            "r3k2r/pb1p1p1q/1N(wrB)1p1N1/1bpP2p1/8/8/3K4/8 w kq c6 0 8",
        ] {
            let why = refusal(text, Validation::Strict);
            assert!(
                why.contains("the squares the pawn passed are not empty"),
                "{text}: {why}"
            );
        }
    }

    #[test]
    fn neutral_units_must_be_magic_and_not_royal() {
        for validation in [Validation::Strict, Validation::Lenient] {
            let message = refusal("7k/8/8/8/8/2(nR)5/8/7K w - - 0 1", validation);
            assert!(message.contains("neutral unit nR on c3"), "{message}");
            assert!(
                message.contains("only magic units may be neutral"),
                "{message}"
            );
            let message = refusal("7k/8/8/8/8/2(nrmB)5/8/7K w - - 0 1", validation);
            assert!(message.contains("cannot be royal"), "{message}");
        }
        let fen = "7k/8/8/8/8/2(nmR)5/8/7K b - - 0 1";
        let position = fen::parse(fen, Validation::Strict).expect("a neutral magic rook");
        assert_eq!(fen::write(position.setup()), fen);
    }

    #[test]
    fn a_neutral_pawn_may_stand_on_neither_last_rank() {
        for fen in [
            "3(nmP)3k/8/8/8/8/8/8/7K w - - 0 1",
            "7k/8/8/8/8/8/8/3(nmP)3K w - - 0 1",
        ] {
            let message = refusal(fen, Validation::Strict);
            assert!(message.contains("promotion rank"), "{message}");
        }
    }
}
