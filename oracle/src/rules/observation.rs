//! Madrasi and Isardam: units of one walk that observe each other (as Popeye 4.104 defines them
//! in `conditions/madrasi.c` and `conditions/isardam.c`).
//!
//! A unit is *observed* when an enemy unit of its walk could take it by that walk (the
//! geometry alone: an observer that is itself observed still observes). A pawn that has just
//! double-stepped is observed too by an enemy pawn that could take it en passant. A royal unit
//! is never observed unless `rex` is `inclusive` (Popeye's `RexInclusive` after the condition).
//! The two conditions differ in what an observation does:
//!
//! - **Madrasi**: the observed unit is paralysed. It does not move and observes nothing: it gives
//!   no check and guards nothing, but still observes for paralysis.
//! - **Isardam** (Popeye's type A, its default): a move after which some unit is observed is
//!   illegal. A unit checks a royal unit only when taking it would be such a legal move: the
//!   capture must leave no unit observed.

use super::{ParalysedRookCastling, Rex};

/// What an observation between units of one walk does.
///
/// ```
/// use feerie_oracle::rules::ObservationRule;
/// assert!(ObservationRule::Paralyses.paralyses());
/// assert!(!ObservationRule::ForbidsMove.paralyses());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObservationRule {
    /// Madrasi: the observed unit is paralysed.
    Paralyses,
    /// Isardam: a move that leaves a unit observed is illegal.
    ForbidsMove,
}

impl ObservationRule {
    /// Whether an observed unit is paralysed (Madrasi).
    #[inline]
    pub fn paralyses(self) -> bool {
        self == ObservationRule::Paralyses
    }
}

/// Madrasi or Isardam as the engines read it: the rule and whether royal units are observed.
///
/// ```
/// use feerie_oracle::{Condition, Profile, Rules};
/// use feerie_oracle::rules::ObservationRule;
/// let mut rules = Rules::new([Condition::Madrasi], Profile::Popeye).unwrap();
/// let model = rules.observation_model().unwrap();
/// assert_eq!(model.rule, ObservationRule::Paralyses);
/// assert!(!model.royals_observed);
/// rules.set("rex", "inclusive").unwrap();
/// assert!(rules.observation_model().unwrap().royals_observed);
/// assert!(Rules::orthodox().observation_model().is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ObservationModel {
    /// What an observation does.
    pub rule: ObservationRule,
    /// Whether royal units are observed too (`rex: inclusive`).
    pub royals_observed: bool,
    /// Under Madrasi, whether a king that is free castles with a paralysed rook
    /// (`paralysed_rook_castling`).
    pub paralysed_rook_castles: bool,
}

impl ObservationModel {
    /// The model of a condition of this kind under its reading of `rex` and the value of
    /// `paralysed_rook_castling`.
    pub fn new(
        rule: ObservationRule,
        rex: Rex,
        rook_castling: ParalysedRookCastling,
    ) -> ObservationModel {
        ObservationModel {
            rule,
            royals_observed: rex == Rex::Inclusive,
            paralysed_rook_castles: rook_castling == ParalysedRookCastling::Yes,
        }
    }

    /// Whether a rook that is observed stays out of castling: under Madrasi with
    /// `paralysed_rook_castling: no`.
    #[inline]
    pub fn paralysed_rook_stays(&self) -> bool {
        self.rule.paralyses() && !self.paralysed_rook_castles
    }
}
