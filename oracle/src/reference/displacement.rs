//! Stage 1 of the pipeline: the orthodox displacement of every unit of the side to move,
//! pseudo-legal (the mover's king safety is judged later, in [`super::legality`]).
//!
//! # The rule
//!
//! Every unit moves by its walk as in orthodox chess: king, queen, rook, bishop, knight, pawn, and
//! the reverse pawn (Frankfurt and Protean chess), which moves, captures, double-steps from its own
//! seventh rank and promotes on its own first rank like a pawn of the other colour. A unit captures
//! an enemy unit that is neither magic nor royal (royal units only under a Circe rule with
//! `rex: inclusive`, judged at the rebirth stage); magic units never capture.
//!
//! - **En passant.** Any double step, by a pawn of either direction, gives the right to every enemy
//!   pawn of either direction that attacks the square passed over, when that square is empty;
//!   under Circe Parrain with `parrain_en_passant: removes_own_unit`, also when the step's rebirth
//!   put a unit of the taking side there, which vanishes.
//! - **Castling.** The king and the rook of a corner whose right is kept, the squares between them
//!   empty; the rights are described in [`crate::CastlingRights`].
//! - **Promotion.** A pawn reaching its promotion rank becomes a queen, rook, bishop or knight, one
//!   move record per choice; a magic pawn becomes a magic piece.
//! - **Pawns out of place** (RULES.md §7). A pawn on its own second rank may double-step whatever
//!   its history. A pawn on its own first rank (put there by a rebirth or a mutation) follows
//!   `first_rank_pawns`: `step` (single steps and single diagonal captures, never a double step;
//!   it attacks like any pawn), `guard_only` (it cannot move but attacks its two forward
//!   diagonals) or `inert` (neither). Profile `documented`: `step`; profile `popeye`: `step` under
//!   Circe Parrain and Cage Circe, `guard_only` under Circe Equipollents, `inert` otherwise, as
//!   Popeye 4.104 does.

use super::{observation, rebirth};
use crate::geometry::{self, coordinates, occupancy, pawn_forward};
use crate::rules::{FirstRankPawns, MarsModel, MarsMoves};
use crate::walk::Part;
use crate::{Capture, CastlingSide, Colour, MoveRecord, Piece, Rules, Setup, Square, Walk};

/// Every pseudo-legal displacement of the side to move: of its own units and of the neutral
/// ones, which either side may move (RULES.md §6).
pub fn pseudo_legal(setup: &Setup, rules: &Rules) -> Vec<MoveRecord> {
    let mut moves = Vec::new();
    let side = setup.side_to_move;
    let mars = rules.mars_model();
    // Under Madrasi a paralysed unit makes no move.
    let free = |&(from, piece): &(Square, Piece)| {
        piece.moves_for(side) && !observation::paralysed(&setup.board, from, piece, rules)
    };
    for (from, piece) in setup.board.pieces().filter(free) {
        match &mars {
            // Under Make&Take a capture comes after a make, generated apart.
            None if rules.make_and_take() => {
                let first = moves.len();
                unit_moves(setup, rules, from, piece, &mut moves);
                retain_from(&mut moves, first, |mv| mv.capture.is_none());
                moves.extend(super::make_take::captures(setup, rules, from, piece));
            }
            None => unit_moves(setup, rules, from, piece, &mut moves),
            Some(model) => mars_moves(setup, rules, model, from, piece, &mut moves),
        }
        // Under Danger Circe an observed unit may move to its rebirth square too; a move it
        // makes by its walk anyway is one move.
        if rules.danger_circe()
            && let Some(mv) = super::danger::jump(setup, rules, from, piece)
            && !moves.contains(&mv)
        {
            moves.push(mv);
        }
    }
    if rules.take_and_make() {
        // Each capture goes on by its make; a capture on the promotion rank was generated
        // once per promotion, so its makes come again for each.
        moves = (moves.into_iter())
            .flat_map(|mv| super::take_make::makes(setup, rules, mv))
            .collect();
        moves.sort();
        moves.dedup();
    }
    moves
}

/// Keeps, of `moves` from index `first` on, those `keep` accepts.
fn retain_from(moves: &mut Vec<MoveRecord>, first: usize, keep: impl Fn(&MoveRecord) -> bool) {
    let tail: Vec<MoveRecord> = moves.drain(first..).filter(|mv| keep(mv)).collect();
    moves.extend(tail);
}

/// The moves of the unit `piece` standing on `from`, by its walk, as a list
/// ([`super::take_make`] asks the moves of a unit of the captured unit's walk).
pub(super) fn unit_moves_of(
    setup: &Setup,
    rules: &Rules,
    from: Square,
    piece: Piece,
) -> Vec<MoveRecord> {
    let mut moves = Vec::new();
    unit_moves(setup, rules, from, piece, &mut moves);
    moves
}

/// The walk the unit `piece` on `from` moves by: under Annan chess, the walk of the unit of its
/// side right behind it, if any ([`crate::rules::annanised_walk`]); else its own.
fn moving_walk(setup: &Setup, rules: &Rules, from: Square, piece: Piece) -> Walk {
    if rules.annan() {
        crate::rules::annanised_walk(&setup.board, from, piece)
    } else {
        piece.walk
    }
}

/// The moves of the unit `piece` standing on `from`, by its walk.
fn unit_moves(
    setup: &Setup,
    rules: &Rules,
    from: Square,
    piece: Piece,
    moves: &mut Vec<MoveRecord>,
) {
    let walk = moving_walk(setup, rules, from, piece);
    for part in walk.shape() {
        match part {
            Part::Pawn { .. } => pawn_moves(setup, rules, from, piece, walk, moves),
            _ => part_moves(setup, rules, from, piece, part, moves),
        }
    }
    // Castling is a king's move by its own walk.
    if piece.walk == Walk::King && walk == Walk::King {
        let first = moves.len();
        castlings(setup, from, piece, moves);
        // Under Madrasi with `paralysed_rook_castling: no` a paralysed rook does not castle.
        if let Some(model) = rules
            .observation_model()
            .filter(|m| m.paralysed_rook_stays())
        {
            let free = |mv: &MoveRecord| {
                let Some(side) = mv.castling else { return true };
                let rook_square = side.squares(piece.colour)[2];
                let rook = setup.board.get(rook_square);
                !rook.is_some_and(|r| {
                    observation::observed(&setup.board, rook_square, r, &model, rules)
                })
            };
            let castled = moves.split_off(first);
            moves.extend(castled.into_iter().filter(free));
        }
    }
}

/// Under the Mars variants (the book's chapter, Popeye 4.104's reading): the unit's moves from
/// its own square of the kinds its variant makes there, and from its rebirth square, the square
/// where it would be reborn if it were taken where it stands ([`rebirth::mars_square`]), when
/// that square is empty or its own, the moves of the kinds its variant makes there ([`MarsMoves`]:
/// the captures under Mars Circe, the others under Anti-Mars Circe, all in Phantom chess, where
/// a move to a square the unit reaches from its own is that move), but none back to its own
/// square ([`MarsModel::is_null_move`]). It leaves its own square first. A royal unit
/// moves so only under `rex: inclusive` ([`MarsModel::royals_move`]).
///
/// A king castles from its own square with its own right under every variant. With
/// `mars_castling: rebirth_square_too` (profile `popeye`; `own_square` in profile `documented`)
/// a royal king also castles from its rebirth square, its own right given, and under Anti-Mars
/// Circe with a rook put on its corner first, the rook's right given, as Popeye 4.104 does.
fn mars_moves(
    setup: &Setup,
    rules: &Rules,
    model: &MarsModel,
    from: Square,
    piece: Piece,
    moves: &mut Vec<MoveRecord>,
) {
    let mut own = Vec::new();
    unit_moves(setup, rules, from, piece, &mut own);
    let reached: Vec<Square> = own.iter().map(|mv| mv.to).collect();
    own.retain(|mv| mv.castling.is_some() || model.from_own_square(piece, mv.capture.is_some()));
    moves.append(&mut own);
    let colour = piece.colour_for(setup.side_to_move);
    let Some(square) = rebirth::mars_square(model, piece, colour, from) else {
        return;
    };
    if square != from && !setup.board.is_empty(square) {
        return;
    }
    let mut placed = setup.clone();
    let unit = placed.board.take(from);
    placed.board.set(square, unit);
    let mut there = Vec::new();
    if square != from || model.moves != MarsMoves::All {
        unit_moves(&placed, rules, square, piece, &mut there);
    }
    there.retain(|mv| {
        mv.castling.is_none()
            && !model.is_null_move(mv, from, square)
            && model.moves.from_rebirth_square(mv.capture.is_some())
            && (model.moves != MarsMoves::All || !reached.contains(&mv.to))
    });
    if piece.royal && piece.walk == Walk::King && model.castles_from_rebirth_square() {
        // A castling from its own square with its own right is listed already.
        let own_castling = square == from && setup.castling.king_may_castle(colour);
        placed.castling.insert_king(colour);
        if !own_castling {
            castlings(&placed, square, piece, &mut there);
        }
        if model.rooks_castle_from_rebirth_square() {
            castlings_with_a_rook_put_on_its_corner(&placed, model, square, piece, &mut there);
        }
    }
    moves.extend(there.into_iter().map(|mv| MoveRecord {
        from,
        via: (square != from).then_some(square),
        ..mv
    }));
}

/// Under Anti-Mars Circe (Popeye 4.104's reading), the castlings of the king on `king_square`
/// with a rook of its side put first on its corner, its Plain Circe square (the corner of its
/// first rank of its square's colour), when that is empty: the rook's right given. With
/// `mars_rook_castling: first_castling` both sides' castlings with the rook there, which the
/// legality stage sorts out as Popeye 4.104 does.
fn castlings_with_a_rook_put_on_its_corner(
    setup: &Setup,
    model: &MarsModel,
    king_square: Square,
    king: Piece,
    moves: &mut Vec<MoveRecord>,
) {
    let first_generated = model.rook_goes_to_first_castling();
    let colour = king.colour;
    let rooks = setup
        .board
        .pieces_of(colour)
        .filter(|(_, p)| p.walk == Walk::Rook && !p.neutral && !p.royal);
    for (rook_square, rook) in rooks {
        let Some(side) = [CastlingSide::Queen, CastlingSide::King]
            .into_iter()
            .find(|side| side.squares(colour)[2].is_dark() == rook_square.is_dark())
        else {
            continue;
        };
        let corner = side.squares(colour)[2];
        if corner == rook_square || !setup.board.is_empty(corner) {
            continue;
        }
        let mut placed = setup.clone();
        placed.board.take(rook_square);
        placed.board.set(corner, Some(rook));
        placed.castling.insert(corner);
        let mut found = Vec::new();
        castlings(&placed, king_square, king, &mut found);
        moves.extend(
            found
                .into_iter()
                .filter(|mv| first_generated || mv.castling == Some(side))
                .map(|mv| MoveRecord {
                    castling_rook: Some(rook_square),
                    ..mv
                }),
        );
    }
}

/// Whether a pawn of `taker` may take en passant onto the passed square `target`: when it is
/// empty, or, when `onto_own_unit` (`parrain_en_passant: removes_own_unit`,
/// [`Rules::en_passant_onto_own_unit`]), when the double step's Parrain rebirth put a unit of
/// `taker` there (that unit vanishes). The right after a double step and the capture both ask.
pub(super) fn passed_square_open(
    board: &crate::Board,
    target: Square,
    taker: Colour,
    onto_own_unit: bool,
) -> bool {
    match board.get(target) {
        None => true,
        Some(unit) => onto_own_unit && unit.colour == taker && !unit.neutral,
    }
}

/// The unit on `to` that `piece` may capture: an enemy that is not magic (magic pieces
/// neither capture nor can be captured, RULES.md §6), and not royal unless a Circe rule
/// with `rex: inclusive` can rebirth it (whether it actually can is judged at the rebirth
/// stage).
fn capturable(setup: &Setup, rules: &Rules, piece: Piece, to: Square) -> Option<Piece> {
    let royals_reborn = rules.circe_model().is_some_and(|m| m.reborn_royals());
    setup.board.get(to).filter(|t| {
        t.colour != piece.colour && !t.magic && !piece.magic && (!t.royal || royals_reborn)
    })
}

/// A move to an empty square, or a capture of the unit standing there.
fn step_or_capture(
    setup: &Setup,
    rules: &Rules,
    from: Square,
    piece: Piece,
    to: Square,
) -> Option<MoveRecord> {
    let mut mv = MoveRecord::displacement(piece, from, to);
    if !setup.board.is_empty(to) {
        mv.capture = Some(Capture {
            piece: capturable(setup, rules, piece, to)?,
            square: to,
        });
    }
    Some(mv)
}

/// The moves of one part of a walk's shape (RULES.md §9): its quiet moves to empty squares,
/// and its captures of the units on the squares it attacks.
fn part_moves(
    setup: &Setup,
    rules: &Rules,
    from: Square,
    piece: Piece,
    part: &Part,
    moves: &mut Vec<MoveRecord>,
) {
    let occupied = occupancy(&setup.board);
    part.visit_moves(coordinates(from), &occupied, &mut |(f, r), _| {
        let to = Square::at(f, r).expect("the shapes keep to the board");
        if let Some(mv) = step_or_capture(setup, rules, from, piece, to) {
            // A pawn moving by another walk (Annan chess) promotes on its last rank too.
            if piece.walk.is_pawn() {
                push_with_promotions(setup, rules, mv, moves);
            } else {
                moves.push(mv);
            }
        }
    });
}

/// Adds `mv`, or one move per promotion walk when the pawn arrives on its promotion rank
/// (queen, rook, bishop, knight and the diagram's fairy walks: [`Rules::promotion_walks`]).
/// The promoted piece keeps the pawn's attributes (a magic pawn becomes a magic piece, a
/// neutral one a neutral piece); a neutral pawn promotes on the last rank of the side to move.
/// ([`super::take_make`] promotes a capturing pawn so where its make ends.)
pub(super) fn push_with_promotions(
    setup: &Setup,
    rules: &Rules,
    mv: MoveRecord,
    moves: &mut Vec<MoveRecord>,
) {
    let p = mv.mover;
    let colour = p.colour_for(setup.side_to_move);
    // Only a pawn promotes, whatever walk it moved by: a unit moving as a pawn does not.
    if p.walk.is_pawn() && mv.to.rank() == geometry::promotion_rank(colour, p.walk) {
        for walk in rules.promotion_walks(setup) {
            moves.push(MoveRecord {
                promotion: Some(p.with_walk(walk)),
                ..mv.clone()
            });
        }
        // Imitator chess: into an imitator too.
        if rules.imitator() {
            moves.push(super::imitator::promoted_into_imitator(&mv));
        }
    } else {
        moves.push(mv);
    }
}

/// The moves of the unit `piece` on `from` by the pawn walk `walk` (its own, or under Annan
/// chess the walk of the unit behind it).
fn pawn_moves(
    setup: &Setup,
    rules: &Rules,
    from: Square,
    piece: Piece,
    walk: Walk,
    moves: &mut Vec<MoveRecord>,
) {
    // A neutral pawn moves as a pawn of the side moving it (RULES.md §6).
    let colour = piece.colour_for(setup.side_to_move);
    let forward = pawn_forward(colour, walk);
    if from.rank() == geometry::rear_rank(colour, walk)
        && rules.first_rank_pawns() != FirstRankPawns::Step
    {
        return;
    }
    if let Some(one) = from
        .offset(0, forward)
        .filter(|sq| setup.board.is_empty(*sq))
    {
        push_with_promotions(
            setup,
            rules,
            MoveRecord::displacement(piece, from, one),
            moves,
        );
        if from.rank() == geometry::double_step_rank(colour, walk)
            && let Some(two) = one
                .offset(0, forward)
                .filter(|sq| setup.board.is_empty(*sq))
        {
            moves.push(MoveRecord::displacement(piece, from, two));
        }
    }
    for df in [-1, 1] {
        let Some(to) = from.offset(df, forward) else {
            continue;
        };
        if let Some(victim) = capturable(setup, rules, piece, to) {
            let mut mv = MoveRecord::displacement(piece, from, to);
            mv.capture = Some(Capture {
                piece: victim,
                square: to,
            });
            push_with_promotions(setup, rules, mv, moves);
        } else if let Some(ep) = setup.en_passant.filter(|ep| {
            ep.target == to
                && passed_square_open(
                    &setup.board,
                    to,
                    setup.side_to_move,
                    rules.en_passant_onto_own_unit(),
                )
        }) && let Some(victim) =
            capturable(setup, rules, piece, ep.pawn).filter(|v| v.walk.is_pawn())
        {
            let mut mv = MoveRecord::displacement(piece, from, to);
            mv.capture = Some(Capture {
                piece: victim,
                square: ep.pawn,
            });
            mv.en_passant = true;
            moves.push(mv);
        }
    }
}

/// Castlings whose rook has its right and whose path is empty. Whether the king is in check
/// or passes an attacked square is judged in [`super::legality`].
fn castlings(setup: &Setup, from: Square, king: Piece, moves: &mut Vec<MoveRecord>) {
    if !setup.castling.king_may_castle(king.colour) {
        return;
    }
    for rook_sq in setup.castling.of(king.colour) {
        let Some(side) = CastlingSide::of_rook_square(rook_sq) else {
            continue;
        };
        let [king_from, king_to, rook_from, rook_to] = side.squares(king.colour);
        if from != king_from || rook_from != rook_sq {
            continue;
        }
        let rook_ok = setup
            .board
            .get(rook_from)
            .is_some_and(|r| r.colour == king.colour && !r.neutral && r.walk == Walk::Rook);
        let path_empty = squares_between(king_from, rook_from)
            .into_iter()
            .chain([king_to, rook_to])
            .all(|sq| sq == king_from || sq == rook_from || setup.board.is_empty(sq));
        if rook_ok && path_empty {
            let mut mv = MoveRecord::displacement(king, king_from, king_to);
            mv.castling = Some(side);
            moves.push(mv);
        }
    }
}

/// The squares strictly between two squares of one rank.
pub fn squares_between(a: Square, b: Square) -> Vec<Square> {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    (lo.index() + 1..hi.index())
        .filter_map(|i| Square::new(i as u8))
        .collect()
}
