//! Positions built around the rule events that change castling rights and the units near them:
//! kings on their home squares or not, rooks on their corners or not, every castling field
//! (none, the king's own right alone, partial, full), and a few units close to the home ranks
//! that can capture, be captured, be reborn or mutate there. The campaign's steered pass draws
//! them until one shows an event the run has not reached.

use feerie_oracle::{
    CastlingSide, Colour, Piece, Position, ReferenceEngine, Rules, Setup, Square, Validation, Walk,
};

use super::Bucket;
use super::edits::random_reserve;
use crate::harness::choices::{Choices, random_walk};

/// One sparse position of `bucket` built around castling rights and the home ranks, under
/// `rules` (one time in two with `rex: inclusive` under a Circe condition, where kings are
/// reborn); `None` when the drawn setup is not a valid position (strictly, or under rex
/// inclusive leniently, since a king may then stand attacked by the side to move).
pub fn around_castling(
    choices: &mut dyn Choices,
    bucket: &Bucket,
    mut rules: Rules,
) -> Option<super::FuzzedPosition> {
    if rules.circe().is_some()
        && rules.switch_matters(feerie_oracle::Switch::Rex)
        && !rules.refuses_royal_rebirth()
        && choices.one_in(2)
    {
        rules.set("rex", "inclusive").ok()?;
    }
    let mut setup = Setup::empty();
    setup.side_to_move = Colour::ALL[choices.below(2)];
    for colour in Colour::ALL {
        let home = CastlingSide::King.squares(colour)[0];
        let square = if choices.below(4) != 0 {
            home
        } else {
            random_empty(&setup, choices, false)?
        };
        setup
            .board
            .set(square, Some(Piece::new(colour, Walk::King)));
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let corner = side.squares(colour)[2];
            if choices.one_in(2) && setup.board.is_empty(corner) {
                setup
                    .board
                    .set(corner, Some(Piece::new(colour, Walk::Rook)));
            }
        }
        castling_field(&mut setup, colour, choices, kings_reborn(&rules));
    }
    // An enemy rook now and then on a corner, with a knight or a rook of the corner's side that
    // can take it: under Frankfurt and Protean the knight becomes a rook on its own corner, and
    // the rook, keeping its walk, still counts as a new one with `mutation_castling:
    // every_capture`.
    for colour in Colour::ALL {
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let corner = side.squares(colour)[2];
            if !setup.board.is_empty(corner) || !choices.one_in(3) {
                continue;
            }
            setup
                .board
                .set(corner, Some(Piece::new(!colour, Walk::Rook)));
            let inward = if corner.file().index() == 0 { 1 } else { -1 };
            let upward = if corner.rank().index() == 0 { 1 } else { -1 };
            let (df, dr, walk) = [
                (inward, 2 * upward, Walk::Knight),
                (2 * inward, upward, Walk::Knight),
                (0, upward, Walk::Rook),
            ][choices.below(3)];
            if let Some(sq) = corner.offset(df, dr).filter(|sq| setup.board.is_empty(*sq)) {
                setup.board.set(sq, Some(Piece::new(colour, walk)));
            }
        }
    }
    if bucket.magic && choices.one_in(2) {
        next_to_a_castling_rook(&mut setup, choices, &rules);
    }
    if rules.circe_model().is_some_and(|m| m.reborn_royals()) && choices.one_in(2) {
        aim_at_king(&mut setup, choices, &rules);
    }
    for _ in 0..2 + choices.below(5) {
        let colour = Colour::ALL[choices.below(2)];
        let walk = random_walk(choices, &rules, &PLAIN_WALKS);
        let square = random_empty(&setup, choices, walk.is_pawn())?;
        setup.board.set(square, Some(Piece::new(colour, walk)));
    }
    if bucket.magic {
        mark_magic(&mut setup, choices);
    }
    if rules.keeps_reserve() && choices.one_in(2) {
        setup.reserve = Some(random_reserve(choices));
    }
    // Under rex inclusive a king may stand attacked by the side to move (it would be reborn),
    // under Anticirce (the capturer could not be), and under Mars Circe (it is attacked from a
    // rebirth square, not by the walk): only then is such a position accepted.
    let check_reads_rebirth = rules.circe_model().is_some_and(|m| m.check_reads_rebirth())
        || rules.mars_model().is_some();
    super::place_imitators(&mut setup, choices, &rules);
    let position = match Position::new(setup.clone(), Validation::Strict) {
        Ok(p) => p,
        Err(_) if check_reads_rebirth => Position::new(setup, Validation::Lenient).ok()?,
        Err(_) => return None,
    };
    Some(super::FuzzedPosition { rules, position })
}

/// A magic unit of either side next to the square a castling rook arrives on, so that the
/// castling makes a new contact.
fn next_to_a_castling_rook(setup: &mut Setup, choices: &mut dyn Choices, rules: &Rules) {
    let colour = Colour::ALL[choices.below(2)];
    let side = [CastlingSide::King, CastlingSide::Queen][choices.below(2)];
    let arrival = side.squares(colour)[3];
    let (df, dr) = [(-1, 1), (0, 1), (1, 1), (0, -1), (1, -1), (-1, -1)][choices.below(6)];
    let Some(square) = arrival
        .offset(df, dr)
        .filter(|sq| setup.board.is_empty(*sq))
    else {
        return;
    };
    let walk = random_walk(choices, rules, &PLAIN_WALKS[1..]);
    let owner = Colour::ALL[choices.below(2)];
    setup
        .board
        .set(square, Some(Piece::new(owner, walk).with_magic(true)));
}

/// The walks the builders draw their units from (a fairy walk may replace one, by
/// [`random_walk`]): the pieces that are not kings, and the pawn.
pub(super) const PLAIN_WALKS: [Walk; 5] = [
    Walk::Pawn,
    Walk::Knight,
    Walk::Bishop,
    Walk::Rook,
    Walk::Queen,
];

/// Whether a king can come back to its square under `rules` (a Circe condition with rex
/// inclusive, Anticirce).
fn kings_reborn(rules: &Rules) -> bool {
    rules.circe_model().is_some_and(|m| m.kings_come_back())
}

/// A king of either side away from its home square moved where a capture sends it home under
/// the rules' Circe model, with an enemy queen or knight placed to take it there: one of every
/// such (king square, capturer square) pair, drawn. Under Equipollents the capturer stands at
/// `2 * king - home`, under PWC on the home square itself, under the variants read from the
/// capture square wherever it attacks a square that maps home.
fn aim_at_king(setup: &mut Setup, choices: &mut dyn Choices, rules: &Rules) {
    let colour = Colour::ALL[choices.below(2)];
    let home = CastlingSide::King.squares(colour)[0];
    let Some((king, piece)) = (setup.board.pieces())
        .find(|(sq, p)| p.colour == colour && p.walk == Walk::King && *sq != home)
    else {
        return;
    };
    // The board with the king lifted, as it stands wherever the king is put back.
    let mut lifted = setup.board.clone();
    lifted.set(king, None);
    let mut pairs: Vec<(Square, Square, Walk)> = Vec::new();
    for to in Square::all().filter(|&sq| lifted.is_empty(sq)) {
        for from in Square::all().filter(|&sq| sq != to && lifted.is_empty(sq)) {
            let Some(walk) = [Walk::Knight, Walk::Queen].into_iter().find(|&w| {
                ReferenceEngine.attacks(&lifted, from, Piece::new(!colour, w), to, rules)
            }) else {
                continue;
            };
            let capturer = Piece::new(!colour, walk);
            if ReferenceEngine.rebirth_square(rules, piece, capturer, to, (from, to)) == Some(home)
            {
                pairs.push((to, from, walk));
            }
        }
    }
    if pairs.is_empty() {
        return;
    }
    let (to, from, walk) = pairs[choices.below(pairs.len())];
    setup.board.set(king, None);
    setup.board.set(to, Some(piece));
    setup.board.set(from, Some(Piece::new(!colour, walk)));
}

/// The castling field of `colour`: none, the king's own right alone, partial (one rook's) or
/// full, each as likely; a right only where its king and rook stand at home.
fn castling_field(
    setup: &mut Setup,
    colour: Colour,
    choices: &mut dyn Choices,
    kings_reborn: bool,
) {
    let home = CastlingSide::King.squares(colour)[0];
    let king_home = setup.board.get(home).is_some_and(|p| p.walk == Walk::King);
    let field = choices.below(4);
    let rooks: Vec<Square> = [CastlingSide::King, CastlingSide::Queen]
        .map(|side| side.squares(colour)[2])
        .into_iter()
        .filter(|sq| setup.board.get(*sq).is_some_and(|p| p.walk == Walk::Rook))
        .collect();
    // Under rex inclusive a king away from home may come back to it: its rooks keep their
    // rights meanwhile (the field `kn`), and the king regains its own when it is reborn.
    if !king_home && kings_reborn && field > 1 {
        for sq in &rooks {
            setup.castling.insert(*sq);
        }
        return;
    }
    if !king_home || field == 0 {
        return;
    }
    setup.castling.insert_king(colour);
    let granted = match field {
        1 => 0,
        2 => 1.min(rooks.len()),
        _ => rooks.len(),
    };
    let first = if rooks.is_empty() {
        0
    } else {
        choices.below(rooks.len())
    };
    for i in 0..granted {
        setup.castling.insert(rooks[(first + i) % rooks.len()]);
    }
}

/// An empty square, one time in two on a home rank or next to one (where rebirths, castling
/// and promotions happen); never a first or last rank for a pawn.
fn random_empty(setup: &Setup, choices: &mut dyn Choices, pawn: bool) -> Option<Square> {
    for _ in 0..16 {
        let file = choices.below(8) as i8;
        let rank = if choices.one_in(2) {
            [0, 1, 6, 7][choices.below(4)]
        } else {
            choices.below(8) as i8
        };
        let square = Square::at(file, rank)?;
        let edge = rank == 0 || rank == 7;
        if setup.board.is_empty(square) && !(pawn && edge) {
            return Some(square);
        }
    }
    None
}

/// One or two units that are not kings made magic (a magic unit is added when there is none to
/// mark).
pub(super) fn mark_magic(setup: &mut Setup, choices: &mut dyn Choices) {
    let candidates: Vec<Square> = (setup.board.pieces())
        .filter(|(_, p)| !p.royal && p.walk != Walk::King)
        .map(|(sq, _)| sq)
        .collect();
    for _ in 0..1 + choices.below(2) {
        if candidates.is_empty() {
            return;
        }
        let square = candidates[choices.below(candidates.len())];
        if let Some(piece) = setup.board.get(square) {
            setup.board.set(square, Some(piece.with_magic(true)));
        }
    }
}
