//! Problem-like positions: the two kings (often on an edge), one to [`MAX_UNITS`] units, most
//! of them next to a king, with the attributes the family's rules act on; of a few valid draws
//! the one with the most checks and mates at hand.

use feerie_oracle::{
    CheckMark, Colour, Engine, Piece, Position, ReferenceEngine, Rules, Setup, Square, Validation,
    Walk,
};

use super::super::choices::{Choices, random_walk};
use super::super::fuzzed::{Bucket, FuzzedPosition, bucket_rules, random_reserve};

/// The most units beside the two kings.
pub const MAX_UNITS: usize = 5;

/// A problem-like position of `bucket`: the rules (the bucket's, one time in four with one
/// switch set to another value), two kings and one to [`MAX_UNITS`] other units, magic ones
/// (now and then neutral) when the bucket has magic pieces, mutable ones and reverse pawns when captures mutate, and
/// under Circe Parrain sometimes a unit waiting in the reserve, under Imitator chess one to three
/// imitators. Every decision comes from
/// `choices`; the position is valid under [`Validation::Strict`].
pub fn problem_position(choices: &mut dyn Choices, bucket: &Bucket) -> FuzzedPosition {
    let rules = bucket_rules(bucket, choices);
    // A draw the constructor refuses (kings in contact, the side not to move in check, a pawn
    // on its promotion rank…) is drawn again; a dry source of choices gives the two kings
    // apart, which the constructor accepts. Of the first valid draws, the one with the most
    // checks and mates at hand is kept: random sparse positions seldom have a mate in two, and
    // a solve without solution compares little.
    let mut best: Option<(usize, Position)> = None;
    let mut valid = 0;
    for _ in 0..DRAWS {
        let Ok(position) =
            Position::new(problem_setup(choices, bucket, &rules), Validation::Strict)
        else {
            continue;
        };
        let score = liveliness(&position, &rules);
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, position));
        }
        valid += 1;
        if valid == CANDIDATES {
            break;
        }
    }
    if let Some((_, position)) = best {
        return FuzzedPosition { rules, position };
    }
    let mut bare = Setup::empty();
    bare.board
        .set(Square::A1, Some(Piece::new(Colour::White, Walk::King)));
    bare.board
        .set(Square::H8, Some(Piece::new(Colour::Black, Walk::King)));
    FuzzedPosition {
        rules,
        position: Position::new(bare, Validation::Strict).expect("two kings apart"),
    }
}

/// Valid draws among which [`problem_position`] keeps the liveliest.
const CANDIDATES: usize = 6;

/// How close a position is to mates, for either side: the checking moves, mates counting
/// thrice, of the side to move and of the other side (when the position is valid with the
/// other side to move). Taken from the reference engine.
fn liveliness(position: &Position, rules: &Rules) -> usize {
    let score = |p: &Position| {
        ReferenceEngine
            .legal_moves(p, rules)
            .map(|moves| {
                moves
                    .iter()
                    .map(|m| match m.check {
                        CheckMark::None => 0,
                        CheckMark::Check => 1,
                        CheckMark::Mate => 3,
                    })
                    .sum()
            })
            .unwrap_or(0)
    };
    let mut other = position.setup().clone();
    other.side_to_move = !other.side_to_move;
    other.en_passant = None;
    score(position)
        + Position::new(other, Validation::Strict)
            .map(|p| score(&p))
            .unwrap_or(0)
}

/// Draws of a setup before [`problem_position`] settles for the two kings alone.
const DRAWS: usize = 1000;

/// One draw of a problem-like setup (not yet validated).
fn problem_setup(choices: &mut dyn Choices, bucket: &Bucket, rules: &Rules) -> Setup {
    let mut setup = Setup::empty();
    // Dry choices put the kings on a1 and h8 (apart), White to move.
    let white_king = king_square(choices, Square::A1);
    let black_king = king_square(choices, Square::H8);
    setup
        .board
        .set(white_king, Some(Piece::new(Colour::White, Walk::King)));
    setup
        .board
        .set(black_king, Some(Piece::new(Colour::Black, Walk::King)));
    let common = [
        Walk::Pawn,
        Walk::Knight,
        Walk::Bishop,
        Walk::Rook,
        Walk::Queen,
    ];
    let units = 1 + choices.below(MAX_UNITS);
    let magic_one = bucket.magic.then(|| choices.below(units));
    for index in 0..units {
        // Most units next to a king (Black's more often: White has more units), where the
        // mates are.
        let square = match choices.below(4) {
            0 => Square::new(choices.below(64) as u8).expect("below 64"),
            1 => near(choices, white_king),
            _ => near(choices, black_king),
        };
        if !setup.board.is_empty(square) {
            continue;
        }
        // White units twice as often as black ones: the mating side needs material.
        let colour = if choices.below(3) == 2 {
            Colour::Black
        } else {
            Colour::White
        };
        let magic = magic_one == Some(index) || bucket.magic && choices.one_in(4);
        let walk = random_walk(choices, rules, &common);
        let mut piece = Piece::new(colour, walk).with_magic(magic);
        // Now and then a neutral magic unit (RULES.md §6), which either side may move.
        if magic && choices.one_in(5) {
            piece = piece.with_neutral(true);
        }
        if rules.captures_mutate() && choices.one_in(4) {
            piece = piece.with_mutable(true);
        }
        setup.board.set(square, Some(piece));
    }
    super::super::fuzzed::place_imitators(&mut setup, choices, rules);
    if rules.keeps_reserve() && choices.one_in(3) {
        setup.reserve = Some(random_reserve(choices));
    }
    if choices.below(2) == 1 {
        setup.side_to_move = Colour::Black;
    }
    setup
}

/// A king's square: its corner (`dry`, which dry choices give), anywhere, or on an edge of
/// the board (half of the time), where a few units mate.
fn king_square(choices: &mut dyn Choices, dry: Square) -> Square {
    let kind = choices.below(5);
    let (along, side) = (choices.below(8) as u8, 7 * choices.below(2) as u8);
    let (file, rank) = match kind {
        0 => return dry,
        1 => (along, choices.below(8) as u8),
        2 | 3 => (along, side),
        _ => (side, along),
    };
    Square::new(rank * 8 + file).expect("on the board")
}

/// A square at most two files and two ranks from `centre`, on the board.
fn near(choices: &mut dyn Choices, centre: Square) -> Square {
    let (df, dr) = (choices.below(5) as i8 - 2, choices.below(5) as i8 - 2);
    centre.offset(df, dr).unwrap_or(centre)
}
