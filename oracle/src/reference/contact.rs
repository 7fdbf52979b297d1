//! Stage 5 of the pipeline: contact mutations by magic pieces (Bédoni's magic pieces, RULES.md §6).
//!
//! # The rule
//!
//! A magic piece moves by its walk, never captures, cannot be captured or transformed, never gives
//! check, and blocks lines; a royal unit cannot be magic. Two units are in contact when their
//! squares touch (the eight neighbours). After stages 1–4, every non-magic, non-royal unit that has
//! established a new contact with magic pieces (the squares touch now and did not before the move,
//! whichever of them moved) mutates: one step up the ladder P, N, B, R, Q when all those magic
//! pieces are of its colour, one step down when all are of the other colour, not at all when both
//! colours are among them. A queen cannot go up, a pawn cannot go down; a reverse pawn climbs like
//! a pawn and does not go down. A magic pawn promotes to a magic piece, and promotion comes before
//! the contact mutation of the promoted unit. Legality is judged after the mutations.
//!
//! The points the source leaves open are switches; magic pieces have no Popeye counterpart, so both
//! profiles use the first value:
//!
//! - `magic_contact_scope`: `new_contacts` (only the magic pieces of the new contacts count for the
//!   colour test) or `all_contacts` (every magic piece touching the unit counts);
//! - `magic_steps`: `one` step, or `one_per_magic_piece`;
//! - `magic_kept_contact`: a magic piece sliding from one square next to a unit to another one has
//!   `no_effect`, or `reestablishes` the contact;
//! - `magic_pawn_edge`: a unit demoted to a pawn on its promotion rank may `promote` (the mover
//!   choosing, written as the resulting unit: `[c8=wQ]`) or `stay` a pawn;
//! - `magic_rebirth_contact`: a unit reborn by a Circe rule next to a magic piece `mutates` or not
//!   (`no_effect`).

use crate::rules::{
    MagicContactScope, MagicKeptContact, MagicPawnEdge, MagicRebirthContact, MagicSteps,
};
use crate::{ContactMutation, MoveRecord, Piece, Rules, Setup, Square, Walk, geometry};

use super::rebirth::board_after_displacement;

/// The move with its contact mutations: one record, or one per combination of promotion
/// choices when demoted units become pawns on their promotion rank.
pub fn apply(setup: &Setup, rules: &Rules, mv: MoveRecord) -> Vec<MoveRecord> {
    let mut board = board_after_displacement(setup, &mv);
    for r in mv.rebirth.iter().chain(mv.delayed_rebirth.iter()) {
        let piece = r.promotion.map_or(r.piece, |w| r.piece.with_walk(w));
        board.set(r.square, Some(piece));
    }
    let origin = |sq: Square| -> Option<Square> { origin_of(setup, &mv, sq) };
    let magic: Vec<(Square, Piece)> = board.pieces().filter(|(_, p)| p.magic).collect();

    // Each mutated unit with its possible results (several when it may promote).
    let mut mutations: Vec<Vec<ContactMutation>> = Vec::new();
    for (square, piece) in board.pieces() {
        if piece.magic || piece.royal {
            continue;
        }
        let was = origin(square);
        if was.is_none() && rules.magic_rebirth_contact() == MagicRebirthContact::NoEffect {
            continue;
        }
        let touching: Vec<(Square, Piece)> = magic
            .iter()
            .copied()
            .filter(|(m, _)| m.touches(square))
            .collect();
        let new: Vec<(Square, Piece)> = touching
            .iter()
            .copied()
            .filter(|&(m, _)| is_new_contact(rules, square, was, m, origin(m)))
            .collect();
        if new.is_empty() {
            continue;
        }
        let scope = match rules.magic_contact_scope() {
            MagicContactScope::NewContacts => &new,
            MagicContactScope::AllContacts => &touching,
        };
        let own = scope.iter().all(|(_, m)| m.colour == piece.colour);
        let other = scope.iter().all(|(_, m)| m.colour != piece.colour);
        if own == other {
            continue;
        }
        let steps = match rules.magic_steps() {
            MagicSteps::One => 1,
            MagicSteps::OnePerMagicPiece => scope.len(),
        };
        let walk = (0..steps).fold(piece.walk, |w, _| if own { up(w) } else { down(w) });
        if walk == piece.walk {
            continue;
        }
        let after = piece.with_walk(walk);
        let on_edge =
            walk.is_pawn() && square.rank() == geometry::promotion_rank(piece.colour, walk);
        let results: Vec<Piece> = if on_edge && rules.magic_pawn_edge() == MagicPawnEdge::Promote {
            rules
                .promotion_walks(setup)
                .into_iter()
                .map(|w| after.with_walk(w))
                .collect()
        } else {
            vec![after]
        };
        mutations.push(
            results
                .into_iter()
                .map(|after| ContactMutation {
                    square,
                    before: piece,
                    after,
                })
                .collect(),
        );
    }
    // Every combination of choices, squares in the order a1, b1, ..., h8.
    let mut records = vec![mv];
    for choices in mutations {
        records = records
            .into_iter()
            .flat_map(|r| {
                choices.iter().map(move |&c| {
                    let mut r = r.clone();
                    r.contact_mutations.push(c);
                    r
                })
            })
            .collect();
    }
    records
}

/// Where the unit standing on `square` after stages 1–4 stood before the move; `None` for a
/// unit put on the board by a rebirth.
fn origin_of(setup: &Setup, mv: &MoveRecord, square: Square) -> Option<Square> {
    if mv.rebirth.is_some_and(|r| r.square == square)
        || mv.delayed_rebirth.is_some_and(|r| r.square == square)
    {
        return None;
    }
    if let Some(side) = mv.castling {
        let [king_from, king_to, rook_from, rook_to] = side.squares(setup.side_to_move);
        if square == king_to {
            return Some(king_from);
        }
        if square == rook_to {
            return Some(rook_from);
        }
    } else if square == mv.to {
        return Some(mv.from);
    }
    Some(square)
}

/// Whether the unit now on `square` (before on `was`) and the magic piece now on `magic` (before
/// on `magic_was`) have just made contact.
fn is_new_contact(
    rules: &Rules,
    square: Square,
    was: Option<Square>,
    magic: Square,
    magic_was: Option<Square>,
) -> bool {
    let (Some(was), Some(magic_was)) = (was, magic_was) else {
        return true;
    };
    let touched_before = was.touches(magic_was);
    let moved = was != square || magic_was != magic;
    !touched_before || (moved && rules.magic_kept_contact() == MagicKeptContact::Reestablishes)
}

/// The ladder P, N, B, R, Q, by the places the walk table gives them.
const LADDER: [Walk; 5] = [
    Walk::Pawn,
    Walk::Knight,
    Walk::Bishop,
    Walk::Rook,
    Walk::Queen,
];

/// One step up the ladder P, N, B, R, Q (a queen stays; a reverse pawn climbs like a pawn). A
/// walk off the ladder (a king, a fairy walk) stays.
fn up(walk: Walk) -> Walk {
    match walk.def().ladder {
        Some(place) => LADDER[(place as usize + 1).min(4)],
        None => walk,
    }
}

/// One step down the ladder Q, R, B, N, P (a pawn or a reverse pawn stays; a knight becomes a
/// pawn of its own direction). A walk off the ladder stays.
fn down(walk: Walk) -> Walk {
    match walk.def().ladder {
        Some(0) | None => walk,
        Some(place) => LADDER[place as usize - 1],
    }
}
