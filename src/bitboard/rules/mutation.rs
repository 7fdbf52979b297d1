//! Frankfurt and Protean chess (RULES.md §4): the walk a capturer takes.

use feerie_oracle::Walk;
use feerie_oracle::rules::{MutationCastling, PawnDirection, ResolvedRules, Rex, SameWalkCapture};

/// The mutation rule under the switches of a rule set.
#[derive(Clone, Copy, Debug)]
pub struct Mutation {
    /// `mutation_rex: exclusive`: a royal capturer keeps its walk.
    rex_exclusive: bool,
    /// `mutation_castling: every_capture`: a capturer that may mutate counts as a new unit for
    /// the castling rights even when it keeps its walk.
    renews_on_every_capture: bool,
    same_walk: SameWalkCapture,
    pawn_direction: PawnDirection,
}

/// A pawn becomes a reverse pawn and back; the other walks stay.
#[inline]
pub fn flipped(walk: Walk) -> Walk {
    match walk {
        Walk::Pawn => Walk::ReversePawn,
        Walk::ReversePawn => Walk::Pawn,
        other => other,
    }
}

impl Mutation {
    /// The rule as these rules' switches have it.
    pub fn of(rules: &ResolvedRules) -> Mutation {
        Mutation {
            rex_exclusive: rules.mutation_rex == Rex::Exclusive,
            renews_on_every_capture: rules.captures_mutate
                && rules.switches.mutation_castling == MutationCastling::EveryCapture,
            same_walk: rules.switches.same_walk_capture,
            pawn_direction: rules.switches.pawn_direction,
        }
    }

    /// Whether a capturer may change walk: not a royal one under `mutation_rex: exclusive`,
    /// and only a marked one when some unit is marked mutable (`marks_present`).
    #[inline]
    pub fn mutates(&self, mover_royal: bool, marks_present: bool, marked: bool) -> bool {
        !(mover_royal && self.rex_exclusive) && (!marks_present || marked)
    }

    /// Whether a capturer that keeps its walk still counts as a new unit for the castling
    /// rights (`mutation_castling: every_capture`, and it may mutate).
    #[inline]
    pub fn renews(&self, mover_royal: bool, marks_present: bool, marked: bool) -> bool {
        self.renews_on_every_capture && self.mutates(mover_royal, marks_present, marked)
    }

    /// The walk a capturer of walk `mover` takes when it captures a unit of walk `victim`, or
    /// `None` when it keeps its own. A capturer mutates unless it is royal under `mutation_rex:
    /// exclusive`, or some unit is marked mutable (`marks_present`) and it is not (`marked`).
    /// It takes the victim's walk (a pawn's turned into a reverse pawn's and back with
    /// `pawn_direction: opposing`); taking its own walk changes nothing, or turns a pawn into
    /// a reverse pawn and back with `same_walk_capture: flip`.
    #[inline]
    pub fn new_walk(
        &self,
        mover: Walk,
        mover_royal: bool,
        marks_present: bool,
        marked: bool,
        victim: Walk,
    ) -> Option<Walk> {
        if !self.mutates(mover_royal, marks_present, marked) {
            return None;
        }
        let new = if victim == mover {
            match self.same_walk {
                SameWalkCapture::Keep => return None,
                SameWalkCapture::Flip => flipped(mover),
            }
        } else {
            match self.pawn_direction {
                PawnDirection::Own => victim,
                PawnDirection::Opposing => flipped(victim),
            }
        };
        (new != mover).then_some(new)
    }
}
