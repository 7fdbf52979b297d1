//! Patrol chess, Ultra-Patrol chess and Lortap on the record path: a unit's moves and checks
//! asked whether another unit of its side observes it (the reference engine's `check` and
//! `legality` modules state the rule).

use feerie_oracle::MoveRecord;

use super::Game;
use crate::bitboard::bits::Bits;
use crate::bitboard::board::BbPosition;
use crate::bitboard::tables::{Sq, bit};

impl Game {
    /// Whether another unit of colour index `side` observes `sq` by its walk (under Annan
    /// chess, by the walk it moves by), the units on `occupied` blocking.
    fn supported(&self, p: &BbPosition, sq: Sq, occupied: u64, side: usize) -> bool {
        let observers = match self.rules.annan {
            true => self
                .attacks
                .attackers(&p.annanised(side), sq, occupied, side),
            false => self.attacks.attackers(p, sq, occupied, side),
        };
        observers & !bit(sq) != 0
    }

    /// The units of `units`, of colour index `by`, that may check under Patrol chess,
    /// Ultra-Patrol chess or Lortap: all of them without those conditions.
    pub(super) fn patrolled(&self, p: &BbPosition, units: u64, occupied: u64, by: usize) -> u64 {
        match self.rules.patrol {
            None => units,
            Some(rule) => Bits(units)
                .filter(|&sq| rule.allows(true, self.supported(p, sq, occupied, by)))
                .fold(0, |set, sq| set | bit(sq)),
        }
    }

    /// Whether `mv`, a move of the side to move in `p`, is a move under Patrol chess,
    /// Ultra-Patrol chess or Lortap: always without those conditions.
    pub(super) fn patrol_allows(&self, p: &BbPosition, mv: &MoveRecord) -> bool {
        let Some(rule) = self.rules.patrol else {
            return true;
        };
        let capture = mv.capture.is_some();
        if rule.judges_captures_only() && !capture {
            return true;
        }
        rule.allows(
            capture,
            self.supported(p, mv.from.index(), p.occupied(), p.side),
        )
    }
}
