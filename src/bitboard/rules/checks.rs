//! Which moves may give check (for the solver's mating moves): a move checks only if the
//! mover, with its walk unchanged, lands on a square from which that walk attacks the enemy
//! royal unit, or it leaves a line from the royal unit to one of its own riders, or it
//! castles, takes en passant, promotes or changes walk. The test is a superset, so that the
//! moves it lets through are made and tested as before, and is given up (every move may
//! check) where a move changes more than its mover: magic units in play, a Parrain unit
//! waiting, several or no enemy royal units.

use super::super::bits::Bits;
use super::super::board::{BISHOP, BbPosition, ORTHODOX_WALKS, QUEEN, ROOK, WALKS};
use super::super::moves::MoveKind;
use super::super::tables::{Sq, bit, tables};
use super::attacks::Attacks;
use feerie_oracle::walk::ORTHODOX_COUNT;

/// The squares from which each walk of the side to move would attack the enemy royal unit,
/// and the side's units that may uncover a line to it.
pub struct CheckSquares {
    king: Sq,
    direct: [u64; WALKS.len()],
    any_direct: u64,
    uncovering: u64,
}

impl CheckSquares {
    /// The check squares of the side to move in `p`, or `None` when any move may check.
    pub fn of(p: &BbPosition, attacks: &Attacks) -> Option<CheckSquares> {
        let us = p.side;
        let royals = p.royal & p.colours[1 - us];
        // Hurdles: any unit that moves may give or uncover a hopper's check, so with fairy
        // walks every move is tested.
        if p.magic != 0 || p.has_reserve() || royals.count_ones() != 1 || p.may_hold_fairy_units() {
            return None;
        }
        let king = Bits(royals).next().expect("one royal unit") as Sq;
        let occupied = p.occupied();
        let mut direct = [0; WALKS.len()];
        let mut any_direct = 0;
        for (w, &walk) in ORTHODOX_WALKS.iter().enumerate() {
            direct[w] = attacks.reach_of(walk, king, occupied, us) & !p.colours[us];
            any_direct |= direct[w];
        }
        let t = tables();
        let ours = p.colours[us];
        let seen = (t.rook(king, occupied) | t.bishop(king, occupied)) & ours;
        let behind = occupied & !seen;
        let rook_riders = (p.walks[ROOK] | p.walks[QUEEN]) & ours;
        let bishop_riders = (p.walks[BISHOP] | p.walks[QUEEN]) & ours;
        let riders_behind =
            t.rook(king, behind) & rook_riders | t.bishop(king, behind) & bishop_riders;
        let uncovering = if riders_behind & !seen != 0 { seen } else { 0 };
        Some(CheckSquares {
            king,
            direct,
            any_direct,
            uncovering,
        })
    }

    /// Whether the move from `from` to `to` of kind `kind`, after which the mover has walk
    /// index `walk` (a promotion or a mutation), may give check: the new walk is asked from
    /// `to` with `from` left empty (the mover may have left a line it now attacks along).
    #[inline]
    pub fn may_check_as(
        &self,
        p: &BbPosition,
        attacks: &Attacks,
        from: Sq,
        to: Sq,
        kind: MoveKind,
        walk: usize,
    ) -> bool {
        if self.uncovering & bit(from) != 0
            || matches!(kind, MoveKind::Castle(_) | MoveKind::EnPassant)
        {
            return true;
        }
        let occupied = p.occupied() & !bit(from);
        attacks.reach_of(WALKS[walk], self.king, occupied, p.side) & bit(to) != 0
    }

    /// The units of the side to move whose every move may check (they may uncover a line).
    pub fn uncovering(&self) -> u64 {
        self.uncovering
    }

    /// The squares from which some walk of the side to move would check.
    pub fn direct(&self) -> u64 {
        self.any_direct
    }

    /// Whether the move of the unit of walk index `walk` from `from` to `to`, of kind `kind`,
    /// changing walk when `changes_walk`, may give check.
    #[inline]
    pub fn may_check(
        &self,
        p: &BbPosition,
        from: Sq,
        to: Sq,
        kind: MoveKind,
        changes_walk: bool,
    ) -> bool {
        if self.uncovering & bit(from) != 0
            || changes_walk
            || matches!(kind, MoveKind::Castle(_) | MoveKind::EnPassant)
        {
            return true;
        }
        if self.any_direct & bit(to) == 0 {
            return false;
        }
        let from_bit = bit(from);
        // Only orthodox walks here: with a fairy walk there are no check squares (`of`).
        self.direct[..ORTHODOX_COUNT]
            .iter()
            .zip(&p.walks[..ORTHODOX_COUNT])
            .any(|(checks, units)| units & from_bit != 0 && checks & bit(to) != 0)
    }
}
