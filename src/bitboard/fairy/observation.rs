//! Madrasi and Isardam on the record path: units of one walk observing each other (the
//! reference engine's `observation` module states the rule).

use feerie_oracle::rules::ObservationModel;

use super::Game;
use crate::bitboard::bits::Bits;
use crate::bitboard::board::{BbPosition, WALKS, colour_index, walk_at};
use crate::bitboard::rules::promotes_on;
use crate::bitboard::tables::{Sq, bit};

impl Game {
    /// Whether the unit on `sq` is observed by an enemy unit of its walk: one that could take
    /// it by that walk, or, when it is the pawn that has just double-stepped, en passant. A
    /// royal unit is observed only when the model says so (`rex: inclusive`).
    pub(super) fn observed(&self, p: &BbPosition, sq: Sq, model: &ObservationModel) -> bool {
        let unit = bit(sq);
        if p.royal & unit != 0 && !model.royals_observed {
            return false;
        }
        let them = usize::from(p.colours[1] & unit == 0);
        let w = walk_at(p, sq);
        let observers = p.set_of(w) & p.colours[them] & !p.magic;
        if observers == 0 {
            return false;
        }
        let walk = WALKS[w];
        let occupied = p.occupied();
        if self.attacks.reach_of(walk, sq, occupied, them) & observers != 0 {
            return true;
        }
        matches!(p.ep(), Some((target, pawn)) if pawn as Sq == sq
            && walk.is_pawn()
            && self.attacks.reach_of(walk, target as Sq, occupied, them) & observers != 0)
    }

    /// The units of `units` that are not paralysed: all of them unless Madrasi is in force.
    pub(super) fn unparalysed(&self, p: &BbPosition, units: u64) -> u64 {
        match self.rules.observation.filter(|m| m.rule.paralyses()) {
            None => units,
            Some(model) => Bits(units)
                .filter(|&sq| !self.observed(p, sq, &model))
                .fold(0, |set, sq| set | bit(sq)),
        }
    }

    /// Under Madrasi with `paralysed_rook_castling: no`, whether the rook on `sq` is paralysed
    /// and so does not castle.
    pub(super) fn paralysed_rook_stays(&self, p: &BbPosition, sq: Sq) -> bool {
        self.rules
            .observation
            .filter(|m| m.paralysed_rook_stays())
            .is_some_and(|model| self.observed(p, sq, &model))
    }

    /// The Isardam model, if Isardam is in force.
    #[inline]
    fn isardam(&self) -> Option<ObservationModel> {
        self.rules.observation.filter(|m| !m.rule.paralyses())
    }

    /// Under Isardam, whether some unit of `p` is observed: a move that leads there is illegal.
    pub(super) fn any_observed(&self, p: &BbPosition) -> bool {
        self.isardam()
            .is_some_and(|model| Bits(p.occupied()).any(|sq| self.observed(p, sq, &model)))
    }

    /// The units of `attackers` that check the royal unit on `target`: under Isardam, those
    /// whose capture of it would leave no unit observed (a pawn taking on its promotion rank,
    /// as one of its promotions at least); all of them otherwise.
    pub(super) fn capturing_leaves_none_observed(
        &self,
        p: &BbPosition,
        attackers: u64,
        target: Sq,
    ) -> u64 {
        let Some(model) = self.isardam() else {
            return attackers;
        };
        let none_observed = |from: Sq| {
            let capturer = p.piece_at(from).expect("an attacker");
            let colour = colour_index(capturer.colour);
            let walks = if promotes_on(colour, capturer.walk, target) {
                super::promotions(&self.rules, p)
            } else {
                vec![capturer.walk]
            };
            walks.into_iter().any(|w| {
                let mut after = p.clone();
                after.clear(from);
                after.clear(target);
                after.put(target, capturer.with_walk(w));
                after.set_ep(None);
                !Bits(after.occupied()).any(|sq| self.observed(&after, sq, &model))
            })
        };
        Bits(attackers)
            .filter(|&from| none_observed(from))
            .fold(0, |set, sq| set | bit(sq))
    }
}
