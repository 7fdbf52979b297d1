//! Breton chess: the second unit a capture takes (as Popeye 4.104's `conditions/breton.c`
//! plays it).
//!
//! # The rule
//!
//! After a capture, the units of the walk of the unit taken that belong to the side the rule
//! names (Popeye's default: the capturer's own side, the capturer itself among them on its
//! arrival square; `Adverse`: the side of the unit taken, whose taken unit is already off the
//! board) are looked for on the board. Each is a move of its own: it leaves the board, or under
//! Breton Chromatic changes side. When none stands the capture is plain.
//!
//! Popeye judges the units at one of two moments. By default (its `breton_WinChloe` quirk)
//! before the capturer promotes: a pawn taking a pawn on its last rank counts as a pawn there,
//! and when it is the unit removed (or recoloured, which makes its square its first rank) it
//! does not promote; Popeye then writes the promotion of the other choices after the second
//! unit (`b7*c8[-wPe2][c8=Q]`). With `PY` (`breton_Popeye`) after the promotion: the capturer
//! counts with the walk it promoted to (`b7*a8=S[-wSa8]`). Under the default a neutral unit
//! never counts (it belongs to the other side too); with `PY` it does. Check is orthodox: a
//! capture of a king is no move, so the rule never asks what becomes of one.

use crate::rules::BretonTime;
use crate::{BretonEffect, MoveRecord, Rules, Setup};

/// `mv` once per second unit it takes under Breton chess, or as it is when it takes none (or
/// Breton chess is not in force).
pub fn apply(setup: &Setup, rules: &Rules, mv: MoveRecord) -> Vec<MoveRecord> {
    let (Some(rule), Some(capture)) = (rules.breton(), mv.capture) else {
        return vec![mv];
    };
    let side = rule.side_hit(setup.side_to_move);
    let before = rule.time == BretonTime::BeforePromotion;
    let mut board = super::rebirth::board_after_displacement(setup, &mv);
    if before {
        // The capturer as it arrived, before it promotes.
        board.set(mv.to, Some(mv.mover));
    }
    let walk = capture.piece.walk;
    let hits: Vec<_> = board
        .pieces()
        .filter(|(_, p)| {
            p.walk == walk
                && match p.neutral {
                    true => !before,
                    false => p.colour == side,
                }
        })
        .collect();
    if hits.is_empty() {
        return vec![mv];
    }
    hits.into_iter()
        .map(|(square, piece)| {
            let mut x = mv.clone();
            // The capturer removed or recoloured before it promotes does not promote.
            if before && square == mv.to {
                x.promotion = None;
            }
            x.breton = Some(BretonEffect {
                square,
                piece,
                recolour: rule.chromatic,
                before_promotion: before,
            });
            x
        })
        .collect()
}
