//! Patrol chess, Ultra-Patrol chess and Lortap: what a unit may do depends on whether a unit of
//! its own side observes it (as Popeye 4.104 defines them in `conditions/patrol.c` and
//! `conditions/lortap.c`).
//!
//! A unit is *supported* when another unit of its side could take on its square by its walk
//! (the geometry alone, as a check is read: the supporter need not be supported itself, and
//! royal units support and are supported like any other). The rule reads the board as it
//! stands before the move.
//!
//! - **Patrol chess**: a unit captures, and so checks, only when it is supported.
//! - **Ultra-Patrol chess**: a unit moves at all, and so checks, only when it is supported.
//! - **Lortap**: a unit captures, and so checks, only when it is not supported.

/// Which of a unit's moves its support allows.
///
/// ```
/// use feerie_oracle::rules::PatrolRule;
/// assert!(PatrolRule::Patrol.allows(true, true));
/// assert!(!PatrolRule::Patrol.allows(true, false));
/// assert!(PatrolRule::Patrol.allows(false, false));
/// assert!(!PatrolRule::UltraPatrol.allows(false, false));
/// assert!(PatrolRule::Lortap.allows(true, false));
/// assert!(!PatrolRule::Lortap.allows(true, true));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PatrolRule {
    /// Patrol chess: captures and checks need support.
    Patrol,
    /// Ultra-Patrol chess: every move and check needs support.
    UltraPatrol,
    /// Lortap: captures and checks need the absence of support.
    Lortap,
}

impl PatrolRule {
    /// Whether a unit, `supported` or not, may make a move that is a capture (or a check,
    /// which is a capture's threat) when `capture` is true, or any other move.
    #[inline]
    pub fn allows(self, capture: bool, supported: bool) -> bool {
        match self {
            PatrolRule::Patrol => !capture || supported,
            PatrolRule::UltraPatrol => supported,
            PatrolRule::Lortap => !capture || !supported,
        }
    }

    /// Whether the rule leaves a unit's non-capturing moves alone, so that only captures and
    /// checks ask for its support.
    #[inline]
    pub fn judges_captures_only(self) -> bool {
        self != PatrolRule::UltraPatrol
    }
}
