//! A setup checked under the rules in force: whether a side is in check is the rules'
//! question, not the orthodox lines'. Under Circe with `rex: inclusive` a royal piece
//! attacked while its rebirth square is free is not in check (its capture would reborn it),
//! and a magic unit gives no check; conditions and fairy walks give checks no orthodox move
//! can (a rebirth that checks beside a discovered check and the capturer's), so that reading
//! is asked of orthodox chess alone. Every position reached by legal play under the rules
//! passes this check; `tests/legal_play.rs` holds it to that.

use crate::position::impossible_check;
use crate::reference::check::in_check;
use crate::{Position, PositionError, Problem, Rules, Setup, Validation};

impl Position {
    /// Checks `setup` as [`Position::new`] does, with the checks read under `rules`.
    ///
    /// ```
    /// use feerie_oracle::{fen, Position, Rules, Validation};
    /// // The black king on e5 is attacked by the rook, and its rebirth square e8 is free: under
    /// // Circe rex inclusive that is no check, so White may be to move.
    /// let setup = fen::parse_setup("8/8/8/4k3/8/8/8/4R1K1 w - - 0 1").unwrap();
    /// assert!(Position::new(setup.clone(), Validation::Strict).is_err());
    /// let rex = Rules::from_words(&["circe"], None, &["rex=inclusive"]).unwrap();
    /// assert!(Position::under_rules(setup.clone(), Validation::Strict, &rex).is_ok());
    /// let circe = Rules::from_words(&["circe"], None, &[] as &[&str]).unwrap();
    /// assert!(Position::under_rules(setup, Validation::Strict, &circe).is_err());
    /// ```
    pub fn under_rules(
        setup: Setup,
        validation: Validation,
        rules: &Rules,
    ) -> Result<Position, PositionError> {
        Position::checked(setup, validation, |setup| checks_under(setup, rules))
    }
}

/// The side not to move in check under `rules`, and, in orthodox chess with orthodox units
/// only, a check no move can give.
fn checks_under(setup: &Setup, rules: &Rules) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mover = setup.side_to_move;
    if in_check(setup, !mover, rules) {
        problems.push(Problem::OpponentInCheck(!mover));
    }
    let plain_units = setup
        .board
        .pieces()
        .all(|(_, p)| !p.walk.is_fairy() && !p.magic && !p.neutral && !p.mutable);
    if rules.is_orthodox() && plain_units && setup.reserve.is_none() {
        problems.extend(impossible_check(setup));
    }
    problems
}
