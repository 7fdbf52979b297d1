//! Koeko, AntiKoeko and NewKoeko (see [`crate::rules::KoekoRule`]): a move is legal only if
//! the unit that moved, and under Koeko a castling rook too, has the neighbours the rule asks
//! for where it ends; a check is a capture of a royal unit that would be legal so.

use crate::{Board, MoveRecord, Rules, Setup, Square};

/// Whether a unit on `sq` has contact: some square a king's step away holds a unit.
pub fn has_contact(board: &Board, sq: Square) -> bool {
    sq.neighbours().any(|n| !board.is_empty(n))
}

/// Whether `mv`, made from `setup` and leading to `next`, leaves its units where the Koeko
/// rule in force lets them end (every move when none is).
pub fn move_allowed(setup: &Setup, next: &Setup, rules: &Rules, mv: &MoveRecord) -> bool {
    let Some(rule) = rules.koeko() else {
        return true;
    };
    let before = rule.reads_departure() && has_contact(&setup.board, mv.from);
    let rook = mv
        .castling
        .filter(|_| rule.judges_castling_rook())
        .map(|side| side.squares(mv.mover.colour)[3]);
    std::iter::once(mv.to)
        .chain(rook)
        .all(|sq| rule.allows(before, has_contact(&next.board, sq)))
}

/// Whether the unit on `from` may take the unit on `taken` by landing on `landing` (the same
/// square but en passant) under the Koeko rule in force: it stands on `landing` then, its own
/// square and the unit taken gone (always when no Koeko rule is in force).
pub fn capture_allowed(
    board: &Board,
    from: Square,
    taken: Square,
    landing: Square,
    rules: &Rules,
) -> bool {
    let Some(rule) = rules.koeko() else {
        return true;
    };
    let before = rule.reads_departure() && has_contact(board, from);
    let mut after = board.clone();
    let unit = after.take(from);
    after.take(taken);
    after.set(landing, unit);
    rule.allows(before, has_contact(&after, landing))
}
