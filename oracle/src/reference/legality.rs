//! Stage 6: a move is legal if the mover is not in check once it is made. Castling also needs
//! the king not to be in check before, nor to pass over an attacked square.

use super::{check, displacement, make};
use crate::{MoveRecord, Rules, Setup};

/// Every legal move of the side to move, without check marks, in generation order.
pub fn legal_moves(setup: &Setup, rules: &Rules) -> Vec<MoveRecord> {
    displacement::pseudo_legal(setup, rules)
        .into_iter()
        .filter(|mv| castling_path_safe(setup, rules, mv))
        .filter(|mv| !check::in_check(&make::make(setup, mv), setup.side_to_move, rules))
        .collect()
}

fn castling_path_safe(setup: &Setup, rules: &Rules, mv: &MoveRecord) -> bool {
    if mv.castling.is_none() {
        return true;
    }
    let enemy = !setup.side_to_move;
    let mut crossed = displacement::squares_between(mv.from, mv.to);
    crossed.push(mv.from);
    crossed
        .iter()
        .all(|&sq| !check::is_attacked(&setup.board, sq, enemy, rules))
}
