//! FEN, extended for fairy units and the Parrain reserve.
//!
//! Standard FEN is read and written unchanged. The extension (documented in the book,
//! `docs/book/src/guide/notation.md`):
//! - a unit that plain FEN cannot write is put in parentheses as colour, attributes and Popeye
//!   walk code: `(wPP)` a white reverse pawn, `(bmR)` a black magic rook, `(wrB)` a white royal
//!   bishop, `(wpQ)` a white queen marked capture-mutable, `(nmR)` a neutral magic rook (colour
//!   letter `n`: a unit of neither side, RULES.md §6);
//! - the knight may be written `N` or `S`;
//! - `(I)` is an imitator (Imitator chess) on an empty square;
//! - fairy walks (RULES.md §9) are units of that kind: `(wG)` a white grasshopper, `(bN)` a black
//!   nightrider (in parentheses `N` is Popeye's nightrider; the knight is `S` there), `(wCA)` a
//!   camel, `(bmLE)` a black magic leo;
//! - an optional seventh field holds the Parrain reserve as piece and capture square: `bSh6`,
//!   captured by the side not to move (as after any capture in play); `bSh6:w` or `bSh6:b` names
//!   the capturer, written when it is the side to move (it moves again, as in series play); the
//!   nightrider is `(bN)h6` there, a bare `N` being refused as ambiguous;
//! - an optional last field `=` followed by Popeye codes joined by `,` lists the fairy walks of
//!   the diagram that pawns may still promote to when none stands on the board any more
//!   (`=G,NA`); it is written only then.
//!
//! Castling rights are written `KQkq` (rook on h1, a1, h8, a8); file letters `HAha` are read too.
//! A FEN of the board and side alone (`r3k2r/8/8/8/8/8/8/R3K2R w`) means what a Popeye
//! problem means: each king on its home square (e1, e8) may castle, with each rook of its
//! colour on a corner of that rank (a king at home with no such rook keeps its own right, `E`
//! or `e`). Give `-` for no castling at all.

use std::fmt;

use crate::{
    CastlingRights, Colour, EnPassant, Imitators, Piece, Position, Reserve, Setup, Square,
    Validation, Walk, WalkSet,
};

/// An error in a FEN string: which field, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// The field (`board`, `side`, `castling`, `en passant`, `halfmove clock`, `fullmove number`,
    /// `reserve`) or `position` when the fields parse but the position is invalid.
    pub field: &'static str,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FEN {}: {}", self.field, self.message)
    }
}

impl std::error::Error for FenError {}

fn err(field: &'static str, message: impl Into<String>) -> FenError {
    FenError {
        field,
        message: message.into(),
    }
}

/// Reads a FEN into an unvalidated setup. The board and side fields are required; without a
/// castling field the rights are Popeye's default (each king and rook on its home square, see
/// the module); en passant and counters may be omitted.
///
/// ```
/// use feerie_oracle::{fen, Square};
/// let setup = fen::parse_setup("4k3/8/8/8/8/8/(wPP)7/4K3 w - - 0 1 bSh6").unwrap();
/// assert_eq!(setup.reserve.unwrap().to_string(), "bSh6");
/// assert!(fen::parse_setup("4k3/8/8 w - -").is_err());
/// let home = fen::parse_setup("r3k3/8/8/8/8/8/8/R3K2R w").unwrap();
/// assert_eq!(fen::write(&home), "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1");
/// assert!(fen::parse_setup("r3k3/8/8/8/8/8/8/R3K2R w -").unwrap().castling.is_empty());
/// ```
pub fn parse_setup(text: &str) -> Result<Setup, FenError> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let diagram_walks = match fields.last() {
        Some(last) if fields.len() > 2 && last.starts_with('=') => {
            let walks = parse_diagram_walks(last)?;
            fields.pop();
            walks
        }
        _ => WalkSet::EMPTY,
    };
    if fields.is_empty() {
        return Err(err("board", "empty FEN"));
    }
    if fields.len() > 7 {
        return Err(err(
            "reserve",
            format!("{} fields, at most 7", fields.len()),
        ));
    }
    let mut setup = Setup::empty();
    (setup.board, setup.imitators) = parse_board(fields[0])?;
    setup.side_to_move = match fields.get(1).copied() {
        Some("w") => Colour::White,
        Some("b") => Colour::Black,
        Some(other) => return Err(err("side", format!("'{other}' is not w or b"))),
        None => return Err(err("side", "missing (w or b)")),
    };
    setup.castling = match fields.get(2) {
        Some(text) => parse_castling(text)?,
        None => super::popeye_input::popeye_castling(&setup, &[]),
    };
    setup.en_passant = match fields.get(3).copied().unwrap_or("-") {
        "-" => None,
        text => {
            let target: Square = text
                .parse()
                .map_err(|e: crate::ParseSquareError| err("en passant", e.to_string()))?;
            Some(
                EnPassant::from_target(target)
                    .ok_or_else(|| err("en passant", format!("{target} is not on rank 3 or 6")))?,
            )
        }
    };
    setup.halfmove_clock = parse_number(fields.get(4).copied(), "halfmove clock", 0)?;
    setup.fullmove_number = parse_number(fields.get(5).copied(), "fullmove number", 1)?;
    if setup.fullmove_number == 0 {
        return Err(err("fullmove number", "must be at least 1"));
    }
    if let Some(text) = fields.get(6) {
        setup.reserve = Some(parse_reserve_of(text, setup.side_to_move)?);
    }
    setup.fairy_walks = diagram_walks.union(setup.board_fairy_walks());
    Ok(setup)
}

/// Reads the field `=G,NA`: fairy walks by their Popeye codes.
fn parse_diagram_walks(text: &str) -> Result<WalkSet, FenError> {
    let field = "diagram walks";
    let codes = &text[1..];
    if codes.is_empty() {
        return Err(err(field, "'=' with no walk after it"));
    }
    codes
        .split(',')
        .map(|code| match Walk::from_popeye_code(code) {
            Some(walk) if walk.is_fairy() => Ok(walk),
            Some(_) => Err(err(field, format!("'{code}' is not a fairy walk"))),
            None => Err(err(field, format!("'{code}' is not a walk's Popeye code"))),
        })
        .collect()
}

/// Reads a FEN and validates the position.
///
/// ```
/// use feerie_oracle::{fen, Validation};
/// let p = fen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Validation::Strict).unwrap();
/// assert_eq!(fen::write(p.setup()), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
pub fn parse(text: &str, validation: Validation) -> Result<Position, FenError> {
    let setup = parse_setup(text)?;
    Position::new(setup, validation).map_err(|e| err("position", e.to_string()))
}

fn parse_number(field: Option<&str>, name: &'static str, default: u32) -> Result<u32, FenError> {
    match field {
        None => Ok(default),
        Some(t) => t
            .parse()
            .map_err(|_| err(name, format!("'{t}' is not a number"))),
    }
}

/// Reads a reserve written as piece and square, `bSh6`, captured by the side not to move; in a
/// FEN, `bSh6:w` says that White captured it, which may be the side to move (series play; see
/// [`parse_reserve_of`]).
pub fn parse_reserve(text: &str) -> Result<Reserve, FenError> {
    if text.contains(':') {
        return Err(err(
            "reserve",
            format!(
                "'{text}': the capturer (':w', ':b') is given in a FEN, after the side to move"
            ),
        ));
    }
    parse_piece_and_square(text)
}

/// Reads a FEN's reserve field with the side to move: `bSh6`, captured by the side not to move,
/// or `bSh6:w` / `bSh6:b`, captured by that side.
pub fn parse_reserve_of(text: &str, side_to_move: Colour) -> Result<Reserve, FenError> {
    let (unit, capturer) = match text.split_once(':') {
        None => (text, None),
        Some((unit, "w")) => (unit, Some(Colour::White)),
        Some((unit, "b")) => (unit, Some(Colour::Black)),
        Some((_, c)) => {
            return Err(err(
                "reserve",
                format!("'{c}' after ':' is not a capturer (w or b)"),
            ));
        }
    };
    let mut reserve = parse_piece_and_square(unit)?;
    reserve.taken_by_side_to_move = capturer == Some(side_to_move);
    Ok(reserve)
}

/// Reads a reserved unit and its capture square: colour, attributes and Popeye code, `bSh6`,
/// or the same in parentheses as on the board, `(bN)h6` (the only way to write the
/// nightrider: a bare `N` is the knight in a FEN board and the nightrider in Popeye's codes, so
/// it is refused with a hint rather than read one way or the other).
fn parse_piece_and_square(text: &str) -> Result<Reserve, FenError> {
    let split = text
        .len()
        .checked_sub(2)
        .filter(|&i| text.is_char_boundary(i));
    let Some(split) = split else {
        return Err(err(
            "reserve",
            format!("'{text}' is not a piece and a square, e.g. bSh6"),
        ));
    };
    let (piece, square) = text.split_at(split);
    let bracketed = piece
        .strip_prefix('(')
        .and_then(|inner| inner.strip_suffix(')'));
    let code = bracketed.unwrap_or(piece);
    let walk_start = code.find(|c: char| c.is_ascii_uppercase());
    if bracketed.is_none()
        && let Some((prefix, walk_code)) = walk_start.map(|i| code.split_at(i))
        && let Some(fairy) =
            Walk::from_popeye_code(walk_code).filter(|w| w.code_is_another_fen_letter())
        && let Some(orthodox) = walk_code.chars().next().and_then(Walk::from_fen_char)
    {
        return Err(err(
            "reserve",
            format!(
                "'{text}': {walk_code} is ambiguous (the {} on a FEN board, the {} in Popeye's \
                 codes): write {prefix}{}{square} for the {} or ({code}){square} for the {}",
                orthodox.name(),
                fairy.name(),
                orthodox.popeye_code(),
                orthodox.name(),
                fairy.name()
            ),
        ));
    }
    let piece: Piece = code
        .parse()
        .map_err(|e: crate::ParsePieceError| err("reserve", e.to_string()))?;
    let square: Square = square
        .parse()
        .map_err(|e: crate::ParseSquareError| err("reserve", e.to_string()))?;
    Ok(Reserve::new(piece, square))
}

/// For a letter that is a Popeye walk code but no FEN letter (`G`), how to write that unit on
/// a FEN board: in parentheses with its colour, `(wG)`.
fn fairy_letter_hint(c: char) -> String {
    let mut code = [0; 4];
    let code = c.to_ascii_uppercase().encode_utf8(&mut code);
    match Walk::from_popeye_code(code) {
        Some(walk) => {
            let colour = if c.is_ascii_uppercase() { 'w' } else { 'b' };
            format!(
                "; a fairy unit is written in parentheses with its colour and Popeye code: \
                 ({colour}{code}) for a {} {}",
                if colour == 'w' { "white" } else { "black" },
                walk.name()
            )
        }
        None => String::new(),
    }
}

/// The board field: the units, and the imitators (`(I)`, Imitator chess).
fn parse_board(text: &str) -> Result<(crate::Board, Imitators), FenError> {
    let mut board = crate::Board::empty();
    let mut imitators = Imitators::NONE;
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(err("board", format!("{} ranks, expected 8", ranks.len())));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u8 = 0;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            let piece = match c {
                '1'..='8' => {
                    file += c as u8 - b'0';
                    if file > 8 {
                        return Err(err(
                            "board",
                            format!("rank {} has more than 8 squares", rank + 1),
                        ));
                    }
                    continue;
                }
                '(' => {
                    let mut code = String::new();
                    loop {
                        match chars.next() {
                            Some(')') => break,
                            Some(ch) => code.push(ch),
                            None => {
                                return Err(err(
                                    "board",
                                    format!("unclosed '(' on rank {}", rank + 1),
                                ));
                            }
                        }
                    }
                    if code == "I" && file < 8 {
                        imitators = imitators.with(Square::new(rank * 8 + file).expect("checked"));
                        file += 1;
                        continue;
                    }
                    code.parse::<Piece>()
                        .map_err(|e| err("board", e.to_string()))?
                }
                _ => {
                    let walk = Walk::from_fen_char(c).ok_or_else(|| {
                        err(
                            "board",
                            format!(
                                "'{c}' is not a piece letter (rank {}){}",
                                rank + 1,
                                fairy_letter_hint(c)
                            ),
                        )
                    })?;
                    let colour = if c.is_ascii_uppercase() {
                        Colour::White
                    } else {
                        Colour::Black
                    };
                    Piece::new(colour, walk)
                }
            };
            if file >= 8 {
                return Err(err(
                    "board",
                    format!("rank {} has more than 8 squares", rank + 1),
                ));
            }
            board.set(Square::new(rank * 8 + file).expect("checked"), Some(piece));
            file += 1;
        }
        if file != 8 {
            return Err(err(
                "board",
                format!("rank {} has {file} squares, expected 8", rank + 1),
            ));
        }
    }
    Ok((board, imitators))
}

/// Reads a FEN castling field (`KQkq`, `-`, or with `E`/`e` for a king that keeps its own right
/// alone, and `N`/`n` for a king that has lost its own right while its rooks keep theirs).
///
/// ```
/// use feerie_oracle::{fen, Colour, Square};
/// let rights = fen::parse_castling("KQNk").unwrap();
/// assert!(rights.contains(Square::H1) && rights.contains(Square::A1));
/// assert!(!rights.king_may_castle(Colour::White));
/// assert!(rights.king_may_castle(Colour::Black));
/// assert!(fen::parse_castling("EN").is_err());
/// ```
pub fn parse_castling(text: &str) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::none();
    if text == "-" {
        return Ok(rights);
    }
    let mut seen = Vec::new();
    let mut kings_lost = Vec::new();
    for c in text.chars() {
        if c == 'N' || c == 'n' {
            let colour = if c == 'N' {
                Colour::White
            } else {
                Colour::Black
            };
            if kings_lost.contains(&colour) {
                return Err(err("castling", format!("'{c}' given twice")));
            }
            kings_lost.push(colour);
            continue;
        }
        let sq = match c {
            'K' | 'H' => Some(Square::H1),
            'Q' | 'A' => Some(Square::A1),
            'k' | 'h' => Some(Square::H8),
            'q' | 'a' => Some(Square::A8),
            'E' | 'e' => None,
            _ => {
                return Err(err(
                    "castling",
                    format!(
                        "'{c}' is not one of K Q k q (or A H a h, E e for a king alone, N n for \
                         a king that lost its own right)"
                    ),
                ));
            }
        };
        if seen.contains(&(sq, c.is_ascii_uppercase())) {
            return Err(err("castling", format!("'{c}' given twice")));
        }
        seen.push((sq, c.is_ascii_uppercase()));
        let colour = if c.is_ascii_uppercase() {
            Colour::White
        } else {
            Colour::Black
        };
        rights.insert_king(colour);
        if let Some(sq) = sq {
            rights.insert(sq);
        }
    }
    for colour in kings_lost {
        let (king_alone, letter) = match colour {
            Colour::White => ('E', 'N'),
            Colour::Black => ('e', 'n'),
        };
        if seen
            .iter()
            .any(|&(sq, upper)| sq.is_none() && upper == (letter == 'N'))
            || text.contains(king_alone)
        {
            return Err(err(
                "castling",
                format!("'{letter}' (king without its right) contradicts '{king_alone}'"),
            ));
        }
        if rights.of(colour).next().is_none() {
            return Err(err(
                "castling",
                format!("'{letter}' needs a rook right of that side"),
            ));
        }
        rights.remove_king_only(colour);
    }
    Ok(rights)
}

/// Writes a setup as FEN, with the reserve as a seventh field when there is one.
pub fn write(setup: &Setup) -> String {
    let mut board = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let sq = Square::new(rank * 8 + file).expect("on board");
            let text = match setup.board.get(sq) {
                None if setup.imitators.contains(sq) => "(I)".to_string(),
                None => {
                    empty += 1;
                    continue;
                }
                Some(p) => unit_text(p),
            };
            if empty > 0 {
                board.push_str(&empty.to_string());
                empty = 0;
            }
            board.push_str(&text);
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let side = match setup.side_to_move {
        Colour::White => "w",
        Colour::Black => "b",
    };
    let mut castling = String::new();
    for (sq, c) in [
        (Square::H1, 'K'),
        (Square::A1, 'Q'),
        (Square::H8, 'k'),
        (Square::A8, 'q'),
    ] {
        if setup.castling.contains(sq) {
            castling.push(c);
        }
    }
    for (colour, c) in [(Colour::White, 'E'), (Colour::Black, 'e')] {
        if setup.castling.king_may_castle(colour) && setup.castling.of(colour).next().is_none() {
            castling.push(c);
        }
    }
    for (colour, c) in [(Colour::White, 'N'), (Colour::Black, 'n')] {
        if !setup.castling.king_may_castle(colour) && setup.castling.of(colour).next().is_some() {
            castling.push(c);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = setup
        .en_passant
        .map_or("-".to_string(), |e| e.target.to_string());
    let mut out = format!(
        "{board} {side} {castling} {ep} {} {}",
        setup.halfmove_clock, setup.fullmove_number
    );
    if let Some(r) = setup.reserve {
        out.push(' ');
        out.push_str(&r.to_string());
        if r.taken_by_side_to_move {
            out.push_str(if setup.side_to_move == Colour::White {
                ":w"
            } else {
                ":b"
            });
        }
    }
    let gone: Vec<&str> = setup
        .fairy_walks
        .iter()
        .filter(|&w| !setup.board_fairy_walks().contains(w))
        .map(Walk::popeye_code)
        .collect();
    if !gone.is_empty() {
        out.push_str(" =");
        out.push_str(&gone.join(","));
    }
    out
}

fn unit_text(p: Piece) -> String {
    let plain = Piece::new(p.colour, p.walk);
    match p.walk.fen_char() {
        Some(c) if p == plain => {
            if p.colour == Colour::White {
                c.to_string()
            } else {
                c.to_ascii_lowercase().to_string()
            }
        }
        _ => format!("({p})"),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_reserve_names_its_capturer_when_it_is_the_side_to_move() {
        // Taken by White, White to move (series play): written with its capturer.
        let series = parse_setup("7k/8/8/7K/8/7R/8/8 w - - 0 1 bPd3:w").unwrap();
        let reserve = series.reserve.unwrap();
        assert!(reserve.taken_by_side_to_move);
        assert_eq!(reserve.capturer(Colour::White), Colour::White);
        assert_eq!(write(&series), "7k/8/8/7K/8/7R/8/8 w - - 0 1 bPd3:w");
        // Taken by the side not to move: the usual case, written without it.
        let usual = parse_setup("7k/8/8/7K/8/7R/8/8 w - - 0 1 bPd3:b").unwrap();
        assert!(!usual.reserve.unwrap().taken_by_side_to_move);
        assert_eq!(write(&usual), "7k/8/8/7K/8/7R/8/8 w - - 0 1 bPd3");
        assert_eq!(
            usual,
            parse_setup("7k/8/8/7K/8/7R/8/8 w - - 0 1 bPd3").unwrap()
        );
        let bad = parse_setup("7k/8/8/7K/8/7R/8/8 w - - 0 1 bPd3:x").unwrap_err();
        assert!(bad.to_string().contains("not a capturer"), "{bad}");
        assert!(parse_reserve("bPd3:w").is_err());
    }
    use super::*;

    #[test]
    fn fairy_units_and_the_diagram_walks_round_trip() {
        let text = "4k3/8/8/3(bG)4/8/2(wN)2(wCA)2/8/R3K2(bLE) w Q - 0 1 =NA,Z";
        let setup = parse_setup(text).unwrap();
        assert_eq!(
            write(&setup),
            "4k3/8/8/3(bG)4/8/2(wN)2(wCA)2/8/R3K2(bLE) w Q - 0 1 =Z,NA"
        );
        let codes: Vec<&str> = setup.fairy_walks.iter().map(Walk::popeye_code).collect();
        assert_eq!(codes, ["LE", "G", "N", "Z", "CA", "NA"]);
        assert!(parse_setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1 =Q").is_err());
        assert!(parse_setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1 =XX").is_err());
    }

    #[test]
    fn extended_units_round_trip() {
        let text = "4k3/(bmR)7/8/8/(wrB)7/8/(wPP)(bPP)(wpQ)5/4K3 b K - 3 7 wSd4";
        let setup = parse_setup(text).unwrap();
        assert_eq!(write(&setup), text);
        let b = setup.board;
        assert!(b.get("a7".parse().unwrap()).unwrap().magic);
        assert!(b.get("a4".parse().unwrap()).unwrap().royal);
        assert_eq!(
            b.get("b2".parse().unwrap()).unwrap().walk,
            Walk::ReversePawn
        );
        assert!(b.get("c2".parse().unwrap()).unwrap().mutable);
        let imitated = parse_setup("4k3/8/8/3(I)4/8/8/8/(I)3K2(I) w - - 0 1").unwrap();
        assert_eq!(imitated.imitators.to_string(), "a1,h1,d5");
        assert_eq!(write(&imitated), "4k3/8/8/3(I)4/8/8/8/(I)3K2(I) w - - 0 1");
    }

    #[test]
    fn knight_may_be_s() {
        let a = parse_setup("4k3/8/8/8/8/8/8/1S2K3 w - - 0 1").unwrap();
        let b = parse_setup("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn four_field_fen_gets_default_counters() {
        let s = parse_setup("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
        assert_eq!((s.halfmove_clock, s.fullmove_number), (0, 1));
    }

    /// Without a castling field a FEN means what a Popeye problem means: kings and rooks on
    /// their home squares may castle; a king or rook elsewhere gives no right.
    #[test]
    fn a_fen_without_castling_field_gets_popeye_rights() {
        let both = parse_setup("r3k2r/8/8/8/8/8/8/R3K2R w").unwrap();
        assert_eq!(both.castling, parse_castling("KQkq").unwrap());
        let text = "r3k2r/8/8/8/8/8/8/R3K2R b";
        assert_eq!(
            write(&parse_setup(text).unwrap()),
            format!("{text} KQkq - 0 1")
        );
        // A king off e1 gives White nothing; a rook off its corner gives nothing on that side.
        let some = parse_setup("r3k1r1/8/8/8/8/8/8/R2K3R w").unwrap();
        assert_eq!(some.castling, parse_castling("q").unwrap());
        // A king at home with no rook keeps its own right, as in Popeye (`E`, `e`).
        let kings = parse_setup("4k3/8/8/8/8/8/8/4K3 w").unwrap();
        assert_eq!(kings.castling, parse_castling("Ee").unwrap());
        // With a castling field, that field alone decides.
        assert!(
            parse_setup("r3k2r/8/8/8/8/8/8/R3K2R w -")
                .unwrap()
                .castling
                .is_empty()
        );
        assert!(crate::fen::parse("r3k2r/8/8/8/8/8/8/R3K2R w", Validation::Strict).is_ok());
    }

    #[test]
    fn a_bare_n_in_the_reserve_is_refused_with_both_readings() {
        for text in ["bNd4", "wmNd4", "bpNd4"] {
            let message = parse_reserve(text).unwrap_err().to_string();
            assert!(message.contains("ambiguous"), "{message}");
            assert!(
                message.contains("S d4".replace(' ', "").as_str()),
                "{message}"
            );
            assert!(message.contains("N)d4"), "{message}");
            let field = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 {text}");
            assert!(parse_setup(&field).is_err(), "{field}");
        }
        let knight = parse_reserve("bSd4").unwrap();
        assert_eq!(knight.piece.walk, Walk::Knight);
        let nightrider = parse_reserve("(bN)d4").unwrap();
        assert_eq!(nightrider.piece.walk, Walk::from_popeye_code("N").unwrap());
        assert_eq!(nightrider.piece.colour, Colour::Black);
        // Written as it is read, in a FEN and alone.
        assert_eq!(nightrider.to_string(), "(bN)d4");
        let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 (bN)d4:w";
        assert_eq!(write(&parse_setup(text).unwrap()), text);
        // Other fairy walks keep their plain form, in parentheses or not.
        assert_eq!(
            parse_reserve("bGd4").unwrap(),
            parse_reserve("(bG)d4").unwrap()
        );
        assert_eq!(parse_reserve("bGd4").unwrap().to_string(), "bGd4");
    }

    #[test]
    fn a_bare_fairy_letter_on_the_board_gets_a_hint() {
        let message = parse_setup("4k3/8/8/8/8/8/8/4K1G1 w - - 0 1")
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("(wG)") && message.contains("grasshopper"),
            "{message}"
        );
        let message = parse_setup("4k1g1/8/8/8/8/8/8/4K3 w - - 0 1")
            .unwrap_err()
            .to_string();
        assert!(message.contains("(bG)"), "{message}");
        let message = parse_setup("4k3/8/8/8/8/8/8/4K1X1 w - - 0 1")
            .unwrap_err()
            .to_string();
        assert!(!message.contains("Popeye code"), "{message}");
    }
}
