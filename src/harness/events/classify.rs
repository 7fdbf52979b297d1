//! A played move (the position before, its record, the position after) read as the rule events
//! of the catalogue. The record says what each stage did (rebirths, mutations, contacts, check);
//! the two positions say what it did to the castling field and where the royals stand. Where a
//! capture brought no rebirth, the reference engine's own rebirth square says why (occupied, or
//! off the board).

use feerie_oracle::{
    CastlingSide, CheckMark, Colour, Condition, MoveRecord, Piece, Position, ReferenceEngine,
    Rules, Square, Walk, geometry,
};

use super::table::{FIELDS, kind_of, rebirth_name, walk_word};

/// Calls `emit` with the name of every event of the catalogue that the move `mv`, played from
/// `before` to `after` under `rules`, shows.
pub fn classify(
    rules: &Rules,
    before: &Position,
    mv: &MoveRecord,
    after: &Position,
    emit: &mut dyn FnMut(&str),
) {
    let mover = before.side_to_move();
    rebirths(rules, before, mv, after, emit);
    lost_rebirth(rules, before, mv, emit);
    if mv.en_passant {
        emit("en-passant-capture");
        if before.board().get(mv.to).is_some() {
            emit("parrain-en-passant-onto-own-unit");
        }
    }
    if mv.promotion.is_some() && mv.mover.walk.is_pawn() {
        emit(match mv.capture {
            Some(_) => "promotion-by-capture",
            None => "promotion",
        });
    }
    if mv.via.is_some() && mv.mover.royal {
        emit("royal-moves-via-rebirth-square");
    }
    if mv.castling.is_some() && mv.delayed_rebirth.is_some() {
        emit("parrain-castling-rebirth");
    }
    if mv.mover.walk.is_pawn() && rank_step(mv).abs() == 2 && mv.delayed_rebirth.is_some() {
        emit("double-step-with-rebirth");
        let passed = mv.from.offset(0, rank_step(mv) / 2);
        // Only where an enemy pawn may still take there (`removes_own_unit`): a filled passed
        // square with no such right plays as any rebirth.
        if mv.delayed_rebirth.is_some_and(|r| Some(r.square) == passed)
            && after.en_passant().is_some()
        {
            emit("double-step-rebirth-on-passed-square");
        }
    }
    rooks(before, mv, after, emit);
    mutations(rules, mv, after, mover, emit);
    colour_change(rules, mv, emit);
    contacts(rules, mv, after, mover, emit);
    fairy(mv, emit);
}

fn rank_step(mv: &MoveRecord) -> i8 {
    mv.to.rank().index() as i8 - mv.from.rank().index() as i8
}

/// The king's home square of `colour` (e1, e8).
fn king_home(colour: Colour) -> Square {
    CastlingSide::King.squares(colour)[0]
}

/// Whether `piece` on `from` attacks a royal unit of the other side on `board`.
fn gives_check(rules: &Rules, after: &Position, from: Square, piece: Piece) -> bool {
    let board = after.board();
    board
        .royal_squares(!piece.colour)
        .into_iter()
        .any(|royal| ReferenceEngine.attacks(board, from, piece, royal, rules))
}

fn rebirths(
    rules: &Rules,
    before: &Position,
    mv: &MoveRecord,
    after: &Position,
    emit: &mut dyn FnMut(&str),
) {
    let mover = before.side_to_move();
    for r in mv.rebirth.iter().chain(mv.delayed_rebirth.iter()) {
        let piece = r.piece;
        emit(&rebirth_name(piece.colour, kind_of(piece.walk)));
        if r.promotion.is_some() {
            emit("rebirth-promotes");
        }
        if piece.walk.is_pawn()
            && r.square.rank() == geometry::double_step_rank(piece.colour, piece.walk)
        {
            emit("rebirth-pawn-second-rank");
        }
        if piece.walk == Walk::King && r.square == king_home(piece.colour) {
            emit("king-reborn-home");
            let regained = after.castling().king_may_castle(piece.colour)
                && !before.castling().king_may_castle(piece.colour);
            if regained {
                emit(match piece.colour {
                    Colour::White => "white-king-regains-castling",
                    Colour::Black => "black-king-regains-castling",
                });
            }
        }
        if rules.has(Condition::CirceClone)
            && mv.capture.is_some_and(|c| c.piece.walk != piece.walk)
        {
            let word = match kind_of(piece.walk) {
                0 => "pawn",
                1 => "knight",
                2 => "bishop",
                3 => "rook",
                4 => "queen",
                _ => "fairy",
            };
            if piece.walk != Walk::King {
                emit(&format!("clone-reborn-as-{word}"));
            }
        }
        let now = r.promotion.map_or(piece, |w| piece.with_walk(w));
        if mv.check != CheckMark::None
            && now.colour == mover
            && gives_check(rules, after, r.square, now)
        {
            emit("check-by-rebirth");
        }
    }
    let reborn = mv.rebirth.is_some() || mv.delayed_rebirth.is_some();
    if reborn && mv.check == CheckMark::Mate {
        emit("mate-with-rebirth");
    }
}

/// A capture (or a Parrain reserve) that brought no rebirth: why, by the rebirth square.
fn lost_rebirth(rules: &Rules, before: &Position, mv: &MoveRecord, emit: &mut dyn FnMut(&str)) {
    match ReferenceEngine.lost_rebirth_square(before, rules, mv) {
        Some(Some(_)) => emit("rebirth-occupied"),
        Some(None) => emit("rebirth-off-board"),
        None => {}
    }
}

/// Rooks that appear (by rebirth, capturer mutation, promotion, change of colour or contact), on their corners or
/// off them, against their side's castling field; rooks whose right goes.
fn rooks(before: &Position, mv: &MoveRecord, after: &Position, emit: &mut dyn FnMut(&str)) {
    let mut appeared: Vec<(Square, Piece)> = Vec::new();
    for r in mv.rebirth.iter().chain(mv.delayed_rebirth.iter()) {
        appeared.push((
            r.square,
            r.promotion.map_or(r.piece, |w| r.piece.with_walk(w)),
        ));
    }
    let last = mv.final_mover();
    if last.walk != mv.mover.walk || last.colour != mv.mover.colour {
        appeared.push((mv.to, last));
    }
    for c in &mv.contact_mutations {
        appeared.push((c.square, c.after));
        if c.before.walk == Walk::Rook && before.castling().contains(c.square) {
            emit("rook-right-lost-by-change");
        }
    }
    for (square, piece) in appeared {
        let still_there = after.board().get(square) == Some(piece);
        if piece.walk != Walk::Rook || piece.neutral || piece.royal || !still_there {
            continue;
        }
        let rights = before.castling();
        let rooks = rights.of(piece.colour).count();
        let corner = CastlingSide::of_rook_square(square)
            .is_some_and(|side| side.squares(piece.colour)[2] == square);
        let field = match (rooks, rights.king_may_castle(piece.colour)) {
            (0, false) => Some(FIELDS[0]),
            (0, true) => Some(FIELDS[1]),
            (1, _) => Some(FIELDS[2]),
            _ => None,
        };
        match field {
            Some(field) if corner => emit(&format!("rook-appears-home-{field}")),
            Some("partial") => emit("rook-appears-away-partial"),
            _ => {}
        }
    }
    if let Some(c) = mv.capture
        && c.piece.walk == Walk::Rook
        && before.castling().contains(c.square)
    {
        emit("rook-right-lost-by-capture");
    }
    if mv.capture.is_some()
        && last.walk == mv.mover.walk
        && !before.castling().contains(mv.to)
        && after.castling().contains(mv.to)
    {
        emit("castling-right-by-capture");
    }
}

fn mutations(
    rules: &Rules,
    mv: &MoveRecord,
    after: &Position,
    mover: Colour,
    emit: &mut dyn FnMut(&str),
) {
    if let Some(mutated) = mv.mutation {
        let word = match mutated.walk {
            w if w.is_fairy() => "fairy".to_string(),
            w => walk_word(w),
        };
        emit(&format!("mutation-to-{word}"));
        if mv.promotion.is_some() {
            emit("mutation-promotes");
        }
        let now = mv.final_mover();
        if mv.check != CheckMark::None
            && now.colour == mover
            && gives_check(rules, after, mv.to, now)
        {
            emit("check-by-mutation");
        }
        if mv.check == CheckMark::Mate {
            emit("mate-with-mutation");
        }
    }
    let reverse = |p: Piece| p.walk == Walk::ReversePawn;
    if reverse(mv.mover) {
        emit("reverse-pawn-moves");
        if rank_step(mv).abs() == 2 {
            emit("reverse-pawn-double-step");
        }
    }
    if mv.en_passant && (reverse(mv.mover) || mv.capture.is_some_and(|c| reverse(c.piece))) {
        emit("reverse-pawn-en-passant");
    }
}

/// Andernach chess: a capturer that changes colour (as the unit a promotion made it), or a
/// royal one that keeps its own.
fn colour_change(rules: &Rules, mv: &MoveRecord, emit: &mut dyn FnMut(&str)) {
    if rules.colour_change().is_none() || mv.capture.is_none() {
        return;
    }
    if mv.colour_change.is_some() {
        emit("colour-change");
        if mv.promotion.is_some() {
            emit("colour-change-promotes");
        }
    } else if mv.mover.royal {
        emit("royal-capturer-keeps-colour");
    }
}

/// A walk's place on the magic ladder (pawn, knight, bishop, rook, queen).
fn ladder(walk: Walk) -> Option<usize> {
    [
        Walk::Pawn,
        Walk::Knight,
        Walk::Bishop,
        Walk::Rook,
        Walk::Queen,
    ]
    .iter()
    .position(|w| *w == walk)
}

fn contacts(
    rules: &Rules,
    mv: &MoveRecord,
    after: &Position,
    mover: Colour,
    emit: &mut dyn FnMut(&str),
) {
    let list = &mv.contact_mutations;
    for c in list {
        match (ladder(c.before.walk), ladder(c.after.walk)) {
            (Some(a), Some(b)) if b > a => emit("magic-contact-up"),
            (Some(a), Some(b)) if b < a => emit("magic-contact-down"),
            _ => {}
        }
    }
    if list.len() >= 2 {
        emit("magic-chain");
    }
    if let Some(side) = mv.castling {
        let rook_arrival = side.squares(mover)[3];
        let magic_rook = after.board().get(rook_arrival).is_some_and(|p| p.magic);
        if !list.is_empty() || magic_rook {
            emit("castling-with-contact");
        }
    }
    let reborn_there =
        |sq: Square| (mv.rebirth.iter().chain(mv.delayed_rebirth.iter())).any(|r| r.square == sq);
    if list.iter().any(|c| reborn_there(c.square)) {
        emit("magic-contact-reborn");
    }
    if mv.check != CheckMark::None
        && list
            .iter()
            .any(|c| c.after.colour == mover && gives_check(rules, after, c.square, c.after))
    {
        emit("check-by-contact");
    }
}

fn fairy(mv: &MoveRecord, emit: &mut dyn FnMut(&str)) {
    let Some(capture) = mv.capture else {
        return;
    };
    if mv.mover.walk.is_fairy() {
        emit("fairy-captures");
        emit(&format!("{}-captures", walk_word(mv.mover.walk)));
    }
    if capture.piece.walk.is_fairy() {
        emit("fairy-captured");
        emit(&format!("{}-captured", walk_word(capture.piece.walk)));
    }
}
