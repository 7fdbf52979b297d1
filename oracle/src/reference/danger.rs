//! Danger Circe (Popeye 4.104's `DangerCirce`, `conditions/danger_circe.c`): a unit that an
//! enemy unit observes may, besides its own moves, move to its own Plain Circe rebirth square
//! ([`circe_square`]: the square it would be reborn on were it taken where it stands), quietly
//! when that square is empty, taking the enemy unit there otherwise; a unit of its own side there
//! stops it, and a unit already on that square has no such move.
//!
//! A unit is observed when an enemy unit could take on its square by its walk (the geometry
//! alone, as a check is read: kings observe, pinned units observe); what a unit reaches by this
//! move observes nothing. Nothing is reborn: the unit taken is gone, as in orthodox chess.
//!
//! Check is read as Popeye reads it here, by playing the enemy's moves: a royal unit is in check
//! also when an enemy unit that its own side observes has the royal unit's square for its
//! rebirth square ([`checks_by_jump`]).

use super::check::supported;
use super::rebirth::circe_square;
use crate::{Board, Capture, Colour, MoveRecord, Piece, Setup, Square};

/// The move of `piece`, of the side to move, standing on `from`, to its rebirth square, when an
/// enemy unit observes it and the square is empty or holds an enemy unit that may be taken
/// (not a royal one: an attack on it is a check).
pub(super) fn jump(
    setup: &Setup,
    rules: &crate::Rules,
    from: Square,
    piece: Piece,
) -> Option<MoveRecord> {
    let to = circe_square(piece, from);
    if to == from || !supported(&setup.board, from, !piece.colour, rules) {
        return None;
    }
    let mut mv = MoveRecord::displacement(piece, from, to);
    if let Some(there) = setup.board.get(to) {
        if there.colour == piece.colour || there.royal {
            return None;
        }
        mv.capture = Some(Capture {
            piece: there,
            square: to,
        });
    }
    Some(mv)
}

/// Whether a unit of `!colour` that a unit of `colour` observes has for its rebirth square the
/// square of a royal unit of `colour`: a check under Danger Circe.
pub(super) fn checks_by_jump(board: &Board, colour: Colour, rules: &crate::Rules) -> bool {
    board.pieces_of(!colour).any(|(from, piece)| {
        let to = circe_square(piece, from);
        to != from
            && board.get(to).is_some_and(|r| r.royal && r.colour == colour)
            && supported(board, from, colour, rules)
    })
}

/// Whether `mv`, a move of the side to move in `setup`, is both a move of its unit's walk and
/// its Danger Circe move to its rebirth square: Popeye 4.104 generates such a move twice (by
/// the walk, then by the rule), and so counts it twice, as two refutations of a try. Its check
/// mark does not matter.
///
/// ```
/// use feerie_oracle::{fen, Condition, MoveRecord, Rules, Validation};
/// use feerie_oracle::reference::danger::made_twice_by_popeye;
/// use feerie_oracle::rules::Profile;
/// let p = fen::parse("k7/3r4/8/8/8/8/3K4/8 w - - 0 1", Validation::Strict).unwrap();
/// let rules = Rules::new([Condition::DangerCirce], Profile::Popeye).unwrap();
/// let king = p.board().get("d2".parse().unwrap()).unwrap();
/// let to_e1 = MoveRecord::displacement(king, "d2".parse().unwrap(), "e1".parse().unwrap());
/// let to_e2 = MoveRecord::displacement(king, "d2".parse().unwrap(), "e2".parse().unwrap());
/// assert!(made_twice_by_popeye(p.setup(), &rules, &to_e1));
/// assert!(!made_twice_by_popeye(p.setup(), &rules, &to_e2));
/// ```
pub fn made_twice_by_popeye(setup: &Setup, rules: &crate::Rules, mv: &MoveRecord) -> bool {
    let mv = MoveRecord {
        check: crate::CheckMark::None,
        ..mv.clone()
    };
    let by_rule = jump(setup, rules, mv.from, mv.mover);
    by_rule.as_ref() == Some(&mv)
        && super::displacement::unit_moves_of(setup, rules, mv.from, mv.mover).contains(&mv)
}
