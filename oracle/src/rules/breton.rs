//! Breton chess: a capture takes a second unit with it (as Popeye 4.104 defines it in
//! `conditions/breton.c`).
//!
//! After a capture, a unit of the walk of the unit taken, of the side the rule names, is also
//! removed (under Breton Chromatic: changes side). Popeye's default names the capturer's own
//! side (`breton_propre`: the mover may so lose the capturer itself, standing on its arrival
//! square); `Adverse` names the side of the unit taken. When several such units stand, each is
//! a move of its own, the mover choosing; when none stands, the capture is plain. Which units
//! count, and when, is Popeye's implementation quirk: by default (`breton_WinChloe`, as
//! WinChloe defines the rule) they are judged before a capturing pawn promotes, so that a
//! pawn taking a pawn on its last rank may remove itself before promoting; with `PY`
//! (`breton_Popeye`) after it.

use crate::Colour;

/// Which side gives up the second unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BretonSide {
    /// The capturer's side (Popeye's default, `breton_propre`).
    Capturer,
    /// The side of the unit taken (`Adverse`).
    Captured,
}

/// When the units that count are judged: before or after the capturer's promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BretonTime {
    /// Before the promotion (Popeye's default, its `breton_WinChloe` quirk): a capturing pawn
    /// counts as a pawn on its promotion square.
    BeforePromotion,
    /// After the promotion (`PY`, Popeye's `breton_Popeye` quirk).
    AfterPromotion,
}

/// Breton chess, one of its variants.
///
/// ```
/// use feerie_oracle::Colour;
/// use feerie_oracle::rules::{BretonRule, BretonSide, BretonTime};
/// let plain = BretonRule { side: BretonSide::Capturer, chromatic: false, time: BretonTime::BeforePromotion };
/// assert_eq!(plain.side_hit(Colour::White), Colour::White);
/// let adverse = BretonRule { side: BretonSide::Captured, ..plain };
/// assert_eq!(adverse.side_hit(Colour::White), Colour::Black);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BretonRule {
    /// Whose unit goes with the capture.
    pub side: BretonSide,
    /// Chromatic: the unit changes side instead of leaving the board.
    pub chromatic: bool,
    /// When the units that count are judged.
    pub time: BretonTime,
}

impl BretonRule {
    /// The side whose unit goes with a capture made by `mover`.
    #[inline]
    pub fn side_hit(self, mover: Colour) -> Colour {
        match self.side {
            BretonSide::Capturer => mover,
            BretonSide::Captured => !mover,
        }
    }

    /// Popeye's words after `Breton` for this variant, in English (`Adverse`, `Chromatic`,
    /// `PY`, in the order Popeye writes them).
    pub fn popeye_words(self) -> Vec<&'static str> {
        let mut words = Vec::new();
        if self.side == BretonSide::Captured {
            words.push("Adverse");
        }
        if self.chromatic {
            words.push("Chromatic");
        }
        if self.time == BretonTime::AfterPromotion {
            words.push("PY");
        }
        words
    }
}
