//! Plays a move record on a setup: every stage the record describes, in pipeline order
//! (displacement, capturer mutation, immediate rebirth, delayed rebirth, contact mutations), then
//! the castling rights, the en passant square and the Parrain reserve the move leaves.

use crate::geometry;
use crate::rules::{MutationCastling, RebirthTime};
use crate::{
    CastlingSide, Colour, EnPassant, MoveRecord, Piece, Reserve, Rules, Setup, Square, Walk,
};

/// The setup after `mv`. The record is trusted: legality is judged elsewhere.
pub fn make(setup: &Setup, mv: &MoveRecord, rules: &Rules) -> Setup {
    let mut next = setup.clone();
    let mover = setup.side_to_move;
    // Stage 1 (displacement), with stage 2 (capturer mutation) and promotion in the record's
    // final mover.
    next.board = super::rebirth::board_after_displacement(setup, mv);
    let board = &mut next.board;

    // Stages 3 and 4: rebirths.
    super::rebirth::place_rebirths(board, mv);
    // Stage 5: contact mutations.
    for c in &mv.contact_mutations {
        board.set(c.square, Some(c.after));
    }
    // Kobul Kings: the royal unit of the side that lost a unit, with its new walk.
    if let Some(k) = &mv.kobul {
        board.set(k.square, Some(k.after));
    }
    // Breton chess: the second unit leaves the board or changes side.
    if let Some(b) = mv.breton {
        let after = board.get(b.square).filter(|_| b.recolour).map(|p| Piece {
            colour: !p.colour,
            ..p
        });
        board.set(b.square, after);
    }

    // Imitator chess: the imitators where the move took them, and a pawn promoted into one.
    if let Some(imitators) = mv.imitators {
        next.imitators = imitators;
    }
    if mv.imitator_promotion {
        next.board.take(mv.to);
        next.imitators = next.imitators.with(mv.to);
    }

    // Where a king can come back to its square (Circe rex inclusive, Anticirce), the rooks'
    // rights outlive the king's own, as a reborn unit counts as not having moved.
    // So they do where a king castles from its Mars rebirth square without its own right.
    // Under Make&Take too, whose castling as a make needs the rook's right alone.
    let rooks_outlive_king = rules.rook_rights_outlive_king();
    update_castling(&mut next, mv, mover, rooks_outlive_king);
    // With `mutation_castling: every_capture` a capturer that may mutate counts as a new unit
    // even when it keeps its walk.
    let renewed = rules.mutation_castling() == MutationCastling::EveryCapture
        && super::mutation::capture_by_mutating_unit(setup, rules, mv);
    regain_castling(&mut next, mv, rooks_outlive_king, renewed);
    let parrain = rules
        .circe_model()
        .is_some_and(|m| m.time == RebirthTime::NextMove);
    // The mover captured it, and the other side moves next.
    next.reserve = mv
        .capture
        .filter(|_| parrain)
        .map(|c| Reserve::new(c.piece, c.square));
    // Under Annan chess a pawn moving by a walk the unit behind it lends makes no double step
    // (Popeye gives the right only to a pawn's own double step).
    let lent = rules.annan()
        && crate::rules::annanised_walk(&setup.board, mv.from, mv.mover) != mv.mover.walk;
    next.en_passant = match lent {
        true => None,
        false => en_passant_after(&next, mv, mover, rules),
    };
    let resets_clock = mv.capture.is_some() || mv.mover.walk.is_pawn();
    next.halfmove_clock = if resets_clock {
        0
    } else {
        setup.halfmove_clock + 1
    };
    if mover == Colour::Black {
        next.fullmove_number += 1;
    }
    next.side_to_move = !mover;
    next
}

/// A rook that leaves or is taken on its corner loses its right; a king that moves loses both
/// (its own alone when `rooks_outlive_king`).
fn update_castling(next: &mut Setup, mv: &MoveRecord, mover: Colour, rooks_outlive_king: bool) {
    if mv.mover.walk == Walk::King {
        if rooks_outlive_king {
            next.castling.remove_king_only(mover);
        } else {
            next.castling.clear(mover);
        }
    }
    let mut touched = vec![mv.from, mv.to];
    if let Some(c) = mv.capture {
        touched.push(c.square);
    }
    if let Some(side) = mv.castling {
        touched.push(side.squares(mover)[2]);
    }
    touched.extend(mv.castling_rook);
    for sq in touched {
        next.castling.remove(sq);
    }
    // A right whose rook is no longer a rook of that side (mutated, demoted) is gone too.
    let stale: Vec<Square> = next
        .castling
        .squares()
        .filter(|&sq| {
            let colour = if sq.rank().index() == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            !next
                .board
                .get(sq)
                .is_some_and(|p| p.colour == colour && !p.neutral && p.walk == Walk::Rook)
        })
        .collect();
    for sq in stale {
        next.castling.remove(sq);
    }
    for colour in Colour::ALL {
        let king_sq = CastlingSide::King.squares(colour)[0];
        let king_home = next
            .board
            .get(king_sq)
            .is_some_and(|p| p.colour == colour && p.walk == Walk::King && p.royal);
        if !king_home {
            if rooks_outlive_king {
                next.castling.remove_king_only(colour);
            } else {
                next.castling.remove_king(colour);
            }
        }
    }
}

/// A unit that becomes a rook on a corner of its own first rank, by a rebirth, a capturer
/// mutation, a promotion (a reverse pawn promotes on its side's first rank) or a change of
/// colour (Andernach: a rook taking on the other side's corner joins that side there), gains that
/// corner's castling right if its king still has its own (has not moved); with `renewed`, the
/// capturer counts as becoming its walk even when the walk stays. With `rooks_outlive_king` a
/// rook regains its right whatever its king's, and a king reborn on its own square (or a royal
/// unit taking the king's walk back there, Kobul Kings) regains its own.
fn regain_castling(next: &mut Setup, mv: &MoveRecord, rooks_outlive_king: bool, renewed: bool) {
    let mut became_rooks: Vec<(Square, Piece)> = Vec::new();
    for r in mv.rebirth.iter().chain(mv.delayed_rebirth.iter()) {
        became_rooks.push((
            r.square,
            r.promotion.map_or(r.piece, |w| r.piece.with_walk(w)),
        ));
    }
    if mv.mutation.is_some() || mv.promotion.is_some() || mv.colour_change.is_some() || renewed {
        became_rooks.push((mv.to, mv.final_mover()));
    }
    // A royal unit that takes the king's walk back on its king's square (Kobul Kings).
    became_rooks.extend(mv.kobul.map(|k| (k.square, k.after)));
    // A rook recoloured by Breton Chromatic joins its new side where it stands.
    if let Some(b) = mv.breton.filter(|b| b.recolour)
        && let Some(piece) = next.board.get(b.square)
    {
        became_rooks.push((b.square, piece));
    }
    for (square, piece) in became_rooks {
        let colour = piece.colour;
        let corner = CastlingSide::of_rook_square(square)
            .is_some_and(|side| side.squares(colour)[2] == square);
        let king_keeps_right = next.castling.king_may_castle(colour) || rooks_outlive_king;
        let still_there = next.board.get(square) == Some(piece);
        // A neutral rook belongs to neither side: it has no castling right.
        let own_rook = piece.walk == Walk::Rook && !piece.royal && !piece.neutral;
        if own_rook && corner && king_keeps_right && still_there {
            next.castling.insert(square);
        }
        let king_square = CastlingSide::King.squares(colour)[0];
        if piece.walk == Walk::King && square == king_square && still_there && rooks_outlive_king {
            next.castling.insert_king(colour);
        }
    }
}

/// The square a pawn's double step passed, when `mv` is one that may be taken en passant: not
/// a neutral pawn's (a neutral pawn is magic, so never taken).
pub(super) fn passed_square(mv: &MoveRecord) -> Option<Square> {
    let piece = mv.mover;
    if !piece.walk.is_pawn()
        || piece.neutral
        || mv.capture.is_some()
        || mv.promotion.is_some()
        || mv.castling.is_some()
    {
        return None;
    }
    // Under Anti-Mars Circe and in Phantom chess a pawn may step from its rebirth square.
    let start = mv.via.unwrap_or(mv.from);
    let dr = mv.to.rank().index() as i8 - start.rank().index() as i8;
    if dr.abs() != 2 || start.rank() != geometry::double_step_rank(piece.colour, piece.walk) {
        return None;
    }
    start.offset(0, dr / 2)
}

/// After a double step, the passed square, if an enemy pawn could take there: any enemy pawn,
/// of either direction, that attacks the passed square (RULES.md §5); under Make&Take, whatever
/// pawns stand where. A forward pawn stands
/// beside the arrival square, a reverse pawn beside the departure square.
///
/// A rebirth (Parrain) may fill the passed square: then no pawn can take there, unless
/// `onto_own_unit` (`parrain_en_passant: removes_own_unit`) and the unit there is of the side
/// that may take.
fn en_passant_after(
    next: &Setup,
    mv: &MoveRecord,
    mover: Colour,
    rules: &Rules,
) -> Option<EnPassant> {
    let onto_own_unit = rules.en_passant_onto_own_unit();
    let target = passed_square(mv)?;
    let ep = EnPassant::from_target(target)?;
    let open = super::displacement::passed_square_open(&next.board, target, !mover, onto_own_unit);
    // Under Make&Take a pawn takes after a make, a pawn's step of the mover's side from
    // wherever it stands: the right is kept whichever pawns attack the square.
    let taker =
        rules.make_and_take() || pawn_attacks_square(&next.board, !mover, target, rules.annan());
    (open && taker).then_some(ep)
}

/// Whether a non-magic pawn of `colour`, of either direction, attacks `target`: under Annan
/// chess (`annan`), a unit that moves as a pawn by the walk of the unit behind it.
fn pawn_attacks_square(board: &crate::Board, colour: Colour, target: Square, annan: bool) -> bool {
    [(-1i8, -1i8), (-1, 1), (1, -1), (1, 1)]
        .iter()
        .any(|&(df, dr)| {
            let Some(sq) = target.offset(df, dr) else {
                return false;
            };
            board.get(sq).is_some_and(|p| {
                let walk = match annan {
                    true => crate::rules::annanised_walk(board, sq, p),
                    false => p.walk,
                };
                p.colour == colour
                    && walk.is_pawn()
                    && !p.magic
                    && geometry::pawn_forward(p.colour, walk) == -dr
            })
        })
}
