//! The table of walks: one line per walk, read by everything that needs to know a walk.
//!
//! A new walk of an existing shape is one line here: its name, its Popeye codes, its shape, its
//! roles and its diagram symbol. Both engines, the notations, the diagrams and the fuzzers read
//! the table; nothing else lists walks. The first seven lines are the orthodox walks and the
//! reverse pawn, in the order the engines index them; the fairy walks follow in Popeye's order.

use super::shape::{DIAGONAL, Hop, KNIGHT, ORTHOGONAL, Part, Vectors};

/// Where Circe puts back a captured unit of this walk (RULES.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CirceHome {
    /// e1 / e8 (with `rex: inclusive`).
    King,
    /// d1 / d8.
    Queen,
    /// h1 / a8 on a light square, a1 / h8 on a dark one.
    Rook,
    /// f1 / c8 on a light square, c1 / f8 on a dark one.
    Bishop,
    /// b1 / g8 on a light square, g1 / b8 on a dark one.
    Knight,
    /// The capture file's square of its own second rank.
    Pawn,
    /// The capture file's square of its own promotion rank (every fairy walk).
    PromotionRank,
}

/// Which walks a pawn may promote to (RULES.md §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotion {
    /// Always offered: queen, rook, bishop, knight.
    Always,
    /// Offered when the walk is in the diagram (either colour), under `fairy_promotion:
    /// present_walks`.
    InDiagram,
    /// Never offered: king and pawns.
    Never,
}

/// How a diagram draws the walk: an orthodox figure, turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// The orthodox figure drawn (FEN letter: K Q R B N P).
    pub figure: char,
    /// Its rotation in degrees (0, 90, 180, 270): a grasshopper is an upside-down queen.
    pub turn: u16,
    /// A second figure drawn over it, for compounds (the amazon is a queen with a knight).
    pub with: Option<char>,
}

const fn symbol(figure: char, turn: u16) -> Symbol {
    Symbol {
        figure,
        turn,
        with: None,
    }
}

const fn compound(figure: char, with: char) -> Symbol {
    Symbol {
        figure,
        turn: 0,
        with: Some(with),
    }
}

/// One walk: everything the project knows of it.
#[derive(Clone, Copy, Debug)]
pub struct WalkDef {
    /// Its name in English, lower case (`grasshopper`).
    pub name: &'static str,
    /// Popeye's code in English, upper case as Popeye writes it (`G`, `CA`, `S` the knight); its
    /// input reads either case.
    pub english: &'static str,
    /// Popeye's code in German, upper case (`D` the queen).
    pub german: &'static str,
    /// The FEN letter, upper case, of the six orthodox walks; the others are written in
    /// parentheses with their English Popeye code (`(wG)`).
    pub fen: Option<char>,
    /// How it moves and takes.
    pub shape: &'static [Part],
    /// Which pawns promote to it.
    pub promotion: Promotion,
    /// Where Circe puts it back.
    pub circe: CirceHome,
    /// Its place on the magic ladder P N B R Q (RULES.md §6), `None` off the ladder.
    pub ladder: Option<u8>,
    /// How diagrams draw it.
    pub symbol: Symbol,
}

const KING_STEPS: [Part; 2] = [Part::Leap(ORTHOGONAL), Part::Leap(DIAGONAL)];
const QUEEN_LINES: [Part; 2] = [Part::Ride(ORTHOGONAL), Part::Ride(DIAGONAL)];

const fn fairy(
    name: &'static str,
    english: &'static str,
    german: &'static str,
    shape: &'static [Part],
    symbol: Symbol,
) -> WalkDef {
    WalkDef {
        name,
        english,
        german,
        fen: None,
        shape,
        promotion: Promotion::InDiagram,
        circe: CirceHome::PromotionRank,
        ladder: None,
        symbol,
    }
}

/// Every walk, in index order.
#[rustfmt::skip]
pub const TABLE: &[WalkDef] = &[
    WalkDef { name: "king", english: "K", german: "K", fen: Some('K'), shape: &KING_STEPS,
        promotion: Promotion::Never, circe: CirceHome::King, ladder: None, symbol: symbol('K', 0) },
    WalkDef { name: "queen", english: "Q", german: "D", fen: Some('Q'), shape: &QUEEN_LINES,
        promotion: Promotion::Always, circe: CirceHome::Queen, ladder: Some(4), symbol: symbol('Q', 0) },
    WalkDef { name: "rook", english: "R", german: "T", fen: Some('R'), shape: &[Part::Ride(ORTHOGONAL)],
        promotion: Promotion::Always, circe: CirceHome::Rook, ladder: Some(3), symbol: symbol('R', 0) },
    WalkDef { name: "bishop", english: "B", german: "L", fen: Some('B'), shape: &[Part::Ride(DIAGONAL)],
        promotion: Promotion::Always, circe: CirceHome::Bishop, ladder: Some(2), symbol: symbol('B', 0) },
    WalkDef { name: "knight", english: "S", german: "S", fen: Some('N'), shape: &[Part::Leap(KNIGHT)],
        promotion: Promotion::Always, circe: CirceHome::Knight, ladder: Some(1), symbol: symbol('N', 0) },
    WalkDef { name: "pawn", english: "P", german: "B", fen: Some('P'), shape: &[Part::Pawn { reverse: false }],
        promotion: Promotion::Never, circe: CirceHome::Pawn, ladder: Some(0), symbol: symbol('P', 0) },
    WalkDef { name: "reverse pawn", english: "PP", german: "RB", fen: None, shape: &[Part::Pawn { reverse: true }],
        promotion: Promotion::Never, circe: CirceHome::Pawn, ladder: Some(0), symbol: symbol('P', 180) },
    fairy("leo", "LE", "LE", &[Part::Hop(Hop::Chinese, ORTHOGONAL), Part::Hop(Hop::Chinese, DIAGONAL)], symbol('Q', 90)),
    fairy("pao", "PA", "PA", &[Part::Hop(Hop::Chinese, ORTHOGONAL)], symbol('R', 90)),
    fairy("vao", "VA", "VA", &[Part::Hop(Hop::Chinese, DIAGONAL)], symbol('B', 90)),
    fairy("grasshopper", "G", "G", &[Part::Hop(Hop::Grasshopper, ORTHOGONAL), Part::Hop(Hop::Grasshopper, DIAGONAL)], symbol('Q', 180)),
    fairy("nightrider", "N", "N", &[Part::Ride(KNIGHT)], symbol('N', 180)),
    fairy("zebra", "Z", "Z", &[Part::Leap(Vectors::of(2, 3))], symbol('N', 270)),
    fairy("camel", "CA", "CA", &[Part::Leap(Vectors::of(1, 3))], symbol('N', 90)),
    fairy("giraffe", "GI", "GI", &[Part::Leap(Vectors::of(1, 4))], symbol('B', 180)),
    fairy("lion", "LI", "LI", &[Part::Hop(Hop::Lion, ORTHOGONAL), Part::Hop(Hop::Lion, DIAGONAL)], symbol('Q', 270)),
    fairy("amazon", "AM", "AM", &[Part::Ride(ORTHOGONAL), Part::Ride(DIAGONAL), Part::Leap(KNIGHT)], compound('Q', 'N')),
    fairy("princess", "PR", "PR", &[Part::Ride(DIAGONAL), Part::Leap(KNIGHT)], compound('B', 'N')),
    fairy("nao", "NA", "NA", &[Part::Hop(Hop::Chinese, KNIGHT)], symbol('R', 180)),
    fairy("rook-hopper", "RH", "TH", &[Part::Hop(Hop::Grasshopper, ORTHOGONAL)], symbol('R', 270)),
];
