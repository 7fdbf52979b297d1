//! Zobrist keys of positions for the transposition table: two independent 64-bit keys, XORs of
//! one random word pair per feature, over everything that decides the legal moves under fixed
//! rules (RULES.md): each unit on its square with all its attributes (colour or neutral, walk,
//! royal, magic, capture-mutable mark; a reverse pawn is a walk of its own), the side to move, each
//! castling right (per rook corner and per king), the en passant square and the Parrain
//! reserve (unit with its attributes, where it was captured, and by which side). The half-move clock and the
//! move number decide nothing a stipulation asks, and are left out.
//!
//! ```
//! use feerie::oracle::Position;
//! use feerie::space::zobrist::key;
//! assert_eq!(key(&Position::start()), key(&Position::start()));
//! assert_ne!(key(&Position::start()), key(&Position::start().passed()));
//! ```

use feerie_oracle::{Colour, Piece, Position, Walk};

/// A position's key: `main` chooses and checks the table slot, `check` is a second,
/// independent key kept in part beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The first key.
    pub main: u64,
    /// The second key, from other random words.
    pub check: u64,
}

/// Unit kinds: 3 sides (White, Black, neutral) × the walks × royal × magic × mutable.
const KINDS: usize = 3 * feerie_oracle::walk::COUNT * 8;
const BOARD: usize = 0;
const RESERVE: usize = KINDS * 64;
const EN_PASSANT: usize = 2 * KINDS * 64;
const CASTLING: usize = EN_PASSANT + 64;
const KING_RIGHT: usize = CASTLING + 64;
const BLACK_TO_MOVE: usize = KING_RIGHT + 2;
const RESERVE_TAKEN_BY_SIDE_TO_MOVE: usize = BLACK_TO_MOVE + 1;
const IMITATOR: usize = RESERVE_TAKEN_BY_SIDE_TO_MOVE + 1;
const FEATURES: usize = IMITATOR + 64;

/// SplitMix64, a fixed seed: the same keys in every run, so that runs are repeatable.
const fn split_mix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn random_words() -> [[u64; 2]; FEATURES] {
    let mut words = [[0; 2]; FEATURES];
    let mut state = 0x6665_6572_6965_2121; // any fixed seed
    let mut i = 0;
    while i < FEATURES {
        let (s, a) = split_mix(state);
        let (s, b) = split_mix(s);
        state = s;
        words[i] = [a, b];
        i += 1;
    }
    words
}

static WORDS: [[u64; 2]; FEATURES] = random_words();

/// The kind of a unit, all its attributes: below [`KINDS`].
fn kind(piece: Piece) -> usize {
    let colour = match piece.colour {
        _ if piece.neutral => 2,
        Colour::White => 0,
        Colour::Black => 1,
    };
    ((colour * feerie_oracle::walk::COUNT + Walk::index(piece.walk)) * 2 + piece.royal as usize) * 4
        + (piece.magic as usize) * 2
        + piece.mutable as usize
}

/// The key of `position`, computed from scratch (one pass over the board): cheap next to the
/// move generation of a node.
pub fn key(position: &Position) -> Key {
    let mut k = [0u64; 2];
    let mut add = |feature: usize| {
        let w = WORDS[feature];
        k[0] ^= w[0];
        k[1] ^= w[1];
    };
    for (square, piece) in position.board().pieces() {
        add(BOARD + kind(piece) * 64 + square.index());
    }
    if let Some(reserve) = position.reserve() {
        add(RESERVE + kind(reserve.piece) * 64 + reserve.square.index());
        if reserve.taken_by_side_to_move {
            add(RESERVE_TAKEN_BY_SIDE_TO_MOVE);
        }
    }
    if let Some(ep) = position.en_passant() {
        add(EN_PASSANT + ep.target.index());
    }
    for square in position.imitators().squares() {
        add(IMITATOR + square.index());
    }
    let castling = position.castling();
    for rook in castling.squares() {
        add(CASTLING + rook.index());
    }
    for (i, colour) in Colour::ALL.into_iter().enumerate() {
        if castling.king_may_castle(colour) {
            add(KING_RIGHT + i);
        }
    }
    if position.side_to_move() == Colour::Black {
        add(BLACK_TO_MOVE);
    }
    Key {
        main: k[0],
        check: k[1],
    }
}

/// A word pair for a question asked of a position (a kind of node below 8, moves left below
/// 256), mixed into the position's key so that each question has its own slot.
pub fn question(node: u64, left: u64) -> [u64; 2] {
    QUESTIONS[(node as usize & 7) << 8 | (left as usize & 0xFF)]
}

const fn question_words(node: u64, left: u64) -> [u64; 2] {
    let (_, a) = split_mix(0x5155_4553_5449_4f4e ^ (node << 8 | left));
    let (_, b) = split_mix(a ^ 0x0123_4567_89AB_CDEF);
    [a, b]
}

/// [`question`]'s words, made once: a lookup on every probe of the table.
static QUESTIONS: [[u64; 2]; 8 * 256] = {
    let mut words = [[0; 2]; 8 * 256];
    let mut i = 0;
    while i < words.len() {
        words[i] = question_words((i >> 8) as u64, (i & 0xFF) as u64);
        i += 1;
    }
    words
};
