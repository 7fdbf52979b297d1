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
//! colours are among them; a neutral magic piece counts as one of the other colour for every
//! unit. A queen cannot go up, a pawn cannot go down; a reverse pawn climbs like
//! a pawn and does not go down (unless a fairy walk closes the chains, below). A magic pawn promotes to a magic piece, and promotion comes before
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
//!
//! # Fairy walks in the chains
//!
//! A magic piece may have any walk, fairy ones included (it then makes only that walk's
//! non-capturing moves). When the acting magic pieces (those `magic_contact_scope` counts) have
//! one fairy walk F among them, F closes both chains: up P, N, B, R, Q, F and down Q, R, B, N, P,
//! F. A queen then goes up to F, a pawn (or a reverse pawn, which stands in the pawn's place)
//! goes down to F, and a non-magic F stands at the end of both chains and stays. With orthodox
//! walks only, the chains end at Q and P. Two switches settle what the source leaves open:
//!
//! - `magic_fairy_outside_chain`: a non-magic unit whose fairy walk is not the chains' F `stays`,
//!   or counts as a queen at the top of the chains (`as_queen`): an enemy magic piece demotes it
//!   to a rook, an own one raises it to F when the chains have one;
//! - `magic_mixed_fairy`: acting magic pieces with two different fairy walks leave the chains
//!   ending at Q and P (`no_fairy_end`), or the contact mutates nothing (`no_mutation`).

use crate::rules::{
    MagicContactScope, MagicFairyOutsideChain, MagicKeptContact, MagicMixedFairy, MagicPawnEdge,
    MagicRebirthContact, MagicSteps,
};
use crate::{ContactMutation, MoveRecord, Piece, Rules, Setup, Square, Walk, geometry};

use super::rebirth::{board_after_displacement, place_rebirths};

/// The move with its contact mutations: one record, or one per combination of promotion
/// choices when demoted units become pawns on their promotion rank.
pub fn apply(setup: &Setup, rules: &Rules, mv: MoveRecord) -> Vec<MoveRecord> {
    let mut board = board_after_displacement(setup, &mv);
    place_rebirths(&mut board, &mv);
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
        // A neutral magic piece counts as one of the other colour for every unit (RULES.md §6).
        let of_own_colour = |m: &Piece| !m.neutral && m.colour == piece.colour;
        let own = scope.iter().all(|(_, m)| of_own_colour(m));
        let other = scope.iter().all(|(_, m)| !of_own_colour(m));
        if own == other {
            continue;
        }
        let steps = match rules.magic_steps() {
            MagicSteps::One => 1,
            MagicSteps::OnePerMagicPiece => scope.len(),
        };
        let Some(walk) = chain_walk(rules, piece.walk, scope, own, steps) else {
            continue;
        };
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

/// The walk a unit of walk `walk` takes after `steps` steps along the chain its contacts with
/// the acting magic pieces `scope` set (up when `own`, down otherwise); `None` when it keeps its
/// walk. The chain is written out in full, then walked: the ladder in the direction of travel,
/// closed by the fairy walk of the acting pieces when they have exactly one.
fn chain_walk(
    rules: &Rules,
    walk: Walk,
    scope: &[(Square, Piece)],
    own: bool,
    steps: usize,
) -> Option<Walk> {
    let mut fairy: Vec<Walk> = scope
        .iter()
        .map(|(_, m)| m.walk)
        .filter(|w| w.is_fairy())
        .collect();
    fairy.sort_by_key(|w| w.index());
    fairy.dedup();
    let end = match fairy[..] {
        [] => None,
        [f] => Some(f),
        _ => match rules.magic_mixed_fairy() {
            MagicMixedFairy::NoFairyEnd => None,
            MagicMixedFairy::NoMutation => return None,
        },
    };
    let mut chain: Vec<Walk> = if own {
        LADDER.to_vec()
    } else {
        LADDER.iter().rev().copied().collect()
    };
    chain.extend(end);
    // Where the unit stands on the chain: its ladder place, the end for the chains' own fairy
    // walk, the queen's place for another fairy walk under `as_queen`.
    let place = if Some(walk) == end {
        chain.len() - 1
    } else if let Some(rung) = walk.def().ladder {
        chain.iter().position(|w| w.def().ladder == Some(rung))?
    } else if walk.is_fairy()
        && rules.magic_fairy_outside_chain() == MagicFairyOutsideChain::AsQueen
    {
        chain.iter().position(|&w| w == Walk::Queen)?
    } else {
        return None;
    };
    // A unit at the end of its chain keeps its walk (a queen going up without a fairy end, a
    // pawn or a reverse pawn going down without one, the chains' own fairy walk); the chain's
    // walks are distinct, so any other unit changes.
    let last = chain.len() - 1;
    (place < last).then(|| chain[(place + steps).min(last)])
}
