//! Koeko, AntiKoeko and NewKoeko on the record path: the units that moved must have the
//! neighbours the rule asks for where they end ([`feerie_oracle::rules::KoekoRule`]), and an
//! attack is a check only when the capture would end so.

use crate::bitboard::bits::Bits;
use crate::bitboard::board::BbPosition;
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::MoveRecord;

use super::Game;

impl Game {
    /// Whether `mv`, made from `p` and leading to `after`, leaves its units where the Koeko
    /// rule in force lets them end (every move when none is).
    pub(super) fn koeko_allows(&self, p: &BbPosition, mv: &MoveRecord, after: &BbPosition) -> bool {
        let Some(rule) = self.rules.koeko else {
            return true;
        };
        let before = rule.reads_departure() && self.t.king[mv.from.index()] & p.occupied() != 0;
        let occupied = after.occupied();
        let contact = |sq: Sq| self.t.king[sq] & occupied != 0;
        let rook = mv
            .castling
            .filter(|_| rule.judges_castling_rook())
            .map(|side| side.squares(mv.mover.colour)[3].index());
        std::iter::once(mv.to.index())
            .chain(rook)
            .all(|sq| rule.allows(before, contact(sq)))
    }

    /// The units of `capturers` whose capture of the unit on `taken`, landing on `landing` (the
    /// same square but en passant), ends where the Koeko rule in force lets it (all of them when
    /// none is): the capturer on `landing`, its square and the unit taken gone.
    pub(super) fn koeko_capturers(
        &self,
        p: &BbPosition,
        capturers: u64,
        taken: Sq,
        landing: Sq,
    ) -> u64 {
        let Some(rule) = self.rules.koeko else {
            return capturers;
        };
        let occupied = p.occupied();
        Bits(capturers)
            .filter(|&a| {
                let before = rule.reads_departure() && self.t.king[a] & occupied != 0;
                let after = occupied & !bit(a) & !bit(taken);
                rule.allows(before, self.t.king[landing] & after != 0)
            })
            .fold(0, |set, a| set | bit(a))
    }
}
