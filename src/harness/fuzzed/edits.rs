//! The edits a fuzzed position receives after its playout, each through the validating
//! constructor, and the squares where new units lean to stand.

use feerie_oracle::{
    Colour, Engine, File, MoveRecord, Piece, Position, ReferenceEngine, Reserve, Rules, Setup,
    Square, Walk, geometry,
};

use super::Bucket;
use crate::harness::choices::{Choices, random_walk};

/// The edits a fuzzed position may receive after its playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Edit {
    Add,
    Remove,
    Move,
    ToggleCastling,
    ToggleSide,
    Reserve,
    MarkMagic,
    MarkMutable,
    /// A pawn of the side to move on its double-step rank and an enemy pawn (of either
    /// direction under the mutating conditions) attacking the square it passes, then the
    /// double step played: an en passant capture is open, reverse pawns' included.
    EnPassantRace,
}

impl Edit {
    /// The edits drawn at random; [`Edit::EnPassantRace`] comes last, on its own, since any
    /// later edit would end the en passant right.
    pub(super) const ALL: [Edit; 8] = [
        Edit::Add,
        Edit::Remove,
        Edit::Move,
        Edit::ToggleCastling,
        Edit::ToggleSide,
        Edit::Reserve,
        Edit::MarkMagic,
        Edit::MarkMutable,
    ];
}

/// Up to eight attempts at one edit; the first that the validating constructor accepts is
/// kept, and the position is left as it was when none is.
pub(super) fn edit(
    position: &Position,
    choices: &mut dyn Choices,
    rules: &Rules,
    bucket: &Bucket,
    kind: Edit,
) -> Position {
    for _ in 0..8 {
        let mut setup = position.setup().clone();
        setup.en_passant = None;
        match apply(&mut setup, choices, rules, bucket, kind) {
            Applied::Skip => return position.clone(),
            Applied::Retry => continue,
            Applied::Done => {}
        }
        // Under SAT a check is a flight, which only the rules can read.
        if let Ok(p) = super::validated(setup, rules) {
            if kind == Edit::EnPassantRace {
                return play_double_step(p, choices, rules);
            }
            return p;
        }
    }
    position.clone()
}

/// The position after one of the legal double steps, chosen at random (the position itself
/// when there is none).
fn play_double_step(position: Position, choices: &mut dyn Choices, rules: &Rules) -> Position {
    let played = ReferenceEngine.play_chosen(&position, rules, &mut |moves| {
        let steps: Vec<usize> = (0..moves.len())
            .filter(|&i| is_double_step(&moves[i]))
            .collect();
        (!steps.is_empty()).then(|| steps[choices.below(steps.len())])
    });
    match played {
        Ok(Some(after)) => after,
        // No double step, or (which the edits rule out) a position the rules cannot mean.
        Ok(None) | Err(_) => position,
    }
}

/// What became of one attempt at an edit.
enum Applied {
    Done,
    /// This attempt drew an impossible edit (a unit onto an occupied square).
    Retry,
    /// The edit does not apply to these rules or this position.
    Skip,
}

/// Applies one edit to `setup`.
fn apply(
    setup: &mut Setup,
    choices: &mut dyn Choices,
    rules: &Rules,
    bucket: &Bucket,
    kind: Edit,
) -> Applied {
    let units: Vec<(Square, Piece)> = setup.board.pieces().collect();
    let pick_unit = |choices: &mut dyn Choices, royal: bool| {
        let eligible: Vec<&(Square, Piece)> =
            units.iter().filter(|(_, p)| royal || !p.royal).collect();
        (!eligible.is_empty()).then(|| *eligible[choices.below(eligible.len())])
    };
    match kind {
        Edit::Add => {
            let colour = Colour::ALL[choices.below(2)];
            let magic = bucket.magic && choices.one_in(3);
            let common = [
                Walk::Pawn,
                Walk::Pawn,
                Walk::Knight,
                Walk::Bishop,
                Walk::Rook,
                Walk::Queen,
            ];
            let walk = random_walk(choices, rules, &common);
            let square = lively_square(setup, choices, colour, walk);
            if !setup.board.is_empty(square) {
                return Applied::Retry;
            }
            let mut piece = Piece::new(colour, walk).with_magic(magic);
            // Now and then a neutral magic unit (RULES.md §6); one the validating constructor
            // refuses (a neutral pawn on either last rank) is dropped like any invalid edit.
            if magic && choices.one_in(2) {
                piece = piece.with_neutral(true);
            }
            if rules.captures_mutate() && choices.one_in(4) {
                piece = piece.with_mutable(true);
            }
            setup.board.set(square, Some(piece));
            Applied::Done
        }
        Edit::Remove => match pick_unit(choices, false) {
            Some((sq, _)) => {
                setup.board.set(sq, None);
                Applied::Done
            }
            None => Applied::Skip,
        },
        Edit::Move => match pick_unit(choices, true) {
            Some((from, piece)) => {
                let to = random_square(choices);
                if !setup.board.is_empty(to) {
                    return Applied::Retry;
                }
                setup.board.set(from, None);
                setup.board.set(to, Some(piece));
                Applied::Done
            }
            None => Applied::Skip,
        },
        Edit::ToggleCastling => {
            let rook = [Square::A1, Square::H1, Square::A8, Square::H8][choices.below(4)];
            let colour = if rook.rank().index() == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            if setup.castling.contains(rook) {
                setup.castling.remove(rook);
            } else {
                setup.castling.insert(rook);
                setup.castling.insert_king(colour);
            }
            Applied::Done
        }
        Edit::ToggleSide => {
            setup.side_to_move = !setup.side_to_move;
            Applied::Done
        }
        Edit::Reserve => {
            if !rules.keeps_reserve() {
                return Applied::Skip;
            }
            if setup.reserve.is_some() && choices.one_in(2) {
                setup.reserve = None;
            } else {
                setup.reserve = Some(random_reserve(choices));
            }
            Applied::Done
        }
        Edit::MarkMagic => {
            if !bucket.magic {
                return Applied::Skip;
            }
            match pick_unit(choices, false) {
                Some((sq, piece)) => {
                    // A unit made magic is now and then made neutral too (RULES.md §6); one
                    // that stops being magic stops being neutral (only magic units may be).
                    let magic = !piece.magic;
                    let neutral = magic && choices.one_in(3);
                    let piece = piece.with_magic(magic).with_neutral(neutral);
                    setup.board.set(sq, Some(piece));
                    Applied::Done
                }
                None => Applied::Skip,
            }
        }
        Edit::EnPassantRace => {
            let mover = setup.side_to_move;
            let walks: &[Walk] = if rules.captures_mutate() {
                &[Walk::Pawn, Walk::ReversePawn]
            } else {
                &[Walk::Pawn]
            };
            let walk = walks[choices.below(walks.len())];
            let rank = geometry::double_step_rank(mover, walk);
            let forward = geometry::pawn_forward(mover, walk);
            let origin =
                Square::from_coords(File::new(choices.below(8) as u8).expect("a file"), rank);
            let (Some(passed), Some(arrival)) =
                (origin.offset(0, forward), origin.offset(0, 2 * forward))
            else {
                return Applied::Retry;
            };
            if !setup.board.is_empty(passed) || !setup.board.is_empty(arrival) {
                return Applied::Retry;
            }
            let taker_walk = walks[choices.below(walks.len())];
            let taker_forward = geometry::pawn_forward(!mover, taker_walk);
            let side = if choices.below(2) == 0 { -1 } else { 1 };
            let Some(taker) = passed.offset(side, -taker_forward) else {
                return Applied::Retry;
            };
            let placed_pawn = setup.board.get(origin) == Some(Piece::new(mover, walk));
            if !placed_pawn && !setup.board.is_empty(origin) || !setup.board.is_empty(taker) {
                return Applied::Retry;
            }
            setup.board.set(origin, Some(Piece::new(mover, walk)));
            setup.board.set(taker, Some(Piece::new(!mover, taker_walk)));
            Applied::Done
        }
        Edit::MarkMutable => {
            if !rules.captures_mutate() {
                return Applied::Skip;
            }
            match pick_unit(choices, true) {
                Some((sq, piece)) => {
                    setup
                        .board
                        .set(sq, Some(piece.with_mutable(!piece.mutable)));
                    Applied::Done
                }
                None => Applied::Skip,
            }
        }
    }
}

fn random_square(choices: &mut dyn Choices) -> Square {
    Square::new(choices.below(64) as u8).expect("below 64")
}

/// A square where the conditions act, half of the time: a home rank (where the rebirth
/// squares are), the rank before promotion for a pawn, or next to a magic piece.
fn lively_square(setup: &Setup, choices: &mut dyn Choices, colour: Colour, walk: Walk) -> Square {
    let square = random_square(choices);
    if choices.below(2) == 0 {
        return square;
    }
    let file = square.file().index() as i8;
    let magic: Vec<Square> = setup
        .board
        .pieces()
        .filter(|(_, p)| p.magic)
        .map(|(s, _)| s)
        .collect();
    let rank = match choices.below(3) {
        0 if walk.is_pawn() => {
            let towards_promotion = (walk == Walk::Pawn) == (colour == Colour::White);
            if towards_promotion { 6 } else { 1 }
        }
        1 if !magic.is_empty() => {
            let centre = magic[choices.below(magic.len())];
            let (df, dr) = (choices.below(3) as i8 - 1, choices.below(3) as i8 - 1);
            return centre.offset(df, dr).unwrap_or(square);
        }
        _ => [0, 1, 6, 7][choices.below(4)],
    };
    Square::new((rank * 8 + file) as u8).expect("on the board")
}

/// A unit waiting in the Parrain reserve: a pawn or an orthodox piece of either colour, taken
/// on any square.
pub(crate) fn random_reserve(choices: &mut dyn Choices) -> Reserve {
    let common = [
        Walk::Pawn,
        Walk::Knight,
        Walk::Bishop,
        Walk::Rook,
        Walk::Queen,
    ];
    // Orthodox walks only: Popeye 4.104 does not see the checks of a reborn unit whose walk is
    // not in the diagram (a leo in its `LastCapture` with none on the board reborn next to the
    // other king gives no check there), so a fairy walk here would only find that.
    let walk = common[choices.below(common.len())];
    Reserve::new(
        Piece::new(Colour::ALL[choices.below(2)], walk),
        random_square(choices),
    )
}

/// A pawn's double step (en passant races follow it).
pub(super) fn is_double_step(m: &MoveRecord) -> bool {
    m.mover.walk.is_pawn() && m.from.rank().index().abs_diff(m.to.rank().index()) == 2
}
