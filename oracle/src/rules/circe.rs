//! The Circe family as independent choices (RULES.md §1–4).
//!
//! Every Circe variant answers the same questions: which walk the captured unit is reborn
//! with, where it is reborn, when, and what an occupied square does. A variant is a value of
//! [`CirceModel`]; engines implement each answer once, so the variants share every piece of
//! code they have in common.

use super::{Condition, ConditionKind, RebirthOccupied, Rex, Rules};

/// The walk the captured unit is reborn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RebirthWalk {
    /// Its own walk (Plain Circe, Equipollents, Parrain).
    Captured,
    /// The capturer's walk, unless the capturer is royal (Circe Clone).
    Capturer,
}

/// How the rebirth square is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RebirthPlace {
    /// The Plain Circe square of the reborn walk, by the colour of the capture square.
    CirceSquare,
    /// The capture square moved by the capturing move's vector (Equipollents).
    CaptureVector,
    /// The capture square moved by the next move's vector (Parrain).
    NextMoveVector,
}

/// When the captured unit is reborn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RebirthTime {
    /// As part of the capture.
    Immediate,
    /// As part of the next half-move; the unit waits in a reserve meanwhile (Parrain).
    NextMove,
}

/// Which side chooses the walk of a pawn reborn on its promotion rank. Each choice is a
/// separate move record whoever chooses; the side matters to a solver, not to a move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromotionChooser {
    /// The side that made the capture (Equipollents).
    Capturer,
    /// The pawn's own side (Parrain).
    Owner,
}

/// One Circe variant as a combination of choices.
///
/// ```
/// use feerie_oracle::{Condition, Profile, Rules};
/// use feerie_oracle::rules::{RebirthPlace, RebirthTime, RebirthWalk};
/// let clone = Rules::new([Condition::CirceClone], Profile::Documented).unwrap().circe_model().unwrap();
/// assert_eq!(clone.walk, RebirthWalk::Capturer);
/// assert_eq!(clone.place, RebirthPlace::CirceSquare);
/// let parrain = Rules::new([Condition::CirceParrain], Profile::Documented).unwrap().circe_model().unwrap();
/// assert_eq!(parrain.time, RebirthTime::NextMove);
/// assert!(Rules::orthodox().circe_model().is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CirceModel {
    /// Which walk.
    pub walk: RebirthWalk,
    /// Which square.
    pub place: RebirthPlace,
    /// When.
    pub time: RebirthTime,
    /// An occupied square, for immediate rebirths. A Parrain rebirth on an occupied square is
    /// simply lost, as the source page defines it.
    pub occupied: RebirthOccupied,
    /// Whether royal pieces are reborn (immediate rebirths only).
    pub rex: Rex,
    /// Who chooses the promotion of a pawn reborn on its promotion rank.
    pub chooser: PromotionChooser,
}

impl CirceModel {
    /// The model of a Circe-family condition (its rebirth answers as the registry declares
    /// them) with the switches of `rules`; `None` for the conditions outside the family.
    pub fn of(condition: Condition, rules: &Rules) -> Option<CirceModel> {
        CirceModel::with(condition, rules.rebirth_occupied(), rules.circe_rex())
    }

    /// The model of a Circe-family condition with these values of `rebirth_occupied` and of
    /// `rex` as the Circe family reads it; `None` outside the family.
    pub(super) fn with(
        condition: Condition,
        occupied: RebirthOccupied,
        rex: Rex,
    ) -> Option<CirceModel> {
        let ConditionKind::Circe {
            walk,
            place,
            time,
            chooser,
        } = condition.entry().kind
        else {
            return None;
        };
        Some(CirceModel {
            walk,
            place,
            time,
            occupied,
            rex,
            chooser,
        })
    }

    /// True when a royal piece can be captured and reborn (immediate rebirth, `rex: inclusive`).
    pub fn reborn_royals(&self) -> bool {
        self.time == RebirthTime::Immediate && self.rex == Rex::Inclusive
    }
}

impl Rules {
    /// The Circe variant in force, as a combination of choices.
    pub fn circe_model(&self) -> Option<CirceModel> {
        self.resolve().circe
    }
}
